"""What a Trouble Brewing player was told, next to the truth (``grimoire.rules.told`` asks
here for TB's characters): its shape, whether it is true, and the believable false answers.

- the Chef, the Empath: a number;
- the Fortune Teller: "yes" or "no" (where a registration allows either, the one given is the
  storyteller's choice, and the record keeps it);
- the Washerwoman, the Librarian, the Investigator: ``[player, player, character_id]``, or
  "zero" for the Librarian;
- the Undertaker, the Ravenkeeper: a character id (the truth: every character a Recluse or a
  Spy may register as, where they may).
"""

from __future__ import annotations

from typing import Any

import attrs

from grimoire.core.freetext import a_or_an
from grimoire.core.model import GameState, InfoRecord
from grimoire.core.script import Team, load_script
from grimoire.rules.cards import Block, ShowCard, seat_words, told_card
from grimoire.rules.contract import ToldShapes
from grimoire.rules.tb.truths import by_player, either

NUMBERS = ("chef", "empath")
YES_NO = ("fortuneteller",)
PINGS = {"washerwoman": Team.TOWNSFOLK, "librarian": Team.OUTSIDER, "investigator": Team.MINION}
CHARACTERS = ("undertaker", "ravenkeeper")
TELLS = (*NUMBERS, *YES_NO, *PINGS, *CHARACTERS)


class Shape(ValueError):
    pass


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check(g: GameState, record: InfoRecord, value: Any, title: str) -> Any:
    """``value`` in canonical form, or Shape saying the shape this step wants."""
    c = record.character
    script = load_script(g.script_id)
    if c in NUMBERS:
        if not _whole(value) or not 0 <= value <= len(g.seats):
            raise Shape(f"{title}: the told answer is a number, not {value!r}")
        return value
    if c in YES_NO:
        if value not in ("yes", "no"):
            raise Shape(f"{title}: the told answer is \"yes\" or \"no\" (a nod or a shake), not {value!r}")
        return value
    if c in CHARACTERS:
        if not isinstance(value, str) or value not in script.by_id:
            raise Shape(f"{title}: the told answer is a character on {script.name}, not {value!r}")
        return value
    # "zero" is the Librarian's to be told, and anyone's whose truth it is (a Washerwoman with no
    # other Townsfolk at the table).
    zero_told = c == "librarian" or record.truth == "zero" or "zero" in record.truth
    if zero_told and value == "zero":
        return value
    ok = (isinstance(value, (list, tuple)) and len(value) == 3 and all(_whole(v) and 0 <= v < len(g.seats)
          for v in value[:2]) and value[0] != value[1] and isinstance(value[2], str) and value[2] in script.by_id)
    if not ok:
        zero = ', or "zero"' if zero_told else ""
        raise Shape(f"{title}: the told answer is [player, player, character]{zero}, not {value!r}")
    return [value[0], value[1], value[2]]


def true_answer(g: GameState | None, record: InfoRecord) -> Any:
    """The truth in the told answer's shape (for a list of possibilities, the first)."""
    c, truth = record.character, record.truth
    if c in NUMBERS:
        return truth[0]
    if c in YES_NO:
        return "yes" if truth == "either" else truth
    if c in PINGS and truth != "zero":
        return _ping(g, record, *truth[0])  # the pings come first, "zero" (when also true) last
    return _shown(truth)[0] if c in CHARACTERS else truth


def _shown(truth: Any) -> tuple[str, ...]:
    """The Undertaker's or the Ravenkeeper's true characters: one, or each a registration allows."""
    return truth if isinstance(truth, tuple) else (truth,)


def _ping(g: GameState | None, record: InfoRecord, seat: int, character: str) -> list[Any]:
    """``seat`` shown as ``character``, beside the first other player (never the one told)."""
    n = len(g.seats) if g is not None else max(seat, record.seat or 0) + 2
    other = next(i for i in range(n) if i not in (seat, record.seat))
    return [seat, other, character]


def true_answers(g: GameState | None, record: InfoRecord) -> list[Any]:
    """Every true answer where the rules allow several: each possible number, both "yes" and
    "no" for "either", each valid ping (every Townsfolk in play may be the Washerwoman's, and
    a registering Spy or Recluse adds more); otherwise the one ``true_answer`` gives."""
    c, truth = record.character, record.truth
    if c in NUMBERS:
        return list(truth)
    if c in PINGS and truth != "zero":
        return [p if p == "zero" else _ping(g, record, *p) for p in truth]
    if c in CHARACTERS:
        return list(_shown(truth))
    if c in YES_NO and truth == "either":
        return ["yes", "no"]
    return [true_answer(g, record)]


def is_true(record: InfoRecord, value: Any) -> bool:
    c, truth = record.character, record.truth
    if c in NUMBERS:
        return value in truth
    if c in YES_NO:
        return truth == "either" or bool(value == truth)
    if c in PINGS:
        if truth == "zero" or value == "zero":
            return bool(value == truth) or (value == "zero" and "zero" in truth)
        return any((s, value[2]) in truth for s in value[:2])
    return value in _shown(truth)


def words(g: GameState, record: InfoRecord, value: Any) -> str:
    c = record.character
    script = load_script(g.script_id)
    if c in CHARACTERS:
        return f"the {script.character(value).name}"
    if c in PINGS and value != "zero":
        a, b, character = value
        return f"{a + 1} {g.seats[a].name} or {b + 1} {g.seats[b].name} is the {script.character(character).name}"
    return str(value)


def group_words(g: GameState, record: InfoRecord, value: Any) -> tuple[str, str] | None:
    """A ping as (its players, its character): the true pings that point at the same players
    differ only in what a misregistering player is shown as, and a list says them once."""
    if record.character not in PINGS or value == "zero":
        return None
    a, b, character = value
    return f"{a + 1} {g.seats[a].name} or {b + 1} {g.seats[b].name}", load_script(g.script_id).character(character).name


def truth_words(g: GameState, record: InfoRecord) -> str:
    c, truth = record.character, record.truth
    if c in NUMBERS:
        return " or ".join(map(str, truth))
    if c in PINGS and truth != "zero":
        script = load_script(g.script_id)
        zero = ["zero (as they register)"] if "zero" in truth else []
        return "; ".join([f"{s + 1} {g.seats[s].name} is "
                          f"{either([script.character(c).name for c in cs])}{' (as they register)' if len(cs) > 1 else ''}"
                          for s, cs in by_player(truth)] + zero)
    if c in CHARACTERS:
        return " or ".join(words(g, record, ch) for ch in _shown(truth))
    return words(g, record, truth)


def plausible(g: GameState, record: InfoRecord) -> list[tuple[Any, str]]:
    """(false answer, why a player could believe it), the likeliest first."""
    c, truth = record.character, record.truth
    script = load_script(g.script_id)
    in_play = {s.character for s in g.seats}
    if c in NUMBERS:
        top = 2 if c == "empath" else len(g.seats) // 2
        lies = sorted(set(range(top + 1)) - set(truth), key=lambda n: (min(abs(n - t) for t in truth), n))
        return [(n, "one off the truth" if min(abs(n - t) for t in truth) == 1 else "") for n in lies]
    if c in YES_NO:
        if truth == "either":
            return []
        return [("no" if truth == "yes" else "yes", "as if the Demon (or the red herring) were chosen"
                 if truth == "no" else "as if neither were the Demon nor the red herring")]
    if c in CHARACTERS:
        shown = _shown(truth)
        bluffs = [b for b in g.bluffs if b not in shown and b in script.by_id]
        team = script.team_of(shown[0]) if shown[0] in script.by_id else Team.TOWNSFOLK
        same = [ch.id for ch in script.characters if ch.team is team and ch.id not in shown and ch.id not in bluffs]
        return [(b, "a Demon bluff") for b in bluffs] + [(ch, f"another {team.label}") for ch in same[:3]]
    team = PINGS[c]
    out: list[tuple[Any, str]] = []
    if c == "librarian" and truth != "zero" and "zero" not in truth:
        out.append(("zero", "as if no Outsider were in play"))
    others = [s.index for s in g.seats if s.index != record.seat and not s.traveller]
    missing = [ch.id for ch in script.characters if ch.team is team and ch.id not in in_play]
    for character in missing[:3]:
        if len(others) >= 2:
            out.append(([others[0], others[1], character], f"{a_or_an(team.label)} not in play"))
    return [o for o in out if not is_true(record, o[0])]  # a Recluse may make one of them true


def card(g: GameState, record: InfoRecord, value: Any) -> ShowCard:
    """A ping as the two players and the character (one of them is it), a character by its name."""
    c = record.character
    script = load_script(g.script_id)
    if c in CHARACTERS:
        return told_card(g, record, script.character(value).name)
    if c in PINGS and value != "zero":
        a, b, character = value
        shown = told_card(g, record, seat_words(g, a), seat_words(g, b))
        return attrs.evolve(shown, label=f"{shown.label.split(':')[0]}: {words(g, record, value)}", blocks=(
            *shown.blocks, Block("headline", "One of them is the"), Block("big", script.character(character).name)))
    return told_card(g, record, "Zero" if value == "zero" else str(value))


class TroubleBrewingTold(ToldShapes):
    """Trouble Brewing's told answers, as the contract asks them (the functions above)."""

    TELLS = TELLS
    Shape = Shape
    check = staticmethod(check)
    true_answer = staticmethod(true_answer)
    true_answers = staticmethod(true_answers)
    is_true = staticmethod(is_true)
    words = staticmethod(words)
    group_words = staticmethod(group_words)
    truth_words = staticmethod(truth_words)
    plausible = staticmethod(plausible)
    card = staticmethod(card)


TOLD = TroubleBrewingTold()
