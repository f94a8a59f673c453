"""Easy Company vocabulary: qualities, ranks, weapons, terrain (text: 000_f349617a9491ca07)."""

from wgkit.facts.scale import GroundScale
from wgkit.facts.ruleset import RulesetInfo, terrain_table

# §5.2 names three firing positions (open, concealed, dug in) but maps no terrain to them;
# which terrain conceals and which digs in is a house choice.
_TERRAIN = terrain_table(
    {
        "woods": ("concealed", True, "normal"),
        "buildings": ("concealed", True, "normal"),
        "hill": ("open", True, "normal"),
        "road": ("open", False, "normal"),
        "stream": ("open", False, "normal"),
        "river": ("open", False, "impassable"),
        "rough": ("concealed", False, "normal"),
        "swamp": ("open", False, "normal"),
        "mud": ("open", False, "normal"),
        "snow": ("open", False, "normal"),
        "fields": ("concealed", False, "normal"),
        "fields/low": ("open", False, "normal"),
        "orchard": ("concealed", False, "normal"),
        "low_wall": ("concealed", False, "normal"),
        "hedge": ("concealed", True, "normal"),
        "bocage": ("concealed", True, "normal"),
        "barbed_wire": ("open", False, "normal"),
        "minefield": ("open", False, "normal"),
        "foxholes": ("dug_in", False, "normal"),
        "trenches": ("dug_in", False, "normal"),
        "bunker": ("dug_in", True, "normal"),
        "smoke": ("concealed", True, "normal"),
    },
    source="house",
    ref="§5.2",
    note="the text names firing positions but not which terrain gives them",
)

# the text's own terms a page uses: what each stands for, and the section defining it
GLOSSARY = {
    "MPs": "motivation points: a leader's allowance each turn for getting figures to act and "
           "for calling artillery (§2.4)",
}

RULESET = RulesetInfo(
    id="easy_company",
    name="Easy Company",
    aliases=("ec", "easycompany"),
    text="000_f349617a9491ca07.txt",
    scale=GroundScale(10, "m"),
    dice=("d00", "d10"),
    pieces="figures",
    grid="none",
    qualities=("untrained", "green", "experienced", "veteran", "elite"),
    unit_kinds=frozenset({"squad", "section", "hq", "mg_team", "mortar_team", "artillery"}),
    weapons=frozenset({"pistol", "rifle", "smg", "lmg", "mmg", "hmg", "grenade", "mortar", "radio"}),
    terrain=_TERRAIN,
    piece_roles=frozenset({"leader", "medic"}),
    unit_attrs={
        "calibre_mm": {"type": "number", "exclusiveMinimum": 0},
        "mode": {"enum": ["normal", "cautious", "under_fire"]},
    },
    scenario_attrs={},
    glossary=GLOSSARY,
)
