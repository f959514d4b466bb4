"""Random legal tables and games: for rehearsal, property tests and benchmarks."""

from __future__ import annotations

import random
from typing import Any

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.core.script import load_script
from grimoire.core.setup import SetupError, demon_bluffs, random_bag
from grimoire.core.thinks import THINKS, thinks_choices
from grimoire.game import ExecutionAnswerNeeded, Game, IllegalAction, SeatSetup, SetupToken, TableSetup
from grimoire.rules import told as told_rules
from grimoire.rules.contract import DayDeclaration
from grimoire.rules.day import may_vote, on_the_block
from grimoire.rules.plugins import rules_for
from night_order import AnswerKind, Prompt

NAMES = (
    "Ann Ben Cat Dan Eve Fay Gus Hal Ivy Jon Kim Lou Max Ned Oli Pam Quin Rey Sam Tia"
).split()


def random_table(players: int, seed: int | None = None, *, script: str) -> TableSetup:
    """A random legal table of ``players`` on ``script`` (a built-in's id or a file's path)."""
    rng = random.Random(seed)
    sc = load_script(script)
    rules = rules_for(sc)
    bag = random_bag(sc, players, seed=rng.randrange(1 << 30))
    characters = list(bag.characters)
    rng.shuffle(characters)
    thinks = {c: rng.choice(choices) for c in characters if c in THINKS
              and (choices := thinks_choices(sc, c, characters))}  # the Drunk's Townsfolk
    seats = tuple(SeatSetup(NAMES[i], c, thinks=thinks.get(c)) for i, c in enumerate(characters))
    own = rules.random_setup(sc, characters, bag.evil_townsfolk, rng)
    tokens: tuple[SetupToken, ...] = ()
    for ask in rules.setup_asks:  # the reminders the setup places (the red herring), also for who thinks they are it
        if (ask.owner in characters or ask.owner in thinks.values()) and ask.name in sc.character(ask.owner).reminders:
            good = [i for i, c in enumerate(characters) if (sc.team_of(c).is_good or not ask.good)
                    and not (ask.others and c == ask.owner)]
            tokens += (SetupToken(ask.name, ask.owner, rng.choice(good)),)
    bluffs: tuple[str, ...]
    try:
        bluffs = demon_bluffs(sc, [*characters, *thinks.values()], seed=rng.randrange(1 << 30))
    except SetupError:
        bluffs = ()  # a small script: too few good characters out of play
    return TableSetup(seats=seats, script=script, bluffs=bluffs, unseated=bag.unseated, tokens=tokens,
                      script_setup=own)


def random_answer(prompt: Prompt, game: Game, rng: random.Random) -> Any:
    """A random answer that the prompt accepts (None for an acknowledgement)."""
    kind = prompt.kind
    if kind is AnswerKind.ACK:
        return None
    seats = list(prompt.choices)
    for _ in range(200):
        if kind is AnswerKind.PLAYER:
            value: Any = rng.choice(seats)
        elif kind is AnswerKind.CHOICE:
            pool: list[Any] = list(prompt.options) + seats
            value = rng.choice(pool)
        elif kind is AnswerKind.OPTION_AND_PLAYER:
            value = prompt.paired(rng.choice(prompt.options), rng.choice(seats))
        else:
            value = game.rules.likely_answer(game.state, prompt, rng.sample(seats, prompt.count))
        try:
            prompt.validate(value)
        except ValueError:
            continue
        return value
    raise AssertionError(f"no legal answer found for {prompt.title}")


def _declaration(game: Game, offer: DayDeclaration, rng: random.Random) -> ev.Event:
    """A random declaration of what ``offer`` offers: a player, one of its options, or its pairs."""
    g = game.state
    if offer.options:
        return game.rules.declared(g, offer, rng.choice(offer.options)[1])
    if offer.pairs:
        characters = [s.character for s in g.seats]
        pairs = [(rng.randrange(len(g.seats)), rng.choice(characters)) for _ in range(rng.randint(1, offer.pairs))]
        return game.rules.declared(g, offer, pairs)
    target = rng.randrange(len(g.seats)) if offer.names_player else None
    return ev.Declare(offer.seat, offer.character, target=target)


def play_day(game: Game, rng: random.Random) -> None:
    """A random day: declarations, a few nominations and votes, maybe an execution."""
    g = game.state
    owed(game, rng)  # a choice owed since the night (a dead Klutz's): made first, as the day begins
    for offer in game.rules.declarations(g):
        # Only the character's own player declares here (not a Drunk who thinks they are it).
        if offer.refused or g.seats[offer.seat].character != offer.character or game.state.winner is not None:
            continue
        if rng.random() < 0.3 or offer.owed:
            try:
                game.apply(_declaration(game, offer, rng))
            except IllegalAction:
                continue  # a player the rules refuse (a dead one, where the living are chosen)
            if game.state.winner is not None:
                return
    alive = [s.index for s in g.seats if s.alive]
    for _ in range(rng.randint(0, 3)):
        if game.state.winner is not None:
            return
        nominator, nominee = rng.choice(alive), rng.randrange(len(g.seats))
        try:
            game.apply(ev.Nominate(nominator, nominee))
        except IllegalAction:
            continue
        if game.state.winner is not None:  # the Virgin's nominator executed may end it
            return
        dead = game.rules.registers_dead(game.state)
        voters = [s.index for s in game.state.seats if may_vote(game.state, s.index, dead) and rng.random() < 0.6]
        game.apply(ev.Vote(nominee, tuple(voters)))
    block = on_the_block(game.rules, game.state)
    target = block if block is not None else (rng.randrange(len(g.seats)) if rng.random() < 0.5 else None)
    today = game.state.today
    if target is not None and game.state.winner is None and today is not None and today.execution is None:
        try:
            game.apply(ev.Execute(target))
        except ExecutionAnswerNeeded as asked:  # answer what the execution asks only when it asks
            prompt = asked.prompt
            game.apply(ev.Execute(target, answer=rng.choice([*prompt.choices, *prompt.options])))
    owed(game, rng)


def owed(game: Game, rng: random.Random) -> None:
    """The choices the day may not end without (a dead player's), made at random."""
    while game.state.winner is None:
        offer = next((o for o in game.rules.declarations(game.state) if o.owed), None)
        if offer is None:
            return
        for _ in range(100):
            try:
                game.apply(_declaration(game, offer, rng))
                break
            except IllegalAction:
                continue  # a dead player, where a living one is chosen
        else:
            raise AssertionError(f"no legal choice found for {offer.character}")


def random_told(prompt: Any, game: Game, rng: random.Random) -> Any:
    """At a step that tells a player something: nothing said, the truth, or a believable lie."""
    record = prompt.informs
    if not told_rules.tells(record, game.rules):
        return None
    lies = [t.value for t in told_rules.plausible(game.rules, game.state, record)]
    # The app always asks what an impaired player was told, and which of several truths.
    unsaid = [] if (record.impaired or told_rules.open_answer(game.rules, record, game.state)
                    or told_rules.must_lie(game.rules, game.state, record)) else [None]
    given = [told_rules.true_answer(game.rules, record, game.state), *lies]
    # Only what the rules accept (a script's rules may refuse even the truth, where it must be false).
    return rng.choice([*unsaid, *[v for v in given if _accepted(game, record, v)]] or [None])


def _accepted(game: Game, record: Any, value: Any) -> bool:
    try:
        told_rules.check(game.rules, game.state, record, value)
    except told_rules.ToldError:
        return False
    return True


def play_random(game: Game, rng: random.Random, max_nights: int = 12, tell: bool = False) -> Game:
    """Play to the end (or ``max_nights``) with random legal answers and day actions;
    ``tell``: record random told answers too (the truth, or a believable lie)."""
    while game.state.winner is None and game.state.night < max_nights:
        if game.prompt is None:
            if game.state.phase is Phase.DAY and game.state.today is not None and game.state.today.execution is None:
                play_day(game, rng)
                if game.state.winner is not None:
                    break
            game.apply(ev.StartNight())
        while game.prompt is not None:
            told = random_told(game.prompt, game, rng) if tell else None
            game.answer(random_answer(game.prompt, game, rng), told=told)
    return game


def benchmark_game(seed: int, script: str) -> Game:
    """Random game number ``seed`` of the engine benchmark (and of the story property test):
    5 to 15 players, played to the end or to night 20."""
    rng = random.Random(seed)
    return play_random(Game(random_table(rng.randint(5, 15), seed=seed, script=script)), rng, max_nights=20)
