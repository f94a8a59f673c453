"""Easy Company in play: MPs, movement, fire, artillery, melee, aid, morale."""

from fractions import Fraction

import pytest

from tests.conftest import ROOT
from wgkit.engine import Game, IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.easy_company import artillery as A
from wgkit.rules.easy_company import fire as F
from wgkit.rules.easy_company import lookup as L
from wgkit.rules.easy_company import melee as ME
from wgkit.rules.easy_company import morale as MO
from wgkit.rules.easy_company import movement as MV
from wgkit.rules.easy_company.flow import SEQUENCE
from wgkit.scenario import load

TUTORIAL = ROOT / "scenarios/easy_company/tutorial_farmyard.yaml"


def game(seed=44):
    return Game(load(TUTORIAL), seed, flow=SEQUENCE)


def to(g, name):
    while g.current_step().name != name:
        g.advance()


def test_leaders_get_their_motivation_points_each_turn():
    g = game()
    assert L.mp_left(g, "winters") == 12 and L.mp_left(g, "lipton") == 10 and L.mp_left(g, "unteroffizier") == 4


def test_mps_only_within_40_metres():
    g = game()
    assert L.leader_for(g, "toye") == "lipton"
    situation_of(g).place("toye", (2, 30))
    assert L.leader_for(g, "toye") is None


def test_cautious_move_rolls_and_records_the_chance():
    g = game()
    to(g, "Attacker moves and fires")
    odds, mods = MV.move_odds(g, "toye", mps=1)
    assert [m.value for m in mods] == [90, 10] and float(odds.p(True)) == pytest.approx(0.99)
    e = MV.resolve_move(g, "toye", (12, 14), mps=1)
    face = e.rolls[0].faces[0]
    moved = g.piece("toye")["position"] == [12, 14]
    assert moved == (face != 100) and L.mp_left(g, "lipton") == 9  # 100%: only 00 fails
    with pytest.raises(IllegalActionError, match="already acted this turn"):
        MV.resolve_move(g, "toye", (12, 15))


def test_move_distance_limit_in_metres():
    g = game()
    to(g, "Attacker moves and fires")
    with pytest.raises(IllegalActionError, match=r"may move 5\" \(50 m\) cautious"):
        MV.resolve_move(g, "guarnere", (20, 14))


def test_each_mp_buys_ten_percent_or_ten_metres_never_both():
    """§4.3: "Additional MPs may be expended to increase movement distances"; §4.4: "Per MP expended:
    +10%". An MP spent on the chance does not also lengthen the move, and the other way round."""
    g = game()
    to(g, "Attacker moves and fires")
    start = list(g.piece("toye")["position"])
    far = (start[0] + 5.5, start[1])  # 55 m: past cautious mode's 50 m
    with pytest.raises(IllegalActionError, match=r"may move 5\" \(50 m\) cautious"):
        MV.resolve_move(g, "toye", far, mps=1)  # an MP on the chance buys no distance
    odds, mods = MV.move_odds(g, "toye", mps=0)
    assert [m.value for m in mods] == [90]  # veteran; the MP for distance adds nothing to the chance
    with g.table_dice([50]):
        e = MV.resolve_move(g, "toye", far, reach_mps=1)  # 60 m allowed; 90% to move
    assert [(m["name"], m["value"]) for m in e.detail["modifiers"]] == [("veteran", 90)]
    assert g.piece("toye")["position"] == [far[0], far[1]] and L.mp_left(g, "lipton") == 9


def test_fire_one_roll_and_wounds_fall_on_the_group():
    g = game()
    to(g, "Attacker moves and fires")
    weapon, targets, band, fire, eff, metres = F.fire_plan(g, "toye", "outpost")
    assert weapon == "rifle" and band == "effective" and fire.value == 110  # veteran, §5.3
    e = F.resolve_fire(g, "toye", "outpost")
    face = e.rolls[0].faces[0]
    wounded = e.detail["outcome"]["wounded"]
    fired = face == 1 or (face != 100 and face < 110)
    assert bool(wounded) == (fired and (face == 1 or face < eff.value))
    assert ("fire_types" in g.state["units"]["outpost"]["status"]) == fired


def test_out_of_sight_is_refused():
    g = game()
    to(g, "Attacker moves and fires")
    situation_of(g).out_of_action("de1", "de2")
    situation_of(g).place("unteroffizier", (18, 33))  # behind the barn
    with pytest.raises(IllegalActionError, match="no line of sight"):
        F.fire_plan(g, "toye", "outpost")


def test_artillery_call_arrive_and_fire_for_effect():
    """§3.2: call (5 MPs), arrival, a ranging round on target, then fire for effect (5 MPs), every
    figure within the calibre's radius (105 mm: 140 m, 14") rolling for wounds and under fire."""
    g = game()
    A.resolve_call(g, "winters", (19, 27))
    assert L.mp_left(g, "winters") == 7 and g.state["sides"]["us"]["vars"]["artillery"]["state"] == "called"
    with g.table_dice([99]):  # 99: not under the arrival chance
        assert A.resolve_arrival(g, "us").text == "artillery does not arrive"
    assert g.state["sides"]["us"]["vars"]["artillery"]["failed"] == 1
    situation_of(g).turn(2)  # rolled once a turn
    with g.table_dice([1, 1]):  # 01 always succeeds: it arrives, and on target
        assert A.resolve_arrival(g, "us").text == "ranging round on target"
    situation_of(g).motivation("winters", 12)
    victims = A.effect_victims(g, "us")
    with g.table_dice([10] * (2 * len(victims))):  # the wound rolls
        e = A.resolve_effect(g, "winters")
    assert "(14\" radius)" in e.text and L.mp_left(g, "winters") == 7
    hit_units = {g.piece(v)["unit"] for v in victims}
    assert hit_units and all(g.state["units"][u]["status"]["fire_types"] == ["light artillery"] for u in hit_units)


def test_melee_and_aid():
    g = game()
    situation_of(g).place("guarnere", (17, 25.2))
    # §6.1: veteran guarnere is two grades above the green rifleman: a 3 counts 5, against de1's 6;
    # de1 wins, but 6 is not double 5: guarnere is wounded, not killed
    with g.table_dice([3, 6]):
        e = ME.resolve_melee(g, "guarnere", "de1")
    assert e.detail["outcome"] == "b wounds" and g.piece("guarnere")["status"].get("wounded")
    g.undo()
    with g.table_dice([5, 2]):  # 5 + 2 = 7 against 2: at least double, de1 is killed
        e = ME.resolve_melee(g, "guarnere", "de1")
    assert e.detail["outcome"] == "a kills" and not g.piece("de1")["alive"]
    situation_of(g).piece_status("toye", wounded=True)
    to(g, "Attacker moves and fires")
    situation_of(g).place("lipton", (12.5, 9))
    ME.resolve_aid(g, "lipton", "toye")
    while g.position[0] == 1:
        g.advance()
    assert g.piece("toye")["status"].get("tended")


def test_morale_at_half_casualties():
    g = game()
    assert MO.must_test(g) == []
    situation_of(g).out_of_action("de1")
    situation_of(g).piece_status("de2", wounded=True)
    assert MO.must_test(g) == ["outpost"]
    e = MO.resolve_morale(g, "outpost")
    face = e.rolls[0].faces[0]
    assert e.detail["outcome"] == (face == 1 or (face != 100 and face < 30))


def test_the_morale_penalty_counts_failing_turns_not_failed_rolls():
    """§8.1: "a -10% modifier for each consecutive turn on which at least 1 roll was failed"."""
    g = game()
    situation_of(g).out_of_action("de1")
    situation_of(g).piece_status("de2", wounded=True)  # half the outpost down: a test (green, 30%)

    def test(face):
        with g.table_dice([face]):
            return MO.resolve_morale(g, "outpost").detail

    def next_turn():
        turn = g.state["turn"]
        while g.state["turn"] == turn:
            g.advance()

    first = test(99)
    assert first["modifiers"][-1]["value"] == 30 and not first["outcome"]  # turn 1: green 30%, failed
    again = test(99)  # a second roll on the same turn: still 30%, the turn counts once
    assert [m["value"] for m in again["modifiers"]] == [30]
    next_turn()
    assert [m["value"] for m in test(99)["modifiers"]] == [30, -10]  # one failing turn before
    next_turn()
    assert [m["value"] for m in test(5)["modifiers"]] == [30, -10, -10]  # two in a row; 5 < 10: holds
    next_turn()
    situation_of(g).out_of_action("de2")  # 75%: tested again, the run broken by the success
    assert [m["value"] for m in test(99)["modifiers"]] == [30]


def test_artillery_is_called_once_and_rolled_each_turn():
    g = game()
    A.resolve_call(g, "winters", (19, 27))
    with pytest.raises(IllegalActionError, match="already called"):
        A.resolve_call(g, "winters", (19, 27))


def test_failed_morale_withdraws_to_cover_or_away():
    g = game()
    situation_of(g).morale("outpost", "withdraw")
    situation_of(g).out_of_action("de1", "de2")
    while g.current_step().name != "Defender moves and fires":
        g.advance()
    MO.resolve_withdraw(g, "outpost")
    x, y = g.piece("unteroffizier")["position"]
    assert (x, y) != (27, 24) and y >= 24  # away from the Americans to the south, never towards them


def test_grenade_hits_one_man_in_the_open_or_everyone_in_the_room():
    g = game()
    to(g, "Attacker moves and fires")
    situation_of(g).place("toye", (27, 21.5))  # 2.5" from the foxholes
    d = F.grenade_odds(g, "toye", "unteroffizier")
    # veteran fires under 110 (all but 00); effective against dug in: 60 x 0.1 = 6, so 01-05; even: 1/2
    assert d.p("wounds") == Fraction(5, 100) * Fraction(1, 2)
    with pytest.raises(IllegalActionError, match="beyond a grenade's throw"):
        F.resolve_grenade(g, "guarnere", "unteroffizier")
    with pytest.raises(IllegalActionError, match=r"beyond a grenade's throw \(3"):  # the odds refuse too
        F.grenade_odds(g, "guarnere", "unteroffizier")
    situation_of(g).place("guarnere", (18, 24.5))
    # de1 and de2 stand in the barn, a confined space: a grenade on target rolls for everyone inside
    with g.table_dice([1, 4, 7]):  # 01 is on target; then de1 even (wounded), de2 odd (spared)
        e = F.resolve_grenade(g, "guarnere", "de1")
    assert [r.purpose for r in e.rolls][1:] == ["grenade: de1 (even wounds)", "grenade: de2 (even wounds)"]
    assert e.detail["outcome"] == ["de1"] and g.piece("de1")["status"].get("wounded")


def test_mortar_two_inch_radius_and_wound_table():
    g = mortar_game()
    d = F.mortar_odds(g, "malarkey", (19, 26))  # de1 (17, 26) and de2 (21, 26) are both 2" away
    on_target = Fraction(59, 100)  # veteran, open: fires under 110, effective under 60 -> 01-59
    both_open = Fraction(49, 100) ** 2  # 50%, "less than": 01-49
    assert d.p(2) == on_target * both_open



def mortar_game():
    """The farmyard with Malarkey carrying a mortar too, at the attackers' moves and fire."""
    from wgkit.scenario import loads

    text = (ROOT / "scenarios/easy_company/tutorial_farmyard.yaml").read_text().replace(
        "weapons: [lmg]", "weapons: [lmg, mortar]")
    g = Game(loads(text), 44, flow=SEQUENCE)
    to(g, "Attacker moves and fires")
    return g


def test_a_mortar_uses_the_crews_fire_modifiers_and_puts_its_target_under_fire():
    """§5.3: the chance to fire carries the firer's modifiers ("Heavy artillery: -70%"); the bombs
    put the units in the 2" under light artillery fire (a mortar counts as light artillery: house)."""
    g = mortar_game()
    situation_of(g).under_fire(g.piece("malarkey")["unit"], "heavy artillery")
    d = F.mortar_odds(g, "malarkey", (19, 26))
    # veteran 110 - 70 = 40 to fire, effective in the open under 60: one d00 under 40 (01-39)
    assert d.p(2) == Fraction(39, 100) * Fraction(49, 100) ** 2
    with g.table_dice([50]):  # 50: not under 40, the mortar does not fire
        e = F.resolve_mortar(g, "malarkey", (19, 26))
    assert [(m["name"], m["value"]) for m in e.detail["modifiers"]] == [("veteran", 110), ("under fire: heavy artillery", -70)]
    assert L.mode(g, "outpost") != "under_fire"  # no bombs fell
    g = mortar_game()
    with g.table_dice([70]):  # fires (70 < 110) but is not effective (70 is not under 60): no one hurt
        F.resolve_mortar(g, "malarkey", (19, 26))
    assert g.state["units"]["outpost"]["status"]["fire_types"] == ["light artillery"]
    assert L.mode(g, "outpost") == "under_fire"


def test_artillery_counts_as_light_or_heavy_by_calibre():
    from wgkit.rules.easy_company import chances as C

    assert C.artillery_kind(75) == C.artillery_kind(105) == "light artillery"  # house line at 105 mm
    assert C.artillery_kind(150) == "heavy artillery"


def test_opportunity_fire_interrupts_a_move_and_the_rest_of_the_unit_moves_under_fire():
    """§4.2's example: "where a unit in Normal mode comes under opportunity fire it will immediately
    switch to Under Fire mode (this will affect all the members of the unit who have not completed
    their movement for that phase)"."""
    from wgkit.rules.easy_company import actions as AC

    g = game()
    to(g, "Attacker moves and fires")
    situation_of(g).mode("squad", "normal")
    e = MV.resolve_move(g, "toye", (12, 15))  # normal mode: 70 m, no roll
    assert e.rolls == () and g.piece("toye")["position"] == [12, 15]
    spec = next(a for a in AC.ACTIONS(g) if a.name == "opportunity fire")
    assert set(spec.params[0].choices) >= {"de1", "de2"} and "squad" in spec.params[1].choices
    with g.table_dice([1] + [1] * 6):  # 01 always fires and hits; then which man, and his wound
        e = F.resolve_fire(g, "de1", "squad", observing=True)
    assert e.action["name"] == "opportunity fire" and L.mode(g, "squad") == "under_fire"
    with pytest.raises(IllegalActionError, match=r"may move 4\" \(40 m\) under fire"):
        MV.resolve_move(g, "guarnere", (20, 13))  # 50 m: fine in normal mode, too far under fire
    with g.table_dice([50]):
        e = MV.resolve_move(g, "guarnere", (20, 12))  # 40 m, and now a roll to move
    assert [r.purpose for r in e.rolls] == ["guarnere moves"]
    with pytest.raises(IllegalActionError, match="has already acted this turn"):
        F.resolve_fire(g, "de1", "squad", observing=True)  # its one action of the turn
    with pytest.raises(IllegalActionError, match="opportunity fire is fired by the side not moving"):
        F.resolve_fire(g, "toye", "outpost", observing=True)
