"""Every past line names the character the player had then: after the storyteller changes a
player's character, the log, the Markdown, HTML and JSON session logs and the dawn recap say the
old one of every earlier night and day (and of the day's lines before the change), the new one
after; the change itself is told. So does a change the rules made (the star-pass)."""

from __future__ import annotations

import html
import json
import re

import pytest

from grimoire.core import events as ev
from grimoire.game import Game
from grimoire.present.dawn_recap import dawn_recap, recap_sections
from grimoire.present.export import to_html, to_json, to_markdown
from grimoire.present.narrate import recent_lines, story
from grimoire.present.past_night import past_night
from tests.official.conftest import stand_in  # noqa: F401 (the stand-in official data, a fixture)
from tests.official.tb_table import night, tb_game
from tests.store.test_full_story import answer_all, rehearsal_through_night_2

IVY = 8
MIFROID_N1 = "9 Ivy (Inspector Mifroid) chose 1 Ann, 2 Ben and learned: 1."
DIED = "9 Ivy (Inspector Mifroid) died: the storyteller marked them dead."
MADE = "The storyteller made 9 Ivy (Inspector Mifroid) the Usher."
ALIVE = "9 Ivy (Usher) is alive again (the storyteller)."
USHER_N3 = "9 Ivy (Usher) learned: no."


def changed_on_day_2() -> Game:
    """The rehearsal: Ivy, the Inspector Mifroid on nights 1 and 2, is marked dead on day 2, made
    the Usher, brought back; night 3 she wakes as the Usher."""
    game = rehearsal_through_night_2()
    game.apply(ev.SetAlive(IVY, False))
    game.apply(ev.SwapCharacter(IVY, "usher"))
    game.apply(ev.SetAlive(IVY, True))
    game.apply(ev.StartNight())
    answer_all(game, {"holder": 11, "trapdoor_keeper": "bounce", "phantom": 0, "monsieur_reyer": 0, "persian": 2})
    return game


@pytest.fixture(scope="module")
def game() -> Game:
    return changed_on_day_2()


def test_the_story_names_the_character_at_the_time(game: Game) -> None:
    told = dict(story(game.rules, game.state))
    assert MIFROID_N1 in told["Night 1"] and MIFROID_N1 in told["Night 2"]
    assert told["Day 2"] == [DIED, MADE, ALIVE, *told["Day 2"][3:]]
    assert USHER_N3 in told["Night 3"]
    assert not any("Ivy (Usher)" in line for heading in ("Night 1", "Day 1", "Night 2") for line in told[heading])
    assert any(line.endswith(f"Day 2 — {ALIVE}") for line in recent_lines(game.rules, game.state, limit=40))


def _between(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end)]


def test_the_markdown_and_html_logs_name_the_character_at_the_time(game: Game) -> None:
    for text, heading in ((to_markdown(game), "## {}"), (html.unescape(to_html(game)), "<h2>{}</h2>")):
        before = _between(text, heading.format("Night 1"), heading.format("Day 2"))
        assert before.count(MIFROID_N1) >= 2 and "Ivy (Usher)" not in before  # the log's lines and the recaps'
        day2 = _between(text, heading.format("Day 2"), heading.format("Night 3"))
        assert day2.index(DIED) < day2.index(MADE) < day2.index(ALIVE)
        assert USHER_N3 in text[text.index(heading.format("Night 3")):]


def test_the_json_log_names_the_character_at_the_time(game: Game) -> None:
    data = json.loads(to_json(game))
    told = {n["night"]: [t["words"] for t in n["recap"]["told"]] for n in data["nights"] if "recap" in n}
    assert MIFROID_N1 in told[1] and MIFROID_N1 in told[2] and USHER_N3 in told[3]
    assert not re.search(r"Ivy \(Usher\)", json.dumps([data["information"], told[1], told[2]]))


def test_a_past_nights_sheet_names_the_character_at_the_time(game: Game) -> None:
    assert MIFROID_N1 in past_night(game, 1).story


@pytest.mark.usefixtures("stand_in")
def test_lines_before_a_star_pass_name_the_minion_as_she_was() -> None:
    game = tb_game()  # Ben the Imp, Dan the Poisoner
    night(game, poisoner=2)
    game.apply(ev.SetAlive(3, False))  # the storyteller marks Dan dead by day, and takes it back
    game.apply(ev.SetAlive(3, True))
    night(game, poisoner=2, monk=7, imp=1)  # Ben kills himself: Dan becomes the Imp
    told = dict(story(game.rules, game.state))
    assert told["Day 1"][:2] == ["4 Dan (Poisoner) died: the storyteller marked them dead.",
                                 "4 Dan (Poisoner) is alive again (the storyteller)."]
    assert "4 Dan (Poisoner) became the Imp (the star-pass)." in told["Night 2"]
    assert "4 Dan (Imp) was woken and shown that they are the Imp now (the star-pass)." in told["Night 2"]
    deaths = dict(recap_sections(dawn_recap(game.rules, game.state, 2)))["Deaths"]
    assert deaths == ["2 Ben (Imp) died: the Imp chose themself (the star-pass)."]
