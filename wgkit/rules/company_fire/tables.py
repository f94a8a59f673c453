"""Company Fire's tables as data, each value marked with its source (text: 004_e954d5c422be67ed)."""

from __future__ import annotations

from dataclasses import dataclass

from wgkit.facts.sourced import Sourced, house, seed

HIT_FACES: Sourced[frozenset[int]] = house(frozenset({5, 6}), "the text states 5-6 for artillery and assumes it "
                                                             "for every attack die", "Artillery (5-6 hits)")


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
GROUP_FIRE_LEADER: Sourced[int] = seed(+1, "Group Fire (a platoon leader, company commander or both in the space: one die)")
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

# Movement
MOVE_SQUARES: dict[str, Sourced[int]] = {
    "squad": seed(2, "Movement table (infantry squad)"), "team": seed(1, "Movement table (weapon team)"),
    "smf": seed(2, "Movement table (single mounted figure)"),
}
MOVE_TEST_NEED: dict[str, Sourced[int]] = {"cover": seed(4, "Movement Test (into cover)"),
                                           "open": seed(5, "Movement Test (into the open)")}
MOVE_TEST_MODS: dict[str, Sourced[int]] = {
    "veteran": seed(+1, "Movement Test"), "green": seed(-1, "Movement Test"),
    "platoon leader in the square": seed(+1, "Movement Test"),
    "company commander in the square": seed(+2, "Movement Test"),
    "destination in LOS of an enemy who can op fire": seed(-1, "Movement Test"),
}


@dataclass(frozen=True)
class VehicleRate:
    off_road: int
    on_road: int


VEHICLE_MOVES: dict[str, Sourced[VehicleRate]] = {
    "light": seed(VehicleRate(4, 5), "Vehicle Movement (light tank, tank destroyer)"),
    "medium": seed(VehicleRate(3, 4), "Vehicle Movement (medium tank, tank destroyer)"),
    "heavy": seed(VehicleRate(2, 3), "Vehicle Movement (heavy tank, tank destroyer)"),
    "halftrack": seed(VehicleRate(3, 5), "Vehicle Movement (half-track and similar)"),
    "wheeled": seed(VehicleRate(3, 6), "Vehicle Movement (wheeled vehicles)"),
}
VEHICLE_ROTATION: dict[str, Sourced[int]] = {
    "tracked": seed(180, "Attacking vehicles (tracked: rotate up to 180 degrees and fire)"),
    "wheeled": seed(90, "Attacking vehicles (wheeled: rotate up to 90 degrees and fire)"),
}


@dataclass(frozen=True)
class AtWeapon:
    range_squares: int
    dice: int
    close_range: int = 0  # within this many squares ...
    close_dice: int = 0  # ... roll this many dice instead


AT_WEAPONS: dict[str, Sourced[AtWeapon]] = {
    "bazooka": seed(AtWeapon(4, 3, 2, 4), "Attacking vehicles (bazooka: 4 squares, 3d6; 4d6 at 2 or less)"),
    "panzerschreck": seed(AtWeapon(4, 3, 2, 4), "Attacking vehicles (panzerschreck, as the bazooka)"),
    "piat": seed(AtWeapon(2, 3), "Attacking vehicles (PIAT: 2 squares, 3d6)"),
    "panzerfaust": seed(AtWeapon(2, 3), "Attacking vehicles (panzerfaust: 2 squares, 3d6)"),
    "main_gun": seed(AtWeapon(20, 4), "Attacking vehicles (tank main guns: 20 squares, 4d6)"),
    "at_gun": seed(AtWeapon(20, 4), "Attacking vehicles (anti-tank guns: 20 squares, 4d6)"),
}
AT_REDUCTIONS: dict[str, Sourced[int]] = {k: seed(-1, "Attacking vehicles (reduce by 1 die, cumulative)") for k in (
    "light tank or anti-tank gun firing", "firing on a move card", "armoured target hit from the front",
    "target vehicle in cover", "target is a heavy tank or tank destroyer", "firer pinned or suppressed",
    "turret rotated to fire")}
BUTTONED_OPFIRE: dict[str, Sourced[int]] = {
    "hull MG at infantry": seed(4, "Vehicle Opportunity Fire (buttoned up: MG at infantry within 4)"),
    "main gun at vehicles": seed(6, "Vehicle Opportunity Fire (buttoned up: main gun at vehicles within 6)"),
}
FRONT_ARC: Sourced[float] = house(45.0, "the red-zone diagram is lost: an attack is on the front armour when the "
                                        "firer lies within 45 degrees of the target's bow (the square ahead and "
                                        "the squares diagonal to it)")

# Close Assault
ASSAULT_MODS: dict[str, Sourced[int]] = {
    "platoon leader in the square": seed(+1, "Close Assault"),
    "company commander in the square": seed(+2, "Close Assault"),
    "extra good-order unit": seed(+1, "Close Assault (each good-order unit beyond the first)"),
    "SMG squad present": seed(+2, "Close Assault (non-suppressed SMG squad)"),
    "vehicle MG (attacker)": seed(+1, "Close Assault (each non-suppressed vehicle MG, attacker)"),
    "MG in defence": seed(+1, "Close Assault (each non-suppressed MG, defender)"),
    "reinforced cover": seed(-1, "Close Assault (attacker only, against reinforced cover)"),
    "pinned defender": seed(-1, "Close Assault (defender only)"),
    "only weapon teams": seed(-1, "Close Assault (defender only)"),
    "suppressed defender": seed(-2, "Close Assault (defender only)"),
    "anti-tank grenades against a vehicle": seed(+1, "Close Assault (vehicles)"),
    "anti-tank weapons against a vehicle": seed(+2, "Close Assault (vehicles)"),
    "friendly tank": seed(+3, "Close Assault (vehicles)"),
    "friendly AFV": seed(+2, "Close Assault (vehicles)"),
}
TIE_LOSSES: Sourced[str] = house("pairs", "a tie destroys units 'on a 1:1 basis': read as one unit of each side "
                                           "for each pair of opposed units (the smaller side's count), weakest first")

# Artillery
ARTILLERY_ON_FACE: Sourced[bool] = house(True, "segments 1-3 say 'fire card only'; a face card allows fire, so "
                                               "it counts as a fire card for artillery")
MISSIONS_DEFAULT: Sourced[int] = house(3, "the text counts fire missions but gives no number: 3 unless the "
                                          "forward observer's 'missions' attribute says otherwise")

# Mines (beta)
MINES: dict[str, Sourced[int]] = {
    "pass through": seed(5, "Mines (a 5 or 6 passes through)"),
    "find a path": seed(5, "Mines (5+ finds a path)"),
    "engineers": seed(+2, "Mines (+2 for engineers)"),
    "follow the path": seed(+2, "Mines (followers roll 1d6+2, 5+)"),
    "damage dice": seed(3, "Mines (3d6 damage)"),
}

# Single-mounted figures
SACRIFICE_LEAVES: Sourced[str] = house("suppressed", "a unit saved by sacrificing its leader is left suppressed; "
                                                     "the text does not say in what state")
