"""Scenario balancing: play a scenario N times with seeded dice and each ruleset's simple
policies, and report win rates and casualties with 95% confidence intervals.

A game's winner is decided by the scenario's own victory conditions when it has them as data
(:mod:`wgkit.victory`: the side with more points when the turns run out). A scenario without
them is judged by a balance measure instead, and the report says so: the side that lost the
smaller share of its pieces (figures, stands or vehicles) wins; equal shares are a draw.

Games run one after another in this process, or through Dask (:mod:`distributed`): on a local
cluster of this machine's cores, or on a running cluster given by its scheduler's address. Each
game has its own seed, so the report is the same whatever runs it and on how many workers.

A game that raises is kept as a failure (its seed and the error in one line) and the others
still count; a worker process that dies fails only the games it held.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from wgkit.rules.contract import Policy
from wgkit.rules.policies import leaving
from wgkit.facts.registry import RULESETS
from wgkit.rules.registry import get_ruleset
from wgkit.scenario.model import Scenario
from wgkit.victory import losses, winner

Z95 = 1.959963984540054


def policy_for(ruleset: str) -> Policy:
    """The ruleset's simulation policy (its contract's ``policy``)."""
    policy = get_ruleset(ruleset).policy
    if policy is None:
        have = sorted(r for r in RULESETS if get_ruleset(r).policy is not None)
        raise ValueError(f"no simulation policy for {ruleset}; there are policies for {', '.join(have)}")
    return policy


def play_one(scenario: Scenario, seed: int, turns: int, opponent: str | None = None) -> dict[str, Any]:
    """One seeded game by the policies (with the kit's opponent playing ``opponent``'s side):
    pieces lost and at the start, by side, and the winner."""
    game = get_ruleset(scenario.ruleset).new_game(scenario, seed)
    policy = policy_for(scenario.ruleset)
    if opponent is None:
        policy.play(game, turns)
    else:
        from wgkit.opponent import Opponent

        player = Opponent(opponent, seed=seed, turns=turns)
        finish = leaving(policy.play_step, [opponent])  # the policy leaves the opponent's cards to it
        policy.play(game, turns, step=lambda g, say: player.play_step(g, say, finish=finish))
    lost, total = losses(game)
    return {"seed": seed, "lost": dict(lost), "pieces": dict(total), "winner": winner(game)}


def play_safely(scenario: Scenario, seed: int, turns: int, opponent: str | None = None) -> dict[str, Any]:
    """:func:`play_one`, or ``{"seed", "error"}`` naming the exception and where it was raised."""
    try:
        return play_one(scenario, seed, turns, opponent)
    except Exception as exc:  # one game's bug must not cost the other games
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{os.path.basename(frame.filename)}:{frame.lineno}"
        return {"seed": seed, "error": " ".join(f"{type(exc).__name__}: {exc} (at {where})".split())}


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Report:
    scenario: str
    ruleset: str
    seed: int
    turns: int
    games: list[dict[str, Any]] = field(default_factory=list)
    judged_by: str = "victory conditions"  # or the balance measure, when the scenario has none as data
    failed: list[dict[str, Any]] = field(default_factory=list)  # {"seed", "error"} per failed game
    opponent: str | None = None  # the side the kit's opponent played, if any

    @property
    def n(self) -> int:
        """Games that finished (the failed ones are listed apart)."""
        return len(self.games)

    @property
    def sides(self) -> list[str]:
        return sorted(self.games[0]["pieces"]) if self.games else []

    def pieces(self, side: str) -> int:
        return max((g["pieces"].get(side, 0) for g in self.games), default=0)

    def wins(self, side: str | None) -> int:
        return sum(g["winner"] == side for g in self.games)

    def rate(self, side: str | None) -> tuple[float, tuple[float, float]]:
        k = self.wins(side)
        return (k / self.n if self.n else 0.0), wilson(k, self.n)

    def losses(self, side: str) -> list[int]:
        return [g["lost"].get(side, 0) for g in self.games]

    def loss_mean(self, side: str) -> tuple[float, tuple[float, float]]:
        """Mean pieces lost with a normal 95% interval, clipped to what can happen: no fewer than
        none, no more than the side had."""
        xs = self.losses(side)
        mean = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
        half = Z95 * sd / math.sqrt(len(xs))
        return mean, (max(0.0, mean - half), min(float(self.pieces(side)), mean + half))

    def table(self) -> str:
        total = self.n + len(self.failed)
        lines = [f"{self.scenario} ({self.ruleset}): {total} game{'s' if total != 1 else ''}, seeds {self.seed}..{self.seed + total - 1}, "
                 f"{self.turns} turns", f"winner by: {self.judged_by}"]
        players = "the simple policies" if self.opponent is None else \
            f"the kit's opponent plays {self.opponent}, the simple policy the other side"
        lines.append(f"players: {players}")
        if self.failed:
            lines.append(f"FAILED: {len(self.failed)} of {total} games, seeds "
                         f"{', '.join(str(g['seed']) for g in self.failed)}; the figures below count "
                         f"the {self.n} that finished")
            lines += [f"  seed {g['seed']}: {g['error']}" for g in self.failed]
        if not self.games:
            return "\n".join(lines)
        lines.append(f"{'outcome':12s} {'games':>6s} {'rate':>7s}   95% interval")
        for side in self.sides + [None]:
            rate, (lo, hi) = self.rate(side)
            lines.append(f"{(side or 'draw'):12s} {self.wins(side):6d} {rate:7.1%}   {lo:.1%} - {hi:.1%}")
        lines.append(f"{'pieces lost':12s} {'mean':>6s} {'':>7s}   95% interval   distribution")
        for side in self.sides:
            mean, (lo, hi) = self.loss_mean(side)
            dist = Counter(self.losses(side))
            lines.append(f"{side:12s} {mean:6.2f} {'':>7s}   {lo:.2f} - {hi:.2f}    "
                         + ", ".join(f"{k}: {dist[k]}" for k in sorted(dist)))
        return "\n".join(lines)

    def plot(self):
        """Win rates with their intervals, and the distribution of pieces lost, side by side."""
        import matplotlib.pyplot as plt

        fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.2))
        palette = dict(zip(self.sides, ("#4b5d2f", "#6e7b8b", "#8b5a2b", "#1f4e79")))
        names = self.sides + ["draw"]
        rates = [self.rate(s if s != "draw" else None) for s in names]
        a.bar(names, [r for r, _ in rates], yerr=[[max(0.0, r - lo) for r, (lo, _) in rates],
                                                  [max(0.0, hi - r) for r, (_, hi) in rates]],
              color=[palette.get(s, "#bbbbbb") for s in names], capsize=4)
        a.set_ylim(0, 1)
        a.set_ylabel("share of games")
        a.set_title("who wins (95% intervals)")
        top = max((max(self.losses(s)) for s in self.sides), default=0)
        xs = list(range(top + 1))
        width = 0.8 / max(1, len(self.sides))
        for i, side in enumerate(self.sides):
            counts = Counter(self.losses(side))
            shift = (i - (len(self.sides) - 1) / 2) * width
            b.bar([x + shift for x in xs], [counts[x] for x in xs], width=width, label=side, color=palette[side])
        b.set_xticks(xs)
        b.set_xlabel("pieces lost")
        b.set_ylabel("games")
        b.set_title("casualties")
        b.legend()
        fig.tight_layout()
        return fig

    def _repr_html_(self) -> str:
        return f"<pre>{self.table()}</pre>"


_CACHE: dict[str, Scenario] = {}
DIED = "the worker process died while playing it"


def _worker(text: str, seeds: list[int], turns: int, opponent: str | None = None) -> list[dict[str, Any]]:
    """Games played on a Dask worker; the scenario is read once per worker process."""
    if text not in _CACHE:
        from wgkit.scenario import loads

        _CACHE[text] = loads(text, "simulated.yaml")
    return [play_safely(_CACHE[text], seed, turns, opponent) for seed in seeds]


@contextlib.contextmanager
def dask_client(scheduler: Any = None, workers: int | None = None):
    """A ``distributed.Client``: ``scheduler`` itself if it is one, connected to it if it is an
    address, else a local cluster of ``workers`` single-threaded processes (every core by
    default), closed on exit. A game that kills its worker is not retried on a local cluster."""
    from distributed import Client, LocalCluster

    if scheduler is not None and not isinstance(scheduler, str):
        yield scheduler
        return
    if scheduler:
        with Client(scheduler, timeout="5s") as client:
            yield client
        return
    import dask

    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                         dashboard_address=":0", silence_logs=logging.ERROR) as cluster, Client(cluster) as client:
        yield client


def _on_dask(client: Any, text: str, chunks: list[list[int]], seed: int, turns: int, opponent: str | None,
             finished: Callable[[int, dict[str, Any]], None]) -> None:
    """Play the chunks on the cluster. The games of a chunk whose worker died are played again one
    at a time, so that a game that kills its worker takes no other game with it."""
    from distributed import KilledWorker, as_completed

    futures = {client.submit(_worker, text, [seed + i for i in chunk], turns, opponent, pure=False): chunk
               for chunk in chunks}
    again: list[int] = []
    for future in as_completed(futures):
        try:
            results = future.result()
        except KilledWorker:  # a worker died (killed, out of memory) with this chunk on it
            again += futures[future]
            continue
        for i, result in zip(futures[future], results):
            finished(i, result)
    for i in sorted(again):
        try:
            result = client.submit(_worker, text, [seed + i], turns, opponent, pure=False).result()[0]
        except KilledWorker:
            result = {"seed": seed + i, "error": DIED}
        finished(i, result)


def simulate(scenario: Scenario, n: int, seed: int = 0, turns: int | None = None, jobs: int | None = 1,
             progress: Callable[[int, int], None] | None = None, name: str = "",
             scheduler: Any = None, opponent: str | None = None) -> Report:
    """Play ``n`` games with seeds ``seed``, ``seed + 1``, ...: in this process (``jobs=1``), on a
    local Dask cluster of ``jobs`` workers (None: every core), or on the Dask cluster of
    ``scheduler`` (an address such as ``tcp://10.0.0.5:8786``, or a ``distributed.Client``).
    ``opponent``: the kit's opponent (:mod:`wgkit.opponent`) plays that side, the simple policy
    the others. The report is the same for the same seed whatever runs the games."""
    if n < 1:
        raise ValueError("simulate at least one game")
    policy_for(scenario.ruleset)
    if opponent is not None and opponent not in {s.id for s in scenario.sides}:
        raise ValueError(f"the opponent plays a side of the scenario ({', '.join(s.id for s in scenario.sides)}), "
                         f"not {opponent!r}")
    turns = int(turns or scenario.turns or 6)
    report = Report(name or scenario.title, scenario.ruleset, seed, turns,
                    judged_by="the scenario's victory conditions" if scenario.conditions else
                    "the smaller share of pieces lost (the scenario has no victory conditions as data)",
                    opponent=opponent)
    results: dict[int, dict] = {}

    def finished(i: int, result: dict[str, Any]) -> None:
        results[i] = result
        if progress:
            progress(len(results), n)

    workers = jobs or os.cpu_count() or 1
    if workers == 1 and scheduler is None:
        for i in range(n):
            finished(i, play_safely(scenario, seed + i, turns, opponent))
    else:
        from wgkit.scenario.io import dumps

        with dask_client(scheduler, workers) as client:
            size = max(1, n // (4 * max(1, len(client.scheduler_info().get("workers", {})) or workers)))
            chunks = [list(range(i, min(n, i + size))) for i in range(0, n, size)]
            _on_dask(client, dumps(scenario), chunks, seed, turns, opponent, finished)
    ordered = [results[i] for i in range(n)]
    report.games = [g for g in ordered if "error" not in g]
    report.failed = [g for g in ordered if "error" in g]
    return report


def progress_bar(what: str = "games", file: Any = None) -> Callable[[int, int], None]:
    """A progress bar for ``progress=`` (``tqdm.auto``: a text bar in a terminal, a widget in a
    notebook); the total comes with the first report."""
    from tqdm.auto import tqdm

    bar = None

    def show(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = tqdm(total=total, desc=what, file=file, unit="game", leave=True)
        bar.update(done - bar.n)
        if done >= total:
            bar.close()
    return show


