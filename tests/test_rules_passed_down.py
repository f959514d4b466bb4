"""The rules reach generic code one way: the game asks the registry once (``Game.rules``, from its
table's setup) and passes them down. Nothing looks them up again from a game's state, and no
generic module of the rules but the table's setup asks the registry at all.

Every module is parsed, never imported."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_layers import MODULES, imports

ROOT = Path(__file__).resolve().parents[1]
REGISTRY = "grimoire.rules.plugins"
LOOKUPS = ("rules_for", "for_script")  # the registry's answers for a script
# The generic modules of the rules that ask the registry: the table's setup, where a game begins
# (TableSetup.rules), and the registry itself.
ASKS_THE_REGISTRY = {"grimoire.rules.table", REGISTRY}


def _called(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def lookups_from_a_state(path: Path) -> list[int]:
    """The lines that ask the registry for the rules of a state's script (``rules_for(...
    g.script_id ...)``): the rules looked up again, where they should have been passed."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Call) and _called(node) in LOOKUPS and any(
                isinstance(inner, ast.Attribute) and inner.attr == "script_id"
                for arg in node.args for inner in ast.walk(arg)):
            found.append(node.lineno)
    return found


def test_no_module_looks_the_rules_up_from_a_state() -> None:
    found = {f"{path.relative_to(ROOT)}:{line}" for path in MODULES.values() for line in lookups_from_a_state(path)}
    assert not found, f"the rules looked up again from a game's state (pass the game's rules down): {sorted(found)}"


def test_no_generic_module_of_the_rules_asks_the_registry() -> None:
    found = sorted(f"{path.relative_to(ROOT)}:{line}" for name, path in MODULES.items()
                   if name.startswith("grimoire.rules.") and name.count(".") == 2 and name not in ASKS_THE_REGISTRY
                   for line, imported in imports(name, path) if imported == REGISTRY)
    assert not found, f"generic modules of the rules asking the registry (take the rules as an argument): {found}"


def test_the_check_sees_a_lookup_from_a_state(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f(g):\n    return plugins.rules_for(load_script(g.script_id)).held(g)\n"
                      "def h(game):\n    return rules_for(game.script)\n", encoding="utf-8")
    assert lookups_from_a_state(module) == [2]


def names_of_the_gone_lookup(path: Path) -> list[int]:
    """The lines that import or call ``rules_of`` (the lookup of a state's rules that is gone): a
    rule written against it, at the top or inside a function, fails only when it runs."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if (isinstance(node, ast.ImportFrom) and any(a.name == "rules_of" for a in node.names)) or (
                isinstance(node, ast.Call) and _called(node) == "rules_of"):
            found.append(node.lineno)
    return found


def test_no_module_asks_for_a_states_rules_by_the_gone_lookup() -> None:
    found = sorted(f"{path.relative_to(ROOT)}:{line}" for path in MODULES.values()
                   for line in names_of_the_gone_lookup(path))
    assert not found, f"status.rules_of is gone (pass the game's rules down): {found}"


def test_the_check_sees_the_gone_lookup_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def threshold(g):\n    from grimoire.rules.status import rules_of\n\n"
                      "    return len(rules_of(g).registers_dead(g))\n", encoding="utf-8")
    assert names_of_the_gone_lookup(module) == [2, 4]
