"""The reveal at a game's end: every seat as it ended and began, the artifact's path night by
night, who was drunk or poisoned when and by what; and the storyteller's choice to show it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.game import Game, IllegalAction
from grimoire.present.export import dawn_states
from grimoire.present.reveal import (
    NotOver,
    game_reveal,
    impaired_lines,
    path_lines,
    player_line,
    public_reveal,
    reveal_sections,
)
from grimoire.rules import status
from grimoire.rules.phantom import status as phantom_status
from grimoire.rules.phantom import tokens as tk
from grimoire.rules.phantom.state import own
from grimoire.scenario.run import run_file
from grimoire.simulate import play_random, random_table
from grimoire.store.saves import SaveError, game_from_dict, game_to_dict, load_game, save_game

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "examples" / "scenarios"


def finished(seed: int = 4, players: int = 8) -> Game:
    """Seed 4: the Lasso, the Claque, good wins by an execution on day 5."""
    return play_random(Game(random_table(players, seed=seed, script="phantom")), random.Random(seed), max_nights=20)


def until_day(game: Game, day: int, rng: random.Random) -> Game:
    while game.state.day < day:
        if game.prompt is None:
            game.apply(ev.StartNight())
        while game.prompt is not None:
            from grimoire.simulate import random_answer

            game.answer(random_answer(game.prompt, game, rng))
    return game


def test_there_is_no_reveal_before_the_end() -> None:
    game = until_day(Game(random_table(8, seed=4, script="phantom")), 1, random.Random(4))
    assert game.state.winner is None
    with pytest.raises(NotOver):
        game_reveal(game)
    assert public_reveal(game) is None


def test_every_seat_as_it_ended_and_as_it_started() -> None:
    rng = random.Random(5)
    game = until_day(Game(random_table(8, seed=4, script="phantom")), 1, rng)
    g = game.state
    good = next(s for s in g.seats if s.alive and status.team(g, s.index).is_good and s.character != "phantom")
    swap_to = next(c.id for c in game.script.characters
                   if c.team.is_good and not g.in_play(c.id))
    game.apply(ev.SwapCharacter(good.index, swap_to))
    game.apply(ev.SetAlignment(good.index, "evil"))
    play_random(game, rng, max_nights=20)
    assert game.state.winner is not None
    r = game_reveal(game)
    start = Game(game.setup).state
    end = game.state
    assert [s.name for s in r.seats] == [s.name for s in end.seats]
    for s in r.seats:
        assert s.ended.character == end.seats[s.seat].character
        assert s.ended.alignment == end.seats[s.seat].alignment.value
        assert s.started.character == start.seats[s.seat].character
        assert s.started.alignment == start.seats[s.seat].alignment.value
        assert s.alive == end.seats[s.seat].alive
        assert s.changed == (s.seat == good.index)
        assert ("died" in [c.what for c in s.changes]) == (not s.alive)
    turned = r.seats[good.index]
    swapped = game.script.character(swap_to).name
    assert [c for c in turned.changes if c.what != "died"][:2] == [
        type(turned.changes[0])("Day 1", f"became the {swapped}"),
        type(turned.changes[0])("Day 1", "turned evil"),
    ]
    line = player_line(r, turned)
    assert line.startswith(f"{good.index + 1} {good.name} — {swapped} (")
    assert f"started as {game.script.character(good.character).name} (" in line
    assert "became the" in line and "(day 1)" in line


def test_the_artifact_path_night_by_night() -> None:
    game = finished()
    r = game_reveal(game)
    g = game.state
    # Every night has its stretch, in order; every move of the artifact is told once, in order.
    nights = [p.when for p in r.path if p.when.startswith("Night")]
    assert nights == [f"Night {n.number}" for n in g.nights]
    moves = [(m.kind, m.frm, m.to) for p in r.path for m in p.moves]
    assert moves == [(t.kind.value, t.frm, t.to) for t in own(g).artifact.history]
    # Who held it when each night was over is who held it at that dawn.
    for n, state in dawn_states(game).items():
        stretch = next(p for p in r.path if p.when == f"Night {n}")
        assert stretch.holder == own(state).artifact.holder
    assert r.path[-1].holder == own(g).artifact.holder and r.held == "Punjab Lasso"
    lines = [line.text for line in path_lines(r)]
    assert lines[0] == "The active artifact: the Punjab Lasso."
    assert [line.split(":")[0] for line in lines[1:]] == nights  # one line a night


def place(moment: str) -> tuple[int, int]:
    """Where a night or day comes in the game: night 2 (2, 0), then day 2 (2, 1)."""
    kind, number = moment.split()
    return int(number), 0 if kind == "Night" else 1


def told_at(r, when: str, seat: int) -> set[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """The causes the reveal tells for ``seat`` during the night or day ``when``."""
    return {(i.what, i.by) for i in r.impaired if i.seat == seat and place(i.start) <= place(when) <= place(i.end)}


def test_who_was_drunk_or_poisoned_at_each_dawn_is_told() -> None:
    game = finished()
    r = game_reveal(game)
    dawns = dawn_states(game)
    assert dawns
    for n, state in dawns.items():
        for s in state.seats:
            for reason in status.impairment_reasons(game.rules, state, s.index):
                assert reason in told_at(r, f"Day {n}", s.index), (n, s.name, reason)
        holder = own(state).artifact.holder
        if holder is not None and game.rules.is_poisoned(state, holder):
            assert phantom_status.LASSO_POISON in told_at(r, f"Night {n}", holder)
    # The Claque's drunkenness is told on the night it lands on a seat (the Phantom's Favourite,
    # always sober, is the one seat it never makes drunk).
    claque_seats = {n: tk.seat_of_token(s, tk.CLAQUE) for n, s in dawns.items() if phantom_status.claque_alive(s)}
    assert claque_seats
    for n, seat in claque_seats.items():
        sober = dawns[n].seats[seat].character in phantom_status.ALWAYS_SOBER and phantom_status.immune_active(dawns[n], seat)
        assert (phantom_status.CLAQUE_SEAT in told_at(r, f"Night {n}", seat)) is not sober, (n, seat)


def test_a_cause_that_lasts_is_told_once_from_its_first_night_or_day_to_its_last() -> None:
    r = game_reveal(finished())
    lasso = [i for i in r.impaired if (i.what, i.by) == phantom_status.LASSO_POISON]
    assert lasso and any(i.start != i.end for i in lasso)
    # Two runs of one cause on one seat are never back to back: they would be one.
    for i in r.impaired:
        night, half = place(i.end)
        after = (night, 1) if half == 0 else (night + 1, 0)
        same = [j for j in r.impaired if (j.seat, j.what, j.by) == (i.seat, i.what, i.by)]
        assert all(place(j.start) != after for j in same)
        assert place(i.start) <= place(i.end)
    assert [place(i.start) for i in r.impaired] == sorted(place(i.start) for i in r.impaired)
    assert impaired_lines(r)[0].text.startswith("Night 1")


def test_the_claque_drunkenness_counts_from_its_step_not_from_dusk() -> None:
    """At dusk the Claque's token still lies on last night's seat until the Claque's step moves
    it: that seat was not drunk again tonight."""
    game = finished()
    r = game_reveal(game)
    dawns = dawn_states(game)
    checked = 0
    for n in range(2, max(dawns) + 1):
        if n - 1 not in dawns or n not in dawns or not phantom_status.claque_alive(dawns[n]):
            continue
        last, now = tk.seat_of_token(dawns[n - 1], tk.CLAQUE), tk.seat_of_token(dawns[n], tk.CLAQUE)
        if last != now:
            assert phantom_status.CLAQUE_SEAT not in told_at(r, f"Night {n}", last), (n, last)
            checked += 1
    assert checked


def test_the_auctioneer_drunk_tonight_is_told_by_what() -> None:
    game = run_file(SCENARIOS / "s03_phantom_gives_to_auctioneer.toml").game
    assert game is not None
    game.apply(ev.SetAlive(game.state.index_of("Dan"), False))  # the Phantom dies: good wins
    r = game_reveal(game)
    lines = [line.text for _, body in reveal_sections(r) for line in body]
    assert "Night 1: 2 Ben drunk tonight (the Phantom passed them the artifact)" in lines
    assert "Night 1 to day 1: 8 Hal drunk (the Claque's seat)" in lines
    assert "Night 1: 4 Dan (the Phantom) gave the Punjab Lasso to 2 Ben." in lines
    assert "4 Dan — Phantom (Demon), evil; died (day 1)" in lines
    assert r.result == "Good wins: the Phantom (Dan) is dead"


def test_the_reveal_as_data_is_json() -> None:
    r = game_reveal(finished())
    data = json.loads(json.dumps(r.to_dict()))
    assert data["winner"] == "good" and data["shown_to_players"] is False
    assert len(data["seats"]) == 8 and data["artifact_path"] and data["impaired"]


# --- the storyteller's choice to show it --------------------------------------------------------
def test_the_reveal_cannot_be_shown_before_the_end() -> None:
    game = until_day(Game(random_table(8, seed=4, script="phantom")), 1, random.Random(4))
    before = len(game.events)
    with pytest.raises(IllegalAction, match="only once a team has won"):
        game.apply(ev.ShowReveal())
    assert len(game.events) == before and not game.state.reveal_shown


def test_showing_and_hiding_the_reveal_are_events_that_undo() -> None:
    game = finished()
    game.apply(ev.ShowReveal())
    assert game.state.reveal_shown and game_reveal(game).shown
    with pytest.raises(IllegalAction, match="already shown"):
        game.apply(ev.ShowReveal())
    game.apply(ev.ShowReveal(shown=False))
    assert not game.state.reveal_shown
    game.undo()
    assert game.state.reveal_shown
    game.undo()
    assert not game.state.reveal_shown and game.state.winner is not None


def test_the_choice_is_saved_with_the_game(tmp_path: Path) -> None:
    game = finished()
    game.apply(ev.ShowReveal())
    path = save_game(game, tmp_path / "game.toml")
    assert 'type = "show_reveal"' in path.read_text()
    assert load_game(path).state.reveal_shown


def test_a_file_that_shows_the_reveal_before_the_end_is_refused() -> None:
    game = until_day(Game(random_table(8, seed=4, script="phantom")), 1, random.Random(4))
    data = game_to_dict(game)
    data["events"].append({"type": "show_reveal", "shown": True})
    with pytest.raises(SaveError, match="show_reveal.*only once a team has won"):
        game_from_dict(data, "x.toml")


def test_the_state_at_the_end_is_over() -> None:
    assert finished().state.phase is Phase.OVER


# --- the reveal in the exported log ---------------------------------------------------------------
def test_the_exports_have_the_reveal_only_once_the_game_is_over() -> None:
    from grimoire.present.export import to_html, to_json, to_markdown

    unfinished = until_day(Game(random_table(8, seed=4, script="phantom")), 2, random.Random(4))
    for render in (to_markdown, to_html):
        assert "The reveal" not in render(unfinished)
    assert "reveal" not in json.loads(to_json(unfinished))
    game = finished()
    r = game_reveal(game)
    md, page, data = to_markdown(game), to_html(game), json.loads(to_json(game))
    assert "## The reveal" in md and "### The players" in md and "### The artifact, night by night" in md
    assert "### Drunk and poisoned" in md and "**Good wins: the Phantom" in md
    assert "<h2>The reveal</h2>" in page and "<h3>Drunk and poisoned</h3>" in page
    for s in r.seats:
        assert f"| {s.seat + 1} | {s.name} | {s.ended.name} ({s.ended.team.capitalize()}) | {s.ended.alignment} |" in md
    assert "- Night 1: " in md
    assert data["reveal"] == r.to_dict()
    assert game_from_dict(data).events == game.events  # still a game file, as before


def test_names_in_the_exported_reveal_are_escaped() -> None:
    import attrs

    from grimoire.present.export import to_html, to_markdown

    setup = random_table(8, seed=4, script="phantom")
    hostile = "<b>Ann</b> *x*"
    setup = attrs.evolve(setup, seats=(attrs.evolve(setup.seats[0], name=hostile), *setup.seats[1:]))
    game = play_random(Game(setup), random.Random(4), max_nights=20)
    assert game.state.winner is not None
    md, page = to_markdown(game), to_html(game)
    reveal_md = md[md.index("## The reveal"):]
    reveal_html = page[page.index("<h2>The reveal</h2>"):]
    assert hostile not in reveal_md and "&lt;b&gt;Ann&lt;/b&gt; \\*x\\*" in reveal_md
    assert hostile not in reveal_html and "&lt;b&gt;Ann&lt;/b&gt; *x*" in reveal_html
