"""The table between two events (the vote going round, the timer, the phones' hands) and
the seats' private links: files beside the game, read back as written, and read as nothing
when they are not ours."""

from __future__ import annotations

import json
from pathlib import Path

from grimoire.store import live_table as lt
from grimoire.store import seat_links as sl


def test_the_vote_and_the_timer_read_back_as_written(tmp_path: Path) -> None:
    game = tmp_path / "g.toml"
    live = lt.LiveTable(lt.VoteInProgress("abc123", 2, 4, 5, (5, 6)), lt.DayTimer("Discussion", True, 120.0, 1000.0))
    lt.write_live(game, live)
    assert lt.read_live(game) == live
    assert live.timer is not None and live.timer.left_now(1030.0) == 90.0
    assert lt.read_live(tmp_path / "other.toml") == lt.LiveTable()


def test_hands_raised_ahead_of_the_clock_read_back_and_an_older_file_has_none(tmp_path: Path) -> None:
    game = tmp_path / "g.toml"
    live = lt.LiveTable(lt.VoteInProgress("abc123", 2, 4, 5, (5,), raised=(7, 8)))
    lt.write_live(game, live)
    assert lt.read_live(game) == live
    lt.live_path(game).write_text('{"vote": {"key": "k", "nominator": 1, "nominee": 2, "at": 3, "up": [3]}}')
    assert lt.read_live(game).vote == lt.VoteInProgress("k", 1, 2, 3, (3,))  # written before: none raised
    for raised in ('[3]', '"3"', '[true]'):  # counted and raised at once; not a list of seats
        lt.live_path(game).write_text('{"vote": {"key": "k", "nominator": 1, "nominee": 2, "at": 3, "up": [3], '
                                      f'"raised": {raised}}}}}')
        assert lt.read_live(game).vote is None, raised


def test_phone_hands_read_back_and_a_file_not_in_shape_is_nothing(tmp_path: Path) -> None:
    game = tmp_path / "g.toml"
    hands = lt.PhoneHands("k1").with_hand(3, True).with_hand(1, False)
    lt.write_hands(game, hands)
    assert lt.read_hands(game) == hands
    assert hands.as_dict() == {1: False, 3: True}
    for text in ("", "[]", '{"key": "k1", "up": {"x": true}}', '{"key": "k 1", "up": {}}',
                 '{"key": "k1", "up": {"1": 1}}', "{" * 100_000, "\xff"):
        lt.hands_path(game).write_text(text, encoding="latin-1")
        assert lt.read_hands(game) is None
    lt.live_path(game).write_text('{"vote": {"key": "k", "nominator": 1, "nominee": true, "at": 1, "up": []},'
                                  ' "timer": {"label": "Lunch", "running": true, "left": 1, "at": 1}}')
    assert lt.read_live(game) == lt.LiveTable()


def test_a_new_game_at_the_same_path_forgets_the_last_ones_table(tmp_path: Path) -> None:
    game = tmp_path / "g.toml"
    lt.write_live(game, lt.LiveTable(timer=lt.DayTimer("Nominations", False, 60.0, 0.0)))
    lt.write_hands(game, lt.PhoneHands("k"))
    first = sl.seat_codes(game, range(5))
    lt.forget_table(game)
    sl.forget_seat_links(game)
    assert lt.read_live(game) == lt.LiveTable() and lt.read_hands(game) is None
    assert set(sl.seat_codes(game, range(5)).values()).isdisjoint(first.values())


def test_the_tables_token_is_kept_with_the_seat_codes_and_new_for_a_new_game(tmp_path: Path) -> None:
    game = tmp_path / "g.toml"
    codes = sl.seat_codes(game, range(5))
    token = sl.table_token(game)
    assert sl.is_table_token(token) and sl.table_token(game) == token
    assert sl.read_seat_codes(game) == codes  # made beside the codes, which stay
    sl.seat_codes(game, [5])  # a Traveller's code: the token stays
    assert sl.read_table_token(game) == token
    sl.forget_seat_links(game)
    assert sl.read_table_token(game) is None and sl.table_token(game) != token


def test_seat_codes_are_made_once_kept_and_distinct(tmp_path: Path) -> None:
    game = tmp_path / "g.toml"
    codes = sl.seat_codes(game, range(20))
    assert len(set(codes.values())) == 20 and all(sl.is_code(c) for c in codes.values())
    assert sl.seat_codes(game, [3]) == {3: codes[3]}
    more = sl.seat_codes(game, [20])  # a Traveller joins
    assert sl.read_seat_codes(game) == {**codes, **more}
    assert sl.seat_of_code(sl.read_seat_codes(game), codes[7]) == 7
    assert sl.seat_of_code(codes, "x" * sl.CODE_LENGTH) is None
    sl.links_path(game).write_text(json.dumps({"codes": {"0": codes[0], "1": codes[0]}}))
    assert sl.read_seat_codes(game) == {}


def test_where_the_server_listens_is_kept_while_it_runs(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import os

    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path))
    served = sl.Served("http://192.168.1.5:8000", "tok", os.getpid())
    sl.record_served(served)
    assert sl.read_served() == served
    assert served.seat_url("abc") == "http://192.168.1.5:8000/s/abc"
    sl.forget_served(os.getpid() + 1)  # another server's stop leaves this one's record
    assert sl.read_served() == served
    sl.forget_served(os.getpid())
    assert sl.read_served() is None
