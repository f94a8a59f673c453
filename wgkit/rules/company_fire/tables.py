"""Company Fire's tables as data, each value marked with its source (text: 004_e954d5c422be67ed)."""

from __future__ import annotations

from dataclasses import dataclass

from wgkit.rules.sourced import Sourced, house, seed

HIT_FACES: Sourced[frozenset[int]] = Sourced(frozenset({5, 6}), "seed", "Artillery (5-6 hits)",
                                             "stated for artillery; the text assumes it for all attack dice")
STACK_UNITS: Sourced[int] = seed(3, "Stacking (three friendly units including SMFs)")
STACK_HEAVY: Sourced[int] = seed(2, "Stacking (at most two vehicles, sections, teams or guns)")


@dataclass(frozen=True)
class FireLine:
    range_squares: int
    dice: int


FIRE: dict[str, Sourced[FireLine]] = {
    "smg_squad": seed(FireLine(1, 2), "Individual Unit Fire"),
    "rifle_squad": seed(FireLine(6, 3), "Individual Unit Fire"),
    "engineer_squad": house(FireLine(6, 3), "engineers fire as a rifle squad; the table does not list them"),
    "light_mortar": seed(FireLine(6, 3), "Individual Unit Fire"),
    "mmg": seed(FireLine(10, 3), "Individual Unit Fire"),
    "hmg": seed(FireLine(10, 4), "Individual Unit Fire"),
    "sniper": seed(FireLine(10, 3), "Individual Unit Fire; Snipers (3d6 against a chosen unit)"),
}
FIRE_REDUCTIONS: dict[str, Sourced[int]] = {
    "target in cover": seed(-1, "Individual Unit Fire note (cover: one die less)"),
    "firing on a move card": seed(-1, "Moving on a Fire Card / Individual Unit Fire"),
    "recon by fire": seed(-1, "Recon by Fire"),
}

# Unit Status, Hit Results and Rallying
RALLY_NEED: dict[str, Sourced[int]] = {"pinned": seed(4, "Rally table"), "suppressed": seed(5, "Rally table")}
RALLY_MODS: dict[str, Sourced[int]] = {
    "no good-order enemy has LOS": seed(+1, "Rally"), "green": seed(-1, "Rally"), "veteran": seed(+1, "Rally"),
    "platoon leader in the space": seed(+1, "Rally"), "company commander in the space": seed(+2, "Rally"),
}

# The Game Turn
CLOCK_END: dict[str, Sourced[int]] = {"standard": seed(21, "Game Clock"), "long": seed(30, "Game Clock")}

# Artillery
ARTILLERY_DICE: dict[str, Sourced[int]] = {"open": seed(4, "Artillery (HE 4d6 in the open)"),
                                           "cover": seed(3, "Artillery (3d6 in cover)")}
ARTILLERY_CANCEL: Sourced[int] = seed(1, "Artillery (a 1 cancels the mission)")
