"""Company Fire's actions for the ActionPanel: each card's legal actions, with the odds before
every roll and the modifiers explained."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from wgkit.engine.game import Game, IllegalActionError
from wgkit.render.shapes import Shape
from wgkit.rules.actions import ActionSpec, Param, groups
from wgkit.rules.company_fire import artillery as A
from wgkit.rules.company_fire import assault as C
from wgkit.rules.company_fire import fire as F
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import mines as M
from wgkit.rules.company_fire import movement as V
from wgkit.rules.company_fire import odds
from wgkit.rules.company_fire import rally as R


def to_cell(game: Game, point) -> L.Cell:
    """A clicked point (inches) as the square it lies in."""
    c = L.gridmap(game).grid.cell_of(float(point[0]), float(point[1]))
    if c is None:
        raise IllegalActionError(f"{tuple(point)} is off the grid")
    return c


def _units(game: Game, sides: list[str], test=lambda u: True) -> tuple[str, ...]:
    return tuple(sorted(u for u in game.state["units"] if L.side(game, u) in sides and L.alive(game, u) and test(u)))


def _mods(plan) -> list[str]:
    return [str(m) for m in plan.mods] + plan.notes + [f"{plan.dice}d6 at each of {', '.join(plan.targets)}; 5 or 6 hits"]


def _square(game: Game, c: L.Cell, colour: str, label: str) -> list[Shape]:
    """A preview: the square outlined in ``colour``, with ``label`` near its top."""
    g = L.gridmap(game).grid
    x, y = g.center(c)
    return [Shape("polygon", np.asarray(g.corners(c)), None, colour, 0.18, 0.9, tag="cf-square"),
            Shape("text", np.array([(x, y + g.size * 0.35)]), colour, text=label, size=0.6, tag="cf-square")]


def _groups(game: Game, sides: list[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every set of two or more units of a square that could fire together."""
    out = []
    cells: dict[L.Cell, list[str]] = {}
    for u in _units(game, sides, lambda u: L.role(game, u) in ("squad", "team")):
        cells.setdefault(L.cell(game, u), []).append(u)
    for units in cells.values():
        for n in range(2, len(units) + 1):
            out += list(combinations(units, n))
    return groups(out)


def _assault_groups(game: Game, sides: list[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    cells: dict[L.Cell, list[str]] = {}
    for u in _units(game, sides, lambda u: L.role(game, u) in ("squad", "vehicle") or L.kind(game, u) == "bazooka_team"):
        if L.adjacent_to_enemy(game, u, L.cell(game, u)):
            cells.setdefault(L.cell(game, u), []).append(u)
    return groups(c for units in cells.values() for n in range(1, len(units) + 1) for c in combinations(units, n))


def _find_path_odds(game: Game, p: dict):
    """Mines: refused as the search would be, else the odds with any engineers' bonus."""
    M.path_check(game, p["unit"], _key_cell(p["field"]))
    return odds.find_path(int(sum(m.value for m in M.engineers(game, [p["unit"]]))))


def _clearing_odds(game: Game, p: dict):
    """Mines: refused as the clearing would be, else the odds with any engineers' bonus."""
    units = M.clearers(game, _key_cell(p["field"]))
    return odds.clearing(int(sum(m.value for m in M.engineers(game, units))))


def ACTIONS(game: Game) -> list[ActionSpec]:
    legal = game.legal_actions()
    side = L.cf(game)["initiative_side"]
    foes = [s for s in game.state["sides"] if s != side]
    kind = V.card_kind(game)
    out: list[ActionSpec] = []
    to = Param("to", "point", "to square")
    at = Param("target", "point", "target square")
    if "artillery arrives" in legal and L.cf(game).get("mission", {}).get(side) and A.fire_card(game):
        out.append(ActionSpec("artillery arrives", "Fire mission arrives?", (),
                              lambda g, p: odds.artillery_arrival(), lambda g, p: A.resolve_arrival(g, side), "Artillery",
                              lambda g, p: [f"{L.cf(g)['mission'][side]['kind']} on {tuple(L.cf(g)['mission'][side]['cell'])}; "
                                            "a 1 cancels it", f"HE: {A.he_dice(g, tuple(L.cf(g)['mission'][side]['cell']))}d6 "
                                            "at every unit in the square"],
                              lambda g, p: _square(g, tuple(L.cf(g)["mission"][side]["cell"]), "#d62828", "mission")))
    observers = _units(game, [side], lambda u: L.kind(game, u) == "forward_observer")
    if "call artillery" in legal and observers and A.fire_card(game):
        out.append(ActionSpec("call artillery", "Call a fire mission", (
            Param("observer", "choice", "observer", observers), at, Param("kind", "choice", "mission", ("HE", "smoke"))),
            lambda g, p: None, lambda g, p: A.resolve_call(g, p["observer"], to_cell(g, p["target"]), p["kind"]), "Artillery",
            lambda g, p: [f"{A.missions_left(g, p['observer'])} missions left; it arrives on the next fire card"],
            lambda g, p: _square(g, to_cell(g, p["target"]), "#d62828", "target")))
    leaders = _units(game, [side], lambda u: L.kind(game, u) in L.LEADERS)
    if "leader move" in legal and leaders:
        out.append(_move_spec("leader move", "Move a leader (then it stops)", leaders, R.resolve_leader_move,
                              "Platoon Leaders and Company Commanders"))
    shaken = _units(game, [side], lambda u: L.order(game, u) in ("pinned", "suppressed") and L.role(game, u) != "smf")
    if "rally" in legal and shaken:
        out.append(ActionSpec("rally", "Rally", (Param("unit", "choice", "unit", shaken),),
                              lambda g, p: R.rally_plan(g, p["unit"])[2], lambda g, p: R.resolve_rally(g, p["unit"]), "Rally",
                              lambda g, p: [f"{R.rally_plan(g, p['unit'])[0]}: needs {4 if R.rally_plan(g, p['unit'])[0] == 'pinned' else 5}+"]
                              + [str(m) for m in R.rally_plan(g, p["unit"])[1]]))
    groups = _groups(game, [side])
    if "group fire" in legal and groups and kind != "move":
        out.append(ActionSpec("group fire", "Group fire", (Param("units", "choice", "units", groups), at),
                              lambda g, p: F.plan(g, list(p["units"]), to_cell(g, p["target"])).odds(),
                              lambda g, p: F.resolve(g, list(p["units"]), to_cell(g, p["target"])), "Group Fire",
                              lambda g, p: _mods(F.plan(g, list(p["units"]), to_cell(g, p["target"]))),
                              lambda g, p: _square(g, to_cell(g, p["target"]), "#d62828", "group fire")))
    assaults = _assault_groups(game, [side])
    if "close assault" in legal and assaults and kind != "fire":
        out.append(_assault_spec(game, assaults))
    if "move" in legal and kind in ("move", "fire", "any"):
        movers = _units(game, [side], lambda u: L.role(game, u) != "smf" or L.kind(game, u) in L.LEADERS | {"scout", "sniper", "forward_observer"})
        out.append(_move_spec("move", "Move" if kind != "fire" else "Move one square (Movement Test)", movers,
                              V.resolve_move, "Movement"))
    shooters = _units(game, [side], lambda u: L.role(game, u) in ("squad", "team", "vehicle") and _has_small_arms(game, u)
                      and _sees_an_enemy(game, u))
    if "fire" in legal and shooters:
        out.append(_fire_spec("fire", "Fire" + (" (move card: one die less)" if kind == "move" else ""), shooters, "fire",
                              "Individual Unit Fire"))
    at_units = _units(game, [side], lambda u: _has_at(game, u))
    vehicles = _units(game, foes, lambda u: L.role(game, u) == "vehicle")
    if "anti-tank fire" in legal and at_units and vehicles:
        out.append(_at_spec("anti-tank fire", "Anti-tank fire", at_units, vehicles, "fire"))
    snipers = _units(game, [side], lambda u: L.kind(game, u) == "sniper")
    if "snipe" in legal and snipers and kind != "move":
        targets = _units(game, foes)
        out.append(ActionSpec("snipe", "Sniper shot", (Param("sniper", "choice", "sniper", snipers),
                                                       Param("unit", "choice", "target unit", targets)),
                              lambda g, p: F.sniper_plan(g, p["sniper"], p["unit"]).odds(),
                              lambda g, p: F.resolve_sniper(g, p["sniper"], p["unit"]), "Snipers",
                              lambda g, p: _mods(F.sniper_plan(g, p["sniper"], p["unit"]))))
    pending = L.cf(game).get("opfire")
    armour = pending and [u for u in pending["units"] if L.role(game, u) == "vehicle"]
    if "opportunity fire" in legal and armour:
        guns = _units(game, foes, lambda u: _has_at(game, u) and L.may_opfire(game, u))
        if guns:
            out.append(_at_spec("anti-tank op fire", f"Anti-tank opportunity fire at {armour[0]}", guns,
                                (armour[0],), "opfire"))
    if "opportunity fire" in legal and pending:
        gunners = _units(game, foes, lambda u: L.may_opfire(game, u) and L.sees(game, u, tuple(pending["to"])))
        if gunners:
            out.append(ActionSpec("opportunity fire", f"Opportunity fire at {', '.join(pending['units'])}",
                                  (Param("unit", "choice", "firing unit", gunners),),
                                  lambda g, p: _opfire_plan(g, p["unit"]).odds(),
                                  lambda g, p: _opfire(g, p["unit"]), "Opportunity Fire",
                                  lambda g, p: _mods(_opfire_plan(g, p["unit"])),
                                  lambda g, p: _square(g, tuple(pending["to"]), "#d62828", "op fire")))
    falling = _units(game, [side], lambda u: L.order(game, u) == "suppressed" and L.role(game, u) != "vehicle")
    if "fall back" in legal and falling and kind != "fire":
        out.append(ActionSpec("fall back", "Fall back (suppressed, with a leader)", (Param("unit", "choice", "unit", falling), to),
                              lambda g, p: _fall_back_odds(g, p["unit"], to_cell(g, p["to"])),
                              lambda g, p: V.resolve_fall_back(g, p["unit"], to_cell(g, p["to"])), "Fall Back"))
    hedgers = _units(game, [side], lambda u: L.role(game, u) in ("squad", "team") and bool(V.bocage_edges(game, L.cell(game, u)))
                     and not L.status(game, u).get("bocage"))
    if "occupy bocage" in legal and hedgers and kind != "fire":
        out.append(ActionSpec("occupy bocage", "Occupy the bocage", (Param("unit", "choice", "unit", hedgers),),
                              lambda g, p: None, lambda g, p: V.resolve_occupy(g, p["unit"]), "Occupying Bocage"))
    closed = _units(game, [side], lambda u: L.kind(game, u) in ("tank", "tank_destroyer", "armoured_car") and not L.buttoned(game, u))
    if "button up" in legal and closed and kind != "fire":
        out.append(ActionSpec("button up", "Button up (take a pin)", (Param("unit", "choice", "vehicle", closed),),
                              lambda g, p: None, lambda g, p: V.resolve_button_up(g, p["unit"]), "Vehicle Unit Status"))
    riders = tuple(sorted(u for u in game.state["units"] if L.side(game, u) == side and L.status(game, u).get("carried_by")))
    if "dismount" in legal and riders:
        out.append(ActionSpec("dismount", "Dismount", (Param("unit", "choice", "unit", riders),),
                              lambda g, p: None, lambda g, p: V.resolve_dismount(g, p["unit"]), "Stacking"))
    scouts = _units(game, [side], lambda u: L.kind(game, u) == "scout")
    if "scout" in legal and scouts:
        out.append(ActionSpec("scout", "Scout: reveal hidden units in sight", (Param("unit", "choice", "scout", scouts),),
                              lambda g, p: None, lambda g, p: F.resolve_scout(g, p["unit"]), "Scouts"))
    fields = tuple(k for k, v in L.cf(game).get("mines", {}).items() if v)
    if fields and "find path" in legal:
        finders = _units(game, [side], lambda u: L.role(game, u) != "vehicle")
        out.append(ActionSpec("find path", "Find a path through mines", (Param("unit", "choice", "unit", finders),
                                                                         Param("field", "choice", "mined square", fields)),
                              _find_path_odds,
                              lambda g, p: M.resolve_find_path(g, p["unit"], _key_cell(p["field"])), "Mines"))
        out.append(ActionSpec("clear mines", "Clear mines (units stopped in the square)",
                              (Param("field", "choice", "mined square", fields),),
                              _clearing_odds,
                              lambda g, p: M.resolve_clear(g, _key_cell(p["field"])), "Mines"))
    reactors = _units(game, foes, lambda u: L.role(game, u) in ("squad", "team", "vehicle") and _has_small_arms(game, u)
                      and L.order(game, u) == "good order" and _sees_an_enemy(game, u))
    if "reaction fire" in legal and reactors:
        out.append(_fire_spec("reaction fire", "Reaction fire (non-phasing)", reactors, "reaction", "Non-Phasing Reaction Fire"))
    last = L.cf(game).get("last_fire") or {}
    hurt = tuple(sorted(u for u in last.get("hits", {}) if last["hits"][u]))
    if "reduce hits" in legal and hurt:
        out.append(ActionSpec("reduce hits", "Retreat to take one hit fewer", (Param("unit", "choice", "unit", hurt), to),
                              lambda g, p: None, lambda g, p: F.resolve_reduce(g, p["unit"], to_cell(g, p["to"])),
                              "Hit Reduction"))
    if "sacrifice leader" in legal and game.log:
        lost = tuple(sorted({p[1] for p, v in game.log[-1].changes if len(p) == 4 and p[0] == "units"
                             and p[2:] == ("status", "order") and v == "destroyed" and L.role(game, p[1]) != "smf"}))
        saviours = tuple(sorted(u for u in game.state["units"] if L.kind(game, u) in L.LEADERS
                                and any(L.side(game, u) == L.side(game, x) and L.cell(game, u) == L.cell(game, x) for x in lost)))
        if lost and saviours:
            out.append(ActionSpec("sacrifice leader", "Sacrifice a leader to save a unit",
                                  (Param("leader", "choice", "leader", saviours), Param("unit", "choice", "unit", lost)),
                                  lambda g, p: None, lambda g, p: F.resolve_sacrifice(g, p["leader"], p["unit"]),
                                  "Platoon Leaders and Company Commanders"))
    return out


def _key_cell(key: str) -> L.Cell:
    c, r = key.split(",")
    return int(c), int(r)


def _has_small_arms(game: Game, uid: str) -> bool:
    try:
        F.fire_kind(game, uid)
        return True
    except IllegalActionError:
        return False


def _sees_an_enemy(game: Game, uid: str) -> bool:
    """Whether the unit sees a square a live enemy stands in: fire is offered only to a unit
    with something to fire at (a learner is not shown "not possible" first)."""
    me = L.side(game, uid)
    return any(L.sees(game, uid, L.cell(game, e)) for e in game.state["units"]
               if L.side(game, e) != me and L.alive(game, e))


def _has_at(game: Game, uid: str) -> bool:
    try:
        F.at_weapon(game, uid)
        return True
    except IllegalActionError:
        return False


def _move_spec(name: str, label: str, movers, resolve, ref: str) -> ActionSpec:
    def path(g, p):
        steps = V.path_to(g, p["unit"], to_cell(g, p["to"]))
        if not steps:  # dropped inside its own square: no square entered, nothing to judge
            raise IllegalActionError(f"{p['unit']} is in that square already: choose another square to move to")
        return steps

    def odds(g, p):
        steps = path(g, p)
        return V.movement_odds(*V.movement_test_mods(g, p["unit"], steps[-1])) if V.needs_test(g, p["unit"], steps) else None

    def explain(g, p):
        steps = path(g, p)
        limit, test, why = V.allowance(g, p["unit"], steps)
        out = [f"route: {' -> '.join(str(c) for c in [L.cell(g, p['unit']), *steps])}", f"allowance {limit} ({why})"]
        if odds(g, p) is not None:
            need, mods = V.movement_test_mods(g, p["unit"], steps[-1])
            out += [f"Movement Test: {need}+"] + [str(m) for m in mods]
        return out

    return ActionSpec(name, label, (Param("unit", "choice", "unit", movers), Param("to", "point", "to square")),
                      odds, lambda g, p: resolve(g, p["unit"], path(g, p)), ref, explain,
                      lambda g, p: _square(g, to_cell(g, p["to"]), "#2a9d8f", "to"))


def _fire_spec(name: str, label: str, shooters, mode: str, ref: str) -> ActionSpec:
    return ActionSpec(name, label, (Param("unit", "choice", "firing unit", shooters), Param("target", "point", "target square")),
                      lambda g, p: F.plan(g, [p["unit"]], to_cell(g, p["target"]), mode).odds(),
                      lambda g, p: F.resolve(g, [p["unit"]], to_cell(g, p["target"]), mode), ref,
                      lambda g, p: _mods(F.plan(g, [p["unit"]], to_cell(g, p["target"]), mode)),
                      lambda g, p: _square(g, to_cell(g, p["target"]), "#d62828", "target"))


def _at_spec(name: str, label: str, shooters, targets, mode: str) -> ActionSpec:
    return ActionSpec(name, label, (Param("unit", "choice", "firing unit", shooters), Param("vehicle", "choice", "target", targets)),
                      lambda g, p: F.at_plan(g, p["unit"], p["vehicle"], mode)[0].odds(),
                      lambda g, p: F.resolve_at(g, p["unit"], p["vehicle"], mode), "Attacking vehicles",
                      lambda g, p: _mods(F.at_plan(g, p["unit"], p["vehicle"], mode)[0]))


def _opfire_plan(game: Game, uid: str):
    pending = L.cf(game)["opfire"]
    return F.plan(game, [uid], tuple(pending["to"]), "opfire")


def _opfire(game: Game, uid: str):
    pending = L.cf(game)["opfire"]
    return F.resolve(game, [uid], tuple(pending["to"]), "opfire")


def _fall_back_odds(game: Game, uid: str, dest: L.Cell):
    V.fall_back_check(game, uid, dest)
    return V.movement_odds(*V.movement_test_mods(game, uid, dest))


def _assault_spec(game: Game, groups) -> ActionSpec:
    def parts(g, p):
        return list(p["units"]), to_cell(g, p["target"])

    def odds(g, p):
        units, target = parts(g, p)
        _, att, dfn = C.plan(g, units, target)
        return C.assault_odds(int(sum(m.value for m in att)), int(sum(m.value for m in dfn)))

    def explain(g, p):
        units, target = parts(g, p)
        defenders, att, dfn = C.plan(g, units, target)
        return ([f"defending: {', '.join(defenders)}"] + [f"attacker {m}" for m in att] + [f"defender {m}" for m in dfn]
                + ["the loser's units each take the difference in hits; a tie destroys units one for one"])

    foes = tuple(["none"] + sorted({u for u in game.state["units"] if L.alive(game, u) and L.role(game, u) != "smf"
                                     and L.side(game, u) != L.cf(game)["initiative_side"]}))
    return ActionSpec("close assault", "Close assault", (
        Param("units", "choice", "assaulting units", groups), Param("target", "point", "enemy square"),
        Param("opfire", "choice", "defender op fires first", foes)),
        odds, lambda g, p: C.resolve(g, *parts(g, p), opfire_by=None if p["opfire"] == "none" else p["opfire"]),
        "Close Assault", explain, lambda g, p: _square(g, to_cell(g, p["target"]), "#d62828", "assault"))


# -- board hooks -------------------------------------------------------------------------------
def move(game: Game, piece: str, to) -> "object":
    """A drag on the board: the piece's unit moves to the square dropped on, by the rules."""
    uid = game.state["pieces"][piece]["unit"]
    if "move" not in game.legal_actions() and not ("leader move" in game.legal_actions() and L.kind(game, uid) in L.LEADERS):
        raise IllegalActionError(f"units move in the Move and fire segment; now is {game.current_step().name}")
    return V.resolve_move(game, uid, V.path_to(game, uid, to_cell(game, to)))


def move_limit(game: Game, piece: str) -> float | None:
    return None  # squares, not inches: the move action explains the allowance


def sight(game: Game, piece: str, other: str) -> tuple[bool, str]:
    """Line of sight between two pieces' squares by the grid rule (for the board's hover)."""
    a, b = game.state["pieces"][piece], game.state["pieces"][other]
    s = L.cell_sight(game, tuple(a["cell"]), tuple(b["cell"]))
    arc = L.in_arc(game, a["unit"], tuple(b["cell"]))
    return s.clear and arc, ", ".join(s.blocked_by) if not s.clear else ("" if arc else "vehicle arc")

