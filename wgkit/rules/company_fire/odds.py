"""Company Fire's main rolls asked from plain values, without a game.

Each function returns the exact :class:`~wgkit.odds.Distribution` of the very procedure the
panel and the resolution use.
"""

from __future__ import annotations

from wgkit.odds import Distribution, exact
from wgkit.rules.company_fire import artillery as A
from wgkit.rules.company_fire import assault as AS
from wgkit.rules.company_fire import mines as MI
from wgkit.rules.company_fire import movement as MV
from wgkit.rules.company_fire import status as S


def fire(dice: int) -> Distribution:
    """Individual Unit Fire: hits from ``dice`` attack dice (each 5 or 6 hits)."""
    return exact(S.hits_roll, dice)


def group_fire(kinds: list[str], targets: int = 1, cover: bool = False,
               leader_present: bool = False) -> tuple[int, Distribution]:
    """Group Fire: the pooled dice of units of ``kinds`` (+1 die with a leader in the space),
    rolled once for each of ``targets`` units in the target space. Returns (rolls, the hits of
    one roll)."""
    dice, rolls, _mods = S.group_fire(kinds, targets, cover, leader_present)
    return rolls, exact(S.hits_roll, dice)


def movement_test(need: int, modifier: int = 0) -> Distribution:
    """Movement Test: 1d6 plus ``modifier`` at ``need`` or more (4+ into cover, 5+ into the open)."""
    return exact(MV.movement_test, need, modifier)


def rally(status: str, modifier: int = 0) -> Distribution:
    """Rally: 1d6 plus ``modifier``: 4+ for a pinned unit, 5+ for a suppressed one; the status after."""
    return exact(S.rally_roll, status, modifier)


def assault(attack: int = 0, defence: int = 0) -> Distribution:
    """Assault: 1d6 each plus modifiers; attacker's total minus defender's."""
    return exact(AS.assault_roll, attack, defence)


def artillery_arrival() -> Distribution:
    """Artillery: a fire mission arrives unless its d6 shows 1."""
    return A.arrival_odds()


def find_path(bonus: int = 0) -> Distribution:
    """Mines: 1d6 (+2 engineers) at 5+ finds a path."""
    return MI.path_odds(bonus)


def clearing(bonus: int = 0) -> Distribution:
    """Mines: the clearing side's d6 (+2 engineers) minus the mines' d6."""
    return MI.clearing_odds(bonus)
