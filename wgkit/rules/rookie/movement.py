"""Rookie Rules: Movement per function at speed classes A, B and C; roads; penalties; barbed
wire; command radius; breakdown and immobilisation; over run and mines during a move (Terrain
and Penalty Effects on Movement; Breakdown and Immobilization; Over Run; Mines)."""

from __future__ import annotations

import math

from shapely.geometry import LineString, Point

from wgkit.dice import D10_ZERO
from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.measure import within_allowance
from wgkit.odds import Play, exact
from wgkit.facts.registry import find_ruleset
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import tables as T
from wgkit.rules.rookie.flow import spend

CLASSES = ("A", "B", "C")


def mover(game: Game, uid: str) -> str:
    """Which speed table: infantry, crew (heavy weapons), tracked or wheeled."""
    if L.kind(game, uid) == "vehicle":
        return "tracked" if L.attr(game, uid, "tracked", True) else "wheeled"
    return "crew" if L.kind(game, uid) in L.WEAPONS else "infantry"


def terrain_on(game: Game, a, b) -> list:
    return game.terrain.crossed(a, b)


def speed(game: Game, uid: str, to: tuple[float, float]) -> tuple[float, list[str]]:
    """Inches one function carries the unit towards ``to``, and every reason. 0 means it cannot move."""
    rules = find_ruleset("rookie")
    here = L.pos(game, uid)
    areas = terrain_on(game, here, to)
    effects = [rules.terrain.get(f"{a.type}/{a.variant}", rules.terrain[a.type]) for a in areas]
    infantry = mover(game, uid) in ("infantry", "crew")
    why = []
    road_areas = [a for a, e in zip(areas, effects) if e.movement == "road"]
    on_road = bool(road_areas) and LineString([here, to]).within(
        road_areas[0].geometry.buffer(0.01)) if here != to else False
    classes = [e.movement for e in effects if e.movement in CLASSES]
    level = max((CLASSES.index(c) for c in classes), default=0)
    why.append(f"terrain class {CLASSES[level]}" + (f" ({', '.join(sorted({a.id for a in areas if a.type != 'road'}))})" if classes else " (open)"))
    wire = any(e.movement == "wire" for e in effects)
    if wire and infantry:
        return 0.0, why + ["barbed wire stops infantry for the phase"]
    if wire:
        level += 1
        why.append("barbed wire: one class slower")
    m = L.marker(game, uid)
    if m == "suppressed":
        return 0.0, why + ["suppressed units do not move"]
    if m in ("disrupted", "pinned"):
        level += 1 if m == "disrupted" else 2
        why.append(f"{m}: {'one class' if m == 'disrupted' else 'two classes'} slower")
    if not L.in_command(game, uid):
        level += T.OUT_OF_COMMAND_CLASSES.value
        why.append(f"out of command radius: one class slower ({T.OUT_OF_COMMAND_CLASSES.label()})")
    if L.status(game, uid).get("immobile"):
        return 0.0, why + ["immobilised"]
    if L.kind(game, uid) in L.HEAVY and L.status(game, uid).get("deployed"):
        return 0.0, why + ["set up: take it down first (four functions)"]
    if level > 2:
        return 0.0, why + ["slower than class C: cannot move"]
    inches = T.SPEEDS[mover(game, uid)][CLASSES[level]].value
    if on_road and level <= 1 and not classes:
        inches *= T.ROAD_FACTOR.value
        why.append("on the road: double")
    return inches, why + [f"{inches:g}\" this function"]


def breakdown(chance, need: int) -> bool:
    """Breakdown and Immobilization: a d10 of 1 or 2 (a 1 for special tanks in mud) immobilises."""
    return 1 <= chance.face(D10_ZERO, "breakdown") <= need


def resolve_move(game: Game, uid: str, to: tuple[float, float]):
    """One function of movement to ``to``; vehicles risk a breakdown in marked terrain (once in each
    phase they travel there, Breakdown and Immobilization), over run
    enemy stands in their path, and anything entering a minefield is attacked on the 16-20 column.
    An enemy tank ending within 8\" of a non-armoured unit makes it test morale."""
    inches, why = speed(game, uid, to)
    if inches <= 0:
        raise IllegalActionError(f"{uid} cannot move: {why[-1]}")
    dist = math.dist(L.pos(game, uid), to)
    if not within_allowance(dist, inches):
        raise IllegalActionError(f"{uid} may move {inches:g}\" with one function ({'; '.join(why[:-1])}); that is {dist:.1f}\"")
    changes = spend(game, uid)
    roller = game.roller()
    chance = Play(roller)
    lines: list[str] = []
    here = L.pos(game, uid)
    areas = terrain_on(game, here, to)
    stop = to
    phase = [game.state["turn"], game.state["phase"], game.state["step"]]
    if L.kind(game, uid) == "vehicle" and any(a.type in T.BREAKDOWN_TERRAIN.value for a in areas) \
            and L.status(game, uid).get("breakdown_rolled") != phase:  # "each and every phase", not each move
        changes.append((("units", uid, "status", "breakdown_rolled"), phase))
        mud = any(a.type == "mud" for a in areas)
        rubble = any(a.type == "rough" for a in areas)
        need = T.BREAKDOWN_SPECIAL.value if (mud and L.attr(game, uid, "special_tank")) or rubble else T.BREAKDOWN.value
        if breakdown(chance, need):
            changes.append((("units", uid, "status", "immobile"), "mud" if mud else "for good"))
            lines.append(f"{uid} breaks down and is immobilised" + (" in the mud" if mud else " for the rest of the game"))
    changes.append((("pieces", L.piece(game, uid), "position"), [round(stop[0], 2), round(stop[1], 2)]))
    path = LineString([here, stop])
    if L.kind(game, uid) == "vehicle":
        for e in L.enemies(game, uid):
            if not L.is_armoured(game, e) and path.distance(Point(L.pos(game, e))) <= T.STAND.value:
                lines += F.attack(game, e, T.OVERRUN_COLUMN.value, "over run", chance, changes, F.cover_mods(game, e))
        for u in L.units(game):
            if L.side(game, u) != L.side(game, uid) and not L.is_armoured(game, u) and math.dist(stop, L.pos(game, u)) <= T.TANK_NEAR.value:
                F._must_test(game, u, changes)
    if any(a.type == "minefield" for a in areas) and not any(a.type == "minefield" for a in game.terrain.at(*here)):
        lines += F.attack(game, uid, T.MINE_COLUMN.value, "mines", chance, changes)
    return game.record("move", [(("rng", "counter"), roller.counter)] + changes,
                       f"{uid} moves {dist:.1f}\" to ({stop[0]:.1f}, {stop[1]:.1f})" + (f"; {'; '.join(lines)}" if lines else ""),
                       rolls=tuple(roller.log), detail={"rule": "Movement", "outcome": lines, "modifiers": [],
                                                        "notes": why})


def unstick(chance, need: int) -> bool:
    """Breakdown: a d10 at or under the need frees a tank from mud."""
    return 1 <= chance.face(D10_ZERO, "free from the mud") <= need


def resolve_unstick(game: Game, uid: str):
    """One function to break free of mud: 1-3 for special tanks, 1-4 for others (house reading of
    the garbled text). Rubble and other breakdowns are for good."""
    if L.status(game, uid).get("immobile") != "mud":
        raise IllegalActionError(f"{uid} is not stuck in mud")
    changes = spend(game, uid)
    need = T.MUD_FREE["special" if L.attr(game, uid, "special_tank") else "regular"].value
    roller = game.roller()
    free = unstick(Play(roller), need)
    if free:
        changes.append((("units", uid, "status", "immobile"), None))
    return game.record("unstick", [(("rng", "counter"), roller.counter)] + changes,
                       f"{uid} {'breaks free of' if free else 'stays stuck in'} the mud", rolls=tuple(roller.log),
                       detail={"rule": "Breakdown and Immobilization", "outcome": free, "modifiers": [],
                               "odds": exact(unstick, need).describe()})
