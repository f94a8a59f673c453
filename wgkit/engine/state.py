"""The game state: the scenario's starting positions plus everything that changed since.

Plain nested dicts (JSON-shaped), so a state can be compared, saved and filtered for a side.
"""

from __future__ import annotations

from typing import Any

from wgkit.scenario.model import Scenario


def initial_state(scenario: Scenario, seed: int) -> dict[str, Any]:
    """The state at the start of play."""
    attacker = next((s.id for s in scenario.sides if s.role == "attacker"), scenario.sides[0].id)
    pieces, units = {}, {}
    for side, unit, piece in scenario.pieces():
        pieces[piece.id] = {
            "side": side.id, "unit": unit.id,
            "position": list(piece.position) if piece.position is not None else None,
            "cell": list(piece.cell) if piece.cell is not None else None,
            "facing": piece.facing, "alive": True, "status": {},
            "hidden": piece.hidden or unit.hidden, "spotted_by": [],
        }
    for side, unit in scenario.units():
        units[unit.id] = {"side": side.id, "status": {}, "markers": []}
    return {
        "turn": 1, "phase": 0, "step": 0, "active": attacker,
        "rng": {"seed": seed, "counter": 0},
        "sides": {s.id: {"role": s.role, "vars": {}} for s in scenario.sides},
        "units": units, "pieces": pieces, "decks": {}, "vars": {},
    }
