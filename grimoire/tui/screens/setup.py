"""The setup screen for any script: players in seat order, characters by hand or by a seeded
random bag, an either/or setup option, who the Drunk thinks they are, the bluffs, the jinxes
and the setup changes the storyteller applies by hand; and what the script's rules ask of
their own setup (``ScriptRules.setup_picks``). It refuses an illegal table."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from grimoire.core import events as ev
from grimoire.core.freetext import NAME_LIMIT, a_or_an, length_problem
from grimoire.core.markup import plain
from grimoire.core.script import MAIN, Character, Team, held_by_no_seat, load_script, may_repeat
from grimoire.core.setup import (
    MAX_PLAYERS,
    MAX_SEATS,
    MIN_PLAYERS,
    SetupError,
    base_counts,
    counts_of,
    demon_bluffs,
    modifier_of,
    random_bag,
    required_counts,
    setup_notes,
    setup_problems,
)
from grimoire.core.thinks import THINKS, thinks_choices
from grimoire.core.value import define
from grimoire.game import Game, IllegalAction, Problem, SeatSetup, SetupToken, TableSetup
from grimoire.rules.contract import SetupAsk, SetupPick
from grimoire.rules.plugins import rules_for
from grimoire.rules.visitors import VisitorError, roles_of, table_characters
from grimoire.rules.words import fabled_name
from grimoire.tui.commands import ScreenKeys
from grimoire.tui.guard import Guarded, asks, choice
from grimoire.tui.screens.modals import KeysHelp, Pick, binding_rows
from grimoire.tui.support.choice_keys import Item
from grimoire.tui.support.setup_facts_text import setup_facts_markup
from grimoire.tui.support.view import esc, option_items, seat_label
from grimoire.tui.widgets.keys import KeysFooter
from grimoire.tui.widgets.text_input import TextInput

if TYPE_CHECKING:
    from grimoire.tui.screens.host import AppHost


@define
class Row:
    name: str
    character: str | None = None
    traveller: bool = False
    thinks: str | None = None  # the Drunk's Townsfolk


def _b(key: str, action: str, desc: str, bid: str, tip: str, show: bool = True, priority: bool = False) -> Binding:
    return Binding(key, action, desc, id=f"setup.{bid}", tooltip=tip, show=show, priority=priority)


class SetupScreen(Guarded, Screen[None]):
    app: AppHost  # (the screen of no other app)
    COMMANDS = {ScreenKeys}
    BINDINGS = [
        _b("ctrl+s", "start", "Start", "start", "Start the game: the first night", priority=True),
        _b("r", "deal", "Random bag", "deal", "Deal a random legal bag (again: re-roll with the next seed)"),
        _b("c", "character", "Character", "character", "Pick the selected player's character by hand"),
        _b("t", "traveller", "Traveller", "traveller", "The selected player is a Traveller (or not)"),
        _b("K", "move(-1)", "Move up", "up", "Move the selected player one seat up"),
        _b("J", "move(1)", "Move down", "down", "Move the selected player one seat down"),
        _b("delete", "remove", "Remove", "remove", "Remove the selected player"),
        _b("m", "option_b", "Option B", "optionb", "An either/or setup bracket: option A or B"),
        _b("d", "thinks", "Drunk thinks", "thinks", "The Townsfolk the Drunk thinks they are (one not in play)"),
        _b("h", "setup_token", "Setup reminder", "setuptoken",
           "A reminder the script's rules place at setup on a player you choose (the Fortune Teller's red herring)"),
        _b("o", "rules_setup", "Rules' setup", "rulessetup",
           "What the script's rules ask of the setup (each has its own key too, shown beside it)"),
        _b("b", "bluffs", "Bluffs", "bluffs", "The Demon's three bluffs"),
        _b("F", "fabled", "Fabled", "fabled",
           "Fabled and Loric for the table (the script's or official ones), placed before the first night"),
        _b("i", "names", "Names", "names", "Type more names"),
        _b("S", "script", "Script", "script", "Which script: the Phantom, one used before, or a script file"),
        _b("question_mark", "help", "Keys", "help", "Every key on this screen"),
        _b("escape", "back", "Back", "back", "Back to the start screen (asks first: the setup is dropped)"),
    ]

    def __init__(self, seed: int | None = None, names: tuple[str, ...] = (), script: str = MAIN) -> None:
        super().__init__()
        self.script_ref = script  # a built-in id or a script file's absolute path
        self.script = load_script(script)
        self.asks: tuple[SetupAsk, ...] = rules_for(self.script).setup_asks
        self.marked: dict[str, Row] = {}  # a setup reminder's name: the row it is on
        self.rows: list[Row] = [Row(n) for n in names]
        self.seed = seed if seed is not None else random.randrange(1, 10_000)
        self.dealt = 0
        self.option_b = False
        self.option_b_chosen = False
        self.picked: dict[str, Any] = {}  # the rules' own setup choices, by name (a seat's: its row)
        self.bluffs: tuple[str, ...] = ()
        self.unseated: list[str] = []  # in play with no seat (Lil' Monsta)
        self.fabled: list[str] = []  # Fabled and Loric for the table, placed as the game starts

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="setup-main"):
            with Vertical(id="setup-left"):
                yield TextInput(placeholder="Name + Enter (or: Ann, Ben, Cat) · Esc: to the seats", id="setup-name")
                yield OptionList(id="setup-players")
            with VerticalScroll(id="setup-right"):
                yield Static("", id="setup-counts")
                yield Static("", id="setup-options")
                yield Static("", id="setup-problems")
                yield Static("", id="setup-pitfalls")
                yield Static("", id="setup-rules")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = "New game"
        self.sub_title = self.script.name
        self.query_one("#setup-name", Input).focus()
        self.refresh_view()

    # --- the table so far ---------------------------------------------------------------------
    @property
    def players(self) -> list[Row]:
        return [r for r in self.rows if not r.traveller]

    def char_name(self, cid: str | None) -> str:
        if cid is None:
            return "—"
        return self.script.by_id[cid].name if cid in self.script.by_id else fabled_name(cid)

    def table(self) -> TableSetup:
        seats = tuple(
            SeatSetup(r.name, r.character or ("Traveller" if r.traveller else ""), traveller=r.traveller,
                      thinks=r.thinks if r.character in THINKS else None)
            for r in self.rows
        )
        return TableSetup(
            seats=seats,
            script=self.script_ref,
            script_setup=rules_for(self.script).setup_of_picks(self.script, self._row_facts(), self.option_b,
                                                                  self.picked),
            bluffs=self.bluffs,
            tokens=tuple(SetupToken(a.name, a.owner, self.rows.index(self.marked[a.name]))
                         for a in self.dealt_asks() if self.marked.get(a.name) in self.rows),
            unseated=tuple(self.unseated),
        )

    def dealt_asks(self) -> list[SetupAsk]:
        """The setup reminders the rules ask for, of the characters dealt or that a player
        thinks they are (who thinks they are the reminder's owner has it too)."""
        chars = {r.character for r in self.players} | {r.thinks for r in self.players if r.thinks is not None}
        return [a for a in self.asks if a.owner in chars]

    def may_carry(self, ask: SetupAsk, i: int) -> bool:
        """Row ``i`` may have the reminder (a good player, where the rules say so)."""
        r = self.rows[i]
        if r.traveller or r.character is None or r.character not in self.script.by_id:
            return False
        if ask.others and r.character == ask.owner:
            return False
        return not ask.good or self.script.team_of(r.character).is_good

    def _row_facts(self) -> list[tuple[str | None, bool]]:
        return [(r.character, r.traveller) for r in self.rows]

    def rules_picks(self) -> list[SetupPick]:
        """What the script's rules ask of their own setup, now."""
        return rules_for(self.script).setup_picks(self.script, self._row_facts(), self.option_b, self.picked)

    def has_choice_option(self) -> bool:
        return any((m := modifier_of(c)) is not None and m.is_choice for c in self.script.characters)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the options this script has are offered (its rules' own setup, where they have one)."""
        by_id = self.script.by_id
        needs = {"option_b": self.has_choice_option(), "rules_setup": bool(self.rules_picks()),
                 "thinks": any(c in by_id for c in THINKS),
                 "setup_token": any(a.owner in by_id for a in self.asks)}
        return needs.get(action, True)  # False: not this script's, not in the footer

    def problems(self) -> list[str]:
        """What stops the start: each seat once, with all that is wrong with it, then the table."""
        per_seat: dict[int, list[str]] = {}
        general: list[str] = []
        for i, r in enumerate(self.rows):
            if not r.traveller and r.character is None:
                per_seat[i] = ["no character yet (c, or r for a random bag)"]
            elif not r.traveller and r.character in THINKS and r.thinks is None:
                team = THINKS[r.character].label
                per_seat[i] = [f"the {self.char_name(r.character)} thinks they are {a_or_an(team)}: choose which (d)"]
        chars = [r.character for r in self.players if r.character]
        if len(chars) == len(self.players):
            general += setup_problems(self.script, chars, travellers=len(self.rows) - len(self.players),
                                      managers_option_b=self.option_b, unseated=self.unseated,
                                      table=self.table_placed())
        elif not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            general.append(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players (Travellers not counted); "
                           f"there are {len(self.players)}")
        general += [f"{pick.missing} ({pick.key})" for pick in self.rules_picks() if pick.missing]
        for ask in self.dealt_asks():
            row = self.marked.get(ask.name)
            owner = self.char_name(ask.owner)
            if row not in self.rows:
                dealt = any(r.character == ask.owner for r in self.players)
                general.append(f"the {owner} is {'in play' if dealt else 'who a player thinks they are'}: "
                               f"choose the {ask.label} (h)")
            elif not self.may_carry(ask, self.rows.index(row)):
                general.append(f"the {owner}'s {ask.label} must be a good player (h)")
        if len(self.bluffs) not in (0, 3):
            general.append(f"the Demon needs 3 bluffs, not {len(self.bluffs)} (b)")
        table = self.table()
        try:
            table_problems = table.problem_list()
        except Exception as exc:  # a row the engine cannot even read
            table_problems = [Problem(None, str(exc))]
        # The count of seats is said above, in players (this screen never has more than 20).
        seat_count = f"{len(self.rows)} seats: a game needs at least {MIN_PLAYERS} players"
        for problem in table_problems:
            if problem.seat is None:
                if problem.text != seat_count:
                    general.append(problem.text)
                continue
            said = per_seat.setdefault(problem.seat, [])
            if not any(text.startswith(problem.text) for text in said):
                said.append(problem.text)
        out = [Problem(i, "; ".join(per_seat[i])).describe(table) for i in sorted(per_seat)]
        return list(dict.fromkeys(out + general))

    def refresh_view(self) -> None:
        ol = self.query_one("#setup-players", OptionList)
        keep = ol.highlighted
        options = []
        # Names padded to the longest (not a fixed 14) so a row fits a narrow screen's list.
        pad = min(14, max((len(r.name) for r in self.rows), default=0))
        marking = [p for p in self.rules_picks() if p.of_seat and p.mark]
        dealt = self.dealt_asks()
        for i, r in enumerate(self.rows):
            role = self.char_name(r.character) if not r.traveller else (
                f"Traveller: {self.char_name(r.character)}" if r.character else "Traveller")
            team = ""
            if r.character is not None and r.character in self.script.by_id:
                team = f" [{self.script.team_of(r.character).label}]"
            marks = ""
            for pick in marking:
                if self.picked.get(pick.name) == i:
                    marks += f"  {pick.mark}"
            if r.thinks is not None and r.character in THINKS:
                marks += f"  thinks: {self.char_name(r.thinks)}"
            for ask in dealt:
                if self.marked.get(ask.name) is r:
                    marks += f"  ◇ {ask.label}"
            options.append(Option(esc(f"{i + 1:>2}. {r.name:<{pad}}  {role}{team}{marks}")))
        ol.set_options(options)
        if options:
            ol.highlighted = min(keep or 0, len(options) - 1)
        self.query_one("#setup-counts", Static).update(self._counts_text())
        self.query_one("#setup-options", Static).update(self._options_text())
        self.query_one("#setup-rules", Static).update(self._rules_text())
        problems = self.problems()
        box = self.query_one("#setup-problems", Static)
        if problems:
            box.update("[b $error]Not ready:[/]\n" + "\n".join(f"• {esc(p)}" for p in problems))
        else:
            box.update("[b $success]Ready.[/] ctrl+s starts the first night.")
        self.query_one("#setup-pitfalls", Static).update(setup_facts_markup(self.table(), self.script))

    def _counts_text(self) -> str:
        n = len(self.players)
        travellers = len(self.rows) - n
        lines = [f"[b]{n} players[/b] + {travellers} Traveller(s) = {len(self.rows)} seats (at most {MAX_SEATS})"]
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            lines.append(f"Add players: {MIN_PLAYERS} to {MAX_PLAYERS} (Travellers apart).")
            return "\n".join(lines)
        lines.append(f"Standard: {base_counts(n).describe()}")
        chars = [r.character for r in self.players if r.character] + self.unseated
        for c in self.unseated:
            lines.append(f"In play, held by no seat: {esc(self.char_name(c))} (a Minion babysits its token)")
        placed = self.table_placed()
        mods = [m for m in [*(modifier_of(self.script.by_id[c]) for c in dict.fromkeys(chars) if c in self.script.by_id),
                            *map(modifier_of, placed)]
                if m and any(o.changes_counts or o.evil_townsfolk for o in m.options)]
        for m in mods:
            lines.append(f"  modifier: {esc(m.name)} {esc(m.text)}" + (f" — option {'B' if self.option_b else 'A'}" if m.is_choice else "")
                         + (" — any of: " + ", ".join(f"{o.outsiders:+d} Outsider" for o in m.options) if m.is_might else ""))
        try:
            need = required_counts(self.script, n, chars, self.option_b, placed)
            lines.append(f"[b]Needed:[/b] {need.describe()}")
        except SetupError as exc:
            lines.append(f"[b $error]{esc(str(exc))}[/]")
        lines.append(f"Chosen: {counts_of(self.script, chars).describe()}")
        for note in setup_notes(self.script, chars):
            lines.append(f"[b $warning]Apply by hand:[/] {esc(note)}")
        for j in self.script.jinxes_among(chars):
            first, second = self.script.character(j.first).name, self.script.character(j.second).name
            lines.append(f"[b]Jinx[/b] {esc(first)} & {esc(second)}: {esc(plain(j.reason))}")
        return "\n".join(lines)

    def _options_text(self) -> str:
        bluffs = ", ".join(self.char_name(b) for b in self.bluffs) or "—"
        bag = f"seed {self.seed}" + (f" (dealt {self.dealt}×)" if self.dealt else "")
        lines = [""]
        if self.has_choice_option():
            lines.append(f"[b]Either/or setup[/b] (m): option {'B (the second)' if self.option_b else 'A (the first)'}")
        for pick in self.rules_picks():
            lines.append(f"[b]{esc(pick.label)}[/b] ({pick.key}): {esc(self._picked_words(pick))}")
        for ask in self.asks:
            if ask.owner in self.script.by_id:
                row = self.marked.get(ask.name)
                on = row.name if row in self.rows and ask in self.dealt_asks() else "—"
                lines.append(f"[b]{esc(ask.label.capitalize())}[/b] (h): {esc(on)}")
        fabled = ", ".join(self.char_name(f) for f in self.fabled) or "—"
        lines += [f"[b]Bluffs[/b] (b): {esc(bluffs)}", f"[b]Fabled & Loric[/b] (F): {esc(fabled)}",
                  f"[b]Random bag[/b] (r): {bag}", ""]
        return "\n".join(lines)

    def _rules_text(self) -> str:
        """The script's own rules (its bootlegger list) and what its night orders leave out,
        below what stops the start."""
        lines = [f"[b $warning]Night order:[/] {esc(note)}" for note in self.script.order_notes()]
        if self.script.bootlegger:
            lines += ["[b]The script's own rules[/b]", *(f"• {esc(rule)}" for rule in self.script.bootlegger)]
        return "\n".join(["", *lines]) if lines else ""

    # --- names ------------------------------------------------------------------------------------
    @on(Input.Submitted, "#setup-name")
    @choice
    def _add_names(self, event: Input.Submitted) -> None:
        names = [n.strip() for n in event.value.split(",") if n.strip()]
        kept = []  # a name too long stays in the field to be shortened: nothing typed is lost
        for name in names:
            if len(self.rows) >= MAX_SEATS:
                self.notify(f"At most {MAX_SEATS} seats.", severity="error")
                break
            if len(name) > NAME_LIMIT:
                self.notify(f"The name {length_problem(name, NAME_LIMIT)}; it is left in the field to shorten.",
                            title="Name too long", severity="error", timeout=8)
                kept.append(name)
            else:
                self.rows.append(Row(name))
        event.input.value = ", ".join(kept)
        self.refresh_view()
        if not names:
            self.query_one("#setup-players").focus()

    def action_names(self) -> None:
        self.query_one("#setup-name", Input).focus()

    def _selected(self) -> int | None:
        ol = self.query_one("#setup-players", OptionList)
        if ol.highlighted is None or not self.rows:
            return None
        return ol.highlighted

    def _list_focused(self) -> bool:
        return not isinstance(self.focused, Input)

    def action_move(self, delta: int) -> None:
        i = self._selected()
        if i is None or not 0 <= i + delta < len(self.rows):
            return
        j = i + delta
        self.rows[i], self.rows[j] = self.rows[j], self.rows[i]
        for pick in self.rules_picks():
            if pick.of_seat and pick.name in self.picked:
                self.picked[pick.name] = self._swap_index(self.picked[pick.name], i, j)
        self.refresh_view()
        self.query_one("#setup-players", OptionList).highlighted = j

    @staticmethod
    def _swap_index(value: int | None, i: int, j: int) -> int | None:
        return j if value == i else i if value == j else value

    def action_remove(self) -> None:
        i = self._selected()
        if i is None:
            return
        del self.rows[i]
        for pick in self.rules_picks():
            v = self.picked.get(pick.name)
            if pick.of_seat and v is not None:
                self.picked[pick.name] = None if v == i else (v - 1 if v > i else v)
        self.refresh_view()

    def action_traveller(self) -> None:
        i = self._selected()
        if i is None:
            return
        row = self.rows[i]
        row.traveller = not row.traveller
        row.character = row.thinks = None
        self.refresh_view()

    # --- characters -------------------------------------------------------------------------------
    def action_deal(self) -> None:
        players = self.players
        n = len(players)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            self.notify(f"A random bag needs {MIN_PLAYERS} to {MAX_PLAYERS} players; there are {n}.", severity="error")
            return
        if self.dealt:
            self.seed += 1  # re-roll
        self.dealt += 1
        rng = random.Random(self.seed)
        try:
            bag = random_bag(self.script, n, seed=self.seed,
                             managers_option_b=self.option_b if self.option_b_chosen else None)
        except (SetupError, ValueError) as exc:
            self.notify(str(exc), severity="error")
            return
        chars = list(bag.characters)
        rng.shuffle(chars)
        for row, c in zip(players, chars):
            row.character = c
            row.thinks = None
        self.unseated = list(bag.unseated)
        self.option_b = bag.managers_option_b
        self.picked = rules_for(self.script).deal_picks(self.script, self._row_facts(), bag.evil_townsfolk,
                                                        self.picked, rng)
        for row in players:  # the Drunk's Townsfolk, out of play
            if row.character in THINKS and (choices := thinks_choices(self.script, row.character, chars)):
                row.thinks = rng.choice(choices)
        thought = [r.thinks for r in players if r.thinks is not None]
        try:
            self.bluffs = demon_bluffs(self.script, [*chars, *thought], seed=self.seed)
        except SetupError:
            self.bluffs = ()  # a small script: the storyteller chooses bluffs (b), if any
        self.marked = {}
        for ask in self.dealt_asks():  # the red herring: a good player, the owner may be it
            may = [i for i in range(len(self.rows)) if self.may_carry(ask, i)]
            if may:
                self.marked[ask.name] = self.rows[rng.choice(may)]
        self.refresh_view()

    def _character_items(self, exclude_row: int | None = None) -> list[tuple[str, Any]]:
        taken = {r.character: r.name for i, r in enumerate(self.rows) if r.character and i != exclude_row}
        items = []
        for c in self.script.characters:
            if c.team in (Team.LORIC, Team.FABLED, Team.TRAVELLER):
                continue
            note = f" — taken by {taken[c.id]}" if c.id in taken else ""
            if held_by_no_seat(c):
                note = " — in play, held by no seat: choose to take it out" if c.id in self.unseated else \
                    " — held by no seat: for the table (a Minion babysits it)"
            if c.duplicates:
                note += " — may be held by several players"
            items.append((f"{c.name} ({c.team.label}){note}", c.id))
        return items

    @asks
    async def action_character(self) -> None:
        i = self._selected()
        if i is None:
            return
        if self.rows[i].traveller:
            await self._traveller_character(i)
            return
        got = await self.app.push_screen_wait(
            Pick(f"{self.rows[i].name} is…", self._character_items(i), highlight=self.rows[i].character)
        )
        if got is not None and held_by_no_seat(self.script.character(got)):
            # Lil' Monsta is no player's: it is put in play (or out) for the table.
            if got in self.unseated:
                self.unseated.remove(got)
            else:
                self.unseated.append(got)
            self.refresh_view()
        elif got is not None:
            for r in self.rows:
                if r.character == got and not may_repeat(self.script, got):
                    r.character = r.thinks = None  # a character is in play once: it moves
            self.rows[i].character, self.rows[i].thinks = got, None
            self.refresh_view()
            if got in THINKS:
                await self._ask_thinks(i)
            for ask in self.dealt_asks():
                if ask.owner == got and self.marked.get(ask.name) not in self.rows:
                    await self._ask_setup_token(ask)

    async def _traveller_character(self, i: int) -> None:
        """A Traveller's character: the script's own Travellers, then the official ones."""
        try:
            travellers = roles_of(rules_for(self.script), self.script, (Team.TRAVELLER,))
        except VisitorError as error:
            self.notify(f"{error}.", severity="warning", markup=False)
            return
        taken = {r.character for j, r in enumerate(self.rows) if r.traveller and j != i}
        items = [(c.name + ("" if c.official else " (this script's)"), c.id) for c in travellers if c.id not in taken]
        got = await self.app.push_screen_wait(Pick(f"{self.rows[i].name} is the Traveller…", items,
                                                   highlight=self.rows[i].character))
        if got is not None:
            self.rows[i].character = got
            self.refresh_view()

    def table_placed(self) -> list[Character]:
        """The Fabled and Loric chosen for the table, as characters (their setup changes count)."""
        if not self.fabled:
            return []
        try:
            return [c for c in table_characters(rules_for(self.script), self.script) if c.id in self.fabled]
        except VisitorError:
            return []

    @asks
    async def action_fabled(self) -> None:
        try:
            offered = table_characters(rules_for(self.script), self.script)
        except VisitorError as error:
            self.notify(f"{error}.", severity="warning", markup=False)
            return
        items = [(f"{c.name} ({c.team.label}" + ("" if c.official else ", this script's") + ")"
                  + (" — chosen: take it away" if c.id in self.fabled else ""), c.id) for c in offered]
        got = await self.app.push_screen_wait(Pick("A Fabled or Loric for the table (or take one away)", items))
        if got is not None:
            if got in self.fabled:
                self.fabled.remove(got)
            else:
                self.fabled.append(got)
            self.refresh_view()

    @asks
    async def action_script(self) -> None:
        from grimoire.tui.screens.script_choice import choose_script

        got = await choose_script(self.app, self.script_ref)
        if got is None or got == self.script_ref:
            return
        self.script_ref, self.script = got, load_script(got)
        for row in self.rows:
            row.character = row.thinks = None  # the players stay; their characters were of the other script
        self.option_b = self.option_b_chosen = False
        self.picked = {}
        self.bluffs = ()
        self.unseated = []
        self.fabled = []  # the other script's own may not be this one's
        self.asks, self.marked = rules_for(self.script).setup_asks, {}
        self.sub_title = self.script.name
        self.refresh_bindings()
        self.refresh_view()

    def action_option_b(self) -> None:
        self.option_b = not self.option_b
        self.option_b_chosen = True
        self.refresh_view()

    def _seat_items(self, seats: list[int]) -> list[Item]:
        out = []
        for i in seats:
            name, character = self.rows[i].name, self.char_name(self.rows[i].character)
            out.append(Item(seat_label(i, name, character), i, seat=i, names=(name, character)))
        return out

    def _picked_words(self, pick: SetupPick) -> str:
        value = self.picked.get(pick.name)
        if pick.of_seat:
            return "—" if value is None or not 0 <= value < len(self.rows) else self.rows[value].name
        return dict((v, label) for label, v in pick.options).get(value or 0, "—")

    @asks
    async def action_rules_setup(self) -> None:
        """Each of the rules' own setup choices, one to change."""
        picks = self.rules_picks()
        if not picks:
            return
        items = option_items([(f"{p.label} ({p.key}): {self._picked_words(p)}", p.name) for p in picks])
        got = await self.app.push_screen_wait(Pick("What the script's rules ask of the setup", items))
        pick = next((p for p in picks if p.name == got), None)
        if pick is not None:
            await self._ask_pick(pick)

    def on_key(self, event: events.Key) -> None:
        """A rules' setup choice by its own key (shown beside it in the options)."""
        if self.app.screen is not self or isinstance(self.focused, Input):
            return
        pick = next((p for p in self.rules_picks() if p.key == event.character), None)
        if pick is not None:
            event.stop()
            self._run_pick(pick)

    @asks
    async def _run_pick(self, pick: SetupPick) -> None:
        await self._ask_pick(pick)

    async def _ask_pick(self, pick: SetupPick) -> None:
        if not pick.of_seat:  # an option: the next one in turn
            values = [v for _label, v in pick.options]
            now = self.picked.get(pick.name) or values[0]
            self.picked[pick.name] = values[(values.index(now) + 1) % len(values)]
            self.refresh_view()
            return
        got = await self.app.push_screen_wait(Pick(pick.question, self._seat_items(list(pick.seats))))
        if got is not None:
            self.picked[pick.name] = got
            self.refresh_view()

    @asks
    async def action_thinks(self) -> None:
        """The selected player's, or else the first Drunk's."""
        i = self._selected()
        thinkers = [j for j, r in enumerate(self.rows) if not r.traveller and r.character in THINKS]
        if not thinkers:
            self.notify("Nobody thinks they are another character: deal the Drunk first.", severity="warning")
            return
        await self._ask_thinks(i if i in thinkers else thinkers[0])

    async def _ask_thinks(self, i: int) -> None:
        row = self.rows[i]
        assert row.character is not None
        in_play = [r.character for r in self.rows if r.character]
        items = [(self.char_name(c), c) for c in thinks_choices(self.script, row.character, in_play)]
        team = THINKS[row.character].label
        got = await self.app.push_screen_wait(
            Pick(f"{row.name} is the {self.char_name(row.character)}: which {team} do they think they are?",
                 items, highlight=row.thinks)
        )
        if got is not None:
            row.thinks = got
            self.refresh_view()
            for ask in self.dealt_asks():  # who thinks they are its owner has it too
                if ask.owner == got and self.marked.get(ask.name) not in self.rows:
                    await self._ask_setup_token(ask)

    @asks
    async def action_setup_token(self) -> None:
        """The reminders the rules ask for at setup, of the characters dealt (each in turn)."""
        dealt = self.dealt_asks()
        if not dealt:
            owners = " or the ".join(self.char_name(a.owner) for a in self.asks if a.owner in self.script.by_id)
            self.notify(f"No setup reminder to place: deal the {owners} first.", severity="warning")
            return
        for ask in dealt:
            await self._ask_setup_token(ask)

    async def _ask_setup_token(self, ask: SetupAsk) -> None:
        seats = [i for i in range(len(self.rows)) if self.may_carry(ask, i)]
        row = self.marked.get(ask.name)
        who = "a good player" if ask.good else "a player"
        got = await self.app.push_screen_wait(
            Pick(f"The {self.char_name(ask.owner)}'s {ask.label} ({who}; it may be the {self.char_name(ask.owner)})",
                 self._seat_items(seats), highlight=self.rows.index(row) if row in self.rows else None)
        )
        if got is not None:
            self.marked[ask.name] = self.rows[got]
            self.refresh_view()


    @asks
    async def action_bluffs(self) -> None:
        in_play = {r.character for r in self.rows} | {r.thinks for r in self.rows}  # the Drunk's is no bluff
        items = [(f"{c.name} ({c.team.label})", c.id) for c in self.script.characters
                 if c.team.is_good and c.id not in in_play]
        got = await self.app.push_screen_wait(Pick("The Demon's three bluffs", items, multi=True, count=3))
        if got is not None:
            self.bluffs = tuple(got)
            self.refresh_view()

    # --- go ------------------------------------------------------------------------------------------
    def action_start(self) -> None:
        problems = self.problems()
        if problems:
            self.notify("\n".join(problems), title="This setup is not legal yet", severity="error", timeout=10)
            return
        game = Game(self.table())
        try:
            for f in self.fabled:  # placed before the first night: the game's first events
                game.apply(ev.PlaceFabled(f))
        except IllegalAction as exc:
            self.notify(str(exc), title="Not allowed", severity="error")
            return
        game.apply(ev.StartNight())
        if self.script_ref != MAIN:
            from grimoire.store.recent_scripts import remember_script

            remember_script(self.script_ref)
        self.dismiss()
        self.app.open_grimoire(game)

    def action_back(self) -> None:
        if isinstance(self.focused, Input) and self.rows:
            self.query_one("#setup-players").focus()
            return
        if self.rows or self.fabled or self.unseated:
            self._ask_back()  # one key must not throw a table's worth of choices away
        else:
            self.dismiss()

    @asks
    async def _ask_back(self) -> None:
        items = option_items([("Stay: go on with the setup", False),
                              ("Leave: drop the players and characters chosen here", True)])
        got = await self.app.push_screen_wait(Pick(f"Leave the setup? {len(self.rows)} player(s) entered.", items))
        if got:
            self.call_later(self._leave)  # once the question has closed

    def _leave(self) -> None:
        self.dismiss()

    def action_help(self) -> None:
        self.app.push_screen(KeysHelp(binding_rows(self), rules=self.script.bootlegger))
