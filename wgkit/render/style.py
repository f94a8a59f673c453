"""The house style: a wargames-table look, colours by terrain type and status."""

from __future__ import annotations

TABLE = "#b7c48a"  # a grassy baize
GRID = "#5a6347"
TEXT = "#1d1d1d"

# fill, outline, opacity; linear features use the outline colour as their line
TERRAIN: dict[str, tuple[str, str, float]] = {
    "woods": ("#4e7a3a", "#2f4d22", 0.95),
    "buildings": ("#9c7d63", "#4a3526", 1.0),
    "hill": ("#cdb987", "#8c7a4e", 0.9),
    "road": ("#cdb88e", "#a58d60", 1.0),
    "stream": ("#7fb2d6", "#3f7fb0", 1.0),
    "river": ("#5f98c8", "#2f6a9a", 1.0),
    "rough": ("#a5a07a", "#7b7656", 0.9),
    "swamp": ("#7f9c84", "#4f6c54", 0.9),
    "mud": ("#8f7858", "#5f4b33", 0.9),
    "snow": ("#f4f4f4", "#c8c8c8", 0.9),
    "fields": ("#d2bf62", "#a18f3a", 0.85),
    "fields/low": ("#d8d193", "#aaa265", 0.8),
    "fields/full-grown": ("#bea23a", "#8c7420", 0.9),
    "orchard": ("#8cae62", "#5e803c", 0.9),
    "low_wall": ("#a3a3a3", "#6b6b6b", 1.0),
    "hedge": ("#3f6b2f", "#2d5222", 1.0),
    "bocage": ("#2f5a25", "#1f3f18", 1.0),
    "barbed_wire": ("#6b6b6b", "#3b3b3b", 1.0),
    "minefield": ("#d98c8c", "#a03a3a", 0.55),
    "foxholes": ("#7a6544", "#4f3f26", 0.9),
    "trenches": ("#7a6544", "#4f3f26", 1.0),
    "bunker": ("#707070", "#3a3a3a", 1.0),
    "smoke": ("#e2e2e2", "#b0b0b0", 0.6),
}

# status markers, following the texts' own colours where they have them (Rookie Rules:
# red disrupted, white pinned, blue suppressed)
VEHICLE_SIZE = (1.3, 2.4)  # inches across and along the bow: vehicles stand out from infantry stands
VEHICLE_KINDS = frozenset({"tank", "tank_destroyer", "halftrack", "armoured_car", "truck", "vehicle", "gun"})
SMOKE = "#d9d9d9"
MISSION = "#d62828"
MINES = "#6b3e26"

STATUS: dict[str, str] = {
    "buttoned": "#444444",
    "bocage": "#2f5a25",
    "disrupted": "#d62828",
    "pinned": "#ffffff",
    "suppressed": "#2a6fdb",
    "cowering": "#f4a261",
    "routed": "#7b2cbf",
    "impaired": "#e9c46a",
    "wounded": "#e76f51",
}

LOS_CLEAR = "#1a9850"
LOS_BLOCKED = "#d73027"
SELECT = "#ffd60a"
PROBLEM = "#e01e37"  # the editor's ring round a piece or feature a problem names
OBJECTIVE = "#c1121f"  # victory areas: a dashed outline that no terrain colour shares
OBJECTIVE_TEXT = "#7a0b13"
FEATURE_TEXT = "#2b2b22"  # a terrain feature's name, dark on every ground
OVERLAY = "#e76f51"
LEADER = "#ffd60a"

FIGURE_RADIUS = 0.35  # inches
STAND_SIZE = (1.0, 0.6)  # frontage, depth in inches, for stands placed by position


def terrain_style(type_: str, variant: str | None) -> tuple[str, str, float]:
    return TERRAIN.get(f"{type_}/{variant}") or TERRAIN.get(type_, ("#999999", "#555555", 0.8))


def hex_rgb(colour: str) -> tuple[int, int, int]:
    """'#rrggbb' (or a few names) to an RGB triple."""
    names = {"red": "#c0392b", "blue": "#2e5eaa", "green": "#4b7a2f", "black": "#222222",
             "white": "#ffffff", "grey": "#808080", "gray": "#808080", "yellow": "#e9c46a",
             "brown": "#8b5a2b", "orange": "#e67e22", "olive": "#6b7a2f", "tan": "#c8a878"}
    c = names.get(colour, colour)
    if not (isinstance(c, str) and len(c) == 7 and c.startswith("#")):
        return (128, 128, 128)
    return (int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16))


SIDE_DEFAULTS = ("#4b5d2f", "#6e7b8b", "#8b5a2b", "#b22222")
# the sides differ by outline too (dark, then white), so they are told apart without colour vision
SIDE_OUTLINES = (("#111111", 0.04), ("#ffffff", 0.08))
