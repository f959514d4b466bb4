"""Setup rules: how many of each team a game needs, whether a chosen set is legal, a random
legal bag and the Demon's bluffs. Pure (no textual, no rich).

docs/rules/phantom.md, "Setup". A setup change is its character's own:
an official character's bracket is looked up by its id (``OFFICIAL_SETUP``); any other
bracket (`setup: true` and a bracket like "[+1 Outsider]" at the end of the ability) is read
from its words, so any script whose brackets follow that pattern is checked; others are
reported as unchecked, for the storyteller to apply.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import product

from grimoire.core import limits
from grimoire.core.freetext import counted
from grimoire.core.script import Character, Script, Team, held_by_no_seat, may_repeat, normal_id
from grimoire.core.value import frozen

MIN_PLAYERS, MAX_PLAYERS = 5, 15
MAX_TRAVELLERS = 5
MAX_SEATS = limits.MAX_SEATS
PLAYER_TEAMS = (Team.TOWNSFOLK, Team.OUTSIDER, Team.MINION, Team.DEMON)

# Townsfolk, Outsiders, Minions, Demons by player count (Travellers not counted).
_TABLE = {
    5: (3, 0, 1, 1),
    6: (3, 1, 1, 1),
    7: (5, 0, 1, 1),
    8: (5, 1, 1, 1),
    9: (5, 2, 1, 1),
    10: (7, 0, 2, 1),
    11: (7, 1, 2, 1),
    12: (7, 2, 2, 1),
    13: (9, 0, 3, 1),
    14: (9, 1, 3, 1),
    15: (9, 2, 3, 1),
}


class SetupError(ValueError):
    """A setup that breaks the rules; the message says what is off."""


@frozen
class Counts:
    townsfolk: int
    outsiders: int
    minions: int
    demons: int

    def __str__(self) -> str:
        return f"{self.townsfolk}, {self.outsiders}, {self.minions}, {self.demons}"

    def describe(self) -> str:
        """"5 Townsfolk, 0 Outsiders, 1 Minion, 1 Demon"."""
        return ", ".join(f"{n} {_team_word(team, n)}" for team, n in zip(PLAYER_TEAMS, self.as_tuple()))

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (self.townsfolk, self.outsiders, self.minions, self.demons)

    def of(self, team: Team) -> int:
        return self.as_tuple()[PLAYER_TEAMS.index(team)]

    def shifted(self, outsiders: int = 0, minions: int = 0, demons: int = 0) -> Counts:
        # Bracketed changes replace Townsfolk: the number of players stays the same.
        return Counts(
            self.townsfolk - outsiders - minions - demons,
            self.outsiders + outsiders,
            self.minions + minions,
            self.demons + demons,
        )


def _team_word(team: Team, n: int) -> str:
    return team.label if team is Team.TOWNSFOLK or n == 1 else team.label + "s"


def base_counts(players: int) -> Counts:
    if isinstance(players, bool) or players not in _TABLE:
        raise ValueError(
            f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players (Travellers not counted), "
            f"not {players}"
        )
    return Counts(*_TABLE[players])


def counts_of(script: Script, characters: Iterable[str]) -> Counts:
    """How many of each player team the given characters are (unknown ids, and a Demon held
    by no seat, are not counted)."""
    teams = Counter(script.by_id[c].team for c in characters
                    if c in script.by_id and not held_by_no_seat(script.by_id[c]))
    return Counts(*(teams[t] for t in PLAYER_TEAMS))


# --- bracketed setup changes -------------------------------------------------------------------


@frozen
class Option:
    outsiders: int = 0
    minions: int = 0
    demons: int = 0
    evil_townsfolk: int = 0  # Managers: that many in-play Townsfolk are evil

    @property
    def changes_counts(self) -> bool:
        return (self.outsiders, self.minions, self.demons) != (0, 0, 0)


@frozen
class Modifier:
    character: str
    name: str
    text: str  # the bracket as printed, e.g. "[+1 Outsider]"
    options: tuple[Option, ...]  # one, or two for an either/or bracket (the ST picks)

    @property
    def is_choice(self) -> bool:
        return len(self.options) == 2

    @property
    def is_might(self) -> bool:
        """Any one of three or more options, as the characters chosen show (the Sentinel's
        "might be 1 extra or 1 fewer Outsider"): no option to pick, every one is legal."""
        return len(self.options) > 2


# What each official character's setup change means, by id, for the bracket worded as here
# (an older or newer wording, or a homebrew character with the same id, is read from its own
# words). None: the storyteller applies it, and the counts are not checked.
OFFICIAL_SETUP: dict[str, tuple[str | None, tuple[Option, ...] | None]] = {
    "baron": ("[+2 Outsiders]", (Option(outsiders=2),)),
    "godfather": ("[-1 or +1 Outsider]", (Option(outsiders=-1), Option(outsiders=1))),
    "balloonist": ("[+0 or +1 Outsider]", (Option(), Option(outsiders=1))),
    "hermit": ("[-0 or -1 Outsider]", (Option(), Option(outsiders=-1))),
    "fanggu": ("[+1 Outsider]", (Option(outsiders=1),)),
    "vigormortis": ("[-1 Outsider]", (Option(outsiders=-1),)),
    # No change to the counts: the Drunk is an Outsider who thinks they are a Townsfolk, the
    # Marionette a Minion seated by the storyteller next to the Demon.
    "drunk": (None, (Option(),)),
    "marionette": ("[You neighbor the Demon]", (Option(),)),
    # Lil' Monsta is no player's (held by no seat, see held_by_no_seat): its seat goes to a
    # Townsfolk and its bracket adds a Minion, so 7 players are 5/0/2/0.
    "lilmonsta": ("[+1 Minion]", (Option(minions=1),)),
    # A Fabled, placed for the table: there might be one extra or one fewer Outsider (no
    # bracket; any of the three counts is legal).
    "sentinel": (None, (Option(), Option(outsiders=1), Option(outsiders=-1))),
}

_BRACKET = re.compile(r"\[([^\[\]]+)\]\s*$")
_TERM = re.compile(r"([+-]\d+)(?:\s+(evil))?(?:\s+(Townsfolk|Outsiders?|Minions?|Demons?))?\b")
_FIELDS = {"outsider": "outsiders", "minion": "minions", "demon": "demons"}


def bracket_of(character: Character) -> str | None:
    match = _BRACKET.search(character.ability)
    return match.group(0).strip() if match else None


def _same_words(a: str | None, b: str | None) -> bool:
    def words(text: str | None) -> str:
        return " ".join((text or "").replace("−", "-").split()).casefold()

    return words(a) == words(b)


def modifier_of(character: Character) -> Modifier | None:
    """The character's setup change, or None when it has none or its bracket isn't of the
    "[+1 Outsider]" / "[+0 ... or +1 evil Townsfolk -1 Outsiders]" kind."""
    bracket = bracket_of(character)
    known = OFFICIAL_SETUP.get(normal_id(character.id))
    if not character.setup and known is None:
        return None
    if known is not None and _same_words(known[0], bracket):
        options = known[1]
        return None if options is None else Modifier(character.id, character.name, bracket or "", options)
    if bracket is None or not character.setup:
        return None
    parts = [p.strip() for p in bracket[1:-1].replace("−", "-").split(" or ")]
    terms = [list(_TERM.finditer(p)) for p in parts]
    if len(parts) > 2 or any(not t or _TERM.sub("", p).strip(" ,") for p, t in zip(parts, terms)):
        return None
    # "[-1 or +1 Outsider]": a bare number takes the team named after it.
    next_team = None
    parsed: list[Option] = []
    for option_terms in reversed(terms):
        fields: dict[str, int] = {}
        for term in option_terms:
            sign, evil, team = term.groups()
            team = (team or next_team or "").lower().rstrip("s")
            if not team:
                return None
            next_team = team
            if team == "townsfolk":  # Townsfolk make up the rest; only "evil" ones are noted
                if not evil:
                    return None  # "[-1 Townsfolk]": what takes their place is the ST's to say
                fields["evil_townsfolk"] = fields.get("evil_townsfolk", 0) + int(sign)
            else:
                fields[_FIELDS[team]] = fields.get(_FIELDS[team], 0) + int(sign)
        parsed.insert(0, Option(**fields))
    return Modifier(character.id, character.name, bracket, tuple(parsed))


def unchecked_setup(script: Script, characters: Iterable[str]) -> list[str]:
    """In-play characters that change setup in a way this module can't read: the ST checks those."""
    return [
        c
        for c in characters
        if c in script.by_id and script.by_id[c].setup and modifier_of(script.by_id[c]) is None
    ]


def setup_notes(script: Script, characters: Iterable[str]) -> list[str]:
    """What the storyteller applies by hand: each in-play bracket this module can't read, and
    each that changes no count but asks something of the setup (the Marionette's seat)."""
    characters = list(characters)
    unread = [
        f"{script.by_id[c].name} {bracket_of(script.by_id[c]) or '(its ability)'}: "
        "this setup change is yours to apply; the counts are not checked"
        for c in unchecked_setup(script, characters)
    ]
    asked = [
        f"{m.name} {m.text}: yours to see to; the counts are checked"
        for m in (modifier_of(script.by_id[c]) for c in characters if c in script.by_id)
        if m is not None and m.text and not any(o.changes_counts or o.evil_townsfolk for o in m.options)
    ]
    return unread + asked


@frozen
class _Steps:
    base: Counts
    steps: tuple[tuple[str, Counts], ...]  # ("with Inspector Mifroid", counts after it)
    problems: tuple[str, ...]

    @property
    def final(self) -> Counts:
        return self.steps[-1][1] if self.steps else self.base


def _apply(script: Script, players: int, characters: Iterable[str], option_b: bool,
           table: Sequence[Character] = (), might: Sequence[int] = ()) -> _Steps:
    """The counts step by step; ``table``: the Fabled and Loric placed for the table, whose
    setup changes count too; ``might``: the option taken of each "might" change, in order."""
    base = base_counts(players)
    chosen = set(characters)
    in_play = [c for c in script.characters if c.id in chosen]
    mods = [m for m in map(modifier_of, [*in_play, *table]) if m is not None]
    # The ST's either/or choice comes after the fixed changes, so that Inspector Mifroid's
    # Outsider is one that Managers option B can remove (docs/rules/phantom.md, A21).
    mods.sort(key=lambda m: m.is_choice)
    choices = [m for m in mods if m.is_choice]
    problems = []
    if option_b and not choices:
        names = " or ".join(m.name for m in map(modifier_of, script.characters) if m and m.is_choice)
        problems.append(f"{names or 'An either/or setup'} option B was chosen without {names or 'it'} in play")
    steps, counts = [], base
    for c in in_play:
        if held_by_no_seat(c) and counts.demons > 0:
            counts = counts.shifted(demons=-1)
            steps.append((f"with {c.name} held by no seat", counts))
    taken = iter(might)
    for mod in mods:
        option = mod.options[next(taken, 0) if mod.is_might else 1 if option_b and mod.is_choice else 0]
        if not option.changes_counts:
            continue
        label = f"with {mod.name}" + (f" option {'B' if option_b else 'A'}" if mod.is_choice else "")
        if mod.is_might:
            label += f" ({option.outsiders:+d} Outsider)" if option.outsiders else ""
        after = counts.shifted(option.outsiders, option.minions, option.demons)
        below = [_team_word(t, 2) for t in PLAYER_TEAMS if after.of(t) < 0]
        if below and not (mod.is_choice or mod.is_might) and option.outsiders < 0 == option.minions == option.demons:
            continue  # a fixed "-1 Outsider" with no Outsider to remove changes nothing
        if below:
            problems.append(
                f"{label[5:]} would take {' and '.join(below)} below 0: {players} players "
                f"{' '.join(s for s, _ in steps) + ' ' if steps else ''}need {counts.describe()} "
                f"before it" + (f"; take option {'A' if option_b else 'B'}" if mod.is_choice else "")
            )
            return _Steps(base, tuple(steps), tuple(problems))
        steps.append((label, after))
        counts = after
    return _Steps(base, tuple(steps), tuple(problems))


def _mights(script: Script, characters: Iterable[str], table: Sequence[Character]) -> list[tuple[int, ...]]:
    """Each way of taking the options of the "might" changes in play, in ``_apply``'s order."""
    chosen = set(characters)
    in_play = [c for c in script.characters if c.id in chosen]
    mods = [m for m in map(modifier_of, [*in_play, *table]) if m is not None]
    mods.sort(key=lambda m: m.is_choice)
    return list(product(*(range(len(m.options)) for m in mods if m.is_might)))


def evil_townsfolk(script: Script, characters: Iterable[str], option_b: bool = False) -> int:
    """How many in-play Townsfolk the chosen options make evil: one with the Phantom's Managers'
    option B, none with any other either/or bracket (the Godfather's option B adds an Outsider)."""
    chosen = set(characters)
    mods = [m for m in map(modifier_of, script.characters) if m is not None and m.character in chosen]
    return sum(m.options[1 if option_b and m.is_choice else 0].evil_townsfolk for m in mods)


def required_counts(
    script: Script, players: int, characters: Iterable[str], managers_option_b: bool = False,
    table: Sequence[Character] = (),
) -> Counts:
    """What `players` players need with these characters in play. `managers_option_b` is the
    ST's choice for an either/or bracket (on the Phantom script, the Managers'); ``table``, the
    Fabled and Loric placed (a "might" change counts as its first option, no change)."""
    result = _apply(script, players, list(characters), managers_option_b, table)
    if result.problems:
        raise SetupError("\n".join(result.problems))
    return result.final


# --- validation ------------------------------------------------------------------------------


def setup_problems(
    script: Script,
    characters: Sequence[str],
    travellers: int = 0,
    managers_option_b: bool = False,
    unseated: Sequence[str] = (),
    table: Sequence[Character] = (),
) -> list[str]:
    """Everything wrong with this choice of player characters (``characters``, one a seat, and
    ``unseated``, in play with no seat: Lil' Monsta); empty when it is legal. ``table``: the
    Fabled and Loric placed for the table, whose setup changes count as the characters'."""
    problems = []
    players = len(characters)
    for char_id in dict.fromkeys(characters):
        if char_id in script.by_id and held_by_no_seat(script.by_id[char_id]):
            problems.append(f"{script.by_id[char_id].name} is held by no seat: a Minion babysits its token "
                            "(put it in play for the table, not on a player)")
    for char_id in dict.fromkeys(unseated):
        if char_id not in script.by_id:
            problems.append(f"{char_id!r} is not a character on {script.name}")
        elif not held_by_no_seat(script.by_id[char_id]):
            problems.append(f"{script.by_id[char_id].name} is a player's character: a seat holds it")
    if travellers < 0 or travellers > MAX_TRAVELLERS:
        problems.append(f"a game has 0 to {MAX_TRAVELLERS} Travellers, not {travellers}")
    if players + travellers > MAX_SEATS:
        problems.append(
            f"{players} players and {travellers} Travellers make {players + travellers} seats; "
            f"a game has at most {MAX_SEATS}"
        )
    for char_id, n in Counter(characters).items():
        if n > 1 and not may_repeat(script, char_id):
            problems.append(f"{_name(script, char_id)} is chosen {n} times; a character is in play at most once")
    for char_id in dict.fromkeys(characters):
        if char_id not in script.by_id:
            problems.append(f"{char_id!r} is not a character on {script.name}")
        elif (team := script.by_id[char_id].team) not in PLAYER_TEAMS:
            extra = " (Travellers are counted apart, not among the player characters)" if team is Team.TRAVELLER else ""
            problems.append(f"{script.by_id[char_id].name} is {team.label}, not a player's character{extra}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        problems.append(
            f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players (Travellers not counted); "
            f"you chose {counted(players, 'character')}"
        )
        return problems
    in_play = [*characters, *unseated]
    result = _apply(script, players, in_play, managers_option_b, table)
    chosen = counts_of(script, characters)
    for way in _mights(script, in_play, table):  # a "might" change: whichever the counts chosen show
        other = _apply(script, players, in_play, managers_option_b, table, way)
        if not other.problems and other.final == chosen:
            result = other
            break
    problems += result.problems
    if result.problems:
        return problems
    need = result.final
    if unchecked_setup(script, in_play):
        return problems  # the counts are the storyteller's to apply: none is known to check
    if chosen != need:
        steps = "".join(f"; {label}: {counts}" for label, counts in result.steps)
        problems.append(f"{players} players need {result.base.describe()}{steps}; you chose {chosen}")
    for team in PLAYER_TEAMS:
        have = len(script.of_team(team))
        if need.of(team) > have and not any(c.duplicates for c in script.of_team(team)):
            because = f" {result.steps[-1][0]}" if result.steps else ""
            problems.append(
                f"{players} players{because} need {need.of(team)} {_team_word(team, need.of(team))}, "
                f"but {script.name} has only {have}"
            )
    return problems


def check_setup(
    script: Script,
    characters: Sequence[str],
    travellers: int = 0,
    managers_option_b: bool = False,
    unseated: Sequence[str] = (),
) -> None:
    problems = setup_problems(script, characters, travellers, managers_option_b, unseated)
    if problems:
        raise SetupError("\n".join(problems))


def _name(script: Script, char_id: str) -> str:
    return script.by_id[char_id].name if char_id in script.by_id else repr(char_id)


# --- random bag and bluffs -------------------------------------------------------------------


@frozen
class Bag:
    characters: tuple[str, ...]  # one a seat, in script order
    managers_option_b: bool  # option B of the either/or brackets in play
    evil_townsfolk: int = 0  # Townsfolk to be made evil (the Managers' option B): see evil_townsfolk()
    unseated: tuple[str, ...] = ()  # in play with no seat (Lil' Monsta)


_ATTEMPTS = 200


def random_bag(
    script: Script, players: int, seed: int | None = None, managers_option_b: bool | None = None
) -> Bag:
    """A random legal set of player characters. `managers_option_b=None` lets chance pick the
    option when an either/or character is drawn; True forces one in play with option B."""
    base_counts(players)  # ValueError outside 5..15
    rng = random.Random(seed)
    # Characters whose setup change can't be read are left out: their legality can't be checked.
    usable = [c for c in script.characters if not (c.setup and modifier_of(c) is None)]
    pools = {t: [c.id for c in usable if c.team is t] for t in PLAYER_TEAMS}
    choosers = [c.id for c in usable if (m := modifier_of(c)) and m.is_choice]
    last = "no attempt succeeded"
    for _ in range(_ATTEMPTS):
        bag = _attempt(script, players, rng, pools, choosers, managers_option_b)
        if isinstance(bag, Bag):
            return bag
        last = bag
    raise SetupError(f"no legal set of {players} characters found on {script.name}: {last}")


def _attempt(
    script: Script,
    players: int,
    rng: random.Random,
    pools: dict[Team, list[str]],
    choosers: list[str],
    want_b: bool | None,
) -> Bag | str:
    draw = _draw(rng, pools, base_counts(players))
    # Keep the drawn characters that change setup, then fill the rest from the others.
    keep = [c for c in draw if script.by_id[c].setup]
    option_b = rng.random() < 0.5 if want_b is None else want_b
    if option_b and not any(c in keep for c in choosers):
        if want_b is None:
            option_b = False
        elif not choosers:
            return "option B was asked for, but the script has no either/or setup character"
        else:
            keep.append(rng.choice(choosers))
    need = _need(script, players, keep, option_b)
    if isinstance(need, str) and want_b is None and any(c in keep for c in choosers):
        option_b = not option_b  # chance picked an option the table can't take: the other one
        need = _need(script, players, keep, option_b)
    if isinstance(need, str):
        return need
    rest = {t: [c for c in pools[t] if not script.by_id[c].setup] for t in PLAYER_TEAMS}
    kept = counts_of(script, keep)
    missing = [need.of(t) - kept.of(t) for t in PLAYER_TEAMS]
    if any(n < 0 or n > len(rest[t]) for t, n in zip(PLAYER_TEAMS, missing)):
        return f"{need} can't be filled around {', '.join(keep)}"
    repeat = frozenset(c.id for c in script.characters if c.duplicates)
    chosen = Counter(keep) + Counter(_draw(rng, rest, Counts(*missing), repeat))
    ordered = tuple(c.id for c in script.characters if not held_by_no_seat(c) for _ in range(chosen[c.id]))
    apart = tuple(c.id for c in script.characters if held_by_no_seat(c) and chosen[c.id])
    problems = setup_problems(script, ordered, managers_option_b=option_b, unseated=apart)
    if problems:
        return "; ".join(problems)
    return Bag(ordered, option_b, evil_townsfolk(script, ordered, option_b), unseated=apart)


def _need(script: Script, players: int, keep: list[str], option_b: bool) -> Counts | str:
    try:
        return required_counts(script, players, keep, option_b)
    except SetupError as exc:
        return str(exc)


def _draw(rng: random.Random, pools: dict[Team, list[str]], counts: Counts, repeat: frozenset[str] = frozenset()) -> list[str]:
    """``counts`` of each team from its pool; a character in ``repeat`` may be drawn again."""
    out = []
    for team in PLAYER_TEAMS:
        pool, want = pools[team], counts.of(team)
        if not repeat.intersection(pool):
            out += rng.sample(pool, min(want, len(pool)))
            continue
        left = list(pool)
        while left and want > 0:
            pick = rng.choice(left)
            if pick not in repeat:
                left.remove(pick)
            out.append(pick)
            want -= 1
    return out


def demon_bluffs(script: Script, in_play: Iterable[str], seed: int | None = None) -> tuple[str, str, str]:
    """Three good characters (Townsfolk or Outsiders) that are not in play, for Demon Info.
    The Managers' evil Townsfolk keeps their character, so it is in play and never offered."""
    taken = set(in_play)
    good = [c.id for c in script.characters if c.team.is_good and c.id not in taken]
    if len(good) < 3:
        raise SetupError(
            f"only {len(good)} good characters of {script.name} are not in play; the Demon needs 3 bluffs"
        )
    first, second, third = random.Random(seed).sample(good, 3)
    return first, second, third
