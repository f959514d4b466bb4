"""Pilot tests: the pass-and-play gates never show a secret to the wrong player."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Select, Static

from grimoire.games import persist
from grimoire.games.mummy import rules, save
from grimoire.games.mummy.accuse import AccusationScreen, WhispersScreen
from grimoire.games.mummy.deal import DealScreen
from grimoire.games.mummy.grid_screen import GridScreen
from grimoire.games.mummy.guests import GUESTS
from grimoire.games.mummy.modals import AskScreen, ConfirmScreen, SecretScreen
from grimoire.games.mummy.screen import MummyScreen
from grimoire.games.mummy.table import TableScreen
from grimoire.tui.app import GrimoireApp

from ..helpers import SIZE, opened, settle, write_autosave

NAMES = ("Alice", "Bob", "Cat", "Dan", "Eve")
GUEST_NAMES = [g.name for g in GUESTS]


def visible_text(screen: object) -> str:
    return "\n".join(str(w.render()) for w in screen.query(Static))  # type: ignore[attr-defined]


def phantom_game() -> rules.MasqueradeGame:
    """The seed's Phantom example; Alice (the Phantom) plays first."""
    dealt = ("phantom", "mummy", "sarcophagus", "archeologist", "cat_burglar")
    mystery = ("gargoyle", "sasquatch")
    setup = rules.MasqueradeSetup(NAMES, dealt + mystery, mystery, dealt)
    return rules.MasqueradeGame(setup, turn=0)


async def test_setup_deal_hides_each_card_before_the_next_name() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MummyScreen)
        await pilot.press("p", *"Alice, Bob, Cat, Dan", "enter", "r", "d")
        await pilot.pause()
        deal = app.screen
        assert isinstance(deal, DealScreen)
        for seat, name in enumerate(("Alice", "Bob", "Cat", "Dan")):
            gate = visible_text(deal)
            assert f"Pass the laptop to {name.upper()}" in gate
            assert not any(guest in gate for guest in GUEST_NAMES)
            await pilot.press("enter")
            shown = visible_text(deal)
            assert deal.game.guest(seat).name in shown
            await pilot.press("enter")  # hide it again
            after = visible_text(deal)
            assert not any(guest in after for guest in GUEST_NAMES), after
        await pilot.press("enter")
        await pilot.pause()
        assert "Who goes first?" in visible_text(app.screen)
        await pilot.press("down", "enter")  # Bob visited a museum most recently
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.game.turn == 1
        seats = str(table.query_one("#mummy-seats", Static).render())
        assert not any(guest in seats for guest in GUEST_NAMES)  # no seat shows its guest
        assert "▶2. Bob" in seats


@pytest.mark.slow
async def test_setup_refusal_quotes_the_seed() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p", *"Al, Bo, Cy, Di", "enter", "l", "d")
        await pilot.pause()
        assert isinstance(app.screen, MummyScreen)
        messages = [n.message for n in app._notifications]
        assert any("4 players: 6 guests" in m for m in messages)


async def open_table(pilot, app: GrimoireApp, game: rules.MasqueradeGame) -> TableScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    # The setup screen holds the game's autosave for the window: the table writes through it.
    table = TableScreen(game, random.Random(7), app.screen._saver)
    await app.push_screen(table)
    await pilot.pause()
    return table


async def test_accusation_shows_only_the_shuffled_whispers() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, phantom_game())
        await pilot.press("a", "enter", "enter")  # Alice accuses, reveals
        await pilot.pause()
        accuse = app.screen
        assert isinstance(accuse, AccusationScreen)
        # The Phantom's example, one card wrong: the Gargoyle in front of Cat.
        for seat, card in {1: "mummy", 2: "gargoyle", 3: "archeologist", 4: "cat_burglar"}.items():
            accuse.query_one(f"#card-{seat}", Select).value = card
        await pilot.press("ctrl+r")
        await pilot.pause()
        result = app.screen
        assert isinstance(result, WhispersScreen)
        whispers = str(result.query_one("#whispers", Static).render())
        assert sorted(whispers.split()) == ["NO", "YES", "YES", "YES"]
        text = visible_text(result)
        assert not any(name in text for name in NAMES[1:])  # no seat tied to a card
        await pilot.press("enter")
        assert table.game.revealed == {0} and table.game.winner is None


@pytest.mark.parametrize("size", [(80, 24), pytest.param(SIZE, marks=pytest.mark.slow)])
async def test_the_accusation_form_moves_one_player_at_a_time_and_the_log_keeps_the_cards(
    size: tuple[int, int],
) -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=size) as pilot:
        table = await open_table(pilot, app, phantom_game())
        await pilot.press("a", "enter", "enter")  # Alice accuses, reveals
        await pilot.pause()
        accuse = app.screen
        assert isinstance(accuse, AccusationScreen)
        # By keys, as the hint says: a card for each player, then Tab to the next one.
        for seat in (1, 2, 3, 4):
            assert accuse.focused is accuse.query_one(f"#card-{seat}", Select), seat
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press(*["down"] * seat, "enter")
            await pilot.pause()
            assert accuse.query_one(f"#card-{seat}", Select).value is not Select.NULL, seat
            assert accuse.focused is accuse.query_one(f"#card-{seat}", Select), seat  # not moved on yet
            await pilot.press("tab")
            await pilot.pause()
        placed = {seat: str(accuse.query_one(f"#card-{seat}", Select).value) for seat in (1, 2, 3, 4)}
        assert len(set(placed.values())) == 4
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, WhispersScreen)
        catalogue = table.game.catalogue
        said = " ".join(table.party.log)
        for seat, card in placed.items():
            assert f"{catalogue[card].name} in front of {NAMES[seat]}" in said


@pytest.mark.slow
async def test_accusation_refusal_keeps_the_screen() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, app, phantom_game())
        await pilot.press("a", "enter", "enter", "ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, AccusationScreen)
        assert any("in front of each player who has not yet been revealed" in n.message for n in app._notifications)


async def test_inquiry_answer_only_after_the_gate() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, app, phantom_game())
        # Alice (her turn) asks Bob (the Mummy): "are you The Mummy?"
        await pilot.press("i", "enter", "down", "enter")
        await pilot.pause()
        secret = app.screen
        assert isinstance(secret, SecretScreen)
        gate = visible_text(secret)
        assert "Pass the laptop to BOB" in gate and "Whisper" not in gate
        await pilot.press("enter")
        assert "You whisper NO" in visible_text(secret)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SecretScreen)  # the answer goes to Alice, alone
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@pytest.mark.slow  # DanceScreen: test_secrets.py's test_the_sarcophagus_notice_is_gone_…
async def test_sarcophagus_cannot_refuse_a_dance() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, phantom_game())
        # Alice asks Cat (the Sarcophagus); Alice confirms in private, Cat tries to refuse.
        await pilot.press("d", "down", "enter", "enter", "y", "enter", "r")
        await pilot.pause()
        assert "It must accept all dance requests." in visible_text(app.screen)  # Cat's screen only
        await pilot.press("a", "enter")  # accept; the dance screen opens behind its gate
        await pilot.pause()
        assert "Cat shows: the back of the card" in visible_text(app.screen)
        await pilot.press("escape")
        await pilot.pause()
        assert table.game.last_dance == rules.Dance((0, 2))


@pytest.mark.slow  # GridScreen: test_table.py's test_the_whole_grid_fits
async def test_grid_check_crosses_row_and_column() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, phantom_game())
        await pilot.press("g", "enter")  # Alice's grid
        await pilot.pause()
        grid_screen = app.screen
        assert isinstance(grid_screen, GridScreen)
        assert "grid" not in {w.id for w in grid_screen.query("*")}  # nothing before the gate
        await pilot.press("enter", "right", "o")  # Bob is the Mummy? column 2 = mummy
        grid = grid_screen.grid
        assert grid.at(0, 1) == "o"
        assert all(grid.at(0, c) == "x" for c in range(len(grid.columns)) if c != 1)
        assert all(grid.at(r, 1) == "x" for r in range(1, len(grid.rows)))
        await pilot.press("escape")
        await pilot.pause()
        assert table.grids[0].at(0, 1) == "o"


@pytest.mark.slow
async def test_every_footer_key_is_a_palette_command() -> None:
    from grimoire.games.mummy.commands import _commands

    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, phantom_game())
        names = " ".join(name for name, _, _ in _commands(table))
        for word in ("Inquire", "Dance", "Accuse", "My grid", "Guests & rules"):
            assert word in names


# --- autosave and resume ---------------------------------------------------------------------





async def deal_four(pilot) -> TableScreen:  # type: ignore[no-untyped-def]
    await pilot.press("p", *"Alice, Bob, Cat, Dan", "enter", "r", "d")
    await pilot.pause()
    await pilot.press(*["enter"] * 9)
    await pilot.pause()
    await pilot.press("enter")  # Alice goes first
    await pilot.pause()
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    return table


async def alice_asks_bob(pilot) -> None:  # type: ignore[no-untyped-def]
    """Alice asks Bob "are you <second guest>?"; Bob sees what to whisper, behind the gate,
    then Alice reads it behind hers."""
    await pilot.press("i", "enter", "down", "enter")
    await pilot.pause()
    await pilot.press("enter", "enter")
    await pilot.pause()
    await pilot.press("enter", "enter")
    await pilot.pause()


@pytest.mark.slow  # make test resumes in test_table.py (an older save)
async def test_close_the_app_then_resume_the_same_game() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = await deal_four(pilot)
        await alice_asks_bob(pilot)
        played = table.game
        assert played.last_inquiry is not None and played.last_inquiry.asker == 0
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert persist.load(save.KEY, save.FORMAT, save.from_dict).game == played

    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        ask = app.screen
        assert isinstance(ask, AskScreen)
        text = visible_text(ask)
        assert "Resume the game in progress (4 players (Alice, Bob, Cat, Dan), 0 of 4 revealed)" in text
        assert "Start a new one" in text
        assert not any(guest in text for guest in GUEST_NAMES)  # the deal stays secret
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.game == played
        seats = str(table.query_one("#mummy-seats", Static).render())
        assert not any(guest in seats for guest in GUEST_NAMES)
        # Play goes on: Bob (his turn now) accuses after revealing; the file follows.
        await pilot.press("a", "enter", "enter")
        await pilot.pause()
        await pilot.press("escape")  # withdraw: the card stays revealed
        await pilot.pause()
        assert table.game.revealed == {1}
        await settle(app)
        assert persist.load(save.KEY, save.FORMAT, save.from_dict).game.revealed == {1}


@pytest.mark.slow
async def test_start_a_new_one_then_end_it_on_purpose() -> None:
    persist.write(save.KEY, save.to_dict(save.Party(phantom_game())))
    before = persist.autosave_path(save.KEY).read_bytes()
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await settle(app)
        assert isinstance(app.screen, AskScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, MummyScreen)
        assert persist.autosave_path(save.KEY).read_bytes() == before  # untouched until a deal
        table = await deal_four(pilot)
        await settle(app)
        assert persist.load(save.KEY, save.FORMAT, save.from_dict).game == table.game
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # end it: the autosave goes
        await pilot.pause()
        await settle(app)
        assert isinstance(app.screen, MummyScreen)
    assert not persist.has_autosave(save.KEY)


@pytest.mark.slow
async def test_a_damaged_autosave_is_reported_and_left_untouched() -> None:
    good = save.to_dict(save.Party(phantom_game()))
    good["setup"]["dealt"] = ["phantom", "mummy", "nobody", "archeologist", "cat_burglar"]
    damaged = persist.dumps(save.KEY, good).encode()
    path = write_autosave(save.KEY, damaged)
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        text = visible_text(app.screen)
        assert "mummy.toml" in text and "bad content" in text and "left exactly as it is" in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MummyScreen)
        # Dealing a new game asks first; Esc keeps the file and deals nothing.
        await pilot.press("p", *"Alice, Bob, Cat, Dan", "enter", "r", "d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MummyScreen)
        await pilot.press("escape")
        await pilot.pause()
        await settle(app)
    assert path.read_bytes() == damaged
    assert not path.with_name("mummy.toml.bak").exists()


@pytest.mark.slow
async def test_a_confirmed_deal_replaces_a_damaged_autosave() -> None:
    path = write_autosave(save.KEY, b'game = "mummy"\nformat = 4\n')  # (3: a game played with phones)
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await settle(app)
        assert "newer Grimoire (format 4" in visible_text(app.screen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("p", *"Alice, Bob, Cat, Dan", "enter", "r", "d")
        await pilot.pause()
        await pilot.press("enter")  # yes, replace it
        await pilot.pause()
        await pilot.press(*["enter"] * 9)
        await pilot.pause()
        await settle(app)  # the new game's first save: the old file is its backup
        assert path.with_name("mummy.toml.bak").read_bytes() == b'game = "mummy"\nformat = 4\n'
        await pilot.press("enter")  # Alice goes first
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        await settle(app)
        assert persist.load(save.KEY, save.FORMAT, save.from_dict).game == table.game


@pytest.mark.slow  # a game played to its end
async def test_a_won_game_leaves_no_autosave() -> None:
    app = GrimoireApp(mode="mummy")
    async with app.run_test(size=SIZE) as pilot:
        table = await open_table(pilot, app, phantom_game())
        await settle(app)
        assert persist.has_autosave(save.KEY)
        table.game = rules.reveal(table.game, 0)
        await settle(app)
        assert persist.load(save.KEY, save.FORMAT, save.from_dict).game.revealed == {0}
        import attrs

        table.game = attrs.evolve(table.game, winner=0)
        await settle(app)
        assert not persist.has_autosave(save.KEY)
