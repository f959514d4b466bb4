"""The pages say every key the code reads: each key of a scenario file the runner or a rules
plug-in knows is in docs/scenario-format.md or its script's page in docs/rules/, and every
house rule of the Phantom's is in docs/rules/phantom.md's table, with no switch the code lacks.
A key added without its words fails here."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from grimoire.rules import plugins
from grimoire.rules.phantom.config import RulesConfig
from grimoire.scenario import format as scenario_format

DOCS = Path(__file__).resolve().parents[1] / "docs"


def pages() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in [DOCS / "scenario-format.md", *(DOCS / "rules").glob("*.md")])


def said(key: str, text: str) -> bool:
    """The key in backticks, alone, as a table (`[key]`, `[[key]]`) or at the start (`key = value`)."""
    return re.search(r"`\[{0,2}" + re.escape(key) + r"[\]`\s=.]", text) is not None


def own_plugins() -> list[object]:
    """The project's plug-ins (not one a test registered)."""
    return [p for p in plugins.plugins() if type(p).__module__.startswith("grimoire.rules.")]


def keys_read() -> set[str]:
    keys = set(scenario_format.TOP_KEYS | scenario_format.SETUP_KEYS | scenario_format.SEAT_KEYS
               | scenario_format.DAY_KEYS | scenario_format.EXPECT_KEYS)
    for plugin in own_plugins():
        keys |= set(getattr(plugin, "setup_keys", ()))
        own = getattr(plugin, "scenario_keys", None)
        if own is None:
            continue
        keys |= set(own.NIGHT_KEYS) | set(own.DAY_KEYS) | set(own.DAY_EVENTS) | set(own.REGISTERING) | set(own.SETUP_TOKENS)
        keys |= set(own.TOLD_SHAPES) | set(own.ANSWERS) | set(getattr(own, "EXPECT", ()))
        keys |= set(getattr(own, "DECLARES", {}))
        keys |= {choice} if (choice := getattr(own, "EXECUTION_CHOICE", "")) else set()
    return keys


def test_every_scenario_key_is_in_the_pages() -> None:
    text = pages()
    missing = sorted(key for key in keys_read() if not said(key, text))
    assert not missing, f"scenario keys the pages do not name: {missing}"


def test_sects_and_violets_house_rules_are_its_pages_table() -> None:
    from grimoire.rules.snv.state import HouseRules

    page = (DOCS / "rules" / "sects-and-violets.md").read_text(encoding="utf-8")
    table = page.split("## House rules", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| `(\w+)` \|", table, flags=re.MULTILINE))
    assert listed == {f.name for f in attrs.fields(HouseRules)}


def test_the_phantoms_house_rules_are_its_pages_table() -> None:
    page = (DOCS / "rules" / "phantom.md").read_text(encoding="utf-8")
    table = page.split("## House rules", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| `(\w+)` \|", table, flags=re.MULTILINE))
    assert listed == {f.name for f in attrs.fields(RulesConfig)}
