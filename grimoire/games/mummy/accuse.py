"""The accusation resolver: place the cards, then show only the shuffled Whisper cards."""

from __future__ import annotations

import random

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Select, Static
from textual.widgets.select import NoSelection

from grimoire.games.mummy import rules
from grimoire.games.mummy.commands import ScreenKeys
from grimoire.games.mummy.guests import MUMMY
from grimoire.games.mummy.modals import DIALOG_CSS
from grimoire.games.mummy.rules import AccusationResult, MasqueradeGame, RuleError
from grimoire.tui.guard import Guarded
from grimoire.tui.support.plain import plain, plain_text
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter

MODE_TITLE = {
    "normal": "one card in front of each unrevealed player",
    "archeologist": "the Archeologist's first accusation: only The Mummy's card",
    "cat_burglar": "the Cat Burglar: accuse only the player she danced with",
    "phantom": "the Phantom: accuse only the player who inquired",
}


class AccusationScreen(Guarded, ModalScreen[tuple[MasqueradeGame, AccusationResult] | None]):
    """Public: the accuser has revealed. Escape withdraws (the reveal stands, as at the table)."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False

    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("ctrl+r", "resolve", "Collect whispers", id="mummy.accuse.resolve",
                tooltip="Check the cards and reveal the shuffled whispers"),
        Binding("ctrl+t", "next_mode", "Accusation kind", id="mummy.accuse.mode",
                tooltip="Switch to a single-target 'reveal to' accusation, if the card has one"),
        Binding("escape", "cancel", "Withdraw", id="mummy.accuse.cancel", tooltip="Stop (the revealed card stays revealed)"),
        # Before a card's list is drawn (Enter just opened it) a page is a height it does not
        # have yet, and Textual's page move looks its first line up (KeyError: 0): the page
        # keys are this screen's, and move a list only once it is drawn.
        Binding("pageup", "page(-1)", "Page up", id="mummy.accuse.pageup", show=False, priority=True,
                tooltip="A page up the open list, or the form"),
        Binding("pagedown", "page(1)", "Page down", id="mummy.accuse.pagedown", show=False, priority=True,
                tooltip="A page down the open list, or the form"),
    ]

    mode: reactive[str] = reactive("normal", recompose=True)

    def __init__(
        self, game: MasqueradeGame, accuser: int, rng: random.Random, *, out_of_turn: bool = False,
        must: bool = False,
    ) -> None:
        """``must``: the accusation may not be withdrawn (the Statue of Anubis's)."""
        super().__init__()
        self.must = must
        self.game = game
        self.accuser = accuser
        self.rng = rng
        kind = rules.accusation_kind(game, accuser)
        abilities = rules.single_target_abilities(game, accuser)
        self.modes: list[str] = [kind, *abilities]
        # Out of turn only a "reveal to" accusation is possible: start with it.
        self.set_reactive(AccusationScreen.mode, abilities[0] if out_of_turn and abilities else kind)

    def compose(self) -> ComposeResult:
        game, accuser = self.game, self.accuser
        # Not the accuser's own card, a revealed guest's ("stays in front of them"), nor a face-up
        # Mystery Guest's.
        cards = [(plain_text(game.catalogue[g].name), g) for g in rules.accusation_cards(game, accuser)]
        with VerticalScroll(classes="mummy-dialog", id="accuse"):
            yield Static(
                f"[b]{esc(game.place_name(accuser))} reveals: {esc(game.guest(accuser).name)}[/b]\n"
                f"Accusation: {MODE_TITLE[self.mode]}."
                + ("  (ctrl+t switches kind)" if len(self.modes) > 1 else "")
            )
            if self.mode == "normal":
                for seat in game.unrevealed_others(accuser):
                    with Vertical(classes="mummy-row"):
                        yield Label(plain(f"In front of {game.place_name(seat)}:"))
                        yield Select(cards, prompt="Accusation card…", id=f"card-{seat}")
            else:
                targets = [(plain_text(game.place_name(s)), s) for s in game.unrevealed_others(accuser)]
                yield Label("Accuse only:")
                yield Select(targets, prompt="Player…", id="target")
                if self.mode == "archeologist":
                    yield Label("with The Mummy's Accusation card.")
                else:
                    yield Label("Accusation card:")
                    yield Select(cards, prompt="Accusation card…", id="single-card")
            yield Static("Enter opens a list, the arrows and Enter choose; Tab moves to the next "
                         "player; ctrl+r collects the whispers.", classes="mummy-hint")
        yield KeysFooter()

    def action_page(self, direction: int) -> None:
        focused = self.focused
        if isinstance(focused, OptionList):  # a card's list, open
            if focused.scrollable_content_region:  # drawn: it has a page to move by
                if direction > 0:
                    focused.action_page_down()
                else:
                    focused.action_page_up()
            return
        form = self.query_one("#accuse", VerticalScroll)
        if direction > 0:
            form.scroll_page_down()
        else:
            form.scroll_page_up()

    def on_mount(self) -> None:
        self._focus_first()

    def _focus_first(self) -> None:
        selects = self.query(Select)
        if selects:
            selects.first().focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_mode":
            return len(self.modes) > 1
        if action == "cancel":
            return not self.must
        return True

    def action_next_mode(self) -> None:
        self.mode = self.modes[(self.modes.index(self.mode) + 1) % len(self.modes)]
        self.call_after_refresh(self._focus_first)

    def _cards(self) -> dict[int, str]:
        if self.mode == "normal":
            placed = {}
            for seat in self.game.unrevealed_others(self.accuser):
                value = self.query_one(f"#card-{seat}", Select).value
                if value is not Select.NULL:
                    placed[seat] = str(value)
            return placed
        target = self.query_one("#target", Select).value
        if isinstance(target, NoSelection):  # (Select.NULL)
            return {}
        if self.mode == "archeologist":
            return {int(target): MUMMY}
        card = self.query_one("#single-card", Select).value
        return {} if card is Select.NULL else {int(target): str(card)}

    def action_resolve(self) -> None:
        ability = self.mode if self.mode in ("cat_burglar", "phantom") else None
        try:
            outcome = rules.accuse(self.game, self.accuser, self._cards(), self.rng, ability=ability)  # type: ignore[arg-type]  # a str of the two
        except RuleError as error:
            self.notify(str(error), title="Not allowed", severity="error", timeout=10)
            return
        self.dismiss(outcome)

    def action_cancel(self) -> None:
        self.dismiss(None)


class WhispersScreen(Guarded, ModalScreen[None]):
    """The shuffled Whisper cards, and nothing that ties a card to a seat."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False

    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("enter,escape", "close", "Done", id="mummy.whispers.close", tooltip="Back to the table"),
    ]

    def __init__(self, name: str, result: AccusationResult, verdict: str) -> None:
        """``verdict``: what the whispers mean for the table (markup, view.verdict)."""
        super().__init__()
        self._accuser_name = name
        self.result = result
        self._verdict = verdict

    def compose(self) -> ComposeResult:
        verdict = self._verdict
        with Vertical(classes="mummy-dialog"):
            yield Static(f"[b]{esc(self._accuser_name)}'s accusation — the shuffled whispers[/b]")
            yield Static(self.result.cards(), id="whispers")
            yield Static(verdict, id="verdict")
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss(None)
