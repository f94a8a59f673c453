"""The terrain vocabulary shared by every ruleset.

A scenario names terrain with these types; each ruleset maps every type to its own effects
(cover, line of sight, movement) in its ``vocabulary`` module.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TerrainType:
    """One terrain type: which shapes it may take and which variants it has."""

    name: str
    shapes: frozenset[str]
    variants: tuple[str, ...] = ()
    needs_height: bool = False


AREA = frozenset({"polygon", "rectangle", "circle"})
LINEAR = frozenset({"line"})
EDGE = frozenset({"edges"})

TERRAIN_TYPES: dict[str, TerrainType] = {
    t.name: t
    for t in (
        TerrainType("woods", AREA),
        TerrainType("buildings", AREA),
        TerrainType("hill", AREA, needs_height=True),
        TerrainType("road", LINEAR | AREA),
        TerrainType("stream", LINEAR | AREA | EDGE),
        TerrainType("river", LINEAR | AREA | EDGE),
        TerrainType("rough", AREA),
        TerrainType("swamp", AREA),
        TerrainType("mud", AREA),
        TerrainType("snow", AREA),
        TerrainType("fields", AREA, variants=("low", "medium", "full-grown")),
        TerrainType("orchard", AREA),
        TerrainType("low_wall", LINEAR | EDGE),
        TerrainType("hedge", LINEAR | EDGE),
        TerrainType("bocage", LINEAR | EDGE, variants=("full", "partial")),
        TerrainType("barbed_wire", LINEAR | AREA | EDGE),
        TerrainType("minefield", AREA, variants=("hasty", "deliberate", "dummy")),
        TerrainType("foxholes", AREA | LINEAR),
        TerrainType("trenches", LINEAR | AREA),
        TerrainType("bunker", AREA),
        TerrainType("smoke", AREA),
    )
}

SIDE_ROLES = ("attacker", "defender")
GRID_TYPES = ("square", "hex")
HEX_ORIENTATIONS = ("flat", "pointy")

# The nations a side may be, for rulesets whose text names none (a ruleset that names its own
# keeps to them), and the one colour each is drawn in, in every scenario, lesson and chart: a
# display choice of the kit, not a rule. The four the bundled scenarios field are chosen to be
# drawn as they are on every bundled table (never recoloured): Okabe and Ito's colour-blind-safe
# blue and reddish purple, red, and field grey darkened off the grey of roads and ruins, each
# distinct from the others and from the yellow leader ring (tests/test_render.py).
NATION_COLOURS = {
    "us": "#0072b2",
    "uk": "#cc79a7",
    "canada": "#a0522d",
    "france": "#5b7fb0",  # horizon blue
    "poland": "#5f6b3a",
    "germany": "#2f3e4e",  # field grey, darkened
    "italy": "#9a8b4f",
    "minor_axis": "#7d6b91",
    "ussr": "#b22222",
    "japan": "#c2a14d",
    "china": "#3d5a80",
}
NATIONALITIES = tuple(NATION_COLOURS)
# What a side of each nation is called until the designer names it (the editor's first unit of a
# nation names its side so)
PEOPLES = {"us": "Americans", "uk": "British", "canada": "Canadians", "france": "French", "poland": "Poles",
           "germany": "Germans", "italy": "Italians", "minor_axis": "Axis allies", "ussr": "Soviets",
           "japan": "Japanese", "china": "Chinese"}
