"""Easy Company's actions for the ActionPanel, with the percentages and odds before each roll."""

from __future__ import annotations

import math

from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.zones import radius_zone
from wgkit.render.shapes import zone_overlay
from wgkit.rules.actions import ActionSpec, Param, groups
from wgkit.rules.easy_company import chances as C
from wgkit.rules.easy_company import artillery as A
from wgkit.rules.easy_company import fire as F
from wgkit.rules.easy_company import lookup as L
from wgkit.rules.easy_company import melee as ME
from wgkit.rules.easy_company import morale as MO
from wgkit.rules.easy_company import movement as MV
from wgkit.rules.easy_company import odds
from wgkit.rules.easy_company import tables as T


def _figs(game: Game, sides: list[str], test=lambda f: True) -> tuple[str, ...]:
    return tuple(pid for pid, p in game.state["pieces"].items() if p["side"] in sides and p["alive"] and test(pid))


def _pt(p: dict) -> tuple[float, float]:
    return tuple(p["point"])  # type: ignore[return-value]


def _call_explained(game: Game, leader: str | None) -> list[str]:
    """§3.2: what a call costs its caller and what follows it (the call itself rolls no dice)."""
    if not leader:
        return []
    quality = A.battery(game, game.piece(leader)["side"]).quality or "experienced"
    return [f"{leader} has {L.mp_left(game, leader)} motivation points (MPs); the call costs {T.CALL_MP.value}",
            f"no dice now: the {quality} battery then arrives on {C.arrival_chance(quality).value:g}% at each "
            f"artillery step, {T.ARRIVAL_STEP.value:+d}% for every turn it has not"]


def _leader_mps(game: Game, sides: list[str]) -> list[str]:
    return [f"{f}: {L.mp_left(game, f)} MPs" for f in _figs(game, sides, lambda f: L.is_leader(game, f))]


def ACTIONS(game: Game) -> list[ActionSpec]:
    legal, sides = game.legal_actions(), game.acting_sides()
    enemies = [s for s in game.state["sides"] if s not in sides]
    out: list[ActionSpec] = []
    mps = Param("mps", "int", "MPs spent", default=0, low=0, high=20)
    ready = lambda f: not game.piece(f)["status"].get("acted") and not game.piece(f)["status"].get("wounded")  # noqa: E731
    if "call artillery" in legal:
        radios = _figs(game, sides, lambda f: L.is_leader(game, f) and "radio" in game.scenario.piece(f).weapons)
        if radios:
            out.append(ActionSpec("call artillery", "Call off-table artillery (5 MPs)",
                                  (Param("leader", "choice", "leader", radios), Param("point", "point", "aim at")),
                                  lambda g, p: None, lambda g, p: A.resolve_call(g, p["leader"], _pt(p)), "§3.2",
                                  lambda g, p: _call_explained(g, p.get("leader"))))
        called = tuple(s for s in sides if A.may_roll_arrival(game, s))
        if called:
            out.append(ActionSpec("artillery", "Does the artillery arrive?", (Param("side", "choice", "side", called),),
                                  lambda g, p: odds.test(C.arrival_chance(
                                      A.battery(g, p["side"]).quality or "experienced",
                                      g.state["sides"][p["side"]]["vars"]["artillery"]["failed"]).value),
                                  lambda g, p: A.resolve_arrival(g, p["side"]), "§3.2"))
        ranging = [s for s in sides if (game.state["sides"][s]["vars"].get("artillery") or {}).get("state") == "ranging"]
        if ranging:
            callers = _figs(game, ranging, lambda f: L.is_leader(game, f))
            out.append(ActionSpec("walk fire", "Walk the fire up to 6\" (5 MPs)",
                                  (Param("leader", "choice", "leader", callers), Param("point", "point", "new aim")),
                                  lambda g, p: A.walk_odds(g, g.piece(p["leader"])["side"]),
                                  lambda g, p: A.resolve_walk(g, p["leader"], _pt(p)), "§3.2",
                                  preview=lambda g, p: _barrage(g, p["leader"], _pt(p))))
            out.append(ActionSpec("fire for effect", "Fire for effect (5 MPs)", (Param("leader", "choice", "leader", callers),),
                                  lambda g, p: A.effect_odds(g, g.piece(p["leader"])["side"]),
                                  lambda g, p: A.resolve_effect(g, p["leader"]), "§3.2",
                                  preview=lambda g, p: _barrage(g, p["leader"], tuple(g.state["sides"][g.piece(p["leader"])["side"]]
                                                                         ["vars"]["artillery"]["point"]))))
    if "move" in legal:
        men = _figs(game, sides, ready)
        reach = Param("reach_mps", "int", "MPs for +10 m", default=0, low=0, high=2)
        out.append(ActionSpec("move", "Move", (Param("figure", "choice", "figure", men), Param("point", "point", "to"),
                                               mps, reach),
                              lambda g, p: MV.move_odds(g, p["figure"], p["mps"])[0],
                              lambda g, p: MV.resolve_move(g, p["figure"], _pt(p), p["mps"], p["reach_mps"]), "§4",
                              lambda g, p: [str(m) for m in MV.move_odds(g, p["figure"], p["mps"])[1]] + _leader_mps(g, sides)))
    armed = lambda f: any(w in T.RANGE_M for w in game.scenario.piece(f).weapons)  # noqa: E731
    if "fire" in legal:
        men = _figs(game, sides, lambda f: ready(f) and armed(f))
        targets = tuple(u for u, s in game.state["units"].items() if s["side"] in enemies and L.figures(game, u))
        if men and targets:
            out.append(ActionSpec("fire", "Fire", (Param("figure", "choice", "firer", men),
                                                   Param("target", "choice", "target group", targets), mps),
                                  lambda g, p: F.fire_odds(g, p["figure"], p["target"], p["mps"]),
                                  lambda g, p: F.resolve_fire(g, p["figure"], p["target"], p["mps"]), "§5", _fire_explain))
    if "opportunity fire" in legal:  # §4.2: the observing side may fire into the move at any moment
        watchers = _figs(game, enemies, lambda f: ready(f) and armed(f))
        movers = tuple(u for u, s in game.state["units"].items() if s["side"] in sides and L.figures(game, u))
        if watchers and movers:
            out.append(ActionSpec("opportunity fire", "Opportunity fire (into the move)",
                                  (Param("figure", "choice", "firer", watchers),
                                   Param("target", "choice", "target group", movers), mps),
                                  lambda g, p: F.fire_odds(g, p["figure"], p["target"], p["mps"], observing=True),
                                  lambda g, p: F.resolve_fire(g, p["figure"], p["target"], p["mps"], observing=True),
                                  "§1.4; §4.2", lambda g, p: _fire_explain(g, p, observing=True)))
    if "grenade" in legal:
        throwers = _figs(game, sides, lambda f: ready(f) and "grenade" in game.scenario.piece(f).weapons)
        foes = _figs(game, enemies)
        if throwers and foes:
            out.append(ActionSpec("grenade", "Throw a grenade", (Param("figure", "choice", "thrower", throwers),
                                                                 Param("target", "choice", "at", foes)),
                                  lambda g, p: F.grenade_odds(g, p["figure"], p["target"]),
                                  lambda g, p: F.resolve_grenade(g, p["figure"], p["target"]), "§5.4"))
    if "mortar" in legal:
        crews = _figs(game, sides, lambda f: ready(f) and "mortar" in game.scenario.piece(f).weapons)
        if crews:
            out.append(ActionSpec("mortar", "Mortar (2\" radius)", (Param("figure", "choice", "mortar", crews),
                                                                    Param("point", "point", "aim at")),
                                  lambda g, p: F.mortar_odds(g, p["figure"], _pt(p)),
                                  lambda g, p: F.resolve_mortar(g, p["figure"], _pt(p)), "§5.4",
                                  preview=lambda g, p: zone_overlay(radius_zone(_pt(p), T.MORTAR_RADIUS_IN.value),
                                                                    label="mortar 2\"")))
    if "move" in legal:
        leaving = tuple(u for u, st in game.state["units"].items() if st["side"] in sides
                        and st["status"].get("morale") == "withdraw" and L.figures(game, u, fit=True))
        if leaving:
            out.append(ActionSpec("withdraw", "Withdraw (failed morale)", (Param("unit", "choice", "unit", leaving),),
                                  lambda g, p: None, lambda g, p: MO.resolve_withdraw(g, p["unit"]), "§8.1"))
    if "aid" in legal:
        hurt = _figs(game, sides, lambda f: game.piece(f)["status"].get("wounded"))
        if hurt:
            out.append(ActionSpec("aid", "Tend a wounded man", (Param("figure", "choice", "helper", _figs(game, sides, ready)),
                                                                Param("wounded", "choice", "wounded", hurt)),
                                  lambda g, p: None, lambda g, p: ME.resolve_aid(g, p["figure"], p["wounded"]), "§7.1"))
    if "melee" in legal:
        pairs = groups(((a, b) for a in _figs(game, [game.state["active"]]) for b in _figs(game, enemies + sides)
                      if game.piece(a)["side"] != game.piece(b)["side"]
                      and math.dist(game.piece(a)["position"], game.piece(b)["position"]) <= T.CONTACT_IN.value), " v ")
        if pairs:
            out.append(ActionSpec("melee", "Melee", (Param("pair", "choice", "fight", pairs),),
                                  lambda g, p: odds.melee(*(L.quality(g, f) for f in p["pair"])),
                                  lambda g, p: ME.resolve_melee(g, *p["pair"]), "§6.1"))
    if "morale" in legal:
        units = tuple(MO.must_test(game))
        if units:
            out.append(ActionSpec("morale", "Unit morale test", (Param("unit", "choice", "unit", units), mps),
                                  lambda g, p: MO.morale_odds(g, p["unit"]),
                                  lambda g, p: MO.resolve_morale(g, p["unit"], p["mps"]), "§8.1"))
    return out


def _barrage(game: Game, leader: str, point: tuple[float, float]) -> list:
    """The radius of effect of the leader's side's guns (§3.2), drawn on the table."""
    side = game.piece(leader)["side"]
    radius = A.barrage_radius(game, side)
    return zone_overlay(radius_zone(point, radius), label=f"barrage {radius:g}\"")


def _fire_explain(game: Game, p: dict, observing: bool = False) -> list[str]:
    """§5.3-5.5 before the roll: the weapon and range band, the chances to fire and to be effective
    with their modifiers, and the MPs the firer's side has left (the observers' for opportunity fire)."""
    weapon, targets, band, fire, eff, metres = F.fire_plan(game, p["figure"], p["target"], p["mps"], observing)
    sides = [game.piece(p["figure"])["side"]] if observing else game.acting_sides()
    return [f"{weapon} at {metres:.0f} m ({band} range{': hits only on 01' if band == 'long' else ''})",
            f"fires if the d00 is under {fire}", f"effective if under {eff}"] + _leader_mps(game, sides)


def move_limit(game: Game, fid: str) -> float:
    m = L.mode(game, game.piece(fid)["unit"])
    return L.SCALE.to_inches(C.move_distance_m(m, 0))


def move(game: Game, fid: str, to: tuple[float, float]):
    if "move" not in game.legal_actions():
        raise IllegalActionError(f"figures move in their side's phase; now is {game.current_step().name}")
    return MV.resolve_move(game, fid, to)
