"""Close Action, Morale and Hand-to-Hand Fighting."""

from fractions import Fraction

import pytest

from tests.close_action.helpers import fig, game, to_step
from wgkit.engine.game import IllegalActionError
from wgkit.odds import exact
from wgkit.rules import situation_of
from wgkit.rules.close_action import melee as M
from wgkit.rules.close_action.lookup import fighting
from wgkit.rules.close_action import morale as Mo


@pytest.mark.parametrize("dice, rout, ok", [(8, 0, 5), (15, 0, 5), (16, 1, 7), (24, 2, 9), (31, 2, 9), (32, 3, 10), (60, 3, 10)])
def test_morale_table_rows(dice, rout, ok):
    row = Mo.band(dice)
    assert (row.rout, row.ok) == (rout, ok)


def test_fewer_than_eight_dice_means_no_test():
    with pytest.raises(IllegalActionError, match="8 or more dice, not 7"):
        Mo.band(7)


@pytest.mark.parametrize("total, state", [(0, "rout"), (1, "cowering"), (4, "cowering"), (5, "ok")])
def test_results_on_the_8_to_15_row(total, state):
    assert Mo.result(total, Mo.band(8)) == state


def test_morale_odds_by_hand():
    # veteran (+2) shot at by 8 dice: OK needs 2d6 + 2 >= 5, so 2d6 >= 3: 35/36
    d = exact(Mo.test_roll, Mo.band(8), 2)
    assert d.p("ok") == Fraction(35, 36) and d.p("cowering") == Fraction(1, 36)
    # green (-2), two hits (-2) under 16 dice: rout on 2d6 - 4 <= 1, i.e. 2d6 <= 5: 10/36
    assert exact(Mo.test_roll, Mo.band(16), -4).p("rout") == Fraction(10, 36)


def test_morale_modifiers_from_the_state():
    g = game(fig("x", 2, 2), fig("t", 30, 30) + "\n" + fig("u", 31, 31), b_quality="green")
    situation_of(g).shot_at("b", dice=16, hits=2, heavy=True)
    names = [m.name for m in Mo.morale_modifiers(g, "b")]
    assert names == ["green", "half or more in hard cover", "hit this turn", "hit this turn", "under mortar or HMG fire"]
    assert Mo.must_test(g, "de") == ["b"]
    e = Mo.resolve_morale(g, "b")
    mods = sum(m["value"] for m in e.detail["modifiers"])
    assert mods == -2 + 2 - 1 - 1 - 2
    assert e.detail["outcome"] == Mo.result(sum(e.rolls[0].faces) + sum(e.rolls[1].faces) + int(mods), Mo.band(16))
    assert g.state["units"]["b"]["status"]["morale"] == e.detail["outcome"] and not Mo.must_test(g, "de")


@pytest.mark.parametrize("grade, need", [("veteran", 3), ("steady", 5), ("green", 6)])
def test_rally_numbers(grade, need):
    g = game(fig("x", 2, 2) + "\n" + fig("o", 3, 3, "pistol", role="officer"), fig("t", 40, 40), a_quality=grade)
    assert Mo.rally_need(g, "a") == need


def test_rally_needs_an_officer_within_three_inches():
    g = game(fig("x", 2, 2) + "\n" + fig("o", 9, 2, "pistol", role="officer"), fig("t", 40, 40))
    situation_of(g).morale("a", "cowering")
    with pytest.raises(IllegalActionError, match="no officer within 3\" of a"):
        Mo.resolve_rally(g, "a")
    situation_of(g).place("o", (4, 2))
    e = Mo.resolve_rally(g, "a")
    face = e.rolls[0].faces[0]
    assert (g.state["units"]["a"]["status"]["morale"] == "ok") == (face >= 5)


def test_groups_are_never_many_against_many():
    g = game(fig("a1", 10, 10) + "\n" + fig("a2", 10.8, 10.5), fig("b1", 10.4, 10.9) + "\n" + fig("b2", 11.5, 11))
    fights = M.groups(g)
    assert all(len(f.many) >= 1 for f in fights)
    assert sorted(len(f.many) for f in fights) == [1, 1]  # two fights of one against one


def test_two_against_one():
    g = game(fig("a1", 10, 10) + "\n" + fig("a2", 10.9, 10), fig("b1", 10.45, 10.8))
    (f,) = M.groups(g)
    assert f.single == "b1" and sorted(f.many) == ["a1", "a2"]
    mods = M.side_modifiers(g, list(f.many), defending=False)
    assert [m.name for m in mods] == ["extra man"]


def test_defender_cover_and_officer_in_melee():
    g = game(fig("a1", 30, 26.5), fig("b1", 30, 27.2, role="officer"))  # b1 just inside the house
    assert [(m.name, m.value) for m in M.side_modifiers(g, ["b1"], defending=True)] == [
        ("officer in the group", 1), ("hard cover", 2)]


def test_melee_low_roll_loses_a_figure():
    g = game(fig("a1", 10, 10), fig("b1", 10.5, 10))
    to_step(g, "Hand to hand")
    e = M.resolve_melee(g, M.groups(g)[0])
    a, b = e.rolls[0].faces[0], e.rolls[1].faces[0]
    dead = [p for p, s in g.state["pieces"].items() if not s["alive"]]
    assert dead == ([] if a == b else ["b1"] if a > b else ["a1"])


def test_cowering_defenders_surrender():
    g = game(fig("a1", 10, 10), "\n".join(fig(f"b{i}", 10.5, 10 + 0.1 * i) for i in range(3)))
    situation_of(g).morale("b", "cowering")
    to_step(g, "Hand to hand")
    e = M.resolve_melee(g, M.groups(g)[0])
    assert e.kind == "surrender" and all(not g.piece(f"b{i}")["alive"] for i in range(3))
    assert e.detail["outcome"]["escorts"] == []  # fewer than 10 prisoners need no escort


def test_no_contact_no_melee():
    with pytest.raises(IllegalActionError, match="no figures are in base-to-base contact"):
        M.require_groups(game(fig("a1", 10, 10), fig("b1", 20, 10)))


@pytest.mark.parametrize("morale, alive, counts", [
    (None, True, True),  # a fresh unit has no morale set: it is steady
    ("ok", True, True),
    ("cowering", True, False),
    ("rout", True, False),
    ("ok", False, False),
])
def test_who_counts_for_victory(morale, alive, counts):
    """Victory conditions count men alive whose unit is neither cowering nor routed (§ Morale)."""
    g = game(fig("x", 20, 10), fig("t", 20, 30))
    if morale is not None:
        situation_of(g).morale("b", morale)
    g.state["pieces"]["t"]["alive"] = alive
    assert fighting(g, "t") is counts
    assert fighting(g, "x") is True  # the other side's man is untouched
