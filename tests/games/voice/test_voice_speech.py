"""The optional espeak-ng voice, tried with stand-in programs (the real one need not exist)."""

from __future__ import annotations

import stat
from pathlib import Path

from grimoire.games.voice.speech import find_espeak, speak, speech_command


def _script(path: Path, body: str) -> str:
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


def test_found_only_when_installed() -> None:
    assert find_espeak(lambda name: None) is None
    assert find_espeak(lambda name: f"/usr/bin/{name}") == "/usr/bin/espeak-ng"


def test_text_is_never_taken_for_an_option() -> None:
    cmd = speech_command("espeak-ng", "-w /tmp/x Go up")
    assert cmd[-2:] == ["--", "-w /tmp/x Go up"]


def test_speak_passes_the_text(tmp_path: Path) -> None:
    out = tmp_path / "said.txt"
    fake = _script(tmp_path / "fake-espeak", f'for a; do last="$a"; done; echo "$last" > {out}\n')
    assert speak(fake, "Move up one level.") is None
    assert out.read_text(encoding="utf-8").strip() == "Move up one level."


def test_speak_reports_failures(tmp_path: Path) -> None:
    broken = _script(tmp_path / "broken", "echo 'no audio device' >&2; exit 3\n")
    assert speak(broken, "x") == "espeak-ng failed: no audio device"
    assert speak(str(tmp_path / "missing"), "x") is not None
