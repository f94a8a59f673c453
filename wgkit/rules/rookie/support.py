"""Rookie Rules: off-board artillery, aircraft, anti-aircraft fire and observation (Artillery;
Turn Over Aircraft; Anti-Aircraft Fire; Resolution of Air and Artillery Fire; Observation)."""

from __future__ import annotations

from typing import Callable

from shapely import affinity
from shapely.geometry import LineString, Point, box

from wgkit.dice import D00, D10_ZERO
from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.zones import offset
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import tables as T
from wgkit.rules.rookie.flow import spend


# -- templates and drift -------------------------------------------------------------------------
def template_shape(name: str, at: tuple[float, float], facing: float = 0.0):
    """A template's footprint centred on ``at`` (A is a sheaf oriented along ``facing``)."""
    t = T.TEMPLATES[name].value
    if t.shape == "circle":
        return Point(at).buffer(t.size[0])
    length, width = t.size
    return affinity.rotate(box(at[0] - width / 2, at[1] - length / 2, at[0] + width / 2, at[1] + length / 2),
                           -facing, origin=at)


def drift(chance) -> tuple[int, tuple[float, float]]:
    """A d10 (0-9): 1-4 on target; 5-0 drift (bearing, inches) by the house diagram."""
    face = chance.face(D10_ZERO, "drift")
    if 1 <= face <= T.DRIFT_ON_TARGET.value:
        return face, (0.0, 0.0)
    return face, T.DRIFT[face].value


def drift_odds():
    return exact(lambda c: drift(c)[1])


def _strike(game: Game, shape, template: str, why: str, chance, changes: list,
            mods_for: Callable[[str], list[Modifier]], applied: list[dict]) -> list[str]:
    """Every unit whose stand lies under the template is attacked on the template's column,
    shifted by ``mods_for(unit)`` (recorded in ``applied``), and must test."""
    lines = []
    for u in L.units(game):
        if L.kind(game, u) == "aircraft" or not shape.intersects(Point(L.pos(game, u)).buffer(0.5)):
            continue
        mods = mods_for(u)
        applied += [dict(m.to_dict(), name=f"{u}: {m.name}") for m in mods]
        lines += F.attack(game, u, T.TEMPLATES[template].value.column, why, chance, changes, mods)
        if L.alive(game, u):
            F._must_test(game, u, changes)
    return lines or ["nobody under the template"]


# -- off-board artillery -----------------------------------------------------------------------------
def has_battery(game: Game, side: str) -> bool:
    """Artillery: the scenario gives ``side`` off-board guns; an empty entry is a battery on the
    defaults (heavy templates, no mission limit)."""
    return game.scenario.rules.get("artillery", {}).get(side) is not None


def battery(game: Game, side: str) -> dict:
    if not has_battery(game, side):
        raise IllegalActionError(f"{side} has no off-board artillery in this scenario")
    return game.scenario.rules["artillery"][side]


def resolve_plot(game: Game, side: str, point: tuple[float, float], template: str, facing: float = 0.0):
    """Artillery: before the turn, write down the impact point (two measurements) and the template
    (heavy guns choose A or B and orient it now)."""
    guns = battery(game, side)
    allowed = tuple(guns.get("templates", T.HEAVY_TEMPLATES.value))
    if template not in allowed:
        raise IllegalActionError(f"{side}'s guns use template {' or '.join(allowed)}")
    used = L.rk(game)["missions"].get(side, {}).get("fired", 0)
    if guns.get("missions") is not None and used >= int(guns["missions"]):  # no number given: no limit
        raise IllegalActionError(f"{side} has fired all its missions")
    x, y = point
    t = game.scenario.table
    if not (0 <= x <= t.width and 0 <= y <= t.depth):
        raise IllegalActionError(f"({x:g}, {y:g}) is off the table")
    plot = {"point": [x, y], "template": template, "facing": float(facing), "fired": used}
    return game.record("plot", [(("vars", "rk", "missions", side), plot)],
                       f"{side} plots template {template} at {x:g}\" along, {y:g}\" across", detail={"rule": "Artillery"})


def resolve_artillery(game: Game, side: str):
    """Between the sequences: dice the impact point, move the template there, attack everyone under it."""
    m = L.rk(game)["missions"].get(side)
    if not m or "point" not in m:
        raise IllegalActionError(f"{side} has plotted no fire this turn")
    roller = game.roller()
    chance = Play(roller)
    face, (bearing, inches) = drift(chance)
    at = offset(tuple(m["point"]), bearing, inches) if inches else tuple(m["point"])
    changes: list = [(("vars", "rk", "missions", side), {"fired": m["fired"] + 1, "last": [round(at[0], 2), round(at[1], 2)],
                                                         "template": m["template"], "facing": m["facing"]})]
    applied: list[dict] = []
    lines = _strike(game, template_shape(m["template"], at, m["facing"]), m["template"], "artillery", chance, changes,
                    lambda u: F.cover_mods(game, u), applied)
    where = "on target" if not inches else f"drifts {inches:g}\" on bearing {bearing:g}"
    return game.record("artillery", [(("rng", "counter"), roller.counter)] + changes,
                       f"{side}'s artillery ({face}: {where}): " + "; ".join(lines), rolls=tuple(roller.log),
                       detail={"rule": "Resolution of Air and Artillery Fire", "outcome": lines, "modifiers": applied,
                               "odds": drift_odds().describe()})


# -- aircraft ------------------------------------------------------------------------------------------
def air(game: Game, side: str) -> dict:
    return L.rk(game)["aircraft"].get(side) or {"on_table": 0, "path": None, "damaged": False}


def arrival(chance, pct: int) -> bool:
    """Turn Over Aircraft: the d00 at or under ``pct`` (one check: two branches for the odds, not 100)."""
    return chance.check(D00, range(1, int(pct) + 1), f"aircraft arrival ({pct}%)")


def resolve_arrival(game: Game, side: str):
    """Turn Over Aircraft: 35%, 10% more each turn until one comes (then back to 35%); aircraft of
    both sides on the table fight each other off in pairs."""
    if not game.scenario.rules.get("aircraft", {}).get(side):
        raise IllegalActionError(f"{side} has no aircraft in this scenario")
    if any(e.kind == "air arrival" and e.detail.get("side") == side and e.detail.get("turn") == game.state["turn"]
           for e in game.log):
        raise IllegalActionError(f"{side} has already diced for aircraft this turn")
    pct = L.rk(game)["air_chance"].get(side, T.AIR_ARRIVAL["base"].value)
    roller = game.roller()
    came = arrival(Play(roller), pct)
    a = dict(air(game, side))
    changes: list = []
    if came:
        a["on_table"] += 1
        changes.append((("vars", "rk", "air_chance", side), T.AIR_ARRIVAL["base"].value))
    else:
        changes.append((("vars", "rk", "air_chance", side), pct + T.AIR_ARRIVAL["step"].value))
    text = f"{side}: aircraft {'arrives' if came else 'does not come'} ({pct}%)"
    others = [s for s in game.state["sides"] if s != side and air(game, s)["on_table"]]
    if came and others:
        o = dict(air(game, others[0]))
        pairs = min(a["on_table"], o["on_table"])
        a["on_table"] -= pairs
        o["on_table"] -= pairs
        changes.append((("vars", "rk", "aircraft", others[0]), o))
        text += f"; {pairs} pair{'s go' if pairs > 1 else ' goes'} off dogfighting"
    changes.append((("vars", "rk", "aircraft", side), a))
    return game.record("air arrival", [(("rng", "counter"), roller.counter)] + changes, text, rolls=tuple(roller.log),
                       detail={"rule": "Turn Over Aircraft", "side": side, "turn": game.state["turn"],
                               "outcome": came, "modifiers": [], "odds": exact(arrival, pct).describe()})


def resolve_path(game: Game, side: str, start: tuple[float, float], end: tuple[float, float]):
    """A flight path string: it enters and leaves by opposite table edges."""
    if not air(game, side)["on_table"]:
        raise IllegalActionError(f"{side} has no aircraft over the table")
    t = game.scenario.table

    def edge(p):
        x, y, near = *p, T.PATH_EDGE.value
        return "W" if x <= near else "E" if x >= t.width - near else "S" if y <= near else "N" if y >= t.depth - near else None

    ends = {edge(start), edge(end)}
    if ends not in ({"W", "E"}, {"N", "S"}):
        raise IllegalActionError("a flight path enters and leaves by opposite table edges")
    a = {**air(game, side), "path": [list(start), list(end)]}
    return game.record("flight path", [(("vars", "rk", "aircraft", side), a)], f"{side}'s aircraft flies {start} -> {end}",
                       detail={"rule": "Turn Over Aircraft"})


def resolve_strike(game: Game, side: str, point: tuple[float, float]):
    """Aircraft: a target point within 12\" of the flight path; the drift roll; template D; units
    in cover are attacked as unobserved (two columns left, house)."""
    a = air(game, side)
    if not a["on_table"] or not a["path"]:
        raise IllegalActionError(f"{side} has no aircraft with a flight path")
    if LineString(a["path"]).distance(Point(point)) > T.AIR_REACH.value:
        raise IllegalActionError(f"{point} is more than 12\" from the flight path")
    roller = game.roller()
    chance = Play(roller)
    face, (bearing, inches) = drift(chance)
    at = offset(point, bearing, inches) if inches else point
    changes: list = [(("vars", "rk", "aircraft", side), {**a, "on_table": a["on_table"] - 1, "path": None})]
    extra = [Modifier.of("aircraft damaged", T.SHIFTS["aircraft damaged"])] if a.get("damaged") else []

    def mods_for(u: str) -> list[Modifier]:
        cover = ([Modifier.of("air attack on a target in cover", T.SHIFTS["air attack on a target in cover"])]
                 if L.cover_of(game, u) != "none" else [])
        return extra + cover

    applied: list[dict] = []
    lines = _strike(game, template_shape(T.AIR_TEMPLATE.value, at), T.AIR_TEMPLATE.value, "air attack", chance, changes,
                    mods_for, applied)
    return game.record("air strike", [(("rng", "counter"), roller.counter)] + changes,
                       f"{side}'s aircraft strikes ({'on target' if not inches else f'drifts {inches:g}'}): "
                       + "; ".join(lines), rolls=tuple(roller.log),
                       detail={"rule": "Aircraft", "outcome": lines, "modifiers": applied,
                               "odds": drift_odds().describe()})


def aa_chance(game: Game, uid: str) -> int:
    """Anti-Aircraft Fire: squads 5%; a heavy machine gun dedicated to air defence 20%, and a
    multi-barrelled mount 20% a barrel; anti-aircraft guns 50%.

    The text's "multi-barreled guns" follows its sentence on dedicated HMGs and is read as
    machine-gun mounts (a quad .50 has 80%); an AA gun has 50% whatever its barrels, so that no
    gun fires worse for having more barrels (a twin AA gun read at 20% a barrel would have 40%)."""
    weapons = set(game.scenario.unit(uid).pieces[0].weapons)
    if "aa_gun" in weapons:
        return T.AA_CHANCE["aa_gun"].value
    if L.kind(game, uid) == "hmg" and L.attr(game, uid, "anti_aircraft"):
        barrels = int(L.attr(game, uid, "barrels", 1))
        return min(100, T.AA_CHANCE["barrel"].value * barrels) if barrels > 1 else T.AA_CHANCE["hmg"].value
    return T.AA_CHANCE["squad"].value


def aa_roll(chance, pct: int) -> str:
    """A d00 at or under the chance hits; a hit rolls a d10 on the (house) result table."""
    if chance.face(D00, f"AA fire ({pct}%)") > pct:
        return "miss"
    face = chance.face(D10_ZERO, "AA result")
    return next(result for result, faces in T.AA_RESULT.items() if face in faces.value)


def resolve_aa(game: Game, uid: str, side: str):
    """One function of anti-aircraft fire at ``side``'s aircraft."""
    a = air(game, side)
    if not a["on_table"] or side == L.side(game, uid):
        raise IllegalActionError(f"no {side} aircraft to fire at")
    changes = spend(game, uid)
    pct = aa_chance(game, uid)
    roller = game.roller()
    result = aa_roll(Play(roller), pct)
    if result == "driven off":
        changes.append((("vars", "rk", "aircraft", side), {**a, "path": None}))
    elif result == "damaged":
        changes.append((("vars", "rk", "aircraft", side), {**a, "damaged": True}))
    elif result == "shot down":
        changes.append((("vars", "rk", "aircraft", side), {**a, "on_table": a["on_table"] - 1, "path": None}))
    return game.record("AA fire", [(("rng", "counter"), roller.counter)] + changes, by=(uid,), text=f"{uid} fires at {side}'s aircraft: {result}",
                       rolls=tuple(roller.log), detail={"rule": "Anti-Aircraft Fire", "outcome": result, "modifiers": [],
                                                        "odds": exact(aa_roll, pct).describe()})


# -- observation ----------------------------------------------------------------------------------------
def observe_chance(game: Game, uid: str, target: str, distance: float | None = None) -> tuple[int, int, list[Modifier]]:
    """Observation: the base chance by the target's terrain and the distance, and its modifiers."""
    dist = L.distance(game, uid, target) if distance is None else distance
    cover = L.cover_of(game, target)
    if cover not in T.OBSERVE_BASE:
        return 100, 100, []
    band = sum(dist > b for b in T.OBSERVE_BANDS)
    base = T.OBSERVE_BASE[cover][band].value
    mods = []
    if L.attr(game, target, "camouflaged"):
        mods.append(Modifier.of("camouflaged target", T.OBSERVE_MODS["camouflaged target"]))
    if L.attr(game, uid, "specialist"):
        mods.append(Modifier.of("specialist observers", T.OBSERVE_MODS["specialist observers"]))
    if L.attr(game, uid, "training") == "A":
        mods.append(Modifier.of("class A training", T.OBSERVE_MODS["class A training"]))
    return base, max(0, min(100, base + int(sum(m.value for m in mods)))), mods


def spot(chance, pct: int) -> bool:
    return chance.face(D00, f"observe ({pct}%)") <= pct


def resolve_observe(game: Game, uid: str, target: str):
    """One function per attempt: percentage dice at or under the chance reveal the unit."""
    p = game.state["pieces"][L.piece(game, target)]
    if not p.get("hidden"):
        raise IllegalActionError(f"{target} is not hidden")
    if not L.sees(game, uid, target):
        raise IllegalActionError(f"{uid} has no line of sight to where {target} is")
    changes = spend(game, uid)
    base, pct, mods = observe_chance(game, uid, target)
    roller = game.roller()
    found = pct >= 100 or spot(Play(roller), pct)
    if found:
        changes.append((("pieces", L.piece(game, target), "hidden"), False))
    return game.record("observe", [(("rng", "counter"), roller.counter)] + changes, by=(uid,),
                       text=f"{uid} looks for {target} ({pct}%): {'spotted' if found else 'nothing seen'}",
                       rolls=tuple(roller.log), detail={"rule": "Observation", "outcome": found, "base": base,
                                                        "modifiers": [m.to_dict() for m in mods],
                                                        "odds": exact(spot, pct).describe()})


