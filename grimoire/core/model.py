"""The game record: seats, reminder tokens, days and nights, and the script's own state.

``GameState`` is the fold of the event log (see ``grimoire.core.game``). Its parts are frozen
values; the state object itself is only changed by the rules while an event is applied, on a
copy that nobody else holds.
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar

import attrs

from grimoire.core.value import define, frozen


class Alignment(enum.Enum):
    GOOD = "good"
    EVIL = "evil"

    @property
    def other(self) -> Alignment:
        return Alignment.EVIL if self is Alignment.GOOD else Alignment.GOOD


@frozen
class Expiry:
    """When a reminder token goes, and how the grimoire says it. The standard ones are here
    (``Expiry.DAWN``...); a script's rules declare their own (the rules remove those tokens
    themselves, with ``grimoire.rules.tokens.expire``)."""

    value: str  # a removal's occasion, as its TokenChange's ``why`` names it
    words: str  # as the seat card says it: "goes at dawn"
    when: str = ""  # the log's words when they go ("At dawn"); "": they are not removed on time

    DAWN: ClassVar[Expiry]
    NEXT_DUSK: ClassVar[Expiry]
    UNTIL_MOVED: ClassVar[Expiry]
    PERMANENT: ClassVar[Expiry]


Expiry.DAWN = Expiry("dawn", "goes at dawn", "At dawn")  # "tonight": removed by the dawn step
Expiry.NEXT_DUSK = Expiry("next_dusk", "goes at the next dusk", "At dusk")  # "until dusk"
# Moved by its owner's step; removed when the owner dies.
Expiry.UNTIL_MOVED = Expiry("until_moved", "moves at its owner's step; goes if the owner dies")
Expiry.PERMANENT = Expiry("permanent", "stays until removed")


class Phase(enum.Enum):
    SETUP = "setup"
    NIGHT = "night"
    DAY = "day"
    OVER = "over"


@frozen
class Seat:
    index: int
    name: str
    character: str
    alignment: Alignment  # the TRUE alignment
    traveller: bool = False
    alive: bool = True
    ghost_vote: bool = True  # a dead player's one remaining vote
    ability_lost: bool = False  # a character whose ability a rule took away
    left: bool = False  # a Traveller who has left the game: out of the circle, still in the log
    thinks: str | None = None  # the character they think they are (the Drunk's Townsfolk): core.thinks
    # The character their card still shows after a change of character they did not learn (None:
    # they learned it): their phone's dealt card keeps it.
    believes: str | None = None


@frozen
class Token:
    name: str  # the exact seed name, e.g. "Protected / Drunk until dusk"
    owner: str  # the character id that owns the token
    seat: int
    expiry: Expiry
    side: str | None = None  # two-sided tokens: the side showing

    @property
    def shown(self) -> str:
        """What the grimoire shows: a two-sided token by its current side."""
        return self.side or self.name


@frozen
class Reminder:
    """A reminder of the storyteller's own words on a seat (never read by the rules)."""

    seat: int
    text: str
    when: str  # "Night 2", "Day 2", "Setup": as the log's headings say


@frozen
class Aside:
    """A line of the storyteller's for the log: a note written, a reminder placed or removed."""

    when: str
    seat: int
    kind: str  # "note", "reminder" or "unreminder"
    text: str


# --- the cards each player was told (grimoire.core.events: card_shown, card_sent, phones) -------
OPENED, SEEN = "opened", "seen"  # how far a player got with a card on their phone


@frozen
class Card:
    """A card a player was shown, with its words as shown: on the laptop, or sent to a seat's
    phone (dealt: that seat's "You are" card, dealt while the storyteller deals to phones)."""

    id: str
    when: str  # "Setup", "Night 2", "Day 2": as the log's headings say
    seat: int | None  # whose it is (a laptop card shown to nobody in particular: None)
    what: str  # the card's kind: "you_are", "demon", a script's own
    label: str
    blocks: tuple[tuple[str, str], ...]  # (role, words): "headline", "big", "text"
    phone: bool = False
    dealt: bool = False
    state: str = ""  # on a phone: "", OPENED or SEEN

    def words(self) -> str:
        return " · ".join(text for _role, text in self.blocks)


@frozen
class CardNews:
    """A happening of the log: a card shown, sent, dealt, opened or seen (``did``), with the
    card as it was then."""

    card: Card
    did: str  # "shown", "sent", "dealt", OPENED, SEEN, or "taken_back" (the deal undone by hand)


@frozen
class PhoneChoices:
    """The game's choices for the phones (``PhonesChoice``), and what each seat's dealt card was
    last made from, so that a change of it deals a new one."""

    deal: str = ""
    night: bool = False
    dealt_from: tuple[tuple[int, Any], ...] = ()


@frozen
class Execution:
    seat: int
    died: bool
    # Why the player did not die; with ``died``, why they only seem to: announced dead, they
    # live (a player who registers as dead), as the rules' ``survived_words`` say.
    survived_because: str | None = None
    substitute: int | None = None  # who died instead, where the script's rules offer it


@frozen
class Nomination:
    nominator: int
    nominee: int
    votes: tuple[int, ...] | None = None  # voters, once the vote is counted
    # What the hands counted as, where a character's special weighed some (None: one each);
    # and whether the vote was secret (its hands and tally never shown to the players).
    tally: int | None = None
    hidden: bool = False

    @property
    def count(self) -> int | None:
        """The votes this nomination got (None while it is not counted)."""
        if self.votes is None:
            return None
        return len(self.votes) if self.tally is None else self.tally


@define
class DayState:
    number: int
    nominations: list[Nomination] = attrs.Factory(list)
    execution: Execution | None = None
    exiles: list[int] = attrs.Factory(list)
    declarations: list[str] = attrs.Factory(list)  # the characters declared today (their ids)
    deaths: list[int] = attrs.Factory(list)
    happenings: list[Any] = attrs.Factory(list)  # what the rules did today (grimoire.core.happenings)

    def clone(self) -> DayState:
        return attrs.evolve(
            self,
            nominations=list(self.nominations),
            exiles=list(self.exiles),
            declarations=list(self.declarations),
            deaths=list(self.deaths),
            happenings=list(self.happenings),
        )


@define
class InfoRecord:
    """One piece of information given tonight, as the rules computed it."""

    character: str
    seat: int | None
    truth: Any  # the true answer, in scenario terms (see grimoire.rules.info)
    impaired: bool
    # Why it was given other than at the character's own step, in the rules' word ("": there).
    occasion: str = ""
    about: tuple[int, ...] = ()  # the players the character chose, if any
    told: Any = None  # what the storyteller gave, when recorded (grimoire.rules.told); None: not said


@define
class NightRecord:
    number: int
    woke: list[str] = attrs.Factory(list)  # sheet steps carried out, in order
    info: list[InfoRecord] = attrs.Factory(list)
    deaths: list[int] = attrs.Factory(list)
    skipped: dict[str, str] = attrs.Factory(dict)  # step -> why, as decided when it came up
    # What the rules did tonight, in order: grimoire.core.happenings, and the InfoRecords.
    happenings: list[Any] = attrs.Factory(list)

    def clone(self) -> NightRecord:
        return attrs.evolve(
            self,
            woke=list(self.woke),
            info=list(self.info),
            deaths=list(self.deaths),
            skipped=dict(self.skipped),
            happenings=list(self.happenings),
        )

    def mark_woke(self, step: str) -> None:
        if step not in self.woke:
            self.woke.append(step)

    def add_info(self, record: InfoRecord) -> None:
        self.info.append(record)
        self.happenings.append(record)


@define
class GameState:
    script_id: str
    seats: list[Seat]
    tokens: list[Token]
    # The script's rules' own state (grimoire.rules.contract.ScriptState), folded by them: core
    # knows no script, so it knows nothing of it but that it is copied with the rest.
    script_state: Any = None
    bluffs: tuple[str, ...] = ()
    night: int = 0
    day: int = 0
    phase: Phase = Phase.SETUP
    used: set[str] = attrs.Factory(set)
    days: list[DayState] = attrs.Factory(list)
    nights: list[NightRecord] = attrs.Factory(list)
    winner: Alignment | None = None
    win_reason: str = ""
    reveal_shown: bool = False  # the storyteller chose to show the reveal to the players
    reminders: list[Reminder] = attrs.Factory(list)
    asides: list[Aside] = attrs.Factory(list)
    # The cards each player was told, in order (grimoire.core.events' card events), the phones'
    # choices, and what happened to cards before the first night (no night or day holds it).
    cards: list[Card] = attrs.Factory(list)
    phones: PhoneChoices = PhoneChoices()
    before_first_night: list[Any] = attrs.Factory(list)
    # Who is drunk or poisoned now, and by what: (seat, source) pairs, kept by grimoire.rules.chronicle.
    impairments: tuple[tuple[int, str], ...] = ()
    # The seating order when a Traveller joined mid-game (seat numbers never change, so a new
    # seat's number is the next free one); () is the seats in number order.
    circle: tuple[int, ...] = ()
    fabled: tuple[str, ...] = ()  # the Fabled placed for the table (character ids), in order
    unseated: tuple[str, ...] = ()  # in play with no seat of its own (Lil' Monsta: a Minion babysits it)

    def clone(self) -> GameState:
        # Only the newest day and night are ever changed, so older records are shared.
        return attrs.evolve(
            self,
            seats=list(self.seats),
            tokens=list(self.tokens),
            reminders=list(self.reminders),
            asides=list(self.asides),
            cards=list(self.cards),
            before_first_night=list(self.before_first_night),
            script_state=None if self.script_state is None else self.script_state.clone(),
            used=set(self.used),
            days=[*self.days[:-1], self.days[-1].clone()] if self.days else [],
            nights=[*self.nights[:-1], self.nights[-1].clone()] if self.nights else [],
        )

    @property
    def today(self) -> DayState | None:
        """The current day, kept through the next night (its dusk and kill read it)."""
        return self.days[-1] if self.days else None

    # --- plain look-ups (no rules) -------------------------------------------------------
    def seat(self, index: int) -> Seat:
        return self.seats[index]

    def seat_of(self, character: str) -> Seat | None:
        for seat in self.seats:
            if seat.character == character:
                return seat
        return None

    def in_play(self, character: str) -> bool:
        return self.seat_of(character) is not None or character in self.unseated

    @property
    def tonight(self) -> NightRecord | None:
        return self.nights[-1] if self.nights and self.phase is Phase.NIGHT else None

    @property
    def ring(self) -> tuple[int, ...]:
        """The seats at the table, clockwise (those who left are not)."""
        order = self.circle or range(len(self.seats))
        return tuple(i for i in order if not self.seats[i].left)

    def beside(self, seat: int, step: int) -> int:
        """The seat ``step`` places clockwise (negative: anticlockwise) of ``seat``."""
        ring = self.ring
        return ring[(ring.index(seat) + step) % len(ring)]

    def tokens_on(self, seat: int) -> list[Token]:
        return [t for t in self.tokens if t.seat == seat]

    def reminders_on(self, seat: int) -> list[Reminder]:
        return [r for r in self.reminders if r.seat == seat]

    def note(self, seat: int) -> Aside | None:
        """The storyteller's note on ``seat`` now (the last one written), or None."""
        for aside in reversed(self.asides):
            if aside.seat == seat and aside.kind == "note":
                return aside if aside.text else None
        return None

    @property
    def moment(self) -> str:
        """Now, in the log's words: "Setup", "Night 2" or "Day 2"."""
        if self.phase is Phase.SETUP:
            return "Setup"
        if self.phase is Phase.DAY or (self.phase is Phase.OVER and self.days and self.day == self.night):
            return f"Day {self.day}"
        return f"Night {self.night}"

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.seats[seat].name

    def index_of(self, name: str) -> int:
        """The seat of a player named ``name`` (case-insensitive); KeyError if there is none."""
        wanted = name.strip().casefold()
        for seat in self.seats:
            if seat.name.casefold() == wanted:
                return seat.index
        raise KeyError(name)

    def replace_seat(self, index: int, **changes: Any) -> None:
        if "character" in changes:  # a change the rules make is learned, unless the caller says not
            changes.setdefault("believes", None)
        self.seats[index] = attrs.evolve(self.seats[index], **changes)
