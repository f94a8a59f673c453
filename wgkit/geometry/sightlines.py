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
the crossings and vertices met, one point-in-polygon test each) or, where the boundary is met
within a hair of an end, with :func:`exact_parts` (Shapely).
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
    return np.arange(count.sum()) + np.repeat(start - (np.cumsum(count) - count), count)


def rows(a: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """``a[idx]`` for an array of rows: ``np.take`` gathers rows about ten times faster than indexing."""
    return np.take(a, idx, axis=0)


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
        x, y = points[:, 0], points[:, 1]  # a column at a time: indexing rows of (N, 2) costs ten times more
        dx, dy = x[ib] - x[ia], y[ib] - y[ia]
        angle = np.arctan2(dy, dx) + np.pi
        n = min(max(1 << math.ceil(math.log2(max(2 * len(ia) / max(len(obs), 1), 1))), 16), MAX_BINS)
        slot = group * n + np.minimum((angle * (n / TAU)).astype(int), n - 1)
        order = np.argsort(slot)  # any order within a bucket will do
        first = np.zeros(len(obs) * n + 1, dtype=int)
        np.cumsum(np.bincount(slot, minlength=len(obs) * n), out=first[1:])
        return cls(obs, np.sqrt(dx * dx + dy * dy), order, angle[order], first, n)

    def only(self, keep: np.ndarray) -> "Bearings":
        """The lines where ``keep`` holds, numbered in order, with the same observer rows."""
        mask = keep[self.line]
        at = np.flatnonzero(mask)  # positions, taken: much faster than indexing by a boolean mask
        seen = np.zeros(len(self.line) + 1, dtype=np.intp)
        np.cumsum(mask, out=seen[1:])
        number = np.cumsum(keep) - 1
        return Bearings(self.obs, self.length.take(np.flatnonzero(keep)), number.take(self.line.take(at)),
                        self.angle.take(at), seen.take(self.first), self.bins)

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
            turns.append(turn)
        sizes = [c.sum() for c in counts]
        which, start, count = (np.concatenate(x) for x in (qs, starts, counts))
        return np.repeat(which, count), _spans(start, count), np.repeat(turns, sizes)

    def within(self, towards: np.ndarray, spread: np.ndarray, use: np.ndarray, closed: bool
               ) -> tuple[np.ndarray, np.ndarray]:
        """(flat observer x disk index, line) for each line whose bearing lies within ``spread``
        of ``towards`` (observer rows x disks), where ``use``: strictly inside less a margin, or
        (``closed``) inside plus a margin; a closed spread of pi or more takes every line once."""
        row, disk = np.nonzero(use)
        pair = row * use.shape[1] + disk
        t, s = towards.ravel().take(pair), spread.ravel().take(pair)
        full = closed & (s >= np.pi - 2 * MARGIN)
        lo = np.where(full, 0.0, t - s - MARGIN)
        hi = np.where(full, TAU, t + s + MARGIN)
        q, at, turn = self.lookup(row, lo, hi)
        a = self.angle[at] + turn
        if closed:
            keep = full[q] | ((a >= lo[q]) & (a <= hi[q]))
        else:
            keep = (a > lo[q] + 2 * MARGIN) & (a < hi[q] - 2 * MARGIN)
        kept = np.flatnonzero(keep)
        return pair.take(q.take(kept)), self.line.take(at.take(kept))


def shadowed(points: np.ndarray, ib: np.ndarray, bearings: Bearings, cores: Disks, holds: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray]:
    """(line, feature) pairs where the line surely passes through the feature's interior and the
    feature holds neither end: the line runs within a core's bearings and past its centre.
    ``cores`` is one of :meth:`Disks.batches`, never empty."""
    dist, towards, spread = cores.seen_from(points[bearings.obs])
    use = (dist > cores.radius) & ~holds[cores.feature][:, bearings.obs].T
    pair, k = bearings.within(towards, spread, use, closed=False)
    past = np.flatnonzero(bearings.length.take(k) > dist.ravel().take(pair) * (1 + MARGIN))
    k, f = k.take(past), cores.feature.take(pair.take(past) % len(cores.feature))
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
    near = _meets_box(points, ia[k], ib[k], rows(edges.box, f))
    k, f = k[near], f[near]
    row, e = edges.of_features(f)  # every edge of each candidate feature
    return _exact(points, ia, ib, k[row], e, edges, holds)


def _meets_box(points: np.ndarray, a: np.ndarray, b: np.ndarray, box: np.ndarray) -> np.ndarray:
    """Whether each segment ``points[a[k]] -> points[b[k]]`` meets its closed box ``box[k]`` (grown
    by a margin): their boxes overlap and the box's corners do not all lie on one side of the
    segment's line (the separating axis test; no division, so no special case for a level line)."""
    x, y = points[:, 0], points[:, 1]
    ax, ay, bx, by = x[a], y[a], x[b], y[b]
    x0, y0, x1, y1 = (box[:, i] + (MARGIN if i > 1 else -MARGIN) for i in range(4))
    overlap = (np.minimum(ax, bx) <= x1) & (np.maximum(ax, bx) >= x0) & (np.minimum(ay, by) <= y1) & \
        (np.maximum(ay, by) >= y0)
    dx, dy = bx - ax, by - ay
    u0, u1 = dx * (y0 - ay), dx * (y1 - ay)  # the side of the line, as dx*(y - ay) - dy*(x - ax), at the corners
    v0, v1 = dy * (ax - x0), dy * (ax - x1)
    low = np.minimum(u0, u1) + np.minimum(v0, v1)
    high = np.maximum(u0, u1) + np.maximum(v0, v1)
    return overlap & (low <= 0) & (high >= 0)


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
    x, y = points[:, 0], points[:, 1]  # columns: gathering from a column beats gathering rows
    ox, oy = x[ia[k]], y[ia[k]]
    dx, dy = x[ib[k]] - ox, y[ib[k]] - oy
    ax, ay = edges.p0[:, 0][e] - ox, edges.p0[:, 1][e] - oy  # the edge's ends seen from the observer
    bx, by = edges.p1[:, 0][e] - ox, edges.p1[:, 1][e] - oy
    s0 = dx * ay - dy * ax  # which side of the line each end lies on (a shared vertex: one sign)
    s1 = dx * by - dy * bx
    cut = np.flatnonzero((s0 > 0) != (s1 > 0))
    k, e, s0, s1 = k.take(cut), e.take(cut), s0.take(cut), s1.take(cut)
    side = ax.take(cut) * by.take(cut) - ay.take(cut) * bx.take(cut)  # < 0: the edge faces the observer
    t = side / (s1 - s0)
    poly = edges.poly.take(e)
    entry = side < 0
    hit = (t > 0) & (t < 1)
    hit &= entry | ((side > 0) & holds[poly, ia[k]])
    hit = np.flatnonzero(hit)
    return Crossings(k.take(hit), poly.take(hit), t.take(hit), entry.take(hit), ((s0 == 0) | (s1 == 0)).take(hit))


def simple_parts(points: np.ndarray, ia: np.ndarray, ib: np.ndarray, f: np.ndarray, geoms: np.ndarray,
                 edges: EdgeSet, eps: float = 1e-9) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`exact_parts` for lines ``points[ia[j]] -> points[ib[j]]`` and features ``f[j]``,
    from the line cut wherever it meets the boundary between its ends: where it crosses an edge
    and where it passes through a vertex. Each piece then lies wholly inside, wholly outside, or
    along an edge, so one point-in-polygon test of its middle decides (off the boundary by
    1e-12", as :func:`exact_parts` asks, where an edge lies on the line). Returns the same
    (own_o, own_t, middle) and ``hard``: the pairs met within ``eps`` of an end, left for
    :func:`exact_parts`."""
    n = len(f)
    j, e = edges.of_features(f)
    o = rows(points, ia)
    d = rows(points, ib) - o
    length = _norm(d)
    oj, dj = rows(o, j), rows(d, j)
    a0, a1 = rows(edges.p0, e) - oj, rows(edges.p1, e) - oj
    s0 = dj[:, 0] * a0[:, 1] - dj[:, 1] * a0[:, 0]
    s1 = dj[:, 0] * a1[:, 1] - dj[:, 1] * a1[:, 0]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (a0[:, 0] * a1[:, 1] - a0[:, 1] * a1[:, 0]) / (s1 - s0)  # where the line crosses the edge
        tv = (a0[:, 0] * dj[:, 0] + a0[:, 1] * dj[:, 1]) / (length * length)[j]  # where the edge's first vertex lies
        cross = (((s0 > 0) & (s1 < 0)) | ((s0 < 0) & (s1 > 0))) & (t > 0) & (t < 1)
        vertex = (s0 == 0) & (tv > 0) & (tv < 1)  # the line passes through the edge's first vertex
        cut = np.where(cross, t, tv)
        met = cross | vertex
        near_end = met & ((cut * length[j] <= eps) | ((1 - cut) * length[j] <= eps))
    hard = edges.start[f + 1] == edges.start[f]  # a feature without sight edges is left to Shapely
    hard[j[near_end]] = True
    along = np.zeros(n, dtype=bool)  # an edge lies on the line: a piece's middle may be on the boundary
    along[j[(s0 == 0) & (s1 == 0)]] = True
    # the pieces of the easy pairs: cuts at 0, at each crossing or vertex met, and at 1
    keep = met & ~hard[j]
    easy = np.flatnonzero(~hard)
    cj = np.concatenate([j[keep], easy, easy])
    ct = np.concatenate([cut[keep], np.zeros(len(easy)), np.ones(len(easy))])
    order = np.lexsort((ct, cj))
    cj, ct = cj[order], ct[order]
    same = cj[1:] == cj[:-1]
    pj, lo, hi = cj[:-1][same], ct[:-1][same], ct[1:][same]
    mid = shapely.points(rows(o, pj) + rows(d, pj) * ((lo + hi) / 2)[:, None])
    inside = shapely.contains_properly(geoms[f[pj]], mid)
    check = np.flatnonzero(inside & along[pj])
    inside[check] = shapely.distance(shapely.boundary(geoms[f[pj[check]]]), mid[check]) >= 1e-12
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
