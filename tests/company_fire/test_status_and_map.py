"""Company Fire foundations: hits and status, rally, attack dice, initiative cards, the grid map."""

from fractions import Fraction

import pytest

from tests.conftest import ROOT
from wgkit.odds import exact
from wgkit.rules.company_fire import cards as K
from wgkit.rules.company_fire import odds
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
    # an SMG squad's 2d6, one less for cover, for a move card and for recon by fire: none left, never fewer
    assert S.attack_dice("smg_squad", cover=True, move_card=True, recon=True)[0] == 0


def test_group_fire_example_two_rifle_squads_against_three_squads_in_cover():
    # the text's example: each squad gives 3d6 less one for cover; 4d6 rolled once per target: 3 times
    dice, rolls, mods = S.group_fire(["rifle_squad", "rifle_squad"], targets=3, cover=True)
    assert (dice, rolls) == (4, 3) and [m.name for m in mods] == ["target in cover"] * 2
    assert S.group_fire(["rifle_squad", "rifle_squad"], 3, True, leader_present=True)[0] == 5


@pytest.mark.parametrize("card, kind", [("AS", "move"), ("3H", "move"), ("2C", "fire"), ("10D", "fire"),
                                        ("JD", "any"), ("KS", "any"), ("JK1", "event")])
def test_card_kinds(card, kind):
    assert K.card_kind(card) == kind


def test_the_clock_ends_a_game_at_21_or_a_long_one_at_30():
    assert K.clock_over(21) and not K.clock_over(20) and not K.clock_over(29, "long") and K.clock_over(30, "long")


def test_grid_map_from_free_form_terrain():
    m = GridMap.of(load(ROOT / "scenarios/company_fire/hedgerows_of_normandy.yaml"))
    assert m.terrain((5, 4)) == "buildings" and m.terrain((0, 4)) == "orchard" and m.terrain((3, 0)) == "open"
    assert m.blocks((5, 4)) and m.cover((0, 4)) and not m.blocks((3, 0))
    assert m.edges[frozenset({(3, 2), (3, 3)})][:2] == ("bocage", "partial")
    # the farm lane is a road, not a wall: it gives cover on no edge and no square's inner line
    assert m.lines == () and {kind for kind, _, _ in m.edges.values()} == {"bocage", "low_wall"}
    assert {(3, 0), (3, 3), (7, 5)} <= m.roads and (2, 0) not in m.roads


def test_bocage_line_of_sight_with_the_adjacency_exception():
    m = GridMap.of(load(ROOT / "scenarios/company_fire/hedgerows_of_normandy.yaml"))
    assert not m.sight((4, 0), (4, 4)).clear  # across the central hedgerow
    assert m.sight((4, 2), (4, 3)).clear  # adjacent squares sharing a bocage edge see each other
    across = m.sight((4, 2), (4, 4))
    assert across.blocked_by == ("the edge between (4, 2) and (4, 3)",)  # two squares on: the hedge blocks
    assert m.sight((4, 2), (4, 4), occupied_bocage={(4, 2)}).clear  # unless the firer occupies the bocage


def test_linear_terrain_inside_a_square_gives_cover_only_when_the_fire_crosses_it():
    from tests.company_fire.helpers import game, put
    from wgkit.rules.company_fire import lookup as L

    g = game("tutorial_orchard_gate")
    assert [fid for fid, _, _ in L.gridmap(g).lines] == ["wall"]  # it does not lie along an edge
    put(g, "gren", (4, 3))
    assert L.cover_against(g, (4, 1), (4, 3)) == "low_wall (wall)"  # from the south: across the wall
    assert L.cover_against(g, (4, 4), (4, 3)) is None  # from the north: the wall is behind it


def test_the_plain_value_odds_of_every_roll():
    """Company Fire's rolls asked without a game (the teacher's and the opponent's questions),
    each worked by hand: a 5 or 6 hits; Movement Test 4+/5+; Rally 4+ pinned, 5+ suppressed;
    assault 1d6 against 1d6; a mission cancelled by a 1; a path found on 5+ (+2 engineers);
    clearing, the side's d6 (+2 engineers) against the mines'."""
    from fractions import Fraction as F

    from wgkit.rules.company_fire import odds

    assert odds.fire(2).probs == {0: F(4, 9), 1: F(4, 9), 2: F(1, 9)}
    rolls, one = odds.group_fire(["rifle_squad", "mmg"], targets=2, cover=True, leader_present=True)
    assert rolls == 2 and one.probs[5] == F(1, 243)  # 3 + 3 dice, -1 each for cover, +1 the leader: 5 dice
    assert odds.group_fire(["rifle_squad", "rifle_squad"])[1].probs[6] == F(1, 729)  # 6 dice in the open
    assert odds.movement_test(5, 1).probs == {True: F(1, 2), False: F(1, 2)}
    assert odds.rally("pinned", 0).probs == {"good order": F(1, 2), "pinned": F(1, 2)}
    assert odds.rally("suppressed", -1).probs == {"pinned": F(1, 6), "suppressed": F(5, 6)}  # green: needs the 6
    diff = odds.assault(2, 1)
    assert diff.p(6) == F(1, 36) and diff.p(1) == F(1, 6) and diff.p(-4) == F(1, 36)  # d1 - d2 + 1
    assert odds.artillery_arrival().probs == {True: F(5, 6), False: F(1, 6)}
    assert odds.find_path(0).p(True) == F(1, 3) and odds.find_path(2).p(True) == F(2, 3)  # 5+, or 3+ with +2
    assert odds.find_path(0).describe() == ["no path: 66.7%", "path found: 33.3%"]
    clear = odds.clearing(2)
    assert clear.p(7) == F(1, 36) and clear.p(2) == F(1, 6) and clear.p(-3) == F(1, 36)  # d1 + 2 - d2
    # behind by 3 (1 + 2 - 6: 1 in 36), level (d2 - d1 = 2: 4 in 36)
    assert clear.describe()[0] == "mines remain, 3 hits on each unit: 2.8%"
    assert clear.describe()[1] == "mines remain, 2 hits on each unit: 5.6%"  # d2 - d1 = 4: 2 in 36
    assert "cleared, 3 hits on the first unit (tie): 11.1%" in clear.describe()
    assert "cleared (by 1): 13.9%" in clear.describe()  # d1 - d2 = -1: 5 in 36


def test_rally_once_a_phase_by_the_side_with_the_card_and_a_failure_ends_the_card():
    """Rally: a pinned or suppressed unit of the phasing side may try once a phase; a failure
    leaves it as it was, and done for the card. Leaders move to rally; nobody else moves then."""
    import pytest

    from tests.company_fire.helpers import game, put
    from tests.conftest import dotted
    from wgkit.engine import IllegalActionError
    from wgkit.rules.company_fire import rally as R

    g = game(step="Rally", card="fire")
    with pytest.raises(IllegalActionError, match="^sq2 is good order and needs no rally$"):
        R.rally_plan(g, "sq2")
    put(g, "gruppe", (5, 4), order="pinned")
    with pytest.raises(IllegalActionError, match="^gruppe rallies on its own side's cards$"):
        R.rally_plan(g, "gruppe")
    put(g, "sq2", (4, 0), order="pinned")
    with g.table_dice([2]):  # 2 + 1 (no good-order enemy sees it) = 3: short of 4
        e = R.resolve_rally(g, "sq2")
    assert (e.text, e.detail["outcome"]) == ("sq2 rallies: pinned -> pinned", "pinned")
    assert dotted(e)[1:] == (("units.sq2.status.order", "pinned"), ("units.sq2.status.rallied", True),
                             ("units.sq2.status.spent", True))
    with pytest.raises(IllegalActionError, match="^sq2 has already tried to rally this phase$"):
        R.rally_plan(g, "sq2")
    g = game(step="Leaders move", card="fire")
    with pytest.raises(IllegalActionError, match="^sq1 is not a platoon leader or company commander$"):
        R.resolve_leader_move(g, "sq1", [(2, 1)])
    with g.table_dice([5]):  # a fire card: one square after a Movement Test, 5+ into the open
        assert R.resolve_leader_move(g, "plt_ldr", [(3, 1)]).text == "plt_ldr moves to (3, 1)"


def test_the_odds_asked_without_a_game_start_from_no_modifier():
    # Movement Test 5+: 2 in 6; Rally, pinned at 4+: 3 in 6; Close Assault, d6 against d6: a tie 6 in 36
    assert odds.movement_test(5).p(True) == Fraction(1, 3)
    assert odds.rally("pinned").p("good order") == Fraction(1, 2)
    assert odds.assault().p(0) == Fraction(6, 36) and odds.assault().p(5) == Fraction(1, 36)
    rolls, hits = odds.group_fire(["rifle_squad", "rifle_squad"])  # 3 + 3 dice in the open, at one unit
    assert rolls == 1 and hits.p(6) == Fraction(1, 729)
    # Mines, clearing: d6 against d6; behind by one (5 of 36) costs each unit a hit
    assert odds.clearing().describe()[4:6] == ["mines remain, 1 hit on each unit: 13.9%",
                                               "cleared, 3 hits on the first unit (tie): 16.7%"]


def test_a_bocage_edge_given_no_variant_is_full_bocage():
    # Special Terrain Rules: Bocage is full or partial; a scenario that does not say is read as full
    from tests.company_fire.helpers import game
    from wgkit.rules.company_fire import lookup as L

    def plain(d):
        next(t for t in d["terrain"] if t["id"] == "bocage_gap").pop("variant")

    assert L.gridmap(game(edit=plain)).edges[frozenset({(3, 2), (3, 3)})] == ("bocage", "full", "bocage_gap")
