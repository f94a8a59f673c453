"""Journals: created once and never overwritten, appended and fsynced per event, shared by pages."""

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from tests.conftest import ROOT
from tests.test_engine import FLOW, SCENARIO, play_some
from wgkit.engine import Game
from wgkit.engine.journal import Journal, NotRecorded, StaleJournal, is_journal
from wgkit.session import load_game
from wgkit.engine.save import SaveError, load, save


def test_journal_records_commits_and_undos(tmp_path):
    g = Game(SCENARIO, flow=FLOW)
    Journal.create(g, tmp_path / "j.wgsave")
    play_some(g)
    g.undo()
    g.move("r4", (5, 5))
    back = load(tmp_path / "j.wgsave", FLOW, recover=True)
    assert back.game.state == g.state and back.recovered == ""
    with pytest.raises(SaveError, match="no end record"):
        load(tmp_path / "j.wgsave", FLOW)
    assert is_journal(tmp_path / "j.wgsave")


def test_an_existing_file_is_never_overwritten_by_a_new_journal(tmp_path):
    path = tmp_path / "j.wgsave"
    g = Game(SCENARIO, flow=FLOW)
    Journal.create(g, path)
    g.move("r1", (1, 1))
    before = path.read_bytes()
    with pytest.raises(FileExistsError):
        Journal.create(Game(SCENARIO, flow=FLOW), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["j.wgsave"]  # no temporary file left behind


def test_a_finished_save_is_not_a_journal(tmp_path):
    g = Game(SCENARIO, flow=FLOW)
    play_some(g)
    save(g, tmp_path / "s.wgsave")
    assert not is_journal(tmp_path / "s.wgsave")
    with pytest.raises(SaveError, match="a finished save, not a journal"):
        Journal.attach(tmp_path / "s.wgsave", FLOW)


def test_attaching_resumes_and_appends_to_the_same_file(tmp_path):
    path = tmp_path / "j.wgsave"
    g = Game(SCENARIO, flow=FLOW)
    Journal.create(g, path)
    g.move("r1", (3, 4))
    again = Journal.attach(path, FLOW).game  # a reload: same game, same event
    assert again.state == g.state and len(again.log) == 1
    again.move("r2", (6, 7))
    again.undo()
    again.move("r2", (8, 9))
    final = load(path, FLOW, recover=True).game
    assert len(final.log) == 2 and final.state["pieces"]["r2"]["position"] == [8, 9]


def test_a_torn_last_line_is_cut_before_the_next_append(tmp_path):
    path = tmp_path / "j.wgsave"
    g = Game(SCENARIO, flow=FLOW)
    Journal.create(g, path)
    g.move("r1", (3, 4))
    g.move("r1", (5, 6))
    data = path.read_bytes()
    path.write_bytes(data[:-20])  # a crash mid-write of the second move
    journal = Journal.attach(path, FLOW)
    resumed = journal.game
    assert len(resumed.log) == 1
    assert journal.repaired == ("the journal's last line was cut by an interrupted write and dropped; nothing "
                                "acknowledged was lost: an action is acknowledged only once its line is whole on disk "
                                "(dropped line 3 (the file is truncated (last line incomplete)): left by an interrupted write)")
    resumed.move("r3", (1, 2))  # appended after the cut, so the chain stays whole
    back = load(path, FLOW, recover=True)
    assert back.recovered == "" and [e.text for e in back.game.log] == ["r1 moves to (3, 4)", "r3 moves to (1, 2)"]
    assert Journal.attach(path, FLOW).repaired == ""  # whole again: nothing to say


def test_a_game_resumed_from_a_torn_journal_says_so_in_the_terminal_and_on_the_page(tmp_path):
    from wgkit.session import start
    from wgkit.widgets import UmpireApp

    farm = ROOT / "scenarios/close_action/hedgerow_farm.yaml"
    path = tmp_path / "farm.journal.wgsave"
    app = UmpireApp.open(farm, journal=path, seed=3)
    app.game.record("note", [], "a first event")
    app.game.record("note", [], "a second event")
    path.write_bytes(path.read_bytes()[:-15])  # a crash mid-write of the second
    session = start(farm, journal=path)
    assert session.events == 1 and session.describe().splitlines()[1].startswith(
        "when it resumed, the journal's last line was cut by an interrupted write and dropped; nothing acknowledged was lost")
    page = UmpireApp.attach(path, repaired=session.repaired)  # as wgkit play hands it to each page
    assert page.errors.messages[-1].startswith("When this game resumed, the journal's last line was cut")
    assert UmpireApp.attach(path).errors.messages == []  # whole now, and not told


def test_a_second_page_sees_the_first_pages_events_and_cannot_fork_the_game(tmp_path):
    path = tmp_path / "j.wgsave"
    Journal.create(Game(SCENARIO, flow=FLOW), path)
    page_a, page_b = Journal.attach(path, FLOW), Journal.attach(path, FLOW)
    page_a.game.move("r1", (10, 10))
    assert page_a.current() and not page_b.current()
    with pytest.raises(StaleJournal, match="another page changed the game"):
        page_b.game.move("r2", (20, 20))  # acting on a stale copy is refused, not recorded
    on_disk = load(path, FLOW, recover=True).game
    assert [e.text for e in on_disk.log] == ["r1 moves to (10, 10)"]
    assert page_b.sync()  # page B catches up: it now holds exactly what the journal holds
    assert page_b.game.state == on_disk.state and len(page_b.game.log) == 1
    page_b.game.move("r2", (20, 20))
    assert page_a.sync() and page_a.game.state["pieces"]["r2"]["position"] == [20, 20]
    assert not page_a.sync()  # nothing new


def test_journal_survives_sigkill(tmp_path):
    path = tmp_path / "j.wgsave"
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from wgkit.scenario import load
        from wgkit.engine import Game
        from wgkit.engine.journal import Journal
        g = Game(load({str(ROOT / 'scenarios/close_action/hedgerow_farm.yaml')!r}))
        Journal.create(g, {str(path)!r})
        i = 0
        while True:
            g.move("r1", (i % 40, 1))
            i += 1
            print(i, flush=True)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    done = 0
    deadline = time.monotonic() + 60
    while done < 40 and time.monotonic() < deadline:
        done = int(proc.stdout.readline())
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    resumed = Journal.attach(path).game
    n = len(resumed.log)
    assert n >= done >= 40  # every event completed before the kill is there
    assert resumed.state["pieces"]["r1"]["position"] == [(n - 1) % 40, 1]
    resumed.move("r1", (7, 7))  # and the game goes on in the same journal
    assert len(load_game(path, recover=True).game.log) == n + 1


def test_what_is_and_is_not_a_journal(tmp_path):
    long = Game(SCENARIO, flow=FLOW)
    Journal.create(long, tmp_path / "long.wgsave")
    for i in range(60):  # its last line lies well past the first 4096 bytes
        long.move("r1", (1 + i % 10, 1))
    assert (tmp_path / "long.wgsave").stat().st_size > 3 * 4096 and is_journal(tmp_path / "long.wgsave")
    save(long, tmp_path / "done.wgsave")
    assert (tmp_path / "done.wgsave").stat().st_size > 3 * 4096 and not is_journal(tmp_path / "done.wgsave")
    torn = tmp_path / "torn.wgsave"
    torn.write_bytes((tmp_path / "long.wgsave").read_bytes() + b'{"n": 61, "ev')  # a crash mid-line
    assert is_journal(torn)
    other = tmp_path / "other.wgsave"
    other.write_text('{"format": "something else"}\n')
    assert not is_journal(other) and not is_journal(tmp_path / "missing.wgsave") and not is_journal(tmp_path)


def test_a_failed_write_leaves_the_game_and_the_journal_as_they_were(tmp_path, monkeypatch):
    import copy
    import errno

    from wgkit.engine import journal as J

    path = tmp_path / "j.wgsave"
    g = Game(SCENARIO, flow=FLOW)
    Journal.create(g, path)
    g.move("r1", (1, 1))
    g.move("r2", (2, 2))
    g.undo()  # r2's move waits to be redone
    state, log, on_disk = copy.deepcopy(g.state), list(g.log), path.read_bytes()
    real_write = os.write

    def half_then_full(fd, data):  # the disk fills half-way through the line
        real_write(fd, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(J.os, "write", half_then_full)
    for act in (lambda: g.move("r3", (3, 3)), g.undo, g.redo):
        with pytest.raises(NotRecorded) as refused:
            act()
        assert str(refused.value) == (f"not recorded: the disk is full ({path}); the game is as it was before "
                                      f"this action")
        assert g.state == state and g.log == log and path.read_bytes() == on_disk  # the half line was cut
    monkeypatch.setattr(J.os, "write", real_write)
    g.redo()  # the undone move is still there to redo: the failed commit did not forget it
    g.move("r3", (3, 3))
    back = load(path, FLOW, recover=True)
    assert back.recovered == "" and back.game.state == g.state and len(back.game.log) == 3


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tmpfs needs root")
def test_on_a_full_disk_no_event_is_shown_that_the_journal_lacks(tmp_path):
    disk = tmp_path / "small"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)], capture_output=True)
    if mounted.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        g = Game(SCENARIO, flow=FLOW)
        Journal.create(g, disk / "j.wgsave")
        with open(disk / "filler", "wb", buffering=0) as fh:  # the rest of the disk: the journal can only
            with contextlib.suppress(OSError):                   # grow within the page it already has
                while True:
                    fh.write(b"\0" * 512)
        refused = 0
        for k in range(40):
            try:
                g.move("r1", (1 + k % 5, 1))
            except NotRecorded as exc:
                refused += 1
                assert "the disk is full" in str(exc)
        back = load(disk / "j.wgsave", FLOW, recover=True)
        assert refused > 0 and back.recovered == "" and len(back.game.log) == len(g.log)
        assert back.game.state == g.state
    finally:
        subprocess.run(["umount", str(disk)], check=True)


def test_each_journal_line_numbers_its_event_as_the_log_does_after_undos(tmp_path):
    """A journal line holds the event's place in the log, so a reader of the file sees that an
    event after an undo takes the undone one's place."""
    import json

    g = Game(SCENARIO, flow=FLOW)
    Journal.create(g, tmp_path / "j.wgsave")
    play_some(g)  # six events: 0 to 5
    g.undo()
    g.move("r4", (5, 5))
    records = [json.loads(line) for line in (tmp_path / "j.wgsave").read_text().splitlines()[1:]]
    assert [r.get("n", "undo" if r.get("undo") == 1 else None) for r in records] == [0, 1, 2, 3, 4, 5, "undo", 5]

