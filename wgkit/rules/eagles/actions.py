"""Eagles, Crowns and Oak Leaves' actions for the ActionPanel, with kill dice, to-hit faces and
odds before every roll, and the barrage CD and its drift on the table."""

from __future__ import annotations

from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.zones import radius_zone
from wgkit.render.shapes import zone_overlay
from wgkit.rules.actions import ActionSpec, Param, groups
from wgkit.rules.eagles import air as AIR
from wgkit.rules.eagles import barrage as B
from wgkit.rules.eagles import close as C
from wgkit.rules.eagles import fire as F
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import movement as MV
from wgkit.rules.eagles import odds
from wgkit.rules.eagles import tables as T
from wgkit.rules.eagles import spotting as SP


def _pt(p) -> tuple[float, float]:
    return float(p[0]), float(p[1])


def _cd(point, label: str) -> list:
    return zone_overlay(radius_zone(point, T.CD_DIAMETER.value / 2), label=label)


def ACTIONS(game: Game) -> list[ActionSpec]:
    legal = game.legal_actions()
    step = game.current_step().name
    out: list[ActionSpec] = []
    units = tuple(L.units(game))
    if "move" in legal:
        movers = tuple(u for u in units if not L.status(game, u).get("suppressed")
                       and (not L.status(game, u).get("moved") or u in MV.close_units(game)))  # quarter segments
        if movers:
            out.append(ActionSpec("move", "Move", (Param("unit", "choice", "unit", movers), Param("to", "point", "to")),
                                  lambda g, p: None, lambda g, p: MV.resolve_move(g, p["unit"], _pt(p["to"])), "2.0",
                                  lambda g, p: MV.explain(g, p["unit"], _pt(p["to"]))))
    if "hold" in legal:
        close = tuple(u for u in units if MV.in_close_combat(game, u) and int(L.status(game, u).get("quarters") or 0) < T.QUARTERS.value)
        if close:
            out.append(ActionSpec("hold", "Hold (no more quarter segments)", (Param("unit", "choice", "unit", close),),
                                  lambda g, p: None, lambda g, p: MV.resolve_hold(g, p["unit"]), "Sequence of Play",
                                  lambda g, p: [f"next quarter segment: {MV.next_quarter(g) or 'nobody'}"]))
    if "deploy" in legal:
        guns = tuple(u for u in units if L.kind(game, u) in ("artillery", "at_gun") and not L.attr(game, u, "off_board")
                     and not L.status(game, u).get("deploying"))
        if guns:
            out.append(ActionSpec("deploy", "Set up or break down a gun", (Param("unit", "choice", "gun", guns),),
                                  lambda g, p: None, lambda g, p: B.resolve_deploy(g, p["unit"]), "3.9",
                                  lambda g, p: [f"{B.gun_type(g, p['unit'])}: break down, set up "
                                                f"{T.SETUP_TURNS[B.gun_type(g, p['unit'])].value} turns"]))
    if "fire" in legal:
        shooters = tuple(u for u in units if not L.status(game, u).get("fired") and L.kind(game, u) in F.ORDERS[step][0])
        targets = tuple(u for u in units if L.is_vehicle(game, u) == (F.ORDERS[step][1] == "vehicle")
                        and not L.off_table(game, u) and any(L.side(game, u) != L.side(game, s) for s in shooters))
        if shooters and targets:
            support = ("none",) + tuple(u for u in units if L.status(game, u).get("role") == "support"
                                        or L.kind(game, u) in ("mg", "at_gun", "aa"))
            out.append(ActionSpec("fire", f"Direct fire ({step})", (
                Param("unit", "choice", "firer", shooters),
                Param("target", "choice", "target", targets, enemy_of="unit"),
                Param("support", "choice", "direct support from", support, friend_of="unit")),
                lambda g, p: F.plan(g, p["unit"], p["target"], _sup(p), step).odds(),
                lambda g, p: F.resolve(g, p["unit"], p["target"], _sup(p), step), "4.2",
                lambda g, p: [str(m) for m in F.plan(g, p["unit"], p["target"], _sup(p), step).mods]
                + F.plan(g, p["unit"], p["target"], _sup(p), step).notes
                + [f"{F.plan(g, p['unit'], p['target'], _sup(p), step).dice} kill dice"]))
    hidden = tuple(u for u in units if not L.status(game, u).get("spotted", True))
    if "spot" in legal and hidden:
        out.append(ActionSpec("spot", "Spot a hidden unit", (Param("unit", "choice", "spotter", units),
                                                             Param("target", "choice", "look for", hidden, enemy_of="unit")),
                              lambda g, p: odds.spot(SP.spot_chance(g, p["unit"], p["target"])[0]),
                              lambda g, p: SP.resolve_spot(g, p["unit"], p["target"]), "4.1"))
    batteries = tuple(u for u in game.state["units"] if L.alive(game, u) and (L.kind(game, u) == "artillery" or L.attr(game, u, "naval")))
    if "assign" in legal and batteries:
        out.append(ActionSpec("assign", "Assign a battery", (Param("unit", "choice", "battery", batteries),
                                                             Param("role", "choice", "to", ("barrage", "support"))),
                              lambda g, p: None, lambda g, p: B.assign(g, p["unit"], p["role"]), "3.0 (A)"))
    due = tuple(u for u, m in L.eg(game)["missions"].items() if m and m["due"] is not None and m["due"] <= game.state["turn"])
    if "barrage" in legal and due:
        out.append(ActionSpec("barrage", "Barrage lands", (Param("unit", "choice", "battery", due),),
                              lambda g, p: B.drift_odds(game.scenario.table.grid is not None and game.scenario.table.grid.type == "hex",
                                                        B.error_modifier(g, p["unit"], tuple(L.eg(g)["missions"][p["unit"]]["aim"]))),
                              lambda g, p: B.resolve(g, p["unit"]), "3.3-3.7",
                              lambda g, p: [f"{L.eg(g)['missions'][p['unit']]['pattern']} pattern, FP "
                                            f"{B.fp_class(g, p['unit'], L.eg(g)['missions'][p['unit']]['pattern'])}",
                                            "error: d10 for yards off, d10 for direction"],
                              lambda g, p: _cd(tuple(L.eg(g)["missions"][p["unit"]]["aim"]), "aim (4\" CD)")))
    planes = tuple(u for u in game.state["units"] if L.kind(game, u) == "aircraft" and not L.status(game, u).get("destroyed"))
    overhead = tuple(u for u in planes if (L.status(game, u).get("over") or {}).get("attacks") == game.state["turn"])
    if "air attack" in legal and overhead:
        out.append(ActionSpec("air attack", "Sortie attacks", (Param("unit", "choice", "sortie", overhead),),
                              lambda g, p: None, lambda g, p: AIR.resolve_attack(g, p["unit"]), "6.2-6.3"))
    if "sortie" in legal:
        ready = tuple(u for u in planes if not L.status(game, u).get("over"))
        if ready:
            out.append(ActionSpec("sortie", "Send a sortie", (Param("unit", "choice", "sortie", ready), Param("point", "point", "target")),
                                  lambda g, p: None, lambda g, p: AIR.resolve_sortie(g, p["unit"], _pt(p["point"])), "6.1",
                                  preview=lambda g, p: _cd(_pt(p["point"]), "impact zone")))
    if "AA fire" in legal and overhead:
        out.append(ActionSpec("AA fire", "AA fire at a sortie", (Param("unit", "choice", "firer", units),
                                                                 Param("plane", "choice", "sortie", overhead)),
                              lambda g, p: odds.aa_fire(T.AA_WEAPONS[AIR.aa_kind(g, p["unit"])].value[1]),
                              lambda g, p: AIR.resolve_aa(g, p["unit"], p["plane"]), "6.4"))
    if "call fire" in legal and batteries:
        out.append(ActionSpec("call fire", "Order fire", (
            Param("unit", "choice", "battery", batteries), Param("order", "choice", "order", ("fire", "repeat", "shift", "cease")),
            Param("point", "point", "aim at"), Param("add", "int", "add (+) / drop (-) yd", default=0, low=-800, high=800),
            Param("right", "int", "right (+) / left (-) yd", default=0, low=-800, high=800),
            Param("pattern", "choice", "pattern", ("spread", "converged"))),
            lambda g, p: None,
            lambda g, p: B.call(g, p["unit"], p["order"], _pt(p["point"]) if p["order"] == "fire" else None,
                                add=p["add"], right=p["right"], pat=p["pattern"]), "3.1",
            lambda g, p: [f"time lapse {B.lapse(g, p['unit'])} turn(s) for a new mission ({L.nationality(g, p['unit'])})"],
            lambda g, p: _cd(_pt(p["point"]), "aim")))
    if "clear mines" in legal:
        fields = tuple(a.id for a in game.terrain.areas if a.type == "minefield" and a.id not in L.eg(game)["cleared"])
        sappers = tuple(u for u in units if L.kind(game, u) in ("infantry", "engineer", "minesweeper")
                        and not L.status(game, u).get("moved"))
        if fields and sappers:
            out.append(ActionSpec("clear mines", "Clear a minefield (a turn's work)", (
                Param("unit", "choice", "unit", sappers), Param("field", "choice", "minefield", fields)),
                lambda g, p: None, lambda g, p: MV.resolve_clear(g, p["unit"], p["field"]), "1.5"))
    if "suicide" in legal:
        squads = tuple(u for u in units if C.suicide_ok(game, u) and not L.status(game, u).get("suicide"))
        if squads:
            out.append(ActionSpec("suicide", "Make a suicide squad", (Param("unit", "choice", "squad", squads),),
                                  lambda g, p: None, lambda g, p: C.resolve_suicide(g, p["unit"]), "5.3",
                                  lambda g, p: [f"it must assault the nearest enemy this turn; {T.ASSAULT_MODS['suicide squad'].value:+d} to its assault roll"]))
    if "drop" in legal:
        foot = tuple(u for u in units if L.attr(game, u, "airborne"))  # 1.8: units the scenario marks airborne
        if foot:
            out.append(ActionSpec("drop", "Paratroop or glider landing", (
                Param("unit", "choice", "unit", foot), Param("point", "point", "drop centre"),
                Param("how", "choice", "how", ("day drop", "night drop", "glider"), "day drop")),
                lambda g, p: None if p.get("how") == "glider" else AIR.scatter_odds(p.get("how") == "night drop"),
                lambda g, p: AIR.resolve_drop(g, [p["unit"]], _pt(p["point"]), night=p.get("how") == "night drop",
                                              glider=p.get("how") == "glider"), "1.8",
                lambda g, p: ["gliders land on the CD" if p.get("how") == "glider" else
                              f"scatter: {T.PARA_SCATTER['night'].value:g}\" x d10 at night" if p.get("how") == "night drop"
                              else f"scatter: {T.PARA_SCATTER['day'].value:g}\" x d6 by day", "direction: d12 (clock face)"],
                lambda g, p: _cd(_pt(p["point"]), "drop zone (4\" CD)")))
    if "counter-battery" in legal:
        targets = tuple(u for u in batteries if L.attr(game, u, "off_board") and not L.attr(game, u, "naval"))
        firing = tuple(u for u in batteries if not L.status(game, u).get("fired")
                       and any(L.side(game, t) != L.side(game, u) for t in targets))
        if firing and targets:
            out.append(ActionSpec("counter-battery", "Counter-battery fire", (
                Param("unit", "choice", "battery", firing), Param("target", "choice", "at", targets, enemy_of="unit")),
                lambda g, p: None, lambda g, p: B.counter_battery(g, p["unit"], p["target"]), "3.5",
                lambda g, p: ["counter-battery fire only suppresses an off-board battery; naval guns are immune"]))
    if "melee" in legal:
        pairs = groups(((a, b) for a in units for b in units if L.side(game, a) != L.side(game, b) and a < b
                        and not L.is_vehicle(game, a) and not L.is_vehicle(game, b) and L.yards(game, a, b) <= C.REACH_YD), " v ")
        if pairs:
            out.append(ActionSpec("melee", "Melee", (Param("pair", "choice", "fight", pairs),),
                                  lambda g, p: odds.melee(*(_rating(g, u) for u in p["pair"])),
                                  lambda g, p: C.resolve_melee(g, *p["pair"]), "5.1"))
    if "assault" in legal:
        pairs = groups(((a, b) for a in units for b in units if L.side(game, a) != L.side(game, b)
                        and not L.is_vehicle(game, a) and (L.is_vehicle(game, b) or L.kind(game, b) == "bunker")
                        and L.yards(game, a, b) <= C.REACH_YD), " v ")
        if pairs:
            out.append(ActionSpec("assault", "Assault a tank or bunker", (Param("pair", "choice", "assault", pairs),),
                                  lambda g, p: odds.assault(int(sum(m.value for m in C.assault_mods(g, *p["pair"])))),
                                  lambda g, p: C.resolve_assault(g, *p["pair"]), "5.2",
                                  lambda g, p: ["30%: d00 plus modifiers at or under 30"] + [str(m) for m in C.assault_mods(g, *p["pair"])]))
    return out


def _sup(p: dict) -> tuple[str, ...]:
    return () if p.get("support", "none") == "none" else (p["support"],)


def _rating(game: Game, uid: str) -> int:
    base, mods = C.melee_rating(game, uid)
    return base + int(sum(m.value for m in mods))


def move(game: Game, piece: str, to):
    uid = game.state["pieces"][piece]["unit"]
    if "move" not in game.legal_actions():
        raise IllegalActionError(f"units move in the movement phase; now is {game.current_step().name}")
    return MV.resolve_move(game, uid, _pt(to))


def move_limit(game: Game, piece: str) -> float | None:
    """The unit's allowance (2.1-2.2); in close combat, a quarter segment of it."""
    uid = game.state["pieces"][piece]["unit"]
    inches = MV.allowance(game, uid, L.pos(game, uid))[0]
    return inches / T.QUARTERS.value if MV.in_close_combat(game, uid) else inches
