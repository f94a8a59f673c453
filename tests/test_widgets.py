"""Widget logic, tested without a browser (ipywidgets' comms fall back to a dummy)."""

import pytest

from tests.conftest import ROOT
from wgkit.scenario import loads
from wgkit.widgets import ScenarioEditor, UmpireApp

FARM = ROOT / "scenarios/close_action/hedgerow_farm.yaml"


@pytest.fixture
def app(tmp_path):
    return UmpireApp.open(FARM, journal=tmp_path / "j.wgsave")


def px(app, x, y):
    return app.board.canvas.to_px([[x, y]])[0]


def test_click_selects_and_shows_line_of_sight(app):
    app.board.on_down(*px(app, 20.2, 6.1))
    assert app.board.selected == "sgt1"
    los = [s for s in app.board.los if s.tag.startswith("los:")]
    assert len(los) == 11  # one line to every enemy figure
    assert any(s.tag == "blocker:farmhouse" for s in app.board.los)
    assert "1st Squad&#x27;s leader</b> sees 7 of 11" in app.board.status.value  # the house and the copse hide 4
    assert app.actions.choice.value == "umpire roll" and set(app.actions.inputs) == {"dice", "die", "need"}


def to_move_step(app):
    while app.game.current_step().name != "Move":
        app.turn.next.click()


def test_drag_fills_the_move_form_and_resolve_confirms_it(app):
    to_move_step(app)
    app.confirm_moves.value = True  # every drag waits for Resolve
    b = app.board
    b.on_down(*px(app, 22, 6))
    b.on_move(*px(app, 22, 10))
    assert any(s.tag == "ruler" and s.text.startswith('4.0" (16 yd)') for s in b.extra)
    b.on_up(*px(app, 22, 10))
    assert app.game.state["pieces"]["r1"]["position"] == [22, 6] and len(app.game.log) == 3  # not yet
    a = app.actions
    assert a.choice.value == "move" and a.inputs["figure"].value == "r1" and a.inputs["point"].value == "22.0, 10.0"
    assert not a.button.disabled
    a.button.click()
    assert app.game.state["pieces"]["r1"]["position"] == pytest.approx([22, 10], abs=0.1)
    assert app.log.rows()[-1][1] == "move" and app.game.piece("r1")["status"]["stance"] == "crouching"


def test_a_drag_that_rolls_no_dice_is_the_move_itself(app):
    to_move_step(app)
    assert app.confirm_moves.value is False  # by default: only a move with dice waits for Resolve
    app.board.on_down(*px(app, 22, 6))
    app.board.on_up(*px(app, 22, 10))
    assert app.game.state["pieces"]["r1"]["position"] == pytest.approx([22, 10], abs=0.1)


def test_drag_outside_the_move_step_is_refused_with_a_reason(app):
    b = app.board
    b.on_down(*px(app, 22, 6))
    app.errors.guard(b.on_up)(*px(app, 22, 10))  # as the canvas calls it
    assert app.game.piece("r1")["position"] == [22, 6]
    assert app.errors.messages[-1] == "figures move in the Move step; now is Rally"


def test_move_limit_is_enforced(app):
    to_move_step(app)
    b = app.board
    b.move_limit = lambda piece: 3.0
    b.on_down(*px(app, 22, 6))
    b.on_up(*px(app, 22, 12))
    assert app.game.state["pieces"]["r1"]["position"] == [22, 6] and "may move 3&quot;" in b.status.value


def test_action_panel_odds_before_and_result_after(app):
    a = app.actions
    a.choice.value = "umpire roll"
    a.inputs["dice"].value, a.inputs["need"].value = 3, 6
    # 3 dice on 6: none 125/216 = 57.9%, at least one 91/216 = 42.1%, all three 1/216 = 0.5%
    assert "<td style='padding-right:6px'>0 successes</td>" in a.odds.value and "<b>57.9%</b>" in a.odds.value
    assert "at least 1 success: 42.1%" in a.odds.value and "<b>0.5%</b>" in a.odds.value
    a.resolve()
    assert len(app.game.log) == 1 and "umpire dice: d6" in a.result.value
    assert app.log.table.value.count("<tr>") == 2  # header and one row


def test_board_click_fills_a_point_parameter(app):
    app.actions.choice.value = "umpire move"
    app.board.on_down(*px(app, 40, 30))
    app.board.on_up(*px(app, 40, 30))
    assert app.actions.inputs["point"].value == "40.0, 30.0"


def test_errors_are_shown_not_swallowed(app):
    app.actions.choice.value = "umpire move"
    app.actions.inputs["point"].value = "nowhere"
    app.actions.button.click()
    assert app.errors.messages[-1] == "point: give a point as 'x, y' in inches, or click the board"
    assert "give a point as &#x27;x, y&#x27;" in app.errors.widget.value
    app.turn.back.click()
    assert "already at the first step" in app.errors.widget.value


def test_dice_log_filter_and_undo_to_row(app):
    app.actions.choice.value = "umpire roll"
    for _ in range(3):
        app.actions.resolve()
    app.game.move("r1", (1, 1))  # the umpire's free move
    app.refresh()
    app.log.filter.value = "move"
    assert [r[1] for r in app.log.rows()] == ["move"]
    app.log.undo_to(1)
    assert len(app.game.log) == 1 and app.game.state["pieces"]["r1"]["position"] == [22, 6]


def test_turn_panel_next_and_back(app):
    app.turn.skip_empty.value = False  # every step, as the sequence lists them
    for _ in range(6):
        app.turn.next.click()
        if app.turn.warning.value:  # a step left without an action asks for a second press
            app.turn.next.click()
    assert app.game.position == (2, 0, 0) and app.game.state["active"] == "de"
    assert "<b>Turn 2</b>" in app.turn.html.value and "active: Fallschirmjäger section" in app.turn.html.value
    assert "(de" not in app.turn.html.value and "title='rules: " in app.turn.html.value  # names, the section on hover
    app.turn.back.click()
    assert app.game.position == (1, 2, 0) and app.game.state["active"] == "us"


def test_save_button_writes_a_loadable_file(app, tmp_path):
    app.saver.name.value = "s"
    app.game.move("r1", (3, 3))
    app.saver.button.click()
    again = UmpireApp.open(tmp_path / "s.wgsave")
    assert again.game.state == app.game.state
    assert "saved 1 events to" in app.saver.message.value


def test_full_redraw_is_one_message_per_layer(app):
    before = app.board.canvas.batches
    app.board.refresh()
    assert app.board.canvas.batches - before == 4


def test_editor_draws_every_shape_places_units_and_exports():
    e = ScenarioEditor()
    e.tool.value = "polygon"
    for p in [(5, 5), (12, 5), (12, 10)]:
        e.click(*p)
    e.finish()
    e.tool.value = "rectangle"
    e.type.value = "buildings"
    e.click(20, 20)
    e.click(24, 23)
    e.tool.value = "circle"
    e.type.value = "hill"
    e.click(36, 10)
    e.click(40, 10)
    e.tool.value = "line"
    e.type.value = "road"
    e.click(0, 18)
    e.click(48, 19)
    e.finish()
    e.tool.value, e.side.value, e.kind.value = "unit", "red", "squad"
    e.click(30, 30)
    scenario = loads(e.export(), "exported.yaml")
    assert [f.shape for f in scenario.terrain] == ["polygon", "rectangle", "circle", "line"]
    assert scenario.feature("buildings1").geometry == {"center": (22.0, 21.5), "size": (4.0, 3.0), "rotation": 0}
    assert scenario.feature("hill1").height == 1
    assert len(scenario.side("red").units) == 2


def test_editor_select_move_delete_and_problems():
    e = ScenarioEditor()
    e.tool.value = "polygon"
    for p in [(5, 5), (12, 5), (12, 10)]:
        e.click(*p)
    e.finish()
    e.tool.value = "select"
    e.click(10, 6)
    assert e.selected == "woods1"
    e.release(12, 8)
    assert e.data["terrain"][0]["polygon"][0] == [7, 7]
    e.delete()
    assert e.data["terrain"] == []
    e.tool.value = "polygon"
    for p in [(40, 30), (60, 30), (50, 34)]:  # runs off the 48" table
        e.click(*p)
    e.finish()
    assert any("off the table" in p for p in e.problems()) and "off the table" in e.report.value
    with pytest.raises(ValueError, match="not valid yet"):
        e.export()
    with pytest.raises(ValueError, match="needs 3 clicks"):
        e.finish()


def test_editor_viewshed_and_grid_snap():
    e = ScenarioEditor()
    e.tool.value = "rectangle"
    e.type.value = "buildings"
    e.click(20, 10)
    e.click(28, 26)
    total = 48 * 36
    seen = e.show_viewshed(10, 18)
    assert 0 < seen < total
    behind = [s for s in e.viewshed if s.tag == "viewshed" and s.kind == "polygon"
              and 30 < s.points[:, 0].mean() < 48 and 12 < s.points[:, 1].mean() < 24]
    assert not behind  # the building hides the strip behind it
    from wgkit.widgets.editor import blank

    cf = ScenarioEditor(blank("company_fire"))
    assert cf.snap.value and cf.snapped(6.4, 11.7) == (6, 12)


def test_zoom_and_pan_keep_clicks_on_the_right_inch(app):
    b = app.board
    b.zoom(2)
    b.pan_by(0.25, 0.25)
    c = b.canvas
    assert c.zoom == 2 and c.pan == (18.0, 13.5)
    x, y = c.to_table(*c.to_px([[30, 20]])[0])
    assert (x, y) == pytest.approx((30, 20))
    b.on_down(*c.to_px([[20.1, 6.1]])[0])
    assert b.selected == "sgt1"
    b.reset_view()
    assert c.zoom == 1 and c.pan == (0.0, 0.0)


def test_named_overlays(app):
    from wgkit.geometry.zones import blast_zone
    from wgkit.render.shapes import arc_overlay, zone_overlay

    app.board.overlay("grenade", zone_overlay(blast_zone((30, 26), 3), label="grenade BZ"))
    app.board.overlay("arc", arc_overlay((20, 6), 0))
    drawn = app.board.canvas.scene.layers["overlays"]
    assert any(s.text == "grenade BZ" for s in drawn) and sum(s.tag == "zone" for s in drawn) >= 3
    app.board.overlay("grenade", None)
    assert not any(s.text == "grenade BZ" for s in app.board.canvas.scene.layers["overlays"])


def test_editor_retypes_the_selected_feature():
    e = ScenarioEditor()
    for p in [(5, 5), (12, 5), (12, 10)]:
        e.click(*p)
    e.finish()
    e.tool.value = "select"
    e.click(10, 6)
    e.type.value = "hill"
    assert e.data["terrain"][0]["type"] == "hill" and e.data["terrain"][0]["height"] == 1


def test_hovering_a_figure_previews_its_line_of_sight(app):
    app.board.on_move(*px(app, 20.1, 6.1))
    assert any(s.tag.startswith("los:") for s in app.board.los) and "1st Squad&#x27;s leader</b> sees" in app.board.status.value
    app.board.on_move(*px(app, 2, 30))
    assert app.board.los == []


def next_step(app):
    """Next, pressed twice where the step warns that the rules still require something."""
    app.turn.next.click()
    if app.turn.warning.value:
        app.turn.next.click()


def test_action_previews_blast_zone_and_danger_zone(app):
    next_step(app)  # to the Fire step
    a = app.actions
    a.choice.value = "grenade"
    a.inputs["firer"].value = "sgt1"
    a.inputs["point"].value = "20, 11"
    shown = app.board.canvas.scene.layers["overlays"]
    assert any(s.text == "grenade BZ" for s in shown)
    tutorial = UmpireApp.open(ROOT / "scenarios/close_action/tutorial_crossroads.yaml")
    next_step(tutorial)
    t = tutorial.actions
    t.choice.value = "fire"
    t.inputs["unit"].value, t.inputs["target"].value = "section", "gruppe"  # with its Bren gun
    shown = tutorial.board.canvas.scene.layers["overlays"]
    # the rules name the gun by its id; the board by the table's name for it
    assert any(s.text == "No. 1 Section's LMG danger zone" for s in shown) and sum(s.tag == "zone" for s in shown) >= 6


def test_view_as_a_side_hides_what_it_has_not_spotted(tmp_path):
    from wgkit.rules.registry import get_ruleset
    from wgkit.scenario import dumps, load, loads

    s = load(FARM)
    hidden = loads(dumps(s).replace("  - id: gsec\n", "  - id: gsec\n    hidden: true\n"))
    app = UmpireApp(get_ruleset("close_action").new_game(hidden))
    assert app.board.canvas.scene.tagged("mg42")
    app.viewer.value = "us"
    assert not app.board.canvas.scene.tagged("mg42") and app.board.canvas.scene.tagged("r1")
    app.viewer.value = "umpire"
    assert app.board.canvas.scene.tagged("mg42")


def test_the_scenario_title_is_shown_as_text_never_as_markup():
    from wgkit.rules.registry import get_ruleset
    from wgkit.scenario import dumps, load, loads

    s = load(FARM)
    hostile = loads(dumps(s).replace(f"title: {s.title}", "title: \"<img src=x onerror=alert(1)>\"", 1))
    app = UmpireApp(get_ruleset("close_action").new_game(hostile))
    title = app.widget.children[0].children[0].value
    assert "<img" not in title and "&lt;img src=x onerror=alert(1)&gt;" in title


def test_editor_deployment_zone_viewsheds_add_up():
    e = ScenarioEditor()
    e.tool.value = "rectangle"
    e.type.value = "buildings"
    e.click(20, 10)
    e.click(28, 26)
    west = e.zone_viewshed([(0, 0), (6, 0), (6, 36), (0, 36)])
    cells = len([s for s in e.viewshed if s.tag == "viewshed" and s.kind == "polygon"])
    assert 0 < west < 48 * 36 and cells == west + 1  # the shaded squares and the zone's outline
    east = e.zone_viewshed([(42, 0), (48, 0), (48, 36), (42, 36)], colour="#d62828")
    assert 0 < east and len([s for s in e.viewshed if s.tag == "viewshed"]) == west + east + 2


def hover_cards(app):
    return [s.text for s in app.board.canvas.scene.layers["overlays"] if s.tag == "hover-label" and s.kind == "text"]


def test_hovering_names_a_piece_on_a_card_even_where_labels_crowd(app):
    app.board.on_move(*px(app, 33.1, 25))  # the MG42's loader, a step from the gun
    assert hover_cards(app) == ["Gruppe Krebs' crew"]  # the crew has no name: by its unit and its place in it
    app.board.select("sgt1")  # with a piece selected, the card still follows the pointer
    app.board.on_move(*px(app, 32, 25.1))
    assert hover_cards(app) == ["Gruppe Krebs' LMG"]
    app.board.on_move(*px(app, 2, 30))
    assert hover_cards(app) == []



def test_a_reveal_is_closed_and_holds_words_figures_and_boards():
    import matplotlib.pyplot as plt

    from wgkit.engine import Game
    from wgkit.scenario import load
    from wgkit.widgets.lesson import reveal

    fig, ax = plt.subplots()
    ax.bar([1, 2], [0.3, 0.7])
    plt.close(fig)
    game = Game(load(ROOT / "scenarios" / "company_fire" / "tutorial_orchard_gate.yaml"))
    box = reveal("The answer", "first <line>", fig, "second", game)
    assert box.selected_index is None and box.titles == ("The answer",)  # closed until opened
    words, picture, board = box.children[0].children
    assert words.value == ("<div style='font-size:16px;line-height:1.4'>"  # projector-sized
                           "<p style='margin:2px 0'>first &lt;line&gt;</p><p style='margin:2px 0'>second</p></div>")
    assert picture.value[:4] == b"\x89PNG" and board.value == game._repr_png_()
    assert reveal("Only words", "one").children[0].value == "<div style='font-size:16px;line-height:1.4'><p style='margin:2px 0'>one</p></div>"
    with pytest.raises(TypeError, match="not int"):
        reveal("Wrong", 42)


def test_live_widgets_carry_a_still_for_pages_without_a_kernel():
    import base64

    from wgkit.engine import Game
    from wgkit.scenario import load
    from wgkit.widgets import BoardView
    from wgkit.widgets.lesson import reveal

    game = Game(load(ROOT / "scenarios" / "close_action" / "tutorial_crossroads.yaml"))
    view = "application/vnd.jupyter.widget-view+json"
    board = BoardView(game)
    bundle = board.widget._repr_mimebundle_()
    assert view in bundle and base64.b64decode(bundle["image/png"]) == board.picture()
    app = UmpireApp(game).widget._repr_mimebundle_()
    assert view in app and base64.b64decode(app["image/png"])[:4] == b"\x89PNG"
    editor = ScenarioEditor().widget._repr_mimebundle_()
    assert base64.b64decode(editor["image/png"])[:4] == b"\x89PNG"
    still = reveal("Why", "because <b>", game)._repr_mimebundle_()["text/html"]
    assert still.startswith("<details><summary><b>Why</b></summary><p style='margin:2px 0'>because &lt;b&gt;</p>")
    # a board in an answer is drawn 960 px wide (shrunk to the page where it is narrower)
    assert "<img style='max-width:100%;width:960px' src='data:image/png;base64," in still and still.endswith("</details>")


def test_a_refused_drag_leaves_nothing_to_resolve_and_takes_its_ruler_with_it(app):
    """A drag beyond the allowance after a good one: the form forgets the good drag's destination
    (Resolve used to make that move), Resolve is off with the reason beside it, and the ruler and
    the allowance circle are gone from the board."""
    to_move_step(app)
    app.confirm_moves.value = True  # the good drag waits in the form
    b, a = app.board, app.actions
    b.on_down(*px(app, 22, 6))
    b.on_move(*px(app, 22, 10))
    b.on_up(*px(app, 22, 10))
    assert a.inputs["point"].value == "22.0, 10.0" and not a.button.disabled
    assert not any(s.tag in ("ruler", "move-limit") for s in b.extra)  # the drag is over
    limit = b.move_limit("r1")
    b.on_down(*px(app, 22, 6))
    b.on_move(*px(app, 22, 6 + limit + 4))
    assert any(s.tag == "ruler" for s in b.extra)
    b.on_up(*px(app, 22, 6 + limit + 4))
    assert a.inputs["point"].value == "" and a.button.disabled
    assert f"may move {limit:g}&quot;; that drag is {limit + 4:.1f}&quot;" in a.why_not.value
    assert "nothing moved" in b.status.value and "wgkit-refused" in b.status.value
    assert not any(s.tag in ("ruler", "move-limit") for s in b.extra)
    with pytest.raises(ValueError):
        a.resolve()
    assert app.game.state["pieces"]["r1"]["position"] == [22, 6]


def test_a_unit_dragged_whole_moves_every_figure_by_the_same_offset_and_undoes_as_one(app):
    """Drag moves "its whole unit": one drag and one Resolve move the squad, keeping its
    formation; each figure's move is checked by the rules (odds line by line); Undo last takes
    the whole move back."""
    to_move_step(app)
    app.confirm_moves.value = True
    a, b = app.actions, app.board
    squad = [pid for pid, p in app.game.state["pieces"].items() if p["unit"] == app.game.state["pieces"]["r1"]["unit"]]
    before = {pid: list(app.game.state["pieces"][pid]["position"]) for pid in squad}
    a.drag_mode.value = "unit"
    b.on_down(*px(app, 22, 6))
    b.on_up(*px(app, 22, 9))
    assert len(a.group) == len(squad) and f"{len(squad)} of {len(squad)} figures move together" in a.odds.value
    assert not a.button.disabled
    start = len(app.game.log)
    a.button.click()
    assert len(app.game.log) == start + len(squad)
    for pid in squad:
        x, y = before[pid]
        assert app.game.state["pieces"][pid]["position"] == pytest.approx([x, y + 3], abs=0.01), pid
    groups = {e.action["group"] for e in app.game.log[start:]}
    assert len(groups) == 1
    app.undo_last.click()
    assert len(app.game.log) == start
    assert {pid: app.game.state["pieces"][pid]["position"] for pid in squad} == before


def test_a_figure_that_cannot_follow_its_unit_stays_and_says_why(app):
    """r3 has used all but half an inch of its move: a drag of the whole squad 1" north takes the
    other five, and r3 stays, with the rules' reason in the odds."""
    to_move_step(app)
    a, b = app.actions, app.board
    assert a.drag_mode.value == "unit"  # a unit of several figures: a drag moves it whole unless told
    a.drag_mode.value = "piece"
    app.confirm_moves.value = True
    used = b.move_limit("r3") - 0.5
    b.on_down(*px(app, 26, 6))  # r3 alone, first
    b.on_up(*px(app, 26, 6 + used))
    a.button.click()
    a.drag_mode.value = "unit"
    b.on_down(*px(app, 22, 6))
    b.on_up(*px(app, 22, 7))
    assert "5 of 6 figures move together" in a.odds.value and "1st Squad, rifleman 3 stays: " in a.odds.value, a.odds.value
    start = len(app.game.log)
    a.button.click()
    assert sorted(e.action["params"]["figure"] for e in app.game.log[start:]) == ["bar1", "r1", "r2", "r4", "sgt1"]
    assert app.game.state["pieces"]["r3"]["position"] == pytest.approx([26, 6 + used], abs=0.01)


def test_the_log_and_the_form_use_the_scenarios_names_and_squares():
    """Issue 45 (words a player uses): ids the rules write become the scenario's names, a side's
    possessive agrees with its name, and grid cells read as the board labels them."""
    from wgkit.words import Wording, cell_name

    say = Wording({"de": "Germans", "gsec": "MG section", "de_b": "Bauer", "nameless": "nameless"}, cells=True)
    assert say("de's artillery lands at gsec; de_b killed") == "Germans' artillery lands at MG section; Bauer killed"
    assert say("de_bx and gsec2 stay") == "de_bx and gsec2 stay"  # only whole ids
    assert say("the edge between (4, 2) and (4, 3)") == "the edge between E3 and E4"
    assert say("moves to (9.08, 12.01)") == "moves to (9.08, 12.01)"  # a point in inches is no cell
    assert Wording({}, cells=False)("(1, 2)") == "(1, 2)"
    # a name the scenario gives, met whole, keeps its words: a side whose id is "de" leaves the
    # "de" of a wood called Bois de la Croix alone, and a unit's name holding an id stays as named
    say = Wording({"de": "Grenadier-Regiment 916", "us": "26th Infantry", "co": "E Company de la Garde"},
                  kept=["Bois de la Croix"])
    assert say("us: keep the enemy out of Bois de la Croix; de holds it") == \
        "26th Infantry: keep the enemy out of Bois de la Croix; Grenadier-Regiment 916 holds it"
    assert say("co fires; E Company de la Garde fires; de's turn") == \
        "E Company de la Garde fires; E Company de la Garde fires; Grenadier-Regiment 916's turn"
    assert [cell_name(c) for c in [(0, 0), (2, 3), (25, 0), (26, 9), (27, 0)]] == ["A1", "C4", "Z1", "AA10", "AB1"]


def test_a_company_fire_log_row_names_units_and_squares():
    from wgkit.widgets import UmpireApp

    app = UmpireApp.open(ROOT / "scenarios/company_fire/tutorial_orchard_gate.yaml", seed=5)
    g = app.game
    named = g.scenario.wording()
    unit = next(u for _, u in g.scenario.units() if u.name)
    g.record("note", [], f"{unit.id} moves to (2, 3)")
    app.refresh()
    assert named(f"{unit.id} moves to (2, 3)") == f"{unit.name} moves to C4"
    assert f"{unit.name} moves to C4" in app.log.table.value and f">{unit.id} moves" not in app.log.table.value


@pytest.mark.parametrize("name", ["close_action/hedgerow_farm", "eagles/hill_112", "company_fire/tutorial_orchard_gate"])
def test_labels_stay_14_pixels_high_however_small_the_page_shows_the_board(name):
    """A projector at 1280x720 shows the board about 640 px wide. Told so by the page, the board
    draws every label (pieces, features, objectives) at least 14 px high there, none over
    another, and the scale bar's and a zone's words a fifth smaller at least; shown large again,
    the scenario's own size comes back."""
    from itertools import combinations

    from wgkit.render.scene import overlaps, piece_label_size, text_box

    app = UmpireApp.open(ROOT / f"scenarios/{name}.yaml")
    width = app.game.scenario.table.width

    def words() -> list:
        scene = app.board.canvas.scene
        return [s for s in scene.layers["units"] + scene.layers["terrain"] + scene.layers["overlays"]
                if s.kind == "text" and s.tag != "grid-label"]

    from shapely.geometry import Point

    from wgkit.render.shapes import zone_overlay

    app.board.overlay("blast", zone_overlay(Point(10, 10).buffer(3), label="blast zone"))  # a zone's name
    app.board.shown.width = 640
    on_screen = 640 / width  # CSS pixels an inch
    labels = [s for s in words() if s.tag and s.tag != "zone"]
    scale = [s for s in words() if not s.tag]  # the scale bar's words
    zone = [s for s in words() if s.tag == "zone"]
    assert len(labels) >= 5 and len(scale) == 1 and [s.text for s in zone] == ["blast zone"]
    assert zone[0].size * on_screen >= 14 * 0.8 - 1e-9
    assert min(s.size for s in labels) * on_screen >= 14 - 1e-9
    assert scale[0].size * on_screen >= 14 * 0.8 - 1e-9  # a fifth smaller than the labels, as drawn for the page
    assert not [(a.text, b.text) for a, b in combinations(labels, 2) if overlaps(text_box(a), text_box(b))]
    app.board.shown.width = 2000  # a wide screen: nothing grows past the scenario's own size
    assert {s.size for s in words() if s.tag and s.tag != "zone"} == {piece_label_size(app.game.scenario)}


def test_place_names_can_be_taken_off_the_board_in_play_and_in_the_editor():
    """The terrain features' names (issue 68) are drawn by default and go at a click, in play
    and in the editor; the pieces' labels stay."""
    app = UmpireApp.open(ROOT / "scenarios/close_action/hedgerow_farm.yaml")

    def names(scene) -> set[str]:
        return {s.text for s in scene.layers["terrain"] if s.kind == "text" and s.tag.startswith("name:")}

    def pieces(scene) -> set[str]:
        return {s.text for s in scene.layers["units"] if s.kind == "text"}

    shown, labels = names(app.board.canvas.scene), pieces(app.board.canvas.scene)
    assert {"Stone farmhouse", "Apple orchard", "Farm lane"} <= shown and "Lt. Compton" in labels
    app.board.places.value = False
    assert names(app.board.canvas.scene) == set() and pieces(app.board.canvas.scene) == labels
    app.board.places.value = True
    assert names(app.board.canvas.scene) == shown
    editor = ScenarioEditor(app.game.scenario)
    assert {"Stone farmhouse", "Apple orchard"} <= names(editor.canvas.scene)
    editor.places.value = False
    assert names(editor.canvas.scene) == set()


def test_the_editors_labels_stay_14_pixels_high_however_small_the_page_shows_the_table():
    """The editor's table, shown 500 px wide (a laptop beside the panel, a projector): its labels
    drawn at least 14 px high there, and said back to the page; a new table size keeps it so."""
    from wgkit.render.scene import piece_label_size

    editor = ScenarioEditor(loads((ROOT / "scenarios/close_action/hedgerow_farm.yaml").read_text()))
    width = editor.data["table"]["width"]

    def sizes() -> set[float]:
        return {s.size for s in editor.canvas.scene.layers["units"] if s.kind == "text"}

    assert sizes() == {piece_label_size(editor._drawn)}  # width not known yet: the scenario's own
    editor.shown.width = 500
    assert min(sizes()) * 500 / width >= 14 - 1e-9 and editor.shown.label_px >= 14 - 1e-9
    editor.width.value = 60  # a wider table on the same 500 px: larger labels still
    editor.apply_fields.click()
    assert editor.data["table"]["width"] == 60 and min(sizes()) * 500 / 60 >= 14 - 1e-9


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_name_a_bundled_scenario_gives_is_worded_as_itself(path):
    # the wording turns ids into names; no name the scenario gives (a side, a unit, a piece, a
    # terrain feature) may be changed by it, whatever ids its words happen to hold
    from wgkit.scenario import load

    s = load(path)
    say = s.wording()
    names = [x.name for x in s.sides] + [u.name for side in s.sides for u in side.units] + \
        [p.name for _, _, p in s.pieces()] + [f.name for f in s.terrain]
    for name in filter(None, names):
        assert say(f"{name} holds") == f"{name} holds", name
