"""Easy Company: the d00 and d10 rolls, written once for play and for exact odds."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from wgkit.dice import D00, D10, d00_succeeds
from wgkit.rules.easy_company import tables as T

STRICT = True  # the text: "if the roll is less than the modified chance"


@lru_cache(maxsize=256)
def under(percent: float) -> frozenset[int]:
    """The d00 faces that succeed against ``percent``."""
    return frozenset(f for f in D00.faces if d00_succeeds(f, percent, STRICT))


def test(chance, percent: float, purpose: str) -> bool:
    """A d00 roll under ``percent`` (01 always succeeds, 00 always fails): one check, two branches."""
    return chance.check(D00, under(percent), purpose)


@dataclass(frozen=True)
class Shot:
    fired: bool
    hit: bool


def shot(chance, fire_pct: float, effective_pct: float, band: str = "effective") -> Shot:
    """§5.3-§5.5: one d00 decides whether the figure fires and whether the fire is effective;
    beyond effective range only an 01 hits."""
    fires = under(fire_pct)
    hits = fires & (frozenset({1}) if band == "long" else under(effective_pct))
    read = chance.band(D00, (hits, fires - hits), "fire")
    return Shot(read < 2, read == 0)


def automatic_fire(chance, fire_pct: float, effective_pct: float, figures: int) -> tuple[bool, int]:
    """§5.5: automatic weapons roll once per figure in the area; rolls after the first check only
    the effective chance, so they are one pool of d00s (its exact odds are a binomial: polynomial in
    the figures, not a tree of every roll). Returns (fired, hits)."""
    first = shot(chance, fire_pct, effective_pct)
    if not first.fired:
        return False, 0
    rest = chance.pool(figures - 1, D00, (under(effective_pct),), "automatic fire") if figures > 1 else 0
    return True, int(first.hit) + rest


def automatic(chance, fire_pct: float, effective_pct: float, figures: int) -> int:
    """The number of hits of :func:`automatic_fire` (for odds)."""
    return automatic_fire(chance, fire_pct, effective_pct, figures)[1]


def grenade_wounds(chance, victim: str) -> bool:
    """§5.4 Grenades: a man hit is wounded on a 50% call, thrown as a d10 with the even faces wounding."""
    return chance.check(D10, frozenset(T.GRENADE_WOUNDS_ON.value), f"grenade: {victim} (even wounds)")


def melee(chance, grade_a: int, grade_b: int) -> str:
    """§6.1: d10 each, +1 per quality grade above the opponent; the higher wins; a total at least
    double the loser's kills, otherwise wounds; a draw goes on next turn."""
    a = chance.face(D10, "melee (a)") + max(0, grade_a - grade_b) * T.MELEE_PER_GRADE.value
    b = chance.face(D10, "melee (b)") + max(0, grade_b - grade_a) * T.MELEE_PER_GRADE.value
    if a == b:
        return "draw"
    win, lose, who = (a, b, "a") if a > b else (b, a, "b")
    return f"{who} kills" if win >= 2 * lose else f"{who} wounds"
