"""The documentation site builds offline with MkDocs in strict mode (a broken page or link fails),
with the notebooks rendered and the scenario reference generated from the JSON Schema."""

import html
import json
import os
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def commands(text: str) -> dict[str, str]:
    return {m.group(1): m.group(2).strip() for m in re.finditer(r"<!-- (\w+-command) -->\s*```sh\n(.*?)```", text, re.S)}


def test_getting_started_repeats_the_readmes_two_commands():
    readme = commands((ROOT / "README.md").read_text())
    page = commands((ROOT / "docs/getting-started.md").read_text())
    assert set(readme) == {"main-command", "test-command"} and page == readme


def test_every_ruleset_and_notebook_is_in_the_navigation():
    nav = (ROOT / "mkdocs.yml").read_text()
    for page in sorted((ROOT / "docs/rules").glob("*.md")):
        assert f"rules/{page.name}" in nav
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"notebooks/{nb.name}" in nav


def test_site_builds_strict_with_the_generated_reference(tmp_path):
    site = tmp_path / "site"
    shots = tmp_path / "screens"  # as if the browser tests had just taken the editor's picture
    shots.mkdir()
    (shots / "editor.png").write_bytes(b"\x89PNG taken just now")
    out = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
                         capture_output=True, text=True, cwd=tmp_path, timeout=600,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "WGKIT_SCREENS": str(shots)})
    assert out.returncode == 0, out.stdout + out.stderr
    assert "WARNING" not in out.stderr, out.stderr
    reference = (site / "reference/scenario-schema/index.html").read_text()
    assert "table.grid" in reference and "square side, or hex flat-to-flat width" in reference
    values = html.unescape((site / "reference/values/index.html").read_text())
    assert "MP_QUALITY['experienced']" in values and "read as none" in values  # a house value and its reason
    assert (site / "notebooks/company_fire_turn/index.html").exists()
    assert "Coverage" in (site / "rules/rookie/index.html").read_text()
    gallery = (site / "gallery/index.html").read_text()
    bundled = sorted((ROOT / "scenarios").glob("*/*.yaml"))
    assert len(bundled) == 13
    for path in bundled:  # every bundled scenario drawn, its picture a PNG beside the page
        picture = f"{path.parent.name}-{path.stem}.png"
        assert f'src="{picture}"' in gallery, picture
        assert (site / "gallery" / picture).read_bytes()[:4] == b"\x89PNG"
    assert (site / "screens/editor.png").read_bytes() == b"\x89PNG taken just now"  # the latest shot
    assert (site / "screens/rookie.png").read_bytes() == (ROOT / "docs/screens/rookie.png").read_bytes()  # no new one
    assert 'src="editor.png"' in (site / "screens/index.html").read_text()  # the screens page shows it
    assert not (ROOT / ".cache").exists() and not (ROOT / "docs/gallery").exists()  # nothing in the source tree
    # rendered notebooks show each widget's still, never an empty output
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        page = (site / "notebooks" / nb.stem / "index.html").read_text()
        assert "widget-view+json" not in page and "a live widget" not in page, nb.name
    bocage = html.unescape((site / "notebooks/teach_bocage/index.html").read_text())
    assert "<details><summary><b>The answers</b></summary>" in bocage and "B does not see T" in bocage
    assert bocage.count("data:image/png;base64,") >= 2  # the two live boards, as pictures
    assert "stylesheets/notebooks.css" in bocage  # long code lines wrap instead of being cut off
    assert "white-space: pre-wrap" in (site / "stylesheets/notebooks.css").read_text()



def test_a_widget_without_a_still_is_drawn_from_its_saved_state():
    import importlib.util

    spec = importlib.util.spec_from_file_location("notebook_stills", ROOT / "docs/hooks/notebook_stills.py")
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    models = {"bar": {"model_name": "HBoxModel", "state": {"children": ["IPY_MODEL_words", "IPY_MODEL_done"]}},
              "words": {"model_name": "HTMLModel", "state": {"value": "games: 100%"}},
              "done": {"model_name": "FloatProgressModel", "state": {"value": 8, "max": 8}}}
    view = {"application/vnd.jupyter.widget-view+json": {"model_id": "bar"}, "text/plain": "games: 0%"}
    lost = {"application/vnd.jupyter.widget-view+json": {"model_id": "gone"}, "text/plain": "VBox()"}
    nb = {"metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {"state": models}}},
          "cells": [{"cell_type": "code", "outputs": [{"data": view}, {"data": lost}]}]}
    out = hook.stills(nb)["cells"][0]["outputs"]
    assert "widgets" not in nb["metadata"]
    assert out[0]["data"]["text/html"] == ("<div style='display:flex;gap:6px;align-items:center'>games: 100%"
                                           "<progress value='8' max='8'></progress></div>")
    assert out[1]["data"] == {"text/plain": hook.NOT_HERE}


NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def chart_outputs_without_a_picture(notebook: dict) -> list[str]:
    """The outputs that show a matplotlib figure only as its text ("<Figure size ...>"): what
    Voila and the docs site print when a figure was not drawn as an image."""
    bare = []
    for cell in notebook["cells"]:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            text = "".join(data.get("text/plain", ""))
            if text.startswith("<Figure size") and "image/png" not in data and "image/svg+xml" not in data:
                bare.append(text)
    return bare


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_chart_in_a_notebook_is_stored_as_a_picture(path):
    assert chart_outputs_without_a_picture(json.loads(path.read_text())) == []


def test_a_chart_stored_as_text_only_is_noticed():
    shown = {"output_type": "execute_result", "data": {"text/plain": "<Figure size 600x300 with 1 Axes>"}}
    drawn = {"output_type": "execute_result", "data": {"text/plain": "<Figure size 600x300 with 1 Axes>",
                                                       "image/png": "iVBOR"}}
    assert chart_outputs_without_a_picture({"cells": [{"outputs": [shown, drawn]}]}) == ["<Figure size 600x300 with 1 Axes>"]


PICTURED = {"index.md": "screens/close_action.png", "getting-started.md": "screens/close_action.png",
            "guides/designer.md": "../screens/editor.png", **{f"rules/{r}.md": f"../screens/{r}.png" for r in
                                                              ("close_action", "company_fire", "eagles", "easy_company", "rookie")}}


@pytest.mark.parametrize("page, picture", PICTURED.items())
def test_a_page_a_person_starts_from_opens_with_a_picture_the_browser_tests_take(page, picture):
    """The home page, Getting started, the designer guide and each rules page show the app or the
    editor at the top: a screenshot a browser test takes (so it stays current), with its fallback."""
    head = (ROOT / "docs" / page).read_text().split("\n## ")[0]
    assert f"]({picture})" in head and head.index(f"]({picture})") < 400
    shot = picture.split("screens/")[1]
    assert (ROOT / "docs/screens" / shot).read_bytes()[:4] == b"\x89PNG"
    takers = "".join(p.read_text() for p in (ROOT / "tests/browser").glob("*.py"))
    assert f'"{shot}"' in takers or f"{shot.removesuffix('.png')}" in takers


def test_long_commands_wrap_in_their_box():
    css = (ROOT / "docs/stylesheets/notebooks.css").read_text()
    assert re.search(r"\.md-typeset pre > code \{\s*white-space: pre-wrap;", css)


HISTORY = re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b|\btried\b|\bdropped\b|\bthis round\b|\bround before\b|\bused to\b|"
                     r"\bno longer\b|\bbefore this\b", re.IGNORECASE)


@pytest.mark.parametrize("page", ["architecture.md", "performance.md"])
def test_the_design_pages_read_in_ten_minutes_and_say_what_is(page):
    """At most 2,500 words (ten minutes at 250 a minute, tables' rules not counted), and no history:
    no dates, nothing tried or dropped, nothing that used to be; that is what commits are for."""
    text = (ROOT / "docs" / page).read_text()
    words = [w for w in text.split() if not re.fullmatch(r"[|:-]+", w)]
    assert len(words) <= 2500
    assert HISTORY.findall(text) == []


def test_the_history_pattern_sees_history():
    for line in ("Measured on 2026-11-26", "Tried and dropped: ten play-outs", "the pipeline used to cost a third",
                 "in this round", "it is no longer built"):
        assert HISTORY.search(line), line


def test_the_designers_guide_shows_the_report_the_command_prints():
    """The balance report in the designer's guide is what its command prints today."""
    text = (ROOT / "docs/guides/designer.md").read_text()
    block = text[text.index("$ wgkit simulate tutorial_crossroads"):]
    block = block[:block.index("```")].splitlines()
    args = block[0].split()[2:]
    out = subprocess.run([sys.executable, "-m", "wgkit.cli", *args], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.splitlines() == block[1:]
