"""What a drawing is made of: a :class:`Scene` of layers of :class:`Shape` (a polygon, line, circle
or text in table inches; y up), Shapely geometry as shapes, and the overlays a rule draws (sight
lines, fire arcs, zones). Pure data, no drawing library: the canvas and matplotlib backends both
draw from it, and tests assert against it. It sits below the rules, which draw their zones and
markers with it; :mod:`wgkit.render.scene` builds the table's scene."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Sequence

import numpy as np
from shapely.geometry.base import BaseGeometry

from wgkit.geometry.zones import arc_sector
from wgkit.render import style as S

LAYERS = ("terrain", "grid", "units", "overlays")


@dataclass(frozen=True)
class Shape:
    """One primitive. ``points`` is an (n, 2) array in table inches."""

    kind: str  # "polygon", "line", "circle", "text"
    points: np.ndarray
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.04  # line width in inches
    alpha: float = 1.0
    radius: float = 0.0
    text: str = ""
    size: float = 0.5  # text height in inches
    tag: str = ""  # the feature or piece id this shape draws
    dash: bool = False
    italic: bool = False  # text: a place's name rather than a piece's


@dataclass
class Scene:
    width: float
    depth: float
    layers: dict[str, list[Shape]] = field(default_factory=lambda: {k: [] for k in LAYERS})
    title: str = ""
    background: str = S.TABLE
    backdrop: Any = None  # a wgkit.render.backdrop.Backdrop drawn between the table and the terrain
    legend: list[tuple[str, str]] = field(default_factory=list)  # (words, colour) of what an overlay shows
    view: tuple[float, float, float, float] | None = None  # left, bottom, right, top: a part of the table shown close up

    def _repr_png_(self) -> bytes:
        """Show the scene as a picture when it is the last value of a notebook cell."""
        from wgkit.render.static import png_bytes

        return png_bytes(self)

    def _repr_svg_(self) -> str:
        """The scene as SVG (labels as text) where a notebook front end prefers it."""
        from wgkit.render.static import svg_text

        return svg_text(self)

    def add(self, layer: str, shape: Shape) -> None:
        self.layers[layer].append(shape)

    def tagged(self, tag: str) -> list[Shape]:
        return [s for shapes in self.layers.values() for s in shapes if s.tag == tag]

    def count(self) -> dict[str, int]:
        return {k: len(v) for k, v in self.layers.items()}


def geometry_shapes(geom: BaseGeometry, *, fill: str | None, stroke: str | None, alpha: float = 1.0,
                    width: float = 0.04, tag: str = "", dash: bool = False) -> list[Shape]:
    """Shapely geometry as polygons (holes drawn as their outline) and lines."""
    out: list[Shape] = []
    for part in getattr(geom, "geoms", [geom]):
        if part.is_empty:
            continue
        if part.geom_type == "Polygon":
            out.append(Shape("polygon", np.asarray(part.exterior.coords)[:-1], fill, stroke, width, alpha,
                             tag=tag, dash=dash))
            for hole in part.interiors:
                out.append(Shape("polygon", np.asarray(hole.coords)[:-1], S.TABLE, stroke, width, 1.0, tag=tag))
        elif part.geom_type in ("LineString", "LinearRing"):
            out.append(Shape("line", np.asarray(part.coords), None, stroke, width, alpha, tag=tag, dash=dash))
        elif part.geom_type == "Point":
            out.append(Shape("circle", np.asarray(part.coords), fill, stroke, width, alpha, radius=0.15, tag=tag))
    return out


def los_overlay(observer: Sequence[float], targets: Sequence[tuple[Sequence[float], bool]],
                blockers: Iterable[BaseGeometry] = ()) -> list[Shape]:
    """Lines from the observer to each target, green when clear and red when blocked, with the
    blocking features outlined."""
    out = [Shape("line", np.array([observer, t]), None, S.LOS_CLEAR if ok else S.LOS_BLOCKED, 0.08,
                 0.9, tag="los") for t, ok in targets]
    for g in blockers:
        out += geometry_shapes(g, fill=None, stroke=S.LOS_BLOCKED, width=0.15, tag="los-blocker")
    return out


def arc_overlay(origin: Sequence[float], facing: float, half_angle: float = 45.0, reach: float = 24.0) -> list[Shape]:
    """A fire arc: ``half_angle`` either side of ``facing``, drawn out to ``reach`` inches."""
    return zone_overlay(arc_sector(origin, facing, half_angle, reach), "#f4d35e", alpha=0.22)


def zone_overlay(zone: BaseGeometry, colour: str = S.OVERLAY, label: str = "", alpha: float = 0.3,
                 ring: bool = False) -> list[Shape]:
    """A zone (blast, CD disk, arc, danger zone, corridor, template) as a translucent overlay, or
    (``ring``) as a dashed outline only."""
    if ring:
        out = [replace(s, dash=True) for s in
               geometry_shapes(zone.boundary, fill=None, stroke=colour, width=0.12, tag="zone")]
    else:
        out = geometry_shapes(zone, fill=colour, stroke=colour, alpha=alpha, width=0.06, tag="zone")
    if label:
        c = zone.representative_point()
        out.append(Shape("text", np.array([[c.x, c.y]]), S.TEXT, text=label, size=0.45, tag="zone"))
    return out
