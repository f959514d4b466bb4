"""Screenshots to look at: kept only where ``GRIMOIRE_SCREENSHOTS`` names a folder (nothing is
written otherwise)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def shot(page: Any, name: str, *, full_page: bool = False) -> None:
    """A screenshot of ``page`` as ``name``.png in that folder; none taken otherwise (a
    screenshot costs Chromium some CPU, and a run no one looks at needs none)."""
    folder = os.environ.get("GRIMOIRE_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full_page)
