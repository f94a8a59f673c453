"""Saves: atomic, checksummed, and refusal of damaged files (journals: test_journal.py)."""

import pytest

from tests.test_engine import FLOW, SCENARIO, play_some
from wgkit.engine import Game
from wgkit.session import load_game
from wgkit.engine.save import SaveError, load, save


def test_save_load_continue_equals_uninterrupted_play(tmp_path):
    straight = Game(SCENARIO, flow=FLOW)
    play_some(straight)
    straight.move("r3", (10, 10))

    first = Game(SCENARIO, flow=FLOW)
    play_some(first)
    save(first, tmp_path / "g.wgsave")
    resumed = load(tmp_path / "g.wgsave", FLOW).game
    resumed.move("r3", (10, 10))
    assert resumed.state == straight.state
    assert [e.to_dict() for e in resumed.log] == [e.to_dict() for e in straight.log]
    resumed.undo()  # undo works after loading
    assert resumed.state["pieces"]["r3"]["position"] == [26, 6]


def test_save_is_readable_json_lines(tmp_path):
    g = Game(SCENARIO)
    play_some(g)
    save(g, tmp_path / "g.wgsave")
    lines = (tmp_path / "g.wgsave").read_text().splitlines()
    assert '"format":"wgkit-game"' in lines[0] and '"end":6' in lines[-1] and len(lines) == 8


def test_altered_save_is_refused(tmp_path):
    g = Game(SCENARIO)
    play_some(g)
    path = tmp_path / "g.wgsave"
    save(g, path)
    original = path.read_text()
    text = original.replace('"position"],[23,9],false', '"position"],[33,9],false')
    assert text != original  # the edit really happened
    path.write_text(text)
    with pytest.raises(SaveError, match=r"g\.wgsave:2: checksum mismatch"):
        load_game(path)


@pytest.mark.parametrize("cut", [10, 500, -30, -1])
def test_truncated_save_is_refused(tmp_path, cut):
    g = Game(SCENARIO)
    play_some(g)
    path = tmp_path / "g.wgsave"
    save(g, path)
    data = path.read_bytes()
    path.write_bytes(data[:cut])
    with pytest.raises(SaveError, match="truncated|damaged"):
        load_game(path)


def test_not_a_save(tmp_path):
    path = tmp_path / "x.wgsave"
    path.write_text('{"hello": 1}\n')
    with pytest.raises(SaveError, match="not a wgkit saved game"):
        load_game(path)
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(SaveError, match=r"x\.wgsave:1: not a wgkit saved game$"):
        load_game(path)


@pytest.mark.parametrize("ruleset", ["close_action", "company_fire", "eagles", "easy_company", "rookie"])
def test_a_loaded_game_is_the_game_that_was_saved_from_its_first_step(tmp_path, ruleset):
    """Without a flow given, a save is replayed on its ruleset's own turn sequence: what the first
    step set up before any event (Easy Company's movement points, Close Action's command) is there."""
    from tests.test_contract import new_game

    game = new_game(ruleset)
    save(game, tmp_path / "g.wgsave")
    assert load_game(tmp_path / "g.wgsave").game.state == game.state
    game.advance()
    save(game, tmp_path / "g.wgsave")
    assert load_game(tmp_path / "g.wgsave").game.state == game.state

