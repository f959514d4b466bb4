"""The dawn recap: one night at a glance, for the storyteller at dawn — who died and why, what
each woken player was told (true, false, or while drunk or poisoned), the tokens placed and
those that expired, what ends at today's dusk, who is drunk or poisoned for the day, and what
to announce.

Made from the night's record as the log tells it (the same lines, ``happening_lines``), on the
state at that dawn; pure: the recap screen and the exports word it, nothing here decides. The
JSON session log has it as data (``recap_data``): each item what it is about, and its line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from grimoire.core import happenings as hp
from grimoire.core.model import CardNews, Expiry, GameState, InfoRecord, Phase, Token
from grimoire.core.value import frozen
from grimoire.game import Game
from grimoire.present.happening_lines import (
    card_line,
    expiry_line,
    happening_line,
    in_their_time,
    info_line,
    is_expiry,
    token_line,
)
from grimoire.rules import status
from grimoire.rules import told as told_rules
from grimoire.rules.words import announced, seat_name, who

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules


@frozen
class ToldLine:
    """What one woken player was given, as the log says it, and whether it was true."""

    seat: int | None
    text: str
    verdict: str  # "true", "false", "impaired" (drunk or poisoned) or "shown" (no rules to judge it)
    step: str = ""  # the character whose step told it (the step's id where no rules judge it; a card's kind)
    card: str = ""  # a card shown or sent to the player: its id


@frozen
class DawnRecap:
    night: int
    deaths: tuple[str, ...]  # who died and why
    told: tuple[ToldLine, ...]
    placed: tuple[str, ...]  # tokens placed or moved tonight
    expired: tuple[str, ...]  # tokens the rules took away tonight (at dusk, at dawn…)
    ends_today: tuple[str, ...]  # tokens on the grimoire that go at today's dusk
    impaired: tuple[str, ...]  # who is drunk or poisoned for the day, and by what
    announce: tuple[str, ...]  # what the storyteller tells the town
    prevented: tuple[str, ...] = ()  # the deaths that did not happen, and why (who was spared)
    changed: tuple[str, ...] = ()  # what else the rules changed tonight that dawn should tell (an alignment)


VERDICT_WORDS = {"true": "TRUE", "false": "FALSE", "impaired": "DRUNK/POISONED", "shown": "SHOWN"}


def verdict(rules: ScriptRules, record: InfoRecord) -> str:
    """"impaired" where the player was drunk or poisoned, whatever they were given; else
    "false" where the told answer is no true one, and "true"."""
    if record.impaired:
        return "impaired"
    if record.told is not None and told_rules.tells(record, rules) and not told_rules.is_true(rules, record, record.told):
        return "false"
    return "true"


def _told_line(rules: ScriptRules, g: GameState, record: InfoRecord) -> ToldLine | None:
    if record.seat is None:
        return None  # information for no player (the storyteller's own)
    text = info_line(rules, g, record) or f"{who(g, record.seat)} learned: {told_rules.truth_words(rules, g, record)}."
    return ToldLine(record.seat, text, verdict(rules, record), record.character)


def is_placing(h: Any) -> bool:
    return isinstance(h, hp.TokenChange) and h.how in ("placed", "moved")


def _deaths(rules: ScriptRules, g: GameState, happenings: Sequence[Any]) -> list[tuple[hp.Died | hp.Spared, str]]:
    """Who died and who was spared tonight, each with its line of the log."""
    return [(h, line) for then, h in in_their_time(g, happenings)
            if isinstance(h, (hp.Died, hp.Spared)) and (line := happening_line(rules, then, h))]


def _told(rules: ScriptRules, g: GameState, happenings: Sequence[Any]) -> list[ToldLine]:
    told = [t for then, h in in_their_time(g, happenings)
            if isinstance(h, InfoRecord) and (t := _told_line(rules, then, h)) is not None]
    told += [ToldLine(h.seat, line, "shown", h.step) for then, h in in_their_time(g, happenings)
             if isinstance(h, hp.Shown) and (line := happening_line(rules, then, h))]
    # The cards the players were shown, on the laptop or their phones, with their words.
    return told + [ToldLine(h.card.seat, card_line(then, h), "shown", h.card.what, h.card.id)
                   for then, h in in_their_time(g, happenings) if isinstance(h, CardNews) and h.did in CARD_TOLD]


CARD_TOLD = ("shown", "sent", "dealt")


def _placed(rules: ScriptRules, g: GameState, happenings: Sequence[Any]) -> list[tuple[hp.TokenChange, str]]:
    """The tokens placed or moved tonight, each with its line of the log."""
    return [(h, token_line(rules, then, h)) for then, h in in_their_time(g, happenings) if is_placing(h)]


def _expired(happenings: Sequence[Any]) -> list[list[hp.TokenChange]]:
    """The tokens the rules took away tonight, those that went on the same occasion together."""
    gone = [h for h in happenings if is_expiry(h)]
    return [[h for h in gone if h.why == why] for why in dict.fromkeys(h.why for h in gone)]


def _ending_today(g: GameState) -> list[Token]:
    return [t for t in g.tokens if t.expiry == Expiry.NEXT_DUSK]


def _impaired_seats(rules: ScriptRules, g: GameState) -> list[int]:
    return list(dict.fromkeys(seat for seat, _source in rules.impairments(g)))


def dawn_recap(rules: ScriptRules, g: GameState, night: int) -> DawnRecap:
    """The recap of night ``night``, ``g`` being the state at its dawn (``recap_of_night``)."""
    record = g.nights[night - 1]
    happenings: Sequence[Any] = record.happenings
    deaths = _deaths(rules, g, happenings)
    return DawnRecap(
        night,
        tuple(line for h, line in deaths if isinstance(h, hp.Died)),
        tuple(_told(rules, g, happenings)),
        tuple(line for _h, line in _placed(rules, g, happenings)),
        tuple(expiry_line(rules, g, group) for group in _expired(happenings)),
        tuple(f"{t.shown} on {seat_name(g, t.seat)}" for t in _ending_today(g)),
        tuple(f"{seat_name(g, seat)}: {status.impaired_why(rules, g, seat)}" for seat in _impaired_seats(rules, g)),
        tuple(_announce(rules, g, record.deaths)),
        tuple(line for h, line in deaths if isinstance(h, hp.Spared)),
        tuple(_changed(rules, g, happenings)),
    )


def _changed(rules: ScriptRules, g: GameState, happenings: Sequence[Any]) -> list[str]:
    """The happenings the rules mark as dawn's news (``ScriptRules.recap_news``), as the log says them."""
    return [line for then, h in in_their_time(g, happenings)
            if rules.recap_news(h) and (line := happening_line(rules, then, h))]


def recap_data(rules: ScriptRules, g: GameState, night: int) -> dict[str, Any]:
    """The recap of night ``night`` as data, for the JSON session log (docs/session-log-json.md):
    each item what it is about (seats 0-based) and its line as the recap says it (``words``),
    in the recap's order; a list is empty where the recap says there was nothing."""
    record = g.nights[night - 1]
    r = dawn_recap(rules, g, night)
    happenings: Sequence[Any] = record.happenings
    deaths = [
        {"seat": h.seat, "died": True, "cause": h.cause, "words": line} if isinstance(h, hp.Died)
        else {"seat": h.seat, "died": False, "cause": h.why, "by": h.by, "words": line}
        for h, line in _deaths(rules, g, happenings)
    ]
    placed = [{"how": h.how, **_token_data(h.token), "from": h.frm, "words": line}
              for h, line in _placed(rules, g, happenings)]
    expired = [{"when": group[0].why, "tokens": [_token_data(h.token) for h in group],
                "words": expiry_line(rules, g, group)} for group in _expired(happenings)]
    return {
        "deaths": deaths,  # the deaths prevented too, each with "died": false
        "changed": [{"words": line} for line in r.changed],
        "told": [{"seat": t.seat, "character": t.step, "verdict": t.verdict, "words": t.text} if not t.card
                 else {"seat": t.seat, "card": t.card, "kind": t.step, "verdict": t.verdict, "words": t.text}
                 for t in r.told],
        "placed": placed,
        "expired": expired,
        "ends_today": [{**_token_data(t), "words": words} for t, words in zip(_ending_today(g), r.ends_today,
                                                                              strict=True)],
        "impaired": [{"seat": seat, "reasons": _reasons(rules, g, seat), "words": words}
                     for seat, words in zip(_impaired_seats(rules, g), r.impaired, strict=True)],
        "announce": list(r.announce),
    }


def _reasons(rules: ScriptRules, g: GameState, seat: int) -> list[dict[str, str]]:
    """Why ``seat`` is drunk or poisoned, each reason as the grimoire words it (what, by what)."""
    return [{"what": what, "by": by} for what, by in status.impairment_reasons(rules, g, seat)]


def _token_data(t: Token) -> dict[str, Any]:
    return {"token": t.name, "side": t.side, "owner": t.owner, "seat": t.seat}


def _announce(rules: ScriptRules, g: GameState, died: Sequence[int]) -> list[str]:
    """What the town is told at dawn: the deaths (no cause), what the rules make public, the end."""
    # Not one brought back to life since (the Professor's): they are alive at dawn.
    out = [f"{seat_name(g, seat)} died in the night." for seat in dict.fromkeys(died) if not g.seats[seat].alive]
    if not out:
        out.append("Nobody died in the night.")
    in_play = announced(rules, g)
    if in_play:
        out.append(f"In play: {in_play}.")
    if g.winner is not None:
        out.append(f"{g.winner.value.capitalize()} wins: {g.win_reason}.")
    return out


def dawn_state(game: Game, night: int) -> GameState | None:
    """The state at the dawn after night ``night``, replayed from the log (None: that night
    has no dawn yet); where the game ended during that night, the state at its end."""
    replay = Game(game.setup)
    for event in game.events:
        replay.apply(event)
        g = replay.state
        if g.night == night and g.phase is not Phase.NIGHT:
            return g
    return None


def recap_of_night(game: Game, night: int) -> DawnRecap | None:
    g = dawn_state(game, night)
    return None if g is None else dawn_recap(game.rules, g, night)


def last_recap(game: Game) -> DawnRecap | None:
    """The recap of the newest night that has reached its dawn (None before the first dawn)."""
    g = game.state
    night = g.night if g.phase is not Phase.NIGHT else g.night - 1
    return recap_of_night(game, night) if night >= 1 else None


def recap_sections(r: DawnRecap) -> list[tuple[str, list[str]]]:
    """(heading, lines) of the recap, in the order read out at dawn; a section with nothing
    to say says so, but what the rules changed, there only when they did (most scripts never do)."""
    told = [f"{VERDICT_WORDS[t.verdict]}: {t.text}" for t in r.told]
    changed = [("Changed tonight", list(r.changed))] if r.changed else []
    return [
        ("Deaths", list(r.deaths) or ["Nobody died."]),
        ("Deaths prevented", list(r.prevented) or ["None."]),
        *changed,
        ("Told", told or ["Nobody was told anything."]),
        ("Tokens placed", list(r.placed) or ["None."]),
        ("Tokens expired", list(r.expired) or ["None."]),
        ("Ending at dusk today", list(r.ends_today) or ["None."]),
        ("Drunk or poisoned today", list(r.impaired) or ["Nobody."]),
        ("Announce", list(r.announce)),
    ]
