"""Company Fire values no other test pins down, each worked out from the text."""

import pytest

from tests.company_fire.helpers import game, put, unit
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.registry import actions_for
from wgkit.rules.company_fire import fire as F
from wgkit.rules.company_fire import lookup as L


def test_hits_from_opportunity_fire_cannot_be_reduced_by_retreating():
    """Hit Reduction: only a unit hit by small-arms fire "and not as the result of opportunity
    fire" may retreat to take one hit fewer."""
    g = game("tutorial_orchard_gate")
    put(g, "able", (3, 2))
    situation_of(g).moving(["able"], (3, 1), (3, 2))
    with g.table_dice([6, 2, 2]):  # one hit of the LMG's three dice: pinned, where it stands
        F.resolve(g, ["lmg"], (3, 2), "opfire")
    assert L.order(g, "able") == "pinned" and L.cell(g, "able") == (3, 2)
    assert "reduce hits" not in [s.name for s in actions_for(g)]
    with pytest.raises(IllegalActionError, match="able took no hits in the last small-arms attack"):
        F.resolve_reduce(g, "able", (3, 3))


def test_the_same_hit_from_ordinary_fire_may_be_reduced():
    g = game("tutorial_orchard_gate", card="fire", side="de")
    put(g, "able", (3, 2))
    with g.table_dice([6, 2, 2]):
        F.resolve(g, ["lmg"], (3, 2))
    assert L.cf(g)["last_fire"]["hits"]["able"][1] == 1


def test_a_bazooka_team_may_not_move_and_fire_on_the_same_face_card():
    """Movement, note **: weapons teams "may not move and fire on the same card", even a face
    card, on which other units may move then fire."""
    g = game(card="any")
    put(g, "zook", (6, 5))
    F.at_plan(g, "zook", "stug")  # before moving, it may fire on this card
    put(g, "zook", (6, 5), moved=True)
    with pytest.raises(IllegalActionError, match="zook has already acted on this card"):
        F.at_plan(g, "zook", "stug")


@pytest.mark.parametrize("kind", ["mmg", "hmg", "light_mortar"])
def test_mortars_and_tripod_mgs_never_move_and_fire_on_one_card(kind):
    """Fire, note *: "mortars and tripod mounted MGs may never move and fire in the same turn";
    they are weapons teams, so not even on a face card."""
    g = game(card="any", edit=lambda d: unit(d, "mg").update(kind=kind))
    put(g, "mg", (5, 3))
    F.plan(g, ["mg"], (5, 4))  # before moving, it may fire at the Gruppe next door
    put(g, "mg", (5, 3), moved=True)
    with pytest.raises(IllegalActionError, match="^mg has already acted on this card$"):
        F.plan(g, ["mg"], (5, 4))


def test_a_squad_may_move_then_fire_on_a_face_card():
    g = game(card="any")
    put(g, "sq2", (5, 3), moved=True)
    assert F.plan(g, ["sq2"], (5, 4)).targets == ["gruppe"]


def _open_table(doc):
    doc["terrain"] = []  # no hedges or buildings in the way: only the range decides


def test_a_buttoned_vehicles_opportunity_fire_reaches_6_squares_with_the_main_gun_and_4_with_the_hull_mg():
    # Vehicle Opportunity Fire: buttoned up, the main gun fires at vehicles "within 6" (its own
    # range is 20 squares) and the hull MG at infantry "within 4": the sixth and the fourth square
    # are within, the next is not
    from wgkit.rules.company_fire import movement as V

    g = game(card="move", side="de", edit=_open_table)
    V.resolve_button_up(g, "stug")
    situation_of(g).face("stug", 90)
    put(g, "stug", (0, 3))
    for x, allowed in ((6, True), (7, False)):
        put(g, "sherman", (x, 3))
        situation_of(g).moving(["sherman"], (x, 2), (x, 3))
        if allowed:
            assert F.at_plan(g, "stug", "sherman", "opfire")[0].notes == ["main_gun at 6 squares: 4d6"]
        else:
            with pytest.raises(IllegalActionError, match="^sherman is 7 squares away; the range is 6$"):
                F.at_plan(g, "stug", "sherman", "opfire")
    g = game(card="move", side="us", edit=_open_table)
    V.resolve_button_up(g, "sherman")
    situation_of(g).face("sherman", 90)
    put(g, "sherman", (0, 3))
    put(g, "gruppe", (4, 3))
    situation_of(g).moving(["gruppe"], (4, 2), (4, 3))
    F.plan(g, ["sherman"], (4, 3), "opfire")  # the fourth square: within
    put(g, "gruppe", (5, 3))
    situation_of(g).moving(["gruppe"], (5, 2), (5, 3))
    with pytest.raises(IllegalActionError, match=r"^\(5, 3\) is 5 squares away; the range is 4$"):
        F.plan(g, ["sherman"], (5, 3), "opfire")
    g = game(card="move", side="us", edit=_open_table)  # the same, never buttoned up
    situation_of(g).face("sherman", 90)
    put(g, "sherman", (0, 3))
    put(g, "gruppe", (5, 3))
    situation_of(g).moving(["gruppe"], (5, 2), (5, 3))
    F.plan(g, ["sherman"], (5, 3), "opfire")  # open, its MG reaches as an infantry MG does
