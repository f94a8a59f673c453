"""Easy Company: numbers from the text's tables (000_f349617a9491ca07)."""

from fractions import Fraction

import pytest

from wgkit.dice import d00_succeeds
from wgkit.odds import exact
from wgkit.rules.easy_company import chances as C
from wgkit.rules.easy_company import rolls as R
from wgkit.rules.easy_company import tables as T


@pytest.mark.parametrize("rank, quality, mps", [("private", "green", 2), ("corporal", "experienced", 6),
                                                ("sergeant", "veteran", 10), ("lieutenant", "elite", 12),
                                                ("lieutenant", "untrained", 4)])
def test_motivation_points(rank, quality, mps):
    assert C.motivation_points(rank, quality).value == mps


def test_move_chance_takes_the_worst_fire_and_every_modifier():
    p = C.move_chance("veteran", ("small arms", "heavy artillery"), untended=1, streak=2, mps=3)
    assert p.value == 90 - 70 - 20 + 20 + 30 == 50
    assert [m.name for m in p.modifiers][:2] == ["veteran", "under fire: heavy artillery"]


@pytest.mark.parametrize("mode, mps, metres", [("normal", 3, 70), ("cautious", 1, 60), ("cautious", 5, 70),
                                               ("under_fire", 2, 60), ("under_fire", 0, 40)])
def test_move_distance(mode, mps, metres):
    assert C.move_distance_m(mode, mps) == metres


def test_fire_and_effective_chances():
    assert C.fire_chance("elite", ("automatic weapons",), untended=2).value == 130 - 50 - 20
    assert C.effective_chance("veteran", "concealed").value == 30
    assert C.effective_chance("elite", "dug_in").value == pytest.approx(8)


def test_wounds_and_radius():
    assert [C.wound_chance(p).value for p in ("open", "prone", "dug_in")] == [50, 25, 5]
    assert [C.radius_m(c) for c in (81, 105, 122, 150, 155, 203)] == [70, 140, 210, 280, 350, 350]


def test_ranges():
    assert C.range_band("pistol", 20) == "effective" and C.range_band("pistol", 21) == "long"
    assert C.range_band("pistol", 51) == "out" and C.range_band("rifle", 5000) == "long"
    assert T.RANGE_M["rifle"][1].is_house


def test_d00_less_than_with_01_and_00():
    assert d00_succeeds(49, 50, strict=True) and not d00_succeeds(50, 50, strict=True)
    assert d00_succeeds(1, 0, strict=True) and not d00_succeeds(100, 130, strict=True)
    assert exact(R.test, 50, "t").p(True) == Fraction(49, 100)
    assert exact(R.test, 130, "t").p(True) == Fraction(99, 100)


def test_one_roll_decides_firing_and_effect():
    d = exact(R.shot, 90, 40)  # experienced in the open: fires on 01-89, effective on 01-39
    assert d.p(R.Shot(True, True)) == Fraction(39, 100)
    assert d.p(R.Shot(True, False)) == Fraction(50, 100) and d.p(R.Shot(False, False)) == Fraction(11, 100)
    long = exact(R.shot, 90, 40, "long")
    assert long.p(R.Shot(True, True)) == Fraction(1, 100)


def test_automatic_weapons_roll_per_figure():
    d = exact(R.automatic, 90, 40, 2)  # the second figure checks only the effective chance
    p_fire_hit, p_fire_miss = Fraction(39, 100), Fraction(50, 100)
    assert d.p(2) == p_fire_hit * Fraction(39, 100)
    assert d.p(0) == Fraction(11, 100) + p_fire_miss * Fraction(61, 100)


def test_automatic_fire_odds_for_thirty_figures_are_the_binomial_of_the_rules():
    # 30 figures: a tree of every roll would have 2**29 leaves (exact() refuses past 200,000); the
    # figures after the first are one pool, so the odds come whole. Fire on 90, effective on 40:
    # the first d00 hits on 01-39, fires without effect on 40-89, does not fire on 90-00; each
    # later figure is hit on 01-39.
    import math

    d = exact(R.automatic, 90, 40, 30)
    hit, miss, idle, q = Fraction(39, 100), Fraction(50, 100), Fraction(11, 100), Fraction(39, 100)

    def rest(k):  # k hits among the 29 later figures
        return math.comb(29, k) * q ** k * (1 - q) ** (29 - k) if 0 <= k <= 29 else 0

    for k in (0, 1, 12, 30):
        want = (idle if k == 0 else 0) + miss * rest(k) + hit * rest(k - 1)
        assert d.p(k) == want, k
    assert sum(d.probs.values()) == 1


def test_morale_and_retries():
    assert C.morale_chance("experienced", failing_turns=2).value == 30
    assert [C.retry_cost(n) for n in (1, 2, 3, 4)] == [1, 2, 4, 8]
    assert [a.value for a in T.MORALE_AT] == [0.5, 0.75]


def test_artillery_arrival_rises_ten_a_turn():
    assert [C.arrival_chance("green", k).value for k in range(3)] == [30, 40, 50]


def test_melee_by_hand():
    d = exact(R.melee, 3, 1)  # veteran (+2) against green
    kills = sum(Fraction(1, 100) for a in range(1, 11) for b in range(1, 11) if a + 2 >= 2 * b and a + 2 > b)
    draws = sum(Fraction(1, 100) for a in range(1, 11) for b in range(1, 11) if a + 2 == b)
    assert d.p("a kills") == kills and d.p("draw") == draws
