"""The Voice of the Mummy mode: the laptop as the Mummy's voice and the scorekeeper."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Header, RichLog

from grimoire.core.freetext import printable
from grimoire.games import persist
from grimoire.games.autosave_screen import AutosaveScreen
from grimoire.games.voice import rules, save
from grimoire.games.voice.commands import (
    CommandFileError,
    MummyCommand,
    count_by_effect,
    default_commands,
    load_commands_file,
)
from grimoire.games.voice.info import RulesModal, ScoresModal
from grimoire.games.voice.palette import VoiceActions
from grimoire.games.voice.pickers import Ask, AskPath, Confirm, PickLevel, PickMany, PickOne
from grimoire.games.voice.rules import RuleError, Tomb
from grimoire.games.voice.setup import NamesModal, SetupModal
from grimoire.games.voice.speech import find_espeak, speak
from grimoire.games.voice.widgets import ExplorerRow, TombStatus, TurnHint, VoicePanel
from grimoire.tui.guard import ASK, Guarded, asks
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter

# Actions that need a game in progress; the others (new, rules, files, speech) always work.
GAME_ACTIONS = {
    "die", "threw", "speak", "resolve", "collect", "land", "level", "great_jewel", "home", "next", "undo",
    "scores",
}



class VoiceScreen(Guarded, AutosaveScreen, Screen[None]):
    CSS_PATH = "voice.tcss"
    COMMANDS = {VoiceActions}
    SAVE = save
    GAME_TITLE = "Voice of the Mummy"
    CHANGES_GAME = frozenset((GAME_ACTIONS - {"scores"}) | {"new_game"})  # refused while watching
    BINDINGS = [
        Binding("d", "die", "Die", id="voice.die", tooltip="Throw the die for this turn's move"),
        Binding("1", "threw(1)", "Real die", id="voice.threw", key_display="1-6",
                tooltip="A real die was thrown: type the number it shows"),
        *(Binding(str(n), f"threw({n})", "Real die", id=f"voice.threw{n}", show=False,
                  tooltip=f"A real die was thrown and shows {n}") for n in range(2, rules.DIE_FACES + 1)),
        Binding("v", "speak", "Mummy", id="voice.speak", tooltip="Landed on a Mummy's head: the Mummy speaks"),
        Binding("r", "resolve", "Obey", id="voice.resolve", tooltip="Carry out the Mummy's command"),
        Binding("j", "collect", "Jewel", id="voice.collect", tooltip="Collect the Precious Jewel on this space"),
        Binding("x", "land", "Land", id="voice.land", tooltip="Landed on opponents: take a jewel from each"),
        Binding("plus", "level(1)", "Up", id="voice.up", key_display="+", tooltip="Take the steps up one level"),
        Binding("minus", "level(-1)", "Down", id="voice.down", key_display="-", tooltip="Take the steps down one level"),
        Binding("g", "great_jewel", "Great", id="voice.great", tooltip="Landed by exact count on a Great Jewel space"),
        Binding("h", "home", "Home", id="voice.home", tooltip="Part II: came home by exact count, ending the game"),
        Binding("tab", "next(1)", "Next", id="voice.next", tooltip="End the turn: the next explorer clockwise", priority=True),
        Binding("shift+tab", "next(-1)", "Back", id="voice.previous", key_display="⇧tab",
                tooltip="Back to the previous explorer (to fix a mistake)", priority=True),
        Binding("u", "undo", "Undo", id="voice.undo", tooltip="Undo the last change"),
        Binding("s", "scores", "Score", id="voice.scores", tooltip="Show the scores"),
        Binding("n", "new_game", "New", id="voice.new", tooltip="Start a new game: choose the explorers"),
        Binding("o", "open_commands", "File", id="voice.open", tooltip="Load your group's commands file (TOML)"),
        Binding("a", "aloud", "Say", id="voice.aloud", tooltip="Read the commands aloud with espeak-ng (if installed)"),
        Binding("question_mark", "rules", "Rules", id="voice.rules", key_display="?", tooltip="The rules and keys"),
        Binding("escape", "leave", "Menu", id="voice.leave", tooltip="Back to the start menu"),
    ]

    tomb: var[Tomb | None] = var(None, bindings=True)

    def __init__(
        self,
        rng: random.Random | None = None,
        commands: Sequence[MummyCommand] | None = None,
        espeak: Callable[[], str | None] | None = None,
    ) -> None:
        super().__init__()
        self.rng = rng or random.Random()
        self.commands: tuple[MummyCommand, ...] | None = None if commands is None else tuple(commands)
        self.history: list[Tomb] = []
        self.speech_on = False
        self._saver = self.new_saver()
        self._unreadable: str | None = None  # the autosave's problem, while it is left alone
        self._find_espeak = espeak or (lambda: find_espeak())  # looked up when needed

    def compose(self) -> ComposeResult:
        yield Header()
        yield TombStatus(id="tomb-status")
        yield ExplorerRow(id="explorers")
        yield VoicePanel(id="voice")
        yield TurnHint(id="turn-hint")
        yield RichLog(id="voice-log", wrap=True, markup=False, auto_scroll=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.sub_title = "Voice of the Mummy"
        self._show(None)
        if self.commands is None:
            self._load_default_commands()
        self.hold_autosave(self._open_autosave)

    def _open_autosave(self) -> None:
        if persist.has_autosave(save.KEY):
            self._read_autosave()
        elif self.read_only:
            self.notify("Nothing is saved yet: the game shows here once the other window starts one.")
        else:
            self.action_new_game()

    # --- autosave --------------------------------------------------------------------------

    @work(group=ASK)  # never refused, and other questions wait for it
    async def _offer_resume(self, saved: persist.Autosaved | None, problem: str | None) -> None:
        tomb: Tomb | None = None if saved is None else saved.state
        if self.read_only:
            self.show_saved(tomb, problem)
            return
        if saved is None or tomb is None:
            # Leave the file exactly as it is until a new game is started and confirmed.
            self._saver.blocked = True
            self._unreadable = problem
            await self.app.push_screen_wait(
                Ask(
                    "The autosave cannot be read",
                    f"{esc(problem or '')}\n\nThe file is left exactly as it is; a new game "
                    "replaces it only when you confirm.\n[b]enter[/b] or [b]n[/b] set up a new "
                    "game · [b]escape[/b] no game for now",
                )
            )
        else:
            resume = await self.app.push_screen_wait(
                Ask(
                    "A game is in progress",
                    f"[b]enter[/b]  Resume the game in progress ({esc(save.summary(tomb))})\n"
                    "[b]n[/b]      Start a new one",
                )
            )
            if resume:
                self.history = list(saved.undo)  # undo goes on where it was
                self.tomb = tomb
                self._log("-" * 40)
                self._log(f"Resumed: {save.summary(tomb)}.")
                return
            if resume is None:
                return
        self.action_new_game()

    def _autosave(self, tomb: Tomb) -> None:
        self.save_state(tomb, finished=tomb.finished, undo=tuple(self.history))

    def show_watched(self, state: Tomb) -> None:
        self.history.clear()
        self.tomb = state
        self._log(f"As saved by the other window: {save.summary(state)}.")

    # --- state -----------------------------------------------------------------------------

    def watch_tomb(self, tomb: Tomb | None) -> None:
        self._show(tomb)
        if tomb is not None:
            self._autosave(tomb)

    def _show(self, tomb: Tomb | None) -> None:
        self.query_one(TombStatus).show(tomb)
        self.query_one(ExplorerRow).show(tomb)
        self.query_one(VoicePanel).show(tomb)
        self.query_one(TurnHint).show(tomb)

    def _log(self, line: str) -> None:
        log = self.query_one("#voice-log", RichLog)
        log.write(printable(line))
        # The log follows only when already at its end, which fast key presses can outrun.
        log.scroll_end(animate=False)

    def _apply(self, change: Callable[[Tomb], Tomb]) -> bool:
        """Apply a rules change; a refusal is shown (quoting the rule) and nothing changes."""
        tomb = self.tomb
        if tomb is None:
            return False
        try:
            after = change(tomb)
        except RuleError as err:  # names the explorers, as the family typed them
            self.notify(str(err), title="Not allowed", severity="error", timeout=10)
            return False
        self.history.append(tomb)
        del self.history[: -persist.UNDO_KEPT]
        self.tomb = after
        self._log(after.news)
        if after.finished:
            self._log(self._final_line(after))
            self.app.push_screen(ScoresModal(after))
        return True

    @staticmethod
    def _final_line(tomb: Tomb) -> str:
        values = ", ".join(f"{e.name} {rules.score(e)}" for e in tomb.explorers)
        names = " and ".join(tomb.explorers[i].name for i in rules.winners(tomb))
        return f"Final scores: {values}. Winner: {names}."

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in GAME_ACTIONS and self.tomb is None:
            return False
        if action == "undo" and not self.history:
            return None
        return True

    # --- actions ---------------------------------------------------------------------------

    def action_die(self) -> None:
        self._apply(lambda t: rules.throw_die(t, self.rng))

    def action_threw(self, n: int) -> None:
        self._apply(lambda t: rules.record_throw(t, n))

    def action_collect(self) -> None:
        self._apply(rules.collect_jewel)

    def action_level(self, step: int) -> None:
        self._apply(lambda t: rules.change_level(t, step))

    def action_great_jewel(self) -> None:
        self._apply(rules.take_great_jewel)

    def action_home(self) -> None:
        self._apply(rules.go_home)

    def action_next(self, step: int) -> None:
        self._apply(lambda t: rules.next_explorer(t, step))

    def action_speak(self) -> None:
        if self.commands is None:
            self.notify("The Mummy is still waking (loading the commands).", severity="warning")
            return
        commands = self.commands
        if self._apply(lambda t: rules.mummy_speaks(t, commands, self.rng)):
            said = self.tomb.last_command if self.tomb else None
            if said is not None and self.speech_on:
                self._say(said.text)

    @asks
    async def action_resolve(self) -> None:
        tomb = self.tomb
        if tomb is None:
            return
        wanted = rules.needs(tomb)
        if wanted == "opponent":
            others = [i for i in range(len(tomb.explorers)) if i != tomb.active]
            title = f"{tomb.current.name}: {tomb.pending.text if tomb.pending else ''} Which opponent?"
            target = await self.app.push_screen_wait(PickOne(title, tomb, others))
            if target is None:
                return
            self._apply(lambda t: rules.resolve(t, target=target))
        elif wanted == "level":
            level = await self.app.push_screen_wait(PickLevel(tomb))
            if level is None:
                return
            self._apply(lambda t: rules.resolve(t, level=level))
        else:
            self._apply(rules.resolve)

    @asks
    async def action_land(self) -> None:
        tomb = self.tomb
        if tomb is None:
            return
        others = list(rules.landing_targets(tomb))
        if not others:  # refused with the rule, before asking whom
            self._apply(lambda t: rules.land_on(t, ()))
            return
        title = f"{tomb.current.name} landed on which opponent(s)?"
        targets = await self.app.push_screen_wait(PickMany(title, tomb, others))
        if not targets:
            return
        cobra_to: int | None = None
        if tomb.part == 2 and tomb.current.cobra and len(targets) > 1:
            cobra_to = await self.app.push_screen_wait(
                PickOne("Who receives the Cobra and its spell?", tomb, list(targets))
            )
            if cobra_to is None:
                return
        self._apply(lambda t: rules.land_on(t, targets, cobra_to=cobra_to))

    def action_undo(self) -> None:
        if not self.history:
            self.notify("Nothing to undo.", severity="warning")
            return
        undone = self.tomb
        self.tomb = self.history.pop()
        self._log(f"Undone: {undone.news if undone else ''}")

    def action_scores(self) -> None:
        if self.tomb is not None:
            self.app.push_screen(ScoresModal(self.tomb))

    def action_rules(self) -> None:
        self.app.push_screen(RulesModal())

    @asks
    async def action_new_game(self) -> None:
        if self.tomb is not None and not self.tomb.finished:
            if not await self.app.push_screen_wait(Confirm("Abandon this game and start a new one?")):
                return
        seating = await self.app.push_screen_wait(
            SetupModal(lambda count: rules.high_roll(count, self.rng))
        )
        names = None if seating is None else await self.app.push_screen_wait(
            NamesModal(seating.colours)
        )
        if seating is None or names is None:
            if self.tomb is None:
                self.notify("No game yet: press n to choose the explorers.")
            return
        if self._saver.blocked:
            if not await self.app.push_screen_wait(
                Confirm(f"Replace the unreadable autosave {self._saver.path} with this new game?")
            ):
                self.notify("The unreadable autosave is kept; no new game was started.")
                return
            self._saver.blocked = False
            self._unreadable = None
        self.history.clear()
        self.tomb = rules.new_tomb(seating.colours, names, seating.first)
        self._log("-" * 40)
        self._log(self.tomb.news)
        if seating.roll is not None:
            self._log(rules.describe_high_roll(self.tomb, seating.roll))

    @asks
    async def action_leave(self) -> None:
        if self.tomb is not None and not self.tomb.finished and not self.read_only:
            if not await self.app.push_screen_wait(
                Confirm("Go back to the menu? The game is saved: open Voice of the Mummy again to resume it.")
            ):
                return
        if not await self.unsaved_asked():
            return
        self.dismiss(None)

    def action_aloud(self) -> None:
        if not self.speech_on and self._find_espeak() is None:
            self.notify(
                "espeak-ng is not installed, so the Mummy stays silent; the commands are shown "
                "on screen as always.",
                severity="warning",
            )
            return
        self.speech_on = not self.speech_on
        self.notify("The Mummy speaks aloud." if self.speech_on else "The Mummy is silent.")

    @asks
    async def action_open_commands(self) -> None:
        path = await self.app.push_screen_wait(
            AskPath("Load a commands file (TOML, same format as the bundled one)", "~/mummy.toml")
        )
        if path:
            self._load_file(path)

    # --- background work -------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="voice-commands")
    def _load_default_commands(self) -> None:
        try:
            commands, source = default_commands()
        except CommandFileError as err:
            self.app.call_from_thread(self.notify, str(err), severity="error", timeout=15)
            from grimoire.games.voice.commands import bundled_commands

            commands, source = bundled_commands(), "the bundled commands"
        self.app.call_from_thread(self._use_commands, commands, source)

    @work(thread=True, exclusive=True, group="voice-commands")
    def _load_file(self, path: str) -> None:
        try:
            commands = load_commands_file(path)
        except CommandFileError as err:
            self.app.call_from_thread(self.notify, str(err), title="Commands not loaded", severity="error", timeout=15)
            return
        self.app.call_from_thread(self._use_commands, commands, path)

    def _use_commands(self, commands: tuple[MummyCommand, ...], source: str) -> None:
        self.commands = commands
        kinds = sum(1 for n in count_by_effect(commands).values() if n)
        self._log(f"The Mummy knows {len(commands)} commands of {kinds} kinds, from {source}.")

    @work(thread=True, group="voice-speech")
    def _say(self, text: str) -> None:
        binary = self._find_espeak()
        problem = "espeak-ng is no longer installed" if binary is None else speak(binary, text)
        if problem:
            self.app.call_from_thread(self.notify, problem, severity="warning")
