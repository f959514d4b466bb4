"""The grimoire screen: the seat circle, the night walker or the day panel, and the log."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import attrs
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen

from grimoire.core import events as ev
from grimoire.core.model import Phase
from grimoire.core.script import Team, load_script
from grimoire.game import Game, IllegalAction
from grimoire.present.show_cards import step_cards
from grimoire.rules import day as day_rules
from grimoire.rules.told import may_tell_falsely
from grimoire.tui.commands import ScreenKeys
from grimoire.tui.guard import Guarded, asks
from grimoire.tui.screens.declare_actions import DeclareActions
from grimoire.tui.screens.exports import ExportActions
from grimoire.tui.screens.foresight_actions import ForesightActions
from grimoire.tui.screens.phone_actions import PHONE_ACTIONS, PHONE_KEYS, PhoneActions
from grimoire.tui.screens.storyteller_actions import STORYTELLER_ACTIONS, STORYTELLER_KEYS, StorytellerActions
from grimoire.tui.screens.table_live import LIVE_KEYS, LiveActions
from grimoire.tui.screens.table_views import VIEW_ACTIONS, VIEW_KEYS, ViewActions
from grimoire.tui.screens.visitor_actions import VISITOR_ACTIONS, VISITOR_KEYS, VisitorActions
from grimoire.tui.session import Session, read_only_notice, redo_and_tell, undo_and_tell
from grimoire.tui.support.card_hint import KEY as CARD_KEY
from grimoire.tui.support.card_hint import show_hint
from grimoire.tui.support.choice_keys import Item, NoSeat, Seat, refusal
from grimoire.tui.support.key_words import key_words
from grimoire.tui.support.live_feed import LiveFeed
from grimoire.tui.support.seat_entry import SeatEntry
from grimoire.tui.support.sweep import sweep_start
from grimoire.tui.support.text import centre_text, day_text, log_text, over_text, prompt_text, setup_text, sheet_text
from grimoire.tui.support.told_items import TOLD_KEY, asks_told, informs, told_items
from grimoire.tui.support.view import (
    choice_items,
    esc,
    option_items,
    pair_option_items,
    pair_option_rows,
    script_title,
    seat_item,
    seat_views,
    title_line,
    token_choices,
)
from grimoire.tui.widgets.column_rule import ColumnRule
from grimoire.tui.widgets.kept_rows import BlankRows
from grimoire.tui.widgets.keys import KeysFooter
from grimoire.tui.widgets.seats import SeatCircle
from grimoire.tui.widgets.side import Section, SidePanel
from grimoire.tui.widgets.title import TitleBar
from grimoire.tui.widgets.unsaved import UnsavedBanner
from night_order import AnswerKind

NIGHT_ACTIONS = {"next", "digit", "switch_option", "told"}
DAY_ACTIONS = {"nominate", "vote", "execute", "declare", "exile", "dusk", "timer"}
OVERRIDES = {"token", "untoken", "kill", "swap", "alignment", "move_held", "ghost", "overrides"}
# What a read-only window refuses (grimoire.tui.screens.read_only): choosing an option to show, the
# cursor, the card, exports and scenario files change nothing of the game.
CHANGES_GAME = frozenset((NIGHT_ACTIONS - {"switch_option"}) | DAY_ACTIONS | OVERRIDES | STORYTELLER_ACTIONS
                         | VISITOR_ACTIONS | PHONE_ACTIONS | {"undo", "redo"})


def _b(key: str, action: str, desc: str, bid: str, tip: str, show: bool = True) -> Binding:
    return Binding(key, action, desc, id=f"table.{bid}", tooltip=tip, show=show)


PHONES_EVERY = 1.0  # seconds between two looks at what the phones said of their cards


class GrimoireScreen(Guarded, ExportActions, DeclareActions, ForesightActions, StorytellerActions, VisitorActions,
                     LiveActions, ViewActions, PhoneActions, BlankRows, Screen[None]):
    """The storyteller's grimoire for one game."""

    COMMANDS = {ScreenKeys}
    BINDINGS = [
        _b("n", "next", "Next", "next", "Carry out this night step (or open its picker)"),
        # Enter opens the card of the seat under the cursor while the cursor is shown (the
        # arrows show it, Escape hides it); otherwise Enter is Next, as n always is.
        _b("enter", "card", "Card", "card", "Open the card of the seat under the cursor (arrows show the cursor)"),
        _b("enter", "next", "Next", "next2", "Same as n, while the seat cursor is hidden (it also ends a seat number)", show=False),
        Binding("left", "cursor('left')", "Seat", id="table.cursor", key_display="←→↑↓",
                tooltip="Show the seat cursor and move it around the table; Enter opens that seat's card"),
        _b("right", "cursor('right')", "Seat", "cursor.right", "Seat cursor: the next seat clockwise", show=False),
        _b("up", "cursor('up')", "Seat", "cursor.up", "Seat cursor: the seat above", show=False),
        _b("down", "cursor('down')", "Seat", "cursor.down", "Seat cursor: the seat below", show=False),
        _b("escape", "hide_cursor", "Hide cursor", "hidecursor", "Hide the seat cursor: Enter is Next again"),
        # A seat's number (as on the circle) answers with that seat; options have letters.
        *[_b(d, f"digit('{d}')", f"Seat number {d}", f"digit{d}", "A digit of the number of a seat on offer", show=False)
          for d in "0123456789"],
        # The keys for a script's own things say its rules' words (ScriptRules.key_words).
        _b("a", "switch_option", "Option", "option", "Switch which option goes with the player chosen"),
        _b(TOLD_KEY, "told", "Told…", "told",
           "Another answer was given: record what the player was actually told (the believable false answers first)"),
        _b("m", "nominate", "Nominate", "nominate", "A player nominates another"),
        _b("v", "vote", "Vote", "vote", "Count the vote on a nomination round the circle, a key a seat (ghost votes count)"),
        _b("e", "execute", "Execute", "execute", "Execute a player (whatever the script's rules offer is asked)"),
        _b("c", "declare", "Declare", "declare",
           "A public day declaration the script's rules offer: who declares, and whom it names if it names a player"),
        _b("x", "exile", "Exile", "exile", "Exile a Traveller"),
        _b("d", "dusk", "Dusk", "dusk", "End the day: start the night"),
        _b("d", "first_night", "First night", "firstnight", "The game is still in its setup: start the first night"),
        _b("u", "undo", "Undo", "undo", "Undo the last action"),
        _b("U", "redo", "Redo", "redo", "Redo what was undone"),
        # The seven overrides share one footer entry ("!": a menu of them); each keeps its key.
        _b("exclamation_mark", "overrides", "Override", "overrides", "Storyteller overrides: a menu of them with their keys"),
        _b("t", "token", "Token", "token", "Override: place a reminder token", show=False),
        _b("T", "untoken", "Remove token", "untoken", "Override: remove a reminder token", show=False),
        _b("k", "kill", "Kill/revive", "kill", "Override: kill or revive a player", show=False),
        _b("s", "swap", "Swap", "swap", "Override: swap a player's character", show=False),
        _b("l", "alignment", "Alignment", "alignment", "Override: flip a player's alignment", show=False),
        _b("o", "move_held", "Move held", "move", "Override: give what a player holds to another player", show=False),
        _b("g", "ghost", "Ghost vote", "ghost", "Override: give back or take a dead player's ghost vote", show=False),
        # w shows the step's card where its reminder says to show something (then in the
        # footer); at any other moment it lists the cards ("You are…" for any seat).
        _b(CARD_KEY, "show_card", "Show card", "showcard", "Show the player this step's card, in large letters"),
        _b(CARD_KEY, "choose_card", "Choose a card", "choosecard",
           "Show a player a card in large letters: choose it (the Demon, the Minions, the bluffs, “You are…” for any seat)",
           show=False),
        _b("r", "reveal", "Reveal", "reveal",
           "The reveal for the players (once a team has won): every character, who was drunk or poisoned"),
        _b("E", "export_log", "Export", "export", "Export the session log (Markdown, HTML or JSON)", show=False),
        _b("W", "save_scenario", "Scenario", "scenario", "Save the game so far as a scenario file", show=False),
        _b("pagedown", "side_page(1)", "More", "pagedown", "Scroll the side panel down", show=False),
        _b("pageup", "side_page(-1)", "Back", "pageup", "Scroll the side panel up", show=False),
        *STORYTELLER_KEYS,
        *VISITOR_KEYS,
        *LIVE_KEYS,
        *VIEW_KEYS,
        *PHONE_KEYS,
        _b("question_mark", "help", "Keys", "help", "Every key on this screen"),
        _b("q", "app.quit", "Quit", "quit", "Quit (everything is saved; if a save failed, asks first)"),
    ]

    CHANGES_GAME = CHANGES_GAME

    def __init__(self, game: Game, rehearsal: bool = False, read_only: str | None = None,
                 path: Path | None = None) -> None:
        """``read_only``: why this window may not change the game (another window holds it);
        ``path``: the game's file (None: a game with no file, as some tests build)."""
        super().__init__()
        self.rehearsal = rehearsal  # marked on screen: it is not a real game
        self.path = path
        # The vote going round and the timer, for the players' pages: only from the window
        # that holds the game (a read-only one writes nothing, not even these).
        self.live = LiveFeed(None if read_only else path, tell=self._live_failed)
        self._sections: list[Section] = []
        self.session = Session(game, on_change=self._changed, read_only=read_only)
        self.picked: list[int] = []
        self.recorded: list[Any] = []  # what i noted at this step: recorded when the step ends
        self.option_choice: str | None = None  # an answer of an option and a player: the option so far
        self._prompt_key: object = None
        self.seat_entry = SeatEntry(self, self._typed_changed)
        self.selected: int | None = None  # the seat under the cursor; None: the cursor is hidden
        self._over = game.state.winner is not None  # to offer the reveal when the game ends
        self._cursor_home = 0  # where the cursor shows again

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def read_only(self) -> str | None:
        return self.session.read_only

    def show_game(self, game: Game) -> None:
        """A read-only window follows the game as the window that holds it saves it."""
        self.session.game = game
        self.refresh_view()
        self.refresh_bindings()

    def compose(self) -> ComposeResult:
        # The screen lays out the seats and the right-hand column side by side itself, the
        # title, the unsaved banner and the footer docked (grimoire.tcss): a container around
        # the two held a full screen of blank lines, cut at every column (215 strips, 0.3 MiB).
        yield TitleBar()
        yield UnsavedBanner()
        yield SeatCircle(len(self.game.state.seats))
        # The walker and the log share the right-hand column, so that what changes at a
        # step lies in one strip of the screen and the seats are not redrawn with it.
        with Vertical(id="right"):
            yield ColumnRule()
            yield SidePanel(id="side")
            yield SidePanel(id="log", follow_end=True, rule=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.point_out_dawn()  # the dawn reached before this screen opened is not pointed out
        self.refresh_view()
        if self.path is not None and not self.read_only:
            self.call_after_refresh(self._follow_phones, self.path)

    def _follow_phones(self, path: Path) -> None:
        """What the phones say of their cards goes into the log (an older game's side file too)."""
        from grimoire.tui.support.phones_said import PhonesSaid

        said = PhonesSaid(path)
        said.migrate(self.session)
        said.look(self.session)
        self.set_interval(PHONES_EVERY, lambda: said.look(self.session))

    def on_screen_resume(self) -> None:
        if not gc.isenabled():  # the start (grimoire.cli): see below
            # Resumed, Textual styles the screen's widgets again, which throws away the
            # first styling (each widget's component classes are a node of styles: 25 of
            # them, some 10 KiB each). Swept before the first frame is drawn, the drawing
            # reuses that memory, and the start's peak is lower (docs/benchmarks.md).
            self.call_next(sweep_start)

    def on_screen_suspend(self) -> None:
        self.seat_entry.clear()  # a seat number half typed is not finished under a picker

    def on_unmount(self) -> None:
        self.live.close()  # the pages show no vote and no timer once the grimoire has closed

    def _live_failed(self, problem: str) -> None:
        """The players' pages could not be written (called from the feed's writer thread)."""
        try:
            self.app.call_from_thread(self.notify, f"The players' pages cannot be told: {problem}",
                                      severity="warning", timeout=6)
        except RuntimeError:  # the app has stopped
            pass

    # --- data down -----------------------------------------------------------------------
    def _changed(self, game: Game) -> None:
        save = getattr(self.app, "autosave", None)
        if save is not None:
            save(game)
        self.refresh_view()
        self.refresh_bindings()  # the footer redraws only if the keys on offer changed
        winner = game.state.winner
        over = winner is not None
        if winner is not None and not self._over:
            held = game.rules.held(game.state)
            path = f", the {held.noun}'s path" if held is not None else ""
            shown = (f"every character{path}, who was drunk or poisoned" if game.rules.automated
                     else "every character and alignment")
            self.notify(f"{winner.value.capitalize()} wins. Press r for the reveal: {shown}.",
                        title="Game over", timeout=10)
        self._over = over
        self.point_out_dawn()
        if self.day_timer is not None and game.state.phase is not Phase.DAY:
            self.set_day_timer(None)  # dusk (or the game's end) ends the day's timer

    def refresh_view(self) -> None:
        game = self.game
        g = game.state
        prompt = game.prompt
        key = self._step()
        new_step = key != self._prompt_key
        if new_step:
            self._prompt_key = key
            self.picked = []
            self.recorded = []
            self.option_choice = None
            self.seat_entry.clear()
        marks = ["REHEARSAL"] * self.rehearsal + ["READ-ONLY"] * bool(self.read_only)
        self.query_one(TitleBar).show_title(script_title(game), title_line(game),
                                            mark=" · ".join(marks))
        circle = self.query_one(SeatCircle)
        circle.show(seat_views(game.rules, g), centre_text(game), g.ring)
        circle.show_cursor(self.selected)
        sections = []
        if prompt is not None:
            if prompt.impaired:
                names = ", ".join(g.name(s) for s in prompt.wake) or "the player"
                why = f"\n{esc(prompt.impaired_why)}" if prompt.impaired_why else ""
                # Only a step that may tell the player something may be told falsely.
                then = ("you may give false information" if may_tell_falsely(game.rules, prompt)
                        else "their ability does not work")
                sections.append(Section("banner", esc(f"⚠ {names.upper()} IS DRUNK OR POISONED — {then}") + why,
                                        loud=True))
            offered = step_cards(game.rules, g, prompt)
            if offered:
                sections.append(Section("show", show_hint(offered)))
            sections += self.phones_sections()
            sections += self.grimoire_sections()
            room = self.query_one("#side", SidePanel).text_width  # 0 until laid out (then Resized)
            sections.append(Section("step", prompt_text(game, prompt, self.picked, self.option_choice,
                                                        self.seat_entry.typed, room, self.recorded)))
            sections.append(Section("sheet", sheet_text(game)))
        else:
            if g.winner is not None:
                text = over_text(game)
            elif g.phase is Phase.SETUP:  # a save from before its first night
                text = setup_text(game)
            else:
                text = day_text(game)
                sections += self.timer_sections()
            sections.append(Section("step", text))
        # One widget, drawn line by line: a step repaints the rows that changed, no layout.
        self._sections = sections
        self.query_one("#side", SidePanel).show(sections, keep_scroll=not new_step)
        self.query_one("#log", SidePanel).show([Section("log", log_text(game))])

    @on(SidePanel.Resized, "#side")
    def _side_resized(self, event: SidePanel.Resized) -> None:
        # The step's rows are fitted to the panel's width (grimoire.tui.support.fit): made again for
        # it, when that changes them (at the first layout, mostly it does not).
        prompt = self.game.prompt
        if prompt is None:
            return
        step = prompt_text(self.game, prompt, self.picked, self.option_choice, self.seat_entry.typed,
                           event.panel.text_width, self.recorded)
        if any(s.key == "step" and s.markup != step for s in self._sections):
            self.refresh_view()

    def action_side_page(self, pages: int) -> None:
        self.query_one("#side", SidePanel).scroll_page(pages)

    def _shows_day(self) -> bool:
        g = self.game.state
        return self.game.prompt is None and g.phase is Phase.DAY and g.winner is None

    # --- availability ----------------------------------------------------------------------
    def not_this_game(self, action: str) -> bool:
        """A key of another script's rules (what a player holds, declarations, or the
        storyteller's own judgement in a game whose rules decide): out of the footer, the
        palette, the help and the override menu here."""
        if action == "move_held":
            return not self.game.rules.holds
        if action == "switch_option":  # offered where the rules name it: they ask such answers
            return action not in self.game.rules.key_words
        if action == "declare":
            return not set(self.game.rules.declarers) & set(self.game.script.by_id)
        return action in STORYTELLER_ACTIONS and self.game.rules.automated

    def own_key_words(self, action: str) -> tuple[str, str] | None:
        """The label and tooltip of a key for this script's own things, in its rules' words
        (``grimoire.tui.support.key_words``); None: the key's own."""
        return self.game.rules.key_words.get(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        g = self.game.state
        prompt = self.game.prompt
        if self.not_this_game(action):
            return False
        if action in STORYTELLER_ACTIONS:
            return self.storyteller_check(action)
        if action in VISITOR_ACTIONS:
            return self.visitor_check(action)
        if action in VIEW_ACTIONS:
            return self.views_check(action)
        if action in PHONE_ACTIONS:
            return self.phones_check(action)
        if action in NIGHT_ACTIONS:
            if prompt is None:
                return False
            if action == "switch_option":  # a player-first answer asks its option from a list, after the player
                return (prompt.kind is AnswerKind.OPTION_AND_PLAYER and len(prompt.options) > 1
                        and not prompt.player_first)
            if action == "digit":  # a step that asks nothing takes it too, to say it answers nothing
                return prompt.kind is not AnswerKind.ACK or not informs(prompt, self.game.rules)
            if action == "told":
                return informs(prompt, self.game.rules)
            return True
        if action in DAY_ACTIONS:
            return prompt is None and g.phase is Phase.DAY and g.winner is None
        if action == "first_night":
            return g.phase is Phase.SETUP
        if action == "undo":
            return True if self.game.events else None
        if action == "redo":
            return True if self.game.redo_stack else None
        if action in OVERRIDES:
            return g.winner is None or None
        if action in ("card", "hide_cursor"):
            return self.selected is not None
        if action == "show_card":
            return bool(step_cards(self.game.rules, g, prompt))
        if action == "reveal":  # never before the game's end: not even in the palette
            return g.winner is not None
        return True

    # --- the night -------------------------------------------------------------------------
    def _act(self, fn: Any, *args: Any) -> bool:
        try:
            fn(*args)
        except (IllegalAction, ValueError) as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
            return False
        return True

    def _answer(self, value: Any, foreseen: bool = False) -> None:
        """``foreseen``: the picker showed what it would do; otherwise an answer that kills or
        ends the game is confirmed first, with what it would do."""
        if not foreseen and self.answer_foreseen(value):
            return
        if self._act(self.session.answer, value) and self.game.prompt is None and self.owed() is not None:
            self.call_later(self.run_action, "declare(True)")  # at dawn: a Klutz who died tonight chooses

    def action_next(self) -> None:
        prompt = self.game.prompt
        if prompt is None:
            return
        if self.seat_entry.finish():  # Enter ends a seat number being typed
            return
        # Drunk or poisoned, several truths, or the truth refused: which was given? Never assumed.
        if asks_told(prompt, self.game.rules, self.game.state):
            self.action_told()
        elif prompt.kind is AnswerKind.ACK:
            self._answer(self.noted_answer())
        elif prompt.kind is AnswerKind.PLAYERS and len(self.picked) == prompt.count:
            self._answer(list(self.picked))
        else:
            self._pick_answer()

    # --- keys for the choices: seat numbers, option letters ---------------------------------------
    def _typed_changed(self, typed: str) -> None:
        if self.game.prompt is not None:
            self.refresh_view()

    def action_digit(self, digit: str) -> None:
        prompt = self.game.prompt
        if prompt is None:
            return
        if prompt.kind is AnswerKind.ACK:  # a seat number answers nothing here: said, not swallowed
            self.notify(f"{prompt.title} asks for no seat: n or Enter goes on.", title="Not a choice",
                        severity="warning", timeout=3)
            return
        offered = {i.number: i for i in choice_items(self.game, prompt) if i.number is not None}
        self.seat_entry.press(digit, offered, lambda reading: self._seat_read(reading, offered))

    def _seat_read(self, reading: Seat | NoSeat, offered: dict[Any, Item]) -> None:
        if isinstance(reading, Seat):
            self._take(offered[reading.number].value)
            return
        g = self.game.state
        who = ""
        if 1 <= reading.number <= len(g.seats):
            seat = g.seats[reading.number - 1]
            who = seat.name + ("" if seat.alive else ", dead")
        prompt = self.game.prompt  # (None once the step was answered while the number was typed)
        items = choice_items(self.game, prompt) if prompt is not None else []
        options = [f"[{i.key}] {i.label}" for i in items if i.key]
        also = f" Options: {', '.join(options)}." if options else ""
        self.notify(refusal(reading.number, list(offered), who) + also,
                    title="Not a choice", severity="warning", timeout=4)

    def on_key(self, event: events.Key) -> None:
        """A night step's option letter ([k] keep) answers it, before the screen's own keys."""
        prompt = self.game.prompt
        if prompt is None or not event.character or self.app.screen is not self:
            return
        if asks_told(prompt, self.game.rules, self.game.state):
            self._told_key(event, prompt)
            return
        if prompt.kind is AnswerKind.ACK or (prompt.kind is AnswerKind.OPTION_AND_PLAYER and prompt.player_first):
            return  # a player-first answer's options have no letters: they are found by typing, in a list
        items = choice_items(self.game, prompt)
        if prompt.kind is AnswerKind.OPTION_AND_PLAYER:
            items = pair_option_items(self.game, prompt)
        hit = next((i for i in items if i.key and i.key == event.character), None)
        if hit is None:
            return
        event.stop()
        event.prevent_default()
        self.seat_entry.clear()
        if prompt.kind is AnswerKind.OPTION_AND_PLAYER:
            self.option_choice = hit.value
            self.refresh_view()
            if self.picked:  # the player was typed first: the option's letter completes the answer
                self._take(self.picked[0])
        elif self.read_only:
            self.notify(read_only_notice(self.read_only), title="Read-only", severity="warning", timeout=4)
        else:
            self._take(hit.value)

    def _told_key(self, event: events.Key, prompt: Any) -> None:
        """A drunk or poisoned player's step, or an open answer's: an answer's letter records it
        as the one given."""
        hit = next((i for i in told_items(self.game, prompt, truth_first=True, every=False)
                    if i.key and i.key == event.character), None)
        if hit is None:
            return
        event.stop()
        event.prevent_default()
        if self.read_only:
            self.notify(read_only_notice(self.read_only), title="Read-only", severity="warning", timeout=4)
        else:
            self._tell(hit.value)

    def _tell(self, told: Any) -> None:
        self._act(self.session.answer, None, told)

    @asks
    async def action_told(self) -> None:
        """Which answer was given: the truth, a believable false answer, or any other."""
        asked = self._step()
        got = await self.ask_told()  # (PhoneActions: S asks it too, before sending it)
        if got is not None and self._step() == asked:  # an answer goes to the step it was asked for
            self._tell(got)

    def _take(self, value: Any, foreseen: bool = False) -> None:
        prompt = self.game.prompt
        assert prompt is not None
        if prompt.kind is AnswerKind.PLAYERS and isinstance(value, str):  # a word instead of players
            self.picked = []
            self._answer(value)
            self.refresh_view()
        elif prompt.kind is AnswerKind.PLAYERS:
            if value in self.picked:
                self.picked.remove(value)
            else:
                self.picked.append(value)
            if len(self.picked) == prompt.count:
                chosen, self.picked = list(self.picked), []
                self._answer(chosen)
                self.refresh_view()
            else:
                self.refresh_view()
        elif prompt.kind is AnswerKind.OPTION_AND_PLAYER and (prompt.player_first or self._option_unchosen(prompt)):
            # The player first, then the option from its list: nothing is recorded until both are
            # chosen (a seat typed before an option-first answer's option: the option is asked).
            self.picked = [value]
            self.refresh_view()
            self._pair_option()
        elif prompt.kind is AnswerKind.OPTION_AND_PLAYER:
            self._answer(prompt.paired(self.option_choice or prompt.options[0], value))
        else:
            self._answer(value, foreseen)

    def _option_unchosen(self, prompt: Any) -> bool:
        """An option-first answer whose option is not chosen yet, of several: a seat typed now
        never takes the one shown first."""
        return self.option_choice is None and len(prompt.options) > 1

    @asks
    async def _pair_option(self) -> None:
        """The option for the player chosen first (a player-first answer's second half, or a
        seat typed before an option-first answer's option), from a list: a player-first one's
        found by typing, an option-first one's by its letter; Enter takes the row highlighted.
        A number is no option: refused. Escaped: the player stays chosen."""
        from grimoire.tui.screens.modals import Pick

        prompt = self.game.prompt
        if prompt is None or not self.picked:
            return
        asked = self._step()
        player = self.picked[0]
        name, noun = self.game.state.name(player), prompt.option_noun
        if prompt.player_first:
            title, rows = f"{name}: which {noun}? (type to filter, Enter to choose)", pair_option_rows(self.game, prompt)
        else:
            title, rows = f"{name}: which {noun}?", pair_option_items(self.game, prompt)
        refused = f"{name} is chosen: a number is no {noun}. Choose the {noun} here, or Esc to choose another player."
        option = await self.app.push_screen_wait(Pick(title, rows, highlight=self.option_choice, no_numbers=refused))
        if option is None or self._step() != asked or self.picked != [player]:
            return
        self._answer(prompt.paired(option, player))

    def action_switch_option(self) -> None:
        prompt = self.game.prompt
        if prompt is None or prompt.kind is not AnswerKind.OPTION_AND_PLAYER or prompt.player_first:
            return
        options = list(prompt.options)
        # None chosen yet: the first; then each in turn.
        at = options.index(self.option_choice) + 1 if self.option_choice in options else 0
        self.option_choice = options[at % len(options)]
        self.refresh_view()

    def _step(self) -> object:
        prompt = self.game.prompt
        # A card shown or a phone's word is no new step: what was picked at it stays picked.
        events = self.game.events
        n = len(events)
        while n and isinstance(events[n - 1], ev.CARD_EVENTS):
            n -= 1
        return (n, prompt.step if prompt else None)

    @asks
    async def _pick_answer(self) -> None:
        from grimoire.tui.screens.modals import Pick

        prompt = self.game.prompt
        if prompt is None:
            return
        asked = self._step()
        items = choice_items(self.game, prompt)
        if prompt.kind is AnswerKind.PLAYERS:
            got = await self.app.push_screen_wait(
                Pick(prompt.question or prompt.title, items, multi=True, count=prompt.count, chosen=self.picked)
            )
            if got is not None and self._step() == asked:  # an answer goes to the step it was asked for
                self.picked = []
                words = [v for v in got if isinstance(v, str)]  # a word picked answers instead of players
                self._answer(words[0] if words else list(got))
            return
        if prompt.kind is AnswerKind.OPTION_AND_PLAYER and prompt.player_first:
            if self.picked:  # the player is chosen: the option is asked next
                self._pair_option()
                return
            noun = prompt.option_noun
            got = await self.app.push_screen_wait(Pick(f"Which player? (their {noun} is asked next)", items))
            if got is not None and self._step() == asked:
                self._take(got)
            return
        if prompt.kind is AnswerKind.OPTION_AND_PLAYER and len(prompt.options) > 1:
            if self.picked:  # a seat was typed first: its option is asked next
                self._pair_option()
                return
            noun = prompt.option_noun
            option = await self.app.push_screen_wait(
                Pick(f"Which {noun}?", pair_option_items(self.game, prompt), highlight=self.option_choice,
                     no_numbers=f"The {noun} first (its letter, or Enter); the player is asked next.", not_text="n")
            )
            if option is None or self._step() != asked:
                return
            self.option_choice = option
        step = prompt.step
        foresee = None if prompt.kind is AnswerKind.OPTION_AND_PLAYER else self.foresees(
            lambda v: ev.Answer(step=step, value=v), quiet=False)
        got = await self.app.push_screen_wait(Pick(prompt.question or prompt.title, items, foresee=foresee, not_text="n"))
        if got is not None and self._step() == asked:
            self._take(got, foreseen=foresee is not None)

    # --- pickers -----------------------------------------------------------------------------
    def _seat_items(self, seats: Any = None, note: Any = None) -> list[Item]:
        g = self.game.state
        pool = g.ring if seats is None else seats  # clockwise; a Traveller who left is not offered
        out = []
        for i in pool:
            s = g.seats[i]
            extra = "" if s.alive else (" — dead, ghost vote" if s.ghost_vote else " — dead")
            if note:
                extra += note(i)
            out.append(seat_item(g, i, extra))
        return out

    async def _pick_seat(self, title: str, seats: Any = None, note: Any = None, highlight: Any = None,
                         foresee: Any = None) -> Any:
        """``foresee``: what choosing a seat would do, shown under the list (ForesightActions.foresees)."""
        from grimoire.tui.screens.modals import Pick

        return await self.app.push_screen_wait(
            Pick(title, self._seat_items(seats, note), highlight=highlight, foresee=foresee))

    # --- the day ------------------------------------------------------------------------------
    @asks
    async def action_nominate(self) -> None:
        g = self.game.state
        today = g.today
        done = {n.nominator for n in today.nominations} if today else set()
        nominator = await self._pick_seat(
            "Who nominates?", [s.index for s in g.seats if s.alive and s.index not in done]
        )
        if nominator is None:
            return
        taken = {n.nominee for n in today.nominations} if today else set()
        nominee = await self._pick_seat(
            f"{g.name(nominator)} nominates whom?", [i for i in g.ring if i not in taken],
            foresee=self.foresees(lambda n: self._unasked(ev.Nominate(nominator, n)), quiet=False),
        )
        if nominee is None:
            return
        nomination = await self._registered(ev.Nominate(nominator, nominee))
        if nomination is not None:
            self._act(self.session.apply, nomination)

    async def _registered(self, event: ev.Nominate | ev.Declare) -> ev.Nominate | ev.Declare | None:
        """The event with the storyteller's registration choice, where the script's rules ask
        one (a Recluse shot by the Slayer, the Spy nominating the Virgin); None when escaped."""
        from grimoire.tui.screens.modals import Pick

        ask = self.game.rules.registration(self.game.state, event)
        if ask is None:
            return event
        items = option_items([("Yes", True), ("No: they register as what they are", False)])
        registers = await self.app.push_screen_wait(
            Pick(ask.question, items, foresee=self.foresees(lambda r: attrs.evolve(event, registers=r))))
        return None if registers is None else attrs.evolve(event, registers=registers)

    def _unasked(self, event: ev.Nominate | ev.Declare) -> ev.Nominate | ev.Declare | None:
        """The event to foresee where the rules ask no registration of it (None: they do, and
        the question then shows what each answer would do)."""
        return event if self.game.rules.registration(self.game.state, event) is None else None

    @asks
    async def action_vote(self) -> None:
        from grimoire.tui.screens.vote import VoteScreen

        open_ = self._open_votes()
        if not open_:
            self.notify("No nomination is waiting for its vote: nominate first (m).", severity="warning")
            return
        nominee = open_[0] if len(open_) == 1 else await self._pick_seat("The vote on whom?", open_)
        if nominee is None or nominee not in self._open_votes():  # an answer for the day it was asked
            return
        mark = "REHEARSAL" if self.rehearsal else ""
        # The round, one key a seat; it records the Vote through the session itself.
        await self.app.push_screen_wait(VoteScreen(self.session, nominee, self.live, mark=mark))

    def _open_votes(self) -> list[int]:
        today = self.game.state.today
        return [n.nominee for n in today.nominations if n.votes is None] if today else []

    @asks
    async def action_execute(self) -> None:
        g = self.game.state
        block = day_rules.on_the_block(self.game.rules, g)
        seat = await self._pick_seat(
            "Execute whom?", note=lambda i: " — on the block" if i == block else "", highlight=block,
            foresee=self.foresees(ev.Execute),
        )
        if seat is None:
            return
        execution = await self.execution_event(seat)
        if execution is not None and self._act(self.session.apply, execution) and self.owed() is not None:
            await self.declare_now(owed=True)  # the executed Klutz's or Sweetheart's choice, at once

    @asks
    async def action_declare(self, owed: bool = False) -> None:
        await self.declare_now(owed)

    async def declare_now(self, owed: bool = False) -> None:
        """The script's day declarations (its rules offer them); one that names a player, then
        whom; one of options or pairs, those. ``owed``: the choice the day may not end without."""
        from grimoire.tui.screens.modals import Pick

        g = self.game.state
        offers = self.game.rules.declarations(g)
        script = self.game.script
        if owed:
            offers = [o for o in offers if o.owed][:1]
        if not offers:
            names = [f"the {script.character(c).name}" for c in self.game.rules.declarers if c in script.by_id]
            self.notify(f"Nobody in play declares by day ({' or '.join(names)}).", severity="warning")
            return
        if all(o.refused for o in offers):
            self.notify("\n".join(f"{g.name(o.seat)} ({script.character(o.character).name}) {o.refused}."
                                  for o in offers), title="Not allowed", severity="warning")
            return
        items = [seat_item(g, o.seat, f" {o.words}" + (f" — {o.refused}" if o.refused else ""), value=o)
                 for o in offers]
        got = offers[0] if owed else await self.app.push_screen_wait(Pick("Who declares?", items))
        if got is None:
            return
        if got.refused:
            self.notify(f"{g.name(got.seat)} {got.refused}.", title="Not allowed", severity="warning")
            return
        if got.options or got.pairs:  # the rules' own event, of one of its options or its pairs
            event = await self.declared_event(got)
            if event is not None:
                self._act(self.session.apply, event)
            return
        target = None
        if got.names_player:
            title = f"{got.seat + 1} {g.name(got.seat)} ({script.character(got.character).name}) {got.words}: whom?"
            target = await self._pick_seat(title, got.players, foresee=self.foresees(
                lambda t: self._unasked(ev.Declare(got.seat, got.character, t))))
            if target is None:
                return
        shot = await self._registered(ev.Declare(got.seat, got.character, target))
        said = seat_item(g, got.seat, f" {got.words}").label  # as its row said it
        if shot is not None and target is None and not await self.declaration_confirmed(shot, said):
            return  # a death or an end it would bring, foreseen, and not confirmed
        if shot is not None and self._act(self.session.apply, shot) and not owed and self.owed() is not None:
            await self.declare_now(owed=True)  # a Klutz executed for their madness chooses at once

    @asks
    async def action_exile(self) -> None:
        g = self.game.state
        travellers = [i for i in g.ring if g.seats[i].traveller]
        if not travellers:
            self.notify("There are no Travellers to exile.", severity="warning")
            return
        seat = await self._pick_seat("Exile which Traveller?", travellers, foresee=self.foresees(ev.Exile))
        if seat is not None:
            self._act(self.session.apply, ev.Exile(seat))

    def action_dusk(self) -> None:
        if self.game.state.phase is Phase.DAY and self.owed() is not None:  # a dead player's choice first
            self.notify(self.owed_said(), title="The day cannot end yet", severity="warning")
            self._owed_then_dusk()
            return
        self.end_day()  # first asks of the player on the block, or of the end it brings

    @asks
    async def _owed_then_dusk(self) -> None:
        made = len(self.game.events)
        await self.declare_now(owed=True)
        if len(self.game.events) > made and self.game.state.winner is None:
            self.call_later(self.run_action, "dusk")  # the dusk asked for, once the choice is made

    action_first_night = action_dusk  # the same event, offered (and worded) in the setup

    # --- undo and redo ----------------------------------------------------------------------
    def action_undo(self) -> None:
        if not self.undo_sent():  # (PhoneActions: the cards one S sent go back together)
            undo_and_tell(self.session, self.notify)

    def action_redo(self) -> None:
        if not self.redo_sent():
            redo_and_tell(self.session, self.notify)

    # --- storyteller overrides --------------------------------------------------------------
    @asks
    async def action_overrides(self) -> None:
        from grimoire.tui.screens.modals import Pick

        # Each row with its own key, in brackets: that key answers here as on the grimoire.
        keys = [b for b in type(self).BINDINGS if isinstance(b, Binding) and b.action in OVERRIDES
                and b.action != "overrides" and not self.not_this_game(b.action)]
        items = [Item(f"{label}: {tip.removeprefix('Override: ')}", b.action, key=b.key)
                 for b, (label, tip) in ((b, key_words(self, b)) for b in keys)]
        action = await self.app.push_screen_wait(Pick("Which override? (each also has its own key)", items))
        if action is not None:  # run once this picker's worker is done (the same worker group)
            self.call_later(self.run_action, action)

    @asks
    async def action_token(self) -> None:
        from grimoire.tui.screens.modals import Pick

        g = self.game.state
        seat = await self._pick_seat("Place a reminder token on whom?")
        if seat is None:
            return
        got = await self.app.push_screen_wait(Pick(f"Which token on {g.name(seat)}?", token_choices(self.game.rules, g)))
        if got is not None:
            name, owner, side = got
            self._act(self.session.apply, ev.PlaceToken(name, owner, seat, side))

    @asks
    async def action_untoken(self) -> None:
        from grimoire.tui.screens.modals import Pick

        g = self.game.state
        if not g.tokens:
            self.notify("No reminder tokens are on the table.", severity="warning")
            return
        items = [(f"{t.shown} on {t.seat + 1} {g.name(t.seat)}", (t.name, t.seat)) for t in g.tokens]
        got = await self.app.push_screen_wait(Pick("Remove which token?", items))
        if got is not None:
            self._act(self.session.apply, ev.RemoveToken(*got))

    @asks
    async def action_kill(self) -> None:
        seat = await self._pick_seat("Kill or revive whom?", foresee=self.foresees(
            lambda i: ev.SetAlive(i, not self.game.state.seats[i].alive)))
        if seat is not None:
            self._act(self.session.apply, ev.SetAlive(seat, not self.game.state.seats[seat].alive))

    @asks
    async def action_swap(self) -> None:
        from grimoire.tui.screens.modals import Pick

        g = self.game.state
        seat = await self._pick_seat("Swap whose character?")
        if seat is None:
            return
        script = load_script(g.script_id)
        items = [(f"{c.name} ({c.team.label})", c.id) for c in script.characters
                 if c.team not in (Team.LORIC, Team.FABLED)]
        got = await self.app.push_screen_wait(
            Pick(f"{g.name(seat)} becomes…", items, foresee=self.foresees(lambda c: ev.SwapCharacter(seat, c))))
        if got is None:
            return
        learns: Any = True
        if self.game.state.phones.deal:  # their phone's card follows only a change they are told of
            learns = await self.app.push_screen_wait(Pick(
                f"Is {g.name(seat)} told of it?",
                [("Yes: their phone's card shows it", True), ("No: their card stays", False)]))
            if learns is None:
                return
        self._act(self.session.apply, ev.SwapCharacter(seat, got, learns=bool(learns)))

    @asks
    async def action_alignment(self) -> None:
        g = self.game.state
        seat = await self._pick_seat("Flip whose alignment?", note=lambda i: f" — {g.seats[i].alignment.value}")
        if seat is not None:
            self._act(self.session.apply, ev.SetAlignment(seat, self.game.state.seats[seat].alignment.other.value))

    @asks
    async def action_move_held(self) -> None:
        g = self.game.state
        held = self.game.rules.held(g)
        if held is None or not held.name:
            self.notify(held.absent if held is not None else "Nothing here is held by a player.", severity="warning")
            return
        seat = await self._pick_seat(f"Give the {held.noun} to whom?", highlight=held.holder)
        if seat is not None:
            self._act(self.session.apply, self.game.rules.move_held(seat))

    @asks
    async def action_ghost(self) -> None:
        g = self.game.state
        dead = [s.index for s in g.seats if not s.alive]
        if not dead:
            self.notify("Nobody is dead: ghost votes belong to dead players.", severity="warning")
            return
        seat = await self._pick_seat("Whose ghost vote?", dead)
        if seat is not None:
            self._act(self.session.apply, ev.SetGhostVote(seat, not self.game.state.seats[seat].ghost_vote))

    # --- the seat cursor and the seat card --------------------------------------------------
    def _select(self, seat: int | None) -> None:
        self.selected = seat
        if seat is not None:
            self._cursor_home = seat
        self.query_one(SeatCircle).show_cursor(seat)
        self.refresh_bindings()  # Enter now opens the card (or is Next again)

    def action_cursor(self, direction: str) -> None:
        seat = self.selected
        if seat is None:  # the first arrow shows the cursor where it was last
            self._select(self._cursor_home)
            return
        g = self.game.state
        if direction in ("left", "right"):  # around the table, as they sit
            seat = g.beside(seat, 1 if direction == "right" else -1) if seat in g.ring else g.ring[0]
        else:
            seat = self.query_one(SeatCircle).seat_towards(seat, down=direction == "down")
        self._select(seat)

    def action_hide_cursor(self) -> None:
        self._select(None)

    def action_card(self) -> None:
        if self.selected is not None:
            self.open_card(self.selected)

    def open_card(self, seat: int) -> None:
        from grimoire.tui.screens.seat_card import SeatCardScreen

        def back(shown: int | None) -> None:
            if shown is not None:  # the card may have been moved to another seat
                self._select(shown)

        self.app.push_screen(SeatCardScreen(self.session, seat, self.path), back)

    @on(SeatCircle.Clicked)
    def _seat_clicked(self, event: SeatCircle.Clicked) -> None:
        # A click selects the seat; a click on the seat already selected opens its card.
        if event.seat == self.selected:
            self.open_card(event.seat)
        else:
            self._select(event.seat)

    def action_reveal(self) -> None:
        from grimoire.tui.screens.reveal import RevealScreen

        if self.game.state.winner is not None:
            self.app.push_screen(RevealScreen(self.session))

    @asks
    async def action_show_card(self, choose: bool = False) -> None:
        """The step's card(s) at once; otherwise (or ``choose``) a list of the cards."""
        from grimoire.tui.screens.player_card import PlayerCardScreen, choose_card

        cards = [] if choose else list(step_cards(self.game.rules, self.game.state, self.game.prompt))
        if not cards:
            got = await choose_card(self.app, self.session)
            if got is None:
                return
            cards = [got]
        self.app.push_screen(PlayerCardScreen(self.session, cards, self.path))  # not awaited: the card is no question

    def action_choose_card(self) -> None:
        self.action_show_card(choose=True)

    def action_help(self) -> None:
        from grimoire.tui.screens.modals import KeysHelp, binding_rows

        self.app.push_screen(KeysHelp(binding_rows(self), rules=self.game.script.bootlegger))
