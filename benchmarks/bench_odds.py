"""Odds before every roll: the exact odds of every action the panel offers, timed (issue 23, item 2).

Walks the first two turns of every bundled scenario step by step; at each step, for every action
offered and every combination of its choices (points: each enemy piece's position; numbers: their
default), times the odds the panel would show, as the panel computes them (fresh caches are not
forced: the panel too keeps them). Target: the 99th percentile at most 5 ms. The baseline in the
same run is the same odds computed with the enumeration's caches cleared before each call.

Then the heaviest rolls, caches cleared, each against icepool computing the same distribution
(which must be equal, fraction for fraction): Easy Company automatic fire at 2 to 10 figures
(target 10 ms at 10), Close Action fire with mixed pools and the two-stage 7+ roll, where an
Eagles barrage round lands, and Company Fire's group fire.

    python benchmarks/bench_odds.py
"""

from __future__ import annotations

import itertools
import sys
import time
from fractions import Fraction
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


def _icepool_automatic(fire: int, effective: int, figures: int) -> dict[int, Fraction]:
    """Easy Company §5.5 by icepool: the first d00 hits under the effective chance, misses under
    the fire chance and silences the weapon from it up; each further figure is hit under the
    effective chance."""
    import icepool

    silent = Fraction(101 - fire, 100)  # 70%: silent on 70-00
    rest = icepool.Die({1: effective - 1, 0: fire - effective}) + \
        (figures - 1) @ icepool.Die({1: effective - 1, 0: 101 - effective})
    total = rest.denominator()
    return {k: (silent if k == 0 else 0) + (1 - silent) * Fraction(rest.quantity(k), total)
            for k in range(figures + 1) if k == 0 or rest.quantity(k)}


def _icepool_pools(pools: dict[int, int]) -> dict[int, Fraction]:
    """Close Action hits by icepool: per die 4+ .. 6 on one d6; 7+ a 6 then 4-6 on a second."""
    import icepool

    hit = {need: Fraction(7 - need, 6) if need <= 6 else Fraction(1, 6) * Fraction(3, 6) for need in pools}
    dice = [n @ icepool.Die({1: hit[need].numerator, 0: hit[need].denominator - hit[need].numerator})
            for need, n in pools.items()]
    total = sum(dice[1:], dice[0])
    return {k: Fraction(total.quantity(k), total.denominator()) for k in total.outcomes() if total.quantity(k)}


def _icepool_drift(modifier: int) -> dict[tuple, Fraction]:
    """Eagles 3.3 by icepool: a d10 (0-9) plus the modifier, held to 0-9, read on the error
    chart; a second d10 read on the direction chart."""
    import icepool

    from wgkit.rules.eagles import tables as T

    off = icepool.Die(range(10)).map(lambda f: T.ERROR_YD[min(9, max(0, f + modifier))].value)
    way = icepool.Die(range(10)).map(lambda f: T.DIRECTION[f].value)
    return {(o, w): Fraction(off.quantity(o), off.denominator()) * Fraction(way.quantity(w), way.denominator())
            for o in off.outcomes() for w in way.outcomes()}


def _icepool_hits(dice: int) -> dict[int, Fraction]:
    """Company Fire by icepool: each attack die hits on a 5 or 6."""
    import icepool

    total = dice @ icepool.Die({1: 2, 0: 4})
    return {k: Fraction(total.quantity(k), total.denominator()) for k in total.outcomes()}


def _cold(fn):
    """``fn()`` and its time with every cache of the odds module cleared first."""
    import wgkit.odds as O

    for cached in vars(O).values():
        if callable(getattr(cached, "cache_clear", None)):
            cached.cache_clear()
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def heaviest() -> bool:
    from wgkit.rules.close_action import odds as CA
    from wgkit.rules.company_fire import odds as CF
    from wgkit.rules.eagles import odds as EA
    from wgkit.rules.easy_company import odds as EC

    rolls = [(f"Easy Company automatic fire, {n} figures (fire 70%, effective 30%)",
              lambda n=n: EC.automatic_fire(70, 30, n), lambda n=n: _icepool_automatic(70, 30, n), 10.0 if n == 10 else None)
             for n in (2, 4, 6, 8, 10)]
    rolls += [("Close Action fire: 6 dice at 4+, 4 at 5+, 3 at 7+", lambda: CA.fire(pools={4: 6, 5: 4, 7: 3}),
               lambda: _icepool_pools({4: 6, 5: 4, 7: 3}), 5.0),
              ("Close Action fire: 8 dice at 7+", lambda: CA.fire(8, 7), lambda: _icepool_pools({7: 8}), 5.0),
              ("Eagles barrage: where a round lands (error and direction, modifier +2)",
               lambda: EA.barrage_error(2), lambda: _icepool_drift(2), 5.0),
              ("Company Fire group fire: rifle squad, MMG, HMG and a leader, one roll of two",
               lambda: CF.group_fire(["rifle_squad", "mmg", "hmg"], targets=2, leader_present=True)[1],
               lambda: _icepool_hits(11), 5.0)]
    ok = True
    _icepool_pools({4: 1})  # icepool's own first call sets up its caches
    print("heaviest rolls, caches cleared, against icepool:")
    for name, ours, theirs, limit in rolls:
        d, t = _cold(ours)
        ref, t_ref = _cold(theirs)
        same = {k: v for k, v in d.probs.items() if v} == ref
        met = same and (limit is None or t * 1000 <= limit)
        ok &= met
        print(f"  {name}: wgkit {t * 1000:6.2f} ms, icepool {t_ref * 1000:6.2f} ms ({t_ref / t:.1f}x), "
              f"{'equal' if same else 'DIFFERENT'}{f', target {limit:g} ms' if limit else ''}{'' if met else '  <- NOT MET'}")
    return ok


def main() -> int:
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
            cold, t_cold = _cold(odds)
            if dict(cold.probs) != dict(fast.probs):
                raise SystemExit(f"{where} {step} {name} {params}: cached and fresh odds differ")
            rows.append((t1 - t0, t_cold, where, step, name))
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
    met = heaviest() and pct(times, 0.99) <= 5
    print("targets met" if met else "TARGETS NOT MET")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
