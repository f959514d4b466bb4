"""The grimoire screen's keys for the table around the game: the day's timer (h) and the seats'
private links (L). Neither is in the game's record; the timer and the vote going round are
written for the players' pages by the screen's ``LiveFeed``."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.timer import Timer

from grimoire.core import events as ev
from grimoire.tui.guard import asks
from grimoire.tui.support import day_timer
from grimoire.tui.support.choice_keys import Item
from grimoire.tui.support.live_feed import LiveFeed
from grimoire.tui.widgets.side import Section, SidePanel

if TYPE_CHECKING:
    from grimoire.store.live_table import DayTimer
    from grimoire.tui.screens.host import GrimoireHost
else:
    GrimoireHost = object  # the mixin's base when checked: the screen it is mixed into

TICK = 0.25  # seconds between two looks at the clock: the line changes once a second

# The grimoire screen lists these among its own (Textual reads BINDINGS from widget classes only).
LIVE_KEYS = [
    Binding("h", "timer", "Timer", id="table.timer",
            tooltip="The day's timer: start the discussion or the nominations, pause, resume, end "
                    "(shown here and on the players' pages)"),
    # Now and then, where a character has the players point: in the key list and the palette.
    Binding("P", "point", "Pointing", id="table.point", show=False,
            tooltip="Record where each player pointed, for a character whose ability has them point"),
    # Once a game, to hand the links out: in the key list and the palette, not the footer.
    Binding("L", "seat_links", "Seat links", id="table.links", show=False,
            tooltip="Each seat's private link to the players' page, with its QR code"),
]


def now() -> float:
    return time.time()


class LiveActions(GrimoireHost):
    """Mixed into the grimoire screen (``game``, ``read_only``, ``app``, ``notify``, ``set_interval``)."""

    live: LiveFeed
    day_timer: DayTimer | None = None
    _timer_ticks: Timer | None = None
    _timer_told = False  # "time is up" said for this timer
    _sections: list[Section]

    # --- the day's timer -------------------------------------------------------------------------
    @asks
    async def action_timer(self) -> None:
        from grimoire.tui.screens.modals import Pick

        t, at = self.day_timer, now()
        rows: list[Item] = []
        if t is not None:
            if t.running and not day_timer.is_up(t, at):
                rows.append(Item(f"Pause the {t.label.lower()} ({day_timer.clock(t, at)} left)", "pause", key="p"))
            elif not t.running:
                rows.append(Item(f"Resume the {t.label.lower()} ({day_timer.clock(t, at)} left)", "resume", key="r"))
            rows.append(Item("End the timer", "end", key="e"))
        letters = iter("abcdfgijk")
        for label, choices in day_timer.CHOICES:
            for minutes in choices:
                rows.append(Item(f"{label}: {minutes} minute{'s' * (minutes != 1)}", (label, minutes),
                                 key=next(letters)))
        for label, letter in zip((day_timer.DISCUSSION, day_timer.NOMINATIONS), "lm"):
            rows.append(Item(f"{label}: another length…", ("ask", label), key=letter))
        got = await self.app.push_screen_wait(Pick("The day's timer", rows))
        if got is None:
            return
        if isinstance(got, tuple) and got[0] == "ask":
            got = await self._ask_length(got[1])
            if got is None:
                return
        t, at = self.day_timer, now()  # as it is now, not as the picker opened
        if got == "pause" and t is not None:
            self.set_day_timer(day_timer.pause(t, at))
        elif got == "resume" and t is not None:
            self.set_day_timer(day_timer.resume(t, at))
        elif got == "end":
            self.set_day_timer(None)
        elif isinstance(got, tuple):
            label, minutes = got
            # In the game's record only as the day's timer, started for so long; its pauses and
            # its end are the table's.
            if self._act(self.session.apply, ev.StartDayTimer(label, round(minutes * 60))):
                self.set_day_timer(day_timer.start(label, minutes, at))

    async def _ask_length(self, label: str) -> tuple[str, float] | None:
        """The storyteller's own length for the timer (minutes, 4:30 or 90s); asked again after a
        typing slip, with what was wrong; None once they give up."""
        from grimoire.tui.screens.modals import AskText

        title, value = f"{label}: how long? (minutes, 4:30 or 90s)", ""
        while True:
            typed = await self.app.push_screen_wait(AskText(title, value=value))
            if typed is None:
                return None
            try:
                return label, day_timer.parse_length(typed) / 60
            except ValueError as error:
                title, value = f"{label}: {error}. How long?", typed

    def set_day_timer(self, timer: DayTimer | None) -> None:
        """Show ``timer`` (None: no timer) here and on the players' pages, which count down
        from it themselves: it is written at each change, not every second."""
        if timer == self.day_timer:
            return
        self.day_timer = timer
        self._timer_told = False
        self.live.show_timer(timer)
        if timer is not None and timer.running:
            if self._timer_ticks is None:
                self._timer_ticks = self.set_interval(TICK, self._tick)
            else:
                self._timer_ticks.resume()
        elif self._timer_ticks is not None:
            self._timer_ticks.pause()
        self._show_timer()

    def timer_sections(self) -> list[Section]:
        """The timer's line at the top of the day panel (none without a timer)."""
        if self.day_timer is None:
            return []
        return [Section("timer", day_timer.timer_line(self.day_timer, now()))]

    def _tick(self) -> None:
        t = self.day_timer
        if t is None or not t.running:
            return
        if day_timer.is_up(t, now()):
            if self._timer_ticks is not None:
                self._timer_ticks.pause()  # 00:00 stays until the timer is ended or started again
            if not self._timer_told:
                self._timer_told = True
                self.notify(f"{t.label}: time is up.", title="Timer", severity="warning",
                            timeout=8)
        self._show_timer()

    def _show_timer(self) -> None:
        """Only the timer's line changes: the panel repaints the rows that changed."""
        if not self._shows_day():
            return
        sections = self.timer_sections() + [s for s in self._sections if s.key != "timer"]
        if sections != self._sections:
            self._sections = sections
            self.query_one("#side", SidePanel).show(sections)

    def _shows_day(self) -> bool:
        """The side panel shows the day (the timer's place)."""
        raise NotImplementedError

    # --- the players' pointing -------------------------------------------------------------------
    @asks
    async def action_point(self) -> None:
        from grimoire.core.vote_count import pointing_in_play
        from grimoire.rules.visitors import in_play
        from grimoire.tui.screens.modals import AskText, Pick
        from grimoire.tui.support.pointing import most_words, parse_points
        from grimoire.tui.support.view import option_items

        g = self.game.state
        known = {**self.game.script.by_id, **in_play(g)}
        characters = pointing_in_play(g, known)
        if not characters:
            self.notify("No character in play has the players point.", title="Pointing", severity="warning")
            return
        character = characters[0]
        if len(characters) > 1:
            picked = await self.app.push_screen_wait(
                Pick("Pointing for", option_items([(c.name, c) for c in characters])))
            if picked is None:
                return
            character = picked
        ring = g.ring
        title = (f"{character.name}: where each player points, in seat order "
                 f"({', '.join(str(s + 1) for s in ring)}): a seat number each, - for none")
        value = ""
        while True:
            typed = await self.app.push_screen_wait(AskText(title, value=value, placeholder="5 5 1 - 5 …"))
            if typed is None:
                return
            try:
                seats, targets = parse_points(typed, ring)
                break
            except ValueError as error:
                title, value = f"{character.name}: {error}", typed
        if self._act(self.session.apply, ev.Point(character.id, seats, targets)):
            g = self.game.state
            self.notify(most_words([s.name for s in g.seats], targets), title=f"Pointing for the {character.name}")

    # --- the seats' links ------------------------------------------------------------------------
    def action_seat_links(self) -> None:
        from grimoire.tui.screens.seat_links import SeatLinksScreen

        self.app.push_screen(SeatLinksScreen(self.session, self.path,
                                             read_only=self.read_only))
