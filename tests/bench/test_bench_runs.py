"""The app benchmark runs to its end: a short run of it (one start, one night at each size).

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


@pytest.mark.long
def test_the_app_bench_runs_to_its_end() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    # The bench bounds its own waits; this timeout is only the last resort.
    run = subprocess.run([sys.executable, str(BENCH), "--runs", "1", "--nights", "1", "--presses", "5"],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    start, *steps = run.stdout.splitlines()
    assert re.fullmatch(rf"start to first frame .*: bare \d+ ms, .* \d+ ms: [\d.]+x .*; peak memory: "
                        rf"bare [\d.]+ MiB, grimoire [\d.]+ MiB: [\d.]+x .*", start), start
    assert len(steps) == 2, run.stdout
    for line, size in zip(steps, ("140x45", "80x24")):
        # The night's drunk or poisoned player's step opens the "told" picker: answered, not waited on.
        assert re.fullmatch(rf"next-step .* at {size}, 20 seats, .* pickers answered: [1-9]\d*\): {MS}, "
                            rf"90th percentile {MS} .* bare app .*: {MS} .*: [\d.]+x the bare app (OK|OVER)", line), line
