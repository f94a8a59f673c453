"""The wgkit command: exit codes, error form on stderr, never a traceback."""

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT, SCENARIOS


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wgkit.cli", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_validate_bundled_exits_zero():
    r = run("validate", *map(str, SCENARIOS))
    assert r.returncode == 0, r.stderr
    assert r.stdout.count(": ok (") == len(SCENARIOS) and len(SCENARIOS) >= 5  # at least one per ruleset


def test_validate_without_arguments_checks_bundled():
    r = run("validate")
    assert r.returncode == 0 and r.stdout.count(": ok (") == len(SCENARIOS)


def test_validate_broken_files_exit_one_with_error_form(tmp_path):
    good = SCENARIOS[0]
    broken = tmp_path / "broken.yaml"
    broken.write_text(good.read_text().replace("width: 48", "width: -48", 1))
    syntax = tmp_path / "syntax.yaml"
    syntax.write_text("title: [unclosed\n")
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\x00\x01\x02")
    r = run("validate", str(good), str(broken), str(syntax), str(binary))
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    assert f"{broken}:" in r.stderr and "table.width: must be greater than 0, got -48" in r.stderr
    assert f"{syntax}:2:1: (document): YAML syntax error" in r.stderr
    assert f"{binary}:1:1: (document): not a text file" in r.stderr
    assert "3 of 4 files invalid" in r.stderr


def test_validate_missing_file():
    r = run("validate", "no/such.yaml")
    assert r.returncode == 1 and "no/such.yaml:1:1: (document): cannot read file" in r.stderr
    assert "Traceback" not in r.stderr


def test_rulesets_lists_five_with_scale_and_dice():
    r = run("rulesets")
    lines = r.stdout.splitlines()
    assert r.returncode == 0 and len(lines) == 5
    assert any(line.startswith("close_action") and '1" = 4 yd' in line and "d6" in line for line in lines)
    assert any(line.startswith("easy_company") and '1" = 10 m' in line and "d00" in line for line in lines)
    assert any(line.startswith("rookie") and "house" in line for line in lines)


def test_schema_prints_json_schema():
    r = run("schema")
    schema = json.loads(r.stdout)
    assert schema["required"] == ["title", "ruleset", "table", "sides"]


def test_unknown_command_is_usage_error():
    r = run("frobnicate")
    assert r.returncode == 2 and "invalid choice" in r.stderr and "Traceback" not in r.stderr


def test_edit_opens_a_broken_or_new_file_and_refuses_what_is_not_a_scenario(tmp_path, monkeypatch, capsys):
    import wgkit.cli as cli

    served = []
    monkeypatch.setattr(cli, "_port_taken", lambda *port_and_host: False)
    monkeypatch.setattr(cli, "_serve", lambda notebook, env, args, what: served.append((notebook, env)) or 0)
    broken = tmp_path / "broken.yaml"
    broken.write_text((ROOT / "scenarios/close_action/tutorial_crossroads.yaml").read_text().replace(
        "kind: squad", "kind: sqaud", 1))
    assert cli.main(["edit", str(broken)]) == 0  # opened as written, its problem listed
    assert served[-1] == ("editor.ipynb", {"WGKIT_SCENARIO": str(broken.resolve())})
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"to fix: {broken}:") and "'sqaud' is not a unit kind" in err[0]
    new = tmp_path / "new.yaml"
    assert cli.main(["edit", str(new)]) == 0 and served[-1][1] == {"WGKIT_SCENARIO": str(new.resolve())}
    listed = tmp_path / "list.yaml"
    listed.write_text("- a list\n")
    assert cli.main(["edit", str(listed)]) == 1 and len(served) == 2
    assert capsys.readouterr().err.strip() == f"{listed}:1:1: (document): a scenario must be a mapping of fields"
    assert cli.main(["edit", str(tmp_path / "no_folder" / "x.yaml")]) == 1
    assert "no folder" in capsys.readouterr().err


def test_version_and_help_for_every_option():
    import argparse

    from wgkit import __version__
    from wgkit.cli import build_parser

    out = subprocess.run([sys.executable, "-m", "wgkit.cli", "--version"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == f"wgkit {__version__}" == "wgkit 0.1.0"
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert sorted(sub.choices) == ["edit", "markers", "notebooks", "play", "render", "rulesets", "schema", "simulate",
                                   "validate"]
    assert all(c.help for c in sub._choices_actions)  # every command says what it does
    missing = [f"{name} {a.dest}" for name, p in sub.choices.items() for a in p._actions
               if not isinstance(a, argparse._HelpAction) and not a.help]
    assert missing == []


def test_a_bundled_scenario_is_named_without_its_folder_in_every_command(tmp_path):
    from wgkit.bundled import UnknownScenario, find

    farm = ROOT / "scenarios" / "close_action" / "hedgerow_farm.yaml"
    for name in ("hedgerow_farm", "hedgerow_farm.yaml", "close_action/hedgerow_farm"):
        assert find(name) == farm
    mine = tmp_path / "hedgerow_farm.yaml"  # a file of one's own comes first, with or without .yaml
    mine.write_text(farm.read_text())
    assert find(mine) == mine and find(tmp_path / "hedgerow_farm") == mine
    try:
        find("close_action/hedgerow_frm")
    except UnknownScenario as exc:
        assert str(exc).endswith("did you mean 'close_action/hedgerow_farm'?")
    else:
        raise AssertionError("a misspelt name was accepted")
    assert find("no/such.yaml") == Path("no/such.yaml")  # a path, for the reader to say it cannot be read
    out = subprocess.run([sys.executable, "-m", "wgkit.cli", "validate", "tractor_works", "tractor_wroks"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert out.returncode == 1 and "tractor_works.yaml: ok (rookie" in out.stdout
    assert out.stderr.splitlines() == ["tractor_wroks: no such file, and no bundled scenario of that name; "
                                       "did you mean 'tractor_works'?", "1 of 2 files invalid"]
    out = subprocess.run([sys.executable, "-m", "wgkit.cli", "simulate", "tutorial_worked_example", "-n", "1",
                          "--jobs", "1", "--quiet"], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert out.returncode == 0 and out.stdout.startswith("tutorial_worked_example.yaml (rookie): 1 game, "), out.stderr


def test_the_journal_of_a_bundled_or_unwritable_scenario_goes_in_the_current_folder(tmp_path, monkeypatch):
    import os

    from wgkit import cli

    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "mine" / "farm.yaml"
    mine.parent.mkdir()
    mine.write_text((ROOT / "scenarios/close_action/hedgerow_farm.yaml").read_text())
    assert cli.journal_folder(mine) is None  # beside the file: the session puts it there
    assert cli.journal_folder(ROOT / "scenarios/close_action/hedgerow_farm.yaml") == tmp_path
    monkeypatch.setattr(cli.os, "access", lambda path, mode: os.path.realpath(path) != str(mine.parent))
    assert cli.journal_folder(mine) == tmp_path  # a folder this user cannot write


def test_editing_a_bundled_scenario_saves_a_copy_and_leaves_the_original(tmp_path):
    from wgkit.scenario.draft import Draft

    farm = ROOT / "scenarios/close_action/hedgerow_farm.yaml"
    before = farm.read_text()
    draft = Draft.open(farm, save_to=tmp_path / "hedgerow_farm.yaml")
    assert draft.path == tmp_path / "hedgerow_farm.yaml" and draft.unsaved  # nothing written there yet
    with draft.edit("retitle") as doc:
        doc["title"] = "My farm"
    assert draft.save() == []
    assert "title: My farm" in (tmp_path / "hedgerow_farm.yaml").read_text() and farm.read_text() == before


def test_play_with_no_file_opens_the_close_action_tutorial_and_lists_the_others(tmp_path, monkeypatch, capsys):
    import wgkit.cli as cli

    served = []
    monkeypatch.setattr(cli, "_port_taken", lambda *port_and_host: False)
    monkeypatch.setattr(cli, "_serve_all", lambda servers, host: served.append(servers) or 0)
    monkeypatch.chdir(tmp_path)  # a bundled scenario's journal goes in the current folder
    assert cli.main(["play", "--port", "9000"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("no scenario named: opening the Close Action tutorial (close_action/tutorial_crossroads). "
                      "The tutorials, one a ruleset:")
    assert [line.split()[2] for line in out[1:6]] == [
        "close_action/tutorial_crossroads", "company_fire/tutorial_orchard_gate", "eagles/tutorial_crossroads_barrage",
        "easy_company/tutorial_farmyard", "rookie/tutorial_worked_example"]
    assert out[1].endswith("Crossroads at Hérouvillette (tutorial)")
    assert out[7].startswith("Crossroads at Hérouvillette (tutorial): new game")
    assert (tmp_path / "tutorial_crossroads.journal.wgsave").exists()


def test_a_listing_cut_short_by_its_reader_ends_quietly():
    import subprocess
    import sys

    shell = f"{sys.executable} -m wgkit.cli validate | head -1"
    out = subprocess.run(["bash", "-c", f"set -o pipefail; {shell}"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stderr == "" and out.stdout.count("\n") == 1
