"""Terrain from GeoJSON (longitude and latitude, or metres) at each ruleset's ground scale, and back."""

import html
import json
import math

import numpy as np
import pytest

from tests.conftest import ROOT
from wgkit.facts.scale import GroundScale
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
        [[100, 200], [160, 200], [160, 240], [100, 200]]]})), TEN_METRES, units="metres", margin=2)
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
        ({"type": "woods", "name": "tree"}, {"type": "Point", "coordinates": [5, 5]})), TEN_METRES, units="metres")
    assert [f["name"] for f in got.features] == ["holed"]
    assert got.report[1:] == ["keep: terrain type 'castle' is not one of the kit's; left out",
                              "holed: 1 hole(s) dropped (an area is one outline)",
                              "tree: a Point is not terrain (areas and lines only); left out"]


def test_a_file_that_is_not_geojson_is_refused_in_one_line(tmp_path):
    bad = tmp_path / "bad.geojson"
    bad.write_text("[1, 2]")
    with pytest.raises(ValueError, match=r"bad.geojson: a GeoJSON FeatureCollection or Feature is needed"):
        import_terrain(bad, TEN_METRES)
    with pytest.raises(ValueError, match="GeoJSON: no terrain in it"):
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


# A survey in Lambert-93 metres (EPSG:2154, as QGIS writes it) of a 135 m x 90 m patch of bocage:
# at Company Fire's 1" = 7.5 m a 45 m field is one 6" square, so the patch is 3 squares by 2.
X0, Y0 = 402_000.0, 6_905_000.0
SURVEY = {"type": "FeatureCollection", "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::2154"}},
          "features": [
              {"type": "Feature", "properties": {"type": "fields", "name": "Pasture"}, "geometry": {
                  "type": "Polygon", "coordinates": [[[X0, Y0], [X0 + 135, Y0], [X0 + 135, Y0 + 90], [X0, Y0 + 90], [X0, Y0]]]}},
              {"type": "Feature", "properties": {"type": "bocage", "name": "East-west hedgerow"}, "geometry": {
                  "type": "LineString", "coordinates": [[X0, Y0 + 45], [X0 + 135, Y0 + 45]]}},
              {"type": "Feature", "properties": {"type": "bocage", "name": "West hedgerow"}, "geometry": {
                  "type": "LineString", "coordinates": [[X0 + 45, Y0], [X0 + 45, Y0 + 90]]}},
              {"type": "Feature", "properties": {"type": "bocage", "name": "East hedgerow"}, "geometry": {
                  "type": "LineString", "coordinates": [[X0 + 90, Y0], [X0 + 90, Y0 + 90]]}}]}


def test_the_editor_reads_metres_from_the_files_crs_onto_the_square_edges(tmp_path):
    from wgkit.engine.game import Game
    from wgkit.geometry.gridlos import edge_key
    from wgkit.rules.company_fire.lookup import gridmap

    path = tmp_path / "survey.geojson"
    path.write_text(json.dumps(SURVEY))
    e = ScenarioEditor(blank("company_fire", 12, 12))
    assert "ground scale 1\" = 7.5 m" in e.geo_scale.value.replace("&quot;", '"')
    e.geo_file.value = str(path)
    e.geo_import.click()
    report = html.unescape(e.geo_report.value)
    assert e.errors.widget.value == ""
    assert ("4 terrain features, read as metres on the ground (the file's crs: urn:ogc:def:crs:EPSG::2154), "
            "at 1\" = 7.5 m: the ground needs a table of 18\" x 12\"") in report
    assert (e.data["table"]["width"], e.data["table"]["depth"]) == (18, 12)  # 135 m / 7.5, 90 m / 7.5
    hedge = next(f for f in e.data["terrain"] if f.get("name") == "East-west hedgerow")
    assert hedge["line"] == [[0, 6], [18, 6]]  # 45 m north of the corner = 6"
    grid = gridmap(Game(e.draft.scenario)).grid
    at = grid.cell_of
    # by hand: the east-west hedge divides row from row under all three squares; the two
    # north-south hedges (6" and 12" east) divide the columns in both rows
    expected = {edge_key(at(x, 3), at(x, 9)) for x in (3, 9, 15)} | \
               {edge_key(at(a, y), at(b, y)) for y in (3, 9) for a, b in ((3, 9), (9, 15))}
    got = {k for k, (kind, _, _) in gridmap(Game(e.draft.scenario)).edges.items() if kind == "bocage"}
    assert len(expected) == 7 and got == expected


def test_units_chosen_by_hand_refuse_coordinates_they_cannot_hold(tmp_path):
    path = tmp_path / "survey.geojson"
    path.write_text(json.dumps(SURVEY))
    e = ScenarioEditor(blank("company_fire", 12, 12))
    e.geo_file.value = str(path)
    e.geo_units.value = "lonlat"
    e.geo_import.click()
    assert f"{path}: the coordinates run to (402135, 6.90509e+06), beyond ±180°, ±90°: they are not longitude and " \
           "latitude; choose metres or table inches" in e.errors.widget.value
    assert e.data["terrain"] == [] and e.data["table"]["width"] == 12  # nothing was half imported
    with pytest.raises(ValueError, match=r"reach \(-2, 0\): table inches start at 0, 0"):
        import_terrain(collection(({"type": "woods"}, {"type": "Polygon", "coordinates": [
            [[-2, 0], [4, 0], [4, 4], [-2, 0]]]})), TEN_METRES, units="inches")


def test_table_inches_are_taken_as_they_are_and_longitude_latitude_named_in_crs_is_projected():
    got = import_terrain(collection(({"type": "woods"}, {"type": "Polygon", "coordinates": [
        [[2, 3], [8, 3], [8, 7], [2, 3]]]})), TEN_METRES, units="inches")
    assert got.features[0]["polygon"] == [[2, 3], [8, 3], [8, 7]] and got.size == (8, 7)
    lonlat = collection(({"type": "road"}, {"type": "LineString", "coordinates": [[-1.0, 49.0], [-0.999, 49.0]]}))
    lonlat["crs"] = {"type": "name", "properties": {"name": "urn:ogc:def:crs:OGC:1.3:CRS84"}}
    got = import_terrain(lonlat, TEN_METRES)
    # a thousandth of a degree east at 49 degrees north: 111.195 m x cos 49 = 72.950 m = 7.295"
    assert got.units == "lonlat" and got.features[0]["line"] == [[0, 0], [7.295, 0]]


def test_an_export_in_metres_says_so_and_reads_back_as_metres(tmp_path):
    d = Draft(blank("company_fire", 12, 12))
    d.import_geojson(SURVEY)
    path = tmp_path / "out.geojson"
    d.export_geojson(path)
    out = json.loads(path.read_text())
    assert out["crs"]["properties"]["name"] == "wgkit:local-metres"
    assert out["features"][1]["geometry"]["coordinates"] == [[X0, Y0 + 45], [X0 + 135, Y0 + 45]]
    back = import_terrain(path, d.ruleset.scale)
    assert back.units == "metres" and back.features[1]["line"] == [[0, 6], [18, 6]]


def _named(doc, name):
    return {**doc, "crs": {"type": "name", "properties": {"name": name}}}


@pytest.mark.parametrize("name", ["EPSG:4171", "urn:ogc:def:crs:EPSG::4171", "EPSG:4326", "OGC:CRS84",
                                  "urn:ogc:def:crs:OGC:1.3:CRS84", "EPSG:4258"])
def test_any_geographic_crs_is_read_as_longitude_and_latitude(name):
    """RGF93 (EPSG:4171, France's official system), ETRS89 and WGS 84 agree to within a metre,
    so a thousandth of a degree east at 49 degrees north lands where it does in the first test."""
    doc = _named(collection(({"type": "road"}, {"type": "LineString", "coordinates": [
        [-1.0, 49.0], [-0.999, 49.0], [-0.999, 49.001]]})), name)
    got = import_terrain(doc, TEN_METRES)
    assert got.units == "lonlat" and f"(the file's crs: {name})" in got.report[0]
    assert np.allclose(got.features[0]["line"], [[0, 0], [7.295, 0], [7.295, 11.12]], atol=0.002, rtol=0)


def test_a_crs_in_grads_from_the_paris_meridian_is_transformed_to_degrees():
    """NTF (Paris), EPSG:4807: longitudes counted from Paris (2.33722917 degrees east of Greenwich)
    in grads (0.9 of a degree). 0.001 grad north is 0.0009 degree: 100.08 m on the mean sphere,
    about 100.0 m on the ellipsoid at 49 degrees."""
    doc = _named(collection(({"type": "road"}, {"type": "LineString", "coordinates": [
        [-3.8, 54.4], [-3.8, 54.401]]})), "EPSG:4807")
    got = import_terrain(doc, TEN_METRES)
    (road,) = got.features
    assert road["line"][0] == [0, 0] and road["line"][1][0] == pytest.approx(0, abs=0.02)
    assert road["line"][1][1] == pytest.approx(10.0, abs=0.05)  # 100 m at 10 m to the inch
    lon, lat = got.origin
    assert lon == pytest.approx(2.33722917 - 3.8 * 0.9, abs=0.001) and lat == pytest.approx(54.4 * 0.9, abs=0.01)


def test_a_projected_crs_in_feet_is_read_in_metres():
    """New York's state plane in US survey feet (EPSG:2263): 1,000 ft east is 304.8 m, 30.48"
    at 10 m to the inch."""
    doc = _named(collection(({"type": "road"}, {"type": "LineString", "coordinates": [
        [980_000, 200_000], [981_000, 200_000], [981_000, 200_500]]})), "EPSG:2263")
    got = import_terrain(doc, TEN_METRES)
    assert got.units == "metres"
    assert np.allclose(got.features[0]["line"], [[0, 0], [30.48, 0], [30.48, 15.24]], atol=0.001, rtol=0)
    legacy = {**doc, "crs": {"type": "EPSG", "properties": {"code": 2263}}}  # GeoJSON 2008's other form
    assert import_terrain(legacy, TEN_METRES).features == got.features


@pytest.mark.parametrize("name, says", [
    ("EPSG:999999", "the crs 'EPSG:999999' is not a coordinate system pyproj knows"),
    ("urn:x-made-up:crs", "the crs 'urn:x-made-up:crs' is not a coordinate system pyproj knows"),
    ("EPSG:4978", "the crs 'EPSG:4978' is a Geocentric CRS: neither longitude and latitude nor a projected grid"),
])
def test_a_crs_the_kit_cannot_read_is_one_line(name, says, tmp_path):
    path = tmp_path / "odd.geojson"
    path.write_text(json.dumps(_named(SURVEY, name)))
    with pytest.raises(ValueError) as refused:
        import_terrain(path, TEN_METRES)
    assert str(refused.value).startswith(f"{path}: {says}") and "\n" not in str(refused.value)


def test_terrain_with_no_extent_on_the_table_is_refused():
    """Degrees read as metres by hand: a thousandth of a degree is a millimetre of ground, 0.0001"."""
    doc = collection(({"type": "woods"}, {"type": "Polygon", "coordinates": [
        [[-1.0, 49.0], [-0.999, 49.0], [-0.999, 49.001], [-1.0, 49.0]]]}))
    with pytest.raises(ValueError, match=r"^GeoJSON: read as metres on the ground, the terrain spans 0\.000\" x 0\.000\" "
                                         r"at 1\" = 10 m: no ground at all; name the file's crs, or choose other units$"):
        import_terrain(doc, TEN_METRES, units="metres")


def test_an_import_on_a_square_grid_grows_the_table_by_whole_squares_and_a_partial_square_is_refused():
    """Company Fire's 6" squares: the sample's ground needs 40" x 30", so the 12" x 12" table grows
    to 42" x 30" (seven squares by five), never to a strip no unit could stand on."""
    d = Draft(blank("company_fire", 12, 12))
    report = d.import_geojson(SAMPLE)
    assert report[-1] == 'the table grows from 12" x 12" to 42" x 30"'
    assert d.problems() == []
    d.set_table(40, 30)
    assert [p.split(": ", 1)[1] for p in d.problems()] == \
        ['table.width: a 40" width holds 6 whole 6" squares and part of another: make it 36" or 42"']
