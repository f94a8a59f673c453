"""Close Action's main rolls asked from plain values, without a game.

Each function builds the inputs the rules procedures take and returns the exact
:class:`~wgkit.odds.Distribution` of the same procedure the panel and the resolution use.
"""

from __future__ import annotations

from wgkit.odds import Distribution, exact
from wgkit.rules.close_action import fire as F
from wgkit.rules.close_action import melee as ME
from wgkit.rules.close_action import morale as MO


def fire(dice: int = 0, need: int = 4, *, pools: dict[int, int] | None = None) -> Distribution:
    """Firing: the number of hits from ``dice`` dice each hitting on ``need`` (7+ and 8+ roll a
    6 then a second die), or from ``pools`` {need: dice} of mixed needs. (Friends in a danger zone
    are rolled for apart and never add hits.)"""
    rows = pools if pools is not None else {need: dice}
    plan = F.FirePlan("", "", tuple(F.Pool(n, d, ()) for n, d in rows.items() if d), (), ())
    return F.fire_odds(plan)


def morale(dice: int, modifier: int = 0) -> Distribution:
    """Morale: 2d6 plus ``modifier`` against the Morale Table row for ``dice`` fire dice
    (8-15, 16-23, 24-31, 32+): "ok", "cowering" or "rout"."""
    return MO.test_odds(MO.band(dice), modifier)


def rally(need: int) -> Distribution:
    """Morale: Rally. One d6 at ``need`` or more rallies the unit."""
    return exact(MO.rally_roll, need).named(names=MO.rallied)


def melee(attacker_modifier: int = 0, defender_modifier: int = 0) -> Distribution:
    """Hand-to-Hand Fighting: a d6 each plus modifiers; the outcome for the attacking side."""
    return exact(ME.fight, attacker_modifier, defender_modifier)
