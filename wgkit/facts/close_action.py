"""Close Action vocabulary: weapons, grades, terrain mapping (text: 002_9e952b9bed2fe005)."""

from wgkit.facts.scale import GroundScale
from wgkit.facts.ruleset import RulesetInfo, terrain_table

# The text leaves "Terrain Suggestions" as TBD: the whole mapping is a house choice, using the
# text's cover words (soft/hard) and Movement Table columns (road/clear/rough/dense/obstacle).
_TERRAIN = terrain_table(
    {
        "woods": ("soft", True, "dense"),
        "buildings": ("hard", True, "dense"),
        "hill": ("none", True, "clear"),
        "road": ("none", False, "road"),
        "stream": ("none", False, "rough"),
        "river": ("none", False, "obstacle"),
        "rough": ("soft", False, "rough"),
        "swamp": ("none", False, "dense"),
        "mud": ("none", False, "rough"),
        "snow": ("none", False, "rough"),
        "fields": ("soft", False, "rough"),
        "fields/low": ("none", False, "clear"),
        "fields/full-grown": ("soft", True, "rough"),
        "orchard": ("soft", False, "rough"),
        "low_wall": ("hard", False, "obstacle"),
        "hedge": ("soft", True, "obstacle"),
        "bocage": ("hard", True, "obstacle"),
        "barbed_wire": ("none", False, "obstacle"),
        "minefield": ("none", False, "clear"),
        "foxholes": ("hard", False, "rough"),
        "trenches": ("hard", False, "rough"),
        "bunker": ("hard", True, "obstacle"),
        "smoke": ("none", True, "clear"),
    },
    source="house",
    ref="Terrain Suggestions",
    note="the text's terrain section is 'TBD'; see docs/rules/close_action.md",
)

# the text's own terms a page uses: what each stands for, and the section defining it
GLOSSARY = {
    "LMG": "light machine gun (Fire Table)",
    "HMG": "heavy machine gun (Fire Table)",
    "BZ": "blast zone: the circle of a grenade or mortar burst; every figure whose head is in it "
          "is a target (Grenades, Mortars)",
}

RULESET = RulesetInfo(
    id="close_action",
    name="Close Action",
    aliases=("ca", "closeaction"),
    text="002_9e952b9bed2fe005.txt",
    scale=GroundScale(4, "yd"),
    dice=("d6",),
    pieces="figures",
    grid="none",
    qualities=("veteran", "steady", "green"),
    unit_kinds=frozenset({"squad", "officer", "weapon_team"}),
    weapons=frozenset({"pistol", "rifle", "smg", "auto_rifle", "lmg", "hmg", "grenade", "mortar"}),
    terrain=_TERRAIN,
    piece_roles=frozenset({"leader", "officer", "spotter", "crew"}),
    scenario_attrs={"referee": {"type": "boolean", "description": "a referee allows blind fire"}},
    glossary=GLOSSARY,
)
