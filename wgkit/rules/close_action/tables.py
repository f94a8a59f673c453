"""Close Action's tables as data, each value marked with its source.

Section names follow the text (002_9e952b9bed2fe005): Firing, Fire Table, Movement, Movement
Table, Morale, Morale Table, Hand-to-Hand Fighting, and the Playsheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from wgkit.facts.sourced import Sourced, house, seed

INFINITE = float("inf")


@dataclass(frozen=True)
class Weapon:
    """A line of the Fire Table: dice (or blast zone diameter), close and far range in inches."""

    name: str
    dice: int  # 0 for blast-zone weapons
    close: float
    far: float
    blast: float = 0.0  # blast zone diameter, inches
    support: bool = False  # LMG, HMG, mortar: may not move after firing (Firing: Moving after Shooting)


FIRE_TABLE: dict[str, Sourced[Weapon]] = {
    "pistol": seed(Weapon("pistol", 1, 6, 12), "Fire Table"),
    "rifle": seed(Weapon("rifle", 2, 12, 72), "Fire Table"),
    "smg": seed(Weapon("smg", 3, 6, 24), "Fire Table"),
    "auto_rifle": seed(Weapon("auto_rifle", 4, 12, 72), "Fire Table"),
    "lmg": seed(Weapon("lmg", 6, 36, INFINITE, support=True), "Fire Table"),
    "hmg": seed(Weapon("hmg", 8, 48, INFINITE, support=True), "Fire Table"),
    "grenade": seed(Weapon("grenade", 0, 6, 6, blast=3), "Fire Table; Firing: Grenades"),
    "mortar": seed(Weapon("mortar", 0, INFINITE, INFINITE, blast=6, support=True), "Fire Table; Firing: Mortars"),
}
MORTAR_MIN_RANGE: Sourced[float] = house(
    12.0, "the Fire Table's close-range cell for the mortar reads '12\"+' and its far cell 'N/A'; read as a "
          "minimum range of 12\" (12\" itself allowed) and no maximum, which the text does not state",
    "Fire Table (mortar)")

HIT_CLOSE: Sourced[int] = seed(5, "Firing: Procedure (close range hits on 5-6)")
HIT_FAR: Sourced[int] = seed(6, "Firing: Procedure (far range hits on 6)")
GRENADE_THROW: Sourced[frozenset[int]] = seed(frozenset({5, 6}), "Firing: Grenades (may throw on 5-6)")
ARC_HALF_ANGLE: Sourced[float] = seed(45.0, "Firing: Procedure (45 degrees either side of facing)")

# Fire modifiers (Fire Table, Modifiers column): added to the score needed to hit.
# The text lists them as die modifiers; a -1 to the die is +1 to the number needed.
FIRE_MODIFIERS: dict[str, Sourced[int]] = {
    "soft cover": seed(-1, "Fire Table: Vs. soft cover -1"),
    "hard cover": seed(-2, "Fire Table: Vs. hard cover -2"),
    "crawling or prone": seed(-1, "Fire Table: Target crawling/prone -1"),
    "green firer": seed(-1, "Fire Table: Firer is green -1"),
    "upright in the open": seed(+2, "Fire Table: Target upright and not in cover +2"),
}
TWO_STAGE_SECOND: Sourced[int] = seed(4, "Fire Table: 7+ to hit? roll a 6, then a 4-6")
SELECT_ACTIVE: Sourced[frozenset[int]] = seed(frozenset({5, 6}), "Firing: Selecting Hits (5-6 active chooses)")
OFFICER_CONFIRM: Sourced[frozenset[int]] = seed(frozenset({6}), "Firing: Selecting Hits (officer needs a further 6)")
DANGER_ZONE_WIDEN: Sourced[float] = seed(1.0, "Firing: Danger Zone (one inch outside the lines)")

# -- Movement --------------------------------------------------------------------------------
MOVE_RATE: dict[str, Sourced[float]] = {
    "crawl": seed(3.0, "Movement Table"),
    "crouch": seed(6.0, "Movement Table"),
    "upright": seed(12.0, "Movement Table"),
}
WEAPON_RATES = {
    "rules": seed(8.0, "Movement Table (rules text)"),
    "playsheet": seed(9.0, "Playsheet Movement Table"),
}
WEAPON_RATE_DEFAULT = "rules"  # the text contradicts itself; the rules section wins, settable
COMMAND_RADIUS: Sourced[float] = seed(6.0, "Movement: Command Control")
OFFICER_SPEED: Sourced[float] = seed(2.0, "Movement: Officers (double speed upright or crouching)")

# Terrain cost: inches of base rate spent per inch moved (the table's X1, X1/2, X1/3 are the
# share of the rate usable), and a flat cost for crossing an obstacle.
TERRAIN_FACTOR: dict[str, dict[str, Sourced[float]]] = {
    "man": {"road": seed(1.0, "Movement Table"), "clear": seed(1.0, "Movement Table"),
            "rough": seed(1.0, "Movement Table"), "dense": seed(0.5, "Movement Table")},
    "weapon": {"road": seed(1.0, "Movement Table"), "clear": seed(1.0, "Movement Table"),
               "rough": seed(0.5, "Movement Table"), "dense": seed(1 / 3, "Movement Table")},
}
OBSTACLE_COST: dict[str, Sourced[float]] = {
    "man": seed(3.0, "Movement Table (Obstacle 3\")"),
    "weapon": seed(6.0, "Movement Table (Obstacle 6\")"),
}

# -- Morale ----------------------------------------------------------------------------------
MORALE_TRIGGER_DICE: Sourced[int] = seed(8, "Morale: Procedure (shot at by at least 8 dice)")
BLAST_DICE: dict[str, Sourced[int]] = {
    "grenade": seed(8, "Morale: Blast Zone Effects"),
    "mortar": seed(16, "Morale: Blast Zone Effects"),
}


@dataclass(frozen=True)
class MoraleRow:
    low: int  # fire dice band
    rout: int  # totals at or below: rout
    ok: int  # totals at or above: OK; between: cowering


MORALE_TABLE: tuple[Sourced[MoraleRow], ...] = (
    seed(MoraleRow(8, 0, 5), "Morale Table 8-15"),
    seed(MoraleRow(16, 1, 7), "Morale Table 16-23"),
    seed(MoraleRow(24, 2, 9), "Morale Table 24-31"),
    seed(MoraleRow(32, 3, 10), "Morale Table 32+"),
)
MORALE_MODIFIERS: dict[str, Sourced[int]] = {
    "veteran": seed(+2, "Morale Table"),
    "half or more in hard cover": seed(+2, "Morale Table"),
    "officer within 3\"": seed(+2, "Morale Table"),
    "each hit this turn": seed(-1, "Morale Table"),
    "green": seed(-2, "Morale Table"),
    "under mortar or HMG fire": seed(-2, "Morale Table"),
    "isolated figure": seed(-2, "Morale Table"),
}
OFFICER_NEAR: Sourced[float] = seed(3.0, "Morale: Rally (officer within 3\")")
RALLY: dict[str, Sourced[int]] = {
    "veteran": seed(3, "Morale: Rally (3-6)"),
    "steady": seed(5, "Morale: Rally (5-6)"),
    "green": seed(6, "Morale: Rally (6)"),
}
ISOLATED: Sourced[float] = house(6.0, "a figure more than 6\" (the command distance) from every other figure "
                                       "of its unit is isolated; the text does not define isolation")
ROUT_BEARING: Sourced[float] = house(180.0, "a routed man runs away from the enemy; with no enemy left on the "
                                            "table, the text gives no direction: due south (bearing 180°)")

# -- Hand to hand --------------------------------------------------------------------------------
MELEE_MODIFIERS: dict[str, Sourced[int]] = {
    "soft cover": seed(+1, "Hand-to-Hand: In soft cover vs. all attackers"),
    "hard cover": seed(+2, "Hand-to-Hand: In hard cover vs. all attackers"),
    "each extra man": seed(+1, "Hand-to-Hand: Each extra man in the group"),
    "officer": seed(+1, "Hand-to-Hand: Officer in the group"),
}
SURRENDER_MURDER: Sourced[frozenset[int]] = seed(frozenset({5, 6}), "Hand-to-Hand: Surrender (5-6 \"Too late!\")")
PRISONERS_PER_ESCORT: Sourced[int] = seed(10, "Hand-to-Hand: Surrender (one attacker per 10 prisoners)")
BEHIND: Sourced[float] = house(1.0, "a wall or hedge covers a man when the line of fire crosses it within 1\" "
                                      "of him; the text gives cover classes but not this distance")
CONTACT: Sourced[float] = house(1.0, "base-to-base contact: figure centres within 1\" (two 20-25 mm bases); "
                                      "the text does not give a distance")
