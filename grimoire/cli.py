"""The ``grimoire`` command: the app by default, and subcommands for the pure tools."""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict

from grimoire.console import echo
from grimoire.modes import GAMES

if TYPE_CHECKING:
    import argparse


class AppOpens(TypedDict, total=False):
    """``run_app``'s arguments for a command that only opens the app."""

    save: str | None
    mode: str


def app_command(argv: Sequence[str]) -> AppOpens | None:
    """What ``run_app`` is given for a command that only opens the app: ``grimoire``,
    ``grimoire play [SAVE]`` or an assistant game's key, read as argparse reads them. None for
    anything else (an option, help, a subcommand): the whole parser reads that.

    The commands a storyteller opens the app with every night need no parser: building it
    loads argparse, and with it the app's start held 1.1 MiB more (tests/bench/bench_app.py)."""
    if any(arg.startswith("-") for arg in argv):
        return None  # an option, or a file named like one: argparse's to read or refuse
    if not argv or (argv[0] == "play" and len(argv) == 1):
        return {"save": None}
    if argv[0] == "play" and len(argv) == 2:
        return {"save": argv[1]}
    if len(argv) == 1 and argv[0] in {mode.key for mode in GAMES}:
        return {"mode": argv[0]}
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    opens = app_command(argv)
    if opens is not None:
        _quiet_start()
        from grimoire.tui.app import run_app

        return run_app(**opens)
    try:
        return _command(argv)
    except KeyboardInterrupt:  # Ctrl+C stops a command (grimoire serve as it starts too): no traceback
        return 130


def _command(argv: list[str]) -> int:
    from grimoire.cli_parser import build_parser

    parser = build_parser()
    args = parser.parse_args(argv)
    command = args.command
    if command == "validate":
        from grimoire.validate import run_validate

        return run_validate(args.paths)
    if command == "scenario":
        if args.scenario_command != "run":
            parser.parse_args(["scenario", "--help"])
            return 2
        from grimoire.scenario.cli import run_scenarios

        return run_scenarios(args.files, as_json=args.json, save_dir=args.save_dir)
    if command == "export":
        from grimoire.cli_export import run_export

        return run_export(args.save, args.format, args.output)
    if command == "sheet":
        from grimoire.cli_export import run_sheet

        return run_sheet(args.save, args.night, args.script, args.characters, first=args.first, other=args.other)
    if command == "rehearse":
        return _rehearse(args)
    if command == "data":
        from grimoire.cli_data import run_data

        return run_data(args.data_command, getattr(args, "path", None), getattr(args, "url", None))
    if command == "townsquare":
        from grimoire.tui.townsquare import run_townsquare

        return run_townsquare(args.save)
    if command == "serve":
        from grimoire.games.mummy.phone_page import MummyReader
        from grimoire.web.serve import run_serve

        # Night of the Mummy played with phones: its autosave is served too.
        return run_serve(args.save, host=args.host, port=args.port, others=(MummyReader(),))
    # The app's commands argparse read: with "--" before a file named like an option.
    _quiet_start()
    from grimoire.tui.app import run_app

    if command in {mode.key for mode in GAMES}:
        return run_app(mode=command)
    return run_app(save=getattr(args, "save", None))


def _quiet_start() -> None:
    """No garbage collection until the app's first frame (the app turns it back on).

    Starting the app makes a great many objects and frees almost none, so the collector's
    passes over them at start are wasted time (about a sixth of the start). At the first frame
    the app freezes what the start made, turns collection back on, and a second later frees
    what the start threw away.

    Textual is imported first (the collector still on) and frozen: it lives as long as the
    app, and the app's sweeps of its own start's garbage (``grimoire.tui.support.sweep.sweep_start``)
    then pass over the grimoire's objects only.
    """
    # Textual is imported as any app imports it, the collector on: what importing it throws
    # away (the standard library's pure-Python classes its C modules replace, a few hundred
    # objects) goes as it goes, not kept by the freeze; held off for it, it would cost a
    # pass of the collector later (docs/benchmarks.md).
    import textual.app  # noqa: F401

    gc.disable()
    gc.freeze()


def _rehearse(args: argparse.Namespace) -> int:
    from grimoire.rehearse import RehearsalError, random_rehearsal, scenario_rehearsal

    if (args.scenario is None) == (args.players is None):
        echo("grimoire rehearse: give --players N, or a scenario file", err=True)
        return 2
    try:
        if args.scenario is not None:
            game = scenario_rehearsal(args.scenario)
        else:
            game = random_rehearsal(args.players, args.seed, args.script)
    except RehearsalError as exc:
        echo(f"grimoire rehearse: {exc}", err=True)
        return 1
    _quiet_start()
    from grimoire.tui.app import run_app

    return run_app(game=game, rehearsal=True)


if __name__ == "__main__":
    sys.exit(main())
