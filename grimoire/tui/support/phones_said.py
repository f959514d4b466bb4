"""What the players' phones said of their cards, logged by the window that holds the game.

``grimoire serve`` never writes the save: it writes what a phone said (a card opened, seen)
to ``<game>.seen.json``, and the grimoire, looking at that file every second, logs each as an
event (grimoire.store.phone_cards.news) through the session, as every change is. An older
game's side file of cards sent is read into the log once, as the game opens.
"""

from __future__ import annotations

from pathlib import Path

from grimoire.game import IllegalAction
from grimoire.store import phone_cards
from grimoire.store.watch import FileWatch
from grimoire.tui.session import Session


class PhonesSaid:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.watch = FileWatch(phone_cards.seen_path(path))
        self.seen: dict[str, str] = {}
        self.taken: set[tuple[str, str]] = set()  # logged once by this window: an undo of it stands
        self._looked: tuple[int, int] = (-1, -1)  # (the log's length, the file's changes) at the last look
        self._changes = 0

    def migrate(self, session: Session) -> int:
        """An older game's cards sent and its choices, from its side file into the log (how many events)."""
        old = phone_cards.read_phones(self.path)
        done = 0
        for event in phone_cards.migration(session.game.state, old):
            try:
                session.apply(event)
                done += 1
            except IllegalAction:
                continue  # a card for a seat this game has not: nothing a phone could show
        if done or old != phone_cards.OldPhones():
            phone_cards.retire_phones(self.path)
        return done

    def look(self, session: Session) -> int:
        """Log what the phones said since the last look (how many events)."""
        if self.watch.changed():
            self.seen = phone_cards.read_seen(self.path)
            self._changes += 1
        now = (len(session.game.events), self._changes)
        if now == self._looked:
            return 0
        done = 0
        for event in phone_cards.news(session.game.state, self.seen, self.taken):
            redo = list(session.game.redo_stack)  # a phone's word changes no rule: the storyteller's redo stays
            try:
                session.apply(event)
            except IllegalAction:
                continue
            session.game.redo_stack[:] = redo
            self.taken.add((getattr(event, "card", ""), event.kind.removeprefix("card_")))
            done += 1
        self._looked = (len(session.game.events), self._changes)
        return done
