"""Scene -> matplotlib -> PNG, SVG or PDF (no browser needed)."""

from __future__ import annotations

import io
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import LineCollection, PolyCollection  # noqa: E402
from matplotlib.patches import Circle  # noqa: E402

from wgkit.render.scene import LAYERS, Scene  # noqa: E402

POINTS_PER_INCH = 72.0


def figure(scene: Scene, inches_wide: float = 10.0):
    """A matplotlib figure of the scene, table inches as data units."""
    scale = inches_wide / scene.width
    fig = plt.figure(figsize=(inches_wide, scene.depth * scale + 0.5))
    ax = fig.add_axes((0, 0, 1, scene.depth * scale / (scene.depth * scale + 0.5)))
    ax.set_xlim(0, scene.width)
    ax.set_ylim(0, scene.depth)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.add_patch(plt.Rectangle((0, 0), scene.width, scene.depth, color=scene.background, zorder=0))
    fig.text(0.5, 1 - 0.25 / (scene.depth * scale + 0.5), scene.title, ha="center", va="center", fontsize=12)
    pt = POINTS_PER_INCH * scale  # line widths and text sizes are in table inches
    for z, layer in enumerate(LAYERS, start=1):
        for s in scene.layers[layer]:
            if s.kind == "polygon":
                ax.add_collection(PolyCollection([s.points], facecolors=s.fill or "none",
                                                 edgecolors=s.stroke or "none", linewidths=s.width * pt,
                                                 alpha=s.alpha, zorder=z, linestyles="--" if s.dash else "-"))
            elif s.kind == "line":
                ax.add_collection(LineCollection([s.points], colors=s.stroke, linewidths=s.width * pt,
                                                 alpha=s.alpha, zorder=z, capstyle="round",
                                                 linestyles="--" if s.dash else "-"))
            elif s.kind == "circle":
                ax.add_patch(Circle(tuple(s.points[0]), s.radius, facecolor=s.fill or "none",
                                    edgecolor=s.stroke or "none", linewidth=s.width * pt, alpha=s.alpha, zorder=z))
            elif s.kind == "text":
                ax.text(*s.points[0], s.text, fontsize=s.size * pt, ha="center", va="center", color=s.fill,
                        zorder=z + 0.5)
    return fig


def render(scene: Scene, path: str | os.PathLike[str], inches_wide: float = 10.0, dpi: int = 120) -> None:
    """Write the scene to ``path``; the format follows the extension (.png, .svg, .pdf)."""
    fig = figure(scene, inches_wide)
    try:
        fig.savefig(path, dpi=dpi)
    finally:
        plt.close(fig)


def png_bytes(scene: Scene, inches_wide: float = 8.0, dpi: int = 90) -> bytes:
    fig = figure(scene, inches_wide)
    try:
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=dpi)
        return buf.getvalue()
    finally:
        plt.close(fig)
