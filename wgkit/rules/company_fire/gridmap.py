"""Company Fire on the grid: free-form terrain rasterised to squares, bocage edges, and line of
sight with the text's exceptions (Line of Sight; Special Terrain Rules: Bocage)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from shapely.geometry import LineString

from wgkit.geometry.gridlos import CellTerrain, GridSight, edge_key, grid_los, rasterise_areas, rasterise_edges
from wgkit.geometry.grids import Cell, SquareGrid, grid_from_spec
from wgkit.facts.registry import find_ruleset, terrain_effect
from wgkit.scenario.model import Scenario
from wgkit.geometry.shapes import footprint


@dataclass
class GridMap:
    grid: SquareGrid
    cells: dict[Cell, CellTerrain]
    edges: dict[frozenset[Cell], tuple[str, str, str]]  # edge -> (type, "full" | "partial", feature id)
    lines: tuple[tuple[str, str, LineString], ...] = ()  # linear terrain inside squares (id, type, line)
    roads: frozenset[Cell] = frozenset()  # squares a road runs through

    @classmethod
    def of(cls, scenario: Scenario) -> "GridMap":
        """Area terrain by dominant share, edge terrain from grid-edge features and from lines
        that follow cell edges."""
        t = scenario.table
        grid = grid_from_spec(t.grid.to_dict(), t.width, t.depth)
        areas = [(f.id, f.type if not f.variant else f"{f.type}/{f.variant}", footprint(f.as_mapping()))
                 for f in scenario.terrain if f.shape not in ("edges", "line")]
        lines = [(f.id, f.type, LineString(f.geometry)) for f in scenario.terrain if f.shape == "line"]
        cf = find_ruleset("company_fire")
        walls = [ln for ln in lines if terrain_effect(cf, ln[1]).movement != "road"]
        edges = rasterise_edges(grid, walls)
        for f in scenario.terrain:
            if f.shape == "edges":
                for c, r, side in f.geometry:
                    edges[edge_key((c, r), grid.neighbour((c, r), side))] = (f.type, f.variant or "full", f.id)
        on_edges = {fid for _, _, fid in edges.values()}
        inner = tuple(ln for ln in walls if ln[0] not in on_edges)
        roads = frozenset(c for c in grid.cells() for _, kind, geom in lines  # Vehicle Movement's on-road rate
                          if terrain_effect(cf, kind).movement == "road" and geom.intersects(grid.polygon(c)))
        return cls(grid, rasterise_areas(grid, areas), edges, inner, roads)

    def edge_cover(self, kind: str) -> bool:
        """Edge Terrain table: whether an edge (or a line inside a square) gives cover."""
        return terrain_effect(find_ruleset("company_fire"), kind).cover == "cover"

    def full_bocage(self, a: Cell, b: Cell) -> bool:
        """Special Terrain Rules, Bocage: whether full bocage runs along the edge between ``a`` and ``b``."""
        return self.edges.get(edge_key(a, b), ())[:2] == ("bocage", "full")

    def passable(self, cell: Cell, vehicle: bool) -> bool:
        """Area Terrain table: impassable to infantry, or to vehicles unless a road runs there."""
        t = self.terrain(cell)
        if t == "open":
            return True
        kind, _, variant = t.partition("/")
        move = terrain_effect(find_ruleset("company_fire"), kind, variant or None).movement
        if move == "impassable":
            return False
        return not (vehicle and move == "no_vehicles" and cell not in self.roads)

    def terrain(self, cell: Cell) -> str:
        return self.cells[cell].dominant

    def blocks(self, cell: Cell) -> bool:
        t = self.terrain(cell)
        if t == "open":
            return False
        kind, _, variant = t.partition("/")
        return terrain_effect(find_ruleset("company_fire"), kind, variant or None).blocks_los

    def cover(self, cell: Cell) -> bool:
        t = self.terrain(cell)
        if t == "open":
            return False
        kind, _, variant = t.partition("/")
        return terrain_effect(find_ruleset("company_fire"), kind, variant or None).cover == "cover"

    def sight(self, a: Cell, b: Cell, occupied: set[Cell] = frozenset(), occupied_bocage: set[Cell] = frozenset()) -> GridSight:
        """Centre to centre; blocked by blocking squares, occupied squares (non-SMF units) and
        blocking edges. Units in adjacent squares sharing a bocage edge see each other, and a unit
        occupying the bocage of its square sees out through it."""
        walls = set(self._walls)
        if self.grid.distance(a, b) == 1:
            walls.discard(edge_key(a, b))
        for cell in occupied_bocage:
            walls = {e for e in walls if cell not in e}
        blocking = self._blocking - {a, b} | set(occupied)
        return grid_los(self.grid, a, b, blocking, walls)

    @cached_property
    def _walls(self) -> frozenset[frozenset[Cell]]:
        """Edges whose terrain blocks sight, as the terrain table says: bocage and hedges (terrain
        never changes in play)."""
        cf = find_ruleset("company_fire")
        return frozenset(e for e, (kind, _, _) in self.edges.items() if terrain_effect(cf, kind).blocks_los)

    @cached_property
    def _blocking(self) -> frozenset[Cell]:
        """Squares whose terrain blocks sight."""
        return frozenset(c for c in self.cells if self.blocks(c))
