"""Company Fire's situations: each helper's line in the log and the state it leaves."""

import pytest

from tests.company_fire.helpers import game
from wgkit.rules import situation_of
from wgkit.rules.company_fire import lookup as L


def test_a_new_card_gives_the_initiative_and_frees_every_unit_to_act_again():
    g = game(card="move", side="us")
    s = situation_of(g)
    number = L.cf(g)["card_no"]
    s.unit_status("sq1", moved=True, fired=True)
    s.unit_status("gruppe", opfired=True)
    e = s.card("fire", "de")
    assert e.text == "de turns up a fire card"
    cf = L.cf(g)
    assert (cf["kind"], cf["initiative_side"], g.state["active"], cf["card_no"]) == ("fire", "de", "de", number + 1)
    assert not any(g.state["units"][u]["status"].get(k) for u in ("sq1", "gruppe") for k in ("moved", "fired", "opfired"))
    assert s.initiative("us").text == "us holds the initiative" and L.cf(g)["initiative_side"] == "us"


def test_orders_vehicles_smoke_movement_and_the_clock_in_words():
    g = game()
    s = situation_of(g)
    assert s.order("sq1", "pinned").text == "sq1 is pinned" and g.state["units"]["sq1"]["status"]["order"] == "pinned"
    assert s.turret("sherman", 450).text == "sherman's turret at 450°"
    assert g.state["units"]["sherman"]["status"]["turret"] == 90.0
    assert s.buttoned("sherman").text == "sherman buttoned up" and g.state["units"]["sherman"]["status"]["buttoned"] is True
    assert s.buttoned("sherman", closed=False).text == "sherman unbuttoned"
    assert g.state["units"]["sherman"]["status"]["buttoned"] is False
    assert s.carried("sq2", "sherman").text == "sq2 rides on sherman"
    assert g.state["units"]["sq2"]["status"]["carried_by"] == "sherman"
    assert s.smoke((3, 4), "us").text == "smoke in (3, 4)"
    assert L.cf(g)["smoke"]["3,4"] == {"cell": [3, 4], "side": "us"}
    assert s.mines((5, 6), paths=("us", "de")).text == "mines in (5, 6), paths known to de, us"
    assert L.cf(g)["mines"]["5,6"] == {"cell": [5, 6], "real": True, "paths": ["de", "us"]}
    assert s.mines((5, 7), real=False).text == "dummy mines in (5, 7)" and L.cf(g)["mines"]["5,7"]["real"] is False
    assert s.moving(["sq1", "mg"], (1, 2), (1, 3)).text == "sq1, mg moving (1, 2) -> (1, 3)"
    assert L.cf(g)["opfire"] == {"units": ["sq1", "mg"], "from": [1, 2], "to": [1, 3]}
    assert s.game_turn(3).text == "turn 3" and L.cf(g)["turn"] == 3
    assert s.clock(7).text == "clock at 7" and L.cf(g)["clock"] == 7


def test_removed_units_leave_play_with_every_piece():
    g = game()
    e = situation_of(g).removed("sniper", "stug")
    assert e.text == "removed: sniper, stug"
    for u in ("sniper", "stug"):
        assert g.state["units"][u]["status"]["order"] == "removed"
        assert not any(p["alive"] for p in g.state["pieces"].values() if p["unit"] == u)
    assert all(p["alive"] for p in g.state["pieces"].values() if p["unit"] == "gruppe")


@pytest.mark.parametrize("state", ["good order", "pinned", "suppressed", "destroyed", "removed"])
def test_every_order_the_rules_know_is_taken(state):
    g = game()
    situation_of(g).order("gruppe", state)
    assert g.state["units"]["gruppe"]["status"]["order"] == state


def test_an_order_the_rules_do_not_know_is_refused_by_name():
    g = game()
    n = len(g.log)
    with pytest.raises(ValueError, match="^a Company Fire unit order is one of good order, pinned, suppressed, "
                                         "destroyed or removed, not 'cowering'$"):
        situation_of(g).order("gruppe", "cowering")
    assert len(g.log) == n
