"""Timing shared by the benchmarks: best wall time after a warm-up, garbage collector paused
(as the standard library's timeit does)."""

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
            t0 = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - t0)
    finally:
        gc.enable()
    return best
