"""Every quoted rule is the seed's text. (That the rules never pull in Textual or Rich is
tests/test_import_hygiene.py's, for every pure module.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grimoire.games.voice import quotes

SEED = Path(__file__).with_name("seed_002.txt")  # the game's text, not in the repository: a copy here is checked


def _normal(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", text)


@pytest.mark.skipif(not SEED.is_file(), reason="the seed text is not in this checkout")
def test_every_quote_is_word_for_word_from_the_seed() -> None:
    seed = _normal(SEED.read_text(encoding="utf-8"))
    texts = {k: v for k, v in vars(quotes).items() if k.isupper() and isinstance(v, str)}
    missing = [name for name, text in texts.items() if _normal(text) not in seed]
    assert not missing
