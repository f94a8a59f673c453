"""Easy Company's situations: each helper's line in the log and the state it leaves."""

import pytest

from tests.conftest import ROOT
from wgkit.engine import Game
from wgkit.rules import situation_of
from wgkit.rules.easy_company.flow import SEQUENCE
from wgkit.scenario import load


def _game() -> Game:
    return Game(load(ROOT / "scenarios/easy_company/tutorial_farmyard.yaml"), 1, flow=SEQUENCE)


def test_motivation_wounds_morale_modes_and_fire_in_words():
    g = _game()
    s = situation_of(g)
    status = lambda u: g.state["units"][u]["status"]  # noqa: E731
    assert s.motivation("winters", 2).text == "winters has 2 MPs" and g.state["pieces"]["winters"]["status"]["mp"] == 2
    assert s.wounded("toye", "malarkey").text == "wounded: toye, malarkey"
    for f in ("toye", "malarkey"):
        assert g.state["pieces"][f]["status"]["wounded"] is True and g.state["pieces"][f]["status"]["prone"] is True
    assert not g.state["pieces"]["lipton"]["status"].get("wounded")
    assert s.morale("outpost", "withdraw").text == "outpost: morale withdraw" and status("outpost")["morale"] == "withdraw"
    assert s.morale("outpost", "ok").text == "outpost: morale ok" and status("outpost")["morale"] == "ok"
    assert s.mode("squad", "under_fire").text == "squad in under fire mode" and status("squad")["mode"] == "under_fire"
    assert s.mode("squad", "cautious").text == "squad in cautious mode"
    assert s.under_fire("squad", "rifle", "automatic").text == "squad under fire (rifle, automatic)"
    assert status("squad")["fire_types"] == ["automatic", "rifle"]


@pytest.mark.parametrize("call, message", [
    (lambda s: s.morale("outpost", "rout"), "^an Easy Company morale result is 'ok' or 'withdraw', not 'rout'$"),
    (lambda s: s.mode("squad", "running"), "^an Easy Company mode is one of normal, cautious, under_fire, not 'running'$"),
])
def test_a_state_the_rules_do_not_know_is_refused_by_name(call, message):
    g = _game()
    with pytest.raises(ValueError, match=message):
        call(situation_of(g))
    assert g.log == []
