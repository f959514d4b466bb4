"""Rich renderables for the Vampir Mau Mau screen: the table, the deal, the score sheet."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from grimoire.games.maumau.rules import CharacterDef, Game

BAR_WIDTH = 30


def bar(value: int, best: int, width: int = BAR_WIDTH) -> str:
    """A bar of eighth-blocks, so small differences still show."""
    if best <= 0 or value <= 0:
        return ""
    eighths = round(value / best * width * 8)
    full, rest = divmod(eighths, 8)
    return "█" * full + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[rest]


def table_view(game: Game, roster: Mapping[str, CharacterDef]) -> Table:
    deal = game.deal
    table = Table(expand=True, box=None, padding=(0, 1))
    table.add_column("", width=3)
    table.add_column("Player", ratio=2)
    table.add_column("Character", ratio=3)
    table.add_column("Total", justify="right", width=5)
    table.add_column("", ratio=3)
    totals = game.totals
    best = max(totals, default=0)
    for seat, name in enumerate(game.players):
        mark = ""
        if deal is not None:
            mark = ("▶" if seat == deal.turn else " ") + ("D" if seat == deal.dealer else " ")
        char = game.characters[seat]
        if char is None:
            char_text = "[dim]—[/]"
        else:
            known = "" if char in roster else " [dim](not configured)[/]"
            side = " · Vampire" if deal is not None and deal.is_night else ""
            char_text = escape(char) + side + known
        if deal is not None and deal.werewolf_on == seat:
            char_text += " [b reverse] Werewolf [/]"
        style = "b" if seat in game.winners and game.over else ""
        table.add_row(
            mark,
            Text.from_markup(escape(name), style=style),
            Text.from_markup(char_text),
            str(totals[seat]),
            Text(bar(totals[seat], best, 20)),
        )
    return table


def deal_view(game: Game) -> Text:
    deal = game.deal
    if deal is None:
        winner = ", ".join(game.players[i] for i in game.winners)
        return Text.from_markup(
            f"[b]Game over[/] after {len(game.results)} deals: [b]{escape(winner)}[/] wins with "
            f"{max(game.totals)} points.\n\nn: a new game · s: the score sheet"
        )
    if game.tiebreak:
        title = f"[b]Tie-break deal[/] (deal {deal.number}; {game.deals_planned} agreed)"
    else:
        title = f"[b]Deal {deal.number} of {game.deals_planned}[/]"
    wolf = (
        f"on {escape(game.players[deal.werewolf_on])}'s Character — its abilities are blocked"
        if deal.werewolf_on is not None
        else "none in play"
    )
    top = escape(str(deal.top)) if deal.top else "[dim]— (t: the starting discard)[/]"
    wish = f"[b]{deal.wish}[/] — the next Mau Mau card must be {deal.wish}" if deal.wish else "—"
    if deal.wish_by is not None:
        wish += f"   [b]{escape(game.players[deal.wish_by])} may wish now (k)[/]"
    lines = [
        title,
        f"{'[b]NIGHT[/] — Vampires' if deal.is_night else '[b]DAY[/] — Humans'}",
        f"Clocks   {deal.clocks} of {game.n}  {'●' * deal.clocks}{'○' * (game.n - deal.clocks)}",
        f"Werewolf {wolf}",
        f"Wish     {wish}",
        f"Top card {top}",
        f"Set aside {deal.set_aside} card{'s' if deal.set_aside != 1 else ''}"
        + (" — the next Special card takes them" if deal.set_aside else ""),
        f"Dealer {escape(game.players[deal.dealer])} ({game.hand_size} cards each) · on turn: "
        f"[b]{escape(game.players[deal.turn])}[/]",
    ]
    return Text.from_markup("\n".join(lines))


def score_sheet(game: Game) -> Group:
    table = Table(expand=False, title="Score sheet", title_justify="left")
    table.add_column("Deal")
    table.add_column("Dealer")
    for name in game.players:
        table.add_column(escape(name), justify="right")
    for number, result in enumerate(game.results, 1):
        label = str(number) if number <= game.deals_planned else f"{number} (tie-break)"
        cells = [
            f"{s}{' ★' if i == result.ender else ''}  [dim]({result.counts[i]})[/]"
            for i, s in enumerate(result.scores)
        ]
        table.add_row(label, escape(game.players[result.dealer]), *cells)
    table.add_row("[b]Total[/]", "", *(f"[b]{t}[/]" for t in game.totals))
    best = max(game.totals, default=0)
    width = max((len(p) for p in game.players), default=0)
    bars = Text()
    for seat, name in enumerate(game.players):
        total = game.totals[seat]
        bars.append(f"{name:<{width}} ")
        bars.append(bar(total, best))
        bars.append(f" {total}\n")
    note = Text.from_markup("[dim]★ ended the deal · (n) cards left in hand[/]")
    return Group(table, note, Text(), bars)
