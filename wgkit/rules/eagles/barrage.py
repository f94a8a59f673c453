"""Eagles, Crowns and Oak Leaves: In-Direct Barrage Fire (3.1-3.8) — written orders, time lapse,
the error chart and direction roll, the 4\" CD damage zone, spread and converged patterns, the
chance-to-hit charts, naval guns and counter-battery fire."""

from __future__ import annotations

import math

from shapely.geometry import Point

from wgkit.dice import D10_ZERO
from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play, exact
from wgkit.rules.eagles import damage as D
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import tables as T


def guns(game: Game, uid: str) -> int:
    return 4 if L.attr(game, uid, "naval") else int(L.attr(game, uid, "guns", 4))


def calibre(game: Game, uid: str) -> float:
    return 175.0 if L.attr(game, uid, "naval") else float(L.attr(game, uid, "calibre_mm", 105))


def pattern(game: Game, uid: str, asked: str | None = None) -> str:
    """3.6/3.8: rockets, naval guns and batteries under four guns fire spread; over six guns by
    the scenario's setting (default spread); otherwise as ordered."""
    if L.attr(game, uid, "rockets") or L.attr(game, uid, "naval") or guns(game, uid) < 4:
        return "spread"
    if guns(game, uid) > 6:
        return "converged" if game.scenario.rules.get("big_battery") == "converged" else "spread"
    return asked or L.attr(game, uid, "pattern", "spread")


def fp_class(game: Game, uid: str, pat: str) -> str:
    """3.6: the chart by pattern, guns and calibre; over six guns use the converged chart."""
    n = guns(game, uid)
    chart = "converged" if n > 6 else pat
    size = "four" if n < 6 else "six"
    band = next(i for i, (limit, _) in enumerate(T.CALIBRES) if calibre(game, uid) <= limit)
    return T.BARRAGE_CLASS[chart][size][band].value


def lapse(game: Game, uid: str) -> int:
    """3.2: the turns from a new fire mission to its impact, by nationality."""
    return T.TIME_LAPSE[L.nationality(game, uid)].value


def battery_point(game: Game, uid: str) -> tuple[float, float]:
    """Where the guns are: on the table, or 1000 yd (naval 5000 yd) behind their own edge."""
    if not L.off_table(game, uid):
        return L.pos(game, uid)
    x, y = L.pos(game, uid)
    back = (T.NAVAL_YD if L.attr(game, uid, "naval") else T.OFF_BOARD_YD).value / T.YARDS_PER_INCH
    edge = 0.0 if y < game.scenario.table.depth / 2 else game.scenario.table.depth
    return x, edge - back if edge == 0 else edge + back


def error_roll(chance, modifier: int = 0, hex_map: bool = False) -> tuple[int, str]:
    """3.3: a d10 for yards (or hexes) off, plus the advanced modifier; a second d10 for direction."""
    face = min(9, max(0, chance.face(D10_ZERO, "error") + modifier))
    off = (T.ERROR_HEX if hex_map else T.ERROR_YD)[face].value
    return off, T.DIRECTION[chance.face(D10_ZERO, "direction")].value


def error_modifier(game: Game, uid: str, aim: tuple[float, float]) -> int:
    """3.3 Advanced: range and nationality (only with the scenario's ``rules.advanced``)."""
    if not game.scenario.rules.get("advanced"):
        return 0
    yd = math.dist(battery_point(game, uid), aim) * T.YARDS_PER_INCH
    band = sum(yd > b for b in T.ERROR_BANDS)
    return T.ERROR_MODS[L.nationality(game, uid)][band].value


def impact(game: Game, uid: str, aim: tuple[float, float], off: float, direction: str) -> tuple[float, float]:
    """Long and short run along the line from the battery; right and left across it."""
    if not off:
        return aim
    bx, by = battery_point(game, uid)
    dx, dy = aim[0] - bx, aim[1] - by
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    inches = off / T.YARDS_PER_INCH
    vx, vy = {"long": (ux, uy), "short": (-ux, -uy), "right": (uy, -ux), "left": (-uy, ux)}[direction]
    return aim[0] + vx * inches, aim[1] + vy * inches


def call(game: Game, uid: str, order: str, point: tuple[float, float] | None = None, reg: int | None = None,
         add: float = 0.0, right: float = 0.0, pat: str | None = None):
    """3.1-3.2: a written order — fire at a point or registration point (with a shift), repeat,
    shift (add/drop and right/left up to 800 yd), or cease fire. A new mission lands after the
    nationality's time lapse; repeats and shifts land next turn."""
    if L.kind(game, uid) != "artillery" and not L.attr(game, uid, "naval"):
        raise IllegalActionError(f"{uid} is not a battery")
    if L.status(game, uid).get("role") == "support":
        raise IllegalActionError(f"{uid} is assigned to direct support this turn")
    if L.status(game, uid).get("deploying") or L.status(game, uid).get("deployed") is False:
        raise IllegalActionError(f"{uid} is not deployed")
    missions = L.eg(game)["missions"]
    last = missions.get(uid)
    if order == "cease":
        return game.record("cease fire", [(("vars", "eg", "missions", uid), None)], f"{uid} ceases fire")
    if max(abs(add), abs(right)) > T.MAX_SHIFT_YD.value:
        raise IllegalActionError("a shift is at most 800 yards in each direction")
    if order == "fire":
        if reg is not None:
            points = game.scenario.rules.get("registration", {}).get(L.side(game, uid), [])  # at most 10: validated
            if not 0 <= reg < len(points):
                raise IllegalActionError(f"{L.side(game, uid)} has no registration point {reg + 1}")
            point = tuple(points[reg])
        if point is None:
            raise IllegalActionError("a fire order needs a point or a registration point")
        due = game.state["turn"] + lapse(game, uid)
    elif order in ("repeat", "shift"):
        if not last:
            raise IllegalActionError(f"{uid} has no earlier mission to {order}")
        point = tuple(last["aim"])
        due = game.state["turn"] + 1
    else:
        raise IllegalActionError(f"unknown order {order!r}: fire, repeat, shift or cease")
    if add or right:
        point = impact(game, uid, point, abs(add), "long" if add > 0 else "short") if add else point
        point = impact(game, uid, point, abs(right), "right" if right > 0 else "left") if right else point
    m = {"aim": [round(point[0], 2), round(point[1], 2)], "due": due, "pattern": pattern(game, uid, pat), "order": order}
    return game.record("call fire", [(("vars", "eg", "missions", uid), m)],
                       f"{uid}: {order} at ({m['aim'][0]:g}, {m['aim'][1]:g}), {m['pattern']}, lands turn {due}",
                       detail={"rule": "3.1 Artillery Requests", "order": order})


def zone(game: Game, at: tuple[float, float], pat: str) -> list[str]:
    """3.6: every unit under the 4\" CD (spread) or only the one nearest its centre (converged);
    on a hex map the impact hex and its six neighbours, or the hex alone."""
    t = game.scenario.table
    if t.grid is not None and t.grid.type == "hex":
        from wgkit.geometry.grids import grid_from_spec

        g = grid_from_spec(t.grid.to_dict(), t.width, t.depth)
        hit = g.cell_of(*at)
        cells = {hit} | (set(g.neighbours(hit)) if pat == "spread" else set())
        inside = [u for u in L.units(game) if g.cell_of(*L.pos(game, u)) in cells]
    else:
        disk = Point(at).buffer(T.CD_DIAMETER.value / 2)
        inside = [u for u in L.units(game) if disk.contains(Point(L.pos(game, u)))]
    if pat == "converged" and inside:
        return [min(inside, key=lambda u: (math.dist(L.pos(game, u), at), u))]
    return inside


def target_plan(game: Game, uid: str, target: str, cls: str) -> tuple[int, frozenset, bool, bool, bool]:
    """3.6-3.7: kill dice by the FP class (and the target's armour), hits by its TPD."""
    dice = T.INDIRECT_DICE[cls].value + T.INDIRECT_ARMOUR_DICE[L.armour(game, target)].value
    faces, star = T.INDIRECT_HIT[L.tpd(game, target)][cls].value
    reroll, zero = D.damage_kind(game, target)
    return max(0, dice), faces, star, reroll, zero


def resolve(game: Game, uid: str):
    """3.3-3.7: the error and direction rolls move the impact point; the zone's units take kill dice."""
    m = L.eg(game)["missions"].get(uid)
    if not m or m["due"] is None:
        raise IllegalActionError(f"{uid} has no fire mission waiting: order one in 'Adjust and call'")
    if m["due"] > game.state["turn"]:
        raise IllegalActionError(f"{uid}'s mission lands on turn {m['due']}")
    roller = game.roller()
    chance = Play(roller)
    aim = tuple(m["aim"])
    hex_map = game.scenario.table.grid is not None and game.scenario.table.grid.type == "hex"
    modifier = error_modifier(game, uid, aim)
    off, direction = error_roll(chance, modifier, hex_map)
    if hex_map:
        off *= game.scenario.table.grid.size * T.YARDS_PER_INCH
    at = impact(game, uid, aim, off, direction)
    cls = fp_class(game, uid, m["pattern"])
    changes: list = [(("vars", "eg", "missions", uid), {**m, "last": [round(at[0], 2), round(at[1], 2)], "due": None}),
                     (("vars", "eg", "impacts", uid), [round(at[0], 2), round(at[1], 2)]),
                     (("units", uid, "status", "fired"), True)]
    lines = []
    for target in zone(game, at, m["pattern"]):
        if target == uid:
            continue
        dice, faces, star, reroll, zero = target_plan(game, uid, target, cls)
        suppressed, impair = D.kill_roll(chance, dice, faces, star, reroll, zero)
        more, words = D.apply(game, target, suppressed, impair)
        changes += more
        lines.append(words)
    where = "on target" if not off else f"{off:g} yd {direction}"
    return game.record("barrage", [(("rng", "counter"), roller.counter)] + changes,
                       f"{uid} ({m['pattern']}, {cls}) lands {where}: " + ("; ".join(lines) or "nobody in the zone"),
                       rolls=tuple(roller.log),
                       detail={"rule": "3.3-3.7 Barrage", "outcome": lines, "impact": list(at), "class": cls,
                               "modifiers": [{"name": "range and nationality (advanced)", "value": modifier,
                                              "source": "rules 3.3 Advanced"}] if modifier else [],
                               "odds": drift_odds(hex_map, modifier).describe()})


def drift_odds(hex_map: bool = False, modifier: int = 0):
    """Where a round lands: (yards or hexes off, direction), exactly."""
    return exact(lambda c: error_roll(c, modifier, hex_map))


def counter_battery(game: Game, uid: str, target: str):
    """3.5: counter-battery fire at an off-board battery only suppresses it; naval guns are immune."""
    if not L.attr(game, target, "off_board") or L.attr(game, target, "naval"):
        raise IllegalActionError(f"{target} is not an off-board battery open to counter-battery fire")
    return game.record("counter-battery", [(("units", target, "status", "suppressed"), True),
                                           (("units", uid, "status", "fired"), True)],
                       f"{uid} fires counter-battery at {target}: suppressed", detail={"rule": "3.5"})


def gun_type(game: Game, uid: str) -> str:
    """3.9's rows: self-propelled, towed over or up to 100 mm, AT guns up to or over 51 mm."""
    mm = float(L.attr(game, uid, "calibre_mm", 75))
    if L.attr(game, uid, "self_propelled"):
        return "spg"
    if L.kind(game, uid) == "at_gun":
        return "at_up_to_51" if mm <= 51 else "at_over_52"
    return "towed_over_100" if mm > 100 else "towed_up_to_99"


def resolve_deploy(game: Game, uid: str):
    """3.9 (optional): an on-board gun breaks down or sets up over the table's turns; the turn it
    begins and the turn it completes it can neither fire nor move."""
    st = L.status(game, uid)
    if L.kind(game, uid) not in ("artillery", "at_gun") or L.off_table(game, uid):
        raise IllegalActionError(f"{uid} is not an on-board gun")
    if st.get("deploying"):
        raise IllegalActionError(f"{uid} is already changing deployment")
    breakdown, setup = T.SETUP_TURNS[gun_type(game, uid)].value
    to, n = ("packed", breakdown) if st.get("deployed") else ("deployed", setup)
    ready = game.state["turn"] + n - 1
    return game.record("deploy", [(("units", uid, "status", "deploying"), {"to": to, "ready": ready}),
                                  (("units", uid, "status", "fired"), True), (("units", uid, "status", "moved"), True)],
                       f"{uid} begins to {'break down' if to == 'packed' else 'set up'}: ready after turn {ready}",
                       detail={"rule": "3.9"})


def assign(game: Game, uid: str, role: str):
    """Phase A: each battery fires barrage or gives direct support this turn."""
    if role not in ("barrage", "support"):
        raise IllegalActionError("a battery is assigned to barrage or support")
    if L.status(game, uid).get("role") == role:  # the role lasts the turn (flow.PER_TURN): nothing to record
        raise IllegalActionError(f"{uid} is already assigned to {role} this turn")
    return game.record("assign", [(("units", uid, "status", "role"), role)], f"{uid} assigned to {role}")
