"""Company Fire: Artillery and smoke, the initiative deck driving the turn, the game clock, mines."""

from fractions import Fraction

import pytest

from tests.company_fire.helpers import faces, game, put, set_card, unit
from wgkit.engine import Game, IllegalActionError
from wgkit.odds import exact
from wgkit.rules import situation_of
from wgkit.rules.company_fire import artillery as A
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import mines as M
from wgkit.rules.company_fire import movement as V
from wgkit.rules.company_fire.flow import SEQUENCE


# -- artillery ---------------------------------------------------------------------------------
def test_a_mission_is_called_on_a_fire_card_in_sight_and_comes_on_the_next():
    g = game(step="Artillery", card="move")
    put(g, "fo", (4, 3))
    with pytest.raises(IllegalActionError, match="called on fire cards"):
        A.resolve_call(g, "fo", (5, 4))
    set_card(g, "fire")
    with pytest.raises(IllegalActionError, match="cannot see"):
        A.resolve_call(g, "fo", (1, 4))  # behind the east hedgerow
    A.resolve_call(g, "fo", (5, 4))
    with pytest.raises(IllegalActionError, match="next fire card, not this one"):
        A.resolve_arrival(g, "us")
    set_card(g, "move")
    with pytest.raises(IllegalActionError, match="next fire card"):
        A.resolve_arrival(g, "us")
    set_card(g, "fire")
    with g.table_dice([1]):  # a 1 cancels it: 1 in 6
        e = A.resolve_arrival(g, "us")
    assert e.detail["odds"] == ["cancelled (a 1): 16.7%", "arrives: 83.3%"]
    assert e.text == "HE mission on (5, 4): cancelled (a 1)" and [(r.purpose, r.faces) for r in e.rolls] == [("arrival", (1,))]
    assert L.cf(g)["missions_used"]["fo"] == 1 and not L.cf(g)["mission"]["us"]
    assert A.missions_left(g, "fo") == 1  # the scenario gives it two


def test_one_mission_at_a_time_from_an_observer_that_has_not_acted():
    # Artillery: a mission on the way is not doubled; calling is the observer's fire for the card;
    # an observer the scenario gives no number of missions has three (house value)
    g = game(step="Artillery", card="fire", edit=lambda d: unit(d, "fo").update(rules={}))
    put(g, "fo", (4, 3))
    assert A.missions_left(g, "fo") == 3
    situation_of(g).unit_status("fo", fired=True)
    with pytest.raises(IllegalActionError, match="fo has already acted on this card"):
        A.resolve_call(g, "fo", (5, 4))
    situation_of(g).unit_status("fo", fired=False)
    A.resolve_call(g, "fo", (4, 4))  # HE on an empty square: the arrival roll alone
    set_card(g, "fire")
    with pytest.raises(IllegalActionError, match="us already has a fire mission on the way"):
        A.resolve_call(g, "fo", (5, 4))
    for left in (2, 1, 0):
        with g.table_dice([2]):
            A.resolve_arrival(g, "us")
        assert A.missions_left(g, "fo") == left
        if left:
            A.resolve_call(g, "fo", (4, 4))  # HE on an empty square: the arrival roll alone
            set_card(g, "fire")
    assert g.log[-1].text == "HE mission on (4, 4): fo has used all its missions and leaves"
    assert L.order(g, "fo") == "removed"


def test_he_rolls_four_dice_in_the_open_three_in_cover_at_every_unit():
    g = game(card="fire")
    assert A.he_dice(g, (5, 4)) == 3 and A.he_dice(g, (5, 3)) == 4
    g = game(step="Artillery", card="fire")
    put(g, "fo", (4, 3))
    put(g, "mg42", (5, 4))
    A.resolve_call(g, "fo", (5, 4))
    set_card(g, "fire")
    with g.table_dice([2, 6, 1, 1, 1, 1, 1]):  # arrives, then 3d6 at each unit in the buildings
        e = A.resolve_arrival(g, "us")
    assert [len(r.faces) for r in e.rolls] == [1, 3, 3]  # the arrival, then gruppe and mg42
    assert e.text.startswith("HE mission on (5, 4): ")


def test_smoke_blocks_sight_gives_cover_and_lifts_when_the_firer_regains_the_initiative():
    g = None
    g = game(step="Artillery", card="fire")
    put(g, "fo", (4, 3))
    A.resolve_call(g, "fo", (5, 4), "smoke")
    set_card(g, "fire")
    with g.table_dice([4]):  # arrival: anything but a 1
        e = A.resolve_arrival(g, "us")
    assert "smoke on" in e.text
    assert (5, 4) in L.smoke(g) and L.cover(g, (5, 4)) and not L.cell_sight(g, (4, 3), (5, 4)).clear
    assert not L.cell_sight(g, (5, 4), (5, 5)).clear  # nor out of it
    # the enemy's initiative: the smoke stays; back to the firer: it goes
    situation_of(g).deck_order("initiative", ["2C", "4H"])
    for _ in range(len(SEQUENCE.phases[0].steps) - g.position[2]):
        g.advance()
    assert L.cf(g)["initiative_side"] == "de" and (5, 4) in L.smoke(g)
    for _ in range(len(SEQUENCE.phases[0].steps)):
        g.advance()
    assert L.cf(g)["initiative_side"] == "us" and (5, 4) not in L.smoke(g)


def test_the_observer_leaves_when_its_missions_are_spent():
    g = game(step="Artillery", card="fire")
    put(g, "fo", (4, 3))
    for _ in range(2):
        A.resolve_call(g, "fo", (5, 4))
        set_card(g, "fire")
        A.resolve_arrival(g, "us")
    assert L.order(g, "fo") == "removed"
    with pytest.raises(IllegalActionError, match="not a forward observer on the table"):
        A.resolve_call(g, "fo", (5, 4))


# -- the deck and the turn ----------------------------------------------------------------------
def fresh(seed=718, edit=None):
    from tests.company_fire.helpers import ROOT, load_edited

    return Game(load_edited(ROOT / "scenarios/company_fire/hedgerows_of_normandy.yaml", edit), seed, flow=SEQUENCE)


def to_next_card(g):
    for _ in range(len(SEQUENCE.phases[0].steps) - g.position[2]):
        g.advance()


def test_the_attacker_starts_as_if_holding_a_move_card_and_the_deck_is_seeded():
    g = fresh()
    cf = L.cf(g)
    assert (cf["card"], cf["kind"], cf["initiative_side"], cf["turn"]) == (None, "move", "us", 1)
    deck = g.state["decks"]["initiative"]["draw"]
    assert len(deck) == 52 and len(set(deck)) == 52
    assert deck == fresh().state["decks"]["initiative"]["draw"]
    assert deck != fresh(seed=719).state["decks"]["initiative"]["draw"]
    assert L.cf(g)["colours"] == {"us": "red", "de": "black"}


def test_same_colour_is_another_phase_new_colour_a_new_initiative_and_back_to_the_attacker_a_new_turn():
    g = fresh()
    situation_of(g).deck_order("initiative", ["5H", "8D", "KS", "2C", "3H"])
    to_next_card(g)
    assert (L.cf(g)["card"], L.cf(g)["kind"], L.cf(g)["phase"], L.cf(g)["turn"]) == ("5H", "move", 2, 1)
    to_next_card(g)
    assert (L.cf(g)["card"], L.cf(g)["kind"], L.cf(g)["phase"]) == ("8D", "fire", 3)
    to_next_card(g)
    assert (L.cf(g)["card"], L.cf(g)["kind"], L.cf(g)["initiative_side"], L.cf(g)["phase"]) == ("KS", "any", "de", 1)
    assert g.state["active"] == "de" and g.acting_sides() == ["de"]
    to_next_card(g)
    assert L.cf(g)["phase"] == 2 and L.cf(g)["turn"] == 1
    to_next_card(g)
    assert L.cf(g)["initiative_side"] == "us" and L.cf(g)["turn"] == 2
    clock = [e for e in g.log if e.kind == "clock"]
    assert len(clock) == 1 and L.cf(g)["clock"] == clock[0].rolls[0].faces[0]  # rolled as the defender's ended


def test_each_unit_acts_again_on_a_new_card():
    g = fresh()
    for _ in range(5):
        g.advance()
    V.resolve_move(g, "sq2", [(4, 1)])
    with pytest.raises(IllegalActionError, match="already acted"):
        V.resolve_move(g, "sq2", [(4, 2)])
    situation_of(g).deck_order("initiative", ["7H"])
    to_next_card(g)
    for _ in range(5):
        g.advance()
    assert V.resolve_move(g, "sq2", [(4, 2)]).text.startswith("sq2 moves")


def test_jokers_advance_the_clock_without_interrupting():
    g = fresh()
    situation_of(g).deck_order("initiative", ["JK1", "6H"])
    to_next_card(g)
    assert L.cf(g)["card"] == "6H" and L.cf(g)["initiative_side"] == "us" and L.cf(g)["phase"] == 2
    assert [e.kind for e in g.log].count("clock") == 1


def test_the_game_ends_when_the_turns_are_played_or_the_clock_runs_out():
    g = fresh()
    situation_of(g).game_turn(6)
    situation_of(g).initiative("de")
    situation_of(g).deck_order("initiative", ["3H", "5H"])
    to_next_card(g)
    assert g.state["vars"]["game_over"] == "6 turns played"  # the clock (0 + 1d6) has not run out
    with pytest.raises(IllegalActionError, match="the game is over"):
        g.advance()
    g = fresh()
    situation_of(g).clock(20)
    situation_of(g).initiative("de")
    situation_of(g).deck_order("initiative", ["3H"])
    to_next_card(g)
    assert g.state["vars"]["game_over"] == f"the game clock reached {L.cf(g)['clock']}" and L.cf(g)["clock"] >= 21


def test_the_headline_says_card_initiative_phase_turn_and_clock():
    g = fresh()  # the Americans hold red, the Germans black
    assert SEQUENCE.headline(g) == ("<b>Turn 1 of 6</b> &mdash; card <b style='color:#b00'>start (as a move card)</b> "
                                    "(move card): us initiative, phase 1; clock 0 of 21")
    situation_of(g).deck_order("initiative", ["KS"])
    with g.table_dice([4]):
        to_next_card(g)
    assert SEQUENCE.headline(g) == ("<b>Turn 1 of 6</b> &mdash; card <b style='color:#000'>KS</b> "
                                    "(any card): de initiative, phase 1; clock 0 of 21")
    g = game(edit=lambda d: (d.pop("turns"), d["rules"].pop("clock")))  # no turn limit, no clock
    assert SEQUENCE.headline(g).startswith("<b>Turn 1</b> &mdash; card") and SEQUENCE.headline(g).endswith("phase 1")


def test_the_clock_rolls_as_the_defenders_initiative_ends_and_at_each_joker():
    # Game Clock: 1d6 added each time the attacker takes the initiative back, and at each joker
    g = fresh()
    situation_of(g).initiative("de")
    situation_of(g).deck_order("initiative", ["JK1", "3H"])
    with g.table_dice([2, 5]):
        to_next_card(g)
    clock = [e for e in g.log if e.kind == "clock"]
    assert [e.text for e in clock] == ["game clock +2 = 2 (joker)", "game clock +5 = 7 (end of the defender's initiative)"]
    assert [faces(e) for e in clock] == [[2], [5]] and clock[1].detail["rule"] == "Game Clock"
    assert clock[1].detail["outcome"] == 7 and L.cf(g)["clock"] == 7


def test_a_long_game_runs_its_clock_to_30_and_a_game_without_a_clock_rolls_none():
    g = fresh(edit=lambda d: d["rules"].update(clock="long"))
    situation_of(g).clock(20)
    situation_of(g).initiative("de")
    situation_of(g).deck_order("initiative", ["3H"])
    with g.table_dice([6]):  # 26: a standard game would end at 21
        to_next_card(g)
    assert L.cf(g)["clock"] == 26 and "game_over" not in g.state["vars"]
    assert SEQUENCE.headline(g).endswith("clock 26 of 30")
    g = fresh(edit=lambda d: d["rules"].pop("clock"))
    situation_of(g).initiative("de")
    situation_of(g).deck_order("initiative", ["JK1", "3H"])
    to_next_card(g)
    assert "clock" not in [e.kind for e in g.log] and L.cf(g)["clock"] == 0


def test_the_game_goes_on_until_the_last_turn_is_played():
    g = fresh()  # 6 turns: the attacker's return in turn 5 begins turn 6, which is still played
    situation_of(g).game_turn(5)
    situation_of(g).initiative("de")
    situation_of(g).deck_order("initiative", ["3H"])
    with g.table_dice([1]):
        to_next_card(g)
    assert L.cf(g)["turn"] == 6 and "game_over" not in g.state["vars"]


def test_an_empty_deck_is_shuffled_from_its_discards_before_a_card_or_after_a_joker():
    g = fresh()
    situation_of(g).deck_order("initiative", ["5H"])
    to_next_card(g)
    situation_of(g).deck_order("initiative", [])  # nothing left to draw: the discards, 5H alone, are shuffled
    to_next_card(g)
    assert L.cf(g)["card"] == "5H" and L.cf(g)["phase"] == 3
    situation_of(g).deck_order("initiative", ["JK1"])  # the joker, then the discards (5H and the joker)
    to_next_card(g)
    assert L.cf(g)["card"] == "5H" and [e.kind for e in g.log].count("clock") >= 1


# -- mines -------------------------------------------------------------------------------------
def test_the_scenarios_mines_are_on_the_grid_real_and_dummy():
    g = fresh()
    assert L.cf(g)["mines"]["1,2"]["real"] and not L.cf(g)["mines"]["4,2"]["real"]


def test_passing_through_mines_five_or_six_or_stop_and_take_three_dice():
    # Mines (beta): a unit passing through a mined square rolls a d6; a 5 or 6 goes on, anything
    # else stops it there and the mines attack it with 3d6 (5, 6 and 1: two hits, suppressed)
    g = game()
    put(g, "sq1", (0, 2))
    with g.table_dice([5]):
        e = V.resolve_move(g, "sq1", [(1, 2), (2, 2)])
    assert [(r.purpose, r.faces) for r in e.rolls] == [("pass mines at (1, 2)", (5,))]
    assert e.text == "sq1 moves to (2, 2); sq1 passes the mines at (1, 2)"
    g = game()
    put(g, "sq1", (0, 2))
    with g.table_dice([4, 5, 6, 1]):
        e = V.resolve_move(g, "sq1", [(1, 2), (2, 2)])
    assert [(r.purpose, r.faces) for r in e.rolls] == [("pass mines at (1, 2)", (4,)), ("attack", (5, 6, 1))]
    assert L.cell(g, "sq1") == (1, 2) and L.order(g, "sq1") == "suppressed"
    assert e.text == "sq1 moves to (1, 2) (stopped by mines; wanted (2, 2)); sq1: 2 hits -> suppressed (mines)"


def test_a_dummy_minefield_is_revealed_when_a_unit_fails():
    # Mines (beta), dummy blinds: a unit failing its d6 (a 4) stops, unhurt, and the dummy goes
    g = game()
    put(g, "sq2", (5, 2))
    with g.table_dice([4]):
        e = V.resolve_move(g, "sq2", [(4, 2), (3, 2)])
    assert e.text == "sq2 moves to (4, 2) (stopped by mines; wanted (3, 2)); the mines at (4, 2) were a dummy"
    assert {k for k, v in L.cf(g)["mines"].items() if v} == {"1,2"} and L.order(g, "sq2") == "good order"


def test_finding_a_path_and_following_it():
    assert exact(M.find_path, 0).p(True) == Fraction(1, 3) and exact(M.find_path, 2).p(True) == Fraction(2, 3)
    g = game()
    put(g, "sq1", (0, 2))
    with g.table_dice([2]):  # a 2 misses the 5+
        assert not M.resolve_find_path(g, "sq1", (1, 2)).detail["outcome"]
    g = game()
    put(g, "sq1", (0, 2))
    with g.table_dice([5]):
        e = M.resolve_find_path(g, "sq1", (1, 2))
    assert e.detail["outcome"] and L.cf(g)["mines"]["1,2"]["paths"] == ["us"]
    put(g, "sq2", (0, 2))
    with g.table_dice([3]):  # through the found path: 3 + 2 = 5, through unharmed
        m = V.resolve_move(g, "sq2", [(1, 2), (2, 2)])
    assert m.rolls[0].faces == (3,) and L.cell(g, "sq2") == (2, 2)


def test_a_search_for_a_path_is_the_units_move_and_each_side_keeps_the_paths_it_found():
    # Mines (beta): 1d6, 5+ finds a path (2 in 6, 1 in 3); looking is the unit's move for the card,
    # so even on a face card, where a squad may both move and fire, it may not look twice
    g = game(card="any")
    put(g, "sq1", (0, 2))
    with g.table_dice([4]):  # 4 misses the 5+
        e = M.resolve_find_path(g, "sq1", (1, 2))
    assert e.text == "sq1 does not find a path through (1, 2)" and [(r.purpose, r.faces) for r in e.rolls] == [
        ("find a path", (4,))]
    assert e.detail["rule"] == "Mines" and e.detail["modifiers"] == []
    assert e.detail["odds"] == ["no path: 66.7%", "path found: 33.3%"]
    assert L.status(g, "sq1")["moved"] is True and L.cf(g)["mines"]["1,2"]["paths"] == []
    with pytest.raises(IllegalActionError, match="sq1 has already acted on this card"):
        M.resolve_find_path(g, "sq1", (1, 2))
    set_card(g, "move", "us")
    situation_of(g).unit_status("sq1", moved=False)
    situation_of(g).mines((1, 2), paths=("de",))  # the Germans know their own way through
    with g.table_dice([5]):
        e = M.resolve_find_path(g, "sq1", (1, 2))
    assert e.text == "sq1 finds a path through (1, 2)" and L.cf(g)["mines"]["1,2"]["paths"] == ["de", "us"]


def test_clearing_mines_is_an_opposed_roll():
    d = exact(M.clearing, 0)
    assert d.p(0) == Fraction(1, 6) and d.where(lambda x: x > 0) == Fraction(15, 36)


def test_only_the_clearing_sides_units_other_than_single_figures_clear_and_engineers_add_two():
    # Mines (beta), clearing: the units stopped in the square, each once a card; engineers +2
    g = game(card="fire", edit=lambda d: unit(d, "sq1").update(kind="engineer_squad"))
    put(g, "sq1", (1, 2))
    put(g, "plt_ldr", (1, 2))  # a single figure: no clearer
    put(g, "gruppe2", (1, 2))  # an enemy in the square does not clear for the Americans
    assert M.clearers(g, (1, 2)) == ["sq1"]
    with g.table_dice([3, 4]):  # 3 + 2 against 4: cleared by one
        e = M.resolve_clear(g, (1, 2))
    assert [(r.purpose, r.faces) for r in e.rolls] == [("clearing side", (3,)), ("mines", (4,))]
    assert [m["name"] for m in e.detail["modifiers"]] == ["engineers"] and e.detail["outcome"] == ["mines cleared"]
    # 1d6 + 2 against 1d6: behind by one when the mines' die is three higher (3 of 36 pairs),
    # level when it is two higher (4 of 36)
    assert e.detail["odds"][2:4] == ["mines remain, 1 hit on each unit: 8.3%", "cleared, 3 hits on the first unit (tie): 11.1%"]
    g = game(card="fire")
    put(g, "sq1", (1, 2), fired=True)
    with pytest.raises(IllegalActionError, match="sq1 has already acted on this card"):
        M.resolve_clear(g, (1, 2))


@pytest.mark.parametrize("faces, lines, orders, cleared", [
    ([5, 3], ["mines cleared"], {"sq1": "good order", "sq2": "good order"}, True),  # 5 beats 3: the mines go
    ([4, 4], ["sq1: 3 hits -> destroyed (tie with the mines)", "mines cleared"],  # a tie: one unit and the mines
     {"sq1": "destroyed", "sq2": "good order"}, True),
    ([2, 4], ["sq1: 2 hits -> suppressed (mines)", "sq2: 2 hits -> suppressed (mines)", "the mines remain"],
     {"sq1": "suppressed", "sq2": "suppressed"}, False),  # 2 against 4: two hits on each unit
])
def test_clearing_a_real_minefield(faces, lines, orders, cleared):
    """Mines (beta), clearing: 1d6 for the units stopped in the square against 1d6 for the mines;
    the loser takes the difference in hits (on each unit), a tie destroys one unit and the mines.
    Clearing is the units' action for the card."""
    from tests.company_fire.helpers import game, put
    from wgkit.rules.company_fire import lookup as L
    from wgkit.rules.company_fire import mines as M

    g = game(card="fire")
    put(g, "sq1", (1, 2))
    put(g, "sq2", (1, 2))
    with g.table_dice(faces):
        e = M.resolve_clear(g, (1, 2))
    assert (e.kind, e.text, e.detail["rule"], e.detail["outcome"]) == ("clear mines", "clearing (1, 2): " + "; ".join(lines),
                                                                       "Mines", lines)
    assert {u: L.order(g, u) for u in orders} == orders
    assert L.status(g, "sq1")["fired"] and L.status(g, "sq2")["fired"]
    assert (L.cf(g)["mines"].get("1,2") is None) is cleared


def test_clearing_a_dummy_minefield_just_removes_the_marker():
    from tests.company_fire.helpers import game, put
    from tests.conftest import dotted
    from wgkit.rules.company_fire import mines as M

    g = game(card="fire")
    put(g, "sq2", (4, 2))
    e = M.resolve_clear(g, (4, 2))
    assert e.text == "clearing (4, 2): a dummy: the marker is removed" and e.rolls == ()
    assert dotted(e)[1:] == (("units.sq2.status.fired", True), ("vars.cf.mines.4,2", None))


def test_the_game_starts_with_the_attacker_holding_a_move_card_and_the_deck_shuffled():
    """Initiative and Phase Sequence: the attacker starts as if it had turned a move card; the
    52 cards (and the scenario's jokers) are shuffled; every mined square is marked (real or
    dummy); units riding a vehicle, or buttoned up, start so."""
    from tests.company_fire.helpers import unit
    from tests.conftest import ROOT, load_edited
    from wgkit.engine import Game
    from wgkit.rules.company_fire import lookup as L
    from wgkit.rules.company_fire.flow import SEQUENCE

    def edit(doc):
        doc["rules"] = {**doc.get("rules", {}), "jokers": 2}
        unit(doc, "zook").setdefault("rules", {})["carried_by"] = "sherman"
        unit(doc, "sherman")["rules"]["buttoned"] = True
        doc["sides"].reverse()  # the defender listed first: the attacker is found by its role

    g = Game(load_edited(ROOT / "scenarios/company_fire/hedgerows_of_normandy.yaml", edit), 7, flow=SEQUENCE)
    assert L.cf(g) == {"card": None, "kind": "move", "card_no": 0, "colours": L.cf(g)["colours"], "initiative_side": "us",
                       "initiative": 1, "phase": 1, "turn": 1, "clock": 0, "mission": {}, "missions_used": {}, "smoke": {},
                       "mines": {"4,2": {"cell": [4, 2], "real": False, "paths": []},
                                 "1,2": {"cell": [1, 2], "real": True, "paths": []}},
                       "opfire": None, "last_fire": None}
    assert g.state["active"] == "us" and sorted(L.cf(g)["colours"].values()) == ["black", "red"]
    deck = g.state["decks"]["initiative"]
    assert len(deck["draw"]) == 54 and deck["discard"] == [] and len(set(deck["draw"])) == 54
    assert L.status(g, "zook")["carried_by"] == "sherman" and L.buttoned(g, "sherman")


def test_drawing_cards_phase_by_phase_initiative_by_initiative_and_turn_by_turn():
    """Initiative Deck and Tracking Turns: a card of the side holding the initiative is its next
    phase; the other colour starts a new initiative at phase 1 (and ends the smoke that side laid);
    the attacker regaining the initiative starts a new turn, and past the scenario's last turn the
    game is over. Each card clears what units did on the last one."""
    from tests.company_fire.helpers import game, put
    from wgkit.rules import situation_of
    from wgkit.rules.company_fire import flow
    from wgkit.rules.company_fire import lookup as L

    g = game(step="Move and fire", card="move")  # us (red) hold the initiative: phase 1, initiative 1, turn 1 of 6
    situation_of(g).deck_order("initiative", ["3H", "4S", "5D"])
    situation_of(g).smoke((2, 3), "de")
    situation_of(g).smoke((3, 3), "us")
    put(g, "sq1", (2, 0), fired=True)

    def draw():
        changes = flow.draw_card(g)
        g.record("card", changes)
        return dict(changes)

    red = draw()
    assert red == {("vars", "cf", "card"): "3H", ("vars", "cf", "kind"): "move", ("vars", "cf", "card_no"): 2,
                   ("vars", "cf", "opfire"): None, ("vars", "cf", "last_fire"): None, ("active",): "us",
                   ("vars", "cf", "phase"): 2, ("units", "sq1", "status", "fired"): False}
    black = draw()  # the Germans' fire card: their initiative, and their smoke is gone
    assert black == {("vars", "cf", "card"): "4S", ("vars", "cf", "kind"): "fire", ("vars", "cf", "card_no"): 3,
                     ("vars", "cf", "opfire"): None, ("vars", "cf", "last_fire"): None, ("active",): "de",
                     ("vars", "cf", "initiative_side"): "de", ("vars", "cf", "phase"): 1, ("vars", "cf", "initiative"): 2,
                     ("vars", "cf", "smoke", "2,3"): None}
    situation_of(g).game_turn(6)
    again = draw()  # red again: the attacker's initiative, turn 7 of 6: the game is over
    assert again[("vars", "cf", "turn")] == 7 and again[("vars", "cf", "initiative")] == 3
    assert again[("vars", "cf", "smoke", "3,3")] is None and again[("vars", "game_over")] == "6 turns played"
    assert L.cf(g)["turn"] == 7


def test_a_forward_observers_two_missions_smoke_then_a_cancelled_he():
    """Artillery: the observer calls on a fire card a square he sees, HE or smoke; it arrives on
    his side's next fire card unless its d6 shows a 1; smoke marks the square for the side that laid
    it. With his missions spent (the scenario gives him 2) he leaves the table."""
    from tests.company_fire.helpers import game, put, set_card, unit
    from tests.conftest import dotted
    from wgkit.engine import IllegalActionError
    from wgkit.rules.company_fire import artillery as A
    from wgkit.rules.company_fire import lookup as L

    g = game(step="Artillery", card="move")
    put(g, "fo", (4, 3))
    with pytest.raises(IllegalActionError, match="^artillery is called on fire cards$"):
        A.resolve_call(g, "fo", (5, 4))
    set_card(g, "fire")
    with pytest.raises(IllegalActionError, match="^sq1 is not a forward observer on the table$"):
        A.resolve_call(g, "sq1", (5, 4))
    with pytest.raises(IllegalActionError, match="^a fire mission is HE or smoke$"):
        A.resolve_call(g, "fo", (5, 4), "gas")
    card = L.cf(g)["card_no"]
    e = A.resolve_call(g, "fo", (5, 4), "smoke")
    assert (e.kind, e.text, e.detail) == ("call artillery", "fo calls smoke on (5, 4)", {"rule": "Artillery"})
    assert dotted(e) == (("vars.cf.mission.us", {"cell": [5, 4], "kind": "smoke", "observer": "fo", "card": card}),
                         ("units.fo.status.fired", True))
    with pytest.raises(IllegalActionError, match="^us already has a fire mission on the way$"):
        A.resolve_call(g, "fo", (5, 4))
    with pytest.raises(IllegalActionError, match="^the mission arrives on the next fire card, not this one$"):
        A.resolve_arrival(g, "us")
    set_card(g, "move")
    with pytest.raises(IllegalActionError, match="^a fire mission arrives on its side's next fire card$"):
        A.resolve_arrival(g, "us")
    set_card(g, "fire")
    with g.table_dice([3]):
        e = A.resolve_arrival(g, "us")
    assert (e.kind, e.text, e.detail["rule"]) == ("artillery", "smoke mission on (5, 4): smoke on (5, 4)", "Artillery")
    assert dotted(e)[1:] == (("vars.cf.missions_used.fo", 1), ("vars.cf.mission.us", None),
                             ("vars.cf.smoke.5,4", {"cell": [5, 4], "side": "us"}))
    with pytest.raises(IllegalActionError, match="^us has no fire mission waiting$"):
        A.resolve_arrival(g, "us")
    set_card(g, "fire")
    A.resolve_call(g, "fo", (4, 4))
    set_card(g, "fire")
    with g.table_dice([1]):
        e = A.resolve_arrival(g, "us")
    assert e.text == "HE mission on (4, 4): cancelled (a 1); fo has used all its missions and leaves"
    assert sorted(dotted(e)[1:]) == [("pieces.fo_fig.alive", False), ("units.fo.status.order", "removed"),
                                     ("vars.cf.mission.us", None), ("vars.cf.missions_used.fo", 2)]

    def no_missions(doc):
        unit(doc, "fo")["rules"]["missions"] = 0

    g = game(step="Artillery", card="fire", edit=no_missions)
    with pytest.raises(IllegalActionError, match="^fo has no fire missions left$"):
        A.resolve_call(g, "fo", (3, 2))


def test_a_face_card_counts_as_a_fire_card_for_artillery():
    # house: segments 1-3 say "fire card only"; a face card allows fire, so it serves
    g = game(step="Artillery", card="any")
    put(g, "fo", (4, 3))
    assert A.resolve_call(g, "fo", (5, 4)).text == "fo calls HE on (5, 4)"
