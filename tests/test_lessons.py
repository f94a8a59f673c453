"""Each lesson's key numbers are what its prose says: the stored outputs (which nbval re-computes
and compares on every run) hold the figures the text promises, and no lesson shows the class a
test marker, a raw state path or image bytes made by hand."""

import json
import re

import pytest

from tests.conftest import ROOT

LESSONS = sorted((ROOT / "notebooks").glob("teach_*.ipynb"))


def cells(name):
    return json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())["cells"]


def printed(name) -> str:
    out = []
    for c in cells(name):
        for o in c.get("outputs", []):
            text = o.get("text") or o.get("data", {}).get("text/plain", "")
            out.append("".join(text) if isinstance(text, list) else text)
    return "\n".join(out)


def prose(name) -> str:
    return "\n".join("".join(c["source"]) for c in cells(name) if c["cell_type"] == "markdown")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_plumbing_is_shown_to_the_class(path):
    code = "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code")
    assert "NBVAL" not in code and "BytesIO" not in code
    assert not re.search(r"""\.state\[["'](sides|units|pieces|vars)["']\]""", code)


def test_artillery_numbers_match_the_text():
    text, out = prose("teach_artillery"), printed("teach_artillery")
    assert "an\nexperienced battery 50%, ten points more for each turn it failed" in text
    assert "arrival: 50% the first turn, 60% after one failure" in out
    # 50%, "less than": 01-49 is on target; a ranging round and one walk: 0.49 ** 2
    assert "ranging round and 1 walk(s) all on target: 24.0%" in out
    assert "A 4-inch CD\n(400 yards)" in text and "17 possible landing points" in out
    # the seeded run the prose narrates: no arrival, then a ranging round on target, a walk, the effect
    run = out[out.index("winters calls artillery onto (19, 27)"):]
    assert re.search(r"turn 2: artillery does not arrive\nturn 3: ranging round on target\n"
                     r"winters walks the fire: on target\nfire for effect \(14\" radius\)", run)


def revealed(name) -> str:
    """The words inside the lesson's reveals, from the widget state saved with its outputs."""
    nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())
    models = nb["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"].values()
    return "\n".join(m["state"].get("value", "") for m in models if m.get("model_name") == "HTMLModel")


def test_the_bocage_answers_are_the_rules_answers():
    # Company Fire's bocage: adjacent squares see across a shared hedge (A); a line across a hedge is
    # blocked (B); a corner blocks only where both edges are bocage (C blocked, D clear); E: open field
    answers = revealed("teach_bocage")
    for line in ("A sees T", "B does not see T", "C does not see T", "D sees T", "E sees T"):
        assert line in answers
    assert "T occupies the bocage at (2, 2)" in answers  # the second reveal
    after = answers[answers.index("T occupies the bocage"):]
    assert all(f"{u} sees T" in after for u in "ABCDE")  # an occupied bocage is seen through
