"""The event log: every storyteller action, as plain data that saves to TOML and back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs

from grimoire.core.freetext import clean, note_text, reminder_text, unsafe_problem
from grimoire.core.value import as_tuple, frozen


class EventError(ValueError):
    pass


def _cleaned(value: Any) -> tuple[str, ...]:
    """A card's words as typed or made: each cleaned as any words of the log are."""
    return tuple(clean(v) for v in as_tuple(value))


@frozen
class Event:
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        for field in attrs.fields(type(self)):
            value = getattr(self, field.name)
            if value is None:
                continue  # TOML has no null: a missing key reads back as None
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data


# --- the night walker -----------------------------------------------------------------------
@frozen
class StartNight(Event):
    """Dusk: the storyteller starts the next night (ends the day)."""

    kind: ClassVar[str] = "start_night"


@frozen
class Answer(Event):
    """An answer to the walker's current prompt (None acknowledges a step).

    ``told``: at a step that tells a player something, what the storyteller actually gave
    (grimoire.rules.told says its shape); None, as in every older save, means nothing was said
    of it: a sober player was given the truth, an impaired one may have been told otherwise."""

    kind: ClassVar[str] = "answer"
    step: str
    value: Any = None
    told: Any = None


# --- the day --------------------------------------------------------------------------------
@frozen
class Nominate(Event):
    kind: ClassVar[str] = "nominate"
    nominator: int
    nominee: int
    registers: bool | None = None  # the storyteller's registration choice, where the rules ask one


@frozen
class Vote(Event):
    kind: ClassVar[str] = "vote"
    nominee: int
    voters: tuple[int, ...] = attrs.field(converter=as_tuple)


@frozen
class Point(Event):
    """The players point, for a character whose ability has them point (its ``pointing``
    special): each of ``seats`` at the seat at the same place in ``targets``."""

    kind: ClassVar[str] = "point"
    character: str
    seats: tuple[int, ...] = attrs.field(converter=as_tuple)
    targets: tuple[int, ...] = attrs.field(converter=as_tuple)


@frozen
class Execute(Event):
    kind: ClassVar[str] = "execute"
    seat: int
    answer: Any = None  # the answer to what the script's rules ask at the execution (a substitute)


@frozen
class Declare(Event):
    """A public day declaration: Christine's unmask, Piangi's performance, the Slayer's shot."""

    kind: ClassVar[str] = "declare"
    seat: int
    character: str
    target: int | None = None  # the player it names (the Slayer's); older saves have none
    # Where the script's rules ask it (``ScriptRules.registration``): whether the player it
    # names registers as what the ability looks for (a Recluse as the Demon); None: as they are.
    registers: bool | None = None


@frozen
class Exile(Event):
    kind: ClassVar[str] = "exile"
    seat: int


# --- storyteller overrides: at a real table the storyteller is always right -------------------
@frozen
class PlaceToken(Event):
    kind: ClassVar[str] = "place_token"
    name: str
    owner: str
    seat: int
    side: str | None = None


@frozen
class RemoveToken(Event):
    kind: ClassVar[str] = "remove_token"
    name: str
    seat: int


@frozen
class SetAlive(Event):
    kind: ClassVar[str] = "set_alive"
    seat: int
    alive: bool


@frozen
class SwapCharacter(Event):
    kind: ClassVar[str] = "swap_character"
    seat: int
    character: str
    learns: bool = True  # the storyteller tells the player: their dealt card follows


@frozen
class SetAlignment(Event):
    kind: ClassVar[str] = "set_alignment"
    seat: int
    alignment: str


@frozen
class SetGhostVote(Event):
    kind: ClassVar[str] = "set_ghost_vote"
    seat: int
    available: bool


@frozen
class StartDayTimer(Event):
    """The storyteller starts the day's timer (its pauses and its end are not the record's)."""

    kind: ClassVar[str] = "day_timer"
    label: str  # "Discussion" or "Nominations"
    seconds: int


# --- the storyteller's own words: notes and reminders (free text, cleaned and capped) ----------
@frozen
class WriteNote(Event):
    """The storyteller's note on a seat; it replaces the last one, and empty text clears it."""

    kind: ClassVar[str] = "note"
    seat: int
    text: str = attrs.field(converter=note_text)


@frozen
class PlaceReminder(Event):
    """A reminder of the storyteller's own (free text) on a seat."""

    kind: ClassVar[str] = "place_reminder"
    seat: int
    text: str = attrs.field(converter=reminder_text)


@frozen
class RemoveReminder(Event):
    kind: ClassVar[str] = "remove_reminder"
    seat: int
    text: str = attrs.field(converter=clean)


# --- Travellers who join or leave, and the Fabled (official characters) ----------------------
@frozen
class AddTraveller(Event):
    """A Traveller joins: a new seat, numbered after the others, sitting clockwise of ``after``."""

    kind: ClassVar[str] = "add_traveller"
    name: str = attrs.field(converter=clean)
    character: str  # an official Traveller's id
    alignment: str  # "good" or "evil": the storyteller's choice
    after: int


@frozen
class RemoveTraveller(Event):
    """A Traveller leaves the game: out of the circle; their seat stays in the log."""

    kind: ClassVar[str] = "remove_traveller"
    seat: int


@frozen
class PlaceFabled(Event):
    kind: ClassVar[str] = "place_fabled"
    character: str


@frozen
class RemoveFabled(Event):
    kind: ClassVar[str] = "remove_fabled"
    character: str


# --- the cards each player was told: on the laptop, or on their own phone -----------------------
# A card's words go into the event as the player saw them (each block's role and text), so the
# record holds exactly what was shown, whatever the game becomes. Generic: no character named.
@frozen
class PhonesChoice(Event):
    """This game's choices for the players' phones: ``deal``, the deal's key ("" not dealing:
    each seat's "You are" card is dealt to its phone while it is set, made by the fold from the
    game as it is, a new card whenever a seat's changes); ``night``, whether the night's cards
    may go to a phone."""

    kind: ClassVar[str] = "phones"
    deal: str = ""
    night: bool = False


@frozen
class CardShown(Event):
    """A card shown on the laptop (``seat``: the player it is for, where known)."""

    kind: ClassVar[str] = "card_shown"
    card: str  # its id: 16 hex digits
    what: str  # the card's kind ("you_are", "demon", a script's own...)
    label: str = attrs.field(converter=clean)  # as the storyteller's list names it
    roles: tuple[str, ...] = attrs.field(converter=as_tuple)  # each block's role: "headline", "big", "text"
    words: tuple[str, ...] = attrs.field(converter=_cleaned)  # each block's words, as shown
    seat: int | None = None
    when: str | None = None  # only a card read from an older game's side file: when it was sent


@frozen
class CardSent(Event):
    """A card sent to one seat's phone instead of the laptop."""

    kind: ClassVar[str] = "card_sent"
    card: str
    seat: int
    what: str
    label: str = attrs.field(converter=clean)
    roles: tuple[str, ...] = attrs.field(converter=as_tuple)
    words: tuple[str, ...] = attrs.field(converter=_cleaned)
    when: str | None = None  # only a card read from an older game's side file: when it was sent


@frozen
class CardOpened(Event):
    """A seat's phone said the player opened one of its cards (the grimoire logs what the
    server was told: grimoire.store.phone_cards)."""

    kind: ClassVar[str] = "card_opened"
    card: str


@frozen
class CardSeen(Event):
    """A seat's phone said the player has seen one of its cards."""

    kind: ClassVar[str] = "card_seen"
    card: str


# --- the phones that joined by one code (grimoire.core.seat_claims) -----------------------------
# A phone's own claim is the server's (kept beside the game); the storyteller's decisions on it
# change what a phone is shown, so they are the game's: ``claim`` is the claim's public id.
@frozen
class PhoneReleased(Event):
    """The storyteller released the phone holding ``seat``: it holds no seat until it sits down again."""

    kind: ClassVar[str] = "phone_released"
    claim: str
    seat: int


@frozen
class PhoneMoved(Event):
    """The storyteller moved the phone holding ``seat`` to the seat ``to``."""

    kind: ClassVar[str] = "phone_moved"
    claim: str
    seat: int
    to: int


# --- the game's end ---------------------------------------------------------------------------
@frozen
class ShowReveal(Event):
    """The storyteller shows the reveal to the players (the town square), or hides it again.

    Refused before a team has won: no secret reaches the players' view before the end."""

    kind: ClassVar[str] = "show_reveal"
    shown: bool = True


@frozen
class DeclareWinner(Event):
    """The storyteller declares which team has won (a script whose rules do not decide it)."""

    kind: ClassVar[str] = "declare_winner"
    winner: str  # "good" or "evil"
    reason: str = attrs.field(default="", converter=clean)


# The events of the cards the players were told, and of the phones the storyteller released or
# moved: they change no rule, nor the step at hand.
CARD_EVENTS = (PhonesChoice, CardShown, CardSent, CardOpened, CardSeen, PhoneReleased, PhoneMoved)

EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        StartNight,
        Answer,
        Nominate,
        Vote,
        Point,
        Execute,
        Declare,
        Exile,
        PlaceToken,
        RemoveToken,
        SetAlive,
        SwapCharacter,
        SetAlignment,
        SetGhostVote,
        StartDayTimer,
        WriteNote,
        PlaceReminder,
        RemoveReminder,
        ShowReveal,
        DeclareWinner,
        AddTraveller,
        RemoveTraveller,
        PlaceFabled,
        RemoveFabled,
        PhonesChoice,
        CardShown,
        CardSent,
        CardOpened,
        CardSeen,
        PhoneReleased,
        PhoneMoved,
    )
}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _answer_shaped(value: Any) -> bool:
    """What any answer is: a seat number, an option's word, a list of them, or a list of such
    lists (a step that records several things: ``[["chose", 2], ["text", "YES"]]``)."""
    def one(v: Any) -> bool:
        return isinstance(v, str) or _whole(v)

    def flat(v: Any) -> bool:
        return isinstance(v, list) and all(one(x) for x in v)

    return one(value) or flat(value) or (isinstance(value, list) and bool(value) and all(flat(v) for v in value))


def event_from_dict(data: Any, where: str = "event", own: Sequence[type[Event]] = (),
                    renamed: Mapping[str, Mapping[str, str]] | None = None) -> Event:
    """An event from a file's table. ``own``: the events of the game's script's rules, beyond
    every game's; ``renamed``: fields older files name otherwise, by event kind ({old: new})."""
    if not isinstance(data, dict):
        raise EventError(f"{where}: must be a table")
    kind = data.get("type")
    cls = (EVENT_TYPES.get(kind) or next((c for c in own if c.kind == kind), None)) if isinstance(kind, str) else None
    if cls is None:
        raise EventError(f"{where}: unknown event type {kind!r}")
    fields = {f.name: f for f in attrs.fields(cls)}
    names = (renamed or {}).get(cls.kind, {})
    args = {names.get(k, k): v for k, v in data.items() if k != "type"}
    written = {names[k]: k for k in data if k in names}  # a field as the file names it
    for key in args:
        if key not in fields:
            raise EventError(f"{where}: {kind} has no field {key!r}")
    for name, field in fields.items():
        if field.default is attrs.NOTHING and name not in args:
            raise EventError(f"{where}: {kind} needs {name!r}")
        value = args.get(name)
        expected = field.type
        if value is None:
            continue
        if expected in ("int", "int | None") and not _whole(value):
            raise EventError(f"{where}: {kind}.{written.get(name, name)} must be a whole number")
        if expected in ("str", "str | None") and not isinstance(value, str):
            raise EventError(f"{where}: {kind}.{written.get(name, name)} must be text")
        if expected in ("bool", "bool | None") and not isinstance(value, bool):
            raise EventError(f"{where}: {kind}.{written.get(name, name)} must be true or false")
        if expected == "tuple[int, ...]" and not (isinstance(value, list) and all(_whole(v) for v in value)):
            raise EventError(f"{where}: {kind}.{written.get(name, name)} must be an array of seat numbers")
        if expected == "tuple[str, ...]" and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise EventError(f"{where}: {kind}.{written.get(name, name)} must be an array of text")
        if expected == "Any" and not _answer_shaped(value):
            raise EventError(f"{where}: {kind}.{written.get(name, name)} must be a seat number, a word, or an array of them")
        texts = [value] if isinstance(value, str) else value if expected == "tuple[str, ...]" else []
        problem = next((p for p in map(unsafe_problem, texts) if p is not None), None)
        if problem is not None:  # a file's words: refused, not cleaned as typed words are
            raise EventError(f"{where}: {kind}.{written.get(name, name)} {problem}")
    try:
        return cls(**args)
    except (TypeError, ValueError) as exc:
        raise EventError(f"{where}: {exc}") from None
