"""Company Fire movement: Movement, the Movement Test, Fall Back, Moving on a Fire Card, bocage,
stacking, smoke, single figures overrun, dismounting and occupying bocage."""

from fractions import Fraction

import pytest

from tests.company_fire.helpers import game, put, remove, set_card
from tests.conftest import ROOT, refused, unit
from wgkit.scenario import ScenarioError
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import movement as V


def test_moves_go_through_edges_and_not_into_enemy_squares():
    g = game()
    with pytest.raises(IllegalActionError, match="not through an edge"):
        V.resolve_move(g, "sq1", [(3, 1)])  # diagonal
    put(g, "sq2", (5, 3))
    with pytest.raises(IllegalActionError, match="holds the enemy"):
        V.resolve_move(g, "sq2", [(5, 4)])


def test_weapon_teams_move_one_square_and_squads_two():
    g = game()
    with pytest.raises(IllegalActionError, match="may move 1 square"):
        V.resolve_move(g, "mg", [(3, 2), (4, 2)])
    with pytest.raises(IllegalActionError, match="may move 2 squares"):
        V.resolve_move(g, "sq2", [(4, 1), (4, 2), (4, 3)])


def test_stacking_three_units_at_most_two_of_them_teams_or_vehicles():
    g = game()
    assert V.resolve_move(g, "sq1", [(3, 0)]).text.startswith("sq1 moves to (3, 0)")  # with the PL and the FO: 3
    with pytest.raises(IllegalActionError, match="is full"):
        V.resolve_move(g, "mg", [(3, 0)])  # a fourth unit
    g3 = game()
    put(g3, "zook", (3, 1))
    assert L.stacking_ok(g3, "sq1", (3, 1))  # squads do not count towards the two (Group Fire example)
    assert not L.stacking_ok(g3, "sherman", (3, 1))  # MG team + bazooka team already: no third heavy unit


def test_units_stop_next_to_the_enemy_edge_or_corner():
    g = game()
    put(g, "sq2", (4, 2))
    set_card(g, "move")
    with pytest.raises(IllegalActionError, match="must stop at \\(5, 2\\)"):
        V.resolve_move(g, "sq2", [(5, 2), (5, 1)])  # (5, 2) touches the MG 42's square (6, 3) at a corner


def test_free_two_square_move_out_of_sight_and_the_movement_test_in_sight():
    g = game()
    e = V.resolve_move(g, "sq2", [(4, 1), (4, 2)])
    assert e.text == "sq2 moves to (4, 2)" and not e.rolls  # out of enemy LOS: free
    g = game("tutorial_orchard_gate")
    e = V.resolve_move(g, "able", [(3, 1), (3, 2)])  # through the gate, into the MG 34's sight
    assert e.rolls and e.detail["odds"] is not None
    assert e.detail["outcome"] == (e.rolls[0].faces[0] + sum(m["value"] for m in e.detail["modifiers"]) >= 5)


def test_movement_test_modifiers_and_odds():
    g = game("tutorial_orchard_gate", card="move")
    put(g, "baker", (3, 2))  # green, with Lt. Hale beside it, at the gate
    put(g, "lt", (3, 2))
    need, mods = V.movement_test_mods(g, "baker", (3, 3))  # into the orchard: cover, seen by the Germans
    assert need == 4
    assert sorted((m.name, m.value) for m in mods) == [
        ("destination in LOS of an enemy who can op fire", -1), ("green", -1), ("platoon leader in the square", 1)]
    assert V.movement_odds(need, mods).p(True) == Fraction(2, 6)  # needs a 5 on the die


def test_moving_on_a_fire_card_is_one_square_after_a_test_and_no_fire():
    g = game(card="fire", step="Move and fire")
    with pytest.raises(IllegalActionError, match="may move 1 square"):
        V.resolve_move(g, "sq2", [(4, 1), (4, 2)])
    e = V.resolve_move(g, "sq2", [(4, 1)])
    assert e.rolls and e.rolls[0].purpose == "movement test"
    from wgkit.rules.company_fire import fire as F

    with pytest.raises(IllegalActionError, match="already acted"):
        F.plan(g, ["sq2"], (5, 4))


def test_pinned_units_move_only_away_out_of_sight_and_suppressed_only_fall_back():
    g = game()
    put(g, "sq2", (4, 3), order="pinned")
    with pytest.raises(IllegalActionError, match="may not move towards"):
        V.resolve_move(g, "sq2", [(4, 4)])
    assert V.resolve_move(g, "sq2", [(4, 2)]).text.startswith("sq2 moves")  # behind the hedge: out of sight
    g = game()
    put(g, "sq2", (4, 3), order="suppressed")
    with pytest.raises(IllegalActionError, match="may only fall back"):
        V.resolve_move(g, "sq2", [(4, 2)])


def test_fall_back_needs_a_move_card_a_leader_and_a_test():
    g = game()
    put(g, "sq2", (4, 3), order="suppressed")
    with pytest.raises(IllegalActionError, match="needs its platoon leader"):
        V.resolve_fall_back(g, "sq2", (4, 2))
    put(g, "plt_ldr", (4, 3))
    with pytest.raises(IllegalActionError, match="not away from the enemy"):
        V.resolve_fall_back(g, "sq2", (4, 4))
    e = V.resolve_fall_back(g, "sq2", (4, 2))
    assert e.detail["odds"] is not None and [m["name"] for m in e.detail["modifiers"]] == ["platoon leader in the square"]
    assert (L.cell(g, "sq2") == (4, 2)) == e.detail["outcome"]
    set_card(g, "fire")
    with pytest.raises(IllegalActionError, match="move or face card only"):
        V.fall_back_check(g, "sq2", (4, 1))


def test_full_bocage_ends_a_move_and_stops_vehicles_partial_does_not():
    g = game()
    put(g, "sq1", (2, 2))
    refused(g, "a move across a full bocage edge goes one square only", V.resolve_move, "sq1", [(2, 3), (2, 4)])
    put(g, "sherman", (4, 2))
    refused(g, "vehicles cannot pass through a full bocage edge", V.resolve_move, "sherman", [(4, 3)])
    put(g, "sherman", (3, 2))
    V._check_path(g, "sherman", [(3, 2), (3, 3)])  # the partial hedge by the gate: vehicles pass


def test_smoke_stops_movement_and_blocks_sight():
    g = game()
    situation_of(g).smoke((4, 1), "de")
    with pytest.raises(IllegalActionError, match="in smoke"):
        V.resolve_move(g, "sq2", [(4, 1), (4, 2)])
    assert not L.cell_sight(g, (4, 0), (4, 1)).clear and L.cover(g, (4, 1))


def test_vehicle_rates_road_pinned_and_fire_card():
    g = game()
    limit, test, why = V.allowance(g, "sherman", [(6, 1)])
    assert (limit, test) == (3, False) and why.startswith("off road")  # medium tank
    assert V.allowance(g, "sherman", [])[0] == 3
    put(g, "sherman", (3, 0))
    assert V.allowance(g, "sherman", [(3, 1), (3, 2)])[0] == 4  # all on the lane: on-road rate
    situation_of(g).order("sherman", "pinned")
    assert V.allowance(g, "sherman", [(3, 1)])[0] == 3
    set_card(g, "fire")
    assert V.allowance(g, "sherman", [(3, 1)])[:2] == (1, True)  # half the off-road rate, after a test
    with pytest.raises(IllegalActionError, match="impassable to vehicles"):
        V._check_path(g, "sherman", [(6, 5), (6, 4)])  # into the farm buildings


def test_single_figure_alone_is_overrun_when_the_enemy_moves_in():
    g = game()
    remove(g, "gruppe2")
    put(g, "sq1", (0, 3))
    put(g, "sniper", (0, 4))
    e = V.resolve_move(g, "sq1", [(0, 4)])
    assert "sniper: a single figure overrun" in e.text and L.order(g, "sniper") == "destroyed"


def test_dismounting_respects_stacking():
    g = game()
    situation_of(g).carried("zook", "sherman")
    assert not L.alive(g, "zook")
    put(g, "mg", (6, 0))
    put(g, "sq1", (6, 0))
    with pytest.raises(IllegalActionError, match="stacking limit"):
        V.resolve_dismount(g, "zook")  # Sherman + MG team: no room for another team
    put(g, "mg", (3, 1))
    e = V.resolve_dismount(g, "zook")
    assert e.text == "zook dismounts at (6, 0)" and L.alive(g, "zook")


def test_occupying_bocage_opens_sight_and_is_abandoned_when_suppressed():
    from wgkit.rules.company_fire.effects import Effects

    g = game()
    put(g, "sq2", (4, 2))
    assert not L.sees(g, "sq2", (4, 4))  # across the hedge two squares on: blocked
    V.resolve_occupy(g, "sq2")
    assert L.sees(g, "sq2", (4, 4)) and L.status(g, "sq2")["bocage"]
    fx = Effects(g)
    fx.hit("sq2", 2)
    g.record("hit", fx.finish())
    assert L.order(g, "sq2") == "suppressed" and not L.status(g, "sq2")["bocage"]
    set_card(g, "fire")
    with pytest.raises(IllegalActionError, match="move or face cards"):
        V.resolve_occupy(g, "sq1")


def test_occupying_is_refused_when_the_enemy_holds_the_edge():
    g = game()
    put(g, "sq2", (4, 2))
    put(g, "gruppe", (4, 3), bocage=True)
    with pytest.raises(IllegalActionError, match="holds the bocage"):
        V.resolve_occupy(g, "sq2")


def test_path_finding_for_a_click_goes_around_and_stops_where_the_rules_say():
    g = game()
    assert V.path_to(g, "sq2", (4, 2)) == [(4, 1), (4, 2)]
    assert V.path_to(g, "sq1", (2, 0)) == []  # already there
    put(g, "sq1", (2, 2))
    assert V.path_to(g, "sq1", (3, 3)) == [(3, 2), (3, 3)]  # through the gate, not over the full hedge
    assert V.path_to(g, "sq1", (2, 3)) == [(2, 3)]  # over the hedge: one square
    put(g, "gruppe", (6, 2))
    assert V.path_to(g, "sq2", (5, 1)) == [(4, 1), (5, 1)]  # a move may end next to the enemy


def _stack_at_load(kinds: list[str]):
    """The orchard tutorial with the US units given ``kinds``, all in square [2, 1]."""
    from tests.conftest import load_edited

    def edit(doc):
        us = doc["sides"][0]
        us["units"] = [{"id": f"u{i}", "kind": k, "stands": [{"id": f"s{i}", "cell": [2, 1]}]}
                       for i, k in enumerate(kinds)]
    return load_edited(ROOT / "scenarios/company_fire/tutorial_orchard_gate.yaml", edit)


def test_stacking_is_checked_when_a_scenario_loads():
    """Stacking: three friendly units, single-man figures included; at most two teams or vehicles."""
    assert len(_stack_at_load(["rifle_squad"] * 3).sides[0].units) == 3  # the Group Fire example's stack
    assert len(_stack_at_load(["mmg", "tank", "platoon_leader"]).sides[0].units) == 3
    with pytest.raises(ScenarioError) as caught:
        _stack_at_load(["rifle_squad"] * 4)
    assert str(caught.value).endswith("sides[0].units[3]: square [2, 1] holds 4 friendly units (at most 3, "
                                      "single-man figures included) (Stacking)")
    with pytest.raises(ScenarioError) as caught:
        _stack_at_load(["mmg", "tank", "bazooka_team"])
    assert str(caught.value).endswith("sides[0].units[2]: square [2, 1] holds 3 vehicles, weapon teams or "
                                      "guns (at most 2) (Stacking)")


def test_every_movement_refusal_says_why():
    """Movement, Unit Status, Attacking vehicles: suppressed units only fall back; a tank that
    fired its main gun stays; squads move two squares on a move card, one on a fire card; pinned
    units never move towards the enemy, and move away only out of its sight."""
    import pytest

    from tests.company_fire.helpers import game, put
    from wgkit.engine import IllegalActionError
    from wgkit.rules.company_fire import movement as V

    def refused(g, uid, path, why):
        with pytest.raises(IllegalActionError, match=f"^{why}$"):
            V.resolve_move(g, uid, path)

    g = game(card="move")
    put(g, "sq2", (4, 0), order="suppressed")
    refused(g, "sq2", [(4, 1)], "sq2 is suppressed and may only fall back")
    g = game(card="move")
    put(g, "sherman", (6, 0), main_gun=True)
    refused(g, "sherman", [(6, 1)], "sherman fired its main gun: tanks may not move and fire it on the same card")
    g = game(card="move")
    refused(g, "sq2", [], "choose at least one square to move to")
    refused(g, "sq2", [(4, 1), (3, 1), (3, 2)], r"sq2 may move 2 squares \(squads and single figures move two squares\), not 3")
    g = game(card="fire")
    refused(g, "sq2", [(4, 1), (3, 1)], r"sq2 may move 1 square \(one square on a fire card after a Movement Test\), not 2")
    g = game(card="move")
    put(g, "sq2", (3, 2), order="pinned")
    refused(g, "sq2", [(3, 3)], "sq2 is pinned and may not move towards the enemy")
    g = game(card="move")
    put(g, "sq2", (4, 4), order="pinned")
    refused(g, "sq2", [(4, 3)], "sq2 is pinned: it may only move away out of enemy line of sight")
    g = game(card="move")
    put(g, "sq2", (4, 3), order="pinned")
    e = V.resolve_move(g, "sq2", [(4, 2)])  # away, and out of sight: allowed
    assert (e.text, e.detail["rule"], e.detail["outcome"]) == ("sq2 moves to (4, 2)", "Movement", True)


@pytest.mark.parametrize("card, uid, order, start, path, expected", [
    # Movement: squads and single figures 2 squares, weapon teams 1; on a fire card 1 after a test
    ("move", "sq1", "good order", (2, 0), [(2, 1)], (2, False, "squads and single figures move two squares")),
    ("move", "plt_ldr", "good order", (3, 0), [(3, 1)], (2, False, "squads and single figures move two squares")),
    ("move", "mg", "good order", (3, 1), [(3, 2)], (1, False, "weapon teams move one square")),
    ("fire", "sq1", "good order", (2, 0), [(2, 1)], (1, True, "one square on a fire card after a Movement Test")),
    # Vehicle Movement, a medium tank: 3 off road, 4 on road, 1 less pinned; on a fire card half
    # the off-road rate (3 // 2 = 1) after a test; suppressed, backs away at half, without a test
    ("move", "sherman", "good order", (6, 0), [(6, 1)], (3, False, "off road")),
    ("move", "sherman", "good order", (3, 1), [(3, 2)], (4, False, "on road")),
    ("move", "sherman", "pinned", (3, 1), [(3, 2)], (3, False, "on road, pinned -1")),
    ("move", "sherman", "pinned", (6, 0), [(6, 1)], (2, False, "off road, pinned -1")),
    ("fire", "sherman", "good order", (3, 1), [(3, 2)], (1, True, "a vehicle on a fire card: half its off-road rate after a Movement Test")),
    ("move", "sherman", "suppressed", (6, 0), [(6, 1)], (1, False, "a suppressed vehicle backs away at half its off-road rate")),
])
def test_how_far_each_unit_may_move(card, uid, order, start, path, expected):
    from tests.company_fire.helpers import game, put
    from wgkit.rules.company_fire import movement as V

    g = game(card=card)
    put(g, uid, start, order=order)
    assert V.allowance(g, uid, path) == expected


def test_fall_back_refusals_and_a_failed_fall_back():
    """Fall Back: on a move card, a suppressed unit with its PL or CC in the square may move one
    square away from the enemy, out of its sight or into cover, after a Movement Test (5+ into the
    open, +1 the leader); failing, it stays and is done for the card."""
    from tests.company_fire.helpers import game, put
    from tests.conftest import dotted
    from wgkit.engine import IllegalActionError
    from wgkit.rules.company_fire import movement as V

    def refused(g, dest, why):
        with pytest.raises(IllegalActionError, match=f"^{why}$"):
            V.resolve_fall_back(g, "sq2", dest)

    g = game(card="fire")
    put(g, "sq2", (4, 3), order="suppressed")
    put(g, "plt_ldr", (4, 3))
    refused(g, (4, 2), "a unit falls back on a move or face card only")
    g = game(card="move")
    put(g, "sq2", (4, 3), order="pinned")
    refused(g, (4, 2), "sq2 is pinned: only suppressed units fall back")
    put(g, "sq2", (4, 3), order="suppressed")
    refused(g, (4, 2), "sq2 needs its platoon leader or the company commander in its square to fall back")
    g = game(card="move")
    put(g, "sq2", (4, 4), order="suppressed")
    put(g, "plt_ldr", (4, 4))
    refused(g, (4, 5), r"\(4, 5\) is neither out of enemy line of sight nor cover")
    g = game(card="move")
    put(g, "sq2", (4, 3), order="suppressed")
    put(g, "plt_ldr", (4, 3))
    refused(g, (4, 4), r"\(4, 4\) is not away from the enemy")
    with g.table_dice([3]):  # 3 + 1 = 4: short of 5
        e = V.resolve_fall_back(g, "sq2", (4, 2))
    assert (e.kind, e.text, e.detail["rule"], e.detail["outcome"]) == ("fall back", "sq2 fails to fall back", "Fall Back", False)
    assert [m["name"] for m in e.detail["modifiers"]] == ["platoon leader in the square"]
    assert dotted(e)[1:] == (("units.sq2.status.moved", True),)


def test_a_route_for_a_click_stops_next_to_the_enemy():
    g = game()
    put(g, "gruppe", (5, 1))
    # (4, 0) to (4, 2) in two squares goes only through (4, 1), beside the Germans at (5, 1): a unit
    # must stop there (Movement), so no route reaches (4, 2); (4, 1) itself may be the end
    assert V.path_to(g, "sq2", (4, 2)) == [(4, 2)]  # no legal route: resolve_move says why
    with pytest.raises(IllegalActionError, match="must stop at \\(4, 1\\)"):
        V.resolve_move(g, "sq2", [(4, 1), (4, 2)])
    assert V.path_to(g, "sq2", (4, 1)) == [(4, 1)]


def test_a_unit_out_of_action_does_not_count_towards_stacking():
    g = game()
    V.resolve_move(g, "sq1", [(3, 0)])  # the PL, the FO and now sq1: three units
    assert not L.stacking_ok(g, "mg", (3, 0))
    remove(g, "plt_ldr")
    assert L.stacking_ok(g, "mg", (3, 0))  # two live units left there


def test_single_figures_do_not_stop_a_line_of_sight_but_squads_do():
    g = game()
    assert L.cell_sight(g, (4, 0), (4, 2)).clear  # open ground, nobody between
    put(g, "sniper", (4, 1))
    assert L.cell_sight(g, (4, 0), (4, 2)).clear  # an SMF in the square between (Line of Sight)
    put(g, "gruppe2", (4, 1))
    assert not L.cell_sight(g, (4, 0), (4, 2)).clear  # a squad there stops the line
    remove(g, "gruppe2")
    assert L.cell_sight(g, (4, 0), (4, 2)).clear  # ... unless it is out of action


def test_a_drag_finds_the_shortest_legal_route_within_the_allowance():
    """Movement: squads two squares, edge to edge; full bocage is crossed only as the first step and
    ends the move; a route stops next to the enemy, but a unit may leave a square next to it; a
    vehicle starting on the road reaches as far as the road takes it. No route: the drop square
    alone, for the move to refuse with its reason."""
    g = game(card="move")
    put(g, "sq2", (4, 1))
    assert V.path_to(g, "sq2", (3, 2)) == [(4, 2), (3, 2)]
    assert V.path_to(g, "sq2", (2, 1)) == [(3, 1), (2, 1)]
    assert V.path_to(g, "sq2", (1, 1)) == [(1, 1)]  # three squares: beyond the allowance
    assert V.path_to(g, "sq2", (4, 3)) == [(4, 3)]  # the bocage above (4, 2) may not be crossed as a second step
    put(g, "sq1", (6, 2))  # next to the MG 42 in (6, 3): it may still move away
    assert V.path_to(g, "sq1", (6, 0)) == [(6, 1), (6, 0)]
    put(g, "sherman", (3, 0))  # on the road up column 3: four squares, not three
    put(g, "plt_ldr", (2, 0))
    put(g, "fo", (2, 0))
    assert V.path_to(g, "sherman", (3, 3)) == [(3, 1), (3, 2), (3, 3)]
    assert V.path_to(g, "sq2", (3, 2)) == [(4, 2), (3, 2)]  # each unit's own routes, in the same state


def test_a_pinned_squad_moving_away_but_still_in_sight_is_refused_and_a_suppressed_tank_backs_away():
    # Unit Status: pinned units may move only away and out of enemy line of sight; a suppressed
    # vehicle may move, but not towards the enemy
    from tests.company_fire.test_anti_tank import open_table

    g = open_table("sq2", "gruppe", card="move")
    put(g, "sq2", (3, 2), order="pinned")
    put(g, "gruppe", (6, 4))
    with pytest.raises(IllegalActionError, match="^sq2 is pinned: it may only move away out of enemy line of sight$"):
        V.resolve_move(g, "sq2", [(3, 1)])  # further from the Gruppe, but in its sight
    assert V.resolve_move(g, "sq2", [(2, 2)]).text == "sq2 moves to (2, 2)"  # further, and out of sight
    g = game()
    put(g, "sherman", (6, 1), order="suppressed")
    with pytest.raises(IllegalActionError, match="^sherman is suppressed and may not move towards the enemy$"):
        V.resolve_move(g, "sherman", [(6, 2)])
    assert V.resolve_move(g, "sherman", [(6, 0)]).text == "sherman moves to (6, 0)"


def test_a_single_figure_walks_past_the_enemy_without_drawing_opportunity_fire():
    # Single Mounted Figures: they do not trigger opportunity fire (nor take a Movement Test); a
    # squad entering the Gruppe's sight does, once the Movement Test of its two-square move passes
    g = game(card="move")
    remove(g, "mg")  # out of the Gruppe's line along row 1
    put(g, "gruppe", (4, 1))
    put(g, "plt_ldr", (0, 1))
    put(g, "sq1", (0, 0))
    assert V.resolve_move(g, "plt_ldr", [(1, 1), (2, 1)]).rolls == () and L.cf(g)["opfire"] is None
    with g.table_dice([6]):
        V.resolve_move(g, "sq1", [(0, 1), (1, 1)])
    assert L.cf(g)["opfire"] == {"units": ["sq1"], "from": [0, 1], "to": [1, 1]}


def test_a_pinned_squad_is_judged_by_where_its_move_ends():
    # Unit Status, pinned: it may move only away, out of the enemy's sight. From (7, 4), (7, 3) lies
    # behind the farm buildings at (6, 4) from the Gruppe at (5, 4); going on to (6, 3) ends in its sight
    g = game()
    remove(g, "mg42", "sniper", "stug", "gruppe2")
    put(g, "sq1", (7, 4), order="pinned")
    with pytest.raises(IllegalActionError, match="sq1 is pinned: it may only move away out of enemy line of sight"):
        V.resolve_move(g, "sq1", [(7, 3), (6, 3)])
    assert V.resolve_move(g, "sq1", [(7, 3)]).text == "sq1 moves to (7, 3)"


def test_a_suppressed_tank_is_judged_by_where_its_move_ends():
    # Vehicle Unit Status, suppressed: only away from the enemy. From (2, 0) the nearest enemy is 3
    # squares off (gruppe2 at (0, 1)); (3, 0) keeps 3 (the Gruppe at (5, 1)), (4, 0) comes to 2
    g = game(edit=lambda d: unit(d, "sherman")["rules"].update(tank_class="light"))  # 2 squares when suppressed
    remove(g, "mg42", "sniper", "stug", "plt_ldr", "fo", "sq2")
    put(g, "gruppe2", (0, 1))
    put(g, "gruppe", (5, 1))
    put(g, "sherman", (2, 0), order="suppressed")
    with pytest.raises(IllegalActionError, match="sherman is suppressed and may not move towards the enemy"):
        V.resolve_move(g, "sherman", [(3, 0), (4, 0)])
    assert V.resolve_move(g, "sherman", [(3, 0)]).text == "sherman moves to (3, 0)"
