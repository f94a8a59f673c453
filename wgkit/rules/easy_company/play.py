"""Easy Company in play: motivation points, movement, firing, grenades, mortars, artillery,
melee, aid and morale, each changing the game through logged events (§2-§8)."""

from __future__ import annotations

import math

import numpy as np
from shapely.geometry import Point

from wgkit.dice import D10
from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.los import LosPolicy, SightField
from wgkit.geometry.zones import inside, radius_zone
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.easy_company import chances as C
from wgkit.rules.easy_company import rolls as R
from wgkit.rules.easy_company import tables as T
from wgkit.rules.registry import find_ruleset
from wgkit.rules.sourced import house

SCALE = find_ruleset("easy_company").scale  # 1" = 10 m: every metre in the text goes through it

GRADE = {q: i for i, q in enumerate(T.QUALITIES)}
GRENADE_RANGE_IN = house(3.0, "the text gives no grenade range; 30 m (3\") is a thrown grenade's reach")
CONTACT_IN = house(1.0, "figures fight hand to hand within 1\" (10 m); the text gives no distance")
AID_IN = house(1.0, "a figure gives aid within 1\" of the wounded; the text says 'remains with them'")
HIT_WOUNDS = house(True, "an effective small-arms hit wounds the figure hit; the text scores a 'hit' but "
                         "states wounds only for grenades and artillery")
SECOND_WOUND_KILLS = house(True, "a wounded man hit again is killed; the text does not say")


def _hurt(game: Game, victims: list[str]) -> list:
    """The changes for wounding ``victims``: prone and wounded, or killed if already wounded."""
    out = []
    for v in victims:
        if game.piece(v)["status"].get("wounded") and SECOND_WOUND_KILLS.value:
            out.append((("pieces", v, "alive"), False))
        else:
            out += [(("pieces", v, "status", "wounded"), True), (("pieces", v, "status", "prone"), True)]
    return out


# -- reading the state ---------------------------------------------------------------------------
def quality(game: Game, fid: str) -> str:
    return game.scenario.unit(game.piece(fid)["unit"]).quality or "experienced"


def is_leader(game: Game, fid: str) -> bool:
    return game.scenario.piece(fid).role == "leader"


def figures(game: Game, uid: str, fit: bool = False) -> list[str]:
    """A unit's figures still in the fight (``fit``: and unwounded)."""
    return [pid for pid, p in game.state["pieces"].items() if p["unit"] == uid and p["alive"]
            and not (fit and p["status"].get("wounded"))]


def mode(game: Game, uid: str) -> str:
    """§4.2: under fire if shot at this turn; cautious once the enemy is known (the scenario's
    ``rules: {mode: ...}`` or any fire seen); normal otherwise."""
    st = game.state["units"][uid]["status"]
    if st.get("fire_types"):
        return "under_fire"
    return st.get("mode") or game.scenario.unit(uid).rules.get("mode", "cautious")


def untended(game: Game, uid: str) -> int:
    return sum(1 for pid, p in game.state["pieces"].items()
               if p["unit"] == uid and p["alive"] and p["status"].get("wounded") and not p["status"].get("tended"))


def position(game: Game, fid: str) -> str:
    """§5.2: open, concealed or dug in, from the terrain holding the figure."""
    x, y = game.piece(fid)["position"]
    covers = {a.cover for a in game.terrain.at(x, y)}
    return "dug_in" if "dug_in" in covers else "concealed" if "concealed" in covers else "open"


def leader_for(game: Game, fid: str) -> str | None:
    """The nearest live leader of the figure's side within 40 m who still has MPs."""
    me = game.piece(fid)
    best = None
    for pid, p in game.state["pieces"].items():
        if p["side"] == me["side"] and p["alive"] and is_leader(game, pid) and not p["status"].get("wounded"):
            d = math.dist(p["position"], me["position"])
            if SCALE.to_ground(d) <= T.MP_REACH_M.value and (best is None or d < best[0]):
                best = (d, pid)
    return best[1] if best else None


def mp_left(game: Game, leader: str) -> int:
    return game.piece(leader)["status"].get("mp", 0)


def turn_start(game: Game) -> list:
    """At the start of each turn: leaders' MPs anew (§2.4), actions and fire cleared, aid given
    last turn takes effect (§7.1)."""
    changes = []
    for pid, p in game.state["pieces"].items():
        keep = {k: v for k, v in p["status"].items() if k in ("wounded", "tended", "prone")}
        if keep.get("wounded") and p["status"].get("aided"):
            keep["tended"] = True
        if is_leader(game, pid):
            keep["mp"] = int(C.motivation_points(game.scenario.piece(pid).rank or "sergeant", quality(game, pid)).value)
        changes.append((("pieces", pid, "status"), keep))
    for uid, u in game.state["units"].items():
        changes.append((("units", uid, "status"), {k: v for k, v in u["status"].items()
                                                   if k in ("morale", "tested_at", "failing_turns", "mode")}))
    return changes


def _ready(game: Game, fid: str) -> dict:
    p = game.piece(fid)
    if not p["alive"]:
        raise IllegalActionError(f"{fid} is out of action")
    if p["side"] not in game.acting_sides():
        raise IllegalActionError(f"{fid} belongs to the side that is not acting now")
    if p["status"].get("acted"):
        raise IllegalActionError(f"{fid} has already acted this turn (one action per figure)")
    if p["status"].get("wounded"):
        raise IllegalActionError(f"{fid} is wounded and can neither move unaided nor fire")
    return p


def _spend(game: Game, fid: str, mps: int) -> list:
    """The changes for spending ``mps`` of the figure's leader's MPs (§2.4)."""
    if mps <= 0:
        return []
    leader = fid if is_leader(game, fid) else leader_for(game, fid)
    if leader is None:
        raise IllegalActionError(f"no leader with MPs within {T.MP_REACH_M.value} m of {fid}")
    if mp_left(game, leader) < mps:
        raise IllegalActionError(f"{leader} has {mp_left(game, leader)} MPs left, not {mps}")
    return [(("pieces", leader, "status", "mp"), mp_left(game, leader) - mps)]


# -- movement (§4) -------------------------------------------------------------------------------
def move_odds(game: Game, fid: str, mps: int = 0):
    p = _ready(game, fid)
    uid = p["unit"]
    m = mode(game, uid)
    if m == "normal" or is_leader(game, fid):
        return None, []
    st = game.state["units"][uid]["status"]
    pct = C.move_chance(quality(game, fid), tuple(st.get("fire_types", ())), untended(game, uid),
                        st.get("move_streak", 0), mps)
    return exact(R.test, pct.value, "move"), list(pct.modifiers)


def resolve_move(game: Game, fid: str, to: tuple[float, float], mps: int = 0):
    """§4.4: normal mode moves freely; cautious or under fire, roll d00 under the chance (leaders
    pay 1 or 2 MPs instead); each extra MP adds 10 m, never beyond 70 m."""
    p = _ready(game, fid)
    uid, m = p["unit"], mode(game, p["unit"])
    leader_cost = T.LEADER_MOVE_MP[m].value if is_leader(game, fid) else 0
    reach_in = SCALE.to_inches(C.move_distance_m(m, mps))
    dist = math.dist(p["position"], to)
    if dist > reach_in + 1e-9:
        raise IllegalActionError(f"{fid} may move {reach_in:g}\" ({SCALE.to_ground(reach_in):g} m) {m.replace('_', ' ')}; "
                                 f"that is {dist:.1f}\"")
    changes = _spend(game, fid, mps + leader_cost)
    roller = game.roller()
    st = game.state["units"][uid]["status"]
    mods: list[Modifier] = []
    ok = True
    if m != "normal" and not is_leader(game, fid):
        pct = C.move_chance(quality(game, fid), tuple(st.get("fire_types", ())), untended(game, uid),
                            st.get("move_streak", 0), mps)
        mods = list(pct.modifiers)
        ok = R.test(Play(roller), pct.value, f"{fid} moves")
        changes.append((("units", uid, "status", "move_streak"), st.get("move_streak", 0) + 1 if ok else 0))
    changes += [(("rng", "counter"), roller.counter), (("pieces", fid, "status", "acted"), True)]
    if ok:
        prone = m == "under_fire" and position(game, fid) == "open"
        changes += [(("pieces", fid, "position"), [round(to[0], 2), round(to[1], 2)]),
                    (("pieces", fid, "status", "prone"), prone)]
    text = f"{fid} {'moves' if ok else 'will not move'} ({m.replace('_', ' ')}" + \
        (f", {sum(x.value for x in mods):g}% to move)" if mods else ")")
    return game.record("move", changes, text, rolls=tuple(roller.log),
                       detail={"rule": "§4 Movement", "outcome": ok, "modifiers": [x.to_dict() for x in mods]},
                       action={"name": "move", "params": {"figure": fid, "to": list(to), "mps": mps}})


# -- firing (§5) -------------------------------------------------------------------------------------
def _sees(game: Game, a: str, b: str) -> bool:
    pts = np.array([game.piece(a)["position"], game.piece(b)["position"]], dtype=float)
    return bool(SightField(game.terrain, pts, LosPolicy(see_into=1.0)).matrix()[0, 1])


def fire_plan(game: Game, fid: str, target_unit: str, mps: int = 0):
    """§5.3-5.5: the chance to fire, the effective chance against the target's position, the range."""
    p = _ready(game, fid)
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


def fire_odds(game: Game, fid: str, target_unit: str, mps: int = 0):
    weapon, targets, band, fire, eff, _ = fire_plan(game, fid, target_unit, mps)
    if weapon in T.AUTOMATIC:
        return exact(R.automatic, fire.value, eff.value if band == "effective" else 1.0, len(targets))
    return exact(lambda c: "hit" if R.shot(c, fire.value, eff.value, band).hit else "no effect")


def resolve_fire(game: Game, fid: str, target_unit: str, mps: int = 0):
    """Fire one figure at a target group: one d00 to fire and to hit; hits fall at random on the
    group; automatic weapons roll for each figure of the group; the group is now under fire."""
    weapon, targets, band, fire, eff, metres = fire_plan(game, fid, target_unit, mps)
    p = game.piece(fid)
    leader_cost = T.LEADER_FIRE_MP[mode(game, p["unit"])].value if is_leader(game, fid) else 0
    changes = _spend(game, fid, mps + leader_cost)
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
    ts = game.state["units"][target_unit]["status"]
    kind = "automatic weapons" if weapon in T.AUTOMATIC else "small arms"
    changes += [(("rng", "counter"), roller.counter), (("pieces", fid, "status", "acted"), True),
                (("units", p["unit"], "status", "fire_streak"), st.get("fire_streak", 0) + 1 if fired else 0)]
    if fired:
        changes.append((("units", target_unit, "status", "fire_types"), sorted(set(ts.get("fire_types", [])) | {kind})))
    changes += _hurt(game, wounded)
    hits = ", ".join(f"{w} {'killed' if game.piece(w)['status'].get('wounded') else 'wounded'}" for w in wounded)
    text = (f"{fid} ({weapon}, {metres:.0f} m) " + ("does not fire" if not fired else
            f"fires at {target_unit}: {hits or 'no effect'}"))
    return game.record("fire", changes, text, rolls=tuple(roller.log),
                       detail={"rule": "§5 Firing", "outcome": {"fired": fired, "wounded": wounded},
                               "modifiers": [m.to_dict() for m in fire.modifiers + eff.modifiers]},
                       action={"name": "fire", "params": {"figure": fid, "target": target_unit, "mps": mps}})


# -- melee, aid, morale (§6-§8) -------------------------------------------------------------------
def resolve_melee(game: Game, a: str, b: str):
    """§6.1: d10 against d10, +1 per quality grade above; double kills, otherwise wounds."""
    pa, pb = game.piece(a), game.piece(b)
    if pa["side"] == pb["side"] or math.dist(pa["position"], pb["position"]) > CONTACT_IN.value:
        raise IllegalActionError(f"{a} and {b} are not enemies in contact")
    roller = game.roller()
    res = R.melee(Play(roller), GRADE[quality(game, a)], GRADE[quality(game, b)])
    loser = b if res.startswith("a") else a
    changes = [(("rng", "counter"), roller.counter)]
    if res.endswith("kills"):
        changes.append((("pieces", loser, "alive"), False))
    elif res.endswith("wounds"):
        changes += _hurt(game, [loser])
    text = f"melee {a} v {b}: " + ("draw, it goes on next turn" if res == "draw" else
                                   f"{loser} {'killed' if res.endswith('kills') else 'wounded'}")
    return game.record("melee", changes, text, rolls=tuple(roller.log),
                       detail={"rule": "§6.1 Melee", "outcome": res, "modifiers": [],
                               "odds": exact(R.melee, GRADE[quality(game, a)], GRADE[quality(game, b)]).describe()},
                       action={"name": "melee", "params": {"a": a, "b": b}})


def resolve_aid(game: Game, fid: str, wounded: str):
    """§7.1: an unwounded figure stays a turn with a wounded one; from next turn it is tended."""
    _ready(game, fid)
    w = game.piece(wounded)
    if not w["status"].get("wounded"):
        raise IllegalActionError(f"{wounded} is not wounded")
    if math.dist(game.piece(fid)["position"], w["position"]) > AID_IN.value:
        raise IllegalActionError(f"{fid} must be with {wounded} (within {AID_IN.value:g}\") to give aid")
    return game.record("aid", [(("pieces", fid, "status", "acted"), True), (("pieces", wounded, "status", "aided"), True)],
                       f"{fid} tends {wounded}", detail={"rule": "§7.1 Casualties", "outcome": "aided", "modifiers": []})


WITHDRAW_COVER = house(True, "a withdrawing figure goes a full move directly away from the nearest enemy, or to "
                             "the nearest concealment or dug-in position within that move if there is one")


def resolve_withdraw(game: Game, uid: str):
    """§8.1: a unit that failed its morale withdraws as fast as it can, using the best cover."""
    from shapely.geometry import Point as P_
    from shapely.ops import nearest_points

    from wgkit.geometry.zones import bearing, offset

    if game.state["units"][uid]["status"].get("morale") != "withdraw":
        raise IllegalActionError(f"{uid} has not failed a morale test")
    changes, moved = [], []
    reach = SCALE.to_inches(C.move_distance_m(mode(game, uid)))
    for f in figures(game, uid, fit=True):
        here = game.piece(f)["position"]
        foes = [q["position"] for q in game.state["pieces"].values() if q["side"] != game.piece(f)["side"] and q["alive"]]
        nearest = min(foes, key=lambda q: math.dist(q, here)) if foes else None
        away = bearing(nearest, here) if nearest else 180.0
        spots = []
        for area in game.terrain.areas:
            if area.cover in ("concealed", "dug_in") and not area.linear:
                inner = area.geometry.buffer(-0.3)
                if not inner.is_empty and not inner.covers(P_(here)):
                    spot = nearest_points(inner, P_(here))[0]
                    further = nearest is None or math.dist((spot.x, spot.y), nearest) >= math.dist(here, nearest)
                    if P_(here).distance(spot) <= reach and further:  # never back towards the enemy
                        spots.append((P_(here).distance(spot), (spot.x, spot.y)))
        to = min(spots)[1] if spots else offset(here, away, reach)
        to = (round(min(max(to[0], 0.0), game.scenario.table.width), 2),
              round(min(max(to[1], 0.0), game.scenario.table.depth), 2))
        changes += [(("pieces", f, "position"), list(to)), (("pieces", f, "status", "acted"), True)]
        moved.append(f"{f} to ({to[0]:g}, {to[1]:g})")
    return game.record("withdraw", changes, f"{uid} withdraws: " + ("; ".join(moved) or "nobody can move"),
                       detail={"rule": "§8.1 Morale", "outcome": moved, "modifiers": []},
                       action={"name": "withdraw", "params": {"unit": uid}})


def casualty_share(game: Game, uid: str) -> float:
    total = len([p for _, u, p in game.scenario.pieces() if u.id == uid])
    out = sum(1 for pid, p in game.state["pieces"].items() if p["unit"] == uid
              and (not p["alive"] or p["status"].get("wounded")))
    return out / total if total else 0.0


def must_test(game: Game) -> list[str]:
    """§8.1: units that have reached 50% (or 75%) casualties and not yet tested at that mark."""
    out = []
    for uid, u in game.state["units"].items():
        share = casualty_share(game, uid)
        done = u["status"].get("tested_at", 0)
        marks = [m.value for m in T.MORALE_AT if share >= m.value and m.value > done]
        if marks:
            out.append(uid)
    return out


def resolve_morale(game: Game, uid: str, mps: int = 0):
    """§8.1: d00 under the chance by quality, -10% per consecutive failing turn; a failed roll may
    be retried for 1, 2, 4 ... MPs (pass ``mps`` equal to the next retry's cost)."""
    st = game.state["units"][uid]["status"]
    leaders = [f for f in figures(game, uid) if is_leader(game, f)] or [f for f in figures(game, uid)]
    grade = quality(game, leaders[0]) if leaders else "experienced"
    pct = C.morale_chance(grade, st.get("failing_turns", 0))
    changes: list = []
    if mps:
        attempt = st.get("retries", 0) + 1
        if mps != C.retry_cost(attempt):
            raise IllegalActionError(f"retry {attempt} costs {C.retry_cost(attempt)} MPs")
        changes += _spend(game, leaders[0], mps) + [(("units", uid, "status", "retries"), attempt)]
    roller = game.roller()
    ok = R.test(Play(roller), pct.value, f"{uid} morale")
    share = casualty_share(game, uid)
    mark = max(m.value for m in T.MORALE_AT if share >= m.value) if share >= T.MORALE_AT[0].value else 0
    changes += [(("rng", "counter"), roller.counter), (("units", uid, "status", "morale"), "ok" if ok else "withdraw"),
                (("units", uid, "status", "tested_at"), mark if ok else st.get("tested_at", 0)),
                (("units", uid, "status", "failing_turns"), 0 if ok else st.get("failing_turns", 0) + 1)]
    return game.record("morale", changes, f"{uid} tests morale ({pct.value:g}%): {'holds' if ok else 'must withdraw'}",
                       rolls=tuple(roller.log),
                       detail={"rule": "§8.1 Morale", "outcome": ok, "modifiers": [m.to_dict() for m in pct.modifiers],
                               "odds": exact(R.test, pct.value, "morale").describe()},
                       action={"name": "morale", "params": {"unit": uid, "mps": mps}})


# -- grenades and mortars (§5.4) ---------------------------------------------------------------------
def _wounds(chance, game: Game, victims: list[str]) -> list[str]:
    """§3.2 wound table for each figure: 50%, halved prone, a tenth dug in."""
    hurt = []
    for v in victims:
        where = "dug_in" if position(game, v) == "dug_in" else "prone" if game.piece(v)["status"].get("prone") else "open"
        if R.test(chance, C.wound_chance(where).value, f"wound {v}"):
            hurt.append(v)
    return hurt


def resolve_grenade(game: Game, fid: str, target: str):
    """§5.4 Grenades: thrown and on target by the firing roll; the figure aimed at (or everyone in
    the same building: a confined space) is wounded on an even/odd call, 50%."""
    p = _ready(game, fid)
    if "grenade" not in game.scenario.piece(fid).weapons:
        raise IllegalActionError(f"{fid} has no grenade")
    if math.dist(p["position"], game.piece(target)["position"]) > GRENADE_RANGE_IN.value:
        raise IllegalActionError(f"{target} is beyond a grenade's throw ({GRENADE_RANGE_IN.value:g}\")")
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
        hurt = [v for v in inside_room if chance.check(D10, {2, 4, 6, 8, 10}, f"grenade: {v} (even wounds)")]
    changes = [(("rng", "counter"), roller.counter), (("pieces", fid, "status", "acted"), True)]
    changes += _hurt(game, hurt)
    text = f"{fid} throws a grenade at {target}: " + ("not thrown" if not s.fired else "misses" if not s.hit else
                                                      (", ".join(hurt) + " wounded" if hurt else "nobody wounded"))
    return game.record("grenade", changes, text, rolls=tuple(roller.log),
                       detail={"rule": "§5.4 Grenades", "outcome": hurt,
                               "modifiers": [m.to_dict() for m in fire.modifiers + eff.modifiers]})


def mortar_odds(game: Game, fid: str, point: tuple[float, float]):
    """Exact chance of each number of men wounded, by the same rolls as play."""
    fire = C.fire_chance(quality(game, fid))
    eff = C.effective_chance(quality(game, fid), "open")
    live = [(pid, q) for pid, q in game.state["pieces"].items() if q["alive"]]
    hits = inside(radius_zone(point, T.MORTAR_RADIUS_IN.value), np.array([q["position"] for _, q in live], dtype=float))
    victims = [pid for (pid, _), h in zip(live, hits) if h]

    def procedure(chance) -> int:
        return len(_wounds(chance, game, victims)) if R.shot(chance, fire.value, eff.value).hit else 0
    return exact(procedure)


def grenade_odds(game: Game, fid: str, target: str):
    p = game.piece(fid)
    st = game.state["units"][p["unit"]]["status"]
    fire = C.fire_chance(quality(game, fid), tuple(st.get("fire_types", ())), untended(game, p["unit"]), 0, 0)
    eff = C.effective_chance(quality(game, fid), position(game, target))
    return exact(lambda c: "wounds" if R.shot(c, fire.value, eff.value).hit and c.check(D10, {2, 4, 6, 8, 10}, "even")
                 else "no wound")


def morale_odds(game: Game, uid: str):
    st = game.state["units"][uid]["status"]
    leaders = [f for f in figures(game, uid) if is_leader(game, f)] or figures(game, uid)
    grade = quality(game, leaders[0]) if leaders else "experienced"
    return exact(R.test, C.morale_chance(grade, st.get("failing_turns", 0)).value, "morale")


def resolve_mortar(game: Game, fid: str, point: tuple[float, float]):
    """§5.4 Mortars: on target by the firing roll; every figure within 2" may be wounded (§3.2 table)."""
    _ready(game, fid)
    if "mortar" not in game.scenario.piece(fid).weapons:
        raise IllegalActionError(f"{fid} has no mortar")
    fire = C.fire_chance(quality(game, fid))
    eff = C.effective_chance(quality(game, fid), "open")
    roller = game.roller()
    chance = Play(roller)
    s = R.shot(chance, fire.value, eff.value)
    hurt: list[str] = []
    if s.hit:
        live = [(pid, q) for pid, q in game.state["pieces"].items() if q["alive"]]
        zone = radius_zone(point, T.MORTAR_RADIUS_IN.value)
        hits = inside(zone, np.array([q["position"] for _, q in live], dtype=float))
        hurt = _wounds(chance, game, [pid for (pid, _), h in zip(live, hits) if h])
    changes = [(("rng", "counter"), roller.counter), (("pieces", fid, "status", "acted"), True)]
    changes += _hurt(game, hurt)
    return game.record("mortar", changes, f"{fid}'s mortar: " + ("off target" if not s.hit else
                                                                  (", ".join(hurt) + " wounded" if hurt else "no one hurt")),
                       rolls=tuple(roller.log), detail={"rule": "§5.4 Mortars", "outcome": hurt,
                                                        "modifiers": [m.to_dict() for m in fire.modifiers]})


# -- off-table artillery (§3.2) ----------------------------------------------------------------------
def battery(game: Game, side: str):
    """The side's off-table artillery: a unit of kind ``artillery`` (its quality is the crew's,
    ``rules: {calibre_mm: ...}`` its calibre)."""
    for s in game.scenario.sides:
        if s.id == side:
            for u in s.units:
                if u.kind == "artillery":
                    return u
    raise IllegalActionError(f"side {side} has no off-table artillery in this scenario")


def resolve_call(game: Game, leader: str, point: tuple[float, float]):
    """§3.2: a leader with a radio spends 5 MPs to call the artillery onto a point."""
    if not is_leader(game, leader) or "radio" not in game.scenario.piece(leader).weapons:
        raise IllegalActionError(f"{leader} is not a leader with a radio")
    side = game.piece(leader)["side"]
    battery(game, side)
    if game.state["sides"][side]["vars"].get("artillery"):
        raise IllegalActionError("the artillery is already called: it is rolled for each turn until it arrives")
    changes = _spend(game, leader, T.CALL_MP.value)
    changes.append((("sides", side, "vars", "artillery"), {"state": "called", "failed": 0, "point": list(point),
                                                           "caller": leader}))
    return game.record("artillery", changes, f"{leader} calls artillery onto ({point[0]:g}, {point[1]:g})",
                       detail={"rule": "§3.2", "outcome": "called", "modifiers": []})


def _fire_mission(game: Game, side: str) -> dict:
    a = game.state["sides"][side]["vars"].get("artillery")
    if not a:
        raise IllegalActionError(f"side {side} has no artillery called")
    return a


def resolve_arrival(game: Game, side: str):
    """§3.2: does the called fire arrive (+10% a turn it fails), and is it on target? The first
    round is always a ranging round."""
    a = _fire_mission(game, side)
    if a["state"] != "called":
        raise IllegalActionError(f"side {side}'s artillery is already {a['state']}")
    crew = battery(game, side).quality or "experienced"
    arrive = C.arrival_chance(crew, a["failed"])
    roller = game.roller()
    chance = Play(roller)
    came = R.test(chance, arrive.value, "artillery arrives")
    on = came and R.test(chance, T.ON_TARGET[crew].value, "artillery on target")
    new = dict(a, failed=a["failed"] + (0 if came else 1), state="ranging" if on else "called" if not came else "off")
    text = ("artillery does not arrive" if not came else
            "ranging round on target" if on else "artillery off target: no barrage")
    if new["state"] == "off":
        new = None
    return game.record("artillery", [(("rng", "counter"), roller.counter), (("sides", side, "vars", "artillery"), new)],
                       text, rolls=tuple(roller.log),
                       detail={"rule": "§3.2", "outcome": text, "modifiers": [m.to_dict() for m in arrive.modifiers]})


def resolve_walk(game: Game, leader: str, point: tuple[float, float]):
    """§3.2: 5 MPs walk the fire up to 6"; it must be on target again."""
    side = game.piece(leader)["side"]
    a = _fire_mission(game, side)
    if a["state"] != "ranging":
        raise IllegalActionError("only a ranging round on target can be walked")
    if math.dist(a["point"], point) > T.WALK_MAX_IN.value:
        raise IllegalActionError(f"fire walks at most {T.WALK_MAX_IN.value:g}\"")
    changes = _spend(game, leader, T.WALK_MP.value)
    roller = game.roller()
    on = R.test(Play(roller), T.ON_TARGET[battery(game, side).quality or "experienced"].value, "artillery on target")
    new = dict(a, point=list(point)) if on else None
    return game.record("artillery", changes + [(("rng", "counter"), roller.counter), (("sides", side, "vars", "artillery"), new)],
                       f"{leader} walks the fire: " + ("on target" if on else "off target, the mission ends"),
                       rolls=tuple(roller.log), detail={"rule": "§3.2", "outcome": on, "modifiers": []})


def effect_victims(game: Game, side: str) -> list[str]:
    a = _fire_mission(game, side)
    radius = SCALE.to_inches(C.radius_m(battery(game, side).rules.get("calibre_mm", 105)))
    live = [(pid, q) for pid, q in game.state["pieces"].items() if q["alive"]]
    hits = inside(radius_zone(a["point"], radius), np.array([q["position"] for _, q in live], dtype=float))
    return [pid for (pid, _), h in zip(live, hits) if h]


def effect_odds(game: Game, side: str):
    """Exact chance of each number of men wounded by a fire-for-effect, from the same rolls."""
    victims = effect_victims(game, side)
    return exact(lambda c: len(_wounds(c, game, victims)))


def walk_odds(game: Game, side: str):
    return exact(R.test, T.ON_TARGET[battery(game, side).quality or "experienced"].value, "on target")


def resolve_effect(game: Game, leader: str):
    """§3.2: 5 MPs to fire for effect: every figure within the calibre's radius may be wounded."""
    side = game.piece(leader)["side"]
    a = _fire_mission(game, side)
    if a["state"] != "ranging":
        raise IllegalActionError("fire for effect follows a ranging round on target")
    changes = _spend(game, leader, T.FFE_MP.value)
    radius = SCALE.to_inches(C.radius_m(battery(game, side).rules.get("calibre_mm", 105)))
    roller = game.roller()
    hurt = _wounds(Play(roller), game, effect_victims(game, side))
    changes += [(("rng", "counter"), roller.counter)]
    changes += _hurt(game, hurt)
    for uid in {game.piece(v)["unit"] for v in hurt}:
        ts = game.state["units"][uid]["status"]
        changes.append((("units", uid, "status", "fire_types"), sorted(set(ts.get("fire_types", [])) | {"heavy artillery"})))
    return game.record("artillery", changes, f"fire for effect ({radius:g}\" radius): "
                       + (", ".join(hurt) + " wounded" if hurt else "no one hurt"),
                       rolls=tuple(roller.log), detail={"rule": "§3.2", "outcome": hurt, "modifiers": []})
