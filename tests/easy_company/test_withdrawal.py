"""§8.1: a unit that failed its morale withdraws "as rapidly as possible but using the best
cover": a full move (cautious, 50 m: 5" at 1" = 10 m) straight away from the nearest enemy, or to
the nearest point 0.3" inside a concealing or dug-in area (house values) within that move and no
nearer the enemy. Hedges are cover to stand behind, not an area to withdraw into. Each place
below is worked from the tutorial's map: the barn spans x 14-22, y 25.5-30.5, so 0.3" inside it is
x 14.3-21.7, y 25.8-30.2; the orchard is a circle of 4" about (8, 8)."""

from __future__ import annotations

import math

import pytest

from tests.test_easy_company_play import game, to
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.easy_company import morale as MO

AMERICANS = ("winters", "lipton", "toye", "malarkey", "guarnere", "battery_fo")


def withdrawing(at, **americans):
    """The outpost's corporal alone at ``at`` after a failed test, some Americans placed anew."""
    g = game()
    situation_of(g).morale("outpost", "withdraw")
    situation_of(g).out_of_action("de1", "de2")
    situation_of(g).place("unteroffizier", at)
    for who, where in americans.items():
        situation_of(g).place(who, where)
    to(g, "Defender moves and fires")
    return g


def away(here, foe, reach=5.0):
    """``reach`` inches from ``here`` straight away from ``foe``, to two places as the log writes."""
    d = math.dist(here, foe)
    return [round(here[0] + reach * (here[0] - foe[0]) / d, 2), round(here[1] + reach * (here[1] - foe[1]) / d, 2)]


def test_with_no_cover_in_reach_a_full_move_straight_away_from_the_nearest_enemy():
    # from (27, 24) in the foxholes: the barn's nearest inner point (21.7, 25.8) is 5.6" off, beyond
    # 5"; the foxholes already hold him. Guarnere at (20, 8) is the nearest American (17.5")
    g = withdrawing((27, 24))
    e = MO.resolve_withdraw(g, "outpost")
    assert g.piece("unteroffizier")["position"] == away((27, 24), (20, 8)) == [29.0, 28.58]
    assert e.text == "outpost withdraws: unteroffizier to (29, 28.58)"
    assert e.detail["outcome"] == ["unteroffizier to (29, 28.58)"] and e.detail["modifiers"] == []
    assert g.piece("unteroffizier")["status"]["acted"] is True


def test_cover_exactly_a_full_move_away_is_reached():
    # from (9.3, 28) the barn's inner west side x = 14.3 is exactly 5" east; Guarnere at (2, 35) is
    # 10.1" away and the barn's point 14.2": not nearer him. Straight away would be (12.91, 24.54)
    g = withdrawing((9.3, 28), guarnere=(2, 35))
    MO.resolve_withdraw(g, "outpost")
    assert g.piece("unteroffizier")["position"] == [14.3, 28]
    assert away((9.3, 28), (2, 35)) == [12.91, 24.54]  # where he would have gone without the barn


def test_cover_nearer_the_enemy_is_passed_by_and_a_hedge_is_no_refuge():
    # from (10, 14): the orchard's nearest inner point (9.17, 11.51) is 2.6" off but 3.8" from Toye
    # at (12, 9), nearer than the 5.4" he stands now; the west hedge, 3.8" north, is a line. So a
    # full move away from Toye
    g = withdrawing((10, 14))
    MO.resolve_withdraw(g, "outpost")
    assert g.piece("unteroffizier")["position"] == away((10, 14), (12, 9)) == [8.14, 18.64]


def test_a_withdrawal_off_the_table_stops_at_its_edge():
    # from (1, 2) away from Guarnere at (3, 6): 5" towards (-1.24, -2.47), held at the corner
    g = withdrawing((1, 2), guarnere=(3, 6))
    MO.resolve_withdraw(g, "outpost")
    assert away((1, 2), (3, 6)) == [-1.24, -2.47]
    assert g.piece("unteroffizier")["position"] == [0, 0]


def test_with_no_enemy_left_he_withdraws_due_south():
    g = withdrawing((27, 24))
    situation_of(g).out_of_action(*AMERICANS)
    MO.resolve_withdraw(g, "outpost")
    assert g.piece("unteroffizier")["position"] == [27, 19]  # the house bearing 180°: 5" south


def test_only_a_unit_that_failed_withdraws():
    g = withdrawing((27, 24))
    situation_of(g).morale("outpost", "ok")
    with pytest.raises(IllegalActionError, match="^outpost has not failed a morale test$"):
        MO.resolve_withdraw(g, "outpost")
