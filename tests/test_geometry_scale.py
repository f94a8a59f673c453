"""Ground scale: table inches to metres, yards and cells, worked by hand."""

import pytest

from wgkit.facts.scale import METRES_PER_YARD, GroundScale, cells


def test_inches_to_ground_and_back_in_the_scales_own_unit():
    s = GroundScale(10, "m")  # Easy Company
    assert s.to_ground(7) == 70.0 and s.to_inches(40) == 4.0


def test_another_unit_is_converted_through_metres():
    yards = GroundScale(100, "yd")  # Eagles: 1" = 100 yd
    assert yards.convert(3, "m") == pytest.approx(274.32)  # 300 yd x 0.9144
    assert yards.convert(3, "yd") == pytest.approx(300)
    assert yards.to_inches(914.4, "m") == pytest.approx(10)  # 914.4 m = 1000 yd = 10"
    assert yards.to_inches(500, "yd") == pytest.approx(5)
    metres = GroundScale(7.5, "m")  # Company Fire: a 45 m square is 6"
    assert metres.to_inches(45) == pytest.approx(6) and metres.to_inches(45, "m") == pytest.approx(6)
    assert metres.to_inches(50, "yd") == pytest.approx(50 * METRES_PER_YARD / 7.5)


def test_a_scale_says_itself_in_words():
    assert GroundScale(10, "m").describe() == '1" = 10 m'
    assert GroundScale(7.5, "m").describe() == '1" = 7.5 m'
    assert GroundScale(4, "yd").describe() == '1" = 4 yd'


@pytest.mark.parametrize("per, unit, says", [(10, "ft", "ground unit must be one of ['m', 'yd'], not 'ft'"),
                                             (0, "m", "ground scale must be positive"),
                                             (-4, "yd", "ground scale must be positive")])
def test_an_impossible_scale_is_refused(per, unit, says):
    with pytest.raises(ValueError) as err:
        GroundScale(per, unit)
    assert str(err.value) == says


def test_inches_to_cells():
    assert cells(18, 6) == 3 and cells(3, 6) == 0.5
