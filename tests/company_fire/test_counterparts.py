"""Company Fire's anti-tank weapons by nation (``facts.company_fire`` ``counterparts``): a unit the
editor copies to another nation carries that nation's weapon of the same values."""

from wgkit.facts.registry import find_ruleset
from wgkit.rules.company_fire.tables import AT_WEAPONS
from wgkit.scenario.templates import national_weapon, templates, templates_for


def test_a_copied_unit_carries_its_new_nations_own_weapon_where_the_text_gives_one_the_same_values():
    """Attacking vehicles: the panzerschreck fights as the bazooka (4 squares, 3d6, 4d6 at 2 or
    less), the PIAT as the panzerfaust (2 squares, 3d6). A German panzerfaust team copied to a
    British side carries a PIAT; to a Soviet side, which has no such weapon in the text, it keeps
    the panzerfaust and says whose unit it copies."""
    text = {"bazooka": (4, 3, 2, 4), "panzerschreck": (4, 3, 2, 4), "piat": (2, 3, 0, 0), "panzerfaust": (2, 3, 0, 0)}
    for weapon, by_nation in find_ruleset("company_fire").counterparts.items():
        for nation, theirs in by_nation.items():
            assert text[theirs] == text[weapon], (weapon, nation, theirs)
            a, b = AT_WEAPONS[weapon].value, AT_WEAPONS[theirs].value
            assert (b.range_squares, b.dice, b.close_range, b.close_dice) == text[weapon]
            assert a == b
    faust = next(t for t in templates("company_fire") if "panzerfaust" in {w for p in t.pieces for w in p.weapons}
                 and t.kind == "bazooka_team")
    at = templates("company_fire").index(faust)
    british, soviet = templates_for("company_fire", "uk")[at], templates_for("company_fire", "ussr")[at]
    assert [p.weapons for p in british.pieces] == [tuple("piat" if w == "panzerfaust" else w for w in p.weapons)
                                                   for p in faust.pieces]
    assert "piat" in british.label and "panzerfaust" not in british.label and british.label.endswith("as the Germans field it")
    assert [p.weapons for p in soviet.pieces] == [p.weapons for p in faust.pieces]


# the pairing docs/rules/company_fire.md publishes (house): who carries which, by nation
PUBLISHED = {
    ("bazooka", "germany"): "panzerschreck", ("panzerschreck", "us"): "bazooka", ("panzerschreck", "france"): "bazooka",
    ("panzerfaust", "uk"): "piat", ("panzerfaust", "canada"): "piat", ("piat", "germany"): "panzerfaust",
}


def test_every_nation_carries_the_anti_tank_weapon_the_rules_page_pairs_it_with_and_no_other():
    for weapon in ("bazooka", "panzerschreck", "panzerfaust", "piat", "rifle"):
        for nation in find_ruleset("company_fire").nationalities:
            assert national_weapon("company_fire", weapon, nation) == PUBLISHED.get((weapon, nation), weapon), \
                (weapon, nation)
