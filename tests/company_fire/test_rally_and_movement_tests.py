"""Company Fire: the modifiers of a rally and of a movement test, by quality, leader and the
enemies that see the square, each worked from the text (Rally; Movement Test)."""

from tests.company_fire.helpers import game, put, unit
from tests.conftest import refused
from wgkit.rules.company_fire import movement as V
from wgkit.rules.company_fire import rally as R
from wgkit.rules.company_fire import status as S


def veteran(d):
    unit(d, "sq1").update(quality="veteran")
    unit(d, "fo").update(kind="company_commander")  # the observer stands in for the company's commander


def names(mods):
    return [(m.name, m.value) for m in mods]


def test_only_a_good_order_enemy_that_is_not_a_single_figure_spoils_a_rally():
    # Rally: suppressed needs 5+; veteran +1; +1 if no good-order enemy has LOS
    g = game(step="Rally", edit=veteran)
    put(g, "sq1", (2, 0), order="suppressed")
    put(g, "gruppe", (2, 1))  # next door, in good order: it sees the squad
    st, mods, odds = R.rally_plan(g, "sq1")
    assert (st, names(mods)) == ("suppressed", [("veteran", 1)])
    assert odds.describe() == ["pinned: 50.0%", "suppressed: 50.0%"]  # 4, 5 or 6 of a d6 with +1
    put(g, "gruppe", (2, 1), order="pinned")
    put(g, "sniper", (1, 0))  # a single figure in good order does not count
    st, mods, odds = R.rally_plan(g, "sq1")
    assert names(mods) == [("no good-order enemy has LOS", 1), ("veteran", 1)]
    assert odds.describe() == ["pinned: 66.7%", "suppressed: 33.3%"]  # 3+ of a d6
    with g.table_dice([3]):
        e = R.resolve_rally(g, "sq1")
    assert e.text == "sq1 rallies: suppressed -> pinned" and [(r.purpose, r.faces) for r in e.rolls] == [("rally", (3,))]
    assert e.detail["rule"] == "Rally" and e.detail["odds"] == ["pinned: 66.7%", "suppressed: 33.3%"]


def test_a_company_commander_in_the_space_adds_two_to_a_rally_and_to_a_movement_test():
    # Rally: company commander in the same space +2; Movement Test: company commander +2, veteran +1
    g = game(step="Rally", edit=veteran)
    put(g, "sq1", (2, 0), order="pinned")
    put(g, "fo", (2, 0))
    _, mods, _ = R.rally_plan(g, "sq1")
    assert ("company commander in the space", 2) in names(mods)
    assert S.rally_modifiers("regular", False, "company_commander")[0].name == "company commander in the space"
    need, mods = V.movement_test_mods(g, "sq1", (2, 1))
    assert (need, names(mods)) == (5, [("veteran", 1), ("company commander in the square", 2)])


def test_only_an_enemy_who_may_still_op_fire_makes_the_destination_dangerous():
    # Movement Test: -1 if the destination is in the LOS of an enemy who can op fire
    g = game(edit=veteran)
    put(g, "sq1", (2, 0))
    put(g, "gruppe", (3, 1))
    assert names(V.movement_test_mods(g, "sq1", (2, 1))[1]) == [
        ("veteran", 1), ("destination in LOS of an enemy who can op fire", -1)]
    put(g, "gruppe", (3, 1), opfire_done=True)  # it has fired its opportunity shot this phase
    assert names(V.movement_test_mods(g, "sq1", (2, 1))[1]) == [("veteran", 1)]


def test_a_vehicle_without_a_tank_class_moves_as_a_halftrack_or_a_wheeled_vehicle():
    # Vehicle Movement: tanks and guns by their class; otherwise halftracks, and wheeled vehicles
    g = game(edit=lambda d: (unit(d, "sherman").update(kind="halftrack", rules={}),
                             unit(d, "stug").update(kind="armoured_car", rules={})))
    assert (V.vehicle_class(g, "sherman"), V.vehicle_class(g, "stug")) == ("halftrack", "wheeled")


def test_closed_top_vehicles_button_up_on_move_and_face_cards_and_keep_a_worse_order():
    # Vehicle Unit Status: buttoning up pins a vehicle in good order; an armoured car may too
    g = game(card="any", side="de", edit=lambda d: unit(d, "stug").update(kind="armoured_car", rules={}))
    assert V.resolve_button_up(g, "stug").text == "stug buttons up (pinned)"
    g = game(card="move", side="us")
    put(g, "sherman", (6, 0), order="suppressed")
    assert V.resolve_button_up(g, "sherman").text == "sherman buttons up (suppressed)"
    g = game(card="fire", side="us")
    refused(g, "vehicles button up on move or face cards", V.resolve_button_up, "sherman")
