"""The ARTIFACT PHASE (docs/rules/phantom.md, "The artifact"): the Phantom's choice, the holder's pass, receipts in the seed's
order (Meg, Auctioneer, Mirror Keeper, Trapdoor Keeper, Minion bounce), the Stage Designer's
re-run and the returns."""

from __future__ import annotations

from collections import deque
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import attrs

from grimoire.core.happenings import Skipped
from grimoire.core.model import Expiry, GameState, InfoRecord
from grimoire.core.script import Team
from grimoire.core.value import define, frozen
from grimoire.rules import chronicle
from grimoire.rules.phantom import tokens as tk
from grimoire.rules.phantom.happenings import Kept, Moved
from grimoire.rules.phantom.names import the_character
from grimoire.rules.phantom.state import RECEIPT, Transfer, TransferKind, config, own
from grimoire.rules.phantom.status import ability_works, is_drunk, no_wake, phantom
from grimoire.rules.prompts import ack, choose
from grimoire.rules.status import impaired_why, team
from night_order import AnswerKind, Prompt

Steps = Generator[Prompt, Any, None]

MEG_RULE = "Meg may “immediately pass it to another alive player”"
HOLDER_RULE = "the holder “point[s] to another player”"
CHOICE_RULE = "the Phantom chooses “an available artifact & another player to receive it”"

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules


@frozen
class Receipt:
    to: int
    frm: int | None
    kind: TransferKind


@define
class ArtifactCtx:
    """One per night; the Stage Designer's re-run reuses it, so First holder persists."""

    first_holder: int | None = None
    queue: deque[Receipt] = attrs.Factory(deque)
    guard: int = 0
    chain: int = 0


class ArtifactPhase:
    def __init__(self, rules: ScriptRules, g: GameState, reminder: Any, first: bool) -> None:
        self.rules = rules  # the game's: the Phantom's, or a plug-in's built on them
        self.g = g
        self.reminder = reminder  # step id -> the script's reminder text
        self.first = first
        self.ctx = ArtifactCtx()

    # --- primitives ------------------------------------------------------------------------
    def move(self, frm: int | None, to: int, kind: TransferKind, triggers: bool = True, why: str = "") -> None:
        g = self.g
        assert to != frm, "a transfer goes to a different seat"
        own(g).artifact.history.append(Transfer(g.night, kind, frm, to, self.ctx.chain))
        own(g).artifact.holder = to
        chronicle.record(self.rules, g, Moved(kind, frm, to, why))
        if triggers:
            self.ctx.queue.append(Receipt(to=to, frm=frm, kind=kind))

    def process_receipts(self) -> Steps:
        while self.ctx.queue:
            self.ctx.guard += 1
            assert self.ctx.guard <= 50, "receipt loop"
            yield from self.on_receipt(self.ctx.queue.popleft())

    def mark_first_holder(self, seat: int | None) -> None:
        g = self.g
        self.ctx.first_holder = seat
        auctioneer = g.seat_of("auctioneer")
        if seat is not None and auctioneer is not None and auctioneer.alive:
            tk.place(self.rules, g, tk.FIRST_HOLDER, "auctioneer", seat, Expiry.DAWN)

    def woke(self, step: str) -> None:
        self.g.nights[-1].mark_woke(step)

    def info(self, character: str, seat: int | None, truth: Any, impaired: bool) -> InfoRecord:
        record = InfoRecord(character, seat, truth, impaired, occasion=RECEIPT)
        self.g.nights[-1].add_info(record)
        return record

    def kept(self, seat: int, why: str) -> None:
        chronicle.note(self.g, Kept(seat, why))

    # --- night 1 ----------------------------------------------------------------------------
    def first_night_choice(self, step: str) -> Steps:
        g = self.g
        ph = phantom(g)
        assert ph is not None

        def rule(r: int) -> str | None:
            if r == ph:
                return f"the Phantom cannot choose themselves: {CHOICE_RULE}"
            if not g.seats[r].alive:
                return f"{g.name(r)} is dead: the artifact goes to another alive player (A33)"
            return None

        self.woke(step)
        a, r = yield choose(
            g,
            step,
            "The Phantom chooses the artifact",
            self.reminder(step),
            key="artifact",
            rule=rule,
            wake=(ph,),
            kind=AnswerKind.OPTION_AND_PLAYER,
            options=tuple(x for x in own(g).artifact.available),
            question="Wake the Phantom: which available artifact, and which other player receives it?",
            option_noun="artifact",
            pair_words="the {option}, to {player}",
        )
        own(g).artifact.active = a
        first = r if config(g).night1_first_holder == "first_recipient" else ph
        self.mark_first_holder(first)
        self.move(ph, r, TransferKind.INITIAL_GIFT)
        yield from self.process_receipts()

    # --- other nights ----------------------------------------------------------------------
    def other_night_phase(self, step: str) -> Steps:
        g = self.g
        ph = phantom(g)
        assert ph is not None
        self.woke(step)
        returned = False
        today = g.today
        ex = today.execution if today is not None else None
        notes = []
        if own(g).artifact.active == "punjab_lasso" and ex and ex.died and ex.seat == own(g).artifact.holder:
            if ex.seat != ph:
                self.move(ex.seat, ph, TransferKind.RETURN_AFTER_EXECUTION, triggers=False, why="lasso_executed")
            returned = True
            notes.append(f"The holder {g.name(ex.seat)} died by execution: the Lasso returned to the Phantom.")
        self.mark_first_holder(own(g).artifact.holder)
        h = own(g).artifact.holder
        if h is None:
            return
        if returned or no_wake(g, h):
            self.kept(h, "returned" if returned else "holder_no_wake")
            if not returned:
                notes.append(f"{g.name(h)} has No wake tonight: skip to PHANTOM INFORMATION.")
            yield from self.phantom_information(step, notes)
            return

        def rule(q: int) -> str | None:
            if q == h:
                return f"the holder cannot pass to themselves: {HOLDER_RULE}"
            if config(g).holder_pass_requires_alive_recipient and not g.seats[q].alive:
                return f"{g.name(q)} is dead: house rule holder_pass_requires_alive_recipient"
            return None

        q = yield choose(
            g,
            step,
            "The holder passes the artifact",
            self.reminder(step),
            key="holder",
            rule=rule,
            wake=(h,),
            question=f"Wake {g.name(h)} (holds the artifact): they point to another player.",
            notes=notes,
        )
        self.move(h, q, TransferKind.HOLDER_PASS)
        yield from self.process_receipts()
        yield from self.phantom_information(step)

    def phantom_information(self, step: str, notes: list[str] | None = None) -> Steps:
        g = self.g
        ph = phantom(g)
        holder = own(g).artifact.holder
        own(g).shown[g.night] = holder
        record = self.info("phantom", ph, holder, False)
        yield ack(
            step,
            "PHANTOM INFORMATION",
            self.reminder(step),
            wake=() if ph is None else (ph,),
            question="Wake the Phantom. Point to the holder.",
            truth=holder,
            truth_text=f"Point to {g.name(holder)}",
            notes=notes or (),
            informs=record,
        )

    # --- the Stage Designer's re-run -------------------------------------------------------
    def stage_designer_move(self, to: int) -> Steps:
        g = self.g
        self.ctx.chain = 1
        self.move(own(g).artifact.holder, to, TransferKind.STAGE_DESIGNER_MOVE)
        yield from self.process_receipts()
        if config(g).stage_designer_reruns_phantom_information:
            yield from self.phantom_information("stage_designer")

    # --- receipts ----------------------------------------------------------------------
    def on_receipt(self, r: Receipt) -> Steps:
        g = self.g
        s = g.seats[r.to]
        c = s.character
        ph = phantom(g)
        if not s.alive:  # a dead recipient is never woken; a dead Minion still bounces
            if team(g, s.index) is Team.MINION and ph is not None:
                self.move(s.index, ph, TransferKind.MINION_BOUNCE, why="dead_minion")
            return
        skip_wake = no_wake(g, s.index)
        bounce = "no_wake" if skip_wake else "minion"  # why a Minion lets it bounce, for the log

        if c == "meg":
            yield from self.meg(s.index, skip_wake)
            return
        if c == "auctioneer":
            yield from self.auctioneer(s.index, r, skip_wake)
            return
        if c == "mirror_keeper":
            lost = s.ability_lost or tk.has(g, tk.MIRROR, s.index, side=tk.ABILITY_LOST)
            target = own(g).mirror_target
            if lost:
                bounce = "mk_lost"
            if not lost and target is not None and not skip_wake:
                if config(g).mirror_redirect_ignores_impairment or ability_works(g, s.index):
                    self.woke("mirror_keeper")
                    record = self.info("mirror_keeper", s.index, target, is_drunk(g, s.index))
                    yield self.mirror_prompt(s.index, target, is_drunk(g, s.index), record)
                    self.move(s.index, target, TransferKind.MIRROR_REDIRECT)
                    return
                # drunk (default): woken and told as usual, then it bounces (A4)
                bounce = "mk_impaired"
                self.woke("mirror_keeper")
                record = self.info("mirror_keeper", s.index, ph, True)
                yield self.mirror_prompt(s.index, target, True, record)
        if c == "trapdoor_keeper" and not skip_wake:
            self.woke("trapdoor_keeper")
            works = ability_works(g, s.index)
            keep = yield choose(
                g,
                "trapdoor_keeper",
                "Trapdoor Keeper",
                self.reminder("trapdoor_keeper"),
                key="trapdoor_keeper",
                rule=lambda _i: "answer keep or bounce",
                wake=(s.index,),
                kind=AnswerKind.CHOICE,
                options=("keep", "bounce"),
                question=f"Wake {s.name} (Trapdoor Keeper): nod to keep the artifact, shake to let it bounce.",
                notes=() if works else (f"{s.name} is {impaired_why(self.rules, g, s.index)}: ask as usual, then let it bounce.",),
            )
            if keep == "keep" and works:
                self.kept(s.index, "tk_kept")
                return
            bounce = "tk_bounce" if keep != "keep" else "tk_impaired"
        if team(g, s.index) is Team.MINION and ph is not None and s.index != ph:
            self.move(s.index, ph, TransferKind.MINION_BOUNCE, why=bounce)
        # anyone else (the Phantom, Townsfolk, Outsiders, Travellers) keeps it

    def mirror_prompt(self, mk: int, target: int, impaired: bool, record: InfoRecord) -> Prompt:
        g = self.g
        return ack(
            "mirror_keeper",
            "Mirror Keeper",
            self.reminder("mirror_keeper"),
            wake=(mk,),
            question=f"Pass the artifact to {g.name(target)} and wake {g.name(mk)} to tell them it moved to that player.",
            truth=target,
            truth_text=f"It moved to {g.name(target)}",
            impaired=impaired,
            impaired_why=impaired_why(self.rules, g, mk) if impaired else "",
            notes=(f"{g.name(mk)} is drunk: no redirect, the artifact bounces to the Phantom (A4).",)
            if impaired and not config(g).mirror_redirect_ignores_impairment
            else (),
            informs=record,
        )

    def meg(self, i: int, skip_wake: bool) -> Steps:
        g = self.g
        if tk.has(g, tk.RECEIVED, i):
            self.kept(i, "meg_received")
            return  # "If already marked Received tonight, skip": she keeps it
        tk.place(self.rules, g, tk.RECEIVED, "meg", i, Expiry.DAWN)
        if skip_wake:
            self.kept(i, "no_wake")
            return
        self.woke("meg")

        def rule(q: int) -> str | None:
            if q == i:
                return f"Meg cannot pass to herself: {MEG_RULE}"
            if not g.seats[q].alive:
                return f"{g.name(q)} is dead: {MEG_RULE}"
            return None

        choice = yield choose(
            g,
            "meg",
            "Meg",
            self.reminder("meg"),
            key="meg",
            rule=rule,
            wake=(i,),
            kind=AnswerKind.CHOICE,
            options=("keep",),
            question=f"Wake {g.name(i)} (Meg): keep the artifact, or pass it to another living player.",
        )
        if choice == "keep":
            self.kept(i, "meg_kept")
            return
        if config(g).meg_pass_ignores_impairment or ability_works(g, i):
            self.move(i, choice, TransferKind.MEG_PASS)
        else:
            self.kept(i, "meg_impaired")

    def auctioneer(self, i: int, r: Receipt, skip_wake: bool) -> Steps:
        g = self.g
        if skip_wake:
            chronicle.note(g, Skipped("auctioneer", i, "No wake tonight"))
            return
        passer = r.frm
        if r.kind is TransferKind.MIRROR_REDIRECT and not config(g).mirror_redirect_passer_is_mirror_keeper:
            before = None
            for t in reversed(own(g).artifact.history[:-1]):
                if t.to == r.frm:
                    before = t
                    break
            passer = before.frm if before is not None else r.frm
        if r.kind is TransferKind.STAGE_DESIGNER_MOVE and not config(g).stage_designer_passer_is_previous_holder:
            sd = g.seat_of("stage_designer")
            passer = sd.index if sd is not None else r.frm
        if passer is not None and passer == phantom(g):
            tk.place(self.rules, g, tk.DRUNK_TONIGHT, "auctioneer", i, Expiry.DAWN)  # before the info
        self.woke("auctioneer")
        first = self.ctx.first_holder
        first_char = g.seats[first].character if first is not None else None
        impaired = not ability_works(g, i)
        record = self.info("auctioneer", i, (passer, first_char), impaired)
        from grimoire.core.script import load_script

        first_name = the_character(load_script(g.script_id), first_char)
        yield ack(
            "auctioneer",
            "Auctioneer",
            self.reminder("auctioneer"),
            wake=(i,),
            question=f"Wake {g.name(i)} (Auctioneer): indicate who passed the artifact and show the First holder's character.",
            truth=(passer, first_char),
            truth_text=f"Passed by {g.name(passer)}; First holder is {first_name}",
            impaired=impaired,
            impaired_why=impaired_why(self.rules, g, i),
            informs=record,
        )


def move_by_storyteller(rules: ScriptRules, g: GameState, seat: int) -> None:
    """The storyteller's override: the artifact goes to ``seat`` now."""
    artifact = own(g).artifact
    if artifact.active is None:
        raise ValueError("no artifact is active yet: the Phantom chooses it on the first night")
    if artifact.holder == seat:
        raise ValueError(f"{g.name(seat)} already holds the artifact")
    frm = artifact.holder
    artifact.history.append(Transfer(g.night, TransferKind.STORYTELLER_MOVE, frm, seat))
    artifact.holder = seat
    chronicle.record(rules, g, Moved(TransferKind.STORYTELLER_MOVE, frm, seat))
