"""The HTML session log: one page with nothing fetched from anywhere, readable on a phone, with
a picture of the table at each dawn in which every name is shown as written."""

from __future__ import annotations

import html
import random
import re
from html.parser import HTMLParser

import attrs

from grimoire.game import Game
from grimoire.present.dawn_picture import dawn_picture
from grimoire.present.export import dawn_states, to_html
from grimoire.rules.phantom.state import own
from grimoire.simulate import play_random, random_table

HOSTILE = ["<script>alert(1)</script>", "x[/]y", "\"quote'", "esc\x1b[31mred", "Ann"]


def played(seed: int = 3, names: list[str] | None = None) -> Game:
    setup = random_table(9, seed=seed, script="phantom")
    if names:
        seats = tuple(attrs.evolve(s, name=n) for s, n in zip(setup.seats, names)) + setup.seats[len(names):]
        setup = attrs.evolve(setup, seats=seats)
    return play_random(Game(setup), random.Random(seed), max_nights=20)


class Refs(HTMLParser):
    """Every tag and every attribute that could fetch something."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.fetching: list[tuple[str, str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "srcset", "data", "action", "poster"):
                self.fetching.append((tag, name, value))


def parsed(page: str) -> Refs:
    refs = Refs()
    refs.feed(page)
    return refs


def test_the_page_fetches_nothing_and_fits_a_phone() -> None:
    page = to_html(played())
    refs = parsed(page)
    assert not re.search(r"https?:|//[a-z]", page, re.I)
    assert "@import" not in page and "url(" not in page
    assert not refs.fetching
    assert not {"script", "link", "img", "iframe", "object", "embed"} & set(refs.tags)
    assert re.search(r'<meta name="viewport" content="width=device-width, initial-scale=1">', page)
    assert "max-width" in page  # the text keeps a readable measure on a wide screen


def test_one_picture_of_the_table_at_each_dawn() -> None:
    game = played()
    dawns = dawn_states(game)
    assert len(dawns) >= 2
    page = to_html(game)
    assert page.count("<svg") == len(dawns)
    for day in dawns:
        assert f"The grimoire at dawn {day}" in page
    first = dawns[min(dawns)]
    svg = re.search(r"<svg.*?</svg>", page, re.S).group(0)
    for seat in first.seats:
        assert f">{seat.index + 1}<" in svg  # the seat's number on its token
        assert html.escape(seat.name) in svg


def test_the_picture_marks_the_dead_the_holder_and_the_impaired() -> None:
    game = played()
    dawns = dawn_states(game)
    last = dawns[max(dawns)]
    svg = dawn_picture(game.rules, last, max(dawns))
    dead = [s for s in last.seats if not s.alive]
    assert dead
    assert svg.count('class="seat dead"') == len(dead)
    assert svg.count('class="seat"') == len(last.seats) - len(dead)
    if own(last).artifact.holder is not None:
        assert svg.count('class="holder"') == 1
    assert 'role="img"' in svg and "aria-label=" in svg


def test_hostile_names_are_escaped_in_the_text_and_the_picture() -> None:
    page = to_html(played(names=HOSTILE))
    refs = parsed(page)
    assert "script" not in refs.tags
    pictures = re.findall(r"<svg.*?</svg>", page, re.S)
    assert pictures
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    svg = pictures[0]
    assert "&lt;script&gt;" in svg
    assert "x[/]y" in svg
    assert "&quot;quote&#x27;" in svg
    assert "\x1b" not in page and "esc\\x1b" in svg
    # names in attributes cannot end the attribute early
    for _, value in re.findall(r'(\w+)="([^"]*)"', svg):
        assert "<" not in value


def test_the_picture_is_a_pure_function_of_the_state() -> None:
    game = played()
    dawns = dawn_states(game)
    day = min(dawns)
    assert dawn_picture(game.rules, dawns[day], day) == dawn_picture(game.rules, dawns[day].clone(), day)


def test_the_picture_marks_drunk_and_poisoned_players() -> None:
    game = played(seed=4)  # a Claque and a drunk at the first dawn
    rules, g = game.rules, dawn_states(game)[1]
    svg = dawn_picture(rules, g, 1)
    assert svg.count('class="badge D"') == sum(rules.is_drunk(g, s.index) for s in g.seats) > 0
    assert svg.count('class="badge P"') == sum(rules.is_poisoned(g, s.index) for s in g.seats) > 0
