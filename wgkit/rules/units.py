"""Lookups every ruleset makes about a unit in play: its kind and scenario attributes, its live
status and its side."""

from __future__ import annotations

from typing import Any

from wgkit.engine.game import Game


def kind(game: Game, uid: str) -> str:
    return game.scenario.unit(uid).kind


def attr(game: Game, uid: str, key: str, default: Any = None) -> Any:
    """A ruleset attribute from the unit's ``rules:`` in the scenario."""
    return game.scenario.unit(uid).rules.get(key, default)


def status(game: Game, uid: str) -> dict:
    return game.state["units"][uid]["status"]


def side(game: Game, uid: str) -> str:
    return game.state["units"][uid]["side"]


def pieces(game: Game, uid: str) -> tuple[str, ...]:
    """The ids of the unit's pieces, in the order of the state (alive or not). A piece never
    changes unit, so the index is built once per game."""
    if "_unit_pieces" not in game.__dict__:
        index: dict[str, list[str]] = {}
        for pid, p in game.state["pieces"].items():
            index.setdefault(p["unit"], []).append(pid)
        game.__dict__["_unit_pieces"] = {u: tuple(ids) for u, ids in index.items()}
    return game.__dict__["_unit_pieces"].get(uid, ())
