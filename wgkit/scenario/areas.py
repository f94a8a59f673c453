"""The shapes a scenario's victory conditions name, on its table: what victory judges and the
board outlines."""

from __future__ import annotations

from typing import Any

import shapely
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from wgkit.geometry.grids import Grid, grid_from_spec
from wgkit.geometry.shapes import feature_geometry
from wgkit.scenario.model import Scenario


def table_grid(scenario: Scenario) -> Grid | None:
    """The scenario's grid (squares or hexes), or None on a free table."""
    t = scenario.table
    return grid_from_spec(t.grid.to_dict(), t.width, t.depth) if t.grid else None


_MADE: dict[tuple[int, str], tuple[Scenario, BaseGeometry]] = {}  # (scenario's id, area): shape
KEPT = 256  # shapes remembered; what-if play asks for the same few areas thousands of times a game


def area_geometry(scenario: Scenario, area: Any) -> BaseGeometry:
    """The shape of a victory area (terrain ids, or one shape; grid cells as their squares or
    hexes), made once per scenario and area."""
    key = (id(scenario), repr(area))
    made = _MADE.get(key)
    if made is not None and made[0] is scenario:  # the scenario is held, so its id is not reused
        return made[1]
    if len(_MADE) >= KEPT:
        _MADE.clear()
    shape = _area_shape(scenario, area)
    shapely.prepare(shape)  # victory asks whether pieces stand inside, again and again
    _MADE[key] = (scenario, shape)
    return shape


def _area_shape(scenario: Scenario, area: Any) -> BaseGeometry:
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
