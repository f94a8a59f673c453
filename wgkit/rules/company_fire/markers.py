"""Company Fire's table markers: smoke, fire missions on the way and minefields (Artillery;
Mines), drawn under the units from the game state."""

from __future__ import annotations

import numpy as np

from wgkit.geometry.grids import grid_from_spec
from wgkit.render import style as S
from wgkit.render.shapes import Shape
from wgkit.scenario.model import Scenario


def MARKERS(scenario: Scenario, state: dict) -> list[Shape]:
    cf = state.get("vars", {}).get("cf")
    if not cf or scenario.table.grid is None:
        return []
    g = grid_from_spec(scenario.table.grid.to_dict(), scenario.table.width, scenario.table.depth)
    out: list[Shape] = []

    def square(cell, fill, stroke, label, alpha):
        x, y = g.center(tuple(cell))
        out.append(Shape("polygon", np.asarray(g.corners(tuple(cell))), fill, stroke, 0.12, alpha, tag=f"marker:{label}"))
        out.append(Shape("text", np.array([(x, y - g.size * 0.38)]), S.TEXT, text=label, tag=f"marker:{label}"))

    for m in cf.get("mines", {}).values():
        if m:
            square(m["cell"], None, S.MINES, "mines?" if not m.get("paths") else "mines (path)", alpha=0.9)
    for s in cf.get("smoke", {}).values():
        if s:
            square(s["cell"], S.SMOKE, S.SMOKE, f"smoke ({s['side']})", alpha=0.75)
    for side, m in cf.get("mission", {}).items():
        if m:
            square(m["cell"], None, S.MISSION, f"{m['kind']} mission ({side})", alpha=0.9)
    return out
