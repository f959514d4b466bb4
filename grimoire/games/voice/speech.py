"""Optional speech: the Mummy's command read aloud by espeak-ng, if it is installed.

Never required: without the binary the mode is silent. Pure (no Textual); the screen calls
``speak`` from a worker thread so the UI never waits for the voice.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable

BINARY = "espeak-ng"
# A slow, low voice suits a mummy; the text goes after "--" so it is never read as an option.
VOICE_ARGS = ("-s", "130", "-p", "25")


def find_espeak(which: Callable[[str], str | None] = shutil.which) -> str | None:
    return which(BINARY)


def speech_command(binary: str, text: str) -> list[str]:
    return [binary, *VOICE_ARGS, "--", text]


def speak(binary: str, text: str, timeout: float = 60.0) -> str | None:
    """Say ``text``; returns None when spoken, or a short reason when it could not be."""
    try:
        done = subprocess.run(
            speech_command(binary, text),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"{BINARY} failed: {exc}"
    if done.returncode != 0:
        detail = done.stderr.decode(errors="replace").strip().splitlines()
        return f"{BINARY} failed: {detail[-1] if detail else f'exit {done.returncode}'}"
    return None
