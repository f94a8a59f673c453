"""Company Fire: who is where on the grid, what kind of unit it is, and who sees whom (Line of
Sight; Vehicle Line of Sight; Artillery: smoke; Special Terrain Rules: Bocage)."""

from __future__ import annotations

import math
from typing import Callable, TypeVar

from shapely.geometry import LineString

from wgkit.engine.game import Game
from wgkit.rules.units import kind, side, status
from wgkit.rules.units import pieces as unit_pieces
from wgkit.geometry.gridlos import edge_key
from wgkit.rules.company_fire import tables as T
from wgkit.rules.company_fire.gridmap import GridMap
from wgkit.facts.company_fire import LEADERS, MGS, SMF, TEAMS, VEHICLES, over_limit, role_of  # noqa: F401 (used as L.*)

Cell = tuple[int, int]
T_ = TypeVar("T_")


def gridmap(game: Game) -> GridMap:
    """The scenario's terrain rasterised onto the grid, built once per scenario (as Game.terrain)."""
    kept = game.scenario.__dict__
    if "_gridmap" not in kept:
        kept["_gridmap"] = GridMap.of(game.scenario)
    return kept["_gridmap"]


def cf(game: Game) -> dict:
    """Company Fire's own part of the state: the card, the initiative, the clock, missions, smoke."""
    return game.state["vars"]["cf"]


def turn(game: Game) -> int:
    """The turn: it begins each time the attacker takes the initiative (Initiative); the
    scenario's ``turns`` counts these."""
    return cf(game)["turn"]


def role(game: Game, uid: str) -> str:
    """smf, team, vehicle or squad: the unit's kind says, so once per scenario."""
    kept = game.scenario.__dict__.setdefault("_cf_roles", {})
    if uid not in kept:
        kept[uid] = role_of(kind(game, uid))
    return kept[uid]


def pieces_of(game: Game, uid: str) -> list[str]:
    return list(unit_pieces(game, uid))


def cell(game: Game, uid: str) -> Cell:
    return tuple(game.state["pieces"][unit_pieces(game, uid)[0]]["cell"])  # type: ignore[return-value]


def order(game: Game, uid: str) -> str:
    return status(game, uid).get("order", "good order")


def alive(game: Game, uid: str) -> bool:
    st = status(game, uid)
    return st.get("order", "good order") not in ("destroyed", "removed") and not st.get("carried_by")


def quality(game: Game, uid: str) -> str:
    return game.scenario.unit(uid).quality or "regular"


def weapons(game: Game, uid: str) -> set[str]:
    return {w for p in game.scenario.unit(uid).pieces for w in p.weapons}


def per_state(game: Game, name: str, compute: Callable[[], T_]) -> T_:
    """``compute()`` worked out once per state of ``game``: a state is known by its game's copy,
    the length of its log and its last event, none of which change once committed (a move is
    weighed against many squares, a sight line against many units, in one state)."""
    log = game.log
    key = (id(game.state), len(log), id(log[-1]) if log else None)
    kept = game.__dict__.setdefault("_cf_per_state", {})
    if name not in kept or kept[name][0] != key:
        kept[name] = (key, compute())
    return kept[name][1]


def _squares(game: Game) -> dict[Cell, tuple[str, ...]]:
    pieces = game.state["pieces"]
    out: dict[Cell, list[str]] = {}
    for u in game.state["units"]:
        if alive(game, u):
            at = pieces[unit_pieces(game, u)[0]]["cell"]
            out.setdefault((at[0], at[1]), []).append(u)
    return {c: tuple(us) for c, us in out.items()}


def units_at(game: Game, c: Cell) -> list[str]:
    """The live units in square ``c``, in the scenario's order."""
    return list(per_state(game, "squares", lambda: _squares(game)).get((c[0], c[1]), ()))


def friends_at(game: Game, uid: str, c: Cell) -> list[str]:
    return [u for u in units_at(game, c) if side(game, u) == side(game, uid)]


def enemies_of(game: Game, uid_or_side: str) -> list[str]:
    me = uid_or_side if uid_or_side in game.state["sides"] else side(game, uid_or_side)
    return [u for u in game.state["units"] if alive(game, u) and side(game, u) != me]


def leader_with(game: Game, uid: str) -> str | None:
    """The best leader of the unit's side in its square: company commander over platoon leader."""
    here = {kind(game, u) for u in friends_at(game, uid, cell(game, uid))}
    return "company_commander" if "company_commander" in here else "platoon_leader" if "platoon_leader" in here else None


def smoke(game: Game) -> set[Cell]:
    return {tuple(s["cell"]) for s in cf(game).get("smoke", {}).values() if s}  # type: ignore[misc]


def cover(game: Game, c: Cell) -> bool:
    """Area cover (Area Terrain table) or smoke (Artillery: units in smoke count as in cover)."""
    return gridmap(game).cover(c) or c in smoke(game)


def _held_squares(game: Game) -> tuple[frozenset, frozenset]:
    """The squares holding live non-SMF units, and those of units behind bocage: the same for every
    sight line drawn in one state."""
    def held() -> tuple[frozenset, frozenset]:
        units = [u for u in game.state["units"] if alive(game, u)]
        return (frozenset(cell(game, u) for u in units if role(game, u) != "smf"),
                frozenset(cell(game, u) for u in units if status(game, u).get("bocage")))

    return per_state(game, "held", held)


def cell_sight(game: Game, a: Cell, b: Cell, observer: str | None = None):
    """Centre to centre: squares holding non-SMF units stop the line (the ends excepted), as do
    blocking squares, blocking edges and smoke (which also blocks seeing into or out of it)."""
    held, bocage = _held_squares(game)
    occupied = held - {a, b}
    fog = smoke(game)
    sight = gridmap(game).sight(a, b, occupied | (fog - {a, b}), bocage)
    if sight.clear and (a in fog or b in fog) and a != b:
        return type(sight)(a, b, False, sight.cells, ("smoke",), ())
    return sight


def bearing(game: Game, a: Cell, b: Cell) -> float:
    g = gridmap(game).grid
    (ax, ay), (bx, by) = g.center(a), g.center(b)
    return math.degrees(math.atan2(bx - ax, by - ay)) % 360.0


def off_bow(facing: float, towards: float) -> float:
    """Degrees between a facing and a bearing (0 to 180)."""
    return abs((towards - facing + 180.0) % 360.0 - 180.0)


def facing(game: Game, uid: str) -> float:
    return float(game.state["pieces"][pieces_of(game, uid)[0]]["facing"] or 0.0)


def turret(game: Game, uid: str) -> float | None:
    """The turret's facing, or None for a vehicle without a turret (tank destroyers, transports)."""
    if kind(game, uid) not in ("tank", "armoured_car"):
        return None
    st = status(game, uid)
    return float(st.get("turret", game.scenario.unit(uid).rules.get("turret_facing", facing(game, uid))))


def buttoned(game: Game, uid: str) -> bool:
    """Buttoned up: voluntarily, or whenever the vehicle is pinned or suppressed."""
    return bool(status(game, uid).get("buttoned")) or order(game, uid) in ("pinned", "suppressed")


def in_arc(game: Game, uid: str, target: Cell) -> bool:
    """Vehicle Line of Sight: the crew sees front and sides of the hull, a turret front and sides
    of the turret; buttoned up or without a turret, the front only (the bow's and the turret's)."""
    if role(game, uid) != "vehicle":
        return True
    here = cell(game, uid)
    if here == target:
        return True
    b = bearing(game, here, target)
    arcs = [a for a in (facing(game, uid), turret(game, uid)) if a is not None]
    limit = T.FRONT_ARC.value if buttoned(game, uid) or turret(game, uid) is None else 135.0
    return any(off_bow(a, b) <= limit + 1e-9 for a in arcs)


def sees(game: Game, uid: str, target: Cell) -> bool:
    """A unit's line of sight to a square: its vehicle arc, then the grid rule."""
    return in_arc(game, uid, target) and cell_sight(game, cell(game, uid), target).clear


def in_enemy_los(game: Game, uid: str, c: Cell, *, able: str = "any") -> bool:
    """Whether a non-SMF enemy sees square ``c``; ``able="opfire"``: only enemies who may op fire."""
    return any(sees(game, e, c) for e in enemies_of(game, uid) if role(game, e) != "smf"
               and (able != "opfire" or may_opfire(game, e)))


def may_opfire(game: Game, uid: str) -> bool:
    """Opportunity Fire: good order only (pinned closed-top vehicles too), once per phase except
    MGs, which stop after rolling two or more 1s."""
    st = status(game, uid)
    if role(game, uid) == "smf" or st.get("opfire_done") or st.get("reacted"):
        return False
    if order(game, uid) == "pinned" and role(game, uid) == "vehicle":
        return kind(game, uid) in ("tank", "tank_destroyer", "armoured_car")
    return order(game, uid) == "good order"


def adjacent(a: Cell, b: Cell) -> bool:
    """Sharing an edge or a corner."""
    return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def adjacent_to_enemy(game: Game, uid: str, c: Cell) -> bool:
    return any(adjacent(c, cell(game, e)) for e in enemies_of(game, uid) if role(game, e) != "smf")


def cover_against(game: Game, origin: Cell, target: Cell) -> str | None:
    """Why a target square counts as cover against fire from ``origin``, or None: area terrain or
    smoke; an edge with cover-giving terrain the line crosses into the square (Edge Terrain;
    bocage); optional linear terrain inside the square the line crosses (Linear Terrain)."""
    m = gridmap(game)
    if target in smoke(game):
        return "smoke"
    if m.cover(target):
        return m.terrain(target)
    line = LineString([m.grid.center(origin), m.grid.center(target)])
    for n in m.grid.neighbours(target):
        kind_, _, fid = m.edges.get(edge_key(target, n), ("", "", ""))
        if kind_ and m.edge_cover(kind_) and line.crosses(m.grid.edge(target, m.grid.side_towards(target, n))):
            return f"{kind_} ({fid})"
    for fid, kind_, geom in m.lines:
        if m.edge_cover(kind_) and line.intersects(geom.intersection(m.grid.polygon(target))):
            return f"{kind_} ({fid})"
    return None


def closer(game: Game, uid: str, a: Cell, b: Cell) -> bool:
    """Whether moving from ``a`` to ``b`` brings the unit nearer its nearest enemy."""
    g = gridmap(game).grid
    foes = [cell(game, e) for e in enemies_of(game, uid)]
    return bool(foes) and min(g.distance(b, f) for f in foes) < min(g.distance(a, f) for f in foes)


def vehicle_class_of(game: Game, uid: str) -> str | None:
    """light, medium or heavy for tanks, tank destroyers and AT guns (their ``tank_class``)."""
    if kind(game, uid) not in ("tank", "tank_destroyer", "at_gun"):
        return None
    return game.scenario.unit(uid).rules.get("tank_class", "medium")



def fighting(game: Game, piece: str) -> bool:
    """A piece that counts for victory conditions: its unit on the table and in good order
    (neither suppressed nor pinned)."""
    uid = game.state["pieces"][piece]["unit"]
    return game.state["pieces"][piece]["alive"] and alive(game, uid) and order(game, uid) == "good order"


def may_step_back(game: Game, uid: str, here: Cell, dest: Cell) -> bool:
    """Whether a retreat (Hit Reduction, close assault, a suppressed vehicle) may go from ``here``
    into the neighbouring ``dest``: terrain the unit may enter, no vehicle across full bocage, room
    under the stacking limit and no enemy there."""
    m = gridmap(game)
    vehicle = role(game, uid) == "vehicle"
    return (m.passable(dest, vehicle) and not (vehicle and m.full_bocage(here, dest)) and stacking_ok(game, uid, dest)
            and not any(side(game, u) != side(game, uid) for u in units_at(game, dest)))


def stacking_ok(game: Game, uid: str, c: Cell) -> bool:
    """Stacking: three friendly units including SMFs, at most two of them vehicles, weapon teams
    or guns (squads count only towards the three: the text's group-fire example stacks three)."""
    here = [u for u in friends_at(game, uid, c) if u != uid]
    return over_limit([role(game, u) for u in here + [uid]]) is None
