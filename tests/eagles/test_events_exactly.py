"""Eagles, Crowns and Oak Leaves: whole events with the kill dice fixed, worked out by hand.

Kill dice are d10 read 0-9 (1.5); table dice fix every face, so each test checks one certain
branch and the whole event: what changes, the words in the log, the modifiers and the odds.
"""

from fractions import Fraction

import pytest

from tests.conftest import dotted
from tests.eagles.helpers import game, put
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.eagles import air as AIR
from wgkit.rules.eagles import close as C
from wgkit.rules.eagles import fire as F
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import movement as MV
from wgkit.rules.eagles import spotting as SP


def test_direct_fire_at_400_yards_suppresses_and_impairs_without_a_re_roll():
    g = game(step="Infantry vs infantry")
    put(g, "dcli_a", 36, 28)  # 4" = 400 yd from the panzergrenadiers
    # 4.2: FP 4 (class X) unchanged between 300 and 600 yd; X against TPD CC: 3 kill dice; the
    # effective row against infantry hits on 8, 9 and 0 with no ** in the box, so 4.3: the first hit
    # suppresses and each further hit impairs at once. Faces 9, 8, 3: two hits.
    with g.table_dice([9, 8, 3]):
        e = F.resolve(g, "dcli_a", "pzgren")
    assert e.text == "dcli_a fires 3 kill dice at pzgren: pzgren: suppressed, 1 impairment (FP now 3)"
    assert dotted(e) == (("rng.counter", 0), ("units.pzgren.status.suppressed", True),
                         ("units.pzgren.status.impaired", 1), ("units.dcli_a.status.fired", True),
                         ("units.dcli_a.status.spotted", True))  # 4.1: firing within 500 yd gives it away
    assert [(r.purpose, r.faces) for r in e.rolls] == [("kill dice", (9, 8, 3))]
    d = e.detail
    assert (d["rule"], d["outcome"], d["modifiers"]) == ("4.2 Firing Procedures", "pzgren: suppressed, 1 impairment (FP now 3)", [])
    assert d["notes"] == ["4 FP at 400 yd", "4 FP (X) against TPD CC: -1 dice",
                          "effective row against infantry: hits on 9, 8, 0 (hits after the first impair without a re-roll)"]
    miss = Fraction(7, 10) ** 3
    one = 3 * Fraction(3, 10) * Fraction(7, 10) ** 2
    assert set(d["odds"]) >= {f"no effect: {float(miss):.1%}", f"suppressed: {float(one):.1%}"}


def test_close_fire_adds_one_fp_and_a_miss_changes_only_the_firer():
    g = game(step="Infantry vs infantry")
    put(g, "dcli_a", 36, 30)  # 200 yd: +1 FP (4.2 under 300 yd): 5, class X; 5 - 1 against CC: 4 dice
    with g.table_dice([1, 2, 3, 4]):  # the maximum row hits on 7, 8, 9, 0: nothing
        e = F.resolve(g, "dcli_a", "pzgren")
    assert e.text == "dcli_a fires 4 kill dice at pzgren: pzgren: no effect"
    assert dotted(e) == (("rng.counter", 0), ("units.dcli_a.status.fired", True), ("units.dcli_a.status.spotted", True))
    assert e.detail["modifiers"] == [{"name": "under 300 yd", "value": 1, "source": "rules 1.2 (a FP added under 300 yards)"}]


def _stukas(g_seed: int = 2):
    def add_plane(d):
        d["sides"][1]["units"].append({"id": "stukas", "kind": "aircraft", "rules": {"sortie": "rockets", "fp": 1},
                                       "stands": [{"id": "stuka1", "position": [70, 46]}]})

    g = game(seed=g_seed, edit=add_plane)
    e = AIR.resolve_sortie(g, "stukas", (31, 7.5))
    assert e.text == "stukas is en route to (31.0, 7.5); it attacks on turn 2"  # 6.1: a turn en route
    assert dotted(e) == (("units.stukas.status.over", {"point": [31.0, 7.5], "attacks": 2}),)
    situation_of(g).turn(2)
    return g


def test_infantry_under_the_sortie_hits_it_with_its_one_aa_die_on_a_0_and_it_breaks_off():
    g = _stukas()
    # 6.4: dcli_a stands 1.1" (112 yd) from the impact point, inside the 4" CD: infantry fire the
    # Inf column, one kill die hitting on 0
    with g.table_dice([0]):
        e = AIR.resolve_aa(g, "dcli_a", "stukas")
    assert (e.kind, e.text) == ("AA fire", "dcli_a (inf, 1 dice) fires at stukas: hit, it will not attack")
    assert dotted(e) == (("rng.counter", 0), ("units.dcli_a.status.fired_aa", True), ("units.stukas.status.aborted", True))
    assert (e.detail["rule"], e.detail["outcome"], e.detail["odds"]) == ("6.4", True, ["fails: 90.0%", "succeeds: 10.0%"])
    with pytest.raises(IllegalActionError, match="^dcli_a cannot fire at stukas$"):
        AIR.resolve_aa(g, "dcli_a", "stukas")  # once per sortie
    e = AIR.resolve_attack(g, "stukas")
    assert (e.text, dotted(e), e.rolls) == ("stukas was hit and breaks off",
                                            (("units.stukas.status.destroyed", True), ("units.stukas.status.over", None)), ())


def test_a_missed_sortie_rockets_the_unit_nearest_the_impact_point():
    g = _stukas()
    with g.table_dice([7]):
        assert AIR.resolve_aa(g, "dcli_a", "stukas").text == "dcli_a (inf, 1 dice) fires at stukas: miss"
    # 6.2: rockets are class Y, converged on the one unit nearest the centre: dcli_a. 3.6: class Y
    # rolls 8 kill dice, +1 against unprotected infantry (house); TPD BB hits on 1-2 with no second
    # roll, and infantry take the hits after the first as impairments (4.3/3.7: not vehicles, not CC/DD)
    with g.table_dice([1, 2, 5, 5, 5, 5, 5, 5, 5]):
        e = AIR.resolve_attack(g, "stukas")
    assert e.text == "stukas attacks (Y, converged): dcli_a: suppressed, 1 impairment (FP now 3)"
    assert dotted(e) == (("rng.counter", 0), ("units.stukas.status.destroyed", True), ("units.stukas.status.over", None),
                         ("units.dcli_a.status.suppressed", True), ("units.dcli_a.status.impaired", 1))
    assert [(r.purpose, len(r.faces)) for r in e.rolls] == [("kill dice", 9)]
    with pytest.raises(IllegalActionError, match="^stukas does not attack this turn$"):
        AIR.resolve_attack(g, "stukas")


def test_spotting_by_the_chart_rolls_d00_against_the_modified_chance():
    g = game(edit=lambda d: d["sides"][1]["units"][0]["stands"][0].update(hidden=True))
    put(g, "dcli_a", 36, 20)  # 1200 yd from the panzergrenadiers, hidden in the crest wood
    # 4.11: 60%, in the woods -20, stationary infantry -20: 20%. A d00 of 20 or less spots.
    with g.table_dice([21]):
        e = SP.resolve_spot(g, "dcli_a", "pzgren")
    assert (e.text, dotted(e)) == ("dcli_a looks for pzgren (20%): not seen",
                                   (("rng.counter", 0), ("units.pzgren.status.spotted", False)))
    assert [(m["name"], m["value"]) for m in e.detail["modifiers"]] == [("in the woods", -20),
                                                                         ("stationary infantry or AT", -20)]
    assert (e.detail["rule"], e.detail["outcome"]) == ("4.11", False)
    with g.table_dice([20]):
        e = SP.resolve_spot(g, "dcli_a", "pzgren")
    assert (e.text, dotted(e)[-1]) == ("dcli_a looks for pzgren (20%): spotted", ("units.pzgren.status.spotted", True))
    with pytest.raises(IllegalActionError, match="^pzgren is already spotted$"):
        SP.resolve_spot(g, "dcli_a", "pzgren")


def test_a_unit_out_of_sight_behind_the_wood_cannot_be_looked_for():
    # 4.11 needs the spotter to see where the target is: the crest wood (radius 3" about (38, 34))
    # lies between them, and at 1050 yd, not moving, firing or on a road, 4.1 spots nothing
    g = game()
    put(g, "pzgren", 38, 38.5, spotted=False)
    put(g, "dcli_a", 38, 28)
    before = len(g.log)
    with pytest.raises(IllegalActionError, match="^dcli_a cannot see where pzgren is$"):
        SP.resolve_spot(g, "dcli_a", "pzgren")
    assert len(g.log) == before


def _melee(*faces):
    g = game()
    put(g, "dcli_a", 36, 31.5)  # 50 yd from the panzergrenadiers: within the 100 yd of a melee (house)
    put(g, "pzgren", 36, 32, suppressed=True)  # 5.1: a suppressed unit fights at FP - 2
    with g.table_dice(list(faces)):
        return g, C.resolve_melee(g, "dcli_a", "pzgren")


def test_melee_the_loser_is_destroyed_and_the_winner_suppressed():
    # 5.1: a d10 each plus the rating: dcli_a 3 + 4 = 7 against pzgren 6 + (4 - 2) = 8
    g, e = _melee(3, 6)
    assert (e.text, e.detail["outcome"]) == ("pzgren wins; dcli_a destroyed, pzgren suppressed", -1)
    assert dotted(e) == (("rng.counter", 0), ("units.dcli_a.status.destroyed", True), ("pieces.dcli_a1.alive", False),
                         ("units.pzgren.status.suppressed", True))
    assert [(m["name"], m["value"]) for m in e.detail["modifiers"]] == [("suppressed", -2)]
    assert [(r.purpose, r.faces) for r in e.rolls] == [("attacker", (3,)), ("defender", (6,))]
    # attacker minus defender is the difference of two d10 plus 2: 0 (a tie) happens 8 ways in 100
    assert f"0 attacker minus defender: {8 / 100:.1%}" in e.detail["odds"]


def test_melee_won_by_the_attacker_and_a_tie_that_destroys_both():
    _, e = _melee(9, 1)
    assert e.text == "dcli_a wins; pzgren destroyed, dcli_a suppressed"
    assert dotted(e)[1:] == (("units.pzgren.status.destroyed", True), ("pieces.pzg1.alive", False),
                             ("units.dcli_a.status.suppressed", True))
    _, e = _melee(3, 5)  # 7 against 7
    assert e.text == "a tie: both destroyed"
    assert dotted(e)[1:] == (("units.dcli_a.status.destroyed", True), ("pieces.dcli_a1.alive", False),
                             ("units.pzgren.status.destroyed", True), ("pieces.pzg1.alive", False))


def test_melee_reach_and_targets():
    g = game()
    with pytest.raises(IllegalActionError, match="^pzgren is not an enemy within 100 yd of dcli_a$"):
        C.resolve_melee(g, "dcli_a", "pzgren")
    put(g, "dcli_a", 40, 30.5)
    put(g, "tigers", 40, 31)
    with pytest.raises(IllegalActionError, match="^tigers is a vehicle or bunker: use an assault$"):
        C.resolve_melee(g, "dcli_a", "tigers")


def _mined(*faces):
    g = game(step="Cross-country movement", edit=lambda d: d["terrain"].append({"id": "mines", "type": "minefield", "variant": "hasty",
                                                                                   "rectangle": {"center": [30, 12], "size": [3, 3]}}))
    with g.table_dice(list(faces)):
        return g, MV.resolve_move(g, "dcli_a", (30, 11.5))


def test_infantry_entering_a_minefield_stops_at_its_edge_and_is_hit_on_30_or_less():
    # 1.5: the unit stops where it enters (y = 10.5, 2.5" from (30, 8)) and rolls a d00 against its
    # armour's chance: infantry 30%. A hit suppresses and impairs one step. 2.5" is within code A (4").
    g, e = _mined(30)
    assert e.text == "dcli_a moves to (30.0, 10.5); mines (30%): dcli_a: suppressed, 1 impairment (FP now 3)"
    assert dotted(e) == (("rng.counter", 0), ("pieces.dcli_a1.position", [30.0, 10.5]), ("units.dcli_a.status.moved", True),
                         ("units.dcli_a.status.moved_code", "A"), ("units.dcli_a.status.suppressed", True),
                         ("units.dcli_a.status.impaired", 1))
    assert (e.detail["rule"], e.detail["outcome"]) == ("2.0 Movement", ["mines (30%): dcli_a: suppressed, 1 impairment (FP now 3)"])
    assert e.detail["odds"] == ["fails: 70.0%", "succeeds: 30.0%"]
    g, e = _mined(31)
    assert e.text == "dcli_a moves to (30.0, 10.5); mines (30%): no damage"
    assert dotted(e)[-1] == ("units.dcli_a.status.moved_code", "A")
    assert e.detail["odds"] == ["fails: 70.0%", "succeeds: 30.0%"]


def test_a_move_that_meets_no_minefield_shows_no_mine_odds():
    # 1.5 is rolled only on entering a minefield: a move elsewhere rolls nothing and shows no odds
    g = game(step="Cross-country movement")
    e = MV.resolve_move(g, "dcli_a", (30, 11.5))
    assert (e.rolls, e.detail["odds"]) == ((), [])


def test_a_move_near_the_enemy_gives_the_mover_away_and_records_its_speed_code():
    g = game(step="Cross-country movement")
    put(g, "dcli_a", 36, 23)
    with pytest.raises(IllegalActionError, match=r'^dcli_a may move 4" \(code A; 4"\); that is 4\.5"$'):
        MV.resolve_move(g, "dcli_a", (36, 27.5))
    e = MV.resolve_move(g, "dcli_a", (36, 27))  # 4", all of code A; it ends 500 yd from pzgren: spotted (4.1)
    assert e.text == "dcli_a moves to (36.0, 27.0)"
    assert dotted(e)[-2:] == (("units.dcli_a.status.moved_code", "A"), ("units.dcli_a.status.spotted", True))


def test_fire_orders_land_after_the_time_lapse_and_shifts_move_along_and_across_the_line_of_fire():
    from wgkit.rules.eagles import barrage as B

    g = game()  # the 25-pdrs stand off the south edge: 1000 yd behind it, at (34, -10) (3.5)
    with pytest.raises(IllegalActionError, match="^field_regt has no earlier mission to repeat$"):
        B.call(g, "field_regt", "repeat")
    e = B.call(g, "field_regt", "fire", (34, 30))
    # 3.2: a British new mission lands two turns later; six guns fire the pattern ordered (spread by default)
    assert e.text == "field_regt: fire at (34, 30), spread, lands turn 3"
    assert dotted(e) == (("vars.eg.missions.field_regt", {"aim": [34.0, 30.0], "due": 3, "pattern": "spread",
                                                           "order": "fire"}),)
    assert e.detail == {"rule": "3.1 Artillery Requests", "order": "fire"}
    # 3.1: add 200 yd runs 2" on along the line of fire (north), right 100 yd 1" to the firer's right (east)
    e = B.call(g, "field_regt", "shift", add=200, right=100, pat="converged")
    assert e.text == "field_regt: shift at (35, 32), converged, lands turn 2"
    # a shift starts from the last aim: the line of fire now runs from (34, -10) to (35, 32), a
    # direction u = (1, 42) / 42.012; drop 2" is -2u, left 1" is 1" along (-u_y, u_x)
    e = B.call(g, "field_regt", "shift", add=-200, right=-100)
    u = (1 / 42.0119, 42 / 42.0119)
    expect = [round(35 - 2 * u[0] - u[1], 2), round(32 - 2 * u[1] + u[0], 2)]
    assert dotted(e)[0][1]["aim"] == expect == [33.95, 30.02]
    assert B.call(g, "field_regt", "repeat").text == "field_regt: repeat at (33.95, 30.02), spread, lands turn 2"
    with pytest.raises(IllegalActionError, match="^a shift is at most 800 yards in each direction$"):
        B.call(g, "field_regt", "shift", add=801)
    with pytest.raises(IllegalActionError, match="^a fire order needs a point or a registration point$"):
        B.call(g, "field_regt", "fire")
    with pytest.raises(IllegalActionError, match="^unknown order 'adjust': fire, repeat, shift or cease$"):
        B.call(g, "field_regt", "adjust")
    with pytest.raises(IllegalActionError, match="^dcli_a is not a battery$"):
        B.call(g, "dcli_a", "fire", (34, 30))
    e = B.call(g, "field_regt", "cease")
    assert (e.text, dotted(e)) == ("field_regt ceases fire", (("vars.eg.missions.field_regt", None),))


def _assault(*faces, **status):
    g = game(step="Assaults on tanks and bunkers")
    put(g, "tigers", 40, 31, **status)
    put(g, "dcli_a", 40, 30.5, spotted=False)  # unspotted: the Tiger cannot fire at it first (5.2 step 1)
    with g.table_dice(list(faces)):
        return C.resolve_assault(g, "dcli_a", "tigers")


def test_an_assault_on_a_still_tank_succeeds_on_40_or_less():
    # 5.2: 30% on a d00 plus modifiers; a vehicle that did not move: -10, so a roll of 40 succeeds
    e = _assault(40)
    assert (e.kind, e.text) == ("assault", "dcli_a destroys tigers")
    assert dotted(e) == (("rng.counter", 0), ("units.tigers.status.destroyed", True), ("pieces.tiger1.alive", False),
                         ("units.dcli_a.status.suppressed", True), ("units.dcli_a.status.no_assault_until", 2))
    assert e.detail["modifiers"] == [{"name": "vehicle did not move", "value": -10, "source": "rules 5.2"}]
    assert e.detail["odds"] == ["fails: 60.0%", "succeeds: 40.0%"]
    e = _assault(41)
    assert (e.text, dotted(e)) == ("the assault fails: dcli_a destroyed",
                                   (("rng.counter", 0), ("units.dcli_a.status.destroyed", True), ("pieces.dcli_a1.alive", False)))


def test_a_tank_that_moved_fast_is_harder_to_assault():
    e = _assault(10, moved=True, moved_code="E")  # +20: 10 + 20 = 30, just enough
    assert e.text == "dcli_a destroys tigers"
    assert [(m["name"], m["value"]) for m in e.detail["modifiers"]] == [("vehicle moved at E speed", 20)]
    assert _assault(11, moved=True, moved_code="E").text == "the assault fails: dcli_a destroyed"


def test_a_tank_that_moved_at_d_speed_adds_ten_and_slower_codes_nothing():
    # 5.2: moved at D speed +10, so 20 + 10 = 30 succeeds and 21 fails; moved at a slower code, no
    # modifier is listed: the bare 30%
    assert _assault(20, moved=True, moved_code="D").text == "dcli_a destroys tigers"
    assert _assault(21, moved=True, moved_code="D").text == "the assault fails: dcli_a destroyed"
    e = _assault(30, moved=True, moved_code="C")
    assert (e.text, e.detail["modifiers"]) == ("dcli_a destroys tigers", [])
    assert e.detail["odds"] == ["fails: 70.0%", "succeeds: 30.0%"]
    assert _assault(31, moved=True, moved_code="C").text == "the assault fails: dcli_a destroyed"


def test_a_suicide_squad_assaults_at_minus_30_and_is_spent_even_when_it_wins():
    # 5.2: suicide squad -30, still tank -10: 30 + 40 = 70 succeeds; 5.3: once it has fought it is
    # destroyed whether it won or not
    g = game(step="Assaults on tanks and bunkers")
    put(g, "tigers", 40, 31)
    put(g, "dcli_a", 40, 30.5, spotted=False, suicide=True)
    with g.table_dice([70]):
        e = C.resolve_assault(g, "dcli_a", "tigers")
    assert e.text == "dcli_a destroys tigers; dcli_a, a suicide squad, is spent"
    assert [(m["name"], m["value"]) for m in e.detail["modifiers"]] == [("vehicle did not move", -10),
                                                                         ("suicide squad", -30)]
    assert ("units.dcli_a.status.destroyed", True) in dotted(e) and ("pieces.dcli_a1.alive", False) in dotted(e)
    g.undo()
    with g.table_dice([71]):
        assert C.resolve_assault(g, "dcli_a", "tigers").text == "the assault fails: dcli_a destroyed"


def test_an_assault_is_refused_where_5_2_does_not_allow_it():
    g = game(step="Assaults on tanks and bunkers")
    put(g, "tigers", 40, 31)
    put(g, "dcli_a", 40, 30.5, spotted=False)
    put(g, "pzgren", 40, 30)
    with pytest.raises(IllegalActionError, match="^pzgren is not an enemy vehicle or bunker$"):
        C.resolve_assault(g, "dcli_a", "pzgren")  # infantry: a melee, not an assault
    with pytest.raises(IllegalActionError, match="^tigers is not an enemy vehicle or bunker$"):
        C.resolve_assault(g, "pzgren", "tigers")  # its own side's tank
    with pytest.raises(IllegalActionError, match="^dcli_a is not on the defending side$"):
        C.resolve_assault(g, "dcli_a", "tigers", support=("dcli_a",))
    put(g, "dcli_a", 40, 29.9)  # 1.1" = 110 yd: beyond reach
    with pytest.raises(IllegalActionError, match="^tigers is beyond 100 yd of dcli_a$"):
        C.resolve_assault(g, "dcli_a", "tigers")
    put(g, "dcli_a", 40, 30, no_assault_until=1)  # 100 yd exactly is within reach; won an assault last turn
    with pytest.raises(IllegalActionError, match="^dcli_a won an assault last turn and cannot assault again yet$"):
        C.resolve_assault(g, "dcli_a", "tigers")
    assert [e.kind for e in g.log].count("assault") == 0


def test_a_heavy_towed_gun_breaks_down_in_two_turns_and_sets_up_in_three():
    from wgkit.rules.eagles import barrage as B
    g = game(edit=lambda d: next(u for s in d["sides"] for u in s["units"] if u["id"] == "field_regt")["rules"].update(
        off_board=False, calibre_mm=150))
    e = B.resolve_deploy(g, "field_regt")  # 3.9: towed over 100 mm: break down 2 turns, set up 3
    assert (e.text, dotted(e)) == ("field_regt begins to break down: ready after turn 2",
                                   (("units.field_regt.status.deploying", {"to": "packed", "ready": 2}),
                                    ("units.field_regt.status.fired", True), ("units.field_regt.status.moved", True)))
    with pytest.raises(IllegalActionError, match="^field_regt is already changing deployment$"):
        B.resolve_deploy(g, "field_regt")
    situation_of(g).unit_status("field_regt", deploying=None, deployed=False)
    assert L.status(g, "field_regt")["deployed"] is False
    assert B.resolve_deploy(g, "field_regt").text == "field_regt begins to set up: ready after turn 3"
    with pytest.raises(IllegalActionError, match="^dcli_a is not an on-board gun$"):
        B.resolve_deploy(g, "dcli_a")


@pytest.mark.parametrize("target, at, eye, status, desert, pct, names", [
    ("pzgren", (40, 8), (36, 8), {}, False, 40, ["stationary infantry or AT"]),
    ("pzgren", (40, 8), (36, 8), {"moved": True}, False, 70, ["target moved"]),
    ("pzgren", (40, 8), (36, 8), {"fired": True}, False, 70, ["stationary but firing"]),
    ("pzgren", (40, 8), (36, 8), {"defilade": True}, False, 20, ["defilade", "stationary infantry or AT"]),
    ("pzgren", (18, 14), (14, 14), {}, False, 50, ["on the road", "stationary infantry or AT"]),
    ("pzgren", (38, 34), (34, 34), {}, False, 20, ["in the woods", "stationary infantry or AT"]),
    ("pzgren", (10, 40), (6, 40), {}, False, 30, ["in a house", "stationary infantry or AT"]),
    ("pzgren", (40, 8), (40, 24), {}, False, 20, ["stationary infantry or AT", "range 1500-3000 yd"]),
    ("pzgren", (40, 8), (40, 38), {}, False, 10, ["stationary infantry or AT", "range 3000+ yd"]),  # 3000 yd
    # the bands' edges (1" = 100 yd): "1500 - 3000" starts at 1500; "3000+" takes 3000 itself
    ("pzgren", (40, 8), (40, 22.9), {}, False, 40, ["stationary infantry or AT"]),  # 1490 yd
    ("pzgren", (40, 8), (40, 23), {}, False, 20, ["stationary infantry or AT", "range 1500-3000 yd"]),  # 1500
    ("pzgren", (40, 8), (40, 37.9), {}, False, 20, ["stationary infantry or AT", "range 1500-3000 yd"]),  # 2990
    ("tigers", (40, 8), (36, 8), {}, False, 60, []),
    ("pzgren", (40, 8), (36, 8), {}, True, 70, ["desert", "stationary infantry or AT"]),
    ("pzgren", (38, 34), (38, 4), {"defilade": True}, False, 0,
     ["in the woods", "defilade", "stationary infantry or AT", "range 3000+ yd"]),
])
def test_the_spotting_chart_4_11(target, at, eye, status, desert, pct, names):
    """4.11: 60%, road +10, woods -20, house -10, desert +30, defilade -20, moved +10, stationary but
    firing +10, stationary infantry or AT -20, 1500-3000 yd -20, 3000 yd or more -30; never below 0."""
    g = game(edit=(lambda d: d["rules"].update(desert=True)) if desert else None)
    put(g, target, *at, **status)
    put(g, "dcli_a", *eye)
    got, mods = SP.spot_chance(g, "dcli_a", target)
    assert (got, [m.name for m in mods]) == (pct, names)


def _battery(**rules):
    def edit(d):
        d["rules"]["advanced"] = rules.pop("advanced", True)
        if "nationality" in rules:
            d["sides"][0]["nationality"] = rules.pop("nationality")
        next(u for u in d["sides"][0]["units"] if u["id"] == "field_regt")["rules"].update(rules)
    return game(edit=edit)


@pytest.mark.parametrize("nationality, aim, expect", [
    ("uk", (34, 10), -1),  # 2000 yd from the guns at (34, -10): the 0-2000 column
    ("uk", (34, 10.01), 0),  # 2001 yd
    ("uk", (34, 40), 0),  # 5000 yd
    ("uk", (34, 40.01), 1),  # 5001 yd
    ("germany", (34, 10), -1), ("italy", (34, 10), 0), ("minor_axis", (34, 40.01), 2), ("ussr", (34, 40), 1),
    ("japan", (34, 10.01), 1), ("china", (34, 10), 0), ("us", (34, 40.01), 1), ("france", (34, 10), -1),
])
def test_the_advanced_error_modifier_by_range_and_nationality(nationality, aim, expect):
    """3.3 Advanced: Germany -1/0/+1/+2; Italy and Minor Axis, USSR, Japan, China 0/+1/+2/+3;
    USA, UK, France -1/0/+1/+2 for 0-2000, 2001-5000, 5001-10000 and 10001+ yd."""
    from wgkit.rules.eagles import barrage as B

    assert B.error_modifier(_battery(nationality=nationality), "field_regt", aim) == expect


def test_the_error_modifier_beyond_10000_yards_and_only_in_the_advanced_game():
    from wgkit.rules.eagles import barrage as B

    naval = _battery(naval=True)  # naval guns stand 5000 yd behind the edge: (34, -50)
    assert B.battery_point(naval, "field_regt") == (34, -50)
    assert B.error_modifier(naval, "field_regt", (72, 48)) == 2  # 10511 yd, UK
    assert B.error_modifier(_battery(advanced=False), "field_regt", (34, 40.01)) == 0


@pytest.mark.parametrize("rules, kind, expect", [
    ({"self_propelled": True, "calibre_mm": 150}, "artillery", "spg"),
    ({"calibre_mm": 100}, "artillery", "towed_up_to_99"), ({"calibre_mm": 101}, "artillery", "towed_over_100"),
    ({}, "artillery", "towed_up_to_99"),  # no calibre given: 75 mm (house)
    ({"calibre_mm": 51}, "at_gun", "at_up_to_51"), ({"calibre_mm": 52}, "at_gun", "at_over_52"),
    ({}, "at_gun", "at_over_52")])
def test_gun_types_of_the_set_up_table(rules, kind, expect):
    """3.9's rows: self-propelled; towed over 100 mm or up to it; AT guns up to 51 mm or over."""
    from wgkit.rules.eagles import barrage as B

    def edit(d):
        u = next(u for u in d["sides"][0]["units"] if u["id"] == "field_regt")
        u["kind"] = kind
        u["rules"] = {"fp": 3, "armour": "infantry", **rules}
    assert B.gun_type(game(edit=edit), "field_regt") == expect


@pytest.mark.parametrize("rules, expect", [
    ({}, ("X", "spread")), ({"sortie": "strafing"}, ("X", "spread")), ({"sortie": "rockets"}, ("Y", "converged")),
    ({"sortie": "high-level bombers"}, ("Y", "spread")), ({"sortie": "bombs"}, ("X", "spread")),
    ({"sortie": "bombs", "pattern": "converged"}, ("X", "converged"))])
def test_sortie_classes(rules, expect):
    """6.2-6.3: strafing X spread, rockets Y converged, high-level bombers Y spread; bombs spread or
    converged as ordered (their FP: X, house)."""
    def add(d):
        d["sides"][1]["units"].append({"id": "jabo", "kind": "aircraft", "rules": {"fp": 1, **rules},
                                       "stands": [{"id": "jabo1", "position": [70, 46]}]})
    assert AIR.sortie_class(game(edit=add), "jabo") == expect


def test_a_day_drop_scatters_each_stick_by_a_d6_times_half_an_inch_in_a_d12_direction():
    g = game()
    # 1.8: dcli_a rolls 4 (2") and clock 4 (90 degrees: east); dcli_b rolls 6 (3") and clock 7 (south)
    with g.table_dice([4, 4, 6, 7]):
        e = AIR.resolve_drop(g, ["dcli_a", "dcli_b"], (20, 20))
    assert e.text == "day drop: dcli_a lands 2\" off on bearing 90; dcli_b lands 3\" off on bearing 180 (1 of 2 on the CD)"
    assert dotted(e) == (("rng.counter", 0), ("pieces.dcli_a1.position", [22.0, 20.0]),
                         ("pieces.dcli_b1.position", [20.0, 17.0]))
    assert [(r.purpose, r.die) for r in e.rolls] == [("scatter", "d6"), ("direction", "d12")] * 2
    assert e.detail["odds"][0] == "0.5 inches: 16.7%"


def test_a_night_drop_scatters_by_a_d10_times_0_8_and_stops_at_the_table_edge():
    g = game()
    with g.table_dice([10, 10]):  # 8" on bearing 270 (west) from x = 3: stops at x = 0
        e = AIR.resolve_drop(g, ["dcli_a"], (3, 20), night=True)
    assert e.text == "night drop: dcli_a lands 8\" off on bearing 270 (0 of 1 on the CD)"
    assert dotted(e)[1] == ("pieces.dcli_a1.position", [0.0, 20.0])


def test_the_barrage_zone_on_a_hex_map_is_the_impact_hex_and_its_six_neighbours():
    from wgkit.rules.eagles import barrage as B

    g = game("hill_112_hexes")
    grid = MV.hex_grid(g)
    hit = grid.cell_of(30, 20)
    near = grid.neighbour(hit, grid.side_names[0])
    far = grid.neighbour(near, grid.side_names[0])
    put(g, "dcli_a", *grid.center(hit))
    put(g, "dcli_b", *grid.center(near))
    put(g, "pzgren", *grid.center(far))
    assert sorted(B.zone(g, grid.center(hit), "spread")) == ["dcli_a", "dcli_b"]  # 3.6 (hex map)
    assert B.zone(g, grid.center(hit), "converged") == ["dcli_a"]  # the impact hex alone


def test_the_barrage_zone_on_a_free_table_is_the_4_inch_cd():
    from wgkit.rules.eagles import barrage as B

    g = game()
    put(g, "dcli_a", 30, 21.9)
    put(g, "dcli_b", 31, 20)
    put(g, "pzgren", 30, 17.9)  # 2.1" from the centre: outside the 4" CD
    assert sorted(B.zone(g, (30, 20), "spread")) == ["dcli_a", "dcli_b"]
    assert B.zone(g, (30, 20), "converged") == ["dcli_b"]  # the unit nearest the centre


def test_a_barrage_lands_50_yards_long_and_suppresses_the_panzergrenadiers():
    from wgkit.rules.eagles import barrage as B

    g = game()
    B.call(g, "field_regt", "fire", (36, 32))
    situation_of(g).turn(3)
    # 3.3: error d10 4 is 50 yd; direction d10 1 is long: 0.5" on along the line from the guns at
    # (34, -10). 3.6: six 87.6 mm guns, spread: class W, 5 kill dice against the panzergrenadiers in
    # the wood (TPD CC): a 1, confirmed by an even die. Faces: two 1s, confirmed by 2 (yes) and 3 (no).
    with g.table_dice([4, 1, 1, 1, 3, 5, 7, 2, 3]):
        e = B.resolve(g, "field_regt")
    assert e.text == "field_regt (spread, W) lands 50 yd long: pzgren: suppressed"
    assert dotted(e) == (("rng.counter", 0),
                         ("vars.eg.missions.field_regt", {"aim": [36.0, 32.0], "due": None, "pattern": "spread",
                                                          "order": "fire", "last": [36.02, 32.5]}),
                         ("vars.eg.impacts.field_regt", [36.02, 32.5]), ("units.field_regt.status.fired", True),
                         ("units.pzgren.status.suppressed", True))
    assert [(r.purpose, r.faces) for r in e.rolls][:2] == [("error", (4,)), ("direction", (1,))]
    assert (e.detail["class"], e.detail["modifiers"]) == ("W", [])
    with pytest.raises(IllegalActionError, match="^field_regt has no fire mission waiting: order one in 'Adjust and call'$"):
        B.resolve(g, "field_regt")


def test_on_a_hex_map_a_barrage_drifts_whole_hexes():
    from wgkit.rules.eagles import barrage as B

    g = game("hill_112_hexes")  # 2" hexes; the UK guns 1000 yd behind the near edge, at (34, -10)
    B.call(g, "field_regt", "fire", (36, 32))
    situation_of(g).turn(3)
    put(g, "pzgren", 60, 32)  # out of the way: nobody under the barrage
    # 3.3, hex map row: error d10 5 is 2 hexes, 2 x 2" = 4"; direction 1 is long, along the line
    # from (34, -10) to (36, 32), whose length is sqrt(2^2 + 42^2) = 42.05": (36 + 4 x 2/42.05,
    # 32 + 4 x 42/42.05) = (36.19, 36.00)
    with g.table_dice([5, 1]):
        e = B.resolve(g, "field_regt")
    assert e.text == "field_regt (spread, W) lands 400 yd long: nobody in the zone"
    assert L.eg(g)["impacts"]["field_regt"] == [36.19, 36.0]
    # the odds in hexes: 2 hexes on faces 5 and 6 (2 in 10), long on 1, 2 and 3 (3 in 10): 6%
    assert "(2, 'long'): 6.0%" in e.detail["odds"] and "(3, 'short'): 9.0%" in e.detail["odds"]


def test_a_battery_on_the_table_is_not_hit_by_its_own_barrage():
    from wgkit.rules.eagles import barrage as B

    g = game(edit=lambda d: next(u for s in d["sides"] for u in s["units"] if u["id"] == "field_regt")["rules"].update(
        off_board=False))
    put(g, "dcli_a", 34, 2.5)
    B.call(g, "field_regt", "fire", (34, 2))  # on its own position's CD: the guns at (34, 1) are 1" off
    situation_of(g).turn(3)
    assert sorted(B.zone(g, (34, 2), "spread")) == ["dcli_a", "field_regt"]
    with g.table_dice([0, 1] + [5] * 5):  # on target; the infantry beside it takes five dice, all misses
        e = B.resolve(g, "field_regt")
    assert "dcli_a" in e.text and "field_regt:" not in e.text
    assert not any(path[:2] == ("units", "field_regt") and path[-1] != "fired" for path, _ in e.changes)


def test_the_barrage_odds_include_the_advanced_error_modifier():
    from wgkit.rules.eagles import barrage as B

    g = _battery()  # advanced; the UK guns at (34, -10)
    B.call(g, "field_regt", "fire", (34, 10))  # 2000 yd: -1 to the error die (3.3 Advanced)
    situation_of(g).turn(3)
    with g.table_dice([0, 1]):
        e = B.resolve(g, "field_regt")
    assert e.detail["modifiers"] == [{"name": "range and nationality (advanced)", "value": -1, "source": "rules 3.3 Advanced"}]
    # 0 yd off now comes from faces 0-3 (4 in 10), and long from 1-3: (0 yd, long) 12%
    assert "(0, 'long'): 12.0%" in e.detail["odds"]


def test_close_combat_moves_are_quarter_segments_and_a_unit_may_hold():
    g = game(step="Cross-country movement")
    put(g, "churchills", 36, 27)
    put(g, "tigers", 40, 31)
    e = MV.resolve_move(g, "pzgren", (36, 31.2))  # the slowest side first: a quarter of code A's 4"
    assert dotted(e)[-3:] == (("units.pzgren.status.quarters", 1), ("vars.eg.last_quarter", "de"),
                              ("units.pzgren.status.spotted", True))  # it moved within 500 yd of the Churchills
    assert e.detail["notes"] == ["code A, 1 code less for the terrain (never below A): A", "4\"",  # 2.4: the wood
                                 "close combat: a quarter segment, 1\""]
    e = MV.resolve_hold(g, "pzgren")
    assert (e.text, dotted(e)) == ("pzgren holds its ground", (("units.pzgren.status.quarters", 4),
                                                              ("units.pzgren.status.held", True),
                                                              ("vars.eg.last_quarter", "de")))
    with pytest.raises(IllegalActionError, match="^dcli_b is not in close combat$"):
        MV.resolve_hold(g, "dcli_b")


@pytest.mark.parametrize("nationality, formation, year, unit_type, ok", [
    ("ussr", "guards", 1941, "R", True), ("ussr", "guards", 1942, "SMG", True), ("ussr", "guards", 1943, "R", False),
    ("ussr", "rifle", 1941, "R", False), ("germany", "waffen_ss", 1945, "RF", True),
    ("germany", "waffen_ss", 1944, "RF", False), ("germany", "heer", 1945, "RF", False),
    ("japan", "any", 1931, "R", True), ("japan", "marines", 1945, "SMG", True), ("japan", "any", 1946, "R", False),
    ("japan", "any", 1940, "MG", False)])
def test_who_may_form_suicide_squads(nationality, formation, year, unit_type, ok):
    """5.31: only R, RF and SMG units of Russian Guards 1941-42, Waffen SS 1945 and Japanese 1931-45."""
    def edit(d):
        d["sides"][1]["nationality"] = nationality
        d["sides"][1]["units"][0]["rules"].update(unit_type=unit_type, formation=formation, year=year)
    assert C.suicide_ok(game(edit=edit), "pzgren") is ok


def test_an_aa_unit_fires_from_beyond_the_zone_within_its_weapons_range():
    def edit(d):
        d["sides"][0]["units"].append({"id": "bofors", "kind": "aa", "rules": {"fp": 1, "armour": "thin", "aa": "40mm"},
                                       "stands": [{"id": "bofors1", "position": [31, 25]}]})
    g = _stukas_with(edit)
    assert (AIR.aa_kind(g, "bofors"), AIR.aa_kind(g, "churchills"), AIR.aa_kind(g, "dcli_a")) == ("40mm", "hmg", "inf")
    # 6.4: a 40 mm gun reaches 2000 yd with 3 dice; (31, 25) is 1750 yd from the impact point
    with g.table_dice([5, 0, 7]):
        e = AIR.resolve_aa(g, "bofors", "stukas")
    assert e.text == "bofors (40mm, 3 dice) fires at stukas: hit, it will not attack"
    with pytest.raises(IllegalActionError, match=r"^field_regt is 716 yd from the sortie: not in the zone and not an AA "
                                                 r"unit in range \(500 yd\)$"):
        AIR.resolve_aa(g, "field_regt", "stukas")


def _stukas_with(edit):
    def both(d):
        edit(d)
        d["sides"][1]["units"].append({"id": "stukas", "kind": "aircraft", "rules": {"sortie": "rockets", "fp": 1},
                                       "stands": [{"id": "stuka1", "position": [70, 46]}]})
    g = game(edit=both)
    AIR.resolve_sortie(g, "stukas", (31, 7.5))
    situation_of(g).turn(2)
    return g


def test_lookups_defaults_steps_and_the_ground_a_unit_stands_on():
    def edit(d):
        d["terrain"] += [{"id": "pits", "type": "foxholes", "circle": {"center": [36, 32], "radius": 1}},
                         {"id": "farm", "type": "buildings", "rectangle": {"center": [20, 5], "size": [2, 2]}}]
        d["sides"][0]["units"] += [
            {"id": "bren", "kind": "vehicle", "rules": {}, "stands": [{"id": "bren1", "position": [20, 5]}]},
            {"id": "scouts", "kind": "infantry", "rules": {}, "stands": [{"id": "sc1", "position": [60, 5]}]}]
    g = game(edit=edit)
    # 1.3 / 1.7: a vehicle without a rating is thin-skinned with four steps; infantry unprotected, FP 1
    assert (L.armour(g, "bren"), L.steps(g, "bren"), L.base_fp(g, "bren")) == ("thin", 4, 1)
    assert (L.armour(g, "scouts"), L.steps(g, "scouts"), L.base_fp(g, "scouts")) == ("infantry", 1, 1)
    assert (L.steps(g, "pzgren"), L.fp_class(0), L.fp_class(3), L.fp_class(4)) == (4, "W", "W", "X")
    put(g, "bren", 20, 5, impaired=3)
    assert L.fp(g, "bren") == 0  # 1 - 2 x 3, never below 0
    # 1.4: the crest wood (CC) and foxholes (DD) overlap at the panzergrenadiers: the better counts
    assert (L.terrain_tpd(g, "pzgren"), L.tpd(g, "pzgren")) == ("DD", "DD")
    assert (L.tpd(g, "bren"), L.tpd(g, "scouts")) == ("CC", "BB")  # in the farm; in the open
    put(g, "scouts", 60, 5, moved=True)
    assert L.tpd(g, "scouts") == "AA"  # moving in the open
    put(g, "scouts", 60, 5, moved=False, dug_in=True)
    assert L.tpd(g, "scouts") == "DD"
    assert L.units(g, "uk") == ["bren", "churchills", "dcli_a", "dcli_b", "field_regt", "scouts"]  # no aircraft
    situation_of(g).unit_status("bren", destroyed=True)
    assert "bren" not in L.units(g)


def test_hex_costs_of_2_5():
    """2.5: a point a hex; woods, rough, sand, snow, rivers and streams two; mud and swamp all the
    unit's points; a point more to turn."""
    def edit(d):
        d["terrain"] += [{"id": "bog", "type": "swamp", "circle": {"center": [50, 10], "radius": 1.5}},
                         {"id": "copse", "type": "woods", "circle": {"center": [60, 10], "radius": 1.5}}]
    g = game("hill_112_hexes", edit=edit)
    grid = MV.hex_grid(g)
    bog, copse, open_ = grid.cell_of(50, 10), grid.cell_of(60, 10), grid.cell_of(66, 4)
    assert (MV.hex_cost(g, open_), MV.hex_cost(g, open_, turned=True)) == (1, 2)
    assert (MV.hex_cost(g, copse), MV.hex_cost(g, copse, turned=True)) == (2, 3)
    assert (MV.hex_cost(g, bog), MV.hex_cost(g, bog, turned=True)) == ("all", "all")
    assert MV.hex_grid(game()) is None  # a free table has no hex grid


def test_the_road_gives_the_next_code_and_e_two_inches_more():
    g = game()
    put(g, "dcli_a", 10, 13)  # on the road to Evrecy
    assert MV.allowance(g, "dcli_a", (14, 13.44)) == (6.0, ["code A on the road: strategic rate 6\""])  # B's 6"
    g = game(edit=lambda d: d["sides"][0]["units"][2]["rules"].update(move_code="E"))
    put(g, "churchills", 10, 13)
    assert L.attr(g, "churchills", "move_code") == "E"
    assert MV.allowance(g, "churchills", (14, 13.44))[0] == 14.0  # 2.2: E's 12" and 2" more
    assert MV.allowance(g, "churchills", (14, 20))[0] == 12.0  # off the road: its own code
    assert MV.code(game(), "tigers") == "C" and MV.code(game(edit=lambda d: d["sides"][1]["units"][1]["rules"].pop(
        "move_code")), "tigers") == "C"  # a vehicle without a code moves at C, infantry at A


def _zealots(nationality: str = "germany"):
    def edit(d):
        d["sides"][1]["nationality"] = nationality
        d["sides"][1]["units"][0]["rules"].update(unit_type="SMG", formation="waffen_ss" if nationality == "germany"
                                                  else "any", year=1945)
    g = game(edit=edit)
    put(g, "dcli_a", 36, 31.5)
    return g


def test_a_suicide_squad_must_attack_the_nearest_enemy_and_is_spent_when_it_wins_a_melee():
    g = _zealots()
    e = C.resolve_suicide(g, "pzgren")
    assert (e.text, dotted(e)) == ("pzgren becomes a suicide squad and must attack dcli_a",
                                   (("units.pzgren.status.suicide", True), ("units.pzgren.status.must_attack", "dcli_a")))
    with g.table_dice([9, 1]):  # 9 + 4 against 1 + 4: the squad wins, and is spent (5.3)
        e = C.resolve_melee(g, "pzgren", "dcli_a")
    assert e.text == "pzgren wins; dcli_a destroyed, pzgren suppressed; pzgren, a suicide squad, is spent"
    assert dotted(e)[-2:] == (("units.pzgren.status.destroyed", True), ("pieces.pzg1.alive", False))


def test_a_japanese_suicide_squad_survives_a_melee_it_wins_and_artillery_fights_at_fp_1():
    g = _zealots("japan")
    C.resolve_suicide(g, "pzgren")
    with g.table_dice([9, 1]):  # 5.31: Japanese squads are spent only against vehicles and bunkers
        assert C.resolve_melee(g, "pzgren", "dcli_a").text == "pzgren wins; dcli_a destroyed, pzgren suppressed"
    g = game()
    assert C.melee_rating(g, "field_regt") == (1, [])  # 5.1: artillery and administrative units fight at FP 1
    with pytest.raises(IllegalActionError, match=r"^dcli_a may not become a suicide squad \(only R, RF and SMG"):
        C.resolve_suicide(g, "dcli_a")


def test_plain_odds_by_hand():
    from wgkit.rules.eagles import odds as O

    # 4.2: 3 dice at 8, 9, 0 with no second roll: nothing on 1-7 each
    assert O.kill_dice(3, {8, 9, 0}).p((False, 0)) == Fraction(7, 10) ** 3
    # one die at 1 with ** (an even second die): 1/10 x 5/10 to suppress
    assert O.kill_dice(1, {1}, star=True).p((True, 0)) == Fraction(1, 20)
    # two hits re-rolled, only a 0 impairs: both hit on 0-1 (4/100), then the second hit impairs on 0 (1/10)
    assert O.kill_dice(2, {0, 1}, reroll=True, zero_only=True).p((True, 1)) == Fraction(4, 100) * Fraction(1, 10)
    assert O.barrage_error().p((200, "short")) == Fraction(1, 10) * Fraction(3, 10)  # 9: 200 yd; 8, 9, 0: short
    assert O.barrage_error(hex_map=True).p((3, "long")) == Fraction(3, 10) * Fraction(3, 10)  # 7-9: 3 hexes
    assert O.barrage_error(modifier=2).p((200, "right")) == Fraction(3, 10) * Fraction(2, 10)  # 7, 8, 9 + 2 -> 9
    assert O.melee(4, 4).p(0) == Fraction(1, 10) and O.assault().p(True) == Fraction(30, 100)
    assert O.assault(-30).p(True) == Fraction(60, 100) and O.spot(45).p(True) == Fraction(45, 100)
    assert O.aa_fire(3).p(True) == 1 - Fraction(9, 10) ** 3
