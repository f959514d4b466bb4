"""Bad Moon Rising's keys in scenario files (docs/rules/bad-moon-rising.md, "Scenario files for
BMR"): each night prompt under the asking character's official id, the day's public acts, the
Pacifist's save at an execution, and the expected answers. Players are named in files and seats
in the engine."""

from __future__ import annotations

from typing import Any

from grimoire.core.model import GameState, InfoRecord
from grimoire.rules.contract import ScenarioKeys

NIGHT_KEYS = {
    "sailor": "player", "sailor_drunk": "player", "courtier": "bmr_character", "innkeeper": "players2",
    "innkeeper_drunk": "player", "gambler": "bmr_guess", "devilsadvocate": "player", "lunatic": "bmr_players",
    "exorcist": "player", "zombuul": "player", "pukka": "player", "regurgitate": "bmr_optional",
    "shabaloth": "players2", "po": "bmr_players", "assassin": "bmr_optional", "godfather": "player",
    "gossip": "player", "professor": "bmr_optional", "tinker": "bmr_yes", "chambermaid": "players2",
    "grandchild": "player",  # the storyteller's choice, where the setup named none or a house rule asks anew
}
LIST_ANSWERS = {"innkeeper", "gambler", "shabaloth", "po", "chambermaid", "lunatic"}
SHAPES = ("bmr_character", "bmr_guess", "bmr_players", "bmr_optional", "bmr_yes", "bmr_pacifist")
# A prompt the storyteller may leave unanswered ("might choose"): the answer the file's silence means.
OPTIONAL = {"courtier": "none", "regurgitate": "none", "assassin": "none", "professor": "none", "tinker": "no"}
DAY_KEYS = {"moonchild", "gossip"}  # the Moonchild's choice, the Gossip's statement (nominate: every script's)
DECLARES = {"tinker": True}  # the Tinker's death by day, at the storyteller's word
EXECUTION_CHOICE = "pacifist"
EXECUTION_SHAPE = "bmr_pacifist"
EXECUTION_DEFAULT = "dies"  # no `pacifist` key: the executed player dies
REGISTERING: dict[str, str] = {}
ANSWERS = ("grandmother", "godfather", "chambermaid", "exorcist", "lunatic")
SETUP_TOKENS = {"grandchild": ("Grandchild", "grandmother")}  # the Grandmother's, on her grandchild
TOLD_SHAPES = {"chambermaid": "count", "grandmother": "player_character", "godfather": "characters"}


def answer(shape: str, value: Any, player: Any, error: type[Exception], where: str) -> Any:
    """One night answer of a shape of Bad Moon Rising's, in the engine's terms."""
    if shape == "bmr_character":
        if not isinstance(value, str):
            raise error(f"{where}: expected a character id, got {value!r}")
        return value
    if shape == "bmr_guess":
        if not (isinstance(value, list) and len(value) == 2 and isinstance(value[1], str)):
            raise error(f"{where}: expected [player, character_id], got {value!r}")
        return [player(value[0]), value[1]]
    if shape == "bmr_players":  # a player, or [] (no-one), [player] or several
        if isinstance(value, str):
            return player(value)
        if not isinstance(value, list):
            raise error(f"{where}: expected a player or an array of players, got {value!r}")
        if not value:
            return "none"
        seats = [player(v) for v in value]
        return seats[0] if len(seats) == 1 else seats
    if shape == "bmr_optional":
        return player(value)
    if shape in ("bmr_yes", "bmr_pacifist"):
        if not isinstance(value, bool):
            raise error(f"{where}: expected true or false, got {value!r}")
        if shape == "bmr_pacifist":
            return "lives" if value else "dies"
        return "yes" if value else "no"
    raise AssertionError(shape)


def expected_answer(character: str, value: Any, player: Any, known: Any, error: type[Exception], where: str) -> Any:
    """An ``expect.answers`` value in the engine's terms (as ``InfoRecord.truth`` holds it)."""
    if character == "chambermaid":
        if not isinstance(value, int) or isinstance(value, bool):
            raise error(f"{where}: expected a number")
        return value
    if character == "grandmother":
        if not (isinstance(value, list) and len(value) == 2 and isinstance(value[1], str) and known(value[1])):
            raise error(f"{where}: expected [player, character_id]")
        return (player(value[0]), value[1])
    if character == "godfather":
        if not isinstance(value, list) or not all(isinstance(c, str) and known(c) for c in value):
            raise error(f"{where}: expected an array of character ids")
        return tuple(sorted(value))
    if character == "exorcist":
        return player(value)
    values = value if isinstance(value, list) else [value]
    return tuple(player(v) for v in values)


def written_answer(g: GameState, record: InfoRecord) -> Any:
    """A true answer as a scenario file writes it."""
    truth = record.truth
    if record.character == "grandmother":
        return [g.name(truth[0]), truth[1]]
    if record.character == "godfather":
        return list(truth)
    if record.character == "exorcist":
        return g.name(truth)
    if record.character == "lunatic":
        return [g.name(x) for x in truth]
    return truth


def registrations(raw: dict[str, Any], error: type[Exception], where: str) -> dict[str, list[bool]]:
    return {}


def written_registration(character: str, registers: bool) -> str:
    return character


def pairs(value: Any, player: Any, error: type[Exception], where: str) -> list[tuple[int, int]]:
    """The day's acts as (seat, seat): the Moonchild's choice (``moonchild = player``: the chosen
    twice) and the Gossip's statement (``gossip = [player, "true" | "false"]``: the speaker twice
    when judged true; a false one acts on nothing and is not applied)."""
    if isinstance(value, str):
        x = player(value)
        return [(x, x)]
    if isinstance(value, list) and len(value) == 2 and value[1] in ("true", "false"):
        speaker = player(value[0])
        return [(speaker, speaker)] if value[1] == "true" else []
    raise error(f"{where}: expected a player (moonchild) or [player, \"true\" | \"false\"] (gossip), got {value!r}")


def after_execution(g: GameState, event: Any) -> bool:
    """Whether a day act waits for the day's execution: the Moonchild's choice while the
    Moonchild still lives (they choose once executed and dead)."""
    if getattr(event, "character", None) != "moonchild":
        return False
    seat = g.seat_of("moonchild")
    return seat is not None and seat.alive


def written_night_answer(key: str, value: Any) -> Any:
    """A night answer (players already named) as a file writes it; None: left out."""
    if key in OPTIONAL and value == OPTIONAL[key]:
        return None
    if key == "tinker":
        return value == "yes"
    if key in ("po", "lunatic"):
        return [] if value == "none" else value if isinstance(value, list) else [value]
    return value


def written_day_act(g: GameState, event: Any) -> tuple[str, Any] | None:
    """A day act as a file writes it: (key, value)."""
    if event.character == "moonchild" and event.target is not None:
        return "moonchild", g.name(event.target)
    if event.character == "gossip":
        return "gossip", [g.name(event.seat), "true"]
    if event.character == "tinker":
        return "tinker", True
    return None


def written_execution_answer(value: Any) -> bool:
    return bool(value == "lives")


class BadMoonRisingKeys(ScenarioKeys):
    """Bad Moon Rising's keys, as the contract asks them (the tables and functions above)."""

    NIGHT_KEYS = NIGHT_KEYS
    LIST_ANSWERS = LIST_ANSWERS
    SHAPES = SHAPES
    OPTIONAL = OPTIONAL
    DAY_KEYS = DAY_KEYS
    DECLARES = DECLARES
    EXECUTION_CHOICE = EXECUTION_CHOICE
    EXECUTION_SHAPE = EXECUTION_SHAPE
    EXECUTION_DEFAULT = EXECUTION_DEFAULT
    REGISTERING = REGISTERING
    ANSWERS = ANSWERS
    SETUP_TOKENS = SETUP_TOKENS
    TOLD_SHAPES = TOLD_SHAPES
    answer = staticmethod(answer)
    expected_answer = staticmethod(expected_answer)
    written_answer = staticmethod(written_answer)
    registrations = staticmethod(registrations)
    written_registration = staticmethod(written_registration)
    pairs = staticmethod(pairs)
    after_execution = staticmethod(after_execution)
    written_night_answer = staticmethod(written_night_answer)
    written_day_act = staticmethod(written_day_act)
    written_execution_answer = staticmethod(written_execution_answer)


KEYS = BadMoonRisingKeys()
