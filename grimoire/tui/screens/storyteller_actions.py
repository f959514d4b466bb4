"""The grimoire screen's keys for a script the storyteller runs by judgement: note what a
player chose and was shown at their night step (i, as often as needed: the step records it all
when it ends), and declare the winner (w). A Phantom game has neither: its rules give the
answers and decide the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.rules.shown import RecordPrompt, shown_problem
from grimoire.tui.guard import asks
from grimoire.tui.support.view import option_items

if TYPE_CHECKING:
    from grimoire.tui.screens.host import GrimoireHost
else:
    GrimoireHost = object  # the mixin's base when checked: the screen it is mixed into

STORYTELLER_ACTIONS = frozenset({"record_shown", "declare_winner"})

SHOWN_KINDS = (("They chose a player (or several)", "chose"), ("They were shown a player (or several)", "player"),
               ("They were shown a character", "character"), ("Words (free text)", "text"))
WINNERS = (("Good wins", "good"), ("Evil wins", "evil"))


# The grimoire screen lists these among its own (Textual reads BINDINGS from widget classes only).
STORYTELLER_KEYS = [
    Binding("i", "record_shown", "Shown", id="table.shown",
            tooltip="Note what the player at this night step chose or was shown (again for more; n records it)"),
    Binding("w", "declare_winner", "Winner", id="table.winner",
            tooltip="Declare which team has won (the app points out the standard end conditions)"),
]


class StorytellerActions(GrimoireHost):
    """Mixed into the grimoire screen (``game``, ``session``, ``app``, ``_act``, ``_seat_items``,
    ``recorded``: what i noted at this step)."""
    recorded: list[Any]

    def storyteller_check(self, action: str) -> bool | None:
        game = self.game
        if game.rules.automated:
            return False
        if action == "record_shown":
            return isinstance(game.prompt, RecordPrompt)
        return (game.state.winner is None and game.state.phase is not Phase.SETUP) or None

    def noted_answer(self) -> Any:
        """What i noted at this step, as the step's answer (None: nothing noted)."""
        if not isinstance(self.game.prompt, RecordPrompt) or not self.recorded:
            return None
        return self.recorded[0] if len(self.recorded) == 1 else list(self.recorded)

    @asks
    async def action_record_shown(self) -> None:
        from grimoire.tui.screens.modals import AskText, Pick

        prompt = self.game.prompt
        if not isinstance(prompt, RecordPrompt):
            return
        asked = (len(self.game.events), prompt.step)
        kind = await self.app.push_screen_wait(Pick(f"{prompt.title}: what did they choose or see?", option_items(list(SHOWN_KINDS))))
        value: list[Any] | None = None
        if kind in ("chose", "player"):
            title = "Whom did they choose?" if kind == "chose" else "Which player(s) were they shown?"
            got = await self.app.push_screen_wait(
                Pick(f"{title} (Space ticks, Enter is done)", self._seat_items(), multi=True, count=None))
            value = [kind, *got] if got else None
        elif kind == "character":
            script = self.game.script
            items = [(f"{c.name} ({c.team.label})", c.id) for c in script.characters]
            got = await self.app.push_screen_wait(Pick("Which character?", items))
            value = ["character", got] if got is not None else None
        elif kind == "text":
            got = await self.app.push_screen_wait(AskText("What were they shown or told?"))
            value = ["text", got.strip()] if got and got.strip() else None
        if value is None or (len(self.game.events), getattr(self.game.prompt, "step", None)) != asked:
            return
        problem = shown_problem(value, prompt.seats, prompt.characters)
        if problem:
            self.notify(f"{prompt.title}: {problem}", title="Not allowed", severity="error")
            return
        self.recorded.append(value)
        self.refresh_view()

    @asks
    async def action_declare_winner(self) -> None:
        from grimoire.tui.screens.modals import AskText, Pick

        pointers = self.game.end_pointers()
        title = "Which team has won?" + (f" ({pointers[0]})" if pointers else "")
        winner = await self.app.push_screen_wait(Pick(title, option_items(list(WINNERS))))
        if winner is None:
            return
        reason = await self.app.push_screen_wait(
            AskText("Why? (Enter to confirm; it goes in the log)", value=_reason(pointers, winner)))
        if reason is None:
            return
        self._act(self.session.apply, ev.DeclareWinner(winner, reason.strip()))


def _reason(pointers: list[str], winner: str) -> str:
    for p in pointers:
        if f"{winner} wins" in p:
            return p.split(":")[0]
    return ""
