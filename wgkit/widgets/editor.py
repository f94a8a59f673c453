"""ScenarioEditor: draw terrain, place units, see what a point can see, export valid YAML."""

from __future__ import annotations

import copy
import html
import math
from typing import Any

import ipywidgets as W
import numpy as np

from wgkit.geometry.grids import grid_from_spec
from wgkit.geometry.los import SightField
from wgkit.geometry.terrain import TerrainIndex
from wgkit.render import style as S
from wgkit.render.canvas import BoardCanvas
from wgkit.render.scene import Shape, build_scene
from wgkit.rules.registry import get_ruleset
from wgkit.rules.registry import RULESETS
from wgkit.scenario.io import dumps
from wgkit.scenario.model import Scenario
from wgkit.scenario.reader import Located
from wgkit.scenario.shapes import feature_geometry
from wgkit.scenario.validate import problems
from wgkit.vocabulary import TERRAIN_TYPES
from wgkit.widgets.errors import ErrorArea

TOOLS = ("select", "polygon", "rectangle", "circle", "line", "unit", "viewshed")
VIEWSHED_STEP = 1.0  # inches between the sample points of a viewshed


def blank(ruleset: str = "close_action", width: float = 48, depth: float = 36) -> dict[str, Any]:
    """A new scenario document with two empty-handed sides."""
    r = RULESETS[ruleset]
    table: dict[str, Any] = {"width": width, "depth": depth}
    if r.grid == "required":
        table["grid"] = {"type": "square", "size": 6}
    kind = next((k for k in ("officer", "leader", "platoon_leader", "hq") if k in r.unit_kinds), sorted(r.unit_kinds)[0])

    def side(sid: str, name: str, colour: str, role: str, y: float, facing: float) -> dict[str, Any]:
        piece = {"id": f"{sid}_leader", "position": [width / 2, y], "facing": facing}
        return {"id": sid, "name": name, "colour": colour, "role": role,
                "units": [{"id": f"{sid}_hq", "kind": kind, r.pieces: [piece]}]}

    return {"title": "New scenario", "ruleset": ruleset, "table": table, "terrain": [],
            "sides": [side("blue", "Attacker", "#4b5d2f", "attacker", 2.0, 0),
                      side("red", "Defender", "#6e7b8b", "defender", depth - 2.0, 180)]}


class ScenarioEditor:
    """Click-driven editing of a scenario document, validated live."""

    def __init__(self, scenario: Scenario | dict | None = None, px_per_inch: float | None = None):
        self.data = (scenario.to_dict() if isinstance(scenario, Scenario) else copy.deepcopy(scenario)) or blank()
        self.data.setdefault("terrain", [])
        t = self.data["table"]
        self.errors = ErrorArea()
        self.canvas = BoardCanvas(t["width"], t["depth"], px_per_inch or min(14.0, 840.0 / t["width"]))
        self.tool = W.ToggleButtons(options=TOOLS, value="polygon", description="Tool")
        self.type = W.Dropdown(options=sorted(TERRAIN_TYPES), value="woods", description="Terrain")
        self.variant = W.Text(description="Variant", placeholder="e.g. full, low")
        self.height = W.BoundedFloatText(description="Hill height", value=1, min=0, max=10)
        self.line_width = W.BoundedFloatText(description="Line width", value=0.5, min=0.05, max=12)
        ruleset = RULESETS[self.data["ruleset"]]
        self.side = W.Dropdown(options=[s["id"] for s in self.data["sides"]], description="Side")
        self.kind = W.Dropdown(options=sorted(ruleset.unit_kinds), description="Unit kind")
        self.snap = W.Checkbox(value=bool(t.get("grid")), description="Snap to grid")
        self.finish_button = W.Button(description="Finish shape")
        self.delete_button = W.Button(description="Delete selected", button_style="danger")
        self.export_button = W.Button(description="Export YAML", button_style="primary")
        self.report = W.HTML()
        self.yaml = W.Textarea(layout=W.Layout(width="100%", height="200px"))
        self.pending: list[tuple[float, float]] = []
        self.selected: str | None = None
        self.viewshed: list[Shape] = []
        self._drag: tuple[float, float] | None = None
        self._valid: Scenario | None = None
        self.type.observe(self.errors.guard(lambda change: self.retype(change["new"])), "value")
        self.finish_button.on_click(self.errors.guard(lambda _: self.finish()))
        self.delete_button.on_click(self.errors.guard(lambda _: self.delete()))
        self.export_button.on_click(self.errors.guard(lambda _: self.export()))
        mc = self.canvas.widget
        mc.on_mouse_down(self.errors.guard(lambda px, py: self.click(*self.canvas.to_table(px, py))))
        mc.on_mouse_up(self.errors.guard(lambda px, py: self.release(*self.canvas.to_table(px, py))))
        controls = W.VBox([self.tool, W.HBox([self.type, self.variant]), W.HBox([self.height, self.line_width]),
                           W.HBox([self.side, self.kind, self.snap]),
                           W.HBox([self.finish_button, self.delete_button, self.export_button])])
        self.widget = W.VBox([controls, self.errors.widget, self.canvas.widget, self.canvas.style, self.report, self.yaml])
        self.refresh()

    # -- ids, snapping -----------------------------------------------------------------------------
    def _ids(self) -> set[str]:
        ids = {f["id"] for f in self.data["terrain"]}
        for s in self.data["sides"]:
            ids.add(s["id"])
            for u in s["units"]:
                ids.add(u["id"])
                ids.update(p["id"] for p in u.get("figures", []) + u.get("stands", []))
        return ids

    def _new_id(self, stem: str) -> str:
        used, n = self._ids(), 1
        while f"{stem}{n}" in used:
            n += 1
        return f"{stem}{n}"

    def _grid(self):
        g = self.data["table"].get("grid")
        return grid_from_spec(g, self.data["table"]["width"], self.data["table"]["depth"]) if g else None

    def snapped(self, x: float, y: float) -> tuple[float, float]:
        grid = self._grid()
        if not (self.snap.value and grid):
            return (round(x, 2), round(y, 2))
        corners = [c for cell in [grid.cell_of(x, y)] if cell for c in grid.corners(cell)]
        best = min(corners, key=lambda c: math.dist(c, (x, y)), default=(x, y))
        return (round(best[0], 3), round(best[1], 3))

    # -- clicks ---------------------------------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        tool = self.tool.value
        if tool == "select":
            self.selected = self.pick(x, y)
            self._drag = (x, y) if self.selected else None
        elif tool == "unit":
            self.place_unit(x, y)
        elif tool == "viewshed":
            self.show_viewshed(x, y)
        else:
            self.pending.append(self.snapped(x, y))
            if (tool in ("rectangle", "circle") and len(self.pending) == 2):
                self.finish()
        self.refresh()

    def release(self, x: float, y: float) -> None:
        if self.tool.value != "select" or self._drag is None or self.selected is None:
            return
        dx, dy = x - self._drag[0], y - self._drag[1]
        self._drag = None
        if math.hypot(dx, dy) >= 0.2:
            self.translate(self.selected, dx, dy)

    def pick(self, x: float, y: float) -> str | None:
        """The piece within 0.8" of the point, else the topmost terrain feature under it."""
        for s in self.data["sides"]:
            for u in s["units"]:
                for p in u.get("figures", []) + u.get("stands", []):
                    if "position" in p and math.dist(p["position"], (x, y)) < 0.8:
                        return p["id"]
        from shapely.geometry import Point

        for f in reversed(self.data["terrain"]):
            if "edges" not in f and feature_geometry(f).buffer(f.get("width", 0.5) / 2 if "line" in f else 0).covers(Point(x, y)):
                return f["id"]
        return None

    # -- edits -----------------------------------------------------------------------------------------
    def finish(self) -> dict:
        """Turn the clicked points into a feature of the chosen type."""
        tool, pts = self.tool.value, self.pending
        need = {"polygon": 3, "line": 2, "rectangle": 2, "circle": 2}.get(tool, 0)
        if len(pts) < need:
            raise ValueError(f"a {tool} needs {need} clicks; you have made {len(pts)}")
        f: dict[str, Any] = {"id": self._new_id(self.type.value.replace("_", "")), "type": self.type.value}
        if self.variant.value.strip():
            f["variant"] = self.variant.value.strip()
        if self.type.value == "hill":
            f["height"] = self.height.value
        if tool == "polygon":
            f["polygon"] = [list(p) for p in pts]
        elif tool == "line":
            f["line"] = [list(p) for p in pts]
            f["width"] = self.line_width.value
        elif tool == "rectangle":
            (x0, y0), (x1, y1) = pts[:2]
            f["rectangle"] = {"center": [round((x0 + x1) / 2, 3), round((y0 + y1) / 2, 3)],
                              "size": [round(abs(x1 - x0), 3), round(abs(y1 - y0), 3)]}
        else:
            f["circle"] = {"center": list(pts[0]), "radius": round(math.dist(pts[0], pts[1]), 3)}
        self.pending = []
        self.data["terrain"].append(f)
        self.selected = f["id"]
        self.refresh()
        return f

    def retype(self, new_type: str) -> None:
        """Give the selected terrain feature a new type (when the select tool is active)."""
        if self.tool.value != "select" or self.selected is None:
            return
        for f in self.data["terrain"]:
            if f["id"] == self.selected:
                f["type"] = new_type
                f.pop("variant", None)
                if new_type == "hill":
                    f.setdefault("height", self.height.value)
                else:
                    f.pop("height", None)
        self.refresh()

    def place_unit(self, x: float, y: float) -> dict:
        ruleset = RULESETS[self.data["ruleset"]]
        side = next(s for s in self.data["sides"] if s["id"] == self.side.value)
        uid = self._new_id(f"{side['id']}_u")
        piece: dict[str, Any] = {"id": self._new_id(f"{side['id']}_p"), "position": [round(x, 2), round(y, 2)]}
        grid = self._grid()
        if grid and self.snap.value and (cell := grid.cell_of(x, y)) is not None:
            piece = {"id": piece["id"], "cell": list(cell)}
        if side["role"] == "defender" and "position" in piece:
            piece["facing"] = 180
        unit = {"id": uid, "kind": self.kind.value, ruleset.pieces: [piece]}
        side["units"].append(unit)
        self.selected = piece["id"]
        self.refresh()
        return unit

    def translate(self, ident: str, dx: float, dy: float) -> None:
        for f in self.data["terrain"]:
            if f["id"] == ident:
                for key in ("polygon", "line"):
                    if key in f:
                        f[key] = [[round(x + dx, 3), round(y + dy, 3)] for x, y in f[key]]
                for key in ("rectangle", "circle"):
                    if key in f:
                        c = f[key]["center"]
                        f[key]["center"] = [round(c[0] + dx, 3), round(c[1] + dy, 3)]
        for s in self.data["sides"]:
            for u in s["units"]:
                for p in u.get("figures", []) + u.get("stands", []):
                    if p["id"] == ident and "position" in p:
                        p["position"] = [round(p["position"][0] + dx, 2), round(p["position"][1] + dy, 2)]
        self.refresh()

    def delete(self, ident: str | None = None) -> None:
        ident = ident or self.selected
        if ident is None:
            raise ValueError("select a feature or piece first")
        self.data["terrain"] = [f for f in self.data["terrain"] if f["id"] != ident]
        for s in self.data["sides"]:
            for u in s["units"]:
                for key in ("figures", "stands"):
                    if key in u:
                        u[key] = [p for p in u[key] if p["id"] != ident]
            s["units"] = [u for u in s["units"] if u.get("figures") or u.get("stands")]
        self.selected = None
        self.refresh()

    # -- checks, views, export ------------------------------------------------------------------------
    def problems(self) -> list[str]:
        return [str(p) for p in problems(Located(self.data, "editor"))]

    def scenario(self) -> Scenario:
        found = self.problems()
        if found:
            raise ValueError("the scenario is not valid yet:\n" + "\n".join(found))
        return Scenario.from_dict(copy.deepcopy(self.data))

    def show_viewshed(self, x: float, y: float) -> int:
        """Shade every point of the table (on a 1" lattice) visible from (x, y); returns the count."""
        scenario = Scenario.from_dict(copy.deepcopy(self.data)) if not self.problems() else None
        if scenario is None:
            raise ValueError("fix the scenario's problems before computing a viewshed")
        t = self.data["table"]
        xs, ys = np.meshgrid(np.arange(0.5, t["width"], VIEWSHED_STEP), np.arange(0.5, t["depth"], VIEWSHED_STEP))
        pts = np.r_[[[x, y]], np.c_[xs.ravel(), ys.ravel()]]
        seen, _ = SightField(TerrainIndex.from_scenario(scenario), pts, get_ruleset(scenario.ruleset).los_policy).fan(0)
        h = VIEWSHED_STEP / 2
        self.viewshed = [Shape("polygon", np.array([[px - h, py - h], [px + h, py - h], [px + h, py + h], [px - h, py + h]]),
                               S.LOS_CLEAR, None, alpha=0.25, tag="viewshed") for px, py in pts[1:][seen[1:]]]
        self.viewshed.append(Shape("circle", np.array([[x, y]]), S.SELECT, "#111111", 0.05, radius=0.4, tag="viewshed"))
        return int(seen[1:].sum())

    def zone_viewshed(self, corners: list[tuple[float, float]], colour: str = S.LOS_CLEAR, step: float = 3.0) -> int:
        """Shade every lattice point of the table that some point of a deployment zone (a polygon,
        sampled every ``step`` inches) can see; returns the count. Zones add up on the canvas."""
        from shapely.geometry import Point, Polygon

        scenario = Scenario.from_dict(copy.deepcopy(self.data)) if not self.problems() else None
        if scenario is None:
            raise ValueError("fix the scenario's problems before computing a viewshed")
        zone = Polygon(corners)
        t = self.data["table"]
        xs, ys = np.meshgrid(np.arange(0.5, t["width"], VIEWSHED_STEP), np.arange(0.5, t["depth"], VIEWSHED_STEP))
        lattice = np.c_[xs.ravel(), ys.ravel()]
        minx, miny, maxx, maxy = zone.bounds
        samples = [(x, y) for x in np.arange(minx + step / 2, maxx, step) for y in np.arange(miny + step / 2, maxy, step)
                   if zone.contains(Point(x, y))] or [tuple(zone.representative_point().coords[0])]
        terrain = TerrainIndex.from_scenario(scenario)
        seen = np.zeros(len(lattice), dtype=bool)
        for sx, sy in samples:
            field = SightField(terrain, np.r_[[[sx, sy]], lattice], get_ruleset(scenario.ruleset).los_policy)
            seen |= field.fan(0)[0][1:]
        h = VIEWSHED_STEP / 2
        self.viewshed += [Shape("polygon", np.array([[px - h, py - h], [px + h, py - h], [px + h, py + h], [px - h, py + h]]),
                                colour, None, alpha=0.2, tag="viewshed") for px, py in lattice[seen]]
        self.viewshed.append(Shape("polygon", np.asarray(corners, dtype=float), None, colour, 0.12, tag="viewshed"))
        self.refresh()
        return int(seen.sum())

    def export(self) -> str:
        text = dumps(self.scenario())
        self.yaml.value = text
        return text

    def refresh(self) -> None:
        found = self.problems()
        self.report.value = ("<span style='color:#1a7f37'>valid scenario</span>" if not found else
                             "<pre style='color:#9b1c1c'>" + html.escape("\n".join(found)) + "</pre>")
        if not found:
            self._valid = Scenario.from_dict(copy.deepcopy(self.data))
        if getattr(self, "_valid", None) is None:
            return  # nothing valid to draw yet; the report says why
        pending = [Shape("circle", np.array([p]), S.SELECT, "#111111", 0.03, radius=0.25, tag="pending")
                   for p in self.pending]
        if len(self.pending) > 1:
            pending.append(Shape("line", np.array(self.pending), None, S.SELECT, 0.08, tag="pending"))
        picked = []
        if self.selected:
            picked = [Shape("text", np.array([[self.data["table"]["width"] / 2, self.data["table"]["depth"] - 0.8]]),
                            S.TEXT, text=f"selected: {self.selected}", size=0.6, tag="selected")]
        scene = build_scene(self._valid, overlays=self.viewshed + pending + picked)
        self.canvas.draw(scene)
