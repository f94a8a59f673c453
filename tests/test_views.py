"""Views: the umpire sees all; a side's view omits what it has not spotted."""

import json

import pytest

from tests.conftest import ROOT
from wgkit.engine import Game
from wgkit.engine.views import UMPIRE, view, visible_ids
from wgkit.rules import situation_of
from wgkit.scenario import dumps, load, loads


def hidden_scenario():
    s = load(ROOT / "scenarios/close_action/hedgerow_farm.yaml")
    text = dumps(s).replace("  - id: gsec\n", "  - id: gsec\n    hidden: true\n")
    return loads(text)


def test_side_view_omits_hidden_enemy():
    g = Game(hidden_scenario())
    us = view(g.state, "us")
    assert "mg42" not in us["pieces"] and "gsec" not in us["units"]
    assert "mg42" not in json.dumps(us) and "[32, 25]" not in json.dumps(us)
    assert "seed" not in us["rng"]
    de = view(g.state, "de")
    assert "mg42" in de["pieces"] and "r1" in de["pieces"]
    assert "mg42" in view(g.state, UMPIRE)["pieces"]


def test_spotting_reveals_a_piece():
    g = Game(hidden_scenario())
    situation_of(g).spotted("mg42", by=["us"])
    us = view(g.state, "us")
    assert "mg42" in us["pieces"] and "krebs" not in us["pieces"] and "gsec" in us["units"]


def test_unknown_side_is_refused():
    with pytest.raises(ValueError, match="no side 'xx'"):
        view(Game(hidden_scenario()).state, "xx")


def test_visible_ids_name_what_a_side_may_name():
    g = Game(hidden_scenario())
    everything = set(g.state["pieces"]) | set(g.state["units"])
    assert visible_ids(g.state, UMPIRE) == everything
    us = visible_ids(g.state, "us")
    # the hidden section (hedgerow_farm.yaml: gsec, its six figures) and nothing else
    assert everything - us == {"gsec", "krebs", "mg42", "mg42b", "g1", "g2", "g3"}
    assert {"r1", "sq1", "gsec2", "vogel", "g4"} <= us
