"""What a Sects & Violets seat's card says beyond the generic card (``ScriptRules.card_sections``):
the Cerenovus's madness (who the player must seem to be, and until when) and the Philosopher's
choice (the ability gained, whether it is spent, and who is drunk for it). The storyteller's
alone: the players' view is made from the public view, never from a card. And what an
information step learned, in words (a Philosopher's gained step named as such). Pure."""

from __future__ import annotations

from grimoire.core.model import GameState, InfoRecord
from grimoire.rules.snv import GAINED
from grimoire.rules.snv.happenings import Gained
from grimoire.rules.snv.impair import all_sources, holders, state
from grimoire.rules.words import character_name, seat_name

MADNESS = "Madness"
PHILOSOPHER = "The Philosopher's choice"
# The gained abilities the rules spend once used (the Philosopher wakes for them only once).
ONCE = ("seamstress",)


def sections(g: GameState, seat: int) -> list[tuple[str, list[str]]]:
    out = []
    mad = _madness(g, seat)
    if mad:
        out.append((MADNESS, mad))
    chose = _philosopher(g, seat)
    if chose:
        out.append((PHILOSOPHER, chose))
    return out


def _madness(g: GameState, seat: int) -> list[str]:
    found = state(g).mad.get(seat)
    if found is None:
        return []
    character, night = found
    name = character_name(g, character)
    return [f"Mad that they are the {name} on day {night} (the Cerenovus chose them on night {night}).",
            "If they break it, the storyteller may execute them for it: that is the day's execution.",
            f"It ends at dusk of day {night}."]


def _gained_on(g: GameState, seat: int, character: str) -> int | None:
    """The night the Philosopher in ``seat`` gained ``character``'s ability (the last such)."""
    found = None
    for night in g.nights:
        if any(isinstance(h, Gained) and h.seat == seat and h.character == character for h in night.happenings):
            found = night.number
    return found


def _philosopher(g: GameState, seat: int) -> list[str]:
    st = state(g)
    if g.seats[seat].character != "philosopher":
        return []
    gained = st.philosopher.get(seat)
    if gained is None:
        if (seat, "philosopher") in st.spent:
            return ["Chose a character while drunk or poisoned: nothing was gained, and the ability is spent."]
        return []
    name = character_name(g, gained)
    night = _gained_on(g, seat, gained)
    when = f" on night {night}" if night is not None else ""
    lines = [f"Gained the {name}'s ability{when}: they stay the Philosopher and wake at the {name}'s steps."]
    if gained in ONCE:
        used = (seat, gained) in st.spent
        lines.append(f"The {name}'s ability is once per game: {'used, spent' if used else 'not used yet'}.")
    drunk = {x for x, sources in all_sources(g).items() if "drunk:philosopher" in sources}
    others = [x for x in holders(g, gained) if x != seat]
    for x in others:
        if x in drunk:
            lines.append(f"{seat_name(g, x)}, the {name}, is drunk for it while the Philosopher's ability works.")
        else:
            lines.append(f"{seat_name(g, x)}, the {name}, is not drunk for it now: the Philosopher's ability "
                         "is not working (dead, drunk or poisoned).")
    if not others:
        lines.append(f"No-one else is the {name}: no-one is drunk for it (a player who becomes it will be).")
    return lines


def info_words(g: GameState, r: InfoRecord) -> str:
    """What an information step learned, for the card's "What they learned"."""
    from grimoire.rules.snv.told import truth_words

    gained = f"as the {character_name(g, r.character)} (the Philosopher's gained ability): " if r.occasion == GAINED else ""
    chose = f"chose {', '.join(g.name(a) for a in r.about)}; " if r.about else ""
    return f"{gained}{chose}true answer: {truth_words(g, r)}"
