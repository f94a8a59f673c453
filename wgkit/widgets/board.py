"""BoardView: the table on a canvas; select, drag to move, hover for line of sight and range."""

from __future__ import annotations

import html
import math
import time
from dataclasses import replace
from typing import Callable

import ipywidgets as W
import numpy as np
from ipyevents import Event

from wgkit.engine.game import Game
from wgkit.engine.views import UMPIRE, piece_record, side_of, unit_of, view
from wgkit.geometry.measure import within_allowance
from wgkit.geometry.los import SightField
from wgkit.geometry.terrain import TerrainIndex
from wgkit.render import style as S
from wgkit.render.canvas import BoardCanvas
from wgkit.render.static import png_bytes
from wgkit.render.scene import (build_scene, hover_label, overlay_layer, piece_label_size, piece_points,
                                readable_label_size)
from wgkit.render.shapes import Shape, geometry_shapes
from wgkit.facts.registry import find_ruleset
from wgkit.rules.registry import get_ruleset
from wgkit.widgets.actions import labelled
from wgkit.widgets.errors import ErrorArea
from wgkit.widgets.shown import ShownWidth
from wgkit.widgets.still import StillBox

PICK_RADIUS = 0.8  # inches: how close a click must be to a piece to select it
HOLD_SECONDS = 0.6  # a finger held this long on a piece before it moves chooses the piece's whole unit


BOARD_PX = 1200.0  # the widest the board is drawn, in canvas pixels: the page scales it down to fit
BOARD_MOST = 20.0  # canvas pixels per inch at most (a small table is not drawn coarser than this)


class BoardView:
    """The battlefield. ``side`` chooses whose view is drawn (default: the umpire's)."""

    def __init__(self, game: Game, errors: ErrorArea | None = None, px_per_inch: float | None = None,
                 side: str = UMPIRE):
        self.game, self.side = game, side
        self.viewer: Callable[[dict], dict] | None = None  # a view of its own (a seat's fog), else ``side``'s
        self.judged: Callable[[], Game] = lambda: game  # the game sight is judged on (a seat's: as it knows it)
        self.errors = errors or ErrorArea()
        t = game.scenario.table
        # drawn at up to BOARD_PX wide; the page shows it as large as its column and the window allow
        self.canvas = BoardCanvas(t.width, t.depth, px_per_inch or min(BOARD_MOST, BOARD_PX / t.width))
        self.terrain = TerrainIndex.from_scenario(game.scenario)
        self.ruleset = find_ruleset(game.scenario.ruleset)
        self.rules = get_ruleset(game.scenario.ruleset)
        self.policy = self.rules.los_policy
        self.selected: str | None = None
        self.extra: list[Shape] = []  # overlays placed by the caller: zones, arcs, templates
        self.los: list[Shape] = []
        self.label: list[Shape] = []  # the hovered piece's name card
        self.hovered: str | None = None
        known = game.scenario.spoken_names()  # a crew without a name of its own: by its unit and place
        self.say = game.scenario.wording()
        self._names = {p.id: labelled(known.get(p.id) or known.get(u.id), p.id) for _, u, p in game.scenario.pieces()}
        self.move_limit: Callable[[str], float | None] = lambda piece: self.rules.move_limit(game, piece)
        self.listeners: list[Callable[[str, object], None]] = []
        self._drag_from: tuple[float, float] | None = None
        self._drag_piece: str | None = None
        self._boxing = False  # a Shift-drag on the open table draws a box around a group
        self._held: float | None = None  # when the finger now down pressed (a tap-and-hold chooses a unit)
        self.chosen: list[str] = []  # pieces chosen to move together (a box, a held unit), ringed
        self._pointer: tuple[float, float] | None = None  # canvas pixels of the last mouse move
        self.status = W.HTML("Click a piece to select it; drag it to move; hover to see line of sight.")
        self.named: dict[str, list[Shape]] = {}
        buttons = [("+", "zoom in", lambda: self.zoom(1.5)), ("-", "zoom out", lambda: self.zoom(1 / 1.5)),
                   ("◀", "pan left", lambda: self.pan_by(-0.25, 0)), ("▶", "pan right", lambda: self.pan_by(0.25, 0)),
                   ("▲", "pan up (far edge)", lambda: self.pan_by(0, -0.25)),
                   ("▼", "pan down (near edge)", lambda: self.pan_by(0, 0.25)), ("⟲", "whole table", self.reset_view)]
        bar = []
        for label, tip, fn in buttons:
            b = W.Button(description=label, tooltip=tip, layout=W.Layout(width="36px"))
            b.on_click(self.errors.guard(lambda _, fn=fn: fn(), looking=True))
            bar.append(b)
        self.places = W.ToggleButton(value=True, description="place names", tooltip="the terrain features' names on "
                                     "the board (a wood, a farm, a hedge), or the table without them",
                                     layout=W.Layout(width="auto"))
        self.places.observe(self.errors.guard(lambda _: self.refresh(), looking=True), "value")
        bar.append(self.places)
        self.shown = ShownWidth()  # how wide the page shows the board: labels sized to stay readable there
        self.shown.observe(self.errors.guard(lambda _: self._resized(), looking=True), "width")
        self._labels = piece_label_size(game.scenario)
        self.widget = StillBox([W.HBox(bar), self.canvas.widget, self.status, self.canvas.style, self.shown],
                               self.picture, layout=W.Layout(min_width="0"))
        mc = self.canvas.widget
        # ipycanvas reports no modifier keys; ipyevents reports the press with Shift (shift-click adds
        # to a group), in CSS pixels of the shown board, turned back into canvas pixels here
        self._presses = Event(source=mc, watched_events=["mousedown"])
        self._presses.on_dom_event(self.errors.guard(self.on_press))
        mc.on_mouse_up(self.errors.guard(self.on_up))
        mc.on_mouse_move(self.errors.guard(self.on_move, looking=True))
        mc.on_key_down(self.errors.guard(self.on_key))
        mc.on_mouse_wheel(self.errors.guard(self.on_wheel, looking=True))
        self._touch: tuple[float, float] | None = None  # the last finger position (a tablet)
        self._pinch: tuple[float, float] | None = None  # two fingers' distance and the zoom when they met
        mc.on_touch_start(self.errors.guard(self.on_touch_start))
        mc.on_touch_move(self.errors.guard(self.on_touch_move, looking=True))
        mc.on_touch_end(self.errors.guard(self.on_touch_end))
        self.refresh()

    # -- state -------------------------------------------------------------------------------
    def state(self) -> dict:
        return self.viewer(self.game.state) if self.viewer is not None else view(self.game.state, self.side)

    def live(self) -> dict[str, dict]:
        """Live pieces in this view, each with its drawn ``position`` (grid pieces: in their cell)."""
        state = self.state()
        return {pid: {**piece_record(state, pid), "position": pt} for pid, pt in piece_points(self.game.scenario, state).items()}

    def refresh(self) -> None:
        """Redraw everything (after a change to the game)."""
        live = self.live()
        if self.selected and self.selected not in live:
            self.selected = None
        if self.hovered is not None:  # the card follows its piece, and goes with it
            self.label = self._card(self.hovered, live)
        self.canvas.draw(build_scene(self.game.scenario, self.state(), self._overlays(), label_size=self._labels,
                                     places=self.places.value))

    def _resized(self) -> None:
        size = readable_label_size(self.game.scenario, self.shown.width)
        self.shown.label_px = size * self.shown.width / self.game.scenario.table.width
        if abs(size - self._labels) > 0.02 * self._labels:
            self._labels = size
            self.refresh()  # the hover card too

    def picture(self) -> bytes:
        """The board as it is drawn now, as a PNG (the still shown where widgets cannot run)."""
        return png_bytes(build_scene(self.game.scenario, self.state(), self._overlays()))

    def _overlays(self) -> list[Shape]:
        return [s for shapes in self.named.values() for s in shapes] + self.extra + self.los + self.label

    def overlay(self, name: str, shapes: list[Shape] | None) -> None:
        """Show (or with None, remove) a named overlay: a blast zone, CD disk and drift, fire arc,
        danger zone, command radius or template, built with :mod:`wgkit.render.scene`. Its words
        are the table's (names for ids), whoever built it."""
        if shapes is None:
            self.named.pop(name, None)
        else:
            self.named[name] = [replace(s, text=self.say(s.text)) if s.kind == "text" else s for s in shapes]
        self.redraw_overlays()

    def _card(self, piece: str | None, live: dict[str, dict]) -> list[Shape]:
        """The name card over ``piece``, if this view sees it."""
        if piece not in live:
            return []
        return hover_label(live[piece]["position"], self._names[piece], self._labels)

    # -- zoom and pan ----------------------------------------------------------------------------
    def zoom(self, factor: float) -> None:
        """Zoom about the centre of the current view."""
        c = self.canvas
        cx = c.pan[0] + c.width / (2 * c.zoom)
        cy = c.pan[1] + c.depth / (2 * c.zoom)
        z = min(8.0, max(1.0, c.zoom * factor))
        c.set_view(z, self._clamp(cx - c.width / (2 * z), cy - c.depth / (2 * z), z))

    def pan_by(self, fx: float, fy: float) -> None:
        """Pan by a fraction of the visible table (fy > 0 shows more of the near edge)."""
        c = self.canvas
        c.set_view(c.zoom, self._clamp(c.pan[0] + fx * c.width / c.zoom, c.pan[1] + fy * c.depth / c.zoom, c.zoom))

    def reset_view(self) -> None:
        self.canvas.set_view(1.0, (0.0, 0.0))

    def _clamp(self, x: float, y: float, zoom: float) -> tuple[float, float]:
        c = self.canvas
        return (min(max(x, 0.0), c.width - c.width / zoom), min(max(y, 0.0), c.depth - c.depth / zoom))

    def redraw_overlays(self) -> None:
        shapes = overlay_layer(self.game.scenario, self._overlays(), self._labels)
        if self.canvas.scene is not None:
            self.canvas.scene.layers["overlays"] = shapes
        self.canvas.draw_layer("overlays", shapes)

    # -- picking -------------------------------------------------------------------------------
    def piece_at(self, x: float, y: float) -> str | None:
        best, best_d = None, PICK_RADIUS
        for pid, p in self.live().items():
            d = math.dist(p["position"], (x, y))
            if d < best_d:
                best, best_d = pid, d
        return best

    def select(self, piece: str | None) -> None:
        self.selected = piece
        self._show_los(piece)
        self._emit("select", piece)

    def _show_los(self, piece: str | None) -> None:
        """Draw a piece's line-of-sight fan, then say what it sees (the text follows the picture)."""
        self.los, text = self.los_shapes(piece) if piece else ([], "")
        self.redraw_overlays()
        if text:
            self.status.value = text

    def los_shapes(self, piece: str) -> tuple[list[Shape], str]:
        """Lines from ``piece`` to every visible enemy (green clear, red blocked), the blockers
        outlined, and a sentence saying what it sees."""
        live = self.live()
        me = live[piece]
        ids = [piece] + [pid for pid, p in live.items() if p["side"] != me["side"]]
        if len(ids) == 1:
            return [], f"<b>{piece}</b> has no enemy on the table"
        pts = np.array([live[i]["position"] for i in ids], dtype=float)
        ruled = self.rules.sight
        if ruled is not None:  # a gridded ruleset's own sight rule (centre to centre, edges)
            return self._ruled_los(piece, ids, pts, ruled)
        seen, blockers = SightField(self.terrain, pts, self.policy).fan(0)
        out = [Shape("line", np.array([pts[0], pts[j]]), None, S.LOS_CLEAR if seen[j] else S.LOS_BLOCKED,
                     0.08, 0.85, tag=f"los:{ids[j]}") for j in range(1, len(ids))]
        for fid in sorted({f for j in blockers.targets() for f in blockers.of(j)}):
            out += geometry_shapes(self.terrain.areas[self.terrain.by_id[fid]].geometry, fill=None,
                                   stroke=S.LOS_BLOCKED, width=0.14, tag=f"blocker:{fid}")
        out.append(Shape("circle", pts[:1], None, S.SELECT, 0.1, radius=S.FIGURE_RADIUS * 1.8, tag="selected"))
        clear = int(seen[1:].sum())
        features = {f.id: f.name or f.id for f in self.game.scenario.terrain}
        walls = sorted({features.get(f, f) for j in blockers.targets() for f in blockers.of(j)})
        text = (f"<b>{html.escape(self._names.get(piece) or piece)}</b> sees {clear} of {len(ids) - 1} enemy pieces"
                + (f"; blocked by {html.escape(', '.join(walls))}" if walls else ""))
        return out, text

    def _ruled_los(self, piece: str, ids: list[str], pts: np.ndarray, ruled) -> tuple[list[Shape], str]:
        judged = self.judged()
        answers = [ruled(judged, piece, other) for other in ids[1:]]
        out = [Shape("line", np.array([pts[0], pts[j + 1]]), None, S.LOS_CLEAR if ok else S.LOS_BLOCKED,
                     0.08, 0.85, tag=f"los:{ids[j + 1]}") for j, (ok, _) in enumerate(answers)]
        out.append(Shape("circle", pts[:1], None, S.SELECT, 0.1, radius=S.FIGURE_RADIUS * 1.8, tag="selected"))
        why = sorted({self.say(w) for ok, w in answers if not ok and w})
        text = (f"<b>{html.escape(self._names.get(piece) or piece)}</b> sees {sum(ok for ok, _ in answers)} of "
                f"{len(answers)} enemy pieces" + (f"; blocked by {html.escape(', '.join(why))}" if why else ""))
        return out, text

    # -- mouse -----------------------------------------------------------------------------------
    def on_press(self, event: dict) -> None:
        """A mouse press as ipyevents reports it: CSS pixels within the board as shown."""
        if event.get("button", 0) != 0 or not event.get("boundingRectWidth"):
            return
        mc = self.canvas.widget
        self.on_down(event["relativeX"] * mc.width / event["boundingRectWidth"],
                     event["relativeY"] * mc.height / event["boundingRectHeight"], bool(event.get("shiftKey")))

    def on_down(self, px: float, py: float, shift: bool = False) -> None:
        """Press at canvas pixels: on a piece, select it (with Shift: add it to the group being
        chosen, leaving the selection); the release decides between a click and a drag."""
        x, y = self.canvas.to_table(px, py)
        pid = self.piece_at(x, y)
        if shift and pid is not None:
            self._emit("add", pid)
            return
        self._boxing = shift  # Shift on the open table: a box, not a pan
        if pid is not None and pid != self.selected:
            self.select(pid)
        elif pid is not None:  # the selected piece clicked again: the form takes it again (a new action's target)
            self._emit("select", pid)
        self._drag_from, self._drag_piece = (x, y), pid

    def on_up(self, px: float, py: float) -> None:
        start, piece, self._drag_from, self._drag_piece = self._drag_from, self._drag_piece, None, None
        boxing, self._boxing = self._boxing, False
        if start is None:
            return
        x, y = self.canvas.to_table(px, py)
        if math.dist(start, (x, y)) < 0.3:  # a click, not a drag
            if piece is None:
                self._emit("point", start)
            return
        if piece is None and boxing:  # a box drawn with Shift: the pieces in it move together
            (x0, x1), (y0, y1) = sorted((start[0], x)), sorted((start[1], y))
            inside = [pid for pid, p in self.live().items() if x0 <= p["position"][0] <= x1 and y0 <= p["position"][1] <= y1]
            self.choose(inside)
            return
        if piece is None:  # dragging the table pans it
            c = self.canvas
            c.set_view(c.zoom, self._clamp(c.pan[0] + start[0] - x, c.pan[1] - (start[1] - y), c.zoom))
            return
        onto = self.piece_at(x, y)
        if onto is not None and side_of(self.state(), onto) != side_of(self.state(), piece):
            self.extra = [s for s in self.extra if s.tag not in ("ruler", "move-limit")]
            self.redraw_overlays()
            self._emit("aim", (piece, onto))  # dropped on an enemy: act on it (fire, assault), not a move
            return
        here = self.live()[piece]["position"]
        limit = self.move_limit(piece)
        dist = math.dist(here, (x, y))
        self.extra = [s for s in self.extra if s.tag not in ("ruler", "move-limit")]  # the drag is over
        self.redraw_overlays()
        if limit is not None and not within_allowance(dist, limit):
            why = f"{self._names.get(piece) or piece} may move {limit:g}\"; that drag is {dist:.1f}\""
            self.status.value = (f"<span class='wgkit-refused' style='color:#9b1c1c;background:#fdecea;padding:1px 4px'>"
                                 f"{html.escape(why)}: nothing moved</span>")
            self._emit("refused", why)
            return
        self._emit("drag", (piece, (round(x, 2), round(y, 2))))

    def choose(self, pieces: list[str]) -> None:
        """Choose ``pieces`` to move together: each ringed; a drag of one moves them all."""
        self.chosen = list(pieces)
        live = self.live()
        self.overlay("chosen", [Shape("circle", np.array([live[p]["position"]]), None, S.SELECT, 0.06, 0.9,
                                      radius=S.FIGURE_RADIUS * 1.5, tag="chosen") for p in self.chosen if p in live])
        names = ", ".join(self._names.get(p) or p for p in self.chosen)
        self.status.value = (f"{len(self.chosen)} chosen to move together: {html.escape(names)}; drag one of them"
                             if self.chosen else "nothing chosen")
        self._emit("group", list(self.chosen))

    def clear(self) -> None:
        """Forget the selection, its line of sight and the ruler (Escape, or a click on empty table)."""
        if self.chosen:
            self.choose([])
        self.selected = None
        self.los = []
        self.extra = [s for s in self.extra if s.tag not in ("ruler", "move-limit")]
        self.redraw_overlays()
        self.status.value = "Click a piece to select it; drag it to move; hover to see line of sight."
        self._emit("select", None)

    def on_key(self, key: str, *_: object) -> None:
        if key == "Escape":
            self.clear()

    def on_wheel(self, dx: float, dy: float) -> None:
        """Wheel zoom (ipycanvas sends the wheel's deltas) about the last pointer position, which stays put."""
        c = self.canvas
        px, py = self._pointer or (c.width * c.px_per_inch / 2, c.depth * c.px_per_inch / 2)
        x, y = c.to_table(px, py)
        z = min(8.0, max(1.0, c.zoom * (1 / 1.25 if dy > 0 else 1.25)))
        left = x - px / (c.px_per_inch * z)
        top = (c.depth - y) - py / (c.px_per_inch * z)
        c.set_view(z, self._clamp(left, top, z))

    def on_move(self, px: float, py: float) -> None:
        self._pointer = (px, py)
        x, y = self.canvas.to_table(px, py)
        hover = self.piece_at(x, y)
        if hover != self.hovered:  # hovering names the piece, even where its label was crowded out
            self.hovered = hover
            self.label = self._card(hover, self.live())
            if self.selected is None:  # and, with nothing selected, previews what it can see
                self._show_los(hover)
                return
            self.redraw_overlays()
        if self.selected is None:
            return
        here = self.live()[self.selected]["position"]
        d = math.dist(here, (x, y))
        scale = self.ruleset.scale
        ruler = [Shape("line", np.array([here, (x, y)]), None, "#111111", 0.05, 0.8, tag="ruler", dash=True),
                 Shape("text", np.array([(x, y + 0.8)]), S.TEXT, text=f'{d:.1f}" ({scale.to_ground(d):.0f} {scale.unit})',
                       size=0.5, tag="ruler")]
        limit = self.move_limit(self.selected)
        if self._drag_from is not None and limit is not None:
            ruler.append(Shape("circle", np.array([here]), None, S.SELECT, 0.05, 0.8, radius=limit, tag="move-limit"))
        self.extra = [s for s in self.extra if s.tag not in ("ruler", "move-limit")] + ruler
        self.redraw_overlays()

    # -- fingers -----------------------------------------------------------------------------------
    def on_touch_start(self, touches: list[tuple[float, float]]) -> None:
        """One finger presses as the mouse does (tap to select, drag to move); two start a pinch."""
        if len(touches) >= 2:
            self._pinch, self._drag_from, self._drag_piece = (math.dist(touches[0], touches[1]), self.canvas.zoom), None, None
            return
        if touches:
            self._touch, self._held = touches[0], time.monotonic()
            self.on_down(*touches[0])

    def on_touch_move(self, touches: list[tuple[float, float]]) -> None:
        """A finger moving shows the ruler as the mouse does; two fingers zoom by their spread."""
        if len(touches) >= 2 and self._pinch is not None:
            start, zoom = self._pinch
            target = min(8.0, max(1.0, zoom * math.dist(touches[0], touches[1]) / max(start, 1.0)))
            if abs(target / self.canvas.zoom - 1) > 0.05:
                self.zoom(target / self.canvas.zoom)
        elif touches and self._pinch is None:
            self._touch = touches[0]
            self._hold_ended()
            self.on_move(*touches[0])

    def on_touch_end(self, touches: list[tuple[float, float]]) -> None:
        """The finger lifts where it was last (a pinch ends with no press)."""
        if self._pinch is not None:
            self._pinch = None
            return
        at = touches[0] if touches else self._touch
        self._hold_ended()
        if at is not None:
            self.on_up(*at)

    def _hold_ended(self) -> None:
        """A finger that stayed on a piece for HOLD_SECONDS before moving or lifting chooses the
        piece's whole unit (a tablet has no Shift): the drag that follows moves it all."""
        held, self._held = self._held, None
        piece = self._drag_piece
        if held is None or piece is None or time.monotonic() - held < HOLD_SECONDS:
            return
        unit = unit_of(self.state(), piece)
        self.choose([pid for pid, p in self.live().items() if p["unit"] == unit])

    # -- events ------------------------------------------------------------------------------------
    def on(self, callback: Callable[[str, object], None]) -> None:
        """``callback(kind, value)``: select (a piece id or None), add (a piece shift-clicked into a
        group), point (a click on the table), drag (a piece and the point it was dropped on), aim (a
        piece dropped on an enemy piece: the first acts on the second), refused (a drag beyond the
        allowance, with the reason), group (the pieces chosen to move together: a Shift-box, a unit
        held under a finger; empty when forgotten)."""
        self.listeners.append(callback)

    def _emit(self, kind: str, value: object) -> None:
        for cb in self.listeners:
            cb(kind, value)
