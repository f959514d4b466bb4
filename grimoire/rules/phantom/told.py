"""What a Phantom of the Opera player was told, next to the truth (``grimoire.rules.told`` asks
here for the Phantom's characters): its shape, whether it is true, and the believable false answers.

- Sorelli, the Usher, the Persian, Monsieur Reyer, the Chandelier Rigger: ``"yes"`` or ``"no"``
  (a nod or a shake; the Rigger's "yes" is "your help worked");
- Inspector Mifroid: a finger count, 0, 1 or 2;
- the Mirror Keeper and the Phantom: a seat (where the artifact moved; who holds it);
- the Auctioneer: ``[passer seat, first holder's character id]``.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from grimoire.core.model import Alignment, GameState, InfoRecord
from grimoire.core.script import Team, load_script
from grimoire.rules.cards import ShowCard
from grimoire.rules.contract import ToldShapes
from grimoire.rules.phantom import truths
from grimoire.rules.phantom.names import the_character
from grimoire.rules.phantom.state import own
from grimoire.rules.phantom.status import registers_as
from grimoire.rules.status import team

YES_NO = ("sorelli", "usher", "persian", "monsieur_reyer", "chandelier_rigger")
SEATS = ("mirror_keeper", "phantom")  # told a seat: any seat is an answer the storyteller may give
TELLS = (*YES_NO, "inspector_mifroid", *SEATS, "auctioneer")
TRUTH_AS_TOLD = ("chandelier_rigger", "auctioneer")  # the JSON export's truth: "yes", the receipt


class Shape(ValueError):
    pass


def answerable(record: InfoRecord) -> bool:
    """Whether there is anything to tell (nobody passed the artifact, nobody holds it: nothing)."""
    if record.character == "auctioneer":
        passer, first = record.truth
        return passer is not None and first is not None
    return not (record.character in SEATS and record.truth is None)


def _name(g: GameState, seat: int) -> str:
    return g.seats[seat].name


def check(g: GameState, record: InfoRecord, value: Any, title: str) -> Any:
    """``value`` in canonical form, or Shape saying the shape this step wants."""
    c = record.character
    if c in YES_NO:
        if value not in ("yes", "no"):
            raise Shape(f"{title}: the told answer is \"yes\" or \"no\" (a nod or a shake), not {value!r}")
        return value
    if c == "inspector_mifroid":
        if not _whole(value) or not 0 <= value <= 2:
            raise Shape(f"{title}: the told answer is a finger count, 0, 1 or 2, not {value!r}")
        return value
    if c in SEATS:
        return _seat(g, title, value)
    # the Auctioneer
    if not (isinstance(value, (list, tuple)) and len(value) == 2):
        raise Shape(f"{title}: the told answer is [passer seat, first holder's character], not {value!r}")
    passer = _seat(g, title, value[0])
    script = load_script(g.script_id)
    if not isinstance(value[1], str) or value[1] not in script.by_id:
        raise Shape(f"{title}: the first holder's character {value[1]!r} is not on {script.name}")
    return [passer, value[1]]


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(g: GameState, title: str, value: Any) -> int:
    if not _whole(value) or not 0 <= value < len(g.seats):
        raise Shape(f"{title}: the told answer is a seat, 0 to {len(g.seats) - 1}, not {value!r}")
    return value


def true_answer(g: GameState | None, record: InfoRecord) -> Any:
    """The truth in the told answer's shape (for Mifroid and "either", the first that is true)."""
    c = record.character
    if c == "chandelier_rigger":
        return "yes"
    if c == "inspector_mifroid":
        return record.truth[0]
    if c == "auctioneer":
        return list(record.truth)
    if record.truth == "either":
        return "yes"
    return record.truth


def true_answers(g: GameState | None, record: InfoRecord) -> list[Any]:
    """Every true answer: Mifroid's counts, both for "either"; otherwise the one."""
    c = record.character
    if c == "inspector_mifroid":
        return list(record.truth)
    if c in YES_NO and record.truth == "either":
        return ["yes", "no"]
    return [true_answer(g, record)]


def is_true(record: InfoRecord, value: Any) -> bool:
    c = record.character
    if c == "chandelier_rigger":
        return bool(value == "yes")
    if c == "inspector_mifroid":
        return value in record.truth
    if c == "auctioneer":
        return tuple(value) == tuple(record.truth)
    if c in YES_NO and record.truth == "either":
        return True
    return bool(value == record.truth)


def words(g: GameState, record: InfoRecord, value: Any) -> str:
    """A told answer (or the truth) in the log's words."""
    c = record.character
    if c == "chandelier_rigger":
        return "their help worked" if value == "yes" else "their help did not work"
    if c in SEATS:
        return f"{value + 1} {_name(g, value)}"
    if c == "auctioneer":
        passer, first = value
        first_name = the_character(load_script(g.script_id), first)
        return f"passed by {passer + 1} {_name(g, passer)}, first holder {first_name}" if passer is not None \
            else f"passed by nobody, first holder {first_name}"
    return str(value)


def choice_words(g: GameState, record: InfoRecord, value: Any) -> str:
    """As a picker lists it: Inspector Mifroid's answer is a number of fingers."""
    text = words(g, record, value)
    if record.character == "inspector_mifroid":
        return f"{text} finger" + ("" if value == 1 else "s")
    return text


def truth_words(g: GameState, record: InfoRecord) -> str:
    c = record.character
    if c == "inspector_mifroid":
        return " or ".join(map(str, record.truth))
    if c == "chandelier_rigger":
        return words(g, record, "yes")
    if c == "auctioneer":
        return words(g, record, list(record.truth))
    return words(g, record, record.truth)


# --- the believable lies -----------------------------------------------------------------------
def plausible(g: GameState, record: InfoRecord) -> list[tuple[Any, str]]:
    """The false answers a player could believe, the likeliest first, each with why."""
    c = record.character
    if c in YES_NO:
        return _yes_no(g, record)
    if c == "inspector_mifroid":
        return _mifroid(g, record)
    if c in SEATS:
        return _seats(g, record)
    return _auctioneer(g, record)


def _yes_no(g: GameState, record: InfoRecord) -> list[tuple[Any, str]]:
    truth = true_answer(g, record)
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
    return [(lie, why)]


def _counts(g: GameState, seat: int) -> set[int]:
    """How seat may count for Mifroid now: 1 for an Outsider or evil, 0 for good."""
    if team(g, seat) is Team.OUTSIDER:
        return {1}
    return {1 if a is Alignment.EVIL else 0 for a in registers_as(g, seat)}


def _mifroid(g: GameState, record: InfoRecord) -> list[tuple[Any, str]]:
    true = set(record.truth)
    about = [a for a in record.about if 0 <= a < len(g.seats)]
    out = []
    lies = sorted(set(range(3)) - true, key=lambda n: (min(abs(n - t) for t in true), n))
    for n in lies:
        out.append((n, _mifroid_why(g, about, n, min(true, key=lambda t: abs(n - t)))))
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


def _seats(g: GameState, record: InfoRecord) -> list[tuple[Any, str]]:
    truth = record.truth
    out: list[tuple[Any, str]] = []
    if record.character == "mirror_keeper":
        target = own(g).mirror_target
        if target is not None and target != truth and target != record.seat:  # as usual (A4)
            out.append((target, "the Mirror target: what a sober Mirror Keeper is told"))
        pool = [s.index for s in g.seats if s.alive and s.index not in (truth, record.seat, target)]
        good = [i for i in pool if Alignment.GOOD in registers_as(g, i)]
        good.sort(key=lambda i: (_ring_distance(g, i, truth if truth is not None else i), i))
        out += [(i, "a living player who registers as good, as a Mirror target is") for i in good]
        return out
    # the Phantom is shown the holder: believable are those who held it tonight, then neighbours
    held = []
    for t in own(g).artifact.history:
        if t.night == g.night:
            for s in (t.frm, t.to):
                if s is not None and s not in held and s not in (truth, record.seat):
                    held.append(s)
    out += [(i, "held the artifact tonight") for i in held]
    rest = [s.index for s in g.seats if s.alive and s.index not in (truth, record.seat, *held)]
    rest.sort(key=lambda i: (_ring_distance(g, i, truth if truth is not None else i), i))
    out += [(i, "sits near the holder") for i in rest[:4]]
    return out


def _auctioneer(g: GameState, record: InfoRecord) -> list[tuple[Any, str]]:
    passer, first = record.truth
    me = record.seat
    out: list[tuple[Any, str]] = []
    others = []
    for t in own(g).artifact.history:
        if t.night == g.night:
            for s in (t.frm, t.to):
                if s is not None and s not in others and s not in (passer, me):
                    others.append(s)
    out += [([s, first], "another player who held the artifact tonight, as the passer") for s in others]
    near = [s.index for s in g.seats if s.index not in (passer, me, *others)]
    near.sort(key=lambda i: (_ring_distance(g, i, me if me is not None else i), i))
    out += [([s, first], "a neighbour, as the passer") for s in near[:2]]
    script = load_script(g.script_id)
    for bluff in g.bluffs:
        if bluff != first and bluff in script.by_id:
            out.append(([passer, bluff], "a Demon bluff, as the first holder's character"))
    return out


class PhantomTold(ToldShapes):
    """The Phantom's told answers, as the contract asks them (the functions above)."""

    TELLS = TELLS
    Shape = Shape
    SEATS = SEATS
    TRUTH_AS_TOLD = TRUTH_AS_TOLD
    answerable = staticmethod(answerable)
    check = staticmethod(check)
    true_answer = staticmethod(true_answer)
    true_answers = staticmethod(true_answers)
    is_true = staticmethod(is_true)
    words = staticmethod(words)
    choice_words = staticmethod(choice_words)
    truth_words = staticmethod(truth_words)
    plausible = staticmethod(plausible)

    def card(self, g: GameState, record: InfoRecord, value: Any) -> ShowCard:
        from grimoire.rules.phantom.cards import told_card

        own = told_card(g, record, value)  # the artifact's steps show their own cards
        return own if own is not None else super().card(g, record, value)


TOLD = PhantomTold()
