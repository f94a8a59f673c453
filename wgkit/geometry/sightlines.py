"""Fast sight-line crossings in numpy: bearings per observer, disks and boxes per feature, exact
edge tests.

The lines of each observer are bucketed by bearing (:class:`Bearings`), so whatever covers an
interval of bearings as seen from an observer finds its lines by lookup, and the work grows with
the lines each feature may meet, not with lines x features.

* :func:`shadowed`: each blocking feature or hill has a *core*, an open disk inside it. A line
  whose bearing lies strictly within a core's and that runs past its centre passes through the
  feature's interior. That decides most lines of a crowded table without looking at an edge;
  the widest cores go first and each batch looks only at the lines still open.
* :func:`crossings`: a line can only meet a feature if it reaches the feature's *hull* (a closed
  disk holding it) and its bounding box; for those pairs every edge of the feature is tested.
  Suits many observers with few open lines each (the matrix).
* :func:`sweep`: the same crossings found the other way round, each edge facing an observer
  looking up the lines in the bearings it spans. Suits one observer and every line (a fan).

The exact test (:func:`_exact`) finds where a line *enters* a feature (crossing an edge that
faces the observer) and *exits* it, from orientation signs with a half-open rule at vertices, so
a line grazing a corner counts zero or two crossings at one point. Crossings through a vertex are
flagged ``degenerate``; the caller settles those pairs with :func:`simple_parts` (pieces cut at
the crossings, one point-in-polygon test each) or, where a line touches a vertex, with
:func:`exact_parts` (Shapely).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely

from wgkit.geometry.allocator import keep_freed_memory

keep_freed_memory()  # this module's temporaries are large and short-lived
MAX_BINS = 1024  # bearing buckets per turn at most: about two per line of an observer
TAU = 2 * np.pi
MARGIN = 1e-9  # radians and relative lengths: a core shrinks by it, a hull grows by it


def _spans(start: np.ndarray, count: np.ndarray) -> np.ndarray:
    """The indices ``start[i]``, ``start[i] + 1``, ... (``count[i]`` of them) for every i, in order."""
    return np.repeat(start, count) + np.arange(count.sum()) - np.repeat(np.cumsum(count) - count, count)


def _norm(v: np.ndarray) -> np.ndarray:
    """Lengths of vectors along the last axis (np.hypot guards overflow at ten times the cost)."""
    return np.sqrt(v[..., 0] * v[..., 0] + v[..., 1] * v[..., 1])


@dataclass(frozen=True)
class EdgeSet:
    """Edges of the polygons the sweep considers, each ring oriented with the interior on its left;
    the edges of feature ``f`` are ``start[f]:start[f + 1]``."""

    p0: np.ndarray  # (E, 2)
    p1: np.ndarray  # (E, 2)
    poly: np.ndarray  # (E,) index of the polygon in the terrain index
    start: np.ndarray  # (F + 1,)
    box: np.ndarray  # (F, 4) each feature's bounds: xmin, ymin, xmax, ymax

    @classmethod
    def of(cls, geoms: np.ndarray, use: np.ndarray) -> "EdgeSet":
        p0, p1, owner = [np.zeros((0, 2))], [np.zeros((0, 2))], [np.zeros(0, dtype=int)]
        for f in np.flatnonzero(use):
            oriented = shapely.orient_polygons(geoms[f], exterior_cw=False)
            for part in getattr(oriented, "geoms", [oriented]):
                for ring in (part.exterior, *part.interiors):
                    c = np.asarray(ring.coords)
                    p0.append(c[:-1])
                    p1.append(c[1:])
                    owner.append(np.full(len(c) - 1, f))
        poly = np.concatenate(owner)
        start = np.searchsorted(poly, np.arange(len(geoms) + 1))
        return cls(np.concatenate(p0), np.concatenate(p1), poly, start, shapely.bounds(geoms).reshape(-1, 4))

    def of_features(self, f: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Every edge of each feature ``f[j]``: (j, edge) pairs."""
        count = self.start[f + 1] - self.start[f]
        return np.repeat(np.arange(len(f)), count), _spans(self.start[f], count)


@dataclass(frozen=True)
class Disks:
    """Disks tied to the features sight lines may meet: ``feature[d]`` is the index in the
    terrain index of the feature disk d belongs to."""

    feature: np.ndarray  # (D,)
    centre: np.ndarray  # (D, 2)
    radius: np.ndarray  # (D,)

    @classmethod
    def cores(cls, geoms: np.ndarray, use: np.ndarray) -> "Disks":
        """An open disk inside each feature's interior, its largest inscribed circle, the widest first.
        (More disks a feature, inscribed in what the first leaves, decided few more lines than
        they cost.)"""
        f = np.flatnonzero(use)
        c = shapely.get_point(shapely.maximum_inscribed_circle(geoms[f]), 0)
        r = shapely.distance(c, shapely.boundary(geoms[f])) * (1 - MARGIN)
        ok = shapely.contains_properly(geoms[f], c) & (r > 0)
        order = np.argsort(-r[ok], kind="stable")
        return cls(f[ok][order], shapely.get_coordinates(c[ok]).reshape(-1, 2)[order], r[ok][order])

    def batches(self, count: int) -> list["Disks"]:
        """The disks in ``count`` batches of about equal size, in order."""
        cut = np.linspace(0, len(self.feature), count + 1).astype(int)
        return [Disks(self.feature[a:b], self.centre[a:b], self.radius[a:b]) for a, b in zip(cut[:-1], cut[1:]) if b > a]

    @classmethod
    def hulls(cls, geoms: np.ndarray, use: np.ndarray) -> "Disks":
        """A closed disk holding each feature, around its smallest bounding circle's centre."""
        f = np.flatnonzero(use)
        g = geoms[f]
        xy = shapely.get_coordinates(shapely.centroid(shapely.minimum_bounding_circle(g))).reshape(-1, 2)
        coords, owner = shapely.get_coordinates(g, return_index=True)
        hull = np.zeros(len(f))
        np.maximum.at(hull, owner, np.hypot(*(coords - xy[owner]).T))
        return cls(f, xy, hull * (1 + MARGIN) + MARGIN)

    def seen_from(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """From each point to each disk, (points, disks) arrays: the distance to its centre, the
        bearing of its centre in [0, 2pi], and the half-angle it spans (pi from inside it)."""
        dx = self.centre[:, 0] - points[:, 0, None]
        dy = self.centre[:, 1] - points[:, 1, None]
        dist = np.sqrt(dx * dx + dy * dy)
        spread = np.where(dist <= self.radius, np.pi, np.arcsin(np.minimum(self.radius / np.maximum(dist, MARGIN), 1.0)))
        return dist, np.arctan2(dy, dx) + np.pi, spread


@dataclass(frozen=True)
class Bearings:
    """A batch of sight lines grouped by observer (``obs``), bucketed by bearing in [0, 2pi]: the
    lines of observer row g, bucket j are ``line[first[g * bins + j]:first[g * bins + j + 1]]``."""

    obs: np.ndarray  # (G,) observer point indices
    length: np.ndarray  # (K,) each line's length
    line: np.ndarray  # (K,) lines in bucket order
    angle: np.ndarray  # (K,) their bearings
    first: np.ndarray  # (G * bins + 1,) where each bucket starts in ``line``
    bins: int  # buckets per turn

    @classmethod
    def of(cls, points: np.ndarray, ia: np.ndarray, ib: np.ndarray) -> "Bearings":
        """The lines ``points[ia[k]] -> points[ib[k]]``."""
        if len(ia) and np.all(ia[1:] >= ia[:-1]):  # already grouped (as SightField.matrix asks)
            new = np.concatenate([[True], ia[1:] != ia[:-1]])
            obs, group = ia[new], np.cumsum(new) - 1
        else:
            obs, group = np.unique(ia, return_inverse=True)
        v = points[ib] - points[ia]
        angle = np.arctan2(v[:, 1], v[:, 0]) + np.pi
        n = min(max(1 << math.ceil(math.log2(max(2 * len(ia) / max(len(obs), 1), 1))), 16), MAX_BINS)
        slot = group * n + np.minimum((angle * (n / TAU)).astype(int), n - 1)
        order = np.argsort(slot, kind="stable")
        first = np.zeros(len(obs) * n + 1, dtype=int)
        np.cumsum(np.bincount(slot, minlength=len(obs) * n), out=first[1:])
        return cls(obs, _norm(v), order, angle[order], first, n)

    def only(self, keep: np.ndarray) -> "Bearings":
        """The lines where ``keep`` holds, numbered in order, with the same observer rows."""
        mask = keep[self.line]
        seen = np.zeros(len(self.line) + 1, dtype=int)
        np.cumsum(mask, out=seen[1:])
        return Bearings(self.obs, self.length[keep], (np.cumsum(keep) - 1)[self.line[mask]],
                        self.angle[mask], seen[self.first], self.bins)

    def lookup(self, row: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For queries (observer row, bearings lo..hi with lo in [-pi, 2pi) and hi - lo < 2pi): each
        line in the buckets the interval covers, wrapping past 0 and 2pi, as (query, entry in
        ``line``, the turn to add to the entry's bearing to compare it with lo..hi)."""
        n = self.bins
        q = np.arange(len(row))
        parts = [(q, lo, np.minimum(hi, TAU), 0.0)]  # the interval itself, within [0, 2pi]
        over, under = q[hi > TAU], q[lo < 0]
        if len(over):  # past 2pi: from 0 on
            parts.append((over, np.zeros(len(over)), hi[over] - TAU, TAU))
        if len(under):  # below 0: up to 2pi
            parts.append((under, lo[under] + TAU, np.full(len(under), TAU), -TAU))
        qs, starts, counts, turns = [], [], [], []
        for which, a, b, turn in parts:
            base = row[which] * n
            start = self.first[base + np.minimum(np.maximum((a * (n / TAU)).astype(int), 0), n - 1)]
            stop = self.first[base + np.minimum((b * (n / TAU)).astype(int), n - 1) + 1]
            qs.append(which)
            starts.append(start)
            counts.append(np.maximum(stop - start, 0))
            turns.append(np.full(len(which), turn))
        which, start, count, turn = (np.concatenate(x) for x in (qs, starts, counts, turns))
        return np.repeat(which, count), _spans(start, count), np.repeat(turn, count)

    def within(self, towards: np.ndarray, spread: np.ndarray, use: np.ndarray, closed: bool
               ) -> tuple[np.ndarray, np.ndarray]:
        """(flat observer x disk index, line) for each line whose bearing lies within ``spread``
        of ``towards`` (observer rows x disks), where ``use``: strictly inside less a margin, or
        (``closed``) inside plus a margin; a closed spread of pi or more takes every line once."""
        row, disk = np.nonzero(use)
        pair = row * use.shape[1] + disk
        t, s = towards[row, disk], spread[row, disk]
        full = closed & (s >= np.pi - 2 * MARGIN)
        lo = np.where(full, 0.0, t - s - MARGIN)
        hi = np.where(full, TAU, t + s + MARGIN)
        q, at, turn = self.lookup(row, lo, hi)
        a = self.angle[at] + turn
        if closed:
            keep = full[q] | ((a >= lo[q]) & (a <= hi[q]))
        else:
            keep = (a > lo[q] + 2 * MARGIN) & (a < hi[q] - 2 * MARGIN)
        return pair[q[keep]], self.line[at[keep]]


def shadowed(points: np.ndarray, ib: np.ndarray, bearings: Bearings, cores: Disks, holds: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray]:
    """(line, feature) pairs where the line surely passes through the feature's interior and the
    feature holds neither end: the line runs within a core's bearings and past its centre.
    ``cores`` is one of :meth:`Disks.batches`, never empty."""
    dist, towards, spread = cores.seen_from(points[bearings.obs])
    use = (dist > cores.radius) & ~holds[cores.feature][:, bearings.obs].T
    pair, k = bearings.within(towards, spread, use, closed=False)
    past = bearings.length[k] > dist.ravel()[pair] * (1 + MARGIN)
    k, f = k[past], cores.feature[pair[past] % len(cores.feature)]
    free = ~holds[f, ib[k]]
    return k[free], f[free]


@dataclass(frozen=True)
class Crossings:
    """Every point where a sight line crosses an edge: line k, polygon, fraction t along the line."""

    line: np.ndarray
    poly: np.ndarray
    t: np.ndarray
    entry: np.ndarray  # True entering the polygon, False leaving it
    degenerate: np.ndarray  # the line passes exactly through one of the edge's ends


def crossings(points: np.ndarray, ia: np.ndarray, ib: np.ndarray, bearings: Bearings, hulls: Disks,
              edges: EdgeSet, holds: np.ndarray) -> Crossings:
    """Crossings of lines ``points[ia[k]] -> points[ib[k]]`` with the features' edges, for 0 < t < 1,
    looked for only where a line reaches a feature's hull: suits many observers, few lines each
    open. Entries and exits as :func:`_exact`."""
    if not len(ia) or not len(hulls.feature):
        return _exact(points, ia, ib, np.zeros(0, dtype=int), np.zeros(0, dtype=int), edges, holds)
    dist, towards, spread = hulls.seen_from(points[bearings.obs])
    pair, k = bearings.within(towards, spread, np.ones(dist.shape, dtype=bool), closed=True)
    d = pair % len(hulls.feature)
    reach = bearings.length[k] >= (dist.ravel()[pair] - hulls.radius[d]) * (1 - MARGIN)
    k, f = k[reach], hulls.feature[d[reach]]
    near = _meets_box(points[ia[k]], points[ib[k]], edges.box[f])
    k, f = k[near], f[near]
    row, e = edges.of_features(f)  # every edge of each candidate feature
    return _exact(points, ia, ib, k[row], e, edges, holds)


def _meets_box(a: np.ndarray, b: np.ndarray, box: np.ndarray) -> np.ndarray:
    """Whether each segment a -> b meets its closed box (grown by a margin): the slab test."""
    d = b - a
    lo, hi = box[:, :2] - MARGIN, box[:, 2:] + MARGIN
    with np.errstate(divide="ignore", invalid="ignore"):
        t0, t1 = (lo - a) / d, (hi - a) / d
    near, far = np.minimum(t0, t1), np.maximum(t0, t1)
    flat = d == 0  # parallel to a slab: inside it or never
    inside = (a >= lo) & (a <= hi)
    near = np.where(flat, np.where(inside, -np.inf, np.inf), near)
    far = np.where(flat, np.where(inside, np.inf, -np.inf), far)
    return (np.maximum(near.max(axis=1), 0) <= np.minimum(far.min(axis=1), 1))


def sweep(points: np.ndarray, ia: np.ndarray, ib: np.ndarray, bearings: Bearings, edges: EdgeSet,
          holds: np.ndarray) -> Crossings:
    """Crossings as :func:`crossings`, found the other way round: each edge facing an observer
    looks up the lines in the bearings it spans. Suits one observer with many lines (a fan)."""
    if not len(ia) or not len(edges.poly):
        return _exact(points, ia, ib, np.zeros(0, dtype=int), np.zeros(0, dtype=int), edges, holds)
    O = points[bearings.obs]
    ex, ey = edges.p1[:, 0] - edges.p0[:, 0], edges.p1[:, 1] - edges.p0[:, 1]
    side = np.outer(O[:, 1], ex) - np.outer(O[:, 0], ey) + (ey * edges.p0[:, 0] - ex * edges.p0[:, 1])
    g, e = np.nonzero((side < 0) | ((side > 0) & holds[:, bearings.obs][edges.poly].T))
    ox, oy = O[g, 0], O[g, 1]
    a0 = np.arctan2(edges.p0[e, 1] - oy, edges.p0[e, 0] - ox)
    a1 = np.arctan2(edges.p1[e, 1] - oy, edges.p1[e, 0] - ox)
    span = (a1 - a0 + np.pi) % TAU - np.pi
    lo = np.where(span >= 0, a0, a1) + np.pi
    q, at, _ = bearings.lookup(g, lo - MARGIN, lo + np.abs(span) + MARGIN)
    k, row = bearings.line[at], q
    return _exact(points, ia, ib, k, e[row], edges, holds)


def _exact(points: np.ndarray, ia: np.ndarray, ib: np.ndarray, k: np.ndarray, e: np.ndarray, edges: EdgeSet,
           holds: np.ndarray) -> Crossings:
    """The exact test of candidate (line k, edge e) pairs. Entries cross edges facing the observer;
    exits are kept only for features that hold the observer (``holds[f, i]``: feature f covers
    point i), since elsewhere one entry already says the line passes through."""
    ox, oy = points[ia, 0], points[ia, 1]
    dx, dy = (points[ib, 0] - ox)[k], (points[ib, 1] - oy)[k]
    ox, oy = ox[k], oy[k]
    ax, ay = edges.p0[e, 0] - ox, edges.p0[e, 1] - oy  # the edge's ends seen from the observer
    bx, by = edges.p1[e, 0] - ox, edges.p1[e, 1] - oy
    s0 = dx * ay - dy * ax  # which side of the line each end lies on (a shared vertex: one sign)
    s1 = dx * by - dy * bx
    cut = np.flatnonzero((s0 > 0) != (s1 > 0))
    k, e, s0, s1 = k[cut], e[cut], s0[cut], s1[cut]
    side = ax[cut] * by[cut] - ay[cut] * bx[cut]  # < 0: the edge faces the observer (interior on its left)
    t = side / (s1 - s0)
    poly = edges.poly[e]
    entry = side < 0
    hit = (t > 0) & (t < 1)
    hit &= entry | ((side > 0) & holds[poly, ia[k]])
    return Crossings(k[hit], poly[hit], t[hit], entry[hit], ((s0 == 0) | (s1 == 0))[hit])


def simple_parts(points: np.ndarray, ia: np.ndarray, ib: np.ndarray, f: np.ndarray, geoms: np.ndarray,
                 edges: EdgeSet, eps: float = 1e-9) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`exact_parts` for lines ``points[ia[j]] -> points[ib[j]]`` and features ``f[j]``
    whose boundary each line meets between its ends only by crossing edges (not through or
    along a vertex, not within ``eps`` of an end): the crossings cut the line into pieces each
    wholly inside or outside, so one point-in-polygon test per piece decides. Returns the same
    (own_o, own_t, middle) and ``hard``, the pairs left for :func:`exact_parts`."""
    n = len(f)
    j, e = edges.of_features(f)
    o, d = points[ia], points[ib] - points[ia]
    length = _norm(d)
    a0, a1, dj = edges.p0[e] - o[j], edges.p1[e] - o[j], d[j]
    s0 = dj[:, 0] * a0[:, 1] - dj[:, 1] * a0[:, 0]
    s1 = dj[:, 0] * a1[:, 1] - dj[:, 1] * a1[:, 0]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (a0[:, 0] * a1[:, 1] - a0[:, 1] * a1[:, 0]) / (s1 - s0)  # where the line crosses the edge
        tv = (a0 * dj).sum(axis=1) / (dj * dj).sum(axis=1)  # where the edge's first vertex lies along it
    cross = (((s0 > 0) & (s1 < 0)) | ((s0 < 0) & (s1 > 0))) & (t > 0) & (t < 1)
    near_end = cross & ((t * length[j] <= eps) | ((1 - t) * length[j] <= eps))
    hard = edges.start[f + 1] == edges.start[f]  # a feature without sight edges is left to Shapely
    hard[j[((s0 == 0) & (tv > 0) & (tv < 1)) | near_end]] = True
    # the pieces of the easy pairs: cuts at 0, at each crossing and at 1
    keep = cross & ~hard[j]
    easy = np.flatnonzero(~hard)
    cj = np.concatenate([j[keep], easy, easy])
    ct = np.concatenate([t[keep], np.zeros(len(easy)), np.ones(len(easy))])
    order = np.lexsort((ct, cj))
    cj, ct = cj[order], ct[order]
    same = cj[1:] == cj[:-1]
    pj, lo, hi = cj[:-1][same], ct[:-1][same], ct[1:][same]
    mid = o[pj] + d[pj] * ((lo + hi) / 2)[:, None]
    inside = shapely.contains_properly(geoms[f[pj]], shapely.points(mid))
    own_o, own_t, middle = np.zeros(n), np.zeros(n), np.zeros(n, dtype=bool)
    first, last = inside & (lo == 0), inside & (hi == 1)
    own_o[pj[first]] = (hi * length[pj])[first]
    own_t[pj[last]] = ((1 - lo) * length[pj])[last]
    middle[pj[inside & ~first & ~last]] = True
    return own_o, own_t, middle, hard


def exact_parts(lines: np.ndarray, polygons: np.ndarray, eps: float = 1e-9) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Shapely's answer for pairs of lines and polygons, vectorised: for each pair, the length of
    the line's piece inside the polygon's interior that starts at the observer, the piece that
    ends at the target (the same piece when one runs end to end), and whether any other piece
    passes through. A piece that only runs along the boundary is not inside."""
    n = len(lines)
    own_o, own_t, middle = np.zeros(n), np.zeros(n), np.zeros(n, dtype=bool)
    if not n:
        return own_o, own_t, middle
    parts, pair = shapely.get_parts(shapely.intersection(lines, polygons), return_index=True)
    keep = (shapely.get_type_id(parts) == 1) & (shapely.length(parts) > 0)
    parts, pair = parts[keep], pair[keep]
    if not len(parts):
        return own_o, own_t, middle
    mid = shapely.line_interpolate_point(parts, 0.5, normalized=True)
    poly = polygons[pair]
    inside = shapely.contains(poly, mid) & (shapely.distance(shapely.boundary(poly), mid) >= 1e-12)
    parts, pair, poly = parts[inside], pair[inside], poly[inside]
    line = lines[pair]
    da = shapely.line_locate_point(line, shapely.get_point(parts, 0))
    db = shapely.line_locate_point(line, shapely.get_point(parts, -1))
    a, b = np.minimum(da, db), np.maximum(da, db)
    length = shapely.length(line)
    start, end = a <= eps, b >= length - eps
    own_o[pair[start]] = b[start]
    own_t[pair[end]] = (length - a)[end]
    through = ~start & ~end & (b - a > eps)
    middle[pair[through]] = True
    return own_o, own_t, middle
