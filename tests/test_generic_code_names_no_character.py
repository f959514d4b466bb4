"""No script's characters in generic code: every module outside a rules plug-in's own package
names no character of an automated script (the Phantom's, Trouble Brewing's, Bad Moon Rising's) by its id. Each
plug-in says its characters itself (grimoire.rules.contract.ScriptRules), and screens, cards,
sheets, the reveal and the random games ask it.

Left out: the rules plug-ins' packages, found from the registry, and the assistant games
(grimoire/games: other games whose words are their own, a Night of the Mummy guest called the
Phantom among them). Where a generic module must say one of these words for another reason, the
word and the reason are listed below.
"""

from __future__ import annotations

import ast
import json
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
