"""Scenes, the static backend and `wgkit render`."""

import subprocess
from dataclasses import replace
import sys

import numpy as np
import pytest

from tests.conftest import ROOT, SCENARIOS
from wgkit.engine import Game
from wgkit.engine.save import save
from wgkit.geometry.zones import blast_zone
from wgkit.render.scene import build_scene
from wgkit.render.shapes import los_overlay, zone_overlay
from wgkit.render.static import render
from wgkit.rules import situation_of
from wgkit.scenario import load

FARM = ROOT / "scenarios/close_action/hedgerow_farm.yaml"


def test_scene_has_every_feature_and_piece():
    s = load(FARM)
    scene = build_scene(s)
    for f in s.terrain:
        assert scene.tagged(f.id), f.id
    for _, _, p in s.pieces():
        circles = [x for x in scene.tagged(p.id) if x.kind == "circle" and x.fill]
        assert circles and np.allclose(circles[0].points[0], p.position)
    labels = [x.text for x in scene.layers["overlays"] if x.kind == "text"]
    assert labels == ['6" = 24 yd']


def test_grid_and_edge_terrain_drawn_for_company_fire():
    s = load(ROOT / "scenarios/company_fire/hedgerows_of_normandy.yaml")
    scene = build_scene(s)
    squares = [x for x in scene.layers["grid"] if x.kind == "polygon"]
    numbers = [x.text for x in scene.layers["grid"] if x.tag == "grid-label"]
    assert len(squares) == 8 * 6 and len(numbers) == 8 * 6  # every square named as the log names it
    # columns lettered from the left edge, rows numbered from the near edge: (7, 5) is H6
    assert numbers[:3] == ["A1", "B1", "C1"] and numbers[8] == "A2" and numbers[-1] == "H6"
    assert len(scene.tagged("bocage_mid")) == 7 and scene.tagged("bocage_gap")[0].dash


def test_a_fine_grid_is_numbered_along_its_edges_only():
    s = load(ROOT / "scenarios/eagles/hill_112_hexes.yaml")
    grid = [x for x in build_scene(s).layers["grid"] if x.tag == "grid-label"]
    cells = {x.text for x in grid}
    assert cells and all(c.startswith("A") or c[1:] == "1" for c in cells)  # column A, or row 1
    assert {"A6", "F1"} <= cells and "F6" not in cells


def test_labels_move_aside_instead_of_overlapping():
    from wgkit.scenario import loads

    text = FARM.read_text().replace("{id: mg42, position: [32, 25]", "{id: mg42, name: Gunner, position: [32, 25]")
    s = loads(text.replace("{id: mg42b, role: crew, position: [33, 25]", "{id: mg42b, name: Loader, role: crew, position: [33, 25]"))
    labels = {x.text: x.points[0] for x in build_scene(s).layers["units"] if x.kind == "text"}
    # Gunner (32, 25) and Loader (33, 25) stand an inch apart: the first label goes below its figure;
    # the second finds the place below taken and the one above by Gruppe Krebs's label, and goes
    # to the right of its own figure, level with it
    assert labels["Gunner"][1] < 25 and labels["Gunner"][0] == pytest.approx(32)
    assert labels["Loader"][1] == pytest.approx(25) and labels["Loader"][0] > 33 + 0.35


def test_a_piece_is_labelled_by_name_and_a_unit_once():
    """Names from the scenario, not ids: a named figure by its name, a unit by its name under its
    leader (once, not under every man); a unit without a name by its side and kind, numbered
    where the side has several such, and never an id."""
    from wgkit.scenario import loads
    from wgkit.widgets.briefing import briefing_html

    s = load(FARM)
    labels = sorted(x.text for x in build_scene(s).layers["units"] if x.kind == "text")
    assert labels == ["1st Squad", "2nd Squad", "60 mm mortar", "Gruppe Krebs", "Gruppe Vogel", "Lt. Compton",
                      "Oblt. Brandt"]
    one = loads(FARM.read_text().replace("name: 1st Squad", "").replace("leader: sgt1", ""))
    labels = [x.text for x in build_scene(one).layers["units"] if x.kind == "text"]
    assert labels.count("US 101st Airborne's squad") == 1
    assert not {"sq1", "sgt1", "bar1", "r1", "r2", "r3", "r4"} & set(labels)
    assert one.spoken_names()["bar1"] == "US 101st Airborne's squad's auto rifle"
    two = loads(FARM.read_text().replace("name: 1st Squad", "").replace("name: 2nd Squad", ""))
    labels = [x.text for x in build_scene(two).layers["units"] if x.kind == "text"]
    assert {"US 101st Airborne's squad 1", "US 101st Airborne's squad 2"} <= set(labels)
    brief = briefing_html(two)
    assert "<li>US 101st Airborne&#x27;s squad 1 <small>" in brief and "<li>sq1 " not in brief


def test_state_moves_kills_and_hides():
    s = load(FARM)
    g = Game(s)
    g.move("r1", (10, 10))
    situation_of(g).out_of_action("r2")
    situation_of(g).piece_status("r3", pinned=True)
    scene = build_scene(s, g.state)
    assert np.allclose(scene.tagged("r1")[0].points[0], (10, 10))
    assert any(x.kind == "line" and x.stroke == "#8b0000" for x in scene.tagged("r2"))  # the casualty cross
    assert any(x.text == "pinned" for x in scene.tagged("r3"))
    state = dict(g.state, pieces={k: v for k, v in g.state["pieces"].items() if k != "mg42"})
    assert not build_scene(s, state).tagged("mg42")


def test_overlays():
    los = los_overlay((0, 0), [((10, 0), True), ((0, 10), False)])
    assert [x.stroke for x in los] == ["#1a9850", "#d73027"]
    z = zone_overlay(blast_zone((5, 5), 3), label="grenade")
    assert z[0].kind == "polygon" and z[-1].text == "grenade"


@pytest.mark.parametrize("ext", ["png", "svg", "pdf"])
def test_static_backend_writes_files(tmp_path, ext):
    out = tmp_path / f"t.{ext}"
    render(build_scene(load(FARM)), out)
    head = out.read_bytes()[:8]
    assert {"png": b"\x89PNG", "svg": b"<?xml", "pdf": b"%PDF"}[ext] in head


def test_png_shows_the_table(tmp_path):
    import matplotlib.image as mpimg

    out = tmp_path / "farm.png"
    render(build_scene(load(FARM)), out, inches_wide=9.6, dpi=100)  # 20 px per table inch
    img = (mpimg.imread(out)[:, :, :3] * 255).round().astype(int)
    h = img.shape[0]
    table_top = h - 36 * 20  # the title band sits above the table

    def at(x, y):
        return img[table_top + int((36 - y) * 20), int(x * 20)]

    assert np.abs(at(33, 28.5) - (156, 125, 99)).max() < 25  # farmhouse
    assert np.abs(at(2, 34) - (183, 196, 138)).max() < 25  # open ground


def test_scenario_and_game_repr_png():
    assert load(FARM)._repr_png_()[:4] == b"\x89PNG"
    assert Game(load(FARM))._repr_png_()[:4] == b"\x89PNG"


def test_cli_render_scenario_and_saved_game(tmp_path):
    r = subprocess.run([sys.executable, "-m", "wgkit.cli", "render", str(SCENARIOS[0]), "-o", str(tmp_path / "a.png")],
                       capture_output=True, text=True)
    assert r.returncode == 0 and (tmp_path / "a.png").stat().st_size > 10_000
    g = Game(load(FARM))
    g.move("r1", (5, 5))
    save(g, tmp_path / "g.wgsave")
    r = subprocess.run([sys.executable, "-m", "wgkit.cli", "render", str(tmp_path / "g.wgsave"), "-o",
                        str(tmp_path / "g.svg"), "--side", "us"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run([sys.executable, "-m", "wgkit.cli", "render", str(FARM), "-o", str(tmp_path / "x.gif")],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "use .png, .svg or .pdf" in r.stderr and "Traceback" not in r.stderr


def test_cli_play_refuses_a_broken_file_before_serving(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\n")
    r = subprocess.run([sys.executable, "-m", "wgkit.cli", "play", str(bad), "--port", "1"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "bad.yaml:1:1: ruleset: missing required field 'ruleset'" in r.stderr


def test_the_sides_differ_by_outline_as_well_as_colour():
    """Told apart without colour vision: the first side's figures are ringed dark, the second's white."""
    scene = build_scene(load(FARM))
    ring = {s.tag: (s.stroke, s.width) for s in scene.layers["units"] if s.kind == "circle" and s.fill}
    assert ring["r1"] == ("#111111", 0.04) and ring["g1"] == ("#ffffff", 0.08)


def test_labels_stay_on_the_table():
    """A label that would hang over the table's edge goes to another side of its piece, or slides in."""
    from wgkit.scenario import loads

    text = (ROOT / "scenarios/close_action/hedgerow_farm.yaml").read_text()
    corner = loads(text.replace("id: sgt1, role: leader, position: [20, 6]", "id: sgt1, role: leader, position: [0.5, 0.5]"))
    label = next(x for x in build_scene(corner).layers["units"] if x.kind == "text" and x.text == "1st Squad")
    size = label.size
    width = 0.55 * size * len("1st Squad") + 0.1
    x, y = label.points[0]
    assert x - width / 2 >= 0 and y - size / 2 >= 0  # on the table
    assert y > 0.5  # above the figure, as below it would fall off the near edge


HEDGEROWS = ROOT / "scenarios/company_fire/hedgerows_of_normandy.yaml"  # Gruppe Brandt starts hidden


@pytest.mark.parametrize("source", ["scenario", "saved game"])
def test_render_side_draws_only_what_that_side_sees(tmp_path, source, capsys):
    from wgkit.cli import main

    path = HEDGEROWS
    if source == "saved game":
        path = tmp_path / "g.wgsave"
        save(Game(load(HEDGEROWS)), path)
    for side, drawn in [("umpire", True), ("de", True), ("us", False)]:
        out = tmp_path / f"{side}.svg"
        assert main(["render", str(path), "--side", side, "-o", str(out)]) == 0
        svg = out.read_text()
        assert ("Gruppe Brandt" in svg) is drawn, side
        assert "Gruppe Weber" in svg  # a unit in the open is drawn for everyone
    capsys.readouterr()
    assert main(["render", str(path), "--side", "germans", "-o", str(tmp_path / "x.svg")]) == 1
    assert capsys.readouterr().err == f"wgkit render: no side 'germans' in {path.name}: choose us, de or umpire\n"


def test_an_svg_keeps_its_labels_as_text(tmp_path):
    import re

    from wgkit.cli import main

    out = tmp_path / "t.svg"
    assert main(["render", str(HEDGEROWS), "-o", str(out)]) == 0
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", out.read_text())
    assert "Gruppe Weber" in texts  # a text element, not glyph outlines under a comment


def test_scenarios_games_and_scenes_show_as_svg_with_text_labels_the_same_each_time():
    import re

    from wgkit.engine import Game
    from wgkit.render.scene import build_scene

    scenario = load(HEDGEROWS)
    game = Game(scenario)
    for shown in (scenario, game, build_scene(scenario, game.state)):
        svg = shown._repr_svg_()
        assert svg.startswith("<?xml") and "<svg" in svg
        assert "Gruppe Weber" in re.findall(r"<text[^>]*>([^<]*)</text>", svg)
        assert shown._repr_svg_() == svg  # fixed ids and no date: a stored notebook output stays put


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*/*.yaml")), ids=lambda p: p.stem)
def test_an_objectives_label_keeps_off_the_pieces_and_their_labels(path):
    """No figure stands under an objective's label (it moves above or below its area) and no
    piece's label is drawn across it."""
    def text_box(t):  # about half an em a letter, as the board draws them
        (x, y), w = t.points[0], 0.55 * t.size * len(t.text) + 0.1
        return x - w / 2, y - t.size / 2, x + w / 2, y + t.size / 2

    s = load(path)
    scene = build_scene(s)
    marks = [text_box(x) for x in scene.tagged("objective") if x.kind == "text"]
    names = [text_box(x) for x in scene.layers["units"] if x.kind == "text"]
    r = 0.35  # a figure's radius
    for left, bottom, right, top in marks:
        assert 0 <= bottom and top <= s.table.depth
        for _, _, p in s.pieces():
            figure = next(x for x in scene.tagged(p.id) if x.kind in ("circle", "polygon"))
            x, y = figure.points[0] if figure.kind == "circle" else figure.points.mean(axis=0)  # on a grid, its slot
            assert not (left - r < x < right + r and bottom - r < y < top + r), p.id
        assert not any(a < right and left < c and b < top and bottom < d for a, b, c, d in names)


def test_drawing_leaves_the_sessions_matplotlib_backend_alone(tmp_path):
    """A notebook's inline charts keep showing after the kit draws a board: importing and using
    the static renderer changes no backend (it used to switch every session to Agg)."""
    import subprocess
    import sys

    code = ("import matplotlib; matplotlib.use('svg'); "
            "from wgkit.render.static import png_bytes, render; from wgkit.render.scene import build_scene; "
            "from wgkit.scenario import load; import sys; s = load(sys.argv[1]); "
            "png = png_bytes(build_scene(s)); render(build_scene(s), sys.argv[2]); "
            "print(matplotlib.get_backend(), png[:4] == b'\\x89PNG')")
    out = subprocess.run([sys.executable, "-c", code, str(FARM), str(tmp_path / "farm.svg")],
                         capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["svg", "True"] and (tmp_path / "farm.svg").read_text().startswith("<?xml")


def test_a_view_draws_part_of_the_table_close_up(tmp_path):
    """A lesson's close-up: only the view's part of the table fills the picture."""
    from matplotlib.image import imread

    from wgkit.render.shapes import Scene

    from wgkit.render.shapes import Shape

    scene = Scene(48, 36)
    square = np.array([[10, 10], [12, 10], [12, 12], [10, 12]], dtype=float)
    scene.add("terrain", Shape("polygon", square, "#ff0000", None))
    scene.view = (9, 9, 13, 13)  # 4" across: the 2" square fills the middle half
    render(scene, tmp_path / "close.png", inches_wide=4, dpi=50)
    px = imread(tmp_path / "close.png")
    h, w = px.shape[:2]
    table_top = round(0.5 * 50)  # the title's half inch above the table
    middle = px[table_top + (h - table_top) // 2, w // 2][:3]
    corner = px[table_top + 5, 5][:3]
    assert np.allclose(middle, (1, 0, 0), atol=0.02) and not np.allclose(corner, (1, 0, 0), atol=0.2)
    assert w == 200  # 4 inches at 50 dpi: the view, not the 48" table, sets the scale


def test_no_word_on_a_notebook_picture_is_smaller_than_14_px():
    """A 48" table drawn 960 px wide puts 20 px to the inch: a 0.55" label would be 11 px; the
    picture keeps every word at 10.5 pt or more, 14 px at its 96 dpi."""
    from wgkit.render.static import MIN_TEXT_PT, PICTURE_INCHES, figure

    fig = figure(build_scene(load(FARM)), PICTURE_INCHES)
    sizes = [t.get_fontsize() for ax in fig.axes for t in ax.texts]
    assert sizes and min(sizes) >= MIN_TEXT_PT == 10.5 and 10.5 * 96 / 72 == 14
    assert PICTURE_INCHES * 96 == 960


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*/*.yaml")), ids=lambda p: p.stem)
def test_no_label_covers_another_or_any_piece_on_an_opening_board(path):
    """Every label on the opening board (pieces' names, units' names, objectives, the features'
    names) has room of its own: no two overlap, and none lies across a figure or a stand (a tank's
    name beside the tank)."""
    from wgkit.render.scene import body_boxes, text_box

    scene = build_scene(load(path))
    names = [x for x in scene.layers["terrain"] if x.kind == "text" and x.tag.startswith("name:")]
    labels = [(x.text, text_box(x)) for x in scene.layers["units"] + scene.tagged("objective") + names if x.kind == "text"]
    bodies = body_boxes(scene.layers["units"])
    assert labels and bodies

    def overlap(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    crossed = [(a, b) for i, (a, p) in enumerate(labels) for b, q in labels[i + 1:] if overlap(p, q)]
    covered = [(a, piece) for a, p in labels for piece, q in bodies.items() if overlap(p, q)]
    assert crossed == [] and covered == []


def test_one_colour_per_nation_in_every_bundled_scenario_and_lesson():
    """A nation looks the same wherever it fights: each side of every bundled scenario is drawn in
    its nation's colour (none recoloured, so each is legible there), and every lesson's own sides
    name their nation."""
    import json

    from wgkit.render.scene import side_styles
    from wgkit.facts.common import NATION_COLOURS

    drawn = {}
    for path in sorted((ROOT / "scenarios").glob("*/*.yaml")):
        s = load(path)
        for side in s.sides:
            assert side.nationality in NATION_COLOURS, (path.name, side.id)
            drawn.setdefault(side.nationality, set()).add(side_styles(s)[side.id][0])
    assert drawn == {nation: {NATION_COLOURS[nation]} for nation in drawn} and len(drawn) == 4
    from wgkit.render.colour import MIN_BETWEEN_SIDES, difference
    from wgkit.render.style import LEADER

    assert all(difference(c, LEADER) >= MIN_BETWEEN_SIDES for c in NATION_COLOURS.values())  # a leader's ring shows
    for notebook in sorted((ROOT / "notebooks").glob("teach_*.ipynb")):
        for cell in json.loads(notebook.read_text())["cells"]:
            text = "".join(cell["source"])
            if cell["cell_type"] == "code" and "\nsides:" in text:  # a lesson's own scenario
                assert text.count("nationality:") == text.count("\n  - id:", text.index("\nsides:")), notebook.name


def test_named_features_carry_their_names_on_the_board_and_nameless_ones_none():
    """The farm's features by their names, inside an area (else just above or below it) or beside a
    line's middle; a name with
    no room left (every place taken by pieces and their labels) is left off, never drawn across."""
    from wgkit.render.scene import feature_names

    farm = load(FARM)
    scene = build_scene(farm)
    names = {x.text: x.points[0] for x in scene.layers["terrain"] if x.kind == "text" and x.tag.startswith("name:")}
    assert {"Stone farmhouse", "Apple orchard", "Copse"} <= set(names)
    house = next(f for f in farm.terrain if f.name == "Stone farmhouse")
    from wgkit.geometry.shapes import footprint
    from shapely.geometry import Point

    # the house is full of paratroopers: its name goes just above it (inside, it would cover them)
    assert footprint(house.as_mapping()).distance(Point(*names["Stone farmhouse"])) == pytest.approx(0.55 * 0.7)
    assert feature_names(farm, 0.55, [(0, 0, farm.table.width, farm.table.depth)]) == []  # no room anywhere
    bare = farm.with_(terrain=[replace(f, name=None) for f in farm.terrain])
    assert not [x for x in build_scene(bare).layers["terrain"] if x.kind == "text" and x.tag.startswith("name:")]
