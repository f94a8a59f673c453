"""Rookie Rules in the umpire app: the deck drawn card by card, the acting unit's functions with
the column and odds before the roll, and drags on the table."""

import pytest

from tests.conftest import ROOT
from tests.rookie.helpers import game
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.registry import actions_for
from wgkit.rules.registry import get_ruleset
from wgkit.rules.rookie import flow as FL
from wgkit.rules.rookie import lookup as L
from wgkit.widgets import UmpireApp


def names(g):
    return [a.name for a in actions_for(g)]


def test_the_card_sequence_offers_draw_then_activate_then_the_units_functions():
    g = game()
    assert names(g)[0] == "draw card"
    situation_of(g).deck_order("activation", ["2H", "3S"])
    FL.draw_card(g)
    assert names(g)[:5] == ["activate", "pass", "move", "fire", "draw card"]  # the first function with the unit
    FL.activate(g, "ru_sq")
    assert names(g)[:2] == ["move", "fire"]
    fire = next(a for a in actions_for(g) if a.name == "fire")
    p = {"target": "de_open", "split": "yes"}
    assert fire.explain(g, p)[-1] == "column 11-15" and "second target this activation" in " ".join(fire.explain(g, p))
    odds = fire.odds(g, p)
    assert odds.p("1 killed, disrupted") == pytest.approx(0.1)  # only the 6 on 11-15 (the text's cell)
    e = fire.resolve(g, p)
    assert e.detail["column"] == "11-15" and e.rolls


def test_the_step_actions_outside_the_card_sequence():
    g = game("tractor_works", step="Plot")
    assert "plot artillery" in names(g)
    g = game(step="Morale")
    situation_of(g).must_test("de_open")
    assert names(g)[0] == "morale"


def test_a_drag_moves_the_acting_unit_by_the_rules():
    g = game()
    with pytest.raises(IllegalActionError, match="not the unit acting"):
        get_ruleset(g.scenario.ruleset).move(g, "ru_sq_s", (12, 10))
    situation_of(g).deck_order("activation", ["2H"])
    FL.draw_card(g)
    FL.activate(g, "ru_sq")
    e = get_ruleset(g.scenario.ruleset).move(g, "ru_sq_s", (13, 10))
    assert e.text == "ru_sq moves 3.0\" to (13.0, 10.0)"


def test_umpire_app_shows_the_deck_and_the_card(tmp_path):
    app = UmpireApp.open(ROOT / "scenarios/rookie/tutorial_worked_example.yaml", journal=tmp_path / "j.wgsave")
    while app.game.current_step().name != "First card sequence":
        app.turn.next.click()
    # the sequence opens with a card to draw and nothing to choose: Next drew it (kit dice)
    assert "Deck <b>activation</b>: 4 to draw" in app.turn.html.value and "choose a unit" in app.turn.html.value
    assert L.rk(app.game)["card"] is not None and app.game.log[-1].kind == "card"
    assert app.actions.choice.value == "activate"  # and the form offers what the card allows
    app.undo_last.click()  # undone, the card is not drawn again by itself
    assert L.rk(app.game)["card"] is None and app.actions.choice.value == "draw card"
    assert "Deck <b>activation</b>: 5 to draw" in app.turn.html.value


@pytest.mark.parametrize("how", ["table dice", "no passing"])
def test_a_forced_card_waits_for_the_umpire_with_table_cards_or_passing_off(tmp_path, how):
    app = UmpireApp.open(ROOT / "scenarios/rookie/tutorial_worked_example.yaml", journal=tmp_path / "j.wgsave")
    if how == "table dice":
        app.actions.dice.value = "table"
    else:
        app.turn.skip_empty.value = False
    while app.game.current_step().name != "First card sequence":
        app.turn.next.click()
        if app.turn.warning.value:
            app.turn.next.click()
    assert L.rk(app.game)["card"] is None and app.actions.choice.value == "draw card"


def test_plotting_offers_only_the_guns_templates_and_shows_the_drift_odds():
    g = game("tractor_works", step="Plot")  # the German guns: templates A and B, two missions
    plot = next(a for a in actions_for(g) if a.name == "plot artillery")
    assert (plot.label, plot.ref) == ("Plot off-board fire", "Artillery")
    assert [(p.name, p.choices) for p in plot.params] == [("side", ("de",)), ("point", ()), ("template", ("A", "B")),
                                                         ("facing", ())]
    d = plot.odds(g, {"side": "de", "point": [20, 12], "template": "A", "facing": 0})
    # a d10: 1-4 on target; 5, 6, 7, 8, 9, 0 drift 4" in one of six directions (a house reading)
    assert d.p((0.0, 0.0)) == pytest.approx(0.4)
    assert sorted(k for k in d.probs if k != (0.0, 0.0)) == [(a, 4.0) for a in (0.0, 60.0, 120.0, 180.0, 240.0, 300.0)]
    assert all(d.p(k) == pytest.approx(0.1) for k in d.probs if k != (0.0, 0.0))
    with pytest.raises(IllegalActionError, match="de's guns use template A or B"):
        plot.resolve(g, {"side": "de", "point": [20, 12], "template": "C", "facing": 0})


@pytest.mark.parametrize("how", ["kit dice", "table dice", "no passing"])
def test_a_units_spent_activation_draws_the_next_card_by_itself_and_undo_takes_both_back(how):
    """The Sequence of the Game 3: once the unit a card activated has used both its functions,
    the only thing left is to turn the next card; the page turns it (kit dice, passing ticked),
    and Undo last takes back the last function with the card it drew. With table cards, or
    passing unticked, the page waits for the umpire."""
    from wgkit.render.scene import piece_points

    app = UmpireApp.open(ROOT / "scenarios/rookie/tutorial_worked_example.yaml", seed=11)
    app.turn.next.click()  # the sequence's first card, 2H, is drawn by itself
    assert app.game.log[-1].text == "2H: su may activate a unit"
    app.actions.dice.value = "table" if how == "table dice" else "kit"
    app.turn.skip_empty.value = how != "no passing"
    m = app.actions.model
    m.choose("activate")
    m.edit("unit", "ru_lt")
    app.actions.resolve()
    lt = next(pid for pid, p in app.game.state["pieces"].items() if p["unit"] == "ru_lt")
    for _ in range(2):  # two moves of 1": both functions used
        x, y = piece_points(app.game.scenario, app.game.state)[lt]
        n = len(app.game.log)
        app._board_event("drag", (lt, (x - 1, y)))  # no dice to roll: the drag is the move
    assert L.status(app.game, "ru_lt")["functions"] == 0
    texts = [e.text for e in app.game.log[n:]]
    if how == "kit dice":
        assert texts == ['ru_lt moves 1.0" to (8.0, 14.0)', "activation: drew 2S (black)", "2S: de may activate a unit"]
        app.undo_last.click()
        assert len(app.game.log) == n and L.rk(app.game)["card"] == "2H"
    else:
        assert texts == ['ru_lt moves 1.0" to (8.0, 14.0)'] and L.rk(app.game)["card"] == "2H"
        assert app.actions.choice.value == "draw card"  # the form offers the draw, for the umpire to make


@pytest.mark.parametrize("how", ["kit dice", "table dice"])
def test_next_goes_on_card_by_card_passing_a_card_out_and_turning_the_next(how):
    """The Sequence of the Game 3: a card sequence goes on card by card until the deck is done.
    With the card out unplayed, Next passes it, as the panel says beforehand, and the next card,
    a duty then, is turned by itself with the kit's dice (with table dice the form offers it);
    once a unit is activated, Next ends its activation by turning the next card (with table dice
    too: it is the umpire's press, as Resolve on the draw is). Undo last takes each back."""
    app = UmpireApp.open(ROOT / "scenarios/rookie/tutorial_worked_example.yaml", seed=11)
    app.turn.next.click()  # the sequence's first card, 2H, is drawn by itself
    app.actions.dice.value = "table" if how == "table dice" else "kit"
    assert "Next: Pass this card (2H)" in app.turn.html.value and app.turn.next.tooltip.startswith("Pass this card (2H)")
    n = len(app.game.log)
    app.turn.next.click()
    texts = [e.text for e in app.game.log[n:]]
    if how == "kit dice":
        assert texts == ["2H passed", "activation: drew 2S (black)", "2S: de may activate a unit"]
    else:
        assert texts == ["2H passed"] and app.actions.choice.value == "draw card"
    assert app.turn.warning.value == "" and app.game.current_step().name == "First card sequence"
    app.undo_last.click()
    assert len(app.game.log) == n and L.rk(app.game)["card"] == "2H" and L.rk(app.game)["unit"] is None
    m = app.actions.model
    m.choose("activate")
    m.edit("unit", "ru_lt")
    app.actions.resolve()
    assert L.status(app.game, "ru_lt")["functions"] == 2  # both functions left: drawing is the umpire's choice
    assert "Next: Draw the next card" in app.turn.html.value and app.turn.next.tooltip.startswith("Draw the next card")
    n = len(app.game.log)
    app.turn.next.click()
    assert app.game.current_step().name == "First card sequence"
    assert [e.text for e in app.game.log[n:]] == ["activation: drew 2S (black)", "2S: de may activate a unit"]
    app.undo_last.click()
    assert len(app.game.log) == n and L.rk(app.game)["card"] == "2H"


def test_a_card_sequence_nobody_plays_takes_one_next_a_card():
    """Issue 65: Next only where someone decides. Each card out is a decision (play it or not):
    each press passes one card and turns the next, and the press that passes the deck's last
    card ends the sequence, with no warning and no second press."""
    app = UmpireApp.open(ROOT / "scenarios/rookie/tutorial_worked_example.yaml", seed=11)
    app.turn.next.click()  # into the first card sequence, its first card drawn
    cards = 1 + len(app.game.state["decks"]["activation"]["draw"])
    assert cards == 5  # a card for each of the tutorial's five units
    for press in range(cards):
        out = L.rk(app.game)["card"]
        n = len(app.game.log)
        app.turn.next.click()
        texts = [e.text for e in app.game.log[n:]]
        assert texts[0] == f"{out} passed" and app.turn.warning.value == ""
        assert sum(t.startswith("activation: drew") for t in texts) == 1
    assert app.game.current_step().name == "Second card sequence"


def test_next_turns_no_card_once_the_deck_is_done():
    """The Sequence of the Game 3: the sequence ends with the deck. The last card out is passed by
    Next while a unit could play it; once it is played nothing is left to turn."""
    app = UmpireApp.open(ROOT / "scenarios/rookie/tutorial_worked_example.yaml", seed=11)
    app.turn.next.click()
    for _ in range(4):  # 2H, 2S, AS and AH passed: 3S, the last, is out
        app.turn.next.click()
    assert L.rk(app.game)["card"] == "3S" and app.game.state["decks"]["activation"]["draw"] == []
    assert FL.next_action(app.game) == "pass"
    FL.activate(app.game, "de_wood")
    assert FL.next_action(app.game) is None
