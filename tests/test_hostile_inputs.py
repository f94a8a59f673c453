"""Hostile files that are not scenarios: GeoJSON to import, variants to sweep, pictures to trace.
Each is refused in one line, naming the file, within 2 s, before the costly work starts."""

import json
import time

import pytest
import yaml
from PIL import Image

from tests.conftest import ROOT
from wgkit.cli import main
from wgkit.facts.scale import GroundScale
from wgkit.scenario.draft import Draft, blank
from wgkit.scenario.geojson import MAX_BYTES, MAX_FEATURES, MAX_VERTICES, import_terrain
from wgkit.scenario.picture import MAX_PIXELS
from wgkit.scenario.validate import MAX_PIECES
from wgkit.widgets import ScenarioEditor

FARM = ROOT / "scenarios/close_action/hedgerow_farm.yaml"
TEN_METRES = GroundScale(10, "m")


def woods(ring, **props):
    return {"type": "Feature", "properties": {"type": "woods", **props},
            "geometry": {"type": "Polygon", "coordinates": [ring]}}


def collection(*features):
    return {"type": "FeatureCollection", "features": list(features)}


def ring(n):
    """A closed ring of ``n`` distinct vertices, a few hundred metres across, written as integers."""
    pts = [[i % 500, i // 500 + (i % 2)] for i in range(n)]
    return pts + [pts[0]]


def refused_in_time(call) -> str:
    start = time.perf_counter()
    with pytest.raises(ValueError) as err:
        call()
    assert time.perf_counter() - start < 2.0
    text = str(err.value)
    assert "\n" not in text
    return text


@pytest.mark.parametrize("text, says", [
    ('{"type": "FeatureCollection", "features": [' + "[" * 50_000 + "]" * 50_000 + "]}",
     "hostile.geojson: the file nests deeper than 16 levels"),
    ('{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"type": "woods"}, "geometry": '
     '{"type": "Polygon", "coordinates": [[[0, 0], [Infinity, 0], [1, 1], [0, 0]]]}}]}',
     "Infinity is not a number GeoJSON allows (numbers must be finite)"),
    ('{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"type": "woods"}, "geometry": '
     '{"type": "Polygon", "coordinates": [[[0, 0], [NaN, 0], [1, 1], [0, 0]]]}}]}',
     "NaN is not a number GeoJSON allows (numbers must be finite)"),
    ('{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"type": "woods"}, "geometry": '
     '{"type": "Polygon", "coordinates": [[[0, 0], [1e999, 0], [1, 1], [0, 0]]]}}]}',
     "1e999 is not a number GeoJSON allows (numbers must be finite)"),
    (json.dumps(collection(woods(ring(MAX_VERTICES + 1)))),
     f"hostile.geojson: more than {MAX_VERTICES:,} vertices"),
    (json.dumps(collection(*[woods([[0, 0], [1, 0], [1, 1], [0, 0]])] * (MAX_FEATURES + 1))),
     f"hostile.geojson: {MAX_FEATURES + 1:,} features; the limit is {MAX_FEATURES:,}"),
    (json.dumps(collection(woods([[0, 0], [1, 0], [1, 1], [0, 0]]) | {"properties": [1, 2]})),
     "hostile.geojson: no terrain in it: each feature needs a 'type' property naming a terrain type "
     "(feature 1: its properties are not an object; left out)"),
    (json.dumps(collection(woods([[0, 0], [1, 0], [1, 1], [0, 0]], type=["woods"]))),
     "feature 1: terrain type ['woods'] is not one of the kit's; left out"),
    (json.dumps(collection(woods([[0, 0], [100000, 0], [100000, 5], [0, 0]]))),
     "hostile.geojson: the coordinates run to (100000, 5), beyond ±180°, ±90°: they are not longitude and latitude; "
     "choose metres or table inches"),
])
def test_a_hostile_geojson_is_one_line_within_2_s(text, says, tmp_path):
    path = tmp_path / "hostile.geojson"
    path.write_text(text)
    got = refused_in_time(lambda: import_terrain(path, TEN_METRES))
    assert says in got


def test_a_geojson_of_a_million_vertices_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    path = tmp_path / "million.geojson"
    path.write_text(json.dumps(collection(woods([[i % 90, i % 89] for i in range(1_000_000)]))))
    assert path.stat().st_size < MAX_BYTES  # small enough to be read
    import wgkit.scenario.geojson as geojson

    def never(*args, **kwargs):
        raise AssertionError("the file was parsed")
    monkeypatch.setattr(geojson.json, "loads", never)
    assert refused_in_time(lambda: import_terrain(path, TEN_METRES)) == (
        f"{path}: more than {MAX_VERTICES:,} vertices; the limit keeps the table quick to draw (simplify the outlines first)")


def test_a_geojson_larger_than_the_limit_is_refused_unread(tmp_path):
    path = tmp_path / "big.geojson"
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES + 1)  # a sparse file: its bytes are never parsed
    assert refused_in_time(lambda: import_terrain(path, TEN_METRES)) == \
        f"{path}: the file has {MAX_BYTES + 1:,} bytes; the limit is {MAX_BYTES:,}"


def test_ground_too_large_for_any_table_is_refused():
    # two woods 100 km apart, in metres: at 1" = 10 m the ground spans 100,010 m = 10,001" by 10 m = 1"
    far = collection(woods([[0, 0], [10, 0], [10, 10], [0, 0]]), woods([[100_000, 0], [100_010, 0], [100_010, 10], [100_000, 0]]))
    assert refused_in_time(lambda: import_terrain(far, TEN_METRES, units="metres")) == (
        'GeoJSON: the ground needs a table of 10,001" x 1" at 1" = 10 m; the limit is 10,000" a side')


def test_the_largest_allowed_outline_imports_within_2_s():
    start = time.perf_counter()
    got = import_terrain(collection(woods(ring(MAX_VERTICES - 1))), TEN_METRES, units="metres")
    assert time.perf_counter() - start < 2.0
    assert len(got.features) == 1 and len(got.features[0]["polygon"]) == MAX_VERTICES - 1


def test_non_text_names_are_dropped_not_carried_into_the_scenario():
    got = import_terrain(collection(woods([[0, 0], [10, 0], [10, 10], [0, 0]], name={"a": 1}, height="high")),
                         TEN_METRES, units="metres")
    assert got.features[0] == {"type": "woods", "polygon": [[0, 0], [1, 0], [1, 1]]}


def test_the_editor_shows_a_hostile_geojson_as_one_line_and_keeps_the_table(tmp_path):
    path = tmp_path / "hostile.geojson"
    path.write_text('{"type": "Feature", "properties": {"type": "woods"}, "geometry": '
                    '{"type": "Polygon", "coordinates": [[[0, 0], [-Infinity, 0], [1, 1], [0, 0]]]}}')
    e = ScenarioEditor(blank("easy_company", 24, 18))
    e.geo_file.value = str(path)
    e.geo_import.click()
    assert e.errors.messages == [f"{path}: not a readable GeoJSON file (-Infinity is not a number GeoJSON allows "
                                 f"(numbers must be finite))"]
    assert e.data["terrain"] == [] and e.data["table"]["width"] == 24


def test_a_picture_with_too_many_pixels_is_refused_from_its_header(tmp_path):
    Image.new("1", (20_000, 20_000)).save(tmp_path / "huge.png")  # 400 M pixels, a small file
    Image.new("1", (7_000, 7_000)).save(tmp_path / "large.png")  # 49 M: over the limit, under Pillow's own
    e = ScenarioEditor(blank("close_action", 24, 24), path=tmp_path / "new.yaml")
    for name, says in (("huge.png", f"the picture has more than {MAX_PIXELS:,} pixels, the limit"),
                       ("large.png", f"the picture has 7,000 x 7,000 pixels; the limit is {MAX_PIXELS:,}")):
        start = time.perf_counter()
        e.picture.value = str(tmp_path / name)
        e.picture_button.click()
        assert time.perf_counter() - start < 2.0
        assert e.errors.messages[-1] == f"{tmp_path / name}: {says}"
    assert "background" not in e.data


def test_a_variant_adding_thousands_of_figures_is_one_line_within_2_s(tmp_path, capsys):
    horde = [[2 + (i % 80) * 0.5, 2 + (i // 80) * 0.5] for i in range(5_000)]
    vary = tmp_path / "vary.yaml"
    vary.write_text(yaml.safe_dump({"variants": [{"name": "horde", "changes": [
        {"add_unit": {"side": "de", "kind": "squad", "positions": horde}}]}]}))
    start = time.perf_counter()
    assert main(["simulate", str(FARM), "--vary", str(vary), "-n", "2", "--jobs", "1", "--quiet"]) == 1
    assert time.perf_counter() - start < 2.0
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"{vary}:4:7: variants[0].changes[0].add_unit: 5,000 more pieces would make 5,024; "
                   f"the limit is {MAX_PIECES:,} figures and stands"]


def test_a_scenario_file_with_more_pieces_than_the_limit_is_one_line(tmp_path, capsys):
    draft = Draft.open(FARM, save_to=tmp_path / "crowd.yaml")
    unit = draft.data["sides"][1]["units"][0]
    unit["figures"] += [{"id": f"extra{i}", "position": [1 + i % 40, 30]} for i in range(MAX_PIECES)]
    path = tmp_path / "crowd.yaml"
    path.write_text(yaml.safe_dump(draft.data, sort_keys=False))
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and err[0].endswith(f": {MAX_PIECES + 24:,} figures and stands; the limit is {MAX_PIECES:,}")
