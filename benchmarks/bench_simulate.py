"""Simulation benchmark: games per second for ``wgkit simulate``, in one process (the naive
baseline) and over every local core, measured in the same run on the same seeds.

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
from wgkit.simulate import simulate  # noqa: E402

SCENARIOS = ("close_action/tutorial_crossroads.yaml", "company_fire/tutorial_orchard_gate.yaml")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 24
    cores = os.cpu_count() or 1
    for name in SCENARIOS:
        scenario = load(ROOT / "scenarios" / name)
        t0 = time.perf_counter()
        serial = simulate(scenario, n, seed=100, jobs=1)
        t1 = time.perf_counter()
        parallel = simulate(scenario, n, seed=100, jobs=cores)
        t2 = time.perf_counter()
        assert serial.games == parallel.games, "parallel results differ from serial ones"
        one, many = n / (t1 - t0), n / (t2 - t1)
        print(f"{name}: {n} games of {serial.turns} turns; one process {one:.1f} games/s; "
              f"{cores} processes {many:.1f} games/s ({many / one:.2f}x the serial baseline)")


if __name__ == "__main__":
    main()
