"""Eagles: firepower classes, kill dice, to-hit faces, damage and impairment (1.2-1.7, 4.2-4.3)."""

from fractions import Fraction

import pytest

from tests.eagles.helpers import game, put, unit
from wgkit.engine import IllegalActionError
from wgkit.odds import exact
from wgkit.rules import situation_of
from wgkit.rules.eagles import damage as D
from wgkit.rules.eagles import fire as F
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import tables as T


@pytest.mark.parametrize("fp, cls", [(1, "W"), (3, "W"), (4, "X"), (5, "X"), (6, "Y"), (7, "Y"), (8, "Z"), (11, "Z")])
def test_fp_classes(fp, cls):
    assert L.fp_class(fp) == cls


@pytest.mark.parametrize("tpd, cls, adj", [("AA", "Y", 1), ("AA", "Z", 2), ("BB", "W", -1), ("CC", "Z", 0), ("DD", "Y", -3)])
def test_tpd_adjusts_the_kill_dice(tpd, cls, adj):
    assert T.TPD_DICE[tpd][cls].value == adj


def test_kill_dice_range_and_rows():
    g = game(step="Infantry vs infantry")
    put(g, "dcli_a", 36, 28)  # 400 yd from the panzergrenadiers in the crest wood
    p = F.plan(g, "dcli_a", "pzgren", order="Infantry vs infantry")
    assert (p.fp, p.fp_class, p.row) == (4, "X", "effective") and p.dice == 3  # X against CC: one die less
    assert p.faces == frozenset({0, 9, 8}) and not p.star
    put(g, "dcli_a", 36, 30)  # 200 yd: +1 FP and the 'maximum' row
    p = F.plan(g, "dcli_a", "pzgren", order="Infantry vs infantry")
    assert (p.fp, p.row, p.faces) == (5, "maximum", frozenset({0, 9, 8, 7})) and [m.name for m in p.mods] == ["under 300 yd"]
    put(g, "dcli_a", 36, 24, moved=True)  # 800 yd and it moved: -1 -1
    p = F.plan(g, "dcli_a", "pzgren", order="Infantry vs infantry")
    assert p.fp == 2 and p.row == "long" and p.dice == 1  # W against CC: -1


@pytest.mark.parametrize("y, yards, row, mods", [
    (29.0, 300, "effective", []),  # 1.2: +1 FP only "under" 300 yd
    (26.0, 600, "effective", []),  # 1.2: -1 FP only "beyond" 600 yd, so 600 yd is not yet long
    (25.9, 610, "long", ["over 600 yd"]),
])
def test_the_range_row_changes_where_the_fp_does(y, yards, row, mods):
    g = game(step="Infantry vs infantry")
    put(g, "dcli_a", 36, y)  # the panzergrenadiers stand 4" (400 yd) from (36, 28)
    p = F.plan(g, "dcli_a", "pzgren", order="Infantry vs infantry")
    assert p.notes[0] == f"4 FP at {yards} yd" and p.row == row and [m.name for m in p.mods] == mods


def test_the_fire_orders_of_the_phase():
    g = game()
    put(g, "churchills", 44, 40)
    with pytest.raises(IllegalActionError, match="does not fire in 'Infantry vs infantry'"):
        F.plan(g, "churchills", "pzgren", order="Infantry vs infantry")
    with pytest.raises(IllegalActionError, match="fires at vehicles"):
        F.plan(g, "churchills", "pzgren", order="Vehicles vs vehicles")
    p = F.plan(g, "churchills", "tigers", order="Vehicles vs vehicles")
    assert p.faces == frozenset({0}) and p.reroll and p.zero_only  # hard: 0**, re-rolled, only 0 impairs
    assert not p.star  # 4.3: the ** means the re-roll of the other hits, not a confirmation of each


def test_direct_fire_damage_follows_4_3_the_box_decides_the_re_roll():
    """4.3: "If the (**) is in the box, then an additional re-roll must be made ... Hits without (**)
    will count the 'hits' as impairment results without additional rolls"."""
    g = game(step="Vehicles vs vehicles")
    put(g, "churchills", 44, 40)
    p = F.plan(g, "churchills", "tigers", order="Vehicles vs vehicles")  # the tigers' box: 0**
    assert p.reroll and p.dice == 4  # all four hit on a 0 and all three re-rolls are 0s: (1/10)^4 (1/10)^3
    assert p.odds().p((True, 3)) == Fraction(1, 10) ** 7
    with g.table_dice([0] * p.dice + [0] * (p.dice - 1)):  # every die a 0: all hit; every re-roll a 0
        e = F.resolve(g, "churchills", "tigers", order="Vehicles vs vehicles")
    assert [r.purpose for r in e.rolls] == ["kill dice", "damage re-roll"]
    g = game(step="Infantry vs infantry")
    put(g, "dcli_a", 36, 28)  # 400 yd from the panzergrenadiers in the crest wood (CC), hits on 0, 9, 8
    p = F.plan(g, "dcli_a", "pzgren", order="Infantry vs infantry")
    assert not p.reroll  # no ** in the box: a unit in CC cover is not re-rolled for (3.7 is artillery's)
    with g.table_dice([0] * p.dice):  # three dice, all hit: the first suppresses, the other two impair
        e = F.resolve(g, "dcli_a", "pzgren", order="Infantry vs infantry")
    assert [r.purpose for r in e.rolls] == ["kill dice"]
    assert e.text.endswith("pzgren: suppressed, 2 impairments (FP now 2)")  # 4 FP, one a step


def test_damage_the_first_hit_suppresses_the_rest_impair():
    # infantry in the open, three dice hitting on 0, 9, 8, no re-roll: every hit after the first impairs
    d = exact(D.kill_roll, 3, frozenset({0, 9, 8}), False, False, False)
    assert d.p((False, 0)) == Fraction(7, 10) ** 3
    assert d.p((True, 2)) == Fraction(3, 10) ** 3
    # a vehicle: the remaining hits are re-rolled, even results impair
    v = exact(D.kill_roll, 2, frozenset({0}), False, True, False)
    assert v.p((True, 1)) == Fraction(1, 10) ** 2 * Fraction(1, 2)
    # hard: a ** hit needs an even re-roll to count at all
    h = exact(D.kill_roll, 1, frozenset({0}), True, True, True)
    assert h.p((True, 0)) == Fraction(1, 10) * Fraction(1, 2)


def test_impairment_steps_infantry_one_fp_vehicles_two():
    g = game()
    changes, words = D.apply(g, "dcli_a", True, 2)
    g.record("hit", changes)
    assert L.fp(g, "dcli_a") == 2 and L.status(g, "dcli_a")["suppressed"] and "2 impairments" in words
    changes, words = D.apply(g, "churchills", True, 1)
    g.record("hit", changes)
    assert L.fp(g, "churchills") == 2 and L.steps(g, "churchills") == 4
    changes, words = D.apply(g, "dcli_a", True, 2)
    g.record("hit", changes)
    assert not L.alive(g, "dcli_a") and words.endswith("destroyed")


def test_direct_support_adds_fp():
    g = game(step="Infantry vs infantry")
    from wgkit.rules.eagles import barrage as B

    B.assign(g, "field_regt", "support")
    put(g, "dcli_a", 36, 28)
    p = F.plan(g, "dcli_a", "pzgren", ("field_regt",), order="Infantry vs infantry")
    assert p.fp == 7 and p.fp_class == "Y" and p.mods[0].name == "direct support by field_regt"
    e = F.resolve(g, "dcli_a", "pzgren", ("field_regt",), order="Infantry vs infantry")
    assert L.status(g, "field_regt")["fired"] and e.detail["odds"]
    with pytest.raises(IllegalActionError, match="has fired this turn"):
        F.plan(g, "dcli_a", "pzgren")


def test_a_units_strength_for_the_opponent_is_its_fp_left_halved_while_suppressed():
    from wgkit.rules import get_ruleset

    strength = get_ruleset("eagles").strength_of
    g = game()
    assert strength(g, "dcli_a1") == 1.0
    put(g, "dcli_a", 30, 8, impaired=1)  # FP 4, one impairment: 3 of 4 left (1.7)
    assert strength(g, "dcli_a1") == pytest.approx(3 / 4)
    put(g, "churchills", 33, 5, impaired=1, suppressed=True)  # a vehicle loses two FP a step: 2 of 4, halved
    assert strength(g, "rtr_a") == pytest.approx(2 / 4 / 2)
    situation_of(g).unit_status("dcli_a", destroyed=True)
    assert strength(g, "dcli_a1") == 0.0


def test_no_direct_fire_reaches_a_battery_off_the_table():
    """3.5: an off-board battery stands 1000 yd beyond the edge; only counter-battery fire reaches it
    (and only suppresses it). The Panzergrenadiers' rifles, 31 inches from its marker, cannot."""
    g = game(step="Infantry vs infantry")
    with pytest.raises(IllegalActionError, match=r"^field_regt stands off the table \(3\.5, 3\.8\)"):
        F.plan(g, "pzgren", "field_regt")
    assert F.plan(g, "pzgren", "dcli_a").dice > 0  # an enemy on the table still can be fired at
    g = game(step="Infantry vs infantry", edit=lambda d: unit(d, "field_regt")["rules"].update(off_board=False, naval=True))
    with pytest.raises(IllegalActionError, match=r"^field_regt stands off the table"):  # 3.8: naval guns, 5000 yd out
        F.plan(g, "pzgren", "field_regt")
