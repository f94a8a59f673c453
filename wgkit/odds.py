"""Odds from the same code that plays.

A resolution procedure takes a :class:`Chance` and asks it for dice. Handed a :class:`Play`
(backed by the game's :class:`~wgkit.dice.Roller`) it rolls and records real dice; handed to
:func:`exact` it is re-run down every branch to give the exact distribution of its outcomes
(a pool of n dice is one binomial step of n + 1 branches, never 6**n); handed to
:func:`monte_carlo` it is sampled, with the standard error stated.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Collection, Hashable, Mapping, Protocol, Sequence

from wgkit.dice import Die, Roller

Stages = Sequence[Collection[int]]


class Chance(Protocol):
    """What a procedure may ask of fate."""

    def face(self, die: Die, purpose: str) -> int:
        """One die's face."""

    def check(self, die: Die, succeed: Collection[int], purpose: str) -> bool:
        """Roll one die: does it show one of ``succeed``?"""

    def band(self, die: Die, bands: Sequence[Collection[int]], purpose: str) -> int:
        """Roll one die: the index of the band (disjoint sets of faces) its face is in, or
        ``len(bands)`` for none. One die read against several thresholds ("fires on 60, hits on
        40") branches once per band, not once per face."""

    def pool(self, n: int, die: Die, stages: Stages, purpose: str) -> int:
        """Roll ``n`` dice; each that passes stage 1 is rolled again for stage 2, and so on.
        Returns how many passed every stage (a "roll a 6, then 4-6" hit has two stages)."""

    def reading(self, dice: Sequence[tuple[Die, str]], read: Callable[..., Hashable]) -> Hashable:
        """Roll several dice, each for its purpose, and return ``read(*faces)``: a roll-off, a
        difference. Odds branch once per distinct reading, not once per combination of faces."""

    def pools(self, pools: Sequence[tuple[int, Die, Stages, str]]) -> int:
        """Roll several pools (each ``(n, die, stages, purpose)`` as :meth:`pool`) and return the
        successes of all of them: a mixed pool. Odds branch once per total, not per pool."""


def _band_of(face: int, bands: Sequence[Collection[int]]) -> int:
    return next((i for i, b in enumerate(bands) if face in b), len(bands))


def _frozen(faces: Collection[int]) -> frozenset[int]:
    return faces if isinstance(faces, frozenset) else frozenset(faces)


def _p(die: Die, faces: Collection[int]) -> Fraction:
    return _face_share(die, _frozen(faces))


@lru_cache(maxsize=4096)
def _face_share(die: Die, faces: frozenset[int]) -> Fraction:
    return Fraction(sum(1 for f in die.faces if f in faces), die.sides)


def stage_probability(die: Die, stages: Stages) -> Fraction:
    """Chance that one die passes every stage (cached: a simulated game asks for the same few
    thousands of times)."""
    key = tuple(stages)
    try:
        return _stage_share_of(die, key)  # ranges and frozensets hash: no face sets rebuilt
    except TypeError:  # a stage given as a set or list
        return _stage_share(die, tuple(_frozen(s) for s in stages))


@lru_cache(maxsize=4096)
def _stage_share_of(die: Die, stages: tuple[Collection[int], ...]) -> Fraction:
    return _stage_share(die, tuple(_frozen(s) for s in stages))


@lru_cache(maxsize=4096)
def _stage_share(die: Die, stages: tuple[frozenset[int], ...]) -> Fraction:
    p = Fraction(1)
    for s in stages:
        p *= _face_share(die, s)
    return p


# -- playing ---------------------------------------------------------------------------------
class Play:
    """The chance of a real game: dice come from the roller and are recorded."""

    def __init__(self, roller: Roller):
        self.roller = roller

    def face(self, die: Die, purpose: str) -> int:
        return self.roller.roll(die, 1, purpose)[0]

    def check(self, die: Die, succeed: Collection[int], purpose: str) -> bool:
        return self.face(die, purpose) in set(succeed)

    def band(self, die: Die, bands: Sequence[Collection[int]], purpose: str) -> int:
        return _band_of(self.face(die, purpose), bands)

    def reading(self, dice: Sequence[tuple[Die, str]], read: Callable[..., Hashable]) -> Hashable:
        return read(*(self.face(die, purpose) for die, purpose in dice))

    def pools(self, pools: Sequence[tuple[int, Die, Stages, str]]) -> int:
        """Stage by stage across the pools, as a person throws them: every pool's first-stage dice,
        then the dice that passed, for every pool's second stage, and so on."""
        passing = [n for n, _, _, _ in pools]
        for i in range(max((len(stages) for _, _, stages, _ in pools), default=0)):
            for k, (_, die, stages, purpose) in enumerate(pools):
                if i < len(stages) and passing[k]:
                    label = purpose if len(stages) == 1 else f"{purpose} (stage {i + 1})"
                    wanted = set(stages[i])
                    passing[k] = sum(1 for f in self.roller.roll(die, passing[k], label) if f in wanted)
        return sum(passing)

    def pool(self, n: int, die: Die, stages: Stages, purpose: str) -> int:
        passing = n
        for i, stage in enumerate(stages):
            if passing == 0:
                break
            label = purpose if len(stages) == 1 else f"{purpose} (stage {i + 1})"
            faces = self.roller.roll(die, passing, label)
            wanted = set(stage)
            passing = sum(1 for f in faces if f in wanted)
        return passing


# -- exact enumeration -----------------------------------------------------------------------
class _Branch(Exception):
    def __init__(self, options: list[tuple[Any, Fraction]]):
        self.options = options


class _Scripted:
    """Replays a prefix of choices, then stops at the first new chance event."""

    def __init__(self, prefix: list[int]):
        self.prefix, self.pos = prefix, 0

    def _next(self, options: list[tuple[Any, Fraction]]) -> Any:
        if self.pos < len(self.prefix):
            value = options[self.prefix[self.pos]][0]
            self.pos += 1
            return value
        raise _Branch(options)

    def face(self, die: Die, purpose: str) -> int:
        return self._next(_faces(die))

    def check(self, die: Die, succeed: Collection[int], purpose: str) -> bool:
        return self._next(_check(die, _frozen(succeed)))

    def band(self, die: Die, bands: Sequence[Collection[int]], purpose: str) -> int:
        return self._next(_bands(die, tuple(_frozen(b) for b in bands)))

    def reading(self, dice: Sequence[tuple[Die, str]], read: Callable[..., Hashable]) -> Hashable:
        return self._next(_readings(tuple(die for die, _ in dice), read))

    def pools(self, pools: Sequence[tuple[int, Die, Stages, str]]) -> int:
        return self._next(_mixed(tuple((n, stage_probability(die, stages)) for n, die, stages, _ in pools)))

    def pool(self, n: int, die: Die, stages: Stages, purpose: str) -> int:
        return self._next(_binomial(n, stage_probability(die, stages)))


@lru_cache(maxsize=64)
def _faces(die: Die) -> tuple[tuple[int, Fraction], ...]:
    return tuple((f, Fraction(1, die.sides)) for f in die.faces)


@lru_cache(maxsize=4096)
def _check(die: Die, succeed: frozenset[int]) -> tuple[tuple[bool, Fraction], ...]:
    p = _face_share(die, succeed)
    return tuple((o, q) for o, q in ((True, p), (False, 1 - p)) if q)


@lru_cache(maxsize=4096)
def _bands(die: Die, bands: tuple[frozenset[int], ...]) -> tuple[tuple[int, Fraction], ...]:
    ps = [_face_share(die, b) for b in bands]
    ps.append(1 - sum(ps, Fraction(0)))
    return tuple((i, q) for i, q in enumerate(ps) if q)


@lru_cache(maxsize=256)
def _readings(dice: tuple[Die, ...], read: Callable[..., Hashable]) -> list[tuple[Hashable, Fraction]]:
    """Each distinct ``read(*faces)`` over every combination of the dice's faces, with its chance."""
    out: dict[Hashable, Fraction] = {}
    share = Fraction(1, math.prod(d.sides for d in dice))
    for faces in itertools.product(*(d.faces for d in dice)):
        value = read(*faces)
        out[value] = out.get(value, Fraction(0)) + share
    return list(out.items())


@lru_cache(maxsize=512)
def _mixed(pools: tuple[tuple[int, Fraction], ...]) -> list[tuple[int, Fraction]]:
    """The total successes of independent binomial pools ``(n, p)``: their convolution."""
    total: dict[int, Fraction] = {0: Fraction(1)}
    for n, p in pools:
        step: dict[int, Fraction] = {}
        for k, q in _binomial(n, p):
            for t, r in total.items():
                step[t + k] = step.get(t + k, Fraction(0)) + q * r
        total = step
    return sorted(total.items())


@lru_cache(maxsize=512)
def _binomial(n: int, p: Fraction) -> list[tuple[int, Fraction]]:
    return [(k, math.comb(n, k) * p ** k * (1 - p) ** (n - k)) for k in range(n + 1)
            if (p or k == 0) and (p != 1 or k == n)]


@dataclass(frozen=True)
class Distribution:
    """Exact chances of each outcome (probabilities are Fractions that sum to one)."""

    probs: Mapping[Hashable, Fraction]
    unit: str = ""  # what a numeric outcome counts ("hits"), for its label
    names: Callable[[Hashable], str] | None = field(default=None, compare=False)  # words for an outcome
    order: Callable[[Hashable], Any] | None = field(default=None, compare=False)  # mildest outcome first

    def named(self, unit: str = "", names: Callable[[Hashable], str] | None = None) -> "Distribution":
        """The same chances with outcomes a person can read: "2 hits", "suppressed, 1 step"."""
        return Distribution(self.probs, unit or self.unit, names or self.names, self.order)

    def ranked(self, order: Callable[[Hashable], Any]) -> "Distribution":
        """The same chances, shown from the mildest outcome to the worst by ``order`` (a sort key),
        where the outcomes are words rather than counts ("miss", "pinned", "1 killed, disrupted")."""
        return Distribution(self.probs, self.unit, self.names, order)

    def p(self, outcome: Hashable) -> Fraction:
        return self.probs.get(outcome, Fraction(0))

    def where(self, test: Callable[[Any], bool]) -> Fraction:
        return sum((q for o, q in self.probs.items() if test(o)), Fraction(0))

    def at_least(self, x: float) -> Fraction:
        return self.where(lambda o: o >= x)

    def at_most(self, x: float) -> Fraction:
        return self.where(lambda o: o <= x)

    def mean(self) -> float:
        kept = self.__dict__  # frozen, so worked out once (a player weighs the same odds often)
        if "_mean" not in kept:
            kept["_mean"] = float(sum(o * q for o, q in self.probs.items()))
        return kept["_mean"]

    def _shown(self) -> list[Hashable]:
        keys = sorted(self.probs, key=self.order or _sort_key)
        return [o for o in keys if self.probs[o] >= Fraction(1, 2000)] or keys  # skip what rounds to 0.0%

    def outcomes(self, unit: str = "") -> list[tuple[Hashable, str, Fraction]]:
        """Each outcome, its label and its chance, in order (outcomes that round to 0.0% left out)."""
        return [(o, self.names(o) if self.names else _label(o, unit or self.unit), self.probs[o]) for o in self._shown()]

    def describe(self, unit: str = "", cumulative: bool = True) -> list[str]:
        """Plain words: each outcome's chance, and for numbers 'at least k' too (worked out once
        per wording: a distribution never changes, and a game logs the same odds often)."""
        said = self.__dict__.setdefault("_described", {})
        if (unit, cumulative) not in said:
            said[unit, cumulative] = self._describe(unit, cumulative)
        return list(said[unit, cumulative])

    def _describe(self, unit: str, cumulative: bool) -> list[str]:
        keys = sorted(self.probs, key=self.order or _sort_key)
        shown = self._shown()
        lines = [f"{label}: {_pct(p)}" for _, label, p in self.outcomes(unit)]
        if cumulative and all(isinstance(o, (int, float)) and not isinstance(o, bool) for o in keys):
            lines += [f"at least {_label(o, unit or self.unit)}: {_pct(self.at_least(o))}" for o in shown if o > min(keys)]
        return lines


def _sort_key(o: Any) -> tuple:
    return (0, o) if isinstance(o, (int, float)) else (1, str(o))


def _label(o: Any, unit: str) -> str:
    if isinstance(o, bool):  # a test passed or not, unless the rules name it better (Distribution.named)
        return "succeeds" if o else "fails"
    if not isinstance(o, (int, float)):
        return str(o)
    word = _one(unit) if o == 1 else unit
    return f"{o} {word}".strip()


def _one(unit: str) -> str:
    """The singular of a counted unit's first word: hits, successes, figures hit."""
    first, _, rest = unit.partition(" ")
    for plural, single in (("sses", "ss"), ("ies", "y"), ("s", "")):
        if first.endswith(plural):
            first = first[: -len(plural)] + single
            break
    return f"{first} {rest}".strip()


def _pct(p: float) -> str:
    return f"{float(p) * 100:.1f}%"


def exact(procedure: Callable[..., Hashable], *args: Any, max_leaves: int = 200_000, **kwargs: Any) -> Distribution:
    """The exact distribution of ``procedure(chance, *args, **kwargs)``'s outcomes."""
    probs: dict[Hashable, Fraction] = {}
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    leaves = 0
    while stack:
        prefix, weight = stack.pop()
        try:
            outcome = procedure(_Scripted(prefix), *args, **kwargs)
        except _Branch as b:
            for i, (_, q) in enumerate(b.options):
                stack.append((prefix + [i], weight * q))
            continue
        leaves += 1
        if leaves > max_leaves:
            raise ValueError(f"more than {max_leaves:,} outcomes to enumerate: use monte_carlo")
        probs[outcome] = probs.get(outcome, Fraction(0)) + weight
    return Distribution(probs)


# -- Monte Carlo -----------------------------------------------------------------------------
class _Sampler:
    """Fast sampling for Monte Carlo (its own seeded generator; nothing is recorded)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def face(self, die: Die, purpose: str) -> int:
        return die.low + int(self.rng.random() * die.sides)

    def check(self, die: Die, succeed: Collection[int], purpose: str) -> bool:
        return self.rng.random() < _float_p(die, frozenset(succeed))

    def band(self, die: Die, bands: Sequence[Collection[int]], purpose: str) -> int:
        return _band_of(self.face(die, purpose), bands)

    def reading(self, dice: Sequence[tuple[Die, str]], read: Callable[..., Hashable]) -> Hashable:
        return read(*(self.face(die, purpose) for die, purpose in dice))

    def pools(self, pools: Sequence[tuple[int, Die, Stages, str]]) -> int:
        return sum(self.pool(n, die, stages, purpose) for n, die, stages, purpose in pools)

    def pool(self, n: int, die: Die, stages: Stages, purpose: str) -> int:
        return bisect.bisect_right(_cdf(n, _float_stage_p(die, tuple(map(frozenset, stages)))), self.rng.random())


@lru_cache(maxsize=1024)
def _float_p(die: Die, succeed: frozenset[int]) -> float:
    return float(_p(die, succeed))


@lru_cache(maxsize=1024)
def _float_stage_p(die: Die, stages: tuple[frozenset[int], ...]) -> float:
    return float(stage_probability(die, stages))


@lru_cache(maxsize=1024)
def _cdf(n: int, p: float) -> list[float]:
    acc, out = 0.0, []
    for k in range(n):
        acc += math.comb(n, k) * p ** k * (1 - p) ** (n - k)
        out.append(acc)
    return out


@dataclass(frozen=True)
class Estimate:
    """Monte Carlo frequencies with their standard errors."""

    counts: Mapping[Hashable, int]
    n: int
    seed: int

    def p(self, outcome: Hashable) -> float:
        return self.counts.get(outcome, 0) / self.n

    def stderr(self, outcome: Hashable) -> float:
        p = self.p(outcome)
        return math.sqrt(p * (1 - p) / self.n)

    def describe(self) -> list[str]:
        return [f"{o}: {self.p(o) * 100:.1f}% ± {self.stderr(o) * 100:.1f}% (n={self.n:,}, seed {self.seed})"
                for o in sorted(self.counts, key=_sort_key)]


def monte_carlo(procedure: Callable[..., Hashable], n: int, seed: int, *args: Any, **kwargs: Any) -> Estimate:
    """Sample ``procedure`` ``n`` times with a seeded generator."""
    chance = _Sampler(seed)
    counts: dict[Hashable, int] = {}
    for _ in range(n):
        o = procedure(chance, *args, **kwargs)
        counts[o] = counts.get(o, 0) + 1
    return Estimate(counts, n, seed)
