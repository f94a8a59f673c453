"""What `wgkit play` serves: journals next to the source, resumed never overwritten, fresh seeds."""

import os
import shutil

import pytest

from tests.conftest import ROOT
from wgkit.engine.journal import is_journal
from wgkit.engine.save import save
from wgkit.session import load_game
from wgkit.session import SessionError, attach, start

FARM = ROOT / "scenarios/close_action/hedgerow_farm.yaml"


@pytest.fixture
def farm(tmp_path):
    path = tmp_path / "farm.yaml"
    shutil.copy(FARM, path)
    return path


def fire_once(journal):
    """Fire the lieutenant's section at the first target with the kit's dice; the faces rolled."""
    game = attach(journal).game
    game.at_step("Fire")
    from wgkit.rules.registry import actions_for

    spec = next(s for s in actions_for(game) if s.name == "fire")
    event = spec.resolve(game, {p.name: p.initial() for p in spec.params})
    return [r.faces for r in event.rolls]


def test_a_new_game_journals_next_to_its_scenario_and_a_second_start_resumes_it(farm):
    first = start(farm)
    assert first.journal == farm.with_name("farm.journal.wgsave") and not first.resumed
    assert is_journal(first.journal) and first.save_dir == farm.parent.resolve()
    attach(first.journal).game.move("r1", (3, 3))
    again = start(farm)  # the same command after a crash or a restart
    assert again.resumed and again.journal == first.journal
    assert again.events == 1 and again.seed == first.seed
    assert len(load_game(first.journal, recover=True).game.log) == 1  # nothing was wiped


def test_new_starts_the_next_free_journal_and_leaves_the_old_one_alone(farm):
    first = start(farm)
    attach(first.journal).game.move("r1", (3, 3))
    before = first.journal.read_bytes()
    second = start(farm, new=True)
    third = start(farm, new=True)
    assert second.journal.name == "farm.journal-2.wgsave" and third.journal.name == "farm.journal-3.wgsave"
    assert first.journal.read_bytes() == before and second.events == 0


def test_two_new_games_roll_different_dice_unless_a_seed_is_given(farm):
    a, b = start(farm), start(farm, new=True)
    assert a.seed != b.seed  # fresh random seeds (a clash has odds of 1 in 2**31)
    assert fire_once(a.journal) != fire_once(b.journal)
    c, d = start(farm, new=True, seed=1234), start(farm, new=True, seed=1234)
    assert c.seed == d.seed == 1234
    assert fire_once(c.journal) == fire_once(d.journal)  # --seed replays exactly


def test_the_scenarios_own_seed_only_when_asked(farm, tmp_path):
    assert "seed: 1944\n" in farm.read_text()
    assert start(farm, scenario_seed=True).seed == 1944
    assert start(farm, new=True).seed != 1944  # (1 in 2**31 to clash)
    with pytest.raises(SessionError, match="not both"):
        start(farm, new=True, seed=1, scenario_seed=True)
    unseeded = tmp_path / "unseeded.yaml"
    unseeded.write_text(farm.read_text().replace("seed: 1944\n", ""))
    with pytest.raises(SessionError, match="the scenario gives no seed; use --seed N"):
        start(unseeded, scenario_seed=True)


def test_a_resumed_game_keeps_its_dice(farm):
    start(farm)
    with pytest.raises(SessionError, match="a resumed game keeps its dice"):
        start(farm, seed=5)


def test_a_journal_of_an_edited_scenario_is_not_resumed_silently(farm):
    start(farm)
    farm.write_text(farm.read_text().replace("title:", "title: Edited -", 1))
    with pytest.raises(SessionError, match="different version of this scenario.*--new"):
        start(farm)
    assert start(farm, new=True).journal.name == "farm.journal-2.wgsave"


def test_a_journal_given_as_the_source_is_resumed_in_place(farm):
    journal = start(farm).journal
    assert start(journal).journal == journal and start(journal).resumed
    with pytest.raises(SessionError, match="is a journal and is resumed where it stopped"):
        start(journal, new=True)


def test_a_finished_save_continues_in_a_new_journal_with_fresh_dice(farm, tmp_path):
    game = attach(start(farm).journal).game
    game.move("r1", (3, 3))
    saved = tmp_path / "evening1.wgsave"
    save(game, saved)
    before = saved.read_bytes()
    s = start(saved, seed=99)
    assert s.journal.name == "evening1.journal.wgsave" and s.seed == 99
    resumed = attach(s.journal).game
    assert [e.kind for e in resumed.log] == ["move", "dice"] and resumed.state["rng"] == {"seed": 99, "counter": 0}
    assert saved.read_bytes() == before  # the save itself is never written


def test_an_explicit_journal_that_exists_is_never_overwritten_by_new(farm, tmp_path):
    journal = tmp_path / "mine.wgsave"
    start(farm, journal=journal)
    with pytest.raises(SessionError, match="--new never overwrites a journal"):
        start(farm, journal=journal, new=True)


def test_a_file_that_is_not_a_journal_is_refused_as_one(farm, tmp_path):
    other = tmp_path / "notes.wgsave"
    other.write_text("my notes")
    with pytest.raises(SessionError, match="exists and is not a journal"):
        start(farm, journal=other)
    assert other.read_text() == "my notes"


def test_missing_or_unwritable_folders_are_refused_before_anything_starts(farm, tmp_path):
    with pytest.raises(SessionError, match="the save folder .*nowhere does not exist"):
        start(farm, save_dir=tmp_path / "nowhere")
    assert not farm.with_name("farm.journal.wgsave").exists()
    with pytest.raises(SessionError, match="journal folder .* does not exist"):
        start(farm, journal=tmp_path / "nowhere" / "j.wgsave")
    if os.geteuid() != 0:  # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir()
        shutil.copy(farm, locked / "farm.yaml")
        locked.chmod(0o555)
        try:
            with pytest.raises(SessionError, match="permission denied"):
                start(locked / "farm.yaml")
        finally:
            locked.chmod(0o755)


def test_a_broken_scenario_is_one_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: [unclosed\n")
    with pytest.raises(SessionError) as info:
        start(bad)
    assert str(info.value).startswith(f"{bad}:2:1") and "\n" not in str(info.value)


def test_a_page_rendered_ahead_of_time_catches_up_when_a_browser_shows_it(farm):
    """A preheated kernel renders the umpire's page before anyone asks for it; meanwhile another
    page plays on. When a browser shows the waiting page, it takes the journal's events first."""
    from wgkit.widgets import UmpireApp

    journal = start(farm).journal
    waiting = UmpireApp.attach(journal)  # rendered ahead of time
    attach(journal).game.move("r1", (3, 3))  # another page plays on
    assert len(waiting.game.log) == 0
    canvas = waiting.board.canvas.widget._canvases[-1]
    canvas._handle_frontend_event(None, {"event": "client_ready"}, [])  # what the browser sends when it shows the board
    assert len(waiting.game.log) == 1 and waiting.game.piece("r1")["position"] == [3, 3]
    assert len(waiting.log.rows()) == 1  # the log shows it too


def test_a_page_says_it_is_built_only_where_a_preheated_kernel_built_it_for_wgkit(tmp_path, monkeypatch):
    from wgkit.served import READY, page_built

    mark = tmp_path / "0.built"
    monkeypatch.setenv(READY, str(mark))
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # built for a browser that asked: nobody waits for it
    page_built()
    assert not mark.exists()
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    page_built()
    assert mark.exists()
    monkeypatch.delenv(READY)  # a notebook run outside wgkit: no file named, none made
    mark.unlink()
    page_built()
    assert not mark.exists()


def test_the_games_pages_are_preheated_and_the_editor_is_not():
    from wgkit import cli

    assert cli.PREHEATED == ("umpire.ipynb", "side.ipynb") and "editor.ipynb" not in cli.PREHEATED
    assert "--VoilaConfiguration.preheat_kernel=True" in cli.PREHEAT
