"""Eagles, Crowns and Oak Leaves: Aircraft (6.1-6.4) — a sortie spends a turn en route, then
attacks in a 4\" CD impact zone (strafing X, rockets Y converged, bombs spread or converged,
high-level bombers spread Y); ground units in the zone and AA units in range fire first, and a
hit sortie does not attack. Also Paratroop Drops (1.8)."""

from __future__ import annotations

import math

from shapely.geometry import Point

from wgkit.dice import D6, D10, D10_ZERO, Die
from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.zones import offset
from wgkit.odds import Play, exact
from wgkit.rules.eagles import barrage as B
from wgkit.rules.eagles import damage as D
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import tables as T

D12 = Die("d12", 12)


def resolve_sortie(game: Game, uid: str, point: tuple[float, float]):
    """6.1: order a sortie at a point; it spends this turn en route and attacks next turn."""
    if L.kind(game, uid) != "aircraft" or L.status(game, uid).get("destroyed"):
        raise IllegalActionError(f"{uid} is not an available sortie")
    if L.status(game, uid).get("over"):
        raise IllegalActionError(f"{uid} is already on its way")
    over = {"point": [round(point[0], 2), round(point[1], 2)], "attacks": game.state["turn"] + 1}
    return game.record("sortie", [(("units", uid, "status", "over"), over)],
                       f"{uid} is en route to ({point[0]:.1f}, {point[1]:.1f}); it attacks on turn {over['attacks']}",
                       detail={"rule": "6.1"})


def aa_kind(game: Game, uid: str) -> str:
    """6.4: infantry use the Inf column, vehicles their AA MG, AA units their weapon."""
    if L.attr(game, uid, "aa"):
        return L.attr(game, uid, "aa")
    return "hmg" if L.is_vehicle(game, uid) else "inf"


def aa_roll(chance, dice: int) -> bool:
    """Kill dice hitting on 0."""
    return chance.pool(dice, D10_ZERO, [frozenset({0})], "AA") > 0


def resolve_aa(game: Game, uid: str, plane: str):
    """6.4: a ground unit in the impact zone, or an AA unit within its weapon's range, fires."""
    over = L.status(game, plane).get("over")
    if not over or over["attacks"] != game.state["turn"]:
        raise IllegalActionError(f"{plane} is not over the table this turn")
    if L.side(game, uid) == L.side(game, plane) or L.status(game, uid).get("fired_aa"):
        raise IllegalActionError(f"{uid} cannot fire at {plane}")
    weapon = aa_kind(game, uid)
    reach, dice = T.AA_WEAPONS[weapon].value
    yd = math.dist(L.pos(game, uid), over["point"]) * T.YARDS_PER_INCH
    in_zone = yd <= T.CD_DIAMETER.value / 2 * T.YARDS_PER_INCH
    if not in_zone and (not L.attr(game, uid, "aa") or yd > reach):
        raise IllegalActionError(f"{uid} is {yd:.0f} yd from the sortie: not in the zone and not an AA unit in range ({reach:g} yd)")
    roller = game.roller()
    hit = aa_roll(Play(roller), dice)
    changes = [(("rng", "counter"), roller.counter), (("units", uid, "status", "fired_aa"), True)]
    if hit:
        changes.append((("units", plane, "status", "aborted"), True))
    return game.record("AA fire", changes, by=(uid,), text=f"{uid} ({weapon}, {dice} dice) fires at {plane}: {'hit, it will not attack' if hit else 'miss'}",
                       rolls=tuple(roller.log), detail={"rule": "6.4", "outcome": hit, "modifiers": [],
                                                        "odds": exact(aa_roll, dice).describe()})


def sortie_class(game: Game, plane: str) -> tuple[str, str]:
    """(FP class, pattern) for the sortie's kind of attack."""
    kind = L.attr(game, plane, "sortie", "strafing")
    if kind == "bombs":
        return T.BOMB_FP.value, L.attr(game, plane, "pattern", "spread")
    pat = "converged" if kind == "rockets" else "spread"
    return T.AIR_FP[kind].value, pat


def resolve_attack(game: Game, plane: str):
    """The sortie attacks its impact zone (unless AA hit it) and leaves play."""
    over = L.status(game, plane).get("over")
    if not over or over["attacks"] != game.state["turn"]:
        raise IllegalActionError(f"{plane} does not attack this turn")
    changes: list = [(("units", plane, "status", "destroyed"), True), (("units", plane, "status", "over"), None)]
    if L.status(game, plane).get("aborted"):
        return game.record("air attack", changes, f"{plane} was hit and breaks off", detail={"rule": "6.4"})
    cls, pat = sortie_class(game, plane)
    roller = game.roller()
    chance = Play(roller)
    lines, spared = [], []
    for target in B.zone(game, tuple(over["point"]), pat):
        if L.side(game, target) == L.side(game, plane):
            spared.append(target)
            continue
        dice = T.INDIRECT_DICE[cls].value + T.INDIRECT_ARMOUR_DICE[L.armour(game, target)].value
        faces, star = T.INDIRECT_HIT[L.tpd(game, target)][cls].value
        reroll, zero = D.damage_kind(game, target)
        more, words = D.apply(game, target, *D.kill_roll(chance, dice, faces, star, reroll, zero))
        changes += more
        lines.append(words)
    return game.record("air attack", [(("rng", "counter"), roller.counter)] + changes, by=(plane,),
                       text=f"{plane} attacks ({cls}, {pat}): " + ("; ".join(lines) or _no_target(spared)),
                       rolls=tuple(roller.log), detail={"rule": "6.2-6.3", "outcome": lines, "modifiers": []})


def _no_target(spared: list[str]) -> str:
    """Why a sortie's attack hit nobody: an empty zone, or only its own side's units in it (for a
    converged attack, the one unit nearest the centre)."""
    return f"no enemy in the zone, only its own {', '.join(spared)}" if spared else "nobody in the zone"


# -- paratroops (1.8) -------------------------------------------------------------------------------
def scatter(chance, night: bool) -> tuple[float, float]:
    """One stick's landing offset from the CD centre: the die's face times a step, in a d12 direction."""
    step = T.PARA_SCATTER["night" if night else "day"].value
    face = chance.face(D10 if night else D6, "scatter")
    bearing = (chance.face(D12, "direction") - 1) * 30.0
    return round(face * step, 2), bearing


def scatter_odds(night: bool):
    """The distance a stick lands from the centre, exactly (direction is uniform)."""
    return exact(lambda c: scatter(c, night)[0])


def resolve_drop(game: Game, units: list[str], centre: tuple[float, float], night: bool = False, glider: bool = False):
    """Paratroop drop on a 4\" CD: each unit scatters (d6 by day, d10 at night); gliders land on the CD."""
    roller = game.roller()
    chance = Play(roller)
    changes: list = []
    lines = []
    t = game.scenario.table
    for u in units:
        dist, bearing = (0.0, 0.0) if glider else scatter(chance, night)
        x, y = offset(centre, bearing, dist) if dist else centre
        x, y = min(max(x, 0.0), t.width), min(max(y, 0.0), t.depth)
        changes.append((("pieces", L.piece(game, u), "position"), [round(x, 2), round(y, 2)]))
        lines.append(f"{u} lands {dist:g}\" off" + ("" if not dist else f" on bearing {bearing:g}"))
    inside = sum(1 for u, (_, v) in zip(units, changes) if Point(v).distance(Point(centre)) <= T.PARA_CD.value / 2)
    return game.record("drop", [(("rng", "counter"), roller.counter)] + changes,
                       f"{'glider landing' if glider else ('night' if night else 'day') + ' drop'}: " + "; ".join(lines)
                       + f" ({inside} of {len(units)} on the CD)", rolls=tuple(roller.log),
                       detail={"rule": "1.8", "outcome": lines, "modifiers": [],
                               "odds": [] if glider else scatter_odds(night).describe("inches")})
