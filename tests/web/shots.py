"""Screenshots to look at: kept only where ``GRIMOIRE_SCREENSHOTS`` names a folder (nothing is
written otherwise)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("GRIMOIRE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))
