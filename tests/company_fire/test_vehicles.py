"""Company Fire vehicles: line of sight arcs, attacking vehicles (the weapon table and every die
reduction), rotation limits, hit results, buttoning up and vehicle opportunity fire."""

import pytest

from tests.company_fire.helpers import game, put, unit
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.company_fire import fire as F
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import movement as V
from wgkit.rules.company_fire.effects import Effects


def names(plan):
    return [m.name for m in plan.mods]


def test_vehicle_sight_front_and_sides_turret_independent_buttoned_front_only():
    g = game()
    put(g, "sherman", (3, 4))  # facing north, turret with the hull
    assert L.in_arc(g, "sherman", (3, 5)) and L.in_arc(g, "sherman", (4, 4))  # front, side
    assert not L.in_arc(g, "sherman", (3, 3))  # rear
    situation_of(g).turret("sherman", 180.0)
    assert L.in_arc(g, "sherman", (3, 3))  # the turret looks back
    situation_of(g).buttoned("sherman")
    assert not L.in_arc(g, "sherman", (4, 4)) and L.in_arc(g, "sherman", (3, 5)) and L.in_arc(g, "sherman", (3, 3))
    assert L.in_arc(g, "stug", (7, 4)) and not L.in_arc(g, "stug", (6, 5))  # fixed gun: the front only


def test_main_gun_against_a_tank_destroyer_from_its_front():
    g = game(card="fire")
    put(g, "sherman", (7, 3))
    p, turn = F.at_plan(g, "sherman", "stug")
    assert names(p) == ["armoured target hit from the front", "target is a heavy tank or tank destroyer"]
    assert p.dice == 2 and turn == {} and p.notes == ["main_gun at 2 squares: 4d6"]


def test_every_die_reduction_for_attacking_vehicles():
    g = game(card="move", edit=lambda d: unit(d, "sherman").update(rules={"tank_class": "light"}))
    put(g, "sherman", (7, 0), order="pinned")
    situation_of(g).face("sherman_model", 90.0)
    put(g, "stug", (7, 1))  # in the standing wheat: cover
    p, turn = F.at_plan(g, "sherman", "stug")
    assert sorted(names(p)) == sorted([
        "turret rotated to fire", "light tank or anti-tank gun firing", "firing on a move card",
        "armoured target hit from the front", "target vehicle in cover", "target is a heavy tank or tank destroyer",
        "firer pinned or suppressed"])
    assert p.dice == 0 and turn == {"turret": 0.0} and p.notes == ["main_gun at 1 square: 4d6"]


def test_bazooka_rolls_an_extra_die_within_two_squares_and_has_a_range():
    g = game(card="fire")
    put(g, "zook", (6, 5))  # beside the StuG: its side, not its front
    p, _ = F.at_plan(g, "zook", "stug")
    assert p.notes == ["bazooka at 1 square: 4d6"] and names(p) == ["target is a heavy tank or tank destroyer"]
    assert p.dice == 3
    put(g, "zook", (2, 5))
    with pytest.raises(IllegalActionError, match="5 squares away; the range is 4"):
        F.at_plan(g, "zook", "stug")


def test_tank_destroyer_turns_to_fire_but_only_so_far_and_tanks_may_not_move_and_fire():
    g = game(card="fire", side="de")
    put(g, "sherman", (6, 5))
    p, turn = F.at_plan(g, "stug", "sherman")
    assert turn == {"facing": 270.0} and "turret rotated to fire" not in names(p)
    e = F.resolve_at(g, "stug", "sherman")
    assert g.state["pieces"]["stug_model"]["facing"] == 270.0 and e.detail["rule"] == "Attacking vehicles"
    g = game(card="any")
    V.resolve_move(g, "sherman", [(6, 1)])
    with pytest.raises(IllegalActionError, match="tanks may not move and fire the main gun"):
        F.at_plan(g, "sherman", "stug")


def test_anti_tank_guns_turn_ninety_degrees_at_most():
    g = game(card="fire", edit=lambda d: unit(d, "zook").update(kind="at_gun"))
    put(g, "zook", (7, 3))
    situation_of(g).face("zook_base", 180.0)
    with pytest.raises(IllegalActionError, match="may turn only 90 degrees"):
        F.at_plan(g, "zook", "stug")  # the StuG is straight behind it


def test_infantry_fire_anti_tank_and_small_arms_on_the_same_card():
    g = game(card="fire", side="de")
    put(g, "sherman", (5, 3))
    put(g, "sq2", (4, 4))
    F.resolve_at(g, "gruppe", "sherman")
    assert F.plan(g, ["gruppe"], (4, 4)).dice == 3  # its rifles may still fire
    with pytest.raises(IllegalActionError, match="already fired its anti-tank weapon"):
        F.at_plan(g, "gruppe", "sherman")


def test_small_arms_do_not_hurt_armour_and_the_hull_mg_fires_through_the_bow():
    g = game(card="fire")
    put(g, "sq2", (7, 4))
    with pytest.raises(IllegalActionError, match="that this fire can hit"):
        F.plan(g, ["sq2"], (7, 5))
    put(g, "sherman", (4, 4))
    situation_of(g).face("sherman_model", 0.0)
    with pytest.raises(IllegalActionError, match="hull MG fires only through the edge its bow faces"):
        F.plan(g, ["sherman"], (5, 4))
    situation_of(g).face("sherman_model", 90.0)
    assert F.plan(g, ["sherman"], (5, 4)).dice == 2  # an MG's 3d6, less one for the buildings
    situation_of(g).face("sherman_model", 45.0)  # the farm lies due east: exactly 45 degrees off the bow
    assert F.plan(g, ["sherman"], (5, 4)).dice == 2
    situation_of(g).face("sherman_model", 44.0)
    with pytest.raises(IllegalActionError, match="hull MG fires only through the edge its bow faces"):
        F.plan(g, ["sherman"], (5, 4))


def test_a_suppressed_vehicle_backs_off_one_square():
    g = game()
    put(g, "sherman", (5, 3))
    fx = Effects(g)
    fx.hit("sherman", 2)
    g.record("hit", fx.finish())
    assert L.order(g, "sherman") == "suppressed" and L.cell(g, "sherman") in [(4, 3), (5, 2)]
    assert "backs off" in fx.lines[0]


def test_button_up_takes_a_pin_and_keeps_opportunity_fire():
    g = game(card="move", side="de")
    V.resolve_button_up(g, "stug")
    assert L.order(g, "stug") == "pinned" and L.buttoned(g, "stug") and L.may_opfire(g, "stug")
    put(g, "sherman", (7, 4))
    situation_of(g).moving(["sherman"], (7, 3), (7, 4))
    p, _ = F.at_plan(g, "stug", "sherman", "opfire")
    assert p.dice == 2  # 4d6, front, pinned firer
    # its ranges when buttoned: test_values_from_the_text, 4 and 6 squares at the boundary


def test_vehicle_moves_cost_a_test_on_a_fire_card():
    g = game(card="fire")
    e = V.resolve_move(g, "sherman", [(6, 1)])
    assert e.rolls and e.rolls[0].purpose == "movement test" and e.detail["odds"] is not None


def test_a_tank_moving_into_sight_draws_anti_tank_opportunity_fire():
    from wgkit.rules.registry import actions_for

    g = game(card="move")
    put(g, "sherman", (7, 3))
    V.resolve_move(g, "sherman", [(7, 4)])  # up the lane towards the StuG, which faces it
    assert L.cf(g)["opfire"]["units"] == ["sherman"]
    spec = next(a for a in actions_for(g) if a.name == "anti-tank op fire")
    params = {"unit": "stug", "vehicle": "sherman"}
    assert spec.odds(g, params) is not None and "armoured target hit from the front" in " ".join(spec.explain(g, params))
    assert "firing on a move card" not in " ".join(spec.explain(g, params))  # the mover's card, not the StuG's fire
    e = spec.resolve(g, params)
    assert e.detail["rule"] == "Attacking vehicles" and L.cf(g)["opfire"] is None
    assert not L.may_opfire(g, "stug")


def test_a_scenario_may_start_a_vehicle_buttoned_up():
    g = game(edit=lambda d: unit(d, "stug")["rules"].update(buttoned=True))
    assert L.buttoned(g, "stug") and L.order(g, "stug") == "good order"


def test_a_suppressed_vehicle_backs_off_from_the_nearest_live_enemy():
    # Vehicle Hit Results: suppressed, a vehicle moves one square away from the enemy; from (6, 5)
    # with the Sherman at (6, 2), (5, 5) and (7, 5) are further, (5, 5) the first; with the only
    # enemy destroyed there is nothing to back off from
    from tests.company_fire.helpers import remove
    from wgkit.rules.company_fire.effects import Effects

    for sherman, line in [("good order", "stug: 2 hits -> suppressed, backs off to (5, 5)"),
                          ("destroyed", "stug: 2 hits -> suppressed")]:
        g = game()
        remove(g, "sq1", "sq2", "mg", "fo", "plt_ldr", "zook")
        put(g, "stug", (6, 5))
        put(g, "sherman", (6, 2), order=sherman)
        fx = Effects(g)
        assert fx.hit("stug", 2) == "suppressed" and fx.lines == [line]


def test_bearings_and_angles_off_the_bow_across_north():
    # Vehicle Line of Sight: bearings clockwise from north (up the table); due west is 270°, and
    # 350° is 10° off a bow facing 0°, whichever way round
    g = game()
    assert L.bearing(g, (3, 4), (2, 4)) == 270.0 and L.bearing(g, (3, 4), (3, 3)) == 180.0
    assert L.off_bow(0.0, 350.0) == 10.0 and L.off_bow(350.0, 0.0) == 10.0


def test_a_vehicle_placed_without_a_facing_faces_up_the_table():
    g = game()
    assert L.facing(g, "sherman") == 0.0


def test_an_open_turret_sees_135_degrees_either_side_and_no_further():
    # Vehicle Line of Sight (red zone, house): an unbuttoned crew sees 135° either side of the
    # turret; the square behind a north-facing hull lies at 180°, 135° off a turret at 45°
    g = game()
    put(g, "sherman", (3, 4))
    for aim, seen in ((45.0, True), (44.5, False), (315.0, True), (315.5, False)):
        situation_of(g).turret("sherman", aim)
        assert L.in_arc(g, "sherman", (3, 3)) is seen, aim


def test_a_buttoned_vehicle_facing_away_still_sees_its_own_square():
    g = game()
    put(g, "sherman", (3, 4))
    situation_of(g).turret("sherman", 180.0)
    situation_of(g).face("sherman_model", 180.0)
    situation_of(g).buttoned("sherman")
    assert L.in_arc(g, "sherman", (3, 4)) and not L.in_arc(g, "sherman", (3, 5))


@pytest.mark.parametrize("at, foes, to", [
    # from (5, 3), away from sq1 at (3, 2): (6, 3) and the farm (5, 4) are further, but a vehicle
    # may not enter the farm's buildings
    ((5, 3), {"sq1": (3, 2)}, (6, 3)),
    # from (3, 1), the Sherman at (5, 1) 2 squares off and sq1 at (1, 2) 3: (2, 1) and (3, 2) would
    # leave one of them 2 squares away, no further, so only (3, 0), 3 and 4 away, will do
    ((3, 1), {"sherman": (5, 1), "sq1": (1, 2)}, (3, 0)),
])
def test_a_suppressed_vehicle_backs_off_strictly_further_and_never_into_buildings(at, foes, to):
    from tests.company_fire.helpers import remove

    g = game()
    remove(g, *[u for u in ("sq1", "sq2", "mg", "fo", "plt_ldr", "zook", "sherman") if u not in foes])
    for u, cell in foes.items():
        put(g, u, cell)
    put(g, "stug", at)
    fx = Effects(g)
    assert fx.hit("stug", 2) == "suppressed" and fx.lines == [f"stug: 2 hits -> suppressed, backs off to {to}"]


def test_swamp_is_impassable_and_full_grown_fields_block_sight():
    # Area Terrain: swamp is impassable to infantry and vehicles; fields give cover unless low, and
    # block sight only when full grown (the bundled wheat, over (5, 1) to (7, 1))
    def variant(v):
        def edit(d):
            wheat = next(t for t in d["terrain"] if t["id"] == "wheat")
            wheat["variant"] = v
            d["terrain"].append({"id": "bog", "name": "Bog", "type": "swamp", "rectangle": {"center": [9, 3], "size": [6, 6]}})
        return edit

    for v, cover, blocks in (("full-grown", True, True), ("medium", True, False), ("low", False, False)):
        m = L.gridmap(game(edit=variant(v)))
        assert (m.terrain((6, 1)), m.cover((6, 1)), m.blocks((6, 1))) == (f"fields/{v}", cover, blocks)
    g = game(edit=variant("low"))
    m = L.gridmap(g)
    assert m.terrain((1, 0)) == "swamp" and not m.passable((1, 0), False) and not m.passable((1, 0), True)
    with pytest.raises(IllegalActionError, match=r"\(1, 0\) \(swamp\) is impassable to infantry"):
        V.resolve_move(g, "sq1", [(1, 0)])
    put(g, "sherman", (2, 0))
    with pytest.raises(IllegalActionError, match=r"\(1, 0\) \(swamp\) is impassable to vehicles"):
        V.resolve_move(g, "sherman", [(1, 0)])


def test_a_suppressed_vehicle_moves_half_its_rate_and_may_go_sideways():
    # Vehicle Hit Results and Vehicle Movement: a light tank's off-road rate is 4, halved to 2
    # when suppressed and on a fire card; a suppressed tank may not come nearer the enemy, and a
    # move that keeps its distance (7 squares from the Gruppe either way) is not nearer
    from tests.company_fire.helpers import remove

    light = lambda d: unit(d, "sherman")["rules"].update(tank_class="light")  # noqa: E731
    g = game(edit=light)
    remove(g, "mg42", "gruppe2", "sniper", "stug")
    put(g, "sherman", (2, 0), order="suppressed")
    assert V.allowance(g, "sherman", [(1, 0), (1, 1)])[:2] == (2, False)
    with pytest.raises(IllegalActionError, match="sherman is suppressed and may not move towards the enemy"):
        V.resolve_move(g, "sherman", [(2, 1)])
    assert V.resolve_move(g, "sherman", [(1, 0), (1, 1)]).text.startswith("sherman moves to (1, 1)")
    g = game(card="fire", edit=light)
    assert V.allowance(g, "sherman", [(6, 1), (6, 2)])[:2] == (2, True)


@pytest.mark.parametrize("kind, closed, turreted", [
    ("tank", True, True), ("armoured_car", True, True), ("tank_destroyer", True, False), ("halftrack", False, False)])
def test_pinned_vehicles_are_buttoned_and_only_closed_tops_keep_opportunity_fire(kind, closed, turreted):
    # Vehicle Unit Status: good order may op fire; pinned may not, except closed-top vehicles
    # (tanks, tank destroyers, armoured cars); suppressed never. Vehicle Line of Sight: a pinned or
    # suppressed tank is buttoned up. Tanks and armoured cars turn a turret (north, with the hull)
    g = game(edit=lambda d: unit(d, "sherman").update(kind=kind))
    assert (L.may_opfire(g, "sherman"), L.buttoned(g, "sherman")) == (True, False)
    assert L.turret(g, "sherman") == (0.0 if turreted else None)
    put(g, "sherman", (6, 0), order="pinned")
    assert (L.may_opfire(g, "sherman"), L.buttoned(g, "sherman")) == (closed, True)
    put(g, "sherman", (6, 0), order="suppressed")
    assert (L.may_opfire(g, "sherman"), L.buttoned(g, "sherman")) == (False, True)


def test_single_figures_are_lost_only_with_every_unit_of_their_square():
    # Single Mounted Figures: eliminated when the non-SMF units in their square are; a leader with
    # a squad that is only pinned stays. sq1 is pinned first, sq2 destroyed after it
    g = game()
    put(g, "sq1", (4, 1))
    put(g, "plt_ldr", (4, 1))
    put(g, "sq2", (2, 1))
    put(g, "fo", (2, 1))
    fx = Effects(g)
    fx.hit("sq1", 1)
    fx.hit("sq2", 3)
    g.record("hit", fx.finish())
    assert {u: L.order(g, u) for u in ("sq1", "plt_ldr", "sq2", "fo")} == {
        "sq1": "pinned", "plt_ldr": "good order", "sq2": "destroyed", "fo": "destroyed"}
    assert fx.lines[-1] == "fo: lost with the units in its square"


def test_a_vehicle_never_retreats_across_full_bocage():
    # Bocage: vehicles cannot pass through a full bocage edge, backing off or shedding a hit either.
    # Suppressed at (4, 4) by sq1 at (4, 3): (3, 4) is beyond the east hedgerow, (5, 4) the farm, so (4, 5)
    from tests.company_fire.helpers import remove

    g = game()
    remove(g, "sq2", "mg", "fo", "plt_ldr", "zook", "sherman")
    put(g, "sq1", (4, 3))
    put(g, "stug", (4, 4))
    fx = Effects(g)
    assert fx.hit("stug", 2) == "suppressed" and fx.lines == ["stug: 2 hits -> suppressed, backs off to (4, 5)"]
    # Hit Reduction: a half-track at (4, 3) hit by the Gruppe may not shed it over the hedge behind
    # it to (4, 2), where a squad may go (test_fire.py::test_hit_reduction_whole_*)
    g = game(card="fire", side="de", edit=lambda d: unit(d, "sherman").update(kind="halftrack"))
    put(g, "sherman", (4, 3))
    with g.table_dice([5, 1, 1]):
        assert F.resolve(g, ["gruppe"], (4, 3)).text == "gruppe fires 3d6 at (4, 3): sherman: 1 hit -> pinned"
    with pytest.raises(IllegalActionError, match=r"sherman cannot retreat into \(4, 2\)"):
        F.resolve_reduce(g, "sherman", (4, 2))
