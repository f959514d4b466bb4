"""The commands that open the app (``grimoire``, ``grimoire play [SAVE]``, an assistant game's
key) are read without argparse (grimoire.cli.app_command): what they give the app is what the
whole parser reads from them, and anything else is left to the parser."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grimoire.cli import app_command, main
from grimoire.cli_parser import build_parser
from grimoire.modes import GAMES

WORDS = ["play", "validate", "export", "sheet", "serve", "data", "--help", "-h", "--version", "--", "-",
         "game.toml", "-game.toml", "", "two words.toml", "play.toml", *[mode.key for mode in GAMES]]


def parsed(argv: list[str]) -> dict[str, str | None] | None:
    """What the whole parser gives the app for argv (None: not a command that opens it)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit:
        return None
    if args.command in {mode.key for mode in GAMES}:
        return {"mode": args.command}
    if args.command in (None, "play"):
        return {"save": getattr(args, "save", None)}
    return None


@pytest.mark.parametrize("argv", [[], ["play"], ["play", "game.toml"], ["play", "two words.toml"], ["play", ""],
                                  *[[mode.key] for mode in GAMES]])
def test_the_app_commands_are_read_as_the_parser_reads_them(argv: list[str]) -> None:
    assert app_command(argv) == parsed(argv) is not None


@pytest.mark.parametrize("argv", [["--help"], ["play", "--help"], ["play", "--", "-game.toml"], ["play", "-x"],
                                  ["play", "a.toml", "b.toml"], ["validate", "a.toml"], ["--version"],
                                  ["mummy", "extra"], ["Play"]])
def test_anything_else_is_the_parsers(argv: list[str]) -> None:
    assert app_command(argv) is None


@given(st.lists(st.sampled_from(WORDS), max_size=4))
def test_never_reads_a_command_otherwise_than_the_parser(argv: list[str]) -> None:
    opens = app_command(argv)
    if opens is not None:
        assert opens == parsed(argv)


def test_a_file_named_like_an_option_still_opens_after_two_dashes(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import grimoire.tui.app

    opened: list[dict[str, object]] = []
    monkeypatch.setattr(grimoire.tui.app, "run_app", lambda **kwargs: opened.append(kwargs) or 0)
    monkeypatch.setattr("grimoire.cli._quiet_start", lambda: None)  # the collector stays as the tests have it
    assert main(["play", "--", "-game.toml"]) == 0
    assert main(["play", "game.toml"]) == 0
    assert main([GAMES[0].key]) == 0
    assert opened == [{"save": "-game.toml"}, {"save": "game.toml"}, {"mode": GAMES[0].key}]
