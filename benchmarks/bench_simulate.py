"""Simulation benchmark: games per second of ``wgkit simulate`` for each ruleset's tutorial, in
one process (the baseline) and on a local Dask cluster of one worker per core, measured in the
same run on the same seeds (the two must give the same games).

    python benchmarks/bench_simulate.py [N]
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from wgkit.scenario import load  # noqa: E402
from wgkit.simulate import dask_client, simulate  # noqa: E402


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    cores = os.cpu_count() or 1
    t0 = time.perf_counter()
    with dask_client(workers=cores) as client:
        client.run(lambda: __import__("wgkit.rules.registry"))  # workers import wgkit once, before timing
        print(f"a local cluster of {cores} workers started in {time.perf_counter() - t0:.1f} s (not counted below)")
        for path in sorted((ROOT / "scenarios").glob("*/tutorial_*.yaml")):
            scenario = load(path)
            t0 = time.perf_counter()
            serial = simulate(scenario, n, seed=100, jobs=1)
            t1 = time.perf_counter()
            cluster = simulate(scenario, n, seed=100, scheduler=client)
            t2 = time.perf_counter()
            assert serial.games == cluster.games, "the cluster's games differ from the serial ones"
            one, many = n / (t1 - t0), n / (t2 - t1)
            print(f"{scenario.ruleset:13} {path.name}: {n} games of {serial.turns} turns; one process "
                  f"{one:.1f} games/s; Dask, {cores} workers {many:.1f} games/s ({many / one:.2f}x the serial baseline)")


if __name__ == "__main__":
    main()
