"""Writing a game as a scenario file: its setup, every answer given, and what was true at the
end of each night and day as expectations (so a tricky night can be replayed and shared)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
import tomli_w

from grimoire.core import events as ev
from grimoire.core.model import GameState, Phase
from grimoire.game import Game
from grimoire.rules import plugins
from grimoire.rules import told as told_rules
from grimoire.rules.contract import ScenarioKeys
from grimoire.rules.shown import KINDS as SHOWN_KINDS
from grimoire.rules.shown import records
from grimoire.scenario import told_keys
from grimoire.scenario.format import declares, execution_choices, list_answers, setup_tokens
from grimoire.store.saves import script_ref, seat_rows

if TYPE_CHECKING:
    from grimoire.rules.contract import ScriptRules

_OVERRIDES = (
    ev.PlaceToken, ev.RemoveToken, ev.SetAlive, ev.SwapCharacter, ev.SetAlignment, ev.SetGhostVote,
)  # and the script's rules' own events, every one an override
# The storyteller's own words: the scenario format has no key for them, and dropping them
# silently would lose them.
_WORDS = (ev.WriteNote, ev.PlaceReminder, ev.RemoveReminder)


class ScenarioWriteError(ValueError):
    pass


def _name(g: GameState, value: Any) -> Any:
    if isinstance(value, list):
        return [_name(g, v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return g.name(value)
    return value


def _expect(game: Game, history_from: int, night: bool) -> dict[str, Any]:
    g = game.state
    # The plug-in's own expectations (of what a player holds), then every game's.
    out: dict[str, Any] = dict(game.rules.scenario_keys.written_expect(g, history_from))
    out["dead"] = [s.name for s in g.seats if not s.alive]
    out["drunk"] = [s.name for s in g.seats if game.rules.is_drunk(g, s.index)]
    out["poisoned"] = [s.name for s in g.seats if game.rules.is_poisoned(g, s.index)]
    tokens = {s.name: sorted(t.shown for t in g.tokens_on(s.index)) for s in g.seats if g.tokens_on(s.index)}
    if tokens:
        out["tokens"] = tokens
    if night and g.nights:
        record = g.nights[-1]
        answers: dict[str, Any] = {}
        own = game.rules.scenario_keys  # the game's rules' night at once, where one record does not say it
        if own.ANSWERS_AT_ONCE:
            answers |= own.written_answers(g, record)
        for info in record.info:
            keys = _answering(info.character)
            if keys is not None and not keys.ANSWERS_AT_ONCE:
                answers[keys.told_key(info)] = keys.written_answer(g, info)
        if answers:
            out["answers"] = answers
        out["impaired"] = sorted({i.character for i in record.info if i.impaired})
        out["woke"] = game.woke_in_order()
    registers_dead = sorted(game.rules.registers_dead(g))
    if registers_dead:
        out["registers_dead"] = [g.name(i) for i in registers_dead]
    start = {s.index: s.alignment for s in Game(game.setup).state.seats}
    turned = {s.name: s.alignment.value for s in g.seats if s.alignment is not start[s.index]}
    if turned:
        out["alignment"] = turned
    out["winner"] = g.winner.value if g.winner else "none"
    if not night and g.today is not None and g.today.execution is not None:
        out["executed"] = g.name(g.today.execution.seat)
        out["survived"] = not g.today.execution.died
    return out


def game_to_scenario(game: Game, title: str = "") -> str:
    """The game so far as a scenario file (whole nights and days only)."""
    writes = game.rules.scenario_keys  # the rules' own events are overrides, but for the day's acts it writes
    overrides = [e for e in game.events if isinstance(e, _OVERRIDES) or (
        isinstance(e, game.rules.events) and writes.written_day_act(game.state, e) is None)]
    if overrides:
        kinds = ", ".join(sorted({e.kind for e in overrides}))
        raise ScenarioWriteError(
            f"this game has storyteller overrides ({kinds}), which a scenario file cannot express"
        )
    words = [e for e in game.events if isinstance(e, _WORDS)]
    if words:
        kinds = ", ".join(sorted({e.kind for e in words}))
        raise ScenarioWriteError(
            f"this game has the storyteller's notes or reminders ({kinds}), which a scenario file cannot express"
        )
    # The cards told (ev.CARD_EVENTS) change no rule and no step: a scenario leaves them out.
    if any(isinstance(e, ev.Answer) and isinstance(e.value, list) and e.value
           and any(isinstance(r, list) and r and r[0] in SHOWN_KINDS for r in records(e.value))
           for e in game.events):
        raise ScenarioWriteError("this game records what players were shown, which a scenario file cannot express")
    if game.setup.unseated:
        raise ScenarioWriteError("this game has a character held by no seat, which a scenario file cannot express")
    if any(isinstance(e, ev.DeclareWinner) for e in game.events):
        raise ScenarioWriteError("this game's winner was declared by the storyteller, which a scenario file cannot express")
    setup = game.setup
    base = Game(setup)
    g0 = base.state
    data: dict[str, Any] = {
        "title": title or setup.title or "A game saved from Grimoire",
        "script": script_ref(setup.script),
        "strict_setup": False,
    }
    changed = setup.rules.house_rules_changed(setup.script_setup)
    if changed:
        data["rules"] = changed
    own, _ = setup.rules.write_setup(setup.script_setup, g0.name)
    table: dict[str, Any] = {"seats": seat_rows(setup), **own}
    if setup.bluffs:
        table["bluffs"] = list(setup.bluffs)
    token_keys = {token: key for key, token in setup_tokens().items()}
    for t in setup.tokens:
        if (t.name, t.owner) in token_keys:
            table[token_keys[t.name, t.owner]] = g0.name(t.seat)
    data["setup"] = table

    nights: list[dict[str, Any]] = []
    days: list[dict[str, Any]] = []
    open_day: dict[str, Any] | None = None
    history_from = 0
    tellings: dict[int, list[tuple[str, Any, Any]]] = {}  # a night's: (character, told, truth), written
    replay = Game(setup)
    for event in game.events:
        g = replay.state
        if isinstance(event, ev.StartNight):
            if open_day is not None:
                open_day["expect"] = _expect(replay, history_from, night=False)
                open_day = None
            nights.append({})
            history_from = _since(replay)
        elif isinstance(event, ev.Answer):
            prompt = replay.prompt
            assert prompt is not None
            night = nights[-1]
            if prompt.step == "dawn":
                night["expect"] = _expect(replay, history_from, night=True)
            if prompt.key is not None:
                value = _name(g, event.value)
                value = replay.rules.scenario_keys.written_night_answer(prompt.key, value)  # a plug-in's own shapes
                if value is not None:  # None: a "might choose" left unchosen, which a file leaves out
                    _add_answer(night, prompt.key, value)
            if told_rules.tells(prompt.informs, replay.rules):
                tellings.setdefault(id(night), []).append(_telling(replay.rules, g, prompt.informs, event.told))
        replay.apply(event)
        if open_day is not None and not isinstance(event, (ev.StartNight, ev.Answer)):
            _day_action(open_day, event, g, asked=replay.execution_asked, keys=replay.rules.scenario_keys,
                        own=replay.rules.events)
        if isinstance(event, ev.Answer) and replay.state.phase is Phase.DAY and replay.prompt is None:
            open_day = {}
            days.append(open_day)
            history_from = _since(replay)
    if nights and "expect" not in nights[-1]:
        if replay.state.phase is Phase.NIGHT and replay.prompt is not None:
            nights.pop()  # a night in progress is not a whole night
        else:  # the game ended mid-night
            nights[-1]["expect"] = _expect(replay, history_from, night=True)
    if open_day is not None:
        open_day["expect"] = _expect(replay, history_from, night=False)
    for night in nights:
        _add_told(night, tellings.get(id(night), []))
    if nights:
        data["night"] = nights
    if days:
        data["day"] = days
    return tomli_w.dumps(data)


def _telling(rules: ScriptRules, g: GameState, record: Any, told: Any) -> tuple[str, Any, Any]:
    truth = attrs.evolve(record, told=told_rules.true_answer(rules, record, g))
    given = None if told is None else attrs.evolve(record, told=told_rules.check(rules, g, record, told))
    key = rules.scenario_keys.told_key(record)
    return key, None if given is None else told_keys.written(g, given), told_keys.written(g, truth)


def _add_told(night: dict[str, Any], tellings: list[tuple[str, Any, Any]]) -> None:
    """The night's ``told`` table: for a character told something recorded, each telling in
    order (one not recorded was told the truth: only a sober player's is ever left unsaid)."""
    told: dict[str, Any] = {}
    for character in dict.fromkeys(c for c, given, _ in tellings if given is not None):
        values = [truth if given is None else given for c, given, truth in tellings if c == character]
        told[character] = values[0] if len(values) == 1 else values
    if told:
        night["told"] = told


def _answering(character: str) -> ScenarioKeys | None:
    """The scenario keys of the plug-in whose expected answers ``character`` gives, if any."""
    return next((keys for keys in plugins.scenario_keys() if character in keys.ANSWERS), None)


def _add_answer(night: dict[str, Any], key: str, value: Any) -> None:
    if key not in night:
        night[key] = value
        return
    listy = key in list_answers()
    prev = night[key]
    night[key] = (prev if isinstance(prev, list) and not listy else [prev]) + [value]


def _add_pair(day: dict[str, Any], key: str, pair: list[str]) -> None:
    if key not in day:
        day[key] = pair
    else:
        day[key] = (day[key] if isinstance(day[key][0], list) else [day[key]]) + [pair]


def _since(game: Game) -> int:
    """Where the plug-in's expectations count from now (the moves of what a player holds, so far)."""
    return game.rules.scenario_keys.since(game.state)


def _day_action(day: dict[str, Any], event: ev.Event, g: GameState, asked: bool, keys: ScenarioKeys | None = None,
                own: tuple[type[ev.Event], ...] = ()) -> None:
    if keys is not None and isinstance(event, (ev.Declare, *own)):  # a plug-in's own day acts (Bad Moon Rising's)
        written = keys.written_day_act(g, event)
        if written is not None:
            day[written[0]] = written[1]
            return
    if isinstance(event, (ev.Declare, ev.Nominate)) and event.registers is not None:
        # the storyteller's registration choice, under the registering character's id
        seat = event.target if isinstance(event, ev.Declare) else event.nominator
        assert seat is not None, "a registration is the named player's: a declaration with one names a player"
        character = g.seats[seat].character
        keys = next(k for k in plugins.scenario_keys() if character in k.REGISTERING)
        _add_answer(day, character, keys.written_registration(character, event.registers))
    if isinstance(event, ev.Declare) and event.target is not None:  # the Slayer's shot
        _add_pair(day, event.character, [g.name(event.seat), g.name(event.target)])
    elif isinstance(event, ev.Declare):
        day[event.character] = declares()[event.character]
    elif isinstance(event, ev.Execute):
        day["execute"] = g.name(event.seat)
        if event.answer is not None and asked:
            mine = keys.EXECUTION_CHOICE if keys is not None else ""
            for key in sorted(execution_choices()):
                if mine and key != mine:
                    continue  # another script's choice
                written = keys.written_execution_answer(event.answer) if keys is not None else None
                day[key] = written if written is not None else _name(g, event.answer)
    elif isinstance(event, ev.Exile):
        day["exile"] = g.name(event.seat)
    elif isinstance(event, ev.Nominate):
        day.setdefault("nominations", []).append({"nominator": g.name(event.nominator), "nominee": g.name(event.nominee)})
    elif isinstance(event, ev.Vote):
        for row in day.get("nominations", []):
            if row["nominee"] == g.name(event.nominee):
                row["votes"] = [g.name(v) for v in event.voters]
