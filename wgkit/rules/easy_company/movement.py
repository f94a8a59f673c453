"""Easy Company §4 Movement: modes, the chance to move, distance bought with MPs."""

from __future__ import annotations

import math

from wgkit.engine.game import Game, IllegalActionError
from wgkit.facts.easy_company import RULESET as INFO
from wgkit.facts.registry import terrain_effect
from wgkit.geometry.measure import within_allowance
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.easy_company import chances as C
from wgkit.rules.easy_company import rolls as R
from wgkit.rules.easy_company import tables as T
from wgkit.rules.easy_company.lookup import SCALE, is_leader, mode, position, quality, ready, spend, untended


def move_odds(game: Game, fid: str, mps: int = 0):
    p = ready(game, fid)
    uid = p["unit"]
    m = mode(game, uid)
    if m == "normal" or is_leader(game, fid):
        return None, []
    st = game.state["units"][uid]["status"]
    pct = C.move_chance(quality(game, fid), tuple(st.get("fire_types", ())), untended(game, uid),
                        st.get("move_streak", 0), mps)
    return exact(R.test, pct.value, "move"), list(pct.modifiers)


def barred(game: Game, start: tuple[float, float], to: tuple[float, float]) -> str | None:
    """The first feature on the way that no figure crosses (the house terrain table's impassable
    column, §4: a river), by its id; None where the way is open."""
    for area in game.terrain.crossed(start, to):
        if terrain_effect(INFO, area.type, area.variant).movement == "impassable":
            return area.id
    return None


def resolve_move(game: Game, fid: str, to: tuple[float, float], mps: int = 0, reach_mps: int = 0):
    """§4.4: normal mode moves freely; cautious or under fire, roll d00 under the chance (leaders
    pay 1 or 2 MPs instead). §2.4/§4.3: each MP buys one thing: ``mps`` add 10% each to the
    chance, ``reach_mps`` 10 m each to the distance (never beyond 70 m)."""
    p = ready(game, fid)
    uid, m = p["unit"], mode(game, p["unit"])
    leader_cost = T.LEADER_MOVE_MP[m].value if is_leader(game, fid) else 0
    reach_in = SCALE.to_inches(C.move_distance_m(m, reach_mps))
    dist = math.dist(p["position"], to)
    if not within_allowance(dist, reach_in):
        raise IllegalActionError(f"{fid} may move {reach_in:g}\" ({SCALE.to_ground(reach_in):g} m) {m.replace('_', ' ')}; "
                                 f"that is {dist:.1f}\"")
    river = barred(game, p["position"], to)
    if river is not None:
        raise IllegalActionError(f"{fid} cannot cross {river}: impassable (house terrain table)")
    changes = spend(game, fid, mps + reach_mps + leader_cost)
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
        prone = m == "under_fire" and position(game, fid, to) == "open"  # §4.4: in the open where it ends
        changes += [(("pieces", fid, "position"), [round(to[0], 2), round(to[1], 2)]),
                    (("pieces", fid, "status", "prone"), prone)]
    text = f"{fid} {'moves' if ok else 'will not move'} ({m.replace('_', ' ')}" + \
        (f", {sum(x.value for x in mods):g}% to move)" if mods else ")")
    return game.record("move", changes, text, rolls=tuple(roller.log),
                       detail={"rule": "§4 Movement", "outcome": ok, "modifiers": [x.to_dict() for x in mods]},
                       action={"name": "move", "params": {"figure": fid, "to": list(to), "mps": mps,
                                                          "reach_mps": reach_mps}})


