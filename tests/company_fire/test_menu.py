"""Company Fire's action menu, form by form: what each segment and card offers the umpire, with
which choices, under which section of the text (Turn Sequence; each section named in the form)."""

import pytest

from tests.company_fire.helpers import game, put
from wgkit.engine import IllegalActionError
from wgkit.rules.company_fire import actions as A
from wgkit.rules.company_fire import lookup as L

MOVERS = ("fo", "mg", "plt_ldr", "sherman", "sq1", "sq2", "zook")  # everyone but the Germans
FIELDS = ("4,2", "1,2")  # the scenario's two suspected minefields


def menu(g) -> dict:
    return {a.name: a for a in A.ACTIONS(g)}


def form(spec) -> list[tuple]:
    return [(p.name, p.kind, p.label, p.choices, p.default) for p in spec.params]


def heads(g) -> list[tuple]:
    return [(a.name, a.label, a.ref) for a in A.ACTIONS(g)]


def test_a_move_card_in_the_move_and_fire_segment():
    """Move cards: units move, and fire with one die less; vehicles may button up. Fire is offered
    to the units that see an enemy (none at the start; sq2 brought up to (5, 3), beside the gruppe
    at (5, 4), sees it)."""
    g = game(step="Move and fire", card="move")
    assert "fire" not in menu(g)
    put(g, "sq2", (5, 3))
    assert heads(g) == [("move", "Move", "Movement"),
                        ("fire", "Fire (move card: one die less)", "Individual Unit Fire"),
                        ("anti-tank fire", "Anti-tank fire", "Attacking vehicles"),
                        ("occupy bocage", "Occupy the bocage", "Occupying Bocage"),
                        ("button up", "Button up (take a pin)", "Vehicle Unit Status"),
                        ("find path", "Find a path through mines", "Mines"),
                        ("clear mines", "Clear mines (units stopped in the square)", "Mines")]
    m = menu(g)
    assert form(m["move"]) == [("unit", "choice", "unit", MOVERS, None), ("to", "point", "to square", (), None)]
    assert form(m["fire"]) == [("unit", "choice", "firing unit", ("sq2",), None),
                               ("target", "point", "target square", (), None)]
    assert form(m["anti-tank fire"]) == [("unit", "choice", "firing unit", ("sherman", "zook"), None),
                                         ("vehicle", "choice", "target", ("stug",), None)]
    assert form(m["button up"]) == [("unit", "choice", "vehicle", ("sherman",), None)]
    assert form(m["find path"]) == [("unit", "choice", "unit", ("fo", "mg", "plt_ldr", "sq1", "sq2", "zook"), None),
                                    ("field", "choice", "mined square", FIELDS, None)]
    assert form(m["clear mines"]) == [("field", "choice", "mined square", FIELDS, None)]


def test_a_fire_card_moves_one_square_with_a_test_and_cannot_button_up():
    g = game(step="Move and fire", card="fire")
    put(g, "sq2", (5, 3))
    assert heads(g)[:2] == [("move", "Move one square (Movement Test)", "Movement"), ("fire", "Fire", "Individual Unit Fire")]
    assert "button up" not in menu(g)


def test_the_move_form_explains_the_route_and_the_square():
    g = game(step="Move and fire", card="move")
    move = menu(g)["move"]
    to = L.gridmap(g).grid.center((4, 1))
    p = {"unit": "sq2", "to": to}
    assert move.explain(g, p)[0] == "route: (4, 0) -> (4, 1)"
    drawn = move.preview(g, p)
    assert [(s.kind, s.tag) for s in drawn] == [("polygon", "cf-square"), ("text", "cf-square")] and drawn[1].text == "to"
    with pytest.raises(IllegalActionError, match=r"\(-5.0, 3.0\) is off the grid"):
        move.odds(g, {"unit": "sq2", "to": (-5.0, 3.0)})


def test_the_fire_form_draws_the_target_square():
    g = game(step="Move and fire", card="fire")
    put(g, "sq2", (5, 3))
    fire = menu(g)["fire"]
    p = {"unit": "sq2", "target": L.gridmap(g).grid.center((5, 4))}
    drawn = fire.preview(g, p)
    assert [s.text for s in drawn if s.kind == "text"] == ["target"] and drawn[0].stroke == "#d62828"


def test_board_hooks():
    g = game()
    assert A.move_limit(g, "sq1_base") is None  # squares, not inches
    assert A.to_cell(g, L.gridmap(g).grid.center((2, 3))) == (2, 3)


def test_the_other_segments_forms():
    """Artillery (forward observers call missions), Leaders move, Rally, Group Fire (units of one
    square pool their dice), Close Assault (adjacent squares; the defender may op fire first),
    Non-Phasing Reaction Fire."""
    g = game(step="Artillery", card="fire")
    assert heads(g) == [("call artillery", "Call a fire mission", "Artillery")]
    assert form(menu(g)["call artillery"]) == [("observer", "choice", "observer", ("fo",), None),
                                               ("target", "point", "target square", (), None),
                                               ("kind", "choice", "mission", ("HE", "smoke"), None)]
    g = game(step="Leaders move", card="fire")
    assert heads(g) == [("leader move", "Move a leader (then it stops)", "Platoon Leaders and Company Commanders")]
    assert form(menu(g)["leader move"])[0] == ("unit", "choice", "unit", ("plt_ldr",), None)
    g = game(step="Rally", card="fire")
    assert heads(g) == []  # nobody pinned or suppressed
    put(g, "sq2", (4, 0), order="pinned")
    assert heads(g) == [("rally", "Rally", "Rally")] and form(menu(g)["rally"]) == [("unit", "choice", "unit", ("sq2",), None)]
    assert menu(g)["rally"].explain(g, {"unit": "sq2"}) == ["pinned: needs 4+", "no good-order enemy has LOS +1 (rules Rally)"]
    g = game(step="Group fire", card="fire")
    put(g, "sq1", (4, 0))
    assert heads(g) == [("group fire", "Group fire", "Group Fire")]
    assert form(menu(g)["group fire"]) == [("units", "choice", "units", (("sq1 + sq2", ("sq1", "sq2")),), None),
                                           ("target", "point", "target square", (), None)]
    g = game(step="Close assault", card="move")
    put(g, "sq1", (4, 4))
    assert heads(g) == [("close assault", "Close assault", "Close Assault")]
    assert form(menu(g)["close assault"]) == [
        ("units", "choice", "assaulting units", (("sq1", ("sq1",)),), None), ("target", "point", "enemy square", (), None),
        ("opfire", "choice", "defender op fires first", ("none", "gruppe", "gruppe2", "mg42", "stug"), None)]
    g = game(step="Reaction fire", card="fire")
    assert heads(g) == []  # no German sees an American
    put(g, "sq2", (5, 3))  # beside the gruppe (5, 4) and the MG 42 (6, 3); far from gruppe2 (1, 4)
    assert heads(g) == [("reaction fire", "Reaction fire (non-phasing)", "Non-Phasing Reaction Fire")]
    assert form(menu(g)["reaction fire"])[0] == ("unit", "choice", "firing unit", ("gruppe", "mg42"), None)


def test_the_germans_card_offers_their_sniper():
    g = game(step="Move and fire", card="fire", side="de")
    m = menu(g)
    assert (m["snipe"].label, m["snipe"].ref) == ("Sniper shot", "Snipers")
    assert form(m["snipe"]) == [("sniper", "choice", "sniper", ("sniper",), None),
                                ("unit", "choice", "target unit", MOVERS, None)]
    assert form(m["anti-tank fire"]) == [("unit", "choice", "firing unit", ("gruppe", "stug"), None),
                                         ("vehicle", "choice", "target", ("sherman",), None)]


def test_markers_on_the_table_minefields_smoke_and_missions():
    """Mines (a suspected minefield, then one with a path found), smoke laid by a side, and a fire
    mission on its way (Artillery), each a square outline with its label under the units."""
    from wgkit.rules import situation_of
    from wgkit.rules.company_fire.markers import MARKERS

    g = game()  # 6" squares: (4, 2) spans x 24-30, y 12-18
    drawn = MARKERS(g.scenario, g.state)
    assert [(s.kind, s.text, s.tag) for s in drawn] == [
        ("polygon", "", "marker:mines?"), ("text", "mines?", "marker:mines?"),
        ("polygon", "", "marker:mines?"), ("text", "mines?", "marker:mines?")]
    assert drawn[0].points.tolist() == [[24, 12], [30, 12], [30, 18], [24, 18]] and drawn[0].fill is None
    assert (drawn[0].stroke, drawn[0].alpha, drawn[0].width) == ("#6b3e26", 0.9, 0.12)
    assert drawn[1].points[0].tolist() == pytest.approx([27, 15 - 6 * 0.38])  # below the centre, inside the square
    assert drawn[1].size == 0.5
    situation_of(g).mines((4, 2), paths=("us",))
    assert [s.text for s in MARKERS(g.scenario, g.state) if s.kind == "text"] == ["mines (path)", "mines?"]
    bare = {**g.state, "vars": {"cf": {"turn": 1}}}  # a game before any marker was laid
    assert MARKERS(g.scenario, bare) == [] and MARKERS(g.scenario, {k: v for k, v in g.state.items() if k != "vars"}) == []
    situation_of(g).smoke((2, 3), "us")
    smoke = [s for s in MARKERS(g.scenario, g.state) if s.tag == "marker:smoke (us)"]
    assert [(s.kind, s.fill, s.stroke, s.alpha) for s in smoke] == [("polygon", "#d9d9d9", "#d9d9d9", 0.75),
                                                                    ("text", "#1d1d1d", None, 1.0)]
    assert smoke[1].text == "smoke (us)"
    from wgkit.rules.company_fire import artillery

    g = game(step="Artillery", card="fire")
    put(g, "fo", (4, 3))  # beside the Germans: in sight of (5, 4)
    artillery.resolve_call(g, "fo", (5, 4), "HE")
    mission = [s for s in MARKERS(g.scenario, g.state) if s.tag == "marker:HE mission (us)"]
    assert [(s.kind, s.fill, s.stroke, s.alpha) for s in mission] == [("polygon", None, "#d62828", 0.9),
                                                                      ("text", "#1d1d1d", None, 1.0)]
    assert MARKERS(g.scenario, {**g.state, "vars": {}}) == []  # no Company Fire state: nothing drawn


def test_each_card_offers_only_the_segments_it_allows():
    # Turn Sequence: group fire on fire or face cards, close assault on move or face cards; every
    # card moves; a scout or a sniper moves as the leaders do, other single figures not at all; a
    # pinned single figure is never offered a rally
    def units(d):
        from tests.conftest import unit

        unit(d, "fo").update(kind="scout", rules={})
    g = game(step="Group fire", card="move")
    for u in ("sq1", "sq2"):
        put(g, u, (4, 3))
    assert "group fire" not in menu(g)
    g = game(step="Group fire", card="any")
    for u in ("sq1", "sq2"):
        put(g, u, (4, 3))
    assert "group fire" in menu(g)
    g = game(step="Close assault", card="fire")
    put(g, "sq1", (5, 3))
    assert "close assault" not in menu(g)
    g = game(step="Move and fire", card="any", edit=units)
    assert form(menu(g)["move"])[0][3] == MOVERS
    g = game(step="Move and fire", card="any", side="de")
    assert "sniper" in form(menu(g)["move"])[0][3]
    g = game(step="Rally", card="fire")
    put(g, "plt_ldr", (3, 0), order="pinned")
    assert "rally" not in menu(g)


def test_a_tank_moving_into_sight_is_offered_to_every_gun_that_may_still_op_fire():
    # Opportunity Fire: the StuG and the MG 42 see the lane square the Sherman enters; the
    # Gruppe's panzerfaust may fire at it too, until it has op fired this phase
    from wgkit.rules.company_fire import movement as V

    g = game(card="move")
    put(g, "sherman", (7, 3))
    V.resolve_move(g, "sherman", [(7, 4)])
    assert heads(g)[3:5] == [("anti-tank op fire", "Anti-tank opportunity fire at sherman", "Attacking vehicles"),
                             ("opportunity fire", "Opportunity fire at sherman", "Opportunity Fire")]
    m = menu(g)
    assert form(m["anti-tank op fire"]) == [("unit", "choice", "firing unit", ("gruppe", "stug"), None),
                                            ("vehicle", "choice", "target", ("sherman",), None)]
    assert form(m["opportunity fire"]) == [("unit", "choice", "firing unit", ("mg42", "stug"), None)]
    put(g, "gruppe", (5, 4), opfire_done=True)
    put(g, "mg42", (6, 3), opfire_done=True)
    m = menu(g)
    assert form(m["anti-tank op fire"])[0][3] == ("stug",) and form(m["opportunity fire"])[0][3] == ("stug",)


def test_fall_back_is_for_suppressed_infantry_off_fire_cards_and_snipers_fire_off_move_cards():
    g = game(step="Move and fire", card="move")
    put(g, "sq2", (4, 1), order="suppressed")
    put(g, "plt_ldr", (4, 1))
    put(g, "sherman", (6, 0), order="suppressed")  # a vehicle backs away by moving, not falling back
    assert ("fall back", "Fall back (suppressed, with a leader)", "Fall Back") in heads(g)
    assert form(menu(g)["fall back"])[0][3] == ("sq2",)
    g = game(step="Move and fire", card="fire")
    put(g, "sq2", (4, 1), order="suppressed")
    put(g, "plt_ldr", (4, 1))
    assert "fall back" not in menu(g)
    assert "snipe" not in menu(game(step="Move and fire", card="move", side="de"))
    snipe = menu(game(step="Move and fire", card="fire", side="de"))["snipe"]
    assert form(snipe) == [("sniper", "choice", "sniper", ("sniper",), None),
                           ("unit", "choice", "target unit", ("fo", "mg", "plt_ldr", "sherman", "sq1", "sq2", "zook"), None)]


def test_the_forms_without_dice_resolve_and_are_offered_no_more():
    # Occupying Bocage (a squad in a square with bocage edges), Vehicle Unit Status (button up),
    # Stacking (dismount): no dice, so no odds; once done, the unit is not offered the form again
    from tests.conftest import unit

    g = game(step="Move and fire", card="move", edit=lambda d: unit(d, "sq1").update(rules={"carried_by": "sherman"}))
    put(g, "sq2", (4, 2))
    put(g, "sq1", (6, 0))
    m = menu(g)
    expected = {"occupy bocage": ("Occupy the bocage", "Occupying Bocage", "unit", "sq2", "sq2 occupies the bocage at (4, 2)"),
                "button up": ("Button up (take a pin)", "Vehicle Unit Status", "vehicle", "sherman", "sherman buttons up (pinned)"),
                "dismount": ("Dismount", "Stacking", "unit", "sq1", "sq1 dismounts at (6, 0)")}
    for name, (label, ref, field, who, text) in expected.items():
        spec = m[name]
        assert (spec.label, spec.ref, form(spec)) == (label, ref, [("unit", "choice", field, (who,), None)])
        assert spec.odds(g, {"unit": who}) is None and spec.resolve(g, {"unit": who}).text == text
    assert not set(expected) & set(menu(g))


def test_weapon_teams_and_vehicles_are_offered_what_squads_are():
    # Individual Unit Fire and Occupying Bocage: a weapon team fires and occupies bocage as a
    # squad does (the MG at (6, 2) sees the MG 42 over the bocage edge they share);
    # Non-Phasing Reaction Fire: a vehicle with an MG reacts (the Sherman sees the Gruppe beside it;
    # the wheat hides it from sq2, and the bazooka has no small arms); Vehicle Unit Status: tank
    # destroyers and armoured cars button up too
    from tests.company_fire.helpers import unit

    g = game(step="Move and fire", card="move")
    put(g, "mg", (6, 2))
    m = menu(g)
    assert form(m["fire"])[0][3] == ("mg",) and form(m["occupy bocage"])[0][3] == ("mg",)
    g = game(step="Reaction fire", card="move", side="de")
    put(g, "gruppe", (6, 1))
    assert form(menu(g)["reaction fire"])[0][3] == ("sherman",)
    assert form(menu(game(step="Move and fire", card="move", side="de"))["button up"])[0][3] == ("stug",)
    g = game(step="Move and fire", card="move", edit=lambda d: unit(d, "sherman").update(kind="armoured_car"))
    assert form(menu(g)["button up"])[0][3] == ("sherman",)


def test_the_assault_form_groups_each_squares_squads_vehicles_and_bazooka_teams():
    # Close Assault: units in one square assault together; squads, vehicles and bazooka teams may,
    # other weapon teams may not (the MG beside sq2 is left out), and no group spans two squares
    g = game(step="Close assault", card="move")
    for u, cell in (("sq1", (4, 4)), ("zook", (4, 4)), ("sherman", (4, 4)), ("sq2", (5, 3)), ("mg", (5, 3))):
        put(g, u, cell)
    groups = [units for _, units in form(menu(g)["close assault"])[0][3]]
    assert groups == [("sherman",), ("sq1",), ("zook",), ("sherman", "sq1"), ("sherman", "zook"), ("sq1", "zook"),
                      ("sherman", "sq1", "zook"), ("sq2",)]
