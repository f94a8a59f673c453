"""Rookie Rules' actions for the ActionPanel: the deck drawn card by card, the acting unit's two
functions, with the firing chart's column, shifts and odds shown before every roll."""

from __future__ import annotations

from dataclasses import replace

from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.zones import radius_zone
from wgkit.render.shapes import geometry_shapes, zone_overlay
from wgkit.rules.actions import ActionSpec, Param
from wgkit.rules.rookie import command as CMD
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import flow as FL
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import morale as MO
from wgkit.rules.rookie import movement as MV
from wgkit.rules.rookie import odds
from wgkit.rules.rookie import support as SU
from wgkit.rules.rookie import tables as T


def _pt(p) -> tuple[float, float]:
    return float(p[0]), float(p[1])


def _shot_lines(shot: F.Shot) -> list[str]:
    return shot.notes + [f"{m.name}: {m.value:+g} column{'s' if abs(m.value) != 1 else ''} ({m.source})" for m in shot.mods] \
        + [f"column {shot.column}" + (" (only a 9 hits, as a disruption)" if shot.column == T.OFF_CHART else "")]


def ACTIONS(game: Game) -> list[ActionSpec]:
    legal = game.legal_actions()
    out: list[ActionSpec] = []
    r = L.rk(game)
    sides = tuple(game.state["sides"])
    if "plot artillery" in legal:
        gunners = tuple(s for s in sides if SU.has_battery(game, s))
        templates = tuple(dict.fromkeys(t for s in gunners  # only what these guns may use (the rules refuse others)
                                        for t in SU.battery(game, s).get("templates", T.HEAVY_TEMPLATES.value)))
        if gunners:
            out.append(ActionSpec("plot artillery", "Plot off-board fire", (
                Param("side", "choice", "side", gunners), Param("point", "point", "impact point"),
                Param("template", "choice", "template", templates), Param("facing", "int", "sheaf bearing", default=0, high=359)),
                lambda g, p: SU.drift_odds(), lambda g, p: SU.resolve_plot(g, p["side"], _pt(p["point"]), p["template"], p["facing"]),
                "Artillery", lambda g, p: [f"template {p['template']}: {T.TEMPLATES[p['template']].note}",
                                           "1-4 on target, 5-0 drift 4\" (HOUSE)"],
                lambda g, p: geometry_shapes(SU.template_shape(p["template"], _pt(p["point"]), p["facing"]),
                                             fill="#d62828", stroke="#d62828", alpha=0.25, tag="template")))
    flyers = tuple(s for s in sides if SU.air(game, s)["on_table"])
    if "flight path" in legal and flyers:
        out.append(ActionSpec("flight path", "Lay the flight path", (
            Param("side", "choice", "side", flyers), Param("start", "point", "enters at"), Param("end", "point", "leaves at")),
            lambda g, p: None, lambda g, p: SU.resolve_path(g, p["side"], _pt(p["start"]), _pt(p["end"])), "Turn Over Aircraft"))
    if "command" in legal:
        leaders = tuple(u for u in L.units(game) if L.is_leader(game, u))
        shaken = tuple(u for u in L.units(game) if L.marker(game, u))
        if leaders and shaken:
            out.append(ActionSpec("command", "Leader removes a marker", (
                Param("leader", "choice", "leader", leaders), Param("unit", "choice", "unit", shaken)),
                lambda g, p: None, lambda g, p: CMD.resolve_command(g, p["leader"], p["unit"]), "Command sequence",
                lambda g, p: [f"radius {L.radius(g, p['leader']):g}\"", "the leader then stays inactive this sequence"],
                lambda g, p: zone_overlay(radius_zone(L.pos(g, p["leader"]), max(L.radius(g, p["leader"]), 0.1)),
                                          label="command radius")))
    if "draw card" in legal:
        out += _card_actions(game, r)
    if "artillery" in legal:
        plotted = tuple(s for s, m in r["missions"].items() if m and "point" in m)
        if plotted:
            out.append(ActionSpec("artillery", "Off-board artillery lands", (Param("side", "choice", "side", plotted),),
                                  lambda g, p: SU.drift_odds(), lambda g, p: SU.resolve_artillery(g, p["side"]),
                                  "Resolution of Air and Artillery Fire"))
    if "air strike" in legal:
        strikers = tuple(s for s in sides if SU.air(game, s)["on_table"] and SU.air(game, s)["path"])
        if strikers:
            out.append(ActionSpec("air strike", "Air strike", (Param("side", "choice", "side", strikers),
                                                               Param("point", "point", "aim at")),
                                  lambda g, p: SU.drift_odds(), lambda g, p: SU.resolve_strike(g, p["side"], _pt(p["point"])),
                                  "Aircraft"))
    due = tuple(FL.tests_due(game))
    if "morale" in legal and due and game.current_step().name != "Morale":
        return [_morale(f"Morale test ({len(due)} due now)", due)]  # "immediately": before anything else
    if "morale" in legal and game.current_step().name == "Morale":  # voluntary tests: "at the end of a phase"
        optional = tuple(u for u in L.units(game) if L.marker(game, u) and u not in due)
        if due or optional:
            out.append(_morale("Morale test" + (f" ({len(due)} due)" if due else " (voluntary)"), due + optional))
    if "aircraft arrival" in legal:
        airmen = tuple(s for s in sides if game.scenario.rules.get("aircraft", {}).get(s))
        if airmen:
            out.append(ActionSpec("aircraft arrival", "Dice for aircraft", (Param("side", "choice", "side", airmen),),
                                  lambda g, p: odds.aircraft_arrival(L.rk(g)["air_chance"].get(p["side"], T.AIR_ARRIVAL["base"].value)),
                                  lambda g, p: SU.resolve_arrival(g, p["side"]), "Turn Over Aircraft"))
    return out


def _morale(label: str, units: tuple[str, ...]) -> ActionSpec:
    return ActionSpec("morale", label, (Param("unit", "choice", "unit", units),),
                      lambda g, p: MO.odds(g, p["unit"]), lambda g, p: MO.resolve(g, p["unit"]), "Morale",
                      lambda g, p: [f"base {MO.modifiers(g, p['unit'])[0]} (HOUSE morale chart)"]
                      + [str(m) for m in MO.modifiers(g, p["unit"])[1]])


def _card_actions(game: Game, r: dict) -> list[ActionSpec]:
    # the draw is a duty when nothing else is left to do with the card out: none yet, a card
    # ignored or passed, a unit's functions spent; while a unit may still act it is a choice
    out = [ActionSpec("draw card", "Draw the next card", (), lambda g, p: None, lambda g, p: FL.draw_card(g),
                      "The Sequence of the Game 3", forced=True)]
    if r["card"] and r["unit"] is None:
        waiting = tuple(L.waiting(game, game.state["active"]))
        if waiting:
            out.insert(0, ActionSpec("activate", f"Activate a unit ({r['card']})", (Param("unit", "choice", "unit", waiting),),
                                     lambda g, p: None, lambda g, p: FL.activate(g, p["unit"]), "Movement and Firing"))
            out.insert(1, ActionSpec("pass", f"Pass this card ({r['card']})", (), lambda g, p: None, lambda g, p: FL.pass_card(g),
                                     "The Sequence of the Game 3"))
            out[2:2] = _activate_and_act(game, r["card"], waiting)
            out[-1] = replace(out[-1], forced=False)
    uid = r["unit"]
    if uid in (None, "passed") or not L.alive(game, uid) or not L.status(game, uid).get("functions"):
        return out
    left = L.status(game, uid)["functions"]
    tag = f" ({uid}, {left} function{'s' if left != 1 else ''} left)"
    fns: list[ActionSpec] = [ActionSpec("move", "Move" + tag, (Param("to", "point", "to"),),
                                        lambda g, p: None, lambda g, p: MV.resolve_move(g, uid, _pt(p["to"])),
                                        "Terrain and Penalty Effects on Movement",
                                        lambda g, p: MV.speed(g, uid, _pt(p["to"]))[1])]
    foes = tuple(u for u in L.enemies(game, uid) if not game.state["pieces"][L.piece(game, u)].get("hidden"))
    if foes:
        fns.append(ActionSpec("fire", "Fire" + tag, (Param("target", "choice", "target", foes),
                                                     Param("split", "choice", "fire at two targets?", ("no", "yes"))),
                              lambda g, p: F.plan(g, uid, p["target"], p["split"] == "yes").odds(g.scenario.rules.get("chart")),
                              lambda g, p: F.resolve(g, uid, p["target"], p["split"] == "yes"), "Firing the Unit",
                              lambda g, p: _shot_lines(F.plan(g, uid, p["target"], p["split"] == "yes"))))
    if L.marker(game, uid):
        fns.append(ActionSpec("remove marker", "Remove a marker" + tag, (), lambda g, p: None,
                              lambda g, p: CMD.resolve_remove(g, uid), "Command Radius 3"))
    if L.kind(game, uid) == "vehicle":
        fns.append(ActionSpec("traverse", "Traverse the turret" + tag, (Param("facing", "int", "to bearing", high=359),),
                              lambda g, p: None, lambda g, p: CMD.resolve_traverse(g, uid, p["facing"]), "Movement and Firing"))
    if L.status(game, uid).get("immobile") == "mud":
        fns.append(ActionSpec("unstick", "Break free of the mud" + tag, (),
                              lambda g, p: odds.unstick(T.MUD_FREE["special" if L.attr(g, uid, "special_tank") else "regular"].value),
                              lambda g, p: MV.resolve_unstick(g, uid), "Breakdown and Immobilization"))
    if L.kind(game, uid) in L.HEAVY:
        fns.append(ActionSpec("set up", ("Take down" if L.status(game, uid).get("deployed") else "Set up") + tag, (),
                              lambda g, p: None, lambda g, p: CMD.resolve_setup(g, uid), "Movement and Firing"))
    hidden = tuple(u for u in L.enemies(game, uid) if game.state["pieces"][L.piece(game, u)].get("hidden"))
    if hidden:
        fns.append(ActionSpec("observe", "Observe" + tag, (Param("target", "choice", "look for", hidden),),
                              lambda g, p: odds.observe(SU.observe_chance(g, uid, p["target"])[1]),
                              lambda g, p: SU.resolve_observe(g, uid, p["target"]), "Observation",
                              lambda g, p: [f"base {SU.observe_chance(g, uid, p['target'])[0]}%"]
                              + [str(m) for m in SU.observe_chance(g, uid, p["target"])[2]]))
    flyers = tuple(s for s in game.state["sides"] if s != L.side(game, uid) and SU.air(game, s)["on_table"])
    if flyers:
        fns.append(ActionSpec("AA fire", "Fire at aircraft" + tag, (Param("side", "choice", "aircraft of", flyers),),
                              lambda g, p: odds.aa_fire(SU.aa_chance(g, uid)),
                              lambda g, p: SU.resolve_aa(g, uid, p["side"]), "Anti-Aircraft Fire"))
    close = tuple(u for u in L.enemies(game, uid) if F.in_melee_reach(game, uid, u))
    if close:
        fns.append(ActionSpec("melee", "Melee" + tag, (Param("enemy", "choice", "enemy stand", close),),
                              lambda g, p: odds.melee(), lambda g, p: F.resolve_melee(g, uid, p["enemy"]), "Melee"))
    return [replace(f, actor=uid) for f in fns] + [replace(out[-1], forced=not fns)]


def _activate_and_act(game: Game, card: str, waiting: tuple[str, ...]) -> list[ActionSpec]:
    """A unit's first function chosen with the unit itself: the card activates it, then it moves
    or fires (Movement and Firing), as one action the umpire undoes whole."""
    foes = tuple(sorted({f for u in waiting for f in L.enemies(game, u)
                         if not game.state["pieces"][L.piece(game, f)].get("hidden")}))
    unit = Param("unit", "choice", "unit", waiting)
    out = [ActionSpec("move", f"Activate and move ({card})", (unit, Param("to", "point", "to")),
                      lambda g, p: None, lambda g, p: _first(g, p["unit"], lambda a: MV.resolve_move(a, p["unit"], _pt(p["to"]))),
                      "Movement and Firing", lambda g, p: MV.speed(g, p["unit"], _pt(p["to"]))[1], shortcut=True)]
    if foes:
        out.append(ActionSpec("fire", f"Activate and fire ({card})",
                              (unit, Param("target", "choice", "target", foes, enemy_of="unit"),
                               Param("split", "choice", "fire at two targets?", ("no", "yes"))),
                              lambda g, p: F.plan(g, p["unit"], p["target"], p["split"] == "yes").odds(g.scenario.rules.get("chart")),
                              lambda g, p: _first(g, p["unit"], lambda a: F.resolve(a, p["unit"], p["target"], p["split"] == "yes")),
                              "Firing the Unit",
                              lambda g, p: _shot_lines(F.plan(g, p["unit"], p["target"], p["split"] == "yes")),
                              shortcut=True))
    return out


def _first(game: Game, uid: str, act):
    """Activate ``uid`` and make its first function, grouped in the log; a function the rules
    refuse takes the activation back with it."""
    with game.grouped(f"{uid} acts ({len(game.log)})"):
        FL.activate(game, uid)
        try:
            return act(game)
        except IllegalActionError:
            game.undo()
            raise


# -- board hooks -------------------------------------------------------------------------------
def move(game: Game, piece: str, to):
    uid = game.state["pieces"][piece]["unit"]
    if "move" not in game.legal_actions():
        raise IllegalActionError(f"units move when their card is drawn; now is {game.current_step().name}")
    return MV.resolve_move(game, uid, _pt(to))


def move_limit(game: Game, piece: str) -> float | None:
    uid = game.state["pieces"][piece]["unit"]
    if L.rk(game)["unit"] != uid:
        return None
    return MV.speed(game, uid, L.pos(game, uid))[0]


