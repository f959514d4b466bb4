"""Night of the Mummy rules: setup, the deal, inquiries, dances, accusations, Dorian Gray's swap.

Pure (no Textual, no Rich). Every refusal raises ``RuleError`` quoting the seed's rule.

Places: seats ``0..n-1`` are the players clockwise; places ``n..n+m-1`` are the Mystery Guests.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Literal

import attrs

from grimoire.games.mummy.guests import (
    ALUCARD,
    ANUBIS,
    ARCHEOLOGIST,
    BRIDE_OF_DRACULA,
    CAT_BURGLAR,
    CATALOGUE,
    DORIAN_GRAY,
    DRACULA,
    GARGOYLE,
    MAGIC_MIRROR,
    MUMMY,
    PHANTOM,
    SASQUATCH,
    VAN_HELSING,
    GuestDef,
)


class RuleError(ValueError):
    """An illegal action; the message quotes the seed."""


MIN_PLAYERS, MAX_PLAYERS = 4, 8
GUESTS_FOR_PLAYERS = {4: 6, 5: 7, 6: 7, 7: 8, 8: 9}

# The seed's wording, quoted by refusals.
R_COUNTS = "4 players: 6 guests / 5-6 players: 7 guests / 7 players: 8 guests / 8 players: 9 guests"
R_MUST_MUMMY = "Choose Guest cards, which must include The Mummy."
R_MUMMY_NOT_MYSTERY = "The Mummy cannot be the Mystery Guest — it's her night!"
R_LEARNING = (
    "When learning (or for a faster game), don't include any Advanced Guests "
    "(Magic Mirror, Phantom of the Museum, Picture of Dorian Gray)."
)
R_HIDER_PAIR = (
    "If playing with a guest who hides their face while dancing, include at least one other "
    "guest who hides their face."
)
R_ARCH_MUMMY = "If playing with The Archeologist, also include The Mummy."
R_THREE_HIDERS = (
    "If playing with The Cat Burglar or The Magic Mirror, include at least 3 guests who hide "
    "their face while dancing."
)
R_ONE_MUMMY = "Never include more than one version of The Mummy in a game."
R_DRACULA = "If you include Van Helsing or Alucard, also include Dracula."
R_BRIDE = "If you include The Bride of Dracula, also include Dracula."
R_CHOOSE_OTHER = "Choose another player and ask if they are a specific Guest"
R_DANCE_OTHER = "Choose another player and ask them to Dance"
R_MYSTERY = "Mystery Guests do not return Whisper cards during accusations. You may not make an inquiry of them or ask them to dance."
R_REVEALED_FACE_UP = "Once a Guest is revealed, they continue to play face-up."
R_REVEALED_DANCE = "A revealed Guest may not ask other players to Dance or accept dance requests."
R_REFUSED = (
    "Choose a different player and make an inquiry of them (not a dance request). You may not "
    "choose the player who just refused your dance."
)
R_ONE_CARD_EACH = "Place an Accusation card face-up in front of each player who has not yet been revealed."
R_DISTINCT = "Place the Accusation cards (with the Accusation symbol) for all chosen Guests in a face-up display"
R_OWN_CARD = "First, reveal your Guest card."
R_ARCH_FIRST = "The first time she accuses, she only uses The Mummy's Accusation card."
R_CAT = (
    "After the Cat Burglar dances with a player who is hiding their face for the entirety of "
    "their dance, she may reveal to make an accusation, accusing only that player."
)
R_PHANTOM = (
    "After whispering No to an inquiry, she may reveal to make an accusation, accusing only the "
    "player who made the inquiry."
)
R_REVEAL_TO = "Some abilities say 'reveal to'. These abilities cannot be used once the Guest is revealed."
R_DORIAN = (
    "While dancing, he may show his face to take a face-down Mystery Guest card, placing the "
    "Picture of Dorian Gray card face-down in its place."
)
R_ANUBIS = (
    "After the Statue of Anubis has a dance request rejected, it must reveal a Mystery Guest and "
    "then make an accusation."
)
R_KEEP_CARD = "Once a Guest is revealed, they continue to play face-up. Keep their accusation card in front of them."
R_CLOCKWISE = "The player who most recently visited a museum goes first, and play continues clockwise."
R_ONE_ACTION = "On your turn, you must either Inquire, Dance, or Accuse."
R_GARGOYLE = "The Gargoyle may join any dance he is not a part of by revealing his role to everyone in the dance."
R_SASQUATCH = "During any dance in which he shows his face for any reason, he may look at a Mystery Guest."
R_RESHUFFLE = (
    "Shuffle together all the Whisper cards (both those passed to you and the remaining cards "
    "held by players) and deal everyone a Yes and a No."
)


def quote(rule: str) -> str:
    return f"“{rule}”"


def guests_for(players: int) -> int:
    if players not in GUESTS_FOR_PLAYERS:
        raise RuleError(f"Night of the Mummy is for 4–8 players: {quote(R_COUNTS)}")
    return GUESTS_FOR_PLAYERS[players]


def mystery_count(players: int) -> int:
    guests_for(players)
    # "Place 1 Guest card face-down … In a 4-5 player game, place an additional Guest card"
    return 2 if players <= 5 else 1


# ---------------------------------------------------------------------------------------- setup


def check_players(players: Sequence[str]) -> None:
    names = [name.strip() for name in players]
    if any(not name for name in names):
        raise RuleError("Every player needs a name.")
    if len({name.casefold() for name in names}) != len(names):
        raise RuleError("Two players share a name; give each a different one.")
    guests_for(len(names))


def _hider_problems(guests: Sequence[GuestDef]) -> list[str]:
    problems = []
    hiders = sum(guest.hides for guest in guests)
    if 0 < hiders < 2:
        problems.append(quote(R_HIDER_PAIR))
    ids = {guest.id for guest in guests}
    if ids & {CAT_BURGLAR, MAGIC_MIRROR} and hiders < 3:
        problems.append(quote(R_THREE_HIDERS) + f" (this selection has {hiders})")
    return problems


def check_setup(
    players: Sequence[str],
    chosen: Sequence[str],
    *,
    learning: bool = False,
    combined: bool = False,
    catalogue: Mapping[str, GuestDef] = CATALOGUE,
) -> list[str]:
    """Raise on a broken setup rule; return the warnings (guidelines outside combined play)."""
    check_players(players)
    need = guests_for(len(players))
    unknown = [guest_id for guest_id in chosen if guest_id not in catalogue]
    if unknown:
        raise RuleError(f"Unknown guest: {', '.join(unknown)}.")
    if len(set(chosen)) != len(chosen):
        raise RuleError("Each Guest card is unique: choose a guest only once.")
    if len(chosen) != need:
        raise RuleError(
            f"{len(players)} players need {need} guests, {len(chosen)} chosen: {quote(R_COUNTS)}"
        )
    guests = [catalogue[guest_id] for guest_id in chosen]
    if learning:
        advanced = [guest.name for guest in guests if guest.advanced]
        if advanced:
            raise RuleError(f"Learning game with {', '.join(advanced)}: {quote(R_LEARNING)}")
    mummies = [guest for guest in guests if guest.is_mummy]
    if not combined:
        foreign = [guest.name for guest in guests if guest.set != "notm"]
        if foreign:
            raise RuleError(
                f"{', '.join(foreign)} come from another set: turn on combining sets first."
            )
        if MUMMY not in chosen:
            raise RuleError(quote(R_MUST_MUMMY))
        return _hider_problems(guests)
    # Combining sets: the seed's guidelines are rules here.
    if len(mummies) > 1:
        raise RuleError(quote(R_ONE_MUMMY))
    if ARCHEOLOGIST in chosen and MUMMY not in chosen:
        raise RuleError(quote(R_ARCH_MUMMY))
    if {VAN_HELSING, ALUCARD} & set(chosen) and DRACULA not in chosen:
        raise RuleError(quote(R_DRACULA))
    if BRIDE_OF_DRACULA in chosen and DRACULA not in chosen:
        raise RuleError(quote(R_BRIDE))
    problems = _hider_problems(guests)
    if problems:
        raise RuleError(problems[0])
    return []


def random_choice(
    players: int,
    rng: random.Random,
    *,
    learning: bool = False,
    catalogue: Mapping[str, GuestDef] = CATALOGUE,
) -> tuple[str, ...]:
    """A random Night of the Mummy selection: The Mummy plus others, guidelines kept if possible."""
    need = guests_for(players)
    pool = sorted(
        guest.id
        for guest in catalogue.values()
        if guest.set == "notm" and guest.id != MUMMY and not (learning and guest.advanced)
    )
    if len(pool) < need - 1:
        # Seven guests are not advanced, so a learning game seats at most 6 players.
        raise RuleError(
            f"{players} players need {need} guests but only {len(pool) + 1} are not advanced: "
            f"{quote(R_LEARNING)}"
        )
    pick: tuple[str, ...] = ()
    for _ in range(200):
        pick = (MUMMY, *rng.sample(pool, need - 1))
        if not _hider_problems([catalogue[guest_id] for guest_id in pick]):
            break
    return pick


@attrs.frozen
class MasqueradeSetup:
    players: tuple[str, ...]
    chosen: tuple[str, ...]
    mystery: tuple[str, ...]
    dealt: tuple[str, ...]
    combined: bool = False
    learning: bool = False


def deal(
    players: Sequence[str],
    chosen: Sequence[str],
    rng: random.Random,
    *,
    learning: bool = False,
    combined: bool = False,
    catalogue: Mapping[str, GuestDef] = CATALOGUE,
) -> MasqueradeSetup:
    check_setup(players, chosen, learning=learning, combined=combined, catalogue=catalogue)
    # "Shuffle all the chosen Guest cards except The Mummy. Place 1 Guest card face-down …"
    others = [guest_id for guest_id in chosen if not catalogue[guest_id].is_mummy]
    rng.shuffle(others)
    count = mystery_count(len(players))
    mystery, rest = others[:count], others[count:]
    # "Shuffle The Mummy in with the remaining Guests and deal 1 to each player, face-down."
    rest += [guest_id for guest_id in chosen if catalogue[guest_id].is_mummy]
    rng.shuffle(rest)
    return MasqueradeSetup(
        players=tuple(name.strip() for name in players),
        chosen=tuple(chosen),
        mystery=tuple(mystery),
        dealt=tuple(rest),
        combined=combined,
        learning=learning,
    )


# ----------------------------------------------------------------------------------------- play


@attrs.frozen
class Inquiry:
    asker: int
    target: int
    guess: str
    whisper: bool


@attrs.frozen
class Dance:
    """The latest accepted dance, as the dancers saw it (the others had their eyes closed)."""

    dancers: tuple[int, ...]  # the asker, the partner, then a Gargoyle who joined
    swapped: frozenset[int] = frozenset()  # showed the Picture of Dorian Gray and took a Mystery Guest
    looked: frozenset[int] = frozenset()  # Sasquatches who looked at a Mystery Guest


@attrs.frozen
class MasqueradeGame:
    setup: MasqueradeSetup
    catalogue: Mapping[str, GuestDef] = attrs.field(default=CATALOGUE, eq=False, repr=False)
    revealed: frozenset[int] = frozenset()
    mystery_revealed: frozenset[int] = frozenset()  # indexes into setup.mystery
    archeologist_accused: bool = False
    last_inquiry: Inquiry | None = None
    last_dance: Dance | None = None
    refused: tuple[int, int] | None = None  # (asker, refuser) of the latest refused dance
    winner: int | None = None
    turn: int | None = None  # whose turn it is; None until the table says who goes first
    anubis_accuses: int | None = None  # the Statue of Anubis revealed a Mystery Guest: he accuses next

    @property
    def seats(self) -> int:
        return len(self.setup.players)

    def guest(self, seat: int) -> GuestDef:
        return self.catalogue[self.setup.dealt[seat]]

    def place_name(self, place: int) -> str:
        if place < self.seats:
            return self.setup.players[place]
        return f"Mystery Guest {place - self.seats + 1}"

    def neighbours(self, seat: int) -> tuple[int, int]:
        return ((seat - 1) % self.seats, (seat + 1) % self.seats)

    def unrevealed_others(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s != seat and s not in self.revealed)

    @property
    def must_inquire(self) -> bool:
        """The player whose turn it is was refused a dance: an inquiry is all that is left."""
        return self.refused is not None and self.refused[0] == self.turn

    @property
    def anubis_owes(self) -> int | None:
        """The Statue of Anubis whose dance request was just rejected: he "must reveal a Mystery
        Guest and then make an accusation", so nobody plays on until he has (R_ANUBIS).

        Depends on a hidden card: the table asks him in private right after every refusal, and
        he reveals his card before anything here can refuse something in public."""
        if self.winner is not None or self.refused is None:
            return None
        seat = self.refused[0]
        return seat if self.guest(seat).id == ANUBIS else None

    def next_turn(self) -> MasqueradeGame:
        assert self.turn is not None
        return attrs.evolve(self, turn=(self.turn + 1) % self.seats)


def _check_seat(game: MasqueradeGame, seat: int, role: str) -> None:
    if seat >= game.seats:
        raise RuleError(quote(R_MYSTERY))
    if not 0 <= seat:
        raise RuleError(f"No such {role}.")


def _check_live(game: MasqueradeGame) -> None:
    if game.winner is not None:
        raise RuleError(f"{game.place_name(game.winner)} has won: “You win, and the game is over!”")


def _check_anubis_owes(game: MasqueradeGame, seat: int) -> None:
    """Only the Statue of Anubis who was refused acts until he has accused."""
    owes = game.anubis_owes
    if owes is not None and seat != owes:
        raise RuleError(f"{game.place_name(owes)} first: {quote(R_ANUBIS)}")


def _check_turn(game: MasqueradeGame, seat: int) -> None:
    if game.turn is None:
        raise RuleError(f"Choose who goes first: {quote(R_CLOCKWISE)}")
    if seat != game.turn:
        raise RuleError(f"It is {game.place_name(game.turn)}'s turn: {quote(R_CLOCKWISE)}")


def first_player(game: MasqueradeGame, seat: int) -> MasqueradeGame:
    """Whose turn it is: the first player, or (resuming an older save) whoever is next."""
    _check_seat(game, seat, "player")
    return attrs.evolve(game, turn=seat)


def expected_whisper(guest: GuestDef, guess: str) -> bool:
    """What a guest must whisper to "Are you <guess>?"."""
    if guest.inquiry == "always_no":
        return False
    if guest.inquiry == "always_yes":
        return True
    return guest.id == guess


def inquiry_targets(game: MasqueradeGame, asker: int) -> tuple[int, ...]:
    """Who the asker may inquire of now (after a refusal, never the refuser)."""
    refuser = game.refused[1] if game.refused and game.refused[0] == asker else None
    return tuple(s for s in game.unrevealed_others(asker) if s != refuser)


def inquire(game: MasqueradeGame, asker: int, target: int, guess: str) -> MasqueradeGame:
    """Record an inquiry; ``last_inquiry.whisper`` is what the target must whisper."""
    _check_live(game)
    _check_seat(game, asker, "player")
    _check_seat(game, target, "player")
    _check_turn(game, asker)
    _check_anubis_owes(game, asker)
    if game.anubis_owes == asker:
        raise RuleError(f"Not an inquiry: {quote(R_ANUBIS)}")
    if target == asker:
        raise RuleError(quote(R_CHOOSE_OTHER))
    if target in game.revealed:
        raise RuleError(f"{game.place_name(target)} is revealed: {quote(R_REVEALED_FACE_UP)}")
    if game.refused == (asker, target):
        raise RuleError(f"{game.place_name(target)} just refused your dance: {quote(R_REFUSED)}")
    if guess not in game.setup.chosen:
        raise RuleError(f"Ask about a guest in the game: {quote(R_DISTINCT)}")
    whisper = expected_whisper(game.guest(target), guess)
    after = attrs.evolve(
        game, last_inquiry=Inquiry(asker, target, guess, whisper), refused=None, anubis_accuses=None,
        last_dance=None,  # the next turn is under way: the Cat Burglar's window has closed
    )
    return after.next_turn()


def check_may_dance(game: MasqueradeGame, asker: int) -> None:
    """Whether the player whose turn it is may ask anyone to dance at all (before choosing
    whom): public facts only."""
    _check_live(game)
    _check_seat(game, asker, "player")
    _check_turn(game, asker)
    _check_anubis_owes(game, asker)
    if game.must_inquire:
        raise RuleError(f"{game.place_name(asker)} was refused a dance: {quote(R_REFUSED)}")
    if asker in game.revealed:
        raise RuleError(f"{game.place_name(asker)} is revealed: {quote(R_REVEALED_DANCE)}")


def check_dance_public(game: MasqueradeGame, asker: int, partner: int) -> None:
    """The checks everyone may see: nothing here depends on a hidden card."""
    check_may_dance(game, asker)
    _check_seat(game, partner, "player")
    if partner == asker:
        raise RuleError(quote(R_DANCE_OTHER))
    if partner in game.revealed:
        raise RuleError(quote(R_REVEALED_DANCE))


def check_dance_request(game: MasqueradeGame, asker: int, partner: int) -> None:
    """All checks on a request, including the asker's own card (show its refusal privately)."""
    check_dance_public(game, asker, partner)
    guest = game.guest(asker)
    if not guest.may_request_dance:
        raise RuleError(quote(f"{guest.name} may not request dances."))


def check_dance_answer(game: MasqueradeGame, partner: int, accept: bool) -> None:
    guest = game.guest(partner)
    if not accept and guest.must_accept_dance:
        pronoun = "She" if guest.id == ARCHEOLOGIST else "It"
        raise RuleError(f"{guest.name}: {quote(f'{pronoun} must accept all dance requests.')}")


def dance(game: MasqueradeGame, asker: int, partner: int, accept: bool) -> MasqueradeGame:
    """An accepted dance ends the turn; after a refusal the asker must inquire of someone else,
    and if nobody is eligible "your turn ends immediately"."""
    check_dance_request(game, asker, partner)
    check_dance_answer(game, partner, accept)
    if accept:
        return attrs.evolve(game, last_dance=Dance((asker, partner)), refused=None, last_inquiry=None,
                            anubis_accuses=None).next_turn()
    after = attrs.evolve(game, refused=(asker, partner), last_dance=None, last_inquiry=None, anubis_accuses=None)
    return after if inquiry_targets(after, asker) else after.next_turn()


def _as_danced(game: MasqueradeGame, seat: int) -> GuestDef:
    """The guest ``seat`` danced as: the Picture of Dorian Gray who swapped stays the Picture
    until the dance is over, so his new card changes nothing the dancers see."""
    if game.last_dance is not None and seat in game.last_dance.swapped:
        return game.catalogue[DORIAN_GRAY]
    return game.guest(seat)


def shows_face(game: MasqueradeGame, seat: int, dancers: Sequence[int]) -> bool:
    """Whether ``seat`` shows their face in a dance between ``dancers``."""
    guest = _as_danced(game, seat)
    if any(_as_danced(game, d).id == MAGIC_MIRROR for d in dancers if d != seat):
        return True  # "any guest hiding their face must show their face"
    if guest.hides_face == "never":
        return True
    if guest.id == SASQUATCH:
        return any(n in dancers for n in game.neighbours(seat) if n != seat)
    return False


def dance_faces(game: MasqueradeGame) -> tuple[tuple[int, str | None], ...]:
    """What each dancer of the latest dance shows: a guest id, or None for the back of the card.

    The Picture of Dorian Gray who swapped showed his face, the Picture, not the guest he took.
    """
    assert game.last_dance is not None
    dance_ = game.last_dance
    faces: list[tuple[int, str | None]] = []
    for seat in dance_.dancers:
        if seat in dance_.swapped:
            faces.append((seat, DORIAN_GRAY))
        elif shows_face(game, seat, dance_.dancers):
            faces.append((seat, game.guest(seat).id))
        else:
            faces.append((seat, None))
    return tuple(faces)


def reveal(game: MasqueradeGame, seat: int) -> MasqueradeGame:
    _check_seat(game, seat, "player")
    return attrs.evolve(game, revealed=game.revealed | {seat})


def _anubis_asker(game: MasqueradeGame) -> int:
    """The refused asker, when a Mystery Guest may be revealed now (checks on public facts)."""
    _check_live(game)
    if game.refused is None:
        raise RuleError(f"Only after a rejected dance request: {quote(R_ANUBIS)}")
    if game.anubis_accuses is not None:
        raise RuleError(f"One Mystery Guest, then the accusation: {quote(R_ANUBIS)}")
    return game.refused[0]


def check_anubis_card(game: MasqueradeGame) -> int:
    """May the refused asker, as the Statue of Anubis, reveal a Mystery Guest now? Asked before
    his card is shown, and told to him alone: a refusal reveals nothing."""
    anubis = _anubis_asker(game)
    if game.guest(anubis).id != ANUBIS:
        raise RuleError(f"Only the Statue of Anubis: {quote(R_ANUBIS)}")
    return anubis


def check_anubis(game: MasqueradeGame) -> int:
    """The seat of the Statue of Anubis who may reveal a Mystery Guest now (his card is face-up)."""
    anubis = _anubis_asker(game)
    if anubis not in game.revealed:
        raise RuleError(f"{game.place_name(anubis)} reveals their Guest card first: {quote(R_ANUBIS)}")
    return check_anubis_card(game)


def reveal_mystery(game: MasqueradeGame, slot: int) -> MasqueradeGame:
    """The Statue of Anubis, after a rejected dance request, reveals a Mystery Guest.

    He shows his card first (as the accusation that follows needs), so that nothing on the table
    depends on a card nobody has seen.
    """
    anubis = check_anubis(game)
    if not 0 <= slot < len(game.setup.mystery):
        raise RuleError("No such Mystery Guest.")
    if slot in game.mystery_revealed:
        raise RuleError("That Mystery Guest is already face-up.")
    return attrs.evolve(game, mystery_revealed=game.mystery_revealed | {slot}, anubis_accuses=anubis)


def _check_dancing(game: MasqueradeGame, seat: int, rule: str) -> Dance:
    _check_live(game)
    _check_seat(game, seat, "player")
    if game.last_dance is None or seat not in game.last_dance.dancers:
        raise RuleError(f"Not dancing now: {quote(rule)}")
    return game.last_dance


def _check_face_down_slot(game: MasqueradeGame, slot: int, rule: str) -> None:
    if not 0 <= slot < len(game.setup.mystery):
        raise RuleError("No such Mystery Guest.")
    if slot in game.mystery_revealed:
        raise RuleError(f"That Mystery Guest is face-up: {quote(rule)}")


def check_dorian(game: MasqueradeGame, seat: int) -> None:
    """May ``seat`` swap now? Only ever shown to ``seat`` in private."""
    _check_live(game)
    _check_seat(game, seat, "player")
    if game.guest(seat).id != DORIAN_GRAY:
        raise RuleError(f"Only the Picture of Dorian Gray: {quote(R_DORIAN)}")
    if seat in game.revealed:
        raise RuleError(quote(R_REVEALED_DANCE))
    _check_dancing(game, seat, R_DORIAN)


def dorian_swap(game: MasqueradeGame, seat: int, slot: int) -> MasqueradeGame:
    check_dorian(game, seat)
    _check_face_down_slot(game, slot, R_DORIAN)
    dealt, mystery = list(game.setup.dealt), list(game.setup.mystery)
    dealt[seat], mystery[slot] = mystery[slot], dealt[seat]
    setup = attrs.evolve(game.setup, dealt=tuple(dealt), mystery=tuple(mystery))
    assert game.last_dance is not None
    dance_ = attrs.evolve(game.last_dance, swapped=game.last_dance.swapped | {seat})
    return attrs.evolve(game, setup=setup, last_dance=dance_)


def check_gargoyle(game: MasqueradeGame, seat: int) -> None:
    """May ``seat`` join the latest dance? Only ever shown to ``seat`` in private."""
    _check_live(game)
    _check_seat(game, seat, "player")
    if game.last_dance is None:
        raise RuleError(f"No dance to join: {quote(R_GARGOYLE)}")
    if seat in game.last_dance.dancers:
        raise RuleError(f"Already in this dance: {quote(R_GARGOYLE)}")
    if game.guest(seat).id != GARGOYLE:
        raise RuleError(f"Only the Gargoyle: {quote(R_GARGOYLE)}")
    if seat in game.revealed:
        raise RuleError(quote(R_REVEAL_TO))


def gargoyle_join(game: MasqueradeGame, seat: int) -> MasqueradeGame:
    """The Gargoyle joins as a third dancer; faces are shown again (a Sasquatch may now unmask)."""
    check_gargoyle(game, seat)
    assert game.last_dance is not None
    dance_ = attrs.evolve(game.last_dance, dancers=(*game.last_dance.dancers, seat))
    return attrs.evolve(game, last_dance=dance_)


def check_sasquatch(game: MasqueradeGame, seat: int) -> None:
    """May ``seat`` look at a Mystery Guest now? Only ever shown to ``seat`` in private."""
    _check_live(game)
    _check_seat(game, seat, "player")
    if _as_danced(game, seat).id != SASQUATCH:
        raise RuleError(f"Only the Sasquatch: {quote(R_SASQUATCH)}")
    dance_ = _check_dancing(game, seat, R_SASQUATCH)
    if not shows_face(game, seat, dance_.dancers):
        raise RuleError(f"He hides his face in this dance: {quote(R_SASQUATCH)}")
    if seat in dance_.looked:
        raise RuleError(f"He has looked at a Mystery Guest in this dance: {quote(R_SASQUATCH)}")


def sasquatch_look(game: MasqueradeGame, seat: int, slot: int) -> tuple[MasqueradeGame, str]:
    """The Sasquatch, showing his face, looks at one face-down Mystery Guest: its guest id."""
    check_sasquatch(game, seat)
    _check_face_down_slot(game, slot, R_SASQUATCH)
    assert game.last_dance is not None
    dance_ = attrs.evolve(game.last_dance, looked=game.last_dance.looked | {seat})
    return attrs.evolve(game, last_dance=dance_), game.setup.mystery[slot]


# ------------------------------------------------------------------------------------ accusation

Ability = Literal["cat_burglar", "phantom"]


@attrs.frozen
class AccusationResult:
    """Only what the table sees: the shuffled whispers. No record of who sent which."""

    accuser: int
    whispers: tuple[bool, ...]
    won: bool
    # The Accusation cards placed face-up, (seat, guest id) in seat order: the table sees them.
    placed: tuple[tuple[int, str], ...] = ()
    # A wrong accusation on the accuser's own turn ends it; one out of turn (a "reveal to"
    # ability, or the Statue of Anubis after his turn passed) ends nobody's.
    ended_turn: bool = False

    def cards(self) -> str:
        return "  ".join("YES" if whisper else "NO" for whisper in self.whispers)


def face_up_mystery(game: MasqueradeGame) -> dict[str, int]:
    """The guests face-up in the center as Mystery Guests (the Statue of Anubis's), by slot."""
    return {game.setup.mystery[slot]: slot for slot in game.mystery_revealed}


def accusation_cards(game: MasqueradeGame, accuser: int) -> tuple[str, ...]:
    """The Accusation cards the accuser may place: not their own, not a revealed player's (it
    stays in front of them), not a Mystery Guest's face-up in the center (no player is it)."""
    kept = {game.setup.dealt[s] for s in game.revealed | {accuser}} | set(face_up_mystery(game))
    return tuple(g for g in game.setup.chosen if g not in kept)


def accusation_kind(game: MasqueradeGame, accuser: int) -> Literal["normal", "archeologist"]:
    guest = game.guest(accuser)
    if guest.id == ARCHEOLOGIST and not game.archeologist_accused:
        return "archeologist"
    return "normal"


def single_target_abilities(game: MasqueradeGame, accuser: int) -> tuple[Ability, ...]:
    """The "reveal to" single-target accusations the accuser's card could use."""
    guest_id = game.guest(accuser).id
    if accuser in game.revealed:
        return ()
    if guest_id == CAT_BURGLAR:
        return ("cat_burglar",)
    if guest_id == PHANTOM:
        return ("phantom",)
    return ()


def reveal_to_targets(game: MasqueradeGame, accuser: int, ability: Ability) -> tuple[int, ...]:
    """Whom ``accuser`` may accuse with ``ability`` now; RuleError (quoting the rule) if nobody.

    Nothing here is on the table before the card is: a refusal is told to the accuser alone.

    The Cat Burglar's window is the dance just danced: it closes with the next turn (the next
    player's inquiry, dance request or accusation). The Picture of Dorian Gray and the Cat
    Burglar, as this app decides it (the seed says nothing more):
    - the Cat Burglar may not accuse a Dorian Gray who swapped during their dance: he showed
      his face, so he did not hide it "for the entirety of their dance";
    - a Dorian Gray who took the Cat Burglar during a dance danced as the Picture (the
      dancers saw the Picture, as with the Sasquatch): that dance gives him no Cat Burglar's
      accusation; his next dance as the Cat Burglar does."""
    guest = game.guest(accuser)
    if accuser in game.revealed:
        raise RuleError(quote(R_REVEAL_TO))
    if ability == "cat_burglar":
        dance_ = game.last_dance
        if guest.id != CAT_BURGLAR:
            raise RuleError(f"Only the Cat Burglar: {quote(R_CAT)}")
        if dance_ is None or accuser not in dance_.dancers:
            raise RuleError(f"Only the player she just danced with: {quote(R_CAT)}")
        if accuser in dance_.swapped:
            raise RuleError(
                f"{game.place_name(accuser)} danced as the Picture of Dorian Gray, who took the Cat "
                f"Burglar during the dance; her ability answers her next dance: {quote(R_CAT)}"
            )
        partners = [s for s in dance_.dancers if s != accuser and s not in game.revealed]
        # The Picture of Dorian Gray who swapped showed his face.
        hidden = tuple(s for s in partners if s not in dance_.swapped and not shows_face(game, s, dance_.dancers))
        if not hidden:
            names = " and ".join(game.place_name(s) for s in partners)
            raise RuleError(f"{names or 'Her partner'} did not hide their face: {quote(R_CAT)}")
        return hidden
    inquiry = game.last_inquiry
    if guest.id != PHANTOM:
        raise RuleError(f"Only the Phantom of the Museum: {quote(R_PHANTOM)}")
    if inquiry is None or inquiry.target != accuser or inquiry.whisper:
        raise RuleError(f"Only right after she whispered No: {quote(R_PHANTOM)}")
    if inquiry.asker in game.revealed:
        raise RuleError(f"{game.place_name(inquiry.asker)} is revealed: {quote(R_ONE_CARD_EACH)}")
    return (inquiry.asker,)


def reveal_to_abilities(game: MasqueradeGame, accuser: int) -> tuple[Ability, ...]:
    """The "reveal to" accusations ``accuser`` may make now, out of turn; RuleError (quoting the
    rule) if none. Asked before the card is shown, and told to the accuser alone."""
    _check_live(game)
    _check_seat(game, accuser, "player")
    _check_anubis_owes(game, accuser)
    if accuser in game.revealed:
        raise RuleError(quote(R_REVEAL_TO))
    abilities = single_target_abilities(game, accuser)
    if not abilities:
        raise RuleError(f"Out of turn, only a “reveal to” ability accuses: {quote(R_CAT)} {quote(R_PHANTOM)}")
    usable: list[Ability] = []
    refusal: RuleError | None = None
    for ability in abilities:
        try:
            reveal_to_targets(game, accuser, ability)
        except RuleError as error:
            refusal = refusal or error
        else:
            usable.append(ability)
    if not usable:
        assert refusal is not None
        raise refusal
    return tuple(usable)


def accuse(
    game: MasqueradeGame,
    accuser: int,
    cards: Mapping[int, str],
    rng: random.Random,
    *,
    ability: Ability | None = None,
) -> tuple[MasqueradeGame, AccusationResult]:
    """Resolve an accusation: ``cards`` maps each accused seat to the Accusation card placed."""
    _check_live(game)
    _check_seat(game, accuser, "player")
    for seat in cards:
        _check_seat(game, seat, "player")
    guest = game.guest(accuser)
    values = list(cards.values())
    if any(value not in game.setup.chosen for value in values):
        raise RuleError(f"Only the cards of guests in the game: {quote(R_DISTINCT)}")
    if len(set(values)) != len(values):
        dup = [game.catalogue[v].name for v, n in Counter(values).items() if n > 1]
        raise RuleError(f"{', '.join(dup)} placed twice; there is one card per guest: {quote(R_DISTINCT)}")
    if game.setup.dealt[accuser] in values:
        raise RuleError(f"Your own card is revealed in front of you: {quote(R_OWN_CARD)}")
    kept = {game.setup.dealt[s]: s for s in game.revealed if s != accuser}
    for value in values:
        if value in kept:
            name = game.catalogue[value].name
            raise RuleError(
                f"{name} stays in front of {game.place_name(kept[value])}, who is revealed: "
                f"{quote(R_KEEP_CARD)}"
            )
    centre = face_up_mystery(game)
    for value in values:
        if value in centre:
            name = game.catalogue[value].name
            raise RuleError(
                f"{name} is a Mystery Guest, face-up in the center ({game.place_name(game.seats + centre[value])}): "
                f"no player is {name}. {quote(R_REVEALED_FACE_UP)}"
            )
    if accuser in cards or any(seat in game.revealed for seat in cards):
        raise RuleError(quote(R_ONE_CARD_EACH))
    _check_anubis_owes(game, accuser)
    if game.anubis_owes == accuser and game.anubis_accuses is None:
        raise RuleError(f"A Mystery Guest first: {quote(R_ANUBIS)}")
    if ability is None and accuser != game.anubis_accuses:
        _check_turn(game, accuser)
        if game.must_inquire:
            raise RuleError(quote(R_REFUSED))
    if ability is not None:
        if accuser in game.revealed:
            raise RuleError(quote(R_REVEAL_TO))
        if len(cards) != 1:
            raise RuleError(quote(R_CAT if ability == "cat_burglar" else R_PHANTOM))
        (target,) = cards
        targets = reveal_to_targets(game, accuser, ability)
        if target not in targets:
            only = " or ".join(game.place_name(s) for s in targets)
            raise RuleError(f"Only {only}: {quote(R_CAT if ability == 'cat_burglar' else R_PHANTOM)}")
    elif accusation_kind(game, accuser) == "archeologist":
        if len(cards) != 1 or values != [MUMMY]:
            raise RuleError(quote(R_ARCH_FIRST))
    else:
        expected = set(game.unrevealed_others(accuser))
        if set(cards) != expected:
            missing = [game.place_name(s) for s in sorted(expected - set(cards))]
            detail = f" (no card for {', '.join(missing)})" if missing else ""
            raise RuleError(quote(R_ONE_CARD_EACH) + detail)
    whispers = [game.setup.dealt[seat] == card for seat, card in cards.items()]
    rng.shuffle(whispers)
    won = bool(whispers) and all(whispers)
    after = attrs.evolve(
        game,
        revealed=game.revealed | {accuser},
        archeologist_accused=game.archeologist_accused or guest.id == ARCHEOLOGIST,
        winner=accuser if won else None,
        last_inquiry=None,
        last_dance=None,
        refused=None,
        anubis_accuses=None,
    )
    # A "reveal to" accusation answers someone else's turn; only an accusation on one's own
    # turn (the Statue of Anubis's included) ends it.
    ended = not won and ability is None and accuser == game.turn
    if ended:
        after = after.next_turn()
    return after, AccusationResult(accuser, tuple(whispers), won, tuple(sorted(cards.items())), ended)
