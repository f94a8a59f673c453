"""Eagles in the umpire app: the sequence of play, actions per step with kill dice and odds, the
barrage CD previewed on the table."""

import pytest

from tests.conftest import ROOT
from tests.eagles.helpers import game
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.actions import actions_for
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles.flow import SEQUENCE
from wgkit.rules.registry import get_ruleset
from wgkit.widgets import UmpireApp


def test_the_sequence_of_play():
    names = [(p.name, [s.name for s in p.steps]) for p in SEQUENCE.phases]
    assert names[0] == ("Movement phase", ["Strategic road movement", "Cross-country movement",
                                           "Aircraft movement and AA fire", "Infantry movement"])
    assert [s for s in names[2][1]] == ["Anti-tank vs vehicles", "Vehicles vs vehicles", "Vehicles vs infantry and AT",
                                        "Infantry vs infantry"]


def test_fire_action_explains_the_dice_and_gives_odds():
    g = game("tutorial_crossroads_barrage", step="Vehicles vs infantry and AT")
    spec = next(a for a in actions_for(g) if a.name == "fire")
    situation_of(g).place("sherman_s", (28, 19))
    p = {"unit": "shermans", "target": "grens", "support": "none"}
    lines = spec.explain(g, p)
    # 502 yd: FP 5 (X), against CC in the wood one die less: 4 dice hitting infantry on 0, 9, 8
    assert lines[-1] == "4 kill dice" and "effective row against infantry: hits on 9, 8, 0 (hits after the first impair without a re-roll)" in lines
    assert float(spec.odds(g, p).p((False, 0))) == pytest.approx(0.7 ** 4)
    e = spec.resolve(g, p)
    assert e.kind == "fire" and L.status(g, "shermans")["fired"]


def test_call_fire_and_the_barrage_preview():
    g = game("tutorial_crossroads_barrage", step="Adjust and call")
    spec = next(a for a in actions_for(g) if a.name == "call fire")
    p = {"unit": "guns", "order": "fire", "point": (30, 23.6), "add": 0, "right": 0, "pattern": "spread"}
    assert spec.explain(g, p) == ["time lapse 1 turn(s) for a new mission (us)"]
    assert spec.preview(g, p)  # the CD drawn at the aim point
    spec.resolve(g, p)
    while g.current_step().name != "Impact and damage":
        g.advance()
    barrage = next(a for a in actions_for(g) if a.name == "barrage")
    odds = barrage.odds(g, {"unit": "guns"})
    assert odds.p((0, "long")) == pytest.approx(0.09)  # 3 in 10 on target, 3 in 10 long


def test_drag_moves_by_the_movement_rules():
    g = game("tutorial_crossroads_barrage")
    with pytest.raises(IllegalActionError, match="may move 4"):
        get_ruleset(g.scenario.ruleset).move(g, "easy_s", (28, 20))
    e = get_ruleset(g.scenario.ruleset).move(g, "easy_s", (28, 15))
    assert e.text == "easy moves to (28.0, 15.0)"


def test_umpire_app_opens_on_eagles(tmp_path):
    app = UmpireApp.open(ROOT / "scenarios/eagles/hill_112.yaml", journal=tmp_path / "j.wgsave")
    assert "Strategic road movement" in app.turn.html.value
    assert [a.name for a in actions_for(app.game)][0] == "move"
