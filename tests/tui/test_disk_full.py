"""A disk full (or the game's folder made read-only) mid-game: a banner says the game is not
saved until a save succeeds, each action (and a slow timer) tries again, and quitting asks
what to do with the changes not on disk: save them elsewhere, retry, or lose them on purpose."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from pilot_keys import type_text, until

from grimoire.store import saves
from grimoire.store.saves import load_game
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.screens.unsaved import UnsavedQuit
from grimoire.tui.widgets.unsaved import UnsavedBanner

from .helpers import first_night, notes, settle

FULL = errno.ENOSPC


class Disk:
    """The disk under the game's folder: full (or refusing writes) while ``failing`` is set."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.failing: int | None = None
        self.folder: Path | None = None
        self.message = ""
        self.refused = 0  # writes refused so far
        real = saves.write_atomic

        def write(path: Path, text: str, backup: bool = True) -> Path:
            if self.failing is not None and Path(path).parent == self.folder:
                self.refused += 1
                raise OSError(self.failing, self.message or os.strerror(self.failing))
            return real(path, text, backup)

        monkeypatch.setattr(saves, "write_atomic", write)

    def fail(self, app: GrimoireApp, how: int = FULL, message: str = "") -> None:
        self.folder = app.autosave_path().parent
        self.failing, self.message = how, message

    def free(self) -> None:
        self.failing = None


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Disk:
    return Disk(monkeypatch)


def banner(app: GrimoireApp) -> UnsavedBanner:
    screen = app.screen_stack[-1]
    if isinstance(screen, UnsavedQuit):
        screen = app.screen_stack[-2]
    return screen.query_one(UnsavedBanner)


def banner_text(app: GrimoireApp) -> str:
    shown = banner(app)
    return str(shown.render()) if shown.display else ""


async def actions(pilot, n: int) -> None:  # type: ignore[no-untyped-def]
    """``n`` storyteller actions: notes on seat 1 (each one event, at any step)."""
    screen = pilot.app.screen
    assert isinstance(screen, GrimoireScreen)
    from grimoire.core import events as ev

    for i in range(n):
        screen.session.apply(ev.WriteNote(0, f"note {i}"))
        await pilot.pause()


async def unsaved_game(pilot, disk: Disk, how: int = FULL, n: int = 3, message: str = "") -> GrimoireScreen:  # type: ignore[no-untyped-def]
    await settle(pilot)
    disk.fail(pilot.app, how, message)
    await actions(pilot, n)
    await until(pilot, lambda: f"{n} change" in banner_text(pilot.app), "the banner")
    screen = pilot.app.screen
    assert isinstance(screen, GrimoireScreen)
    return screen


# A full disk in make test; a folder not writable in make test-deep.
@pytest.mark.parametrize("how", [errno.ENOSPC, pytest.param(errno.EACCES, marks=pytest.mark.slow)])
async def test_the_banner_stays_until_a_save_succeeds(disk: Disk, how: int) -> None:
    game = first_night()
    app = GrimoireApp(game=game)
    app.RETRY_EVERY = 0.05  # the slow retry, quick here
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        assert not banner(app).display
        saved = len(game.events)
        disk.fail(app, how)
        await actions(pilot, 1)
        await until(pilot, lambda: "1 change" in banner_text(app), "the banner")
        text = banner_text(app)
        assert "NOT SAVED" in text and os.strerror(how) in text and str(app.autosave_path()) in text
        await actions(pilot, 2)
        await until(pilot, lambda: "3 changes" in banner_text(app), "the count")
        refused = disk.refused
        await until(pilot, lambda: disk.refused > refused + 2, "the timer's retries")
        assert "3 changes" in banner_text(app)  # time passes, it stays
        assert load_game(app.autosave_path()).events == game.events[:saved]
        disk.free()  # no new action: the timer's retry saves it
        await until(pilot, lambda: not banner(app).display, "the banner to go")
        assert any("saved again" in n.lower() for n in notes(app))
        assert load_game(app.autosave_path()).events == game.events


async def test_the_next_action_saves_again_and_the_banner_goes(disk: Disk) -> None:
    game = first_night()
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await unsaved_game(pilot, disk)
        disk.free()
        await actions(pilot, 1)
        await until(pilot, lambda: not banner(pilot.app).display, "the banner to go")
        await settle(pilot)
        assert load_game(pilot.app.autosave_path()).events == game.events


async def test_the_banner_sits_under_the_title_and_moves_the_table_down(disk: Disk) -> None:
    from grimoire.tui.widgets.seats import SeatCircle
    from grimoire.tui.widgets.title import TitleBar

    async with GrimoireApp(game=first_night()).run_test(size=(80, 24)) as pilot:
        screen = await unsaved_game(pilot, disk)
        await settle(pilot)
        shown = banner(pilot.app).region
        assert shown.y == screen.query_one(TitleBar).region.bottom and shown.height >= 1
        seats = screen.query_one(SeatCircle).region
        assert seats.y == shown.bottom  # nothing of the table hidden under it
        assert seats.bottom == screen.query_one("#log").region.bottom  # the right-hand column's last panel


async def test_the_banner_shows_a_path_and_an_error_as_written(disk: Disk) -> None:
    async with GrimoireApp(game=first_night()).run_test(size=(140, 45)) as pilot:
        await unsaved_game(pilot, disk, message="[bold]full[/] x[/]y \x1b[31m")
        text = banner_text(pilot.app)
        assert "[bold]full[/] x[/]y \\x1b[31m" in text and "\x1b" not in text


async def _quit_dialog(pilot, key: str) -> UnsavedQuit:  # type: ignore[no-untyped-def]
    if key == "palette":
        await pilot.press("ctrl+p")
        await pilot.pause()
        await type_text(pilot, "quit")
        await pilot.press("enter")
    else:
        await pilot.press(key)
    await until(pilot, lambda: isinstance(pilot.app.screen, UnsavedQuit), "the question")
    return pilot.app.screen


# ctrl+q in make test: test_ctrl_q_in_a_picker_asks_when_changes_are_not_on_disk (below); the
# palette's Quit in the slow set (it asks through the same action as q).
@pytest.mark.parametrize("key", [pytest.param("ctrl+q", marks=pytest.mark.slow), "q",
                                 pytest.param("palette", marks=pytest.mark.slow)])
async def test_quitting_with_changes_not_on_disk_asks_and_escape_stays(disk: Disk, key: str) -> None:
    async with GrimoireApp(game=first_night()).run_test(size=(140, 45)) as pilot:
        await unsaved_game(pilot, disk)
        dialog = await _quit_dialog(pilot, key)
        text = " ".join(str(s.render()) for s in dialog.query("Static"))
        assert "3 changes" in text and "No space left on device" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GrimoireScreen) and pilot.app.return_code is None
        assert "3 changes" in banner_text(pilot.app)


@pytest.mark.slow
async def test_saved_to_another_place_has_every_action(disk: Disk, tmp_path: Path) -> None:
    game = first_night()
    app = GrimoireApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await unsaved_game(pilot, disk)
        dialog = await _quit_dialog(pilot, "ctrl+q")
        default = dialog.query_one("#unsaved-path").value
        assert default.endswith(".toml")
        # Another place on the full disk fails too: it says so, and stays.
        await pilot.press("ctrl+u")
        await type_text(pilot, str(app.autosave_path().parent / "elsewhere.toml"))
        await pilot.press("enter")
        await until(pilot, lambda: "Not saved there" in str(dialog.query_one("#unsaved-status").render()))
        assert pilot.app.screen is dialog and app.return_code is None
        rescue = tmp_path / "rescued.toml"
        await pilot.press("ctrl+u")
        await type_text(pilot, str(rescue))
        await pilot.press("enter")
        await until(pilot, lambda: app.return_code is not None, "the app to quit")
    assert load_game(rescue).events == game.events
    assert app.rescued == [rescue]


async def test_retry_quits_once_the_save_works_and_stays_while_it_fails(disk: Disk) -> None:
    game = first_night()
    app = GrimoireApp(game=game)
    async with app.run_test(size=(140, 45)) as pilot:
        await unsaved_game(pilot, disk)
        dialog = await _quit_dialog(pilot, "ctrl+q")
        await pilot.press("ctrl+r")
        await until(pilot, lambda: "failed again" in str(dialog.query_one("#unsaved-status").render()))
        assert pilot.app.screen is dialog and app.return_code is None
        disk.free()
        await pilot.press("ctrl+r")
        await until(pilot, lambda: app.return_code is not None, "the app to quit")
    assert load_game(app.autosave_path()).events == game.events


async def test_quit_and_lose_them_says_how_many_and_needs_its_own_key(disk: Disk) -> None:
    game = first_night()
    app = GrimoireApp(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await unsaved_game(pilot, disk, n=4)
        saved = len(game.events) - 4
        dialog = await _quit_dialog(pilot, "ctrl+q")
        assert "LOSE these 4 changes" in " ".join(str(s.render()) for s in dialog.query("Static"))
        await pilot.press("l", "q")  # typed into the path: nothing is lost by a slip
        await pilot.pause()
        assert app.return_code is None and pilot.app.screen is dialog
        await pilot.press("ctrl+l")
        await until(pilot, lambda: app.return_code is not None, "the app to quit")
    assert len(load_game(app.autosave_path()).events) == saved


def test_the_offered_place_is_in_the_home_and_names_the_game_once(tmp_path: Path) -> None:
    from grimoire.tui.screens.unsaved import default_place

    first = default_place(tmp_path / "games" / "masquerade.toml")
    assert first.parent == Path.home() and first.name.startswith("masquerade-saved-")
    again = default_place(first)
    assert again.name.count("-saved-") == 1 and again.suffix == ".toml"


async def _a_picker_open(pilot) -> None:  # type: ignore[no-untyped-def]
    from grimoire.tui.screens.modals import Pick

    await pilot.press("n", "n")  # the Claque's direction, then the Phantom's artifact: a picker
    await until(pilot, lambda: isinstance(pilot.app.screen, Pick), "a picker")


async def test_ctrl_q_in_a_picker_quits_when_all_is_saved(disk: Disk) -> None:
    # The footer offers ^q everywhere; a picker (a modal screen) took it for nothing.
    game = first_night()
    async with GrimoireApp(game=game).run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        await _a_picker_open(pilot)
        await pilot.press("ctrl+q")
        await until(pilot, lambda: not pilot.app.is_running, "the app to end")
        assert load_game(pilot.app.autosave_path()).events == game.events


async def test_ctrl_q_in_a_picker_asks_when_changes_are_not_on_disk(disk: Disk) -> None:
    async with GrimoireApp(game=first_night()).run_test(size=(140, 45)) as pilot:
        await unsaved_game(pilot, disk)
        await _a_picker_open(pilot)
        dialog = await _quit_dialog(pilot, "ctrl+q")
        assert "changes" in " ".join(str(s.render()) for s in dialog.query("Static"))
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.is_running
