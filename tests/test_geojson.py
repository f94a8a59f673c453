"""Terrain from GeoJSON (longitude and latitude, or metres) at each ruleset's ground scale, and back."""

import json
import math

import pytest

from tests.conftest import ROOT
from wgkit.geometry.scale import GroundScale
from wgkit.scenario.draft import Draft, blank
from wgkit.scenario.geojson import import_terrain
from wgkit.widgets import ScenarioEditor

SAMPLE = ROOT / "tests/data/bocage_saint_lo.geojson"
TEN_METRES = GroundScale(10, "m")  # Easy Company: 1" = 10 m


def collection(*features):
    return {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": props, "geometry": geom} for props, geom in features]}


def test_a_thousandth_of_a_degree_north_and_east_in_table_inches():
    lat0 = 49.0
    north = 6_371_008.8 * math.pi / 180 * 0.001  # 111.195 m
    east = north * math.cos(math.radians(lat0))  # 72.950 m at 49 degrees north
    got = import_terrain(collection(({"type": "road"}, {"type": "LineString", "coordinates": [
        [-1.0, lat0], [-0.999, lat0], [-0.999, lat0 + 0.001]]})), TEN_METRES)
    (road,) = got.features
    assert road["line"] == [[0, 0], [round(east / 10, 3), 0], [round(east / 10, 3), round(north / 10, 3)]]
    assert road["line"][2] == [7.295, 11.12]
    assert got.origin == (-1.0, lat0) and got.size == (8, 12)


def test_metres_need_no_projection_and_a_margin_frames_the_ground():
    got = import_terrain(collection(({"type": "woods", "name": "Copse"}, {"type": "Polygon", "coordinates": [
        [[100, 200], [160, 200], [160, 240], [100, 200]]]})), TEN_METRES, metres=True, margin=2)
    assert got.features == [{"name": "Copse", "type": "woods", "polygon": [[2, 2], [8, 2], [8, 6]]}]
    assert got.size == (10, 8) and got.origin == [80.0, 180.0]


def test_the_sample_hedgerows_import_whole_at_easy_company_scale():
    got = import_terrain(SAMPLE, TEN_METRES)
    kinds = sorted(f["type"] for f in got.features)
    assert kinds == ["bocage"] * 7 + ["buildings", "fields", "hedge", "orchard", "road", "woods"]
    assert got.size == (30, 22)  # 300 m by 220 m of ground at 10 m to the inch
    lane = next(f for f in got.features if f.get("name") == "Sunken lane")
    # 5 m wide, 110 m north of the corner (the file keeps 7 decimals of a degree: 1 cm, 0.001")
    assert lane["width"] == 0.5 and lane["line"][0] == pytest.approx([0, 11], abs=0.002)
    wheat = next(f for f in got.features if f["type"] == "fields")
    assert wheat["variant"] == "full-grown" and wheat["polygon"][0] == pytest.approx([3.5, 12.5], abs=0.002)


def test_what_is_not_terrain_is_left_out_and_said():
    got = import_terrain(collection(
        ({"type": "woods", "name": "holed"}, {"type": "Polygon", "coordinates": [
            [[0, 0], [50, 0], [50, 50], [0, 50], [0, 0]], [[10, 10], [20, 10], [20, 20], [10, 10]]]}),
        ({"type": "castle", "name": "keep"}, {"type": "Point", "coordinates": [5, 5]}),
        ({"type": "woods", "name": "tree"}, {"type": "Point", "coordinates": [5, 5]})), TEN_METRES, metres=True)
    assert [f["name"] for f in got.features] == ["holed"]
    assert got.report[1:] == ["keep: terrain type 'castle' is not one of the kit's; left out",
                              "holed: 1 hole(s) dropped (an area is one outline)",
                              "tree: a Point is not terrain (areas and lines only); left out"]


def test_a_file_that_is_not_geojson_is_refused_in_one_line(tmp_path):
    bad = tmp_path / "bad.geojson"
    bad.write_text("[1, 2]")
    with pytest.raises(ValueError, match=r"bad.geojson: a GeoJSON FeatureCollection or Feature is needed"):
        import_terrain(bad, TEN_METRES)
    with pytest.raises(ValueError, match="no terrain in the GeoJSON"):
        import_terrain(collection(), TEN_METRES)


def test_export_then_import_gives_the_same_table(tmp_path):
    d = Draft(blank("company_fire", 12, 12))
    d.import_geojson(SAMPLE)
    path = tmp_path / "out.geojson"
    d.export_geojson(path)
    back = import_terrain(path, d.ruleset.scale, origin=d.geo_origin)
    mine = [f.get("polygon") or f.get("line") for f in d.data["terrain"]]
    theirs = [f.get("polygon") or f.get("line") for f in back.features]
    assert len(mine) == len(theirs) == 13
    for a, b in zip(mine, theirs):
        assert [c for p in a for c in p] == pytest.approx([c for p in b for c in p], abs=0.002)
    exported = json.loads(path.read_text())
    assert exported["features"][0]["properties"] == {"id": "road1", "type": "road", "name": "Sunken lane", "width_m": 5.0}


def test_editor_imports_the_sample_from_its_form_and_draws_it():
    e = ScenarioEditor(blank("easy_company", 24, 18))
    e.geo_file.value = str(SAMPLE)
    e.geo_import.click()
    assert e.errors.widget.value == "" and "the table grows from 24\" x 18\" to 30\" x 22\"" in e.geo_report.value.replace("&quot;", '"')
    assert e.problems() == [] and (e.canvas.width, e.canvas.depth) == (30, 22)
    assert len(e.canvas.scene.layers["terrain"]) >= 13
    e.undo()
    assert e.data["terrain"] == [] and e.data["table"]["width"] == 24
