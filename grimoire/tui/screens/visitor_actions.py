"""The grimoire screen's keys for Travellers and Fabled, in every game (the Phantom's too):
a Traveller joins (J) or leaves (X), a Fabled is placed or taken away (F); j lists them."""

from __future__ import annotations

from textual.binding import Binding

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.rules.visitors import VisitorError, joinable_travellers, official_fabled
from grimoire.tui.guard import asks
from grimoire.tui.view import option_items

VISITOR_ACTIONS = frozenset({"visitors", "add_traveller", "remove_traveller", "fabled"})
ALIGNMENTS = (("Good", "good"), ("Evil", "evil"))

# The grimoire screen lists these among its own (Textual reads BINDINGS from widget classes only).
VISITOR_KEYS = [
    # Not in the footer (it would take an 80-column footer to a second line): in the help and palette.
    Binding("j", "visitors", "Travellers & Fabled", id="table.visitors", show=False,
            tooltip="Travellers and Fabled: a Traveller joins or leaves, a Fabled is placed or taken away"),
    Binding("J", "add_traveller", "Traveller joins", id="table.addtraveller", show=False,
            tooltip="A Traveller joins: their character (official Travellers), name, alignment and seat"),
    Binding("X", "remove_traveller", "Traveller leaves", id="table.removetraveller", show=False,
            tooltip="A Traveller leaves the game (out of the circle; kept in the log)"),
    Binding("F", "fabled", "Fabled", id="table.fabled", show=False,
            tooltip="Place a Fabled for the table, or take one away"),
]


class VisitorActions:
    """Mixed into the grimoire screen (``game``, ``session``, ``app``, ``_act``, ``_seat_items``)."""

    game: Game

    def visitor_check(self, action: str) -> bool | None:
        g = self.game.state
        if g.winner is not None or self.game.prompt is not None:
            return None  # by day or before the first night: not in the middle of a night step
        if action == "remove_traveller":
            return any(s.traveller and not s.left for s in g.seats) or None
        return True

    def _refused(self, error: VisitorError) -> None:
        self.notify(f"{error}.", title="No official data", severity="warning", markup=False)  # type: ignore[attr-defined]

    @asks
    async def action_visitors(self) -> None:
        from grimoire.tui.modals import Pick

        rows = [(b.description + f"  ({b.key})", b.action) for b in VISITOR_KEYS[1:]
                if self.visitor_check(b.action)]
        action = await self.app.push_screen_wait(Pick("Travellers and Fabled", option_items(rows)))  # type: ignore[attr-defined]
        if action is not None:  # run once this picker's worker is done (the same worker group)
            self.call_later(self.run_action, action)  # type: ignore[attr-defined]

    @asks
    async def action_add_traveller(self) -> None:
        from grimoire.tui.modals import AskText, Pick

        g = self.game.state
        try:
            travellers = joinable_travellers(g)
        except VisitorError as error:
            self._refused(error)
            return
        if not travellers:
            self.notify("Every official Traveller is in play already.", severity="warning")  # type: ignore[attr-defined]
            return
        asked = len(self.game.events)
        character = await self.app.push_screen_wait(  # type: ignore[attr-defined]
            Pick("Which Traveller joins?", [(c.name, c.id) for c in travellers]))
        if character is None:
            return
        name = await self.app.push_screen_wait(AskText("The player's name?"))  # type: ignore[attr-defined]
        if not name or not name.strip():
            return
        alignment = await self.app.push_screen_wait(  # type: ignore[attr-defined]
            Pick(f"{name.strip()}: good or evil?", option_items(list(ALIGNMENTS))))
        if alignment is None:
            return
        after = await self.app.push_screen_wait(  # type: ignore[attr-defined]
            Pick(f"{name.strip()} sits clockwise after whom?", self._seat_items(g.ring)))  # type: ignore[attr-defined]
        if after is None or len(self.game.events) != asked:
            return
        self._act(self.session.apply, ev.AddTraveller(name, character, alignment, after))  # type: ignore[attr-defined]

    @asks
    async def action_remove_traveller(self) -> None:
        from grimoire.tui.modals import Pick

        g = self.game.state
        here = [i for i in g.ring if g.seats[i].traveller]
        if not here:
            self.notify("There is no Traveller at the table.", severity="warning")  # type: ignore[attr-defined]
            return
        seat = await self.app.push_screen_wait(  # type: ignore[attr-defined]
            Pick("Which Traveller leaves the game?", self._seat_items(here)))  # type: ignore[attr-defined]
        if seat is not None:
            self._act(self.session.apply, ev.RemoveTraveller(seat))  # type: ignore[attr-defined]

    @asks
    async def action_fabled(self) -> None:
        from grimoire.tui.modals import Pick

        g = self.game.state
        try:
            fabled = official_fabled()
        except VisitorError as error:
            self._refused(error)
            return
        rows = [(f"{c.name} — in play: take it away" if c.id in g.fabled else c.name, c.id) for c in fabled]
        got = await self.app.push_screen_wait(Pick("Place a Fabled (or take one away)", rows))  # type: ignore[attr-defined]
        if got is None:
            return
        event = ev.RemoveFabled(got) if got in self.game.state.fabled else ev.PlaceFabled(got)
        self._act(self.session.apply, event)  # type: ignore[attr-defined]
