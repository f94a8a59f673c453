"""Scatter and drift as pure functions: the dice are rolled elsewhere and passed in."""

from __future__ import annotations

from typing import Literal, Sequence

from wgkit.geometry.zones import bearing, offset

Relative = Literal["long", "short", "left", "right"]
_RELATIVE_TURN = {"long": 0.0, "right": 90.0, "short": 180.0, "left": 270.0}


def clock_bearing(hour: int) -> float:
    """A clock-face direction (12 towards the far edge, 3 to the right) as a compass bearing."""
    if not 1 <= hour <= 12:
        raise ValueError(f"clock direction must be 1..12, got {hour!r}")
    return (hour % 12) * 30.0


def drift(point: Sequence[float], bearing_deg: float, distance: float) -> tuple[float, float]:
    """Move ``point`` ``distance`` inches along compass ``bearing_deg``."""
    if distance < 0:
        raise ValueError("drift distance cannot be negative")
    return offset(point, bearing_deg, distance)


def drift_relative(aim: Sequence[float], firer: Sequence[float], direction: Relative,
                   distance: float) -> tuple[float, float]:
    """Drift along or across the line of fire (Eagles' error chart: long, short, left, right).

    "Long" is further from the firer along the line of fire; "right" is to the firer's right.
    """
    if direction not in _RELATIVE_TURN:
        raise ValueError(f"direction must be long, short, left or right, not {direction!r}")
    return drift(aim, bearing(firer, aim) + _RELATIVE_TURN[direction], distance)


def roll_off_shift(active_die: int, passive_die: int, by: Literal["difference", "score"] = "difference") -> int:
    """Close Action blast point roll-off (Firing: Grenades): inches the passive player may move it.

    Both roll a d6; when the passive die exceeds the active die the point may move "that
    number of inches". Read by default as the amount it exceeds by (``difference``);
    ``by="score"`` reads it as the passive die's whole score. Otherwise the point stays.
    """
    for d in (active_die, passive_die):
        if not 1 <= d <= 6:
            raise ValueError(f"a d6 shows 1..6, got {d!r}")
    if passive_die <= active_die:
        return 0
    return passive_die - active_die if by == "difference" else passive_die
