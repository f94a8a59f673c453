"""A picture under the table: pinned by two pixels, drawn under the terrain, saved with the scenario."""

import numpy as np
import pytest
from PIL import Image

from wgkit.render.scene import build_scene
from wgkit.render.static import figure
from wgkit.scenario import ScenarioError, load, loads
from wgkit.scenario.draft import Draft, blank
from wgkit.scenario.model import Background
from wgkit.widgets import ScenarioEditor

RED = (200, 30, 30)


def sketch(path, size=(200, 100)):
    """A 200 x 100 px sketch map: pale paper with a red square at columns 150-169, rows 20-39."""
    a = np.full((size[1], size[0], 3), 240, np.uint8)
    a[20:40, 150:170] = RED
    Image.fromarray(a).save(path)
    return path


def test_two_pins_set_scale_rotation_and_place():
    # pixel (0, 0) on (10, 30) and pixel (100, 0) on (10, 40): 0.1" a pixel, and the picture turned a
    # quarter anticlockwise, its top edge running up the table and its rows (downwards) to the right
    bg = Background("map.png", (((0, 0), (10, 30)), ((100, 0), (10, 40))))
    ar, ai, br, bi = bg.affine()
    assert (ar, ai, br, bi) == pytest.approx((0, 0.1, 10, 30))
    u, v = 50, 20  # half way along the top edge (5" up from (10, 30)), 20 rows down it (2" to the right)
    assert (ar * u + ai * v + br, ai * u - ar * v + bi) == pytest.approx((12, 35))


def test_the_background_is_saved_with_the_scenario_and_copied_beside_it(tmp_path):
    pics = tmp_path / "pictures"
    pics.mkdir()
    d = Draft(blank("close_action", 48, 36))
    d.save(tmp_path / "traced.yaml")
    d.set_background(sketch(pics / "sketch.png"))
    assert (tmp_path / "sketch.png").read_bytes() == (pics / "sketch.png").read_bytes()
    assert d.data["background"] == {"image": "sketch.png", "points": [[0, 0, 0, 36], [200, 0, 48, 36]]}
    d.pin_background((160, 30), (10, 10))
    d.save()
    s = load(tmp_path / "traced.yaml")
    assert s.background.points == (((200, 0), (48, 36)), ((160, 30), (10, 10)))
    scene = build_scene(s)
    assert scene.backdrop is not None and scene.backdrop.size == (200, 100)


def test_the_picture_is_drawn_under_the_terrain_where_its_pins_say(tmp_path):
    sketch(tmp_path / "sketch.png")
    d = Draft(blank("close_action", 48, 36), tmp_path / "s.yaml")
    d.set_background(tmp_path / "sketch.png", opacity=1.0)  # 0.24" a pixel: the square at x 36-40.8, y 26.4-31.2
    fig = figure(build_scene(d.scenario), inches_wide=4.8)
    fig.canvas.draw()
    rgba = np.asarray(fig.canvas.buffer_rgba())
    ax = fig.axes[0]
    to_px = ax.transData.transform
    for (x, y), colour in [((38.4, 28.8), RED), ((20, 30), (240, 240, 240)), ((20, 5), None)]:
        px, py = to_px((x, y))
        got = tuple(int(c) for c in rgba[int(rgba.shape[0] - py), int(px)][:3])
        if colour is None:  # below the picture: the table's own colour
            assert got != (240, 240, 240) and got != RED
        else:
            assert all(abs(a - b) <= 12 for a, b in zip(got, colour)), (x, y, got)


def test_a_missing_picture_is_said_on_the_table_and_the_game_goes_on(tmp_path):
    text = """title: Lost map
ruleset: close_action
table: {width: 24, depth: 24}
background: {image: gone.png, points: [[0, 0, 0, 24], [100, 0, 24, 24]]}
sides:
  - {id: a, name: A, role: attacker, units: [{id: u, kind: squad, figures: [{id: f, position: [1, 1]}]}]}
  - {id: b, name: B, role: defender, units: [{id: v, kind: squad, figures: [{id: g, position: [2, 2]}]}]}
"""
    (tmp_path / "lost.yaml").write_text(text)
    scene = build_scene(load(tmp_path / "lost.yaml"))
    assert scene.backdrop is None
    (note,) = scene.tagged("backdrop-missing")
    assert note.text.endswith("gone.png: the background picture is not there")


@pytest.mark.parametrize("background, line", [
    ("{image: ../secret.png, points: [[0, 0, 0, 24], [100, 0, 24, 24]]}",
     "bg.yaml:4:21: background.image: '../secret.png' is not valid here (a PNG or JPEG file in the scenario's folder)"),
    ("{image: map.gif, points: [[0, 0, 0, 24], [100, 0, 24, 24]]}",
     "bg.yaml:4:21: background.image: 'map.gif' is not valid here (a PNG or JPEG file in the scenario's folder)"),
    ("{image: map.png, points: [[0, 0, 0, 24], [0, 0, 24, 24]]}",
     "bg.yaml:4:38: background.points: the two points must be different pixels on different table points"),
    ("{image: map.png, points: [[0, 0, 0, 24]]}", "bg.yaml:4:38: background.points: needs at least 2 items, got 1"),
])
def test_a_broken_background_is_one_line(background, line):
    text = f"""title: Bad map
ruleset: close_action
table: {{width: 24, depth: 24}}
background: {background}
sides:
  - {{id: a, name: A, role: attacker, units: [{{id: u, kind: squad, figures: [{{id: f, position: [1, 1]}}]}}]}}
  - {{id: b, name: B, role: defender, units: [{{id: v, kind: squad, figures: [{{id: g, position: [2, 2]}}]}}]}}
"""
    with pytest.raises(ScenarioError) as err:
        loads(text, "bg.yaml")
    assert str(err.value) == line


def test_the_pin_tool_moves_the_picture_with_two_clicks(tmp_path):
    e = ScenarioEditor(Draft(blank("close_action", 48, 36), tmp_path / "s.yaml"))
    e.picture.value = str(sketch(tmp_path / "sketch.png"))
    e.picture_button.click()
    assert e.errors.widget.value == "" and e.canvas.scene.backdrop is not None
    e.tool.value = "pin"
    e.click(38.4, 28.8)  # the red square's centre as drawn: pixel (160, 30)
    assert "pixel (160, 30)" in e.pin_help.value
    e.click(12, 12)
    assert e.data["background"]["points"][1] == [160, 30, 12, 12]
    assert "Landmark 1 pinned. Pin a second" in e.pin_help.value
    e.click(24, 24)  # a second landmark: the hint no longer asks for one
    e.click(30, 30)
    assert "Both landmarks pinned" in e.pin_help.value and "second" not in e.pin_help.value
    e.undo()
    e.undo()
    assert e.data["background"]["points"][1] == [200, 0, 48, 36]
