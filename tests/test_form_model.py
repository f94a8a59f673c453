"""The action form with no widget in it (issue 64): driven by gestures alone, as the widgets
drive it, and derived again from the game after every event."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT
from wgkit.engine.game import Game
from wgkit.engine.views import side_of
from wgkit.fog import Fog
from wgkit.form import ActionForm, WaitingForPoint
from wgkit.rules import situation_of
from wgkit.rules.registry import get_ruleset
from wgkit.scenario import load as load_scenario

FARM = ROOT / "scenarios/close_action/hedgerow_farm.yaml"


def farm_at(step: str, seed: int = 7) -> Game:
    scenario = load_scenario(FARM)
    game = get_ruleset(scenario.ruleset).new_game(scenario, seed)
    while game.current_step().name != step:
        game.advance()
    return game


def test_the_form_imports_no_widget_library():
    code = "import sys, wgkit.form; print(sorted(m for m in ('ipywidgets', 'ipycanvas', 'anywidget') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def test_a_drag_resolved_leaves_no_destination_for_a_second_resolve():
    game = farm_at("Move")
    form = ActionForm(game)
    form.set_drag_unit(False)
    assert form.drag("sgt1", (20.0, 9.0)) and form.verdict.ok and form.action == "move"
    assert form.values["point"] == "20.0, 9.0"
    event = form.resolve()
    assert event is not None and event.text == 'sgt1 moves 3.0" (3.0" of rate), crawling'
    form.refresh()  # the page derives the form again after every event
    assert form.values["point"] == "" and not form.verdict.ok and form.verdict.state == "waiting"
    with pytest.raises(WaitingForPoint):
        form.resolve()
    assert game.log[-1] is event


def test_a_refused_drag_leaves_nothing_to_resolve_and_nothing_to_draw():
    game = farm_at("Move")
    form = ActionForm(game)
    form.drag("sgt1", (20.0, 9.0))
    assert form.verdict.ok and form.group  # the whole 1st Squad, by the same offset
    form.refuse_point('that drag is 40.0" and the most is 6"')
    assert (form.verdict.ok, form.verdict.state, form.verdict.shapes, form.group) == (False, "refused", [], [])
    assert form.verdict.why == 'that drag is 40.0" and the most is 6"'


def test_each_drag_is_its_own_move_a_single_figure_after_a_unit_holds_no_group():
    game = farm_at("Move")
    form = ActionForm(game)
    form.drag("sgt1", (20.0, 8.0))
    assert len(form.group) == 6
    leader = next(p for p in game.scenario.pieces() if p[1].id != "sq1" and len([q for q in game.scenario.pieces()
                                                                                  if q[1].id == p[1].id]) == 1)
    form.drag(leader[2].id, (leader[2].position[0], leader[2].position[1] + 1.0))
    assert form.group == []  # the earlier unit's destinations do not ride along with a lone figure's move


def test_a_sides_form_offers_only_its_own_troops_and_what_it_knows():
    game = farm_at("Fire")
    fog = Fog("de")
    fog.follow(game)
    form = ActionForm(game, fog)
    assert form.specs and all(s.name != "free move" for s in form.specs)  # no umpire's tools on a side's page
    known = fog.known(game.state)
    for spec in form.specs:
        form.choose(spec.name)
        actor = form._actor()
        if actor is not None:
            assert {side_of(game.state, v if isinstance(v, str) else v[0]) for _, v in form.options[actor.name]} <= {"de"}
        for name, offer in form.options.items():
            for _, value in offer:
                members = value if isinstance(value, tuple) else (value,)
                assert all(m in known or m not in game.state["pieces"] for m in members), (spec.name, name, value)


def test_values_set_by_hand_stay_through_an_event_and_are_judged_anew():
    game = farm_at("Fire")
    form = ActionForm(game)
    fire = next(s for s in form.specs if s.name == "fire")
    form.choose(fire.name)
    target = next(p for p in fire.params if p.name == "target")
    offer = [v for _, v in form.options[target.name]]
    assert len(offer) > 1
    form.edit(target.name, offer[-1])
    situation_of(game).piece_status("r4", in_command=False)  # an event in this step, made elsewhere
    form.refresh()
    assert form.action == fire.name and form.values[target.name] == offer[-1]
    assert form.verdict.state in ("ready", "refused")  # judged anew against the game as it now is


def test_an_edit_the_form_does_not_offer_is_refused_in_words():
    game = farm_at("Fire")
    form = ActionForm(game)
    form.choose("fire")
    name = next(iter(form.options))
    with pytest.raises(ValueError, match="is not offered for"):
        form.edit(name, "nobody")
    with pytest.raises(ValueError, match="is not offered now"):
        form.choose("teleport")
