"""Measuring on the table: points, figures (head to head) and stands (edge or centre)."""

from __future__ import annotations

import math
from typing import Literal, Sequence

from shapely import affinity
from shapely.geometry import Polygon, box

from wgkit.facts.scale import GroundScale
from wgkit.geometry.terrain import finite_point

# A movement allowance is met to the precision a tape measure gives and the screen shows (0.1"):
# a move that reads as the allowance is allowed, up to half a tenth of an inch over it.
MEASURE_TOLERANCE = 0.05


def within_allowance(distance_in: float, allowance_in: float) -> bool:
    """Whether a move of ``distance_in`` keeps to ``allowance_in`` (see :data:`MEASURE_TOLERANCE`)."""
    return distance_in <= allowance_in + MEASURE_TOLERANCE


def distance(a: Sequence[float], b: Sequence[float]) -> float:
    """Straight-line table inches between two points (figures: head to head)."""
    return math.dist(finite_point(a, "a"), finite_point(b, "b"))


def stand_outline(center: Sequence[float], size: Sequence[float], facing: float = 0.0) -> Polygon:
    """A rectangular base ``size`` = (frontage, depth) centred on ``center``, front on ``facing``."""
    cx, cy = finite_point(center, "stand centre")
    w, d = size
    return affinity.rotate(box(cx - w / 2, cy - d / 2, cx + w / 2, cy + d / 2), -facing, origin=(cx, cy))


def stand_distance(a: Polygon, b: Polygon, how: Literal["edge", "centre"] = "edge") -> float:
    """Distance between two stands: nearest edges (0 when touching) or centre to centre."""
    if how == "edge":
        return a.distance(b)
    return a.centroid.distance(b.centroid)


def ground(inches: float, scale: GroundScale, unit: str | None = None) -> float:
    """Table inches as ground distance (in the scale's unit unless ``unit`` is given)."""
    return scale.to_ground(inches) if unit is None else scale.convert(inches, unit)


def describe(inches: float, scale: GroundScale) -> str:
    """'12.0" (48 yd)': the ruler's label."""
    return f'{inches:.1f}" ({scale.to_ground(inches):.0f} {scale.unit})'
