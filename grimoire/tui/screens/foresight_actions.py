"""The grimoire screen's confirmations that say what an action would do before Enter records
it (grimoire.present.foresight): the words under a picker's highlighted row, the question at
the day's end (the player on the block, the end the night's start would bring), and a
night answer that kills or ends the game, typed by its number or letter."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grimoire.core import events as ev
from grimoire.rules.words import seat_name
from grimoire.tui.guard import asks
from grimoire.tui.support.view import choice_items, option_items, pair_option_items
from night_order import AnswerKind

if TYPE_CHECKING:
    from grimoire.present.foresight import Foresight
    from grimoire.tui.screens.host import GrimoireHost
else:
    GrimoireHost = object  # the mixin's base when checked: the screen it is mixed into

EXECUTE, DUSK, RECORD = "execute", "dusk", "record"


class ForesightActions(GrimoireHost):
    """Mixed into the grimoire screen (``game``, ``session``, ``_act``, ``app``)."""

    def foreseen(self, event: ev.Event, quiet: bool = True) -> list[str]:
        """What ``event`` would do, as lines (``quiet``: say so when nothing would happen)."""
        from grimoire.present.foresight import foresee, quiet_words  # loaded at the first foresight, not at start

        return foresee(self.game, event).words(quiet_words(self.game) if quiet else "")

    def foresees(self, make: Callable[[Any], ev.Event | None], quiet: bool = True) -> Callable[[Any], list[str]]:
        """A picker's ``foresee``: the event each row's value would record, foreseen."""
        def words(value: Any) -> list[str]:
            event = make(value)
            return [] if event is None else self.foreseen(event, quiet)

        return words

    async def execution_event(self, seat: int) -> ev.Execute | None:
        """The execution of ``seat``, with the answer to what the script's rules ask first (a
        substitute), each answer shown with what it would do; None when escaped."""
        from grimoire.tui.screens.modals import Pick

        g = self.game.state
        question = self.game.rules.execution_question(g, seat)
        if question is None:
            return ev.Execute(seat)
        items = option_items(list(question.options)) + self._seat_items(question.seats)
        answer = await self.app.push_screen_wait(
            Pick(question.title, items, foresee=self.foresees(lambda a: ev.Execute(seat, answer=a))))
        return None if answer is None else ev.Execute(seat, answer=answer)

    def end_day(self) -> None:
        """Dusk at once, or first the question of the player on the block or of the end it brings."""
        from grimoire.present.foresight import dusk_question

        block, night = dusk_question(self.game)
        if block is None and not night.happens:
            self._act(self.session.apply, ev.StartNight())
            return
        self._ask_dusk(block, night)

    @asks
    async def _ask_dusk(self, block: int | None, night: Foresight) -> None:
        from grimoire.tui.screens.modals import Pick

        g = self.game.state
        asked = len(self.game.events)
        rows: list[tuple[str, Any]] = []
        # The dusk's row says what it brings: the night, or the end the rules foresee.
        if block is not None:
            rows.append((f"Execute {seat_name(g, block)}, then end the day", EXECUTE))
            rows.append(("End the day: nobody is executed" + (", and the game ends" if night.ends else ""), DUSK))
            title = f"{seat_name(g, block)} is on the block. Execute them before the night?"
        else:
            rows.append(("End the day: the game ends" if night.ends else "End the day and start the night", DUSK))
            title = "End the day?"
        dusk_words = night.words("Nobody is executed today; the night begins." if block is not None else "")

        def words(value: Any) -> list[str]:
            return self.foreseen(ev.Execute(block)) if value == EXECUTE and block is not None else dusk_words

        got = await self.app.push_screen_wait(Pick(title, option_items(rows), foresee=words))
        if got is None or len(self.game.events) != asked:  # escaped, or the day changed meanwhile
            return
        if got == EXECUTE and block is not None:
            execution = await self.execution_event(block)
            if execution is None or not self._act(self.session.apply, execution):
                return
            if self.game.state.winner is not None:
                return  # the execution ended the game: no night follows
            if any(o.owed for o in self.game.rules.declarations(self.game.state)):
                self.call_later(self.run_action, "dusk")  # the executed player's choice first, then the dusk
                return
        self._act(self.session.apply, ev.StartNight())

    def answer_foreseen(self, value: Any) -> bool:
        """A night answer typed by its number or letter that would kill, spare, end the game
        or ask more: confirmed first, with what it would do (True: asked)."""
        prompt = self.game.prompt
        if prompt is None or prompt.kind is AnswerKind.ACK:  # a wake that only tells: nothing to foresee
            return False
        from grimoire.present.foresight import foresee

        seen = foresee(self.game, ev.Answer(step=prompt.step, value=value))
        if not seen.happens or seen.refused:  # a refused answer is refused as before, with the rule
            return False
        self._confirm_answer(value, seen)
        return True

    @asks
    async def _confirm_answer(self, value: Any, seen: Foresight) -> None:
        from grimoire.tui.screens.modals import Pick

        prompt = self.game.prompt
        assert prompt is not None
        asked = (len(self.game.events), prompt.step)
        # Each part of the answer as its row reads (a seat, an option).
        items = choice_items(self.game, prompt)
        if prompt.kind is AnswerKind.OPTION_AND_PLAYER:
            items += pair_option_items(self.game, prompt)
        labels = {repr(i.value): i.label for i in items}
        parts = value if isinstance(value, list) else [value]
        label = ", ".join(labels.get(repr(v), str(v)) for v in parts)
        if prompt.kind is AnswerKind.OPTION_AND_PLAYER:  # in the prompt's words: "1 Ann (Exorcist) as the Po"
            option, seat = prompt.pair(value)
            label = prompt.pair_words.format(option=labels.get(repr(option), str(option)),
                                             player=labels.get(repr(seat), str(seat)))
        rows = option_items([(f"Record it: {label}", RECORD)])
        got = await self.app.push_screen_wait(Pick(f"{prompt.title}: {label}?", rows, foresee=lambda _v: seen.words()))
        if got == RECORD and (len(self.game.events), self.game.prompt and self.game.prompt.step) == asked:
            self._act(self.session.answer, value)
