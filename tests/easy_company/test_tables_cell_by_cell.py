"""Easy Company's percentage tables typed again from the text (000_f349617a9491ca07) and compared
cell by cell with what the rules compute, through the rules' own functions."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from tests.conftest import ROOT
from tests.easy_company.test_artillery_missions import called
from tests.easy_company.test_values_from_the_text import menu
from tests.test_easy_company_play import to
from wgkit.engine import Game, IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.easy_company import artillery as A
from wgkit.rules.easy_company import chances as C
from wgkit.rules.easy_company import fire as F
from wgkit.rules.easy_company import lookup as L
from wgkit.rules.easy_company import movement as MV
from wgkit.rules.easy_company.flow import SEQUENCE
from wgkit.scenario import loads

FARMYARD = (ROOT / "scenarios/easy_company/tutorial_farmyard.yaml").read_text()

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


# §3.2: the guns' chance of being on target, by the crew's quality (the arrival's figures again)
@pytest.mark.parametrize("grade", GRADES)
def test_walked_fire_is_on_target_by_the_crews_quality(grade):
    """§3.2 on target: 10/30/50/70/90% by crew; §1.3: a d00 under the chance, so 50% is 01-49."""
    text = FARMYARD.replace(
        "        quality: experienced\n        rules: {calibre_mm: 105}\n",
        f"        quality: {grade}\n        rules: {{calibre_mm: 105}}\n")
    g = called(Game(loads(text), 44, flow=SEQUENCE))
    assert A.walk_odds(g, "us").p(True) == Fraction(ARRIVAL[grade] - 1, 100)
    with g.table_dice([1, ARRIVAL[grade] - 1]):  # arrives on 01; the highest face on target
        assert A.resolve_arrival(g, "us").text == "ranging round on target"


# §5.5: "for automatic weapons roll once per figure in the area"; the sub-machine gun and the light,
# medium and heavy machine guns are the automatic ones among §5.4's weapons
@pytest.mark.parametrize("weapon, automatic", [("pistol", False), ("rifle", False), ("smg", True), ("lmg", True),
                                               ("mmg", True), ("hmg", True)])
def test_automatic_weapons_roll_once_for_each_figure_of_the_group(weapon, automatic):
    # Malarkey (veteran) at (19, 22): 45 m from the nearer German, within even a pistol's 50 m
    text = FARMYARD.replace("position: [16, 9], weapons: [lmg]", f"position: [19, 22], weapons: [{weapon}]")
    g = Game(loads(text), 44, flow=SEQUENCE)
    to(g, "Attacker moves and fires")
    d = menu(g)["fire"].odds(g, {"figure": "malarkey", "target": "outpost", "mps": 0})
    assert {value for value, _, _ in d.outcomes()} == ({0, 1, 2, 3} if automatic else {"hit", "no effect"})  # 3 in sight
    with g.table_dice([99, 99, 99]):  # fires (veteran, 110%), misses; an automatic weapon rolls for the other two
        e = F.resolve_fire(g, "malarkey", "outpost")
    assert [(r.purpose, r.faces) for r in e.rolls] == ([("fire", (99,)), ("automatic fire", (99, 99))] if automatic
                                                       else [("fire", (99,))])


# §4.4 Leaders: to move themselves a standard move, "Cautious 1MPs, Under Fire 2MPs"; in Normal mode
# no MPs (§4.4: "it is unnecessary for Leaders to expend MPs"). §5.3 Leaders, to fire: "Cautious
# 2MPs, Under Fire 3MPs"; Normal mode names no cost (house: none). Sgt. Lipton: 8 + 2 = 10 MPs (§2.4).
@pytest.mark.parametrize("mode, move_cost, fire_cost", [("normal", 0, 0), ("cautious", 1, 2), ("under_fire", 2, 3)])
def test_a_leader_pays_for_his_own_move_and_fire_by_his_units_mode(mode, move_cost, fire_cost):
    def squad_in_mode():
        g = Game(loads(FARMYARD), 44, flow=SEQUENCE)
        to(g, "Attacker moves and fires")
        situation_of(g).mode("squad", mode)
        return g

    g = squad_in_mode()
    MV.resolve_move(g, "lipton", (14, 11))  # 3" (30 m): within every mode's move
    assert L.mp_left(g, "lipton") == 10 - move_cost
    g = squad_in_mode()
    with g.table_dice([99]):
        e = F.resolve_fire(g, "lipton", "outpost")
    assert L.mp_left(g, "lipton") == 10 - fire_cost
    assert [m["value"] for m in e.detail["modifiers"] if m["name"] == "leader spends MPs to fire"] == [fire_cost]


@pytest.mark.parametrize("calibre_mm, kind", [(60, "light artillery"), (105, "light artillery"),
                                              (106, "heavy artillery"), (155, "heavy artillery")])
def test_guns_up_to_105_mm_are_light_artillery_and_larger_ones_heavy(calibre_mm, kind):
    """House (§4.4 and §5.3 name light and heavy artillery, with no line): up to 105 mm is light."""
    assert C.artillery_kind(calibre_mm) == kind


# The house terrain mapping (§5.2 names the firing positions, open, concealed and dug in, but maps no
# terrain to them), typed again from facts/easy_company.py's published rows: the position of a man
# standing in it (walls and hedges are drawn as lines: a man on the line), whether it blocks sight,
# and whether a man may cross it.
TERRAIN_HOUSE = {
    "woods": ("concealed", True, True), "buildings": ("concealed", True, True), "hill": ("open", True, True),
    "road": ("open", False, True), "stream": ("open", False, True), "river": ("open", False, False),
    "rough": ("concealed", False, True), "swamp": ("open", False, True), "mud": ("open", False, True),
    "snow": ("open", False, True), "fields": ("concealed", False, True), "fields/low": ("open", False, True),
    "orchard": ("concealed", False, True), "low_wall": ("concealed", False, True),
    "hedge": ("concealed", True, True), "bocage": ("concealed", True, True), "barbed_wire": ("open", False, True), "minefield": ("open", False, True),
    "foxholes": ("dug_in", False, True), "trenches": ("dug_in", False, True), "bunker": ("dug_in", True, True),
    "smoke": ("concealed", True, True),
}


@pytest.mark.parametrize("kind", list(TERRAIN_HOUSE))
def test_every_row_of_the_house_terrain_mapping_is_the_position_sight_and_passage_the_rules_use(kind):
    from wgkit.geometry.los import clear_sight

    cover, blocks, passable = TERRAIN_HOUSE[kind]
    kind_, _, variant = kind.partition("/")
    lines = ("low_wall", "hedge", "bocage")
    drawn = "line: [[28, 10], [28, 14]]" if kind in lines else "rectangle: {center: [28, 12], size: [2, 2]}"
    extra = (", height: 1" if kind == "hill" else "") + (f", variant: {variant}" if variant else "")
    text = FARMYARD.replace("terrain:\n", f"terrain:\n  - {{id: patch, type: {kind_}, {drawn}{extra}}}\n", 1)
    g = Game(loads(text), 44, flow=SEQUENCE)
    to(g, "Attacker moves and fires")
    assert L.position(g, "toye", (28, 12)) == cover
    assert clear_sight(g.terrain, (24, 12), (32, 12), L.LOS) is not blocks
    situation_of(g).place("toye", (26, 12))
    if passable:
        assert MV.barred(g, (26, 12), (30, 12)) is None
    else:
        assert MV.barred(g, (26, 12), (30, 12)) == "patch"
        with pytest.raises(IllegalActionError, match=r"^toye cannot cross patch: impassable \(house terrain table\)$"):
            MV.resolve_move(g, "toye", (30, 12))


# What a scenario may say of its units (the published vocabulary, as the validator's messages list
# it): kinds, roles, a battery's calibre in mm (more than 0) and a unit's §4.2 mode
@pytest.mark.parametrize("said, error", [
    ("rules: {calibre_mm: 0.5}", None),
    ("rules: {calibre_mm: 0}", "bad value 0: 0 is less than or equal to the minimum of 0"),
    ("rules: {calibre_mm: -1}", "bad value -1"),
    ("rules: {calibre_mm: big}", "'big' is not of type 'number'"),
    ("rules: {mode: normal}", None), ("rules: {mode: cautious}", None), ("rules: {mode: under_fire}", None),
    ("rules: {mode: reckless}", "bad value 'reckless': one of normal, cautious, under_fire"),
    ("kind: tank", "'tank' is not a unit kind in Easy Company (allowed: artillery, hq, mg_team, mortar_team, "
                   "section, squad)"),
    ("role: cook", "'cook' is not a role in Easy Company (allowed: leader, medic)"),
])
def test_what_a_scenario_may_say_of_its_units(said, error):
    from wgkit.scenario.errors import ScenarioError

    where = {"calibre_mm": "rules: {calibre_mm: 105}", "mode": "rules: {mode: cautious}", "kind": "kind: squad",
             "role": "role: leader, rank: sergeant"}
    key = next(k for k in where if k in said)
    text = FARMYARD.replace(where[key], said + (", rank: sergeant" if key == "role" else ""), 1)
    if error is None:
        loads(text)
        return
    with pytest.raises(ScenarioError, match=re.escape(error)):
        loads(text)


@pytest.mark.parametrize("kind, role", [("mg_team", "leader"), ("mortar_team", "medic"), ("section", "medic")])
def test_every_kind_and_role_of_the_vocabulary_is_accepted(kind, role):
    loads(FARMYARD.replace("kind: squad", f"kind: {kind}", 1).replace("role: leader, rank: sergeant",
                                                                        f"role: {role}, rank: sergeant", 1))
