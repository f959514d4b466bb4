"""The Character roster editor: the group types each Character in once, from the cards."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from grimoire.core.freetext import printable
from grimoire.games.maumau import characters
from grimoire.games.maumau.modals import Ask, _Modal
from grimoire.games.maumau.rules import HUMAN_ABILITIES, CharacterDef, RuleError
from grimoire.tui.guard import asks, choice
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter
from grimoire.tui.widgets.text_input import TextInput

FIELDS = ("name", "ability", "day", "vsymbol", "vcolour")


class RosterEditor(_Modal[tuple[CharacterDef, ...]]):
    BINDINGS = [
        Binding("escape", "cancel", "Close", id="maumau.roster.close",
                tooltip="Close the Characters; any not saved are asked about first"),
        Binding("ctrl+s", "save", "Save roster", id="maumau.roster.save",
                tooltip="Keep these Characters for every game"),
        Binding("ctrl+d", "delete", "Delete", id="maumau.roster.delete",
                tooltip="Remove the highlighted Character"),
    ]

    def __init__(self, roster: Sequence[CharacterDef]) -> None:
        super().__init__()
        self._chars = list(roster)
        self._saved = tuple(roster)  # what Esc may close without asking

    def compose(self) -> ComposeResult:
        with Vertical(classes="mm-dialog mm-page"):
            yield Label("Characters — read them off the cards once; never guessed",
                        classes="mm-title")
            with Horizontal():
                with Vertical(id="mm-roster-left"):
                    yield OptionList(id="mm-roster")
                    yield Static("[dim]Enter: edit · ctrl+d: delete[/]")
                with VerticalScroll(id="mm-roster-form"):
                    yield TextInput(placeholder="Name, as printed on the card", id="mm-name")
                    yield Input(placeholder="Human ability number, 1-8 (list below)",
                                id="mm-ability", type="integer")
                    yield Static(id="mm-ability-text")
                    yield TextInput(placeholder="The two Day symbols, comma separated: meat, axe",
                                id="mm-day")
                    yield TextInput(placeholder="Vampire symbol (left of the box)", id="mm-vsymbol")
                    yield Input(placeholder="Vampire colour (right of the box): red, blue, "
                                "green or purple", id="mm-vcolour")
                    yield Static("[dim]Enter in a field adds or updates the Character; "
                                 "ctrl+s saves the roster.[/]")
                    yield Static(
                        "\n".join(f"[b]{i}[/] {esc(t)}" for i, t in
                                  enumerate(HUMAN_ABILITIES, 1)),
                        id="mm-abilities",
                    )
        yield KeysFooter()  # this editor's keys, not the table's underneath

    def on_mount(self) -> None:
        self._refresh_list()
        self.query_one("#mm-name", Input).focus()

    def _refresh_list(self) -> None:
        options = self.query_one("#mm-roster", OptionList)
        options.clear_options()
        options.add_options([Option(_entry(c)) for c in self._chars])

    @on(Input.Changed, "#mm-ability")
    @choice
    def _ability_typed(self, event: Input.Changed) -> None:
        """The whole text of the ability typed, as the Character's player reads it aloud."""
        text = event.value.strip()
        shown = Text()
        if text.isdigit() and 1 <= int(text) <= len(HUMAN_ABILITIES):
            shown = Text(HUMAN_ABILITIES[int(text) - 1], style="italic")
        self.query_one("#mm-ability-text", Static).update(shown)

    @on(OptionList.OptionSelected, "#mm-roster")
    @choice
    def _load(self, event: OptionList.OptionSelected) -> None:
        for field, value in zip(FIELDS, _fields(self._chars[event.option_index]), strict=True):
            self.query_one(f"#mm-{field}", Input).value = value
        self.query_one("#mm-name", Input).focus()

    @on(Input.Submitted)
    @choice
    def _add(self) -> None:
        self._add_typed()

    def _add_typed(self) -> bool:
        """Add (or update) the Character typed in the form; a refusal is said (False)."""
        get = {f: self.query_one(f"#mm-{f}", Input).value.strip() for f in FIELDS}
        try:
            if not get["ability"].isdigit():
                raise RuleError(f"The ability is a number from 1 to {len(HUMAN_ABILITIES)}.")
            char = characters.make(get["name"], int(get["ability"]), get["day"].split(","),
                                   get["vsymbol"], get["vcolour"].lower())
            others = [c for c in self._chars if c.name.casefold() != char.name.casefold()]
            characters.check([*others, char])
        except RuleError as err:
            self.refuse(err)
            return False
        self._chars = [*others, char]
        self._refresh_list()
        for field in FIELDS:
            self.query_one(f"#mm-{field}", Input).value = ""
        self.query_one("#mm-name", Input).focus()
        self.notify(f"{char.name} noted (ctrl+s to save the roster).")
        return True

    def action_delete(self) -> None:
        index = self.query_one("#mm-roster", OptionList).highlighted
        if index is None or not self._chars:
            return
        removed = self._chars.pop(index)
        self._refresh_list()
        self.notify(f"{removed.name} removed (ctrl+s to save).")

    def action_save(self) -> None:
        self.dismiss(tuple(self._chars))

    def action_cancel(self) -> None:
        # Esc never throws away Characters read off the cards without asking.
        if tuple(self._chars) == self._saved and not self._typed_not_added():
            self.dismiss(None)
            return
        self._ask_unsaved()

    def _typed_not_added(self) -> bool:
        """Is a Character typed in the form that the list does not hold as typed?"""
        typed = tuple(self.query_one(f"#mm-{f}", Input).value.strip() for f in FIELDS)
        if not any(typed):
            return False
        return not any(_fields(c) == typed for c in self._chars)

    @asks
    async def _ask_unsaved(self) -> None:
        typed = self._typed_not_added()
        lines = []
        if tuple(self._chars) != self._saved:
            lines.append("The changes to the roster are not saved.")
        if typed:
            lines.append("A Character is typed in the form but not added.")
        answer = await self.app.push_screen_wait(Ask(
            "Close the Characters?",
            " ".join(lines) + "\n\n[b]Enter[/]  Keep: "
            + ("add the one typed, " if typed else "") + "save the roster and close\n"
            "[b]n[/]      Discard: close, the roster as it was saved\n"
            "[b]Esc[/]    Back to the Characters",
        ))
        if answer is None:
            return
        if not answer:
            self.dismiss(None)
        elif not typed or self._add_typed():  # a Character refused stays in the form
            self.action_save()


def _fields(char: CharacterDef) -> tuple[str, ...]:
    """A Character as the form's fields show it."""
    return (char.name, str(char.ability), ", ".join(char.day_symbols), char.vampire_symbol,
            char.vampire_colour)


def _entry(char: CharacterDef) -> Text:
    """A roster line: the name, ability number, symbols and colour, then the ability's gist."""
    return Text.assemble(
        (printable(char.name), "b"),
        (printable(f"  {char.ability} · {', '.join(char.day_symbols)} · "
                   f"{char.vampire_symbol}/{char.vampire_colour}") + "\n", "dim"),
        (char.ability_gist, "italic"),
    )
