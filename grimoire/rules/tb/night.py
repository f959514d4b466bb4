"""Trouble Brewing's night in the walker: the storyteller's night (``StorytellerNight``: the
order, the reminders, Minion and Demon info, the Drunk woken at their Townsfolk's steps), with
the choices recorded and acted on, and every information character's true answer."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from grimoire.core.model import Alignment, Expiry, InfoRecord, Seat
from grimoire.core.script import Team
from grimoire.core.thinks import thinks_of
from grimoire.rules import tokens as tk
from grimoire.rules.end import declare_winner
from grimoire.rules.prompts import ack, choose
from grimoire.rules.status import impaired, impaired_why
from grimoire.rules.storyteller_night import StorytellerNight
from grimoire.rules.tb import truths
from grimoire.rules.tb.day import MASTER
from grimoire.rules.tb.deaths import POISONED, SAFE, caught_today, imp_attack, shown_the_imp
from grimoire.rules.tb.end import check_end, mayor_wins
from night_order import AnswerKind, Prompt, StepStatus

Steps = Generator[Prompt, Any, None]

YES_NO = {"yes": "YES (nod)", "no": "NO (shake your head)", "either": "EITHER: your choice (registration)"}
# The steps that only tell (no choice first), and the team each ping is of.
PINGS = {"washerwoman": Team.TOWNSFOLK, "librarian": Team.OUTSIDER, "investigator": Team.MINION}


class TroubleBrewingNight(StorytellerNight):
    def status(self, step: str) -> StepStatus:
        if step in self.visitors or step in ("dusk", "dawn", "minioninfo", "demoninfo"):
            return super().status(step)
        if step == "scarletwoman":  # she wakes only to learn she became the Demon by day
            if caught_today(self.g) is not None:
                return StepStatus.wake()
            return StepStatus.skip("not in play" if self.waking(step) is None else "the Demon has not died")
        seat = self.waking(step)
        if seat is None:
            return StepStatus.skip("not in play")
        if step == "ravenkeeper":
            if seat.index in self.g.nights[-1].deaths:
                return StepStatus.wake()
            return StepStatus.skip("dead" if not seat.alive else "not killed tonight")
        if not seat.alive:
            return StepStatus.skip("dead")
        if step == "undertaker" and truths.executed_today(self.g) is None:
            return StepStatus.skip("no one died by execution today")
        return StepStatus.wake()

    def waking(self, step: str) -> Seat | None:
        """The living player first: after a star-pass the dead Imp and the new one share the step."""
        found = [s for s in self.g.seats if s.character == step or thinks_of(s) == step]
        return next((s for s in found if s.alive), found[0] if found else None)

    def run(self, step: str) -> Steps:
        handler = getattr(self, f"tb_{step}", None)
        if handler is None or step in self.visitors:
            yield from super().run(step)
            return
        self.running = step
        yield from handler(step)

    # --- helpers -----------------------------------------------------------------------------
    def _seat(self, step: str) -> Seat:
        seat = self.waking(step)
        assert seat is not None
        self.g.nights[-1].mark_woke(step)
        return seat

    def _choose(self, step: str, seat: Seat, question: str, rule: Any = None, **kw: Any) -> Prompt:
        g = self.g
        return choose(g, step, self.title(step), self.reminder(step), key=step, rule=rule or (lambda _q: None),
                      wake=(seat.index,), question=f"Wake {seat.name} ({self._who(seat, step)}): {question}",
                      impaired=impaired(self.rules, g, seat.index), impaired_why=impaired_why(self.rules, g, seat.index), **kw)

    def _tell(self, step: str, seat: Seat, truth: Any, text: str, about: tuple[int, ...] = ()) -> Prompt:
        """The step tells the player ``truth``; flagged when they are drunk or poisoned."""
        g = self.g
        flagged = impaired(self.rules, g, seat.index)
        record = InfoRecord(step, seat.index, truth, flagged, about=about)
        g.nights[-1].add_info(record)
        chose = f" They chose {', '.join(g.name(a) for a in about)}." if about else ""
        return ack(step, self.title(step), self.reminder(step), wake=(seat.index,),
                   question=f"Wake {seat.name} ({self._who(seat, step)}).{chose}", truth=truth, truth_text=text,
                   impaired=flagged, impaired_why=impaired_why(self.rules, g, seat.index) if flagged else "", informs=record)

    def _pings_text(self, truth: Any) -> str:
        if truth == "zero":
            return "Zero: no Outsider in play (show 0)"
        g = self.g
        zero = "; or zero (show 0: the Outsiders register as what they are not)" if "zero" in truth else ""
        shown = truths.by_player(truth)
        return "One of: " + "; ".join(
            f"{g.name(s)} {'as ' if len(cs) > 1 else ''}{truths.either([self.script.character(c).name for c in cs])}"
            for s, cs in shown) + zero

    def _character(self, x: int, truth: str | tuple[str, ...]) -> str:
        """The character to show; for a Recluse or a Spy, what they are, then what they may register as."""
        own = self.g.seats[x].character
        name = self.script.character(own).name
        if isinstance(truth, str):
            return f"the {name}"
        others = ", ".join(self.script.character(c).name for c in truth if c != own)
        return f"the {name}, or as they register (your choice) one of: {others}"

    def _numbers(self, truth: tuple[int, ...]) -> str:
        return " or ".join(map(str, truth)) + (" (registration: your choice)" if len(truth) > 1 else "")

    # --- dusk and dawn -------------------------------------------------------------------------
    def tb_dusk(self, step: str) -> Steps:
        g = self.g
        if not self.first and mayor_wins(g):
            declare_winner(g, Alignment.GOOD, "three players are alive, no one was executed, and the Mayor lives")
            return  # the game ended with the day: no step of a night that does not happen
        yield from super().step_dusk(step)

    def at_dawn(self) -> None:
        tk.expire(self.rules, self.g, Expiry.DAWN)  # tonight's Safe and Dead
        check_end(self.g)

    # --- choices that act ----------------------------------------------------------------------
    def tb_poisoner(self, step: str) -> Steps:
        g = self.g
        seat = self._seat(step)
        target = yield self._choose(step, seat, "they choose a player to poison.")
        tk.remove_named(self.rules, g, POISONED, why="moved")  # poisoned until the Poisoner's next choice
        tk.place(self.rules, g, POISONED, "poisoner", target, Expiry.PERMANENT)

    def tb_monk(self, step: str) -> Steps:
        g = self.g
        seat = self._seat(step)
        target = yield self._choose(step, seat, "they choose a player (not themself) to protect.",
                                    rule=lambda q: "the Monk chooses another player" if q == seat.index else None)
        tk.place(self.rules, g, SAFE, "monk", target, Expiry.DAWN)

    def tb_imp(self, step: str) -> Steps:
        seat = self._seat(step)
        target = yield self._choose(step, seat, "they choose a player to kill (themself: a Minion becomes the Imp).")
        yield from imp_attack(self.rules, self.g, seat.index, target, self.reminder(step))

    def tb_scarletwoman(self, step: str) -> Steps:
        g = self.g
        seat = g.seats[caught_today(g)]  # type: ignore[index]  # status woke the step for her
        g.nights[-1].mark_woke(step)
        imp = self.script.character(seat.character).name
        yield ack(step, self.title(step), self.reminder(step), wake=(seat.index,),
                  question=f"Wake {seat.name} (the Scarlet Woman, the {imp} since today): show them the "
                           f"'You are' card, then the {imp} token.")
        shown_the_imp(g, step, seat.index, "the Demon died today")

    def tb_butler(self, step: str) -> Steps:
        g = self.g
        seat = self._seat(step)
        master = yield self._choose(step, seat, "they choose a master (not themself).",
                                    rule=lambda q: "the Butler chooses another player" if q == seat.index else None)
        tk.remove_named(self.rules, g, MASTER, why="moved")
        tk.place(self.rules, g, MASTER, "butler", master, Expiry.PERMANENT)

    # --- information -------------------------------------------------------------------------
    def _pings(self, step: str) -> Steps:
        seat = self._seat(step)
        truth = truths.pings(self.g, seat.index, PINGS[step])
        yield self._tell(step, seat, truth, self._pings_text(truth))

    tb_washerwoman = tb_librarian = tb_investigator = _pings

    def tb_chef(self, step: str) -> Steps:
        seat = self._seat(step)
        truth = truths.chef(self.g)
        yield self._tell(step, seat, truth, self._numbers(truth) + " pair(s) of evil neighbours")

    def tb_empath(self, step: str) -> Steps:
        seat = self._seat(step)
        truth = truths.empath(self.g, seat.index)
        yield self._tell(step, seat, truth, self._numbers(truth) + " evil living neighbour(s)")

    def tb_fortuneteller(self, step: str) -> Steps:
        seat = self._seat(step)
        pair = yield self._choose(step, seat, "they choose two players.", kind=AnswerKind.PLAYERS, count=2)
        truth = truths.fortuneteller(self.g, pair[0], pair[1])
        yield self._tell(step, seat, truth, YES_NO[truth], about=tuple(pair))

    def tb_undertaker(self, step: str) -> Steps:
        seat = self._seat(step)
        x = truths.executed_today(self.g)
        assert x is not None
        truth = truths.character(self.g, x)
        yield self._tell(step, seat, truth, f"{self.g.name(x)} was {self._character(x, truth)}")

    def tb_ravenkeeper(self, step: str) -> Steps:
        seat = self._seat(step)
        x = yield self._choose(step, seat, "killed tonight, they choose a player.")
        truth = truths.character(self.g, x)
        yield self._tell(step, seat, truth, f"Show {self._character(x, truth)}", about=(x,))

    def tb_spy(self, step: str) -> Steps:
        g = self.g
        seat = self._seat(step)
        rows = []
        for s in g.seats:
            marks = [t.shown for t in g.tokens_on(s.index)]
            dead = "" if s.alive else ", dead"
            name = self.script.character(s.character).name if s.character in self.script.by_id else s.character
            rows.append(f"{s.name}: {name}{dead}" + (f" [{', '.join(marks)}]" if marks else ""))
        yield ack(step, self.title(step), self.reminder(step), wake=(seat.index,),
                  question=f"Wake {seat.name} ({self._who(seat, step)}): show them the grimoire.",
                  truth_text="; ".join(rows), impaired=impaired(self.rules, g, seat.index),
                  impaired_why=impaired_why(self.rules, g, seat.index))
