import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=60, deadline=None)
settings.register_profile(
    "deep", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


# --- another window holding a game: a helper process that takes the game's lock ------------------
ROOT = Path(__file__).resolve().parents[1]
_HOLD = (
    "import sys\n"
    "from pathlib import Path\n"
    "from grimoire.store.lock import take\n"
    "lock = take(Path(sys.argv[1]))\n"
    "print('held', flush=True)\n"
    "sys.stdin.read()\n"  # holds until told to go (stdin closed) or killed
)


class LockHolder:
    """A process holding a game's lock, as another window would; ``kill`` is kill -9."""

    def __init__(self, path: Path) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.proc = subprocess.Popen([sys.executable, "-c", _HOLD, str(path)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        line = self.proc.stdout.readline() if self.proc.stdout else b""
        if line != b"held\n":
            self.proc.kill()
            raise AssertionError(f"the helper could not take the lock: {self.proc.stderr.read()!r}")  # type: ignore[union-attr]

    @property
    def pid(self) -> int:
        return self.proc.pid

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()


@pytest.fixture
def lock_holder():
    """``lock_holder(path)``: another process holding ``path``'s lock (ended after the test)."""
    made: list[LockHolder] = []

    def hold(path: Path) -> LockHolder:
        holder = LockHolder(path)
        made.append(holder)
        return holder

    yield hold
    for holder in made:
        holder.close()
