"""The seed rules (seeds/002), word for word, so every refusal can quote the rule it enforces."""

from __future__ import annotations

PLAYERS = "Directions for Voice of the Mummy Game (for 2, 3 or 4 Players)"
TEMPLES = (
    "Each Player selects a Temple and utilizes the Explorer with the matching color."
)
DIE = (
    "High roll of die goes first and play continues clockwise. Explorers move the number of "
    "spaces thrown on the die each turn."
)
COLLECT = (
    "If an Explorer ends his move on a space containing a Precious Jewel, he collects it and "
    "places it in his Temple. He does not collect a Precious Jewel from a space on which a "
    "Precious Jewel has previously been collected."
)
LAND = (
    "If an Explorer's move ends on a space occupied by one or more opponent Explorers, he "
    "collects a Precious Jewel from each of them. If an Explorer has no Precious Jewels to give "
    "up, there is no penalty."
)
MUMMY_HEAD = (
    "When an Explorer lands on spaces with the Head of the Mummy as shown below, he presses the "
    "switch button on the Mummy sarcophagus, listens to the message, and must do as the Mummy "
    "Commands."
)
CHANGE_LEVEL = (
    "Players may move up or down one level only and must move along the new level at least on "
    "one turn, before changing levels again."
)
END_OF_TURN = (
    "The player must make his decision and move up or down at the end of his turn. He cannot "
    "change his mind at the beginning of his next turn."
)
THREE_LEVELS = (
    "Competitive Explorers therefore can be traveling and collecting Precious Jewels from 3 "
    "different levels."
)
GREAT_JEWEL_LOCKED = (
    "Only after the 6 Precious Jewels have been collected from the top level can the Great Jewel "
    "be collected, regardless of whether or not Precious Jewels on the other levels have been "
    "collected."
)
GREAT_JEWEL_SPACE = (
    "The First Player to land by exact count on one of the two top level spaces with the Great "
    "Jewel design as shown below collects the Great Jewel."
)
GREAT_JEWEL_TAKEN = (
    "After the Great Jewel and Cobra have been collected, the Explorers and remaining Precious "
    "Jewels stay in their same spaces, Part I of the game immediately ends."
)
COBRA_BLOCKS_END = "While an Explorer possesses the Cobra he is not allowed to end the game."
GAME_END = (
    "The game ends when the first Explorer, without the Cobra, returns to his Temple \"home "
    "corner space\" by exact count."
)
PART_TWO = (
    "Part II is for Explorers to race out of the Tomb and return to their own Temple to count up "
    "the value of their Jewels."
)
FIRST_MOVES = (
    "In Part I all Explorers must move clockwise and the first moves must be on the lower level."
)
NO_JEWELS_TO_GIVE = (
    "If an Explorer has no Precious Jewels, the Mummy cannot make him give one back. If he does "
    "give one back, he may place it on any empty Precious Jewel space."
)
NOT_DOWN = "If an Explorer is on the bottom level, the Mummy cannot make him go down a level."
NOT_UP = "If an Explorer is on the top level, the Mummy cannot make him go up a level."
MOVE_BY_COMMAND = (
    "If an Explorer is told to move up or down a level, he moves his Explorer to the space "
    "directly above or below the one he is resting on. He may collect a Precious Jewel on the "
    "new space if it is a Precious Jewel space and one is available there."
)
RETURN_TO_TEMPLE = "Return to your Starting Corner Space when told to return to the Temple."
RECEIVE_SPELL = (
    "If told by the Mummy you receive the Spell, you are given the Cobra. If you already have "
    "it, you must keep it."
)
COBRA_PASSES = (
    "And Explorer with the Cobra landing by exact count on another Explorer's space collects a "
    "Precious Jewel as in Part I but in addition gives the opponent Explorer the Cobra and its "
    "spell."
)
TAKE_GREAT_JEWEL = (
    "Any Explorer landing by exact count on an opponent Explorer with the Great Jewel collects "
    "the Great Jewel from him, but not the Cobra, even if that opponent has both."
)
BONUS = (
    "An Explorer reaching home first and ending the game receives a bonus Jewel from each "
    "opponent Explorer. If an opponent Explorer has only the Great Jewel, he must give it as a "
    "bonus to the Explorer ending the game."
)
SCORING = (
    "They receive 1 Point for each Precious Jewel in their possession and 5 Points for the "
    "possession of the Great Jewel. The Explorer with the Cobra must deduct 5 Points from his "
    "score."
)
COBRA_SETUP = "Place the Cobra in the hole in the Mummy's head."
