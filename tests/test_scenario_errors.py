"""Each kind of broken scenario file gives FILE:LINE:COL: path: message, all problems listed."""

import re

import pytest

from tests.conftest import ROOT
from wgkit.scenario import ScenarioError, loads

VALID = """\
title: Test
ruleset: close_action
table:
  width: 48
  depth: 36
terrain:
  - id: wood
    type: woods
    polygon: [[1, 1], [10, 1], [10, 8]]
sides:
  - id: a
    name: Attackers
    role: attacker
    units:
      - id: sq
        kind: squad
        quality: veteran
        leader: f1
        figures:
          - {id: f1, position: [5, 10], weapons: [rifle]}
  - id: b
    name: Defenders
    role: defender
    units:
      - id: sq2
        kind: squad
        figures:
          - {id: g1, position: [20, 30], weapons: [lmg]}
"""

FORM = re.compile(r"^t\.yaml:(\d+):(\d+): (\S+): (.+)$")


def errors(text: str) -> list[tuple[int, int, str, str]]:
    with pytest.raises(ScenarioError) as info:
        loads(text, "t.yaml")
    lines = str(info.value).splitlines()
    parsed = [FORM.match(line) for line in lines]
    assert all(parsed), lines  # every line has the documented form
    return [(int(m[1]), int(m[2]), m[3], m[4]) for m in parsed]  # type: ignore[index]


def test_valid_base_loads():
    s = loads(VALID, "t.yaml")
    assert s.ruleset == "close_action" and len(s.pieces()) == 2


def test_yaml_syntax_error_has_line():
    (line, col, path, msg), = errors(VALID.replace("width: 48", "width: [48"))
    assert line == 5 and "YAML syntax error" in msg


def test_python_tag_refused_and_not_executed(tmp_path):
    marker = tmp_path / "pwned"
    text = VALID.replace("title: Test", f"title: !!python/object/apply:os.system ['touch {marker}']")
    (line, col, path, msg), = errors(text)
    assert (line, col) == (1, 8) and "not allowed" in msg and "nothing is executed" in msg
    assert not marker.exists()


def test_custom_tag_refused():
    (line, _, _, msg), = errors(VALID.replace("depth: 36", "depth: !inch 36"))
    assert line == 5 and "'!inch' is not allowed" in msg


def test_wrong_type():
    (line, col, path, msg), = errors(VALID.replace("width: 48", "width: wide"))
    assert (line, col, path) == (4, 10, "table.width")
    assert msg == "expected a number, got text 'wide'"


def test_missing_required_field():
    (line, _, path, msg), = errors(VALID.replace("    role: defender\n", ""))
    assert path == "sides[1].role" and msg == "missing required field 'role'" and line == 21


def test_unknown_key_did_you_mean():
    (line, col, path, msg), = errors(VALID.replace("title: Test", "title: Test\ndescriptoin: x"))
    assert (line, col, path) == (2, 1, "descriptoin")
    assert msg.startswith("unknown field 'descriptoin'") and msg.endswith("did you mean 'description'?")


def test_a_key_ending_in_a_line_break_stays_on_one_line():
    # found by the fuzz test: the quoted key "A\n" once split the message over two lines
    with pytest.raises(ScenarioError) as err:
        loads(VALID.replace("title: Test", 'title: Test\n"A\\n": x'), "t.yaml")
    assert str(err.value) == "t.yaml:2:1: ['A\\n']: unknown field 'A\\n' (allowed: background, description, rules, " \
                             "ruleset, seed, sides, table, terrain, title, turns, victory)"


def test_unknown_ruleset():
    (line, _, path, msg), = errors(VALID.replace("close_action", "close_acton"))
    assert (line, path) == (2, "ruleset") and "did you mean 'close_action'?" in msg


def test_ruleset_alias_accepted():
    assert loads(VALID.replace("close_action", "Close Action")).ruleset == "close_action"


def test_unknown_terrain_type():
    (line, _, path, msg), = errors(VALID.replace("type: woods", "type: wood"))
    assert (line, path) == (8, "terrain[0].type") and "did you mean 'woods'?" in msg


def test_unknown_unit_kind_and_weapon_and_quality_all_listed():
    text = VALID.replace("kind: squad\n        quality", "kind: sqaud\n        quality") \
        .replace("weapons: [rifle]", "weapons: [rilfe]").replace("veteran", "elite")
    found = {(p, m.split(" (")[0]) for _, _, p, m in errors(text)}
    assert ("sides[0].units[0].kind", "'sqaud' is not a unit kind in Close Action") in found
    assert ("sides[0].units[0].figures[0].weapons[0]", "'rilfe' is not a weapon in Close Action") in found
    assert ("sides[0].units[0].quality", "'elite' is not a quality in Close Action") in found


def test_duplicate_ids():
    (line, _, path, msg), = errors(VALID.replace("id: g1", "id: f1"))
    assert (line, path) == (28, "sides[1].units[0].figures[0].id")
    assert msg == "duplicate id 'f1' (first used at line 20)"


def test_reference_to_missing_id():
    (line, _, path, msg), = errors(VALID.replace("leader: f1", "leader: f9"))
    assert (line, path) == (18, "sides[0].units[0].leader") and "no figure or unit has id 'f9'" in msg


def test_self_intersecting_polygon():
    text = VALID.replace("[[1, 1], [10, 1], [10, 8]]", "[[1, 1], [10, 8], [10, 1], [1, 8]]")
    (line, _, path, msg), = errors(text)
    assert (line, path) == (9, "terrain[0].polygon") and "Self-intersection" in msg


def test_degenerate_polygon():
    (_, _, path, msg), = errors(VALID.replace("[[1, 1], [10, 1], [10, 8]]", "[[1, 1], [5, 1], [9, 1]]"))
    assert path == "terrain[0].polygon" and "no area" in msg


def test_feature_off_table():
    (_, _, path, msg), = errors(VALID.replace("[10, 8]]", "[60, 8]]"))
    assert path == "terrain[0].polygon" and "off the table" in msg


def test_unit_off_table():
    (line, _, path, msg), = errors(VALID.replace("[20, 30]", "[20, 40]"))
    assert path == "sides[1].units[0].figures[0].position" and "off the table" in msg and line == 28


@pytest.mark.parametrize("value", ["0", "-3"])
def test_zero_or_negative_size(value):
    (_, _, path, msg), = errors(VALID.replace("depth: 36", f"depth: {value}"))
    assert path == "table.depth" and msg == f"must be greater than 0, got {value}"


@pytest.mark.parametrize("value", [".nan", ".inf", "-.inf"])
def test_nan_and_infinity(value):
    (_, _, path, msg), = errors(VALID.replace("width: 48", f"width: {value}"))
    assert path == "table.width" and "numbers must be finite" in msg


def test_empty_document():
    assert errors("") == [(1, 1, "(document)", "the file is empty")]
    assert errors("# only a comment\n") == [(1, 1, "(document)", "the file is empty")]


def test_not_a_mapping():
    (_, _, path, msg), = errors("- a\n- b\n")
    assert path == "(document)" and msg == "a scenario must be a mapping of fields, not a list"


def test_not_text(tmp_path):
    from wgkit.scenario import load

    f = tmp_path / "t.yaml"
    f.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(ScenarioError, match=r"t\.yaml:1:1: \(document\): not a text file"):
        load(f)
    f.write_bytes(b"title: \xff\xfe\n")
    with pytest.raises(ScenarioError, match="not a UTF-8 text file"):
        load(f)


def test_too_large(tmp_path):
    from wgkit.scenario import load

    f = tmp_path / "t.yaml"
    f.write_text("# x\n" * 600_000)
    with pytest.raises(ScenarioError, match="file is too large"):
        load(f)


def test_too_deep():
    (_, _, _, msg), = errors("title: " + "[" * 200 + "]" * 200)
    assert msg == "nesting is deeper than 32 levels"


def test_alias_bomb_fails_fast():
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for prev, cur in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{cur}: &{cur} [{', '.join(['*' + prev] * 10)}]")
    (_, _, _, msg), = errors("\n".join(lines))
    assert msg == "the file holds too many values (counting what each alias stands for); the limit is 40,000"


def test_duplicate_key():
    (line, _, path, msg), = errors(VALID.replace("title: Test", "title: Test\ntitle: Again"))
    assert (line, path, msg) == (2, "title", "key 'title' appears twice")


def test_all_problems_listed_not_only_first():
    text = VALID.replace("width: 48", "width: -1").replace("type: woods", "type: forest") \
        .replace("id: g1", "id: f1").replace("kind: squad\n        figures", "kind: mob\n        figures")
    paths = {p for _, _, p, _ in errors(text)}
    assert {"table.width", "terrain[0].type", "sides[1].units[0].figures[0].id",
            "sides[1].units[0].kind"} <= paths


def test_grid_required_by_company_fire():
    found = errors(VALID.replace("close_action", "company_fire"))
    assert any(p == "table" and "played on a grid" in m for _, _, p, m in found)


def test_hex_grid_needs_orientation_and_cells_in_range():
    text = VALID.replace("ruleset: close_action", "ruleset: eagles").replace(
        "  depth: 36\n", "  depth: 36\n  grid: {type: hex, size: 3}\n")
    assert any("needs 'orientation'" in m for *_, m in errors(text))


def test_cell_outside_grid():
    text = """\
title: T
ruleset: company_fire
table: {width: 48, depth: 36, grid: {type: square, size: 6}}
sides:
  - {id: a, name: A, role: attacker, units: [{id: u, kind: rifle_squad, stands: [{id: s, cell: [8, 0]}]}]}
  - {id: b, name: B, role: defender, units: [{id: v, kind: rifle_squad, stands: [{id: t, cell: [7, 5]}]}]}
"""
    (line, _, path, msg), = errors(text)
    assert (line, path, msg) == (5, "sides[0].units[0].stands[0].cell", "cell [8, 0] is outside the 8 x 6 grid")


def test_bad_edge_side():
    text = """\
title: T
ruleset: company_fire
table: {width: 48, depth: 36, grid: {type: square, size: 6}}
terrain:
  - {id: b, type: bocage, variant: full, edges: [[0, 0, NE]]}
sides:
  - {id: a, name: A, role: attacker, units: [{id: u, kind: rifle_squad, stands: [{id: s, cell: [0, 0]}]}]}
  - {id: c, name: B, role: defender, units: [{id: v, kind: rifle_squad, stands: [{id: t, cell: [7, 5]}]}]}
"""
    (_, _, path, msg), = errors(text)
    assert path == "terrain[0].edges[0][2]" and msg.startswith("'NE' is not a cell side here")


def test_ruleset_attribute_checked():
    text = VALID.replace("ruleset: close_action", "ruleset: eagles").replace(
        "kind: squad\n        quality: veteran", "kind: infantry\n        rules: {fp: 4, fp_clas: X}"
    ).replace("kind: squad\n", "kind: infantry\n").replace("figures:", "stands:").replace(
        "[rifle]", "[small_arms]").replace("[lmg]", "[mg]")
    (_, _, path, msg), = errors(text)
    assert path == "sides[0].units[0].rules.fp_clas" and "did you mean 'fp_class'?" in msg


def test_scenario_settings_are_checked_by_the_ruleset():
    text = (ROOT / "scenarios/company_fire/tutorial_orchard_gate.yaml").read_text().replace(
        "turns: 4\n", "turns: 4\nrules:\n  clok: standard\n  resolution: fastr\n")
    found = {path: (line, msg) for line, _, path, msg in errors(text)}
    assert found["rules.clok"][1].startswith("'clok' is not a Company Fire scenario setting") and \
        "did you mean 'clock'" in found["rules.clok"][1]
    assert found["rules.resolution"] == (11, "bad value 'fastr': one of standard, faster, longer")
