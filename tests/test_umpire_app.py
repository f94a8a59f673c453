"""The umpire app at the table: table dice, undo and the dice, board-driven forms, a flow that
warns, safe saves, side views, pages sharing one journal, the briefing. No browser needed."""

import html
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import ROOT
from wgkit.engine.game import IllegalActionError
from wgkit.form import kind_of
from wgkit.session import load_game
from wgkit.rules.registry import get_ruleset, situation_of
from wgkit.scenario import dumps, load, loads
from wgkit.session import start
from wgkit.widgets import UmpireApp

FARM = ROOT / "scenarios/close_action/hedgerow_farm.yaml"


@pytest.fixture
def app(tmp_path):
    return UmpireApp.open(FARM, journal=tmp_path / "j.wgsave", seed=7)


def px(app, x, y):
    return app.board.canvas.to_px([[x, y]])[0]


def click(app, x, y):
    app.board.on_down(*px(app, x, y))
    app.board.on_up(*px(app, x, y))


def umpire_roll(app, dice=3, need=5):
    a = app.actions
    a.choice.value = "umpire roll"
    a.inputs["dice"].value, a.inputs["need"].value = dice, need
    return a


# -- table dice ------------------------------------------------------------------------------------
def test_table_dice_ask_for_each_roll_check_the_faces_and_log_them_as_table_dice(app):
    a = umpire_roll(app)
    a.dice.value = "table"
    assert a.resolve() is None and len(app.game.log) == 0  # nothing happens until the faces are in
    assert "Roll 3 d6" in a.faces_prompt.value and "umpire dice" in a.faces_prompt.value
    with pytest.raises(ValueError, match="enter 3 faces of a d6; you entered 2"):
        a.enter_faces("5 6")
    with pytest.raises(ValueError, match="a d6 shows 1 to 6; '7' is not one of its faces"):
        a.enter_faces("5 7 1")
    event = a.enter_faces("5, 6 1")
    assert event.text == "umpire rolls 3d6, 5+: 2 succeed"  # 5 and 6 succeed, 1 fails
    assert [(r.faces, r.note) for r in event.rolls] == [((5, 6, 1), "table dice")]
    assert app.game.state["rng"]["counter"] == 0  # the kit's dice were not drawn
    assert "(table)" in app.log.rows()[-1][3] and "(table dice)" in a.result.value
    back = load_game(app.journal.path, recover=True).game
    assert back.log[-1].rolls[0].note == "table dice"  # the journal keeps them as typed


def farm_fire(seed: int) -> UmpireApp:
    """The hedgerow farm at turn 1's Fire step, the fire form chosen."""
    app = UmpireApp.open(FARM, seed=seed)
    situation_of(app.game).turn(1)
    app.game.at_step("Fire")
    app.refresh()
    app.actions.choice.value = "fire"
    return app


def test_table_dice_give_exactly_what_the_kits_dice_give_with_the_same_faces(tmp_path):
    """Close Action fire: hits, then a die per hit to pick the casualty (several rolls in turn)."""
    kit, table = farm_fire(seed=11), farm_fire(seed=11)
    kit_event = kit.actions.resolve()
    table.actions.dice.value = "table"
    table.actions.resolve()
    event = None
    for roll in kit_event.rolls:  # type the kit's faces, roll by roll, when asked
        purpose = table.game.scenario.wording()(roll.purpose)  # "fire at Gruppe Krebs", not the id
        assert f"Roll {len(roll.faces)} {roll.die}</b> for {purpose}" in table.actions.faces_prompt.value
        event = table.actions.enter_faces(" ".join(map(str, roll.faces)))
    assert event is not None and event.text == kit_event.text
    strip = [c for c in kit_event.changes if c[0] != ("rng", "counter")]
    assert [c for c in event.changes if c[0] != ("rng", "counter")] == strip


def test_undo_then_resolve_shows_the_same_faces_unless_the_umpire_asks_for_fresh_dice(app):
    a = umpire_roll(app, dice=6)
    first = a.resolve().rolls[0]
    app.log.undo_to(0)
    assert a.result.value == ""  # the undone result leaves the screen
    assert a.fresh.layout.display == ""  # and the choice of fresh dice appears
    again = a.resolve().rolls[0]
    assert again.faces == first.faces and again.counter == first.counter
    app.log.undo_to(0)
    a.fresh.value = True
    fresh = a.resolve().rolls[0]
    assert fresh.counter == first.counter + 6  # past every face already seen
    assert [e.kind for e in app.game.log] == ["dice", "roll"]
    assert app.game.log[0].text == "the umpire chose fresh dice: the faces of the undone roll are skipped"


def test_close_action_odds_read_as_a_chain_from_base_to_need(app):
    """Far range hits on 6; hard cover -2 makes it 8+, a 6 then 5-6: one die 1/6 x 2/6 = 1/18, so
    three dice miss entirely with (17/18)^3 = 84.2%."""
    app.game.at_step("Fire")
    app.refresh()
    a = app.actions
    a.choice.value = "fire"
    a.inputs["unit"].value, a.inputs["target"].value = "lt", "gsec"
    odds = a.odds.value
    assert odds.index("hard cover -2") < odds.index("Lt. Compton: 3 dice, base 6+, need 8+: a 6, then 5-6")  # a lone figure: by its unit's name
    assert "<b>84.2%</b>" in odds and "HOUSE" not in odds


# -- the board drives the panel --------------------------------------------------------------------
def test_clicking_a_friend_makes_the_actor_and_an_enemy_the_target(app):
    app.game.at_step("Fire")
    app.refresh()
    a = app.actions
    a.choice.value = "fire"
    click(app, 20, 6)  # sgt1, of 1st Squad
    assert a.inputs["unit"].value == "sq1"
    click(app, 41, 13)  # vogel, of Gruppe Vogel
    assert a.inputs["target"].value == "gsec2"
    labels = dict((v, k) for k, v in a.inputs["target"].options)
    assert labels["gsec2"] == "Gruppe Vogel" and dict((v, k) for k, v in a.inputs["unit"].options)["sq1"] \
        == "1st Squad"  # by their names, never their ids
    assert set(labels) == {"gsec", "gsec2", "hq"}  # only enemies are offered as targets


def test_a_click_on_the_table_aims_and_a_click_elsewhere_or_escape_clears(app):
    app.game.at_step("Fire")
    app.refresh()
    a = app.actions
    a.choice.value = "grenade"
    click(app, 30, 20)
    assert a.inputs["point"].value == "30.0, 20.0"
    a.choice.value = "fire"  # no point to aim: a click on empty table clears the selection
    click(app, 20, 6)
    app.board.on_move(*px(app, 25, 12))
    assert app.board.selected == "sgt1" and any(s.tag == "ruler" for s in app.board.extra)
    click(app, 2, 30)
    assert app.board.selected is None and not app.board.los and not any(s.tag == "ruler" for s in app.board.extra)
    click(app, 20, 6)
    app.board.on_key("Escape")
    assert app.board.selected is None


def test_resolve_is_disabled_with_the_reason_when_the_action_is_not_possible(app):
    a = app.actions
    a.choice.value = "umpire move"  # waiting for a point: said in grey, not as a fault
    assert a.button.disabled and "click the board for “to” (or type x, y in inches)" in a.why_not.value
    assert "not possible" not in a.why_not.value and "#555" in a.why_not.value
    a.inputs["point"].value = "nowhere"
    assert "not possible: point: give a point as &#x27;x, y&#x27;" in a.why_not.value
    a.inputs["point"].value = "3, 3"
    assert not a.button.disabled and a.why_not.value == ""


# -- the turn flow ---------------------------------------------------------------------------------
def test_next_says_beforehand_what_a_step_offers_and_back_says_what_it_undoes(app):
    assert app.game.current_step().name == "Rally" and app.turn.offered() == []
    assert "nothing done here yet" not in app.turn.html.value  # Rally offers nobody anything
    app.turn.next.click()
    assert app.game.current_step().name == "Fire" and app.turn.warning.value == ""
    # before Next is pressed, the panel says what leaving Fire now gives up: one press is enough
    offered = "Fire, Grenade (blast zone 3&quot;), Mortar (blast zone 6&quot;), Cease 60 mm mortar fire (to re-aim next turn)"
    assert (f"next: Active side: Move <span title='offered here: {offered}'>&middot; nothing done here yet (4 offered)"
            "</span>") in app.turn.html.value
    assert app.turn.next.tooltip == f"go to the next step; nothing was done here ({html.unescape(offered)} offered)"
    umpire_roll(app).resolve()
    assert "nothing done here yet" not in app.turn.html.value  # something was done in Fire
    app.game.at_step("Fire")
    a = app.actions
    a.choice.value = "fire"
    a.resolve()
    assert app.turn.warning.value == "" and "nothing done here yet" not in app.turn.html.value
    assert "and undo 2 actions: umpire rolls 3d6" in app.turn.back.tooltip
    note = app.turn.back_note.value  # folded under one line: a long step keeps Resolve in view
    assert note.startswith("<details><summary><small style='color:#555'>Back returns to the previous step, undoing 2 "
                           "actions</small></summary>") and "umpire rolls 3d6" in note
    app.turn.next.click()  # an action was taken: Next goes on at once
    assert app.game.current_step().name == "Move"


def test_one_next_leaves_a_step_where_nothing_was_done_and_back_brings_it_back(app):
    app.turn.next.click()
    assert app.game.current_step().name == "Fire" and "nothing done here yet" in app.turn.html.value
    app.turn.next.click()  # said beforehand: no second press
    assert app.game.current_step().name == "Move" and app.turn.warning.value == ""
    app.turn.back.click()
    assert app.game.current_step().name == "Fire" and "nothing done here yet" in app.turn.html.value


# -- saving ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, why", [
    ("../escape", "give a plain file name"), ("sub/dir", "give a plain file name"), ("", "give the save a name"),
    ("j", "this game&#x27;s journal"), (".hidden", "cannot start with a dot"),
])
def test_save_as_refuses_names_that_leave_the_folder_or_hit_the_journal(app, name, why):
    app.saver.name.value = name
    app.saver.button.click()
    assert why in app.saver.errors.widget.value  # under the save field, on the tab the umpire is on
    assert app.errors.widget.value == ""
    assert sorted(p.name for p in app.journal.path.parent.iterdir()) == ["j.wgsave"]


def test_save_as_asks_before_overwriting_and_the_confirmation_stays_until_the_game_moves(app, tmp_path):
    app.saver.name.value = "evening"
    app.saver.button.click()
    assert (tmp_path / "evening.wgsave").exists() and "saved 0 events to" in app.saver.message.value
    app.game.move("r1", (3, 3))
    app.saver.button.click()  # the same name again: asks first
    assert app.saver.button.description == "Overwrite" and len(load_game(tmp_path / "evening.wgsave").game.log) == 0
    app.saver.button.click()
    assert len(load_game(tmp_path / "evening.wgsave").game.log) == 1 and "saved 1 events" in app.saver.message.value
    umpire_roll(app).button.click()
    assert app.saver.message.value == ""
    assert len(load_game(app.journal.path, recover=True).game.log) == 2  # the journal goes on, untouched by saves


# -- pages sharing one journal -------------------------------------------------------------------------
def test_two_pages_of_one_game_stay_one_game(tmp_path):
    scenario = tmp_path / "farm.yaml"
    scenario.write_text(FARM.read_text())
    journal = start(scenario, seed=3).journal
    first, second = UmpireApp.attach(journal), UmpireApp.attach(journal)
    umpire_roll(first).button.click()
    assert len(first.game.log) == 1
    second.actions.button.click()  # the second page was behind: it catches up instead of acting
    assert "another page moved the game on (now 1 events)" in second.errors.widget.value
    assert len(second.game.log) == 1 and second.log.rows()[-1][2].startswith("umpire rolls 3d6")
    second.board.on_move(*px(second, 5, 5))  # looking around keeps the message on screen
    assert "another page moved the game on" in second.errors.widget.value
    second.actions.button.click()  # now in step, it acts
    assert len(load_game(journal, recover=True).game.log) == 2
    reload = UmpireApp.attach(journal)  # a browser reload: the same game at the same event
    assert reload.game.state == second.game.state and len(reload.game.log) == 2


def test_a_page_made_ahead_of_its_browser_catches_up_without_warning_of_another_page(tmp_path):
    """Voila's preheated kernel builds a page before anyone asks for it; when a browser shows it
    (a reload of the only page, after three events), it catches up with the journal and says
    nothing: no other page moved the game."""
    scenario = tmp_path / "farm.yaml"
    scenario.write_text(FARM.read_text())
    journal = start(scenario, seed=3).journal
    ahead = UmpireApp.attach(journal)  # made by the preheated kernel
    playing = UmpireApp.attach(journal)
    for _ in range(3):
        umpire_roll(playing).button.click()
    ahead.board.canvas.widget._handle_custom_msg({"event": "client_ready"}, [])  # the browser shows it
    assert len(ahead.game.log) == 3 and ahead.errors.messages == [] and ahead.errors.widget.value == ""


# -- a side's view ------------------------------------------------------------------------------------
def test_a_sides_view_names_nothing_it_has_not_seen(tmp_path):
    hidden = loads(dumps(load(FARM)).replace("  - id: gsec2\n", "  - id: gsec2\n    hidden: true\n"))
    app = UmpireApp(get_ruleset("close_action").new_game(hidden, 5))
    app.game.at_step("Fire")
    app.game.move("vogel", (40, 14))  # the umpire moves a hidden German
    app.refresh()
    app.actions.choice.value = "fire"
    assert "gsec2" in [v for _, v in app.actions.inputs["target"].options]
    assert "seed 5" in app.status.value
    app.viewer.value = "us"
    assert "gsec2" not in [v for _, v in app.actions.inputs["target"].options]
    assert app.log.rows()[-1][2] == "(not seen by this side)" and "vogel" not in app.log.table.value
    assert "seed" not in app.status.value
    assert not app.board.canvas.scene.tagged("vogel")
    app.board.on_move(*app.board.canvas.to_px([[40, 14]])[0])  # hovering where vogel stands names nothing
    assert app.board.hovered is None and not app.board.label
    app.viewer.value = "umpire"
    app.board.on_move(*app.board.canvas.to_px([[40, 14]])[0])  # the umpire's board does
    assert app.board.hovered == "vogel" and app.board.label[1].text == "Gruppe Vogel's leader"
    app.viewer.value = "us"
    app.actions.choice.value = "umpire move"
    assert "vogel" not in [v for _, v in app.actions.inputs["piece"].options]


# -- the briefing -------------------------------------------------------------------------------------
def test_the_briefing_shows_the_scenario_and_escapes_every_text():
    s = load(FARM)
    text = dumps(s).replace("name: Gruppe Krebs", "name: \"<script>alert(1)</script>\"")
    app = UmpireApp(get_ruleset("close_action").new_game(loads(text)))
    b = app.briefing.value
    assert "The side holding the farmhouse at the end of turn 8 wins." in b
    assert "Close Action" in b and "Turns:</b> 8" in b and "US 101st Airborne" in b
    assert "<script>" not in b and "&lt;script&gt;alert(1)&lt;/script&gt;" in b
    assert app.tabs.titles == ("Play", "Briefing", "Log and save")


# -- every action's form ----------------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*/*.yaml")), ids=lambda p: p.stem)
def test_every_actions_form_opens_with_its_exact_defaults_and_resolves_as_shown(path):
    """Through the first turn's steps: each action's form holds exactly its parameters' defaults
    (0 stays 0), and an action the panel calls possible resolves on a copy of the game."""
    app = UmpireApp.open(path, seed=2)
    a = app.actions
    steps = sum(len(ph.steps) for ph in app.game.flow.phases)
    opened = 0
    for _ in range(steps):
        for spec in list(a.specs):
            a.choice.value = spec.name
            for p in spec.params:
                if p.kind in ("int", "choice") and p.choices is not None:
                    shown, expected = a.inputs[p.name].value, p.initial()
                    if p.enemy_of:  # the first choice on the other side from the actor's
                        units = app.game.state["units"]
                        actor = units[a.inputs[p.enemy_of].value]["side"]
                        expected = next(v for v in p.values() if units[v]["side"] != actor)
                    assert shown == expected, f"{spec.name}.{p.name}: form shows {shown!r}, default {expected!r}"
            opened += 1
            if not a.button.disabled and not any(p.kind == "point" for p in spec.params):
                spec.resolve(app.game.branch(), a.values())
        try:
            app.game.advance()
        except Exception:  # the game ended or the deck needs a card first: the steps seen are enough
            break
        app.refresh()
    assert opened >= 3


def test_clicks_choose_a_pair_friend_then_enemy():
    """Easy Company melee takes a (friend, enemy) pair: clicking the two figures picks that pair."""
    from tests.test_contract import new_game

    game = new_game("easy_company")
    situation_of(game).place("guarnere", (17, 25.2))  # both touch de1 at (17, 26)
    situation_of(game).place("lipton", (16.4, 25.5))
    game.at_step("Melee")
    app = UmpireApp(game)
    a = app.actions
    a.choice.value = "melee"
    assert {v for _, v in a.inputs["pair"].options} == {("lipton", "de1"), ("guarnere", "de1")}
    for friend in ("guarnere", "lipton", "guarnere"):
        a.set_piece(friend)
        a.set_piece("de1")
        assert a.inputs["pair"].value == (friend, "de1")


def test_shift_clicks_on_the_board_build_the_pair_and_leave_the_selection():
    """A press with Shift adds the piece to the group being chosen; a plain press starts anew. The
    press arrives in CSS pixels of the board as shown (here at half its size) and maps back exactly."""
    from tests.test_contract import new_game

    game = new_game("easy_company")
    situation_of(game).place("guarnere", (17, 25.2))
    situation_of(game).place("lipton", (16.4, 25.5))
    game.at_step("Melee")
    app = UmpireApp(game)
    app.actions.choice.value = "melee"
    board, canvas = app.board, app.board.canvas

    def press(x, y, shift=False):
        px, py = canvas.to_px([[x, y]])[0]
        w, h = canvas.widget.width, canvas.widget.height
        board.on_press({"button": 0, "relativeX": px / 2, "relativeY": py / 2, "boundingRectWidth": w / 2,
                        "boundingRectHeight": h / 2, "shiftKey": shift})
        board.on_up(px, py)

    press(17, 25.2)
    assert board.selected == "guarnere"
    press(17, 26, shift=True)
    assert app.actions.inputs["pair"].value == ("guarnere", "de1") and board.selected == "guarnere"
    press(16.4, 25.5)
    press(17, 26, shift=True)
    assert app.actions.inputs["pair"].value == ("lipton", "de1") and board.selected == "lipton"
    board.on_press({"button": 2, "relativeX": 1, "relativeY": 1, "boundingRectWidth": 1, "boundingRectHeight": 1})
    assert board.selected == "lipton"  # a right press is not a click


def test_eagles_targets_follow_the_firer_both_sides_fire_in_one_step():
    """Eagles' direct fire steps let both sides fire: a firer's target list holds only its enemies."""
    app = UmpireApp.open(ROOT / "scenarios/eagles/hill_112.yaml", seed=1)
    while "fire" not in [s.name for s in app.actions.specs]:
        app.game.advance()
        app.refresh()
    a = app.actions
    a.choice.value = "fire"
    units = app.game.state["units"]
    for firer in [v for _, v in a.inputs["unit"].options]:
        a.inputs["unit"].value = firer
        targets = [v for _, v in a.inputs["target"].options]
        assert targets and all(units[t]["side"] != units[firer]["side"] for t in targets), (firer, targets)
    a.inputs["unit"].value = "churchills"
    assert [v for _, v in a.inputs["target"].options] == ["tigers"]  # 4.0: vehicles fire at vehicles in this step
    a.inputs["unit"].value = "tigers"
    assert "pzgren" not in [v for _, v in a.inputs["target"].options]


def test_an_eagles_barrage_ordered_by_a_click_aims_where_its_preview_shows():
    """The Order fire form opens with add/drop and left/right at 0: a click on the table becomes the
    aim point, the CD previewed there is the point the mission records (no 800 yd shift)."""
    app = UmpireApp.open(ROOT / "scenarios/eagles/tutorial_crossroads_barrage.yaml", seed=3)
    while app.game.current_step().name != "Adjust and call":
        app.game.advance()
    app.refresh()
    a = app.actions
    a.choice.value = "call fire"
    assert (a.inputs["add"].value, a.inputs["right"].value) == (0, 0)
    app.board.on_down(*app.board.canvas.to_px([[30, 23.6]])[0])  # a click on open table
    app.board.on_up(*app.board.canvas.to_px([[30, 23.6]])[0])
    assert a.inputs["point"].value == "30.0, 23.6"
    disk = [s for s in app.board.named["action"] if s.kind == "polygon"]
    assert len(disk) == 1 and tuple(disk[0].points.mean(axis=0)) == pytest.approx((30, 23.6), abs=0.01)
    assert max(abs(disk[0].points[:, 0] - 30)) == pytest.approx(2, abs=0.01)  # the 4" CD (3.6)
    a.resolve()
    mission = app.game.state["vars"]["eg"]["missions"][a.inputs["unit"].value]
    assert mission["aim"] == [30, 23.6]


# -- the form follows the game ----------------------------------------------------------------------
def _app_at(path, step):
    app = UmpireApp.open(path, seed=3)
    while app.game.current_step().name != step:
        app.game.advance()
    app.refresh()
    return app


def test_after_a_card_is_drawn_the_form_offers_its_activation():
    """Rookie Rules: a drawn card activates a unit; the form moves on from "Draw the next card"
    (a second Resolve there drew again and skipped the activation)."""
    app = _app_at(ROOT / "scenarios/rookie/tractor_works.yaml", "First card sequence")
    assert app.actions.choice.value == "draw card"
    app.actions.resolve()
    assert app.actions.choice.value in ("activate", "pass") and app.actions.choice.value == app.actions.specs[0].name


def test_after_a_call_for_artillery_the_form_offers_the_arrival_roll():
    app = _app_at(ROOT / "scenarios/easy_company/tutorial_farmyard.yaml", "Artillery")
    a = app.actions
    a.choice.value = "call artillery"
    a.inputs["leader"].value = "winters"
    a.inputs["point"].value = "19, 27"
    a.resolve()
    assert a.choice.value == "artillery" and a.choice.label == "Does the artillery arrive?"


def test_a_repeated_action_stays_chosen_when_the_event_offers_nothing_new(app):
    a = umpire_roll(app)
    a.resolve()
    assert a.choice.value == "umpire roll"


def test_next_passes_the_steps_where_nobody_has_anything_to_do(app):
    """Close Action's farm: from Move, Next ends the active side's phase; in the other side's
    phase Morale offers nothing (nobody has a test to take) and is passed by itself, as a logged
    flow event, to Defensive fire. With the box unticked, Next stops at every step."""
    app.game.at_step("Move")
    app.refresh()
    app.turn.next.click()  # one press: the panel said beforehand that nobody had moved
    assert app.game.current_step().name == "Defensive fire"
    assert "passed by itself, nothing to do: Morale" in app.turn.passed.value
    assert [e.text for e in app.game.log[-2:]] == ["turn 1: Passive side - Morale", "turn 1: Passive side - Defensive fire"]
    app.turn.back.click()
    app.turn.back.click()
    assert app.game.current_step().name == "Move"
    app.turn.skip_empty.value = False
    app.turn.next.click()
    assert app.game.current_step().name == "Morale"


def test_wrong_faces_are_said_under_the_faces_input(app):
    a = umpire_roll(app)
    a.dice.value = "table"
    a.resolve()
    a.faces.value = "5 7 1"
    a.faces_ok.click()
    assert "a d6 shows 1 to 6; &#x27;7&#x27; is not one of its faces" in a.dice_errors.widget.value
    assert a.dice_errors.widget in a.entry.children and app.errors.widget.value == ""
    a.faces.value = "5 6 1"
    a.faces_ok.click()
    assert a.dice_errors.widget.value == "" and len(app.game.log) == 1


def test_a_finished_game_shows_its_result_at_the_top_of_the_page(app):
    """The farm is played for 8 turns: after the last, the result heads the page, above the tabs."""
    assert app.result.value == ""
    situation_of(app.game).turn(8)
    while True:
        try:
            app.game.advance()
        except ValueError:  # the scenario ends after turn 8
            break
    app.refresh()
    assert app.widget.children.index(app.result) == 1
    assert "wgkit-result-banner" in app.result.value and "Result: " in app.result.value


def test_a_new_game_opens_on_its_briefing_above_the_form(tmp_path):
    app = UmpireApp.open(FARM, seed=7)
    assert app.intro.layout.display == "" and "The farm outside Carentan" in app.intro.children[0].value
    side = app.tabs.children[0].children[1]
    assert side.children[0] is app.intro  # above the turn and the form, beside the board
    assert app.playing.layout.display == "none" and app.turn.widget in app.playing.children  # only Start is offered
    assert app.actions.widget in app.playing.children and app.game.current_step().name == "Rally"
    app.start.click()
    assert app.intro.layout.display == "none" and "Carentan" in app.briefing.value  # still on its tab
    assert app.playing.layout.display == ""
    # nobody has anyone to rally in the first step: it passes by itself, as after Next
    assert app.game.current_step().name == "Fire" and "passed by itself, nothing to do: Rally" in app.turn.passed.value
    again = UmpireApp.open(FARM, seed=7)
    umpire_roll(again).resolve()
    assert again.intro.layout.display == "none"  # once the game has begun it stays closed


def test_the_dice_of_one_throw_are_typed_in_one_prompt(tmp_path):
    """Close Action fire with table dice: the fire dice in one prompt, then every hit's 'who picks
    the man hit' die thrown together and typed at once, as the umpire rolls them at the table."""
    kit, table = farm_fire(seed=24), farm_fire(seed=24)  # a seed whose fire hits twice
    kit_event = kit.actions.resolve()
    picks = [r for r in kit_event.rolls if "who picks the man hit" in r.purpose]
    assert len(picks) >= 2, "this seed's fire must hit at least twice for the test to mean anything"
    table.actions.dice.value = "table"
    table.actions.resolve()
    prompts, event = 0, None
    rolls = list(kit_event.rolls)
    while rolls:
        roll = rolls.pop(0)
        prompts += 1
        faces = list(roll.faces)
        if "who picks the man hit" in roll.purpose:  # the rest of the hits' dice, thrown together
            assert f"of {len(picks)}: who picks the man hit" in table.actions.faces_prompt.value
            while rolls and "who picks the man hit" in rolls[0].purpose:
                faces += rolls.pop(0).faces
        event = table.actions.enter_faces(" ".join(map(str, faces)))
    assert event is not None and event.text == kit_event.text
    assert prompts == len(kit_event.rolls) - len(picks) + 1  # the hits' dice took one prompt, not one each


def crossroads_section_fire() -> UmpireApp:
    """The Close Action tutorial at its first Fire step: Cpl. Jones's section (a Bren and five
    men) fires at the Gruppe with table dice."""
    app = UmpireApp.open(ROOT / "scenarios/close_action/tutorial_crossroads.yaml", seed=1)
    app.game.at_step("Fire")
    app.refresh()
    a = app.actions
    a.choice.value = "fire"
    a.inputs["unit"].value, a.inputs["target"].value = "section", "gruppe"
    a.dice.value = "table"
    return app


def test_a_sections_fire_is_one_throw_a_stage_with_each_pools_dice_named():
    """Close Action, Firing: Procedure and the 7+ rule. The Bren and the riflemen need different
    numbers, each over 6 (a 6, then a second die): the umpire throws every pool's first-stage dice
    together, then the dice that rolled 6 for every pool's second stage, then the casualty dice."""
    from wgkit.rules.close_action.fire import plan_fire

    app = crossroads_section_fire()
    a = app.actions
    plan = plan_fire(app.game, "section", "gruppe")
    assert [(p.figures, p.need > 6) for p in plan.pools] == [(("bren",), True),
                                                              (("cpl_jones", "pte_a", "pte_b", "pte_c", "pte_d"), True)]
    bren, rifles = (p.dice for p in plan.pools)
    # the odds name each pool in few words, as its dice are named: not five figures in a row
    assert html.escape(f"No. 1 Section's leader and 4 others: {rifles} dice, base 6+, need 8+: a 6, then 5-6") \
        in a.odds.value
    assert a.resolve() is None
    said = app.game.scenario.wording()
    assert [(t.n, said(t.purpose)) for t in a.model.throw] == [
        (bren, "fire at Gruppe Lenz (7+: No. 1 Section's LMG) (stage 1)"),
        (rifles, "fire at Gruppe Lenz (8+: No. 1 Section's leader and 4 others) (stage 1)")]
    assert f"Throw {bren + rifles} d6 together" in a.faces_prompt.value
    # the Bren's dice all show 6 and go on to the second stage; the riflemen's show 1 and miss
    assert a.enter_faces(" ".join(["6"] * bren + ["1"] * rifles)) is None
    assert [t.n for t in a.model.throw] == [bren] and f"Roll {bren} d6</b>" in a.faces_prompt.value
    event = a.enter_faces(" ".join(["1"] * bren))  # no second die passes: no hit, no casualty die
    assert event is not None and [len(r.faces) for r in event.rolls] == [bren, rifles, bren]  # two prompts


def test_every_pools_second_stage_is_one_throw_and_the_casualty_dice_another():
    from wgkit.rules.close_action.fire import plan_fire

    app = crossroads_section_fire()
    a = app.actions
    bren, rifles = (p.dice for p in plan_fire(app.game, "section", "gruppe").pools)
    a.resolve()
    prompts = 1
    assert a.enter_faces(" ".join(["6"] * (bren + rifles))) is None  # every first die a 6
    prompts += 1
    assert [t.n for t in a.model.throw] == [bren, rifles]  # every pool's second stage: one throw
    assert a.enter_faces(" ".join(["6"] * (bren + rifles))) is None  # every second die hits too
    picks = a.model.throw
    assert picks and all("who picks the man hit" in t.purpose for t in picks)  # one die a hit, thrown at once
    event = a.enter_faces(" ".join(["6"] * sum(t.n for t in picks)))
    prompts += 1
    assert event is not None and prompts == 3


def test_a_two_weapon_fire_needing_7_plus_takes_two_prompts_with_the_hit_dice_thrown_beside():
    """Issue 65, item 3: the Bren and the rifles (both over 6) hit with every die. The first
    prompt takes both pools' first dice; the second both pools' second dice and, beside them in
    another colour, one die for each man who may be hit: five men, so five. The event is the
    one three prompts make with the same faces."""
    from wgkit.rules.close_action.fire import plan_fire

    def fire(throws: list[list[int]]) -> tuple:
        app = crossroads_section_fire()
        a = app.actions
        a.resolve()
        for faces in throws:
            event = a.enter_faces(" ".join(map(str, faces)))
        return event, a

    bren, rifles = (p.dice for p in plan_fire(crossroads_section_fire().game, "section", "gruppe").pools)
    sixes, picks = [6] * (bren + rifles), [2, 6, 3, 1, 5]
    two, a = fire([sixes, sixes + picks])
    three, _ = fire([sixes, sixes, picks])
    assert two is not None and three is not None
    assert two.text == three.text and [r.faces for r in two.rolls] == [r.faces for r in three.rolls]
    assert [r.faces for r in two.rolls][-5:] == [(2,), (6,), (3,), (1,), (5,)]  # read in the order typed
    assert a.model.unread == ()


def test_the_prompt_offers_the_dice_beside_before_they_are_typed():
    from wgkit.rules.close_action.fire import plan_fire

    app = crossroads_section_fire()
    a = app.actions
    bren, rifles = (p.dice for p in plan_fire(app.game, "section", "gruppe").pools)
    a.resolve()
    # with every first die a 6, each could go on: one die beside each, for the second stage
    assert f"up to {bren + rifles} d6 of another colour beside them" in a.faces_prompt.value
    a.enter_faces(" ".join(["6"] * (bren + rifles)))
    # at most five hits can pick a man (the Gruppe has five): five beside, no more
    assert "up to 5 d6 of another colour beside them" in a.faces_prompt.value
    assert "who picks the man hit" in a.faces_prompt.value


def test_dice_beside_that_the_throw_does_not_call_for_are_left_unread_and_said():
    """Two of the Bren's first dice are 6s: two second dice, so two dice beside (the most hits).
    One second die hits (a 6 hits and a 1 misses whatever the need over 6), so one die beside is
    read and the other is shown unread."""
    from wgkit.rules.close_action.fire import plan_fire

    app = crossroads_section_fire()
    a = app.actions
    bren, rifles = (p.dice for p in plan_fire(app.game, "section", "gruppe").pools)
    a.resolve()
    a.enter_faces(" ".join(["6", "6"] + ["1"] * (bren - 2) + ["1"] * rifles))  # two of the Bren's dice go on
    assert "up to 2 d6 of another colour beside them" in a.faces_prompt.value
    event = a.enter_faces("6 1 4 2")  # one second die hits; two beside
    assert event is not None
    picked = [r.faces for r in event.rolls if "who picks the man hit" in r.purpose]
    assert picked == [(4,)] and a.model.unread == (2,)
    assert "not read: 1 of the dice beside (2)" in a.result.value
    app.game.undo()  # the same fire again with the kit's dice: nothing of the table's throw is said
    a.dice.value = "kit"
    a.choice.value = "fire"
    a.inputs["unit"].value, a.inputs["target"].value = "section", "gruppe"
    assert a.resolve() is not None and "not read" not in a.result.value


def test_more_dice_than_the_throw_and_those_beside_it_is_refused_and_nothing_is_kept():
    from wgkit.rules.close_action.fire import plan_fire

    app = crossroads_section_fire()
    a = app.actions
    bren, rifles = (p.dice for p in plan_fire(app.game, "section", "gruppe").pools)
    a.resolve()
    a.enter_faces(" ".join(["6"] * (bren + rifles)))
    before = (list(a.model.entered), a.model.need.purpose, len(app.game.log))
    with pytest.raises(ValueError, match="at most 5 beside it"):
        a.enter_faces(" ".join(["6"] * (bren + rifles + 6)))
    assert (list(a.model.entered), a.model.need.purpose, len(app.game.log)) == before


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_dice_beside_decide_what_the_same_faces_decide_in_prompts_of_their_own(data):
    """Any faces: a fire resolved with dice beside each throw makes the event that the same faces,
    read in the same order, make typed one prompt a roll; the dice beside are read only for rolls
    of their kind (never for an officer's further 6), and those not read are the last typed."""
    app = crossroads_section_fire()
    a = app.actions
    a.resolve()
    d6 = st.integers(1, 6)
    one: list[int] = []  # every face the one-prompt way read, in order
    beside: dict[int, set[str]] = {}  # the place in ``one`` of each die read beside: the kinds its prompt offered
    event = None
    while event is None:
        sure = sum(t.n for t in a.model.throw)
        faces = data.draw(st.lists(d6, min_size=sure, max_size=sure))
        extra = data.draw(st.lists(d6, max_size=sum(b.n for b in a.model.beside)))
        kinds = {kind_of(b.purpose) for b in a.model.beside}
        before = len(a.model.unread)
        event = a.enter_faces(" ".join(map(str, faces + extra)))
        unread = a.model.unread[before:]  # this prompt's dice beside that were not read
        read = len(extra) - len(unread)
        assert tuple(extra[read:]) == unread
        one += faces
        beside.update({len(one) + k: kinds for k in range(read)})
        one += extra[:read]
    # the rolls take the faces in order: each die read beside went to a roll of a kind its prompt offered
    place = 0
    for roll in event.rolls:
        for _ in roll.faces:
            assert place not in beside or kind_of(roll.purpose) in beside[place], (roll.purpose, beside[place])
            place += 1
    assert place == len(one)
    apart = crossroads_section_fire()  # the same faces, each roll at a prompt of its own
    b, left = apart.actions, list(one)
    b.resolve()
    other = None
    while other is None:
        n = b.model.need.n
        other = b.enter_faces(" ".join(map(str, left[:n])))
        del left[:n]
    assert not left and other.text == event.text
    assert [(r.purpose, r.faces) for r in other.rolls] == [(r.purpose, r.faces) for r in event.rolls]


def test_a_step_left_with_nothing_to_do_passes_by_itself_and_undo_last_takes_both_back():
    """The section's fire hits the Gruppe; in the Morale step the Gruppe's test is the only thing
    anyone can do: once it is made the step passes by itself (no Next), and Undo last takes back
    the test and the pass together, back in the Morale step."""
    from wgkit.rules.close_action.fire import plan_fire

    app = crossroads_section_fire()
    a = app.actions
    bren, rifles = (p.dice for p in plan_fire(app.game, "section", "gruppe").pools)
    a.resolve()
    a.enter_faces(" ".join(["6"] * bren + ["1"] * rifles))  # the Bren's first dice all 6
    a.enter_faces(" ".join(["6"] + ["1"] * (bren - 1)))  # one second die hits: one man hit
    a.enter_faces("1")  # the target's side picks the man hit
    assert "1 hit" in app.game.log[-1].text
    a.dice.value = "kit"
    while app.game.current_step().name != "Morale":
        app.turn.go_next()
    assert a.choice.value == "morale"
    n = len(app.game.log)
    a.resolve()
    assert app.game.current_step().name != "Morale"  # passed by itself
    assert "passed by itself, nothing to do: Morale" in app.turn.passed.value
    assert app.game.log[n].kind == "morale" and all(e.kind in ("flow", "step") for e in app.game.log[n + 1:])
    app.undo_last.click()
    assert len(app.game.log) == n and app.game.current_step().name == "Morale"
    app.turn.skip_empty.value = False  # the umpire may keep every step: then Next ends each one
    a.resolve()
    assert app.game.current_step().name == "Morale" and len(app.game.log) == n + 1


def test_faces_beyond_what_the_rules_roll_are_refused_and_nothing_is_kept(app):
    a = umpire_roll(app)
    a.dice.value = "table"
    a.resolve()
    with pytest.raises(ValueError, match="the rules used 3 of the 4 faces entered: type only the faces of this throw"):
        a.enter_faces("5 6 1 2")
    assert a.model.entered == [] and "Roll 3 d6" in a.faces_prompt.value and len(app.game.log) == 0
    assert a.enter_faces("5 6 1").text == "umpire rolls 3d6, 5+: 2 succeed"


def test_a_click_on_the_piece_selected_for_the_last_action_fills_the_next_form(tmp_path):
    """The enemy clicked as the target of one action is still selected on the board; clicked
    again as the target of the next, the form takes it (it used to ignore a click on the selected
    piece, and the next action kept its default target)."""
    app = UmpireApp.open(ROOT / "scenarios/eagles/tutorial_crossroads_barrage.yaml", seed=5)
    while app.game.current_step().name != "Assign artillery":
        app.turn.go_next()
    board, a = app.board, app.actions
    at = board.canvas.to_px([app.game.piece("grens_s")["position"]])[0]
    board.on_down(*at)  # clicked during an earlier step
    board.on_up(*at)
    assert board.selected == "grens_s"
    while app.game.current_step().name != "Vehicles vs infantry and AT":
        app.turn.go_next()
    assert a.choice.value == "fire" and a.inputs["target"].value == "flak88"  # the new step's form, its default
    board.on_down(*at)
    board.on_up(*at)
    assert a.inputs["target"].value == "grens" and not a.button.disabled


def test_the_opponent_shows_it_is_thinking_and_its_seat_survives_a_reload(tmp_path, monkeypatch):
    from wgkit import opponent as O

    scenario = tmp_path / "farm.yaml"
    scenario.write_text(FARM.read_text())
    journal = start(scenario, seed=3).journal
    page = UmpireApp.attach(journal)
    page.opponent.side.value = "us"
    page.opponent.style.value = "cautious"
    seen = []

    def thinking(self, game, say, finish):  # what the page shows while the opponent weighs its moves
        seen.append((page.opponent.go.description, page.opponent.go.disabled, page.turn.next.disabled,
                     page.actions.button.disabled, page.undo_last.disabled))
        return 0
    monkeypatch.setattr(O.Opponent, "play_step", thinking)
    page.opponent.play()
    assert seen == [("The opponent is thinking…", True, True, True, True)]
    assert (page.opponent.go.description, page.turn.next.disabled, page.undo_last.disabled) == \
        ("Opponent plays this step", False, False)
    reload = UmpireApp.attach(journal)  # a reload, or a second tab
    assert (reload.opponent.side.value, reload.opponent.style.value, reload.opponent.auto.value) == ("us", "cautious", False)
    (journal.parent / "farm.journal.opponent.json").write_text('{"side": "zz", "style": 3}')  # damaged: not used
    again = UmpireApp.attach(journal)
    assert (again.opponent.side.value, again.opponent.style.value) == ("", "balanced")


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_briefing_names_every_piece_the_board_labels_under_its_unit(path):
    """The board labels a unit by its name and a piece by its own name where it has one (the
    hedgerow farm's 60 mm mortar in 2nd Squad): the briefing lists them all, each under its unit."""
    import html as H
    import re

    from wgkit.widgets.briefing import briefing_html

    s = load(path)
    items = [H.unescape(re.sub(r"<[^>]+>", "", li)) for li in re.findall(r"<li>(.*?)</li>", briefing_html(s))]
    for _, unit, piece in s.pieces():
        row = next(i for i in items if i.startswith(f"{unit.name or unit.id} ("))
        if piece.name and piece.name != unit.name:
            assert piece.name in row, (unit.id, piece.name, row)


# -- Resolve ▶ Next ------------------------------------------------------------------------------------
def test_resolve_then_next_makes_what_resolve_and_next_make_in_one_press():
    pressed, twice = farm_fire(seed=11), farm_fire(seed=11)
    at = pressed.game.position
    twice.actions.button.click()
    twice.turn.next.click()
    pressed.actions.then_next.click()
    assert [e.text for e in pressed.game.log] == [e.text for e in twice.game.log]
    assert pressed.game.position == twice.game.position != at
    assert pressed.actions.then_next.layout.display == ""  # the umpire's page offers it beside Resolve


def test_resolve_then_next_with_table_dice_goes_on_once_the_faces_are_typed_and_not_if_cancelled():
    kit = farm_fire(seed=11)
    kit_event = kit.actions.resolve()
    app = farm_fire(seed=11)
    at, n = app.game.position, len(app.game.log)
    app.actions.dice.value = "table"
    app.actions.then_next.click()
    assert app.game.position == at and len(app.game.log) == n  # the faces are awaited: nothing made, still here
    event = None
    for roll in kit_event.rolls:
        event = app.actions.enter_faces(" ".join(map(str, roll.faces)))
    assert event is not None and event.text == kit_event.text
    assert app.game.position != at  # made, then on to the next step
    cancelled = farm_fire(seed=11)
    cancelled.actions.dice.value = "table"
    cancelled.actions.then_next.click()
    cancelled.actions.cancel_faces()
    cancelled.actions.choice.value = "umpire roll"  # a generic roll then resolved plainly: it does not go on
    cancelled.actions.button.click()
    assert cancelled.game.position == at


def test_resolve_then_next_is_disabled_with_resolve_and_a_refused_action_leaves_nothing_to_go_on_with(monkeypatch):
    app = farm_fire(seed=11)
    app.actions.button.disabled = True
    assert app.actions.then_next.disabled
    app.actions.button.disabled = False
    at, n = app.game.position, len(app.game.log)
    resolve = app.actions.model.resolve

    def refused(**kwargs):
        raise IllegalActionError("the rules refuse it")

    monkeypatch.setattr(app.actions.model, "resolve", refused)
    app.actions.then_next.click()
    assert app.errors.messages[-1] == "the rules refuse it" and app.game.position == at and len(app.game.log) == n
    monkeypatch.setattr(app.actions.model, "resolve", resolve)
    app.actions.choice.value = "umpire roll"
    app.actions.button.click()  # a plain Resolve afterwards: made, and the step stays
    assert len(app.game.log) == n + 1 and app.game.position == at
