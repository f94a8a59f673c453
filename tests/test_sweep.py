"""Scenario variants (small patches read from YAML) and balancing sweeps over them."""

import pytest

from tests.conftest import ROOT
from wgkit.scenario import ScenarioError, load
from wgkit.scenario import variants as V
from wgkit.scenario.reader import parse
from wgkit.simulate import simulate
from wgkit.sweep import sweep

FARM = ROOT / "scenarios/close_action/hedgerow_farm.yaml"
FARM_VARIANTS = ROOT / "scenarios/close_action/variants/hedgerow_farm.yaml"
CROSSROADS = ROOT / "scenarios/close_action/tutorial_crossroads.yaml"


def read(text, scenario=None):
    return V.read(parse(text, "vary.yaml"), scenario)


def test_the_bundled_variants_change_what_they_say():
    s = load(FARM)
    named = dict(V.scenarios(s, V.load(FARM_VARIANTS, s)))
    assert list(named) == ["as written", "MG 42 moved to the orchard", "no second German section",
                           "the second US squad green", "two more turns"]
    mg = named["MG 42 moved to the orchard"]
    assert mg.piece("mg42").position == (32 - 18, 25 + 2) and mg.piece("mg42b").position == (33 - 18, 25 + 2)
    assert "gsec2" not in [u.id for _, u in ((sd, u) for sd in named["no second German section"].sides for u in sd.units)]
    assert named["the second US squad green"].unit("sq2").quality == "green"
    assert named["two more turns"].turns == 10 and named["as written"].turns == 8
    assert s.piece("mg42").position == (32, 25)  # the scenario itself is untouched


def test_the_tractor_works_variants_change_what_they_say():
    tractor = ROOT / "scenarios/rookie/tractor_works.yaml"
    s = load(tractor)
    named = dict(V.scenarios(s, V.load(ROOT / "scenarios/rookie/variants/tractor_works.yaml", s)))
    units = lambda sc: {u.id: u for side in sc.sides for u in side.units}  # noqa: E731
    fair = named["four turns, a third Soviet squad"]
    assert fair.turns == 4 and s.turns == 6
    added = [u for uid, u in units(fair).items() if uid not in units(s)]
    assert [(u.name, u.kind, u.quality) for u in added] == [("3rd Squad", "squad", "regular")]
    assert [p.position for p in added[0].pieces] == [(10, 27)]
    assert "panzer" not in units(named["no Panzer III, eight turns"]) and named["no Panzer III, eight turns"].turns == 8
    assert {units(named["four turns, the Soviet squads veteran"])[u].quality for u in ("ru_sq1", "ru_sq2")} == {"veteran"}


def test_a_change_that_names_nothing_is_one_line_at_its_line():
    text = "variants:\n  - name: gone\n    changes:\n      - remove: gsec9\n"
    with pytest.raises(ScenarioError) as err:
        read(text, load(FARM))
    assert str(err.value) == "vary.yaml:4:17: variants[0].changes[0].remove: nothing to delete called 'gsec9'"


@pytest.mark.parametrize("text, line", [
    ("variants:\n  - name: x\n    changes:\n      - teleport: {id: mg42}\n",
     "vary.yaml:4:9: variants[0].changes[0].teleport: unknown change 'teleport' (one of move, place, remove, "
     "add_unit, add_area, add_line, set_unit, turns)"),
    ("variants:\n  - name: x\n    changes:\n      - move: {id: mg42}\n",
     "vary.yaml:4:15: variants[0].changes[0].move: move needs 'by'"),
    ("variants:\n  - name: x\n    changes:\n      - move: {id: mg42, by: [1, 1], to: [3, 3]}\n",
     "vary.yaml:4:38: variants[0].changes[0].move.to: unknown field 'to' of move (allowed: id, by)"),
    ("variants:\n  - name: x\n    changes:\n      - turns: 0\n",
     "vary.yaml:4:16: variants[0].changes[0].turns: turns must be a whole number of at least 1, not 0"),
    ("variants:\n  - name: x\n", "vary.yaml:2:5: variants[0]: a variant is {name: TEXT, changes: [a list of changes]}"),
    ("variant: []\n", "vary.yaml:1:1: (document): a variants file holds one field, `variants:`, a list of "
                      "{name, changes}"),
    ("variants:\n  - name: as written\n    changes: [turns: 3]\n",
     "vary.yaml:2:11: variants[0].name: the name 'as written' is taken"),
])
def test_a_malformed_variant_is_one_line(text, line):
    with pytest.raises(ScenarioError) as err:
        read(text, load(FARM))
    assert str(err.value) == line


def test_a_variant_that_breaks_the_scenario_says_what_it_broke():
    text = "variants:\n  - name: MG off the table\n    changes:\n      - move: {id: mg42, by: [100, 0]}\n"
    with pytest.raises(ScenarioError) as err:
        read(text, load(FARM))
    msg = str(err.value)
    assert msg.startswith("vary.yaml:2:11: variants[0].name: variant 'MG off the table' leaves the scenario invalid: ")
    assert "sides[1].units[0].figures[1].position" in msg and "\n" not in msg


def test_a_sweep_plays_the_same_seeds_on_every_variant_and_ranks_by_balance():
    s = load(CROSSROADS)
    variants = read("variants:\n  - name: two turns\n    changes: [turns: 2]\n"
                    "  - name: one turn\n    changes: [turns: 1]\n", s)
    seen = []
    result = sweep(s, variants, 3, seed=7, progress=lambda done, total: seen.append((done, total)))
    assert [name for name, _ in result.reports] == ["as written", "two turns", "one turn"]
    assert seen[-1] == (9, 9) and len(seen) == 9
    assert [g["seed"] for g in result.reports[1][1].games] == [7, 8, 9]
    assert result.reports[0][1].games == simulate(s, 3, seed=7).games  # the first row is the scenario itself
    assert result.reports[2][1].turns == 1
    gaps = [result.gap(r) for _, r in result.ranked()]
    assert gaps == sorted(gaps)
    text = result.table()
    assert text.startswith("Crossroads at Hérouvillette (tutorial) (close_action): the scenario as written and 2 variants, 3 games each, seeds 7..9")
    assert "2nd Ox and Bucks, No. 1 Section wins (95%)" in text and "Gruppe Lenz wins (95%)" in text  # the sides' names
    assert " uk " not in text and " de " not in text
    fig = result.plot()
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == [n for n, _ in reversed(result.ranked())]


def test_a_long_variant_name_is_printed_whole_and_the_columns_stay_aligned():
    s = load(CROSSROADS)
    long = "the section one turn short, to see whether the crossroads falls"  # longer than the 32-character column
    result = sweep(s, read(f"variants:\n  - name: {long}\n    changes: [turns: 5]\n", s), 1, seed=7)
    rows = result.table().splitlines()[3:6]
    assert any(row.startswith(long + " ") for row in rows)
    assert len({row.index("%") for row in rows[1:]}) == 1  # every row's first rate ends in one column


def test_the_gap_is_the_spread_of_the_win_rates():
    from wgkit.simulate import Report
    from wgkit.sweep import Sweep

    r = Report("t", "close_action", 0, 1)
    r.games = [{"seed": i, "lost": {}, "pieces": {"a": 1, "b": 1}, "winner": w}
               for i, w in enumerate(["a", "a", "a", "b", None])]
    assert Sweep("t", ["a", "b"], {}).gap(r) == pytest.approx(3 / 5 - 1 / 5)


def test_the_command_line_sweeps_a_variants_file(tmp_path, capsys):
    from wgkit.cli import main

    vary = tmp_path / "vary.yaml"
    vary.write_text("variants:\n  - name: one turn\n    changes: [turns: 1]\n")
    plot = tmp_path / "sweep.png"
    assert main(["simulate", str(CROSSROADS), "--vary", str(vary), "-n", "2", "--jobs", "1", "--quiet",
                 "--plot", str(plot)]) == 0
    out, err = capsys.readouterr()
    assert "the scenario as written and 1 variant, 2 games each" in out and "one turn" in out and err == ""
    assert plot.read_bytes()[:4] == b"\x89PNG"
    vary.write_text("variants:\n  - name: one turn\n    changes: [turns: one]\n")
    assert main(["simulate", str(CROSSROADS), "--vary", str(vary), "-n", "2", "--quiet"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == f"{vary}:3:22: variants[0].changes[0].turns: turns must be a whole number " \
                                "of at least 1, not 'one'\n"


def test_a_sweep_on_a_local_cluster_plays_the_same_games():
    s = load(CROSSROADS)
    variants = read("variants:\n  - name: two turns\n    changes: [turns: 2]\n", s)
    serial, cluster = sweep(s, variants, 3, seed=2), sweep(s, variants, 3, seed=2, jobs=2)
    assert [(n, r.games) for n, r in serial.reports] == [(n, r.games) for n, r in cluster.reports]


def _games(wins: list) -> list:
    return [{"seed": i, "lost": {}, "pieces": {"a": 1, "b": 1}, "winner": w} for i, w in enumerate(wins)]


def test_the_sweep_names_the_variant_closest_to_even_and_whether_more_games_are_needed():
    from wgkit.simulate import Report, wilson
    from wgkit.sweep import Sweep

    even, close, far = (Report("t", "close_action", 0, 1) for _ in range(3))
    even.games = _games(["a", "b"] * 50)  # 50 to 50
    close.games = _games(["a"] * 55 + ["b"] * 45)  # 55 to 45: within the even row's intervals
    far.games = _games(["a"] * 95 + ["b"] * 5)
    lo, hi = wilson(50, 100)  # 40.4% - 59.6%
    sweep = Sweep("t", ["a", "b"], {}, [("as written", far), ("even", even), ("close", close)])
    assert sweep.closest() == (f"closest to even: even (a 50% ({lo:.0%}-{hi:.0%}), b 50% ({lo:.0%}-{hi:.0%})); "
                               "within the intervals of close (0.10 apart): play more games to tell them apart")
    assert sweep.table().endswith(sweep.closest())
    apart = Sweep("t", ["a", "b"], {}, [("as written", far), ("even", even)])
    assert apart.closest().endswith("; its intervals are clear of as written's")


def test_one_variant_of_a_file_is_played_alone_until_decided_and_a_wrong_name_is_one_line(tmp_path, capsys):
    from wgkit.cli import main

    vary = tmp_path / "vary.yaml"
    vary.write_text("variants:\n  - name: one turn\n    changes: [turns: 1]\n  - name: two turns\n    changes: [turns: 2]\n")
    assert main(["simulate", str(CROSSROADS), "--vary", str(vary), "--variant", "two turns", "-n", "3",
                 "--jobs", "1", "--quiet"]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("tutorial_crossroads.yaml, variant: two turns (close_action): 3 games, seeds 0..2, 2 turns")
    assert main(["simulate", str(CROSSROADS), "--vary", str(vary), "--variant", "three turns", "-n", "3"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == f"wgkit simulate: --variant 'three turns' is not a variant of {vary}; " \
                                "its variants: one turn, two turns\n"
