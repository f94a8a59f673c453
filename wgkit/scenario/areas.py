"""The shapes a scenario's victory conditions name, on its table: what victory judges and the
board outlines."""

from __future__ import annotations

from typing import Any

from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from wgkit.geometry.grids import Grid, grid_from_spec
from wgkit.geometry.shapes import feature_geometry
from wgkit.scenario.model import Scenario


def table_grid(scenario: Scenario) -> Grid | None:
    """The scenario's grid (squares or hexes), or None on a free table."""
    t = scenario.table
    return grid_from_spec(t.grid.to_dict(), t.width, t.depth) if t.grid else None


def area_geometry(scenario: Scenario, area: Any) -> BaseGeometry:
    """The shape of a victory area (terrain ids, or one shape; grid cells as their squares or hexes)."""
    if isinstance(area, str):
        area = (area,)
    if isinstance(area, tuple):
        return unary_union([feature_geometry(scenario.feature(i).as_mapping()) for i in area])
    (shape, value), = area.items()
    if shape == "cells":
        grid = table_grid(scenario)
        assert grid is not None, "the validator refuses cells without a grid"
        return unary_union([grid.polygon(tuple(c)) for c in value])
    return feature_geometry({shape: value})
