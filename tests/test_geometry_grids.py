"""Square and hex grids: cells, neighbours, grid line of sight, rasterising."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, box

from wgkit.geometry.gridlos import edge_key, grid_los, rasterise_areas, rasterise_edges
from wgkit.geometry.grids import Grid, HexGrid, SquareGrid

SQ = SquareGrid(6, 48, 36)
FLAT = HexGrid(2, 30, 30, orientation="flat")
POINTY = HexGrid(2, 30, 30, orientation="pointy")


def test_square_cells_and_neighbours():
    assert (SQ.columns, SQ.rows) == (8, 6)
    assert SQ.cell_of(7, 1) == (1, 0) and SQ.cell_of(49, 1) is None
    assert sorted(SQ.neighbours((1, 1))) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert sorted(SQ.corner_neighbours((0, 0))) == [(1, 1)]
    assert SQ.distance((0, 0), (3, 2)) == 5


def test_square_neighbour_is_the_cell_whose_centre_lies_one_side_away():
    # N is +y, E is +x: the centre one cell size away across each side, worked out by hand
    grid = SquareGrid(2.5, 40, 30, origin=(1.0, 0.5))
    assert [grid.neighbour((3, 4), s) for s in "NESW"] == [(3, 5), (4, 4), (3, 3), (2, 4)]
    # cell (3, 4) spans x 8.5-11, y 10.5-13: its north edge is y = 13
    assert set(grid.edge((3, 4), "N").coords) == {(8.5, 13.0), (11.0, 13.0)}
    for cell in [(0, 0), (3, 4), (15, 11)]:
        for side in "NESW":
            assert grid.neighbour(cell, side) == Grid.neighbour(grid, cell, side)  # the general measure agrees
            assert set(grid.edge(cell, side).coords) == set(Grid.edge(grid, cell, side).coords)
            assert grid.side_towards(grid.neighbour(cell, side), cell) == {"N": "S", "S": "N", "E": "W", "W": "E"}[side]


@pytest.mark.parametrize("grid", [FLAT, POINTY], ids=["flat", "pointy"])
def test_hex_neighbours_are_six_at_one_hex_and_share_an_edge(grid):
    for cell in [(4, 4), (5, 4), (4, 5), (5, 5)]:  # odd and even columns and rows: the offset ones
        ns = grid.neighbours(cell)
        assert len(set(ns)) == 6
        for n in ns:
            assert grid.distance(cell, n) == 1
            assert math.dist(grid.center(cell), grid.center(n)) == pytest.approx(grid.size)  # across the flats
            side = grid.side_towards(cell, n)
            assert grid.edge(cell, side).length == pytest.approx(grid.radius)
            back = grid.side_names[(grid.side_names.index(side) + 3) % 6]
            assert grid.edge(cell, side).hausdorff_distance(grid.edge(n, back)) < 1e-9


@settings(max_examples=100)
@given(st.floats(0.5, 25), st.floats(0.5, 25))
def test_hex_cell_of_is_the_nearest_centre(x, y):
    for g in (FLAT, POINTY):
        c = g.cell_of(x, y)
        if c is not None:
            assert g.polygon(c).buffer(1e-6).contains(g.polygon(c).centroid)
            assert g.polygon(c).buffer(1e-6).covers(LineString([(x, y), (x, y)]))


def test_square_los_through_cells():
    assert grid_los(SQ, (0, 0), (3, 0)).cells == ((1, 0), (2, 0))
    assert not grid_los(SQ, (0, 0), (3, 0), blocking_cells=[(1, 0)]).clear
    assert grid_los(SQ, (0, 0), (3, 0), blocking_cells=[(3, 0), (0, 0)]).clear  # end cells never block


def test_square_diagonal_exactly_through_corners():
    # (0,0) -> (2,2) passes exactly through the corners (6,6) and (12,12)
    s = grid_los(SQ, (0, 0), (2, 2))
    assert s.clear and s.cells == ((1, 1),)
    assert grid_los(SQ, (0, 0), (2, 2), blocking_cells=[(1, 0)]).clear  # one side only
    assert grid_los(SQ, (0, 0), (2, 2), blocking_cells=[(0, 1)]).clear  # the other side only
    assert not grid_los(SQ, (0, 0), (2, 2), blocking_cells=[(1, 0), (0, 1)]).clear  # both sides


def test_bocage_corner_rule():
    e_right, e_top = edge_key((0, 0), (1, 0)), edge_key((0, 0), (0, 1))
    assert grid_los(SQ, (0, 0), (1, 1), blocking_edges=[e_right]).clear  # one edge of the corner
    assert not grid_los(SQ, (0, 0), (1, 1), blocking_edges=[e_right, e_top]).clear  # both edges
    # an L of bocage around the side cell (1, 0) lies on one side of the diagonal: clear
    assert grid_los(SQ, (0, 0), (1, 1), blocking_edges=[e_right, edge_key((1, 0), (1, 1))]).clear
    # a straight hedge across the corner (edges on both sides of the line) blocks
    assert not grid_los(SQ, (0, 0), (1, 1), blocking_edges=[e_right, edge_key((0, 1), (1, 1))]).clear


def test_bocage_edge_crossed_blocks():
    s = grid_los(SQ, (0, 0), (0, 2), blocking_edges=[edge_key((0, 0), (0, 1))])
    assert not s.clear and s.edges_crossed == (edge_key((0, 0), (0, 1)),)


def test_hex_los_along_a_spine_blocked_only_when_both_sides_block():
    g = FLAT
    a = (2, 4)
    # flat-topped hexes: due east from (2,4) to (4,4) runs along the edge between (3,3) and (3,4)
    b = (4, 4)
    s = grid_los(g, a, b)
    assert s.clear and s.cells == ()
    assert grid_los(g, a, b, blocking_cells=[(3, 4)]).clear
    assert not grid_los(g, a, b, blocking_cells=[(3, 4), (3, 3)]).clear


def test_hex_los_straight_through_cells():
    s = grid_los(FLAT, (2, 2), (2, 6), blocking_cells=[(2, 4)])
    assert s.cells == ((2, 3), (2, 4), (2, 5)) and not s.clear


def test_off_grid_cell_is_a_value_error():
    with pytest.raises(ValueError, match="not on the 8 x 6 grid"):
        grid_los(SQ, (0, 0), (8, 0))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 40), st.floats(0, 30), st.floats(1, 8)), min_size=1, max_size=5))
def test_rasterised_shares_sum_to_one(boxes):
    areas = [(f"f{i}", ["woods", "fields", "buildings"][i % 3], box(x, y, x + s, y + s))
             for i, (x, y, s) in enumerate(boxes)]
    for cell in rasterise_areas(SQ, areas).values():
        assert sum(cell.shares.values()) == pytest.approx(1.0)
        assert cell.shares[cell.dominant] == max(cell.shares.values())


def test_rasterise_dominant_terrain_and_overlap():
    r = rasterise_areas(SQ, [("w", "woods", box(0, 0, 9, 6)), ("b", "buildings", box(3, 0, 6, 3))])
    assert r[(0, 0)].shares == pytest.approx({"woods": 0.75, "buildings": 0.25, "open": 0.0})
    assert r[(0, 0)].dominant == "woods" and r[(2, 0)].dominant == "open"


def test_rasterise_edges_from_a_line_along_cell_edges():
    edges = rasterise_edges(SQ, [("h", "bocage", LineString([(0, 12.3), (20, 12.2)]))])
    assert edges[edge_key((0, 1), (0, 2))] == ("bocage", "full", "h")
    assert edges[edge_key((3, 1), (3, 2))][1] == "partial"  # 2" of a 6" edge
    assert edge_key((0, 1), (1, 1)) not in edges  # crossing an edge is not running along it


def test_a_scenarios_grid_spec_becomes_its_grid():
    """``table.grid`` as a scenario writes it: squares of ``size`` inches from the table's corner
    (or from ``origin``); hexes flat-topped unless the spec says pointy."""
    from wgkit.geometry.grids import HexGrid, SquareGrid, grid_from_spec

    g = grid_from_spec({"type": "square", "size": 6}, 36, 30)
    assert isinstance(g, SquareGrid) and (g.size, g.columns, g.rows) == (6.0, 6, 5)  # 36" / 6, 30" / 6
    assert g.center((0, 0)) == (3.0, 3.0) and g.center((5, 4)) == (33.0, 27.0)
    shifted = grid_from_spec({"type": "square", "size": 6, "origin": [3, 0]}, 36, 30)
    assert shifted.center((0, 0)) == (6.0, 3.0) and shifted.columns == 5  # 33" left for whole squares
    hexes = grid_from_spec({"type": "hex", "size": 4}, 40, 30)
    assert isinstance(hexes, HexGrid) and hexes.size == 4.0 and hexes.orientation == "flat"
    assert (hexes.width, hexes.depth, hexes.origin) == (40, 30, (0.0, 0.0))
    pointy = grid_from_spec({"type": "hex", "size": 4, "orientation": "pointy", "origin": [1, 2]}, 40, 30)
    assert pointy.orientation == "pointy" and pointy.origin == (1, 2)


def test_grid_sight_says_what_blocks_it_in_words():
    """Centre to centre on 6" squares: a blocking cell on the line; a hedge crossed; a diagonal
    through a corner, blocked only when both sides of the corner block (a cell and a hedge count
    alike), each named."""
    from wgkit.geometry.gridlos import GridSight, grid_los
    from wgkit.geometry.grids import SquareGrid

    g = SquareGrid(6.0, 36, 36)
    assert grid_los(g, (1, 1), (1, 1)) == GridSight((1, 1), (1, 1), True, (), (), ())
    through = grid_los(g, (0, 0), (2, 0), [(1, 0)])  # a list is as good as a set
    assert (through.clear, through.cells, through.blocked_by) == (False, ((1, 0),), ("cell (1, 0)",))
    hedge = frozenset({(0, 0), (0, 1)})
    crossed = grid_los(g, (0, 0), (0, 2), (), [hedge])
    assert crossed.blocked_by == ("the edge between (0, 0) and (0, 1)",) and crossed.edges_crossed == (hedge,)
    one_side = grid_los(g, (0, 0), (2, 2), [(1, 0)])
    assert one_side.clear and one_side.cells == ((1, 1),) and one_side.edges_crossed == ()
    both = grid_los(g, (0, 0), (2, 2), [(1, 0), (0, 1)])
    assert both.blocked_by == ("corner at (6.0, 6.0): cell (0, 1), cell (1, 0) on both sides",)
    mixed = grid_los(g, (0, 0), (2, 2), [(1, 0)], [hedge])
    assert mixed.blocked_by == ("corner at (6.0, 6.0): the edge between (0, 0) and (0, 1), cell (1, 0) on both sides",)
    with pytest.raises(ValueError, match=r"cell \(6, 0\) is not on the 6 x 6 grid"):
        grid_los(g, (0, 0), (6, 0))


def test_a_cells_terrain_names_its_features_adds_shares_of_one_type_and_ties_go_to_the_terrain():
    """6" squares: cell (0, 0) spans x 0-6, y 0-6 (36 sq in)."""
    r = rasterise_areas(SQ, [
        ("w1", "woods", box(0, 0, 3, 3)),      # 9 sq in: a quarter
        ("edge", "fields", box(6, 0, 9, 6)),    # meets (0, 0) only along its edge: no share, not named
        ("w2", "woods", box(3, 3, 6, 6)),      # another quarter of woods
        ("half", "orchard", box(6, 6, 12, 9)),  # half of cell (1, 1), the other half open
    ])
    c = r[(0, 0)]
    assert c.cell == (0, 0) and c.features == ("w1", "w2")  # listed as the scenario lists them
    assert c.shares == pytest.approx({"woods": 0.5, "open": 0.5}) and c.dominant == "woods"  # a tie: not open
    d = r[(1, 1)]
    assert d.shares == pytest.approx({"orchard": 0.5, "open": 0.5}) and d.dominant == "orchard"
    assert d.features == ("half",) and r[(1, 0)].features == ("edge",) and r[(1, 0)].dominant == "fields"


@pytest.mark.parametrize("x0, x1, grade", [(0, 4.5, "full"), (0, 4.4, "partial"), (0, 1.5, "partial"), (0, 1.4, None)])
def test_an_edge_is_full_from_three_quarters_covered_and_partial_from_a_quarter(x0, x1, grade):
    """A hedge along y = 6 (between rows 0 and 1) from x0 to x1, on the first 6" edge: 4.5" is
    three quarters, 1.5" a quarter."""
    edges = rasterise_edges(SQ, [("h", "hedge", LineString([(x0, 6), (x1, 6)]))])
    got = edges.get(edge_key((0, 0), (0, 1)))
    assert (got[1] if got else None) == grade


def test_an_edge_counts_a_line_within_a_fifth_of_a_cell_of_it():
    near = rasterise_edges(SQ, [("h", "hedge", LineString([(0, 7.1), (6, 7.1)]))])  # 1.1" off: within 1.2"
    far = rasterise_edges(SQ, [("h", "hedge", LineString([(0, 7.3), (6, 7.3)]))])  # 1.3" off
    assert near[edge_key((0, 0), (0, 1))] == ("hedge", "full", "h") and edge_key((0, 0), (0, 1)) not in far
    slanted = rasterise_edges(SQ, [("h", "hedge", LineString([(0, 6), (6, 6.9)]))])  # drifts 0.9" over 6"
    assert slanted[edge_key((0, 0), (0, 1))][1] == "full"


@pytest.mark.parametrize("y0, y1, grade", [(6, 10.5, "full"), (6, 10.4, "partial"), (10.5, 12, "partial"), (6, 7.4, None)])
def test_a_hedge_along_a_column_edge_is_graded_by_the_length_it_covers(y0, y1, grade):
    """Along x = 6 between columns 0 and 1, on row 1's edge (y 6 to 12): 4.5" is three quarters."""
    edges = rasterise_edges(SQ, [("h", "hedge", LineString([(6, y0), (6, y1)]))])
    got = edges.get(edge_key((0, 1), (1, 1)))
    assert (got[1] if got else None) == grade


# -- hexes side by side, worked out by hand ---------------------------------------------------------
# Flat-topped: odd columns sit half a hex higher, so an even column's NE neighbour is in the same
# row and an odd column's one row up. Pointy-topped: odd rows sit half a hex to the right.
@pytest.mark.parametrize("orientation, cell, expected", [
    ("flat", (2, 2), {"N": (2, 3), "NE": (3, 2), "SE": (3, 1), "S": (2, 1), "SW": (1, 1), "NW": (1, 2)}),
    ("flat", (3, 2), {"N": (3, 3), "NE": (4, 3), "SE": (4, 2), "S": (3, 1), "SW": (2, 2), "NW": (2, 3)}),
    ("pointy", (2, 2), {"NE": (2, 3), "E": (3, 2), "SE": (2, 1), "SW": (1, 1), "W": (1, 2), "NW": (1, 3)}),
    ("pointy", (2, 3), {"NE": (3, 4), "E": (3, 3), "SE": (3, 2), "SW": (2, 2), "W": (1, 3), "NW": (2, 4)}),
], ids=["flat even", "flat odd", "pointy even", "pointy odd"])
def test_each_hex_side_leads_to_the_cell_worked_out_by_hand(orientation, cell, expected):
    grid = HexGrid(2, 30, 30, orientation=orientation)  # built here, so that the test is its constructor's too
    assert grid.side_names == tuple(expected)
    assert {s: grid.neighbour(cell, s) for s in grid.side_names} == expected
    # the sides' compass bearings: flat hexes have a north side, pointy ones a north-east side at 30
    assert grid.side_angles == ((0.0, 60.0, 120.0, 180.0, 240.0, 300.0) if orientation == "flat" else
                                (30.0, 90.0, 150.0, 210.0, 270.0, 330.0))


def test_a_hex_orientation_other_than_flat_or_pointy_is_refused():
    with pytest.raises(ValueError, match="^hex orientation must be flat or pointy, not 'round'$"):
        HexGrid(2, 30, 30, orientation="round")


@pytest.mark.parametrize("orientation, a, b, n", [
    ("flat", (0, 0), (2, 1), 2), ("flat", (0, 0), (3, 0), 3), ("flat", (0, 0), (0, 3), 3), ("flat", (1, 0), (1, 4), 4),
    ("pointy", (0, 0), (1, 3), 3), ("pointy", (0, 0), (3, 0), 3), ("pointy", (0, 1), (0, 0), 1),
    ("pointy", (3, 1), (0, 1), 3),
])
def test_hex_distance_counts_the_steps_of_the_shortest_path(orientation, a, b, n):
    """(0, 0) to (2, 1) on flat hexes: NE to (1, 0), NE again to (2, 1)."""
    grid = HexGrid(2, 30, 30, orientation=orientation)
    assert grid.distance(a, b) == grid.distance(b, a) == n


def test_the_four_corner_neighbours_of_a_square():
    assert sorted(SquareGrid(6, 48, 36).corner_neighbours((1, 1))) == [(0, 0), (0, 2), (2, 0), (2, 2)]
    assert sorted(SQ.corner_neighbours((7, 5))) == [(6, 4)]  # the far right corner of an 8 x 6 grid


R = 2 / math.sqrt(3)  # the centre-to-corner distance of a hex 2" across the flats


@pytest.mark.parametrize("orientation, point, cell", [
    ("flat", (R, 1.0), (0, 0)), ("flat", (2.5 * R, 2.0), (1, 0)), ("flat", (2.5 * R, 0.9), None),
    ("pointy", (1.0, R), (0, 0)), ("pointy", (2.0, 2.5 * R), (0, 1)), ("pointy", (31.0, 5.0), None),
])
def test_a_point_falls_in_the_hex_whose_centre_is_nearest_or_off_the_grid(orientation, point, cell):
    """A flat hex (0, 0) is centred at (R, 1); column 1 sits half a hex higher, at (2.5 R, 2): a
    point at (2.5 R, 0.9) is nearer the centre of (1, -1), off the grid."""
    assert HexGrid(2, 30, 30, orientation=orientation).cell_of(*point) == cell


def test_cells_run_row_by_row_from_the_near_left_and_squares_count_steps_through_edges():
    g = SquareGrid(6, 12, 18)
    assert list(g.cells()) == [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)]
    assert (g.distance((0, 0), (1, 2)), g.distance((1, 2), (0, 0)), g.distance((1, 0), (1, 0))) == (3, 3, 0)
    assert not g.contains_cell((2, 0)) and not g.contains_cell((0, 3)) and not g.contains_cell((-1, 0))
    assert g.contains_cell((1, 2))


def test_cells_of_grids_laid_from_an_origin_away_from_the_corner():
    # 6" squares from (30, 20): (40, 29) is 10" and 9" in, the second column and row
    squares = SquareGrid(6, 72, 60, (30, 20))
    assert squares.cell_of(40, 29) == (1, 1) and squares.cell_of(31, 21) == (0, 0)
    assert squares.cell_of(29, 29) is None  # west of the grid's first column
    # flat hexes 2" across the flats from (10, 10): corner radius R = 2/sqrt(3); column 1 (odd,
    # half a hex north) row 2 is centred R + 1.5R east and 1 + 2*2 + 1 north of the origin
    r = 2 / math.sqrt(3)
    flat = HexGrid(2, 30, 30, (10, 10), orientation="flat")
    assert flat.cell_of(10 + 2.5 * r + 0.05, 16 - 0.05) == (1, 2)
    # pointy hexes from (10, 10): row 1 (odd, half a hex east) column 2 is centred 1 + 2*2 + 1
    # east and R + 1.5R north of the origin
    pointy = HexGrid(2, 30, 30, (10, 10), orientation="pointy")
    assert pointy.cell_of(16 + 0.05, 10 + 2.5 * r - 0.05) == (2, 1)


def test_a_pointy_hex_is_centred_half_a_hex_and_a_corner_radius_in():
    r = 2 / math.sqrt(3)
    assert HexGrid(2, 30, 30, orientation="pointy").center((0, 0)) == pytest.approx((1, r))
    assert HexGrid(2, 30, 30, orientation="pointy").center((0, 1)) == pytest.approx((2, r + 1.5 * r))


def test_hex_distances_where_each_cube_axis_is_the_longest():
    flat = HexGrid(2, 30, 30, orientation="flat")
    # (0,0) to (1,1): north-east to (1,0), then north; cube differences (1, 1, -2)
    assert flat.distance((0, 0), (1, 1)) == 2
    # (0,4) to (1,2): south-east to (1,3), then south; cube differences (1, -2, 1)
    assert flat.distance((0, 4), (1, 2)) == 2
    # (0,0) to (2,0): two steps east along the zig-zag; cube differences (2, -1, -1)
    assert flat.distance((0, 0), (2, 0)) == 2


def test_square_distances_count_rows_and_columns():
    squares = SquareGrid(6, 48, 36)
    assert squares.distance((0, 1), (0, 3)) == 2 and squares.distance((1, 1), (3, 4)) == 5


def test_which_side_of_a_line_a_point_lies():
    from wgkit.geometry.gridlos import _side, _vertex

    # the line from (10, 2) towards (12, 8): (9, 5) lies to its left, (13, 5) to its right,
    # (11, 5) on it, and (10.9, 5) just left (cross product 2*3 - 6*0.9 = 0.6)
    a, b = (10, 2), (12, 8)
    assert [_side(a, b, p) for p in [(9, 5), (13, 5), (11, 5), (10.9, 5)]] == [1, -1, 0, 1]
    assert _vertex((1.5, 2.25)) == (1.5, 2.25)


def test_grid_sight_names_its_ends_and_both_cells_beside_a_spine():
    import re

    flat = HexGrid(2, 30, 30, orientation="flat")
    s = grid_los(flat, (2, 4), (4, 4), blocking_cells=[(3, 4), (3, 3)])
    assert (s.observer, s.target, s.clear) == ((2, 4), (4, 4), False)
    words = re.fullmatch(r"cells \((3, \d)\) and \((3, \d)\) on both sides of the line", s.blocked_by[0])
    assert words and {words[1], words[2]} == {"3, 3", "3, 4"}


def test_where_lines_run_along_one_edge_a_full_one_wins_and_only_graded_edges_are_kept():
    """A wall the whole length of the edge between (0, 0) and (0, 1) makes it full whichever comes
    first, a 2" stretch of bocage along it or a hedge 0.1" off; the edges the wall only touches at
    its end (x = 6) are not edges it runs along."""
    key = edge_key((0, 0), (0, 1))
    wall = ("wall", "wall", LineString([(0, 6), (6, 6)]))
    gap = ("gap", "bocage", LineString([(0, 6), (2, 6)]))
    hedge = ("hedge", "hedge", LineString([(0, 6.1), (6, 6.1)]))
    assert rasterise_edges(SQ, [wall])[key] == ("wall", "full", "wall") and set(rasterise_edges(SQ, [wall])) == {key}
    assert rasterise_edges(SQ, [gap])[key] == ("bocage", "partial", "gap")
    assert rasterise_edges(SQ, [gap, wall])[key] == ("wall", "full", "wall")
    assert rasterise_edges(SQ, [wall, gap])[key] == ("wall", "full", "wall")
    assert rasterise_edges(SQ, [wall, hedge])[key] == ("wall", "full", "wall")
