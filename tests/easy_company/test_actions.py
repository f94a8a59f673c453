"""Easy Company's action menu on the tutorial farmyard: what each step offers, and the odds and
explanations shown before the roll, worked out by hand from the text (§1.3: a d00 succeeds when
it is under the chance, 01 always, 00 never)."""

from fractions import Fraction

import pytest

from tests.conftest import ROOT
from tests.test_easy_company_play import game, mortar_game, to
from wgkit.engine import Game
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.easy_company import actions as A
from wgkit.rules.easy_company.flow import SEQUENCE
from wgkit.scenario import loads

US = ("winters", "lipton", "toye", "malarkey", "guarnere", "battery_fo")
DE = ("unteroffizier", "de1", "de2")
ARMED_US = ("winters", "lipton", "toye", "malarkey", "guarnere")  # the observer has only a radio


def menu(g) -> dict:
    return {a.name: a for a in A.ACTIONS(g)}


def params(spec) -> list[tuple]:
    return [(p.name, p.kind, p.label, p.choices, p.default) for p in spec.params]


def test_the_artillery_step_offers_the_call_to_the_leader_with_a_radio():
    g = game()
    to(g, "Artillery")
    m = menu(g)
    assert list(m) == ["call artillery"]
    call = m["call artillery"]
    assert (call.label, call.ref) == ("Call off-table artillery (5 MPs)", "§3.2")
    assert params(call) == [("leader", "choice", "leader", ("winters",), None), ("point", "point", "aim at", (), None)]
    assert call.odds(g, {"leader": "winters", "point": [19, 27]}) is None
    # the call rolls no dice: its explanation is its cost to the caller and what follows. §3.2: a
    # call costs 5 MPs; an experienced battery arrives on 50%, +10% for each turn it fails to
    assert call.explain(g, {"leader": "winters", "point": [19, 27]}) == [
        "winters has 12 motivation points (MPs); the call costs 5",
        "no dice now: the experienced battery then arrives on 50% at each artillery step, +10% for every turn it has not"]


def test_once_called_the_arrival_roll_is_offered_with_its_chance():
    g = game()
    to(g, "Artillery")
    menu(g)["call artillery"].resolve(g, {"leader": "winters", "point": [19, 27]})
    arrive = menu(g)["artillery"]
    assert (arrive.label, arrive.ref) == ("Does the artillery arrive?", "§3.2")
    assert params(arrive) == [("side", "choice", "side", ("us",), None)]
    d = arrive.odds(g, {"side": "us"})  # an experienced battery: 50%, so faces 01-49 arrive
    assert d.p(True) == Fraction(49, 100) and d.p(False) == Fraction(51, 100)


def test_the_attackers_step_offers_move_fire_opportunity_fire_and_grenades():
    g = game()
    to(g, "Attacker moves and fires")
    m = menu(g)
    assert list(m) == ["move", "fire", "opportunity fire", "grenade"]
    assert (m["move"].label, m["move"].ref) == ("Move", "§4")
    assert params(m["move"]) == [("figure", "choice", "figure", US, None), ("point", "point", "to", (), None),
                                 ("mps", "int", "MPs spent", (), 0), ("reach_mps", "int", "MPs for +10 m", (), 0)]
    assert (m["fire"].label, m["fire"].ref) == ("Fire", "§5")
    assert params(m["fire"]) == [("figure", "choice", "firer", ARMED_US, None),
                                 ("target", "choice", "target group", ("outpost",), None),
                                 ("mps", "int", "MPs spent", (), 0)]
    opp = m["opportunity fire"]  # §4.2: the Germans may fire into the move at any moment
    assert (opp.label, opp.ref) == ("Opportunity fire (into the move)", "§1.4; §4.2")
    assert params(opp)[:2] == [("figure", "choice", "firer", DE, None),
                               ("target", "choice", "target group", ("hq", "squad", "guns"), None)]
    assert (m["grenade"].label, m["grenade"].ref) == ("Throw a grenade", "§5.4")
    assert params(m["grenade"]) == [("figure", "choice", "thrower", ("lipton", "toye", "guarnere"), None),
                                    ("target", "choice", "at", DE, None)]


@pytest.mark.parametrize("firer, weapon, metres, effective, p_hit", [
    # leaders fire for MPs (100%); effective: elite 80 / veteran 60, halved by the concealing foxholes
    ("winters", "rifle", 230, 40, Fraction(39, 100)),
    ("lipton", "rifle", 182, 30, Fraction(29, 100)),
])
def test_a_rifle_shot_odds_and_explanation(firer, weapon, metres, effective, p_hit):
    g = game()
    to(g, "Attacker moves and fires")
    fire = menu(g)["fire"]
    p = {"figure": firer, "target": "outpost", "mps": 0}
    d = fire.odds(g, p)
    assert d.p("hit") == p_hit and d.p("no effect") == 1 - p_hit
    lines = fire.explain(g, p)
    assert lines[0] == f"{weapon} at {metres} m (effective range)"
    assert lines[1].startswith("fires if the d00 is under 100%")
    assert lines[2].startswith(f"effective if under {effective}%") and "target concealed x0.5" in lines[2]


def test_the_lmg_rolls_for_each_figure_it_sees():
    g = game()
    to(g, "Attacker moves and fires")
    d = menu(g)["fire"].odds(g, {"figure": "malarkey", "target": "outpost", "mps": 0})
    # a veteran fires on 110% (every face but 00) and is effective on 30% (01-29) against the two
    # Germans he can see: the first d00 hits on 01-29, misses on 30-99, does not fire on 00;
    # the second figure is hit on 01-29
    hit, miss, idle, q = Fraction(29, 100), Fraction(70, 100), Fraction(1, 100), Fraction(29, 100)
    assert d.p(2) == hit * q
    assert d.p(1) == hit * (1 - q) + miss * q
    assert d.p(0) == idle + miss * (1 - q)


def test_a_figure_without_a_firearm_is_not_offered_and_cannot_fire():
    g = game()
    to(g, "Attacker moves and fires")
    assert "battery_fo" not in menu(g)["fire"].params[0].choices
    with pytest.raises(IllegalActionError, match="battery_fo has no weapon to fire"):
        menu(g)["fire"].odds(g, {"figure": "battery_fo", "target": "outpost", "mps": 0})


def test_melee_is_offered_for_figures_in_contact_only():
    g = game()
    to(g, "Melee")
    assert "melee" not in menu(g)
    situation_of(g).place("guarnere", (27, 23.5))  # half an inch from the Unteroffizier
    assert menu(g)["melee"].params[0].choices == (("guarnere v unteroffizier", ("guarnere", "unteroffizier")),)
    d = menu(g)["melee"].odds(g, {"pair": ("guarnere", "unteroffizier")})
    assert dict(d.probs) == MELEE_VETERAN_V_GREEN


def _melee_veteran_v_green() -> dict:
    """§6.1 by hand: d10 each, the veteran +2 (+1 for each quality above the opponent: green,
    experienced, veteran); the higher wins, a total at least double the loser's kills, a draw goes on."""
    out: dict = {}
    for a in range(1, 11):
        for b in range(1, 11):
            x = a + 2
            key = "draw" if x == b else ("a kills" if x >= 2 * b else "a wounds") if x > b else \
                ("b kills" if b >= 2 * x else "b wounds")
            out[key] = out.get(key, 0) + Fraction(1, 100)
    return out


MELEE_VETERAN_V_GREEN = _melee_veteran_v_green()


def test_a_wounded_man_can_be_tended_and_the_tender_is_a_fit_figure():
    g = game()
    to(g, "Attacker moves and fires")
    assert "aid" not in menu(g)
    situation_of(g).wounded("toye")
    aid = menu(g)["aid"]
    assert (aid.label, aid.ref) == ("Tend a wounded man", "§7.1")
    assert aid.params[1].choices == ("toye",) and "toye" not in aid.params[0].choices


def test_move_odds_rise_ten_a_point_for_each_mp_spent():
    g = game()
    to(g, "Attacker moves and fires")
    move = menu(g)["move"]
    p = {"figure": "toye", "point": [12, 12], "mps": 0, "reach_mps": 0}
    assert move.odds(g, p).p(True) == Fraction(89, 100)  # §4.4: a veteran moves on 90%: 01-89
    assert move.explain(g, p)[0] == "veteran +90 (rules §4.4)"
    p["mps"] = 2  # 110%: every face but 00
    assert move.odds(g, p).p(True) == Fraction(99, 100)
    assert move.explain(g, p)[1:3] == ["MP spent +10 (rules §4.4 / §5.3 (per MP expended))"] * 2


def test_a_grenade_must_be_in_reach_and_wounds_on_a_hit_and_an_even_d10():
    g = game()
    to(g, "Attacker moves and fires")
    grenade = menu(g)["grenade"]
    with pytest.raises(IllegalActionError, match=r"de1 is beyond a grenade's throw \(3\"\)"):
        grenade.odds(g, {"figure": "lipton", "target": "de1"})
    situation_of(g).place("lipton", (17, 23.5))  # 2.5" from de1, who is inside the barn
    d = grenade.odds(g, {"figure": "lipton", "target": "de1"})
    # veteran: thrown on 110%, on target on 60% halved for the barn's concealment (01-29), then 50%
    assert d.p("wounds") == Fraction(29, 100) * Fraction(1, 2) and d.p("no wound") == 1 - Fraction(29, 200)


def test_opportunity_fire_into_the_move_uses_the_observers_own_chances():
    g = game()
    to(g, "Attacker moves and fires")
    d = menu(g)["opportunity fire"].odds(g, {"figure": "de1", "target": "squad", "mps": 0})
    # a green rifleman fires on 70% and is effective on 30% against men in the open: 01-29 hit
    assert d.p("hit") == Fraction(29, 100) and d.p("no effect") == Fraction(71, 100)


def test_a_unit_at_half_strength_is_offered_its_morale_test_and_withdraws_if_it_fails():
    g = game()
    to(g, "Morale")
    assert "morale" not in menu(g)
    situation_of(g).out_of_action("de1", "de2")  # two of the outpost's three: past 50%
    test = menu(g)["morale"]
    assert (test.label, test.ref) == ("Unit morale test", "§8.1")
    assert params(test) == [("unit", "choice", "unit", ("outpost",), None), ("mps", "int", "MPs spent", (), 0)]
    d = test.odds(g, {"unit": "outpost", "mps": 0})  # §8.1: green 30%, faces 01-29
    assert d.p(True) == Fraction(29, 100)
    with g.table_dice([55]):  # a failed test: the unit must withdraw
        test.resolve(g, {"unit": "outpost", "mps": 0})
    assert g.state["units"]["outpost"]["status"]["morale"] == "withdraw"
    assert menu(g)["morale"].params[0].choices == ("outpost",)  # §8.1: a failed roll may be retried for MPs
    to(g, "Defender moves and fires")
    withdraw = menu(g)["withdraw"]
    assert (withdraw.label, withdraw.ref, withdraw.params[0].choices) == ("Withdraw (failed morale)", "§8.1", ("outpost",))


def test_a_ranging_round_on_target_offers_walking_the_fire_and_fire_for_effect():
    g = game()
    to(g, "Artillery")
    menu(g)["call artillery"].resolve(g, {"leader": "winters", "point": [19, 27]})
    with g.table_dice([10, 20]):  # arrives (under 50) and on target (under 50)
        menu(g)["artillery"].resolve(g, {"side": "us"})
    g.advance()
    to(g, "Artillery")
    m = menu(g)
    assert [n for n in m if n in ("walk fire", "fire for effect")] == ["walk fire", "fire for effect"]
    walk = m["walk fire"]
    assert (walk.label, walk.ref) == ("Walk the fire up to 6\" (5 MPs)", "§3.2")
    assert params(walk) == [("leader", "choice", "leader", ("winters", "lipton"), None),
                            ("point", "point", "new aim", (), None)]
    assert walk.odds(g, {"leader": "winters", "point": [20, 27]}).p(True) == Fraction(49, 100)  # experienced: 50%
    assert m["fire for effect"].params[0].choices == ("winters", "lipton")


def _labels(shapes):
    return [s.text for s in shapes if s.kind == "text"]


def test_walking_and_firing_for_effect_through_the_menu_with_each_sides_own_guns():
    """§3.2: the barrage drawn before the roll is the radius of the leader's own battery (105 mm:
    140 m, 14"; 150 mm: 280 m, 28"), whichever side is listed first in a step both sides share."""
    text = (ROOT / "scenarios/easy_company/tutorial_farmyard.yaml").read_text()
    text = text.replace("position: [27, 24], facing: 180, weapons: [smg]}", "position: [27, 24], facing: 180, weapons: [smg, radio]}")
    text += ("      - id: werfer\n        kind: artillery\n        quality: green\n        rules: {calibre_mm: 150}\n"
             "        figures:\n          - {id: de_fo, position: [2, 35], weapons: [radio]}\n")
    g = Game(loads(text), 44, flow=SEQUENCE)
    to(g, "Artillery")
    situation_of(g).motivation("unteroffizier", 10)
    menu(g)["call artillery"].resolve(g, {"leader": "winters", "point": [19, 27]})
    menu(g)["call artillery"].resolve(g, {"leader": "unteroffizier", "point": [14, 8]})
    with g.table_dice([1, 1, 1, 1]):  # 01 always: both arrive on target
        menu(g)["artillery"].resolve(g, {"side": "us"})
        menu(g)["artillery"].resolve(g, {"side": "de"})
    m = menu(g)
    walk, ffe = m["walk fire"], m["fire for effect"]
    assert _labels(walk.preview(g, {"leader": "winters", "point": [20, 27]})) == ['barrage 14"']
    assert _labels(walk.preview(g, {"leader": "unteroffizier", "point": [14, 9]})) == ['barrage 28"']
    assert _labels(ffe.preview(g, {"leader": "unteroffizier"})) == ['barrage 28"']
    # the green German battery is on target under 30%: 01-29
    assert walk.odds(g, {"leader": "unteroffizier", "point": [14, 9]}).p(True) == Fraction(29, 100)
    # 105 mm on (19, 27), 14": the unteroffizier dug in (5%: 01-04), de1 and de2 in the open (50%: 01-49)
    d = ffe.odds(g, {"leader": "winters"})
    assert d.p(3) == Fraction(4, 100) * Fraction(49, 100) ** 2
    assert d.p(0) == Fraction(96, 100) * Fraction(51, 100) ** 2
    with g.table_dice([4, 60, 49]):
        e = ffe.resolve(g, {"leader": "winters"})
    assert e.detail["outcome"] == ["unteroffizier", "de2"] and e.action["name"] == "fire for effect"
    with g.table_dice([50]):  # 50 is not under 30: the German mission ends
        e = walk.resolve(g, {"leader": "unteroffizier", "point": [14, 9]})
    assert e.text == "unteroffizier walks the fire: off target, the mission ends"


def test_every_form_of_the_attackers_step_resolves_what_it_says():
    """Each form resolves its own procedure with the values chosen in it (faces fixed): the event
    records the action by name with those values."""
    g = game()
    to(g, "Attacker moves and fires")
    m = menu(g)
    with g.table_dice([50]):  # §4.4: veteran, cautious: 90% to move
        e = m["move"].resolve(g, {"figure": "toye", "point": [12, 13], "mps": 0, "reach_mps": 0})
    assert e.action == {"name": "move", "params": {"figure": "toye", "to": [12, 13], "mps": 0, "reach_mps": 0}}
    assert g.piece("toye")["position"] == [12, 13]
    with g.table_dice([20, 1]):  # a leader fires at 100% for 2 MPs; 20 < 60 in the open: de1 hit
        e = menu(g)["fire"].resolve(g, {"figure": "lipton", "target": "outpost", "mps": 0})
    assert (e.kind, e.detail["outcome"]) == ("fire", {"fired": True, "wounded": ["de1"]})
    with g.table_dice([1, 1]):  # opportunity fire into the move: 01 always fires and hits
        e = menu(g)["opportunity fire"].resolve(g, {"figure": "de2", "target": "squad", "mps": 0})
    assert e.action["name"] == "opportunity fire" and e.action["params"]["figure"] == "de2"
    situation_of(g).place("guarnere", (27, 21.5))
    with g.table_dice([3, 4]):  # 03 under the 6% against the dug-in corporal; 4 is even
        e = menu(g)["grenade"].resolve(g, {"figure": "guarnere", "target": "unteroffizier"})
    assert (e.kind, e.detail["outcome"]) == ("grenade", ["unteroffizier"])


def test_a_form_is_offered_only_when_it_has_someone_to_act_and_something_to_act_on():
    g = game()
    to(g, "Attacker moves and fires")
    situation_of(g).out_of_action("unteroffizier", "de1", "de2")  # no enemy left to shoot at or to watch
    assert [n for n in menu(g) if n in ("fire", "opportunity fire", "grenade")] == []
    g = game()
    to(g, "Attacker moves and fires")
    situation_of(g).piece_status("de1", acted=True)  # it has used its one action this turn
    assert menu(g)["opportunity fire"].params[0].choices == ("unteroffizier", "de2")


def test_a_mortar_crew_is_offered_the_mortar_with_its_2_inch_zone_drawn():
    """§5.4 Mortars: every figure within 2" of the point may be wounded, if the mortar is on target."""
    g = game()
    to(g, "Attacker moves and fires")
    assert "mortar" not in menu(g)  # nobody carries one in the farmyard
    g = mortar_game()
    mortar = menu(g)["mortar"]
    assert (mortar.label, mortar.ref) == ("Mortar (2\" radius)", "§5.4")
    assert params(mortar) == [("figure", "choice", "mortar", ("malarkey",), None), ("point", "point", "aim at", (), None)]
    p = {"figure": "malarkey", "point": [19, 26]}  # de1 (17, 26) and de2 (21, 26) both 2" off
    # veteran in the open: on target on 01-59; then each man is wounded on 01-49
    assert mortar.odds(g, p).p(2) == Fraction(59, 100) * Fraction(49, 100) ** 2
    (zone, label) = mortar.preview(g, p)
    assert label.text == "mortar 2\"" and zone.kind == "polygon"
    xs, ys = [x for x, _ in zone.points], [y for _, y in zone.points]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((17, 21, 24, 28), abs=0.01)
    with g.table_dice([10, 20, 60]):
        assert mortar.resolve(g, p).text == "malarkey's mortar: de1 wounded"
