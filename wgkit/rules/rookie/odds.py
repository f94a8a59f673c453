"""Rookie Rules: the main rolls asked from plain values, without a game.

Each function returns the exact :class:`~wgkit.odds.Distribution` of the same procedure the
panel and the resolution use.
"""

from __future__ import annotations

from typing import Mapping

from wgkit.odds import Distribution, exact
from wgkit.rules.rookie import chart as CH
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import morale as MO
from wgkit.rules.rookie import movement as MV
from wgkit.rules.rookie import support as SU


def fire(column: str, overrides: Mapping | None = None) -> Distribution:
    """Firing the Unit: a d10 (read 0-9) on the firing chart's ``column`` (e.g. "11-15");
    ``overrides`` are a scenario's chart cells."""
    return CH.chart_odds(column, overrides)


def morale(need: int) -> Distribution:
    """Morale: a d10 at or under ``need`` (base plus modifiers): steady, holds, shaken or runs."""
    return exact(MO.test_roll, need)


def melee() -> Distribution:
    """Melee: a d6 each; +1 the attacker wins, -1 the defender, 0 a tie."""
    return exact(F.melee_roll)


def unstick(need: int) -> Distribution:
    """Breakdown: a d10 at or under ``need`` frees a tank from mud."""
    return exact(MV.unstick, need)


def observe(percent: int) -> Distribution:
    """Observation: a d00 at or under ``percent`` spots a hidden unit."""
    return exact(SU.spot, percent)


def aa_fire(percent: int) -> Distribution:
    """Anti-aircraft fire: a d00 at or under ``percent`` hits, then a d10 on the result table."""
    return exact(SU.aa_roll, percent)


def aircraft_arrival(percent: int) -> Distribution:
    """Aircraft: a d00 at or under ``percent`` brings the aircraft on."""
    return exact(SU.arrival, percent)


def artillery_drift() -> Distribution:
    """Off-board artillery: where the template lands (bearing, inches), by the drift diagram."""
    return SU.drift_odds()
