"""The engine: events, undo/redo, replay, turn flow, decks."""

import json
import re

import pytest

from tests.conftest import ROOT
from wgkit.dice import D6, TABLE
from wgkit.engine import Game, IllegalActionError, Phase, Step, TurnSequence
from wgkit.engine import deck as cards
from wgkit.engine.events import Event, copy_tree
from wgkit.scenario import load

SCENARIO = load(ROOT / "scenarios/close_action/hedgerow_farm.yaml")
FLOW = TurnSequence((
    Phase("Active", (Step("Rally and fire", "active", ("rally", "fire")), Step("Move", "active", ("move",)))),
    Phase("Passive", (Step("Morale and defensive fire", "passive", ("morale", "fire")),)),
    Phase("Hand to hand", (Step("Melee", "both", ("melee",)),)),
), alternate=True)


def fire(chance, dice):
    return chance.pool(dice, D6, [{5, 6}], "fire")


def play_some(game: Game) -> None:
    game.move("r1", (23, 9))
    game.resolve("fire", fire, 4, rule="test", changes=lambda hits: [(("pieces", "g1", "alive"), hits == 0)],
                  text=lambda hits: f"{hits} hits")
    game.advance()
    game.new_deck("cards", cards.standard_deck(2))
    game.shuffle("cards")
    game.draw("cards")


def test_state_starts_from_the_scenario():
    g = Game(SCENARIO)
    assert g.seed == 1944 and g.state["active"] == "us"
    assert g.state["pieces"]["r1"]["position"] == [22, 6] and len(g.state["pieces"]) == 24


def test_undo_redo_and_undo_to_restore_exact_states():
    g = Game(SCENARIO)
    before = json.dumps(g.state, sort_keys=True)
    play_some(g)
    after = json.dumps(g.state, sort_keys=True)
    g.undo_to(0)
    assert json.dumps(g.state, sort_keys=True) == before
    for _ in range(6):
        g.redo()
    assert json.dumps(g.state, sort_keys=True) == after
    g.undo()
    g.move("r2", (1, 1))  # a new action forgets the undone event
    with pytest.raises(IllegalActionError, match="nothing to redo"):
        g.redo()


def test_replay_reproduces_state_and_same_actions_give_same_log():
    a, b = Game(SCENARIO), Game(SCENARIO)
    play_some(a)
    play_some(b)
    assert [e.to_dict() for e in a.log] == [e.to_dict() for e in b.log]
    assert a.state == b.state
    r = Game.replay(SCENARIO, a.seed, a.log, FLOW)
    assert r.state == a.state


def test_rolls_and_rng_state_are_in_the_log():
    g = Game(SCENARIO)
    e = g.resolve("fire", fire, 8, rule="test")
    assert e.rolls[0].faces and len(e.rolls[0].faces) == 8
    assert g.state["rng"]["counter"] == 8 and e.rolls[0].counter == 0
    g.undo()
    assert g.state["rng"]["counter"] == 0
    assert g.resolve("fire", fire, 8, rule="test").rolls == e.rolls  # undo rewinds the dice too


def test_branch_is_independent():
    g = Game(SCENARIO)
    what_if = g.branch()
    what_if.move("r1", (30, 30))
    assert g.state["pieces"]["r1"]["position"] == [22, 6] and not g.log


def test_a_deep_copy_keeps_every_kind_of_value_and_shares_nothing():
    tree = {"a": [1, 2.5, None, True, "x"], "t": (1, [2]), "d": {"k": {"j": [3]}}}
    copied = copy_tree(tree)
    assert copied == tree and type(copied["t"]) is tuple and copied["a"][3] is True
    copied["d"]["k"]["j"].append(4)
    copied["t"][1].append(5)
    assert tree == {"a": [1, 2.5, None, True, "x"], "t": (1, [2]), "d": {"k": {"j": [3]}}}


def test_numpy_numbers_enter_the_state_as_python_numbers_and_branch_intact():
    """A unit dragged on the board moves by offsets worked out in numpy: the state must hold
    Python's numbers, or a what-if branch (marshal) copies an np.float64 as raw bytes."""
    import numpy as np

    g = Game(SCENARIO)
    g.record("move", [(("pieces", "r1", "position"), (np.float64(25.8), np.float64(21.25))),
                      (("vars", "n"), {"count": np.int64(3), "flag": np.bool_(True), "xy": np.array([0.5, 1.5])})],
             "r1 moves")
    position, n = g.state["pieces"]["r1"]["position"], g.state["vars"]["n"]
    assert position == [25.8, 21.25] and [type(v) for v in position] == [float, float]
    assert n == {"count": 3, "flag": True, "xy": [0.5, 1.5]}
    assert (type(n["count"]), type(n["flag"]), type(n["xy"][0])) == (int, bool, float)
    assert g.branch().state == g.state
    assert json.loads(json.dumps(g.log[-1].to_dict()))["changes"][0][1] == [25.8, 21.25]


def test_a_value_marshal_refuses_is_copied_node_by_node():
    class Mark:  # not JSON-shaped: kept as it is, the containers around it copied
        pass

    mark = Mark()
    tree = {"m": [mark, {"n": 1}]}
    copied = copy_tree(tree)
    assert copied["m"][0] is mark and copied["m"][1] == {"n": 1} and copied["m"][1] is not tree["m"][1]


def test_a_branch_and_its_game_undo_apart_and_share_no_state():
    g = Game(SCENARIO)
    g.move("r1", (30, 30))
    g.record("note", [(("vars", "x"), {"list": [1, 2], "deep": {"k": [3]}})], "a nested value")
    what_if = g.branch()
    what_if.state["vars"]["x"]["deep"]["k"].append(4)  # a what-if scribbles deep in its copy
    assert g.state["vars"]["x"] == {"list": [1, 2], "deep": {"k": [3]}}
    what_if.undo()
    what_if.undo()  # the branch takes both events back ...
    assert what_if.state["pieces"]["r1"]["position"] == [22, 6] and "x" not in what_if.state["vars"]
    assert g.state["pieces"]["r1"]["position"] == [30, 30] and len(g.log) == 2  # ... the game keeps them
    g.undo()
    g.undo()
    assert g.state == Game(SCENARIO).state


def test_turn_flow_walks_the_sequence_and_alternates_sides():
    g = Game(SCENARIO, flow=FLOW)
    assert g.legal_actions() == ("rally", "fire") and g.acting_sides() == ["us"]
    g.advance()
    assert g.current_step().name == "Move"
    g.advance()
    assert g.acting_sides() == ["de"] and "morale" in g.legal_actions()
    g.advance()
    assert g.acting_sides() == ["us", "de"]
    g.advance()
    assert g.position == (2, 0, 0) and g.state["active"] == "de"
    with pytest.raises(IllegalActionError, match="'melee' is not allowed in Rally and fire; allowed now: rally, fire"):
        g.require("melee")


def test_flow_stops_at_the_turn_limit():
    g = Game(SCENARIO.with_(turns=1), flow=FLOW)
    for _ in range(3):
        g.advance()
    with pytest.raises(IllegalActionError, match="ends after turn 1"):
        g.advance()


def test_deck_counts_colours_and_reproducible_draws():
    deck = cards.standard_deck(2)
    assert len(deck) == 54 and len(set(deck)) == 54
    assert sum(cards.colour(c) == "red" for c in deck) == 27
    assert [cards.rank(c) for c in ("AS", "10H", "QD", "KC", "JK1")] == [1, 10, 12, 13, 0]
    assert cards.is_face("JD") and not cards.is_face("10D")
    rookie = cards.colour_deck({"red": 5, "black": 7})
    assert len(rookie) == 12 and sum(cards.colour(c) == "red" for c in rookie) == 5

    def draws(seed):
        g = Game(SCENARIO, seed)
        g.new_deck("d", deck)
        g.shuffle("d")
        return [g.draw("d") for _ in range(10)], g

    first, g = draws(3)
    assert first == draws(3)[0] and first != draws(4)[0]
    d = g.state["decks"]["d"]
    assert len(d["draw"]) == 44 and d["discard"] == first
    g.shuffle("d")
    assert len(g.state["decks"]["d"]["draw"]) == 54


def test_empty_deck_and_unknown_deck_are_refused():
    g = Game(SCENARIO)
    g.new_deck("d", ["AS"])
    g.draw("d")
    with pytest.raises(IllegalActionError, match="deck d is empty: shuffle it first"):
        g.draw("d")
    with pytest.raises(IllegalActionError, match="no deck called 'x'"):
        g.draw("x")


def test_dead_piece_cannot_move():
    g = Game(SCENARIO)
    g.record("casualty", [(("pieces", "r1", "alive"), False)])
    with pytest.raises(IllegalActionError, match="r1 is out of action"):
        g.move("r1", (1, 1))


def test_an_event_that_writes_where_the_state_has_no_place_is_refused_whole():
    g = Game(SCENARIO, flow=FLOW)
    before = json.dumps(g.state, sort_keys=True)
    pid = next(iter(g.state["pieces"]))
    for path, why in [((("pieces", pid, "alvie"),), f"no such field of a piece: pieces.{pid}.alvie"),
                      ((("pieces", "nobody", "alive"),), "no piece 'nobody' in the game (pieces.nobody.alive)"),
                      ((("rgn", "counter"),), "no such place in the game state: rgn.counter"),
                      ((("rng", "counter", "x"),), "no such place in the game state: rng.counter.x"),
                      ((("turn", "x"),), "no such place in the game state: turn.x"),
                      ((("vars",),), "an event may not replace all of vars"),
                      ((("units",),), "an event may not replace all of units"),
                      ((("pieces", pid),), f"an event may not replace a whole piece: pieces.{pid}")]:
        changes = [(("pieces", pid, "status", "fired"), True), (path[0], 1)]  # the good change is not kept either
        with pytest.raises(ValueError, match=re.escape(why)):
            g.commit(Event("bad", tuple(changes)))
        assert json.dumps(g.state, sort_keys=True) == before and g.log == []
    for path in [("pieces", pid, "status", "deep", "er"), ("units", g.state["pieces"][pid]["unit"], "markers"),
                 ("vars", "a", "b"), ("decks", "x"), ("rng", "counter"), ("turn",)]:
        g.commit(Event("fine", ((path, 2),)))
    assert len(g.log) == 6


# -- dice after an undo, and faces typed at the table ------------------------------------------------

def test_fresh_dice_skip_the_faces_of_an_undone_roll():
    g = Game(SCENARIO, seed=3)
    g.resolve("fire", fire, 4, rule="test")
    seen = g.state["rng"]["counter"]
    faces = g.log[-1].rolls[0].faces
    g.undo()
    assert g.state["rng"]["counter"] == seen - 4
    event = g.fresh_dice(seen)
    assert event.kind == "dice" and g.state["rng"]["counter"] == seen
    assert event.text == "the umpire chose fresh dice: the faces of the undone roll are skipped"
    g.resolve("fire", fire, 4, rule="test")
    assert g.log[-1].rolls[0].counter == seen  # the new roll starts past the undone one's faces
    assert g.log[-2].kind == "dice" and faces  # the undone roll had faces to skip
    with pytest.raises(IllegalActionError) as e:
        g.fresh_dice(g.state["rng"]["counter"])  # nothing ahead has been seen
    assert str(e.value) == "the next dice have not been seen yet; there is nothing to re-roll"


def test_faces_needed_asks_for_the_next_roll_until_the_faces_are_exactly_enough():
    g = Game(SCENARIO, seed=3)

    def act(game):
        game.resolve("fire", fire, 2, rule="test")
        game.resolve("fire", fire, 1, rule="test")

    need = g.faces_needed(act, [])
    assert (need.die, need.n, need.purpose) == (D6, 2, "fire")
    need = g.faces_needed(act, [5, 1])
    assert (need.die, need.n) == (D6, 1)
    assert g.faces_needed(act, [5, 1, 6]) is None
    with pytest.raises(ValueError) as e:
        g.faces_needed(act, [5, 1, 6, 2])
    assert str(e.value) == "the rules used 3 of the 4 faces entered"
    assert g.log == [] and g.state["rng"]["counter"] == 0  # tried on a copy only
    with g.table_dice([6, 6]) as left:
        g.resolve("fire", fire, 2, rule="test", text=lambda hits: f"{hits} hits")
    assert left == [] and g.log[-1].text == "2 hits" and g.log[-1].rolls[0].note == TABLE
    assert g.state["rng"]["counter"] == 0  # table dice leave the seeded stream where it was


def test_at_step_goes_to_the_named_step_or_says_which_steps_there_are():
    g = Game(SCENARIO, flow=FLOW)
    assert g.at_step("Rally and fire") is g and g.log == []  # the current step counts
    g.at_step("Melee")
    assert g.position == (1, 2, 0) and len([e for e in g.log if e.kind == "flow"]) == 3
    g.at_step("Move")
    assert g.position == (2, 0, 1)  # on into the next turn
    with pytest.raises(IllegalActionError) as e:
        g.at_step("Charge")
    assert str(e.value) == "no step called 'Charge'; the steps are: Rally and fire, Move, Morale and defensive fire, Melee"


def test_the_step_before_each_position():
    # FLOW: Active (2 steps), Passive (1), Hand to hand (1)
    assert FLOW.before(1, 0, 1) == (1, 0, 0)
    assert FLOW.before(1, 1, 0) == (1, 0, 1)  # the last step of the phase before
    assert FLOW.before(1, 2, 0) == (1, 1, 0)
    assert FLOW.before(2, 0, 0) == (1, 2, 0)  # the last step of the turn before
    with pytest.raises(ValueError, match="the game is at its first step"):
        FLOW.before(1, 0, 0)


def test_a_branch_with_its_own_dice_knows_neither_the_coming_rolls_nor_the_card_order():
    import random

    g = Game(SCENARIO, seed=3)
    g.new_deck("cards", cards.standard_deck(2))
    g.resolve("fire", fire, 4, rule="test")
    rng, order = dict(g.state["rng"]), list(g.state["decks"]["cards"]["draw"])
    what_if = g.branch(dice=7)
    assert what_if.state["rng"] == {**rng, "seed": 7, "counter": 0}
    expected = list(order)
    random.Random(7).shuffle(expected)  # the cards not yet drawn, shuffled with the branch's own seed
    assert what_if.state["decks"]["cards"]["draw"] == expected != order
    assert g.state["rng"] == rng and g.state["decks"]["cards"]["draw"] == order  # the game keeps its own
    same = g.branch()
    assert same.state["rng"] == rng and same.state["decks"]["cards"]["draw"] == order


def test_a_move_records_where_and_which_way_and_says_so():
    g = Game(SCENARIO)
    e = g.move("r1", (30, 30.5), facing=90)
    assert e.kind == "move" and e.text == "r1 moves to (30, 30.5)"
    assert e.action == {"name": "move", "params": {"piece": "r1", "to": [30, 30.5]}}
    assert g.state["pieces"]["r1"]["position"] == [30, 30.5] and g.state["pieces"]["r1"]["facing"] == 90
    before = g.state["pieces"]["r2"]["facing"]
    g.move("r2", (1, 2))
    assert g.state["pieces"]["r2"]["facing"] == before  # no facing given: it stays
    with pytest.raises(IllegalActionError, match="there is no piece 'zz'"):
        g.move("zz", (1, 1))


def test_advance_records_the_step_a_hook_opens_and_stops_when_the_game_is_over():
    def mark(game):
        return [(("vars", "moved"), game.state["turn"])]

    flow = TurnSequence((Phase("One", (Step("A", "both", ("x",)), Step("B", "both", ("y",), on_enter=mark))),))
    g = Game(SCENARIO, flow=flow)
    e = g.advance()
    assert e.kind == "flow" and e.text == "turn 1: One - B"
    assert g.log[-1].kind == "step" and g.log[-1].text == "start of B" and g.state["vars"]["moved"] == 1
    g.advance()
    assert g.position == (2, 0, 0) and g.state["active"] == "us"  # this turn does not alternate sides
    g.record("end", [(("vars", "game_over"), "Americans win")])
    with pytest.raises(IllegalActionError) as over:
        g.advance()
    assert str(over.value) == "the game is over: Americans win"


SMALL = """
title: Start
ruleset: close_action
table: {width: 24, depth: 24}
sides:
  - id: de
    name: Germans
    role: defender
    units:
      - id: gruppe
        kind: squad
        hidden: true
        figures: [{id: g1, position: [18, 6], facing: 90, weapons: [rifle]}]
  - id: us
    name: Americans
    role: attacker
    units:
      - id: able
        kind: squad
        figures: [{id: a1, position: [6, 6], weapons: [rifle]}, {id: a2, position: [7, 6], hidden: true, weapons: [rifle]}]
"""


def test_the_starting_state_written_out_in_full():
    from wgkit.scenario import loads

    g = Game(loads(SMALL, "start.yaml"), seed=12)
    s = g.state
    assert (s["turn"], s["phase"], s["step"], s["active"]) == (1, 0, 0, "us")  # the attacker, listed second
    assert s["rng"] == {"seed": 12, "counter": 0} and s["decks"] == {} and s["vars"] == {}
    assert s["sides"] == {"de": {"role": "defender", "vars": {}}, "us": {"role": "attacker", "vars": {}}}
    assert s["units"] == {"gruppe": {"side": "de", "status": {}, "markers": []},
                          "able": {"side": "us", "status": {}, "markers": []}}
    assert s["pieces"]["g1"] == {"side": "de", "unit": "gruppe", "position": [18, 6], "cell": None, "facing": 90,
                                 "alive": True, "status": {}, "hidden": True, "spotted_by": []}  # hidden with its unit
    assert (s["pieces"]["a1"]["hidden"], s["pieces"]["a2"]["hidden"]) == (False, True)
    # colours of the card decks: the attacker red, the other black, unless the scenario says
    assert cards.side_colours(g) == {"us": "red", "de": "black"}
    g2 = Game(loads(SMALL, "start.yaml").with_(rules={"colours": {"de": "red", "us": "black"}}))
    assert cards.side_colours(g2) == {"de": "red", "us": "black"}


def test_reseeding_starts_a_new_stream_of_dice_and_undoes():
    from wgkit.engine.views import dice_drawn, seed_of

    g = Game(load(ROOT / "scenarios/close_action/hedgerow_farm.yaml"), seed=3)
    first = g.roller().roll(D6, 3)
    e = g.reseed(11, "fresh dice")
    assert (seed_of(g.state), dice_drawn(g.state), e.text) == (11, 0, "fresh dice")
    assert g.roller().roll(D6, 3) == Game(load(ROOT / "scenarios/close_action/hedgerow_farm.yaml"), seed=11).roller().roll(D6, 3)
    g.undo()
    assert seed_of(g.state) == 3 and first


def test_events_recorded_in_a_group_are_undone_as_one_action():
    """A unit's figures moved one by one are one action to take back (the group's start)."""
    g = Game(SCENARIO)
    g.move("r1", (23, 9))
    with g.grouped("squad a moves"):
        g.move("r2", (24, 9))
        with g.grouped("r3 acts"):  # opened inside (an activation within the move): part of the move
            g.move("r3", (25, 9))
        assert g.group == "squad a moves"
    assert [(e.action or {}).get("group") for e in g.log] == [None, "squad a moves", "squad a moves"]
    assert g.group is None and g.group_start() == 1
    g.undo_to(g.group_start())
    assert len(g.log) == 1 and g.state["pieces"]["r2"]["position"] == list(SCENARIO.piece("r2").position)
    assert g.group_start() == 0  # an ungrouped event is its own action
    with pytest.raises(IllegalActionError, match="^the log has 1 events; cannot return to 2$"):
        g.undo_to(2)
    with pytest.raises(IllegalActionError, match="^the log has 1 events; cannot return to -1$"):
        g.undo_to(-1)
    assert Game(SCENARIO).group_start() == 0


def test_decks_refuse_what_a_pack_of_cards_cannot_hold():
    with pytest.raises(ValueError, match="^a deck has 0, 1 or 2 jokers$"):
        cards.standard_deck(3)
    with pytest.raises(ValueError, match="^a deck has 0, 1 or 2 jokers$"):
        cards.standard_deck(-1)
    assert len(cards.standard_deck(2)) == 54 and cards.standard_deck(2)[-2:] == ["JK1", "JK2"]
    with pytest.raises(ValueError, match="^a deck holds 0 to 26 red cards, not 27$"):
        cards.colour_deck({"red": 27})
    assert cards.colour_deck({"red": 26, "black": 0}) == [c for c in cards.standard_deck() if cards.colour(c) == "red"]
    g = Game(SCENARIO)
    with pytest.raises(IllegalActionError, match="^there is no deck called 'spare'$"):
        g.draw("spare")


def test_a_step_names_who_acts_in_it():
    with pytest.raises(ValueError, match="^step 'Fire': who must be one of .*, not 'everyone'$"):
        Step("Fire", "everyone", ("fire",))


def test_steps_for_the_attacker_or_the_defender_name_their_side():
    flow = TurnSequence((Phase("Assault", (Step("Attack", "attacker", ("move",)), Step("Hold", "defender", ("fire",)),
                                            Step("Both", "both", ("melee",)))),))
    g = Game(SCENARIO, 7, flow=flow)
    sides = []
    for _ in range(3):
        sides.append(g.acting_sides())
        g.advance()
    assert sides == [["us"], ["de"], ["us", "de"]]


def test_undo_redo_and_reseed_say_what_they_did():
    g = Game(SCENARIO, 7, flow=FLOW)
    with pytest.raises(IllegalActionError, match="^nothing to undo$"):
        g.undo()
    with pytest.raises(IllegalActionError, match="^nothing to redo$"):
        g.redo()
    heard = []
    g.listeners.append(lambda what, event: heard.append((what, event.kind)))
    e = g.reseed(99, "fresh dice for the second evening")
    assert (e.kind, e.text, g.state["rng"]) == ("dice", "fresh dice for the second evening", {"seed": 99, "counter": 0})
    g.undo()
    g.redo()
    assert heard[-2:] == [("undo", "dice"), ("redo", "dice")]
    g.undo_to(len(g.log))  # already there: nothing happens
    assert len(g.log) == 1
    assert g.group_start() == 0  # the latest event alone


def test_a_game_shows_itself_as_a_picture_in_a_notebook():
    g = Game(SCENARIO, 7, flow=FLOW)
    svg = g._repr_svg_()
    assert svg.startswith("<?xml") and "<svg" in svg and svg.count("<path") > 10  # terrain and pieces drawn
    assert g._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_deck_events_say_what_happened_to_the_cards():
    g = Game(SCENARIO, 3, flow=FLOW)
    e = g.new_deck("cards", ["AS", "2H", "JK1", "JK2"])
    assert (e.kind, e.text) == ("deck", "deck cards: 4 cards")
    e = g.shuffle("cards")
    assert (e.kind, e.text, [r.purpose for r in e.rolls]) == ("deck", "shuffled cards", ["shuffle cards"])
    top = g.state["decks"]["cards"]["draw"][0]
    assert g.draw("cards") == top
    e = g.log[-1]
    assert (e.kind, e.text, e.detail) == ("deck", f"cards: drew {top} ({cards.colour(top)})", {"card": top})
    # suits: hearts and diamonds red; the first joker red, the second black (a pair per deck)
    assert [cards.colour(c) for c in ("2H", "QD", "AS", "3C", "JK1", "JK2")] == ["red", "red", "black", "black", "red", "black"]
    assert (cards.suit("AS"), cards.suit("JK1")) == ("S", None)


def test_event_plumbing_says_what_is_wrong_with_a_broken_record():
    from wgkit.engine.events import MISSING, plain, put

    assert plain({"t": ("a\ud800b", 1)}) == {"t": ["a\ufffdb", 1]}  # a cut emoji has no UTF-8 form: U+FFFD
    assert repr(MISSING) == "MISSING"
    state = {"pieces": {"r1": 5}}
    with pytest.raises(ValueError, match="^the path pieces.r1.alive runs into a int$"):
        put(state, ("pieces", "r1", "alive"), True)
    assert put(state, ("pieces", "r1"), MISSING) == 5 and state == {"pieces": {}}
    assert put(state, ("pieces", "r9"), MISSING) is MISSING  # nothing there to remove
    odd = {"a": (1, [2, {"b": (3,)}]), "c": object()}  # marshal refuses the object: copied node by node
    copied = copy_tree(odd)
    assert copied == odd and copied["a"][1] is not odd["a"][1] and copied["c"] is odd["c"]
    with pytest.raises(ValueError, match="^an event needs a 'kind' and a list of 'changes'$"):
        Event.from_dict({"kind": "x"})
    with pytest.raises(ValueError, match=r"^a change must be \[path, value, removed\], not \['a'\]$"):
        Event.from_dict({"kind": "x", "changes": [["a"]]})
    for broken in ({"rolls": {}}, {"by": "zug"}, {"by": [3]}):
        with pytest.raises(ValueError, match="^an event's text, rolls, detail, action or actors have the wrong shape$"):
            Event.from_dict({"kind": "x", "changes": [], **broken})
    fire = Event("fire", (), "zug fires", by=("zug",))
    assert Event.from_dict(fire.to_dict()) == fire and "by" not in Event("step", ()).to_dict()
    e = Event.from_dict({"kind": "x", "changes": [[["turn"], None, True]]})
    assert (e.text, e.changes) == ("", ((("turn",), MISSING),))  # removed: no value; no text: empty
