"""Company Fire: Firing — Individual Unit Fire, Recon by Fire, Opportunity Fire, Group Fire,
Non-Phasing Reaction Fire, Snipers, Attacking Vehicles — and what follows an attack: Hit
Reduction, sacrificing a leader, scouts."""

from __future__ import annotations

from dataclasses import dataclass, field

from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import status as S
from wgkit.rules.company_fire import tables as T
from wgkit.rules.company_fire.effects import Effects
from wgkit.rules.company_fire.movement import card_kind, may_act

ARMOURED = {"tank", "tank_destroyer", "armoured_car"}


@dataclass
class FirePlan:
    """What an attack will roll: dice per target unit, the targets, the modifiers, and why."""

    firers: list[str]
    origin: L.Cell
    target: L.Cell
    dice: int
    targets: list[str]
    mods: list[Modifier] = field(default_factory=list)
    rule: str = "Individual Unit Fire"
    notes: list[str] = field(default_factory=list)

    def odds(self):
        return exact(S.hits_roll, self.dice).named("hits")


def fire_kind(game: Game, uid: str) -> str:
    """The unit's line in the fire table (vehicle MGs fire as MMGs)."""
    k = L.kind(game, uid)
    if k in T.FIRE:
        return k
    if "vehicle_mg" in L.weapons(game, uid) or k in ("tank", "armoured_car", "halftrack"):
        return "mmg"
    raise IllegalActionError(f"{uid} ({k}) has no small-arms fire")


def _targets(game: Game, firer: str, target: L.Cell, sniper: bool = False) -> list[str]:
    """Enemy units in the square that fire can hurt: single figures only by snipers, armoured
    vehicles not by small arms (house)."""
    return [u for u in L.units_at(game, target) if L.side(game, u) != L.side(game, firer)
            and (sniper or L.role(game, u) != "smf") and L.kind(game, u) not in ARMOURED]


def _mortar_spotter(game: Game, uid: str, target: L.Cell) -> str | None:
    """A light mortar fires indirectly at a square a friendly PL or CC within 1 square sees."""
    here = L.cell(game, uid)
    for u in game.state["units"]:
        if (L.alive(game, u) and L.side(game, u) == L.side(game, uid) and L.kind(game, u) in L.LEADERS
                and (L.cell(game, u) == here or L.adjacent(L.cell(game, u), here))
                and L.cell_sight(game, L.cell(game, u), target).clear):
            return u
    return None


def plan(game: Game, firers: list[str], target: L.Cell, mode: str = "fire") -> FirePlan:
    """Check and plan small-arms fire. ``mode``: fire (phasing, individual or group), opfire,
    reaction."""
    if not firers:
        raise IllegalActionError("choose the firing unit")
    here = {L.cell(game, u) for u in firers}
    if len(here) != 1:
        raise IllegalActionError("group fire needs units that begin the phase in the same square")
    origin = here.pop()
    group = len(firers) > 1
    card = card_kind(game)
    for u in firers:
        if not L.alive(game, u):
            raise IllegalActionError(f"{u} is out of action")
        if L.role(game, u) == "smf":
            raise IllegalActionError(f"{u} is a single figure: only snipers among them fire")
        if L.order(game, u) == "suppressed":
            raise IllegalActionError(f"{u} is suppressed and may not fire")
        if mode == "fire":
            may_act(game, u, "fired")  # mortars and tripod MGs are weapons teams: never move and fire
        elif mode == "reaction":
            st = L.status(game, u)
            if L.order(game, u) != "good order":
                raise IllegalActionError(f"{u} is {L.order(game, u)}: reaction fire needs good order")
            if st.get("reacted") or (st.get("opfired") and L.kind(game, u) not in L.MGS) or st.get("opfire_done") and L.kind(game, u) in L.MGS:
                raise IllegalActionError(f"{u} has already fired this phase")
        elif mode == "opfire" and not L.may_opfire(game, u):
            raise IllegalActionError(f"{u} may not opportunity fire now")
    if group:
        if mode != "fire" or card == "move":
            raise IllegalActionError("group fire is made on fire or face cards only")
        if any(L.role(game, u) == "vehicle" for u in firers):
            raise IllegalActionError("vehicles may not take part in group fire")
        if any(L.status(game, u).get("moved") for u in firers):
            raise IllegalActionError("group fire may not be combined with movement")
        if any(L.order(game, u) == "pinned" for u in firers) and L.leader_with(game, firers[0]) is None:
            raise IllegalActionError("pinned units join group fire only with a leader in the square")
    kinds = [fire_kind(game, u) for u in firers]
    reach = min(T.FIRE[k].value.range_squares for k in kinds)
    g = L.gridmap(game).grid
    dist = g.distance(origin, target)
    buttoned_mg = mode == "opfire" and L.role(game, firers[0]) == "vehicle" and L.buttoned(game, firers[0])
    if buttoned_mg:
        reach = min(reach, T.BUTTONED_OPFIRE["hull MG at infantry"].value)
    if dist > reach:
        raise IllegalActionError(f"{target} is {dist} squares away; the range is {reach}")
    notes = []
    spotter = None
    if not all(L.sees(game, u, target) for u in firers):
        spotter = _mortar_spotter(game, firers[0], target) if kinds == ["light_mortar"] else None
        if spotter is None:
            raise IllegalActionError(f"no line of sight from {origin} to {target}")
        notes.append(f"indirect fire spotted by {spotter}")
    for u in firers:
        if L.role(game, u) == "vehicle" and L.off_bow(L.facing(game, u), L.bearing(game, origin, target)) > T.FRONT_ARC.value:
            raise IllegalActionError(f"{u}'s hull MG fires only through the edge its bow faces")
    targets = _targets(game, firers[0], target)
    if mode == "opfire":
        mover = L.cf(game).get("opfire") or {}
        targets = [u for u in targets if u in mover.get("units", [])]
    if not targets:
        foes = [u for u in L.units_at(game, target) if L.side(game, u) != L.side(game, firers[0])]
        raise IllegalActionError(f"no enemy unit in {target} that this fire can hit" if foes else f"no enemy unit in {target}")
    why = L.cover_against(game, origin, target)
    cover = why is not None
    recon = any(game.state["pieces"][L.pieces_of(game, u)[0]].get("hidden") for u in targets)
    move_card = mode == "fire" and card == "move"
    if group:
        dice, _, mods = S.group_fire(kinds, len(targets), cover, L.leader_with(game, firers[0]) is not None)
        if recon:
            mods = mods + [Modifier.of("recon by fire", T.FIRE_REDUCTIONS["recon by fire"])]
            dice = max(0, dice + T.FIRE_REDUCTIONS["recon by fire"].value)
        rule = "Group Fire"
    else:
        dice, mods = S.attack_dice(kinds[0], cover=cover, move_card=move_card, recon=recon)
        rule = {"opfire": "Opportunity Fire", "reaction": "Non-Phasing Reaction Fire"}.get(mode, "Individual Unit Fire")
    if cover:
        notes.append(f"cover: {why}")
    return FirePlan(list(firers), origin, target, dice, targets, mods, rule, notes)


_label = {"fire": "", "opfire": "op fire: ", "reaction": "reaction fire: "}


def resolve(game: Game, firers: list[str], target: L.Cell, mode: str = "fire"):
    """Roll the plan's dice at each target unit (or once: Optional Methods) and apply the hits."""
    p = plan(game, firers, target, mode)
    roller = game.roller()
    chance = Play(roller)
    fx = Effects(game)
    method = game.scenario.rules.get("resolution", "standard")
    hits = S.attack_rolls(chance, p.dice, p.targets, method, {t: L.order(game, t) for t in p.targets})
    before = {t: L.order(game, t) for t in p.targets}
    for t in p.targets:
        fx.hit(t, hits[t])
        for pid in L.pieces_of(game, t):
            if game.state["pieces"][pid].get("hidden") and hits[t]:
                fx.set(("pieces", pid, "hidden"), False)  # Recon by Fire: anything but a miss reveals
    flag = {"fire": "fired", "opfire": "opfired", "reaction": "reacted"}[mode]
    for u in firers:
        fx.set(("units", u, "status", flag), True)
    if mode == "opfire":
        _after_opfire(game, p, roller, fx)
    else:
        fx.set(("vars", "cf", "last_fire"), {"firers": list(firers), "origin": list(p.origin),
                                             "hits": {t: [before[t], hits[t]] for t in p.targets if hits[t]}})
    return game.record("fire", [(("rng", "counter"), roller.counter)] + fx.finish(), by=tuple(firers),
                       text=f"{_label[mode]}{'+'.join(firers)} fire{'' if len(firers) > 1 else 's'} {p.dice}d6 at {target}: "
                       + "; ".join(fx.lines),
                       rolls=tuple(roller.log),
                       detail={"rule": p.rule, "outcome": fx.lines, "modifiers": [m.to_dict() for m in p.mods],
                               "notes": p.notes, "odds": p.odds().describe("hits")})


def _after_opfire(game: Game, p: FirePlan, roller, fx: Effects) -> None:
    """Opportunity Fire: a pinned mover stays where it went, a suppressed one goes back; a
    non-MG fires once a phase, an MG until it rolls two or more 1s."""
    mover = L.cf(game)["opfire"]
    for uid in mover["units"]:
        if fx.order(uid) == "suppressed" and fx.cell(uid) != tuple(mover["from"]):
            fx.move(uid, tuple(mover["from"]))
            fx.lines.append(f"{uid} ends back at {tuple(mover['from'])}")
    firer = p.firers[0]
    ones = sum(f == 1 for r in roller.log for f in r.faces)
    if L.kind(game, firer) not in L.MGS or ones >= 2:
        fx.set(("units", firer, "status", "opfire_done"), True)
        if L.kind(game, firer) in L.MGS:
            fx.lines.append(f"{firer} jams: two or more 1s")
    fx.set(("vars", "cf", "opfire"), None)


def sniper_plan(game: Game, uid: str, target: str) -> FirePlan:
    """Snipers: a chosen enemy unit in LOS within 10 squares, 3d6; cover counts except against a
    single figure."""
    if L.kind(game, uid) != "sniper":
        raise IllegalActionError(f"{uid} is not a sniper")
    may_act(game, uid, "fired")
    if card_kind(game) == "move":
        raise IllegalActionError("snipers fire on fire or face cards")
    origin, there = L.cell(game, uid), L.cell(game, target)
    if L.side(game, target) == L.side(game, uid) or not L.alive(game, target):
        raise IllegalActionError(f"{target} is not a live enemy unit")
    dist = L.gridmap(game).grid.distance(origin, there)
    if dist > T.FIRE["sniper"].value.range_squares:
        raise IllegalActionError(f"{target} is {dist} squares away; the range is {T.FIRE['sniper'].value.range_squares}")
    if not L.sees(game, uid, there):
        raise IllegalActionError(f"no line of sight from {origin} to {there}")
    why = None if L.role(game, target) == "smf" else L.cover_against(game, origin, there)
    dice, mods = S.attack_dice("sniper", cover=why is not None)
    return FirePlan([uid], origin, there, dice, [target], mods, "Snipers", [f"cover: {why}"] if why else [])


def resolve_sniper(game: Game, uid: str, target: str):
    p = sniper_plan(game, uid, target)
    roller = game.roller()
    fx = Effects(game)
    fx.hit(target, S.hits_roll(Play(roller), p.dice), "sniper")
    fx.set(("units", uid, "status", "order"), "removed")
    fx.set(("units", uid, "status", "fired"), True)
    fx.changes += [(("pieces", pid, "alive"), False) for pid in L.pieces_of(game, uid)]
    fx.lines.append(f"{uid} is removed after firing")
    return game.record("fire", [(("rng", "counter"), roller.counter)] + fx.finish(), by=(uid,),
                       text=f"{uid} snipes at {target}: " + "; ".join(fx.lines), rolls=tuple(roller.log),
                       detail={"rule": "Snipers", "outcome": fx.lines, "modifiers": [m.to_dict() for m in p.mods],
                               "odds": p.odds().describe("hits")})


# -- Attacking vehicles ------------------------------------------------------------------------
def at_weapon(game: Game, uid: str) -> str:
    kinds = [w for w in ("main_gun", "at_gun", "bazooka", "panzerschreck", "piat", "panzerfaust") if w in L.weapons(game, uid)]
    if L.kind(game, uid) == "at_gun" and not kinds:
        kinds = ["at_gun"]
    if L.kind(game, uid) in ("tank", "tank_destroyer") and not kinds:
        kinds = ["main_gun"]
    if not kinds:
        raise IllegalActionError(f"{uid} has no anti-tank weapon")
    return kinds[0]


def at_plan(game: Game, uid: str, target: str, mode: str = "fire") -> tuple[FirePlan, dict]:
    """Attacking vehicles: the weapon's dice by range, less one die for each reduction that
    applies. Returns the plan and the facing changes the shot needs."""
    w = at_weapon(game, uid)
    line = T.AT_WEAPONS[w].value
    if mode == "fire":
        st = L.status(game, uid)
        if st.get("spent"):
            raise IllegalActionError(f"{uid} failed its rally and can do nothing more this card")
        if st.get("at_fired"):
            raise IllegalActionError(f"{uid} has already fired its anti-tank weapon on this card")
        if L.role(game, uid) in ("vehicle", "team"):
            may_act(game, uid, "fired")
        if L.kind(game, uid) == "tank" and st.get("moved"):
            raise IllegalActionError(f"{uid} moved: tanks may not move and fire the main gun on the same card")
    elif mode == "opfire" and not L.may_opfire(game, uid):
        raise IllegalActionError(f"{uid} may not opportunity fire now")
    if L.order(game, uid) == "suppressed" and L.role(game, uid) != "vehicle":
        raise IllegalActionError(f"{uid} is suppressed and may not fire")
    if L.role(game, target) != "vehicle" and w not in ("main_gun", "at_gun"):
        raise IllegalActionError(f"{target} is not a vehicle")
    origin, there = L.cell(game, uid), L.cell(game, target)
    dist = L.gridmap(game).grid.distance(origin, there)
    reach = line.range_squares
    if mode == "opfire" and L.role(game, uid) == "vehicle" and L.buttoned(game, uid):
        reach = min(reach, T.BUTTONED_OPFIRE["main gun at vehicles"].value)
    if dist > reach:
        raise IllegalActionError(f"{target} is {dist} squares away; the range is {reach}")
    if not L.cell_sight(game, origin, there).clear:
        raise IllegalActionError(f"no line of sight from {origin} to {there}")
    dice = line.close_dice if line.close_range and dist <= line.close_range else line.dice
    mods: list[Modifier] = []
    notes = [f"{w} at {dist} square{'s' if dist != 1 else ''}: {dice}d6"]
    turn: dict = {}

    def less(name: str) -> None:
        mods.append(Modifier.of(name, T.AT_REDUCTIONS[name]))

    if L.role(game, uid) in ("vehicle",) or L.kind(game, uid) == "at_gun":
        b = L.bearing(game, origin, there)
        gun = L.turret(game, uid)
        aim = gun if gun is not None else L.facing(game, uid)
        if L.off_bow(aim, b) > T.FRONT_ARC.value:
            if mode == "opfire":
                raise IllegalActionError(f"{uid} may not rotate for opportunity fire")
            quarter = round(b / 90.0) % 4 * 90.0
            if gun is not None:
                turn["turret"] = quarter
                less("turret rotated to fire")
            else:
                limit = T.VEHICLE_ROTATION["wheeled" if L.kind(game, uid) in ("armoured_car", "at_gun") else "tracked"].value
                if L.off_bow(L.facing(game, uid), quarter) > limit:
                    raise IllegalActionError(f"{uid} may turn only {limit} degrees to fire")
                turn["facing"] = quarter
                notes.append(f"turns to face {quarter:g} degrees")
        if L.vehicle_class_of(game, uid) == "light":
            less("light tank or anti-tank gun firing")
    if mode == "fire" and card_kind(game) == "move":
        less("firing on a move card")
    if L.kind(game, target) in ARMOURED | {"halftrack"} and \
            L.off_bow(L.facing(game, target), L.bearing(game, there, origin)) <= T.FRONT_ARC.value:
        less("armoured target hit from the front")
    if L.cover(game, there):
        less("target vehicle in cover")
    if L.kind(game, target) == "tank_destroyer" or L.vehicle_class_of(game, target) == "heavy":
        less("target is a heavy tank or tank destroyer")
    if L.order(game, uid) in ("pinned", "suppressed"):
        less("firer pinned or suppressed")
    dice = max(0, dice + int(sum(m.value for m in mods)))
    return FirePlan([uid], origin, there, dice, [target], mods, "Attacking vehicles", notes), turn


def resolve_at(game: Game, uid: str, target: str, mode: str = "fire"):
    p, turn = at_plan(game, uid, target, mode)
    roller = game.roller()
    fx = Effects(game)
    fx.hit(target, S.hits_roll(Play(roller), p.dice), p.notes[0])
    if "turret" in turn:
        fx.set(("units", uid, "status", "turret"), turn["turret"])
    if "facing" in turn:
        fx.changes += [(("pieces", pid, "facing"), turn["facing"]) for pid in L.pieces_of(game, uid)]
    flag = "opfired" if mode == "opfire" else "at_fired"
    fx.set(("units", uid, "status", flag), True)
    if L.role(game, uid) in ("vehicle", "team") and mode == "fire":
        fx.set(("units", uid, "status", "fired"), True)
    if L.kind(game, uid) == "tank":
        fx.set(("units", uid, "status", "main_gun"), True)
    if mode == "opfire":
        fx.set(("units", uid, "status", "opfire_done"), True)
        fx.set(("vars", "cf", "opfire"), None)
    return game.record("fire", [(("rng", "counter"), roller.counter)] + fx.finish(), by=(uid,),
                       text=f"{uid} fires {p.dice}d6 at {target}: " + "; ".join(fx.lines), rolls=tuple(roller.log),
                       detail={"rule": p.rule, "outcome": fx.lines, "modifiers": [m.to_dict() for m in p.mods],
                               "notes": p.notes, "odds": p.odds().describe("hits")})


# -- after an attack ---------------------------------------------------------------------------
def reduce_check(game: Game, uid: str, dest: L.Cell) -> tuple[str, int]:
    """Hit Reduction: a unit hit by small-arms fire (not opportunity fire) may take one hit fewer
    by retreating one square away from the firer, into no other enemy's line of sight."""
    last = L.cf(game).get("last_fire") or {}
    if uid not in last.get("hits", {}):
        raise IllegalActionError(f"{uid} took no hits in the last small-arms attack")
    before, hits = last["hits"][uid]
    origin = tuple(last["origin"])
    m = L.gridmap(game)
    here = L.cell(game, uid)
    if dest not in m.grid.neighbours(here) or m.grid.distance(dest, origin) <= m.grid.distance(here, origin):
        raise IllegalActionError(f"{dest} is not one square away from the firer at {origin}")
    if not L.may_step_back(game, uid, here, dest):
        raise IllegalActionError(f"{uid} cannot retreat into {dest}")
    others = [e for e in L.enemies_of(game, uid) if e not in last["firers"] and L.role(game, e) != "smf"]
    if any(L.sees(game, e, dest) for e in others):
        raise IllegalActionError(f"{dest} is in the line of sight of another enemy unit")
    return before, hits


def resolve_reduce(game: Game, uid: str, dest: L.Cell):
    before, hits = reduce_check(game, uid, dest)
    after = S.after_hits(before, hits - 1)
    changes = [(("units", uid, "status", "order"), after), (("vars", "cf", "last_fire", "hits", uid), None)]
    changes += [(("pieces", p, "cell"), list(dest)) for p in L.pieces_of(game, uid)]
    changes += [(("pieces", p, "alive"), after != "destroyed") for p in L.pieces_of(game, uid)]
    fewer = f"{hits} hits become {hits - 1}" if hits > 1 else "1 hit becomes 0"
    return game.record("reduce hits", changes, f"{uid} retreats to {dest}: {fewer}, {after}",
                       detail={"rule": "Hit Reduction", "outcome": after})


def resolve_sacrifice(game: Game, leader: str, uid: str):
    """Single Mounted Figures: a PL or CC may be given up to save one unit in its square that the
    last action destroyed (the unit is left suppressed: house)."""
    last = game.log[-1] if game.log else None
    destroyed = last is not None and any(p == ("units", uid, "status", "order") and v == "destroyed" for p, v in last.changes)
    if not destroyed:
        raise IllegalActionError(f"{uid} was not destroyed by the last action")
    if L.kind(game, leader) not in L.LEADERS or L.side(game, leader) != L.side(game, uid):
        raise IllegalActionError(f"{leader} is not a platoon leader or company commander of {uid}'s side")
    if L.cell(game, leader) != L.cell(game, uid):
        raise IllegalActionError(f"{leader} is not in {uid}'s square")
    if L.order(game, leader) in ("destroyed", "removed") and not any(
            p == ("units", leader, "status", "order") for p, _ in last.changes):
        raise IllegalActionError(f"{leader} is already gone")
    keep = T.SACRIFICE_LEAVES.value
    changes = [(("units", uid, "status", "order"), keep), (("units", leader, "status", "order"), "destroyed")]
    changes += [(("pieces", p, "alive"), True) for p in L.pieces_of(game, uid)]
    changes += [(("pieces", p, "alive"), False) for p in L.pieces_of(game, leader)]
    return game.record("sacrifice", changes, f"{leader} is lost saving {uid} ({keep})",
                       detail={"rule": "Platoon Leaders and Company Commanders", "outcome": keep})


def resolve_scout(game: Game, uid: str):
    """Scouts: reveal every hidden enemy in the scout's line of sight, then leave the table."""
    if L.kind(game, uid) != "scout":
        raise IllegalActionError(f"{uid} is not a scout")
    may_act(game, uid, "moved")
    found = [pid for pid, p in game.state["pieces"].items() if p.get("hidden") and p["side"] != L.side(game, uid)
             and p["alive"] and L.sees(game, uid, tuple(p["cell"]))]
    changes = [(("pieces", pid, "hidden"), False) for pid in found]
    changes += [(("units", uid, "status", "order"), "removed")] + [(("pieces", p, "alive"), False) for p in L.pieces_of(game, uid)]
    return game.record("scout", changes, f"{uid} reveals {', '.join(found) or 'nothing'} and leaves the table",
                       detail={"rule": "Scouts", "outcome": found})
