"""Easy Company's distances and counts at exactly their value, and the chances' defaults, worked
from the text: §2.4 MPs reach troops within 40 m (4" at 1" = 10 m), §6.1 contact and §7.1 aid
within 1" (house), §4.4 note 1 only the worst fire counts, §5.3 -10% per untended casualty."""

from __future__ import annotations

import pytest

from tests.test_easy_company_play import game, to
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.easy_company import chances as C
from wgkit.rules.easy_company import fire as F
from wgkit.rules.easy_company import lookup as L
from wgkit.rules.easy_company import melee as ME


def test_each_chance_starts_from_its_grade_alone():
    # §4.4 move 50, §5.3 fire 70, §8.1 morale 30, §3.2 arrival 30, for green troops, with nothing else
    assert [C.move_chance("green").value, C.fire_chance("green").value, C.morale_chance("green").value,
            C.arrival_chance("green").value] == [50, 70, 30, 30]
    assert [[m.name for m in C.move_chance("green").modifiers], [m.name for m in C.fire_chance("green").modifiers]] == [
        ["green"], ["green"]]  # the grade, and nothing else


def test_under_several_fires_only_the_worst_counts():
    # §4.4 note 1: automatic weapons -50 and heavy artillery -70 together: -70 alone
    mods = C.fire_chance("veteran", ("automatic weapons", "heavy artillery", "small arms")).modifiers
    assert [(m.name, m.value) for m in mods] == [("veteran", 110), ("under fire: heavy artillery", -70)]


def test_an_untended_casualty_costs_its_unit_ten_percent_a_man_and_a_tended_one_nothing():
    g = game()
    to(g, "Attacker moves and fires")
    situation_of(g).wounded("de1")
    assert L.untended(g, "outpost") == 1
    situation_of(g).piece_status("de1", tended=True)
    assert L.untended(g, "outpost") == 0
    situation_of(g).wounded("de2")
    assert L.untended(g, "outpost") == 1  # de2 alone
    assert [(m.name, m.value) for m in C.fire_chance("green", untended=1).modifiers] == [("green", 70),
                                                                                        ("untended casualty", -10)]


@pytest.mark.parametrize("gap, leader", [(4.0, "lipton"), (4.01, None)])
def test_a_leaders_mps_reach_exactly_40_metres(gap, leader):
    g = game()
    situation_of(g).place("winters", (2, 35))  # far off
    situation_of(g).place("toye", (30, 2))
    situation_of(g).place("lipton", (30 - gap, 2))
    assert L.leader_for(g, "toye") == leader


def test_of_two_leaders_equally_near_the_first_listed_gives_the_mps():
    g = game()
    situation_of(g).place("toye", (20, 20))
    situation_of(g).place("lipton", (23, 20))
    situation_of(g).place("winters", (17, 20))  # both 3" off; Winters is listed first
    assert L.leader_for(g, "toye") == "winters"


@pytest.mark.parametrize("gap, allowed", [(1.0, True), (1.01, False)])
def test_aid_is_given_within_exactly_one_inch(gap, allowed):
    g = game()
    to(g, "Attacker moves and fires")
    situation_of(g).wounded("toye")
    situation_of(g).place("malarkey", (12 + gap, 9))  # Toye stands at (12, 9)
    if allowed:
        assert ME.resolve_aid(g, "malarkey", "toye").text == "malarkey tends toye"
    else:
        with pytest.raises(IllegalActionError, match=r"^malarkey must be with toye \(within 1\"\) to give aid$"):
            ME.resolve_aid(g, "malarkey", "toye")


@pytest.mark.parametrize("gap, allowed", [(1.0, True), (1.01, False)])
def test_melee_needs_contact_within_exactly_one_inch(gap, allowed):
    g = game()
    to(g, "Melee")
    situation_of(g).place("guarnere", (27, 24 - gap))  # the corporal stands at (27, 24)
    if allowed:
        with g.table_dice([3, 5]):  # the veteran's 3 + 2 grades over the green corporal against 5: a draw
            assert ME.resolve_melee(g, "guarnere", "unteroffizier").detail["outcome"] == "draw"
    else:
        with pytest.raises(IllegalActionError, match="^guarnere and unteroffizier are not enemies in contact$"):
            ME.resolve_melee(g, "guarnere", "unteroffizier")


def test_an_automatic_weapon_that_does_not_fire_hits_nobody_and_says_so():
    g = game()
    to(g, "Attacker moves and fires")
    with g.table_dice([100]):  # 00 never fires (§1.3)
        e = F.resolve_fire(g, "malarkey", "outpost")
    assert e.text == "malarkey (lmg, 170 m) does not fire" and e.detail["outcome"] == {"fired": False, "wounded": []}


def test_a_units_morale_and_mode_outlast_the_turn_its_fire_does_not():
    """§8.1's record (the state, the mark tested at, the failing turns) and §4.2's mode carry into
    the next turn; the fire a unit came under (§4.4) is cleared with the turn."""
    g = game()
    to(g, "Attacker moves and fires")
    situation_of(g).unit_status("outpost", morale="withdraw", tested_at=0.5, failing_turns=2, failed_turn=1,
                                mode="normal", fire_types=["small arms"])
    while g.current_step().name != "Artillery":
        g.advance()
    assert g.state["units"]["outpost"]["status"] == {"morale": "withdraw", "tested_at": 0.5, "failing_turns": 2,
                                                     "failed_turn": 1, "mode": "normal"}
