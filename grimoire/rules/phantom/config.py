"""House-rule switches: one per ambiguity of the seed, defaulting to the proposed resolution
(docs/rules/phantom.md, "House rules")."""

from __future__ import annotations

from typing import Any

import attrs

from grimoire.core.value import frozen


class ConfigError(ValueError):
    pass


@frozen
class RulesConfig:
    meg_pass_ignores_impairment: bool = True  # A2/A3
    mirror_redirect_ignores_impairment: bool = False  # A2/A4
    stage_designer_ignores_impairment: bool = False  # A2/A8
    mirror_redirect_passer_is_mirror_keeper: bool = True  # A5
    stage_designer_passer_is_previous_holder: bool = True  # A5
    night1_first_holder: str = attrs.field(
        default="first_recipient",
        validator=attrs.validators.in_(("first_recipient", "phantom")),
    )  # A6
    stage_designer_reruns_phantom_information: bool = False  # A7
    holder_pass_requires_alive_recipient: bool = False  # A9
    dead_holder_still_passes: bool = True  # A9
    claque_drunk_through_day: bool = True  # A11
    phantom_execution_protection_is_ability: bool = True  # A14
    forced_deaths_ignore_phantom_impairment: bool = False  # A15
    rigger_spent_even_if_rigger_impaired: bool = True  # A19
    managers_substitute_may_be_phantom: bool = True  # A20
    usher_counts_dead_seats: bool = True  # A22
    cloak_count_includes_travellers: bool = False  # A18
    giry_may_include_self: bool = False  # A29
    announce_active_artifact: bool = True  # A32

    def to_dict(self) -> dict[str, Any]:
        return attrs.asdict(self)

    def changed(self) -> dict[str, Any]:
        """Only the switches that differ from the defaults."""
        default = RulesConfig()
        return {k: v for k, v in attrs.asdict(self).items() if getattr(default, k) != v}

    @classmethod
    def from_dict(cls, data: dict[str, Any], where: str = "rules") -> RulesConfig:
        fields = {f.name: f for f in attrs.fields(cls)}
        for key, value in data.items():
            if key not in fields:
                known = ", ".join(fields)
                raise ConfigError(f"{where}: unknown house rule {key!r} (known: {known})")
            expected = type(fields[key].default)
            if type(value) is not expected:
                raise ConfigError(
                    f"{where}: {key} must be {expected.__name__}, not {type(value).__name__}"
                )
        if data.get("night1_first_holder", "first_recipient") not in ("first_recipient", "phantom"):
            raise ConfigError(
                f"{where}: night1_first_holder must be 'first_recipient' or 'phantom', "
                f"not {data['night1_first_holder']!r}"
            )
        return cls(**data)
