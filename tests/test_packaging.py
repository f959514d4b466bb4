"""The wheel carries every package and the built-in scripts (a plain ``pip install .``)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def listed_packages() -> set[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(data["tool"]["setuptools"]["packages"])


def test_the_distribution_has_a_name_of_its_own_and_the_command_stays_grimoire() -> None:
    # "grimoire" on PyPI is an unrelated project: ours could never be published or pipx
    # installed under it. --version looks the version up under the same name.
    from grimoire.cli_parser import DISTRIBUTION

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == DISTRIBUTION == "grimoire-storyteller"
    assert project["scripts"] == {"grimoire": "grimoire.cli:main"}


def test_every_package_folder_is_listed_in_pyproject() -> None:
    # Every folder Python could import, a folder of data files too (a namespace package, as
    # setuptools sees it: it warned at every install of one left out, forty lines).
    found = {
        ".".join(folder.relative_to(ROOT).parts)
        for top in ("grimoire", "night_order")
        for folder in [ROOT / top, *(ROOT / top).rglob("*")]
        if folder.is_dir() and folder.name.isidentifier() and folder.name != "__pycache__"
        and any(f.is_file() for f in folder.iterdir())
    }
    missing = found - listed_packages()
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"


def test_every_plugin_package_is_declared_as_an_entry_point() -> None:
    # The registry finds a plug-in by its entry point only: a package of grimoire.rules with a
    # plugin module and no entry point would never play (Grimoire's own are declared as a
    # third party's are, in [project.entry-points."grimoire.rules"]).
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["entry-points"]["grimoire.rules"]
    packages = sorted(p.parent.name for p in (ROOT / "grimoire" / "rules").glob("*/plugin.py"))
    assert packages and declared == {name: f"grimoire.rules.{name}.plugin:PLUGIN" for name in packages}


@pytest.mark.slow  # builds a wheel with pip
@pytest.mark.long
def test_the_wheel_ships_the_scripts_and_styles(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    assert "absent from the `packages` configuration" not in built.stderr, built.stderr
    (wheel,) = tmp_path.glob("grimoire_storyteller-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "grimoire/scripts/phantom.json" in names
    assert "grimoire/tui/grimoire.tcss" in names
    assert "night_order/walker.py" in names
    assert {f"grimoire/web/page/{f}" for f in ("index.html", "page.css", "page.js")} <= names  # the players' page
    # The wheel's metadata carries the rules plug-ins' entry points, as a third party's would.
    (entry_points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    declared = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[grimoire.rules]" in declared and "tb = grimoire.rules.tb.plugin:PLUGIN" in declared, declared
    # Installed from the wheel (not a checkout), the built-in script still loads.
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    code = (
        "import grimoire; from grimoire.core.script import load_script; "
        "from grimoire.rules import plugins; "
        "print(grimoire.__file__); print(load_script('phantom').name); "
        "print(plugins.rules_for(load_script('phantom')).name); print([p.name for p in plugins.plugins()])"
    )
    env = {"PYTHONPATH": str(unpacked), "PATH": "/usr/bin:/bin"}
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith(str(unpacked))
    assert "Phantom of the Opera" in ran.stdout
    # Its rules found through the entry points of the wheel's own metadata.
    assert ("[\"Bad Moon Rising's rules\", \"the Phantom's rules\", \"Sects & Violets' rules\", "
            "\"Trouble Brewing's rules\"]") in ran.stdout, ran.stdout


@pytest.mark.slow  # builds and installs a wheel with pip
@pytest.mark.long
def test_a_plugin_in_a_wheel_of_its_own_plays_its_script(tmp_path: Path) -> None:
    # A homebrew script's rules as their author ships them (docs/plugins.md, section 8): a
    # project of their own whose pyproject.toml declares the entry point; installed beside
    # Grimoire, they play their script with no change to Grimoire.
    project = tmp_path / "moonlight"
    (project / "moonlight_rules").mkdir(parents=True)
    (project / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=68"]\nbuild-backend = "setuptools.build_meta"\n'
        '[project]\nname = "moonlight-rules"\nversion = "1.0.0"\n'
        '[project.entry-points."grimoire.rules"]\nmoonlight = "moonlight_rules.plugin:PLUGIN"\n'
        '[tool.setuptools]\npackages = ["moonlight_rules"]\n', encoding="utf-8")
    (project / "moonlight_rules" / "__init__.py").write_text("", encoding="utf-8")
    (project / "moonlight_rules" / "plugin.py").write_text(
        "from grimoire.rules.storyteller import StorytellerRules\n"
        "class MoonlightRules(StorytellerRules):\n"
        "    name = 'the Carnival by moonlight'\n"
        "    def plays(self, script):\n"
        "        return script.name == 'Carnival'\n"
        "PLUGIN = MoonlightRules()\n", encoding="utf-8")
    pip = [sys.executable, "-m", "pip"]
    built = subprocess.run([*pip, "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(project)],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("moonlight_rules-*.whl")
    site = tmp_path / "site"
    installed = subprocess.run([*pip, "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
                               capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr
    carnival = ROOT / "tests" / "anyscript" / "scripts" / "carnival.json"
    code = ("from grimoire.core.script import load_script; from grimoire.rules.plugins import rules_for; "
            f"print(rules_for(load_script({str(carnival)!r})).name); print(rules_for(load_script('phantom')).name)")
    env = {"PYTHONPATH": os.pathsep.join([str(site), str(ROOT)]), "PATH": "/usr/bin:/bin",
           "GRIMOIRE_HOME": str(tmp_path / "home")}
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines() == ["the Carnival by moonlight", "the Phantom's rules"]
