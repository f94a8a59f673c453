"""Double-blind play in Chromium: the umpire and each side in their own browser (issue 21).

The leak test collects everything a side's browser receives (every websocket frame, decoded
from Jupyter's binary protocol, and the page itself) and looks in it for the ids and names of
the enemy pieces the side does not see, and for the canvas coordinates they would be drawn at.
The same search finds the pieces the side does see, so it is known to work."""

from __future__ import annotations

import math
import re
import struct
import time

import numpy as np
import pytest

from tests.browser.conftest import board_shown, started, wait_for_addresses, words_cut_short
from tests.conftest import ROOT, SHOTS
from tests.test_fog_leaks import places
from wgkit.fog import Fog
from wgkit.render.scene import piece_points
from wgkit.rules.registry import get_ruleset
from wgkit.scenario import load
from wgkit.widgets.seat import BOARD_BOX, IDLE

pytestmark = pytest.mark.browser

# one scenario per ruleset, and a side that does not see every enemy at the start
LEAKS = [("close_action/hedgerow_farm", "us"), ("company_fire/hedgerows_of_normandy", "us"),
         ("eagles/hill_112", "uk"), ("easy_company/tutorial_farmyard", "de"), ("rookie/tractor_works", "su")]


def seats(serve, scenario: str, tmp_path) -> dict[str, str]:
    """Serve ``scenario`` with --seats; each seat's address (umpire, then each side id)."""
    server = serve("play", str(ROOT / "scenarios" / f"{scenario}.yaml"), "--seats", "--seed", "3",
                   "--journal", str(tmp_path / "game.journal.wgsave"))
    sides = [s.id for s in load(ROOT / "scenarios" / f"{scenario}.yaml").sides]
    urls = wait_for_addresses(server.log, server.proc, 1 + len(sides))
    assert len(urls) == 1 + len(sides)
    return dict(zip(["umpire", *sides], urls))


def _parts(frame: bytes) -> list[bytes]:
    """The parts of a message in Jupyter's v1 websocket protocol: offsets, then channel, header,
    parent header, metadata, content and the binary buffers."""
    n = struct.unpack_from("<Q", frame, 0)[0]
    offsets = list(struct.unpack_from(f"<{n}Q", frame, 8)) + [len(frame)]
    return [frame[offsets[i]:offsets[i + 1]] for i in range(n)]


def drawn_at(frames: list[bytes], px: float, py: float, tol: float = 0.01) -> bool:
    """Whether any canvas command in ``frames`` puts a point at canvas pixel (px, py): in an array
    of x, y pairs, or at the same index of an array of x and the next array, of y (ipycanvas sends
    a batch of circles as its x, then its y, then its radii)."""
    for frame in frames:
        arrays = [np.frombuffer(b, dtype="<f8") for b in _parts(frame)[5:] if b and len(b) % 8 == 0]
        for a in arrays:
            if len(a) % 2 == 0:
                pairs = a.reshape(-1, 2)
                if ((np.abs(pairs[:, 0] - px) < tol) & (np.abs(pairs[:, 1] - py) < tol)).any():
                    return True
        for a, b in zip(arrays, arrays[1:]):
            if len(a) == len(b) and ((np.abs(a - px) < tol) & (np.abs(b - py) < tol)).any():
                return True
    return False


def named(blob: bytes, word: str) -> bool:
    return re.search(rb"(?<![\w-])" + re.escape(word.encode()) + rb"(?![\w-])", blob) is not None


def received(browser, url: str, settle: float = 4.0):
    """Open ``url`` in a fresh browser; everything it received over its websockets, and its page."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    frames: list[bytes] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(
        f if isinstance(f, bytes) else f.encode())))
    board_shown(page, url)
    page.get_by_text("What you know happened").wait_for(timeout=60_000)
    time.sleep(settle)  # the board's layers arrive as canvas messages after the page shows
    html = page.content()
    context.close()
    return frames, html


@pytest.mark.parametrize("scenario, side", LEAKS, ids=[s for s, _ in LEAKS])
def test_a_sides_browser_receives_nothing_of_what_it_does_not_see(serve, browser, tmp_path, scenario, side):
    urls = seats(serve, scenario, tmp_path)
    sc = load(ROOT / "scenarios" / f"{scenario}.yaml")
    game = get_ruleset(sc.ruleset).new_game(sc, 3)
    fog = Fog(side)
    fog.follow(game)
    foes = sorted(pid for pid, p in game.state["pieces"].items() if p["side"] != side)
    hidden, seen = [f for f in foes if f not in fog.seen], sorted(fog.seen)
    assert hidden, f"{scenario}: {side} sees every enemy; the test needs one it does not"
    units = {}
    for _, unit, piece in sc.pieces():
        units.setdefault(unit.id, (unit.name, set()))[1].add(piece.id)
    hidden_units = [(uid, name) for uid, (name, ids) in units.items() if ids <= set(hidden)]
    frames, html = received(browser, urls[side])
    blob = b"\n".join(frames) + html.encode()
    t = sc.table
    k = min(BOARD_BOX[0] / t.width, BOARD_BOX[1] / t.depth)
    where = {pid: (x * k, (t.depth - y) * k) for pid, (x, y) in piece_points(sc, game.state).items()}
    for pid in hidden:
        assert not named(blob, pid), f"{pid} is named in what {side}'s browser received"
        assert not drawn_at(frames, *where[pid]), f"something is drawn where {pid} stands"
    for uid, name in hidden_units:
        assert not named(blob, uid) and not (name and name.encode() in blob), uid
    if seen:  # the same search finds what the side does see
        assert any(named(blob, pid) for pid in seen) or any(drawn_at(frames, *where[pid]) for pid in seen)
        assert all(drawn_at(frames, *where[pid]) for pid in seen if pid in where)
    own = [pid for pid, p in game.state["pieces"].items() if p["side"] == side and pid in where]
    assert all(drawn_at(frames, *where[pid]) for pid in own)


def test_a_page_without_its_token_gets_nothing(serve, browser, tmp_path):
    urls = seats(serve, "close_action/hedgerow_farm", tmp_path)
    side = urls["us"]
    bare = side.split("?")[0]
    umpires_token = urls["umpire"].split("?")[1]
    for url in (bare, f"{bare}?{umpires_token}", f"{bare}?token=guess"):
        context = browser.new_context()
        page = context.new_page()
        frames: list[bytes] = []
        page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(
            f if isinstance(f, bytes) else f.encode())))
        page.goto(url)
        time.sleep(3)
        assert page.locator("canvas").count() == 0 and frames == [], url
        assert "US 101st Airborne" not in page.content() and "token" in page.content().lower()
        context.close()


def _next(page) -> None:
    page.get_by_role("button", name="Next ▶").click()


@pytest.mark.parametrize("scenario, side, other", [("close_action/hedgerow_farm", "us", "de"),
                                                   ("eagles/hill_112", "uk", "de")],
                         ids=["close_action", "eagles"])
def test_a_double_blind_game_with_three_browsers(serve, browser, tmp_path, scenario, side, other):
    urls = seats(serve, scenario, tmp_path)
    pages = {}
    frames: list[bytes] = []  # everything the side's browser receives, all game long
    for seat in ("umpire", side, other):
        context = browser.new_context(viewport={"width": 1500, "height": 1200})
        pages[seat] = context.new_page()
        if seat == side:
            pages[seat].on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(
                f if isinstance(f, bytes) else f.encode())))
        pages[seat].goto(urls[seat])
    for seat, pg in pages.items():
        board_shown(pg, timeout=240_000)  # three servers start at once on two cores
    ump, mine, theirs = pages["umpire"], pages[side], pages[other]
    started(ump)
    names = {s.id: s.name for s in load(ROOT / "scenarios" / f"{scenario}.yaml").sides}
    # the umpire steps on until the side may propose something; the side's page follows by itself
    propose = mine.get_by_role("button", name="Propose")
    for _ in range(16):
        time.sleep(2.5)
        # a step with no order to give hides the form (and Propose with it): step on
        if "your step" in mine.locator(".wgkit-seat-step").inner_text() and propose.is_visible() and propose.is_enabled():
            break
        before = ump.get_by_text(re.compile(r"\d+ events")).inner_text()
        _next(ump)
        time.sleep(1)
        if ump.get_by_text(re.compile(r"\d+ events")).inner_text() == before:
            _next(ump)  # the first press warned that the rules still require something
    else:
        raise AssertionError(f"{side} never had an order to propose")
    mine.get_by_placeholder("a word to the umpire (optional)").fill("go!")
    propose.click()
    mine.get_by_text("proposal 1 sent to the umpire").wait_for(timeout=30_000)
    ump.get_by_role("tab", name="Seats").click()
    ump.get_by_text(f"{names[side]} #1:").wait_for(timeout=30_000)  # the umpire's page polls the desk
    ump.get_by_text("«go!»").wait_for(timeout=10_000)
    ump.get_by_role("button", name="Approve").click()
    mine.locator(".wgkit-proposals").get_by_text("approved").wait_for(timeout=30_000)
    # the umpire's note reaches its seat only
    ump.get_by_placeholder(f"a note to {names[other]}, e.g. you hear tracks to the east").fill("engines to the east")
    ump.get_by_role("button", name=f"Send to {names[other]}").click()
    theirs.locator(".wgkit-notes").get_by_text("engines to the east").wait_for(timeout=30_000)
    time.sleep(2)
    assert "engines to the east" not in mine.content()
    if scenario == "close_action/hedgerow_farm":  # on to the move: dragged on the side's board, approved
        ump.get_by_role("tab", name="Play").click()
        _next(ump)
        mine.get_by_text("· Move ·").wait_for(timeout=30_000)
        sc = load(ROOT / "scenarios" / f"{scenario}.yaml")
        box = mine.locator("canvas").first.bounding_box()
        k = box["width"] / sc.table.width  # CSS pixels per inch of the board as shown

        def at(x: float, y: float) -> tuple[float, float]:
            return box["x"] + x * k, box["y"] + (sc.table.depth - y) * k

        mine.mouse.move(*at(22, 6))  # r1
        mine.mouse.down()
        mine.mouse.move(*at(22, 9), steps=6)
        mine.mouse.up()
        mine.wait_for_function("Array.from(document.querySelectorAll('input')).some(i => i.value === '22.0, 9.0')",
                               timeout=30_000)
        propose.click()
        mine.get_by_text("proposal 2 sent to the umpire").wait_for(timeout=30_000)
        ump.get_by_role("tab", name="Seats").click()
        ump.get_by_text(f"{names[side]} #2:").wait_for(timeout=30_000)
        ump.get_by_role("button", name="Approve").click()
        mine.locator(".wgkit-proposals").get_by_text("1st Squad, rifleman 1 moves").wait_for(timeout=30_000)
        # a reload mid-game: the side's page comes back with its proposals, verdicts and reports
        mine.reload()
        mine.locator(".wgkit-proposals").get_by_text("1st Squad, rifleman 1 moves").wait_for(timeout=120_000)
        assert mine.locator(".wgkit-proposals li").count() == 2
        mine.locator(".wgkit-reports").get_by_text("Lt. Compton fires", exact=False).first.wait_for(timeout=30_000)
    # what the side never saw, all game long, never reached its browser
    from wgkit.session import attach

    game = attach(tmp_path / "game.journal.wgsave").game
    fog = Fog(side)
    fog.follow(game)
    never = sorted(pid for pid, p in game.state["pieces"].items() if p["side"] != side and pid not in fog.ever)
    assert never and len(game.log) >= 2
    blob = b"\n".join(frames) + mine.content().encode()
    for pid in never:
        assert not named(blob, pid), pid
    SHOTS.mkdir(parents=True, exist_ok=True)
    ruleset = scenario.split("/")[0]
    mine.screenshot(path=str(SHOTS / f"seat_{ruleset}_{side}.png"))
    ump.screenshot(path=str(SHOTS / f"seat_{ruleset}_umpire.png"))
    for pg in pages.values():
        pg.context.close()


def test_a_sides_page_on_a_tablet(serve, browser, tmp_path):
    urls = seats(serve, "close_action/hedgerow_farm", tmp_path)
    context = browser.new_context(viewport={"width": 820, "height": 1180}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    page = context.new_page()
    page.goto(urls["us"])
    canvas = page.locator("canvas").first
    canvas.wait_for(timeout=120_000)
    page.get_by_text("What you know happened").wait_for(timeout=60_000)
    time.sleep(3)
    sc = load(ROOT / "scenarios/close_action/hedgerow_farm.yaml")
    k = min(BOARD_BOX[0] / sc.table.width, BOARD_BOX[1] / sc.table.depth)
    box = canvas.bounding_box()
    css = box["width"] / (sc.table.width * k)

    def at(x: float, y: float) -> tuple[float, float]:
        return box["x"] + x * k * css, box["y"] + (sc.table.depth - y) * k * css

    # a tap on the sergeant selects him: his line of sight is told under the board
    page.touchscreen.tap(*at(20, 6))
    page.get_by_text(re.compile(r"1st Squad's leader sees \d+ of \d+ enemy pieces")).wait_for(timeout=30_000)
    # a finger drag asks to move him: the rally step has no move, and the page says so
    cdp = context.new_cdp_session(page)
    x0, y0 = at(20, 6)
    x1, y1 = at(20, 9)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 6):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x0 + (x1 - x0) * i / 5, "y": y0 + (y1 - y0) * i / 5}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.get_by_text("no move can be proposed for 1st Squad's leader now").wait_for(timeout=30_000)  # sgt1, by his place
    # two fingers spreading zoom in: the board is drawn anew, larger
    before = canvas.screenshot()
    mid = at(24, 18)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [
        {"x": mid[0] - 20, "y": mid[1], "id": 1}, {"x": mid[0] + 20, "y": mid[1], "id": 2}]})
    for spread in (40, 70, 100):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": mid[0] - spread, "y": mid[1], "id": 1}, {"x": mid[0] + spread, "y": mid[1], "id": 2}]})
        time.sleep(0.3)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    deadline = time.monotonic() + 20
    while canvas.screenshot() == before and time.monotonic() < deadline:
        time.sleep(0.5)
    assert canvas.screenshot() != before
    # controls a finger can hit (the seat's style makes every button so; Propose is not shown in
    # the rally step, where the side has no order to give and the page says so)
    page.get_by_text(IDLE).wait_for(timeout=10_000)
    assert not page.get_by_role("button", name="Propose").is_visible()
    for name in ("+", "-"):
        height = page.get_by_role("button", name=name, exact=True).bounding_box()["height"]
        assert height >= 44, (name, height)
    assert words_cut_short(page) == []  # every button's words whole (the table reader's were cut once)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "seat_tablet.png"))
    context.close()


@pytest.mark.parametrize("scenario, side", LEAKS, ids=[s for s, _ in LEAKS])
def test_over_a_seeded_double_blind_game_no_frame_names_a_piece_never_seen(serve, browser, tmp_path, scenario, side):
    """Every enemy piece set up hidden, two turns of the kit's simple play appended to the journal
    in batches while the side's page is open (it follows by itself): nothing its browser receives,
    in any frame, names an enemy piece or unit the side never saw, by id or name, draws one where it
    stands, gives a table coordinate or square where it stood, or a direction no checked report gave."""
    import shutil

    from wgkit.engine.journal import Journal
    from wgkit.rules import situation_of
    from wgkit.session import attach
    from wgkit.simulate import policy_for

    shutil.copy(ROOT / "scenarios" / f"{scenario}.yaml", tmp_path / "game.yaml")
    sc = load(tmp_path / "game.yaml")
    start = get_ruleset(sc.ruleset).new_game(sc, 7)
    for pid, p in list(start.state["pieces"].items()):
        if p["side"] != side:
            situation_of(start).hidden(pid)
    journal = tmp_path / "game.journal.wgsave"
    Journal.create(start, journal)
    played = start.branch()
    policy_for(sc.ruleset).play(played, 2)
    events = played.log[len(start.log):]
    assert len(events) > 10
    server = serve("play", str(tmp_path / "game.yaml"), "--seats", "--journal", str(journal))
    urls = dict(zip(["umpire", *[s.id for s in sc.sides]], wait_for_addresses(server.log, server.proc, 1 + len(sc.sides))))
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    frames: list[bytes] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(
        f if isinstance(f, bytes) else f.encode())))
    board_shown(page, urls[side])
    writer = attach(journal)
    batches = np.array_split(np.arange(len(events)), 5)
    for batch in batches:  # the umpire plays on; the page catches up each time
        for i in batch:
            writer.game.commit(events[int(i)])
        turn = get_ruleset(sc.ruleset).turn(writer.game)  # the turn as the ruleset counts it
        page.locator(".wgkit-seat-step").get_by_text(f"Turn {turn} · {writer.game.current_step().name}").wait_for(
            timeout=60_000)
        time.sleep(1.5)
    html = page.content()
    context.close()
    fog = Fog(side)
    fog.follow(played)
    never = {pid for pid, p in played.state["pieces"].items() if p["side"] != side and pid not in fog.ever}
    assert never, f"{scenario}: {side} saw every enemy piece; the test needs one it never saw"
    seen_units = {played.state["pieces"][pid]["unit"] for pid in fog.ever}
    never_units = {played.state["pieces"][pid]["unit"] for pid in never} - seen_units
    words = {pid for pid in never} | never_units
    for _, unit, piece in sc.pieces():
        if piece.id in never and piece.name:
            words.add(piece.name)
        if unit.id in never_units and unit.name:
            words.add(unit.name)
    blob = b"\n".join(frames) + html.encode()
    leaked = sorted(w for w in words if named(blob, w))
    assert not leaked, f"{side}'s browser received {leaked}"
    own = sorted(pid for pid, p in played.state["pieces"].items() if p["side"] == side)
    own_words = {w for _, unit, piece in sc.pieces() if piece.id in own
                 for w in (piece.id, unit.id, piece.name, unit.name) if w}
    assert any(named(blob, w) for w in own_words)  # the same search finds the side's own pieces
    t = sc.table
    k = min(BOARD_BOX[0] / t.width, BOARD_BOX[1] / t.depth)
    where = {pid: (x * k, (t.depth - y) * k) for pid, (x, y) in piece_points(sc, played.state).items()}
    assert not [pid for pid in never if pid in where and drawn_at(frames, *where[pid])]
    assert all(drawn_at(frames, *where[pid]) for pid in own if pid in where)
    # no direction but those of the reports tests/test_fog_leaks.py checks (towards a piece that acted)
    told = {m.group(1) for r in fog.reports for m in re.finditer(DIRECTION, r.text)}
    heard = {m.decode() for m in re.findall(DIRECTION.encode(), blob)}
    assert heard <= told, f"{side}'s browser received directions no report gave: {heard - told}"
    # no table coordinate or square where a never-seen piece stood, unless a piece it knows stood there too
    replay = get_ruleset(sc.ruleset).new_game(sc, 7)
    dark, lit = [], []
    for event in [None, *played.log]:
        if event is not None:
            replay.commit(event)
        for pid, spots in places(replay).items():
            (dark if pid in never else lit).extend(spots)
    pairs = {(float(a), float(b)) for a, b in re.findall(rb"\((-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)\)", blob)}
    assert pairs, "the search finds no coordinate at all: the side's own moves name theirs"
    leaked = [xy for xy in pairs if any(math.dist(xy, q) < 0.15 for q in dark)
              and not any(math.dist(xy, q) < 0.15 for q in lit)]
    assert not leaked, f"{side}'s browser received places where only an unseen piece stood: {leaked}"


DIRECTION = r"from the (north-east|north-west|south-east|south-west|north|south|east|west)\b"

