"""Company Fire in the umpire app: the actions offered per segment and card, odds before every
roll, a drag on the grid, the grid line of sight on hover, and refusals with reasons."""

from fractions import Fraction

import pytest

from tests.company_fire.helpers import game, put, set_card
from tests.conftest import ROOT
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.registry import actions_for
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import rally as R
from wgkit.rules.registry import get_ruleset
from wgkit.widgets import UmpireApp

HEDGEROWS = ROOT / "scenarios/company_fire/hedgerows_of_normandy.yaml"


def names(g):
    return [a.name for a in actions_for(g)]


def centre(g, cell):
    return L.gridmap(g).grid.center(cell)


def test_actions_follow_the_segment_and_the_card():
    g = game(step="Move and fire", card="move")
    assert "move" in names(g) and "fire" not in names(g)  # no unit sees an enemy yet: nothing to fire at
    put(g, "sq2", (5, 3))
    assert names(g)[:2] == ["move", "fire"] and "group fire" not in names(g)
    g = game(step="Group fire", card="move")
    assert "group fire" not in names(g)
    set_card(g, "fire")
    put(g, "sq1", (4, 0))
    assert "group fire" in names(g)
    g = game(step="Rally", card="fire")
    put(g, "sq2", (4, 0), order="pinned")
    assert names(g)[0] == "rally"
    g = game(step="Close assault", card="move")
    put(g, "sq1", (4, 4))
    assert "close assault" in names(g)


def test_move_action_plans_the_route_and_shows_the_test_odds_before_rolling():
    g = game("tutorial_orchard_gate")
    spec = next(a for a in actions_for(g) if a.name == "move")
    p = {"unit": "able", "to": centre(g, (3, 2))}
    lines = spec.explain(g, p)
    assert lines[0] == "route: (2, 1) -> (3, 1) -> (3, 2)" and "Movement Test: 5+" in lines
    odds = spec.odds(g, p)
    assert odds is not None and odds.p(True) == pytest.approx(1 / 6)  # 5+ into the open, -1 in the MG's sight
    e = spec.resolve(g, p)
    assert e.rolls and e.detail["odds"] == odds.describe()


def test_fire_action_odds_explain_the_dice():
    g = game(card="fire")
    put(g, "sq2", (5, 3))
    spec = next(a for a in actions_for(g) if a.name == "fire")
    p = {"unit": "sq2", "target": centre(g, (5, 4))}
    assert spec.explain(g, p)[-1] == "2d6 at each of gruppe; 5 or 6 hits"
    assert spec.odds(g, p).p(0) == pytest.approx(4 / 9)
    with pytest.raises(IllegalActionError, match="no line of sight"):
        spec.odds(g, {"unit": "mg", "target": centre(g, (5, 4))})


def test_rally_once_per_phase_and_a_failure_ends_the_card():
    from wgkit.rules.company_fire import movement as V

    g = game(step="Rally", card="fire")
    put(g, "sq2", (4, 0), order="pinned")
    st, mods, odds = R.rally_plan(g, "sq2")
    # Rally: a pinned unit needs 4+ on 1d6, +1 with no good-order enemy in sight: 3+, 4 faces of 6
    assert st == "pinned" and [m.name for m in mods] == ["no good-order enemy has LOS"] and odds.p("good order") == pytest.approx(2 / 3)
    with g.table_dice([1]):  # 1 + 1 = 2: fails
        e = R.resolve_rally(g, "sq2")
    assert e.detail["outcome"] == "pinned"
    with pytest.raises(IllegalActionError, match="already tried to rally"):
        R.rally_plan(g, "sq2")
    with pytest.raises(IllegalActionError, match="failed its rally"):
        V.may_act(g, "sq2", "fired")


def test_a_drag_on_the_board_moves_by_squares():
    g = game()
    e = get_ruleset(g.scenario.ruleset).move(g, "sq2_base", centre(g, (4, 2)))
    assert e.text == "sq2 moves to (4, 2)" and g.state["pieces"]["sq2_base"]["cell"] == [4, 2]
    g = game(step="Rally")
    with pytest.raises(IllegalActionError, match="units move in the Move and fire segment; now is Rally"):
        get_ruleset(g.scenario.ruleset).move(g, "sq2_base", centre(g, (4, 2)))


def test_grid_sight_for_the_board():
    g = game()
    sight = get_ruleset(g.scenario.ruleset).sight
    clear, why = sight(g, "mg_base", "weber_base")
    assert not clear and why.startswith("the edge between")
    put(g, "mg", (4, 3))
    assert sight(g, "mg_base", "weber_base") == (True, "")


def test_umpire_app_on_the_grid(tmp_path):
    app = UmpireApp.open(HEDGEROWS, journal=tmp_path / "j.wgsave")
    assert "Turn 1 of 6" in app.turn.html.value and "start (as a move card)" in app.turn.html.value
    b = app.board
    x, y = b.live()["sq1_base"]["position"]
    b.on_down(*b.canvas.to_px([[x, y]])[0])
    assert b.selected == "sq1_base" and "sees 0 of" in b.status.value
    while app.game.current_step().name != "Move and fire":
        app.turn.next.click()
    situation_of(app.game).card("move", "us")
    app.refresh()
    x2, y2 = L.gridmap(app.game).grid.center((2, 1))
    b.on_down(*b.canvas.to_px([[x, y]])[0])
    b.on_up(*b.canvas.to_px([[x2, y2]])[0])
    assert app.actions.choice.value == "move" and app.actions.inputs["unit"].value == "sq1"
    app.actions.button.click()  # the drag filled the form; Resolve confirms it
    assert app.game.state["pieces"]["sq1_base"]["cell"] == [2, 1]
    assert app.log.rows()[-1][1] == "move"


def test_mine_odds_refuse_what_the_search_and_the_clearing_refuse():
    """Mines: only a unit in or next to the square looks for a path; only units stopped in it clear
    it, and only their engineers count. The odds say so before any roll, as the resolution does."""
    g = game(step="Move and fire")
    put(g, "sq1", (3, 2))  # two squares from the mined (1, 2)
    specs = {a.name: a for a in actions_for(g)}
    with pytest.raises(IllegalActionError, match=r"sq1 must be in or next to \(1, 2\)"):
        specs["find path"].odds(g, {"unit": "sq1", "field": "1,2"})
    with pytest.raises(IllegalActionError, match=r"no unit of us has stopped in \(1, 2\)"):
        specs["clear mines"].odds(g, {"field": "1,2"})
    put(g, "sq1", (0, 2))  # next to it: a plain 5+ on a d6
    assert specs["find path"].odds(g, {"unit": "sq1", "field": "1,2"}).p(True) == Fraction(1, 3)
