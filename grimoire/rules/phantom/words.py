"""The Phantom's words for what its screens, cards and log show of its own state: the artifact
in play and its moves, what its information characters learned, its setup."""

from __future__ import annotations

from typing import Any

from grimoire.core.model import GameState, InfoRecord
from grimoire.core.script import Script, load_script
from grimoire.rules.phantom.names import the_character
from grimoire.rules.phantom.state import RECEIPT, Transfer, TransferKind, artifact_of, own
from grimoire.rules.words import seat_name

MARK = {"monkey_music_box": "MMB", "punjab_lasso": "LASSO"}  # an artifact's mark on its holder's seat

TRANSFER_WORDS = {
    TransferKind.INITIAL_GIFT: "{a} (the Phantom) gave the {art} to {b}",
    TransferKind.HOLDER_PASS: "{a} passed the {art} to {b}",
    TransferKind.MEG_PASS: "{a} (Meg) passed it to {b}",
    TransferKind.MIRROR_REDIRECT: "it moved from {a} (Mirror Keeper) to {b}",
    TransferKind.MINION_BOUNCE: "it bounced from {a} to {b}",
    TransferKind.STAGE_DESIGNER_MOVE: "the Stage Designer moved it from {a} to {b}",
    TransferKind.RETURN_AFTER_EXECUTION: "it returned from {a} to {b} after the execution",
    TransferKind.RETURN_DEAD_HOLDER: "it returned from the dead holder {a} to {b}",
    TransferKind.STORYTELLER_MOVE: "the storyteller moved it from {a} to {b}",
}

RECEIVED_HOW = {
    TransferKind.INITIAL_GIFT: "the Phantom's gift",
    TransferKind.HOLDER_PASS: "the holder's pass",
    TransferKind.MEG_PASS: "Meg's pass",
    TransferKind.MIRROR_REDIRECT: "the Mirror Keeper's redirect",
    TransferKind.MINION_BOUNCE: "a Minion's bounce",
    TransferKind.STAGE_DESIGNER_MOVE: "the Stage Designer's move",
    TransferKind.RETURN_AFTER_EXECUTION: "returned after an execution",
    TransferKind.RETURN_DEAD_HOLDER: "returned from a dead holder",
    TransferKind.STORYTELLER_MOVE: "moved by the storyteller",
}


def artifact_name(g: GameState) -> str:
    active = artifact_of(g).active
    return "artifact" if active is None else load_script(g.script_id).character(active).name


def transfer_line(g: GameState, t: Any) -> str:
    """A move of the artifact (a Transfer, or the Moved that told it) in the log's words."""
    return TRANSFER_WORDS[t.kind].format(a=seat_name(g, t.frm), b=seat_name(g, t.to), art=artifact_name(g))


def card_artifact(g: GameState, seat: int) -> list[str]:
    """The seat card's artifact section: whether they hold it, and every move to or from them."""
    artifact = artifact_of(g)
    if artifact.active is None:
        return ["No artifact is active yet: the Phantom chooses it on the first night."]
    art = artifact_name(g)
    lines = [f"Holds the {art} now."] if artifact.holder == seat else []
    lines += [line for t in artifact.history if (line := _transfer(g, seat, t))]
    return lines or [f"Has never held the {art}."]


def _transfer(g: GameState, seat: int, t: Transfer) -> str:
    when = f"Night {t.night}" if t.kind is not TransferKind.STORYTELLER_MOVE else f"Night or day {t.night}"
    how = RECEIVED_HOW[t.kind]
    if t.to == seat:
        frm = f" from {g.name(t.frm)}" if t.frm is not None else ""
        return f"{when}: received it{frm} ({how})"
    if t.frm == seat:
        verb = "it bounced to" if t.kind is TransferKind.MINION_BOUNCE else "it went to"
        return f"{when}: {verb} {g.name(t.to)} ({how})"
    return ""


def woken_words(g: GameState, seat: int, step: str) -> str:
    """What a player woken at one of the Phantom's own steps was shown ("": nothing)."""
    if step == "managers" and seat == own(g).evil_townsfolk:
        return "told they are evil (the Managers' evil Townsfolk)"
    return ""


def info_words(g: GameState, r: InfoRecord, script: Script) -> str | None:
    """What an information character of the Phantom's learned, for the seat card (None: not one)."""
    about = ", ".join(g.name(a) for a in r.about)
    chose = f"chose {about}; " if r.about else ""
    c = r.character
    if c in ("sorelli", "usher", "persian", "monsieur_reyer"):
        return f"{chose}true answer: {r.truth}"
    if c == "inspector_mifroid":
        return f"{chose}true answer: {' or '.join(map(str, r.truth))}"
    if c == "madame_giry":
        return f"was shown {about} (the Demon, {g.name(r.truth)}, among them)"
    if c == "mirror_keeper":
        if r.occasion == RECEIPT:
            return f"told the artifact moved to {g.name(r.truth)}"
        return f"shown their Mirror target: {g.name(r.truth)}"
    if c == "phantom":
        return f"shown who holds the artifact: {g.name(r.truth)}"
    if c == "chandelier_rigger":
        return "told their help worked"
    if c == "auctioneer":
        passer, first = r.truth
        return f"true answer: passed by {g.name(passer)}; the First holder is {the_character(script, first)}"
    return None
