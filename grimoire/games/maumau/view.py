"""What the Vampir Mau Mau screen shows: the table, the deal, the score sheet. The players' and
the Characters' names are shown as typed (never markup, a control character as its escape)."""

from __future__ import annotations

from collections.abc import Mapping

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.content import Content

from grimoire.core.freetext import printable
from grimoire.games.maumau.rules import CharacterDef, Game
from grimoire.tui.support.plain import plain_text
from grimoire.tui.support.view import esc

BAR_WIDTH = 30


def bar(value: int, best: int, width: int = BAR_WIDTH) -> str:
    """A bar of eighth-blocks, so small differences still show."""
    if best <= 0 or value <= 0:
        return ""
    eighths = round(value / best * width * 8)
    full, rest = divmod(eighths, 8)
    return "█" * full + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[rest]


def table_view(game: Game, roster: Mapping[str, CharacterDef], *, full: bool = False) -> Group:
    """A line per player (turn, dealer, name, Character, total), then the ability they read
    aloud: the seed's whole text when ``full``, else its gist; a Vampire's by Night."""
    deal = game.deal
    totals = game.totals
    # Cells, not characters: a wide character (李, an emoji) takes two.
    width = min(max((cell_len(printable(p)) for p in game.players), default=0), 14)
    parts: list[RenderableType] = []
    for seat, name in enumerate(game.players):
        row = Table.grid(expand=True, padding=(0, 1))
        row.add_column(width=2)
        row.add_column(width=width, no_wrap=True, overflow="ellipsis")
        row.add_column(ratio=1)
        row.add_column(justify="right", width=4)
        mark = ""
        if deal is not None:
            mark = ("▶" if seat == deal.turn else " ") + ("D" if seat == deal.dealer else " ")
        style = "b" if seat in game.winners and game.over else ""
        row.add_row(mark, plain_text(name, style=style), _character_cell(game, roster, seat),
                    str(totals[seat]))
        parts.append(row)
        ability = _ability_line(game, roster, seat, full)
        if ability is not None:
            parts.append(Padding(ability, (0, 0, 0, 3)))
    return Group(*parts)


def _character_cell(game: Game, roster: Mapping[str, CharacterDef], seat: int) -> Text:
    deal = game.deal
    name = game.characters[seat]
    if name is None:
        return Text("—", style="dim")
    night = deal is not None and deal.is_night
    cell = plain_text(name)
    char = roster.get(name)
    if char is None:
        cell.append(" (not configured)", style="dim")
    elif night:
        cell.append(printable(f" · Vampire ({char.vampire_symbol}, {char.vampire_colour})"), style="dim")
    else:
        cell.append(printable(f" ({', '.join(char.day_symbols)})"), style="dim")
    if deal is not None and deal.werewolf_on == seat:
        cell.append(" ")
        cell.append(" Werewolf ", style="b reverse")
    return cell


def _ability_line(
    game: Game, roster: Mapping[str, CharacterDef], seat: int, full: bool
) -> Text | None:
    name = game.characters[seat]
    char = roster.get(name) if name is not None else None
    if char is None:
        return None
    deal = game.deal
    if deal is not None and deal.is_night:
        text = char.vampire_text()
    else:
        text = char.ability_text if full else char.ability_gist
    # Blocked by a Werewolf (the row says so): struck through until it is discarded.
    blocked = deal is not None and deal.werewolf_on == seat
    return plain_text(text, style="dim strike" if blocked else "dim")


def deal_view(game: Game) -> Content:
    deal = game.deal
    if deal is None:
        winner = ", ".join(game.players[i] for i in game.winners)
        return Content.from_markup(
            f"[b]Game over[/] after {len(game.results)} deals: [b]{esc(winner)}[/] wins with "
            f"{max(game.totals)} points.\n\nn: a new game · s: the score sheet"
        )
    side = "[b]NIGHT[/] — Vampires" if deal.is_night else "[b]DAY[/] — Humans"
    if game.tiebreak:
        title = f"[b]Tie-break deal[/] (deal {deal.number}; {game.deals_planned} agreed) · {side}"
    else:
        title = f"[b]Deal {deal.number} of {game.deals_planned}[/] · {side}"
    wolf = (
        f"on {esc(game.players[deal.werewolf_on])}'s Character — its abilities are blocked"
        if deal.werewolf_on is not None
        else "none in play"
    )
    top = esc(str(deal.top)) if deal.top else "[dim]— (t: the starting discard)[/]"
    wish = f"[b]{deal.wish}[/] — the next Mau Mau card must be {deal.wish}" if deal.wish else "—"
    if deal.wish_by is not None:
        wish += f"   [b]{esc(game.players[deal.wish_by])} may wish now (k)[/]"
    lines = [
        title,
        f"Clocks   {deal.clocks} of {game.n}  {'●' * deal.clocks}{'○' * (game.n - deal.clocks)}",
        f"Werewolf {wolf}",
        f"Wish     {wish}",
        f"Top card {top}",
        f"Set aside {deal.set_aside} card{'s' if deal.set_aside != 1 else ''}"
        + (" — the next Special card takes them" if deal.set_aside else ""),
        f"Dealer {esc(game.players[deal.dealer])} ({game.hand_size} cards each) · on turn: "
        f"[b]{esc(game.players[deal.turn])}[/]",
    ]
    if deal.drawn:
        lines.append(f"[b]{esc(game.players[deal.turn])} has drawn[/]: p (c, w) plays the card "
                     "drawn if it fits · d passes")
    if deal.hands is not None:
        lines.append("Hands    " + " · ".join(
            f"{esc(p)} [b]{c}[/]" for p, c in zip(game.players, deal.hands, strict=True)
        ))
    return Content.from_markup("\n".join(lines))


def score_sheet(game: Game) -> Group:
    table = Table(expand=False, title="Score sheet", title_justify="left")
    table.add_column("Deal")
    table.add_column("Dealer")
    for name in game.players:
        table.add_column(plain_text(name), justify="right")
    for number, result in enumerate(game.results, 1):
        label = str(number) if number <= game.deals_planned else f"{number} (tie-break)"
        cells = [
            f"{s}{' ★' if i == result.ender else ''}  [dim]({result.counts[i]})[/]"
            for i, s in enumerate(result.scores)
        ]
        table.add_row(label, plain_text(game.players[result.dealer]), *cells)
    table.add_row("[b]Total[/]", "", *(f"[b]{t}[/]" for t in game.totals))
    best = max(game.totals, default=0)
    names = [printable(p) for p in game.players]
    width = max((cell_len(p) for p in names), default=0)
    bars = Text()
    for seat, name in enumerate(names):
        total = game.totals[seat]
        bars.append(name + " " * (width - cell_len(name) + 1))  # padded in cells: the bars line up
        bars.append(bar(total, best))
        bars.append(f" {total}\n")
    note = Text.from_markup("[dim]★ ended the deal · (n) cards left in hand[/]")
    return Group(table, note, Text(), bars)
