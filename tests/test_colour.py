"""Side colours stay legible: against the ground, against each other, and to red-green colour-blind eyes."""

import pytest

from wgkit.render import colour
from wgkit.render.scene import side_styles
from wgkit.render.style import TABLE
from wgkit.scenario import load, loads
from tests.conftest import ROOT


def test_lab_matches_the_published_srgb_values():
    # CIELAB of sRGB white, black and pure red (D65), as tabulated for sRGB
    assert colour._lab(colour._linear("#ffffff")) == pytest.approx([100, 0, 0], abs=0.05)
    assert colour._lab(colour._linear("#000000")) == pytest.approx([0, 0, 0], abs=0.05)
    assert colour._lab(colour._linear("#ff0000")) == pytest.approx([53.24, 80.09, 67.20], abs=0.05)


def test_red_and_green_look_alike_once_red_green_blindness_is_simulated():
    assert colour.difference("#000000", "#ffffff") == pytest.approx(100, abs=0.05)
    # ΔE of pure red and green is about 170 to normal eyes; a dichromat sees them far closer
    assert colour.difference("#ff0000", "#00ff00") < 40
    assert colour.difference("#0072b2", "#d55e00") > 60  # the palette's first two stay apart


def test_a_pair_that_fails_is_replaced_by_the_first_safe_colour_and_a_good_pair_is_kept():
    assert colour.legible(["#c0392b", "#4b7a2f"], [TABLE]) == ["#c0392b", "#0072b2"]
    assert colour.legible(["#6e7b8b", "#707f8f"], [TABLE]) == ["#6e7b8b", "#0072b2"]  # grey beside grey
    assert colour.legible(["#b22222", "#1c1c1c"], [TABLE]) == ["#b22222", "#1c1c1c"]
    # a colour lost in the ground itself is replaced even for the first side
    assert colour.legible([TABLE], [TABLE]) == ["#0072b2"]


def test_olive_figures_in_the_farm_woods_are_shown_in_a_colour_that_stands_out():
    text = (ROOT / "scenarios/close_action/hedgerow_farm.yaml").read_text()
    text = text.replace("    name: US 101st Airborne\n", "    name: US 101st Airborne\n    colour: \"#4b5d2f\"\n")
    sc = loads(text.replace("    name: Fallschirmjäger section\n", "    name: Fallschirmjäger section\n    colour: \"#6e7b8b\"\n"))
    assert [s.colour for s in sc.sides] == ["#4b5d2f", "#6e7b8b"]  # olive is almost the woods' green
    fills = {side: fill for side, (fill, _) in side_styles(sc).items()}
    assert fills == {"us": "#0072b2", "de": "#6e7b8b"}
