"""Bad Moon Rising's night in the walker: the storyteller's night (``StorytellerNight``: the
order, the reminders, Minion and Demon info), with every choice recorded and acted on: the
drunkenness of the Sailor, the Innkeeper, the Courtier and the Goon, the Pukka's poison and its
delayed death, the Demons' kills (two for the Shabaloth, three for a charged Po), the
protections, the Professor and the regurgitation, and the information characters' truths."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import attrs

from grimoire.core.happenings import NoEffect, Spared
from grimoire.core.model import Alignment, Expiry, GameState, InfoRecord, Seat
from grimoire.core.script import Script, Team
from grimoire.rules import chronicle
from grimoire.rules import tokens as tk
from grimoire.rules.bmr import GRANDCHILD, truths
from grimoire.rules.bmr.deaths import NO_ABILITY, appears_alive, attempt, holder, team
from grimoire.rules.bmr.end import check_end
from grimoire.rules.bmr.happenings import Chose
from grimoire.rules.bmr.impair import begin, end, expiry, sources, state, works
from grimoire.rules.bmr.state import DRUNK, POISONED, Span
from grimoire.rules.deaths import revive
from grimoire.rules.prompts import ack, choose
from grimoire.rules.status import impaired, impaired_why
from grimoire.rules.storyteller_night import StorytellerNight
from night_order import AnswerKind, Prompt, StepStatus

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

Steps = Generator[Prompt, Any, None]
DUSK = Expiry.NEXT_DUSK.value  # the removal of a reminder that goes at dusk (the recap's "Tokens expired")

NONE, YES, NO = "none", "yes", "no"
ADVOCATE, ATTACKS, DRUNK_TOKEN, POISONED_TOKEN = "Survives Execution", "3 Attacks", "Drunk", "Poisoned"
# Steps whose every waking counts as "due to their own ability" for the Chambermaid, once the step wakes.
DEMONS = ("zombuul", "pukka", "shabaloth", "po")


def courtier_token(night: int, until: int) -> str:
    return f"Drunk {night - (until - 3) + 1}"


class BadMoonRisingNight(StorytellerNight):
    def __init__(self, rules: ScriptRules, g: GameState, script: Script) -> None:
        super().__init__(rules, g, script)
        self.st = state(g)
        self._dusk()

    # --- dusk: the spans that end -------------------------------------------------------------
    def _dusk(self) -> None:
        g, st = self.g, self.st
        # The reminders that go at dusk go together (the log and the recap tell them in one
        # line): the Devil's Advocate's, then the spans', the Courtier's last (its No Ability follows).
        token = tk.find(g, ADVOCATE)
        if token is not None:
            tk.remove(self.rules, g, token, DUSK)
        over = [s for s in st.spans if s.until is not None and s.until <= g.night]
        for span in sorted(over, key=lambda s: s.owner == "courtier"):
            end(self.rules, g, span, DUSK)
        for span in [s for s in st.spans if s.owner == "courtier" and s.token]:
            self._count_courtier(span)
        st.advocate = None
        st.guests = ()
        st.exorcised = None
        st.goon_chosen = False
        st.woke = set()
        st.demon_killed = set()

    def _count_courtier(self, span: Span) -> None:
        g, st = self.g, self.st
        name = courtier_token(g.night, span.until or 0)
        token = next((t for t in g.tokens if t.owner == "courtier" and t.seat == span.target), None)
        if token is None or token.name == name:
            return
        tk.remove(self.rules, g, token, "dusk")
        at = st.spans.index(span)
        st.spans[at] = attrs.evolve(span, token=name)
        tk.place(self.rules, g, name, "courtier", span.target if span.target is not None else span.source,
                 expiry(g, span))

    # --- whether a step wakes -------------------------------------------------------------
    def status(self, step: str) -> StepStatus:
        g, st = self.g, self.st
        if step in self.visitors or step in ("dusk", "dawn", "minioninfo", "demoninfo"):
            return super().status(step)
        seat = self.waking(step)
        if seat is None:
            return StepStatus.skip("not in play")
        if step == "moonchild":
            if st.moonchild is not None and st.moonchild[2] == g.night:
                return StepStatus.wake()
            return StepStatus.skip("the Moonchild chose no-one for tonight")
        if not seat.alive:
            return StepStatus.skip("dead")
        why = self._asleep(step, seat)
        return StepStatus.skip(why) if why else StepStatus.wake()

    def _asleep(self, step: str, seat: Seat) -> str:
        """Why a living player's step does not wake tonight ("": it wakes)."""
        g, st = self.g, self.st
        if step in ("courtier", "assassin", "professor") and step in st.spent:
            return "the ability is spent"
        if step == "lunatic":
            if self.first:  # the Pukka chooses on night 1 too: a Pukka-Lunatic wakes to choose
                return "" if self._players() >= 7 or st.lunatic == "pukka" else "fewer than 7 players"
            return "someone died today: the Zombuul would not wake" if (st.lunatic == "zombuul" and st.died_today) else ""
        if step == "zombuul":
            if st.died_today:
                return "someone died today"
            return "exorcised" if st.exorcised == seat.index else ""
        if step in ("shabaloth", "po") and st.exorcised == seat.index and not self._may_regurgitate(seat):
            return "exorcised"
        if step == "godfather" and not self.first and not st.outsider_died_today:
            return "no Outsider died today"
        if step == "gossip":
            if st.gossip_true != g.night - 1:
                return "no true statement by the Gossip today"
            return "" if works(g, seat.index) else "drunk or poisoned: no-one dies"
        if step == "tinker" and not works(g, seat.index):
            return "drunk or poisoned: the Tinker cannot die by their ability"
        if step == "grandmother" and not self.first:
            killed = st.grandchild is not None and st.grandchild in st.demon_killed
            if not killed:
                return "the Demon did not kill the grandchild tonight"
            return "" if works(g, seat.index) else "drunk or poisoned: she does not die"
        if step == "chambermaid":
            others = [s for s in g.seats if s.index != seat.index and not s.traveller and appears_alive(g, s.index)]
            return "" if len(others) >= 2 else "fewer than two other players appear alive"
        return ""

    def _players(self) -> int:
        return sum(1 for s in self.g.seats if not s.traveller)

    def holders(self, step: str) -> list[Seat]:
        """The players of the step's character: a Lunatic wakes at their own step, never at the
        Demon's they think they are (whose step is not in play when no one is that Demon)."""
        return [s for s in self.g.seats if not s.traveller and s.character == step]

    def waking(self, step: str) -> Seat | None:
        found = [s for s in self.g.seats if s.character == step and not s.traveller]
        return next((s for s in found if s.alive), found[0] if found else None)

    def run(self, step: str) -> Steps:
        handler = getattr(self, f"bmr_{step}", None)
        if handler is None or step in self.visitors:
            yield from super().run(step)
            return
        self.running = step
        yield from handler(step)

    # --- helpers ---------------------------------------------------------------------------
    def _seat(self, step: str, own: bool = True) -> Seat:
        seat = self.waking(step)
        assert seat is not None
        self.g.nights[-1].mark_woke(step)
        if own:
            self.st.woke.add(seat.index)
        return seat

    def _choose(self, step: str, seat: Seat, question: str, rule: Any = None, key: str | None = None,
                **kw: Any) -> Prompt:
        g = self.g
        return choose(g, step, self.title(step), self.reminder(step), key=key or step, rule=rule or (lambda _q: None),
                      wake=(seat.index,), question=f"Wake {seat.name} ({self._who(seat, step)}): {question}",
                      impaired=impaired(self.rules, g, seat.index), impaired_why=impaired_why(self.rules, g, seat.index), **kw)

    def _tell(self, step: str, seat: Seat, truth: Any, text: str, about: tuple[int, ...] = ()) -> Prompt:
        g = self.g
        flagged = impaired(self.rules, g, seat.index)
        record = InfoRecord(step, seat.index, truth, flagged, about=about)
        g.nights[-1].add_info(record)
        return ack(step, self.title(step), self.reminder(step), wake=(seat.index,),
                   question=f"Wake {seat.name} ({self._who(seat, step)}).", truth=truth, truth_text=text,
                   impaired=flagged, impaired_why=impaired_why(self.rules, g, seat.index) if flagged else "", informs=record)

    def _last(self, step: str) -> tuple[int, ...]:
        """The step's choice last night (nothing if it chose on no night before this one)."""
        st = self.st
        return st.chosen.get(step, ()) if st.chosen_night.get(step) == self.g.night - 1 else ()

    def _remember(self, step: str, chosen: tuple[int, ...]) -> None:
        self.st.chosen[step] = chosen
        self.st.chosen_night[step] = self.g.night

    def _goon(self, chooser: int, target: int) -> bool:
        """The Goon chosen: the first chooser tonight is drunk until dusk and the Goon takes
        their alignment; True when that made the choice fail."""
        g, st = self.g, self.st
        goon = holder(g, "goon")
        if goon is None or target != goon or st.goon_chosen or not works(g, goon):
            return False
        st.goon_chosen = True
        alignment = g.seats[chooser].alignment
        turns = g.seats[goon].alignment is not alignment
        if turns:
            g.replace_seat(goon, alignment=alignment)
        chronicle.note(g, NoEffect("goon", chooser, f"goon_{alignment.value}" if turns else "goon", about=goon))
        begin(self.rules, g, Span(DRUNK, "goon", goon, chooser, until=g.night + 1, own=False, token=DRUNK_TOKEN))
        return True

    def _impaired_choice(self, character: str, seat: int, about: int | None) -> None:
        chronicle.note(self.g, NoEffect(character, seat, "impaired", about=about, impaired=sources(self.g, seat)))

    def _won(self) -> bool:
        check_end(self.g)
        return self.g.winner is not None

    def _drunk_one(self, step: str, key: str, seat: Seat, pair: tuple[int, int], until: int) -> Steps:
        """The storyteller picks which of the two is drunk until dusk."""
        g = self.g
        a, b = pair
        drunk = yield choose(g, step, self.title(step), self.reminder(step), key=key,
                             rule=lambda q: None if q in pair else f"{g.name(a)} or {g.name(b)}",
                             question=f"Which is drunk until dusk: {g.name(a)} or {g.name(b)}?")
        begin(self.rules, g, Span(DRUNK, step, seat.index, drunk, until=until, own=drunk == seat.index, token=DRUNK_TOKEN))

    # --- dusk and dawn -------------------------------------------------------------------
    def dawn_notes(self) -> list[str]:
        g = self.g
        seen = [h.seat for h in g.nights[-1].happenings if isinstance(h, Spared) and h.why == "registers_dead"]
        return [f"Announce {g.name(x)} dead: the Zombuul registers as dead, but lives (no shroud)." for x in seen]

    def at_dawn(self) -> None:
        st = self.st
        st.died_today = False
        st.outsider_died_today = False
        check_end(self.g)

    # --- the Townsfolk -------------------------------------------------------------------
    def bmr_sailor(self, step: str) -> Steps:
        g = self.g
        seat = self._seat(step)
        x = yield self._choose(step, seat, "they choose a living player.",
                               rule=lambda q: None if appears_alive(g, q) else "the Sailor chooses a living player")
        if x == seat.index:
            chronicle.note(g, Chose(step, seat.index, (x,)))
            if works(g, seat.index):
                begin(self.rules, g, Span(DRUNK, step, seat.index, x, until=g.night + 1, own=True, token=DRUNK_TOKEN))
            return
        sober = works(g, seat.index)
        if self._goon(seat.index, x):
            return
        if not sober:
            self._impaired_choice(step, seat.index, x)
            return
        chronicle.note(g, Chose(step, seat.index, (x,)))
        yield from self._drunk_one(step, "sailor_drunk", seat, (seat.index, x), g.night + 1)

    def bmr_courtier(self, step: str) -> Steps:
        g, st = self.g, self.st
        seat = self._seat(step)
        options = (NONE, *sorted(c.id for c in self.script.characters if c.team in
                                 (Team.TOWNSFOLK, Team.OUTSIDER, Team.MINION, Team.DEMON)))
        choice = yield self._choose(step, seat, "they may choose a character (or none).", kind=AnswerKind.CHOICE,
                                    options=options, rule=lambda _q: "a character, not a player")
        if choice == NONE:
            return
        st.spent.add(step)
        target = holder(g, choice)
        sober = works(g, seat.index)
        if target is not None and choice == "goon" and self._goon(seat.index, target):
            tk.place(self.rules, g, NO_ABILITY, step, seat.index, Expiry.PERMANENT)
            return
        if target is None or not sober:
            if not sober:
                self._impaired_choice(step, seat.index, target)
            tk.place(self.rules, g, NO_ABILITY, step, seat.index, Expiry.PERMANENT)
            return
        until = g.night + 3
        begin(self.rules, g, Span(DRUNK, step, seat.index, target, until=until, token=courtier_token(g.night, until)))

    def bmr_innkeeper(self, step: str) -> Steps:
        g, st = self.g, self.st
        seat = self._seat(step)
        pair = yield self._choose(step, seat, "they choose two players (themself allowed): neither can die tonight.",
                                  kind=AnswerKind.PLAYERS, count=2)
        sober = works(g, seat.index)
        if any(self._goon(seat.index, x) for x in pair):
            return
        if not sober:
            self._impaired_choice(step, seat.index, pair[0])
            return
        st.guests = (pair[0], pair[1])
        chronicle.note(g, Chose(step, seat.index, st.guests))
        yield from self._drunk_one(step, "innkeeper_drunk", seat, (pair[0], pair[1]), g.night + 1)

    def bmr_gambler(self, step: str) -> Steps:
        g = self.g
        seat = self._seat(step)
        options = tuple(sorted(c.id for c in self.script.characters))
        guess = yield self._choose(step, seat, "they choose a player and guess their character.",
                                   kind=AnswerKind.OPTION_AND_PLAYER, options=options, option_noun="character",
                                   player_first=True, pair_words="{player} as the {option}")
        x, character = guess
        sober = works(g, seat.index)
        if self._goon(seat.index, x):
            return
        if not sober:
            self._impaired_choice(step, seat.index, x)
            return
        if g.seats[x].character != character:
            attempt(self.rules, g, seat.index, "gambler")
            self._won()
        else:
            chronicle.note(g, Chose(step, seat.index, (x,), guess=character))

    def bmr_exorcist(self, step: str) -> Steps:
        g, st = self.g, self.st
        seat = self._seat(step)
        last = self._last(step)
        x = yield self._choose(step, seat, "they choose a player (not last night's).",
                               rule=lambda q: "not the player chosen last night" if q in last else None)
        self._remember(step, (x,))
        sober = works(g, seat.index)
        if self._goon(seat.index, x):
            return
        if not sober or not g.seats[x].alive or team(g, x) is not Team.DEMON:
            return
        st.exorcised = x
        demon = g.seats[x]
        record = InfoRecord(step, x, seat.index, False, about=(x,))
        g.nights[-1].add_info(record)
        yield ack(step, self.title(step), self.reminder(step), wake=(x,),
                  question=f"Wake {demon.name} (the Demon): show them the Exorcist token and point to {seat.name}. "
                           "The Demon does not wake tonight.",
                  truth=seat.index, truth_text=f"{seat.name} is the Exorcist", informs=record)

    def bmr_gossip(self, step: str) -> Steps:
        g = self.g
        seat = self._seat(step, own=False)
        x = yield choose(g, step, self.title(step), self.reminder(step), key=step, rule=lambda _q: None,
                         question=f"{seat.name}'s statement today was true: choose a player who dies.")
        attempt(self.rules, g, x, "gossip")
        self._won()

    def bmr_professor(self, step: str) -> Steps:
        g, st = self.g, self.st
        seat = self._seat(step)
        choice = yield self._choose(step, seat, "they may choose a dead player (or none).", kind=AnswerKind.CHOICE,
                                    options=(NONE,),
                                    rule=lambda q: None if not g.seats[q].alive or q in st.registers_dead
                                    else "a dead player")
        if choice == NONE:
            return
        st.spent.add(step)
        tk.place(self.rules, g, NO_ABILITY, step, seat.index, Expiry.PERMANENT)
        if not works(g, seat.index):
            self._impaired_choice(step, seat.index, choice)
            return
        if g.seats[choice].alive or team(g, choice) is not Team.TOWNSFOLK:
            return
        yield from self._bring_back(step, choice)

    def _bring_back(self, step: str, x: int) -> Steps:
        """Alive again with their ability, once-per-game ones restored; a "start knowing" one used again."""
        g, st = self.g, self.st
        revive(self.rules, g, x, by=step)
        character = g.seats[x].character
        st.spent.discard(character)
        for token in [t for t in g.tokens if t.seat == x and t.owner == character and t.name == NO_ABILITY]:
            tk.remove(self.rules, g, token, "revived")
        if character == "grandmother":
            seat = g.seats[x]
            st.woke.add(x)
            if st.grandchild is None or not st.house.grandchild_kept:
                yield from self._choose_grandchild(seat, "She learns again: choose her grandchild, a good player.")
            assert st.grandchild is not None
            yield self._tell("grandmother", seat, truths.grandmother(g, st.grandchild), truths.grandmother_words(
                g, self.script, st.grandchild))
        elif character == "godfather":
            st.woke.add(x)
            truth = truths.godfather(g)
            yield self._tell("godfather", g.seats[x], truth, truths.godfather_words(self.script, truth))

    def _choose_grandchild(self, seat: Seat, question: str) -> Steps:
        """The storyteller chooses the Grandmother's grandchild now (her Grandchild reminder moves)."""
        g, st = self.g, self.st
        step = "grandmother"
        child = yield choose(g, step, self.title(step), self.reminder(step), key="grandchild",
                             rule=lambda q: None if q != seat.index and g.seats[q].alignment is Alignment.GOOD
                             else "a good player other than the Grandmother", question=question)
        token = tk.find(g, GRANDCHILD)
        if token is not None:
            tk.remove(self.rules, g, token, "moved")
        st.grandchild = child
        tk.place(self.rules, g, GRANDCHILD, step, child, Expiry.PERMANENT)

    def bmr_tinker(self, step: str) -> Steps:
        g = self.g
        seat = self._seat(step, own=False)
        answer = yield choose(g, step, self.title(step), self.reminder(step), key=step, kind=AnswerKind.CHOICE,
                              options=(YES, NO), rule=lambda _q: "yes or no",
                              question=f"Does {seat.name} (the Tinker) die now? (the storyteller's choice)")
        if answer == YES:
            attempt(self.rules, g, seat.index, "tinker")
            self._won()

    def bmr_moonchild(self, step: str) -> Steps:
        g, st = self.g, self.st
        seat = self._seat(step, own=False)
        assert st.moonchild is not None
        target, good, _ = st.moonchild
        st.moonchild = None
        yield ack(step, self.title(step), self.reminder(step),
                  question=f"{seat.name} (the Moonchild) chose {g.name(target)} today: "
                           + ("a good player, who dies." if good else "not a good player: nothing happens."))
        if not good:
            return
        if not works(g, seat.index):
            self._impaired_choice(step, seat.index, target)
            return
        attempt(self.rules, g, target, "moonchild")
        self._won()

    def bmr_grandmother(self, step: str) -> Steps:
        g, st = self.g, self.st
        if self.first:
            seat = self._seat(step)
            if st.grandchild is None:  # a table set up without one (an older save): chosen now
                yield from self._choose_grandchild(seat, "The setup named no grandchild: choose a good player, "
                                                         "her grandchild.")
            assert st.grandchild is not None
            yield self._tell(step, seat, truths.grandmother(g, st.grandchild),
                             truths.grandmother_words(g, self.script, st.grandchild))
            return
        seat = self._seat(step, own=False)
        yield ack(step, self.title(step), self.reminder(step),
                  question=f"The Demon killed the grandchild tonight: {seat.name} (the Grandmother) dies.")
        attempt(self.rules, g, seat.index, "grandmother")
        self._won()

    def bmr_chambermaid(self, step: str) -> Steps:
        g, st = self.g, self.st
        seat = self._seat(step)
        pair = yield self._choose(
            step, seat, "they choose two living players (not themself).", kind=AnswerKind.PLAYERS, count=2,
            rule=lambda q: "another player" if q == seat.index else None if appears_alive(g, q)
            else "a living player")
        for x in pair:
            if self._goon(seat.index, x):
                break
        truth = sum(1 for x in pair if x in st.woke)
        yield self._tell(step, seat, truth, f"{truth} of them woke tonight due to their own ability",
                         about=tuple(pair))

    def bmr_demoninfo(self, step: str) -> Steps:
        """Demon info; with a Lunatic in play, the real Demon also learns who the Lunatic is."""
        lunatic = self.waking("lunatic")
        for prompt in super().step_demoninfo(step):
            if lunatic is not None:
                note = f"Show the Demon the Lunatic too: {lunatic.name} thinks they are the Demon."
                prompt = attrs.evolve(prompt, notes=(*prompt.notes, note))
            yield prompt

    # --- the Outsiders ---------------------------------------------------------------------
    def bmr_lunatic(self, step: str) -> Steps:
        g, st = self.g, self.st
        demon = next((s.index for s in g.seats if s.alive and not s.traveller and team(g, s.index) is Team.DEMON),
                     None)
        if self.first:
            seat = self._seat(step, own=False)
            name = self.script.character(st.lunatic).name if st.lunatic and st.lunatic in self.script.by_id else "Demon"
            if self._players() >= 7:
                yield ack(step, self.title(step), self.reminder(step), wake=(seat.index,),
                          question=f"Wake {seat.name} (the Lunatic, who thinks they are the {name}): show them "
                                   "any players as their Minions and three good characters not in play.")
            if st.lunatic != "pukka":  # of the Demons only the Pukka chooses on night 1
                return
        else:
            seat = self._seat(step, own=st.house.lunatic_counts_as_woken)
        chose = yield from self._lunatic_choice(step, seat)
        chronicle.note(g, Chose(step, seat.index, chose))
        if demon is None:
            return
        record = InfoRecord(step, demon, chose, False, about=chose)
        g.nights[-1].add_info(record)
        yield ack(step, self.title(step), self.reminder(step), wake=(demon,),
                  question=f"Wake {g.seats[demon].name} (the Demon): show them whom the Lunatic chose.",
                  truth=chose, truth_text=", ".join(g.name(x) for x in chose) or "nobody", informs=record)

    def _lunatic_choice(self, step: str, seat: Seat) -> Generator[Prompt, Any, tuple[int, ...]]:
        st = self.st
        kind = st.lunatic
        if kind == "shabaloth":
            pair = yield self._choose(step, seat, "as the Shabaloth, they choose two players.",
                                      kind=AnswerKind.PLAYERS, count=2)
            return tuple(pair)
        if kind == "po" and st.lunatic_charged:
            three = yield self._choose(step, seat, "as the charged Po, they choose three players.",
                                       kind=AnswerKind.PLAYERS, count=3)
            st.lunatic_charged = False
            return tuple(three)
        if kind == "po":
            one = yield self._choose(step, seat, "as the Po, they choose a player or no-one.", kind=AnswerKind.CHOICE,
                                     options=(NONE,))
            if one == NONE:
                st.lunatic_charged = True
                return ()
            return (one,)
        name = self.script.character(kind).name if kind and kind in self.script.by_id else "Demon"
        x = yield self._choose(step, seat, f"as the {name}, they choose a player.")
        return (x,)

    # --- the Minions -----------------------------------------------------------------------
    def bmr_godfather(self, step: str) -> Steps:
        g = self.g
        seat = self._seat(step)
        if self.first:
            truth = truths.godfather(g)
            yield self._tell(step, seat, truth, truths.godfather_words(self.script, truth))
            return
        x = yield self._choose(step, seat, "an Outsider died today: they choose a player, who dies.")
        sober = works(g, seat.index)
        if self._goon(seat.index, x):
            return
        if not sober:
            self._impaired_choice(step, seat.index, x)
            return
        attempt(self.rules, g, x, "godfather")
        self._won()

    def bmr_devilsadvocate(self, step: str) -> Steps:
        g, st = self.g, self.st
        seat = self._seat(step)
        last = self._last(step)
        x = yield self._choose(step, seat, "they choose a living player (not last night's): if executed "
                                           "tomorrow, they do not die.",
                               rule=lambda q: "not the player chosen last night" if q in last
                               else None if appears_alive(g, q) else "a living player")
        self._remember(step, (x,))
        sober = works(g, seat.index)
        if self._goon(seat.index, x):
            return
        if not sober:
            self._impaired_choice(step, seat.index, x)
            return
        st.advocate = x
        tk.place(self.rules, g, ADVOCATE, step, x, Expiry.NEXT_DUSK)

    def bmr_assassin(self, step: str) -> Steps:
        g, st = self.g, self.st
        seat = self._seat(step)
        choice = yield self._choose(step, seat, "they may choose a player to kill (once per game), or none.",
                                    kind=AnswerKind.CHOICE, options=(NONE,))
        if choice == NONE:
            return
        st.spent.add(step)
        tk.place(self.rules, g, NO_ABILITY, step, seat.index, Expiry.PERMANENT)
        sober = works(g, seat.index)
        self._goon(seat.index, choice)  # the Goon turns; a sober Assassin's kill still kills
        if not sober:
            self._impaired_choice(step, seat.index, choice)
            return
        attempt(self.rules, g, choice, "assassin")
        self._won()

    # --- the Demons ------------------------------------------------------------------------
    def _kills(self, step: str, seat: Seat, targets: list[int]) -> None:
        """The Demon's kills in the order chosen; from the Goon on, the choices fail."""
        g = self.g
        sober = works(g, seat.index)
        for at, x in enumerate(targets):
            if self._goon(seat.index, x):
                for after in targets[at + 1:]:  # the choices after the Goon fail too
                    chronicle.note(g, NoEffect(step, seat.index, "after_goon", about=after))
                return
            if not sober:
                self._impaired_choice(step, seat.index, x)
                continue
            attempt(self.rules, g, x, step)
            if self._won():
                return

    def bmr_zombuul(self, step: str) -> Steps:
        seat = self._seat(step)
        x = yield self._choose(step, seat, "no-one died today: they choose a player to kill.")
        self._kills(step, seat, [x])

    def bmr_pukka(self, step: str) -> Steps:
        g, st = self.g, self.st
        seat = self.waking(step)
        assert seat is not None
        exorcised = st.exorcised == seat.index
        new: int | None = None
        if not exorcised:
            seat = self._seat(step)
            x = yield self._choose(step, seat, "they choose a player to poison (who dies tomorrow night).")
            sober = works(g, seat.index)
            if not self._goon(seat.index, x):
                if sober:
                    new = x
                    begin(self.rules, g, Span(POISONED, step, seat.index, x, until=None, token=POISONED_TOKEN))
                else:
                    self._impaired_choice(step, seat.index, x)
        prev = st.pukka_victim
        # A Pukka that poisoned itself has no ability but through that poison: it dies of it at
        # its next step (else nothing would ever end it).
        if not self.first and prev is not None and (works(g, seat.index) or prev == seat.index):
            st.pukka_victim = None
            attempt(self.rules, g, prev, step)  # protected, they survive and are healthy again (below)
            if self._won():
                return
        if new is not None:  # the dead may be chosen: a dead Moonchild poisoned, their curse fails
            st.pukka_victim = new
        mine = [s for s in st.spans if s.owner == step]
        for span in [s for s in mine if s.target != st.pukka_victim] + [s for s in mine if s.target == st.pukka_victim][:-1]:
            end(self.rules, g, span, "moved")  # one victim at a time: the one to die at the next step

    def bmr_shabaloth(self, step: str) -> Steps:
        g, st = self.g, self.st
        seat = self.waking(step)
        assert seat is not None
        if self._may_regurgitate(seat):
            last = st.shabaloth_last
            back = yield choose(g, step, self.title(step), self.reminder(step), key="regurgitate",
                                kind=AnswerKind.CHOICE, options=(NONE,),
                                rule=lambda q: None if q in last and not g.seats[q].alive
                                else "a player the Shabaloth chose last night, now dead",
                                question="Regurgitate one of last night's dead (or none)?")
            if back != NONE:
                yield from self._bring_back(step, back)
        if st.exorcised == seat.index:
            st.shabaloth_last = ()
            return
        seat = self._seat(step)
        pair = yield self._choose(step, seat, "they choose two players, who die.", kind=AnswerKind.PLAYERS, count=2)
        st.shabaloth_last = (pair[0], pair[1])
        self._remember(step, st.shabaloth_last)
        self._kills(step, seat, list(pair))

    def _may_regurgitate(self, seat: Seat) -> bool:
        g, st = self.g, self.st
        if seat.character != "shabaloth" or not works(g, seat.index) or self.st.chosen_night.get("shabaloth") != g.night - 1:
            return False
        return any(not g.seats[x].alive for x in st.shabaloth_last)

    def bmr_po(self, step: str) -> Steps:
        g, st = self.g, self.st
        seat = self._seat(step)
        if st.po_charged:
            three = yield self._choose(step, seat, "charged, they choose three players, who die.",
                                       kind=AnswerKind.PLAYERS, count=3)
            st.po_charged = False
            token = tk.find(g, ATTACKS, seat.index)
            if token is not None:
                tk.remove(self.rules, g, token, "spent")
            self._kills(step, seat, list(three))
            return
        one = yield self._choose(step, seat, "they choose a player to kill, or no-one (three tomorrow).",
                                 kind=AnswerKind.CHOICE, options=(NONE,))
        if one == NONE:
            st.po_charged = True
            tk.place(self.rules, g, ATTACKS, step, seat.index, Expiry.PERMANENT)
            return
        self._kills(step, seat, [one])

