"""The pure core never imports Textual or Rich: each module is imported in a fresh interpreter."""

from __future__ import annotations

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


@pytest.mark.parametrize("module", pure_modules())
def test_pure_module_does_not_load_textual_or_rich(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"{module} loads {result.stdout.strip()}"


def test_the_core_packages_are_covered() -> None:
    mods = pure_modules()
    for expected in ("grimoire.game", "grimoire.rules.night", "night_order.walker", "grimoire.store.saves", "grimoire.scenario.run"):
        assert expected in mods
