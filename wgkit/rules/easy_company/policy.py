"""Simple, documented policies that play Easy Company by themselves (playthroughs, ``wgkit simulate``).

In its side's phase every ready figure fires at the enemy group it has seen where its chance to
fire times its chance to be effective is best (an automatic weapon counts each figure it can
hit); a figure with no target moves straight towards the nearest enemy it has seen, its full
move but never closer than 6". Observing figures fire the same way in opportunity fire. Units
that failed morale withdraw; men in contact fight; every test that is due is taken. Leaders
spend no Motivation Points, and the artillery is not called."""

from __future__ import annotations

import math

from wgkit.engine.game import Game, IllegalActionError
from wgkit.rules.easy_company import actions as A
from wgkit.rules.easy_company import fire as F
from wgkit.rules.easy_company import lookup as L
from wgkit.rules.easy_company import melee as ME
from wgkit.rules.easy_company import morale as MO
from wgkit.rules.easy_company import movement as MV
from wgkit.rules.easy_company import tables as T
from wgkit.rules.policies import Say, Step, attempt, leaves_ground, nearest_seen_enemy, play_until, seen

KEEP_OFF = 6.0  # inches: how near an advance comes to the enemy


def _ready(game: Game, side: str) -> list[str]:
    return sorted(pid for pid, p in game.state["pieces"].items() if p["side"] == side and p["alive"]
                  and not p["status"].get("acted") and not p["status"].get("wounded"))


def _best_target(game: Game, fid: str, side: str) -> str | None:
    foes = seen(game, side, (u for u, s in game.state["units"].items() if s["side"] != side and L.figures(game, u)))
    best, score = None, 0.0
    for target in foes:
        try:
            weapon, targets, _, fire, eff, _ = F.fire_plan(game, fid, target)
        except IllegalActionError:
            continue
        value = fire.value * eff.value * (len(targets) if weapon in T.AUTOMATIC else 1)
        if value > score:
            best, score = target, value
    return best


def _fire_all(game: Game, side: str, say: Say, advance: bool) -> None:
    for fid in _ready(game, side):
        target = _best_target(game, fid, side)
        if target is not None and attempt(say, F.resolve_fire, game, fid, target):
            continue
        if advance:
            _advance(game, fid, side, say)


def _advance(game: Game, fid: str, side: str, say: Say) -> None:
    here = game.piece(fid)["position"]
    near = nearest_seen_enemy(game, side, here)
    if near is None:
        return
    gap = math.dist(here, near)
    step = min(A.move_limit(game, fid), gap - KEEP_OFF)
    if step <= 0.1:
        return
    to = (round(here[0] + (near[0] - here[0]) * step / gap, 2), round(here[1] + (near[1] - here[1]) * step / gap, 2))
    if not leaves_ground(game, side, here, to):
        attempt(say, MV.resolve_move, game, fid, to)


def play_step(game: Game, say: Say, choices: bool = True) -> None:
    """The current step as the policy plays it; without ``choices``, only what the rules oblige
    (withdrawals, melee, morale tests): no figure fires or moves by choice."""
    step = game.current_step().name
    sides = game.acting_sides()
    if step.endswith("moves and fires"):
        side = sides[0]
        for uid, u in sorted(game.state["units"].items()):
            if u["side"] == side and u["status"].get("morale") == "withdraw" and L.figures(game, uid, fit=True):
                attempt(say, MO.resolve_withdraw, game, uid)
        if choices:
            _fire_all(game, side, say, advance=True)
    elif step.endswith("opportunity fire"):
        if choices:
            _fire_all(game, sides[0], say, advance=False)
    elif step == "Melee":
        for action in A.ACTIONS(game):
            if action.name == "melee":
                for _, pair in action.params[0].choices:
                    attempt(say, ME.resolve_melee, game, *pair)
    elif step == "Morale":
        for uid in MO.must_test(game):
            attempt(say, MO.resolve_morale, game, uid)


def play(game: Game, turns: int, say: Say = lambda text: None, step: Step = play_step) -> None:
    """Play until ``turns`` turns are done or the game ends, each step by ``step``."""
    play_until(game, turns, step, lambda g: g.state["turn"], say)
