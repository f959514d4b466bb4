"""Travellers who join or leave mid-game, and the Fabled and Loric placed for the table: the
script's own (its entries of those teams) or official ones from the official data, in any game
(the Phantom's included; its own Loric, the artifacts, are its rules' and not placed here).

A joining Traveller gets the next seat number and sits where the storyteller says
(``GameState.circle``); one who leaves keeps their seat in the log, out of the circle. The
rules treat a Traveller who joined exactly as a Traveller seated at setup. Their night steps,
and the Fabled's, are the storyteller's: nothing here decides anything for them.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from grimoire.core.freetext import NAME_LIMIT
from grimoire.core.happenings import Fabled, Joined, Left
from grimoire.core.model import Alignment, GameState, Seat
from grimoire.core.script import Character, Script, Team, load_script, normal_id
from grimoire.rules import chronicle

if TYPE_CHECKING:
    from grimoire.core.official import OfficialData
    from grimoire.rules.contract import ScriptRules

MAX_SEATS = 20


class VisitorError(ValueError):
    """A Traveller or a Fabled the table cannot take; the message says why."""


TABLE_TEAMS = (Team.FABLED, Team.LORIC)  # no player's: placed for the table


def official_data() -> OfficialData | None:
    """The official data, read (and its module imported) only when a visitor needs it: a game
    with none opens without it. Damaged data is a refusal naming the file and its mend (unless
    this process read it good before: a game in play keeps its visitors)."""
    from grimoire.core.official import OfficialDataError, in_play

    try:
        return in_play()
    except OfficialDataError as exc:
        raise VisitorError(f"Travellers and Fabled come from the official data: {exc}") from None


def role(char_id: str, team: Team, script: Script | None = None, runs: Collection[str] = ()) -> Character | None:
    """``char_id`` if it is of ``team``: the script's own entry (a homebrew Traveller, Fabled or
    Loric) unless the script's rules run it (``runs``: the game's ``ScriptRules.runs``), else
    the official character (None without the data). What is in play was offered by the rules
    (``roles_of`` at setup) or refused by them as it was placed (``visiting_role``), so reading
    it again (``in_play``) needs no ``runs``."""
    if script is not None and (own := script.by_id.get(char_id)) is not None:
        return own if own.team is team and char_id not in runs else None
    data = official_data()
    found = data.role(char_id) if data is not None else None
    return found if found is not None and found.team is team else None


def needs_data(what: str) -> VisitorError:
    from grimoire.core.official import UPDATE_HINT

    return VisitorError(f"{what} come from the official data, and none is loaded: {UPDATE_HINT}")


def visiting_role(rules: ScriptRules, g: GameState, char_id: str, teams: tuple[Team, ...]) -> Character:
    """A Traveller, Fabled or Loric the game may take: the script's own (unless its rules run
    it), or an official one."""
    script = load_script(g.script_id)
    for team in teams:
        found = role(char_id, team, script, rules.runs)
        if found is not None:
            return found
    kinds = " or ".join(t.label for t in teams)
    if char_id not in script.by_id and official_data() is None:
        raise needs_data("Travellers and Fabled")
    raise VisitorError(f"{char_id!r} is not an official {kinds} nor one of {script.name}'s")


def roles_of(rules: ScriptRules, script: Script, teams: tuple[Team, ...]) -> list[Character]:
    """The script's own characters of ``teams`` (but those its rules run) first, then the
    official ones, each by name."""
    runs = rules.runs
    own = sorted((c for c in script.characters if c.team in teams and c.id not in runs), key=lambda c: c.name)
    data = official_data()
    if data is None and not own:
        raise needs_data("Travellers and Fabled")
    taken = {normal_id(c.id) for c in script.characters}
    others = [] if data is None else [c for c in data.roles.values() if c.team in teams and normal_id(c.id) not in taken]
    return own + sorted(others, key=lambda c: c.name)


def joinable_travellers(rules: ScriptRules, g: GameState) -> list[Character]:
    """The Travellers who may join (the script's own, then the official ones), by name: every
    one not at the table now."""
    seated = {s.character for s in g.seats if s.traveller and not s.left}
    return [c for c in roles_of(rules, load_script(g.script_id), (Team.TRAVELLER,)) if c.id not in seated]


def table_characters(rules: ScriptRules, script: Script) -> list[Character]:
    """The Fabled and Loric the storyteller may place for the table: the script's own, then
    every official one."""
    return roles_of(rules, script, TABLE_TEAMS)


def traveller_name(character: str, script: Script | None = None) -> str:
    """A Traveller seat's character as shown: the script's or the official name, or the words
    given at setup."""
    found = role(character, Team.TRAVELLER, script) if character else None
    return found.name if found is not None else character


def add_traveller(rules: ScriptRules, g: GameState, name: str, character: str, alignment: str, after: int) -> int:
    if g.winner is not None:
        raise VisitorError(f"the game is over: {g.winner.value} won")
    traveller = visiting_role(rules, g, character, (Team.TRAVELLER,))
    if not name:
        raise VisitorError("a Traveller needs a name")
    if len(name) > NAME_LIMIT:
        raise VisitorError(f"a name is at most {NAME_LIMIT} characters; this one has {len(name)}")
    if any(s.name.casefold() == name.casefold() for s in g.seats):
        raise VisitorError(f"the name {name!r} is used already")
    if any(s.character == traveller.id and not s.left for s in g.seats):
        raise VisitorError(f"the {traveller.name} is in play already")
    try:
        side = Alignment(alignment)
    except ValueError:
        raise VisitorError(f"alignment must be good or evil, not {alignment!r}") from None
    ring = g.ring
    if after not in ring:
        raise VisitorError(f"there is no seat {after!r} at the table to sit after")
    if len(ring) >= MAX_SEATS:
        raise VisitorError(f"the table has {len(ring)} seats: at most {MAX_SEATS}")
    seat = len(g.seats)
    g.seats.append(Seat(seat, name, traveller.id, side, traveller=True))
    at = ring.index(after) + 1
    g.circle = (*ring[:at], seat, *ring[at:])
    chronicle.note(g, Joined(seat, after))
    return seat


def remove_traveller(rules: ScriptRules, g: GameState, seat: int) -> None:
    s = g.seats[seat]
    if not s.traveller:
        raise VisitorError(f"{s.name} is not a Traveller: only a Traveller leaves the game")
    if s.left:
        raise VisitorError(f"{s.name} has left the game already")
    held = rules.held(g)
    if held is not None and held.name and held.holder == seat:
        raise VisitorError(f"{s.name} holds the {held.noun}: move it first")
    ring = g.ring
    # Out of the circle: neither alive nor a voter, so no count, neighbour or vote sees them.
    g.replace_seat(seat, left=True, alive=False, ghost_vote=False)
    g.circle = tuple(i for i in ring if i != seat)
    chronicle.note(g, Left(seat))


def place_fabled(rules: ScriptRules, g: GameState, character: str) -> None:
    """A Fabled or a Loric for the table (kept in ``g.fabled`` alike)."""
    fabled = visiting_role(rules, g, character, TABLE_TEAMS)
    if fabled.id in g.fabled:
        raise VisitorError(f"the {fabled.name} is in play already")
    g.fabled = (*g.fabled, fabled.id)
    chronicle.note(g, Fabled(fabled.id, True))


def remove_fabled(g: GameState, character: str) -> None:
    if character not in g.fabled:
        raise VisitorError(f"{character!r} is not a Fabled or Loric in play")
    g.fabled = tuple(f for f in g.fabled if f != character)
    chronicle.note(g, Fabled(character, False))


# --- the night ------------------------------------------------------------------------------
def night_visitors(g: GameState, first: bool) -> dict[str, Character]:
    """The Travellers at the table and the Fabled in play that have a step tonight."""
    return {i: c for i, c in in_play(g).items() if (c.first_night if first else c.other_night)}


def in_play(g: GameState) -> dict[str, Character]:
    """The Travellers at the table and the Fabled and Loric in play (the script's own or
    official), by id."""
    script = load_script(g.script_id)
    out: dict[str, Character] = {}
    for s in g.seats:
        if s.traveller and not s.left and s.character:
            found = role(s.character, Team.TRAVELLER, script)
            if found is not None:
                out[found.id] = found
    for f in g.fabled:
        found = role(f, Team.FABLED, script) or role(f, Team.LORIC, script)
        if found is not None:
            out[found.id] = found
    return out


def merged_order(order: tuple[str, ...], visitors: dict[str, Character], first: bool) -> tuple[str, ...]:
    """``order`` with the visitors' steps, each after the last step of ``order`` that comes
    before it on the official night sheet; one that cannot be placed so goes before dawn."""
    if not visitors:
        return order
    data = official_data()
    sheet = () if data is None else (data.first_night if first else data.other_night)
    merged = list(order)
    for char_id in sorted(visitors, key=lambda c: sheet.index(c) if c in sheet else len(sheet)):
        if char_id in merged:
            continue  # the script has its own place for it
        at = None
        if char_id in sheet:
            for earlier in reversed(sheet[: sheet.index(char_id)]):
                if earlier in merged and earlier != "dawn":
                    at = merged.index(earlier) + 1
                    break
        if at is None:
            at = merged.index("dawn") if "dawn" in merged else len(merged)
        merged.insert(at, char_id)
    return tuple(merged)

