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
