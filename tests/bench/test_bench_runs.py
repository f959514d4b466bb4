"""The benchmarks run to their end: a short run of the app's (one start, one night at each size),
and the players' page's on a machine with no browser.

``make bench`` is not part of ``make test``, so a bench that stopped finishing (it once waited
for ever on a picker nobody answered) went unnoticed. Only that it finishes and the form of
what it prints are checked here, never its figures: speed is the bench's to measure.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).with_name("bench_app.py")
ROOT = Path(__file__).resolve().parents[2]
MS = r"[\d.]+ ms"


@pytest.mark.slow  # a whole process of the app bench, some 8 s: make test-slow and CI run it
def test_the_app_bench_runs_to_its_end() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    # The bench bounds its own waits; this timeout is only the last resort.
    run = subprocess.run([sys.executable, str(BENCH), "--runs", "1", "--nights", "1", "--presses", "5"],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    start, *steps = run.stdout.splitlines()
    assert re.fullmatch(r"start to first frame .*: bare \d+ ms, .* \d+ ms: [\d.]+x .*; peak memory: "
                        r"bare [\d.]+ MiB, grimoire [\d.]+ MiB: [\d.]+x .*", start), start
    assert len(steps) == 2, run.stdout
    for line, size in zip(steps, ("140x45", "80x24")):
        # The night's drunk or poisoned player's step opens the "told" picker: answered, not waited on.
        assert re.fullmatch(rf"next-step .* at {size}, 20 seats, .* pickers answered: [1-9]\d*\): {MS}, "
                            rf"90th percentile {MS} .* bare app .*: {MS} .*: [\d.]+x the bare app (OK|OVER)", line), line


def test_the_players_page_bench_finishes_without_a_browser(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """With no chromium, make bench still finishes: the page's figures are said to be not measured."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_web", BENCH.with_name("bench_web.py"))
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setenv("GRIMOIRE_CHROMIUM", str(tmp_path / "no-such-browser"))
    monkeypatch.delenv("GRIMOIRE_BROWSER_TESTS", raising=False)
    assert bench.main([]) == 0
    said = capsys.readouterr().out
    assert re.fullmatch(r"players' page: not measured: no (chromium|playwright) \(.*\)\n", said), said
    # Where the browser must be there (CI), its absence is a failure, not a line.
    monkeypatch.setenv("GRIMOIRE_BROWSER_TESTS", "required")
    assert bench.main([]) == 2


def test_night_of_the_mummys_pages_bench_finishes_without_a_browser(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_mummy_web", BENCH.with_name("bench_mummy_web.py"))
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    monkeypatch.setenv("GRIMOIRE_CHROMIUM", str(tmp_path / "no-such-browser"))
    monkeypatch.delenv("GRIMOIRE_BROWSER_TESTS", raising=False)
    assert bench.main([]) == 0
    said = capsys.readouterr().out
    assert re.fullmatch(r"Night of the Mummy's pages: not measured: no (chromium|playwright) \(.*\)\n", said), said
