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


def test_reading_a_state_by_name():
    """What pages read, named: pieces by side, unit and life; whose a piece, unit or side is; the
    dice drawn and the seed; the turn, the active side; why the game ended; each deck."""
    from wgkit.engine.views import (active_side, decks, dice_drawn, game_over, is_alive, piece_ids, seed_of, side_ids,
                                    side_of, turn_number, unit_ids, unit_of, unit_status)

    g = Game(load(ROOT / "scenarios/close_action/hedgerow_farm.yaml"), seed=7)
    s = g.state
    assert piece_ids(s, unit="sq1") == ["sgt1", "bar1", "r1", "r2", "r3", "r4"]  # the scenario's order
    assert piece_ids(s, unit="gsec", side="us") == []
    assert unit_ids(s)[:3] == ["lt", "sq1", "sq2"] and side_ids(s) == ["us", "de"]
    assert unit_of(s, "mg42b") == "gsec" and side_of(s, "mg42b") == "de" and side_of(s, "sq2") == "us"
    assert side_of(s, "de") == "de" and side_of(s, "nobody") is None
    assert (seed_of(s), dice_drawn(s), turn_number(s), active_side(s)) == (7, 0, 1, "us")
    assert game_over(s) is None and decks(s) == {} and unit_status(s, "gsec") == {}
    situation_of(g).out_of_action("r1", "r2")
    assert is_alive(g.state, "r3") and not is_alive(g.state, "r1")
    assert piece_ids(g.state, unit="sq1", alive=True) == ["sgt1", "bar1", "r3", "r4"]
    assert piece_ids(g.state, unit="sq1", alive=False) == ["r1", "r2"]
    situation_of(g).game_over("the Germans hold the farm")
    assert game_over(g.state) == "the Germans hold the farm"
    g.new_deck("activation", ["AS", "2H", "KD"])
    situation_of(g).deck_order("activation", ["KD", "AS", "2H"])
    assert decks(g.state) == {"activation": (3, None)}
    g.draw("activation")
    assert decks(g.state) == {"activation": (2, "KD")}
    assert "seed" not in view(g.state, "us")["rng"]


def test_a_view_is_a_copy_with_the_dice_position_but_not_the_seed():
    g = Game(hidden_scenario(), 5)
    us = view(g.state, "us")
    assert us["rng"] == {"counter": g.state["rng"]["counter"]}
    for v in (us, view(g.state)):
        next(iter(v["pieces"].values()))["alive"] = False  # a page scribbling on what it was given
    assert all(p["alive"] for p in g.state["pieces"].values())
    with pytest.raises(ValueError, match="^no side 'xx': choose one of us, de or 'umpire'$"):
        view(g.state, "xx")
