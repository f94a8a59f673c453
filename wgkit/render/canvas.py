"""Scene -> ipycanvas: one MultiCanvas layer per scene layer, each drawn in one batch.

The browser keeps no picture of its own (a new view starts blank), so the scene lives in
Python and is drawn again whenever a view connects (``on_client_ready``).

The canvas has a fixed size in pixels, its most; the page shows it as large as the window allows
up to that size, keeping the table's proportions (:data:`BOARD_CSS`). ipycanvas reports a click
in canvas pixels whatever the shown size, so clicks still map back to exact table inches.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

import numpy as np
from ipycanvas import MultiCanvas, hold_canvas
import ipywidgets as W
from ipywidgets import Layout

from wgkit.render.shapes import LAYERS, Scene, Shape
from wgkit.render.style import hex_rgb

# width and height auto keep the canvas's own proportions; the max- values shrink it to the
# space left beside the panel and above the fold
BOARD_CSS = """<style>
.wgkit-board { max-width: 100%; max-height: calc(100vh - 250px); align-self: flex-start; flex: 0 1 auto; }
</style>"""


class BoardCanvas:
    """Draws scenes onto a MultiCanvas at ``px_per_inch``, with zoom and pan."""

    def __init__(self, width: float, depth: float, px_per_inch: float = 14.0):
        self.width, self.depth = width, depth
        self.px_per_inch = px_per_inch
        self.zoom, self.pan = 1.0, (0.0, 0.0)  # pan: table inches at the top-left corner
        w, h = int(round(width * px_per_inch)), int(round(depth * px_per_inch))
        self.widget = MultiCanvas(len(LAYERS), width=w, height=h, layout=Layout(width="auto", height="auto"))
        self.widget.add_class("wgkit-board")
        self.style = W.HTML(BOARD_CSS)  # show it beside the canvas
        self.layers = {name: self.widget[i] for i, name in enumerate(LAYERS)}
        self.scene: Scene | None = None
        self.batches = 0  # comm messages sent (one per layer drawn)
        self._picture: tuple[bytes, W.Image] | None = None  # the background picture's widget, made once
        self.widget.on_client_ready(self.redraw)

    # -- coordinates -----------------------------------------------------------------------
    @property
    def scale(self) -> float:
        return self.px_per_inch * self.zoom

    def to_px(self, pts: np.ndarray) -> np.ndarray:
        """Table inches (y up) to canvas pixels (y down)."""
        pts = np.asarray(pts, dtype=float).reshape(-1, 2)
        x = (pts[:, 0] - self.pan[0]) * self.scale
        y = (self.depth - pts[:, 1] - self.pan[1]) * self.scale
        return np.c_[x, y]

    def to_table(self, px: float, py: float) -> tuple[float, float]:
        """Canvas pixels back to table inches (the inverse of :meth:`to_px`)."""
        return (px / self.scale + self.pan[0], self.depth - (py / self.scale + self.pan[1]))

    def set_view(self, zoom: float = 1.0, pan: tuple[float, float] = (0.0, 0.0)) -> None:
        if not 0.25 <= zoom <= 8:
            raise ValueError("zoom must be between 0.25 and 8")
        self.zoom, self.pan = zoom, pan
        self.redraw()

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, scene: Scene, layers: tuple[str, ...] = LAYERS) -> None:
        self.scene = scene
        for name in layers:
            self.draw_layer(name, scene.layers[name], background=scene.background if name == "terrain" else None,
                            backdrop=scene.backdrop if name == "terrain" else None)

    def redraw(self, *_: object) -> None:
        if self.scene is not None:
            self.draw(self.scene)

    def draw_layer(self, name: str, shapes: list[Shape], background: str | None = None, backdrop=None) -> None:
        canvas = self.layers[name]
        with hold_canvas():
            canvas.clear()
            if background:
                canvas.fill_style = background
                canvas.fill_rect(0, 0, canvas.width, canvas.height)
            if backdrop is not None:
                self._backdrop(canvas, backdrop)
            self._batch(canvas, shapes)
        self.batches += 1

    def _backdrop(self, canvas, b) -> None:
        """The background picture: its pixels carried to canvas pixels by one transform (its pins,
        then the view's zoom and pan)."""
        if self._picture is None or self._picture[0] is not b.png:
            self._picture = (b.png, W.Image(value=b.png, format="png"))
        ar, ai, br, bi = b.affine
        k = self.scale
        w, h = b.size
        canvas.global_alpha = b.opacity
        canvas.set_transform(k * ar, -k * ai, k * ai, k * ar, k * (br - self.pan[0]), k * (self.depth - self.pan[1] - bi))
        canvas.draw_image(self._picture[1], 0, 0, w, h)
        canvas.reset_transform()
        canvas.global_alpha = 1.0

    def _px_many(self, group: list[Shape]) -> tuple[np.ndarray, np.ndarray]:
        """All points of ``group`` in pixels at once, and how many belong to each shape."""
        counts = np.fromiter((len(s.points) for s in group), dtype=int, count=len(group))
        return self.to_px(np.concatenate([s.points for s in group])), counts

    def _batch(self, canvas, shapes: list[Shape]) -> None:
        fills = [s for s in shapes if s.kind == "polygon" and s.fill]
        if fills:
            pts, counts = self._px_many(fills)
            canvas.fill_styled_polygons(pts, _rgb([s.fill for s in fills]), np.array([s.alpha for s in fills]), counts)
        circles = [s for s in shapes if s.kind == "circle" and s.fill]
        if circles:
            c, _ = self._px_many(circles)
            canvas.fill_styled_circles(c[:, 0], c[:, 1], np.array([s.radius for s in circles]) * self.scale,
                                       _rgb([s.fill for s in circles]), np.array([s.alpha for s in circles]))
        strokes: dict[tuple[float, str], list[Shape]] = defaultdict(list)
        for s in shapes:
            if s.stroke and s.kind != "text":
                strokes[(round(s.width * self.scale, 1), s.kind)].append(s)
        for (width, kind), group in strokes.items():
            canvas.line_width = max(width, 0.5)
            colours = _rgb([s.stroke for s in group])
            alphas = np.array([s.alpha for s in group])
            pts, counts = self._px_many(group)
            if kind == "circle":
                canvas.stroke_styled_circles(pts[:, 0], pts[:, 1], np.array([s.radius for s in group]) * self.scale,
                                             colours, alphas)
            elif kind == "polygon":
                canvas.stroke_styled_polygons(pts, colours, alphas, counts)
            else:
                canvas.line_cap = "round"
                canvas.stroke_styled_line_segments(pts, colours, alphas, counts)
        texts = [s for s in shapes if s.kind == "text"]
        if texts:
            canvas.text_align, canvas.text_baseline = "center", "middle"
            xy, _ = self._px_many(texts)
            style = None
            for s, (x, y) in zip(texts, xy.tolist()):
                if (s.size, s.fill, s.italic) != style:
                    style = (s.size, s.fill, s.italic)
                    canvas.font = f"{'italic ' if s.italic else ''}{max(8, round(s.size * self.scale))}px sans-serif"
                    canvas.fill_style = s.fill or "#000000"
                canvas.fill_text(s.text, x, y)


@lru_cache(maxsize=256)
def _rgb1(colour: str) -> tuple[int, int, int]:
    return hex_rgb(colour)


def _rgb(colours: list[str]) -> np.ndarray:
    return np.array([_rgb1(c) for c in colours], dtype=np.uint8)
