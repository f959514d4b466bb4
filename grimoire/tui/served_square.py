"""The town square as each player's browser runs it (``grimoire serve``): read-only, and
nothing but the square.

textual-serve starts one process of this app for each browser that connects, and hands it
that browser's keys and clicks. So no key here may reach the storyteller's machine: no quit
(a phone's quit would only end its own view, but nothing is gained by offering it), no
command palette and no system commands (Textual's "Screenshot" writes a file), and every
app-level action refused but moving the focus. It shows the same view as the terminal's
town square (grimoire.core.public, the one decider of what is public), without the path
of the storyteller's file.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual.app import SystemCommand
from textual.screen import Screen

from grimoire.tui.townsquare import TownSquareApp

ALLOWED = frozenset({"focus_next", "focus_previous"})  # the app's actions a player may run


class PlayersSquareApp(TownSquareApp, inherit_bindings=False):
    TITLE = "Grimoire — town square"
    BINDINGS = []  # not even Textual's own ctrl+q and ctrl+c: see the module's words
    ENABLE_COMMAND_PALETTE = False
    SHOW_PATHS = False
    CSS = TownSquareApp.CSS + "\nKeysFooter { display: none; }\n"

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        return ()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in ALLOWED

    # Whatever asks for them anyway (a binding added by a later Textual), these do nothing.
    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        return None

    def save_screenshot(self, *args: Any, **kwargs: Any) -> str:
        raise PermissionError("the players' town square writes no file")

    def deliver_screenshot(self, *args: Any, **kwargs: Any) -> str | None:
        return None

    def deliver_text(self, *args: Any, **kwargs: Any) -> str | None:
        return None

    def deliver_binary(self, *args: Any, **kwargs: Any) -> str | None:
        return None

    async def action_quit(self) -> None:
        return None

    def action_help_quit(self) -> None:
        return None

    def action_suspend_process(self) -> None:
        return None

    def action_command_palette(self) -> None:
        return None

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        return None


def main(argv: list[str]) -> int:
    PlayersSquareApp(Path(argv[0]) if argv else None).run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
