"""Simple, documented policies that play Close Action by themselves (``wgkit simulate``).
Each side rallies whatever an officer can reach; fires every unit at the enemy unit where its
dice expect the most hits; shaken units retreat as the morale rules demand; the others advance
towards the nearest enemy, a figure at a time, preferring cover within a crouching move (6"),
and stop once within 12" (rifle close range); everyone due a morale test takes it; figures in
contact fight."""

from __future__ import annotations

import math

from wgkit.engine.game import Game, IllegalActionError
from wgkit.rules.policies import Say, Step, attempt, leaves_ground, nearest_seen_enemy, play_until, seen
from wgkit.rules.close_action import fire, melee, morale, movement
from wgkit.rules.close_action import lookup as S

ADVANCE = 6.0  # a crouching move
CLOSE = 12.0  # rifle close range: near enough


def _units(game: Game, side: str) -> list[str]:
    return [u for u, v in game.state["units"].items() if v["side"] == side and S.alive_figures(game, u)]


def _fire_all(game: Game, side: str, say: Say) -> None:
    foes = seen(game, side, (u for u, v in game.state["units"].items()
                             if v["side"] != side and S.alive_figures(game, u)))
    for unit in _units(game, side):
        if not S.alive_figures(game, unit):
            continue  # lost its last men earlier in this step
        best, score = None, 0.0
        for target in foes:
            try:
                plan = fire.plan_fire(game, unit, target)
            except IllegalActionError:
                continue
            expect = fire.fire_odds(plan).mean() if plan.dice else 0.0
            if expect > score:
                best, score = plan, expect
        if best is not None:
            attempt(say, fire.resolve_fire, game, unit, best.target, plan=best)


def _advance(game: Game, side: str, say: Say, choices: bool = True) -> None:
    for unit in _units(game, side):
        if S.unit_of(game, unit)["status"].get("morale", "ok") != "ok":
            attempt(say, movement.resolve_retreat, game, unit)
            continue
        if not choices:
            continue
        for fid in S.alive_figures(game, unit):
            here = game.piece(fid)["position"]
            target = nearest_seen_enemy(game, side, here)
            if target is None:
                continue
            gap = math.dist(here, target)
            if gap <= CLOSE:
                continue
            cover = movement.refuge(game, fid, 1, ADVANCE)
            options = ([cover] if cover and math.dist(cover, target) < gap else [])
            for step in (ADVANCE, ADVANCE / 2):
                k = min(step, gap - CLOSE) / gap
                options.append((round(here[0] + (target[0] - here[0]) * k, 2), round(here[1] + (target[1] - here[1]) * k, 2)))
            for to in options:
                if not leaves_ground(game, side, here, to) and attempt(say, movement.resolve_move, game, fid, to):
                    break


def play_step(game: Game, say: Say, choices: bool = True) -> None:
    """The current step as the policy plays it; without ``choices``, only what the rules oblige
    or cost nothing (rallies, retreats, morale tests, hand to hand): no unit fires or advances."""
    step = game.current_step().name
    side = game.acting_sides()[0]
    if step == "Rally":
        for unit in _units(game, side):
            if S.unit_of(game, unit)["status"].get("morale", "ok") != "ok":
                attempt(say, morale.resolve_rally, game, unit)
    elif step in ("Fire", "Defensive fire"):
        if choices:
            _fire_all(game, side, say)
    elif step == "Move":
        _advance(game, side, say, choices)
    elif step == "Morale":
        for unit in morale.must_test(game, side):
            attempt(say, morale.resolve_morale, game, unit)
    elif step == "Hand to hand":
        for group in melee.groups(game):
            attempt(say, melee.resolve_melee, game, group)


def play(game: Game, turns: int, say: Say = lambda text: None, step: Step = play_step) -> None:
    """Play until ``turns`` turns are done or the game ends, each step by ``step``."""
    play_until(game, turns, step, lambda g: g.position[0], say)
