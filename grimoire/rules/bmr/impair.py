"""Who is drunk or poisoned on Bad Moon Rising: every source is an ongoing effect of an ability
(a ``Span``), holding only while its source is alive, sober and healthy (paused while the source
is impaired, ended when it dies); a source made drunk by its own ability stays drunk.

The plug-in answers the contract's questions from here (``impairment_sources``, ``ability_works``),
and its own modules ask here too, with no rules needed to know who is drunk; only beginning and
ending a span, which places and removes its reminder, is given the game's rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.model import Expiry, GameState
from grimoire.rules import tokens as tk
from grimoire.rules.bmr.state import BmrState, Span

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

MOONCHILD, COURTIER, NO_ABILITY = "moonchild", "courtier", "No Ability"


def state(g: GameState) -> BmrState:
    st = g.script_state
    assert isinstance(st, BmrState), "a Bad Moon Rising game keeps its own state"
    return st


def _covers(span: Span, seat: int, g: GameState) -> bool:
    if span.target is None:  # everyone else: the living (a dead player's state is not defined here)
        return seat != span.source and not g.seats[seat].traveller and g.seats[seat].alive
    return span.target == seat


def active(g: GameState) -> list[Span]:
    """The spans that hold now: each whose source is alive and not made drunk or poisoned by
    another span that holds (worked out until it settles; a source's own drunkenness holds)."""
    spans = state(g).spans
    holding = list(spans)
    for _ in range(len(spans) + 1):
        now = [s for s in spans if s.own or (g.seats[s.source].alive
               and not any(_covers(o, s.source, g) for o in holding if o is not s))]
        if now == holding:
            break
        holding = now
    return holding


def sources(g: GameState, i: int) -> tuple[str, ...]:
    """What makes seat ``i`` drunk or poisoned now. A dead player's state is not defined (their
    ability is gone), but the Moonchild's, whose ability works dead."""
    seat = g.seats[i]
    if not seat.alive and seat.character != MOONCHILD:
        return ()
    return tuple(dict.fromkeys(f"{s.what}:{s.owner}" for s in active(g) if _covers(s, i, g)))


def expiry(g: GameState, span: Span) -> Expiry:
    """When the span's reminder goes: at the next dusk when the span ends then (the recap
    says so), else when the rules take it away."""
    return Expiry.NEXT_DUSK if span.until == g.night + 1 else Expiry.PERMANENT


def begin(rules: ScriptRules, g: GameState, span: Span) -> None:
    """A drunkenness or poisoning begins, with its reminder on the player."""
    st = state(g)
    st.spans.append(span)
    if span.token:
        tk.place(rules, g, span.token, span.owner, span.target if span.target is not None else span.source,
                 expiry(g, span))


def end(rules: ScriptRules, g: GameState, span: Span, why: str) -> None:
    st = state(g)
    if span not in st.spans:
        return
    st.spans.remove(span)
    if span.token:
        seat = span.target if span.target is not None else span.source
        token = next((t for t in g.tokens if t.name == span.token and t.owner == span.owner and t.seat == seat), None)
        if token is not None:
            tk.remove(rules, g, token, why)
    if span.owner == COURTIER and not tk.has(g, NO_ABILITY, span.source):
        tk.place(rules, g, NO_ABILITY, COURTIER, span.source, Expiry.PERMANENT)  # the Courtier's span is over


def end_where(rules: ScriptRules, g: GameState, why: str, **match: object) -> None:
    for span in [s for s in state(g).spans if all(getattr(s, k) == v for k, v in match.items())]:
        end(rules, g, span, why)


def works(g: GameState, i: int) -> bool:
    """Seat ``i``'s ability works now: alive (the Moonchild's works dead), sober and healthy."""
    s = g.seats[i]
    return (s.alive or s.character == MOONCHILD) and not sources(g, i)
