"""The table during play: whose turn it is, public state and log; every secret goes through a
pass-and-play gate."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import attrs
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static

from grimoire.games import persist
from grimoire.games.autosave_screen import AutosaveScreen
from grimoire.games.mummy import phones as ph
from grimoire.games.mummy import rules, save, view
from grimoire.games.mummy.accuse import AccusationScreen, WhispersScreen
from grimoire.games.mummy.commands import ScreenKeys
from grimoire.games.mummy.dance import DanceAnswerScreen, DanceRequestScreen, DanceScreen
from grimoire.games.mummy.grid import DeductionGrid, new_grid, with_known
from grimoire.games.mummy.grid_screen import GridScreen
from grimoire.games.mummy.guests import ANUBIS, CAT_BURGLAR, PHANTOM
from grimoire.games.mummy.modals import AskScreen, ConfirmScreen, MayScreen, PickScreen, SecretScreen
from grimoire.games.mummy.party_log import PartyLog
from grimoire.games.mummy.phone_dance import PhoneDanceScreen
from grimoire.games.mummy.phones import Phones
from grimoire.games.mummy.reference import ReferenceScreen, guest_card
from grimoire.games.mummy.rules import MasqueradeGame, RuleError
from grimoire.games.mummy.undo import Before, undo, undo_phones
from grimoire.tui.guard import ASK, Guarded, asks
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter


class TableScreen(Guarded, AutosaveScreen, Screen[None]):
    CSS_PATH = Path(__file__).with_name("mummy.tcss")
    COMMANDS = {ScreenKeys}
    TITLE = "Night of the Mummy"
    SAVE = save
    GAME_TITLE = "Night of the Mummy"
    CHANGES_GAME = frozenset({"inquire", "dance", "accuse", "mystery", "grid", "undo"})  # refused while watching
    BINDINGS = [
        Binding("i", "inquire", "Inquire", id="mummy.table.inquire",
                tooltip="On your turn: ask a player if they are a guest; they whisper the answer to you alone"),
        Binding("d", "dance", "Dance", id="mummy.table.dance", tooltip="On your turn: ask a player to dance"),
        Binding("a", "accuse", "Accuse", id="mummy.table.accuse", tooltip="Reveal, place Accusation cards, collect shuffled whispers"),
        Binding("c", "card", "My card", id="mummy.table.card", tooltip="A player looks at their own Guest card again, in private"),
        Binding("g", "grid", "My grid", id="mummy.table.grid", tooltip="A player's private deduction grid"),
        Binding("m", "mystery", "Anubis: Mystery", id="mummy.table.mystery",
                tooltip="After Anubis's refused dance: reveal a Mystery Guest"),
        Binding("L", "links", "Phones' links", id="mummy.table.links",
                tooltip="Each player's link to their phone's page, and its QR code"),
        Binding("u", "undo", "Undo", id="mummy.table.undo", tooltip="Take back the last action (a mistake at the table)"),
        Binding("question_mark", "reference", "Guests & rules", id="mummy.table.reference",
                tooltip="Every guest's text and the turn rules"),
        Binding("escape", "leave", "End game", id="mummy.table.leave", tooltip="End this game and go back to setup"),
    ]

    def __init__(
        self,
        game: MasqueradeGame,
        rng: random.Random,
        saver: persist.AutoSaver[persist.Autosaved] | None = None,
        *,
        resumed: bool = False,
        read_only: str | None = None,
        log: Iterable[str] = (),
        grids: Iterable[DeductionGrid] = (),
        undo: Iterable[Before] = (),
        phones: Phones | None = None,
    ) -> None:
        """``read_only``: why this window only watches the game (another window plays it);
        ``undo``: the table before each action, oldest first (from the autosave)."""
        super().__init__()
        self._game = game
        self.rng = rng
        self.grids: dict[int, DeductionGrid] = {grid.owner: grid for grid in grids}
        self.history: list[Before] = list(undo)
        # The table as the action under way found it: what undo goes back to once it changes.
        self._action_start: Before | None = None
        self._saver = saver or self.new_saver()
        self._resumed = resumed
        self.read_only = read_only
        self._log = PartyLog(log, id="mummy-log")
        # Played with the players' phones: every secret goes to the phones concerned.
        self.phones = phones
        self.seen: dict[str, str] = {}  # card id -> opened or seen, as the phones said

    @property
    def game(self) -> MasqueradeGame:
        return self._game

    @game.setter
    def game(self, game: MasqueradeGame) -> None:
        start = self._action_start
        if start is not None and game is not start.game and not (self.history and self.history[-1] is start):
            self.history.append(start)  # one undo step per action, however many changes it makes
            del self.history[: -persist.UNDO_KEPT]
        self._game = game
        if self.is_mounted:
            self._autosave()

    def _begin_action(self) -> None:
        """An action starts: undo takes the table back to the game and the log as they are now."""
        phones = self.phones
        self._action_start = Before(self._game, len(self._log.said),
                                    None if phones is None else len(phones.cards),
                                    None if phones is None else len(phones.public))

    # ------------------------------------------------------------------------------ autosave
    # The file holds the secret deal and the grids (like the Phantom grimoire's autosave); it
    # stays on the host's machine and is never shown. Every change is saved, in order, in a thread.

    @property
    def party(self) -> save.Party:
        return save.Party(self.game, tuple(self._log.said), tuple(self.grids[s] for s in sorted(self.grids)),
                          self.phones)

    def _autosave(self) -> None:
        # Played with phones, a won game stays saved until the table is left: the phones follow
        # it, and show every card and the accusation's answers.
        finished = self.game.winner is not None and self.phones is None
        self.save_state(self.party, finished=finished, undo=tuple(self.history))

    def _forget(self) -> None:
        """The host ended this game on purpose: delete its autosave."""
        self.forget_save()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="mummy-table"):
            # Scrolls on a small terminal with many players.
            with VerticalScroll(id="mummy-table-left"):
                yield Static(id="mummy-seats")
                yield Static(id="mummy-turn")
                yield Static(id="mummy-display")
                yield Static(id="mummy-phones")
            yield self._log
        yield KeysFooter()

    def show_watched(self, state: save.Party) -> None:
        # Never saved: this window only watches.
        self.game = state.game
        self.grids = {grid.owner: grid for grid in state.grids}
        self.phones = state.phones
        self._log.replace(state.log)
        self._say("As saved by the other window: the game goes on there.")
        self._refresh()

    def on_mount(self) -> None:
        self.sub_title = "The party" + (" · READ-ONLY: watching another window's game" if self.read_only else "")
        if self.read_only:
            self._log.say(f"Watching, read-only: {self.read_only}.")
        else:
            self._log.say("The game in progress is resumed." if self._resumed else "The night begins.")
        self._refresh()
        self._autosave()
        if self.phones is not None:
            self._look_at_phones()
            self.set_interval(1.0, self._look_at_phones)
        if self.game.turn is None and self.game.winner is None and not self.read_only:
            self._ask_turn()
        elif self._anubis_unasked() and not self.read_only:
            self._ask_anubis()  # the game stopped between a refusal and that question

    # ------------------------------------------------------------------------------ display

    def _say(self, line: str) -> None:
        self._log.say(line)
        self._autosave()

    def _player(self, seat: int) -> str:
        return self.game.place_name(seat)

    def _refresh(self) -> None:
        game = self.game
        self.query_one("#mummy-seats", Static).update(view.seats_text(game))
        self.query_one("#mummy-turn", Static).update(view.turn_text(game))
        self.query_one("#mummy-display", Static).update(view.guests_text(game))
        self._show_phones()
        self.refresh_bindings()

    # ------------------------------------------------------------------------------ phones

    def _send(self, cards: Iterable[ph.Card]) -> None:
        """Cards to the phones concerned: kept with the game, so the server gives them out."""
        if self.phones is not None:
            self.phones = self.phones.add(*cards)
            self._autosave()
            self._show_phones()

    def _danced(self, game: MasqueradeGame, cards: Iterable[ph.Card] = ()) -> None:
        """A change made during the dance (Dorian Gray's swap, a Gargoyle joining), saved now."""
        self.game = game
        self._send(cards)

    def _look_at_phones(self) -> None:
        from grimoire.games.mummy.phone_links import read_seen

        seen = read_seen()
        if seen != self.seen:
            self.seen = seen
            self._show_phones()

    def _show_phones(self) -> None:
        panel = self.query_one("#mummy-phones", Static)
        panel.display = self.phones is not None
        if self.phones is not None:
            panel.update(view.phones_text(self.game, self.phones, self.seen))

    def _say_turn(self) -> None:
        game = self.game
        if game.winner is None and game.turn is not None:
            self._say(f"It is {self._player(game.turn)}'s turn.")

    def _error(self, error: RuleError) -> None:
        self.notify(str(error), title="Not allowed", severity="error", timeout=10)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game = self.game
        if action in ("inquire", "dance", "accuse", "mystery"):
            if game.winner is not None or game.turn is None:
                return None
        if action == "dance":
            return True  # on a revealed player's turn, or after a refusal, d says why not
        if action == "mystery":
            # Shown whenever Anubis is in the game, so the key itself gives nothing away.
            usable = game.refused is not None and game.anubis_accuses is None
            return ANUBIS in game.setup.chosen and (True if usable else None)
        if action == "undo":
            return True if self.history else None
        if action in ("card", "grid"):
            return self.phones is None  # with phones, each player's card and grid are on their phone
        if action == "links":
            return self.phones is not None
        return True

    async def _pick_seat(self, title: str, seats: tuple[int, ...]) -> int | None:
        if not seats:
            return None
        return await self.app.push_screen_wait(
            PickScreen(title, [(self.game.place_name(s), s) for s in seats])
        )

    # ------------------------------------------------------------------------------ actions

    @work(group=ASK)  # never refused, and other questions wait for it
    async def _ask_turn(self) -> None:
        self._begin_action()
        game = self.game
        if self._resumed:
            title = "Whose turn is it? (The save did not say.)"
        else:
            title = f"Who goes first? {rules.quote(rules.R_CLOCKWISE)}"
        seat = await self._pick_seat(title, tuple(range(game.seats)))
        self.game = rules.first_player(self.game, 0 if seat is None else seat)
        verb = "goes first" if not self._resumed else "plays next"
        self._say(f"{self._player(self.game.turn or 0)} {verb}; play continues clockwise.")
        self._refresh()

    @asks
    async def action_inquire(self) -> None:
        self._begin_action()
        game = self.game
        asker = game.turn
        if asker is None:
            return
        targets = rules.inquiry_targets(game, asker)
        if not targets:
            self.notify("No eligible player to inquire of.", severity="warning")
            return
        target = await self._pick_seat(f"{game.place_name(asker)} inquires of…", targets)
        if target is None:
            return
        guess = await self.app.push_screen_wait(
            PickScreen(f"“{game.place_name(target)}, are you …?”",
                       [(game.catalogue[g].name, k) for k, g in enumerate(game.setup.chosen)])
        )
        if guess is None:
            return
        guess_id = game.setup.chosen[guess]
        try:
            self.game = rules.inquire(game, asker, target, guess_id)
        except RuleError as error:
            self._error(error)
            return
        asker_name, target_name = game.place_name(asker), game.place_name(target)
        guess_name = game.catalogue[guess_id].name
        self._say(f"{asker_name} asks {target_name}: are you {guess_name}?")
        if self.phones is not None:
            # What to whisper on the target's phone, the whisper on the asker's.
            self._send(ph.inquiry_cards(game, self.game))
            self._say(f"{target_name} whispers the answer to {asker_name} (on their phones).")
            self._say_turn()
            self._refresh()
            return
        await self.app.push_screen_wait(
            SecretScreen(target_name, self._whisper_text(asker, target, guess_id), title="Inquiry")
        )
        # There are no Whisper cards: the asker reads the answer, alone.
        await self.app.push_screen_wait(
            SecretScreen(asker_name, self._answer_text(target, guess_id), title="The whisper")
        )
        self._say(f"{target_name} whispered the answer to {asker_name}.")
        self._say_turn()
        self._refresh()

    def _whisper_text(self, asker: int, target: int, guess_id: str) -> str:
        game = self.game
        guest = game.guest(target)
        inquiry = game.last_inquiry
        assert inquiry is not None
        word = "YES" if inquiry.whisper else "NO"
        asker_name = esc(game.place_name(asker))
        text = (
            f"{asker_name} asks: are you {esc(game.catalogue[guess_id].name)}?\n\n"
            f"[b]You whisper {word}.[/b] {asker_name} reads it next, alone."
        )
        if guest.inquiry != "honest":
            text += f"\n\nYou are {esc(guest.name)}: “{esc(guest.ability)}”"
        if guest.id == PHANTOM and not inquiry.whisper and target not in game.revealed:
            text += (
                f"\n\nAs the Phantom you may now reveal to accuse only {asker_name}: "
                "on the table press a and choose yourself."
            )
        return text

    def _answer_text(self, target: int, guess_id: str) -> str:
        game = self.game
        inquiry = game.last_inquiry
        assert inquiry is not None
        word = "YES" if inquiry.whisper else "NO"
        return (
            f"You asked {esc(game.place_name(target))}: are you "
            f"{esc(game.catalogue[guess_id].name)}?\n\n[b]The whisper: {word}[/b]\n\n"
            "(The Mummy whispers No to every inquiry and the Sarcophagus Yes.)"
        )

    @asks
    async def action_dance(self) -> None:
        self._begin_action()
        game = self.game
        asker = game.turn
        if asker is None:
            return
        try:
            rules.check_may_dance(game, asker)
        except RuleError as error:
            self._error(error)
            return
        partners = tuple(s for s in range(game.seats) if s not in game.revealed and s != asker)
        partner = await self._pick_seat(f"{game.place_name(asker)} asks…", partners)
        if partner is None:
            if not partners:
                self.notify("Every other guest is revealed.", severity="warning")
            return
        try:
            rules.check_dance_public(game, asker, partner)
        except RuleError as error:
            self._error(error)
            return
        asker_name, partner_name = game.place_name(asker), game.place_name(partner)
        if self.phones is not None:
            accept = await self._phone_request(game, asker, partner)
            if accept is None:
                return  # (it said why)
        else:
            if not await self.app.push_screen_wait(DanceRequestScreen(game, asker, partner)):
                self._say(f"{asker_name} did not ask {partner_name} after all.")
                return
            self._say(f"{asker_name} asks {partner_name}: “Would you care to dance?”")
            accept = await self.app.push_screen_wait(DanceAnswerScreen(game, asker, partner))
        if accept is None:
            self._say(f"{partner_name} has not answered; the request is withdrawn.")
            return
        try:
            self.game = rules.dance(game, asker, partner, accept)
        except RuleError as error:  # the answer screen already enforces this
            self._error(error)
            return
        if accept:
            self._say(f"{partner_name} accepts. Everyone else closes their eyes (and drums lightly on the table).")
            if self.phones is not None:
                # The faces on the dancers' phones; a Gargoyle outside it is told he may join.
                self._send([*ph.dance_cards(self.game), *ph.nearby_cards(self.game)])
                self.game = await self.app.push_screen_wait(PhoneDanceScreen(self.game, self._danced))
                self._send(ph.cat_cards(self.game))
            else:
                # Seen only by the dancers; abilities used during it go through their own gates.
                self.game = await self.app.push_screen_wait(DanceScreen(self.game, self._danced))
            self._say(f"The dance is over: {asker_name} tells everyone to open their eyes.")
        else:
            self._say(f"{partner_name} refuses to dance with {asker_name}.")
            if ANUBIS in self.game.setup.chosen:
                # Every refused asker is asked alone, so the question gives nothing away; the
                # Statue of Anubis must then reveal a Mystery Guest and accuse, at once.
                if self.phones is not None:
                    self._send([ph.anubis_card(self.game, asker)])
                self._say(f"{asker_name} is asked alone: the Statue of Anubis, refused, must reveal a Mystery Guest and accuse.")
                await self._anubis_step()
                if self.game.anubis_owes is not None or self.game.refused is None:
                    return  # he accused (or the game stopped): the accusation said the rest
            if self.game.must_inquire:
                self._say(f"{asker_name}: inquire of a different player (not {partner_name}) — press i.")
            else:
                self._say(f"No eligible player to inquire of: {asker_name}'s turn ends immediately.")
        self._say_turn()
        self._refresh()

    async def _phone_request(self, game: MasqueradeGame, asker: int, partner: int) -> bool | None:
        """A dance request with phones: the asker's card checked (a refusal on their phone
        alone), the partner told on their phone whether they may refuse, then their answer, out
        loud, recorded here."""
        asker_name, partner_name = game.place_name(asker), game.place_name(partner)
        try:
            rules.check_dance_request(game, asker, partner)
        except RuleError as error:
            self._send([ph.refusal_card(game, asker, "You may not ask for this dance", str(error))])
            self._say(f"{asker_name} did not ask {partner_name} after all.")
            return None
        self._say(f"{asker_name} asks {partner_name}: “Would you care to dance?”")
        kept = None if self.phones is None else len(self.phones.cards)
        self._send([ph.request_card(game, asker, partner)])
        while True:
            accept = await self.app.push_screen_wait(AskScreen(
                f"[b]{esc(asker_name)} asks {esc(partner_name)} to dance.[/b]\n\n"
                f"{esc(partner_name)}'s phone says whether they may refuse; they answer out loud.\n\n"
                "[b]Enter[/b]  Accepts\n[b]n[/b]      Refuses\n[b]Esc[/b]    The request is withdrawn"))
            if accept is None:
                self._say(f"{partner_name} has not answered; the request is withdrawn.")
                if self.phones is not None and kept is not None:  # its card leaves the partner's phone
                    self.phones = attrs.evolve(self.phones, cards=self.phones.cards[:kept])
                    self._autosave()
                    self._show_phones()
                return None
            if accept:
                return True
            try:
                rules.check_dance_answer(game, partner, False)
            except RuleError:
                self.notify(f"{partner_name} may not refuse: their phone says why.", severity="warning")
                continue
            return False

    def _accusers(self) -> tuple[int, ...]:
        """Who may accuse now: the player whose turn it is, the Statue of Anubis after his
        Mystery Guest, and whoever might use a "reveal to" accusation (the player just inquired
        of, the dancers). Whether their card allows it is told to them alone, before they reveal it."""
        game = self.game
        seats: list[int] = []
        if game.anubis_accuses is not None:
            seats.append(game.anubis_accuses)
        if game.turn is not None and not game.must_inquire:
            seats.append(game.turn)
        # Only guests in the game can have these abilities (the chosen guests are public).
        chosen = game.setup.chosen
        if game.last_inquiry is not None and PHANTOM in chosen:
            seats.append(game.last_inquiry.target)
        if game.last_dance is not None and CAT_BURGLAR in chosen:
            # The asker and the partner; a Gargoyle who joined was seen only by the dancers.
            seats.extend(game.last_dance.dancers[:2])
        reveal_to = {s for s in seats if s != game.turn and s != game.anubis_accuses}
        return tuple(dict.fromkeys(s for s in seats if not (s in reveal_to and s in game.revealed)))

    @asks
    async def action_accuse(self) -> None:
        self._begin_action()
        game = self.game
        seats = self._accusers()
        if not seats:
            self._error(RuleError(rules.quote(rules.R_REFUSED)))
            return
        labels = []
        for s in seats:
            own = s == game.turn or s == game.anubis_accuses
            labels.append((f"{game.place_name(s)}{'' if own else ' (out of turn: a reveal-to ability)'}", s))
        accuser = await self.app.push_screen_wait(PickScreen("Who accuses?", labels))
        if accuser is not None:
            await self._accuse(accuser)

    async def _accuse(self, accuser: int) -> None:
        game = self.game
        name = game.place_name(accuser)
        out_of_turn = accuser not in (game.turn, game.anubis_accuses)
        if out_of_turn:
            # Only the accuser learns whether their card allows it: a refusal reveals nothing.
            if not await self._may(self._reveal_to_check(accuser), accuser):
                self._say(f"{name} does not accuse after all.")
                return
        elif accuser not in game.revealed and not await self.app.push_screen_wait(
            ConfirmScreen(f"{esc(name)} reveals their Guest card to everyone first.\n\n"
                          "Enter: reveal it now · Esc: do not accuse")
        ):
            return
        if accuser not in game.revealed:
            self._say(view.accuses_and_reveals(game, accuser))
        else:
            self._say(f"{name} accuses.")
        must = accuser == game.anubis_accuses  # "it must ... then make an accusation"
        outcome = await self.app.push_screen_wait(
            AccusationScreen(game, accuser, self.rng, out_of_turn=out_of_turn, must=must))
        if outcome is None:
            self.game = rules.reveal(game, accuser)
            self._say(f"{name} withdrew the accusation; the card stays revealed.")
            self._refresh()
            return
        self.game, result = outcome
        if self.phones is not None:
            # Each accused player's whisper on their phone; what everyone learns, on every grid.
            self._send(ph.accused_cards(game, result))
            self.phones = self.phones.learn(ph.accusation_facts(result))
        self._say(view.accusation(game, result))
        if result.won:
            self._say(view.wins(self.game))
        else:
            self._say("A No: the game continues. Reshuffle the Whisper cards and deal everyone a Yes and a No.")
            self._say_turn()
        self._refresh()
        await self.app.push_screen_wait(WhispersScreen(name, result, view.verdict(name, result, self.game)))

    def _reveal_to_check(self, accuser: int) -> MayScreen:
        game = self.game
        title = "An accusation out of turn"
        try:
            abilities = rules.reveal_to_abilities(game, accuser)
        except RuleError as error:
            return MayScreen(game.place_name(accuser), title, refusal=str(error))
        targets = {s for a in abilities for s in rules.reveal_to_targets(game, accuser, a)}
        only = " or ".join(esc(game.place_name(s)) for s in sorted(targets))
        return MayScreen(game.place_name(accuser), title,
                         offer=f"You are {esc(game.guest(accuser).name)}: you may reveal to accuse only {only}.")

    async def _may(self, check: MayScreen, seat: int, *, tell: bool = True) -> bool:
        """A player's own card allows it or not: with phones, a refusal is on their phone alone
        and nothing is asked here; without, the laptop goes to them behind its gate."""
        if self.phones is None:
            return bool(await self.app.push_screen_wait(check))
        if check.refusal:
            if tell:
                self._send([ph.refusal_card(self.game, seat, check.title_text, check.refusal)])
            return False
        return True

    def action_links(self) -> None:  # (with phones only: check_action)
        from grimoire.games.mummy.phone_links import MummyLinksScreen

        self.app.push_screen(MummyLinksScreen(self.game, self.phones, self.read_only))

    @asks
    async def action_card(self) -> None:
        seat = await self._pick_seat("Who looks at their card?", tuple(range(self.game.seats)))
        if seat is None:
            return
        name = self.game.place_name(seat)
        await self.app.push_screen_wait(
            SecretScreen(name, f"[b]{esc(name)}, you are:[/b]\n\n{guest_card(self.game.guest(seat))}",
                         title="Your card")
        )

    @asks
    async def action_grid(self) -> None:
        seat = await self._pick_seat("Whose deduction grid?", tuple(range(self.game.seats)))
        if seat is None:
            return
        grid = self.grids.get(seat) or new_grid(self.game, seat)
        # Face-up cards (revealed guests, Anubis's Mystery Guest) are filled in for certain.
        self.grids[seat] = await self.app.push_screen_wait(GridScreen(self.game, with_known(grid, self.game)))
        self._autosave()

    def _anubis_unasked(self) -> bool:
        """A dance was refused, and no Mystery Guest revealed since: the refused asker may be
        the Statue of Anubis (public facts only)."""
        game = self.game
        return (game.winner is None and game.refused is not None and game.anubis_accuses is None
                and ANUBIS in game.setup.chosen)

    @work(group=ASK)  # never refused, and other questions wait for it
    async def _ask_anubis(self) -> None:
        self._begin_action()
        await self._anubis_step()
        self._refresh()

    @asks
    async def action_mystery(self) -> None:
        self._begin_action()
        await self._anubis_step()
        self._refresh()

    async def _anubis_step(self) -> None:
        """The refused asker, alone, learns whether he is the Statue of Anubis; if he is, he
        must reveal his card, then a Mystery Guest, then accuse: no key leaves this on the way."""
        game = self.game
        assert game.refused is not None
        seat = game.refused[0]
        name = game.place_name(seat)
        if seat not in game.revealed:
            # Only he learns whether he is the Statue (a refusal reveals nothing); then he shows
            # his card before anything on the table depends on it.
            try:
                rules.check_anubis_card(game)
                check = MayScreen(name, "After a refused dance", must=True, offer=(
                    "You are the Statue of Anubis, refused: you must reveal your card to everyone, "
                    "then a Mystery Guest, then accuse."))
            except RuleError as error:
                check = MayScreen(name, "After a refused dance", must=True, refusal=str(error))
            # (With phones, his phone said it as he was refused: ph.anubis_card.)
            if not await self._may(check, seat, tell=False):
                self._say(f"{name} reveals no Mystery Guest.")
                return
            self.game = game = rules.reveal(game, seat)
            self._say(view.reveals(game, seat))
            self._refresh()
        try:
            rules.check_anubis(game)
        except RuleError as error:
            self._error(error)
            return
        slots = [(game.place_name(game.seats + k), k) for k in range(len(game.setup.mystery)) if k not in game.mystery_revealed]
        slot = None
        while slots and slot is None:  # he must: Esc asks again
            slot = await self.app.push_screen_wait(
                PickScreen("Reveal which Mystery Guest? (The Statue of Anubis must.)", slots))
        if slot is None:
            self._say("Every Mystery Guest is face-up already.")
            return
        self.game = rules.reveal_mystery(game, slot)
        self._say(view.mystery_revealed(game, slot))
        self._refresh()
        await self._accuse(seat)

    def action_undo(self) -> None:
        if not self.history:
            return
        self._action_start = None
        # The lines the action said go with it: they may name a card that is face-down again.
        before = self.history.pop()
        game, log = undo(self._log.said, before)
        self.phones = undo_phones(self.phones, before)
        self._log.replace(log)
        self.game = game
        self._say_turn()
        self._refresh()
        if self.game.turn is None and self.game.winner is None:
            self._resumed = False  # back before the first turn: who goes first, again
            self._ask_turn()

    def action_reference(self) -> None:
        keys = {self.app.get_key_display(b): b.description for b in self.BINDINGS if isinstance(b, Binding)}
        guests = [self.game.catalogue[g] for g in self.game.setup.chosen]
        self.app.push_screen(ReferenceScreen(guests, self.game.setup.chosen, keys))

    @asks
    async def action_leave(self) -> None:
        if self.game.winner is not None or self.read_only:
            if self.game.winner is not None and self.phones is not None and not self.read_only:
                self._forget()  # the phones have shown the end: nothing left to resume
            self.dismiss(None)
        elif await self.app.push_screen_wait(
            ConfirmScreen("End this game and go back to setup? Its autosave is deleted.\n"
                          "(To stop for now and resume later, just quit: the game is saved.)\n\n"
                          "Enter: end it · Esc: keep playing")
        ):
            self._forget()
            self.dismiss(None)
