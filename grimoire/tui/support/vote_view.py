"""What the vote screen shows of a vote going round: the list in the round's order, the marks
on the seats, the circle's middle (markup; no Textual). The numbers come from the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.model import GameState
from grimoire.core.vote_count import VoteSpecials, tally
from grimoire.rules import day as day_rules
from grimoire.tui.support.view import esc
from grimoire.tui.support.vote_round import VoteRound

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

UP, DOWN = "✋ up", "✗ down"
PHONE_UP, PHONE_DOWN = "📱 up", "📱 down"
PHONE_RAISED = "📱 raised"  # up on the phone, the clock not there yet: not counted yet
NO_VOTE = "no vote"
GHOST = "ghost vote: spends it"
KEYS = "y/space: up · n: down · ←: back · →: skip · a seat's number: that hand"
PLAIN = VoteSpecials()  # a vote whose hands count one each, in the open


def hand_words(rnd: VoteRound, seat: int) -> str:
    """A seat's hand as the list and the circle say it ("" while nobody has said)."""
    if seat not in rnd.voting:
        return NO_VOTE
    phone = rnd.by_phone(seat)
    if phone is not None:
        if phone and not rnd.reached(seat):
            return PHONE_RAISED
        return PHONE_UP if phone else PHONE_DOWN
    keyed = dict(rnd.keyed).get(seat)
    if keyed is None:
        return ""
    return UP if keyed else DOWN


def seat_marks(g: GameState, rnd: VoteRound) -> dict[int, str]:
    """The words put first on each seat's box for the vote (its hand; a ghost vote it spends)."""
    marks = {}
    for seat in rnd.order:
        words = hand_words(rnd, seat)
        if not words and not g.seats[seat].alive:
            words = "ghost vote"
        if words:
            marks[seat] = words
    return marks


def _needs(rules: ScriptRules, g: GameState) -> str:
    need, beat = day_rules.block_needs(rules, g)
    if not beat:
        return f"[b]{need}[/b] needed"
    whom = g.seats[beat[0]].name if len(beat) == 1 else "the tie"
    return f"[b]{need}[/b] needed (to beat {esc(whom)})"


def weight_words(specials: VoteSpecials, seat: int) -> str:
    """A weighted hand's mark ("×3", "×-1"; "" for a hand that counts as one)."""
    weight = specials.weight(seat)
    return "" if weight == 1 else f"×{weight}"


def heading(rules: ScriptRules, g: GameState, rnd: VoteRound, nominator: int, specials: VoteSpecials = PLAIN) -> str:
    nominee = rnd.nominee
    up = len(rnd.up)
    votes = tally(rnd.up, specials)
    need, _beat = day_rules.block_needs(rules, g)
    counts = f" · [b]counts as {votes}[/b]" if votes != up else ""
    lines = [
        f"[b]VOTE[/b] on [b]{nominee + 1} {esc(g.name(nominee))}[/b]",
        f"[dim]nominated by {nominator + 1} {esc(g.name(nominator))}[/dim]",
        f"[b]{up}[/b] hand{'s' * (up != 1)} up{counts} · {_needs(rules, g)}"
        + (" [b $success]✔ enough[/]" if votes >= need else ""),
    ]
    if specials.hidden:
        lines.append("[b $warning]Secret vote[/]: eyes closed; the pages show no hands and no count")
    if rnd.raised:
        ahead = len(rnd.raised)
        lines.append(f"[dim]{ahead} hand{'s' * (ahead != 1)} raised on phones ahead: counted as the clock reaches them[/dim]")
    if rnd.at is None:
        lines.append(f"[b $accent]Round done:[/] Enter records {votes} vote{'s' * (votes != 1)}")
    else:
        lines.append(f"[b $accent]Asking {rnd.at + 1} {esc(g.name(rnd.at))}[/]")
    lines.append(f"[dim]{KEYS}[/dim]")
    return "\n".join(lines)


def round_list(g: GameState, rnd: VoteRound, specials: VoteSpecials = PLAIN) -> list[str]:
    """One line a seat, in the round's order (two for a ghost vote), the asked seat marked."""
    width = len(str(max(rnd.order, default=0) + 1))
    name_w = 12
    out = []
    for seat in rnd.order:
        s = g.seats[seat]
        name = s.name if len(s.name) <= name_w else s.name[: name_w - 1] + "…"
        dead = " ☠" if not s.alive else ""
        head = f"{seat + 1:>{width}} {name}{dead}"
        pad = " " * max(0, name_w + 2 - len(name) - len(dead))
        words = hand_words(rnd, seat)
        if seat in rnd.voting and (weight := weight_words(specials, seat)):
            words = f"{words} {weight}".strip()
        if seat == rnd.at:
            line = f"[b]▶ [reverse]{esc(head)}[/reverse][/b]{pad} {esc(words or '?')}"
        elif seat in rnd.voting:
            line = f"  {esc(head)}{pad} [b]{esc(words)}[/b]" if words else f"  {esc(head)}"
        else:
            line = f"[dim]  {esc(head)}{pad} {NO_VOTE}[/dim]"
        if seat == rnd.nominee:
            line += " [dim](nominee)[/dim]"
        out.append(line)
        if seat in rnd.voting and not s.alive:
            out.append(f"[dim]{' ' * (width + 3)}{GHOST}[/dim]")
    return out


def centre(rules: ScriptRules, g: GameState, rnd: VoteRound, specials: VoteSpecials = PLAIN) -> str:
    """The middle of the circle during the vote (the weighted count)."""
    up = tally(rnd.up, specials)
    need, _beat = day_rules.block_needs(rules, g)
    asked = f"asking {rnd.at + 1} {esc(g.name(rnd.at))}" if rnd.at is not None else "round done"
    counted = f"{up} vote{'s' * (up != 1)}" if up != len(rnd.up) else f"{up} up"  # weighted: votes, not hands
    return f"[b]Vote on {esc(g.name(rnd.nominee))}[/b]\n{counted} · {need} needed\n{asked}"
