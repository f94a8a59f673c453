"""Eagles in the umpire app: the sequence of play, actions per step with kill dice and odds, the
barrage CD previewed on the table."""

import pytest

from tests.conftest import ROOT
from tests.eagles.helpers import game
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.registry import actions_for
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles.flow import SEQUENCE
from wgkit.rules.registry import get_ruleset
from wgkit.widgets import UmpireApp


def test_the_sequence_of_play():
    """The text's Sequence of Play: movement (roads, cross-country, aircraft, infantry), the barrage
    phase (A assign, B-C impact and damage, D adjust and call), direct fire in 4.0's four orders,
    then melee and assaults. Both sides act in every step."""
    steps = [(p.name, s.name, s.who, s.actions, s.ref) for p in SEQUENCE.phases for s in p.steps]
    fire = [("Direct fire phase", n, "both", ("fire", "spot"), "4.0 Direct Fire Phase")
            for n in ("Anti-tank vs vehicles", "Vehicles vs vehicles", "Vehicles vs infantry and AT", "Infantry vs infantry")]
    assert steps == [
        ("Movement phase", "Strategic road movement", "both", ("move", "deploy"), "Sequence of Play; 2.2; 3.9"),
        ("Movement phase", "Cross-country movement", "both", ("move", "hold", "clear mines"),
         "2.3-2.4; close combat: slower first, quarter segments"),
        ("Movement phase", "Aircraft movement and AA fire", "both", ("sortie", "AA fire", "drop"), "6.1, 6.4, 1.8"),
        ("Movement phase", "Infantry movement", "both", ("move", "hold", "clear mines", "suicide"), "2.1"),
        ("In-direct barrage fire phase", "Assign artillery", "both", ("assign",), "3.0 (A)"),
        ("In-direct barrage fire phase", "Impact and damage", "both", ("barrage", "AA fire", "air attack", "counter-battery"),
         "3.3-3.7 (B, C)"),
        ("In-direct barrage fire phase", "Adjust and call", "both", ("call fire",), "3.1-3.2 (D)"),
        *fire,
        ("Melee phase", "Infantry melee", "both", ("melee",), "5.1"),
        ("Melee phase", "Assaults on tanks and bunkers", "both", ("assault",), "5.2-5.3")]
    assert [s.text for s in SEQUENCE.phases[2].steps] == ["direct fire: anti-tank vs vehicles",
                                                           "direct fire: vehicles vs vehicles",
                                                           "direct fire: vehicles vs infantry and at",
                                                           "direct fire: infantry vs infantry"]


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
    g = game("tutorial_crossroads_barrage", step="Cross-country movement")
    with pytest.raises(IllegalActionError, match="may move 4"):
        get_ruleset(g.scenario.ruleset).move(g, "easy_s", (28, 20))
    e = get_ruleset(g.scenario.ruleset).move(g, "easy_s", (28, 15))
    assert e.text == "easy moves to (28.0, 15.0)"


def test_umpire_app_opens_on_eagles(tmp_path):
    app = UmpireApp.open(ROOT / "scenarios/eagles/hill_112.yaml", journal=tmp_path / "j.wgsave")
    assert "Strategic road movement" in app.turn.html.value
    assert [a.name for a in actions_for(app.game)][0] == "move"


def test_the_move_form_says_before_the_roll_that_strategic_movement_keeps_to_the_road(tmp_path):
    """2.2: a stand dragged off the road in the first movement step is refused in the form, with the
    reason, and Resolve stays off; in cross-country movement the same drag is offered."""
    import re

    app = UmpireApp.open(ROOT / "scenarios/eagles/hill_112.yaml", journal=tmp_path / "j.wgsave")
    app.confirm_moves.value = True
    app._board_event("drag", ("dcli_a1", (30.0, 11.0)))  # 3" north across the open field
    said = re.sub("<[^>]+>", "", app.actions.odds.value)
    assert said.startswith("not possible: 5th DCLI, A Company: strategic road movement is along a road all the way (2.2)")
    assert app.actions.button.disabled
    while app.game.current_step().name != "Cross-country movement":
        app.game.advance()
    app.refresh()
    app._board_event("drag", ("dcli_a1", (30.0, 11.0)))
    assert not app.actions.button.disabled and "not possible" not in app.actions.odds.value


def test_setup_and_turn_start():
    from tests.conftest import dotted
    from wgkit.rules.eagles.flow import setup, turn_start

    def edit(d):
        d["sides"][1]["units"][0]["stands"][0]["hidden"] = True  # pzgren starts hidden
        d["sides"][0]["units"].append({"id": "atg", "kind": "at_gun", "rules": {"fp": 2, "armour": "infantry",
                                       "deployed": False}, "stands": [{"id": "atg1", "position": [20, 5]}]})
    g = game(edit=edit)
    got = {".".join(p): v for p, v in setup(g)}
    assert got == {"vars.eg": {"missions": {}, "impacts": {}, "cleared": []},
                   "units.field_regt.status.deployed": True, "units.atg.status.deployed": False,  # 3.9
                   "units.pzgren.status.spotted": False}  # 4.1: a hidden unit starts unspotted
    situation_of(g).unit_status("dcli_a", moved=True, fired=True, quarters=2, suppressed=True)
    situation_of(g).unit_status("atg", deploying={"to": "deployed", "ready": 1})
    situation_of(g).turn(2)
    e = g.record("start", turn_start(g))
    assert dotted(e) == (("units.dcli_a.status.moved", None), ("units.dcli_a.status.fired", None),
                         ("units.dcli_a.status.quarters", None), ("vars.eg.last_quarter", None),
                         ("units.atg.status.deploying", None), ("units.atg.status.deployed", True))
