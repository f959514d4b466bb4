"""The table during play: public state and log; every secret goes through a pass-and-play gate."""

from __future__ import annotations

import random
from pathlib import Path

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Header, RichLog, Static

from grimoire.games.autosave_screen import AutosaveScreen
from grimoire.games import persist
from grimoire.games.mummy import rules, save
from grimoire.games.mummy.accuse import AccusationScreen, WhispersScreen
from grimoire.games.mummy.commands import ScreenKeys
from grimoire.games.mummy.dance import DanceAnswerScreen, DanceRequestScreen, DanceScreen
from grimoire.games.mummy.grid import DeductionGrid, new_grid
from grimoire.games.mummy.grid_screen import GridScreen
from grimoire.games.mummy.guests import ANUBIS, PHANTOM
from grimoire.games.mummy.modals import ConfirmScreen, PickScreen, SecretScreen
from grimoire.games.mummy.reference import ReferenceScreen
from grimoire.games.mummy.rules import MasqueradeGame, RuleError
from grimoire.tui.guard import Guarded, asks
from grimoire.tui.widgets.keys import KeysFooter


class TableScreen(Guarded, AutosaveScreen, Screen[None]):
    CSS_PATH = Path(__file__).with_name("mummy.tcss")
    COMMANDS = {ScreenKeys}
    TITLE = "Night of the Mummy"
    BINDINGS = [
        Binding("i", "inquire", "Inquire", id="mummy.table.inquire", tooltip="Ask a player if they are a guest; they learn privately what to whisper"),
        Binding("d", "dance", "Dance", id="mummy.table.dance", tooltip="Ask a player to dance"),
        Binding("a", "accuse", "Accuse", id="mummy.table.accuse", tooltip="Reveal, place Accusation cards, collect shuffled whispers"),
        Binding("g", "grid", "My grid", id="mummy.table.grid", tooltip="A player's private deduction grid"),
        Binding("m", "mystery", "Anubis: Mystery", id="mummy.table.mystery", tooltip="After Anubis's refused dance: reveal a Mystery Guest"),
        Binding("question_mark", "reference", "Guests & rules", id="mummy.table.reference", tooltip="Every guest's text and the turn rules"),
        Binding("escape", "leave", "End game", id="mummy.table.leave", tooltip="End this game and go back to setup"),
    ]

    def __init__(
        self,
        game: MasqueradeGame,
        rng: random.Random,
        saver: persist.AutoSaver[MasqueradeGame] | None = None,
        *,
        resumed: bool = False,
    ) -> None:
        super().__init__()
        self._game = game
        self.rng = rng
        self.grids: dict[int, DeductionGrid] = {}  # memory only: never saved, never logged
        self._saver = saver or persist.AutoSaver(save.KEY, save.to_dict)
        self._resumed = resumed

    @property
    def game(self) -> MasqueradeGame:
        return self._game

    @game.setter
    def game(self, game: MasqueradeGame) -> None:
        self._game = game
        if self.is_mounted:
            self._autosave()

    # ------------------------------------------------------------------------------ autosave
    # The file holds the secret deal (like the Phantom grimoire's autosave); it stays on the
    # host's machine and is never shown. Every change of the game is saved, in order, in a thread.

    def _autosave(self) -> None:
        self.save_state(self.game, finished=self.game.winner is not None)

    def _forget(self) -> None:
        """The host ended this game on purpose: delete its autosave."""
        self.forget_save()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="mummy-table"):
            with Vertical(id="mummy-table-left"):
                yield Static(id="mummy-seats")
                yield Static(id="mummy-display")
            yield RichLog(id="mummy-log", wrap=True, markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "The party"
        # After the first layout, so the log wraps at its real width.
        if self._resumed:
            self.call_after_refresh(self._say, "The game in progress is resumed (the deduction grids are never saved: start them again with g).")
        else:
            self.call_after_refresh(self._say, "The night begins. The player who most recently visited a museum goes first; play continues clockwise.")
        self._refresh()
        self._autosave()

    # ------------------------------------------------------------------------------ display

    def _say(self, line: str) -> None:
        self.query_one("#mummy-log", RichLog).write(line)

    def _refresh(self) -> None:
        game = self.game
        lines = ["[b]Seats[/b] (clockwise)"]
        for seat, name in enumerate(game.setup.players):
            state = f"revealed: {escape(game.guest(seat).name)}" if seat in game.revealed else "face-down"
            crown = "  ★ winner" if game.winner == seat else ""
            lines.append(f"  {seat + 1}. {escape(name)} — {state}{crown}")
        for slot, guest_id in enumerate(game.setup.mystery):
            shown = escape(game.catalogue[guest_id].name) if slot in game.mystery_revealed else "face-down"
            lines.append(f"  Mystery Guest {slot + 1} — {shown}")
        self.query_one("#mummy-seats", Static).update("\n".join(lines))
        display = ", ".join(escape(game.catalogue[g].name) for g in game.setup.chosen)
        self.query_one("#mummy-display", Static).update(f"[b]Guests in this game[/b] (the Accusation cards)\n{display}")
        self.refresh_bindings()

    def _error(self, error: RuleError) -> None:
        self.notify(str(error), title="Not allowed", severity="error", timeout=10)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        over = self.game.winner is not None
        if action in ("inquire", "dance", "accuse", "mystery"):
            if over:
                return None
        if action == "mystery":
            refused = self.game.refused
            # Shown whenever Anubis is in the game, so the key itself gives nothing away.
            return ANUBIS in self.game.setup.chosen and (True if refused else None)
        return True

    async def _pick_seat(self, title: str, seats: tuple[int, ...]) -> int | None:
        if not seats:
            return None
        return await self.app.push_screen_wait(
            PickScreen(title, [(self.game.place_name(s), s) for s in seats])
        )

    # ------------------------------------------------------------------------------ actions

    @asks
    async def action_inquire(self) -> None:
        game = self.game
        asker = await self._pick_seat("Who inquires?", tuple(range(game.seats)))
        if asker is None:
            return
        targets = rules.inquiry_targets(game, asker)
        if not targets:
            self.notify("No eligible player to inquire of.", severity="warning")
            return
        target = await self._pick_seat(f"{game.place_name(asker)} inquires of…", targets)
        if target is None:
            return
        guess = await self.app.push_screen_wait(
            PickScreen(f"“{game.place_name(target)}, are you …?”",
                       [(game.catalogue[g].name, k) for k, g in enumerate(game.setup.chosen)])
        )
        if guess is None:
            return
        guess_id = game.setup.chosen[guess]
        try:
            self.game = rules.inquire(game, asker, target, guess_id)
        except RuleError as error:
            self._error(error)
            return
        asker_name, target_name = game.place_name(asker), game.place_name(target)
        guess_name = game.catalogue[guess_id].name
        self._say(f"{asker_name} asks {target_name}: are you {guess_name}?")
        await self.app.push_screen_wait(
            SecretScreen(target_name, self._whisper_text(asker, target, guess_id), title="Inquiry")
        )
        self._say(f"{target_name} passes {asker_name} a face-down Whisper card.")
        self._refresh()

    def _whisper_text(self, asker: int, target: int, guess_id: str) -> str:
        game = self.game
        guest = game.guest(target)
        inquiry = game.last_inquiry
        assert inquiry is not None
        word = "YES" if inquiry.whisper else "NO"
        text = (
            f"{escape(game.place_name(asker))} asks: are you {escape(game.catalogue[guess_id].name)}?\n\n"
            f"[b]Whisper {word}[/b] — pass {escape(game.place_name(asker))} your face-down {word.title()} card."
        )
        if guest.inquiry != "honest":
            text += f"\n\nYou are {escape(guest.name)}: “{escape(guest.ability)}”"
        if guest.id == PHANTOM and not inquiry.whisper and target not in game.revealed:
            text += (
                f"\n\nAs the Phantom you may now reveal to accuse only {escape(game.place_name(asker))}: "
                "on the table press a, choose yourself, then ctrl+t for the Phantom's accusation."
            )
        return text

    @asks
    async def action_dance(self) -> None:
        game = self.game
        free = tuple(s for s in range(game.seats) if s not in game.revealed)
        asker = await self._pick_seat("Who asks for a dance?", free)
        if asker is None:
            if not free:
                self.notify("Every guest is revealed.", severity="warning")
            return
        partner = await self._pick_seat(f"{game.place_name(asker)} asks…", tuple(s for s in free if s != asker))
        if partner is None:
            return
        try:
            rules.check_dance_public(game, asker, partner)
        except RuleError as error:
            self._error(error)
            return
        asker_name, partner_name = game.place_name(asker), game.place_name(partner)
        if not await self.app.push_screen_wait(DanceRequestScreen(game, asker, partner)):
            self._say(f"{asker_name} did not ask {partner_name} after all.")
            return
        self._say(f"{asker_name} asks {partner_name}: “Would you care to dance?”")
        accept = await self.app.push_screen_wait(DanceAnswerScreen(game, asker, partner))
        if accept is None:
            self._say(f"{partner_name} has not answered; the request is withdrawn.")
            return
        try:
            self.game = rules.dance(game, asker, partner, accept)
        except RuleError as error:  # the answer screen already enforces this
            self._error(error)
            return
        if accept:
            self._say(f"{partner_name} accepts. Everyone else closes their eyes (and drums lightly on the table).")
            # The Picture of Dorian Gray may swap during the dance, seen only by the dancers.
            self.game = await self.app.push_screen_wait(DanceScreen(self.game, asker, partner))
            self._say(f"The dance is over: {asker_name} tells everyone to open their eyes.")
        else:
            self._say(f"{partner_name} refuses to dance with {asker_name}.")
            if rules.inquiry_targets(self.game, asker):
                self._say(f"{asker_name}: inquire of a different player (not {partner_name}) — press i.")
            else:
                self._say(f"No eligible player to inquire of: {asker_name}'s turn ends immediately.")
            if ANUBIS in self.game.setup.chosen:
                self._say("(If the Statue of Anubis was refused: it must reveal a Mystery Guest (m) and then accuse (a).)")
        self._refresh()

    @asks
    async def action_accuse(self) -> None:
        game = self.game
        accuser = await self._pick_seat("Who accuses?", tuple(range(game.seats)))
        if accuser is None:
            return
        name = game.place_name(accuser)
        revealed_already = accuser in game.revealed
        if not revealed_already and not await self.app.push_screen_wait(
            ConfirmScreen(f"{escape(name)} reveals their Guest card to everyone first.\n\n"
                          "Enter: reveal it now · Esc: do not accuse")
        ):
            return
        self._say(f"{name} accuses and reveals: {game.guest(accuser).name}.")
        outcome = await self.app.push_screen_wait(AccusationScreen(game, accuser, self.rng))
        if outcome is None:
            self.game = rules.reveal(game, accuser)
            self._say(f"{name} withdrew the accusation; the card stays revealed.")
            self._refresh()
            return
        self.game, result = outcome
        self._say(f"{name}'s accusation — whispers: {result.cards()}")
        self._say(f"{name} wins!" if result.won else "A No: the game continues. Reshuffle the Whisper cards and deal everyone a Yes and a No.")
        self._refresh()
        await self.app.push_screen_wait(WhispersScreen(name, result))

    @asks
    async def action_grid(self) -> None:
        seat = await self._pick_seat("Whose deduction grid?", tuple(range(self.game.seats)))
        if seat is None:
            return
        grid = self.grids.get(seat) or new_grid(self.game, seat)
        self.grids[seat] = await self.app.push_screen_wait(GridScreen(self.game, grid))

    @asks
    async def action_mystery(self) -> None:
        game = self.game
        slots = [(game.place_name(game.seats + k), k) for k in range(len(game.setup.mystery)) if k not in game.mystery_revealed]
        slot = await self.app.push_screen_wait(PickScreen("Reveal which Mystery Guest?", slots))
        if slot is None:
            return
        try:
            self.game = rules.reveal_mystery(game, slot)
        except RuleError as error:
            self._error(error)
            return
        guest = game.catalogue[game.setup.mystery[slot]]
        self._say(f"Mystery Guest {slot + 1} is revealed: {guest.name}. The Statue of Anubis now accuses (a).")
        self._refresh()

    def action_reference(self) -> None:
        keys = {self.app.get_key_display(b): b.description for b in self.BINDINGS if isinstance(b, Binding)}
        guests = [self.game.catalogue[g] for g in self.game.setup.chosen]
        self.app.push_screen(ReferenceScreen(guests, self.game.setup.chosen, keys))

    @asks
    async def action_leave(self) -> None:
        if self.game.winner is not None:
            self.dismiss(None)
        elif await self.app.push_screen_wait(
            ConfirmScreen("End this game and go back to setup? Its autosave is deleted.\n"
                          "(To stop for now and resume later, just quit: the game is saved.)\n\n"
                          "Enter: end it · Esc: keep playing")
        ):
            self._forget()
            self.dismiss(None)
