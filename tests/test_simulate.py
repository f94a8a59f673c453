"""Scenario balancing: seeded, reproducible whatever the number of processes, with intervals."""

import subprocess
import sys

import pytest

from tests.conftest import ROOT
from wgkit.scenario import load
from wgkit.simulate import play_one, simulate, wilson

GATE = ROOT / "scenarios/company_fire/tutorial_orchard_gate.yaml"
CROSSROADS = ROOT / "scenarios/close_action/tutorial_crossroads.yaml"


def test_wilson_interval_matches_the_formula():
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775


def test_a_game_by_the_policies_is_reproducible_and_counts_losses():
    s = load(GATE)
    one, again = play_one(s, 7, 3), play_one(s, 7, 3)
    assert one == again and set(one["pieces"]) == {"us", "de"} and one["pieces"] == {"us": 3, "de": 2}
    shares = {k: one["lost"][k] / one["pieces"][k] for k in one["pieces"]}
    if one["winner"] is not None:
        assert shares[one["winner"]] == min(shares.values())


def test_same_seed_same_report_with_one_or_two_processes():
    s = load(CROSSROADS)
    seen = []
    serial = simulate(s, 4, seed=11, turns=3, progress=lambda done, total: seen.append((done, total)))
    parallel = simulate(s, 4, seed=11, turns=3, jobs=2)
    assert serial.games == parallel.games and seen[-1] == (4, 4)
    assert sum(serial.wins(side) for side in serial.sides + [None]) == 4
    text = serial.table()
    assert "4 games, seeds 11..14, 3 turns" in text and "95% interval" in text


def test_report_plot_has_both_panels():
    r = simulate(load(GATE), 3, seed=1)
    fig = r.plot()
    assert [ax.get_title() for ax in fig.axes] == ["who wins (95% intervals)", "casualties"]


def test_rulesets_without_a_policy_are_refused():
    with pytest.raises(ValueError, match="no simulation policy for easy_company"):
        simulate(load(ROOT / "scenarios/easy_company/tutorial_farmyard.yaml"), 2)


def test_command_line_with_a_progress_bar():
    out = subprocess.run([sys.executable, "-m", "wgkit.cli", "simulate", str(GATE), "-n", "3", "--seed", "2", "--jobs", "1"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "[" in out.stderr and "3/3 games" in out.stderr
    assert "3 games, seeds 2..4" in out.stdout
    again = subprocess.run([sys.executable, "-m", "wgkit.cli", "simulate", str(GATE), "-n", "3", "--seed", "2", "--quiet"],
                           capture_output=True, text=True, timeout=300)
    assert again.stdout == out.stdout and again.stderr == ""
