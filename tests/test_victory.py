"""Victory conditions as data: judged from the game as it stands, validated with one-line errors,
carried through conversion, and shown by the umpire app."""

import html
import re

import pytest

from tests.conftest import ROOT
from wgkit.rules import get_ruleset, situation_of
from wgkit.scenario import ScenarioError, load, loads
from wgkit.scenario.io import dumps
from wgkit.victory import standing

BASE = """
title: Victory test
ruleset: close_action
turns: 2
table: {width: 24, depth: 24}
terrain:
  - {id: farm, name: The farm, type: buildings, rectangle: {center: [6, 6], size: [4, 4]}}
  - {id: lane, type: road, line: [[0, 12], [24, 12]], width: 1}
sides:
  - id: us
    name: Americans
    role: attacker
    units:
      - id: able
        kind: squad
        figures: [{id: a1, position: [6, 6], weapons: [rifle]}, {id: a2, position: [20, 20], weapons: [rifle]}]
      - id: baker
        kind: squad
        figures: [{id: b1, position: [12, 23.5], weapons: [rifle]}]
  - id: de
    name: Germans
    role: defender
    units:
      - id: gruppe
        kind: squad
        figures: [{id: g1, position: [18, 6], weapons: [rifle]}, {id: g2, position: [19, 6], weapons: [rifle]}]
"""


def scenario(victory: str):
    return loads(BASE + victory, "victory.yaml")


def game_of(victory: str):
    s = scenario(victory)
    return get_ruleset(s.ruleset).new_game(s, 1)


def put(game, piece, x, y):
    situation_of(game).place(piece, (x, y))


def kill(game, *pieces):
    situation_of(game).out_of_action(*pieces)


def met(game):
    return [j.met for j in standing(game).judged]


def test_hold_contest_and_deny_count_units_with_a_man_in_the_area():
    g = game_of("""victory:
  conditions:
    - {side: us, hold: farm}
    - {side: us, contest: farm}
    - {side: de, deny: farm}
""")
    assert met(g) == [True, True, False]  # a1 stands in the farm, no German there
    put(g, "g1", 7, 7)
    assert met(g) == [False, True, False]  # both sides in: contested, not held, not denied
    kill(g, "a1")
    assert met(g) == [False, False, True]  # the American is gone: the German holds the farm alone
    kill(g, "g1")
    assert met(g) == [False, False, True]  # nobody left in it
    put(g, "a2", 8, 8)  # exactly on the farm's corner: the edge counts as in
    assert met(g) == [True, True, False]


def test_points_leader_otherwise_and_the_end_of_the_game():
    g = game_of("""victory:
  conditions:
    - {side: us, hold: farm, points: 2}
    - {side: de, keep: gruppe}
    - {side: de, destroy: b1}
  otherwise: de
""")
    now = standing(g)
    assert now.points == {"us": 2, "de": 1} and now.leader == "us" and not now.final
    assert now.summary == "If the game ended now: Americans win (Americans 2, Germans 1)"
    kill(g, "b1")
    assert standing(g).points == {"us": 2, "de": 2} and standing(g).leader == "de"  # level: otherwise
    while g.position[0] < 2 or g.flow.after(*g.position)[0] == 2:
        g.advance()
    assert g.position[0] == 2 and standing(g).final
    assert standing(g).summary == "Result: Germans win (Americans 2, Germans 2)"


def test_level_points_without_otherwise_are_a_draw():
    g = game_of("victory:\n  conditions:\n    - {side: us, destroy: gruppe}\n    - {side: de, destroy: able}\n")
    kill(g, "g1", "g2", "a1", "a2")
    assert standing(g).points == {"us": 1, "de": 1} and standing(g).leader is None


def test_destroy_and_keep_name_pieces_or_units():
    g = game_of("""victory:
  conditions:
    - {side: us, destroy: [g1]}
    - {side: us, destroy: gruppe}
    - {side: de, keep: [g2, able]}
""")
    assert met(g) == [False, False, True]
    kill(g, "g1", "a1")
    assert met(g) == [True, False, True]  # the unit lives on in g2; able in a2
    kill(g, "g2")
    assert met(g) == [True, True, False]


def test_casualties_by_share_or_by_count():
    g = game_of("""victory:
  conditions:
    - {side: de, casualties: us, share: 0.5}
    - {side: de, casualties: us, pieces: 2}
""")
    kill(g, "a1")
    assert met(g) == [False, False]  # 1 of 3 is a third
    kill(g, "b1")
    assert met(g) == [True, True]  # 2 of 3: at least half, and two


def test_exit_counts_units_at_the_edge_band():
    g = game_of("victory:\n  conditions:\n    - {side: us, exit: north, units: 2}\n")
    assert standing(g).judged[0].why == "1 of 2 at the north edge (Americans' squad 2)"  # b1 at y 23.5: within 1"
    put(g, "a2", 20, 22.9)
    assert met(g) == [False]  # 1.1" from the edge is not at it
    put(g, "a2", 20, 23)
    assert met(g) == [True]


def test_exit_on_a_grid_is_the_edge_row():
    s = load(ROOT / "scenarios/company_fire/tutorial_orchard_gate.yaml")  # 6" squares, 30" deep: rows 0..4
    doc = s.to_dict()
    doc["victory"] = {"conditions": [{"side": "us", "exit": "north", "units": 1}]}
    g = get_ruleset("company_fire").new_game(loads(dumps(type(s).from_dict(doc))), 1)
    assert [j.met for j in standing(g).judged] == [False]
    situation_of(g).place_in("able_base", (2, 4))
    assert [j.met for j in standing(g).judged] == [True]


def test_kinds_limit_an_area_condition():
    s = scenario("victory:\n  conditions:\n    - {side: us, contest: farm, kinds: [officer]}\n")
    g = get_ruleset(s.ruleset).new_game(s, 1)
    assert met(g) == [False]  # a squad in the farm, no officer


def test_close_action_cowering_men_do_not_hold_and_company_fire_pinned_units_are_not_in_good_order():
    g = game_of("victory:\n  conditions:\n    - {side: us, hold: farm}\n")
    situation_of(g).morale("able", "cowering")
    assert met(g) == [False]
    gate = get_ruleset("company_fire").new_game(load(ROOT / "scenarios/company_fire/tutorial_orchard_gate.yaml"), 1)
    assert [j.met for j in standing(gate).judged] == [False]  # us: break de
    situation_of(gate).order("gren", "pinned")
    situation_of(gate).order("lmg", "suppressed")
    assert [j.met for j in standing(gate).judged] == [True]
    assert standing(gate).leader == "us"


def test_easy_company_wounded_figures_do_not_count():
    farm = get_ruleset("easy_company").new_game(load(ROOT / "scenarios/easy_company/tutorial_farmyard.yaml"), 1)
    germans = [pid for pid, p in farm.state["pieces"].items() if p["side"] == "de"]
    assert [j.met for j in standing(farm).judged] == [False]
    situation_of(farm).wounded(*germans)
    assert [j.met for j in standing(farm).judged] == [True]


def test_cells_area_on_the_company_fire_grid():
    g = get_ruleset("company_fire").new_game(load(ROOT / "scenarios/company_fire/hedgerows_of_normandy.yaml"), 1)
    assert [j.met for j in standing(g).judged] == [False]
    for pid, p in g.state["pieces"].items():  # every German off the square, one American onto it
        if p["side"] == "de" and p["cell"] == [5, 4]:
            situation_of(g).place_in(pid, (0, 0))
    us = next(pid for pid, p in g.state["pieces"].items() if p["side"] == "us")
    situation_of(g).place_in(us, (5, 4))
    assert [j.met for j in standing(g).judged] == [True]


def test_every_bundled_scenario_has_conditions_as_data():
    for path in sorted((ROOT / "scenarios").glob("*/*.yaml")):
        s = load(path)
        assert s.conditions, path
        assert standing(get_ruleset(s.ruleset).new_game(s, 1)).judged, path


def test_conditions_survive_a_save_as_yaml():
    s = scenario("""victory:
  text: Hold the farm.
  conditions:
    - {name: the farm, side: us, hold: [farm], points: 3, kinds: [squad]}
    - {side: de, casualties: us, share: 0.5}
    - {side: us, hold: {circle: {center: [6, 6], radius: 2}}}
  otherwise: de
""")
    again = loads(dumps(s), "again.yaml")
    assert again.conditions == s.conditions and again.otherwise == "de" and again.victory == ("Hold the farm.",)
    assert again.conditions[0].target == ("farm",) and again.conditions[0].points == 3


@pytest.mark.parametrize("victory, line", [
    ("    - {side: us, hold: barn}", "victory.yaml:29:24: victory.conditions[0].hold: no terrain feature has id 'barn'"),
    ("    - {side: us, hold: lane}", "victory.yaml:29:24: victory.conditions[0].hold: 'lane' is not an area (a line or "
                                     "edges have no inside); draw the area as a polygon, rectangle or circle"),
    ("    - {side: usa, hold: farm}", "victory.yaml:29:14: victory.conditions[0].side: no side has id 'usa'; did you mean 'us'?"),
    ("    - {side: us, destroy: [g1, g9]}", "victory.yaml:29:32: victory.conditions[0].destroy[1]: no piece or unit has id 'g9'"),
    ("    - {side: us, hold: farm, destroy: g1}", "victory.yaml:29:7: victory.conditions[0]: give exactly one of hold, "
                                                 "contest, deny, exit, destroy, keep, casualties, break; found hold, destroy"),
    ("    - {side: us, hold: {cells: [[1, 1]]}}", "victory.yaml:29:33: victory.conditions[0].hold.cells[0]: a cell position "
                                                 "needs a grid under 'table'"),
    ("    - {side: us, hold: {circle: {center: [23, 6], radius: 2}}}",
     "victory.yaml:29:33: victory.conditions[0].hold.circle: victory area lies off the table (extends to x 21..25, y 4..8; "
     "the table is 24 x 24)"),
    ("    - {side: us, exit: top}", "victory.yaml:29:24: victory.conditions[0].exit: 'top' is not allowed (allowed: north, "
                                    "south, east, west)"),
    ("    - {side: us, casualties: de}", "victory.yaml:29:7: victory.conditions[0]: a casualties condition needs exactly one "
                                         "of 'share' (0 to 1) or 'pieces'"),
    ("    - {side: us, casualties: us, share: 0.5}", "victory.yaml:29:30: victory.conditions[0].casualties: a side cannot "
                                                     "score on its own casualties: name the enemy side"),
    ("    - {side: us, hold: farm, share: 0.5}", "victory.yaml:29:30: victory.conditions[0].share: 'share' belongs to an "
                                                 "'casualties' condition, not 'hold'"),
    ("    - {side: us, hold: farm, kinds: [tank]}", "victory.yaml:29:38: victory.conditions[0].kinds[0]: 'tank' is not a "
                                                    "unit kind in Close Action"),
    ("    - {side: us, hold: farm, point: 2}", "victory.yaml:29:30: victory.conditions[0].point: unknown field 'point' "
                                               "(allowed: break, casualties, contest, deny, destroy, exit, hold, keep, "
                                               "kinds, name, pieces, points, share, side, units); did you mean 'points'?"),
    ("    - {side: us, hold: {polygon: [[1, 1], [2, 2]]}}", "victory.yaml:29:34: victory.conditions[0].hold.polygon: "
                                                           "needs at least 3 items, got 2"),
])
def test_a_broken_condition_is_one_line_naming_file_line_and_field(victory, line):
    with pytest.raises(ScenarioError) as err:
        scenario("victory:\n  conditions:\n" + victory + "\n")
    assert str(err.value).splitlines() == [line]


def test_otherwise_must_name_a_side():
    with pytest.raises(ScenarioError) as err:
        scenario("victory:\n  conditions:\n    - {side: us, hold: farm}\n  otherwise: germans\n")
    assert str(err.value) == "victory.yaml:30:14: victory.otherwise: no side has id 'germans'"


def test_the_app_shows_objectives_in_the_briefing_and_their_standing_as_play_goes_on():
    """Units without names are named by side and kind (able and baker are the Americans' squads
    1 and 2, gruppe the Germans' only squad), never by id."""
    from wgkit.widgets.app import UmpireApp

    s = scenario("victory:\n  text: Hold the farm.\n  conditions:\n    - {side: us, hold: farm}\n  otherwise: de\n")
    app = UmpireApp(get_ruleset(s.ruleset).new_game(s, 1))
    assert "Americans&#x27; objectives" in app.briefing.value and "hold The farm (1 pt)" in app.briefing.value
    assert "on level points Germans win" in app.briefing.value
    assert shown(app.standing.value) == ("Objectives · If the game ended now: Americans win (Americans 1, Germans 0)"
                                         "✓ Americans: hold The farm (1 pt) Americans: Americans' squad 1; enemy: none")
    situation_of(app.game).place("g1", (6, 7))
    app.refresh()
    assert shown(app.standing.value) == ("Objectives · If the game ended now: Germans win (Americans 0, Germans 0)"
                                         "✗ Americans: hold The farm (1 pt) Americans: Americans' squad 1; enemy: Germans' squad")
    app.viewer.value = "us"  # a side's view does not say which enemy units are where
    assert shown(app.standing.value) == ("Objectives · If the game ended now: Germans win (Americans 0, Germans 0)"
                                         "✗ Americans: hold The farm (1 pt)")


def shown(markup: str) -> str:
    """What a person reads in a piece of the app's HTML."""
    return html.unescape(re.sub("<[^>]+>", "", markup))


def test_objective_areas_are_outlined_on_the_board_once_per_area():
    from wgkit.render.scene import build_scene

    s = scenario("victory:\n  conditions:\n    - {side: us, hold: farm}\n    - {side: de, hold: farm}\n"
                 "    - {side: us, contest: {circle: {center: [18, 18], radius: 2}}}\n    - {side: us, destroy: g1}\n")
    shapes = build_scene(s).tagged("objective")
    assert sorted(x.text for x in shapes if x.kind == "text") == ["objective 3", "objectives 1, 2"]
    outline = [x for x in shapes if x.kind == "polygon"]
    assert len(outline) == 2 and all(x.dash and x.fill is None for x in outline)
    farm = next(x for x in outline if len(x.points) == 4)
    assert sorted(map(tuple, farm.points.tolist())) == [(4, 4), (4, 8), (8, 4), (8, 8)]


def test_the_app_declares_the_result_at_the_last_step_of_the_last_turn():
    from wgkit.victory import over
    from wgkit.widgets.app import UmpireApp

    s = scenario("victory:\n  conditions:\n    - {side: us, hold: farm}\n")
    app = UmpireApp(get_ruleset(s.ruleset).new_game(s, 1))
    steps = 0
    while not over(app.game):
        app.game.advance()
        steps += 1
    app.refresh()
    assert app.game.position[0] == 2 and steps > 2  # turn 2 of 2, its last step
    assert shown(app.standing.value).startswith("Result: Americans win (Americans 1, Germans 0)")
    with pytest.raises(Exception, match="the scenario ends after turn 2"):
        app.game.advance()


def test_the_exit_band_is_shown_as_a_house_value():
    from wgkit.victory import describe

    s = scenario("victory:\n  conditions:\n    - {side: us, exit: north, units: 2}\n")
    assert describe(s.conditions[0], s) == 'get 2 units to the north edge (within 1", a house value) (1 pt)'


@pytest.mark.parametrize("name, owns, result", [("Germans", "Germans' objectives", "Germans win"),
                                                ("US Rangers", "US Rangers' objectives", "US Rangers win"),
                                                ("US 101st Airborne", "US 101st Airborne's objectives", "US 101st Airborne wins"),
                                                ("Gruppe Weiss", "Gruppe Weiss's objectives", "Gruppe Weiss wins")])
def test_a_sides_name_takes_its_possessive_and_verb(name, owns, result):
    from wgkit.words import possessive, wins

    assert (f"{possessive(name)} objectives", wins(name)) == (owns, result)


# -- every condition in words, every reason, every edge (what the mutation run found untested) ------
def words(victory: str) -> list[str]:
    from wgkit.victory import describe

    s = scenario(victory)
    return [describe(c, s) for c in s.conditions]


def test_each_kind_of_condition_reads_in_words_with_the_scenarios_names():
    assert words("victory:\n  conditions:\n"
                 "    - {side: us, hold: farm, points: 2}\n"
                 "    - {side: us, contest: farm}\n"
                 "    - {side: de, deny: farm, points: 3}\n"
                 "    - {side: us, destroy: [gruppe, g1]}\n"
                 "    - {side: de, keep: gruppe}\n"
                 "    - {side: us, break: de}\n"
                 "    - {side: de, casualties: us, pieces: 2}\n"
                 "    - {side: us, casualties: de, share: 0.5}\n"
                 "    - {side: us, hold: {circle: {center: [12, 12], radius: 3}}}\n") == [
        "hold The farm (2 pts)", "have a unit in The farm (1 pt)", "keep the enemy out of The farm (3 pts)",
        "destroy gruppe, g1 (1 pt)", "keep gruppe in action (1 pt)", "leave no unit of Germans in good order (1 pt)",
        "put 2 of Americans' pieces out of action (1 pt)", "put 50% of Germans' pieces out of action (1 pt)",
        "hold the marked area (1 pt)"]


def test_exit_words_count_units_and_name_the_band_and_kinds():
    assert words("victory:\n  conditions:\n"
                 "    - {side: us, exit: north}\n"
                 "    - {side: us, exit: south, units: 2, kinds: [weapon_team, squad]}\n") == [
        'get 1 unit to the north edge (within 1", a house value) (1 pt)',
        'get 2 units to the south edge (within 1", a house value) (counting weapon team, squad only) (1 pt)']
    s = load(ROOT / "scenarios/company_fire/tutorial_orchard_gate.yaml")
    doc = s.to_dict()
    doc["victory"] = {"conditions": [{"side": "us", "exit": "north"}]}
    gridded = loads(dumps(type(s).from_dict(doc)))
    from wgkit.victory import describe
    assert describe(gridded.conditions[0], gridded) == "get 1 unit to the north edge (its row of cells) (1 pt)"


@pytest.mark.parametrize("edge, inside, outside", [
    ("north", (0.5, 23.5), (0.5, 22.5)),  # the 1" band along each edge, tried in its corners
    ("south", (0.5, 0.5), (0.5, 1.5)),
    ("east", (23.5, 0.5), (22.5, 0.5)),
    ("west", (0.5, 0.5), (1.5, 0.5)),
])
def test_each_edge_band_is_the_inch_along_that_edge_corners_included(edge, inside, outside):
    g = game_of(f"victory:\n  conditions:\n    - {{side: de, exit: {edge}}}\n")
    kill(g, "g2")
    put(g, "g1", *outside)
    assert met(g) == [False] and standing(g).judged[0].why == f"0 of 1 at the {edge} edge"
    put(g, "g1", *inside)
    assert met(g) == [True] and standing(g).judged[0].why == f"1 of 1 at the {edge} edge (Germans' squad)"


def test_kinds_limit_the_enemy_counted_and_the_units_that_exit():
    # only squads count: the German squad in the farm stops the hold; as an officer-only condition it would not
    g = game_of("victory:\n  conditions:\n    - {side: us, hold: farm, kinds: [squad]}\n"
                "    - {side: us, hold: farm, kinds: [officer]}\n    - {side: us, exit: north, kinds: [officer]}\n")
    put(g, "g1", 6, 7)
    assert met(g) == [False, False, False]
    assert standing(g).judged[0].why == "Americans: Americans' squad 1; enemy: Germans' squad"
    assert standing(g).judged[1].why == "Americans: none; enemy: none"
    assert standing(g).judged[2].why == "0 of 1 at the north edge"  # b1 is at the edge, but a squad


def test_the_reasons_name_who_is_in_and_who_is_out():
    g = game_of("victory:\n  conditions:\n    - {side: us, destroy: [gruppe, a1]}\n"
                "    - {side: de, casualties: us, pieces: 2}\n    - {side: us, break: de}\n")
    why = [j.why for j in standing(g).judged]
    assert why == ["out of action: none; in action: Germans' squad, Americans' squad 1, rifleman 1", "0 of 3 pieces out of action (needs 2)",
                   "in good order: Germans' squad"]
    kill(g, "g1", "g2", "a1")
    why = [j.why for j in standing(g).judged]
    assert why == ["out of action: Germans' squad, Americans' squad 1, rifleman 1; in action: none", "1 of 3 pieces out of action (needs 2)",
                   "in good order: none"]
    assert met(g) == [True, False, True]


def test_a_game_is_over_when_the_rules_say_so_or_after_the_last_step_of_the_last_turn():
    from wgkit.victory import over

    g = game_of("victory:\n  conditions:\n    - {side: us, hold: farm}\n")
    assert not over(g)
    situation_of(g).game_over("the rules end the game")
    assert over(g)
    endless = loads(BASE.replace("turns: 2\n", "") + "victory:\n  conditions:\n    - {side: us, hold: farm}\n", "v.yaml")
    g = get_ruleset(endless.ruleset).new_game(endless, 1)
    for _ in range(30):
        g.advance()
    assert not over(g)  # no turn limit: only the rules end it
    g = game_of("victory:\n  conditions:\n    - {side: us, hold: farm}\n")
    while g.position[0] < 2:
        g.advance()
    assert not over(g)  # turn 2 has begun, its steps still to play
    while not over(g):
        g.advance()
    assert g.position[0] == 2 and g.flow.after(*g.position)[0] == 3


def test_an_area_is_shaped_once_per_scenario_and_each_scenario_has_its_own():
    from wgkit.scenario.areas import area_geometry

    small, large = scenario(""), loads(BASE.replace("size: [4, 4]", "size: [8, 8]"), "victory.yaml")
    first = area_geometry(small, "farm")
    assert area_geometry(small, "farm") is first  # asked again: the shape already made
    assert first.area == pytest.approx(16) and area_geometry(large, "farm").area == pytest.approx(64)
    assert area_geometry(small, ("farm", "lane")).bounds == (0, 4, 24, 12)  # another area: the farm and the lane


def test_without_conditions_the_side_that_lost_the_smaller_share_of_its_pieces_wins():
    from wgkit.victory import losses, winner

    g = game_of("")  # the Americans have 3 pieces (a1, a2, b1), the Germans 2 (g1, g2)
    assert losses(g) == ({"us": 0, "de": 0}, {"us": 3, "de": 2}) and winner(g) is None  # level: a draw
    kill(g, "a1")
    assert losses(g) == ({"us": 1, "de": 0}, {"us": 3, "de": 2}) and winner(g) == "de"  # 1/3 against 0
    kill(g, "g1")
    assert winner(g) == "us"  # 1/3 against 1/2
    kill(g, "a2")
    assert losses(g)[0] == {"us": 2, "de": 1} and winner(g) == "de"  # 2/3 against 1/2
    kill(g, "g2")
    assert winner(g) == "us"  # 2/3 against 2/2


def test_every_unit_in_a_reason_is_named_and_counted_past_one_out_of_action():
    g = game_of("victory:\n  conditions:\n    - {side: us, hold: farm}\n    - {side: de, contest: farm}\n"
                "    - {side: us, exit: north, units: 2}\n    - {side: de, break: us}\n")
    put(g, "b1", 7, 7)  # beside a1 in the farm (4" square about (6, 6))
    put(g, "g1", 5, 5)
    put(g, "a2", 20, 23)  # at the north edge with... nobody else: b1 has left it
    why = [j.why for j in standing(g).judged]
    assert why == ["Americans: Americans' squad 1, Americans' squad 2; enemy: Germans' squad", "Germans: Germans' squad; enemy: Americans' squad 1, Americans' squad 2",
                   "1 of 2 at the north edge (Americans' squad 1)", "in good order: Americans' squad 1, Americans' squad 2"]
    put(g, "b1", 12, 23.5)
    assert standing(g).judged[2].why == "2 of 2 at the north edge (Americans' squad 1, Americans' squad 2)"
    kill(g, "a1")  # the first piece in the table is out: the pieces after it still count
    put(g, "a2", 6, 6)
    assert standing(g).judged[0].why == "Americans: Americans' squad 1; enemy: Germans' squad"


def test_with_conditions_the_standing_decides_however_many_pieces_each_side_lost():
    from wgkit.victory import winner

    g = game_of("victory:\n  conditions:\n    - {side: us, hold: farm}\n")
    kill(g, "a2", "b1")  # 2 of 3 American pieces lost, no German: by losses the Germans would lead
    assert winner(g) == "us"  # a1 holds the farm


def test_the_last_turn_ends_on_its_last_step_however_few_phases_a_turn_has():
    from wgkit.victory import over

    long = loads(BASE.replace("turns: 2\n", "turns: 9\n") + "victory:\n  conditions:\n    - {side: us, hold: farm}\n", "v.yaml")
    g = get_ruleset(long.ruleset).new_game(long, 1)
    phases = len(g.flow.phases)
    assert phases < 9  # the turn number, not the phase's index, is compared with the 9 turns
    while g.position[0] < 9 or g.flow.after(*g.position)[0] == 9:
        assert not over(g)
        g.advance()
    assert g.position[:2] == (9, phases - 1) and over(g)


def test_only_the_units_of_the_kinds_named_count_and_the_rest_are_passed_over():
    officer_first = BASE.replace("    units:\n      - id: able", "    units:\n      - id: boss\n        kind: officer\n"
                                 "        figures: [{id: o1, position: [6, 7], weapons: [rifle]}]\n      - id: able", 1)
    s = loads(officer_first + "victory:\n  conditions:\n    - {side: us, hold: farm, kinds: [squad]}\n", "v.yaml")
    g = get_ruleset(s.ruleset).new_game(s, 1)
    assert standing(g).judged[0].why == "Americans: Americans' squad 1; enemy: none"  # the officer in the farm is not a squad


def test_an_exit_is_described_by_its_edge_even_where_a_feature_shares_the_edges_name():
    from wgkit.victory import describe

    s = loads(BASE.replace("terrain:\n", "terrain:\n  - {id: north, name: The north wood, type: woods, "
                                         "rectangle: {center: [20, 4], size: [4, 4]}}\n", 1)
              + "victory:\n  conditions:\n    - {side: us, exit: north, units: 1}\n", "v.yaml")
    assert describe(s.conditions[0], s).startswith("get 1 unit to the north edge")
