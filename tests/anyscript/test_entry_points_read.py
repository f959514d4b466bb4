"""The registry's reader of entry points answers as the standard library's does."""

from __future__ import annotations

import importlib.metadata
import sys
from pathlib import Path

import pytest

from grimoire.rules.entry_points import entry_points


def dist(folder: Path, name: str, text: str, info: str = "dist-info") -> None:
    meta = folder / f"{name}.{info}"
    meta.mkdir(parents=True)
    (meta / "entry_points.txt").write_text(text, encoding="utf-8")


@pytest.mark.parametrize("group", ["console_scripts", "pytest11", "grimoire.rules"])
def test_the_installed_groups_are_what_importlib_metadata_reads(group: str) -> None:
    theirs = sorted((e.name, e.value) for e in importlib.metadata.entry_points(group=group))
    assert sorted((e.name, e.value) for e in entry_points(group)) == theirs


def test_a_distribution_on_the_path_is_read_the_first_of_a_name_counts(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    dist(first, "Homebrew_Rules-1.0", "[grimoire.rules]\nlantern = lantern_rules.plugin:PLUGIN\n\n[other]\nx = y:z\n")
    dist(second, "homebrew.rules-2.0", "[grimoire.rules]\nolder = older:PLUGIN\n")
    dist(second, "carnival", "# a comment\n[grimoire.rules]\n; another\ncarnival=carnival_rules : PLUGIN\nnot a line\n",
         info="egg-info")
    path = [str(first), str(tmp_path / "no such folder"), str(second)]
    found = sorted((e.name, e.value, e.dist) for e in entry_points("grimoire.rules", path))
    assert found == [("carnival", "carnival_rules : PLUGIN", "carnival"),
                     ("lantern", "lantern_rules.plugin:PLUGIN", "homebrew_rules")]


def test_the_same_as_the_standard_library_on_a_path_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dist(tmp_path, "Homebrew_Rules-1.0", "[grimoire.rules]\nlantern = lantern_rules.plugin:PLUGIN\n")
    dist(tmp_path, "carnival", "[grimoire.rules]\ncarnival = carnival_rules:PLUGIN\n", info="egg-info")
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    theirs = sorted((e.name, e.value) for e in importlib.metadata.entry_points(group="grimoire.rules"))
    assert sorted((e.name, e.value) for e in entry_points("grimoire.rules")) == theirs


def test_an_entry_point_loads_what_it_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "lantern_rules"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "plugin.py").write_text("class Holder:\n    PLUGIN = 'the rules'\n")
    dist(tmp_path, "lantern_rules-1.0", "[grimoire.rules]\nlantern = lantern_rules.plugin:Holder.PLUGIN\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    (entry,) = entry_points("grimoire.rules", [str(tmp_path)])
    assert entry.load() == "the rules"
