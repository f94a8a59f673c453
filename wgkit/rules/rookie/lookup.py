"""Rookie Rules: units on the table — strength, firing factors, markers, leaders and command
radius, line of sight (Firing the Unit; Suggested Firing Values; Leadership; Command Radius;
Line of Sight)."""

from __future__ import annotations

import math

from wgkit.engine.game import Game
from wgkit.rules.units import attr, kind, side, status  # noqa: F401 (re-exported for the rules modules)
from wgkit.rules.units import pieces as unit_pieces
from wgkit.geometry.los import LosPolicy, clear_sight, line_of_sight
from wgkit.rules.rookie import tables as T

LOS = LosPolicy(see_into=1000.0)  # fire into cover, never through it (Line of Sight)
WEAPONS = {"hmg", "mortar", "heavy_mortar", "gun"}
HEAVY = {"heavy_mortar", "gun"}


def rk(game: Game) -> dict:
    return game.state["vars"]["rk"]


def alive(game: Game, uid: str) -> bool:
    return not status(game, uid).get("gone")


def piece(game: Game, uid: str) -> str:
    return unit_pieces(game, uid)[0]


def pos(game: Game, uid: str) -> tuple[float, float]:
    x, y = game.state["pieces"][piece(game, uid)]["position"]
    return float(x), float(y)


def distance(game: Game, a: str, b: str) -> float:
    return math.dist(pos(game, a), pos(game, b))


def marker(game: Game, uid: str) -> str | None:
    return status(game, uid).get("marker")


def nationality(game: Game, uid: str) -> str:
    return game.scenario.side(side(game, uid)).nationality or "default"


def per_man(game: Game, uid: str) -> int:
    return T.FF_PER_MAN.get(nationality(game, uid), T.FF_PER_MAN["default"]).value


def full_men(game: Game, uid: str) -> int:
    """Men at full strength: the unit's ``men``, its ``ff`` over the factor a man, or the squad size."""
    if attr(game, uid, "men"):
        return int(attr(game, uid, "men"))
    if kind(game, uid) == "squad" and attr(game, uid, "ff"):
        return max(1, int(attr(game, uid, "ff")) // per_man(game, uid))
    if kind(game, uid) in ("leader", "sniper", "vehicle", "bunker", "aircraft"):
        return 1
    if kind(game, uid) in WEAPONS:
        return 3
    return T.SQUAD_MEN.get(nationality(game, uid), T.SQUAD_MEN["default"]).value


def men(game: Game, uid: str) -> int:
    return full_men(game, uid) - int(status(game, uid).get("casualties", 0))


def ff(game: Game, uid: str) -> int:
    """Current firing factor: a squad loses a man's factor for each casualty; a weapon keeps its
    factor while it has crew (Suggested Firing Values)."""
    base = attr(game, uid, "ff")
    if kind(game, uid) == "squad":
        start = int(base) if base else full_men(game, uid) * per_man(game, uid)
        return max(0, start - per_man(game, uid) * int(status(game, uid).get("casualties", 0)))
    if base:
        return int(base)
    weapon = next((w for w in game.scenario.unit(uid).pieces[0].weapons if w in T.WEAPON_FF), kind(game, uid))
    return T.WEAPON_FF[weapon].value if weapon in T.WEAPON_FF else per_man(game, uid)


def is_leader(game: Game, uid: str) -> bool:
    return kind(game, uid) == "leader"


def is_armoured(game: Game, uid: str) -> bool:
    return kind(game, uid) in ("vehicle", "bunker") or attr(game, uid, "armour_class") is not None


def units(game: Game, side_id: str | None = None) -> list[str]:
    return sorted(u for u in game.state["units"] if alive(game, u) and (side_id is None or side(game, u) == side_id))


def waiting(game: Game, side_id: str) -> list[str]:
    """The side's units a card of its colour may still activate: alive, not yet acted this turn,
    not aircraft (which fly by the air rules)."""
    return [u for u in units(game, side_id) if not status(game, u).get("acted") and kind(game, u) != "aircraft"]


def card_unplayed(game: Game) -> bool:
    """A card is out for the side to act on and neither played nor passed, with a unit still waiting."""
    r = rk(game)
    return r["card"] is not None and r["unit"] is None and bool(waiting(game, game.state["active"]))


def enemies(game: Game, uid: str) -> list[str]:
    return [u for u in units(game) if side(game, u) != side(game, uid)]


def sees(game: Game, a: str, b: str) -> bool:
    """Line of Sight: hills and any class of cover block; a unit may be seen in cover, not through it."""
    return clear_sight(game.terrain, pos(game, a), pos(game, b), LOS)


def why_not(game: Game, a: str, b: str) -> str:
    s = line_of_sight(game.terrain, pos(game, a), pos(game, b), LOS)
    return ", ".join(c.feature for c in s.crossings if c.blocks) if not s.clear else ""


def cover_of(game: Game, uid: str) -> str:
    """The best cover class at the unit's position (none, light, woods, buildings, entrenched, bunker)."""
    order = ("none", "light", "woods", "buildings", "entrenched", "bunker")
    here = [a.cover for a in game.terrain.at(*pos(game, uid)) if not a.linear] or ["none"]
    return max(here, key=lambda c: order.index(c) if c in order else 0)


def radius(game: Game, leader: str) -> float:
    """Command Radius: 12", 8" disrupted, 4" pinned, 0 suppressed."""
    return T.COMMAND_RADIUS[marker(game, leader)].value


def in_command(game: Game, uid: str) -> bool:
    """Within a friendly leader's current radius and in its sight (leaders command themselves)."""
    if is_leader(game, uid):
        return True
    return any(distance(game, uid, lead) <= radius(game, lead) and sees(game, lead, uid)
               for lead in units(game, side(game, uid)) if is_leader(game, lead))


def attached_leaders(game: Game, uid: str) -> list[str]:
    return [u for u in units(game, side(game, uid)) if is_leader(game, u) and u != uid
            and distance(game, u, uid) <= T.ATTACHED.value]


def unattached(game: Game, uid: str) -> bool:
    """A leader not touching any friendly unit."""
    return is_leader(game, uid) and not any(distance(game, uid, u) <= T.ATTACHED.value
                                            for u in units(game, side(game, uid)) if u != uid and not is_leader(game, u))


def fighting(game: Game, piece: str) -> bool:
    """A stand that still counts as a fighting unit: alive, its unit neither pinned nor
    suppressed (Penalty Markers: pinned units cannot move from class B ground, suppressed ones
    neither move nor fire); a disrupted unit still fights."""
    p = game.state["pieces"][piece]
    return p["alive"] and alive(game, p["unit"]) and marker(game, p["unit"]) not in ("pinned", "suppressed")


def strength(game: Game, piece: str) -> float:
    """What is left of a stand's fighting power (for the kit's opponent, not a rule): its men
    over its men at full strength, times 1 / (1 + the removals that would let it fight again):
    each removal lifts a marker one colour (Penalty Markers), so a pinned unit is one removal from
    fighting (1/2) and a suppressed one two (1/3); a disrupted unit fights (1)."""
    p = game.state["pieces"][piece]
    uid = p["unit"]
    if not p["alive"] or not alive(game, uid):
        return 0.0
    return strength_left(men(game, uid), full_men(game, uid), marker(game, uid))


def strength_left(men: int, full: int, marker: str | None) -> float:
    """:func:`strength` of a unit of ``men`` left of ``full`` under ``marker``."""
    removals = T.MARKERS.index(marker) if marker in ("pinned", "suppressed") else 0
    return max(0, men) / max(1, full) / (1 + removals)
