"""The shared facts: values that carry their source, a ruleset's declared data, and finding a
ruleset by name. Each ruleset's own facts are tested with its rules; these use small hand-built
ones so that a wrong mechanism cannot hide behind a ruleset's data."""

import types

import pytest

from wgkit.facts.common import TERRAIN_TYPES
from wgkit.facts.registry import UnknownRulesetError, find_ruleset, normalise_name, terrain_effect
from wgkit.facts.ruleset import RulesetInfo, TerrainEffect, raw_sides, terrain_table
from wgkit.facts.scale import GroundScale
from wgkit.facts.sourced import Sourced, house, seed, sourced_values, table_values


def test_a_value_says_where_it_came_from():
    assert seed(4, "§5.3") == Sourced(4, "seed", "§5.3", "")
    assert house(2, "the text is silent", "docs/rules/x.md") == Sourced(2, "house", "docs/rules/x.md",
                                                                      "the text is silent")
    assert seed(4, "§5.3").label() == "rules §5.3"
    assert Sourced(7, "worked example", "§2.4").label() == "worked example §2.4"
    assert house(2, "why").label() == "HOUSE"
    assert Sourced(1).label() == "rules"  # no section named: no trailing space
    assert Sourced(1).source == "seed" and Sourced(1).ref == "" and Sourced(1).note == ""
    assert house(2, "why").is_house and not seed(4, "§1").is_house
    assert not Sourced(3, "worked example").is_house


def test_a_source_the_kit_does_not_know_is_refused():
    with pytest.raises(ValueError, match=r"^source must be one of \('seed', 'worked example', 'house'\), "
                                         r"not 'guess'$"):
        Sourced(1, "guess")


def test_sourced_values_are_named_as_the_code_spells_them():
    a, b, c = seed(1, "§1"), house(2, "n"), seed(3, "§3")
    table = {"long": {"hard": a}, "short": (b, [c, "not sourced"]), 5: 6}
    assert list(sourced_values(table, "TO_HIT")) == [
        ("TO_HIT['long']['hard']", a), ("TO_HIT['short'][0]", b), ("TO_HIT['short'][1][0]", c)]
    assert list(sourced_values(a, "ONE")) == [("ONE", a)]
    assert list(sourced_values("text", "WORDS")) == []


def test_a_table_module_gives_its_public_values_in_order():
    module = types.ModuleType("tables")
    module.FIRST = seed(1, "§1")
    module._PRIVATE = seed(9, "§9")
    module.SECOND = {"x": house(2, "n")}
    assert table_values(module) == [("FIRST", module.FIRST), ("SECOND['x']", module.SECOND["x"])]


def _info(terrain):
    return RulesetInfo(id="toy", name="Toy", aliases=("t",), text="toy.md", scale=GroundScale(10, "m"),
                       dice=("d6",), pieces="figures", grid="none", qualities=("green",),
                       unit_kinds=frozenset({"squad"}), weapons=frozenset({"rifle"}), terrain=terrain)


def _rows(**extra):
    rows = {t: ("none", False, "clear") for t in TERRAIN_TYPES}
    rows.update(extra)
    return rows


def test_a_terrain_table_is_built_from_rows_with_one_source():
    table = terrain_table(_rows(woods=("soft", True, "dense")), "house", "Terrain", "text is silent")
    assert table["woods"] == TerrainEffect("soft", True, "dense", "house", "Terrain", "text is silent")
    assert table["road"] == TerrainEffect("none", False, "clear", "house", "Terrain", "text is silent")
    override = TerrainEffect("hard", True, "obstacle", "seed", "§4")
    table = terrain_table(_rows(), "seed", "§3", overrides={"bunker": override})
    assert table["bunker"] is override and table["hill"].ref == "§3" and table["hill"].note == ""


def test_a_ruleset_must_say_what_every_terrain_type_means():
    rows = _rows()
    del rows["smoke"], rows["bunker"]
    with pytest.raises(ValueError, match=r"^toy: terrain mapping lacks \['bunker', 'smoke'\]$"):
        _info(terrain_table(rows, "seed", "§3"))
    assert _info(terrain_table(_rows(), "seed", "§3")).id == "toy"


def test_a_variant_refines_a_terrain_type_where_the_ruleset_has_one():
    low = ("none", False, "open")
    info = _info(terrain_table(_rows(fields=("soft", False, "rough"), **{"fields/low": low}), "seed", "§3"))
    assert terrain_effect(info, "fields", "low").movement == "open"
    assert terrain_effect(info, "fields", "full-grown").movement == "rough"  # no such row: the type's
    assert terrain_effect(info, "fields").movement == "rough"
    assert terrain_effect(info, "fields", "").movement == "rough"


def test_raw_sides_walk_only_the_well_formed_parts():
    doc = {"sides": [{"id": "a", "units": [{"id": "u1"}, "junk", {"id": "u2"}]},
                     "junk",
                     {"id": "b", "units": "not a list"},
                     {"id": "c"}]}
    assert list(raw_sides(doc)) == [
        (0, doc["sides"][0], [(0, {"id": "u1"}), (2, {"id": "u2"})]),
        (2, doc["sides"][2], []),
        (3, doc["sides"][3], []),
    ]
    assert list(raw_sides({"sides": "none"})) == []
    assert list(raw_sides(["not", "a", "mapping"])) == []
    assert list(raw_sides({})) == []


@pytest.mark.parametrize("name, found", [
    ("close_action", "close_action"), ("Close Action", "close_action"), ("  CA ", "close_action"),
    ("close-action", "close_action"), ("Close   Action", "close_action"), ("Rookie Rules", "rookie"), ("cf", "company_fire"),
    ("EC", "easy_company"), ("Eagles Crowns and Oak Leaves", "eagles"),
])
def test_a_ruleset_is_found_by_id_or_alias_in_any_case_and_spacing(name, found):
    assert find_ruleset(name).id == found


def test_names_are_normalised_to_lower_case_with_underscores():
    assert normalise_name("  Close-Action Rules ") == "close_action_rules"


def test_an_unknown_ruleset_is_named_with_the_known_ones_and_the_nearest():
    known = "easy_company, eagles, close_action, rookie, company_fire"
    with pytest.raises(UnknownRulesetError, match=rf"^unknown ruleset 'Rokie' \(known: {known}\); "
                                                  r"did you mean 'rookie'\?$"):
        find_ruleset("Rokie")
    with pytest.raises(UnknownRulesetError, match=rf"^unknown ruleset 'chess' \(known: {known}\)$"):
        find_ruleset("chess")
