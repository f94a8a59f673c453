"""Line of sight and terrain on a grid: centre to centre through cells and edges.

A sight line is blocked by:

* a blocking cell it passes **through** (its interior), other than the two end cells;
* a blocking **edge** it crosses at a point inside the edge;
* a **vertex** it passes exactly through, when blocking cells or edges meeting there lie on
  **both** sides of the line. For squares this is Company Fire's bocage corner rule (a diagonal
  through a corner is blocked only when both edges of that corner are bocage); for hexes it
  is the usual hexside-spine rule;
* an **edge it runs along**, when the cells on both sides of that edge block.

Edges are named by the two cells they separate: ``frozenset({cell, neighbour})``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

import shapely
from shapely import STRtree
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry

from wgkit.geometry.grids import Cell, Grid

EPS = 1e-7


def edge_key(a: Cell, b: Cell) -> frozenset[Cell]:
    return frozenset((a, b))


@lru_cache(maxsize=16)
def _cell_index(grid: Grid) -> tuple[list[Cell], STRtree]:
    cells = list(grid.cells())
    return cells, STRtree([grid.polygon(c) for c in cells])


@dataclass(frozen=True)
class GridSight:
    """The explained answer for a grid: cells passed through and what blocked."""

    observer: Cell
    target: Cell
    clear: bool
    cells: tuple[Cell, ...]  # cells whose interior the line passes through, in order
    blocked_by: tuple[str, ...]
    edges_crossed: tuple[frozenset[Cell], ...]  # blocking edges crossed


def _side(a: tuple[float, float], b: tuple[float, float], p: tuple[float, float]) -> int:
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return 0 if abs(cross) < EPS else (1 if cross > 0 else -1)


@dataclass(frozen=True)
class Trace:
    """What a centre-to-centre line meets on a grid, whatever blocks: the geometry of one sight
    line, worked out once per grid and pair of cells (:func:`grid_los` judges it)."""

    through: tuple[Cell, ...]  # cells whose interior the line passes, in order from the observer
    along: tuple[frozenset[Cell], ...]  # edges the line runs along
    cell_corners: tuple[tuple[tuple[float, float], int, Cell], ...]  # (vertex, side of the line, cell) touched at a vertex
    edges: tuple[tuple[frozenset[Cell], tuple[float, float] | None, int], ...]  # (edge, vertex or None if crossed inside, side)


@lru_cache(maxsize=65_536)
def trace(grid: Grid, observer: Cell, target: Cell) -> Trace:
    """The cells and edges a centre-to-centre line from ``observer`` to ``target`` meets."""
    a, b = grid.center(observer), grid.center(target)
    seg = LineString([a, b])
    cells, tree = _cell_index(grid)
    touched = [cells[i] for i in tree.query(seg, predicate="intersects")]
    through: list[tuple[float, Cell]] = []
    along: dict[frozenset[Cell], None] = {}
    corners = []
    for c in touched:
        poly = grid.polygon(c)
        part = seg.intersection(poly)
        if part.length > EPS:
            mid = part.interpolate(0.5, normalized=True)
            if poly.exterior.distance(mid) < EPS:  # runs along one of c's edges
                for s in grid.side_names:
                    if grid.edge(c, s).distance(mid) < EPS:
                        along[edge_key(c, grid.neighbour(c, s))] = None
            elif c not in (observer, target):
                through.append((seg.project(mid), c))
        elif c not in (observer, target):
            p = part.coords[0] if part.geom_type == "Point" else shapely.get_coordinates(part)[0]
            corners.append((_vertex(p), _side(a, b, grid.center(c)), c))
    edges = []
    seen: set[frozenset[Cell]] = set()
    for c in touched:
        for s in grid.side_names:
            key = edge_key(c, grid.neighbour(c, s))
            if key in seen:
                continue
            seen.add(key)
            e = grid.edge(c, s)
            hit = seg.intersection(e)
            if hit.is_empty or hit.geom_type != "Point":
                continue  # no contact, or the line runs along the edge
            p = hit.coords[0]
            ends = [e.coords[0], e.coords[1]]
            if all(math.dist(p, q) > EPS for q in ends):
                edges.append((key, None, 0))
            else:
                far = ends[1] if math.dist(p, ends[0]) <= EPS else ends[0]
                edges.append((key, _vertex(p), _side(a, b, far)))
    return Trace(tuple(c for _, c in sorted(through)), tuple(along), tuple(corners), tuple(edges))


def _vertex(p: Sequence[float]) -> tuple[float, float]:
    return (round(p[0], 6), round(p[1], 6))


def _edge_words(key: frozenset[Cell]) -> str:
    """An edge as a person names it: "the edge between (4, 2) and (4, 3)"."""
    a, b = sorted(key)
    return f"the edge between {a} and {b}"


def grid_los(grid: Grid, observer: Cell, target: Cell,
             blocking_cells: Iterable[Cell] = (), blocking_edges: Iterable[frozenset[Cell]] = ()) -> GridSight:
    """Centre-to-centre line of sight from ``observer`` to ``target`` cell."""
    for c in (observer, target):
        if not grid.contains_cell(c):
            raise ValueError(f"cell {c} is not on the {grid.columns} x {grid.rows} grid")
    if observer == target:
        return GridSight(observer, target, True, (), (), ())
    blocking = blocking_cells if isinstance(blocking_cells, (set, frozenset)) else set(blocking_cells)
    walls = blocking_edges if isinstance(blocking_edges, (set, frozenset)) else set(blocking_edges)
    t = trace(grid, observer, target)
    blocked_by = [f"cell {c}" for c in t.through if c in blocking]
    for key in t.along:
        pair = tuple(key)
        if len(pair) == 2 and all(c in blocking for c in pair):
            blocked_by.append(f"cells {pair[0]} and {pair[1]} on both sides of the line")
    vertex_sides: dict[tuple[float, float], dict[int, list[str]]] = {}
    for p, side, c in t.cell_corners:
        if c in blocking:
            vertex_sides.setdefault(p, {}).setdefault(side, []).append(f"cell {c}")
    crossed = []
    for key, p, side in t.edges:
        if key not in walls:
            continue
        if p is None:
            crossed.append(key)
            blocked_by.append(_edge_words(key))
        else:
            vertex_sides.setdefault(p, {}).setdefault(side, []).append(_edge_words(key))
    for p, sides in vertex_sides.items():
        if sides.get(1) and sides.get(-1):
            blocked_by.append(f"corner at {p}: {', '.join(sides[1] + sides[-1])} on both sides")
    return GridSight(observer, target, not blocked_by, t.through, tuple(blocked_by), tuple(crossed))


@dataclass(frozen=True)
class CellTerrain:
    """A cell's share of each area terrain type (``open`` for the rest); shares sum to one."""

    cell: Cell
    shares: dict[str, float]
    dominant: str
    features: tuple[str, ...]


def rasterise_areas(grid: Grid, areas: Sequence[tuple[str, str, BaseGeometry]]) -> dict[Cell, CellTerrain]:
    """Each cell's area terrain: shares by type and the dominant type.

    Where features overlap, the one listed later lies on top and claims the overlap.
    """
    out = {}
    cells, tree = _cell_index(grid)
    for i, c in enumerate(cells):
        poly = grid.polygon(c)
        claimed: BaseGeometry | None = None
        shares: dict[str, float] = {}
        ids = []
        for fid, ftype, geom in reversed(areas):
            part = geom.intersection(poly)
            if claimed is not None:
                part = part.difference(claimed)
            if part.area <= EPS:
                continue
            shares[ftype] = shares.get(ftype, 0.0) + part.area / poly.area
            ids.append(fid)
            claimed = part if claimed is None else claimed.union(part)
        shares["open"] = max(0.0, 1.0 - sum(shares.values()))
        dominant = max(shares, key=lambda t: (shares[t], t != "open"))
        out[c] = CellTerrain(c, shares, dominant, tuple(reversed(ids)))
    return out


def rasterise_edges(grid: Grid, lines: Sequence[tuple[str, str, BaseGeometry]], full: float = 0.75,
                    partial: float = 0.25, tolerance: float = 0.2) -> dict[frozenset[Cell], tuple[str, str, str]]:
    """Edge terrain from linear features that run along cell edges.

    A line counts for an edge where it stays within ``tolerance`` of the edge (as a fraction
    of the cell size); covering at least ``full`` of the edge's length makes a full edge, at
    least ``partial`` a partial one. Returns ``{edge: (type, "full" | "partial", feature id)}``.
    """
    out: dict[frozenset[Cell], tuple[str, str, str]] = {}
    cells, tree = _cell_index(grid)
    for fid, ftype, geom in lines:
        for i in tree.query(geom.buffer(grid.size * tolerance)):
            c = cells[i]
            for s in grid.side_names:
                n = grid.neighbour(c, s)
                key = edge_key(c, n)
                e = grid.edge(c, s)
                near = geom.intersection(e.buffer(grid.size * tolerance, cap_style="flat"))
                if near.is_empty:
                    continue
                (x0, y0), (x1, y1) = e.coords
                ux, uy = (x1 - x0) / e.length, (y1 - y0) / e.length
                proj = [(x - x0) * ux + (y - y0) * uy for x, y in shapely.get_coordinates(near)]
                cover = (min(max(proj), e.length) - max(min(proj), 0.0)) / e.length
                grade = "full" if cover >= full else "partial" if cover >= partial else None
                if grade and (key not in out or out[key][1] == "partial"):
                    out[key] = (ftype, grade, fid)
    return out
