"""A wheel installs anywhere: built from a copy of the sources, installed into a fresh virtual
environment (not an editable checkout), it carries the bundled scenarios, the notebooks and the
apps, and its commands work from any folder."""

import json
import shutil
import subprocess
import sys
import time
import zipfile

import pytest

from tests.conftest import ROOT

SOURCES = ("pyproject.toml", "setup.py", "README.md", "wgkit", "scenarios", "notebooks")


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the venv's bin folder, a work folder outside any checkout, the wheel)."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    src.mkdir()
    for name in SOURCES:
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(
            ROOT / name, src / name, **({"ignore": shutil.ignore_patterns("__pycache__")} if (ROOT / name).is_dir() else {}))
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(base / "dist"), str(src)],
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr
    wheel, = (base / "dist").glob("wgkit-*.whl")
    # the dependencies come from this environment; wgkit itself only from the wheel
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(base / "venv")], check=True, timeout=300)
    bin_ = base / "venv" / "bin"
    done = subprocess.run([str(bin_ / "python"), "-m", "pip", "install", "--no-deps", "-q", str(wheel)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    work = base / "class"
    work.mkdir()
    return bin_, work, wheel


def run(installed, *args, timeout=300):
    bin_, work, _ = installed
    return subprocess.run([str(bin_ / "wgkit"), *args], cwd=work, capture_output=True, text=True, timeout=timeout)


def test_the_wheel_carries_the_scenarios_notebooks_and_apps(installed):
    names = set(zipfile.ZipFile(installed[2]).namelist())
    bundled = sorted(p.relative_to(ROOT / "scenarios").as_posix() for p in (ROOT / "scenarios").rglob("*.yaml"))
    assert {f"wgkit/_scenarios/{b}" for b in bundled} <= names
    assert {f"wgkit/_notebooks/{p.name}" for p in (ROOT / "notebooks").glob("*.ipynb")} <= names
    assert {"wgkit/app/umpire.ipynb", "wgkit/app/editor.ipynb", "wgkit/py.typed"} <= names


def test_wgkit_is_imported_from_the_wheel_not_the_checkout(installed):
    bin_, work, _ = installed
    where = subprocess.run([str(bin_ / "python"), "-c", "import wgkit; print(wgkit.__file__)"], cwd=work,
                           capture_output=True, text=True, timeout=120).stdout.strip()
    assert str(bin_.parent) in where and str(ROOT) not in where


def test_validate_and_rulesets_with_no_checkout(installed):
    out = run(installed, "validate")
    assert out.returncode == 0, out.stderr
    bundled = sorted((ROOT / "scenarios").glob("*/*.yaml"))
    assert out.stdout.count("ok") >= len(bundled) and "hedgerow_farm.yaml" in out.stdout
    out = run(installed, "rulesets")
    assert out.returncode == 0 and all(r in out.stdout for r in
                                       ("close_action", "company_fire", "eagles", "easy_company", "rookie"))


def test_notebooks_then_render_from_the_class_folder(installed):
    _, work, _ = installed
    out = run(installed, "notebooks", "lesson")
    assert out.returncode == 0, out.stderr
    nbs = sorted(p.name for p in (work / "lesson" / "notebooks").glob("*.ipynb"))
    assert nbs == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    farm = work / "lesson" / "scenarios" / "close_action" / "hedgerow_farm.yaml"
    assert farm.read_text() == (ROOT / "scenarios/close_action/hedgerow_farm.yaml").read_text()
    json.loads((work / "lesson" / "notebooks" / "teach_bocage.ipynb").read_text())
    out = run(installed, "render", str(farm), "-o", "farm.png")
    assert out.returncode == 0, out.stderr
    assert (work / "farm.png").read_bytes()[:4] == b"\x89PNG"
    again = run(installed, "notebooks", "lesson")
    assert again.returncode == 1 and "nothing was copied: choose an empty folder" in again.stderr


def test_play_with_no_file_serves_the_bundled_scenario_and_journals_here(installed):
    bin_, work, _ = installed
    proc = subprocess.Popen([str(bin_ / "wgkit"), "play", "--port", "8893", "--no-token"], cwd=work,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        lines = []
        deadline = time.monotonic() + 120
        while not any("umpire app at http://" in line for line in lines):
            assert time.monotonic() < deadline and proc.poll() is None, "".join(lines)
            lines.append(proc.stdout.readline())
        assert (work / "hedgerow_farm.journal.wgsave").is_file()  # here, not inside the installed package
    finally:
        proc.terminate()
        proc.wait(timeout=30)
