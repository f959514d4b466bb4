"""Vampir Mau Mau: the table keeper's screen. The app never sees a hand, only the table."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Header, RichLog, Static

from grimoire.core.freetext import printable
from grimoire.games import persist
from grimoire.games.autosave_screen import AutosaveScreen
from grimoire.games.maumau import characters, rules, save
from grimoire.games.maumau.commands import MauMauCommands
from grimoire.games.maumau.modals import (
    Ask,
    AskCount,
    EndDealForm,
    EnterCards,
    NewGame,
    PickColour,
    PickPlayer,
    Setup,
    TextPanel,
)
from grimoire.games.maumau.roster import RosterEditor
from grimoire.games.maumau.rules import Action, CharacterDef, Game, RuleError
from grimoire.games.maumau.view import deal_view, score_sheet, table_view
from grimoire.tui.guard import ASK, Guarded, asks
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter


def _b(key: str, action: str, description: str, tooltip: str, **kw: Any) -> Binding:
    return Binding(key, action, description, id=f"maumau.{action}", tooltip=tooltip, **kw)


ROOMY = (120, 40)  # columns, rows
PENALTY_KINDS: tuple[rules.PenaltyKind, ...] = ("mau", "maumau", "special")

# Actions that need a deal in progress; the rest work with no game or a finished one.
DEAL_ACTIONS = {
    "start_discard", "play", "clock", "werewolf", "wish", "draw", "pass_turn", "set_aside",
    "swap", "penalty", "end_deal", "set_turn", "hands",
}


class MauMauScreen(Guarded, AutosaveScreen, Screen[None]):
    TITLE = "Vampir Mau Mau"
    SUB_TITLE = "table keeper and scorer"
    CSS_PATH = "maumau.tcss"
    COMMANDS = {MauMauCommands}
    SAVE = save
    GAME_TITLE = "Vampir Mau Mau"
    CHANGES_GAME = frozenset(DEAL_ACTIONS | {"new_game", "undo"})  # refused while watching
    BINDINGS = [
        _b("n", "new_game", "New", "Start a new game: players, deals, house rules"),
        _b("t", "start_discard", "Start", "Log the starting discard (Specials are skipped)"),
        _b("p", "play", "Play", "Log the Mau Mau card the player on turn plays"),
        _b("c", "clock", "Clock", "The player on turn plays a Clock (Day/Night flips at N)"),
        _b("w", "werewolf", "Wolf", "The player on turn plays a Werewolf onto a Character"),
        _b("k", "wish", "Wish", "Wish for a colour (after a Special card was discarded)"),
        # d draws, then (the same key) passes: "you may play the card you have just drawn"
        # (p, c or w) or keep it. One of the two is on offer at a time.
        _b("d", "draw", "Draw", "The player on turn draws instead of playing, then may play the "
           "card just drawn"),
        _b("d", "pass_turn", "Pass", "The player on turn keeps the card just drawn; the turn "
           "passes"),
        _b("a", "set_aside", "Aside", "The set-aside ability: +2 cards beside Day/Night"),
        _b("x", "swap", "Swap", "The swap ability: trade Characters with an opponent"),
        _b("m", "penalty", "Mau!", 'Someone forgot "Mau" (1 card) or "Mau Mau" (2 cards)'),
        _b("e", "end_deal", "End", "Someone emptied their hand: enter the hand counts"),
        _b("o", "set_turn", "Turn", "Say whose turn it is (another turn, a skipped seat)"),
        _b("h", "hands", "Hands", "Correct a counted hand (an ability gave or drew cards)"),
        _b("s", "scores", "Scores", "The score sheet across deals, with a bar chart"),
        _b("u", "undo", "Undo", "Take back the last logged action"),
        _b("r", "roster", "Roster", "Set up the group's Characters (symbols, ability, colour)"),
        _b("question_mark", "rules", "Rules", "The seed's rules in short", key_display="?"),
        _b("escape", "back", "Menu", "Back to Grimoire's start screen"),
    ]

    game: var[Game | None] = var(None, bindings=True)

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__()
        self._rng = rng or random.Random()
        self._history: list[Game | None] = []
        self._roster: tuple[CharacterDef, ...] = ()
        self._logged: tuple[str, ...] = ()  # the game's log lines the log panel shows
        self._saver = self.new_saver()
        self._unreadable: str | None = None  # the autosave's problem, while it is left alone

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="mm-top"):
            with VerticalScroll(id="mm-table", classes="mm-panel") as table:
                table.border_title = "Table"
                yield Static(id="mm-table-body")
            with VerticalScroll(id="mm-deal", classes="mm-panel") as deal:
                deal.border_title = "This deal"
                yield Static(id="mm-deal-body")
        with Horizontal(id="mm-bottom"):
            # min_width=1: wrap to the panel (the default 78 cuts lines at 80 columns).
            log = RichLog(id="mm-log", classes="mm-panel", wrap=True, markup=False, min_width=1)
            log.border_title = "Log"
            yield log
            with Vertical(id="mm-scores", classes="mm-panel") as scores:
                scores.border_title = "Scores"
                yield Static(id="mm-scores-body")
        yield KeysFooter()

    def on_resize(self, event: events.Resize) -> None:
        # Room for each Character's whole ability text, as the seed has it read aloud.
        roomy = event.size.width >= ROOMY[0] and event.size.height >= ROOMY[1]
        if roomy != self.has_class("-roomy"):
            self.set_class(roomy, "-roomy")
            self._refresh_view()

    def on_mount(self) -> None:
        self._load_roster()
        self._refresh_view()
        self.hold_autosave(self._read_autosave)

    # ------------------------------------------------------------------ autosave

    @work(thread=True, exclusive=True, group="autosave-read")
    def _read_autosave(self) -> None:
        if not persist.has_autosave(save.KEY):
            return
        try:
            saved = persist.load_saved(save.AUTOSAVE)
        except persist.GameSaveError as err:
            self.app.call_from_thread(self._autosave_unreadable, err)
            return
        self.app.call_from_thread(self._offer_resume, saved)

    @work(group=ASK)  # never refused, and other questions wait for it
    async def _offer_resume(self, saved: persist.Autosaved) -> None:
        game: Game = saved.state
        if self.read_only:  # watching: the game as saved, no question
            self.show_watched(game)
            return
        resume = await self.app.push_screen_wait(
            Ask(
                "A game is in progress",
                f"[b]Enter[/]  Resume the game in progress ({esc(save.summary(game))})\n"
                "[b]n[/]      Start a new one",
            )
        )
        if resume:
            self._history = list(saved.undo)  # undo goes on where it was
            self.game = game
            self.notify("Game resumed.", title="Vampir Mau Mau")
        elif resume is False:
            self.action_new_game()

    def show_watched(self, state: Game) -> None:
        self._history.clear()
        self.game = state

    def _autosave_unreadable(self, err: persist.GameSaveError) -> None:
        # Leave the file exactly as it is: nothing is written over it until the user starts a
        # new game and confirms.
        self._saver.blocked = True
        self._unreadable = str(err)
        self.app.push_screen(
            TextPanel(
                "The autosave cannot be read",
                f"{esc(str(err))}\n\nThe file is left exactly as it is. A new game replaces "
                "it only when you start one (n) and confirm.",
            )
        )

    def _autosave(self) -> None:
        game = self.game
        if game is None:
            return  # undone back to no game: the file stays as it was
        self.save_state(game, finished=game.over, undo=tuple(g for g in self._history if g is not None))

    @work(thread=True, exclusive=True, group="roster-io")
    def _load_roster(self) -> None:
        try:
            roster = characters.load()
        except RuleError as err:
            self.app.call_from_thread(
                self.notify, str(err), title="Characters file", severity="error"
            )
            return
        self.app.call_from_thread(self._set_roster, roster)

    @work(thread=True, exclusive=True, group="roster-io")
    def _save_roster(self, roster: tuple[CharacterDef, ...]) -> None:
        try:
            path = characters.save(roster)
        except (OSError, RuleError) as err:
            self.app.call_from_thread(self.notify, str(err), title="Not saved", severity="error")
            return
        self.app.call_from_thread(self.notify, f"{len(roster)} Characters saved to {path}")

    def _set_roster(self, roster: tuple[CharacterDef, ...]) -> None:
        self._roster = roster
        self._refresh_view()

    @property
    def roster(self) -> dict[str, CharacterDef]:
        return characters.as_roster(self._roster)

    def watch_game(self) -> None:
        self._refresh_view()
        self._autosave()

    def _refresh_view(self) -> None:
        if not self.is_mounted:
            return
        game = self.game
        self._show_log(() if game is None else tuple(game.log))
        if game is None:
            configured = len(self._roster)
            self.query_one("#mm-table-body", Static).update(
                "No game yet.\n\n[b]n[/] starts one: the players clockwise, the number of "
                "deals (3, 5, 7 or any), whether Characters pass left.\n\n"
                f"[b]r[/] sets up the group's Characters ({configured} of 8 so far). Which "
                "Character has which symbols is on the cards, so Grimoire asks once and never "
                "guesses; without them the table is still kept and scored, only the ability "
                "hints are off."
            )
            self.query_one("#mm-deal-body", Static).update(
                "The deal at a glance — Day or Night, Clocks n of N, the Werewolf, the open "
                "wish, the top card — appears here."
            )
            self.query_one("#mm-scores-body", Static).update("")
            return
        self.query_one("#mm-table-body", Static).update(
            table_view(game, self.roster, full=self.has_class("-roomy"))
        )
        self.query_one("#mm-deal-body", Static).update(deal_view(game))
        self.query_one("#mm-scores-body", Static).update(score_sheet(game))

    def _show_log(self, lines: tuple[str, ...]) -> None:
        # The log grows a line or two at each change: only those are written (the whole log
        # again only after an undo or a new game), not every line at every key.
        log = self.query_one("#mm-log", RichLog)
        shown = self._logged
        if lines[: len(shown)] == shown:
            new = lines[len(shown):]
        else:
            log.clear()
            new = lines
        for line in new:
            log.write(printable(line))
        self._logged = lines

    # ------------------------------------------------------------------ state changes

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in DEAL_ACTIONS:
            if self.game is None:
                return False
            if action == "hands" and not self.game.track_hands:
                return False  # this table does not count hands
            if action in {"draw", "pass_turn"} and self.game.deal is not None:
                # d draws, and once drawn passes (the key's other meaning is not shown)
                if self.game.deal.drawn != (action == "pass_turn"):
                    return False
            return None if self.game.over else True
        if action in {"scores", "undo"} and self.game is None:
            return None
        return True

    def log_action(self, action: Action) -> bool:
        """Apply a rules action; on a refusal say why (the rule quoted) and keep the state."""
        game = self.game
        if game is None:
            return False
        try:
            new = rules.apply(game, action, self.roster)
        except RuleError as err:
            self.notify(str(err), title="Not allowed", severity="error", timeout=10)
            return False
        self._commit(new)
        extra = new.log[len(game.log) + 1 :]
        if extra:
            self.notify("\n".join(extra), title="Table", timeout=8)
        for call in rules.hand_calls(game, new):
            self.notify(call, title="By the count", severity="warning", timeout=10)
        return True

    def _commit(self, new: Game | None) -> None:
        self._history.append(self.game)
        del self._history[: -persist.UNDO_KEPT]
        self.game = new

    def _who(self) -> str:
        game = self.game
        assert game is not None and game.deal is not None
        return game.players[game.deal.turn]

    def _seat_notes(self) -> list[str]:
        game = self.game
        assert game is not None
        notes = []
        for seat, char in enumerate(game.characters):
            note = char or ""
            if game.deal is not None and game.deal.werewolf_on == seat:
                note += " (Werewolf on it)"
            notes.append(note)
        return notes

    def _symbols(self) -> list[str]:
        seen = {s for c in self._roster for s in (*c.day_symbols, c.vampire_symbol)}
        game = self.game
        if game is not None and game.deal is not None and game.deal.top is not None:
            seen.add(game.deal.top.symbol or "")
        return sorted((seen | set(rules.SEED_SYMBOLS)) - {""})

    async def _pick_player(self, title: str, start: int) -> int | None:
        game = self.game
        assert game is not None
        return await self.app.push_screen_wait(
            PickPlayer(title, game.players, start=start, notes=self._seat_notes())
        )

    # ------------------------------------------------------------------ actions

    @asks
    async def action_new_game(self) -> None:
        game = self.game
        if game is not None and not game.over and not await self.app.push_screen_wait(
            Ask(
                "A game is in progress",
                f"{esc(save.summary(game))}\n\n[b]Enter[/]  Start a new game instead (u brings this "
                "one back)\n[b]n / Esc[/]  Keep playing this one",
            )
        ):
            return
        if self._saver.blocked and not await self.app.push_screen_wait(
            Ask(
                "Replace the unreadable autosave?",
                f"{esc(self._unreadable or '')}\n\n[b]Enter[/]  Start a new game; its autosave "
                "replaces that file\n[b]n / Esc[/]  Keep the file as it is; no new game",
            )
        ):
            return
        # A refused setup keeps the form open with what was typed (NewGame says why).
        started = await self.app.push_screen_wait(NewGame(len(self._roster), self._game_of))
        if started is None:
            return
        self._saver.blocked = False  # the user confirmed replacing an unreadable autosave
        self._unreadable = None
        self._commit(started)
        self.notify("Now log the starting discard with t.", title="Game started")

    def _game_of(self, setup: Setup) -> Game:
        """The game the new-game form's choices make, or a RuleError saying why not."""
        chars: Sequence[str | None] | None = None
        if setup.random_characters:
            chars = rules.random_characters(
                [c.name for c in self._roster], len(setup.players), self._rng
            )
        return rules.new_game(
            setup.players,
            setup.deals,
            rotate_characters=setup.rotate,
            keep_day_night=setup.keep_day_night,
            two_copies=setup.two_copies,
            track_hands=setup.track_hands,
            characters=chars,
        )

    @asks
    async def action_start_discard(self) -> None:
        cards = await self.app.push_screen_wait(
            EnterCards("Starting discard: the cards drawn, in order", self._symbols(), many=True)
        )
        if cards:
            self.log_action(rules.StartDiscard(cards))

    @asks
    async def action_play(self) -> None:
        game = self.game
        assert game is not None and game.deal is not None
        deal = game.deal
        title = (f"{self._who()} plays the card just drawn…" if deal.drawn
                 else f"{self._who()} plays…")
        cards = await self.app.push_screen_wait(
            EnterCards(
                title,
                self._symbols(),
                check=lambda card: rules.legal_play_problem(deal, card),
            )
        )
        if not cards:
            return
        await self._play(cards[0])

    async def _play(self, card: rules.Card) -> None:
        target = None
        if card.kind == "werewolf":
            game = self.game
            assert game is not None and game.deal is not None
            target = await self._pick_player(
                f"{self._who()} puts the Werewolf on whose Character?", game.deal.turn
            )
            if target is None:
                return
        self.log_action(rules.Play(card, target))

    def action_clock(self) -> None:
        self.log_action(rules.Play(rules.CLOCK))

    @asks
    async def action_werewolf(self) -> None:
        await self._play(rules.WEREWOLF)

    @asks
    async def action_wish(self) -> None:
        game = self.game
        assert game is not None and game.deal is not None
        if game.deal.wish_by is None:
            self.log_action(rules.Wish("red"))  # refused, with the rule quoted
            return
        who = game.players[game.deal.wish_by]
        colour = await self.app.push_screen_wait(PickColour(f"{who} wishes for…"))
        if colour is not None:
            self.log_action(rules.Wish(colour))

    def action_draw(self) -> None:
        if self.log_action(rules.Draw()):
            self.notify(f"{self._who()} may play the card just drawn if it fits (p, or c / w for a "
                        "Special), or keep it: d passes.", title="Drawn")

    def action_pass_turn(self) -> None:
        self.log_action(rules.Pass())

    def action_set_aside(self) -> None:
        self.log_action(rules.SetAside())

    @asks
    async def action_swap(self) -> None:
        game = self.game
        assert game is not None and game.deal is not None
        problem = rules.ability_problem(game, rules.ABILITY_SWAP, self.roster)
        if problem is not None:  # say so before asking with whom
            self.notify(problem, title="Not allowed", severity="error", timeout=10)
            return
        last = game.deal.last_play
        who = game.players[last[0]] if last else self._who()
        other = await self._pick_player(f"{who} swaps Characters with…", 0)
        if other is not None:
            self.log_action(rules.Swap(other))

    @asks
    async def action_penalty(self) -> None:
        game = self.game
        assert game is not None and game.deal is not None
        last = game.deal.last_play
        start = last[0] if last else game.deal.turn
        seat = await self._pick_player('Who forgot "Mau" or "Mau Mau", or ended on a Special?',
                                       start)
        if seat is None:
            return
        kinds = ('forgot "Mau" (one card left): draws 1 penalty card',
                 'forgot "Mau Mau" (last card): draws 2 penalty cards, the deal goes on',
                 "played a Special card as the last card: draws 2 penalty cards, the deal goes on")
        kind = await self.app.push_screen_wait(
            PickPlayer(f"{game.players[seat]}…", kinds)
        )
        if kind is not None:
            self.log_action(rules.Penalty(seat, PENALTY_KINDS[kind]))

    @asks
    async def action_end_deal(self) -> None:
        game = self.game
        assert game is not None and game.deal is not None
        last = game.deal.last_play
        if last is not None and last[1].special:
            # Nobody has played since that Special card, so it would be the last card.
            await self._special_last_card(last[0])
            return
        ender = last[0] if last else game.deal.turn

        def check(seat: int, counts: tuple[int, ...]) -> str | None:
            try:
                rules.apply(game, rules.EndDeal(seat, counts))
            except RuleError as err:
                return str(err)
            return None

        answer = await self.app.push_screen_wait(
            EndDealForm(game.players, ender, check, counts=game.deal.hands)
        )
        if answer is None:
            return
        if self.log_action(rules.EndDeal(*answer)):
            after = self.game
            assert after is not None
            scores = after.results[-1].scores
            summary = ", ".join(f"{p} +{s}" for p, s in zip(after.players, scores, strict=True))
            if after.over:
                self.notify(summary, title="Game over")
            elif after.tiebreak:
                self.notify(summary + "\nTied at the top: a tie-break deal follows.",
                            title="Deal scored")
            else:
                self.notify(summary + "\nNext: log the starting discard (t).", title="Deal scored")

    async def _special_last_card(self, seat: int) -> None:
        game = self.game
        assert game is not None
        problem = rules.penalty_problem(game, seat, "special")
        if problem is not None:  # too few cards played, or the count drew the penalty already
            self.notify(problem, title="Not allowed", severity="error", timeout=10)
            return
        who = game.players[seat]
        if await self.app.push_screen_wait(
            Ask(
                f"{who} played a Special card as the last card",
                f"{esc(rules.Rule.SPECIAL_END)}\n\n[b]Enter[/]  Log the 2 penalty cards for "
                f"{esc(who)}; the deal goes on\n[b]n / Esc[/]  Log nothing",
            )
        ):
            self.log_action(rules.Penalty(seat, "special"))

    @asks
    async def action_set_turn(self) -> None:
        game = self.game
        assert game is not None and game.deal is not None
        seat = await self._pick_player("Whose turn is it?", game.deal.turn)
        if seat is not None:
            self.log_action(rules.SetTurn(seat))

    @work(exclusive=True, group="flow")
    async def action_hands(self) -> None:
        game = self.game
        assert game is not None and game.deal is not None and game.deal.hands is not None
        last = game.deal.last_play
        seat = await self._pick_player("Whose hand is it?", last[0] if last else game.deal.turn)
        if seat is None:
            return
        count = await self.app.push_screen_wait(
            AskCount(f"How many cards does {game.players[seat]} hold?",
                     game.deal.hands[seat])
        )
        if count is not None:
            self.log_action(rules.SetHand(seat, count))

    def action_scores(self) -> None:
        if self.game is not None:
            self.app.push_screen(TextPanel("Vampir Mau Mau — scores", score_sheet(self.game)))

    def action_undo(self) -> None:
        if not self._history:
            self.notify("Nothing to undo.")
            return
        self.game = self._history.pop()
        self.notify("Undone.")

    @asks
    async def action_roster(self) -> None:
        roster = await self.app.push_screen_wait(RosterEditor(self._roster))
        if roster is not None:
            self._set_roster(roster)
            self._save_roster(roster)

    def action_rules(self) -> None:
        self.app.push_screen(TextPanel("Vampir Mau Mau — the rules in short", RULES_TEXT))

    @asks
    async def action_back(self) -> None:
        # A game in progress is autosaved after every action, so leaving loses nothing (if a
        # save failed, what it could not write is asked about first); still, Esc never leaves
        # a game in progress without asking, as in the other games (changes not saved are
        # asked about instead).
        game = self.game
        in_progress = game is not None and not game.over and not self.read_only
        unsaved = self.autosaver is not None and self.autosaver.unsaved
        if in_progress and not unsaved and not await self.app.push_screen_wait(
            Ask(
                "Back to the menu?",
                "The game is saved: open Vampir Mau Mau again to resume it.\n\n"
                "[b]Enter[/]  Go back to the menu · [b]n[/] or [b]Esc[/]  Keep playing",
            )
        ):
            return
        if not await self.unsaved_asked():
            return
        if in_progress and not self._saver.blocked:
            self.app.notify("The game is saved: open Vampir Mau Mau again to resume it.",
                            title="Vampir Mau Mau")
        self.dismiss()


RULES_TEXT = "\n".join(
    [
        "[b]Your turn[/] " + esc(rules.Rule.TURN),
        "[b]Play[/] " + esc(rules.Rule.PLAY),
        "[b]Wish[/] " + esc(rules.Rule.WISH_PLAY),
        "[b]Specials[/] Clocks and Werewolves may be played regardless of the card on top.",
        "[b]Werewolf[/] " + esc(rules.Rule.ONE_WEREWOLF)
        + " A second Werewolf discards the first; then you may wish for a colour.",
        "[b]Clocks[/] When the Clocks in play equal the number of players, Day and Night flip, "
        "the Werewolf and the Clocks are discarded, and you wish for a colour.",
        "[b]Wishing[/] " + esc(rules.Rule.WISH),
        "[b]Mau[/] " + esc(rules.Rule.MAU),
        "[b]Mau Mau[/] " + esc(rules.Rule.MAU_MAU),
        "[b]Ending[/] " + esc(rules.Rule.SPECIAL_END)
        + " However, you can end the deal by using a special ability of your Character!",
        "[b]Scoring[/] " + esc(rules.Rule.SCORING),
        "[b]Game end[/] " + esc(rules.Rule.GAME_OVER),
        "[b]Blocked[/] " + esc(rules.Rule.BLOCKED),
        "",
        "[b]Vampires (Night)[/] A card with the symbol on the left of the box: the player to "
        "your left draws 2. A card of the colour on the right: you may give 1 card to another "
        "player. Both can apply.",
        "",
        "[b]Human abilities (Day)[/], triggered by the Character's two symbols:",
        *(f"  {i}. {esc(t)}" for i, t in enumerate(rules.HUMAN_ABILITIES, 1)),
    ]
)
