"""Typed pickers for the Vampir Mau Mau screen: each returns its answer with ``dismiss``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

import attrs
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Checkbox, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from grimoire.games.maumau import rules
from grimoire.games.maumau.rules import COLOURS, Card, Colour, Game, RuleError
from grimoire.tui.guard import Guarded, choice
from grimoire.tui.support.plain import plain
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.text_input import TextInput

if TYPE_CHECKING:
    from textual.visual import VisualType

CANCEL = Binding(
    "escape", "cancel", "Cancel", id="maumau.modal.cancel", tooltip="Close, change nothing"
)


T = TypeVar("T")


class _Form(VerticalScroll, can_focus=False):
    """A dialog that scrolls when the terminal is small (at 80x24), following the focus
    without taking it: tab goes from field to field."""


class _Modal(Guarded, ModalScreen[T | None], Generic[T]):
    DEFAULT_CLASSES = "mm-modal"
    BINDINGS = [CANCEL]

    def action_cancel(self) -> None:
        self.dismiss(None)

    def refuse(self, err: RuleError) -> None:
        self.notify(str(err), title="Not allowed", severity="error")


class PickPlayer(_Modal[int]):
    """Choose a seat; ``marks`` add a note to some seats (their Character, a Werewolf…)."""

    def __init__(self, title: str, players: Sequence[str], *, start: int = 0,
                 notes: Sequence[str] = ()) -> None:
        super().__init__()
        self._heading = title
        self._players = players
        self._start = start
        self._notes = notes

    def compose(self) -> ComposeResult:
        with Vertical(classes="mm-dialog"):
            yield Label(plain(self._heading), classes="mm-title")
            options = [
                Option(f"{i + 1}  {esc(name)}"
                       + (f"  [dim]{esc(self._notes[i])}[/]" if i < len(self._notes) else ""),
                       id=f"seat-{i}")
                for i, name in enumerate(self._players)
            ]
            yield OptionList(*options, id="mm-pick")
            yield Static("[dim]↑↓ or the seat number, Enter to choose, Esc to cancel[/]")

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = self._start

    def on_key(self, event: object) -> None:
        key = getattr(event, "character", None)
        if key and key.isdigit() and 1 <= int(key) <= len(self._players):
            self.dismiss(int(key) - 1)

    @on(OptionList.OptionSelected)
    @choice
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)


class PickColour(_Modal[Colour]):
    BINDINGS = [
        CANCEL,
        Binding("r", "pick('red')", "red", id="maumau.colour.red", tooltip="Wish for red"),
        Binding("b", "pick('blue')", "blue", id="maumau.colour.blue", tooltip="Wish for blue"),
        Binding("g", "pick('green')", "green", id="maumau.colour.green", tooltip="Wish for green"),
        Binding("p", "pick('purple')", "purple", id="maumau.colour.purple",
                tooltip="Wish for purple"),
    ]

    def __init__(self, title: str) -> None:
        super().__init__()
        self._heading = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="mm-dialog"):
            yield Label(plain(self._heading), classes="mm-title")
            yield OptionList(*[Option(f"{c[0]}  {c}", id=c) for c in COLOURS], id="mm-pick")

    def action_pick(self, colour: Colour) -> None:
        self.dismiss(colour)

    @on(OptionList.OptionSelected)
    @choice
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(COLOURS[event.option_index])


class EnterCards(_Modal[tuple[Card, ...]]):
    """Type one card ("b tombstone", "clock", "werewolf") or, with ``many``, a comma list."""

    def __init__(
        self,
        title: str,
        symbols: Sequence[str],
        *,
        many: bool = False,
        check: Callable[[Card], str | None] | None = None,
    ) -> None:
        super().__init__()
        self._heading = title
        self._many = many
        self._check = check  # an illegal card keeps the prompt open, so it can be corrected
        words = [f"{c} {s}" for c in COLOURS for s in symbols] + ["clock", "werewolf"]
        self._suggester = None if many else SuggestFromList(words, case_sensitive=False)

    def compose(self) -> ComposeResult:
        with Vertical(classes="mm-dialog"):
            yield Label(plain(self._heading), classes="mm-title")
            hint = ("the cards in the order drawn, e.g. clock, werewolf, red tombstone"
                    if self._many else "colour and symbol (b tombstone), clock or werewolf")
            yield Input(placeholder=hint, suggester=self._suggester, id="mm-card")
            yield Static("[dim]Enter to log, Esc to cancel. Colours: red, blue, green, purple "
                         "(the first letter is enough).[/]")

    @on(Input.Submitted)
    @choice
    def _submitted(self, event: Input.Submitted) -> None:
        parts = event.value.split(",") if self._many else [event.value]
        try:
            cards = tuple(rules.parse_card(p) for p in parts if p.strip() or not self._many)
        except RuleError as err:
            self.refuse(err)
            return
        if not cards:
            self.refuse(RuleError(rules.Rule.STARTING))
            return
        problem = self._check(cards[0]) if self._check else None
        if problem is not None:
            self.refuse(RuleError(problem))
            return
        self.dismiss(cards)


@attrs.frozen
class Setup:
    players: tuple[str, ...]
    deals: int
    rotate: bool
    keep_day_night: bool
    two_copies: bool
    random_characters: bool
    track_hands: bool = False


class NewGame(_Modal[Game]):
    """The new game's choices; ``start`` makes the game of them. A refusal is said and the form
    stays open with everything typed, to be corrected."""

    AUTO_FOCUS = "#mm-players"
    # Enter starts the game from any field, a Checkbox too (space toggles it).
    BINDINGS = [
        CANCEL,
        Binding("enter", "start", "Start", id="maumau.new.start", tooltip="Start the game",
                priority=True),
    ]
    def __init__(self, roster_size: int, start: Callable[[Setup], Game]) -> None:
        super().__init__()
        self._roster_size = roster_size
        self._start = start

    def compose(self) -> ComposeResult:
        with _Form(classes="mm-dialog mm-wide"):
            yield Label("New game of Vampir Mau Mau", classes="mm-title")
            yield Label("Players, clockwise from the first dealer (comma separated)")
            yield TextInput(placeholder="Sara, Luigi, Mario, Giovanni", id="mm-players")
            yield Label("Deals: 3 short · 5 normal · 7 long · or any number")
            yield Input("5", id="mm-deals", type="integer")
            yield Checkbox("Characters pass to the left after each deal", id="mm-rotate")
            yield Checkbox("House rule: keep Day/Night between deals", id="mm-keep")
            yield Checkbox("Two copies of the game (more than 6 players)", id="mm-copies")
            yield Checkbox(
                f"Deal Characters at random from the group's roster ({self._roster_size} set up)",
                value=self._roster_size > 0,
                id="mm-random",
                disabled=self._roster_size == 0,
            )
            yield Checkbox(
                'Count each hand, so the app prompts for "Mau" (h corrects a count)',
                id="mm-hands",
            )
            yield Static("[dim]Tab between fields, Space ticks a box, Enter starts, Esc "
                         "cancels[/]")

    def action_start(self) -> None:
        players = tuple(p.strip() for p in self.query_one("#mm-players", Input).value.split(","))
        deals_text = self.query_one("#mm-deals", Input).value.strip()
        if not deals_text.isdigit():
            self.refuse(RuleError(rules.Rule.DEALS))
            return
        setup = Setup(
            players=players,
            deals=int(deals_text),
            rotate=self.query_one("#mm-rotate", Checkbox).value,
            keep_day_night=self.query_one("#mm-keep", Checkbox).value,
            two_copies=self.query_one("#mm-copies", Checkbox).value,
            random_characters=self.query_one("#mm-random", Checkbox).value,
            track_hands=self.query_one("#mm-hands", Checkbox).value,
        )
        try:
            game = self._start(setup)
        except RuleError as err:
            self.refuse(err)
            return
        self.dismiss(game)


class EndDealForm(_Modal[tuple[int, tuple[int, ...]]]):
    """Who ended the deal and how many cards each player still holds."""

    def __init__(
        self,
        players: Sequence[str],
        ender: int,
        check: Callable[[int, tuple[int, ...]], str | None] | None = None,
        counts: Sequence[int] | None = None,
    ) -> None:
        super().__init__()
        self._players = players
        self._ender = ender
        self._counts = counts  # the tracked hands, to start from
        self._check = check  # a refused ending keeps the form open, so it can be corrected

    def compose(self) -> ComposeResult:
        with _Form(classes="mm-dialog mm-wide"):
            yield Label("End of the deal: cards left in each hand", classes="mm-title")
            yield Label("Who ended the deal? (seat number)")
            yield Input(str(self._ender + 1), id="mm-ender", type="integer")
            for i, name in enumerate(self._players):
                with Horizontal(classes="mm-row"):
                    yield Label(f"{i + 1} {esc(name)}", classes="mm-count-label")
                    known = "" if self._counts is None or i == self._ender else str(self._counts[i])
                    yield Input(known, placeholder="cards", id=f"mm-count-{i}", type="integer",
                                classes="mm-count")
            yield Static("[dim]The ender's count may stay empty (0). Enter to score, Esc to "
                         "cancel.[/]")

    AUTO_FOCUS = "#mm-count-0"

    @on(Input.Submitted)
    @choice
    def _submitted(self) -> None:
        ender_text = self.query_one("#mm-ender", Input).value.strip()
        if not ender_text.isdigit() or not 1 <= int(ender_text) <= len(self._players):
            self.refuse(RuleError(f"Seat 1 to {len(self._players)}: {rules.Rule.DEAL_ENDS}"))
            return
        ender = int(ender_text) - 1
        counts: list[int] = []
        for i, name in enumerate(self._players):
            text = self.query_one(f"#mm-count-{i}", Input).value.strip()
            if not text and i == ender:
                text = "0"
            try:
                counts.append(int(text))
            except ValueError:
                self.refuse(RuleError(f"How many cards does {name} hold? {rules.Rule.SCORING}"))
                return
        problem = self._check(ender, tuple(counts)) if self._check else None
        if problem is not None:
            self.refuse(RuleError(problem))
            return
        self.dismiss((ender, tuple(counts)))


class AskCount(_Modal[int]):
    """A hand's size, typed."""

    def __init__(self, title: str, counted: int) -> None:
        super().__init__()
        self._heading = title
        self._counted = counted

    def compose(self) -> ComposeResult:
        with Vertical(classes="mm-dialog"):
            yield Label(plain(self._heading), classes="mm-title")
            yield Input(str(self._counted), id="mm-hand", type="integer")
            yield Static("[dim]Enter to set, Esc to cancel[/]")

    @on(Input.Submitted)
    @choice
    def _submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text.isdigit():
            self.refuse(RuleError(f"A hand holds 0 or more cards: {rules.Rule.SCORING}"))
            return
        self.dismiss(int(text))


class TextPanel(_Modal[None]):
    """A read-only page (the rules, the score sheet)."""

    BINDINGS = [
        Binding("escape,q", "cancel", "Close", id="maumau.page.close", tooltip="Back to the table"),
    ]

    def __init__(self, title: str, body: VisualType) -> None:
        super().__init__()
        self._heading = title
        self._body = body

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="mm-dialog mm-page"):
            yield Label(plain(self._heading), classes="mm-title")
            yield Static(self._body)


class Ask(_Modal[bool]):
    """A yes/no question by key: Enter answers True, n answers False, Esc None (the body says
    what each key does)."""

    BINDINGS = [
        Binding("enter", "answer(True)", "Yes", id="maumau.ask.yes", tooltip="The first choice"),
        Binding("n", "answer(False)", "No", id="maumau.ask.no", tooltip="The second choice"),
        CANCEL,
    ]

    def __init__(self, title: str, body: str) -> None:
        super().__init__()
        self._heading = title
        self._body = body

    def compose(self) -> ComposeResult:
        with Vertical(classes="mm-dialog"):
            yield Label(plain(self._heading), classes="mm-title")
            yield Static(self._body, id="mm-ask-body")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)
