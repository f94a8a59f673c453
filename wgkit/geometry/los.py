"""Line of sight on a free-form table, explained, and vectorised over many sight lines.

One decision rule serves every query (single line, fan, full matrix), so they always agree:

* A feature that **holds an end** (covers the observer or the target) obstructs only when the
  sight line runs inside it for more than ``LosPolicy.see_into`` inches: figures can see out
  of, and be seen in, the edge of a wood. A hill holding an end never obstructs (its top is a
  plateau).
* Any other **blocking feature** obstructs when the line passes through its interior (grazing a
  corner or running along an edge does not) and the feature's top (its ground level plus one
  level) is at least as high as the higher end.
* Any other **hill** obstructs when the line passes through it and it is at least as high as the
  higher end and higher than the lower end.
* A line running along the **seam** of two blocking features drawn touching (two woods, a wood
  and a building) passes between obstacles with no gap: it is judged as running inside both for
  that length, by the rules above (an end held by either allows ``see_into``).
* Optionally, **pieces** (figures or stands, as circles) obstruct when the line passes within
  their radius, except the pieces standing at either end.

Whether a feature "blocks" at all comes from the ruleset's terrain mapping. Rules decide what
to do with the facts; :class:`Sight` reports every feature crossed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Sequence

import numpy as np
import shapely

from shapely.geometry import LineString

from wgkit.geometry.sightlines import Bearings, crossings, exact_parts, rows, shadowed, simple_parts, sweep
from wgkit.geometry.terrain import MEMO_SIZE, OBSTACLE_HEIGHT, TerrainIndex, finite_point

EPS = 1e-9
BATCHES = 4  # the cores are tried in this many batches, each on the lines the earlier left open
FEW_LINES = 1_000  # below this, a verdict is found by the edge sweep too
CHUNK = 50_000  # sight lines judged at once by SightField.matrix (bounds its working memory)
DECIMALS = 9  # positions snap to 1e-9": far below any table measure, and keeps GEOS robust


@dataclass(frozen=True)
class LosPolicy:
    """The ruleset's knobs for line of sight."""

    see_into: float = 0.0  # inches a sight line may run inside the terrain holding either end
    pieces_block: bool = False


@dataclass(frozen=True)
class Crossing:
    """One feature met by a sight line, with distances measured from the observer."""

    feature: str
    type: str
    entry: float
    exit: float
    inside: float  # total length of the line inside (or along) the feature
    holds: str | None  # "observer", "target", "both" or None
    blocks: bool
    why: str


@dataclass(frozen=True)
class Sight:
    """The explained answer to "can A see B?"."""

    observer: tuple[float, float]
    target: tuple[float, float]
    distance: float
    clear: bool
    crossings: tuple[Crossing, ...] = ()
    observer_in: tuple[str, ...] = ()  # feature ids holding the observer
    target_in: tuple[str, ...] = ()
    observer_level: float = 0.0
    target_level: float = 0.0
    pieces_between: tuple[str, ...] = ()

    @property
    def blockers(self) -> tuple[str, ...]:
        return tuple(c.feature for c in self.crossings if c.blocks) + \
            (self.pieces_between if not self.clear else ())

    def explain(self) -> str:
        head = f"{'clear' if self.clear else 'blocked'} at {self.distance:.1f}\""
        parts = [f"{c.feature} ({c.type}) {c.entry:.1f}-{c.exit:.1f}\": {c.why}" for c in self.crossings]
        if self.pieces_between:
            parts.append("pieces in the way: " + ", ".join(self.pieces_between))
        return head + ("; " + "; ".join(parts) if parts else "")


@dataclass
class Pieces:
    """Figures or stands as circles, for rules where they block sight."""

    ids: list[str]
    xy: np.ndarray
    radius: np.ndarray

    @classmethod
    def of(cls, items: Sequence[tuple[str, float, float, float]]) -> "Pieces":
        return cls([i[0] for i in items], np.array([(i[1], i[2]) for i in items], dtype=float).reshape(-1, 2),
                   np.array([i[3] for i in items], dtype=float))


def _segment_distance(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distance from points ``p`` [k,2] to segments ``a``-``b`` ([m,2] each): result [m,k]."""
    ab = b - a
    denom = np.maximum((ab * ab).sum(1), EPS)[:, None]
    t = np.clip(((p[None, :, :] - a[:, None, :]) * ab[:, None, :]).sum(2) / denom, 0, 1)
    closest = a[:, None, :] + t[..., None] * ab[:, None, :]
    return np.linalg.norm(p[None, :, :] - closest, axis=2)


@dataclass(frozen=True)
class Blockers:
    """Which feature blocks which target, as parallel arrays (a pair may repeat)."""

    target: np.ndarray
    feature: np.ndarray
    terrain: TerrainIndex

    def of(self, j: int) -> list[str]:
        """Ids of the features that block target ``j``, in index order."""
        return self.terrain.ids(sorted(set(self.feature[self.target == j].tolist())))

    def targets(self) -> set[int]:
        return set(self.target.tolist())


class SightField:
    """Observers at fixed points on one table: LOS matrix, fans, and moves.

    ``points`` are the eye positions (figure heads or stand centres), in table inches.
    """

    def __init__(self, terrain: TerrainIndex, points: np.ndarray, policy: LosPolicy = LosPolicy(),
                 pieces: Pieces | None = None):
        self.terrain, self.policy, self.pieces = terrain, policy, pieces
        self.points = np.array(points, dtype=float).reshape(-1, 2)
        if not np.isfinite(self.points).all():
            raise ValueError("observer positions must be finite numbers")
        self.points = np.round(self.points, DECIMALS)
        self._covers = terrain.covers(self.points)
        self._rim = self._covers & ~terrain.covers(self.points, interior=True)  # on a feature's boundary
        self._level = self._levels(self._covers)
        self._blind_at: np.ndarray | None = None  # see _blind
        self._edges, self._cores, self._hulls = terrain.sight_edges, terrain.sight_cores, terrain.sight_hulls

    def _levels(self, covers: np.ndarray) -> np.ndarray:
        """Ground level of each point from which hills cover it (see TerrainIndex.elevation)."""
        if not len(self.terrain):
            return np.zeros(covers.shape[1])
        return (covers * self.terrain.height[:, None]).max(axis=0)

    @property
    def _blind(self) -> np.ndarray:
        """For each point, a blocking feature (not a hill) holding it deeper than ``see_into``, or
        -1, worked out when first needed. Every line from such a point longer than ``see_into``
        is blocked by that feature: the line's own piece in it runs to its boundary, or is the
        whole line."""
        if self._blind_at is None:
            t = self.terrain
            self._blind_at = np.full(len(self.points), -1)
            f, i = np.nonzero(self._covers & (t.blocks & ~t.is_hill)[:, None])
            if len(f):
                depth = shapely.distance(shapely.points(self.points[i]), shapely.boundary(t.geoms[f]))
                deep = depth > self._seen_into
                self._blind_at[i[deep]] = f[deep]
        return self._blind_at

    @property
    def _seen_into(self) -> float:
        """``see_into`` with a margin the exact rule cannot dispute (see :meth:`_rule`)."""
        return self.policy.see_into + 2 * EPS

    # -- the one decision rule -----------------------------------------------------------
    def _meetings(self, ia: np.ndarray, ib: np.ndarray, verdict_only: bool = False
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For sight lines ``ia[k] -> ib[k]``: (line k, feature f, obstructs) for blocking features
        and hills the line passes through or lies inside (a pair may repeat). With
        ``verdict_only``, a line is looked at only until a feature holding neither end is found
        to block it (first the lines surely through a feature's core, without any edge), so the
        answer says it is blocked but not by everything that blocks it."""
        t = self.terrain
        empty = np.zeros(0, dtype=int)
        if not len(t) or not len(ia):
            return empty, empty, np.zeros(0, dtype=bool)
        decided = np.zeros(len(ia), dtype=bool)
        k0, f0 = empty, empty
        if verdict_only and len(ia) >= FEW_LINES:  # lines from deep inside a feature, then lines surely through a core, the
            # widest cores first, then the crossings of the others
            bearings = Bearings.of(self.points, ia, ib)
            blind_a, blind_b = self._blind[ia], self._blind[ib]
            k = np.flatnonzero(((blind_a >= 0) | (blind_b >= 0)) & (bearings.length > self._seen_into))
            ks, fs = [k], [np.where(blind_a[k] >= 0, blind_a[k], blind_b[k])]
            decided[k] = True
            for batch in self._cores.batches(BATCHES):
                open_ = np.flatnonzero(~decided)
                k, f = shadowed(self.points, ib[open_], bearings.only(~decided), batch, self._covers)
                k = open_[k]
                through = self._through(k, f, ia, ib)
                ks.append(k[through])
                fs.append(f[through])
                decided[ks[-1]] = True
            k0, f0 = np.concatenate(ks), np.concatenate(fs)
            open_ = np.flatnonzero(~decided)
            c = crossings(self.points, ia[open_], ib[open_],
                          bearings.only(~decided), self._hulls, self._edges, self._covers)
            c = replace(c, line=open_[c.line])
        else:  # every crossing, found from the edges (few lines: fewer numpy calls than the above)
            c = sweep(self.points, ia, ib, Bearings.of(self.points, ia, ib), self._edges, self._covers)
        held = self._covers.any(axis=0)
        hold = np.zeros(len(c.line), dtype=bool)
        maybe = np.flatnonzero(held[ia[c.line]] | held[ib[c.line]])
        hold[maybe] = self._covers[c.poly[maybe], ia[c.line[maybe]]] | self._covers[c.poly[maybe], ib[c.line[maybe]]]
        # the common case: a polygon holding neither end, entered once or more
        simple = ~hold & ~c.degenerate
        k, f = c.line[simple], c.poly[simple]
        obstructs = self._through(k, f, ia, ib)
        k, f, obstructs = np.concatenate([k0, k]), np.concatenate([f0, f]), \
            np.concatenate([np.ones(len(k0), dtype=bool), obstructs])
        rest = ~simple
        if verdict_only:
            decided[k[obstructs]] = True
            rest &= ~decided[c.line]
        # polygons holding an end: own parts and any passage between them
        hk, hf, hob = self._held(c, rest, ia, ib)
        # a line lying wholly inside one feature crosses no edge
        lines = np.flatnonzero(held[ia] & held[ib] & ~decided)
        fb, sub = np.nonzero(self._covers[:, ia[lines]] & self._covers[:, ib[lines]])
        kb = lines[sub]
        if len(kb):
            known = np.zeros(len(ia) * len(t), dtype=bool)
            known[hk * len(t) + hf] = True
            fresh = ~known[kb * len(t) + fb]
            kb, fb = kb[fresh], fb[fresh]
        inside = self._wholly_inside(kb, fb, ia, ib)
        return np.concatenate([k, hk, kb]), np.concatenate([f, hf, fb]), np.concatenate([obstructs, hob, inside])

    def _through(self, k: np.ndarray, f: np.ndarray, ia: np.ndarray, ib: np.ndarray) -> np.ndarray:
        """The rule for lines passing through features that hold neither end."""
        if not self.terrain.is_hill.any():
            return np.ones(len(k), dtype=bool)  # flat table: every blocking feature passed through blocks
        return self._rule(k, f, ia, ib, np.zeros(len(k)), np.zeros(len(k)), np.ones(len(k), dtype=bool))

    def _held(self, c, mask: np.ndarray, ia: np.ndarray, ib: np.ndarray):
        """Meetings with a polygon holding an end, or with a degenerate crossing."""
        n = len(self.terrain)
        pair = c.line[mask] * n + c.poly[mask]
        if not len(pair):
            empty = np.zeros(0, dtype=int)
            return empty, empty, np.zeros(0, dtype=bool)
        uniq, inv = np.unique(pair, return_inverse=True)
        t, entry = c.t[mask], c.entry[mask]
        entries = np.bincount(inv, entry, len(uniq))
        exits = np.bincount(inv, ~entry, len(uniq))
        first_exit = np.ones(len(uniq))
        np.minimum.at(first_exit, inv[~entry], t[~entry])
        last_entry = np.zeros(len(uniq))
        np.maximum.at(last_entry, inv[entry], t[entry])
        k, f = uniq // n, uniq % n
        hold_o, hold_t = self._covers[f, ia[k]], self._covers[f, ib[k]]
        length = np.linalg.norm(self.points[ib[k]] - self.points[ia[k]], axis=1)
        own_o = np.where(hold_o, first_exit * length, 0.0)
        own_t = np.where(hold_t, (1.0 - last_entry) * length, 0.0)
        middle = np.where(hold_o, exits >= 2, np.where(hold_t, entries >= 2, entries >= 1))
        obstructs = self._rule(k, f, ia, ib, own_o, own_t, middle)
        degenerate = self._rim[f, ia[k]] | self._rim[f, ib[k]]  # an end on the boundary: no crossing marks it
        degenerate[inv[c.degenerate[mask]]] = True
        obstructs[degenerate] = self._settle(k[degenerate], f[degenerate], ia, ib)
        return k, f, obstructs

    def _rule(self, k, f, ia, ib, own_o, own_t, middle) -> np.ndarray:
        """The decision rule of this module's docstring, over arrays of meetings."""
        t = self.terrain
        hi = np.maximum(self._level[ia[k]], self._level[ib[k]])
        lo = np.minimum(self._level[ia[k]], self._level[ib[k]])
        hold = self._covers[f, ia[k]] | self._covers[f, ib[k]]
        see = self.policy.see_into + EPS
        obstacle = t.blocks[f] & ~t.is_hill[f] & (
            (own_o > see) | (own_t > see) | (middle & (t.base[f] + OBSTACLE_HEIGHT >= hi)))
        hill = t.is_hill[f] & ~hold & middle & (t.height[f] >= hi) & (t.height[f] > lo)
        return obstacle | hill

    def _wholly_inside(self, k: np.ndarray, f: np.ndarray, ia: np.ndarray, ib: np.ndarray) -> np.ndarray:
        """The rule for lines ``k`` whose both ends feature ``f`` covers and that cross none of its
        edges. A line in the feature's interior from end to end (one vectorised GEOS test) runs
        inside for its whole length; the others (touching the boundary) are settled exactly."""
        out = np.zeros(len(k), dtype=bool)
        if not len(k):
            return out
        lines = shapely.linestrings(np.stack([self.points[ia[k]], self.points[ib[k]]], axis=1))
        whole = shapely.contains_properly(self.terrain.geoms[f], lines)
        if whole.any():
            kw, fw = k[whole], f[whole]
            length = np.linalg.norm(self.points[ib[kw]] - self.points[ia[kw]], axis=1)
            out[whole] = self._rule(kw, fw, ia, ib, length, length, np.zeros(len(kw), dtype=bool))
        out[~whole] = self._settle(k[~whole], f[~whole], ia, ib)
        return out

    def _settle(self, k: np.ndarray, f: np.ndarray, ia: np.ndarray, ib: np.ndarray) -> np.ndarray:
        """The rule for meetings the crossings cannot decide (a line through a vertex, an end on
        the boundary), from Shapely's exact pieces of each line inside each feature, all pairs
        in a few vectorised GEOS calls (lines on a lattice graze corners by the thousand)."""
        if not len(k):
            return np.zeros(0, dtype=bool)
        own_o, own_t, middle, hard = simple_parts(self.points, ia[k], ib[k], f, self.terrain.geoms, self._edges)
        lines = shapely.linestrings(np.stack([self.points[ia[k[hard]]], self.points[ib[k[hard]]]], axis=1))
        own_o[hard], own_t[hard], middle[hard] = exact_parts(lines, self.terrain.geoms[f[hard]])
        return self._rule(k, f, ia, ib, own_o, own_t, middle)

    def _along_seams(self, ia: np.ndarray, ib: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For sight lines ``ia[k] -> ib[k]``: (line k, feature f, obstructs) for both features of
        each seam (:class:`~wgkit.geometry.terrain.Seams`) a line runs along, judged as if the line
        ran inside them there: any length obstructs, more than ``see_into`` if either holds an end,
        and only where the obstacles stand as high as the higher end."""
        seams = self.terrain.seams
        empty = np.zeros(0, dtype=int)
        if not len(seams.a) or not len(ia):
            return empty, empty, np.zeros(0, dtype=bool)
        maybe = np.flatnonzero(seams.may_run_along(rows(self.points, ia), rows(self.points, ib)))
        lines = shapely.linestrings(np.stack([rows(self.points, ia[maybe]), rows(self.points, ib[maybe])], axis=1))
        li, si = seams.tree.query(lines, predicate="intersects")
        lines, li = lines[li], maybe[li]
        along = shapely.length(shapely.intersection(lines, seams.lines[si]))
        fa, fb = seams.a[si], seams.b[si]
        a, b = ia[li], ib[li]
        held = self._covers[fa, a] | self._covers[fb, a] | self._covers[fa, b] | self._covers[fb, b]
        tall = np.maximum(self.terrain.base[fa], self.terrain.base[fb]) + OBSTACLE_HEIGHT >= \
            np.maximum(self._level[a], self._level[b])
        hit = np.flatnonzero(tall & (along > np.where(held, self.policy.see_into + EPS, EPS)))
        k = li[hit]
        return np.concatenate([k, k]), np.concatenate([fa[hit], fb[hit]]), np.ones(2 * len(hit), dtype=bool)

    def _piece_block(self, ia: np.ndarray, ib: np.ndarray) -> np.ndarray:
        """[lines, pieces] True where a piece not at either end stands in the way."""
        pc = self.pieces
        if pc is None or not self.policy.pieces_block or not len(pc.ids):
            return np.zeros((len(ia), 0), dtype=bool)
        a, b = self.points[ia], self.points[ib]
        near = _segment_distance(pc.xy, a, b) < pc.radius[None, :]
        at_end = (np.linalg.norm(pc.xy[None, :, :] - a[:, None, :], axis=2) < pc.radius[None, :]) | \
                 (np.linalg.norm(pc.xy[None, :, :] - b[:, None, :], axis=2) < pc.radius[None, :])
        return near & ~at_end

    def _clear(self, ia: np.ndarray, ib: np.ndarray, verdict_only: bool = False
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        k, f, obstructs = self._meetings(ia, ib, verdict_only)
        clear = np.ones(len(ia), dtype=bool)
        clear[k[obstructs]] = False
        open_ = np.flatnonzero(clear)
        sk, sf, so = self._along_seams(ia[open_], ib[open_])
        clear[open_[sk]] = False
        k, f, obstructs = np.concatenate([k, open_[sk]]), np.concatenate([f, sf]), np.concatenate([obstructs, so])
        pb = self._piece_block(ia, ib)
        if pb.size:
            clear &= ~pb.any(axis=1)
        return clear, np.stack([k, f]), obstructs

    # -- queries ---------------------------------------------------------------------------
    def matrix(self) -> np.ndarray:
        """Symmetric boolean matrix: ``m[i, j]`` is True when i and j see each other. The lines
        are judged a block of observers at a time, so memory stays bounded by ``CHUNK`` lines
        (plus the n x n answer), however many figures there are."""
        n = len(self.points)
        m = np.eye(n, dtype=bool)
        start = 0
        while start < n - 1:
            stop, lines = start, 0
            while stop < n - 1 and (lines == 0 or lines + (n - 1 - stop) <= CHUNK):
                lines += n - 1 - stop
                stop += 1
            ia = np.repeat(np.arange(start, stop), n - 1 - np.arange(start, stop))
            ib = np.concatenate([np.arange(i + 1, n) for i in range(start, stop)])
            clear, _, _ = self._clear(ia, ib, verdict_only=True)
            m[ia, ib] = clear
            m[ib, ia] = clear
            start = stop
        return m

    def between(self, a_idx: Sequence[int], b_idx: Sequence[int]) -> np.ndarray:
        """``m[k, l]``: does observer ``a_idx[k]`` see ``b_idx[l]`` (e.g. two sides)."""
        a = np.asarray(a_idx, dtype=int)
        b = np.asarray(b_idx, dtype=int)
        ia, ib = np.repeat(a, len(b)), np.tile(b, len(a))
        clear, _, _ = self._clear(ia, ib, verdict_only=True)
        return clear.reshape(len(a), len(b))

    def fan(self, i: int) -> tuple[np.ndarray, "Blockers"]:
        """What observer ``i`` sees: a boolean per observer, and which features block each target."""
        n = len(self.points)
        others = np.delete(np.arange(n), i)
        clear, pairs, obstructs = self._clear(np.full(len(others), i), others)
        seen = np.ones(n, dtype=bool)
        seen[others] = clear
        hit = pairs[:, obstructs]
        return seen, Blockers(others[hit[0]], hit[1], self.terrain)

    def move(self, i: int, xy: Sequence[float], matrix: np.ndarray | None = None) -> np.ndarray:
        """Move observer ``i``; update ``matrix`` (row and column ``i``) in place if given."""
        self.points[i] = np.round(finite_point(xy, f"observer {i}"), DECIMALS)
        self._covers[:, i] = self.terrain.covers(self.points[i:i + 1])[:, 0]
        self._rim[:, i] = self._covers[:, i] & ~self.terrain.covers(self.points[i:i + 1], interior=True)[:, 0]
        self._level[i] = self._levels(self._covers[:, i:i + 1])[0]
        self._blind_at = None
        seen, _ = self.fan(i)
        if matrix is not None:
            matrix[i, :] = seen
            matrix[:, i] = seen
        return seen


def clear_sight(terrain: TerrainIndex, observer: Sequence[float], target: Sequence[float],
                policy: LosPolicy = LosPolicy()) -> bool:
    """Whether ``observer`` sees ``target`` past the terrain (pieces aside): the verdict of
    :func:`line_of_sight`, remembered per terrain, since a table's terrain never changes in play."""
    memo = _sight_memo(terrain, policy)
    if len(observer) == 2 and len(target) == 2:  # asked pair by pair in play: the memo first, no arrays
        known = memo.get((observer[0], observer[1], target[0], target[1]))
        if known is not None:
            return known  # only checked points are ever remembered
    a, b = finite_point(observer, "observer"), finite_point(target, "target")
    return bool(sight_between(terrain, [a], [b], policy)[0, 0])


def _sight_memo(terrain: TerrainIndex, policy: LosPolicy) -> dict[tuple[float, ...], bool]:
    """The sight verdicts known for ``terrain`` under ``policy`` (one table per policy: a key of
    four floats hashes fast)."""
    memo = terrain.memo.get(("sight", policy))
    if memo is None:
        memo = terrain.memo[("sight", policy)] = {}
    return memo


def sight_between(terrain: TerrainIndex, observers: Sequence[Sequence[float]], targets: Sequence[Sequence[float]],
                  policy: LosPolicy = LosPolicy()) -> np.ndarray:
    """``m[k, l]``: does ``observers[k]`` see ``targets[l]`` past the terrain? Verdicts already
    known to :func:`clear_sight` are reused; the others are judged together in one sweep."""
    a = [finite_point(p, "observer") for p in observers]
    b = [finite_point(p, "target") for p in targets]
    out = np.zeros((len(a), len(b)), dtype=bool)
    memo = _sight_memo(terrain, policy)
    keys = {}
    for k, p in enumerate(a):
        for l, q in enumerate(b):
            key = (*p, *q)
            if key in memo:
                out[k, l] = memo[key]
            else:
                keys[(k, l)] = key
    if keys:
        if len(memo) + len(keys) > MEMO_SIZE:
            memo.clear()  # as TerrainIndex.remember does
        pairs = list(keys)
        field_ = SightField(terrain, np.array(a + b, dtype=float).reshape(-1, 2), policy)
        clear, _, _ = field_._clear(np.array([k for k, _ in pairs]), np.array([len(a) + l for _, l in pairs]),
                                    verdict_only=True)
        for (k, l), c in zip(pairs, clear):
            out[k, l] = memo[keys[(k, l)]] = bool(c)
    return out


def line_of_sight(terrain: TerrainIndex, observer: Sequence[float], target: Sequence[float],
                  policy: LosPolicy = LosPolicy(), pieces: Pieces | None = None) -> Sight:
    """Explain whether ``observer`` sees ``target``: every feature met, and why it blocks or not.
    Without pieces the answer is remembered per terrain, as :func:`clear_sight`'s verdicts are."""
    a, b = finite_point(observer, "observer"), finite_point(target, "target")
    if pieces is None:
        return terrain.remember(("explained", *a, *b, policy), lambda: _explained(terrain, a, b, policy, None))
    return _explained(terrain, a, b, policy, pieces)


def _explained(terrain: TerrainIndex, a: tuple[float, float], b: tuple[float, float], policy: LosPolicy,
               pieces: Pieces | None) -> Sight:
    field_ = SightField(terrain, np.array([a, b]), policy, pieces)
    ia, ib = np.array([0]), np.array([1])
    k, f, obstructs = field_._meetings(ia, ib)
    verdict = {int(ff): bool(o) for ff, o in zip(f, obstructs)}
    _, sf, _ = field_._along_seams(ia, ib)
    half = len(sf) // 2  # the first features of the seams met, then their partners in the same order
    along = {int(x): terrain.areas[int(y)].id for x, y in [*zip(sf[:half], sf[half:]), *zip(sf[half:], sf[:half])]}
    line = LineString(field_.points)
    crossings = []
    for i in terrain.tree.query(line, predicate="intersects"):
        area = terrain.areas[i]
        part = line.intersection(area.geometry)
        ds = [line.project(shapely.points(c)) for c in shapely.get_coordinates(part)]
        entry, exit_ = (min(ds), max(ds)) if ds else (0.0, 0.0)
        who = {(True, True): "both", (True, False): "observer", (False, True): "target"}.get(
            (bool(field_._covers[i, 0]), bool(field_._covers[i, 1])))
        blocks = verdict.get(int(i), False) or int(i) in along
        why = (f"runs along the edge it shares with {along[int(i)]}: between two obstacles that touch, so "
               f"through them" if int(i) in along else _why(area, line, who, blocks, policy))
        crossings.append(Crossing(area.id, area.type, entry, exit_, part.length, who, blocks, why))
    crossings.sort(key=lambda c: (c.entry, c.feature))
    pb = field_._piece_block(ia, ib)
    between = tuple(pieces.ids[j] for j in np.flatnonzero(pb[0])) if pb.size and pieces else ()
    return Sight(a, b, math.dist(a, b), not any(c.blocks for c in crossings) and not between,
                 tuple(crossings), tuple(terrain.areas[j].id for j in np.flatnonzero(field_._covers[:, 0])),
                 tuple(terrain.areas[j].id for j in np.flatnonzero(field_._covers[:, 1])),
                 float(field_._level[0]), float(field_._level[1]), between)


def _why(area, line: LineString, holds: str | None, blocks: bool, policy: LosPolicy) -> str:
    who = "both ends" if holds == "both" else f"the {holds}"
    if holds and area.is_hill:
        return f"hill holding {who}: its top is level ground"
    if holds and area.blocks_los:
        if blocks:
            return f"holds {who}; the line runs more than the {policy.see_into:g}\" one can see into it"
        return f"holds {who}; within the {policy.see_into:g}\" one can see into it"
    if holds:
        return f"holds {who}; does not block sight"
    if blocks:
        return "hill higher than the lower end, as high as the higher" if area.is_hill else "line passes through it"
    if area.is_hill or area.blocks_los:
        touching = not shapely.crosses(line, area.geometry)
        return "line only touches its edge" if touching else "both ends see over it"
    return "does not block sight"
