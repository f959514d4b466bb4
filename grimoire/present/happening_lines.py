"""What the rules did, as lines of the log: one line a happening, in the order they happened,
each with the drunkenness and poisoning it began or ended (``grimoire.core.happenings``)."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from typing import TYPE_CHECKING, Any, get_args

import attrs

from grimoire.core import happenings as hp
from grimoire.core.model import Aside, CardNews, GameState, InfoRecord
from grimoire.rules.words import (
    character_name,
    given_words,
    impaired_words,
    no_effect_player,
    plugin_line,
    plugin_words,
    seat_name,
    table_team,
    told,
    who,
)

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

# The causes of death every game has; a plug-in's are its ``log_words`` (the game's rules').
CAUSE = {
    "execution": "executed",
    "exile": "exiled",
    "storyteller": "the storyteller marked them dead",
}


def as_it_was(g: GameState, happenings: Sequence[Any]) -> GameState:
    """``g`` (the state after ``happenings``) with each seat's character as it was before them:
    the changes of character among them undone, the last first. ``g`` itself where there are
    none (most nights and days), else a copy that shares all but the seats."""
    if hp.Became not in map(type, happenings):  # compared at C speed: a day may have thousands
        return g
    seats = list(g.seats)
    for h in reversed(happenings):
        if type(h) is hp.Became:
            seats[h.seat] = attrs.evolve(seats[h.seat], character=h.was)
    return attrs.evolve(g, seats=seats)


def _became(g: GameState, h: hp.Became) -> GameState:
    seats = list(g.seats)
    seats[h.seat] = attrs.evolve(seats[h.seat], character=h.character)
    return attrs.evolve(g, seats=seats)


def in_their_time(g: GameState, happenings: Sequence[Any]) -> Iterator[tuple[GameState, Any]]:
    """Each happening with the state that names its players' characters as they were when it
    happened (``g``: the state after them all): a line names the character the player had then."""
    then = as_it_was(g, happenings)
    for h in happenings:
        yield then, h
        if then is not g and type(h) is hp.Became:
            then = _became(then, h)


def happening_lines(rules: ScriptRules, g: GameState, happenings: Sequence[Any], told_deaths: Collection[int] = ()) -> list[str]:
    """The lines for a night's or a day's happenings (``g``: the state after them; each line
    names the players' characters as they were when it happened). Deaths in ``told_deaths`` are
    told elsewhere (the day's execution): only what they changed is said here."""
    lines: list[str] = []
    expired: list[hp.TokenChange] = []
    for i, (then, h) in enumerate(in_their_time(g, happenings)):
        if _counted(happenings, i):
            continue  # told with its nomination
        if _expiry(h):
            if expired and expired[0].why != h.why:
                lines.append(expiry_line(rules, then, expired))
                expired = []
            expired.append(h)  # tokens that end together are told together
            continue
        if expired:
            lines.append(expiry_line(rules, then, expired))
            expired = []
        line: str | None
        if isinstance(h, hp.Nominated):
            line = nomination_line(then, h, happenings[i + 1] if _counted(happenings, i + 1) else None)
        else:
            line = happening_line(rules, then, h, told_deaths)
        if line:
            lines.append(line)
    if expired:
        lines.append(expiry_line(rules, then, expired))
    return lines


def happening_tail(rules: ScriptRules, g: GameState, happenings: Sequence[Any], wanted: int,
                   told_deaths: Collection[int] = ()) -> list[str]:
    """The last lines of ``happening_lines`` (at least ``wanted`` of them, or all), told from
    the newest happenings only: a day of 2,000 storyteller changes told whole at every key was
    10 ms of the grimoire's 12 ms step, for a log panel that shows the last twelve lines.

    The happenings are cut where no tokens' expiry is being told together (the lines before
    and after such a cut are those of the whole), further back until enough lines come."""
    count = 2 * wanted + 8
    while True:
        cut = clean_cut(happenings, len(happenings) - count)
        lines = happening_lines(rules, g, happenings[cut:], told_deaths)
        if not cut or len(lines) >= wanted:
            return lines
        count *= 4


def clean_cut(happenings: Sequence[Any], at: int) -> int:
    """The nearest place at or before ``at`` (0 at the least) where ``happenings`` may be cut
    in two and each half told apart, with the same lines as the whole."""
    cut = max(0, at)
    while cut and (_expiry(happenings[cut - 1]) or _counted(happenings, cut)):
        cut -= 1
    return cut


def _counted(happenings: Sequence[Any], i: int) -> bool:
    """The vote at ``i`` follows its nomination at once: one line tells both."""
    if not 0 < i < len(happenings) or not isinstance(happenings[i], hp.Voted):
        return False
    before = happenings[i - 1]
    return isinstance(before, hp.Nominated) and before.nominee == happenings[i].nominee


def _expiry(h: Any) -> bool:
    """Told together with the tokens that end with it (``happening_lines``)."""
    return is_expiry(h)


def is_expiry(h: Any) -> bool:
    """A token the rules took away because its time was up (dusk, dawn, after a step)."""
    return (isinstance(h, hp.TokenChange) and h.how == "removed" and h.by == "rules"
            and h.why == h.token.expiry.value and bool(h.token.expiry.when))


# The happenings every game has (a script's rules record their own besides, and word them), and
# those of them whose words the game's rules may have instead (a declaration, a save of theirs).
EVERY_GAMES = (*get_args(hp.Happening), InfoRecord, Aside, CardNews)
THEIRS_FIRST = (hp.Declared, hp.NoEffect, hp.Spared, hp.Skipped)


def happening_line(rules: ScriptRules, g: GameState, h: Any, told_deaths: Collection[int] = ()) -> str | None:
    if isinstance(h, THEIRS_FIRST) or not isinstance(h, EVERY_GAMES):
        own = plugin_line(rules, g, h)
        if own is not None:
            return own or None
        if not isinstance(h, EVERY_GAMES):
            return None  # a happening of the rules' own that they do not word
    if isinstance(h, InfoRecord):
        return info_line(rules, g, h)
    if isinstance(h, Aside):
        return aside_line(g, h)
    if isinstance(h, CardNews):
        return card_line(g, h)
    if isinstance(h, hp.Nominated):
        return nomination_line(g, h, None)
    if isinstance(h, hp.Voted):
        return f"The vote on {seat_name(g, h.nominee)}{votes_words(g, h)}."
    if isinstance(h, hp.Pointed):
        return pointed_line(g, h)
    if isinstance(h, hp.Declared):
        on = f" on {seat_name(g, h.about)}" if h.about is not None else ""
        return f"{seat_name(g, h.seat)} declared the {character_name(g, h.character)}'s ability{on}."
    if isinstance(h, hp.Exiled):
        return f"{seat_name(g, h.seat)} was exiled."
    if isinstance(h, hp.TokenChange):
        return token_line(rules, g, h)
    if isinstance(h, hp.Spared):
        return spared_line(rules, g, h)
    if isinstance(h, hp.Died):
        if h.seat in told_deaths:
            return told(rules, f"After {seat_name(g, h.seat)}'s death", g, h.changes) if h.changes else None
        cause = CAUSE.get(h.cause) or plugin_words(rules, "CAUSE", h.cause) or h.cause
        return told(rules, f"{who(g, h.seat)} died: {cause}", g, h.changes)
    if isinstance(h, hp.Became) and h.why == hp.STORYTELLER:
        unaware = "" if h.learns else " (not told: their card stays)"
        return told(rules, f"The storyteller made {seat_name(g, h.seat)} ({character_name(g, h.was)}) the "
                    f"{character_name(g, h.character)}{unaware}", g, h.changes)
    if isinstance(h, hp.Became):
        turned = f" and turned {h.turned}" if h.turned else ""
        return told(rules, f"{seat_name(g, h.seat)} ({character_name(g, h.was)}) became the {character_name(g, h.character)} "
                    f"({plugin_words(rules, 'BECAME', h.why) or h.why}){turned}", g, h.changes)
    if isinstance(h, hp.Revived):
        by = (plugin_words(rules, "REVIVED", h.by) if h.by != "storyteller" else None) or "the storyteller"
        return told(rules, f"{who(g, h.seat)} is alive again ({by})", g, h.changes)
    if isinstance(h, hp.Skipped):
        return None  # most skips are plain (not in play, dead, inactive); the rules word the news
    if isinstance(h, hp.NoEffect):
        return no_effect_line(rules, g, h)
    if isinstance(h, hp.Shown):
        return f"{who(g, h.seat) if h.seat is not None else 'The ' + character_name(g, h.step)} {h.what}."
    if isinstance(h, hp.Joined):
        s = g.seats[h.seat]
        return f"{who(g, h.seat)} joined the game ({s.alignment.value}), sitting after {seat_name(g, h.after)}."
    if isinstance(h, hp.Left):
        return f"{who(g, h.seat)} left the game."
    if isinstance(h, hp.Fabled):
        return f"The {character_name(g, h.character)} ({table_team(g, h.character)}) {'is in play' if h.placed else 'was taken away'}."
    if isinstance(h, hp.DayTimer):
        minutes, seconds = divmod(h.seconds, 60)
        length = f"{minutes} minute{'s' * (minutes != 1)}" + (f" {seconds} s" if seconds else "")
        return f"The day's timer: {h.label.lower()}, {length}."
    if isinstance(h, hp.Settled):
        by = "After the storyteller's change" if h.by == "storyteller" else f"At {h.by}"
        return told(rules, by, g, h.changes)
    return None


def aside_line(g: GameState, aside: Aside) -> str:
    """A storyteller's note or reminder (their words in quotes), or a phone released or moved, as
    a line of the log."""
    name = g.name(aside.seat)
    if aside.kind == "note":
        return f"Note on {name}: “{aside.text}”." if aside.text else f"The note on {name} was cleared."
    if aside.kind == "reminder":
        return f"Reminder “{aside.text}” placed on {name}."
    if aside.kind == "phone_released":
        return f"The phone that sat at {name} was released: it holds no seat until it sits down again."
    if aside.kind == "phone_moved":
        return f"The phone that sat at {name} was moved to {g.name(int(aside.text))}."
    return f"Reminder “{aside.text}” removed from {name}."


def card_line(g: GameState, news: CardNews) -> str:
    """A card a player was told, as the log says it: to whom, where, and its words as shown
    ("Card sent to 3 Cat's phone: This is the Demon · 5 Eve.")."""
    card = news.card
    words = card.words()
    whose = "" if card.seat is None else seat_name(g, card.seat)
    phone = f"{whose}'s phone"
    if news.did == "shown":
        return f"Card shown on the laptop{' to ' + whose if whose else ''}: {words}."
    if news.did == "sent":
        return f"Card sent to {phone}: {words}."
    character = " · ".join(text for _role, text in card.blocks[1:3])  # "Meg · Townsfolk": the ability is the script's
    if news.did == "dealt":
        return f"Character dealt to {phone}: {character}."
    if news.did == "taken_back":
        return f"Character taken off {phone}: {character}."
    what = "their character's card" if card.dealt else f"the card “{card.label}”"
    if news.did == "opened":
        return f"{whose} opened {what} on their phone."
    return f"{whose} said they have seen {what}."


def nomination_line(g: GameState, h: hp.Nominated, vote: hp.Voted | None) -> str:
    """A nomination, with its vote when that was counted next."""
    return f"{seat_name(g, h.nominator)} nominated {seat_name(g, h.nominee)}{votes_words(g, vote) if vote else ''}."


def votes_words(g: GameState, vote: hp.Voted) -> str:
    voters = f" ({', '.join(seat_name(g, v) for v in vote.voters)})" if vote.voters else ""
    count = len(vote.voters) if vote.tally is None else vote.tally
    weighed = f" from {len(vote.voters)} hand(s)" if vote.tally is not None else ""
    return f": {count} vote(s){weighed}{' (a secret vote)' if vote.hidden else ''}" + voters


def pointed_line(g: GameState, h: hp.Pointed) -> str:
    """The pointing, most pointed at first: "5 Eve 3 (1 Ann, 2 Ben, 4 Dan), 1 Ann 1 (5 Eve)"."""
    from grimoire.core.vote_count import point_tally

    parts = []
    for target, count in point_tally(h.targets):
        by = ", ".join(seat_name(g, s) for s, t in zip(h.seats, h.targets) if t == target)
        parts.append(f"{seat_name(g, target)} {count} ({by})")
    return f"The players pointed for the {character_name(g, h.character)}: " + ("; ".join(parts) or "nobody") + "."


def token_line(rules: ScriptRules, g: GameState, h: hp.TokenChange) -> str:
    t = h.token
    on = seat_name(g, t.seat)
    changes = list(h.changes)
    if h.by == "storyteller":
        where = f"on {on}" if h.how == "placed" else f"from {on}"
        return told(rules, f"The storyteller {h.how} {t.shown} {where}", g, changes)
    if (own := plugin_line(rules, g, h)) is not None:  # a plug-in's token, in its words
        return own
    if h.how == "placed":
        return told(rules, f"{t.shown} placed on {on}" + (plugin_words(rules, "PLACED_WHY", t.shown) or ""), g, changes)
    if h.how == "moved":
        showing = f", showing {t.side}" if t.side else ""
        why = plugin_words(rules, "MOVED_WHY", t.shown) or ""
        return told(rules, f"{t.name} moved from {seat_name(g, h.frm)} to {on}{showing}{why}", g, changes)
    owner = character_name(g, t.owner)
    why = {"death": f": the {owner} died", "changed": f": the {owner} became another character"}.get(h.why, "")
    return told(rules, f"{t.shown} removed from {on}{why}", g, changes)


def expiry_line(rules: ScriptRules, g: GameState, removed: Sequence[hp.TokenChange]) -> str:
    tokens = ", ".join(f"{h.token.shown} ({seat_name(g, h.token.seat)})" for h in removed)
    return told(rules, f"{removed[0].token.expiry.when}: removed {tokens}", g, [c for h in removed for c in h.changes])


def spared_line(rules: ScriptRules, g: GameState, h: hp.Spared) -> str:
    if h.why == "protected":
        line = f"{who(g, h.seat)} was protected by {who(g, h.by) if h.by is not None else 'Raoul'}: they do not die"
    else:
        line = f"{who(g, h.seat)} was already dead: nobody dies"
    return told(rules, line, g, h.changes)


def no_effect_line(rules: ScriptRules, g: GameState, h: hp.NoEffect) -> str:
    player = no_effect_player(g, h)
    state = impaired_words(rules, g, h.impaired)
    return told(rules, f"{player} declared while {state}: the ability is spent and nothing happens", g, h.changes)


def info_line(rules: ScriptRules, g: GameState, record: InfoRecord) -> str | None:
    own = plugin_line(rules, g, record)
    if own is not None:
        return own or None
    if record.character in rules.tells:  # the rules' information, told the same way
        chose = f" chose {', '.join(seat_name(g, a) for a in record.about)} and" if record.about else ""
        assert record.seat is not None, f"{record.character}'s information was given to no seat"
        return f"{who(g, record.seat)}{chose} {given_words(rules, g, record)}."
    return None
