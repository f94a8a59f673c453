"""Eagles: movement codes and terrain, mines, melee, assaults and suicide squads, aircraft and AA,
spotting, paratroop drops, and the sequence of play."""

from fractions import Fraction

import pytest

from tests.conftest import dotted
from tests.eagles.helpers import game, put, unit
from wgkit.engine import IllegalActionError
from wgkit.odds import exact
from wgkit.rules import situation_of
from wgkit.rules.eagles import air as AIR
from wgkit.rules.eagles import close as C
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import movement as MV
from wgkit.rules.eagles import tables as T
from wgkit.rules.eagles import spotting as SP
from wgkit.rules.registry import get_ruleset


def test_movement_codes_in_inches_centimetres_and_hex_points():
    assert [T.MOVE_INCHES[c].value for c in "ABCDE"] == [4, 6, 8, 10, 12]
    assert [T.MOVE_CM[c].value for c in "ABCDE"] == [10, 20, 25, 30, 35]
    assert [T.MOVE_MP[c].value for c in "ABCDE"] == [2, 4, 5, 6, 8]


def test_terrain_reduces_codes_never_below_a_and_the_road_raises_one():
    g = game()
    assert MV.allowance(g, "churchills", (33, 10))[0] == 6  # code B across open ground
    assert MV.allowance(g, "dcli_a", (30, 12))[0] == 4
    put(g, "churchills", 38, 28)
    assert MV.allowance(g, "churchills", (38, 33))[0] == 4  # B into the crest wood: one code down, A
    put(g, "dcli_a", 36, 34)
    assert MV.allowance(g, "dcli_a", (38, 34))[0] == 4  # never below A
    put(g, "churchills", 2, 12.1)
    assert MV.allowance(g, "churchills", (8, 12.75))[0] == 8  # on the road: B becomes C
    g = game(edit=lambda d: unit(d, "churchills")["rules"].update(move_code="E"))
    put(g, "churchills", 2, 12.1)
    assert MV.allowance(g, "churchills", (8, 12.75))[0] == 14  # E on the road: 12 + 2


def test_strategic_road_movement_keeps_to_the_road_all_the_way():
    """2.2 and the Sequence of Play: the first movement step is for a unit whose whole move runs
    along the road; a move that leaves the road waits for cross-country or infantry movement."""
    g = game()
    assert g.current_step().name == "Strategic road movement"
    put(g, "dcli_a", 10, 13)  # on the road to Evrecy
    with pytest.raises(IllegalActionError, match=r"^dcli_a: strategic road movement is along a road all the way \(2\.2\); "
                                                 r"off the road it moves in cross-country or infantry movement$"):
        MV.resolve_move(g, "dcli_a", (10, 16))  # 3" into the field: within code A's 4", but off the road
    with pytest.raises(IllegalActionError, match=r"along a road all the way"):  # the road is 1" wide on (0, 12)-(36, 16):
        MV.resolve_move(g, "dcli_a", (14, 14.3))  # at x = 14 its middle is at y = 13.56, so this ends 0.74" off it
    with pytest.raises(IllegalActionError, match=r"along a road all the way"):
        get_ruleset("eagles").move(g, "dcli_a1", (10, 16))  # dragging the stand on the board: the same rule
    MV.resolve_move(g, "dcli_a", (14, 13.44))  # 4.02" along the road: more than A's 4", within B's 6"
    assert L.pos(g, "dcli_a") == (14, 13.44)
    g = game(step="Cross-country movement")
    put(g, "dcli_a", 10, 13)
    MV.resolve_move(g, "dcli_a", (10, 16))
    assert L.pos(g, "dcli_a") == (10, 16)


def test_suppressed_units_cannot_move_and_suppression_lifts_after_movement():
    g = game(step="Cross-country movement")
    put(g, "dcli_a", 30, 8, suppressed=True)
    with pytest.raises(IllegalActionError, match="suppressed units cannot move"):
        MV.resolve_move(g, "dcli_a", (30, 10))
    while g.current_step().name != "Assign artillery":
        g.advance()
    assert not L.status(g, "dcli_a").get("suppressed")


def test_a_move_records_its_speed_and_entering_a_minefield_stops_the_unit():
    g = game(step="Cross-country movement")
    MV.resolve_move(g, "churchills", (33, 11))
    assert L.status(g, "churchills")["moved_code"] == "B"
    with pytest.raises(IllegalActionError, match="has moved this turn"):
        MV.resolve_move(g, "churchills", (33, 12))
    g = game(seed=1, step="Cross-country movement", edit=lambda d: d["terrain"].append({"id": "mines", "type": "minefield", "variant": "hasty",
                                                          "rectangle": {"center": [30, 12], "size": [3, 3]}}))
    e = MV.resolve_move(g, "dcli_a", (30, 11.5))
    assert L.pos(g, "dcli_a") == (30, 10.5) and "mines (30%)" in e.text
    assert T.MINE_HIT["hard"].value == 5 and T.MINE_HIT["moderate"].value == 20


def test_a_minesweeper_moving_onto_a_minefield_clears_it():
    """1.5: "It is cleared if a minesweeper unit moves onto it"; then others pass without stopping."""
    def edit(d):
        d["terrain"].append({"id": "mines", "type": "minefield", "variant": "hasty",
                             "rectangle": {"center": [30, 12], "size": [3, 3]}})
        unit(d, "churchills")["kind"] = "minesweeper"
    g = game(seed=1, step="Cross-country movement", edit=edit)
    put(g, "churchills", 30, 9)
    e = MV.resolve_move(g, "churchills", (30, 11.5))
    assert L.pos(g, "churchills") == (30, 10.5) and e.rolls == () and "clears the minefield mines" in e.text
    assert L.eg(g)["cleared"] == ["mines"]
    e = MV.resolve_move(g, "dcli_a", (30, 11.5))  # through the cleared field: no stop, no roll
    assert L.pos(g, "dcli_a") == (30, 11.5) and "mines (" not in e.text


def test_hex_movement_points():
    g = game(edit=lambda d: d["table"].update(grid={"type": "hex", "size": 2, "orientation": "flat"}))
    from wgkit.geometry.grids import grid_from_spec

    grid = grid_from_spec(g.scenario.table.grid.to_dict(), 72, 48)
    wood = grid.cell_of(38, 34)
    assert MV.hex_cost(g, wood) == 2 and MV.hex_cost(g, wood, turned=True) == 3
    assert MV.hex_cost(g, grid.cell_of(60, 5)) == 1


def test_melee_d10_plus_fp():
    d = exact(C.melee_roll, 4, 4)
    assert d.p(0) == Fraction(1, 10)  # equal totals: both destroyed
    g = game(seed=3)
    put(g, "dcli_a", 36, 31)
    base, mods = C.melee_rating(g, "field_regt")
    assert base == 1  # artillery melee at FP 1
    with g.table_dice([7, 3]):  # 5.1: 7 + 4 FP against 3 + 4 FP: the attacker wins
        e = C.resolve_melee(g, "dcli_a", "pzgren")
    assert e.detail["outcome"] == 4 and not L.alive(g, "pzgren") and L.status(g, "dcli_a")["suppressed"]
    g.undo()
    with g.table_dice([2, 2]):  # equal totals: "both sides are destroyed"
        e = C.resolve_melee(g, "dcli_a", "pzgren")
    assert e.detail["outcome"] == 0 and not L.alive(g, "dcli_a") and not L.alive(g, "pzgren")
    g = game()
    put(g, "dcli_a", 36, 31, suppressed=True)
    assert [m.value for m in C.melee_rating(g, "dcli_a")[1]] == [-2]


def test_assaults_on_tanks_30_percent_with_modifiers():
    assert exact(C.assault_roll, 0).p(True) == Fraction(30, 100)
    g = game()
    put(g, "dcli_a", 44, 43)
    mods = C.assault_mods(g, "dcli_a", "tigers")
    assert [(m.name, m.value) for m in mods] == [("vehicle did not move", -10)]
    assert exact(C.assault_roll, -10).p(True) == Fraction(40, 100)
    situation_of(g).moved("tigers", "E")
    assert exact(C.assault_roll, C.assault_mods(g, "dcli_a", "tigers")[0].value).p(True) == Fraction(10, 100)
    e = C.resolve_assault(g, "dcli_a", "tigers")
    assert (not L.alive(g, "tigers")) == e.detail["outcome"] and (not L.alive(g, "dcli_a")) == (not e.detail["outcome"])


def test_suicide_squads_only_where_the_text_allows():
    g = game(edit=lambda d: unit(d, "pzgren")["rules"].update(unit_type="R", formation="waffen_ss", year=1945))
    C.resolve_suicide(g, "pzgren")
    assert L.status(g, "pzgren")["suicide"] and L.status(g, "pzgren")["must_attack"] in L.enemies(g, "pzgren")
    g = game(edit=lambda d: unit(d, "pzgren")["rules"].update(unit_type="R", formation="waffen_ss", year=1944))
    with pytest.raises(IllegalActionError, match="may not become a suicide squad"):
        C.resolve_suicide(g, "pzgren")


def test_aircraft_en_route_aa_and_attack():
    def add_plane(d):
        d["sides"][1]["units"].append({"id": "stukas", "kind": "aircraft", "rules": {"sortie": "rockets", "fp": 1},
                                       "stands": [{"id": "stuka1", "position": [70, 46]}]})

    g = game(seed=2, edit=add_plane)
    AIR.resolve_sortie(g, "stukas", (31, 7.5))
    with pytest.raises(IllegalActionError, match="does not attack this turn"):
        AIR.resolve_attack(g, "stukas")
    assert exact(AIR.aa_roll, 1).p(True) == Fraction(1, 10) and exact(AIR.aa_roll, 3).p(True) == 1 - Fraction(9, 10) ** 3
    situation_of(g).turn(2)
    AIR.resolve_aa(g, "dcli_a", "stukas")  # 110 yd from the impact point: inside the zone
    with pytest.raises(IllegalActionError, match="not in the zone"):
        AIR.resolve_aa(g, "field_regt", "stukas")  # 500 yd off and not an AA unit
    e = AIR.resolve_attack(g, "stukas")
    assert e.kind == "air attack" and L.status(g, "stukas")["destroyed"]  # a sortie leaves play once it has attacked
    assert ("breaks off" in e.text) == bool(L.status(g, "stukas").get("aborted"))
    assert AIR.sortie_class(g, "stukas") == ("Y", "converged")


def test_spotting_automatic_and_by_chart():
    g = game(edit=lambda d: d["sides"][1]["units"][0]["stands"][0].update(hidden=True))
    assert not L.status(g, "pzgren")["spotted"]
    pct, mods = SP.spot_chance(g, "dcli_a", "pzgren")
    assert pct == 60 - 20 - 20 - 20 and [m.name for m in mods] == ["in the woods", "stationary infantry or AT", "range 1500-3000 yd"]
    put(g, "pzgren", 36, 32, moved=True)
    put(g, "dcli_a", 36, 28)
    e = SP.resolve_spot(g, "dcli_a", "pzgren")
    assert e.text == "pzgren is spotted: moved within 500 yd" and L.status(g, "pzgren")["spotted"]


def test_paratroop_scatter_day_night_and_gliders():
    day = AIR.scatter_odds(night=False)
    assert [float(day.p(x)) for x in (0.5, 1.0, 3.0)] == pytest.approx([1 / 6] * 3)
    night = AIR.scatter_odds(night=True)
    assert max(night.probs) == 8.0 and float(night.p(0.8)) == pytest.approx(0.1)
    g = game(seed=4)
    e = AIR.resolve_drop(g, ["dcli_a", "dcli_b"], (20, 20), glider=True)
    assert L.pos(g, "dcli_a") == (20, 20) and "(2 of 2 on the CD)" in e.text
    e = AIR.resolve_drop(g, ["dcli_a", "dcli_b"], (20, 20), night=True)
    assert all(r.purpose in ("scatter", "direction") for r in e.rolls)


def test_close_combat_slower_first_in_quarter_segments_turn_about():
    g = game(step="Cross-country movement")
    put(g, "churchills", 36, 27)  # 500 yd from the panzergrenadiers and 566 from the Tigers: close combat
    put(g, "tigers", 40, 31)
    # the Churchills are code B, the Tigers C and the panzergrenadiers A: the slowest is German
    assert MV.in_close_combat(g, "churchills") and MV.next_quarter(g) == "de"
    with pytest.raises(IllegalActionError, match="close combat: de moves the next quarter segment"):
        MV.resolve_move(g, "churchills", (36, 28))
    with pytest.raises(IllegalActionError, match="may move 1\""):
        MV.resolve_move(g, "pzgren", (36, 30))  # a quarter of code A's 4"
    MV.resolve_move(g, "pzgren", (36, 31.2))
    assert MV.next_quarter(g) == "uk" and L.status(g, "pzgren")["quarters"] == 1
    MV.resolve_move(g, "churchills", (36, 28.4))  # a quarter of 6"
    assert MV.next_quarter(g) == "de"
    MV.resolve_hold(g, "pzgren")
    MV.resolve_hold(g, "tigers")
    assert MV.next_quarter(g) == "uk"  # only the British have segments left


def test_guns_set_up_and_break_down_over_turns():
    from wgkit.rules.eagles import barrage as B
    from wgkit.rules.eagles import fire as F
    from wgkit.rules.eagles.flow import turn_start

    g = game(edit=lambda d: unit(d, "field_regt")["rules"].update(off_board=False, calibre_mm=87.6))
    assert B.gun_type(g, "field_regt") == "towed_up_to_99" and T.SETUP_TURNS["towed_up_to_99"].value == (2, 2)
    with pytest.raises(IllegalActionError, match="deployed or changing deployment"):
        MV.resolve_move(g, "field_regt", (34, 3))
    e = B.resolve_deploy(g, "field_regt")
    assert e.text == "field_regt begins to break down: ready after turn 2"
    with pytest.raises(IllegalActionError, match="not set up to fire"):
        F.plan(g, "field_regt", "pzgren")
    for _ in range(2):
        situation_of(g).turn(g.state["turn"] + 1)
        g.record("start", turn_start(g))
    assert L.status(g, "field_regt")["deployed"] is False and MV.movable(g, "field_regt")


def test_a_stand_placed_by_its_hex_alone_stands_at_the_hex_centre():
    """The optional hex grid (flat, 2" across the flats): a stand given a cell and no position
    stands at that hex's centre. Worked by hand: a corner is 2/sqrt(3)" from the centre, columns
    are 1.5 corners apart, odd columns sit half a hex lower; neighbours are 2" (200 yd) apart."""
    def by_cell(d):
        d["table"]["grid"] = {"type": "hex", "size": 2, "orientation": "flat"}
        for stand, cell in (("dcli_a1", [10, 3]), ("dcli_b1", [11, 3])):
            s = next(s for side in d["sides"] for u in side["units"] for s in u.get("stands", []) if s["id"] == stand)
            del s["position"]
            s["cell"] = cell
    g = game(edit=by_cell)
    corner = 2 / 3 ** 0.5
    assert L.pos(g, "dcli_a") == pytest.approx((16 * corner, 7.0))  # column 10, row 3: 1 + 2 * 3
    assert L.pos(g, "dcli_b") == pytest.approx((17.5 * corner, 8.0))  # column 11 is odd: 1" lower
    assert L.yards(g, "dcli_a", "dcli_b") == pytest.approx(200.0)


def test_hex_moves_cost_points_for_hexes_turns_and_terrain():
    g = game(step="Cross-country movement", edit=lambda d: d["table"].update(grid={"type": "hex", "size": 2, "orientation": "flat"}))
    grid = MV.hex_grid(g)
    here = grid.cell_of(*L.pos(g, "dcli_a"))
    ahead = grid.neighbour(here, grid.side_names[0])  # straight ahead: 1 MP
    spent, allowed, path = MV.hex_route(g, "dcli_a", grid.center(ahead))
    assert (spent, allowed, path) == (1, 2, [here, ahead])  # code A: 2 MPs
    two_on = grid.neighbour(ahead, grid.side_names[0])
    assert MV.hex_route(g, "dcli_a", grid.center(two_on))[0] == 2
    aside = grid.neighbour(here, grid.side_names[2])  # a turn costs a point more
    assert MV.hex_route(g, "dcli_a", grid.center(aside))[0] == 2
    with pytest.raises(IllegalActionError, match="cannot reach that hex with 2 MPs"):
        MV.hex_route(g, "dcli_a", grid.center(grid.neighbour(two_on, grid.side_names[0])))
    e = MV.resolve_move(g, "dcli_a", grid.center(ahead))
    assert grid.cell_of(*L.pos(g, "dcli_a")) == ahead and "1 hexes for 1 of 2 MPs" in " ".join(e.detail["notes"])


def test_advanced_spotting_is_per_firer():
    from wgkit.rules.eagles import fire as F

    g = game(edit=lambda d: (d.setdefault("rules", {}).update(spotting="advanced"),
                             d["sides"][1]["units"][0]["stands"][0].update(hidden=True)))
    put(g, "dcli_a", 36, 27)
    put(g, "dcli_b", 30, 27)
    with pytest.raises(IllegalActionError, match="has not been spotted by dcli_a"):
        F.plan(g, "dcli_a", "pzgren")
    with g.table_dice([1]):  # the lowest roll spots
        SP.resolve_spot(g, "dcli_a", "pzgren")
    assert L.status(g, "pzgren").get("spotted_by") == ["dcli_a"]
    F.plan(g, "dcli_a", "pzgren")  # dcli_a may fire now
    with pytest.raises(IllegalActionError, match="has not been spotted by dcli_b"):  # each spotter for itself
        F.plan(g, "dcli_b", "pzgren")


@pytest.mark.parametrize("face, closes", [(1, True), (9, False)])
def test_assault_sequence_tank_fires_first(face, closes):
    """5.2: the Tigers fire their six kill dice at the assaulting company first; only a company
    still there closes for the assault roll. Six 1s all miss it; six 9s all hit (0 and 7-9 hit
    here), a suppression and five impairments, and it never closes."""
    g = game(seed=1)
    put(g, "dcli_a", 44, 43)
    with g.table_dice([face] * 7):
        C.resolve_assault(g, "dcli_a", "tigers", support=("pzgren",))
    steps = [e.detail.get("rule") for e in g.log if e.kind in ("fire", "assault")]
    assert steps == (["5.2 step 1", "5.2 Assaults"] if closes else ["5.2 step 1"])
    fire = next(e for e in g.log if e.kind == "fire")
    assert [r.faces for r in fire.rolls] == [(face,) * 6]
    assert L.alive(g, "dcli_a") is closes


def test_a_unit_that_moved_a_quarter_segment_is_still_offered_its_next_one_of_a_quarter_of_its_move():
    from wgkit.rules.eagles import actions as A

    g = game(step="Cross-country movement")
    put(g, "churchills", 36, 27)  # 500 yd from the panzergrenadiers: close combat
    assert A.move_limit(g, "rtr_a") == 6 / 4  # code B's 6", a quarter segment at a time
    MV.resolve_hold(g, "pzgren")  # the slower side gives its segments up
    MV.resolve_move(g, "churchills", (36, 28.5))
    assert L.status(g, "churchills")["moved"]
    movers = next(s for s in A.ACTIONS(g) if s.name == "move").params[0].values()
    assert "churchills" in movers and "dcli_a" in movers  # the second segment; a unit not yet moved
    MV.resolve_move(g, "churchills", (36, 29.5))  # in the wood now: code A's 4", a quarter is 1"
    assert L.status(g, "churchills")["quarters"] == 2


def test_the_policy_holds_its_quarter_segments_and_hands_a_left_sides_back():
    from wgkit.rules.eagles import policy as P

    g = game(step="Cross-country movement")
    put(g, "churchills", 36, 27)
    said = []
    # the Germans are slower and move first: the policy holds them, then it is the British segment
    assert P.play_step(g, said.append, leave={"uk"}) is True
    assert said == ["pzgren holds its ground"] and MV.next_quarter(g) == "uk"
    assert P.play_step(g, said.append) is False  # playing every side, it holds the Churchills too
    assert said[-1] == "churchills holds its ground" and MV.next_quarter(g) is None


def _hex_game(**terrain_at):
    """Hill 112 on a 2" flat hex grid, with a small patch of terrain of each type at the centre of
    the hex given (placed after the grid is known)."""
    hexed = lambda d: d["table"].update(grid={"type": "hex", "size": 2, "orientation": "flat"})  # noqa: E731
    g = game(step="Cross-country movement", edit=hexed)
    grid = MV.hex_grid(g)
    here = grid.cell_of(*L.pos(g, "dcli_a"))
    cells = {"ahead": grid.neighbour(here, grid.side_names[0]), "aside": grid.neighbour(here, grid.side_names[2])}
    cells["two_on"] = grid.neighbour(cells["ahead"], grid.side_names[0])

    def edit(d):
        hexed(d)
        for name, kind in terrain_at.items():
            x, y = grid.center(cells[name])
            d["terrain"].append({"id": name, "type": kind, "circle": {"center": [x, y], "radius": 0.5}})
    return game(step="Cross-country movement", edit=edit), grid, here, cells


def test_a_swamp_hex_takes_all_a_units_points_so_only_as_the_first_hex_straight_ahead():
    # 2.5: mud or swamp costs all of a unit's MPs (code A: 2). Straight ahead it is the whole move;
    # a hex beyond it, or a swamp hex that needs a turn first (1 MP), cannot be reached.
    g, grid, here, cells = _hex_game(ahead="swamp")
    assert MV.hex_route(g, "dcli_a", grid.center(cells["ahead"])) == (2, 2, [here, cells["ahead"]])
    with pytest.raises(IllegalActionError, match="^dcli_a cannot reach that hex with 2 MPs \\(code A\\)$"):
        MV.hex_route(g, "dcli_a", grid.center(cells["two_on"]))
    g, grid, here, cells = _hex_game(aside="mud")
    with pytest.raises(IllegalActionError, match="^dcli_a cannot reach that hex with 2 MPs \\(code A\\)$"):
        MV.hex_route(g, "dcli_a", grid.center(cells["aside"]))


def test_a_point_off_the_hex_grid_is_refused():
    g, grid, _, _ = _hex_game()
    with pytest.raises(IllegalActionError, match=r"^\(-5, -5\) is off the hex grid$"):
        MV.hex_route(g, "dcli_a", (-5, -5))


def _mined(at=(30, 12)):
    return game(step="Cross-country movement", edit=lambda d: d["terrain"].append(
        {"id": "mines", "type": "minefield", "variant": "hasty", "rectangle": {"center": list(at), "size": [3, 3]}}))


def test_an_infantry_unit_clears_a_minefield_by_spending_its_turn_there():
    # 1.5: cleared "if ... an infantry unit spends one turn clearing it": it neither moves nor fires
    g = _mined()
    put(g, "dcli_a", 30, 10.1)  # 0.4" outside the field's edge (y = 10.5): at it
    e = MV.resolve_clear(g, "dcli_a", "mines")
    assert (e.kind, e.text, e.detail["rule"]) == ("clear mines", "dcli_a clears mines", "1.5 Minefields")
    assert dotted(e) == (("vars.eg.cleared", ["mines"]), ("units.dcli_a.status.moved", True),
                         ("units.dcli_a.status.fired", True))


def test_clearing_mines_is_refused_away_from_the_field_for_vehicles_and_for_a_field_that_is_not_there():
    g = _mined()
    put(g, "dcli_a", 30, 9.9)  # 0.6" outside the edge
    with pytest.raises(IllegalActionError, match="^dcli_a is not at mines$"):
        MV.resolve_clear(g, "dcli_a", "mines")
    with pytest.raises(IllegalActionError, match="^there is no minefield 'wood'$"):
        MV.resolve_clear(g, "dcli_a", "wood")
    put(g, "churchills", 30, 11)
    with pytest.raises(IllegalActionError, match="^churchills cannot clear mines$"):
        MV.resolve_clear(g, "churchills", "mines")
    assert not any(e.kind == "clear mines" for e in g.log)


def test_a_gun_changing_between_packed_and_deployed_cannot_move():
    # 3.9: a gun that is breaking down or setting up is doing neither; it moves once packed
    g = game()
    situation_of(g).unit_status("field_regt", deploying={"to": "packed", "ready": 2}, deployed=False)
    assert not MV.movable(g, "field_regt")
    situation_of(g).unit_status("field_regt", deploying=None, deployed=False)
    assert MV.movable(g, "field_regt")
