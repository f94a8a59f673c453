"""Eagles' forms carry what is chosen in them to the rule and explain it before any roll: a move
through the menu (2.0: infantry at code A, 4"), a battery assigned (3.0 phase A), a suicide
squad's assault modifier (5.2: -30), a drop zone drawn as its 4" CD (1.8) and a shift order's
yards (3.1)."""

from __future__ import annotations

import math

import pytest

from tests.conftest import dotted
from tests.eagles.helpers import game, unit
from tests.eagles.test_actions_menu import form, menu
from wgkit.engine import IllegalActionError


def test_a_move_through_the_form_goes_exactly_as_far_as_its_code_allows():
    g = game(step="Infantry movement")
    move = menu(g)["move"]
    assert move.explain(g, {"unit": "dcli_a", "to": (30, 12)}) == ["code A", '4"']
    assert move.odds(g, {"unit": "dcli_a", "to": (30, 12)}) is None
    move.resolve(g, {"unit": "dcli_a", "to": (30, 12)})  # from (30, 8): 4"
    assert g.state["pieces"]["dcli_a1"]["position"] == [30, 12]
    with pytest.raises(IllegalActionError, match=r"^dcli_b may move 4\""):
        menu(g)["move"].resolve(g, {"unit": "dcli_b", "to": (60, 60)})


@pytest.mark.parametrize("role", ["barrage", "support"])
def test_a_battery_is_assigned_through_the_form(role):
    g = game(step="Assign artillery")
    assign = menu(g)["assign"]
    assert form(assign) == [("unit", "choice", "battery", ("field_regt",), None, ""),
                            ("role", "choice", "to", ("barrage", "support"), None, "")]
    assert assign.odds(g, {"unit": "field_regt", "role": role}) is None
    e = assign.resolve(g, {"unit": "field_regt", "role": role})
    assert (e.text, dotted(e)) == (f"field_regt assigned to {role}", (("units.field_regt.status.role", role),))


def test_a_suicide_squad_is_told_what_it_takes_on():
    def guards(d):
        unit(d, "pzgren")["rules"].update(unit_type="SMG", formation="waffen_ss", year=1945)

    g = game(step="Infantry movement", edit=guards)
    suicide = menu(g)["suicide"]
    assert suicide.explain(g, {"unit": "pzgren"}) == ["it must assault the nearest enemy this turn; -30 to its assault roll"]
    assert suicide.odds(g, {"unit": "pzgren"}) is None


def test_a_drop_zone_is_drawn_as_its_4_inch_cd_and_each_way_down_explained():
    g = game(step="Aircraft movement and AA fire", edit=lambda d: unit(d, "dcli_a")["rules"].update(airborne=True))
    drop = menu(g)["drop"]
    shapes = drop.preview(g, {"unit": "dcli_a", "point": (20, 20), "how": "day drop"})
    assert [s.text for s in shapes if s.kind == "text"] == ["drop zone (4\" CD)"]
    ring = next(s for s in shapes if s.kind != "text")
    xs, ys = ring.points[:, 0], ring.points[:, 1]
    assert (xs.min(), xs.max(), ys.min(), ys.max()) == pytest.approx((18, 22, 18, 22), abs=0.01)  # 4" across
    assert drop.explain(g, {"how": "day drop"}) == ["scatter: 0.5\" x d6 by day", "direction: d12 (clock face)"]  # house
    assert drop.explain(g, {"how": "glider"}) == ["gliders land on the CD", "direction: d12 (clock face)"]


def test_a_shift_order_carries_its_yards_and_the_form_bounds_them():
    g = game(step="Adjust and call")
    call = menu(g)["call fire"]
    assert [(p.name, p.low, p.high) for p in call.params[3:5]] == [("add", -800, 800), ("right", -800, 800)]
    call.resolve(g, {"unit": "field_regt", "order": "fire", "point": (36, 32), "add": 0, "right": 0, "pattern": "spread"})
    e = call.resolve(g, {"unit": "field_regt", "order": "shift", "point": (0, 0), "add": 200, "right": -100,
                         "pattern": "converged"})
    mission = g.state["vars"]["eg"]["missions"]["field_regt"]
    assert (mission["order"], mission["pattern"], mission["due"]) == ("shift", "converged", 2)  # a shift lands next turn
    # 200 yd added and 100 left, at right angles: sqrt(200² + 100²) = 223.6 yd, 2.236" at 1" = 100 yd
    assert math.dist(mission["aim"], (36, 32)) == pytest.approx(math.sqrt(5), abs=0.01)
    assert e.text == f"field_regt: shift at ({mission['aim'][0]:g}, {mission['aim'][1]:g}), converged, lands turn 2"


@pytest.mark.parametrize("to", [(30, 9), (30, 8)])
def test_a_suppressed_unit_moves_not_an_inch(to):
    """1.6: suppressed units cannot move: an allowance of 0", so not 1" and not even on the spot."""
    from wgkit.rules import situation_of
    from wgkit.rules.eagles import movement as MV

    g = game(step="Infantry movement")
    situation_of(g).suppressed("dcli_a")
    with pytest.raises(IllegalActionError, match=r"^dcli_a may move 0\" \(suppressed units cannot move \(1\.6\)\)"):
        MV.resolve_move(g, "dcli_a", to)  # from (30, 8)


def test_close_combat_allows_four_quarter_segments_and_no_fifth():
    from tests.eagles.helpers import put
    from wgkit.rules.eagles import movement as MV

    g = game(step="Cross-country movement")
    put(g, "churchills", 36, 27)
    put(g, "tigers", 40, 31)
    e = MV.resolve_hold(g, "churchills")
    assert (e.kind, e.detail["rule"]) == ("hold", "Sequence of Play (close combat)")
    assert dotted(e) == (("units.churchills.status.quarters", 4), ("units.churchills.status.held", True),
                         ("vars.eg.last_quarter", "uk"))  # its side has taken a quarter segment: the other side next
    with pytest.raises(IllegalActionError, match="^churchills has used its four quarter segments this turn$"):
        MV.resolve_move(g, "churchills", (36, 28))


def test_a_unit_without_a_movement_code_moves_as_infantry_or_as_a_vehicle():
    """2.0: the scenario gives each unit its code; without one, foot units are code A, vehicles C."""
    from wgkit.rules.eagles import movement as MV

    def no_codes(d):
        for uid in ("dcli_a", "tigers"):
            unit(d, uid)["rules"].pop("move_code", None)

    g = game(edit=no_codes)
    assert (MV.code(g, "dcli_a"), MV.code(g, "tigers")) == ("A", "C")


BATTERY = (34, -10)  # fr_112 at (34, 1), off the near edge: 1000 yd (10") behind it (3.1)


@pytest.mark.parametrize("add, right", [(200, 0), (-200, 0), (0, 100), (0, -100), (1, 0), (0, 1), (800, -800)])
def test_a_shift_adds_along_the_line_of_fire_and_goes_right_across_it(add, right):
    """3.1: a shift's add (+) or drop (-) runs along the line from the guns to the aim, right (+)
    or left (-) across it, 100 yd to the inch; up to 800 yd each way."""
    from wgkit.rules.eagles import barrage as B

    g = game(step="Adjust and call")
    B.call(g, "field_regt", "fire", (36, 32))
    B.call(g, "field_regt", "shift", None, add=add, right=right)
    d = math.dist(BATTERY, (36, 32))
    ux, uy = (36 - BATTERY[0]) / d, (32 - BATTERY[1]) / d
    aim = (36 + add / 100 * ux + right / 100 * uy, 32 + add / 100 * uy - right / 100 * ux)
    assert g.state["vars"]["eg"]["missions"]["field_regt"]["aim"] == [round(aim[0], 2), round(aim[1], 2)]


def test_a_shift_past_800_yards_is_refused():
    from wgkit.rules.eagles import barrage as B

    g = game(step="Adjust and call")
    B.call(g, "field_regt", "fire", (36, 32))
    with pytest.raises(IllegalActionError, match="^a shift is at most 800 yards in each direction$"):
        B.call(g, "field_regt", "shift", None, add=0, right=801)


@pytest.mark.parametrize("faces, diff, words", [
    ([5, 2], 1, "dcli_a wins; pzgren destroyed, dcli_a suppressed"),  # 5 + (4 - 2) against 2 + 4: by exactly one
    ([3, 1], 0, "a tie: both destroyed"),  # 3 + 2 against 1 + 4
    ([2, 1], -1, "pzgren wins; dcli_a destroyed, pzgren suppressed"),
])
def test_melee_is_won_by_a_single_point_and_a_suppressed_attacker_fights_at_two_less(faces, diff, words):
    """5.1: d10 + FP each (both FP 4), -2 for a suppressed unit; the higher total wins."""
    from tests.eagles.helpers import put
    from wgkit.rules.eagles import close as C

    g = game(seed=3)
    put(g, "dcli_a", 36, 31, suppressed=True)
    with g.table_dice(faces):
        e = C.resolve_melee(g, "dcli_a", "pzgren")
    assert (e.kind, e.text, e.detail["outcome"]) == ("melee", words, diff)
    assert [(m["name"], m["value"]) for m in e.detail["modifiers"]] == [("suppressed", -2)]
