"""Hostile scenario files: YAML's sharper features, numbers and text no field can hold, and the
time budget for reading and drawing any file within the size limit."""

import copy
import math
import re
import time

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT
from tests.test_scenario_errors import VALID
from wgkit.cli import main
from wgkit.render.scene import build_scene
from wgkit.render.static import render
from wgkit.scenario import ScenarioError, load, loads
from wgkit.scenario.reader import MAX_BYTES
from wgkit.scenario.validate import MAX_PIECES

ORCHARD = (ROOT / "scenarios/company_fire/tutorial_orchard_gate.yaml").read_text()
ONE_LINE = re.compile(r"^[^\n:]+\.yaml:\d+:\d+: \S+: [^\n]+$")


def refusal(text: str, tmp_path, capsys) -> str:
    """What ``wgkit validate`` prints for ``text``: exactly one line and exit status 1."""
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == "1 of 1 file invalid"
    assert len(err) == 2 and ONE_LINE.match(err[0]), err
    return err[0].replace(str(path), "FILE")


@pytest.mark.parametrize("text, expected", [
    (VALID.replace("title: Test", "title: &r [*r]"),
     "FILE:1:12: title[0]: alias *r stands for a value that contains it (a recursive alias)"),
    (VALID.replace("title: Test", "title: *nowhere"),
     "FILE:1:8: title: alias *nowhere is used before any &nowhere is defined"),
    (VALID.replace("width: 48", "width: " + "9" * 5000),
     "FILE:4:10: table.width: number is written with 5,000 characters (the limit is 40)"),
    (VALID.replace("width: 48", f"width: {10 ** 4000}"),
     "FILE:4:10: table.width: number is written with 4,001 characters (the limit is 40)"),
    (VALID.replace("position: [5, 10]", "position: [5, 10], facing: 1e400"),
     "FILE:20:49: sides[0].units[0].figures[0].facing: inf is not allowed (numbers must be finite)"),
    (VALID.replace("position: [5, 10]", "position: [5, 10], facing: 1e20"),
     "FILE:20:49: sides[0].units[0].figures[0].facing: number is too large (the limit is 1e+15 either way)"),
    (VALID.replace("position: [5, 10]", "position: [5, 10], facing: .nan"),
     "FILE:20:49: sides[0].units[0].figures[0].facing: nan is not allowed (numbers must be finite)"),
    (VALID.replace("title: Test", 'title: "a\\x07b"'),
     "FILE:1:8: title: text holds the control character U+0007 (only tabs and line breaks)"),
    (VALID.replace("title: Test", 'title: "a\\x85b"'),
     "FILE:1:8: title: text holds the control character U+0085 (only tabs and line breaks)"),
    (VALID.replace("title: Test", "title: " + "T" * 1_500_000),
     "FILE:1:8: title: text is 1,500,000 characters long (the limit is 10,000)"),
    (VALID.replace("name: Attackers", "name: " + "A" * 10_001),
     "FILE:12:11: sides[0].name: text is 10,001 characters long (the limit is 10,000)"),
    (VALID.replace("polygon: [[1, 1], [10, 1], [10, 8]]", "rectangle: {center: [5, 5], size: [-1e15, 3]}"),
     "FILE:9:40: terrain[0].rectangle.size[0]: must be greater than 0, got -1000000000000000.0"),
    (VALID.replace("type: woods", "type: hill\n    height: 1000000"),
     "FILE:9:13: terrain[0].height: must be at most 50, got 1000000"),
    (VALID.replace("position: [5, 10]", "position: [5, 10], facing: 360"),
     "FILE:20:49: sides[0].units[0].figures[0].facing: must be less than 360, got 360"),
    (VALID.replace("position: [5, 10]", "position: [5, 10], facing: -90"),
     "FILE:20:49: sides[0].units[0].figures[0].facing: must be at least 0, got -90"),
    (VALID.replace("width: 48", "width: 20000"),
     "FILE:4:10: table.width: must be at most 10000, got 20000"),
    (ORCHARD.replace("grid: {type: square, size: 6}", "grid: {type: square, size: 0.01}"),
     "FILE:17:30: table.grid.size: the grid would have 3,600 x 3,000 cells; the limit is 20,000 cells"),
    (VALID.replace("title: Test", "title: Test\n<<: [1, 2]"),
     "FILE:2:1: (document): '<<' merges a mapping or a list of mappings into this one"),
    (VALID.replace("title: Test", "title: !!python/object:os.system x"),
     "FILE:1:8: title: tag 'tag:yaml.org,2002:python/object:os.system' is not allowed (only plain YAML "
     "values; nothing is executed)"),
])
def test_hostile_yaml_is_one_line_and_exit_1(text, expected, tmp_path, capsys):
    assert refusal(text, tmp_path, capsys) == expected


def test_a_lone_surrogate_is_refused_by_either_parser(tmp_path, capsys, monkeypatch):
    text = VALID.replace("title: Test", 'title: "a\\ud800b"')
    assert refusal(text, tmp_path, capsys).startswith("FILE:1:")
    import wgkit.scenario.reader as reader

    monkeypatch.setattr(reader, "_LOADER", yaml.SafeLoader)  # the pure-Python parser lets it through
    assert refusal(text, tmp_path, capsys) == \
        "FILE:1:8: title: text holds a lone surrogate (an escape such as \\ud800 that is no character)"


def test_merge_keys_work_and_name_the_line_of_their_use():
    text = VALID.replace("      - id: sq2\n        kind: squad\n",
                         "      - id: sq2\n        <<: {kind: squad, quality: veteran}\n")
    scenario = loads(text, "merge.yaml")
    unit = scenario.sides[1].units[0]
    assert (unit.kind, unit.quality) == ("squad", "veteran")
    # explicit keys win over merged ones; a problem in a merged value points at the '<<' line
    bad = text.replace("<<: {kind: squad, quality: veteran}", "<<: {kind: mob, quality: veteran}")
    with pytest.raises(ScenarioError) as caught:
        loads(bad, "merge.yaml")
    line = next(i for i, t in enumerate(bad.splitlines(), 1) if "<<:" in t)
    assert str(caught.value).startswith(f"merge.yaml:{line}:9: sides[1].units[0].kind: ")
    explicit = text.replace("<<: {kind: squad, quality: veteran}", "<<: {kind: squad, quality: veteran}\n"
                            "        quality: green")
    assert loads(explicit, "merge.yaml").sides[1].units[0].quality == "green"


def test_anchors_and_aliases_share_a_unit_template_within_the_file():
    text = VALID.replace("          - {id: g1, position: [20, 30], weapons: [lmg]}\n",
                         "          - &man {id: g1, position: [20, 30], weapons: [lmg]}\n"
                         "          - {<<: *man, id: g2, position: [22, 30]}\n")
    scenario = loads(text, "alias.yaml")
    g2 = scenario.sides[1].units[0].pieces[1]
    assert (g2.id, g2.position, g2.weapons) == ("g2", (22, 30), ("lmg",))


def test_one_parse_with_the_c_parser():
    import wgkit.scenario.reader as reader

    if not yaml.__with_libyaml__:
        pytest.skip("PyYAML built without libyaml")
    assert reader._LOADER is yaml.CSafeLoader
    calls = []

    class Counting(yaml.CSafeLoader):
        def __init__(self, stream):
            calls.append(1)
            super().__init__(stream)

    original = reader._LOADER
    reader._LOADER = Counting
    try:
        load(ROOT / "scenarios/close_action/hedgerow_farm.yaml")
    finally:
        reader._LOADER = original
    assert calls == [1]


def test_a_long_polygon_is_refused_for_its_size_without_mentioning_aliases():
    polygon = ", ".join(f"[{1 + i * 1e-4:.4f}, 1]" for i in range(20_000))
    with pytest.raises(ScenarioError) as caught:
        loads(VALID.replace("polygon: [[1, 1], [10, 1], [10, 8]]", f"polygon: [{polygon}]"), "big.yaml")
    message = str(caught.value)
    assert "the file holds too many values; the limit is 40,000" in message and "alias" not in message


# -- the budget: any file up to the size limit is read in under 2 s, drawn in under 5 s ---------

BASE = yaml.safe_load((ROOT / "scenarios/close_action/tutorial_crossroads.yaml").read_text())


def _many_features(n: int) -> dict:
    doc = copy.deepcopy(BASE)
    doc["terrain"] = [{"id": f"w{i}", "type": "woods", "polygon": [
        [(i % 70) * 0.5, (i // 70) * 0.5], [(i % 70) * 0.5 + 0.4, (i // 70) * 0.5],
        [(i % 70) * 0.5 + 0.4, (i // 70) * 0.5 + 0.4]]} for i in range(n)]
    return doc


def _many_figures(n: int) -> dict:
    doc = copy.deepcopy(BASE)
    figures = doc["sides"][0]["units"][1]["figures"]
    figures += [{**figures[1], "id": f"f{i}", "position": [0.5 + (i % 70) * 0.5, 0.5 + (i // 70) * 0.4]}
                for i in range(n)]
    return doc


def _one_big_polygon(n: int) -> dict:
    doc = copy.deepcopy(BASE)
    doc["terrain"].append({"id": "big", "type": "woods", "polygon": [
        [round(18 + 10 * math.cos(2 * math.pi * i / n) * (1 + 0.05 * math.sin(i)), 4),
         round(18 + 10 * math.sin(2 * math.pi * i / n) * (1 + 0.05 * math.sin(i)), 4)] for i in range(n)]})
    return doc


def _long_texts() -> dict:
    doc = copy.deepcopy(BASE)
    doc["title"], doc["description"] = "T" * 10_000, "word " * 2_000
    for side in doc["sides"]:
        for unit in side["units"]:
            unit["name"] = "N" * 10_000
            for figure in unit["figures"]:
                figure["name"] = "W " * 5_000
    return doc


WORST = {  # the largest valid files of each shape the limits allow, and a few just past them
    "3,000 terrain features": _many_features(3_000),
    "3,000 figures, the limit": _many_figures(MAX_PIECES - sum(len(u.get("figures", [])) for sd in BASE["sides"]
                                                               for u in sd["units"])),
    "3,001 figures (refused)": _many_figures(MAX_PIECES + 1),
    "a 13,000-vertex wood": _one_big_polygon(13_000),
    "every text at its limit": _long_texts(),
    "4,000 terrain features (refused)": _many_features(4_000),
    "a 30,000-vertex wood (refused)": _one_big_polygon(30_000),
}


@pytest.mark.parametrize("name", list(WORST))
def test_any_file_is_read_in_2_s_and_drawn_in_5_s(name, tmp_path):
    """The documented budget (docs/scenario-format.md, Limits), in CPU seconds of this process."""
    text = yaml.safe_dump(WORST[name], sort_keys=False)
    assert len(text.encode()) <= MAX_BYTES
    start = time.process_time()
    try:
        scenario = loads(text, "worst.yaml")
    except ScenarioError as exc:
        assert "refused" in name and ("too many values" in str(exc) or "figures and stands; the limit is 3,000" in str(exc))
        scenario = None
    read = time.process_time() - start
    assert read < 2.0, f"{name}: read in {read:.2f} s"
    if scenario is None:
        return
    assert "refused" not in name
    start = time.process_time()
    render(build_scene(scenario, None), tmp_path / "worst.png")
    drawn = time.process_time() - start
    assert drawn < 5.0, f"{name}: drawn in {drawn:.2f} s"


# -- fuzzing the YAML features themselves --------------------------------------------------------

SNIPPETS = st.sampled_from([
    "<<: {a: 1}", "<<: *a", "<<: [*a, *a]", "&a [1, 2]", "*a", "&r [*r]", "&a {x: &b [*b]}",
    "9" * 50, "1e400", "-.inf", ".nan", "0x" + "f" * 30, "1_000_000_000_000_000", "1:30:00",
    '"\\ud800"', '"\\x00"', '"\\x85"', '"\\u202e"', "!!binary aGk=", "!!set {a}", "!!omap [a: 1]",
    "!!timestamp 2001-12-14", "? [a]\n  : 1", "[" * 40, "{a: 1, a: 2}", "'" + "x" * 20_000 + "'",
    "- - - - - - - - - -", "~", "yes", "=", "!custom x", "%YAML 1.1", "--- a\n--- b",
])


@st.composite
def yaml_with_features(draw) -> str:
    lines = VALID.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        head = line[:line.index(":") + 1] if ":" in line else line
        lines[i] = f"{head} {draw(SNIPPETS)}"
    return "\n".join(lines) + "\n"


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(yaml_with_features())
def test_fuzzed_yaml_features_end_in_the_error_form(text):
    try:
        scenario = loads(text, "fuzz.yaml")
    except ScenarioError as exc:
        assert all(re.match(r"^fuzz\.yaml:\d+:\d+: \S+: \S", line) for line in str(exc).splitlines()), str(exc)
    else:
        assert scenario.title and math.isfinite(scenario.table.width)
