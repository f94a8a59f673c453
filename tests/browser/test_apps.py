"""The umpire app and the scenario editor in headless Chromium, served by Voila."""

import time

import pytest

from tests.conftest import ROOT
from wgkit.engine.save import load as load_game
from wgkit.scenario import loads

SCENARIO = ROOT / "scenarios/close_action/hedgerow_farm.yaml"
PPI = 14.0  # the editor's pixels per inch for a 48" table (the app's board: 640 px / 36")
DEPTH = 36.0
BACKGROUND = (183, 196, 138)

pytestmark = pytest.mark.browser


def ppi(page) -> float:
    """The board's canvas pixels per table inch (48" wide tables here)."""
    return page.evaluate("document.querySelector('canvas').width") / 48.0


def px(x: float, y: float, scale: float = PPI) -> tuple[float, float]:
    return x * scale, (DEPTH - y) * scale


def pixel(page, x: float, y: float) -> tuple[int, int, int]:
    return tuple(page.evaluate(
        """([x, y]) => Array.from(document.querySelector('canvas').getContext('2d')
                       .getImageData(Math.round(x), Math.round(y), 1, 1).data).slice(0, 3)""",
        list(px(x, y, ppi(page)))))


def near(a, b, tol=30) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b))


def wait_for_pixel(page, x, y, colour, timeout=120.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = pixel(page, x, y)
        if near(got, colour):
            return got
        time.sleep(0.5)
    raise AssertionError(f"pixel at ({x}, {y}) is {got}, expected about {colour}")


def click(page, x: float, y: float) -> None:
    box = page.locator("canvas").first.bounding_box()
    cx, cy = px(x, y, box["width"] / 48.0)
    page.mouse.click(box["x"] + cx, box["y"] + cy)


def test_umpire_app_draws_selects_resolves_and_autosaves(serve, page, tmp_path):
    autosave = tmp_path / "game.wgsave"
    server = serve("play", str(SCENARIO), "--journal", str(autosave))
    page.goto(server.url)
    page.wait_for_selector("canvas", timeout=120_000)
    # terrain and units drawn where the scenario puts them
    wait_for_pixel(page, 33, 28.5, (156, 125, 99))  # the farmhouse
    wait_for_pixel(page, 2, 34, BACKGROUND)  # open table
    # the sergeant in his side colour: the farm's olive is lost in its woods, so Okabe-Ito blue #0072b2
    assert near(pixel(page, 19.8, 6.0), (0, 114, 178), tol=40)
    # click the sergeant: the LOS overlay appears over the table
    click(page, 20, 6)
    page.get_by_text("sgt1 sees").wait_for(timeout=30_000)
    deadline = time.monotonic() + 30  # the overlay arrives as its own canvas message
    line = pixel(page, 23.5, 15.5)  # midway from sgt1 (20, 6) towards g3 (27, 25)
    while near(line, BACKGROUND, tol=10) and time.monotonic() < deadline:
        time.sleep(0.3)
        line = pixel(page, 23.5, 15.5)
    assert not near(line, BACKGROUND, tol=10), line
    # resolve the selected action: a row in the dice log, and an event in the autosave
    page.get_by_role("button", name="Resolve").click()
    page.get_by_text("· 1 events").wait_for(timeout=30_000)
    assert len(load_game(autosave, recover=True).game.log) == 1


def test_editor_draws_a_polygon_and_exports_valid_yaml(serve, page):
    server = serve("edit")
    page.goto(server.url)
    page.wait_for_selector("canvas", timeout=120_000)
    wait_for_pixel(page, 2, 18, BACKGROUND)
    for x, y in [(5, 5), (15, 5), (10, 12)]:
        click(page, x, y)
    page.get_by_role("button", name="Finish shape").click()
    wait_for_pixel(page, 10, 7, (78, 122, 58), timeout=30)  # the new wood, drawn
    page.get_by_role("button", name="Export YAML").click()
    area = page.locator("textarea")
    deadline = time.monotonic() + 30
    while not area.input_value() and time.monotonic() < deadline:
        time.sleep(0.3)
    scenario = loads(area.input_value(), "exported.yaml")
    (wood,) = scenario.terrain
    assert wood.type == "woods" and [tuple(map(round, p)) for p in wood.geometry] == [(5, 5), (15, 5), (10, 12)]
