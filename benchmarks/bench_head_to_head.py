"""Head to head: the opponent's fast skill against its full skill, from either side (issue 67).

    python benchmarks/bench_head_to_head.py [N] [NAME ...]

For every bundled scenario (with NAMEs, those whose file name holds one): N seeded games with fast
play on the first side and full play on the second, then the same seeds with the seats swapped.
Printed: fast play's score from each side (a win 1, a draw 1/2) with its 95% interval, and its
score over both seats, a match with sides changed: 50% is two players of equal strength, and the
target is at least 40%. For scale, the naive baseline measured in the same run: the simple policy
in fast play's seats against the same full opponent on the same seeds, which shows what the
scenario gives a player who does not think. CPU per game is printed for the fast-against-full
games.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from wgkit.scenario import load  # noqa: E402
from wgkit.simulate import wilson  # noqa: E402
from wgkit.simulate import simulate  # noqa: E402


def score(scenario, n: int, seats: dict[str, str], side: str) -> tuple[float, float]:
    """``side``'s mean score over ``n`` games with ``seats`` (win 1, draw 1/2), and CPU a game."""
    t0 = time.process_time()
    report = simulate(scenario, n, seed=0, jobs=1, players=",".join(f"{s}={who}" for s, who in seats.items()))
    cpu = (time.process_time() - t0) / n
    return (report.wins(side) + report.wins(None) / 2) / n, cpu


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    names = sys.argv[2:]
    paths = sorted(p for p in (ROOT / "scenarios").glob("*/*.yaml") if not names or any(x in p.stem for x in names))
    print(f"fast play against full play, {n} games a seating (seeds 0..{n - 1}); score: a win 1, a draw 1/2")
    print(f"{'scenario':44s} {'fast as 1st':>12s} {'fast as 2nd':>12s} {'match':>14s} {'simple, match':>14s} "
          f"{'CPU/game':>9s}")
    for path in paths:
        s = load(path)
        a, b = (x.id for x in s.sides)
        first, cpu1 = score(s, n, {a: "opponent:fast", b: "opponent"}, a)
        second, cpu2 = score(s, n, {a: "opponent", b: "opponent:fast"}, b)
        naive = (score(s, n, {a: "simple", b: "opponent"}, a)[0] + score(s, n, {a: "opponent", b: "simple"}, b)[0]) / 2
        match = (first + second) / 2
        lo, hi = wilson(match * 2 * n, 2 * n)  # a draw counted as half a win
        mark = "" if match >= 0.4 else "  <- under 40%"
        print(f"{path.parent.name + '/' + path.stem:44s} {first:12.0%} {second:12.0%} "
              f"{f'{match:.0%} ({lo:.0%}-{hi:.0%})':>14s} {naive:14.0%} {(cpu1 + cpu2) / 2:8.2f}s{mark}", flush=True)
    print("match: fast play's score over both seatings against the full opponent (target: at least 40%); "
          "simple, match: the simple policy's, in the same seats against the same opponent")


if __name__ == "__main__":
    main()
