"""Close Action: Movement (base rates, terrain cost, stances, command control, officers)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString

from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.measure import within_allowance
from wgkit.geometry.zones import bearing, offset
from wgkit.words import heading
from wgkit.rules.close_action import lookup as S
from wgkit.rules.close_action import tables as T
from wgkit.facts.registry import find_ruleset, terrain_effect


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
    return any(w in S.SUPPORT for w in game.scenario.piece(fid).weapons)


def terrain_cost(game: Game, start, end, mover: str) -> tuple[float, list[str]]:
    """Inches of base rate needed to go from ``start`` to ``end`` in a straight line.

    Each stretch costs its length divided by the terrain's share of the rate (Movement Table:
    X1, X1/2, X1/3); crossing an obstacle costs a flat 3" (6" with a weapon).
    """
    line = LineString([start, end])
    rules = find_ruleset("close_action")
    notes = []
    slow: dict[float, list] = {}  # factor: the stretches of the line at that factor
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
            slow.setdefault(factor, []).append(part)
    extra, counted = 0.0, None  # where features overlap, only the slowest counts
    for factor in sorted(slow):
        here = shapely.union_all(slow[factor])
        fresh = here if counted is None else here.difference(counted)
        extra += fresh.length * (1 / factor - 1)
        counted = here if counted is None else counted.union(here)
    return line.length + extra + obstacles, notes


def plan_move(game: Game, fid: str, to: tuple[float, float], stance: str | None = None,
              weapon_rate: str = T.WEAPON_RATE_DEFAULT, charge: bool = False) -> MovePlan:
    """Movement: Procedure, Stances, Command Control and Officers, for one figure."""
    p = game.piece(fid)
    if not p["alive"]:
        raise IllegalActionError(f"{fid} is out of action")
    unit = p["unit"]
    status = S.unit_of(game, unit)["status"]
    if status.get("morale") == "cowering" or p["status"].get("morale") == "cowering":
        raise IllegalActionError(f"{unit if status.get('morale') == 'cowering' else fid} is cowering and may not "
                                 "move by choice this turn")
    if p["status"].get("broke_off") and charge:
        raise IllegalActionError(f"{fid} broke off from hand to hand and may not join a new fight this turn")
    if p["status"].get("broke_off") and _nearest_enemy_distance(game, fid, to) < _nearest_enemy_distance(game, fid, p["position"]):
        raise IllegalActionError(f"{fid} broke off from hand to hand and may not move closer to the enemy this turn")
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
        rates = {"crawling": crawl, "crouching": crouch * speed, "upright": up * speed}
        st = "crawling" if total <= crawl else "crouching" if total <= crouch * speed else "upright"
        if stance is not None and STANCE_ORDER[stance] < STANCE_ORDER[st] and not charge:
            raise IllegalActionError(f"{fid} cannot move {total:.1f}\" {stance}: the rate is {rates[stance]:g}\"")
        if stance is not None:
            st = stance if STANCE_ORDER[stance] > STANCE_ORDER[st] else st  # higher, e.g. to fire over a wall
        if charge:
            st = "upright"
        limit = rates[st] if stance else up * speed
    if not within_allowance(total, limit):
        raise IllegalActionError(f"{fid} needs {total:.1f}\" of movement (terrain included); the most is {limit:g}\"")
    return MovePlan(fid, (float(to[0]), float(to[1])), math.dist(p["position"], to), total, st, limit, tuple(notes))


STANCE_ORDER = {"crawling": 0, "crouching": 1, "upright": 2}


def _nearest_enemy_distance(game: Game, fid: str, at) -> float:
    me = game.piece(fid)
    foes = [p["position"] for p in game.state["pieces"].values() if p["side"] != me["side"] and p["alive"]]
    return min((math.dist(at, q) for q in foes), default=math.inf)


def resolve_move(game: Game, fid: str, to: tuple[float, float], facing: float | None = None,
                 break_off: bool = False, **kw):
    """Move one figure. ``break_off``: Hand-to-Hand: Breaking Off after a tie."""
    if break_off and not game.piece(fid)["status"].get("may_break_off"):
        raise IllegalActionError(f"{fid} may only break off after a tied round of hand to hand")
    plan = plan_move(game, fid, to, **kw)
    changes = [(("pieces", fid, "position"), list(plan.to)),
               (("pieces", fid, "status", "moved"), plan.cost),
               (("pieces", fid, "status", "stance"), plan.stance)]
    if kw.get("charge"):
        changes.append((("pieces", fid, "status", "charging"), True))
    if break_off:
        changes.append((("pieces", fid, "status", "broke_off"), True))
    if facing is not None:
        changes.append((("pieces", fid, "facing"), facing))
    return game.record("move", changes, f"{fid} moves {plan.distance:.1f}\" ({plan.cost:.1f}\" of rate), {plan.stance}",
                       detail={"rule": "Movement", "outcome": {"stance": plan.stance, "cost": plan.cost,
                                                               "limit": plan.limit},
                               "notes": list(plan.notes), "modifiers": []},
                       action={"name": "move", "params": {"figure": fid, "to": list(plan.to)}})


def resolve_face(game: Game, fid: str, towards: tuple[float, float]):
    """Movement: Command Control ("face figures freely as they move"; a figure out of command may
    still turn) and Moving after Shooting (a support weapon that fired may change facing): the
    figure turns to face ``towards``, at no cost. Its facing at the end of the move is the middle of
    its 90-degree arc of fire (Firing: Procedure)."""
    p = game.piece(fid)
    if not p["alive"]:
        raise IllegalActionError(f"{fid} is out of action")
    if math.dist(p["position"], towards) < 0.01:
        raise IllegalActionError(f"{fid} stands there: give a point away from the figure to face")
    facing = round(bearing(p["position"], towards), 1) % 360
    return game.record("face", [(("pieces", fid, "facing"), facing)], f"{fid} turns to face {heading(facing)}",
                       detail={"rule": "Movement: Command Control; Moving after Shooting", "outcome": {"facing": facing},
                               "notes": [f"was facing {heading(p['facing'])}"], "modifiers": []},
                       action={"name": "face", "params": {"figure": fid, "point": [float(towards[0]), float(towards[1])]}})


COVER_RANK = {"none": 0, "soft": 1, "hard": 2}


def refuge(game: Game, fid: str, need: int, reach: float) -> tuple[float, float] | None:
    """The nearest point within ``reach`` inches whose cover ranks at least ``need``
    (soft 1, hard 2), just inside the feature's edge; None when there is none."""
    from shapely.geometry import Point
    from shapely.ops import nearest_points

    here = Point(game.piece(fid)["position"])
    best = None
    terrain = game.terrain
    for i, area in enumerate(terrain.areas):
        if COVER_RANK.get(area.cover, 0) < need or area.linear:
            continue
        inner = terrain.remember(("refuge", i), lambda area=area: area.geometry.buffer(-0.3))  # the terrain never changes
        if inner.is_empty:
            continue
        spot = nearest_points(inner, here)[0]
        d = here.distance(spot)
        if d <= reach and (best is None or d < best[0]):
            best = (d, (round(spot.x, 2), round(spot.y, 2)))
    return best[1] if best else None


def resolve_retreat(game: Game, unit: str):
    """Morale: Cowering and Rout. A cowering unit must retreat to better cover within one move;
    a routed unit abandons its support weapons and runs upright to hard cover, or away from
    the enemy, and cowers once it reaches cover."""
    state = S.unit_of(game, unit)["status"].get("morale", "ok")
    if state not in ("cowering", "rout"):
        raise IllegalActionError(f"{unit} is {state}: only cowering or routed units are forced to retreat")
    changes, moved = [], []
    for f in S.alive_figures(game, unit):
        here = game.piece(f)["position"]
        current = COVER_RANK[S.cover(game, f)]
        reach = T.MOVE_RATE["upright"].value  # "within one move": a full move
        spot = refuge(game, f, current + 1 if state == "cowering" else 2, reach)
        if spot is None and state == "rout":
            away = _nearest_enemy_point(game, f)
            bearing = ((math.degrees(math.atan2(here[0] - away[0], here[1] - away[1])) % 360) if away
                       else T.ROUT_BEARING.value)
            x, y = offset(here, bearing, reach)
            spot = (round(min(max(x, 0.0), game.scenario.table.width), 2),
                    round(min(max(y, 0.0), game.scenario.table.depth), 2))
        if spot is None:
            continue
        changes += [(("pieces", f, "position"), list(spot)), (("pieces", f, "status", "moved"), reach)]
        moved.append(f"{f} to ({spot[0]:g}, {spot[1]:g})")
        if state == "rout" and any(w in S.SUPPORT for w in game.scenario.piece(f).weapons):
            changes.append((("pieces", f, "status", "weapons_lost"),
                            [w for w in game.scenario.piece(f).weapons if w in S.SUPPORT]))
    if state == "rout":
        changes.append((("units", unit, "status", "morale"), "cowering"))
    text = f"{unit} ({state}) retreats: " + ("; ".join(moved) if moved else "no better cover within a move: stays")
    return game.record("retreat", changes, text, detail={"rule": "Morale: Morale States", "outcome": moved,
                                                          "modifiers": []},
                       action={"name": "retreat", "params": {"unit": unit}})


def _nearest_enemy_point(game: Game, fid: str):
    me = game.piece(fid)
    foes = [p["position"] for p in game.state["pieces"].values() if p["side"] != me["side"] and p["alive"]]
    return min(foes, key=lambda q: math.dist(q, me["position"])) if foes else None


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
        status = {k: v for k, v in p["status"].items() if k in ("stance", "morale", "weapons_lost")}
        status.update({"in_command": in_command})
        changes.append((("pieces", pid, "status"), status))
    for uid, u in game.state["units"].items():
        keep = {k: v for k, v in u["status"].items() if k in ("morale", "aim", "cowered_on")}
        changes.append((("units", uid, "status"), keep))
    return changes
