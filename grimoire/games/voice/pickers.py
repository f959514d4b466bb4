"""Small typed modals the Voice screen asks through: opponents, a level, a file, yes or no."""

from __future__ import annotations

from typing import TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, SelectionList, Static
from textual.widgets.option_list import Option

from grimoire.games.voice.rules import CAPACITY, Level, Tomb
from grimoire.tui.guard import Guarded, choice
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.text_input import TextInput

T = TypeVar("T")


def _describe(tomb: Tomb, index: int) -> str:
    e = tomb.explorers[index]
    extras = (", Great Jewel" if e.great_jewel else "") + (", Cobra" if e.cobra else "")
    return f"{esc(e.name)} ({e.level.label} level, {e.precious} jewel(s){extras})"


class VoiceModal(Guarded, ModalScreen[T]):
    """Base of the Voice mode's modals (its name scopes their CSS); escape cancels."""

    DEFAULT_CSS = "VoiceModal { align: center middle; }"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="voice.modal.cancel", tooltip="Close without changes"),
    ]

    def action_cancel(self) -> None:
        self.dismiss(None)


class PickOne(VoiceModal[int | None]):
    """Pick one explorer (by index) from ``choices``; the title is plain words."""

    def __init__(self, title: str, tomb: Tomb, choices: list[int]) -> None:
        super().__init__()
        self.title_text = title
        self.tomb = tomb
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="voice-modal"):
            yield Static(f"[b]{esc(self.title_text)}[/b]")
            yield OptionList(
                *[Option(_describe(self.tomb, i), id=str(i)) for i in self.choices],
                id="pick-one",
            )
            yield Static("up/down to choose · enter to confirm · escape to cancel", classes="voice-help")

    @on(OptionList.OptionSelected, "#pick-one")
    @choice
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))


class PickMany(VoiceModal[tuple[int, ...] | None]):
    """Mark the opponents on the space; enter with nothing marked takes the highlighted one."""

    BINDINGS = [
        Binding("enter", "done", "Done", id="voice.modal.done", tooltip="Confirm", priority=True),
    ]

    def __init__(self, title: str, tomb: Tomb, choices: list[int]) -> None:
        super().__init__()
        self.title_text = title
        self.tomb = tomb
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="voice-modal"):
            yield Static(f"[b]{esc(self.title_text)}[/b]")
            yield SelectionList[int](
                *[(_describe(self.tomb, i), i) for i in self.choices], id="pick-many"
            )
            yield Static(
                "space marks each opponent on the space · enter confirms · escape cancels",
                classes="voice-help",
            )

    def action_done(self) -> None:
        picks = self.query_one("#pick-many", SelectionList)
        chosen = tuple(sorted(picks.selected))
        if not chosen and picks.highlighted is not None:
            chosen = (picks.get_option_at_index(picks.highlighted).value,)
        self.dismiss(chosen or None)


class PickLevel(VoiceModal[Level | None]):
    """Where a given-back jewel goes: a level with an empty Precious Jewel space."""

    def __init__(self, tomb: Tomb) -> None:
        super().__init__()
        self.tomb = tomb

    def compose(self) -> ComposeResult:
        options = []
        for level in reversed(Level):
            free = self.tomb.free_spaces(level)
            note = f"{free} empty jewel space(s)" if free else "full"
            options.append(
                Option(f"{level.label.capitalize()} level: {note} of {CAPACITY[level]}",
                       id=str(int(level)), disabled=free == 0)
            )
        with Vertical(classes="voice-modal"):
            yield Static("[b]Put the Precious Jewel back on which level?[/b]")
            yield OptionList(*options, id="pick-level")
            yield Static("up/down to choose · enter to confirm · escape to cancel", classes="voice-help")

    @on(OptionList.OptionSelected, "#pick-level")
    @choice
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(Level(int(event.option.id or 0)))


class AskPath(VoiceModal[str | None]):
    """A file path, typed."""

    def __init__(self, prompt: str, placeholder: str) -> None:
        super().__init__()
        self.prompt = prompt
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="voice-modal"):
            yield Static(f"[b]{esc(self.prompt)}[/b]")
            yield TextInput(placeholder=self.placeholder, id="ask-path")
            yield Static("enter to load · escape to cancel", classes="voice-help")

    @on(Input.Submitted, "#ask-path")
    @choice
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)


class Confirm(VoiceModal[bool]):
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="voice.confirm.yes", tooltip="Yes"),
        Binding("n", "answer(False)", "No", id="voice.confirm.no", tooltip="No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="voice-modal"):
            yield Static(f"[b]{esc(self.question)}[/b]")
            yield Static("y yes · n or escape no", classes="voice-help")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_cancel(self) -> None:
        self.dismiss(False)


class Ask(VoiceModal[bool]):
    """A question with two answers by key: enter gives True, n gives False, escape None. The
    title is plain words, the body markup (with the words in it escaped)."""

    BINDINGS = [
        Binding("enter", "answer(True)", "Yes", id="voice.ask.yes", tooltip="The first choice"),
        Binding("n", "answer(False)", "No", id="voice.ask.no", tooltip="The second choice"),
    ]

    def __init__(self, title: str, body: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(classes="voice-modal"):
            yield Static(f"[b]{esc(self.title_text)}[/b]")
            yield Static(self.body, id="voice-ask-body")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
