"""The real table read from a photo: printed ArUco markers (OpenCV's ``aruco`` module) give each
piece's position and facing on the table.

Eight *table markers* (ids 0-7) lie at the table's corners and the middle of its edges, each
upright as seen from the near edge; one *piece marker* (ids from 8, in the scenario's order of
pieces) travels with each figure or stand, its top towards where the piece faces. A photo is read
by finding the markers, fitting the camera to the table markers (its focal length and the lens's
radial distortion, when six or more are seen; a plain perspective with fewer), and mapping each
piece marker's corners onto the table. A marker that cannot be seen is listed as unseen; one whose
id belongs to no piece, that shows twice, or whose mapped shape is not the square it was printed
as is listed as untrusted. A marker too blurred for OpenCV to read its cells is read by its
likeness to the ids expected, only when no other id of the dictionary comes close, or, given where
the game puts each piece, when the only ids that come close cannot be there. Nothing is guessed.
"""

from __future__ import annotations

import io
import math
import warnings
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping

import cv2
import numpy as np

from wgkit.scenario.model import Scenario

DICTIONARY = cv2.aruco.DICT_4X4_250
TABLE_IDS = range(8)  # corners SW, SE, NE, NW, then the middles of the S, E, N and W edges
FIRST_PIECE = 8
TABLE_MM = 40.0  # a table marker's side
PIECE_MM = 15.0  # a piece marker's side (at least MIN_MM)
MIN_MM = 12.0
MM = 1 / 25.4  # inches per millimetre
SQUARE = 0.2  # a mapped piece marker whose sides differ from the printed size by more than this share is not trusted
REFINE = cv2.aruco.CORNER_REFINE_CONTOUR  # corners from lines fitted to the edges: a 20-px marker faces within 2 degrees
KEPT = 0.1  # inches: a kept fit still holds while the table markers seen lie this close to where it puts them
FLOOR = 0.1  # inches: the least uncertainty claimed (a marker on a base, a base nudged); a house value
MAX_BYTES = 8_000_000  # a photo's file: under the page connection's 10 MiB message, with room to spare
MAX_PIXELS = 25_000_000  # 6000 x 4000: reading takes up to twice the side (four times the pixels) in memory
SHRINK = "save it again as a JPEG of at most 6000 x 4000 pixels (a phone's 12-megapixel setting is plenty)"


@dataclass(frozen=True)
class Marker:
    """A marker to print: its id, what it marks, its side in millimetres and (table markers) where
    its centre goes on the table, in inches."""

    id: int
    label: str
    size_mm: float
    piece: str | None = None
    at: tuple[float, float] | None = None


def table_markers(scenario: Scenario, size_mm: float = TABLE_MM) -> list[Marker]:
    """The eight table markers, each inside the table with the outer edge of its white border on
    the table's edge (the border is a sixth of the black square's side)."""
    w, d, h = scenario.table.width, scenario.table.depth, size_mm * MM * (0.5 + 1 / 6)
    spots = [("near-left corner", (h, h)), ("near-right corner", (w - h, h)), ("far-right corner", (w - h, d - h)),
             ("far-left corner", (h, d - h)), ("middle of the near edge", (w / 2, h)),
             ("middle of the right edge", (w - h, d / 2)), ("middle of the far edge", (w / 2, d - h)),
             ("middle of the left edge", (h, d / 2))]
    return [Marker(i, f"table: {where}", size_mm, at=at) for i, (where, at) in zip(TABLE_IDS, spots)]


def piece_markers(scenario: Scenario, size_mm: float = PIECE_MM) -> list[Marker]:
    """One marker per piece (figure or stand), in the scenario's order."""
    if size_mm < MIN_MM:
        raise ValueError(f"a piece marker is at least {MIN_MM:g} mm wide, not {size_mm:g}")
    called = scenario.spoken_names()
    pieces = [(p.id, called[p.id]) for _, _, p in scenario.pieces()]
    if FIRST_PIECE + len(pieces) > 250:
        raise ValueError(f"{len(pieces)} pieces: the marker dictionary holds markers for 242")
    return [Marker(FIRST_PIECE + i, name, size_mm, piece=pid) for i, (pid, name) in enumerate(pieces)]


def marker_image(marker_id: int, cells: int = 12) -> np.ndarray:
    """The marker as a square of black and white pixels, ``cells`` pixels to a cell of the code,
    with a white border of one cell (the quiet zone the detector needs)."""
    side = 6 * cells  # 4x4 code and its black border
    img = cv2.aruco.generateImageMarker(cv2.aruco.getPredefinedDictionary(DICTIONARY), marker_id, side)
    return cv2.copyMakeBorder(img, cells, cells, cells, cells, cv2.BORDER_CONSTANT, value=255)


@dataclass(frozen=True)
class Seen:
    """A piece as the photo shows it: where it stands (inches), which way it faces (a compass
    bearing) and how far off that may be (inches)."""

    piece: str
    position: tuple[float, float]
    facing: float
    uncertainty: float


@dataclass
class Reading:
    """What a photo shows: the pieces seen, the pieces whose marker was not seen, the markers not
    trusted (and why), how well the table markers fit (root mean square, inches), and the fit
    itself (for the next frame of a camera that stays where it is)."""

    seen: dict[str, Seen] = field(default_factory=dict)
    unseen: list[str] = field(default_factory=list)
    untrusted: list[tuple[str, str]] = field(default_factory=list)
    table_error: float = 0.0
    table_markers: int = 0
    fit: "TableFit | None" = None


@dataclass(frozen=True)
class TableFit:
    """How a camera's image lies on the table: the lens's undistortion, the homography from
    undistorted pixels to table inches, for images of one size."""

    undistort: Any
    homography: np.ndarray
    shape: tuple[int, ...]
    error: float

    def where(self, corners: np.ndarray) -> np.ndarray:
        """Image points on the table, in inches."""
        return cv2.perspectiveTransform(self.undistort(corners).reshape(-1, 1, 2), self.homography).reshape(-1, 2)


class CameraError(ValueError):
    """The photo cannot be read onto the table (too few table markers, not an image)."""


def check_size(data: bytes) -> None:
    """Refuse a photo too large to read, from its length and its header alone (nothing is decoded):
    a small PNG can unpack to billions of pixels."""
    from PIL import Image, UnidentifiedImageError

    if len(data) > MAX_BYTES:
        raise CameraError(f"the photo is {len(data) / 1e6:.1f} MB: at most {MAX_BYTES / 1e6:g} MB is read; {SHRINK}")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # refused below, in words
            with Image.open(io.BytesIO(data)) as header:  # reads the header only
                w, h = header.size
    except Image.DecompressionBombError:  # Pillow's own limit, far above ours
        raise CameraError(f"the photo has far more than {MAX_PIXELS / 1e6:g} megapixels: at most {MAX_PIXELS / 1e6:g} "
                          f"megapixels are read; {SHRINK}") from None
    except (UnidentifiedImageError, OSError, ValueError):
        raise CameraError("the photo is not an image OpenCV can read (JPEG or PNG)") from None
    if w * h > MAX_PIXELS:
        raise CameraError(f"the photo is {w} x {h} pixels ({w * h / 1e6:.0f} megapixels): at most "
                          f"{MAX_PIXELS / 1e6:g} megapixels are read; {SHRINK}")


def _image(photo: Any) -> np.ndarray:
    if isinstance(photo, np.ndarray):
        img = photo
    else:
        data = bytes(photo) if isinstance(photo, (bytes, bytearray, memoryview)) else _read_file(photo)
        check_size(data)
        img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)
        if img is None:
            raise CameraError("the photo is not an image OpenCV can read (JPEG or PNG)")
    return img if img.ndim == 2 else cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)


def _read_file(path: Any) -> bytes:
    """A photo file's bytes, refused unread when it is larger than a photo is read."""
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise CameraError(f"the photo is over {MAX_BYTES / 1e6:g} MB: at most {MAX_BYTES / 1e6:g} MB is read; {SHRINK}")
    return data


PASSES = (  # (scale, sharpen, detector settings): small, blurred markers need the bits read on a finer grid
    (1.0, False, {"perspectiveRemovePixelPerCell": 10, "perspectiveRemoveIgnoredMarginPerCell": 0.2}),
    (1.0, True, {"perspectiveRemovePixelPerCell": 10, "perspectiveRemoveIgnoredMarginPerCell": 0.2}),
    (2.0, True, {"perspectiveRemovePixelPerCell": 8}),
)


def _sharpened(gray: np.ndarray) -> np.ndarray:
    """An unsharp mask: a photo's blur softens a small marker's cells into one another."""
    return cv2.addWeighted(gray, 2.0, cv2.GaussianBlur(gray, (0, 0), 1.5), -1.0, 0)


def detect(gray: np.ndarray, expected: set[int] | None = None,
           doubts: list[Doubt] | None = None) -> tuple[list[np.ndarray], list[int]]:
    """Every marker OpenCV finds: its four corners (top-left, top-right, bottom-right, bottom-left
    of the printed marker) in image pixels, and its id. The photo is searched as taken, then
    sharpened, then sharpened at twice the size, until every id of ``expected`` is found; the
    squares OpenCV found but could not read, then the dark blobs of a piece marker's size
    (:func:`dark_squares`), are matched against the ids of ``expected`` still missing
    (:func:`likeness`). A marker found in several passes counts once, and an id
    found in two places counts twice (so it is not trusted). Squares read closely but not
    clearly apart from another id go to ``doubts`` (:func:`likeness`)."""
    found: list[tuple[np.ndarray, int]] = []
    unread: list[np.ndarray] = []
    for scale, sharpen, settings in PASSES:
        if expected is not None and expected <= {i for _, i in found}:
            break
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = REFINE
        params.minMarkerPerimeterRate = 0.008  # a 15 mm marker across a 6-foot table: ~20 px a side at 4000 px
        for key, value in settings.items():
            setattr(params, key, value)
        detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(DICTIONARY), params)
        image = gray if scale == 1 else cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        image = _sharpened(image) if sharpen else image
        corners, ids, rejected = detector.detectMarkers(image)
        for c, i in zip(corners, [] if ids is None else ids.ravel()):
            _add(found, c.reshape(4, 2).astype(np.float64) / scale, int(i))
        for r in rejected:
            quad = r.reshape(4, 2).astype(np.float64) / scale
            if _sides(quad).mean() >= SMALLEST and not (
                    unread and (np.abs(np.asarray(unread) - quad).max(axis=(1, 2)) < 1).any()):  # not found already
                unread.append(quad)
    missing = set(expected or ()) - {i for _, i in found}
    if missing and unread:
        for c, i in likeness(gray, [q for q in unread if not any(_overlaps(q, d) for d, _ in found)], sorted(missing), doubts):
            _add(found, c, i)
    missing -= {i for _, i in found}
    pieces = [c for c, i in found if i >= FIRST_PIECE]
    if missing and pieces:
        side = float(np.median([_sides(c).mean() for c in pieces]))
        for box in dark_squares(gray, side):
            if not missing:
                break
            if any(_overlaps(box, d) for d, _ in found):
                continue
            centre, ids = box.mean(axis=0), sorted(missing)
            sized = [_clockwise(centre + (box - centre) * size) for size in BOX_SIZES]
            looks = [max((like, i) for i, (like, *_) in _first_look(gray, q, ids).items()) for q in sized]
            (look, like_id), best = max(zip(looks, sized), key=lambda lq: lq[0][0])
            if look < BLOB_GLANCE:
                continue
            # rivals of the same kind only: a blurred piece marker often looks next most like a
            # table marker's id (and the other way round); the dictionary's every id still counts
            kind = [i for i in ids if (i >= FIRST_PIECE) == (like_id >= FIRST_PIECE)]
            for corners, marker_id in likeness(gray, [best], kind, doubts):  # at its best size only
                _add(found, corners, marker_id)
                missing.discard(marker_id)
    return [c for c, _ in found], [i for _, i in found]


BOX_SIZES = (1.0, 0.93, 1.07)  # a dark square's box at these shares of its size: the one that looks most like a marker is read
SQUARISH = 1.4  # the most a dark square's box may be longer than wide
BLOB_GLANCE = 0.88  # the first look a dark square needs to be aligned: over the live bench's 2-px frames,
# the blurred markers' squares looked 0.93-1.0 like their ids, 99% of the other dark blobs under 0.85


def dark_squares(gray: np.ndarray, side: float) -> list[np.ndarray]:
    """Boxes around the dark blobs about the size of a marker ``side`` pixels wide (squarish, as
    wide as the marker at some turn, covering at least half its area): where a blurred marker lies
    when OpenCV finds no square at all (its corners rounded off, its quiet zone run into the
    table's edge)."""
    ink = cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, 2 * int(side) + 1, 3)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    x, y, w, h, area = stats.T
    fits = (w >= 0.7 * side) & (h >= 0.7 * side) & (w <= 1.6 * side) & (h <= 1.6 * side) & (area >= 0.25 * side * side)
    fits[0] = False  # the background
    boxes = []
    for k in np.nonzero(fits)[0]:
        rows, cols = np.nonzero(labels[y[k]:y[k] + h[k], x[k]:x[k] + w[k]] == k)
        rect = cv2.minAreaRect(np.column_stack([cols + x[k], rows + y[k]]).astype(np.float32))
        rw, rh = rect[1]
        if 0.5 * side * side < rw * rh < 1.6 * side * side and max(rw, rh) <= SQUARISH * min(rw, rh):
            boxes.append(cv2.boxPoints(rect).astype(np.float64))
    return boxes


def _add(found: list[tuple[np.ndarray, int]], corners: np.ndarray, marker_id: int) -> None:
    """``found`` with the marker added, unless the same id was found at the same place."""
    if not any(j == marker_id and _overlaps(corners, d) for d, j in found):
        found.append((corners, marker_id))


TURNS = [np.array([(i + k) % 4 for i in range(4)]) for k in range(4)]


def _turned(quad: np.ndarray, k: int) -> np.ndarray:
    """The quad's corners from its ``k``-th on (``np.roll(quad, -k, axis=0)``, without its cost)."""
    return quad[TURNS[k % 4]]


def _sides(quad: np.ndarray) -> np.ndarray:
    """The lengths of the quad's four sides, each from a corner to the next."""
    d = quad - quad[TURNS[1]]
    return np.sqrt((d * d).sum(axis=1))


def _overlaps(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two markers' centres are closer than a marker's side: the same marker. Two printed
    markers, each in its white border a cell wide, lie at least 8/6 of a side apart, even touching."""
    return bool(math.hypot(*(a.mean(axis=0) - b.mean(axis=0))) < _sides(b).mean())


CELL = 8  # pixels a cell when a square is compared with the markers: 8 cells across with the white border
FACE_ON = np.float32([[CELL, CELL], [7 * CELL, CELL], [7 * CELL, 7 * CELL], [CELL, 7 * CELL]])  # a marker seen face on: its corners
BLURS = (1.0, 1.5, 2.0, 2.5)  # the camera's blur tried (Gaussian sigma, image pixels)
SMALLEST = 6 * 2.0  # pixels: a square less wide (two cells a pixel) is too small to be read by likeness
GLANCE = 0.7  # the likeness at first sight below which a square is not aligned at all
MOVED = 1.0  # the most (in cells) alignment may move a corner of the square found: more fits a wrong id
RIVALS = 2  # the ids a square looks most like at first sight, each aligned before one is chosen
ALIKE = 0.9  # the code's likeness a square must reach (correlation over the 4x4 cells)...
PRINTED = 64  # the ids a table may hold: wgkit prints 0-7 for the table and one a piece from 8 (up to 56 pieces;
# the largest bundled scenario has 24): a square is told apart from each of these, not from ids no print holds
APART = 0.15  # ...and its unlikeness (1 - likeness) at most this share of that of any other id: over
# 1,400 squares of webcam frames blurred 1.5-2.5 px, labelled from sharp frames, no wrong id passed;
# at 0.2 one did (a blurred marker 14 read as 9)
REACH = 12.0  # inches (a house value): a piece is looked for this far from where the game last put it
LIKELIEST = 3  # the printed ids a doubtful square looks most like at first, each aligned as a rival
APART_HERE = 0.7  # APART where the game puts the piece within REACH, against the rivals that can be
# there: of the 2-px squares APART refused in two 48-frame live benches, those whose id was right
# stood at 0.16-0.62 against their likeliest such rival; misled (every piece put where another
# stands, or where a stray marker of 15-63 lies), no wrong id at 0.5 or 0.7


@lru_cache(maxsize=256)
def _blurred(marker_id: int, sigma: float) -> np.ndarray:
    """The marker with its white border, ``CELL`` pixels a cell, blurred by ``sigma`` of them."""
    img = marker_image(marker_id, CELL).astype(np.float32)
    return cv2.GaussianBlur(img, (0, 0), sigma) if sigma > 0 else img


@lru_cache(maxsize=32)
def _codes(sigma: float) -> np.ndarray:
    """Every id's code blurred by ``sigma`` (rows in id order, as :func:`_code` gives them)."""
    size = cv2.aruco.getPredefinedDictionary(DICTIONARY).bytesList.shape[0]
    return np.stack([_code(_blurred.__wrapped__(i, sigma)) for i in range(size)]).astype(np.float32)


def _code(patch: np.ndarray) -> np.ndarray:
    """The 4x4 code's cells of a square seen face on, zero-mean and unit length (for correlation)."""
    inner = patch[2 * CELL:6 * CELL, 2 * CELL:6 * CELL].astype(np.float64).ravel()
    inner = inner - inner.mean()
    return inner / (np.linalg.norm(inner) + 1e-9)


def _face_on(gray: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The square ``quad`` (clockwise from its top-left) seen face on, with a cell of border around it."""
    to_image = cv2.getPerspectiveTransform(FACE_ON, np.float32(quad))
    return cv2.warpPerspective(gray, to_image, (8 * CELL, 8 * CELL), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def _aligned(gray: np.ndarray, quad: np.ndarray, marker_id: int, sigma: float) -> np.ndarray | None:
    """The square's corners moved so that the marker ``marker_id``, blurred by ``sigma``, lies on
    the image as closely as it can (OpenCV's ECC alignment); None if it does not converge."""
    side = float(_sides(quad).mean())
    lo = np.maximum(np.floor(quad.min(axis=0) - side / 2), 0).astype(int)
    hi = np.ceil(quad.max(axis=0) + side / 2).astype(int)
    crop = gray[lo[1]:hi[1], lo[0]:hi[0]].astype(np.float32)
    warp = cv2.getPerspectiveTransform(FACE_ON, np.float32(quad - lo)).astype(np.float32)
    try:
        _, warp = cv2.findTransformECC(_blurred(marker_id, sigma), crop, warp, cv2.MOTION_HOMOGRAPHY,
                                       (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 30, 1e-4), None, 1)
    except cv2.error:
        return None
    return cv2.perspectiveTransform(FACE_ON.reshape(-1, 1, 2), warp).reshape(4, 2).astype(np.float64) + lo


def _clockwise(quad: np.ndarray) -> np.ndarray:
    """The quad's corners in clockwise order on the image (y down)."""
    d1, d2 = quad[1] - quad[0], quad[2] - quad[1]
    return quad if d1[0] * d2[1] - d1[1] * d2[0] > 0 else quad[::-1].copy()


def _first_look(gray: np.ndarray, quad: np.ndarray, ids: list[int]) -> dict[int, tuple[float, int, float]]:
    """For each id, how much the square ``quad`` (clockwise) looks like it unaligned: the best
    correlation of its code over the four turns and the camera's blurs, that turn and that blur."""
    cell = float(_sides(quad).mean()) / 6
    codes = np.stack([_code(_face_on(gray, _turned(quad, k))) for k in range(4)])
    first_look: dict[int, tuple[float, int, float]] = {}
    for blur in BLURS:
        sigma = max(0.5, round(blur * CELL / cell * 2) / 2)
        likes = codes @ _codes(sigma)[ids].T  # turns x ids
        for j, marker_id in enumerate(ids):
            k = int(np.argmax(likes[:, j]))
            if likes[k, j] > first_look.get(marker_id, (-2.0,))[0]:
                first_look[marker_id] = (float(likes[k, j]), k, sigma)
    return first_look


@dataclass(frozen=True)
class Doubt:
    """A square read as ``marker_id`` closely enough (:data:`ALIKE`) but not clearly apart from
    ``rivals`` (each id's likeness there): read only where the game says which it can be."""

    corners: np.ndarray
    marker_id: int
    alike: float
    rivals: dict[int, float]


def likeness(gray: np.ndarray, quads: list[np.ndarray], ids: list[int],
             doubts: list[Doubt] | None = None) -> list[tuple[np.ndarray, int]]:
    """The squares that are markers of ``ids`` too blurred for their cells to be read one by one.
    Each square is seen face on in its four turns and its 4x4 code compared (correlation) with
    each id's code blurred as the camera blurs. The :data:`RIVALS` closest ids are each aligned
    on the image as well as it fits (a wrong id can be made to fit by shifting it a little, so
    each is given its own best chance), and the square is read as the id whose code then looks
    most like it without moving the square a cell (:data:`MOVED`), only if it does so closely
    (:data:`ALIKE`) and clearly more than the other rival (moved or not) or any other id a print
    may hold does (:data:`APART`, :data:`PRINTED`). Returns corners (top-left first, as
    :func:`detect`) and id; a square close enough but not clearly apart goes to ``doubts``."""
    read: list[tuple[np.ndarray, int]] = []
    for quad in quads:
        quad = _clockwise(quad)
        cell = float(_sides(quad).mean()) / 6
        first_look = _first_look(gray, quad, ids)
        if max(first_look.values())[0] < GLANCE:
            continue  # nothing like a marker: not worth aligning
        fits = []  # (likeness once aligned, id, corners, the dictionary's likeness there, whether it moved a cell)
        for marker_id in sorted(first_look, key=lambda i: -first_look[i][0])[:RIVALS]:
            _, k, sigma = first_look[marker_id]
            corners = _aligned(gray, _turned(quad, k), marker_id, sigma)
            if corners is None:
                continue
            likes = _codes(sigma) @ _code(_face_on(gray, corners))
            far = bool(np.abs(corners - _turned(quad, k)).max() > MOVED * cell)
            fits.append((float(likes[marker_id]), marker_id, corners, likes, far))
        near = [f for f in fits if not f[4]]  # a fit found only by moving the square a cell or more is
        if not near:  # never read, but it still rivals one that is: the square may be that marker
            continue
        alike, marker_id, corners, likes, _ = best = max(near, key=lambda f: f[0])
        others = [(f[0], f[1]) for f in fits if f is not best] + [(float(v), i) for i, v in enumerate(likes[:PRINTED])
                                                                  if i != marker_id]
        rivals: dict[int, float] = {}
        for like, i in others:
            if 1 - alike > APART * (1 - like):
                rivals[i] = max(like, rivals.get(i, -1.0))
        if alike >= ALIKE and not rivals:
            read.append((corners, marker_id))
        elif alike >= ALIKE and doubts is not None:
            doubts.append(Doubt(corners, marker_id, alike, rivals))
    return read


def _square(centre: tuple[float, float], size: float) -> np.ndarray:
    """A table marker's corners on the table (y up): top-left, top-right, bottom-right, bottom-left."""
    x, y, h = centre[0], centre[1], size / 2
    return np.array([[x - h, y + h], [x + h, y + h], [x + h, y - h], [x - h, y - h]])


def read(photo: Any, scenario: Scenario, table_mm: float = TABLE_MM, piece_mm: float | None = None,
         kept: TableFit | None = None, expected: Mapping[str, tuple[float, float]] | None = None) -> Reading:
    """Each piece's position, facing and uncertainty from a photo of the table (a path, the
    file's bytes, or an image array), with the markers printed by ``wgkit markers``. The piece
    markers' printed size (``wgkit markers --size``) is read from the photo, the median side of
    those seen, unless ``piece_mm`` gives it. ``kept``: the fit of an earlier frame of the same
    camera, used where a hand hides all but one to three table markers, if those it shows are
    where that fit puts them (the camera has not moved). ``expected``: where the game last put
    each piece (inches); a square too blurred to tell from another id apart is read as a piece
    the game puts near it when no rival id can be there (:func:`_placed_by_the_game`)."""
    gray = _image(photo)
    tables = {m.id: m for m in table_markers(scenario, table_mm)}
    pieces = {m.id: m for m in piece_markers(scenario, piece_mm or PIECE_MM)}
    doubts: list[Doubt] = []
    corners, ids = detect(gray, set(tables) | set(pieces), doubts)
    reading = Reading()
    count: dict[int, int] = {}
    for i in ids:
        count[i] = count.get(i, 0) + 1
    obj, img = [], []
    for c, i in zip(corners, ids):
        if i in tables and count[i] == 1:
            obj.append(_square(tables[i].at, table_mm * MM))
            img.append(c)
    reading.table_markers = len(obj)
    if len(obj) >= 4:
        undistort = _camera(np.vstack(obj), np.vstack(img), gray.shape)
        table_img = undistort(np.vstack(img))
        homography, _ = cv2.findHomography(table_img, np.vstack(obj), 0)
        back = cv2.perspectiveTransform(table_img.reshape(-1, 1, 2), homography).reshape(-1, 2)
        fit = TableFit(undistort, homography, gray.shape, float(np.sqrt(np.mean(np.sum((back - np.vstack(obj)) ** 2, axis=1)))))
    elif obj and kept is not None and kept.shape == gray.shape and _still_fits(kept, obj, img):
        fit = kept
    else:
        raise CameraError(f"{len(obj)} of the 8 table markers seen: at least 4 are needed to place the photo on the table"
                          + (" (or one or more where the last frame's fit puts them: the camera has moved)"
                             if obj and kept is not None else ""))
    reading.fit, reading.table_error = fit, fit.error
    seen = []  # each piece marker seen once: (marker, its corners on the image)
    for c, i in zip(corners, ids):
        if i in tables:
            if count[i] > 1:
                reading.untrusted.append((f"table marker {i}", f"seen {count[i]} times"))
            continue
        marker = pieces.get(i)
        if marker is None:
            reading.untrusted.append((f"marker {i}", "no piece of this scenario has this marker"))
            continue
        if count[i] > 1:
            reading.untrusted.append((marker.piece, f"its marker is seen {count[i]} times"))
            continue
        seen.append((marker, c))
    seen += _placed_by_the_game(gray, doubts, fit, tables, pieces, list(zip(corners, ids)), expected or {})
    on_tables = [(marker, fit.where(c).reshape(4, 2)) for marker, c in seen]
    mapped = [(marker, on_table, _sides(on_table)) for marker, on_table in on_tables]  # with their sides
    printed = piece_mm * MM if piece_mm else float(np.median([s for *_, sides in mapped for s in sides])) if mapped else 0.0
    for marker, on_table, sides in mapped:
        off = float(np.max(np.abs(sides - printed)) / printed)
        if off > SQUARE:
            reading.untrusted.append((marker.piece, f"its marker maps to sides of {min(sides) / MM:.0f}-{max(sides) / MM:.0f} mm, "
                                                    f"printed {printed / MM:.0f} mm (covered, or not flat)"))
            continue
        x, y = on_table.mean(axis=0)
        tl, tr, br, bl = on_table
        up = (tl - bl) + (tr - br) + _left_turn(tr - tl) + _left_turn(br - bl)  # the four edges, each turned to "up"
        facing = math.degrees(math.atan2(up[0], up[1])) % 360
        error = reading.table_error + float(np.std(sides))
        reading.seen[marker.piece] = Seen(marker.piece, (round(float(x), 3), round(float(y), 3)), round(facing, 1) % 360,
                                          round(max(error * 3, FLOOR), 3))
    reading.unseen = [m.piece for m in pieces.values() if m.piece not in reading.seen
                      and m.piece not in {what for what, _ in reading.untrusted}]
    return reading


def _placed_by_the_game(gray: np.ndarray, doubts: list[Doubt], fit: TableFit, tables: dict[int, Marker], pieces: dict[int, Marker],
                        found: list[tuple[np.ndarray, int]], expected: Mapping[str, tuple[float, float]]) -> list[tuple[Marker, np.ndarray]]:
    """The doubtful squares read with the game's help: the id a square looks most like is a piece
    not read elsewhere that the game puts within :data:`REACH` of it, and every rival id either
    cannot be there (a table marker's fixed place, a piece read elsewhere or put by the game
    beyond REACH) or is told apart by :data:`APART_HERE` (:func:`_apart_here`). A piece two
    squares claim, a square two pieces claim and a square where a marker was read are left unread."""
    ids = {i for _, i in found}
    accepted: list[tuple[Doubt, Marker]] = []
    for d in sorted(doubts, key=lambda d: -d.alike):
        marker = pieces.get(d.marker_id)
        if marker is None or d.marker_id in ids or marker.piece not in expected or any(_overlaps(d.corners, c) for c, _ in found):
            continue
        if any(o.marker_id == d.marker_id and _overlaps(d.corners, o.corners) for o, _ in accepted):
            continue  # the same square, found again by another pass
        at = fit.where(d.corners).mean(axis=0)
        if math.dist(at, expected[marker.piece]) > REACH:
            continue

        def elsewhere(i: int) -> bool:
            if i in tables:
                return math.dist(tables[i].at, at) > REACH
            other = pieces.get(i)
            return other is not None and (i in ids or (other.piece in expected and math.dist(expected[other.piece], at) > REACH))
        if _apart_here(gray, d, elsewhere):
            accepted.append((d, marker))
    return [(m, d.corners) for d, m in accepted
            if not any(o is not d and (o.marker_id == d.marker_id or _overlaps(o.corners, d.corners)) for o, _ in accepted)]


def _apart_here(gray: np.ndarray, d: Doubt, elsewhere: Callable[[int], bool]) -> bool:
    """Whether the doubtful square is told apart (:data:`APART_HERE`) from every rival id that
    could be there: the ids that came close to it, and the :data:`LIKELIEST` printed ids at first
    look, each of those aligned for itself (a stray marker fits its own id better than the piece's)."""
    looks = _first_look(gray, _clockwise(d.corners), [i for i in range(PRINTED) if i != d.marker_id])
    likeliest = sorted(looks, key=lambda i: -looks[i][0])[:LIKELIEST]
    rivals = [i for i in dict.fromkeys([*likeliest, *d.rivals]) if not elsewhere(i)]
    bar = 1 - (1 - d.alike) / APART_HERE  # the most a rival may look like the square
    if any(max(d.rivals.get(i, -1.0), looks[i][0]) > bar for i in rivals):
        return False
    return all(_fitted(gray, d.corners, i) <= bar for i in rivals if i in likeliest)


def _fitted(gray: np.ndarray, quad: np.ndarray, marker_id: int) -> float:
    """How much the square ``quad`` looks like ``marker_id`` once aligned for it (-1 if it does not align)."""
    _, k, sigma = _first_look(gray, _clockwise(quad), [marker_id])[marker_id]
    corners = _aligned(gray, _turned(_clockwise(quad), k), marker_id, sigma)
    return -1.0 if corners is None else float((_codes(sigma) @ _code(_face_on(gray, corners)))[marker_id])


def _still_fits(fit: TableFit, obj: list[np.ndarray], img: list[np.ndarray]) -> bool:
    """Whether the table markers seen lie where ``fit`` puts them, within a tenth of an inch (a
    camera that has not moved since the fit was made)."""
    return float(np.max(np.linalg.norm(fit.where(np.vstack(img)) - np.vstack(obj), axis=1))) <= KEPT


def _left_turn(v: np.ndarray) -> np.ndarray:
    """``v`` turned a quarter to the left (y up): a marker's rightward edge becomes its up."""
    return np.array([-v[1], v[0]])


def _camera(obj: np.ndarray, img: np.ndarray, shape: tuple[int, ...]):
    """A function undoing the lens's radial distortion on image points: fitted to the table
    markers (focal length and one radial term, the principal point at the photo's centre) when
    six or more are seen, else none (a plain perspective)."""
    if len(obj) < 24:
        return lambda points: np.asarray(points, dtype=np.float64).reshape(-1, 2)
    h, w = shape[:2]
    k = np.array([[max(w, h), 0, w / 2], [0, max(w, h), h / 2], [0, 0, 1]], dtype=np.float64)
    flags = (cv2.CALIB_USE_INTRINSIC_GUESS | cv2.CALIB_FIX_PRINCIPAL_POINT | cv2.CALIB_FIX_ASPECT_RATIO
             | cv2.CALIB_ZERO_TANGENT_DIST | cv2.CALIB_FIX_K2 | cv2.CALIB_FIX_K3)
    plane = np.hstack([obj, np.zeros((len(obj), 1))]).astype(np.float32)
    _, k, dist, _, _ = cv2.calibrateCamera([plane], [img.astype(np.float32)], (w, h), k, np.zeros(5), flags=flags)

    def undistort(points: np.ndarray) -> np.ndarray:
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 1, 2)
        return cv2.undistortPoints(pts, k, dist, P=k).reshape(-1, 2)
    return undistort
