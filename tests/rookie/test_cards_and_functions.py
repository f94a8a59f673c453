"""Rookie Rules: the activation deck, two functions per unit, the command phase and the sequence."""

import pytest

from tests.rookie.helpers import act, game, put, unit
from wgkit.engine import IllegalActionError, deck
from wgkit.rules import situation_of
from wgkit.rules.registry import actions_for
from wgkit.rules.rookie import command as CMD
from wgkit.rules.rookie import flow as FL
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import movement as MV


def test_one_card_per_unit_in_each_sides_colour_plus_the_scenarios_extras():
    g = game()
    cards = g.state["decks"]["activation"]["draw"]
    assert sum(deck.colour(c) == "red" for c in cards) == 2 and sum(deck.colour(c) == "black" for c in cards) == 3
    assert L.rk(g)["colours"] == {"su": "red", "de": "black"}
    assert any(e.kind == "deck" and e.text == "shuffled activation" for e in g.log)  # shuffled as the sequence began


def test_draw_activate_two_functions_then_the_next_card():
    g = game()
    situation_of(g).deck_order("activation", ["2H", "3S", "4H"])
    FL.draw_card(g)
    assert g.state["active"] == "su"
    with pytest.raises(IllegalActionError, match="it activates a su unit"):
        FL.activate(g, "de_open")
    FL.activate(g, "ru_sq")
    assert L.status(g, "ru_sq")["functions"] == 2
    MV.resolve_move(g, "ru_sq", (12, 10))
    MV.resolve_move(g, "ru_sq", (14, 10))
    with pytest.raises(IllegalActionError, match="0 functions left"):
        MV.resolve_move(g, "ru_sq", (15, 10))
    FL.draw_card(g)
    with pytest.raises(IllegalActionError, match="not the unit acting"):
        MV.resolve_move(g, "ru_sq", (15, 10))
    FL.activate(g, "de_open")
    FL.draw_card(g)
    with pytest.raises(IllegalActionError, match="already acted"):
        FL.activate(g, "ru_sq")
    FL.pass_card(g)
    with pytest.raises(IllegalActionError, match="the deck is done"):
        FL.draw_card(g)


def test_surplus_cards_are_ignored_once_every_unit_of_the_colour_has_acted():
    g = game()
    situation_of(g).deck_order("activation", ["2H", "4H", "6H"])
    for uid in ("ru_sq", "ru_lt"):
        FL.draw_card(g)
        FL.activate(g, uid)
    e = FL.draw_card(g)
    assert e.text == "6H: ignored, every su unit has acted"
    assert [a.name for a in actions_for(g)][0] != "activate"


def test_the_second_sequence_reshuffles_and_every_unit_acts_again():
    g = game()
    FL.draw_card(g)
    uid = next(u for u in L.units(g, g.state["active"]))
    FL.activate(g, uid)
    while g.current_step().name != "Second card sequence":
        g.advance()
    assert len(g.state["decks"]["activation"]["draw"]) == 5 and not L.status(g, uid).get("acted")


def test_command_phase_removes_up_to_two_markers_and_the_leader_sits_out():
    g = game(step="Command")
    put(g, "ru_sq", 10, 10, marker="suppressed")
    CMD.resolve_command(g, "ru_lt", "ru_sq")
    CMD.resolve_command(g, "ru_lt", "ru_sq")
    assert L.marker(g, "ru_sq") == "disrupted"
    with pytest.raises(IllegalActionError, match="has removed 2 markers"):
        CMD.resolve_command(g, "ru_lt", "ru_sq")
    g.advance()
    situation_of(g).card_up("2H", "su")
    with pytest.raises(IllegalActionError, match="stays inactive"):
        FL.activate(g, "ru_lt")


def test_command_radius_shrinks_with_the_leaders_marker_and_needs_sight():
    g = game()
    assert L.radius(g, "ru_lt") == 12
    for m, r in (("disrupted", 8), ("pinned", 4), ("suppressed", 0)):
        put(g, "ru_lt", 10, 14, marker=m)
        assert L.radius(g, "ru_lt") == r
    put(g, "ru_lt", 10, 14, marker="pinned")
    assert L.in_command(g, "ru_sq")  # 4" away
    put(g, "ru_lt", 10, 15)
    assert not L.in_command(g, "ru_sq")
    put(g, "ru_lt", 38, 2, marker=None)  # 12" from a squad placed in the wood: sight into cover is fine
    put(g, "ru_sq", 38, 13)
    assert L.in_command(g, "ru_sq")
    put(g, "ru_sq", 38, 18)  # the wood now lies between them
    assert not L.in_command(g, "ru_sq")


def test_a_unit_in_command_spends_a_function_to_remove_a_marker():
    g = game()
    put(g, "ru_sq", 10, 10, marker="pinned")
    act(g, "ru_sq")
    CMD.resolve_remove(g, "ru_sq")
    assert L.marker(g, "ru_sq") == "disrupted" and L.status(g, "ru_sq")["functions"] == 1
    put(g, "ru_lt", 40, 22)
    with pytest.raises(IllegalActionError, match="outside its leaders' command radius"):
        CMD.resolve_remove(g, "ru_sq")


def test_combining_understrength_squads():
    g = game()
    put(g, "de_open", 17, 10, casualties=3)
    put(g, "de_wood", 30, 14, casualties=2)
    e = CMD.resolve_combine(g, "de_lt", "de_open", "de_wood")
    assert L.men(g, "de_open") == 5 and not L.alive(g, "de_wood") and "5 men" in e.text
    g2 = game()
    with pytest.raises(IllegalActionError, match="a squad holds 5"):
        CMD.resolve_combine(g2, "de_lt", "de_open", "de_wood")


def test_heavy_weapons_take_four_functions_and_turrets_one():
    g = game("tractor_works")
    act(g, "ru_atg")
    e = CMD.resolve_setup(g, "ru_atg")
    assert e.text == "ru_atg: 2 of 4 functions to take down" and L.status(g, "ru_atg")["deployed"]
    act(g, "ru_atg")
    assert CMD.resolve_setup(g, "ru_atg").text == "ru_atg is taken down"
    act(g, "panzer", 1)
    CMD.resolve_traverse(g, "panzer", 90)
    assert L.status(g, "panzer")["turret"] == 90.0


def test_headline_shows_the_card_and_the_acting_unit():
    g = game()
    FL.draw_card(g)
    assert "choose a unit" in FL.headline(g) and "4 cards left" in FL.headline(g)


def test_a_leader_cannot_steady_himself_in_the_command_phase():
    g = game(step="Command")
    put(g, "ru_lt", 10, 14, marker="pinned")
    with pytest.raises(IllegalActionError, match="cannot steady himself"):
        CMD.resolve_command(g, "ru_lt", "ru_lt")


def test_the_simple_policy_uses_a_card_already_turned_and_leaves_another_players_cards_to_them():
    from wgkit.rules.rookie import policy

    g = game()
    situation_of(g).deck_order("activation", ["3S", "2H", "4S", "AH", "5S"])
    FL.draw_card(g)  # a person turned the 3 of spades, then handed the sequence to the policy
    start = len(g.log)
    policy.play_step(g, lambda line: None, leave=["su"])
    kinds = [(e.kind, e.text.split()[0]) for e in g.log[start:] if e.kind in ("card", "activate")]
    # 3S is used (a German unit activates on it), then 2H is turned: a Soviet card, left to its player
    assert kinds[0] == ("activate", "de_lt") and kinds[1] == ("card", "2H:")
    assert len(kinds) == 2 and L.rk(g)["card"] == "2H" and L.rk(g)["unit"] is None
    FL.activate(g, "ru_sq")  # the player uses it; the policy goes on from the next card
    policy.play_step(g, lambda line: None, leave=["su"])
    assert [e.text.split()[0] for e in g.log if e.kind == "card"][-2:] == ["4S:", "AH:"]
    assert L.rk(g)["card"] == "AH" and g.state["decks"]["activation"]["draw"] == ["5S"]
    policy.play_step(g, lambda line: None)  # leaving no one, it plays every card to the end
    assert g.state["decks"]["activation"]["draw"] == [] and L.status(g, "ru_lt").get("acted")


def test_a_unit_activated_by_a_player_spends_what_it_has_left_as_the_policy_would():
    from wgkit.rules.rookie import policy

    g = game()
    situation_of(g).deck_order("activation", ["2H", "3S", "4H"])
    FL.draw_card(g)
    assert not policy.play_activated(g, lambda line: None)  # no unit activated yet: nothing done
    FL.activate(g, "ru_sq")
    MV.resolve_move(g, "ru_sq", (11, 10))  # the player spends one function ...
    start = len(g.log)
    assert policy.play_activated(g, lambda line: None)  # ... and hands the other to the policy
    spent = [e for e in g.log[start:] if e.kind in ("fire", "move")]
    # the squad sees the Germans in the open 6" away: the policy fires its last function at them
    assert [e.kind for e in spent] == ["fire"] and "ru_sq fires" in spent[0].text
    assert L.status(g, "ru_sq")["functions"] == 0
    assert not policy.play_activated(g, lambda line: None)  # nothing left to spend


@pytest.mark.parametrize("casualties, marker, expected", [
    (0, None, 1.0), (1, None, 3 / 4),  # four men (ff 12, 3 a man): each man lost is a quarter
    (0, "disrupted", 1.0),  # a disrupted unit fights
    (0, "pinned", 1 / 2), (1, "suppressed", 3 / 4 / 3),  # one removal from fighting, two
])
def test_a_stands_strength_for_the_opponent_counts_men_left_and_removals_to_fight_again(casualties, marker, expected):
    from wgkit.rules import get_ruleset

    g = game()
    put(g, "ru_sq", 10, 10, casualties=casualties, marker=marker)
    assert get_ruleset("rookie").strength_of(g, "ru_sq_s") == pytest.approx(expected)


def test_a_scenario_may_add_or_take_cards_never_below_none():
    """The Sequence of the Game: a card per unit in its side's colour (Soviets hearts, Germans
    spades here: 2 and 3 units); a scenario's extra cards add to a side, and a side cannot have
    fewer than none."""
    assert sorted(FL.deck_for(game())) == ["2H", "2S", "3S", "AH", "AS"]
    more = game(edit=lambda d: d.setdefault("rules", {}).update(extra_cards={"su": 1, "de": -5}))
    assert sorted(FL.deck_for(more)) == ["2H", "3H", "AH"]  # 2 + 1 hearts; 3 - 5 spades: none


def test_each_sequence_gathers_every_card_before_shuffling():
    """The Sequence of the Game 3 and 5: the whole deck is shuffled for each card sequence."""
    g = game()
    FL.draw_card(g)
    FL.pass_card(g)
    FL.draw_card(g)
    assert len(g.state["decks"]["activation"]["draw"]) == 3
    while g.current_step().name != "Second card sequence":
        g.advance()
    gathered = next(e for e in reversed(g.log) if e.text == "gather the deck")
    assert gathered.kind == "deck" and sorted(g.state["decks"]["activation"]["draw"]) == ["2H", "2S", "3S", "AH", "AS"]
    assert g.state["decks"]["activation"]["discard"] == [] and L.rk(g)["sequence"] == 2
    assert (L.rk(g)["card"], L.rk(g)["unit"]) == (None, None)


@pytest.mark.parametrize("deployed, expected", [(None, True), (False, False)])
def test_guns_start_set_up_unless_the_scenario_says_not(deployed, expected):
    """Movement and Firing: heavy weapons take four functions to set up; a scenario places them set
    up unless it says otherwise."""
    def edit(doc):
        rules = unit(doc, "ru_atg").setdefault("rules", {})
        rules.pop("deployed", None)
        if deployed is not None:
            rules["deployed"] = deployed

    assert L.status(game("tractor_works", edit=edit), "ru_atg")["deployed"] is expected
