"""The game the server shows, followed through its files as the storyteller plays.

Five small files, each looked at with one stat and read only when it changed
(grimoire.store.watch): the pointer to the game open in the grimoire (when no save was
named), the save itself (the cards dealt and sent to the phones are its events), the table's
live file (the vote going round, the timer), the seats' link codes, and which cards the phones
said they opened, before the grimoire logs it (grimoire.store.phone_cards). The save is parsed
off the event loop; a page never waits for a read.
Pure of Textual and Rich.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from grimoire.core.model import Card, GameState
from grimoire.core.public import PublicView, public_view
from grimoire.core.script import Character, Script
from grimoire.core.value import frozen
from grimoire.rules.words import announced_line
from grimoire.store import live_table, phone_cards, seat_links
from grimoire.store.live_table import LiveTable
from grimoire.store.watch import FileWatch
from grimoire.web.follow_save import SaveFollower
from grimoire.web.other_game import OtherGame, OtherReader, OtherShown, recognised


@frozen
class Shown:
    """One reading of the table: all a page's state is made from."""

    view: PublicView
    script: Script
    live: LiveTable
    codes: dict[int, str]  # seat index -> its link's code (never sent to any page)
    rehearsal: bool = False
    visitors: dict[str, Character] = attrs.field(factory=dict)  # the Travellers at the table and the Fabled in play
    # Each seat's private cards (grimoire.present.phone_cards): for that seat's page alone.
    cards: dict[int, tuple[Card, ...]] = attrs.field(factory=dict)
    seen: dict[str, str] = attrs.field(factory=dict)  # card id -> opened or seen


Read = tuple[PublicView, Script, dict[str, Character], GameState]


def read_game(path: Path, follower: SaveFollower | None = None,
              others: tuple[OtherReader, ...] = ()) -> Read | OtherGame | None:
    """The game's public view, script and visitors (grimoire.rules.visitors.in_play: the
    Travellers at the table and the Fabled in play, whose characters are public), or None if the file cannot be read as a game (what
    is wrong with it may name a character: it is not passed on to the players). ``follower``
    reads only what was added since its last reading."""
    from grimoire.present.reveal import public_reveal
    from grimoire.rules.visitors import in_play
    from grimoire.store.saves import SaveError

    reader = recognised(path, others)  # another game played with phones (Night of the Mummy)
    if reader is not None:
        return reader.read(path)
    try:
        game = (follower or SaveFollower()).read(path)
        view = public_view(game.state, public_reveal(game), announced_line(game.rules, game.state),
                           game.rules.registers_dead(game.state))
        return view, game.script, in_play(game.state), game.state
    except (SaveError, OSError, ValueError):  # half written, damaged, not UTF-8: a bad read, not the end
        return None


class Table:
    """Which file to follow, and what changed since the last look."""

    def __init__(self, save: Path | None, others: tuple[OtherReader, ...] = ()) -> None:
        self.others = others  # the readers of other games' saves
        self.follow_open = save is None
        self.path: Path | None = save
        self.number = 0  # which game this is, counted from 0: one more each time the grimoire opens another
        self.rehearsal = False
        self._pointer: FileWatch | None = None
        self._save: FileWatch | None = None
        self._live: FileWatch | None = None
        self._codes: FileWatch | None = None
        self._seen: FileWatch | None = None
        self.game: Read | OtherGame | None = None
        self.follower = SaveFollower()  # the save, read again as it grows
        self.live = LiveTable()
        self.codes: dict[int, str] = {}
        self.table_token = ""
        self.seen: dict[str, str] = {}

    def look(self) -> tuple[bool, bool]:
        """One look (a few stats): (the save must be read again, the small files changed)."""
        switched = self.follow_open and self._follow_the_grimoire()
        path = self.path
        if path is None:
            return False, switched
        if self._save is None or self._save.path != path:
            self._save = FileWatch(path)
            self._live = FileWatch(live_table.live_path(path))
            self._codes = FileWatch(seat_links.links_path(path))
            self._seen = FileWatch(phone_cards.seen_path(path))
        assert self._live is not None and self._codes is not None
        assert self._seen is not None
        small = switched
        if self._live.changed() or (self._live.missing and self.live != LiveTable()):
            self.live = live_table.read_live(path)
            small = True
        small = self.look_at_codes() or small
        if self._seen.changed() or (self._seen.missing and self.seen):
            self.seen = phone_cards.read_seen(path)
            small = True
        return self._save.changed(), small

    def look_at_codes(self) -> bool:
        """Whether the seats' codes changed (read again if so): a phone may open its link the
        moment the storyteller hands it out, before the next look."""
        if self._codes is None or self.path is None:
            return False
        if self._codes.changed() or (self._codes.missing and self.codes):
            self.codes = seat_links.read_seat_codes(self.path)
            self.table_token = seat_links.read_table_token(self.path) or ""
            return True
        return False

    def _follow_the_grimoire(self) -> bool:
        from grimoire.store.open_game import pointer_path, read_open

        if self._pointer is None:
            self._pointer = FileWatch(pointer_path())
        if not self._pointer.changed():
            return False
        opened = read_open(self._pointer.path)
        if opened is None or (opened.path, opened.rehearsal) == (self.path, self.rehearsal):
            return False
        # Another game: nothing of the last one stays, its links least of all.
        self.path, self.rehearsal = opened.path, opened.rehearsal
        self.number += 1
        self._save = self._live = self._codes = self._seen = None
        self.game, self.live, self.codes, self.table_token = None, LiveTable(), {}, ""
        self.seen = {}
        self.follower = SaveFollower()
        return True

    def shown(self) -> Shown | OtherShown | None:
        if self.game is None:
            return None
        if not isinstance(self.game, tuple):
            return OtherShown(self.game, self.codes, dict(self.seen))
        from grimoire.present.phone_cards import seat_cards

        view, script, visitors, g = self.game
        return Shown(view, script, self.live, self.codes, self.rehearsal, visitors, seat_cards(g),
                     dict(self.seen))
