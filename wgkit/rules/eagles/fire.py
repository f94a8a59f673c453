"""Eagles, Crowns and Oak Leaves: Direct Fires (4.2-4.3) with direct support fire (3.0), in the
four orders of the direct fire phase."""

from __future__ import annotations

from dataclasses import dataclass, field

from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.eagles import damage as D
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import tables as T
from wgkit.rules.eagles.spotting import advanced, spotted_by

ORDERS = {  # 4.0: who fires at whom in each step of the direct fire phase
    "Anti-tank vs vehicles": (("at_gun",), "vehicle"),
    "Vehicles vs vehicles": (("vehicle", "recon"), "vehicle"),
    "Vehicles vs infantry and AT": (("vehicle", "recon"), "other"),
    "Infantry vs infantry": (("infantry", "engineer", "mg", "hq", "admin", "artillery", "aa", "bunker"), "other"),
}


@dataclass
class Plan:
    firer: str
    target: str
    fp: int
    fp_class: str
    row: str
    dice: int
    faces: frozenset[int]
    star: bool  # a hit stands only after an even confirming roll (indirect fire's reading; never in 4.3)
    reroll: bool  # 4.3: ** in the box: the hits after the first are re-rolled for impairment
    zero_only: bool
    mods: list[Modifier] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def odds(self):
        return exact(D.kill_roll, self.dice, self.faces, self.star, self.reroll, self.zero_only).named(names=D.outcome_words)


def row_for(yards: float) -> str:
    """4.2's row for a range, bounded as 1.2 bounds the FP changes: under 300 yd, 300 to 600 yd
    inclusive (the FP unchanged) and beyond 600 yd."""
    (near, first), (far, second), (_, third) = T.RANGE_ROWS.value
    return first if yards < near else second if yards <= far else third


def plan(game: Game, firer: str, target: str, support: tuple[str, ...] = (), order: str | None = None,
         extra: bool = False) -> Plan:
    """4.2: kill dice from FP (adjusted for range, a moving firer and support), the TPD table,
    and the to-hit faces for the range row and the target's armour."""
    if not L.alive(game, target) or L.side(game, target) == L.side(game, firer):
        raise IllegalActionError(f"{target} is not an enemy unit on the table")
    if L.status(game, firer).get("deploying") or L.status(game, firer).get("deployed") is False:
        raise IllegalActionError(f"{firer} is not set up to fire (3.9)")
    if L.status(game, firer).get("fired") and not extra:
        raise IllegalActionError(f"{firer} has fired this turn")
    if L.off_table(game, firer) or L.status(game, firer).get("role") == "barrage":
        raise IllegalActionError(f"{firer} fires barrages or direct support, not direct fire (3.1: only on-board guns)")
    if L.off_table(game, target):
        raise IllegalActionError(f"{target} stands off the table (3.5, 3.8): no direct fire reaches it "
                                 "(counter-battery fire reaches an off-board battery, never naval guns)")
    if order is not None:
        kinds, targets = ORDERS[order]
        if L.kind(game, firer) not in kinds:
            raise IllegalActionError(f"{firer} ({L.kind(game, firer)}) does not fire in '{order}'")
        if (targets == "vehicle") != L.is_vehicle(game, target):
            raise IllegalActionError(f"'{order}' fires at {'vehicles' if targets == 'vehicle' else 'infantry and AT'}, not {target}")
    if not L.sees(game, firer, target):
        raise IllegalActionError(f"{firer} cannot see {target}")
    if not spotted_by(game, firer, target):
        raise IllegalActionError(f"{target} has not been spotted" + (f" by {firer} (advanced spotting)" if advanced(game) else ""))
    yd = L.yards(game, firer, target)
    fp = L.fp(game, firer)
    mods: list[Modifier] = []
    notes = [f"{L.fp(game, firer)} FP at {yd:.0f} yd"]
    for s in support:
        if L.status(game, s).get("role") != "support" and L.kind(game, s) == "artillery":
            raise IllegalActionError(f"{s} is not assigned to direct support")
        if L.side(game, s) != L.side(game, firer) or L.status(game, s).get("fired"):
            raise IllegalActionError(f"{s} cannot support this fire")
        mods.append(Modifier(f"direct support by {s}", L.fp(game, s), "rules 3.0 (support adds its FP)"))
    if yd < 300:
        mods.append(Modifier.of("under 300 yd", T.FP_RANGE["under 300 yd"]))
    elif yd > 600:
        mods.append(Modifier.of("over 600 yd", T.FP_RANGE["over 600 yd"]))
    if L.status(game, firer).get("moved"):
        mods.append(Modifier.of("firer moved", T.FP_RANGE["firer moved"]))
    fp = max(0, fp + int(sum(m.value for m in mods)))
    cls = L.fp_class(fp)
    tpd = L.tpd(game, target)
    adjust = T.TPD_DICE[tpd][cls]
    dice = max(0, fp + adjust.value)
    notes.append(f"{fp} FP ({cls}) against TPD {tpd}: {adjust.value:+d} dice")
    row = row_for(yd)
    faces, star = T.TO_HIT[row][L.armour(game, target)].value
    zero = D.damage_kind(game, target)[1]
    notes.append(f"{row} row against {L.armour(game, target)}: hits on {', '.join(map(str, sorted(faces, reverse=True)))}"
                 + (f"** (hits after the first re-rolled: {'only a 0' if zero else 'even'} impairs)" if star
                    else " (hits after the first impair without a re-roll)"))
    # 4.3: the first hit suppresses; with ** in the box the other hits are re-rolled, without it they
    # impair "without additional rolls" (3.7's vehicle-or-CC/DD test is for artillery)
    return Plan(firer, target, fp, cls, row, dice, faces, False, star, zero, mods, notes)


def resolve(game: Game, firer: str, target: str, support: tuple[str, ...] = (), order: str | None = None):
    p = plan(game, firer, target, support, order)
    roller = game.roller()
    suppressed, impair = D.kill_roll(Play(roller), p.dice, p.faces, p.star, p.reroll, p.zero_only)
    changes, words = D.apply(game, target, suppressed, impair)
    changes += [(("units", u, "status", "fired"), True) for u in (firer, *support)]
    if L.yards(game, firer, target) <= T.AUTO_SPOT_YD["fired"].value:
        changes.append((("units", firer, "status", "spotted"), True))
    return game.record("fire", [(("rng", "counter"), roller.counter)] + changes, by=(firer, *support),
                       text=f"{firer} fires {p.dice} kill {'die' if p.dice == 1 else 'dice'} at {target}: {words}", rolls=tuple(roller.log),
                       detail={"rule": "4.2 Firing Procedures", "outcome": words,
                               "modifiers": [m.to_dict() for m in p.mods], "notes": p.notes,
                               "odds": p.odds().describe()})
