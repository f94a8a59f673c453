"""Eagles: what the rules do not allow is refused by name, and nothing is written to the log.

Each case is an umpire's likely slip: the wrong unit picked, an order given twice, a battery
given two jobs at once. The refusal says what is wrong with the unit named."""

from tests.conftest import refused
from tests.eagles.helpers import game, put, unit
from wgkit.rules import situation_of
from wgkit.rules.eagles import actions as A
from wgkit.rules.eagles import air as AIR
from wgkit.rules.eagles import barrage as B
from wgkit.rules.eagles import fire as F



def test_only_an_aircraft_not_yet_sent_flies_a_sortie():
    # 6.1: a sortie is ordered at a point and spends the turn en route
    g = game()
    refused(g, "dcli_a is not an available sortie", AIR.resolve_sortie, "dcli_a", (36, 30))
    AIR.resolve_sortie(g, "typhoons", (36, 30))
    refused(g, "typhoons is already on its way", AIR.resolve_sortie, "typhoons", (40, 30))
    situation_of(g).unit_status("typhoons", destroyed=True)
    refused(g, "typhoons is not an available sortie", AIR.resolve_sortie, "typhoons", (40, 30))


def test_anti_aircraft_fire_only_at_a_sortie_over_the_table_this_turn():
    # 6.4: AA fires at a sortie in the turn it attacks, not while it is en route
    g = game()
    refused(g, "typhoons is not over the table this turn", AIR.resolve_aa, "pzgren", "typhoons")
    AIR.resolve_sortie(g, "typhoons", (36, 32))
    refused(g, "typhoons is not over the table this turn", AIR.resolve_aa, "pzgren", "typhoons")
    situation_of(g).turn(2)
    refused(g, "dcli_a cannot fire at typhoons", AIR.resolve_aa, "dcli_a", "typhoons")  # its own side's
    AIR.resolve_aa(g, "pzgren", "typhoons")  # under the attack point: in the zone
    refused(g, "pzgren cannot fire at typhoons", AIR.resolve_aa, "pzgren", "typhoons")  # once a turn


def test_an_air_attack_spares_units_of_its_own_side_in_the_zone():
    # 6.3: the sortie's kill dice go at the enemy in the impact zone; its own side is not a target
    g = game(seed=3, edit=lambda d: unit(d, "typhoons")["rules"].update(sortie="strafing"))  # spread
    put(g, "dcli_a", 36, 32.5)  # beside the panzergrenadiers, under the same 4" disk
    AIR.resolve_sortie(g, "typhoons", (36, 32))
    situation_of(g).turn(2)
    e = AIR.resolve_attack(g, "typhoons")
    assert e.text.startswith("typhoons attacks (") and ", spread): pzgren" in e.text and "dcli_a" not in e.text
    assert not any(path[:2] == ("units", "dcli_a") for path, _ in e.changes)


def test_converged_rockets_whose_nearest_unit_is_their_own_side_attack_nobody_and_say_why():
    # 3.6/6.3: rockets converge on the one unit nearest the impact point; the sortie's own unit
    # there is not a target, so no kill die is rolled, and the log says the zone held only it
    g = game(seed=3, edit=lambda d: unit(d, "typhoons")["rules"].update(sortie="rockets"))
    put(g, "dcli_a", 36, 32)  # on the impact point; pzgren, 0.5" off, is not the nearest
    put(g, "pzgren", 36, 32.5)
    AIR.resolve_sortie(g, "typhoons", (36, 32))
    situation_of(g).turn(2)
    e = AIR.resolve_attack(g, "typhoons")
    assert (e.text, e.rolls) == ("typhoons attacks (Y, converged): no enemy in the zone, only its own dcli_a", ())
    assert [path for path, _ in e.changes if path[1] in ("dcli_a", "pzgren")] == []


def test_a_battery_takes_one_job_a_turn_and_must_be_set_up():
    # Phase A assigns each battery to barrage or direct support; 3.9: a gun fires only set up
    g = game(edit=lambda d: unit(d, "field_regt")["rules"].update(off_board=False))
    refused(g, "a battery is assigned to barrage or support", B.assign, "field_regt", "counter-battery")
    B.assign(g, "field_regt", "support")
    refused(g, "field_regt is assigned to direct support this turn", B.call, "field_regt", "fire", (36, 32))
    g = game(edit=lambda d: unit(d, "field_regt")["rules"].update(off_board=False))
    situation_of(g).unit_status("field_regt", deployed=False)
    refused(g, "field_regt is not deployed", B.call, "field_regt", "fire", (36, 32))
    situation_of(g).unit_status("field_regt", deployed=True, deploying={"to": "packed", "ready": 2})
    refused(g, "field_regt is not deployed", B.call, "field_regt", "fire", (36, 32))


def test_a_battery_on_the_table_fires_from_where_it_stands():
    # 3.5 puts off-board batteries 1000 yd behind their edge; one on the table is where it is
    g = game(edit=lambda d: unit(d, "field_regt")["rules"].update(off_board=False))
    assert B.battery_point(g, "field_regt") == (34, 1)


def test_direct_fire_needs_an_enemy_and_support_from_a_free_friend():
    # 4.2: a unit fires at the enemy; 3.0: a battery adds its FP in direct support only when
    # assigned to support, and a supporting unit must be a friend that has not fired
    g = game(step="Infantry vs infantry")
    put(g, "dcli_a", 36, 28)
    refused(g, "dcli_b is not an enemy unit on the table", F.plan, "dcli_a", "dcli_b")
    situation_of(g).unit_status("tigers", destroyed=True)
    refused(g, "tigers is not an enemy unit on the table", F.plan, "dcli_a", "tigers")
    refused(g, "field_regt is not assigned to direct support", F.plan, "dcli_a", "pzgren", support=("field_regt",))
    situation_of(g).unit_status("dcli_b", fired=True)
    refused(g, "dcli_b cannot support this fire", F.plan, "dcli_a", "pzgren", support=("dcli_b",))
    refused(g, "pzgren cannot support this fire", F.plan, "dcli_a", "pzgren", support=("pzgren",))
    B.assign(g, "field_regt", "support")
    p = F.plan(g, "dcli_a", "pzgren", support=("field_regt",))
    assert [(m.name, m.value) for m in p.mods] == [("direct support by field_regt", 3)]  # its FP, 3


def test_units_move_only_in_the_movement_phase():
    g = game(step="Infantry vs infantry")
    refused(g, "units move in the movement phase; now is Infantry vs infantry", A.move, "dcli_a1", (30, 9))
