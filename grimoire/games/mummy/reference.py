"""The guest reference (every guest's seed text) and how a single secret card is shown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from grimoire.games.mummy.commands import ScreenKeys
from grimoire.games.mummy.guests import GuestDef
from grimoire.games.mummy.modals import DIALOG_CSS
from grimoire.tui.guard import Guarded
from grimoire.tui.support.view import esc
from grimoire.tui.widgets.keys import KeysFooter

FACE = {"always": "hides face", "never": "shows face", "conditional": "hides face unless a neighbour dances"}
WHISPER = {"honest": "answers inquiries honestly", "always_no": "whispers No to every inquiry",
           "always_yes": "whispers Yes to every inquiry"}

TURN = (
    "[b]Your turn: Inquire, Dance, or Accuse.[/b]\n"
    "• Inquire: ask another player if they are a specific Guest; they whisper Yes or No.\n"
    "• Dance: ask another player; they accept or refuse out loud. If they refuse, inquire of a "
    "different player (not the one who refused); if none is eligible, your turn ends.\n"
    "• Accuse: reveal your Guest card, place an Accusation card in front of each unrevealed "
    "player; every Whisper Yes wins.\n"
    "Revealed guests may not ask for or accept dances. Mystery Guests are never inquired of, "
    "danced with, or whisper.\n"
    "[b]How this app reads some cases[/b]\n"
    "• After every refused dance the asker is asked alone whether they are the Statue of "
    "Anubis; if so he must reveal, reveal a Mystery Guest and accuse, before anyone plays on.\n"
    "• The Cat Burglar may accuse only until the next turn begins (the next inquiry, dance "
    "request or accusation).\n"
    "• The Cat Burglar may not accuse the Picture of Dorian Gray who took a Mystery Guest in "
    "their dance: he showed his face. A Picture of Dorian Gray who took the Cat Burglar during "
    "a dance danced as the Picture: that dance gives him no Cat Burglar's accusation."
)


def guest_facts(guest: GuestDef) -> str:
    facts = [FACE[guest.hides_face], WHISPER[guest.inquiry]]
    if guest.must_accept_dance:
        facts.append("must accept dances")
    if not guest.may_request_dance:
        facts.append("may not request dances")
    if guest.advanced:
        facts.append("advanced")
    if guest.set != "notm":
        facts.append(f"from {guest.set}")
    return " · ".join(facts)


def guest_card(guest: GuestDef) -> str:
    """One guest as markup: name, tagline, quick facts, the seed's text."""
    tagline = f"\n[i]{esc(guest.tagline)}[/i]" if guest.tagline else ""
    return (
        f"[b]{esc(guest.name)}[/b]{tagline}\n"
        f"[dim]{esc(guest_facts(guest))}[/dim]\n{esc(guest.ability)}"
    )


class ReferenceScreen(Guarded, ModalScreen[None]):
    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False
    COMMANDS = {ScreenKeys}
    BINDINGS = [
        Binding("escape,question_mark", "close", "Close", id="mummy.ref.close", tooltip="Back to the game"),
    ]

    def __init__(self, guests: Sequence[GuestDef], in_game: Sequence[str] = (), keys: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self._guests = list(guests)
        self._in_game = set(in_game)
        self._keys = dict(keys or {})

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="mummy-dialog mummy-reference", id="reference"):
            yield Static("[b]Night of the Mummy — guest reference[/b]  (Esc closes)")
            yield Static(TURN, classes="mummy-block")
            if self._keys:
                lines = "\n".join(f"  [b]{esc(k)}[/b]  {esc(v)}" for k, v in self._keys.items())
                yield Static(f"[b]Keys here[/b]\n{lines}", classes="mummy-block")
            for guest in self._guests:
                marker = "● in this game  " if guest.id in self._in_game else ""
                yield Static(f"[b]{marker}[/b]{guest_card(guest)}", classes="mummy-block")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#reference").focus()

    def action_close(self) -> None:
        self.dismiss(None)
