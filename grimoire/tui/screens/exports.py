"""The grimoire screen's ways out: the session log (Markdown, JSON, HTML) and the game so far
as a scenario file. Files are written in a worker thread; the result comes back as a notice."""

from __future__ import annotations

import datetime
from pathlib import Path

from textual import work

from grimoire.game import Game
from grimoire.tui.guard import asks

FORMATS = (("Markdown: a story to post for the group", "md"), ("HTML: one page, opens on a phone", "html"),
           ("JSON: every event, lossless", "json"))


def default_path(game: Game, kind: str, suffix: str) -> Path:
    from grimoire.store.paths import data_dir

    stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M")
    return data_dir() / "exports" / f"{kind}-night-{game.state.night}-{stamp}.{suffix}"


class ExportActions:
    """Mixed into the grimoire screen (which has ``game``, ``app`` and ``notify``)."""

    game: Game

    @asks
    async def action_export_log(self) -> None:
        from grimoire.tui.screens.modals import AskText, Pick

        fmt = await self.app.push_screen_wait(Pick("Export the session log as…", FORMATS))  # type: ignore[attr-defined]
        if fmt is None:
            return
        path = await self.app.push_screen_wait(  # type: ignore[attr-defined]
            AskText("Write the session log to (Enter to confirm)", value=str(default_path(self.game, "session", fmt)))
        )
        if path:
            self._write_export(self.game.setup, tuple(self.game.events), fmt, Path(path.strip()).expanduser())

    @work(thread=True, group="export")
    def _write_export(self, setup, events, fmt: str, path: Path) -> None:  # type: ignore[no-untyped-def]
        from grimoire.present.export import FORMATS as RENDER

        text = RENDER[fmt](Game(setup, events))
        if not self._write_file(path, text):
            return
        self.app.call_from_thread(self.notify, f"Wrote {path}", title="Session log")  # type: ignore[attr-defined]

    @asks
    async def action_save_scenario(self) -> None:
        from grimoire.scenario.write import ScenarioWriteError, game_to_scenario
        from grimoire.tui.screens.modals import AskText

        try:
            text = game_to_scenario(self.game)
        except ScenarioWriteError as exc:
            self.notify(f"Cannot save as a scenario: {exc}", severity="error", timeout=10)  # type: ignore[attr-defined]
            return
        path = await self.app.push_screen_wait(  # type: ignore[attr-defined]
            AskText("Save the game so far as a scenario file", value=str(default_path(self.game, "scenario", "toml")))
        )
        if path:
            self._write_text(text, Path(path.strip()).expanduser(), "Scenario")

    @work(thread=True, group="export")
    def _write_text(self, text: str, path: Path, title: str) -> None:
        if not self._write_file(path, text):
            return
        note = " (whole nights and days only)" if self.game.prompt is not None else ""
        self.app.call_from_thread(self.notify, f"Wrote {path}{note}", title=title)  # type: ignore[attr-defined]

    def _write_file(self, path: Path, text: str) -> bool:
        """Write in a worker thread; a problem is told (never over a game a window has open)."""
        from grimoire.store.lock import GameInUse
        from grimoire.store.saves import write_unheld

        try:
            write_unheld(path, text, backup=True)
        except GameInUse as exc:
            problem = f"it is a game open in a window ({exc.holder.describe()})"
        except OSError as exc:
            problem = str(exc.strerror or exc)
        else:
            return True
        self.app.call_from_thread(self.notify, f"Cannot write {path}: {problem}", severity="error")  # type: ignore[attr-defined]
        return False
