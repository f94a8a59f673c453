"""Close Action: what the rules forbid is refused by name with nothing logged, and the corners of
the fire, morale and movement procedures that the worked cases do not reach."""

import pytest

from tests.close_action.helpers import fig, game, to_step
from tests.conftest import dotted, refused
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.close_action import blast as B
from wgkit.rules.close_action import fire as F
from wgkit.rules.close_action import melee as M
from wgkit.rules.close_action import morale as Mo
from wgkit.rules.close_action import movement as Mv
from wgkit.rules.close_action.actions import _fire_explain



def test_scores_beyond_six_are_a_six_then_a_second_die_and_beyond_nine_cannot_hit():
    # Fire Table: 7+ is a 6 then 4-6; the kit extends it (house): 8+ a 6 then 5-6, 9+ a 6 then 6;
    # 10+ is out of reach. A score of 1 or less hits on any face.
    assert F.stages(8) == [range(6, 7), range(5, 7)]
    assert F.stages(9) == [range(6, 7), range(6, 7)]
    assert F.stages(10) == [range(7, 7)]
    assert F.stages(0) == [range(1, 7)] and F.stages(6) == [range(6, 7)]


def test_fire_is_refused_where_the_firing_rules_forbid_it():
    g = game(fig("x", 20, 10) + "\n" + fig("y", 22, 10), fig("t", 20, 16, stance="crouching"))
    refused(g, "aim must be all or one of open, upright, crouching, crawling, soft, hard", F.plan_fire, "a", "b",
             aim="legs")
    refused(g, "you cannot fire at your own side", F.plan_fire, "a", "a")
    refused(g, "b has no figure that can be hit \\(hard\\)", F.plan_fire, "a", "b", aim="hard")  # t is in the open
    with pytest.raises(IllegalActionError, match="^no figure of the target is hard$"):
        F.target_modifiers(g, "a", ["t"], "hard")
    refused(g, "not live figures of a: z", F.plan_fire, "a", "b", firers=["x", "z"])
    situation_of(g).morale("a", "cowering")
    refused(g, "a is cowering and may not fire", F.plan_fire, "a", "b")


def test_a_unit_without_an_officer_may_not_split_its_fire():
    # Firing: a unit fires at one target in a phase; only one with an officer may split its fire
    g = game(fig("x", 20, 10), fig("t", 20, 16, stance="crouching"))
    g.state["units"]["a"]["status"]["fired_at"] = "c"
    refused(g, "a already fired at c this phase; only a unit with an officer may split its fire",
             F.plan_fire, "a", "b")


def test_a_unit_whose_men_are_all_down_cannot_fire_and_a_target_all_down_cannot_be_hit():
    g = game(fig("x", 20, 10), fig("t", 20, 16, stance="crouching"))
    g.state["pieces"]["t"]["alive"] = False
    refused(g, "b has no figure that can be hit \\(all\\)", F.plan_fire, "a", "b")
    g.state["pieces"]["x"]["alive"] = False
    refused(g, "a has no figure left to fire", F.plan_fire, "a", "b")


def test_only_a_support_weapon_can_be_aimed_at():
    # Firing: Damage to Weapons: one HMG die may be rolled at a support weapon
    g = game(fig("x", 20, 10, weapons="hmg"), fig("t", 20, 16, stance="crouching"))
    p = F.plan_fire(g, "a", "b")
    with pytest.raises(IllegalActionError, match="^t carries no support weapon$"):
        F.aim_at_weapon(g, p, "t")


def test_the_explanation_names_friends_rolled_for_in_a_danger_zone():
    # pal, of the firing unit, stands in front of a2's LMG (Firing: MG danger zones)
    g = game(fig("a1", 10, 10) + "\n" + fig("a2", 12, 10, "lmg") + "\n" + fig("pal", 11, 13.5, facing=180),
             fig("b1", 10, 16, stance="upright") + "\n" + fig("b2", 12, 17, stance="crawling"))
    assert _fire_explain(g, {"unit": "a", "target": "b"})[-1] == "danger zone: pal also rolled for"


def test_grenades_and_mortars_are_refused_by_name():
    g = game(fig("x", 20, 10, weapons="rifle, grenade") + "\n" + fig("m", 24, 10, weapons="mortar"),
             fig("t", 20, 14))
    refused(g, "x has no mortar", B.resolve_cease, "x")
    situation_of(g).morale("a", "cowering")
    refused(g, "a is not in good order and may not fire", B.resolve_blast, "grenade", "x", (20, 13))


def test_no_hand_to_hand_without_contact():
    g = game(fig("x", 20, 10), fig("t", 20, 30))
    refused(g, "no figures are in base-to-base contact", M.require_groups)


def test_a_veteran_unit_tests_morale_at_plus_two():
    # Morale Table: veteran +2 (and a green unit -2, tested with the other modifiers)
    g = game(fig("x", 2, 2), fig("t", 30, 40) + "\n" + fig("u", 31, 40), b_quality="veteran")
    situation_of(g).shot_at("b", dice=8)
    assert [(m.name, m.value) for m in Mo.morale_modifiers(g, "b")] == [("veteran", 2)]


def test_a_man_alone_in_his_unit_is_not_isolated_from_it():
    # isolation (house: more than 6" from every other figure of the unit) needs another figure
    g = game(fig("x", 2, 2), fig("t", 30, 40) + "\n" + fig("u", 45, 10))
    assert Mo.isolated(g, "b") == ["t", "u"]
    g.state["pieces"]["u"]["alive"] = False
    assert Mo.isolated(g, "b") == []


def test_a_man_who_broke_off_may_not_charge_again_that_turn():
    # Hand-to-Hand: Breaking Off: he may not join a new fight this turn
    g = game(fig("x", 20, 10), fig("t", 20, 14))
    to_step(g, "Move")
    g.state["pieces"]["x"]["status"]["broke_off"] = True
    refused(g, "x broke off from hand to hand and may not join a new fight this turn",
             Mv.resolve_move, "x", (20, 13.5), charge=True)


def test_a_man_may_move_in_a_higher_stance_than_his_distance_needs_but_not_further_than_it_allows():
    # Movement: Stances: 1" is a crawl, but he may be denoted higher (say, to see over a wall); a
    # man crawls 3" at most, so 4" asked as a crawl is refused, not quietly made a crouch
    g = game(fig("x", 10, 10), fig("t", 40, 40))
    to_step(g, "Move")
    assert Mv.plan_move(g, "x", (10, 11), stance="crouching").stance == "crouching"
    assert Mv.plan_move(g, "x", (10, 11)).stance == "crawling"
    with pytest.raises(IllegalActionError, match='^x cannot move 4.0" crawling: the rate is 3"$'):
        Mv.plan_move(g, "x", (10, 14), stance="crawling")


def test_a_move_may_turn_the_man_to_a_new_facing():
    g = game(fig("x", 10, 10), fig("t", 40, 40))
    to_step(g, "Move")
    e = Mv.resolve_move(g, "x", (10, 11), facing=90.0)
    assert ("pieces.x.facing", 90.0) in dotted(e) and g.piece("x")["facing"] == 90.0
