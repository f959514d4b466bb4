"""Cards shown to a player: opened from the grimoire (w, the palette), offered at the walker's
show steps, gone with Escape or Enter to exactly where the storyteller was."""

from __future__ import annotations

from typing import Any

import pytest
from pilot_keys import type_text

from grimoire.core import events as ev
from grimoire.game import Game, SeatSetup
from grimoire.tui.app import GrimoireApp
from grimoire.tui.screens.modals import AskText, Pick
from grimoire.tui.screens.player_card import PlayerCardScreen
from grimoire.tui.screens.table import GrimoireScreen
from grimoire.tui.widgets.side import SidePanel
from night_order import AnswerKind
from tests.phantom_table import phantom_table

from .helpers import SIZE, settle

NAMES = "Ann Ben Cat Dan Eve Fay Gus Hal Ivy Jon".split()
CAST = ["meg", "auctioneer", "mirror_keeper", "phantom", "sorelli", "trapdoor_keeper", "managers", "usher",
        "persian", "chandelier_rigger"]


def night_at(step: str, names: list[str] = NAMES) -> Game:
    """Ten players on the first night, the walker at ``step``: the Phantom (Dan) gave the Music
    Box to Ben (the Auctioneer); Cat, Fay and Jon are the Minions."""
    game = Game(phantom_table(seats=[SeatSetup(n, c) for n, c in zip(names, CAST)], artifacts=("monkey_music_box",),
                           mirror_target=7, evil_townsfolk=8,
                           bluffs=("madame_giry", "monsieur_reyer", "christine_daae")))
    game.apply(ev.StartNight())
    while game.prompt is not None and game.prompt.step != step:
        p = game.prompt
        value: Any = None
        if p.kind is AnswerKind.OPTION_AND_PLAYER:
            value = ["monkey_music_box", 1]
        elif p.kind is not AnswerKind.ACK:
            value = p.choices[0]
        game.answer(value)
    assert game.prompt is not None, step
    return game


async def opened(pilot: Any) -> None:
    """A picker is opening: its question's worker waits for the answer, so wait for the screen."""
    await pilot.pause()
    await pilot.pause()


def card_words(app: GrimoireApp) -> str:
    screen = app.screen
    assert isinstance(screen, PlayerCardScreen), screen
    return screen.query_one("#show-card").render().plain  # type: ignore[union-attr]


async def test_the_step_offers_its_cards_and_escape_returns_to_the_same_step_seat_and_scroll() -> None:
    game = night_at("minioninfo")
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        assert isinstance(table, GrimoireScreen)
        side = table.query_one("#side", SidePanel)
        assert side.text("show") == "[p] show the cards: This is the Demon, These are your Minions"
        await pilot.press("right", "right", "pagedown")  # a seat under the cursor, the panel scrolled
        await settle(pilot)
        where = (len(game.events), game.prompt, table.selected, side._top)
        assert where[2] is not None and where[3] > 0
        await pilot.press("p")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, PlayerCardScreen)
        assert [c.kind for c in screen.cards] == ["demon", "minions"]
        assert screen.card.text() == "This is the Demon\n4 Dan"
        assert "█" in card_words(pilot.app)  # block letters
        await pilot.press("right")
        await settle(pilot)
        assert screen.card.text() == "These are your Minions\n3 Cat\n6 Fay\n10 Jon"
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is table
        # Both cards are logged as shown on the laptop, with their words; the step is the same.
        assert [e.words for e in game.events[where[0]:]] == [("This is the Demon", "4 Dan"),  # type: ignore[attr-defined]
                                                            ("These are your Minions", "3 Cat", "6 Fay", "10 Jon")]
        assert (game.prompt, table.selected, side._top) == where[1:]
        # Enter closes a card as well, and the walker is still at the same step.
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(pilot.app.screen, PlayerCardScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is table and game.prompt == where[1] and len(game.events) == where[0] + 3


@pytest.mark.slow
async def test_where_the_step_shows_nothing_w_lists_the_cards_and_a_seat_number_picks_you_are() -> None:
    game = night_at("dusk")
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        assert table.query_one("#side", SidePanel).text("show") == ""
        await pilot.press("p")
        await opened(pilot)
        picker = pilot.app.screen
        assert isinstance(picker, Pick)
        labels = [r.label for r in picker.rows]
        assert labels[:8] == [
            "This is the Demon", "These are your Minions", "These characters are not in play",
            "You are evil (the evil Townsfolk)", "A character of the script…", "Several characters on one card…",
            "Free text (type the words)…", "An info token…",
        ]
        assert "1 Ann (Meg) — You are…" in labels[8:]  # each seat's card after the cards of any kind
        await pilot.press("3")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, PlayerCardScreen)
        assert screen.card.text().startswith("You are\nMirror Keeper\nMinion\nYou are always healthy")
        # c: another card, from the same list, in place of this one
        await pilot.press("c")
        await opened(pilot)
        await type_text(pilot, "not in play")
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is screen
        assert screen.card.text().startswith("These characters are not in play\nMadame Giry")
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is table and game.prompt.step == "dusk"
        # Both logged as shown on the laptop: the "You are" card to its seat, then the other.
        you_are, bluffs = game.events[1:]
        assert isinstance(you_are, ev.CardShown) and you_are.seat == 2 and you_are.words[1] == "Mirror Keeper"
        assert isinstance(bluffs, ev.CardShown) and bluffs.seat is None and bluffs.words[1] == "Madame Giry"


async def test_two_fast_ws_open_one_card() -> None:
    game = night_at("demoninfo")
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        await pilot.press("p", "p", "p")
        await settle(pilot)
        assert isinstance(pilot.app.screen, PlayerCardScreen)
        assert sum(isinstance(s, PlayerCardScreen) for s in pilot.app.screen_stack) == 1
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is table
        # One card logged, shown to the one player the step wakes (the Phantom, Dan).
        (shown,) = [e for e in game.events if isinstance(e, ev.CardShown)]
        assert shown.seat == 3 and shown.what == "minions"


async def palette(pilot: Any, words: str) -> None:
    """Run the palette's command that ``words`` find first."""
    await pilot.press("ctrl+p")
    await opened(pilot)
    await type_text(pilot, words)
    await opened(pilot)
    await pilot.press("enter")


@pytest.mark.slow
async def test_the_palette_opens_the_card() -> None:
    game = night_at("phantom")
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await palette(pilot, "show card")
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, PlayerCardScreen)
        assert screen.card.text() == "The artifact is with\n2 Ben"
        await pilot.press("escape")
        await settle(pilot)
        await palette(pilot, "choose a card")  # any card, from the palette too: the list
        await opened(pilot)
        assert isinstance(pilot.app.screen, Pick)


async def test_the_footer_offers_p_at_the_steps_that_show_something() -> None:
    from grimoire.tui.widgets.keys import KeysFooter

    game = night_at("dusk")
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        footer = pilot.app.screen.query_one(KeysFooter)
        assert "p" not in {i.shown for i in footer.items}  # p lists the cards, unannounced
        while game.prompt.step != "auctioneer":
            await pilot.press("n" if game.prompt.kind is AnswerKind.ACK else "2")  # the Music Box to Ben
            await settle(pilot)
        assert "p Show card" in footer.render_line(0).text


async def test_the_card_hides_the_grimoires_notices() -> None:
    game = night_at("minioninfo")
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        pilot.app.notify("Dan is the Phantom")
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(pilot.app.screen, PlayerCardScreen)
        assert not pilot.app._notifications


async def test_hostile_names_are_shown_as_written() -> None:
    names = ["Ann", "[bold]Bob[/]", "Cat", "x[/]y", *NAMES[4:]]  # the Phantom is "x[/]y"
    game = night_at("minioninfo", names)
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert "[" in card_words(pilot.app) and "]" in card_words(pilot.app)  # the brackets as they are
        await pilot.press("escape", "p", "c")
        await opened(pilot)
        await pilot.press("2")  # "You are…" for [bold]Bob[/]
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, PlayerCardScreen) and screen.card.seat == 1
        await pilot.press("c")
        await opened(pilot)
        picker = pilot.app.screen
        assert isinstance(picker, Pick)
        assert "2 [bold]Bob[/] (Auctioneer) — You are…" in [r.label for r in picker.rows]


async def test_a_hostile_name_too_long_for_block_letters_is_shown_as_written_in_plain_bold() -> None:
    phantom = "[bold]Bob[/]x[/]y\x1b[31mSupercalifragilistic"  # no word of it fits in block letters
    game = night_at("minioninfo", ["Ann", "Ben", "Cat", phantom, *NAMES[4:]])
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        words = card_words(pilot.app)
        assert "4 [bold]Bob[/]x[/]y\\x1b[31mSupercalifragilistic" in words  # ESC as its escape
        assert "\x1b" not in words


def test_no_step_gives_the_card_key_to_an_option() -> None:
    # A step's option letters come before the screen's keys: an option lettered p (the Punjab
    # Lasso, say) would hide the step's card behind it.
    import random

    from grimoire.simulate import random_answer, random_table, random_told
    from grimoire.tui.support.card_hint import KEY
    from grimoire.tui.support.told_items import informs, told_items
    from grimoire.tui.support.view import choice_items, pair_option_items

    steps = 0
    for seed in range(6):
        rng = random.Random(seed)
        game = Game(random_table(12, seed=seed, script="phantom"))
        game.apply(ev.StartNight())
        while game.prompt is not None:
            prompt = game.prompt
            items = pair_option_items(game, prompt) if prompt.kind is AnswerKind.OPTION_AND_PLAYER else (
                choice_items(game, prompt) if prompt.kind is not AnswerKind.ACK else [])
            if informs(prompt, game.rules):
                items = [*items, *told_items(game, prompt, truth_first=True)]
            assert KEY not in {i.key for i in items}, (prompt.step, [i.key for i in items])
            steps += 1
            game.answer(random_answer(prompt, game, rng), told=random_told(prompt, game, rng))
    assert steps > 60


# --- cards made up on the spot: any character, several, free text, an info token ----------------
SIZES = [(80, 24), (140, 45)]


async def answer(pilot: Any, *steps: str) -> None:
    """Answer the pickers in turn: each step is typed (a filter or an option's letter), then
    Enter; a seat's number ticks it at once; "" is Enter alone (Done)."""
    after_number = False
    for step in steps:
        await opened(pilot)
        assert isinstance(pilot.app.screen, (Pick, AskText)), pilot.app.screen
        if step.isdigit():
            await pilot.press(*step)
            after_number = True
            continue
        if step:
            await type_text(pilot, step)
        elif after_number:  # typed right after a seat number's digit, an Enter is that number's end
            await pilot.press("enter")
        after_number = False
        await pilot.press("enter")
    await settle(pilot)


MADE = {  # the keys after p (the list), and the card they show
    "character": (("o", "meg"), "Meg\nTownsfolk\nOnce per night, when you 1st receive the artifact"),
    "characters": (("s", "madame giry", "persian", "christine", ""), "Madame Giry\nPersian\nChristine Daaé"),
    "text": (("f", "Pick [b]two[/b] players"), "Pick [b]two[/b] players"),
    "voted": (("i", "d"), "Did you vote today?"),
    "ability": (("i", "u"), "Use your ability?"),
    "nominated": (("i", "y"), "Did you nominate today?"),
    "selected": (("i", "t", "usher"), "This character selected you\nUsher"),
    "player_is": (("i", "p", "phantom"), "This player is\nPhantom"),
    "you_are_evil": (("i", "a", "e"), "You are\nEvil"),
    "you_are_a_character": (("i", "a", "sorelli"), "You are\nSorelli"),
    "demon": (("i", "i", "4", ""), "This is the Demon\n4 Dan"),
    "minions": (("i", "m", "3", "6", ""), "These are your Minions\n3 Cat\n6 Fay"),
    "bluffs": (("i", "c", "meg", "usher", "persian", ""), "These characters are not in play\nMeg\nUsher\nPersian"),
}
# Each card at each size, an app of its own, in make test-slow; make test makes a few, one after
# another, in one app at 80x24, where they must fit the tighter: several characters, then
# several seats (the free text and the info tokens have tests of their own below).
MADE_CASES = [pytest.param(made, size, id=f"{made}-{size[0]}x{size[1]}") for size in SIZES for made in MADE]
MADE_QUICKLY = ("characters", "minions")


async def make_card(pilot: Any, game: Any, made: str, size: tuple[int, int]) -> None:
    """Make the card ``made`` from the list at dusk, check it as shown and logged, and close it."""
    keys, words = MADE[made]
    table = pilot.app.screen
    await pilot.press("p")
    await answer(pilot, *keys)
    screen = pilot.app.screen
    assert isinstance(screen, PlayerCardScreen), (made, screen)
    assert screen.card.text().startswith(words), made
    shown = card_words(pilot.app)
    assert len(shown.splitlines()) <= size[1] - 2 and max(map(len, shown.splitlines())) <= size[0] - 4, made
    await pilot.press("escape")
    await settle(pilot)
    assert pilot.app.screen is table and game.prompt.step == "dusk", made
    logged = game.events[-1]  # the card, with its words as shown
    assert isinstance(logged, ev.CardShown) and "\n".join(logged.words).startswith(words), made


@pytest.mark.slow
@pytest.mark.parametrize(("made", "size"), MADE_CASES)
async def test_a_card_made_on_the_spot_from_the_list(made: str, size: tuple[int, int]) -> None:
    game = night_at("dusk")
    async with GrimoireApp(game=game).run_test(size=size) as pilot:
        await settle(pilot)
        await make_card(pilot, game, made, size)
        assert len(game.events) == 2  # the dusk, and the card


@pytest.mark.long  # some seconds: started first, so that it does not end the run alone
async def test_cards_made_on_the_spot_one_after_another_at_80x24() -> None:
    game = night_at("dusk")
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for made in MADE_QUICKLY:
            await make_card(pilot, game, made, (80, 24))
        assert len(game.events) == 1 + len(MADE_QUICKLY)


async def test_free_text_is_shown_as_typed_and_never_as_markup_or_control_characters() -> None:
    from textual.widgets import Input

    game = night_at("dusk")
    async with GrimoireApp(game=game).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await answer(pilot, "f", "[bold]x[/]y")
        screen = pilot.app.screen
        assert isinstance(screen, PlayerCardScreen) and screen.card.text() == "[bold]x[/]y"
        # c: another card, words pasted with control characters in them: left out
        await pilot.press("c")
        await opened(pilot)
        await type_text(pilot, "f")
        await pilot.press("enter")
        await opened(pilot)
        ask = pilot.app.screen
        assert isinstance(ask, AskText)
        ask.query_one(Input).value = "Red\x1b[31m\x07 alert\u202e"
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is screen and screen.card.text() == "Red[31m alert"
        assert "\x1b" not in card_words(pilot.app) and "\x07" not in card_words(pilot.app)
        # Escape at the second question keeps the card shown
        await pilot.press("c")
        await opened(pilot)
        await type_text(pilot, "i")
        await pilot.press("enter")
        await opened(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert pilot.app.screen is screen and screen.card.kind == "text"


async def test_escape_at_a_follow_up_question_shows_no_card() -> None:
    game = night_at("dusk")
    async with GrimoireApp(game=game).run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = pilot.app.screen
        for first in ("o", "s", "f", "i"):
            await pilot.press("p")
            await opened(pilot)
            await type_text(pilot, first)
            await pilot.press("enter")
            await opened(pilot)
            await pilot.press("escape")
            await settle(pilot)
            assert pilot.app.screen is table, first
