"""A seeded three-turn game, played by the simple policies, gives the same transcript every run."""

import json

from tests.eagles.playthrough import SAVED, transcript


def test_three_turn_playthrough_matches_the_saved_transcript():
    assert transcript() == json.loads(SAVED.read_text())
