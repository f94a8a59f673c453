"""Converting scenarios between rulesets: ground scale, grids, kinds, pieces, and the report."""

import math

import pytest

from tests.conftest import ROOT
from wgkit.cli import bundled_scenarios
from wgkit.facts.registry import find_ruleset
from wgkit.scenario import load
from wgkit.scenario.convert import convert

RULESETS = ("close_action", "easy_company", "eagles", "rookie", "company_fire")


@pytest.mark.parametrize("path", bundled_scenarios(), ids=lambda p: p.stem)
def test_every_bundled_scenario_converts_to_every_other_ruleset(path):
    s = load(path)
    for target in RULESETS:
        if target == s.ruleset:
            continue
        out, report = convert(s, target)  # validated on the way out
        assert out.ruleset == target and report[0].startswith("ground scale")
        assert len(out.units()) == len(s.units())
        assert all(u.kind in find_ruleset(target).unit_kinds for _, u in out.units())


def test_ground_distances_are_kept():
    s = load(ROOT / "scenarios/rookie/tractor_works.yaml")  # 1" = 10 yd
    out, report = convert(s, "easy_company")  # 1" = 10 m
    k = 10 * 0.9144 / 10
    assert out.table.width == pytest.approx(48 * k, abs=0.01) and "distances x 0.914" in report[0]
    a, b = s.piece("petrov").position, s.piece("hartmann").position
    a2, b2 = out.piece("petrov").position, out.piece("hartmann").position
    assert math.dist(a2, b2) == pytest.approx(math.dist(a, b) * k, abs=0.03)


def test_a_grid_is_added_for_company_fire_and_figures_become_stands():
    s = load(ROOT / "scenarios/close_action/tutorial_crossroads.yaml")
    out, report = convert(s, "company_fire")
    assert out.table.grid is not None and out.table.grid.type == "square"
    # 36" at 4 yd (131.67 m) is 17.56" at 7.5 m: three squares of 5.853" each way, whole
    assert "a 5.853\" square grid added: the target plays on squares (the table 17.56\" x 17.56\", whole squares)" in report
    assert "unit section: 6 figures became one stand" in report
    assert all(p.cell is not None for _, _, p in out.pieces())
    assert "unit lt_smith: officer -> platoon_leader" in report


def test_what_does_not_carry_over_is_reported():
    s = load(ROOT / "scenarios/eagles/hill_112.yaml")
    out, report = convert(s, "close_action")
    assert "unit churchills: vehicle -> squad (no vehicle in Close Action)" in report
    assert any(line.startswith("scenario rules dropped: registration") for line in report)
    assert "unit dcli_a: attributes armour, fp, move_code dropped" in report
