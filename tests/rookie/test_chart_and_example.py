"""Rookie Rules: the firing chart, its sources, column shifts, markers — and the text's worked
example of the Russian-German exchange reproduced shot for shot."""

import re

import pytest

from tests.conftest import ROOT
from tests.rookie.helpers import Fixed, game
from wgkit.rules.rookie import chart as X
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import tables as T


@pytest.mark.parametrize("ff, column", [(1, "1-5"), (5, "1-5"), (6, "6-10"), (12, "11-15"), (24, "21-25"), (61, "61+"), (99, "61+")])
def test_columns_step_by_five(ff, column):
    assert X.shifted(ff, 0) == column


def test_shifts_off_either_edge():
    assert X.shifted(12, -5) == T.OFF_CHART and X.shifted(60, +3) == "61+"
    off = X.chart_odds(T.OFF_CHART)
    assert off.p("disrupted") == pytest.approx(0.1) and off.p("miss") == pytest.approx(0.9)  # only a 9, as a disruption


def published_chart() -> dict[tuple[str, int], str]:
    """The firing chart as docs/rules/rookie.md publishes it (the kit's values where the text's
    chart is lost): (column, face) -> its code, ``*`` marking the worked example's cells."""
    text = (ROOT / "docs/rules/rookie.md").read_text()
    rows = re.findall(r"^\s*\| (\d) \| (.+) \|$", text, re.M)
    head = re.search(r"^\s*\| d10 \| (.+) \|$", text, re.M)[1].split(" | ")
    return {(col, int(face)): code.replace("\\", "") for face, cells in rows for col, code in zip(head, cells.split(" | "))}


def read_code(code: str) -> tuple[int, str | None]:
    """"-" nothing; "D", "P", "S" a marker; "K" one killed and disrupted; "2KP" two killed, pinned."""
    marks = {"D": "disrupted", "P": "pinned", "S": "suppressed"}
    if code == "-":
        return 0, None
    if code in marks:
        return 0, marks[code]
    n, _, tail = code.partition("K")
    return int(n or 1), marks[tail or "D"]


def test_every_cell_of_the_published_chart_is_what_a_roll_reads():
    """130 cells, each rolled through the chart with its face fixed: the kills, the marker and
    whether the cell is the worked example's or the kit's, as the rules page shows them."""
    published = published_chart()
    assert len(published) == 130 and {c for c, _ in published} == set(T.COLUMNS)
    for (col, face), code in published.items():
        read = X.chart_cell(Fixed(face), col)
        assert (read.value.kills, read.value.marker) == read_code(code.rstrip("*")), (col, face, code)
        assert X.origin(read) == ("worked example" if code.endswith("*") else "house"), (col, face)


def test_the_worked_example_cells_are_marked_and_the_rest_are_house():
    fixed = {("11-15", 6), ("6-10", 4), ("6-10", 7), ("16-20", 5), ("16-20", 8)}
    for col in T.COLUMNS:
        for face in range(10):
            source = T.CHART[col][face].source
            assert source == ("worked example" if (col, face) in fixed else "house")
    assert all(v.source == "worked example" for v in T.CHART[T.OFF_CHART].values())


def test_a_scenario_may_override_any_cell():
    assert str(X.cell("11-15", 6).value) == "1 killed, disrupted"
    over = X.cell("11-15", 6, {"11-15": {"6": "2KP"}})
    assert (over.value.kills, over.value.marker, over.source) == (2, "pinned", "house")


def test_only_the_worst_marker_is_kept_and_removal_steps_down():
    assert X.worst("disrupted", "pinned") == "pinned" and X.worst("suppressed", "disrupted") == "suppressed"
    assert X.worst(None, None) is None
    assert [X.improve(m) for m in ("suppressed", "pinned", "disrupted", None)] == ["pinned", "disrupted", None, None]


def test_the_texts_exchange_of_fire_shot_for_shot():
    g = game()
    # The Russians (4 men, 12 ff) fire twice, at two targets: both shots shift two columns left.
    first = F.plan(g, "ru_sq", "de_open", split=True)
    assert (first.ff, first.column) == (24, "11-15")  # doubled at 7", then two left
    r = X.chart_roll(Fixed(6), first.column)
    assert (r.kills, r.marker) == (1, "disrupted")  # a 6 kills one German and disrupts the rest
    changes = []
    F.apply(g, "de_open", r, Fixed(), changes)
    g.record("russian fire", changes)
    second = F.plan(g, "ru_sq", "de_wood", split=True)
    assert [m.value for m in second.mods] == [-1, -2, -2] and second.column == T.OFF_CHART  # five left: off the chart
    assert str(X.chart_roll(Fixed(3), second.column)) == "miss"  # the Russians roll a 3
    # The Germans in the wood (15 ff) fire twice at the same squad: one left for range only.
    wood = F.plan(g, "de_wood", "ru_sq")
    assert wood.column == "6-10"
    rolls = [X.chart_roll(Fixed(f), wood.column) for f in (4, 7)]
    assert [str(x) for x in rolls] == ["miss", "disrupted"]
    changes = []
    for x in rolls:
        F.apply(g, "ru_sq", x, Fixed(), changes)
    g.record("german fire", changes)
    # The other Germans, 12 ff after their loss, doubled for range, one left for being disrupted.
    assert L.ff(g, "de_open") == 12 and L.marker(g, "de_open") == "disrupted"
    other = F.plan(g, "de_open", "ru_sq")
    assert (other.ff, other.column) == (24, "16-20")
    rolls = [X.chart_roll(Fixed(f), other.column) for f in (5, 8)]
    assert [str(x) for x in rolls] == ["1 killed, disrupted", "pinned"]
    changes = []
    for x in rolls:
        F.apply(g, "ru_sq", x, Fixed(), changes)
    g.record("german fire", changes)
    # one Russian killed; the white pinned marker replaces the red one
    assert L.men(g, "ru_sq") == 3 and L.marker(g, "ru_sq") == "pinned" and L.ff(g, "ru_sq") == 9
