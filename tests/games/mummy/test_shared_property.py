"""Property: over random games, actions and undos, the table's shared screen and its log never
show a card that the rules keep hidden at that moment.

The table below plays as the table screen does, through the screen's pure view (the seats, the
lines that name a card) and its undo: each action's lines are said once the rules accept it, and
undo goes back to the game and the log as the action found them. An action the rules refuse
(out of turn without the ability, m from a player who is not the Statue) says nothing.
"""

from __future__ import annotations

import random
import re

import attrs
from hypothesis import event, given, settings
from hypothesis import strategies as st

from grimoire.games.mummy import rules, view
from grimoire.games.mummy.guests import ANUBIS, CAT_BURGLAR, MUMMY, PHANTOM
from grimoire.games.mummy.rules import MasqueradeGame, RuleError
from grimoire.games.mummy.undo import Before, undo

NAMES = ("Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
DEEP = settings.default.max_examples > 100
EXAMPLES = 1000 if DEEP else 50
STEPS = 25


def hidden(game: MasqueradeGame) -> set[tuple[str, str]]:
    """(place, guest) of every card the rules keep face-down now: none once the game is won."""
    if game.winner is not None:
        return set()
    seats = {(game.place_name(s), game.guest(s).name) for s in range(game.seats) if s not in game.revealed}
    mystery = {
        (game.place_name(game.seats + k), game.catalogue[g].name)
        for k, g in enumerate(game.setup.mystery)
        if k not in game.mystery_revealed
    }
    return seats | mystery


QUESTION = re.compile(r"are you [^?]*\?")  # an inquiry names a guest, not anyone's card


def shows(line: str, place: str, guest: str) -> bool:
    """Whether ``line`` ties ``guest`` to ``place``: it names both."""
    line = QUESTION.sub("", line)
    return guest in line and re.search(rf"\b{re.escape(place)}\b", line) is not None


@attrs.define
class Table:
    """The table screen's state: the game, the shared log, and what undo goes back to."""

    game: MasqueradeGame
    log: list[str] = attrs.Factory(lambda: ["The night begins."])
    history: list[Before] = attrs.Factory(list)

    def act(self, game: MasqueradeGame, *lines: str) -> None:
        self.history.append(Before(self.game, len(self.log)))
        self.log.extend(lines)
        self.game = game

    def undo(self) -> None:
        event("undid a win" if self.game.winner is not None else "undid an action")
        game, log = undo(self.log, self.history.pop())
        self.game, self.log = game, list(log)

    def check(self) -> None:
        shared = [*view.seats_text(self.game).splitlines(), view.turn_text(self.game), *self.log]
        for place, guest in hidden(self.game):
            shown = [line for line in shared if shows(line, place, guest)]
            assert not shown, (place, guest, shown)


def accusation(game: MasqueradeGame, accuser: int, data: st.DataObject, rng: random.Random,
               ability: rules.Ability | None = None) -> tuple[MasqueradeGame, list[str]]:
    """An accusation as the table makes it: the card revealed, the cards placed (all right, or
    at random), then the winner with every card."""
    lines = [] if accuser in game.revealed else [view.accuses_and_reveals(game, accuser)]
    archeologist = ability is None and rules.accusation_kind(game, accuser) == "archeologist"
    if ability is not None:
        seats = [data.draw(st.sampled_from(rules.reveal_to_targets(game, accuser, ability)))]
    elif archeologist:
        if not game.unrevealed_others(accuser):
            raise RuleError("Nobody face-down to accuse.")
        seats = [data.draw(st.sampled_from(game.unrevealed_others(accuser)))]
    else:
        seats = list(game.unrevealed_others(accuser))
    if archeologist:
        cards = {seats[0]: MUMMY}
    elif data.draw(st.booleans()):
        cards = {s: game.setup.dealt[s] for s in seats}
    else:
        kept = {game.setup.dealt[s] for s in game.revealed | {accuser}}
        pool = [g for g in game.setup.chosen if g not in kept]
        rng.shuffle(pool)
        cards = dict(zip(seats, pool, strict=False))
    after, result = rules.accuse(game, accuser, cards, rng, ability=ability)
    return after, [*lines, *([view.wins(after)] if result.won else [])]


def reveal_to_accusers(game: MasqueradeGame) -> list[int]:
    """Who the table offers an accusation out of turn (as the table screen does), face-down."""
    seats = []
    if game.last_inquiry is not None and PHANTOM in game.setup.chosen:
        seats.append(game.last_inquiry.target)
    if game.last_dance is not None and CAT_BURGLAR in game.setup.chosen:
        seats.extend(game.last_dance.dancers[:2])
    return [s for s in seats if s not in (game.turn, game.anubis_accuses) and s not in game.revealed]


def moves(table: Table) -> list[str]:
    """The actions the table offers now, the rarer ones more often."""
    game = table.game
    offered = ["inquire", "inquire", "accuse", "withdraw"]
    if not game.must_inquire:
        offered += ["dance"] * 3
    if game.refused is not None and game.anubis_accuses is None and ANUBIS in game.setup.chosen:
        offered += ["anubis"] * 3
    if reveal_to_accusers(game):
        offered += ["reveal_to"] * 3
    if table.history:
        offered.append("undo")
    return offered


def step(table: Table, data: st.DataObject, rng: random.Random) -> None:
    game = table.game
    kind = data.draw(st.sampled_from(moves(table)))
    if kind == "undo":
        table.undo()
        return
    turn = game.turn
    assert turn is not None
    if kind == "inquire":
        targets = rules.inquiry_targets(game, turn)
        if targets:
            target = data.draw(st.sampled_from(targets))
            table.act(rules.inquire(game, turn, target, data.draw(st.sampled_from(game.setup.chosen))))
    elif kind == "dance":
        partner = data.draw(st.sampled_from([s for s in range(game.seats) if s != turn]))
        rules.check_dance_request(game, turn, partner)
        accept = data.draw(st.booleans()) or game.guest(partner).must_accept_dance
        after = rules.dance(game, turn, partner, accept)
        # During the dance, seen by the dancers alone: the Picture of Dorian Gray may swap.
        if accept and data.draw(st.booleans()):
            for dancer in (turn, partner):
                try:
                    after = rules.dorian_swap(after, dancer, data.draw(st.integers(0, len(game.setup.mystery) - 1)))
                except RuleError:
                    pass
        table.act(after)
    elif kind == "accuse":
        accuser = game.anubis_accuses if game.anubis_accuses is not None else turn
        after, lines = accusation(game, accuser, data, rng)
        table.act(after, *lines)
    elif kind == "withdraw":  # the accuser revealed, then thought better of it
        accuser = game.anubis_accuses if game.anubis_accuses is not None else turn
        if accuser not in game.revealed and not (accuser == turn and game.must_inquire):
            table.act(rules.reveal(game, accuser), view.accuses_and_reveals(game, accuser))
    elif kind == "reveal_to":
        accuser = data.draw(st.sampled_from(reveal_to_accusers(game)))
        abilities = rules.reveal_to_abilities(game, accuser)  # refused: nothing is said
        event("a reveal-to accusation")
        after, lines = accusation(game, accuser, data, rng, data.draw(st.sampled_from(abilities)))
        table.act(after, *lines)
    else:  # the Statue of Anubis, refused a dance
        anubis = rules.check_anubis_card(game)  # refused: nothing is said
        slots = [k for k in range(len(game.setup.mystery)) if k not in game.mystery_revealed]
        if not slots:
            return
        event("the Statue of Anubis")
        lines = [] if anubis in game.revealed else [view.reveals(game, anubis)]
        slot = data.draw(st.sampled_from(slots))
        after = rules.reveal_mystery(rules.reveal(game, anubis), slot)
        lines.append(view.mystery_revealed(after, slot))
        if data.draw(st.booleans()):
            after, said = accusation(after, anubis, data, rng)
            lines += said
        table.act(after, *lines)


def guests(players: int, rng: random.Random, wanted: tuple[str, ...]) -> tuple[str, ...]:
    """A random choice of guests, with the ``wanted`` ones if a few tries find it."""
    for _ in range(100):
        chosen = rules.random_choice(players, rng)
        if set(wanted) <= set(chosen):
            break
    return chosen


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.integers(4, 8), st.integers(0, 2**32), st.data())
def test_the_shared_screen_and_log_never_show_a_hidden_card(players: int, seed: int, data: st.DataObject) -> None:
    rng = random.Random(seed)
    chosen = guests(players, rng, data.draw(st.sampled_from([(), (ANUBIS,), (PHANTOM, CAT_BURGLAR), (ANUBIS, PHANTOM)])))
    game = rules.MasqueradeGame(rules.deal(NAMES[:players], chosen, rng))
    first = rng.randrange(players)
    if ANUBIS in game.setup.dealt and data.draw(st.booleans()):
        first = game.setup.dealt.index(ANUBIS)  # so that he is often the one refused a dance
    table = Table(rules.first_player(game, first))
    table.check()
    for _ in range(STEPS):
        if table.game.winner is not None:
            if data.draw(st.booleans()):
                break  # the game is over
            table.undo()  # a mistake at the table: the win is taken back
        else:
            try:
                step(table, data, rng)
            except RuleError:
                event("refused")  # the table and its log are as they were
        table.check()
