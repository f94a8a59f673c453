"""Close Action, Movement: rates, terrain cost, stances, command control, officers."""

import pytest

from tests.close_action.helpers import fig, game
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.close_action import tables as T
from wgkit.rules.close_action.movement import plan_move


def g1(*figs, **kw):
    return game("\n".join(figs), fig("t", 46, 46), **kw)


def test_text_example_six_inches_through_dense_terrain_is_upright():
    # Stances: "a man who moves 6\" through dense terrain must count as upright because the base
    # crouch rate will not allow that distance": 6" at half rate costs 12", past the crouch's 6"
    g = g1(fig("x", 7, 28))  # the wood is the square x 7-13, y 27-33
    p = plan_move(g, "x", (13, 28))  # 6" along the wood's inside, every inch dense
    assert p.distance == pytest.approx(6) and p.cost == pytest.approx(12) and p.stance == "upright"
    with pytest.raises(IllegalActionError, match='^x cannot move 12.0" crouching: the rate is 6"$'):
        plan_move(g, "x", (13, 28), stance="crouching")  # "the base crouch rate will not allow that distance"
    g = g1(fig("x", 7.5, 30))  # inside the wood (dense: half rate)
    p = plan_move(g, "x", (12.5, 30))  # 5" inside the wood (x 7 to 13) at half rate
    assert p.cost == pytest.approx(10.0) and p.stance == "upright"
    g = g1(fig("x", 7.1, 28))
    p = plan_move(g, "x", (7.1, 34))  # 6" of which 5" in the wood (27-33 ... to 34): 5 x 2 + 1 = 11
    assert p.distance == pytest.approx(6) and p.cost == pytest.approx(11) and p.stance == "upright"


@pytest.mark.parametrize("dist, stance", [(3, "crawling"), (3.01, "crouching"), (6, "crouching"),
                                          (6.5, "upright"), (12, "upright")])
def test_stance_follows_distance(dist, stance):
    assert plan_move(g1(fig("x", 2, 2)), "x", (2 + dist, 2)).stance == stance


def test_upright_rate_is_the_most():
    with pytest.raises(IllegalActionError, match=r"needs 12.5\" of movement \(terrain included\); the most is 12\""):
        plan_move(g1(fig("x", 2, 2)), "x", (14.5, 2))


def test_officers_move_at_double_speed():
    g = g1(fig("o", 2, 2, "pistol", role="officer"))
    assert plan_move(g, "o", (26, 2)).limit == 24
    assert plan_move(g, "o", (14, 2)).stance == "crouching"  # 12" is within a double crouch rate


def test_weapon_team_rate_rules_text_or_playsheet():
    g = g1(fig("mg", 2, 2, "lmg"))
    assert plan_move(g, "mg", (10, 2)).limit == T.WEAPON_RATES["rules"].value == 8
    assert plan_move(g, "mg", (11, 2), weapon_rate="playsheet").limit == 9
    with pytest.raises(IllegalActionError):
        plan_move(g, "mg", (11, 2))
    assert plan_move(g, "mg", (3, 2)).stance == "crouching"  # men moving weapons never crawl


def test_obstacle_costs_three_inches():
    g = g1(fig("x", 23, 18))
    p = plan_move(g, "x", (23, 22))  # crosses the wall at y = 20
    assert p.cost == pytest.approx(4 + 3) and "obstacle" in p.notes[0]


def test_command_control_men_far_from_leader_and_officer_may_not_move():
    g = game(fig("ldr", 2, 2) + "\n" + fig("near", 6, 2) + "\n" + fig("far", 20, 2), fig("t", 46, 46))
    assert plan_move(g, "near", (6, 6)).stance == "crouching"  # 4": more than a 3" crawl
    with pytest.raises(IllegalActionError, match="more than 6\" from its squad leader or an officer"):
        plan_move(g, "far", (20, 4))


def test_an_officer_keeps_men_in_command():
    g = game(fig("ldr", 2, 2) + "\n" + fig("far", 20, 2) + "\n" + fig("o", 23, 2, "pistol", role="officer"),
             fig("t", 46, 46))
    assert plan_move(g, "far", (20, 4)).stance == "crawling"


def test_cowering_unit_may_not_move():
    g = g1(fig("x", 2, 2))
    situation_of(g).morale("a", "cowering")
    with pytest.raises(IllegalActionError, match="cowering and may not move by choice"):
        plan_move(g, "x", (3, 2))


def test_a_fallen_officer_keeps_nobody_in_command():
    from wgkit.rules.close_action import lookup as S
    from wgkit.rules.close_action.movement import turn_start

    g = game(fig("ldr", 2, 2) + "\n" + fig("far", 20, 2) + "\n" + fig("o", 23, 2, "pistol", role="officer"),
             fig("t", 46, 46))
    assert S.officers(g, "us") == ["o"]
    situation_of(g).out_of_action("o")
    assert S.officers(g, "us") == []
    # at the next turn's start 'far' is 18" from his leader and has no officer near: out of command
    status = {path[1]: value for path, value in turn_start(g) if path[0] == "pieces"}
    assert status["far"]["in_command"] is False and status["ldr"]["in_command"] is True


def _woods(*spans):
    """Woods 6" wide across x 7-13, each spanning y ``a`` to ``b``."""
    return "terrain:\n" + "\n".join(f"  - {{id: w{i}, type: woods, rectangle: {{center: [10, {(a + b) / 2}], size: [6, {b - a}]}}}}"
                                    for i, (a, b) in enumerate(spans))


@pytest.mark.parametrize("spans, cost", [
    (((12, 14), (16, 18)), 12.0),  # two woods 2" deep: 8" of ground, each wood's 2" at x1/2 costs 2" more
    (((12, 14), (12, 14)), 10.0),  # the same 2" under two woods is paid for once
    (((12, 14), (13, 15)), 11.0),  # overlapping: 3" of wood in all
])
def test_dense_ground_is_paid_for_once_however_many_woods_cover_it(spans, cost):
    """Movement Table: dense terrain at x1/2 (each inch inside costs two)."""
    g = game(fig("a1", 10, 10), fig("b1", 40, 45), terrain=_woods(*spans))
    assert plan_move(g, "a1", (10, 18)).cost == cost


@pytest.mark.parametrize("fid, to, stance", [
    ("a1", (10, 16), "crouching"), ("a1", (10, 16.1), "upright"),  # a man: crouching up to 6", then upright
    ("a2", (12, 16), "crouching"), ("a2", (12, 16.1), "upright"),  # a weapon team as well, within its 8"
])
def test_a_move_of_exactly_the_crouching_rate_is_made_crouching(fid, to, stance):
    """Movement Table: crawl 3", crouch 6", upright 12": a move's stance is the slowest whose rate
    covers it, the rate's own distance included."""
    g = game(fig("a1", 10, 10) + "\n" + fig("a2", 12, 10, "lmg"), fig("b1", 40, 45))
    assert plan_move(g, fid, to).stance == stance


@pytest.mark.parametrize("stance, limit", [("crawling", 3.0), ("crouching", 6.0), ("upright", 12.0)])
def test_a_stance_asked_for_keeps_its_own_rate(stance, limit):
    """Movement: Stances: a man may move 2" in any stance, a slower one than the distance needs
    included, and the stance's rate is then his limit."""
    g = game(fig("a1", 10, 10), fig("b1", 40, 45))
    plan = plan_move(g, "a1", (10, 12), stance=stance)
    assert (plan.stance, plan.limit) == (stance, limit)


def test_a_man_cowering_alone_may_not_move_though_his_unit_may():
    """Morale: an isolated figure tests alone; cowering, he may not move by choice."""
    g = game(fig("a1", 10, 10) + "\n" + fig("a2", 30, 10), fig("b1", 40, 45))
    situation_of(g).piece_status("a2", "a2 cowers alone", morale="cowering")
    with pytest.raises(IllegalActionError, match="^a2 is cowering and may not move by choice this turn$"):
        plan_move(g, "a2", (30, 12))
    assert plan_move(g, "a1", (10, 12)).stance == "crawling"


def test_a_figure_out_of_command_may_not_move_but_turns_to_bring_an_enemy_into_its_arc():
    # Command Control: a man more than 6" from his leader "may fire and change facing" but not move.
    # Firing: the arc is 45 degrees either side of the facing. 'far' faces north (0); the enemy is
    # due east of him (bearing 90): out of his arc until he turns to face it
    from wgkit.rules.close_action import fire as F
    from wgkit.rules.close_action.movement import resolve_face

    g = game(fig("ldr", 2, 2) + "\n" + fig("far", 20, 2), fig("t", 30, 2, facing=270))
    situation_of(g).piece_status("far", in_command=False)
    with pytest.raises(IllegalActionError, match="may fire and turn, but not move"):
        plan_move(g, "far", (20, 4))
    with pytest.raises(IllegalActionError, match="within its arc"):
        F.plan_fire(g, "a", "b", firers=["far"])
    e = resolve_face(g, "far", (30, 2))
    assert (g.piece("far")["facing"], g.piece("far")["position"]) == (90.0, [20, 2])
    assert e.text == "far turns to face east (90°)" and e.rolls == ()
    assert e.detail["notes"] == ["was facing north (0°)"]
    assert F.plan_fire(g, "a", "b", firers=["far"]).pools == (F.Pool(5, 2, ("far",)),)  # 10": close range, 5-6
    g.undo()
    assert g.piece("far")["facing"] == 0


@pytest.mark.parametrize("towards, facing", [((20, 12), 0.0), ((30, 12), 45.0), ((20, -8), 180.0), ((10, 2), 270.0),
                                             ((10, 12), 315.0)])
def test_a_figure_faces_the_compass_bearing_of_the_point_given(towards, facing):
    from wgkit.rules.close_action.movement import resolve_face

    g = g1(fig("x", 20, 2))
    resolve_face(g, "x", towards)
    assert g.piece("x")["facing"] == facing


def test_a_support_weapon_that_fired_may_only_turn_and_turning_needs_a_point_away_from_it():
    # Moving after Shooting: "Support weapons may not move after they fire except to change to a new facing"
    from wgkit.rules.close_action.movement import resolve_face

    g = g1(fig("x", 20, 2, "lmg"))
    situation_of(g).piece_status("x", fired=True)
    with pytest.raises(IllegalActionError, match="may only change facing"):
        plan_move(g, "x", (20, 4))
    resolve_face(g, "x", (10, 2))
    assert g.piece("x")["facing"] == 270.0
    with pytest.raises(IllegalActionError, match="give a point away from the figure"):
        resolve_face(g, "x", (20, 2))


def test_turning_is_offered_in_the_move_step_but_never_weighed_by_the_opponent():
    # the opponent's valuation does not see facing: a turn would only spend its dice stream
    from wgkit.opponent import Opponent
    from wgkit.rules.close_action.actions import ACTIONS

    g = g1(fig("x", 20, 2))
    while g.current_step().name != "Move":
        g.advance()
    face = next(s for s in ACTIONS(g) if s.name == "face")
    assert face.turns_only and [p.kind for p in face.params] == ["choice", "point"] and "x" in face.params[0].values()
    side = g.acting_sides()[0]
    assert Opponent(side).candidates(g) and all(c.spec.name != "face" for c in Opponent(side).candidates(g))
