"""The contract between the grimoire and a script's rules.

The grimoire (seats, tokens, notes, the log, the walker, the day, saves and views) asks a
game's ``ScriptRules`` and knows no script. This base class is the storyteller's judgement,
what every script without rules of its own gets: the walker steps through the characters in
play with their reminders, the storyteller records what was shown and declares the winner,
drunk and poisoned come from the reminders placed, and the app only points out the standard
end conditions. A plug-in that automates a script subclasses it (as python-chess's variants
subclass the board) and overrides what its rules decide; it is registered as an object
(``grimoire.rules.plugins``), and its own state rides in the game's ``script_state`` slot.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Generator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from grimoire.core.events import Event
from grimoire.core.model import Alignment, Execution, GameState, InfoRecord
from grimoire.core.script import Character, Script
from grimoire.core.value import frozen
from grimoire.rules.cards import ShowCard
from night_order import Prompt, StepRun, StepStatus

if TYPE_CHECKING:
    from grimoire.rules.table import Problem, TableSetup

Steps = Generator[Prompt, Any, None]


class Tonight(Protocol):
    """One night's rules: what the walker runs and what the sheet shows."""

    running: str | None

    def order(self) -> Sequence[str]: ...
    def status(self, step: str) -> StepStatus: ...
    def run(self, step: str) -> StepRun: ...
    def skipped(self, step: str, why: str) -> None: ...
    def finished(self) -> bool: ...
    def title(self, step: str) -> str: ...
    def reminder(self, step: str) -> str: ...


class ScriptState(Protocol):
    """A plug-in's own part of the game state (``GameState.script_state``): copied at every
    event the fold applies, so that the state before it is never changed."""

    def clone(self) -> ScriptState: ...


class ToldShapes(Protocol):
    """A plug-in's told answers: their shape, their truth and believable lies
    (``grimoire.rules.told`` asks the plug-in whose ``tells`` holds the record's character)."""

    TELLS: Any
    Shape: type[Exception]  # a told answer of the wrong shape

    def check(self, g: GameState, record: Any, value: Any, title: str) -> Any: ...
    def true_answer(self, g: GameState | None, record: Any) -> Any: ...
    def true_answers(self, g: GameState | None, record: Any) -> list[Any]: ...
    def is_true(self, record: Any, value: Any) -> bool: ...
    def words(self, g: GameState, record: Any, value: Any) -> str: ...
    def truth_words(self, g: GameState, record: Any) -> str: ...
    def plausible(self, g: GameState, record: Any) -> list[tuple[Any, str]]: ...


class ScenarioKeys(Protocol):
    """A plug-in's keys in scenario files (design/scenario-format.md), beyond what every game has.

    Besides these, where the plug-in has them: ``DECLARES`` and ``EXECUTION_CHOICE`` (a day's
    declarations, the answer an execution asks), ``written_answers``, ``learned`` and
    ``shown_answer`` (a night's answers at once), ``EXPECT``, ``since``,
    ``check_expect`` and ``written_expect`` (expectations of its own state), ``PIECES`` (what
    an ``artifact``-shaped answer names)."""

    NIGHT_KEYS: Mapping[str, str]
    LIST_ANSWERS: Any
    DAY_KEYS: Any
    REGISTERING: Mapping[str, str]
    ANSWERS: Any
    SETUP_TOKENS: Mapping[str, tuple[str, str]]
    TOLD_SHAPES: Mapping[str, str]

    def expected_answer(self, character: str, value: Any, *args: Any) -> Any: ...
    def registrations(self, raw: Any, error: type[Exception], where: str) -> dict[str, list[bool]]: ...
    # Asked only where the plug-in has DAY_KEYS, REGISTERING or EXPECT (see above).
    def pairs(self, value: Any, player: Any, error: type[Exception], where: str) -> list[tuple[int, int]]: ...
    def written_registration(self, character: str, registers: bool) -> Any: ...
    def parse_expect(self, key: str, value: Any, player: Any, error: type[Exception], where: str) -> Any: ...


class LogWords(Protocol):
    """A plug-in's words in the log for the happenings the generic log does not word."""

    def line(self, rules: ScriptRules, g: GameState, happening: Any) -> str | None: ...


@frozen
class DayDeclaration:
    """A day ability a player may declare publicly, as the script's rules offer it: the seat,
    the character it is declared as, what it does (in words), whether it names a player, and
    why it may not be declared now ("": it may)."""

    seat: int
    character: str
    words: str
    names_player: bool = False
    refused: str = ""


@frozen
class RegistrationAsk:
    """A day action whose outcome hangs on how a player registers, the storyteller's choice:
    the seat, what they may register as (in the script's words: "demon", "townsfolk"), and
    the question put to the storyteller."""

    seat: int
    registers_as: str
    question: str


@frozen
class SetupAsk:
    """A reminder the setup places when ``owner`` is dealt, on a player the storyteller picks
    (``good``: a good player only): a ``grimoire.game.SetupToken`` the rules read."""

    name: str  # the official reminder's name
    owner: str  # the character id whose reminder it is
    label: str  # as the seat's row says it
    good: bool = True


@frozen
class Held:
    """What a player may hold of the script's rules (the Phantom's artifact), as the grimoire
    shows it: plain words the generic screens render."""

    noun: str  # what it is called: "artifact"
    name: str  # the one in play now ("Punjab Lasso"); "" while none is
    mark: str  # its short mark on a seat ("LASSO")
    holder: int | None  # who holds it now
    announced: bool = False  # the players may be told which is in play (their page shows it)
    absent: str = ""  # why none is in play yet, as the storyteller is told


@frozen
class SetupPick:
    """A choice of the rules' own setup that the setup screen asks (a seat, or an option)."""

    name: str  # what it is kept by
    label: str  # as the setup's summary names it: "Mirror target"
    key: str  # its shortcut on the setup screen
    question: str  # the picker's title
    seats: tuple[int, ...] = ()  # a seat's choice: the seats it may be
    options: tuple[tuple[str, Any], ...] = ()  # an option's choice: (label, value), in turn
    missing: str = ""  # what stops the start while it is not chosen ("": nothing, or the table says it)
    mark: str = ""  # how the chosen seat's row is marked

    @property
    def of_seat(self) -> bool:
        return not self.options


@frozen
class ExecutionQuestion:
    """What an execution asks the storyteller before it is done (a substitute who dies instead)."""

    title: str  # the question, as the picker asks it
    short: str  # as the day's panel names it ("The Managers' offer")
    options: tuple[tuple[str, str], ...]  # (label, answer) of the answers that are no player
    seats: tuple[int, ...]  # the players who may be the answer


@frozen
class HeldMove:
    """One move of what a player holds, as the record and the reveal tell it."""

    night: int
    kind: str  # the rules' own word for how it moved (saved in the JSON export)
    frm: int | None
    to: int
    words: str  # as the log tells it
    by_storyteller: bool = False  # an override: the storyteller moved it, by night or by day


class SetupDataError(ValueError):
    """A script's own setup in a file (a save, a scenario) that its rules cannot read; the
    message says what and where."""


class ScriptRules:
    """A script's rules; as they stand here, the storyteller's judgement."""

    name: str = "the storyteller's judgement"
    # True: the rules decide the end; the storyteller does not declare it.
    automated: bool = False
    # Characters of the script that are no player's and that these rules run themselves (an
    # artifact of the script's): never placed as a Fabled or Loric for the table.
    runs: frozenset[str] = frozenset()
    # The information characters whose told answers ``told`` shapes.
    tells: frozenset[str] = frozenset()
    # The characters whose ability is a day declaration (the key is offered when one is on the script).
    declarers: tuple[str, ...] = ()
    # The reminders the setup asks for when their owner is dealt.
    setup_asks: tuple[SetupAsk, ...] = ()

    def plays(self, script: Script) -> bool:
        """Whether these rules play ``script`` (the registry offers it every script in turn)."""
        return False

    # --- the parts a plug-in brings as modules, loaded when first asked ----------------------
    @property
    def told(self) -> ToldShapes | None:
        """The told answers of the characters in ``tells``."""
        return None

    @property
    def scenario_keys(self) -> ScenarioKeys | None:
        """What a scenario file may say of this script beyond what every game has."""
        return None

    @property
    def log_words(self) -> LogWords | None:
        """How the log words this script's own happenings."""
        return None

    # --- setup ----------------------------------------------------------------------------
    # The keys of a file's [setup] table that these rules read (``read_setup``).
    setup_keys: frozenset[str] = frozenset()

    def read_setup(self, setup: Mapping[str, Any], house_rules: Mapping[str, Any], seat: Callable[[Any, str], int],
                   where: str, where_rules: str) -> Any:
        """The rules' own setup (``TableSetup.script_setup``) from a file's [setup] table and
        its [rules] table of house rules; ``seat`` reads a seat as the file names it. Raises
        SetupDataError. Here there is none (a file's keys of another script's are not read)."""
        return None

    def write_setup(self, script_setup: Any, seat: Callable[[int], Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The rules' own setup as a file's [setup] keys and its [rules] table; ``seat``
        writes a seat as the file names it."""
        return {}, {}

    def house_rules_changed(self, script_setup: Any) -> dict[str, Any]:
        """The house rules that differ from the defaults (a session's export names them)."""
        return {}

    def setup_alignment(self, setup: TableSetup, seat: int) -> Alignment | None:
        """An alignment the setup gives ``seat`` against its character's team (None: the team's)."""
        return None

    def setup_picks(self, script: Script, rows: Sequence[tuple[str | None, bool]], option_b: bool,
                    chosen: Mapping[str, Any]) -> list[SetupPick]:
        """What the setup screen asks of the rules' own setup, for these rows (character,
        Traveller) and the choices made so far (by name; a seat's by its row)."""
        return []

    def setup_of_picks(self, script: Script, rows: Sequence[tuple[str | None, bool]], option_b: bool,
                       chosen: Mapping[str, Any]) -> Any:
        """The rules' own setup (``TableSetup.script_setup``) of the setup screen's choices."""
        return None

    def deal_picks(self, script: Script, rows: Sequence[tuple[str | None, bool]], evil: int,
                   chosen: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        """The choices a random bag deals (``evil``: how many Townsfolk its option makes evil);
        the options chosen by hand stay."""
        return dict(chosen)

    def random_setup(self, script: Script, characters: list[str], option_b: int, rng: random.Random) -> Any:
        """A random legal setup of the rules' own for a random table of ``characters`` (in seat
        order; ``option_b``: how many Townsfolk the characters' setup makes evil)."""
        return None

    def setup_problems(self, setup: TableSetup, script: Script) -> list[Problem]:
        """What makes this table unplayable under these rules, beyond what every table checks."""
        return []

    def setup_pitfalls(self, setup: TableSetup, script: Script) -> list[str]:
        """What would make a night step awkward or the setup odd under these rules, said plainly
        ("the Librarian learns zero: no Outsider is in play"): facts, never a reason to refuse the
        table (that is ``setup_problems``). Here none: the storyteller's judgement."""
        return []

    # What the characters do, as the setup's one-line summary of the bag says it: (what they
    # do, their ids), in order ("give information", "make it false", "kill", "protect"). Here
    # none: a script without rules of its own says nothing it has not been told.
    bag_kinds: tuple[tuple[str, frozenset[str]], ...] = ()

    def new_state(self, setup: TableSetup, g: GameState) -> ScriptState | None:
        """The rules' own state for a new game (``GameState.script_state``), once the seats are
        dealt; None: they keep none."""
        return None

    def place_setup(self, setup: TableSetup, g: GameState) -> None:
        """The tokens the rules place at setup, after the setup's own reminders."""

    # --- the night --------------------------------------------------------------------------
    def night(self, g: GameState, script: Script) -> Tonight:
        """Tonight's steps, built at dusk."""
        from grimoire.rules.storyteller_night import StorytellerNight

        return StorytellerNight(self, g, script)

    def shows_grimoire(self, script: Script, step: str) -> bool:
        """Whether the storyteller shows the grimoire to the player woken at night step ``step``
        (the screen offers the grimoire for a player there). Here the script says so: its
        character's ``grimoire`` special (signal or ability), or its night reminder."""
        from grimoire.rules.grimoire_shown import script_shows_grimoire

        return script_shows_grimoire(script, step)

    # --- drunk, poisoned and abilities --------------------------------------------------------
    def impairment_sources(self, g: GameState, i: int) -> tuple[str, ...]:
        """Every source of seat ``i``'s drunkenness and poisoning now (empty: sober and healthy);
        here the reminders the storyteller placed (``grimoire.rules.impairing``)."""
        from grimoire.rules import impairing

        return impairing.sources(g, i)

    def impairments(self, g: GameState) -> tuple[tuple[int, str], ...]:
        """(seat, source) for everyone drunk or poisoned now."""
        from grimoire.rules import impairing

        return impairing.impairments(g)

    def is_drunk(self, g: GameState, i: int) -> bool:
        """Seat ``i`` is drunk now."""
        from grimoire.rules import impairing

        return any(found.partition(":")[0] == impairing.DRUNK for found in self.impairment_sources(g, i))

    def is_poisoned(self, g: GameState, i: int) -> bool:
        """Seat ``i`` is poisoned now."""
        from grimoire.rules import impairing

        return any(found.partition(":")[0] == impairing.POISONED for found in self.impairment_sources(g, i))

    def impairment_reason(self, g: GameState, source: str) -> tuple[str, str]:
        """(what they are, by what) for a source of drunkenness or poisoning, as the grimoire words it."""
        from grimoire.rules import impairing

        return impairing.reason(g, source)

    def ability_works(self, g: GameState, i: int) -> bool:
        """Seat ``i``'s ability works now: alive, sober and healthy."""
        return g.seats[i].alive and not (self.is_drunk(g, i) or self.is_poisoned(g, i))

    def vote_multiplier(self, character: Character) -> int | None:
        """How many votes a hand marked by ``character``'s reminder counts as, where its data has
        a ``multiplier`` special without a value (None: the storyteller counts it as one)."""
        return None

    # --- deaths and the end -------------------------------------------------------------------
    def after_death(self, g: GameState, seat: int) -> None:
        """What a death sets off at once, whatever its cause (a token that goes with the player,
        the end it brings where the rules decide it at once)."""

    def execute(self, g: GameState, seat: int) -> Steps:
        """The day's execution of ``seat``: records ``g.today.execution`` and kills, or spares.
        May yield a prompt (a substitute offered): the event's ``answer`` answers it."""
        from grimoire.core.happenings import Executed
        from grimoire.rules import chronicle
        from grimoire.rules.deaths import kill

        today = g.today
        assert today is not None
        alive = g.seats[seat].alive
        chronicle.note(g, Executed(seat))
        today.execution = Execution(seat=seat, died=alive, survived_because=None if alive else "already_dead")
        if alive:
            kill(self, g, seat, "execution")
        return
        yield  # a generator: these rules ask nothing at an execution

    def survived_words(self, because: str) -> str:
        """Why an executed player did not die, in words ("" when the rules have no words for it)."""
        return ""

    def check_end(self, g: GameState) -> None:
        """Declare the winner if the game has ended (automated rules); here the storyteller does."""

    def end_pointers(self, g: GameState, script: Script) -> list[str]:
        """The standard end conditions met now, for a storyteller who decides the end."""
        from grimoire.rules.standard_end import standard_end

        return standard_end(g, script)

    def foreseen(self, happening: Any) -> bool:
        """Whether a happening of these rules' own (not one of every game's) is among what an
        action would do, as its confirmation shows it before it is recorded (the Phantom's
        attack); every game's deaths, protections, changes of character and ends are."""
        return False

    # --- the day ----------------------------------------------------------------------------
    def declarations(self, g: GameState) -> list[DayDeclaration]:
        """The public declarations on offer now, for the seats in play."""
        return []

    def declare(self, g: GameState, seat: int, character: str, target: int | None,
                registers: bool | None) -> None:
        """A public declaration (``target``: the player it names, if any; ``registers``: the
        storyteller's registration choice, where ``registration`` asks one)."""
        from grimoire.rules.day import DayRuleError

        raise DayRuleError(f"{g.name(seat)} has no day declaration on this script")

    def nominated(self, g: GameState, nominator: int, nominee: int, registers: bool | None) -> None:
        """What a nomination sets off, once it is made."""

    def executed(self, g: GameState, seat: int) -> None:
        """What an execution sets off once it is done (the execution itself: ``execute``)."""

    def registration(self, g: GameState, event: Event) -> RegistrationAsk | None:
        """Before a Declare or Nominate: the registration the storyteller must choose, if any."""
        return None

    def day_reminders(self, g: GameState) -> list[str]:
        """What the day and its votes remind the storyteller of (plain words: the grimoire escapes them)."""
        return []

    # --- random games -------------------------------------------------------------------------
    def likely_answer(self, g: GameState, prompt: Prompt, players: list[int]) -> list[int]:
        """A random choice of several players made likelier to be legal (random games try
        until one is); here as it is."""
        return players

    # --- what the screens show of the rules' own state (plain words; the grimoire escapes them) ---
    # Shorter words for the rules' own reminder tokens, in a narrow seat box (by the side showing).
    token_marks: Mapping[str, str] = {}
    # How the record words a player who died instead of the executed one.
    substitute_words: str = "died instead"

    def held(self, g: GameState) -> Held | None:
        """What a player may hold of these rules, now (None: the rules have no such thing)."""
        return None

    def held_moves(self, g: GameState, since: int = 0) -> list[HeldMove]:
        """Its moves, the first ``since`` left out (``moves_so_far`` counts them)."""
        return []

    def moves_so_far(self, g: GameState) -> int:
        """How many moves of what a player holds the record has (cheap: asked at every event)."""
        return 0

    def impairment_counts(self, g: GameState, step: str | None, reason: tuple[str, str]) -> bool:
        """Whether the reveal counts a drunkenness or poisoning (``reason``) at this moment
        (``step``: the night step waiting, if any)."""
        return True

    def sheet_runs(self, in_play: Collection[str]) -> tuple[str, ...]:
        """The steps of ``runs`` a printed night sheet lists for these characters in play."""
        return ()

    def running_tonight(self, g: GameState, setup: TableSetup, first: bool) -> tuple[str, ...]:
        """The steps of ``runs`` tonight's sheet lists in a game (the artifacts in play)."""
        return ()

    def day_notes(self, g: GameState) -> list[str]:
        """What the day's panel points out of the rules' own state (an unmask that works today)."""
        return []

    def execution_question(self, g: GameState, seat: int) -> ExecutionQuestion | None:
        """What executing ``seat`` now will ask the storyteller (None: nothing); the answer is
        the Execute event's ``answer``."""
        return None

    def move_held(self, seat: int) -> Event:
        """The storyteller's override giving what a player holds to ``seat`` (``held`` is not None)."""
        raise NotImplementedError(f"{self.name} have nothing a player holds")

    def card_sections(self, g: GameState, seat: int) -> list[tuple[str, list[str]]]:
        """The seat card's own sections for ``seat``: (heading, lines)."""
        return []

    # The night steps of these rules' own at which a player is shown something (the seat card's record).
    shows_at: tuple[str, ...] = ()

    def woken_words(self, g: GameState, seat: int, step: str) -> str:
        """What ``seat`` was shown at one of ``shows_at`` ("": nothing)."""
        return ""

    def info_words(self, g: GameState, record: InfoRecord, script: Script) -> str | None:
        """What an information character learned, for the seat card (None: the truth as it is)."""
        return None

    def step_cards(self, g: GameState, prompt: Prompt) -> list[ShowCard | None]:
        """The cards one of these rules' own night steps shows, in order."""
        return []

    def table_cards(self, g: GameState) -> list[ShowCard]:
        """Cards of these rules' the storyteller may show at any moment (the evil Townsfolk's)."""
        return []

    def setup_lines(self, setup: TableSetup, g: GameState) -> tuple[list[str], list[str]]:
        """A session's export: the rules' own setup, in words: what the table was set up with
        (said first), and the players it was set up on (said after the bluffs)."""
        return [], []

    def seat_setup_words(self, setup: TableSetup, seat: int) -> list[str]:
        """What the rules' own setup says of ``seat`` (the setup's summary: "Mirror target")."""
        return []

    # --- the rules' own events --------------------------------------------------------------
    # Events only this script has (a save reads them by kind), each an override of the
    # storyteller's folded by ``override``; and fields older saves named otherwise, by kind.
    events: tuple[type[Event], ...] = ()
    renamed_fields: Mapping[str, Mapping[str, str]] = {}

    def override(self, g: GameState, event: Event) -> None:
        """Fold one of ``events``; raises ValueError, naming the rule, when it is refused."""
        raise ValueError(f"{event.kind} is no event of {self.name}")


STORYTELLER_RULES = ScriptRules()
