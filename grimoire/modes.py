"""The modes the app opens besides the grimoire: the assistant games (grimoire/games/), each a
package with a pure ``rules`` module and a Textual ``screen``.

The registry below is all the app, the CLI and the library know of them: the key is the mode
name (also the CLI subcommand and its autosave's name), the value says where the mode's root
screen lives and how to present it. It imports none of them, so the layers below the games
(store's library, the app) can know their names."""

from __future__ import annotations

import attrs


@attrs.frozen
class GameMode:
    key: str
    title: str
    blurb: str
    screen: str  # "module:ClassName" of the mode's root Screen, imported only when opened


# How a game saved elsewhere is resumed (the question about unsaved changes says it).
GAME_COPY = " (to resume it, put it in place of the autosave)"

GAMES: tuple[GameMode, ...] = (
    GameMode(
        "mummy",
        "Night of the Mummy",
        "Host a Masquerade social-deduction night: deal guests, resolve accusations.",
        "grimoire.games.mummy.screen:MummyScreen",
    ),
    GameMode(
        "voice",
        "Voice of the Mummy",
        "The Mummy's voice and scorekeeper for the 1971 board game.",
        "grimoire.games.voice.screen:VoiceScreen",
    ),
    GameMode(
        "maumau",
        "Vampir Mau Mau",
        "Keep the table state and the scores of a Vampir Mau Mau game.",
        "grimoire.games.maumau.screen:MauMauScreen",
    ),
)


def game_mode(key: str) -> GameMode:
    for mode in GAMES:
        if mode.key == key:
            return mode
    raise KeyError(key)
