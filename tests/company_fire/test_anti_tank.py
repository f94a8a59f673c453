"""Company Fire, Attacking vehicles: who may fire an anti-tank weapon and when, the dice by range,
and how a gun without a turret turns, each worked from the text on an open 8 x 6 grid (units in
the squares between block a line, so only the units of each test are left on the table)."""

import pytest

from tests.company_fire.helpers import game, put, remove, unit
from tests.conftest import refused
from wgkit.rules import situation_of
from wgkit.rules.company_fire import fire as F
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import movement as V

UNITS = ("plt_ldr", "sq1", "sq2", "mg", "zook", "fo", "sherman", "gruppe", "mg42", "gruppe2", "sniper", "stug")


def open_table(*keep: str, card: str = "fire", side: str = "us", edit=None):
    """No terrain, and only the units ``keep`` on the table."""
    def change(d):
        d["terrain"] = []
        if edit:
            edit(d)
    g = game(card=card, side=side, edit=change)
    remove(g, *[u for u in UNITS if u not in keep])
    return g


def test_a_bazooka_rolls_four_dice_at_two_squares_or_less_and_three_beyond():
    # bazooka: 4 squares, 3d6; 4d6 at 2 squares or less
    g = open_table("zook", "stug")
    put(g, "stug", (3, 2))
    situation_of(g).face("stug", 90)  # side on to the bazooka: no front-armour die lost
    put(g, "zook", (3, 0))
    assert F.at_plan(g, "zook", "stug")[0].notes == ["bazooka at 2 squares: 4d6"]
    put(g, "zook", (0, 2))
    assert F.at_plan(g, "zook", "stug")[0].notes == ["bazooka at 3 squares: 3d6"]


def test_who_may_fire_an_anti_tank_weapon_now():
    g = open_table("zook", "stug", "gruppe", card="any")
    put(g, "stug", (3, 2))
    put(g, "gruppe", (3, 4))
    put(g, "zook", (3, 0), moved=True)  # a weapon team never moves and fires on one card, even a face card
    refused(g, "zook has already acted on this card", F.at_plan, "zook", "stug")
    put(g, "zook", (3, 0), moved=False, spent=True)
    refused(g, "zook failed its rally and can do nothing more this card", F.at_plan, "zook", "stug")
    put(g, "zook", (3, 0), spent=False, order="suppressed")
    refused(g, "zook is suppressed and may not fire", F.at_plan, "zook", "stug")
    put(g, "zook", (3, 0), order="good order")
    refused(g, "gruppe is not a vehicle", F.at_plan, "zook", "gruppe")  # a bazooka is for vehicles
    put(g, "zook", (3, 0), order="pinned")  # Opportunity Fire: good order only
    refused(g, "zook may not opportunity fire now", F.at_plan, "zook", "stug", "opfire")
    g = open_table("stug", "sherman", card="move", side="de")
    put(g, "stug", (3, 2), moved=True)  # a tank destroyer that moved on a move card
    put(g, "sherman", (3, 0))
    refused(g, "stug has already acted on this card", F.at_plan, "stug", "sherman")
    put(g, "stug", (3, 2), moved=False, order="suppressed")  # a suppressed vehicle still fires
    assert "firer pinned or suppressed" in [m.name for m in F.at_plan(g, "stug", "sherman")[0].mods]


def test_main_guns_and_anti_tank_guns_also_fire_at_infantry():
    g = open_table("sherman", "gruppe", "mg42", "sq1", edit=lambda d: unit(d, "mg42").update(kind="at_gun", rules={}))
    put(g, "sherman", (3, 0))
    put(g, "gruppe", (3, 2))
    assert F.at_plan(g, "sherman", "gruppe")[0].notes[0] == "main_gun at 2 squares: 4d6"
    situation_of(g).card("fire", "de")
    put(g, "gruppe", (0, 5))  # out of the gun's line
    put(g, "mg42", (3, 4))
    situation_of(g).face("mg42", 180)
    assert F.at_plan(g, "mg42", "sherman")[0].notes[0] == "at_gun at 4 squares: 4d6"
    put(g, "sq1", (3, 2))
    assert F.at_plan(g, "mg42", "sq1")[0].notes[0] == "at_gun at 2 squares: 4d6"


def test_a_buttoned_tank_op_fires_its_main_gun_to_six_squares_but_fires_to_twenty():
    # Vehicle Opportunity Fire: buttoned up, the main gun at vehicles within 6 squares
    g = open_table("sherman", "stug")
    put(g, "sherman", (0, 0), buttoned=True)
    situation_of(g).face("sherman", 90)
    situation_of(g).turret("sherman", 90)
    put(g, "stug", (7, 0))
    refused(g, "stug is 7 squares away; the range is 6", F.at_plan, "sherman", "stug", "opfire")
    assert F.at_plan(g, "sherman", "stug")[0].notes[0] == "main_gun at 7 squares: 4d6"


def test_a_turret_aims_where_it_points_and_a_hull_gun_turns_to_the_nearest_quarter():
    # a target within 45 degrees of where the gun points needs no turn (the square diagonal to the
    # bow is within it); otherwise the turret turns (one die less), or a hull gun turns its vehicle
    # to the quarter nearest the target: tracked up to 180 degrees, wheeled (and guns) up to 90
    g = open_table("sherman", "stug", side="de")
    put(g, "sherman", (3, 2))
    situation_of(g).face("sherman", 0)
    situation_of(g).turret("sherman", 90)
    put(g, "stug", (4, 2))  # due east, where the turret points
    situation_of(g).face("stug", 270)
    situation_of(g).card("fire", "us")
    assert "turret rotated to fire" not in [m.name for m in F.at_plan(g, "sherman", "stug")[0].mods]
    situation_of(g).card("fire", "de")
    situation_of(g).face("stug", 0)
    put(g, "stug", (2, 1))  # the Sherman is up and to the right: 45 degrees off the bow
    assert F.at_plan(g, "stug", "sherman")[1] == {}
    put(g, "stug", (2, 3))  # down and to the right: 135 degrees, rounded to the quarter behind (180)
    assert F.at_plan(g, "stug", "sherman")[1] == {"facing": 180.0}
    situation_of(g).face("stug", 180)
    put(g, "stug", (4, 1))  # up and to the left: 315 degrees, rounded to due north (0, not 360)
    assert F.at_plan(g, "stug", "sherman")[1] == {"facing": 0.0}
    g = open_table("sherman", "mg42", side="de", edit=lambda d: unit(d, "mg42").update(kind="at_gun", rules={}))
    put(g, "sherman", (3, 2))
    put(g, "mg42", (3, 3))
    situation_of(g).face("mg42", 0)  # the Sherman is right behind the gun
    refused(g, "mg42 may turn only 90 degrees to fire", F.at_plan, "mg42", "sherman")


def test_units_without_a_stated_quality_or_class_are_regular_and_medium():
    # house: the scenario may leave a unit's quality and a tank's class unsaid
    g = game(edit=lambda d: (unit(d, "sq1").pop("quality"), unit(d, "stug").update(rules={}),
                             unit(d, "mg42").update(kind="at_gun", rules={})))
    assert L.quality(g, "sq1") == "regular"
    assert (V.vehicle_class(g, "stug"), L.vehicle_class_of(g, "mg42")) == ("medium", "medium")


def test_the_dice_lost_for_front_armour_a_heavy_target_and_a_shaken_firer():
    # Attacking vehicles, one die less each: an armoured target (halftracks too) hit from the front,
    # that is with the firer within 45 degrees of its bow (house: the red-zone diagram is lost); a
    # heavy tank or a tank destroyer; a pinned or suppressed firer
    def heavy(d):
        unit(d, "stug").update(kind="tank", rules={"tank_class": "heavy"})
        unit(d, "gruppe").update(kind="halftrack")
    g = open_table("sherman", "stug", "gruppe", edit=heavy)
    put(g, "sherman", (3, 0))
    situation_of(g).turret("sherman", 0)
    put(g, "stug", (3, 2))
    p, _ = F.at_plan(g, "sherman", "stug")
    assert (p.firers, p.origin, p.target) == (["sherman"], (3, 0), (3, 2))
    for facing, front in [(180, True), (135, True), (225, True), (134, False), (90, False)]:
        situation_of(g).face("stug", facing)
        names = [m.name for m in F.at_plan(g, "sherman", "stug")[0].mods]
        assert ("armoured target hit from the front" in names) is front, facing
        assert "target is a heavy tank or tank destroyer" in names
    put(g, "stug", (0, 5))
    put(g, "gruppe", (3, 2))
    situation_of(g).face("gruppe", 180)
    put(g, "sherman", (3, 0), order="suppressed")
    assert [m.name for m in F.at_plan(g, "sherman", "gruppe")[0].mods] == [
        "armoured target hit from the front", "firer pinned or suppressed"]


@pytest.mark.parametrize("kind, weapons, weapon", [
    ("rifle_squad", ["rifle", "panzerschreck"], "panzerschreck"),
    ("rifle_squad", ["rifle", "piat"], "piat"),
    ("rifle_squad", ["rifle", "panzerfaust"], "panzerfaust"),
    ("rifle_squad", ["bazooka", "main_gun"], "main_gun"),  # the heavier weapon first
    ("at_gun", [], "at_gun"),  # a gun is its own weapon
    ("tank", [], "main_gun"),
    ("tank_destroyer", [], "main_gun"),
    ("rifle_squad", ["rifle"], None),
])
def test_the_anti_tank_weapon_a_unit_fires(kind, weapons, weapon):
    # Attacking vehicles: the weapon's line of the table, by what the unit carries or what it is
    def arm(d):
        u = unit(d, "gruppe")
        u.update(kind=kind)
        u["stands"][0]["weapons"] = weapons
    g = game(edit=arm)
    if weapon is None:
        refused(g, "gruppe has no anti-tank weapon", F.at_weapon, "gruppe")
    else:
        assert F.at_weapon(g, "gruppe") == weapon
