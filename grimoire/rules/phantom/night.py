"""The Phantom script's night: which steps run tonight and what each one does, plugged into
the generic night walker by step id."""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from grimoire.core.happenings import NoEffect
from grimoire.core.model import Expiry, GameState, InfoRecord, Seat
from grimoire.core.script import Script, Team
from grimoire.rules import chronicle
from grimoire.rules.phantom import tokens as tk
from grimoire.rules.phantom import truths as info
from grimoire.rules.phantom.artifact import ArtifactPhase
from grimoire.rules.phantom.deaths import die
from grimoire.rules.phantom.end import check_game_end
from grimoire.rules.phantom.happenings import Attack, Kept
from grimoire.rules.phantom.state import ARTIFACTS, LASSO, MMB, TransferKind, config, own
from grimoire.rules.phantom.status import ability_works, impairment_sources, no_wake, phantom
from grimoire.rules.prompts import ack, choose
from grimoire.rules.status import impaired_why, team
from grimoire.rules.tonight import ScriptNight
from night_order import AnswerKind, Prompt, StepStatus

Steps = Generator[Prompt, Any, None]

RECEIPT_STEPS = ("meg", "auctioneer", "trapdoor_keeper")
INFO_WITH_CHOICE = ("monsieur_reyer", "persian", "inspector_mifroid", "madame_giry")
TRUTH_WORDS = {"yes": "YES (nod)", "no": "NO (shake your head)", "either": "EITHER: your choice (registration)"}

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules


def rigger_state(g: GameState, rigger: Seat | None) -> str:
    """Why the Chandelier Rigger cannot make an impaired attack work, or "helped" if they can."""
    if rigger is None:
        return "absent"
    if "chandelier_rigger" in g.used:
        return "spent"
    if not rigger.alive:
        return "dead"
    return "helped" if ability_works(g, rigger.index) else "impaired"


class PhantomNight(ScriptNight):
    """Tonight's rules for the walker (``night_order.NightRules``), automated."""

    def __init__(self, rules: ScriptRules, g: GameState, script: Script) -> None:
        super().__init__(rules, g, script)
        self.artifact = ArtifactPhase(rules, g, self.reminder, self.first)

    # --- NightRules ------------------------------------------------------------------------
    def title(self, step: str) -> str:
        if step in self.visitors:
            return self.visitor_title(step)
        if step in ("dusk", "dawn"):
            return step.capitalize()
        if step == "minioninfo":
            return "Minion Info"
        if step == "demoninfo":
            return "Demon Info"
        return self.script.character(step).name

    def status(self, step: str) -> StepStatus:
        g = self.g
        if step in self.visitors:
            return self.visitor_status(step)
        if step in ("dusk", "dawn"):
            return StepStatus.storyteller()
        if step in ("minioninfo", "demoninfo"):
            players = sum(1 for s in g.seats if not s.traveller)
            return StepStatus.wake() if players >= 7 else StepStatus.skip("fewer than 7 players")
        if step in ARTIFACTS:
            return self._artifact_status(step)
        if step == "managers":
            evil = own(g).evil_townsfolk
            if evil is None:
                return StepStatus.skip("Managers option A: no evil Townsfolk")
            if not g.seats[evil].alive:
                return StepStatus.skip("dead")
            return StepStatus.wake()
        seat = g.seat_of(step)
        if step == "primadonna":
            # She wakes nobody: the storyteller marks the holder No wake. She is dead by
            # then (executed today), so "dead" is the reason only when she died otherwise.
            today = g.today
            if today is not None and today.number in own(g).primadonna_executed:
                return StepStatus.storyteller()
            if seat is None:
                return StepStatus.skip("not in play")
            return StepStatus.skip("dead" if not seat.alive else "did not die by execution today")
        if step == "cloak_bearer":
            ph = phantom(g)
            if ph is not None and tk.has(g, tk.CLOAK, ph):
                return StepStatus.storyteller()  # the storyteller moves the Cloak token
            if seat is None:
                return StepStatus.skip("not in play")
            return StepStatus.skip("dead" if not seat.alive else "did not save the Phantom")
        if seat is None:
            return StepStatus.skip("not in play")
        if not seat.alive:
            return StepStatus.skip("dead")
        if step == "claque":
            # The storyteller chooses the direction, then moves the drunkenness: nobody wakes.
            if not self.first and tk.find(g, tk.CLAQUE) is None:
                return StepStatus.skip("no Claque token")
            return StepStatus.storyteller()
        if step in RECEIPT_STEPS or (step == "mirror_keeper" and not self.first):
            return StepStatus.receipt()
        if no_wake(g, seat.index):
            return StepStatus.skip("No wake tonight")
        if step == "stage_designer" and "stage_designer" in g.used:
            return StepStatus.skip("used")
        return StepStatus.wake()

    def _artifact_status(self, step: str) -> StepStatus:
        g = self.g
        if phantom(g) is None:
            return StepStatus.skip("no Phantom in play")
        if self.first:
            active = own(g).artifact.active
            if active is not None:
                # The choice was made at the first available artifact's step, whichever it chose.
                at = next((s for s in self.order() if s in ARTIFACTS and s in own(g).artifact.available), active)
                where = "" if at == active else f" at the {self.title(at)} step"
                return StepStatus.skip(f"the Phantom chose the {self.title(active)}{where}")
            if step not in own(g).artifact.available:
                return StepStatus.skip("not available")
            for earlier in self.order():
                if earlier == step:
                    break
                if earlier in ARTIFACTS and earlier in own(g).artifact.available:
                    # The single first-night choice is made at the first available artifact.
                    return StepStatus.skip(f"the Phantom chooses at the {self.title(earlier)} step")
            return StepStatus.wake()
        if own(g).artifact.active != step:
            return StepStatus.skip("inactive")
        return StepStatus.wake()

    def run(self, step: str) -> Steps:
        self.running = step  # the entry of the order the walker is on (receipts run inside it)
        handler: Callable[[str], Steps] = getattr(self, f"step_{step}", self.step_character)
        if step in ARTIFACTS:
            handler = self.step_artifact
        if step in self.visitors:
            handler = self.visitor_step
        yield from handler(step)

    # --- helpers -------------------------------------------------------------------------
    def woke(self, step: str) -> None:
        self.g.nights[-1].mark_woke(step)

    def info(self, character: str, seat: int | None, truth: Any, impaired: bool) -> InfoRecord:
        record = InfoRecord(character, seat, truth, impaired)
        self.g.nights[-1].add_info(record)
        return record

    def names(self, seats: Any) -> str:
        return ", ".join(self.g.name(s) for s in seats) or "nobody"

    # --- specials ----------------------------------------------------------------------
    def step_dusk(self, step: str) -> Steps:
        self.woke(step)
        notes: list[str] = []
        if not self.first:
            notes = self.dusk_hooks()
        yield ack(step, "Dusk", self.reminder(step), notes=notes)

    def dusk_hooks(self) -> list[str]:
        g = self.g
        tk.expire(self.rules, g, Expiry.NEXT_DUSK)
        today = g.today
        notes: list[str] = []
        if today is not None:
            own(g).unmasked = own(g).unmasked - {today.number}
        ex = today.execution if today is not None else None
        h = own(g).artifact.holder
        ph = phantom(g)
        if h is None or ph is None:
            return notes
        if own(g).artifact.active == MMB and ex is not None and ex.seat == h and h != ph:
            self.artifact.move(h, ph, TransferKind.RETURN_AFTER_EXECUTION, triggers=False, why="mmb_executed")
            notes.append(f"{g.name(h)} was executed holding the Monkey Music Box: it returns to the Phantom.")
        elif (
            h != ph
            and not g.seats[h].alive
            and not config(g).dead_holder_still_passes
            and not (own(g).artifact.active == LASSO and ex is not None and ex.died and ex.seat == h)
        ):
            self.artifact.move(h, ph, TransferKind.RETURN_DEAD_HOLDER, triggers=False, why="dead_holder")
            notes.append(f"{g.name(h)} is dead: the artifact returns to the Phantom (house rule).")
        return notes

    def dawn_notes(self) -> list[str]:
        g = self.g
        active = own(g).artifact.active
        if self.first and config(g).announce_active_artifact and active:
            return [f"Announce the active artifact: the {self.title(active)} (never who holds it)."]
        return []

    def at_dawn(self) -> None:
        g = self.g
        tk.expire(self.rules, g, Expiry.DAWN)
        own(g).artifact.dawn_holder = own(g).artifact.holder
        check_game_end(g)

    def step_minioninfo(self, step: str) -> Steps:
        g = self.g
        self.woke(step)
        minions = [s.index for s in g.seats if not s.traveller and team(g, s.index) is Team.MINION]
        ph = phantom(g)
        yield ack(
            step,
            "Minion Info",
            self.reminder(step),
            wake=minions,
            truth=ph,
            truth_text=f"The Demon is {g.name(ph)}; the Minions are {self.names(minions)}",
        )

    def step_demoninfo(self, step: str) -> Steps:
        g = self.g
        self.woke(step)
        minions = [s.index for s in g.seats if not s.traveller and team(g, s.index) is Team.MINION]
        ph = phantom(g)
        bluffs = ", ".join(self.script.character(b).name for b in g.bluffs) or "choose 3 not-in-play good characters"
        yield ack(
            step,
            "Demon Info",
            self.reminder(step),
            wake=() if ph is None else (ph,),
            truth=tuple(g.bluffs),
            truth_text=f"Minions: {self.names(minions)}. Not in play: {bluffs}",
        )

    def step_artifact(self, step: str) -> Steps:
        if self.first:
            yield from self.artifact.first_night_choice(step)
        else:
            yield from self.artifact.other_night_phase(step)

    # --- characters ------------------------------------------------------------------------
    def step_character(self, step: str) -> Steps:
        seat = self.g.seat_of(step)
        assert seat is not None
        self.woke(step)
        yield ack(step, self.title(step), self.reminder(step), wake=(seat.index,))

    def step_claque(self, step: str) -> Steps:
        g = self.g
        claque = g.seat_of("claque")
        assert claque is not None
        if self.first:
            direction = yield choose(
                g,
                step,
                "Claque",
                self.reminder(step),
                key="claque",
                rule=lambda _i: "answer clockwise or anticlockwise",
                kind=AnswerKind.CHOICE,
                options=("clockwise", "anticlockwise"),
                question="Choose the direction of the Claque's drunkenness.",
            )
            way = 1 if direction == "clockwise" else -1
            own(g).claque_direction = way
            self.woke(step)
            tk.place(self.rules, g, tk.CLAQUE, "claque", g.beside(claque.index, way), Expiry.UNTIL_MOVED)
            return
        token = tk.find(g, tk.CLAQUE)
        assert token is not None
        direction = own(g).claque_direction or 1
        to = g.beside(token.seat, direction) if token.seat in g.ring else token.seat
        self.woke(step)
        yield ack(step, "Claque", self.reminder(step), notes=(f"The drunkenness moves to {g.name(to)}.",))
        tk.move(self.rules, g, token, to)

    def step_mirror_keeper(self, step: str) -> Steps:
        g = self.g
        mk = g.seat_of("mirror_keeper")
        assert mk is not None
        target = own(g).mirror_target
        self.woke(step)
        works = ability_works(g, mk.index)
        record = self.info("mirror_keeper", mk.index, target, not works)
        yield ack(
            step,
            "Mirror Keeper",
            self.reminder(step),
            wake=(mk.index,),
            question=f"Show {mk.name} the player marked Mirror target.",
            truth=target,
            truth_text=f"Their target is {g.name(target)}",
            impaired=not works,
            impaired_why=impaired_why(self.rules, g, mk.index),
            notes=("Already woken by a receipt tonight: merge the two wakes.",)
            if own(g).artifact.history and own(g).artifact.history[-1].night == g.night
            and any(t.kind is TransferKind.MIRROR_REDIRECT for t in own(g).artifact.history if t.night == g.night)
            else (),
            informs=record,
        )

    def step_managers(self, step: str) -> Steps:
        g = self.g
        seat = own(g).evil_townsfolk
        assert seat is not None
        self.woke(step)
        yield ack(
            step,
            "The evil Townsfolk",
            self.reminder(step),
            wake=(seat,),
            truth_text=f"{g.name(seat)} is evil: YOU ARE and a thumbs down",
        )

    def step_primadonna(self, step: str) -> Steps:
        g = self.g
        self.woke(step)
        h = own(g).artifact.holder
        notes = []
        if h is not None and team(g, h) is Team.TOWNSFOLK:
            tk.place(self.rules, g, tk.NO_WAKE, "primadonna", h, Expiry.DAWN)
            notes.append(f"{g.name(h)} holds the artifact and is a Townsfolk: No wake tonight.")
        else:
            chronicle.note(g, NoEffect("primadonna", None, "not_townsfolk", about=h))
            notes.append("The holder is not a Townsfolk: nothing happens.")
        yield ack(step, "Primadonna", self.reminder(step), notes=notes)

    def step_stage_designer(self, step: str) -> Steps:
        g = self.g
        sd = g.seat_of("stage_designer")
        assert sd is not None
        self.woke(step)

        def rule(q: int) -> str | None:
            if not g.seats[q].alive:
                return f"{g.name(q)} is dead: the Stage Designer chooses “an alive player”"
            return None

        choice = yield choose(
            g,
            step,
            "Stage Designer",
            self.reminder(step),
            key="stage_designer",
            rule=rule,
            wake=(sd.index,),
            kind=AnswerKind.CHOICE,
            options=("no",),
            question=f"Wake {sd.name}: they shake their head, or point to a living player.",
            impaired=not ability_works(g, sd.index),
            impaired_why=impaired_why(self.rules, g, sd.index),
        )
        if choice == "no":
            return
        g.used.add("stage_designer")
        tk.place(self.rules, g, tk.USED, "stage_designer", sd.index, Expiry.PERMANENT)
        if not (ability_works(g, sd.index) or config(g).stage_designer_ignores_impairment):
            chronicle.note(
                g, NoEffect("stage_designer", sd.index, "impaired", about=choice, impaired=impairment_sources(g, sd.index))
            )
            return
        if choice == own(g).artifact.holder or own(g).artifact.holder is None:
            if choice == own(g).artifact.holder:
                chronicle.note(g, Kept(choice, "sd_holder"))
            return
        yield from self.artifact.stage_designer_move(choice)

    def step_raoul_de_chagny(self, step: str) -> Steps:
        g = self.g
        raoul = g.seat_of("raoul_de_chagny")
        assert raoul is not None
        self.woke(step)

        def rule(q: int) -> str | None:
            if q == raoul.index:
                return "Raoul chooses “a player (not yourself)”"
            return None

        target = yield choose(
            g,
            step,
            "Raoul de Chagny",
            self.reminder(step),
            key="raoul_de_chagny",
            rule=rule,
            wake=(raoul.index,),
            question=f"Wake {raoul.name}: they point to another player to protect.",
        )
        tk.place(self.rules, g, tk.RAOUL, "raoul_de_chagny", target, Expiry.DAWN, side=tk.PROTECTED)

    def step_cloak_bearer(self, step: str) -> Steps:
        g = self.g
        cb = g.seat_of("cloak_bearer")
        token = tk.find(g, tk.CLOAK)
        self.woke(step)
        if cb is not None and token is not None:
            tk.move(self.rules, g, token, cb.index)
        yield ack(
            step,
            "Cloak Bearer",
            self.reminder(step),
            notes=(f"Cloak sacrifice moves to {g.name(cb.index if cb else None)}: the Phantom must kill them tonight.",),
        )

    def step_phantom(self, step: str) -> Steps:
        g = self.g
        ph = phantom(g)
        assert ph is not None
        self.woke(step)
        if self.first:
            holder = own(g).artifact.holder
            own(g).shown[g.night] = holder
            record = self.info("phantom", ph, holder, False)
            yield ack(
                step,
                "Phantom",
                self.reminder(step),
                wake=(ph,),
                truth=holder,
                truth_text=f"Point to {g.name(holder)}",
                informs=record,
            )
            return
        yield from self.phantom_kill(step, ph)

    def phantom_kill(self, step: str, ph: int) -> Steps:
        g = self.g
        forced: tuple[int, str] | None = None
        cb = g.seat_of("cloak_bearer")
        piangi = g.seat_of("ubaldo_piangi")
        today = g.today
        if cb is not None and tk.has(g, tk.CLOAK, cb.index):
            forced = (cb.index, "cloak_bearer")
        elif (
            piangi is not None
            and tk.has(g, tk.PERFORMANCE, piangi.index)
            and (today is None or today.execution is None)
            and ability_works(g, piangi.index)
        ):
            forced = (piangi.index, "ubaldo_piangi")
        phantom_works = ability_works(g, ph)
        phantom_impaired = impairment_sources(g, ph) if not phantom_works else ()
        notes = []
        if not phantom_works:
            notes.append(f"The Phantom is {impaired_why(self.rules, g, ph)}: the kill fails unless the Rigger's help works.")
        if forced is not None:
            target = forced[0]
            why = "Cloak sacrifice" if forced[1] == "cloak_bearer" else "Performance pending"
            yield ack(
                step,
                "Phantom",
                self.reminder(step),
                wake=(ph,),
                question=f"The choice is forced ({why}): remind the Phantom that they must choose {g.name(target)}.",
                truth=target,
                truth_text=f"{g.name(target)} dies; this death can't be prevented",
                notes=notes,
            )
        else:
            target = yield choose(
                g,
                step,
                "Phantom",
                self.reminder(step),
                key="phantom",
                rule=lambda _q: None,
                wake=(ph,),
                question="Wake the Phantom: they point to a player to kill.",
                notes=[*notes, "Choosing themselves kills the Phantom: good wins."],
            )
        at = chronicle.mark(g)  # the attack is told first, once its outcome is known
        works = phantom_works
        house_rule = False
        if forced is not None and config(g).forced_deaths_ignore_phantom_impairment:
            house_rule = not works
            works = True
        rigger = g.seat_of("chandelier_rigger")
        rigger_did = None if works else rigger_state(g, rigger)
        if not works and rigger is not None and "chandelier_rigger" not in g.used:
            if rigger.alive and ability_works(g, rigger.index):
                works = True
                rigger_did = "helped"
                record = self.info("chandelier_rigger", rigger.index, "your help worked", False)
                yield ack(
                    "phantom",
                    "Chandelier Rigger",
                    self.reminder(step),
                    wake=(rigger.index,),
                    question=f"Wake {rigger.name} (Chandelier Rigger) and tell them their help worked.",
                    truth="your help worked",
                    truth_text="The Phantom's attack works normally",
                    informs=record,
                )
            if rigger.alive and (works or config(g).rigger_spent_even_if_rigger_impaired):
                g.used.add("chandelier_rigger")
                tk.place(self.rules, g, tk.RIGGER, "chandelier_rigger", rigger.index, Expiry.PERMANENT)
        attack = Attack(ph, target, forced[1] if forced else None, works, phantom_impaired, rigger_did, house_rule)
        chronicle.note(g, attack, at=at)
        if works:
            cause = forced[1] if forced else "phantom"
            yield from die(self.rules, g, target, cause=cause, preventable=forced is None)
        tk.expire(self.rules, g, tk.AFTER_PHANTOM)

    # --- information ---------------------------------------------------------------------
    def _info_prompt(
        self, step: str, seat: int, truth: Any, text: str, question: str, about: tuple[int, ...] = ()
    ) -> Prompt:
        g = self.g
        impaired = not ability_works(g, seat)
        record = InfoRecord(step, seat, truth, impaired, about=about)
        self.g.nights[-1].add_info(record)
        return ack(
            step,
            self.title(step),
            self.reminder(step),
            wake=(seat,),
            question=question,
            truth=truth,
            truth_text=text,
            impaired=impaired,
            impaired_why=impaired_why(self.rules, g, seat) if impaired else "",
            informs=record,
        )

    def _choice_info(self, step: str, seat_index: int, key: str, question: str, **kw: Any) -> Prompt:
        g = self.g
        impaired = not ability_works(g, seat_index)
        return choose(
            g,
            step,
            self.title(step),
            self.reminder(step),
            key=key,
            wake=(seat_index,),
            question=question,
            impaired=impaired,
            impaired_why=impaired_why(self.rules, g, seat_index) if impaired else "",
            **kw,
        )

    def step_sorelli(self, step: str) -> Steps:
        g = self.g
        seat = g.seat_of(step)
        assert seat is not None
        self.woke(step)
        truth = info.sorelli(g, seat.index)
        yield self._info_prompt(step, seat.index, truth, TRUTH_WORDS[truth], f"Wake {seat.name} (Sorelli).")

    def step_usher(self, step: str) -> Steps:
        g = self.g
        seat = g.seat_of(step)
        assert seat is not None
        self.woke(step)
        truth = info.usher(g)
        yield self._info_prompt(step, seat.index, truth, TRUTH_WORDS[truth], f"Wake {seat.name} (Usher).")

    def _point_and_learn(self, step: str, truth_of: Callable[[GameState, int], str]) -> Steps:
        """A character points to any player and learns yes or no about them."""
        g = self.g
        seat = g.seat_of(step)
        assert seat is not None
        self.woke(step)
        question = f"Wake {seat.name}: they point to a player."
        x = yield self._choice_info(step, seat.index, step, question, rule=lambda _q: None)
        truth = truth_of(g, x)
        text = f"{g.name(x)}: {TRUTH_WORDS[truth]}"
        yield self._info_prompt(step, seat.index, truth, text, f"{seat.name} chose {g.name(x)}.", about=(x,))

    def step_monsieur_reyer(self, step: str) -> Steps:
        yield from self._point_and_learn(step, info.reyer)

    def step_persian(self, step: str) -> Steps:
        yield from self._point_and_learn(step, info.persian)

    def step_inspector_mifroid(self, step: str) -> Steps:
        g = self.g
        seat = g.seat_of(step)
        assert seat is not None
        self.woke(step)

        def rule(q: int) -> str | None:
            if q == seat.index:
                return "Inspector Mifroid chooses “2 other players”, not himself"
            return None

        pair = yield self._choice_info(
            step, seat.index, step, f"Wake {seat.name}: they choose two other players.",
            rule=rule, kind=AnswerKind.PLAYERS, count=2,
        )
        truth = info.mifroid(g, pair[0], pair[1])
        text = " or ".join(str(t) for t in truth) + " finger(s)"
        yield self._info_prompt(step, seat.index, truth, text, f"{seat.name} chose {self.names(pair)}.", about=tuple(pair))

    def step_madame_giry(self, step: str) -> Steps:
        g = self.g
        seat = g.seat_of(step)
        assert seat is not None
        ph = phantom(g)
        self.woke(step)
        works = ability_works(g, seat.index)

        def rule(q: int) -> str | None:
            if q == seat.index and not config(g).giry_may_include_self:
                return "Madame Giry is shown 3 other players (A29)"
            return None

        def whole(values: list[int]) -> str | None:
            if works and ph not in values:
                return f"the 3 must include the Demon ({g.name(ph)}): “at least 1 of whom is the Demon”"
            return None

        shown = yield self._choice_info(
            step, seat.index, step,
            f"Wake {seat.name}: point to 3 players, including the Demon ({g.name(ph)}).",
            rule=rule, kind=AnswerKind.PLAYERS, count=3, whole=whole,
        )
        self.g.nights[-1].add_info(InfoRecord(step, seat.index, ph, not works, about=tuple(shown)))
