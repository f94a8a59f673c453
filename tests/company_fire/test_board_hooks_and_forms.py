"""Company Fire's board hooks (a drag, a hover's sight, the turn, who counts for victory) and the
forms whose choices change what is resolved: op fire before an assault, op fire at movers only,
falling back and occupying bocage."""

from tests.company_fire.helpers import faces, game, put
from tests.company_fire.test_action_forms import at, menu
from tests.conftest import refused
from wgkit.rules import situation_of
from wgkit.rules.company_fire import actions as A
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import movement as V
from wgkit.rules.registry import get_ruleset

RULES = get_ruleset("company_fire")


def test_a_hover_says_what_blocks_the_sight_or_that_it_is_outside_a_vehicles_arc():
    g = game()
    assert A.sight(g, "sq1_base", "weber_base") == (False, "cell (3, 1), the edge between (4, 2) and (4, 3)")
    put(g, "stug", (5, 0))  # facing south (180): the squad due north of it is behind it
    put(g, "sq2", (5, 1))
    assert A.sight(g, "stug_model", "sq2_base") == (False, "vehicle arc")
    assert A.sight(g, "sq2_base", "stug_model") == (True, "")


def test_a_drag_moves_a_leader_in_the_leaders_step_and_nobody_else():
    # Sequence of play 4: platoon leaders and company commanders move before the rally
    g = game(step="Leaders move")
    refused(g, "units move in the Move and fire segment; now is Leaders move", A.move, "sq1_base", at(g, (2, 1)))
    e = A.move(g, "walker", at(g, (3, 1)))
    assert e.kind == "move" and L.cell(g, "plt_ldr") == (3, 1)


def test_the_turn_is_the_rules_turn_and_only_good_order_pieces_count():
    # Initiative: a turn begins when the attacker takes the initiative back; victory counts units
    # on the table in good order
    g = game()
    situation_of(g).game_turn(4)
    assert RULES.turn(g) == 4
    assert RULES.fighting(g, "sq1_base")
    put(g, "sq1", (2, 0), order="pinned")
    assert not RULES.fighting(g, "sq1_base")
    situation_of(g).removed("sq2")
    assert not RULES.fighting(g, "sq2_base")


def test_the_defender_may_op_fire_before_an_assault_and_both_defenders_are_named():
    # Close Assault: a defending unit that may op fire does so first
    g = game(step="Close assault", card="move")
    put(g, "sq1", (4, 4))
    put(g, "sq2", (4, 4))
    put(g, "gruppe2", (5, 4))
    assault = menu(g)["close assault"]
    p = {"units": ("sq1", "sq2"), "target": at(g, (5, 4)), "opfire": "gruppe"}
    assert assault.explain(g, p)[0] == "defending: gruppe, gruppe2"
    with g.table_dice([6, 1, 1] + [1, 1, 1] + [6, 2]):  # op fire at each squad, then the assault
        assault.resolve(g, p)
    assert [e.kind for e in g.log[-3:]] == ["op fire declared", "fire", "close assault"]
    assert g.log[-2].text == "op fire: gruppe fires 3d6 at (4, 4): sq1: 1 hit -> pinned; sq2: 0 hits -> good order"


def test_op_fire_is_aimed_at_the_moving_units_only():
    # Opportunity Fire: at the units moving into the square, not at others already there
    g = game(step="Move and fire", card="move")
    put(g, "sq1", (5, 3))
    put(g, "sq2", (5, 3))
    situation_of(g).moving(["sq2"], (4, 3), (5, 3))
    op = menu(g)["opportunity fire"]
    assert op.explain(g, {"unit": "gruppe"}) == ["3d6 at each of sq2; 5 or 6 hits"]


def test_a_suppressed_squad_falls_back_once_a_card_and_the_result_is_said():
    # Fall Back: a Movement Test (5+ into the open, +1 with the platoon leader); it is the unit's move
    g = game(step="Move and fire", card="any")
    put(g, "sq2", (4, 1), order="suppressed")
    put(g, "plt_ldr", (4, 1))
    with g.table_dice([2]):
        e = V.resolve_fall_back(g, "sq2", (4, 0))
    assert e.text == "sq2 fails to fall back" and faces(e) == [2] and L.cell(g, "sq2") == (4, 1)
    refused(g, "sq2 has already acted on this card", V.resolve_fall_back, "sq2", (4, 0))
    g = game(step="Move and fire", card="any")
    put(g, "sq2", (4, 1), order="suppressed")
    put(g, "plt_ldr", (4, 1))
    with g.table_dice([4]):
        e = V.resolve_fall_back(g, "sq2", (4, 0))
    assert e.text == "sq2 falls back to (4, 0)" and L.cell(g, "sq2") == (4, 0)


def test_bocage_is_occupied_on_a_face_card_too_but_never_by_a_single_figure():
    # Occupying Bocage: move or face cards; squads and teams, not single figures or vehicles
    g = game(card="any")
    put(g, "sq2", (4, 2))
    assert V.resolve_occupy(g, "sq2").kind == "occupy bocage"
    put(g, "plt_ldr", (4, 2))
    refused(g, "plt_ldr cannot occupy bocage", V.resolve_occupy, "plt_ldr")
