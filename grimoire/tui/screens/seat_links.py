"""Each seat's private link to the players' page, and the selected one's QR code, to hand the
links out at the table (a phone scans its seat's code off the laptop's screen).

The codes are made once for this game and kept beside it (``grimoire.store.seat_links``); the
address is the running ``grimoire serve``'s (its record in ``<data dir>/served``), looked at
again every second, so a server started while this screen is open shows here. A read-only window shows the codes
the window running the game made, and makes none.

Here too the storyteller chooses, for this game, to deal each seat's character to its phone
(``d``) and to let the night's cards go to a phone (``n``, then ``f`` on a card): each an event
of the game's log. It sees whose phone has opened its character (grimoire.store.phone_cards).

The table's one join code is here too (its link and QR code, the list's last row), with each
seat a phone took by it; ``r`` releases the highlighted seat's phone and ``m`` moves it to another
seat (events of the log: grimoire.core.seat_claims), so that the phone shows what it should.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from grimoire.core import events as ev
from grimoire.core.model import GameState
from grimoire.core.seat_claims import Claim
from grimoire.game import IllegalAction
from grimoire.present.joined import SAT, held_now
from grimoire.present.phone_cards import choices_words, seat_state
from grimoire.store import join_desk, phone_cards, seat_links
from grimoire.store.join_desk import Desk
from grimoire.store.seat_links import Served
from grimoire.tui.commands import ScreenKeys
from grimoire.tui.guard import Guarded
from grimoire.tui.support.choice_keys import NoSeat, Seat, refusal
from grimoire.tui.support.plain import plain
from grimoire.tui.support.qr_text import qr_lines, qr_matrix
from grimoire.tui.support.seat_entry import SeatEntry
from grimoire.tui.widgets.keys import KeysFooter
from grimoire.tui.widgets.title import TitleBar

if TYPE_CHECKING:
    from grimoire.tui.session import Session

START_SERVER = "make serve  (or: grimoire serve --host 0.0.0.0)"
TABLE = -1  # the list's row of the table's page, for everyone (a TV)
JOIN = -2  # the list's last row: the table's one join code, for every phone
SUBTITLE = "↑/↓ or a seat's number: its QR code"
LOOK_EVERY = 1.0  # seconds between two looks for a server started or stopped
LIST_WIDTH = 45  # a seat's link on one line: "   192.168.100.200:8000/s/<12 letters>"


def _b(key: str, action: str, desc: str, bid: str, tip: str, show: bool = True) -> Binding:
    return Binding(key, action, desc, id=f"links.{bid}", tooltip=tip, show=show)


def link_of(seat: int, codes: dict[int, str], served: Served | None) -> str | None:
    """What a phone opens for ``seat`` (TABLE: the table's page); None while there is nothing
    to open (no server, or no code made)."""
    if served is None:
        return None
    if seat == TABLE:
        return served.table_url
    if seat == JOIN:
        return None
    code = codes.get(seat)
    return served.seat_url(code) if code else None


def server_words(served: Served | None, path: Path | None, read_only: str | None) -> str:
    """The lines above the list: where the links lead, or how to make them lead somewhere."""
    if path is None:
        return "This game has no file: seat links need a saved game."
    if served is None:
        lines = ["No server is running. Start one on this laptop (same Wi-Fi as the phones):",
                 f"  {START_SERVER}",
                 "Its address then shows here; until then, each seat's code."]
    else:
        lines = [f"The table's page (everyone, a TV): {served.table_url}"]
    if read_only:
        lines.append("Read-only window: the links the window running the game made; none is made here.")
    lines.append("Each player gets their own link only: it shows the table as that seat and "
                 "raises that seat's hand in a vote. Or every phone opens the join code (the last row, "
                 "and the table's page) and taps its seat.")
    return "\n".join(lines)


class SeatLinksScreen(Guarded, Screen[None]):
    COMMANDS = {ScreenKeys}
    BINDINGS = [
        _b("escape", "close", "Back", "close", "Back to the grimoire"),
        _b("L", "close", "Back", "close2", "Back to the grimoire", show=False),
        *[_b(d, f"digit('{d}')", f"Seat number {d}", f"digit{d}", "A seat's number: its link and QR code",
             show=False) for d in "0123456789"],
        _b("d", "deal", "Deal to phones", "deal", "Deal each seat's character to its phone (again: take them back)"),
        _b("n", "night", "Night cards", "night", "Let the night's cards go to a phone (S at a step, f on a card), or not"),
        _b("r", "release", "Release phone", "release", "Release the phone that sat at this seat by the join code"),
        _b("m", "move", "Move phone", "move", "Move the phone that sat at this seat to another seat (then its number)"),
        _b("question_mark", "help", "Keys", "help", "Every key on this screen"),
    ]

    def __init__(self, session: Session, path: Path | None, read_only: str | None = None) -> None:
        super().__init__()
        self.session = session
        g = session.game.state
        self.seen: dict[str, str] = {}
        self.seats = [(i, g.seats[i].name) for i in g.ring]
        self.path = path
        self.read_only = read_only
        self.codes: dict[int, str] = {}
        self.served: Served | None = None
        self.problem = ""
        self._rows: list[int] = []
        self.desk = Desk()  # the join code and the phones' claims (grimoire serve writes them)
        self.moving: int | None = None  # m: the seat whose phone goes to the next seat typed
        self.seat_entry = SeatEntry(self, self._typed)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="links-main"):
            with Vertical(id="links-left"):
                yield Static("", id="links-server")
                yield OptionList(id="links-list")
            yield Static("", id="links-qr")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(TitleBar).show_title("Seat links", SUBTITLE)
        self._fill()
        self.query_one(OptionList).focus()
        if self.path is not None:
            self._load_codes()
            self.set_interval(LOOK_EVERY, self._look_for_server)

    # --- the codes, made (or read) off the UI thread ----------------------------------------------
    @work(thread=True, exclusive=True, group="links")
    def _load_codes(self) -> None:
        assert self.path is not None
        problem = ""
        try:
            if self.read_only:
                codes = seat_links.read_seat_codes(self.path)
            else:
                codes = seat_links.seat_codes(self.path, [s for s, _ in self.seats])
        except OSError as exc:
            codes = seat_links.read_seat_codes(self.path)
            problem = f"The links cannot be kept beside the game: {exc.strerror or exc}"
        served = seat_links.read_served()
        seen = phone_cards.read_seen(self.path)
        desk = join_desk.read_desk(self.path)
        self.app.call_from_thread(self._loaded, codes, served, problem, seen, desk)

    @property
    def g(self) -> GameState:
        return self.session.game.state

    def _loaded(self, codes: dict[int, str], served: Served | None, problem: str, seen: dict[str, str],
                desk: Desk) -> None:
        self.codes, self.served, self.problem = codes, served, problem
        self.seen, self.desk = seen, desk
        if problem:
            self.notify(problem, severity="error", timeout=8)
        if self.is_attached:
            self._fill()

    def _look_for_server(self) -> None:
        """The server, which phones opened their cards and which sat down (the server writes them)."""
        served = seat_links.read_served()
        seen = phone_cards.read_seen(self.path) if self.path is not None else {}
        desk = join_desk.read_desk(self.path) if self.path is not None else Desk()
        if served != self.served or seen != self.seen or desk != self.desk:
            self.served, self.seen, self.desk = served, seen, desk
            self._fill()

    @property
    def held(self) -> dict[int, Claim]:
        """seat -> the phone that sat there by the join code (less the releases and moves of the log)."""
        return held_now(self.session.game, self.desk)

    def join_url(self) -> str | None:
        if self.served is None or not self.desk.code:
            return None
        return f"{self.served.base}/j/{self.desk.code}/"

    # --- drawing ------------------------------------------------------------------------------
    def _row(self, seat: int, name: str, held: dict[int, Claim]) -> Content:
        number = f"{seat + 1:>2} "
        link = link_of(seat, self.codes, self.served)
        code = self.codes.get(seat)
        if link is not None:
            second = link.removeprefix("http://")  # as typed into a browser; the QR code has it whole
        elif code is not None:
            second = f"code {code}"
        elif self.read_only:
            second = "no link made yet (the window running the game makes them)"
        else:
            second = "…" if self.path is not None else "no link: no file"
        state = seat_state(self.g, self.seen, seat)
        if state:
            second = f"{second} · {state}"
        if seat in held:
            second = f"{second} · {SAT}"
        return Content("\n").join([plain(number + name), Content.styled("   " + second, "dim")])

    def _fill(self) -> None:
        self.query_one("#links-server", Static).update(plain(
            server_words(self.served, self.path, self.read_only) + (f"\n{self.problem}" if self.problem else "")
            + ("" if self.path is None else "\n" + choices_words(self.g, self.seen)),
            lines=True))
        options = self.query_one(OptionList)
        keep = options.highlighted
        held = self.held  # read off the log once for every row
        rows = [Option(self._row(seat, name, held)) for seat, name in self.seats]
        self._rows = [seat for seat, _ in self.seats]
        if self.served is not None:
            rows.append(Option(Content("\n").join([Content("The table's page (everyone, a TV)"),
                                                   Content.styled("   " + self.served.table_url.removeprefix("http://"), "dim")])))
            self._rows.append(TABLE)
        join = self.join_url()
        if join is not None:
            taken = len(held)
            rows.append(Option(Content("\n").join([
                Content(f"Join by one code (every phone): {self.desk.code} · {taken} of {len(self.seats)} sat down"),
                Content.styled("   " + join.removeprefix("http://"), "dim")])))
            self._rows.append(JOIN)
        options.set_options(rows)
        if rows:
            options.highlighted = min(keep or 0, len(rows) - 1)
        self._show_qr()

    @on(OptionList.OptionHighlighted)
    def _moved(self) -> None:
        self._show_qr()

    def selected(self) -> int | None:
        """The seat whose link is shown (TABLE: the table's page)."""
        at = self.query_one(OptionList).highlighted
        return self._rows[at] if at is not None and at < len(self._rows) else None

    def _show_qr(self) -> None:
        qr = self.query_one("#links-qr", Static)
        seat = self.selected()
        if seat is None:
            qr.update("")
            return
        name = ("The table's page" if seat == TABLE else "Join by one code" if seat == JOIN
                else f"{seat + 1} {dict(self.seats)[seat]}")
        link = self.join_url() if seat == JOIN else link_of(seat, self.codes, self.served)
        if link is None:
            words = "No QR code until a server runs:" if self.served is None else "No link made yet."
            qr.update(plain(f"{name}\n\n{words}\n{START_SERVER}" if self.served is None else f"{name}\n\n{words}",
                            lines=True))
            return
        matrix = qr_matrix(link)
        # The widest quiet zone (4 modules is the standard's; phones read 2, even 1) that fits
        # the height, and leaves the list room for a link on one line where it can.
        n, room = len(matrix), self.size.height - 3  # the title, the footer, the caption
        fits = [q for q in (4, 2, 1) if (n + 2 * q + 1) // 2 <= room]
        if not fits:
            qr.update(plain(f"{name}\n\nThe window is too small for the QR code: enlarge it.", lines=True))
            return
        wide = [q for q in fits if q >= 2 and n + 2 * q + 2 <= self.size.width - LIST_WIDTH]
        quiet = wide[0] if wide else (2 if 2 in fits else fits[0])
        lines = qr_lines(matrix, quiet=quiet, ink_dark=not self.app.current_theme.dark)
        width = len(lines[0])
        caption = name if len(name) <= width else name[: width - 1] + "…"
        qr.update(plain("\n".join([caption, *lines]), lines=True))

    def on_resize(self) -> None:
        self._show_qr()  # the quiet zone as the room allows

    # --- keys ------------------------------------------------------------------------------------
    def _typed(self, typed: str) -> None:
        sub = f"seat {typed}… (Enter or a pause ends the number)" if typed else self._subtitle()
        self.query_one(TitleBar).show_title("Seat links", sub)

    def _subtitle(self) -> str:
        return SUBTITLE if self.moving is None else f"Move seat {self.moving + 1}'s phone to: type a seat's number"

    def action_digit(self, digit: str) -> None:
        self.seat_entry.press(digit, [s + 1 for s, _ in self.seats], self._seat_read)

    def _seat_read(self, reading: Seat | NoSeat) -> None:
        if isinstance(reading, NoSeat):
            self.notify(refusal(reading.number, [s + 1 for s, _ in self.seats]), severity="warning", timeout=4)
            return
        if self.moving is not None:
            self._move_to(self.moving, reading.number - 1)
            return
        self.query_one(OptionList).highlighted = self._rows.index(reading.number - 1)

    # --- the phones that sat down by the join code --------------------------------------------------
    def _claim_here(self, verb: str) -> tuple[int, Claim] | None:
        """The highlighted seat and the phone holding it, or None (said why)."""
        seat = self.selected()
        claim = self.held.get(seat) if seat is not None and seat >= 0 else None
        if seat is None or seat < 0 or claim is None:
            self.notify(f"No phone sat at this seat by the join code: nothing to {verb}.", severity="warning", timeout=5)
            return None
        return seat, claim

    def _record(self, event: ev.Event, said: str) -> None:
        if self.read_only:
            from grimoire.tui.session import read_only_notice

            self.notify(read_only_notice(self.read_only), severity="warning", timeout=6)
            return
        try:
            self.session.apply(event)
        except IllegalAction as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.notify(said, timeout=5)
        self._fill()

    def action_release(self) -> None:
        found = self._claim_here("release")
        if found is not None:
            seat, claim = found
            self._record(ev.PhoneReleased(claim.id, seat),
                         f"Seat {seat + 1}'s phone is released: it holds no seat, and any phone may sit there.")

    def action_move(self) -> None:
        found = self._claim_here("move")
        if found is not None:
            self.moving = found[0]
            self.query_one(TitleBar).show_title("Seat links", self._subtitle())

    def _move_to(self, seat: int, to: int) -> None:
        self.moving = None
        self.query_one(TitleBar).show_title("Seat links", SUBTITLE)
        claim = self.held.get(seat)
        if claim is None:
            self.notify(f"Seat {seat + 1} has no phone now: nothing to move.", severity="warning", timeout=5)
        elif to in self.held:
            self.notify(f"A phone sits at seat {to + 1} already: release it first (r).", severity="warning", timeout=6)
        elif to != seat:
            self._record(ev.PhoneMoved(claim.id, seat, to), f"Seat {seat + 1}'s phone is seat {to + 1}'s now.")

    def _set_phones(self, deal: str, night: bool, said: str) -> None:
        """The phones' choices, an event of the game's log like any other (undone by u)."""
        if self.read_only:
            from grimoire.tui.session import read_only_notice

            self.notify(read_only_notice(self.read_only), severity="warning", timeout=6)
            return
        if self.path is None:
            self.notify("This game has no file: nothing can go to a phone.", severity="warning", timeout=6)
            return
        try:
            self.session.apply(ev.PhonesChoice(deal, night))
        except IllegalAction as exc:
            self.notify(str(exc), severity="error", timeout=8)
            return
        self.notify(said, timeout=5)
        self._fill()

    def action_deal(self) -> None:
        phones = self.g.phones
        if phones.deal:
            self._set_phones("", phones.night, "The characters are taken off the phones.")
        else:
            self._set_phones(phone_cards.new_card_id(), phones.night,
                             "Each seat's character is on its own phone, hidden until the player taps it.")

    def action_night(self) -> None:
        phones = self.g.phones
        self._set_phones(phones.deal, not phones.night,
                         "The night's cards may go to a phone: S sends a step's cards, f one card." if not phones.night
                         else "The night's cards stay on the laptop; the phones show none.")

    def action_close(self) -> None:
        self.seat_entry.clear()
        if self.moving is not None:  # Escape: no move, the screen stays
            self.moving = None
            self.query_one(TitleBar).show_title("Seat links", SUBTITLE)
            return
        self.dismiss(None)

    def action_help(self) -> None:
        from grimoire.tui.screens.modals import KeysHelp, binding_rows

        self.app.push_screen(KeysHelp(binding_rows(self)))
