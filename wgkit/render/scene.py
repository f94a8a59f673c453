"""A scenario or game state as a :class:`~wgkit.render.shapes.Scene`: terrain, grid, the ruleset's
markers, pieces and their labels, objectives, the scale bar. Above the rules (it draws each
ruleset's markers); the shapes it is made of are :mod:`wgkit.render.shapes`'."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Callable, Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from wgkit.facts.common import NATION_COLOURS
from wgkit.facts.registry import find_ruleset
from wgkit.geometry.grids import grid_from_spec
from wgkit.geometry.shapes import footprint
from wgkit.geometry.zones import offset
from wgkit.render import style as S
from wgkit.render.colour import legible
from wgkit.render.shapes import Scene, Shape, geometry_shapes
from wgkit.rules.registry import get_ruleset
from wgkit.scenario.areas import area_geometry
from wgkit.scenario.model import Scenario
from wgkit.words import cell_name

def _texture(geom: BaseGeometry, type_: str, colour: str, seed: int) -> list[Shape]:
    """Tree canopies for woods and orchards, furrows for fields: a table, not a chart."""
    if type_ not in ("woods", "orchard", "fields"):
        return []
    rng = np.random.default_rng(seed)
    x0, y0, x1, y1 = geom.bounds
    if type_ == "fields":
        ys = np.arange(y0 + 0.4, y1, 0.8)
        lines = [geom.intersection(shapely.linestrings([[x0, y], [x1, y]])) for y in ys]
        return [s for ln in lines if not ln.is_empty for s in geometry_shapes(ln, fill=None, stroke=colour, width=0.03)]
    spacing = 1.2 if type_ == "woods" else 1.6
    xs, ys = np.meshgrid(np.arange(x0, x1, spacing), np.arange(y0, y1, spacing))
    pts = np.c_[xs.ravel(), ys.ravel()] + rng.uniform(-0.35, 0.35, (xs.size, 2))
    pts = pts[shapely.contains_xy(geom, pts[:, 0], pts[:, 1])]
    r = 0.45 if type_ == "woods" else 0.35
    return [Shape("circle", p.reshape(1, 2), colour, None, alpha=0.9, radius=r) for p in pts]


def build_scene(scenario: Scenario, state: dict[str, Any] | None = None,
                overlays: Iterable[Shape] = (), labels: bool = True, label_size: float | None = None,
                places: bool = True) -> Scene:
    """The table as drawn for ``state`` (a game state or a side's view; default: the start), its
    labels ``label_size`` inches high (default: :func:`piece_label_size`), the terrain features'
    names too unless ``places`` is False."""
    t = scenario.table
    scene = Scene(t.width, t.depth, title=scenario.title)
    missing: list[Shape] = []
    if scenario.background is not None:
        from wgkit.render.backdrop import load_backdrop

        try:
            scene.backdrop = load_backdrop(scenario)
        except ValueError as exc:  # the game goes on without the picture; the table says why
            missing.append(Shape("text", np.array([[t.width / 2, t.depth - 1]]), "#9b1c1c", text=str(exc)[-90:],
                                 size=0.5, tag="backdrop-missing"))
    ruleset = find_ruleset(scenario.ruleset)
    grid = grid_from_spec(t.grid.to_dict(), t.width, t.depth) if t.grid else None
    # -- terrain: hills first (lowest), then areas, then lines -------------------------------
    order = sorted(scenario.terrain, key=lambda f: (f.type != "hill", f.shape == "line", f.shape == "edges"))
    for i, f in enumerate(order):
        fill, edge, alpha = S.terrain_style(f.type, f.variant)
        if f.shape == "edges":
            if grid is None:
                continue
            for c, r, side in f.geometry:
                seg = grid.edge((c, r), side)
                scene.add("terrain", Shape("line", np.asarray(seg.coords), None, edge,
                                           0.35 if f.variant != "partial" else 0.2, 1.0, tag=f.id,
                                           dash=f.variant == "partial"))
            continue
        geom = footprint(f.as_mapping())
        if f.shape == "line":
            width = f.width or 0.5
            centre = shapely.linestrings(np.asarray(f.geometry, dtype=float))
            scene.add("terrain", Shape("line", np.asarray(centre.coords), None, fill if f.type == "road" else edge,
                                       width, alpha, tag=f.id, dash=f.type == "barbed_wire"))
            continue
        scene.layers["terrain"] += geometry_shapes(geom, fill=fill, stroke=edge, alpha=alpha, width=0.06, tag=f.id)
        if f.type == "hill":
            for level in range(1, int(f.height or 1)):
                inner = geom.buffer(-1.2 * level)
                scene.layers["terrain"] += geometry_shapes(inner, fill=None, stroke=edge, width=0.04, tag=f.id)
        scene.layers["terrain"] += _texture(geom, f.type, edge, seed=i)
    # -- grid ----------------------------------------------------------------------------------
    if grid is not None:
        fine = grid.columns * grid.rows > 150
        for cell in grid.cells():
            scene.add("grid", Shape("polygon", np.asarray(grid.corners(cell)), None, S.GRID, 0.03, 0.6))
            if fine and 0 not in cell:
                continue  # a fine grid is numbered along its edges only
            cx, cy = grid.center(cell)  # the cell's name, as the messages name it (C4)
            scene.add("grid", Shape("text", np.array([[cx, cy + grid.size * 0.36]]), S.GRID,
                                    text=cell_name(cell), size=min(0.45, grid.size * 0.14), tag="grid-label"))
    if state is not None:
        scene.layers["grid"] += get_ruleset(scenario.ruleset).markers(scenario, state)
    scene.layers["grid"] += missing  # not in the overlays, which a hover redraws alone
    # -- units ----------------------------------------------------------------------------------
    label_size = label_size or piece_label_size(scenario)
    pieces = state["pieces"] if state is not None else None
    styles = side_styles(scenario)
    stands: list[tuple[float, float]] = []  # where the pieces drawn stand: objective labels keep off them
    called = scenario.spoken_names()
    for side, unit, piece in scenario.pieces():
        live = pieces.get(piece.id) if pieces is not None else None
        if pieces is not None and live is None:
            continue  # not in this view: hidden from the side looking
        pos, cell = _where(piece, live)
        facing = live["facing"] if live else piece.facing
        alive = live["alive"] if live else True
        status = (live or {}).get("status", {}) if live else {}
        unit_status = (state or {}).get("units", {}).get(unit.id, {}).get("status", {}) if state else {}
        if cell is not None and grid is not None:
            pos = cell_slot(grid, tuple(cell), piece.id, scenario, state)
        if pos is None:
            continue
        stands.append((float(pos[0]), float(pos[1])))
        scene.layers["units"] += _piece_shapes(pos, facing, *styles[side.id], piece, unit, ruleset.pieces,
                                               alive, {**unit_status, **status}, label_size if labels else 0.0, called)
    objectives = _objectives(scenario, stands, label_size)
    scene.layers["terrain"] += objectives
    taken = [text_box(x) for x in objectives if x.kind == "text"]
    scene.layers["units"] = declutter(scene.layers["units"], label_size, (scenario.table.width, scenario.table.depth), taken)
    if labels and places:  # the features' names yield to the pieces' and the objectives' labels
        placed = taken + [text_box(x) for x in scene.layers["units"] if x.kind == "text"]
        scene.layers["terrain"] += feature_names(scenario, label_size, placed + list(body_boxes(scene.layers["units"]).values()))
    scene.layers["overlays"] = overlay_layer(scenario, overlays, label_size)
    return scene


LABEL_SIZE = 0.55  # inches, at least: about 10 px on the app's board, more when zoomed in


def piece_label_size(scenario: Scenario) -> float:
    """Label height in inches: about 10 px wherever the table fits the app."""
    return max(LABEL_SIZE, scenario.table.width / 88)


MIN_LABEL_PX = 14.0  # a label's height on screen at least, however small a page shows the table


def readable_label_size(scenario: Scenario, shown: float) -> float:
    """Label height in inches for a page that shows the table ``shown`` CSS pixels wide (0: not
    known): the scenario's own, or more where a label would stand under MIN_LABEL_PX there (a
    projector at 1280x720), at most a thirtieth of the table's width."""
    base, width = piece_label_size(scenario), scenario.table.width
    if shown <= 0:
        return base
    return max(base, min(MIN_LABEL_PX * width / shown, width / 30))


def hover_label(at: tuple[float, float], text: str, size: float) -> list[Shape]:
    """A piece's name on a white card just above it: what a hover shows, crowded or not."""
    w, h = 0.6 * size * len(text) + 0.4, size * 1.6
    x, y = at[0], at[1] + S.FIGURE_RADIUS + 0.25 + h / 2
    card = np.array([(x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x + w / 2, y + h / 2), (x - w / 2, y + h / 2)])
    return [Shape("polygon", card, "#ffffff", "#333333", 0.03, 0.92, tag="hover-label"),
            Shape("text", np.array([(x, y)]), S.TEXT, text=text, size=size, tag="hover-label")]


Box = tuple[float, float, float, float]  # left, bottom, right, top, in inches


def text_box(s: Shape) -> Box:
    """The room a text shape's words take around its point."""
    x, y = s.points[0]
    w = 0.55 * s.size * len(s.text) + 0.1
    return (x - w / 2, y - s.size / 2, x + w / 2, y + s.size / 2)


def overlaps(a: Box, b: Box) -> bool:
    """Whether two boxes share some area (touching edges do not)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def first_free(text: Shape, spots: Iterable[tuple[float, float]], free: Callable[[Box], bool]) -> Shape | None:
    """``text`` moved to the first of ``spots`` where the room its words take is ``free``, else None."""
    for spot in spots:
        moved = replace(text, points=np.array([spot]))
        if free(text_box(moved)):
            return moved
    return None


def body_boxes(shapes: Iterable[Shape]) -> dict[str, Box]:
    """The room each piece's body takes (its figure's circle or its stand's polygon), by its tag."""
    out: dict[str, Box] = {}
    for s in shapes:
        if s.kind == "circle" and s.fill is not None and s.radius >= S.FIGURE_RADIUS and s.tag not in out:
            (x, y), r = s.points[0], s.radius
            out[s.tag] = (x - r, y - r, x + r, y + r)
        elif s.kind == "polygon" and s.tag not in out:
            (left, bottom), (right, top) = s.points.min(axis=0), s.points.max(axis=0)
            out[s.tag] = (float(left), float(bottom), float(right), float(top))
    return out


def declutter(shapes: list[Shape], size: float = LABEL_SIZE,
              table: tuple[float, float] | None = None, taken: Iterable[Box] = ()) -> list[Shape]:
    """Place each piece label beside its piece's body (below, above, right, left, then at the four
    corners), at the first place that overlaps no label already placed, no piece's body and no
    ``taken`` box (the objectives' labels), and stays on the ``table`` (width, depth; a label above
    or below slides in from the side edges); a label with no free place is left off (hovering the
    piece names it). Boxes are bucketed by a coarse grid so each test looks only at its neighbours."""
    cell = 2.0  # inches per bucket

    def keys(box: Box) -> list[tuple[int, int]]:
        return [(i, j) for i in range(int(box[0] // cell), int(box[2] // cell) + 1)
                for j in range(int(box[1] // cell), int(box[3] // cell) + 1)]

    bodies = body_boxes(shapes)
    buckets: dict[tuple[int, int], list[Box]] = {}
    for box in [*taken, *bodies.values()]:
        for k in keys(box):
            buckets.setdefault(k, []).append(box)
    out: list[Shape] = []
    gap = 0.1
    for s in shapes:
        if s.kind != "text" or s.size != size:
            out.append(s)
            continue
        x, y = s.points[0]
        y += S.FIGURE_RADIUS + 0.45  # back to the piece's centre
        body = bodies.get(s.tag, (x - S.FIGURE_RADIUS, y - S.FIGURE_RADIUS, x + S.FIGURE_RADIUS, y + S.FIGURE_RADIUS))
        left, bottom, right, top = text_box(s)
        w = right - left
        inside = (lambda cx: min(max(cx, w / 2), table[0] - w / 2)) if table and w < table[0] else (lambda cx: cx)
        below, above = body[1] - gap - size / 2, body[3] + gap + size / 2
        east, west = body[2] + gap + w / 2, body[0] - gap - w / 2

        def free(box: Box) -> bool:
            if table and (box[0] < 0 or box[1] < 0 or box[2] > table[0] or box[3] > table[1]):
                return False
            return not any(overlaps(box, b) for k in keys(box) for b in buckets.get(k, ()))

        placed = first_free(s, ((inside(x), below), (inside(x), above), (east, y), (west, y),
                                (east, below), (west, below), (east, above), (west, above)), free)
        if placed is not None:
            box = text_box(placed)
            for k in keys(box):
                buckets.setdefault(k, []).append(box)
            out.append(placed)
    return out


def feature_names(scenario: Scenario, size: float, taken: list[Box]) -> list[Shape]:
    """Each named terrain feature's name (the Mill, Long hedge) on the table: inside an area, else
    just above or below it; along a line, beside its middle. A name goes where it overlaps no box
    of ``taken`` (pieces, their labels, objectives) and no name already placed, or is left off."""
    out: list[Shape] = []
    boxes = list(taken)
    for f in scenario.terrain:
        if not f.name or f.shape == "edges":
            continue
        geom = footprint(f.as_mapping())
        left, bottom, right, top = geom.bounds
        middle = (left + right) / 2
        if f.shape == "line":
            mid = shapely.linestrings(np.asarray(f.geometry, dtype=float)).interpolate(0.5, normalized=True)
            reach = (f.width or 0.5) / 2 + size * 0.7
            spots = [(mid.x, mid.y + reach), (mid.x, mid.y - reach)]
        else:
            spots = [geom.representative_point().coords[0], (middle, top + size * 0.7), (middle, bottom - size * 0.7)]
        name = Shape("text", np.array([spots[0]]), S.FEATURE_TEXT, text=f.name, size=size, tag=f"name:{f.id}",
                     italic=True)
        placed = first_free(name, spots, lambda box: box[0] >= 0 and box[1] >= 0 and box[2] <= scenario.table.width
                            and box[3] <= scenario.table.depth and not any(overlaps(box, b) for b in boxes))
        if placed is not None:
            boxes.append(text_box(placed))
            out.append(placed)
    return out


def grounds(scenario: Scenario) -> list[str]:
    """The colours a piece may stand on: the table and its area terrain (not hedges or edges)."""
    areas = {S.terrain_style(f.type, f.variant)[0] for f in scenario.terrain
             if f.shape != "edges" and (f.shape != "line" or (f.width or 0) >= 1)}
    return [S.TABLE, *sorted(areas)]


def side_styles(scenario: Scenario) -> dict[str, tuple[str, tuple[str, float]]]:
    """Each side's fill colour and outline (colour, width). The fill is the scenario's colour (else
    its nation's, else a default) while it stays legible against the ground and the other sides, including to
    red-green colour-blind eyes; otherwise a colour-blind-safe one (:mod:`wgkit.render.colour`)."""
    asked = [s.colour or NATION_COLOURS.get(s.nationality or "") or S.SIDE_DEFAULTS[i % len(S.SIDE_DEFAULTS)]
             for i, s in enumerate(scenario.sides)]
    fills = legible(asked, grounds(scenario))
    return {s.id: (fills[i], S.SIDE_OUTLINES[i % len(S.SIDE_OUTLINES)]) for i, s in enumerate(scenario.sides)}


def _objectives(scenario: Scenario, stands: Sequence[tuple[float, float]] = (), size: float = LABEL_SIZE) -> list[Shape]:
    """The areas victory conditions name, outlined and numbered as the briefing numbers them; a
    label goes inside its area unless a piece of ``stands`` is under it, then just above the area
    or below it (where none is)."""
    areas: dict[str, tuple[Any, list[int]]] = {}  # one outline for the conditions sharing an area
    for i, c in enumerate(scenario.conditions, 1):
        if c.kind in ("hold", "contest", "deny"):
            areas.setdefault(repr(c.target), (c.target, []))[1].append(i)
    out: list[Shape] = []
    for target, numbers in areas.values():
        geom = area_geometry(scenario, target)
        out += geometry_shapes(geom, fill=None, stroke=S.OBJECTIVE, width=0.12, tag="objective", dash=True)
        label = f"objective{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}"
        text = Shape("text", np.array([geom.representative_point().coords[0]]), S.OBJECTIVE_TEXT, text=label,
                     size=size, tag="objective")
        left, bottom, right, top = geom.bounds
        middle = (left + right) / 2
        r = S.FIGURE_RADIUS
        out.append(first_free(text, (text.points[0], (middle, top + size), (middle, bottom - size)),
                              lambda box: box[1] >= 0 and box[3] <= scenario.table.depth
                              and not any(overlaps(box, (x - r, y - r, x + r, y + r)) for x, y in stands)) or text)
    return out


def overlay_layer(scenario: Scenario, overlays: Iterable[Shape] = (), label_size: float = LABEL_SIZE) -> list[Shape]:
    """The top layer alone (scale bar and overlays): what a hover redraws. The scale bar's words,
    and any overlay's (a zone's name, the ruler's reading), stand at least as high as the labels
    less a fifth."""
    least = label_size * 0.8
    return _scale_bar(scenario, find_ruleset(scenario.ruleset), least) + \
        [replace(s, size=max(s.size, least)) if s.kind == "text" else s for s in overlays]


def piece_points(scenario: Scenario, state: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Every live piece's drawn position in inches, for pieces placed by point or by grid cell."""
    grid = grid_from_spec(scenario.table.grid.to_dict(), scenario.table.width, scenario.table.depth) \
        if scenario.table.grid is not None else None
    out = {}
    for pid, p in state["pieces"].items():
        if not p["alive"]:
            continue
        if p.get("position") is not None:
            out[pid] = (float(p["position"][0]), float(p["position"][1]))
        elif p.get("cell") is not None and grid is not None:
            out[pid] = cell_slot(grid, tuple(p["cell"]), pid, scenario, state)
    return out


def _where(piece, live) -> tuple[Sequence[float] | None, Sequence[int] | None]:
    if live is not None:
        return live.get("position"), live.get("cell")
    return piece.position, piece.cell


def cell_slot(grid, cell, piece_id: str, scenario: Scenario, state: dict[str, Any] | None = None) -> tuple[float, float]:
    """Where a piece on a grid is drawn: the (up to three) pieces sharing a cell side by side."""
    if state is not None:
        sharing = sorted(pid for pid, p in state["pieces"].items()
                         if p.get("cell") is not None and tuple(p["cell"]) == cell and p["alive"])
    else:
        sharing = sorted(p.id for _, _, p in scenario.pieces() if p.cell == cell)
    k = sharing.index(piece_id) if piece_id in sharing else 0
    cx, cy = grid.center(cell)
    step = grid.size * 0.3
    return (cx + (k - (len(sharing) - 1) / 2) * step, cy)


def _piece_shapes(pos, facing: float, colour: str, outline: tuple[str, float], piece, unit, kind: str, alive: bool,
                  status: dict, label_size: float, called: dict[str, str]) -> list[Shape]:
    x, y = float(pos[0]), float(pos[1])
    out: list[Shape] = []
    leader = piece.role in ("leader", "officer") or unit.kind in ("officer", "leader", "platoon_leader",
                                                                   "company_commander", "hq")
    if kind == "figures":
        out.append(Shape("circle", np.array([[x, y]]), colour, outline[0], outline[1], 1.0 if alive else 0.35,
                         radius=S.FIGURE_RADIUS, tag=piece.id))
        tip = offset((x, y), facing, S.FIGURE_RADIUS * 1.9)
    else:
        w, d = S.VEHICLE_SIZE if unit.kind in S.VEHICLE_KINDS else S.STAND_SIZE
        corners = [(-w / 2, -d / 2), (w / 2, -d / 2), (w / 2, d / 2), (-w / 2, d / 2)]
        rad = math.radians(-facing)
        pts = [(x + cx * math.cos(rad) - cy * math.sin(rad), y + cx * math.sin(rad) + cy * math.cos(rad))
               for cx, cy in corners]
        out.append(Shape("polygon", np.array(pts), colour, outline[0], outline[1], 1.0 if alive else 0.35, tag=piece.id))
        tip = offset((x, y), facing, d * 1.1)
    out.append(Shape("line", np.array([[x, y], tip]), None, "#111111", 0.06, 1.0, tag=piece.id))
    if leader:
        out.append(Shape("circle", np.array([[x, y]]), None, S.LEADER, 0.07, 1.0,
                         radius=S.FIGURE_RADIUS * 1.45, tag=piece.id))
    shown = [name for name, on in sorted(status.items()) if on is True and name in S.STATUS]
    shown += [on for _, on in sorted(status.items()) if isinstance(on, str) and on in S.STATUS]  # e.g. order: pinned
    for i, name in enumerate(shown):
        out.append(Shape("circle", np.array([[x + 0.45 + 0.3 * i, y + 0.45]]), S.STATUS[name], "#111111",
                         0.02, 1.0, radius=0.14, tag=piece.id, text=name))
    if not alive:
        a, b = S.FIGURE_RADIUS, -S.FIGURE_RADIUS
        out += [Shape("line", np.array([[x + b, y + b], [x + a, y + a]]), None, "#8b0000", 0.08, tag=piece.id),
                Shape("line", np.array([[x + b, y + a], [x + a, y + b]]), None, "#8b0000", 0.08, tag=piece.id)]
    name = piece_label(piece, unit, called)
    if label_size and name:
        out.append(Shape("text", np.array([[x, y - S.FIGURE_RADIUS - 0.45]]), S.TEXT, text=name,
                         size=label_size, tag=piece.id))
    return out


def piece_label(piece, unit, called: dict[str, str]) -> str:  # type: ignore[no-untyped-def]
    """The words under a piece: its own name; else, for the unit's leader (or its first piece),
    the unit's name as ``called`` (:meth:`Scenario.spoken_names`) gives it, written once for the
    unit (hovering any piece names it)."""
    if piece.name:
        return piece.name
    pieces = unit.pieces
    first = unit.leader if unit.leader in [p.id for p in pieces] else (pieces[0].id if pieces else None)
    return called.get(unit.id, unit.id) if piece.id == first else ""


def _scale_bar(scenario: Scenario, ruleset, size: float) -> list[Shape]:
    length = 6.0 if scenario.table.width >= 24 else 3.0
    x0, y0 = 1.0, 0.8
    label = f'{length:g}" = {ruleset.scale.to_ground(length):g} {ruleset.scale.unit}'
    if ruleset.scale_note:
        label += " (house scale)" if ruleset.scale_note.startswith("house") else " (derived)"
    words = Shape("text", np.array([[x0 + length / 2, y0 + size]]), S.TEXT, text=label, size=size)
    words.points[0, 0] += max(0.0, x0 - text_box(words)[0])  # words wider than the bar start where it does
    right = max(x0 + length, text_box(words)[2])
    top = y0 + 1.6 * size + 0.3
    return [Shape("polygon", np.array([[x0 - 0.3, y0 - 0.5], [right + 0.3, y0 - 0.5], [right + 0.3, top], [x0 - 0.3, top]]),
                  "#ffffff", None, alpha=0.7),
            Shape("line", np.array([[x0, y0], [x0 + length, y0]]), None, "#111111", 0.12), words]
