"""The bundled scenarios' verdicts under competent play, as the designer's guide quotes them: each
row is the report its command printed, every bundled scenario is judged or said not to be, and a
report is what the command prints today."""

import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT

GUIDE = ROOT / "docs/guides/designer.md"
REPORTS = ROOT / "docs/guides/verdicts"
REPLAYED = "company_fire/lesson_armour_and_infantry"  # the quickest verdict to play again in full


def section() -> str:
    text = GUIDE.read_text()
    start = text.index("### The bundled scenarios, played well")
    return text[start:text.index("\n#", start + 1)]


def command() -> list[str]:
    words = re.search(r"\$ (wgkit simulate scenarios/RULESET/NAME\.yaml[^\n]*)", section())[1].split()
    return words[1:]


def outcomes(report: str) -> dict[str, tuple[int, str, str, str]]:
    """Each outcome row of a report: games, rate, interval's ends."""
    rows = re.findall(r"^(.+?)\s+(\d+)\s+([\d.]+%)\s+([\d.]+%) - ([\d.]+%)$", report, re.M)
    return {side: (int(n), rate, lo, hi) for side, n, rate, lo, hi in rows}


def rows() -> dict[str, str]:
    """The guide's table: scenario (ruleset/name) -> its row."""
    return {m[1]: m[0] for m in re.finditer(r"^\| \[(\w+/\w+)\]\(verdicts/\1\.txt\) \|.*$", section(), re.M)}


def test_every_bundled_scenario_is_judged_or_said_not_to_be():
    bundled = {f"{p.parent.name}/{p.stem}" for p in (ROOT / "scenarios").glob("*/*.yaml")}
    judged = set(rows())
    waiting = set(re.findall(r"^- `(\w+/\w+)`", section(), re.M))
    assert judged | waiting == bundled and not judged & waiting
    assert {f"{p.parent.name}/{p.stem}" for p in REPORTS.glob("*/*.txt")} == judged


@pytest.mark.parametrize("name", sorted(rows()))
def test_each_row_quotes_its_report(name):
    report = (REPORTS / f"{name}.txt").read_text()
    row = rows()[name]
    first = report.splitlines()[0]
    assert first.startswith(f"{name.split('/')[1]}.yaml ({name.split('/')[0]}): ")
    games = int(re.search(r": (\d+) games", first)[1])
    assert re.search(rf"\| {games} \|", row)
    assert "verdict: every rate known to within ±5 points" in report
    for side, (n, rate, lo, hi) in outcomes(report).items():
        if side == "draw" and n == 0:
            continue
        assert f"{side} {rate} ({lo} - {hi})" in row, (side, row)


def test_a_verdict_is_what_its_command_prints_today():
    ruleset, name = REPLAYED.split("/")
    args = [a.replace("RULESET", ruleset).replace("NAME", name) for a in command()]
    out = subprocess.run([sys.executable, "-m", "wgkit.cli", *args, "--jobs", "2"], capture_output=True, text=True,
                         timeout=1200, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout == (REPORTS / f"{REPLAYED}.txt").read_text()
