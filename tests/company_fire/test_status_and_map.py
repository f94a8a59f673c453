"""Company Fire foundations: hits and status, rally, attack dice, initiative cards, the grid map."""

from fractions import Fraction

import pytest

from tests.conftest import ROOT
from wgkit.odds import exact
from wgkit.rules.company_fire import cards as K
from wgkit.rules.company_fire import status as S
from wgkit.rules.company_fire.gridmap import GridMap
from wgkit.scenario import load


@pytest.mark.parametrize("before, hits, after", [
    ("good order", 1, "pinned"), ("pinned", 1, "pinned"), ("good order", 2, "suppressed"),
    ("suppressed", 2, "destroyed"), ("suppressed", 1, "suppressed"), ("good order", 3, "destroyed"),
    ("good order", 0, "good order")])
def test_hit_results(before, hits, after):
    assert S.after_hits(before, hits) == after


def test_rally_odds():
    assert S.rally_odds("pinned", []).p("good order") == Fraction(1, 2)  # 4+
    mods = S.rally_modifiers("green", unseen=True, leader="company_commander")
    assert [m.value for m in mods] == [1, -1, 2]
    assert S.rally_odds("suppressed", mods).p("pinned") == Fraction(2, 3)  # 5+ with +2: a roll of 3+


def test_attack_dice_and_reductions():
    assert S.attack_dice("rifle_squad") == (3, [])
    dice, mods = S.attack_dice("hmg", cover=True, move_card=True)
    assert dice == 2 and [m.name for m in mods] == ["target in cover", "firing on a move card"]
    assert exact(S.hits_roll, 3).p(0) == Fraction(8, 27)


def test_group_fire_example_two_rifle_squads_against_three_squads_in_cover():
    # the text's example: each squad gives 3d6 less one for cover; 4d6 rolled once per target: 3 times
    dice, rolls, mods = S.group_fire(["rifle_squad", "rifle_squad"], targets=3, cover=True)
    assert (dice, rolls) == (4, 3) and [m.name for m in mods] == ["target in cover"] * 2
    assert S.group_fire(["rifle_squad", "rifle_squad"], 3, True, leader_present=True)[0] == 5


@pytest.mark.parametrize("card, kind", [("AS", "move"), ("3H", "move"), ("2C", "fire"), ("10D", "fire"),
                                        ("JD", "any"), ("KS", "any"), ("JK1", "event")])
def test_card_kinds(card, kind):
    assert K.card_kind(card) == kind


def test_same_colour_cards_are_one_initiative():
    runs = K.initiatives(["2H", "5D", "JK1", "7S", "KC", "AH"])
    assert runs == [("red", ["2H", "5D"]), ("black", ["7S", "KC"]), ("red", ["AH"])]
    assert K.clock_over(21) and not K.clock_over(20) and not K.clock_over(29, "long")


def test_grid_map_from_free_form_terrain():
    m = GridMap.of(load(ROOT / "scenarios/company_fire/hedgerows_of_normandy.yaml"))
    assert m.terrain((5, 4)) == "buildings" and m.terrain((0, 4)) == "orchard" and m.terrain((3, 0)) == "open"
    assert m.blocks((5, 4)) and m.cover((0, 4)) and not m.blocks((3, 0))
    assert m.edges[frozenset({(3, 2), (3, 3)})][:2] == ("bocage", "partial")


def test_bocage_line_of_sight_with_the_adjacency_exception():
    m = GridMap.of(load(ROOT / "scenarios/company_fire/hedgerows_of_normandy.yaml"))
    assert not m.sight((4, 0), (4, 4)).clear  # across the central hedgerow
    assert m.sight((4, 2), (4, 3)).clear  # adjacent squares sharing a bocage edge see each other
    across = m.sight((4, 2), (4, 4))
    assert across.blocked_by == ("edge [(4, 2), (4, 3)]",)  # two squares on: the hedge blocks
    assert m.sight((4, 2), (4, 4), occupied_bocage={(4, 2)}).clear  # unless the firer occupies the bocage


def test_linear_terrain_inside_a_square_gives_cover_only_when_the_fire_crosses_it():
    from tests.company_fire.helpers import game, put
    from wgkit.rules.company_fire import lookup as L

    g = game("tutorial_orchard_gate")
    assert [fid for fid, _, _ in L.gridmap(g).lines] == ["wall"]  # it does not lie along an edge
    put(g, "gren", (4, 3))
    assert L.cover_against(g, (4, 1), (4, 3)) == "low_wall (wall)"  # from the south: across the wall
    assert L.cover_against(g, (4, 4), (4, 3)) is None  # from the north: the wall is behind it
