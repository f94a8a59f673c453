"""Company Fire: Movement, the Movement Test, Fall Back, Moving on a Fire Card, Vehicle Movement,
Occupying Bocage, buttoning up, dismounting, and passing through mines (Mines, beta)."""

from __future__ import annotations

from collections import deque

from wgkit.dice import D6
from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.gridlos import edge_key
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import tables as T
from wgkit.rules.company_fire.effects import Effects
from wgkit.facts.company_fire import over_limit


def card_kind(game: Game) -> str:
    """The current card: move, fire or any (a face card)."""
    return L.cf(game)["kind"]


def may_act(game: Game, uid: str, doing: str) -> None:
    """Each unit acts once per card; on a face card it may move and fire in either order, except
    weapon teams (and tanks with the main gun), which may not move and fire on the same card."""
    st = L.status(game, uid)
    if not L.alive(game, uid):
        raise IllegalActionError(f"{uid} is out of action")
    if st.get("spent"):
        raise IllegalActionError(f"{uid} failed its rally and can do nothing more this card")
    other = "fired" if doing == "moved" else "moved"
    both = card_kind(game) == "any" and L.role(game, uid) != "team"
    if st.get(doing) or (st.get(other) and not both):
        raise IllegalActionError(f"{uid} has already acted on this card")


def movement_test_mods(game: Game, uid: str, dest: L.Cell) -> tuple[int, list[Modifier]]:
    """Movement Test: 4+ into cover, 5+ into the open; veteran +1, green -1; platoon leader +1 or
    company commander +2 in the starting square; -1 if an enemy who may op fire sees the destination."""
    need = T.MOVE_TEST_NEED["cover" if L.cover(game, dest) else "open"].value
    mods: list[Modifier] = []
    q = L.quality(game, uid)
    if q in ("veteran", "green"):
        mods.append(Modifier.of(q, T.MOVE_TEST_MODS[q]))
    lead = L.leader_with(game, uid)
    if lead and L.kind(game, uid) not in L.LEADERS:
        name = lead.replace("_", " ") + " in the square"
        mods.append(Modifier.of(name, T.MOVE_TEST_MODS[name]))
    if L.in_enemy_los(game, uid, dest, able="opfire"):
        name = "destination in LOS of an enemy who can op fire"
        mods.append(Modifier.of(name, T.MOVE_TEST_MODS[name]))
    return need, mods


def movement_test(chance, need: int, modifier: int) -> bool:
    """1d6 plus modifiers against the need."""
    return chance.face(D6, "movement test") + modifier >= need


def movement_odds(need: int, mods: list[Modifier]):
    return exact(movement_test, need, int(sum(m.value for m in mods)))


def vehicle_class(game: Game, uid: str) -> str:
    k = L.kind(game, uid)
    return L.vehicle_class_of(game, uid) or ("halftrack" if k == "halftrack" else "wheeled")


def allowance(game: Game, uid: str, path: list[L.Cell]) -> tuple[int, bool, str]:
    """How far the unit may move now: (squares, needs a Movement Test, why)."""
    card, r, st = card_kind(game), L.role(game, uid), L.order(game, uid)
    if r == "vehicle":
        rate = T.VEHICLE_MOVES[vehicle_class(game, uid)].value
        road = all(c in L.gridmap(game).roads for c in [L.cell(game, uid), *path])
        if card == "fire":
            return rate.off_road // 2, True, "a vehicle on a fire card: half its off-road rate after a Movement Test"
        if st == "suppressed":
            return rate.off_road // 2, False, "a suppressed vehicle backs away at half its off-road rate"
        n = (rate.on_road if road else rate.off_road) - (1 if st == "pinned" else 0)
        return n, False, f"{'on road' if road else 'off road'}{', pinned -1' if st == 'pinned' else ''}"
    if card == "fire":
        return 1, True, "one square on a fire card after a Movement Test"
    if r == "team":
        return T.MOVE_SQUARES["team"].value, False, "weapon teams move one square"
    return T.MOVE_SQUARES[r].value, False, "squads and single figures move two squares"


def _check_path(game: Game, uid: str, steps: list[L.Cell]) -> None:
    """Edges only; no enemy squares (single figures alone excepted); stacking; impassable
    terrain; full bocage ends the move beyond it (and stops vehicles); stop next to the enemy
    and in smoke."""
    m = L.gridmap(game)
    for i, (a, b) in enumerate(zip(steps, steps[1:])):
        if b not in m.grid.neighbours(a):
            raise IllegalActionError(f"{a} to {b} is not through an edge: moves go edge to edge")
        _check_step(game, uid, a, b, last=i == len(steps) - 2, one_square=len(steps) <= 2)


def _check_step(game: Game, uid: str, a: L.Cell, b: L.Cell, last: bool, one_square: bool) -> None:
    """One step of a move between neighbouring squares, as :func:`_check_path` judges it."""
    m = L.gridmap(game)
    vehicle = L.role(game, uid) == "vehicle"
    foes = [u for u in L.units_at(game, b) if L.side(game, u) != L.side(game, uid)]
    if any(L.role(game, u) != "smf" for u in foes):
        raise IllegalActionError(f"{b} holds the enemy: units may not enter it")
    if not m.passable(b, vehicle):
        raise IllegalActionError(f"{b} ({m.terrain(b)}) is impassable to {'vehicles' if vehicle else 'infantry'}")
    if not L.stacking_ok(game, uid, b):
        raise IllegalActionError(f"{b} is full: at most three units, two of them vehicles, teams or guns")
    if m.full_bocage(a, b):
        if vehicle:
            raise IllegalActionError("vehicles cannot pass through a full bocage edge")
        if not one_square:
            raise IllegalActionError("a move across a full bocage edge goes one square only")
    if not last and L.adjacent_to_enemy(game, uid, b):
        raise IllegalActionError(f"{uid} must stop at {b}: it is next to the enemy")
    if not last and b in L.smoke(game):
        raise IllegalActionError(f"{uid} must stop at {b}: it is in smoke")


def needs_test(game: Game, uid: str, path: list[L.Cell]) -> bool:
    """Movement Test: a move on a fire card, or a squad's move of two squares that starts in or
    passes through an enemy's line of sight."""
    if allowance(game, uid, path)[1]:
        return True
    return len(path) >= 2 and L.role(game, uid) == "squad" and any(
        L.in_enemy_los(game, uid, c) for c in [L.cell(game, uid), *path])


def resolve_move(game: Game, uid: str, path: list[L.Cell]):
    """Move along ``path`` (squares entered in order) under the current card."""
    may_act(game, uid, "moved")
    st, r = L.order(game, uid), L.role(game, uid)
    if st == "suppressed" and r != "vehicle":
        raise IllegalActionError(f"{uid} is suppressed and may only fall back")
    if r == "vehicle" and L.kind(game, uid) in ("tank",) and L.status(game, uid).get("main_gun"):
        raise IllegalActionError(f"{uid} fired its main gun: tanks may not move and fire it on the same card")
    steps = [L.cell(game, uid)] + [tuple(c) for c in path]
    limit, _, why = allowance(game, uid, list(path))
    if not path:
        raise IllegalActionError("choose at least one square to move to")
    if len(path) > limit:
        raise IllegalActionError(f"{uid} may move {limit} square{'s' if limit != 1 else ''} ({why}), not {len(path)}")
    _check_path(game, uid, steps)
    away = st in ("pinned", "suppressed") and r != "vehicle" or st == "suppressed"
    if away and L.closer(game, uid, steps[0], steps[-1]):
        raise IllegalActionError(f"{uid} is {st} and may not move towards the enemy")
    if st == "pinned" and r != "vehicle" and L.in_enemy_los(game, uid, steps[-1]):
        raise IllegalActionError(f"{uid} is pinned: it may only move away out of enemy line of sight")
    free = not needs_test(game, uid, list(path))
    roller = game.roller()
    chance = Play(roller)
    mods: list[Modifier] = []
    ok = True
    if not free:
        need, mods = movement_test_mods(game, uid, steps[-1])
        ok = movement_test(chance, need, int(sum(m.value for m in mods)))
    fx = Effects(game)
    fx.set(("units", uid, "status", "moved"), True)
    text = f"{uid} fails its movement test and stays at {steps[0]}"
    if ok:
        stop = _through_mines(game, uid, steps, chance, fx)
        dest = steps[stop]
        fx.move(uid, dest)
        for u in L.units_at(game, dest):
            if L.side(game, u) != L.side(game, uid):  # single figures alone are overrun
                fx.set_order(u, "destroyed")
                fx.lines.append(f"{u}: a single figure overrun in its square")
        text = f"{uid} moves to {dest}" + (f" (stopped by mines; wanted {steps[-1]})" if dest != steps[-1] else "")
        _mark_opfire(game, uid, steps[stop - 1] if stop else steps[0], dest, fx)
    changes = [(("rng", "counter"), roller.counter)] + fx.finish()
    detail = {"rule": "Movement", "outcome": ok, "modifiers": [m.to_dict() for m in mods], "lines": fx.lines}
    if not free:
        detail["odds"] = movement_odds(need, mods).describe()
    return game.record("move", changes, "; ".join([text] + fx.lines), rolls=tuple(roller.log), detail=detail)


def _mark_opfire(game: Game, uid: str, came_from: L.Cell, dest: L.Cell, fx: Effects) -> None:
    """Opportunity Fire: a non-SMF unit entering a square an eligible enemy sees may be fired on."""
    if L.role(game, uid) != "smf" and fx.order(uid) != "destroyed" and L.in_enemy_los(game, uid, dest, able="opfire"):
        fx.set(("vars", "cf", "opfire"), {"units": [uid], "from": list(came_from), "to": list(dest)})
    else:
        fx.set(("vars", "cf", "opfire"), None)


def _through_mines(game: Game, uid: str, steps: list[L.Cell], chance, fx: Effects) -> int:
    """Mines (beta): each mined square passed through (not stopped in) takes a d6 to get across,
    5+ (1d6+2 where the side has found a path); a failure stops the unit there and, if the mines
    are real, 3d6 attack it; a dummy blind failing is revealed and removed. Returns the index of
    the square where the move ends."""
    mines = L.cf(game).get("mines", {})
    for i, c in enumerate(steps[1:-1], start=1):
        key = f"{c[0]},{c[1]}"
        field = mines.get(key)
        if field is None:
            continue
        bonus = T.MINES["follow the path"].value if L.side(game, uid) in field.get("paths", []) else 0
        if chance.face(D6, f"pass mines at {c}") + bonus >= T.MINES["pass through"].value:
            fx.lines.append(f"{uid} passes the mines at {c}")
            continue
        if field["real"]:
            from wgkit.rules.company_fire.status import hits_roll

            fx.hit(uid, hits_roll(chance, T.MINES["damage dice"].value), "mines")
        else:
            fx.set(("vars", "cf", "mines", key), None)
            fx.lines.append(f"the mines at {c} were a dummy")
        return i
    return len(steps) - 1


def _routes(game: Game, uid: str, start: L.Cell, limit: int) -> dict[L.Cell, L.Cell | None]:
    """Breadth first from ``start``: each square reachable within ``limit`` squares, with the
    square it is entered from. A route stops next to the enemy, in smoke and beyond full bocage."""
    prev: dict[L.Cell, L.Cell | None] = {start: None}
    queue = deque([(start, 0)])
    m = L.gridmap(game)
    ends = set()  # squares entered across full bocage: the move stops there
    while queue:
        c, d = queue.popleft()
        if d >= limit or c in ends or (c != start and (L.adjacent_to_enemy(game, uid, c) or c in L.smoke(game))):
            continue
        for n in m.grid.neighbours(c):
            hedge = m.full_bocage(c, n)
            if n in prev or (hedge and d > 0):
                continue
            try:
                _check_step(game, uid, c, n, last=True, one_square=True)  # n is a neighbour of c
            except IllegalActionError:
                continue
            prev[n] = c
            if hedge:
                ends.add(n)
            queue.append((n, d + 1))
    return prev


def path_to(game: Game, uid: str, dest: L.Cell) -> list[L.Cell]:
    """The shortest legal path to ``dest`` within the unit's allowance (for clicks and drags)."""
    start = L.cell(game, uid)
    limit = allowance(game, uid, [])[0]  # a vehicle on the road: its road rate, the most any path gives
    prev = L.per_state(game, f"routes {uid} {limit}", lambda: _routes(game, uid, start, limit))
    if dest not in prev:
        return [dest]  # no legal route: resolve_move explains why
    out = []
    c: L.Cell | None = dest
    while c is not None and c != start:
        out.append(c)
        c = prev[c]
    return out[::-1]


def fall_back_check(game: Game, uid: str, dest: L.Cell) -> None:
    if card_kind(game) not in ("move", "any"):
        raise IllegalActionError("a unit falls back on a move or face card only")
    if L.order(game, uid) != "suppressed":
        raise IllegalActionError(f"{uid} is {L.order(game, uid)}: only suppressed units fall back")
    if L.leader_with(game, uid) is None:
        raise IllegalActionError(f"{uid} needs its platoon leader or the company commander in its square to fall back")
    if not L.closer(game, uid, dest, L.cell(game, uid)):
        raise IllegalActionError(f"{dest} is not away from the enemy")
    if L.in_enemy_los(game, uid, dest) and not L.cover(game, dest):
        raise IllegalActionError(f"{dest} is neither out of enemy line of sight nor cover")
    _check_path(game, uid, [L.cell(game, uid), dest])


def resolve_fall_back(game: Game, uid: str, dest: L.Cell):
    """Fall Back: on a move card a suppressed unit with its PL or CC may move one square away from
    the enemy, out of enemy LOS or into cover, after passing the Movement Test."""
    may_act(game, uid, "moved")
    fall_back_check(game, uid, dest)
    need, mods = movement_test_mods(game, uid, dest)
    roller = game.roller()
    ok = movement_test(Play(roller), need, int(sum(m.value for m in mods)))
    fx = Effects(game)
    fx.set(("units", uid, "status", "moved"), True)
    if ok:
        fx.move(uid, dest)
    return game.record("fall back", [(("rng", "counter"), roller.counter)] + fx.finish(),
                       f"{uid} " + (f"falls back to {dest}" if ok else "fails to fall back"), rolls=tuple(roller.log),
                       detail={"rule": "Fall Back", "outcome": ok, "modifiers": [m.to_dict() for m in mods],
                               "odds": movement_odds(need, mods).describe()})


def bocage_edges(game: Game, c: L.Cell) -> list[frozenset]:
    m = L.gridmap(game)
    return [edge_key(c, n) for n in m.grid.neighbours(c) if m.edges.get(edge_key(c, n), ("",))[0] == "bocage"]


def resolve_occupy(game: Game, uid: str):
    """Occupying Bocage: on a move or face card, a unit in a square with bocage edges holds them
    all, unless the enemy holds any of them from the other side; it costs no movement."""
    if card_kind(game) not in ("move", "any"):
        raise IllegalActionError("bocage is occupied on move or face cards only")
    if not L.alive(game, uid) or L.role(game, uid) in ("smf", "vehicle"):
        raise IllegalActionError(f"{uid} cannot occupy bocage")
    if L.order(game, uid) == "suppressed":
        raise IllegalActionError(f"{uid} is suppressed")
    here = L.cell(game, uid)
    edges = bocage_edges(game, here)
    if not edges:
        raise IllegalActionError(f"{here} has no bocage edge")
    for e in edges:
        other = next(iter(e - {here}))
        if any(L.status(game, u).get("bocage") for u in L.units_at(game, other) if L.side(game, u) != L.side(game, uid)):
            raise IllegalActionError(f"the enemy in {other} holds the bocage on that edge")
    return game.record("occupy bocage", [(("units", uid, "status", "bocage"), True)], f"{uid} occupies the bocage at {here}",
                       detail={"rule": "Occupying Bocage"})


def resolve_button_up(game: Game, uid: str):
    """Vehicle Unit Status: tanks and closed-top vehicles may button up on any move card (and
    take a pin), before moving."""
    if L.kind(game, uid) not in ("tank", "tank_destroyer", "armoured_car"):
        raise IllegalActionError(f"{uid} is not a closed-top vehicle")
    if card_kind(game) not in ("move", "any"):
        raise IllegalActionError("vehicles button up on move or face cards")
    if L.status(game, uid).get("moved"):
        raise IllegalActionError(f"{uid} has moved: it buttons up before moving")
    after = "pinned" if L.order(game, uid) == "good order" else L.order(game, uid)
    return game.record("button up", [(("units", uid, "status", "buttoned"), True),
                                     (("units", uid, "status", "order"), after)],
                       f"{uid} buttons up ({after})", detail={"rule": "Vehicle Unit Status"})


def resolve_dismount(game: Game, uid: str):
    """Stacking: a carried unit gets out in its vehicle's square unless that breaks stacking."""
    carrier = L.status(game, uid).get("carried_by")
    if not carrier:
        raise IllegalActionError(f"{uid} is not carried by a vehicle")
    here = L.cell(game, carrier)
    if over_limit([L.role(game, u) for u in L.friends_at(game, carrier, here)] + [L.role(game, uid)]):
        raise IllegalActionError(f"{uid} cannot dismount: {here} would break the stacking limit")
    changes = [(("units", uid, "status", "carried_by"), None), (("units", uid, "status", "moved"), True)]
    changes += [(("pieces", p, "cell"), list(here)) for p in L.pieces_of(game, uid)]
    return game.record("dismount", changes, f"{uid} dismounts at {here}", detail={"rule": "Stacking (dismounting)"})
