"""Sects & Violets' keys in scenario files (docs/rules/sects-and-violets.md, "Scenario files"):
each night prompt under the asking character's official id (a Philosopher's gained one under
``philosopher_<id>``), the day's public acts, and the expectations of its own: the characters
players have now, who is mad about what, the steps the Vortox made false. Players are named in
files and seats in the engine."""

from __future__ import annotations

from typing import Any

from grimoire.core.events import Declare
from grimoire.core.model import GameState, InfoRecord, NightRecord
from grimoire.rules.contract import ScenarioKeys
from grimoire.rules.snv import CHARACTERS, step_key

GAINED = ("snakecharmer", "dreamer", "seamstress", "juggler", "oracle", "flowergirl", "towncrier", "sage",
          "mathematician", "clockmaker")
NIGHT_KEYS = {
    "philosopher": "snv_character", "snakecharmer": "player", "witch": "player", "cerenovus": "snv_guess",
    "pithag": "snv_guess", "twin": "player", "fanggu": "player", "nodashii": "player", "vortox": "player",
    "vigormortis": "player", "vigormortis_poison": "player", "pithag_deaths": "player", "barber": "snv_pair",
    "sweetheart": "player", "dreamer": "player", "seamstress": "snv_pair",
    "philosopher_snakecharmer": "player", "philosopher_dreamer": "player", "philosopher_seamstress": "snv_pair",
}
LIST_ANSWERS = {"cerenovus", "pithag", "barber", "seamstress", "philosopher_seamstress"}
SHAPES = ("snv_character", "snv_guess", "snv_players", "snv_pair")
# The Pit-Hag's deaths are named one at a time, then none: [] and the end of the list are the silence.
OPTIONAL = {"philosopher": "none", "pithag_deaths": "none", "barber": "none", "seamstress": "none", "philosopher_seamstress": "none"}
DAY_KEYS = {"klutz", "savant", "mad_execute", "sweetheart", "artist"}
DAY_EVENTS = {"juggler"}  # the Juggler's guesses: [[player, character_id], ...]
AFTER_NOMINATIONS = ("mad_execute", "sweetheart")  # the madness execution, then the Sweetheart it killed
NUMBERS = ("clockmaker", "oracle", "juggler", "mathematician")
YES_NO = ("flowergirl", "towncrier", "seamstress")
ANSWERS = (*NUMBERS, *YES_NO, "dreamer", "sage", *(f"philosopher_{c}" for c in GAINED))
SETUP_TOKENS = {"twin": ("Twin", "eviltwin")}
EXPECT = ("characters", "mad", "false_info")
TOLD_SHAPES = {**{c: "number" for c in NUMBERS}, **{c: "yes_no" for c in YES_NO}, "dreamer": "characters",
               "sage": "player"}
TOLD_SHAPES |= {f"philosopher_{c}": s for c, s in list(TOLD_SHAPES.items())}


def _base(character: str) -> str:
    return character.removeprefix("philosopher_")


def answer(shape: str, value: Any, player: Any, error: type[Exception], where: str) -> Any:
    if shape == "snv_character":
        if value not in CHARACTERS:
            raise error(f"{where}: expected a character id of Sects & Violets, got {value!r}")
        return value
    if shape == "snv_guess":
        if not (isinstance(value, list) and len(value) == 2 and value[1] in CHARACTERS):
            raise error(f"{where}: expected [player, character_id], got {value!r}")
        return [player(value[0]), value[1]]
    if shape == "snv_players":
        if not isinstance(value, list):
            raise error(f"{where}: expected an array of players, got {value!r}")
        return [player(v) for v in value] if value else "none"
    if shape == "snv_pair":
        if not (isinstance(value, list) and len(value) == 2):
            raise error(f"{where}: expected [player, player], got {value!r}")
        return [player(v) for v in value]
    raise AssertionError(shape)


def expected_answer(character: str, value: Any, player: Any, known: Any, error: type[Exception], where: str) -> Any:
    base = _base(character)
    if base in NUMBERS:
        if not isinstance(value, int) or isinstance(value, bool):
            raise error(f"{where}: expected a number")
        return value
    if base in YES_NO:
        if value not in ("yes", "no"):
            raise error(f"{where}: expected \"yes\" or \"no\"")
        return value
    if base == "dreamer":
        if not (isinstance(value, str) and known(value)):
            raise error(f"{where}: expected a character id")
        return value
    return player(value)


def learned(g: GameState, character: str, night: NightRecord | None) -> list[Any]:
    """What the night learned at ``character``'s step (``philosopher_<id>``: the Philosopher's gained one)."""
    return [r.truth for r in (night.info if night is not None else ())
            if step_key(r.character, r.occasion) == character]


def told_key(record: InfoRecord) -> str:
    return step_key(record.character, record.occasion)


def written_answer(g: GameState, record: InfoRecord) -> Any:
    if _base(record.character) == "sage":
        return g.name(record.truth)
    return record.truth


def shown_answer(g: GameState, character: str, value: Any) -> str:
    return g.name(value) if _base(character) == "sage" and isinstance(value, int) else str(value)


def pairs(value: Any, player: Any, error: type[Exception], where: str) -> list[tuple[int, int]]:
    """The day's acts as (seat, seat): a player chosen twice (the Klutz's choice, the
    Sweetheart's drunk, a madness execution); the Savant's two statements' truth as (1 | 0, 1 | 0);
    the Artist's question as (0, 0)."""
    if value is True:
        return [(0, 0)]
    if isinstance(value, str):
        x = player(value)
        return [(x, x)]
    if isinstance(value, list) and len(value) == 2 and all(v in ("true", "false") for v in value):
        return [(int(value[0] == "true"), int(value[1] == "true"))]
    raise error(f"{where}: expected a player, [\"true\" | \"false\", \"true\" | \"false\"] or true, got {value!r}")


def day_event(key: str, value: Any, player: Any, error: type[Exception], where: str) -> Any:
    from grimoire.rules.snv.events import JugglerGuesses

    ok = isinstance(value, list) and 1 <= len(value) <= 5 and all(
        isinstance(v, list) and len(v) == 2 and v[1] in CHARACTERS for v in value)
    if not ok:
        raise error(f"{where}: expected up to 5 guesses [[player, character_id], ...], got {value!r}")
    return JugglerGuesses(tuple((player(p), c) for p, c in value))


def written_day_act(g: GameState, event: Any) -> tuple[str, Any] | None:
    """A day act as a file writes it: (key, value). The Juggler's guesses and the Savant's visit
    name nobody: the file's are the living Juggler's and Savant's (or the Philosopher's who gained it)."""
    from grimoire.rules.snv.events import JugglerGuesses, SavantVisit

    if isinstance(event, JugglerGuesses):
        return "juggler", [[g.name(p), c] for p, c in event.guesses]
    if isinstance(event, SavantVisit):
        return "savant", ["true" if event.first else "false", "true" if event.second else "false"]
    if not isinstance(event, Declare):
        return None
    character, target = event.character, event.target
    if character in ("klutz", "sweetheart") and target is not None:
        return character, g.name(target)
    if character in ("mad_execute", "cerenovus", "mutant"):
        return "mad_execute", g.name(target if target is not None else event.seat)
    if character == "artist":
        return "artist", True
    if character == "savant":
        return "savant", ["true" if event.seat == 1 else "false", "true" if target == 1 else "false"]
    return None


def after_execution(g: GameState, event: Any) -> bool:
    """The Sweetheart's drunk and the Klutz's choice wait for the execution when it kills them."""
    from grimoire.rules.snv.impair import state

    character = getattr(event, "character", None)
    if character == "sweetheart":
        return not state(g).sweetheart_owed
    if character == "klutz":
        return not state(g).klutz_owed
    return False


def parse_expect(key: str, value: Any, player: Any, error: type[Exception], where: str) -> Any:
    if key == "false_info":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise error(f"{where}: expected an array of steps")
        return sorted(value)
    if not isinstance(value, dict):
        raise error(f"{where}: expected {{ player = character_id }}")
    out = {}
    for name, character in value.items():
        if character not in CHARACTERS:
            raise error(f"{where}: {name}: expected a character id of Sects & Violets, got {character!r}")
        out[player(name)] = character
    return out


def check_expect(g: GameState, key: str, want: Any, since: int) -> str | None:
    from grimoire.rules.snv.impair import state

    st = state(g)
    if key == "false_info":
        got = sorted(st.false_info)
        return None if got == want else f"false_info: expected {want}, got {got}"
    if key == "characters":
        wrong = [f"{g.name(x)}: expected {c}, got {g.seats[x].character}" for x, c in want.items()
                 if g.seats[x].character != c]
        return "characters: " + "; ".join(wrong) if wrong else None
    if key == "mad":
        mad = {x: c for x, (c, _night) in st.mad.items()}
        if mad != want:
            return f"mad: expected {_mad_words(g, want)}, got {_mad_words(g, mad)}"
        return None
    return f"{key}: no expectation of these rules"


def _mad_words(g: GameState, mad: dict[int, str]) -> str:
    return "{" + ", ".join(f"{g.name(x)} = {c}" for x, c in sorted(mad.items())) + "}"


def written_expect(g: GameState, since: int) -> dict[str, Any]:
    from grimoire.rules.snv.impair import state

    st = state(g)
    out: dict[str, Any] = {}
    if st.mad:
        out["mad"] = {g.name(x): c for x, (c, _n) in st.mad.items()}
    if st.false_info:
        out["false_info"] = list(st.false_info)
    return out


def written_night_answer(key: str, value: Any) -> Any:
    if key in OPTIONAL and value == OPTIONAL[key]:
        return None
    if key == "pithag_deaths" and value == "none":
        return []
    return value


class SectsAndVioletsKeys(ScenarioKeys):
    """Sects & Violets' keys, as the contract asks them (the tables and functions above)."""

    NIGHT_KEYS = NIGHT_KEYS
    LIST_ANSWERS = LIST_ANSWERS
    SHAPES = SHAPES
    OPTIONAL = OPTIONAL
    DAY_KEYS = DAY_KEYS
    DAY_EVENTS = DAY_EVENTS
    AFTER_NOMINATIONS = AFTER_NOMINATIONS
    ANSWERS = ANSWERS
    SETUP_TOKENS = SETUP_TOKENS
    EXPECT = EXPECT
    TOLD_SHAPES = TOLD_SHAPES
    answer = staticmethod(answer)
    expected_answer = staticmethod(expected_answer)
    written_answer = staticmethod(written_answer)
    learned = staticmethod(learned)
    told_key = staticmethod(told_key)
    shown_answer = staticmethod(shown_answer)
    pairs = staticmethod(pairs)
    day_event = staticmethod(day_event)
    written_day_act = staticmethod(written_day_act)
    after_execution = staticmethod(after_execution)
    parse_expect = staticmethod(parse_expect)
    check_expect = staticmethod(check_expect)
    written_expect = staticmethod(written_expect)
    written_night_answer = staticmethod(written_night_answer)


KEYS = SectsAndVioletsKeys()
