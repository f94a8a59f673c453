"""Eagles, Crowns and Oak Leaves vocabulary (text: 001_4e0a1b6d41aa80da)."""

from typing import Any, Iterator

from wgkit.facts.scale import GroundScale
from wgkit.facts.ruleset import raw_sides, RulesetInfo, terrain_table

# Cover is the Target Position Defensive rating a unit standing still in the terrain earns
# (§1.4: CC for woods, buildings and marginal terrain; DD for prepared positions).
# Movement names how many codes the terrain costs (§2: one or two codes down).
_TERRAIN = terrain_table(
    {
        "woods": ("CC", True, "minus1"),
        "buildings": ("CC", True, "minus1"),
        "hill": ("BB", True, "clear"),
        "road": ("BB", False, "road"),
        "stream": ("BB", False, "minus1"),
        "river": ("BB", False, "minus1"),
        "rough": ("CC", False, "minus1"),
        "swamp": ("CC", False, "minus2"),
        "mud": ("BB", False, "minus2"),
        "snow": ("BB", False, "minus1"),
        "fields": ("BB", False, "clear"),
        "orchard": ("CC", False, "minus1"),
        "low_wall": ("CC", False, "minus1"),
        "hedge": ("CC", True, "minus1"),
        "bocage": ("CC", True, "minus2"),
        "barbed_wire": ("BB", False, "minus2"),
        "minefield": ("BB", False, "clear"),
        "foxholes": ("DD", False, "clear"),
        "trenches": ("DD", False, "clear"),
        "bunker": ("DD", True, "minus2"),
        "smoke": ("BB", True, "clear"),
    },
    source="house",
    ref="§1.4, §2",
    note="the text gives TPD classes and code reductions but no per-terrain list",
)

def nationality_needed(doc: Any) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """A side with artillery needs a nationality: 3.2's time lapse (and 3.3's error) depend on it."""
    for i, side, units in raw_sides(doc):
        guns = [u for _, u in units if u.get("kind") == "artillery"]
        if guns and not side.get("nationality"):
            yield ("sides", i), (f"give the side a nationality: its artillery ({guns[0].get('id')}) waits a time "
                                 "lapse that depends on it (3.2)")


# the text's own terms a page uses: what each stands for, and the section defining it
GLOSSARY = {
    "FP": "firepower: a unit's fire rating, from which its kill dice are worked out (rules 1.2 and 4.2)",
    "TPD": "target position defensive rating: how well the target's ground shields it, adding or "
           "taking away kill dice (rules 1.4 and 4.2)",
    "DA": "defensive armour protection class: what the to-hit number is read against (rules 1.3)",
    "CD": "the 4-inch disk marking a barrage's or air strike's damage zone (rules 3.6 and 6.1)",
    "MPs": "movement points, spent to enter hexes on the optional hex grid (rules 2.5)",
}

RULESET = RulesetInfo(
    id="eagles",
    name="Eagles, Crowns and Oak Leaves",
    aliases=("ecol", "eagles crowns and oak leaves", "eagles_crowns_oak_leaves"),
    text="001_4e0a1b6d41aa80da.txt",
    scale=GroundScale(100, "yd"),
    dice=("d10", "d00", "d6", "d12"),
    pieces="stands",
    grid="optional",
    qualities=(),
    unit_kinds=frozenset({
        "infantry", "vehicle", "artillery", "at_gun", "mg", "hq", "admin", "engineer",
        "minesweeper", "recon", "aa", "aircraft", "bunker",
    }),
    weapons=frozenset({"small_arms", "mg", "at_gun", "tank_gun", "howitzer", "mortar",
                       "naval_gun", "aa_gun", "rockets", "bombs"}),
    terrain=_TERRAIN,
    nationalities=("us", "uk", "canada", "germany", "ussr", "japan", "italy", "minor_axis", "france", "china"),
    scenario_checks=nationality_needed,
    unit_attrs={
        "fp": {"type": "integer", "minimum": 0, "maximum": 12},
        "fp_class": {"enum": ["W", "X", "Y", "Z"]},
        "armour": {"enum": ["hard", "dense", "moderate", "thin", "infantry"]},
        "move_code": {"enum": ["A", "B", "C", "D", "E"]},
        "guns": {"type": "integer", "minimum": 1},
        "calibre_mm": {"type": "number", "exclusiveMinimum": 0},
        "pattern": {"enum": ["spread", "converged"]},
        "rockets": {"type": "boolean"},
        "naval": {"type": "boolean"},
        "off_board": {"type": "boolean"},
        "aa": {"enum": ["inf", "hmg", "20mm", "37mm", "40mm", "88mm+"]},
        "unit_type": {"type": "string", "description": "the ToE type, e.g. R, RF, SMG (suicide squads)"},
        "formation": {"type": "string", "description": "e.g. guards, waffen_ss (suicide squads)"},
        "year": {"type": "integer"},
        "sortie": {"enum": ["strafing", "rockets", "bombs", "high-level bombers"]},
        "self_propelled": {"type": "boolean"},
        "deployed": {"type": "boolean", "description": "an on-board gun set up at the start (default true)"},
        "airborne": {"type": "boolean", "description": "parachute or glider troops: the panel offers their drop (1.8)"},
    },
    scenario_attrs={
        "registration": {"type": "object", "additionalProperties": {"type": "array", "maxItems": 10,
                         "items": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}}},
        "big_battery": {"enum": ["spread", "converged"], "description": "the reading for batteries of over six guns"},
        "advanced": {"type": "boolean", "description": "the error chart's range and nationality modifiers"},
        "spotting": {"enum": ["basic", "advanced"]},
        "desert": {"type": "boolean"},
    },
    glossary=GLOSSARY,
)
