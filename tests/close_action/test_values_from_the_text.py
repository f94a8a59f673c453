"""Close Action's tables typed again from the text (002_9e952b9bed2fe005) and compared cell by
cell with what the rules compute, through the rules' own procedures, never their constants."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from tests.close_action.helpers import fig, game, to_step
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.close_action import fire as F
from wgkit.rules.close_action import melee as ME
from wgkit.rules.close_action import morale as MO
from wgkit.rules.close_action import movement as MV
from wgkit.rules.close_action import odds

INF = math.inf

# Fire Table: weapon, dice, close range (hits on 5-6), far range (hits on 6)
FIRE_TABLE = {"pistol": (1, 6, 12), "rifle": (2, 12, 72), "smg": (3, 6, 24), "auto_rifle": (4, 12, 72),
              "lmg": (6, 36, INF), "hmg": (8, 48, INF)}
# Morale Table: fire dice band, rout at or below, OK at or above (cowering between)
MORALE_TABLE = {(8, 15): (0, 5), (16, 23): (1, 7), (24, 31): (2, 9), (32, 200): (3, 10)}
# Morale: Rally: the faces that rally a unit of each grade
RALLY = {"veteran": {3, 4, 5, 6}, "steady": {5, 6}, "green": {6}}
# Movement Table: inches of rate an inch of each column costs (X1, X1/2, X1/3) and the obstacle's flat cost
MOVEMENT = {"man": {"road": 1, "clear": 1, "rough": 1, "dense": 2, "obstacle": 3},
            "weapon": {"road": 1, "clear": 1, "rough": 2, "dense": 3, "obstacle": 6}}
# one feature of each column, 2" wide, with open ground around
COLUMNS = """
terrain:
  - {id: lane, type: road, rectangle: {center: [10, 24], size: [2, 40]}}
  - {id: scrub, type: rough, rectangle: {center: [20, 24], size: [2, 40]}}
  - {id: wood, type: woods, rectangle: {center: [30, 24], size: [2, 40]}}
  - {id: rise, type: hill, height: 1, rectangle: {center: [25, 24], size: [2, 40]}}
  - {id: wall, type: low_wall, line: [[38, 4], [38, 44]], width: 0.5}
"""
CENTRES = {"road": 10, "rough": 20, "clear": 25, "dense": 30}


def _plan(weapon: str, distance: float):
    g = game(fig("x", 40, 2, weapon), fig("t", 40, 2 + distance, facing=180, stance="crouching"), depth=100)
    return F.plan_fire(g, "a", "b")


@pytest.mark.parametrize("weapon", FIRE_TABLE)
def test_each_row_of_the_fire_table(weapon):
    """Dice, close and far range; a crouching man in the open carries no modifier."""
    dice, close, far = FIRE_TABLE[weapon]
    assert _plan(weapon, close).pools == (F.Pool(5, dice, ("x",)),)
    assert _plan(weapon, close + 0.5).pools == (F.Pool(6, dice, ("x",)),)
    if far < INF:
        assert _plan(weapon, far).pools == (F.Pool(6, dice, ("x",)),)
        with pytest.raises(IllegalActionError, match="out of range"):
            _plan(weapon, far + 0.5)
    else:
        assert _plan(weapon, 95).pools == (F.Pool(6, dice, ("x",)),)


@pytest.mark.parametrize("need, chance", [(2, Fraction(5, 6)), (3, Fraction(4, 6)), (4, Fraction(3, 6)),
                                          (5, Fraction(2, 6)), (6, Fraction(1, 6)),
                                          (7, Fraction(1, 6) * Fraction(3, 6))])  # 7+: a 6, then a 4-6
def test_one_die_hits_at_the_chance_the_fire_table_gives(need, chance):
    assert odds.fire(1, need).probs[1] == chance


@pytest.mark.parametrize("band, total", list(itertools.product(MORALE_TABLE, range(-4, 17))))
def test_every_cell_of_the_morale_table(band, total):
    rout, ok = MORALE_TABLE[band]
    expected = "rout" if total <= rout else "ok" if total >= ok else "cowering"
    for dice in (band[0], min(band[1], 60)):
        assert MO.result(total, MO.band(dice)) == expected, (dice, total)


def test_fewer_than_8_dice_call_for_no_morale_test():
    with pytest.raises(IllegalActionError, match="8 or more dice, not 7"):
        MO.band(7)


@pytest.mark.parametrize("band, modifier", list(itertools.product(MORALE_TABLE, range(-4, 5))))
def test_the_morale_odds_are_2d6_plus_modifiers_against_the_row(band, modifier):
    rout, ok = MORALE_TABLE[band]
    totals = [a + b + modifier for a in range(1, 7) for b in range(1, 7)]
    dist = odds.morale(band[0], modifier)
    assert dist.probs.get("rout", 0) == Fraction(sum(t <= rout for t in totals), 36)
    assert dist.probs.get("ok", 0) == Fraction(sum(t >= ok for t in totals), 36)


@pytest.mark.parametrize("quality, hits, heavy, isolated, total", [
    ("veteran", 0, False, False, +2), ("green", 0, False, False, -2), ("steady", 0, False, False, 0),
    ("steady", 3, False, False, -3), ("steady", 0, True, False, -2), ("steady", 0, False, True, -2),
    ("green", 2, True, True, -8), ("veteran", 1, True, False, -1)])
def test_the_morale_tables_modifiers(quality, hits, heavy, isolated, total):
    g = game(fig("a1", 4, 4) + "\n" + fig("a2", 5, 4), fig("b1", 40, 40), a_quality=quality)
    situation_of(g).shot_at("a", 8, hits=hits, heavy=heavy)
    assert sum(m.value for m in MO.morale_modifiers(g, "a", isolated=isolated)) == total


def test_half_or_more_in_hard_cover_and_an_officer_within_3_inches_add_2_each():
    inside = fig("a1", 30, 30) + "\n" + fig("a2", 31, 31) + "\n" + fig("a3", 4, 4)  # two of three in the house
    g = game(inside, fig("b1", 40, 40))
    assert sum(m.value for m in MO.morale_modifiers(g, "a")) == 2
    officer = fig("a1", 4, 4) + "\n" + fig("a2", 6, 4) + "\n" + fig("o", 9, 4, role="officer")  # 3" from a2
    assert sum(m.value for m in MO.morale_modifiers(game(officer, fig("b1", 40, 40)), "a")) == 2
    far = fig("a1", 4, 4) + "\n" + fig("a2", 6, 4) + "\n" + fig("o", 9.1, 4, role="officer")
    assert sum(m.value for m in MO.morale_modifiers(game(far, fig("b1", 40, 40)), "a")) == 0


@pytest.mark.parametrize("quality", RALLY)
def test_rally_faces_by_grade(quality):
    g = game(fig("a1", 4, 4), fig("b1", 40, 40), a_quality=quality)
    need = MO.rally_need(g, "a")
    assert set(range(need, 7)) == RALLY[quality]
    assert odds.rally(need).probs[True] == Fraction(len(RALLY[quality]), 6)


@pytest.mark.parametrize("mover, column", [(m, c) for m in MOVEMENT for c in CENTRES])
def test_each_column_of_the_movement_table(mover, column):
    """2" inside the column's feature, 1" of open ground either side: 2 + 2 x the column's cost."""
    g = game(fig("a1", 4, 4, "lmg" if mover == "weapon" else "rifle"), fig("b1", 46, 46), terrain=COLUMNS)
    x = CENTRES[column]
    cost, _ = MV.terrain_cost(g, (x - 2, 10), (x + 2, 10), mover)
    assert cost == pytest.approx(2 + 2 * MOVEMENT[mover][column])


@pytest.mark.parametrize("mover", MOVEMENT)
def test_crossing_an_obstacle_costs_its_flat_inches(mover):
    g = game(fig("a1", 4, 4), fig("b1", 46, 46), terrain=COLUMNS)
    cost, _ = MV.terrain_cost(g, (37, 10), (39, 10), mover)
    assert cost == pytest.approx(2 + MOVEMENT[mover]["obstacle"])


@pytest.mark.parametrize("inches, stance", [(3, "crawling"), (3.5, "crouching"), (6, "crouching"),
                                            (6.5, "upright"), (12, "upright")])
def test_base_rates_set_the_stance_a_man_moves_in(inches, stance):
    g = game(fig("a1", 4, 4), fig("b1", 46, 46), terrain="terrain: []")
    assert MV.plan_move(g, "a1", (4, 4 + inches)).stance == stance
    with pytest.raises(IllegalActionError, match="the most is 12"):
        MV.plan_move(g, "a1", (4, 16.5))


def test_an_officer_moves_double_upright_or_crouching_and_a_weapon_8_inches():
    g = game(fig("o", 4, 4, role="officer") + "\n" + fig("mg", 10, 4, "lmg"), fig("b1", 46, 46), terrain="terrain: []")
    assert MV.plan_move(g, "o", (4, 16)).stance == "crouching"  # 6" doubled
    assert MV.plan_move(g, "o", (4, 28)).stance == "upright"  # 12" doubled
    with pytest.raises(IllegalActionError, match="the most is 24"):
        MV.plan_move(g, "o", (4, 28.5))
    assert MV.plan_move(g, "mg", (10, 12)).limit == 8
    with pytest.raises(IllegalActionError, match="the most is 8"):
        MV.plan_move(g, "mg", (10, 12.5))


@pytest.mark.parametrize("men, officer, where, attack, defence", [
    (1, False, (4, 40), 0, 0), (3, False, (4, 40), 2, 2), (2, True, (4, 40), 2, 1),
    (1, False, (10, 30), 0, 1),  # defenders in the wood: soft cover
    (1, False, (30, 30), 0, 2),  # defenders in the house: hard cover
])
def test_hand_to_hand_modifiers(men, officer, where, attack, defence):
    """+1 each extra man, +1 an officer in the group; the defenders +1 in soft, +2 in hard cover."""
    x, y = where
    figs = [fig(f"m{i}", x + 0.5 * i, y) for i in range(men)]
    if officer:
        figs[-1] = fig(f"m{men - 1}", x + 0.5 * (men - 1), y, role="officer")
    g = game("\n".join(figs), "\n".join(fig(f"d{i}", x + 0.5 * i, y + 0.5) for i in range(men)))
    names = [f"m{i}" for i in range(men)]
    assert sum(m.value for m in ME.side_modifiers(g, names, defending=False)) == attack
    assert sum(m.value for m in ME.side_modifiers(g, [f"d{i}" for i in range(men)], defending=True)) == defence


def test_hand_to_hand_the_higher_d6_wins_and_equal_scores_tie():
    dist = odds.melee(0, 0)
    assert (dist.probs["active"], dist.probs["passive"], dist.probs["tie"]) == (Fraction(15, 36), Fraction(15, 36),
                                                                               Fraction(6, 36))
    assert odds.melee(2, 0).probs["active"] == Fraction(sum(a + 2 > b for a in range(1, 7) for b in range(1, 7)), 36)


def _one_hit(select: int, confirm: int | None = None):
    """A rifleman's two dice at close range: one hit (a 5, then a 1), then the hit's faces."""
    g = game(fig("x", 24, 8), fig("offr", 24, 18, role="officer", stance="crouching") + "\n"
             + fig("t", 25, 18, stance="crouching"))
    to_step(g, "Fire")
    faces = [5, 1, select] + ([confirm] if confirm is not None else [])
    with g.table_dice(faces):
        event = F.resolve_fire(g, "a", "b")
    return event.detail["outcome"]


@pytest.mark.parametrize("face", range(1, 7))
def test_selecting_hits_5_or_6_lets_the_firer_choose_and_an_officer_dies_only_on_a_further_6(face):
    """Firing: Selecting Hits. The firer takes the officer first; on 1-4 the target's side gives up
    its rifleman."""
    if face >= 5:
        assert _one_hit(face, 6)["killed"] == ["offr"]
        for confirm in range(1, 6):
            outcome = _one_hit(face, confirm)
            assert (outcome["killed"], outcome["spared"]) == ([], ["offr"]), confirm
    else:
        outcome = _one_hit(face)
        assert (outcome["killed"], outcome["spared"]) == (["t"], [])


@pytest.mark.parametrize("weapon", ["lmg", "hmg", "mortar"])
def test_a_man_carrying_a_support_weapon_moves_at_the_weapon_rate(weapon):
    """Movement Table: Weapon 8" (the support weapons: LMG, HMG, mortar)."""
    g = game(fig("mg", 10, 4, weapon), fig("b1", 46, 46), terrain="terrain: []")
    assert MV.plan_move(g, "mg", (10, 12)).limit == 8
    with pytest.raises(IllegalActionError, match="the most is 8"):
        MV.plan_move(g, "mg", (10, 12.5))


# The text's Terrain Suggestions are "TBD": the mapping is the kit's house decision, each type's
# cover (the Fire Table's soft/hard), whether it blocks sight, and its Movement Table column.
HOUSE_TERRAIN = {
    "woods": ("soft", True, "dense"), "buildings": ("hard", True, "dense"), "hill": ("none", True, "clear"),
    "road": ("none", False, "road"), "stream": ("none", False, "rough"), "river": ("none", False, "obstacle"),
    "rough": ("soft", False, "rough"), "swamp": ("none", False, "dense"), "mud": ("none", False, "rough"),
    "snow": ("none", False, "rough"), "fields": ("soft", False, "rough"), "fields/low": ("none", False, "clear"),
    "fields/full-grown": ("soft", True, "rough"), "orchard": ("soft", False, "rough"),
    "low_wall": ("hard", False, "obstacle"), "hedge": ("soft", True, "obstacle"), "bocage": ("hard", True, "obstacle"),
    "barbed_wire": ("none", False, "obstacle"), "minefield": ("none", False, "clear"),
    "foxholes": ("hard", False, "rough"), "trenches": ("hard", False, "rough"), "bunker": ("hard", True, "obstacle"),
    "smoke": ("none", True, "clear"),
}


@pytest.mark.parametrize("kind", HOUSE_TERRAIN)
def test_the_house_terrain_mapping(kind):
    from wgkit.facts.registry import find_ruleset, terrain_effect

    type_, _, variant = kind.partition("/")
    effect = terrain_effect(find_ruleset("close_action"), type_, variant or None)
    assert (effect.cover, effect.blocks_los, effect.movement) == HOUSE_TERRAIN[kind]
    assert effect.source == "house"


@pytest.mark.parametrize("name", ["ca", "Close Action", "closeaction", "close_action"])
def test_the_ruleset_is_found_by_its_names(name):
    from wgkit.facts.registry import find_ruleset

    assert find_ruleset(name).id == "close_action"


@pytest.mark.parametrize("role", ["leader", "officer", "spotter", "crew"])
def test_the_roles_a_figure_may_have(role):
    g = game(fig("a1", 4, 4) + "\n" + fig("a2", 6, 4, role=role), fig("b1", 46, 46))
    assert g.scenario.piece("a2").role == role


def test_one_inch_is_four_yards():
    """Introduction: "One inch represents 4 yards of actual distance"."""
    from wgkit.facts.registry import find_ruleset

    scale = find_ruleset("close_action").scale
    assert (scale.to_ground(12), scale.unit) == (48, "yd")


def test_morale_outcomes_read_from_the_mildest_to_the_worst():
    """Morale States: OK, cowering, rout, in that order of gravity, as the odds list them."""
    assert [label for _, label, _ in odds.morale(16, -4).outcomes()] == ["ok", "cowering", "rout"]


def test_a_weapon_team_is_a_kind_of_unit():
    """Introduction: support weapons start attached to squads; a team may be dropped off with one."""
    team = """      - id: w
        kind: weapon_team
        quality: steady
        leader: w1
        figures:
""" + fig("w1", 8, 4, "lmg")
    g = game(fig("a1", 4, 4), fig("b1", 46, 46), extra=team)
    assert g.scenario.unit("w").kind == "weapon_team"


def test_the_referee_setting_is_yes_or_no():
    """Firing: Eligible Targets: with a referee (and a map), blind fire is allowed; the setting is a switch."""
    from wgkit.scenario.errors import ScenarioError

    assert game(fig("a1", 4, 4), fig("b1", 46, 46), rules="{referee: true}").scenario.rules["referee"] is True
    with pytest.raises(ScenarioError, match="referee"):
        game(fig("a1", 4, 4), fig("b1", 46, 46), rules="{referee: sometimes}")
