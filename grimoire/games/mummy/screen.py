"""Night of the Mummy: the setup screen (the mode's root), which deals and opens the table."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Header, SelectionList, Static
from textual.widgets.selection_list import Selection

from grimoire.games import persist
from grimoire.games.autosave_screen import AutosaveScreen
from grimoire.games.mummy import rules, save
from grimoire.games.mummy.commands import ScreenKeys
from grimoire.games.mummy.deal import DealScreen
from grimoire.games.mummy.guests import CATALOGUE, GuestDef, other_set_guest
from grimoire.games.mummy.modals import AskScreen, ConfirmScreen, PromptScreen
from grimoire.games.mummy.reference import FACE, ReferenceScreen
from grimoire.games.mummy.rules import RuleError
from grimoire.tui.guard import ASK, Guarded, asks, choice
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter

CSS = Path(__file__).with_name("mummy.tcss")


def _keys(screen: Screen[Any]) -> dict[str, str]:
    return {screen.app.get_key_display(b): b.description for b in screen.BINDINGS if isinstance(b, Binding)}


class MummyScreen(Guarded, AutosaveScreen, Screen[None]):
    """Setup: players, guests (by hand or at random), learning/advanced, combining sets, deal.

    The mode's first screen: it holds the game's autosave for this window (the table screen
    writes it through the same saver)."""

    CSS_PATH = CSS
    COMMANDS = {ScreenKeys}
    TITLE = "Night of the Mummy"
    SAVE = save
    GAME_TITLE = "Night of the Mummy"
    CHANGES_GAME = frozenset({"deal"})  # refused while watching
    BINDINGS = [
        Binding("p", "players", "Players", id="mummy.setup.players", tooltip="Name the 4–8 players, clockwise"),
        Binding("r", "random", "Random guests", id="mummy.setup.random", tooltip="Choose the guests at random (always with The Mummy)"),
        Binding("l", "learning", "Learning", id="mummy.setup.learning", tooltip="Learning game: no Advanced Guests"),
        Binding("c", "combined", "Combine sets", id="mummy.setup.combined",
                tooltip="Combine with other Masquerade sets (the seed's guidelines become rules)"),
        Binding("o", "other_guest", "Other-set guest", id="mummy.setup.other", tooltip="Add a guest from another Masquerade set by name"),
        Binding("f", "phones", "Phones", id="mummy.setup.phones",
                tooltip="Play with the players' phones: every secret on the phones concerned, the laptop never passed round"),
        Binding("d", "deal", "Deal", id="mummy.setup.deal", tooltip="Deal the guests, one player at a time"),
        Binding("question_mark", "reference", "Guests & rules", id="mummy.setup.reference",
                tooltip="Every guest's text and the turn rules"),
        Binding("escape", "leave", "Menu", id="mummy.setup.leave", tooltip="Back to Grimoire's start screen"),
    ]

    players: var[tuple[str, ...]] = var((), bindings=True)
    learning: var[bool] = var(False)
    combined: var[bool] = var(False, bindings=True)
    phones: var[bool] = var(False)

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__()
        self.rng = rng or random.Random()
        self.catalogue: dict[str, GuestDef] = dict(CATALOGUE)
        self._saver = self.new_saver()
        self._unreadable: str | None = None  # the autosave's problem, while it is left alone
        # The saved game in progress (its public summary) while it was neither resumed nor
        # given up: a deal asks before it replaces it.
        self._in_progress: str | None = None
        self._table: Any = None  # the table screen, while a watched game is shown

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="mummy-setup"):
            with Vertical(id="mummy-guests-pane"):
                yield Static("[b]Guests[/b]  (space toggles)", classes="mummy-pane-title")
                yield SelectionList[str](*self._selections(()), id="mummy-guests")
            with Vertical(id="mummy-status-pane"):
                yield Static(id="mummy-players")
                yield Static(id="mummy-status")
        yield KeysFooter()

    def _selections(self, chosen: tuple[str, ...]) -> list[Selection[str]]:
        items = []
        for guest in self.catalogue.values():
            tags = [FACE[guest.hides_face]]
            if guest.advanced:
                tags.append("advanced")
            if guest.set != "notm":
                tags.append(guest.set)
            label = f"{esc(guest.name)}  [dim]({esc(', '.join(tags))})[/dim]"
            items.append(Selection(label, guest.id, guest.id in chosen))
        return items

    def on_mount(self) -> None:
        self.sub_title = "Setup"
        self.query_one("#mummy-guests").focus()
        self._refresh_status()
        self.hold_autosave(self._open_autosave)

    def _open_autosave(self) -> None:
        if persist.has_autosave(save.KEY):
            self._read_autosave()
        elif self.read_only:
            self.notify("Nothing is saved yet: the game shows here once the other window deals one.")

    # ------------------------------------------------------------------------------ autosave

    @work(group=ASK)  # never refused, and other questions wait for it
    async def _offer_resume(self, saved: persist.Autosaved | None, problem: str | None) -> None:
        party: save.Party | None = None if saved is None else saved.state
        if self.read_only:
            self.show_saved(party, problem)
            return
        if saved is None or party is None:
            # Leave the file exactly as it is until a new game is dealt and confirmed.
            self._saver.blocked = True
            self._unreadable = problem
            await self.app.push_screen_wait(
                ConfirmScreen(
                    f"[b]The autosave cannot be read[/b]\n\n{esc(problem or '')}\n\n"
                    "The file is left exactly as it is; dealing a new game replaces it only "
                    "when you confirm.\n\nEnter or Esc: go on to the setup"
                )
            )
            return
        # Only public facts: the players and how many are revealed, never a card.
        resume = await self.app.push_screen_wait(
            AskScreen(
                "[b]A game is in progress[/b]\n\n"
                f"[b]Enter[/b]  Resume the game in progress ({esc(save.summary(party.game))})\n"
                "[b]n[/b]      Start a new one"
            )
        )
        self._in_progress = save.summary(party.game) if resume is None else None  # Esc: not given up
        if resume:
            from grimoire.games.mummy.table import TableScreen

            self.players = party.game.setup.players
            # Not waited on: a worker left waiting for the whole game would hold up quitting.
            self.app.push_screen(
                TableScreen(party.game, self.rng, self._saver, resumed=True, log=party.log, grids=party.grids,
                            undo=saved.undo, phones=party.phones)
            )

    def show_watched(self, state: save.Party) -> None:
        from grimoire.games.mummy.table import TableScreen

        self.players = state.game.setup.players
        table = self._table
        if table is not None and table.is_attached:
            table.show_watched(state)
            return
        self._table = TableScreen(
            state.game, self.rng, self._saver, resumed=True, read_only=self.read_only, log=state.log, grids=state.grids,
            phones=state.phones,
        )
        # Leaving a watched table leaves the mode: its setup here would be nobody's.
        self.app.push_screen(self._table, lambda _: self.dismiss(None))

    @property
    def chosen(self) -> tuple[str, ...]:
        selected = set(self.query_one("#mummy-guests", SelectionList).selected)
        return tuple(guest_id for guest_id in self.catalogue if guest_id in selected)

    def _set_chosen(self, chosen: tuple[str, ...]) -> None:
        guests = self.query_one("#mummy-guests", SelectionList)
        guests.clear_options()
        guests.add_options(self._selections(chosen))
        self._refresh_status()

    @on(SelectionList.SelectedChanged)
    @choice
    def _selection_changed(self) -> None:
        self._refresh_status()

    def watch_players(self) -> None:
        if self.is_mounted:
            self._refresh_status()

    def _refresh_status(self) -> None:
        names = ", ".join(esc(n) for n in self.players) or "[i]none yet — press p[/i]"
        self.query_one("#mummy-players", Static).update(
            f"[b]Players[/b] ({len(self.players)}, clockwise): {names}"
        )
        lines = [
            f"Learning game: {'yes (no Advanced Guests)' if self.learning else 'no'}   ·   "
            f"Combining sets: {'yes' if self.combined else 'no'}",
            "Secrets: " + ("on the players' phones (each player opens their own link: L at the table)"
                           if self.phones else "the laptop is passed round (f: play with phones)"),
            f"Guests chosen: {len(self.chosen)}",
        ]
        if len(self.players) in rules.GUESTS_FOR_PLAYERS:
            n = len(self.players)
            lines.append(
                f"{n} players need {rules.guests_for(n)} guests: "
                f"{rules.mystery_count(n)} Mystery Guest(s) and one for each player."
            )
        status = "\n".join(lines)
        try:
            warnings = self._check()
        except RuleError as error:
            status += f"\n\n[b]Not ready:[/b] {esc(str(error))}"
        else:
            status += "\n\n[b]Ready to deal (d).[/b]"
            for warning in warnings:
                status += f"\n[i]Guideline (a warning outside combined play):[/i] {esc(warning)}"
        self.query_one("#mummy-status", Static).update(status)

    def _check(self) -> list[str]:
        return rules.check_setup(
            self.players, self.chosen, learning=self.learning, combined=self.combined,
            catalogue=self.catalogue,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "other_guest":
            return self.combined
        if action in ("random", "deal"):
            return True if len(self.players) in rules.GUESTS_FOR_PLAYERS else None
        return True

    @asks
    async def action_players(self) -> None:
        text = await self.app.push_screen_wait(
            PromptScreen("Players, clockwise, separated by commas", ", ".join(self.players),
                         "Alice, Bob, Cat, Dan")
        )
        if text is None:
            return
        names = tuple(name.strip() for name in text.split(",") if name.strip())
        try:
            rules.check_players(names)
        except RuleError as error:
            self.notify(str(error), title="Players", severity="error", timeout=8)
            return
        self.players = names

    def action_random(self) -> None:
        try:
            chosen = rules.random_choice(len(self.players), self.rng, learning=self.learning)
        except RuleError as error:
            self.notify(str(error), title="Random guests", severity="error", timeout=10)
            return
        self._set_chosen(chosen)

    def action_learning(self) -> None:
        self.learning = not self.learning
        self._refresh_status()

    def action_phones(self) -> None:
        self.phones = not self.phones
        self._refresh_status()

    def action_combined(self) -> None:
        self.combined = not self.combined
        self._refresh_status()

    @asks
    async def action_other_guest(self) -> None:
        name = await self.app.push_screen_wait(
            PromptScreen("Guest from another set: name, set (e.g. Dracula, New Blood)", "",
                         "Dracula, New Blood")
        )
        if not name:
            return
        guest_name, _, set_name = name.partition(",")
        hides = await self.app.push_screen_wait(
            ConfirmScreen(f"Does {esc(guest_name.strip())} hide their face while dancing?\n\n"
                          "Enter: yes, hides face · Esc: no, shows face")
        )
        try:
            guest = other_set_guest(guest_name, set_name or "other", hides_face=hides)
        except ValueError as error:
            self.notify(str(error), severity="error")
            return
        if guest.id in self.catalogue:
            self.notify(f"{guest.name} is already in the list.", severity="warning")
            return
        chosen = self.chosen
        self.catalogue[guest.id] = guest
        self._set_chosen(chosen)

    def action_reference(self) -> None:
        self.app.push_screen(ReferenceScreen(list(self.catalogue.values()), self.chosen, _keys(self)))

    @asks
    async def action_leave(self) -> None:
        # Esc never leaves without asking while there is something here: a game in progress
        # (autosaved, so it can be resumed) or a setup begun (players named, guests chosen).
        unsaved = self.autosaver is not None and self.autosaver.unsaved  # asked about below
        if not self.read_only and not unsaved and (self._in_progress is not None or self.players or self.chosen):
            kept = (
                f"The game in progress ({esc(self._in_progress)}) is saved: open Night of the "
                "Mummy again to resume it."
                if self._in_progress is not None
                else "The players and guests chosen here are not kept."
            )
            if not await self.app.push_screen_wait(
                ConfirmScreen(f"[b]Back to the menu?[/b]\n\n{kept}\n\nEnter: go back to the menu · Esc: stay")
            ):
                return
        if await self.unsaved_asked():
            self.dismiss(None)

    @asks
    async def action_deal(self) -> None:
        if self._in_progress is not None:
            if not await self.app.push_screen_wait(
                ConfirmScreen(
                    f"[b]A game is in progress[/b] ({esc(self._in_progress)})\n\n"
                    "Dealing a new game replaces it.\n\n"
                    "Enter: deal a new game · Esc: keep it (open Night of the Mummy again to resume it)"
                )
            ):
                return
            self._in_progress = None
        if self._saver.blocked:
            if not await self.app.push_screen_wait(
                ConfirmScreen(
                    f"Replace the unreadable autosave?\n\n{esc(self._unreadable or '')}\n\n"
                    "Enter: deal a new game; its autosave replaces that file · Esc: keep the "
                    "file, deal nothing"
                )
            ):
                return
        try:
            setup = rules.deal(
                self.players, self.chosen, self.rng, learning=self.learning,
                combined=self.combined, catalogue=self.catalogue,
            )
        except RuleError as error:
            self.notify(str(error), title="Cannot deal", severity="error", timeout=10)
            return
        game = rules.MasqueradeGame(setup, catalogue=dict(self.catalogue))
        phones = None
        if self.phones:
            from grimoire.games.mummy import phone_links
            from grimoire.games.mummy.phones import new_phones
            from grimoire.store.phone_cards import new_card_id

            try:
                phone_links.new_links(game.seats)
            except OSError as error:
                self.notify(f"The phones' links cannot be kept beside the game: {error.strerror or error}",
                            title="Cannot deal", severity="error", timeout=10)
                return
            phones = new_phones(game, new_card_id())
        elif not await self.app.push_screen_wait(DealScreen(game)):
            self.notify("Deal abandoned; nothing was kept.")
            return
        from grimoire.games.mummy.table import TableScreen

        self._saver.blocked = False  # confirmed above, if the old autosave was unreadable
        self._unreadable = None
        # Not waited on: a worker left waiting for the whole game would hold up quitting.
        self.app.push_screen(TableScreen(game, self.rng, self._saver, phones=phones))
        if phones is not None:
            self.notify("Each player's guest is on their phone: L shows each player's link and QR code.", timeout=8)
