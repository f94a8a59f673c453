"""Easy Company: the main rolls asked from plain values (percentages), without a game.

Each function returns the exact :class:`~wgkit.odds.Distribution` of the same procedure the
panel and the resolution use; :mod:`wgkit.rules.easy_company.chances` turns a figure's quality
and situation into the percentages.
"""

from __future__ import annotations

from wgkit.odds import Distribution, exact
from wgkit.rules.easy_company import chances as C
from wgkit.rules.easy_company import rolls as R
from wgkit.rules.easy_company.lookup import GRADE


def test(percent: float) -> Distribution:
    """§1.3: one d00 under ``percent`` succeeds (01 always succeeds, 00 always fails)."""
    return exact(R.test, percent, "test")


def fire(fire_pct: float, effective_pct: float, band: str = "effective") -> Distribution:
    """§5.3-5.5: one figure's single shot: "hit" or "no effect"."""
    return exact(lambda c: "hit" if R.shot(c, fire_pct, effective_pct, band).hit else "no effect")


def automatic_fire(fire_pct: float, effective_pct: float, figures: int) -> Distribution:
    """§5.5: an automatic weapon: figures hit among ``figures`` in the target area."""
    return exact(R.automatic, fire_pct, effective_pct, figures)


def morale(quality: str, failing_turns: int = 0) -> Distribution:
    """§8.1: the morale test of a unit of ``quality`` that has failed ``failing_turns`` turns running."""
    return test(C.morale_chance(quality, failing_turns).value)


def melee(quality_a: str, quality_b: str) -> Distribution:
    """§6.1: d10 against d10, +1 per quality grade above the other."""
    return exact(R.melee, GRADE[quality_a], GRADE[quality_b])
