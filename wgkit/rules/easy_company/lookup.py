"""Easy Company: reading the state (figures, leaders, modes, positions) and the changes every
procedure shares (spending MPs, wounding)."""

from __future__ import annotations

import math

from wgkit.rules.units import pieces as unit_pieces
from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.los import LosPolicy
from wgkit.rules.easy_company import chances as C
from wgkit.rules.easy_company import rolls as R
from wgkit.rules.easy_company import tables as T
from wgkit.facts.registry import find_ruleset

SCALE = find_ruleset("easy_company").scale  # 1" = 10 m: every metre in the text goes through it
GRADE = {q: i for i, q in enumerate(T.QUALITIES)}
LOS = LosPolicy(see_into=1.0)  # §5.1: a figure sees into and out of concealment 10 m deep


def quality(game: Game, fid: str) -> str:
    return game.scenario.unit(game.piece(fid)["unit"]).quality or "experienced"


def is_leader(game: Game, fid: str) -> bool:
    return game.scenario.piece(fid).role == "leader"


def figures(game: Game, uid: str, fit: bool = False) -> list[str]:
    """A unit's figures still in the fight (``fit``: and unwounded)."""
    return [pid for pid in unit_pieces(game, uid) if (p := game.state["pieces"][pid])["alive"]
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


def position(game: Game, fid: str, at: tuple[float, float] | None = None) -> str:
    """§5.2: open, concealed or dug in, from the terrain holding the figure (or the point ``at``)."""
    x, y = at if at is not None else game.piece(fid)["position"]
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


def ready(game: Game, fid: str, observing: bool = False) -> dict:
    """The figure, if it may take its one action now. ``observing``: it fires on the side that is
    moving, as opportunity fire may at any moment of that side's phase (§1.4, §4.2)."""
    p = game.piece(fid)
    if not p["alive"]:
        raise IllegalActionError(f"{fid} is out of action")
    if observing and (p["side"] in game.acting_sides() or "move" not in game.legal_actions()):
        raise IllegalActionError("opportunity fire is fired by the side not moving, while the other side moves")
    if p["side"] not in game.acting_sides() and not observing:
        raise IllegalActionError(f"{fid} belongs to the side that is not acting now")
    if p["status"].get("acted"):
        raise IllegalActionError(f"{fid} has already acted this turn (one action per figure)")
    if p["status"].get("wounded"):
        raise IllegalActionError(f"{fid} is wounded and can neither move unaided nor fire")
    return p


def spend(game: Game, fid: str, mps: int) -> list:
    """The changes for spending ``mps`` of the figure's leader's MPs (§2.4)."""
    if mps <= 0:
        return []
    leader = fid if is_leader(game, fid) else leader_for(game, fid)
    if leader is None:
        raise IllegalActionError(f"no leader with MPs within {T.MP_REACH_M.value} m of {fid}")
    if mp_left(game, leader) < mps:
        raise IllegalActionError(f"{leader} has {mp_left(game, leader)} MPs left, not {mps}")
    return [(("pieces", leader, "status", "mp"), mp_left(game, leader) - mps)]


def under_fire(game: Game, figures: list[str], kind: str) -> list:
    """§4.2/§5.3: the units of ``figures`` come under ``kind`` of fire (small arms, light
    artillery ...), which sets their mode and the worst-fire modifier of their next rolls."""
    changes = []
    for uid in sorted({game.piece(f)["unit"] for f in figures}):
        kinds = set(game.state["units"][uid]["status"].get("fire_types", []))
        if kind not in kinds:
            changes.append((("units", uid, "status", "fire_types"), sorted(kinds | {kind})))
    return changes


def wound_changes(game: Game, victims: list[str]) -> list:
    """The changes for wounding ``victims``: prone and wounded, or killed if already wounded."""
    out = []
    for v in victims:
        if game.piece(v)["status"].get("wounded") and T.SECOND_WOUND_KILLS.value:
            out.append((("pieces", v, "alive"), False))
        else:
            out += [(("pieces", v, "status", "wounded"), True), (("pieces", v, "status", "prone"), True)]
    return out


def wound_rolls(chance, game: Game, victims: list[str]) -> list[str]:
    """§3.2 wound table for each figure: 50%, halved prone, a tenth dug in."""
    hurt = []
    for v in victims:
        where = "dug_in" if position(game, v) == "dug_in" else "prone" if game.piece(v)["status"].get("prone") else "open"
        if R.test(chance, C.wound_chance(where).value, f"wound {v}"):
            hurt.append(v)
    return hurt


def fighting(game: Game, fid: str) -> bool:
    """A figure that counts for victory conditions: alive and unwounded (§7.1: a wounded man can neither move nor fire)."""
    p = game.state["pieces"][fid]
    return p["alive"] and not p["status"].get("wounded")
