"""The Phantom of the Opera's keys in scenario files (docs/scenario-format.md): what each
character's night choice and expected answer look like, the day's declarations, and how a game
writes them back. The scenario format asks here (``grimoire.rules.plugins``); players are named
in files and seats in the engine.

Beside the keys every plug-in gives (``ScriptRules.scenario_keys``), the Phantom's say what a day
declares (``DECLARES``), which day key names who dies instead at an execution
(``EXECUTION_CHOICE``), and, for the answers one record does not hold (every Auctioneer's
receipt, the Mirror Keeper's last, whom the Phantom was shown), the night's answers at once
(``written_answers``, ``learned``, ``shown_answer``).
"""

from __future__ import annotations

from typing import Any

from grimoire.core.model import GameState, NightRecord
from grimoire.rules.contract import ScenarioKeys
from grimoire.rules.phantom.state import ARTIFACTS, RECEIPT, own
from grimoire.rules.phantom.told import YES_NO as TOLD_YES_NO

# The night's answer keys and the shape of one answer.
NIGHT_KEYS = {
    "claque": "direction",
    "artifact": "option_and_player",
    "holder": "player",
    "meg": "player_or_keep",
    "trapdoor_keeper": "keep_or_bounce",
    "stage_designer": "player_or_no",
    "raoul_de_chagny": "player",
    "phantom": "player",
    "monsieur_reyer": "player",
    "persian": "player",
    "inspector_mifroid": "players2",
    "madame_giry": "players3",
    "managers": "player_or_decline",
}
LIST_ANSWERS = {"artifact", "inspector_mifroid", "madame_giry"}  # one answer is a list
DAY_KEYS: set[str] = set()  # no day action of two players
# A day's declarations: the key, and the one word it takes (in the order they are declared).
DECLARES = {"christine_daae": "unmask", "ubaldo_piangi": "perform"}
EXECUTION_CHOICE = "managers"  # the day's key: whom the Managers' substitute chose to die instead
REGISTERING: dict[str, str] = {}
YES_NO = ("sorelli", "persian", "usher", "monsieur_reyer")
ANSWERS = (*YES_NO, "inspector_mifroid", "auctioneer", "phantom", "mirror_keeper")
SETUP_TOKENS: dict[str, tuple[str, str]] = {}
# The shape of each character's told answer (grimoire.scenario.told_keys).
TOLD_SHAPES = {c: "yes_no" for c in TOLD_YES_NO} | {
    "inspector_mifroid": "count",
    "mirror_keeper": "player",
    "phantom": "player",
    "auctioneer": "receipt",
}


def expected_answer(character: str, value: Any, player: Any, known: Any, error: type[Exception], where: str) -> Any:
    """An ``expect.answers`` value in the engine's terms (as ``InfoRecord.truth`` holds it)."""
    if character in YES_NO:
        if value not in ("yes", "no", "either"):
            raise error(f"{where}: expected \"yes\", \"no\" or \"either\", got {value!r}")
        return value
    if character == "inspector_mifroid":
        if isinstance(value, int) and not isinstance(value, bool):
            return (value,)
        if isinstance(value, list) and all(isinstance(v, int) for v in value):
            return tuple(sorted(set(value)))
        raise error(f"{where}: expected a number or an array of numbers")
    if character == "auctioneer":
        if not isinstance(value, list):
            raise error(f"{where}: expected [{{ passer = player, first_holder = character_id }}, ...]")
        rows = []
        for row in value:
            if not isinstance(row, dict) or set(row) != {"passer", "first_holder"}:
                raise error(f"{where}: each receipt is {{ passer = player, first_holder = character_id }}")
            if not known(row["first_holder"]):
                raise error(f"{where}: unknown character {row['first_holder']!r}")
            rows.append((player(row["passer"]), row["first_holder"]))
        return rows
    return player(value)  # the Phantom, the Mirror Keeper: a seat


def written_answers(g: GameState, night: NightRecord) -> dict[str, Any]:
    """The night's true answers as a scenario file writes them, in the order they were learned."""
    answers: dict[str, Any] = {}
    for info in night.info:
        c = info.character
        if c in YES_NO:
            answers[c] = info.truth
        elif c == "inspector_mifroid":
            answers[c] = list(info.truth)
        elif c == "auctioneer":
            answers.setdefault(c, []).append({"passer": g.name(info.truth[0]), "first_holder": info.truth[1]})
    receipts = [i for i in night.info if i.character == "mirror_keeper" and i.occasion == RECEIPT]
    if receipts:
        answers["mirror_keeper"] = g.name(receipts[-1].truth)
    shown = own(g).shown.get(night.number)
    if shown is not None:
        answers["phantom"] = g.name(shown)
    return answers


def learned(g: GameState, character: str, night: NightRecord | None) -> list[Any]:
    """What the night learned for ``character``'s expected answer, the last counting (none:
    nothing learned): every Auctioneer's receipt at once, the Mirror Keeper's receipts first,
    whom the Phantom was shown."""
    records = [r for r in night.info if r.character == character] if night is not None else []
    if character == "auctioneer":
        return [[(r.truth[0], r.truth[1]) for r in records]]
    if character == "phantom":
        return [own(g).shown.get(night.number) if night is not None else None]
    if character == "mirror_keeper":
        records = [r for r in records if r.occasion == RECEIPT] or records
    return [r.truth for r in records]


def shown_answer(g: GameState, character: str, value: Any) -> str:
    """An expected or learned answer in the file's own words."""
    if character in ("mirror_keeper", "phantom"):
        return g.name(value)
    if character == "inspector_mifroid":
        return str(value[0]) if len(value) == 1 else str(list(value))
    if character == "auctioneer":
        return "[" + ", ".join(f"{{passer = {g.name(p)}, first_holder = {c}}}" for p, c in value) + "]"
    return str(value)


def registrations(raw: dict[str, Any], error: type[Exception], where: str) -> dict[str, list[bool]]:
    return {}



# --- the artifact's expectations: its holder, and its transfers since the night or day began ---
EXPECT = ("holder", "transfers")
PIECES = ARTIFACTS  # what the night's `artifact` answer names first
PIECE = "artifact_id"  # as a wrong answer's message calls it


def since(g: GameState) -> int:
    """Where the transfers expected count from: the artifact's moves so far."""
    return len(own(g).artifact.history)


def parse_expect(key: str, value: Any, player: Any, error: type[Exception], where: str) -> Any:
    if key == "holder":
        return player(value)
    if not isinstance(value, list):
        raise error(f"{where}: expected [[kind, from, to], ...]")
    rows = []
    for row in value:
        if not (isinstance(row, list) and len(row) == 3 and isinstance(row[0], str)):
            raise error(f"{where}: each transfer is [kind, from, to], got {row!r}")
        rows.append((row[0], player(row[1]), player(row[2])))
    return rows


def check_expect(g: GameState, key: str, want: Any, since: int) -> str | None:
    """What is wrong with the expectation ``key`` (None: it holds)."""
    artifact = own(g).artifact
    if key == "holder":
        return None if artifact.holder == want else f"holder: expected {g.name(want)}, got {g.name(artifact.holder)}"
    got = [(t.kind.value, t.frm, t.to) for t in artifact.history[since:]]
    return None if got == want else f"transfers: expected {_rows(g, want)}, got {_rows(g, got)}"


def written_expect(g: GameState, since: int) -> dict[str, Any]:
    """The artifact's expectations as a scenario file writes them."""
    artifact = own(g).artifact
    out: dict[str, Any] = {}
    if artifact.holder is not None:
        out["holder"] = g.name(artifact.holder)
    out["transfers"] = [[t.kind.value, g.name(t.frm), g.name(t.to)] for t in artifact.history[since:]]
    return out


def _rows(g: GameState, rows: list[tuple[str, int | None, int]]) -> str:
    return "[" + ", ".join(f"[{k}, {g.name(a)}, {g.name(b)}]" for k, a, b in rows) + "]"


class PhantomKeys(ScenarioKeys):
    """The Phantom's keys, as the contract asks them (the tables and functions above)."""

    NIGHT_KEYS = NIGHT_KEYS
    LIST_ANSWERS = LIST_ANSWERS
    DAY_KEYS = DAY_KEYS
    DECLARES = DECLARES
    EXECUTION_CHOICE = EXECUTION_CHOICE
    REGISTERING = REGISTERING
    ANSWERS = ANSWERS
    SETUP_TOKENS = SETUP_TOKENS
    TOLD_SHAPES = TOLD_SHAPES
    EXPECT = EXPECT
    PIECES = PIECES
    PIECE = PIECE
    ANSWERS_AT_ONCE = True  # every Auctioneer's receipt, the Mirror Keeper's last, whom the Phantom was shown
    expected_answer = staticmethod(expected_answer)
    written_answers = staticmethod(written_answers)
    learned = staticmethod(learned)
    shown_answer = staticmethod(shown_answer)
    registrations = staticmethod(registrations)
    since = staticmethod(since)
    parse_expect = staticmethod(parse_expect)
    check_expect = staticmethod(check_expect)
    written_expect = staticmethod(written_expect)


KEYS = PhantomKeys()
