"""Terrain shapes as written in a scenario, turned into Shapely geometry."""

from __future__ import annotations

import math
from typing import Any, Mapping

from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

SHAPE_KEYS = ("polygon", "rectangle", "circle", "line", "edges")
CIRCLE_SEGMENTS = 32  # quarter-circle segments when a circle becomes a polygon
DEFAULT_LINE_WIDTH = 0.5  # inches, for linear features written without a width


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _point(v: Any) -> bool:
    return isinstance(v, (list, tuple)) and len(v) == 2 and all(_num(x) for x in v)


def well_formed(shape: str, value: Any) -> bool:
    """True when a shape's data has the right form to become geometry."""
    if shape in ("polygon", "line"):
        return isinstance(value, (list, tuple)) and len(value) >= (3 if shape == "polygon" else 2) \
            and all(_point(p) for p in value)
    if shape == "rectangle":
        return isinstance(value, dict) and _point(value.get("center")) and _point(value.get("size")) \
            and all(x > 0 for x in value["size"]) and _num(value.get("rotation", 0))
    if shape == "circle":
        return isinstance(value, dict) and _point(value.get("center")) \
            and _num(value.get("radius")) and value["radius"] > 0
    return False


def feature_geometry(feature: Mapping[str, Any]) -> BaseGeometry:
    """The footprint of an area or line feature (edge features have none: see grids).

    Lines are returned as their centreline; :func:`footprint` widens them.
    """
    if "polygon" in feature:
        return Polygon([tuple(p) for p in feature["polygon"]])
    if "rectangle" in feature:
        r = feature["rectangle"]
        (cx, cy), (w, d) = r["center"], r["size"]
        rect = box(cx - w / 2, cy - d / 2, cx + w / 2, cy + d / 2)
        return affinity.rotate(rect, r.get("rotation", 0), origin=(cx, cy))
    if "circle" in feature:
        c = feature["circle"]
        return Point(c["center"]).buffer(c["radius"], quad_segs=CIRCLE_SEGMENTS)
    if "line" in feature:
        return LineString([tuple(p) for p in feature["line"]])
    raise ValueError("feature has no area or line shape")


def footprint(feature: Mapping[str, Any]) -> BaseGeometry:
    """The area a feature covers on the table: lines widened by their ``width``."""
    geom = feature_geometry(feature)
    if isinstance(geom, LineString):
        return geom.buffer(feature.get("width", DEFAULT_LINE_WIDTH) / 2, cap_style="flat")
    return geom
