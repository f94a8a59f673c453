"""Balancing sweeps: the same seeded games on a scenario and on each of its variants
(:mod:`wgkit.scenario.variants`), reported side by side, the most balanced first.

Every variant plays the same seeds, so two variants differ by the change, not by luck of the draw
(common random numbers). All the games of a sweep share one Dask cluster (see
:func:`wgkit.simulate.simulate`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from wgkit.scenario.model import Scenario
from wgkit.scenario.variants import Variant, scenarios
from wgkit.simulate import Report, dask_client, simulate


@dataclass
class Sweep:
    """One :class:`~wgkit.simulate.Report` per variant, the scenario as written first."""

    scenario: str
    sides: list[str]
    colours: dict[str, str]
    reports: list[tuple[str, Report]] = field(default_factory=list)

    def said(self, side: str) -> str:
        """A side as the scenario names it (its reports carry the names)."""
        return self.reports[0][1].said(side) if self.reports else side

    def gap(self, report: Report) -> float:
        """How far from balanced: the spread between the sides' win rates (0 is even)."""
        rates = [report.rate(s)[0] for s in self.sides]
        return max(rates) - min(rates) if report.n else 1.0

    def ranked(self) -> list[tuple[str, Report]]:
        """The variants, the most balanced first (ties keep the file's order)."""
        return sorted(self.reports, key=lambda nr: self.gap(nr[1]))

    def table(self) -> str:
        first = self.reports[0][1]
        total = first.n + len(first.failed)
        w = max([24, *(len(self.said(s)) + 14 for s in self.sides)])  # a side's column
        nw = max([32, *(len(name) + 1 for name, _ in self.reports)])  # the variants' column: every name whole
        lines = [f"{self.scenario} ({first.ruleset}): the scenario as written and {len(self.reports) - 1} "
                 f"variant{'s' if len(self.reports) != 2 else ''}, {total} games each, seeds "
                 f"{first.seed}..{first.seed + total - 1}, on the same dice", f"winner by: {first.judged_by}",
                 f"players: {first.who_plays()}",
                 f"{'most balanced first':{nw}s}" + "".join(f"{self.said(s) + ' wins (95%)':>{w}s}" for s in self.sides)
                 + f"{'draws':>8s}{'gap':>7s}"]
        for name, r in self.ranked():
            cells = []
            for s in self.sides:
                rate, (lo, hi) = r.rate(s)
                cells.append(f"{rate:6.1%} ({lo:.0%}-{hi:.0%})")
            failed = f"  ({len(r.failed)} failed)" if r.failed else ""
            lines.append(f"{name:{nw}s}" + "".join(f"{c:>{w}s}" for c in cells)
                         + f"{r.rate(None)[0]:8.1%}{self.gap(r):7.2f}{failed}")
        lines.append(self.closest())
        return "\n".join(lines)

    def closest(self) -> str:
        """The variant closest to even, each side's win rate with its interval, and whether the
        intervals can tell it from the next closest."""
        ranked = self.ranked()
        name, best = ranked[0]
        rates = ", ".join(f"{self.said(s)} {best.rate(s)[0]:.0%} ({best.rate(s)[1][0]:.0%}-{best.rate(s)[1][1]:.0%})" for s in self.sides)
        line = f"closest to even: {name} ({rates})"
        if len(ranked) > 1:
            other, runner = ranked[1]
            apart = all(best.rate(s)[1][1] < runner.rate(s)[1][0] or runner.rate(s)[1][1] < best.rate(s)[1][0]
                        for s in self.sides)
            line += (f"; its intervals are clear of {other}'s" if apart else
                     f"; within the intervals of {other} ({self.gap(runner):.2f} apart): play more games to tell them apart")
        return line

    def plot(self):
        """Each side's win rate with its 95% interval, one row per variant, the most balanced on top."""
        import matplotlib.pyplot as plt
        from matplotlib.ticker import PercentFormatter

        rows = self.ranked()
        fig, ax = plt.subplots(figsize=(8, 0.55 * len(rows) + 1.4))
        for k, side in enumerate(self.sides):
            shift = (k - (len(self.sides) - 1) / 2) * 0.22
            for i, (_, r) in enumerate(rows):
                rate, (lo, hi) = r.rate(side)
                ax.errorbar(rate, len(rows) - 1 - i + shift, xerr=[[max(0.0, rate - lo)], [max(0.0, hi - rate)]], fmt="o", capsize=3,
                            color=self.colours.get(side, "#555555"), label=self.said(side) if i == 0 else None)
        ax.axvline(0.5, color="#999999", linestyle="--", linewidth=1)
        ax.set_yticks(range(len(rows)), [name for name, _ in reversed(rows)])
        ax.set_xlim(0, 1)
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
        ax.set_xlabel("share of games won (95% intervals); the dashed line is an even game")
        ax.set_title(f"{self.scenario}: variants, the most balanced on top")
        ax.legend(loc="lower right")
        fig.tight_layout()
        return fig

    def _repr_html_(self) -> str:
        return f"<pre>{self.table()}</pre>"


def sweep(scenario: Scenario, variants: list[Variant], n: int, seed: int = 0, turns: int | None = None,
          jobs: int | None = 1, scheduler: Any = None, progress: Callable[[int, int], None] | None = None,
          name: str = "", players: str | Mapping[str, str] | None = None) -> Sweep:
    """Play ``n`` games (seeds ``seed``...) of the scenario as written and of each variant; ``jobs``
    and ``scheduler`` as for :func:`~wgkit.simulate.simulate`, ``players`` who plays each side
    (:func:`~wgkit.simulate.seat_players`)."""
    plays = scenarios(scenario, variants)
    out = Sweep(name or scenario.title, [s.id for s in scenario.sides], {s.id: s.colour for s in scenario.sides})
    total = n * len(plays)

    def run(client: Any) -> None:
        for k, (label, s) in enumerate(plays):
            step = (lambda done, _n, k=k: progress(k * n + done, total)) if progress else None
            out.reports.append((label, simulate(s, n, seed=seed, turns=turns, jobs=1 if client is None else None,
                                                scheduler=client, progress=step, name=label,
                                                players=players)))

    if (jobs or 0) == 1 and scheduler is None:
        run(None)
    else:
        with dask_client(scheduler, jobs) as client:
            run(client)
    return out
