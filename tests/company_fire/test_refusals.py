"""Company Fire: what the rules forbid is refused by name, with nothing written to the log.

Hedgerows of Normandy: the Americans' squads sq1 and sq2, platoon leader plt_ldr (a single
figure), an MMG team, a bazooka team and a Sherman; the Germans' Gruppe in (5, 4)."""

from tests.company_fire.helpers import game, put
from tests.conftest import refused
from wgkit.rules.company_fire import assault as A
from wgkit.rules.company_fire import fire as F
from wgkit.rules.company_fire import mines as MI
from wgkit.rules.company_fire import movement as V



def test_a_close_assault_is_refused_where_the_rules_forbid_it():
    # Sequence of play 7: close assault on move or face cards only; Close Assault: weapon crews may
    # not initiate, SMFs cannot initiate, a unit is in one close assault a phase
    g = game(card="fire")
    put(g, "sq1", (5, 3))
    refused(g, "close assaults are made on move or face cards", A.plan, ["sq1"], (5, 4))
    g = game()
    for u in ("sq1", "plt_ldr", "mg"):
        put(g, u, (5, 3))
    refused(g, "choose the assaulting units", A.plan, [], (5, 4))
    refused(g, "the assaulting units must be in one square", A.plan, ["sq1", "sq2"], (5, 4))
    refused(g, "plt_ldr is a single figure: they do not close assault", A.plan, ["plt_ldr"], (5, 4))
    refused(g, "mg is a weapon crew: crews do not start a close assault", A.plan, ["mg"], (5, 4))
    put(g, "sq1", (5, 3), order="pinned")  # Unit Status: pinned units may not close assault
    refused(g, "sq1 is pinned and may not close assault", A.plan, ["sq1"], (5, 4))
    put(g, "sq1", (5, 3), order="good order", fired=True)
    refused(g, "sq1 has already fought or fired this phase", A.plan, ["sq1"], (5, 4))
    put(g, "sq1", (5, 3), fired=False)
    refused(g, "\\(5, 5\\) is not next to \\(5, 3\\)", A.plan, ["sq1"], (5, 5))
    refused(g, "no enemy unit in \\(4, 3\\) to assault", A.plan, ["sq1"], (4, 3))
    defenders, _, _ = A.plan(g, ["sq1"], (5, 4))
    assert defenders == ["gruppe"]


def test_fire_needs_a_firer_and_a_group_from_one_square_that_has_not_moved():
    # Group Fire: units that begin the phase in the same square; not combined with movement
    g = game(card="fire")
    refused(g, "choose the firing unit", F.plan, [], (5, 4))
    put(g, "sq1", (5, 2))
    put(g, "sq2", (4, 2))
    refused(g, "group fire needs units that begin the phase in the same square", F.plan, ["sq1", "sq2"], (5, 4))
    g = game(card="any")
    put(g, "sq1", (5, 3))
    put(g, "sq2", (5, 3), moved=True)
    refused(g, "group fire may not be combined with movement", F.plan, ["sq1", "sq2"], (5, 4))


def test_a_unit_without_an_anti_tank_weapon_cannot_fire_at_a_vehicle_with_one():
    g = game(card="fire")
    put(g, "sq1", (6, 4))
    refused(g, "sq1 has no anti-tank weapon", F.at_plan, "sq1", "stug")


def test_bocage_is_occupied_only_where_there_is_some_and_not_while_suppressed():
    # Occupying Bocage: a unit in a square with bocage edges; a suppressed unit abandons it
    g = game()
    put(g, "sq2", (4, 0))
    refused(g, "\\(4, 0\\) has no bocage edge", V.resolve_occupy, "sq2")
    put(g, "sq2", (4, 2), order="suppressed")
    refused(g, "sq2 is suppressed", V.resolve_occupy, "sq2")


def test_a_tank_buttons_up_before_it_moves():
    # Vehicle Unit Status: "must do so before moving"
    g = game()
    put(g, "sherman", (6, 0), moved=True)
    refused(g, "sherman has moved: it buttons up before moving", V.resolve_button_up, "sherman")


def test_only_a_marked_minefield_can_be_searched_or_cleared():
    g = game()
    put(g, "sq1", (1, 1))
    refused(g, "\\(1, 1\\) is not marked as mined", MI.resolve_clear, (1, 1))
    refused(g, "\\(1, 1\\) is not marked as mined", MI.resolve_find_path, "sq1", (1, 1))
