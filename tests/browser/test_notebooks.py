"""Notebooks in a real browser: a ruleset notebook in Voila, and a board in JupyterLab."""

import json
import time

import pytest

from tests.browser.test_apps import near
from tests.conftest import ROOT

pytestmark = pytest.mark.browser
ROAD = (205, 184, 142)


def canvas_pixel(page, x_in, y_in, depth, ppi):
    return tuple(page.evaluate(
        """([x, y]) => Array.from(document.querySelector('canvas').getContext('2d')
                       .getImageData(Math.round(x), Math.round(y), 1, 1).data).slice(0, 3)""",
        [x_in * ppi, (depth - y_in) * ppi]))


def wait_canvas(page, x_in, y_in, depth, ppi, colour, timeout=150.0):
    deadline = time.monotonic() + timeout
    got = None
    while time.monotonic() < deadline:
        if page.locator("canvas").count():
            got = canvas_pixel(page, x_in, y_in, depth, ppi)
            if near(got, colour):
                return got
        time.sleep(0.5)
    raise AssertionError(f"canvas pixel at ({x_in}, {y_in}) in is {got}, expected about {colour}")


def test_close_action_notebook_opens_in_voila_with_the_board_drawn(serve, page):
    nb = ROOT / "notebooks" / "close_action_turn.ipynb"
    server = serve(str(nb), "--no-browser", "--Voila.ip=127.0.0.1", module="voila")
    page.goto(server.url)
    page.get_by_text("one turn, step by step").wait_for(timeout=150_000)
    # the tutorial table is 36" square: 14 px per inch; the north-south road runs up x = 18
    wait_canvas(page, 18, 32, 36, 14.0, ROAD)
    assert page.get_by_text("section fires 17 dice at gruppe").count() >= 1  # the turn's printed results


def test_board_renders_in_jupyterlab(serve, page, tmp_path):
    scenario = ROOT / "scenarios" / "close_action" / "tutorial_crossroads.yaml"
    source = ("from wgkit.scenario import load\nfrom wgkit.engine import Game\nfrom wgkit.widgets import BoardView\n"
              f"board = BoardView(Game(load({str(scenario)!r})))\nboard.widget")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "board.ipynb").write_text(json.dumps(nb))
    server = serve("--no-browser", "--allow-root", "--ServerApp.ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=",
                   f"--ServerApp.root_dir={tmp_path}", "--ServerApp.disable_check_xsrf=True", module="jupyterlab")
    page.goto(server.url + "lab/tree/board.ipynb")
    page.locator(".jp-Notebook").wait_for(timeout=150_000)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=150_000)
    for _ in range(4):  # the first Shift+Enter can land before the kernel has connected (or a busy machine lags)
        try:
            page.locator(".jp-Cell").first.click(timeout=30_000)
            page.keyboard.press("Shift+Enter")
            page.locator("canvas").wait_for(timeout=30_000)
            break
        except Exception:
            continue
    wait_canvas(page, 18, 32, 36, 14.0, ROAD)


def test_easy_company_notebook_opens_in_voila_with_the_board_drawn(serve, page):
    nb = ROOT / "notebooks" / "easy_company_turn.ipynb"
    server = serve(str(nb), "--no-browser", "--Voila.ip=127.0.0.1", module="voila")
    page.goto(server.url)
    page.get_by_text("one turn, step by step").wait_for(timeout=150_000)
    wait_canvas(page, 15, 29.5, 36, 14.0, (156, 125, 99))  # the barn, 36" table at 14 px per inch
    assert page.get_by_text("winters calls artillery onto (19, 27)").count() >= 1


def test_company_fire_notebook_opens_in_voila_with_the_grid_board_drawn(serve, page):
    nb = ROOT / "notebooks" / "company_fire_turn.ipynb"
    server = serve(str(nb), "--no-browser", "--Voila.ip=127.0.0.1", module="voila")
    page.goto(server.url)
    page.get_by_text("one turn, card by card").wait_for(timeout=150_000)
    # the tutorial table is 36" x 30" at 14 px per inch; the bocage hedge runs along y = 12
    wait_canvas(page, 9, 12.15, 30, 14.0, (31, 63, 24))
    assert page.get_by_text("op fire: lmg fires 3d6 at (3, 2)").count() >= 1


def test_rookie_notebook_opens_in_voila_with_the_board_drawn(serve, page):
    nb = ROOT / "notebooks" / "rookie_turn.ipynb"
    server = serve(str(nb), "--no-browser", "--Voila.ip=127.0.0.1", module="voila")
    page.goto(server.url)
    page.get_by_text("one turn, card by card").first.wait_for(timeout=150_000)
    # the 48" x 24" table at 14 px per inch (840 / 48 = 17.5, capped at 14); the wood at (38, 10)
    wait_canvas(page, 35, 7, 24, 14.0, (83, 126, 62), timeout=150.0)
    assert page.get_by_text("ru_sq acts (2 functions)").count() >= 1


def test_eagles_notebook_opens_in_voila_with_the_board_drawn(serve, page):
    nb = ROOT / "notebooks" / "eagles_turn.ipynb"
    server = serve(str(nb), "--no-browser", "--Voila.ip=127.0.0.1", module="voila")
    page.goto(server.url)
    page.get_by_text("one turn, phase by phase").first.wait_for(timeout=150_000)
    # the 48" x 36" table at 14 px per inch; the north-south road runs up x = 24
    wait_canvas(page, 24, 5, 36, 14.0, ROAD)
    assert page.get_by_text("guns assigned to barrage").count() >= 1


TABLE = (183, 196, 138)
BUILDINGS = (156, 125, 99)
TEACHING = [  # notebook, a heading, (x, y) in inches, table depth, expected colour, a printed result
    ("teach_fire_and_manoeuvre", "Fire and manoeuvre", (18, 32), 36, ROAD, "with a base of fire first"),
    ("teach_mg_danger_zone", "danger zone", (18, 32), 36, ROAD, "Private A hit by his own Bren"),
    ("teach_artillery", "where will it land?", (24, 5), 36, ROAD, "possible landing points"),
    ("teach_bocage", "line-of-sight puzzle", (27, 27), 30, TABLE, "T occupies the bocage"),
    ("teach_fog_of_command", "who acts next?", (26, 25), 36, ROAD, "seeded shuffles"),
    ("design_scenario", "Designing a scenario", (21, 15), 36, BUILDINGS, "ground scale"),
]


@pytest.mark.parametrize("name, heading, point, depth, colour, printed", TEACHING, ids=[t[0] for t in TEACHING])
def test_teaching_and_design_notebooks_open_in_voila_with_the_canvas_drawn(serve, page, name, heading, point, depth,
                                                                           colour, printed):
    server = serve(str(ROOT / "notebooks" / f"{name}.ipynb"), "--no-browser", "--Voila.ip=127.0.0.1", module="voila")
    page.goto(server.url)
    page.get_by_text(heading).first.wait_for(timeout=150_000)
    wait_canvas(page, point[0], point[1], depth, 14.0, colour)
    assert page.get_by_text(printed).count() >= 1
