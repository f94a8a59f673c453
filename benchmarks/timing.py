"""Timing shared by the benchmarks: the best CPU time of this process after a warm-up, garbage
collector paused (as the standard library's timeit does). CPU time, not wall time: everything
timed runs in one thread, and a busy neighbour on a shared machine would otherwise decide the
ratios (``bench_simulate.py`` counts CPU time too)."""

from __future__ import annotations

import gc
import time
from typing import Callable


def best_of(fn: Callable[[], object], repeats: int = 5) -> float:
    fn()
    gc.collect()
    gc.disable()
    try:
        best = float("inf")
        for _ in range(repeats):
            t0 = time.process_time()
            fn()
            best = min(best, time.process_time() - t0)
    finally:
        gc.enable()
    return best
