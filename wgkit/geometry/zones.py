"""Area effects as Shapely shapes, and who stands inside them.

Angles are compass bearings in degrees: 0 towards the far edge (+y), 90 to the right (+x).
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import LineString, MultiPoint, Point, Polygon
from shapely.geometry.base import BaseGeometry

from wgkit.geometry.terrain import finite_point

CD_DIAMETER = 4.0  # inches: Eagles, Crowns and Oak Leaves' impact disk (the text's 4" CD)
ARC_STEPS = 32


def bearing(origin: Sequence[float], point: Sequence[float]) -> float:
    """Compass bearing from ``origin`` to ``point``, degrees in [0, 360)."""
    return math.degrees(math.atan2(point[0] - origin[0], point[1] - origin[1])) % 360.0


def offset(origin: Sequence[float], bearing_deg: float, distance: float) -> tuple[float, float]:
    """The point ``distance`` inches from ``origin`` on compass ``bearing_deg``."""
    r = math.radians(bearing_deg)
    return (origin[0] + distance * math.sin(r), origin[1] + distance * math.cos(r))


def _positive(value: float, name: str) -> float:
    if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
        raise ValueError(f"{name} must be a positive finite number, got {value!r}")
    return float(value)


def blast_zone(center: Sequence[float], diameter: float) -> Polygon:
    """A circular blast zone (Close Action's BZ: grenade 3", mortar 6")."""
    return Point(finite_point(center, "blast centre")).buffer(_positive(diameter, "diameter") / 2)


def cd_disk(center: Sequence[float], diameter: float = CD_DIAMETER) -> Polygon:
    """The Eagles barrage / aircraft impact disk (a 4" CD by default)."""
    return blast_zone(center, diameter)


def radius_zone(center: Sequence[float], radius: float) -> Polygon:
    """Everything within ``radius`` (command radius, artillery radius of effect)."""
    return Point(finite_point(center, "centre")).buffer(_positive(radius, "radius"))


def annulus(center: Sequence[float], r_min: float, r_max: float) -> Polygon:
    """The ring between ``r_min`` and ``r_max``: a weapon's minimum-range donut."""
    if not 0 <= r_min < _positive(r_max, "outer radius"):
        raise ValueError(f"annulus needs 0 <= inner < outer radius, got {r_min!r}, {r_max!r}")
    c = Point(finite_point(center, "centre"))
    return c.buffer(r_max) if r_min == 0 else c.buffer(r_max).difference(c.buffer(r_min))


def arc_sector(origin: Sequence[float], facing: float, half_angle: float = 45.0,
               radius: float = 1000.0) -> Polygon:
    """The fire arc: ``half_angle`` degrees either side of ``facing`` out to ``radius``."""
    o = finite_point(origin, "arc origin")
    if not 0 < half_angle <= 180:
        raise ValueError(f"half angle must be in (0, 180], got {half_angle!r}")
    if half_angle == 180:
        return radius_zone(o, radius)
    steps = max(2, int(ARC_STEPS * half_angle / 90))
    rim = [offset(o, facing - half_angle + 2 * half_angle * k / steps, radius) for k in range(steps + 1)]
    return Polygon([o, *rim])


def in_arc(origin: Sequence[float], facing: float, point: Sequence[float], half_angle: float = 45.0) -> bool:
    """Is ``point`` within ``half_angle`` of ``facing`` seen from ``origin`` (edges included)?"""
    diff = (bearing(origin, point) - facing + 180.0) % 360.0 - 180.0
    return abs(diff) <= half_angle + 1e-9


def danger_zone(weapon_front: Sequence[float], target_points: Sequence[Sequence[float]],
                widen: float = 1.0) -> Polygon:
    """Close Action's MG danger zone: the wedge from the weapon's front centre to the target
    unit's outer edges, widened ``widen`` inches outward on both sides."""
    w = finite_point(weapon_front, "weapon front")
    pts = [finite_point(p, "target") for p in target_points]
    if not pts:
        raise ValueError("danger zone needs at least one target figure")
    wedge = MultiPoint([w, *pts]).convex_hull
    zone = wedge.buffer(_positive(widen, "widening"), join_style="mitre") if widen else wedge
    # the lines run from the weapon forward: nothing behind the weapon's front is in the zone
    cx, cy = np.mean(pts, axis=0)
    facing = bearing(w, (cx, cy))
    reach = 2 * max(math.dist(w, p) for p in pts) + 2 * widen + 1
    ahead = Polygon([offset(w, facing - 90, reach), offset(offset(w, facing - 90, reach), facing, reach),
                     offset(offset(w, facing + 90, reach), facing, reach), offset(w, facing + 90, reach)])
    return zone.intersection(ahead)


def corridor(path: Sequence[Sequence[float]], half_width: float) -> Polygon:
    """A strip ``half_width`` either side of a string laid across the table (flight paths)."""
    pts = [finite_point(p, "path point") for p in path]
    if len(pts) < 2:
        raise ValueError("a corridor needs a path of at least two points")
    return LineString(pts).buffer(_positive(half_width, "half width"), cap_style="flat")


def template(shape: Sequence[Sequence[float]], at: Sequence[float], rotation: float = 0.0) -> Polygon:
    """A template drawn around its own origin, placed at ``at`` and turned ``rotation`` degrees
    clockwise (compass sense)."""
    poly = Polygon([finite_point(p, "template vertex") for p in shape])
    if not poly.is_valid or poly.area <= 0:
        raise ValueError("template outline must be a simple polygon with area")
    x, y = finite_point(at, "template position")
    return affinity.translate(affinity.rotate(poly, -rotation, origin=(0, 0)), x, y)


def inside(zone: BaseGeometry, points: np.ndarray) -> np.ndarray:
    """Which of ``points`` (an [n, 2] array) lie in ``zone`` (edge included): one vectorised call."""
    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    return shapely.intersects_xy(zone, pts[:, 0], pts[:, 1])
