"""The cards each player was told are events of the log (grimoire.core.events: ``phones``,
``card_shown``, ``card_sent``, ``card_opened``, ``card_seen``): folded into the state, undone
and redone like any other, saved and read back, refused with a reason when wrong; and told
where the night's or the day's other happenings are: the log, the Markdown, HTML and JSON
exports, the dawn recap, and each seat's record of what it was told."""

from __future__ import annotations

import json
import random
import tomllib

import pytest

from grimoire.core import events as ev
from grimoire.core.model import OPENED, SEEN, CardNews
from grimoire.game import Game, IllegalAction
from grimoire.present.card import seat_card
from grimoire.present.dawn_recap import dawn_state, recap_data, recap_of_night, recap_sections
from grimoire.present.export import to_html, to_json, to_markdown
from grimoire.present.narrate import story
from grimoire.present.show_cards import you_are
from grimoire.simulate import random_answer, random_table
from grimoire.store.saves import dumps, game_from_dict

DEAL, SENT, SHOWN = "00000000000000d1", "00000000000000a1", "00000000000000b1"
HOSTILE = "<script>window.__pwned=1</script> *bold* [link](x) | cell"


def phantom() -> Game:
    return Game(random_table(7, seed=4, script="phantom"))


def to_dawn(game: Game) -> None:
    rng = random.Random(4)
    while game.prompt is not None:
        game.answer(random_answer(game.prompt, game, rng))


def told_game() -> Game:
    """Dealt before the first night; on night 1 a card sent to seat 3's phone, opened and seen,
    and a card of the storyteller's own words shown on the laptop to seat 2; then the dawn."""
    game = phantom()
    game.apply(ev.PhonesChoice(DEAL, night=True))
    game.apply(ev.StartNight())
    game.apply(ev.CardSent(SENT, 2, "demon", "This is the Demon", ["headline", "big"], ["This is the Demon", "6 Fay"]))
    game.apply(ev.CardShown(SHOWN, "text", "Free text", ["big"], [HOSTILE], seat=1))
    game.apply(ev.CardOpened(SENT))
    game.apply(ev.CardSeen(SENT))
    to_dawn(game)
    return game


def test_the_cards_fold_into_the_state_with_their_words_and_where_and_when() -> None:
    game = told_game()
    g = game.state
    dealt = [c for c in g.cards if c.dealt]
    assert [c.seat for c in dealt] == list(range(7)) and all(c.when == "Setup" and c.phone for c in dealt)
    sent, shown = [c for c in g.cards if not c.dealt]
    assert (sent.id, sent.seat, sent.phone, sent.when, sent.state) == (SENT, 2, True, "Night 1", SEEN)
    assert sent.blocks == (("headline", "This is the Demon"), ("big", "6 Fay"))
    assert (shown.id, shown.seat, shown.phone, shown.words()) == (SHOWN, 1, False, HOSTILE)
    night = g.nights[0].happenings
    assert [(h.card.id, h.did) for h in night if isinstance(h, CardNews)] == [
        (SENT, "sent"), (SHOWN, "shown"), (SENT, OPENED), (SENT, SEEN)]
    assert [h.did for h in g.before_first_night] == ["dealt"] * 7


def test_a_card_event_is_undone_and_redone_like_any_other() -> None:
    game = phantom()
    game.apply(ev.PhonesChoice(night=True))
    game.apply(ev.CardSent(SENT, 4, "text", "Yes", ["big"], ["Yes"]))
    game.apply(ev.CardOpened(SENT))
    assert game.state.cards[-1].state == OPENED
    assert game.undo() == ev.CardOpened(SENT) and game.state.cards[-1].state == ""
    assert game.undo() == ev.CardSent(SENT, 4, "text", "Yes", ["big"], ["Yes"]) and game.state.cards == []
    assert game.state.before_first_night == []
    game.redo()
    game.redo()
    assert game.state.cards[-1].state == OPENED and [h.did for h in game.state.before_first_night] == ["sent", OPENED]
    game.undo()
    game.undo()
    game.undo()  # the choice itself: no card may go to a phone now
    assert game.state.phones.night is False


@pytest.mark.parametrize(("event", "why"), [
    (ev.CardOpened(SENT), "no card 00000000000000a1 went to a phone"),
    (ev.CardSeen(SHOWN), "no card 00000000000000b1 went to a phone"),  # a laptop card: no phone said it
    (ev.CardShown("../etc/passwd0000", "text", "x", ["big"], ["x"]), "16 hex digits"),
    (ev.CardShown("00000000000000c1", "text", "x", ["big", "big"], ["x"]), "each need a role"),
    (ev.CardShown("00000000000000c1", "text", "x", ["script"], ["x"]), "each need a role"),
    (ev.CardShown(SHOWN, "text", "x", ["big"], ["x"]), "was shown already"),
    (ev.CardShown("00000000000000c1", "text", "x", ["big"], ["x"], seat=99), "there is no seat 99"),
    (ev.PhonesChoice("nothex"), "16 hex digits"),
    (ev.PhonesChoice(), "so already"),
])
def test_a_wrong_card_event_is_refused_with_its_reason_and_changes_nothing(event: ev.Event, why: str) -> None:
    game = phantom()
    game.apply(ev.CardShown(SHOWN, "text", "x", ["big"], ["x"]))
    before = (list(game.events), list(game.state.cards))
    with pytest.raises(IllegalAction, match=why.replace("(", r"\(")):
        game.apply(event)
    assert (game.events, game.state.cards) == before


def test_a_card_opened_twice_or_seen_then_opened_is_refused() -> None:
    game = phantom()
    game.apply(ev.PhonesChoice(night=True))
    game.apply(ev.CardSent(SENT, 1, "text", "x", ["big"], ["x"]))
    game.apply(ev.CardSeen(SENT))  # seen says opened too
    for again in (ev.CardOpened(SENT), ev.CardSeen(SENT)):
        with pytest.raises(IllegalAction, match="was seen already"):
            game.apply(again)


def test_the_cards_are_saved_and_read_back_to_the_same_game() -> None:
    game = told_game()
    text = dumps(game)
    assert 'type = "card_sent"' in text and 'type = "phones"' in text and 'type = "card_seen"' in text
    again = game_from_dict(tomllib.loads(text))
    assert again.events == game.events and again.state.cards == game.state.cards
    assert story(again.rules, again.state) == story(game.rules, game.state)


def test_a_saved_card_with_a_control_character_or_a_wrong_shape_is_refused() -> None:
    game = told_game()
    data = tomllib.loads(dumps(game))
    sent = next(e for e in data["events"] if e["type"] == "card_sent")
    sent["words"][1] = "6 Fay\x1b[2J"
    with pytest.raises(Exception, match=r"card_sent.words .*control character"):
        game_from_dict(data)
    sent["words"] = "6 Fay"
    with pytest.raises(Exception, match="card_sent.words must be an array of text"):
        game_from_dict(data)


def test_typed_words_are_cleaned_as_the_logs_are() -> None:
    shown = ev.CardShown(SHOWN, "text", "a\x1bb", ["big"], ["line\nbreak\x07"])
    assert shown.words == ("line break",) and shown.label == "ab"


def test_the_log_tells_each_card_where_it_was_told() -> None:
    game = told_game()
    told = dict(story(game.rules, game.state))
    before = told["Before the first night"]
    assert sum(1 for line in before if line.startswith("Character dealt to ")) == 7
    ann = you_are(game.state, 0)
    assert f"Character dealt to 1 {game.state.seats[0].name}'s phone: {ann.blocks[1].text} · {ann.blocks[2].text}." in before
    night = told["Night 1"]
    assert "Card sent to 3 Cat's phone: This is the Demon · 6 Fay." in night
    assert f"Card shown on the laptop to 2 Ben: {HOSTILE}." in night
    assert "3 Cat opened the card “This is the Demon” on their phone." in night
    assert "3 Cat said they have seen the card “This is the Demon”." in night
    game.apply(ev.CardOpened(pc_dealt(game, 4)))  # a dealt card: the player's character, not named here
    assert told_lines_of(game)[-1] == f"5 {game.state.seats[4].name} opened their character's card on their phone."
    # In the order they happened, among the night's other lines.
    assert night.index("Card sent to 3 Cat's phone: This is the Demon · 6 Fay.") < night.index(
        "3 Cat said they have seen the card “This is the Demon”.")


def pc_dealt(game: Game, seat: int) -> str:
    return next(c.id for c in game.state.cards if c.dealt and c.seat == seat)


def told_lines_of(game: Game) -> list[str]:
    return dict(story(game.rules, game.state))[f"Day {game.state.day}"]


def test_the_markdown_and_html_exports_tell_the_cards_escaped() -> None:
    game = told_game()
    md = to_markdown(game)
    night = md.split("## Night 1", 1)[1].split("## Day 1", 1)[0]
    assert "- Card sent to 3 Cat's phone: This is the Demon · 6 Fay." in night
    assert "Card shown on the laptop to 2 Ben: &lt;script&gt;" in night and "<script>" not in md
    assert "\\*bold\\*" in night and "\\[link\\](x) \\| cell" in night
    assert "Character dealt to 1 " in md.split("## Before the first night", 1)[1].split("## Night 1", 1)[0]
    html = to_html(game)
    assert "<li>Card sent to 3 Cat&#x27;s phone: This is the Demon · 6 Fay.</li>" in html
    assert "&lt;script&gt;window.__pwned=1&lt;/script&gt;" in html and "<script>" not in html
    # The recap at dawn says what each was shown, in both.
    assert "SHOWN: Card sent to 3 Cat&#x27;s phone: This is the Demon · 6 Fay." in html
    assert "SHOWN: Card sent to 3 Cat's phone: This is the Demon · 6 Fay." in md


def test_the_json_export_holds_every_card_as_shown_and_its_events() -> None:
    game = told_game()
    data = json.loads(to_json(game))
    cards = data["cards"]
    assert len(cards) == 9 and all(c["dealt"] and c["on"] == "phone" for c in cards[:7])
    assert cards[7] == {"card": SENT, "when": "Night 1", "seat": 2, "kind": "demon", "label": "This is the Demon",
                        "blocks": [{"role": "headline", "text": "This is the Demon"}, {"role": "big", "text": "6 Fay"}],
                        "on": "phone", "dealt": False, "state": "seen"}
    assert cards[8]["on"] == "laptop" and cards[8]["blocks"] == [{"role": "big", "text": HOSTILE}]
    assert cards[8]["state"] is None and cards[8]["seat"] == 1
    kinds = [e["type"] for e in data["events"]]
    assert kinds[:2] == ["phones", "start_night"] and kinds[2:6] == ["card_sent", "card_shown", "card_opened",
                                                                     "card_seen"]
    told = data["nights"][0]["recap"]["told"]
    card_told = [t for t in told if "card" in t]
    assert [(t["card"], t["seat"], t["kind"], t["verdict"]) for t in card_told] == [
        (SENT, 2, "demon", "shown"), (SHOWN, 1, "text", "shown")]
    assert all("character" in t for t in told if "card" not in t)  # the other lines as they were


def test_the_dawn_recap_and_the_seats_record_say_what_each_was_shown() -> None:
    game = told_game()
    recap = recap_of_night(game, 1)
    assert recap is not None
    lines = [t.text for t in recap.told if t.card]
    assert lines == ["Card sent to 3 Cat's phone: This is the Demon · 6 Fay.",
                     f"Card shown on the laptop to 2 Ben: {HOSTILE}."]
    assert "SHOWN: Card sent to 3 Cat's phone: This is the Demon · 6 Fay." in dict(recap_sections(recap))["Told"]
    g = dawn_state(game, 1)
    assert g is not None and recap_data(game.rules, g, 1)["told"][-1]["card"] == SHOWN
    cat = seat_card(game, 2).section("Cards they were shown").lines
    cat_is = you_are(game.state, 2)
    assert cat[0] == (f"Before the first night, dealt: {cat_is.blocks[1].text} · {cat_is.blocks[2].text} "
                      "(on their phone, not opened yet)")
    assert cat[1] == "Night 1: This is the Demon · 6 Fay (on their phone, opened and seen)"
    assert seat_card(game, 1).section("Cards they were shown").lines[-1] == f"Night 1: {HOSTILE} (on the laptop)"


def test_a_game_with_cards_is_written_as_a_scenario_that_passes_without_them() -> None:
    """The cards change no rule: a scenario file, which checks the rules, leaves them out."""
    from grimoire.scenario.format import parse_scenario
    from grimoire.scenario.run import run_scenario
    from grimoire.scenario.write import game_to_scenario

    text = game_to_scenario(told_game())
    assert "card_" not in text and "phones" not in text
    assert run_scenario(parse_scenario(tomllib.loads(text))).passed
