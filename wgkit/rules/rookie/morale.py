"""Rookie Rules: Morale — mandatory tests after casualties, artillery, air, disabled vehicles, an
enemy tank within 8\" or a friend running within 8\"; voluntary tests to shed a marker. The
morale chart and its modifiers are lost: the kit's chart is house data (``tables.MORALE_*``)."""

from __future__ import annotations

import math

from wgkit.dice import D10
from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.rookie import chart as X
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import tables as T


def modifiers(game: Game, uid: str) -> tuple[int, list[Modifier]]:
    base = T.MORALE_BASE.get(game.scenario.unit(uid).quality or "regular", T.MORALE_BASE["regular"]).value
    mods = []
    if not L.is_leader(game, uid) and L.in_command(game, uid):
        mods.append(Modifier.of("leader in command radius", T.MORALE_MODS["leader in command radius"]))
    if L.cover_of(game, uid) != "none":
        mods.append(Modifier.of("in cover", T.MORALE_MODS["in cover"]))
    m = L.marker(game, uid)
    if m:
        steps = T.MARKERS.index(m) + 1
        mods.append(Modifier(f"{m} ({steps} step{'s' if steps > 1 else ''})", steps * T.MORALE_MODS["each penalty marker step"].value,
                             "HOUSE: the morale modifiers are lost"))
    if L.men(game, uid) * 2 <= L.full_men(game, uid) and L.full_men(game, uid) > 1:
        mods.append(Modifier.of("half strength or less", T.MORALE_MODS["half strength or less"]))
    return base, mods


def test_roll(chance, need: int) -> str:
    """A d10 (0 read as 10) at or under the need passes; 3 under sheds a marker; failing by the
    rout margin runs away; any other failure worsens the marker one step."""
    roll = chance.face(D10, "morale")
    if roll <= need - 3:
        return "steady"
    if roll <= need:
        return "holds"
    return "runs" if roll - need >= T.MORALE_ROUT_MARGIN.value else "shaken"


def odds(game: Game, uid: str):
    base, mods = modifiers(game, uid)
    return exact(test_roll, base + int(sum(m.value for m in mods)))


def resolve(game: Game, uid: str):
    """Test one unit: mandatory if it is on the list, otherwise voluntary (to shed a marker)."""
    pending = list(L.rk(game).get("must_test", []))
    if not L.alive(game, uid):
        raise IllegalActionError(f"{uid} is out of action")
    if uid not in pending and not L.marker(game, uid):
        raise IllegalActionError(f"{uid} has no reason to test: no marker to shed and no test due")
    base, mods = modifiers(game, uid)
    need = base + int(sum(m.value for m in mods))
    roller = game.roller()
    outcome = test_roll(Play(roller), need)
    changes: list = [(("vars", "rk", "must_test"), [u for u in pending if u != uid])]
    m = L.marker(game, uid)
    text = f"{uid} tests morale ({need} or less): {outcome}"
    if outcome == "steady" or (outcome == "holds" and uid not in pending):
        changes.append((("units", uid, "status", "marker"), X.improve(m)))
        text += f", {m or 'no marker'} -> {X.improve(m) or 'no marker'}"
    elif outcome == "shaken":
        worse = T.MARKERS[min(len(T.MARKERS) - 1, T.MARKERS.index(m) + 1)] if m else T.MARKERS[0]
        changes.append((("units", uid, "status", "marker"), worse))
        text += f", now {worse}"
    elif outcome == "runs":
        from wgkit.rules.rookie.fire import gone

        changes += gone(game, uid)
        near = [u for u in L.units(game, L.side(game, uid)) if u != uid
                and math.dist(L.pos(game, u), L.pos(game, uid)) <= T.ROUTING_NEAR.value]
        changes[0] = (("vars", "rk", "must_test"), [u for u in pending if u != uid] + [u for u in near if u not in pending])
        text += " away" + (f"; {', '.join(near)} must test" if near else "")
    return game.record("morale", [(("rng", "counter"), roller.counter)] + changes, text, rolls=tuple(roller.log),
                       detail={"rule": "Morale", "outcome": outcome, "modifiers": [x.to_dict() for x in mods],
                               "base": base, "odds": exact(test_roll, need).describe()})
