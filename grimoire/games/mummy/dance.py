"""Dances: the asker's private check, the partner's private answer, the dance seen by the dancers,
and the abilities used during it, each by its own player in private.

Nothing the dancers see depends on a card that has not been shown to them: a dancer who may use
an ability (the Picture of Dorian Gray, the Sasquatch, a Gargoyle joining) says so in private, and
the dance is handed back to the dancers afterwards whether or not anything happened.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from grimoire.games.mummy import rules
from grimoire.games.mummy.guests import DORIAN_GRAY, GARGOYLE, SASQUATCH
from grimoire.games.mummy.modals import GatedScreen, PickScreen
from grimoire.games.mummy.reference import guest_card
from grimoire.games.mummy.rules import MasqueradeGame, RuleError
from grimoire.tui.guard import choice
from grimoire.tui.support.plain import plain
from grimoire.tui.support.view import esc


def refusal(check: Callable[[MasqueradeGame, int], object], game: MasqueradeGame, seat: int) -> str:
    """Why ``check`` refuses ``seat`` (shown only to that player), or "" when it allows."""
    try:
        check(game, seat)
    except RuleError as error:
        return str(error)
    return ""


def names_of(game: MasqueradeGame, seats: tuple[int, ...]) -> str:
    """ "Ann and Ben", "Ann, Ben and Cy" (plain text: escape it where markup is shown)."""
    names = [game.place_name(seat) for seat in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


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

    def private_widgets(self) -> list[Widget]:
        partner = esc(self.game.place_name(self.partner))
        if self.refusal:
            return [Static(f"[b]You may not ask for this dance.[/b]\n\n{esc(self.refusal)}\n\n"
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
    """The partner answers in private; a guest who must accept cannot refuse (told on screen)."""

    BINDINGS = [
        *GatedScreen.BINDINGS,
        Binding("a", "answer(True)", "Accept", id="mummy.answer.accept", tooltip="Accept the dance"),
        Binding("r", "answer(False)", "Refuse", id="mummy.answer.refuse", tooltip="Refuse the dance"),
        Binding("escape", "cancel", "Not now", id="mummy.answer.cancel", tooltip="Withdraw the request"),
    ]

    def __init__(self, game: MasqueradeGame, asker: int, partner: int) -> None:
        super().__init__(game.place_name(partner), "Dance request")
        self.game, self.asker, self.partner = game, asker, partner

    def private_widgets(self) -> list[Widget]:
        asker = esc(self.game.place_name(self.asker))
        return [Static(f"{asker} asks you: “Would you care to dance?”\n\n"
                       "a: accept · r: refuse — then declare it out loud.")]

    def action_answer(self, accept: bool) -> None:
        try:
            rules.check_dance_answer(self.game, self.partner, accept)
        except RuleError as error:
            self.say_privately(f"[b]You must accept.[/b] {esc(str(error))}")
            return
        self.dismiss(accept)

    def action_cancel(self) -> None:
        self.dismiss(None)


class DanceScreen(GatedScreen):
    """What each dancer shows, and the abilities used during the dance. Returns the game."""

    BINDINGS = [
        *GatedScreen.BINDINGS,
        Binding("y", "dorian", "Dorian Gray swap", id="mummy.dance.dorian",
                tooltip="The Picture of Dorian Gray shows his face and takes a Mystery Guest"),
        Binding("s", "sasquatch", "Sasquatch looks", id="mummy.dance.sasquatch",
                tooltip="The Sasquatch, showing his face, looks at a Mystery Guest"),
        Binding("j", "gargoyle", "Gargoyle joins", id="mummy.dance.gargoyle",
                tooltip="The Gargoyle joins the dance, revealing his role to the dancers"),
        Binding("escape", "done", "Dance over", id="mummy.dance.done", tooltip="The dancers hide their cards; others may open their eyes"),
    ]

    def __init__(self, game: MasqueradeGame, on_change: Callable[[MasqueradeGame], None] | None = None) -> None:
        assert game.last_dance is not None
        super().__init__(names_of(game, game.last_dance.dancers), "The dance")
        self.game = game
        self._on_change = on_change  # so a swap is saved at once, not when the dance ends

    @property
    def dancers(self) -> tuple[int, ...]:
        assert self.game.last_dance is not None
        return self.game.last_dance.dancers

    def _showing(self) -> str:
        game = self.game
        lines = []
        for seat, face in rules.dance_faces(game):
            name = esc(game.place_name(seat))
            if face is None:
                lines.append(f"{name} shows: [b]the back of the card[/b] (hides their face)")
            else:
                lines.append(f"{name} shows: [b]{esc(game.catalogue[face].name)}[/b]")
            if face == DORIAN_GRAY and seat in self._swapped():
                lines[-1] += " — he took a face-down Mystery Guest and put this card in its place"
        return "\n".join(lines)

    def _swapped(self) -> frozenset[int]:
        assert self.game.last_dance is not None
        return self.game.last_dance.swapped

    def _sasquatches(self) -> tuple[int, ...]:
        """Dancers showing the Sasquatch's face who have not looked yet (the dancers see this)."""
        assert self.game.last_dance is not None
        looked = self.game.last_dance.looked
        return tuple(s for s, face in rules.dance_faces(self.game) if face == SASQUATCH and s not in looked)

    def _joiners(self) -> tuple[int, ...]:
        game = self.game
        return tuple(s for s in range(game.seats) if s not in self.dancers and s not in game.revealed)

    def private_widgets(self) -> list[Widget]:
        chosen = self.game.setup.chosen
        notes = []
        # Reminders only for guests in the game (public knowledge), never tied to a dancer.
        if GARGOYLE in chosen and len(self.dancers) == 2:
            notes.append("The Gargoyle may join this dance by revealing his role to the dancers: j.")
        if self._sasquatches():  # his face is on show to the dancers: no secret in it
            notes.append("A Sasquatch showing his face may look at a Mystery Guest: s.")
        if DORIAN_GRAY in chosen:
            notes.append("The Picture of Dorian Gray may show his face and take a Mystery Guest: y.")
        return [
            Static(self._showing(), id="dance-faces"),
            Static("\n".join(notes), classes="mummy-hint"),
            Static("Esc: the dance is over (hide the cards; the others open their eyes).", classes="mummy-hint"),
        ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        chosen = self.game.setup.chosen
        if action == "dorian":
            return self.opened and DORIAN_GRAY in chosen
        if action == "sasquatch":
            return self.opened and bool(self._sasquatches())
        if action == "gargoyle":
            return self.opened and GARGOYLE in chosen and len(self.dancers) == 2 and bool(self._joiners())
        return super().check_action(action, parameters)

    async def _pick(self, title: str, seats: tuple[int, ...]) -> int | None:
        if len(seats) == 1:
            return seats[0]
        return await self.app.push_screen_wait(
            PickScreen(title, [(self.game.place_name(s), s) for s in seats])
        )

    async def _hand_to(self, step: GatedScreen) -> None:
        """One player's private step; then the dance goes back to the (perhaps three) dancers."""
        game = await self.app.push_screen_wait(step)
        if isinstance(game, MasqueradeGame):
            self.game = game
            if self._on_change is not None:
                self._on_change(game)
        await self.regate(names_of(self.game, self.dancers))

    async def _dorian(self) -> None:
        seat = await self._pick("Who shows his face as the Picture of Dorian Gray?", self.dancers)
        if seat is not None:
            await self._hand_to(DorianScreen(self.game, seat))

    async def _sasquatch(self) -> None:
        seat = await self._pick("Which Sasquatch looks at a Mystery Guest?", self._sasquatches())
        if seat is not None:
            await self._hand_to(SasquatchScreen(self.game, seat))

    async def _gargoyle(self) -> None:
        seat = await self._pick("Who joins the dance as the Gargoyle?", self._joiners())
        if seat is not None:
            await self._hand_to(GargoyleScreen(self.game, seat))

    def action_dorian(self) -> None:
        self.run_worker(self._dorian(), exclusive=True)

    def action_sasquatch(self) -> None:
        self.run_worker(self._sasquatch(), exclusive=True)

    def action_gargoyle(self) -> None:
        self.run_worker(self._gargoyle(), exclusive=True)

    def action_done(self) -> None:
        self.dismiss(self.game)

    def action_cancel(self) -> None:
        self.dismiss(self.game)


class MysteryStepScreen(GatedScreen):
    """A dancer's private use of a Mystery Guest: refused (only they read why), or a face-down
    Mystery Guest chosen and its secret shown, then hidden. Returns the game, or None."""

    BINDINGS = [
        *GatedScreen.BINDINGS,
        Binding("enter", "hide", "Hide", id="mummy.step.hide", tooltip="Hide it and hand the laptop back to the dancers"),
        Binding("escape", "cancel", "Back to the dance", id="mummy.step.cancel", tooltip="Do nothing; hand the laptop back"),
    ]
    OFFER = ""
    CHECK: Callable[[MasqueradeGame, int], object]

    def __init__(self, game: MasqueradeGame, seat: int) -> None:
        super().__init__(game.place_name(seat), "During the dance")
        self.game, self.seat = game, seat
        self.result: MasqueradeGame | None = None
        self.refusal = refusal(type(self).CHECK, game, seat)

    def take(self, slot: int) -> tuple[MasqueradeGame, str]:
        """Use the ability on ``slot``: the new game and the secret to show (markup)."""
        raise NotImplementedError

    def _slots(self) -> list[int]:
        game = self.game
        return [k for k in range(len(game.setup.mystery)) if k not in game.mystery_revealed]

    def private_widgets(self) -> list[Widget]:
        if self.refusal:
            return [Static(f"[b]Not for you now.[/b]\n\n{esc(self.refusal)}\n\n"
                           "Esc: back to the dance.")]
        if not self._slots():
            return [Static("Every Mystery Guest is face-up: there is none to take or look at.\n\n"
                           "Esc: back to the dance.")]
        choices = OptionList(
            *(Option(plain(self.game.place_name(self.game.seats + k)), id=str(k)) for k in self._slots()),
            id="slots",
        )
        return [Static(self.OFFER), choices, Static("Enter: choose · Esc: back to the dance", classes="mummy-hint")]

    def after_open(self) -> None:
        if self.query("#slots"):
            self.query_one("#slots").focus()

    @on(OptionList.OptionSelected, "#slots")
    @choice
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.result, secret = self.take(int(event.option.id or 0))
        box = self.query_one("#gated-box")
        await box.remove_children()
        await box.mount_all([
            Static(secret, id="secret"),
            Static("Enter: hide it and hand the laptop back to the dancers.", classes="mummy-hint"),
        ])
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hide":
            return self.result is not None
        if action == "cancel":
            return self.result is None
        return super().check_action(action, parameters)

    def action_hide(self) -> None:
        self.dismiss(self.result)

    def action_cancel(self) -> None:
        self.dismiss(None)


class DorianScreen(MysteryStepScreen):
    OFFER = ("Show your face — the Picture of Dorian Gray — and take which face-down Mystery Guest? "
             "Your card goes face-down in its place, and you play the rest of the game as the new guest.")
    CHECK = staticmethod(rules.check_dorian)

    def take(self, slot: int) -> tuple[MasqueradeGame, str]:
        game = rules.dorian_swap(self.game, self.seat, slot)
        return game, f"You took Mystery Guest {slot + 1}. From now on you are:\n\n{guest_card(game.guest(self.seat))}"


class SasquatchScreen(MysteryStepScreen):
    OFFER = "You show your face in this dance: look at which face-down Mystery Guest?"
    CHECK = staticmethod(rules.check_sasquatch)

    def take(self, slot: int) -> tuple[MasqueradeGame, str]:
        game, guest_id = rules.sasquatch_look(self.game, self.seat, slot)
        return game, f"Mystery Guest {slot + 1} is:\n\n{guest_card(game.catalogue[guest_id])}"


class GargoyleScreen(GatedScreen):
    """The would-be Gargoyle decides in private; only a real Gargoyle can join."""

    BINDINGS = [
        *GatedScreen.BINDINGS,
        Binding("y", "join", "Join", id="mummy.gargoyle.join", tooltip="Join the dance, revealing your role to the dancers"),
        Binding("escape", "cancel", "Stay out", id="mummy.gargoyle.cancel", tooltip="Do not join; hand the laptop back"),
    ]

    def __init__(self, game: MasqueradeGame, seat: int) -> None:
        super().__init__(game.place_name(seat), "A dance nearby")
        self.game, self.seat = game, seat
        self.refusal = refusal(rules.check_gargoyle, game, seat)

    def private_widgets(self) -> list[Widget]:
        if self.refusal:
            return [Static(f"[b]You cannot join this dance.[/b]\n\n{esc(self.refusal)}\n\n"
                           "Esc: hand the laptop back.")]
        assert self.game.last_dance is not None
        dancers = esc(names_of(self.game, self.game.last_dance.dancers))
        return [Static(f"Join the dance of {dancers}? You reveal your role, the Gargoyle, to "
                       "everyone in the dance, and you see what they show.\n\n"
                       "y: join · Esc: stay out")]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "join":
            return self.opened and not self.refusal
        return super().check_action(action, parameters)

    def action_join(self) -> None:
        self.dismiss(rules.gargoyle_join(self.game, self.seat))

    def action_cancel(self) -> None:
        self.dismiss(None)
