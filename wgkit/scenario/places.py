"""Points on a free-form table in the table's words: where a move ends or a barrage lands, named
by the terrain the scenario names ("a point in the Copse", "a point 2" north-east of the Mill"),
never as bare coordinates."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from shapely.geometry import Point
from shapely.ops import nearest_points

from wgkit.geometry.shapes import feature_geometry
from wgkit.words import bearing

if TYPE_CHECKING:
    from wgkit.scenario.model import Scenario

NEAR = 12.0  # inches: a point further than this from every named feature is placed by the edges


def inches(d: float) -> str:
    return f'{d:.1f}"' if d < 10 else f'{d:.0f}"'


def placer(scenario: "Scenario") -> Callable[[float, float], str]:
    """A function naming a point of ``scenario``'s table: inside a named feature, by it; near
    one, by distance and compass point from its edge; else by its distances from the left and near
    edges (what a tape measure at the table gives)."""
    named = [(f.name, feature_geometry(f.as_mapping())) for f in scenario.terrain
             if f.name and f.shape != "edges"]
    said: dict[tuple[float, float], str] = {}

    def place(x: float, y: float) -> str:
        if (x, y) in said:
            return said[(x, y)]
        p = Point(x, y)
        inside = [name for name, g in named if g.area > 0 and g.covers(p)]
        if inside:
            words = f"a point in {inside[0]}"
        else:
            near = min(((g.distance(p), name, g) for name, g in named), default=None, key=lambda t: t[0])
            if near is not None and near[0] <= NEAR:
                d, name, g = near
                edge = nearest_points(g, p)[0]
                words = (f"a point on {name}" if d < 0.05 else
                         f"a point {inches(d)} {bearing((edge.x, edge.y), (x, y))} of {name}")
            else:
                words = f"a point {inches(x)} from the left edge and {inches(y)} from the near edge"
        said[(x, y)] = words
        return words

    return place
