"""Easy Company's table markers: where each side's off-table artillery is aimed, from the call to
the end of its fire (§3.2), drawn under the units from the game state."""

from __future__ import annotations

import numpy as np

from wgkit.render import style as S
from wgkit.render.shapes import Shape
from wgkit.scenario.model import Scenario

CROSS = 0.6  # inches either side of the aim point


def MARKERS(scenario: Scenario, state: dict) -> list[Shape]:
    out: list[Shape] = []
    names = {s.id: s.name for s in scenario.sides}
    for sid, side in state.get("sides", {}).items():
        a = side.get("vars", {}).get("artillery")
        if not a or not a.get("point"):
            continue
        x, y = a["point"]
        tag = f"marker:artillery {sid}"
        out += [Shape("line", np.array([[x - CROSS, y - CROSS], [x + CROSS, y + CROSS]]), None, S.MISSION, 0.1, 0.9, tag=tag),
                Shape("line", np.array([[x - CROSS, y + CROSS], [x + CROSS, y - CROSS]]), None, S.MISSION, 0.1, 0.9, tag=tag),
                Shape("text", np.array([[x, y + CROSS + 0.5]]), S.TEXT, size=0.5, tag=tag,
                      text=f"{names.get(sid, sid)} artillery ({a.get('state', 'called')})")]
    return out
