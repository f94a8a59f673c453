"""The table read from a photo in Chromium (issue 50): the umpire uploads a photo of the hedgerow
farm after the players moved three figures, one of them too far; the page proposes exactly those
three, refuses the one the rules refuse, and Resolve journals the other two as one group. And the
table watched live (issue 69): Chromium's fake camera plays a video rendered from the scenario."""

import math
import re
import time

import pytest

from tests.browser.test_umpire_at_the_table import (copy_farm, events_shown, journal_length, open_app, press_next,  # noqa: F401
                                                    table_page,
                                                    settled_length)
from tests.browser.conftest import RESOLVE, board_shown, started
from tests.conftest import SHOTS
from tests.photos import Shot, photo
from wgkit.scenario import load
from wgkit.session import load_game

pytestmark = pytest.mark.browser

MOVED = {"r1": (22, 9.5), "r2": (24, 10), "bar1": (18, 22)}  # 3.5" and 4" forward; 16" is beyond any move


def test_a_photo_of_the_moved_farm_proposes_the_moves_flags_the_bad_one_and_journals_the_rest(serve, table_page, tmp_path):
    scenario = copy_farm(tmp_path)
    s = load(scenario)
    placed = {p.id: (p.position[0], p.position[1], p.facing or 0.0) for _, _, p in s.pieces()}
    for piece, (x, y) in MOVED.items():
        placed[piece] = (x, y, placed[piece][2])
    picture = tmp_path / "table.jpg"
    picture.write_bytes(photo(s, placed, Shot(tilt=25, turn=182, k1=-0.04, blur=1.0, noise=4, quality=70, light=0.6), seed=9))
    journal = tmp_path / "farm.journal.wgsave"
    server = serve("play", str(scenario), "--seed", "5")
    page = open_app(table_page, server.url)
    n = journal_length(journal)
    while load_game(journal, recover=True).game.current_step().name != "Move":  # Fire (Next twice: nothing fired)
        n = press_next(page, journal, n)
    with page.expect_file_chooser() as chooser:  # as the umpire does: the button, then the photo
        page.get_by_text("Read the table", exact=False).first.click()
    chooser.value.set_files(str(picture))
    page.get_by_text("24 pieces seen, 3 moved").wait_for(timeout=60_000)
    page.get_by_text("2 of 3 pieces move together").wait_for(timeout=30_000)
    assert page.get_by_text("stays:", exact=False).count() >= 1  # bar1, refused with the rules' reason
    for label in ("1st Squad's auto rifle 16.0\"", "1st Squad, rifleman 1 3.5\"", "1st Squad, rifleman 2 4.0\""):
        assert page.get_by_text(label, exact=False).count() == 1, label
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-read.png"), full_page=True)
    n = settled_length(journal)
    page.get_by_role("button", name=RESOLVE).click()
    events_shown(page, n + 2, timeout=60_000)
    game = load_game(journal, recover=True).game
    assert journal_length(journal) == n + 2
    assert [e.kind for e in game.log[n:]] == ["move", "move"]
    assert all(e.action["group"].startswith("the table read from a photo") for e in game.log[n:])
    for piece in ("r1", "r2"):
        assert math.dist(game.state["pieces"][piece]["position"], MOVED[piece]) < 0.25
    assert game.state["pieces"]["bar1"]["position"] == list(s.piece("bar1").position)


def test_a_photo_too_large_is_refused_in_words_on_the_umpires_and_a_sides_page(serve, browser, tmp_path):
    """A 12000 x 12000 PNG of 36 KB is refused by the kernel from its header, at once; a 9 MB file
    is refused by the page itself, before a byte of it is sent (the page's connection carries 10 MiB
    at most). On the umpire's page and on a side's."""
    from tests.browser.test_seats import seats
    from tests.photos import blank_png

    bomb, heavy = tmp_path / "bomb.png", tmp_path / "heavy.jpg"
    bomb.write_bytes(blank_png(12000, 12000))
    heavy.write_bytes(b"\xff\xd8\xff" + bytes(9_000_000))
    urls = seats(serve, "close_action/hedgerow_farm", tmp_path)
    for seat in ("umpire", "us"):
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        page = context.new_page()
        sent: list[int] = []
        page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(len(f))))
        board_shown(page, urls[seat])
        if seat == "umpire":
            started(page)  # the umpire's page offers only Start before the game begins
        with page.expect_file_chooser() as chooser:
            page.get_by_text("Read the table", exact=True).first.click()
        start = time.monotonic()
        chooser.value.set_files(str(bomb))
        page.get_by_text("the photo is 12000 x 12000 pixels (144 megapixels)", exact=False).first.wait_for(timeout=5_000)
        print(f"{seat}: a 12000 x 12000 PNG refused {time.monotonic() - start:.2f} s after it was chosen")
        page.get_by_text("Read the table", exact=True).first.wait_for(timeout=5_000)  # ready for the next photo
        before = len(sent)
        with page.expect_file_chooser() as chooser:
            page.get_by_text("Read the table", exact=True).first.click()
        chooser.value.set_files(str(heavy))
        page.get_by_text("heavy.jpg is 9.0 MB: at most 8 MB is read", exact=False).wait_for(timeout=5_000)
        assert page.get_by_text("Nothing was sent.", exact=False).count() == 1
        time.sleep(1)
        assert max(sent[before:], default=0) < 10_000, "the page sent the photo it refused"
        page.screenshot(path=str(SHOTS / f"photo-refused-{seat}.png"))
        context.close()


def y4m(path, frames, fps: int = 2) -> None:
    """Write ``frames`` (BGR images of one size) as a YUV4MPEG2 video, the form Chromium's fake
    camera plays (``--use-file-for-fake-video-capture``)."""
    import cv2

    h, w = frames[0].shape[:2]
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{w} H{h} F{fps}:1 Ip A1:1 C420jpeg\n".encode())
        for img in frames:
            out.write(b"FRAME\n" + cv2.cvtColor(img, cv2.COLOR_BGR2YUV_I420).tobytes())


def test_a_camera_watching_the_table_proposes_the_moves_made_once_and_nothing_while_a_hand_is_over_it(
        serve, browser, tmp_path):
    """Chromium's fake camera plays a video of the farm rendered from the scenario: the table as set
    up, a hand passing over it while two riflemen move and a third turns to his right, the table
    after. Watching, the page proposes exactly the two moves and the turn, once; nothing is proposed
    while the hand is over the table, and nothing is made until Resolve."""
    import cv2
    import numpy as np

    from tests.browser.conftest import ARGS, CHROMIUM
    from tests.photos import placements
    from tests.test_watching import MOVED as STEPPED, SHOT, frame

    scenario = copy_farm(tmp_path)
    s = load(scenario)
    rng = np.random.default_rng(4)
    decode = lambda jpeg: cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)  # noqa: E731
    turned = placements(s, STEPPED)
    facing = (turned["r3"][2] + 90) % 360
    turned["r3"] = (*turned["r3"][:2], facing)
    before, after = decode(photo(s, placements(s), SHOT)), decode(photo(s, turned, SHOT))
    clip = ([decode(frame(before, rng)) for _ in range(8)]
            + [decode(frame(before, rng, (400 + 200 * k, 500))) for k in range(6)]
            + [decode(frame(after, rng)) for _ in range(30)])  # 4 s still, 3 s of a hand, 15 s after
    video = tmp_path / "table.y4m"
    y4m(video, clip)
    journal = tmp_path / "farm.journal.wgsave"
    server = serve("play", str(scenario), "--seed", "5")
    camera = browser.browser_type.launch(executable_path=CHROMIUM, args=ARGS + [
        "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}"])
    try:
        context = camera.new_context(viewport={"width": 1400, "height": 900})
        context.grant_permissions(["camera"])
        page = open_app(context, server.url)
        n = journal_length(journal)
        while load_game(journal, recover=True).game.current_step().name != "Move":
            n = press_next(page, journal, n)
        n = settled_length(journal)
        said: list[str] = []
        page.get_by_role("button", name="Watch the table").click()
        words = page.locator(".wgkit-watch-words")
        deadline = time.monotonic() + 90
        while "2 moved" not in (said[-1] if said else ""):
            assert time.monotonic() < deadline, f"no proposal; the page said {said[-5:]}"
            text = words.inner_text()
            if not said or said[-1] != text:
                said.append(text)
            time.sleep(0.1)
        assert any("something is moving" in t for t in said), said  # the hand was seen, and waited out
        assert page.get_by_text("24 pieces seen, 2 moved, 1 turned").count() == 1
        assert page.get_by_text(re.compile(r"1st Squad, rifleman 3 turned (8[89]|9[0-2])°")).count() == 1  # read within 2°
        for label in ("1st Squad, rifleman 1 3.5\"", "1st Squad, rifleman 2 4.0\""):
            assert page.get_by_text(label, exact=False).count() == 1, label
        reads = [t for t in said if " read" in t]
        assert [t.split(": ", 1)[1] for t in reads] == ["view 1 read: nothing moved", "view 2 read: 2 moved, 1 turned"], said
        assert journal_length(journal) == n  # proposed, not made
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "table-watched.png"), full_page=True)
        page.get_by_role("button", name="Stop watching").click()
        page.get_by_role("button", name=RESOLVE).click()
        events_shown(page, n + 3, timeout=60_000)
        game = load_game(journal, recover=True).game
        assert [e.kind for e in game.log[n:]] == ["move", "move", "face"]
        for piece in ("r1", "r2"):
            assert math.dist(game.state["pieces"][piece]["position"], STEPPED[piece]) < 0.25
        assert abs((game.state["pieces"]["r3"]["facing"] - facing + 180) % 360 - 180) < 2
    finally:
        camera.close()
