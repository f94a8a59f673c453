"""The JSON Schema of the scenario format, shipped with the package (``wgkit schema``).

The schema checks structure and the shared vocabulary; each ruleset's own vocabulary (unit
kinds, weapons, qualities) is checked by :mod:`wgkit.scenario.validate` through the registry,
because it depends on the ``ruleset`` field.
"""

from __future__ import annotations

from typing import Any

from wgkit.facts.common import GRID_TYPES, HEX_ORIENTATIONS, SIDE_ROLES, TERRAIN_TYPES

ID_PATTERN = r"^[A-Za-z][A-Za-z0-9_-]*$"
COLOUR_PATTERN = r"^(#[0-9A-Fa-f]{6}|[a-z]+)$"


def _point(desc: str) -> dict[str, Any]:
    return {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2,
            "description": desc}


def _obj(props: dict[str, Any], required: list[str] | None = None, desc: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = required
    if desc:
        out["description"] = desc
    return out


POSITIVE = {"type": "number", "exclusiveMinimum": 0}
TEXT = {"type": "string"}
IDENT = {"type": "string", "pattern": ID_PATTERN, "description": "letters, digits, _ and -"}
RULES = {"type": "object", "description": "ruleset-specific attributes, checked by the ruleset"}

GRID = _obj({
    "type": {"enum": list(GRID_TYPES)},
    "size": {**POSITIVE, "description": "square side, or hex flat-to-flat width, in inches"},
    "orientation": {"enum": list(HEX_ORIENTATIONS), "description": "hex grids only"},
    "origin": _point("table position of the grid's first cell corner"),
}, ["type", "size"])

MAX_TABLE = 10_000  # inches: 833 feet, far beyond any table or map
MAX_HEIGHT = 50  # hill levels: each is a contour drawn on the map

TABLE = _obj({
    "width": {**POSITIVE, "maximum": MAX_TABLE, "description": "inches, left to right"},
    "depth": {**POSITIVE, "maximum": MAX_TABLE, "description": "inches, near edge to far edge"},
    "grid": GRID,
}, ["width", "depth"])

FEATURE = _obj({
    "id": IDENT,
    "name": TEXT,
    "type": {"enum": sorted(TERRAIN_TYPES)},
    "variant": TEXT,
    "height": {"type": "number", "minimum": 0, "maximum": MAX_HEIGHT, "description": "hill height in levels"},
    "polygon": {"type": "array", "items": _point("vertex"), "minItems": 3},
    "rectangle": _obj({
        "center": _point("centre"),
        "size": {"type": "array", "items": POSITIVE, "minItems": 2, "maxItems": 2, "description": "width and depth"},
        "rotation": {"type": "number", "description": "degrees, anticlockwise"},
    }, ["center", "size"]),
    "circle": _obj({"center": _point("centre"), "radius": POSITIVE}, ["center", "radius"]),
    "line": {"type": "array", "items": _point("vertex"), "minItems": 2},
    "width": {**POSITIVE, "description": "width of a line feature, inches"},
    "edges": {"type": "array", "minItems": 1, "items": {
        "type": "array", "minItems": 3, "maxItems": 3,
        "prefixItems": [{"type": "integer"}, {"type": "integer"}, {"type": "string"}],
        "description": "[column, row, side]",
    }},
    "notes": TEXT,
}, ["id", "type"], "one terrain feature: give exactly one of polygon, rectangle, circle, line, edges")

PIECE = _obj({
    "id": IDENT,
    "name": TEXT,
    "position": _point("table inches [x, y]"),
    "cell": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
    "facing": {"type": "number", "minimum": 0, "exclusiveMaximum": 360,
               "description": "compass degrees, 0 up to (not including) 360: 0 faces the far edge, 90 right"},
    "weapons": {"type": "array", "items": TEXT},
    "role": TEXT,
    "rank": TEXT,
    "hidden": {"type": "boolean"},
    "rules": RULES,
}, ["id"], "a figure, stand, vehicle or gun: give position or cell")

UNIT = _obj({
    "id": IDENT,
    "name": TEXT,
    "kind": TEXT,
    "quality": TEXT,
    "leader": {**IDENT, "description": "id of the figure or unit that leads this unit"},
    "figures": {"type": "array", "items": PIECE, "minItems": 1},
    "stands": {"type": "array", "items": PIECE, "minItems": 1},
    "hidden": {"type": "boolean"},
    "rules": RULES,
    "notes": TEXT,
}, ["id", "kind"])

SIDE = _obj({
    "id": IDENT,
    "name": TEXT,
    "colour": {"type": "string", "pattern": COLOUR_PATTERN},
    "role": {"enum": list(SIDE_ROLES)},
    "nationality": TEXT,
    "units": {"type": "array", "items": UNIT, "minItems": 1},
}, ["id", "name", "role", "units"])

EDGES = ("north", "south", "east", "west")
_SHAPES = FEATURE["properties"]
AREA = {"anyOf": [IDENT, {"type": "array", "items": IDENT, "minItems": 1}, {
    "type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1, "properties": {
        "polygon": _SHAPES["polygon"], "rectangle": _SHAPES["rectangle"], "circle": _SHAPES["circle"],
        "cells": {"type": "array", "minItems": 1, "items": {"type": "array", "items": {"type": "integer"},
                                                            "minItems": 2, "maxItems": 2}}}}],
        "description": "an area: a terrain id, a list of them, or one of polygon, rectangle, circle, cells"}
IDS = {"anyOf": [IDENT, {"type": "array", "items": IDENT, "minItems": 1}],
       "description": "a piece or unit id, or a list of them"}
CONDITION = _obj({
    "name": TEXT,
    "side": {**IDENT, "description": "the side that scores when the condition is met"},
    "points": {"type": "number", "exclusiveMinimum": 0},
    "hold": AREA, "contest": AREA, "deny": AREA,
    "exit": {"enum": list(EDGES)},
    "units": {"type": "integer", "minimum": 1, "description": "exit: how many units must reach the edge"},
    "destroy": IDS, "keep": IDS,
    "casualties": {**IDENT, "description": "the enemy side whose losses count"},
    "share": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
    "pieces": {"type": "integer", "minimum": 1},
    "kinds": {"type": "array", "items": TEXT, "minItems": 1,
              "description": "hold, contest, deny, exit: only units of these kinds count"},
    "break": {**IDENT, "description": "the enemy side none of whose units may stay in good order"},
}, ["side"], "one condition: give exactly one of hold, contest, deny, exit, destroy, keep, casualties, break")
VICTORY = _obj({
    "text": {"anyOf": [TEXT, {"type": "array", "items": TEXT}], "description": "text or a list of text"},
    "conditions": {"type": "array", "items": CONDITION},
    "otherwise": {**IDENT, "description": "the side that wins when the points are level"},
}, desc="victory conditions the kit judges")

PIN = {"type": "array", "items": {"type": "number"}, "minItems": 4, "maxItems": 4,
       "description": "[column, row] of a pixel and the [x, y] table inches it lands on"}
BACKGROUND = _obj({
    "image": {"type": "string", "pattern": r"(?i)^[^/\\:]+\.(png|jpe?g)$",
              "description": "a PNG or JPEG file in the scenario's folder"},
    "points": {"type": "array", "items": PIN, "minItems": 2, "maxItems": 2},
    "opacity": {"type": "number", "minimum": 0, "maximum": 1},
}, ["image", "points"], "a picture under the table, pinned by two of its pixels")

SCENARIO = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://wgkit.invalid/scenario.schema.json",
    "title": "wgkit scenario",
    **_obj({
        "title": {"type": "string", "minLength": 1},
        "description": TEXT,
        "ruleset": {**TEXT, "description": "close_action, easy_company, eagles, rookie, company_fire"},
        "seed": {"type": "integer", "minimum": 0},
        "turns": {"type": "integer", "minimum": 1},
        "victory": {"anyOf": [TEXT, {"type": "array", "items": TEXT}, VICTORY],
                    "description": "text, a list of text, or a mapping of text, conditions and otherwise"},
        "table": TABLE,
        "background": BACKGROUND,
        "terrain": {"type": "array", "items": FEATURE},
        "sides": {"type": "array", "items": SIDE, "minItems": 2},
        "rules": RULES,
    }, ["title", "ruleset", "table", "sides"]),
}
