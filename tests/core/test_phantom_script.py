"""scripts/phantom.json against the seed (tests/data/phantom_seed.txt) and docs/rules/phantom.md.

The seed is parsed here on its own, from the ids and names of its characters, so that a wrong text in the
script can't hide behind the same mistake in the loader. Each check is a function returning its
mismatches; the tests assert none, and the last tests break a copy to show each check can fail.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import jsonschema
import pytest

from grimoire.core.script import load_script, parse_script

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
SCRIPT_PATH = ROOT / "scripts" / "phantom.json"
SEED_PATH = DATA / "phantom_seed.txt"
SCHEMA_PATH = DATA / "botc-script-schema.json"

# id -> (seed name, team), in the seed's order.
CHARACTERS = {
    "christine_daae": ("Christine Daaé", "townsfolk"),
    "auctioneer": ("Auctioneer", "townsfolk"),
    "sorelli": ("Sorelli", "townsfolk"),
    "meg": ("Meg", "townsfolk"),
    "madame_giry": ("Madame Giry", "townsfolk"),
    "persian": ("Persian", "townsfolk"),
    "monsieur_reyer": ("Monsieur Reyer", "townsfolk"),
    "inspector_mifroid": ("Inspector Mifroid", "townsfolk"),
    "stage_designer": ("Stage Designer", "townsfolk"),
    "ubaldo_piangi": ("Ubaldo Piangi", "townsfolk"),
    "raoul_de_chagny": ("Raoul de Chagny", "townsfolk"),
    "managers": ("Managers", "townsfolk"),
    "usher": ("Usher", "townsfolk"),
    "primadonna": ("Primadonna", "outsider"),
    "phantoms_favourite": ("Phantom’s Favourite", "outsider"),
    "claque": ("Claque", "outsider"),
    "doomed": ("Doomed", "outsider"),
    "trapdoor_keeper": ("Trapdoor Keeper", "minion"),
    "mirror_keeper": ("Mirror Keeper", "minion"),
    "chandelier_rigger": ("Chandelier Rigger", "minion"),
    "cloak_bearer": ("Cloak Bearer", "minion"),
    "monkey_music_box": ("Monkey Music Box", "loric"),
    "punjab_lasso": ("Punjab Lasso", "loric"),
    "phantom": ("Phantom", "demon"),  # no line in the seed
}
TEAM_COUNTS = {"townsfolk": 13, "outsider": 4, "minion": 4, "demon": 1, "loric": 2}

# The reminder tokens, exact names.
TOKENS = {
    "claque": {"Claque Seat (is drunk)"},
    "meg": {"Received tonight"},
    "auctioneer": {"Drunk tonight", "First holder"},
    "mirror_keeper": {"Mirror target / Ability lost"},
    "primadonna": {"No wake tonight"},
    "stage_designer": {"Used"},
    "raoul_de_chagny": {"Protected / Drunk until dusk"},
    "cloak_bearer": {"Cloak sacrifice"},
    "ubaldo_piangi": {"Performance pending"},
    "chandelier_rigger": {"Rigger help"},
}

SETUP_IDS = {"inspector_mifroid", "managers"}

# The seed's special night entries and the script ids they stand for.
SPECIAL = {"- Dusk": "dusk", "- Minion Info": "minioninfo", "- Demon Info": "demoninfo", "- Dawn": "dawn"}
# Not from the seed (docs/rules/phantom.md: the Managers' step, the Phantom's line): checked against _meta.bootlegger instead.
NOT_FROM_SEED = {("managers", "firstNight"), ("phantom", "ability")}


# --- the seed, parsed independently -------------------------------------------------------


def _split_name(line: str) -> tuple[str, str]:
    """A seed entry is a name immediately followed by its text; the longest name wins
    ("Phantom’s Favourite" over "Phantom")."""
    names = [n for n, _ in CHARACTERS.values() if line.startswith(n)]
    if not names:
        raise AssertionError(f"seed line starts with no known name: {line[:40]!r}")
    name = max(names, key=len)
    return name, line[len(name) :]


def parse_seed(text: str) -> dict:
    lines = text.split("\n")
    first_at, other_at = lines.index("First Night"), lines.index("Other Nights")
    abilities = {}
    for line in lines[1:first_at]:
        if re.fullmatch(r"(Townsfolk|Outsider|Minion|Demon|Loric) \(\d+\)", line):
            continue
        name, ability = _split_name(line)
        abilities[name] = ability
    return {
        "abilities": abilities,
        "firstNight": _parse_night(lines[first_at + 1 : other_at]),
        "otherNight": _parse_night(lines[other_at + 1 :]),
    }


def _parse_night(lines: list[str]) -> list[tuple[str, str]]:
    """(name or special id, reminder) in order. A special entry may sit at the end of the
    previous line ("...the *Phantom*.- Minion InfoIf there are..."), so split there first."""
    marker = "|".join(re.escape(m) for m in SPECIAL)
    text = re.sub(rf"(?<!^)(?<!\n)({marker})(?=[A-Z])", r"\n\1", "\n".join(lines))
    entries = []
    for line in filter(None, text.split("\n")):
        special = next((m for m in SPECIAL if line.startswith(m) and line[len(m)].isupper()), None)
        if special:
            entries.append((SPECIAL[special], line[len(special) :]))
        else:
            entries.append(_split_name(line))
    return entries


# --- checks: each returns a list of mismatches --------------------------------------------


def _chars(data: list) -> dict[str, dict]:
    return {e["id"]: e for e in data if isinstance(e, dict) and e.get("id") != "_meta"}


def _meta(data: list) -> dict:
    return next(e for e in data if isinstance(e, dict) and e.get("id") == "_meta")


def _first_difference(a: str, b: str) -> str:
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"differs at character {i}: script {a[i:i + 25]!r}, seed {b[i:i + 25]!r}"


def ability_mismatches(data: list, seed: dict) -> list[str]:
    out = []
    chars = _chars(data)
    for char_id, (name, _) in CHARACTERS.items():
        if (char_id, "ability") in NOT_FROM_SEED:
            continue
        want, got = seed["abilities"].get(name), chars.get(char_id, {}).get("ability")
        if got != want:
            out.append(f"{char_id} ability: {_first_difference(got or '', want or '')}")
    return out


def night_mismatches(data: list, seed: dict, key: str) -> list[str]:
    """Every character's reminder for this night equals the seed's, and a character the seed
    doesn't wake has none."""
    out = []
    reminder_key = key + "Reminder"
    by_name = {name: text for name, text in seed[key] if name not in SPECIAL.values()}
    for char_id, entry in _chars(data).items():
        if (char_id, key) in NOT_FROM_SEED:
            continue
        name = CHARACTERS.get(char_id, (entry.get("name"),))[0]
        want, got = by_name.get(name, ""), entry.get(reminder_key, "")
        if got != want:
            out.append(f"{char_id} {reminder_key}: {_first_difference(got, want)}")
    specials = _meta(data).get("specialReminders", {}).get(key, {})
    for step, want in seed[key]:
        if step in SPECIAL.values() and specials.get(step) != want:
            out.append(f"_meta specialReminders {key} {step}: {_first_difference(specials.get(step, ''), want)}")
    return out


def order_mismatches(data: list, seed: dict, key: str) -> list[str]:
    """_meta's order is the seed's, with the Managers' step right before minioninfo."""
    ids_by_name = {name: char_id for char_id, (name, _) in CHARACTERS.items()}
    want = [step if step in SPECIAL.values() else ids_by_name[step] for step, _ in seed[key]]
    if key == "firstNight":
        want.insert(want.index("minioninfo"), "managers")
    got = _meta(data).get(key)
    return [] if got == want else [f"_meta {key} is {got}, expected {want}"]


# --- tests ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def data() -> list:
    return json.loads(SCRIPT_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def seed() -> dict:
    return parse_seed(SEED_PATH.read_text(encoding="utf-8"))


def test_seed_copy_parses_completely(seed):
    names = {n for n, _ in CHARACTERS.values()} - {"Phantom"}
    assert set(seed["abilities"]) == names
    assert "Phantom" not in seed["abilities"]  # the seed has no Phantom line
    assert [s for s, _ in seed["firstNight"] if s in SPECIAL.values()] == [
        "dusk", "minioninfo", "demoninfo", "dawn"
    ]
    assert [s for s, _ in seed["otherNight"] if s in SPECIAL.values()] == ["dusk", "dawn"]


def test_valid_against_the_schema(data):
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]
    assert errors == []


def test_abilities_match_the_seed(data, seed):
    assert ability_mismatches(data, seed) == []


@pytest.mark.parametrize("key", ["firstNight", "otherNight"])
def test_night_reminders_match_the_seed(data, seed, key):
    assert night_mismatches(data, seed, key) == []


@pytest.mark.parametrize("key", ["firstNight", "otherNight"])
def test_night_order_matches_the_seed(data, seed, key):
    assert order_mismatches(data, seed, key) == []


def test_numeric_priorities_follow_the_night_order(data):
    # Other apps ignore _meta's order and sort by these numbers.
    chars = _chars(data)
    for key in ("firstNight", "otherNight"):
        order = [s for s in _meta(data)[key] if s in chars]
        numbers = [chars[s][key] for s in order]
        assert numbers == sorted(numbers) and 0 not in numbers, key
        assert all(chars[c].get(key, 0) == 0 for c in chars if c not in order), key


def test_reconstructed_texts_are_declared_in_bootlegger(data):
    notes = " ".join(_meta(data).get("bootlegger", []))
    said = r"(reconstructed|not on the script sheet|not (?:from|in) the seed)"
    for who in ("Phantom", "Managers"):
        pattern = rf"{who}\b[^.]*{said}|{said}[^.]*\b{who}\b"
        assert re.search(pattern, notes), f"_meta.bootlegger doesn't say that the {who} text is reconstructed"
    phantom = _chars(data)["phantom"]
    assert phantom["ability"] and _chars(data)["managers"]["firstNightReminder"]


def test_ids_names_and_teams(data):
    chars = _chars(data)
    assert {c: (e["name"], e["team"]) for c, e in chars.items()} == CHARACTERS
    counts = {t: sum(1 for e in chars.values() if e["team"] == t) for t in TEAM_COUNTS}
    assert counts == TEAM_COUNTS


def test_reminder_tokens_are_exact(data):
    got = {c: set(e.get("reminders", [])) for c, e in _chars(data).items() if e.get("reminders")}
    assert got == TOKENS


def test_setup_flag_exactly_where_the_ability_changes_setup(data):
    assert {c for c, e in _chars(data).items() if e.get("setup")} == SETUP_IDS


def test_loader_reads_the_same_texts(data, seed):
    script = load_script("phantom")
    assert [c.id for c in script.characters] == list(_chars(data))
    assert script.first_night == tuple(_meta(data)["firstNight"])
    assert script.other_night == tuple(_meta(data)["otherNight"])
    for key, first in (("firstNight", True), ("otherNight", False)):
        for step, text in seed[key]:
            if step in SPECIAL.values():
                assert script.reminder(step, first) == text


# --- the checks can fail ---------------------------------------------------------------------


def _broken(data: list, char_id: str, field: str, edit) -> list:
    broken = copy.deepcopy(data)
    entry = _chars(broken)[char_id]
    entry[field] = edit(entry[field])
    return broken


def _swap_one_char(text: str) -> str:
    i = len(text) // 2
    return text[:i] + ("x" if text[i] != "x" else "y") + text[i + 1 :]


@pytest.mark.parametrize("char_id", ["christine_daae", "managers", "claque", "punjab_lasso"])
def test_a_changed_character_of_an_ability_is_caught(data, seed, char_id):
    assert ability_mismatches(_broken(data, char_id, "ability", _swap_one_char), seed)
    # curly quotes and apostrophes are characters too
    if "’" in _chars(data)[char_id]["ability"]:
        assert ability_mismatches(_broken(data, char_id, "ability", lambda t: t.replace("’", "'")), seed)


@pytest.mark.parametrize(
    ("char_id", "key"), [("meg", "firstNight"), ("sorelli", "otherNight"), ("phantom", "otherNight")]
)
def test_a_changed_reminder_is_caught(data, seed, char_id, key):
    broken = _broken(data, char_id, key + "Reminder", lambda t: t + " ")
    assert night_mismatches(broken, seed, key)


def test_a_reminder_on_a_character_the_seed_does_not_wake_is_caught(data, seed):
    broken = _broken(data, "doomed", "otherNightReminder", lambda t: "Wake the Doomed.")
    assert night_mismatches(broken, seed, "otherNight")


def test_a_changed_special_reminder_is_caught(data, seed):
    broken = copy.deepcopy(data)
    _meta(broken)["specialReminders"]["firstNight"]["dawn"] = "Call for eyes open."
    assert night_mismatches(broken, seed, "firstNight")


def test_a_moved_night_step_is_caught(data, seed):
    for key, step in (("firstNight", "managers"), ("otherNight", "dawn")):
        broken = copy.deepcopy(data)
        order = _meta(broken)[key]
        order.remove(step)
        order.insert(1, step)
        assert order_mismatches(broken, seed, key)


def test_a_broken_copy_fails_schema_and_loader(data, tmp_path):
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    broken = _broken(data, "meg", "team", lambda _: "villager")
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(broken))
    with pytest.raises(ValueError, match="unknown team 'villager'"):
        parse_script(broken, source="broken.json")
