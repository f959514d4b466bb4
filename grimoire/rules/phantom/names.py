"""How the Phantom's words name its characters: a role with "the" (the Usher), a person by their
name alone (Raoul de Chagny, Meg)."""

from __future__ import annotations

from grimoire.core.script import Script

# The characters that are people of the opera, named without an article.
PEOPLE = frozenset({"christine_daae", "meg", "madame_giry", "monsieur_reyer", "inspector_mifroid", "ubaldo_piangi",
                    "raoul_de_chagny", "sorelli"})


def the_character(script: Script, character: str | None) -> str:
    """"the Usher", "Raoul de Chagny", or "nobody"."""
    if not character:
        return "nobody"
    name = script.character(character).name if character in script.by_id else character
    return name if character in PEOPLE else f"the {name}"
