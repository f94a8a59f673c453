"""Rookie Rules' situations: each helper's line in the log and the state it leaves."""

import pytest

from tests.rookie.helpers import game
from wgkit.rules import situation_of


def test_cards_markers_morale_breakdowns_and_aircraft_in_words():
    g = game()
    s = situation_of(g)
    rk = lambda: g.state["vars"]["rk"]  # noqa: E731
    status = lambda u: g.state["units"][u]["status"]  # noqa: E731
    assert s.card_up("KS", "de").text == "KS up for de"
    assert (rk()["card"], rk()["unit"], g.state["active"]) == ("KS", None, "de")
    assert s.activated("ru_sq", 1, "9D").text == "9D: ru_sq acts (1 functions)"
    assert (rk()["card"], rk()["unit"], g.state["active"]) == ("9D", "ru_sq", "su")
    assert (status("ru_sq")["acted"], status("ru_sq")["functions"], status("ru_sq")["targets"]) == (True, 1, [])
    assert s.activated("de_wood").text == "2H: de_wood acts (2 functions)" and g.state["active"] == "de"
    assert s.marker("de_open", "pinned").text == "de_open: pinned marker" and status("de_open")["marker"] == "pinned"
    assert s.marker("de_open", None).text == "de_open: no marker" and status("de_open")["marker"] is None
    assert s.must_test("de_open", "de_wood").text == "morale due: de_open, de_wood"
    assert rk()["must_test"] == ["de_open", "de_wood"]
    assert s.stuck("ru_sq").text == "ru_sq stuck (mud)" and status("ru_sq")["immobile"] == "mud"
    assert s.stuck("ru_sq", "for good").text == "ru_sq stuck (for good)" and status("ru_sq")["immobile"] == "for good"
    assert s.aircraft("su", 2).text == "su: 2 aircraft over the table"
    assert rk()["aircraft"]["su"] == {"on_table": 2, "path": None, "damaged": False}
    assert s.aircraft("de").text == "de: 1 aircraft over the table" and rk()["aircraft"]["de"]["on_table"] == 1
    assert s.air_chance("de", 40).text == "de: aircraft arrive on 40%" and rk()["air_chance"]["de"] == 40


def test_a_breakdown_the_rules_do_not_know_is_refused_by_name():
    g = game()
    n = len(g.log)
    with pytest.raises(ValueError, match="^a vehicle is stuck in 'mud' or 'for good', not 'sand'$"):
        situation_of(g).stuck("ru_sq", "sand")
    assert len(g.log) == n


def test_a_card_turned_up_leaves_no_unit_activated_by_it():
    g = game()
    s = situation_of(g)
    s.activated("ru_sq", 1, "9D")
    s.card_up("3S", "de")
    assert (g.state["vars"]["rk"]["card"], g.state["vars"]["rk"]["unit"], g.state["active"]) == ("3S", None, "de")


def test_missions_fired_in_words():
    g = game("tractor_works")
    assert situation_of(g).missions_fired("de", 2).text == "de: 2 artillery missions fired"
    assert g.state["vars"]["rk"]["missions"]["de"] == {"fired": 2}
