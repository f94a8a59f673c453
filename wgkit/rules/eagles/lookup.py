"""Eagles, Crowns and Oak Leaves: units on the table — firepower and its class, impairment steps,
defensive armour, target position rating, distances in yards (1.2-1.4, 1.7)."""

from __future__ import annotations

import math

from wgkit.engine.game import Game, IllegalActionError
from wgkit.rules.units import attr, kind, side, status  # noqa: F401 (re-exported for the rules modules)
from wgkit.rules.units import pieces as unit_pieces
from wgkit.geometry.los import LosPolicy, clear_sight
from wgkit.rules.eagles import tables as T
from wgkit.facts.registry import find_ruleset

LOS = LosPolicy(see_into=1.0)
VEHICLES = {"vehicle", "recon", "minesweeper"}


def eg(game: Game) -> dict:
    return game.state["vars"]["eg"]


def alive(game: Game, uid: str) -> bool:
    return not status(game, uid).get("destroyed")


def units(game: Game, side_id: str | None = None) -> list[str]:
    return sorted(u for u in game.state["units"] if alive(game, u) and kind(game, u) != "aircraft"
                  and (side_id is None or side(game, u) == side_id))


def enemies(game: Game, uid: str) -> list[str]:
    return [u for u in units(game) if side(game, u) != side(game, uid)]


def piece(game: Game, uid: str) -> str:
    return unit_pieces(game, uid)[0]


def pos(game: Game, uid: str) -> tuple[float, float]:
    p = game.state["pieces"][piece(game, uid)]
    if p.get("position") is None and p.get("cell") is not None:
        from wgkit.geometry.grids import grid_from_spec

        t = game.scenario.table
        return grid_from_spec(t.grid.to_dict(), t.width, t.depth).center(tuple(p["cell"]))
    return float(p["position"][0]), float(p["position"][1])


def yards(game: Game, a: str, b: str) -> float:
    return math.dist(pos(game, a), pos(game, b)) * T.YARDS_PER_INCH


def off_table(game: Game, uid: str) -> bool:
    """3.5, 3.8: an off-board battery or naval guns, standing beyond the table's edge."""
    return bool(attr(game, uid, "off_board") or attr(game, uid, "naval"))


def is_vehicle(game: Game, uid: str) -> bool:
    return kind(game, uid) in VEHICLES


def armour(game: Game, uid: str) -> str:
    return attr(game, uid, "armour", "thin" if is_vehicle(game, uid) else "infantry")


def base_fp(game: Game, uid: str) -> int:
    return int(attr(game, uid, "fp", 1))


def steps(game: Game, uid: str) -> int:
    """1.7: infantry, artillery and towed AT have as many steps as FP; vehicles four."""
    return T.VEHICLE_STEPS.value if is_vehicle(game, uid) else base_fp(game, uid)


def impairments(game: Game, uid: str) -> int:
    return int(status(game, uid).get("impaired", 0))


def fp(game: Game, uid: str) -> int:
    """Current FP: one less per impairment, two for vehicles (1.7)."""
    per = T.VEHICLE_STEP_FP.value if is_vehicle(game, uid) else 1
    return max(0, base_fp(game, uid) - per * impairments(game, uid))


def fp_class(value: int) -> str:
    """4.2: W = FP 1-3, X = 4-5, Y = 6-7, Z = 8+."""
    out = "W"
    for name, low in T.FP_CLASSES:
        if value >= low:
            out = name
    return out


def terrain_tpd(game: Game, uid: str) -> str:
    """The TPD the ground gives a unit that did not move (its cover rating in the ruleset's facts)."""
    rules = find_ruleset("eagles")
    order = ("BB", "CC", "DD")
    here = [rules.terrain[a.type].cover for a in game.terrain.at(*pos(game, uid)) if not a.linear]
    here = [c for c in here if c in order] or ["BB"]
    return max(here, key=order.index)


def tpd(game: Game, uid: str) -> str:
    """1.4: AA moving in the open, BB stationary, CC woods and buildings, DD prepared positions;
    a unit that moved this turn is AA unless its ground is CC or better (house: cover still counts)."""
    ground = terrain_tpd(game, uid)
    if status(game, uid).get("moved") and ground == "BB":
        return "AA"
    if status(game, uid).get("dug_in"):
        return "DD"
    return ground


def sees(game: Game, a: str, b: str) -> bool:
    return clear_sight(game.terrain, pos(game, a), pos(game, b), LOS)


def nationality(game: Game, uid_or_side: str) -> str:
    """The side's nationality, which 3.2, 3.3 and 5.31 read; a side without one cannot use them."""
    sid = uid_or_side if uid_or_side in game.state["sides"] else side(game, uid_or_side)
    nat = game.scenario.side(sid).nationality
    if nat is None:
        raise IllegalActionError(f"side {sid} has no nationality, which this rule needs: set 'nationality' "
                                 "in the scenario")
    return nat


def strength(game: Game, piece: str) -> float:
    """What is left of a unit's fighting power (for the kit's opponent, not a rule): its FP over
    its FP at full strength (1.7: impairments), halved while it is suppressed (1.6: it cannot
    move, and the suppression lifts after the next movement phase)."""
    uid = game.state["pieces"][piece]["unit"]
    if not game.state["pieces"][piece]["alive"] or not alive(game, uid):
        return 0.0
    return fp(game, uid) / max(1, base_fp(game, uid)) / (2 if status(game, uid).get("suppressed") else 1)
