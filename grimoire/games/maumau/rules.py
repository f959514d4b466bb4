"""Vampir Mau Mau table keeper: the public state of a game and the seed's rules. Pure, no UI.

The app never sees a hand. It keeps what lies on the table (top card, Day/Night, Clocks, the
Werewolf, an open wish, set-aside cards), checks a typed-in play against the seed, and scores
each deal. Every refusal is a ``RuleError`` whose message quotes the seed rule it enforces.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Literal, TypeAlias

import attrs

Colour: TypeAlias = Literal["red", "blue", "green", "purple"]
COLOURS: tuple[Colour, ...] = ("red", "blue", "green", "purple")
CardKind: TypeAlias = Literal["mau", "clock", "werewolf"]

# Only the symbols the seed itself names; the card art is not transcribed, so any other symbol
# the group types is accepted as written.
SEED_SYMBOLS: tuple[str, ...] = ("meat", "axe", "nail", "spider", "clock face", "tombstone")

STANDARD_DEALS: tuple[int, ...] = (3, 5, 7)
END_BONUS = 2


class RuleError(ValueError):
    """An action the seed does not allow; the message quotes the rule."""


# The seed's words, quoted by refusals and hints.
class Rule:
    PLAY = (
        "\"To play a Mau Mau card, it must have the same colour or the same symbol as the card "
        'on top of the discard pile."'
    )
    WISH_PLAY = (
        '"If a wish has not yet been fulfilled, the card must be of the wished colour, regardless '
        'of the card on top of the discard pile. (In this case the card may have any symbol.)"'
    )
    ONE_WEREWOLF = '"Only one Werewolf may be placed on a given Character."'
    ONE_WEREWOLF_2P = (
        '"Only one Werewolf may be placed on a given Character. (As a result, in a 2-player game, '
        "if your opponent's Character is blocked by a Werewolf, you may place one only on your "
        'own Character!)"'
    )
    WISH = (
        '"If during your turn one or more Special cards are discarded, you may wish for a '
        'colour: choose between red, blue, green or purple."'
    )
    SPECIAL_END = (
        '"You cannot end a deal by playing a Special card! If you play a Special card as your '
        'last card, you must draw 2 penalty cards, and the deal does not end."'
    )
    DEAL_ENDS = '"A deal ends when one of the players empties their hand."'
    SCORING = (
        "\"Each player's points equal the total number of cards that the opponents hold in hand. "
        'The player who ended the deal receives a bonus of 2 points."'
    )
    PLAYERS = (
        '"There are several ways to play Mau Mau Vampiri with more than 4 players. One way is to '
        "start the game with fewer cards in hand, e.g. 7 cards with 5 players or 6 cards with 6 "
        "players. Another way is to play with 2 copies of the game and shuffle all the cards "
        'together."'
    )
    STARTING = (
        '"If the card you drew as the starting discard is a Special card (Clock or Werewolf), '
        'keep drawing until a Mau Mau card comes up."'
    )
    DEALS = '"Before starting, agree on the number of deals you want to play."'
    GAME_OVER = (
        '"At the end of the agreed number of deals, the player with the most points wins! In '
        'case of a tie, play a tie-break deal."'
    )
    MAU = (
        '"At the moment you play your second-to-last card, that is, when you have only 1 card '
        'left in your hand, you must announce it immediately by saying "Mau". If you forget, you '
        'must draw 1 penalty card from the draw pile."'
    )
    MAU_MAU = (
        '"At the moment you play your last card, the deal ends. However, you must announce this '
        'immediately by saying "Mau Mau". If you forget, you must draw 2 penalty cards, and the '
        'deal does not end."'
    )
    SET_ASIDE = (
        '"The next player (you included) who plays a Special card (Clock or Werewolf) must take '
        'all the cards that were set aside and add them to their hand."'
    )
    BLOCKED = (
        '"An ability cannot be used while a Werewolf is on top of the Character, regardless of '
        'whether it is day or night."'
    )
    SWAP = '"Swap your Character with that of an opponent of your choice."'
    TRIGGER = (
        '"To play a Mau Mau card, it must have the same colour or the same symbol as the card on '
        "top of the discard pile. … If the symbol or the colour (only at night) of the card "
        "matches one of the two illustrations in the box of your Character, you may use the "
        'corresponding special ability."'
    )
    HUMAN = (
        '"Each Human has 1 special ability that is triggered by two symbols. Each time you play '
        'a card with one of these two symbols, you may use the special ability."'
    )
    VAMPIRES = (
        '"The 8 Characters have different abilities as Humans, and identical abilities as '
        'Vampires."'
    )
    LAST_CARD = '"At the moment you play your last card, the deal ends."'
    TURN = (
        '"On your turn, play 1 card from your hand. If you cannot or do not want to play a card, '
        "you must draw 1 card from the draw pile and add it to your hand. If you wish and it is "
        'possible, you may play the card you have just drawn. Your turn then ends."'
    )


# The 8 Human abilities, in the order the seed lists them. Which Character has which one is on
# the card art, so the group assigns them (see characters.py).
HUMAN_ABILITIES: tuple[str, ...] = (
    "You may give 1 card from your hand to the player on your left. As compensation, that "
    "player may wish for a colour.",
    "Wish for a colour. Then immediately take another turn. (You may use this ability several "
    "times in a row, as long as you play one of the two symbols.)",
    "Call a colour: red, blue, green or purple. Each opponent must show you 1 card of that colour "
    'from their hand, or draw 2 cards from the draw pile. Note: "calling a colour" does not count '
    'as "wishing for a colour"!',
    "Swap your Character with that of an opponent of your choice. Then immediately take another "
    "turn.",
    "Each opponent must draw 1 card from the draw pile. You do not draw.",
    "All opponents (you excluded!) must compare the number of cards they hold in hand. The player "
    "with fewer cards must draw 2 cards from the draw pile. If 2 or more players tie for having "
    "fewer cards, each of them draws 1 card from the draw pile. In every case, you draw nothing!",
    "Draw 2 cards from the draw pile and look at them. Then give both cards to 1 player of your "
    "choice, or one card each to 2 different players. You may keep 1 or both cards.",
    "Set aside 1 card from your hand and 1 card from the draw pile (without looking at it), face "
    "down, beside the Day/Night card. Each time you use this special ability, add 2 more cards in "
    "the same way to those set aside. The next player (you included) who plays a Special card "
    "(Clock or Werewolf) must take all the cards that were set aside and add them to their hand.",
)
# The same 8 abilities in a line each, for the table at narrow sizes; the seed's text above is
# what the roster and the hints show in full.
ABILITY_GISTS: tuple[str, ...] = (
    "Give 1 card to the player on your left; they may wish for a colour.",
    "Wish for a colour, then take another turn.",
    "Call a colour: each opponent shows you 1 card of it or draws 2.",
    "Swap Characters with an opponent, then take another turn.",
    "Each opponent draws 1 card.",
    "Of the opponents, the one with fewest cards draws 2 (a tie: 1 each).",
    "Draw 2 and look: give them to 1 or 2 players, or keep them.",
    "Set aside 1 card from hand and 1 from the pile; the next Special takes them all.",
)
ABILITY_LEFT_WISHES = 1
ABILITY_WISH_AGAIN = 2
ABILITY_SWAP = 4
ABILITY_SET_ASIDE = 8
# The abilities the table logs by key, named as the refusals say them.
LOGGED_ABILITIES = {ABILITY_SWAP: ("swap", "swapped Characters"),
                    ABILITY_SET_ASIDE: ("set aside", "set aside cards")}


def normalise_symbol(text: str) -> str:
    return " ".join(text.lower().split())


def _colour(value: str) -> Colour:
    for colour in COLOURS:
        if value == colour:
            return colour
    raise RuleError(f"{value!r} is not a colour: {Rule.WISH}")


@attrs.frozen
class Card:
    kind: CardKind
    colour: Colour | None = None
    symbol: str | None = None

    def __attrs_post_init__(self) -> None:
        if self.kind == "mau" and (self.colour is None or not self.symbol):
            raise RuleError('"Each card shows a symbol and a colour." Name both, e.g. "red axe".')

    @property
    def special(self) -> bool:
        return self.kind != "mau"

    def __str__(self) -> str:
        if self.kind == "mau":
            return f"{self.colour} {self.symbol}"
        return "Clock" if self.kind == "clock" else "Werewolf"


def mau(colour: str, symbol: str) -> Card:
    return Card("mau", _colour(colour), normalise_symbol(symbol))


CLOCK = Card("clock")
WEREWOLF = Card("werewolf")


def parse_card(text: str) -> Card:
    """Read a typed card: "clock", "werewolf", or a colour then a symbol ("b tombstone")."""
    words = text.lower().split()
    if not words:
        raise RuleError('Type a card: "clock", "werewolf" or a colour and a symbol ("red axe").')
    if len(words) == 1:  # no colour starts with c or w, so any prefix is unambiguous
        if "clock".startswith(words[0]):
            return CLOCK
        if "werewolf".startswith(words[0]) or words[0] == "wolf":
            return WEREWOLF
    head, rest = words[0], " ".join(words[1:])
    matches = [c for c in COLOURS if c.startswith(head)]
    if len(matches) != 1 or not rest:
        raise RuleError(
            f'"{text}" is not a card: "Each card shows a symbol and a colour" — red, blue, green '
            'or purple, then the symbol ("b tombstone"), or "clock" / "werewolf".'
        )
    return Card("mau", matches[0], rest)


@attrs.frozen
class CharacterDef:
    """A Character as the group read it off the card: nothing here is ever guessed."""

    name: str
    ability: int  # 1..8, the seed's order of Human abilities
    day_symbols: tuple[str, str]
    vampire_symbol: str
    vampire_colour: Colour

    @property
    def ability_text(self) -> str:
        return HUMAN_ABILITIES[self.ability - 1]

    @property
    def ability_gist(self) -> str:
        return ABILITY_GISTS[self.ability - 1]

    def vampire_text(self) -> str:
        return (f"{self.vampire_symbol}: the player to your left draws 2 · {self.vampire_colour}: "
                "you may give 1 card to another player")


def hand_size(players: int, two_copies: bool = False) -> int:
    """Cards dealt to each player, or a RuleError for a table the seed does not cover."""
    if players < 2:
        raise RuleError('Vampir Mau Mau needs at least 2 players ("in a 2-player game").')
    if two_copies:
        return 8
    if players <= 4:
        return 8
    if players == 5:
        return 7
    if players == 6:
        return 6
    raise RuleError(f"{players} players need two copies of the game: {Rule.PLAYERS}")


@attrs.frozen
class Deal:
    """The public state of one deal."""

    number: int  # 1-based
    dealer: int
    turn: int
    is_night: bool = False
    clocks: int = 0
    werewolf_on: int | None = None  # the seat whose Character carries the Werewolf
    wish: Colour | None = None
    wish_by: int | None = None  # the seat that may wish now (a Special was discarded)
    set_aside: int = 0
    top: Card | None = None
    last_play: tuple[int, Card] | None = None
    # The Human ability (swap, set aside) the last card lets its player use, until it is used
    # or play moves on; ``ability_used`` (the one used) tells the two apart for the refusal.
    open_ability: int | None = None
    ability_used: int | None = None
    hands: tuple[int, ...] | None = None  # the cards in each hand, when the table counts them
    # The player on turn has drawn: they may play the card just drawn, or pass.
    drawn: bool = False
    # The cards each seat has played this deal (None in a deal saved before they were counted).
    played: tuple[int, ...] | None = None


@attrs.frozen
class DealResult:
    ender: int
    counts: tuple[int, ...]
    scores: tuple[int, ...]
    dealer: int


@attrs.frozen
class Game:
    players: tuple[str, ...]  # clockwise; a seat's left neighbour is the next index
    deals_planned: int
    characters: tuple[str | None, ...]  # Character name per seat; None = not assigned
    rotate_characters: bool = False
    keep_day_night: bool = False
    two_copies: bool = False
    track_hands: bool = False  # count each hand, to prompt for "Mau" and fill in the end
    results: tuple[DealResult, ...] = ()
    deal: Deal | None = None  # None once the game is over
    log: tuple[str, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def hand_size(self) -> int:
        return hand_size(self.n, self.two_copies)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r.scores[i] for r in self.results) for i in range(self.n))

    @property
    def over(self) -> bool:
        return self.deal is None

    @property
    def tiebreak(self) -> bool:
        return self.deal is not None and len(self.results) >= self.deals_planned

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the most points (more than one only while a tie-break is due)."""
        if not self.results:
            return ()
        best = max(self.totals)
        return tuple(i for i, t in enumerate(self.totals) if t == best)

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.n


def deal_scores(counts: Sequence[int], ender: int) -> tuple[int, ...]:
    """The seed's scoring: the cards the opponents hold, plus 2 for the player who ended it."""
    total = sum(counts)
    return tuple(total - c + (END_BONUS if i == ender else 0) for i, c in enumerate(counts))


def new_game(
    players: Sequence[str],
    deals: int,
    *,
    rotate_characters: bool = False,
    keep_day_night: bool = False,
    two_copies: bool = False,
    track_hands: bool = False,
    characters: Sequence[str | None] | None = None,
    dealer: int = 0,
) -> Game:
    names = tuple(" ".join(p.split()) for p in players)
    if any(not name for name in names):
        raise RuleError("Every player needs a name (the score sheet lists players by name).")
    if len({name.casefold() for name in names}) != len(names):
        raise RuleError("Two players share a name; the score sheet needs them apart.")
    hand_size(len(names), two_copies)
    if deals < 1:
        raise RuleError(f"{Rule.DEALS} (Short 3, normal 5, long 7 — at least 1.)")
    chars = tuple(characters) if characters is not None else (None,) * len(names)
    if len(chars) != len(names):
        raise RuleError('"Each player takes 1 Character at random."')
    taken = [c for c in chars if c is not None]
    if len(set(taken)) != len(taken) and not two_copies:
        raise RuleError('"Each player takes 1 Character at random" — the box holds each once.')
    if not 0 <= dealer < len(names):
        raise RuleError('"Choose a dealer."')
    game = Game(
        players=names,
        deals_planned=deals,
        characters=chars,
        rotate_characters=rotate_characters,
        keep_day_night=keep_day_night,
        two_copies=two_copies,
        track_hands=track_hands,
    )
    deal = Deal(number=1, dealer=dealer, turn=game.left_of(dealer), hands=_full_hands(game),
                played=(0,) * game.n)
    return attrs.evolve(game, deal=deal, log=(_deal_banner(game, deal),))


def _full_hands(game: Game) -> tuple[int, ...] | None:
    return (game.hand_size,) * game.n if game.track_hands else None


def random_characters(roster: Sequence[str], seats: int, rng: random.Random) -> tuple[str, ...]:
    """"Each player takes 1 Character at random." Needs a roster at least as big as the table."""
    if len(roster) < seats:
        raise RuleError(
            f'"Each player takes 1 Character at random" — the group has set up {len(roster)} '
            f"Characters for {seats} players."
        )
    return tuple(rng.sample(list(roster), seats))


def _deal_banner(game: Game, deal: Deal) -> str:
    kind = "Tie-break deal" if game.tiebreak else f"Deal {deal.number}"
    return (
        f"— {kind}: {game.players[deal.dealer]} deals {game.hand_size} cards each; "
        f"{game.players[deal.turn]} starts. {'Night' if deal.is_night else 'Day'}. —"
    )


# ---------------------------------------------------------------------------------- actions


@attrs.frozen
class StartDiscard:
    """The cards drawn for the starting discard, in order."""

    cards: tuple[Card, ...]


@attrs.frozen
class Play:
    """The seat whose turn it is plays a Mau Mau card, a Clock or a Werewolf (with a target)."""

    card: Card
    target: int | None = None  # a Werewolf's Character


@attrs.frozen
class Wish:
    colour: Colour


@attrs.frozen
class Draw:
    """The player on turn draws instead of playing; they may then play the card just drawn
    (a Play) or keep it (a Pass)."""


@attrs.frozen
class Pass:
    """The player on turn keeps the card just drawn; the turn passes left."""


@attrs.frozen
class SetTurn:
    seat: int


@attrs.frozen
class SetAside:
    """The set-aside ability: 1 card from hand and 1 from the draw pile."""


@attrs.frozen
class Swap:
    """The swap ability: the player on turn swaps Characters with an opponent."""

    other: int


PenaltyKind: TypeAlias = Literal["mau", "maumau", "special"]
PENALTY_LINES: Mapping[PenaltyKind, str] = {
    "mau": '{who} forgot "Mau": draws 1 penalty card.',
    "maumau": '{who} forgot "Mau Mau": draws 2 penalty cards; the deal goes on.',
    "special": "{who} played a Special card as the last card: draws 2 penalty cards; the deal "
    "does not end.",
}


@attrs.frozen
class Penalty:
    seat: int
    kind: PenaltyKind


@attrs.frozen
class SetHand:
    """The table corrects a tracked hand (an ability gave or drew cards)."""

    seat: int
    count: int


@attrs.frozen
class EndDeal:
    ender: int
    counts: tuple[int, ...]


Action: TypeAlias = (
    StartDiscard | Play | Wish | Draw | Pass | SetTurn | SetAside | Swap | Penalty | SetHand
    | EndDeal
)
PENALTY_CARDS: Mapping[str, int] = {"mau": 1, "maumau": 2, "special": 2}


def apply(game: Game, action: Action, roster: Mapping[str, CharacterDef] | None = None) -> Game:
    """Return the game after ``action``, or raise RuleError quoting the rule it breaks."""
    deal = game.deal
    if deal is None:
        raise RuleError(f"The game is over. {Rule.GAME_OVER}")
    if isinstance(action, StartDiscard):
        return _start_discard(game, deal, action)
    if isinstance(action, Play):
        return _play(game, deal, action, roster or {})
    if isinstance(action, Wish):
        return _wish(game, deal, action)
    if isinstance(action, Draw):
        return _draw(game, deal)
    if isinstance(action, Pass):
        return _pass(game, deal)
    if isinstance(action, SetTurn):
        _check_seat(game, action.seat)
        return _with(game, attrs.evolve(deal, turn=action.seat, drawn=False), None)
    if isinstance(action, SetAside):
        seat = _use_ability(game, deal, ABILITY_SET_ASIDE, roster or {})
        new = attrs.evolve(deal, set_aside=deal.set_aside + 2, open_ability=None,
                           ability_used=ABILITY_SET_ASIDE)
        line = f"{game.players[seat]} sets aside 2 cards ({new.set_aside} now set aside)."
        return _with(game, _hand(new, seat, -1), line)
    if isinstance(action, Swap):
        return _swap(game, deal, action, roster or {})
    if isinstance(action, Penalty):
        _check_seat(game, action.seat)
        problem = penalty_problem(game, action.seat, action.kind)
        if problem is not None:
            raise RuleError(problem)
        new = _hand(deal, action.seat, PENALTY_CARDS[action.kind])
        return _with(game, new, PENALTY_LINES[action.kind].format(who=game.players[action.seat]))
    if isinstance(action, SetHand):
        return _set_hand(game, deal, action)
    return _end_deal(game, deal, action)


def _draw(game: Game, deal: Deal) -> Game:
    who = game.players[deal.turn]
    if deal.drawn:
        raise RuleError(f"{who} has drawn already this turn: play the card just drawn, or pass "
                        f"(the turn ends): {Rule.TURN}")
    # The table moves on: a wish or an ability not taken at once is gone.
    new = attrs.evolve(deal, drawn=True, wish_by=None, open_ability=None)
    line = f"{who} draws 1 card, and may play it if it fits, or pass."
    return _with(game, _hand(new, deal.turn, +1), line)


def _pass(game: Game, deal: Deal) -> Game:
    who = game.players[deal.turn]
    if not deal.drawn:
        raise RuleError(f"{who} has not drawn: {Rule.TURN}")
    nxt = game.left_of(deal.turn)
    new = attrs.evolve(deal, turn=nxt, drawn=False)
    return _with(game, new, f"{who} keeps the card drawn; {game.players[nxt]}'s turn.")


# What a penalty needs of the hand: "Mau" is said at 1 card, "Mau Mau" and a Special as the last
# card at none. Cards leave a hand only as the player plays: the card played, and at most one
# more given or set aside by the ability that card triggers.
PENALTY_AT: Mapping[PenaltyKind, int] = {"mau": 1, "maumau": 0, "special": 0}
PENALTY_RULES: Mapping[PenaltyKind, str] = {
    "mau": Rule.MAU, "maumau": Rule.MAU_MAU, "special": Rule.SPECIAL_END}
MOST_LEFT_PER_PLAY = 2


def penalty_problem(game: Game, seat: int, kind: PenaltyKind) -> str | None:
    """Why ``seat`` cannot owe the ``kind`` penalty now (the rule quoted), or None if it may."""
    deal = game.deal
    if deal is None:
        return f"The game is over. {Rule.GAME_OVER}"
    who, at, rule = game.players[seat], PENALTY_AT[kind], PENALTY_RULES[kind]
    held = "1 card" if at == 1 else "none"
    if kind == "special":
        last = deal.last_play
        if last is None or last[0] != seat or not last[1].special:
            return f"{who} did not just play a Special card: {rule}"
    if deal.hands is not None:
        if deal.hands[seat] != at:
            count = deal.hands[seat]
            return (f"{who} holds {count} card{'s' if count != 1 else ''} by the app's count, not "
                    f"{held} (h corrects a count): {rule}")
        return None
    if deal.played is None:
        return None  # a deal saved before plays were counted: nothing to go by
    plays = deal.played[seat]
    least = game.hand_size - MOST_LEFT_PER_PLAY * plays
    if least > at:
        return (f"{who} has played {plays} card{'s' if plays != 1 else ''} this deal, so still holds "
                f"at least {least} of the {game.hand_size} dealt, not {held}: {rule}")
    return None


def _one_more(played: tuple[int, ...] | None, seat: int) -> tuple[int, ...] | None:
    if played is None:
        return None
    return (*played[:seat], played[seat] + 1, *played[seat + 1:])


def _hand(deal: Deal, seat: int, change: int) -> Deal:
    """The deal with ``seat``'s tracked hand changed by ``change`` cards (if hands are kept)."""
    if deal.hands is None:
        return deal
    hands = list(deal.hands)
    hands[seat] = max(0, hands[seat] + change)
    return attrs.evolve(deal, hands=tuple(hands))


def _set_hand(game: Game, deal: Deal, action: SetHand) -> Game:
    _check_seat(game, action.seat)
    if deal.hands is None:
        raise RuleError("Hand sizes are not tracked in this game (a choice made at its start).")
    if action.count < 0:
        raise RuleError(f"A hand holds 0 or more cards: {Rule.SCORING}")
    was = deal.hands[action.seat]
    new = _hand(deal, action.seat, action.count - was)
    count = f"{action.count} card{'s' if action.count != 1 else ''}"
    return _with(game, new, f"{game.players[action.seat]} holds {count} (the app counted {was}).")


def hand_calls(before: Game, after: Game) -> tuple[str, ...]:
    """What the table should hear after an action, by the tracked hands: "Mau" at 1 card,
    "Mau Mau" at none."""
    old = before.deal.hands if before.deal is not None else None
    new = after.deal.hands if after.deal is not None else None
    if old is None or new is None or len(old) != len(new):
        return ()
    calls = []
    for seat, (was, now) in enumerate(zip(old, new, strict=True)):
        who = after.players[seat]
        if now == 1 and was > 1:
            calls.append(f'Mau! {who} holds 1 card: did {who} say "Mau"? (m: 1 penalty card)')
        elif now == 0 and was > 0:
            calls.append(
                f'Mau Mau! {who} has played the last card: did {who} say "Mau Mau"? (e: end the '
                "deal · m: 2 penalty cards)"
            )
    return tuple(calls)


def _with(game: Game, deal: Deal, line: str | None) -> Game:
    log = game.log if line is None else (*game.log, line)
    return attrs.evolve(game, deal=deal, log=log)


def _check_seat(game: Game, seat: int) -> None:
    if not 0 <= seat < game.n:
        raise RuleError(f"There is no seat {seat + 1} at this table of {game.n}.")


def _start_discard(game: Game, deal: Deal, action: StartDiscard) -> Game:
    if deal.top is not None:
        raise RuleError(
            '"Draw the first card and place it face up beside the draw pile" — the discard pile '
            f"already shows {deal.top}."
        )
    specials = 0
    for card in action.cards:
        if card.special:
            specials += 1
            continue
        note = (
            f" ({specials} Special card{'s' if specials != 1 else ''} reshuffled into the draw "
            "pile)"
            if specials
            else ""
        )
        return _with(game, attrs.evolve(deal, top=card), f"Starting discard: {card}{note}.")
    raise RuleError(Rule.STARTING)


def legal_play_problem(deal: Deal, card: Card) -> str | None:
    """Why ``card`` may not be played now (the rule quoted), or None if it may."""
    if card.special:
        return None  # "regardless of the card on top of the discard pile"
    if deal.wish is not None:
        if card.colour != deal.wish:
            return f"{card} does not fulfil the open wish for {deal.wish}: {Rule.WISH_PLAY}"
        return None
    top = deal.top
    if top is None or top.special:
        return None
    if card.colour != top.colour and card.symbol != top.symbol:
        return f"{card} matches neither the colour nor the symbol of {top}: {Rule.PLAY}"
    return None


def _play(game: Game, deal: Deal, action: Play, roster: Mapping[str, CharacterDef]) -> Game:
    card, seat = action.card, deal.turn
    who = game.players[seat]
    if deal.top is None:
        raise RuleError(
            '"Draw the first card and place it face up beside the draw pile: this is the first '
            'card of the discard pile." Log it first (t).'
        )
    problem = legal_play_problem(deal, card)
    if problem is not None:
        raise RuleError(problem)
    if deal.hands is not None and deal.hands[seat] == 0:
        raise RuleError(f"{who} holds no cards by the app's count; correct it first (h: hands).")
    lines: list[str] = []
    new = attrs.evolve(
        deal, wish_by=None, last_play=(seat, card), open_ability=None, ability_used=None,
        drawn=False, played=_one_more(deal.played, seat),
    )
    new = _hand(new, seat, -1)
    if card.special and new.hands is not None and new.hands[seat] == 0:
        # "If you play a Special card as your last card, you must draw 2 penalty cards"
        lines.append(PENALTY_LINES["special"].format(who=who))
        new = _hand(new, seat, PENALTY_CARDS["special"])
    if card.special and deal.set_aside:
        lines.append(f"{who} takes all {deal.set_aside} set-aside cards: {Rule.SET_ASIDE}")
        new = attrs.evolve(_hand(new, seat, deal.set_aside), set_aside=0)
    if card.kind == "werewolf":
        new = _werewolf(game, deal, new, action.target, lines)
    elif card.kind == "clock":
        new = _clock(game, deal, new, lines)
    else:
        fulfilled = deal.wish is not None
        new = attrs.evolve(new, top=card, wish=None)
        lines.insert(0, f"{who} plays {card}" + (" — the wish is fulfilled." if fulfilled else "."))
        for hint in ability_hints(game, seat, card, roster, night=deal.is_night):
            lines.append(hint.text)
            if hint.wish_by is not None:
                new = attrs.evolve(new, wish_by=hint.wish_by)
            if hint.ability is not None:
                new = attrs.evolve(new, open_ability=hint.ability)
    # "you may use the special ability": the other turn comes with using it (the wish, the
    # swap), so until then the turn passes as usual.
    new = attrs.evolve(new, turn=game.left_of(seat))
    game = _with(game, new, lines[0])
    return attrs.evolve(game, log=(*game.log, *lines[1:]))


def _werewolf(game: Game, old: Deal, new: Deal, target: int | None, lines: list[str]) -> Deal:
    who = game.players[old.turn]
    if target is None:
        raise RuleError('"Place the Werewolf on a Character of your choice." Choose one.')
    _check_seat(game, target)
    if old.werewolf_on == target:
        raise RuleError(Rule.ONE_WEREWOLF_2P if game.n == 2 else Rule.ONE_WEREWOLF)
    lines.insert(0, f"{who} puts a Werewolf on {_character_label(game, target)}.")
    if old.werewolf_on is None:
        return attrs.evolve(new, werewolf_on=target)
    lines.append(
        f"The Werewolf on {_character_label(game, old.werewolf_on)} is discarded; "
        f"{who} may wish for a colour."
    )
    return attrs.evolve(new, werewolf_on=target, wish_by=old.turn)


def _clock(game: Game, old: Deal, new: Deal, lines: list[str]) -> Deal:
    who = game.players[old.turn]
    clocks = old.clocks + 1
    if clocks < game.n:
        lines.insert(0, f"{who} plays a Clock ({clocks} of {game.n}).")
        return attrs.evolve(new, clocks=clocks)
    night = not old.is_night
    lines.insert(
        0,
        f"{who} plays Clock {clocks} of {game.n}: it is now {'Night' if night else 'Day'}; "
        "all Clocks are discarded.",
    )
    if old.werewolf_on is not None:
        lines.append(f"The Werewolf on {_character_label(game, old.werewolf_on)} is discarded.")
    lines.append(f"{who} wishes for a colour.")
    return attrs.evolve(new, clocks=0, is_night=night, werewolf_on=None, wish_by=old.turn)


def _wish(game: Game, deal: Deal, action: Wish) -> Game:
    if deal.wish_by is None:
        raise RuleError(f"No Special card was just discarded: {Rule.WISH}")
    colour = _colour(action.colour)
    who = game.players[deal.wish_by]
    new = attrs.evolve(deal, wish=colour, wish_by=None)
    if _wishes_again(deal):
        new = attrs.evolve(new, turn=deal.wish_by)  # "Then immediately take another turn."
    return _with(game, new, f"{who} wishes for {colour}.")


def _wishes_again(deal: Deal) -> bool:
    """Is this wish the "wish, then take another turn" ability of the one who played a Mau Mau
    card? (A Special card's wish is its player's too, but gives no other turn; the other
    wishing ability lets the player on the left wish.)"""
    last = deal.last_play
    return last is not None and not last[1].special and last[0] == deal.wish_by


def _ability_user(game: Game, deal: Deal) -> int:
    """Abilities belong to whoever just played the card that triggered them."""
    if deal.last_play is None:
        raise RuleError(
            '"Each time you play a card with one of these two symbols, you may use the special '
            'ability." Log the card first (p).'
        )
    seat = deal.last_play[0]
    if deal.werewolf_on == seat:
        raise RuleError(Rule.BLOCKED)
    return seat


def ability_problem(
    game: Game, ability: int, roster: Mapping[str, CharacterDef]
) -> str | None:
    """Why the last card played does not let its player use ``ability`` now (None: it does)."""
    try:
        _use_ability(game, game.deal, ability, roster)
    except RuleError as err:
        return str(err)
    return None


def _use_ability(
    game: Game, deal: Deal | None, ability: int, roster: Mapping[str, CharacterDef]
) -> int:
    """The seat that may use ``ability`` now; otherwise a RuleError saying why not."""
    if deal is None:
        raise RuleError(f"The game is over. {Rule.GAME_OVER}")
    seat = _ability_user(game, deal)
    if deal.open_ability == ability:
        return seat
    assert deal.last_play is not None  # _ability_user checked it
    card = deal.last_play[1]
    who = game.players[seat]
    verb, done = LOGGED_ABILITIES[ability]
    if deal.ability_used == ability:
        raise RuleError(f"{who} has already {done} for this {card}: {Rule.HUMAN}")
    if card.special:
        raise RuleError(f"{who} last played a {card}, and a Special card triggers no ability: "
                        f"{Rule.TRIGGER}")
    if deal.is_night:
        raise RuleError(f"It is Night: {who}'s Character is a Vampire, and no Vampire may "
                        f"{verb}: {Rule.VAMPIRES}")
    name = game.characters[seat]
    if name is None:
        raise RuleError(f"{who}'s Character is not set, so nothing shows that {card} lets them "
                        f"{verb}.")
    char = roster.get(name)
    if char is None:
        raise RuleError(f"{name} is not configured (r: roster), so nothing shows that {card} "
                        f"lets {who} {verb}.")
    if char.ability != ability:
        raise RuleError(f"{name}'s Human ability is number {char.ability} ({char.ability_gist[:-1]}"
                        f"), not {verb}: {Rule.HUMAN}")
    if card.symbol not in char.day_symbols:
        first, second = char.day_symbols
        raise RuleError(f"{card} shows neither of {name}'s two symbols ({first}, {second}): "
                        f"{Rule.HUMAN}")
    raise RuleError(f"{who} played {card}, and play has moved on since: {Rule.HUMAN}")


def _swap(game: Game, deal: Deal, action: Swap, roster: Mapping[str, CharacterDef]) -> Game:
    _check_seat(game, action.other)
    seat = _use_ability(game, deal, ABILITY_SWAP, roster)
    if action.other == seat:
        raise RuleError(f"Choose an opponent: {Rule.SWAP}")
    chars = list(game.characters)
    chars[seat], chars[action.other] = chars[action.other], chars[seat]
    # The Werewolf sits on the Character card, so it travels with it.
    moved = {seat: action.other, action.other: seat}
    wolf = deal.werewolf_on
    new = attrs.evolve(deal, werewolf_on=moved.get(wolf, wolf) if wolf is not None else None,
                       open_ability=None, ability_used=ABILITY_SWAP)
    new = attrs.evolve(new, turn=seat)  # "Then immediately take another turn."
    line = f"{game.players[seat]} swaps Characters with {game.players[action.other]}."
    return _with(attrs.evolve(game, characters=tuple(chars)), new, line)


def ends_on_a_special(game: Game, ender: int) -> bool:
    """Would ``ender`` end the deal on a Special card (which the seed does not allow)?"""
    last = game.deal.last_play if game.deal is not None else None
    return last is not None and last[0] == ender and last[1].special


def _end_deal(game: Game, deal: Deal, action: EndDeal) -> Game:
    _check_seat(game, action.ender)
    counts = tuple(action.counts)
    if len(counts) != game.n:
        raise RuleError(f"Give one hand count per player ({game.n}): {Rule.SCORING}")
    if any(not isinstance(c, int) or c < 0 for c in counts):
        raise RuleError(f"A hand holds 0 or more cards: {Rule.SCORING}")
    if counts[action.ender] != 0:
        raise RuleError(
            f"{game.players[action.ender]} still holds {counts[action.ender]}: {Rule.DEAL_ENDS}"
        )
    emptied = [p for i, p in enumerate(game.players) if counts[i] == 0 and i != action.ender]
    if emptied:
        raise RuleError(
            f"{' and '.join(emptied)} hold{'s' if len(emptied) == 1 else ''} 0 cards too, but "
            f"{game.players[action.ender]} ended the deal, and it ended there: {Rule.LAST_CARD}"
        )
    if ends_on_a_special(game, action.ender):
        raise RuleError(Rule.SPECIAL_END)
    scores = deal_scores(counts, action.ender)
    result = DealResult(action.ender, counts, scores, deal.dealer)
    game = attrs.evolve(game, results=(*game.results, result))
    line = (
        f"{game.players[action.ender]} ends the deal. Scores: "
        + ", ".join(f"{p} {s}" for p, s in zip(game.players, scores, strict=True))
        + "."
    )
    log = (*game.log, line)
    chars = game.characters[-1:] + game.characters[:-1] if game.rotate_characters else None
    if chars is not None:
        game = attrs.evolve(game, characters=chars)
        log = (*log, "Each Character passes to the left.")
    if len(game.results) >= game.deals_planned and len(game.winners) == 1:
        winner = game.players[game.winners[0]]
        log = (*log, f"Game over: {winner} wins with {max(game.totals)} points.")
        return attrs.evolve(game, deal=None, log=log)
    dealer = game.left_of(deal.dealer)
    nxt = Deal(
        number=deal.number + 1,
        dealer=dealer,
        turn=game.left_of(dealer),
        is_night=deal.is_night if game.keep_day_night else False,
        hands=_full_hands(game),
        played=(0,) * game.n,
    )
    if len(game.results) >= game.deals_planned:
        tied = " and ".join(game.players[i] for i in game.winners)
        log = (*log, f"{tied} tie on {max(game.totals)}: {Rule.GAME_OVER}")
    return attrs.evolve(game, deal=nxt, log=(*log, _deal_banner(game, nxt)))


# ---------------------------------------------------------------------------------- abilities


@attrs.frozen
class Hint:
    text: str
    wish_by: int | None = None  # the seat the ability lets wish
    ability: int | None = None  # a logged ability (swap, set aside) the card opens


def _character_label(game: Game, seat: int) -> str:
    name = game.characters[seat]
    return f"{game.players[seat]}'s Character" + (f" ({name})" if name else "")


def ability_hints(
    game: Game, seat: int, card: Card, roster: Mapping[str, CharacterDef], *, night: bool
) -> tuple[Hint, ...]:
    """What ``card`` lets the seat's Character do, from the group's own Character data only."""
    if card.special:
        return ()
    deal = game.deal
    name = game.characters[seat]
    who = game.players[seat]
    if deal is not None and deal.werewolf_on == seat:
        return (Hint(f"No ability: a Werewolf blocks {who}'s Character. {Rule.BLOCKED}"),)
    if name is None:
        return (Hint(f"{who}'s Character is not set, so no ability is hinted."),)
    char = roster.get(name)
    if char is None:
        return (Hint(f"{name} is not configured (r: roster), so no ability is hinted."),)
    if night:
        hints: list[Hint] = []
        if card.symbol == char.vampire_symbol:
            left = game.players[game.left_of(seat)]
            hints.append(Hint(f"Vampire {name}: {card.symbol} — {left} (to the left) draws 2."))
        if card.colour == char.vampire_colour:
            hints.append(
                Hint(
                    f"Vampire {name}: {card.colour} — {who} may give 1 card from their hand to "
                    "another player."
                )
            )
        return tuple(hints)
    if card.symbol not in char.day_symbols:
        return ()
    text = f"{name} ({card.symbol}): {char.ability_text}"
    if char.ability == ABILITY_LEFT_WISHES:
        return (Hint(text, wish_by=game.left_of(seat)),)
    if char.ability == ABILITY_WISH_AGAIN:
        return (Hint(text, wish_by=seat),)
    if char.ability == ABILITY_SWAP:
        return (Hint(text + " (x: swap)", ability=ABILITY_SWAP),)
    if char.ability == ABILITY_SET_ASIDE:
        return (Hint(text + " (a: set aside)", ability=ABILITY_SET_ASIDE),)
    return (Hint(text),)
