"""The kit's opponent against the simple policies, on every bundled scenario, each side in turn.

For each scenario and side: the side's win rate when both sides play the simple policy (the
baseline), and when the kit's opponent plays that side; each with its 95% interval, on the same
seeds. Then, the measure the opponent is judged by, each scenario with sides swapped: over the
games where the opponent played one side and the simple policy the other, how often each of the
two won (a draw is neither's), "clearly better" when the opponent's interval lies wholly above the
simple policy's. Swapping sides cancels a scenario's own lean: two simple policies win equally
often. Then the opponent's think time per decision, measured in this process on one game of each
scenario.

    python benchmarks/bench_opponent.py [N] [NAME ...]

N games per row (default 20), on a local Dask cluster; with NAMEs, only the scenarios whose file
name holds one of them (to measure one scenario on more games: narrower intervals).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from wgkit.opponent import Opponent  # noqa: E402
from wgkit.rules.registry import get_ruleset  # noqa: E402
from wgkit.scenario import load  # noqa: E402
from wgkit.simulate import dask_client, policy_for, simulate, wilson  # noqa: E402


def think_times(scenario) -> list[float]:
    game = get_ruleset(scenario.ruleset).new_game(scenario, 1)
    policy = policy_for(scenario.ruleset)
    players = [Opponent(s.id, seed=1) for s in scenario.sides]

    def step(g, say):
        for p in players:
            p.play_step(g, say, finish=lambda *_: None)
        policy.play_step(g, say)
    policy.play(game, min(scenario.turns or 6, 3), step=step)
    return [t for p in players for t in p.think]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    names = sys.argv[2:]
    thinks: list[float] = []
    clearly = scenarios = 0
    with dask_client() as client:
        for path in sorted(p for p in (ROOT / "scenarios").glob("*/*.yaml") if not names or any(x in p.stem for x in names)):
            s = load(path)
            base = simulate(s, n, seed=1000, scheduler=client)
            mine = theirs = games = 0
            for side in [x.id for x in s.sides]:
                opp = simulate(s, n, seed=1000, scheduler=client, players={side: "opponent"})
                (b, (blo, bhi)), (o, (olo, ohi)) = base.rate(side), opp.rate(side)
                mine += opp.wins(side)
                theirs += sum(opp.wins(x) for x in opp.sides if x != side)
                games += opp.n
                print(f"{path.parent.name}/{path.name:34s} {side:4s} simple {b:6.1%} ({blo:.0%}-{bhi:.0%})  "
                      f"opponent {o:6.1%} ({olo:.0%}-{ohi:.0%})"
                      + (f"  [{len(opp.failed)} failed]" if opp.failed else ""), flush=True)
            (mlo, mhi), (tlo, thi) = wilson(mine, games), wilson(theirs, games)
            scenarios += 1
            clearly += mlo > thi
            print(f"    sides swapped, {games} games: opponent won {mine / games:.0%} ({mlo:.0%}-{mhi:.0%}), "
                  f"simple policy {theirs / games:.0%} ({tlo:.0%}-{thi:.0%}){'  clearly better' if mlo > thi else ''}",
                  flush=True)
            t0 = time.perf_counter()
            thinks += think_times(s)
            print(f"    think times measured in {time.perf_counter() - t0:.1f} s", flush=True)
    thinks.sort()
    print(f"opponent clearly better on {clearly} of {scenarios} scenarios, sides swapped ({n} games a side)")
    print(f"think time per decision over {len(thinks)} decisions: median {statistics.median(thinks) * 1000:.0f} ms, "
          f"p95 {thinks[int(0.95 * (len(thinks) - 1))] * 1000:.0f} ms, max {thinks[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
