"""Company Fire in play on the grid: movement (with stacking and the Movement Test), individual
and group fire, and rallying, each changing the game through logged events."""

from __future__ import annotations

from wgkit.dice import D6
from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.gridlos import edge_key
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.company_fire import status as S
from wgkit.rules.company_fire import tables as T
from wgkit.rules.company_fire.gridmap import GridMap

SMF = {"platoon_leader", "company_commander", "sniper", "forward_observer", "scout"}
TEAMS = {"light_mortar", "mmg", "hmg", "at_gun", "bazooka_team"}
MOVE_SQUARES = {"squad": 2, "team": 1, "smf": 2}  # Movement table


def gridmap(game: Game) -> GridMap:
    if "_gridmap" not in game.__dict__:
        game.__dict__["_gridmap"] = GridMap.of(game.scenario)
    return game.__dict__["_gridmap"]


def kind(game: Game, uid: str) -> str:
    return game.scenario.unit(uid).kind


def role(game: Game, uid: str) -> str:
    k = kind(game, uid)
    return "smf" if k in SMF else "team" if k in TEAMS else "squad"


def cell(game: Game, uid: str) -> tuple[int, int]:
    p = next(p for p in game.state["pieces"].values() if p["unit"] == uid)
    return tuple(p["cell"])  # type: ignore[return-value]


def order(game: Game, uid: str) -> str:
    return game.state["units"][uid]["status"].get("order", "good order")


def alive(game: Game, uid: str) -> bool:
    return order(game, uid) != "destroyed"


def side(game: Game, uid: str) -> str:
    return game.state["units"][uid]["side"]


def units_at(game: Game, c: tuple[int, int]) -> list[str]:
    return [u for u in game.state["units"] if alive(game, u) and cell(game, u) == c]


def enemies_of(game: Game, uid: str) -> list[str]:
    return [u for u in game.state["units"] if alive(game, u) and side(game, u) != side(game, uid)]


def sees(game: Game, a: tuple[int, int], b: tuple[int, int], through_units: bool = True) -> bool:
    """Line of Sight: squares holding non-SMF units stop it (the ends excepted)."""
    occupied = {cell(game, u) for u in game.state["units"] if alive(game, u) and role(game, u) != "smf"} - {a, b}
    bocage = {cell(game, u) for u in game.state["units"] if game.state["units"][u]["status"].get("bocage")}
    return gridmap(game).sight(a, b, occupied if through_units else set(), bocage).clear


def in_enemy_los(game: Game, uid: str, c: tuple[int, int]) -> bool:
    return any(sees(game, cell(game, e), c) for e in enemies_of(game, uid) if role(game, e) != "smf")


def adjacent_to_enemy(game: Game, uid: str, c: tuple[int, int]) -> bool:
    """Edge or corner neighbour of an enemy-held square (units must stop there)."""
    g = gridmap(game).grid
    near = set(g.neighbours(c)) | set(g.corner_neighbours(c))
    return any(cell(game, e) in near for e in enemies_of(game, uid))


def stacking_ok(game: Game, uid: str, c: tuple[int, int]) -> bool:
    """Stacking: three friendly units including SMFs, at most two of them not SMFs."""
    here = [u for u in units_at(game, c) if u != uid and side(game, u) == side(game, uid)]
    heavy = [u for u in here if role(game, u) != "smf"]
    return len(here) + 1 <= T.STACK_UNITS.value and (role(game, uid) == "smf" or len(heavy) + 1 <= T.STACK_HEAVY.value)


def movement_test_mods(game: Game, uid: str, dest: tuple[int, int]) -> tuple[int, list[Modifier]]:
    """Movement Test: 4+ into cover, 5+ into the open; veteran +1, green -1; platoon leader +1 or
    company commander +2 in the starting square; -1 if the destination is in enemy LOS."""
    need = 4 if gridmap(game).cover(dest) else 5
    mods: list[Modifier] = []
    q = game.scenario.unit(uid).quality or "regular"
    if q in ("veteran", "green"):
        mods.append(Modifier(q, 1 if q == "veteran" else -1, "seed Movement Test"))
    leaders = {kind(game, u) for u in units_at(game, cell(game, uid)) if side(game, u) == side(game, uid)}
    if "company_commander" in leaders:
        mods.append(Modifier("company commander in the square", 2, "seed Movement Test"))
    elif "platoon_leader" in leaders:
        mods.append(Modifier("platoon leader in the square", 1, "seed Movement Test"))
    if in_enemy_los(game, uid, dest):
        mods.append(Modifier("destination in enemy LOS", -1, "seed Movement Test"))
    return need, mods


def movement_test(chance, need: int, modifier: int) -> bool:
    return chance.face(D6, "movement test") + modifier >= need


def resolve_move(game: Game, uid: str, path: list[tuple[int, int]], card: str = "move"):
    """Movement on a move (or face) card, or one square on a fire card after a Movement Test."""
    if not alive(game, uid):
        raise IllegalActionError(f"{uid} is destroyed")
    _may_act(game, uid, "moved", card)
    st = order(game, uid)
    if st == "suppressed":
        raise IllegalActionError(f"{uid} is suppressed and may only fall back")
    g = gridmap(game).grid
    steps = [cell(game, uid)] + [tuple(c) for c in path]
    limit = 1 if card == "fire" or role(game, uid) == "team" else MOVE_SQUARES[role(game, uid)]
    if len(path) > limit:
        raise IllegalActionError(f"{uid} may move {limit} square{'s' if limit > 1 else ''} here, not {len(path)}")
    for a, b in zip(steps, steps[1:]):
        if b not in g.neighbours(a):
            raise IllegalActionError(f"{a} to {b} is not through an edge: moves go edge to edge")
        if any(side(game, u) != side(game, uid) for u in units_at(game, b)):
            raise IllegalActionError(f"{b} holds the enemy: units may not enter it")
        if not stacking_ok(game, uid, b):
            raise IllegalActionError(f"{b} is full: at most three units, two of them not single figures")
        kind_, grade, _ = gridmap(game).edges.get(edge_key(a, b), ("", "", ""))
        if kind_ == "bocage" and grade == "full" and len(path) > 1:
            raise IllegalActionError("a move across a full bocage edge ends in the next square")
        if b != steps[-1] and adjacent_to_enemy(game, uid, b):
            raise IllegalActionError(f"{uid} must stop at {b}: it is next to the enemy")
    if st == "pinned" and _closer(game, uid, steps[0], steps[-1]):
        raise IllegalActionError(f"{uid} is pinned and may not move towards the enemy")
    free = card != "fire" and (len(path) < 2 or all(not in_enemy_los(game, uid, c) for c in steps))
    roller = game.roller()
    mods: list[Modifier] = []
    ok = True
    if not free:
        need, mods = movement_test_mods(game, uid, steps[-1])
        ok = movement_test(Play(roller), need, int(sum(m.value for m in mods)))
    changes = [(("rng", "counter"), roller.counter), (("units", uid, "status", "moved"), True)]
    if ok:
        for p in (pid for pid, p in game.state["pieces"].items() if p["unit"] == uid):
            changes.append((("pieces", p, "cell"), list(steps[-1])))
    return game.record("move", changes, f"{uid} " + (f"moves to {steps[-1]}" if ok else "fails its movement test"),
                       rolls=tuple(roller.log), detail={"rule": "Movement", "outcome": ok,
                                                        "modifiers": [m.to_dict() for m in mods]})


def _may_act(game: Game, uid: str, doing: str, card: str) -> None:
    """Each unit acts once per card; on a face card it may move and fire, in either order, unless
    it is a weapon team (which may not move and fire on the same card)."""
    st = game.state["units"][uid]["status"]
    other = "fired" if doing == "moved" else "moved"
    if st.get(doing) or (st.get(other) and (card != "any" or role(game, uid) == "team")):
        raise IllegalActionError(f"{uid} has already acted on this card")


def new_card(game: Game) -> list:
    """The changes that clear every unit's actions for a new card."""
    return [(("units", u, "status", k), False) for u in game.state["units"] for k in ("moved", "fired")]


def _closer(game: Game, uid: str, a, b) -> bool:
    g = gridmap(game).grid
    foes = [cell(game, e) for e in enemies_of(game, uid)]
    return bool(foes) and min(g.distance(b, f) for f in foes) < min(g.distance(a, f) for f in foes)


def fire_plan(game: Game, uids: list[str], target: tuple[int, int], card: str = "fire"):
    """Individual (one unit) or Group Fire (units starting in one square): dice per target unit."""
    here = {cell(game, u) for u in uids}
    if len(here) != 1:
        raise IllegalActionError("group fire needs units in the same square")
    origin = here.pop()
    for u in uids:
        if order(game, u) == "suppressed":
            raise IllegalActionError(f"{u} is suppressed and may not fire")
        _may_act(game, u, "fired", card)
    leaders = any(kind(game, u) in ("platoon_leader", "company_commander") for u in units_at(game, origin))
    if len(uids) > 1:
        if card == "move":
            raise IllegalActionError("group fire may not be made on a move card")
        if any(order(game, u) == "pinned" for u in uids) and not leaders:
            raise IllegalActionError("pinned units join group fire only with a leader in the square")
    reach = min(T.FIRE[kind(game, u)].value.range_squares for u in uids)
    dist = gridmap(game).grid.distance(origin, target)
    if dist > reach:
        raise IllegalActionError(f"{target} is {dist} squares away; the range is {reach}")
    if not sees(game, origin, target):
        raise IllegalActionError(f"no line of sight from {origin} to {target}")
    targets = [u for u in units_at(game, target) if side(game, u) != side(game, uids[0])]
    if not targets:
        raise IllegalActionError(f"no enemy unit in {target}")
    cover = gridmap(game).cover(target)
    if len(uids) > 1:
        dice, _, mods = S.group_fire([kind(game, u) for u in uids], len(targets), cover, leaders)
    else:
        dice, mods = S.attack_dice(kind(game, uids[0]), cover=cover, move_card=card == "move")
    return dice, targets, mods


def resolve_fire(game: Game, uids: list[str], target: tuple[int, int], card: str = "fire"):
    """Roll the dice for each enemy unit in the target square; hits change its status."""
    dice, targets, mods = fire_plan(game, uids, target, card)
    roller = game.roller()
    chance = Play(roller)
    changes, lines = [], []
    for t in targets:
        hits = S.hits_roll(chance, dice)
        after = S.after_hits(order(game, t), hits)
        changes.append((("units", t, "status", "order"), after))
        if after == "destroyed":
            changes += [(("pieces", p, "alive"), False) for p, q in game.state["pieces"].items() if q["unit"] == t]
        lines.append(f"{t}: {hits} hit{'s' if hits != 1 else ''} -> {after}")
    changes = [(("rng", "counter"), roller.counter)] + changes + [(("units", u, "status", "fired"), True) for u in uids]
    return game.record("fire", changes, f"{'+'.join(uids)} fire {dice}d6 at {target}: " + "; ".join(lines),
                       rolls=tuple(roller.log),
                       detail={"rule": "Group Fire" if len(uids) > 1 else "Individual Unit Fire", "outcome": lines,
                               "modifiers": [m.to_dict() for m in mods],
                               "odds": exact(S.hits_roll, dice).describe("hits")})


def resolve_rally(game: Game, uid: str):
    """Rally: once per phase; a failure ends the unit's card."""
    st = order(game, uid)
    if st not in ("pinned", "suppressed"):
        raise IllegalActionError(f"{uid} is {st} and needs no rally")
    unseen = not any(sees(game, cell(game, e), cell(game, uid)) for e in enemies_of(game, uid)
                     if order(game, e) == "good order" and role(game, e) != "smf")
    leaders = {kind(game, u) for u in units_at(game, cell(game, uid)) if side(game, u) == side(game, uid)}
    leader = "company_commander" if "company_commander" in leaders else "platoon_leader" if "platoon_leader" in leaders else None
    mods = S.rally_modifiers(game.scenario.unit(uid).quality or "regular", unseen, leader)
    roller = game.roller()
    after = S.rally_roll(Play(roller), st, int(sum(m.value for m in mods)))
    changes = [(("rng", "counter"), roller.counter), (("units", uid, "status", "order"), after)]
    if after == st:  # a failed rally ends the unit's card
        changes += [(("units", uid, "status", "moved"), True), (("units", uid, "status", "fired"), True)]
    return game.record("rally", changes, f"{uid} rallies: {st} -> {after}", rolls=tuple(roller.log),
                       detail={"rule": "Rally", "outcome": after, "modifiers": [m.to_dict() for m in mods],
                               "odds": S.rally_odds(st, mods).describe()})
