"""The action panel as a state machine (issue 64): random sequences of an umpire's gestures on
every bundled scenario of every ruleset, with what must hold after each.

- A gesture that only fills the form (choosing an action, a list value, clicking a piece or a
  point) changes nothing in the game.
- A drag that moves at once moves the piece dragged (or pieces of its unit), nothing else.
- After any event, or an undo, the form holds no spent gesture: no point clicked or dragged to,
  no group. What Resolve would do is asked again, so a drag that worked cannot be made twice.
- Resolve is enabled only when its action is offered now and the rules would make it as the form
  stands: on a copy of the game, what Resolve does is not refused.
- Resolve makes exactly what the form said: the events of its rehearsal on a copy of the game.
  Then the same action with the same values is not offered again at once (what a unit may do
  once a step is not done twice), except where the rules allow it (``REPEATABLE``).
- A drag the board refuses leaves Resolve disabled, the reason beside it and nothing drawn.
- Next leaves a step where the rules still require something only after saying what.
- Resolve ▶ Next makes what Resolve would, then leaves the step, or says why it stays.
- No gesture shows a Python error: every refusal is in words.

``--hypothesis-profile=long`` runs many more sequences (see tests/conftest.py)."""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as W
import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tests.conftest import ROOT
from wgkit.engine.game import IllegalActionError
from wgkit.engine.views import game_over, piece_ids, side_of, unit_of
from wgkit.form import GENERIC_NAMES, possible
from wgkit.rules.registry import actions_for, get_ruleset
from wgkit.widgets import UmpireApp
from wgkit.widgets.menu import Menu
from wgkit.widgets.turn import PASSED

# actions the rules let the same unit make again at once with the same values, and why
REPEATABLE = {"rookie": {"draw card": "a card sequence draws card after card (The sequence of the game, 3)",
                         "fire": "an activated unit may fire twice with its two functions (Movement and firing)"}}
SCENARIOS = sorted(p for p in (ROOT / "scenarios").glob("*/*.yaml"))


def machine(path: Path) -> type[RuleBasedStateMachine]:
    class Panel(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.app = UmpireApp.open(path, seed=11)
            self.app.confirm_moves.value = False
            table = self.app.game.scenario.table
            self.size = (table.width, table.depth)

        # -- helpers ---------------------------------------------------------------------------
        @property
        def form(self):  # noqa: ANN201
            return self.app.actions

        def stamp(self) -> tuple[int, int | None]:
            log = self.app.game.log
            return len(log), id(log[-1]) if log else None

        def board(self, kind: str, value: object) -> None:
            """A gesture on the board, as the page sends it (an error is shown, not raised)."""
            self.app.board_errors.guard(self.app._board_event)(kind, value)

        def piece(self, i: int) -> str:
            live = piece_ids(self.app.game.state, alive=True) or piece_ids(self.app.game.state)
            return live[i % len(live)]

        def point(self, fx: float, fy: float) -> tuple[float, float]:
            return round(fx * self.size[0], 1), round(fy * self.size[1], 1)

        # -- gestures that only fill the form ----------------------------------------------------
        @rule(i=st.integers(0, 50))
        def choose_action(self, i: int) -> None:
            before = self.stamp()
            options = [v for _, v in self.form.choice.options]
            if options:
                self.app.errors.guard(lambda: setattr(self.form.choice, "value", options[i % len(options)]))()
            assert self.stamp() == before, "choosing an action changed the game"

        @rule(i=st.integers(0, 50), j=st.integers(0, 50))
        def choose_from_a_list(self, i: int, j: int) -> None:
            before = self.stamp()
            lists = [w for w in self.form.inputs.values() if isinstance(w, Menu) and w.options]
            if lists:
                w = lists[i % len(lists)]
                value = [v for _, v in w.options][j % len(w.options)]
                self.app.errors.guard(lambda: setattr(w, "value", value))()
            assert self.stamp() == before, "choosing from a list changed the game"

        @rule(i=st.integers(0, 50), k=st.integers(0, 50), j=st.integers(0, 50))
        def a_late_pick_on_a_list_shown_before(self, i: int, k: int, j: int) -> None:
            """A pick made on a list the page still showed when the kernel replaced it (another
            page's event, a slow connection) arrives: the form takes the item picked or nothing,
            never the item now at that position."""
            menus = [m for m in (self.form.choice, *self.form.inputs.values()) if isinstance(m, Menu) and m.replaced]
            if not menus:
                return
            menu = menus[i % len(menus)]
            shown = menu.replaced[k % len(menu.replaced)]
            if not shown.options or shown.index == j % len(shown.options):
                return
            item, before, stamp = shown.options[j % len(shown.options)][1], menu.value, self.stamp()
            self.app.errors.guard(lambda: setattr(shown, "index", j % len(shown.options)))()
            assert self.stamp() == stamp, "a pick changed the game"
            assert menu.value in (before, item), f"picked {item!r}, the form holds {menu.value!r}"
            if item not in [v for _, v in menu.options]:
                assert menu.value == before, f"{item!r} is no longer offered, yet the form took {menu.value!r}"

        @rule(i=st.integers(0, 200))
        def click_a_piece(self, i: int) -> None:
            before = self.stamp()
            piece = self.piece(i)
            aimed = self.target_for(piece)
            self.board("select", piece)
            assert self.stamp() == before, "a click on a piece changed the game"
            if aimed is not None:  # the form's actor may act on it: it becomes the target, the actor stays
                param, actor = aimed
                assert self.form.inputs[param.enemy_of].value == actor, f"a click on {piece} made it the actor"
                assert self.form.inputs[param.name].value in (piece, unit_of(self.app.game.state, piece))

        def target_for(self, piece: str):  # noqa: ANN201
            """(the target parameter, the actor) when the form's chosen actor may take ``piece``
            (or its unit) as the target it ties to that actor; else None."""
            spec, state = self.form.spec, self.app.game.state
            for p in spec.params if spec is not None else ():
                actor = getattr(self.form.inputs.get(p.enemy_of), "value", None) if p.enemy_of else None
                w = self.form.inputs.get(p.name)
                if actor is None or w is None or not isinstance(actor, str) or side_of(state, actor) is None:
                    continue
                if {piece, unit_of(state, piece)} & {v for _, v in w.options} and side_of(state, actor) != side_of(state, piece):
                    return p, actor
            return None

        @rule(fx=st.floats(0, 1), fy=st.floats(0, 1))
        def click_the_table(self, fx: float, fy: float) -> None:
            before = self.stamp()
            self.board("point", self.point(fx, fy))
            assert self.stamp() == before, "a click on the table changed the game"

        # -- gestures that may act -------------------------------------------------------------
        @rule(i=st.integers(0, 200), dx=st.floats(-8, 8), dy=st.floats(-8, 8))
        def drag_a_piece(self, i: int, dx: float, dy: float) -> None:
            piece = self.piece(i)
            start = self._at(piece)
            if start is None:
                return
            to = (round(min(max(start[0] + dx, 0), self.size[0]), 1), round(min(max(start[1] + dy, 0), self.size[1]), 1))
            n = len(self.app.game.log)
            self.board("drag", (piece, to))
            log = self.app.game.log
            unit = unit_of(self.app.game.state, piece)
            for event in log[n:]:  # a drag that moves at once moves what was dragged (or its unit), nothing else
                moved = {path[1] for path, _ in event.changes
                         if path[0] == "pieces" and len(path) == 3 and path[2] in ("position", "cell", "facing")}
                others = {pid for pid in moved if unit_of(self.app.game.state, pid) != unit}
                assert not others, f"a drag of {piece} moved {sorted(others)}: {event.text!r}"

        def _at(self, piece: str) -> tuple[float, float] | None:
            from wgkit.render.scene import piece_points

            return piece_points(self.app.game.scenario, self.app.game.state).get(piece)

        @rule(why=st.sampled_from(['that drag is 40.0" and the most is 6"', "no path there"]))
        def a_drag_the_board_refuses(self, why: str) -> None:
            before = self.stamp()
            self.board("refused", why)
            assert self.stamp() == before, "a refused drag changed the game"
            assert self.form.button.disabled, "after a refused drag Resolve is still enabled"
            assert html.escape(why) in self.form.why_not.value, "a refused drag is not said beside Resolve"
            assert not self.app.board.named.get("action"), "a refused drag leaves a preview drawn"

        @precondition(lambda self: not self.form.button.disabled)
        @rule()
        def resolve(self) -> None:
            """Resolve makes exactly what the form said it would: the same events as its rehearsal
            on a copy of the game with the same dice."""
            game = self.app.game
            n, trial = len(game.log), game.branch()
            said = self.form.model.act()(trial)
            expected = [e.text for e in trial.log[n:]] or [said.text]
            before = (self.form.model.action, dict(self.form.model.values))
            self.form.button.click()
            made = [e for e in game.log[n:] if (e.action or {}).get("group") != PASSED]
            assert [e.text for e in made] == expected, "Resolve made something else than the form said"
            if len(made) < len(game.log) - n:  # done by itself: steps where nobody could act, or a card
                # the rules make the umpire draw (the only action left, nothing to choose)
                left = [s for s in actions_for(trial) if s.name not in GENERIC_NAMES and possible(trial, s)]
                forced = len(left) == 1 and left[0].forced and not left[0].params
                assert forced or not left and not get_ruleset(game.scenario.ruleset).pending(trial), \
                    f"the step passed by itself with {[s.name for s in left]} still possible in it"
                self.app.undo_last.click()  # Undo last takes the action back with the steps it passed
                assert len(game.log) == n, "Undo last left part of an action and the steps it passed"
                return
            again = (self.form.model.action, dict(self.form.model.values))
            if before[0] not in GENERIC_NAMES and before[0] not in REPEATABLE.get(game.scenario.ruleset, {}):
                assert again != before or self.form.button.disabled, f"{before[0]} may be resolved again at once as it was"

        @precondition(lambda self: not self.form.then_next.disabled)
        @rule()
        def resolve_then_next(self) -> None:
            """Resolve ▶ Next makes what the form said, then leaves the step as Next would: unless
            the step passed by itself, or Next warns of what the rules still require, or Next makes
            what the step's clock owes (Rookie's next card), or the game or its last turn is over."""
            game = self.app.game
            n, trial, at, errors = len(game.log), game.branch(), game.position, len(self.app.errors.messages)
            said = self.form.model.act()(trial)
            expected = [e.text for e in trial.log[n:]] or [said.text]
            self.form.then_next.click()
            made = [e.text for e in game.log[n:] if e.kind not in ("flow", "step")
                    and (e.action or {}).get("group") != PASSED]
            assert made[:len(expected)] == expected, "Resolve ▶ Next made something else than the form said"
            assert game.position != at or game_over(game.state) or "still require" in self.app.turn.warning.value \
                or len(game.log) > len(trial.log) or len(self.app.errors.messages) > errors, \
                f"Resolve ▶ Next stayed in {at} without saying why"  # (the last turn's end is said as an error)
            self.warned = (game.position, self.app.turn.warning.value)  # as after Next

        @precondition(lambda self: not self.app.turn.next.disabled)
        @rule()
        def next_step(self) -> None:
            """Next leaves a step where the rules still require something only after saying what;
            where the step's clock is owed (Rookie's next card), Next makes it, as the panel said."""
            game = self.app.game
            at, owed = game.position, get_ruleset(game.scenario.ruleset).pending(game)
            said, untaken, shown = self.app.turn.warning.value, self.app.turn.untaken(), self.app.turn.html.value
            makes = self.app.turn.makes()
            n, errors = len(game.log), len(self.app.errors.messages)
            self.app.turn.next.click()
            if makes:
                assert "'>Next: " in shown, f"Next made {makes} without the panel saying so before the press"
                if self.form.model.need is None:  # made at once (with table dice it asks for the faces first)
                    assert len(game.log) > n, f"Next said it would make {makes} and did not"
                    assert game.position == at or all((e.action or {}).get("group") == PASSED for e in game.log[n + 1:]), \
                        f"Next made {makes} and left {at} by more than what passes by itself"
                else:
                    assert game.position == at and len(game.log) == n
                return
            if owed and game.position != at:
                assert getattr(self, "warned", None) == (at, said) and "still require" in said, \
                    f"Next left a step owing {owed} without saying so"
            if not owed:  # one press leaves a step; what it gave up was said before the press
                assert len(game.log) > n or len(self.app.errors.messages) > errors, f"Next in {at} did nothing"
                assert not untaken or (f"nothing done here yet ({len(untaken)} offered)" in shown and all(
                    html.escape(self.app.turn.say(u), quote=True) in shown for u in untaken)), f"Next left {untaken} unsaid"
            self.warned = (game.position, self.app.turn.warning.value)

        @precondition(lambda self: bool(self.app.game.log))
        @rule()
        def undo(self) -> None:
            self.app.undo_last.click()

        # -- what must hold after every gesture -------------------------------------------------
        @invariant()
        def no_spent_gesture_after_an_event(self) -> None:
            if not hasattr(self, "seen"):
                self.seen = self.stamp()
            if self.stamp() != self.seen:
                self.seen = self.stamp()
                points = {n: w.value for n, w in self.form.inputs.items() if isinstance(w, W.Text) and w.value}
                assert not points, f"after an event the form still holds {points}"
                assert not self.form.group, "after an event the form still holds a dragged group"

        @invariant()
        def no_python_error_on_the_page(self) -> None:
            """Every refusal is words (a ValueError's); anything else would show a traceback."""
            broken = [m for m in self.app.errors.messages if 'File "' in m]
            assert not broken, broken[0]

        @invariant()
        def resolve_only_what_the_rules_would_make(self) -> None:
            form = self.form
            if form.button.disabled or form.entry.layout.display == "":
                return
            spec = form.spec
            assert spec is not None, "Resolve is enabled with no action chosen"
            assert spec.name in [s.name for s in actions_for(self.app.game)], f"{spec.name} is not offered now"
            try:
                form.model.act()(self.app.game.branch())
            except IllegalActionError as exc:
                pytest.fail(f"Resolve is enabled but the rules refuse {spec.name} {form.values()}: {exc}")

    Panel.__name__ = f"Panel_{path.parent.name}_{path.stem}"
    return Panel


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SCENARIOS])
def test_the_panel_does_only_what_was_asked_on_every_bundled_scenario(path: Path) -> None:
    from hypothesis import settings

    # CI's budget: the profile's examples (100 a scenario, 200-400 a ruleset), 25 gestures each, the same
    # sequences every run (derandomized); --hypothesis-profile=long explores afresh
    test = machine(path).TestCase
    test.settings = settings(max_examples=settings().max_examples, stateful_step_count=25, deadline=None,
                             derandomize=settings().max_examples <= 100)
    test("runTest").runTest()


# -- the faults this machine found, each on its own ---------------------------------------------------
def _at_step(app: UmpireApp, name: str, need=lambda app: True) -> UmpireApp:  # noqa: ANN001
    for _ in range(120):
        if app.game.current_step().name == name and need(app):
            return app
        app.turn.next.click()
    raise AssertionError(f"never reached {name}")


def test_a_drag_that_moved_leaves_nothing_for_resolve_to_make_again():
    app = _at_step(UmpireApp.open(ROOT / "scenarios/close_action/hedgerow_farm.yaml", seed=7), "Move")
    app.actions.drag_mode.value = "piece"
    n = len(app.game.log)
    app.board_errors.guard(app._board_event)("drag", ("sgt1", (20, 9)))  # 3" forward: no dice, so it moves at once
    assert [e.text for e in app.game.log[n:]] == ['sgt1 moves 3.0" (3.0" of rate), crawling']
    assert app.actions.inputs["point"].value == "" and app.actions.button.disabled  # the drag is spent
    assert "click the board" in app.actions.why_not.value


def test_a_move_the_rules_refuse_disables_resolve_and_says_why_beside_it():
    app = _at_step(UmpireApp.open(ROOT / "scenarios/close_action/tutorial_crossroads.yaml", seed=3), "Move")
    form = app.actions
    form.choice.value = "move"
    form.set_piece("cpl_jones")
    form.set_point((34.4, 35.7))  # 41" away: Cpl Jones moves 12" at most
    assert form.button.disabled
    assert "not possible: " in form.why_not.value and "the most is 12" in form.why_not.value


def test_a_click_on_the_enemy_in_a_step_both_sides_fire_makes_it_the_target_not_the_firer():
    """Hill 112, vehicles against vehicles: both sides' tanks may fire. With the Churchills
    chosen to fire, a click on a Tiger aims at the Tigers; the Churchills stay the firers."""
    def both_fire(app: UmpireApp) -> bool:
        app.actions.choice.value = "fire" if "fire" in [s.name for s in app.actions.specs] else app.actions.choice.value
        return app.actions.choice.value == "fire" and len(app.actions.inputs["unit"].options) > 1

    app = UmpireApp.open(ROOT / "scenarios/eagles/hill_112.yaml", seed=3)
    app.turn.skip_empty.value = False  # stop in the step even while no tank is in range yet
    app = _at_step(app, "Vehicles vs vehicles", both_fire)
    form = app.actions
    form.inputs["unit"].value = "churchills"
    app.board_errors.guard(app._board_event)("select", "tiger1")
    assert (form.inputs["unit"].value, form.inputs["target"].value) == ("churchills", "tigers")


def test_a_drag_of_a_piece_the_card_did_not_activate_moves_nobody():
    """Rookie Rules: a card activates one unit and the move action moves that unit. A drag of
    another unit's stand must not move the activated unit to where that stand was dropped."""
    app = _at_step(UmpireApp.open(ROOT / "scenarios/rookie/tutorial_worked_example.yaml", seed=11), "First card sequence")
    assert app.actions.choice.value == "activate"  # the card drawn (2H) lets the Soviets activate a unit
    app.actions.button.click()
    move = next(s for s in app.actions.specs if s.name == "move")
    assert move.actor == "ru_lt" and [p.name for p in move.params] == ["to"]  # the activated unit's move: no mover to choose
    from wgkit.render.scene import piece_points

    where = piece_points(app.game.scenario, app.game.state)
    lt = next(pid for pid in piece_ids(app.game.state) if unit_of(app.game.state, pid) == "ru_lt")
    other = next(pid for pid in piece_ids(app.game.state, alive=True) if unit_of(app.game.state, pid) != "ru_lt")
    n = len(app.game.log)
    near = (where[lt][0] + 2.0, where[lt][1])  # 2" from the lieutenant: a move his unit could make
    app.board_errors.guard(app._board_event)("drag", (other, near))
    assert len(app.game.log) == n and piece_points(app.game.scenario, app.game.state)[lt] == where[lt]


def test_next_does_not_leave_a_card_sequence_with_a_card_unplayed_or_cards_undrawn():
    """Rookie Rules: Next draws the sequence's first card by itself (a forced draw); a second
    Next must not leave the sequence at once with four cards undrawn: it passes the card out, as
    the panel said, and the next card is turned."""
    app = UmpireApp.open(ROOT / "scenarios/rookie/tutorial_worked_example.yaml", seed=11)
    app.turn.next.click()
    assert app.game.current_step().name == "First card sequence" and app.game.log[-1].text == "2H: su may activate a unit"
    assert "Next: Pass this card (2H)" in app.turn.html.value
    n = len(app.game.log)
    app.turn.next.click()
    assert app.game.current_step().name == "First card sequence"
    assert [e.text for e in app.game.log[n:]] == ["2H passed", "activation: drew 2S (black)", "2S: de may activate a unit"]
    assert len(app.game.state["decks"]["activation"]["draw"]) == 3


def test_a_units_drag_names_and_rings_the_figures_the_rules_hold_back_and_waits_for_resolve():
    """Close Action: a rifleman who began the turn more than 6" from his squad leader may fire and
    turn but not move. Dragging his squad does not leave him behind without a word."""
    from wgkit.rules import situation_of

    app = _at_step(UmpireApp.open(ROOT / "scenarios/close_action/hedgerow_farm.yaml", seed=7), "Move")
    situation_of(app.game).piece_status("r4", in_command=False)
    app.refresh()
    n = len(app.game.log)
    app.board_errors.guard(app._board_event)("drag", ("r1", (22, 8)))  # 1st Squad, 2" forward: no dice
    assert len(app.game.log) == n  # it waits for Resolve instead of moving five of six at once
    why = 'r4 began the turn more than 6" from its squad leader or an officer: it may fire and turn, but not move'
    assert app.actions.staying == [("r4", why)]
    said = why.replace("r4", "1st Squad, rifleman 4")  # the page says it with the figure's name
    assert app.errors.messages[-1] == f"1 stays, ringed on the board: 1st Squad, rifleman 4 ({said}). Resolve moves the " \
                                      "others; drag again to move them otherwise"
    assert "<b>5 of 6 figures move together</b>" in app.actions.odds.value
    rings = [s for s in app.board.named["action"] if s.tag == "stays"]
    assert [tuple(s.points[0]) for s in rings] == [(16.0, 6.0)]  # r4 stands at (16, 6)
    app.actions.button.click()
    assert sorted(e.text.split()[0] for e in app.game.log[n:]) == ["bar1", "r1", "r2", "r3", "sgt1"]


def test_after_an_undo_back_into_a_step_that_owes_something_next_warns_again():
    """Found by the machine on the tractor works: warned, left, undone back into the card
    sequence; the next Next must say again what the sequence still requires (here a morale
    check owed: Morale, "immediately after" its cause)."""
    from wgkit.rules import situation_of

    app = UmpireApp.open(ROOT / "scenarios/rookie/tutorial_worked_example.yaml", seed=11)
    app.turn.next.click()  # the sequence's first card is drawn by itself
    situation_of(app.game).must_test("ru_lt")
    app.refresh()
    app.turn.next.click()  # warns
    assert "Lt. Orlov must check morale" in app.turn.warning.value
    app.turn.next.click()  # the umpire insists
    assert app.game.current_step().name != "First card sequence"
    while app.game.current_step().name != "First card sequence":  # undone back to the check owed
        app.undo_last.click()
    assert app.game.log[-1].text == "morale due: ru_lt" and app.turn.warning.value == ""
    n = len(app.game.log)
    app.turn.next.click()
    assert app.game.current_step().name == "First card sequence" and len(app.game.log) == n
    assert "The rules still require in <b>First card sequence</b>" in app.turn.warning.value


def test_a_battery_assigned_its_role_is_not_assigned_it_again_that_turn():
    """Eagles 3.0 (A): a battery fires barrage or gives support for the turn; assigning the role
    it already has records nothing and Resolve is not offered for it."""
    app = _at_step(UmpireApp.open(ROOT / "scenarios/eagles/tutorial_crossroads_barrage.yaml", seed=3), "Assign artillery")
    form = app.actions
    form.choice.value = "assign"
    form.inputs["unit"].value, form.inputs["role"].value = "guns", "barrage"
    form.button.click()
    assert app.game.log[-1].text == "guns assigned to barrage"
    assert form.model.values == {"unit": "guns", "role": "barrage"} and form.button.disabled
    assert "33rd Field Artillery Bn (105 mm) is already assigned to barrage this turn" in form.why_not.value
    form.inputs["role"].value = "support"  # a change of mind is still possible
    assert not form.button.disabled
