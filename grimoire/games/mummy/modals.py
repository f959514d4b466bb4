"""Small typed modals for the Night of the Mummy host: pickers, prompts, and the pass-and-play gate."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from grimoire.games.mummy.commands import ScreenKeys
from grimoire.tui.guard import Guarded, choice
from grimoire.tui.support.plain import plain
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter
from grimoire.tui.widgets.text_input import TextInput

# Shared by every modal of this mode. Unscoped (SCOPED_CSS = False) so the first rule can reach
# the screens themselves; type selectors also match subclasses (the dance screens).
DIALOG_CSS = """
PickScreen, PromptScreen, ConfirmScreen, AskScreen, SecretScreen, GatedScreen, DealScreen, GridScreen,
ReferenceScreen, AccusationScreen, WhispersScreen {
    align: center middle;
}
/* A screen handed to a player hides whatever is under it. */
SecretScreen, GatedScreen, DealScreen, GridScreen {
    background: $background;
}
.mummy-dialog {
    width: 90;
    max-width: 95%;
    height: auto;
    max-height: 90%;
    border: thick $primary;
    background: $surface;
    padding: 1 2;
}
.mummy-secret {
    border: thick $warning;
}
.mummy-reference {
    height: 90%;
}
.mummy-dialog-title {
    width: 100%;
    text-style: bold;
    padding-bottom: 1;
}
.mummy-notice {
    color: $text-warning;
    padding-top: 1;
}
.mummy-hint {
    color: $text-muted;
    padding-top: 1;
}
.mummy-block {
    padding-top: 1;
}
.mummy-row {
    height: auto;
}
#pick {
    height: auto;
    max-height: 20;
}
#whispers {
    text-style: bold;
    color: $text-accent;
    padding: 1 0;
}
"""


class PickScreen(Guarded, ModalScreen[int | None]):
    """Choose one of a few labelled values (seats, guests, Mystery slots). The title and the
    labels are plain words (names as typed), never markup."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False
    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="mummy.pick.cancel", tooltip="Choose nothing"),
    ]

    def __init__(self, title: str, choices: Sequence[tuple[str, int]]) -> None:
        super().__init__()
        self._title = title
        self._choices = list(choices)

    def compose(self) -> ComposeResult:
        with Vertical(classes="mummy-dialog"):
            yield Label(plain(self._title), classes="mummy-dialog-title")
            yield OptionList(
                *(Option(plain(label), id=str(value)) for label, value in self._choices), id="pick"
            )
        yield KeysFooter()

    @on(OptionList.OptionSelected, "#pick")
    @choice
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)


class PromptScreen(Guarded, ModalScreen[str | None]):
    """One line of text, e.g. the players' names (a control character is never taken in)."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False

    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="mummy.prompt.cancel", tooltip="Keep as it was"),
    ]

    def __init__(self, title: str, value: str = "", placeholder: str = "") -> None:
        super().__init__()
        self._title = title
        self._value = value
        self._placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="mummy-dialog"):
            yield Label(plain(self._title), classes="mummy-dialog-title")
            yield TextInput(self._value, placeholder=self._placeholder, id="prompt")
            yield Static("Enter accepts, Esc cancels.", classes="mummy-hint")
        yield KeysFooter()

    @on(Input.Submitted, "#prompt")
    @choice
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(Guarded, ModalScreen[bool]):
    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False
    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("enter", "yes", "Confirm", id="mummy.confirm.yes", tooltip="Go ahead"),
        Binding("escape", "no", "Cancel", id="mummy.confirm.no", tooltip="Go back"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="mummy-dialog"):
            yield Static(self._text)
        yield KeysFooter()

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)


class AskScreen(Guarded, ModalScreen[bool | None]):
    """Two answers by key: Enter gives True, n gives False, Esc None (the text names them)."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False
    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("enter", "answer(True)", "Yes", id="mummy.ask.yes", tooltip="The first choice"),
        Binding("n", "answer(False)", "No", id="mummy.ask.no", tooltip="The second choice"),
        Binding("escape", "answer(None)", "Cancel", id="mummy.ask.cancel", tooltip="Neither"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="mummy-dialog"):
            yield Static(self._text, id="mummy-ask-text")
        yield KeysFooter()

    def action_answer(self, value: bool | None) -> None:
        self.dismiss(value)


class HandedOver:
    """A screen handed to one player (or to the dancers) starts and ends clean.

    No notice raised for anyone else is left on it (toasts live on the app, above every
    screen), nothing under it shows through (see DIALOG_CSS), and no notice raised in private
    outlives it. Mixed in before ``ModalScreen``.
    """

    app: Any

    def on_mount(self) -> None:
        self.app.clear_notifications()

    def dismiss(self, result: Any = None) -> Any:
        self.app.clear_notifications()
        return super().dismiss(result)  # type: ignore[misc]  # ModalScreen's, after this mixin


class SecretScreen(HandedOver, Guarded, ModalScreen[None]):
    """Pass-and-play: a gate naming who may look, then the secret, hidden again on Enter.

    The secret is only composed after the gate is passed, so it is never on screen (nor in the
    widget tree) while the gate shows.
    """

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False
    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("enter", "proceed", "Show / hide", id="mummy.secret.proceed", tooltip="Show the secret, then hide it again"),
    ]

    def __init__(self, who: str, secret: str, *, title: str = "") -> None:
        super().__init__()
        self._who = who
        self._secret = secret
        self._title = title
        self.showing = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="mummy-dialog mummy-secret", id="secret-box"):
            yield Static(gate_text(self._who, self._title), id="gate")
        yield KeysFooter()

    def action_proceed(self) -> None:
        box = self.query_one("#secret-box")
        if not self.showing:
            self.showing = True
            box.remove_children()
            box.mount(Static(self._secret, id="secret"))
            box.mount(Static(plain(f"Press Enter to hide this before {self._who} passes it on."), classes="mummy-hint"))
        else:
            self.dismiss(None)


def gate_text(who: str, title: str = "") -> str:
    """The gate's markup; ``who`` (names as typed) and ``title`` are shown as written."""
    head = f"[b]{esc(title)}[/b]\n\n" if title else ""
    return (
        f"{head}Pass the laptop to [b]{esc(who.upper())}[/b].\n\n"
        f"Press Enter when only {esc(who)} {'are' if ' and ' in who else 'is'} looking."
    )


class GatedScreen(HandedOver, Guarded, ModalScreen[object]):
    """Base for interactive private steps: a gate first, the private part only after Enter.

    A private notice (a refusal only this player may read) is written on the screen, never as a
    toast. ``regate`` hands the screen over again (to the same or other players).
    """

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False

    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("enter", "open", "I'm alone", id="mummy.gated.open", tooltip="Show the private part"),
    ]

    def __init__(self, who: str, title: str) -> None:
        super().__init__()
        self.who = who
        self.title_text = title
        self.opened = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="mummy-dialog mummy-secret", id="gated-box"):
            yield Static(gate_text(self.who, self.title_text), id="gate")
        yield KeysFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open":
            return not self.opened
        return self.opened or action in ("cancel",)

    async def action_open(self) -> None:
        self.opened = True
        box = self.query_one("#gated-box")
        await box.remove_children()
        await box.mount_all(self.private_widgets())
        self.refresh_bindings()
        self.after_open()

    def after_open(self) -> None:
        """Called once the private part is on screen (e.g. to focus a list in it)."""

    async def regate(self, who: str | None = None) -> None:
        """Hide the private part and show the gate again, for ``who`` (default: as before)."""
        if who is not None:
            self.who = who
        self.opened = False
        self.app.clear_notifications()
        box = self.query_one("#gated-box")
        await box.remove_children()
        await box.mount(Static(gate_text(self.who, self.title_text), id="gate"))
        self.refresh_bindings()

    def say_privately(self, text: str) -> None:
        """A notice for the player looking now, on the screen (markup: escape what people wrote)."""
        found = self.query("#private-notice")
        if found:
            found.first(Static).update(text)
        else:
            self.query_one("#gated-box").mount(Static(text, id="private-notice", classes="mummy-notice"))

    def private_widgets(self) -> list[Widget]:
        raise NotImplementedError


class MayScreen(GatedScreen):
    """One player alone learns whether their card allows an action, before anything is revealed:
    a refusal is read here, and the table sees the same whether the card allowed it or not.

    ``offer`` (markup) says what the card allows; ``refusal`` (plain words) why it does not."""

    BINDINGS = [
        *GatedScreen.BINDINGS,
        Binding("y", "go", "Reveal", id="mummy.may.go", tooltip="Reveal your card to everyone and go ahead"),
        Binding("escape", "cancel", "Not now", id="mummy.may.cancel", tooltip="Do nothing: nothing is revealed"),
    ]

    def __init__(self, who: str, title: str, *, offer: str = "", refusal: str = "", must: bool = False) -> None:
        """``must``: a card that allows it must do it (the Statue of Anubis refused): no Esc at
        the gate for anyone, so the gate looks the same whatever the card, and none after an
        offer."""
        super().__init__(who, title)
        self.offer, self.refusal, self.must = offer, refusal, must

    def private_widgets(self) -> list[Widget]:
        if self.refusal:
            return [Static(f"[b]You may not.[/b]\n\n{esc(self.refusal)}\n\nPress Esc: nothing is revealed.")]
        if self.must:
            return [Static(f"{self.offer}\n\ny: reveal your card to everyone (you must)")]
        return [Static(f"{self.offer}\n\ny: reveal your card to everyone · Esc: not now, nothing is revealed")]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "go":
            return self.opened and not self.refusal
        if action == "cancel" and self.must:
            return self.opened and bool(self.refusal)
        return super().check_action(action, parameters)

    def action_go(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
