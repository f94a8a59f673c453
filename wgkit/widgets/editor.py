"""ScenarioEditor: write a whole scenario on the canvas and in forms, open and save it as a file.

The widget is a face on a :class:`~wgkit.scenario.draft.Draft`: every button calls one of the
draft's edits, so what a click does a notebook can script (``editor.add_area("woods", polygon)``),
and every edit can be undone. The validator's one-line errors stand beside the canvas.
"""

from __future__ import annotations

import copy
import html
import math
from pathlib import Path
from typing import Any

import ipywidgets as W
import numpy as np

from wgkit.geometry.los import SightField
from wgkit.geometry.terrain import TerrainIndex
from wgkit.render import style as S
from wgkit.render.canvas import BoardCanvas
from wgkit.render.scene import build_scene, readable_label_size
from wgkit.render.shapes import Shape
from wgkit.render.static import png_bytes
from wgkit.facts.registry import RULESETS
from wgkit.rules.registry import get_ruleset
from wgkit.scenario.draft import Draft, blank
from wgkit.scenario.model import CONDITION_KINDS, Scenario
from wgkit.scenario.schema import EDGES
from wgkit.scenario.templates import templates_for
from wgkit.geometry.shapes import feature_geometry
from wgkit.victory import describe
from wgkit.facts.common import NATION_COLOURS, NATIONALITIES, SIDE_ROLES
from wgkit.widgets.errors import ErrorArea
from wgkit.widgets.menu import Menu
from wgkit.widgets.shown import ShownWidth
from wgkit.widgets.still import StillBox

BOARD_PX = 840  # the editor's board is this wide whatever the table (the forms take the rest of the row)


def _row(widgets: list[W.Widget]) -> W.HBox:
    """Fields side by side that wrap onto the next line rather than run off a narrow panel;
    a button as wide as its words (never cut to "Reshape selec...")."""
    for w in widgets:
        look = w.shown.layout if isinstance(w, Menu) else w.layout
        if isinstance(w, W.Button):
            look.width = "auto"
        elif look.width is None:  # a field shares the row, down to 200 px before it wraps
            look.width, look.flex, look.min_width = "auto", "1 1 200px", "0"
    return W.HBox(widgets, layout=W.Layout(flex_flow="row wrap"))


def board_scale(width: float) -> float:
    """Canvas pixels per table inch: the board :data:`BOARD_PX` wide (a small table drawn large)."""
    return min(40.0, BOARD_PX / width)

__all__ = ["ScenarioEditor", "blank"]

TOOLS = ("select", "polygon", "rectangle", "circle", "line", "unit", "viewshed", "pin")
VIEWSHED_STEP = 1.0  # inches between the sample points of a viewshed
PICK_RADIUS = 0.8  # inches: a click this near a piece picks it
MOVE_THRESHOLD = 0.2  # inches: a shorter drag is a click, not a move


def _num(text: str) -> float | None:
    text = text.strip()
    return float(text) if text else None


class ScenarioEditor:
    """Click-driven and scriptable editing of a scenario, validated live (see the module docstring)."""

    def __init__(self, scenario: Scenario | dict | Draft | None = None, px_per_inch: float | None = None,
                 path: str | Path | None = None):
        self.draft = scenario if isinstance(scenario, Draft) else Draft(scenario, path)
        t = self.data["table"]
        self.errors = ErrorArea()
        self.canvas = BoardCanvas(t["width"], t["depth"], px_per_inch or board_scale(t["width"]))
        self.pending: list[tuple[float, float]] = []
        self.selected: str | None = None
        self.viewshed: list[Shape] = []
        self._sight_requests: list[tuple[str, Any]] = []  # recomputed when the terrain changes
        self._terrain_drawn: Any = None
        self._drag: tuple[float, float] | None = None
        self._drawn: Scenario | None = None  # the draft as last drawn: valid or not, as long as it can be drawn
        g = self.errors.guard
        # file bar
        self.file = W.Text(value=str(self.draft.path or ""), placeholder="scenario.yaml", description="File")
        self.open_button = W.Button(description="Open", icon="folder-open")
        self.save_button = W.Button(description="Save", icon="save", button_style="primary")
        self.save_as_button = W.Button(description="Save as", tooltip="save under the name in File")
        self.undo_button = W.Button(description="Undo", icon="undo")
        self.redo_button = W.Button(description="Redo", icon="repeat")
        self.file_status = W.HTML()
        self.open_button.on_click(g(lambda _: self.open(self.file.value)))
        self.save_button.on_click(g(lambda _: self.save()))
        self.save_as_button.on_click(g(lambda _: self.save(self.file.value)))
        self.undo_button.on_click(g(lambda _: self.undo()))
        self.redo_button.on_click(g(lambda _: self.redo()))
        # scenario fields
        self.title = W.Text(description="Title")
        self.description = W.Textarea(description="Description", layout=W.Layout(width="95%", height="70px"))
        self.ruleset = Menu(options=[(r.name, r.id) for r in RULESETS.values()], description="Ruleset")
        self.width = W.BoundedFloatText(description="Width (in)", min=1, max=10_000)
        self.depth = W.BoundedFloatText(description="Depth (in)", min=1, max=10_000)
        self.grid_type = Menu(options=[("none", ""), ("square", "square"), ("hex, flat", "hex/flat"),
                                       ("hex, pointy", "hex/pointy")], description="Grid")
        self.grid_size = W.BoundedFloatText(description="Cell (in)", value=6, min=0.1, max=100)
        self.seed = W.Text(description="Seed", placeholder="none")
        self.turns = W.Text(description="Turns", placeholder="no limit")
        self.apply_fields = W.Button(description="Apply", button_style="info")
        self.apply_fields.on_click(g(lambda _: self.apply_scenario_fields()))
        self.ruleset_report = W.HTML()
        # sides
        self.side = Menu(description="Side")
        self.side_name = W.Text(description="Name")
        self.side_colour = W.ColorPicker(description="Colour", concise=False)
        self.side_role = Menu(options=list(SIDE_ROLES), description="Role")
        self.nationality = Menu(description="Nationality")
        self.apply_side = W.Button(description="Apply to side", button_style="info")
        self.add_side_button = W.Button(description="Add a side")
        self.side.observe(g(lambda change: self._show_side()), "value")
        self.apply_side.on_click(g(lambda _: self.apply_side_fields()))
        self.add_side_button.on_click(g(lambda _: self._add_side()))
        # terrain
        self.tool = W.ToggleButtons(options=TOOLS, value="polygon", description="Tool",
                                    style={"button_width": "84px"})
        self.type = Menu(description="Terrain", layout=W.Layout(width="98%"))
        self.meaning = W.HTML()  # what the chosen terrain type means in play, and who says so
        self.feature_name = W.Text(description="Name", placeholder="optional")
        self.variant = W.Text(description="Variant", placeholder="e.g. full, low")
        self.height = W.BoundedFloatText(description="Hill height", value=1, min=0, max=10)
        self.line_width = W.BoundedFloatText(description="Line width", value=0.5, min=0.05, max=12)
        self.snap = W.Checkbox(value=bool(t.get("grid")), description="Snap to grid")
        self.finish_button = W.Button(description="Finish shape")
        self.apply_feature = W.Button(description="Apply to selected", tooltip="type, name, variant, height, width")
        self.reshape_button = W.Button(description="Reshape selected", tooltip="give the selected feature the points "
                                       "clicked since (polygon or line tool)")
        self.delete_button = W.Button(description="Delete selected", button_style="danger")
        self.geo_file = W.Text(description="GeoJSON", placeholder="terrain.geojson")
        self.geo_import = W.Button(description="Import GeoJSON", tooltip="areas and lines with a 'type' property, "
                                   "at the ruleset's ground scale")
        self.geo_export = W.Button(description="Export GeoJSON")
        self.geo_units = Menu(description="Units", value="auto", layout=W.Layout(width="420px"), options=[
            ("as the file's crs says, else longitude/latitude", "auto"), ("longitude and latitude", "lonlat"),
            ("metres on the ground", "metres"), ("table inches", "inches")])
        self.geo_scale = W.HTML()
        self.geo_report = W.HTML()
        self.geo_import.on_click(g(lambda _: self._import_geojson()))
        self.geo_export.on_click(g(lambda _: self._export_geojson()))
        self.picture = W.Text(description="Picture", placeholder="map.png (PNG or JPEG)")
        self.picture_button = W.Button(description="Put under the table")
        self.opacity = W.FloatSlider(value=0.6, min=0.1, max=1, step=0.05, description="Opacity")
        self.picture_button.on_click(g(lambda _: self.set_background(self.picture.value.strip(), opacity=self.opacity.value)))
        self.pin_help = W.HTML("<small>To scale and turn the picture: tool <b>pin</b>, click a landmark on the "
                               "picture, then where it belongs on the table; twice, two landmarks far apart.</small>")
        self._pin_from: tuple[float, float] | None = None
        self._pins = 0  # landmarks pinned since the picture was put under the table
        self.type.observe(g(lambda change: self.retype(change["new"])), "value")
        self.nationality.observe(lambda change: setattr(self.side_colour, "value", NATION_COLOURS[change["new"]])
                                 if change["new"] in NATION_COLOURS else None, "value")
        self.finish_button.on_click(g(lambda _: self.finish()))
        self.apply_feature.on_click(g(lambda _: self.apply_feature_fields()))
        self.reshape_button.on_click(g(lambda _: self.reshape_selected()))
        self.delete_button.on_click(g(lambda _: self.delete()))
        # units
        self.template = Menu(description="Template", layout=W.Layout(width="98%"),
                             tooltip="a unit as the kit's own scenarios field it, placed in one click")
        self.kind = Menu(description="Unit kind")
        self.unit_name = W.Text(description="Unit name", placeholder="optional")
        self.quality = Menu(description="Quality")
        self.figures = W.BoundedIntText(value=1, min=1, max=40, description="Figures")
        self.weapons = Menu(kind=W.SelectMultiple, description="Weapons", rows=5)
        self.weapons_to = Menu(description="Weapons to", value="all", layout=W.Layout(width="98%"), options=[
            ("every figure", "all"), ("one figure: the first placed, or the one selected", "one")])
        self.with_leader = W.Checkbox(value=False, description="first figure leads")
        self.unit_leader = Menu(description="Led by", tooltip="a figure of the unit, or another unit or figure "
                                "of its side (an officer leading it)")
        self.apply_unit = W.Button(description="Apply to selected unit")
        self.apply_unit.on_click(g(lambda _: self.apply_unit_fields()))
        # victory
        self.victory_text = W.Textarea(description="In words", layout=W.Layout(width="95%", height="50px"))
        self.otherwise = Menu(description="Level points")
        self.cond_side = Menu(description="Scores")
        self.cond_kind = Menu(options=list(CONDITION_KINDS), description="Condition")
        self.cond_target = Menu(description="Target")
        self.cond_points = W.BoundedFloatText(value=1, min=0.5, max=100, description="Points")
        self.cond_amount = W.BoundedFloatText(value=1, min=0, max=1000, description="Units/share",
                                              tooltip="exit: how many units; casualties: a share (0 to 1) or a count")
        self.add_condition_button = W.Button(description="Add condition", button_style="info")
        self.apply_victory = W.Button(description="Apply words")
        self.conditions = Menu(kind=W.Select, description="Conditions", rows=4, layout=W.Layout(width="95%"))
        self.remove_condition = W.Button(description="Remove condition", button_style="danger")
        self.cond_kind.observe(g(lambda change: self._targets()), "value")
        self.cond_side.observe(g(lambda change: self._targets()), "value")
        self.add_condition_button.on_click(g(lambda _: self._add_condition()))
        self.apply_victory.on_click(g(lambda _: self._apply_victory()))
        self.remove_condition.on_click(g(lambda _: self._remove_condition()))
        # output
        self.report = W.HTML()
        self.yaml = W.Textarea(layout=W.Layout(width="98%", height="200px"), disabled=True)  # borders inside the panel
        mc = self.canvas.widget
        mc.on_mouse_down(g(lambda px, py: self.click(*self.canvas.to_table(px, py))))
        mc.on_mouse_up(g(lambda px, py: self.release(*self.canvas.to_table(px, py))))
        tabs = W.Tab(children=[
            W.VBox([self.title, self.description, self.ruleset, _row([self.width, self.depth]),
                    _row([self.grid_type, self.grid_size]), _row([self.seed, self.turns]),
                    self.apply_fields, self.ruleset_report]),
            W.VBox([self.side, self.side_name, _row([self.side_colour, self.side_role]), self.nationality,
                    _row([self.apply_side, self.add_side_button])]),
            W.VBox([self.type, self.meaning, _row([self.feature_name, self.variant]),
                    _row([self.height, self.line_width]), self.snap,
                    _row([self.finish_button, self.apply_feature, self.reshape_button, self.delete_button]),
                    _row([self.geo_file, self.geo_import, self.geo_export]),
                    _row([self.geo_units, self.geo_scale]), self.geo_report,
                    _row([self.picture, self.picture_button]), self.opacity, self.pin_help]),
            W.VBox([W.HTML("Choose the tool <b>unit</b> and click the table to place a unit of this side: "
                           "a template, or the kind, quality and weapons below."),
                    self.side, self.template, _row([self.kind, self.quality]), _row([self.unit_name, self.figures]),
                    _row([self.weapons, W.VBox([self.weapons_to, self.with_leader])]), self.unit_leader,
                    self.apply_unit]),
            W.VBox([self.victory_text, self.otherwise, self.apply_victory,
                    _row([self.cond_side, self.cond_kind]), _row([self.cond_target, self.cond_points]),
                    self.cond_amount, self.add_condition_button, self.conditions, self.remove_condition]),
        ], titles=("Scenario", "Sides", "Terrain", "Units", "Victory"), layout=W.Layout(width="100%"))
        self.tabs = tabs
        bar = W.HBox([self.file, self.open_button, self.save_button, self.save_as_button,
                      self.undo_button, self.redo_button, self.file_status], layout=W.Layout(flex_flow="row wrap"))
        self.places = W.ToggleButton(value=True, description="place names", tooltip="the features' names on the "
                                     "board, or the table without them", layout=W.Layout(width="auto"))
        self.places.observe(g(lambda _: self.refresh()), "value")
        self.shown = ShownWidth()  # how wide the page shows the table: labels sized to stay readable there
        self.shown.observe(g(lambda _: self._resized()), "width")
        self._labels = 0.0  # label height in inches, as last drawn (0: the scenario's own)
        board = W.VBox([W.HBox([self.tool, self.places], layout=W.Layout(align_items="flex-end")), self.canvas.widget,
                        self.shown], layout=W.Layout(flex="0 0 auto"))
        forms = W.VBox([tabs, self.errors.widget, W.HTML("<b>Problems</b>"), self.report],
                       layout=W.Layout(flex="1 1 0", min_width="420px"))
        self.widget = StillBox([bar, W.HBox([board, forms], layout=W.Layout(align_items="flex-start")),
                                self.canvas.style,
                                W.HTML("<b>The scenario as YAML</b> <small>(as Save writes it, after every edit)</small>"),
                                self.yaml],
                               lambda: png_bytes(build_scene(self._drawn)) if self._drawn is not None else None)
        self._load_menus()
        self.refresh()

    # -- the draft underneath -------------------------------------------------------------------
    @property
    def data(self) -> dict[str, Any]:
        return self.draft.data

    @property
    def scenario(self) -> Scenario:
        """The finished scenario (raises ``ValueError`` listing the problems while there are any)."""
        return self.draft.scenario

    def problems(self) -> list[str]:
        return self.draft.problems()

    def __getattr__(self, name: str) -> Any:
        """The draft's edits are the editor's scripting API: ``add_area``, ``add_line``, ``add_unit``,
        ``add_condition``, ``move``, ``reshape``, ``set`` ... each redraws the editor afterwards."""
        if name.startswith("_") or name not in _SCRIPTED:
            raise AttributeError(name)
        edit = getattr(self.__dict__["draft"], name)

        def run(*args: Any, **kwargs: Any) -> Any:
            out = edit(*args, **kwargs)
            if name in ("set_ruleset", "set_table", "set_side", "add_side", "import_geojson"):
                self._resize()
                self._load_menus()
            self.refresh()
            return out

        run.__doc__ = edit.__doc__
        return run

    # -- files and history -------------------------------------------------------------------------
    def open(self, path: str | Path) -> None:
        """Edit a scenario file (kept as written even when it has problems)."""
        if not str(path).strip():
            raise ValueError("type the scenario file's name in File first")
        self.draft = Draft.open(path)
        self.selected, self.pending, self.viewshed, self._sight_requests = None, [], [], []
        self._drawn = None
        self.file.value = str(self.draft.path)
        self._resize()
        self._load_menus()
        self.refresh()

    def save(self, path: str | Path | None = None) -> list[str]:
        """Save (or Save As ``path``); the file is written even with problems, which are returned."""
        if path is not None and not str(path).strip():
            raise ValueError("type a file name in File to save as")
        if path is None and self.draft.path is None:
            path = self.file.value.strip() or None
        found = self.draft.save(path)
        self.file.value = str(self.draft.path)
        self.refresh()
        return found

    def undo(self) -> str:
        label = self.draft.undo()
        self._after_history()
        return label

    def redo(self) -> str:
        label = self.draft.redo()
        self._after_history()
        return label

    def _after_history(self) -> None:
        if self.selected and self.selected not in self.draft.ids():
            self.selected = None
        self._resize()
        self._load_menus()
        self.refresh()

    def _resized(self) -> None:
        """The page shows the table at another width: drawn again where that changes the labels."""
        if self._drawn is not None and abs(readable_label_size(self._drawn, self.shown.width) - self._labels) > \
                0.02 * self._labels:
            self.refresh()

    def _offer_templates(self) -> None:
        """The template menu for the chosen side's nation (the ruleset's units, fielded as that
        nation where the ruleset's scenarios have none of its own), redrawn only when it changes."""
        nation = self.draft.side(self.side.value).get("nationality") if self.side.value else None
        chosen, offered = self.template.value, templates_for(self.draft.ruleset.id, nation or None)
        menu = [("(none: the fields below)", None)] + [(t.label, t) for t in offered]
        if list(self.template.options) != menu:
            before = [t for _, t in self.template.options[1:]]
            self.template.options = menu
            same = chosen is not None and chosen.ruleset == self.draft.ruleset.id and chosen in before \
                and len(before) == len(offered)
            # the same unit as this side fields it (the menus keep one order); another ruleset's goes
            self.template.value = offered[before.index(chosen)] if same else None

    def _resize(self) -> None:
        t = self.data["table"]
        if (self.canvas.width, self.canvas.depth) != (t["width"], t["depth"]):
            self.canvas = BoardCanvas(t["width"], t["depth"], board_scale(t["width"]))
            mc = self.canvas.widget
            mc.on_mouse_down(self.errors.guard(lambda px, py: self.click(*self.canvas.to_table(px, py))))
            mc.on_mouse_up(self.errors.guard(lambda px, py: self.release(*self.canvas.to_table(px, py))))
            board = self.widget.children[1].children[0]
            board.children = (board.children[0], self.canvas.widget, self.shown)  # the tool row stays

    # -- menus from the ruleset's vocabulary -------------------------------------------------------------
    def _load_menus(self) -> None:
        d, r = self.data, self.draft.ruleset
        t = d["table"]
        self.title.value = d.get("title", "")
        self.description.value = d.get("description", "") or ""
        self.ruleset.value = r.id
        self.geo_scale.value = f"ground scale {html.escape(r.scale.describe())}"
        self.width.value, self.depth.value = t["width"], t["depth"]
        grid = t.get("grid") or {}
        self.grid_type.value = "" if not grid else grid["type"] if grid["type"] == "square" \
            else f"hex/{grid.get('orientation', 'flat')}"
        self.grid_size.value = grid.get("size", 6)
        self.seed.value = str(d.get("seed", "")) if d.get("seed") is not None else ""
        self.turns.value = str(d.get("turns", "")) if d.get("turns") is not None else ""
        current = self.type.value
        self.type.options = self.draft.terrain_menu()
        self.type.value = current if current in r.terrain else ("woods" if "woods" in r.terrain else self.type.options[0][1])
        self._say_meaning()
        self.kind.options = sorted(r.unit_kinds)
        if self.kind.value is None and self.kind.options:  # a kind always chosen: a click places a unit
            self.kind.value = self.kind.options[0]
        self.quality.options = [("(none)", "")] + [(q, q) for q in r.qualities]
        if self.quality.value is None:
            self.quality.value = ""
        self.weapons.options = sorted(r.weapons)
        self.nationality.options = [("(none)", "")] + [(n, n) for n in r.nationalities or NATIONALITIES]
        sides = [(s.get("name", s["id"]), s["id"]) for s in d["sides"]]
        keep = self.side.value
        self.side.options = sides
        self.side.value = keep if keep in [v for _, v in sides] else sides[0][1]
        self._offer_templates()
        self.cond_side.options = sides
        self.otherwise.options = [("a draw", "")] + sides
        v = d.get("victory")
        text = v.get("text", "") if isinstance(v, dict) else v or ""
        self.victory_text.value = "\n".join(text) if isinstance(text, list) else str(text)
        self.otherwise.value = v.get("otherwise", "") if isinstance(v, dict) else ""
        self._show_side()
        self._targets()

    def _show_side(self) -> None:
        if self.side.value is None:
            return
        s = self.draft.side(self.side.value)
        self.side_name.value = s.get("name", "")
        self.side_role.value = s.get("role", "attacker")
        nat = s.get("nationality") or ""
        self.nationality.value = nat if nat in [v for _, v in self.nationality.options] else ""
        self.side_colour.value = s.get("colour") or "#4b5d2f"  # after the nation, which proposes its own
        self._offer_templates()  # the units as the side's nation fields them

    def _targets(self) -> None:
        """The condition's target menu: areas, edges, pieces and units, or enemy sides."""
        kind, d = self.cond_kind.value, self.data
        if kind in ("hold", "contest", "deny"):
            opts = [(f.get("name") or f["id"], f["id"]) for f in d["terrain"]
                    if any(k in f for k in ("polygon", "rectangle", "circle"))]
        elif kind == "exit":
            opts = [(e, e) for e in EDGES]
        elif kind in ("destroy", "keep"):
            opts = [(self.called(u["id"]), u["id"]) for s in d["sides"] for u in s["units"]] + \
                   [(self.called(p["id"]), p["id"]) for s in d["sides"] for u in s["units"] for p in self.draft.pieces_of(u)]
        else:
            opts = [(s.get("name", s["id"]), s["id"]) for s in d["sides"] if s["id"] != self.cond_side.value]
        self.cond_target.options = opts

    # -- applying the forms ------------------------------------------------------------------------------
    def apply_scenario_fields(self) -> None:
        """Title, description, ruleset, table, grid, seed and turns from the Scenario tab."""
        seed, turns = _num(self.seed.value), _num(self.turns.value)
        self.draft.set(title=self.title.value, description=self.description.value,
                       seed=None if seed is None else int(seed), turns=None if turns is None else int(turns))
        grid: dict | None = None
        if self.grid_type.value:
            kind, _, orient = self.grid_type.value.partition("/")
            grid = {"type": kind, "size": self.grid_size.value, **({"orientation": orient} if orient else {})}
        lines = self.draft.set_table(self.width.value, self.depth.value, grid)
        if self.ruleset.value != self.data["ruleset"]:
            changed = self.draft.set_ruleset(self.ruleset.value)
            lines += changed or ["Everything fits the new ruleset."]
        self.ruleset_report.value = "<br>".join(html.escape(line) for line in lines)
        self._resize()
        self._load_menus()
        self.snap.value = bool(self.data["table"].get("grid"))
        self.refresh()

    def _import_geojson(self) -> None:
        if not self.geo_file.value.strip():
            raise ValueError("type the GeoJSON file's name first")
        report = self.draft.import_geojson(self.geo_file.value.strip(), units=self.geo_units.value)
        self._resize()
        self._load_menus()
        self.geo_report.value = "<br>".join(html.escape(line) for line in report)
        self.refresh()

    def _export_geojson(self) -> None:
        if not self.geo_file.value.strip():
            raise ValueError("type a file name for the GeoJSON first")
        self.draft.export_geojson(self.geo_file.value.strip())
        self.geo_report.value = f"terrain written to {html.escape(self.geo_file.value.strip())}"

    def apply_side_fields(self) -> None:
        self.draft.set_side(self.side.value, name=self.side_name.value, colour=self.side_colour.value,
                            role=self.side_role.value, nationality=self.nationality.value or None)
        self._load_menus()
        self.refresh()

    def _add_side(self) -> None:
        sid = self.draft.add_side("New side")
        self._load_menus()
        self.side.value = sid
        self.refresh()

    def apply_feature_fields(self) -> None:
        if self.selected is None or self.selected not in {f["id"] for f in self.data["terrain"]}:
            raise ValueError("select a terrain feature first (tool: select, then click it)")
        f = self.draft.feature(self.selected)
        fields: dict[str, Any] = {"type": self.type.value, "name": self.feature_name.value or None,
                                  "variant": self.variant.value.strip() or None}
        if self.type.value == "hill":
            fields["height"] = self.height.value
        if "line" in f:
            fields["width"] = self.line_width.value
        self.draft.set_feature(self.selected, **fields)
        self.refresh()

    def apply_unit_fields(self) -> None:
        """Name, kind and quality of the selected piece's unit; the weapons of all its pieces, or
        of the selected one only (*Weapons to*)."""
        uid = self._selected_unit()
        self.draft.set_unit(uid, name=self.unit_name.value or None, kind=self.kind.value,
                            quality=self.quality.value or None, leader=self.unit_leader.value or None)
        armed = [self.selected] if self.weapons_to.value == "one" else \
            [p["id"] for p in self.draft.pieces_of(self.draft.unit(uid))]
        for pid in armed:
            self.draft.set_piece(pid, weapons=list(self.weapons.value))
        self.refresh()

    def _selected_unit(self) -> str:
        for s in self.data["sides"]:
            for u in s["units"]:
                if self.selected == u["id"] or any(p["id"] == self.selected for p in self.draft.pieces_of(u)):
                    return u["id"]
        raise ValueError("select a piece of the unit first (tool: select, then click it)")

    def _add_condition(self) -> None:
        kind = self.cond_kind.value
        if self.cond_target.value is None:
            raise ValueError(f"nothing on the table can be the target of a {kind} condition yet")
        extra: dict[str, Any] = {}
        if kind == "exit":
            extra["units"] = max(1, int(self.cond_amount.value))
        elif kind == "casualties":
            amount = self.cond_amount.value
            extra["share" if amount <= 1 else "pieces"] = amount if amount <= 1 else int(amount)
        self.draft.add_condition(self.cond_side.value, kind, self.cond_target.value, self.cond_points.value, **extra)
        self.refresh()

    def _apply_victory(self) -> None:
        self.draft.set_victory(self.victory_text.value, self.otherwise.value or None)
        self.refresh()

    def _remove_condition(self) -> None:
        if self.conditions.value is None:
            raise ValueError("choose a condition in the list first")
        self.draft.delete(f"condition {self.conditions.value}")
        self.refresh()

    # -- snapping and clicks ---------------------------------------------------------------------------
    def snapped(self, x: float, y: float) -> tuple[float, float]:
        grid = self.draft.grid()
        if not (self.snap.value and grid):
            return (round(x, 2), round(y, 2))
        corners = [c for cell in [grid.cell_of(x, y)] if cell for c in grid.corners(cell)]
        best = min(corners, key=lambda c: math.dist(c, (x, y)), default=(x, y))
        return (round(best[0], 3), round(best[1], 3))

    def called(self, ident: str) -> str:
        """What the draft calls a feature, side, unit or piece: its name; a unit or piece without
        one as the game will ("Germans' squad", :meth:`Scenario.spoken_names`); else its id."""
        d = self.data
        units = [u for s in d["sides"] for u in s["units"]]
        for item in [*d["terrain"], *d["sides"], *units, *(p for u in units for p in self.draft.pieces_of(u))]:
            if item.get("id") == ident and item.get("name"):
                return item["name"]
        return self._drawn.spoken_names().get(ident, ident) if self._drawn is not None else ident

    def click(self, x: float, y: float) -> None:
        tool = self.tool.value
        if tool == "select":
            self.select(self.pick(x, y))
            self._drag = (x, y) if self.selected else None
        elif tool == "unit":
            self.place_unit(x, y)
        elif tool == "viewshed":
            self.show_viewshed(x, y)
        elif tool == "pin":
            self.pin(x, y)
        else:
            self.pending.append(self.snapped(x, y))
            if tool in ("rectangle", "circle") and len(self.pending) == 2:
                self.finish()
        self.refresh()

    def pin(self, x: float, y: float) -> None:
        """First click: a landmark on the picture; second: where it belongs on the table."""
        bg = self._drawn.background if self._drawn is not None else None
        if bg is None:
            raise ValueError("put a picture under the table first (Terrain: Picture)")
        if self._pin_from is None:
            ar, ai, br, bi = bg.affine()
            z = (complex(x, y) - complex(br, bi)) / complex(ar, ai)
            self._pin_from = (z.real, -z.imag)
            self.pin_help.value = (f"<small>Landmark at pixel ({z.real:.0f}, {-z.imag:.0f}) of the picture: now click "
                                   f"where it belongs on the table.</small>")
            return
        self.draft.pin_background(self._pin_from, (x, y))
        self._pin_from = None
        self._pins += 1
        self.pin_help.value = ("<small>Landmark 1 pinned. Pin a second landmark far from the first to set the scale "
                               "and the turn.</small>" if self._pins == 1 else
                               "<small>Both landmarks pinned: the picture is scaled and turned. Pin again to correct "
                               "it (the two latest pins place it).</small>")

    def set_background(self, image: str, points=None, opacity: float = 0.6) -> None:
        """Put a picture under the table (see :meth:`Draft.set_background`)."""
        if not image:
            raise ValueError("type the picture's file name first")
        self.draft.set_background(image, points, opacity)
        self._pins = 0
        self.refresh()

    def release(self, x: float, y: float) -> None:
        if self.tool.value != "select" or self._drag is None or self.selected is None:
            return
        dx, dy = x - self._drag[0], y - self._drag[1]
        self._drag = None
        if math.hypot(dx, dy) >= MOVE_THRESHOLD:
            self.draft.move(self.selected, dx, dy)
            self.refresh()

    def pick(self, x: float, y: float) -> str | None:
        """The piece near the point, else the topmost terrain feature under it."""
        piece = self.draft.nearest_piece((x, y), PICK_RADIUS)
        if piece is not None:
            return piece
        from shapely.geometry import Point

        for f in reversed(self.data["terrain"]):
            if "edges" not in f and feature_geometry(f).buffer(f.get("width", 0.5) / 2 if "line" in f else 0).covers(Point(x, y)):
                return f["id"]
        return None

    def select(self, ident: str | None) -> None:
        """Select a feature or piece and show its fields in the forms."""
        self.selected = ident
        if ident is None:
            return
        if ident in {f["id"] for f in self.data["terrain"]}:
            f = self.draft.feature(ident)
            self.feature_name.value = f.get("name", "")
            self.variant.value = f.get("variant", "")
            self.height.value = f.get("height", self.height.value)
            self.line_width.value = f.get("width", self.line_width.value)
            self.tabs.selected_index = 2
        else:
            u = self.draft.unit(self._selected_unit())
            self.unit_name.value = u.get("name", "")
            self.kind.value = u["kind"] if u["kind"] in self.kind.options else self.kind.value
            self.quality.value = u.get("quality", "") if u.get("quality", "") in [v for _, v in self.quality.options] else ""
            p = self.draft.piece(ident)
            self.weapons.value = tuple(w for w in p.get("weapons", []) if w in self.weapons.options)
            side = next(s for s in self.data["sides"] if any(x["id"] == u["id"] for x in s["units"]))
            self.unit_leader.options = [("(none)", "")] + [
                (f"{x.get('name') or x['id']} (unit)", x["id"]) for x in side["units"] if x["id"] != u["id"]] + [
                (q.get("name") or q["id"], q["id"]) for x in side["units"] for q in self.draft.pieces_of(x)]
            self.unit_leader.value = u.get("leader", "") if u.get("leader", "") in [v for _, v in self.unit_leader.options] else ""
            self.tabs.selected_index = 3

    # -- edits from the forms -------------------------------------------------------------------------
    def finish(self) -> dict:
        """Turn the clicked points into a feature of the chosen type."""
        tool, pts = self.tool.value, self.pending
        need = {"polygon": 3, "line": 2, "rectangle": 2, "circle": 2}.get(tool, 0)
        if len(pts) < need:
            raise ValueError(f"a {tool} needs {need} clicks; you have made {len(pts)}")
        extra = {"name": self.feature_name.value or None, "variant": self.variant.value.strip() or None}
        ttype = self.type.value
        if tool == "line":
            fid = self.draft.add_line(ttype, pts, self.line_width.value, **extra)
        elif tool == "polygon":
            fid = self.draft.add_area(ttype, pts, height=self.height.value if ttype == "hill" else None, **extra)
        elif tool == "rectangle":
            (x0, y0), (x1, y1) = pts[:2]
            fid = self.draft.add_area(ttype, rectangle={"center": [(x0 + x1) / 2, (y0 + y1) / 2],
                                                        "size": [abs(x1 - x0), abs(y1 - y0)]},
                                      height=self.height.value if ttype == "hill" else None, **extra)
        else:
            fid = self.draft.add_area(ttype, circle={"center": pts[0], "radius": math.dist(pts[0], pts[1])},
                                      height=self.height.value if ttype == "hill" else None, **extra)
        self.pending = []
        self.selected = fid
        self.refresh()
        return self.draft.feature(fid)

    def reshape_selected(self) -> None:
        """The selected feature takes the points clicked since it was selected (three or more for an
        area, two or more for a line)."""
        if self.selected not in {f["id"] for f in self.data["terrain"]}:
            raise ValueError("select a terrain feature first, then click its new outline with the polygon or line tool")
        f = self.draft.feature(self.selected)
        key = "line" if "line" in f else "polygon"
        need = 2 if key == "line" else 3
        if len(self.pending) < need:
            raise ValueError(f"click the new {'line' if key == 'line' else 'outline'} first: {need} points or more "
                             f"({len(self.pending)} so far)")
        self.draft.reshape(self.selected, **{key: self.pending})
        self.pending = []
        self.refresh()

    def _say_meaning(self) -> None:
        chosen = self.type.value
        self.meaning.value = (f"<div style='font-size:85%;line-height:1.35;margin:2px 0 6px'>"
                              f"{html.escape(self.draft.terrain_meaning(chosen), quote=False)}</div>") if chosen else ""

    def retype(self, new_type: str) -> None:
        """Say what the chosen terrain type means; give the selected terrain feature that type
        (when the select tool is active)."""
        self._say_meaning()
        if self.tool.value != "select" or self.selected not in {f["id"] for f in self.data["terrain"]}:
            return
        self.draft.set_feature(self.selected, type=new_type, **({"height": self.height.value} if new_type == "hill" else {}))
        self.refresh()

    def place_unit(self, x: float, y: float) -> dict:
        """A unit of the chosen template, its first piece on the point; else of the chosen kind,
        quality, weapons and number of figures, centred on the point."""
        if self.template.value is not None:
            uid = self.draft.add_template(self.side.value, self.template.value, (x, y), name=self.unit_name.value or None)
            unit = self.draft.unit(uid)
            self.selected = self.draft.pieces_of(unit)[0]["id"]
            self._load_menus()  # the side may have taken the template's nation and name
            self.refresh()
            return unit
        grid = self.draft.grid()
        count = self.figures.value
        spots = self.draft.line_of((x, y), count)
        if grid is not None and self.draft.ruleset.grid == "required":
            spots = [(x, y)] * count  # stacked in the one cell
        one = self.weapons_to.value == "one"
        uid = self.draft.add_unit(self.side.value, self.kind.value, spots, name=self.unit_name.value or None,
                                  quality=self.quality.value or None, weapons=() if one else list(self.weapons.value),
                                  leader=self.with_leader.value)
        unit = self.draft.unit(uid)
        if one and self.weapons.value:
            self.draft.set_piece(self.draft.pieces_of(unit)[0]["id"], weapons=list(self.weapons.value))
        self.selected = self.draft.pieces_of(unit)[0]["id"]
        self.refresh()
        return unit

    def delete(self, ident: str | None = None) -> None:
        ident = ident or self.selected
        if ident is None:
            raise ValueError("select a feature or piece first")
        self.draft.delete(ident)
        self.selected = None
        self.refresh()

    # -- sight ----------------------------------------------------------------------------------------
    def _lattice(self) -> np.ndarray:
        t = self.data["table"]
        xs, ys = np.meshgrid(np.arange(0.5, t["width"], VIEWSHED_STEP), np.arange(0.5, t["depth"], VIEWSHED_STEP))
        return np.c_[xs.ravel(), ys.ravel()]

    def _sight_scenario(self) -> Scenario:
        if self._drawn is None:
            raise ValueError("the draft cannot be drawn yet: fix the problems listed first")
        return self._drawn

    def show_viewshed(self, x: float, y: float) -> int:
        """Shade every point of the table (on a 1" lattice) visible from (x, y); returns the count.
        It is recomputed whenever the terrain changes."""
        self._sight_requests = [("point", (x, y))]
        self.viewshed = []
        return self._sight(("point", (x, y)))

    def zone_viewshed(self, corners: list[tuple[float, float]], colour: str = S.LOS_CLEAR, step: float = 3.0) -> int:
        """Shade every lattice point of the table that some point of a deployment zone (a polygon,
        sampled every ``step`` inches) can see; returns the count. Zones add up on the canvas."""
        request = ("zone", (tuple(map(tuple, corners)), colour, step))
        self._sight_requests.append(request)
        n = self._sight(request)
        self.refresh()
        return n

    def _sight(self, request: tuple[str, Any]) -> int:
        from shapely.geometry import Point as P, Polygon

        scenario = self._sight_scenario()
        policy = get_ruleset(scenario.ruleset).los_policy
        terrain = TerrainIndex.from_scenario(scenario)
        lattice = self._lattice()
        h = VIEWSHED_STEP / 2

        def squares(pts: np.ndarray, colour: str, alpha: float) -> list[Shape]:
            return [Shape("polygon", np.array([[px - h, py - h], [px + h, py - h], [px + h, py + h], [px - h, py + h]]),
                          colour, None, alpha=alpha, tag="viewshed") for px, py in pts]

        kind, value = request
        if kind == "point":
            x, y = value
            seen, _ = SightField(terrain, np.r_[[[x, y]], lattice], policy).fan(0)
            self.viewshed += squares(lattice[seen[1:]], S.LOS_CLEAR, 0.25)
            self.viewshed.append(Shape("circle", np.array([[x, y]]), S.SELECT, "#111111", 0.05, radius=0.4, tag="viewshed"))
            return int(seen[1:].sum())
        corners, colour, step = value
        zone = Polygon(corners)
        minx, miny, maxx, maxy = zone.bounds
        samples = [(sx, sy) for sx in np.arange(minx + step / 2, maxx, step) for sy in np.arange(miny + step / 2, maxy, step)
                   if zone.contains(P(sx, sy))] or [tuple(zone.representative_point().coords[0])]
        seen = np.zeros(len(lattice), dtype=bool)
        for sx, sy in samples:
            seen |= SightField(terrain, np.r_[[[sx, sy]], lattice], policy).fan(0)[0][1:]
        self.viewshed += squares(lattice[seen], colour, 0.2)
        self.viewshed.append(Shape("polygon", np.asarray(corners, dtype=float), None, colour, 0.12, tag="viewshed"))
        return int(seen.sum())

    def _resight(self) -> None:
        """Recompute the viewsheds on show when the terrain they were computed over has changed."""
        terrain = self._drawn.terrain if self._drawn is not None else None
        if self._sight_requests and terrain != self._terrain_drawn and self._drawn is not None:
            self.viewshed = []
            for request in self._sight_requests:
                self._sight(request)
        self._terrain_drawn = terrain

    # -- output ---------------------------------------------------------------------------------------
    def export(self) -> str:
        """The finished scenario as YAML (raises while it has problems; the YAML under the editor
        shows the draft as it stands whatever its state)."""
        from wgkit.scenario.io import dumps

        return dumps(self.scenario)

    def _drawable(self) -> Scenario | None:
        """The draft as a scenario to draw, problems and all; None when it cannot even be built
        (a field of the wrong type), and the board keeps its last drawing."""
        try:
            return Scenario.from_dict(copy.deepcopy(self.data)).with_(folder=str(self.draft.folder))
        except (ValueError, TypeError, KeyError, AttributeError, IndexError):
            return None

    def _conditions_in_words(self, conds: list) -> list[tuple[str, int]]:
        """The victory conditions as the briefing words them ("Attacker: hold the Mill (2 pts)")."""
        sc = self._drawn
        known = sc.conditions if sc is not None else ()
        if sc is None or len(known) != len(conds):
            return [(f"{i}. " + ", ".join(f"{k}: {val}" for k, val in c.items()), i) for i, c in enumerate(conds, 1)]
        names = {s.id: s.name or s.id for s in sc.sides}
        return [(f"{i}. {names.get(c.side, c.side)}: {describe(c, sc)}", i) for i, c in enumerate(known, 1)]

    def _marks(self, found: list) -> list[Shape]:
        """A red ring round every piece or feature a problem names, so the board shows where."""
        return [Shape("circle", np.array([p]), None, S.PROBLEM, 0.12, radius=0.9, tag="problem")
                for p, _ in self.draft.spots(found)]

    def refresh(self) -> None:
        problem_list = self.draft.problem_list()
        found = [str(p) for p in problem_list]
        self.report.value = ("<span style='color:#1a7f37'>valid scenario: ready to save and play</span>" if not found else
                             f"<span style='color:#9b1c1c'>{len(found)} to fix before the game can be played "
                             "(ringed in red on the board where they have a place):</span>"
                             "<pre style='color:#9b1c1c;white-space:pre-wrap'>" + html.escape("\n".join(found)) + "</pre>")
        self.yaml.value = self.draft.to_yaml()
        where = html.escape(str(self.draft.path)) if self.draft.path else "not saved yet"
        self.file_status.value = f"<small>{where}{' &middot; unsaved changes' if self.draft.unsaved else ''}" \
                                 f" &middot; {len(self.draft.history)} edits</small>"
        self.undo_button.disabled = not self.draft.history
        self.redo_button.disabled = not self.draft.redoable
        v = self.data.get("victory")
        conds = v.get("conditions", []) if isinstance(v, dict) else []
        drawn = self._drawable()
        self._drawn = drawn or self._drawn
        self.conditions.options = self._conditions_in_words(conds)
        if self._drawn is None:
            return  # nothing to draw yet; the problems say why
        self._resight()
        pending = [Shape("circle", np.array([p]), S.SELECT, "#111111", 0.03, radius=0.25, tag="pending")
                   for p in self.pending]
        if len(self.pending) > 1:
            pending.append(Shape("line", np.array(self.pending), None, S.SELECT, 0.08, tag="pending"))
        picked = []
        if self.selected:
            picked = [Shape("text", np.array([[self.data["table"]["width"] / 2, self.data["table"]["depth"] - 0.8]]),
                            S.TEXT, text=f"selected: {self.called(self.selected)}", size=0.6, tag="selected")]
        self._labels = readable_label_size(self._drawn, self.shown.width)
        self.shown.label_px = self._labels * self.shown.width / self._drawn.table.width
        scene = build_scene(self._drawn, overlays=self.viewshed + self._marks(problem_list) + pending + picked,
                            places=self.places.value, label_size=self._labels)
        self.canvas.draw(scene)


_SCRIPTED = {"add_area", "add_line", "add_unit", "add_side", "add_figure", "add_condition", "set", "set_table",
             "set_ruleset", "set_side", "set_feature", "set_unit", "set_piece", "set_victory", "reshape", "move",
             "place", "line_of", "import_geojson", "export_geojson", "pin_background"}
