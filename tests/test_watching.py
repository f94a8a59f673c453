"""A camera watching the table (issue 69): frames of the hedgerow farm's table rendered from the
scenario (tests/photos.py) at 1920x1080 (a 1080p webcam: the 15 mm piece markers about 15 px wide), with a camera's noise, a hand passing over the table, and
pieces moved while the hand was there. Only a settled view is read; the moves it shows are proposed
once, as a photo's are, and nothing is made until the umpire resolves them."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.conftest import ROOT
from tests.photos import Shot, photo, placements
from wgkit.camera import CameraError, detect, read, table_markers
from wgkit.scenario import load
from wgkit.watching import Settle, moved_share, thumbnail

FARM = ROOT / "scenarios/close_action/hedgerow_farm.yaml"
SHOT = Shot(tilt=15, turn=3, blur=0.6, size=(1920, 1080))
MOVED = {"r1": (22, 9.5), "r2": (24, 10)}  # 3.5" and 4" forward: two of 1st Squad's riflemen


@pytest.fixture(scope="module")
def views():
    """The table before and after the riflemen moved, each a clean 1280x720 frame (BGR)."""
    s = load(FARM)
    decode = lambda jpeg: cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)  # noqa: E731
    return s, decode(photo(s, placements(s), SHOT)), decode(photo(s, placements(s, MOVED), SHOT))


def frame(view: np.ndarray, rng: np.random.Generator, hand: tuple[int, int] | None = None) -> bytes:
    """One frame from the camera: the view with a camera's noise (and a hand, a dark blob, over the
    table at ``hand``), encoded as the page encodes it."""
    img = np.clip(view.astype(np.float32) + rng.normal(0, 3, view.shape), 0, 255).astype(np.uint8)
    if hand is not None:
        cv2.ellipse(img, hand, (90, 60), 30, 0, 360, (70, 80, 110), -1)
        cv2.rectangle(img, (hand[0] - 40, hand[1]), (hand[0] + 40, view.shape[0] - 1), (70, 80, 110), -1)  # the arm
    ok, jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 85])
    assert ok
    return jpeg.tobytes()


def test_noise_is_still_and_a_hand_is_motion(views):
    _, before, _ = views
    rng = np.random.default_rng(1)
    a, b = thumbnail(frame(before, rng)), thumbnail(frame(before, rng))
    assert moved_share(a, b) == 0.0  # a camera's noise moves nothing
    assert moved_share(a, thumbnail(frame(before, rng, hand=(640, 360)))) > 0.02


def test_a_view_is_read_once_it_has_settled_and_not_again_until_something_moves(views):
    _, before, after = views
    rng = np.random.default_rng(2)
    settle = Settle()
    still = [settle.feed(frame(before, rng)) for _ in range(6)]
    assert still == [False, False, False, True, False, False]  # three still against the one before: read, once
    passing = [settle.feed(frame(before, rng, hand=(300 + 150 * k, 400))) for k in range(4)]
    assert passing == [False] * 4 and settle.moving
    assert [settle.feed(frame(after, rng)) for _ in range(5)] == [False, False, False, True, False]
    assert settle.reads == 2


def test_the_umpire_watching_the_table_is_proposed_the_moves_once_and_nothing_is_made_until_resolved(views, tmp_path):
    from wgkit.rules.registry import situation_of
    from wgkit.widgets import UmpireApp

    _, before, after = views
    rng = np.random.default_rng(3)
    app = UmpireApp.open(FARM, journal=tmp_path / "j.wgsave", seed=5)
    situation_of(app.game).turn(1)
    app.game.at_step("Move")
    app.refresh()
    live, n = app.reader.live, len(app.game.log)
    live.watching = True  # the page started the camera

    def show(view, frames=4, hand=False):
        for k in range(frames):
            live._received(live, {"kind": "frame"}, [memoryview(frame(view, rng, (300 + 150 * k, 400) if hand else None))])

    show(before)
    assert app.reader.moves == [] and live.status.endswith("view 1 read: nothing moved")
    show(before, hand=True)
    assert live.status == "watching: something is moving over the table" and app.reader.moves == []
    show(after)
    assert [p for p, _, _ in app.reader.moves] == ["r1", "r2"] and live.status.endswith("view 2 read: 2 moved")
    assert app.reader.kept is not None  # the camera's table fit, kept for a view a hand half hides
    assert "2 of 2 pieces move together" in app.actions.odds.value and len(app.game.log) == n
    app.reader.picks.children[1].value = False  # the umpire keeps r2 where it stands
    show(after, frames=6)  # the view stays still: not read again
    show(before, hand=True)  # a hand over the table and away, nothing changed: read, the same moves
    show(after)
    assert live.status.endswith("view 3 read: 2 moved, as proposed") and app.reader.picks.children[1].value is False
    assert len(app.game.log) == n  # nothing made without Resolve
    app.actions.resolve()
    assert [e.text.split()[0] for e in app.game.log[n:]] == ["r1"]


def test_a_settled_view_that_shows_no_table_changes_nothing_and_says_why(views, tmp_path):
    from wgkit.widgets import UmpireApp

    app = UmpireApp.open(FARM, journal=tmp_path / "j.wgsave", seed=5)
    live = app.reader.live
    dark = cv2.imencode(".jpg", np.full((1080, 1920, 3), 40, np.uint8))[1].tobytes()
    for _ in range(4):
        live.take(dark)
    assert live.status == "watching: view 1 read: it cannot be read (0 of the 8 table markers seen: at least 4 are " \
                          "needed to place the photo on the table)"
    assert app.reader.moves == [] and not app.errors.messages


def test_a_side_watching_its_table_is_proposed_only_its_own_moves(views, tmp_path):
    """A side's page may watch its own camera: it reads its own pieces only (an enemy that moved
    is never mentioned) and proposes their moves to the umpire, as with a photo."""
    from tests.test_seats import _served, _to_step
    from wgkit.widgets import UmpireApp
    from wgkit.widgets.seat import SidePage

    s, before, _ = views
    journal = _served(tmp_path)
    umpire = UmpireApp.attach(journal, seats=True)
    _to_step(umpire, "Move")
    us = SidePage.attach(str(journal), "us")
    enemy_moved = cv2.imdecode(np.frombuffer(photo(s, placements(s, {**MOVED, "mg42": (30, 20)}), SHOT), np.uint8),
                               cv2.IMREAD_COLOR)
    rng = np.random.default_rng(5)
    for view, hand in [(before, None)] * 4 + [(before, (500, 500))] * 3 + [(enemy_moved, None)] * 4:
        us.reader.live.take(frame(view, rng, hand))
    assert [p for p, _, _ in us.reader.moves] == ["r1", "r2"] and us.reader.live.status.endswith("view 2 read: 2 moved")
    said = us.reader.status.value + us.reader.live.status + "".join(b.description for b in us.reader.picks.children)
    assert all(word not in said for word in ("mg42", "MG 42", "Krebs"))


def test_a_hand_over_most_table_markers_still_reads_with_the_fit_the_camera_last_gave(views):
    """The camera stays where it is: a frame showing only three table markers (a hand over the
    rest) is placed by the last frame's fit, if those three lie where it puts them; a camera that
    moved is refused in words, never read wrong."""
    s, before, _ = views
    first = read(cv2.imencode(".jpg", before)[1].tobytes(), s)
    assert first.table_markers == 8 and first.fit is not None
    marks = {m.id for m in table_markers(s)}
    hidden = photo(s, placements(s, MOVED), SHOT)  # the riflemen moved; now cover five table markers
    img = cv2.imdecode(np.frombuffer(hidden, np.uint8), cv2.IMREAD_COLOR)
    corners, ids = detect(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))
    for c, i in zip(corners, ids):
        if i in marks and i not in (0, 1, 4):  # keep the near corners and the near edge's middle
            cv2.fillConvexPoly(img, c.astype(np.int32), (150, 150, 150))
            cv2.circle(img, tuple(int(v) for v in c.mean(axis=0)), 30, (150, 150, 150), -1)
    frame3 = cv2.imencode(".jpg", img)[1].tobytes()
    with pytest.raises(CameraError, match="^3 of the 8 table markers seen"):
        read(frame3, s)
    again = read(frame3, s, kept=first.fit)
    assert again.table_markers == 3 and again.fit is first.fit
    assert all(np.hypot(*(np.array(again.seen[p].position) - MOVED[p])) < 0.25 for p in MOVED)
    moved_camera = Shot(tilt=15, turn=8, blur=0.6, size=(1920, 1080))
    other = cv2.imdecode(np.frombuffer(photo(s, placements(s), moved_camera), np.uint8), cv2.IMREAD_COLOR)
    corners, ids = detect(cv2.cvtColor(other, cv2.COLOR_BGR2GRAY))
    for c, i in zip(corners, ids):
        if i in marks and i not in (0, 1, 4):
            cv2.circle(other, tuple(int(v) for v in c.mean(axis=0)), 30, (150, 150, 150), -1)
    with pytest.raises(CameraError, match="the camera has moved"):
        read(cv2.imencode(".jpg", other)[1].tobytes(), s, kept=first.fit)


def test_a_frame_claiming_a_huge_picture_is_refused_from_its_header_and_said():
    """A page (a side's, say) that sends a frame whose header claims 144 megapixels is refused
    before anything is decoded, as a photo is; the camera's line says so and nothing is read."""
    from tests.photos import blank_png
    from wgkit.widgets.livecam import LiveCamera

    seen: list[bytes] = []
    live = LiveCamera(seen.append)
    assert live.take(blank_png(12000, 12000)) is False
    assert live.status.startswith("frame 1: the photo is 12000 x 12000 pixels") and seen == []
