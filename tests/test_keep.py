"""Simulated games kept on disk: a long verdict interrupted (a crash, Ctrl-C, a machine switched
off) carries on where it stopped and reports exactly what one uninterrupted run would."""

import json

import pytest

import wgkit.simulate as S
from tests.conftest import ROOT
from wgkit import keep as K
from wgkit.cli import main
from wgkit.scenario import load
from wgkit.simulate import simulate, until_decided

CROSSROADS = ROOT / "scenarios/close_action/tutorial_crossroads.yaml"


@pytest.fixture
def played(monkeypatch):
    """The seeds actually played (not taken from a file), in order."""
    seeds: list[int] = []
    real = S.play_safely

    def counting(scenario, seed, turns, players=None):
        seeds.append(seed)
        return real(scenario, seed, turns, players)

    monkeypatch.setattr(S, "play_safely", counting)
    return seeds


def _lines(path):
    return path.read_text().splitlines()


def test_an_interrupted_run_plays_only_the_games_it_lacks_and_reports_what_one_run_would(tmp_path, played):
    s, kept = load(CROSSROADS), tmp_path / "games.jsonl"
    whole = simulate(s, 10, seed=3).table()
    played.clear()
    simulate(s, 6, seed=3, keep=kept)  # stopped after six games
    assert played == [3, 4, 5, 6, 7, 8] and len(_lines(kept)) == 1 + 6
    played.clear()
    assert simulate(s, 10, seed=3, keep=kept).table() == whole
    assert played == [9, 10, 11, 12] and len(_lines(kept)) == 1 + 10
    played.clear()
    assert simulate(s, 10, seed=3, keep=kept).table() == whole and played == []  # all kept: nothing played


def test_kept_games_carry_on_over_a_local_cluster(tmp_path):
    s, kept = load(CROSSROADS), tmp_path / "games.jsonl"
    whole = simulate(s, 8, seed=0).table()
    simulate(s, 3, seed=0, keep=kept)
    assert simulate(s, 8, seed=0, jobs=2, keep=kept).table() == whole
    assert sorted(json.loads(line)["seed"] for line in _lines(kept)[1:]) == list(range(8))


def test_a_verdict_played_again_with_its_file_plays_nothing(tmp_path, played):
    s, kept = load(CROSSROADS), tmp_path / "games.jsonl"
    first = until_decided(s, 20, 60, seed=1, keep=kept)
    assert played == list(range(1, 1 + first.n))
    played.clear()
    assert until_decided(s, 20, 60, seed=1, keep=kept).table() == first.table() and played == []


def test_a_line_torn_by_a_crash_is_cut_off_and_its_game_played_again(tmp_path, played):
    s, kept = load(CROSSROADS), tmp_path / "games.jsonl"
    whole = simulate(s, 5, seed=0).table()
    simulate(s, 4, seed=0, keep=kept)
    with open(kept, "ab") as fh:
        fh.write(b'{"seed": 4, "lost": {"de"')  # the machine died while this game was written
    played.clear()
    assert simulate(s, 5, seed=0, keep=kept).table() == whole and played == [4]
    assert [json.loads(line)["seed"] for line in _lines(kept)[1:]] == [0, 1, 2, 3, 4]


def test_a_game_that_failed_is_not_kept_but_played_again(tmp_path, monkeypatch):
    s, kept = load(CROSSROADS), tmp_path / "games.jsonl"
    real = S.play_safely
    monkeypatch.setattr(S, "play_safely", lambda sc, seed, turns, players=None:
                        {"seed": seed, "error": "RuntimeError: boom (at x.py:1)"} if seed == 1 else real(sc, seed, turns, players))
    assert [g["seed"] for g in simulate(s, 3, keep=kept).failed] == [1]
    assert [json.loads(line)["seed"] for line in _lines(kept)[1:]] == [0, 2]
    monkeypatch.setattr(S, "play_safely", real)  # the bug mended: the game is played this time
    again = simulate(s, 3, keep=kept)
    assert again.failed == [] and again.table() == simulate(s, 3).table()


@pytest.mark.parametrize("change, what", [
    (dict(players="opponent"), "other players"),
    (dict(turns=2), "another number of turns"),
    (dict(title="The crossroads at dusk"), "another scenario"),
])
def test_a_file_kept_for_another_run_is_refused_and_left_as_it_was(tmp_path, change, what):
    kept = tmp_path / "games.jsonl"
    simulate(load(CROSSROADS), 2, keep=kept)
    before = kept.read_bytes()
    scenario = load(CROSSROADS)
    if "title" in change:
        scenario = scenario.with_(title=change.pop("title"))
    with pytest.raises(K.KeptGamesError, match=f"^{kept}: its games were played with {what}; keep these "
                                               f"in another file$"):
        simulate(scenario, 2, keep=kept, **change)
    assert kept.read_bytes() == before


def test_games_played_by_other_code_are_refused(tmp_path, monkeypatch):
    kept = tmp_path / "games.jsonl"
    simulate(load(CROSSROADS), 2, keep=kept)
    monkeypatch.setattr(K, "code_fingerprint", lambda ruleset: "0123456789abcdef")  # the kit was changed since
    with pytest.raises(K.KeptGamesError, match="played with other code of the kit;"):
        simulate(load(CROSSROADS), 2, keep=kept)


def test_the_code_fingerprint_follows_the_source_a_game_of_its_ruleset_can_run(tmp_path, monkeypatch):
    fingerprint = K.code_fingerprint("close_action")
    assert len(fingerprint) == 16 and int(fingerprint, 16) >= 0 and K.code_fingerprint("close_action") == fingerprint
    kit = {"keep.py": "", "engine.py": "x = 1\n", "rules/close_action/__init__.py": "", "rules/close_action/fire.py": "",
           "rules/eagles/__init__.py": "", "rules/eagles/fire.py": "", "facts/close_action.py": "",
           "facts/eagles.py": "", "facts/common.py": "", "app/page.py": "", "widgets/board.py": ""}
    for name, text in kit.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    monkeypatch.setattr(K, "__file__", str(tmp_path / "keep.py"))

    def changed(name: str) -> tuple[bool, bool]:
        """Whether editing ``name`` changes the fingerprint of (Close Action, Eagles)."""
        K.code_fingerprint.cache_clear()
        before = K.code_fingerprint("close_action"), K.code_fingerprint("eagles")
        (tmp_path / name).write_text((tmp_path / name).read_text() + "# edited\n")
        K.code_fingerprint.cache_clear()
        after = K.code_fingerprint("close_action"), K.code_fingerprint("eagles")
        return before[0] != after[0], before[1] != after[1]

    try:
        assert changed("engine.py") == (True, True)  # the core: every ruleset's games
        assert changed("facts/common.py") == (True, True)
        assert changed("rules/close_action/fire.py") == (True, False)  # its own rules only
        assert changed("facts/eagles.py") == (False, True)
        assert changed("rules/eagles/fire.py") == (False, True)
        assert changed("app/page.py") == (False, False)  # pages no game runs
        assert changed("widgets/board.py") == (False, False)
    finally:
        K.code_fingerprint.cache_clear()


def test_a_heading_cut_off_before_its_line_ended_is_written_whole_again(tmp_path, played):
    s, kept = load(CROSSROADS), tmp_path / "games.jsonl"
    simulate(s, 1, keep=kept)
    kept.write_text(kept.read_text().splitlines()[0])  # the heading, its line never ended
    assert simulate(s, 2, keep=kept).table() == simulate(s, 2).table()
    assert [json.loads(line).get("seed") for line in _lines(kept)] == [None, 0, 1]


def test_a_file_of_something_else_is_left_untouched(tmp_path):
    kept = tmp_path / "scenario.yaml"
    kept.write_text("title: a scenario\nturns: 4")  # no newline at its end: nothing may be cut off
    with pytest.raises(K.KeptGamesError, match="line 1: not a file of simulated games"):
        simulate(load(CROSSROADS), 2, keep=kept)
    assert kept.read_text() == "title: a scenario\nturns: 4"


@pytest.mark.parametrize("body, line", [(None, 1), ('{"seed": 0}\nnot json\n', 3), ('{"lost": {}}\n', 2)])
def test_a_file_that_is_not_kept_games_is_named_with_its_line(tmp_path, body, line):
    kept, setup = tmp_path / "games.jsonl", K.setup_of("title: x\n", {"us": "simple"}, 4, "close_action")
    text = "title: a scenario\n" if body is None else json.dumps({"kind": K.KIND, **setup}) + "\n" + body
    kept.write_text(text)
    with pytest.raises(K.KeptGamesError, match=f"^{kept}: line {line}: not a"):
        K.KeptGames(kept, setup)
    assert kept.read_text() == text


def test_the_command_line_carries_on_a_kept_run(tmp_path, capsys):
    kept = tmp_path / "games.jsonl"
    base = [ "simulate", str(CROSSROADS), "--players", "simple", "--jobs", "1", "--quiet"]
    assert main([*base, "-n", "8"]) == 0
    whole = capsys.readouterr().out
    assert main([*base, "-n", "5", "--keep", str(kept)]) == 0
    capsys.readouterr()
    assert main([*base, "-n", "8", "--keep", str(kept)]) == 0
    assert capsys.readouterr().out == whole
    assert main([*base, "-n", "8", "--keep", str(tmp_path / "no" / "such" / "folder.jsonl")]) == 1
    assert capsys.readouterr().err.startswith(f"wgkit simulate: cannot keep the games in {tmp_path}/no/such/folder.jsonl: ")
    assert main([*base, "-n", "8", "--keep", str(kept), "--players", "opponent"]) == 1
    assert capsys.readouterr().err == (f"wgkit simulate: {kept}: its games were played with other players; keep "
                                       f"these in another file\n")
    variants = tmp_path / "variants.yaml"
    variants.write_text("variants:\n  - name: copse moved\n    changes:\n      - move: {id: copse, by: [1, 0]}\n")
    assert main([*base, "-n", "8", "--keep", str(kept), "--vary", str(variants)]) == 1
    assert "--keep is for one scenario, not a sweep" in capsys.readouterr().err
