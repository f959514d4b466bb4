"""Dances: the asker's private check, the partner's private answer, the dance seen by the two."""

from __future__ import annotations

from rich.markup import escape
from textual.binding import Binding
from textual.widgets import Static

from grimoire.games.mummy import rules
from grimoire.games.mummy.guests import DORIAN_GRAY, GARGOYLE, SASQUATCH
from grimoire.games.mummy.modals import GatedScreen, PickScreen, SecretScreen
from grimoire.games.mummy.reference import guest_card
from grimoire.games.mummy.rules import MasqueradeGame, RuleError


class DanceRequestScreen(GatedScreen):
    """Only the asker sees whether their own card lets them ask (Mirror and Dorian may not)."""

    BINDINGS = [
        *GatedScreen.BINDINGS,
        Binding("y", "send", "Ask", id="mummy.request.send", tooltip="Ask for the dance"),
        Binding("escape", "cancel", "Withdraw", id="mummy.request.cancel", tooltip="Do not ask after all"),
    ]

    def __init__(self, game: MasqueradeGame, asker: int, partner: int) -> None:
        super().__init__(game.place_name(asker), "Dance request")
        self.game, self.asker, self.partner = game, asker, partner
        try:
            rules.check_dance_request(game, asker, partner)
            self.refusal = ""
        except RuleError as error:
            self.refusal = str(error)

    def private_widgets(self) -> list[Static]:
        partner = escape(self.game.place_name(self.partner))
        if self.refusal:
            return [Static(f"[b]You may not ask for this dance.[/b]\n\n{escape(self.refusal)}\n\n"
                           "Press Esc: the request is withdrawn.")]
        return [Static(f"Ask {partner} to dance?\n\ny: ask · Esc: withdraw")]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "send":
            return self.opened and not self.refusal
        return super().check_action(action, parameters)

    def action_send(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)


class DanceAnswerScreen(GatedScreen):
    """The partner answers in private; a guest who must accept cannot refuse."""

    BINDINGS = [
        *GatedScreen.BINDINGS,
        Binding("a", "answer(True)", "Accept", id="mummy.answer.accept", tooltip="Accept the dance"),
        Binding("r", "answer(False)", "Refuse", id="mummy.answer.refuse", tooltip="Refuse the dance"),
        Binding("escape", "cancel", "Not now", id="mummy.answer.cancel", tooltip="Withdraw the request"),
    ]

    def __init__(self, game: MasqueradeGame, asker: int, partner: int) -> None:
        super().__init__(game.place_name(partner), "Dance request")
        self.game, self.asker, self.partner = game, asker, partner

    def private_widgets(self) -> list[Static]:
        asker = escape(self.game.place_name(self.asker))
        return [Static(f"{asker} asks you: “Would you care to dance?”\n\n"
                       "a: accept · r: refuse — then declare it out loud.")]

    def action_answer(self, accept: bool) -> None:
        try:
            rules.check_dance_answer(self.game, self.partner, accept)
        except RuleError as error:
            self.notify(str(error), title="You must accept", severity="error", timeout=10)
            return
        self.dismiss(accept)

    def action_cancel(self) -> None:
        self.dismiss(None)


class DanceScreen(GatedScreen):
    """What each dancer shows; the Picture of Dorian Gray may swap here. Returns the game."""

    BINDINGS = [
        *GatedScreen.BINDINGS,
        Binding("y", "dorian", "Dorian Gray swap", id="mummy.dance.dorian", tooltip="The Picture of Dorian Gray shows his face and takes a Mystery Guest"),
        Binding("escape", "done", "Dance over", id="mummy.dance.done", tooltip="The dancers hide their cards; others may open their eyes"),
    ]

    def __init__(self, game: MasqueradeGame, asker: int, partner: int) -> None:
        super().__init__(f"{game.place_name(asker)} and {game.place_name(partner)}", "The dance")
        self.game, self.dancers = game, (asker, partner)

    def _showing(self) -> str:
        game = self.game
        lines = []
        for seat in self.dancers:
            name = escape(game.place_name(seat))
            if rules.shows_face(game, seat, self.dancers):
                lines.append(f"{name} shows: [b]{escape(game.guest(seat).name)}[/b]")
            else:
                lines.append(f"{name} shows: [b]the back of the card[/b] (hides their face)")
        return "\n".join(lines)

    def private_widgets(self) -> list[Static]:
        chosen = self.game.setup.chosen
        notes = []
        # Reminders only for guests in the game (public knowledge), never tied to a dancer.
        if GARGOYLE in chosen:
            notes.append("The Gargoyle may join this dance by revealing his role to the dancers.")
        if SASQUATCH in chosen:
            notes.append("A Sasquatch showing his face may look at a Mystery Guest.")
        if DORIAN_GRAY in chosen:
            notes.append("The Picture of Dorian Gray may show his face and take a Mystery Guest: y.")
        hint = "\n".join(notes)
        return [
            Static(self._showing(), id="dance-faces"),
            Static(hint, classes="mummy-hint"),
            Static("Esc: the dance is over (hide the cards; the others open their eyes).", classes="mummy-hint"),
        ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "dorian":
            return self.opened and DORIAN_GRAY in self.game.setup.chosen
        return super().check_action(action, parameters)

    async def _dorian(self) -> None:
        game = self.game
        seat = await self.app.push_screen_wait(
            PickScreen("Who shows his face as the Picture of Dorian Gray?",
                       [(game.place_name(s), s) for s in self.dancers])
        )
        if seat is None:
            return
        slots = [(f"Mystery Guest {k + 1}", k) for k in range(len(game.setup.mystery)) if k not in game.mystery_revealed]
        try:
            rules.dorian_swap(game, seat, slots[0][1] if slots else 0)
        except RuleError as error:
            self.notify(str(error), title="Not allowed", severity="error", timeout=10)
            return
        slot = await self.app.push_screen_wait(PickScreen("Take which face-down Mystery Guest?", slots))
        if slot is None:
            return
        self.game = rules.dorian_swap(game, seat, slot)
        self.query_one("#dance-faces", Static).update(
            self._showing() + "\n\nThe Picture of Dorian Gray placed his card face-down as a Mystery Guest."
        )
        await self.app.push_screen_wait(
            SecretScreen(game.place_name(seat),
                         f"You took the Mystery Guest. From now on you are:\n\n{guest_card(self.game.guest(seat))}",
                         title="Your new guest")
        )

    def action_dorian(self) -> None:
        self.run_worker(self._dorian(), exclusive=True)

    def action_done(self) -> None:
        self.dismiss(self.game)

    def action_cancel(self) -> None:
        self.dismiss(self.game)
