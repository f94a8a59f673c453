"""Notebooks in a real browser: a ruleset notebook in Voila, and a board in JupyterLab."""

import json
import time

import pytest

from tests.browser.test_apps import near
from tests.conftest import ROOT, SHOTS

pytestmark = pytest.mark.browser
ROAD = (205, 184, 142)


def canvas_pixel(page, x_in, y_in, depth):
    """The first canvas's colour at a table point (its pixels per inch: its height over the depth)."""
    return tuple(page.evaluate(
        """([x, y, depth]) => { const c = document.querySelector('canvas'); const ppi = c.height / depth;
                                return Array.from(c.getContext('2d').getImageData(Math.round(x * ppi),
                                    Math.round((depth - y) * ppi), 1, 1).data).slice(0, 3); }""",
        [x_in, y_in, depth]))


def wait_canvas(page, x_in, y_in, depth, colour, timeout=150.0):
    deadline = time.monotonic() + timeout
    got = None
    while time.monotonic() < deadline:
        if page.locator("canvas").count():
            got = canvas_pixel(page, x_in, y_in, depth)
            if near(got, colour):
                return got
        time.sleep(0.5)
    raise AssertionError(f"canvas pixel at ({x_in}, {y_in}) in is {got}, expected about {colour}")


def test_board_renders_in_jupyterlab(serve, page, tmp_path):
    scenario = ROOT / "scenarios" / "close_action" / "tutorial_crossroads.yaml"
    source = ("from wgkit.scenario import load\nfrom wgkit.engine import Game\nfrom wgkit.widgets import BoardView\n"
              f"board = BoardView(Game(load({str(scenario)!r})))\nboard.widget")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "board.ipynb").write_text(json.dumps(nb))
    server = serve("--no-browser", "--allow-root", "--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=",
                   f"--ServerApp.root_dir={tmp_path}", "--ServerApp.disable_check_xsrf=True",
                   "--LabApp.expose_app_in_browser=True", module="jupyterlab")
    page.goto(server.url + "lab/tree/board.ipynb")
    page.locator(".jp-Notebook").wait_for(timeout=150_000)
    # Run the cell through JupyterLab's own command once the notebook's kernel is ready: a key press can
    # land before the kernel has connected, and on a loaded machine it was lost in CI.
    page.wait_for_function("""() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                                      const k = w && w.sessionContext && w.sessionContext.session
                                                && w.sessionContext.session.kernel;
                                      return k && k.connectionStatus === 'connected' && k.status === 'idle'; }""",
                           timeout=150_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    try:
        page.locator("canvas").wait_for(timeout=150_000)
    except Exception:
        outputs = page.locator(".jp-OutputArea").all_inner_texts()
        raise AssertionError(f"no canvas in JupyterLab; the cell's output: {outputs}") from None
    wait_canvas(page, 18, 32, 36, ROAD)


TABLE = (183, 196, 138)
BUILDINGS = (156, 125, 99)
NOTEBOOKS = [  # notebook, a heading, (x, y) in inches, table depth, expected colour, a printed result
    ("close_action_turn", "one turn, step by step", (18, 32), 36, ROAD, "No. 1 Section fires 17 dice at Gruppe Lenz"),
    ("easy_company_turn", "one turn, step by step", (15, 29.5), 36, BUILDINGS, "Lt. Winters calls artillery onto a point in Barn"),
    ("company_fire_turn", "one turn, card by card", (9, 12.15), 30, (31, 63, 24), "op fire: MG 34 team fires 3d6 at D3"),
    ("rookie_turn", "one turn, card by card", (35, 7), 24, (83, 126, 62), "Rifle squad (four men) acts (2 functions)"),
    ("eagles_turn", "one turn, phase by phase", (24, 5), 36, ROAD, "33rd Field Artillery Bn (105 mm) assigned to barrage"),
    ("teach_fire_and_manoeuvre", "Fire and manoeuvre", (18, 32), 36, ROAD, "base of fire: 17 dice"),
    ("teach_mg_danger_zone", "danger zone", (18, 32), 36, ROAD, "hit on a 7+"),
    ("teach_artillery", "where will it land?", (24, 5), 36, ROAD, "possible landing points"),
    ("teach_bocage", "line-of-sight puzzle", (27, 27), 30, TABLE, "T occupies the bocage"),
    ("teach_fog_of_command", "who acts next?", (26, 25), 36, ROAD, "Soviet (red) cards"),
    ("teach_prepared_position", "prepared position", (9, 3), 24, TABLE, "Question 3"),
    ("teach_armour_and_infantry", "Tanks and infantry", (27, 27), 30, TABLE, "what the squad is for"),
    ("design_scenario", "Designing a scenario", (21, 15), 36, BUILDINGS, "ground scale"),
]


@pytest.mark.parametrize("name, heading, point, depth, colour, printed", NOTEBOOKS, ids=[t[0] for t in NOTEBOOKS])
def test_notebook_opens_in_voila_with_the_canvas_drawn(serve, page, name, heading, point, depth, colour, printed):
    """Every notebook opens in Voila, the board's canvas is drawn (a known pixel), the results show."""
    server = serve(str(ROOT / "notebooks" / f"{name}.ipynb"), "--no-browser", "--Voila.ip=127.0.0.1", module="voila")
    page.goto(server.url, timeout=180_000)  # Voila answers once every cell has run (the design notebook plays games)
    page.get_by_text(heading).first.wait_for(timeout=150_000)
    wait_canvas(page, point[0], point[1], depth, colour)
    assert page.get_by_text(printed).count() >= 1


REVEALS = [  # lesson, its heading, a reveal's title, a line inside it, a line of a later reveal
    ("teach_bocage", "line-of-sight puzzle", "The answers", "B does not see T", "T occupies the bocage at C3"),
    ("teach_fire_and_manoeuvre", "Fire and manoeuvre", "Answer: step 1", "chance the gruppe can still fire",
     "with a base of fire first"),
    ("teach_mg_danger_zone", "danger zone", "The odds", "at least one German hit:", "in the danger zone now"),
    ("teach_artillery", "where will it land?", "Spread or converged: the answer", "converged (FP", "all on target"),
    ("teach_fog_of_command", "who acts next?", "Three phases in a row", "4000 seeded shuffles", "act before any German"),
    ("teach_prepared_position", "prepared position", "Answer 1", "to win if nobody shoots first", "after the base of fire"),
    ("teach_armour_and_infantry", "Tanks and infantry", "Answer 1", "dead ground, where a team", "% alone and"),
]


@pytest.mark.parametrize("name, heading, title, inside, later", REVEALS, ids=[r[0] for r in REVEALS])
def test_a_lessons_answers_wait_behind_a_reveal_in_voila(serve, page, name, heading, title, inside, later):
    """The class sees the question and the board first; an answer shows only when opened, and
    the next question's answer stays closed."""
    server = serve(str(ROOT / "notebooks" / f"{name}.ipynb"), "--no-browser", "--Voila.ip=127.0.0.1", module="voila")
    page.goto(server.url)
    page.get_by_text(heading).first.wait_for(timeout=150_000)
    answer = page.get_by_text(inside, exact=False).first
    answer.wait_for(state="attached", timeout=60_000)
    assert not answer.is_visible()  # closed at first
    page.get_by_text(title, exact=True).last.click()
    answer.wait_for(state="visible", timeout=30_000)
    assert not page.get_by_text(later, exact=False).first.is_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_every_lessons_answers_wait_behind_a_reveal_in_jupyterlab(serve, page, tmp_path):
    """The same lessons run in JupyterLab (copies, so autosave never touches the repository): each
    answer is closed after the run, opens on a click, and the next question's answer stays closed."""
    import shutil

    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    (tmp_path / "notebooks").mkdir()
    for name, *_ in REVEALS:
        shutil.copy(ROOT / "notebooks" / f"{name}.ipynb", tmp_path / "notebooks")
    server = serve("--no-browser", "--allow-root", "--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=",
                   f"--ServerApp.root_dir={tmp_path}", "--ServerApp.disable_check_xsrf=True",
                   "--LabApp.expose_app_in_browser=True", module="jupyterlab")
    for name, heading, title, inside, later in REVEALS:
        page = page.context.new_page()  # a page per lesson; the last one closes without asking
        page.goto(server.url + f"lab/tree/notebooks/{name}.ipynb?reset")  # only this notebook open
        notebook = page.locator(".jp-Notebook >> visible=true").first
        notebook.wait_for(timeout=150_000)
        page.wait_for_function("""() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                                          const k = w && w.sessionContext && w.sessionContext.session
                                                    && w.sessionContext.session.kernel;
                                          return k && k.connectionStatus === 'connected' && k.status === 'idle'; }""",
                               timeout=150_000)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        outputs = notebook.locator(".jp-OutputArea")  # the answers, not the code that computes them
        opener = outputs.get_by_text(title, exact=True).last
        opener.wait_for(timeout=150_000)
        answer = outputs.get_by_text(inside, exact=False).first
        answer.wait_for(state="attached", timeout=60_000)
        assert not answer.is_visible(), name  # closed after the run
        opener.click()
        answer.wait_for(state="visible", timeout=30_000)
        assert not outputs.get_by_text(later, exact=False).first.is_visible(), name
        page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")  # no dialog
        page.close()


@pytest.mark.parametrize("name", ["teach_mg_danger_zone", "teach_armour_and_infantry"])
def test_a_lessons_board_labels_stand_14_pixels_high_on_a_projector(serve, browser, name):
    """At 1280x720 (a classroom projector) the page shows a lesson's board small; it tells the
    kernel how wide, and the board draws its labels at least 14 px high there (it says back how
    high it drew them), whatever the width it is drawn at."""
    server = serve(str(ROOT / "notebooks" / f"{name}.ipynb"), "--no-browser", "--Voila.ip=127.0.0.1", module="voila")
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        page.goto(server.url)
        told = page.locator("[data-label-px]").first
        told.wait_for(state="attached", timeout=150_000)
        page.wait_for_function("() => parseFloat(document.querySelector('[data-label-px]').dataset.labelPx) > 0",
                               timeout=60_000)
        board = page.locator("canvas").first
        shown = board.bounding_box()["width"]
        drawn = float(page.evaluate("() => document.querySelector('canvas').width"))
        assert shown < drawn  # the page shrank the board: its own size would give small labels
        assert float(told.get_attribute("data-label-px")) >= 14
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}_1280x720.png"), full_page=True)
    finally:
        context.close()
