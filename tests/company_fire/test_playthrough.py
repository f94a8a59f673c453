"""A seeded three-turn game, played by the simple policies, gives the same transcript every run."""

import json

from tests.company_fire.playthrough import SAVED, transcript


def test_three_turn_playthrough_matches_the_saved_transcript():
    assert transcript() == json.loads(SAVED.read_text())


def test_the_log_numbers_card_phases_as_the_turn_header_does():
    """Initiative and Phase Sequence: a card pass is a phase of the turn. Every step entered is
    logged with the turn and phase the header shows then ("turn 2, phase 3: Rally"), and the step
    that turns the next card says so, never the engine's count of card passes."""
    from tests.conftest import ROOT
    from wgkit.engine import Game
    from wgkit.rules.company_fire import lookup as L
    from wgkit.rules.company_fire.flow import SEQUENCE, headline
    from wgkit.rules.registry import get_ruleset
    from wgkit.scenario import load

    game = Game(load(ROOT / "scenarios/company_fire/tutorial_orchard_gate.yaml"), seed=4, flow=SEQUENCE)
    policy = get_ruleset("company_fire").policy
    seen = set()
    while L.cf(game)["turn"] <= 2 and not game.state["vars"].get("game_over"):
        policy.play_step(game, lambda line: None)
        game.advance()
        flow = next(e for e in reversed(game.log) if e.kind == "flow")
        step = game.current_step().name
        s = L.cf(game)
        if game.position[2] == 0:
            assert flow.text == f"next card: {step}"
        else:
            assert flow.text == f"turn {s['turn']}, phase {s['phase']}: {step}"
            assert f"Turn {s['turn']}" in headline(game) and f"phase {s['phase']}" in headline(game)
            seen.add((s["turn"], s["phase"]))
    assert game.position[0] > 4 and len(seen) >= 3  # several card passes, so the engine's count ran ahead
