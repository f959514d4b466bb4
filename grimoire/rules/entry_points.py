"""The entry points of one group, read from the installed distributions' ``entry_points.txt``.

What ``importlib.metadata.entry_points(group=...)`` answers, for the registry's one question,
without importing ``importlib.metadata``: with its parsers (``email``, ``zipfile``, ``csv``) it
cost the start some 15 ms and 1.5 MiB of a peak the bench holds to 1.2x a bare Textual app's
(docs/benchmarks.md). The same rules as the standard library's: the directories of
``sys.path`` in order, each distribution's ``*.dist-info`` or ``*.egg-info`` folder, and a
distribution found twice counts where it is found first. A distribution inside a zip file on the
path is not read.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Iterable

from grimoire.core.value import frozen

_INFO = (".dist-info", ".egg-info")


@frozen
class EntryPoint:
    """One entry point: its name, what it names (``module:attribute``), and its distribution."""

    name: str
    value: str
    dist: str

    def load(self) -> object:
        """The object it names (its module imported); raises what the import raises."""
        module, _, attribute = self.value.partition(":")
        found: object = importlib.import_module(module.strip())
        for part in attribute.strip().split(".") if attribute.strip() else ():
            found = getattr(found, part)
        return found


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _distributions(path: Iterable[str]) -> list[tuple[str, str]]:
    """(distribution's normalised name, its metadata folder), the first of each name on the path."""
    seen: set[str] = set()
    out = []
    for entry in path:
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:  # no such directory, a file (a zip), no permission: nothing to read there
            continue
        for name in names:
            stem, dot, ext = name.rpartition(".")
            if not dot or f".{ext}" not in _INFO:
                continue
            dist = _normalised(stem.split("-")[0])
            if dist not in seen:
                seen.add(dist)
                out.append((dist, os.path.join(entry or ".", name)))
    return out


def _group(text: str, group: str) -> list[tuple[str, str]]:
    """(name, value) of ``group``'s section in an ``entry_points.txt``."""
    out = []
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            out.append((name.strip(), value.strip()))
    return out


def entry_points(group: str, path: Iterable[str] | None = None) -> list[EntryPoint]:
    """Every entry point of ``group`` among the distributions on ``path`` (``sys.path``)."""
    out = []
    for dist, folder in _distributions(sys.path if path is None else path):
        try:
            with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as file:
                text = file.read()
        except (OSError, UnicodeDecodeError):  # none, or unreadable: it declares nothing we can read
            continue
        out += [EntryPoint(name, value, dist) for name, value in _group(text, group)]
    return out
