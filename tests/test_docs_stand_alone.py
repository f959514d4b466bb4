"""The repository stands alone: no file points to a page a clone does not have.

A comment, docstring, README or page that names a Markdown file names one the repository holds
(the design notes the project was written from are not in it: the rules each script's
automation decides are in docs/rules/, the scenario format in docs/scenario-format.md), and
none points into a folder beside the checkout. In the pages (docs/, the READMEs) every link and
every path in backticks to a file of the repository resolves, and a link's #anchor names a
heading of the page it leads to.
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().relative_to(ROOT).as_posix()

# A Markdown file named anywhere: "docs/rules/phantom.md", "../x/y.md", "phantom-rules.md".
MD_NAME = re.compile(r"(?<![\w./-])((?:\.\.?/)*[\w.-]+(?:/[\w.-]+)*\.md)(?![\w/-])")
# The folder beside the checkout that held the notes and the games' texts.
OUTSIDE = re.compile(r"\.\./" + "shared|/work/" + "shared")
LINK = re.compile(r"\]\(([^)\s]+)\)")
TICKED = re.compile(r"`([^`\s]+)`")
TOP = ("grimoire/", "night_order/", "tests/", "docs/", "examples/", "scripts/", ".ci/")
TEXT = (".py", ".md", ".toml", ".txt", ".json", ".cfg", ".tcss", ".css", ".js", ".html", ".yml", ".yaml",
        "Makefile", ".ci/run", ".ci/wheel-check", ".gitattributes", ".gitignore")


@cache
def files() -> tuple[str, ...]:
    """Every file of the repository (tracked, or new and not ignored)."""
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the repository's files cannot be listed")
    return tuple(f for f in out.splitlines() if (ROOT / f).is_file())


@cache
def folders() -> frozenset[str]:
    return frozenset(str(p) for f in files() for p in Path(f).parents if str(p) != ".")


def texts() -> list[str]:
    return [f for f in files() if f.endswith(TEXT) and f != HERE]


def read(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8", errors="replace")


def resolves(ref: str, at: str) -> str | None:
    """The repository's file or folder ``ref`` names, written in file ``at`` (None: none)."""
    for base in (Path(at).parent, Path()):
        parts: list[str] = []
        for part in (base / ref).parts:
            if part == "..":
                if not parts:
                    break
                parts.pop()
            elif part != ".":
                parts.append(part)
        else:
            found = "/".join(parts).rstrip("/")
            if found in files() or found in folders():
                return found
    return None


def named_markdown(path: str, text: str) -> list[tuple[int, str]]:
    """(line, name) of each Markdown file the text names; a quoted name in code is a file it
    writes (a test's "log.md"), not a pointer."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        for found in MD_NAME.finditer(line):
            before = line[found.start() - 1:found.start()]
            if path.endswith(".py") and before in "\"'" and before:
                continue
            out.append((number, found.group(1)))
    return out


def test_no_file_points_outside_the_repository() -> None:
    bad = [f"{path}:{n}: {line.strip()}" for path in texts()
           for n, line in enumerate(read(path).splitlines(), 1) if OUTSIDE.search(line)]
    assert not bad, "pointers outside the repository:\n" + "\n".join(bad)


def test_every_markdown_file_named_is_in_the_repository() -> None:
    names = {Path(f).name for f in files()}
    bad = []
    for path in texts():
        for n, name in named_markdown(path, read(path)):
            if "/" not in name and name in names:
                continue  # a page named by its name alone, where the text says which
            if resolves(name, path) is None:
                bad.append(f"{path}:{n}: {name}")
    assert not bad, "Markdown files named that the repository does not have:\n" + "\n".join(bad)


def pages() -> list[str]:
    return [f for f in files() if f.endswith(".md") and (f.startswith("docs/") or Path(f).name == "README.md")]


def anchors(page: str) -> set[str]:
    """A page's headings as their links' anchors (lower case, punctuation dropped, spaces as -)."""
    out = set()
    for line in read(page).splitlines():
        if line.startswith("#"):
            words = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", words).replace(" ", "-"))
    return out


def test_every_link_of_the_pages_resolves() -> None:
    bad = []
    for page in pages():
        for n, line in enumerate(read(page).splitlines(), 1):
            for found in LINK.finditer(line):
                target = found.group(1)
                if re.match(r"[a-z]+:", target):
                    continue  # a web address or mailto
                ref, _, anchor = target.partition("#")
                where = resolves(ref, page) if ref else page
                if where is None:
                    bad.append(f"{page}:{n}: {target} (no such file)")
                elif anchor and where.endswith(".md") and anchor not in anchors(where):
                    bad.append(f"{page}:{n}: {target} (no such heading)")
    assert not bad, "links that lead nowhere:\n" + "\n".join(bad)


def test_every_repository_path_in_the_pages_resolves() -> None:
    bad = []
    for page in pages():
        for n, line in enumerate(read(page).splitlines(), 1):
            for found in TICKED.finditer(line):
                ref = found.group(1).rstrip(".,:;")
                if not ref.startswith(TOP) or any(c in ref for c in "*<>{}[]$"):
                    continue  # not a path of the repository, or a pattern
                ref = ref.split("::")[0]  # a test named in its file
                if resolves(ref, "") is None:
                    bad.append(f"{page}:{n}: {ref}")
    assert not bad, "paths in the pages that the repository does not have:\n" + "\n".join(bad)
