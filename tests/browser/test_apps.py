"""The umpire app and the scenario editor in headless Chromium, served by Voila."""

import time

import pytest

from tests.browser.conftest import RESOLVE, board_shown, started, words_cut_short
from tests.conftest import ROOT, SHOTS
from wgkit.session import load_game

SCENARIO = ROOT / "scenarios/close_action/hedgerow_farm.yaml"
PPI = 14.0  # the editor's pixels per inch for a 48" table (the app's board: 640 px / 36")
DEPTH = 36.0
BACKGROUND = (183, 196, 138)

pytestmark = pytest.mark.browser


def ppi(page) -> float:
    """The board's canvas pixels per table inch (48" wide tables here)."""
    return page.evaluate("document.querySelector('canvas').width") / 48.0


def px(x: float, y: float, scale: float = PPI, depth: float = DEPTH) -> tuple[float, float]:
    return x * scale, (depth - y) * scale


def pixel(page, x: float, y: float) -> tuple[int, int, int]:
    return tuple(page.evaluate(
        """([x, y]) => Array.from(document.querySelector('canvas').getContext('2d')
                       .getImageData(Math.round(x), Math.round(y), 1, 1).data).slice(0, 3)""",
        list(px(x, y, ppi(page), page.evaluate("document.querySelector('canvas').height") / ppi(page)))))


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
    cx, cy = px(x, y, box["width"] / 48.0, box["height"] / (box["width"] / 48.0))
    page.mouse.click(box["x"] + cx, box["y"] + cy)


def test_umpire_app_draws_selects_resolves_and_autosaves(serve, page, tmp_path):
    autosave = tmp_path / "game.wgsave"
    server = serve("play", str(SCENARIO), "--journal", str(autosave))
    board_shown(page, server.url)
    # terrain and units drawn where the scenario puts them
    wait_for_pixel(page, 33, 28.5, (156, 125, 99))  # the farmhouse
    wait_for_pixel(page, 2, 34, BACKGROUND)  # open table
    # the sergeant in his side colour: the farm's olive is lost in its woods, so Okabe-Ito blue #0072b2
    assert near(pixel(page, 19.8, 6.0), (0, 114, 178), tol=40)
    # click the sergeant: the LOS overlay appears over the table
    click(page, 20, 6)
    page.get_by_text("1st Squad's leader sees").wait_for(timeout=30_000)
    deadline = time.monotonic() + 30  # the overlay arrives as its own canvas message
    line = pixel(page, 23.5, 15.5)  # midway from sgt1 (20, 6) towards g3 (27, 25)
    while near(line, BACKGROUND, tol=10) and time.monotonic() < deadline:
        time.sleep(0.3)
        line = pixel(page, 23.5, 15.5)
    assert not near(line, BACKGROUND, tol=10), line
    # Start passes the Rally step (nobody to rally); resolve the form: an event in the autosave and the page
    started(page)
    begun = len(load_game(autosave, recover=True).game.log)
    page.get_by_text(f"· {begun} events").wait_for(timeout=30_000)
    page.get_by_role("button", name=RESOLVE).click()
    deadline = time.monotonic() + 30
    while len(load_game(autosave, recover=True).game.log) == begun and time.monotonic() < deadline:
        time.sleep(0.2)
    page.get_by_text(f"· {len(load_game(autosave, recover=True).game.log)} events").wait_for(timeout=30_000)
    assert len(load_game(autosave, recover=True).game.log) > begun
    assert words_cut_short(page) == []


def field(page, label: str, kind: str = "input"):
    """The ipywidgets control whose description is ``label`` (text box, number box or drop-down)."""
    return page.locator(f".widget-inline-hbox:has(> label:text-is('{label}')) {kind}:visible").first


def choose(page, label: str, option: str) -> None:
    field(page, label, "select").select_option(label=option)


def test_every_tab_of_the_editor_reads_whole_at_1400_pixels(serve, page, tmp_path):
    """A 48" x 36" table at 1400 x 900: each tab's fields, lists and buttons fit the panel beside
    the board, none cut short ("Apply to selec...") or running off it."""
    page.set_viewport_size({"width": 1400, "height": 900})
    server = serve("edit", str(tmp_path / "new.yaml"))
    board_shown(page, server.url)
    for tab in ("Scenario", "Sides", "Terrain", "Units", "Victory"):
        page.get_by_role("tab", name=tab).click()
        time.sleep(0.5)
        assert words_cut_short(page) == [], tab


def test_editor_builds_a_scenario_from_nothing_that_validates_plays_and_briefs(serve, page, tmp_path):
    """With clicks only: two sides, a wood, a four-man squad, a victory area; saved, validated by
    ``wgkit validate``, opened by ``wgkit play`` with its briefing; then a GeoJSON map imported."""
    import subprocess
    import sys

    target = tmp_path / "dawn.yaml"
    server = serve("edit", str(target))
    board_shown(page, server.url)
    wait_for_pixel(page, 2, 18, BACKGROUND)
    field(page, "Title").fill("Bridge at dawn")
    field(page, "Turns").fill("6")
    page.get_by_role("button", name="Apply", exact=True).click()
    page.get_by_role("tab", name="Sides").click()
    field(page, "Name").fill("Paras")
    page.get_by_role("button", name="Apply to side").click()
    # a wood, drawn as a rectangle (the terrain menu says what woods mean in Close Action)
    page.get_by_role("tab", name="Terrain").click()
    field(page, "Terrain", "select").select_option(value=None, label="woods · cover: soft · move: dense · blocks sight (house)")
    page.get_by_role("button", name="rectangle").click()
    click(page, 20, 14)
    click(page, 28, 22)
    wait_for_pixel(page, 24, 18, (78, 122, 58), timeout=30)  # the wood, drawn
    # a squad of four for the defenders
    page.get_by_role("tab", name="Units").click()
    choose(page, "Side", "Defender")
    choose(page, "Unit kind", "squad")
    field(page, "Figures").fill("4")
    field(page, "Figures").press("Enter")
    page.get_by_role("button", name="unit", exact=True).click()
    click(page, 24, 18)
    # victory: the paras must hold the wood
    page.get_by_role("tab", name="Victory").click()
    choose(page, "Scores", "Paras")
    choose(page, "Condition", "hold")
    choose(page, "Target", "woods1")
    page.get_by_role("button", name="Add condition").click()
    page.get_by_text("valid scenario: ready to save and play").wait_for(timeout=30_000)
    page.locator("button[title='Save']").click()  # (its icon is part of its accessible name)
    deadline = time.monotonic() + 30
    while not target.exists() and time.monotonic() < deadline:
        time.sleep(0.3)
    out = subprocess.run([sys.executable, "-m", "wgkit.cli", "validate", str(target)], capture_output=True, text=True)
    assert out.returncode == 0 and "ok (close_action, 1 terrain features, 2 sides, 6 pieces)" in out.stdout, out
    from wgkit.scenario import load

    s = load(target)
    assert s.title == "Bridge at dawn" and s.turns == 6 and s.side("blue").name == "Paras"
    assert [len(u.pieces) for u in s.side("red").units] == [1, 4]
    assert [(c.side, c.kind, c.target) for c in s.conditions] == [("blue", "hold", "woods1")]
    # a GeoJSON map imported from the Terrain tab, drawn on the table
    page.get_by_role("tab", name="Terrain").click()
    field(page, "GeoJSON").fill(str(ROOT / "tests/data/bocage_saint_lo.geojson"))
    page.get_by_role("button", name="Import GeoJSON").click()
    page.get_by_text("13 terrain features, read as longitude and latitude, at 1\" = 4 yd").wait_for(timeout=30_000)
    # the farm, 150-185 m east and 125-150 m north of the map's corner, at 4 yd (3.6576 m) to the inch:
    # its centre at (45.8, 37.6) on a table grown to 83" x 61"
    deadline, got = time.monotonic() + 60, None
    while time.monotonic() < deadline:
        got = page.evaluate("""() => { const c = document.querySelector('canvas'); const k = c.width / 83;
            return Array.from(c.getContext('2d').getImageData(Math.round(45.8 * k), Math.round((61 - 37.6) * k), 1, 1)
                   .data).slice(0, 3); }""")
        if near(got, (156, 125, 99)):
            break
        time.sleep(0.5)
    assert near(got, (156, 125, 99)), got
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "editor.png"))  # the docs' picture of the editor
    assert words_cut_short(page) == []
    # the game: the briefing lists the paras' objective
    game = serve("play", str(target), "--journal", str(tmp_path / "dawn.wgsave"))
    board_shown(page, game.url)
    page.get_by_role("tab", name="Briefing").click()
    page.get_by_text("Paras' objectives").last.wait_for(timeout=30_000)  # the tab's (a new game opens on it too)
    assert page.get_by_text("hold woods1 (1 pt)").count() >= 1
    page.get_by_role("tab", name="Play").click()
    started(page)
    page.get_by_text("If the game ended now: a draw (Paras 0, Defender 0)").wait_for(timeout=30_000)

def test_a_background_picture_is_drawn_under_the_table_in_the_browser(serve, page, tmp_path):
    import numpy as np
    from PIL import Image

    from wgkit.scenario.draft import Draft, blank

    sketch = np.full((100, 200, 3), 240, np.uint8)
    sketch[20:40, 150:170] = (200, 30, 30)  # a red square at columns 150-169, rows 20-39
    Image.fromarray(sketch).save(tmp_path / "sketch.png")
    d = Draft(blank("close_action", 48, 36), tmp_path / "traced.yaml")
    d.set_background(tmp_path / "sketch.png", opacity=1.0)  # 0.24" a pixel, its top edge on the far edge
    d.save()
    server = serve("edit", str(tmp_path / "traced.yaml"))
    board_shown(page, server.url)
    wait_for_pixel(page, 38.4, 28.8, (200, 30, 30))  # the square: x 36-40.8, y 26.4-31.2
    wait_for_pixel(page, 20, 30, (240, 240, 240), timeout=10)  # the paper
    wait_for_pixel(page, 20, 5, BACKGROUND, timeout=10)  # the table below the picture


def test_a_two_units_a_side_scenario_is_built_by_clicks_in_at_most_45_actions(serve, page, tmp_path):
    """The designer's done-when: a 48" x 48" Close Action scenario with a named wood, building and
    hedge, two units a side (each side's leader and a squad placed from a template, the squads
    named; the sides named by their squads' nations) and a hold condition on the building, by
    clicks, choices and typed names only; the board shows every step; saved valid, no id in its
    briefing."""
    from wgkit.scenario import load
    from wgkit.scenario.draft import Draft, blank
    from wgkit.scenario.templates import templates
    from wgkit.widgets.briefing import briefing_html

    menu = {value: label for label, value in Draft(blank("close_action")).terrain_menu()}
    squads = {t.like.split(" (")[0]: t.label for t in templates("close_action")}
    target = tmp_path / "farm.yaml"
    server = serve("edit", str(target))
    board_shown(page, server.url)
    wait_for_pixel(page, 2, 18, BACKGROUND)
    actions = 0

    def act(do, *args) -> None:
        nonlocal actions
        actions += 1
        do(*args)

    act(field(page, "Depth (in)").fill, "48")
    act(page.get_by_role("button", name="Apply", exact=True).click)
    wait_for_pixel(page, 2, 44, BACKGROUND, timeout=30)  # the table, 48" deep
    act(page.get_by_role("tab", name="Terrain").click)
    act(lambda: field(page, "Terrain", "select").select_option(label=menu["woods"]))
    act(field(page, "Name").fill, "Bois Rond")
    act(page.get_by_role("button", name="rectangle").click)
    act(click, page, 30, 20)
    act(click, page, 38, 28)
    wait_for_pixel(page, 34, 22, (78, 122, 58), timeout=30)  # the wood, drawn at once
    act(lambda: field(page, "Terrain", "select").select_option(label=menu["buildings"]))
    act(field(page, "Name").fill, "Mill")
    act(click, page, 10, 20)
    act(click, page, 16, 26)
    wait_for_pixel(page, 13, 21, (156, 125, 99), timeout=30)  # the building
    act(lambda: field(page, "Terrain", "select").select_option(label=menu["hedge"]))
    act(field(page, "Name").fill, "Long hedge")
    act(page.get_by_role("button", name="line").click)
    act(click, page, 4, 12)
    act(click, page, 26, 12)
    act(page.get_by_role("button", name="Finish shape").click)
    wait_for_pixel(page, 15, 12, (63, 107, 47), timeout=30)  # the hedge
    act(page.get_by_role("tab", name="Units").click)
    act(page.get_by_role("button", name="unit", exact=True).click)
    act(choose, page, "Template", squads["1st Squad"])
    act(field(page, "Unit name").fill, "Able Squad")
    act(click, page, 20, 6)
    page.wait_for_function("() => [...document.querySelectorAll('textarea')].some(t => t.value.includes('name: Americans'))",
                           timeout=30_000)  # the side took its squad's nation
    act(choose, page, "Side", "Defender")
    act(choose, page, "Template", squads["Gruppe Krebs"])
    act(field(page, "Unit name").fill, "Gruppe Krebs")
    act(click, page, 20, 40)
    act(page.get_by_role("tab", name="Victory").click)
    act(choose, page, "Scores", "Americans")
    act(choose, page, "Condition", "hold")
    act(choose, page, "Target", "Mill")
    act(page.get_by_role("button", name="Add condition").click)
    page.get_by_text("valid scenario: ready to save and play").wait_for(timeout=30_000)
    page.get_by_text("1. Americans: hold Mill (1 pt)").wait_for(timeout=30_000)  # in words
    act(page.locator("button[title='Save']").click)
    deadline = time.monotonic() + 30
    while not target.exists() and time.monotonic() < deadline:
        time.sleep(0.3)
    s = load(target)
    assert (s.table.width, s.table.depth) == (48, 48)
    assert sorted((f.type, f.name) for f in s.terrain) == [("buildings", "Mill"), ("hedge", "Long hedge"),
                                                           ("woods", "Bois Rond")]
    assert [(side.name, side.nationality) for side in s.sides] == [("Americans", "us"), ("Germans", "germany")]
    assert [[u.name for u in side.units] for side in s.sides] == [[None, "Able Squad"], [None, "Gruppe Krebs"]]
    assert [len(u.pieces) for u in s.side("red").units] == [1, 6]
    assert [(c.side, c.kind, c.target) for c in s.conditions] == [("blue", "hold", "buildings1")]
    brief = briefing_html(s)
    assert "Americans&#x27; officer" in brief and "Germans&#x27; officer" in brief  # the leaders, by side
    assert not any(ident in brief for ident in ("blue_hq", "red_hq", "buildings1", "red_squad1"))
    assert actions <= 45, actions
