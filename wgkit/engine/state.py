"""The game state: the scenario's starting positions plus everything that changed since.

Plain nested dicts (JSON-shaped), so a state can be compared, saved and filtered for a side.
"""

from __future__ import annotations

import math
from typing import Any

from wgkit.engine.events import plain
from wgkit.scenario.model import Scenario
from wgkit.scenario.schema import MAX_TABLE


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


#: Where an event may write: the fields of each kind of entry. Below ``status`` (and in ``decks``
#: and ``vars``) a ruleset keeps what it likes; anywhere else a path must name a field that exists,
#: so a misspelt path fails at once instead of leaving a stray key the rules never read.
_FIELDS = {
    "pieces": {"side", "unit", "position", "cell", "facing", "alive", "status", "hidden", "spotted_by"},
    "units": {"side", "status", "markers"},
    "sides": {"role", "vars"},
}
_OPEN = {"status", "vars"}
_SCALARS = {"turn", "phase", "step", "active"}


def path_problem(state: dict[str, Any], path: tuple) -> str | None:
    """Why an event may not write ``path`` into ``state``, or None when it may."""
    where = ".".join(map(str, path))
    if not path:
        return "an event change has an empty path"
    top = path[0]
    if top in _SCALARS or top == "rng":
        fine = len(path) == 1 if top in _SCALARS else len(path) == 2 and path[1] in ("seed", "counter")
        return None if fine else f"no such place in the game state: {where}"
    if top in ("decks", "vars"):
        return None if len(path) > 1 else f"an event may not replace all of {top}"
    if top not in _FIELDS:
        return f"no such place in the game state: {where}"
    if len(path) == 1:
        return f"an event may not replace all of {top}"
    if path[1] not in state[top]:
        return f"no {top[:-1]} {path[1]!r} in the game ({where})"
    if len(path) == 2:
        return f"an event may not replace a whole {top[:-1]}: {where}"
    if path[2] not in _FIELDS[top] or (len(path) > 3 and path[2] not in _OPEN):
        return f"no such field of a {top[:-1]}: {where}"
    return None


def value_problem(path: tuple, value: Any) -> str | None:
    """Why an event may not write ``value`` at ``path`` (a piece's place or facing that no table
    holds: not finite, or beyond the largest table), or None when it may."""
    if len(path) != 3 or path[0] != "pieces" or path[2] not in ("position", "facing"):
        return None
    where = ".".join(map(str, path))
    value = plain(value)  # judged as the state will hold it (a tuple as a list, numpy's numbers as Python's)
    if path[2] == "facing":
        fine = value is None or _number(value) and math.isfinite(value)
        return None if fine else f"{where} must be a finite number of degrees, not {str(value)[:40]}"
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(_number(v) and math.isfinite(v) for v in value)):
        return f"{where} must be two finite numbers, not {str(value)[:60]}"
    if max(abs(v) for v in value) > MAX_TABLE:
        return f"{where} ({value[0]:g}, {value[1]:g}) lies beyond any table ({MAX_TABLE:,}\" a side at most)"
    return None


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)
