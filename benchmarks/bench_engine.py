"""Engine benchmark: exact odds, Monte Carlo rate, replay, apply and undo.

Targets (issue 4): exact odds of one resolution <= 50 ms; Monte Carlo >= 100,000 resolutions
of one fire action per second; replaying 10,000 events <= 1 s; applying or undoing one event in
constant time. Each figure is printed with a naive baseline measured in the same run.

    python benchmarks/bench_engine.py
"""

from __future__ import annotations

import itertools
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))
from timing import best_of  # noqa: E402
from wgkit.dice import D6  # noqa: E402
from wgkit.engine import Game  # noqa: E402
from wgkit.odds import exact, monte_carlo  # noqa: E402
from wgkit.scenario import load  # noqa: E402


def fire_action(chance, dice: int, cover: int, prone: bool, green: bool, upright_open: bool, close: bool) -> int:
    """A representative d6 fire action: base 5-6 close / 6 far, modifiers, 7+ two-stage rule."""
    need = (5 if close else 6) + cover + (1 if prone else 0) + (1 if green else 0) - (2 if upright_open else 0)
    need = max(need, 2)
    if need <= 6:
        return chance.pool(dice, D6, [range(need, 7)], "fire")
    return chance.pool(dice, D6, [{6}, range(need - 3, 7)], "fire")


ARGS = (8, 1, True, False, False, True)  # 8 dice, soft cover, prone, close: needs 7+


def naive_exact(dice: int) -> dict:
    """Every face of every die, and for each 6 every face of its second die."""
    counts: dict[int, float] = {}
    for faces in itertools.product(range(1, 7), repeat=dice):
        sixes = faces.count(6)
        p = (1 / 6) ** dice
        for second in itertools.product(range(1, 7), repeat=sixes):
            hits = sum(1 for f in second if f >= 4)
            counts[hits] = counts.get(hits, 0.0) + p * (1 / 6) ** sixes
    return counts


def main() -> int:
    ok = True
    t_exact = best_of(lambda: exact(fire_action, *ARGS), 5)
    five = (5, *ARGS[1:])
    t_exact5 = best_of(lambda: exact(fire_action, *five), 5)
    t_naive5 = best_of(lambda: naive_exact(5), 1)
    print(f"exact odds, 8 dice at 7+:   {t_exact * 1e3:8.2f} ms   target <= 50 ms")
    print(f"  5 dice: exact {t_exact5 * 1e3:.2f} ms, naive enumeration of every face {t_naive5 * 1e3:.0f} ms "
          f"({t_naive5 / t_exact5:,.0f}x; the naive cost grows 6x per die)")
    ok &= t_exact <= 0.050

    n = 200_000
    t_mc = best_of(lambda: monte_carlo(fire_action, n, 1, *ARGS), 2)
    rng = random.Random(1)

    def naive_mc():
        for _ in range(n // 10):
            sixes = sum(1 for _ in range(8) if rng.randint(1, 6) == 6)
            sum(1 for _ in range(sixes) if rng.randint(1, 6) >= 4)

    t_naive_mc = best_of(naive_mc, 2) * 10
    rate = n / t_mc
    print(f"Monte Carlo fire actions:   {rate:10,.0f} /s   naive dice rolling {n / t_naive_mc:10,.0f} /s "
          f"({t_naive_mc / t_mc:.1f}x)   target >= 100,000 /s")
    ok &= rate >= 100_000

    scenario = load(ROOT / "scenarios/close_action/hedgerow_farm.yaml")
    game = Game(scenario)
    pieces = [p.id for _, _, p in scenario.pieces()]
    for i in range(10_000):
        game.move(pieces[i % len(pieces)], (i % 48, (i // 48) % 36))
    log = list(game.log)
    t_replay = best_of(lambda: Game.replay(scenario, game.seed, log), 3)
    print(f"replay 10,000 events:       {t_replay * 1e3:8.1f} ms   target <= 1000 ms")
    ok &= t_replay <= 1.0

    def undo_redo_cost(g: Game, k: int = 2000) -> float:
        t0 = time.perf_counter()
        for _ in range(k):
            g.undo()
            g.redo()
        return (time.perf_counter() - t0) / (2 * k)

    small = Game.replay(scenario, game.seed, log[:100])
    big = Game.replay(scenario, game.seed, log)
    t_small, t_big = undo_redo_cost(small), undo_redo_cost(big)
    t_naive_undo = best_of(lambda: Game.replay(scenario, game.seed, log[:-1]), 1)
    print(f"undo/redo one event:        {t_small * 1e6:8.1f} us at 100 events, {t_big * 1e6:.1f} us at 10,000 "
          f"(ratio {t_big / t_small:.2f}; constant time means ~1)   naive undo by replay {t_naive_undo * 1e3:.0f} ms")
    ok &= t_big / t_small < 2.0
    print("targets met" if ok else "TARGETS NOT MET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
