"""Close Action's situations: each helper's line in the log, and the state it leaves (what an
umpire setting up "the squad was shot at by 8 dice" reads and gets)."""

import pytest

from tests.close_action.helpers import fig, game
from wgkit.rules import situation_of


def _status(g, unit):
    return g.state["units"][unit]["status"]


def test_each_situation_says_what_it_set_and_sets_it():
    g = game(fig("x", 20, 10), fig("t", 20, 30))
    s = situation_of(g)
    assert s.shot_at("b", dice=8, hits=1).text == "b shot at by 8 dice, 1 hit(s)"
    assert (_status(g, "b")["fire_dice"], _status(g, "b")["hits"], _status(g, "b")["heavy_fire"]) == (8, 1, False)
    assert s.shot_at("b", 16, 2, heavy=True).text == "b shot at by 16 dice, 2 hit(s) (HMG or mortar)"
    assert _status(g, "b")["heavy_fire"] is True and _status(g, "b")["fire_dice"] == 16
    assert s.morale("a", "cowering").text == "a is cowering" and _status(g, "a")["morale"] == "cowering"
    assert s.aiming("a", (20.5, 45)).text == "a's mortar ranged on (20.5, 45)"
    assert _status(g, "a")["aim"] == [20.5, 45.0]
    assert s.moved("x", 2.5).text == "x has moved 2.5\"" and g.state["pieces"]["x"]["status"]["moved"] == 2.5
    assert s.may_break_off("t").text == "t may break off" and g.state["pieces"]["t"]["status"]["may_break_off"] is True
    assert all(e.kind == "situation" for e in g.log) and len(g.log) == 6


@pytest.mark.parametrize("state", ["ok", "cowering", "rout"])
def test_the_three_morale_states_are_taken(state):
    g = game(fig("x", 20, 10), fig("t", 20, 30))
    situation_of(g).morale("b", state)
    assert _status(g, "b")["morale"] == state


def test_a_morale_state_the_rules_do_not_know_is_refused_by_name():
    g = game(fig("x", 20, 10), fig("t", 20, 30))
    with pytest.raises(ValueError, match="^a Close Action morale state is one of ok, cowering, rout, not 'pinned'$"):
        situation_of(g).morale("b", "pinned")
    assert g.log == []
