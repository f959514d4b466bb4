"""The log's words every script shares: how it names players ("12 Lou", "12 Lou (Meg)") and
what they were told; used by the rules plug-ins' lines and by grimoire.present."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from grimoire.core import happenings as hp
from grimoire.core.model import Execution, GameState, InfoRecord
from grimoire.core.script import Team, load_script
from grimoire.rules import told as told_rules
from grimoire.rules.visitors import role, traveller_name
from night_order import Prompt

if TYPE_CHECKING:
    from grimoire.rules.contract import LogTable, ScriptRules


def announced(rules: ScriptRules, g: GameState) -> str:
    """What the players may be told is in play of the rules' own (what a player holds), or ""."""
    held = rules.held(g)
    return held.name if held is not None and held.announced else ""


def announced_line(rules: ScriptRules, g: GameState) -> str:
    """The players' view's line of what they may be told is in play ("The active artifact:
    Punjab Lasso", in the rules' noun), or ""."""
    held = rules.held(g)
    return f"The active {held.noun}: {held.name}" if held is not None and held.announced and held.name else ""


def execution_outcome(rules: ScriptRules, ex: Execution) -> str:
    """What became of the executed player, in words: "died", "survived (holds the ...)"."""
    if ex.died:  # with a reason: announced dead, yet they live (the rules' words say how)
        return (rules.survived_words(ex.survived_because) if ex.survived_because else "") or "died"
    if ex.survived_because == "already_dead":
        return "was already dead"
    why = rules.survived_words(ex.survived_because or "")
    if why and ex.survived_because in rules.undecided_executions:
        return why  # the game ended with the execution: not said to survive
    return f"survived ({why})" if why else "survived"


def character_name(g: GameState, character: str) -> str:
    script = load_script(g.script_id)
    if character not in script.by_id:  # an official Traveller's or Fabled's, from the data
        return fabled_name(character)
    return script.character(character).name


def option_name(g: GameState, option: str) -> str:
    """An option of a step's answer as the storyteller reads it: a character of the script by
    its name (an artifact, a character guessed), any other option as it is."""
    found = load_script(g.script_id).by_id.get(option)
    return option if found is None else found.name


def pair_words(g: GameState, prompt: Prompt, value: Any) -> str:
    """An answer of an option and a player, in the words its prompt gives ("the Punjab Lasso,
    to 3 Cat")."""
    option, seat = prompt.pair(value)
    return prompt.pair_words.format(option=option_name(g, option), player=seat_name(g, seat))


def fabled_name(character: str) -> str:
    found = role(character, Team.FABLED) or role(character, Team.LORIC) or role(character, Team.TRAVELLER)
    return found.name if found is not None else character


def table_team(g: GameState, character: str) -> str:
    """"Fabled" or "Loric": what a character placed for the table is."""
    found = role(character, Team.LORIC, load_script(g.script_id))
    return "Loric" if found is not None else "Fabled"


def seat_name(g: GameState, seat: int | None) -> str:
    """A player as the log names them: with the number of their seat on the circle, "12 Lou"."""
    return "nobody" if seat is None else f"{seat + 1} {g.seats[seat].name}"


def who(g: GameState, seat: int) -> str:
    s = g.seats[seat]
    role = traveller_name(s.character, load_script(g.script_id)) if s.traveller else character_name(g, s.character)
    return f"{seat_name(g, seat)} ({role})"


# What a player was given, in the log's words: "learned: 1", or "was told 2 (true: 1)".
UNKNOWN = " (drunk or poisoned: may have been told otherwise)"
WHILE_IMPAIRED = ", while drunk or poisoned"


def given_words(rules: ScriptRules, g: GameState, r: InfoRecord, learned: str = "learned: ", told: str = "was told ") -> str:
    """``learned`` + the answer when the player was given the truth (or, impaired and not
    recorded, unknown: said so); ``told`` + the answer + "(true: ...)" where they differ."""
    truth = told_rules.truth_words(rules, g, r)
    if r.told is None:
        return f"{learned}{truth}{UNKNOWN if r.impaired else ''}"
    said = told_rules.words(rules, g, r, r.told)
    if said == truth:
        return f"{learned}{said}" + (" (drunk or poisoned, and told the truth)" if r.impaired else "")
    line = f"{told}{said} (true: {truth})"
    if r.impaired:
        return line + WHILE_IMPAIRED  # whether or not the answer given was one of the true ones
    if told_rules.is_true(rules, r, r.told):
        return line  # the registration rules allowed either answer
    if told_rules.must_lie(rules, g, r):
        return f"{line}, {told_rules.false_because(rules, g, r)}"
    return line + ", though sober and healthy"


def impaired_note(r: InfoRecord) -> str:
    """What a line telling an answer other than the truth adds for an impaired player."""
    return WHILE_IMPAIRED if r.impaired else ""


# The lines every script's log shares, which a plug-in's own lines build on.
def plugin_line(rules: ScriptRules, g: GameState, h: Any) -> str | None:
    """The line the game's rules plug-in has for a happening of its own ("" when it says
    nothing), or None (none of its own, or no plug-in plays the game's script): a game's log
    asks its own rules only."""
    return rules.log_words.line(rules, g, h)


def plugin_words(rules: ScriptRules, table: LogTable, key: str) -> str | None:
    """The game's rules plug-in's words for ``key`` in one of its log words' tables
    (``BEGAN``, ``ENDED``: a drunkenness's or a poisoning's source; ``PLACED_WHY``,
    ``MOVED_WHY``: a token's; ``CAUSE``: a death's; ``BECAME``: why a character changed)."""
    return rules.log_words.said(table, key)


def told(rules: ScriptRules, main: str, g: GameState, changes: Sequence[hp.Change]) -> str:
    """A line: what happened, then whom it made drunk or poisoned, or sober and healthy again."""
    if not changes:
        return main + "."
    said = [
        f"{seat_name(g, c.seat)} is {began_words(rules, g, c.source)}" if c.began
        else (f"{seat_name(g, c.seat)} is no longer "
              f"{plugin_words(rules, 'ENDED', c.source) or began_words(rules, g, c.source)}")
        for c in changes
    ]
    return f"{main}: " + "; ".join(said) + "."


def began_words(rules: ScriptRules, g: GameState, source: str) -> str:
    """"drunk (the Claque)"; a reminder's on another script: "poisoned (the Poisoner)"."""
    if (own := plugin_words(rules, "BEGAN", source)) is not None:
        return own
    what, by = rules.impairment_reason(g, source)
    return f"{what} ({by})"


def impaired_words(rules: ScriptRules, g: GameState, sources: Sequence[str]) -> str:
    return " and ".join(began_words(rules, g, s) for s in sources) or "without a working ability"


def no_effect_player(g: GameState, h: hp.NoEffect) -> str:
    return who(g, h.seat) if h.seat is not None else character_name(g, h.character)
