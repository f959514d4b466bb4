"""No script's characters in generic code: every module outside a rules plug-in's own package
names no character of an automated script (the Phantom's, Trouble Brewing's, Bad Moon Rising's) by its id. Each
plug-in says its characters itself (grimoire.rules.contract.ScriptRules), and screens, cards,
sheets, the reveal and the random games ask it.

Nor does generic code speak the Phantom's words: no name (a variable, attribute, function,
class, argument, keyword) and no key (a string constant that is one word, as a dict's key or an
action's name is) says "artifact" or "phantom". Its tokens, its expiry, its answer of an artifact
and a player, its public line and its keys' labels are what its plug-in declares (its two-sided
``token_sides``, an ``Expiry`` of its own, ``AnswerKind.OPTION_AND_PLAYER``, ``Held``,
``key_words``). Sentences a person reads are not keys; the players' page (web/page) is read too.

Left out: the rules plug-ins' packages, found from the registry, and the assistant games
(grimoire/games: other games whose words are their own, a Night of the Mummy guest called the
Phantom among them). Where a generic module must say one of these words for another reason, the
word and the reason are listed below.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

from grimoire.rules import plugins
from grimoire.rules.bmr import CHARACTERS as BAD_MOON_RISING
from grimoire.rules.tb import CHARACTERS as TROUBLE_BREWING

ROOT = Path(__file__).resolve().parents[1]
GRIMOIRE = ROOT / "grimoire"
PHANTOM = frozenset(c["id"] for c in json.loads((ROOT / "scripts" / "phantom.json").read_text(encoding="utf-8"))
                    if isinstance(c, dict) and c.get("id") != "_meta")
IDS = PHANTOM | TROUBLE_BREWING | BAD_MOON_RISING
# The Phantom's reminder tokens by their exact names: its plug-in names them (rules/phantom/tokens.py).
PHANTOM_TOKENS = frozenset(name for c in json.loads((ROOT / "scripts" / "phantom.json").read_text(encoding="utf-8"))
                           if isinstance(c, dict) and c.get("id") != "_meta"
                           for name in (*c.get("reminders", ()), *c.get("remindersGlobal", ())))

# (module, word): why a generic module says it.
ALLOWED = {
    ("core/script.py", "phantom"): "the built-in script's id (MAIN), the file scripts/phantom.json",
    ("core/setup.py", "baron"): "the official setup changes of every script's characters, by id",
    ("core/setup.py", "drunk"): "the official setup changes of every script's characters, by id",
    ("core/setup.py", "godfather"): "the official setup changes of every script's characters, by id",
    ("core/thinks.py", "drunk"): "who thinks they are another character, on any script (the official Drunk)",
    ("core/thinks.py", "lunatic"): "who thinks they are another character, on any script (the official Lunatic)",
    ("rules/impairing.py", "drunk"): "the reminders' word, and the official Drunk on any script",
    ("present/dawn_picture.py", "drunk"): "the word: a seat's mark",
    ("scenario/format.py", "drunk"): "the word: an expectation's key in every scenario",
    ("scenario/run.py", "drunk"): "the word: an expectation's key in every scenario",
    ("scenario/write.py", "drunk"): "the word: an expectation's key in every scenario",
}


# The Phantom's words (any case, inside a name or a key).
PHANTOM_WORDS = re.compile(r"artifact|phantom", re.IGNORECASE)
KEY = re.compile(r"[A-Za-z_][\w.-]*")  # a string constant that is one word: a key, not a sentence

# (module, name or key): why a generic module says it.
ALLOWED_WORDS = {
    ("core/script.py", "phantom"): "the built-in script's id (MAIN): saves and the command line name it",
    ("core/script.py", "phantom.json"): "the built-in script's file, scripts/phantom.json",
}


def plugin_packages() -> list[Path]:
    """The folders of the installed plug-ins' packages (each plug-in may name its own)."""
    out = []
    for plugin in plugins.plugins():
        module = sys.modules[type(plugin).__module__]
        assert module.__file__ is not None
        out.append(Path(module.__file__).resolve().parent)
    return out


def generic_modules() -> list[Path]:
    own = plugin_packages()
    every = sorted([*GRIMOIRE.rglob("*.py"), *(ROOT / "night_order").rglob("*.py")])
    return [p for p in every if not any(p.is_relative_to(pkg) for pkg in own)
            and not p.is_relative_to(GRIMOIRE / "games")]


def named_ids(path: Path) -> list[tuple[int, str]]:
    """Where ``path`` names a character by its id (a string constant of its own)."""
    return [(node.lineno, node.value) for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and node.value in IDS]


def phantom_words(path: Path) -> list[tuple[int, str]]:
    """Where ``path`` says one of the Phantom's words in a name or a key."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Name):
            names = [node.id]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.arg):
            names = [node.arg]
        elif isinstance(node, ast.keyword):
            names = [node.arg or ""]
        elif isinstance(node, ast.alias):
            names = [node.name, node.asname or ""]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY.fullmatch(node.value):
            names = [node.value]
        else:
            continue
        found += [(getattr(node, "lineno", 0), name) for name in names if PHANTOM_WORDS.search(name)]
    return found


def test_no_generic_module_names_a_character_of_an_automated_script() -> None:
    found = {}
    for path in generic_modules():
        name = path.relative_to(GRIMOIRE).as_posix() if path.is_relative_to(GRIMOIRE) else path.name
        hits = [(line, word) for line, word in named_ids(path) if (name, word) not in ALLOWED]
        if hits:
            found[name] = hits
    assert not found, f"generic modules name a script's characters (its plug-in says them): {found}"


def test_the_scan_covers_the_generic_grimoire_and_leaves_out_the_plugins() -> None:
    modules = {p.relative_to(ROOT).as_posix() for p in generic_modules()}
    assert {"grimoire/game.py", "grimoire/rules/contract.py", "grimoire/present/card.py",
            "grimoire/tui/screens/setup.py", "grimoire/simulate.py", "night_order/walker.py"} <= modules
    assert not any(m.startswith(("grimoire/rules/phantom/", "grimoire/rules/tb/")) for m in modules)
    assert {"phantom", "mirror_keeper", "punjab_lasso", "imp", "slayer"} <= IDS


def test_the_scan_sees_an_id(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('WHO = {"phantom": 1}\nif c == "mirror_keeper": pass\n"the phantom"\nx = "slayer"\n',
                      encoding="utf-8")
    assert sorted(named_ids(module)) == [(1, "phantom"), (2, "mirror_keeper"), (4, "slayer")]


def test_every_allowed_word_is_still_said_where_it_is_allowed() -> None:
    # The list can only shrink: a word no longer said there comes off it.
    for (name, word), why in ALLOWED.items():
        assert any(w == word for _line, w in named_ids(GRIMOIRE / name)), f"{name} no longer says {word!r} ({why})"


def test_no_generic_module_says_the_phantoms_words_in_a_name_or_a_key() -> None:
    found = {}
    for path in generic_modules():
        name = path.relative_to(GRIMOIRE).as_posix() if path.is_relative_to(GRIMOIRE) else path.name
        hits = [(line, word) for line, word in phantom_words(path) if (name, word) not in ALLOWED_WORDS]
        if hits:
            found[name] = hits
    assert not found, f"generic modules speak the Phantom's words (its plug-in declares them): {found}"


def test_no_generic_module_names_a_phantom_token() -> None:
    found = {}
    for path in generic_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        hits = [(node.lineno, node.value) for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and node.value in PHANTOM_TOKENS]
        if hits:
            found[path.relative_to(ROOT).as_posix()] = hits
    assert not found, f"generic modules name the Phantom's reminder tokens (its plug-in names them): {found}"
    assert {"Claque Seat (is drunk)", "Mirror target / Ability lost", "Cloak sacrifice"} <= PHANTOM_TOKENS


def test_the_players_page_says_no_phantom_word() -> None:
    # The page draws what the server sends (the line of what is in play comes whole).
    for path in sorted((GRIMOIRE / "web" / "page").iterdir()):
        if path.suffix in (".js", ".html", ".css"):
            text = path.read_text(encoding="utf-8")
            assert not PHANTOM_WORDS.search(text), f"{path.name} says {PHANTOM_WORDS.search(text)}"


def test_the_scan_sees_the_phantoms_words(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('class Expiry:\n    AFTER_PHANTOM = "after_phantom"\n'
                      'def artifact_items(held_artifact): return {"artifact": 1}\n'
                      'view.artifact\nf(has_artifacts=True)\n"The active artifact: a sentence is no key"\n'
                      'import grimoire.rules.phantom as ph\n',
                      encoding="utf-8")
    assert sorted(phantom_words(module)) == [
        (2, "AFTER_PHANTOM"), (2, "after_phantom"), (3, "artifact"), (3, "artifact_items"), (3, "held_artifact"),
        (4, "artifact"), (5, "has_artifacts"), (7, "grimoire.rules.phantom")]


def test_every_allowed_phantom_word_is_still_said_where_it_is_allowed() -> None:
    for (name, word), why in ALLOWED_WORDS.items():
        assert any(w == word for _line, w in phantom_words(GRIMOIRE / name)), f"{name} no longer says {word!r} ({why})"
