"""What the table shows everyone, worked out from the game (no Textual here): the seats, whose
turn it is, and the log's lines that name a card.

A card is named only once it is face-up: a revealed guest, a revealed Mystery Guest, or every
card at the game's end. The seats are markup (names escaped); the log's lines are plain words.
"""

from __future__ import annotations

from grimoire.games.mummy.phones import PUBLIC_KINDS, Phones
from grimoire.games.mummy.rules import R_RESHUFFLE, AccusationResult, MasqueradeGame, quote
from grimoire.tui.support.view import esc


def seats_text(game: MasqueradeGame) -> str:
    over = game.winner is not None
    lines = ["[b]Seats[/b] (clockwise)"]
    for seat, name in enumerate(game.setup.players):
        # At the game's end every card is turned face-up.
        if seat in game.revealed or over:
            state = esc(game.guest(seat).name) + (" (revealed)" if seat in game.revealed else "")
        else:
            state = "face-down"
        crown = "  ★ winner" if game.winner == seat else ""
        mark = "▶" if seat == game.turn and not over else " "
        lines.append(f" {mark}{seat + 1}. {esc(name)} — {state}{crown}")
    for slot, guest_id in enumerate(game.setup.mystery):
        face_up = slot in game.mystery_revealed or over
        shown = esc(game.catalogue[guest_id].name) if face_up else "face-down"
        lines.append(f"   Mystery Guest {slot + 1} — {shown}")
    return "\n".join(lines)


def turn_text(game: MasqueradeGame) -> str:
    if game.winner is not None:
        return f"[b]{esc(game.place_name(game.winner))} wins.[/b] Every card is face-up."
    if game.turn is None:
        return "[b]Who goes first?[/b]"
    name = esc(game.place_name(game.turn))
    if game.anubis_accuses is not None:
        return f"[b]{esc(game.place_name(game.anubis_accuses))}[/b], the Statue of Anubis, now accuses (a)."
    owes = game.anubis_owes
    if owes is not None and owes in game.revealed:  # his card is face-up: no secret told
        return (f"[b]{esc(game.place_name(owes))}[/b], the Statue of Anubis, was refused: reveal a "
                "Mystery Guest (m), then accuse (a).")
    if game.must_inquire:
        assert game.refused is not None
        refuser = esc(game.place_name(game.refused[1]))
        return f"[b]{name}'s turn:[/b] refused, so inquire of a different player, not {refuser} (i)."
    if game.turn in game.revealed:  # "may not ask other players to Dance"
        return f"[b]{name}'s turn:[/b] Inquire (i) or Accuse (a); revealed, no dance."
    return f"[b]{name}'s turn:[/b] Inquire (i), Dance (d) or Accuse (a)."


def guests_text(game: MasqueradeGame) -> str:
    display = ", ".join(esc(game.catalogue[g].name) for g in game.setup.chosen)
    return f"[b]Guests in this game[/b] (the Accusation cards)\n{display}"


# The log's lines that name a card: each said as the card is shown to everyone.


def reveals(game: MasqueradeGame, seat: int) -> str:
    return f"{game.place_name(seat)} reveals: {game.guest(seat).name}."


def accuses_and_reveals(game: MasqueradeGame, seat: int) -> str:
    return f"{game.place_name(seat)} accuses and reveals: {game.guest(seat).name}."


def mystery_revealed(game: MasqueradeGame, slot: int) -> str:
    guest = game.catalogue[game.setup.mystery[slot]]
    return f"Mystery Guest {slot + 1} is revealed: {guest.name}. The Statue of Anubis now accuses."


def wins(game: MasqueradeGame) -> str:
    """The winner, and every card, now turned face-up."""
    assert game.winner is not None
    places = [*range(game.seats), *(game.seats + k for k in range(len(game.setup.mystery)))]
    guests = [*game.setup.dealt, *game.setup.mystery]
    cards = "; ".join(f"{game.place_name(p)} — {game.catalogue[g].name}" for p, g in zip(places, guests, strict=True))
    return f"{game.place_name(game.winner)} wins! The cards: {cards}."


def accusation(game: MasqueradeGame, result: AccusationResult) -> str:
    """The accusation as the table saw it: the cards placed, face-up, then the shuffled whispers."""
    placed = ", ".join(
        f"{game.catalogue[card].name} in front of {game.place_name(seat)}" for seat, card in result.placed
    )
    return f"{game.place_name(result.accuser)}'s accusation — {placed or 'no card'}; whispers: {result.cards()}"


def verdict(name: str, result: AccusationResult, after: MasqueradeGame) -> str:
    """What the shuffled whispers mean for the table (markup; ``name`` as typed), ``after`` the
    game as the accusation left it."""
    if result.won:
        return f"[b]Every card is a Yes: {esc(name)} wins, and the game is over![/b]"
    if result.ended_turn:
        head = f"A No among them: {esc(name)}'s turn is over and the game continues."
    elif after.turn is not None:  # out of turn: whoever was playing plays on
        head = (f"A No among them: the game continues. It is still "
                f"{esc(after.place_name(after.turn))}'s turn.")
    else:
        head = "A No among them: the game continues."
    return f"{head}\n{esc(quote(R_RESHUFFLE))}"


READ = {"": "not read yet", "opened": "opened", "seen": "read"}


def phones_text(game: MasqueradeGame, phones: Phones, seen: dict[str, str], last: int = 2) -> str:
    """Who has read what on their phone: each player's latest cards whose sending the whole
    table knows of (PUBLIC_KINDS), and whether they were read. Nothing of a card's words."""
    lines = ["[b]Phones[/b] (L: each player's link)"]
    for seat, name in enumerate(game.setup.players):
        cards = [c for c in phones.of(seat) if c.kind in PUBLIC_KINDS][-last:]
        said = " · ".join(f"{esc(c.title)}: {READ[seen.get(c.id, '')]}" for c in cards)
        lines.append(f" {seat + 1}. {esc(name)} — {said or 'nothing yet'}")
    return "\n".join(lines)
