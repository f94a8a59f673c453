"""Bundled scenarios load, round-trip, and conform to the shipped JSON Schema."""

import jsonschema
import yaml

from tests.conftest import ROOT
from wgkit.rules import RULESETS
from wgkit.scenario import dumps, load, loads
from wgkit.scenario.schema import SCENARIO


def test_bundled_scenario_round_trips(scenario_path):
    first = load(scenario_path)
    text = dumps(first)
    assert loads(text, "dumped.yaml") == first
    assert dumps(loads(text)) == text  # dumping is stable


def test_every_ruleset_has_a_bundled_scenario(scenario_path):
    assert scenario_path.parent.name in RULESETS
    assert load(scenario_path).ruleset == scenario_path.parent.name


def test_dump_keeps_human_order(scenario_path):
    keys = list(yaml.safe_load(dumps(load(scenario_path))))
    assert keys[0] == "title" and keys.index("ruleset") < keys.index("table") < keys.index("sides")


def test_schema_is_valid_and_accepts_samples(scenario_path):
    jsonschema.Draft202012Validator.check_schema(SCENARIO)
    jsonschema.validate(yaml.safe_load(scenario_path.read_text()), SCENARIO)


def test_model_lookups():
    s = load(next(p for p in __import__("tests.conftest", fromlist=["SCENARIOS"]).SCENARIOS
                  if p.parent.name == "close_action"))
    assert s.side("de").role == "defender"
    assert s.feature("farmhouse").type == "buildings"
    ids = [p.id for _, _, p in s.pieces()]
    assert len(ids) == len(set(ids)) == 24


def test_every_bundled_side_names_its_nation_and_no_colour_of_its_own():
    """One colour per nation in every bundled scenario: each side is drawn in its nation's colour
    (tests/test_render.py checks the colour drawn), so no side sets one of its own."""
    from wgkit.scenario import load

    sides = [side for path in sorted((ROOT / "scenarios").glob("*/*.yaml")) for side in load(path).sides]
    assert sides and all(side.nationality and side.colour is None for side in sides)


def test_a_scenario_may_name_its_ruleset_as_the_text_does():
    """`ruleset: Rookie Rules` is the same game as `ruleset: rookie` (the id is what is kept)."""
    text = (ROOT / "scenarios" / "rookie" / "tractor_works.yaml").read_text()
    assert "ruleset: rookie\n" in text
    named = loads(text.replace("ruleset: rookie\n", "ruleset: Rookie Rules\n"), "named.yaml")
    assert named.ruleset == "rookie" and named == load(ROOT / "scenarios" / "rookie" / "tractor_works.yaml")


def test_a_scenarios_wording_is_built_once_and_left_out_when_it_travels():
    """The opponent words a verdict for every position it judges: the wording is built once per
    scenario. It holds a closure, so a pickled scenario (sent to a Dask worker) leaves it out and
    builds its own."""
    import pickle

    from wgkit.scenario import load

    s = load(ROOT / "scenarios/rookie/tractor_works.yaml")
    assert s.wording() is s.wording()
    travelled = pickle.loads(pickle.dumps(s))
    assert travelled == s and travelled.wording() is not s.wording()
    assert travelled.wording()("(30.0, 20.0)") == s.wording()("(30.0, 20.0)")
