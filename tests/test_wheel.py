"""What a user installs is what is tested: the wheel, built from a copy of the sources and installed
with its dependencies from the package index into an isolated virtual environment (no system site
packages, no editable checkout), runs every command of the README from an empty folder."""

import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request
import zipfile

import pytest

from tests.browser.conftest import board_shown, free_port, wait_for_addresses
from tests.conftest import ROOT

SOURCES = ("pyproject.toml", "setup.py", "README.md", "wgkit", "scenarios", "notebooks")
# what the class folder's nbval run needs besides the wheel (the wheel's own dependencies come with it)
NBVAL = ("pytest", "nbval")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(the wheel, what building it printed)."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(ROOT / name, src / name)
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(base / "dist"), str(src)],
                         capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr
    wheel, = (base / "dist").glob("wgkit-*.whl")
    return wheel, out.stdout + out.stderr


@pytest.fixture(scope="module")
def installed(built, tmp_path_factory):
    """(the isolated venv's bin folder, an empty work folder outside any checkout)."""
    base = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(base / "venv")], check=True, timeout=300)
    bin_ = base / "venv" / "bin"
    done = subprocess.run([str(bin_ / "python"), "-m", "pip", "install", "-q", str(built[0]), *NBVAL],
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr
    work = base / "class"
    work.mkdir()
    return bin_, work


def run(installed, *args, timeout=600):
    bin_, work = installed
    return subprocess.run([str(bin_ / "wgkit"), *args], cwd=work, capture_output=True, text=True, timeout=timeout)


def modules() -> list[str]:
    """Every module of the source tree, by its dotted name."""
    names = []
    for path in sorted((ROOT / "wgkit").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_the_wheel_holds_every_module_and_builds_without_warnings(built):
    wheel, log = built
    names = set(zipfile.ZipFile(wheel).namelist())
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "wgkit").rglob("*.py")}
    assert "wgkit/geometry/los.py" in sources and not sources - names, sorted(sources - names)
    warnings = re.findall(r"\w+Warning\b.*", log)  # setuptools' (pip's own "WARNING:" lines are about the index)
    assert not warnings, warnings


def test_the_wheel_carries_the_scenarios_notebooks_and_apps(built):
    names = set(zipfile.ZipFile(built[0]).namelist())
    bundled = sorted(p.relative_to(ROOT / "scenarios").as_posix() for p in (ROOT / "scenarios").rglob("*.yaml"))
    assert {f"wgkit/_scenarios/{b}" for b in bundled} <= names
    assert {f"wgkit/_notebooks/{p.name}" for p in (ROOT / "notebooks").glob("*.ipynb")} <= names
    assert {"wgkit/app/umpire.ipynb", "wgkit/app/editor.ipynb", "wgkit/app/side.ipynb", "wgkit/py.typed"} <= names


def test_the_venv_is_isolated_and_every_module_imports_from_the_wheel(installed):
    bin_, work = installed
    probe = ("import importlib, json, sys, wgkit\n"
             "bad = []\n"
             "for name in sys.argv[1:]:\n"
             "    try: importlib.import_module(name)\n"
             "    except Exception as exc: bad.append(f'{name}: {type(exc).__name__}: {exc}')\n"
             "print(wgkit.__file__); print(json.dumps([p for p in sys.path if 'site-packages' in p]))\n"
             "print('\\n'.join(bad) or 'all imported')\n")
    out = subprocess.run([str(bin_ / "python"), "-c", probe, *modules()], cwd=work, capture_output=True, text=True,
                         timeout=600, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert out.returncode == 0, out.stderr
    where, paths, result = out.stdout.strip().splitlines()[:3]
    assert where.startswith(str(bin_.parent)) and str(ROOT) not in where
    assert all(p.startswith(str(bin_.parent)) for p in json.loads(paths))  # no system site packages
    assert result == "all imported", out.stdout


def test_commands_name_bundled_scenarios_from_any_folder(installed):
    _, work = installed
    out = run(installed, "rulesets")
    assert out.returncode == 0 and all(r in out.stdout for r in
                                       ("close_action", "company_fire", "eagles", "easy_company", "rookie"))
    out = run(installed, "validate")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count(": ok (") == len(list((ROOT / "scenarios").glob("*/*.yaml")))
    out = run(installed, "validate", "hedgerow_farm", "close_action/tutorial_crossroads")
    assert out.returncode == 0 and out.stdout.count(": ok (close_action") == 2, out.stderr
    out = run(installed, "render", "hedgerow_farm", "-o", "farm.png")
    assert out.returncode == 0, out.stderr
    assert (work / "farm.png").read_bytes()[:4] == b"\x89PNG"
    out = run(installed, "simulate", "tutorial_orchard_gate", "-n", "2", "--jobs", "1", "--quiet")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("tutorial_orchard_gate.yaml (company_fire): 2 games, seeds 0..1")
    out = run(installed, "schema")
    assert out.returncode == 0 and "sides" in json.loads(out.stdout)["properties"]
    out = run(installed, "render", "hedgerow_frm", "-o", "x.png")
    assert out.returncode == 1 and out.stderr.strip() == (
        "hedgerow_frm: no such file, and no bundled scenario of that name; "
        "did you mean 'hedgerow_farm' or 'hedgerows_of_normandy'?")
    assert not (work / "x.png").exists()


def test_notebooks_copied_to_a_class_folder_pass_nbval_there(installed):
    bin_, work = installed
    out = run(installed, "notebooks", "lesson")
    assert out.returncode == 0, out.stderr
    nbs = sorted(p.name for p in (work / "lesson" / "notebooks").glob("*.ipynb"))
    assert nbs == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    farm = work / "lesson" / "scenarios" / "close_action" / "hedgerow_farm.yaml"
    assert farm.read_text() == (ROOT / "scenarios/close_action/hedgerow_farm.yaml").read_text()
    checked = subprocess.run([str(bin_ / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval",
                              f"--nbval-sanitize-with={ROOT / 'tests' / 'nbval_sanitize.cfg'}", "notebooks"],
                             cwd=work / "lesson", capture_output=True, text=True, timeout=1800)
    assert checked.returncode == 0, checked.stdout[-3000:]
    assert re.search(r"\b\d+ passed\b", checked.stdout.strip().splitlines()[-1]), checked.stdout[-500:]
    again = run(installed, "notebooks", "lesson")
    assert again.returncode == 1 and "nothing was copied: choose an empty folder" in again.stderr


def test_play_serves_a_board_that_draws_in_chromium_and_journals_here(installed, browser):
    bin_, work = installed
    port = free_port()
    log = work / "play.log"
    proc = subprocess.Popen([str(bin_ / "wgkit"), "play", "--port", str(port)], cwd=work, stdout=open(log, "w"),
                            stderr=subprocess.STDOUT, start_new_session=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        url, = wait_for_addresses(log, proc, timeout=120)
        assert (work / "tutorial_crossroads.journal.wgsave").is_file()  # here, not inside the installed package
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        canvas = board_shown(page, url)  # opened the moment the address is printed: the server already answers
        page.wait_for_function("""() => [...document.querySelectorAll('canvas')].some(c => {
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            for (let i = 3; i < d.length; i += 4 * 97) if (d[i] > 0) return true;
            return false; })""", timeout=120_000)
        assert canvas.bounding_box()["width"] > 300
        page.close()
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=30)


@pytest.mark.parametrize("command", [["edit", "tutorial_crossroads"], ["play", "hedgerow_farm", "--seats"]])
def test_the_editor_and_the_seats_answer_at_every_address_they_print(installed, command):
    bin_, work = installed
    log = work / f"{command[0]}.log"
    proc = subprocess.Popen([str(bin_ / "wgkit"), *command, "--port", str(free_port())], cwd=work,
                            stdout=open(log, "w"), stderr=subprocess.STDOUT, start_new_session=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        count = 3 if "--seats" in command else 1  # the umpire's page and one for each of the two sides
        for url in wait_for_addresses(log, proc, count, timeout=120):
            assert urllib.request.urlopen(url, timeout=120).status == 200
        if command[0] == "edit":
            assert f"Save writes {work / 'tutorial_crossroads.yaml'}" in log.read_text()
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=30)
