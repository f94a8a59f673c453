"""A scenario being written: a plain document changed by named edits, each of which can be undone.

The editor widget and notebooks script the same object (``draft.add_area("woods", polygon)``),
so nothing needs a click. A draft may be invalid while it is drawn: :meth:`Draft.problems` gives
the validator's one-line errors, :meth:`Draft.save` writes it anyway (atomically) so no work is
lost, and :attr:`Draft.scenario` gives the finished :class:`Scenario` once it is valid.
"""

from __future__ import annotations

import copy
import math
import re
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Sequence

from wgkit.geometry.grids import grid_from_spec
from wgkit.facts.common import NATION_COLOURS, PEOPLES
from wgkit.facts.registry import RULESETS, find_ruleset
from wgkit.scenario.errors import Problem, ScenarioError
from wgkit.scenario.io import atomic_write, dumps_document
from wgkit.scenario.model import CONDITION_KINDS, Scenario
from wgkit.scenario.reader import parse, read_text
from wgkit.scenario.templates import Template
from wgkit.geometry.shapes import feature_geometry
from wgkit.scenario.validate import MAX_PIECES, problems

Point = tuple[float, float]
SIDE_COLOURS = ("#4b5d2f", "#6e7b8b")
PLACEHOLDER_NAMES = ("Attacker", "Defender")  # a new scenario's sides, until the designer names them
LEADER_KINDS = ("officer", "leader", "platoon_leader", "hq", "company_commander")
# Unit kinds that play the same part in different rulesets, in order of preference: a ruleset
# switch gives a unit the first kind of its family the new ruleset knows (a kind in no family, or
# a family the ruleset lacks, stays and is listed as a problem for the designer to choose).
KIND_FAMILIES = (LEADER_KINDS,
                 ("squad", "rifle_squad", "section", "infantry", "smg_squad"),
                 ("engineer", "engineer_squad"),
                 ("weapon_team", "mg_team", "mg", "mmg", "hmg"),
                 ("mortar_team", "mortar", "light_mortar", "heavy_mortar"),
                 ("at_gun", "gun", "artillery"),
                 ("vehicle", "tank", "tank_destroyer", "armoured_car", "halftrack", "truck"),
                 ("recon", "scout"))
EDGE_MARGIN = 0.5  # inches from the edge where a piece left off a shrunk table is put back
FIGURE_SPACING = 1.0  # inches between the figures of a new unit, side by side
HISTORY = 200  # edits kept for undo


def blank(ruleset: str = "close_action", width: float = 48, depth: float = 36) -> dict[str, Any]:
    """A new scenario document: the table, and two sides each led by one figure or stand."""
    r = RULESETS[ruleset]
    table: dict[str, Any] = {"width": width, "depth": depth}
    if r.grid == "required":
        table["grid"] = {"type": "square", "size": 6}
    kind = next((k for k in LEADER_KINDS if k in r.unit_kinds), sorted(r.unit_kinds)[0])

    def side(sid: str, name: str, colour: str, role: str, y: float, facing: float) -> dict[str, Any]:
        piece = {"id": f"{sid}_leader", "position": [width / 2, y], "facing": facing}
        return {"id": sid, "name": name, "colour": colour, "role": role,
                "units": [{"id": f"{sid}_hq", "kind": kind, r.pieces: [piece]}]}

    return {"title": "New scenario", "ruleset": ruleset, "table": table, "terrain": [],
            "sides": [side("blue", PLACEHOLDER_NAMES[0], SIDE_COLOURS[0], "attacker", 2.0, 0),
                      side("red", PLACEHOLDER_NAMES[1], SIDE_COLOURS[1], "defender", depth - 2.0, 180)]}


def _sight(effect: Any) -> str:
    return "blocks sight" if effect.blocks_los else "open to sight"


def _r(v: float, nd: int = 3) -> float:
    out = round(float(v), nd)
    return int(out) if out.is_integer() else out


def _pt(p: Sequence[float]) -> list[float]:
    return [_r(p[0]), _r(p[1])]


class Draft:
    """A scenario document with named, undoable edits (see the module docstring)."""

    def __init__(self, doc: Scenario | dict[str, Any] | None = None, path: str | os.PathLike[str] | None = None):
        self.data: dict[str, Any] = (doc.to_dict() if isinstance(doc, Scenario) else copy.deepcopy(doc)) or blank()
        self.data.setdefault("terrain", [])
        self.path = Path(path) if path is not None else None
        self._undo: list[tuple[str, dict]] = []
        self._redo: list[tuple[str, dict]] = []
        self.saved_as: dict[str, Any] | None = copy.deepcopy(self.data) if path is not None and Path(path).exists() else None
        self.geo_origin: tuple[float, float] | None = None  # where the last GeoJSON import put the table's corner
        self.geo_units = "metres"  # ... and in what units (exports without an import: metres from 0, 0)

    # -- files ---------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | os.PathLike[str], save_to: str | os.PathLike[str] | None = None) -> "Draft":
        """A draft of a scenario file, kept as written even when it has problems to fix. Only a
        file that is not YAML at all (or not a mapping) is refused, with its one-line error.
        With ``save_to`` the draft is a copy that Save writes there (a bundled scenario's)."""
        name = str(path)
        try:
            raw = Path(path).read_bytes()
        except OSError as exc:
            raise ScenarioError.one(name, f"cannot read file: {exc.strerror}") from None
        doc = parse(read_text(raw, name), name)
        if not isinstance(doc.data, dict):
            raise ScenarioError.one(name, "a scenario must be a mapping of fields")
        if save_to is not None and Path(save_to) != Path(path):
            return cls(doc.data, save_to)
        return cls(doc.data, path)

    def save(self, path: str | os.PathLike[str] | None = None) -> list[str]:
        """Write the draft to ``path`` (Save As) or to the file it came from, atomically, valid
        or not; return the problems it still has (empty when the scenario is finished)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("give a file name to save to (this draft has none yet)")
        atomic_write(target, self.to_yaml())
        self.path, self.saved_as = target, copy.deepcopy(self.data)
        return self.problems()

    @property
    def unsaved(self) -> bool:
        return self.data != self.saved_as

    def to_yaml(self) -> str:
        return dumps_document(self.data)

    # -- checks ------------------------------------------------------------------------------------
    def problem_list(self) -> list[Problem]:
        """The validator's problems, pinned to the lines and columns of the text :meth:`save` writes."""
        return problems(parse(self.to_yaml(), str(self.path or "draft.yaml")))

    def problems(self) -> list[str]:
        """The validator's one-line errors (see :meth:`problem_list`)."""
        return [str(p) for p in self.problem_list()]

    def spots(self, found: list[Problem] | None = None) -> list[tuple[Point, str]]:
        """Where on the table each problem lies, to mark it on the board: every piece of a unit
        named in a problem's path (or the one piece named), a terrain feature's middle; problems
        of the whole scenario have no place. Points are kept on the table."""
        t = self.data["table"]
        g = self.grid()
        out: list[tuple[Point, str]] = []
        for p in self.problem_list() if found is None else found:
            m = re.match(r"sides\[(\d+)\]\.units\[(\d+)\](?:\.(?:figures|stands)\[(\d+)\])?|terrain\[(\d+)\]", p.path)
            if not m:
                continue
            try:
                if m.group(4) is not None:
                    where = [feature_geometry(self.data["terrain"][int(m.group(4))]).representative_point().coords[0]]
                else:
                    pieces = self.pieces_of(self.data["sides"][int(m.group(1))]["units"][int(m.group(2))])
                    if m.group(3) is not None:
                        pieces = [pieces[int(m.group(3))]]
                    where = [g.center(tuple(x["cell"])) if "cell" in x and g is not None else x["position"]
                             for x in pieces if "cell" in x or "position" in x]
            except (IndexError, KeyError, TypeError, ValueError):
                continue  # the path names something the problem itself says is malformed
            for x, y in where:
                out.append(((min(max(float(x), 0.0), t["width"]), min(max(float(y), 0.0), t["depth"])), p.message))
        return out

    @property
    def scenario(self) -> Scenario:
        """The finished scenario; raises ``ValueError`` listing the problems while there are any."""
        found = self.problems()
        if found:
            raise ValueError("the scenario is not valid yet:\n" + "\n".join(found))
        return Scenario.from_dict(copy.deepcopy(self.data)).with_(folder=str(self.folder))

    @property
    def folder(self) -> Path:
        """Where the draft's file is (its pictures sit beside it); the working folder before a first save."""
        return (self.path.parent if self.path is not None else Path.cwd()).resolve()

    # -- history -----------------------------------------------------------------------------------
    @contextmanager
    def edit(self, label: str) -> Iterator[dict[str, Any]]:
        """Change the document inside a ``with`` block; an error inside leaves it as it was."""
        before = copy.deepcopy(self.data)
        try:
            yield self.data
        except BaseException:
            self.data = before
            raise
        if self.data != before:
            self._undo = (self._undo + [(label, before)])[-HISTORY:]
            self._redo = []

    def undo(self) -> str:
        """Take back the latest edit; returns its label."""
        if not self._undo:
            raise ValueError("nothing to undo")
        label, before = self._undo.pop()
        self._redo.append((label, self.data))
        self.data = before
        return label

    def redo(self) -> str:
        if not self._redo:
            raise ValueError("nothing to redo")
        label, after = self._redo.pop()
        self._undo.append((label, self.data))
        self.data = after
        return label

    @property
    def history(self) -> list[str]:
        """The labels of the edits that can be undone, oldest first."""
        return [label for label, _ in self._undo]

    @property
    def redoable(self) -> list[str]:
        """The labels of the undone edits that can be redone, the next one last."""
        return [label for label, _ in self._redo]

    # -- lookups -----------------------------------------------------------------------------------
    @property
    def ruleset(self):
        return find_ruleset(self.data["ruleset"])

    def ids(self) -> set[str]:
        out = {f["id"] for f in self.data["terrain"]}
        for s in self.data["sides"]:
            out.add(s["id"])
            for u in s["units"]:
                out.add(u["id"])
                out.update(p["id"] for p in self.pieces_of(u))
        return out

    def new_id(self, stem: str) -> str:
        used, n = self.ids(), 1
        while f"{stem}{n}" in used:
            n += 1
        return f"{stem}{n}"

    @staticmethod
    def pieces_of(unit: dict) -> list[dict]:
        return unit.get("figures", unit.get("stands", []))

    def side(self, side_id: str) -> dict:
        for s in self.data["sides"]:
            if s["id"] == side_id:
                return s
        raise KeyError(f"no side {side_id!r}")

    def unit(self, unit_id: str) -> dict:
        for s in self.data["sides"]:
            for u in s["units"]:
                if u["id"] == unit_id:
                    return u
        raise KeyError(f"no unit {unit_id!r}")

    def feature(self, feature_id: str) -> dict:
        for f in self.data["terrain"]:
            if f["id"] == feature_id:
                return f
        raise KeyError(f"no terrain feature {feature_id!r}")

    def piece(self, piece_id: str) -> dict:
        for s in self.data["sides"]:
            for u in s["units"]:
                for p in self.pieces_of(u):
                    if p["id"] == piece_id:
                        return p
        raise KeyError(f"no piece {piece_id!r}")

    def grid(self):
        t = self.data["table"]
        g = t.get("grid")
        return grid_from_spec(g, t["width"], t["depth"]) if isinstance(g, dict) else None

    # -- the scenario's own fields -------------------------------------------------------------
    def set(self, **fields: Any) -> None:
        """Set title, description, seed or turns (None removes an optional field)."""
        allowed = {"title", "description", "seed", "turns"}
        unknown = set(fields) - allowed
        if unknown:
            raise ValueError(f"unknown field {sorted(unknown)[0]!r} (allowed: {', '.join(sorted(allowed))})")
        with self.edit("set " + ", ".join(fields)) as d:
            for key, value in fields.items():
                if value is None or value == "":
                    d.pop(key, None)
                else:
                    d[key] = value

    def set_table(self, width: float | None = None, depth: float | None = None,
                  grid: dict[str, Any] | None | bool = False) -> list[str]:
        """Table size in inches; ``grid`` a grid spec, None to remove it (``False``: unchanged).
        Pieces a smaller table would leave off it are put back on, at the nearest point
        :data:`EDGE_MARGIN` inside (or the nearest cell); returns what was moved."""
        with self.edit("set the table") as d:
            t = d["table"]
            if width is not None:
                t["width"] = width
            if depth is not None:
                t["depth"] = depth
            if grid is None:
                self._ungrid()
            elif grid is not False:
                t["grid"] = dict(grid)
            return self._keep_on_table()

    def _keep_on_table(self) -> list[str]:
        t, g = self.data["table"], self.grid()
        moved = []
        for s in self.data["sides"]:
            for u in s["units"]:
                for p in self.pieces_of(u):
                    if "cell" in p and g is not None and not g.contains_cell(tuple(p["cell"])):
                        c, r = p["cell"]
                        p["cell"] = [min(max(c, 0), g.columns - 1), min(max(r, 0), g.rows - 1)]
                        moved.append(f"{p.get('name') or p['id']} moved onto the table, to cell {p['cell']}")
                    elif "position" in p:
                        x, y = p["position"]
                        inside = [_r(min(max(x, EDGE_MARGIN), t["width"] - EDGE_MARGIN)),
                                  _r(min(max(y, EDGE_MARGIN), t["depth"] - EDGE_MARGIN))]
                        if not (0 <= x <= t["width"] and 0 <= y <= t["depth"]):  # the edge is on the table
                            p["position"] = inside
                            moved.append(f"{p.get('name') or p['id']} moved onto the table, to ({inside[0]:g}, {inside[1]:g})")
        return moved

    def _ungrid(self) -> None:
        """Drop the grid, putting gridded pieces at their cells' centres."""
        g = self.grid()
        self.data["table"].pop("grid", None)
        for s in self.data["sides"]:
            for u in s["units"]:
                for p in self.pieces_of(u):
                    if "cell" in p and g is not None:
                        p["position"] = _pt(g.center(tuple(p.pop("cell"))))

    def set_ruleset(self, ruleset: str) -> list[str]:
        """Play the draft under another ruleset: its pieces are named as that ruleset names them
        (figures or stands), a grid is added or removed as it needs, and each unit's kind becomes
        its counterpart there (:data:`KIND_FAMILIES`); returns the kinds changed, then the problems
        the switch made (kinds without a counterpart, weapons, qualities), for the designer to fix."""
        r = find_ruleset(ruleset)
        before = set(self.problems())
        mapped = []
        with self.edit(f"switch to {r.name}") as d:
            d["ruleset"] = r.id
            if r.grid == "required" and "grid" not in d["table"]:
                d["table"]["grid"] = {"type": "square", "size": 6}
            elif r.grid == "none" and "grid" in d["table"]:
                self._ungrid()
            for s in d["sides"]:
                for u in s["units"]:
                    key = "figures" if "figures" in u else "stands"
                    if key != r.pieces:
                        u[r.pieces] = u.pop(key)
                    kind = u.get("kind")
                    if kind not in r.unit_kinds:
                        family = next((f for f in KIND_FAMILIES if kind in f), ())
                        new = next((k for k in family if k in r.unit_kinds), None)
                        if new:
                            u["kind"] = new
                            mapped.append(f"{u.get('name') or u['id']}: {kind} becomes {new}")
        return mapped + [p for p in self.problems() if p not in before]

    def set_side(self, side_id: str, **fields: Any) -> None:
        """A side's name, colour, role or nationality (None removes the optional ones)."""
        allowed = {"name", "colour", "role", "nationality"}
        unknown = set(fields) - allowed
        if unknown:
            raise ValueError(f"unknown side field {sorted(unknown)[0]!r} (allowed: {', '.join(sorted(allowed))})")
        with self.edit(f"edit side {side_id}"):
            s = self.side(side_id)
            for key, value in fields.items():
                if value is None or value == "":
                    s.pop(key, None)
                else:
                    s[key] = value

    # -- terrain ------------------------------------------------------------------------------------
    def add_area(self, type: str, polygon: Sequence[Point] | None = None, *, rectangle: dict | None = None,
                 circle: dict | None = None, name: str | None = None, variant: str | None = None,
                 height: float | None = None) -> str:
        """Add an area feature (woods, buildings, a hill ...) as a polygon, rectangle or circle;
        returns its id. A hill without a height gets one level."""
        shapes = {"polygon": polygon, "rectangle": rectangle, "circle": circle}
        given = [k for k, v in shapes.items() if v is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of polygon, rectangle, circle")
        shape = given[0]
        value: Any = [_pt(p) for p in polygon] if shape == "polygon" else dict(shapes[shape])  # type: ignore[union-attr]
        if shape == "circle":
            value = {"center": _pt(value["center"]), "radius": _r(value["radius"])}
        elif shape == "rectangle":
            value = {"center": _pt(value["center"]), "size": _pt(value["size"]),
                     **({"rotation": value["rotation"]} if value.get("rotation") else {})}
        return self._add_feature(type, shape, value, name, variant, height if height is not None else
                                 (1 if type == "hill" else None), None)

    def add_line(self, type: str, points: Sequence[Point], width: float | None = None, *,
                 name: str | None = None, variant: str | None = None) -> str:
        """Add a line feature (road, hedge, wall, stream ...); returns its id."""
        return self._add_feature(type, "line", [_pt(p) for p in points], name, variant, None, width)

    def _add_feature(self, type: str, shape: str, value: Any, name, variant, height, width) -> str:
        fid = self.new_id(type.replace("_", ""))
        f: dict[str, Any] = {"id": fid}
        if name:
            f["name"] = name
        f["type"] = type
        if variant:
            f["variant"] = variant
        if height is not None:
            f["height"] = height
        f[shape] = value
        if width is not None:
            f["width"] = width
        with self.edit(f"add {type} {fid}") as d:
            d["terrain"].append(f)
        return fid

    def set_feature(self, feature_id: str, **fields: Any) -> None:
        """Change a feature's name, type, variant, height or width (None removes one). A new type
        drops a variant that belonged to the old one."""
        with self.edit(f"edit {feature_id}"):
            f = self.feature(feature_id)
            if "type" in fields and fields["type"] != f["type"] and "variant" not in fields:
                f.pop("variant", None)
            for key, value in fields.items():
                if key not in ("name", "type", "variant", "height", "width"):
                    raise ValueError(f"unknown terrain field {key!r}")
                if value is None or value == "":
                    f.pop(key, None)
                else:
                    f[key] = value
            if f["type"] == "hill":
                f.setdefault("height", 1)
            elif "height" in f and "height" not in fields:
                f.pop("height")

    def reshape(self, feature_id: str, **shape: Any) -> None:
        """Give a feature a new shape: one of ``polygon=``, ``line=``, ``rectangle=``, ``circle=``."""
        if len(shape) != 1 or next(iter(shape)) not in ("polygon", "line", "rectangle", "circle"):
            raise ValueError("give exactly one of polygon, line, rectangle, circle")
        (key, value), = shape.items()
        with self.edit(f"reshape {feature_id}"):
            f = self.feature(feature_id)
            for k in ("polygon", "line", "rectangle", "circle", "edges"):
                f.pop(k, None)
            f[key] = [_pt(p) for p in value] if key in ("polygon", "line") else copy.deepcopy(value)

    def move(self, ident: str, dx: float, dy: float) -> None:
        """Shift a feature, a piece, or every piece of a unit by (dx, dy) inches (gridded pieces by
        whole cells, to the cell under the moved centre)."""
        with self.edit(f"move {ident}"):
            if any(f["id"] == ident for f in self.data["terrain"]):
                f = self.feature(ident)
                for key in ("polygon", "line"):
                    if key in f:
                        f[key] = [_pt((x + dx, y + dy)) for x, y in f[key]]
                for key in ("rectangle", "circle"):
                    if key in f:
                        c = f[key]["center"]
                        f[key]["center"] = _pt((c[0] + dx, c[1] + dy))
                return
            try:
                pieces = self.pieces_of(self.unit(ident))
            except KeyError:
                pieces = [self.piece(ident)]
            g = self.grid()
            for p in pieces:
                if "position" in p:
                    p["position"] = _pt((p["position"][0] + dx, p["position"][1] + dy))
                elif "cell" in p and g is not None:
                    x, y = g.center(tuple(p["cell"]))
                    cell = g.cell_of(x + dx, y + dy)
                    if cell is None:
                        raise ValueError(f"{p['id']} would leave the grid")
                    p["cell"] = list(cell)

    def place(self, piece_id: str, at: Point, facing: float | None = None) -> None:
        """Put a piece at a point (on a gridded table: in the cell under it)."""
        with self.edit(f"place {piece_id}"):
            p = self.piece(piece_id)
            g = self.grid()
            if "cell" in p and g is not None:
                cell = g.cell_of(*at)
                if cell is None:
                    raise ValueError(f"({at[0]:g}, {at[1]:g}) is off the grid")
                p["cell"] = list(cell)
            else:
                p["position"] = _pt(at)
            if facing is not None:
                p["facing"] = facing % 360

    def delete(self, ident: str) -> None:
        """Remove a feature, a piece (a unit left empty goes too), a unit, or a victory condition
        by its index as text ("condition 2")."""
        with self.edit(f"delete {ident}") as d:
            if ident.startswith("condition "):
                conds = self._victory().get("conditions", [])
                del conds[int(ident.split()[1]) - 1]
                return
            known = self.ids()
            if ident not in known or any(s["id"] == ident for s in d["sides"]):
                raise ValueError(f"nothing to delete called {ident!r}")
            d["terrain"] = [f for f in d["terrain"] if f["id"] != ident]
            for s in d["sides"]:
                s["units"] = [u for u in s["units"] if u["id"] != ident]
                for u in s["units"]:
                    key = "figures" if "figures" in u else "stands"
                    u[key] = [p for p in u[key] if p["id"] != ident]
                    if u.get("leader") == ident:
                        u.pop("leader")
                s["units"] = [u for u in s["units"] if self.pieces_of(u)]

    def import_geojson(self, source: str | os.PathLike[str] | dict, origin: tuple[float, float] | None = None,
                       units: str = "auto", margin: float = 0.0) -> list[str]:
        """Add the terrain of a GeoJSON file at this ruleset's ground scale, its coordinates in
        ``units`` ("auto": as the file's ``crs`` says, else longitude and latitude; "lonlat",
        "metres" or "inches"; see :mod:`wgkit.scenario.geojson`), growing the table to hold it;
        returns the import report."""
        from wgkit.scenario.geojson import import_terrain

        got = import_terrain(source, self.ruleset.scale, origin, units, margin)
        with self.edit(f"import {len(got.features)} features from GeoJSON") as d:
            for f in got.features:
                f = {"id": self.new_id(f["type"].replace("_", "")), **f}
                d["terrain"].append(f)
            t = d["table"]
            width, depth = max(t["width"], got.size[0]), max(t["depth"], got.size[1])
            if (t.get("grid") or {}).get("type") == "square":  # whole squares: no strip a piece cannot stand on
                size = t["grid"]["size"]
                width, depth = (_r(math.ceil(v / size - 1e-9) * size) for v in (width, depth))
            if (width, depth) != (t["width"], t["depth"]):
                got.report.append(f"the table grows from {t['width']:g}\" x {t['depth']:g}\" to {width:g}\" x {depth:g}\"")
                t["width"], t["depth"] = width, depth
        self.geo_origin, self.geo_units = got.origin, got.units
        return got.report

    def export_geojson(self, path: str | os.PathLike[str], origin: tuple[float, float] | None = None,
                       units: str | None = None) -> None:
        """Write the terrain as GeoJSON (atomically), the table's corner at ``origin`` in ``units``
        (default: where and how the last import read the ground, else 0, 0 in metres)."""
        import json

        from wgkit.scenario.geojson import export_terrain

        units = units or self.geo_units
        if origin is None:
            origin = self.geo_origin if self.geo_origin is not None and units == self.geo_units else (0.0, 0.0)
        atomic_write(path, json.dumps(export_terrain(self.scenario, origin, units), indent=1) + "\n")

    def set_background(self, image: str | os.PathLike[str], points: Sequence[Sequence[float]] | None = None,
                       opacity: float = 0.6) -> None:
        """Put a picture (PNG or JPEG) under the table to trace terrain over. A picture from another
        folder is copied beside the scenario. Without ``points`` ([column, row, x, y] twice) it
        spans the table's width, top edge to the far edge; :meth:`pin_background` then corrects it."""
        import shutil

        from wgkit.scenario.picture import open_picture

        src = Path(image)
        with open_picture(src) as im:
            width_px = im.width
        target = self.folder / src.name
        if src.resolve() != target:
            if target.exists() and target.read_bytes() != src.read_bytes():
                raise ValueError(f"{target} already exists and is another picture; rename one of them")
            shutil.copyfile(src, target)
        t = self.data["table"]
        pins = [list(map(float, q)) for q in points] if points is not None else \
            [[0, 0, 0, t["depth"]], [width_px, 0, t["width"], t["depth"]]]
        with self.edit(f"background {src.name}") as d:
            d["background"] = {"image": src.name, "points": [[_r(v) for v in q] for q in pins]}
            if opacity != 0.6:
                d["background"]["opacity"] = opacity

    def pin_background(self, pixel: Point, table: Point) -> None:
        """Pin one pixel of the background to a table point; the latest two pins place the picture
        (the older pin stays, the oldest goes)."""
        with self.edit("pin the background") as d:
            bg = d.get("background")
            if not isinstance(bg, dict):
                raise ValueError("put a background picture under the table first")
            bg["points"] = [bg["points"][1], [_r(pixel[0]), _r(pixel[1]), _r(table[0]), _r(table[1])]]

    # -- forces ---------------------------------------------------------------------------------------
    def add_side(self, name: str, role: str = "defender", colour: str | None = None,
                 nationality: str | None = None) -> str:
        """Add a side; it needs a unit before the scenario is valid. Returns its id."""
        sid = self.new_id("side")
        s: dict[str, Any] = {"id": sid, "name": name, "role": role}
        if colour:
            s["colour"] = colour
        if nationality:
            s["nationality"] = nationality
        s["units"] = []
        with self.edit(f"add side {sid}") as d:
            d["sides"].append(s)
        return sid

    def add_unit(self, side: str, kind: str, positions: Sequence[Point], *, name: str | None = None,
                 quality: str | None = None, weapons: Sequence[str] = (), leader: bool = False,
                 facing: float | None = None) -> str:
        """Add a unit of one figure or stand per position (a point in inches; on a gridded table
        the cell under it). ``weapons`` are given to every piece; ``leader`` makes the first piece
        the unit's leader. Returns the unit's id; its pieces are ``<unit>_1``, ``<unit>_2`` ..."""
        u = self._new_unit(side, kind, positions, name=name, quality=quality, weapons=weapons, leader=leader,
                           facing=facing)
        with self.edit(f"add unit {u['id']}"):
            self.side(side)["units"].append(u)
        return u["id"]

    def add_template(self, side: str, template: Template, at: Point, name: str | None = None) -> str:
        """Add a unit as ``template`` fields it (kind, quality, attributes, each piece's role and
        weapons), its figures in a line centred on ``at`` (on a grid, in the square), facing as its
        side does; a side of no nation yet, still called by its placeholder name, takes the
        template's nation, its name ("Germans") and colour. One undoable edit; returns the unit's id."""
        s = self.side(side)
        facing = 180.0 if s["role"] == "defender" else 0.0
        w = self.data["table"]["width"]
        spots = [at] * len(template.pieces) if self.ruleset.grid == "required" else \
            [(min(max(x, EDGE_MARGIN), w - EDGE_MARGIN), y) for x, y in self.line_of(at, len(template.pieces))]
        u = self._new_unit(side, template.kind, spots, name=name, quality=template.quality, facing=facing)
        for p, shape in zip(self.pieces_of(u), template.pieces):
            if shape.role:
                p["role"] = shape.role
            if shape.weapons:
                p["weapons"] = list(shape.weapons)
        leads = next((p["id"] for p in self.pieces_of(u) if p.get("role") in ("leader", "officer")), None)
        if leads and len(self.pieces_of(u)) > 1:
            u["leader"] = leads
        if template.rules:
            u["rules"] = dict(template.rules)
        with self.edit(f"add unit {u['id']} ({template.kind})"):
            if template.nationality and not s.get("nationality") and s.get("name") in PLACEHOLDER_NAMES + (s["id"],):
                s.update(nationality=template.nationality, name=PEOPLES[template.nationality],
                         colour=NATION_COLOURS[template.nationality])
            s["units"].append(u)
        return u["id"]

    def _new_unit(self, side: str, kind: str, positions: Sequence[Point], *, name: str | None = None,
                  quality: str | None = None, weapons: Sequence[str] = (), leader: bool = False,
                  facing: float | None = None) -> dict:
        """The document of a new unit (see :meth:`add_unit`), not yet added."""
        if not positions:
            raise ValueError("a unit needs at least one position")
        have = sum(len(self.pieces_of(u)) for s in self.data["sides"] for u in s["units"])
        if have + len(positions) > MAX_PIECES:
            raise ValueError(f"{len(positions):,} more pieces would make {have + len(positions):,}; the limit is "
                             f"{MAX_PIECES:,} figures and stands")
        r = self.ruleset
        uid = self.new_id(f"{side}_{kind.replace('_', '')}")
        g = self.grid()
        pieces = []
        for i, at in enumerate(positions, 1):
            p: dict[str, Any] = {"id": f"{uid}_{i}"}
            if g is not None and r.grid == "required":
                cell = g.cell_of(*at)
                if cell is None:
                    raise ValueError(f"({at[0]:g}, {at[1]:g}) is off the grid")
                p["cell"] = list(cell)
            else:
                p["position"] = _pt(at)
                face = facing if facing is not None else (180 if self.side(side)["role"] == "defender" else 0)
                if face:
                    p["facing"] = face % 360
            if weapons:
                p["weapons"] = list(weapons)
            pieces.append(p)
        if leader:
            pieces[0]["role"] = "leader"
        u: dict[str, Any] = {"id": uid}
        if name:
            u["name"] = name
        u["kind"] = kind
        if quality:
            u["quality"] = quality
        if leader:
            u["leader"] = pieces[0]["id"]
        u[r.pieces] = pieces
        return u

    def line_of(self, at: Point, count: int, spacing: float = FIGURE_SPACING) -> list[Point]:
        """``count`` positions side by side, centred on ``at`` (a unit's figures in a line)."""
        x0 = at[0] - spacing * (count - 1) / 2
        return [(_r(x0 + i * spacing, 2), at[1]) for i in range(count)]

    def set_unit(self, unit_id: str, **fields: Any) -> None:
        """A unit's name, kind, quality or leader (None removes the optional ones)."""
        with self.edit(f"edit unit {unit_id}"):
            u = self.unit(unit_id)
            for key, value in fields.items():
                if key not in ("name", "kind", "quality", "leader"):
                    raise ValueError(f"unknown unit field {key!r}")
                if value is None or value == "":
                    u.pop(key, None)
                else:
                    u[key] = value

    def set_piece(self, piece_id: str, **fields: Any) -> None:
        """A piece's name, weapons, role, rank or facing (None or empty removes one)."""
        with self.edit(f"edit {piece_id}"):
            p = self.piece(piece_id)
            for key, value in fields.items():
                if key not in ("name", "weapons", "role", "rank", "facing"):
                    raise ValueError(f"unknown piece field {key!r}")
                if value is None or value == "" or value == [] or value == ():
                    p.pop(key, None)
                else:
                    p[key] = list(value) if key == "weapons" else value

    def add_figure(self, unit_id: str, at: Point) -> str:
        """One more figure or stand in a unit, a copy of its first one's weapons; returns its id."""
        u = self.unit(unit_id)
        n = len(self.pieces_of(u)) + 1
        while f"{unit_id}_{n}" in self.ids():
            n += 1
        first = self.pieces_of(u)[0]
        p = {k: copy.deepcopy(v) for k, v in first.items() if k in ("weapons", "facing")}
        p = {"id": f"{unit_id}_{n}", **p}
        g = self.grid()
        if "cell" in first and g is not None:
            cell = g.cell_of(*at)
            if cell is None:
                raise ValueError(f"({at[0]:g}, {at[1]:g}) is off the grid")
            p["cell"] = list(cell)
        else:
            p["position"] = _pt(at)
        with self.edit(f"add {p['id']}"):
            self.pieces_of(self.unit(unit_id)).append(p)
        return p["id"]

    # -- victory ------------------------------------------------------------------------------------
    def _victory(self) -> dict[str, Any]:
        v = self.data.get("victory")
        if not isinstance(v, dict):
            self.data["victory"] = v = ({"text": v} if v else {})
        return v

    def add_condition(self, side: str, kind: str, target: Any, points: float = 1, **extra: Any) -> int:
        """Add a victory condition (see :mod:`wgkit.victory`); returns its number, from 1.
        ``extra``: ``units`` (exit), ``share`` or ``pieces`` (casualties), ``kinds``, ``name``."""
        if kind not in CONDITION_KINDS:
            raise ValueError(f"{kind!r} is not a kind of condition (allowed: {', '.join(CONDITION_KINDS)})")
        c: dict[str, Any] = {"side": side, kind: list(target) if isinstance(target, (list, tuple)) else target}
        c.update({k: v for k, v in extra.items() if v is not None})
        if points != 1:
            c["points"] = points
        with self.edit(f"add a {kind} condition"):
            conds = self._victory().setdefault("conditions", [])
            conds.append(c)
            return len(conds)

    def set_victory(self, text: str | None = None, otherwise: str | None | bool = False) -> None:
        """The conditions in words for the briefing; ``otherwise`` the side winning level games
        (None: a draw; ``False``: unchanged)."""
        with self.edit("edit the victory text"):
            v = self._victory()
            if text is not None:
                if text:
                    v["text"] = text
                else:
                    v.pop("text", None)
            if otherwise is None:
                v.pop("otherwise", None)
            elif otherwise is not False:
                v["otherwise"] = otherwise

    # -- views ---------------------------------------------------------------------------------------
    def terrain_menu(self) -> list[tuple[str, str]]:
        """(label, type) for the terrain menu: what each type means in this ruleset, the types the
        rule text covers first, house readings marked as such."""
        r = self.ruleset
        rows = []
        for ttype, eff in r.terrain.items():
            if "/" in ttype:
                continue
            mark = "" if eff.source == "seed" else " (house)"
            label = (f"{ttype.replace('_', ' ')} · cover: {eff.cover} · move: {eff.movement.replace('_', ' ')} · "
                     f"{_sight(eff)}{mark}")
            rows.append((eff.source != "seed", ttype, label))
        return [(label, ttype) for _, ttype, label in sorted(rows)]

    def terrain_meaning(self, ttype: str) -> str:
        """What a terrain type will mean in play under this ruleset, in a sentence, and whether
        the rule text or a house mapping says so."""
        r = self.ruleset
        eff = r.terrain.get(ttype)
        if eff is None:
            return f"{ttype.replace('_', ' ')}: not a terrain type of {r.name}"
        cover = {"none": "no cover", "open": "no cover", "cover": "cover"}.get(eff.cover, f"cover class '{eff.cover}'")
        says = (f"From the text ({eff.ref})." if eff.source == "seed" else
                f"A house mapping onto the text's {eff.ref or 'terrain'}" + (f" ({eff.note})." if eff.note else "."))
        return (f"{ttype.replace('_', ' ').capitalize()}: {cover}; movement column "
                f"'{eff.movement.replace('_', ' ')}'; {_sight(eff)}. {says}")

    def nearest_piece(self, at: Point, within: float = 0.8) -> str | None:
        """The piece within ``within`` inches of a point (a gridded piece: in the cell under it)."""
        g = self.grid()
        best, dist = None, within
        for s in self.data["sides"]:
            for u in s["units"]:
                for p in self.pieces_of(u):
                    where = p.get("position") or (g.center(tuple(p["cell"])) if g is not None and "cell" in p else None)
                    if where is None:
                        continue
                    d = math.dist(where, at)
                    if "cell" in p and g is not None and g.cell_of(*at) == tuple(p["cell"]):
                        d = min(d, within * 0.99)
                    if d < dist:
                        best, dist = p["id"], d
        return best
