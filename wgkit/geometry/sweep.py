"""Fast sight-line crossings: an angular sweep over terrain edges, vectorised with numpy.

For every sight line O->T and every blocking or hill polygon P, the sweep finds where the line
*enters* P (crossing an edge that faces O) and *exits* it (an edge facing away), using exact
orientation signs with a half-open rule at vertices so that a line grazing a corner counts zero
or two crossings at one point. Per observer, targets are bucketed by bearing and each edge looks up
the buckets its angular span covers (a superset the exact test then trims), so the work grows
with the crossings, not with lines x polygons. Crossings where a line passes exactly through a vertex are flagged ``degenerate``; the caller
settles those pairs with :func:`exact_parts` (Shapely). Elsewhere two crossings never share a
point, so counting crossings needs no sorting.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import shapely

BINS = 1024  # bearing buckets per turn: an edge's candidates are the targets in its buckets


@dataclass(frozen=True)
class EdgeSet:
    """Edges of the polygons the sweep considers, each ring oriented with the interior on its left."""

    p0: np.ndarray  # (E, 2)
    p1: np.ndarray  # (E, 2)
    poly: np.ndarray  # (E,) index of the polygon in the terrain index

    @classmethod
    def of(cls, geoms: np.ndarray, use: np.ndarray) -> "EdgeSet":
        p0, p1, owner = [], [], []
        for f in np.flatnonzero(use):
            oriented = shapely.orient_polygons(geoms[f], exterior_cw=False)
            for part in getattr(oriented, "geoms", [oriented]):
                for ring in (part.exterior, *part.interiors):
                    c = np.asarray(ring.coords)
                    p0.append(c[:-1])
                    p1.append(c[1:])
                    owner.append(np.full(len(c) - 1, f))
        if not p0:
            z = np.zeros((0, 2))
            return cls(z, z, np.zeros(0, dtype=int))
        return cls(np.concatenate(p0), np.concatenate(p1), np.concatenate(owner))


@dataclass(frozen=True)
class Crossings:
    """Every point where a sight line crosses an edge: line k, polygon, fraction t along the line."""

    line: np.ndarray
    poly: np.ndarray
    t: np.ndarray
    entry: np.ndarray  # True entering the polygon, False leaving it
    degenerate: np.ndarray  # the line passes exactly through one of the edge's ends


def _cross(ax, ay, bx, by):
    return ax * by - ay * bx


def sweep(points: np.ndarray, ia: np.ndarray, ib: np.ndarray, edges: EdgeSet,
          holds: np.ndarray) -> Crossings:
    """Crossings of lines ``points[ia[k]] -> points[ib[k]]`` with the edge set, for 0 < t < 1.

    Entries are crossings of edges facing the observer. Exits are reported only for polygons
    that hold the observer (``holds[f, i]``: polygon f covers point i); elsewhere a single
    entry already says the line passes through.
    """
    if not len(ia) or not len(edges.poly):
        z = np.zeros(0)
        return Crossings(z.astype(int), z.astype(int), z, z.astype(bool), z.astype(bool))
    # targets grouped by observer and bucketed by bearing (a wrapped copy covers [pi, 3pi))
    obs, group = np.unique(ia, return_inverse=True)
    d = points[ib] - points[ia]
    theta = np.arctan2(d[:, 1], d[:, 0])
    bins = np.minimum(((theta + np.pi) * (BINS / (2 * np.pi))).astype(int), BINS - 1)
    slot = np.concatenate([group * 2 * BINS + bins, group * 2 * BINS + bins + BINS])
    order = np.argsort(slot, kind="stable")
    key_line = np.tile(np.arange(len(ia)), 2)[order]
    first = np.zeros(len(obs) * 2 * BINS + 1, dtype=int)
    np.cumsum(np.bincount(slot, minlength=len(obs) * 2 * BINS), out=first[1:])
    # which edges face each observer (outer products over observers x edges)
    O = points[obs]
    ex, ey = edges.p1[:, 0] - edges.p0[:, 0], edges.p1[:, 1] - edges.p0[:, 1]
    c0 = ey * edges.p0[:, 0] - ex * edges.p0[:, 1]
    side = np.outer(O[:, 1], ex) - np.outer(O[:, 0], ey) + c0
    facing = side < 0
    g, e = np.nonzero(facing | ((side > 0) & holds[:, obs][edges.poly].T))
    entry = facing[g, e]
    ox, oy = O[g, 0], O[g, 1]
    a0 = np.arctan2(edges.p0[e, 1] - oy, edges.p0[e, 0] - ox)
    a1 = np.arctan2(edges.p1[e, 1] - oy, edges.p1[e, 0] - ox)
    span = (a1 - a0 + np.pi) % (2 * np.pi) - np.pi
    lo = np.where(span >= 0, a0, a1)
    lo_bin = np.clip(((lo + np.pi) * (BINS / (2 * np.pi)) - 1e-6).astype(int), 0, 2 * BINS - 1)
    hi_bin = np.clip(((lo + np.abs(span) + np.pi) * (BINS / (2 * np.pi)) + 1e-6).astype(int), 0, 2 * BINS - 1)
    base = g * 2 * BINS
    start = first[base + lo_bin]
    counts = first[base + hi_bin + 1] - start
    rows = np.repeat(np.arange(len(g)), counts)
    offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    k = key_line[start[rows] + offsets]
    # exact test for each (edge, line) candidate
    e, entry = e[rows], entry[rows]
    Ox, Oy = points[ia[k], 0], points[ia[k], 1]
    Dx, Dy = d[k, 0], d[k, 1]
    P0x, P0y = edges.p0[e, 0] - Ox, edges.p0[e, 1] - Oy
    Ex, Ey = ex[e], ey[e]
    s0 = _cross(Dx, Dy, P0x, P0y)
    s1 = _cross(Dx, Dy, P0x + Ex, P0y + Ey)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = _cross(P0x, P0y, Ex, Ey) / _cross(Dx, Dy, Ex, Ey)
    hit = ((s0 > 0) != (s1 > 0)) & (t > 0) & (t < 1)
    return Crossings(k[hit], edges.poly[e[hit]], t[hit], entry[hit], ((s0 == 0) | (s1 == 0))[hit])


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
