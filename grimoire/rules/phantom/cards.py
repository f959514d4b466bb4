"""The cards the Phantom's night steps show (``ScriptRules.step_cards``): the evil Townsfolk's,
the Auctioneer's, the Mirror Keeper's and the Phantom's information."""

from __future__ import annotations

from typing import Any

from grimoire.core.model import GameState, InfoRecord
from grimoire.core.script import load_script
from grimoire.rules.cards import Block, ShowCard, seat_words
from grimoire.rules.phantom.state import artifact_of, own
from night_order import AnswerKind, Prompt

# Kinds of card (also the words the tests check).
EVIL = "evil"
AUCTIONEER = "auctioneer"
MIRROR_TARGET = "mirror_target"
MIRROR_MOVED = "mirror_moved"
HOLDER = "holder"


def _character_name(g: GameState, character: str | None) -> str:
    if character is None:
        return "nobody"
    script = load_script(g.script_id)
    return script.character(character).name if character in script.by_id else character


def you_are_evil(g: GameState) -> ShowCard | None:
    seat = own(g).evil_townsfolk
    if seat is None:
        return None
    return ShowCard(EVIL, "You are evil (the evil Townsfolk)",
                    (Block("headline", "You are"), Block("big", "Evil"), Block("text", "Thumbs down")), seat)


def auctioneer_card(g: GameState, seat: int | None, value: Any) -> ShowCard | None:
    if not (isinstance(value, (tuple, list)) and len(value) == 2):
        return None
    passer, first = value
    return ShowCard(AUCTIONEER, "The Auctioneer's information",
                    (Block("headline", "Passed to you by"), Block("big", seat_words(g, passer)),
                     Block("headline", "Its 1st holder tonight"), Block("big", _character_name(g, first))),
                    seat)


def mirror_card(g: GameState, mk: int | None, target: Any) -> ShowCard | None:
    if not isinstance(target, int):
        return None
    # On a receipt the walker asks while the Mirror Keeper holds the artifact (it moves after):
    # they learn where it went. Their own first-night step shows them their good player.
    if mk is not None and artifact_of(g).holder == mk:
        return ShowCard(MIRROR_MOVED, "The Mirror Keeper: the artifact moved to",
                        (Block("headline", "The artifact moved to"), Block("big", seat_words(g, target))), mk)
    return ShowCard(MIRROR_TARGET, "The Mirror Keeper's good player",
                    (Block("headline", "This player is good"), Block("big", seat_words(g, target))), mk)


def holder_card(g: GameState, seat: int | None, holder: Any) -> ShowCard | None:
    if not isinstance(holder, int):
        return None
    return ShowCard(HOLDER, "The Phantom: the artifact holder",
                    (Block("headline", "The artifact is with"), Block("big", seat_words(g, holder))), seat)


# The information characters whose cards are these (the others' are every script's told card).
TOLD_CARDS = {"auctioneer": auctioneer_card, "mirror_keeper": mirror_card, "phantom": holder_card}


def told_card(g: GameState, record: InfoRecord, value: Any) -> ShowCard | None:
    """The card of what ``record``'s player is told (None: not one of these)."""
    made = TOLD_CARDS.get(record.character)
    return None if made is None else made(g, record.seat, value)


def step_cards(g: GameState, prompt: Prompt) -> list[ShowCard | None]:
    step = prompt.step
    woken = prompt.wake[0] if prompt.wake else None
    if step == "managers":
        return [you_are_evil(g)]
    if step == "auctioneer":
        return [auctioneer_card(g, woken, prompt.truth)]
    if step == "mirror_keeper":
        return [mirror_card(g, woken, prompt.truth)]
    if prompt.title == "PHANTOM INFORMATION" or (
        step == "phantom" and g.night == 1 and prompt.title == "Phantom" and prompt.kind is AnswerKind.ACK
    ):
        return [holder_card(g, woken, prompt.truth)]
    return []
