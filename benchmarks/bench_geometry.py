"""Geometry benchmark: LOS matrix, fan and move for 300 figures among 100 terrain polygons.

Prints each figure and its ratio to a naive baseline measured in the same run:
``polygon.intersects(LineString(...))`` over every pair of figures and every polygon.
Targets (issue 3): matrix >= 20x faster than naive; fan <= 1 ms; move <= 1 ms.

    python benchmarks/bench_geometry.py [--quick]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

import numpy as np
from shapely.geometry import LineString, Polygon

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from timing import best_of  # noqa: E402
from wgkit.geometry.los import LosPolicy, SightField  # noqa: E402
from wgkit.geometry.terrain import TerrainArea, TerrainIndex  # noqa: E402

W, D, FIGURES, POLYGONS = 72.0, 48.0, 300, 100


def random_polygons(rng: np.random.Generator) -> list[Polygon]:
    out = []
    while len(out) < POLYGONS:
        cx, cy, r = rng.uniform(2, W - 2), rng.uniform(2, D - 2), rng.uniform(1.0, 3.0)
        k = int(rng.integers(6, 17))
        ang = np.sort(rng.uniform(0, 2 * math.pi, k))
        rad = r * rng.uniform(0.5, 1.0, k)
        poly = Polygon(np.c_[cx + rad * np.cos(ang), cy + rad * np.sin(ang)])
        if poly.is_valid and poly.area > 0:
            out.append(poly)
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="time the naive loop on 1/10 of the pairs")
    args = parser.parse_args()
    rng = np.random.default_rng(2024)
    polys = random_polygons(rng)
    terrain = TerrainIndex([TerrainArea(f"f{i}", "woods", p, blocks_los=True) for i, p in enumerate(polys)], W, D)
    pts = np.c_[rng.uniform(0, W, FIGURES), rng.uniform(0, D, FIGURES)]
    field = SightField(terrain, pts, LosPolicy(see_into=1.0))
    pairs = [(i, j) for i in range(FIGURES) for j in range(i + 1, FIGURES)]

    sample = pairs[:: 10] if args.quick else pairs

    def naive() -> None:
        for i, j in sample:  # noqa: B007
            line = LineString([pts[i], pts[j]])
            for p in polys:
                p.intersects(line)

    t_naive = best_of(naive, 1) * len(pairs) / len(sample)  # warm-up + 1 timed run
    t_matrix = best_of(field.matrix, 15)
    t_fan = statistics.median(best_of(lambda i=i: field.fan(i), 3) for i in range(0, FIGURES, 15))
    m = field.matrix()
    t_move = statistics.median(
        best_of(lambda i=i: field.move(i, (rng.uniform(0, W), rng.uniform(0, D)), m), 3)
        for i in range(0, FIGURES, 15))

    print(f"case: {FIGURES} figures, {POLYGONS} polygons (6-16 vertices), {len(pairs):,} sight lines")
    print(f"naive loop{' (extrapolated from 1/10)' if args.quick else ''}: {t_naive * 1e3:9.1f} ms")
    print(f"LOS matrix:              {t_matrix * 1e3:9.1f} ms   {t_naive / t_matrix:6.1f}x faster than naive (target >= 20x)")
    print(f"fan, one to 299:         {t_fan * 1e3:9.3f} ms   {t_naive / len(pairs) * 299 / t_fan:6.1f}x naive per line (target <= 1 ms)")
    print(f"move one figure:         {t_move * 1e3:9.3f} ms   (target <= 1 ms)")
    visible = (m.sum() - FIGURES) / (FIGURES * (FIGURES - 1))
    print(f"share of pairs in sight: {visible:.1%}")
    ok = t_naive / t_matrix >= 20 and t_fan <= 1e-3 and t_move <= 1e-3
    print("targets met" if ok else "TARGETS NOT MET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
