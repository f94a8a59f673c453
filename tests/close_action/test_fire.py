"""Close Action, Firing: numbers from the Fire Table and the Firing section."""

from fractions import Fraction

import pytest

from tests.close_action.helpers import fig, game, to_step
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.close_action import fire as F
from wgkit.rules.close_action import tables as T


@pytest.mark.parametrize("weapon, dice, close, far", [
    ("pistol", 1, 6, 12), ("rifle", 2, 12, 72), ("smg", 3, 6, 24), ("auto_rifle", 4, 12, 72),
    ("lmg", 6, 36, float("inf")), ("hmg", 8, 48, float("inf"))])
def test_fire_table(weapon, dice, close, far):
    w = T.FIRE_TABLE[weapon].value
    assert (w.dice, w.close, w.far) == (dice, close, far) and T.FIRE_TABLE[weapon].source == "seed"


def plan(a, b, **kw):
    return F.plan_fire(game(a, b, **kw), "a", "b")


def test_close_range_hits_on_5_far_on_6():
    near = plan(fig("x", 40, 10), fig("t", 40, 21, facing=180, stance="crouching"))
    far = plan(fig("x", 40, 10), fig("t", 40, 23, facing=180, stance="crouching"))
    assert near.pools == (F.Pool(5, 2, ("x",)),) and far.pools == (F.Pool(6, 2, ("x",)),)


def test_a_range_boundary_belongs_to_the_shorter_band():
    """The Fire Table gives each range as one figure (rifle 12" close, 72" far; pistol 6", 12"):
    read as "up to", a man exactly 12" away is at a rifle's close range (5-6) and within a
    pistol's far range; 12.1" is far for the rifle and out of the pistol's reach."""
    at_12 = plan(fig("x", 40, 10), fig("t", 40, 22, facing=180, stance="crouching"))
    past_12 = plan(fig("x", 40, 10), fig("t", 40, 22.1, facing=180, stance="crouching"))
    assert at_12.pools == (F.Pool(5, 2, ("x",)),) and past_12.pools == (F.Pool(6, 2, ("x",)),)
    assert plan(fig("x", 40, 10, "pistol"), fig("t", 40, 22, facing=180, stance="crouching")).pools == (
        F.Pool(6, 1, ("x",)),)
    with pytest.raises(IllegalActionError, match=r"x: pistol out of range \(12.1\" > 12\"\)"):
        plan(fig("x", 40, 10, "pistol"), fig("t", 40, 22.1, facing=180))


def test_out_of_range_figure_does_not_fire():
    with pytest.raises(IllegalActionError, match=r"x: pistol out of range \(13.0\" > 12\"\)"):
        plan(fig("x", 24, 10, "pistol"), fig("t", 24, 23, facing=180))


@pytest.mark.parametrize("target, need, names", [
    (fig("t", 24, 18, stance="crouching"), 5, []),
    (fig("t", 24, 18, stance="upright"), 3, ["upright in the open"]),
    (fig("t", 24, 18, stance="crawling"), 6, ["crawling or prone"]),
    (fig("t", 10, 27.5, stance="crouching"), 6, ["soft cover"]),
    (fig("t", 30, 28, stance="crouching"), 7, ["hard cover"]),
    (fig("t", 30, 28, stance="crawling"), 8, ["hard cover", "crawling or prone"]),
])
def test_modifiers_change_the_score_needed(target, need, names):
    shooter = fig("x", 24, 18 - 10, facing=0) if "24, 18" in target else \
        fig("x", 10, 20, facing=0) if "10, 27.5" in target else fig("x", 30, 20, facing=0)
    p = plan(shooter, target)
    assert [m.name for m in p.modifiers] == names and p.pools[0].need == need


def test_a_wall_covers_the_man_just_behind_it():
    close = plan(fig("x", 23, 10), fig("t", 23, 20.8, stance="crouching"))  # 0.8" behind the wall
    assert [m.name for m in close.modifiers] == ["hard cover"] and close.pools[0].need == 7
    away = plan(fig("x", 23, 10), fig("t", 23, 22, stance="crouching"))  # 2" back: the wall is no cover
    assert away.modifiers == () and away.pools[0].need == 5


def test_green_firer():
    p = plan(fig("x", 24, 10), fig("t", 24, 18, stance="crouching"), a_quality="green")
    assert [m.name for m in p.modifiers] == ["green firer"] and p.pools[0].need == 6


def test_seven_plus_is_a_six_then_four_to_six():
    p = plan(fig("x", 30, 20), fig("t", 30, 28, stance="crouching"))  # rifle, close, hard cover: 7+
    odds = F.fire_odds(p)
    per_die = Fraction(1, 6) * Fraction(1, 2)
    assert odds.p(0) == (1 - per_die) ** 2 and odds.p(2) == per_die ** 2
    assert F.stages(7) == [range(6, 7), range(4, 7)]


def test_arc_is_45_degrees_either_side_of_facing():
    with pytest.raises(IllegalActionError, match="cannot see a target figure within its arc"):
        plan(fig("x", 24, 10, facing=90), fig("t", 24, 18))  # target straight ahead of a man facing right
    assert plan(fig("x", 24, 10, facing=44), fig("t", 24, 18, stance="crouching")).pools  # 44 degrees off: in


def test_line_of_sight_through_a_building_blocks():
    with pytest.raises(IllegalActionError, match="cannot see"):
        plan(fig("x", 30, 22), fig("t", 30, 38, facing=180))


def test_unit_fires_once_per_phase_unless_an_officer_splits_it():
    g = game(fig("x", 20, 10) + "\n" + fig("y", 22, 10),
             fig("t", 20, 18, facing=180) + "\n" + fig("u", 22, 18, facing=180),
             extra="      - {id: c, kind: squad, figures: [{id: z, position: [40, 40], weapons: [rifle]}]}")
    to_step(g, "Fire")
    F.resolve_fire(g, "a", "b", firers=["x"])
    with pytest.raises(IllegalActionError, match="has fired this phase"):
        F.resolve_fire(g, "a", "b", firers=["x"])
    F.resolve_fire(g, "a", "b", firers=["y"])  # the rest of the unit may still fire at the same target


def test_select_hits_officer_needs_a_further_six():
    g = game(fig("x", 24, 10), fig("offr", 24, 18, role="officer") + "\n" + fig("t", 25, 18))
    p = F.plan_fire(g, "a", "b")

    class Fixed:  # a chance that answers from a script: (active chooses?, officer confirmed?)
        def __init__(self, answers):
            self.answers = list(answers)

        def check(self, die, succeed, purpose):
            return self.answers.pop(0)

    killed, spared = F.choose_hits(Fixed([True, False]), g, p, 1, ["offr", "t"], ["t", "offr"])
    assert (killed, spared) == ([], ["offr"])
    killed, _ = F.choose_hits(Fixed([True, True]), g, p, 1, ["offr", "t"], ["t", "offr"])
    assert killed == ["offr"]
    killed, _ = F.choose_hits(Fixed([False]), g, p, 1, ["offr", "t"], ["t", "offr"])
    assert killed == ["t"]  # on 1-4 the passive player chooses


def test_danger_zone_puts_friends_in_front_of_the_mg_at_risk():
    g = game(fig("mg", 24, 6, "lmg") + "\n" + fig("friend", 24.5, 12) + "\n" + fig("behind", 24, 4),
             fig("t", 24, 30, facing=180))
    p = F.plan_fire(g, "a", "b")
    assert p.danger == ("friend",)


def test_resolve_fire_records_dice_casualties_and_morale_dice():
    g = game(fig("x", 24, 10, "lmg"), "\n".join(fig(f"t{i}", 20 + 2 * i, 18, facing=180, stance="upright")
                                                for i in range(4)))
    to_step(g, "Fire")
    e = F.resolve_fire(g, "a", "b")
    faces = e.rolls[0].faces
    need = e.detail["pools"][0]["need"]
    assert need == 3 and len(faces) == 6  # LMG 6 dice, close range 5 with upright in the open +2
    hits = sum(f >= need for f in faces)
    assert e.detail["outcome"]["hits"] == hits
    dead = [p for p, s in g.state["pieces"].items() if not s["alive"]]
    assert len(dead) == min(hits, 4) and g.state["units"]["b"]["status"]["fire_dice"] == 6


def test_support_weapon_may_not_move_after_firing():
    from wgkit.rules.close_action.movement import plan_move

    g = game(fig("mg", 24, 6, "lmg"), fig("t", 24, 30, facing=180))
    to_step(g, "Fire")
    F.resolve_fire(g, "a", "b")
    with pytest.raises(IllegalActionError, match="fired a support weapon this turn"):
        plan_move(g, "mg", (24, 8))


def test_defensive_fire_only_at_units_visible_at_the_start_of_the_move():
    g = game(fig("x", 2, 30), fig("t", 24, 36, facing=270))
    to_step(g, "Move")  # x starts hidden from t behind the wood
    situation_of(g).place("x", (24, 25))
    to_step(g, "Defensive fire")
    with pytest.raises(IllegalActionError, match="was not visible to b at the start of the move"):
        F.plan_fire(g, "b", "a")


def test_cannot_fire_at_own_side_or_when_cowering():
    g = game(fig("x", 24, 10), fig("t", 24, 18))
    with pytest.raises(IllegalActionError, match="own side"):
        F.plan_fire(g, "a", "a")
    situation_of(g).morale("a", "cowering")
    with pytest.raises(IllegalActionError, match="a is cowering and may not fire"):
        F.plan_fire(g, "a", "b")


SOFT, HARD, OPEN = (10, 27.5), (30, 27.5), (16, 12)  # inside the wood's and the house's near edges; open ground


@pytest.mark.parametrize("first, second, mods", [
    (("crouching", SOFT), ("crouching", OPEN), [("soft cover", -1)]),  # -1 against 0
    (("upright", OPEN), ("crouching", OPEN), []),  # +2 against 0
    (("crawling", HARD), ("crouching", (31, 27.5)), [("hard cover", -2), ("crawling or prone", -1)]),  # -3 against -2
    (("upright", SOFT), ("upright", OPEN), [("soft cover", -1)]),  # upright in cover has no +2: -1 against +2
    (("crawling", OPEN), ("upright", (17, 12)), [("crawling or prone", -1)]),  # -1 against +2
])
def test_a_mixed_target_is_shot_at_as_its_best_protected_figures(first, second, mods):
    """Firing: Mixed-stance or mixed-cover targets (house reading): fire at the whole target uses the
    modifiers of its figures whose Fire Table modifiers sum lowest."""
    (s1, p1), (s2, p2) = first, second
    g = game(fig("a1", 20, 5), fig("t1", *p1, stance=s1) + "\n" + fig("t2", *p2, stance=s2))
    got = [(m.name, m.value) for m in F.target_modifiers(g, "a", ["t1", "t2"], "all")]
    assert got == mods
    assert [(m.name, m.value) for m in F.target_modifiers(g, "a", ["t2", "t1"], "all")] == mods  # whichever comes first
