"""A camera watching the table (issue 69): which of its frames to read.

A live camera sends a frame every half second or so. Reading one (:func:`wgkit.camera.read`)
takes a tenth of a second to a second, and a frame taken while a hand is over the table shows
markers covered or half way to their new places. So a frame is read only once the view has
settled: after something moved, the first frame of a run of frames that each differ from the one
before by less than the motion threshold. A view that stays still is read once, not again and
again; the next read waits for the next movement."""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from wgkit.camera import check_size

THUMB = (320, 180)  # the small grey copy frames are compared on (width, height)
SPECK = 30  # grey levels a pixel must change by to count as moved (JPEG noise and flicker stay under)


@dataclass
class Settle:
    """Frames in, in order; :meth:`feed` says whether to read the one just fed.

    ``motion``: the share of the small copy's pixels that must change for the view to count as
    moving (a hand over the table changes far more; a camera's noise far less). ``frames``: how
    many frames in a row must each be still against the one before for the view to count as
    settled (three at the page's two frames a second: a second and a half)."""

    motion: float = 0.002
    frames: int = 3
    _last: np.ndarray | None = field(default=None, repr=False)
    _still: int = 0
    _moving: bool = True  # the first settled view after the camera starts is read
    reads: int = 0  # views read so far

    def feed(self, frame: bytes | np.ndarray) -> bool:
        """Take the next frame (JPEG bytes or a grey or colour image); True once it is the first
        frame of a settled view that followed a movement (to be read), else False."""
        small = thumbnail(frame)
        if self._last is None:
            pass  # the first frame: nothing to compare it with yet
        elif moved_share(self._last, small) > self.motion:
            self._moving, self._still = True, 0
        else:
            self._still += 1
        self._last = small
        if self._moving and self._still >= self.frames:
            self._moving = False
            self.reads += 1
            return True
        return False

    @property
    def moving(self) -> bool:
        """Whether the view has moved since it last settled (a hand over the table)."""
        return self._moving


def thumbnail(frame: bytes | np.ndarray) -> np.ndarray:
    """A frame as a small grey image (:data:`THUMB`), decoded at a quarter size where it is a JPEG
    (whose header is weighed first, as a photo's is: a frame claiming a huge picture is refused)."""
    if isinstance(frame, np.ndarray):
        grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    else:
        check_size(bytes(frame))
        grey = cv2.imdecode(np.frombuffer(frame, np.uint8), cv2.IMREAD_REDUCED_GRAYSCALE_4)
        if grey is None:
            raise ValueError("a frame that is not an image")
    return cv2.resize(grey, THUMB, interpolation=cv2.INTER_AREA)


def moved_share(a: np.ndarray, b: np.ndarray) -> float:
    """The share of pixels that changed by more than :data:`SPECK` grey levels between two thumbnails."""
    return float(np.mean(cv2.absdiff(a, b) > SPECK))
