"""Easy Company §6 melee, §7.1 aid and §8.1 morale, with the dice faces fixed and the expected
numbers counted by hand from the text (000_f349617a9491ca07)."""

from fractions import Fraction

import pytest

from tests.conftest import ROOT
from wgkit.engine import Game, IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.easy_company import melee as ME
from wgkit.rules.easy_company import morale as MO
from wgkit.rules.easy_company import odds
from wgkit.rules.easy_company.flow import SEQUENCE
from wgkit.scenario import load

TUTORIAL = ROOT / "scenarios/easy_company/tutorial_farmyard.yaml"


def game():
    return Game(load(TUTORIAL), 44, flow=SEQUENCE)


def hundredths(n):
    return Fraction(n, 100)


# --- odds from plain values -------------------------------------------------------------------

@pytest.mark.parametrize("percent, faces", [(50, 49), (30, 29), (1, 1), (0, 1), (-20, 1), (100, 99), (130, 99)])
def test_a_d00_test_succeeds_below_the_chance_01_always_00_never(percent, faces):
    # §1.3 and §5.5 "less than the modified chance": 50% succeeds on 01-49; 01 always, 00 never
    assert odds.test(percent).p(True) == hundredths(faces)


def test_a_single_shot_hits_below_both_chances_and_only_on_01_at_long_range():
    # §5.3-5.5, one d00: fire chance 80, effective 25 -> hits on 01-24
    assert odds.fire(80, 25).p("hit") == hundredths(24)
    assert odds.fire(80, 25).p("no effect") == hundredths(76)
    assert odds.fire(80, 25, "long").p("hit") == hundredths(1)
    # an effective chance above the fire chance is capped by it: fires (and hits) on 01-19 only
    assert odds.fire(20, 60).p("hit") == hundredths(19)


def test_automatic_fire_at_two_figures():
    # §5.5: first d00 against fire 70 / effective 30: hit 01-29, no effect 30-69, silent 70-00;
    # the second figure: a d00 under 30 (01-29)
    d = odds.automatic_fire(70, 30, 2)
    hit, miss, silent, second = hundredths(29), hundredths(40), hundredths(31), hundredths(29)
    assert d.p(2) == hit * second
    assert d.p(1) == hit * (1 - second) + miss * second
    assert d.p(0) == silent + miss * (1 - second)


@pytest.mark.parametrize("quality, turns, faces", [("untrained", 0, 9), ("green", 0, 29), ("experienced", 0, 49),
                                                   ("veteran", 0, 69), ("elite", 0, 89), ("veteran", 2, 49),
                                                   ("green", 3, 1)])
def test_morale_chance_by_quality_less_ten_per_failing_turn(quality, turns, faces):
    # §8.1: 10/30/50/70/90%, -10% for each consecutive failing turn; green after three: 0%, 01 only
    assert odds.morale(quality, turns).p(True) == hundredths(faces)


def test_melee_between_equals():
    # §6.1, d10 v d10 without bonus. Draw: 10 of 100 pairs. A kills (a >= 2b): b=1: a 2-10 (9),
    # b=2: 4-10 (7), b=3: 6-10 (5), b=4: 8-10 (3), b=5: 10 (1) = 25. A wins: 45 pairs, wounds 45-25.
    d = odds.melee("green", "green")
    assert (d.p("draw"), d.p("a kills"), d.p("a wounds"), d.p("b kills"), d.p("b wounds")) == (
        hundredths(10), hundredths(25), hundredths(20), hundredths(25), hundredths(20))


def test_melee_one_grade_apart():
    # experienced (+1) v green: a = d10+1 (2-11), b = d10. Draw when b = a+1: b 2-10, 9 pairs.
    # a wins when d10a >= b: 10+9+...+1 = 55; a kills (d10a+1 >= 2b): b=1: 10, b=2: 8, b=3: 6,
    # b=4: 4, b=5: 2 = 30, so wounds 25. b wins 100-55-9 = 36; b kills (b >= 2(d10a+1)):
    # d10a=1: b 4-10 (7), 2: 6-10 (5), 3: 8-10 (3), 4: 10 (1) = 16, so wounds 20.
    d = odds.melee("experienced", "green")
    assert (d.p("draw"), d.p("a kills"), d.p("a wounds"), d.p("b kills"), d.p("b wounds")) == (
        hundredths(9), hundredths(30), hundredths(25), hundredths(16), hundredths(20))
    assert odds.melee("green", "experienced").p("b kills") == hundredths(30)  # the bonus follows the better side


# --- melee and aid in play --------------------------------------------------------------------

def test_a_drawn_melee_changes_nothing_but_the_dice():
    g = game()
    situation_of(g).place("guarnere", (17, 25.2))
    before = g.state["pieces"]
    with g.table_dice([2, 4]):  # veteran +2: 4 against de1's 4
        e = ME.resolve_melee(g, "guarnere", "de1")
    assert e.detail["outcome"] == "draw" and "goes on next turn" in e.text
    assert g.state["pieces"] == before


def test_a_wounded_loser_of_a_melee_is_killed():
    g = game()
    situation_of(g).place("guarnere", (17, 25.2))
    situation_of(g).piece_status("de1", wounded=True)
    with g.table_dice([1, 5]):  # 1+2 = 3 against 5: de1 wins, 5 is not double 3; guarnere wounded
        ME.resolve_melee(g, "guarnere", "de1")
    assert g.piece("guarnere")["status"]["wounded"] and g.piece("guarnere")["status"]["prone"]
    with g.table_dice([4, 5]):  # 4+2 = 6 against 5: de1, already wounded, is wounded again: dead
        e = ME.resolve_melee(g, "guarnere", "de1")
    assert e.detail["outcome"] == "a wounds" and not g.piece("de1")["alive"]


def test_melee_needs_enemies_in_contact():
    g = game()
    situation_of(g).place("guarnere", (17, 23.9))  # 2.1" from de1 at (17, 26): beyond the 1" house contact
    with pytest.raises(IllegalActionError, match="not enemies in contact"):
        ME.resolve_melee(g, "guarnere", "de1")
    situation_of(g).place("toye", (20, 8.5))
    with pytest.raises(IllegalActionError, match="not enemies in contact"):
        ME.resolve_melee(g, "guarnere", "toye")


def test_melee_odds_in_the_log_are_those_of_the_two_qualities():
    g = game()
    situation_of(g).place("guarnere", (17, 25.2))
    with g.table_dice([5, 2]):
        e = ME.resolve_melee(g, "guarnere", "de1")
    assert e.detail["odds"] == odds.melee("veteran", "green").describe()
    assert [r.faces for r in e.rolls] == [(5,), (2,)]


def test_aid_is_given_by_a_figure_beside_a_wounded_one():
    g = game()
    situation_of(g).piece_status("toye", wounded=True)
    while g.current_step().name != "Attacker moves and fires":
        g.advance()
    with pytest.raises(IllegalActionError, match="lipton is not wounded"):
        ME.resolve_aid(g, "guarnere", "lipton")
    situation_of(g).place("lipton", (12, 10.5))  # 1.5" from toye at (12, 9)
    with pytest.raises(IllegalActionError, match="within 1"):
        ME.resolve_aid(g, "lipton", "toye")
    situation_of(g).place("lipton", (12, 9.8))
    ME.resolve_aid(g, "lipton", "toye")
    assert g.piece("lipton")["status"]["acted"] and g.piece("toye")["status"]["aided"]
    assert not g.piece("toye")["status"].get("tended")  # §7.1: tended only after a whole turn of aid


# --- morale in play ---------------------------------------------------------------------------

def test_the_test_comes_at_half_and_again_at_three_quarters():
    g = game()  # the outpost: three green figures
    situation_of(g).out_of_action("de1")
    assert MO.must_test(g) == []  # one of three is 33%
    situation_of(g).piece_status("de2", wounded=True)  # two of three, wounded counting: 67% >= 50%
    assert MO.casualty_share(g, "outpost") == pytest.approx(2 / 3)
    assert MO.must_test(g) == ["outpost"]
    with g.table_dice([29]):  # green 30%: 29 holds
        e = MO.resolve_morale(g, "outpost")
    assert e.detail["outcome"] is True and g.state["units"]["outpost"]["status"]["morale"] == "ok"
    assert MO.must_test(g) == []  # tested at the 50% mark
    situation_of(g).out_of_action("de2")
    assert MO.must_test(g) == []  # still two of three out: 67% < 75%
    situation_of(g).piece_status("unteroffizier", wounded=True)
    assert MO.must_test(g) == ["outpost"]


def test_a_failed_test_withdraws_and_is_asked_again():
    g = game()
    situation_of(g).out_of_action("de1", "de2")
    with g.table_dice([30]):  # green 30%: 30 is not less than 30
        e = MO.resolve_morale(g, "outpost")
    assert e.detail["outcome"] is False and "must withdraw" in e.text
    assert g.state["units"]["outpost"]["status"]["morale"] == "withdraw"
    assert MO.must_test(g) == ["outpost"]  # the mark is not passed until a test holds


def test_a_retry_costs_one_then_two_then_four_mps_of_the_leader():
    g = game()
    situation_of(g).out_of_action("de1", "de2")
    situation_of(g).motivation("unteroffizier", 4)
    with g.table_dice([99]):
        MO.resolve_morale(g, "outpost")
    with pytest.raises(IllegalActionError, match="retry 1 costs 1 MPs"):
        MO.resolve_morale(g, "outpost", mps=2)
    with g.table_dice([99]):
        MO.resolve_morale(g, "outpost", mps=1)
    assert g.piece("unteroffizier")["status"]["mp"] == 3
    with pytest.raises(IllegalActionError, match="retry 2 costs 2 MPs"):
        MO.resolve_morale(g, "outpost", mps=1)
    with g.table_dice([5]):
        e = MO.resolve_morale(g, "outpost", mps=2)
    assert e.detail["outcome"] is True and g.piece("unteroffizier")["status"]["mp"] == 1
    with pytest.raises(IllegalActionError, match="1 MPs left, not 4"):
        MO.resolve_morale(g, "outpost", mps=4)


def test_a_leaderless_unit_still_tests_but_retries_only_on_a_leaders_mps_and_a_unit_with_nobody_left_is_not_tested():
    # §8.1 and §2.4: with the Unteroffizier down the outpost still tests, green (30%); a retry's MP
    # must come from a leader within 40 m of de1, and the outpost has none left
    g = game()
    situation_of(g).out_of_action("unteroffizier", "de2")  # two of three out: 67%
    assert MO.must_test(g) == ["outpost"] and MO.morale_odds(g, "outpost").p(True) == hundredths(29)
    with g.table_dice([29]):
        assert MO.resolve_morale(g, "outpost").detail["outcome"] is True
    g.undo()
    with g.table_dice([99]):
        MO.resolve_morale(g, "outpost")
    with pytest.raises(IllegalActionError, match="no leader with MPs within 40 m of de1"):
        MO.resolve_morale(g, "outpost", mps=1)
    situation_of(g).out_of_action("de1")  # 100%, and nobody left to test
    assert MO.must_test(g) == []
    with pytest.raises(IllegalActionError, match="outpost has nobody left to test morale"):
        MO.resolve_morale(g, "outpost")


def test_morale_is_tested_at_the_leaders_quality_and_its_odds_match():
    g = game()
    situation_of(g).out_of_action("de1", "de2")
    assert MO.morale_odds(g, "outpost").p(True) == hundredths(29)  # green 30%
    with g.table_dice([99]):
        e = MO.resolve_morale(g, "outpost")
    assert e.detail["odds"] == odds.morale("green").describe()
    assert [m["name"] for m in e.detail["modifiers"]] == ["green"]


def test_withdrawal_only_after_a_failed_test_and_never_towards_the_enemy():
    g = game()
    with pytest.raises(IllegalActionError, match="has not failed a morale test"):
        MO.resolve_withdraw(g, "outpost")
    situation_of(g).morale("squad", "withdraw")
    start = {f: tuple(g.piece(f)["position"]) for f in ("lipton", "toye", "malarkey", "guarnere")}
    MO.resolve_withdraw(g, "squad")
    for f, (x, y) in start.items():
        nx, ny = g.piece(f)["position"]
        assert ny <= y, f  # the Germans are to the north (y 24-26): the Americans fall back south
        assert g.piece(f)["status"]["acted"]


def test_exactly_half_and_exactly_three_quarters_are_the_marks():
    g = game()  # Lipton's half-squad: four figures
    situation_of(g).out_of_action("toye")
    assert MO.must_test(g) == []  # one of four: 25%
    situation_of(g).piece_status("malarkey", wounded=True)  # two of four: exactly 50%, "reaches 50%"
    assert MO.casualty_share(g, "squad") == 0.5 and MO.must_test(g) == ["squad"]
    with g.table_dice([1]):
        MO.resolve_morale(g, "squad")
    assert g.state["units"]["squad"]["status"]["tested_at"] == 0.5 and MO.must_test(g) == []
    situation_of(g).piece_status("guarnere", wounded=True)  # three of four: exactly 75%
    assert MO.must_test(g) == ["squad"]
    with g.table_dice([1]):
        MO.resolve_morale(g, "squad")
    assert g.state["units"]["squad"]["status"]["tested_at"] == 0.75 and MO.must_test(g) == []


def test_a_retry_on_the_turn_after_a_failing_turn_keeps_that_turns_penalty():
    # §8.1: -10% "for each consecutive turn on which at least 1 roll was failed": turn 1 failed;
    # on turn 2 the first roll is at -10%, fails, and its retry is still at -10% (turn 2 counts
    # only from turn 3 on)
    g = game()
    situation_of(g).out_of_action("de1", "de2")
    with g.table_dice([99]):
        MO.resolve_morale(g, "outpost")
    turn = g.state["turn"]
    while g.state["turn"] == turn:
        g.advance()
    situation_of(g).motivation("unteroffizier", 4)
    with g.table_dice([99]):
        first = MO.resolve_morale(g, "outpost")
    with g.table_dice([99]):
        retry = MO.resolve_morale(g, "outpost", mps=1)
    assert [m["value"] for m in first.detail["modifiers"]] == [30, -10]
    assert [m["value"] for m in retry.detail["modifiers"]] == [30, -10]
    assert MO.morale_odds(g, "outpost").p(True) == hundredths(19)  # a further retry this turn: 20%


def test_a_wounded_man_does_not_withdraw_with_his_unit():
    g = game()
    situation_of(g).morale("squad", "withdraw")
    situation_of(g).piece_status("toye", wounded=True)
    e = MO.resolve_withdraw(g, "squad")
    assert "toye" not in e.text and g.piece("toye")["position"] == [12, 9]
    assert all(f in e.text for f in ("lipton", "malarkey", "guarnere"))
