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


# -- reading a state (a game's or a side's view) by name: what pages, the CLI and the opponent
# read, so that only the engine knows the state's layout ---------------------------------------
def piece_ids(state: dict[str, Any], *, side: str | None = None, unit: str | None = None,
              alive: bool | None = None) -> list[str]:
    """The pieces in the state's order, of ``side``, of ``unit`` and living (or not) if given."""
    return [pid for pid, p in state["pieces"].items()
            if (side is None or p["side"] == side) and (unit is None or p["unit"] == unit)
            and (alive is None or p["alive"] == alive)]


def unit_ids(state: dict[str, Any]) -> list[str]:
    return list(state["units"])


def side_ids(state: dict[str, Any]) -> list[str]:
    return list(state["sides"])


def unit_of(state: dict[str, Any], piece: str) -> str:
    return state["pieces"][piece]["unit"]


def is_alive(state: dict[str, Any], piece: str) -> bool:
    return state["pieces"][piece]["alive"]


def side_of(state: dict[str, Any], ident: str) -> str | None:
    """The side a piece or unit belongs to, a side id itself, or None (not in this state)."""
    for table in ("pieces", "units"):
        if ident in state[table]:
            return state[table][ident]["side"]
    return ident if ident in state["sides"] else None


def game_over(state: dict[str, Any]) -> str | None:
    """Why the game ended, or None while it goes on."""
    return state["vars"].get("game_over")


def active_side(state: dict[str, Any]) -> str:
    return state["active"]


def turn_number(state: dict[str, Any]) -> int:
    return state["turn"]


def dice_drawn(state: dict[str, Any]) -> int:
    """How far the seeded dice have been drawn."""
    return state["rng"]["counter"]


def seed_of(state: dict[str, Any]) -> int:
    """The dice seed (the umpire's state only: a side's view hides it)."""
    return state["rng"]["seed"]


def decks(state: dict[str, Any]) -> dict[str, tuple[int, str | None]]:
    """Each deck: how many cards are left to draw and the last card turned (None before the first)."""
    return {name: (len(d["draw"]), d["discard"][-1] if d["discard"] else None) for name, d in state["decks"].items()}


def facing_of(state: dict[str, Any], piece: str) -> float:
    """The compass bearing a piece faces, in degrees (0 where it was never given one)."""
    return float(state["pieces"][piece].get("facing") or 0.0)


def position_key(state: dict[str, Any]) -> str:
    """A position's identity for judging it: the whole state but its dice stream, with each
    deck's cards still to draw as a set (a what-if branch shuffles them; how many are left is
    kept)."""
    decks = {name: {**d, "draw": sorted(map(repr, d["draw"]))} for name, d in state["decks"].items()}
    return repr([(k, decks if k == "decks" else v) for k, v in state.items() if k != "rng"])


def piece_record(state: dict[str, Any], piece: str) -> dict[str, Any]:
    """A piece's record as the board draws it: side, unit, position or cell, facing, alive, status."""
    return state["pieces"][piece]


def unit_status(state: dict[str, Any], unit: str) -> dict[str, Any]:
    """A unit's status markers (morale, fire dice, orders ... as its ruleset keeps them)."""
    return state["units"][unit]["status"]
