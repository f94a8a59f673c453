"""Eagles: in-direct barrage fire (3.1-3.8)."""

import pytest

from tests.eagles.helpers import game, put, unit
from wgkit.engine import IllegalActionError
from wgkit.odds import exact
from wgkit.rules import situation_of
from wgkit.rules.eagles import barrage as B
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import tables as T


def test_error_chart_and_direction():
    yards = exact(lambda c: B.error_roll(c)[0])
    assert [float(yards.p(v)) for v in (0, 50, 100, 150, 200)] == [0.3, 0.2, 0.2, 0.2, 0.1]
    direction = exact(lambda c: B.error_roll(c)[1])
    assert [float(direction.p(d)) for d in ("long", "right", "left", "short")] == [0.3, 0.2, 0.2, 0.3]
    hexes = exact(lambda c: B.error_roll(c, hex_map=True)[0])
    assert [float(hexes.p(v)) for v in (0, 1, 2, 3)] == [0.3, 0.2, 0.2, 0.3]
    assert float(exact(lambda c: B.error_roll(c, modifier=2)[0]).p(200)) == pytest.approx(0.3)  # 7, 8, 9 clamp to 200


def test_chance_to_hit_chart_by_pattern_guns_and_calibre():
    g = game()
    assert B.fp_class(g, "field_regt", "spread") == "W" and B.fp_class(g, "field_regt", "converged") == "Y"
    g = game(edit=lambda d: unit(d, "field_regt")["rules"].update(guns=4, calibre_mm=155))
    assert B.fp_class(g, "field_regt", "spread") == "X" and B.fp_class(g, "field_regt", "converged") == "X"
    g = game(edit=lambda d: unit(d, "field_regt")["rules"].update(guns=8, calibre_mm=105))
    assert B.pattern(g, "field_regt", "converged") == "spread" and B.fp_class(g, "field_regt", "spread") == "Y"
    g = game(edit=lambda d: (unit(d, "field_regt")["rules"].update(guns=8), d.setdefault("rules", {}).update(big_battery="converged")))
    assert B.pattern(g, "field_regt") == "converged"
    g = game(edit=lambda d: unit(d, "field_regt")["rules"].update(guns=2))
    assert B.pattern(g, "field_regt", "converged") == "spread"  # fewer than four guns: always spread
    assert T.INDIRECT_DICE["W"].value == 4 and T.INDIRECT_DICE["Y"].value == 8


def test_time_lapse_orders_and_shifts():
    g = game(step="Adjust and call")
    assert B.lapse(g, "field_regt") == 2  # UK
    e = B.call(g, "field_regt", "fire", (38, 34))
    assert L.eg(g)["missions"]["field_regt"]["due"] == 3 and "lands turn 3" in e.text
    B.call(g, "field_regt", "shift", add=200)
    # add 200 yd: 2" further along the line from the guns (off board: 1000 yd behind the edge, at
    # (34, -10)) through the aim at (38, 34)
    assert B.battery_point(g, "field_regt") == (34, -10)
    assert L.eg(g)["missions"]["field_regt"]["aim"] == pytest.approx([38.18, 35.99], abs=0.01)
    with pytest.raises(IllegalActionError, match="at most 800 yards"):
        B.call(g, "field_regt", "shift", right=900)
    B.call(g, "field_regt", "cease")
    assert L.eg(g)["missions"]["field_regt"] is None
    g = game(step="Adjust and call", edit=lambda d: d.setdefault("rules", {}).update(registration={"uk": [[40, 30]]}))
    B.call(g, "field_regt", "fire", reg=0)
    assert L.eg(g)["missions"]["field_regt"]["aim"] == [40, 30]
    with pytest.raises(IllegalActionError, match="no registration point 2"):
        B.call(g, "field_regt", "fire", reg=1)


def test_the_cd_zone_spread_and_converged():
    g = game()
    put(g, "dcli_a", 37.2, 33)
    assert sorted(B.zone(g, (36.5, 32.5), "spread")) == ["dcli_a", "pzgren"]  # both under the 4" CD
    assert B.zone(g, (36.5, 32.5), "converged") == ["pzgren"]  # only the unit nearest the centre
    assert B.zone(g, (30, 20), "spread") == []


def test_a_barrage_lands_after_the_lapse_with_drift_and_damage():
    g = game(seed=5, step="Adjust and call")
    B.call(g, "field_regt", "fire", (36, 32))
    with pytest.raises(IllegalActionError, match="lands on turn 3"):
        B.resolve(g, "field_regt")
    situation_of(g).turn(3)
    e = B.resolve(g, "field_regt")
    off = T.ERROR_YD[e.rolls[0].faces[0]].value
    assert e.detail["class"] == "W" and (("on target" in e.text) == (off == 0))
    assert L.eg(g)["impacts"]["field_regt"] == [round(v, 2) for v in e.detail["impact"]]


def test_indirect_hits_by_tpd_and_armour():
    g = game()
    dice, faces, star, reroll, zero = B.target_plan(g, "field_regt", "pzgren", "X")
    assert (dice, faces, star) == (7, frozenset({1}), True)  # X: 6 dice, +1 unprotected (house); CC: 1**
    dice, faces, star, reroll, zero = B.target_plan(g, "field_regt", "tigers", "Y")
    assert (dice, faces, star, zero) == (8, frozenset({1, 2}), False, True)  # hard rates as thin; BB 1,2


def test_counter_battery_only_suppresses_off_board_batteries():
    g = game()
    e = B.counter_battery(g, "tigers", "field_regt")
    assert L.status(g, "field_regt")["suppressed"] and not L.status(g, "field_regt").get("impaired") and e.kind == "counter-battery"
    g = game(edit=lambda d: unit(d, "field_regt")["rules"].update(off_board=False))
    with pytest.raises(IllegalActionError, match="not an off-board battery"):
        B.counter_battery(g, "tigers", "field_regt")


def test_naval_guns_four_175mm_spread_far_off_and_immune_to_counter_battery():
    g = game(edit=lambda d: unit(d, "field_regt")["rules"].update(naval=True, off_board=False))
    assert (B.guns(g, "field_regt"), B.calibre(g, "field_regt")) == (4, 175.0)
    assert B.pattern(g, "field_regt", "converged") == "spread" and B.fp_class(g, "field_regt", "spread") == "X"
    assert B.battery_point(g, "field_regt") == (34, -50)  # 5000 yd behind the near edge
    with pytest.raises(IllegalActionError, match="not an off-board battery open to counter-battery fire"):
        B.counter_battery(g, "tigers", "field_regt")


def test_at_most_ten_registration_points():
    from wgkit.scenario import ScenarioError

    points = [[10 + i, 30] for i in range(11)]
    with pytest.raises(ScenarioError, match=r"rules\.registration\.uk: at most 10 items, not 11"):
        game(edit=lambda d: d.setdefault("rules", {}).update(registration={"uk": points}))
    assert T.REGISTRATION_POINTS.value == 10


@pytest.mark.parametrize("nationality, turns", [
    ("germany", 2), ("france", 2), ("uk", 2), ("canada", 2),  # 3.2: "Germany, France, UK & Commonwealth, +2"
    ("us", 1),  # "USA = 1"
    ("minor_axis", 3), ("italy", 3), ("ussr", 3), ("japan", 3),  # "Minor Axis, Italy, USSR, Japan = 3"
    ("china", 4),  # "China = 4"
])
def test_every_nationality_the_text_names_can_be_chosen_and_has_its_time_lapse(nationality, turns):
    g = game(edit=lambda d: d["sides"][0].update(nationality=nationality))
    assert L.side(g, "field_regt") == g.scenario.sides[0].id and B.lapse(g, "field_regt") == turns


@pytest.mark.parametrize("nationality, mods", [
    ("germany", (-1, 0, 1, 2)), ("italy", (0, 1, 2, 3)), ("minor_axis", (0, 1, 2, 3)), ("china", (0, 1, 2, 3)),
    ("us", (-1, 0, 1, 2)), ("uk", (-1, 0, 1, 2)), ("france", (-1, 0, 1, 2)),
])
def test_advanced_error_modifiers_by_nationality(nationality, mods):
    # 3.3 Advanced: ranges 0-2000, 2001-5000, 5001-10000, 10001+ yards
    assert tuple(m.value for m in T.ERROR_MODS[nationality]) == mods


def test_a_side_with_artillery_but_no_nationality_is_refused_never_defaulted():
    from wgkit.scenario import ScenarioError

    with pytest.raises(ScenarioError, match=r"sides\[0\]: give the side a nationality: its artillery "
                                            r"\(field_regt\) waits a time lapse that depends on it \(3\.2\)"):
        game(edit=lambda d: d["sides"][0].pop("nationality"))
    g = game(edit=lambda d: d["sides"][1].pop("nationality"))  # the Germans have no artillery here
    with pytest.raises(IllegalActionError, match="has no nationality, which this rule needs"):
        L.nationality(g, g.scenario.sides[1].id)
