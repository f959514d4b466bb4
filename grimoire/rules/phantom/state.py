"""The Phantom's own part of a game: its table setup (``TableSetup.script_setup``) and its state
(``GameState.script_state``): the artifact and its moves, the Mirror target, the evil
Townsfolk, the Claque's direction, and what its days and nights record beyond every game's."""

from __future__ import annotations

import enum

import attrs

from grimoire.core.model import GameState
from grimoire.core.value import as_tuple, define, frozen
from grimoire.rules.phantom.config import RulesConfig

MMB = "monkey_music_box"
LASSO = "punjab_lasso"
ARTIFACTS = (MMB, LASSO)
# An InfoRecord's occasion: given because the artifact reached them (a receipt).
RECEIPT = "receipt"


class TransferKind(enum.Enum):
    INITIAL_GIFT = "initial_gift"
    HOLDER_PASS = "holder_pass"
    MEG_PASS = "meg_pass"
    MIRROR_REDIRECT = "mirror_redirect"
    MINION_BOUNCE = "minion_bounce"
    STAGE_DESIGNER_MOVE = "stage_designer_move"
    RETURN_AFTER_EXECUTION = "return_after_execution"
    RETURN_DEAD_HOLDER = "return_dead_holder"
    STORYTELLER_MOVE = "storyteller_move"  # an override: the storyteller moved it by hand


@frozen
class Transfer:
    night: int
    kind: TransferKind
    frm: int | None
    to: int
    chain: int = 0  # 0 = main artifact phase, 1 = the Stage Designer's re-run


@define
class ArtifactState:
    available: tuple[str, ...]  # artifact character ids the storyteller made available
    active: str | None = None
    holder: int | None = None
    history: list[Transfer] = attrs.Factory(list)
    dawn_holder: int | None = None  # holder at the previous dawn (the Usher)

    def clone(self) -> ArtifactState:
        return attrs.evolve(self, history=list(self.history))


@frozen
class PhantomSetup:
    """What the Phantom's table is set up with beyond the seats."""

    artifacts: tuple[str, ...] = attrs.field(default=ARTIFACTS, converter=as_tuple)
    mirror_target: int | None = None
    evil_townsfolk: int | None = None  # the Managers' option B
    config: RulesConfig = attrs.Factory(RulesConfig)


@define
class PhantomState:
    """The Phantom's state in a game, folded by its rules."""

    config: RulesConfig
    artifact: ArtifactState
    mirror_target: int | None = None
    evil_townsfolk: int | None = None
    claque_direction: int | None = None  # +1 clockwise, -1 anticlockwise
    shown: dict[int, int | None] = attrs.Factory(dict)  # night -> the holder the Phantom was shown
    unmasked: frozenset[int] = frozenset()  # the days Christine's unmask worked
    primadonna_executed: frozenset[int] = frozenset()  # the days the working Primadonna was executed

    def clone(self) -> PhantomState:
        return attrs.evolve(self, artifact=self.artifact.clone(), shown=dict(self.shown))


def own(g: GameState) -> PhantomState:
    """The Phantom's state in ``g`` (a game of the Phantom's script)."""
    state = g.script_state
    assert isinstance(state, PhantomState), "not a game of the Phantom's script"
    return state


def config(g: GameState) -> RulesConfig:
    return own(g).config


def setup_of(script_setup: object) -> PhantomSetup:
    """A table's Phantom setup (none given: every artifact, the house rules' defaults)."""
    return script_setup if isinstance(script_setup, PhantomSetup) else PhantomSetup()


_NO_ARTIFACT = ArtifactState(available=())


def artifact_of(g: GameState) -> ArtifactState:
    """The artifact of a game of the Phantom's script; of any other game, none (nothing available)."""
    state = g.script_state
    return state.artifact if isinstance(state, PhantomState) else _NO_ARTIFACT
