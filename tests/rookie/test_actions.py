"""Rookie Rules' action menu, action by action: the form each step offers the umpire (labels,
choices, defaults, the section named), the odds and explanation shown before the roll, the
picture drawn on the table, and what resolving it records. Expected numbers come from the text
(quoted) or from the house readings named in the test."""

from fractions import Fraction

import pytest

from tests.rookie.helpers import act, game, put, unit
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.rookie import actions as A
from wgkit.rules.rookie import flow as FL
from wgkit.rules.rookie import lookup as L


def menu(g) -> dict:
    return {a.name: a for a in A.ACTIONS(g)}


def form(spec) -> list[tuple]:
    return [(p.name, p.kind, p.label, p.choices, p.default, p.high) for p in spec.params]


def test_plotting_artillery_the_form_the_template_drawn_and_the_record():
    g = game("tractor_works", step="Plot")  # rules: artillery de {templates: [A, B], missions: 2}
    plot = menu(g)["plot artillery"]
    assert (plot.label, plot.ref) == ("Plot off-board fire", "Artillery")
    assert form(plot) == [("side", "choice", "side", ("de",), None, 100), ("point", "point", "impact point", (), None, 100),
                          ("template", "choice", "template", ("A", "B"), None, 100),
                          ("facing", "int", "sheaf bearing", (), 0, 359)]
    p = {"side": "de", "point": [20, 12], "template": "A", "facing": 90}
    assert plot.explain(g, p) == ["template A: the templates are lost: A, heavy, a 16\" x 6\" sheaf",
                                  "1-4 on target, 5-0 drift 4\" (HOUSE)"]
    drawn = plot.preview(g, p)
    assert [(s.kind, s.tag, s.fill) for s in drawn] == [("polygon", "template", "#d62828")]
    xs, ys = drawn[0].points[:, 0], drawn[0].points[:, 1]
    # the 16" x 6" sheaf turned to bearing 90: 16" along x, 6" along y, centred on (20, 12)
    assert (xs.min(), xs.max(), ys.min(), ys.max()) == pytest.approx((12, 28, 9, 15))
    e = plot.resolve(g, dict(p, template="B", facing=0))
    assert e.kind == "plot" and e.text == "de plots template B at 20\" along, 12\" across"
    assert L.rk(g)["missions"]["de"] == {"point": [20, 12], "template": "B", "facing": 0.0, "fired": 0}


def test_a_side_without_guns_or_aircraft_is_offered_neither():
    g = game(step="Plot")  # the worked example has no artillery and no aircraft
    assert list(menu(g)) == []


def test_the_flight_path_is_laid_edge_to_opposite_edge():
    """Turn Over Aircraft: "The string must enter and leave the opposite end of the table"."""
    g = game("tractor_works", step="Plot")
    assert "flight path" not in menu(g)  # no aircraft over the table yet
    situation_of(g).aircraft("de")
    path = menu(g)["flight path"]
    assert (path.label, path.ref) == ("Lay the flight path", "Turn Over Aircraft")
    assert form(path) == [("side", "choice", "side", ("de",), None, 100), ("start", "point", "enters at", (), None, 100),
                          ("end", "point", "leaves at", (), None, 100)]
    assert path.odds(g, {}) is None  # nothing is rolled
    with pytest.raises(IllegalActionError, match="opposite table edges"):
        path.resolve(g, {"side": "de", "start": [0, 10], "end": [10, 0]})
    e = path.resolve(g, {"side": "de", "start": [0, 10], "end": [48, 20]})
    assert e.text == "de's aircraft flies (0.0, 10.0) -> (48.0, 20.0)"
    assert L.rk(g)["aircraft"]["de"]["path"] == [[0.0, 10.0], [48.0, 20.0]]


def test_the_command_phase_form_radius_and_circle():
    """Leadership: a leader removes penalty markers in his command radius (12" without a marker)
    and then stays inactive."""
    g = game("tractor_works", step="Command")
    assert "command" not in menu(g)  # nobody has a marker
    situation_of(g).marker("de_sq1", "pinned")
    cmd = menu(g)["command"]
    assert (cmd.label, cmd.ref) == ("Leader removes a marker", "Command sequence")
    assert form(cmd) == [("leader", "choice", "leader", ("de_plt", "ru_plt"), None, 100),
                         ("unit", "choice", "unit", ("de_sq1",), None, 100)]
    p = {"leader": "de_plt", "unit": "de_sq1"}
    assert cmd.odds(g, p) is None
    assert cmd.explain(g, p) == ["radius 12\"", "the leader then stays inactive this sequence"]
    drawn = cmd.preview(g, p)
    assert [s.text for s in drawn if s.kind == "text"] == ["command radius"]
    ring = next(s for s in drawn if s.kind == "polygon")
    assert max(abs(ring.points[:, 0] - 26)) == pytest.approx(12, abs=0.01)  # a 12" circle round Hartmann at (26, 6)
    e = cmd.resolve(g, p)
    assert e.text == "de_plt steadies de_sq1: pinned -> disrupted"  # one step better
    assert L.status(g, "de_plt")["inactive"] == 1


def test_the_card_sequence_draw_activate_pass():
    g = game()
    draw = menu(g)["draw card"]
    assert (draw.label, draw.ref, draw.params) == ("Draw the next card", "The Sequence of the Game 3", ())
    assert draw.odds(g, {}) is None
    assert draw.forced  # a sequence opens with a card: the page may draw it by itself
    situation_of(g).deck_order("activation", ["2H", "3S"])
    assert draw.resolve(g, {}).kind == "card"
    m = menu(g)
    assert list(m) == ["activate", "pass", "move", "fire", "draw card"]
    assert not m["draw card"].forced  # a card is out: drawing another is a choice, not a duty
    assert (m["activate"].label, m["activate"].ref) == (f"Activate a unit ({L.rk(g)['card']})", "Movement and Firing")
    assert form(m["activate"]) == [("unit", "choice", "unit", ("ru_lt", "ru_sq"), None, 100)]
    assert (m["pass"].label, m["pass"].ref, m["pass"].params) == ("Pass this card (2H)", "The Sequence of the Game 3", ())
    assert m["activate"].odds(g, {"unit": "ru_sq"}) is None and m["pass"].odds(g, {}) is None
    assert m["pass"].resolve(g, {}).text == "2H passed"
    FL.draw_card(g)  # 3S: the Germans'
    m = menu(g)
    assert form(m["activate"]) == [("unit", "choice", "unit", ("de_lt", "de_open", "de_wood"), None, 100)]
    e = m["activate"].resolve(g, {"unit": "de_wood"})
    assert L.rk(g)["unit"] == "de_wood" and L.status(g, "de_wood")["functions"] == 2 and e.kind == "activate"


def test_a_card_activates_and_fires_in_one_action_undone_whole():
    """Movement and Firing: the drawn card activates one unit, which then uses its functions; the
    form offers the first function with the unit, and the log holds the activation and the shot
    exactly as the two actions one after the other would, as one group."""
    g = game()
    situation_of(g).deck_order("activation", ["2H", "3S"])
    FL.draw_card(g)  # 2H: the Russians'
    both = menu(g)["fire"]
    assert both.label == "Activate and fire (2H)" and both.ref == "Firing the Unit"
    assert [(p.name, p.choices, p.enemy_of) for p in both.params[:2]] == [
        ("unit", ("ru_lt", "ru_sq"), ""), ("target", ("de_lt", "de_open", "de_wood"), "unit")]
    apart = g.branch()
    menu(apart)["activate"].resolve(apart, {"unit": "ru_sq"})
    alone = menu(apart)["fire"].resolve(apart, {"target": "de_wood", "split": "no"})
    start = len(g.log)
    assert both.odds(g, {"unit": "ru_sq", "target": "de_wood", "split": "no"}) == \
        menu(apart)["fire"].odds(apart, {"target": "de_wood", "split": "no"})
    shot = both.resolve(g, {"unit": "ru_sq", "target": "de_wood", "split": "no"})
    assert [e.text for e in g.log[start:]] == ["ru_sq acts (2 functions)", alone.text] and shot.text == alone.text
    assert L.status(g, "ru_sq")["functions"] == L.status(apart, "ru_sq")["functions"] == 1
    assert g.group_start() == start  # Undo last takes both back


def test_a_card_activates_and_moves_in_one_action_as_the_two_would():
    """Movement and Firing: the move offered with the unit reads, costs and logs as activating the
    unit and then moving it."""
    g = game()
    situation_of(g).deck_order("activation", ["2H", "3S"])
    FL.draw_card(g)  # 2H: the Russians'
    both = menu(g)["move"]
    assert (both.label, both.ref, both.shortcut) == ("Activate and move (2H)", "Movement and Firing", True)
    assert form(both) == [("unit", "choice", "unit", ("ru_lt", "ru_sq"), None, 100), ("to", "point", "to", (), None, 100)]
    where = L.pos(g, "ru_sq")
    to = [where[0] + 3, where[1]]
    apart = g.branch()
    menu(apart)["activate"].resolve(apart, {"unit": "ru_sq"})
    alone = menu(apart)["move"]
    assert both.odds(g, {"unit": "ru_sq", "to": to}) is None
    assert both.explain(g, {"unit": "ru_sq", "to": to}) == alone.explain(apart, {"to": to}) != []
    moved = alone.resolve(apart, {"to": to})
    start = len(g.log)
    e = both.resolve(g, {"unit": "ru_sq", "to": to})
    assert [x.text for x in g.log[start:]] == ["ru_sq acts (2 functions)", moved.text] and e.text == moved.text
    assert L.pos(g, "ru_sq") == L.pos(apart, "ru_sq") != where and g.group_start() == start


def test_a_hidden_enemy_is_not_offered_as_a_target_with_the_activation():
    g = game()
    situation_of(g).hidden("de_open")
    situation_of(g).deck_order("activation", ["2H", "3S"])
    FL.draw_card(g)
    assert menu(g)["fire"].params[1].choices == ("de_lt", "de_wood")


def test_a_refused_first_function_takes_its_activation_back():
    g = game()
    situation_of(g).deck_order("activation", ["2H", "3S"])
    FL.draw_card(g)
    start = len(g.log)
    with pytest.raises(IllegalActionError):
        menu(g)["move"].resolve(g, {"unit": "ru_sq", "to": [70, 40]})  # far beyond a function's move
    assert len(g.log) == start and L.rk(g)["unit"] is None and not L.status(g, "ru_sq").get("acted")


def test_a_units_functions_move_and_fire_count_down_in_the_labels():
    g = game()
    act(g, "ru_sq")
    m = menu(g)
    assert list(m) == ["move", "fire", "draw card"]
    move = m["move"]
    assert (move.label, move.ref) == ("Move (ru_sq, 2 functions left)", "Terrain and Penalty Effects on Movement")
    assert form(move) == [("to", "point", "to", (), None, 100)]
    assert move.odds(g, {"to": [12, 10]}) is None
    # house speeds (the movement chart is lost): infantry 6" a function at class A, the open
    assert move.explain(g, {"to": [12, 10]}) == ["terrain class A (open)", "6\" this function"]
    assert move.resolve(g, {"to": [12, 10]}).text == "ru_sq moves 2.0\" to (12.0, 10.0)"
    m = menu(g)
    assert m["fire"].label == "Fire (ru_sq, 1 function left)"
    assert form(m["fire"]) == [("target", "choice", "target", ("de_lt", "de_open", "de_wood"), None, 100),
                               ("split", "choice", "fire at two targets?", ("no", "yes"), None, 100)]
    assert m["fire"].ref == "Firing the Unit"


def test_fire_at_one_target_explained_and_at_odds_before_the_roll():
    """EXAMPLES: 12 ff doubled to 24 at 7"; without the second-target shift it fires on 21-25."""
    g = game()
    act(g, "ru_sq")
    fire = menu(g)["fire"]
    p = {"target": "de_open", "split": "no"}
    assert fire.explain(g, p) == ["12 ff at 7.0\"", "close range: factor doubled (HOUSE band, worked example at 7\")",
                                  "column 21-25"]
    d = fire.odds(g, p)  # the chart's body is lost; the house column 21-25 on a d10 read 0-9:
    # 1 and 2 miss, 3 and 4 disrupt, 5 and 6 kill one and disrupt, 7-9 pin, 0 suppresses
    assert d.probs == {"miss": Fraction(2, 10), "disrupted": Fraction(2, 10), "1 killed, disrupted": Fraction(2, 10),
                       "pinned": Fraction(3, 10), "suppressed": Fraction(1, 10)}
    e = fire.resolve(g, p)
    assert e.detail["column"] == "21-25"


def test_a_declared_split_holds_for_the_second_shot_whatever_the_form_says():
    g = game()
    act(g, "ru_sq")
    fire = menu(g)["fire"]
    with g.table_dice([3]):
        fire.resolve(g, {"target": "de_open", "split": "yes"})  # declared: two targets this activation
    fire = menu(g)["fire"]
    assert fire.label == "Fire (ru_sq, 1 function left)"
    # EXAMPLES: at 26" in a wood, "once for the range, twice more for the wood cover and twice more
    # again for the target shift ... would take the Russians off the chart" -- the form's "no"
    # cannot undo the declared split
    assert fire.explain(g, {"target": "de_wood", "split": "no"}) == [
        "12 ff at 26.0\"", "long range: -1 column (worked example Examples (26\": one column left))",
        "target in woods: -2 columns (worked example Examples (woods: two columns left))",
        "second target this activation: -2 columns (worked example Examples (shifting fire to a second target))",
        "column off chart (only a 9 hits, as a disruption)"]


def test_a_unit_with_a_marker_may_remove_it_with_a_function():
    """Movement and Firing: "With ONE function a unit may ... remove a penalty marker (if in command radius)"."""
    g = game()
    situation_of(g).marker("ru_sq", "pinned")
    act(g, "ru_sq")
    rm = menu(g)["remove marker"]
    assert (rm.label, rm.ref, rm.params) == ("Remove a marker (ru_sq, 2 functions left)", "Command Radius 3", ())
    assert rm.odds(g, {}) is None
    assert rm.resolve(g, {}).text == "ru_sq removes a marker: pinned -> disrupted"
    assert L.status(g, "ru_sq")["functions"] == 1


def test_a_tank_traverses_its_turret_and_an_antitank_gun_takes_down():
    """Movement and Firing: tanks traverse their turrets with one function; four functions set
    up or take down a heavy mortar or artillery piece."""
    g = game("tractor_works")
    act(g, "panzer")
    tr = menu(g)["traverse"]
    assert (tr.label, tr.ref) == ("Traverse the turret (panzer, 2 functions left)", "Movement and Firing")
    assert form(tr) == [("facing", "int", "to bearing", (), None, 359)]
    assert tr.odds(g, {"facing": 45}) is None
    assert tr.resolve(g, {"facing": 405}).text == "panzer traverses its turret to 45 degrees"
    assert "set up" not in menu(g)
    g = game("tractor_works")
    act(g, "ru_atg")  # rules: {deployed: true}
    take = menu(g)["set up"]
    assert (take.label, take.ref, take.params) == ("Take down (ru_atg, 2 functions left)", "Movement and Firing", ())
    assert take.odds(g, {}) is None
    assert take.resolve(g, {}).text == "ru_atg: 2 of 4 functions to take down"
    assert "traverse" not in menu(g)


def test_a_tank_in_mud_may_try_to_break_free():
    """Breakdown: "To break free of mud roll a 1 3 ... and a 14 for regular tanks": read (house)
    as 1-3 for special tanks and 1-4 for regular ones on a d10."""
    g = game("tractor_works")
    situation_of(g).stuck("panzer")
    act(g, "panzer")
    free = menu(g)["unstick"]
    assert (free.label, free.ref, free.params) == ("Break free of the mud (panzer, 2 functions left)",
                                                   "Breakdown and Immobilization", ())
    assert free.odds(g, {}).p(True) == Fraction(4, 10)
    with g.table_dice([4]):
        e = free.resolve(g, {})
    assert e.detail["outcome"] is True and not L.status(g, "panzer").get("immobile")


def test_observing_a_hidden_unit():
    """Observation: one function per attempt, percentage dice at or under the chance."""
    g = game("tractor_works")
    put(g, "ru_sq1", 26, 14)
    situation_of(g).hidden("ru_sq1_s")
    act(g, "de_sq1")
    look = menu(g)["observe"]
    assert (look.label, look.ref) == ("Observe (de_sq1, 2 functions left)", "Observation")
    assert form(look) == [("target", "choice", "look for", ("ru_sq1",), None, 100)]
    assert "ru_sq1" not in menu(g)["fire"].params[0].choices  # not fired at until spotted
    # the observation table is lost; house: a unit in light cover (the rubble) within 12" (7.2"
    # from de_sq1) is spotted on 80% or less
    assert look.explain(g, {"target": "ru_sq1"}) == ["base 80%"]  # no modifier applies
    assert look.odds(g, {"target": "ru_sq1"}).p(True) == Fraction(80, 100)
    with g.table_dice([80]):  # "roll the listed number or LESS"
        e = look.resolve(g, {"target": "ru_sq1"})
    assert e.detail["outcome"] is True and not g.state["pieces"][L.piece(g, "ru_sq1")].get("hidden")


def test_anti_aircraft_fire_from_a_squad():
    """ANTI-AIRCRAFT FIRE: "Each squad ... rolling a 05% or LESS"."""
    g = game("tractor_works")
    situation_of(g).aircraft("de")
    act(g, "ru_sq1")
    aa = menu(g)["AA fire"]
    assert (aa.label, aa.ref) == ("Fire at aircraft (ru_sq1, 2 functions left)", "Anti-Aircraft Fire")
    assert form(aa) == [("side", "choice", "aircraft of", ("de",), None, 100)]
    assert aa.odds(g, {"side": "de"}).p("miss") == Fraction(95, 100)
    with g.table_dice([5, 9]):  # 05: a hit; 9 on the (house) result table: shot down
        e = aa.resolve(g, {"side": "de"})
    assert e.text == "ru_sq1 fires at de's aircraft: shot down"
    assert "AA fire" not in menu(g)  # no aircraft left to fire at


def test_melee_with_a_stand_within_an_inch():
    """MELEE: each side rolls a d6, the high die wins (ties roll again in the odds' third outcome);
    "Each stand must be within one inch of the opposing stand"."""
    g = game()
    put(g, "de_open", 11.8, 10)  # 1.8" centre to centre: within an inch, edge to edge
    act(g, "ru_sq")
    fight = menu(g)["melee"]
    assert (fight.label, fight.ref) == ("Melee (ru_sq, 2 functions left)", "Melee")
    assert form(fight) == [("enemy", "choice", "enemy stand", ("de_open",), None, 100)]
    d = fight.odds(g, {"enemy": "de_open"})
    assert (d.p(1), d.p(0), d.p(-1)) == (Fraction(15, 36), Fraction(6, 36), Fraction(15, 36))


def test_morale_tests_due_come_first_and_voluntary_ones_wait_for_the_morale_step():
    g = game()
    act(g, "ru_sq")
    situation_of(g).must_test("de_open")
    only = A.ACTIONS(g)
    assert [(a.name, a.label, a.ref) for a in only] == [("morale", "Morale test (1 due now)", "Morale")]
    assert form(only[0]) == [("unit", "choice", "unit", ("de_open",), None, 100)]
    g = game(step="Morale")
    situation_of(g).marker("de_wood", "pinned")
    vol = menu(g)["morale"]
    assert vol.label == "Morale test (voluntary)" and form(vol)[0][3] == ("de_wood",)
    lines = vol.explain(g, {"unit": "de_wood"})
    assert lines == ["base 6 (HOUSE morale chart)",  # a regular unit (house chart)
                     "leader in command radius +1 (HOUSE: the morale modifiers are lost)",
                     "in cover +1 (HOUSE: the morale modifiers are lost)",
                     "pinned (2 steps) -2 (HOUSE: the morale modifiers are lost)"]
    # 6 + 1 + 1 - 2: a d10 (0 as 10) of 6 or less passes; by 3 or more (1-3) steadies, 4-6 holds,
    # 7-9 fail by 1-3 (shaken), 10 by 4 (runs)
    assert vol.odds(g, {"unit": "de_wood"}).describe() == ["holds: 30.0%", "runs: 10.0%", "shaken: 30.0%", "steady: 30.0%"]
    with g.table_dice([5]):  # passes by 1: a voluntary test that passes sheds a marker
        assert vol.resolve(g, {"unit": "de_wood"}).text == "de_wood tests morale (6 or less): holds, pinned -> disrupted"
    situation_of(g).must_test("de_open")
    both = menu(g)["morale"]
    assert both.label == "Morale test (1 due)" and form(both)[0][3] == ("de_open", "de_wood")


def test_aircraft_arrival_at_35_percent_then_ten_more_each_turn():
    """TURN OVER AIRCRAFT: "a base chance ... of 35% ... with a +10% added every turn"."""
    g = game("tractor_works", step="Morale")
    dice = menu(g)["aircraft arrival"]
    assert (dice.label, dice.ref) == ("Dice for aircraft", "Turn Over Aircraft")
    assert form(dice) == [("side", "choice", "side", ("de",), None, 100)]
    assert dice.odds(g, {"side": "de"}).p(True) == Fraction(35, 100)
    with g.table_dice([36]):
        assert dice.resolve(g, {"side": "de"}).text == "de: aircraft does not come (35%)"
    assert dice.odds(g, {"side": "de"}).p(True) == Fraction(45, 100)


def test_artillery_and_air_strikes_land_between_the_sequences():
    g = game("tractor_works", step="Plot")
    situation_of(g).aircraft("de")
    A.ACTIONS(g)  # nothing plotted yet
    menu(g)["plot artillery"].resolve(g, {"side": "de", "point": [40, 30], "template": "B", "facing": 0})
    menu(g)["flight path"].resolve(g, {"side": "de", "start": [0, 30], "end": [48, 30]})
    while g.current_step().name != "Air and artillery":
        g.advance()
    m = menu(g)
    assert list(m) == ["artillery", "air strike"]
    art = m["artillery"]
    assert (art.label, art.ref) == ("Off-board artillery lands", "Resolution of Air and Artillery Fire")
    assert form(art) == [("side", "choice", "side", ("de",), None, 100)]
    assert art.odds(g, {"side": "de"}).p((0.0, 0.0)) == Fraction(4, 10)  # "1-4 on target"
    strike = m["air strike"]
    assert (strike.label, strike.ref) == ("Air strike", "Aircraft")
    assert form(strike) == [("side", "choice", "side", ("de",), None, 100), ("point", "point", "aim at", (), None, 100)]
    assert strike.odds(g, {"side": "de", "point": [10, 30]}).p((0.0, 0.0)) == Fraction(4, 10)
    with g.table_dice([1]):  # on target, far from everyone
        e = strike.resolve(g, {"side": "de", "point": [2, 24]})
    assert e.text == "de's aircraft strikes (on target): nobody under the template"


def test_the_board_hooks_move_only_the_acting_unit_within_its_speed():
    g = game(step="Plot")
    with pytest.raises(IllegalActionError, match="units move when their card is drawn; now is Plot"):
        A.move(g, "ru_sq_s", (11, 10))
    g = game()
    assert A.move_limit(g, "ru_sq_s") is None  # not acting
    act(g, "ru_sq")
    assert A.move_limit(g, "ru_sq_s") == 6.0  # house: infantry 6" a function in the open
    assert A.move(g, "ru_sq_s", (11, 10)).text == "ru_sq moves 1.0\" to (11.0, 10.0)"


def test_activate_and_fire_reads_the_scenarios_chart_and_declares_a_split():
    """Firing the Unit with the card's activation: the odds read the scenario's own chart, and a
    split declared on the first shot shifts it two columns too, as in EXAMPLES: 12 ff doubled at
    7" is 24 (the 21-25 column), "go left two columns ... The resulting column would be the 11-15"."""
    def chart(doc):  # the scenario's own 21-25 column: one killed on a 1, nothing otherwise
        doc.setdefault("rules", {})["chart"] = {"21-25": {**{str(f): "-" for f in range(10)}, "1": "K"}}

    g = game(edit=chart)
    situation_of(g).deck_order("activation", ["2H", "3S"])
    FL.draw_card(g)  # 2H: the Russians'
    both = menu(g)["fire"]
    assert form(both) == [("unit", "choice", "unit", ("ru_lt", "ru_sq"), None, 100),
                          ("target", "choice", "target", ("de_lt", "de_open", "de_wood"), None, 100),
                          ("split", "choice", "fire at two targets?", ("no", "yes"), None, 100)]
    p = {"unit": "ru_sq", "target": "de_open", "split": "no"}
    assert both.odds(g, p).probs == {"miss": Fraction(9, 10), "1 killed, disrupted": Fraction(1, 10)}
    assert both.explain(g, p)[-1] == "column 21-25"
    assert both.explain(g, {**p, "split": "yes"})[-2:] == [
        "second target this activation: -2 columns (worked example Examples (shifting fire to a second target))",
        "column 11-15"]
    assert both.odds(g, {**p, "split": "yes"}) != both.odds(g, p)  # the house 11-15, not the scenario's 21-25
    with g.table_dice([1]):
        e = both.resolve(g, {**p, "split": "yes"})
    assert e.text.startswith("ru_sq fires on 11-15 at de_open")
    assert (L.status(g, "ru_sq")["split"], L.status(g, "ru_sq")["targets"]) == (True, ["de_open"])


def test_melee_from_the_menu_the_attacker_may_be_the_one_to_fall():
    """MELEE: the high d6 wins and the loser loses a man, whichever side it is on."""
    g = game()
    put(g, "de_open", 11.8, 10)
    act(g, "ru_sq")
    fight = menu(g)["melee"]
    assert fight.actor == "ru_sq"
    with g.table_dice([2, 5]):  # the attacker's 2 against the defender's 5
        e = fight.resolve(g, {"enemy": "de_open"})
    assert e.text == "ru_sq and de_open fight: ru_sq loses a man"
    assert (L.men(g, "ru_sq"), L.men(g, "de_open")) == (3, 5)  # four men and five before


def test_a_gun_taken_down_is_offered_set_up():
    """Movement and Firing: a heavy weapon sets up, or takes down, with four functions."""
    g = game("tractor_works")
    situation_of(g).unit_status("ru_atg", deployed=False)
    act(g, "ru_atg")
    assert menu(g)["set up"].label == "Set up (ru_atg, 2 functions left)"


def test_a_special_tank_breaks_free_of_mud_on_1_to_3():
    """Breakdown: "roll a 1 3 for special tanks" (house: 1-3 on a d10): 3 in 10."""
    def special(doc):
        unit(doc, "panzer").setdefault("rules", {})["special_tank"] = True

    g = game("tractor_works", edit=special)
    situation_of(g).stuck("panzer")
    act(g, "panzer")
    assert menu(g)["unstick"].odds(g, {}).p(True) == Fraction(3, 10)


def test_an_observation_explains_its_modifiers_before_the_roll():
    """Observation: 80% (house: light cover within 12"), -50% for a camouflaged target, both shown."""
    def camouflaged(doc):
        unit(doc, "ru_sq1").setdefault("rules", {})["camouflaged"] = True

    g = game("tractor_works", edit=camouflaged)
    put(g, "ru_sq1", 26, 14)
    situation_of(g).hidden("ru_sq1_s")
    act(g, "de_sq1")
    look = menu(g)["observe"]
    assert look.explain(g, {"target": "ru_sq1"}) == ["base 80%", "camouflaged target -50 (worked example Observation example)"]
    assert look.odds(g, {"target": "ru_sq1"}).p(True) == Fraction(30, 100)


def test_off_board_artillery_lands_from_the_menu():
    """Artillery: a plotted mission is fired in the air and artillery step; 1-4 on target (house)."""
    g = game("tractor_works", step="Plot")
    menu(g)["plot artillery"].resolve(g, {"side": "de", "point": [20, 12], "template": "A", "facing": 90})
    assert L.rk(g)["missions"]["de"]["facing"] == 90.0
    while "artillery" not in g.legal_actions():
        g.advance()
    fire = menu(g)["artillery"]
    assert (fire.label, fire.ref) == ("Off-board artillery lands", "Resolution of Air and Artillery Fire")
    assert form(fire) == [("side", "choice", "side", ("de",), None, 100)]
    with g.table_dice([1]):
        e = fire.resolve(g, {"side": "de"})
    assert e.text == "de's artillery (1: on target): nobody under the template"


def test_a_shot_resolves_on_the_scenarios_own_chart():
    """A scenario may give the firing chart's cells (the text's body is lost): the roll is read
    there, and the odds recorded with it are that column's."""
    def chart(doc):  # the scenario's own 21-25 column: one killed on a 1, nothing otherwise
        doc.setdefault("rules", {})["chart"] = {"21-25": {**{str(f): "-" for f in range(10)}, "1": "K"}}

    g = game(edit=chart)
    act(g, "ru_sq")
    with g.table_dice([1]):
        e = menu(g)["fire"].resolve(g, {"target": "de_open", "split": "no"})  # 12 ff doubled at 7": 21-25
    assert e.text.startswith("ru_sq fires on 21-25 at de_open: 1 killed, disrupted (scenario cell)")  # not the text's, nor the kit's
    assert e.detail["cell"] == "scenario"
    assert e.detail["odds"] == ["miss: 90.0%", "1 killed, disrupted: 10.0%"]
    assert L.men(g, "de_open") == 4


def test_nothing_lands_without_a_plotted_point_or_a_laid_flight_path():
    """Artillery and Aircraft: guns fire where a point was plotted, aircraft strike along a laid
    flight path; a battery with missions fired and none plotted, and an aircraft over the table
    without a path, are offered nothing in the air and artillery step."""
    g = game("tractor_works", step="Plot")
    situation_of(g).aircraft("de")
    situation_of(g).missions_fired("de", 1)
    while g.current_step().name != "Air and artillery":
        g.advance()
    assert {"artillery", "air strike"} <= set(g.legal_actions()) and list(menu(g)) == []


def test_activate_and_fire_is_marked_a_shortcut():
    g = game()
    situation_of(g).deck_order("activation", ["2H", "3S"])
    FL.draw_card(g)
    assert menu(g)["fire"].shortcut is True
