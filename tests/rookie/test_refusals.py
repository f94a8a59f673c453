"""Rookie Rules: what the rules forbid is refused by name, with nothing written to the log, and
the odds a teacher asks for without a game are the resolutions' own."""

import pytest

from tests.conftest import refused
from tests.rookie.helpers import act, game, put
from wgkit.rules import get_ruleset, situation_of
from wgkit.rules.rookie import chart as CH
from wgkit.rules.rookie import command as C
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import morale as MO
from wgkit.rules.rookie import odds as RO
from wgkit.rules.rookie import support as SU



def test_a_function_the_unit_cannot_spend_isrefused():
    # Movement and Firing: a function removes a marker (in command radius), traverses a tank's
    # turret, or (four of them) sets up a heavy mortar or gun
    g = game()
    act(g, "ru_sq")
    refused(g, "ru_sq has no penalty marker", C.resolve_remove, "ru_sq")
    refused(g, "ru_sq has no turret", C.resolve_traverse, "ru_sq", 90)
    refused(g, "ru_sq is not a heavy mortar or gun", C.resolve_setup, "ru_sq")
    refused(g, "ru_lt is not an enemy unit on the table", F.plan, "ru_sq", "ru_lt")


def test_a_unit_out_of_action_neither_acts_nor_tests_morale():
    g = game(step="Morale")
    situation_of(g).unit_status("de_open", marker="pinned", gone=True)
    refused(g, "de_open is out of action", MO.resolve, "de_open")
    assert get_ruleset("rookie").strength_of(g, "de_open_s") == 0.0


def test_aircraft_orders_need_aircraft_over_the_table_with_a_path():
    # Aircraft: a flight path string, a target within 12" of it, anti-aircraft fire at it
    g = game("tractor_works")
    refused(g, "de has no aircraft over the table", SU.resolve_path, "de", (0, 10), (48, 10))
    refused(g, "de has no aircraft with a flight path", SU.resolve_strike, "de", (24, 10))
    refused(g, "no de aircraft to fire at", SU.resolve_aa, "ru_sq1", "de")
    refused(g, "no su aircraft to fire at", SU.resolve_aa, "de_sq1", "su")


def test_only_a_hidden_unit_in_sight_can_be_observed():
    g = game()
    act(g, "ru_sq")
    refused(g, "de_open is not hidden", SU.resolve_observe, "ru_sq", "de_open")
    g.state["pieces"]["de_wood_s"]["hidden"] = True
    put(g, "ru_sq", 10, 10)
    put(g, "de_wood", 45, 10)  # beyond the birch wood (x 34-42): out of sight
    refused(g, "ru_sq has no line of sight to where de_wood is", SU.resolve_observe, "ru_sq", "de_wood")


def test_the_odds_without_a_game_are_the_resolutions_own():
    assert RO.fire("11-15").outcomes() == CH.chart_odds("11-15").outcomes()
    assert RO.artillery_drift().outcomes() == SU.drift_odds().outcomes()
    # Artillery: 1-4 on target, so 4 in 10; 5-0 drift, each a house direction: 1 in 10 each
    assert RO.artillery_drift().p((0.0, 0.0)) == pytest.approx(0.4)
    assert len(RO.artillery_drift().outcomes()) == 7
