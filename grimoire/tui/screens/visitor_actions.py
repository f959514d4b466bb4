"""The grimoire screen's keys for Travellers and Fabled, in every game (the Phantom's too):
a Traveller joins (J) or leaves (X), a Fabled or Loric is placed or taken away (F); j lists them.

All of them at any moment of the game, at night too: a latecomer joins as a Traveller when they
arrive, and a Traveller may have to leave mid-night. Tonight's order was set at dusk, so a
Traveller who joins (or a Fabled placed) at night wakes from the next night on, and the step of
one who leaves is passed over; the storyteller is told so."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.core.script import Character
from grimoire.rules.visitors import VisitorError, joinable_travellers, table_characters
from grimoire.tui.guard import asks
from grimoire.tui.support.view import option_items

if TYPE_CHECKING:
    from grimoire.tui.screens.host import GrimoireHost
else:
    GrimoireHost = object  # the mixin's base when checked: the screen it is mixed into

VISITOR_ACTIONS = frozenset({"visitors", "add_traveller", "remove_traveller", "fabled"})
ALIGNMENTS = (("Good", "good"), ("Evil", "evil"))
TONIGHT = "Tonight's order was set at dusk: their steps come from the next night on."

# The grimoire screen lists these among its own (Textual reads BINDINGS from widget classes only).
VISITOR_KEYS = [
    # Not in the footer (it would take an 80-column footer to a second line): in the help and palette.
    Binding("j", "visitors", "Travellers & Fabled", id="table.visitors", show=False,
            tooltip="Travellers, Fabled and Loric: a Traveller joins or leaves, a Fabled or Loric is placed or taken away"),
    Binding("J", "add_traveller", "Traveller joins", id="table.addtraveller", show=False,
            tooltip="A Traveller joins, at any time: their character (the script's or an official one), name, alignment and seat"),
    Binding("X", "remove_traveller", "Traveller leaves", id="table.removetraveller", show=False,
            tooltip="A Traveller leaves the game, at any time (out of the circle; kept in the log)"),
    Binding("F", "fabled", "Fabled", id="table.fabled", show=False,
            tooltip="Place a Fabled or Loric for the table (the script's or an official one), or take one away"),
]


class VisitorActions(GrimoireHost):
    """Mixed into the grimoire screen (``game``, ``session``, ``app``, ``_act``, ``_seat_items``)."""

    def visitor_check(self, action: str) -> bool | None:
        # Always on offer: a key that cannot act now says why (never silence).
        return True

    def _at_night(self, what: str) -> None:
        if self.game.state.phase is Phase.NIGHT:
            self.notify(f"{what} {TONIGHT}", timeout=6)

    def _refused(self, error: VisitorError) -> None:
        self.notify(f"{error}.", title="Not available", severity="warning", markup=False)

    @asks
    async def action_visitors(self) -> None:
        from grimoire.tui.screens.modals import Pick

        rows = [(b.description + f"  ({b.key})", b.action) for b in VISITOR_KEYS[1:]]
        action = await self.app.push_screen_wait(Pick("Travellers and Fabled", option_items(rows)))
        if action is not None:  # run once this picker's worker is done (the same worker group)
            self.call_later(self.run_action, action)

    @asks
    async def action_add_traveller(self) -> None:
        from grimoire.tui.screens.modals import AskText, Pick

        g = self.game.state
        try:
            travellers = joinable_travellers(self.game.rules, g)
        except VisitorError as error:
            self._refused(error)
            return
        if self.game.state.winner is not None:
            self.notify("The game is over: no Traveller joins now.", severity="warning")
            return
        if not travellers:
            self.notify("Every Traveller is in play already.", severity="warning")
            return
        asked = len(self.game.events)
        character = await self.app.push_screen_wait(
            Pick("Which Traveller joins?", [(_label(c), c.id) for c in travellers]))
        if character is None:
            return
        name = await self.app.push_screen_wait(AskText("The player's name?"))
        if not name or not name.strip():
            return
        alignment = await self.app.push_screen_wait(
            Pick(f"{name.strip()}: good or evil?", option_items(list(ALIGNMENTS))))
        if alignment is None:
            return
        after = await self.app.push_screen_wait(
            Pick(f"{name.strip()} sits clockwise after whom?", self._seat_items(g.ring)))
        if after is None or len(self.game.events) != asked:
            return
        if self._act(self.session.apply, ev.AddTraveller(name, character, alignment, after)):
            self._at_night(f"{name.strip()} joined.")

    @asks
    async def action_remove_traveller(self) -> None:
        from grimoire.tui.screens.modals import Pick

        g = self.game.state
        here = [i for i in g.ring if g.seats[i].traveller]
        if not here:
            self.notify("There is no Traveller at the table.", severity="warning")
            return
        seat = await self.app.push_screen_wait(
            Pick("Which Traveller leaves the game?", self._seat_items(here)))
        if seat is not None and self._act(self.session.apply, ev.RemoveTraveller(seat)):
            if self.game.state.phase is Phase.NIGHT:
                self.notify(f"{g.name(seat)} left: their step tonight, if any, is passed over.", timeout=6)

    @asks
    async def action_fabled(self) -> None:
        from grimoire.tui.screens.modals import Pick

        g = self.game.state
        try:
            fabled = table_characters(self.game.rules, self.game.script)
        except VisitorError as error:
            self._refused(error)
            return
        rows = [(_label(c, team=True) + (" — in play: take it away" if c.id in g.fabled else ""), c.id) for c in fabled]
        got = await self.app.push_screen_wait(Pick("Place a Fabled or Loric (or take one away)", rows))
        if got is None:
            return
        placing = got not in self.game.state.fabled
        event = ev.PlaceFabled(got) if placing else ev.RemoveFabled(got)
        if self._act(self.session.apply, event) and placing:
            self._at_night("Placed.")


def _label(c: Character, team: bool = False) -> str:
    """"Patron (Fabled, this script's)": its team if asked, and where it comes from when not
    the official data."""
    parts = [c.team.label] * team + ["this script's"] * (not c.official)
    return c.name + (f" ({', '.join(parts)})" if parts else "")
