"""Close Action: whole events with the faces fixed, every field worked out by hand from the text.

Each test rolls table dice (the faces an umpire types in), so the branch it checks is certain,
and compares the event entire: the state it changes, the words in the log, the explanation and
the action that replays it.
"""

from fractions import Fraction
from math import comb

import pytest

from tests.close_action.helpers import fig, game, to_step
from tests.conftest import dotted
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.close_action import blast as B
from wgkit.rules.close_action import fire as F
from wgkit.rules.close_action import melee as H
from wgkit.rules.close_action import morale as M
from wgkit.rules.close_action import movement as V

GRENADE_NOTE = B.BZ_DICE.note  # the house reading's own words, shown with every blast


def rolls(event) -> list[tuple[str, tuple[int, ...]]]:
    return [(r.purpose, r.faces) for r in event.rolls]


def test_a_grenade_that_is_not_thrown_changes_nothing_but_the_log():
    g = game(fig("x", 20, 10, "rifle, grenade"), fig("t", 20, 14, facing=180))
    to_step(g, "Fire")
    with g.table_dice([4]):  # Firing: Grenades: thrown on 5-6 only
        e = B.resolve_blast(g, "grenade", "x", (20, 14))
    assert (e.kind, e.text) == ("grenade", "x fails to throw (needs 5-6) and may fire his weapon")
    assert dotted(e) == (("rng.counter", 0),)  # x has not fired: he may still use his rifle
    assert e.detail == {"rule": "Firing: Grenades", "outcome": "no throw", "modifiers": []}
    assert rolls(e) == [("x throws", (4,))]


def test_a_grenade_hits_the_upright_man_on_3_and_misses_the_crawler_who_needs_6():
    # Fire Table: close range hits on 5-6; upright and not in cover +2 (so 3-6); crawling -1 (so 6)
    g = game(fig("x", 20, 10, "rifle, grenade"),
             fig("t", 20, 14, facing=180, stance="upright") + "\n" + fig("u", 21, 14, stance="crawling"))
    to_step(g, "Fire")
    # throw 5; roll-off: active 4 beats passive 2, the point stays; t rolls 3 (hit), u rolls 5 (miss)
    with g.table_dice([5, 4, 2, 3, 5]):
        e = B.resolve_blast(g, "grenade", "x", (20, 14))
    assert e.text == "x's grenade bursts at (20.0, 14.0): 2 in the zone, t hit"
    assert dotted(e) == (("rng.counter", 0), ("pieces.x.status.fired", True),
                         ("pieces.t.alive", False),
                         ("units.b.status.fire_dice", 8),  # Morale: a grenade counts as 8 dice
                         ("units.b.status.hits", 1))
    assert e.detail == {"rule": "Firing: Grenades",
                        "outcome": {"point": [20.0, 14.0], "in_zone": ["t", "u"], "killed": ["t"]},
                        "modifiers": [], "notes": [GRENADE_NOTE]}
    assert e.action == {"name": "grenade", "params": {"firer": "x", "point": [20.0, 14.0]}}
    assert rolls(e) == [("x throws", (5,)), ("blast roll-off (active)", (4,)), ("blast roll-off (passive)", (2,)),
                        ("blast: t", (3,)), ("blast: u", (5,))]
    assert not g.piece("t")["alive"] and g.piece("u")["alive"] and g.piece("x")["status"]["fired"]


def test_a_grenade_that_hits_two_men_names_both():
    """Grenades: each figure in the 3" zone rolls apart; upright men in the open need 3-6."""
    g = game(fig("x", 20, 10, "rifle, grenade"),
             fig("t", 20, 14, facing=180, stance="upright") + "\n" + fig("u", 21, 14, stance="upright"))
    to_step(g, "Fire")
    with g.table_dice([5, 4, 2, 3, 4]):  # thrown; the point stays; t rolls 3, u rolls 4: both hit
        e = B.resolve_blast(g, "grenade", "x", (20, 14))
    assert e.text == "x's grenade bursts at (20.0, 14.0): 2 in the zone, t, u hit"
    assert e.detail["outcome"]["killed"] == ["t", "u"]


def test_the_passive_player_pushes_a_grenade_away_from_his_men_onto_the_throwers_friend():
    # roll-off: passive 4 beats active 2, so the point moves 2"; by default away from the enemy's
    # own men (t and u stand north of the point), i.e. due south, onto x's friend at (20.5, 12)
    g = game(fig("x", 20, 10, "rifle, grenade") + "\n" + fig("pal", 20.5, 12, stance="upright"),
             fig("t", 20, 14, facing=180) + "\n" + fig("u", 20, 15))
    to_step(g, "Fire")
    with g.table_dice([6, 2, 4, 2]):  # throw 6; pal, upright in the open, needs 3: rolls 2
        e = B.resolve_blast(g, "grenade", "x", (20, 14))
    assert e.text == "x's grenade bursts at (20.0, 12.0): 1 in the zone, nobody hit"
    assert e.detail["outcome"] == {"point": [20.0, 12.0], "in_zone": ["pal"], "killed": []}
    assert e.detail["notes"] == ["passive die beat the active die: blast point moved 2\" (bearing 180)", GRENADE_NOTE]
    assert dotted(e) == (("rng.counter", 0), ("pieces.x.status.fired", True),
                         ("units.a.status.fire_dice", 8), ("units.a.status.hits", 0))
    assert e.action == {"name": "grenade", "params": {"firer": "x", "point": [20.0, 12.0]}}


def test_a_mortar_round_that_drifts_kills_one_wrecks_a_weapon_and_adds_to_earlier_fire():
    g = game(fig("x", 20, 20, "mortar"),
             fig("t", 20, 40, "lmg", stance="upright") + "\n" + fig("u", 22, 40, stance="crawling"))
    to_step(g, "Fire")
    situation_of(g).shot_at("b", dice=4, hits=1)  # already shot at by 4 dice this turn, one man down
    # roll-off active 3, passive 4: 1" along bearing 90 to (21, 40): t and u are 1" away, inside the
    # 6" zone. t (upright, open) needs 3: rolls 2. u (crawling) needs 6: rolls 6. t's LMG, hit as a
    # crawling figure (Damage to Weapons), needs 6: rolls 6.
    with g.table_dice([3, 4, 2, 6, 6]):
        e = B.resolve_blast(g, "mortar", "x", (20, 40), drift_bearing=90)
    assert e.text == "x's mortar bursts at (21.0, 40.0): 2 in the zone, u hit; t's lmg wrecked"
    assert dotted(e) == (("rng.counter", 0), ("pieces.x.status.fired", True),
                         ("pieces.u.alive", False),
                         ("pieces.t.status.weapons_lost", ["lmg"]),
                         ("units.b.status.fire_dice", 20),  # 4 earlier + 16 for a mortar
                         ("units.b.status.hits", 2),
                         ("units.b.status.mortar_fire", True),
                         ("units.a.status.aim", [21.0, 40.0]))  # the mortar stays ranged there
    assert e.detail == {"rule": "Firing: Mortars",
                        "outcome": {"point": [21.0, 40.0], "in_zone": ["t", "u"], "killed": ["u"]},
                        "modifiers": [],
                        "notes": ["passive die beat the active die: blast point moved 1\" (bearing 90)", GRENADE_NOTE]}
    assert rolls(e) == [("blast roll-off (active)", (3,)), ("blast roll-off (passive)", (4,)),
                        ("blast: t", (2,)), ("blast: u", (6,)), ("blast on t's lmg (6+)", (6,))]
    assert e.action == {"name": "mortar", "params": {"firer": "x", "point": [21.0, 40.0]}}


def test_mortar_cease_fire_event():
    g = game(fig("x", 20, 20, "mortar"), fig("t", 20, 45.5))
    to_step(g, "Fire")
    situation_of(g).aiming("a", (20, 45))
    e = B.resolve_cease(g, "x")
    assert (e.kind, e.text) == ("cease fire", "x's mortar ceases fire this turn; it may take a new aiming point next turn")
    assert dotted(e) == (("units.a.status.aim", None), ("pieces.x.status.fired", True))
    assert e.detail == {"rule": "Firing: Mortars", "outcome": "ceased", "modifiers": []}


def _fire_table():
    """a1 (rifle) and a2 (LMG) face north at b1 (an officer, upright) and b2 (crawling), 6-7" off;
    pal, of a's unit, faces away and stands in the LMG's danger zone."""
    return game(fig("a1", 10, 10) + "\n" + fig("a2", 12, 10, "lmg") + "\n" + fig("pal", 11, 13.5, facing=180),
                fig("b1", 10, 16, role="officer", stance="upright") + "\n" + fig("b2", 12, 17, stance="crawling"))


def test_fire_at_a_mixed_target_with_a_danger_zone_and_an_officer_who_survives():
    g = _fire_table()
    to_step(g, "Fire")
    # Mixed-stance target: shot at as its best-protected man, the crawler: 5 + 1 = 6 to hit at close
    # range (rifle 12", LMG 36"). Dice: rifle 2 + LMG 6 = 8, all needing 6.
    # Danger zone: pal rolls one die at the same 6. Selecting hits: a 5 lets the active player choose
    # the officer b1, who then needs a further 6 (rolls 3: survives); a 1 gives the choice to the
    # passive player, who gives up b2.
    faces = [6, 6, 1, 2, 3, 4, 5, 1] + [6] + [5, 3] + [1]
    with g.table_dice(faces):
        e = F.resolve_fire(g, "a", "b")
    assert e.text == "a fires 8 dice at b: 2 hits, b2 killed, b1 (officer) survives; danger zone: pal hit"
    assert dotted(e) == (("rng.counter", 0), ("pieces.b2.alive", False), ("pieces.pal.alive", False),
                         ("pieces.a1.status.fired", True), ("pieces.a2.status.fired", True),
                         ("units.b.status.fire_dice", 8), ("units.b.status.hits", 1),
                         ("units.a.status.fired_at", "b"))
    assert rolls(e) == [("fire at b (6+: a1, a2)", tuple(faces[:8])), ("danger zone: pal", (6,)),
                        ("hit 1 of 2: who picks the man hit (5-6 the firer, 1-4 the target's side)", (5,)),
                        ("officer b1 hit: a 6 kills him", (3,)),
                        ("hit 2 of 2: who picks the man hit (5-6 the firer, 1-4 the target's side)", (1,))]
    d = e.detail
    assert (d["rule"], d["outcome"]) == ("Firing", {"hits": 2, "killed": ["b2"], "spared": ["b1"], "friendly": ["pal"]})
    assert d["modifiers"] == [{"name": "crawling or prone", "value": -1, "source": "rules Fire Table: Target crawling/prone -1"}]
    assert d["pools"] == [{"need": 6, "dice": 8, "figures": ["a1", "a2"]}]
    assert d["notes"] == ["pal cannot see a target figure within its arc"]
    two = Fraction(comb(8, 2)) * Fraction(1, 6) ** 2 * Fraction(5, 6) ** 6  # 8 dice, exactly 2 sixes
    assert f"2 hits: {float(two):.1%}" in d["odds"]
    assert e.action == {"name": "fire", "params": {"unit": "a", "target": "b", "aim": "all", "firers": None}}
    assert g.state["units"]["a"]["status"]["fired_at"] == "b"


def test_green_hmg_fire_needing_7_aims_one_die_at_a_weapon_and_wrecks_it():
    # Both targets crouch in the wood (soft cover -1) and the firer is green (-1): close range (the
    # HMG's is 48") needs 5 + 2 = 7, a 6 then 4-6 (Fire Table, 7+). One of the 8 dice is aimed at
    # b2's LMG (Damage to Weapons: hit as a crawling figure: 5, +1 crawling, +1 soft cover = 7).
    g = game(fig("h", 10, 0, "hmg"), fig("b1", 9, 27.5) + "\n" + fig("b2", 11, 27.8, "lmg"), a_quality="green")
    to_step(g, "Fire")
    situation_of(g).shot_at("b", dice=3, hits=0)
    # 7 dice: two 6s, whose second dice show 4 (hit) and 3; select the hit: 5, the active player
    # takes the squad leader b1; the weapon die: a 6, then 5
    faces = [6, 6, 1, 1, 1, 1, 1] + [4, 3] + [5] + [6, 5]
    with g.table_dice(faces):
        e = F.resolve_fire(g, "a", "b", weapon_target="b2")
    assert e.text == "a fires 8 dice at b: 1 hit, b1 killed; b2's weapon wrecked"
    assert dotted(e) == (("rng.counter", 0), ("pieces.b1.alive", False),
                         ("pieces.h.status.fired", True),
                         ("pieces.b2.status.weapons_lost", ["lmg"]),
                         ("units.b.status.fire_dice", 11),  # 3 earlier + all 8 HMG dice
                         ("units.b.status.hits", 1), ("units.a.status.fired_at", "b"),
                         ("units.b.status.heavy_fire", True))  # Morale: HMG fire -2
    d = e.detail
    assert d["modifiers"] == [{"name": "soft cover", "value": -1, "source": "rules Fire Table: Vs. soft cover -1"},
                              {"name": "green firer", "value": -1, "source": "rules Fire Table: Firer is green -1"}]
    assert d["pools"] == [{"need": 7, "dice": 7, "figures": ["h"]}]
    assert d["notes"] == ["one HMG die aimed at b2's weapon"]
    assert d["outcome"] == {"hits": 1, "killed": ["b1"], "spared": [], "friendly": []}
    assert e.action == {"name": "fire", "params": {"unit": "a", "target": "b", "aim": "all", "firers": None,
                                                   "weapon_target": "b2"}}


def _pct(p: Fraction) -> str:
    return f"{float(p):.1%}"


def test_a_morale_test_with_every_modifier_and_an_isolated_man_testing_alone():
    # b (green) holds the house (hard cover) with officer o; b3 stands alone, far from the others.
    g = game(fig("x", 30, 10),
             fig("b1", 30, 30) + "\n" + fig("b2", 31, 30) + "\n" + fig("o", 30, 32, role="officer")
             + "\n" + fig("b3", 45, 45), b_quality="green")
    situation_of(g).shot_at("b", dice=16, hits=2, heavy=True)
    # Morale Table: green -2, half or more in hard cover +2, officer within 3" +2, two hits -2,
    # under HMG fire -2: -2 in all. 16-23 dice: 1 or less routs, 7 or more is OK.
    # The unit rolls 3 + 4 = 7, -2 = 5: cowering. b3 adds isolated -2: rolls 2 + 3 = 5, -4 = 1: rout
    # (without the isolated -2 it would be 3: cowering).
    with g.table_dice([3, 4, 2, 3]):
        e = M.resolve_morale(g, "b")
    assert e.text == "b tests morale after 16 dice of fire: 7 -2 = 5 -> cowering; isolated b3 -> rout"
    assert dotted(e) == (("rng.counter", 0), ("units.b.status.morale", "cowering"),
                         ("units.b.status.tested", True), ("pieces.b3.status.morale", "rout"))
    d = e.detail
    assert [(m["name"], m["value"]) for m in d["modifiers"]] == [
        ("green", -2), ("half or more in hard cover", 2), ("officer within 3\"", 2), ("hit this turn", -1),
        ("hit this turn", -1), ("under mortar or HMG fire", -2)]
    assert {m["source"] for m in d["modifiers"]} == {"rules Morale Table"}
    assert (d["rule"], d["outcome"], d["table"], d["isolated"]) == ("Morale", "cowering", {"rout": 1, "ok": 7}, ["b3"])
    # 2d6 - 2: rout on a roll of 3 or less (3 ways in 36), OK on 9 or more (10 ways)
    assert set(d["odds"]) >= {f"rout: {_pct(Fraction(3, 36))}", f"ok: {_pct(Fraction(10, 36))}",
                              f"cowering: {_pct(Fraction(23, 36))}"}
    assert e.action == {"name": "morale", "params": {"unit": "b"}}
    assert rolls(e) == [("morale", (3,)), ("morale", (4,)), ("morale", (2,)), ("morale", (3,))]
    assert e.kind == "morale"


def test_a_green_unit_rallies_on_a_six_by_its_officer():
    g = game(fig("x", 30, 10), fig("b1", 20, 40) + "\n" + fig("o", 22, 40, role="officer"), b_quality="green")
    situation_of(g).morale("b", "cowering")
    with g.table_dice([5]):  # Morale: Rally: green units rally on a 6 only
        e = M.resolve_rally(g, "b")
    assert (e.kind, e.text, dotted(e)) == ("rally", "o rallies b (6-6): fails", (("rng.counter", 0),))
    assert rolls(e) == [("rally", (5,))]
    assert e.detail == {"rule": "Morale: Rally", "outcome": False, "odds": ["not rallied: 83.3%", "rallied: 16.7%"],
                        "modifiers": [{"name": "green rallies on", "value": 6, "source": "rules Morale: Rally (6)"}]}
    with g.table_dice([6]):
        e = M.resolve_rally(g, "b")
    assert (e.text, dotted(e)) == ("o rallies b (6-6): rallied",
                                   (("rng.counter", 0), ("units.b.status.morale", "ok")))
    assert e.action == {"name": "rally", "params": {"unit": "b"}}
    with pytest.raises(IllegalActionError, match="^b is in good order and needs no rally$"):
        M.resolve_rally(g, "b")
    g2 = game(fig("x", 30, 10), fig("b1", 20, 40) + "\n" + fig("o", 24, 40, role="officer"))
    situation_of(g2).morale("b", "rout")
    with pytest.raises(IllegalActionError, match="^no officer within 3\" of b: it cannot rally$"):
        M.resolve_rally(g2, "b")  # o is 4" away


def test_hand_to_hand_two_men_and_an_officer_against_one_in_the_wood():
    # Hand-to-Hand modifiers: the active pair +1 for the extra man and +1 for the officer; the
    # defender in soft cover +1. Active rolls 3 (+2 = 5), passive 5 (+1 = 6): a man of the pair
    # falls, never the officer while another can.
    g = game(fig("a1", 10.8, 30, role="officer") + "\n" + fig("a2", 9.2, 30), fig("b1", 10, 30))
    (group,) = H.groups(g)
    assert group == H.Group("b1", ("a1", "a2"))
    with g.table_dice([3, 5]):
        e = H.resolve_melee(g, group)
    assert (e.kind, e.text) == ("melee", "hand to hand a1+a2 v b1: a2 falls")
    assert dotted(e) == (("rng.counter", 0), ("pieces.a2.alive", False))
    d = e.detail
    assert (d["rule"], d["outcome"]) == ("Hand-to-Hand Fighting", "passive")
    assert d["modifiers"] == [
        {"name": "active: extra man", "value": 1, "source": "rules Hand-to-Hand: Each extra man in the group"},
        {"name": "active: officer in the group", "value": 1, "source": "rules Hand-to-Hand: Officer in the group"},
        {"name": "passive: soft cover", "value": 1, "source": "rules Hand-to-Hand: In soft cover vs. all attackers"}]
    # d6 + 2 against d6 + 1: the active side wins when its die is at least the passive's (21 of 36),
    # ties when its die is one less (5 ways), and loses otherwise (10 ways)
    assert set(d["odds"]) >= {f"active: {_pct(Fraction(21, 36))}", f"tie: {_pct(Fraction(5, 36))}",
                              f"passive: {_pct(Fraction(10, 36))}"}
    assert e.action == {"name": "melee", "params": {"single": "b1", "many": ["a1", "a2"]}}
    assert rolls(e) == [("hand to hand (active)", (3,)), ("hand to hand (passive)", (5,))]


def test_a_lone_attacker_against_a_pair_is_named_with_each_defender():
    """Hand-to-Hand: the text names each side's men; the pair is +1 for its extra man. The lone
    attacker's 6 beats 1 + 1, and a man of the pair falls."""
    g = game(fig("a1", 10, 20), fig("b1", 10.8, 20) + "\n" + fig("b2", 9.2, 20))
    (group,) = H.groups(g)
    with g.table_dice([6, 1]):
        e = H.resolve_melee(g, group)
    assert (e.text, e.detail["outcome"]) == ("hand to hand a1 v b1+b2: b1 falls", "active")
    assert [(m["name"], m["value"]) for m in e.detail["modifiers"]] == [("passive: extra man", 1)]


def test_a_tied_round_lets_every_man_in_the_group_break_off():
    g = game(fig("a1", 10.8, 30, role="officer") + "\n" + fig("a2", 9.2, 30), fig("b1", 10, 30))
    with g.table_dice([4, 5]):  # 4 + 2 = 5 + 1
        e = H.resolve_melee(g, H.groups(g)[0])
    assert e.text == "hand to hand a1+a2 v b1: tie: either side may break off next move"
    assert dotted(e) == (("rng.counter", 0), ("pieces.a1.status.may_break_off", True),
                         ("pieces.a2.status.may_break_off", True),
                         ("pieces.b1.status.may_break_off", True))


def _cowering_ten():
    men = "\n".join(fig(f"b{i}", 20 + i, 40) for i in range(1, 11))
    g = game(fig("a1", 21.5, 40) + "\n" + fig("a2", 15, 30), men)
    situation_of(g).morale("b", "cowering")
    return g


def test_ten_cowering_men_charged_surrender_and_one_attacker_escorts_them():
    g = _cowering_ten()
    with g.table_dice([4]):  # Hand-to-Hand: Surrender: 1-4 prisoners are taken, one escort per 10
        e = H.resolve_melee(g, H.groups(g)[0])
    assert (e.kind, e.text) == ("surrender", "b surrenders (10 men): 1 escort leave with them")
    assert dotted(e) == (("rng.counter", 0), *((f"pieces.b{i}.alive", False) for i in range(1, 11)),
                         ("pieces.a1.alive", False))
    assert e.detail == {"rule": "Hand-to-Hand: Surrender", "outcome": {"murdered": False, "escorts": ["a1"]},
                        "modifiers": []}
    assert [(r.purpose, r.faces) for r in e.rolls] == [("surrender", (4,))]
    assert e.action == {"name": "melee", "params": {"unit": "b"}}


def test_fewer_than_ten_prisoners_need_no_escort():
    """Hand-to-Hand: Surrender: one escort for each 10 prisoners; 9 need none."""
    men = "\n".join(fig(f"b{i}", 20 + i, 40) for i in range(1, 10))
    g = game(fig("a1", 21.5, 40) + "\n" + fig("a2", 15, 30), men)
    situation_of(g).morale("b", "cowering")
    with g.table_dice([1]):
        e = H.resolve_melee(g, H.groups(g)[0])
    assert e.text == "b surrenders (9 men): 0 escorts leave with them" and g.piece("a1")["alive"]


def test_too_late_on_a_five_and_nobody_leaves_to_escort():
    g = _cowering_ten()
    with g.table_dice([5]):
        e = H.resolve_melee(g, H.groups(g)[0])
    assert e.text == "b surrenders (10 men): \"Too late!\""
    assert dotted(e) == (("rng.counter", 0), *((f"pieces.b{i}.alive", False) for i in range(1, 11)))
    assert e.detail["outcome"] == {"murdered": True, "escorts": []}
    assert H.melee_odds(_cowering_ten(), H.groups(_cowering_ten())[0]).p("surrender: too late") == Fraction(1, 3)


def test_a_move_into_the_wood_pays_double_for_the_inch_inside_and_crouches():
    g = game(fig("a1", 10, 24), fig("b1", 40, 45))
    to_step(g, "Move")
    e = V.resolve_move(g, "a1", (10, 28))
    # Movement Table: 3" of clear ground, then 1" of dense terrain at x1/2 costs 2": 5" of rate,
    # within the 6" crouching rate, so the man moves crouching; 12" upright is the most he may use
    assert e.text == "a1 moves 4.0\" (5.0\" of rate), crouching"
    assert dotted(e) == (("pieces.a1.position", [10.0, 28.0]), ("pieces.a1.status.moved", 5.0),
                         ("pieces.a1.status.stance", "crouching"))
    assert e.detail == {"rule": "Movement", "outcome": {"stance": "crouching", "cost": 5.0, "limit": 12.0},
                        "notes": ["1.0\" through wood (dense, x0.5)"], "modifiers": []}
    assert e.action == {"name": "move", "params": {"figure": "a1", "to": [10.0, 28.0]}}


def test_the_wall_costs_a_man_3_inches_and_a_weapon_team_6_more_than_its_8():
    g = game(fig("a1", 20, 18) + "\n" + fig("a2", 22, 18, "lmg"), fig("b1", 40, 45))
    to_step(g, "Move")
    with pytest.raises(IllegalActionError,
                       match=r"^a2 needs 10\.0\" of movement \(terrain included\); the most is 8\"$"):
        V.resolve_move(g, "a2", (22, 22))  # 4" + 6" for the obstacle
    e = V.resolve_move(g, "a1", (20.5, 22), charge=True)
    assert e.text == "a1 moves 4.0\" (7.0\" of rate), upright"  # 4" + 3": past the crouching rate
    assert dotted(e)[-1] == ("pieces.a1.status.charging", True)
    assert e.detail["notes"] == ["crosses wall (obstacle, 3\")"]


def test_a_routed_unit_runs_to_hard_cover_or_away_and_drops_its_support_weapon():
    g = game(fig("a1", 20, 30) + "\n" + fig("a2", 40, 5, "lmg"), fig("b1", 40, 15))
    situation_of(g).morale("a", "rout")
    e = V.resolve_retreat(g, "a")
    # a1: the house's edge (0.3" inside it) is 7.3" off, within a 12" move. a2: no hard cover within
    # 12", so it runs straight away from b1, due south, and stops at the table's edge.
    assert e.text == "a (rout) retreats: a1 to (27.3, 30); a2 to (40, 0)"
    assert dotted(e) == (("pieces.a1.position", [27.3, 30.0]), ("pieces.a1.status.moved", 12.0),
                         ("pieces.a2.position", [40.0, 0.0]), ("pieces.a2.status.moved", 12.0),
                         ("pieces.a2.status.weapons_lost", ["lmg"]),
                         ("units.a.status.morale", "cowering"))
    assert e.detail == {"rule": "Morale: Morale States", "outcome": ["a1 to (27.3, 30)", "a2 to (40, 0)"],
                        "modifiers": []}
    assert (e.kind, e.action) == ("retreat", {"name": "retreat", "params": {"unit": "a"}})


def test_a_routed_man_runs_straight_away_from_the_nearest_enemy_or_south_when_none_is_left():
    """Morale States, rout: with no hard cover within the 12" move, a man runs directly away from
    the nearest enemy: from (40, 14) away from (41, 15) is 12" at 225°, to (40 - 12/√2, 14 - 12/√2),
    kept to the hundredth. With no enemy left on the table, he runs south (house)."""
    g = game(fig("a1", 40, 14, "lmg"), fig("b1", 41, 15))
    situation_of(g).morale("a", "rout")
    assert dotted(V.resolve_retreat(g, "a"))[0] == ("pieces.a1.position", [31.51, 5.51])
    g = game(fig("a1", 40, 14, "lmg"), fig("b1", 41, 15))
    situation_of(g).out_of_action("b1")
    situation_of(g).morale("a", "rout")
    assert V.resolve_retreat(g, "a").text == "a (rout) retreats: a1 to (40, 2)"


def test_a_cowering_unit_creeps_to_better_cover_and_one_in_the_house_stays():
    g = game(fig("a1", 18, 30) + "\n" + fig("a2", 30, 30), fig("b1", 40, 5))
    situation_of(g).morale("a", "cowering")
    e = V.resolve_retreat(g, "a")  # a1 in the open: the wood (soft) is nearer than the house
    assert e.text == "a (cowering) retreats: a1 to (12.7, 30)"
    assert dotted(e) == (("pieces.a1.position", [12.7, 30.0]), ("pieces.a1.status.moved", 12.0))
    g = game(fig("a1", 30, 30), fig("b1", 40, 5))
    situation_of(g).morale("a", "cowering")
    assert V.resolve_retreat(g, "a").text == "a (cowering) retreats: no better cover within a move: stays"
    situation_of(g).morale("a", "ok")
    with pytest.raises(IllegalActionError, match="^a is ok: only cowering or routed units are forced to retreat$"):
        V.resolve_retreat(g, "a")


def exact_2d6_at_most(n: int) -> Fraction:
    """Two d6 totalling ``n`` or less, counted by hand."""
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= n), 36)


def test_plain_odds_by_hand():
    from wgkit.rules.close_action import odds as O

    assert O.fire(8, 5).p(0) == Fraction(2, 3) ** 8 and O.fire().p(0) == 1  # no dice: no hits
    # 7+: a 6, then 4-6 (1/12 a die); 2 dice at 5-6 and 1 at 7+: all three hit
    assert O.fire(pools={5: 2, 7: 1}).p(3) == Fraction(1, 3) ** 2 * Fraction(1, 12)
    assert O.morale(16, -2).p("rout") == Fraction(3, 36)  # 2d6 - 2 at 1 or less: a roll of 2 or 3
    assert O.rally(5).describe() == ["not rallied: 66.7%", "rallied: 33.3%"]
    assert O.melee(1, 0).p("tie") == Fraction(5, 36)
    # the defaults: 4+ (half the faces) a die; no modifiers
    # the 16-23 dice row: 7 or more is OK, 21 of the 36 rolls of 2d6
    assert O.fire(2).p(2) == Fraction(1, 4) and O.morale(16).p("ok") == 1 - exact_2d6_at_most(6) == Fraction(21, 36)
    assert O.melee().p("tie") == Fraction(6, 36)


def test_lookups_default_stance_and_the_weapon_a_figure_fires():
    from wgkit.rules.close_action import lookup as S

    g = game(fig("a1", 10, 10, "grenade, lmg, rifle") + "\n" + fig("a2", 12, 10, "mortar"),
             fig("b1", 10, 20, stance="crawling"))
    assert (S.stance(g, "a1"), S.stance(g, "b1")) == ("crouching", "crawling")  # crouching unless the scenario says
    assert S.weapon(g, "a1") == "lmg"  # a grenade is thrown, not fired
    assert (S.weapon(g, "a2"), S.weapon(g, "a2", direct=False)) == (None, "mortar")  # a mortar fires indirectly
    situation_of(g).piece_status("a1", "a1's LMG is wrecked", weapons_lost=["lmg"])
    assert S.weapon(g, "a1") == "rifle"  # Damage to Weapons: he fights on with his rifle
    with pytest.raises(IllegalActionError, match="^there is no unit 'zz'$"):
        S.unit_of(g, "zz")


FEATURES = """
terrain:
  - {id: wood, type: woods, rectangle: {center: [10, 10], size: [4, 4]}}
  - {id: barn, type: buildings, rectangle: {center: [11, 10], size: [2, 2]}}
  - {id: wall1, type: low_wall, line: [[16, 0], [16, 20]], width: 0.5}
  - {id: wall2, type: low_wall, line: [[18, 0], [18, 20]], width: 0.5}
  - {id: orchard, type: orchard, rectangle: {center: [30, 10], size: [4, 4]}}
  - {id: lane, type: road, line: [[30, 0], [30, 20]], width: 1}
"""


def test_terrain_cost_by_the_movement_table():
    from wgkit.rules.close_action import movement as V

    g = game(fig("a1", 0, 0), fig("b1", 40, 40), terrain=FEATURES)
    # dense x1/2: 4" of wood costs 8"; the barn overlaps the wood and is not paid twice
    cost, why = V.terrain_cost(g, (6, 10), (14, 10), "man")
    assert cost == pytest.approx(12.0, abs=1e-9)
    assert why == ["4.0\" through wood (dense, x0.5)", "2.0\" through barn (dense, x0.5)"]
    # obstacles: 3" each for a man, 6" for a weapon team, on top of the distance
    assert V.terrain_cost(g, (15, 10), (19, 10), "man") == (10.0, ["crosses wall1 (obstacle, 3\")",
                                                                  "crosses wall2 (obstacle, 3\")"])
    assert V.terrain_cost(g, (15, 10), (17, 10), "weapon")[0] == 8.0
    # rough ground: x1 for a man, x1/2 for a weapon team (4" of orchard cost 8")
    assert V.terrain_cost(g, (26, 6), (26, 14), "man") == (8.0, [])
    assert V.terrain_cost(g, (27, 10), (33, 10), "weapon")[0] == pytest.approx(6 + 4)
    # a road costs nothing extra: x1
    assert V.terrain_cost(g, (30, 0), (30, 5), "weapon") == (5.0, [])


def test_turn_start_sets_command_and_clears_the_turns_marks():
    from wgkit.rules.close_action import movement as V

    g = game(fig("a1", 10, 10) + "\n" + fig("a2", 16, 10) + "\n" + fig("a3", 16.5, 10) + "\n" + fig("a4", 10, 30)
             + "\n" + fig("a5", 20, 30), fig("b1", 40, 40) + "\n" + fig("o", 40, 44, role="officer"))
    # a1 leads a; a2 is 6" from him (in command), a3 6.5" (not), a4 far off; a5 is dead
    s = situation_of(g)
    s.piece_status("a2", "", stance="crawling", morale="cowering", weapons_lost=["lmg"], moved=3.0, fired=True)
    s.unit_status("a", morale="cowering", aim=[1, 2], cowered_on=1, fire_dice=8, hits=1, tested=True, fired_at="b")
    s.out_of_action("a5")
    changes = {".".join(p): v for p, v in V.turn_start(g)}
    assert {k: v["in_command"] for k, v in changes.items() if k.startswith("pieces.")} == {
        "pieces.a1.status": True, "pieces.a2.status": True, "pieces.a3.status": False, "pieces.a4.status": False,
        "pieces.b1.status": True, "pieces.o.status": True}  # b1 is 4" from the officer o
    assert changes["pieces.a2.status"] == {"stance": "crawling", "morale": "cowering", "weapons_lost": ["lmg"],
                                           "in_command": True}
    assert changes["units.a.status"] == {"morale": "cowering", "aim": [1, 2], "cowered_on": 1}
    assert "pieces.a5.status" not in changes


@pytest.mark.parametrize("aim, targets", [
    ("all", ("b1", "b2", "b3")), ("open", ("b1",)), ("crawling", ("b1",)), ("upright", ("b2",)),
    ("soft", ("b2",)), ("crouching", ("b3",)), ("hard", ("b3",))])
def test_aiming_at_one_stance_or_cover_makes_only_those_men_targets(aim, targets):
    # Firing: mixed-stance or mixed-cover targets: b1 crawls in the open, b2 stands in the wood's
    # edge (soft), b3 crouches inside the house's wall (hard); all within a1's arc at close range
    g = game(fig("a1", 20, 22), fig("b1", 20, 30, stance="crawling") + "\n" + fig("b2", 12.5, 30, stance="upright")
             + "\n" + fig("b3", 27.5, 30))
    assert F.plan_fire(g, "a", "b", aim=aim).targets == targets


def test_each_mg_has_its_own_danger_zone_and_friends_in_either_are_rolled_for():
    g = game(fig("g1", 10, 10, "lmg") + "\n" + fig("g2", 20, 10, "hmg") + "\n" + fig("f1", 11, 13)
             + "\n" + fig("f2", 19, 13) + "\n" + fig("f3", 15, 11), fig("b1", 15, 20))
    plan = F.plan_fire(g, "a", "b", firers=["g1", "g2"])
    assert (plan.danger, plan.danger_need) == (("f1", "f2"), 5)  # f3 stands between the zones' edges
    assert plan.heavy  # an HMG among the firers: morale -2
