"""The picture under the table: a scenario's background image, read as pixels and placed by its pins."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from wgkit.scenario.model import Scenario
from wgkit.scenario.picture import open_picture


@dataclass(frozen=True)
class Backdrop:
    """RGBA pixels, the pixel-to-table affine (see :meth:`Background.affine`) and the opacity."""

    pixels: np.ndarray
    affine: tuple[float, float, float, float]
    opacity: float
    png: bytes  # the file's bytes when it is a PNG, for the browser canvas

    @property
    def size(self) -> tuple[int, int]:
        return self.pixels.shape[1], self.pixels.shape[0]


def image_path(scenario: Scenario) -> Path | None:
    """Where the scenario's background image is (None without one, or without a folder to look in)."""
    if scenario.background is None:
        return None
    return Path(scenario.folder or ".") / scenario.background.image


_CACHE: dict[tuple[str, float], tuple[np.ndarray, bytes]] = {}


def load_backdrop(scenario: Scenario) -> Backdrop | None:
    """The background's pixels, or None when the scenario has none. A missing or unreadable picture
    raises ``ValueError`` naming the file. A picture is decoded once while its file is unchanged."""
    path = image_path(scenario)
    if path is None:
        return None
    bg = scenario.background
    try:
        key = (str(path.resolve()), path.stat().st_mtime)
    except OSError:
        raise ValueError(f"{path}: the background picture is not there") from None
    if key not in _CACHE:
        _CACHE.clear()  # one picture at a time: a designer traces one map
        _CACHE[key] = _decode(path)
    pixels, png = _CACHE[key]
    return Backdrop(pixels, bg.affine(), bg.opacity, png)


def _decode(path: Path) -> tuple[np.ndarray, bytes]:
    try:
        with open_picture(path) as im:
            rgba = np.asarray(im.convert("RGBA"))
            fmt = im.format
    except OSError as exc:  # a file whose pixels are cut short
        raise ValueError(f"{path}: cannot read the background picture ({exc})") from None
    return rgba, (path.read_bytes() if fmt == "PNG" else _png(rgba))


def _png(rgba: np.ndarray) -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.fromarray(rgba).save(out, format="PNG")
    return out.getvalue()
