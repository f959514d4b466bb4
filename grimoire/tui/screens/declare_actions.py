"""The grimoire screen's day declarations that name more than one player: one of the rules'
options (the Savant's statements), or pairs of a player and a character asked one at a time
(the Juggler's guesses: a seat by its number, the character by typing its name, Enter when
done); and the choice the day may not end without (a dead player's), asked before the dusk."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core import events as ev
from grimoire.core.script import Team
from grimoire.rules.contract import DayDeclaration
from grimoire.rules.words import seat_name
from grimoire.rules.words import who as seat_who
from grimoire.tui.support.choice_keys import Item
from grimoire.tui.support.view import option_items

if TYPE_CHECKING:  # the mixin's base when checked: the screen it is mixed into, with its foresight
    from grimoire.tui.screens.foresight_actions import ForesightActions as GrimoireHost
else:
    GrimoireHost = object

DONE = ("done",)  # the Done row's value: no seat, no option of a declaration's


class DeclareActions(GrimoireHost):
    """Mixed into the grimoire screen (``game``, ``session``, ``app``, ``foresees``, ``_seat_items``)."""

    def owed(self) -> DayDeclaration | None:
        """The choice the day may not end without, if one is owed now."""
        return next((o for o in self.game.rules.declarations(self.game.state) if o.owed), None)

    def owed_said(self) -> str:
        """Why the day may not end yet, as the rules refuse the dusk (the dusk's foresight)."""
        from grimoire.present.foresight import foresee

        return foresee(self.game, ev.StartNight()).refused

    async def declared_event(self, offer: DayDeclaration) -> ev.Event | None:
        """The rules' own event for a declaration of options or pairs; None when escaped."""
        from grimoire.tui.screens.modals import Pick

        g = self.game.state
        who = seat_who(g, offer.seat)  # as the log names them: a Philosopher who gained it is the Philosopher
        rules = self.game.rules
        if offer.options:
            got = await self.app.push_screen_wait(Pick(
                f"{who} {offer.words}", option_items(list(offer.options)),
                foresee=self.foresees(lambda v: rules.declared(self.game.state, offer, v))))
            return None if got is None else rules.declared(g, offer, got)
        pairs = await self.ask_pairs(offer, who)
        return None if not pairs else rules.declared(g, offer, pairs)

    async def ask_pairs(self, offer: DayDeclaration, who: str) -> list[tuple[int, str]]:
        """Up to ``offer.pairs`` (player, character) pairs: the player by a seat's number, the
        character by its name typed; Enter on Done (highlighted once one is named) ends it."""
        from grimoire.tui.screens.modals import Pick

        g = self.game.state
        script = self.game.script
        characters = [Item(f"{c.name} ({c.team.label})", c.id, names=(c.name,)) for c in script.characters
                      if c.team in (Team.TOWNSFOLK, Team.OUTSIDER, Team.MINION, Team.DEMON)]
        pairs: list[tuple[int, str]] = []
        while len(pairs) < offer.pairs:
            said = "; ".join(f"{seat_name(g, p)} as the {script.character(c).name}" for p, c in pairs)
            done = [Item(f"Done: record {len(pairs)} guess{'es' if len(pairs) > 1 else ''} ({said})", DONE,
                         key="")] if pairs else []
            number = len(pairs) + 1
            seat = await self.app.push_screen_wait(Pick(
                f"{who}, guess {number} of up to {offer.pairs}: which player?" + (" (Enter: done)" if pairs else ""),
                done + self._seat_items(), highlight=DONE if pairs else None))
            if seat is None:
                return []
            if seat == DONE:
                return pairs
            character = await self.app.push_screen_wait(Pick(
                f"Guess {number}: {seat_name(g, seat)} is which character? (type its name)", characters))
            if character is None:
                continue  # that player again, or another
            pairs.append((seat, character))
        return pairs
