"""What makes a step of the Phantom's script awkward, or its setup odd, said plainly at setup
(``ScriptRules.setup_pitfalls``): facts the rules decide for this table's characters, artifacts
and house rules, none of which stops the start (docs/rules/phantom.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.core.script import Script
from grimoire.rules.phantom.state import LASSO, PhantomSetup, setup_of

if TYPE_CHECKING:
    from grimoire.rules.table import TableSetup

def setup_pitfalls(setup: TableSetup, script: Script) -> list[str]:
    own = setup_of(setup.script_setup)
    dealt = {s.character for s in setup.seats if not s.traveller and s.character in script.by_id}
    lasso = LASSO in own.artifacts
    out = []
    # Only these make anyone drunk or poisoned: the Claque's seat, the Auctioneer's
    # "Drunk tonight" (on the Auctioneer), Raoul's "Drunk until dusk" (on Raoul), the Lasso in hand.
    if "monsieur_reyer" in dealt and not lasso and not dealt & {"claque", "auctioneer"}:
        if "raoul_de_chagny" not in dealt:
            out.append("Nothing at this table can make a player drunk or poisoned (no Claque, Auctioneer, "
                       "Raoul de Chagny or Punjab Lasso): Monsieur Reyer always learns no.")
        else:
            out.append("Only Raoul de Chagny can be drunk at this table, once his protection prevents a death "
                       "(no Claque, Auctioneer or Punjab Lasso): Monsieur Reyer learns no of anyone else, "
                       "and of everyone on the first night.")
    if "chandelier_rigger" in dealt and not lasso and "claque" not in dealt:
        out.append("The Phantom can never be drunk or poisoned at this table (no Claque, no Punjab Lasso): "
                   "the Chandelier Rigger's ability cannot trigger.")
    if "auctioneer" in dealt and "meg" not in dealt and not _mirror_hands_to_auctioneer(setup, own):
        out.append("On the first night only the Phantom can hand the Auctioneer the artifact (no Meg to pass "
                   "it on): if they receive it that night, they are drunk (Drunk tonight).")
    if "meg" in dealt and lasso and not own.config.meg_pass_ignores_impairment:
        out.append("A drunk or poisoned Meg does not pass (house rule meg_pass_ignores_impairment = false): "
                   "a Meg given the Punjab Lasso is poisoned by it at once and cannot pass it on.")
    return out


def _mirror_hands_to_auctioneer(setup: TableSetup, own: PhantomSetup) -> bool:
    """The Mirror Keeper's redirect lands on the Auctioneer, and counts as the Mirror Keeper's
    pass (not the Phantom's), so it does not make them drunk (A5)."""
    t = own.mirror_target
    return (t is not None and 0 <= t < len(setup.seats) and setup.seats[t].character == "auctioneer"
            and any(s.character == "mirror_keeper" and not s.traveller for s in setup.seats)
            and own.config.mirror_redirect_passer_is_mirror_keeper)
