"""Voice of the Mummy: the tomb's state and every rule of seed 002, as pure functions.

The board's geometry is not known (the rules give no map), so an explorer's position is its
level only; the family moves the pieces and tells the app what happened. Every function takes a
frozen ``Tomb`` and returns a new one, or raises ``RuleError`` quoting the seed rule.
Pure: no Textual, no Rich.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from grimoire.games.voice import quotes
from grimoire.games.voice.commands import SILENCE, Effect, MummyCommand


class Level(enum.IntEnum):
    BOTTOM = 0
    MIDDLE = 1
    TOP = 2

    @property
    def label(self) -> str:
        return ("lower", "middle", "top")[self]


CAPACITY: Mapping[Level, int] = {Level.BOTTOM: 12, Level.MIDDLE: 8, Level.TOP: 6}
TOTAL_PRECIOUS = sum(CAPACITY.values())  # 26
COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
PRECIOUS_POINTS = 1
GREAT_JEWEL_POINTS = 5
COBRA_POINTS = -5


class RuleError(ValueError):
    """An action the seed rules forbid; ``quote`` is the rule's text, also in the message."""

    def __init__(self, reason: str, quote: str) -> None:
        super().__init__(f'{reason} The rules: "{quote}"')
        self.reason = reason
        self.quote = quote


DIE_FACES = 6


@attrs.frozen
class Explorer:
    colour: str
    level: Level = Level.BOTTOM
    precious: int = 0
    great_jewel: bool = False
    cobra: bool = False
    player: str = ""  # the explorer's name, if the family gave one; the colour always shows
    # Rule 7.2: on a new level (steps or a command) and not yet moved along it for a turn.
    fresh_level: bool = False

    @property
    def name(self) -> str:
        colour = self.colour.capitalize()
        return f"{self.player} ({colour})" if self.player else colour


@attrs.frozen
class Turn:
    """What the active explorer has already done this turn (one move, one landing)."""

    collected: bool = False
    landed: bool = False
    spoke: bool = False
    changed_level: bool = False
    throw: int | None = None  # the die, when the app threw it


@attrs.frozen
class Tomb:
    explorers: tuple[Explorer, ...]
    part: int = 1
    board: tuple[int, int, int] = (CAPACITY[Level.BOTTOM], CAPACITY[Level.MIDDLE], CAPACITY[Level.TOP])
    great_jewel_on_mummy: bool = True
    cobra_on_mummy: bool = True
    active: int = 0
    turn: Turn = Turn()
    pending: MummyCommand | None = None  # spoken, not yet carried out
    last_command: MummyCommand | None = None
    heard_by: int | None = None  # who the last command was spoken to
    ender: int | None = None
    news: str = ""  # one line saying what the last action did, for the session log

    @property
    def finished(self) -> bool:
        return self.ender is not None

    @property
    def current(self) -> Explorer:
        return self.explorers[self.active]

    def jewels_on(self, level: Level) -> int:
        return self.board[level]

    def free_spaces(self, level: Level) -> int:
        return CAPACITY[level] - self.board[level]


# --- helpers -------------------------------------------------------------------------------


def _replace(explorers: tuple[Explorer, ...], index: int, **changes: Any) -> tuple[Explorer, ...]:
    return tuple(attrs.evolve(e, **changes) if i == index else e for i, e in enumerate(explorers))


def _set_board(board: tuple[int, int, int], level: Level, value: int) -> tuple[int, int, int]:
    values = list(board)
    values[level] = value
    return (values[0], values[1], values[2])


def _check_open(tomb: Tomb) -> None:
    if tomb.finished:
        ender = tomb.explorers[tomb.ender or 0]
        raise RuleError(f"The game is over: {ender.name} came home.", quotes.GAME_END)


def _check_no_pending(tomb: Tomb) -> None:
    if tomb.pending is not None:
        raise RuleError(
            f"{tomb.current.name} must first do as the Mummy commanded "
            f'("{tomb.pending.text}").',
            quotes.MUMMY_HEAD,
        )


def _check_moved(tomb: Tomb) -> None:
    """What a move ended on, and the steps at its end, come after the move: the die first."""
    if tomb.turn.throw is None:
        raise RuleError(
            f"{tomb.current.name} has not moved yet this turn: throw the die first.", quotes.DIE
        )


def _check_turn_not_over(tomb: Tomb) -> None:
    """The steps end the turn: nothing more of this move is done on the new level."""
    if tomb.turn.changed_level:
        raise RuleError(
            f"{tomb.current.name} took the steps: the turn is over.", quotes.END_OF_TURN
        )


def _check_opponent(tomb: Tomb, target: int) -> None:
    if not 0 <= target < len(tomb.explorers) or target == tomb.active:
        raise RuleError("Choose an opponent explorer, not yourself.", quotes.LAND)


# --- setup ---------------------------------------------------------------------------------


def clean_name(text: str) -> str:
    """A typed name as shown: no control characters, single spaces."""
    return " ".join("".join(ch if ch.isprintable() else " " if ch.isspace() else ""
                            for ch in text).split())


def new_tomb(colours: Sequence[str], names: Sequence[str] = (), first: int = 0) -> Tomb:
    """Explorers clockwise, with their names ("" for none); ``first`` threw the high roll.
    All start on the lower level."""
    if not 2 <= len(colours) <= 4:
        raise RuleError(f"{len(colours)} explorer(s) chosen; the game needs 2 to 4.", quotes.PLAYERS)
    unknown = [c for c in colours if c not in COLOURS]
    if unknown:
        raise RuleError(
            f"{', '.join(unknown)} is not an explorer colour ({', '.join(COLOURS)}).",
            quotes.TEMPLES,
        )
    if len(set(colours)) != len(colours):
        raise RuleError("Each explorer needs a colour of its own.", quotes.TEMPLES)
    players = [clean_name(n) for n in names] or [""] * len(colours)
    if len(players) != len(colours):
        raise RuleError("Give one name per explorer (or none).", quotes.TEMPLES)
    seen: set[str] = set()
    for player in filter(None, players):
        if player.casefold() in seen:
            raise RuleError(f"Two explorers are both called {player}.", quotes.TEMPLES)
        seen.add(player.casefold())
    if not 0 <= first < len(colours):
        raise RuleError("The first explorer must be one of the explorers.", quotes.DIE)
    explorers = tuple(Explorer(c, player=p) for c, p in zip(colours, players, strict=True))
    who = ", ".join(e.name for e in explorers)
    return Tomb(explorers, active=first,
                news=f"New game: {who} enter the tomb on the lower level.")


# --- the die -------------------------------------------------------------------------------


def throw(rng: random.Random) -> int:
    return rng.randint(1, DIE_FACES)


@attrs.frozen
class HighRoll:
    """Each round's throws as (explorer, number); the ties of a round throw again."""

    rounds: tuple[tuple[tuple[int, int], ...], ...]
    winner: int


def high_roll(count: int, rng: random.Random) -> HighRoll:
    """"High roll of die goes first": every explorer throws, the tied highest again."""
    contenders = list(range(count))
    rounds: list[tuple[tuple[int, int], ...]] = []
    while True:
        throws = tuple((i, throw(rng)) for i in contenders)
        rounds.append(throws)
        best = max(n for _, n in throws)
        contenders = [i for i, n in throws if n == best]
        if len(contenders) == 1:
            return HighRoll(tuple(rounds), contenders[0])


def describe_high_roll(tomb: Tomb, roll: HighRoll) -> str:
    rounds = "; again: ".join(
        ", ".join(f"{tomb.explorers[i].name} {n}" for i, n in throws) for throws in roll.rounds
    )
    return f"High roll: {rounds}. {tomb.explorers[roll.winner].name} starts."


def throw_die(tomb: Tomb, rng: random.Random) -> Tomb:
    """The active explorer throws the die for this turn's move."""
    _check_open(tomb)
    _check_no_pending(tomb)
    me = tomb.current
    if tomb.turn.throw is not None:
        raise RuleError(f"{me.name} has already thrown a {tomb.turn.throw} this turn.", quotes.DIE)
    return _thrown(tomb, throw(rng))


def record_throw(tomb: Tomb, n: int) -> Tomb:
    """The active explorer threw a real die, which showed ``n``."""
    _check_open(tomb)
    _check_no_pending(tomb)
    if tomb.turn.throw is not None:
        raise RuleError(
            f"{tomb.current.name} has already thrown a {tomb.turn.throw} this turn.", quotes.DIE
        )
    if not 1 <= n <= DIE_FACES:
        raise RuleError(f"A die shows 1 to {DIE_FACES}, not {n}.", quotes.DIE)
    return _thrown(tomb, n)


def _thrown(tomb: Tomb, n: int) -> Tomb:
    me = tomb.current
    way = "clockwise" if tomb.part == 1 else "one way, clockwise or counter-clockwise"
    return attrs.evolve(
        tomb,
        turn=attrs.evolve(tomb.turn, throw=n),
        news=f"{me.name} throws a {n}: move {n} {way}.",
    )


# --- Part I and II actions -----------------------------------------------------------------


def collect_jewel(tomb: Tomb) -> Tomb:
    """The active explorer ended his move on a Precious Jewel space of his level."""
    _check_open(tomb)
    _check_no_pending(tomb)
    _check_moved(tomb)
    _check_turn_not_over(tomb)
    me = tomb.current
    if tomb.turn.collected:
        raise RuleError(f"{me.name} has already collected a jewel with this move.", quotes.COLLECT)
    left = tomb.board[me.level]
    if left == 0:
        raise RuleError(
            f"No Precious Jewel is left on the {me.level.label} level.", quotes.COLLECT
        )
    return attrs.evolve(
        tomb,
        explorers=_replace(tomb.explorers, tomb.active, precious=me.precious + 1),
        board=_set_board(tomb.board, me.level, left - 1),
        turn=attrs.evolve(tomb.turn, collected=True),
        news=f"{me.name} collects a Precious Jewel on the {me.level.label} level.",
    )


def landing_targets(tomb: Tomb) -> tuple[int, ...]:
    """The opponents the active explorer's move can end on: those on his level."""
    me = tomb.current
    return tuple(
        i for i, e in enumerate(tomb.explorers) if i != tomb.active and e.level == me.level
    )


def land_on(tomb: Tomb, targets: Sequence[int], cobra_to: int | None = None) -> Tomb:
    """The active explorer's move ended on the space of these opponents.

    Part II: the Great Jewel's holder gives only the Great Jewel; a lander holding the Cobra
    passes it to the opponent (``cobra_to`` says which one when he landed on several).
    """
    _check_open(tomb)
    _check_moved(tomb)
    _check_turn_not_over(tomb)
    me = tomb.current
    if tomb.turn.landed:
        raise RuleError(f"{me.name} has already landed on opponents with this move.", quotes.LAND)
    if not targets:
        if not landing_targets(tomb):
            raise RuleError(
                f"No opponent is on the {me.level.label} level with {me.name}.", quotes.LAND
            )
        raise RuleError("Choose at least one opponent on that space.", quotes.LAND)
    if len(set(targets)) != len(targets):
        raise RuleError("Each opponent on the space counts once.", quotes.LAND)
    for target in targets:
        _check_opponent(tomb, target)
        other = tomb.explorers[target]
        if other.level != me.level:
            raise RuleError(
                f"{other.name} is on the {other.level.label} level, {me.name} on the "
                f"{me.level.label}: a move ends on a space of its own level.",
                quotes.LAND,
            )
    passes_cobra = tomb.part == 2 and me.cobra
    if passes_cobra:
        if cobra_to is None and len(targets) == 1:
            cobra_to = targets[0]
        if cobra_to not in targets:
            raise RuleError("Say which of these opponents receives the Cobra.", quotes.COBRA_PASSES)
    explorers = list(tomb.explorers)
    gained = 0
    took_great = False
    said: list[str] = []
    for target in targets:
        other = explorers[target]
        if tomb.part == 2 and other.great_jewel:
            explorers[target] = attrs.evolve(other, great_jewel=False)
            took_great = True
            said.append(f"the Great Jewel from {other.name}")
        elif other.precious > 0:
            explorers[target] = attrs.evolve(other, precious=other.precious - 1)
            gained += 1
            said.append(f"a Precious Jewel from {other.name}")
        else:
            said.append(f"nothing from {other.name} (no jewels, no penalty)")
    lander = explorers[tomb.active]
    explorers[tomb.active] = attrs.evolve(
        lander,
        precious=lander.precious + gained,
        great_jewel=lander.great_jewel or took_great,
        cobra=lander.cobra and not passes_cobra,
    )
    news = f"{me.name} lands on {len(targets)} opponent(s) and takes " + "; ".join(said) + "."
    if passes_cobra and cobra_to is not None:
        explorers[cobra_to] = attrs.evolve(explorers[cobra_to], cobra=True)
        news += f" The Cobra and its spell pass to {explorers[cobra_to].name}."
    return attrs.evolve(
        tomb,
        explorers=tuple(explorers),
        turn=attrs.evolve(tomb.turn, landed=True),
        news=news,
    )


def change_level(tomb: Tomb, step: int) -> Tomb:
    """At the end of his turn on a corner or step space the explorer goes up (+1) or down (-1):
    after his move ("He cannot change his mind at the beginning of his next turn"), so the first
    moves are all on the lower level."""
    _check_open(tomb)
    _check_no_pending(tomb)
    _check_moved(tomb)
    if step not in (1, -1):
        raise RuleError("An explorer changes by one level at a time.", quotes.CHANGE_LEVEL)
    me = tomb.current
    if tomb.turn.changed_level:
        raise RuleError(f"{me.name} has already changed level this turn.", quotes.CHANGE_LEVEL)
    if me.fresh_level:
        raise RuleError(
            f"{me.name} has not yet moved along the {me.level.label} level for a turn.",
            quotes.CHANGE_LEVEL,
        )
    new = me.level + step
    if not Level.BOTTOM <= new <= Level.TOP:
        where = "above the top" if step > 0 else "below the lower"
        raise RuleError(f"There is no level {where} level.", quotes.THREE_LEVELS)
    level = Level(new)
    return attrs.evolve(
        tomb,
        explorers=_replace(tomb.explorers, tomb.active, level=level, fresh_level=True),
        turn=attrs.evolve(tomb.turn, changed_level=True),
        news=f"{me.name} takes the steps {'up' if step > 0 else 'down'} to the {level.label} level.",
    )


def take_great_jewel(tomb: Tomb) -> Tomb:
    """The active explorer landed by exact count on a Great Jewel space of the top level."""
    _check_open(tomb)
    _check_no_pending(tomb)
    _check_moved(tomb)
    _check_turn_not_over(tomb)
    me = tomb.current
    if not tomb.great_jewel_on_mummy:
        raise RuleError(
            "The Great Jewel has already been collected from the Mummy.", quotes.GREAT_JEWEL_TAKEN
        )
    if tomb.board[Level.TOP] > 0:
        raise RuleError(
            f"{tomb.board[Level.TOP]} Precious Jewel(s) still lie on the top level.",
            quotes.GREAT_JEWEL_LOCKED,
        )
    if me.level != Level.TOP:
        raise RuleError(
            f"{me.name} is on the {me.level.label} level; the Great Jewel spaces are on the top.",
            quotes.GREAT_JEWEL_SPACE,
        )
    if tomb.turn.collected:
        raise RuleError(
            f"{me.name}'s move ended on a Precious Jewel space, not on a Great Jewel space.",
            quotes.GREAT_JEWEL_SPACE,
        )
    return attrs.evolve(
        tomb,
        explorers=_replace(tomb.explorers, tomb.active, great_jewel=True, cobra=True),
        great_jewel_on_mummy=False,
        cobra_on_mummy=False,
        part=2,
        news=(
            f"{me.name} collects the Great Jewel, and the Cobra with its Evil Spell. "
            "Part I ends: Part II begins, the record is turned over."
        ),
    )


def go_home(tomb: Tomb) -> Tomb:
    """The active explorer reached his temple's home corner by exact count: the game ends."""
    _check_open(tomb)
    _check_no_pending(tomb)
    _check_moved(tomb)
    _check_turn_not_over(tomb)
    me = tomb.current
    if tomb.part == 1:
        raise RuleError("The race home is Part II, after the Great Jewel is taken.", quotes.PART_TWO)
    if me.cobra:
        raise RuleError(
            f"{me.name} holds the Cobra and must pass it on before coming home.",
            quotes.COBRA_BLOCKS_END,
        )
    if me.level != Level.BOTTOM:
        raise RuleError(
            f"{me.name} is on the {me.level.label} level; the temples' corners are on the lower.",
            quotes.FIRST_MOVES,
        )
    explorers = list(tomb.explorers)
    gained = 0
    took_great = False
    said: list[str] = []
    for i, other in enumerate(explorers):
        if i == tomb.active:
            continue
        if other.precious > 0:
            explorers[i] = attrs.evolve(other, precious=other.precious - 1)
            gained += 1
            said.append(f"{other.name} a Precious Jewel")
        elif other.great_jewel:
            explorers[i] = attrs.evolve(other, great_jewel=False)
            took_great = True
            said.append(f"{other.name} the Great Jewel")
        else:
            said.append(f"{other.name} nothing (no jewels)")
    explorers[tomb.active] = attrs.evolve(
        me, precious=me.precious + gained, great_jewel=me.great_jewel or took_great
    )
    return attrs.evolve(
        tomb,
        explorers=tuple(explorers),
        ender=tomb.active,
        news=f"{me.name} comes home and ends the game. Bonus: " + "; ".join(said) + ".",
    )


def next_explorer(tomb: Tomb, step: int = 1) -> Tomb:
    """End the turn: play passes clockwise (``step=-1`` goes back, to fix a mistaken turn)."""
    _check_open(tomb)
    _check_no_pending(tomb)
    active = (tomb.active + step) % len(tomb.explorers)
    explorers = tomb.explorers
    if step > 0:  # his turn's move is along the level he came to (going back is a correction)
        explorers = _replace(explorers, active, fresh_level=False)
    return attrs.evolve(
        tomb,
        explorers=explorers,
        active=active,
        turn=Turn(),
        news=f"{tomb.explorers[active].name}'s turn.",
    )


# --- the Voice -----------------------------------------------------------------------------


def forbidden_reason(tomb: Tomb, command: MummyCommand) -> RuleError | None:
    """Why the Mummy may not give this command to the active explorer now (None: allowed)."""
    me = tomb.current
    if tomb.part not in command.parts:
        side = "Part II" if tomb.part == 1 else "Part I"
        if command.effect is Effect.RECEIVE_SPELL and tomb.part == 1:
            return RuleError("In Part I the Cobra is still in the Mummy's head.", quotes.COBRA_SETUP)
        return RuleError(f"That command belongs to {side}.", quotes.GREAT_JEWEL_TAKEN)
    if command.effect is Effect.RECEIVE_SPELL and tomb.cobra_on_mummy:
        return RuleError("The Cobra is still in the Mummy's head.", quotes.COBRA_SETUP)
    if command.effect in (Effect.GIVE_BACK, Effect.GIVE_TO_OPPONENT) and me.precious == 0:
        return RuleError(f"{me.name} has no Precious Jewels.", quotes.NO_JEWELS_TO_GIVE)
    if command.effect is Effect.MOVE_DOWN and me.level == Level.BOTTOM:
        return RuleError(f"{me.name} is on the bottom level.", quotes.NOT_DOWN)
    if command.effect is Effect.MOVE_UP and me.level == Level.TOP:
        return RuleError(f"{me.name} is on the top level.", quotes.NOT_UP)
    return None


def allowed_commands(tomb: Tomb, commands: Sequence[MummyCommand]) -> tuple[MummyCommand, ...]:
    return tuple(c for c in commands if forbidden_reason(tomb, c) is None)


def choose_command(
    tomb: Tomb, commands: Sequence[MummyCommand], rng: random.Random
) -> MummyCommand:
    """A random command the special rules allow right now, by weight; silence if none is."""
    allowed = allowed_commands(tomb, commands)
    if not allowed:
        return SILENCE
    return rng.choices(allowed, weights=[c.weight for c in allowed], k=1)[0]


def mummy_speaks(tomb: Tomb, commands: Sequence[MummyCommand], rng: random.Random) -> Tomb:
    """The active explorer landed on a Mummy's head and pressed the switch."""
    _check_open(tomb)
    _check_no_pending(tomb)
    _check_moved(tomb)
    _check_turn_not_over(tomb)
    me = tomb.current
    if tomb.turn.spoke:
        raise RuleError(f"{me.name} has already heard the Mummy with this move.", quotes.MUMMY_HEAD)
    command = choose_command(tomb, commands, rng)
    pending = None if command.effect is Effect.NO_EFFECT else command
    return attrs.evolve(
        tomb,
        pending=pending,
        last_command=command,
        heard_by=tomb.active,
        turn=attrs.evolve(tomb.turn, spoke=True),
        news=f'The Mummy speaks to {me.name}: "{command.text}"',
    )


def needs(tomb: Tomb) -> str | None:
    """What carrying out the pending command needs from the players: an opponent or a level."""
    if tomb.pending is None:
        return None
    if tomb.pending.effect in (Effect.TAKE_FROM_OPPONENT, Effect.GIVE_TO_OPPONENT):
        return "opponent"
    if tomb.pending.effect is Effect.GIVE_BACK:
        return "level"
    return None


def resolve(tomb: Tomb, target: int | None = None, level: Level | None = None) -> Tomb:
    """Carry out the pending command for the active explorer."""
    _check_open(tomb)
    command = tomb.pending
    if command is None:
        raise RuleError("The Mummy has given no command to carry out.", quotes.MUMMY_HEAD)
    refusal = forbidden_reason(tomb, command)
    if refusal is not None:
        raise refusal
    me = tomb.current
    explorers = tomb.explorers
    board = tomb.board
    turn = tomb.turn
    effect = command.effect
    if effect in (Effect.TAKE_FROM_OPPONENT, Effect.GIVE_TO_OPPONENT):
        if target is None:
            raise RuleError("Choose the opponent.", quotes.MUMMY_HEAD)
        _check_opponent(tomb, target)
        other = explorers[target]
        if effect is Effect.GIVE_TO_OPPONENT:
            explorers = _replace(explorers, tomb.active, precious=me.precious - 1)
            explorers = _replace(explorers, target, precious=other.precious + 1)
            news = f"{me.name} gives a Precious Jewel to {other.name}."
        elif other.precious > 0:
            explorers = _replace(explorers, tomb.active, precious=me.precious + 1)
            explorers = _replace(explorers, target, precious=other.precious - 1)
            news = f"{me.name} takes a Precious Jewel from {other.name}."
        else:
            news = f"{other.name} has no Precious Jewel to take; nothing happens."
    elif effect is Effect.GIVE_BACK:
        if level is None:
            raise RuleError("Choose the level to put the jewel back on.", quotes.NO_JEWELS_TO_GIVE)
        if tomb.free_spaces(level) == 0:
            raise RuleError(
                f"Every Precious Jewel space on the {level.label} level is full.",
                quotes.NO_JEWELS_TO_GIVE,
            )
        explorers = _replace(explorers, tomb.active, precious=me.precious - 1)
        board = _set_board(board, level, board[level] + 1)
        news = f"{me.name} gives a Precious Jewel back to the {level.label} level."
    elif effect in (Effect.MOVE_UP, Effect.MOVE_DOWN):
        new_level = Level(me.level + (1 if effect is Effect.MOVE_UP else -1))
        explorers = _replace(explorers, tomb.active, level=new_level, fresh_level=True)
        turn = attrs.evolve(turn, collected=False)  # rule 4: may collect on the new space
        news = (
            f"{me.name} moves to the space directly {'above' if effect is Effect.MOVE_UP else 'below'}"
            f", on the {new_level.label} level."
        )
    elif effect is Effect.RETURN_TO_TEMPLE:
        moved = me.level != Level.BOTTOM
        explorers = _replace(
            explorers, tomb.active, level=Level.BOTTOM, fresh_level=me.fresh_level or moved
        )
        news = f"{me.name} returns to the starting corner space, on the lower level."
    elif effect is Effect.RECEIVE_SPELL:
        holder = next((i for i, e in enumerate(explorers) if e.cobra), None)
        if holder == tomb.active:
            news = f"{me.name} already holds the Cobra and must keep it."
        else:
            if holder is not None:
                explorers = _replace(explorers, holder, cobra=False)
            explorers = _replace(explorers, tomb.active, cobra=True)
            news = f"{me.name} receives the Cobra and its Evil Spell."
    else:
        news = "Nothing happens."
    return attrs.evolve(tomb, explorers=explorers, board=board, turn=turn, pending=None, news=news)


# --- scores --------------------------------------------------------------------------------


def score(explorer: Explorer) -> int:
    return (
        PRECIOUS_POINTS * explorer.precious
        + (GREAT_JEWEL_POINTS if explorer.great_jewel else 0)
        + (COBRA_POINTS if explorer.cobra else 0)
    )


def scores(tomb: Tomb) -> tuple[int, ...]:
    return tuple(score(e) for e in tomb.explorers)


def winners(tomb: Tomb) -> tuple[int, ...]:
    """Everyone with the top score: equal top scores share the win (a decision: the rules leave ties open)."""
    values = scores(tomb)
    best = max(values)
    return tuple(i for i, v in enumerate(values) if v == best)


def precious_total(tomb: Tomb) -> int:
    return sum(tomb.board) + sum(e.precious for e in tomb.explorers)
