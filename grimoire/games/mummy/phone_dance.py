"""A dance played with the players' phones: the laptop stays in the middle and shows no card.

The dancers read each other's faces on their phones; an ability used during the dance (the
Gargoyle joining, the Sasquatch's look, the Picture of Dorian Gray's swap) is chosen here by its
player in front of the dancers, and what it shows goes to the phones concerned. A card that does
not allow it is told on that player's phone alone; the laptop says only that nothing happened.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from grimoire.games.mummy import phones as ph
from grimoire.games.mummy import rules
from grimoire.games.mummy.commands import ScreenKeys
from grimoire.games.mummy.dance import names_of
from grimoire.games.mummy.guests import DORIAN_GRAY, GARGOYLE, SASQUATCH
from grimoire.games.mummy.modals import DIALOG_CSS, PickScreen
from grimoire.games.mummy.rules import MasqueradeGame, RuleError
from grimoire.tui.guard import Guarded
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter

Send = Callable[[MasqueradeGame, Sequence[ph.Card]], None]


class PhoneDanceScreen(Guarded, ModalScreen[MasqueradeGame]):
    """Returns the game as the dance left it; ``send`` keeps each change and its cards at once."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False
    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("j", "gargoyle", "Gargoyle joins", id="mummy.phonedance.gargoyle",
                tooltip="The Gargoyle joins the dance, revealing his role to the dancers"),
        Binding("s", "sasquatch", "Sasquatch looks", id="mummy.phonedance.sasquatch",
                tooltip="The Sasquatch, showing his face, looks at a Mystery Guest (on his phone)"),
        Binding("y", "dorian", "Dorian Gray swap", id="mummy.phonedance.dorian",
                tooltip="The Picture of Dorian Gray shows his face and takes a Mystery Guest"),
        Binding("escape", "done", "Dance over", id="mummy.phonedance.done",
                tooltip="The dance is over: everyone opens their eyes"),
    ]

    def __init__(self, game: MasqueradeGame, send: Send) -> None:
        super().__init__()
        self.game = game
        self._send = send

    @property
    def dancers(self) -> tuple[int, ...]:
        assert self.game.last_dance is not None
        return self.game.last_dance.dancers

    def compose(self) -> ComposeResult:
        with Vertical(classes="mummy-dialog"):
            yield Static(id="phone-dance-text")
            yield Static(id="phone-dance-said", classes="mummy-notice")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._draw()

    def _draw(self) -> None:
        chosen = self.game.setup.chosen
        notes = []
        # Reminders only for guests in the game (public knowledge), never tied to a dancer.
        if GARGOYLE in chosen and len(self.dancers) == 2:
            notes.append("j: the Gargoyle joins (he opens his eyes and says so).")
        if SASQUATCH in chosen:
            notes.append("s: a Sasquatch showing his face looks at a Mystery Guest.")
        if DORIAN_GRAY in chosen:
            notes.append("y: the Picture of Dorian Gray shows his face and takes a Mystery Guest.")
        self.query_one("#phone-dance-text", Static).update(
            f"[b]The dance: {esc(names_of(self.game, self.dancers))}[/b]\n\n"
            "Everyone else closes their eyes (and drums lightly on the table). The dancers read "
            "each other's faces on their phones.\n\n" + "\n".join(notes)
            + "\n\nEsc: the dance is over; everyone opens their eyes.")

    def _said(self, text: str) -> None:
        self.query_one("#phone-dance-said", Static).update(esc(text))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        chosen = self.game.setup.chosen
        if action == "gargoyle":
            return GARGOYLE in chosen and len(self.dancers) == 2
        if action == "sasquatch":
            return SASQUATCH in chosen
        if action == "dorian":
            return DORIAN_GRAY in chosen
        return True

    async def _pick(self, title: str, seats: Sequence[int]) -> int | None:
        if not seats:
            return None
        return await self.app.push_screen_wait(PickScreen(title, [(self.game.place_name(s), s) for s in seats]))

    async def _slot(self, title: str) -> int | None:
        game = self.game
        slots = [(game.place_name(game.seats + k), k) for k in range(len(game.setup.mystery))
                 if k not in game.mystery_revealed]
        if not slots:
            self._said("Every Mystery Guest is face-up.")
            return None
        return await self.app.push_screen_wait(PickScreen(title, slots))

    def _refused(self, seat: int, title: str, error: RuleError) -> None:
        self._send(self.game, [ph.refusal_card(self.game, seat, title, str(error))])
        self._said(f"Nothing happens: {self.game.place_name(seat)}'s phone says why.")

    def _changed(self, game: MasqueradeGame, cards: Sequence[ph.Card], said: str) -> None:
        self.game = game
        self._send(game, cards)
        self._said(said)
        self._draw()
        self.refresh_bindings()

    async def _gargoyle(self) -> None:
        game = self.game
        joiners = tuple(s for s in range(game.seats) if s not in self.dancers and s not in game.revealed)
        seat = await self._pick("Who joins the dance as the Gargoyle?", joiners)
        if seat is None:
            return
        try:
            after = rules.gargoyle_join(game, seat)
        except RuleError as error:
            self._refused(seat, "You cannot join this dance", error)
            return
        self._changed(after, ph.joined_cards(after, seat),
                      f"{game.place_name(seat)} joins: the dancers read it on their phones.")

    async def _sasquatch(self) -> None:
        seat = await self._pick("Who looks at a Mystery Guest as the Sasquatch?", self.dancers)
        if seat is None:
            return
        try:
            rules.check_sasquatch(self.game, seat)
        except RuleError as error:
            self._refused(seat, "You may not look", error)
            return
        slot = await self._slot("Look at which Mystery Guest?")
        if slot is None:
            return
        after, guest_id = rules.sasquatch_look(self.game, seat, slot)
        self._changed(after, [ph.look_card(after, seat, slot, guest_id)],
                      f"{self.game.place_name(seat)} looks at Mystery Guest {slot + 1}: on his phone.")

    async def _dorian(self) -> None:
        seat = await self._pick("Who shows his face as the Picture of Dorian Gray?", self.dancers)
        if seat is None:
            return
        try:
            rules.check_dorian(self.game, seat)
        except RuleError as error:
            self._refused(seat, "You may not swap", error)
            return
        slot = await self._slot("Take which Mystery Guest?")
        if slot is None:
            return
        after = rules.dorian_swap(self.game, seat, slot)
        self._changed(after, ph.swap_cards(after, seat, slot),
                      f"{self.game.place_name(seat)} takes Mystery Guest {slot + 1}: his new guest is on his phone.")

    def action_gargoyle(self) -> None:
        self.run_worker(self._gargoyle(), exclusive=True)

    def action_sasquatch(self) -> None:
        self.run_worker(self._sasquatch(), exclusive=True)

    def action_dorian(self) -> None:
        self.run_worker(self._dorian(), exclusive=True)

    def action_done(self) -> None:
        self.dismiss(self.game)
