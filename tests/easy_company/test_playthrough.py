"""A seeded three-turn game gives the same transcript on every run."""

import json

from tests.easy_company.playthrough import SAVED, transcript


def test_three_turn_playthrough_matches_the_saved_transcript():
    assert transcript() == json.loads(SAVED.read_text())
