"""Square and hex grids as geometry: cells, neighbours, sides, edges.

Cells are addressed ``(column, row)`` from the grid origin (row 0 on the near edge). Hex grids
use offset columns: flat-topped hexes shift odd columns up half a cell, pointy-topped hexes
shift odd rows right half a cell. A hex grid's ``size`` is the flat-to-flat width.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Iterator, Mapping

from shapely.geometry import LineString, Polygon

Cell = tuple[int, int]
SQRT3 = math.sqrt(3.0)


def _compass(dx: float, dy: float) -> float:
    return math.degrees(math.atan2(dx, dy)) % 360.0


@dataclass(frozen=True)
class Grid:
    """Shared grid behaviour; subclasses place cell centres and corners."""

    size: float
    width: float  # table extent covered, inches
    depth: float
    origin: tuple[float, float] = (0.0, 0.0)

    side_names: tuple[str, ...] = ()
    side_angles: tuple[float, ...] = ()

    def center(self, cell: Cell) -> tuple[float, float]:
        raise NotImplementedError

    def corners(self, cell: Cell) -> list[tuple[float, float]]:
        raise NotImplementedError

    @property
    def columns(self) -> int:
        raise NotImplementedError

    @property
    def rows(self) -> int:
        raise NotImplementedError

    def contains_cell(self, cell: Cell) -> bool:
        c, r = cell
        return 0 <= c < self.columns and 0 <= r < self.rows

    def cells(self) -> Iterator[Cell]:
        for r in range(self.rows):
            for c in range(self.columns):
                yield (c, r)

    def polygon(self, cell: Cell) -> Polygon:
        return Polygon(self.corners(cell))

    def _approx(self, x: float, y: float) -> Cell:
        raise NotImplementedError

    def cell_of(self, x: float, y: float) -> Cell | None:
        """The cell whose area holds the point (the nearest centre), or None off the grid."""
        c0, r0 = self._approx(x, y)
        best, best_d = None, math.inf
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                cell = (c0 + dc, r0 + dr)
                cx, cy = self.center(cell)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if d < best_d - 1e-12:
                    best, best_d = cell, d
        return best if best is not None and self.contains_cell(best) else None

    def neighbour(self, cell: Cell, side: str) -> Cell:
        """The cell across ``side`` (it may lie off the grid)."""
        angle = self.side_angles[self.side_names.index(side)]
        cx, cy = self.center(cell)
        rad = math.radians(angle)
        # the neighbour's centre lies exactly ``size`` away across the side: rounding finds its cell
        return self._approx(cx + self.size * math.sin(rad), cy + self.size * math.cos(rad))

    def neighbours(self, cell: Cell) -> list[Cell]:
        """Cells sharing an edge with ``cell``, on the grid."""
        return [n for s in self.side_names if self.contains_cell(n := self.neighbour(cell, s))]

    def side_towards(self, cell: Cell, other: Cell) -> str | None:
        """The side of ``cell`` shared with ``other``, or None when they share no edge."""
        for s in self.side_names:
            if self.neighbour(cell, s) == other:
                return s
        return None

    def edge(self, cell: Cell, side: str) -> LineString:
        """The segment of ``cell``'s boundary on ``side``: the two corners flanking it."""
        angle = self.side_angles[self.side_names.index(side)]
        cx, cy = self.center(cell)

        def off(p: tuple[float, float]) -> float:
            return abs((_compass(p[0] - cx, p[1] - cy) - angle + 180.0) % 360.0 - 180.0)

        a, b = sorted(self.corners(cell), key=off)[:2]
        return LineString([a, b])

    def distance(self, a: Cell, b: Cell) -> int:
        """Cells counted from ``a`` to ``b`` moving through edges."""
        raise NotImplementedError


_SQUARE_STEPS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}  # y grows northwards


@dataclass(frozen=True)
class SquareGrid(Grid):
    """Square cells of side ``size``."""

    side_names: tuple[str, ...] = ("N", "E", "S", "W")
    side_angles: tuple[float, ...] = (0.0, 90.0, 180.0, 270.0)

    @cached_property
    def columns(self) -> int:  # type: ignore[override]
        return max(0, math.floor((self.width - self.origin[0]) / self.size + 1e-9))

    @cached_property
    def rows(self) -> int:  # type: ignore[override]
        return max(0, math.floor((self.depth - self.origin[1]) / self.size + 1e-9))

    def center(self, cell: Cell) -> tuple[float, float]:
        c, r = cell
        return (self.origin[0] + (c + 0.5) * self.size, self.origin[1] + (r + 0.5) * self.size)

    def corners(self, cell: Cell) -> list[tuple[float, float]]:
        x0 = self.origin[0] + cell[0] * self.size
        y0 = self.origin[1] + cell[1] * self.size
        s = self.size
        return [(x0, y0), (x0 + s, y0), (x0 + s, y0 + s), (x0, y0 + s)]

    def _approx(self, x: float, y: float) -> Cell:
        return (math.floor((x - self.origin[0]) / self.size), math.floor((y - self.origin[1]) / self.size))

    def neighbour(self, cell: Cell, side: str) -> Cell:
        dc, dr = _SQUARE_STEPS[side]  # what Grid.neighbour finds, without measuring
        return (cell[0] + dc, cell[1] + dr)

    def edge(self, cell: Cell, side: str) -> LineString:
        sw, se, ne, nw = self.corners(cell)  # the two corners Grid.edge picks, without measuring
        return LineString({"N": (ne, nw), "E": (se, ne), "S": (sw, se), "W": (sw, nw)}[side])

    def corner_neighbours(self, cell: Cell) -> list[Cell]:
        c, r = cell
        return [n for n in ((c + 1, r + 1), (c + 1, r - 1), (c - 1, r - 1), (c - 1, r + 1))
                if self.contains_cell(n)]

    def distance(self, a: Cell, b: Cell) -> int:
        return abs(a[0] - b[0]) + abs(a[1] - b[1])


@dataclass(frozen=True)
class HexGrid(Grid):
    """Regular hexes, ``flat`` or ``pointy`` topped, ``size`` across the flats."""

    orientation: str = "flat"

    def __post_init__(self) -> None:
        if self.orientation not in ("flat", "pointy"):
            raise ValueError(f"hex orientation must be flat or pointy, not {self.orientation!r}")
        names, angles = (("N", "NE", "SE", "S", "SW", "NW"), (0, 60, 120, 180, 240, 300)) \
            if self.orientation == "flat" else \
            (("NE", "E", "SE", "SW", "W", "NW"), (30, 90, 150, 210, 270, 330))
        object.__setattr__(self, "side_names", names)
        object.__setattr__(self, "side_angles", tuple(float(a) for a in angles))

    @property
    def radius(self) -> float:
        """Centre-to-corner distance."""
        return self.size / SQRT3

    @cached_property
    def columns(self) -> int:  # type: ignore[override]
        R, w = self.radius, self.width - self.origin[0]
        if self.orientation == "flat":
            return max(0, math.floor((w - 2 * R) / (1.5 * R) + 1e-9) + 1)
        return max(0, math.floor((w - 1.5 * self.size) / self.size + 1e-9) + 1)

    @cached_property
    def rows(self) -> int:  # type: ignore[override]
        R, d = self.radius, self.depth - self.origin[1]
        if self.orientation == "flat":
            return max(0, math.floor((d - 1.5 * self.size) / self.size + 1e-9) + 1)
        return max(0, math.floor((d - 2 * R) / (1.5 * R) + 1e-9) + 1)

    def center(self, cell: Cell) -> tuple[float, float]:
        c, r = cell
        R, s = self.radius, self.size
        ox, oy = self.origin
        if self.orientation == "flat":
            return (ox + R + 1.5 * R * c, oy + s / 2 + s * r + (s / 2 if c % 2 else 0.0))
        return (ox + s / 2 + s * c + (s / 2 if r % 2 else 0.0), oy + R + 1.5 * R * r)

    def corners(self, cell: Cell) -> list[tuple[float, float]]:
        cx, cy = self.center(cell)
        start = 0.0 if self.orientation == "flat" else 30.0
        return [(cx + self.radius * math.cos(math.radians(start + 60 * k)),
                 cy + self.radius * math.sin(math.radians(start + 60 * k))) for k in range(6)]

    def _approx(self, x: float, y: float) -> Cell:
        R, s = self.radius, self.size
        ox, oy = self.origin
        if self.orientation == "flat":
            c = round((x - ox - R) / (1.5 * R))
            return (c, round((y - oy - s / 2 - (s / 2 if c % 2 else 0.0)) / s))
        r = round((y - oy - R) / (1.5 * R))
        return (round((x - ox - s / 2 - (s / 2 if r % 2 else 0.0)) / s), r)

    def _cube(self, cell: Cell) -> tuple[int, int, int]:
        c, r = cell
        if self.orientation == "flat":
            q, rr = c, r - (c >> 1)
        else:
            q, rr = c - (r >> 1), r
        return q, rr, -q - rr

    def distance(self, a: Cell, b: Cell) -> int:
        qa, ra, sa = self._cube(a)
        qb, rb, sb = self._cube(b)
        return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))


def grid_from_spec(spec: Mapping[str, Any], width: float, depth: float) -> Grid:
    """Build a grid from a scenario's ``table.grid`` mapping."""
    origin = tuple(spec.get("origin", (0.0, 0.0)))
    if spec["type"] == "square":
        return SquareGrid(float(spec["size"]), width, depth, origin)  # type: ignore[arg-type]
    return HexGrid(float(spec["size"]), width, depth, origin,  # type: ignore[arg-type]
                   orientation=spec.get("orientation", "flat"))
