"""Close Action's actions for the ActionPanel: what the current step allows, with the odds
before the roll computed by the same plan the resolution uses."""

from __future__ import annotations

from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.zones import blast_zone
from wgkit.render.shapes import arc_overlay, zone_overlay
from wgkit.rules.actions import ActionSpec, Param
from wgkit.rules.close_action import blast, fire, melee, morale, movement, odds
from wgkit.rules.close_action import lookup as S
from wgkit.rules.close_action import tables as T


def _units(game: Game, sides: list[str], test=lambda uid: True) -> tuple[str, ...]:
    return tuple(uid for uid, u in game.state["units"].items()
                 if u["side"] in sides and S.alive_figures(game, uid) and test(uid))


def _figures(game: Game, sides: list[str], test=lambda fid: True) -> tuple[str, ...]:
    return tuple(pid for pid, p in game.state["pieces"].items() if p["side"] in sides and p["alive"] and test(pid))


def _point(p: dict) -> tuple[float, float]:
    return tuple(p["point"])  # type: ignore[return-value]


def _fire_explain(game: Game, p: dict) -> list[str]:
    plan, weapon_need = _fire_plan(game, p)
    shift = -int(sum(m.value for m in plan.modifiers))  # a modifier of -2 raises the number needed by 2
    lines = [str(m) for m in plan.modifiers]
    for pool in plan.pools:
        base = f"base {pool.need - shift}+, " if shift else ""
        two = f": a 6, then {pool.need - 3}-6" if pool.need > 6 else ""
        lines.append(f"{fire.firers(pool.figures)}: {pool.dice} dice, {base}need {pool.need}+{two}")
    lines += list(plan.notes)
    if weapon_need is not None:
        lines.append(f"the HMG die at the weapon needs {weapon_need}+")
    if plan.danger:
        lines.append(f"danger zone: {', '.join(plan.danger)} also rolled for")
    return lines


def ACTIONS(game: Game) -> list[ActionSpec]:
    legal = game.legal_actions()
    sides = game.acting_sides()
    enemies = [s for s in game.state["sides"] if s not in sides]
    out: list[ActionSpec] = []
    if "rally" in legal:
        units = _units(game, sides, lambda u: S.unit_of(game, u)["status"].get("morale", "ok") != "ok")
        if units:
            out.append(ActionSpec("rally", "Rally (officer within 3\")", (Param("unit", "choice", "unit", units),),
                                  lambda g, p: odds.rally(morale.rally_need(g, p["unit"])),
                                  lambda g, p: morale.resolve_rally(g, p["unit"]), "Morale: Rally"))
    if "fire" in legal:
        units = _units(game, sides, lambda u: S.unit_of(game, u)["status"].get("morale", "ok") == "ok")
        targets = _units(game, enemies)
        able = {(u, t) for u in units for t in targets if _can_fire(game, u, t)}
        units = tuple(sorted(units, key=lambda u: not any((u, t) in able for t in targets)))  # who can fire first
        targets = tuple(sorted(targets, key=lambda t: (units[0], t) not in able)) if units else targets
        if units and targets:
            weapons = ("none",) + _figures(game, enemies, lambda f: any(w in S.SUPPORT for w in game.scenario.piece(f).weapons))
            params = [Param("unit", "choice", "firing unit", units), Param("target", "choice", "target", targets),
                      Param("aim", "choice", "aim at", ("all", *fire.PROTECTION), "all"),
                      Param("weapon", "choice", "HMG die at weapon of", weapons, "none")]
            if game.scenario.rules.get("referee"):
                params.append(Param("blind", "choice", "blind fire (referee)", ("no", "yes"), "no"))
            out.append(ActionSpec("fire", "Fire", tuple(params), _fire_odds, _fire_resolve, "Firing", _fire_explain,
                                  _fire_preview))
    for weapon in ("grenade", "mortar"):
        if weapon in legal:
            men = _figures(game, sides, lambda f: weapon in game.scenario.piece(f).weapons)
            if men:
                out.append(ActionSpec(
                    weapon, f"{weapon.title()} (blast zone {T.FIRE_TABLE[weapon].value.blast:g}\")",
                    (Param("firer", "choice", "firer", men), Param("point", "point", "blast point")),
                    lambda g, p, w=weapon: blast.blast_odds(g, w, p["firer"], _point(p)),
                    lambda g, p, w=weapon: blast.resolve_blast(g, w, p["firer"], _point(p)),
                    f"Firing: {weapon.title()}s",
                    lambda g, p, w=weapon: [("throw on 5-6; " if w == "grenade" else "")
                                            + "roll-off: a higher passive die moves the blast point by the difference",
                                            "odds: men hit (house: " + blast.BZ_DICE.note + ")"],
                    lambda g, p, w=weapon: zone_overlay(blast_zone(_point(p), T.FIRE_TABLE[w].value.blast),
                                                        label=f"{w} BZ")))
                if weapon == "mortar":
                    out.append(ActionSpec("cease", "Cease mortar fire (to re-aim next turn)",
                                          (Param("firer", "choice", "mortar", men),), lambda g, p: None,
                                          lambda g, p: blast.resolve_cease(g, p["firer"]), "Firing: Mortars"))
    if "move" in legal:
        men = _figures(game, sides)
        out.append(ActionSpec("move", "Move a figure", (Param("figure", "choice", "figure", men),
                                                        Param("point", "point", "to"),
                                                        Param("how", "choice", "how", ("move", "charge", "break off"), "move")),
                              lambda g, p: None, _move_resolve, "Movement", _move_explain))
        out.append(ActionSpec("face", "Turn a figure", (Param("figure", "choice", "figure", men),
                                                        Param("point", "point", "to face")),
                              lambda g, p: None, lambda g, p: movement.resolve_face(g, p["figure"], _point(p)),
                              "Movement: Command Control", turns_only=True))
        shaken = _units(game, sides, lambda u: S.unit_of(game, u)["status"].get("morale", "ok") in ("cowering", "rout"))
        if shaken:
            out.append(ActionSpec("retreat", "Forced retreat (cowering or routed)", (Param("unit", "choice", "unit", shaken),),
                                  lambda g, p: None, lambda g, p: movement.resolve_retreat(g, p["unit"]),
                                  "Morale: Morale States"))
    if "morale" in legal:
        for side in sides:
            units = tuple(morale.must_test(game, side))
            if units:
                out.append(ActionSpec("morale", "Morale test", (Param("unit", "choice", "unit", units),),
                                      lambda g, p: morale.morale_odds(g, p["unit"]),
                                      lambda g, p: morale.resolve_morale(g, p["unit"]), "Morale",
                                      lambda g, p: [str(m) for m in morale.morale_modifiers(g, p["unit"])]))
    if "melee" in legal:
        fights = melee.groups(game)
        if fights:
            pick = {(g.single, *g.many): g for g in fights}
            names = tuple((f"{g.single} v {' + '.join(g.many)}", key) for key, g in pick.items())
            out.append(ActionSpec("melee", "Hand to hand", (Param("group", "choice", "fight (the single figure first)", names),),
                                  lambda g, p: melee.melee_odds(g, pick[tuple(p["group"])]),
                                  lambda g, p: melee.resolve_melee(g, pick[tuple(p["group"])]), "Hand-to-Hand Fighting"))
    return out


def _can_fire(game: Game, unit: str, target: str) -> bool:
    try:
        fire.plan_fire(game, unit, target)
    except IllegalActionError:
        return False
    return True


def _fire_preview(game: Game, p: dict) -> list:
    """Each firing figure's 45° arc, and the danger zone of any LMG or HMG among them."""
    from wgkit.geometry.zones import danger_zone, offset

    plan, _ = _fire_plan(game, p)
    shapes = []
    for pool in plan.pools:
        for f in pool.figures:
            me = game.piece(f)
            shapes += arc_overlay(me["position"], me["facing"], T.ARC_HALF_ANGLE.value, 8.0)
            if S.weapon(game, f) in ("lmg", "hmg"):
                zone = danger_zone(offset(me["position"], me["facing"], 0.3),
                                   [game.piece(t)["position"] for t in plan.targets], T.DANGER_ZONE_WIDEN.value)
                shapes += zone_overlay(zone, "#d73027", label=f"{f} danger zone", alpha=0.2)
    return shapes


def _fire_kw(p: dict) -> dict:
    return {"aim": p.get("aim", "all"), "blind": p.get("blind") == "yes",
            "weapon_target": None if p.get("weapon", "none") == "none" else p["weapon"]}


def _fire_plan(game: Game, p: dict) -> tuple[fire.FirePlan, int | None]:
    """The fire the form describes, less an HMG die aimed at a weapon, with that die's need."""
    kw = _fire_kw(p)
    plan = fire.plan_fire(game, p["unit"], p["target"], aim=kw["aim"], blind=kw["blind"])
    if kw["weapon_target"]:
        return fire.aim_at_weapon(game, plan, kw["weapon_target"])
    return plan, None


def _fire_odds(game: Game, p: dict):
    return fire.fire_odds(_fire_plan(game, p)[0])


def _fire_resolve(game: Game, p: dict):
    return fire.resolve_fire(game, p["unit"], p["target"], **_fire_kw(p))


def _move_resolve(game: Game, p: dict):
    how = p.get("how", "move")
    return movement.resolve_move(game, p["figure"], _point(p), charge=how == "charge", break_off=how == "break off")


def _move_explain(game: Game, p: dict) -> list[str]:
    try:
        plan = movement.plan_move(game, p["figure"], _point(p), charge=p.get("how") == "charge")
    except IllegalActionError as exc:
        return [str(exc)]
    return [f"{plan.distance:.1f}\" on the table costs {plan.cost:.1f}\" of rate (most {plan.limit:g}\"): "
            f"moves {plan.stance}"] + list(plan.notes)


def move_limit(game: Game, fid: str) -> float:
    """The most base-rate inches the figure may still use (for the board's drag circle)."""
    officer = S.is_officer(game, fid)
    rate = T.WEAPON_RATES[T.WEAPON_RATE_DEFAULT].value if movement.carries_weapon(game, fid) else \
        T.MOVE_RATE["upright"].value * (T.OFFICER_SPEED.value if officer else 1)
    return max(0.0, rate - game.piece(fid)["status"].get("moved", 0.0))


def move(game: Game, fid: str, to: tuple[float, float]):
    if "move" not in game.legal_actions():
        raise IllegalActionError(f"figures move in the Move step; now is {game.current_step().name}")
    if game.piece(fid)["side"] not in game.acting_sides():
        raise IllegalActionError(f"{fid} belongs to the side that is not moving now")
    return movement.resolve_move(game, fid, to)
