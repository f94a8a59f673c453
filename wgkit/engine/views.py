"""What each player may see: the umpire sees everything; a side sees only what it has spotted."""

from __future__ import annotations

import copy
from typing import Any

UMPIRE = "umpire"


def visible_to(piece: dict, side: str) -> bool:
    """A piece is visible to ``side`` if it is that side's own, not hidden, or spotted by it."""
    return piece["side"] == side or not piece["hidden"] or side in piece["spotted_by"]


def view(state: dict[str, Any], side: str = UMPIRE) -> dict[str, Any]:
    """A copy of ``state`` holding only what ``side`` may know.

    Hidden enemy pieces not yet spotted are removed (with their units, when every piece of a
    unit is hidden), as is the dice stream's seed, which would let a player predict rolls.
    """
    out = copy.deepcopy(state)
    if side == UMPIRE:
        return out
    if side not in state["sides"]:
        raise ValueError(f"no side {side!r}: choose one of {', '.join(state['sides'])} or 'umpire'")
    out["pieces"] = {pid: p for pid, p in out["pieces"].items() if visible_to(p, side)}
    shown_units = {p["unit"] for p in out["pieces"].values()}
    out["units"] = {uid: u for uid, u in out["units"].items() if u["side"] == side or uid in shown_units}
    out["rng"] = {"counter": out["rng"]["counter"]}
    return out


def visible_ids(state: dict[str, Any], side: str = UMPIRE) -> set[str]:
    """Ids of the pieces and units ``side`` may name (every id for the umpire)."""
    shown = view(state, side)
    return set(shown["pieces"]) | set(shown["units"])
