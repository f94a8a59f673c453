"""The designer's workshop: a draft edited by script or by the editor's forms, saved, reopened, played."""

import html

import pytest

from tests.conftest import ROOT
from wgkit.rules import get_ruleset
from wgkit.scenario import ScenarioError, load
from wgkit.scenario.draft import Draft, blank
from wgkit.victory import standing
from wgkit.widgets import ScenarioEditor

FORCES = {  # ruleset: (unit kind, weapon, quality or None)
    "close_action": ("squad", "rifle", "veteran"),
    "easy_company": ("squad", "rifle", "veteran"),
    "eagles": ("infantry", None, None),
    "rookie": ("squad", "rifle", None),
    "company_fire": ("rifle_squad", "rifle", "veteran"),
}


@pytest.mark.parametrize("ruleset", sorted(FORCES))
def test_a_scenario_scripted_from_nothing_saves_reopens_and_plays(ruleset, tmp_path):
    kind, weapon, quality = FORCES[ruleset]
    d = Draft(blank(ruleset, 48, 36))
    d.set(title="Scripted", description="Written without YAML.", seed=3, turns=5)
    wood = d.add_area("woods", [(4, 20), (14, 20), (14, 30), (4, 30)], name="Big wood")
    d.add_line("road", [(0, 12), (48, 12)], width=1)
    squad = d.add_unit("blue", kind, d.line_of((24, 6), 3), name="First", quality=quality,
                       weapons=[weapon] if weapon else ())
    holders = d.add_unit("red", kind, [(9, 25)], name="Holders")
    d.add_condition("blue", "hold", wood, points=2)
    d.add_condition("red", "keep", holders, name="the holders live")
    d.set_victory("Take the wood.", otherwise="red")
    assert d.problems() == []
    problems = d.save(tmp_path / "scripted.yaml")
    assert problems == [] and not d.unsaved
    s = load(tmp_path / "scripted.yaml")
    assert (s.title, s.seed, s.turns, s.victory, s.otherwise) == ("Scripted", 3, 5, ("Take the wood.",), "red")
    first = s.unit(squad)
    assert first.name == "First" and len(first.pieces) == 3
    assert first.piece_key == get_ruleset(ruleset).info.pieces
    if weapon:
        assert all(p.weapons == (weapon,) for p in first.pieces)
    game = get_ruleset(ruleset).new_game(s, 1)
    judged = standing(game)
    assert judged.points == {"blue": 0, "red": 1}  # the holders are in the wood, and alive
    assert [j.met for j in judged.judged] == [False, True]


def test_every_edit_can_be_undone_and_redone_by_name():
    d = Draft()
    start = d.to_yaml()
    w = d.add_area("woods", circle={"center": [10, 10], "radius": 3})
    d.move(w, 2, 1)
    d.set_feature(w, name="Copse")
    assert d.history == ["add woods woods1", "move woods1", "edit woods1"]
    assert d.feature(w)["circle"]["center"] == [12, 11]
    assert d.undo() == "edit woods1" and "name" not in d.feature(w)
    assert d.undo() == "move woods1" and d.feature(w)["circle"]["center"] == [10, 10]
    assert d.redo() == "move woods1" and d.feature(w)["circle"]["center"] == [12, 11]
    d.undo(), d.undo()
    assert d.to_yaml() == start
    with pytest.raises(ValueError, match="nothing to undo"):
        d.undo()
    d.redo()
    d.delete(w)  # a new edit clears what could be redone
    with pytest.raises(ValueError, match="nothing to redo"):
        d.redo()


def test_a_failed_edit_leaves_the_draft_as_it_was():
    d = Draft()
    before = d.to_yaml()
    with pytest.raises(ValueError, match="off the grid"):
        cf = Draft(blank("company_fire", 36, 30))
        cf.add_unit("blue", "rifle_squad", [(40, 40)])
    with pytest.raises(KeyError):
        d.move("nothing_here", 1, 1)
    assert d.to_yaml() == before and d.history == []


def test_a_file_with_problems_opens_as_written_and_saves_without_losing_anything(tmp_path):
    text = (ROOT / "scenarios/close_action/tutorial_crossroads.yaml").read_text()
    broken = text.replace("kind: squad", "kind: sqaud", 1)
    path = tmp_path / "broken.yaml"
    path.write_text(broken)
    d = Draft.open(path)
    assert len(d.problems()) == 1 and "'sqaud' is not a unit kind in Close Action" in d.problems()[0]
    assert d.problems()[0].startswith(f"{path}:")
    d.add_area("woods", circle={"center": [30, 30], "radius": 2})
    found = d.save()
    assert found == d.problems() and len(found) == 1  # still broken, and saved anyway
    again = Draft.open(path)
    assert again.data == d.data
    assert [f["id"] for f in again.data["terrain"]][-1] == "woods1"


def test_a_file_that_is_not_a_scenario_is_one_line(tmp_path):
    path = tmp_path / "list.yaml"
    path.write_text("- just\n- a list\n")
    with pytest.raises(ScenarioError) as err:
        Draft.open(path)
    assert str(err.value) == f"{path}:1:1: (document): a scenario must be a mapping of fields"
    with pytest.raises(ScenarioError, match="cannot read file"):
        Draft.open(tmp_path / "missing.yaml")


def test_switching_ruleset_renames_pieces_adds_a_grid_and_gives_each_unit_its_counterpart():
    d = Draft(blank("close_action", 36, 30))
    d.add_unit("blue", "squad", [(10, 4), (11, 4)])
    d.add_unit("red", "weapon_team", [(10, 20)])
    changed = d.set_ruleset("company_fire")
    assert d.data["table"]["grid"] == {"type": "square", "size": 6}
    assert all("stands" in u for s in d.data["sides"] for u in s["units"])
    # Company Fire has no officer, squad or weapon team: its platoon leader, rifle squad and MMG
    assert changed == ["blue_hq: officer becomes platoon_leader", "blue_squad1: squad becomes rifle_squad",
                       "red_hq: officer becomes platoon_leader", "red_weaponteam1: weapon_team becomes mmg"]
    assert d.problems() == []
    back = d.set_ruleset("close_action")  # back again: the grid goes, the figures and kinds come back
    assert "grid" not in d.data["table"] and d.problems() == []
    assert back[:2] == ["blue_hq: platoon_leader becomes officer", "blue_squad1: rifle_squad becomes squad"]
    d.add_unit("blue", "squad", [(20, 4)])
    d.set_ruleset("eagles")
    d.data["sides"][0]["units"][-1]["kind"] = "bunker"  # a kind with no Close Action counterpart stays, and is asked for
    asked = d.set_ruleset("close_action")
    assert asked[-1].endswith("'bunker' is not a unit kind in Close Action (allowed: officer, squad, weapon_team)")


def test_a_shrinking_table_keeps_every_piece_on_it_and_says_which_moved():
    d = Draft(blank("close_action", 48, 36))  # the defender's leader stands at (24, 34)
    moved = d.set_table(24, 18)
    # x 24 is on the new edge and y 34 beyond it: both come 0.5" inside, to (23.5, 17.5)
    assert moved == ["red_leader moved onto the table, to (23.5, 17.5)"]
    assert d.data["sides"][1]["units"][0]["figures"][0]["position"] == [23.5, 17.5] and d.problems() == []
    g = Draft(blank("company_fire", 48, 36))
    leader = g.piece("blue_leader")
    del leader["position"]
    leader["cell"] = [7, 5]  # the last column of an 8 x 6 grid
    assert "blue_leader moved onto the table, to cell [3, 2]" in g.set_table(24, 18)  # 4 x 3 cells of 6"
    d.undo()
    assert d.data["table"]["width"] == 48 and d.data["sides"][1]["units"][0]["figures"][0]["position"] == [24, 34]


def test_the_editor_draws_an_invalid_draft_rings_its_problems_and_shows_its_yaml():
    e = ScenarioEditor(blank("close_action", 36, 24))
    e.add_area("woods", [(30, 20), (34, 20), (34, 23)])
    e.draft.data["sides"][1]["units"][0]["kind"] = "tank"  # not a Close Action kind
    e.refresh()
    assert len(e.problems()) == 1 and "'tank' is not a unit kind" in html.unescape(e.report.value)
    rings = [s for s in e.canvas.scene.layers["overlays"] if s.tag == "problem"]
    assert [tuple(r.points[0]) for r in rings] == [(18, 22)]  # the red leader, where the blank put him
    assert any(s.kind == "polygon" and s.points[0].tolist() == [30, 20] for s in e.canvas.scene.layers["terrain"])
    assert "kind: tank" in e.yaml.value and "woods" in e.yaml.value  # the YAML as Save writes it, problems and all
    e.draft.data["sides"][1]["units"][0]["kind"] = "squad"
    e.refresh()
    assert e.problems() == [] and not [s for s in e.canvas.scene.layers["overlays"] if s.tag == "problem"]


def test_the_editor_lists_victory_conditions_in_words():
    e = ScenarioEditor(blank("close_action", 36, 24))
    e.add_area("buildings", rectangle={"center": [18, 12], "size": [4, 3]}, name="the Mill")
    e.set_side("blue", name="US Rangers")
    e.add_condition("blue", "hold", "buildings1", points=2)
    assert e.conditions.options[0][0] == "1. US Rangers: hold the Mill (2 pts)"
def test_the_terrain_menu_says_what_each_type_means_in_the_ruleset_and_marks_house_values():
    menu = dict((value, label) for label, value in Draft(blank("company_fire")).terrain_menu())
    assert menu["bocage"] == "bocage · cover: cover · move: bocage · blocks sight"  # from the text
    assert menu["road"] == "road · cover: none · move: road · open to sight (house)"
    ca = [value for _, value in Draft(blank("close_action")).terrain_menu()]
    assert ca[:3] == ["barbed_wire", "bocage", "buildings"] and "fields/low" not in ca  # variants are not types


def test_the_editor_says_what_the_chosen_terrain_type_will_mean_in_play_and_who_says_so():
    """Close Action's terrain list is "TBD" in the text: a wood is the house's soft cover, the
    Movement Table's dense column and blocks sight (docs/rules/close_action.md); Company Fire's
    bocage is the text's own (Terrain: Edge Terrain)."""
    e = ScenarioEditor(blank("close_action", 36, 24))
    e.type.value = "woods"
    assert "Woods: cover class 'soft'; movement column 'dense'; blocks sight. A house mapping" in e.meaning.value
    assert "TBD" in e.meaning.value
    e.type.value = "road"
    assert "Road: no cover; movement column 'road'; open to sight." in e.meaning.value
    e.type.value = "bocage"
    e.ruleset.value = "company_fire"
    e.apply_fields.click()  # the type stays bocage: the line follows the new ruleset all the same
    assert "Bocage: cover; movement column 'bocage'; blocks sight. From the text (Terrain:" in e.meaning.value


def test_editor_scripting_needs_no_clicks_and_redraws():
    e = ScenarioEditor()
    woods = e.add_area("woods", [(5, 5), (12, 5), (12, 10)])
    e.add_unit("blue", "squad", e.line_of((20, 4), 4), weapons=["rifle", "grenade"], leader=True)
    assert e.data["terrain"][0]["id"] == woods and e.problems() == []
    unit = e.data["sides"][0]["units"][-1]
    assert [p["position"] for p in unit["figures"]] == [[18.5, 4], [19.5, 4], [20.5, 4], [21.5, 4]]
    assert unit["leader"] == unit["figures"][0]["id"] and unit["figures"][0]["role"] == "leader"
    assert e.scenario.unit(unit["id"]).pieces[3].weapons == ("rifle", "grenade")
    assert e.canvas.scene.tagged(unit["figures"][3]["id"])  # drawn
    assert "1 edits" not in e.file_status.value and "2 edits" in e.file_status.value
    with pytest.raises(AttributeError):
        e.not_an_edit()


def test_editor_forms_build_a_scenario_and_save_it(tmp_path):
    e = ScenarioEditor()
    e.title.value, e.turns.value, e.seed.value = "From the forms", "6", "12"
    e.width.value, e.depth.value = 36, 30
    e.apply_fields.click()
    assert (e.data["title"], e.data["turns"], e.data["seed"]) == ("From the forms", 6, 12)
    assert (e.canvas.width, e.canvas.depth) == (36, 30)
    # the red leader stood 2" from the old far edge, at (24, 34): put back 0.5" inside, and said so
    assert e.problems() == [] and "red_leader moved onto the table, to (24, 29.5)" in html.unescape(e.ruleset_report.value)
    e.place("red_leader", (18, 28))
    e.side.value = "red"
    e.side_name.value, e.side_role.value = "Grenadiers", "defender"
    e.apply_side.click()
    assert e.draft.side("red")["name"] == "Grenadiers"
    e.tool.value, e.type.value = "rectangle", "buildings"
    e.click(10, 20)
    e.click(16, 26)
    farm = e.selected
    e.tool.value = "unit"
    e.side.value, e.kind.value, e.figures.value = "blue", "squad", 3
    e.weapons.value = ("rifle",)
    e.click(18, 4)
    e.side.value = "red"
    e.figures.value = 2
    e.click(13, 23)
    e.cond_side.value, e.cond_kind.value = "blue", "hold"
    assert [v for _, v in e.cond_target.options] == [farm]
    e.cond_target.value = farm
    e.add_condition_button.click()
    e.victory_text.value, e.otherwise.value = "Take the farm.", "red"
    e.apply_victory.click()
    assert e.errors.widget.value == ""  # no button raised
    e.file.value = str(tmp_path / "forms.yaml")
    e.save_as_button.click()
    s = load(tmp_path / "forms.yaml")
    assert [len(u.pieces) for u in s.side("blue").units] == [1, 3]
    assert [len(u.pieces) for u in s.side("red").units] == [1, 2]
    assert s.side("red").name == "Grenadiers" and s.otherwise == "red" and s.conditions[0].target == farm
    assert "valid scenario" in e.report.value and "unsaved" not in e.file_status.value
    e.undo_button.click()
    assert "unsaved" in e.file_status.value


def test_editor_opens_a_file_and_the_viewshed_follows_the_terrain(tmp_path):
    path = tmp_path / "farm.yaml"
    path.write_text((ROOT / "scenarios/close_action/tutorial_crossroads.yaml").read_text())
    e = ScenarioEditor()
    e.file.value = str(path)
    e.open_button.click()
    assert e.data["title"] == load(path).title and e.ruleset.value == "close_action"
    e.tool.value = "rectangle"
    e.type.value = "buildings"
    e.click(2, 2)
    e.click(8, 8)
    block = e.selected
    seen = e.show_viewshed(5, 12)
    e.move(block, 20, 0)  # the building no longer hides the corner behind it
    assert e.show_viewshed(5, 12) > seen
    e.move(block, -20, 0)
    assert sum(s.kind == "polygon" for s in e.viewshed) == seen  # recomputed, not the stale shading


def test_switching_ruleset_in_the_form_reports_what_changed_and_stays_valid():
    e = ScenarioEditor()
    e.ruleset.value = "company_fire"
    e.apply_fields.click()
    report = html.unescape(e.ruleset_report.value)
    assert report == "blue_hq: officer becomes platoon_leader<br>red_hq: officer becomes platoon_leader"
    assert e.problems() == [] and "valid scenario" in e.report.value
    assert e.snap.value and "rifle_squad" in e.kind.options and e.data["table"]["grid"]["type"] == "square"


def test_the_forms_reshape_a_feature_and_link_a_unit_to_its_leader():
    e = ScenarioEditor()
    wood = e.add_area("woods", rectangle={"center": [10, 10], "size": [4, 4]})
    e.tool.value = "select"
    e.click(10, 10)
    assert e.selected == wood
    e.tool.value = "polygon"
    for p in [(20, 20), (30, 20), (25, 28)]:
        e.click(*p)
    e.reshape_button.click()
    assert e.errors.widget.value == "" and e.draft.feature(wood) == {"id": wood, "type": "woods",
                                                                      "polygon": [[20, 20], [30, 20], [25, 28]]}
    squad = e.add_unit("blue", "squad", e.line_of((30, 4), 3))
    e.tool.value = "select"
    e.click(29, 4)
    assert [v for _, v in e.unit_leader.options] == ["", "blue_hq", "blue_leader", f"{squad}_1", f"{squad}_2", f"{squad}_3"]
    e.unit_leader.value = "blue_leader"  # the lieutenant of the HQ leads the squad
    e.apply_unit.click()
    assert e.draft.unit(squad)["leader"] == "blue_leader" and e.problems() == []
    assert e.scenario.unit(squad).leader == "blue_leader"


def test_the_editor_shows_victory_text_written_as_a_list():
    d = Draft(blank("close_action"))
    d.data["victory"] = ["Hold the farm.", "Or the wood."]
    e = ScenarioEditor(d)
    assert e.victory_text.value == "Hold the farm.\nOr the wood."
    e.otherwise.value = "red"
    e.apply_victory.click()
    assert e.data["victory"] == {"text": "Hold the farm.\nOr the wood.", "otherwise": "red"}


def test_weapons_go_to_one_figure_or_to_every_figure():
    """A two-man MG team: the gunner carries the LMG, the loader a rifle (not two LMGs)."""
    e = ScenarioEditor(blank("close_action", 36, 24))
    e.tabs.selected_index = 3
    e.tool.value, e.side.value, e.kind.value, e.figures.value = "unit", "blue", "weapon_team", 2
    e.weapons.value, e.weapons_to.value = ("lmg",), "one"
    e.click(10, 10)
    gunner, loader = e.draft.pieces_of(e.draft.unit("blue_weaponteam1"))
    assert gunner["weapons"] == ["lmg"] and "weapons" not in loader
    e.tool.value = "select"
    e.click(*loader["position"])
    assert e.selected == loader["id"]
    e.weapons.value = ("rifle",)
    e.apply_unit.click()
    gunner, loader = e.draft.pieces_of(e.draft.unit("blue_weaponteam1"))
    assert (gunner["weapons"], loader["weapons"]) == (["lmg"], ["rifle"])
    e.weapons_to.value, e.weapons.value = "all", ("smg",)
    e.apply_unit.click()
    assert [p["weapons"] for p in e.draft.pieces_of(e.draft.unit("blue_weaponteam1"))] == [["smg"], ["smg"]]


def test_a_nation_proposes_its_colour_and_close_action_offers_nations():
    from wgkit.facts.common import NATION_COLOURS

    e = ScenarioEditor(blank("close_action", 36, 24))  # Close Action's text names no nations: the kit's list
    assert {"us", "germany", "uk", "ussr"} <= {v for _, v in e.nationality.options}
    e.tabs.selected_index = 1
    e.side.value = "red"
    e.nationality.value = "germany"
    assert e.side_colour.value == NATION_COLOURS["germany"] == "#2f3e4e"
    e.apply_side.click()
    assert e.draft.side("red")["nationality"] == "germany" and e.draft.side("red")["colour"] == "#2f3e4e"
    e.side_colour.value = "#123456"  # the designer's own choice is kept
    e.apply_side.click()
    e.side.value = "blue"
    e.side.value = "red"
    assert e.side_colour.value == "#123456"


def test_the_editors_board_is_as_wide_whatever_the_table():
    """A 36" x 24" table is drawn 840 px wide (it was 504 px), as is a 48" one and the table a
    GeoJSON grows: the board takes the row beside the forms."""
    for width, depth in ((36, 24), (48, 36), (83, 61)):
        e = ScenarioEditor(blank("close_action", width, depth))
        assert e.canvas.widget.width == 840 and e.canvas.widget.height == round(depth * 840 / width)
    e = ScenarioEditor(blank("close_action", 36, 24))
    e.width.value = 24
    e.apply_fields.click()
    assert e.canvas.widget.width == 840  # redrawn at the new scale


def test_the_selection_is_named_as_the_designer_named_it():
    """The board's "selected:" line gives the feature's name once it has one (it gave woods1)."""
    e = ScenarioEditor(blank("close_action", 48, 36))
    e.tool.value, e.type.value = "rectangle", "woods"
    e.click(10, 10)
    e.click(16, 16)
    wood = e.selected
    said = lambda: [s.text for s in e.canvas.scene.layers["overlays"] if s.tag == "selected"]  # noqa: E731
    assert said() == [f"selected: {wood}"]  # no name yet: its id
    e.draft.set_feature(wood, name="Bois Rond")
    e.refresh()
    assert said() == ["selected: Bois Rond"] and e.called("nobody") == "nobody"


def test_a_new_scenarios_unit_menus_show_a_choice_and_a_click_places_that_unit_in_every_ruleset():
    """No list of the Units tab starts blank: the template says none, the kind shows one, the quality
    says none; a click with no template places a unit of the kind shown (it raised an
    AttributeError with no kind chosen)."""
    e = ScenarioEditor()
    for ruleset in [v for _, v in e.ruleset.options]:
        e.ruleset.value = ruleset
        e.apply_scenario_fields()
        shown = {m.description: m.shown.label for m in (e.template, e.kind, e.quality)}
        assert shown == {"Template": "(none: the fields below)", "Unit kind": e.kind.value, "Quality": "(none)"}, ruleset
        assert e.kind.value in get_ruleset(ruleset).info.unit_kinds
        unit = e.place_unit(6, 6)
        assert (unit["kind"], unit.get("quality")) == (e.kind.value, None), ruleset
