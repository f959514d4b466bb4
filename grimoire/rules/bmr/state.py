"""Bad Moon Rising's own part of a game: its table setup (``TableSetup.script_setup``: the
grandchild, the Lunatic's Demon, the house rules) and its state (``GameState.script_state``):
the spans of drunkenness and poison with their sources, the abilities spent, who registers as
dead, the Pukka's victim, the Po's charge, yesterday's choices, the day's statements, and who
woke tonight due to their own ability."""

from __future__ import annotations

import attrs

from grimoire.core.value import define, frozen

DRUNK, POISONED = "drunk", "poisoned"
TARGET_DIED = "target_died"  # a reminder removed because the player it marks died (not its owner)
DEMON_IDS = ("zombuul", "pukka", "shabaloth", "po")


@frozen
class HouseRules:
    """The readings the rules' note marks as chosen, each with a switch to the other."""

    # The Zombuul chosen by the Assassin: its first death (registers dead), or a real death.
    assassin_spares_zombuul: bool = True
    # The Lunatic, woken to "attack" on nights 2+, counts for the Chambermaid.
    lunatic_counts_as_woken: bool = True
    # A Grandmother brought back learns the same grandchild (else the storyteller chooses anew).
    grandchild_kept: bool = True

    def changed(self) -> dict[str, bool]:
        default = HouseRules()
        return {f.name: getattr(self, f.name) for f in attrs.fields(HouseRules)
                if getattr(self, f.name) != getattr(default, f.name)}


@frozen
class BmrSetup:
    """What a Bad Moon Rising table is set up with beyond the seats."""

    lunatic: str | None = None  # the Demon the Lunatic thinks they are (else the seat's own)
    house: HouseRules = attrs.Factory(HouseRules)


@frozen
class Span:
    """One player drunk or poisoned by an ability: while its source's ability works (paused
    while the source is impaired; ended when the source dies or at the dusk of ``until``)."""

    what: str  # DRUNK or POISONED
    owner: str  # the character whose ability it is
    source: int  # the seat of that character
    target: int | None  # the seat made drunk; None: everyone but the source (the Minstrel)
    until: int | None  # ends at the dusk that starts night ``until`` (None: until the source ends it)
    own: bool = False  # the source made drunk by its own ability: holds whatever the source's state
    token: str = ""  # the reminder that marks it


@define
class BmrState:
    grandchild: int | None = None
    lunatic: str | None = None
    house: HouseRules = attrs.Factory(HouseRules)
    spans: list[Span] = attrs.Factory(list)
    spent: set[str] = attrs.Factory(set)  # once-per-game abilities used (and the Fool's)
    registers_dead: set[int] = attrs.Factory(set)  # the Zombuul after its first death
    pukka_victim: int | None = None  # poisoned now, to die at the Pukka's next step
    po_charged: bool = False  # the Po chose no-one at its last choice
    lunatic_charged: bool = False  # the same, for a Lunatic who thinks they are the Po
    chosen: dict[str, tuple[int, ...]] = attrs.Factory(dict)  # each step's choice, the last night it chose
    chosen_night: dict[str, int] = attrs.Factory(dict)  # ... and that night
    guests: tuple[int, ...] = ()  # the Innkeeper's two tonight, when the choice worked
    advocate: int | None = None  # the Devil's Advocate's working choice, for tomorrow's execution
    exorcised: int | None = None  # the Demon's seat the Exorcist stopped tonight
    goon_chosen: bool = False  # the Goon was chosen tonight (the first chooser turned it)
    woke: set[int] = attrs.Factory(set)  # who woke tonight due to their own ability
    demon_killed: set[int] = attrs.Factory(set)  # killed by the Demon tonight
    died_today: bool = False  # someone died (or the Zombuul registered dead) today
    outsider_died_today: bool = False
    gossip_true: int | None = None  # the day whose true statement the Gossip made alive
    moonchild: tuple[int, bool, int] | None = None  # (chosen, good when chosen, the night it acts)
    moonchild_owed: bool = False  # the Moonchild died and has not chosen yet
    mastermind_day: int | None = None  # the extra day, once the Demon was executed
    shabaloth_last: tuple[int, ...] = ()  # whom the Shabaloth chose last night

    def clone(self) -> BmrState:
        return attrs.evolve(self, spans=list(self.spans), spent=set(self.spent),
                            registers_dead=set(self.registers_dead), chosen=dict(self.chosen),
                            chosen_night=dict(self.chosen_night), woke=set(self.woke),
                            demon_killed=set(self.demon_killed))
