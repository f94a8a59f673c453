"""Competent balancing: what the kit's opponent on every side costs, against two simple policies.

    python benchmarks/bench_balance.py [N] [NAME ...] [--fast-only]

For every bundled scenario (with NAMEs, those whose file name holds one): the CPU time per game
of N seeded games (default 2) with the simple policy on both sides (the baseline), with the
opponent's fast skill on both sides (``--players opponent:fast``; the target: at most 10x the
baseline) and with its full skill (``--players opponent``), and where the full opponent's time
goes: the same games played with its play-outs switched off (its look-ahead alone); the rest of
its time is the play-outs, each a game played on to its end by the simple policy. Then competent games per hour, wall time, on the hedgerow farm (4N games): in
one process and on a local Dask cluster of 2 workers, with the two reports checked identical.
``--fast-only`` leaves full play and the cluster out (minutes instead of an hour).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from wgkit.opponent import SKILLS, Opponent  # noqa: E402
from wgkit.rules.registry import get_ruleset  # noqa: E402
from wgkit.scenario import load  # noqa: E402
from wgkit.simulate import dask_client, seated, simulate  # noqa: E402


def cpu_per_game(run, seeds) -> float:
    t0 = time.process_time()
    for seed in seeds:
        run(seed)
    return (time.process_time() - t0) / len(seeds)


def play(scenario, seed: int, thinking: dict | None) -> None:
    """One game: the simple policy on both sides (``thinking`` None), else the opponent on both
    sides with those settings (a skill of :data:`SKILLS`, or play-outs switched off)."""
    rules = get_ruleset(scenario.ruleset)
    game = rules.new_game(scenario, seed)
    turns = int(scenario.turns or 6)
    if thinking is None:
        rules.policy.play(game, turns)
        return
    bots = {s.id: Opponent(s.id, seed=seed, turns=turns, **thinking) for s in scenario.sides}
    rules.policy.play(game, turns, step=seated(bots, rules.policy.play_step))


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--fast-only"]
    fast_only = len(args) < len(sys.argv) - 1
    n = int(args[0]) if args else 2
    names = args[1:]
    paths = sorted(p for p in (ROOT / "scenarios").glob("*/*.yaml") if not names or any(x in p.stem for x in names))
    seeds = range(1000, 1000 + n)
    print(f"CPU per game over {n} seeded games; opponent on both sides against the simple policy on both")
    print(f"{'scenario':44s} {'simple':>9s} {'fast':>8s} {'ratio':>6s} {'full':>8s} {'ratio':>6s} "
          f"{'look-ahead':>11s} {'play-outs':>10s}")
    fast_ratios, ratios = [], []
    for path in paths:
        s = load(path)
        simple = cpu_per_game(lambda seed: play(s, seed, None), seeds)
        fast = cpu_per_game(lambda seed: play(s, seed, SKILLS["fast"]), seeds)
        fast_ratios.append(fast / simple)
        if fast_only:
            print(f"{path.parent.name + '/' + path.stem:44s} {simple:8.3f}s {fast:7.2f}s {fast / simple:5.0f}x", flush=True)
            continue
        full = cpu_per_game(lambda seed: play(s, seed, SKILLS["full"]), seeds)
        ahead = cpu_per_game(lambda seed: play(s, seed, {"playouts": 0}), seeds)
        ratios.append(full / simple)
        print(f"{path.parent.name + '/' + path.stem:44s} {simple:8.3f}s {fast:7.2f}s {fast / simple:5.0f}x "
              f"{full:7.2f}s {full / simple:5.0f}x {ahead:10.2f}s {max(0.0, full - ahead) / full:9.0%}", flush=True)
    for name, r in (("fast", fast_ratios), ("full", ratios)):
        if not r:
            continue
        print(f"{name} against simple: median {sorted(r)[len(r) // 2]:.0f}x, worst {max(r):.0f}x", end="; ")
    print("target for fast: at most 10x; 'play-outs' is the share of the full opponent's time spent playing "
          "finalists on to the end")
    if fast_only:
        return

    farm = load(ROOT / "scenarios/close_action/hedgerow_farm.yaml")
    games = 4 * n
    t0 = time.perf_counter()
    alone = simulate(farm, games, seed=1000, jobs=1, players="opponent")
    one = time.perf_counter() - t0
    with dask_client(workers=2) as client:
        t0 = time.perf_counter()
        two = simulate(farm, games, seed=1000, scheduler=client, players="opponent")
        both = time.perf_counter() - t0
    print(f"competent games per hour on the hedgerow farm, {games} games: 1 worker {games / one * 3600:.0f}, "
          f"2 workers {games / both * 3600:.0f} ({one / both:.2f}x); reports "
          f"{'identical' if alone.games == two.games else 'DIFFER'}")


if __name__ == "__main__":
    main()
