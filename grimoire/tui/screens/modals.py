"""Typed modal pickers: fuzzy choice of players, characters and answers; text; the key help."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from string import ascii_letters
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.fuzzy import Matcher
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from grimoire.core.freetext import clean, printable
from grimoire.tui.guard import Guarded, answered_by_key, choice
from grimoire.tui.support.choice_keys import Item, NoSeat, Seat, letter_keys, refusal
from grimoire.tui.support.key_words import key_words
from grimoire.tui.support.plain import plain
from grimoire.tui.support.seat_entry import SeatEntry
from grimoire.tui.widgets.text_input import TextInput

DONE = "__done__"


class NameFilter(TextInput):
    """A picker's filter: letters filter by name or character; digits are seat numbers where
    the picker offers seats, and text (a script's name, a year) where it offers none."""

    def __init__(self, *args: Any, seats: bool, not_text: str = "", keys: str = "", **kwargs: Any) -> None:
        super().__init__(*args, restrict=r"[^0-9]*" if seats else None, **kwargs)
        self.seats = seats
        self.not_text = not_text  # the key that opened the picker: not the filter's first letter
        self.keys = keys  # the rows' own keys, shown in brackets: not the filter's first letter

    def check_consume_key(self, key: str, character: str | None) -> bool:
        if self.seats and character is not None and character.isdigit():
            return False  # leave digits to the picker's seat-number keys
        if self.not_text and character == self.not_text and not self.value:
            return False  # left to the picker (Pick.action_opened_again)
        if character and character in self.keys and not self.value:
            return False  # left to the picker (Pick.action_key)
        return super().check_consume_key(key, character)


class Pick(Guarded, ModalScreen[Any]):
    """Pick one item, or ``count`` items (``count=None``: any number, then Done), by keys.

    A seat's number picks it (``1`` ``2``: seat 12; a seat with several rows, a number narrows
    the list to them and Enter chooses one); an option's own key, shown in brackets
    (``[y] Yes``), picks it at once while the filter is empty; any other letter filters by name
    or character, and from then on every letter is filter text. Where the picker shows what a
    row would do, a row that would do something is shown first and Enter chooses it. Where
    seats are on offer digits never go into the filter; where none are, they are text.
    Returns the value, a list of values (multi), or None when escaped.

    Keys typed before it was drawn, or in its first moment, are not its (grimoire.tui.guard):
    it opens with an empty filter; and the Enter typed right after the seat number that opened
    it is that number's end, never its answer.
    """

    first_moment = True
    _noted = False  # the hint says the Enter typed after the last seat number was that number's

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="pick.cancel", tooltip="Close without choosing"),
        Binding("down", "move(1)", "Down", show=False, id="pick.down", tooltip="Next item"),
        Binding("up", "move(-1)", "Up", show=False, id="pick.up", tooltip="Previous item"),
        # Before the filter sees them: digits are seat numbers, never filter text (where seats
        # are on offer: check_action).
        *[Binding(d, f"digit('{d}')", f"Seat {d}", show=False, priority=True, id=f"pick.digit{d}",
                  tooltip="Type a seat's number") for d in "0123456789"],
        # The key that opened a question (``not_text``): typed again on an empty filter, it is a
        # storyteller still stepping on, not a name (check_action lets it through otherwise).
        Binding("n", "opened_again", "Again", show=False, priority=True, id="pick.again",
                tooltip="The key that opened this question: it asks for a choice"),
        # A key shown in brackets ([y] Yes) answers at once, as on the night panel, while the
        # filter is empty (check_action); a letter no row shows starts the filter, and from
        # then on every letter is filter text.
        *[Binding(c, f"key('{c}')", show=False, priority=True, id=f"pick.key.{c}",
                  tooltip="An option's own key, shown in brackets") for c in ascii_letters],
    ]

    def __init__(
        self,
        title: str,
        items: Sequence[Item | tuple[str, Any]],
        multi: bool = False,
        count: int | None = 1,
        chosen: Sequence[Any] = (),
        highlight: Any = None,
        keep: Any = None,
        foresee: Callable[[Any], Sequence[str]] | None = None,
        not_text: str = "",
        no_numbers: str = "",
    ) -> None:
        """``foresee``: what choosing a row's value would do, in lines shown under the list
        for the row highlighted (grimoire.present.foresight); a seat's number whose row would
        do something highlights it, and only Enter chooses it (no lines: chosen at once).
        ``no_numbers``: where no row is a seat and a number answers nothing (an option asked
        for a player), a digit is refused with these words, never filter text."""
        super().__init__()
        self._no_numbers = no_numbers
        self._not_text = not_text  # the key that opened it ("n"): never the filter's first letter
        self._foresee = foresee
        self._foreseen: dict[int, Sequence[str]] = {}
        self.title_text = title
        # The row of this value stays listed (last) whatever is typed: "Another script file…",
        # which the text typed (``typed``) may then fill in.
        self._keep = keep
        self.typed = ""
        self._filtering = False  # a letter no row shows has arrived: what follows is filter text
        self.rows = [i if isinstance(i, Item) else Item(*i) for i in items]
        self.multi = multi
        self.count = count
        self.chosen: list[Any] = list(chosen)
        self._highlight = highlight
        self._shown: list[int] = []
        self._seats = {item.number: i for i, item in enumerate(self.rows) if item.number is not None}
        # A seat with several rows (a player who may make either of two declarations): its
        # number narrows the list to them, and Enter chooses one; never one picked for them.
        self._rows_of: dict[int, list[int]] = {}
        for i, item in enumerate(self.rows):
            if item.number is not None:
                self._rows_of.setdefault(item.number, []).append(i)
        self._only: list[int] | None = None  # the rows a number narrowed the list to
        self._width = max((len(str(n)) for n in self._seats), default=1)
        self.seat_entry = SeatEntry(self, self._show_hint)
        if self.multi and self.count is None:  # Done: a letter no other row has
            taken = "".join(i.key for i in self.rows)
            # Not where rows are found by typing their names (characters): d would be Done, not
            # the Drunk. Done is then highlighted whenever the filter is empty: Enter.
            by_name = any(not i.key and i.number is None for i in self.rows)
            self._done_key = "" if by_name else letter_keys(["done"], taken)[0]

    @property
    def foresees(self) -> bool:
        """Whether the rows show what they would do (a seat's number that does something
        highlights its row; Enter chooses it)."""
        return self._foresee is not None

    @property
    def items(self) -> list[tuple[str, Any]]:
        """(label, value) of each row, in the order given."""
        return [(i.label, i.value) for i in self.rows]

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-box", classes="-foresees" if self._foresee is not None else ""):
            yield Static(plain(self.title_text), id="pick-title")
            yield Static("", id="pick-hint")
            if self.multi:
                yield Static("", id="pick-chosen")
            keys = "".join(i.key for i in self.rows if len(i.key) == 1)
            if self.multi and self.count is None:
                keys += self._done_key
            yield NameFilter(placeholder="type to filter…", id="pick-filter", seats=bool(self._seats or self._no_numbers),
                             not_text=self._not_text, keys=keys)
            yield OptionList(id="pick-list")
            if self._foresee is not None:
                yield Static("", id="pick-foresight")

    def on_mount(self) -> None:
        self._refill("")
        self._show_hint("")
        if self._highlight is not None:
            for pos, i in enumerate(self._shown):
                if i >= 0 and self.rows[i].value == self._highlight:
                    self.query_one(OptionList).highlighted = pos
        self.query_one(Input).focus()
        self.drawn()
        # The list follows the filter as each letter is typed, drawn with the letter (its
        # Input.Changed, a message later, drew the list a frame later: 30 ms a letter).
        self.watch(self.query_one(NameFilter), "value", self._filter, init=False)

    def _keep_list_height(self) -> None:
        """The list keeps the height it opened with as the filter narrows it: a box that
        shrank moved (it is centred), and Textual drew the whole dimmed table under it again.
        A smaller terminal still limits it (Textual applies max-height after min-height). Kept
        at the first letter, with the list it narrows (one layout), not as the picker opens: a
        layout and a frame more at every opening, for a picker most often answered by a seat's
        number or an option's letter without filtering (docs/benchmarks.md has the costs)."""
        ol = self.query_one(OptionList)
        if ol.region.height and ol.styles.min_height is None:
            ol.styles.min_height = ol.region.height

    @on(OptionList.OptionHighlighted)
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_foresight(event.option_index)

    def _show_foresight(self, pos: int | None) -> None:
        """What the highlighted row would do, before Enter chooses it."""
        if self._foresee is None:
            return
        i = self._shown[pos] if pos is not None and 0 <= pos < len(self._shown) else -1
        lines = self._foresight(i) if i >= 0 else ()
        # Each line as it is (a player's name is never markup, a control character never sent),
        # one line each.
        text = "\n".join(printable(line) for line in ["If so:", *(f"• {line}" for line in lines)]) if lines else ""
        self.query_one("#pick-foresight", Static).update(Content(text))

    def _foresight(self, i: int) -> Sequence[str]:
        """What row ``i`` would do (nothing said: nothing worth stopping for)."""
        if self._foresee is None:
            return ()
        if i not in self._foreseen:
            self._foreseen[i] = self._foresee(self.rows[i].value)
        return self._foreseen[i]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "digit" and not self._seats:
            # No seat on offer: a row's own digit ([2] 2: a number told) picks it; any other digit
            # is refused where the list says numbers are none of its (no_numbers), else filter text.
            keyed = not self.typed and not self._filtering and self._keyed(str(parameters[0])) is not None
            return keyed or bool(self._no_numbers)
        if action == "opened_again":
            return self._not_text == "n" and not self.typed and not self._filtering
        if action == "key":
            return not self.typed and not self._filtering and self._keyed(str(parameters[0])) is not None
        return True

    def key_arrived(self, character: str | None) -> None:
        """A key as it is typed (GrimoireApp.on_event), before the keys typed just ahead of it
        have reached the filter: a letter no row shows, on an empty filter, starts the filter,
        so a quick burst ("not in play") stays filter text and its "o" is no row's key."""
        if self._filtering or self.typed or not character or not character.isprintable():
            return
        if (character.isdigit() and (self._seats or self._no_numbers)) or (self._not_text and character == self._not_text):
            return
        if self._keyed(character) is None:
            self._filtering = True

    def _keyed(self, key: str) -> int | None:
        """The row whose own key is ``key`` (-1: Done), or None."""
        if self.multi and self.count is None and self._done_key and key == self._done_key:
            return -1
        return next((i for i, item in enumerate(self.rows) if item.key == key), None)

    def action_key(self, key: str) -> None:
        """An option's key, shown in brackets: that option at once, in every picker (one key,
        as its brackets say; what a row would do is shown as the arrows highlight it)."""
        i = self._keyed(key)
        if i is None:
            return
        self.seat_entry.clear()
        if i < 0:
            answered_by_key(self.app)
            self.dismiss(list(self.chosen))
            return
        self._take(i, by_key=True)

    def action_opened_again(self) -> None:
        self.notify(f"{self.title_text} Enter for the one highlighted, its letter or number for "
                    "another, Esc to close.", title="A choice first", timeout=4)

    def hint(self) -> str:
        """What the keys do here, in one line."""
        parts = []
        if self._seats:
            parts.append("digits: seat number")
        keyed = any(i.key for i in self.rows) or (self.multi and self.count is None and bool(self._done_key))
        if keyed:
            parts.append("[x]: that option")
        if self._foresee is not None:
            parts.append("Enter: choose it")  # a row that would do something is shown first
        parts.append("other letters: filter" if keyed else "letters: filter")
        parts.append("Esc: close")
        return " · ".join(parts)

    def enter_ended_number(self) -> None:
        """The Enter typed right after the seat number that opened this picker ended that
        number: said where the keys are, since it chose nothing here."""
        if self.is_mounted:
            hint = self.query_one("#pick-hint", Static)
            hint.set_class(True, "-typing")
            hint.update(Content("That Enter ended the seat number: Enter again to choose."))
            self._noted = True

    def _unnote(self) -> None:
        if self._noted:
            self._noted = False
            self._show_hint(self.seat_entry.typed)

    def _show_hint(self, typed: str) -> None:
        text = f"Seat {typed}… (Enter or a pause ends the number)" if typed else self.hint()
        hint = self.query_one("#pick-hint", Static)
        hint.set_class(bool(typed), "-typing")
        hint.update(Content(text))

    def _label(self, i: int) -> str:
        item = self.rows[i]
        tick = "✔ " if self.multi and item.value in self.chosen else ("  " if self.multi else "")
        if item.number is not None:
            number, _, rest = item.label.partition(" ")
            return f"{tick}{number:>{self._width}} {rest}"
        key = f"[{item.key}] " if item.key else ""
        return f"{tick}{key}{item.label}"

    def _score(self, item: Item, query: str, matcher: Matcher | None) -> float:
        if matcher is None:
            return 1.0
        score = matcher.match(item.label)
        q = query.strip().casefold()
        if item.key and q == item.key:
            score += 100.0  # an option's own letter
        elif q in item.exact():
            score += 50.0  # "phantom" is the Phantom, not the Phantom's Favourite
        elif any(name.startswith(q) for name in item.exact()):
            score += 3.0
        elif q in item.label.casefold():
            score += 2.0  # a typed name beats a scattered match
        return score

    def _refill(self, query: str) -> None:
        matcher = Matcher(query) if query.strip() else None
        scored = []
        for i, item in enumerate(self.rows):
            if self._only is not None and i not in self._only:
                continue
            score = self._score(item, query, matcher)
            if score > 0:
                scored.append((score, i))
            elif self._keep is not None and item.value == self._keep:
                scored.append((0.0, i))
        if matcher:
            scored.sort(key=lambda s: -s[0])
        self._shown = [i for _, i in scored]
        options: list[Option] = []
        if self.multi and self.count is None:
            done_first = query.strip().casefold() in ({self._done_key, "done"} - {""})
            self._shown.insert(0, -1)
            key = f"[{self._done_key}] " if self._done_key else ""
            options.append(Option(Content(f"✔ {key}Done ({len(self.chosen)} chosen)"), id=DONE))
        options += [Option(plain(self._label(i))) for i in self._shown if i >= 0]
        ol = self.query_one(OptionList)
        ol.set_options(options)
        if options:
            first = 0
            if self.multi and self.count is None:
                first = 1 if query and len(options) > 1 and not done_first else 0  # the best match, else Done
            elif self.multi:  # the first not yet chosen
                first = next((p for p, i in enumerate(self._shown) if self.rows[i].value not in self.chosen), 0)
            ol.highlighted = first
        if self.multi:
            names = [item.label for item in self.rows if item.value in self.chosen]
            need = f" of {self.count}" if self.count else ""
            self.query_one("#pick-chosen", Static).update(
                plain(f"Chosen ({len(self.chosen)}{need}): " + (", ".join(names) or "nobody yet"))
            )

    @choice
    def _filter(self, value: str) -> None:
        self._keep_list_height()
        self._unnote()
        self.typed = value
        if value:
            self._only = None  # typing a name: every row again
        if not value:
            self._filtering = False  # an empty filter again: a row's own key answers again
        if value:
            self.seat_entry.clear()  # typing a name: the seat number half typed is dropped
        self._refill(value)

    def action_move(self, delta: int) -> None:
        self._unnote()
        ol = self.query_one(OptionList)
        if ol.option_count:
            ol.highlighted = ((ol.highlighted or 0) + delta) % ol.option_count

    def action_cancel(self) -> None:
        self.seat_entry.clear()
        self.dismiss(None)

    def action_digit(self, digit: str) -> None:
        if not self._seats and self._keyed(digit) is not None:  # a row's own digit (check_action)
            self.action_key(digit)
            return
        self.seat_entry.press(digit, self._seats, self._seat_read)

    def _seat_read(self, reading: Seat | NoSeat) -> None:
        if isinstance(reading, NoSeat):  # refused: the Enter typed right after it answers nothing
            said = self._no_numbers if not self._seats and self._no_numbers else refusal(reading.number, self._seats)
            self.notify(said, title="Not a choice", severity="warning", timeout=4)
            return
        rows = self._rows_of[reading.number]
        if len(rows) > 1:
            self._narrow(reading.number, rows)
            return
        if self._only is not None:  # another seat's number after one that narrowed the list
            self._only = None
            self._refill(self.typed)
            self._show_hint("")
        i = self._seats[reading.number]
        if self._foresight(i):  # shown with what it would do: Enter chooses it
            self._point_at(i)
            self.seat_entry.then = lambda: self._take(i)  # the number's own Enter, typed next
            return
        self._take(self._seats[reading.number])

    def _narrow(self, number: int, rows: list[int]) -> None:
        """Only the rows of seat ``number``, the first highlighted: Enter chooses one."""
        inp = self.query_one(Input)
        if inp.value:
            inp.value = ""
        self._only = rows
        self._refill("")
        hint = self.query_one("#pick-hint", Static)
        hint.set_class(True, "-typing")
        hint.update(Content(f"Seat {number} has {len(rows)} rows: ↑↓ to the one meant, Enter to choose it."))

    def _point_at(self, i: int) -> None:
        inp = self.query_one(Input)
        if inp.value:
            inp.value = ""
            self._refill("")
        self.query_one(OptionList).highlighted = self._shown.index(i)

    @on(Input.Submitted)
    @choice
    def _submitted(self) -> None:
        if self.seat_entry.finish():  # Enter ends a seat number being typed
            return
        ol = self.query_one(OptionList)
        if ol.highlighted is not None:
            self._choose(ol.highlighted)

    @on(OptionList.OptionSelected)
    @choice
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._choose(event.option_index)

    def _choose(self, pos: int) -> None:
        if not self._shown or pos >= len(self._shown):
            return
        i = self._shown[pos]
        if i < 0:
            self.dismiss(list(self.chosen))
            return
        self._take(i)

    def _take(self, i: int, by_key: bool = False) -> None:
        """``by_key``: by the row's own key, which the Enter typed right after it then ends."""
        value = self.rows[i].value
        if not self.multi:
            if by_key:
                answered_by_key(self.app)
            self.dismiss(value)
            return
        if value in self.chosen:
            self.chosen.remove(value)
        else:
            self.chosen.append(value)
        if self.count is not None and len(self.chosen) == self.count:
            if by_key:
                answered_by_key(self.app)
            self.dismiss(list(self.chosen))
            return
        inp = self.query_one(Input)
        if inp.value:
            inp.value = ""  # the filter's watcher refills the list
        else:
            self._refill("")


class AskText(Guarded, ModalScreen[str | None]):
    """One line of text (a path, a name); Enter returns it, Escape returns None.

    ``limit``: the most characters it may have (a note's 500), counted under the field as it is
    typed; Enter on a longer text keeps the field open with every word in it and says so.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="text.cancel", tooltip="Close")]

    def __init__(self, title: str, value: str = "", placeholder: str = "", limit: int | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.placeholder = placeholder
        self.limit = limit

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-box"):
            yield Static(plain(self.title_text), id="pick-title")
            yield TextInput(self.value, placeholder=self.placeholder, id="text-input")
            if self.limit is not None:
                yield Static("", id="text-count")

    def on_mount(self) -> None:
        self.query_one(Input).focus()
        if self.limit is not None:
            self.watch(self.query_one(TextInput), "value", lambda value: self._count(value))

    def length(self, value: str) -> int:
        """The characters ``value`` counts as (as the game keeps it: grimoire.core.freetext)."""
        return len(clean(value))

    def _count(self, value: str, refused: bool = False) -> None:
        if self.limit is None:
            return
        n = self.length(value)
        over = n > self.limit
        if refused:
            text = (f"Too long to keep: {n:,} characters, at most {self.limit:,}. "
                    f"Shorten it by {n - self.limit:,} and Enter again (Esc leaves it as it was).")
        else:
            text = f"{n:,}/{self.limit:,}" + (f" — too long by {n - self.limit:,}" if over else "")
        count = self.query_one("#text-count", Static)
        count.set_class(over, "-over")
        count.update(Content(text))

    @on(Input.Submitted)
    @choice
    def _done(self, event: Input.Submitted) -> None:
        if self.limit is not None and self.length(event.value) > self.limit:
            self._count(event.value, refused=True)  # kept open, every word still there
            return
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class KeysHelp(Guarded, ModalScreen[None]):
    """Every key of the screen underneath, with what it does."""

    BINDINGS = [
        Binding("escape", "close", "Close", id="help.close", tooltip="Close the key list"),
        Binding("question_mark", "close", "Close", show=False, id="help.close2", tooltip="Close"),
    ]

    def __init__(self, rows: Sequence[tuple[str, str, str]], rules: Sequence[str] = ()) -> None:
        """``rules``: the script's own rules (its ``bootlegger`` list), shown after the keys."""
        super().__init__()
        self.rows = rows
        self.rules = rules

    def compose(self) -> ComposeResult:
        from grimoire.tui.support.view import esc

        lines = ["[b]Keys[/b]  (Escape closes; ctrl+p opens the command palette)", ""]
        for key, desc, tip in self.rows:
            lines.append(f"[b]{key:>10}[/b]  {desc}" + (f" — {tip}" if tip and tip != desc else ""))
        if self.rules:
            lines += ["", "[b]The script's own rules[/b]"] + [f"• {esc(rule)}" for rule in self.rules]
        with VerticalScroll(id="help-box"):
            yield Static("\n".join(lines), id="help-text")

    def action_close(self) -> None:
        self.dismiss(None)


def binding_rows(screen: Any) -> list[tuple[str, str, str]]:
    """(key, description, tooltip) for the screen's and the app's bindings, but those of
    another script's rules (``screen.not_this_game``)."""
    rows = []
    seen = set()
    foreign = getattr(screen, "not_this_game", lambda action: False)
    for source in (type(screen).BINDINGS, type(screen.app).BINDINGS):
        for b in source:
            if not isinstance(b, Binding) or not b.description or foreign(b.action):
                continue
            key = screen.app.get_key_display(b)
            if b.key.isdigit():  # the ten digit keys: one row
                key, desc = "0–9", "Seat number"
                if (key, desc) not in seen:
                    seen.add((key, desc))
                    rows.append((key, desc, "type the number drawn on the circle: 1 2 is seat 12"))
                continue
            label, tip = key_words(screen, b)
            if (key, label) in seen:
                continue
            seen.add((key, label))
            rows.append((key, label, tip))
    return rows
