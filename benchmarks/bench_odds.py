"""Odds before every roll: the exact odds of every action the panel offers, timed (issue 23, item 2).

Walks the first two turns of every bundled scenario step by step; at each step, for every action
offered and every combination of its choices (points: each enemy piece's position; numbers: their
default), times the odds the panel would show, as the panel computes them (fresh caches are not
forced: the panel too keeps them). Target: the 99th percentile at most 5 ms. The baseline in the
same run is the same odds computed with the enumeration's caches cleared before each call.

    python benchmarks/bench_odds.py
"""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from wgkit.engine.game import IllegalActionError  # noqa: E402
from wgkit.rules.registry import get_ruleset  # noqa: E402
from wgkit.scenario import load  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PER_PARAM = 4  # choices tried per parameter
TURNS = 2


def _values(game, param, enemies) -> list:
    if param.kind == "choice":
        return [c[1] if isinstance(c, tuple) and len(c) == 2 and isinstance(c[0], str) else c
                for c in param.choices[:PER_PARAM]] or [None]
    if param.kind == "point":
        return [p["position"] for p in enemies[:PER_PARAM]] or [[1.0, 1.0]]
    return [param.default if param.default is not None else param.low]


def offered(path: Path):
    """(scenario, step, action, params, odds callable) for everything the panel would price."""
    s = load(path)
    game = get_ruleset(s.ruleset).new_game(s, 1)
    while game.position[0] <= TURNS:
        sides = game.acting_sides()
        enemies = [p for p in game.state["pieces"].values() if p["side"] not in sides and p["alive"] and p["position"]]
        for spec in get_ruleset(s.ruleset).actions(game):
            names = [p.name for p in spec.params]
            for combo in itertools.product(*(_values(game, p, enemies) for p in spec.params)):
                params = dict(zip(names, combo))
                yield path.parent.name + "/" + path.stem, game.current_step().name, spec.name, params, \
                    (lambda spec=spec, params=params, game=game: spec.odds(game, params))
        try:
            game.advance()
        except IllegalActionError:
            return


def main() -> None:
    import wgkit.odds as O

    rows = []
    for path in sorted((ROOT / "scenarios").glob("*/*.yaml")):
        for where, step, name, params, odds in offered(path):
            try:
                t0 = time.perf_counter()
                fast = odds()
                t1 = time.perf_counter()
            except (IllegalActionError, ValueError, KeyError, TypeError):
                continue  # a combination the rules refuse (out of range, no sight ...): no odds shown
            if fast is None:
                continue
            O._binomial.cache_clear()
            O._stage_share.cache_clear()
            O._face_share.cache_clear()
            t2 = time.perf_counter()
            cold = odds()
            t3 = time.perf_counter()
            if dict(cold.probs) != dict(fast.probs):
                raise SystemExit(f"{where} {step} {name} {params}: cached and fresh odds differ")
            rows.append((t1 - t0, t3 - t2, where, step, name))
    times = sorted(r[0] for r in rows)
    colds = sorted(r[1] for r in rows)

    def pct(xs, q):
        return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000

    print(f"{len(rows)} odds computed over every bundled scenario's first {TURNS} turns")
    print(f"as the panel computes them: median {pct(times, 0.5):.2f} ms, p99 {pct(times, 0.99):.2f} ms, "
          f"max {times[-1] * 1000:.1f} ms   target p99 <= 5 ms")
    print(f"caches cleared each time:   median {pct(colds, 0.5):.2f} ms, p99 {pct(colds, 0.99):.2f} ms "
          f"(ratio at p99 {pct(colds, 0.99) / max(pct(times, 0.99), 1e-9):.1f}x)")
    print("slowest:")
    for t, _, where, step, name in sorted(rows, reverse=True)[:8]:
        print(f"  {t * 1000:8.1f} ms  {where}  {step}: {name}")


if __name__ == "__main__":
    main()
