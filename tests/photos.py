"""Photos of a table made for testing the camera: a scenario's table drawn from above with its
printed markers at known positions, then photographed by a pinhole camera tilted and turned,
through a lens with radial distortion, blurred, noisy, unevenly lit, saved as JPEG, with some
markers half covered by figures. Used by tests/test_camera.py and benchmarks/bench_camera.py."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import cv2
import numpy as np
from shapely.affinity import rotate
from shapely.geometry import box

from wgkit.camera import MM, PIECE_MM, TABLE_MM, marker_image, piece_markers, table_markers
from wgkit.scenario.model import Scenario

PPI = 80  # pixels per inch of the table drawn from above


@dataclass
class Shot:
    """How a photo is taken: tilt from overhead and turn of the camera (degrees), the lens's
    radial distortion (k1), blur (sigma, pixels), noise (sigma, grey levels), JPEG quality,
    the darkest share of the light across the table, and the pieces whose marker is half covered.
    A random shot is taken from either long side of the table, turned up to 10 degrees."""

    tilt: float = 0.0
    turn: float = 0.0
    k1: float = 0.0
    blur: float = 0.0
    noise: float = 0.0
    quality: int = 95
    light: float = 1.0
    covered: set[str] = field(default_factory=set)
    size: tuple[int, int] = (4000, 3000)
    piece_mm: float = PIECE_MM  # the piece markers' printed side (wgkit markers --size)
    hand: tuple[float, float, float] | None = None  # a hand over the table: its centre and radius, inches

    def under_hand(self, x: float, y: float) -> bool:
        """Whether a piece marker at (x, y) is wholly or partly under the hand or its arm (which
        reaches from the hand to the near edge)."""
        if self.hand is None:
            return False
        hx, hy, r = self.hand
        reach = self.piece_mm * MM  # half the marker's diagonal and a little more
        return math.dist((x, y), (hx, hy)) < r + reach or (abs(x - hx) < 0.6 * r + reach and y < hy)

    def under_others(self, placed: dict[str, tuple[float, float, float]]) -> set[str]:
        """The pieces whose printed marker (with its white border) another marker drawn after it
        (later in ``placed``) partly covers: pieces closer than their markers are wide."""
        side = self.piece_mm * MM * 8 / 6
        square = {p: rotate(box(x - side / 2, y - side / 2, x + side / 2, y + side / 2), -f, origin=(x, y))
                  for p, (x, y, f) in placed.items()}
        names = list(placed)
        return {p for k, p in enumerate(names) if any(square[p].intersects(square[q]) for q in names[k + 1:])}

    @classmethod
    def random(cls, rng: random.Random, pieces: list[str], covered: float = 0.1) -> "Shot":
        return cls(tilt=rng.uniform(0, 35), turn=rng.choice((0, 180)) + rng.uniform(-10, 10), k1=rng.uniform(-0.08, 0.03),
                   blur=rng.uniform(0.5, 1.5), noise=rng.uniform(2, 6), quality=70, light=rng.uniform(0.5, 0.9),
                   covered=set(rng.sample(pieces, round(covered * len(pieces)))))


def placements(scenario: Scenario, moved: dict[str, tuple[float, float]] | None = None) -> dict[str, tuple[float, float, float]]:
    """Every piece where the scenario sets it, as (x, y, facing); those in ``moved`` at the
    point given there, facing as they were."""
    out = {p.id: (p.position[0], p.position[1], p.facing or 0.0) for _, _, p in scenario.pieces()}
    for piece, (x, y) in (moved or {}).items():
        out[piece] = (x, y, out[piece][2])
    return out


def placed_at_random(scenario: Scenario, rng: random.Random) -> dict[str, tuple[float, float, float]]:
    """Every piece somewhere on the table at least 1.5" from the edges and 1" from the others."""
    out: dict[str, tuple[float, float, float]] = {}
    t = scenario.table
    for _, _, p in scenario.pieces():
        while True:
            x, y = rng.uniform(1.5, t.width - 1.5), rng.uniform(1.5, t.depth - 1.5)
            if all(math.dist((x, y), q[:2]) >= 1.0 for q in out.values()):
                out[p.id] = (round(x, 2), round(y, 2), round(rng.uniform(0, 360), 1))
                break
    return out


def _paste(canvas: np.ndarray, marker: np.ndarray, centre: tuple[float, float], side_px: float, facing: float) -> None:
    """Draw ``marker`` (with its white border) on ``canvas`` centred at ``centre`` (pixels), its
    code ``side_px`` wide, its top turned to the compass bearing ``facing``."""
    n = marker.shape[0]
    scale = side_px / (n * 6 / 8)  # the code is 6 of the 8 cells across
    a = math.radians(facing)
    # marker pixel (u, v) -> canvas: rotate clockwise by facing (image y points down)
    m = np.array([[scale * math.cos(a), -scale * math.sin(a)], [scale * math.sin(a), scale * math.cos(a)]])
    offset = np.array(centre) - m @ np.array([n / 2, n / 2])
    half = int(math.ceil(scale * n * 0.75)) + 2
    x0, y0 = int(centre[0]) - half, int(centre[1]) - half
    patch = canvas[y0:y0 + 2 * half, x0:x0 + 2 * half]
    affine = np.hstack([m, (offset - [x0, y0]).reshape(2, 1)])
    ink = cv2.warpAffine(marker, affine, (patch.shape[1], patch.shape[0]), flags=cv2.INTER_AREA, borderValue=-1,
                         borderMode=cv2.BORDER_CONSTANT)
    inside = cv2.warpAffine(np.ones_like(marker), affine, (patch.shape[1], patch.shape[0]), flags=cv2.INTER_NEAREST)
    patch[inside > 0] = ink[inside > 0]


def table_image(scenario: Scenario, placed: dict[str, tuple[float, float, float]], covered: set[str] = frozenset(),
                seed: int = 0, piece_mm: float = PIECE_MM, hand: tuple[float, float, float] | None = None,
                ids: dict[str, int] | None = None) -> np.ndarray:
    """The table from above, grey, PPI pixels an inch: a mottled cloth, the table markers, and a
    piece marker at each of ``placed`` (piece: x, y, facing; its id the scenario's, or ``ids``'s),
    half covered for ``covered``; a hand (x, y, radius in inches) over it all, and its arm to the
    near edge."""
    rng = np.random.default_rng(seed)
    w, d = int(scenario.table.width * PPI), int(scenario.table.depth * PPI)
    cloth = cv2.resize(rng.uniform(120, 175, (d // 64 + 2, w // 64 + 2)).astype(np.float32), (w, d),
                       interpolation=cv2.INTER_CUBIC)
    pad = PPI  # markers drawn near an edge spill into the margin, cut off at the end
    canvas = np.full((d + 2 * pad, w + 2 * pad), 60, np.uint8)
    canvas[pad:pad + d, pad:pad + w] = np.clip(cloth + rng.normal(0, 4, (d, w)), 0, 255).astype(np.uint8)

    def px(x: float, y: float) -> tuple[float, float]:
        return x * PPI + pad, (scenario.table.depth - y) * PPI + pad

    for m in table_markers(scenario):
        _paste(canvas, marker_image(m.id), px(*m.at), TABLE_MM * MM * PPI, 0.0)
    ids = {**{m.piece: m.id for m in piece_markers(scenario)}, **(ids or {})}
    for piece, (x, y, facing) in placed.items():
        _paste(canvas, marker_image(ids[piece]), px(x, y), piece_mm * MM * PPI, facing)
        if piece in covered:  # a figure's body over half the marker
            cx, cy = px(x, y)
            r = piece_mm * MM * PPI * 0.75
            a = math.radians(facing + rng.uniform(0, 360))
            poly = np.array([[cx + r * math.cos(a + k * math.pi / 2), cy + r * math.sin(a + k * math.pi / 2)]
                             for k in (0, 1, 2)] + [[cx, cy]], dtype=np.int32)
            cv2.fillPoly(canvas, [poly], int(rng.uniform(30, 90)))
    if hand is not None:
        (cx, cy), r = px(hand[0], hand[1]), hand[2] * PPI
        cv2.circle(canvas, (int(cx), int(cy)), int(r), 185, -1)
        cv2.rectangle(canvas, (int(cx - 0.6 * r), int(cy)), (int(cx + 0.6 * r), canvas.shape[0] - 1), 185, -1)
    return canvas[pad:pad + d, pad:pad + w]


def camera(scenario: Scenario, shot: Shot) -> tuple[np.ndarray, np.ndarray]:
    """The camera matrix and the homography from table inches to undistorted photo pixels, for a
    camera looking at the table's centre from ``shot.tilt`` degrees off overhead, turned by
    ``shot.turn``, the whole table in the frame."""
    w, h = shot.size
    f = 0.85 * w
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])
    t, z = math.radians(shot.tilt), math.radians(shot.turn)
    down = np.diag([1.0, -1.0, -1.0])  # looking straight down, the far edge at the top of the photo
    turn = np.array([[math.cos(z), -math.sin(z), 0], [math.sin(z), math.cos(z), 0], [0, 0, 1]])
    tilt = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
    rot = tilt @ down @ turn
    forward = rot.T @ np.array([0, 0, 1.0])
    tw, td = scenario.table.width, scenario.table.depth
    centre = np.array([[1, 0, -tw / 2], [0, 1, -td / 2], [0, 0, 1.0]])
    corners = np.array([[0, 0, 1], [tw, 0, 1], [tw, td, 1], [0, td, 1]], dtype=float).T
    dist = max(tw, td)
    for _ in range(200):
        position = -dist * forward
        hom = k @ np.column_stack([rot[:, 0], rot[:, 1], -rot @ position]) @ centre
        p = hom @ corners
        p = p[:2] / p[2]
        if p[0].min() > 0.06 * w and p[0].max() < 0.94 * w and p[1].min() > 0.06 * h and p[1].max() < 0.94 * h:
            return k, hom
        dist *= 1.03
    raise ValueError("the table does not fit the frame")


def photo(scenario: Scenario, placed: dict[str, tuple[float, float, float]], shot: Shot, seed: int = 0,
          ids: dict[str, int] | None = None) -> bytes:
    """A JPEG photo of the table with the pieces ``placed`` (piece: x, y, facing), taken as ``shot``
    says; ``ids``: markers other than the scenario's for some pieces."""
    rng = np.random.default_rng(seed)
    top = table_image(scenario, placed, shot.covered, seed, shot.piece_mm, shot.hand, ids)
    k, hom = camera(scenario, shot)
    w, h = shot.size
    step = 16  # the lens's distortion is smooth: worked out on a coarse grid, then interpolated
    gx, gy = np.meshgrid(np.arange(0, w + step, step, dtype=np.float64), np.arange(0, h + step, step, dtype=np.float64))
    coarse = np.stack([gx.ravel(), gy.ravel()], axis=1).reshape(-1, 1, 2)
    ideal = cv2.undistortPoints(coarse, k, np.array([shot.k1, 0, 0, 0, 0.0]), P=k).reshape(-1, 2)
    table = cv2.perspectiveTransform(ideal.reshape(-1, 1, 2), np.linalg.inv(hom)).reshape(-1, 2)
    mx = (table[:, 0] * PPI).reshape(gx.shape).astype(np.float32)
    my = ((scenario.table.depth - table[:, 1]) * PPI).reshape(gx.shape).astype(np.float32)
    big = (gx.shape[1] * step, gx.shape[0] * step)
    mx = cv2.resize(mx, big, interpolation=cv2.INTER_LINEAR)[:h, :w]
    my = cv2.resize(my, big, interpolation=cv2.INTER_LINEAR)[:h, :w]
    img = cv2.remap(top, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=60).astype(np.float32)
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (np.cos(angle) * np.arange(w)[None, :] / w + np.sin(angle) * np.arange(h)[:, None] / h)
    ramp = (ramp - ramp.min()) / (ramp.max() - ramp.min() or 1)
    img *= shot.light + (1 - shot.light) * ramp
    if shot.blur:
        img = cv2.GaussianBlur(img, (0, 0), shot.blur)
    img += rng.normal(0, shot.noise, img.shape) if shot.noise else 0
    ok, jpeg = cv2.imencode(".jpg", np.clip(img, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, shot.quality])
    assert ok
    return jpeg.tobytes()


def blank_png(width: int, height: int) -> bytes:
    """A valid black PNG of ``width`` x ``height`` pixels, one bit each, built row by row without
    holding the image: a few kilobytes that decode to as many pixels as the header says."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    pack = zlib.compressobj(9)
    row = bytes(1 + (width + 7) // 8)  # filter byte 0, then the row's bits
    body = b"".join(pack.compress(row) for _ in range(height)) + pack.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0))
            + chunk(b"IDAT", body) + chunk(b"IEND", b""))
