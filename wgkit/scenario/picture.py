"""A picture file (a map or photograph to trace over) opened safely: its size is read from the
header and a picture too large is refused before a pixel is decoded."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL.Image import Image

MAX_PIXELS = 40_000_000  # a 6000 x 6000 photograph


def open_picture(path: str | Path) -> "Image":
    """The picture at ``path`` opened lazily (only its header read), once its pixel count is known
    to be within :data:`MAX_PIXELS`; ``ValueError`` in one line otherwise. Close it after use."""
    import warnings

    from PIL import Image as pil

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", pil.DecompressionBombWarning)  # the limit below is lower
            im = pil.open(path)
    except pil.DecompressionBombError:
        raise ValueError(f"{path}: the picture has more than {MAX_PIXELS:,} pixels, the limit") from None
    except OSError as exc:
        raise ValueError(f"{path}: cannot read the picture ({exc.strerror or exc})") from None
    if im.width * im.height > MAX_PIXELS:
        im.close()
        raise ValueError(f"{path}: the picture has {im.width:,} x {im.height:,} pixels; the limit is {MAX_PIXELS:,}")
    return im
