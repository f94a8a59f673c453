"""Terrain from and to GeoJSON: real ground (survey data, a traced map) at a ruleset's ground scale.

Coordinates are read in one of :data:`UNITS`. Longitude and latitude (RFC 7946's only units)
are projected onto the table by a local equirectangular projection about an origin (by default
the south-west corner of the data): east is +x, north is +y, metres become table inches at the
ruleset's ground scale. Over a battlefield of a few kilometres the projection's error stays far
below a millimetre of table. Metres (a projected survey: UTM, a national grid) are only shifted
and scaled; table inches are taken as they are. With ``units="auto"`` the file's ``crs`` member
(GeoJSON 2008, as QGIS and GDAL still write it) decides, read by pyproj: a geographic system
(CRS84, EPSG:4326, EPSG:4171 and every other) is transformed to longitude and latitude, a projected
one is read on its grid in metres; a name pyproj does not know is refused. Without a ``crs``,
longitude and latitude. Coordinates impossible in the chosen units (beyond ±180°/±90°, negative
table inches) are refused in one line, and so is terrain with no extent on the table.

Each feature's ``properties`` give the terrain: ``type`` (one of the kit's terrain types),
``name``, ``variant``, ``height`` (hill levels) and, for lines, ``width_m`` (metres on the
ground). Polygons become areas (holes are dropped, and said so), line strings become lines;
other geometries are left out with a reason.

A file is refused in one line, before any geometry is built, when it is larger than
:data:`MAX_BYTES`, nests deeper than :data:`MAX_DEPTH`, holds a number that is not finite
(``Infinity``, ``NaN``, ``1e999``), or more than :data:`MAX_FEATURES` features or
:data:`MAX_VERTICES` vertices: a traced battlefield of a few kilometres needs far less. The
vertices of a file are counted in its text before it is parsed.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

import numpy as np
import shapely
from pyproj import CRS, Transformer
from pyproj.exceptions import CRSError
from shapely.geometry import Polygon, shape

from wgkit.facts.scale import GroundScale
from wgkit.scenario.model import Scenario
from wgkit.scenario.schema import MAX_TABLE
from wgkit.geometry.shapes import feature_geometry
from wgkit.facts.common import TERRAIN_TYPES

EARTH_RADIUS = 6_371_008.8  # metres, the mean radius (IUGG)
ROUND = 3  # decimals of an inch kept
MAX_BYTES = 16_000_000
MAX_DEPTH = 16  # a MultiPolygon inside a FeatureCollection nests 8 deep
MAX_FEATURES = 5_000
MAX_VERTICES = 50_000
UNITS = {"lonlat": "longitude and latitude", "metres": "metres on the ground", "inches": "table inches"}
MIN_EXTENT = 0.1  # table inches: terrain spanning less, both ways, is no ground (degrees read as metres)
WRITTEN = {"metres": "wgkit:local-metres", "inches": "wgkit:table-inches"}  # crs names of an export, read back as such
_POSITION = re.compile(rb"\[\s*-?[0-9.]")  # where a position (a vertex, or a bbox) opens in the file's text
_KINDS = {"name": str, "variant": str, "height": (int, float), "width_m": (int, float)}  # others are dropped


@dataclass
class Imported:
    """Terrain features (scenario mappings), the table they need in inches, and what was left out."""

    features: list[dict[str, Any]] = field(default_factory=list)
    size: tuple[float, float] = (0.0, 0.0)
    origin: tuple[float, float] = (0.0, 0.0)  # the table's (0, 0) in the file's units
    units: str = "lonlat"  # one of UNITS: how the coordinates were read
    report: list[str] = field(default_factory=list)


def read(source: str | os.PathLike[str] | dict) -> dict:
    """A GeoJSON document from a file or an already parsed mapping (JSON only: nothing is
    executed), within the limits of the module docstring; ``ValueError`` in one line otherwise."""
    name = _name(source)
    if isinstance(source, dict):
        data: Any = source
    else:
        try:
            size = os.stat(source).st_size
            if size > MAX_BYTES:
                raise ValueError(f"{name}: the file has {size:,} bytes; the limit is {MAX_BYTES:,}")
            raw = Path(source).read_bytes()
            if len(_POSITION.findall(raw)) > MAX_VERTICES:  # counted before parsing: a parse of millions takes seconds
                raise ValueError(_too_many(name))
            data = json.loads(raw, parse_constant=_not_finite, parse_float=_finite)
        except RecursionError:
            raise ValueError(f"{name}: the file nests deeper than {MAX_DEPTH} levels") from None
        except (OSError, ValueError) as exc:
            raise ValueError(exc.args[0] if str(exc).startswith(name) else
                             f"{name}: not a readable GeoJSON file ({exc})") from None
    if not isinstance(data, dict) or data.get("type") not in ("FeatureCollection", "Feature"):
        raise ValueError(f"{name}: a GeoJSON FeatureCollection or Feature is needed")
    _within_limits(data, name)
    return data


def _too_many(name: str) -> str:
    return (f"{name}: more than {MAX_VERTICES:,} vertices; the limit keeps the table quick to draw "
            "(simplify the outlines first)")


def _name(source: str | os.PathLike[str] | dict) -> str:
    """How a refusal names the input: its file, or "GeoJSON" for a mapping."""
    return "GeoJSON" if isinstance(source, dict) else str(source)


def _not_finite(word: str) -> float:
    raise ValueError(f"{word} is not a number GeoJSON allows (numbers must be finite)")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is not a number GeoJSON allows (numbers must be finite)")
    return value


def _within_limits(doc: dict, name: str) -> None:
    """Count features, vertices (numbers in coordinate lists, two a vertex) and depth, without recursion."""
    features = len(doc.get("features") or []) if isinstance(doc.get("features"), list) else 1
    if features > MAX_FEATURES:
        raise ValueError(f"{name}: {features:,} features; the limit is {MAX_FEATURES:,}")
    numbers = 0
    stack: list[tuple[Any, int]] = [(doc, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ValueError(f"{name}: the file nests deeper than {MAX_DEPTH} levels")
        if isinstance(item, dict):
            stack += [(v, depth + 1) for v in item.values()]
        elif isinstance(item, list):
            if item and isinstance(item[0], (int, float)):
                numbers += len(item) > 1
                if numbers > MAX_VERTICES:
                    raise ValueError(_too_many(name))
            stack += [(v, depth + 1) for v in item if isinstance(v, (dict, list))]


Reproject = Callable[[np.ndarray], np.ndarray]  # an (n, 2) array of the file's coordinates to the units read


def crs_units(doc: dict, file: str = "GeoJSON") -> tuple[str | None, str, Reproject | None]:
    """The units the file's ``crs`` member names (None without one), the name it gives, and how
    its coordinates become those units. pyproj reads the name (an EPSG code, a URN, OGC:CRS84):
    a geographic system is brought to longitude and latitude on WGS 84 (whatever its datum, prime
    meridian or angle unit); a projected one stays on its grid, in metres. ValueError in one line
    for a name pyproj does not know or a system that is neither."""
    crs = doc.get("crs")
    props = crs.get("properties") if isinstance(crs, dict) else None
    name = props.get("name") if isinstance(props, dict) else None
    if isinstance(props, dict) and name is None and isinstance(props.get("code"), int):
        name = f"EPSG:{props['code']}"  # GeoJSON 2008's other form: {"type": "EPSG", "properties": {"code": 2154}}
    if not isinstance(name, str) or not name.strip():
        return None, "", None
    own = {v: k for k, v in WRITTEN.items()}
    if name in own:
        return own[name], name, None
    try:
        system = CRS.from_user_input(name)
    except CRSError:
        raise ValueError(f"{file}: the crs {name[:80]!r} is not a coordinate system pyproj knows (an EPSG code such as "
                         "EPSG:2154, a URN, or OGC:CRS84); correct it, or remove it and choose the units") from None
    if system.is_geographic:
        to_lonlat = Transformer.from_crs(system, "OGC:CRS84", always_xy=True)  # GeoJSON puts longitude first
        return "lonlat", name, lambda xy: np.column_stack(to_lonlat.transform(xy[:, 0], xy[:, 1]))
    if system.is_projected:
        factor = system.axis_info[0].unit_conversion_factor  # its unit in metres (a US survey foot: 0.3048006)
        return "metres", name, None if factor == 1 else (lambda xy: xy * factor)
    raise ValueError(f"{file}: the crs {name[:80]!r} is a {system.type_name}: neither longitude and latitude nor a "
                     "projected grid; choose the units")


def _features(doc: dict) -> list[dict]:
    return [doc] if doc.get("type") == "Feature" else [f for f in doc.get("features", []) if isinstance(f, dict)]


class Projection:
    """Coordinates in ``units`` (one of :data:`UNITS`) to table inches, and back."""

    def __init__(self, scale: GroundScale, origin: tuple[float, float], units: str = "lonlat"):
        if units not in UNITS:
            raise ValueError(f"units {units!r}: one of {', '.join(UNITS)}")
        self.scale, self.origin, self.units = scale, origin, units
        deg = math.pi / 180 * EARTH_RADIUS
        self.m_per_unit = (deg * math.cos(math.radians(origin[1])), deg) if units == "lonlat" else (1.0, 1.0)

    def to_table(self, p: Iterable[float]) -> list[float]:
        u, v = list(p)[:2]
        x, y = (u - self.origin[0]) * self.m_per_unit[0], (v - self.origin[1]) * self.m_per_unit[1]
        if self.units != "inches":
            x, y = self.scale.to_inches(x, "m"), self.scale.to_inches(y, "m")
        return [round(x, ROUND), round(y, ROUND)]

    def to_ground(self, p: Iterable[float]) -> list[float]:
        x, y = list(p)[:2]
        if self.units != "inches":
            x, y = self.scale.convert(x, "m"), self.scale.convert(y, "m")
        return [round(self.origin[0] + x / self.m_per_unit[0], 7), round(self.origin[1] + y / self.m_per_unit[1], 7)]


def import_terrain(source: str | os.PathLike[str] | dict, scale: GroundScale,
                   origin: tuple[float, float] | None = None, units: str = "auto",
                   margin: float = 0.0) -> Imported:
    """Terrain features from GeoJSON at ``scale``, its coordinates read in ``units`` ("auto" or one
    of :data:`UNITS`; see the module docstring). ``margin`` inches of open ground are left around
    the data."""
    doc = read(source)
    if units != "auto" and units not in UNITS:
        raise ValueError(f"units {units!r}: one of auto, {', '.join(UNITS)}")
    named, crs, reproject = crs_units(doc, _name(source)) if units == "auto" else (None, "", None)
    chosen = units if units != "auto" else named or "lonlat"
    feats = _features(doc)
    shapes = []
    out = Imported(units=chosen)
    for i, f in enumerate(feats, 1):
        props = f.get("properties") or {}
        if not isinstance(props, dict):
            out.report.append(f"feature {i}: its properties are not an object; left out")
            continue
        props = {k: v for k, v in props.items() if k not in _KINDS or isinstance(v, _KINDS[k])}
        label = str(props.get("name") or f"feature {i}")
        try:
            geom = shape(f.get("geometry"))
            if reproject is not None:
                geom = shapely.transform(geom, reproject)
        except Exception as exc:  # shapely (or pyproj) names what is wrong with the geometry
            out.report.append(f"{label}: geometry unreadable ({exc}); left out")
            continue
        ttype = props.get("type")
        if not isinstance(ttype, str) or ttype not in TERRAIN_TYPES:
            out.report.append(f"{label}: terrain type {ttype!r} is not one of the kit's; left out")
            continue
        shapes.append((props, label, geom))
    if not shapes:
        why = f" ({out.report[0]})" if out.report else ""
        raise ValueError(f"{_name(source)}: no terrain in it: each feature needs a 'type' property naming a terrain type{why}")
    minx, miny = (min(g.bounds[k] for _, _, g in shapes) for k in (0, 1))
    maxx, maxy = (max(g.bounds[k] for _, _, g in shapes) for k in (2, 3))
    read_as = f"read as {UNITS[chosen]}" + (f" (the file's crs: {crs})" if units == "auto" and named else "")
    if chosen == "lonlat" and not (-180 <= minx and maxx <= 180 and -90 <= miny and maxy <= 90):
        raise ValueError(f"{_name(source)}: the coordinates run to ({maxx:g}, {maxy:g}), beyond ±180°, ±90°: they are not longitude "
                         "and latitude; choose metres or table inches")
    if chosen == "inches" and min(minx, miny) < 0:
        raise ValueError(f"{_name(source)}: the coordinates reach ({minx:g}, {miny:g}): table inches start at 0, 0; "
                         "choose metres or longitude and latitude")
    origin = origin or ((0.0, 0.0) if chosen == "inches" else (minx, miny))
    proj = Projection(scale, origin, chosen)
    shift = margin
    out.origin = origin
    width = depth = 0.0
    for props, label, geom in shapes:
        parts = list(getattr(geom, "geoms", [geom]))
        for n, part in enumerate(parts, 1):
            name = props.get("name") if len(parts) == 1 else f"{label} ({n})"
            f: dict[str, Any] = {}
            if name:
                f["name"] = name
            f["type"] = props["type"]
            if props.get("variant"):
                f["variant"] = props["variant"]
            if props.get("height") is not None:
                f["height"] = props["height"]
            if part.geom_type == "Polygon":
                if part.interiors:
                    out.report.append(f"{label}: {len(part.interiors)} hole(s) dropped (an area is one outline)")
                pts = [proj.to_table(p) for p in list(part.exterior.coords)[:-1]]
                key = "polygon"
            elif part.geom_type == "LineString":
                pts = [proj.to_table(p) for p in part.coords]
                key = "line"
            else:
                out.report.append(f"{label}: a {part.geom_type} is not terrain (areas and lines only); left out")
                continue
            pts = [[round(x + shift, ROUND), round(y + shift, ROUND)] for x, y in pts]
            f[key] = pts
            if key == "line" and props.get("width_m"):
                f["width"] = max(0.05, round(scale.to_inches(float(props["width_m"]), "m"), ROUND))
            width = max(width, *(x for x, _ in pts))
            depth = max(depth, *(y for _, y in pts))
            out.features.append(f)
    low = [min(p[k] for f in out.features for p in f.get("polygon", f.get("line", []))) for k in (0, 1)]
    if max(width - low[0], depth - low[1]) < MIN_EXTENT:
        raise ValueError(f"{_name(source)}: {read_as}, the terrain spans {width - low[0]:.3f}\" x {depth - low[1]:.3f}\" "
                         f"at {scale.describe()}: no ground at all; name the file's crs, or choose other units")
    out.size = (math.ceil(width + margin), math.ceil(depth + margin))
    if max(out.size) > MAX_TABLE:
        raise ValueError(f"{_name(source)}: the ground needs a table of {out.size[0]:,}\" x {out.size[1]:,}\" at "
                         f"{scale.describe()}; the limit is {MAX_TABLE:,}\" a side")
    if margin:
        out.origin = proj.to_ground((-margin, -margin))
    out.report.insert(0, f"{len(out.features)} terrain features, {read_as}, at {scale.describe()}: "
                         f"the ground needs a table of {out.size[0]}\" x {out.size[1]}\"")
    return out


def export_terrain(scenario: Scenario, origin: tuple[float, float], units: str = "lonlat") -> dict:
    """The scenario's terrain as a GeoJSON FeatureCollection in ``units`` (one of :data:`UNITS`),
    the table's (0, 0) at ``origin``. Other units than longitude and latitude are named in a
    ``crs`` member, so the file reads back as written. Rectangles and circles become polygons;
    grid-edge terrain has no ground shape of its own and is left out."""
    from wgkit.facts.registry import find_ruleset

    scale = find_ruleset(scenario.ruleset).scale
    proj = Projection(scale, origin, units)
    out = []
    for f in scenario.terrain:
        if f.shape == "edges":
            continue
        geom = feature_geometry(f.as_mapping())
        props: dict[str, Any] = {"id": f.id, "type": f.type}
        for key in ("name", "variant", "height"):
            if getattr(f, key) is not None:
                props[key] = getattr(f, key)
        if f.shape == "line":
            if f.width is not None:
                props["width_m"] = round(scale.convert(f.width, "m"), 2)
            g = {"type": "LineString", "coordinates": [proj.to_ground(p) for p in geom.coords]}
        else:
            ring = list(Polygon(geom).exterior.coords)
            g = {"type": "Polygon", "coordinates": [[proj.to_ground(p) for p in ring]]}
        out.append({"type": "Feature", "properties": props, "geometry": g})
    doc: dict[str, Any] = {"type": "FeatureCollection", "name": scenario.title, "features": out}
    if units != "lonlat":
        doc["crs"] = {"type": "name", "properties": {"name": WRITTEN[units]}}
    return doc
