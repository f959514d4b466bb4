"""The vote, counted as it happens at the table: round the circle from the seat after the
nominee, one key a seat, with the seats in sight.

The hands raised from the players' phones (``<game>.hands.json``, written by ``grimoire serve``)
come in as they are raised and count once the clock reaches their seat (raised before, they
show as raised), unless the storyteller has keyed that seat: the storyteller's key always wins.
While the screen is open, the vote going round is written for the players' pages
(``grimoire.tui.support.live_feed``); nothing enters the game's record until Enter records it,
as one Vote event: the hands counted, as the screen and the pages show them.
"""

from __future__ import annotations

from typing import Any

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from grimoire.core import events as ev
from grimoire.game import IllegalAction
from grimoire.rules import day as day_rules
from grimoire.store import live_table
from grimoire.store.live_table import VoteInProgress
from grimoire.store.watch import FileWatch
from grimoire.tui.commands import ScreenKeys
from grimoire.tui.guard import Guarded, asks
from grimoire.tui.session import Session
from grimoire.tui.support.choice_keys import NoSeat, Seat, refusal
from grimoire.tui.support.live_feed import LiveFeed
from grimoire.tui.support.seat_entry import SeatEntry
from grimoire.tui.support.view import esc, option_items, script_title, seat_views
from grimoire.tui.support.vote_round import VoteRound
from grimoire.tui.support.vote_view import centre, heading, round_list, seat_marks
from grimoire.tui.widgets.column_rule import ColumnRule
from grimoire.tui.widgets.kept_rows import BlankRows
from grimoire.tui.widgets.keys import KeysFooter
from grimoire.tui.widgets.seats import SeatCircle
from grimoire.tui.widgets.side import Section, SidePanel
from grimoire.tui.widgets.title import TitleBar

HANDS_EVERY = 0.15  # seconds between two looks at the phones' hands (a stat; read if it changed)


def _b(key: str, action: str, desc: str, bid: str, tip: str, show: bool = True, **kw: Any) -> Binding:
    return Binding(key, action, desc, id=f"vote.{bid}", tooltip=tip, show=show, **kw)


class VoteScreen(Guarded, BlankRows, Screen[bool]):
    """Counts the vote on ``nominee``; dismissed with True once recorded, False if cancelled."""

    COMMANDS = {ScreenKeys}
    first_moment = True  # opened after the nominee's pick: keys typed before it are not hands
    BINDINGS = [
        _b("y", "hand(True)", "Up", "up", "The seat asked raises their hand; on to the next seat"),
        _b("space", "hand(True)", "Up", "up2", "The seat asked raises their hand (as y)", show=False),
        _b("n", "hand(False)", "Down", "down", "The seat asked keeps their hand down; on to the next seat"),
        _b("left,backspace", "back", "Back", "back", "Back one seat", key_display="←/⌫"),
        _b("right", "skip", "Skip", "skip", "On to the next seat, its hand as it stands (a phone's)", show=False),
        _b("enter", "record", "Record", "record", "Record the vote: the hands up now (a seat number being typed ends first)"),
        _b("escape", "cancel", "Cancel", "cancel", "Close without recording anything (asks first if hands were counted)"),
        *[_b(d, f"digit('{d}')", f"Seat number {d}", f"digit{d}", "A seat's number: its hand the other way",
             show=False) for d in "0123456789"],
        _b("pagedown", "side_page(1)", "More", "pagedown", "Scroll the list down", show=False),
        _b("pageup", "side_page(-1)", "Back", "pageup", "Scroll the list up", show=False),
        _b("question_mark", "help", "Keys", "help", "Every key on this screen"),
    ]

    def __init__(self, session: Session, nominee: int, feed: LiveFeed, mark: str = "") -> None:
        super().__init__()
        self.session = session
        self.feed = feed
        self.mark = mark  # REHEARSAL, as on the grimoire
        g = session.game.state
        assert g.today is not None, "a vote is counted by day"
        nomination = next(n for n in g.today.nominations if n.nominee == nominee)
        self.nominator = nomination.nominator
        self.round = VoteRound.start(g, nominee, session.game.rules.registers_dead(g))
        self.specials = day_rules.vote_specials_now(self.session.game.rules, g)  # secret, weighted hands: as the vote opens
        self.key = VoteInProgress.new_key()  # this vote's: a phone's hand for another is not taken
        game = feed.game
        self._hands = FileWatch(live_table.hands_path(game)) if game is not None else None
        self.hands_read = 0  # times the phones' hands were read (only when their file changed)
        self.seat_entry = SeatEntry(self, lambda typed: self._draw())
        self._noted = False  # the Enter typed after the last seat number was that number's: said

    @property
    def nominee(self) -> int:
        return self.round.nominee

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="table-main"):
            yield SeatCircle(len(self.session.game.state.seats))
            with Vertical(id="right"):
                yield ColumnRule()
                yield SidePanel(id="vote-panel")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.drawn()
        g = self.session.game.state
        self.query_one(TitleBar).show_title(script_title(self.session.game),
                                            f"Day {g.day} · the vote on {g.name(self.nominee)}", mark=self.mark)
        self._draw()
        self._publish()
        if self._hands is not None and self.feed.writes:
            self.set_interval(HANDS_EVERY, self._look_at_hands)

    # --- drawing and the players' pages ------------------------------------------------------
    def _draw(self) -> None:
        g = self.session.game.state
        rnd = self.round
        marks = seat_marks(g, rnd)
        views = [attrs.evolve(v, tokens=(marks[v.index], *v.tokens)) if v.index in marks else v
                 for v in seat_views(self.session.game.rules, g)]
        circle = self.query_one(SeatCircle)
        circle.show(views, centre(self.session.game.rules, g, rnd, self.specials), g.ring)
        circle.show_cursor(rnd.at)
        head = heading(self.session.game.rules, g, rnd, self.nominator, self.specials)
        head += "".join(f"\n[b $warning]Remember[/]: {esc(r)}" for r in self.session.game.rules.day_reminders(g))
        if self.seat_entry.typed:
            head += f"\n[b $warning]Seat {self.seat_entry.typed}…[/] [dim](Enter or a pause ends it)[/dim]"
        elif self._noted:
            head += "\n[b $warning]That Enter ended the seat number[/]: Enter again records the vote."
        rows = round_list(g, rnd, self.specials)
        panel = self.query_one("#vote-panel", SidePanel)
        panel.show([Section("head", head), Section("round", "\n".join(rows))])
        if rnd.at is not None:  # the seat asked stays in sight in a long list
            line = next(i for i, row in enumerate(rows) if "▶" in row)
            panel.keep_in_view("round", line)
        else:  # the round is done: the count, and whether it is enough, back in sight before Enter
            panel.keep_in_view("head", 0)

    def _publish(self) -> None:
        rnd = self.round
        # A secret vote's hands never leave the grimoire: the pages get only whose turn it is.
        hidden = self.specials.hidden
        self.feed.show_vote(VoteInProgress(self.key, self.nominator, self.nominee, rnd.at,
                                           () if hidden else rnd.up, hidden=hidden,
                                           raised=() if hidden else rnd.raised))

    def enter_ended_number(self) -> None:
        """The Enter typed right after a seat number ended it (it had ended already): it
        records nothing; said, until the next key that counts."""
        self._noted = True
        self._draw()

    def _changed(self, rnd: VoteRound) -> None:
        self._noted = False
        if rnd == self.round:
            return
        self.round = rnd
        self._draw()
        self._publish()

    def _look_at_hands(self) -> None:
        if self._hands is None or not self.is_open or not self._hands.changed():
            return
        hands = self._read_hands()
        self.hands_read += 1
        if hands is not None and hands.key == self.key and not self.specials.hidden:
            self._changed(self.round.with_phones(hands.as_dict()))

    def _read_hands(self) -> live_table.PhoneHands | None:
        game = self.feed.game
        return live_table.read_hands(game) if game is not None else None

    # --- keys ----------------------------------------------------------------------------------
    def action_hand(self, up: bool) -> None:
        self.seat_entry.clear()
        self._changed(self.round.hand(up))

    def action_back(self) -> None:
        self.seat_entry.clear()
        self._changed(self.round.back())

    def action_skip(self) -> None:
        self.seat_entry.clear()
        self._changed(self.round.skip())

    def action_digit(self, digit: str) -> None:
        self._noted = False
        offered = [s + 1 for s in self.round.order if s in self.round.voting]
        self.seat_entry.press(digit, offered, self._seat_read)

    def _seat_read(self, reading: Seat | NoSeat) -> None:
        if isinstance(reading, Seat):
            self._changed(self.round.toggle(reading.number - 1))
            return
        g = self.session.game.state
        who = ""
        if 1 <= reading.number <= len(g.seats):
            seat = g.seats[reading.number - 1]
            who = seat.name + ("" if seat.alive else ", dead: no vote left")
        self.notify(refusal(reading.number, [s + 1 for s in self.round.voting], who),
                    title="No vote", severity="warning", timeout=4)

    def action_record(self) -> None:
        if self.seat_entry.finish():  # Enter ends a seat number being typed
            return
        try:
            self.session.apply(ev.Vote(self.nominee, self.round.up))
        except (IllegalAction, ValueError) as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
            return
        self._close(True)

    def action_cancel(self) -> None:
        self.seat_entry.clear()
        if self.round.touched:
            self._ask_cancel()
        else:
            self._close(False)

    @asks
    async def _ask_cancel(self) -> None:
        from grimoire.tui.screens.modals import Pick

        up = len(self.round.up)
        items = option_items([("Keep counting", False), ("Throw the hands away: nothing is recorded", True)])
        g = self.session.game.state
        got = await self.app.push_screen_wait(
            Pick(f"Cancel the vote on {g.name(self.nominee)}? {up} hand{'s' * (up != 1)} up so far.", items))
        if got:
            self.call_later(self._close, False)  # once the question has closed

    def _close(self, recorded: bool) -> None:
        if not self.is_open:
            return
        self.seat_entry.clear()
        self.feed.show_vote(None)  # the pages show no vote going round
        self.dismiss(recorded)

    def action_side_page(self, pages: int) -> None:
        self.query_one("#vote-panel", SidePanel).scroll_page(pages)

    def action_help(self) -> None:
        from grimoire.tui.screens.modals import KeysHelp, binding_rows

        self.app.push_screen(KeysHelp(binding_rows(self)))
