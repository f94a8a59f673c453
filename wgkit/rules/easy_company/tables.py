"""Easy Company's tables as data, each value marked with its source (text: 000_f349617a9491ca07).

Percentages are whole numbers; distances are metres as the text gives them (1" = 10 m).
"""

from __future__ import annotations

from wgkit.facts.sourced import Sourced, house, seed

QUALITIES = ("untrained", "green", "experienced", "veteran", "elite")


def by_quality(values: tuple[int, ...], ref: str) -> dict[str, Sourced[int]]:
    return {q: seed(v, ref) for q, v in zip(QUALITIES, values)}


# 2.4 Motivation Points
MP_RANK: dict[str, Sourced[int]] = {r: seed(v, "§2.4") for r, v in
                                    (("private", 4), ("corporal", 6), ("sergeant", 8), ("lieutenant", 8))}
MP_QUALITY: dict[str, Sourced[int]] = {
    "untrained": seed(-4, "§2.4"), "green": seed(-2, "§2.4"),
    "experienced": house(0, "§2.4 lists no adjustment for experienced troops: read as none"),
    "veteran": seed(+2, "§2.4"), "elite": seed(+4, "§2.4"),
}
MP_REACH_M: Sourced[int] = seed(40, "§2.4 (MPs only on troops within 40 m)")

# 3.2 Off-table artillery
CALL_MP: Sourced[int] = seed(5, "§3.2")
ARRIVAL = by_quality((10, 30, 50, 70, 90), "§3.2 arrival")
ARRIVAL_STEP: Sourced[int] = seed(10, "§3.2 (+10% each turn it fails to arrive)")
ON_TARGET = by_quality((10, 30, 50, 70, 90), "§3.2 on target")
WALK_MP: Sourced[int] = seed(5, "§3.2")
WALK_MAX_IN: Sourced[float] = seed(6.0, "§3.2 (walk the fire up to 6 inches)")
FFE_MP: Sourced[int] = seed(5, "§3.2 (fire for effect)")
WOUND_BASIC: Sourced[int] = seed(50, "§3.2 wound table")
WOUND_FACTOR: dict[str, Sourced[float]] = {
    "open": seed(1.0, "§3.2 (in the open: no change)"), "prone": seed(0.5, "§3.2 (prone x50%)"),
    "dug_in": seed(0.1, "§3.2 (dug in x10%)"),
}
DEFAULT_CALIBRE_MM: Sourced[int] = house(105, "§3.2 gives each calibre's radius; a battery whose scenario names no "
                                                "calibre is taken as 105 mm field guns")
RADIUS_M: tuple[tuple[float, Sourced[int]], ...] = (  # (largest calibre in mm, radius in metres)
    (100, seed(70, "§3.2")), (120, seed(140, "§3.2")), (130, seed(210, "§3.2")),
    (150, seed(280, "§3.2")), (float("inf"), seed(350, "§3.2")),
)

# 4 Movement
MOVE_M: dict[str, Sourced[int]] = {"normal": seed(70, "§4.3"), "cautious": seed(50, "§4.3"),
                                   "under_fire": seed(40, "§4.3")}
MOVE_MAX_M: Sourced[int] = seed(70, "§4.3 (never more than 70 m)")
MP_EXTRA_M: Sourced[int] = seed(10, "§4.4 (each MP adds 10 m)")
MOVE_CHANCE = by_quality((30, 50, 70, 90, 110), "§4.4")
UNDER_FIRE: dict[str, Sourced[int]] = {
    "small arms": seed(-30, "§4.4 / §5.3"), "automatic weapons": seed(-50, "§4.4 / §5.3"),
    "light artillery": seed(-50, "§4.4 / §5.3"), "heavy artillery": seed(-70, "§4.4 / §5.3"),
    "air attack": seed(-70, "§4.4 / §5.3"),
}
LIGHT_ARTILLERY_MM: Sourced[int] = house(
    105, "§4.4 and §5.3 name light and heavy artillery but draw no line: guns up to 105 mm (the divisional "
         "field artillery) are light, larger ones heavy", "§4.4 / §5.3")
MORTAR_FIRE: Sourced[str] = house(
    "light artillery", "§4.4's list of fire does not name mortars: a mortar's bombs count as light artillery",
    "§4.4 / §5.4")
MOVE_PER_CASUALTY: Sourced[int] = seed(-20, "§4.4 (per untended casualty)")
PER_SUCCESS: Sourced[int] = seed(+10, "§4.4 / §5.3 (per previous consecutive success)")
PER_MP: Sourced[int] = seed(+10, "§4.4 / §5.3 (per MP expended)")
LEADER_MOVE_MP: dict[str, Sourced[int]] = {"normal": seed(0, "§4.4"), "cautious": seed(1, "§4.4"),
                                           "under_fire": seed(2, "§4.4")}

# 5 Firing
FIRE_CHANCE = by_quality((50, 70, 90, 110, 130), "§5.3")
FIRE_PER_CASUALTY: Sourced[int] = seed(-10, "§5.3 (per untended casualty)")
LEADER_FIRE_MP: dict[str, Sourced[int]] = {"normal": house(0, "§5.3 gives costs only when cautious or under fire"),
                                           "cautious": seed(2, "§5.3"), "under_fire": seed(3, "§5.3")}
RANGE_M: dict[str, tuple[Sourced[float], Sourced[float]]] = {  # effective, maximum
    "pistol": (seed(20, "§5.4"), seed(50, "§5.4")),
    "rifle": (seed(300, "§5.4"), house(float("inf"), "§5.4: maximum beyond the table")),
    "smg": (seed(80, "§5.4"), seed(200, "§5.4")),
    "lmg": (seed(450, "§5.4"), house(float("inf"), "§5.4: maximum beyond the table")),
    "mmg": (seed(600, "§5.4"), house(float("inf"), "§5.4: maximum beyond the table")),
    "hmg": (seed(800, "§5.4"), house(float("inf"), "§5.4: maximum beyond the table")),
}
AUTOMATIC = ("smg", "lmg", "mmg", "hmg")  # §5.5: automatic weapons roll once per figure in the area
EFFECTIVE = by_quality((20, 30, 40, 60, 80), "§5.5")
POSITION: dict[str, Sourced[float]] = {"open": seed(1.0, "§5.5"), "concealed": seed(0.5, "§5.5 (x50%)"),
                                       "dug_in": seed(0.1, "§5.5 (x10%)")}
GRENADE_WOUNDS_ON: Sourced[tuple[int, ...]] = seed(
    (2, 4, 6, 8, 10), "§5.4 Grenades (a 50% chance, which the text lets a player call odd or even: even faces of a d10)")
MORTAR_RADIUS_IN: Sourced[float] = seed(2.0, "§5.4 Mortars (2 inches)")

# 6 Melee, 8 Morale
MELEE_PER_GRADE: Sourced[int] = seed(1, "§6.1 (+1 for each quality above the opponent)")
MELEE_DOUBLE = house("at least double", "§6.1 'if double then opponent killed' read as the winner's total "
                                        "at least twice the loser's")
MORALE = by_quality((10, 30, 50, 70, 90), "§8.1")
MORALE_AT: tuple[Sourced[float], ...] = (seed(0.5, "§8.1 (at 50% casualties)"), seed(0.75, "§8.1 (and at 75%)"))
MORALE_RETRY_MP: Sourced[int] = seed(1, "§8.1 (1 MP, doubling each attempt)")
MORALE_PER_FAILED_TURN: Sourced[int] = seed(-10, "§8.1 (-10% per consecutive failing turn)")
WITHDRAW_COVER_DEPTH: Sourced[float] = house(0.3, "§8.1 says to use the best cover: a withdrawing man stops 0.3\" "
                                                  "inside a concealing or dug-in area, so that he is in it")
WITHDRAW_BEARING: Sourced[float] = house(180.0, "§8.1: away from the enemy; with no enemy left, due south (bearing 180°)")

# House values where the text gives no figure (the kit's, marked as such)
GRENADE_RANGE_IN = house(3.0, "the text gives no grenade range; 30 m (3\") is a thrown grenade's reach")
CONTACT_IN = house(1.0, "figures fight hand to hand within 1\" (10 m); the text gives no distance")
AID_IN = house(1.0, "a figure gives aid within 1\" of the wounded; the text says 'remains with them'")
HIT_WOUNDS = house("a hit wounds", "an effective small-arms hit wounds the figure hit; the text scores a 'hit' but "
                                   "states wounds only for grenades and artillery")
SECOND_WOUND_KILLS = house(True, "a wounded man hit again is killed; the text does not say")
WITHDRAW_COVER = house("away, or to cover", "a withdrawing figure goes a full move directly away from the nearest "
                                            "enemy, or to the nearest concealment or dug-in position within that move if "
                                            "there is one")
