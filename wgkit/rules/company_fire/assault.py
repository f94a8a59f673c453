"""Company Fire: Close Assault (and Vehicle Close Assault; Bocage: Close Assault)."""

from __future__ import annotations

from wgkit.dice import D6
from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import tables as T
from wgkit.rules.company_fire.effects import Effects
from wgkit.rules.company_fire.movement import card_kind

AFV = {"tank_destroyer", "armoured_car", "halftrack"}


def _m(name: str, times: int = 1) -> list[Modifier]:
    v = T.ASSAULT_MODS[name]
    return [Modifier(name if times == 1 else f"{name} x{times}", v.value * times, v.label())] if times else []


def side_modifiers(game: Game, units: list[str], attacker: bool, enemy: list[str], reinforced: bool = False) -> list[Modifier]:
    """Close Assault modifiers for one side's units in one square (every line of the text)."""
    here = L.cell(game, units[0])
    friends = [u for u in L.friends_at(game, units[0], here)]
    fighting = [u for u in units if L.role(game, u) != "smf"]
    mods: list[Modifier] = []
    lead = L.leader_with(game, units[0])
    if lead:
        mods += _m(lead.replace("_", " ") + " in the square")
    good = [u for u in fighting if L.order(game, u) == "good order"]
    mods += _m("extra good-order unit", max(0, len(good) - 1))
    if any(L.kind(game, u) == "smg_squad" and L.order(game, u) != "suppressed" for u in fighting):
        mods += _m("SMG squad present")
    ready_vehicle_mg = [u for u in friends if L.role(game, u) == "vehicle" and L.order(game, u) != "suppressed"
                        and L.off_bow(L.facing(game, u), L.bearing(game, here, L.cell(game, enemy[0]))) <= T.FRONT_ARC.value]
    if attacker:
        mods += _m("vehicle MG (attacker)", len(ready_vehicle_mg))
        if reinforced:
            mods += _m("reinforced cover")
    else:
        mgs = [u for u in fighting if L.kind(game, u) in L.MGS and L.order(game, u) != "suppressed"]
        mods += _m("MG in defence", len(mgs) + len(ready_vehicle_mg))
        if any(L.order(game, u) == "pinned" for u in fighting):
            mods += _m("pinned defender")
        if fighting and all(L.role(game, u) == "team" for u in fighting):
            mods += _m("only weapon teams")
        if any(L.order(game, u) == "suppressed" for u in fighting):
            mods += _m("suppressed defender")
    if any(L.role(game, e) == "vehicle" for e in enemy):
        arms = set().union(*(L.weapons(game, u) for u in fighting)) if fighting else set()
        if arms & {"bazooka", "panzerschreck", "piat", "panzerfaust"}:
            mods += _m("anti-tank weapons against a vehicle")
        elif "at_grenades" in arms:
            mods += _m("anti-tank grenades against a vehicle")
    if any(L.kind(game, u) == "tank" for u in fighting):
        mods += _m("friendly tank")
    elif any(L.kind(game, u) in AFV for u in fighting):
        mods += _m("friendly AFV")
    return mods


def assault_roll(chance, attack: int, defence: int) -> int:
    """Each side rolls 1d6 plus its modifiers; returns attacker minus defender."""
    return (chance.face(D6, "attacker") + attack) - (chance.face(D6, "defender") + defence)


def assault_said(diff: int) -> str:
    """Close Assault: what a difference means, the loser taking that many hits (a tie: one for one)."""
    if diff == 0:
        return "tie: one hit for one"
    return f"{'attacker' if diff > 0 else 'defender'} wins by {abs(diff)}"


def assault_odds(attack: int, defence: int):
    """The chance of each difference, attacker's total minus defender's, in words (worst for the
    attacker first)."""
    return exact(assault_roll, attack, defence).named(names=assault_said)


def plan(game: Game, attackers: list[str], target: L.Cell) -> tuple[list[str], list[Modifier], list[Modifier]]:
    """Eligibility and modifiers: returns (defenders, attacker modifiers, defender modifiers)."""
    if card_kind(game) not in ("move", "any"):
        raise IllegalActionError("close assaults are made on move or face cards")
    if not attackers:
        raise IllegalActionError("choose the assaulting units")
    here = {L.cell(game, u) for u in attackers}
    if len(here) != 1:
        raise IllegalActionError("the assaulting units must be in one square")
    origin = here.pop()
    for u in attackers:
        st = L.status(game, u)
        if not L.alive(game, u):
            raise IllegalActionError(f"{u} is out of action")
        if L.role(game, u) == "smf":
            raise IllegalActionError(f"{u} is a single figure: they do not close assault")
        if L.role(game, u) == "team":
            if L.kind(game, u) in ("light_mortar", "mmg", "hmg", "at_gun"):
                raise IllegalActionError(f"{u} is a weapon crew: crews do not start a close assault")
        if L.order(game, u) != "good order":
            raise IllegalActionError(f"{u} is {L.order(game, u)} and may not close assault")
        if st.get("assaulted") or st.get("fired") or st.get("spent"):
            raise IllegalActionError(f"{u} has already fought or fired this phase")
    if not L.adjacent(origin, target):
        raise IllegalActionError(f"{target} is not next to {origin}")
    defenders = [u for u in L.units_at(game, target) if L.side(game, u) != L.side(game, attackers[0])]
    if not any(L.role(game, u) != "smf" for u in defenders):
        raise IllegalActionError(f"no enemy unit in {target} to assault")
    reinforced = L.gridmap(game).terrain(target) == "bunker"
    att = side_modifiers(game, attackers, True, defenders, reinforced)
    dfn = side_modifiers(game, defenders, False, attackers)
    return defenders, att, dfn


def _weakest(game: Game, fx: Effects, units: list[str], n: int) -> list[str]:
    order = ("suppressed", "pinned", "good order")
    live = [u for u in units if fx.order(u) != "destroyed" and L.role(game, u) != "smf"]
    return sorted(live, key=lambda u: order.index(fx.order(u)) if fx.order(u) in order else 0)[:n]


def resolve(game: Game, attackers: list[str], target: L.Cell, occupy: bool = True, opfire_by: str | None = None):
    """High roll wins; each losing unit takes the difference in hits; suppressed losers retreat a
    square or are destroyed; a tie destroys units one for one; a winning attacker whose enemy is
    all gone may move in. An eligible defender may first op fire at the assaulting units (its own
    event); attackers it pins or suppresses drop out of the assault."""
    defenders, att, dfn = plan(game, attackers, target)
    if opfire_by is not None:
        from wgkit.rules.company_fire import fire

        if opfire_by not in defenders:
            raise IllegalActionError(f"{opfire_by} is not defending {target}")
        origin = L.cell(game, attackers[0])
        game.record("op fire declared", [(("vars", "cf", "opfire"), {"units": list(attackers), "from": list(origin),
                                                                     "to": list(origin)})],
                    f"{opfire_by} takes opportunity fire at the assault")
        fire.resolve(game, [opfire_by], origin, "opfire")
        attackers = [u for u in attackers if L.order(game, u) == "good order"]
        if not attackers:
            return game.log[-1]
        defenders, att, dfn = plan(game, attackers, target)
    a, d = int(sum(m.value for m in att)), int(sum(m.value for m in dfn))
    roller = game.roller()
    diff = assault_roll(Play(roller), a, d)
    fx = Effects(game)
    origin = L.cell(game, attackers[0])
    for u in attackers:
        fx.set(("units", u, "status", "assaulted"), True)
        fx.set(("units", u, "status", "moved"), True)
    if diff == 0:
        n = min(len(attackers), len([u for u in defenders if L.role(game, u) != "smf"]))
        for u in _weakest(game, fx, attackers, n) + _weakest(game, fx, defenders, n):
            fx.hit(u, 3, "tie: one for one")
        result = "tie"
    else:
        losers, winners = (defenders, attackers) if diff > 0 else (attackers, defenders)
        result = "attacker wins" if diff > 0 else "defender wins"
        for u in losers:
            if L.role(game, u) == "smf":
                continue
            after = fx.hit(u, abs(diff), "close assault")
            if after == "suppressed" and L.role(game, u) != "vehicle":
                dest = fx.retreat_square(u, away_from=L.cell(game, winners[0]))
                if dest is None:
                    fx.set_order(u, "destroyed")
                    fx.lines.append(f"{u} cannot retreat and is destroyed")
                else:
                    fx.move(u, dest)
                    fx.lines.append(f"{u} retreats to {dest}")
    # "If the defender is completely destroyed": a defender that retreated was not, and its square stays empty
    gone = all(fx.order(u) == "destroyed" for u in defenders if L.role(game, u) != "smf")
    changes_text = ""
    if diff > 0 and gone:
        for u in defenders:
            if L.role(game, u) == "smf" and fx.cell(u) == target:
                fx.set_order(u, "destroyed")
        if occupy:
            for u in attackers:
                if fx.order(u) != "destroyed":
                    fx.move(u, target)
            changes_text = f"; the attackers occupy {target}"
    return game.record("close assault", [(("rng", "counter"), roller.counter)] + fx.finish(), by=tuple(attackers),
                       text=f"{'+'.join(attackers)} assault {target} from {origin}: {result} by {abs(diff)}; "
                       + "; ".join(fx.lines) + changes_text, rolls=tuple(roller.log),
                       detail={"rule": "Close Assault", "outcome": result, "difference": diff,
                               "modifiers": [{**m.to_dict(), "side": "attacker"} for m in att]
                               + [{**m.to_dict(), "side": "defender"} for m in dfn],
                               "odds": assault_odds(a, d).describe(cumulative=False)})
