"""The grimoire screen's keys for two views over the table that change nothing: the dawn recap
(R: the night just ended at a glance) and the grimoire to show a player (G: offered at a step
whose player sees the grimoire, as the script's rules or data say; from the palette at any time)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

from grimoire.core.model import Phase
from grimoire.tui.support.text import GRIMOIRE_KEY, RECAP_KEY
from grimoire.tui.support.view import script_title
from grimoire.tui.widgets.side import Section

if TYPE_CHECKING:
    from grimoire.tui.screens.host import GrimoireHost
else:
    GrimoireHost = object  # the mixin's base when checked: the screen it is mixed into

# The grimoire screen lists these among its own (Textual reads BINDINGS from widget classes only).
VIEW_KEYS = [
    # Not in the footer: a day's footer is full at 140 columns, and one more key wrapped it to a
    # second line (a layout of the whole screen at dawn); the log's line under each night and
    # the dawn's notice name the key, and ? lists it.
    Binding(RECAP_KEY, "recap", "Recap", id="table.recap", show=False,
            tooltip="The dawn recap: who died and why, what each woken player was told (true or false), "
                    "the tokens placed and expired, who is drunk or poisoned today, what to announce"),
    Binding(GRIMOIRE_KEY, "show_grimoire", "Show grimoire", id="table.showgrimoire",
            tooltip="Show this player the grimoire: the circle with characters and tokens, nothing else"),
    Binding(GRIMOIRE_KEY, "show_grimoire_any", "Show grimoire", id="table.showgrimoire.any", show=False,
            tooltip="Show a player the grimoire, full screen: characters, tokens, alive and dead, nothing else"),
]
VIEW_ACTIONS = frozenset({"recap", "show_grimoire", "show_grimoire_any"})


class ViewActions(GrimoireHost):
    """Mixed into the grimoire screen (``game``, ``app``, ``notify``)."""

    _dawn_told: int = -1  # the last night whose dawn was pointed out (-1: not yet looked)

    def views_check(self, action: str) -> bool:
        g = self.game.state
        if action == "recap":
            return (g.night if g.phase is not Phase.NIGHT else g.night - 1) >= 1
        at_step = self.grimoire_step()
        return at_step if action == "show_grimoire" else not at_step

    def grimoire_step(self) -> bool:
        """The step waiting shows its player the grimoire."""
        prompt = self.game.prompt
        return prompt is not None and self.game.rules.shows_grimoire(self.game.script, prompt.step)

    def grimoire_sections(self) -> list[Section]:
        """At such a step, the walker says how to show it."""
        if not self.grimoire_step():
            return []
        return [Section("grimoire", f"[b]{GRIMOIRE_KEY}[/b]: show the player the grimoire "
                                    "(characters and tokens only; Esc closes it)")]

    def point_out_dawn(self) -> None:
        """Once a night reaches its dawn, say which key shows its recap (not for a game opened at day)."""
        g = self.game.state
        dawned = g.night if g.phase is not Phase.NIGHT else g.night - 1
        if self._dawn_told < 0:
            self._dawn_told = dawned
        elif dawned > self._dawn_told:
            self._dawn_told = dawned
            if g.winner is not None:
                return  # the game's end has its own toast: one at a time over the seats and the log
            self.notify(f"{RECAP_KEY}: the recap of night {dawned}.", title=f"Dawn {dawned}", timeout=6)

    def action_recap(self) -> None:
        from grimoire.present.dawn_recap import last_recap  # loaded at the first R, not at start
        from grimoire.tui.screens.recap import RecapScreen

        recap = last_recap(self.game)
        if recap is None:
            return
        self.app.clear_notifications()  # the toast that pointed to the recap is done: never over its lines
        self.app.push_screen(RecapScreen(recap, script_title(self.game, short=True)))

    def action_show_grimoire(self) -> None:
        from grimoire.tui.screens.show_grimoire import ShowGrimoireScreen

        self.app.push_screen(ShowGrimoireScreen(self.game.rules, self.game.state))

    def action_show_grimoire_any(self) -> None:
        self.action_show_grimoire()
