"""The terrain index: every area feature's footprint, prepared once per scenario.

Properties (blocks line of sight, cover class, hill height) come from the ruleset's terrain
mapping; geometry only stores them. Linear features are indexed by their widened footprint;
grid-edge features live with the grid (see :mod:`wgkit.geometry.gridlos`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Hashable, Iterable, Sequence

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry.base import BaseGeometry

from wgkit.geometry.sightlines import Disks, EdgeSet

if TYPE_CHECKING:
    from wgkit.facts.ruleset import RulesetInfo
    from wgkit.scenario.model import Scenario

MEMO_SIZE = 100_000  # answers remembered per terrain
OBSTACLE_HEIGHT = 1.0  # levels: woods, buildings, hedges stand one level above their ground
PARALLEL = 1e-7  # radians: two segments this near in direction may be collinear (float rounding aside)
SHORT = 1e-6  # inches: a segment this short has no direction to trust


@dataclass(frozen=True)
class TerrainArea:
    """One feature's footprint with the facts line of sight needs."""

    id: str
    type: str
    geometry: BaseGeometry
    blocks_los: bool = False
    cover: str = "none"
    height: float = 0.0  # hill levels; 0 for anything that is not a hill
    variant: str | None = None
    linear: bool = False  # drawn as a line (wall, hedge, road): gives cover to those behind it

    @property
    def is_hill(self) -> bool:
        return self.height > 0


def check_geometry(geom: BaseGeometry, name: str) -> None:
    """Raise a ``ValueError`` naming ``name`` for NaN, empty or invalid geometry."""
    if geom is None or geom.is_empty:
        raise ValueError(f"terrain feature {name!r}: geometry is empty")
    coords = shapely.get_coordinates(geom)
    if not np.isfinite(coords).all():
        raise ValueError(f"terrain feature {name!r}: coordinates must be finite numbers")
    if not geom.is_valid:  # a polygon without area is invalid too (GEOS: self-intersection, too few points)
        raise ValueError(f"terrain feature {name!r}: invalid geometry ({shapely.is_valid_reason(geom)})")


def _turn(delta: np.ndarray) -> np.ndarray:
    """How far apart two directions of lines are, ``delta`` radians between them: a direction
    near pi is near 0."""
    gap = np.abs(delta) % np.pi
    return np.minimum(gap, np.pi - gap)


@dataclass(frozen=True)
class Seams:
    """The boundaries two blocking features (not hills) share for a length with the features on
    opposite sides: two woods, or a wood and a building, drawn touching. A sight line along such a
    seam runs inside neither footprint, yet between two obstacles with no gap, so line of sight
    treats it as running through them. A boundary two features share on the same side (a wood
    drawn twice, a building against the inside of a wood's edge) is no seam: beyond it lies open
    ground. ``lines[s]`` is the seam of features ``a[s]`` and ``b[s]``."""

    lines: np.ndarray
    a: np.ndarray
    b: np.ndarray
    tree: STRtree
    directions: np.ndarray  # sorted directions of the seams' straight pieces, radians in [0, pi)

    def may_run_along(self, start: np.ndarray, end: np.ndarray) -> np.ndarray:
        """Whether each segment ``start -> end`` might run along a seam for a length: only a
        segment parallel to one of the seams' pieces can (a short one always might)."""
        v = end - start
        angle = np.arctan2(v[:, 1], v[:, 0]) % np.pi
        near = np.searchsorted(self.directions, angle)  # the directions either side, the last and first as neighbours
        below, above = self.directions[(near - 1) % len(self.directions)], self.directions[near % len(self.directions)]
        gap = np.minimum(_turn(angle - below), _turn(angle - above))
        return (gap <= PARALLEL) | (np.hypot(v[:, 0], v[:, 1]) <= SHORT)

    @classmethod
    def of(cls, geoms: np.ndarray, blocking: np.ndarray) -> "Seams":
        idx = np.flatnonzero(blocking)
        lines, a, b = [], [], []
        if len(idx) > 1:
            qi, ti = STRtree(geoms[idx]).query(geoms[idx], predicate="intersects")
            pair = qi < ti
            fa, fb = idx[qi[pair]], idx[ti[pair]]
            shared = shapely.intersection(shapely.boundary(geoms[fa]), shapely.boundary(geoms[fb]))
            # only where the two lie on opposite sides: there the boundary runs inside their union;
            # where both lie on one side (duplicates, one nested against the other's edge) it is the
            # union's edge, with open ground beyond
            outline = shapely.boundary(shapely.union(geoms[fa], geoms[fb]))
            shared = shapely.difference(shared, outline)
            length = shapely.length(shared)
            for s in np.flatnonzero(length > 1e-9):
                lines.append(shared[s])
                a.append(fa[s])
                b.append(fb[s])
        arr = np.array(lines, dtype=object)
        pieces = shapely.get_parts(shapely.line_merge(arr)) if len(arr) else np.zeros(0, dtype=object)
        xy, part = shapely.get_coordinates(pieces, return_index=True)
        same = part[1:] == part[:-1]
        step = (xy[1:] - xy[:-1])[same]
        directions = np.unique(np.arctan2(step[:, 1], step[:, 0]) % np.pi)
        return cls(arr, np.array(a, dtype=int), np.array(b, dtype=int), STRtree(arr), directions)


class TerrainIndex:
    """Area terrain of one table, with a spatial index and per-feature arrays."""

    def __init__(self, areas: Sequence[TerrainArea], width: float, depth: float):
        for area in areas:
            check_geometry(area.geometry, area.id)
        self.areas = tuple(areas)
        self.width, self.depth = float(width), float(depth)
        self.geoms = np.array([a.geometry for a in self.areas], dtype=object)
        shapely.prepare(self.geoms)
        self.tree = STRtree(self.geoms)
        self.blocks = np.array([a.blocks_los for a in self.areas], dtype=bool)
        self.height = np.array([a.height for a in self.areas], dtype=float)
        self.is_hill = self.height > 0
        self._hill_ids = np.flatnonzero(self.is_hill)
        reps = shapely.point_on_surface(self.geoms) if len(self.areas) else np.array([])
        self.base = self.elevation(shapely.get_coordinates(reps)) if len(self.areas) else np.zeros(0)
        self.base[self.is_hill] = 0.0
        self.by_id = {a.id: i for i, a in enumerate(self.areas)}
        self.memo: dict = {}  # answers that depend only on the terrain (see remember)

    @classmethod
    def from_scenario(cls, scenario: "Scenario", ruleset: "RulesetInfo | None" = None) -> "TerrainIndex":
        """Index a scenario's area and line features through its ruleset's terrain mapping."""
        from wgkit.facts.registry import find_ruleset, terrain_effect
        from wgkit.geometry.shapes import footprint

        rules = ruleset or find_ruleset(scenario.ruleset)
        areas = []
        for f in scenario.terrain:
            if f.shape == "edges":
                continue
            effect = terrain_effect(rules, f.type, f.variant)
            areas.append(TerrainArea(f.id, f.type, footprint(f.as_mapping()), effect.blocks_los,
                                     effect.cover, float(f.height or 0) if f.type == "hill" else 0.0,
                                     f.variant, f.shape == "line"))
        return cls(areas, scenario.table.width, scenario.table.depth)

    def __len__(self) -> int:
        return len(self.areas)

    def remember(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """``compute()``, worked out once per terrain and ``key`` (a table's terrain never changes
        in play): sight verdicts, cover seen from a point. Forgotten all at once past MEMO_SIZE."""
        if key not in self.memo:
            if len(self.memo) >= MEMO_SIZE:
                self.memo.clear()
            self.memo[key] = compute()
        return self.memo[key]

    @cached_property
    def sight_edges(self) -> EdgeSet:
        """The edges of the features sight lines may meet (blocking features and hills), built once."""
        return EdgeSet.of(self.geoms, self.blocks | self.is_hill)

    @cached_property
    def sight_cores(self) -> Disks:
        """Disks inside the features sight lines may meet, built once (one per copy, see
        :attr:`copies`)."""
        return Disks.cores(self.geoms, (self.blocks | self.is_hill) & ~self.copies)

    @cached_property
    def sight_hulls(self) -> Disks:
        """A disk around each feature sight lines may meet, built once (one per copy)."""
        return Disks.hulls(self.geoms, (self.blocks | self.is_hill) & ~self.copies)

    @cached_property
    def copies(self) -> np.ndarray:
        """Features drawn again: the same footprint with the same facts as an earlier feature
        (survey data draws a wood twice). A copy decides every sight line as its original does,
        so a verdict need not look at it."""
        out = np.zeros(len(self.areas), dtype=bool)
        seen: set = set()
        keys = shapely.to_wkb(shapely.normalize(self.geoms)) if len(self.areas) else []
        for f, key in enumerate(keys):
            key = (key, self.blocks[f], self.height[f], self.base[f])
            out[f] = key in seen
            seen.add(key)
        return out

    @cached_property
    def seams(self) -> Seams:
        """Where two blocking features touch along a boundary (see :class:`Seams`), found once."""
        return Seams.of(self.geoms, self.blocks & ~self.is_hill)

    def at(self, x: float, y: float) -> list[TerrainArea]:
        """Features whose footprint covers the point (edges count as inside)."""
        def look() -> tuple[TerrainArea, ...]:
            idx = self.tree.query(shapely.points(x, y), predicate="covered_by")
            return tuple(self.areas[i] for i in sorted(idx))

        return list(self.remember(("at", x, y), look))

    def crossed(self, a: Sequence[float], b: Sequence[float]) -> list[TerrainArea]:
        """Features the straight way from ``a`` to ``b`` touches (a way of no length: those at
        ``a``), in the order of the scenario's terrain list."""
        way = shapely.LineString([a, b]) if tuple(a) != tuple(b) else shapely.Point(a)
        return [self.areas[i] for i in sorted(self.tree.query(way, predicate="intersects"))]

    def covers(self, points: np.ndarray, interior: bool = False) -> np.ndarray:
        """Boolean matrix ``[feature, point]``: does the feature cover the point (with
        ``interior``: hold it strictly inside, off its boundary)?"""
        pts = shapely.points(np.asarray(points, dtype=float).reshape(-1, 2))
        out = np.zeros((len(self.areas), len(pts)), dtype=bool)
        if len(self.areas) and len(pts):
            pi, fi = self.tree.query(pts, predicate="within" if interior else "covered_by")
            out[fi, pi] = True
        return out

    def elevation(self, points: np.ndarray) -> np.ndarray:
        """Ground level at each point: the highest hill covering it, 0 elsewhere.

        Hills are flat-topped plateaus of ``height`` levels; a hill drawn inside another
        stands on top of it (heights are absolute, not added).
        """
        pts = np.asarray(points, dtype=float).reshape(-1, 2)
        out = np.zeros(len(pts))
        if len(self._hill_ids) and len(pts):
            hits = self.tree.query(shapely.points(pts), predicate="covered_by")
            for p, f in zip(*hits):
                if self.is_hill[f]:
                    out[p] = max(out[p], self.height[f])
        return out

    def ids(self, indices: Iterable[int]) -> list[str]:
        return [self.areas[i].id for i in indices]


def finite_point(p: Sequence[float], name: str = "point") -> tuple[float, float]:
    """Validate a point handed to the geometry layer."""
    if len(p) != 2 or not all(isinstance(v, (int, float, np.floating)) and math.isfinite(v) for v in p):
        raise ValueError(f"{name}: expected two finite coordinates, got {p!r}")
    return float(p[0]), float(p[1])
