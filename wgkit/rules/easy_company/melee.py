"""Easy Company §6 Melee and §7 Casualties (aid)."""

from __future__ import annotations

import math

from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play, exact
from wgkit.rules.easy_company import rolls as R
from wgkit.rules.easy_company import tables as T
from wgkit.rules.easy_company.lookup import GRADE, wound_changes, quality, ready


def resolve_melee(game: Game, a: str, b: str):
    """§6.1: d10 against d10, +1 per quality grade above; double kills, otherwise wounds."""
    pa, pb = game.piece(a), game.piece(b)
    if pa["side"] == pb["side"] or math.dist(pa["position"], pb["position"]) > T.CONTACT_IN.value:
        raise IllegalActionError(f"{a} and {b} are not enemies in contact")
    roller = game.roller()
    res = R.melee(Play(roller), GRADE[quality(game, a)], GRADE[quality(game, b)])
    loser = b if res.startswith("a") else a
    changes = [(("rng", "counter"), roller.counter)]
    if res.endswith("kills"):
        changes.append((("pieces", loser, "alive"), False))
    elif res.endswith("wounds"):
        changes += wound_changes(game, [loser])
    text = f"melee {a} v {b}: " + ("draw, it goes on next turn" if res == "draw" else
                                   f"{loser} {'killed' if res.endswith('kills') else 'wounded'}")
    return game.record("melee", changes, text, rolls=tuple(roller.log), by=(a, b),
                       detail={"rule": "§6.1 Melee", "outcome": res, "modifiers": [],
                               "odds": exact(R.melee, GRADE[quality(game, a)], GRADE[quality(game, b)]).describe()},
                       action={"name": "melee", "params": {"a": a, "b": b}})


def resolve_aid(game: Game, fid: str, wounded: str):
    """§7.1: an unwounded figure stays a turn with a wounded one; from next turn it is tended."""
    ready(game, fid)
    w = game.piece(wounded)
    if not w["status"].get("wounded"):
        raise IllegalActionError(f"{wounded} is not wounded")
    if math.dist(game.piece(fid)["position"], w["position"]) > T.AID_IN.value:
        raise IllegalActionError(f"{fid} must be with {wounded} (within {T.AID_IN.value:g}\") to give aid")
    return game.record("aid", [(("pieces", fid, "status", "acted"), True), (("pieces", wounded, "status", "aided"), True)],
                       f"{fid} tends {wounded}", detail={"rule": "§7.1 Casualties", "outcome": "aided", "modifiers": []},
                       action={"name": "aid", "params": {"figure": fid, "wounded": wounded}})


