"""Scene -> matplotlib -> PNG, SVG or PDF (no browser needed).

Figures are made without pyplot and drawn by matplotlib's own canvas, so importing this module
leaves the session's backend alone (a notebook keeps showing its charts inline)."""

from __future__ import annotations

import io
import itertools
import os

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection, PatchCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Patch, Rectangle

from wgkit.render.shapes import LAYERS, Scene

POINTS_PER_INCH = 72.0
MIN_TEXT_PT = 10.5  # no word on a picture smaller: 14 px at 96 dpi, readable on a projector


def figure(scene: Scene, inches_wide: float = 10.0):
    """A matplotlib figure of the scene (or of its ``view``, close up), table inches as data units.
    Close up, shapes grow with the zoom and words with its square root, so labels stay labels."""
    left, bottom, right, top = scene.view or (0.0, 0.0, scene.width, scene.depth)
    scale = inches_wide / (right - left)
    words = (scene.width / (right - left)) ** -0.5  # how much less than the shapes the words grow
    fig = Figure(figsize=(inches_wide, (top - bottom) * scale + 0.5))
    FigureCanvasAgg(fig)  # this figure's own canvas: the session's backend is not touched
    ax = fig.add_axes((0, 0, 1, (top - bottom) * scale / ((top - bottom) * scale + 0.5)))
    ax.set_xlim(left, right)
    ax.set_ylim(bottom, top)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.add_patch(Rectangle((0, 0), scene.width, scene.depth, color=scene.background, zorder=0))
    if scene.backdrop is not None:
        _backdrop(ax, scene)
    fig.text(0.5, 1 - 0.25 / ((top - bottom) * scale + 0.5), scene.title, ha="center", va="center", fontsize=12)
    pt = POINTS_PER_INCH * scale  # line widths and text sizes are in table inches
    for z, layer in enumerate(LAYERS, start=1):
        for run in _runs(scene.layers[layer], stacked=layer == "terrain"):
            s, kind = run[0], run[0].kind
            style = dict(alpha=s.alpha, zorder=z, linestyles="--" if s.dash else "-")
            if kind == "polygon":
                ax.add_collection(PolyCollection([r.points for r in run], facecolors=s.fill or "none",
                                                 edgecolors=s.stroke or "none", linewidths=s.width * pt,
                                                 **style), autolim=False)
            elif kind == "line":
                ax.add_collection(LineCollection([r.points for r in run], colors=s.stroke,
                                                 linewidths=s.width * pt, capstyle="round", **style),
                                  autolim=False)
            elif kind == "circle":
                ax.add_collection(PatchCollection([Circle(tuple(r.points[0]), r.radius) for r in run],
                                                  facecolor=s.fill or "none", edgecolor=s.stroke or "none",
                                                  linewidth=s.width * pt, **style), autolim=False)
            elif kind == "text":
                for r in run:
                    ax.text(*r.points[0], r.text, fontsize=max(MIN_TEXT_PT, r.size * pt * words), ha="center", va="center",
                            color=r.fill, zorder=z + 0.5, clip_on=True, fontstyle="italic" if r.italic else "normal")
    if scene.legend:
        ax.legend(handles=[Patch(facecolor=c, edgecolor=c, alpha=0.6, label=words) for words, c in scene.legend],
                  loc="upper left", fontsize=11, framealpha=0.9)
    return fig


def _backdrop(ax, scene: Scene) -> None:
    """The background picture, placed by its pins and clipped to the table."""
    from matplotlib.transforms import Affine2D

    b = scene.backdrop
    ar, ai, br, bi = b.affine
    w, h = b.size
    im = ax.imshow(b.pixels, extent=(0, w, h, 0), alpha=b.opacity, zorder=0.5, interpolation="bilinear")
    im.set_transform(Affine2D.from_values(ar, ai, ai, -ar, br, bi) + ax.transData)
    im.set_clip_path(Rectangle((0, 0), scene.width, scene.depth, transform=ax.transData))


def _style(s) -> tuple:
    """What decides how a shape is drawn, apart from where."""
    return (s.kind, s.fill, s.stroke, s.width, s.alpha, s.dash)


def _runs(shapes: list, stacked: bool) -> list[list]:
    """Shapes drawn alike, batched so that thousands of pieces render in a second, not a minute.

    Where stacking order matters (terrain: a road over a field) only neighbours are batched;
    elsewhere every shape of a style joins the first of its kind."""
    if stacked:
        return [list(run) for _, run in itertools.groupby(shapes, key=_style)]
    groups: dict[tuple, list] = {}
    for shape in shapes:
        groups.setdefault(_style(shape), []).append(shape)
    return list(groups.values())


def render(scene: Scene, path: str | os.PathLike[str], inches_wide: float = 10.0, dpi: int = 120) -> None:
    """Write the scene to ``path``; the format follows the extension (.png, .svg, .pdf). An SVG
    keeps its labels as text (searchable, editable), not as outlines."""
    fig = figure(scene, inches_wide)
    with matplotlib.rc_context({"svg.fonttype": "none"}):
        fig.savefig(path, dpi=dpi)


PICTURE_INCHES = 10.0  # a notebook's picture: 960 px at 96 dpi, its words 14 px or more


def svg_text(scene: Scene, inches_wide: float = PICTURE_INCHES) -> str:
    """The scene as SVG, labels kept as text; the same scene gives the same bytes (fixed ids, no
    date), so a notebook's stored picture changes only when the board does."""
    fig = figure(scene, inches_wide)
    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "wgkit"}):
        fig.savefig(buf, format="svg", metadata={"Date": None})
    return buf.getvalue()


def png_bytes(scene: Scene, inches_wide: float = PICTURE_INCHES, dpi: int = 96) -> bytes:
    fig = figure(scene, inches_wide)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()
