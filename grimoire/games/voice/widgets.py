"""Display widgets of the Voice screen; they only show the tomb they are given."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from grimoire.games.voice.commands import EFFECT_SUMMARY, Effect
from grimoire.games.voice.rules import CAPACITY, Explorer, Level, Tomb, needs, score, winners
from grimoire.tui.support.plain import plain
from grimoire.tui.support.view import esc

if TYPE_CHECKING:
    from textual.visual import VisualType

PART_NAMES = {1: "Part I · collect the jewels", 2: "Part II · race home to your temple"}


def _great_jewel_status(tomb: Tomb) -> str:
    if not tomb.great_jewel_on_mummy:
        holder = next((e.name for e in tomb.explorers if e.great_jewel), "?")
        return f"Great Jewel: held by {esc(holder)}"
    top = tomb.board[Level.TOP]
    if top:
        return f"Great Jewel: locked ({top} on top first)"
    return "Great Jewel: [b]free to take[/b] on the top level"


class _Words(Static):
    """Words shown again at every key: redrawn (and the screen laid out) only when they change."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if content != self.content:
            super().update(content, layout=layout)


class TombStatus(_Words):
    """The Part, the jewels left on each level and where the Great Jewel and the Cobra are."""

    def show(self, tomb: Tomb | None) -> None:
        if tomb is None:
            self.update("No game yet: press [b]n[/b] to choose the explorers.")
            return
        levels = " · ".join(
            f"{lv.label} {tomb.board[lv]}/{CAPACITY[lv]}" for lv in reversed(Level)
        )
        cobra = (
            "Mummy's head"
            if tomb.cobra_on_mummy
            else esc(next((e.name for e in tomb.explorers if e.cobra), "?"))
        )
        part = "Game over" if tomb.finished else PART_NAMES[tomb.part]
        self.update(
            f"[b]{part}[/b] │ Jewels left: {levels} │ {_great_jewel_status(tomb)}"
            f" │ Cobra: {cobra}"
        )


class ExplorerCard(_Words):
    """One explorer: level, jewels, Great Jewel, Cobra, score; bordered in its colour.

    Its five rows always show: where a card is narrow (four explorers at 80 columns) the
    labels are shorter, so no row wraps and pushes the Cobra or the Score out of sight."""

    WIDE = 21  # the widest row with the long labels: "Great Jewel  YES (+5)"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple[Tomb, int] | None = None

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)

    def show(self, tomb: Tomb, index: int) -> None:
        self._shown = (tomb, index)
        explorer: Explorer = tomb.explorers[index]
        playing = index == tomb.active and not tomb.finished
        won = tomb.finished and index in winners(tomb)
        # All at once: the card is restyled only when one of them changes.
        classes = {"explorer", f"-{explorer.colour}"}
        if playing:
            classes.add("-active")
        if won:
            classes.add("-winner")
        self.set_classes(classes)
        self.border_title = esc(explorer.name)
        marks = ["WINNER" if won else ("playing" if playing else "")]
        if tomb.ender == index:
            marks.append("home first")
        self.border_subtitle = " · ".join(mark for mark in marks if mark)
        wide = self.content_size.width == 0 or self.content_size.width >= self.WIDE
        if wide:
            rows = [
                ("Level", explorer.level.label),
                ("Jewels", str(explorer.precious)),
                ("Great Jewel", "YES (+5)" if explorer.great_jewel else "-"),
                ("Cobra", "YES (-5)" if explorer.cobra else "-"),
            ]
        else:
            rows = [
                ("Level", explorer.level.label),
                ("Jewels", str(explorer.precious)),
                ("Great", "YES +5" if explorer.great_jewel else "-"),
                ("Cobra", "YES -5" if explorer.cobra else "-"),
            ]
        width = 13 if wide else 7
        lines = [f"{label.ljust(width)}{value}" for label, value in rows]
        lines.append(f"{'Score'.ljust(width)}[b]{score(explorer)}[/b]")
        self.update("\n".join(lines))


class ExplorerRow(Horizontal):
    """The explorers side by side in turn order."""

    def compose(self) -> ComposeResult:
        for n in range(4):
            yield ExplorerCard(id=f"explorer-{n}")

    def show(self, tomb: Tomb | None) -> None:
        count = 0 if tomb is None else len(tomb.explorers)
        for n, card in enumerate(self.query(ExplorerCard)):
            card.display = n < count
            if tomb is not None and n < count:
                card.show(tomb, n)


class VoicePanel(Vertical):
    """The Voice's last command in large type, and what the table must do about it."""

    def compose(self) -> ComposeResult:
        yield _Words(id="voice-text")
        yield _Words(id="voice-todo")

    def show(self, tomb: Tomb | None) -> None:
        text = self.query_one("#voice-text", Static)
        todo = self.query_one("#voice-todo", Static)
        self.border_title = "The Voice of the Mummy"
        if tomb is not None and tomb.finished:  # the last command is over with the game
            text.update("...")
            todo.update("The game is over.")
            self.set_class(False, "-pending")
            return
        if tomb is not None and tomb.heard_by is not None:
            self.border_title += f" · to {esc(tomb.explorers[tomb.heard_by].name)}"
        if tomb is None or tomb.last_command is None:
            text.update("...")
            todo.update("When an explorer lands on a Mummy's head, press [b]v[/b].")
            self.set_class(False, "-pending")
            return
        command = tomb.last_command
        text.update(plain(command.text.upper()))  # the group's own words: never markup
        if tomb.pending is not None:
            ask = {"opponent": " (you choose the opponent)", "level": " (you choose the level)"}
            hint = ask.get(needs(tomb) or "", "")
            todo.update(
                f"{esc(tomb.current.name)} must: {EFFECT_SUMMARY[command.effect]}{hint}. "
                "Press [b]r[/b] when done."
            )
        elif command.effect is Effect.NO_EFFECT:
            todo.update("Nothing to do.")
        else:
            todo.update("Done.")
        self.set_class(tomb.pending is not None, "-pending")


class TurnHint(_Words):
    """Whose turn it is and the keys that matter right now."""

    def show(self, tomb: Tomb | None) -> None:
        if tomb is None:
            self.update("")
        elif tomb.finished:
            names = esc(", ".join(tomb.explorers[i].name for i in winners(tomb)))
            self.update(f"The game is over. Winner: [b]{names}[/b]. Press [b]s[/b] for the scores.")
        elif tomb.pending is not None:
            self.update(f"[b]{esc(tomb.current.name)}[/b] must obey the Mummy: press [b]r[/b].")
        else:
            turn = tomb.turn
            done = [
                name
                for name, flag in (
                    ("jewel", turn.collected),
                    ("landed", turn.landed),
                    ("Mummy", turn.spoke),
                    ("steps", turn.changed_level),
                )
                if flag
            ]
            so_far = f" (done: {', '.join(done)})" if done else ""
            who = f"[b]{esc(tomb.current.name)}[/b]'s turn"
            if turn.throw is None:  # the move comes first: what it ended on is told after it
                self.update(
                    f"{who}: throw the die, [b]d[/b] (or type a real die's number, "
                    "[b]1[/b]-[b]6[/b]), and move."
                )
            elif turn.changed_level:
                self.update(f"{who}, threw [b]{turn.throw}[/b]{so_far}. The steps end the turn: "
                            "[b]tab[/b]")
            else:  # two lines at most at 80 columns
                self.update(
                    f"{who}, threw [b]{turn.throw}[/b]{so_far}. Ended on: a jewel [b]j[/b] · "
                    "opponents [b]x[/b] · a Mummy's head [b]v[/b] · then steps [b]+[/b]/[b]-[/b]"
                    " · [b]tab[/b] next"
                )
