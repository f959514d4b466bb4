"""The Phantom of the Opera's rules as a plug-in (``grimoire.rules.contract.ScriptRules``): the
Phantom's character brings them, so a variant of the script keeps them too."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from grimoire.core.events import Event
from grimoire.core.model import Alignment, Expiry, GameState, InfoRecord, Phase
from grimoire.core.script import Script, Team, load_script
from grimoire.rules.cards import ShowCard
from grimoire.rules.contract import (
    DayDeclaration,
    ExecutionQuestion,
    Held,
    HeldMove,
    LogWords,
    ScenarioKeys,
    ScriptRules,
    SetupDataError,
    SetupPick,
    Steps,
    ToldShapes,
    Tonight,
)
from grimoire.rules.day import DayRuleError
from grimoire.rules.phantom import cards, day, deaths, end, status, words
from grimoire.rules.phantom import tokens as tk
from grimoire.rules.phantom.config import ConfigError, RulesConfig
from grimoire.rules.phantom.events import EVENTS, RENAMED, MoveArtifact
from grimoire.rules.phantom.state import (
    ARTIFACTS,
    ArtifactState,
    PhantomSetup,
    PhantomState,
    TransferKind,
    config,
    own,
    setup_of,
)
from grimoire.rules.words import seat_name
from night_order import Prompt

if TYPE_CHECKING:
    from grimoire.rules.table import Problem, TableSetup

# The information characters whose told answers grimoire.rules.phantom.told shapes (its TELLS).
TELLS = frozenset(("sorelli", "usher", "persian", "monsieur_reyer", "chandelier_rigger", "inspector_mifroid",
                   "mirror_keeper", "phantom", "auctioneer"))
# What the characters do, for the setup's one-line summary of the bag (``ScriptRules.bag_kinds``).
BAG_KINDS = (
    ("give information", frozenset(("auctioneer", "sorelli", "madame_giry", "persian", "monsieur_reyer",
                                     "inspector_mifroid", "usher", "mirror_keeper", "chandelier_rigger"))),
    ("make it false", frozenset(("claque", "mirror_keeper"))),
    ("kill", frozenset(("phantom",))),
    ("protect", frozenset(("raoul_de_chagny", "phantoms_favourite", "cloak_bearer"))),
)


class PhantomRules(ScriptRules):
    """The Phantom's full automation: the artifact phase, true answers and the game's end."""

    name = "the Phantom's rules"
    automated = True
    runs = frozenset(ARTIFACTS)
    tells = TELLS
    declarers = day.DECLARERS
    bag_kinds = BAG_KINDS

    def plays(self, script: Script) -> bool:
        return "phantom" in script.by_id

    @property
    def told(self) -> ToldShapes:
        from grimoire.rules.phantom.told import TOLD

        return TOLD

    @property
    def scenario_keys(self) -> ScenarioKeys:
        from grimoire.rules.phantom.scenario_keys import KEYS

        return KEYS

    @property
    def log_words(self) -> LogWords:
        from grimoire.rules.phantom.lines import WORDS

        return WORDS

    # --- setup ----------------------------------------------------------------------------
    setup_keys = frozenset({"artifacts", "mirror_target", "evil_townsfolk"})

    def setup_problems(self, setup: TableSetup, script: Script) -> list[Problem]:
        from grimoire.rules.table import Problem

        own = setup_of(setup.script_setup)
        out: list[Problem] = []
        characters = [s.character for s in setup.seats if not s.traveller]
        if characters.count("phantom") != 1:
            out.append(Problem(None, "the Phantom must be in play exactly once"))
        for a in own.artifacts:
            if a not in ARTIFACTS:
                out.append(Problem(None, f"{a!r} is not an artifact (monkey_music_box or punjab_lasso)"))
            elif a not in script.by_id:
                out.append(Problem(None, f"the artifact {a!r} is not on {script.name}"))
        if not own.artifacts:
            out.append(Problem(None, "at least one artifact must be available"))
        if "mirror_keeper" in characters:
            t = own.mirror_target
            if t is None:
                out.append(Problem(None, "the Mirror Keeper is in play: choose the Mirror target (a good player)"))
            elif not 0 <= t < len(setup.seats):
                out.append(Problem(None, "the Mirror target is no seat at the table"))
            elif not setup.known(t, script):
                pass  # that seat's unknown character is its own problem, said elsewhere
            elif setup.alignment(t, script) is not Alignment.GOOD or setup.seats[t].character == "mirror_keeper":
                out.append(Problem(t, "the Mirror target must be a good player"))
        if own.evil_townsfolk is not None:
            t = own.evil_townsfolk
            if "managers" not in characters:
                out.append(Problem(None, "an evil Townsfolk needs the Managers in play (option B)"))
            elif (not 0 <= t < len(setup.seats) or setup.seats[t].traveller or not setup.known(t, script)
                  or script.team_of(setup.seats[t].character) is not Team.TOWNSFOLK):
                out.append(Problem(None, "the evil Townsfolk must be a Townsfolk in play"))
        return out

    def setup_pitfalls(self, setup: TableSetup, script: Script) -> list[str]:
        from grimoire.rules.phantom.pitfalls import setup_pitfalls

        return setup_pitfalls(setup, script)

    def random_setup(self, script: Script, characters: list[str], option_b: int, rng: random.Random) -> PhantomSetup:
        evil = None
        if option_b:  # the Managers' option B
            townsfolk = [i for i, c in enumerate(characters) if script.team_of(c) is Team.TOWNSFOLK]
            evil = rng.choice(townsfolk)
        mirror = None
        if "mirror_keeper" in characters:
            good = [i for i, c in enumerate(characters) if script.team_of(c).is_good and i != evil]
            mirror = rng.choice(good)
        artifacts: tuple[str, ...] = ()
        if all(a in script.by_id for a in ARTIFACTS):
            artifacts = rng.choice([ARTIFACTS, (ARTIFACTS[0],), (ARTIFACTS[1],)])
        return PhantomSetup(artifacts=artifacts, mirror_target=mirror, evil_townsfolk=evil)

    def setup_picks(self, script: Script, rows: Sequence[tuple[str | None, bool]], option_b: bool,
                    chosen: Mapping[str, Any]) -> list[SetupPick]:
        from grimoire.rules.phantom import setup_picks

        return setup_picks.picks(script, rows, option_b, chosen)

    def setup_of_picks(self, script: Script, rows: Sequence[tuple[str | None, bool]], option_b: bool,
                       chosen: Mapping[str, Any]) -> PhantomSetup:
        from grimoire.rules.phantom import setup_picks

        return setup_picks.setup(script, rows, option_b, chosen)

    def deal_picks(self, script: Script, rows: Sequence[tuple[str | None, bool]], evil: int,
                   chosen: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        from grimoire.rules.phantom import setup_picks

        return setup_picks.deal(script, rows, evil, chosen, rng)

    def likely_answer(self, g: GameState, prompt: Prompt, players: list[int]) -> list[int]:
        ph = g.seat_of("phantom")
        if ph is not None and prompt.step == "madame_giry" and ph.index not in players and ph.index in prompt.choices:
            players[0] = ph.index  # usually the Demon must be among Giry's three
        return players

    def setup_alignment(self, setup: TableSetup, seat: int) -> Alignment | None:
        return Alignment.EVIL if seat == setup_of(setup.script_setup).evil_townsfolk else None

    def new_state(self, setup: TableSetup, g: GameState) -> PhantomState:
        chosen = setup_of(setup.script_setup)
        mirror = chosen.mirror_target if g.seat_of("mirror_keeper") is not None else None
        return PhantomState(config=chosen.config, artifact=ArtifactState(available=chosen.artifacts),
                            mirror_target=mirror, evil_townsfolk=chosen.evil_townsfolk)

    def place_setup(self, setup: TableSetup, g: GameState) -> None:
        mirror = own(g).mirror_target
        if mirror is not None:
            tk.place(self, g, tk.MIRROR, "mirror_keeper", mirror, Expiry.PERMANENT, side=tk.MIRROR_TARGET)

    def read_setup(self, setup: Mapping[str, Any], house_rules: Mapping[str, Any], seat: Callable[[Any, str], int],
                   where: str, where_rules: str) -> PhantomSetup:
        artifacts = setup.get("artifacts", list(ARTIFACTS))
        if not isinstance(artifacts, list) or not artifacts or not all(a in ARTIFACTS for a in artifacts):
            raise SetupDataError(f"{where} artifacts: must be a non-empty array of \"monkey_music_box\" / "
                                 "\"punjab_lasso\"")
        try:
            config = RulesConfig.from_dict(dict(house_rules), where=where_rules)
        except ConfigError as exc:
            raise SetupDataError(str(exc)) from None
        found = {key: None if setup.get(key) is None else seat(setup[key], f"{where} {key}")
                 for key in ("mirror_target", "evil_townsfolk")}
        return PhantomSetup(artifacts=tuple(artifacts), config=config, **found)

    def write_setup(self, script_setup: object, seat: Callable[[int], Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        chosen = setup_of(script_setup)
        table: dict[str, Any] = {"artifacts": list(chosen.artifacts)}
        for key in ("mirror_target", "evil_townsfolk"):
            value = getattr(chosen, key)
            if value is not None:
                table[key] = seat(value)
        return table, chosen.config.to_dict()

    def house_rules_changed(self, script_setup: object) -> dict[str, Any]:
        return setup_of(script_setup).config.changed()

    # --- the night --------------------------------------------------------------------------
    def night(self, g: GameState, script: Script) -> Tonight:
        from grimoire.rules.phantom.night import PhantomNight

        return PhantomNight(self, g, script)

    # --- drunk, poisoned and abilities --------------------------------------------------------
    def impairment_sources(self, g: GameState, i: int) -> tuple[str, ...]:
        return status.impairment_sources(g, i)

    def impairments(self, g: GameState) -> tuple[tuple[int, str], ...]:
        return status.impairments(g)

    def is_drunk(self, g: GameState, i: int) -> bool:
        return status.is_drunk(g, i)

    def is_poisoned(self, g: GameState, i: int) -> bool:
        return status.is_poisoned(g, i)

    def impairment_reason(self, g: GameState, source: str) -> tuple[str, str]:
        from grimoire.rules import impairing

        # Any other source is a reminder the storyteller placed: as its words say.
        return status.REASONS[source] if source in status.REASONS else impairing.reason(g, source)

    def ability_works(self, g: GameState, i: int) -> bool:
        return status.ability_works(g, i)

    # --- deaths and the end -------------------------------------------------------------------
    def after_death(self, g: GameState, seat: int) -> None:
        deaths.after_death(self, g, seat)

    def execute(self, g: GameState, seat: int) -> Steps:
        return deaths.execute(self, g, seat)

    def survived_words(self, because: str) -> str:
        return deaths.SURVIVED_BECAUSE.get(because, "")

    def check_end(self, g: GameState) -> None:
        end.check_game_end(g)

    def end_pointers(self, g: GameState, script: Script) -> list[str]:
        return []  # the rules decide the end

    # --- the day ----------------------------------------------------------------------------
    def declarations(self, g: GameState) -> list[DayDeclaration]:
        return day.declarations(g)

    def declare(self, g: GameState, seat: int, character: str, target: int | None,
                registers: bool | None) -> None:
        if target is not None:
            raise DayRuleError(f"the {character.replace('_', ' ').title()}'s declaration names no player")
        day.declare(self, g, seat, character)

    def registration(self, g: GameState, event: Event) -> None:
        return None

    # --- what its screens show -------------------------------------------------------------
    substitute_words = "died instead (the Managers)"
    # Its tokens in a narrow seat box.
    token_marks = {
        "Claque Seat (is drunk)": "Claque",
        "Received tonight": "Received",
        "Drunk tonight": "Drunk tn",
        "First holder": "1st holder",
        "Mirror target": "Mirror",
        "Ability lost": "Abil. lost",
        "No wake tonight": "No wake",
        "Protected": "Protected",
        "Drunk until dusk": "Drunk→dusk",
        "Cloak sacrifice": "Cloak",
        "Performance pending": "Perform",
        "Rigger help": "Rigger",
    }
    # Its two-sided tokens: the Mirror Keeper's and Raoul's.
    token_sides = tk.SIDES
    # The grimoire screen's keys for its artifact, in its words.
    key_words = {
        "switch_option": ("Artifact", "Switch which artifact the Phantom chooses"),
        "move_held": ("Move artifact", "Override: give the artifact to a player"),
        "reveal": ("Reveal", "The reveal for the players (once a team has won): every character, who was drunk or "
                             "poisoned (and the Phantom's artifact, night by night)"),
    }
    shows_at = ("managers",)
    holds = True  # the artifact

    def held(self, g: GameState) -> Held:
        artifact = own(g).artifact
        name = words.artifact_name(g) if artifact.active is not None else ""
        announced = config(g).announce_active_artifact and (g.day >= 1 or g.phase is Phase.OVER)
        return Held("artifact", name, words.MARK.get(artifact.active or "", name), artifact.holder, announced,
                    "No artifact is active yet: the Phantom chooses it on the first night.")

    def held_moves(self, g: GameState, since: int = 0) -> list[HeldMove]:
        return [HeldMove(t.night, t.kind.value, t.frm, t.to, words.transfer_line(g, t),
                         t.kind is TransferKind.STORYTELLER_MOVE)
                for t in own(g).artifact.history[since:]]

    def moves_so_far(self, g: GameState) -> int:
        return len(own(g).artifact.history)

    def impairment_counts(self, g: GameState, step: str | None, reason: tuple[str, str]) -> bool:
        # The Claque's drunkenness moves when its step is done: until then tonight its token
        # still lies where it lay last night, which is not another night of it for that seat.
        if reason != status.CLAQUE_SEAT or g.phase is not Phase.NIGHT or not g.nights:
            return True
        return "claque" in g.nights[-1].woke and step != "claque"

    def sheet_runs(self, in_play: Collection[str]) -> tuple[str, ...]:
        return ARTIFACTS if "phantom" in in_play else ()

    def running_tonight(self, g: GameState, setup: TableSetup, first: bool) -> tuple[str, ...]:
        active = own(g).artifact.active
        return (active,) if active and not first else setup_of(setup.script_setup).artifacts

    def day_notes(self, g: GameState) -> list[str]:
        today = g.today
        if today is not None and today.number in own(g).unmasked:
            return ["Christine unmasked the Phantom: the Phantom can die by execution today"]
        return []

    def foreseen(self, happening: Any) -> bool:
        from grimoire.rules.phantom.happenings import Attack

        return isinstance(happening, Attack)  # whom the Phantom attacked, and why it failed

    def execution_question(self, g: GameState, seat: int) -> ExecutionQuestion | None:
        offer = deaths.managers_offer(g, seat) if g.seats[seat].alive else ()
        if not offer:
            return None
        return ExecutionQuestion(
            f"{seat + 1} {g.name(seat)} (Managers) would die holding the artifact: an evil player may die instead",
            "The Managers' offer", (("Decline: the Managers die", "decline"),), offer)

    def move_held(self, seat: int) -> Event:
        return MoveArtifact(seat)

    def card_sections(self, g: GameState, seat: int) -> list[tuple[str, list[str]]]:
        return [("The artifact", words.card_artifact(g, seat))] if own(g).artifact.available else []

    def woken_words(self, g: GameState, seat: int, step: str) -> str:
        return words.woken_words(g, seat, step)

    def info_words(self, g: GameState, record: InfoRecord, script: Script) -> str | None:
        return words.info_words(g, record, script)

    def step_cards(self, g: GameState, prompt: Prompt) -> list[ShowCard | None]:
        return cards.step_cards(g, prompt)

    def table_cards(self, g: GameState) -> list[ShowCard]:
        card = cards.you_are_evil(g)
        return [] if card is None else [card]

    def setup_lines(self, setup: TableSetup, g: GameState) -> tuple[list[str], list[str]]:
        script = load_script(setup.script)
        st = setup_of(setup.script_setup)
        table = ["Artifacts available: " + ", ".join(script.character(a).name for a in st.artifacts) + "."]
        players = []
        if st.mirror_target is not None:
            players.append(f"Mirror target: {seat_name(g, st.mirror_target)}.")
        if st.evil_townsfolk is not None:
            players.append(f"Managers option B: {seat_name(g, st.evil_townsfolk)} is an evil Townsfolk.")
        return table if st.artifacts else [], players

    def seat_setup_words(self, setup: TableSetup, seat: int) -> list[str]:
        st = setup_of(setup.script_setup)
        return (["Mirror target"] * (seat == st.mirror_target)
                + ["evil Townsfolk (option B)"] * (seat == st.evil_townsfolk))

    # --- its own events ----------------------------------------------------------------------
    events = EVENTS
    renamed_fields = RENAMED

    def override(self, g: GameState, event: Event) -> None:
        from grimoire.rules.phantom.artifact import move_by_storyteller

        if not isinstance(event, MoveArtifact):
            super().override(g, event)
            return
        move_by_storyteller(self, g, event.seat)


PLUGIN = PhantomRules()
