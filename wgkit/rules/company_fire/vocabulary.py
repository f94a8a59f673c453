"""Company Fire vocabulary (text: 004_e954d5c422be67ed)."""

from wgkit.geometry.scale import GroundScale
from wgkit.rules.company_fire.roles import scenario_problems
from wgkit.rules.registry import RulesetInfo, terrain_table

# Area Terrain table: blocks LOS / cover / impassable to infantry / to vehicles.
# movement: "open", "no_vehicles", "impassable".
_TERRAIN = terrain_table(
    {
        "fields": ("cover", False, "open"),  # medium-height fields
        "fields/low": ("none", False, "open"),
        "fields/medium": ("cover", False, "open"),
        "fields/full-grown": ("cover", True, "open"),
        "swamp": ("cover", True, "impassable"),
        "orchard": ("cover", True, "open"),
        "woods": ("cover", True, "no_vehicles"),
        "hill": ("cover", True, "open"),
        "buildings": ("cover", True, "no_vehicles"),
        "low_wall": ("cover", False, "open"),  # Edge Terrain table
        "bocage": ("cover", True, "bocage"),  # Special Terrain Rules: Bocage
    },
    source="seed",
    ref="Terrain: Area Terrain, Edge Terrain",
    overrides=terrain_table(
        {
            "road": ("none", False, "road"),
            "stream": ("none", False, "open"),
            "river": ("none", False, "impassable"),
            "rough": ("cover", False, "open"),
            "mud": ("none", False, "open"),
            "snow": ("none", False, "open"),
            "hedge": ("cover", True, "open"),
            "barbed_wire": ("none", False, "no_vehicles"),
            "minefield": ("none", False, "mines"),
            "foxholes": ("cover", False, "open"),
            "trenches": ("cover", False, "open"),
            "bunker": ("cover", True, "no_vehicles"),
            "smoke": ("cover", True, "open"),
        },
        source="house",
        ref="Terrain",
        note="type not in the text's terrain tables; chosen by analogy",
    ),
)

RULESET = RulesetInfo(
    id="company_fire",
    name="Company Fire",
    aliases=("cf", "company fire", "companyfire"),
    scenario_checks=scenario_problems,
    text="004_e954d5c422be67ed.txt",
    scale=GroundScale(7.5, "m"),
    scale_note="derived: the text gives 40-50 m per square and uses 6\" squares (45 m / 6\")",
    dice=("d6",),
    pieces="stands",
    grid="required",
    qualities=("green", "regular", "veteran"),
    unit_kinds=frozenset({
        "rifle_squad", "smg_squad", "engineer_squad", "light_mortar", "mmg", "hmg", "sniper",
        "platoon_leader", "company_commander", "forward_observer", "scout", "tank",
        "tank_destroyer", "halftrack", "armoured_car", "at_gun", "bazooka_team", "truck",
    }),
    weapons=frozenset({"smg", "rifle", "light_mortar", "mmg", "hmg", "sniper_rifle", "bazooka",
                       "panzerschreck", "piat", "panzerfaust", "main_gun", "at_gun",
                       "vehicle_mg", "at_grenades"}),
    terrain=_TERRAIN,
    nationalities=("us", "uk", "germany", "ussr", "canada", "france"),
    unit_attrs={
        "tank_class": {"enum": ["light", "medium", "heavy"]},
        "buttoned": {"type": "boolean"},
        "turret_facing": {"type": "number"},
        "carried_by": {"type": "string", "description": "the vehicle unit carrying this unit at the start"},
        "missions": {"type": "integer", "minimum": 0, "description": "a forward observer's fire missions"},
        "smoke": {"type": "boolean", "description": "a light mortar that may fire smoke"},
    },
    scenario_attrs={
        "clock": {"enum": ["standard", "long"], "description": "the optional game clock: ends at 21 or 30"},
        "resolution": {"enum": ["standard", "faster", "longer"], "description": "Optional Methods for Resolving Attacks"},
        "jokers": {"type": "integer", "minimum": 0, "maximum": 2},
        "colours": {"type": "object", "additionalProperties": {"enum": ["red", "black"]}, "description": "side id -> red or black"},
    },
)
