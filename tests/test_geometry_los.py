"""Free-table line of sight, checked against answers worked out by hand."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, MultiPolygon, Polygon, box

from tests.conftest import ROOT
from wgkit.geometry.los import LosPolicy, Pieces, SightField, clear_sight, line_of_sight, sight_between
from wgkit.geometry.terrain import TerrainArea, TerrainIndex
from wgkit.scenario import load

WOOD = TerrainArea("wood", "woods", box(10, 0, 20, 10), blocks_los=True, cover="soft")
FIELD = TerrainArea("field", "fields", box(0, 20, 10, 30), blocks_los=False)
HILL = TerrainArea("hill", "hill", box(30, 0, 40, 10), blocks_los=True, height=1.0)
T = TerrainIndex([WOOD, FIELD, HILL], 72, 48)


def test_through_a_wood_is_blocked_with_entry_and_exit():
    s = line_of_sight(T, (0, 5), (25, 5))
    assert not s.clear and s.blockers == ("wood",)
    (c,) = s.crossings
    assert (c.entry, c.exit, c.inside) == pytest.approx((10, 20, 10))
    assert s.distance == 25


def test_line_grazing_a_corner_is_clear():
    # from (0, 0) to (20, 20) touches the wood only at its corner (10, 10)
    s = line_of_sight(T, (0, 0), (20, 20))
    assert s.clear and [c.feature for c in s.crossings] == ["wood"]
    assert s.crossings[0].inside == pytest.approx(0) and "touches its edge" in s.crossings[0].why


def test_line_along_an_edge_is_clear():
    s = line_of_sight(T, (5, 10), (25, 10))  # runs along the wood's top edge from x=10 to 20
    assert s.clear and s.crossings[0].inside == pytest.approx(10)


def test_both_ends_inside_the_same_wood():
    near = line_of_sight(T, (11, 5), (11.8, 5), LosPolicy(see_into=1))
    far = line_of_sight(T, (11, 5), (19, 5), LosPolicy(see_into=1))
    assert near.clear and far.blockers == ("wood",) and far.crossings[0].holds == "both"


def test_target_just_inside_a_wood_edge():
    edge = line_of_sight(T, (0, 5), (10.5, 5), LosPolicy(see_into=1))
    deep = line_of_sight(T, (0, 5), (12, 5), LosPolicy(see_into=1))
    assert edge.clear and edge.target_in == ("wood",) and edge.crossings[0].inside == pytest.approx(0.5)
    assert not deep.clear and deep.crossings[0].inside == pytest.approx(2)
    # a figure at the very edge of the wood sees out of it (and is seen) even with see_into 0
    assert line_of_sight(T, (0, 5), (10, 5)).clear


def test_non_blocking_terrain_is_reported_but_does_not_block():
    s = line_of_sight(T, (0, 25), (20, 25))
    assert s.clear and s.crossings[0].feature == "field" and s.observer_in == ("field",)


def test_hill_blocks_low_ground_but_not_from_its_top():
    assert not line_of_sight(T, (25, 5), (45, 5)).clear  # both on low ground, hill between
    top = line_of_sight(T, (35, 5), (45, 5))
    assert top.clear and top.observer_level == 1 and top.target_level == 0


def test_observer_on_high_hill_sees_over_a_wood():
    big = TerrainArea("ridge", "hill", box(0, 0, 8, 10), blocks_los=True, height=2.0)
    t = TerrainIndex([WOOD, big], 72, 48)
    assert line_of_sight(t, (5, 5), (25, 5)).clear  # level 2 over a wood one level tall
    low = TerrainArea("knoll", "hill", box(0, 0, 8, 10), blocks_los=True, height=1.0)
    assert not line_of_sight(TerrainIndex([WOOD, low], 72, 48), (5, 5), (25, 5)).clear


def test_pieces_block_when_the_policy_says_so():
    pieces = Pieces.of([("a", 0, 30, 0.5), ("mid", 10, 30.2, 0.5), ("b", 20, 30, 0.5)])
    assert line_of_sight(T, (0, 30), (20, 30), LosPolicy(pieces_block=True), pieces).pieces_between == ("mid",)
    assert line_of_sight(T, (0, 30), (20, 30), LosPolicy(), pieces).clear


points = st.tuples(st.floats(0, 72), st.floats(0, 48))


@settings(max_examples=200, deadline=None)
@given(points, points)
def test_los_is_symmetric(a, b):
    assert line_of_sight(T, a, b, LosPolicy(see_into=1)).clear == line_of_sight(T, b, a, LosPolicy(see_into=1)).clear


def random_terrain(rng, n=30):
    areas = []
    for i in range(n):
        cx, cy, r = rng.uniform(5, 67), rng.uniform(5, 43), rng.uniform(1.5, 4)
        k = rng.integers(6, 12)
        ang = np.sort(rng.uniform(0, 2 * math.pi, k))
        poly = Polygon(np.c_[cx + r * np.cos(ang) * rng.uniform(.6, 1, k), cy + r * np.sin(ang) * rng.uniform(.6, 1, k)])
        if not poly.is_valid:
            poly = poly.convex_hull
        hill = i % 7 == 0
        areas.append(TerrainArea(f"f{i}", "hill" if hill else "woods", poly, blocks_los=i % 3 != 1,
                                 height=float(1 + i % 2) if hill else 0.0))
    return TerrainIndex(areas, 72, 48)


def test_matrix_fan_and_single_queries_agree():
    rng = np.random.default_rng(7)
    t = random_terrain(rng)
    pts = np.c_[rng.uniform(0, 72, 40), rng.uniform(0, 48, 40)]
    policy = LosPolicy(see_into=1.0)
    f = SightField(t, pts, policy)
    m = f.matrix()
    assert (m == m.T).all() and m.diagonal().all()
    for i in range(0, 40, 7):
        for j in range(40):
            assert m[i, j] == line_of_sight(t, pts[i], pts[j], policy).clear
    seen, why = f.fan(3)
    assert (seen == m[3]).all()
    assert why.targets() == set(np.flatnonzero(~seen).tolist())
    for j in why.targets():
        assert set(why.of(j)) == set(line_of_sight(t, pts[3], pts[j], policy).blockers)
    assert (f.between([0, 1], [5, 6, 7]) == m[np.ix_([0, 1], [5, 6, 7])]).all()


def test_remembered_verdicts_agree_with_the_matrix_and_are_reused():
    rng = np.random.default_rng(5)
    t = random_terrain(rng)
    pts = np.c_[rng.uniform(0, 72, 20), rng.uniform(0, 48, 20)]
    policy = LosPolicy(see_into=1.0)
    m = SightField(t, pts, policy).matrix()
    assert 0 < m.sum() < m.size  # some lines clear, some blocked: the comparison means something
    first = sight_between(t, pts[:8], pts[8:], policy)
    assert (first == m[:8, 8:]).all()
    remembered = t.memo[("sight", policy)]  # one table of verdicts per policy
    assert len(remembered) == 8 * 12
    remembered[(*pts[0].tolist(), *pts[8].tolist())] = not m[0, 8]
    again = sight_between(t, pts[:8], pts[8:], policy)  # judged from memory: the planted verdict shows
    assert again[0, 0] == (not m[0, 8]) and (again[1:] == m[1:8, 8:]).all()
    assert clear_sight(t, pts[0], pts[8], policy) == (not m[0, 8])
    assert clear_sight(t, pts[0], pts[8], LosPolicy()) == line_of_sight(t, pts[0], pts[8]).clear  # another policy: judged anew


def test_move_updates_the_matrix_incrementally():
    rng = np.random.default_rng(11)
    t = random_terrain(rng)
    pts = np.c_[rng.uniform(0, 72, 30), rng.uniform(0, 48, 30)]
    f = SightField(t, pts)
    m = f.matrix()
    f.move(4, (36.0, 24.0), m)
    pts[4] = (36, 24)
    assert (m == SightField(t, pts).matrix()).all()


def test_scenario_terrain_through_ruleset_mapping():
    s = load(ROOT / "scenarios/close_action/hedgerow_farm.yaml")
    t = TerrainIndex.from_scenario(s)
    assert {a.id: a.blocks_los for a in t.areas} == {
        "farmhouse": True, "orchard": False, "lane": False, "wall": False, "copse": True}
    assert [a.cover for a in t.at(30, 27)] == ["hard"]
    # the German MG behind the house cannot be seen from the US start line through it
    assert not line_of_sight(t, (30, 6), (30, 30)).clear


@pytest.mark.parametrize("geom, msg", [
    (Polygon([(0, 0), (1, float("nan")), (1, 1)]), "coordinates must be finite numbers"),
    (Polygon(), "geometry is empty"),
    (Polygon([(0, 0), (2, 2), (2, 0), (0, 2)]), r"invalid geometry \(Self-intersection\[1 1\]\)"),
    (MultiPolygon([box(0, 0, 1, 1), box(0.5, 0, 2, 1)]), r"invalid geometry \(Self-intersection"),
])
def test_invalid_geometry_is_a_clear_value_error(geom, msg):
    with pytest.raises(ValueError, match=f"^terrain feature 'bad': {msg}"):
        TerrainIndex([TerrainArea("bad", "woods", geom, True)], 10, 10)


def test_a_polygon_without_area_is_refused_and_a_line_is_not():
    from wgkit.geometry.terrain import check_geometry

    flat = Polygon([(0, 0), (2, 0), (4, 0)])  # no area: GEOS finds it invalid
    with pytest.raises(ValueError, match=r"^terrain feature 'flat': invalid geometry \(Self-intersection\[2 0\]\)$"):
        check_geometry(flat, "flat")
    check_geometry(LineString([(0, 0), (4, 0)]), "hedge")  # a line has no area and needs none
    check_geometry(MultiPolygon([box(0, 0, 1, 1), box(2, 0, 3, 1)]), "copses")


def test_nan_observer_is_a_clear_value_error():
    with pytest.raises(ValueError, match="observer: expected two finite coordinates"):
        line_of_sight(T, (float("nan"), 1), (2, 2))


def oracle_clear(t: TerrainIndex, a, b, see_into: float) -> bool:
    """The module's rule evaluated with Shapely alone, polygon by polygon."""
    from shapely.geometry import LineString, Point

    line = LineString([a, b])
    level = lambda p: max([x.height for x in t.areas if x.is_hill and x.geometry.covers(Point(p))], default=0.0)
    la, lb = level(a), level(b)
    for area in t.areas:
        if not (area.blocks_los or area.is_hill):
            continue
        holds = area.geometry.covers(Point(a)) or area.geometry.covers(Point(b))
        own_o, own_t, middle = exact_parts(line, area.geometry)
        through = any(m > 1e-9 for m in middle)
        if area.is_hill:
            if not holds and (through or own_o or own_t) and area.height >= max(la, lb) and area.height > min(la, lb):
                return False
        elif own_o > see_into + 1e-9 or own_t > see_into + 1e-9:
            return False
        elif through and OBSTACLE + base_level(t, area) >= max(la, lb):
            return False
    return True


def exact_parts(line, polygon):
    """Shapely alone, one polygon: the line's piece inside the interior from the observer, the
    piece to the target, and every other piece's length (pieces along the boundary are not inside)."""
    import shapely

    inter = line.intersection(polygon)
    length = line.length
    own_o = own_t = 0.0
    middle = []
    for piece in getattr(inter, "geoms", [inter]):
        if piece.is_empty or piece.length <= 0 or piece.geom_type != "LineString":
            continue
        mid = piece.interpolate(0.5, normalized=True)
        if not polygon.contains(mid) or polygon.boundary.distance(mid) < 1e-12:
            continue
        a, b = sorted(line.project(shapely.points(c)) for c in (piece.coords[0], piece.coords[-1]))
        if a <= 1e-9:
            own_o = b
        if b >= length - 1e-9:
            own_t = length - a
        if a > 1e-9 and b < length - 1e-9:
            middle.append(b - a)
    return own_o, own_t, middle


def test_the_vectorised_pieces_agree_with_shapely_one_by_one():
    import shapely
    from shapely.geometry import LineString

    from wgkit.geometry.sightlines import exact_parts as many

    notched = Polygon([(0, 0), (20, 0), (20, 20), (12, 20), (12, 8), (8, 8), (8, 20), (0, 20)])
    rng = np.random.default_rng(4)
    ends = np.r_[np.round(rng.uniform(-4, 24, (60, 2)) * 2) / 2, [[2, 4], [12, 12], [12, 12], [8, 8], [20, 20]]]
    lines = [LineString([ends[i], ends[j]]) for i in range(len(ends)) for j in range(i + 1, len(ends))]
    own_o, own_t, middle = many(np.array(lines, dtype=object), np.array([notched] * len(lines), dtype=object))
    assert middle.any() and (own_o > 0).any() and (own_t > 0).any()
    for k, line in enumerate(lines):
        o, t_, mids = exact_parts(line, notched)
        assert (own_o[k], own_t[k], middle[k]) == pytest.approx((o, t_, any(m > 1e-9 for m in mids))), line.wkt
    assert shapely.is_valid(notched)


OBSTACLE = 1.0


def base_level(t, area):
    return float(t.base[t.by_id[area.id]])


@pytest.mark.parametrize("seed", range(6))
def test_sweep_agrees_with_a_shapely_oracle(seed):
    rng = np.random.default_rng(100 + seed)
    t = random_terrain(rng, n=25)
    pts = np.c_[rng.uniform(0, 72, 30), rng.uniform(0, 48, 30)]
    see = float(rng.choice([0.0, 1.0, 2.5]))
    m = SightField(t, pts, LosPolicy(see_into=see)).matrix()
    for i in range(30):
        for j in range(i + 1, 30):
            assert m[i, j] == oracle_clear(t, pts[i], pts[j], see), (i, j)


@pytest.mark.parametrize("see", [0.0, 3.0, 8.0])
def test_figures_inside_one_wood_agree_with_the_oracle(see):
    """Lines between figures in the same wood: wholly inside it (judged by length against
    see_into), leaving it through its notch, or touching its boundary at a vertex or along an edge
    (points on a lattice, settled exactly)."""
    notched = Polygon([(0, 0), (20, 0), (20, 20), (12, 20), (12, 8), (8, 8), (8, 20), (0, 20)])  # a U
    t = TerrainIndex([TerrainArea("u", "woods", notched, blocks_los=True, cover="soft"),
                      TerrainArea("hill", "hill", box(30, 0, 40, 10), blocks_los=True, height=1.0)], 48, 24)
    lattice = [(x, y) for x in (2, 4, 8, 10, 12, 16, 18) for y in (2, 4, 8, 12, 16)] + [(32, 2), (38, 8)]
    m = SightField(t, np.array(lattice, dtype=float), LosPolicy(see_into=see)).matrix()
    for i, a in enumerate(lattice):
        for j, b in enumerate(lattice[i + 1:], i + 1):
            assert m[i, j] == oracle_clear(t, a, b, see), (a, b)


def test_the_matrix_judged_in_small_blocks_is_the_same(monkeypatch):
    import wgkit.geometry.los as los

    rng = np.random.default_rng(9)
    t = random_terrain(rng)
    pts = np.c_[rng.uniform(0, 72, 25), rng.uniform(0, 48, 25)]
    whole = SightField(t, pts).matrix()
    monkeypatch.setattr(los, "CHUNK", 7)  # blocks of a row or two: every boundary case
    blocks = SightField(t, pts).matrix()
    assert (blocks == whole).all() and 0 < whole.sum() - 25 < 25 * 24
    for i in (0, 12, 24):
        for j in range(25):
            assert whole[i, j] == line_of_sight(t, pts[i], pts[j]).clear


@pytest.mark.parametrize("see_into", [0.0, 1.0])
def test_verdicts_alone_agree_with_the_full_explanations_on_a_lattice(see_into):
    # the matrix stops a line at its first decisive blocker and skips the exact cases (ends on an
    # edge, lines through vertices) of lines already blocked; each fan explains every line in full
    rng = np.random.default_rng(11)
    t = random_terrain(rng)
    pts = np.round(np.c_[rng.uniform(0, 72, 60), rng.uniform(0, 48, 60)] * 2) / 2  # on a 0.5" lattice
    for i, (x, y) in enumerate(pts[:12]):  # some on a feature's corner or edge
        corner = np.asarray(t.areas[i].geometry.exterior.coords)[0]
        pts[i] = np.round(corner * 2) / 2 if i % 2 else (x, y)
    field_ = SightField(t, pts, LosPolicy(see_into=see_into))
    m = field_.matrix()
    full = np.array([field_.fan(i)[0] for i in range(len(pts))])
    assert 0 < m.sum() < m.size
    assert (m == full).all()


@pytest.mark.parametrize("see_into, seen", [(1000.0, True), (0.0, False)])
def test_lines_on_the_bearing_where_angles_wrap_are_met_once(see_into, seen):
    # A line due west has the bearing where angles wrap round (pi = -pi); from inside a wood the
    # wood's bounding disk spans every bearing, so the line must still leave the wood only once.
    # By hand: from (36, 10) the line runs 2" inside the wood going west, 6" east, 4" north and
    # south, so it is seen with a 1000" see-into allowance and not with none.
    t = TerrainIndex([TerrainArea("wood", "woods", box(34, 6, 42, 14), blocks_los=True)], 72, 48)
    pts = np.array([(36, 10), (10, 10), (60, 10), (36, 40), (36, 0)], dtype=float)
    field_ = SightField(t, pts, LosPolicy(see_into=see_into))
    m = field_.matrix()
    assert m[0, 1:].tolist() == [seen] * 4
    assert field_.fan(0)[0][1:].tolist() == [seen] * 4
    assert not m[1, 2] and m[1, 3]  # west to east passes through the wood; west to north passes by


def test_pieces_cut_at_crossings_and_vertices_agree_with_shapely_and_leave_ends_on_the_boundary_to_it():
    import shapely

    from wgkit.geometry.sightlines import EdgeSet, exact_parts, simple_parts

    notched = Polygon([(0, 0), (20, 0), (20, 20), (12, 20), (12, 8), (8, 8), (8, 20), (0, 20)])
    geoms = np.array([notched], dtype=object)
    rng = np.random.default_rng(5)
    # lattice points, the notch's corners among them, and one end a hair past the notch's floor
    pts = np.r_[np.round(rng.uniform(-4, 24, (50, 2)) * 2) / 2, [[0, 10], [10, 8], [4, 4], [16, 16], [12, 2],
                                                                [10, -4], [10, 8 + 1e-10]]]
    ia, ib = np.triu_indices(len(pts), k=1)
    own_o, own_t, middle, hard = simple_parts(pts, ia, ib, np.zeros(len(ia), dtype=int), geoms,
                                              EdgeSet.of(geoms, np.array([True])))
    lines = shapely.linestrings(np.stack([pts[ia], pts[ib]], axis=1))
    o, t_, m = exact_parts(lines, np.repeat(geoms, len(ia)))
    easy = ~hard
    assert easy.sum() > 1000 and middle[easy].any() and (own_o[easy] > 0).any() and (own_t[easy] > 0).any()
    assert own_o[easy] == pytest.approx(o[easy]) and own_t[easy] == pytest.approx(t_[easy])
    assert (middle[easy] == m[easy]).all()
    # through the notch's corners, and along its sides (x = 12 from (12, 2) upwards): cut there, decided
    ends = {tuple(pts[ia[k]]) for k in range(len(ia))} | {tuple(pts[ib[k]]) for k in range(len(ia))}
    corner = [k for k in range(len(ia)) if shapely.distance(lines[k], shapely.points([12, 8])) == 0
              and (12.0, 8.0) not in (tuple(pts[ia[k]]), tuple(pts[ib[k]]))]
    along = [k for k in range(len(ia)) if shapely.length(shapely.intersection(lines[k], notched.boundary)) > 1]
    assert corner and along and (12.0, 2.0) in ends and not hard[corner].any() and not hard[along].any()
    # from below the wood to 1e-10" past the notch's floor: the exit lies within a hair of the end,
    # left to Shapely, whose tolerance makes the wood's 8" from y = 0 to y = 8 the target's own
    k = int(np.flatnonzero((ia == len(pts) - 2) & (ib == len(pts) - 1))[0])
    assert hard[k] and not m[k] and o[k] == 0 and t_[k] == pytest.approx(8.0)


def test_core_disks_lie_inside_their_feature_and_hull_disks_hold_it():
    import shapely

    from wgkit.geometry.sightlines import Disks

    rng = np.random.default_rng(8)
    t = random_terrain(rng)
    use = t.blocks | t.is_hill
    cores, hulls = Disks.cores(t.geoms, use), Disks.hulls(t.geoms, use)
    assert set(cores.feature) == set(hulls.feature) == set(np.flatnonzero(use))
    disks = shapely.buffer(shapely.points(cores.centre), cores.radius * 0.999)
    assert shapely.contains_properly(t.geoms[cores.feature], disks).all()
    assert (np.diff(cores.radius) <= 0).all()  # the widest first
    coords, owner = shapely.get_coordinates(t.geoms[hulls.feature], return_index=True)
    assert (np.linalg.norm(coords - hulls.centre[owner], axis=1) <= hulls.radius[owner]).all()
    assert (hulls.radius < 2 * shapely.minimum_bounding_radius(t.geoms[hulls.feature])).all()


def test_a_figure_deeper_in_a_wood_than_it_sees_into_sees_only_what_is_closer_than_that():
    # By hand: the wood is 10" square; (15, 5) is 5" from every edge. With see_into 2" every line
    # from it runs more than 2" inside before it can leave, so only a figure within 2" is seen;
    # (11, 5) is 1" inside, so it sees out 1" to the west.
    t = TerrainIndex([WOOD], 72, 48)
    pts = np.array([(15, 5), (16.5, 5), (17.5, 5), (40, 5), (11, 5), (5, 5)], dtype=float)
    m = SightField(t, pts, LosPolicy(see_into=2.0)).matrix()
    assert m[0].tolist() == [True, True, False, False, False, False]
    assert m[4].tolist() == [False, False, False, False, True, True]
    assert m.tolist() == np.array([[line_of_sight(t, a, b, LosPolicy(see_into=2.0)).clear for b in pts] for a in pts]).tolist()


def test_malloc_keeps_freed_memory_on_glibc_unless_told_not_to(monkeypatch):
    import platform

    from wgkit.geometry.allocator import keep_freed_memory

    assert keep_freed_memory() is (platform.system() == "Linux" and platform.libc_ver()[0] == "glibc")
    monkeypatch.setenv("WGKIT_KEEP_MEMORY", "0")
    assert keep_freed_memory() is False


class _FakeLibc:
    """A C library that records what malloc is asked; ``refuse`` names parameters it rejects."""

    def __init__(self, glibc: bool = True, refuse: tuple = ()):
        self.calls, self.refuse = [], refuse
        if glibc:
            self.gnu_get_libc_version = lambda: b"2.36"

    def mallopt(self, param, value):
        self.calls.append((param, value))
        return 0 if param in self.refuse else 1

    def loader(self, name):
        assert name is None  # the symbols already loaded into the process: Python's own C library
        return self


def test_malloc_is_asked_for_the_settings_its_docstring_names(monkeypatch):
    from wgkit.geometry import allocator

    # glibc's malloc.h numbers M_TRIM_THRESHOLD -1, M_TOP_PAD -2, M_MMAP_THRESHOLD -3; the module
    # asks for blocks under 64 MB from the heap, growth by 64 MB and 256 MB kept free at the top.
    mb = 1024 * 1024
    monkeypatch.setattr(allocator.sys, "platform", "linux")
    monkeypatch.delenv("WGKIT_KEEP_MEMORY", raising=False)
    libc = _FakeLibc()
    monkeypatch.setattr(allocator.ctypes, "CDLL", libc.loader)
    assert allocator.keep_freed_memory() is True
    assert sorted(libc.calls) == [(-3, 64 * mb), (-2, 64 * mb), (-1, 256 * mb)]

    libc = _FakeLibc(refuse=(-2,))  # one setting refused: not done
    monkeypatch.setattr(allocator.ctypes, "CDLL", libc.loader)
    assert allocator.keep_freed_memory() is False
    libc = _FakeLibc(glibc=False)  # another C library: malloc is not touched
    monkeypatch.setattr(allocator.ctypes, "CDLL", libc.loader)
    assert allocator.keep_freed_memory() is False and libc.calls == []

    def no_library(name):
        raise OSError("no C library")

    monkeypatch.setattr(allocator.ctypes, "CDLL", no_library)
    assert allocator.keep_freed_memory() is False
    libc = _FakeLibc()
    monkeypatch.setattr(allocator.ctypes, "CDLL", libc.loader)
    monkeypatch.setattr(allocator.sys, "platform", "darwin")  # not Linux: nothing asked
    assert allocator.keep_freed_memory() is False and libc.calls == []
    monkeypatch.setattr(allocator.sys, "platform", "linux")
    monkeypatch.setenv("WGKIT_KEEP_MEMORY", "1")  # said on: as unset
    assert allocator.keep_freed_memory() is True and len(libc.calls) == 3


# -- seams: two blocking features drawn touching ---------------------------------------------------
WEST = TerrainArea("west", "woods", box(0, 0, 10, 10), blocks_los=True)
EAST = TerrainArea("east", "woods", box(10, 0, 20, 10), blocks_los=True)
BARN = TerrainArea("barn", "building", box(10, 10, 14, 14), blocks_los=True)
MEADOW = TerrainArea("meadow", "fields", box(-10, 0, 0, 10), blocks_los=False)
SEAMED = TerrainIndex([WEST, EAST, BARN, MEADOW], 40, 40)


def test_a_line_along_the_seam_of_two_touching_woods_is_through_woods():
    s = line_of_sight(SEAMED, (10, -5), (10, 9))  # along x = 10 for 9": between the two woods
    assert not s.clear and s.blockers == ("east", "west")
    assert all(c.inside == pytest.approx(9) and c.why.startswith("runs along the edge it shares with")
               for c in s.crossings)
    assert line_of_sight(SEAMED, (11, 10), (13, 10)).blockers == ("barn", "east")  # a wood against a building
    # beyond the seam's end, and along a wood's edge against open ground, sight is clear as before
    assert line_of_sight(SEAMED, (10, -5), (10, 0)).clear
    assert line_of_sight(SEAMED, (0, -5), (0, 15)).clear


def test_every_query_agrees_on_seams():
    eyes = [(10, -5), (10, 9), (0, -5), (0, 15), (20, -3), (20, 20)]
    f = SightField(SEAMED, np.array(eyes))
    m = f.matrix()
    explained = np.array([[line_of_sight(SEAMED, a, b).clear for b in eyes] for a in eyes])
    assert (m == explained).all() and (sight_between(SEAMED, eyes, eyes) == explained).all()
    assert not m[0, 1] and m[2, 3]  # the seam blocks, open ground's edge does not
    seen, blockers = f.fan(0)
    assert not seen[1] and blockers.of(1) == ["west", "east"]  # in the index's order


def test_ends_on_a_seam_see_into_it_as_into_a_wood():
    near = LosPolicy(see_into=2)
    assert line_of_sight(SEAMED, (10, 0), (10, 1.5), near).clear  # 1.5" along it: within 2"
    assert not line_of_sight(SEAMED, (10, 0), (10, 2.5), near).clear  # 2.5": beyond


def test_a_seam_is_seen_over_from_higher_ground_as_its_woods_are():
    hills = [TerrainArea("south_hill", "hill", box(8, -5, 12, -1), blocks_los=True, height=2.0),
             TerrainArea("north_hill", "hill", box(8, 11, 12, 15), blocks_los=True, height=2.0)]
    high = TerrainIndex([WEST, EAST, *hills], 40, 40)
    assert line_of_sight(high, (10, -3), (10, 13)).clear  # both ends two levels up: woods one level tall
    low = TerrainIndex([WEST, EAST], 40, 40)
    assert not line_of_sight(low, (10, -3), (10, 13)).clear


def test_no_line_runs_between_touching_woods_on_a_dense_layout():
    """A 6 x 6 checkerboard of touching 2" woods: every sampled line that runs along any shared
    edge for a length is blocked (before, such lines passed through no wood's interior)."""
    cells = [TerrainArea(f"w{i}_{j}", "woods", box(2 * i, 2 * j, 2 * i + 2, 2 * j + 2), blocks_los=True)
             for i in range(6) for j in range(6)]
    dense = TerrainIndex(cells, 12, 12)
    rng = np.random.default_rng(7)
    lines = [((x, -1.0), (x, 13.0)) for x in range(1, 12)]  # on the grid lines x = 2, 4 ... and off them
    lines += [((-1.0, float(y)), (13.0, float(y))) for y in range(1, 12)]
    lines += [tuple(map(tuple, rng.uniform(-1, 13, (2, 2)))) for _ in range(200)]
    for a, b in lines:
        assert not line_of_sight(dense, a, b).clear or not LineString([a, b]).intersects(box(0, 0, 12, 12))


def seam_blocked(t: TerrainIndex, a, b, see_into: float) -> bool:
    """An independent oracle for seams, by the ground beside the line: the line is cut where it
    meets any blocking feature's boundary, and each piece that lies on no feature's interior is
    judged by two points a hair to its left and right. Where both are inside blocking features the
    piece runs between obstacles with no gap; more of it in all than the line may see into (if a
    feature there holds an end; else any length) blocks. Flat features only (no hills)."""
    from shapely.geometry import Point

    line = LineString([a, b])
    length = line.length
    if length == 0:
        return False
    d = (np.asarray(b, float) - np.asarray(a, float)) / length
    normal = np.array([-d[1], d[0]]) * 1e-7
    blocking = [x for x in t.areas if x.blocks_los and not x.is_hill]
    cuts = {0.0, length}
    for area in blocking:
        met = line.intersection(area.geometry.boundary)
        for part in getattr(met, "geoms", [met]):
            cuts |= {line.project(Point(c)) for c in part.coords}
    cuts = sorted(cuts)
    along, beside = 0.0, set()
    for s0, s1 in zip(cuts, cuts[1:]):
        if s1 - s0 <= 1e-9:
            continue
        mid = np.asarray(line.interpolate((s0 + s1) / 2).coords[0])
        if any(x.geometry.contains(Point(mid)) for x in blocking):
            continue  # inside a feature: the ordinary rule's business
        left = [x for x in blocking if x.geometry.contains(Point(mid + normal))]
        right = [x for x in blocking if x.geometry.contains(Point(mid - normal))]
        if left and right:
            along += s1 - s0
            beside |= {x.id for x in left + right}
    held = any(x.id in beside and (x.geometry.covers(Point(a)) or x.geometry.covers(Point(b))) for x in blocking)
    return along > (see_into if held else 0.0) + 1e-9


# Woods drawn as a surveyor's map draws them: two abutting (a seam between), one drawn twice (no seam
# between the copies), a building nested against the inside of a wood's edge and a wood abutting
# both from outside, and a pair of copies abutting a third.
EDGY = TerrainIndex([
    TerrainArea("abut_w", "woods", box(2, 2, 4, 4), blocks_los=True),
    TerrainArea("abut_e", "woods", box(4, 2, 6, 4), blocks_los=True),
    TerrainArea("dup_a", "woods", box(2, 6, 4, 8), blocks_los=True),
    TerrainArea("dup_b", "woods", box(2, 6, 4, 8), blocks_los=True),
    TerrainArea("copse", "woods", box(7, 2, 10, 5), blocks_los=True),
    TerrainArea("hut", "building", Polygon([(7, 2), (10, 2), (8.5, 3.5)]), blocks_los=True),
    TerrainArea("below", "woods", box(7, 0, 10, 2), blocks_los=True),
    TerrainArea("twin_a", "woods", box(6, 6, 8, 8), blocks_los=True),
    TerrainArea("twin_b", "woods", box(6, 6, 8, 8), blocks_los=True),
    TerrainArea("beside", "woods", box(8, 6, 10, 8), blocks_los=True),
], 12, 10)


def test_a_line_along_an_edge_two_features_share_on_one_side_is_clear():
    """Beside open ground, a wood drawn twice or a building inside a wood's edge is no wall."""
    assert line_of_sight(EDGY, (1, 6), (5, 6)).clear  # along the copies' south edge, open ground south
    assert line_of_sight(EDGY, (3, 9), (3, 5)).clear is False  # through them
    assert not line_of_sight(EDGY, (4, 1), (4, 5)).clear  # along the abutting woods' seam
    assert not line_of_sight(EDGY, (6.5, 2), (10.5, 2)).clear  # the copse (and hut) against the wood below
    assert line_of_sight(EDGY, (6, 5), (11, 5)).clear  # along the copse's north edge: open ground north
    assert not line_of_sight(EDGY, (8, 5.5), (8, 8.5)).clear  # along the twins' seam with the wood beside


def surveyed(rng, count):
    """A lattice map as survey data draws it: half-inch lattice woods, each next one abutting a
    wood along an edge from outside, the same wood again, or a building against the inside of its
    edge."""
    out = []
    while len(out) < count:
        if len(out) % 4 == 0:
            x, y = rng.integers(0, 16, 2) / 2
            w, h = rng.integers(2, 7, 2) / 2
            out.append(("woods", box(x, y, x + w, y + h)))
            continue
        kind, wood = len(out) % 4, out[len(out) // 4 * 4][1]
        x0, y0, x1, y1 = wood.bounds
        if kind == 1:
            out.append(("woods", box(x1, y0, x1 + 1.5, y1)))  # abutting along the east edge
        elif kind == 2:
            out.append(("woods", wood))  # drawn again
        else:
            out.append(("building", Polygon([(x0, y0), (x1, y0), ((x0 + x1) / 2, y0 + 0.5)])))  # inside the south edge
    return TerrainIndex([TerrainArea(f"f{i}", k, g, blocks_los=True) for i, (k, g) in enumerate(out)], 12, 12)


@pytest.mark.parametrize("seed", range(6))
def test_every_line_on_a_surveyed_lattice_agrees_with_the_union_of_its_woods(seed):
    """With no see-into allowance on a flat table the rule reduces to this: a line is blocked
    exactly when it meets the interior of the woods' union (a seam lies inside the union, an edge
    shared on one side lies on its outline). Sixty lattice points, ends on edges and vertices
    among them, every line judged by the sight matrix (verdicts) and by Shapely."""
    import shapely

    rng = np.random.default_rng(seed)
    t = surveyed(rng, 16)
    pts = np.unique(rng.integers(0, 25, (60, 2)) / 2, axis=0)
    m = SightField(t, pts).matrix()
    ia, ib = np.triu_indices(len(pts), k=1)
    union = shapely.union_all(t.geoms)
    lines = shapely.linestrings(np.stack([pts[ia], pts[ib]], axis=1))
    truth = ~shapely.relate_pattern(union, lines, "T********")
    assert len(ia) >= 1000 and (~truth).any() and truth.any()  # the verdict path, both answers reached
    assert np.flatnonzero(m[ia, ib] != truth).tolist() == []


def test_a_footprint_drawn_again_with_the_same_facts_is_a_copy_and_still_named_in_the_way():
    """dup_b and twin_b repeat dup_a and twin_a: copies, left out of the verdicts' disks. A wood
    drawn over a building's footprint, or the same square as a field, is no copy. A fan still names
    both drawings among what blocks a line through them."""
    assert [EDGY.areas[f].id for f in np.flatnonzero(EDGY.copies)] == ["dup_b", "twin_b"]
    assert set(EDGY.sight_cores.feature) == set(EDGY.sight_hulls.feature) == set(range(len(EDGY))) - {3, 8}
    unlike = TerrainIndex([TerrainArea("a", "woods", box(0, 0, 2, 2), blocks_los=True),
                           TerrainArea("b", "building", box(0, 0, 2, 2), blocks_los=True, height=0.0),
                           TerrainArea("c", "fields", box(0, 0, 2, 2)),
                           TerrainArea("d", "woods", box(0, 0, 2, 2), blocks_los=True)], 4, 4)
    assert unlike.copies.tolist() == [False, True, False, True]  # the facts sight reads: blocks, height, ground
    field_ = SightField(EDGY, np.array([(3.0, 9.0), (3.0, 5.0)]))
    seen, blockers = field_.fan(0)
    assert not seen[1] and blockers.of(1) == ["dup_a", "dup_b"]


def test_only_segments_parallel_to_a_seam_are_looked_at_for_running_along_it():
    """A seam along the x axis and one at 30 degrees: a line is looked at when its direction is
    theirs (either way along it, and across the wrap of directions at 0 and pi), never when it
    leads elsewhere; a segment too short to have a direction always is."""
    import shapely

    c, s_ = math.cos(math.pi / 6), math.sin(math.pi / 6)
    t = TerrainIndex([TerrainArea("w", "woods", box(0, 0, 4, 2), blocks_los=True),
                      TerrainArea("e", "woods", box(0, -2, 4, 0), blocks_los=True),
                      TerrainArea("r1", "woods", shapely.affinity.rotate(box(10, 0, 14, 2), 30, origin=(10, 0)),
                                  blocks_los=True),
                      TerrainArea("r2", "woods", shapely.affinity.rotate(box(10, -2, 14, 0), 30, origin=(10, 0)),
                                  blocks_los=True)], 30, 30)
    assert len(t.seams.a) == 2
    start = np.array([(0.0, 0.0), (4.0, 0.0), (0.0, 0.0), (0.0, 0.0), (10.0, 0.0), (10 + 4 * c, 4 * s_),
                      (0.0, 0.0), (0.0, 0.0), (5.0, 5.0)])
    end = np.array([(4.0, 0.0), (0.0, 0.0), (-1.0, -1e-12), (-1.0, 1e-12), (10 + 4 * c, 4 * s_), (10.0, 0.0),
                    (1.0, 1.0), (1.0, 0.001), (5.0 + 1e-7, 5.0)])
    assert t.seams.may_run_along(start, end).tolist() == [True, True, True, True, True, True, False, False, True]


@given(st.lists(st.sampled_from([-1.0, 0.0, 0.5, 1.0, 2.0, 3.0, 1 / 3]), min_size=8, max_size=8))
@settings(max_examples=300, deadline=None)
def test_a_segment_meets_a_box_exactly_when_shapely_says_so(v):
    """The box test that picks the features a line may meet, against Shapely's own (closed box,
    level, upright and single-point segments included, corners and edges touched)."""
    import shapely

    from wgkit.geometry.sightlines import MARGIN, _meets_box

    ax, ay, bx, by, x0, y0, w, h = v
    x1, y1 = x0 + abs(w), y0 + abs(h)
    got = _meets_box(np.array([(ax, ay), (bx, by)]), np.array([0]), np.array([1]), np.array([[x0, y0, x1, y1]]))[0]
    segment = LineString([(ax, ay), (bx, by)]) if (ax, ay) != (bx, by) else shapely.points(ax, ay)
    assert got == shapely.intersects(box(x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN), segment)


@pytest.mark.parametrize("see_into", [0.0, 1.0])
def test_seams_agree_with_an_oracle_of_the_ground_beside_the_line_on_a_dense_lattice(see_into):
    """Every pair of points on a 1" lattice over the edgy map (including every line along a shared
    edge): the sight matrix agrees with the oracles (the ordinary rule, and the ground beside the
    line for seams) with no disagreement."""
    pts = [(float(x), float(y)) for x in range(0, 12) for y in range(0, 10)]
    policy = LosPolicy(see_into=see_into)
    m = SightField(EDGY, np.array(pts), policy).matrix()
    wrong = [(pts[i], pts[j]) for i in range(len(pts)) for j in range(i + 1, len(pts))
             if m[i, j] != (oracle_clear(EDGY, pts[i], pts[j], see_into)
                            and not seam_blocked(EDGY, pts[i], pts[j], see_into))]
    assert wrong == []


# -- every reason a sight line gives, worked out by hand on the test table -------------------------
TALL_W = TerrainArea("tall_w", "hill", box(40, 20, 45, 25), blocks_los=True, height=2.0)
LOW = TerrainArea("low", "hill", box(48, 15, 52, 30), blocks_los=True, height=1.0)
TALL_E = TerrainArea("tall_e", "hill", box(55, 20, 60, 25), blocks_los=True, height=2.0)
ONE = LosPolicy(see_into=1)


@pytest.mark.parametrize("a, b, policy, crossing, said", [
    # through the wood from x = 10 to 20, neither end in it
    ((0, 5), (25, 5), LosPolicy(), ("wood", "woods", 10, 20, 10, None, True, "line passes through it"),
     'blocked at 25.0"; wood (woods) 10.0-20.0": line passes through it'),
    # both ends 8" apart inside the wood: more than the 1" one may see into it
    ((11, 5), (19, 5), ONE, ("wood", "woods", 0, 8, 8, "both", True,
                             'holds both ends; the line runs more than the 1" one can see into it'),
     'blocked at 8.0"; wood (woods) 0.0-8.0": holds both ends; the line runs more than the 1" one can see into it'),
    ((11, 5), (11.8, 5), ONE, ("wood", "woods", 0, 0.8, 0.8, "both", False,
                               'holds both ends; within the 1" one can see into it'),
     'clear at 0.8"; wood (woods) 0.0-0.8": holds both ends; within the 1" one can see into it'),
    # the target half an inch inside the wood's west edge; the observer 2" inside it, looking out
    ((0, 5), (10.5, 5), ONE, ("wood", "woods", 10, 10.5, 0.5, "target", False,
                              'holds the target; within the 1" one can see into it'),
     'clear at 10.5"; wood (woods) 10.0-10.5": holds the target; within the 1" one can see into it'),
    ((12, 5), (0, 5), ONE, ("wood", "woods", 0, 2, 2, "observer", True,
                            'holds the observer; the line runs more than the 1" one can see into it'),
     'blocked at 12.0"; wood (woods) 0.0-2.0": holds the observer; the line runs more than the 1" one can see into it'),
    # open fields never block: holding the observer or merely crossed
    ((0, 25), (20, 25), LosPolicy(), ("field", "fields", 0, 10, 10, "observer", False, "holds the observer; does not block sight"),
     'clear at 20.0"; field (fields) 0.0-10.0": holds the observer; does not block sight'),
    ((5, 15), (5, 40), LosPolicy(), ("field", "fields", 5, 15, 10, None, False, "does not block sight"),
     'clear at 25.0"; field (fields) 5.0-15.0": does not block sight'),
    # on the hill's top both ends are level ground; from either side of it, the hill stands between
    ((32, 5), (38, 5), LosPolicy(), ("hill", "hill", 0, 6, 6, "both", False, "hill holding both ends: its top is level ground"),
     'clear at 6.0"; hill (hill) 0.0-6.0": hill holding both ends: its top is level ground'),
    ((25, 5), (45, 5), LosPolicy(), ("hill", "hill", 5, 15, 10, None, True,
                                     "hill higher than the lower end, as high as the higher"),
     'blocked at 20.0"; hill (hill) 5.0-15.0": hill higher than the lower end, as high as the higher'),
    # the line from (0, 0) to (20, 20) meets the wood at its corner (10, 10) only
    ((0, 0), (20, 20), LosPolicy(), ("wood", "woods", 14.142, 14.142, 0, None, False, "line only touches its edge"),
     'clear at 28.3"; wood (woods) 14.1-14.1": line only touches its edge'),
])
def test_every_crossing_is_explained_with_where_who_and_why(a, b, policy, crossing, said):
    s = line_of_sight(TerrainIndex([WOOD, FIELD, HILL], 72, 48), a, b, policy)  # a fresh index: nothing remembered
    (c,) = s.crossings
    feature, kind, entry, exit_, inside, holds, blocks, why = crossing
    assert (c.feature, c.type, c.holds, c.blocks, c.why) == (feature, kind, holds, blocks, why)
    assert (c.entry, c.exit, c.inside) == pytest.approx((entry, exit_, inside), abs=1e-3)
    assert s.clear is not blocks and s.blockers == ((feature,) if blocks else ())
    assert s.explain() == said


def test_two_hilltops_see_over_a_lower_hill_between_them():
    """Both ends stand on 2-level hills; the 1-level hill between is lower than both: seen over."""
    s = line_of_sight(TerrainIndex([WOOD, FIELD, HILL, TALL_W, LOW, TALL_E], 72, 48), (42, 22), (58, 22))
    assert s.clear and (s.observer_level, s.target_level) == (2.0, 2.0)
    assert [(c.feature, c.holds, c.blocks, c.why) for c in s.crossings] == [
        ("tall_w", "observer", False, "hill holding the observer: its top is level ground"),
        ("low", None, False, "both ends see over it"),
        ("tall_e", "target", False, "hill holding the target: its top is level ground")]
    assert [x for c in s.crossings for x in (c.entry, c.exit)] == pytest.approx([0, 3, 6, 10, 13, 16])
    assert (s.observer_in, s.target_in) == (("tall_w",), ("tall_e",))


# -- a table's terrain index, built in the test from a scenario, worked out by hand ---------------
RIDGE_YAML = """
title: Index
ruleset: close_action
table: {width: 40, depth: 30}
terrain:
  - {id: ridge, type: hill, height: 1, rectangle: {center: [10, 10], size: [16, 12]}}
  - {id: crest, type: hill, height: 2, rectangle: {center: [10, 10], size: [4, 4]}}
  - {id: wood, type: woods, rectangle: {center: [14, 10], size: [4, 4]}}
  - {id: corn, type: fields, variant: full-grown, rectangle: {center: [30, 20], size: [6, 6]}}
  - {id: stubble, type: fields, variant: low, rectangle: {center: [30, 8], size: [6, 6]}}
  - {id: hedge, type: hedge, line: [[20, 0], [20, 30]], width: 0.5}
sides:
  - {id: a, name: A, role: attacker, units: [{id: u, kind: squad, figures: [{id: f, position: [1, 1]}]}]}
  - {id: b, name: B, role: defender, units: [{id: v, kind: squad, figures: [{id: g, position: [39, 29]}]}]}
"""


def test_a_scenarios_terrain_is_indexed_through_its_rulesets_table():
    """Close Action's house table: woods block sight with soft cover, full-grown fields block,
    low fields do not; a hill keeps its height, a hedge line is linear and blocks."""
    from wgkit.scenario import loads

    t = TerrainIndex.from_scenario(loads(RIDGE_YAML))
    got = [(a.id, a.type, a.blocks_los, a.cover, a.height, a.variant, a.linear) for a in t.areas]
    assert got == [("ridge", "hill", True, "none", 1.0, None, False), ("crest", "hill", True, "none", 2.0, None, False),
                   ("wood", "woods", True, "soft", 0.0, None, False),
                   ("corn", "fields", True, "soft", 0.0, "full-grown", False),
                   ("stubble", "fields", False, "none", 0.0, "low", False),
                   ("hedge", "hedge", True, "soft", 0.0, None, True)]
    assert (t.width, t.depth, len(t)) == (40.0, 30.0, 6) and t.by_id["hedge"] == 5
    # ground level: the crest stands 2 (heights are absolute), the rest of the ridge 1, the plain 0
    assert list(t.elevation([(10, 10), (5, 10), (30, 20), (12, 10)])) == [2.0, 1.0, 0.0, 2.0]
    # a wood on the ridge stands on its level; hills themselves stand on the ground
    assert list(t.base) == [0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    assert [a.id for a in t.at(12, 10)] == ["ridge", "crest", "wood"]  # on the crest's and wood's shared edge
    inside = t.covers([(12, 10), (10, 10)], interior=True)
    assert inside[:, 0].tolist() == [True, False, False, False, False, False]  # on two edges: strictly in the ridge only
    assert t.covers([(12, 10)])[:, 0].tolist() == [True, True, True, False, False, False]
    assert inside[:, 1].tolist() == [True, True, False, False, False, False]


def test_touching_blocking_features_share_a_seam_and_hills_do_not():
    """A barn set against the wood's east edge (x = 16, y 9-11) makes a seam 2" long; the wood's
    west edge lies on the crest's, but the crest is a hill and makes none."""
    from wgkit.scenario import loads

    barn = "  - {id: barn, type: buildings, rectangle: {center: [18, 10], size: [4, 2]}}\n"
    t = TerrainIndex.from_scenario(loads(RIDGE_YAML.replace("  - {id: corn", barn + "  - {id: corn")))
    seams = t.seams
    pairs = sorted(tuple(sorted((t.areas[a].id, t.areas[b].id))) for a, b in zip(seams.a, seams.b))
    assert pairs == [("barn", "wood")]
    assert [round(line.length, 6) for line in seams.lines] == [2.0]


def test_what_stands_at_a_point_is_its_footprint_not_its_bounding_box():
    from shapely.geometry import Point

    hill = TerrainArea("knoll", "hill", Point(10, 10).buffer(3), height=2)
    terrain = TerrainIndex([hill], 30, 30)
    # (12.8, 12.8) lies inside the knoll's bounding box but 3.96" from its centre: off the hill
    assert [a.id for a in terrain.at(10, 10)] == ["knoll"] and terrain.at(12.8, 12.8) == []
    assert terrain.elevation(np.array([[10, 10], [12.8, 12.8]])).tolist() == [2, 0]


def test_a_table_without_area_terrain_is_flat_and_open():
    bare = TerrainIndex([], 24, 24)
    assert bare.at(5, 5) == [] and bare.covers(np.array([[5, 5]])).shape == (0, 1)
    assert bare.elevation(np.array([[5, 5]])).tolist() == [0] and bare.base.shape == (0,)


def test_a_scenario_index_skips_hedges_along_cell_edges_and_keeps_what_follows():
    from wgkit.geometry.terrain import finite_point

    # Hedgerows near Saint-Lô lists three hedgerows on cell edges before its area terrain
    terrain = TerrainIndex.from_scenario(load(ROOT / "scenarios/company_fire/hedgerows_of_normandy.yaml"))
    assert "bocage_mid" not in terrain.by_id and {"farm", "orchard", "wheat"} <= set(terrain.by_id)
    with pytest.raises(ValueError, match=r"^point: expected two finite coordinates"):
        finite_point((math.inf, 1))


def test_a_sight_field_weighs_pieces_and_terrain_together():
    copse = TerrainArea("copse", "woods", box(8, 18, 12, 22), blocks_los=True, cover="woods")
    terrain = TerrainIndex([copse], 30, 30)
    # pairs along y = 0 (a figure between them), y = 10 (figures only at the two ends) and
    # y = 20 (the copse between them, no figure)
    eyes = np.array([[0, 0], [20, 0], [0, 10], [20, 10], [0, 20], [20, 20]])
    pieces = Pieces.of([("mid", 10, 0.2, 0.5), ("left", 0, 10, 0.5), ("right", 20, 10, 0.5)])
    field = SightField(terrain, eyes, LosPolicy(pieces_block=True), pieces)
    m = field.matrix()
    assert (m[0, 1], m[2, 3], m[4, 5]) == (False, True, False)
    assert field.between([0, 2, 4], [1, 3, 5]).diagonal().tolist() == [False, True, False]
    unblocked = SightField(terrain, eyes, LosPolicy(), pieces).matrix()  # figures do not block
    assert (unblocked[0, 1], unblocked[2, 3], unblocked[4, 5]) == (True, True, False)


def test_points_that_are_not_finite_are_named_in_the_error():
    t = TerrainIndex([], 30, 30)
    with pytest.raises(ValueError, match="^observer: expected two finite"):
        sight_between(t, [(math.nan, 1)], [(2, 2)])
    with pytest.raises(ValueError, match="^target: expected two finite"):
        sight_between(t, [(1, 1)], [(2, math.inf)])
    with pytest.raises(ValueError, match="^target: expected two finite"):
        line_of_sight(t, (1, 1), (math.nan, 2))
    with pytest.raises(ValueError, match="^observer positions must be finite numbers$"):
        SightField(t, np.array([[1, 1], [math.nan, 2]]))


def test_moving_an_observer_into_a_wood_onto_its_edge_or_up_a_hill_sees_as_one_placed_there():
    # the observer's own features (the wood it stands in, the hill it is on) are worked out again
    # when it moves: a field moved there answers as a field built there
    wood = TerrainArea("wood", "woods", box(10, 10, 20, 20), blocks_los=True, cover="woods")
    hill = TerrainArea("hill", "hill", box(30, 0, 40, 10), blocks_los=True, height=2.0)
    t = TerrainIndex([wood, hill], 60, 40)
    # on the wood's edge, the observer sees out west to (0, 15); up the hill it sees over the wood
    pts = np.array([[5.0, 15.0], [25.0, 15.0], [45.0, 5.0], [25.0, 5.0], [15.0, 30.0], [0.0, 15.0], [2.0, 17.0]])
    policy = LosPolicy(see_into=2.0)
    for to in [(15.0, 15.0), (10.0, 15.0), (11.0, 15.0), (35.0, 5.0), (50.0, 30.0)]:
        f = SightField(t, pts.copy(), policy)
        m = f.matrix()
        f.move(0, to, m)
        moved = pts.copy()
        moved[0] = to
        assert (m == SightField(t, moved, policy).matrix()).all(), to


def test_a_figure_beyond_either_end_of_a_line_does_not_block_it():
    # figures block a line only where they stand between its ends: one 2" beyond the target or
    # behind the observer on the same line, further than its 0.5" from either end, does not
    t = TerrainIndex([], 40, 40)
    eyes = np.array([[5.0, 7.0], [15.0, 7.0]])
    for where, blocks in [((17.0, 7.0), False), ((3.0, 7.0), False), ((10.0, 7.0), True), ((10.0, 7.6), False)]:
        pieces = Pieces.of([("x", *where, 0.5)])
        sight = line_of_sight(t, eyes[0], eyes[1], LosPolicy(pieces_block=True), pieces)
        assert sight.clear is not blocks, where
        assert sight.explain() == ("blocked at 10.0\"; pieces in the way: x" if blocks else "clear at 10.0\"")


def test_only_a_hill_is_indexed_with_a_height_and_a_hill_of_height_0_is_level_ground():
    from tests.conftest import load_edited

    def heights(d):
        d["terrain"][0]["height"] = 0  # Hill 112, flattened
        d["terrain"][1]["height"] = 3  # the crest wood: a height means nothing to a wood
    t = TerrainIndex.from_scenario(load_edited(ROOT / "scenarios/eagles/hill_112.yaml", heights))
    i, w = t.by_id["hill112"], t.by_id["crest_wood"]
    assert (t.height[i], t.height[w], bool(t.is_hill[i]), bool(t.is_hill[w])) == (0.0, 0.0, False, False)


def test_crossings_of_no_lines_or_past_no_features_are_none():
    # the many-observer search with nothing to look at: no lines left open, or no feature's hull
    from wgkit.geometry.sightlines import Bearings, Disks, EdgeSet, crossings

    t = TerrainIndex([WOOD], 72, 48)
    use = t.blocks | t.is_hill
    pts = np.array([(5.0, 5.0), (40.0, 5.0)])
    edges, holds = EdgeSet.of(t.geoms, use), t.covers(pts)
    none = np.zeros(0, dtype=int)
    for ia, ib, hulls in [(none, none, Disks.hulls(t.geoms, use)),
                          (np.array([0]), np.array([1]), Disks.hulls(t.geoms, np.zeros(len(t), dtype=bool)))]:
        c = crossings(pts, ia, ib, Bearings.of(pts, ia, ib), hulls, edges, holds)
        assert (c.line.tolist(), c.poly.tolist(), c.t.tolist()) == ([], [], [])


def test_the_features_a_way_crosses_in_the_terrain_lists_order():
    # the wood spans x 10-20 (y 0-10), the hill x 30-40: a way along y = 5 from x 45 back to 5
    # crosses both, listed as the terrain lists them; a way of no length finds what stands there
    assert [a.id for a in T.crossed((45, 5), (5, 5))] == ["wood", "hill"]
    assert [a.id for a in T.crossed((15, 5), (15, 5))] == ["wood"]
    assert [a.id for a in T.crossed((0, 15), (60, 15))] == []
    assert [a.id for a in T.crossed((5, 25), (5, 40))] == ["field"]  # starting inside counts
