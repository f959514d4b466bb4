"""The layers hold: no module imports one above its own layer.

Every module of ``grimoire`` and ``night_order`` is parsed (never imported), and every import
in it is read, at any depth: at the top, inside a function (a lazy import counts: it runs in
the end), under ``if TYPE_CHECKING``. Each module belongs to a layer; an import of a higher
layer fails the test, which names the file, the line and the import that runs back up.

Layers, lowest first (docs/architecture.md, "Layers"):

    night_order ← core ← rules ← game ← store ← present ← {scenario, web} ← tui ← games ← the CLI

No modules import each other round a circle, counting the imports inside functions (the test
names each circle's files and lines); two knots outside the rules are known (``KNOWN_CIRCLES``),
and none may be in the rules (``grimoire.rules``, its plug-ins with it).

Inside the layers: the rules' generic modules (``grimoire/rules/*.py``) know no script's
plug-in package (``rules/phantom/``, ``rules/tb/``), and no plug-in knows another's; in the
app, widgets know no screen, ``tui/support/`` knows neither, and only the entry point
(``grimoire.cli``) imports the app (``grimoire.tui.app``).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

# One worker reads them all (make test's --dist loadgroup): each module is parsed once for every check.
pytestmark = pytest.mark.xdist_group("layers")

ROOT = Path(__file__).resolve().parents[1]

# Lowest first. A module belongs to the layer of the longest name here that it is, or is in.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("night_order",),
    ("grimoire.core",),
    ("grimoire.rules",),
    # A game and what plays one (simulate: random tables for the benchmarks and rehearsals), the
    # assistant games' names (modes: no game imported) and the commands' plain output (console).
    ("grimoire.game", "grimoire.simulate", "grimoire.modes", "grimoire.console"),
    ("grimoire.store",),
    ("grimoire.present",),
    # A rehearsal is a scenario played in the app: it builds on the scenario format.
    ("grimoire.scenario", "grimoire.web", "grimoire.rehearse"),
    ("grimoire.tui",),
    ("grimoire.games",),
    ("grimoire", "grimoire.cli", "grimoire.cli_parser", "grimoire.cli_export", "grimoire.cli_data",
     "grimoire.validate", "grimoire.__main__"),
)
# Two parts of one layer that stay apart: neither imports the other.
APART = (("grimoire.scenario", "grimoire.web"),)
PLUGINS = "grimoire.rules."  # + a package's name: a script's plug-in
ENTRY_POINTS = ("grimoire.cli",)  # the only importers of grimoire.tui.app

# Imports that run against the layers today, each with why it is still there. The list may
# only shrink: an entry no longer found fails the test too, so that it is taken out.
KNOWN: dict[tuple[str, str], str] = {
}


# No module imports in a circle: an import inside a function counts (it runs in the end, and
# only its place keeps the circle from failing at start); one under ``if TYPE_CHECKING`` does
# not (it never runs: the contract and the types it speaks of name each other).
WITHOUT_CIRCLES = ("grimoire", "night_order")
# The knots of modules that import each other today, each with why it is still there; none may
# be in the rules (``grimoire.rules``, its plug-ins with it). The list may only shrink: a knot no
# longer found, or grown, fails the test too.
KNOWN_CIRCLES: dict[frozenset[str], str] = {
    frozenset({"grimoire.core.script", "grimoire.core.official", "grimoire.core.official_checks"}):
        "an official edition is a script of the official data's characters, and the data's "
        "characters are parsed as a script's are",
    frozenset({"grimoire.store.saves", "grimoire.store.recent_scripts"}):
        "a save remembers its script file among the recent ones, written atomically as saves are",
}


def modules() -> Iterator[tuple[str, Path]]:
    for top in ("grimoire", "night_order"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            yield ".".join(p for p in parts if p != "__init__"), path


MODULES = dict(modules())


def _typing_only(node: ast.AST) -> bool:
    """An ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``): its body never runs."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _nodes(tree: ast.AST, typing_too: bool) -> Iterator[ast.AST]:
    """Every node, or (``typing_too`` False) every node but the bodies of ``if TYPE_CHECKING``."""
    if typing_too:
        yield from ast.walk(tree)
        return
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if _typing_only(node):
            assert isinstance(node, ast.If)
            todo.extend(node.orelse)
        else:
            todo.extend(ast.iter_child_nodes(node))


@functools.cache
def _tree(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for all the checks here (read only)."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def imports(name: str, path: Path, typing_too: bool = True) -> Iterator[tuple[int, str]]:
    """(line, module imported) for every import in the file, at any depth (``typing_too``
    False: leaving out those under ``if TYPE_CHECKING``, which never run). ``from a import b``
    is ``a.b`` when b is a module of the project, else ``a``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in _nodes(_tree(path), typing_too):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((node.lineno, alias.name))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                found.append((node.lineno, full if full in MODULES else source))
    yield from sorted(found)


def layer(module: str) -> int | None:
    """The layer's index, or None for a module outside the project (the standard library,
    Textual, attrs...)."""
    best: tuple[int, int] | None = None  # (length of the name matched, layer)
    for index, names in enumerate(LAYERS):
        for prefix in names:
            if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), index)
    if best is None:
        return None
    return best[1]


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _plugin(module: str) -> str | None:
    """The plug-in package a module of the rules is in (``grimoire.rules.phantom``), or None for
    a generic module of the rules."""
    if not module.startswith(PLUGINS):
        return None
    rest = module[len(PLUGINS):].split(".")
    package = PLUGINS + rest[0]
    return package if (ROOT / Path(*package.split("."))).is_dir() else None


def _why_not(importer: str, imported: str) -> str | None:
    """Why ``importer`` may not import ``imported``, or None when it may."""
    if not _in(imported, "grimoire") and not _in(imported, "night_order"):
        return None
    low, high = layer(importer), layer(imported)
    assert low is not None, f"{importer}: in no layer; add it to LAYERS in tests/test_layers.py"
    if high is None:
        return None  # grimoire's own package, imported for a name it holds
    if high > low:
        return f"layer {low} ({LAYERS[low][0]}) imports layer {high} ({LAYERS[high][0]})"
    for a, b in APART:
        if (_in(importer, a) and _in(imported, b)) or (_in(importer, b) and _in(imported, a)):
            return f"{a} and {b} stay apart"
    if _in(importer, "grimoire.rules") and _in(imported, "grimoire.rules"):
        mine, theirs = _plugin(importer), _plugin(imported)
        if theirs is not None and mine != theirs:
            return ("a generic module of the rules imports a script's plug-in" if mine is None
                    else "a plug-in imports another script's plug-in")
    if _in(imported, "grimoire.tui.app") and not any(_in(importer, e) for e in ENTRY_POINTS):
        return "only the entry point imports the app (grimoire.tui.app)"
    if _in(importer, "grimoire.tui.widgets") and _in(imported, "grimoire.tui.screens"):
        return "a widget imports a screen"
    if _in(importer, "grimoire.tui.support") and (_in(imported, "grimoire.tui.screens") or _in(imported, "grimoire.tui.widgets")):
        return "the app's helpers (tui/support) import a screen or a widget"
    return None


def crossings() -> dict[tuple[str, str], list[str]]:
    """(importer, imported) → "file:line: why" for every import against the layers."""
    found: dict[tuple[str, str], list[str]] = {}
    for name, path in MODULES.items():
        for line, imported in imports(name, path):
            why = _why_not(name, imported)
            if why is not None:
                where = f"{path.relative_to(ROOT)}:{line}: import {imported}: {why}"
                seen = found.setdefault((name, imported), [])
                if where not in seen:  # ``from a import b, c``: one line, said once
                    seen.append(where)
    return found


def _inside_functions(path: Path) -> set[int]:
    """The lines of the imports inside a function (lazy: they run when it is first called)."""
    lines = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines |= {inner.lineno for inner in ast.walk(node) if isinstance(inner, ast.Import | ast.ImportFrom)}
    return lines


@functools.cache
def runtime_graph(packages: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """importer → {imported: "file:line"} for the imports that run (at the top or inside a
    function) between modules of ``packages``."""
    graph: dict[str, dict[str, str]] = {}
    for name, path in MODULES.items():
        if not any(_in(name, p) for p in packages):
            continue
        lazy = _inside_functions(path)
        for line, imported in imports(name, path, typing_too=False):
            if imported != name and imported in MODULES and any(_in(imported, p) for p in packages):
                where = f"{path.relative_to(ROOT)}:{line}" + (" (inside a function)" if line in lazy else "")
                graph.setdefault(name, {}).setdefault(imported, where)
    return graph


def knots(graph: dict[str, dict[str, str]]) -> list[tuple[frozenset[str], list[str]]]:
    """Each knot of modules that import each other (a strongly connected part), with one circle
    through it as "where: import module" lines, the shortest from the knot's first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    knots: list[set[str]] = []

    def visit(v: str) -> None:  # Tarjan's
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            knot = set()
            while True:
                w = stack.pop()
                knot.add(w)
                if w == v:
                    break
            if len(knot) > 1:
                knots.append(knot)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    found = []
    for knot in sorted(knots, key=min):
        start = min(knot)
        paths = {start: [start]}
        todo = [start]
        cycle: list[str] | None = None
        while todo and cycle is None:  # breadth first: the shortest way back to the start
            v = todo.pop(0)
            for w in sorted(graph[v]):
                if w == start:
                    cycle = paths[v] + [start]
                    break
                if w in knot and w not in paths:
                    paths[w] = paths[v] + [w]
                    todo.append(w)
        assert cycle is not None
        found.append((frozenset(knot), [f"{graph[a][b]}: import {b}" for a, b in zip(cycle, cycle[1:], strict=False)]
                      + [f"  ({len(knot)} modules knotted: {', '.join(sorted(knot))})"]))
    return found


def circles(graph: dict[str, dict[str, str]]) -> list[list[str]]:
    """One circle of each knot, as ``knots`` words it."""
    return [circle for _knot, circle in knots(graph)]


def test_no_import_circle() -> None:
    found = [circle for knot, circle in knots(runtime_graph(WITHOUT_CIRCLES)) if knot not in KNOWN_CIRCLES]
    assert not found, "import circles (each import runs, the lazy ones in the end):\n" + "\n\n".join(
        "\n".join(circle) for circle in found)


def test_no_import_circle_in_the_rules_is_known() -> None:
    assert not [knot for knot in KNOWN_CIRCLES if any(_in(m, "grimoire.rules") for m in knot)]


def test_the_known_circles_are_still_there() -> None:
    gone = [sorted(knot) for knot in set(KNOWN_CIRCLES) - {knot for knot, _ in knots(runtime_graph(WITHOUT_CIRCLES))}]
    assert not gone, f"no longer knotted so: take them out of KNOWN_CIRCLES in tests/test_layers.py: {gone}"


def test_the_circle_check_sees_one() -> None:
    graph = {"a": {"b": "a.py:1"}, "b": {"c": "b.py:2 (inside a function)"}, "c": {"a": "c.py:3", "d": "c.py:4"},
             "d": {}}
    assert circles(graph) == [["a.py:1: import b", "b.py:2 (inside a function): import c", "c.py:3: import a",
                               "  (3 modules knotted: a, b, c)"]]
    assert circles({"a": {"b": "a.py:1"}, "b": {}}) == []


def test_every_module_is_in_a_layer() -> None:
    outside = [name for name in MODULES if layer(name) is None]
    assert not outside, f"in no layer; add them to LAYERS in tests/test_layers.py: {outside}"


def test_no_import_runs_back_up() -> None:
    found = crossings()
    bad = [where for key, wheres in sorted(found.items()) if key not in KNOWN for where in wheres]
    assert not bad, "imports against the layers:\n" + "\n".join(bad)


def test_the_known_exceptions_are_still_there() -> None:
    gone = sorted(set(KNOWN) - set(crossings()))
    assert not gone, f"no longer imported: take them out of KNOWN in tests/test_layers.py: {gone}"


def test_the_check_sees_what_it_must(tmp_path: Path) -> None:
    # The reading itself: a lazy import inside a function, a relative import and a module
    # named in ``from a import b`` are all seen, with their lines.
    fake = tmp_path / "fake.py"
    fake.write_text("import os\n\ndef f():\n    from grimoire.tui import app\n    from . import saves\n    from .lock import take\n")
    assert list(imports("grimoire.store.fake", fake)) == [
        (1, "os"), (4, "grimoire.tui.app"), (5, "grimoire.store.saves"), (6, "grimoire.store.lock")]
    # And each rule names a crossing, and lets the rest by.
    assert _why_not("grimoire.store.saves", "grimoire.tui.app") is not None
    assert _why_not("grimoire.core.model", "grimoire.rules") is not None
    assert _why_not("grimoire.rules.contract", "grimoire.rules.phantom.night") is not None
    assert _why_not("grimoire.rules.tb.plugin", "grimoire.rules.phantom") is not None
    assert _why_not("grimoire.rules.phantom.lines", "grimoire.rules.words") is None
    assert _why_not("grimoire.tui.widgets.keys", "grimoire.tui.screens.modals") is not None
    assert _why_not("grimoire.tui.screens.table", "grimoire.tui.app") is not None
    assert _why_not("grimoire.cli", "grimoire.tui.app") is None
    assert _why_not("grimoire.scenario.run", "grimoire.web.server") is not None
    assert _why_not("grimoire.tui.app", "textual.app") is None
