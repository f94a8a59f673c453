"""Rookie Rules: the Firing Chart — firing factors to a column, column shifts, the d10 roll and the
markers (Firing the Unit; Fire Table Results; Modifiers)."""

from __future__ import annotations

from typing import Mapping

from wgkit.dice import D10_ZERO
from wgkit.odds import exact
from wgkit.rules.rookie import tables as T
from wgkit.facts.sourced import Sourced, house


def column_of(ff: float) -> int:
    """The column index for a firing factor: 1-5 is 0, 6-10 is 1 ... 61+ is 12; under 1 is -1."""
    if ff < 1:
        return -1
    return min(len(T.COLUMNS) - 1, (int(ff) - 1) // 5)


def shifted(ff: float, shift: int) -> str:
    """The column after ``shift`` columns (negative: left); off the left edge is "off chart",
    past the right edge stays at 61+."""
    i = column_of(ff) + shift
    if i < 0:
        return T.OFF_CHART
    return T.COLUMNS[min(i, len(T.COLUMNS) - 1)]


BY_SCENARIO = "set by the scenario"


def cell(column: str, face: int, overrides: Mapping | None = None) -> Sourced[T.Result]:
    """One cell of the chart, or the scenario's override of it (``rules.chart``)."""
    given = (overrides or {}).get(column, {})
    code = given.get(str(face), given.get(face)) if isinstance(given, Mapping) else None
    if code is not None:
        return house(T._code(str(code)), BY_SCENARIO)
    return T.CHART[column][face]


def origin(read: Sourced[T.Result]) -> str:
    """Where a cell read came from, as the log names it: the text (``seed``), its ``worked
    example``, the kit's lost-table value (``house``), or the ``scenario`` that set it."""
    return "scenario" if read.note == BY_SCENARIO else read.source


def chart_cell(chance, column: str, overrides: Mapping | None = None) -> Sourced[T.Result]:
    """A d10 (read 0-9) on the column: the cell read, with its source."""
    return cell(column, chance.face(D10_ZERO, f"fire ({column})"), overrides)


def chart_roll(chance, column: str, overrides: Mapping | None = None) -> T.Result:
    return chart_cell(chance, column, overrides).value


def chart_odds(column: str, overrides: Mapping | None = None):
    return exact(lambda c: str(chart_roll(c, column, overrides))).ranked(severity)


def severity(outcome: str) -> tuple[int, int]:
    """A chart result's place from the mildest (a miss) to the worst: men killed first, then the
    marker (Fire Table Results: red disrupted, white pinned, blue suppressed, each worse)."""
    kills, marker = 0, None
    for part in outcome.split(", "):
        if part.endswith(" killed"):
            kills = int(part.split()[0])
        elif part in T.MARKERS:
            marker = part
    return kills, ((None,) + T.MARKERS).index(marker)


def worst(a: str | None, b: str | None) -> str | None:
    """Only the worst marker is kept (red disrupted < white pinned < blue suppressed)."""
    order = (None,) + T.MARKERS
    return max(a, b, key=order.index)


def improve(marker: str | None) -> str | None:
    """Removing a penalty marker: blue becomes white, white becomes red, red goes."""
    if marker is None:
        return None
    i = T.MARKERS.index(marker)
    return T.MARKERS[i - 1] if i else None
