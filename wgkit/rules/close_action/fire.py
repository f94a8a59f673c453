"""Close Action: Firing (procedure, eligible targets, modifiers, 7+ rule, selecting hits,
danger zone, splitting fire)."""

from __future__ import annotations


from dataclasses import dataclass, field

import numpy as np

from wgkit.dice import D6
from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.los import LosPolicy, sight_between
from wgkit.geometry.zones import danger_zone, in_arc, inside, offset
from wgkit.odds import Distribution, exact
from wgkit.resolution import Modifier
from wgkit.rules.close_action import lookup as S
from wgkit.rules.close_action import tables as T
from wgkit.facts.sourced import house

SEE_INTO = house(1.0, "a figure sees, and is seen, up to 1\" into cover; the text does not say")
LOS = LosPolicy(see_into=SEE_INTO.value)
DANGER_ROLL = house(1, "each friendly figure in a danger zone is rolled for with one die at the "
                       "firer's close-range score; the text says only that they roll individually")
PROTECTION = ("open", "upright", "crouching", "crawling", "soft", "hard")  # what "aim at" may name
EXTENDED_TWO_STAGE = house(True, "needs of 8 and 9 extend the text's 7+ rule: a 6, then 5-6 or 6")


@dataclass(frozen=True)
class Pool:
    """Dice that hit on the same number."""

    need: int
    dice: int
    figures: tuple[str, ...]


@dataclass(frozen=True)
class FirePlan:
    """Everything decided before the dice: who fires, at whom, needing what, and why."""

    unit: str
    target: str
    pools: tuple[Pool, ...]
    modifiers: tuple[Modifier, ...]
    targets: tuple[str, ...]  # the figures that may be hit
    danger: tuple[str, ...] = ()  # friendly figures in an MG danger zone
    danger_need: int = 6
    heavy: bool = False  # HMG fire (morale -2)
    notes: tuple[str, ...] = field(default=())

    @property
    def dice(self) -> int:
        return sum(p.dice for p in self.pools)


def stages(need: int) -> list[range]:
    """The dice faces that hit on ``need`` (Fire Table: 7+ is a 6 then a 4-6)."""
    if need <= 6:
        return [range(max(need, 1), 7)]
    second = T.TWO_STAGE_SECOND.value + need - 7  # 7+: a 6 then 4-6
    if need > 7 and not EXTENDED_TWO_STAGE.value or second > 6:
        return [range(7, 7)]  # cannot hit
    return [range(6, 7), range(second, 7)]


def firing_point(game: Game, unit: str) -> tuple[float, float]:
    """Where a unit's fire comes from, for judging cover behind walls: its figures' centre."""
    pts = [game.piece(f)["position"] for f in S.alive_figures(game, unit)]
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def target_modifiers(game: Game, firer_unit: str, target_figures: list[str], aim: str) -> list[Modifier]:
    """Fire Table modifiers. A mixed target is shot at as its best-protected figures (the class
    whose modifiers sum lowest) unless the firer aims at one stance or cover (Firing: Mixed-stance or
    mixed-cover targets)."""
    src = firing_point(game, firer_unit)
    classes = [("upright", "none") if game.piece(f)["status"].get("charging") else (S.stance(game, f), S.cover(game, f, src))
               for f in target_figures]  # Hand-to-Hand: Defensive Fire: chargers are upright, without cover
    classes = [(st, cv) for st, cv in classes if _in_aim(aim, st, lambda cv=cv: cv)]
    if not classes:
        raise IllegalActionError(f"no figure of the target is {aim}")
    mods = min((_class_modifiers(st, cv) for st, cv in classes), key=lambda ms: sum(m.value for m in ms))
    if S.quality(game, firer_unit) == "green":
        mods.append(Modifier.of("green firer", T.FIRE_MODIFIERS["green firer"]))
    return mods


def _class_modifiers(stance: str, cover: str) -> list[Modifier]:
    """Fire Table: what a figure's cover and stance give against fire."""
    mods = []
    if cover in ("soft", "hard"):
        mods.append(Modifier.of(f"{cover} cover", T.FIRE_MODIFIERS[f"{cover} cover"]))
    if stance == "crawling":
        mods.append(Modifier.of("crawling or prone", T.FIRE_MODIFIERS["crawling or prone"]))
    if stance == "upright" and cover == "none":
        mods.append(Modifier.of("upright in the open", T.FIRE_MODIFIERS["upright in the open"]))
    return mods


def _in_aim(aim: str, stance: str, cover) -> bool:
    """Firing: aiming at one stance or cover of a mixed target. ``cover`` is asked only when the aim
    names a cover (it is a line-of-sight question)."""
    if aim in ("upright", "crouching", "crawling"):
        return stance == aim
    if aim in ("soft", "hard"):
        return cover() == aim
    if aim == "open":
        return cover() == "none"
    return True


def eligible(game: Game, fig: str, aim: str, src: tuple[float, float] | None = None) -> bool:
    return _in_aim(aim, S.stance(game, fig), lambda: S.cover(game, fig, src))


def plan_fire(game: Game, unit: str, target: str, firers: list[str] | None = None, aim: str = "all",
              blind: bool = False) -> FirePlan:
    """Firing: Procedure. Who of ``unit`` can fire at ``target`` and what each needs to hit.

    Each figure measures head to head to the nearest target figure it can see within its 45°
    arc; close range hits on 5-6, far range on 6; modifiers change the score needed.
    """
    if aim not in ("all", *PROTECTION):
        raise IllegalActionError(f"aim must be all or one of {', '.join(PROTECTION)}")
    side = S.unit_of(game, unit)["side"]
    if S.unit_of(game, target)["side"] == side:
        raise IllegalActionError("you cannot fire at your own side")
    if not S.alive_figures(game, unit):
        raise IllegalActionError(f"{unit} has no figure left to fire")
    morale = S.unit_of(game, unit)["status"].get("morale", "ok")
    if morale != "ok":
        raise IllegalActionError(f"{unit} is {morale} and may not fire")
    marks = S.unit_of(game, unit)["status"]
    if marks.get("fired_at") and marks["fired_at"] != target and not S.officer_near(game, unit):
        raise IllegalActionError(f"{unit} already fired at {marks['fired_at']} this phase; only a unit with an "
                                 "officer may split its fire")
    if blind and not game.scenario.rules.get("referee"):
        raise IllegalActionError("blind fire needs a referee: set 'rules: {referee: true}' in the scenario")
    known = S.unit_of(game, unit)["status"].get("visible_at_start")
    if known is not None and target not in known and not blind:
        raise IllegalActionError(f"{target} was not visible to {unit} at the start of the move")
    shooters = [f for f in (firers or S.alive_figures(game, unit)) if f in S.alive_figures(game, unit)]
    if firers and set(firers) - set(shooters):
        raise IllegalActionError(f"not live figures of {unit}: {', '.join(sorted(set(firers) - set(shooters)))}")
    already = [f for f in shooters if game.piece(f)["status"].get("fired")]
    shaken = [f for f in shooters if game.piece(f)["status"].get("morale", "ok") != "ok"]
    broke = [f for f in shooters if game.piece(f)["status"].get("broke_off")]
    shooters = [f for f in shooters if f not in already + shaken + broke]
    source = firing_point(game, unit)
    tfigs = [f for f in S.alive_figures(game, target) if eligible(game, f, aim, source)]
    if not tfigs:
        raise IllegalActionError(f"{target} has no figure that can be hit ({aim})")
    sees = sight_between(game.terrain, [game.piece(f)["position"] for f in shooters],
                         [game.piece(f)["position"] for f in tfigs], LOS)
    pools: dict[int, list[str]] = {}
    dice: dict[int, int] = {}
    notes = [f"{f} has fired this phase" for f in already] + \
        [f"{f} is {game.piece(f)['status']['morale']} (tested alone) and may not fire" for f in shaken] + \
        [f"{f} broke off from hand to hand and may not fire this turn" for f in broke]
    heavy = False
    for i, f in enumerate(shooters):
        w = S.weapon(game, f)
        if w is None:
            notes.append(f"{f} has no weapon to fire")
            continue
        me = game.piece(f)
        visible = [tfigs[j] for j in range(len(tfigs)) if (sees[i, j] or blind)
                   and in_arc(me["position"], me["facing"], game.piece(tfigs[j])["position"], T.ARC_HALF_ANGLE.value)]
        if not visible:
            notes.append(f"{f} cannot see a target figure within its arc")
            continue
        near = min(S.distance(game, f, t) for t in visible)
        wp = T.FIRE_TABLE[w].value
        if near > wp.far:
            notes.append(f"{f}: {w} out of range ({near:.1f}\" > {wp.far:g}\")")
            continue
        base = (T.HIT_CLOSE if near <= wp.close else T.HIT_FAR).value
        pools.setdefault(base, []).append(f)
        dice[base] = dice.get(base, 0) + wp.dice
        heavy |= w == "hmg"
    if not pools:
        raise IllegalActionError(f"no figure of {unit} can fire at {target}: " + "; ".join(notes))
    mods = target_modifiers(game, unit, tfigs, aim)  # only once some figure can fire: it is the costly part
    shift = -int(sum(m.value for m in mods))
    pools = {base + shift: fs for base, fs in pools.items()}
    dice = {base + shift: n for base, n in dice.items()}
    danger, dneed = _danger(game, unit, target, [f for fs in pools.values() for f in fs], tfigs, shift)
    if blind:
        notes.append("blind fire allowed by the referee (Firing: Eligible Targets)")
    return FirePlan(unit, target, tuple(Pool(n, dice[n], tuple(fs)) for n, fs in sorted(pools.items())),
                    tuple(mods), tuple(tfigs), danger, dneed, heavy, tuple(notes))


def weapon_need(game: Game, unit: str, holder: str, base: int) -> int:
    """Firing: Damage to Weapons. A support weapon is hit as if it were a crawling figure."""
    mods = target_modifiers(game, unit, [holder], "all")
    cover = [m for m in mods if m.name.endswith("cover")]
    return base + 1 - int(sum(m.value for m in cover))


def aim_at_weapon(game: Game, plan: FirePlan, holder: str) -> tuple[FirePlan, int]:
    """Firing: Damage to Weapons. Against HMG fire the active player may take one HMG die and roll
    it at a support weapon, as if at a crawling figure. Returns the plan less that die, and its need."""
    if not any(w in S.SUPPORT for w in game.scenario.piece(holder).weapons):
        raise IllegalActionError(f"{holder} carries no support weapon")
    hmg = next((p for p in plan.pools for f in p.figures if S.weapon(game, f) == "hmg"), None)
    if hmg is None:
        raise IllegalActionError("only HMG fire may aim a die at a weapon")
    gunner = next(f for f in hmg.figures if S.weapon(game, f) == "hmg")
    wp = T.FIRE_TABLE["hmg"].value
    base = (T.HIT_CLOSE if S.distance(game, gunner, holder) <= wp.close else T.HIT_FAR).value
    pools = tuple(Pool(p.need, p.dice - (p is hmg), p.figures) for p in plan.pools if p.dice - (p is hmg) > 0)
    return FirePlan(plan.unit, plan.target, pools, plan.modifiers, plan.targets, plan.danger, plan.danger_need,
                    plan.heavy, plan.notes + (f"one HMG die aimed at {holder}'s weapon",)), weapon_need(game, plan.unit, holder, base)


def _danger(game: Game, unit: str, target: str, firing: list[str], tfigs: list[str], shift: int):
    """Firing: Danger Zone. Friendly figures inside an LMG or HMG's zone are also targets."""
    side = S.unit_of(game, unit)["side"]
    friends = [pid for pid, p in game.state["pieces"].items() if p["side"] == side and p["alive"]]
    found: list[str] = []
    for f in firing:
        if S.weapon(game, f) not in ("lmg", "hmg"):
            continue
        me = game.piece(f)
        front = offset(me["position"], me["facing"], 0.3)
        zone = danger_zone(front, [game.piece(t)["position"] for t in tfigs], T.DANGER_ZONE_WIDEN.value)
        others = [x for x in friends if x != f]
        pts = np.array([game.piece(x)["position"] for x in others], dtype=float).reshape(-1, 2)
        found += [x for x, hit in zip(others, inside(zone, pts)) if hit and x not in found]
    # each friendly in the zone is rolled for with one die at close range (house)
    return tuple(found), T.HIT_CLOSE.value + shift




@dataclass(frozen=True)
class FireResult:
    hits: int
    friendly_hits: tuple[str, ...]


def roll_hits(chance, plan: FirePlan) -> int:
    """Firing: Procedure and the 7+ rule: each pool rolled, the hits counted. Each pool's purpose
    names its firers, so a person throwing every pool at once knows which dice are whose."""
    return chance.pools([(p.dice, D6, stages(p.need), f"fire at {plan.target} ({p.need}+: {firers(p.figures)})")
                         for p in plan.pools])


def firers(figures: tuple[str, ...]) -> str:
    """A pool's firers in few words: two by name, more as the first and how many others."""
    return ", ".join(figures) if len(figures) <= 2 else f"{figures[0]} and {len(figures) - 1} others"


def roll_fire(chance, plan: FirePlan) -> FireResult:
    """The hits (:func:`roll_hits`), then each danger-zone friend rolled for singly (MG danger zones)."""
    hits = roll_hits(chance, plan)
    friendly = tuple(f for f in plan.danger
                     if chance.pool(DANGER_ROLL.value, D6, stages(plan.danger_need), f"danger zone: {f}") >= 1)
    return FireResult(hits, friendly)


_ODDS: dict[tuple, Distribution] = {}  # hit odds by pools (dice, faces that hit): a game asks for few


def fire_odds(plan: FirePlan) -> Distribution:
    """The exact chance of each number of hits, from the same procedure that rolls them (the
    danger-zone rolls come after the hits and do not change them). Plans with the same pools
    have the same odds, worked out once."""
    key = tuple((p.dice, tuple(stages(p.need))) for p in plan.pools)
    if key not in _ODDS:
        if len(_ODDS) >= 4096:
            _ODDS.clear()
        _ODDS[key] = exact(roll_hits, plan).named("hits")
    return _ODDS[key]


def choose_hits(chance, game: Game, plan: FirePlan, hits: int, active_order: list[str], passive_order: list[str]):
    """Firing: Selecting Hits. One die per hit: on 5-6 the active player chooses the figure,
    otherwise the passive player; an officer chosen by the active player dies only on a further 6."""
    left = [f for f in plan.targets]
    killed, spared = [], []
    picks = min(hits, len(left))  # one man per hit, while men are left
    for k in range(picks):
        active = chance.check(D6, T.SELECT_ACTIVE.value,
                              f"hit {k + 1} of {picks}: who picks the man hit (5-6 the firer, 1-4 the target's side)")
        order = active_order if active else passive_order
        pick = next((f for f in order if f in left), left[0] if active else left[-1])
        left.remove(pick)
        if active and S.is_officer(game, pick) and not chance.check(D6, T.OFFICER_CONFIRM.value,
                                                                     f"officer {pick} hit: a 6 kills him"):
            spared.append(pick)
            continue
        killed.append(pick)
    return killed, spared


def default_orders(game: Game, plan: FirePlan) -> tuple[list[str], list[str]]:
    """Default choices: the active player takes officers, leaders and support gunners first;
    the passive player gives up riflemen first, furthest from the enemy."""
    def value(f: str) -> tuple:
        leader = game.scenario.piece(f).role == "leader" or S.leader_of(game, game.piece(f)["unit"]) == f
        return (not S.is_officer(game, f), not leader, S.weapon(game, f) not in S.SUPPORT, f)

    active = sorted(plan.targets, key=value)
    return active, active[::-1]


def resolve_fire(game: Game, unit: str, target: str, firers: list[str] | None = None, aim: str = "all",
                 active_order: list[str] | None = None, passive_order: list[str] | None = None,
                 weapon_target: str | None = None, blind: bool = False, plan: FirePlan | None = None):
    """Fire ``unit`` at ``target``: roll, select hits, remove casualties, and note the dice
    received for the target's morale test. ``weapon_target``: one HMG die at that man's weapon.
    ``plan``: the plan :func:`plan_fire` just made for this very fire in this state (a player who
    weighed it already), so it is not worked out twice."""
    if plan is None or (plan.unit, plan.target) != (unit, target):
        plan = plan_fire(game, unit, target, firers, aim, blind)
    full_dice = plan.dice
    weapon_roll = None
    if weapon_target is not None:
        plan, weapon_roll = aim_at_weapon(game, plan, weapon_target)
    odds = fire_odds(plan)
    a_default, p_default = default_orders(game, plan)

    from wgkit.odds import Play

    roller = game.roller()
    chance = Play(roller)
    res = roll_fire(chance, plan)
    killed, spared = choose_hits(chance, game, plan, res.hits, active_order or a_default, passive_order or p_default)
    wrecked = weapon_target is not None and weapon_target not in killed and \
        chance.pool(1, D6, stages(weapon_roll), f"HMG die at {weapon_target}'s weapon ({weapon_roll}+)") == 1
    ts = S.unit_of(game, target)["status"]
    changes = [(("rng", "counter"), roller.counter)]
    for f in killed + list(res.friendly_hits):
        changes.append((("pieces", f, "alive"), False))
    for f in (f for p in plan.pools for f in p.figures):
        changes.append((("pieces", f, "status", "fired"), True))
    if wrecked:
        holder = game.scenario.piece(weapon_target)
        lost = list(game.piece(weapon_target)["status"].get("weapons_lost", ()))
        changes.append((("pieces", weapon_target, "status", "weapons_lost"),
                        lost + [w for w in holder.weapons if w in S.SUPPORT and w not in lost]))
    changes += [(("units", target, "status", "fire_dice"), ts.get("fire_dice", 0) + full_dice),
                (("units", target, "status", "hits"), ts.get("hits", 0) + len(killed)),
                (("units", unit, "status", "fired_at"), target)]
    if plan.heavy:
        changes.append((("units", target, "status", "heavy_fire"), True))
    text = (f"{unit} fires {full_dice} dice at {target}: {res.hits} hit{'s' if res.hits != 1 else ''}"
            + (f", {', '.join(killed)} killed" if killed else "")
            + (f", {', '.join(spared)} (officer) survives" if spared else "")
            + (f"; danger zone: {', '.join(res.friendly_hits)} hit" if res.friendly_hits else "")
            + (f"; {weapon_target}'s weapon wrecked" if wrecked else ""))
    detail = {"rule": "Firing", "outcome": {"hits": res.hits, "killed": killed, "spared": spared,
                                             "friendly": list(res.friendly_hits)},
              "modifiers": [m.to_dict() for m in plan.modifiers],
              "pools": [{"need": p.need, "dice": p.dice, "figures": list(p.figures)} for p in plan.pools],
              "odds": odds.describe("hits"), "notes": list(plan.notes)}
    return game.record("fire", changes, text, rolls=tuple(roller.log), detail=detail,
                       by=tuple(f for p in plan.pools for f in p.figures),
                       action={"name": "fire", "params": {"unit": unit, "target": target, "aim": aim, "firers": firers,
                                                          **({"weapon_target": weapon_target} if weapon_target else {}),
                                                          **({"blind": True} if blind else {})}})
