"""What a player was actually told, next to the truth: its shape, and the believable lies.

At a step that tells a player something the storyteller may record the answer actually given
(``Answer.told``). Its shape depends on the character:

- Sorelli, the Usher, the Persian, Monsieur Reyer, the Chandelier Rigger: ``"yes"`` or ``"no"``
  (a nod or a shake; the Rigger's "yes" is "your help worked");
- Inspector Mifroid: a finger count, 0, 1 or 2;
- the Mirror Keeper and the Phantom: a seat (where the artifact moved; who holds it);
- the Auctioneer: ``[passer seat, first holder's character id]``.

``plausible`` works out the false answers a storyteller could believably give, from the state,
each with the reason that would make it believable, the likeliest first. Pure: no UI.
"""

from __future__ import annotations

from typing import Any


from grimoire.core.model import Alignment, GameState, InfoRecord
from grimoire.core.script import Team, load_script
from grimoire.rules import info as truths
from grimoire.rules.status import registers_as, team
from grimoire.rules import plugins
from grimoire.core.value import frozen

# A rules plug-in's information characters have their own shapes (its ``told`` module): a record
# is the plug-in's when its character is one the plug-in tells (only its rules make records of them).

YES_NO = ("sorelli", "usher", "persian", "monsieur_reyer", "chandelier_rigger")
SEATS = ("mirror_keeper", "phantom")
TELLS = (*YES_NO, "inspector_mifroid", *SEATS, "auctioneer")


class ToldError(ValueError):
    """A told answer of the wrong shape for its step; the message says which shape."""


@frozen
class Told:
    """One answer the storyteller might give, and why a player could believe it."""

    value: Any
    why: str = ""


def tells(record: InfoRecord | None) -> bool:
    """Whether the step of ``record`` tells a player something a told answer can replace."""
    if record is not None and plugins.tells(record.character):
        return True
    return record is not None and record.character in TELLS and not _unanswerable(record)


def _unanswerable(record: InfoRecord) -> bool:
    if record.character == "auctioneer":
        passer, first = record.truth
        return passer is None or first is None
    return record.character in SEATS and record.truth is None


def _name(g: GameState, seat: int) -> str:
    return g.seats[seat].name


def check(g: GameState, record: InfoRecord | None, value: Any, step: str = "this step") -> Any:
    """``value`` in its canonical form, or ToldError saying the shape this step wants."""
    if record is None or not tells(record):
        raise ToldError(f"{step}: nothing is told to a player here, so no told answer can be recorded")
    c = record.character
    title = _title(g, c)
    own = plugins.told_for(c)
    if own is not None:
        try:
            return own.check(g, record, value, title)
        except own.Shape as exc:
            raise ToldError(str(exc)) from None
    if c in YES_NO:
        if value not in ("yes", "no"):
            raise ToldError(f"{title}: the told answer is \"yes\" or \"no\" (a nod or a shake), not {value!r}")
        return value
    if c == "inspector_mifroid":
        if not _whole(value) or not 0 <= value <= 2:
            raise ToldError(f"{title}: the told answer is a finger count, 0, 1 or 2, not {value!r}")
        return value
    if c in SEATS:
        return _seat(g, title, value)
    # the Auctioneer
    if not (isinstance(value, (list, tuple)) and len(value) == 2):
        raise ToldError(f"{title}: the told answer is [passer seat, first holder's character], not {value!r}")
    passer = _seat(g, title, value[0])
    script = load_script(g.script_id)
    if not isinstance(value[1], str) or value[1] not in script.by_id:
        raise ToldError(f"{title}: the first holder's character {value[1]!r} is not on {script.name}")
    return [passer, value[1]]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(g: GameState, title: str, value: Any) -> int:
    if not _whole(value) or not 0 <= value < len(g.seats):
        raise ToldError(f"{title}: the told answer is a seat, 0 to {len(g.seats) - 1}, not {value!r}")
    return value


def _title(g: GameState, character: str) -> str:
    return load_script(g.script_id).character(character).name


def true_answer(record: InfoRecord, g: GameState | None = None) -> Any:
    """The truth in the told answer's shape (for Mifroid and "either", the first that is true)."""
    c = record.character
    own = plugins.told_for(c)
    if own is not None:
        return own.true_answer(g, record)
    if c == "chandelier_rigger":
        return "yes"
    if c == "inspector_mifroid":
        return record.truth[0]
    if c == "auctioneer":
        return list(record.truth)
    if record.truth == "either":
        return "yes"
    return record.truth


def true_answers(record: InfoRecord, g: GameState | None = None) -> list[Any]:
    """Every true answer, in the told answer's shape: where the registration rules allow
    several (a Recluse or a Spy in play, "either"), each of them; otherwise the one."""
    c = record.character
    own = plugins.told_for(c)
    if own is not None:
        return own.true_answers(g, record)
    if c == "inspector_mifroid":
        return list(record.truth)
    if c in YES_NO and record.truth == "either":
        return ["yes", "no"]
    return [true_answer(record, g)]


def open_answer(record: InfoRecord, g: GameState | None = None) -> bool:
    """Several answers are true ("1 or 2" for Mifroid, "either"): which one the player was
    told is the storyteller's to say, for the record to pin it."""
    return tells(record) and len(true_answers(record, g)) > 1


def is_true(record: InfoRecord, value: Any) -> bool:
    """Whether ``value`` is a true answer (an answer the registration rules allow counts)."""
    c = record.character
    own = plugins.told_for(c)
    if own is not None:
        return own.is_true(record, value)
    if c == "chandelier_rigger":
        return value == "yes"
    if c == "inspector_mifroid":
        return value in record.truth
    if c == "auctioneer":
        return tuple(value) == tuple(record.truth)
    if c in YES_NO and record.truth == "either":
        return True
    return value == record.truth


def given(record: InfoRecord) -> Any:
    """What the player was given: the told answer if recorded, the truth if the player was
    sober (the storyteller gives the truth), None if impaired and not said (unknown)."""
    if record.told is not None:
        return record.told
    return None if record.impaired else true_answer(record)


def words(g: GameState, record: InfoRecord, value: Any) -> str:
    """A told answer (or the truth) in the log's words."""
    c = record.character
    own = plugins.told_for(c)
    if own is not None:
        return own.words(g, record, value)
    if c == "chandelier_rigger":
        return "their help worked" if value == "yes" else "their help did not work"
    if c in SEATS:
        return f"{value + 1} {_name(g, value)}"
    if c == "auctioneer":
        passer, first = value
        first_name = load_script(g.script_id).character(first).name if first else "nobody"
        return f"passed by {passer + 1} {_name(g, passer)}, first holder the {first_name}" if passer is not None \
            else f"passed by nobody, first holder the {first_name}"
    return str(value)


def truth_words(g: GameState, record: InfoRecord) -> str:
    c = record.character
    own = plugins.told_for(c)
    if own is not None:
        return own.truth_words(g, record)
    if c == "inspector_mifroid":
        return " or ".join(map(str, record.truth))
    if c == "chandelier_rigger":
        return words(g, record, "yes")
    if c == "auctioneer":
        return words(g, record, list(record.truth))
    return words(g, record, record.truth)


# --- the believable lies -----------------------------------------------------------------------
def plausible(g: GameState, record: InfoRecord) -> list[Told]:
    """The false answers a player could believe, the likeliest first (none when every answer
    would be true, e.g. "either")."""
    c = record.character
    if not tells(record):
        return []
    own = plugins.told_for(c)
    if own is not None:
        return [Told(value, why) for value, why in own.plausible(g, record)]
    if c in YES_NO:
        return _yes_no(g, record)
    if c == "inspector_mifroid":
        return _mifroid(g, record)
    if c in SEATS:
        return _seats(g, record)
    return _auctioneer(g, record)


def _yes_no(g: GameState, record: InfoRecord) -> list[Told]:
    truth = true_answer(record)
    if record.character != "chandelier_rigger" and record.truth == "either":
        return []
    lie = "no" if truth == "yes" else "yes"
    about = _name(g, record.about[0]) if record.about else "the player"
    why = {
        "sorelli": {"yes": "as if a living neighbour held the artifact",
                    "no": "as if neither living neighbour held the artifact"},
        "usher": {"yes": "as if the artifact had come closer to the Phantom since the last dawn",
                  "no": "as if the artifact had not come closer to the Phantom"},
        "persian": {"yes": f"as if {about} registered as the holder's alignment",
                    "no": f"as if {about} registered as the other alignment"},
        "monsieur_reyer": {"yes": f"as if {about} were drunk or poisoned",
                           "no": f"as if {about} were sober and healthy"},
        "chandelier_rigger": {"yes": "", "no": "as if the Phantom's attack had failed"},
    }[record.character][lie]
    return [Told(lie, why)]


def _counts(g: GameState, seat: int) -> set[int]:
    """How seat may count for Mifroid now: 1 for an Outsider or evil, 0 for good."""
    if team(g, seat) is Team.OUTSIDER:
        return {1}
    return {1 if a is Alignment.EVIL else 0 for a in registers_as(g, seat)}


def _mifroid(g: GameState, record: InfoRecord) -> list[Told]:
    true = set(record.truth)
    about = [a for a in record.about if 0 <= a < len(g.seats)]
    out = []
    lies = sorted(set(range(3)) - true, key=lambda n: (min(abs(n - t) for t in true), n))
    for n in lies:
        out.append(Told(n, _mifroid_why(g, about, n, min(true, key=lambda t: abs(n - t)))))
    return out


def _mifroid_why(g: GameState, about: list[int], told: int, near: int) -> str:
    if len(about) != 2:
        return ""
    if told > near:  # players counted 0 would have to count
        who = [a for a in about if 0 in _counts(g, a)][: told - near] or about[: told - near]
        what = "registered as evil"
    else:
        who = [a for a in about if 1 in _counts(g, a)][: near - told] or about[: near - told]
        what = "registered as good and not an Outsider"
    names = " and ".join(_name(g, a) for a in who)
    return f"as if {names} {what}" if len(who) == 1 else f"as if both {names} {what}"


def _ring_distance(g: GameState, a: int, b: int) -> int:
    return truths.seat_distance(g, a, b, alive_only=False)


def _seats(g: GameState, record: InfoRecord) -> list[Told]:
    truth = record.truth
    out: list[Told] = []
    if record.character == "mirror_keeper":
        target = g.mirror_target
        if target is not None and target != truth and target != record.seat:  # as usual (A4)
            out.append(Told(target, "the Mirror target: what a sober Mirror Keeper is told"))
        pool = [s.index for s in g.seats if s.alive and s.index not in (truth, record.seat, target)]
        good = [i for i in pool if Alignment.GOOD in registers_as(g, i)]
        good.sort(key=lambda i: (_ring_distance(g, i, truth if truth is not None else i), i))
        out += [Told(i, "a living player who registers as good, as a Mirror target is") for i in good]
        return out
    # the Phantom is shown the holder: believable are those who held it tonight, then neighbours
    held = []
    for t in g.artifact.history:
        if t.night == g.night:
            for s in (t.frm, t.to):
                if s is not None and s not in held and s not in (truth, record.seat):
                    held.append(s)
    out += [Told(i, "held the artifact tonight") for i in held]
    rest = [s.index for s in g.seats if s.alive and s.index not in (truth, record.seat, *held)]
    rest.sort(key=lambda i: (_ring_distance(g, i, truth if truth is not None else i), i))
    out += [Told(i, "sits near the holder") for i in rest[:4]]
    return out


def _auctioneer(g: GameState, record: InfoRecord) -> list[Told]:
    passer, first = record.truth
    me = record.seat
    out: list[Told] = []
    others = []
    for t in g.artifact.history:
        if t.night == g.night:
            for s in (t.frm, t.to):
                if s is not None and s not in others and s not in (passer, me):
                    others.append(s)
    out += [Told([s, first], "another player who held the artifact tonight, as the passer") for s in others]
    near = [s.index for s in g.seats if s.index not in (passer, me, *others)]
    near.sort(key=lambda i: (_ring_distance(g, i, me if me is not None else i), i))
    out += [Told([s, first], "a neighbour, as the passer") for s in near[:2]]
    script = load_script(g.script_id)
    for bluff in g.bluffs:
        if bluff != first and bluff in script.by_id:
            out.append(Told([passer, bluff], "a Demon bluff, as the first holder's character"))
    return out
