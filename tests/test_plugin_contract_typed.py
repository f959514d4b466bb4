"""The rules' plug-in contract is typed all the way: mypy sees every part a plug-in gives, and
generic code asks a plug-in only what the contract declares.

What this looks for, by reading the code (no import):

- a call of ``cast`` (``cast(...)`` or ``typing.cast(...)``) in a plug-in package (a package of
  ``grimoire/rules`` with a ``plugin`` module) or in the tests' own plug-in: a plug-in's told
  answers, scenario keys and log words are objects of the contract's classes, not modules forced
  into a type;
- in generic code (``grimoire/`` outside the plug-in packages), a ``hasattr(x, ...)`` or
  ``getattr(x, ...)`` whose object ``x`` is a plug-in or one of its parts: an expression that
  reaches the registry (a call of ``rules_for``, ``for_script``, ``rules_of``, ``told_for``,
  ``own_lines``, or of anything of ``plugins``) or a plug-in's attributes (``.rules``,
  ``.told``, ``.scenario_keys``, ``.log_words``, ``PLUGIN``), or a name the same function (or
  the module) bound to such an expression, by an assignment, a ``for`` or a comprehension, or
  a parameter typed as one of the contract's classes or passed such an object by a call in the
  same module.
  A probe by name is a part the contract does not declare; declare it there, with its default.
  ``getattr`` on anything else (parsed arguments, screens, events, ``os``) is not looked at.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GRIMOIRE = ROOT / "grimoire"
RULES = GRIMOIRE / "rules"
# The tests' own plug-in, written as one from outside the project would be.
TEST_PLUGINS = (ROOT / "tests" / "anyscript" / "carnival_rules.py",)

REGISTRY_CALLS = {"rules_for", "for_script", "rules_of", "told_for", "own_lines"}
PLUGIN_ATTRIBUTES = {"rules", "told", "scenario_keys", "log_words", "PLUGIN"}
PROBES = {"hasattr", "getattr"}
# The contract's types: a parameter typed as one is a plug-in or a part of one.
CONTRACT_TYPES = {"ScriptRules", "ToldShapes", "ScenarioKeys", "LogWords"}


def plugin_packages() -> list[Path]:
    return sorted(p.parent for p in RULES.glob("*/plugin.py"))


def casts(source: str) -> list[int]:
    """The lines of every ``cast(...)`` call in ``source``."""
    return sorted(node.lineno for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id == "cast")
        or (isinstance(node.func, ast.Attribute) and node.func.attr == "cast")))


def _reaches_plugin(node: ast.AST, bound: set[str]) -> bool:
    for inner in ast.walk(node):
        if isinstance(inner, ast.Name) and (inner.id in bound or inner.id in ("PLUGIN",)):
            return True
        if isinstance(inner, ast.Attribute) and inner.attr in PLUGIN_ATTRIBUTES:
            return True
        if isinstance(inner, ast.Call):
            f = inner.func
            if isinstance(f, ast.Name) and f.id in REGISTRY_CALLS:
                return True
            if isinstance(f, ast.Attribute) and (f.attr in REGISTRY_CALLS or (
                    isinstance(f.value, ast.Name) and f.value.id == "plugins")):
                return True
    return False


def _bindings(scope: ast.AST) -> list[tuple[list[ast.expr], ast.AST]]:
    """(targets, value) of every binding in ``scope``, its nested functions' left to them."""
    out: list[tuple[list[ast.expr], ast.AST]] = []
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Assign):
            out.append((node.targets, node.value))
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and node.value is not None:
            out.append(([node.target], node.value))
        elif isinstance(node, ast.NamedExpr):
            out.append(([node.target], node.value))
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            out.append(([node.target], node.iter))
        stack.extend(ast.iter_child_nodes(node))
    return out


def _names(targets: list[ast.expr]) -> set[str]:
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _typed_as_plugin(arg: ast.arg) -> bool:
    return arg.annotation is not None and any(
        isinstance(n, (ast.Name, ast.Attribute)) and (n.id if isinstance(n, ast.Name) else n.attr) in CONTRACT_TYPES
        for n in ast.walk(arg.annotation))


def _parameters(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> list[ast.arg]:
    a = node.args
    return [*a.posonlyargs, *a.args, *([a.vararg] if a.vararg else []), *a.kwonlyargs]


def probes(source: str) -> list[int]:
    """The lines of every hasattr/getattr on a plug-in (or a part of one) in ``source``."""
    tree = ast.parse(source)
    functions = {node.name: node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    # A module function's parameters that its callers here pass a plug-in, or typed as one.
    passed: dict[str, set[str]] = {name: {a.arg for a in _parameters(f) if _typed_as_plugin(a)}
                                   for name, f in functions.items()}
    while True:
        found, calls = _scan(tree, passed)
        more = False
        for name, params in calls.items():
            if not params <= passed[name]:
                passed[name] |= params
                more = True
        if not more:
            return sorted(found)


def _scan(tree: ast.Module, passed: dict[str, set[str]]) -> tuple[set[int], dict[str, set[str]]]:
    found: set[int] = set()
    calls: dict[str, set[str]] = {}
    scopes: list[tuple[ast.AST, set[str]]] = [(tree, set())]
    while scopes:
        scope, outer = scopes.pop()
        bound = set(outer)
        if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            bound |= {a.arg for a in _parameters(scope) if _typed_as_plugin(a)}
            if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)) and scope in tree.body:
                bound |= passed.get(scope.name, set())
        pairs = _bindings(scope)
        grew = True
        while grew:  # a name bound from a name bound from the registry is the registry's too
            grew = False
            for targets, value in pairs:
                names = _names(targets) - bound
                if names and _reaches_plugin(value, bound):
                    bound |= names
                    grew = True
        stack = list(ast.iter_child_nodes(scope))
        while stack:
            node = stack.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                scopes.append((node, bound))
                continue
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id in PROBES and node.args and _reaches_plugin(node.args[0], bound):
                    found.add(node.lineno)
                callee = next((f for f in tree.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                               and f.name == node.func.id), None)
                if callee is not None:
                    params = [a.arg for a in [*callee.args.posonlyargs, *callee.args.args]]
                    given = {params[i] for i, arg in enumerate(node.args)
                             if i < len(params) and not isinstance(arg, ast.Starred) and _reaches_plugin(arg, bound)}
                    given |= {k.arg for k in node.keywords if k.arg is not None and _reaches_plugin(k.value, bound)}
                    if given:
                        calls.setdefault(callee.name, set()).update(given)
            stack.extend(ast.iter_child_nodes(node))
    return found, calls


def _relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_the_rules_plugins_are_found() -> None:
    assert {p.name for p in plugin_packages()} >= {"tb", "phantom"}


def test_no_plugin_forces_a_part_into_its_type_with_cast() -> None:
    files = [f for pkg in plugin_packages() for f in sorted(pkg.rglob("*.py"))] + list(TEST_PLUGINS)
    found = {_relative(f): lines for f in files if (lines := casts(f.read_text(encoding="utf-8")))}
    assert not found, f"cast() in a plug-in: give the part as an object of the contract's class: {found}"


def test_generic_code_never_probes_a_plugin_by_name() -> None:
    packages = plugin_packages()
    found = {_relative(f): lines for f in sorted(GRIMOIRE.rglob("*.py"))
             if not any(f.is_relative_to(pkg) for pkg in packages)
             and (lines := probes(f.read_text(encoding="utf-8")))}
    assert not found, ("hasattr/getattr on a plug-in in generic code: declare the part in "
                       f"grimoire/rules/contract.py with its default and ask it: {found}")


def test_the_scan_sees_a_probe_however_the_plugin_was_reached() -> None:
    flagged = {
        "keys = game.rules.scenario_keys\nx = getattr(keys, 'EXPECT', ())\n": [2],
        "def f(g):\n    own = plugins.told_for('a')\n    return hasattr(own, 'SEATS')\n": [3],
        "def f(g):\n    return {k for keys in plugins.scenario_keys() if (k := getattr(keys, 'X', ''))}\n": [2],
        "def f(g, table):\n    lines = own_lines(g)\n    other = lines\n    return getattr(other, table)\n": [4],
        "x = hasattr(rules_for(script), 'held')\n": [1],
        "def f(game):\n    return getattr(game.rules, 'held', None)\n": [2],
        "def f(g, keys):\n    show(g, keys)\n    keys = plugins.scenario_keys()\n    show(g, keys)\n"
        "def show(g, own):\n    return hasattr(own, 'shown_answer')\n": [6],
        "def f(rules: ScriptRules | None):\n    return getattr(rules, 'held', None)\n": [2],
    }
    for source, lines in flagged.items():
        assert probes(source) == lines, source
    left_alone = (
        "x = getattr(args, 'path', None)\n",
        "def f(self):\n    return getattr(self.app, 'opening', False)\n",
        "def f(self, step):\n    yield from getattr(self, f'step_{step}')(step)\n",
        "def f(event):\n    keys = event.keys\n    return getattr(keys, 'seats', ())\n",
        "NOFOLLOW = getattr(os, 'O_NOFOLLOW', 0)\n",
        "def f(g, keys):\n    show(g, keys)\n    show(g, g.seats)\n"
        "def show(g, own):\n    return hasattr(own, 'seats')\n",
    )
    for source in left_alone:
        assert probes(source) == [], source


def test_the_scan_sees_a_cast_either_way() -> None:
    assert casts("from typing import cast\nx = cast(int, y)\n") == [2]
    assert casts("import typing\nx = typing.cast(int, y)\n") == [2]
    assert casts("x = forecast(y)\n") == []
