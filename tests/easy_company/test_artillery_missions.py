"""§3.2 Off-table artillery, a mission from the call to its end, with the faces fixed: who may
call, the arrival roll rising 10% for each failure ("re-roll each turn increasing the base chance
by 10%"), a ranging round off target ending the mission, walking the fire, and a battery whose
crew quality the scenario leaves out (read as experienced). The tutorial's guns are experienced:
arrival 50%, on target 50%."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.conftest import ROOT, dotted
from tests.easy_company.test_actions import menu
from tests.test_easy_company_play import game, to
from wgkit.engine import Game
from wgkit.engine.game import IllegalActionError
from wgkit.rules.easy_company import artillery as A
from wgkit.rules.easy_company import lookup as L
from wgkit.rules.easy_company.flow import SEQUENCE
from wgkit.scenario import loads


def called(g=None):
    g = g or game()
    to(g, "Artillery")
    A.resolve_call(g, "winters", (19, 27))
    return g


def mission(g):
    return g.state["sides"]["us"]["vars"]["artillery"]


@pytest.mark.parametrize("leader, why", [("lipton", "lipton is not a leader with a radio"),  # a leader, no radio
                                         ("battery_fo", "battery_fo is not a leader with a radio")])  # a radio, no leader
def test_only_a_leader_with_a_radio_calls_the_guns(leader, why):
    g = game()
    to(g, "Artillery")
    with pytest.raises(IllegalActionError, match=f"^{why}$"):
        A.resolve_call(g, leader, (19, 27))


def test_the_call_costs_five_mps_and_names_its_point():
    g = called()
    assert L.mp_left(g, "winters") == 12 - 5
    assert mission(g) == {"state": "called", "failed": 0, "point": [19, 27], "caller": "winters"}
    assert g.log[-1].text == "winters calls artillery onto (19, 27)" and g.log[-1].detail["outcome"] == "called"


def test_guns_that_do_not_arrive_are_rolled_for_again_ten_percent_likelier():
    g = called()
    with g.table_dice([70]):  # 70 is not under 50
        e = A.resolve_arrival(g, "us")
    assert (e.kind, e.text) == ("artillery", "artillery does not arrive")
    assert mission(g) == {"state": "called", "failed": 1, "point": [19, 27], "caller": "winters", "rolled": 1}
    assert [(m["name"], m["value"]) for m in e.detail["modifiers"]] == [("experienced", 50)]
    with pytest.raises(IllegalActionError, match="^side us's artillery was rolled for this turn: it is rolled once a turn "
                                                 "until it arrives$"):
        A.resolve_arrival(g, "us")  # §3.2: once a turn, not again at once
    assert "artillery" not in menu(g)
    g.advance()
    to(g, "Artillery")
    with g.table_dice([55, 20]):  # 55 is under 50 + 10; then on target under 50
        e = A.resolve_arrival(g, "us")
    assert e.text == "ranging round on target" and [r.purpose for r in e.rolls] == ["artillery arrives", "artillery on target"]
    assert [(m["name"], m["value"]) for m in e.detail["modifiers"]] == [("experienced", 50), ("failed turn", 10)]
    assert mission(g) == {"state": "ranging", "failed": 1, "point": [19, 27], "caller": "winters", "rolled": g.state["turn"]}
    assert g.state["turn"] == 2


def test_a_ranging_round_off_target_ends_the_mission():
    g = called()
    with g.table_dice([10, 70]):  # arrives, but 70 is not under 50
        e = A.resolve_arrival(g, "us")
    assert e.text == "artillery off target: no barrage" and e.detail["outcome"] == e.text
    assert ("sides.us.vars.artillery", None) in dotted(e)
    assert not g.state["sides"]["us"]["vars"].get("artillery")


def test_walked_fire_on_target_moves_the_aim_and_off_target_ends_it():
    g = called()
    with g.table_dice([10, 20]):
        A.resolve_arrival(g, "us")
    with g.table_dice([20]):  # on target under 50
        e = A.resolve_walk(g, "winters", (20, 27))
    assert (e.kind, e.text, e.detail["outcome"]) == ("artillery", "winters walks the fire: on target", True)
    assert [r.purpose for r in e.rolls] == ["artillery on target"]
    assert mission(g) == {"state": "ranging", "failed": 0, "point": [20, 27], "caller": "winters", "rolled": 1}
    assert L.mp_left(g, "winters") == 12 - 5 - 5
    with g.table_dice([50]):
        e = A.resolve_walk(g, "lipton", (21, 27))
    assert e.text == "lipton walks the fire: off target, the mission ends"
    assert not g.state["sides"]["us"]["vars"].get("artillery")


def test_a_battery_of_no_stated_quality_is_rolled_for_as_experienced():
    text = (ROOT / "scenarios/easy_company/tutorial_farmyard.yaml").read_text().replace(
        "        quality: experienced\n        rules: {calibre_mm: 105}\n", "        rules: {calibre_mm: 105}\n")
    g = Game(loads(text), 44, flow=SEQUENCE)
    assert A.battery(g, "us").quality is None
    called(g)
    assert menu(g)["artillery"].odds(g, {"side": "us"}).p(True) == Fraction(49, 100)  # 50%: 01-49
    with g.table_dice([49, 49]):
        assert A.resolve_arrival(g, "us").text == "ranging round on target"
    assert A.walk_odds(g, "us").p(True) == Fraction(49, 100)
    with g.table_dice([49]):
        assert A.resolve_walk(g, "winters", (20, 27)).text == "winters walks the fire: on target"


def test_a_battery_of_no_stated_calibre_is_105_mm_light_artillery_of_14_inches():
    """House: 105 mm when the scenario names none; §3.2 gives 105 mm a 140 m radius (14"), and the
    kit reads up to 105 mm as light artillery (§4.4)."""
    text = (ROOT / "scenarios/easy_company/tutorial_farmyard.yaml").read_text().replace(
        "        rules: {calibre_mm: 105}\n", "")
    g = called(Game(loads(text), 44, flow=SEQUENCE))
    assert A.calibre(g, "us") == 105 and A.barrage_radius(g, "us") == 14
    with g.table_dice([10, 20]):
        A.resolve_arrival(g, "us")
    labels = [s.text for s in menu(g)["fire for effect"].preview(g, {"leader": "winters"}) if s.kind == "text"]
    assert labels == ['barrage 14"']
    with g.table_dice([99, 99, 99]):  # nobody wounded; the three Germans within 14" of (19, 27) come under fire
        e = A.resolve_effect(g, "winters")
    assert e.detail["outcome"] == [] and g.state["units"]["outpost"]["status"]["fire_types"] == ["light artillery"]
