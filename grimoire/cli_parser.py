"""The ``grimoire`` command's parser (argparse): every subcommand, its options and its help.

Built for every command but those that only open the app (``grimoire``, ``grimoire play
[SAVE]``, an assistant game's key), which ``grimoire.cli.app_command`` reads without it."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from grimoire.console import echo
from grimoire.core.script import MAIN
from grimoire.modes import GAMES

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


class _Parser(argparse.ArgumentParser):
    """argparse, whose usage errors repeat what was typed: printed harmlessly too."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message:
            echo(message, err=file is sys.stderr, end="")


DISTRIBUTION = "grimoire-storyteller"  # pyproject.toml's name (PyPI's "grimoire" is another project)


def _version() -> str:
    """The installed package's version (pyproject.toml's, as pip recorded it)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # run from a checkout that was never installed
        from grimoire import __version__

        return f"{__version__} (not installed)"


class _Version(argparse.Action):
    """``--version``: the version is looked up only when asked (the metadata costs every start
    some milliseconds otherwise)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print Grimoire's version and exit")

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        parser._print_message(f"grimoire {_version()}\n", sys.stdout)
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="grimoire",
        description=(
            "Grimoire: the storyteller's companion for MASQUERADE - The Phantom of the Opera "
            "(a Blood on the Clocktower script), with assistant modes for three other games. "
            "With no command, opens the app's start screen."
        ),
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the grimoire on a saved game (or the start screen)")
    play.add_argument("save", nargs="?", help="a saved game (.toml), continued and saved in place")

    validate = sub.add_parser("validate", help="check a script (.json), a saved game (.toml) or a JSON session log")
    validate.add_argument("paths", nargs="+", metavar="PATH")

    scenario = sub.add_parser("scenario", help="scenario files (see the scenario format)")
    scenario_sub = scenario.add_subparsers(dest="scenario_command", metavar="ACTION")
    run = scenario_sub.add_parser("run", help="play scenario files and check their expectations")
    run.add_argument("files", nargs="+", metavar="FILE")
    run.add_argument("--json", action="store_true", help="one JSON object per scenario")
    run.add_argument("--save-dir", metavar="DIR", help="write each final game as a saved game")

    export = sub.add_parser("export", help="export a saved game's session log")
    export.add_argument("save", metavar="SAVE")
    export.add_argument("--format", choices=("md", "json", "html"), default="md")
    export.add_argument("-o", "--output", metavar="FILE", help="write here instead of printing")

    sheet = sub.add_parser("sheet", help="print a night sheet for a saved game or a set of characters")
    sheet.add_argument("save", nargs="?", metavar="SAVE")
    sheet.add_argument("--night", type=int, metavar="N",
                       help="a night of the saved game that has begun, as it stood at its dusk "
                            "(default: tonight, or the coming night)")
    sheet.add_argument("--script", default=MAIN, help="script id or path (without SAVE)")
    sheet.add_argument("--characters", metavar="A,B,C",
                       help="character ids in play, comma-separated (default: the whole script)")
    which = sheet.add_mutually_exclusive_group()
    which.add_argument("--first", action="store_true", help="only the first night (without SAVE)")
    which.add_argument("--other", action="store_true", help="only the other nights (without SAVE; default: both)")

    rehearse = sub.add_parser("rehearse", help="rehearse a random table or a scenario's, from the first night")
    rehearse.add_argument("scenario", nargs="?", metavar="SCENARIO", help="a scenario file (.toml)")
    rehearse.add_argument("--players", type=int, metavar="N", help="deal a random legal table of N players")
    rehearse.add_argument("--seed", type=int, metavar="S", help="the random seed (the same seed, the same table)")
    rehearse.add_argument("--script", default=MAIN, metavar="SCRIPT",
                          help="with --players: the script (phantom; tb, bmr or snv with the official data; "
                               "or a script file's path)")

    square = sub.add_parser("townsquare", help="a read-only view for the players (follows the open game)")
    square.add_argument("save", nargs="?", metavar="SAVE",
                        help="a saved game (default: the game open in the grimoire, switching when it changes)")

    data = sub.add_parser("data", help="the official character data: show it and its backup, update it, "
                                       "import it, restore the backup")
    data_sub = data.add_subparsers(dest="data_command", metavar="ACTION")
    update = data_sub.add_parser("update", help="fetch the newest official data (roles, night sheet, jinxes); "
                                                "checked first, the data it replaces kept as the backup")
    update.add_argument("--url", metavar="URL",
                        help="where the three files are (default: the botc-release repository; "
                             "or set GRIMOIRE_DATA_URL)")
    imported = data_sub.add_parser("import", help="take the official data from a local copy (checked the same way, "
                                                  "the data it replaces kept as the backup)")
    imported.add_argument("path", metavar="PATH", help="a folder with the three files, or a checkout of botc-release")
    data_sub.add_parser("restore", help="bring back the data kept before the last import or update "
                                        "(the data it replaces becomes the backup)")

    serve = sub.add_parser("serve", help="serve the players' town square to browsers (phones, a TV)")
    serve.add_argument("save", nargs="?", metavar="SAVE",
                       help="a saved game (default: the game open in the grimoire, switching when it changes)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default 127.0.0.1: this machine only; "
                            "0.0.0.0 opens the square to the whole network)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: any free port)")

    for mode in GAMES:
        sub.add_parser(mode.key, help=f"assistant mode: {mode.title}")
    return parser
