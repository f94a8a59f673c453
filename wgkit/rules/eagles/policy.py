"""Simple, documented policies that play Eagles, Crowns and Oak Leaves by themselves. Units
advance on the nearest enemy until within 600 yd; every battery fires barrage at the enemy
nearest its own troops, repeating while the target lives; each firer in its order of the direct
fire phase fires at the target for which it rolls the most kill dice; sorties fly at the
largest enemy group; units in melee reach fight. In close combat each unit holds its ground
when its side's quarter segment comes (the policy comes no nearer than 600 yd by choice)."""

from __future__ import annotations

from collections.abc import Collection

from wgkit.engine.game import Game, IllegalActionError
from wgkit.rules.policies import Say, Step, attempt, leaves_ground, play_until, seen
from wgkit.rules.eagles import air as AIR
from wgkit.rules.eagles import barrage as B
from wgkit.rules.eagles import close as C
from wgkit.rules.eagles import fire as F
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import movement as MV


def _foes(game: Game, uid: str) -> list[str]:
    """The enemies of ``uid`` that its side has seen (a hidden unit is no target)."""
    return seen(game, L.side(game, uid), L.enemies(game, uid))


def _advance(game: Game, uid: str, say: Say) -> None:
    foes = _foes(game, uid)
    if not foes or L.kind(game, uid) in ("artillery", "at_gun", "aa", "bunker") \
            or game.state["sides"][L.side(game, uid)]["role"] == "defender":
        return  # guns and the defenders hold their ground
    near = min(foes, key=lambda e: L.yards(game, uid, e))
    gap = L.yards(game, uid, near) / 100.0
    if gap <= 6.0:
        return
    here = L.pos(game, uid)
    tx, ty = L.pos(game, near)
    for frac in (1.0, 0.75, 0.5, 0.25):
        step = min(gap - 5.0, MV.allowance(game, uid, (tx, ty))[0] * frac)
        to = (round(here[0] + (tx - here[0]) * step / gap, 1), round(here[1] + (ty - here[1]) * step / gap, 1))
        if step > 0.2 and not leaves_ground(game, L.side(game, uid), here, to) and attempt(say, MV.resolve_move, game, uid, to):
            return


MOVEMENT = (MV.STRATEGIC, "Cross-country movement", "Infantry movement")


def _quarters(game: Game, say: Say, leave: Collection[str]) -> bool:
    """Close combat (Sequence of Play: quarter segments, the slower side first, then turn about):
    each unit holds its ground when its side's segment comes; a segment of a side in ``leave``
    is handed back (True), for whoever plays that side to move or hold."""
    while "hold" in game.legal_actions() and (side := MV.next_quarter(game)) is not None:
        if side in leave:
            return True
        unit = next(u for u in MV.close_units(game) if L.side(game, u) == side)
        if not attempt(say, MV.resolve_hold, game, unit):
            return False
    return False


def play_step(game: Game, say: Say, choices: bool = True, leave: Collection[str] = frozenset()) -> bool:
    """The current step as the policy plays it; without ``choices``, only what is owed (barrages
    and sorties landing, AA at an attacking plane, melee and assaults in reach): no move, no new
    mission or sortie, no direct fire. In a quarter segment of close combat, a side in ``leave``
    is someone else's to play: the step is handed back to them (True)."""
    step = game.current_step().name
    units = L.units(game)
    if not choices and step in ("Assign artillery", "Adjust and call", *F.ORDERS):
        return False
    if step in MOVEMENT:
        for u in units:
            foot = MV.code(game, u) == "A"
            if choices and step != MOVEMENT[0] and foot == (step == "Infantry movement") \
                    and not L.status(game, u).get("moved"):
                _advance(game, u, say)
        return _quarters(game, say, leave)
    elif step == "Aircraft movement and AA fire":
        for plane in (u for u in game.state["units"] if L.kind(game, u) == "aircraft" and L.alive(game, u)):
            over = L.status(game, plane).get("over")
            if not over and choices:
                foes = seen(game, L.side(game, plane), (u for u in units if L.side(game, u) != L.side(game, plane)))
                if foes:
                    attempt(say, AIR.resolve_sortie, game, plane, L.pos(game, foes[0]))
            elif over["attacks"] == game.state["turn"]:
                for u in units:
                    if L.side(game, u) != L.side(game, plane):
                        attempt(say, AIR.resolve_aa, game, u, plane)
    elif step == "Assign artillery":
        for u in units:
            if L.kind(game, u) == "artillery":
                attempt(say, B.assign, game, u, "barrage")
    elif step == "Impact and damage":
        for u, m in sorted(L.eg(game)["missions"].items()):
            if m and m["due"] is not None and m["due"] <= game.state["turn"]:
                attempt(say, B.resolve, game, u)
        for plane in (u for u in game.state["units"] if L.kind(game, u) == "aircraft" and L.alive(game, u)):
            attempt(say, AIR.resolve_attack, game, plane)
    elif step == "Adjust and call":
        for u in units:
            waiting = (L.eg(game)["missions"].get(u) or {}).get("due")
            if L.kind(game, u) != "artillery" or waiting is not None:
                continue
            friends = [f for f in units if L.side(game, f) == L.side(game, u) and f != u]
            foes = _foes(game, u)
            if foes and friends:
                target = min(foes, key=lambda e: min(L.yards(game, f, e) for f in friends))
                attempt(say, B.call, game, u, "fire", L.pos(game, target))
    elif step in F.ORDERS:
        for u in units:
            best, dice = None, 0
            for e in _foes(game, u):
                try:
                    p = F.plan(game, u, e, order=step)
                except IllegalActionError:
                    continue
                if p.dice > dice:
                    best, dice = e, p.dice
            if best is not None:
                attempt(say, F.resolve, game, u, best, (), step)
    elif step == "Infantry melee":
        for u in units:
            for e in _foes(game, u):
                if L.alive(game, u) and L.alive(game, e) and L.yards(game, u, e) <= C.REACH_YD:
                    attempt(say, C.resolve_melee, game, u, e)
    elif step == "Assaults on tanks and bunkers":
        for u in units:
            for e in _foes(game, u):
                if L.alive(game, u) and L.alive(game, e) and L.yards(game, u, e) <= C.REACH_YD and L.is_vehicle(game, e):
                    attempt(say, C.resolve_assault, game, u, e)
    return False


def play(game: Game, turns: int, say: Say = lambda text: None, step: Step = play_step) -> None:
    """Play until ``turns`` turns are done or the game ends, each step by ``step``."""
    play_until(game, turns, step, lambda g: g.state["turn"], say)
