"""When the browser tests cannot run, they say why: no chromium, or a chromium that did not start
and what it said (not "no chromium" for one that is installed), at their skip and at the end of
the run; where they are required, they fail with it. Chromium's start is given long enough for a
loaded machine."""

from __future__ import annotations

import stat
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import LAUNCH_TIMEOUT_MS, NO_CHROMIUM, launch, not_tested_lines

BROKEN = "#!/bin/sh\necho 'cannot open the profile: it is locked' >&2\nexit 3\n"


def broken_chromium(folder: Path) -> str:
    path = folder / "chromium"
    path.write_text(BROKEN)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.mark.parametrize("required", [False, True])
def test_a_chromium_that_does_not_start_says_what_it_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         required: bool) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    if required:
        monkeypatch.setenv("GRIMOIRE_BROWSER_TESTS", "required")
    else:
        monkeypatch.delenv("GRIMOIRE_BROWSER_TESTS", raising=False)
    path = broken_chromium(tmp_path)
    playwright = sync_api.sync_playwright().start()
    with pytest.raises((pytest.fail.Exception, pytest.skip.Exception)) as stopped:
        launch(playwright, path)  # it stops Playwright itself
    assert isinstance(stopped.value, pytest.fail.Exception if required else pytest.skip.Exception)
    reason = stopped.value.msg
    assert reason.startswith(f"chromium did not start ({path}): BrowserType.launch: "), reason
    assert reason.endswith("it said: cannot open the profile: it is locked"), reason
    assert NO_CHROMIUM not in reason and "--no-sandbox" not in reason  # nor the command line it repeats


class _Chromium:
    def __init__(self) -> None:
        self.asked: dict[str, Any] = {}

    def launch(self, **options: Any) -> str:
        self.asked = options
        return "a browser"


class _Playwright:
    def __init__(self) -> None:
        self.chromium = _Chromium()


def test_the_launch_is_given_long_enough_for_a_loaded_machine() -> None:
    """Playwright gives a launch 30 s: on a loaded machine Chromium took longer to start."""
    playwright = _Playwright()
    assert launch(playwright, "/usr/bin/chromium") == "a browser"
    assert playwright.chromium.asked["timeout"] == LAUNCH_TIMEOUT_MS >= 120_000
    assert playwright.chromium.asked["executable_path"] == "/usr/bin/chromium"


def test_the_end_of_the_run_says_each_reason_once() -> None:
    reasons = ["Skipped: chromium did not start (/usr/bin/chromium): BrowserType.launch: Timeout 180000ms exceeded.",
               "Skipped: chromium did not start (/usr/bin/chromium): BrowserType.launch: Timeout 180000ms exceeded.",
               f"Skipped: {NO_CHROMIUM}", "Skipped: not on this script"]
    assert not_tested_lines(reasons) == [
        "The players' page was NOT tested in a browser (chromium did not start (/usr/bin/chromium): "
        "BrowserType.launch: Timeout 180000ms exceeded.).",
        f"The players' page was NOT tested in a browser ({NO_CHROMIUM}).",
    ]
