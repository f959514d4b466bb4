"""Sects & Violets' night in the walker: the storyteller's night (``StorytellerNight``: the
order, the reminders, Minion and Demon info), with every choice recorded and acted on: the
Philosopher's gained ability, the Snake Charmer's swap, the Witch's curse, the Cerenovus's
madness, the Pit-Hag's changes and arbitrary deaths, the Demons' kills (the Fang Gu's jump, the
Vigormortis's kept Minions), the Barber's haircut, the Sweetheart's drunk, and the information
characters' truths (false under the Vortox), the Mathematician's count last."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import attrs

from grimoire.core.happenings import NoEffect
from grimoire.core.model import Alignment, Expiry, GameState, InfoRecord, Seat
from grimoire.core.script import Script, Team
from grimoire.rules import chronicle
from grimoire.rules import tokens as tk
from grimoire.rules.prompts import ack, choose
from grimoire.rules.snv import CHARACTERS, DEMONS, GAINED, OUTSIDERS, TOWNSFOLK, TWIN, step_key, truths
from grimoire.rules.snv.changes import NO_ABILITY, become, sync
from grimoire.rules.snv.deaths import JUMP, attempt, demon_kill, in_play
from grimoire.rules.snv.end import check_end
from grimoire.rules.snv.happenings import Gained, InPlay, Maddened, NotTheDemon
from grimoire.rules.snv.impair import nearest_townsfolk, sources, state, team, vortox, works
from grimoire.rules.snv.state import Curse
from grimoire.rules.snv.told import is_true as told_is_true
from grimoire.rules.status import alive_count, impaired, impaired_why
from grimoire.rules.storyteller_night import StorytellerNight
from night_order import AnswerKind, Prompt, StepStatus

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

Steps = Generator[Prompt, Any, None]

NONE = "none"
CURSED, MAD = "Cursed", "Mad"
GOOD = tuple(sorted((*TOWNSFOLK, *OUTSIDERS)))
# Minions whose ability a dead player kept by the Vigormortis still uses at night.
KEPT_STEPS = ("witch", "cerenovus", "pithag")


def or_none(prompt: Prompt) -> Prompt:
    """A choice of players the player might not make: "none" answers it too."""
    check = prompt.check
    return attrs.evolve(prompt, check=lambda value: None if value == NONE else check(value))


class SectsAndVioletsNight(StorytellerNight):
    def __init__(self, rules: ScriptRules, g: GameState, script: Script) -> None:
        super().__init__(rules, g, script)
        self.st = state(g)
        self.arbitrary_asked = False
        self.acted: set[str] = set()  # the steps of tonight whose choices are made (the Demons' kills)
        self._dusk()

    # --- dusk: the day read, the curse and madness over ----------------------------------
    def _dusk(self) -> None:
        g, st = self.g, self.st
        day = next((d for d in reversed(g.days) if d.number == g.night - 1), None) if not self.first else None
        st.demon_voted = any(team(g, v) is Team.DEMON for n in (day.nominations if day else ())
                             for v in (n.votes or ()))
        st.minion_nominated = st.minion_nominated and day is not None
        if st.curse is not None and st.curse.night < g.night:
            self._uncurse(Expiry.NEXT_DUSK.value)
        for seat, (_character, night) in list(st.mad.items()):
            if night < g.night:
                del st.mad[seat]
                token = tk.find(g, MAD, seat)
                if token is not None:
                    tk.remove(self.rules, g, token, Expiry.NEXT_DUSK.value)
        st.demon_killed = {}
        st.arbitrary = False
        st.false_info = []

    def _uncurse(self, why: str) -> None:
        g, st = self.g, self.st
        st.curse = None
        token = tk.find(g, CURSED)
        if token is not None:
            tk.remove(self.rules, g, token, why)

    # --- whether a step wakes -------------------------------------------------------------
    def gained(self, step: str) -> list[int]:
        """The Philosophers who gained ``step``'s ability and wake for it (alive, still the Philosopher,
        and not spent: the Seamstress's is once per game)."""
        return [p for p, c in self.st.philosopher.items() if c == step and self.g.seats[p].alive
                and self.g.seats[p].character == "philosopher" and (p, step) not in self.st.spent
                and (step != "juggler" or p in self.st.juggled)]  # the Juggler's: after guessing today

    def _asleep(self, step: str, seat: Seat) -> str:
        """Why the player of ``step``'s character does not wake for it tonight ("": they wake)."""
        g, st = self.g, self.st
        if step == "sweetheart":  # her drunk is asked at her death, wherever it happens (``owed``)
            return "the Sweetheart never wakes: her drunk is chosen when she dies"
        if step == "sage":
            if seat.index in st.demon_killed:
                return ""
            return ("only if a Demon kills the Sage tonight" if self._demons_ahead()
                    else "the Demon did not kill the Sage tonight")
        if not seat.alive and not (step in KEPT_STEPS and self._kept_now(seat.index)):
            return "dead"
        if step in ("philosopher", "seamstress") and (seat.index, step) in st.spent:
            return "the ability is spent"
        if step == "witch" and alive_count(g, include_travellers=False) <= 3:
            return "3 or fewer players alive: the Witch has lost her ability"
        if step == "juggler" and seat.index not in st.juggled:
            return "no guesses by the Juggler today"
        return ""

    def status(self, step: str) -> StepStatus:
        st = self.st
        if step in self.visitors or step in ("dusk", "dawn", "minioninfo", "demoninfo"):
            return super().status(step)
        if step == "vigormortis" and self._arbitrary_pending():
            return StepStatus.wake()
        if step == "barber":
            if st.barber_owed and self._demon() is not None:
                return StepStatus.wake()
            if not self.holders(step):
                return StepStatus.skip("not in play")
            return StepStatus.skip("only if a sober Barber dies tonight" if self._demons_ahead() and not st.barber_owed
                                   else "no sober Barber died since the last night")
        if self.gained(step):
            return StepStatus.wake()
        seat = self.waking(step)
        if seat is None:
            return StepStatus.skip("not in play")
        why = self._asleep(step, seat)
        return StepStatus.skip(why) if why else StepStatus.wake()

    def _demons_ahead(self) -> bool:
        """Whether a Demon's step of tonight is still to come (or under way): until then the
        steps that follow a Demon's kill (the Sage's, the Barber's) are not yet decided."""
        skipped = self.g.nights[-1].skipped
        return any(step not in self.acted and step not in skipped for step in self.order() if step in DEMONS)

    def _kept_now(self, x: int) -> bool:
        from grimoire.rules.snv.impair import kept

        return kept(self.g, x)

    def _arbitrary_pending(self) -> bool:
        return self.st.arbitrary and not self.arbitrary_asked

    def waking(self, step: str) -> Seat | None:
        found = [s for s in self.g.seats if s.character == step and not s.traveller]
        return next((s for s in found if s.alive), found[0] if found else None)

    def _demon(self) -> Seat | None:
        return next((s for s in self.g.seats if s.alive and not s.traveller and team(self.g, s.index) is Team.DEMON),
                    None)

    def run(self, step: str) -> Steps:
        handler = getattr(self, f"snv_{step}", None)
        if step in self.visitors or handler is None:
            yield from super().run(step)
            return
        self.running = step
        if step == "barber":
            yield from self.snv_barber(step)
            return
        gained = self.gained(step)
        seat = self.waking(step)
        if seat is not None and not self._asleep(step, seat):
            yield from handler(step)
        if step == "vigormortis" and self._arbitrary_pending() and self.g.winner is None:
            yield from self._arbitrary_deaths()
        self.acted.add(step)
        for p in gained:
            if self.g.winner is not None:
                return
            yield from handler(step, self.g.seats[p])
        sync(self.rules, self.g)

    # --- helpers ---------------------------------------------------------------------------
    def _key(self, step: str, seat: Seat) -> str:
        return step if seat.character == step else f"philosopher_{step}"

    def _me(self, step: str, seat: Seat | None) -> Seat:
        if seat is None:
            seat = self.waking(step)
            assert seat is not None
        self.g.nights[-1].mark_woke(step)
        return seat

    def _choose(self, step: str, seat: Seat, question: str, rule: Any = None, key: str | None = None,
                **kw: Any) -> Prompt:
        g = self.g
        return choose(g, step, self.title(step), self.reminder(step), key=key or self._key(step, seat),
                      rule=rule or (lambda _q: None), wake=(seat.index,),
                      question=f"Wake {seat.name} (the {self.script.character(seat.character).name}): {question}",
                      impaired=impaired(self.rules, g, seat.index), impaired_why=impaired_why(self.rules, g, seat.index),
                      **kw)

    def _tell(self, step: str, seat: Seat, truth: Any, text: str, about: tuple[int, ...] = ()) -> Steps:
        g, st = self.g, self.st
        key = self._key(step, seat)
        flagged = impaired(self.rules, g, seat.index)
        record = InfoRecord(step, seat.index, truth, flagged, about=about, occasion=GAINED if key != step else "")
        g.nights[-1].add_info(record)
        false = team(g, seat.index) is Team.TOWNSFOLK and vortox(g)
        notes = ("The Vortox: every Townsfolk's information is false: give a false answer.",) if false else ()
        if false:
            st.false_info.append(key)
            st.false_by_night[g.night] = (*st.false_by_night.get(g.night, ()), key)
            st.abnormal.add(seat.index)
        yield ack(step, self.title(step), self.reminder(step), wake=(seat.index,),
                  question=f"Wake {seat.name} (the {self.script.character(seat.character).name}).", truth=truth,
                  truth_text=text, impaired=flagged, notes=notes,
                  impaired_why=impaired_why(self.rules, g, seat.index) if flagged else "", informs=record)
        told = next((r.told for r in reversed(g.nights[-1].info) if r.character == step and r.seat == seat.index), None)
        if flagged and told is not None and not told_is_true(record, told) and not false:
            st.abnormal.add(seat.index)

    def _for_nothing(self, character: str, seat: int, about: int | None, option: str = "") -> None:
        """A drunk or poisoned player's choice did nothing: logged, and counted by the Mathematician."""
        chronicle.note(self.g, NoEffect(character, seat, "impaired", about=about, impaired=sources(self.g, seat),
                                        option=option))
        self.st.abnormal.add(seat)

    def _won(self) -> bool:
        check_end(self.g)
        return self.g.winner is not None

    # --- dawn ------------------------------------------------------------------------------
    def at_dawn(self) -> None:
        st = self.st
        st.abnormal = set()
        st.juggled = {}
        st.minion_nominated = False
        sync(self.rules, self.g)
        check_end(self.g)

    # --- the Townsfolk ---------------------------------------------------------------------
    def snv_philosopher(self, step: str, seat: Seat | None = None) -> Steps:
        g, st = self.g, self.st
        seat = self._me(step, seat)
        choice = yield self._choose(step, seat, "they may choose a good character (or none).", kind=AnswerKind.CHOICE,
                                    options=(NONE, *GOOD), rule=lambda _q: "a character, not a player")
        if choice == NONE:
            return
        st.spent.add((seat.index, step))
        tk.place(self.rules, g, NO_ABILITY, step, seat.index, Expiry.PERMANENT)
        if not works(g, seat.index):
            self._for_nothing(step, seat.index, None, option=choice)
            return
        st.philosopher[seat.index] = choice
        if choice == "juggler":  # their first day as the Juggler is tomorrow
            st.juggler_day[seat.index] = g.night
        chronicle.record(self.rules, g, Gained(seat.index, choice))
        sync(self.rules, g)
        if choice == "clockmaker" and not self.first:  # "you start knowing": used at once
            yield from self.snv_clockmaker("clockmaker", seat)

    def snv_clockmaker(self, step: str, seat: Seat | None = None) -> Steps:
        seat = self._me(step, seat)
        truth = truths.clockmaker(self.g)
        yield from self._tell(step, seat, truth, f"{truth} (the fewest seats from the Demon to a Minion)")

    def snv_dreamer(self, step: str, seat: Seat | None = None) -> Steps:
        g = self.g
        seat = self._me(step, seat)
        me = seat.index
        x = yield self._choose(step, seat, "they choose a player (not themself).",
                               rule=lambda q: "another player" if q == me else None)
        character = g.seats[x].character
        yield from self._tell(step, seat, character, f"{g.name(x)} is the "
                              f"{self.script.character(character).name} (show it with one of the other kind)",
                              about=(x,))

    def snv_snakecharmer(self, step: str, seat: Seat | None = None) -> Steps:
        g, st = self.g, self.st
        seat = self._me(step, seat)
        x = yield self._choose(step, seat, "they choose a living player.",
                               rule=lambda q: None if g.seats[q].alive else "a living player")
        if x == seat.index or team(g, x) is not Team.DEMON:
            chronicle.note(g, NotTheDemon(seat.index, x))
            return
        if not works(g, seat.index):
            self._for_nothing(step, seat.index, x)
            return
        me = seat.index
        mine, theirs = g.seats[me], g.seats[x]
        st.philosopher.pop(me, None)
        old = mine.character
        become(self.rules, g, me, theirs.character, "snakecharmer", alignment=theirs.alignment)
        become(self.rules, g, x, old, "snakecharmer", alignment=Alignment.GOOD)
        st.snake_poisoned.add(x)
        tk.place(self.rules, g, "Poisoned", "snakecharmer", x, Expiry.PERMANENT)
        sync(self.rules, g)
        self._won()

    def snv_seamstress(self, step: str, seat: Seat | None = None) -> Steps:
        g, st = self.g, self.st
        seat = self._me(step, seat)
        me = seat.index
        pair = yield or_none(self._choose(step, seat, "they may choose two players (not themself).",
                                          kind=AnswerKind.PLAYERS, count=2, options=(NONE,),
                                          rule=lambda q: "another player" if q == me else None))
        if pair == NONE:
            return
        a, b = pair
        st.spent.add((me, "seamstress"))
        owner = "seamstress" if seat.character == "seamstress" else "philosopher"
        # A Philosopher's seat has the No Ability its choice placed: one token says it (the card
        # tells which of the two abilities are spent).
        if not any(t.name == NO_ABILITY and t.owner == owner for t in g.tokens_on(me)):
            tk.place(self.rules, g, NO_ABILITY, owner, me, Expiry.PERMANENT)
        truth = truths.seamstress(g, a, b)
        yield from self._tell(step, seat, truth, f"{truth}: {g.name(a)} and {g.name(b)}", about=(a, b))

    def snv_oracle(self, step: str, seat: Seat | None = None) -> Steps:
        seat = self._me(step, seat)
        truth = truths.oracle(self.g)
        are = "dead player is" if truth == 1 else "dead players are"
        yield from self._tell(step, seat, truth, f"{truth} {are} evil")

    def snv_flowergirl(self, step: str, seat: Seat | None = None) -> Steps:
        seat = self._me(step, seat)
        truth = "yes" if self.st.demon_voted else "no"
        yield from self._tell(step, seat, truth, f"{truth}: a Demon {'voted' if truth == 'yes' else 'did not vote'} today")

    def snv_towncrier(self, step: str, seat: Seat | None = None) -> Steps:
        seat = self._me(step, seat)
        truth = "yes" if self.st.minion_nominated else "no"
        yield from self._tell(step, seat, truth,
                              f"{truth}: a Minion {'nominated' if truth == 'yes' else 'did not nominate'} today")

    def snv_juggler(self, step: str, seat: Seat | None = None) -> Steps:
        seat = self._me(step, seat)
        truth = self.st.juggled.get(seat.index, 0)
        yield from self._tell(step, seat, truth, f"{truth} of today's guesses {'was' if truth == 1 else 'were'} correct")

    def snv_sage(self, step: str, seat: Seat | None = None) -> Steps:
        seat = self._me(step, seat)
        demon = self.st.demon_killed.get(seat.index)
        if demon is None:
            return
        # The Sage chooses no-one: they are shown the Demon's player (with one other), so the
        # record names nobody they chose.
        yield from self._tell(step, seat, demon, f"{self.g.name(demon)} (show them with one other player)")

    def snv_mathematician(self, step: str, seat: Seat | None = None) -> Steps:
        g, st = self.g, self.st
        seat = self._me(step, seat)
        wrong = set(st.abnormal)
        for record in g.nights[-1].info:
            if record.seat is None:
                continue
            if step_key(record.character, record.occasion) in st.false_info or (record.impaired and record.told is not None
                                                     and not told_is_true(record, record.told)):
                wrong.add(record.seat)
        wrong.discard(seat.index)
        truth = len(wrong)
        whose = "player's ability" if truth == 1 else "players' abilities"
        since = "tonight" if self.first else "since dawn"  # night 1 counts from the setup: no dawn yet
        yield from self._tell(step, seat, truth, f"{truth} {whose} worked abnormally {since}")

    # --- the Outsiders ---------------------------------------------------------------------
    def snv_barber(self, step: str, seat: Seat | None = None) -> Steps:
        g, st = self.g, self.st
        st.barber_owed = False
        demon = self._demon()
        assert demon is not None
        g.nights[-1].mark_woke(step)
        pair = yield or_none(choose(
            g, step, self.title(step), self.reminder(step), key="barber", kind=AnswerKind.PLAYERS, count=2,
            options=(NONE,), rule=lambda _q: None, wake=(demon.index,),
            whole=lambda two: "at most one of the two may be a Demon" if sum(
                team(g, x) is Team.DEMON for x in two) > 1 else None,
            question=f"Wake {demon.name} (the Demon): the Barber died; they may choose two players "
                     "who swap characters (at most one a Demon)."))
        if pair == NONE:
            return
        a, b = pair
        ca, cb = g.seats[a].character, g.seats[b].character
        become(self.rules, g, a, cb, "barber")
        become(self.rules, g, b, ca, "barber")
        self._won()

    # --- the Minions -----------------------------------------------------------------------
    def snv_eviltwin(self, step: str, seat: Seat | None = None) -> Steps:
        g, st = self.g, self.st
        seat = self._me(step, seat)
        twin = st.twin
        wake = (seat.index,) if twin is None else (seat.index, twin)
        yield ack(step, self.title(step), self.reminder(step), wake=wake,
                  question=f"Wake {seat.name} (the Evil Twin) and {g.name(twin)}: they learn each other.")

    def snv_witch(self, step: str, seat: Seat | None = None) -> Steps:
        g, st = self.g, self.st
        seat = self._me(step, seat)
        x = yield self._choose(step, seat, "they choose a player: cursed tomorrow (dies if they nominate).")
        self._uncurse("moved")
        st.curse = Curse(x, seat.index, works(g, seat.index), g.night)
        tk.place(self.rules, g, CURSED, step, x, Expiry.NEXT_DUSK)  # cursed tomorrow only

    def snv_cerenovus(self, step: str, seat: Seat | None = None) -> Steps:
        g, st = self.g, self.st
        seat = self._me(step, seat)
        x, character = yield self._choose(step, seat, "they choose a player and a good character: mad tomorrow.",
                                          kind=AnswerKind.OPTION_AND_PLAYER, options=GOOD, option_noun="character",
                                          player_first=True, pair_words="{player} mad as the {option}")
        if not works(g, seat.index):
            self._for_nothing(step, seat.index, x, option=character)
            return
        st.mad[x] = (character, g.night)
        chronicle.note(g, Maddened(seat.index, x, character))
        if tk.find(g, MAD, x) is None:
            tk.place(self.rules, g, MAD, step, x, Expiry.NEXT_DUSK)  # mad tomorrow only

    def snv_pithag(self, step: str, seat: Seat | None = None) -> Steps:
        g, st = self.g, self.st
        seat = self._me(step, seat)
        x, character = yield self._choose(step, seat, "they choose a player and a character.",
                                          kind=AnswerKind.OPTION_AND_PLAYER, options=tuple(sorted(CHARACTERS)),
                                          option_noun="character", player_first=True,
                                          pair_words="{player} to become the {option}")
        if in_play(g, character):
            chronicle.note(g, InPlay(seat.index, x, character))
            return
        if not works(g, seat.index):
            self._for_nothing(step, seat.index, x, option=character)
            return
        become(self.rules, g, x, character, "pithag")
        if character in DEMONS:
            st.arbitrary = True
        if character == "eviltwin":
            me = x
            twin = yield choose(g, step, self.title(step), self.reminder(step), key="twin",
                                rule=lambda q: None if g.seats[q].alignment is not g.seats[me].alignment
                                else "a player of the other alignment",
                                question="The new Evil Twin: choose their twin, a player of the other alignment.")
            old = tk.find(g, TWIN)
            if old is not None:
                tk.remove(self.rules, g, old, "moved")
            st.twin = twin
            tk.place(self.rules, g, TWIN, "eviltwin", twin, Expiry.PERMANENT)
        self._won()

    # --- the Demons ------------------------------------------------------------------------
    def _demon_choice(self, step: str, seat: Seat) -> Generator[Prompt, Any, int]:
        x = yield self._choose(step, seat, "they choose a player.")
        return int(x)

    def _kill(self, step: str, seat: Seat, x: int) -> Steps:
        g, st = self.g, self.st
        if st.arbitrary:
            return
        if not works(g, seat.index):
            if g.seats[x].alive:
                self._for_nothing(step, seat.index, x)
            return
        if not g.seats[x].alive:
            return
        if (step == "fanggu" and team(g, x) is Team.OUTSIDER and not st.fanggu_jumped):
            st.fanggu_jumped = True
            become(self.rules, g, x, "fanggu", "fanggu", alignment=Alignment.EVIL)
            attempt(self.rules, g, seat.index, JUMP)  # the old Fang Gu dies instead: no kill of theirs
            yield from self.owed()
            self._won()
            return
        minion = team(g, x) is Team.MINION
        demon_kill(self.rules, g, x, seat.index, step)
        if self._won():  # no further prompt once a team has won
            return
        if step == "vigormortis" and minion:
            near = nearest_townsfolk(g, x)
            poisoned = None
            if near:
                poisoned = yield choose(g, step, self.title(step), self.reminder(step), key="vigormortis_poison",
                                        rule=lambda q: None if q in near else "the Minion's nearest Townsfolk",
                                        question=f"{g.name(x)}, a Minion, keeps their ability: which of their "
                                                 "nearest Townsfolk is poisoned?")
            st.kept[x] = poisoned
            sync(self.rules, g)
        yield from self.owed()
        self._won()

    def _demon_step(self, step: str, seat: Seat | None = None) -> Steps:
        seat = self._me(step, seat)
        x = yield from self._demon_choice(step, seat)
        yield from self._kill(step, seat, x)

    snv_fanggu = _demon_step
    snv_nodashii = _demon_step
    snv_vortox = _demon_step
    snv_vigormortis = _demon_step

    def _arbitrary_deaths(self) -> Steps:
        """The storyteller names everyone who dies tonight, one at a time, then none."""
        g = self.g
        self.arbitrary_asked = True
        while g.winner is None:
            x = yield choose(g, "pithag", "Pit-Hag", self.reminder("pithag"), key="pithag_deaths",
                             kind=AnswerKind.CHOICE, options=(NONE,), rule=lambda q: None if g.seats[q].alive
                             else "a living player",
                             question="The Pit-Hag made a Demon tonight: who dies tonight? Name them one at a time, "
                                      "then none (the storyteller's choice).")
            if x == NONE:
                return
            attempt(self.rules, g, x, "pithag")
            yield from self.owed()
            self._won()

    # --- what a death asks at once ------------------------------------------------------------
    def owed(self) -> Steps:
        """The Sweetheart's drunk, asked at once when a sober Sweetheart died."""
        g, st = self.g, self.st
        while st.sweetheart_owed and not self._won():  # no further prompt once a team has won
            st.sweetheart_owed.pop(0)
            x = yield choose(g, "sweetheart", "Sweetheart", "", key="sweetheart", rule=lambda _q: None,
                             question="The Sweetheart died: choose a player, drunk for the rest of the game.")
            st.sweetheart_drunk.add(x)
            tk.place(self.rules, g, "Drunk", "sweetheart", x, Expiry.PERMANENT)
            sync(self.rules, g)
