"""Rookie Rules vocabulary (text: 003_886a0ad6b6bb64d7, MWAN #89)."""

from wgkit.facts.scale import GroundScale
from wgkit.facts.ruleset import RulesetInfo, terrain_table

# Line of sight: hills and any class of cover block it (fire into cover, never through it).
# The movement chart is lost, so the speed class per terrain (A fast, B, C slow) is house.
_TERRAIN = terrain_table(
    {
        "woods": ("woods", True, "C"),
        "buildings": ("buildings", True, "C"),
        "hill": ("none", True, "B"),
        "road": ("none", False, "road"),
        "stream": ("none", False, "C"),
        "river": ("none", False, "C"),
        "rough": ("light", True, "B"),
        "swamp": ("none", False, "C"),
        "mud": ("none", False, "C"),
        "snow": ("none", False, "B"),
        "fields": ("light", True, "B"),
        "fields/low": ("none", False, "A"),
        "orchard": ("light", True, "B"),
        "low_wall": ("light", True, "B"),
        "hedge": ("light", True, "B"),
        "bocage": ("woods", True, "C"),
        "barbed_wire": ("none", False, "wire"),
        "minefield": ("none", False, "A"),
        "foxholes": ("entrenched", True, "B"),
        "trenches": ("entrenched", True, "B"),
        "bunker": ("bunker", True, "C"),
        "smoke": ("none", True, "A"),
    },
    source="house",
    ref="Line of Sight; Movement",
    note="the movement and cover charts are lost; LOS follows the text",
)

RULESET = RulesetInfo(
    id="rookie",
    name="Rookie Rules",
    aliases=("rr", "rookierules"),
    text="003_886a0ad6b6bb64d7.txt",
    scale=GroundScale(10, "yd"),
    scale_note="house: the text gives no ground scale, only table inches",
    dice=("d10", "d00", "d6"),
    pieces="stands",
    grid="none",
    qualities=("green", "regular", "veteran", "elite"),
    unit_kinds=frozenset({"squad", "leader", "hmg", "mortar", "heavy_mortar", "gun", "vehicle",
                          "sniper", "aircraft", "bunker"}),
    weapons=frozenset({"rifle", "smg", "lmg", "hmg", "mortar", "heavy_mortar", "at_gun",
                       "flamethrower", "tank_gun", "aa_gun"}),
    terrain=_TERRAIN,
    nationalities=("us", "uk", "germany", "ussr", "italy", "japan"),
    unit_attrs={
        "ff": {"type": "integer", "minimum": 0},
        "men": {"type": "integer", "minimum": 1},
        "armour_class": {"enum": ["A", "B", "C", "D", "E"]},
        "colour": {"type": "string"},
        "level": {"enum": ["platoon", "company"]},
        "tracked": {"type": "boolean"},
        "special_tank": {"type": "boolean", "description": "T-34s and light tanks (Breakdown in mud)"},
        "deployed": {"type": "boolean", "description": "a heavy mortar or gun set up at the start"},
        "barrels": {"type": "integer", "minimum": 1, "maximum": 8,
                    "description": "barrels of an HMG mount dedicated to air defence (20% each)"},
        "camouflaged": {"type": "boolean"},
        "specialist": {"type": "boolean"},
        "training": {"enum": ["A", "B", "C"]},
        "anti_aircraft": {"type": "boolean", "description": "an HMG dedicated to air defence"},
    },
    scenario_attrs={
        "colours": {"type": "object", "additionalProperties": {"enum": ["red", "black"]}, "description": "side id -> red or black"},
        "extra_cards": {"type": "object", "additionalProperties": {"type": "integer"}, "description": "side id -> cards added (or removed)"},
        "artillery": {"type": "object", "additionalProperties": {"type": "object", "properties": {
            "templates": {"type": "array", "items": {"enum": ["A", "B", "C", "D"]}},
            "missions": {"type": "integer", "minimum": 0}}, "additionalProperties": False}},
        "aircraft": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
        "chart": {"type": "object", "description": "column -> {face: result code}: overrides of the firing chart"},
    },
)
