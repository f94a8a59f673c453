"""Eagles, Crowns and Oak Leaves: the tables as data (text: 001_4e0a1b6d41aa80da), each value
marked ``seed`` or ``house``. Distances are yards on the table (1" = 100 yd)."""

from __future__ import annotations

from wgkit.facts.eagles import RULESET as INFO
from wgkit.facts.sourced import Sourced, house, seed

YARDS_PER_INCH = INFO.scale.per_inch  # the ruleset's ground scale (1" = 100 yd): one fact, read by rules and ruler
FP_CLASSES: tuple[tuple[str, int], ...] = (("W", 1), ("X", 4), ("Y", 6), ("Z", 8))  # 4.2: W 1-3, X 4-5, Y 6-7, Z 8+
FP_RANGE: dict[str, Sourced[int]] = {
    "under 300 yd": seed(+1, "1.2 (a FP added under 300 yards)"),
    "over 600 yd": seed(-1, "1.2 (a FP deducted beyond 600 yards)"),
    "firer moved": seed(-1, "4.2 (firer moved -1)"),
}
TPD_DICE: dict[str, dict[str, Sourced[int]]] = {  # 4.2: FP class + TPD -> adjustment to the kill dice
    tpd: {fp: seed(v, "4.2 Firepower + TPD table") for fp, v in zip("WXYZ", row)}
    for tpd, row in {"AA": (0, 0, 1, 2), "BB": (-1, 0, 0, 1), "CC": (-1, -1, -1, 0), "DD": (-2, -2, -3, -3)}.items()
}
# 4.2 To Hit numbers on a d10 (0-9) by range row and defensive armour; "**" needs an odd/even re-roll.
TO_HIT: dict[str, dict[str, Sourced[tuple[frozenset[int], bool]]]] = {
    row: {da: seed((frozenset(nums), star), "4.2 To Hit table") for da, (nums, star) in cells.items()}
    for row, cells in {
        "maximum": {"hard": ((0,), True), "dense": ((0,), False), "moderate": ((0, 9), False),
                    "thin": ((0, 9, 8), False), "infantry": ((0, 9, 8, 7), False)},
        "effective": {"hard": ((0,), True), "dense": ((0,), False), "moderate": ((0,), False),
                      "thin": ((0, 9), False), "infantry": ((0, 9, 8), False)},
        "long": {"hard": ((0,), True), "dense": ((0,), True), "moderate": ((0,), True),
                 "thin": ((0,), False), "infantry": ((0, 9), False)},
    }.items()
}
RANGE_ROWS: Sourced[tuple[tuple[float, str], ...]] = house(
    ((300.0, "maximum"), (600.0, "effective"), (float("inf"), "long")),
    "the rows are labelled Maximum/Effective/Long but Maximum hits most: read as the row for under "
    "300 yd (point-blank, maximum effect), 300-600 yd inclusive (the FP's basis, unchanged by 1.2) and "
    "beyond 600 yd",
    "4.2; shared rules notes")
STAR_CONFIRM: Sourced[str] = house("even", "a '**' hit is confirmed by an even re-roll (odd/even; 0 counts as even)")
IMPAIR_EVEN: Sourced[str] = seed("even", "3.7/4.3 (re-rolled hits: even results impair)")
IMPAIR_ZERO: Sourced[str] = seed("0", "3.7/4.3 (hard vehicles or DD terrain: only 0 impairs)")
VEHICLE_STEPS: Sourced[int] = seed(4, "1.7 (vehicles have four step levels, two FP each)")
VEHICLE_STEP_FP: Sourced[int] = seed(2, "1.7")

# -- indirect fire ----------------------------------------------------------------------------
TIME_LAPSE: dict[str, Sourced[int]] = {
    **{n: seed(2, "3.2") for n in ("germany", "france", "uk", "canada")},
    "us": seed(1, "3.2"),
    **{n: seed(3, "3.2") for n in ("italy", "minor_axis", "ussr", "japan")},
    "china": seed(4, "3.2"),
}
REGISTRATION_POINTS: Sourced[int] = seed(10, "3.2 (up to 10 FRPs a side)")
MAX_SHIFT_YD: Sourced[float] = seed(800.0, "3.11 C (800 yards per direction)")
ERROR_YD: dict[int, Sourced[int]] = {f: seed(v, "3.3 Error chart (observed)") for f, v in
                                     zip(range(10), (0, 0, 0, 50, 50, 100, 100, 150, 150, 200))}
ERROR_HEX: dict[int, Sourced[int]] = {f: seed(v, "3.3 Error chart (hex map)") for f, v in
                                      zip(range(10), (0, 0, 0, 1, 1, 2, 2, 3, 3, 3))}
ERROR_MODS: dict[str, tuple[Sourced[int], ...]] = {  # by range 0-2000, 2001-5000, 5001-10000, 10001+ yd
    "germany": tuple(seed(v, "3.3 Advanced modifiers") for v in (-1, 0, 1, 2)),
    "italy": tuple(seed(v, "3.3 Advanced modifiers") for v in (0, 1, 2, 3)),
    "minor_axis": tuple(seed(v, "3.3 Advanced modifiers") for v in (0, 1, 2, 3)),
    "ussr": tuple(seed(v, "3.3 Advanced modifiers") for v in (0, 1, 2, 3)),
    "japan": tuple(seed(v, "3.3 Advanced modifiers") for v in (0, 1, 2, 3)),
    "china": tuple(seed(v, "3.3 Advanced modifiers") for v in (0, 1, 2, 3)),
    "us": tuple(seed(v, "3.3 Advanced modifiers") for v in (-1, 0, 1, 2)),
    "uk": tuple(seed(v, "3.3 Advanced modifiers") for v in (-1, 0, 1, 2)),
    "france": tuple(seed(v, "3.3 Advanced modifiers") for v in (-1, 0, 1, 2)),
    "canada": tuple(house(v, "3.3 lists 'USA, UK, France' but not the Commonwealth, which 3.2 groups with "
                             "the UK: Canada follows the UK", "3.3 Advanced modifiers") for v in (-1, 0, 1, 2)),
}
ERROR_BANDS: tuple[float, ...] = (2000.0, 5000.0, 10000.0)
DIRECTION: dict[int, Sourced[str]] = {f: seed(d, "3.3 direction roll") for f, d in
                                      {1: "long", 2: "long", 3: "long", 4: "right", 5: "right", 6: "left",
                                       7: "left", 8: "short", 9: "short", 0: "short"}.items()}
OFF_BOARD_YD: Sourced[float] = seed(1000.0, "3.5 (off-board batteries 1000 yards behind the edge)")
NAVAL_YD: Sourced[float] = seed(5000.0, "3.8 (naval guns 5000 yards off)")
CD_DIAMETER: Sourced[float] = seed(4.0, "3.6 (a 4\" CD)")
CALIBRES: tuple[tuple[float, str], ...] = ((79.0, "up to 79mm"), (109.0, "80-109mm"), (159.0, "110-159mm"), (1e9, "160mm+"))
BARRAGE_CLASS: dict[str, dict[str, tuple[Sourced[str], ...]]] = {
    "spread": {"four": tuple(seed(c, "3.6 Spread chart") for c in "WWXX"),
               "six": tuple(seed(c, "3.6 Spread chart") for c in "WWXX")},
    "converged": {"four": tuple(seed(c, "3.6 Converged chart") for c in "WXXY"),
                  "six": tuple(seed(c, "3.6 Converged chart") for c in "XYYY")},
}
BIG_BATTERY: Sourced[str] = house("spread pattern, converged chart",
                                  "the text says both 'Spread pattern but Converged chart' and 'always the six-gun "
                                  "Converged pattern' for batteries over six guns; the first is the default, the "
                                  "scenario's rules.big_battery: converged picks the second")
INDIRECT_DICE: dict[str, Sourced[int]] = {"W": seed(4, "3.6 Chance to Hit chart"), "X": seed(6, "3.6"), "Y": seed(8, "3.6")}
INDIRECT_HIT: dict[str, dict[str, Sourced[tuple[frozenset[int], bool]]]] = {
    tpd: {fp: seed((frozenset(n), star), "3.6 Chance to Hit chart") for fp, (n, star) in row.items()}
    for tpd, row in {
        "AA": {"W": ((1,), True), "X": ((1, 2), False), "Y": ((1, 2, 3), False)},
        "BB": {"W": ((1,), True), "X": ((1, 2), False), "Y": ((1, 2), False)},
        "CC": {"W": ((1,), True), "X": ((1,), True), "Y": ((1,), True)},
        "DD": {"W": ((1,), True), "X": ((1,), True), "Y": ((1,), True)},
    }.items()
}
INDIRECT_ARMOUR_DICE: dict[str, Sourced[int]] = {
    "infantry": house(+1, "'units with higher or lower ratings modify the kill dice appropriately': unprotected +1 die"),
    "thin": seed(0, "1.3 (indirect chances are based on thin protection)"),
    "moderate": seed(0, "1.3 (moderate rated as thin for indirect fire)"),
    "hard": seed(0, "1.3 (hard rated as thin for indirect fire)"),
    "dense": house(-1, "dense is not rated as thin for indirect fire: one die less"),
}
SETUP_TURNS: dict[str, Sourced[tuple[int, int]]] = {
    "spg": seed((1, 1), "3.9 (breakdown, set up)"), "towed_over_100": seed((2, 3), "3.9"),
    "towed_up_to_99": seed((2, 2), "3.9"), "at_up_to_51": seed((1, 1), "3.9"), "at_over_52": seed((2, 2), "3.9"),
}

# -- movement ------------------------------------------------------------------------------------
CODES: str = "ABCDE"
MOVE_INCHES: dict[str, Sourced[float]] = {c: seed(v, "2.1") for c, v in zip(CODES, (4.0, 6.0, 8.0, 10.0, 12.0))}
MOVE_CM: dict[str, Sourced[float]] = {c: seed(v, "2.1") for c, v in zip(CODES, (10.0, 20.0, 25.0, 30.0, 35.0))}
MOVE_MP: dict[str, Sourced[int]] = {c: seed(v, "2.1") for c, v in zip(CODES, (2, 4, 5, 6, 8))}
ROAD_E_BONUS: Sourced[float] = seed(2.0, "2.2 (+2\" for E)")
HEX_TURN_MP: Sourced[int] = seed(1, "2.5 (one point to turn)")
HEX_TERRAIN_MP: dict[str, Sourced[int | str]] = {
    **{t: seed(2, "2.5") for t in ("woods", "rough", "sand", "snow", "river", "stream")},
    **{t: seed("all", "2.5") for t in ("mud", "swamp")},
}

CLOSE_COMBAT_YD: Sourced[float] = house(500.0, "'close combat situations' are not measured: within 500 yd of an enemy, "
                                               "the distance at which a moving unit is spotted automatically (4.1)")
QUARTERS: Sourced[int] = seed(4, "Sequence of Play clarification (1/4 allowance segments)")

# -- spotting ------------------------------------------------------------------------------------
AUTO_SPOT_YD: dict[str, Sourced[float]] = {"moved": seed(500.0, "4.1"), "fired": seed(500.0, "4.1"),
                                           "road": seed(1000.0, "4.1")}
SPOT_BASE: Sourced[int] = seed(60, "4.11 (60%)")
SPOT_MODS: dict[str, Sourced[int]] = {
    "on the road": seed(10, "4.11"), "in the woods": seed(-20, "4.11"), "defilade": seed(-20, "4.11"),
    "in a house": seed(-10, "4.11"), "desert": seed(30, "4.11"),
    "stationary infantry or AT": seed(-20, "4.11"), "target moved": seed(10, "4.11"),
    "stationary but firing": seed(10, "4.11"), "range 1500-3000 yd": seed(-20, "4.11"), "range 3000+ yd": seed(-30, "4.11"),
}

# -- melee and assaults ----------------------------------------------------------------------------
MELEE_SUPPRESSED: Sourced[int] = seed(-2, "5.1")
MELEE_ADMIN_FP: Sourced[int] = seed(1, "5.1 (artillery and administrative units FP 1)")
ASSAULT_BASE: Sourced[int] = seed(30, "5.2 (30%)")
ASSAULT_MODS: dict[str, Sourced[int]] = {
    "vehicle did not move": seed(-10, "5.2"), "vehicle moved at D speed": seed(+10, "5.2"),
    "vehicle moved at E speed": seed(+20, "5.2"), "engineers": seed(-20, "5.2"), "suicide squad": seed(-30, "5.2"),
}
ASSAULT_MODS_ARE: Sourced[str] = house("roll", "listed as 'die roll modifiers' to a 30% chance: added to the d00, "
                                              "so a minus helps the assault")
SUICIDE_ALLOWED: Sourced[tuple[tuple[str, str, int, int], ...]] = seed(
    (("ussr", "guards", 1941, 1942), ("germany", "waffen_ss", 1945, 1945), ("japan", "any", 1931, 1945)),
    "5.31 (Russian Guard 1941-42; Waffen SS 1945; Japanese 1931-45)")
SUICIDE_TYPES: Sourced[frozenset[str]] = seed(frozenset({"R", "RF", "SMG"}), "5.31 (only R, RF and SMG units)")

# -- aircraft and mines ---------------------------------------------------------------------------
AIR_FP: dict[str, Sourced[str]] = {"strafing": seed("X", "6.2"), "rockets": seed("Y", "6.2/6.3 (converged)"),
                                   "high-level bombers": seed("Y", "6.3 (spread)")}
BOMB_FP: Sourced[str] = house("X", "6.3 gives no FP for ordinary bombs: X, as strafing")
AA_WEAPONS: dict[str, Sourced[tuple[float, int]]] = {
    w: seed(v, "6.4 (max range yd, kill dice; hit on 0)") for w, v in
    {"inf": (500.0, 1), "hmg": (1500.0, 2), "20mm": (1500.0, 2), "37mm": (2000.0, 3), "40mm": (2000.0, 3),
     "88mm+": (3000.0, 3)}.items()
}
MINE_HIT: dict[str, Sourced[int]] = {da: seed(v, "1.5") for da, v in
                                     {"infantry": 30, "thin": 30, "moderate": 20, "dense": 10, "hard": 5}.items()}
MINE_DAMAGE: Sourced[str] = house("impair", "a mine hit is one impairment (the text gives the chance, not the effect)")
PARA_CD: Sourced[float] = seed(4.0, "1.8 (a 4\" CD landing zone)")
PARA_SCATTER: dict[str, Sourced[float]] = {
    "day": house(0.5, "dice thrown on a CD cannot be replayed: a day drop lands the d6's face x 0.5\" off in a d12 direction"),
    "night": house(0.8, "a night drop lands the d10's face (0 as 10) x 0.8\" off in a d12 direction"),
}
