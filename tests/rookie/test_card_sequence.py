"""Rookie Rules: THE SEQUENCE OF THE GAME 3, card by card: "Additional cards may be acted upon or
passed BUT additional cards MUST be ignored if all units of that color have acted. Each unit may
expend two functions when its card is drawn"; the Special Damage Table's lost chances to act; and
the line the turn panel shows."""

import pytest

from tests.rookie.helpers import act, game
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.rookie import flow as FL
from wgkit.rules.rookie import lookup as L


def dealt(*cards):
    g = game()
    situation_of(g).deck_order("activation", list(cards))
    return g


def test_a_card_is_ignored_once_every_unit_of_its_colour_has_acted():
    g = dealt("2H", "3H", "4H", "5S")  # hearts: the Russians (two units)
    FL.draw_card(g)
    FL.activate(g, "ru_sq")
    FL.draw_card(g)
    FL.activate(g, "ru_lt")
    e = FL.draw_card(g)
    assert e.text == "4H: ignored, every su unit has acted" and e.detail == {"card": "4H", "waiting": []}


def test_activation_is_refused_with_its_reason():
    g = dealt("2H", "3S")
    with pytest.raises(IllegalActionError, match="draw a card first: each card activates one unit"):
        FL.activate(g, "ru_sq")
    with pytest.raises(IllegalActionError, match="there is no card to pass"):
        FL.pass_card(g)
    FL.draw_card(g)
    with pytest.raises(IllegalActionError, match="2H is red: it activates a su unit, not de_open"):
        FL.activate(g, "de_open")
    FL.activate(g, "ru_sq")
    with pytest.raises(IllegalActionError, match="draw a card first"):  # one unit a card
        FL.activate(g, "ru_lt")
    g = dealt("2H", "3H")
    situation_of(g).unit_status("ru_sq", acted=True)
    FL.draw_card(g)
    with pytest.raises(IllegalActionError, match="ru_sq has already acted in this sequence"):
        FL.activate(g, "ru_sq")
    situation_of(g).unit_status("ru_lt", inactive=L.rk(g)["sequence"])
    with pytest.raises(IllegalActionError, match="ru_lt used its functions in the command phase and stays inactive"):
        FL.activate(g, "ru_lt")


def test_a_lost_chance_to_act_is_spent_on_this_card_and_then_cleared():
    """SPECIAL DAMAGE TABLE 2-6: the vehicle loses its NEXT chance to act; 8: one function for the
    rest of the game."""
    g = dealt("2H", "3H")
    situation_of(g).unit_status("ru_sq", skip="pinned")
    FL.draw_card(g)
    e = FL.activate(g, "ru_sq")
    assert e.text == "ru_sq cannot act this chance (pinned)"
    assert L.status(g, "ru_sq")["functions"] == 0 and L.status(g, "ru_sq")["skip"] is None
    g = dealt("2H")
    situation_of(g).unit_status("ru_sq", one_function=True)
    FL.draw_card(g)
    assert FL.activate(g, "ru_sq").text == "ru_sq acts (1 function)"


def test_functions_are_spent_only_by_the_unit_acting():
    g = game()
    act(g, "ru_sq", functions=1)
    assert [(".".join(path), v) for path, v in FL.spend(g, "ru_sq")] == [("units.ru_sq.status.functions", 0)]
    with pytest.raises(IllegalActionError, match="ru_lt is not the unit acting on this card"):
        FL.spend(g, "ru_lt")
    with pytest.raises(IllegalActionError, match="ru_sq has 1 function left"):
        FL.spend(g, "ru_sq", 2)


def test_the_deck_runs_out():
    g = dealt("2H")
    FL.draw_card(g)
    FL.pass_card(g)
    while g.state["decks"]["activation"]["draw"]:
        FL.draw_card(g)
        FL.pass_card(g)
    with pytest.raises(IllegalActionError, match=r"the deck is done: this card sequence is over \(press Next\)"):
        FL.draw_card(g)


def test_the_turn_panels_line():
    g = dealt("2H", "3S")
    assert FL.headline(g) == ("<b>Turn 1 of 3</b> &mdash; card <b style='color:#000'>none yet</b>; acting: -; "
                              "2 cards left")
    FL.draw_card(g)
    assert FL.headline(g) == ("<b>Turn 1 of 3</b> &mdash; card <b style='color:#b00'>2H</b>; acting: choose a unit; "
                              "1 card left")
    FL.activate(g, "ru_sq")
    assert "acting: ru_sq;" in FL.headline(g)
    FL.draw_card(g)
    FL.pass_card(g)
    assert FL.headline(g) == ("<b>Turn 1 of 3</b> &mdash; card <b style='color:#000'>3S</b>; acting: passed; "
                              "0 cards left")


def test_the_turn_panels_line_without_a_turn_limit():
    g = game(edit=lambda d: d.pop("turns", None))
    assert g.scenario.turns is None
    assert FL.headline(g).startswith("<b>Turn 1</b> &mdash; card <b style='color:#000'>none yet</b>; acting: -; ")
