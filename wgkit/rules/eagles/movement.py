"""Eagles, Crowns and Oak Leaves: Movement (2.1-2.5) — codes A to E, strategic road rate,
terrain reductions, hex movement points — and Minefields (1.5)."""

from __future__ import annotations

import math
from functools import lru_cache

from shapely.geometry import LineString, Point

from wgkit.dice import D00
from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.measure import within_allowance
from wgkit.odds import Play, exact
from wgkit.rules.eagles import damage as D
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import tables as T
from wgkit.facts.registry import find_ruleset

FOOT = "A"


def code(game: Game, uid: str) -> str:
    return L.attr(game, uid, "move_code", "A" if not L.is_vehicle(game, uid) else "C")


STRATEGIC = "Strategic road movement"


def on_road(game: Game, uid: str, to: tuple[float, float]) -> bool:
    """2.2: the whole move from where the unit stands to ``to`` runs along one road."""
    here = L.pos(game, uid)
    if here == to:
        return False
    line = LineString([here, to])
    return any(a.type == "road" and line.within(a.geometry.buffer(0.05)) for a in game.terrain.crossed(here, to))


def road_only(game: Game, uid: str, to: tuple[float, float]) -> None:
    """2.2: in strategic road movement a move runs along the road all the way; raises otherwise."""
    if game.current_step().name == STRATEGIC and not on_road(game, uid, to):
        raise IllegalActionError(f"{uid}: strategic road movement is along a road all the way (2.2); off the road it "
                                 "moves in cross-country or infantry movement")


def explain(game: Game, uid: str, to: tuple[float, float]) -> list[str]:
    """What a move's form says before it is made: the allowance and why, or why not (2.2)."""
    road_only(game, uid, to)
    return allowance(game, uid, to)[1]


def allowance(game: Game, uid: str, to: tuple[float, float]) -> tuple[float, list[str]]:
    """Inches a unit may move towards ``to`` this turn, and why."""
    if L.status(game, uid).get("suppressed"):
        return 0.0, ["suppressed units cannot move (1.6)"]
    c = code(game, uid)
    if on_road(game, uid, to):
        i = T.CODES.index(c)
        inches = T.MOVE_INCHES[T.CODES[min(i + 1, 4)]].value + (T.ROAD_E_BONUS.value if c == "E" else 0.0)
        return inches, [f"code {c} on the road: strategic rate {inches:g}\""]
    here = L.pos(game, uid)
    rules = find_ruleset("eagles")
    cut = 0
    for a in game.terrain.crossed(here, to):
        move = rules.terrain[a.type].movement
        cut = max(cut, 2 if move == "minus2" else 1 if move == "minus1" else 0)
    final = T.CODES[max(0, T.CODES.index(c) - cut)]
    why = [f"code {c}" + (f", {cut} code{'s' if cut > 1 else ''} less for the terrain (never below A): {final}" if cut else "")]
    return T.MOVE_INCHES[final].value, why + [f"{T.MOVE_INCHES[final].value:g}\""]


def in_close_combat(game: Game, uid: str) -> bool:
    return any(L.yards(game, uid, e) <= T.CLOSE_COMBAT_YD.value for e in L.enemies(game, uid))


def close_units(game: Game) -> list[str]:
    """Units in close combat with quarter segments still to move this turn."""
    return [u for u in L.units(game) if in_close_combat(game, u) and not L.status(game, u).get("suppressed")
            and int(L.status(game, u).get("quarters") or 0) < T.QUARTERS.value and movable(game, u)]


def next_quarter(game: Game) -> str | None:
    """Who moves the next quarter segment in close combat: the side of the slowest unit with
    segments left; then the sides alternate while both have units with segments left."""
    waiting = close_units(game)
    if not waiting:
        return None
    sides = {L.side(game, u) for u in waiting}
    last = L.eg(game).get("last_quarter")
    if last in sides and len(sides) > 1:
        return next(s for s in sides if s != last)
    if last is not None and len(sides) == 1:
        return sides.pop()
    slowest = min(waiting, key=lambda u: (T.CODES.index(code(game, u)), game.state["sides"][L.side(game, u)]["role"] != "defender"))
    return L.side(game, slowest)


def movable(game: Game, uid: str) -> bool:
    """Guns that must be set up to fire cannot move while deployed or changing (3.9)."""
    st = L.status(game, uid)
    if st.get("deploying"):
        return False
    return not (L.kind(game, uid) in ("artillery", "at_gun") and not L.attr(game, uid, "self_propelled") and st.get("deployed"))


def resolve_hold(game: Game, uid: str):
    """A unit in close combat gives up its remaining quarter segments this turn."""
    if not in_close_combat(game, uid):
        raise IllegalActionError(f"{uid} is not in close combat")
    return game.record("hold", [(("units", uid, "status", "quarters"), T.QUARTERS.value), (("units", uid, "status", "held"), True),
                                (("vars", "eg", "last_quarter"), L.side(game, uid))],
                       f"{uid} holds its ground", detail={"rule": "Sequence of Play (close combat)"})


def mine_roll(chance, pct: int) -> bool:
    return chance.face(D00, f"mines ({pct}%)") <= pct


@lru_cache(maxsize=None)
def mine_odds(pct: int) -> tuple[str, ...]:
    """1.5: the odds of a mine roll at ``pct``, as a move's event shows them (the same few
    chances over and over: worked out once each)."""
    return tuple(exact(mine_roll, pct).describe())


def resolve_move(game: Game, uid: str, to: tuple[float, float]):
    """2.0 Movement, once a turn. 1.5: a unit entering a minefield stops there and rolls against its
    armour class; a minesweeper stops there too and clears it, rolling nothing."""
    close = in_close_combat(game, uid)
    if L.status(game, uid).get("moved") and not close:
        raise IllegalActionError(f"{uid} has moved this turn")
    if not movable(game, uid):
        raise IllegalActionError(f"{uid} is deployed or changing deployment: break it down first (3.9)")
    road_only(game, uid, to)
    inches, why = allowance(game, uid, to)
    if hex_grid(game) is not None and not close:
        spent, allowed, path = hex_route(game, uid, to)
        to = hex_grid(game).center(path[-1])
        inches, why = float("inf"), [f"{len(path) - 1} hexes for {spent} of {allowed} MPs (2.5)"]
    if close:
        quarters = int(L.status(game, uid).get("quarters") or 0)
        if quarters >= T.QUARTERS.value:
            raise IllegalActionError(f"{uid} has used its four quarter segments this turn")
        turn = next_quarter(game)
        if turn is not None and turn != L.side(game, uid):
            raise IllegalActionError(f"close combat: {turn} moves the next quarter segment (the slower side first, then "
                                     "turn about)")
        inches /= T.QUARTERS.value
        why = why + [f"close combat: a quarter segment, {inches:g}\""]
    dist = math.dist(L.pos(game, uid), to)
    if inches <= 0 or not within_allowance(dist, inches):
        raise IllegalActionError(f"{uid} may move {inches:g}\" ({'; '.join(why)}); that is {dist:.1f}\"")
    roller = game.roller()
    chance = Play(roller)
    stop = to
    lines = []
    odds: list[str] = []  # a mine roll's, where one is rolled
    line = LineString([L.pos(game, uid), to])
    for a in game.terrain.crossed(L.pos(game, uid), to):
        if a.type == "minefield" and not a.geometry.contains(Point(L.pos(game, uid))) and a.id not in L.eg(game)["cleared"]:
            entry = line.intersection(a.geometry.boundary)
            pts = list(entry.geoms) if hasattr(entry, "geoms") else [entry]
            first = min(pts, key=lambda p: p.distance(Point(L.pos(game, uid))))
            stop = (round(first.x, 2), round(first.y, 2))
            pct = T.MINE_HIT[L.armour(game, uid)].value
            if L.kind(game, uid) == "minesweeper":  # 1.5: "cleared if a minesweeper unit moves onto it"
                lines.append(f"clears the minefield {a.id}")
                game_changes = [(("vars", "eg", "cleared"), L.eg(game)["cleared"] + [a.id])]
            else:
                odds = list(mine_odds(pct))
                hit = mine_roll(chance, pct)
                changes_, words = D.apply(game, uid, True, 1) if hit else ([], "no damage")
                lines.append(f"mines ({pct}%): {words}")
                game_changes = changes_
            break
    else:
        game_changes = []
    went = math.dist(L.pos(game, uid), stop)
    speed = next((c for c in T.CODES if T.MOVE_INCHES[c].value >= went - 1e-9), "E")
    changes = [(("rng", "counter"), roller.counter), (("pieces", L.piece(game, uid), "position"), [round(stop[0], 2), round(stop[1], 2)]),
               (("units", uid, "status", "moved"), True), (("units", uid, "status", "moved_code"), speed)] + game_changes
    if close:
        changes += [(("units", uid, "status", "quarters"), int(L.status(game, uid).get("quarters") or 0) + 1),
                    (("vars", "eg", "last_quarter"), L.side(game, uid))]
    path = LineString([L.pos(game, uid), stop]) if went else Point(stop)  # 4.1: within 500 yd at any point of the move
    near = min((path.distance(Point(L.pos(game, e))) * T.YARDS_PER_INCH for e in L.enemies(game, uid)), default=1e9)
    if near <= T.AUTO_SPOT_YD["moved"].value:
        changes.append((("units", uid, "status", "spotted"), True))
    return game.record("move", changes, f"{uid} moves to ({stop[0]:.1f}, {stop[1]:.1f})" + (f"; {'; '.join(lines)}" if lines else ""),
                       rolls=tuple(roller.log), detail={"rule": "2.0 Movement", "outcome": lines, "modifiers": [], "notes": why,
                                                        "odds": odds})


def hex_grid(game: Game):
    t = game.scenario.table
    if t.grid is None or t.grid.type != "hex":
        return None
    from wgkit.geometry.grids import grid_from_spec

    return grid_from_spec(t.grid.to_dict(), t.width, t.depth)


def hex_cost(game: Game, cell, turned: bool = False) -> int | str:
    """2.5: one MP a hex, one to turn, two for woods, rough, sand, snow and rivers; all for mud and swamp."""
    g = hex_grid(game)
    cost: int | str = 1
    for a in game.terrain.at(*g.center(cell)):
        extra = T.HEX_TERRAIN_MP.get(a.type)
        if extra is not None:
            cost = extra.value if extra.value == "all" or cost == "all" else max(cost, extra.value)  # type: ignore[arg-type]
    return cost if cost == "all" else cost + (T.HEX_TURN_MP.value if turned else 0)


def hex_route(game: Game, uid: str, to: tuple[float, float]) -> tuple[int, int, list]:
    """2.5 on a hex map: the cheapest route (hexes entered, turns) to the hex holding ``to``; returns
    (MPs spent, MPs allowed, the hexes). A unit moves straight ahead unless it pays a point to turn;
    a mud or swamp hex takes all its points, so it can only be the first hex entered."""
    import heapq

    g = hex_grid(game)
    start, goal = g.cell_of(*L.pos(game, uid)), g.cell_of(*to)
    if goal is None:
        raise IllegalActionError(f"{to} is off the hex grid")
    c = code(game, uid)
    allowed = T.MOVE_MP[c].value
    facing = float(game.state["pieces"][L.piece(game, uid)]["facing"] or 0.0)
    heading0 = min(g.side_names, key=lambda sname: abs((g.side_angles[g.side_names.index(sname)] - facing + 180) % 360 - 180))
    best = {(start, heading0): 0}
    queue = [(0, start, heading0, [start])]
    while queue:
        spent, cell, heading, path = heapq.heappop(queue)
        if cell == goal:
            return spent, allowed, path
        for side in g.side_names:
            nxt = g.neighbour(cell, side)
            if not g.contains_cell(nxt):
                continue
            cost = hex_cost(game, nxt, turned=side != heading)
            if cost == "all":
                if spent > 0 or side != heading and T.HEX_TURN_MP.value:
                    continue
                step = allowed
            else:
                step = int(cost)
            total = spent + step
            if total > allowed or best.get((nxt, side), 1e9) <= total:
                continue
            best[(nxt, side)] = total
            heapq.heappush(queue, (total, nxt, side, path + [nxt]))
    raise IllegalActionError(f"{uid} cannot reach that hex with {allowed} MPs (code {c})")


def resolve_clear(game: Game, uid: str, field_id: str):
    """1.5: an infantry unit spends a turn clearing a minefield (a minesweeper clears by entering)."""
    area = next((a for a in game.terrain.areas if a.id == field_id and a.type == "minefield"), None)
    if area is None:
        raise IllegalActionError(f"there is no minefield {field_id!r}")
    if not area.geometry.buffer(0.5).contains(Point(L.pos(game, uid))):
        raise IllegalActionError(f"{uid} is not at {field_id}")
    if L.kind(game, uid) not in ("infantry", "engineer", "minesweeper"):
        raise IllegalActionError(f"{uid} cannot clear mines")
    return game.record("clear mines", [(("vars", "eg", "cleared"), L.eg(game)["cleared"] + [field_id]),
                                       (("units", uid, "status", "moved"), True), (("units", uid, "status", "fired"), True)],
                       f"{uid} clears {field_id}", detail={"rule": "1.5 Minefields"})
