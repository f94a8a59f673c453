"""The umpire app in Chromium as an umpire uses it: reloads, second tabs and restarts never lose
the game; hostile scenario text stays text; a turn played with clicks; one screenshot per ruleset."""

import re
import shutil
import statistics
import time
from pathlib import Path

import pytest
import yaml

from tests.browser.conftest import RESOLVE, board_shown, started, unscrolled_bottom, words_cut_short
from tests.browser.test_apps import click
from tests.conftest import ROOT, SHOTS
from wgkit.session import load_game
from wgkit.widgets.turn import PASSED

pytestmark = pytest.mark.browser

FARM = ROOT / "scenarios/close_action/hedgerow_farm.yaml"
APP_VIEW = {"width": 1400, "height": 900}
BY_RULESET = {
    "close_action": "close_action/hedgerow_farm.yaml",
    "easy_company": "easy_company/brecourt_manor.yaml",
    "eagles": "eagles/hill_112.yaml",
    "rookie": "rookie/tractor_works.yaml",
    "company_fire": "company_fire/hedgerows_of_normandy.yaml",
}


@pytest.fixture
def table_page(browser):
    context = browser.new_context(viewport=APP_VIEW)
    yield context
    context.close()


def open_app(context, url: str):
    page = context.new_page()
    board_shown(page, url)
    started(page)
    page.get_by_text("events", exact=False).first.wait_for(timeout=60_000)
    return page


def events_shown(page, n: int, timeout: float = 30_000) -> None:
    page.get_by_text(f"· {n} events").wait_for(timeout=timeout)


def umpire_roll(page) -> None:
    page.locator("select").nth(1).select_option(label="Roll dice (umpire)")
    page.get_by_role("button", name=RESOLVE).click()


def journal_length(path: Path) -> int:
    return len(load_game(path, recover=True).game.log)


def settled_length(journal: Path, quiet: float = 1.5) -> int:
    """The journal's length once no event has arrived for ``quiet`` seconds (the page may show a
    new step a moment before a busy machine has written all of its events)."""
    deadline = time.monotonic() + 30
    n, since = journal_length(journal), time.monotonic()
    while time.monotonic() - since < quiet:
        assert time.monotonic() < deadline, "the journal never settled"
        time.sleep(0.2)
        now = journal_length(journal)
        if now != n:
            n, since = now, time.monotonic()
    return n


def one_more_event(page, journal: Path, before: int) -> int:
    """Wait until the action just clicked is in the journal and on the page; the new count."""
    deadline = time.monotonic() + 30
    while journal_length(journal) <= before:
        assert time.monotonic() < deadline, "the action never reached the journal"
        time.sleep(0.2)
    n = journal_length(journal)
    events_shown(page, n)
    return n


def wait_value(locator, value: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while locator.input_value() != value:
        if time.monotonic() > deadline:
            raise AssertionError(f"the drop-down shows {locator.input_value()!r}, not {value!r}")
        time.sleep(0.2)


def copy_farm(tmp_path: Path) -> Path:
    path = tmp_path / "farm.yaml"
    shutil.copy(FARM, path)
    return path


def test_reload_second_tab_and_restart_never_lose_or_fork_the_game(serve, table_page, tmp_path):
    scenario = copy_farm(tmp_path)
    journal = tmp_path / "farm.journal.wgsave"
    server = serve("play", str(scenario))
    first = open_app(table_page, server.url)
    b = journal_length(journal)  # Start passed the steps where nobody could act
    umpire_roll(first)
    events_shown(first, b + 1)
    first.reload()  # a refresh attaches to the same game at the same event
    board_shown(first)
    started(first)
    events_shown(first, b + 1, timeout=60_000)
    second = open_app(table_page, server.url)  # a second tab: the same game
    events_shown(second, b + 1)
    umpire_roll(second)
    events_shown(second, b + 2)
    first.get_by_role("button", name=RESOLVE).click()  # the first tab is behind: it catches up, not forks
    first.get_by_text(f"another page moved the game on (now {b + 2} events)").wait_for(timeout=30_000)
    events_shown(first, b + 2)
    first.get_by_role("button", name=RESOLVE).click()
    events_shown(first, b + 3)
    assert len(load_game(journal, recover=True).game.log) == b + 3
    first.get_by_role("tab", name="Log and save").click()  # Save in the middle of the mix
    first.get_by_role("button", name="Save").click()
    first.get_by_text(f"saved {b + 3} events to").wait_for(timeout=30_000)
    first.get_by_role("tab", name="Play").click()
    first.get_by_role("button", name=RESOLVE).click()
    events_shown(first, b + 4)
    assert len(load_game(tmp_path / "farm-save.wgsave").game.log) == b + 3  # the save is its own file
    assert len(load_game(journal, recover=True).game.log) == b + 4  # and the journal goes on
    server.stop()  # SIGTERM; then a restart of the same command resumes the journal
    again = serve("play", str(scenario))
    page = open_app(table_page, again.url)
    events_shown(page, b + 4, timeout=60_000)
    assert "resuming" in again.log.read_text()


def test_sigkill_then_the_same_command_resumes_every_event(serve, table_page, tmp_path):
    import os
    import signal

    scenario = copy_farm(tmp_path)
    server = serve("play", str(scenario))
    page = open_app(table_page, server.url)
    b = journal_length(scenario.parent / "farm.journal.wgsave")  # Start passed the steps where nobody could act
    for n in (b + 1, b + 2):
        umpire_roll(page)
        events_shown(page, n)
    os.killpg(server.proc.pid, signal.SIGKILL)
    server.proc.wait(timeout=30)
    time.sleep(1.0)  # Voila is told to stop when wgkit dies
    again = serve("play", str(scenario))
    events_shown(open_app(table_page, again.url), b + 2, timeout=60_000)


HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'


def test_markup_in_every_scenario_text_shows_as_text_and_runs_nothing(serve, table_page, tmp_path):
    doc = yaml.safe_load(FARM.read_text())
    doc["title"] = "T " + HOSTILE
    doc["description"] = "D " + HOSTILE
    doc["victory"] = "V " + HOSTILE
    for side in doc["sides"]:
        side["name"] = side["id"] + " " + HOSTILE
        for unit in side["units"]:
            unit["name"] = unit["id"] + " " + HOSTILE
            for fig in unit["figures"]:
                fig["name"] = fig["id"] + " " + HOSTILE
    path = tmp_path / "hostile.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True))
    server = serve("play", str(path))
    page = open_app(table_page, server.url)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.get_by_text("T " + HOSTILE).first.wait_for(timeout=30_000)  # the title, literally
    page.get_by_role("tab", name="Briefing").click()
    briefing = page.locator(".wgkit-briefing").last  # the tab's (the first opens the new game, on Play)
    for text in ("D " + HOSTILE, "V " + HOSTILE, "us " + HOSTILE, "sq1 " + HOSTILE):
        briefing.get_by_text(text).first.wait_for(timeout=30_000)
    page.get_by_role("tab", name="Play").click()
    page.locator("select").nth(1).select_option(label="Roll dice (umpire)")
    time.sleep(1.0)
    assert page.evaluate("window.__pwned") is None and not dialogs


def test_a_turn_of_close_action_with_clicks_only(serve, table_page, tmp_path):
    scenario = copy_farm(tmp_path)
    server = serve("play", str(scenario), "--seed", "5")
    page = open_app(table_page, server.url)
    nxt = page.get_by_role("button", name="Next ▶")
    page.get_by_text("Active side: Fire").first.wait_for(timeout=30_000)  # Start passed Rally: nobody to rally
    page.locator("select").nth(1).select_option(label="Fire")
    click(page, 20, 6)  # sgt1: 1st Squad becomes the firer
    page.get_by_text("1st Squad's leader sees").wait_for(timeout=30_000)
    wait_value(page.locator("select").nth(2), "1st Squad")
    click(page, 27, 25)  # g3: Gruppe Krebs becomes the target
    wait_value(page.locator("select").nth(3), "Gruppe Krebs")
    page.get_by_text("%").first.wait_for(timeout=30_000)  # odds before the roll
    journal = tmp_path / "farm.journal.wgsave"
    n = journal_length(journal)
    page.get_by_role("button", name=RESOLVE).click()
    n = one_more_event(page, journal, n)
    assert load_game(journal, recover=True).game.log[-1].kind == "fire"
    nxt.click()
    page.get_by_text("Active side: Move").first.wait_for(timeout=30_000)
    n = settled_length(journal)
    box = page.locator("canvas").first.bounding_box()
    scale = box["width"] / 48.0
    page.mouse.move(box["x"] + 22 * scale, box["y"] + (36 - 6) * scale)  # drag r1 four inches forward
    page.mouse.down()
    page.mouse.move(box["x"] + 22 * scale, box["y"] + (36 - 8) * scale, steps=4)
    page.mouse.move(box["x"] + 22 * scale, box["y"] + (36 - 10) * scale, steps=4)
    page.mouse.up()
    # one drag moves r1's whole squad (the default for a unit of several figures), at once: a move
    # rolls no dice here, so there is nothing to weigh before it
    deadline = time.monotonic() + 30
    while journal_length(journal) < n + 6:
        assert time.monotonic() < deadline, page.screenshot(path=str(tmp_path / "drag.png"))
        time.sleep(0.2)
    game = load_game(journal, recover=True).game
    assert game.state["pieces"]["r1"]["position"] == pytest.approx([22, 10], abs=0.2)
    assert game.state["pieces"]["r4"]["position"] == pytest.approx([16, 10], abs=0.2)  # the squad kept its file
    assert [e.kind for e in game.log[n:]] == ["move"] * 6
    page.get_by_role("button", name="Undo last").click()  # the whole squad's move taken back as one
    deadline = time.monotonic() + 30
    while journal_length(journal) != n:
        assert time.monotonic() < deadline, page.screenshot(path=str(tmp_path / "undo.png"))
        time.sleep(0.2)
    # Command Control: men face freely as they move. r1 faces north; turn him to face due east
    page.locator("select").nth(1).select_option(label="Turn a figure")
    click(page, 22, 6)  # r1
    click(page, 30, 6)  # the point to face: 8" east
    page.get_by_role("button", name=RESOLVE).click()
    n = one_more_event(page, journal, n)
    last = load_game(journal, recover=True).game.log[-1]
    assert last.kind == "face" and last.changes[0][1] == pytest.approx(90.0, abs=1.0)
    page.locator(":text('rifleman 1 turns to face east (90°)'):visible").first.wait_for(timeout=30_000)  # in words


@pytest.mark.parametrize("ruleset", sorted(BY_RULESET))
def test_each_rulesets_app_after_one_action_with_a_screenshot(serve, table_page, tmp_path, ruleset):
    source = ROOT / "scenarios" / BY_RULESET[ruleset]
    scenario = tmp_path / source.name
    shutil.copy(source, scenario)
    server = serve("play", str(scenario), "--seed", "1")
    page = open_app(table_page, server.url)
    before = len(load_game(tmp_path / f"{source.stem}.journal.wgsave", recover=True).game.log)
    umpire_roll(page)
    events_shown(page, before + 1)
    for what in (page.get_by_role("button", name=RESOLVE), page.locator(".wgkit-latest"),
                 page.locator(".wgkit-photo-pick").first):  # Read the table: in view without scrolling
        bottom = unscrolled_bottom(what)
        assert bottom <= APP_VIEW["height"], f"{what} ends at {bottom}px: below the fold at 1400x900"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("() => { for (const e of document.querySelectorAll('*')) e.scrollTop = 0; }")
    page.screenshot(path=str(SHOTS / f"{ruleset}.png"))


def test_a_click_on_a_piece_shows_its_sight_quickly(serve, table_page, tmp_path):
    server = serve("play", str(copy_farm(tmp_path)))
    page = open_app(table_page, server.url)
    times = []
    leader, lieutenant, bar = "1st Squad's leader", "Lt. Compton", "1st Squad's auto rifle"
    for x, y, name in ((20, 6, leader), (22, 4, lieutenant), (18, 6, bar), (20, 6, leader), (22, 4, lieutenant)):
        page.keyboard.press("Escape")
        start = time.perf_counter()
        click(page, x, y)
        page.get_by_text(f"{name} sees").wait_for(timeout=30_000)
        times.append(time.perf_counter() - start)
    print(f"click to sight shown: median {statistics.median(times) * 1000:.0f} ms over {len(times)} clicks")
    assert statistics.median(times) < 0.25


# -- a whole turn of every ruleset, with clicks only -----------------------------------------------
PREPARE = {"rookie": ("activate",)}  # the unit the card (drawn by Next) lets act, before any roll


def press_next(page, journal: Path, before: int) -> int:
    """Next, and Next again where the step warns that the rules still require something."""
    page.get_by_role("button", name="Next ▶").click()
    deadline = time.monotonic() + 30
    while journal_length(journal) <= before:
        assert time.monotonic() < deadline, "Next did not move the game on"
        warned = page.get_by_text("Press Next again to go on")
        if warned.count() and warned.first.is_visible():
            page.get_by_role("button", name="Next ▶").click()
            page.wait_for_timeout(500)
        time.sleep(0.2)
    n = settled_length(journal)  # Next may pass steps where nobody has anything to do: several events
    events_shown(page, n)
    return n


def next_as_the_page_does(shadow) -> None:
    """The shadow's Next, as press_next presses the page's: again where the step warned."""
    before = len(shadow.game.log)
    shadow.turn.go_next()
    if len(shadow.game.log) == before:
        shadow.turn.go_next()


def click_at(page, table, point) -> None:
    box = page.locator("canvas").first.bounding_box()
    scale = box["width"] / table.width
    page.mouse.click(box["x"] + point[0] * scale, box["y"] + (table.depth - point[1]) * scale)


def choose(page, shadow, spec_name: str) -> None:
    label = next(lab for lab, name in shadow.actions.choice.options if name == spec_name)  # as the page words it
    page.locator("select").nth(1).select_option(label=label)
    shadow.actions.choice.value = spec_name


def click_piece(page, shadow, piece: str) -> None:
    """Click a piece where it is drawn; the page's form must then show what the shadow's shows."""
    from wgkit.render.scene import piece_points

    a = shadow.actions
    click_at(page, shadow.game.scenario.table, piece_points(shadow.game.scenario, shadow.game.state)[piece])
    a.set_piece(piece)
    selects = [name for name, w in a.inputs.items() if hasattr(w, "options")]
    for k, name in enumerate(selects):
        label = next(lab for lab, v in a.inputs[name].options if v == a.inputs[name].value)
        wait_value(page.locator("select").nth(2 + k), label)
    for name, w in a.inputs.items():
        if not hasattr(w, "options") and w.value and "," in str(w.value):  # a point the click filled
            wait_value(page.get_by_placeholder("x, y (or click the board)"), w.value)


def rolled_by_clicks(shadow):
    """The first rules action of this step whose actor (and target) a click fills and that rolls
    dice: (action, pieces to click), worked out on the shadow game."""
    from wgkit.render.scene import piece_points
    from wgkit.widgets.actions import GENERIC_NAMES

    g, a = shadow.game, shadow.actions
    drawn = piece_points(g.scenario, g.state)
    pieces = g.state["pieces"]
    for spec in [s for s in a.specs if s.name not in GENERIC_NAMES and s.params]:
        a.choice.value = spec.name
        first = a.inputs[spec.params[0].name]
        for _, value in list(getattr(first, "options", ())):
            actor = next((p for p in drawn if p == value or pieces[p]["unit"] == value), None)
            if actor is None:
                continue
            enemies = [p for p in drawn if pieces[p]["side"] != pieces[actor]["side"]]
            for clicks in [[actor, e] for e in enemies] + [[actor]]:
                for p in clicks:
                    a.set_piece(p)
                try:
                    need = g.faces_needed(a.model.act(), [])
                except ValueError:  # the form cannot be resolved as it stands (the rules' refusal among them)
                    continue
                if need is not None and not a.button.disabled:
                    return spec.name, clicks
    return None


def table_roll(page, shadow, journal: Path, before: int) -> int:
    """Resolve with table dice: type the top face for every die the page asks for, and for every
    die it offers beside the throw, as the shadow does."""
    import re

    page.get_by_role("button", name="table dice").click()
    shadow.actions.dice.value = "table"
    page.get_by_role("button", name=RESOLVE).click()
    shadow.actions.resolve()
    while shadow.actions.model.need is not None:
        need, throw = shadow.actions.model.need, shadow.actions.model.throw
        n, die = sum(t.n for t in throw), re.escape(need.die.name)
        asked = rf"Roll {n} {die}" if len(throw) == 1 else rf"Throw {n} {die} together"  # one prompt a throw
        page.get_by_text(re.compile(asked)).first.wait_for(timeout=30_000)
        beside = sum(t.n for t in shadow.actions.model.beside)
        if beside:
            page.get_by_text(f"up to {beside} {need.die.name} of another colour beside them").wait_for(timeout=30_000)
        faces = " ".join([str(need.die.low + need.die.sides - 1)] * (n + beside))
        page.get_by_placeholder("faces, e.g. 4 6 1").fill(faces)
        page.get_by_role("button", name="Enter faces").click()
        shadow.actions.enter_faces(faces)
        time.sleep(0.5)
    page.get_by_role("button", name="kit dice").click()
    shadow.actions.dice.value = "kit"
    return one_more_event(page, journal, before)


@pytest.mark.parametrize("ruleset", sorted(BY_RULESET))
def test_a_whole_turn_of_each_ruleset_with_clicks_and_table_dice_survives_a_reload(serve, table_page, tmp_path,
                                                                                  ruleset):
    """Next through turn 1; where an action rolls dice, the board's clicks pick who acts and at whom,
    the odds show first, the faces are typed as rolled at the table. A shadow game driven through
    the same panel in Python must end in exactly the state the page's journal holds; a reload then
    shows every event."""
    from wgkit.dice import TABLE
    from wgkit.widgets import UmpireApp

    source = ROOT / "scenarios" / BY_RULESET[ruleset]
    scenario = tmp_path / source.name
    shutil.copy(source, scenario)
    journal = tmp_path / f"{source.stem}.journal.wgsave"
    server = serve("play", str(scenario), "--seed", "1")
    page = open_app(table_page, server.url)
    shadow = UmpireApp.open(scenario, seed=1)
    shadow.begin()  # as the page's Start did
    n, rolled = journal_length(journal), False
    assert n == len(shadow.game.log)
    while shadow.game.position[0] == 1:
        names = [s.name for s in shadow.actions.specs]
        for name in PREPARE.get(ruleset, ()):
            if name in names and not rolled:
                choose(page, shadow, name)
                spec = next(s for s in shadow.actions.specs if s.name == name)
                if spec.params:
                    units = [v for _, v in shadow.actions.inputs[spec.params[0].name].options]
                    click_piece(page, shadow, next(p for p, q in shadow.game.state["pieces"].items()
                                                   if q["unit"] == units[0] or p == units[0]))
                page.get_by_role("button", name=RESOLVE).click()
                shadow.actions.resolve()
                n = one_more_event(page, journal, n)
                names = [s.name for s in shadow.actions.specs]
        plan = None if rolled else rolled_by_clicks(shadow)
        if plan is not None:
            name, clicks = plan
            choose(page, shadow, name)
            page.keyboard.press("Escape")
            for piece in clicks:
                click_piece(page, shadow, piece)
            page.get_by_text("%").first.wait_for(timeout=30_000)  # the odds, before the roll
            assert words_cut_short(page) == []  # the form's labels, lists and buttons read whole
            resolve = unscrolled_bottom(page.get_by_role("button", name=RESOLVE))  # in view at 1400 x 900
            assert resolve <= APP_VIEW["height"], resolve
            n = table_roll(page, shadow, journal, n)
            made = [e for e in load_game(journal, recover=True).game.log if (e.action or {}).get("group") != PASSED]
            assert any(r.note == TABLE for r in made[-1].rolls)  # the roll, whatever steps then passed by themselves
            rolled = True
        n = press_next(page, journal, n)
        next_as_the_page_does(shadow)
        assert len(shadow.game.log) == n, (len(shadow.game.log), n)
    assert rolled, f"no action of {ruleset}'s first turn rolled dice for pieces chosen by clicks"
    turn = re.search(r"Turn \d+", shadow.turn.html.value).group()  # Company Fire counts turns by its cards
    page.get_by_text(re.compile(rf"{turn}\b")).first.wait_for(timeout=30_000)
    played = load_game(journal, recover=True).game
    assert [e.text for e in played.log] == [e.text for e in shadow.game.log] and len(played.log) == n
    mine = shadow.game.state
    differ = {(k, i, j): (v[i][j], mine[k][i].get(j)) for k, v in played.state.items() if isinstance(v, dict)
              for i in v if isinstance(v[i], dict) and v[i] != mine[k].get(i) for j in v[i] if v[i][j] != mine[k][i].get(j)}
    assert not differ, differ
    page.reload()
    board_shown(page)
    events_shown(page, n, timeout=60_000)


def test_the_kits_opponent_plays_a_side_by_clicks(serve, table_page, tmp_path):
    """Hand the Americans to the opponent, let it play their fire step, read why, undo it."""
    scenario = copy_farm(tmp_path)
    server = serve("play", str(scenario), "--seed", "5")
    page = open_app(table_page, server.url)
    journal = tmp_path / "farm.journal.wgsave"
    n = journal_length(journal)
    page.get_by_text("Active side: Fire").first.wait_for(timeout=30_000)  # Start passed Rally: the American fire step
    opponent = page.locator("select").filter(has=page.locator("option", has_text="nobody"))
    opponent.select_option(label="US 101st Airborne")
    page.get_by_role("button", name="Opponent plays this step").click()
    deadline = time.monotonic() + 60
    while journal_length(journal) < n + 2:
        assert time.monotonic() < deadline, page.screenshot(path=str(tmp_path / "opponent.png"))
        time.sleep(0.3)
    game = load_game(journal, recover=True).game
    said = [e for e in game.log[n:] if e.kind == "opponent"]
    assert said and said[0].text.startswith("opponent (us) chose to ") and "before the roll: " in said[0].text
    # in Latest (the folded list of what Back would undo holds it too, unseen)
    page.get_by_text("opponent (US 101st Airborne) chose to ", exact=False).filter(visible=True).first.wait_for(
        timeout=30_000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "opponent.png"))
    before = journal_length(journal)
    page.get_by_role("button", name="Undo last").click()
    deadline = time.monotonic() + 30
    while journal_length(journal) >= before:
        assert time.monotonic() < deadline, "Undo last did not take the opponent's note back"
        time.sleep(0.2)
