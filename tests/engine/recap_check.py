"""The dawn recap checked against the log: random games played to their end, the recap of
every night that reached its dawn made from the state at that dawn; and the JSON session log's
recap of each night checked against the Markdown's (shared by the Phantom's property test here
and Trouble Brewing's in tests/official)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from grimoire.core import events as ev
from grimoire.core import happenings as hp
from grimoire.core.model import GameState, InfoRecord, Phase
from grimoire.game import Game
from grimoire.present.dawn_recap import VERDICT_WORDS, dawn_recap, is_expiry, is_placing, recap_sections
from grimoire.present.export import _md, dawn_states, to_json, to_markdown
from grimoire.present.happening_lines import happening_line, in_their_time, info_line
from grimoire.present.narrate import night_lines
from grimoire.rules import told as told_rules
from grimoire.rules.contract import ScriptRules
from grimoire.simulate import play_day, random_answer, random_table, random_told

MAX_NIGHTS = 20


def play_and_check(seed: int, script: str, news: Callable[[Any], bool] = lambda _h: False) -> int:
    """Play random game ``seed`` on ``script``, checking each dawn's recap; returns how many
    recaps were checked. ``news``: the happenings the recap must tell under "Changed tonight"
    (a character changed, a Philosopher's choice)."""
    rng = random.Random(seed)
    game = Game(random_table(rng.randint(5, 15), seed=seed, script=script))
    checked = 0
    while game.state.winner is None and game.state.night < MAX_NIGHTS:
        if game.prompt is None:
            today = game.state.today
            if game.state.phase is Phase.DAY and today is not None and today.execution is None:
                play_day(game, rng)
                if game.state.winner is not None:
                    break
            game.apply(ev.StartNight())
            if game.state.winner is not None:
                break  # the day's end ended the game (the Mastermind's day): no night
        alive_at_dusk = {s.index for s in game.state.seats if s.alive}
        informed: list[InfoRecord] = []
        while game.prompt is not None:
            prompt = game.prompt
            if prompt.informs is not None and prompt.informs.seat is not None:
                informed.append(prompt.informs)
            game.answer(random_answer(prompt, game, rng), told=random_told(prompt, game, rng))
        check_night(game.rules, game.state, game.state.night, alive_at_dusk, informed, news)
        checked += 1
    check_exports(game)
    return checked


def check_night(rules: ScriptRules, g: GameState, night: int, alive_at_dusk: set[int], informed: list[InfoRecord],
                news: Callable[[Any], bool] = lambda _h: False) -> None:
    """Every death, told answer, expired token and change (``news``) of the night is in the
    recap, as the log says it, and nothing else is."""
    assert g.phase is not Phase.NIGHT
    record = g.nights[night - 1]
    r = dawn_recap(rules, g, night)
    log = night_lines(rules, g, record)
    happenings = record.happenings

    # Deaths: each the log's line, one a death (or a player spared), and the seats that died
    # since dusk are those the recap tells (and the town is told of).
    died = [h for h in happenings if isinstance(h, hp.Died)]
    spared = [h for h in happenings if isinstance(h, hp.Spared)]
    assert len(r.deaths) == len(died) and len(r.prevented) == len(spared)
    assert all(line in log for line in r.deaths + r.prevented + r.changed), (r.deaths, r.prevented, r.changed, log)
    for then, h in in_their_time(g, happenings):
        if news(h):  # who was what and became what, and why, as the log says it
            assert happening_line(rules, then, h) in r.changed, (h, r.changed)
    back = {h.seat for h in happenings if isinstance(h, hp.Revived)}  # alive again tonight (the Professor)
    dead_now = (alive_at_dusk | back) - {s.index for s in g.seats if s.alive}
    assert {h.seat for h in died if not g.seats[h.seat].alive} == dead_now  # not one brought back since
    for h in died:
        name = f"{h.seat + 1} {g.seats[h.seat].name}"
        assert sum(line.startswith(name + " ") for line in r.deaths) >= 1
        assert f"{name} died in the night." in r.announce or g.seats[h.seat].alive
    told_dead = [line for line in r.announce if line.endswith(" died in the night.") and not line.startswith("Nobody")]
    assert len(told_dead) == len(dead_now)
    if not dead_now:
        assert "Nobody died in the night." in r.announce

    # Told: one line a woken player given information, in the log's words, judged as the
    # told answer and the truth say.
    records = [h for h in happenings if isinstance(h, InfoRecord) and h.seat is not None]
    assert [t.seat for t in r.told if t.verdict != "shown"] == [rec.seat for rec in records]
    asked = Counter((rec.character, rec.seat) for rec in informed)
    assert asked == Counter((rec.character, rec.seat) for rec in records if (rec.character, rec.seat) in asked)
    for line, rec in zip(r.told, records, strict=False):
        if info_line(rules, g, rec) is not None:
            assert line.text in log, (line.text, log)
        if rec.impaired:
            assert line.verdict == "impaired"
        elif rec.told is not None and told_rules.tells(rec, rules) and not told_rules.is_true(rules, rec, rec.told):
            assert line.verdict == "false"
        else:
            assert line.verdict == "true"

    # Tokens: every expiry of the night, in the log's lines (tokens that end together told
    # together), every token placed; and what goes at today's dusk is on the grimoire now.
    expired = [h for h in happenings if is_expiry(h)]
    assert all(line in log for line in r.expired), (r.expired, log)
    assert len(r.expired) == len({h.why for h in expired})
    for h in expired:
        said = f"{h.token.shown} ({h.token.seat + 1} {g.seats[h.token.seat].name})"
        assert any(said in line for line in r.expired), (said, r.expired)
    assert len(r.placed) == sum(1 for h in happenings if is_placing(h))
    assert all(line in log for line in r.placed)
    assert len(r.ends_today) == sum(1 for t in g.tokens if t.expiry.value == "next_dusk")

    # Nothing else: the sections hold these lines and no others.
    sections = dict(recap_sections(r))
    assert len(sections["Deaths"]) == max(1, len(r.deaths))
    assert len(sections["Deaths prevented"]) == max(1, len(r.prevented))
    assert len(sections.get("Changed tonight", [])) == len(r.changed)
    assert len(sections["Told"]) == max(1, len(r.told))
    assert len(sections["Tokens expired"]) == max(1, len(r.expired))


# The JSON recap's lists under the Markdown's headings, and what the Markdown says of an empty one.
SECTIONS = (("deaths", "Deaths", "Nobody died."), ("prevented", "Deaths prevented", "None."),
            ("changed", "Changed tonight", None), ("told", "Told", "Nobody was told anything."),
            ("placed", "Tokens placed", "None."), ("expired", "Tokens expired", "None."),
            ("ends_today", "Ending at dusk today", "None."), ("impaired", "Drunk or poisoned today", "Nobody."),
            ("announce", "Announce", None))
_RECAP = re.compile(r"^\*\*The recap at dawn (\d+)\*\*\n\n((?:- .*\n|  - .*\n)*)", re.MULTILINE)


def markdown_recaps(text: str) -> dict[int, list[tuple[str, list[str]]]]:
    """Each night's recap as the Markdown log shows it: (heading, its lines as written)."""
    out: dict[int, list[tuple[str, list[str]]]] = {}
    for m in _RECAP.finditer(text):
        sections: list[tuple[str, list[str]]] = []
        for line in m.group(2).splitlines():
            if line.startswith("- "):
                sections.append((line[2:].removesuffix(":"), []))
            else:
                sections[-1][1].append(line[4:])
        out[int(m.group(1))] = sections
    return out


def _items(recap: dict[str, Any], key: str) -> list[Any]:
    """The JSON recap's items under a Markdown section: its deaths are those that happened and
    those prevented ("died": false), under two headings."""
    if key in ("deaths", "prevented"):
        return [item for item in recap["deaths"] if item["died"] is (key == "deaths")]
    return list(recap[key])


def _words(key: str, item: Any) -> str:
    if key == "told":
        return f"{VERDICT_WORDS[item['verdict']]}: {item['words']}"
    return item if key == "announce" else str(item["words"])


def check_exports(game: Game) -> None:
    """The JSON session log carries a recap for each night that dawned, as the Markdown log
    does, with the same lines in each section; and what each item is about agrees with its words."""
    data = json.loads(to_json(game))
    md = markdown_recaps(to_markdown(game))
    recaps = {n["night"]: n["recap"] for n in data["nights"] if "recap" in n}
    assert [n["night"] for n in data["nights"]] == [n.number for n in game.state.nights]
    dawns = dawn_states(game)  # a replay of the whole log: once for every night
    assert sorted(recaps) == sorted(md) == sorted(dawns)
    for night, recap in recaps.items():
        shown = [(key, heading, nothing) for key, heading, nothing in SECTIONS if key != "changed" or recap[key]]
        assert [heading for heading, _ in md[night]] == [heading for _, heading, _ in shown]
        for (key, heading, nothing), (_, lines) in zip(shown, md[night], strict=True):
            expected = [_md(_words(key, item)) for item in _items(recap, key)] or [nothing]
            assert lines == expected, (night, heading, lines, expected)
        g = dawns[night]
        for item in recap["deaths"] + recap["impaired"]:
            assert item["words"].startswith(f"{item['seat'] + 1} {g.seats[item['seat']].name}")
        for item in recap["impaired"]:
            assert item["reasons"] and all(f"{r['what']}: {r['by']}" in item["words"] for r in item["reasons"])
        for item in recap["deaths"]:  # who died is among the night's dead; who was spared says by whom
            assert item["seat"] in g.nights[night - 1].deaths if item["died"] else "by" in item
        for item in recap["placed"] + recap["ends_today"]:  # the seat it is on, in the rules' words
            assert f"{item['seat'] + 1} {g.seats[item['seat']].name}" in item["words"], item
        for group in recap["expired"]:
            for t in group["tokens"]:
                assert f"{t['side'] or t['token']} ({t['seat'] + 1} {g.seats[t['seat']].name})" in group["words"]
        told = [(t["seat"], t["verdict"]) for t in recap["told"]]
        assert told == [(t.seat, t.verdict) for t in dawn_recap(game.rules, g, night).told]
