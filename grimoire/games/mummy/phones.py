"""Night of the Mummy on the players' phones: what each player is told in private, as cards.

Pure (no Textual, no Rich). When the table plays with phones (a choice at the deal), nothing
private is shown on the laptop: each secret becomes a card for the phones concerned, kept with
the game (``Phones.cards``), and ``grimoire serve`` gives each seat's page its own cards alone.
A card carries its words (plain text, names as typed) and the facts it teaches its seat for
certain (``Fact``), which fill in that seat's deduction grid on its phone; ``Phones.public``
holds what the whole table learned for certain from an accusation (every Whisper a No).

Which phones are concerned is the rules' own: the guest dealt to its player; an inquiry's
whisper to its target (what to whisper) and its asker (the answer); a dance's faces to its
dancers; the Sasquatch's look, the Picture of Dorian Gray's new guest, a Gargoyle's or Cat
Burglar's or Statue of Anubis's private word to that player; an accusation's answers to each
accused player.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Literal

import attrs

from grimoire.games.mummy import rules
from grimoire.games.mummy.grid import DeductionGrid, Mark, new_grid, with_known
from grimoire.games.mummy.guests import ANUBIS, CAT_BURGLAR, DORIAN_GRAY, GARGOYLE, PHANTOM, GuestDef
from grimoire.games.mummy.rules import AccusationResult, MasqueradeGame, RuleError

Sure = Literal["o", "x", "-"]


@attrs.frozen
class Fact:
    """A place (seat index, then Mystery slots) is (``o``) or is not (``x``) a guest; or (``-``,
    no guest) what was known of the place no longer holds: its card was swapped."""

    place: int
    guest: str
    mark: Sure


def forget(place: int) -> Fact:
    return Fact(place, "", "-")


@attrs.frozen
class PhoneCard:
    id: str  # 16 hex digits: what a phone names when it says it read it
    seat: int
    kind: str  # guest, inquiry, whisper, request, dance, look, swap, nearby, joined, may, accused
    title: str
    lines: tuple[str, ...]
    facts: tuple[Fact, ...] = ()


@attrs.frozen
class Phones:
    """The cards sent to the players' phones, oldest first, and the public facts."""

    key: str  # made at the deal: each card's id is of this game
    cards: tuple[PhoneCard, ...] = ()
    public: tuple[Fact, ...] = ()

    def add(self, *cards: Card) -> Phones:
        made = list(self.cards)
        for seat, kind, title, lines, facts in cards:
            made.append(PhoneCard(self._id(len(made), seat, kind, lines), seat, kind, title, tuple(lines), tuple(facts)))
        return attrs.evolve(self, cards=tuple(made))

    def _id(self, index: int, seat: int, kind: str, lines: Sequence[str]) -> str:
        text = "\n".join([self.key, str(index), str(seat), kind, *lines])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def learn(self, facts: Iterable[Fact]) -> Phones:
        return attrs.evolve(self, public=(*self.public, *facts))

    def of(self, seat: int) -> tuple[PhoneCard, ...]:
        return tuple(card for card in self.cards if card.seat == seat)


Card = tuple[int, str, str, Sequence[str], Sequence[Fact]]  # seat, kind, title, lines, facts

# The cards the whole table knows were sent (who they went to was said out loud): the laptop
# shows whether these were read. The others (a Gargoyle's word, the Sasquatch's look, a Cat
# Burglar's word, a refusal, what the dancers saw of an ability) are never counted there: that
# a phone got one would say whose card it is.
PUBLIC_KINDS = frozenset({"guest", "inquiry", "whisper", "request", "dance", "refused", "accused"})


def new_phones(game: MasqueradeGame, key: str) -> Phones:
    """The deal: each player's guest card on their phone."""
    return Phones(key).add(*(guest_card(game, seat) for seat in range(game.seats)))


def _word(yes: bool) -> str:
    return "YES" if yes else "NO"


def _guest_lines(guest: GuestDef) -> list[str]:
    lines = [f"You are {guest.name}."]
    if guest.tagline:
        lines.append(guest.tagline)
    if guest.ability:
        lines.append(guest.ability)
    return lines


def guest_card(game: MasqueradeGame, seat: int) -> Card:
    return (seat, "guest", "Your guest", _guest_lines(game.guest(seat)), ())


# ---------------------------------------------------------------------------------- inquiries


def whisper_facts(game: MasqueradeGame, target: int, guess: str, whisper: bool) -> list[Fact]:
    """What the asker learns for certain from the whisper, knowing only the guests in the game
    (the Mummy whispers No to every inquiry, the Sarcophagus Yes)."""
    catalogue, chosen = game.catalogue, game.setup.chosen

    def says_yes(guest_id: str) -> bool:
        return rules.expected_whisper(catalogue[guest_id], guess)

    # The guests the target could be, given the whisper; everyone else is crossed out.
    could = [g for g in chosen if says_yes(g) == whisper]
    if len(could) == 1:
        return [Fact(target, could[0], "o")]
    return [Fact(target, g, "x") for g in chosen if g not in could]


def inquiry_cards(before: MasqueradeGame, after: MasqueradeGame) -> list[Card]:
    """The target reads what to whisper; the asker reads the whisper."""
    inquiry = after.last_inquiry
    assert inquiry is not None
    asker, target = inquiry.asker, inquiry.target
    guest = before.guest(target)
    guess = before.catalogue[inquiry.guess].name
    asker_name, target_name = before.place_name(asker), before.place_name(target)
    word = _word(inquiry.whisper)
    told = [f"{asker_name} asks: are you {guess}?", f"You whisper {word}."]
    if guest.inquiry != "honest":
        told.append(f"You are {guest.name}: {guest.ability}")
    if guest.id == PHANTOM and not inquiry.whisper and target not in before.revealed:
        told.append(f"As the Phantom you may now reveal to accuse only {asker_name}: press a on the laptop "
                    "and choose yourself.")
    answer = [f"You asked {target_name}: are you {guess}?", f"The whisper: {word}."]
    return [
        (target, "inquiry", f"{asker_name} inquires of you", told, ()),
        (asker, "whisper", f"{target_name} whispers", answer,
         whisper_facts(before, target, inquiry.guess, inquiry.whisper)),
    ]


# ------------------------------------------------------------------------------------- dances


def request_card(game: MasqueradeGame, asker: int, partner: int) -> Card:
    """The partner reads, before answering out loud, whether they may refuse."""
    asker_name = game.place_name(asker)
    try:
        rules.check_dance_answer(game, partner, False)
    except RuleError as error:
        how = f"You must accept: {error}"
    else:
        how = "Accept or refuse, out loud."
    return (partner, "request", f"{asker_name} asks you to dance", [f"{asker_name} asks you: “Would you care to dance?”", how], ())


def refusal_card(game: MasqueradeGame, seat: int, title: str, refusal: str) -> Card:
    """Why the player's own card does not allow what they tried (their phone alone says it)."""
    return (seat, "may", title, [refusal], ())


def _back_facts(game: MasqueradeGame, seat: int, dancers: Sequence[int]) -> list[Fact]:
    """A dancer showing the back of the card is no guest who would have shown their face."""
    out = []
    neighbour_dances = any(n in dancers for n in game.neighbours(seat) if n != seat)
    for guest_id in game.setup.chosen:
        guest = game.catalogue[guest_id]
        if guest.hides_face == "never" or (guest.hides_face == "conditional" and neighbour_dances):
            out.append(Fact(seat, guest_id, "x"))
    return out


def faces(game: MasqueradeGame, viewer: int) -> tuple[list[str], list[Fact]]:
    """What ``viewer``, dancing, sees of the other dancers, and what that teaches for certain."""
    dance = game.last_dance
    assert dance is not None
    lines, facts = [], []
    for seat, face in rules.dance_faces(game):
        if seat == viewer:
            continue
        name = game.place_name(seat)
        if face is None:
            lines.append(f"{name} shows the back of the card (hides their face).")
            facts += _back_facts(game, seat, dance.dancers)
        elif seat in dance.swapped:
            lines.append(f"{name} showed the Picture of Dorian Gray and took a face-down Mystery Guest.")
        else:
            lines.append(f"{name} shows: {game.catalogue[face].name}.")
            facts.append(Fact(seat, face, "o"))
    return lines, facts


def own_words(game: MasqueradeGame, seat: int) -> list[str]:
    """What the dancer's own card lets them do during this dance (their phone alone says it)."""
    out = []
    for check, words in ((rules.check_sasquatch, "You show your face: you may look at a Mystery Guest (s on the laptop)."),
                         (rules.check_dorian, "You may show your face and take a face-down Mystery Guest (y on the laptop).")):
        try:
            check(game, seat)
        except RuleError:
            continue
        out.append(words)
    return out


def dance_cards(game: MasqueradeGame, title: str = "") -> list[Card]:
    """Each dancer reads what the others show (the rest of the table has their eyes closed)."""
    dance = game.last_dance
    assert dance is not None
    out: list[Card] = []
    names = " and ".join(game.place_name(s) for s in dance.dancers)
    for seat in dance.dancers:
        lines, facts = faces(game, seat)
        out.append((seat, "dance", title or f"The dance: {names}", [*lines, *own_words(game, seat)], facts))
    return out


def nearby_cards(game: MasqueradeGame) -> list[Card]:
    """A Gargoyle outside the dance is told, alone, that he may join it."""
    dance = game.last_dance
    assert dance is not None
    out: list[Card] = []
    names = " and ".join(game.place_name(s) for s in dance.dancers)
    for seat in range(game.seats):
        try:
            rules.check_gargoyle(game, seat)
        except RuleError:
            continue
        out.append((seat, "nearby", "A dance nearby",
                    [f"{names} are dancing. As the Gargoyle you may join by revealing yourself to "
                     "them: open your eyes and press j on the laptop."], ()))
    return out


def joined_cards(game: MasqueradeGame, seat: int) -> list[Card]:
    """Every dancer (the Gargoyle too) reads the Gargoyle joining, and the faces shown now."""
    name = game.place_name(seat)
    out: list[Card] = []
    assert game.last_dance is not None
    for dancer in game.last_dance.dancers:
        lines, facts = faces(game, dancer)
        if dancer != seat:
            lines = [f"{name} joins the dance: the Gargoyle.", *lines]
            facts = [Fact(seat, GARGOYLE, "o"), *facts]
        else:
            lines = ["You join the dance and reveal yourself to the dancers.", *lines]
        out.append((dancer, "joined", "The Gargoyle joins", [*lines, *own_words(game, dancer)], facts))
    return out


def look_card(game: MasqueradeGame, seat: int, slot: int, guest_id: str) -> Card:
    guest = game.catalogue[guest_id]
    return (seat, "look", "The Sasquatch looks", [f"Mystery Guest {slot + 1} is {guest.name}.", guest.ability],
            [Fact(game.seats + slot, guest_id, "o")])


def swap_cards(game: MasqueradeGame, seat: int, slot: int) -> list[Card]:
    """Dorian Gray reads his new guest; the other dancers saw him take the Mystery Guest."""
    place = game.seats + slot
    # What was known of the two places no longer holds: the cards moved.
    out: list[Card] = [(seat, "swap", "Your new guest",
                        [f"You took Mystery Guest {slot + 1}; the Picture of Dorian Gray is face-down in its place.",
                         *_guest_lines(game.guest(seat))], [forget(place), Fact(place, DORIAN_GRAY, "o")])]
    assert game.last_dance is not None
    name = game.place_name(seat)
    for dancer in game.last_dance.dancers:
        if dancer != seat:
            out.append((dancer, "swap", "The Picture of Dorian Gray",
                        [f"{name} shows the Picture of Dorian Gray and takes Mystery Guest {slot + 1}, "
                         "leaving the Picture face-down in its place."],
                        [forget(seat), forget(place), Fact(place, DORIAN_GRAY, "o"), Fact(seat, DORIAN_GRAY, "x")]))
    return out


def cat_cards(game: MasqueradeGame) -> list[Card]:
    """After a dance, a Cat Burglar who may now accuse is told so, alone."""
    dance = game.last_dance
    if dance is None or CAT_BURGLAR not in game.setup.chosen:
        return []
    out: list[Card] = []
    for seat in dance.dancers:
        if game.guest(seat).id != CAT_BURGLAR:
            continue
        try:
            targets = rules.reveal_to_targets(game, seat, "cat_burglar")
        except RuleError:
            continue
        only = " or ".join(game.place_name(s) for s in targets)
        out.append((seat, "may", "The Cat Burglar may accuse",
                    [f"You may reveal to accuse only {only}, until the next turn begins: press a on the "
                     "laptop and choose yourself."], ()))
    return out


def anubis_card(game: MasqueradeGame, seat: int) -> Card:
    """The refused asker's phone says whether the Statue of Anubis must act now."""
    if game.guest(seat).id == ANUBIS and seat not in game.revealed:
        lines = ["You are the Statue of Anubis, refused: you must reveal your card, then a Mystery Guest, "
                 "then accuse. The laptop leads you through it."]
    else:
        lines = ["Refused: inquire of a different player, not the one who refused."]
    return (seat, "refused", "After the refusal", lines, ())


# -------------------------------------------------------------------------------- accusations


def accused_cards(game: MasqueradeGame, result: AccusationResult) -> list[Card]:
    """Each accused player reads the card in front of them and the whisper they pass."""
    name = game.place_name(result.accuser)
    out: list[Card] = []
    for seat, card in result.placed:
        yes = game.setup.dealt[seat] == card
        out.append((seat, "accused", f"{name} accuses you",
                    [f"{name} placed {game.catalogue[card].name}'s Accusation card in front of you.",
                     f"You pass the Whisper {_word(yes)}."], ()))
    return out


def accusation_facts(result: AccusationResult) -> list[Fact]:
    """What everyone learns for certain: a single card's answer, or every card wrong."""
    if result.won or not result.placed:
        return []
    if len(result.placed) == 1:
        (seat, card), (yes,) = result.placed[0], result.whispers
        return [Fact(seat, card, "o" if yes else "x")]
    if not any(result.whispers):
        return [Fact(seat, card, "x") for seat, card in result.placed]
    return []


# --------------------------------------------------------------------------------------- grids


def phone_grid(game: MasqueradeGame, phones: Phones, seat: int) -> DeductionGrid:
    """The seat's deduction grid as its phone shows it: its own card, every face-up card, and
    every fact its cards and the table's accusations taught it."""
    grid = new_grid(game, seat)
    # In the order learned: a later fact (the Picture of Dorian Gray's swap) corrects an older.
    for fact in (*phones.public, *(f for c in phones.of(seat) for f in c.facts)):
        if fact.mark == "-":
            grid = _forgotten(grid, fact.place)
        else:
            mark: Mark = fact.mark
            grid = grid.place(fact.place, fact.guest, mark)
    # The face-up cards last: they are what the table sees now (and the own card's column).
    grid = with_known(grid, game)
    if game.winner is not None:  # every card is turned face-up
        for place, guest in enumerate((*game.setup.dealt, *game.setup.mystery)):
            grid = grid.place(place, guest, "o")
    return grid


def _forgotten(grid: DeductionGrid, place: int) -> DeductionGrid:
    """The place's row emptied: its card was swapped (the owner's own card stays crossed out)."""
    if place not in grid.rows:
        return grid
    row = grid.rows.index(place)
    marks = [list(line) for line in grid.marks]
    marks[row] = [""] * len(grid.columns)
    return attrs.evolve(grid, marks=tuple(tuple(line) for line in marks))
