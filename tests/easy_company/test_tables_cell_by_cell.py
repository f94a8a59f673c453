"""Easy Company's percentage tables typed again from the text (000_f349617a9491ca07) and compared
cell by cell with what the rules compute, through the rules' own functions."""

from __future__ import annotations

import pytest

from wgkit.rules.easy_company import chances as C

GRADES = ("untrained", "green", "experienced", "veteran", "elite")
# §3.2: the artillery's arrival (and, the same figures, its chance of being on target)
ARRIVAL = dict(zip(GRADES, (10, 30, 50, 70, 90)))
# §4.4 Initiating Movement, §5.3 Initiating Firing, §5.5 Effectiveness: base chance by quality
MOVE = dict(zip(GRADES, (30, 50, 70, 90, 110)))
FIRE = dict(zip(GRADES, (50, 70, 90, 110, 130)))
EFFECTIVE = dict(zip(GRADES, (20, 30, 40, 60, 80)))
# §4.4 / §5.3 Under Fire: the modifier of each type of fire
UNDER_FIRE = {"small arms": -30, "automatic weapons": -50, "light artillery": -50, "heavy artillery": -70,
              "air attack": -70}
# §5.4 Direct Fire: effective and maximum range in metres ("see note": beyond the table)
RANGES = {"pistol": (20, 50), "rifle": (300, None), "smg": (80, 200), "lmg": (450, None), "mmg": (600, None),
          "hmg": (800, None)}
# §3.2: radius of effect by calibre, (largest calibre in the band, metres)
RADIUS = [(100, 70), (120, 140), (130, 210), (150, 280), (None, 350)]


@pytest.mark.parametrize("grade", GRADES)
def test_the_artillery_arrives_by_its_crew_and_10_more_each_turn_it_failed(grade):
    assert [C.arrival_chance(grade, n).value for n in range(3)] == [ARRIVAL[grade] + 10 * n for n in range(3)]


@pytest.mark.parametrize("grade", GRADES)
def test_base_chances_to_move_fire_and_hit_by_quality(grade):
    assert C.move_chance(grade).value == MOVE[grade]
    assert C.fire_chance(grade).value == FIRE[grade]
    assert C.effective_chance(grade, "open").value == EFFECTIVE[grade]
    assert C.effective_chance(grade, "concealed").value == EFFECTIVE[grade] * 0.5  # x50%
    assert C.effective_chance(grade, "dug_in").value == pytest.approx(EFFECTIVE[grade] * 0.1)  # x10%


@pytest.mark.parametrize("fire", UNDER_FIRE)
def test_each_kind_of_fire_under_which_men_move_and_fire(fire):
    assert C.move_chance("experienced", (fire,)).value == MOVE["experienced"] + UNDER_FIRE[fire]
    assert C.fire_chance("experienced", (fire,)).value == FIRE["experienced"] + UNDER_FIRE[fire]


def test_under_several_kinds_of_fire_only_the_worst_counts():
    """§4.4 note 1: the type with the highest negative modifier."""
    assert C.move_chance("veteran", ("small arms", "heavy artillery", "light artillery")).value == 90 - 70
    assert C.fire_chance("green", ("small arms", "automatic weapons")).value == 70 - 50


def test_casualties_successes_and_mps_change_the_chance_to_move_and_to_fire():
    """§4.4: -20% per untended casualty; §5.3: -10%; both +10% per previous success and per MP."""
    assert C.move_chance("green", untended=2, streak=1, mps=3).value == 50 - 40 + 10 + 30
    assert C.fire_chance("green", untended=2, streak=1, mps=3).value == 70 - 20 + 10 + 30


@pytest.mark.parametrize("weapon", RANGES)
def test_each_weapons_effective_and_maximum_range(weapon):
    effective, maximum = RANGES[weapon]
    assert C.range_band(weapon, effective) == "effective"
    assert C.range_band(weapon, effective + 1) == "long"
    if maximum is None:
        assert C.range_band(weapon, 5000) == "long"  # beyond any table
    else:
        assert (C.range_band(weapon, maximum), C.range_band(weapon, maximum + 1)) == ("long", "out")


@pytest.mark.parametrize("top, metres", RADIUS)
def test_the_radius_of_effect_by_calibre(top, metres):
    if top is None:
        assert C.radius_m(151) == C.radius_m(240) == metres
        return
    assert C.radius_m(top) == metres
    below = RADIUS[RADIUS.index((top, metres)) - 1][0] if RADIUS.index((top, metres)) else 40
    assert C.radius_m(below + 1) == metres  # the band's first calibre


@pytest.mark.parametrize("mode, metres", [("normal", 70), ("cautious", 50), ("under_fire", 40)])
def test_move_distances_and_the_70_m_ceiling(mode, metres):
    """§4.3: 70, 50 and 40 m; §4.4: +10 m per MP outside normal mode, never beyond 70 m."""
    assert C.move_distance_m(mode) == metres
    assert C.move_distance_m(mode, 1) == (metres if mode == "normal" else min(metres + 10, 70))
    assert C.move_distance_m(mode, 5) == (metres if mode == "normal" else 70)
