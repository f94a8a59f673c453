"""Rookie Rules: movement classes and penalties, line of sight, the fire modifiers, armour,
leaders under fire, snipers, over runs, mines and melee."""

import pytest

from tests.rookie.helpers import Fixed, act, game, put, unit
from wgkit.engine import IllegalActionError
from wgkit.fog import seen_now
from wgkit.rules import situation_of
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import movement as MV
from wgkit.rules.rookie import tables as T


def test_speed_classes_and_every_penalty_cumulative():
    g = game()
    assert MV.speed(g, "ru_sq", (16, 10))[0] == 6  # infantry, class A (house chart)
    assert MV.speed(g, "de_wood", (36, 12))[0] == 2  # in the wood: class C
    put(g, "ru_sq", 10, 10, marker="disrupted")
    assert MV.speed(g, "ru_sq", (16, 10))[0] == 4  # one class slower
    put(g, "ru_sq", 10, 10, marker="pinned")
    assert MV.speed(g, "ru_sq", (16, 10))[0] == 2
    put(g, "de_wood", 36, 10, marker="disrupted")
    assert MV.speed(g, "de_wood", (36, 12))[0] == 0  # C slowed: cannot move
    put(g, "ru_sq", 10, 10, marker="suppressed")
    inches, why = MV.speed(g, "ru_sq", (12, 10))
    assert inches == 0 and why[-1] == "suppressed units do not move"
    put(g, "ru_sq", 10, 10, marker=None)
    put(g, "ru_lt", 40, 22)
    inches, why = MV.speed(g, "ru_sq", (16, 10))  # Movement: "one class slower" out of command radius
    assert inches == 4 and "out of command radius: one class slower (HOUSE)" in why


def test_roads_double_and_wire_stops_infantry():
    g = game()
    put(g, "ru_sq", 4, 18)
    assert MV.speed(g, "ru_sq", (10, 18))[0] == 12  # along the lane: double A
    g2 = game("tractor_works")
    assert MV.speed(g2, "ru_sq1", (12, 16))[1][-1] == "barbed wire stops infantry for the phase"


def test_a_move_costs_a_function_and_is_refused_beyond_the_speed():
    g = game()
    act(g, "ru_sq")
    with pytest.raises(IllegalActionError, match="may move 6\" with one function"):
        MV.resolve_move(g, "ru_sq", (18, 10))
    MV.resolve_move(g, "ru_sq", (15, 10))
    assert L.pos(g, "ru_sq") == (15, 10) and L.status(g, "ru_sq")["functions"] == 1


def test_vehicles_break_down_over_run_and_frighten_infantry():
    g = game("tractor_works")
    put(g, "panzer", 26, 10)
    act(g, "panzer")
    with g.table_dice([2]):  # in the rubble only a 1 immobilises (a 2 would, elsewhere)
        e = MV.resolve_move(g, "panzer", (26, 16))  # up the road into the rubble field
    assert [(r.purpose, r.faces) for r in e.rolls] == [("breakdown", (2,))] and not L.status(g, "panzer").get("immobile")
    g = game("tractor_works")
    put(g, "ru_sq2", 26, 8)
    act(g, "panzer")
    with g.table_dice([5]):
        e = MV.resolve_move(g, "panzer", (26, 10))
    assert "over run on 41-45 at ru_sq2" in e.text  # the squad on the road, in the open: no shift
    assert L.alive(g, "ru_sq2") and "ru_sq2" in L.rk(g)["must_test"]  # a tank within 8": a morale test
    assert "ru_atg" not in L.rk(g)["must_test"]


def test_breakdown_is_rolled_once_in_each_phase_a_vehicle_travels_in_such_terrain():
    """Breakdown: "This possibility occurs each and every phase the vehicle travels in such terrain"."""
    g = game("tractor_works")
    put(g, "panzer", 26, 10)
    act(g, "panzer")
    with g.table_dice([5]):  # a 5: no breakdown
        e = MV.resolve_move(g, "panzer", (26, 16))  # up the road into the rubble field
    assert [r.purpose for r in e.rolls] == ["breakdown"] and not L.status(g, "panzer").get("immobile")
    with g.table_dice([]):  # its second function, same phase: no roll is asked for
        e = MV.resolve_move(g, "panzer", (26, 17))
    assert [r.purpose for r in e.rolls] == []
    g.advance()  # the next phase: rolled again
    while g.current_step().name != "Second card sequence":
        g.advance()
    act(g, "panzer")
    with g.table_dice([1]):  # a 1 in the rubble: immobile for good
        e = MV.resolve_move(g, "panzer", (26, 18))
    assert [r.purpose for r in e.rolls] == ["breakdown"] and L.status(g, "panzer")["immobile"] == "for good"


def test_entering_a_minefield_is_an_attack_on_the_16_20_column():
    g = game("tractor_works", seed=5)
    put(g, "ru_sq2", 34, 21)
    put(g, "ru_plt", 34, 24)
    act(g, "ru_sq2")
    e = MV.resolve_move(g, "ru_sq2", (36.5, 18.5))
    assert "mines on 16-20 at ru_sq2" in e.text


def test_line_of_sight_into_cover_but_not_through_it():
    g = game()
    assert L.sees(g, "ru_sq", "de_wood")  # into the wood
    put(g, "de_wood", 44, 10)  # behind the wood: through it
    assert not L.sees(g, "ru_sq", "de_wood") and "wood" in L.why_not(g, "ru_sq", "de_wood")
    with pytest.raises(IllegalActionError, match="cannot see de_wood: blocked by wood"):
        F.plan(g, "ru_sq", "de_wood")


def test_the_screen_sees_what_the_rules_fire_at():
    """Line of Sight: a unit deep in cover is seen (and fired at) from outside; the board, the fog
    of a double-blind game and the opponent judge sight by the ruleset's contract, so they must
    see it too."""
    g = game()
    put(g, "de_wood", 38, 10)  # 4" inside the 8" wood
    assert L.sees(g, "ru_sq", "de_wood")
    assert "de_wood_s" in seen_now(g, "su")
    put(g, "de_wood", 44, 10)  # behind the wood
    assert not L.sees(g, "ru_sq", "de_wood") and "de_wood_s" not in seen_now(g, "su")

def test_threat_is_the_strength_one_shot_is_expected_to_take():
    """For the opponent: the Russian squad's strength (men left over four, halved while pinned)
    the German squad in the open takes from it with one shot, by the chart on its column."""
    def chart(doc):  # the column the example's 7" shot uses (15 ff doubled: 26-30), set here
        cells = {str(f): "-" for f in range(10)}
        doc.setdefault("rules", {})["chart"] = {"26-30": {**cells, "1": "K", "2": "2KP", "3": "P"}}
    g = game(edit=chart)
    # 1 in 10 each: one killed and disrupted (3 of 4 men left: 1/4 lost), two killed and pinned
    # (2 of 4, pinned: 1/4 left, 3/4 lost), pinned (one removal from fighting: 1/2 lost)
    assert F.threat(g, "de_open_s", "ru_sq_s") == pytest.approx((1 / 4 + 3 / 4 + 1 / 2) / 10)
    put(g, "ru_sq", 10, 10, marker="pinned")  # already pinned (1/2): only the worst marker is kept
    # disrupted under pinned: 3/4 pinned is 3/8 (1/8 lost); 2KP: 2/4 pinned, 1/4 lost; pinned: nothing
    assert F.threat(g, "de_open_s", "ru_sq_s") == pytest.approx((1 / 8 + 1 / 4 + 0) / 10)
    put(g, "de_open", 44, 10)  # behind the wood: no shot, no threat
    assert F.threat(g, "de_open_s", "ru_sq_s") == 0.0

def test_fire_modifiers_out_of_command_pinned_firer_unattached_leader():
    g = game()
    put(g, "ru_lt", 40, 22)  # far away: the squad is out of command
    shot = F.plan(g, "ru_sq", "de_open")
    assert shot.ff == 12 and shot.notes[1] == "out of command radius: factor halved"  # 12 / 2, doubled at 7"
    put(g, "ru_lt", 10, 14)
    put(g, "ru_sq", 10, 10, marker="pinned")
    assert [m.name for m in F.plan(g, "ru_sq", "de_open").mods] == ["firer pinned"]
    put(g, "ru_sq", 10, 10, marker=None)
    shot = F.plan(g, "ru_sq", "de_lt")
    assert [m.value for m in shot.mods] == [-3] and shot.mods[0].name == "unattached leader as target"
    put(g, "ru_sq", 10, 10, marker="suppressed")
    with pytest.raises(IllegalActionError, match="suppressed and cannot fire"):
        F.plan(g, "ru_sq", "de_open")


def test_split_fire_must_be_declared_on_the_first_shot():
    g = game(seed=4)
    act(g, "ru_sq")
    F.resolve(g, "ru_sq", "de_open")
    with pytest.raises(IllegalActionError, match="needs split fire declared on the first shot"):
        F.resolve(g, "ru_sq", "de_wood")
    with pytest.raises(IllegalActionError, match="needs split fire declared on the first shot"):
        F.plan(g, "ru_sq", "de_wood")  # the odds refuse it too: Resolve is off before it is pressed
    g = game(seed=4)
    act(g, "ru_sq")
    first = F.resolve(g, "ru_sq", "de_open", split=True)
    second = F.resolve(g, "ru_sq", "de_wood")
    assert first.detail["column"] == "11-15" and second.detail["column"] == T.OFF_CHART


def test_an_attached_leader_may_fall_with_the_unit_and_shares_its_marker():
    g = game()
    put(g, "de_lt", 18, 10)  # touching the squad in the open
    changes = []
    F.apply(g, "de_open", T.Result(1, "pinned"), Fixed(1), changes)
    g.record("hit", changes)
    assert not L.alive(g, "de_lt")  # a 1 on the d10
    g = game()
    put(g, "de_lt", 18, 10)
    changes = []
    F.apply(g, "de_open", T.Result(1, "pinned"), Fixed(7), changes)
    g.record("hit", changes)
    assert L.alive(g, "de_lt") and L.marker(g, "de_lt") == "pinned"


def test_an_attached_leader_shares_a_marker_even_when_no_one_is_killed():
    """Leadership 2: "the leader WILL suffer any other penalty that the group is subject to"."""
    g = game()
    put(g, "de_lt", 18, 10)  # touching the squad in the open
    changes = []
    lines = F.apply(g, "de_open", T.Result(0, "suppressed"), Fixed(), changes)  # no casualty: no roll for him
    g.record("hit", changes)
    assert L.marker(g, "de_open") == "suppressed" and L.marker(g, "de_lt") == "suppressed"
    assert lines == ["de_lt, attached, is suppressed with de_open"]
    g = game()  # a leader standing apart keeps his own state
    changes = []
    F.apply(g, "de_open", T.Result(0, "suppressed"), Fixed(), changes)
    g.record("hit", changes)
    assert L.marker(g, "de_lt") is None


def test_armour_needs_a_single_weapon_big_enough_and_kills_become_special_damage():
    g = game("tractor_works")
    put(g, "ru_sq1", 26, 6)
    with pytest.raises(IllegalActionError, match="cannot penetrate class C armour"):
        F.plan(g, "ru_sq1", "panzer")
    put(g, "panzer", 34, 21)
    put(g, "ru_plt", 28, 30)  # the gun in command: its full factor
    assert L.sees(g, "ru_atg", "panzer")
    shot = F.plan(g, "ru_atg", "panzer")
    assert shot.notes[-1] == "a 33 ff weapon penetrates class C"
    for face, expect in ((7, "no_main_gun"), (8, "one_function"), (2, "skip")):
        g = game("tractor_works")
        changes = []
        lines = F.apply(g, "panzer", T.Result(1, "disrupted"), Fixed(face), changes)
        g.record("hit", changes)
        assert L.status(g, "panzer").get(expect) and lines[0].startswith(f"special damage {face}")
    g = game("tractor_works")
    changes = []
    lines = F.apply(g, "panzer", T.Result(1, None), Fixed(9, 2), changes)
    g.record("hit", changes)
    assert lines == ["special damage 9: fire in the tank: roll again", "fire roll 2: tank explodes"] and not L.alive(g, "panzer")


def test_small_arms_under_8_inches_can_hurt_class_a():
    g = game("tractor_works")
    g.scenario.unit("panzer").rules["armour_class"] = "A"
    try:
        put(g, "ru_sq1", 26, 8)
        put(g, "ru_plt", 24, 9)
        shot = F.plan(g, "ru_sq1", "panzer")  # 12 ff doubled at 6": 24, a total of 21-25 under 8"
        assert shot.notes[-1] == "small arms of 24 ff under 8\" penetrate class A"
    finally:
        g.scenario.unit("panzer").rules["armour_class"] = "C"


def test_snipers_use_the_first_column_and_hide_on_their_first_turn():
    g = game("tractor_works", seed=11)
    put(g, "de_sq2", 40, 26)
    shot = F.plan(g, "ru_sniper", "de_sq2")
    assert (shot.column, shot.mods, shot.notes) == ("1-5", [], ["a sniper: first column, no modifiers"])
    assert (shot.firer, shot.target, shot.ff) == ("ru_sniper", "de_sq2", L.ff(g, "ru_sniper"))
    act(g, "ru_sniper")
    e = F.resolve(g, "ru_sniper", "de_sq2")
    assert "cannot be detected this turn" in e.text and L.status(g, "ru_sniper")["sniper_hidden"]
    with pytest.raises(IllegalActionError, match="nobody has spotted"):
        F.plan(g, "de_sq2", "ru_sniper")


def test_on_table_artillery_minimum_range():
    g = game("tractor_works")
    put(g, "de_sq2", 30, 24)
    with pytest.raises(IllegalActionError, match="minimum range of 8.1"):
        F.plan(g, "ru_atg", "de_sq2")


def test_melee_high_die_wins_and_the_loser_loses_a_man():
    from wgkit.odds import exact

    d = exact(F.melee_roll)
    assert d.p(1) == pytest.approx(15 / 36) and d.p(0) == pytest.approx(6 / 36)
    g = game(seed=2)
    put(g, "ru_sq", 16, 10)
    act(g, "ru_sq")
    men = L.men(g, "de_open"), L.men(g, "ru_sq")
    with g.table_dice([5, 2]):  # the attacker's 5 beats the defender's 2: the defender loses a man
        e = F.resolve_melee(g, "ru_sq", "de_open")
    assert e.detail["outcome"] == 1 and (L.men(g, "de_open"), L.men(g, "ru_sq")) == (men[0] - 1, men[1])
    g.undo()
    with g.table_dice([3, 3]):  # a tie: nobody falls
        F.resolve_melee(g, "ru_sq", "de_open")
    assert (L.men(g, "de_open"), L.men(g, "ru_sq")) == men
    with pytest.raises(IllegalActionError, match="not an enemy stand within an inch"):
        act(g, "ru_sq")
        F.resolve_melee(g, "ru_sq", "de_wood")


def test_mud_sticks_rubble_holds_for_good_and_a_function_frees_from_mud():
    from wgkit.odds import exact

    assert exact(MV.unstick, 4).p(True) == pytest.approx(0.4) and exact(MV.unstick, 3).p(True) == pytest.approx(0.3)
    g = game("tractor_works")
    situation_of(g).stuck("panzer", "mud")
    act(g, "panzer")
    e = MV.resolve_unstick(g, "panzer")
    assert (L.status(g, "panzer").get("immobile") is None) == e.detail["outcome"]
    situation_of(g).stuck("panzer", "for good")
    act(g, "panzer")
    with pytest.raises(IllegalActionError, match="not stuck in mud"):
        MV.resolve_unstick(g, "panzer")


def test_mortar_fire_makes_the_target_test_morale_even_without_a_casualty():
    def mortar(doc):
        hmg = unit(doc, "de_hmg")
        hmg["kind"] = "mortar"
        hmg["stands"][0]["weapons"] = ["mortar"]

    g = game("tractor_works", edit=mortar)
    put(g, "de_hmg", 36, 14)
    put(g, "de_plt", 34, 14)
    act(g, "de_hmg")
    with g.table_dice([2] * 4):  # a low roll: no one killed, yet the mortar fire alone makes them test
        e = F.resolve(g, "de_hmg", "ru_sq2")
    assert "killed" not in e.text and L.rk(g)["must_test"] == ["ru_sq2"]


def _tractor_speed(uid, at, to, **status):
    g = game("tractor_works")
    put(g, uid, *at, **status)
    return MV.speed(g, uid, to)


@pytest.mark.parametrize("uid, at, to, status, expect", [
    # TERRAIN AND PENALTY EFFECTS ON MOVEMENT, with the house speeds (infantry A 6", B 4", C 2";
    # tracked A 12", B 8", C 4"): every reason, in the order the panel shows them
    ("de_sq1", (22, 8), (22, 11), {}, (6.0, ["terrain class A (open)", "6\" this function"])),
    ("de_sq1", (26, 4), (26, 9), {}, (12.0, ["terrain class A (open)", "on the road: double", "12\" this function"])),
    ("de_sq1", (26, 10), (26, 14), {}, (4.0, ["terrain class B (rubble)", "4\" this function"])),  # no doubling off road
    ("de_sq1", (26, 10), (26, 14), {"marker": "disrupted"},
     (2.0, ["terrain class B (rubble)", "disrupted: one class slower", "2\" this function"])),
    ("de_sq1", (26, 10), (26, 14), {"marker": "pinned"},
     (0.0, ["terrain class B (rubble)", "pinned: two classes slower", "slower than class C: cannot move"])),
    ("de_sq1", (22, 8), (22, 11), {"marker": "suppressed"},
     (0.0, ["terrain class A (open)", "suppressed units do not move"])),
    # 18.9" from Hartmann: out of his 12" radius too; "All these factors are cumulative"
    ("panzer", (10, 16), (10, 20), {}, (4.0, ["terrain class A (open)", "barbed wire: one class slower",
                                              "out of command radius: one class slower (HOUSE)", "4\" this function"])),
    ("panzer", (26, 2), (26, 5), {"immobile": "mud"}, (0.0, ["terrain class A (open)", "immobilised"])),
    # the gun stands 14.9" from Petrov: out of command as well
    ("ru_atg", (30, 30), (30, 28), {}, (0.0, ["terrain class A (open)", "out of command radius: one class slower (HOUSE)",
                                              "set up: take it down first (four functions)"])),
    ("ru_atg", (30, 30), (30, 28), {"deployed": False}, (2.0, ["terrain class A (open)", "out of command radius: one class slower (HOUSE)",
                                                             "2\" this function"])),  # crew: A 4", B 2"
])
def test_every_reason_for_a_speed(uid, at, to, status, expect):
    assert _tractor_speed(uid, at, to, **status) == expect


def test_a_move_of_exactly_the_speed_is_allowed_and_no_further():
    g = game()
    act(g, "ru_sq")
    with pytest.raises(IllegalActionError, match=r"ru_sq may move 6\" with one function \(terrain class A \(open\)\); "
                                                 r"that is 6.1\""):
        MV.resolve_move(g, "ru_sq", (16.1, 10))
    assert MV.resolve_move(g, "ru_sq", (16, 10)).text == "ru_sq moves 6.0\" to (16.0, 10.0)"


def test_a_unit_that_cannot_move_says_why():
    g = game()
    put(g, "ru_sq", 10, 10, marker="suppressed")
    act(g, "ru_sq")
    with pytest.raises(IllegalActionError, match="ru_sq cannot move: suppressed units do not move"):
        MV.resolve_move(g, "ru_sq", (11, 10))


@pytest.mark.parametrize("rules, speed", [({"tracked": False}, 16.0), ({"tracked": True}, 12.0), ({}, 12.0)])
def test_wheeled_and_tracked_vehicles(rules, speed):
    """House speeds: tracked 12" and wheeled 16" a function at class A; a vehicle is tracked
    unless the scenario says otherwise."""
    def edit(doc):
        doc["sides"][1]["units"][4]["rules"] = {"armour_class": "C", "ff": 33, **rules}

    g = game("tractor_works", edit=edit)
    put(g, "panzer", 40, 2)
    put(g, "de_plt", 40, 4)  # in command
    assert MV.mover(g, "panzer") == ("wheeled" if speed == 16 else "tracked")
    assert MV.speed(g, "panzer", (44, 2)) == (speed, ["terrain class A (open)", f"{speed:g}\" this function"])


def test_what_blocks_a_line_of_sight_is_named_feature_by_feature():
    # the Tractor Works: a line along y = 27 from x = 5 to x = 45 crosses the assembly hall
    # (x 9-19) and the offices (x 33-39); down the open west side nothing is in the way
    g = game("tractor_works")
    put(g, "ru_sq1", 5, 27)
    put(g, "de_sq1", 45, 27)
    assert (L.sees(g, "ru_sq1", "de_sq1"), L.why_not(g, "ru_sq1", "de_sq1")) == (False, "workshop, office")
    put(g, "de_sq1", 5, 10)
    assert (L.sees(g, "ru_sq1", "de_sq1"), L.why_not(g, "ru_sq1", "de_sq1")) == (True, "")
