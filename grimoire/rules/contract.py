"""The contract between the grimoire and a script's rules.

The grimoire (seats, tokens, notes, the log, the walker, the day, saves and views) asks a
game's ``ScriptRules`` and knows no script. This module is the interface only: what every
script's rules must say is abstract, and every optional part is declared here once, typed, with
its default. A plug-in's told answers, scenario keys and log words are objects of
``ToldShapes``, ``ScenarioKeys`` and ``LogWords``, declared the same way. What a script without
rules of its own gets, the storyteller's judgement, is a plug-in of its own, the fallback
(``grimoire.rules.storyteller``); a plug-in that keeps most of it subclasses it (as
python-chess's variants subclass the board) and overrides what its rules decide. A plug-in is
registered as an object (``grimoire.rules.plugins``), and its own state rides in the game's
``script_state`` slot.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Generator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol

from grimoire.core.events import Event
from grimoire.core.model import Alignment, DayState, GameState, InfoRecord, NightRecord
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


class ToldShapes(ABC):
    """A plug-in's told answers: their shape, their truth and believable lies
    (``grimoire.rules.told`` asks the plug-in whose ``tells`` holds the record's character).

    Required: the methods marked abstract. Optional, each with its default here: ``SEATS``,
    ``TRUTH_AS_TOLD``, ``answerable``, ``must_lie``, ``false_because``, ``choice_words``, ``group_words``,
    ``card``."""

    TELLS: Collection[str] = ()  # the characters it shapes: the plug-in's ``tells``
    Shape: type[Exception] = ValueError  # a told answer of the wrong shape
    # The characters told a seat: any seat is an answer the storyteller may give.
    SEATS: Collection[str] = ()
    # The characters whose truth the JSON export gives in the told answer's shape.
    TRUTH_AS_TOLD: Collection[str] = ()

    @abstractmethod
    def check(self, g: GameState, record: InfoRecord, value: Any, title: str) -> Any:
        """``value`` in its canonical form, or ``Shape`` saying the shape this step wants."""

    @abstractmethod
    def true_answer(self, g: GameState | None, record: InfoRecord) -> Any:
        """The truth in the told answer's shape (where several are true, the first)."""

    @abstractmethod
    def true_answers(self, g: GameState | None, record: InfoRecord) -> list[Any]:
        """Every true answer, in the told answer's shape."""

    @abstractmethod
    def is_true(self, record: InfoRecord, value: Any) -> bool:
        """Whether ``value`` is a true answer."""

    @abstractmethod
    def words(self, g: GameState, record: InfoRecord, value: Any) -> str:
        """A told answer (or the truth) in the log's words."""

    @abstractmethod
    def truth_words(self, g: GameState, record: InfoRecord) -> str:
        """The truth in the log's words (every true answer, where several are)."""

    @abstractmethod
    def plausible(self, g: GameState, record: InfoRecord) -> list[tuple[Any, str]]:
        """(false answer, why a player could believe it), the likeliest first."""

    def answerable(self, record: InfoRecord) -> bool:
        """Whether the record has anything to tell (here always)."""
        return True

    def must_lie(self, g: GameState, record: InfoRecord) -> bool:
        """Whether the rules refuse the truth here: every answer given must be false (here never)."""
        return False

    def false_because(self, g: GameState, record: InfoRecord) -> str:
        """Why the answer given is false where ``must_lie`` says so, as the log words it."""
        return "as the rules make it false"

    def choice_words(self, g: GameState, record: InfoRecord, value: Any) -> str:
        """A told answer as a picker lists it (here as the log says it)."""
        return self.words(g, record, value)

    def group_words(self, g: GameState, record: InfoRecord, value: Any) -> tuple[str, str] | None:
        """An answer as (what it shares with others, what is its own), for a list to say the
        shared part once (None: it shares nothing)."""
        return None

    def card(self, g: GameState, record: InfoRecord, value: Any) -> ShowCard:
        """The card that tells ``record``'s player ``value`` (the truth or a told answer): the
        one the laptop shows and a phone is sent (here the character's name, then the answer
        as a picker lists it)."""
        from grimoire.rules.cards import told_card

        return told_card(g, record, self.choice_words(g, record, value))


class ScenarioKeys:
    """A plug-in's keys in scenario files (docs/scenario-format.md), beyond what every game has.

    Every member is optional, declared here with its default: nothing beyond every game's keys.
    A method is asked only where the plug-in's tables say it has the key: ``expected_answer``
    for the characters of ``ANSWERS``, ``pairs`` for ``DAY_KEYS``, ``written_registration`` for
    ``REGISTERING``, ``parse_expect`` and ``check_expect`` for ``EXPECT``; ``PIECES`` and ``PIECE`` are the
    options an ``option_and_player`` or ``player_and_option`` answer names, and what a wrong
    one's message calls them."""

    # The night's answer keys and the shape of one answer; the keys whose one answer is a list.
    NIGHT_KEYS: Mapping[str, str] = {}
    LIST_ANSWERS: Collection[str] = frozenset()
    # The day's actions of two players, each [player, player].
    DAY_KEYS: Collection[str] = frozenset()
    # Those of ``DAY_KEYS`` that come after the day's nominations, in this order (an execution
    # the storyteller decides, and what it sets off).
    AFTER_NOMINATIONS: Sequence[str] = ()
    # The day's acts that are events of the plug-in's own (``ScriptRules.events``), made by
    # ``day_events``: applied after the acts of ``DAY_KEYS``, before the nominations.
    DAY_EVENTS: Collection[str] = frozenset()
    # The day's registration choices: the registering character, what they may register as.
    REGISTERING: Mapping[str, str] = {}
    # The characters whose answers ``expect.answers`` may name.
    ANSWERS: Collection[str] = ()
    # The setup's keys that place an official reminder: key -> (name, owner).
    SETUP_TOKENS: Mapping[str, tuple[str, str]] = {}
    # The shape of each character's told answer (grimoire.scenario.told_keys).
    TOLD_SHAPES: Mapping[str, str] = {}
    # A day's declarations: the key, and the one value it takes (a word, or true).
    DECLARES: Mapping[str, Any] = {}
    # The day's key naming who dies instead at an execution ("": none).
    EXECUTION_CHOICE: str = ""
    # Expectations of the rules' own state.
    EXPECT: Collection[str] = ()
    # The options an ``option_and_player`` answer names, and what a wrong one's message calls them.
    PIECES: Collection[str] = ()
    PIECE: str = "option"
    # True: a night's answers are written at once (``written_answers``), not one record at a
    # time (``written_answer``), for answers one record does not hold.
    ANSWERS_AT_ONCE: bool = False
    # Answer shapes of the plug-in's own, read by ``answer`` (Bad Moon Rising's Po: [], [p] or [p, p, p]).
    SHAPES: Collection[str] = ()
    # Night prompts a file may leave unanswered ("might choose"): key -> the answer that chooses nothing.
    OPTIONAL: Mapping[str, Any] = {}
    # The shape of ``EXECUTION_CHOICE``'s answer, and the answer when the file does not give it.
    EXECUTION_SHAPE: str = "player_or_decline"
    EXECUTION_DEFAULT: Any = None

    def answer(self, shape: str, value: Any, player: Callable[..., int], error: type[Exception],
               where: str) -> Any:
        """A night answer of one of ``SHAPES`` in the engine's terms."""
        raise error(f"{where}: no answer of the shape {shape!r} here")

    def after_execution(self, g: GameState, event: Any) -> bool:
        """Whether a day act of the file waits for the day's execution (here none does)."""
        return False

    def written_night_answer(self, key: str, value: Any) -> Any:
        """A night answer (its players already named) as a file writes it; None: left out."""
        return value

    def written_day_act(self, g: GameState, event: Any) -> tuple[str, Any] | None:
        """A day declaration of the plug-in's own as a file writes it, (key, value); None: as
        every game writes it."""
        return None

    def written_execution_answer(self, value: Any) -> Any:
        """``EXECUTION_CHOICE``'s answer as a file writes it (None: a player, by name)."""
        return None

    def expected_answer(self, character: str, value: Any, player: Callable[..., int],
                        known: Callable[[str], bool], error: type[Exception], where: str) -> Any:
        """An ``expect.answers`` value in the engine's terms (as ``InfoRecord.truth`` holds it)."""
        raise error(f"{where}: {character!r} has no answer to expect")

    def written_answer(self, g: GameState, record: InfoRecord) -> Any:
        """A true answer as a scenario file writes it."""
        return record.truth

    def written_answers(self, g: GameState, night: NightRecord) -> dict[str, Any]:
        """The night's true answers at once, as a scenario file writes them (``ANSWERS_AT_ONCE``)."""
        return {}

    def told_key(self, record: InfoRecord) -> str:
        """The key a file's ``told`` names ``record``'s step by (here its character's id)."""
        return record.character

    def learned(self, g: GameState, character: str, night: NightRecord | None) -> list[Any]:
        """What the night learned for ``character``'s expected answer, the last counting
        (here each record's truth)."""
        return [r.truth for r in night.info if r.character == character] if night is not None else []

    def shown_answer(self, g: GameState, character: str, value: Any) -> str:
        """An expected or learned answer in the file's own words."""
        return str(value)

    def registrations(self, raw: dict[str, Any], error: type[Exception], where: str) -> dict[str, list[bool]]:
        """The day's registration choices: character -> each time, True when they register otherwise."""
        return {}

    def written_registration(self, character: str, registers: bool) -> Any:
        """A registration choice as a scenario file writes it."""
        return self.REGISTERING[character] if registers else character

    def day_event(self, key: str, value: Any, player: Callable[..., int], error: type[Exception],
                  where: str) -> Event:
        """A day act of ``DAY_EVENTS`` as the plug-in's own event."""
        raise error(f"{where}: no day act of {key!r} here")

    def day_events(self, key: str, value: Any, player: Callable[..., int], error: type[Exception],
                   where: str) -> list[Event]:
        """A day act of ``DAY_EVENTS`` as the plug-in's own events, in order (a key may name
        several players' acts: a Philosopher's beside the character's own); here ``day_event``'s one."""
        return [self.day_event(key, value, player, error, where)]

    def pairs(self, value: Any, player: Callable[..., int], error: type[Exception],
              where: str) -> list[tuple[int, int]]:
        """A day action of ``DAY_KEYS``: its [player, player] pairs, in order."""
        raise error(f"{where}: no day action of two players here")

    def parse_expect(self, key: str, value: Any, player: Callable[..., int], error: type[Exception],
                     where: str) -> Any:
        """An expectation of ``EXPECT`` in the engine's terms."""
        raise error(f"{where}: {key} is no expectation of these rules")

    def since(self, g: GameState) -> int:
        """Where the expectations of ``EXPECT`` count from now (here 0)."""
        return 0

    def check_expect(self, g: GameState, key: str, want: Any, since: int) -> str | None:
        """What is wrong with the expectation ``key`` (None: it holds)."""
        return f"{key}: no expectation of these rules"

    def written_expect(self, g: GameState, since: int) -> dict[str, Any]:
        """The expectations of ``EXPECT`` as a scenario file writes them (here none)."""
        return {}


# The tables of a plug-in's log words, by name (``grimoire.rules.words.plugin_words``).
LogTable = Literal["CAUSE", "BECAME", "BEGAN", "ENDED", "PLACED_WHY", "MOVED_WHY", "REVIVED"]


class LogWords:
    """A plug-in's words in the log for the happenings the generic log does not word. Every
    member is optional, declared here with its default: no words of its own."""

    CAUSE: Mapping[str, str] = {}  # a death's cause
    BECAME: Mapping[str, str] = {}  # why a character changed
    BEGAN: Mapping[str, str] = {}  # a drunkenness's or a poisoning's source, as it begins
    ENDED: Mapping[str, str] = {}  # and as it ends
    PLACED_WHY: Mapping[str, str] = {}  # why a token of its own was placed (by its name)
    MOVED_WHY: Mapping[str, str] = {}  # why it moved (by the side showing after the move)
    REVIVED: Mapping[str, str] = {}  # what brought a player back (by the ability's character)

    def line(self, rules: ScriptRules, g: GameState, h: Any) -> str | None:
        """The line for a happening ``h`` of its own ("" when it says nothing), None for another's."""
        return None

    def said(self, table: LogTable, key: str) -> str | None:
        """Its words for ``key`` in one of its tables (None: none)."""
        tables = {"CAUSE": self.CAUSE, "BECAME": self.BECAME, "BEGAN": self.BEGAN, "ENDED": self.ENDED,
                  "PLACED_WHY": self.PLACED_WHY, "MOVED_WHY": self.MOVED_WHY, "REVIVED": self.REVIVED}
        return tables[table].get(key)


# The parts of a plug-in that says nothing beyond every game's.
NO_SCENARIO_KEYS = ScenarioKeys()
NO_LOG_WORDS = LogWords()


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
    # What it names instead of a player, recorded by the rules' own event (``ScriptRules.declared``):
    # one of ``options`` (label, value), or up to ``pairs`` (player, character) pairs, one at a time.
    options: tuple[tuple[str, Any], ...] = ()
    pairs: int = 0
    owed: bool = False  # the day may not end until it is declared (a dead player's choice)
    players: tuple[int, ...] | None = None  # whom it may name (None: anyone)


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
    others: bool = False  # never on the owner's own player (the Grandmother's grandchild)


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


class ScriptRules(ABC):
    """A script's rules: what the grimoire asks of them.

    Required, every script's rules say it: ``name`` and the abstract methods (``plays``,
    ``night``, ``impairment_sources``, ``impairment_reason``, ``execute``, ``check_end``,
    ``end_pointers``). ``grimoire.rules.storyteller.StorytellerRules`` says them as the
    storyteller's judgement; a plug-in subclasses it to keep what its rules do not decide, or
    this class to decide them all. Everything else is optional, declared here with its default
    (none of the rules' own); a capability flag (``holds``, ``automated``,
    ``ScenarioKeys.ANSWERS_AT_ONCE``) says whether the rules have a part at all."""

    name: str  # required: how the grimoire names these rules ("Trouble Brewing's rules")

    # --- required: what every script's rules say -----------------------------------------
    @abstractmethod
    def plays(self, script: Script) -> bool:
        """Whether these rules play ``script`` (the registry offers it every script in turn)."""

    @abstractmethod
    def night(self, g: GameState, script: Script) -> Tonight:
        """Tonight's steps, built at dusk."""

    @abstractmethod
    def impairment_sources(self, g: GameState, i: int) -> tuple[str, ...]:
        """Every source of seat ``i``'s drunkenness and poisoning now (empty: sober and healthy),
        each "drunk:<owner>" or "poisoned:<owner>"."""

    @abstractmethod
    def impairment_reason(self, g: GameState, source: str) -> tuple[str, str]:
        """(what they are, by what) for a source of drunkenness or poisoning, as the grimoire words it."""

    @abstractmethod
    def execute(self, g: GameState, seat: int) -> Steps:
        """The day's execution of ``seat``: records ``g.today.execution`` and kills, or spares.
        May yield a prompt (a substitute offered): the event's ``answer`` answers it."""

    @abstractmethod
    def check_end(self, g: GameState) -> None:
        """Declare the winner if the game has ended (automated rules; else the storyteller does)."""

    @abstractmethod
    def end_pointers(self, g: GameState, script: Script) -> list[str]:
        """The end conditions met now that the app points out, for a storyteller who decides the
        end (automated rules: none)."""

    # --- optional: each part with its default, none of the rules' own --------------------
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

    # --- the parts a plug-in brings as objects, loaded when first asked ----------------------
    @property
    def told(self) -> ToldShapes | None:
        """The told answers of the characters in ``tells`` (None: the rules tell nothing)."""
        return None

    @property
    def scenario_keys(self) -> ScenarioKeys:
        """What a scenario file may say of this script beyond what every game has."""
        return NO_SCENARIO_KEYS

    @property
    def log_words(self) -> LogWords:
        """How the log words this script's own happenings."""
        return NO_LOG_WORDS

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

    def gives_information(self, step: str) -> bool:
        """Whether night step ``step`` may tell its player something, so that a drunk or poisoned
        player may be told falsely (a choice that tells nothing just does nothing). By default a
        character of ``tells`` or one ``bag_kinds`` says gives information; where the rules
        declare neither (the storyteller's judgement), any step may."""
        giving = next((ids for kind, ids in self.bag_kinds if kind == "give information"), frozenset())
        if not (self.tells or giving):
            return True
        return step in self.tells or step in giving

    def new_state(self, setup: TableSetup, g: GameState) -> ScriptState | None:
        """The rules' own state for a new game (``GameState.script_state``), once the seats are
        dealt; None: they keep none."""
        return None

    def place_setup(self, setup: TableSetup, g: GameState) -> None:
        """The tokens the rules place at setup, after the setup's own reminders."""
        return None  # here nothing

    # --- the night --------------------------------------------------------------------------
    def shows_grimoire(self, script: Script, step: str) -> bool:
        """Whether the storyteller shows the grimoire to the player woken at night step ``step``
        (the screen offers the grimoire for a player there). Here the script says so: its
        character's ``grimoire`` special (signal or ability), or its night reminder."""
        from grimoire.rules.grimoire_shown import script_shows_grimoire

        return script_shows_grimoire(script, step)

    # --- drunk, poisoned and abilities --------------------------------------------------------
    def impairments(self, g: GameState) -> tuple[tuple[int, str], ...]:
        """(seat, source) for everyone drunk or poisoned now."""
        return tuple((s.index, found) for s in g.seats for found in self.impairment_sources(g, s.index))

    def is_drunk(self, g: GameState, i: int) -> bool:
        """Seat ``i`` is drunk now."""
        from grimoire.rules import impairing

        return any(found.partition(":")[0] == impairing.DRUNK for found in self.impairment_sources(g, i))

    def is_poisoned(self, g: GameState, i: int) -> bool:
        """Seat ``i`` is poisoned now."""
        from grimoire.rules import impairing

        return any(found.partition(":")[0] == impairing.POISONED for found in self.impairment_sources(g, i))

    def ability_works(self, g: GameState, i: int) -> bool:
        """Seat ``i``'s ability works now: alive, sober and healthy."""
        return g.seats[i].alive and not (self.is_drunk(g, i) or self.is_poisoned(g, i))

    def registers_dead(self, g: GameState) -> frozenset[int]:
        """The living players who register as dead now (announced dead, not shrouded); none here."""
        return frozenset()

    def vote_multiplier(self, character: Character) -> int | None:
        """How many votes a hand marked by ``character``'s reminder counts as, where its data has
        a ``multiplier`` special without a value (None: the storyteller counts it as one)."""
        return None

    # --- deaths and the end -------------------------------------------------------------------
    def after_death(self, g: GameState, seat: int) -> None:
        """What a death sets off at once, whatever its cause (a token that goes with the player,
        the end it brings where the rules decide it at once)."""
        return None  # here nothing

    def survived_words(self, because: str) -> str:
        """Why an executed player did not die (or, announced dead, lives), in words ("" when the
        rules have no words for it)."""
        return ""

    # The reasons (``Execution.survived_because``) of an execution whose player is not said to
    # survive: whether they die is not decided (the game ended with it); ``survived_words`` tells it.
    undecided_executions: frozenset[str] = frozenset()

    def day_ends(self, g: GameState) -> None:
        """The day is over, before the night begins: the rules may end the game here (then
        no night follows). Nothing by default."""
        return None

    def recap_news(self, happening: Any) -> bool:
        """Whether a happening is news the dawn recap tells under "Changed tonight" (a player's
        alignment the rules turned); none by default."""
        return False

    def foreseen(self, happening: Any) -> bool:
        """Whether a happening of these rules' own (not one of every game's) is among what an
        action would do, as its confirmation shows it before it is recorded (the Phantom's
        attack), or a reminder of every game's that is what the action does (a drunkenness for the
        rest of the game, chosen at a death); every game's deaths, protections, changes of
        character and ends are."""
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

    def declared(self, g: GameState, declaration: DayDeclaration, value: Any) -> Event:
        """The event recording a declaration of ``options`` (``value``: the option's) or of
        ``pairs`` (``value``: the (player, character) pairs named); asked only of those."""
        raise NotImplementedError(f"{self.name} have no declaration of options or pairs")

    def nominated(self, g: GameState, nominator: int, nominee: int, registers: bool | None) -> None:
        """What a nomination sets off, once it is made."""
        return None  # here nothing

    def executed(self, g: GameState, seat: int) -> None:
        """What an execution sets off once it is done (the execution itself: ``execute``)."""
        return None  # here nothing

    def judged_execution(self, day: DayState) -> Any:
        """The happening of ``day`` (one of these rules' own, which the log words) that says the
        storyteller's judgement brought its execution, not the town's vote (an execution for
        madness): the session log's JSON tells its line with the execution. None by default."""
        return None

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
    # The rules' two-sided reminder tokens, by name: their two sides (a token shows one of them).
    token_sides: Mapping[str, tuple[str, str]] = {}
    # The words (label, tooltip) of the grimoire screen's keys for the rules' own things, by
    # action: "switch_option" (a: which option goes with the player, in an answer of both: offered
    # only where the rules name it), "move_held" (o: give what a player holds), "reveal".
    key_words: Mapping[str, tuple[str, str]] = {}
    # How the record words a player who died instead of the executed one.
    substitute_words: str = "died instead"

    # --- something a player holds (a capability: ``holds``) ---
    # True: a player may hold something of these rules (the Phantom's artifact), and ``held``,
    # ``held_moves``, ``moves_so_far`` and ``move_held`` say it; False: they have no such thing.
    holds: bool = False

    def held(self, g: GameState) -> Held | None:
        """What a player may hold of these rules, now (None exactly when ``holds`` is False)."""
        return None

    def held_moves(self, g: GameState, since: int = 0) -> list[HeldMove]:
        """Its moves, the first ``since`` left out (``moves_so_far`` counts them)."""
        return []

    def moves_so_far(self, g: GameState) -> int:
        """How many moves of what a player holds the record has (cheap: asked at every event)."""
        return 0

    def move_held(self, seat: int) -> Event:
        """The storyteller's override giving what a player holds to ``seat`` (asked only where ``holds``)."""
        raise NotImplementedError(f"{self.name} have nothing a player holds")

    # --- the rest of what the screens show ---
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

