"""Actions as data for the ActionPanel: parameters, odds before the roll, and resolution.

Each ruleset offers its actions through ``wgkit.rules.<id>.actions.ACTIONS`` (a function of the
game); every ruleset also gets the umpire's generic tools defined here (a dice pool with its
odds, and a free move).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from wgkit.dice import DICE
from wgkit.odds import Distribution, exact

if TYPE_CHECKING:
    from wgkit.engine.events import Event
    from wgkit.engine.game import Game


@dataclass(frozen=True)
class Param:
    """One parameter: ``kind`` is piece, point, int or choice."""

    name: str
    kind: str
    label: str = ""
    choices: tuple[Any, ...] = ()
    default: Any = None
    low: int = 0
    high: int = 100


@dataclass(frozen=True)
class ActionSpec:
    name: str
    label: str
    params: tuple[Param, ...]
    odds: Callable[["Game", dict], Distribution | None]
    resolve: Callable[["Game", dict], "Event"]
    ref: str = ""
    explain: Callable[["Game", dict], list[str]] = field(default=lambda g, p: [])
    preview: Callable[["Game", dict], list] = field(default=lambda g, p: [])  # overlay shapes before resolving


def _pool(chance, n: int, die: str, need: int) -> int:
    d = DICE[die]
    return chance.pool(n, d, [range(need, d.low + d.sides)], "umpire dice")


def _roll_odds(game: "Game", p: dict) -> Distribution:
    return exact(_pool, int(p["dice"]), p["die"], int(p["need"]))


def _roll(game: "Game", p: dict) -> "Event":
    n, die, need = int(p["dice"]), p["die"], int(p["need"])
    return game.resolve("roll", _pool, n, die, need, text=lambda k: f"umpire rolls {n}{die}, {need}+: {k} succeed",
                        action={"name": "roll", "params": dict(p)})


def _move(game: "Game", p: dict) -> "Event":
    return game.move(p["piece"], tuple(p["point"]))


GENERIC = (
    ActionSpec("umpire roll", "Roll dice (umpire)", (
        Param("dice", "int", "dice", default=2, low=1, high=40),
        Param("die", "choice", "die", choices=("d6", "d10", "d00"), default="d6"),
        Param("need", "int", "succeed on", default=5, low=1, high=100),
    ), _roll_odds, _roll, "umpire", lambda g, p: [f"{p['dice']} {p['die']}, each succeeds on {p['need']} or more"]),
    ActionSpec("umpire move", "Move a piece freely (umpire)", (Param("piece", "piece", "piece"), Param("point", "point", "to")),
               lambda g, p: None, _move, "umpire"),
)


def _ruleset_module(ruleset: str, name: str):
    try:
        return importlib.import_module(f"wgkit.rules.{ruleset}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"wgkit.rules.{ruleset}.{name}":
            raise
        return None


def flow_for(ruleset: str):
    """The ruleset's turn sequence, or a single free step until it has one."""
    from wgkit.engine.flow import SIMPLE

    module = _ruleset_module(ruleset, "flow")
    return module.SEQUENCE if module else SIMPLE


def los_policy_for(ruleset: str):
    """The ruleset's line-of-sight knobs (default: see out of and into cover at its edge)."""
    from wgkit.geometry.los import LosPolicy

    module = _ruleset_module(ruleset, "flow")
    return getattr(module, "LOS_POLICY", LosPolicy()) if module else LosPolicy()


def move_piece(game: "Game", piece: str, to: tuple[float, float]) -> "Event":
    """Move by the ruleset's movement rules where it has them, else freely (umpire)."""
    module = _ruleset_module(game.scenario.ruleset, "actions")
    if module is not None and hasattr(module, "move"):
        return module.move(game, piece, to)
    return game.move(piece, to)


def move_limit(game: "Game", piece: str) -> float | None:
    module = _ruleset_module(game.scenario.ruleset, "actions")
    return module.move_limit(game, piece) if module is not None and hasattr(module, "move_limit") else None


def sight_for(game: "Game") -> Callable[["Game", str, str], tuple[bool, str]] | None:
    """A ruleset's own piece-to-piece sight rule, ``(game, piece, other) -> (clear, why not)``,
    where it replaces the free-form line of sight (gridded rulesets)."""
    module = _ruleset_module(game.scenario.ruleset, "actions")
    return getattr(module, "sight", None) if module is not None else None


def markers_for(scenario, state: dict) -> list:
    """A ruleset's own table markers for a state (smoke, fire missions, minefields), as shapes
    drawn under the units; none for rulesets without ``wgkit.rules.<id>.markers``."""
    module = _ruleset_module(scenario.ruleset, "markers")
    return module.MARKERS(scenario, state) if module is not None else []


def actions_for(game: "Game") -> list[ActionSpec]:
    """The ruleset's actions legal now, then the umpire's generic tools."""
    module = _ruleset_module(game.scenario.ruleset, "actions")
    return (list(module.ACTIONS(game)) if module else []) + list(GENERIC)
