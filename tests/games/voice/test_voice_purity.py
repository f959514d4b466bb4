"""The pure modules never pull in Textual or Rich, and every quoted rule is the seed's text."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from grimoire.games.voice import quotes

PURE = [
    "grimoire.games.voice.rules",
    "grimoire.games.voice.commands",
    "grimoire.games.voice.quotes",
    "grimoire.games.voice.speech",
]
SEED = Path("/work/shared/seeds/002_037779da5f9e0220.txt")


@pytest.mark.parametrize("module", PURE)
def test_pure_module_imports_no_ui(module: str) -> None:
    code = (
        f"import sys, {module}; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def _normal(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", text)


@pytest.mark.skipif(not SEED.is_file(), reason="the seed text is not in this checkout")
def test_every_quote_is_word_for_word_from_the_seed() -> None:
    seed = _normal(SEED.read_text(encoding="utf-8"))
    texts = {k: v for k, v in vars(quotes).items() if k.isupper() and isinstance(v, str)}
    missing = [name for name, text in texts.items() if _normal(text) not in seed]
    assert not missing
