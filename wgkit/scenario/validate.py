"""Check a parsed scenario document: structure by JSON Schema, meaning by the ruleset registry.

Every problem is collected (not only the first) and pinned to its line and column.
"""

from __future__ import annotations

import difflib
from typing import Any, Iterator

import shapely
from shapely.geometry import Point, Polygon, box

from wgkit.facts.registry import find_ruleset, UnknownRulesetError

from wgkit.facts.ruleset import RulesetInfo
from wgkit.scenario.errors import Path, Problem
from wgkit.scenario.model import CONDITION_KINDS
from wgkit.scenario.reader import Located
from wgkit.scenario.schema import SCENARIO
from wgkit.geometry.shapes import SHAPE_KEYS, feature_geometry, well_formed
from wgkit.geometry.grids import Grid, SquareGrid, grid_from_spec
from wgkit.facts.common import GRID_TYPES, HEX_ORIENTATIONS, TERRAIN_TYPES

def _import_jsonschema():
    """jsonschema, imported without its IRI format checker (``rfc3987_syntax`` builds a grammar for
    about 1.5-2.5 s at import, longer than everything else ``wgkit validate`` does). The scenario
    schema uses no ``format`` keyword, so nothing is lost here; the block is lifted at once, so other
    code in the process imports rfc3987_syntax normally (only jsonschema's own IRI check stays off)."""
    import sys

    if "jsonschema" in sys.modules:
        return sys.modules["jsonschema"]
    block = "rfc3987_syntax" not in sys.modules
    if block:
        sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # an import of it raises ImportError
    try:
        import jsonschema
    finally:
        if block:
            del sys.modules["rfc3987_syntax"]
    return jsonschema


jsonschema = _import_jsonschema()
_VALIDATOR = jsonschema.Draft202012Validator(SCENARIO)
EDGE_TOLERANCE = 1e-6
MAX_CELLS = 20_000  # a hex map of 72" x 48" in 2" hexes has about 900
MAX_PIECES = 3_000  # figures or stands on the table: a big division-level game has a few hundred


def did_you_mean(word: object, choices: list[str] | set[str] | frozenset[str]) -> str:
    close = difflib.get_close_matches(str(word), sorted(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def _kind(value: object) -> str:
    names = {bool: "true/false", int: "a whole number", float: "a number", str: "text",
             list: "a list", dict: "a mapping", type(None): "nothing"}
    shown = f" {value!r}" if isinstance(value, (int, float, str)) and len(repr(value)) < 40 else ""
    return names.get(type(value), type(value).__name__) + shown


_EXPECT = {"number": "a number", "integer": "a whole number", "string": "text",
           "array": "a list", "object": "a mapping", "boolean": "true or false"}


def _is_vertex(p: Any) -> bool:
    return type(p) is list and len(p) == 2 and type(p[0]) in (int, float) and type(p[1]) in (int, float)


def _summarised(data: Any) -> Any:
    """``data`` with each long, well-formed vertex list cut to its first three vertices.

    The schema's verdict is the same (every vertex is a point, and the list keeps its minimum
    length), and a traced hedgerow of 30,000 vertices is checked in milliseconds, not seconds."""
    terrain = data.get("terrain") if isinstance(data, dict) else None
    if not isinstance(terrain, list):
        return data
    short = []
    for feature in terrain:
        if isinstance(feature, dict):
            feature = {k: v[:3] if k in ("polygon", "line") and isinstance(v, list) and len(v) > 3
                       and all(_is_vertex(p) for p in v) else v for k, v in feature.items()}
        short.append(feature)
    return {**data, "terrain": short}


def schema_problems(doc: Located) -> Iterator[Problem]:
    """Structural problems, reworded for a person editing YAML by hand."""
    for err in _VALIDATOR.iter_errors(_summarised(doc.data)):
        yield from _reworded(doc, err)


_TYPES = {dict: "object", list: "array", str: "string"}


def _branch(err: Any) -> int | None:
    """Which alternative of an ``anyOf`` was meant: the one of the instance's own JSON type."""
    want = _TYPES.get(type(err.instance))
    for i, alt in enumerate(err.validator_value):
        if alt.get("type") == want:
            return i
    return None


def _reworded(doc: Located, err: Any) -> Iterator[Problem]:
    path: Path = tuple(err.absolute_path)
    v, inst = err.validator, err.instance
    if v == "required":
        for key in err.validator_value:
            if isinstance(inst, dict) and key not in inst:
                yield doc.problem(path + (key,), f"missing required field {key!r}")
    elif v == "additionalProperties" and isinstance(inst, dict):
        allowed = set(err.schema.get("properties", {}))
        for key in sorted(set(inst) - allowed):
            yield doc.problem(path + (key,), f"unknown field {key!r} (allowed: "
                              f"{', '.join(sorted(allowed))}){did_you_mean(key, allowed)}", key=True)
    elif v == "type":
        want = err.validator_value
        want = [want] if isinstance(want, str) else want
        yield doc.problem(path, f"expected {' or '.join(_EXPECT.get(w, w) for w in want)}, "
                          f"got {_kind(inst)}")
    elif v == "enum":
        choices = [str(c) for c in err.validator_value]
        yield doc.problem(path, f"{inst!r} is not allowed (allowed: {', '.join(choices)})"
                          f"{did_you_mean(inst, choices)}")
    elif v in ("exclusiveMinimum", "minimum", "maximum", "exclusiveMaximum"):
        op = {"exclusiveMinimum": "greater than", "minimum": "at least", "maximum": "at most",
              "exclusiveMaximum": "less than"}[v]
        yield doc.problem(path, f"must be {op} {err.validator_value}, got {inst!r}")
    elif v in ("minItems", "maxItems"):
        n = err.validator_value
        count = len(inst) if isinstance(inst, list) else "?"
        want = (f"at least {n}" if v == "minItems" else f"at most {n}")
        yield doc.problem(path, f"needs {want} item{'s' if n != 1 else ''}, got {count}")
    elif v in ("minProperties", "maxProperties"):
        yield doc.problem(path, f"give exactly one of {', '.join(err.schema['properties'])}")
    elif v == "pattern":
        desc = err.schema.get("description", f"pattern {err.validator_value}")
        yield doc.problem(path, f"{inst!r} is not valid here ({desc})")
    elif v == "minLength":
        yield doc.problem(path, "must not be empty")
    elif v == "anyOf":
        meant = _branch(err)
        inner = [e for e in err.context or () if e.relative_schema_path[0] == meant]
        if meant is not None and inner:
            for e in inner:
                yield from _reworded(doc, e)
        else:
            want = err.schema.get("description", "text or a list of text")
            yield doc.problem(path, f"expected {want}, got {_kind(inst)}")
    else:
        yield doc.problem(path, err.message)


def _items(value: Any) -> list[tuple[int, dict]]:
    return [(i, x) for i, x in enumerate(value) if isinstance(x, dict)] if isinstance(value, list) else []


def _is_point(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value))


def _grid_geometry(spec: dict, table: Polygon | None) -> Grid | None:
    """The grid of a well-formed ``table.grid`` spec, else None (the schema reports why)."""
    size, origin = spec.get("size"), spec.get("origin", [0, 0])
    if table is None or spec.get("type") not in GRID_TYPES or not _is_point(origin) \
            or not (isinstance(size, (int, float)) and not isinstance(size, bool) and size > 0) \
            or (spec["type"] == "hex" and spec.get("orientation") not in HEX_ORIENTATIONS):
        return None
    return grid_from_spec(spec, table.bounds[2], table.bounds[3])


class _Checker:
    """Meaning checks over the raw document; tolerant of parts the schema already rejected."""

    def __init__(self, doc: Located):
        self.doc = doc
        self.data = doc.data if isinstance(doc.data, dict) else {}
        self.problems: list[Problem] = []
        self.ids: dict[str, Path] = {}
        self.ruleset: RulesetInfo | None = None
        self.table: Polygon | None = None
        self.grid: dict | None = None
        self.grid_geom: Grid | None = None

    def add(self, path: Path, message: str, *, key: bool = False) -> None:
        self.problems.append(self.doc.problem(path, message, key=key))

    def claim_id(self, value: Any, path: Path) -> None:
        if not isinstance(value, str):
            return
        if value in self.ids:
            first = self.doc.where(self.ids[value])
            self.add(path, f"duplicate id {value!r} (first used at line {first[0]})")
        else:
            self.ids[value] = path

    def run(self) -> list[Problem]:
        name = self.data.get("ruleset")
        if isinstance(name, str):
            try:
                self.ruleset = find_ruleset(name)
            except UnknownRulesetError as exc:
                self.add(("ruleset",), str(exc))
        self.check_table()
        if self.ruleset and isinstance(self.data.get("rules"), dict):
            self.check_rules_attrs(self.data["rules"], ("rules",), scenario_level=True)
        for i, feature in _items(self.data.get("terrain")):
            self.check_feature(feature, ("terrain", i))
        sides = _items(self.data.get("sides"))
        placed = [(("sides", i, "units", j, key, k), p) for i, side in sides for j, unit in _items(side.get("units"))
                  for key in ("figures", "stands") for k, p in _items(unit.get(key))]
        if len(placed) > MAX_PIECES:
            self.add(placed[MAX_PIECES][0], f"{len(placed):,} figures and stands; the limit is {MAX_PIECES:,}")
            return self.problems
        for i, side in sides:
            self.check_side(side, ("sides", i))
        for i, side in sides:
            for j, unit in _items(side.get("units")):
                leader = unit.get("leader")
                if isinstance(leader, str) and leader not in self.ids:
                    self.add(("sides", i, "units", j, "leader"),
                             f"no figure or unit has id {leader!r}{did_you_mean(leader, set(self.ids))}")
        back = self.data.get("background")
        pins = back.get("points") if isinstance(back, dict) else None
        if isinstance(pins, list) and len(pins) == 2 and all(isinstance(q, list) and len(q) == 4 for q in pins):
            (a, b) = pins
            if a[:2] == b[:2] or a[2:] == b[2:]:
                self.add(("background", "points"), "the two points must be different pixels on different table points")
        if isinstance(self.data.get("victory"), dict):
            self.check_victory(self.data["victory"], [s.get("id") for _, s in sides])
        if self.ruleset and self.ruleset.scenario_checks:
            for path, why in self.ruleset.scenario_checks(self.data):
                self.add(path, why)
        return self.problems

    def check_victory(self, victory: dict, sides: list[Any]) -> None:
        """Each condition names one kind, and only sides, areas, pieces and units that exist."""
        side_ids = {s for s in sides if isinstance(s, str)}
        other = victory.get("otherwise")
        if isinstance(other, str) and other not in side_ids:
            self.add(("victory", "otherwise"), f"no side has id {other!r}{did_you_mean(other, side_ids)}")
        for i, c in _items(victory.get("conditions")):
            path = ("victory", "conditions", i)
            kinds = [k for k in CONDITION_KINDS if k in c]
            if len(kinds) != 1:
                self.add(path, f"give exactly one of {', '.join(CONDITION_KINDS)}; found {', '.join(kinds) or 'none'}")
                continue
            kind, target = kinds[0], c[kinds[0]]
            side = c.get("side")
            if isinstance(side, str) and side not in side_ids:
                self.add(path + ("side",), f"no side has id {side!r}{did_you_mean(side, side_ids)}")
            for key, owner in (("units", "exit"), ("share", "casualties"), ("pieces", "casualties")):
                if key in c and kind != owner:
                    self.add(path + (key,), f"{key!r} belongs to an {owner!r} condition, not {kind!r}", key=True)
            kinds = c.get("kinds") if isinstance(c.get("kinds"), list) else []
            if kinds and kind not in ("hold", "contest", "deny", "exit"):
                self.add(path + ("kinds",), f"'kinds' applies to hold, contest, deny and exit, not {kind!r}", key=True)
            for j, k in enumerate(kinds):
                if self.ruleset and isinstance(k, str) and k not in self.ruleset.unit_kinds:
                    self.add(path + ("kinds", j), f"{k!r} is not a unit kind in {self.ruleset.name}"
                             f"{did_you_mean(k, self.ruleset.unit_kinds)}")
            if kind in ("hold", "contest", "deny"):
                self.check_area(target, path + (kind,))
            elif kind in ("destroy", "keep"):
                for j, ident in enumerate(target if isinstance(target, list) else [target]):
                    where = path + (kind,) + ((j,) if isinstance(target, list) else ())
                    if isinstance(ident, str) and not self.is_force(ident):
                        self.add(where, f"no piece or unit has id {ident!r}{did_you_mean(ident, self.forces())}")
            elif kind in ("casualties", "break") and isinstance(target, str):
                if target not in side_ids:
                    self.add(path + (kind,), f"no side has id {target!r}{did_you_mean(target, side_ids)}")
                elif target == side:
                    self.add(path + (kind,), f"a side cannot score on its own {kind}: name the enemy side")
                if kind == "casualties" and ("share" in c) == ("pieces" in c):
                    self.add(path, "a casualties condition needs exactly one of 'share' (0 to 1) or 'pieces'")

    def forces(self) -> set[str]:
        return {i for i, path in self.ids.items() if path[0] == "sides" and len(path) > 3}

    def is_force(self, ident: str) -> bool:
        return ident in self.forces()

    def check_area(self, area: Any, path: Path) -> None:
        """A victory area: terrain ids of area features, or one shape (cells need a grid)."""
        if isinstance(area, (str, list)):
            features = {f["id"]: f for _, f in _items(self.data.get("terrain")) if isinstance(f.get("id"), str)}
            for j, ident in enumerate(area if isinstance(area, list) else [area]):
                where = path + ((j,) if isinstance(area, list) else ())
                if not isinstance(ident, str):
                    continue
                f = features.get(ident)
                if f is None:
                    self.add(where, f"no terrain feature has id {ident!r}{did_you_mean(ident, set(features))}")
                elif not any(k in f for k in ("polygon", "rectangle", "circle")):
                    self.add(where, f"{ident!r} is not an area (a line or edges have no inside); "
                             "draw the area as a polygon, rectangle or circle")
        elif isinstance(area, dict) and len(area) == 1:
            (shape, value), = area.items()
            if shape == "cells":
                for j, cell in enumerate(value if isinstance(value, list) else []):
                    self.check_cell(cell, path + ("cells", j))
            elif shape in ("polygon", "rectangle", "circle") and well_formed(shape, value):
                geom = feature_geometry({shape: value})
                if geom.is_empty or geom.area <= 0:
                    self.add(path + (shape,), "degenerate area: it has no inside")
                else:
                    self.on_table(geom, path + (shape,), "victory area")

    def check_table(self) -> None:
        table = self.data.get("table")
        if not isinstance(table, dict):
            return
        w, d = table.get("width"), table.get("depth")
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0 for v in (w, d)):
            self.table = box(0, 0, w, d).buffer(EDGE_TOLERANCE, join_style="mitre")
        grid = table.get("grid")
        if isinstance(grid, dict):
            self.grid = grid
            self.grid_geom = _grid_geometry(grid, self.table)
            if self.grid_geom is not None and self.grid_geom.columns * self.grid_geom.rows > MAX_CELLS:
                self.add(("table", "grid", "size"), f"the grid would have {self.grid_geom.columns:,} x "
                         f"{self.grid_geom.rows:,} cells; the limit is {MAX_CELLS:,} cells")
                self.grid_geom = None
            if grid.get("type") == "hex" and "orientation" not in grid:
                self.add(("table", "grid"), "a hex grid needs 'orientation' (flat or pointy)")
            if grid.get("type") == "square" and "orientation" in grid:
                self.add(("table", "grid", "orientation"), "only hex grids have an orientation")
            if isinstance(self.grid_geom, SquareGrid):
                self.whole_squares(self.grid_geom, w, d)
        r = self.ruleset
        if r and r.grid == "required" and not isinstance(grid, dict):
            self.add(("table",), f"{r.name} is played on a grid: add 'grid: {{type: square, size: 6}}'")
        if r and r.id == "company_fire" and isinstance(grid, dict) and grid.get("type") == "hex":
            self.add(("table", "grid", "type"), "Company Fire uses a square grid")

    def whole_squares(self, g: SquareGrid, width: float, depth: float) -> None:
        """A square grid fills the table: a strip narrower than a square along an edge would be
        table no piece can stand on (a square is where a unit is). A hundredth of a square is
        rounding (a converted scenario's sizes are rounded), not a strip."""
        for field, length, cells, start in (("width", width, g.columns, g.origin[0]), ("depth", depth, g.rows, g.origin[1])):
            whole = start + cells * g.size
            if length - whole > max(EDGE_TOLERANCE, g.size / 100):
                self.add(("table", field), f"a {length:g}\" {field} holds {cells} whole {g.size:g}\" squares and part "
                         f"of another: make it {whole:g}\" or {whole + g.size:g}\"")

    def on_table(self, geom: Any, path: Path, what: str) -> None:
        if self.table is not None and geom is not None and not geom.is_empty \
                and not self.table.covers(geom):
            x0, y0, x1, y1 = geom.bounds
            self.add(path, f"{what} lies off the table (extends to x {x0:g}..{x1:g}, "
                     f"y {y0:g}..{y1:g}; the table is {self.table.bounds[2]:g} x {self.table.bounds[3]:g})")

    def check_feature(self, f: dict, path: Path) -> None:
        self.claim_id(f.get("id"), path + ("id",))
        ttype = TERRAIN_TYPES.get(f.get("type")) if isinstance(f.get("type"), str) else None
        shapes = [k for k in SHAPE_KEYS if k in f]
        if len(shapes) != 1:
            self.add(path, f"give exactly one shape ({', '.join(SHAPE_KEYS)}); found "
                     f"{', '.join(shapes) or 'none'}")
            return
        shape = shapes[0]
        if ttype is not None:
            if shape not in ttype.shapes and not (shape in ("rectangle", "circle") and "polygon" in ttype.shapes):
                self.add(path + (shape,), f"{ttype.name} cannot be drawn as {shape} "
                         f"(allowed: {', '.join(sorted(ttype.shapes))})")
            variant = f.get("variant")
            if variant is not None and variant not in ttype.variants:
                allowed = ", ".join(ttype.variants) or "none"
                self.add(path + ("variant",), f"{variant!r} is not a variant of {ttype.name} "
                         f"(allowed: {allowed}){did_you_mean(variant, set(ttype.variants))}")
            if ttype.needs_height and "height" not in f:
                self.add(path, f"missing required field 'height' for a {ttype.name}")
        if "width" in f and shape != "line":
            self.add(path + ("width",), "'width' applies to line features only")
        if shape == "edges":
            self.check_edges(f["edges"], path + ("edges",))
            return
        if not well_formed(shape, f[shape]):
            return  # the schema reports the malformed coordinates
        geom = feature_geometry(f)
        if shape == "line" and geom.length <= 0:
            self.add(path + (shape,), "degenerate line: it has no length")
            return
        if shape != "line" and (geom.is_empty or geom.convex_hull.area <= 0):
            self.add(path + (shape,), "degenerate shape: it has no area")
            return
        if not geom.is_valid:
            reason = shapely.is_valid_reason(geom)
            self.add(path + (shape,), f"invalid polygon: {reason} (edges must not cross)")
            return
        self.on_table(geom, path + (shape,), "feature")

    def check_edges(self, edges: Any, path: Path) -> None:
        grid = self.grid
        if grid is None:
            self.add(path, "edge features need a grid under 'table'")
            return
        if self.grid_geom is None:
            return  # the grid itself is malformed and reported
        sides = self.grid_geom.side_names
        for i, edge in enumerate(edges if isinstance(edges, list) else []):
            if isinstance(edge, list) and len(edge) == 3 and isinstance(edge[2], str) \
                    and edge[2] not in sides:
                self.add(path + (i, 2), f"{edge[2]!r} is not a cell side here (allowed: "
                         f"{', '.join(sides)}){did_you_mean(edge[2], set(sides))}")
            elif isinstance(edge, list) and len(edge) == 3:
                self.check_cell(edge[:2], path + (i,))

    def check_cell(self, cell: Any, path: Path) -> None:
        if self.grid is None:
            self.add(path, "a cell position needs a grid under 'table'")
            return
        g = self.grid_geom
        if g is not None and isinstance(cell, list) and len(cell) == 2 \
                and all(isinstance(c, int) for c in cell) and not g.contains_cell(tuple(cell)):
            self.add(path, f"cell {cell} is outside the {g.columns} x {g.rows} grid")

    def check_side(self, side: dict, path: Path) -> None:
        self.claim_id(side.get("id"), path + ("id",))
        r = self.ruleset
        nat = side.get("nationality")
        if r and r.nationalities and isinstance(nat, str) and nat not in r.nationalities:
            self.add(path + ("nationality",), f"{nat!r} is not a nationality in {r.name} (allowed: "
                     f"{', '.join(r.nationalities)}){did_you_mean(nat, set(r.nationalities))}")
        for j, unit in _items(side.get("units")):
            self.check_unit(unit, path + ("units", j))

    def check_unit(self, unit: dict, path: Path) -> None:
        self.claim_id(unit.get("id"), path + ("id",))
        r = self.ruleset
        kind, quality = unit.get("kind"), unit.get("quality")
        if r and isinstance(kind, str) and kind not in r.unit_kinds:
            self.add(path + ("kind",), f"{kind!r} is not a unit kind in {r.name} (allowed: "
                     f"{', '.join(sorted(r.unit_kinds))}){did_you_mean(kind, r.unit_kinds)}")
        if r and quality is not None:
            if not r.qualities:
                self.add(path + ("quality",), f"{r.name} has no troop quality; remove this field")
            elif quality not in r.qualities:
                self.add(path + ("quality",), f"{quality!r} is not a quality in {r.name} (allowed: "
                         f"{', '.join(r.qualities)}){did_you_mean(quality, set(r.qualities))}")
        if r and isinstance(unit.get("rules"), dict):
            self.check_rules_attrs(unit["rules"], path + ("rules",))
        lists = [k for k in ("figures", "stands") if k in unit]
        if len(lists) != 1:
            want = r.pieces if r else "figures or stands"
            self.add(path, f"give the unit's {want} (exactly one of figures, stands)")
            return
        if r and lists[0] != r.pieces:
            self.add(path + (lists[0],), f"{r.name} units have {r.pieces}, not {lists[0]}", key=True)
        for k, piece in _items(unit.get(lists[0])):
            self.check_piece(piece, path + (lists[0], k))

    def check_rules_attrs(self, attrs: dict, path: Path, scenario_level: bool = False) -> None:
        assert self.ruleset is not None
        spec = self.ruleset.scenario_attrs if scenario_level else self.ruleset.unit_attrs
        what = "scenario setting" if scenario_level else "attribute"
        for key, value in attrs.items():
            if key not in spec:
                self.add(path + (key,), f"{key!r} is not a {self.ruleset.name} {what} (allowed: "
                         f"{', '.join(sorted(spec)) or 'none'}){did_you_mean(key, set(spec))}", key=True)
                continue
            for err in jsonschema.Draft202012Validator(spec[key]).iter_errors(value):
                self.add(path + (key,) + tuple(err.absolute_path), _schema_message(err))

    def check_piece(self, piece: dict, path: Path) -> None:
        self.claim_id(piece.get("id"), path + ("id",))
        r = self.ruleset
        has_pos, has_cell = "position" in piece, "cell" in piece
        if has_pos == has_cell:
            self.add(path, "give exactly one of 'position' (inches) or 'cell' (grid column, row)")
        elif has_pos and _is_point(piece["position"]):
            self.on_table(Point(piece["position"]), path + ("position",), "position")
        elif has_cell:
            self.check_cell(piece["cell"], path + ("cell",))
        weapons = piece.get("weapons") if isinstance(piece.get("weapons"), list) else []
        for i, weapon in enumerate(weapons):
            if r and isinstance(weapon, str) and weapon not in r.weapons:
                self.add(path + ("weapons", i), f"{weapon!r} is not a weapon in {r.name} (allowed: "
                         f"{', '.join(sorted(r.weapons))}){did_you_mean(weapon, r.weapons)}")
        role = piece.get("role")
        if r and isinstance(role, str) and role not in r.piece_roles:
            self.add(path + ("role",), f"{role!r} is not a role in {r.name} (allowed: "
                     f"{', '.join(sorted(r.piece_roles))}){did_you_mean(role, r.piece_roles)}")


def problems(doc: Located) -> list[Problem]:
    """Every problem in a parsed scenario document, structural and semantic."""
    if not isinstance(doc.data, dict):
        return [doc.problem((), f"a scenario must be a mapping of fields, not {_kind(doc.data)}")]
    return list(schema_problems(doc)) + _Checker(doc).run()


def _schema_message(err) -> str:
    """A ruleset attribute's schema error in a line a person reads (long values are not repeated)."""
    if err.validator == "maxItems":
        return f"at most {err.validator_value} items, not {len(err.instance)}"
    if err.validator == "enum":
        return f"bad value {err.instance!r}: one of {', '.join(map(str, err.validator_value))}"
    shown = repr(err.instance)
    return f"bad value {shown}: {err.message}" if len(shown) <= 60 else f"bad value: {err.message[-120:]}"
