"""The pure part of choosing by keys: seat numbers typed digit by digit, and option letters."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grimoire.tui.support.choice_keys import (
    Item,
    NoSeat,
    Seat,
    Wait,
    end,
    keys_for_seat,
    letter_keys,
    read,
    refusal,
    spans,
)

FIFTEEN = range(1, 16)


def test_a_number_no_longer_one_extends_is_complete_at_once() -> None:
    assert read("5", FIFTEEN) == Seat(5)
    assert read("12", FIFTEEN) == Seat(12)
    assert read("9", range(1, 21)) == Seat(9)


def test_a_number_a_longer_one_extends_waits() -> None:
    assert read("1", FIFTEEN) == Wait("1")
    assert read("2", range(1, 21)) == Wait("2")  # seat 20
    assert end("1", FIFTEEN) == Seat(1)  # a pause or Enter ends it


def test_a_number_not_on_offer_is_refused() -> None:
    offered = [1, 2, 3, 5, 13]
    assert read("4", offered) == NoSeat(4)
    assert read("0", offered) == NoSeat(0)
    assert read("12", offered) == NoSeat(12)
    assert read("1", offered) == Wait("1")
    assert end("1", [13]) == NoSeat(1)  # 13 waited for, but seat 1 itself is not a choice
    assert read("7", []) == NoSeat(7)


def test_only_digits_are_read() -> None:
    with pytest.raises(ValueError):
        read("1a", FIFTEEN)
    with pytest.raises(ValueError):
        read("", FIFTEEN)


def test_keys_for_a_seat() -> None:
    assert keys_for_seat(12, FIFTEEN) == ["1", "2"]
    assert keys_for_seat(5, FIFTEEN) == ["5"]
    assert keys_for_seat(1, FIFTEEN) == ["1", "enter"]
    assert keys_for_seat(1, range(1, 10)) == ["1"]


@given(st.sets(st.integers(1, 20), min_size=1), st.data())
def test_typing_any_seat_on_offer_picks_that_seat(offered: set[int], data: st.DataObject) -> None:
    number = data.draw(st.sampled_from(sorted(offered)))
    typed, reading = "", None
    for digit in str(number):
        typed += digit
        reading = read(typed, offered)
        if not isinstance(reading, Wait):
            break
    assert reading is not None
    if isinstance(reading, Wait):
        reading = end(typed, offered)
    assert reading == Seat(number)
    assert typed == str(number)  # never complete before all its digits are typed


@given(st.sets(st.integers(1, 20)), st.text("0123456789", min_size=1, max_size=3))
def test_digits_never_name_a_seat_not_on_offer(offered: set[int], typed: str) -> None:
    reading = read(typed, offered)
    if isinstance(reading, Seat):
        assert reading.number in offered and str(reading.number) == typed
    elif isinstance(reading, Wait):
        assert any(str(m).startswith(typed) and m != int(typed) for m in offered)
    else:
        assert reading == NoSeat(int(typed))
        assert int(typed) not in offered or typed.startswith("0")
    ended = end(typed, offered)
    assert isinstance(ended, NoSeat) or ended.number in offered


def test_spans_and_refusal_say_what_is_on_offer() -> None:
    assert spans([1, 2, 3, 5, 7, 8]) == "1–3, 5, 7–8"
    assert spans([]) == ""
    assert refusal(4, [1, 2, 3, 5]) == "Seat 4 is not a choice here (the seats on offer: 1–3, 5)."
    assert refusal(4, [], "Dan, dead") == "Seat 4 (Dan, dead): no seat is a choice here."


def test_letter_keys_avoid_each_other_and_the_reserved() -> None:
    assert letter_keys(["keep", "bounce"]) == ["k", "b"]
    assert letter_keys(["clockwise", "anticlockwise"], reserved="nuq") == ["c", "a"]
    assert letter_keys(["no"], reserved="nuq") == ["o"]
    assert letter_keys(["decline", "done"]) == ["d", "o"]


@given(st.lists(st.text(min_size=0, max_size=12), max_size=30), st.text("abcdefghijklmnopqrstuvwxyz", max_size=5))
def test_letter_keys_are_distinct_free_letters(labels: list[str], reserved: str) -> None:
    keys = letter_keys(labels, reserved)
    assert len(keys) == len(labels)
    given_keys = [k for k in keys if k]
    assert len(set(given_keys)) == len(given_keys)
    assert not set(given_keys) & set(reserved)
    assert all(len(k) == 1 and k.islower() for k in given_keys)
    free = 26 - len(set(reserved))
    assert len(given_keys) == min(len(labels), free)


def test_an_item_matches_its_names_exactly() -> None:
    item = Item("12 Lou (Usher)", 11, seat=11, names=("Lou", "Usher"))
    assert item.number == 12
    assert "lou" in item.exact() and "usher" in item.exact()
    assert "phantom" in Item("Phantom (Demon)", "phantom").exact()
    assert "phantom" not in Item("Phantom's Favourite (Outsider)", "pf").exact()
