"""Reading Close Action facts from the game state: positions, stances, cover, leaders."""

from __future__ import annotations

import math

from shapely.geometry import LineString, Point

from wgkit.rules.units import pieces as unit_pieces
from wgkit.engine.game import Game, IllegalActionError
from wgkit.rules.close_action import tables as T

SUPPORT = tuple(k for k, v in T.FIRE_TABLE.items() if v.value.support)  # may not move after firing


def figure(game: Game, fid: str) -> dict:
    return game.piece(fid)


def alive_figures(game: Game, unit: str) -> list[str]:
    return [pid for pid in unit_pieces(game, unit) if game.state["pieces"][pid]["alive"]]


def unit_of(game: Game, unit: str) -> dict:
    u = game.state["units"].get(unit)
    if u is None:
        raise IllegalActionError(f"there is no unit {unit!r}")
    return u


def quality(game: Game, unit: str) -> str:
    return game.scenario.unit(unit).quality or "steady"


def stance(game: Game, fid: str) -> str:
    """A figure's stance: set by its last move; at the start, crouching unless the scenario says."""
    p = figure(game, fid)
    return p["status"].get("stance") or game.scenario.piece(fid).rules.get("stance", "crouching")


def cover(game: Game, fid: str, fire_from: tuple[float, float] | None = None) -> str:
    """The best cover ("none", "soft", "hard") for a figure: the terrain holding its head, and,
    seen from ``fire_from``, any wall or hedge the line of fire crosses just in front of it."""
    x, y = figure(game, fid)["position"]
    src = None if fire_from is None else tuple(fire_from)
    return game.terrain.remember(("close action cover", x, y, src, T.BEHIND.value),
                                 lambda: _cover(game, (x, y), src))


def _cover(game: Game, at: tuple[float, float], fire_from: tuple[float, float] | None) -> str:
    classes = {a.cover for a in game.terrain.at(*at)}
    if fire_from is not None:
        line = LineString([fire_from, at])
        me = Point(at)
        for area in game.terrain.crossed(fire_from, at):
            if area.linear and area.geometry.intersection(line).distance(me) <= T.BEHIND.value:
                classes.add(area.cover)
    return "hard" if "hard" in classes else "soft" if "soft" in classes else "none"


def weapon(game: Game, fid: str, direct: bool = True) -> str | None:
    """The figure's fire weapon: its first weapon that is not a grenade (or mortar if direct)
    and has not been lost (damaged or abandoned)."""
    lost = set(figure(game, fid)["status"].get("weapons_lost", ()))
    for w in game.scenario.piece(fid).weapons:
        if w == "grenade" or (direct and w == "mortar") or w in lost:
            continue
        return w
    return None


def is_officer(game: Game, fid: str) -> bool:
    """An officer by his own role or his unit's kind: fixed by the scenario, so worked out once."""
    kept = game.scenario.__dict__.setdefault("_close_action_officers", {})
    if fid not in kept:
        unit = figure(game, fid)["unit"]
        kept[fid] = game.scenario.piece(fid).role == "officer" or game.scenario.unit(unit).kind == "officer"
    return kept[fid]


def officers(game: Game, side: str) -> list[str]:
    """The side's live officers. Who is an officer is the scenario's to say (no rule moves a
    figure to another unit), so the list is found once per scenario and side."""
    pieces = game.state["pieces"]
    kept = game.scenario.__dict__.setdefault("_close_action_side_officers", {})
    if side not in kept:
        kept[side] = [pid for pid, p in pieces.items() if p["side"] == side and is_officer(game, pid)]
    return [pid for pid in kept[side] if pieces[pid]["alive"]]


def leader_of(game: Game, unit: str) -> str | None:
    return game.scenario.unit(unit).leader


def distance(game: Game, a: str, b: str) -> float:
    return math.dist(figure(game, a)["position"], figure(game, b)["position"])


def nearest_enemy(game: Game, fid: str) -> tuple[float, float] | None:
    """Where the closest live enemy figure stands: the direction a wall must face to cover
    a man for morale (house: the text says only "in hard cover")."""
    me = figure(game, fid)
    foes = [p["position"] for p in game.state["pieces"].values() if p["side"] != me["side"] and p["alive"]]
    return min(foes, key=lambda q: math.dist(q, me["position"])) if foes else None


def officer_near(game: Game, unit: str, reach: float = T.OFFICER_NEAR.value) -> str | None:
    """An officer of the unit's side within ``reach`` of any figure of the unit."""
    side = unit_of(game, unit)["side"]
    for off in officers(game, side):
        if any(distance(game, off, f) <= reach for f in alive_figures(game, unit) if f != off):
            return off
    return None



def fighting(game: Game, piece: str) -> bool:
    """A man who counts for victory conditions: alive, his unit neither cowering nor routed (§ Morale)."""
    p = game.state["pieces"][piece]
    return p["alive"] and unit_of(game, p["unit"])["status"].get("morale", "ok") == "ok"
