"""Easy Company §5 Firing: small arms and automatic weapons (§5.3-5.5), grenades and mortars (§5.4)."""

from __future__ import annotations

import math

import numpy as np
from shapely.geometry import Point

from wgkit.dice import D10
from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.los import clear_sight
from wgkit.geometry.zones import inside, radius_zone
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.easy_company import chances as C
from wgkit.rules.easy_company import rolls as R
from wgkit.rules.easy_company import tables as T
from wgkit.rules.easy_company.lookup import (LOS, SCALE, figures, under_fire, wound_changes, is_leader, mode, position, quality, ready, spend,
                                             untended, wound_rolls)


def _sees(game: Game, a: str, b: str) -> bool:
    return clear_sight(game.terrain, game.piece(a)["position"], game.piece(b)["position"], LOS)


def fire_plan(game: Game, fid: str, target_unit: str, mps: int = 0, observing: bool = False):
    """§5.3-5.5: the chance to fire, the effective chance against the target's position, the range.
    ``observing``: opportunity fire into the other side's move (§4.2)."""
    p = ready(game, fid, observing)
    weapon = next((w for w in game.scenario.piece(fid).weapons if w in T.RANGE_M), None)
    if weapon is None:
        raise IllegalActionError(f"{fid} has no weapon to fire")
    targets = [t for t in figures(game, target_unit) if _sees(game, fid, t)]
    if not targets:
        raise IllegalActionError(f"{fid} has no line of sight to any figure of {target_unit}")
    near = min(targets, key=lambda t: math.dist(p["position"], game.piece(t)["position"]))
    metres = SCALE.to_ground(math.dist(p["position"], game.piece(near)["position"]))
    band = C.range_band(weapon, metres)
    if band == "out":
        raise IllegalActionError(f"{target_unit} is {metres:.0f} m away, beyond the {weapon}'s maximum range")
    st = game.state["units"][p["unit"]]["status"]
    fire = C.fire_chance(quality(game, fid), tuple(st.get("fire_types", ())), untended(game, p["unit"]),
                         st.get("fire_streak", 0), mps)
    if is_leader(game, fid):
        fire = C.Percent(100, (Modifier.of("leader spends MPs to fire", T.LEADER_FIRE_MP[mode(game, p["unit"])]),))
    eff = C.effective_chance(quality(game, fid), position(game, near))
    return weapon, targets, band, fire, eff, metres


def fire_odds(game: Game, fid: str, target_unit: str, mps: int = 0, observing: bool = False):
    weapon, targets, band, fire, eff, _ = fire_plan(game, fid, target_unit, mps, observing)
    if weapon in T.AUTOMATIC:
        return exact(R.automatic, fire.value, eff.value if band == "effective" else 1.0, len(targets)).named("figures hit")
    return exact(lambda c: "hit" if R.shot(c, fire.value, eff.value, band).hit else "no effect")


def resolve_fire(game: Game, fid: str, target_unit: str, mps: int = 0, observing: bool = False):
    """Fire one figure at a target group: one d00 to fire and to hit; hits fall at random on the
    group; automatic weapons roll for each figure of the group; the group is now under fire (§4.2:
    at once, so opportunity fire (``observing``) changes the mode of the men still to move)."""
    weapon, targets, band, fire, eff, metres = fire_plan(game, fid, target_unit, mps, observing)
    p = game.piece(fid)
    leader_cost = T.LEADER_FIRE_MP[mode(game, p["unit"])].value if is_leader(game, fid) else 0
    changes = spend(game, fid, mps + leader_cost)
    roller = game.roller()
    chance = Play(roller)
    effective = eff.value if band == "effective" else 1.0
    if weapon in T.AUTOMATIC:
        fired, hits = R.automatic_fire(chance, fire.value, effective, len(targets))
    else:
        s = R.shot(chance, fire.value, eff.value, band)
        hits, fired = int(s.hit), s.fired
    wounded = []
    pool = list(targets)
    for _ in range(min(hits, len(pool))):
        pick = pool[(chance.face(D10, "which figure is hit") - 1) % len(pool)]
        pool.remove(pick)
        wounded.append(pick)
    st = game.state["units"][p["unit"]]["status"]
    kind = "automatic weapons" if weapon in T.AUTOMATIC else "small arms"
    changes += [(("rng", "counter"), roller.counter), (("pieces", fid, "status", "acted"), True),
                (("units", p["unit"], "status", "fire_streak"), st.get("fire_streak", 0) + 1 if fired else 0)]
    if fired:
        changes += under_fire(game, targets, kind)
    changes += wound_changes(game, wounded)
    hits = ", ".join(f"{w} {'killed' if game.piece(w)['status'].get('wounded') else 'wounded'}" for w in wounded)
    text = (f"{fid} ({weapon}, {metres:.0f} m) " + ("does not fire" if not fired else
            f"fires at {target_unit}: {hits or 'no effect'}"))
    return game.record("fire", changes, text, rolls=tuple(roller.log), by=(fid,),
                       detail={"rule": "§5 Firing", "outcome": {"fired": fired, "wounded": wounded},
                               "modifiers": [m.to_dict() for m in fire.modifiers + eff.modifiers]},
                       action={"name": "opportunity fire" if observing else "fire",
                               "params": {"figure": fid, "target": target_unit, "mps": mps}})


def grenade_check(game: Game, fid: str, target: str) -> dict:
    """§5.4: the thrower is ready, carries a grenade, and the target is within a throw."""
    p = ready(game, fid)
    if "grenade" not in game.scenario.piece(fid).weapons:
        raise IllegalActionError(f"{fid} has no grenade")
    if math.dist(p["position"], game.piece(target)["position"]) > T.GRENADE_RANGE_IN.value:
        raise IllegalActionError(f"{target} is beyond a grenade's throw ({T.GRENADE_RANGE_IN.value:g}\")")
    return p


def resolve_grenade(game: Game, fid: str, target: str):
    """§5.4 Grenades: thrown and on target by the firing roll; the figure aimed at (or everyone in
    the same building: a confined space) is wounded on an even/odd call, 50%."""
    p = grenade_check(game, fid, target)
    st = game.state["units"][p["unit"]]["status"]
    fire = C.fire_chance(quality(game, fid), tuple(st.get("fire_types", ())), untended(game, p["unit"]), 0, 0)
    eff = C.effective_chance(quality(game, fid), position(game, target))
    roller = game.roller()
    chance = Play(roller)
    s = R.shot(chance, fire.value, eff.value)
    hurt: list[str] = []
    if s.hit:
        x, y = game.piece(target)["position"]
        rooms = [a.geometry for a in game.terrain.at(x, y) if a.type == "buildings"]
        inside_room = [pid for pid, q in game.state["pieces"].items()
                       if q["alive"] and rooms[0].covers(Point(q["position"]))] if rooms else [target]
        hurt = [v for v in inside_room if R.grenade_wounds(chance, v)]
    changes = [(("rng", "counter"), roller.counter), (("pieces", fid, "status", "acted"), True)]
    changes += wound_changes(game, hurt)
    text = f"{fid} throws a grenade at {target}: " + ("not thrown" if not s.fired else "misses" if not s.hit else
                                                      (", ".join(hurt) + " wounded" if hurt else "nobody wounded"))
    return game.record("grenade", changes, text, rolls=tuple(roller.log), by=(fid,),
                       detail={"rule": "§5.4 Grenades", "outcome": hurt,
                               "modifiers": [m.to_dict() for m in fire.modifiers + eff.modifiers]},
                       action={"name": "grenade", "params": {"figure": fid, "target": target}})


def _mortar(game: Game, fid: str, point: tuple[float, float]):
    """§5.3-5.4: the crew's chance to fire (with its unit's §5.3 modifiers), to be on target, and the
    live figures within 2" of the aiming point."""
    st = game.state["units"][game.piece(fid)["unit"]]["status"]
    fire = C.fire_chance(quality(game, fid), tuple(st.get("fire_types", ())), untended(game, game.piece(fid)["unit"]),
                         0, 0)
    eff = C.effective_chance(quality(game, fid), "open")
    live = [(pid, q) for pid, q in game.state["pieces"].items() if q["alive"]]
    hits = inside(radius_zone(point, T.MORTAR_RADIUS_IN.value), np.array([q["position"] for _, q in live], dtype=float))
    return fire, eff, [pid for (pid, _), h in zip(live, hits) if h]


def mortar_odds(game: Game, fid: str, point: tuple[float, float]):
    """Exact chance of each number of men wounded, by the same rolls as play."""
    fire, eff, victims = _mortar(game, fid, point)

    def procedure(chance) -> int:
        return len(wound_rolls(chance, game, victims)) if R.shot(chance, fire.value, eff.value).hit else 0
    return exact(procedure)


def grenade_odds(game: Game, fid: str, target: str):
    p = grenade_check(game, fid, target)  # the same refusals as the throw, before any odds
    st = game.state["units"][p["unit"]]["status"]
    fire = C.fire_chance(quality(game, fid), tuple(st.get("fire_types", ())), untended(game, p["unit"]), 0, 0)
    eff = C.effective_chance(quality(game, fid), position(game, target))
    return exact(lambda c: "wounds" if R.shot(c, fire.value, eff.value).hit and R.grenade_wounds(c, target)
                 else "no wound")


def resolve_mortar(game: Game, fid: str, point: tuple[float, float]):
    """§5.4 Mortars: on target by the firing roll; every figure within 2" may be wounded (§3.2
    table). The crew's chance carries its unit's §5.3 modifiers; a mortar that fires puts the units
    in its 2" under light artillery fire (a reading: the text names mortars nowhere in §4.4's list)."""
    ready(game, fid)
    if "mortar" not in game.scenario.piece(fid).weapons:
        raise IllegalActionError(f"{fid} has no mortar")
    fire, eff, victims = _mortar(game, fid, point)
    roller = game.roller()
    chance = Play(roller)
    s = R.shot(chance, fire.value, eff.value)
    hurt = wound_rolls(chance, game, victims) if s.hit else []
    changes = [(("rng", "counter"), roller.counter), (("pieces", fid, "status", "acted"), True)]
    if s.fired:
        changes += under_fire(game, victims, T.MORTAR_FIRE.value)
    changes += wound_changes(game, hurt)
    words = ("does not fire" if not s.fired else "off target" if not s.hit else
             ", ".join(hurt) + " wounded" if hurt else "no one hurt")
    return game.record("mortar", changes, f"{fid}'s mortar: {words}",
                       rolls=tuple(roller.log), detail={"rule": "§5.4 Mortars", "outcome": hurt,
                                                        "modifiers": [m.to_dict() for m in fire.modifiers]},
                       action={"name": "mortar", "params": {"figure": fid, "point": list(point)}})


