"""Close Action: Grenades and Mortars (blast zones, the roll-off, indirect fire)."""

from __future__ import annotations

import math

import numpy as np

from wgkit.dice import D6
from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.los import clear_sight
from wgkit.geometry.scatter import drift, roll_off_shift
from wgkit.geometry.zones import bearing, blast_zone, inside
from dataclasses import dataclass

from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.close_action import fire as F
from wgkit.rules.close_action import lookup as S
from wgkit.rules.close_action import tables as T
from wgkit.facts.sourced import house

BZ_DICE = house(1, "each figure whose head is in a blast zone is rolled for with one die at close range "
                   "with its own cover and stance modifiers; the text names the targets but not the dice")


def figure_need(game: Game, thrower_unit: str, target: str) -> tuple[int, list[Modifier]]:
    mods = F.target_modifiers(game, thrower_unit, [target], "all")
    return T.HIT_CLOSE.value - int(sum(m.value for m in mods)), mods


def weapon_damage(chance, game: Game, unit: str, holders: list[str], memo: dict | None = None) -> dict[str, list[str]]:
    """Roll for every support weapon in a blast zone whose carrier survived; returns the wrecked."""
    out = {}
    memo = {} if memo is None else memo
    for h in holders:
        lost = list(game.piece(h)["status"].get("weapons_lost", ()))
        for w in game.scenario.piece(h).weapons:
            if w in S.SUPPORT and w not in lost:
                if ("weapon need", h) not in memo:
                    memo[("weapon need", h)] = F.weapon_need(game, unit, h, T.HIT_CLOSE.value)
                need = memo[("weapon need", h)]
                if chance.pool(1, D6, F.stages(need), f"blast on {h}'s {w} ({need}+)"):
                    out[h] = lost + [w]
    return out


@dataclass(frozen=True)
class BlastResult:
    thrown: bool
    point: tuple[float, float] = (0.0, 0.0)
    shift: int = 0
    in_zone: tuple[str, ...] = ()
    killed: tuple[str, ...] = ()
    wrecked: tuple[tuple[str, list[str]], ...] = ()


def default_bearing(game: Game, firer: str, point) -> float:
    """Where the passive player pushes a blast point by default: away from their own men."""
    side = game.piece(firer)["side"]
    theirs = [p["position"] for p in game.state["pieces"].values() if p["side"] != side and p["alive"]]
    return bearing(np.mean(theirs, axis=0), point) if theirs else 0.0


def blast(chance, game: Game, weapon: str, firer: str, point, heading: float, memo: dict | None = None) -> BlastResult:
    """Firing: Grenades and Mortars, as one procedure for play and for odds: the throw (grenades),
    the roll-off that may move the blast point, then one die for every head in the zone and for
    every support weapon there whose carrier survives. ``memo`` keeps the geometry (who is in the
    zone, what each needs) across the many replays of one odds enumeration: the state is fixed."""
    memo = {} if memo is None else memo
    wp = T.FIRE_TABLE[weapon].value
    unit = game.piece(firer)["unit"]
    if weapon == "grenade" and not chance.check(D6, T.GRENADE_THROW.value, f"{firer} throws"):
        return BlastResult(False)
    shift = chance.reading(((D6, "blast roll-off (active)"), (D6, "blast roll-off (passive)")), roll_off_shift)
    at = drift(point, heading, shift) if shift else tuple(point)
    if ("zone", at) not in memo:
        zone = blast_zone(at, wp.blast)
        live = [(pid, p) for pid, p in game.state["pieces"].items() if p["alive"]]
        pts = np.array([p["position"] for _, p in live], dtype=float)
        memo[("zone", at)] = [pid for (pid, _), hit in zip(live, inside(zone, pts)) if hit]
    victims = memo[("zone", at)]
    for v in victims:
        if ("need", v) not in memo:
            memo[("need", v)] = F.stages(figure_need(game, unit, v)[0])
    killed = tuple(v for v in victims if chance.pool(1, D6, memo[("need", v)], f"blast: {v}"))
    wrecked = weapon_damage(chance, game, unit, [v for v in victims if v not in killed], memo)
    return BlastResult(True, (float(at[0]), float(at[1])), shift, tuple(victims), killed, tuple(wrecked.items()))


def blast_odds(game: Game, weapon: str, firer: str, point, heading: float | None = None):
    """The exact chance of each number of men hit, from the same procedure that plays."""
    check_blast(game, weapon, firer, point)
    h = default_bearing(game, firer, point) if heading is None else heading
    memo: dict = {}
    return exact(lambda c: len(blast(c, game, weapon, firer, point, h, memo).killed)).named("figures hit")


def _sees(game: Game, eye: str, point) -> bool:
    return clear_sight(game.terrain, game.piece(eye)["position"], point, F.LOS)


def check_blast(game: Game, weapon: str, firer: str, point) -> None:
    """Refuse a grenade or mortar shot the rules do not allow, saying why."""
    wp = T.FIRE_TABLE[weapon].value
    me = game.piece(firer)
    if weapon not in game.scenario.piece(firer).weapons or weapon in me["status"].get("weapons_lost", ()):
        raise IllegalActionError(f"{firer} has no {weapon}")
    unit = me["unit"]
    if S.unit_of(game, unit)["status"].get("morale", "ok") != "ok":
        raise IllegalActionError(f"{unit} is not in good order and may not fire")
    if me["status"].get("fired"):
        raise IllegalActionError(f"{firer} has already fired this phase")
    dist = math.dist(me["position"], point)
    if weapon == "grenade":
        if dist > wp.close:
            raise IllegalActionError(f"a grenade is thrown up to {wp.close:g}\"; that point is {dist:.1f}\" away")
    else:
        aim = S.unit_of(game, unit)["status"].get("aim")
        if dist < T.MORTAR_MIN_RANGE.value:
            raise IllegalActionError(f"a mortar fires at {T.MORTAR_MIN_RANGE.value:g}\" or more; that point is {dist:.1f}\"")
        spotter = game.scenario.piece(firer).rules.get("spotter")
        eyes = [firer] + ([spotter] if spotter and game.piece(spotter)["alive"]
                          and not game.piece(spotter)["status"].get("moved") else [])
        if not any(_sees(game, e, point) for e in eyes):
            raise IllegalActionError(f"neither {firer} nor a stationary spotter can see that point")
        if aim and math.dist(aim, point) > 1e-6:
            raise IllegalActionError("changing the mortar's aiming point costs a turn of fire: cease fire first")


def resolve_cease(game: Game, firer: str):
    """Firing: Mortars. To change its aiming point a mortar ceases fire for a turn."""
    unit = game.piece(firer)["unit"]
    if "mortar" not in game.scenario.piece(firer).weapons:
        raise IllegalActionError(f"{firer} has no mortar")
    if game.piece(firer)["status"].get("fired"):  # a turn without fire: not one it has fired in, or ceased already
        raise IllegalActionError(f"{firer} has already fired or ceased fire this turn")
    return game.record("cease fire", [(("units", unit, "status", "aim"), None),
                                      (("pieces", firer, "status", "fired"), True)],
                       f"{firer}'s mortar ceases fire this turn; it may take a new aiming point next turn",
                       detail={"rule": "Firing: Mortars", "outcome": "ceased", "modifiers": []})


def resolve_blast(game: Game, weapon: str, firer: str, point: tuple[float, float], drift_bearing: float | None = None):
    """Grenade or mortar: (throw on 5-6,) place the blast point, roll off, hit every head in the zone."""
    check_blast(game, weapon, firer, point)
    unit = game.piece(firer)["unit"]
    notes: list[str] = []
    heading = drift_bearing if drift_bearing is not None else default_bearing(game, firer, point)
    roller = game.roller()
    res = blast(Play(roller), game, weapon, firer, point, heading)
    if not res.thrown:
        return game.record("grenade", [(("rng", "counter"), roller.counter)],
                           f"{firer} fails to throw (needs 5-6) and may fire his weapon",
                           rolls=tuple(roller.log), detail={"rule": "Firing: Grenades", "outcome": "no throw",
                                                            "modifiers": []})
    point, victims, killed, wrecked = res.point, list(res.in_zone), list(res.killed), dict(res.wrecked)
    if res.shift:
        notes.append(f"passive die beat the active die: blast point moved {res.shift}\" (bearing {heading:.0f})")
    hit_units = {game.piece(v)["unit"] for v in victims}
    changes = [(("rng", "counter"), roller.counter), (("pieces", firer, "status", "fired"), True)]
    changes += [(("pieces", v, "alive"), False) for v in killed]
    for v, lost in wrecked.items():
        changes.append((("pieces", v, "status", "weapons_lost"), lost))
    dice = T.BLAST_DICE[weapon].value
    for u in hit_units:
        st = S.unit_of(game, u)["status"]
        changes += [(("units", u, "status", "fire_dice"), st.get("fire_dice", 0) + dice),
                    (("units", u, "status", "hits"), st.get("hits", 0) + sum(game.piece(k)["unit"] == u for k in killed))]
        if weapon == "mortar":
            changes.append((("units", u, "status", "mortar_fire"), True))
    if weapon == "mortar":
        changes.append((("units", unit, "status", "aim"), list(point)))
    text = (f"{firer}'s {weapon} bursts at ({point[0]:.1f}, {point[1]:.1f}): {len(victims)} in the zone"
            + (f", {', '.join(killed)} hit" if killed else ", nobody hit")
            + "".join(f"; {v}'s {', '.join(w)} wrecked" for v, w in wrecked.items()))
    return game.record(weapon, changes, text, rolls=tuple(roller.log),
                       by=(firer,) if weapon == "grenade" else (),  # a mortar fires unseen from afar
                       detail={"rule": f"Firing: {'Grenades' if weapon == 'grenade' else 'Mortars'}",
                               "outcome": {"point": list(point), "in_zone": victims, "killed": killed},
                               "modifiers": [], "notes": notes + [BZ_DICE.note]},
                       action={"name": weapon, "params": {"firer": firer, "point": list(point)}})
