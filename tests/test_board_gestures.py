"""Issue 45: the umpire's gestures on the board. A click the form cannot take chooses the action
that can; a drag onto an enemy makes the dragged piece act on it; a Shift-box or a finger held on
a figure chooses pieces that then move as one; a side's page proposes a unit's move whole."""

import pytest

from tests.conftest import ROOT
from wgkit.widgets import UmpireApp
from wgkit.widgets import board as B

FARM = ROOT / "scenarios/close_action/hedgerow_farm.yaml"
SQ1 = {"sgt1": (20, 6), "bar1": (18, 6), "r1": (22, 6), "r2": (24, 6), "r3": (26, 6), "r4": (16, 6)}  # the farm's file


def at(app, step):
    app = app or UmpireApp.open(FARM, seed=7)
    while app.game.current_step().name != step:
        app.turn.next.click()
    return app


def px(app, x, y):
    return app.board.canvas.to_px([[x, y]])[0]


def drag(app, start, end, shift=False):
    b = app.board
    b.on_down(*px(app, *start), shift)
    b.on_move(*px(app, *end))
    b.on_up(*px(app, *end))


def form(app):
    return app.actions.choice.value, {k: w.value for k, w in app.actions.inputs.items()}


def test_a_click_on_a_friend_the_form_has_no_place_for_chooses_its_action():
    app = at(None, "Fire")
    app.actions.choice.value = "mortar"  # the mortar's own form: r1 is not its firer
    drag(app, (22, 6), (22, 6))
    assert form(app) == ("fire", {"unit": "sq1", "target": "gsec", "aim": "all", "weapon": "none"})


def test_a_click_on_an_enemy_where_the_form_aims_at_a_point_aims_there():
    app = at(None, "Fire")
    app.actions.choice.value = "mortar"
    drag(app, (29, 26), (29, 26))  # Krebs
    assert form(app) == ("mortar", {"firer": "mortar", "point": "29.0, 26.0"})


def test_a_click_on_an_enemy_turns_the_move_form_into_the_actors_fire():
    """Easy Company's attacker moves and fires in one step: the move form holds a figure; a click
    on an enemy it may fire at makes the fire form, with that figure and that target."""
    app = UmpireApp.open(ROOT / "scenarios/easy_company/tutorial_farmyard.yaml", seed=5)
    at(app, "Attacker moves and fires")
    a = app.actions
    assert a.choice.value == "move"
    actor = a.inputs[a.spec.params[0].name].value
    enemy = next(p for p, q in app.game.state["pieces"].items() if q["side"] != app.game.state["pieces"][actor]["side"]
                 and q["alive"])
    a.set_piece(enemy)
    assert a.choice.value == "fire"
    values = [w.value for w in a.inputs.values()]
    assert values[0] == actor and {enemy, app.game.state["pieces"][enemy]["unit"]} & set(values[1:])


def test_a_drag_onto_an_enemy_fills_the_fire_and_moves_nothing():
    app = at(None, "Fire")
    n = len(app.game.log)
    drag(app, (36, 4), (41, 13))  # Sgt 2's figure dropped on Vogel (gsec2)
    assert form(app) == ("fire", {"unit": "sq2", "target": "gsec2", "aim": "all", "weapon": "none"})
    assert len(app.game.log) == n and app.game.state["pieces"]["sgt2"]["position"] == [36, 4]
    # the odds (or why not) stand before any roll: here Sgt 2's men see no target in their arcs
    assert app.actions.button.disabled and "cannot see a target figure" in app.actions.odds.value


def test_a_drag_onto_an_enemy_nobody_may_act_on_says_so_under_the_board():
    app = at(None, "Move")
    drag(app, (22, 6), (29, 26))  # r1 onto Krebs in the move step
    assert app.errors.messages[-1] == "no action lets 1st Squad, rifleman 1 act on Gruppe Krebs' leader now"
    assert "no action lets 1st Squad, rifleman 1" in app.board_errors.widget.value and app.errors.widget.value == ""
    assert app.game.state["pieces"]["r1"]["position"] == [22, 6]


def test_a_shift_box_chooses_pieces_that_then_move_as_one_and_undo_as_one():
    app = at(None, "Move")
    a, b = app.actions, app.board
    a.drag_mode.value = "piece"
    app.confirm_moves.value = True  # the group's odds read before Resolve
    drag(app, (21, 5), (27, 7), shift=True)  # r1, r2 and r3 inside; their squad mates outside
    assert sorted(b.chosen) == ["r1", "r2", "r3"] and sorted(a.model.chosen) == ["r1", "r2", "r3"]
    assert len([s for s in b.named["chosen"] if s.tag == "chosen"]) == 3 and "3 chosen" in b.status.value
    drag(app, (24, 6), (24, 8))
    assert "3 of 3 figures move together" in a.odds.value
    start = len(app.game.log)
    a.button.click()
    state = app.game.state["pieces"]
    for pid, (x, y) in SQ1.items():
        assert state[pid]["position"] == pytest.approx([x, y + 2] if pid in ("r1", "r2", "r3") else [x, y]), pid
    assert app.game.group_start() == start
    app.undo_last.click()
    assert all(state[pid]["position"] == pytest.approx(list(xy)) for pid, xy in SQ1.items())
    b.on_key("Escape")
    assert b.chosen == [] and a.model.chosen == [] and "chosen" not in {s.tag for s in b._overlays()}


def test_a_finger_held_on_a_figure_chooses_its_unit_a_quick_one_its_figure(monkeypatch):
    app = at(None, "Move")
    a, b = app.actions, app.board
    a.drag_mode.value = "piece"
    app.confirm_moves.value = True
    now = [100.0]
    monkeypatch.setattr(B.time, "monotonic", lambda: now[0])
    b.on_touch_start([tuple(px(app, 16, 6))])  # r4, quick: the figure alone
    b.on_touch_move([tuple(px(app, 16, 8))])
    b.on_touch_end([])
    assert b.chosen == [] and a.group == [] and a.inputs["point"].value == "16.0, 8.0"
    b.on_touch_start([tuple(px(app, 16, 6))])  # held for a second, then dragged: the whole squad
    now[0] += B.HOLD_SECONDS + 0.4
    b.on_touch_move([tuple(px(app, 16, 8))])
    b.on_touch_end([])
    assert sorted(b.chosen) == sorted(SQ1) and len(a.group) == len(SQ1)
    assert f"{len(SQ1)} of {len(SQ1)} figures move together" in a.odds.value


def test_a_side_proposes_a_units_move_whole_and_the_umpire_makes_it_as_one(tmp_path):
    from tests.test_seats import _served, _to_step
    from wgkit.widgets.seat import SidePage

    journal = _served(tmp_path)
    umpire = UmpireApp.attach(journal, seats=True)
    _to_step(umpire, "Move")
    us = SidePage.attach(str(journal), "us")
    assert us.panel.drag_mode.value == "unit" and us.panel.drag_row in us.panel.form.children
    us._board_event("drag", ("r1", (22, 8)))
    assert len(us.panel.group) == len(SQ1) and f"{len(SQ1)} of {len(SQ1)} figures move together" in us.panel.odds.value
    us.panel.propose()
    assert umpire.desk.poll() is True
    [waiting] = umpire.desk.desk.proposals()
    assert f"the whole unit: {len(SQ1)} figures" in waiting.label
    start = len(umpire.game.log)
    umpire.desk.approve(waiting)
    state = umpire.game.state["pieces"]
    assert all(state[pid]["position"] == pytest.approx([x, y + 2]) for pid, (x, y) in SQ1.items())
    assert umpire.game.group_start() == start and len(umpire.game.log) == start + len(SQ1)
    assert umpire.desk.desk.proposals()[0].status == "approved"


def test_a_drag_whose_move_rolls_dice_waits_for_resolve_with_its_odds():
    """Company Fire: Able's squad moving two squares into the Germans' sight takes a movement
    test (a 1 in 6 here); with confirmation off by default, that drag still shows the odds and
    waits, while a drag with nothing to roll is the move itself."""
    app = UmpireApp.open(ROOT / "scenarios/company_fire/tutorial_orchard_gate.yaml", seed=5)
    at(app, "Move and fire")
    assert app.confirm_moves.value is False
    n = len(app.game.log)
    drag(app, app.board.live()["able_base"]["position"], _centre(app, (3, 2)))
    assert app.actions.choice.value == "move" and len(app.game.log) == n  # not moved: it waits
    assert "16.7%" in app.actions.odds.value and not app.actions.button.disabled
    app.actions.button.click()
    assert len(app.game.log) == n + 1 and app.game.log[-1].rolls


def _centre(app, cell):
    from wgkit.geometry.grids import grid_from_spec

    t = app.game.scenario.table
    return grid_from_spec(t.grid.to_dict(), t.width, t.depth).center(cell)
