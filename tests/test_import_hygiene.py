"""The pure core never imports Textual or Rich: each module is imported in a fresh interpreter."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def pure_modules() -> list[str]:
    out = []
    for package in ("grimoire", "night_order"):
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).with_suffix("")
            parts = rel.parts
            if "tui" in parts or parts[-1] in ("__main__", "cli"):
                continue
            if parts[:2] == ("grimoire", "games") and len(parts) >= 3 and parts[-1] != "rules" and not _pure_game_file(path):
                continue
            out.append(".".join(p for p in parts if p != "__init__"))
    return out


def _pure_game_file(path: Path) -> bool:
    # A game's screens may import Textual or Rich; its rules, and every file that does not
    # import them itself, must not load them through another import either.
    if path.stem == "rules":
        return True
    text = path.read_text(encoding="utf-8")
    return not any(f"{w} {lib}" in text for w in ("from", "import") for lib in ("textual", "rich"))


# One interpreter (a worker's) forks a child for each module asked: the child starts with nothing
# of the project loaded (the parent imports none of it), imports that one module and says what it
# loaded. The same proof as an interpreter each, at a fraction of the starts.
# What the project's modules use from outside it (the standard library, attrs, tomli_w, aiohttp,
# segno) is loaded once, in the parent: none of it loads Textual or Rich (checked there), so a child that finds
# one loaded found it through the project's own module. Each child then imports only the project.
_PROBE = """
import os, sys
for name in (
    "ast", "attr", "attrs", "bisect", "collections", "copy", "datetime", "email", "enum", "fcntl",
    "functools", "hashlib", "html", "http.client", "inspect", "itertools", "json", "math", "platform",
    "random", "re", "shutil", "socket", "ssl", "string", "subprocess", "tempfile", "textwrap",
    "threading", "tomli_w", "tomllib", "typing", "unicodedata", "urllib.request", "zipfile",
    "aiohttp.web", "segno",
):
    try:
        __import__(name)
    except ImportError:  # not on this platform (fcntl): a child imports it, if its module does
        pass
assert not [m for m in sys.modules if m.split(".")[0] in ("textual", "rich")], "a library loads Textual or Rich"
for line in sys.stdin:
    module = line.strip()
    pid = os.fork()
    if pid == 0:
        try:
            __import__(module)
        except BaseException as error:
            print(module, "failed", repr(error).replace(chr(10), " "), sep="\\t", flush=True)
            os._exit(1)
        bad = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
        print(module, "loads", ",".join(bad), sep="\\t", flush=True)
        os._exit(0)
    if os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) not in (0, 1):
        print(module, "failed", "the child died", sep="\\t", flush=True)
"""


def _fresh_import(module: str) -> tuple[bool, str]:
    """(imported, what it loaded or why not) in an interpreter of its own."""
    code = (
        f"import sys, {module}\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    return result.returncode == 0, result.stdout.strip() if result.returncode == 0 else result.stderr


@pytest.fixture(scope="module")
def fresh_import():  # type: ignore[no-untyped-def]
    """``fresh_import(module)``: (imported, what it loaded or why not), as a fresh interpreter."""
    if not hasattr(os, "fork"):
        yield _fresh_import
        return
    probe = subprocess.Popen([sys.executable, "-c", _PROBE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True, cwd=ROOT)
    assert probe.stdin is not None and probe.stdout is not None

    def ask(module: str) -> tuple[bool, str]:
        probe.stdin.write(module + "\n")
        probe.stdin.flush()
        name, how, what = probe.stdout.readline().rstrip("\n").split("\t")
        assert name == module, (name, module)
        return how == "loads", what

    yield ask
    probe.stdin.close()
    probe.wait()
    probe.stdout.close()


# make test: every pure module imported in one fresh interpreter, which then has neither
# Textual nor Rich (were one module to load either, the whole would have it). Which module
# does is make test-slow's to name, a child interpreter each (below).
def test_the_pure_modules_together_load_neither_textual_nor_rich() -> None:
    code = (
        "import sys\n"
        f"for module in {pure_modules()!r}:\n"
        "    __import__(module)\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"the pure modules load {result.stdout.strip()}: make test-slow names which"


# One worker asks them all (--dist loadgroup), so one interpreter starts and loads the
# libraries, not one a worker; run early (long), as together they take some seconds.
@pytest.mark.slow
@pytest.mark.long
@pytest.mark.xdist_group("pure-imports")
@pytest.mark.parametrize("module", pure_modules())
def test_pure_module_does_not_load_textual_or_rich(module: str, fresh_import) -> None:  # type: ignore[no-untyped-def]
    ok, loaded = fresh_import(module)
    assert ok, loaded
    assert loaded == "", f"{module} loads {loaded}"


def test_the_core_packages_are_covered() -> None:
    mods = pure_modules()
    for expected in ("grimoire.game", "grimoire.core.setup", "grimoire.rules.phantom.night", "night_order.walker",
                     "grimoire.store.saves", "grimoire.present.export", "grimoire.rules.words", "grimoire.core.paths",
                     "grimoire.modes", "grimoire.scenario.run"):
        assert expected in mods
    # The assistant games' rules and saves too (their own test files leave this to this one).
    for expected in ("grimoire.games.persist", "grimoire.games.mummy.rules", "grimoire.games.mummy.guests",
                     "grimoire.games.mummy.grid", "grimoire.games.mummy.save", "grimoire.games.voice.rules",
                     "grimoire.games.voice.commands", "grimoire.games.voice.quotes", "grimoire.games.voice.speech",
                     "grimoire.games.voice.save", "grimoire.games.maumau.rules", "grimoire.games.maumau.characters",
                     "grimoire.games.maumau.save"):
        assert expected in mods, expected
