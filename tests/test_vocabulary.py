"""What each ruleset lets a scenario say, typed again here and checked through the scenario loader:
the dice its rules throw (from the texts), the unit kinds, weapons and roles a designer may use,
and each unit and scenario setting's values, accepted at their edges and refused just past them.
A word dropped from a vocabulary, a bound moved or a type lost fails here."""

from __future__ import annotations

import re

import pytest
import yaml

from tests.conftest import ROOT
from wgkit.rules.registry import find_ruleset
from wgkit.scenario import loads
from wgkit.scenario.errors import ScenarioError

# the dice each text has thrown (and the house rolls the kit adds: Eagles' d12 for a drop's direction)
DICE = {
    "easy_company": {"d00", "d10"},  # §1.3 percentages; §6.1 melee, the grenade's odd/even call
    "eagles": {"d10", "d00", "d6", "d12"},  # kill dice and to-hit on d10; 4.11 spotting 60%, 5.2 assault 30%;
    # 1.8's day drop (d6) and its direction (house: a d12 clock face)
    "close_action": {"d6"},
    "rookie": {"d10", "d00", "d6"},  # the firing chart; the percentages (AA 20%, breakdowns); the drift's d6
    "company_fire": {"d6"},
}

# each ruleset's ground scale as the board's scale bar says it: Close Action's 1" = 4 yd, Easy
# Company's 1" = 10 m, Eagles' 1" = 100 yd (from the texts); Rookie's 10 yd (house: the text gives
# inches only); Company Fire's 7.5 m (derived: 40-50 m a 6" square)
SCALE_BAR = {
    "close_action/tutorial_crossroads": '6" = 24 yd', "easy_company/tutorial_farmyard": '6" = 60 m',
    "eagles/hill_112": '6" = 600 yd', "rookie/tutorial_worked_example": '6" = 60 yd (house scale)',
    "company_fire/tutorial_orchard_gate": '6" = 45 m (derived)',
}

# qualities and nationalities a scenario may give
QUALITIES = {"easy_company": ["untrained", "green", "experienced", "veteran", "elite"],
             "rookie": ["green", "regular", "veteran", "elite"]}
NATIONS = {"eagles": ["us", "uk", "canada", "germany", "ussr", "japan", "italy", "minor_axis", "france", "china"],
           "rookie": ["us", "uk", "germany", "ussr", "italy", "japan"],
           "company_fire": ["us", "uk", "germany", "ussr", "canada", "france"]}

# the other names a scenario's ``ruleset:`` may give (docs/scenario-format.md: "ecol" works)
ALIASES = {
    "easy_company": ["ec", "easycompany", "Easy Company"],
    "eagles": ["ecol", "Eagles Crowns and Oak Leaves", "eagles_crowns_oak_leaves", "Eagles, Crowns and Oak Leaves"],
    "close_action": ["ca", "closeaction", "Close Action"],
    "rookie": ["rr", "Rookie Rules", "rookierules"],
    "company_fire": ["cf", "companyfire", "Company Fire"],
}

SCENARIO = {
    "easy_company": "easy_company/tutorial_farmyard", "eagles": "eagles/hill_112", "rookie": "rookie/tutorial_worked_example",
    "company_fire": "company_fire/tutorial_orchard_gate",
}

# the published vocabulary of unit kinds, weapons and roles
KINDS = {
    "easy_company": ["squad", "section", "hq", "mg_team", "mortar_team", "artillery"],
    "eagles": ["infantry", "vehicle", "artillery", "at_gun", "mg", "hq", "admin", "engineer", "minesweeper", "recon",
               "aa", "aircraft", "bunker"],
    "rookie": ["squad", "leader", "hmg", "mortar", "heavy_mortar", "gun", "vehicle", "sniper", "aircraft", "bunker"],
}
WEAPONS = {
    "easy_company": ["pistol", "rifle", "smg", "lmg", "mmg", "hmg", "grenade", "mortar", "radio"],
    "eagles": ["small_arms", "mg", "at_gun", "tank_gun", "howitzer", "mortar", "naval_gun", "aa_gun", "rockets", "bombs"],
    "rookie": ["rifle", "smg", "lmg", "hmg", "mortar", "heavy_mortar", "at_gun", "flamethrower", "tank_gun", "aa_gun"],
    "company_fire": ["smg", "rifle", "light_mortar", "mmg", "hmg", "sniper_rifle", "bazooka", "panzerschreck", "piat",
                     "panzerfaust", "main_gun", "at_gun", "vehicle_mg", "at_grenades"],
}

# unit settings: (name, values accepted, values refused)
UNIT_ATTRS = {
    "eagles": [
        ("fp", [0, 12], [-1, 13, 2.5]),  # firepower ratings, none above 12
        ("fp_class", ["W", "X", "Y", "Z"], ["V"]),  # 4.2
        ("armour", ["hard", "dense", "moderate", "thin", "infantry"], ["paper"]),  # 1.3's classes
        ("move_code", ["A", "B", "C", "D", "E"], ["F"]),  # 2.1
        ("guns", [1], [0, 1.5]),
        ("calibre_mm", [0.5, 105], [0, "big"]),
        ("pattern", ["spread", "converged"], ["scattered"]),  # 3.6
        ("aa", ["inf", "hmg", "20mm", "37mm", "40mm", "88mm+"], ["50mm"]),  # 6.4's columns
        ("unit_type", ["R"], [5]),
        ("formation", ["guards"], [5]),
        ("year", [1944], [1944.5]),
        ("sortie", ["strafing", "rockets", "bombs", "high-level bombers"], ["dive"]),  # 6.2, 6.3
        *[(flag, [True], ["yes"]) for flag in ("rockets", "naval", "off_board", "self_propelled", "deployed",
                                               "airborne")],
    ],
    "rookie": [
        ("ff", [0], [-1, 1.5]),
        ("men", [1], [0, 1.5]),
        ("armour_class", ["A", "B", "C", "D", "E"], ["F"]),
        ("colour", ["red"], [1]),
        ("level", ["platoon", "company"], ["battalion"]),
        ("barrels", [1, 8], [0, 9, 1.5]),
        ("training", ["A", "B", "C"], ["D"]),
        *[(flag, [True], ["yes"]) for flag in ("tracked", "special_tank", "deployed", "camouflaged", "specialist",
                                               "anti_aircraft")],
    ],
}

# scenario settings: (name, values accepted, values refused)
SCENARIO_ATTRS = {
    "eagles": [
        ("registration", [{"uk": [[38, 34]] * 10}], [{"uk": [[38, 34]] * 11}, {"uk": [[38, 34, 1]]}, {"uk": [[38]]},
                                                     {"uk": [["a", "b"]]}, {"uk": [5]}, {"uk": "north"}, ["uk"]]),
        ("big_battery", ["spread", "converged"], ["both"]),
        ("advanced", [True], ["yes"]),
        ("spotting", ["basic", "advanced"], ["expert"]),
        ("desert", [True], ["yes"]),
    ],
    "rookie": [
        ("colours", [{"su": "red", "de": "black"}], [{"su": "blue"}, "red"]),
        ("extra_cards", [{"su": -1}], [{"su": 1.5}, 2]),
        ("artillery", [{"su": {"templates": ["A", "B", "C", "D"], "missions": 0}}],
         [{"su": {"templates": ["E"]}}, {"su": {"templates": "A"}}, {"su": {"missions": -1}}, {"su": {"missions": 1.5}},
          {"su": {"shells": 3}}, {"su": 3}, "north"]),
        ("aircraft", [{"su": 0}], [{"su": -1}, {"su": 1.5}, 3]),
        ("chart", [{}], [3]),
    ],
}


def _doc(name: str) -> dict:
    return yaml.safe_load((ROOT / f"scenarios/{SCENARIO[name]}.yaml").read_text())


def _first_unit(doc: dict) -> dict:
    return doc["sides"][0]["units"][0]


def _load(doc: dict) -> None:
    loads(yaml.safe_dump(doc, sort_keys=False))


@pytest.mark.parametrize("ruleset", DICE)
def test_each_ruleset_lists_the_dice_its_rules_throw(ruleset):
    assert set(find_ruleset(ruleset).dice) == DICE[ruleset]


@pytest.mark.parametrize("scenario", SCALE_BAR)
def test_the_board_says_each_rulesets_ground_scale(scenario):
    from wgkit.render.scene import build_scene
    from wgkit.scenario import load

    scene = build_scene(load(ROOT / f"scenarios/{scenario}.yaml"))
    assert [x.text for x in scene.layers["overlays"] if x.kind == "text"] == [SCALE_BAR[scenario]]


@pytest.mark.parametrize("ruleset, quality", [(r, q) for r, qs in QUALITIES.items() for q in qs])
def test_every_quality_of_the_vocabulary_is_accepted(ruleset, quality):
    doc = _doc(ruleset)
    _first_unit(doc)["quality"] = quality
    _load(doc)


@pytest.mark.parametrize("ruleset, nation", [(r, n) for r, ns in NATIONS.items() for n in ns])
def test_every_nationality_of_the_vocabulary_is_accepted(ruleset, nation):
    doc = _doc(ruleset)
    doc["sides"][0]["nationality"] = nation
    _load(doc)


@pytest.mark.parametrize("ruleset, name", [(r, a) for r, names in ALIASES.items() for a in names])
def test_a_ruleset_is_found_by_each_of_its_other_names(ruleset, name):
    assert find_ruleset(name).id == ruleset


@pytest.mark.parametrize("ruleset, kind", [(r, k) for r, kinds in KINDS.items() for k in kinds])
def test_every_unit_kind_of_the_vocabulary_is_accepted(ruleset, kind):
    doc = _doc(ruleset)
    _first_unit(doc)["kind"] = kind
    _load(doc)


@pytest.mark.parametrize("ruleset", KINDS)
def test_a_unit_kind_outside_the_vocabulary_is_refused_and_the_message_lists_it(ruleset):
    doc = _doc(ruleset)
    _first_unit(doc)["kind"] = "zeppelin"
    with pytest.raises(ScenarioError, match=re.escape(f"(allowed: {', '.join(sorted(KINDS[ruleset]))})")):
        _load(doc)


@pytest.mark.parametrize("ruleset, weapon", [(r, w) for r, weapons in WEAPONS.items() for w in weapons])
def test_every_weapon_of_the_vocabulary_is_accepted(ruleset, weapon):
    doc = _doc(ruleset)
    unit = _first_unit(doc)
    pieces = unit.get("figures") or unit.get("stands")
    pieces[0]["weapons"] = [weapon]
    _load(doc)


def _cases(table: dict) -> list:
    return [(r, name, v, ok) for r, rows in table.items() for name, good, bad in rows
            for v, ok in [(g, True) for g in good] + [(b, False) for b in bad]]


@pytest.mark.parametrize("ruleset, name, value, ok", _cases(UNIT_ATTRS))
def test_each_unit_setting_takes_its_values_and_refuses_others(ruleset, name, value, ok):
    doc = _doc(ruleset)
    _first_unit(doc).setdefault("rules", {})[name] = value
    if ok:
        _load(doc)
        return
    with pytest.raises(ScenarioError, match=rf"\.rules\.{re.escape(name)}\b"):
        _load(doc)


@pytest.mark.parametrize("ruleset, name, value, ok", _cases(SCENARIO_ATTRS))
def test_each_scenario_setting_takes_its_values_and_refuses_others(ruleset, name, value, ok):
    doc = _doc(ruleset)
    doc.setdefault("rules", {})[name] = value
    if ok:
        _load(doc)
        return
    with pytest.raises(ScenarioError, match=rf"rules\.{re.escape(name)}\b"):
        _load(doc)
