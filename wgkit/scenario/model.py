"""The scenario model: typed, immutable, and written back to YAML as a person would write it."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from wgkit.words import Glossary, Wording, place_noun, placed_names

Point = tuple[float, float]


def _pt(v: Any) -> Point:
    return (v[0], v[1])


def _pts(vs: Any) -> tuple[Point, ...]:
    return tuple(_pt(v) for v in vs)


def _put(out: dict[str, Any], key: str, value: Any, default: Any = None) -> None:
    if value != default:
        out[key] = value


@dataclass(frozen=True)
class Grid:
    type: str
    size: float
    orientation: str | None = None
    origin: Point = (0, 0)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Grid":
        return cls(d["type"], d["size"], d.get("orientation"), _pt(d.get("origin", (0, 0))))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "size": self.size}
        _put(out, "orientation", self.orientation)
        _put(out, "origin", list(self.origin), [0, 0])
        return out


@dataclass(frozen=True)
class Table:
    width: float
    depth: float
    grid: Grid | None = None

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Table":
        return cls(d["width"], d["depth"], Grid.from_dict(d["grid"]) if "grid" in d else None)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"width": self.width, "depth": self.depth}
        if self.grid:
            out["grid"] = self.grid.to_dict()
        return out


@dataclass(frozen=True)
class Feature:
    """A terrain feature; ``shape`` is the one shape key used and ``geometry`` its value."""

    id: str
    type: str
    shape: str
    geometry: Any
    name: str | None = None
    variant: str | None = None
    height: float | None = None
    width: float | None = None
    notes: str | None = None

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Feature":
        from wgkit.geometry.shapes import SHAPE_KEYS

        shape = next(k for k in SHAPE_KEYS if k in d)
        geom = d[shape]
        if shape in ("polygon", "line"):
            geom = _pts(geom)
        elif shape == "edges":
            geom = tuple((int(c), int(r), str(s)) for c, r, s in geom)
        elif shape == "rectangle":
            geom = {"center": _pt(geom["center"]), "size": _pt(geom["size"]),
                    "rotation": geom.get("rotation", 0)}
        else:
            geom = {"center": _pt(geom["center"]), "radius": geom["radius"]}
        return cls(d["id"], d["type"], shape, geom, d.get("name"), d.get("variant"),
                   d.get("height"), d.get("width"), d.get("notes"))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id}
        _put(out, "name", self.name)
        out["type"] = self.type
        _put(out, "variant", self.variant)
        _put(out, "height", self.height)
        g = self.geometry
        if self.shape in ("polygon", "line", "edges"):
            out[self.shape] = [list(p) for p in g]
        elif self.shape == "rectangle":
            out[self.shape] = {"center": list(g["center"]), "size": list(g["size"])}
            _put(out[self.shape], "rotation", g["rotation"], 0)
        else:
            out[self.shape] = {"center": list(g["center"]), "radius": g["radius"]}
        _put(out, "width", self.width)
        _put(out, "notes", self.notes)
        return out

    def as_mapping(self) -> dict[str, Any]:
        """The feature as a plain mapping, for :mod:`wgkit.geometry.shapes`."""
        return self.to_dict()


@dataclass(frozen=True)
class Piece:
    """One figure, stand, vehicle or gun on the table."""

    id: str
    position: Point | None = None
    cell: tuple[int, int] | None = None
    facing: float = 0
    weapons: tuple[str, ...] = ()
    name: str | None = None
    role: str | None = None
    rank: str | None = None
    hidden: bool = False
    rules: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Piece":
        return cls(d["id"], _pt(d["position"]) if "position" in d else None,
                   tuple(d["cell"]) if "cell" in d else None,  # type: ignore[arg-type]
                   d.get("facing", 0), tuple(d.get("weapons", ())), d.get("name"), d.get("role"),
                   d.get("rank"), d.get("hidden", False), dict(d.get("rules", {})))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id}
        _put(out, "name", self.name)
        _put(out, "role", self.role)
        _put(out, "rank", self.rank)
        if self.position is not None:
            out["position"] = list(self.position)
        if self.cell is not None:
            out["cell"] = list(self.cell)
        _put(out, "facing", self.facing, 0)
        _put(out, "weapons", list(self.weapons), [])
        _put(out, "hidden", self.hidden, False)
        _put(out, "rules", self.rules, {})
        return out


@dataclass(frozen=True)
class Unit:
    id: str
    kind: str
    pieces: tuple[Piece, ...]
    piece_key: str = "figures"  # "figures" or "stands", as written
    name: str | None = None
    quality: str | None = None
    leader: str | None = None
    hidden: bool = False
    rules: dict[str, Any] = field(default_factory=dict)
    notes: str | None = None

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Unit":
        key = "figures" if "figures" in d else "stands"
        return cls(d["id"], d["kind"], tuple(Piece.from_dict(p) for p in d[key]), key,
                   d.get("name"), d.get("quality"), d.get("leader"), d.get("hidden", False),
                   dict(d.get("rules", {})), d.get("notes"))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id}
        _put(out, "name", self.name)
        out["kind"] = self.kind
        _put(out, "quality", self.quality)
        _put(out, "leader", self.leader)
        _put(out, "hidden", self.hidden, False)
        _put(out, "rules", self.rules, {})
        _put(out, "notes", self.notes)
        out[self.piece_key] = [p.to_dict() for p in self.pieces]
        return out


@dataclass(frozen=True)
class Side:
    id: str
    name: str
    role: str
    units: tuple[Unit, ...]
    colour: str | None = None
    nationality: str | None = None

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Side":
        return cls(d["id"], d["name"], d["role"], tuple(Unit.from_dict(u) for u in d["units"]),
                   d.get("colour"), d.get("nationality"))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name}
        _put(out, "colour", self.colour)
        out["role"] = self.role
        _put(out, "nationality", self.nationality)
        out["units"] = [u.to_dict() for u in self.units]
        return out


@dataclass(frozen=True)
class Background:
    """A picture under the table to trace terrain over (a map, an aerial photograph, a sketch).

    ``image`` is a PNG or JPEG file, relative to the scenario's folder; ``points`` pins two of its
    pixels to table points, ``((column, row), (x, y))`` each, which sets its scale, rotation and
    place; ``opacity`` how strongly it shows through the table."""

    image: str
    points: tuple[tuple[Point, Point], tuple[Point, Point]]
    opacity: float = 0.6

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Background":
        (a, b) = d["points"]
        return cls(d["image"], (((a[0], a[1]), (a[2], a[3])), ((b[0], b[1]), (b[2], b[3]))), d.get("opacity", 0.6))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"image": self.image,
                               "points": [[*px, *table] for px, table in self.points]}
        _put(out, "opacity", self.opacity, 0.6)
        return out

    def affine(self) -> tuple[float, float, float, float]:
        """(ar, ai, br, bi): pixel (u, v) lands on the table at x = ar*u + ai*v + br,
        y = ai*u - ar*v + bi (a similarity: one scale, one rotation; image rows run down)."""
        (p1, q1), (p2, q2) = self.points
        z1, z2 = complex(p1[0], -p1[1]), complex(p2[0], -p2[1])
        w1, w2 = complex(*q1), complex(*q2)
        a = (w2 - w1) / (z2 - z1)
        b = w1 - a * z1
        return a.real, a.imag, b.real, b.imag


CONDITION_KINDS = ("hold", "contest", "deny", "exit", "destroy", "keep", "casualties", "break")


def _frozen(v: Any) -> Any:
    """A YAML value made hashable and immutable (lists become tuples, mappings stay mappings)."""
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    if isinstance(v, dict):
        return {k: _frozen(x) for k, x in v.items()}
    return v


def _thawed(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_thawed(x) for x in v]
    if isinstance(v, dict):
        return {k: _thawed(x) for k, x in v.items()}
    return v


@dataclass(frozen=True)
class Condition:
    """One victory condition: ``side`` scores ``points`` when it is met (see :mod:`wgkit.victory`).

    ``kind`` is one of :data:`CONDITION_KINDS` and ``target`` the value written under that key: an
    area (a terrain id, a list of ids, or a shape), an edge, piece or unit ids, or an enemy side."""

    side: str
    kind: str
    target: Any
    points: float = 1
    units: int | None = None  # exit: how many units must reach the edge
    share: float | None = None  # casualties: the share of the enemy's pieces out of action
    pieces: int | None = None  # casualties: or a number of them
    kinds: tuple[str, ...] = ()  # hold, contest, deny, exit: only units of these kinds count
    name: str | None = None

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Condition":
        kind = next(k for k in CONDITION_KINDS if k in d)
        return cls(d["side"], kind, _frozen(d[kind]), d.get("points", 1), d.get("units"), d.get("share"),
                   d.get("pieces"), tuple(d.get("kinds", ())), d.get("name"))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        _put(out, "name", self.name)
        out["side"] = self.side
        out[self.kind] = _thawed(self.target)
        _put(out, "units", self.units)
        _put(out, "share", self.share)
        _put(out, "pieces", self.pieces)
        _put(out, "kinds", list(self.kinds), [])
        _put(out, "points", self.points, 1)
        return out


@dataclass(frozen=True)
class Scenario:
    """A whole scenario: metadata, table, terrain and sides."""

    title: str
    ruleset: str  # canonical ruleset id
    table: Table
    sides: tuple[Side, ...]
    terrain: tuple[Feature, ...] = ()
    description: str | None = None
    seed: int | None = None
    turns: int | None = None
    victory: tuple[str, ...] = ()  # the conditions in words, for the briefing
    rules: dict[str, Any] = field(default_factory=dict)
    conditions: tuple[Condition, ...] = ()  # the conditions as data, judged by wgkit.victory
    otherwise: str | None = None  # the side that wins when the points are level
    background: Background | None = None
    folder: str | None = field(default=None, compare=False)  # where the file was read: pictures are found from it

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Scenario":
        from wgkit.facts.registry import find_ruleset

        victory = d.get("victory", ())
        judged = victory if isinstance(victory, dict) else {}
        text = judged.get("text", ()) if judged else victory
        return cls(d["title"], find_ruleset(d["ruleset"]).id, Table.from_dict(d["table"]),
                   tuple(Side.from_dict(s) for s in d["sides"]),
                   tuple(Feature.from_dict(f) for f in d.get("terrain", ())),
                   d.get("description"), d.get("seed"), d.get("turns"),
                   (text,) if isinstance(text, str) else tuple(text), dict(d.get("rules", {})),
                   tuple(Condition.from_dict(c) for c in judged.get("conditions", ())), judged.get("otherwise"),
                   Background.from_dict(d["background"]) if "background" in d else None)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"title": self.title}
        _put(out, "description", self.description)
        out["ruleset"] = self.ruleset
        _put(out, "seed", self.seed)
        _put(out, "turns", self.turns)
        text = self.victory[0] if len(self.victory) == 1 else list(self.victory)
        if self.conditions or self.otherwise:
            out["victory"] = {}
            _put(out["victory"], "text", text, [])
            _put(out["victory"], "conditions", [c.to_dict() for c in self.conditions], [])
            _put(out["victory"], "otherwise", self.otherwise)
        elif self.victory:
            out["victory"] = text
        _put(out, "rules", self.rules, {})
        out["table"] = self.table.to_dict()
        if self.background:
            out["background"] = self.background.to_dict()
        if self.terrain:
            out["terrain"] = [f.to_dict() for f in self.terrain]
        out["sides"] = [s.to_dict() for s in self.sides]
        return out

    # -- lookups -------------------------------------------------------------------------
    def side(self, side_id: str) -> Side:
        return next(s for s in self.sides if s.id == side_id)

    def units(self) -> list[tuple[Side, Unit]]:
        return [(s, u) for s in self.sides for u in s.units]

    def pieces(self) -> list[tuple[Side, Unit, Piece]]:
        return [(s, u, p) for s in self.sides for u in s.units for p in u.pieces]

    def names(self) -> dict[str, str]:
        """A person's name for every unit and piece id that has one."""
        out: dict[str, str] = {}
        for _, unit, piece in self.pieces():
            if unit.name:
                out[unit.id] = unit.name
            if piece.name:
                out[piece.id] = piece.name
        return out

    def spoken_names(self) -> dict[str, str]:
        """:meth:`names`, and a name for everything without one of its own: a unit by its side
        and kind ("Attacker's officer", "Americans' squad 2"), a figure by its unit and its place
        in it ("No. 1 Section's LMG", "No. 1 Section, rifleman 3"); the only figure of a unit goes
        by the unit's name. A text never shows an id."""
        out = self.names()
        for side in self.sides:
            out.update(placed_names(side.name, [(u.id, place_noun(None, (u.kind,))) for u in side.units if not u.name],
                                    listed=True))
        for _, unit in self.units():
            nameless = [p for p in unit.pieces if not p.name]
            if len(unit.pieces) == 1 and nameless:
                out[nameless[0].id] = out[unit.id]
            elif nameless:
                out.update(placed_names(out[unit.id], [(p.id, place_noun(p.role, p.weapons)) for p in nameless]))
        return out

    def wording(self) -> Wording:
        """The rules' texts in this scenario's words: names for ids (:meth:`spoken_names`), sides
        included, and grid cells as the board labels them. Built once (the opponent words a
        victory verdict for every position it judges)."""
        return self._wording

    @cached_property
    def _wording(self) -> Wording:
        from wgkit.scenario.places import placer  # shapely: loaded once a text is worded

        grid = self.table.grid is not None
        return Wording({**{s.id: s.name for s in self.sides}, **self.spoken_names()}, cells=grid,
                       place=None if grid else placer(self), kept=[f.name for f in self.terrain if f.name])

    def __getstate__(self) -> dict:
        """Pickled (to a Dask worker) without what it builds for itself: the wording holds a closure."""
        return {k: v for k, v in self.__dict__.items() if k != "_wording"}

    def glossary(self) -> Glossary:
        """Its ruleset's terms (FP, TPD, MPs), to mark where a page first uses each."""
        from wgkit.facts.registry import find_ruleset

        return Glossary(find_ruleset(self.ruleset).glossary)

    def piece(self, piece_id: str) -> Piece:
        """The scenario's piece (figure, stand) with this id."""
        try:
            return self._by_id[0][piece_id]
        except KeyError:
            raise KeyError(f"the scenario has no piece {piece_id!r}") from None

    def unit(self, unit_id: str) -> Unit:
        try:
            return self._by_id[1][unit_id]
        except KeyError:
            raise KeyError(f"the scenario has no unit {unit_id!r}") from None

    @cached_property
    def _by_id(self) -> tuple[dict[str, Piece], dict[str, Unit]]:
        """Pieces and units by id, built once (a scenario never changes: edits make a new one)."""
        pieces: dict[str, Piece] = {}
        for _, _, p in self.pieces():
            pieces.setdefault(p.id, p)
        units: dict[str, Unit] = {}
        for _, u in self.units():
            units.setdefault(u.id, u)
        return pieces, units

    def feature(self, feature_id: str) -> Feature:
        return next(f for f in self.terrain if f.id == feature_id)

    def with_(self, **changes: Any) -> "Scenario":
        return replace(self, **changes)

    def _repr_png_(self) -> bytes:
        """Show the table when a scenario is the last value of a notebook cell (lazy import)."""
        from wgkit.render.scene import build_scene
        from wgkit.render.static import png_bytes

        return png_bytes(build_scene(self))

    def _repr_svg_(self) -> str:
        """The table as SVG, labels as text (lazy import)."""
        from wgkit.render.scene import build_scene
        from wgkit.render.static import svg_text

        return svg_text(build_scene(self))
