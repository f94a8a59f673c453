"""What every ruleset's simple policy shares: try an action and report it, know only what its
side sees, keep the ground its victory conditions tell it to hold, and play a game on to a turn
limit step by step (used by playthroughs and ``wgkit simulate``)."""

from __future__ import annotations

import functools
import inspect
import math
from typing import Callable, Iterable, Sequence

from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

from wgkit.engine.game import Game, IllegalActionError
from wgkit.engine.views import visible_to
from wgkit.scenario.areas import area_geometry

Say = Callable[[str], None]
Step = Callable[[Game, Say], "bool | None"]  # plays the current step of a game; True: handed back


def leaving(play_step: Callable[..., "bool | None"], leave: Iterable[str]) -> Step:
    """``play_step`` that leaves to someone else the decisions of the sides in ``leave``, where a
    step holds several sides' turns (Rookie's card sequences: it returns True when it stops at
    such a side's card); elsewhere ``play_step`` itself, which is only ever asked to play a step
    whose acting sides are its own."""
    if "leave" in inspect.signature(play_step).parameters:
        return functools.partial(play_step, leave=frozenset(leave))
    return play_step


def duties(play_step: Callable[..., "bool | None"]) -> Step | None:
    """``play_step`` playing only what the rules oblige in the current step (tests, withdrawals,
    melee, rallies), none of its choices, where it takes ``choices``; else None."""
    if "choices" in inspect.signature(play_step).parameters:
        return functools.partial(play_step, choices=False)
    return None


def attempt(say: Say, fn, *args, **kwargs) -> bool:
    """Resolve ``fn(*args)``; say its event's text, or stay quiet if the rules refuse it."""
    try:
        event = fn(*args, **kwargs)
    except IllegalActionError:
        return False
    say(event.text)
    return True


def seen(game: Game, side: str, units: Iterable[str]) -> list[str]:
    """Those of ``units`` that ``side`` knows are there: its own, and enemies with a piece in the
    open or spotted by it (as :func:`wgkit.engine.views.visible_to` decides for the side's screen).
    A policy chooses targets and goals among these only, as a player at the table would."""
    known = {p["unit"] for p in game.state["pieces"].values() if visible_to(p, side)}
    return [u for u in units if u in known]


def held_areas(game: Game, side: str) -> list[BaseGeometry]:
    """The areas the side's own victory conditions tell it to hold or to have a unit in (each
    shaped once per scenario by :func:`area_geometry`)."""
    sc = game.scenario
    return [area_geometry(sc, c.target) for c in sc.conditions if c.side == side and c.kind in ("hold", "contest")]


def leaves_ground(game: Game, side: str, here: Sequence[float], to: Sequence[float]) -> bool:
    """Would a move from ``here`` to ``to`` take a piece out of an area its side must hold? A
    simple policy never makes such a move by choice (a retreat the rules force still goes)."""
    areas = held_areas(game, side)
    return bool(areas) and any(a.covers(Point(here)) and not a.covers(Point(to)) for a in areas)


def nearest_seen_enemy(game: Game, side: str, here: Sequence[float]) -> list[float] | None:
    """The position of the live enemy piece nearest ``here`` among those ``side`` has seen."""
    known = set(seen(game, side, game.state["units"]))
    foes = [p["position"] for p in game.state["pieces"].values()
            if p["side"] != side and p["alive"] and p["unit"] in known]
    return min(foes, key=lambda q: math.dist(q, here)) if foes else None


def play_until(game: Game, turns: int, step: Callable[[Game, Say], None], turn: Callable[[Game], int],
               say: Say = lambda text: None) -> None:
    """Take each step's actions with ``step`` and advance, while ``turn(game)`` is at most ``turns``
    and the game goes on."""
    while turn(game) <= turns and not game.state["vars"].get("game_over"):
        step(game, say)
        try:
            game.advance()
        except IllegalActionError:
            return
