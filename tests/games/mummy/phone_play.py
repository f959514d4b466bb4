"""Random Night of the Mummy games played with the players' phones, for the properties: each
action sends the cards the table screen sends (grimoire.games.mummy.table, with phones), and
each card's facts are checked true as it is sent."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import attrs

from grimoire.games.mummy import phones as ph
from grimoire.games.mummy import rules, save
from grimoire.games.mummy.guests import ANUBIS, MUMMY
from grimoire.games.mummy.rules import MasqueradeGame, RuleError

NAMES = ("Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def true_now(game: MasqueradeGame, fact: ph.Fact) -> bool:
    at = game.setup.dealt[fact.place] if fact.place < game.seats else game.setup.mystery[fact.place - game.seats]
    return (at == fact.guest) == (fact.mark == "o")


@attrs.define
class PhoneTable:
    game: MasqueradeGame
    phones: ph.Phones

    def send(self, cards: Sequence[ph.Card]) -> None:
        for card in cards:
            for fact in card[4]:
                assert true_now(self.game, fact), (card, fact)
        self.phones = self.phones.add(*cards)

    @property
    def party(self) -> save.Party:
        return save.Party(self.game, (), (), self.phones)


def new_table(rng: random.Random, players: int, advanced: bool) -> PhoneTable:
    chosen = rules.random_choice(players, rng, learning=not advanced)
    game = rules.MasqueradeGame(rules.deal(NAMES[:players], chosen, rng, learning=not advanced))
    game = rules.first_player(game, rng.randrange(players))
    return PhoneTable(game, ph.new_phones(game, f"{rng.getrandbits(64):016x}"))


def _accuse(table: PhoneTable, accuser: int, rng: random.Random, ability: rules.Ability | None = None) -> None:
    game = table.game
    others = game.unrevealed_others(accuser)
    if ability is not None:
        seats = [rng.choice(rules.reveal_to_targets(game, accuser, ability))]
    elif rules.accusation_kind(game, accuser) == "archeologist":
        if not others:
            return
        seats = [rng.choice(others)]
    else:
        seats = list(others)
    if ability is None and rules.accusation_kind(game, accuser) == "archeologist":
        cards = {seats[0]: MUMMY}
    elif rng.random() < 0.3:
        cards = {s: game.setup.dealt[s] for s in seats}
    else:
        pool = list(rules.accusation_cards(game, accuser))
        rng.shuffle(pool)
        cards = dict(zip(seats, pool, strict=False))
    try:
        after, result = rules.accuse(game, accuser, cards, rng, ability=ability)
    except RuleError:
        return
    table.send(ph.accused_cards(game, result))
    for fact in ph.accusation_facts(result):
        assert true_now(game, fact)
    table.phones = table.phones.learn(ph.accusation_facts(result))
    table.game = after


def _dance(table: PhoneTable, rng: random.Random) -> None:
    game = table.game
    asker = game.turn
    assert asker is not None
    partners = [s for s in range(game.seats) if s != asker and s not in game.revealed]
    if not partners:
        return
    partner = rng.choice(partners)
    try:
        rules.check_dance_request(game, asker, partner)
    except RuleError as error:
        try:
            rules.check_dance_public(game, asker, partner)
        except RuleError:
            return
        table.send([ph.refusal_card(game, asker, "You may not ask for this dance", str(error))])
        return
    table.send([ph.request_card(game, asker, partner)])
    must = game.guest(partner).must_accept_dance
    accept = must or rng.random() < 0.6
    table.game = rules.dance(game, asker, partner, accept)
    if not accept:
        if ANUBIS in game.setup.chosen:
            table.send([ph.anubis_card(table.game, asker)])
            if table.game.anubis_owes is not None:
                _anubis(table, rng)
        return
    table.send([*ph.dance_cards(table.game), *ph.nearby_cards(table.game)])
    for _ in range(rng.randrange(3)):
        _ability(table, rng)
    table.send(ph.cat_cards(table.game))


def _ability(table: PhoneTable, rng: random.Random) -> None:
    game = table.game
    assert game.last_dance is not None
    slots = [k for k in range(len(game.setup.mystery)) if k not in game.mystery_revealed]
    kind = rng.choice(["gargoyle", "sasquatch", "dorian"])
    if kind == "gargoyle":
        seat = rng.randrange(game.seats)
        try:
            after = rules.gargoyle_join(game, seat)
        except RuleError:
            return
        table.game = after
        table.send(ph.joined_cards(after, seat))
    elif slots:
        seat = rng.choice(game.last_dance.dancers)
        slot = rng.choice(slots)
        try:
            if kind == "sasquatch":
                after, guest_id = rules.sasquatch_look(game, seat, slot)
                table.send([ph.look_card(after, seat, slot, guest_id)])
            else:
                after = rules.dorian_swap(game, seat, slot)
                table.game = after
                table.send(ph.swap_cards(after, seat, slot))
        except RuleError:
            return
        table.game = after


def _anubis(table: PhoneTable, rng: random.Random) -> None:
    game = table.game
    seat = rules.check_anubis_card(game)
    game = rules.reveal(game, seat)
    slots = [k for k in range(len(game.setup.mystery)) if k not in game.mystery_revealed]
    if not slots:
        table.game = game
        return
    table.game = rules.reveal_mystery(game, rng.choice(slots))
    _accuse(table, seat, rng)


def play(rng: random.Random, players: int, steps: int, advanced: bool = True) -> Iterator[PhoneTable]:
    """A random game with phones: the table after each action."""
    table = new_table(rng, players, advanced)
    yield table
    for _ in range(steps):
        game = table.game
        if game.winner is not None or game.turn is None:
            return
        turn = game.turn
        kind = rng.choice(["inquire", "inquire", "dance", "dance", "dance", "accuse", "reveal_to"])
        if kind == "inquire" or (kind == "dance" and game.must_inquire):
            targets = rules.inquiry_targets(game, turn)
            if not targets:
                table.game = game.next_turn()
            else:
                after = rules.inquire(game, turn, rng.choice(targets), rng.choice(game.setup.chosen))
                table.send(ph.inquiry_cards(game, after))
                table.game = after
        elif kind == "dance":
            if turn in game.revealed:
                continue
            _dance(table, rng)
        elif kind == "reveal_to":
            seat = rng.randrange(game.seats)
            try:
                abilities = rules.reveal_to_abilities(game, seat)
            except RuleError:
                continue
            _accuse(table, seat, rng, abilities[0])
        else:
            if game.must_inquire:
                continue
            _accuse(table, turn, rng)
        yield table
