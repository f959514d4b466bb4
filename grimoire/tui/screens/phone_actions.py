"""The grimoire screen's key for the night's cards on the players' phones: ``S`` sends the
step's cards to everyone they are for (both Minions their Minion info, the Demon its Minions
and bluffs, the woken player their answer), and the step's panel says whose phones before the
key is pressed, and how far each player got after. Each card to each phone is an event of the
log; ``u`` just after ``S`` takes back all that it sent (and ``U`` sends them again).

Where the step asks which answer the player was given (drunk or poisoned, several true), ``S``
asks it first, in the same picker as ``f`` (letters and seat numbers), sends that answer's card
and records it as the answer given. The recap and the exports tell each card sent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding

from grimoire.core import events as ev
from grimoire.game import IllegalAction
from grimoire.present.show_cards import told_card
from grimoire.present.step_phones import (
    Delivery,
    asks_first,
    deliveries,
    for_whom,
    phones_words,
    plan_words,
    send_events,
    sent_here,
    sent_words,
    unsent,
)
from grimoire.tui.guard import asks
from grimoire.tui.support.told_items import asked_why, asks_told, informs, told_items
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.side import Section

if TYPE_CHECKING:
    from grimoire.tui.screens.host import GrimoireHost
else:
    GrimoireHost = object  # the mixin's base when checked: the screen it is mixed into

SEND_KEY = "S"

# The grimoire screen lists these among its own (Textual reads BINDINGS from widget classes only).
PHONE_KEYS = [
    Binding(SEND_KEY, "send_cards", "To phones", id="table.sendcards",
            tooltip="Send this step's cards to the phones of everyone they are for (the step says whose)"),
]
PHONE_ACTIONS = {"send_cards"}


class PhoneActions(GrimoireHost):
    """Mixed into the grimoire screen (``game``, ``session``, ``notify``, ``app``)."""

    if TYPE_CHECKING:
        def _step(self) -> object: ...
        def _tell(self, told: Any) -> None: ...

    def phones_check(self, action: str) -> bool | None:
        """Offered while the game lets the night's cards go to phones, at a step with a card for someone."""
        game = self.game
        if not game.state.phones.night or game.prompt is None:
            return False
        return bool(deliveries(game)) or asks_first(game)  # in the footer only where it sends something

    def phones_sections(self) -> list[Section]:
        """The step's line for the phones: what ``S`` will send and to whom, or what it sent."""
        game = self.game
        if not game.state.phones.night or game.prompt is None:
            return []
        key = f"[b $text-accent]\\[{SEND_KEY}][/]"
        planned = deliveries(game)
        if asks_first(game):
            prompt = game.prompt
            who = phones_words(game.state, [prompt.informs.seat])
            others = [d for d in planned if d.card.seat != prompt.informs.seat]
            also = f"; and {esc(plan_words(game.state, others))}" if others else ""
            return [Section("phones", f"{key} choose what they are told and send it to {esc(who)}{also}")]
        todo = unsent(game, planned)
        if todo:
            left = [Delivery(card, [seat]) for card, seat in todo]
            return [Section("phones", f"{key} send to phones: {esc(plan_words(game.state, _grouped(left)))}")]
        if sent_here(game):
            return [Section("phones", esc(f"Sent to phones: {sent_words(game)}"))]
        return []

    @asks
    async def action_send_cards(self) -> None:
        game = self.game
        if self.read_only:
            from grimoire.tui.session import read_only_notice

            self.notify(read_only_notice(self.read_only), severity="warning", timeout=6)
            return
        if not game.state.phones.night:
            self.notify("This game keeps the night's cards on the laptop: L, then n, lets them go to a phone.",
                        severity="warning", timeout=6)
            return
        prompt = game.prompt
        if prompt is None:
            return
        planned = list(deliveries(game))
        answer: tuple[Any, ...] = ()
        if asks_first(game):
            asked = self._step()
            got = await self.ask_told(to_phone=True)
            if got is None or self._step() != asked:
                return
            card = told_card(game.rules, game.state, prompt, got)
            if card is not None:
                planned = [d for d in planned if d.card.kind != card.kind]
                planned.append(Delivery(card, for_whom(game.state, prompt, card)))
            answer = (got,)
        events = send_events(game, planned)
        if not events and not answer:
            sent = sent_here(game)
            self.notify(f"Sent already: {sent_words(game)}." if sent else "This step has no card for a phone.",
                        severity="warning", timeout=4)
            return
        told = plan_words(game.state, [Delivery(d.card, seats) for d in planned if (seats := [
            e.seat for e in events if e.seat in d.seats and e.words == tuple(b.text for b in d.card.blocks)])])
        for event in events:
            try:
                self.session.apply(event)
            except IllegalAction as exc:
                self.notify(f"Not sent: {exc}", severity="error", timeout=8)
                return
        self.sent_together.append(frozenset(e.card for e in events))
        if answer:
            self._tell(answer[0])
        self.notify(f"Sent to phones: {told}." if events else "Recorded; nothing new to send.", timeout=4)

    @property
    def sent_together(self) -> list[frozenset[str]]:
        """The ids of the cards each S sent: u takes them back together, and U sends them again."""
        try:
            return self._sent_together
        except AttributeError:
            self._sent_together: list[frozenset[str]] = []
            return self._sent_together

    def _together(self, event: ev.Event | None) -> frozenset[str]:
        if not isinstance(event, ev.CardSent):
            return frozenset()
        return next((ids for ids in reversed(self.sent_together) if event.card in ids and len(ids) > 1), frozenset())

    def undo_sent(self) -> bool:
        """``u`` just after ``S``: every card that S sent goes back at once (one key, one action)."""
        events = self.game.events
        ids = self._together(events[-1] if events else None)
        if not ids or self.read_only:
            return False
        count = 0
        while events and isinstance(events[-1], ev.CardSent) and events[-1].card in ids:
            self.session.undo()
            count += 1
        self.notify(f"Undone: {count} cards sent to phones", timeout=2)
        return True

    def redo_sent(self) -> bool:
        """``U`` after that: the same cards sent again at once."""
        stack = self.game.redo_stack
        ids = self._together(stack[-1] if stack else None)
        if not ids or self.read_only:
            return False
        count = 0
        while stack and isinstance(stack[-1], ev.CardSent) and stack[-1].card in ids:
            try:
                self.session.redo()
            except IllegalAction as exc:
                self.notify(str(exc), severity="error")
                break
            count += 1
        self.notify(f"Redone: {count} cards sent to phones", timeout=2)
        return True

    async def ask_told(self, to_phone: bool = False) -> Any:
        """Which answer was given: the truth, a believable false answer, or any other (None:
        escaped); ``to_phone``: the answer chosen goes to the player's phone (the title says so)."""
        from grimoire.tui.screens.modals import Pick

        game = self.game
        prompt = game.prompt
        if not informs(prompt, game.rules):
            return None
        asking = asks_told(prompt, game.rules, game.state)  # impaired, several truths, or must lie
        who = ", ".join(game.state.name(s) for s in prompt.wake) or "the player"
        why = asked_why(prompt, game.rules, game.state) if asking else "the true answer is marked"
        title = f"What was {who} told? ({why})" if not to_phone else f"What is {who} told on their phone? ({why})"
        return await self.app.push_screen_wait(Pick(title, told_items(game, prompt, truth_first=asking),
                                                    not_text=SEND_KEY if to_phone else "n"))


def _grouped(planned: list[Delivery]) -> list[Delivery]:
    """The cards that go to the same phones said once: "This is the Demon, These are your
    Minions to 3 Cat's and 6 Fay's phones"."""
    out: list[Delivery] = []
    for d in planned:
        merged = False
        for i, o in enumerate(out):
            if o.card is d.card or o.card == d.card:
                out[i] = Delivery(o.card, (*o.seats, *d.seats))
                merged = True
                break
        if not merged:
            out.append(d)
    return out
