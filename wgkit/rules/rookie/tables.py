"""Rookie Rules' tables as data (text: 003_886a0ad6b6bb64d7, MWAN #89).

Much of the published text is lost: the body of the firing chart, the modifier tables, the
movement chart, the morale chart, the observation table, the AA result table and the artillery
templates. Each value here is marked: ``seed`` (stated in the text), ``worked example`` (fixed by
the text's Russian-and-German exchange or its observation example) or ``house`` (the kit's own,
chosen to agree with the text's prose). A scenario may override any table through its
``rules`` (see ``overrides``).
"""

from __future__ import annotations

from dataclasses import dataclass

from wgkit.facts.sourced import Sourced, house, seed

WE = "worked example"


def example(value, ref: str) -> Sourced:
    return Sourced(value, WE, ref)


# -- the firing chart ---------------------------------------------------------------------------
COLUMNS: tuple[str, ...] = ("1-5", "6-10", "11-15", "16-20", "21-25", "26-30", "31-35", "36-40",
                            "41-45", "46-50", "51-55", "56-60", "61+")
OFF_CHART = "off chart"  # left of 1-5
MARKERS: tuple[str, ...] = ("disrupted", "pinned", "suppressed")  # red, white, blue: worse to the right
MARKER_COLOUR = {"disrupted": "red", "pinned": "white", "suppressed": "blue"}


@dataclass(frozen=True)
class Result:
    kills: int = 0
    marker: str | None = None

    def __str__(self) -> str:
        if not self.kills and not self.marker:
            return "miss"
        parts = [f"{self.kills} killed"] if self.kills else []
        return ", ".join(parts + ([self.marker] if self.marker else []))


_CODES = {"-": Result(), "D": Result(0, "disrupted"), "P": Result(0, "pinned"), "S": Result(0, "suppressed")}


def _code(c: str) -> Result:
    """"K" one killed and disrupted; "2KP" two killed and pinned; "KS" one killed, suppressed."""
    if c in _CODES:
        return _CODES[c]
    n = int(c[0]) if c[0].isdigit() else 1
    tail = c.lstrip("0123456789")[1:]
    return Result(n, {"": "disrupted", "P": "pinned", "S": "suppressed"}[tail])


# Faces 0-9 (a d10 read 0-9) down, columns across. House except the cells marked *.
_ROWS = {
    1: "-  -  -  -  -  -  D  D  K  K  K  KP KP",
    2: "-  -  -  -  -  D  D  K  K  KP KP KP 2K",
    3: "-  -  -  -  D  D  K  K  KP KP 2K 2K 2KP",
    4: "-  -* -  D  D  K  K  KP KP 2K 2K 2KP 2KP",
    5: "-  -  D  K* K  K  KP KP 2K 2K 2KP 2KP 3KS",
    6: "-  D  K* K  K  KP KP 2K 2K 2KP 2KP 3KS 3KS",
    7: "D  D* D  D  P  P  P  S  S  S  2KS 3KS 3KS",
    8: "-  P  P  P* P  P  S  S  S  2KS 2KS 3KS 4KS",
    9: "D  D  D  P  P  S  S  2KS 2KS 3KS 3KS 4KS 4KS",
    0: "-  -  -  -  S  S  KS KS 2KS 2KS 3KS 4KS 4KS",
}
CHART: dict[str, dict[int, Sourced[Result]]] = {col: {} for col in COLUMNS}
for _face, _row in _ROWS.items():
    for _col, _cell in zip(COLUMNS, _row.split()):
        CHART[_col][_face] = (example(_code(_cell.rstrip("*")), "Examples (the Russian-German exchange)")
                              if _cell.endswith("*") else
                              house(_code(_cell), "the body of the firing chart is lost"))
CHART[OFF_CHART] = {f: example(Result(0, "disrupted") if f == 9 else Result(), "Modifiers (off the chart: only a 9, as a disruption)")
                    for f in range(10)}

# -- column shifts and factor changes ---------------------------------------------------------------
CLOSE_RANGE: Sourced[float] = house(8.0, "range modifiers are lost; the example doubles at 7\": close range is "
                                         "taken as up to 8\" (the text's armour rule also uses 8\")")
LONG_RANGE: Sourced[float] = house(24.0, "the example shifts one column at 26\": beyond 24\" is one column left")
EXTREME_RANGE: Sourced[float] = house(48.0, "beyond 48\" two columns left (house)")
SHIFTS: dict[str, Sourced[int]] = {
    "long range": example(-1, "Examples (26\": one column left)"),
    "extreme range": house(-2, "two columns left beyond 48\""),
    "second target this activation": example(-2, "Examples (shifting fire to a second target)"),
    "firer disrupted": example(-1, "Examples (a disrupted firer: one column left)"),
    "firer pinned": house(-2, "one column per marker step, following the disrupted firer's one"),
    "unattached leader as target": seed(-3, "Vulnerability of Command 6 (three columns)"),
    "air attack on a target in cover": house(-2, "rolled as unobserved targets: two columns left"),
    "aircraft damaged": house(-2, "the AA result table is lost: a damaged aircraft attacks two columns left"),
}
COVER_SHIFTS: dict[str, Sourced[int]] = {
    "light": house(-1, "cover modifiers are lost: light cover one column"),
    "woods": example(-2, "Examples (woods: two columns left)"),
    "buildings": house(-2, "as woods"),
    "entrenched": house(-2, "as woods"),
    "bunker": house(-3, "a step beyond woods"),
}
FF_PER_MAN: dict[str, Sourced[int]] = {
    "default": seed(3, "Suggested Firing Values (three per man)"),
    "us": seed(4, "Suggested Firing Values (four per man for Americans, for the M-1)"),
}
SQUAD_MEN: dict[str, Sourced[int]] = {
    "default": seed(5, "Suggested Firing Values (five men a squad)"),
    "italy": seed(4, "Suggested Firing Values (Italians and Russians: squads of four)"),
    "ussr": seed(4, "Suggested Firing Values (Italians and Russians: squads of four)"),
}
WEAPON_FF: dict[str, Sourced[int]] = {
    "hmg": house(12, "crew-served weapons' factors are not given"),
    "mortar": house(15, "crew-served weapons' factors are not given"),
    "heavy_mortar": house(25, "crew-served weapons' factors are not given"),
    "at_gun": house(33, "enough to penetrate class C, as a typical 75 mm"),
    "tank_gun": house(33, "enough to penetrate class C, as a typical 75 mm"),
    "gun": house(33, "as an anti-tank gun"),
    "flamethrower": house(20, "not given"),
    "aa_gun": house(15, "not given"),
}
SNIPER_COLUMN: Sourced[str] = seed("1-5", "Snipers (always the first column, no modifiers)")
OVERRUN_COLUMN: Sourced[str] = seed("41-45", "Over Run")
MINE_COLUMN: Sourced[str] = seed("16-20", "Mines and Booby Traps")
MINEFIELD_HEX: Sourced[float] = seed(12.0, "Mines and Booby Traps (12\" hexes)")

# -- armour ----------------------------------------------------------------------------------------
PENETRATION: dict[str, Sourced[int]] = {
    "A": seed(21, "Penetration (a single weapon of 21-25 ff, or small arms totalling that under 8\")"),
    "B": seed(26, "Penetration (26-30 ff)"), "C": seed(31, "Penetration (31-35 ff)"),
    "D": seed(36, "Penetration (36-40 ff)"), "E": seed(46, "Penetration (46 ff or better)"),
}
SMALL_ARMS_VS_A: Sourced[float] = seed(8.0, "Penetration (small arms totalling 21-25 under 8\")")
SPECIAL_DAMAGE: dict[int, Sourced[str]] = {
    0: seed("no damage", "Special Damage Table"),
    1: seed("immobilised and abandoned", "Special Damage Table"),
    2: seed("pinned for its next chance to act", "Special Damage Table"),
    3: seed("crew stunned: suppressed for its next turn to act", "Special Damage Table"),
    4: seed("retires one function, cannot act next chance", "Special Damage Table"),
    5: seed("retires two functions, cannot act next chance", "Special Damage Table"),
    6: seed("retires three functions, cannot act next chance", "Special Damage Table"),
    7: seed("main armament destroyed", "Special Damage Table"),
    8: seed("one function for the rest of the game", "Special Damage Table"),
    9: seed("fire in the tank: roll again", "Special Damage Table"),
}
FIRE_FOLLOW_UP: dict[str, Sourced[str]] = {
    "1-3": seed("tank explodes", "Special Damage Table (fire: 1-3 explodes)"),
    "4-6": house("crew bails out: abandoned", "the rest of the fire table is lost"),
    "7-9,0": house("fire put out: no further effect", "the rest of the fire table is lost"),
}
RETIRE_FUNCTIONS = {4: 1, 5: 2, 6: 3}

# -- leadership --------------------------------------------------------------------------------------
COMMAND_RADIUS: dict[str | None, Sourced[float]] = {
    None: seed(12.0, "Command Radius 1"), "disrupted": seed(8.0, "Command Radius 1"),
    "pinned": seed(4.0, "Command Radius 1"), "suppressed": seed(0.0, "Command Radius 1"),
}
COMMAND_REMOVALS: Sourced[int] = seed(2, "Command sequence (up to two penalty markers)")
OUT_OF_COMMAND_CLASSES: Sourced[int] = house(
    1, "the text says both: Movement ('units outside the current command radius of their leaders will travel "
       "one class slower', cumulative with the other class penalties) and Command Radius 2 (movement 'cut in "
       "half'). The movement section's own rule is used: it is the one that says how it combines with "
       "disruption, pins and wire; halving would make a half class that the speed table has no row for",
    "Movement (Command Radius); Command Radius 2")
ATTACHED: Sourced[float] = house(2.0, "'physically touching' a unit: stand centres within 2\"")
LEADER_HIT: Sourced[int] = house(1, "the roll for an attached leader is not given: a 1 on a d10 (10%) for each casualty")

# -- movement (the chart is lost) ------------------------------------------------------------------
SPEEDS: dict[str, dict[str, Sourced[float]]] = {
    kind: {c: house(v, "the movement chart is lost") for c, v in zip("ABC", rates)}
    for kind, rates in {"infantry": (6.0, 4.0, 2.0), "tracked": (12.0, 8.0, 4.0),
                        "wheeled": (16.0, 8.0, 3.0), "crew": (4.0, 2.0, 1.0)}.items()
}
ROAD_FACTOR: Sourced[float] = seed(2.0, "Roads (double A or B speed)")
BREAKDOWN: Sourced[int] = seed(2, "Breakdown and Immobilization (1 or 2 on a d10)")
BREAKDOWN_SPECIAL: Sourced[int] = seed(1, "Breakdown (in mud, special tanks only on a 1)")
BREAKDOWN_TERRAIN: Sourced[frozenset[str]] = house(frozenset({"mud", "rough", "swamp", "woods", "stream"}),
                                                   "the asterisked speeds are lost: mud, rubble (rough), swamp, "
                                                   "woods and streams risk a breakdown")
MUD_FREE: dict[str, Sourced[int]] = {"special": house(3, "garbled in the text ('1 3'): special tanks free on 1-3"),
                                     "regular": house(4, "garbled in the text ('14'): read as 1-4")}
HEAVY_SETUP: Sourced[int] = seed(4, "Movement and Firing (four functions to set up or take down)")
ON_TABLE_MIN_RANGE: Sourced[float] = seed(8.1, "Resolution of Air and Artillery Fire (minimum range 8.1\")")

# -- morale (the chart is lost) ----------------------------------------------------------------------
MORALE_BASE: dict[str, Sourced[int]] = {q: house(v, "the morale chart is lost: pass on a d10 (0 as 10) at or under this")
                                        for q, v in {"elite": 8, "veteran": 7, "regular": 6, "green": 5}.items()}
MORALE_MODS: dict[str, Sourced[int]] = {
    "leader in command radius": house(+1, "the morale modifiers are lost"),
    "in cover": house(+1, "the morale modifiers are lost"),
    "each penalty marker step": house(-1, "the morale modifiers are lost"),
    "half strength or less": house(-2, "the morale modifiers are lost"),
}
MORALE_ROUT_MARGIN: Sourced[int] = house(4, "failing by 4 or more: the unit runs away (removed); friends within 8\" test")
ROUTING_NEAR: Sourced[float] = seed(8.0, "Morale 5 (a friendly unit running away within 8\")")
TANK_NEAR: Sourced[float] = seed(8.0, "Morale 4 (an enemy tank within 8\")")

# -- snipers, observation, anti-aircraft ------------------------------------------------------------
SNIPER_SPOT: dict[str, Sourced[int]] = {
    "first": seed(0, "Snipers (undetectable the first turn he fires)"),
    "second": seed(25, "Snipers (25% the second turn)"),
    "step": seed(25, "Snipers (+25% each turn after)"),
}
OBSERVE_BASE: dict[str, tuple[Sourced[int], ...]] = {
    # (within 12", 24", 48", beyond) percent chances to spot hidden units in each kind of terrain
    "light": tuple(house(v, "the observation table is lost") for v in (80, 60, 40, 20)),
    "woods": (house(60, "the observation table is lost"), house(40, "the observation table is lost"),
              house(20, "the observation table is lost"), example(10, "Observation (woods at 78\": 10%)")),
    "buildings": tuple(house(v, "the observation table is lost") for v in (50, 30, 15, 5)),
    "entrenched": tuple(house(v, "the observation table is lost") for v in (50, 30, 15, 5)),
    "bunker": tuple(house(v, "the observation table is lost") for v in (40, 20, 10, 5)),
}
OBSERVE_BANDS: tuple[float, ...] = (12.0, 24.0, 48.0)
OBSERVE_MODS: dict[str, Sourced[int]] = {
    "camouflaged target": example(-50, "Observation example"),
    "specialist observers": example(+30, "Observation example"),
    "class A training": example(+20, "Observation example"),
}
AA_CHANCE: dict[str, Sourced[int]] = {
    "squad": seed(5, "Anti-Aircraft Fire (5%)"), "hmg": seed(20, "Anti-Aircraft Fire (dedicated HMG 20%)"),
    "barrel": seed(20, "Anti-Aircraft Fire (20% a barrel)"), "aa_gun": seed(50, "Anti-Aircraft Fire (50%)"),
}
AA_RESULT: dict[str, Sourced[tuple[int, ...]]] = {  # a hit's d10 (0-9): the faces of each result
    "driven off": house((1, 2, 3, 4), "the AA result table is lost: 1-4 driven off, no attack this turn"),
    "damaged": house((5, 6, 7), "the AA result table is lost: 5-7 damaged, attacks two columns left"),
    "shot down": house((8, 9, 0), "the AA result table is lost: 8-0 shot down"),
}

# -- aircraft and off-board artillery -----------------------------------------------------------------
AIR_ARRIVAL: dict[str, Sourced[int]] = {"base": seed(35, "Turn Over Aircraft (35%)"),
                                        "step": seed(10, "Turn Over Aircraft (+10% a turn)")}
AIR_REACH: Sourced[float] = seed(12.0, "Aircraft (targets within 12\" of the flight path)")
PATH_EDGE: Sourced[float] = house(0.5, "a flight path's end within 0.5\" of a table edge is on that edge (placed by hand)")
DRIFT_ON_TARGET: Sourced[int] = seed(4, "Artillery (1-4 on target, 5-0 drift)")
DRIFT: dict[int, Sourced[tuple[float, float]]] = {
    f: house(v, "the drift diagram is lost: faces 5-0 drift 4\" in six directions 60 degrees apart (bearing, inches)")
    for f, v in {5: (0.0, 4.0), 6: (60.0, 4.0), 7: (120.0, 4.0), 8: (180.0, 4.0), 9: (240.0, 4.0), 0: (300.0, 4.0)}.items()
}


@dataclass(frozen=True)
class Template:
    shape: str  # "circle" or "rectangle"
    size: tuple[float, ...]  # radius, or (length, width)
    column: str  # the firing-chart column each unit under it is attacked on


TEMPLATES: dict[str, Sourced[Template]] = {
    "A": house(Template("rectangle", (16.0, 6.0), "41-45"), "the templates are lost: A, heavy, a 16\" x 6\" sheaf"),
    "B": house(Template("circle", (5.0,), "41-45"), "the templates are lost: B, heavy, a 10\" circle"),
    "C": house(Template("circle", (4.0,), "31-35"), "the templates are lost: C, medium, an 8\" circle"),
    "D": house(Template("circle", (3.0,), "26-30"), "the templates are lost: D, air, a 6\" circle"),
}
HEAVY_TEMPLATES: Sourced[tuple[str, ...]] = seed(("A", "B"), "Resolution of Air and Artillery Fire (heavy: A or B)")
AIR_TEMPLATE: Sourced[str] = seed("D", "Aircraft (strafing, dive and fighter bombers: template D)")
MELEE_REACH: Sourced[float] = seed(1.0, "Melee (within one inch)")
STAND: Sourced[float] = house(1.0, "stands are not sized: an inch across, so edge-to-edge distances gain an inch "
                                   "centre to centre, and a vehicle over runs a stand whose centre its path passes "
                                   "within an inch of")
