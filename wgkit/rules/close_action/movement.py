"""Close Action: Movement (base rates, terrain cost, stances, command control, officers)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString

from wgkit.engine.game import Game, IllegalActionError
from wgkit.rules.close_action import state as S
from wgkit.rules.close_action import tables as T
from wgkit.rules.registry import find_ruleset, terrain_effect


@dataclass(frozen=True)
class MovePlan:
    figure: str
    to: tuple[float, float]
    distance: float  # table inches
    cost: float  # inches of base rate spent, terrain included
    stance: str
    limit: float
    notes: tuple[str, ...] = ()


def carries_weapon(game: Game, fid: str) -> bool:
    """Men moving a support weapon (LMG, HMG, mortar) move at the weapon rate."""
    return any(w in S.SUPPORT for w in S.scenario_piece(game, fid).weapons)


def terrain_cost(game: Game, start, end, mover: str) -> tuple[float, list[str]]:
    """Inches of base rate needed to go from ``start`` to ``end`` in a straight line.

    Each stretch costs its length divided by the terrain's share of the rate (Movement Table:
    X1, X1/2, X1/3); crossing an obstacle costs a flat 3" (6" with a weapon).
    """
    line = LineString([start, end])
    rules = find_ruleset("close_action")
    notes = []
    worst: dict[float, float] = {}
    obstacles = 0.0
    for area in game.terrain.areas:
        part = line.intersection(area.geometry)
        if part.is_empty:
            continue
        column = terrain_effect(rules, area.type, area.variant).movement
        if column == "obstacle":
            obstacles += T.OBSTACLE_COST[mover].value
            notes.append(f"crosses {area.id} (obstacle, {T.OBSTACLE_COST[mover].value:g}\")")
            continue
        factor = T.TERRAIN_FACTOR[mover][column].value
        if factor < 1 and part.length > 0:
            notes.append(f"{part.length:.1f}\" through {area.id} ({column}, x{factor:.2g})")
            # the slowest terrain counts where features overlap
            for seg in getattr(part, "geoms", [part]):
                key = round(line.project(shapely.points(seg.coords[0])), 6)
                worst[key] = max(worst.get(key, 0.0), seg.length * (1 / factor - 1))
    return line.length + sum(worst.values()) + obstacles, notes


def plan_move(game: Game, fid: str, to: tuple[float, float], stance: str | None = None,
              weapon_rate: str = T.WEAPON_RATE_DEFAULT, charge: bool = False) -> MovePlan:
    """Movement: Procedure, Stances, Command Control and Officers, for one figure."""
    p = game.piece(fid)
    if not p["alive"]:
        raise IllegalActionError(f"{fid} is out of action")
    unit = p["unit"]
    status = S.unit_of(game, unit)["status"]
    if status.get("morale") == "cowering":
        raise IllegalActionError(f"{unit} is cowering and may not move by choice this turn")
    if p["status"].get("fired") and carries_weapon(game, fid):
        raise IllegalActionError(f"{fid} fired a support weapon this turn and may only change facing")
    controlled = p["status"].get("in_command", True)
    if not controlled:
        raise IllegalActionError(f"{fid} began the turn more than {T.COMMAND_RADIUS.value:g}\" from its squad "
                                 "leader or an officer: it may fire and turn, but not move")
    if math.dist(p["position"], to) < 0.01:
        raise IllegalActionError(f"{fid} is already there")
    moved = p["status"].get("moved", 0.0)
    mover = "weapon" if carries_weapon(game, fid) else "man"
    cost, notes = terrain_cost(game, p["position"], to, mover)
    total = moved + cost
    officer = S.is_officer(game, fid)
    if mover == "weapon":
        limit = T.WEAPON_RATES[weapon_rate].value
        st = "upright" if total > T.MOVE_RATE["crouch"].value or charge else "crouching"
    else:
        speed = T.OFFICER_SPEED.value if officer else 1.0
        crawl, crouch, up = (T.MOVE_RATE[k].value for k in ("crawl", "crouch", "upright"))
        st = "crawling" if total <= crawl else "crouching" if total <= crouch * speed else "upright"
        if stance is not None and STANCE_ORDER[stance] > STANCE_ORDER[st]:
            st = stance  # a figure may stand higher than its distance needs (e.g. to fire over a wall)
        if charge:
            st = "upright"
        limit = {"crawling": crawl, "crouching": crouch * speed, "upright": up * speed}[st] if stance else up * speed
        if stance is not None and total > limit:
            raise IllegalActionError(f"{fid} cannot move {total:.1f}\" {stance}: the rate is {limit:g}\"")
    if total > limit + 1e-9:
        raise IllegalActionError(f"{fid} needs {total:.1f}\" of movement (terrain included); the most is {limit:g}\"")
    return MovePlan(fid, (float(to[0]), float(to[1])), math.dist(p["position"], to), total, st, limit, tuple(notes))


STANCE_ORDER = {"crawling": 0, "crouching": 1, "upright": 2}


def resolve_move(game: Game, fid: str, to: tuple[float, float], facing: float | None = None, **kw):
    plan = plan_move(game, fid, to, **kw)
    changes = [(("pieces", fid, "position"), list(plan.to)),
               (("pieces", fid, "status", "moved"), plan.cost),
               (("pieces", fid, "status", "stance"), plan.stance)]
    if facing is not None:
        changes.append((("pieces", fid, "facing"), facing))
    return game.record("move", changes, f"{fid} moves {plan.distance:.1f}\" ({plan.cost:.1f}\" of rate), {plan.stance}",
                       detail={"rule": "Movement", "outcome": {"stance": plan.stance, "cost": plan.cost,
                                                               "limit": plan.limit},
                               "notes": list(plan.notes), "modifiers": []},
                       action={"name": "move", "params": {"figure": fid, "to": list(plan.to)}})


def turn_start(game: Game) -> list:
    """At the start of a turn: note who is in command (within 6" of the squad leader or an
    officer) and clear last turn's moves, fire and hits."""
    changes = []
    for pid, p in game.state["pieces"].items():
        if not p["alive"]:
            continue
        unit = p["unit"]
        leader = S.leader_of(game, unit)
        anchors = [a for a in ([leader] if leader else []) + S.officers(game, p["side"])
                   if a and game.state["pieces"].get(a, {}).get("alive")]
        in_command = pid in anchors or any(S.distance(game, pid, a) <= T.COMMAND_RADIUS.value for a in anchors)
        status = {k: v for k, v in p["status"].items() if k == "stance"}
        status.update({"in_command": in_command})
        changes.append((("pieces", pid, "status"), status))
    for uid, u in game.state["units"].items():
        keep = {k: v for k, v in u["status"].items() if k in ("morale", "aim", "cowered_on")}
        changes.append((("units", uid, "status"), keep))
    return changes
