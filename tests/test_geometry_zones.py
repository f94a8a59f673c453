"""Zones, templates, scatter and measurement."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import Point

from wgkit.geometry import measure, scatter, zones
from wgkit.facts.scale import GroundScale

finite = st.floats(-100, 100)


@given(finite, finite, st.floats(0.1, 20))
def test_a_zone_contains_its_centre(x, y, d):
    for z in (zones.blast_zone((x, y), d), zones.cd_disk((x, y)), zones.radius_zone((x, y), d)):
        assert zones.inside(z, np.array([[x, y]]))[0]


def test_blast_zone_diameter_and_membership():
    bz = zones.blast_zone((10, 10), 3)
    hits = zones.inside(bz, np.array([[11.49, 10], [11.51, 10], [10, 8.4]]))
    assert hits.tolist() == [True, False, False]
    assert zones.cd_disk((0, 0)).bounds == pytest.approx((-2, -2, 2, 2))


def test_annulus_excludes_minimum_range():
    ring = zones.annulus((0, 0), 8.1, 30)
    assert zones.inside(ring, np.array([[0, 8], [0, 8.2], [0, 29.9], [0, 31]])).tolist() == [False, True, True, False]


def test_arc_sector_45_degrees_either_side():
    arc = zones.arc_sector((0, 0), facing=0, half_angle=45, radius=50)
    assert zones.inside(arc, np.array([[0, 10], [9.9, 10], [10.1, 10], [0, -1]])).tolist() == [True, True, False, False]
    assert zones.in_arc((0, 0), 90, (10, 10)) and zones.in_arc((0, 0), 90, (10, -10))
    assert not zones.in_arc((0, 0), 90, (10, 10.01))


def test_danger_zone_widened_one_inch():
    dz = zones.danger_zone((0, 0), [(-2, 20), (2, 20)], widen=1)
    # at y = 10 the wedge spans x in [-1, 1]; widened by 1" it reaches just under 2" either side
    pts = np.array([[1.9, 10], [-1.9, 10], [2.1, 10], [0, 20.9], [0, 21.1], [0.9, -0.2], [0, -0.5]])
    assert zones.inside(dz, pts).tolist() == [True, True, False, True, False, False, False]  # none behind


def test_corridor_along_a_flight_path():
    c = zones.corridor([(0, 24), (72, 24)], 12)
    assert zones.inside(c, np.array([[36, 35.9], [36, 36.1], [36, 12]])).tolist() == [True, False, True]


def test_template_placed_and_rotated():
    t = zones.template([(-1, 0), (1, 0), (1, 6), (-1, 6)], at=(10, 10), rotation=90)
    assert t.bounds == pytest.approx((10, 9, 16, 11))


def test_scatter_by_clock_and_relative_to_line_of_fire():
    assert scatter.clock_bearing(3) == 90 and scatter.clock_bearing(12) == 0
    assert scatter.drift((0, 0), 90, 4) == pytest.approx((4, 0))
    firer, aim = (0, 0), (0, 10)
    assert scatter.drift_relative(aim, firer, "long", 2) == pytest.approx((0, 12))
    assert scatter.drift_relative(aim, firer, "short", 2) == pytest.approx((0, 8))
    assert scatter.drift_relative(aim, firer, "right", 2) == pytest.approx((2, 10))
    assert scatter.drift_relative(aim, firer, "left", 2) == pytest.approx((-2, 10))


def test_roll_off_shift():
    assert scatter.roll_off_shift(active_die=3, passive_die=5) == 2
    assert scatter.roll_off_shift(5, 3) == 0 and scatter.roll_off_shift(4, 4) == 0
    assert scatter.roll_off_shift(3, 5, by="score") == 5
    with pytest.raises(ValueError):
        scatter.roll_off_shift(0, 7)


def test_measure_and_ground_scale():
    assert measure.distance((0, 0), (3, 4)) == 5
    ca, ec = GroundScale(4, "yd"), GroundScale(10, "m")
    assert measure.describe(12, ca) == '12.0" (48 yd)'
    assert measure.ground(4, ec) == 40 and ec.to_inches(40) == 4
    assert measure.ground(10, GroundScale(100, "yd"), "m") == pytest.approx(914.4)
    a = measure.stand_outline((0, 0), (2, 1))
    b = measure.stand_outline((5, 0), (2, 1))
    assert measure.stand_distance(a, b) == pytest.approx(3)
    assert measure.stand_distance(a, b, "centre") == pytest.approx(5)
    turned = measure.stand_outline((0, 0), (2, 1), facing=90)
    assert turned.bounds == pytest.approx((-0.5, -1, 0.5, 1))


@pytest.mark.parametrize("call, says", [
    (lambda: zones.blast_zone((math.nan, 0), 3), "blast centre: expected two finite coordinates, got (nan, 0)"),
    (lambda: zones.blast_zone((0, 0), -1), "diameter must be a positive finite number, got -1"),
    (lambda: zones.radius_zone((0, 0), 0), "radius must be a positive finite number, got 0"),
    (lambda: zones.radius_zone((0, 1, 2), 3), "centre: expected two finite coordinates, got (0, 1, 2)"),
    (lambda: zones.annulus((0, 0), 5, 2), "annulus needs 0 <= inner < outer radius, got 5, 2"),
    (lambda: zones.annulus((0, 0), -1, 2), "annulus needs 0 <= inner < outer radius, got -1, 2"),
    (lambda: zones.annulus((0, 0), 1, math.inf), "outer radius must be a positive finite number, got inf"),
    (lambda: zones.arc_sector((0, 0), 0, half_angle=0), "half angle must be in (0, 180], got 0"),
    (lambda: zones.arc_sector((0, 0), 0, half_angle=181), "half angle must be in (0, 180], got 181"),
    (lambda: zones.arc_sector(("a", 0), 0), "arc origin: expected two finite coordinates, got ('a', 0)"),
    (lambda: zones.danger_zone((math.inf, 0), [(1, 1)]), "weapon front: expected two finite coordinates, got (inf, 0)"),
    (lambda: zones.danger_zone((0, 0), [(1, math.nan)]), "target: expected two finite coordinates, got (1, nan)"),
    (lambda: zones.danger_zone((0, 0), []), "danger zone needs at least one target figure"),
    (lambda: zones.danger_zone((0, 0), [(1, 1)], widen=-1), "widening must be a positive finite number, got -1"),
    (lambda: zones.corridor([(0, 0)], 2), "a corridor needs a path of at least two points"),
    (lambda: zones.corridor([(0, 0), (1, math.nan)], 2), "path point: expected two finite coordinates, got (1, nan)"),
    (lambda: zones.corridor([(0, 0), (1, 1)], 0), "half width must be a positive finite number, got 0"),
    (lambda: zones.template([(0, 0), (1, 1), (1, 0), (0, 1)], (0, 0)), "template outline must be a simple polygon with area"),
    (lambda: zones.template([(0, 0), (1, 0), (1, math.nan)], (0, 0)), "template vertex: expected two finite coordinates, got (1, nan)"),
    (lambda: zones.template([(0, 0), (1, 0), (1, 1)], (0, math.inf)), "template position: expected two finite coordinates, got (0, inf)"),
])
def test_bad_zone_input_is_refused_naming_what_is_wrong(call, says):
    with pytest.raises(ValueError) as err:
        call()
    assert str(err.value) == says


def test_an_unwidened_danger_zone_is_the_bare_wedge_ahead_of_the_weapon():
    bare = zones.danger_zone((0, 0), [(-2, 20), (2, 20)], widen=0)
    # at y = 10 the wedge spans x in [-1, 1] exactly; nothing widens it
    assert zones.inside(bare, np.array([[0.9, 10], [1.1, 10], [0, 20], [0, 20.5]])).tolist() == [True, False, True, False]
    default = zones.danger_zone((0, 0), [(-2, 20), (2, 20)])  # 1" either side unless told otherwise
    assert zones.inside(default, np.array([[1.9, 10], [2.1, 10]])).tolist() == [True, False]


def test_a_danger_zone_sideways_or_backwards_keeps_only_what_lies_ahead():
    # the target east of the weapon: the half-plane ahead is x >= 0 whichever way the wedge points
    east = zones.danger_zone((0, 0), [(20, -2), (20, 2)], widen=1)
    assert zones.inside(east, np.array([[10, 1.9], [10, -1.9], [-0.5, 0], [20.9, 0]])).tolist() == [True, True, False, True]
    south = zones.danger_zone((0, 0), [(-2, -20), (2, -20)], widen=1)
    assert zones.inside(south, np.array([[1.9, -10], [0, 0.5], [0, -20.9]])).tolist() == [True, False, True]


def test_arc_and_ring_at_their_boundaries():
    # a half angle of 180 is the whole circle; half a degree is a thin but valid arc; 45 by default
    whole = zones.arc_sector((0, 0), facing=0, half_angle=180, radius=10)
    assert zones.inside(whole, np.array([[0, -9.9], [9.9, 0], [0, 9.9]])).all()
    thin = zones.arc_sector((0, 0), facing=90, half_angle=0.5, radius=10)
    assert zones.inside(thin, np.array([[9, 0.05], [9, 0.2]])).tolist() == [True, False]  # tan 0.5 deg x 9 = 0.079
    default = zones.arc_sector((0, 0), facing=0)
    assert zones.inside(default, np.array([[600, 601], [600, 599], [0, 990]])).tolist() == [True, False, True]  # 45 deg, 1000" out
    # a ring from 0 is the whole disk; an inner radius under an inch is a ring; inner = outer is refused
    disk = zones.annulus((0, 0), 0, 5)
    assert zones.inside(disk, np.array([[0, 0], [0, 4.9]])).all()
    ring = zones.annulus((0, 0), 0.5, 5)
    assert zones.inside(ring, np.array([[0, 0.4], [0, 0.6]])).tolist() == [False, True]
    with pytest.raises(ValueError, match="annulus needs 0 <= inner < outer radius, got 5, 5"):
        zones.annulus((0, 0), 5, 5)


# -- the bounds of the dice and measures given to scatter and measure, each refused in words ------
@pytest.mark.parametrize("hour, bearing", [(1, 30), (6, 180), (11, 330), (12, 0)])
def test_every_clock_hour_from_1_to_12_is_a_bearing(hour, bearing):
    assert scatter.clock_bearing(hour) == bearing


@pytest.mark.parametrize("hour", [0, 13, -1])
def test_a_clock_hour_off_the_face_is_refused(hour):
    with pytest.raises(ValueError, match=rf"^clock direction must be 1\.\.12, got {hour}$"):
        scatter.clock_bearing(hour)


def test_a_drift_of_nothing_stays_and_a_negative_one_is_refused():
    assert scatter.drift((3, 4), 90, 0) == pytest.approx((3, 4))
    assert scatter.drift((3, 4), 90, 0.5) == pytest.approx((3.5, 4))
    with pytest.raises(ValueError, match="^drift distance cannot be negative$"):
        scatter.drift((3, 4), 90, -0.1)
    with pytest.raises(ValueError, match="^direction must be long, short, left or right, not 'up'$"):
        scatter.drift_relative((0, 10), (0, 0), "up", 2)


@pytest.mark.parametrize("active, passive, shift", [(1, 6, 5), (6, 6, 0), (5, 6, 1), (6, 5, 0), (1, 1, 0)])
def test_the_roll_off_moves_the_point_only_when_the_passive_die_is_higher(active, passive, shift):
    """Close Action, Firing: Grenades: the passive player moves the point by the amount his die
    beats the active one's; a tie or less leaves it."""
    assert scatter.roll_off_shift(active, passive) == shift


@pytest.mark.parametrize("faces", [(0, 3), (3, 0), (7, 3), (3, 7)])
def test_a_d6_face_off_the_die_is_refused(faces):
    with pytest.raises(ValueError, match=rf"^a d6 shows 1\.\.6, got {max(faces) if 7 in faces else 0}$"):
        scatter.roll_off_shift(*faces)


def test_the_allowance_is_met_to_a_twentieth_of_an_inch():
    assert measure.within_allowance(12.0, 12.0) and measure.within_allowance(12.05, 12.0)
    assert not measure.within_allowance(12.06, 12.0)
    assert measure.within_allowance(11.96, 12.0)


def test_a_bad_point_to_measure_is_named_in_the_error():
    with pytest.raises(ValueError, match=r"^a: expected two finite coordinates, got \(1, nan\)$"):
        measure.distance((1, math.nan), (0, 0))
    with pytest.raises(ValueError, match=r"^b: expected two finite coordinates, got \(1,\)$"):
        measure.distance((0, 0), (1,))
    with pytest.raises(ValueError, match=r"^stand centre: expected two finite coordinates"):
        measure.stand_outline((math.inf, 0), (2, 1))


def test_a_stand_turns_clockwise_to_its_facing():
    """A 2" x 1" base at (10, 10) facing 30 degrees (clockwise from the far edge): its front
    right corner, (11, 10.5) when facing 0, turns to (10 + cos 30 + 0.5 sin 30, 10 - sin 30 + 0.5 cos 30)."""
    corners = [tuple(round(v, 3) for v in c) for c in measure.stand_outline((10, 10), (2, 1), 30).exterior.coords]
    assert (11.116, 9.933) in corners


def test_bearings_from_a_point_off_the_origin_read_round_the_compass():
    # from (10, 20): 3" west and 3" south is south-west, 225 degrees; due west is 270
    assert zones.bearing((10, 20), (7, 17)) == pytest.approx(225)
    assert zones.bearing((10, 20), (4, 20)) == pytest.approx(270)
    assert zones.bearing((10, 20), (10, 25)) == pytest.approx(0)


def test_an_arc_across_north_takes_bearings_either_side_of_it():
    # facing 10 degrees, a point on bearing 350 is 20 degrees off: inside 20.5, outside 19.5
    point = zones.offset((5, 5), 350, 10)
    assert zones.in_arc((5, 5), 10, point, half_angle=20.5)
    assert not zones.in_arc((5, 5), 10, point, half_angle=19.5)


def test_an_annulus_from_nothing_or_from_one_inch():
    full = zones.annulus((0, 0), 0, 3)
    ring = zones.annulus((0, 0), 1, 3)
    assert full.area == pytest.approx(math.pi * 9, rel=0.01)  # the whole disk
    assert ring.area == pytest.approx(math.pi * (9 - 1), rel=0.01)  # 3" less the inner 1"
    with pytest.raises(ValueError, match="^centre: expected two finite coordinates"):
        zones.annulus((math.nan, 0), 1, 3)


def test_a_fire_arc_reaches_1000_inches_by_default_and_is_drawn_in_steps():
    arc = zones.arc_sector((0, 0), 0)
    assert arc.covers(Point(0, 999.9)) and not arc.covers(Point(0, 1000.5))
    # 32 steps a right angle: 45 degrees either side is 16 steps, 17 points on the rim, plus
    # the origin and the ring's closing point; at 5 degrees either side, at least 2 steps
    assert len(zones.arc_sector((0, 0), 0, 45).exterior.coords) == 1 + 17 + 1
    assert len(zones.arc_sector((0, 0), 0, 90).exterior.coords) == 1 + 33 + 1
    assert len(zones.arc_sector((0, 0), 0, 5).exterior.coords) == 1 + 3 + 1


def test_a_danger_zone_close_to_the_weapon_is_not_cut_short():
    # targets half an inch ahead of the weapon: the wedge reaches them, widened 1" beyond
    near = [(-0.25, 0.5), (0.25, 0.5)]
    assert zones.danger_zone((0, 0), near, widen=0).covers(Point(0, 0.4))
    assert zones.danger_zone((0, 0), near, widen=1).covers(Point(0, 1.2))


def test_a_danger_zone_is_widened_with_mitred_corners():
    # the wedge's corner at (1, 10), widened 1": the widened edges meet at (2.105, 11), so a
    # point 1.27" from the corner, between them, is in the zone (a rounded corner would miss it)
    zone = zones.danger_zone((0, 0), [(-1, 10), (1, 10)], widen=1)
    assert zone.covers(Point(1.9, 10.9)) and not zone.covers(Point(2.2, 10.9))


def test_a_corridor_ends_square_at_its_ends():
    strip = zones.corridor([(0, 0), (10, 0)], 1)
    assert strip.bounds == pytest.approx((0, -1, 10, 1))
    assert not strip.covers(Point(-0.5, 0))


def test_a_template_is_placed_unturned_by_default_and_must_be_a_simple_polygon():
    placed = zones.template([(0, 0), (2, 0), (2, 1), (0, 1)], (5, 5))
    assert placed.bounds == pytest.approx((5, 5, 7, 6), abs=1e-12)
    with pytest.raises(ValueError, match="simple polygon"):
        zones.template([(0, 0), (4, 0), (4, 4), (2, -1), (0, 4)], (0, 0))  # crosses itself, area 6


def test_equal_roll_off_dice_leave_the_blast_point_in_either_reading():
    # Firing: Grenades: the point moves only when the passive die is higher
    assert scatter.roll_off_shift(4, 4) == 0 and scatter.roll_off_shift(4, 4, by="score") == 0
    assert scatter.roll_off_shift(2, 5, by="score") == 5 and scatter.roll_off_shift(2, 5) == 3


def test_a_line_feature_covers_its_width_and_stops_square_at_its_ends():
    from wgkit.geometry.shapes import footprint

    wall = footprint({"line": [[0, 0], [10, 0]], "width": 1})  # 10" long, 1" wide, cut square
    assert (wall.area, wall.bounds) == (pytest.approx(10.0), pytest.approx((0, -0.5, 10, 0.5)))
    hedge = footprint({"line": [[0, 0], [0, 8]]})  # no width given: half an inch
    assert (hedge.area, hedge.bounds) == (pytest.approx(4.0), pytest.approx((-0.25, 0, 0.25, 8)))


@pytest.mark.parametrize("shape, value, ok", [
    ("polygon", [[0, 0], [4, 0], [4, 3]], True),
    ("polygon", [[0, 0], [4, 0]], False),  # a polygon needs three corners
    ("polygon", [[0, 0], [4, 0], [4, True]], False),  # a flag is not a number
    ("polygon", [[0, 0], [4, 0], [4, math.nan]], False),
    ("polygon", [[0, 0], [4, 0], [4, 3, 1]], False),  # points have two coordinates
    ("polygon", "0 0 4 0 4 3", False),
    ("line", [[0, 0], [4, 0]], True),
    ("line", [[0, 0]], False),  # a line needs two points
    ("rectangle", {"center": [5, 5], "size": [4, 2]}, True),
    ("rectangle", {"center": [5, 5], "size": [4, 2], "rotation": 30}, True),
    ("rectangle", {"center": [5, 5], "size": [4, 2], "rotation": "30"}, False),
    ("rectangle", {"center": [5, 5], "size": [4, 0]}, False),  # no width: nothing there
    ("rectangle", {"center": [5, 5], "size": [0.5, 0.5]}, True),  # small is fine
    ("rectangle", {"size": [4, 2]}, False),
    ("rectangle", {"center": [5, 5]}, False),
    ("rectangle", [[5, 5], [4, 2]], False),
    ("circle", {"center": [5, 5], "radius": 0.5}, True),
    ("circle", {"center": [5, 5], "radius": 0}, False),
    ("circle", {"center": [5, 5], "radius": "3"}, False),
    ("circle", {"radius": 3}, False),
    ("circle", [[5, 5], 3], False),
    ("edges", [[0, 0], [4, 0]], False),  # edges are a grid's, not a shape of the table
])
def test_a_shape_is_well_formed_only_with_the_data_it_needs(shape, value, ok):
    from wgkit.geometry.shapes import well_formed

    assert well_formed(shape, value) is ok


def test_a_rectangle_turns_about_its_centre_and_a_circle_is_smooth():
    from wgkit.geometry.shapes import feature_geometry

    turned = feature_geometry({"rectangle": {"center": [10, 5], "size": [4, 2], "rotation": 90}})
    assert turned.bounds == pytest.approx((9, 3, 11, 7))  # 4" wide along y now, about (10, 5)
    assert feature_geometry({"rectangle": {"center": [10, 5], "size": [4, 2]}}).bounds == pytest.approx((8, 4, 12, 6))
    circle = feature_geometry({"circle": {"center": [0, 0], "radius": 2}})
    assert len(circle.exterior.coords) == 4 * 32 + 1  # 32 segments a quarter
    with pytest.raises(ValueError, match="^feature has no area or line shape$"):
        feature_geometry({"edges": [[0, 0], [1, 0]]})
