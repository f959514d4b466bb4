"""Pilot tests: a table keeps a short Vampir Mau Mau game by keyboard alone."""

from __future__ import annotations

import pytest
from pilot_keys import type_text, until
from textual.geometry import Region
from textual.widgets import Input, OptionList

from grimoire.games import persist
from grimoire.games.maumau import characters, rules, save
from grimoire.games.maumau.modals import Ask, EnterCards, NewGame, PickColour, TextPanel
from grimoire.games.maumau.roster import RosterEditor
from grimoire.games.maumau.screen import MauMauScreen
from grimoire.tui.app import GrimoireApp
from grimoire.tui.widgets.keys import KeysFooter, footer_items

from ..helpers import SIZE, from_the_palette, opened, settle, write_autosave


@pytest.fixture(autouse=True)
def config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    return tmp_path


def messages(app) -> list[str]:
    return [n.message for n in app._notifications]


def screen_of(app) -> MauMauScreen:
    for screen in app.screen_stack:
        if isinstance(screen, MauMauScreen):
            return screen
    raise AssertionError("no Mau Mau screen")


async def new_game(pilot, names: str, deals: str) -> None:
    await pilot.press("n")
    await pilot.pause()
    await type_text(pilot, names)
    await pilot.press("tab", "backspace")
    await type_text(pilot, deals)
    await pilot.press("enter")
    await pilot.pause()


async def type_in(pilot, key: str, text: str) -> None:
    await pilot.press(key)
    await pilot.pause()
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


async def started(pilot, names: str, deals: str = "3") -> MauMauScreen:
    """The app just opened: a new game, its starting discard a red axe."""
    await opened(pilot)
    screen = screen_of(pilot.app)
    await new_game(pilot, names, deals)
    await type_in(pilot, "t", "red axe")
    return screen


async def end_deal(pilot, counts: list[str]) -> None:
    """Hand counts in seat order ("" for the ender); the ender is the last player to play."""
    await pilot.press("e")
    await pilot.pause()
    for count in counts:
        await type_text(pilot, count)
        await pilot.press("tab")
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.slow  # a whole game: its screens keep quicker tests
@pytest.mark.long
async def test_a_short_game_by_keyboard():
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await new_game(pilot, "Sara, Luigi, Mario", "2")
        game = screen.game
        assert game is not None and game.players == ("Sara", "Luigi", "Mario")
        assert game.deals_planned == 2 and game.deal.turn == 1  # left of the dealer Sara

        await type_in(pilot, "t", "clock, red tombstone")
        assert str(screen.game.deal.top) == "red tombstone"
        await type_in(pilot, "p", "b tombstone")  # Luigi
        assert str(screen.game.deal.top) == "blue tombstone"

        before = screen.game
        await type_in(pilot, "p", "g axe")  # Mario: neither colour nor symbol
        assert screen.game is before
        assert any("same colour or the same symbol" in m for m in messages(app))
        await pilot.press("escape")  # the prompt stayed open for a correction; give up
        await pilot.pause()
        assert app.screen is screen

        await pilot.press("c")  # Mario plays a Clock
        await pilot.press("w")  # Sara: a Werewolf …
        await pilot.pause()
        await pilot.press("2")  # … on Luigi's Character
        await pilot.pause()
        deal = screen.game.deal
        assert (deal.clocks, deal.werewolf_on, deal.turn) == (1, 1, 1)
        await pilot.press("k")
        await pilot.pause()
        assert any("you may wish for a colour" in m for m in messages(app))

        # Luigi empties his hand; Sara holds 3, Mario 5.
        await pilot.press("d", "d", "d", "d")  # Luigi draws and passes, Mario too; Sara on turn
        await pilot.press("o")  # the table says Luigi again
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        await type_in(pilot, "p", "blue spider")
        await end_deal(pilot, ["3", "", "5"])
        game = screen.game
        assert game.results[-1].scores == (5, 10, 3)
        assert game.deal.number == 2 and game.deal.dealer == 1 and game.deal.turn == 2
        text = str(app.screen.query_one("#mm-deal-body").render())
        assert "Deal 2 of 2" in text and "DAY" in text

        # Deal 2: Mario ends by an ability with Sara 1, Luigi 0? No: Luigi holds 2.
        await type_in(pilot, "t", "purple nail")
        await type_in(pilot, "p", "purple meat")  # Mario
        await end_deal(pilot, ["1", "2", ""])
        game = screen.game
        assert game.over and game.totals == (7, 11, 8)
        assert "Luigi wins with 11 points" in game.log[-1]

        await pilot.press("s")
        await pilot.pause()
        sheet = str(app.screen.query_one("Static").render()) + str(
            app.screen.query("Static").last().render()
        )
        assert "Score sheet" in sheet or "scores" in sheet.lower()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen

        assert logged(screen) == " ".join(screen.game.log).split()  # written a line or two at a time
        await pilot.press("u")  # undo the last deal's end: the deal is open again
        await pilot.pause()
        assert not screen.game.over and len(screen.game.results) == 1
        assert logged(screen) == " ".join(screen.game.log).split()  # as it was, without the end


async def test_the_last_clock_lets_its_player_wish_for_a_colour():
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await new_game(pilot, "Ann, Ben", "3")
        await type_in(pilot, "t", "red axe")
        await pilot.press("c", "c")  # the second Clock of two: Night, and its player wishes
        await pilot.pause()
        wisher = screen.game.deal.wish_by
        assert wisher is not None
        await pilot.press("k")
        await until(pilot, lambda: isinstance(app.screen, PickColour), "the colours to wish for")
        await pilot.press("g")
        await pilot.pause()
        assert app.screen is screen
        assert screen.game.deal.wish == "green" and screen.game.deal.wish_by is None
        assert screen.game.log[-1] == f"{screen.game.players[wisher]} wishes for green."


def logged(screen) -> list[str]:  # type: ignore[no-untyped-def]
    """The words the log panel shows, in order (a long line wraps)."""
    return " ".join(strip.text for strip in screen.query_one("#mm-log").lines).split()


@pytest.mark.slow  # EndDealForm: test_counted_hands_prompt_…; the refusals: test_maumau_rules.py
async def test_refusals_keep_the_state_and_quote_the_seed():
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await new_game(pilot, "Mario, Sara", "3")
        await type_in(pilot, "t", "red axe")
        for card in ("red meat", "red nail", "red spider", "red coffin", "red skull", "red stake"):
            await type_in(pilot, "p", card)  # Sara, Mario, … : Sara plays 3 cards
        await pilot.press("c")  # Sara plays a Clock as her last card …
        await pilot.press("e")  # … and claims the deal
        await pilot.pause()
        assert isinstance(app.screen, Ask)  # refused, with the 2 penalty cards to log
        body = str(app.screen.query_one("#mm-ask-body").render())
        assert "cannot end a deal by playing a Special card" in body
        await pilot.press("enter")
        await pilot.pause()
        assert screen.game.results == () and screen.game.deal is not None
        assert screen.game.log[-1] == (
            "Sara played a Special card as the last card: draws 2 penalty cards; the deal does "
            "not end."
        )
        # A wrong count is refused in the form, which stays open for a correction.
        await type_in(pilot, "p", "red meat")  # Mario
        await end_deal(pilot, ["", "0"])  # Mario ends; Sara cannot have 0 cards as well
        assert any("Sara holds 0 cards too" in m for m in messages(app))
        assert isinstance(app.screen.query_one("#mm-ender"), Input)
        await pilot.press("escape")
        await pilot.pause()
        assert screen.game.results == ()


@pytest.mark.slow
async def test_every_key_is_in_the_footer_and_the_palette():
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await new_game(pilot, "Ann, Ben", "3")
        await type_in(pilot, "t", "red axe")
        active = {b.binding.action: b for b in screen.active_bindings.values()}
        for binding in MauMauScreen.BINDINGS:
            assert binding.id and binding.tooltip and binding.description
            if binding.action in ("hands", "pass_turn"):  # counted hands; once drawn
                assert binding.action not in active
                continue
            assert binding.show and active[binding.action].enabled, binding.action
        await pilot.press("d")
        await pilot.pause()
        active = {b.binding.action: b for b in screen.active_bindings.values()}
        assert active["pass_turn"].enabled and "draw" not in active

        await from_the_palette(pilot, "plays a clock")  # matched through the tooltip too
        await until(pilot, lambda: screen.game.deal.clocks == 1, "the clock played")


@pytest.mark.slow  # RosterEditor: test_the_roster_shows_abilities_and_its_own_keys
async def test_roster_is_entered_once_and_saved(config_home):
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("r")
        await pilot.pause()
        for text in ["Countess", "5", "meat, axe", "nail", "blue"]:
            await type_text(pilot, text)
            await pilot.press("tab")
        await pilot.press("shift+tab", "enter")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert [c.name for c in screen._roster] == ["Countess"]
    saved = characters.load(characters.default_path())
    assert saved[0].day_symbols == ("meat", "axe") and saved[0].vampire_colour == "blue"


@pytest.mark.slow
async def test_penalty_and_leaving_mid_game_keeps_the_game():
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await new_game(pilot, "Ann, Ben", "3")
        await type_in(pilot, "t", "red axe")
        for card in ("red meat", "red nail", "red spider", "red coffin", "red skull", "red stake",
                     "red tombstone"):
            await type_in(pilot, "p", card)  # Ben, Ann, … : Ben plays 4 cards
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("2")  # Ben …
        await pilot.pause()
        await pilot.press("2")  # … forgot "Mau Mau"
        await pilot.pause()
        assert "Ben forgot \"Mau Mau\": draws 2 penalty cards" in screen.game.log[-1]
        assert not screen.game.over

        await pilot.press("escape")  # asks first (test_escape_asks.py), Enter leaves
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen not in app.screen_stack
        assert any("The game is saved" in m for m in messages(app))
        await app.workers.wait_for_complete()
    assert persist.load(save.KEY, save.FORMAT, save.from_dict).log[-1].startswith("Ben forgot")






@pytest.mark.slow  # make test resumes in tests/games/test_undo_after_resume.py
async def test_close_the_app_then_resume_the_same_game():
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await new_game(pilot, "Sara, Luigi, Mario", "3")
        await type_in(pilot, "t", "red tombstone")
        await type_in(pilot, "p", "b tombstone")
        await pilot.press("c", "d")
        await pilot.pause()
        played = screen.game
        assert played.deal.clocks == 1
        await pilot.press("ctrl+q")  # quitting waits for the last autosave
        await pilot.pause()
    assert persist.has_autosave(save.KEY)

    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, Ask)
        text = str(app.screen.query_one("#mm-ask-body").render())
        assert "Resume the game in progress (Sara, Luigi, Mario; deal 1 of 3)" in text
        assert "Start a new one" in text
        await pilot.press("enter")
        await pilot.pause()
        screen = screen_of(app)
        assert app.screen is screen
        assert screen.game == played
        await type_in(pilot, "p", "r tombstone")  # play goes on from where it stopped
        assert str(screen.game.deal.top) == "red tombstone"


async def test_start_a_new_one_instead(grimoire_home):
    persist.write(save.KEY, save.to_dict(rules_game()))
    before = persist.autosave_path(save.KEY).read_bytes()
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, Ask)
        await pilot.press("n")  # the new-game form opens; the old file waits
        await pilot.pause()
        assert persist.autosave_path(save.KEY).read_bytes() == before
        await type_text(pilot, "Ann, Ben")
        await pilot.press("tab", "backspace", "1", "enter")
        await pilot.pause()
        await settle(app)
        assert screen_of(app).game.players == ("Ann", "Ben")
    assert persist.load(save.KEY, save.FORMAT, save.from_dict).players == ("Ann", "Ben")


def rules_game():
    from grimoire.games.maumau import rules

    return rules.new_game(["Old", "Game"], 3)


async def test_a_damaged_autosave_is_reported_and_left_untouched():
    damaged = b'game = "maumau"\nformat = 1\nplayers = ["Sara", "Lu'
    path = write_autosave(save.KEY, damaged)
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, TextPanel)
        shown = str(app.screen.query("Static").last().render())
        assert "maumau.toml" in shown and "not TOML" in shown and "left exactly as it is" in shown
        await pilot.press("escape")
        await pilot.pause()
        screen = screen_of(app)
        assert screen.game is None
        # Starting a new game asks first; declining keeps the file and starts nothing.
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, Ask)
        await pilot.press("n")
        await pilot.pause()
        assert screen.game is None
        await pilot.press("escape")  # back to the menu
        await pilot.pause()
        await settle(app)
    assert path.read_bytes() == damaged
    assert not path.with_name("maumau.toml.bak").exists()


@pytest.mark.slow
async def test_a_confirmed_new_game_replaces_a_damaged_autosave():
    path = write_autosave(save.KEY, b"format = 99\n")
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        await pilot.press("escape", "n")
        await pilot.pause()
        await pilot.press("enter")  # yes, replace it
        await pilot.pause()
        await new_game_form(pilot, "Ann, Ben", "2")
        await settle(app)
        assert screen_of(app).game.players == ("Ann", "Ben")
    assert persist.load(save.KEY, save.FORMAT, save.from_dict).players == ("Ann", "Ben")
    assert path.with_name("maumau.toml.bak").read_bytes() == b"format = 99\n"


async def new_game_form(pilot, names: str, deals: str) -> None:
    await type_text(pilot, names)
    await pilot.press("tab", "backspace")
    await type_text(pilot, deals)
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.slow  # a game played to its end
async def test_a_finished_game_leaves_no_autosave():
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await new_game(pilot, "Ann, Ben", "1")
        await type_in(pilot, "t", "red axe")
        await settle(app)
        assert persist.has_autosave(save.KEY)
        await type_in(pilot, "p", "red meat")  # Ben
        await end_deal(pilot, ["3", ""])
        assert screen_of(app).game.over
        await settle(app)
        assert not persist.has_autosave(save.KEY)


ROSTER_TOML = """
[[character]]
name = "Countess"
ability = 7
day_symbols = ["tombstone", "spider"]
vampire_symbol = "nail"
vampire_colour = "blue"

[[character]]
name = "Igor"
ability = 8
day_symbols = ["axe", "meat"]
vampire_symbol = "skull"
vampire_colour = "red"
"""


def write_roster(config_home) -> None:
    path = characters.default_path()  # the test's own home (GRIMOIRE_HOME)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(ROSTER_TOML, encoding="utf-8")


async def on_turn(pilot, seat: int) -> None:
    await pilot.press("o")
    await pilot.pause()
    await pilot.press(str(seat + 1))
    await pilot.pause()


@pytest.mark.slow
async def test_set_aside_only_for_the_set_aside_ability_once_per_card(config_home):
    write_roster(config_home)
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        screen = screen_of(app)
        await new_game(pilot, "Mario, Sara", "3")  # Characters dealt at random from the roster
        await type_in(pilot, "t", "red axe")
        game = screen.game
        countess, igor = game.characters.index("Countess"), game.characters.index("Igor")

        await on_turn(pilot, countess)
        await type_in(pilot, "p", "red skull")
        await pilot.press("a")
        await pilot.pause()
        assert any("Countess's Human ability is number 7" in m for m in messages(app))
        assert screen.game.deal.set_aside == 0
        assert not any("sets aside" in line for line in screen.game.log)

        await on_turn(pilot, igor)
        await type_in(pilot, "p", "red axe")
        await pilot.press("a", "a")
        await pilot.pause()
        assert screen.game.deal.set_aside == 2
        assert any("already set aside cards for this red axe" in m for m in messages(app))
        await pilot.press("x")  # Igor cannot swap either: refused before asking with whom
        await pilot.pause()
        assert app.screen is screen
        assert any("Igor's Human ability is number 8" in m for m in messages(app))


def shown(widget) -> str:
    """The words a widget shows on screen, wrapped lines joined."""
    gutter = widget.styles.gutter
    region = Region(0, 0, widget.size.width + gutter.width, widget.size.height + gutter.height)
    lines = widget.render_lines(region)
    return " ".join(" ".join(line.text for line in lines).split())


def table_text(screen: MauMauScreen) -> str:
    return shown(screen.query_one("#mm-table-body"))


@pytest.mark.slow
@pytest.mark.parametrize("size, full", [((80, 24), False), ((140, 45), True)])
async def test_each_characters_ability_is_shown_on_the_table(config_home, size, full):
    write_roster(config_home)
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        screen = screen_of(app)
        await new_game(pilot, "Mario, Sara", "3")
        await type_in(pilot, "t", "red axe")
        text = table_text(screen)
        assert "Countess (tombstone, spider)" in text and "Igor (axe, meat)" in text
        if full:  # the seed's whole text, as each player reads it aloud
            assert rules.HUMAN_ABILITIES[6] in text and rules.HUMAN_ABILITIES[7] in text
        else:
            assert rules.ABILITY_GISTS[6] in text and rules.ABILITY_GISTS[7] in text
        table = screen.query_one("#mm-table")
        assert table.max_scroll_y == 0  # it fits
        await pilot.press("c", "c")  # two Clocks: Night, and the Vampires' abilities
        await pilot.pause()
        assert "skull: the player to your left draws 2 · red: you may give 1 card" in (
            table_text(screen)
        )


async def test_the_roster_shows_abilities_and_its_own_keys(config_home):
    write_roster(config_home)
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("r")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, RosterEditor)
        keys = {item.description for item in footer_items(editor)[0]}
        assert "Save roster" in keys and "Close" in keys and "New" not in keys
        footer = editor.query_one(KeysFooter)
        assert footer.region.y == 23  # drawn over the table's footer
        entries = editor.query_one("#mm-roster", OptionList)
        assert rules.ABILITY_GISTS[7] in str(entries.get_option_at_index(1).prompt)
        await pilot.press("tab", "8")
        await pilot.pause()
        assert shown(editor.query_one("#mm-ability-text")) == rules.HUMAN_ABILITIES[7]


def test_the_characters_file_names_the_roster_key():
    comment = characters.PACKAGED.read_text(encoding="utf-8")
    roster_key = next(b.key for b in MauMauScreen.BINDINGS if b.action == "roster")
    assert f"in the app (key {roster_key})" in comment


async def test_counted_hands_prompt_for_mau_and_fill_in_the_end_of_the_deal():
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        screen = screen_of(app)
        await pilot.press("n")
        await pilot.pause()
        await type_text(pilot, "Ann, Ben")
        await pilot.press("tab", "backspace", "1")
        for _ in range(4):  # to the last box: count each hand
            await pilot.press("tab")
        await pilot.press("space", "enter")
        await pilot.pause()
        assert screen.game.track_hands and screen.game.deal.hands == (8, 8)
        await type_in(pilot, "t", "red axe")
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("2")  # Ben …
        await pilot.pause()
        await pilot.press("1")  # … forgot "Mau"? He holds all 8 cards dealt
        await pilot.pause()
        assert screen.game.deal.hands == (8, 8) and screen.game.log[-1] == "Starting discard: red axe."
        assert messages(app)[-1].startswith("Ben holds 8 cards by the app's count, not 1 card")
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("2")  # Ben's hand …
        await pilot.pause()
        await pilot.press("backspace", "2", "enter")  # … after an ability: 2 cards
        await pilot.pause()
        assert screen.game.deal.hands == (8, 2)
        assert "Hands Ann 8 · Ben 2" in shown(screen.query_one("#mm-deal-body"))
        await type_in(pilot, "p", "red meat")  # Ben: 1 card left
        assert messages(app)[-1] == 'Mau! Ben holds 1 card: did Ben say "Mau"? (m: 1 penalty card)'
        await type_in(pilot, "p", "red nail")  # Ann
        await pilot.press("o")  # Ben again
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        await type_in(pilot, "p", "red spider")
        assert messages(app)[-1].startswith("Mau Mau! Ben has played the last card")
        await pilot.press("e")
        await pilot.pause()
        assert app.screen.query_one("#mm-count-0", Input).value == "7"  # from the count
        await pilot.press("enter")
        await pilot.pause()
        assert screen.game.over and screen.game.results[-1].counts == (7, 0)


async def test_d_draws_then_the_card_just_drawn_is_played_or_d_passes():
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await started(pilot, "Ann, Ben, Cy")  # Ben on turn, a red axe on top
        await pilot.press("d")
        await pilot.pause()
        deal = screen.game.deal
        assert deal.turn == 1 and deal.drawn and deal.top == rules.mau("red", "axe")
        assert "Ben has drawn: p (c, w) plays the card drawn if it fits · d passes" in shown(screen.query_one("#mm-deal-body"))
        assert {i.key: i.description for i in footer_items(screen)[0]}["d"] == "Pass"
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, EnterCards)
        assert "Ben plays the card just drawn" in str(app.screen.query_one(".mm-title").render())
        await type_text(pilot, "blue axe")
        await pilot.press("enter")
        await pilot.pause()
        assert str(screen.game.deal.top) == "blue axe" and screen.game.deal.turn == 2
        assert {i.key: i.description for i in footer_items(screen)[0]}["d"] == "Draw"
        await pilot.press("d", "d")  # Cy draws, and keeps it
        await pilot.pause()
        assert screen.game.deal.turn == 0 and not screen.game.deal.drawn
        assert screen.game.log[-1] == "Cy keeps the card drawn; Ann's turn."


async def test_a_refused_new_game_keeps_what_was_typed():
    app = GrimoireApp(mode="maumau")
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        screen = screen_of(app)
        await pilot.press("n")
        await pilot.pause()
        await type_text(pilot, "Sara, Luigi, sara")
        await pilot.press("tab", "backspace")
        await type_text(pilot, "7")
        await pilot.press("enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGame) and screen.game is None
        assert any("Two players share a name" in m for m in messages(app))
        assert form.query_one("#mm-players", Input).value == "Sara, Luigi, sara"
        assert form.query_one("#mm-deals", Input).value == "7"
        await pilot.press("shift+tab", "end", *["backspace"] * 4)
        await type_text(pilot, "Mario")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
        assert screen.game.players == ("Sara", "Luigi", "Mario") and screen.game.deals_planned == 7
