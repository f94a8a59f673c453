"""Rookie Rules: morale (mandatory and voluntary), off-board artillery, aircraft, anti-aircraft
fire and observation (the text's jungle example)."""

import pytest

from tests.rookie.helpers import act, game, put, unit
from wgkit.engine import IllegalActionError
from wgkit.odds import exact
from wgkit.rules import situation_of
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import morale as MO
from wgkit.rules.rookie import support as SU
from wgkit.rules.rookie import tables as T


def test_a_casualty_makes_a_unit_test_and_the_test_follows_the_house_chart():
    g = game(step="Morale")
    changes = []
    F.apply(g, "de_open", T.Result(1, "disrupted"), None, changes)
    g.record("hit", changes)
    assert L.rk(g)["must_test"] == ["de_open"]
    base, mods = MO.modifiers(g, "de_open")
    assert base == 6 and [(m.name, m.value) for m in mods] == [("leader in command radius", 1), ("disrupted (1 step)", -1)]
    d = MO.odds(g, "de_open")
    assert d.p("steady") == pytest.approx(0.3) and d.p("holds") == pytest.approx(0.3)
    assert d.p("shaken") == pytest.approx(0.3) and d.p("runs") == pytest.approx(0.1)  # a 10 on the d10
    with g.table_dice([10]):  # a 10 on the d10: runs, whatever the need
        e = MO.resolve(g, "de_open")
    assert e.detail["outcome"] == "runs" and not L.alive(g, "de_open")
    assert L.rk(g)["must_test"] == []  # its test taken; no friend within 8" to be shaken by the rout


def test_a_mandatory_test_comes_immediately_before_anything_else():
    """Morale: "A unit MUST check morale immediately after: 1. a casualty is taken ..."."""
    from wgkit.rules.rookie import actions as A
    from wgkit.rules.rookie import flow as FL
    from wgkit.rules.rookie import movement as MV

    g = game()  # the first card sequence
    act(g, "ru_sq")
    changes = []
    F.apply(g, "de_open", T.Result(1, None), None, changes)  # ru_sq's first shot kills a man
    g.record("hit", changes)
    assert [(a.name, a.params[0].choices) for a in A.ACTIONS(g)] == [("morale", ("de_open",))]
    with pytest.raises(IllegalActionError, match="de_open must check morale first"):
        FL.draw_card(g)
    with pytest.raises(IllegalActionError, match="de_open must check morale first"):
        MV.resolve_move(g, "ru_sq", (11, 10))  # not even the firer's second function
    with g.table_dice([1]):  # a 1: steady
        MO.resolve(g, "de_open")
    assert FL.tests_due(g) == [] and "morale" not in [a.name for a in A.ACTIONS(g)]  # voluntary tests wait for the end
    assert MV.resolve_move(g, "ru_sq", (11, 10)).kind == "move"


HOUSE_MORALE = "HOUSE: the morale modifiers are lost"


@pytest.mark.parametrize("face, outcome, after, must_test", [
    (2, "steady, pinned -> disrupted", "disrupted", []),  # 3 or more under the need: one step better
    (5, "holds, pinned -> disrupted", "disrupted", []),  # at the need: a voluntary test sheds a step too
    (6, "shaken, now suppressed", "suppressed", []),  # failed by 1: one step worse
    (8, "shaken, now suppressed", "suppressed", []),  # failed by 3, one short of the rout margin
    (9, "runs away; de_lt must test", None, ["de_lt"]),  # failed by 4: runs; a friend within 8" tests
])
def test_a_voluntary_test_sheds_worsens_or_routs_by_the_face(face, outcome, after, must_test):
    """Morale (house chart, the text's is lost): regular 6, +1 a leader in command radius, -1 each
    marker step (pinned is two): 5 or less on a d10. 1-2 steady, 3-5 holds, 6-8 shaken, 9-10 runs."""
    g = game(step="Morale")
    put(g, "de_open", 17, 10, marker="pinned")
    put(g, "de_lt", 20, 13)  # 4.2" away: in command radius and within 8"
    with g.table_dice([face]):
        e = MO.resolve(g, "de_open")
    assert (e.kind, e.text) == ("morale", f"de_open tests morale (5 or less): {outcome}")
    assert e.detail == {"rule": "Morale", "outcome": outcome.split(",")[0].split(" ")[0], "base": 6,
                        "modifiers": [{"name": "leader in command radius", "value": 1, "source": HOUSE_MORALE},
                                      {"name": "pinned (2 steps)", "value": -2, "source": HOUSE_MORALE}],
                        "odds": ["holds: 30.0%", "runs: 20.0%", "shaken: 30.0%", "steady: 20.0%"]}
    assert [(r.purpose, r.faces) for r in e.rolls] == [("morale", (face,))]
    assert L.alive(g, "de_open") is (after is not None) and L.rk(g)["must_test"] == must_test
    if after is not None:
        assert L.marker(g, "de_open") == after


def test_a_due_test_that_holds_keeps_the_marker_and_shaken_without_one_is_disrupted():
    """Morale: a mandatory test passed without 3 to spare changes nothing; failed, a unit with no
    marker takes the first (disrupted), and a suppressed one cannot get worse than suppressed."""
    g = game(step="Morale")
    situation_of(g).must_test("de_open")  # no marker: 6 + 1 (de_lt in radius) = 7 or less
    with g.table_dice([6]):
        e = MO.resolve(g, "de_open")
    assert e.text == "de_open tests morale (7 or less): holds" and L.marker(g, "de_open") is None
    situation_of(g).must_test("de_open")
    with g.table_dice([8]):
        assert MO.resolve(g, "de_open").text == "de_open tests morale (7 or less): shaken, now disrupted"
    put(g, "de_open", 17, 10, marker="suppressed")  # three steps: 6 + 1 - 3 = 4 or less
    with g.table_dice([6]):
        assert MO.resolve(g, "de_open").text == "de_open tests morale (4 or less): shaken, now suppressed"
    assert L.marker(g, "de_open") == "suppressed"
    with pytest.raises(IllegalActionError, match="no reason to test"):
        MO.resolve(g, "ru_sq")


@pytest.mark.parametrize("x, tests", [(25.0, True), (25.1, False)])
def test_a_rout_shakes_friends_up_to_8_inches_away(x, tests):
    """Morale 5: a friendly unit running away within 8": exactly 8" is within."""
    g = game(step="Morale")
    put(g, "de_open", 17, 10, marker="pinned")
    put(g, "de_lt", x, 10)
    with g.table_dice([10]):  # a 10 fails any need here by 4 or more
        e = MO.resolve(g, "de_open")
    assert e.text.endswith("runs away; de_lt must test" if tests else "runs away")
    assert L.rk(g)["must_test"] == (["de_lt"] if tests else [])


def test_artillery_plot_drift_template_and_attack():
    g = game("tractor_works", step="Plot")
    with pytest.raises(IllegalActionError, match="use template A or B"):
        SU.resolve_plot(g, "de", (14, 26), "D")
    with pytest.raises(IllegalActionError, match="no off-board artillery"):
        SU.resolve_plot(g, "su", (14, 26), "B")
    SU.resolve_plot(g, "de", (14, 26), "B")
    assert SU.drift_odds().p((0.0, 0.0)) == pytest.approx(0.4)  # 1-4 on target
    while g.current_step().name != "Air and artillery":
        g.advance()
    # a drift die of 2 is on target: template B (a 10" circle, column 41-45) on (14, 26) covers the
    # platoon HQ at (16, 25) and the first squad at (12, 24), both in the assembly hall: two columns
    # left (buildings as woods, house), 31-35; a chart face 0 on that column
    with g.table_dice([2, 0, 0]):
        e = SU.resolve_artillery(g, "de")
    assert e.text.startswith("de's artillery (2: on target): artillery on 31-35 at ru_plt: ")
    assert "; artillery on 31-35 at ru_sq1: " in e.text
    assert [m["name"] for m in e.detail["modifiers"]] == ["ru_plt: target in buildings", "ru_sq1: target in buildings"]
    assert L.rk(g)["missions"]["de"]["fired"] == 1
    g.undo()
    # a 6 drifts 4" on bearing 60 (house): (14 + 4 sin 60, 26 + 4 cos 60) = (17.46, 28); the HQ is
    # 3.3" from there, under the 5" radius, the squad 6.8", clear of it
    with g.table_dice([6, 0]):
        e = SU.resolve_artillery(g, "de")
    assert L.rk(g)["missions"]["de"]["last"] == [17.46, 28.0]
    assert e.text.startswith("de's artillery (6: drifts 4\" on bearing 60): artillery on 31-35 at ru_plt: ")
    assert "ru_sq1" not in e.text


def test_template_shapes():
    a = SU.template_shape("A", (10, 10), 90.0)
    assert a.bounds == pytest.approx((2, 7, 18, 13))  # the 16" sheaf turned east-west
    assert SU.template_shape("D", (0, 0)).area == pytest.approx(3.14159 * 9, rel=0.01)


def test_aircraft_arrival_chance_grows_until_one_comes_and_dogfights():
    g = game("tractor_works", step="Morale")
    assert exact(SU.arrival, 35).p(True) == pytest.approx(0.35)
    g = game("tractor_works", step="Morale")
    with g.table_dice([99]):  # 99 is over 35: no aircraft; "+10% added every turn until an aircraft does arrive"
        e = SU.resolve_arrival(g, "de")
    assert not e.detail["outcome"] and L.rk(g)["air_chance"]["de"] == 45
    with pytest.raises(IllegalActionError, match="already diced"):
        SU.resolve_arrival(g, "de")
    situation_of(g).aircraft("su", on_table=1)
    situation_of(g).air_chance("de", 100)
    situation_of(g).turn(2)
    e = SU.resolve_arrival(g, "de")
    assert "1 pair goes off dogfighting" in e.text and SU.air(g, "de")["on_table"] == 0 and SU.air(g, "su")["on_table"] == 0


def test_flight_path_and_strike_reach():
    g = game("tractor_works", step="Plot")
    situation_of(g).aircraft("de", on_table=1)
    with pytest.raises(IllegalActionError, match="opposite table edges"):
        SU.resolve_path(g, "de", (0, 10), (20, 36))
    SU.resolve_path(g, "de", (0, 26), (48, 26))
    with pytest.raises(IllegalActionError, match="more than 12\" from the flight path"):
        SU.resolve_strike(g, "de", (14, 5))
    e = SU.resolve_strike(g, "de", (14, 26))
    assert e.kind == "air strike" and SU.air(g, "de")["on_table"] == 0


def test_anti_aircraft_chances():
    g = game("tractor_works")
    assert SU.aa_chance(g, "ru_sq1") == 5
    assert exact(SU.aa_roll, 5).p("miss") == pytest.approx(0.95)
    assert exact(SU.aa_roll, 50).p("shot down") == pytest.approx(0.5 * 0.3)
    g.scenario.unit("de_hmg").rules["anti_aircraft"] = True
    try:
        assert SU.aa_chance(g, "de_hmg") == 20  # "Each heavy machine gun, dedicated to air defense ... 20%"
        g.scenario.unit("de_hmg").rules["barrels"] = 4
        assert SU.aa_chance(g, "de_hmg") == 80  # "Multi-barreled guns have a 20% X the number of barrels"
    finally:
        del g.scenario.unit("de_hmg").rules["anti_aircraft"], g.scenario.unit("de_hmg").rules["barrels"]


def test_an_anti_aircraft_gun_has_50_percent_whatever_its_barrels():
    """"Anti-aircraft guns have a 50% or less chance to hit": a twin gun is not worse (40%) than a single one."""
    def aa_gun(barrels):
        def edit(doc):
            squad = unit(doc, "ru_sq1")
            squad["stands"][0]["weapons"] = ["aa_gun"]
            squad.setdefault("rules", {})["barrels"] = barrels
        return game("tractor_works", edit=edit)
    assert SU.aa_chance(aa_gun(1), "ru_sq1") == 50 and SU.aa_chance(aa_gun(2), "ru_sq1") == 50


def test_observation_reproduces_the_jungle_example():
    g = game()
    unit = g.scenario.unit
    unit("de_wood").rules["camouflaged"] = True
    unit("ru_sq").rules.update(specialist=True, training="A")
    try:
        base, pct, mods = SU.observe_chance(g, "ru_sq", "de_wood", distance=78.0)
        assert (base, pct) == (10, 10) and [m.value for m in mods] == [-50, 30, 20]
        assert T.OBSERVE_BASE["woods"][3].source == "worked example"
    finally:
        unit("de_wood").rules.pop("camouflaged")
        unit("ru_sq").rules.pop("specialist")
        unit("ru_sq").rules.pop("training")


def test_observing_a_hidden_unit_uses_a_function():
    g = game(seed=3)
    situation_of(g).hidden("de_wood_s")
    with pytest.raises(IllegalActionError, match="has not been spotted"):
        F.plan(g, "ru_sq", "de_wood")
    act(g, "ru_sq")
    e = SU.resolve_observe(g, "ru_sq", "de_wood")
    assert e.detail["odds"] == exact(SU.spot, 20).describe()  # woods at 26": the 24-48" band, 20% (house)
    assert g.state["pieces"]["de_wood_s"]["hidden"] is (not e.detail["outcome"])


@pytest.mark.parametrize("start, end, opposite", [
    ((0.5, 10), (47.5, 20), True),  # west to east, each end within half an inch of its edge
    ((48, 5), (0, 30), True),  # east to west
    ((10, 0.5), (20, 35.5), True),  # south to north
    ((30, 36), (2, 0), True),  # north to south
    ((0.6, 10), (48, 10), False),  # the start is 0.6" in from the west edge: on no edge
    ((0, 10), (47.4, 10), False),
    ((10, 0.6), (10, 36), False),
    ((10, 0), (10, 35.4), False),
    ((0, 10), (20, 36), False),  # west to north: edges, but not opposite ones
    ((0, 5), (0.5, 30), False),  # in and out by the same edge
])
def test_a_flight_path_runs_between_opposite_edges_within_half_an_inch(start, end, opposite):
    # Turn Over Aircraft: the path enters by one table edge and leaves by the opposite one; a point
    # within 0.5" of an edge is on it (house: the kit's reading of "edge" for a point placed by hand)
    g = game("tractor_works", step="Plot")  # a 48" x 36" table
    situation_of(g).aircraft("de", on_table=1)
    if opposite:
        assert SU.resolve_path(g, "de", start, end).text == f"de's aircraft flies {start} -> {end}"
        assert SU.air(g, "de")["path"] == [list(start), list(end)]
    else:
        with pytest.raises(IllegalActionError, match="^a flight path enters and leaves by opposite table edges$"):
            SU.resolve_path(g, "de", start, end)


@pytest.mark.parametrize("x, y, on", [(0, 0, True), (48, 36, True), (48.1, 10, False), (10, -0.1, False)])
def test_an_impact_point_may_be_plotted_anywhere_on_the_table_edges_included(x, y, on):
    g = game("tractor_works", step="Plot")  # a 48" x 36" table
    if on:
        assert SU.resolve_plot(g, "de", (x, y), "A").text == f"de plots template A at {x:g}\" along, {y:g}\" across"
    else:
        with pytest.raises(IllegalActionError, match=r"is off the table"):
            SU.resolve_plot(g, "de", (x, y), "A")


def test_guns_without_a_mission_count_fire_every_turn_and_use_the_heavy_templates():
    """Artillery: a battery whose scenario gives no number of missions is not limited; with no
    templates named it is heavy, A or B (Resolution of Air and Artillery Fire). One given two
    missions has none left after two."""
    from wgkit.rules.rookie import actions as A

    g = game("tractor_works", step="Plot", edit=lambda d: d["rules"]["artillery"].update(de={}))
    plot = next(a for a in A.ACTIONS(g) if a.name == "plot artillery")
    assert (plot.params[0].choices, plot.params[2].choices) == (("de",), ("A", "B"))
    for fired in (0, 5):
        situation_of(g).missions_fired("de", fired)
        assert SU.resolve_plot(g, "de", (14, 26), "B").kind == "plot"
    with pytest.raises(IllegalActionError, match="^de's guns use template A or B$"):
        SU.resolve_plot(g, "de", (14, 26), "C")
    g = game("tractor_works", step="Plot")  # artillery de: {templates: [A, B], missions: 2}
    situation_of(g).missions_fired("de", 2)
    with pytest.raises(IllegalActionError, match="^de has fired all its missions$"):
        SU.resolve_plot(g, "de", (14, 26), "B")


def test_the_flight_path_event_names_its_rule():
    g = game("tractor_works", step="Plot")
    situation_of(g).aircraft("de")
    e = SU.resolve_path(g, "de", (0, 10), (48, 20))
    assert (e.kind, e.detail) == ("flight path", {"rule": "Turn Over Aircraft"})
