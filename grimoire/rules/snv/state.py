"""Sects & Violets' own part of a game: its table setup (``TableSetup.script_setup``: the Evil
Twin's twin) and its state (``GameState.script_state``): the lasting drunkenness and poison
(the Snake Charmer's, the Sweetheart's), the Philosopher's gained ability, the Vigormortis's
dead Minions and their poisoned Townsfolk, madness, the Witch's curse, the abilities spent, the
day's votes and nominations, and what went wrong since the last dawn (the Mathematician's)."""

from __future__ import annotations

import attrs

from grimoire.core.value import define, frozen


@frozen
class HouseRules:
    """The readings the rules' note marks as chosen, each with a switch to the other."""

    # A character is in play when a dead player has it too (else only a living player's counts).
    dead_in_play: bool = True
    # The Philosopher's gained ability does not put its character in play (else it does).
    philosopher_not_in_play: bool = True

    def changed(self) -> dict[str, bool]:
        default = HouseRules()
        return {f.name: getattr(self, f.name) for f in attrs.fields(HouseRules)
                if getattr(self, f.name) != getattr(default, f.name)}


@frozen
class SnvSetup:
    """What a Sects & Violets table is set up with beyond the seats (the twin is the Twin
    reminder the setup places): its house rules."""

    house: HouseRules = attrs.Factory(HouseRules)


@frozen
class Curse:
    """The Witch's curse on ``seat`` for the day after night ``night``."""

    seat: int
    witch: int  # the Witch's seat
    sober: bool  # the Witch was sober and healthy when choosing
    night: int


@define
class SnvState:
    twin: int | None = None  # the Evil Twin's twin
    house: HouseRules = attrs.Factory(HouseRules)
    snake_poisoned: set[int] = attrs.Factory(set)  # old Demons the Snake Charmer made: poisoned for good
    sweetheart_drunk: set[int] = attrs.Factory(set)  # drunk for the rest of the game
    philosopher: dict[int, str] = attrs.Factory(dict)  # the Philosopher's seat -> the ability gained
    spent: set[tuple[int, str]] = attrs.Factory(set)  # (seat, character): a once-per-game ability used
    kept: dict[int, int | None] = attrs.Factory(dict)  # Minions the Vigormortis killed -> their poisoned Townsfolk
    mad: dict[int, tuple[str, int]] = attrs.Factory(dict)  # seat -> (the character, the night it began)
    curse: Curse | None = None
    fanggu_jumped: bool = False  # the game's single jump is used
    arbitrary: bool = False  # the Pit-Hag made a Demon tonight: the deaths are the storyteller's
    demon_killed: dict[int, int] = attrs.Factory(dict)  # tonight's Demon kills: victim -> the Demon's seat
    barber_owed: bool = False  # a sober Barber died since the last night: haircuts tonight
    sweetheart_owed: list[int] = attrs.Factory(list)  # sober Sweethearts who died, the drunk not yet chosen
    klutz_owed: list[int] = attrs.Factory(list)  # Klutzes who died, their choice not yet made
    demon_voted: bool = False  # today (the Flowergirl)
    minion_nominated: bool = False  # today (the Town Crier)
    juggled: dict[int, int] = attrs.Factory(dict)  # the Juggler's seat -> correct guesses today
    juggler_day: dict[int, int] = attrs.Factory(dict)  # the Juggler's seat -> their first day as the Juggler
    abnormal: set[int] = attrs.Factory(set)  # whose ability worked abnormally since the last dawn
    false_info: list[str] = attrs.Factory(list)  # tonight's steps the Vortox made false
    # Every night's, by the night's number: the record of a past night still says why its
    # answers were false (the log and the exports are written after the night).
    false_by_night: dict[int, tuple[str, ...]] = attrs.Factory(dict)

    def clone(self) -> SnvState:
        return attrs.evolve(self, snake_poisoned=set(self.snake_poisoned), sweetheart_drunk=set(self.sweetheart_drunk),
                            philosopher=dict(self.philosopher), spent=set(self.spent), kept=dict(self.kept),
                            mad=dict(self.mad), demon_killed=dict(self.demon_killed),
                            sweetheart_owed=list(self.sweetheart_owed), klutz_owed=list(self.klutz_owed),
                            juggled=dict(self.juggled), juggler_day=dict(self.juggler_day),
                            abnormal=set(self.abnormal), false_info=list(self.false_info),
                            false_by_night=dict(self.false_by_night))
