"""Close Action's action menu: what each step offers the umpire, with which choices, and the
odds and explanations shown before the roll (worked out by hand for the table below)."""

from fractions import Fraction

import pytest
from shapely.geometry import Point, Polygon

from tests.close_action.helpers import fig, game, to_step
from tests.conftest import dotted
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.close_action import actions as A
from wgkit.rules.close_action import blast as B

AIMS = ("all", "open", "upright", "crouching", "crawling", "soft", "hard")


def table(referee: bool = False):
    """a: a1 (leader, rifle and grenade) and a2 (LMG) face north at b, 6-7" away; a3 has a mortar.
    b: b1 (rifle) and b2 (HMG), crouching in the open."""
    g = game(fig("a1", 10, 10, "rifle, grenade") + "\n" + fig("a2", 12, 10, "lmg") + "\n" + fig("a3", 12, 4, "mortar"),
             fig("b1", 10, 16) + "\n" + fig("b2", 12, 17, "hmg"),
             rules="{referee: true}" if referee else "")
    return g


def menu(g) -> dict:
    return {a.name: a for a in A.ACTIONS(g)}


def params(spec) -> list[tuple]:
    return [(p.name, p.kind, p.label, p.choices, p.default) for p in spec.params]


def test_the_fire_step_offers_fire_grenade_mortar_and_cease_in_that_order():
    g = table()
    to_step(g, "Fire")
    assert [a.name for a in A.ACTIONS(g)] == ["fire", "grenade", "mortar", "cease"]
    m = menu(g)
    assert (m["fire"].label, m["fire"].ref) == ("Fire", "Firing")
    assert params(m["fire"]) == [("unit", "choice", "firing unit", ("a",), None),
                                 ("target", "choice", "target", ("b",), None),
                                 ("aim", "choice", "aim at", AIMS, "all"),
                                 ("weapon", "choice", "HMG die at weapon of", ("none", "b2"), "none")]
    assert (m["grenade"].label, m["grenade"].ref) == ("Grenade (blast zone 3\")", "Firing: Grenades")
    assert params(m["grenade"]) == [("firer", "choice", "firer", ("a1",), None), ("point", "point", "blast point", (), None)]
    assert (m["mortar"].label, m["mortar"].ref) == ("Mortar (blast zone 6\")", "Firing: Mortars")
    assert params(m["mortar"])[0] == ("firer", "choice", "firer", ("a3",), None)
    assert (m["cease"].label, m["cease"].ref) == ("Cease mortar fire (to re-aim next turn)", "Firing: Mortars")
    assert params(m["cease"]) == [("firer", "choice", "mortar", ("a3",), None)]


def test_fire_odds_and_explanation_before_the_roll():
    g = table()
    to_step(g, "Fire")
    fire = menu(g)["fire"]
    p = {"unit": "a", "target": "b", "aim": "all", "weapon": "none"}
    # both targets crouch in the open: no modifier; rifle 2 + LMG 6 dice, all at close range: 5-6
    d = fire.odds(g, p)
    assert d.p(0) == Fraction(2, 3) ** 8 and d.p(8) == Fraction(1, 3) ** 8
    assert fire.explain(g, p) == ["a1, a2: 8 dice, need 5+", "a3 has no weapon to fire"]
    with pytest.raises(IllegalActionError, match="only HMG fire may aim a die at a weapon"):
        fire.odds(g, dict(p, weapon="b2"))
    labels = [s.text for s in fire.preview(g, p) if s.kind == "text"]
    assert labels == ["a2 danger zone"]  # the LMG's zone; the rifle has none
    with g.table_dice([5, 5, 1, 1, 1, 1, 1, 1, 6, 1]):  # 2 hits; select: 6, active chooses; 1, passive
        e = fire.resolve(g, p)
    assert e.detail["outcome"]["hits"] == 2 and e.action["params"] == {"unit": "a", "target": "b", "aim": "all",
                                                                      "firers": None}


def test_a_crawling_aim_shows_the_modifier_and_the_base_score():
    g = game(fig("a1", 10, 10), fig("b1", 10, 16, stance="crawling") + "\n" + fig("b2", 12, 17))
    to_step(g, "Fire")
    fire = menu(g)["fire"]
    lines = fire.explain(g, {"unit": "a", "target": "b", "aim": "crawling", "weapon": "none"})
    assert lines == ["crawling or prone -1 (rules Fire Table: Target crawling/prone -1)",
                     "a1: 2 dice, base 5+, need 6+"]


def test_seven_plus_is_explained_as_a_six_then_four_to_six():
    g = game(fig("a1", 40, 5), fig("b1", 40, 35, stance="crawling"), a_quality="green")
    to_step(g, "Fire")
    lines = menu(g)["fire"].explain(g, {"unit": "a", "target": "b", "aim": "all", "weapon": "none"})
    # 30": far range for a rifle, 6; crawling -1 and green firer -1 make it 8: a 6, then 5-6
    assert lines[-1] == "a1: 2 dice, base 6+, need 8+: a 6, then 5-6"


def test_blind_fire_is_offered_only_with_a_referee():
    g = table(referee=True)
    to_step(g, "Fire")
    fire = menu(g)["fire"]
    assert params(fire)[-1] == ("blind", "choice", "blind fire (referee)", ("no", "yes"), "no")
    assert fire.explain(g, {"unit": "a", "target": "b", "aim": "all", "weapon": "none", "blind": "yes"})[-1] == \
        "blind fire allowed by the referee (Firing: Eligible Targets)"


def test_grenade_and_mortar_explain_their_own_procedures_and_preview_their_zones():
    g = table()
    to_step(g, "Fire")
    m = menu(g)
    note = "odds: men hit (house: " + B.BZ_DICE.note + ")"
    p = {"firer": "a1", "point": (10, 15.5)}
    assert m["grenade"].explain(g, p) == ["throw on 5-6; roll-off: a higher passive die moves the blast point by the "
                                          "difference", note]
    assert m["grenade"].odds(g, p).probs == B.blast_odds(g, "grenade", "a1", (10, 15.5)).probs
    shapes = m["grenade"].preview(g, p)
    assert [s.text for s in shapes if s.kind == "text"] == ["grenade BZ"]
    (zone,) = [Polygon(s.points) for s in shapes if s.kind == "polygon"]
    assert zone.area == pytest.approx(3.14159 * 1.5 ** 2, rel=0.01) and zone.centroid.distance(Point(10, 15.5)) < 1e-6
    q = {"firer": "a3", "point": (12, 17)}
    assert m["mortar"].explain(g, q) == ["roll-off: a higher passive die moves the blast point by the difference", note]
    assert m["cease"].odds(g, q) is None
    assert m["cease"].resolve(g, q).kind == "cease fire"


def test_the_move_step_offers_every_live_figure_and_explains_the_cost():
    g = table()
    to_step(g, "Move")
    m = menu(g)
    assert list(m) == ["move", "face"]  # Command Control: men face freely as they move
    assert params(m["move"]) == [("figure", "choice", "figure", ("a1", "a2", "a3"), None),
                                 ("point", "point", "to", (), None),
                                 ("how", "choice", "how", ("move", "charge", "break off"), "move")]
    assert m["move"].explain(g, {"figure": "a1", "point": (10, 13)}) == [
        "3.0\" on the table costs 3.0\" of rate (most 12\"): moves crawling"]
    assert m["move"].explain(g, {"figure": "a1", "point": (10, 40)}) == [
        "a1 needs 36.0\" of movement (terrain included); the most is 12\""]  # 30", 6" of it in the wood at x1/2
    e = m["move"].resolve(g, {"figure": "a1", "point": (10, 14), "how": "charge"})
    assert dotted(e)[-1] == ("pieces.a1.status.charging", True)
    assert A.move_limit(g, "a1") == 8.0 and A.move_limit(g, "a2") == 8.0  # 12" less 4" used; weapon rate 8"
    situation_of(g).morale("a", "cowering")
    m = menu(g)
    assert (m["retreat"].label, m["retreat"].ref) == ("Forced retreat (cowering or routed)", "Morale: Morale States")
    assert params(m["retreat"]) == [("unit", "choice", "unit", ("a",), None)]


def test_a_drag_moves_only_in_the_move_step_and_only_the_moving_side():
    g = table()
    to_step(g, "Fire")
    with pytest.raises(IllegalActionError, match="^figures move in the Move step; now is Fire$"):
        A.move(g, "a1", (10, 12))
    to_step(g, "Move")
    with pytest.raises(IllegalActionError, match="^b1 belongs to the side that is not moving now$"):
        A.move(g, "b1", (10, 18))
    assert A.move(g, "a1", (10, 12)).text == "a1 moves 2.0\" (2.0\" of rate), crawling"


def test_rally_is_offered_for_shaken_units_with_the_grades_score():
    g = table()
    situation_of(g).morale("a", "rout")
    to_step(g, "Rally")
    rally = menu(g)["rally"]
    assert (rally.label, rally.ref) == ("Rally (officer within 3\")", "Morale: Rally")
    assert params(rally) == [("unit", "choice", "unit", ("a",), None)]
    assert rally.odds(g, {"unit": "a"}).p(True) == Fraction(1, 3)  # steady: 5-6


def test_the_morale_step_lists_the_units_that_must_test_with_their_modifiers():
    g = table()
    to_step(g, "Morale")
    assert "morale" not in menu(g)
    situation_of(g).shot_at("b", dice=8, hits=1)
    morale = menu(g)["morale"]
    assert (morale.label, morale.ref, params(morale)) == ("Morale test", "Morale",
                                                          [("unit", "choice", "unit", ("b",), None)])
    assert morale.explain(g, {"unit": "b"}) == ["hit this turn -1 (rules Morale Table)"]
    # 8-15 dice: OK on 5 or more, rout on 0 or less; 2d6 - 1 is never below 1, and is 4 or less on 2-5 (10 ways)
    assert morale.odds(g, {"unit": "b"}).p("cowering") == Fraction(10, 36)


def test_hand_to_hand_names_each_fight_single_figure_first():
    g = game(fig("a1", 10.8, 30) + "\n" + fig("a2", 9.2, 30), fig("b1", 10, 30))
    to_step(g, "Hand to hand")
    melee = menu(g)["melee"]
    assert (melee.label, melee.ref) == ("Hand to hand", "Hand-to-Hand Fighting")
    assert params(melee) == [("group", "choice", "fight (the single figure first)",
                              (("b1 v a1 + a2", ("b1", "a1", "a2")),), None)]
    # a1 + a2 (+1 extra man) against b1 in the wood (+1): even, ties on equal dice
    assert melee.odds(g, {"group": ("b1", "a1", "a2")}).p("tie") == Fraction(6, 36)
    with g.table_dice([2, 6]):
        assert melee.resolve(g, {"group": ("b1", "a1", "a2")}).text == "hand to hand a1+a2 v b1: a1 falls"


def test_a_table_roll_off_still_reads_the_active_die_then_the_passive_die():
    from wgkit.rules.close_action.blast import blast
    from wgkit.odds import Play

    g = table()
    with g.table_dice([2, 5, 1, 1]):  # active 2, passive 5: the point may move 3"; then a die per man
        result = blast(Play(g.roller()), g, "mortar", "a3", (11, 16), 0.0)
    assert result.shift == 3


def test_the_fire_preview_draws_each_firers_arc_and_the_lmgs_danger_zone_to_the_aimed_targets():
    """Firing: each figure fires in a 45° arc either side of its facing (drawn 8" long); an LMG's
    danger zone runs from its front to the targets aimed at, an inch outside them."""
    g = game(fig("a1", 10, 10, "rifle") + "\n" + fig("a2", 12, 10, "lmg"),
             fig("b1", 10, 16, stance="crawling") + "\n" + fig("b2", 12, 17, "hmg"))
    to_step(g, "Fire")
    fire = menu(g)["fire"]
    p = {"unit": "a", "target": "b", "aim": "all", "weapon": "none"}
    shapes = fire.preview(g, p)
    arcs = [Polygon(s.points).bounds for s in shapes if s.kind == "polygon" and s.fill == "#f4d35e"]
    half = 8 * 2 ** 0.5 / 2  # 8" at 45° off north: 5.657" to either side
    assert arcs == [pytest.approx((10 - half, 10, 10 + half, 18)), pytest.approx((12 - half, 10, 12 + half, 18))]
    zone = [s for s in shapes if s.kind == "polygon" and s.fill == "#d73027"]
    assert len(zone) == 1 and zone[0].alpha == 0.2
    assert [s.text for s in shapes if s.kind == "text"] == ["a2 danger zone"]
    whole = Polygon(zone[0].points)
    assert whole.contains(Point(10, 16)) and whole.contains(Point(12, 17)) and whole.bounds[3] > 18
    assert not whole.contains(Point(12, 9.5))  # nothing behind the gun
    crawling = [s for s in fire.preview(g, dict(p, aim="crawling")) if s.kind == "polygon" and s.fill == "#d73027"]
    assert Polygon(crawling[0].points).bounds[3] == pytest.approx(17.0, abs=0.01)  # b1 at 16, and an inch beyond


def test_a_7_plus_need_is_a_six_then_four_to_six():
    """Fire Table: a need over 6 rolls a 6 then a second die: 7+ is a 6 then 4-6. A rifle at far
    range (6) against a crawling man (-1) needs 7."""
    g = game(fig("a1", 40, 5), fig("b1", 40, 35, stance="crawling"))
    to_step(g, "Fire")
    assert menu(g)["fire"].explain(g, {"unit": "a", "target": "b", "aim": "all", "weapon": "none"})[-1] == \
        "a1: 2 dice, base 6+, need 7+: a 6, then 4-6"


def test_an_hmg_die_at_a_weapon_is_taken_out_of_the_shot_shown_and_rolled():
    """Firing: Damage to Weapons, from the menu: aimed at crawling men, the HMG's 8 dice at close
    range need 5+, -1: 6+; one die goes at b2's LMG (as at a crawling figure: 6+), so 7 dice are
    rolled at the men and the odds are those of 7 dice at 6+."""
    g = game(fig("h", 10, 10, "hmg"), fig("b1", 10, 16, stance="crawling") + "\n" + fig("b2", 12, 17, "lmg"))
    to_step(g, "Fire")
    fire = menu(g)["fire"]
    p = {"unit": "a", "target": "b", "aim": "crawling", "weapon": "b2"}
    assert fire.explain(g, p) == ["crawling or prone -1 (rules Fire Table: Target crawling/prone -1)",
                                  "h: 7 dice, base 5+, need 6+", "one HMG die aimed at b2's weapon",
                                  "the HMG die at the weapon needs 6+"]
    assert fire.odds(g, p).p(0) == Fraction(5, 6) ** 7
    with g.table_dice([1] * 7 + [6]):
        e = fire.resolve(g, p)
    assert e.text == "a fires 8 dice at b: 0 hits; b2's weapon wrecked"
    assert e.action["params"] == {"unit": "a", "target": "b", "aim": "crawling", "firers": None, "weapon_target": "b2"}
    assert [r.purpose for r in e.rolls][-1] == "HMG die at b2's weapon (6+)"


def test_a_unit_that_can_fire_is_offered_before_one_that_cannot():
    """Firing: a man fires only in his 45° arcs; a facing away from every enemy leaves his unit
    nothing to fire at, so the form offers first the unit that can."""
    g = game(fig("a1", 10, 10, facing=180), fig("b1", 10, 16),
             extra="      - {id: c, kind: squad, leader: z, figures: [{id: z, position: [14, 10], facing: 0, weapons: [rifle]}]}")
    to_step(g, "Fire")
    assert menu(g)["fire"].params[0].choices == ("c", "a")
    situation_of(g).face("z", 180.0)  # now neither can: the order is the scenario's
    assert menu(g)["fire"].params[0].choices == ("a", "c")


def test_each_steps_form_resolves_what_it_names():
    """Rally, Morale, Move, forced retreat and grenades resolved from their forms, with fixed dice."""
    g = game(fig("a1", 10, 10) + "\n" + fig("o", 11, 10, role="officer"), fig("b1", 10, 30))
    situation_of(g).morale("a", "rout")
    to_step(g, "Rally")
    with g.table_dice([5]):  # Morale: Rally: steady troops rally on 5-6
        assert menu(g)["rally"].resolve(g, {"unit": "a"}).text == "o rallies a (5-6): rallied"
    assert A.move_limit(g, "o") == 24.0 and A.move_limit(g, "a1") == 12.0  # officers move at double speed
    g = table()
    to_step(g, "Morale")
    situation_of(g).shot_at("b", dice=8, hits=1)
    with g.table_dice([3, 2]):  # 8-15 dice: 5 - 1 = 4, under the 5 that is OK
        assert menu(g)["morale"].resolve(g, {"unit": "b"}).text == "b tests morale after 8 dice of fire: 5 -1 = 4 -> cowering"
    g = table()
    to_step(g, "Move")
    move = menu(g)["move"]
    assert (move.label, move.ref, move.odds(g, {"figure": "a1", "point": (10, 13)})) == ("Move a figure", "Movement", None)
    e = move.resolve(g, {"figure": "a1", "point": (10, 13)})  # "how" left out: an ordinary move
    assert (e.kind, e.text) == ("move", "a1 moves 3.0\" (3.0\" of rate), crawling") and "charging" not in dotted(e)[-1][0]
    assert move.explain(g, {"figure": "a2", "point": (12, 13), "how": "charge"}) == [
        "3.0\" on the table costs 3.0\" of rate (most 8\"): moves upright"]  # a charge is made upright
    situation_of(g).piece_status("a1", "a1 has run 13\"", moved=13.0)
    assert A.move_limit(g, "a1") == 0.0  # never less than nothing left
    situation_of(g).morale("a", "cowering")
    assert menu(g)["retreat"].resolve(g, {"unit": "a"}).kind == "retreat"
    g = table()
    to_step(g, "Fire")
    with g.table_dice([5, 4, 2, 3]):  # thrown; the point stays; b1, crouching in the open, needs 5: rolls 3
        e = menu(g)["grenade"].resolve(g, {"firer": "a1", "point": (10, 15.5)})
    assert (e.kind, e.text) == ("grenade", "a1's grenade bursts at (10.0, 15.5): 1 in the zone, nobody hit")
