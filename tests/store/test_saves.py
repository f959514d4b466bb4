"""Saved games: round trips, atomic writes with a backup, and clear errors that touch nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from grimoire.core.events import Event
from grimoire.core.model import Phase
from grimoire.game import Game
from grimoire.simulate import play_random, random_answer, random_table
from grimoire.store.saves import FORMAT, SaveError, backup_path, dumps, load_game, save_game
from tests.examples import quick_and_full

# Each example plays a random game: 30 in make test, the deep profile's many in make test-deep.
# Random games: 8 in make test; in make test-slow (and CI) 30, or the deep profile's count.
FULL = 30 if settings.default.max_examples <= 100 else settings.default.max_examples
GAMES = {"quick": 8, "full": FULL}


def played(seed: int, players: int = 9, nights: int = 4) -> Game:
    game = Game(random_table(players, seed=seed, script="phantom"))
    return play_random(game, random.Random(seed), max_nights=nights)


@quick_and_full(st.integers(5, 15), st.integers(0, 2**32 - 1), st.integers(1, 6), **GAMES)
def test_any_random_game_survives_save_and_load(players, seed, nights) -> None:
    game = played(seed, players, nights)
    import tomllib

    from grimoire.store.saves import game_from_dict

    again = game_from_dict(tomllib.loads(dumps(game)))
    assert again.events == game.events
    assert again.setup == game.setup
    assert again.state == game.state
    assert (again.prompt is None) == (game.prompt is None)


def test_save_is_atomic_and_keeps_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    first = played(1, nights=1)
    save_game(first, path)
    assert not backup_path(path).exists()
    second = played(2, nights=3)
    save_game(second, path)
    assert load_game(backup_path(path)).events == first.events
    assert load_game(path).events == second.events
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda t: t[: len(t) // 2], "damaged or truncated"),
        (lambda t: t.replace(f"format = {FORMAT}", "format = 99"), "newer Grimoire"),
        (lambda t: t.replace(f"format = {FORMAT}\n", ""), "no format version"),
        (lambda t: t.replace('type = "answer"', 'type = "teleport"', 1), "unknown event type 'teleport'"),
        (lambda t: t.replace('character = "phantom"', 'character = "imp"'), "'imp' is not on"),
        (lambda t: "\x00\xff" + t, "damaged"),
    ],
)
def test_a_damaged_save_is_reported_and_left_untouched(tmp_path: Path, mangle, message) -> None:
    path = tmp_path / "game.toml"
    save_game(played(3, nights=2), path)
    text = mangle(path.read_text(encoding="utf-8"))
    path.write_bytes(text.encode("utf-8", "surrogatepass") if "\x00" not in text else b"\x00\xff" + text[2:].encode())
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        load_game(path)
    assert str(path) in str(info.value)
    assert message in str(info.value)
    assert path.read_bytes() == before


def test_an_illegal_event_in_a_save_names_the_event(tmp_path: Path) -> None:
    path = tmp_path / "game.toml"
    save_game(played(4, nights=1), path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('type = "start_night"', 'type = "execute"\nseat = 0', 1), encoding="utf-8")
    with pytest.raises(SaveError, match=r"event 1 \(execute\): executions happen by day"):
        load_game(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such saved game"):
        load_game(tmp_path / "nope.toml")


@quick_and_full(st.integers(5, 15), st.integers(0, 2**32 - 1), st.lists(st.integers(-30, 30), max_size=6), **GAMES)
def test_the_record_writer_writes_what_save_record_writes(players, seed, moves) -> None:
    # An autosave after each change: the log grows and shrinks at its end (undo, play on);
    # the cached text must always be exactly the full serialisation.
    import tomli_w

    from grimoire.store.saves import RecordWriter, record_to_dict

    game = played(seed, players, 3)
    writer = RecordWriter()
    events = list(game.events)
    for move in [0, *moves]:
        cut = max(0, min(len(game.events), len(events) + move))
        events = list(game.events[:cut])
        assert writer.dumps(game.setup, events) == tomli_w.dumps(record_to_dict(game.setup, events))


@contextmanager
def events_written_out() -> Iterator[list[Event]]:
    """The events whose TOML is made (``Event.to_dict``) inside the block."""
    made: list[Event] = []
    to_dict = Event.to_dict

    def counting(self: Event) -> dict:
        made.append(self)
        return to_dict(self)

    with patch.object(Event, "to_dict", counting):
        yield made


def test_the_first_save_of_a_loaded_game_writes_out_only_what_changed(tmp_path: Path) -> None:
    # A long game's first autosave used to make the TOML of its whole log again (1.4 s at
    # 100,000 events), and a kill in that time lost what was already on the screen.
    from grimoire.store.saves import load_for_play

    path = save_game(played(5, nights=4), tmp_path / "game.toml")
    game, writer = load_for_play(path)
    with events_written_out() as made:
        game.undo()
        writer.save(game.setup, game.events, path)
        assert made == []
        game.redo()
        writer.save(game.setup, game.events, path)
        assert made == [game.events[-1]]
    assert load_game(path).events == game.events


notes = st.text(alphabet=st.characters(codec="utf-8"), max_size=30)


@quick_and_full(st.integers(5, 15), st.integers(0, 2**32 - 1), st.lists(notes, max_size=3),
                st.lists(st.integers(-30, 30), max_size=4), **GAMES)
def test_a_loaded_game_saves_exactly_what_save_record_writes(players, seed, texts, moves) -> None:
    # The writer made as the game is read (its events' text made then) writes byte for byte
    # what tomli_w writes, before and after playing on and undoing, and it reads back the same.
    import tempfile

    import tomli_w

    from grimoire.core import events as ev
    from grimoire.store.saves import load_for_play, record_to_dict

    game = played(seed, players, 2)
    for i, text in enumerate(texts):  # the storyteller's own words: quotes, escapes, any script
        game.apply(ev.WriteNote(i % players, f"{text}."))
    with tempfile.TemporaryDirectory() as tmp:
        path = save_game(game, Path(tmp) / "game.toml")
        loaded, writer = load_for_play(path)
        with events_written_out() as made:
            assert writer.dumps(loaded.setup, loaded.events) == path.read_text(encoding="utf-8")
        assert made == []
        rng = random.Random(seed)
        for move in moves:
            for _ in range(abs(move)):
                if move < 0:
                    loaded.undo()
                elif loaded.prompt is not None:
                    loaded.answer(random_answer(loaded.prompt, loaded, rng))
                elif rng.random() < 0.5 and loaded.state.phase is not Phase.OVER:
                    loaded.apply(ev.StartNight())
                else:
                    loaded.apply(ev.WriteNote(0, f"n\u00f6te \"{rng.random()}\""))
            text = writer.dumps(loaded.setup, loaded.events)
            assert text == tomli_w.dumps(record_to_dict(loaded.setup, loaded.events))
            writer.save(loaded.setup, loaded.events, path)
            assert load_game(path).events == loaded.events
