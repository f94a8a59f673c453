"""Simulation benchmark: games per second per core of ``wgkit simulate``'s policies on every
bundled scenario (issue 23, item 3), against the kit as it was before the speed-ups, measured in
the same run.

The baseline is the commit named by ``BASELINE`` (the code of 2026-11-24, before the issue's
work), checked out in a scratch git worktree under ``build/`` and run in a child process on the
same scenarios and seeds. Both must play the very same games: the digest of every final state
is compared, so a speed-up that changes a single die or position fails the benchmark.
Target: at least 5x the baseline's games per second on every bundled scenario. The first game
of a scenario also builds what every later game of it shares (the terrain index, remembered
sight verdicts, the odds of each pool), so the default of 24 games a scenario measures the rate
a balancing run or an opponent's look-ahead sees, not mostly that first game.

    python benchmarks/bench_simulate.py [N]          # N games per scenario (default 24)
    python benchmarks/bench_simulate.py N --cluster  # also the same games on a local Dask cluster
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "65a993e"  # main before issue 23's games-per-second work
SEED = 100


def scenario_files(root: Path) -> list[Path]:
    return sorted(p for p in (root / "scenarios").glob("*/*.yaml"))


def measure(root: Path, n: int) -> dict[str, dict]:
    """Play ``n`` seeded games of every bundled scenario with the kit found on ``sys.path``:
    games per second (imports and the first lookup of each ruleset not counted) and a digest of
    the final states."""
    from wgkit.rules.registry import get_ruleset
    from wgkit.scenario import load
    from wgkit.simulate import policy_for

    out = {}
    for path in scenario_files(root):
        scenario = load(path)
        rules, policy = get_ruleset(scenario.ruleset), policy_for(scenario.ruleset)
        turns = int(scenario.turns or 6)
        digest = hashlib.sha256()
        t0 = time.process_time()
        for seed in range(SEED, SEED + n):
            game = rules.new_game(scenario, seed)
            policy.play(game, turns)
            digest.update(json.dumps(game.state, sort_keys=True, default=str).encode())
            digest.update(json.dumps([e.to_dict() for e in game.log], sort_keys=True, default=str).encode())
        seconds = time.process_time() - t0
        out[path.relative_to(root).as_posix()] = {"games_per_s": n / seconds, "digest": digest.hexdigest()}
    return out


def baseline(n: int) -> dict[str, dict]:
    """:func:`measure` run by the baseline commit's code, in a worktree and a child process."""
    tree = ROOT / "build" / f"bench-baseline-{BASELINE}"
    if not tree.exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), BASELINE],
                       check=True, capture_output=True)
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), str(n), "--measure", str(tree)],
                          env=env, capture_output=True, text=True, cwd=tree)
    if done.returncode != 0:
        raise SystemExit(f"the baseline run failed:\n{done.stderr}")
    return json.loads(done.stdout)


def on_cluster(n: int) -> None:
    from wgkit.scenario import load
    from wgkit.simulate import dask_client, simulate

    cores = os.cpu_count() or 1
    with dask_client(workers=cores) as client:
        client.run(lambda: __import__("wgkit.rules.registry"))
        for path in sorted((ROOT / "scenarios").glob("*/tutorial_*.yaml")):
            scenario = load(path)
            t0 = time.perf_counter()
            serial = simulate(scenario, n, seed=SEED, jobs=1)
            t1 = time.perf_counter()
            cluster = simulate(scenario, n, seed=SEED, scheduler=client)
            t2 = time.perf_counter()
            assert serial.games == cluster.games, "the cluster's games differ from the serial ones"
            print(f"{path.name}: one process {n / (t1 - t0):.1f} games/s; Dask, {cores} workers "
                  f"{n / (t2 - t1):.1f} games/s ({(t1 - t0) / (t2 - t1):.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=24, help="games per scenario")
    parser.add_argument("--measure", metavar="ROOT", help=argparse.SUPPRESS)  # the child's mode
    parser.add_argument("--cluster", action="store_true", help="also play the tutorials on a local Dask cluster")
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(Path(args.measure), args.n)))
        return
    sys.path.insert(0, str(ROOT))
    old = baseline(args.n)
    new = measure(ROOT, args.n)
    print(f"{args.n} games per scenario, CPU time of one process; baseline: commit {BASELINE}")
    print(f"{'scenario':48s} {'games/s':>8s} {'baseline':>9s} {'ratio':>7s}  same games")
    worst = float("inf")
    for name, row in new.items():
        before = old.get(name)
        if before is None:
            print(f"{name:48s} {row['games_per_s']:8.2f} {'(new)':>9s}")
            continue
        ratio = row["games_per_s"] / before["games_per_s"]
        worst = min(worst, ratio)
        same = "yes" if row["digest"] == before["digest"] else "NO: the games differ"
        print(f"{name:48s} {row['games_per_s']:8.2f} {before['games_per_s']:9.2f} {ratio:6.1f}x  {same}")
    print(f"slowest speed-up: {worst:.1f}x (target: at least 5x on every scenario)")
    if args.cluster:
        on_cluster(args.n)


if __name__ == "__main__":
    main()
