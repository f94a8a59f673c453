"""Issue 65, item 1: Next only where someone decides. Played by Next alone (the kit's dice, forced
cards drawn), every bundled scenario's first two turns: each press falls where some side could
act (an action the rules offer is possible for someone) or where the rules still owe something,
and each press moves the game on; steps nobody could act in pass without a press, the first
after Start among them."""

from __future__ import annotations

import pytest

from tests.conftest import SCENARIOS
from wgkit.engine.views import game_over
from wgkit.rules.registry import get_ruleset
from wgkit.widgets import UmpireApp


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_next_press_falls_where_someone_could_act(path):
    app = UmpireApp.open(path, seed=3)
    app.begin()
    owed = get_ruleset(app.game.scenario.ruleset).pending
    presses = 0
    while app.game.state["turn"] <= 2 and not game_over(app.game.state) and presses < 400:
        offered, owing = app.turn.offered(), owed(app.game)
        assert offered or owing, f"a press was needed in {app.game.current_step().name}, where nobody could act"
        n, at = len(app.game.log), app.game.position
        try:
            app.turn.go_next()
        except ValueError:  # the scenario's last turn ended
            break
        presses += 1
        if len(app.game.log) == n and app.game.position == at:
            assert owing and "still require" in app.turn.warning.value, "a press that did nothing and said nothing"
    assert presses > 0
