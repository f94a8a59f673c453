"""ActionPanel: the actions legal now, their parameters, the odds before the roll, the dice
(the kit's or the table's) and the result after."""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as W
import numpy as np
from traitlets import TraitError

from wgkit.dice import TABLE, NeedFaces, TooManyFaces, parse_faces
from wgkit.engine.events import Event
from wgkit.engine.game import Game, IllegalActionError
from wgkit.engine.views import UMPIRE, dice_drawn, piece_ids, side_ids, side_of, unit_ids, unit_of, visible_ids
from wgkit.odds import Distribution
from wgkit.render.scene import piece_points
from wgkit.render.shapes import Shape
from wgkit.rules.actions import GENERIC, ActionSpec, Param
from wgkit.rules.registry import actions_for
from wgkit.widgets.errors import ErrorArea

Changed = Callable[[], None]
GENERIC_NAMES = {spec.name for spec in GENERIC}
MOVE_ACTIONS = ("move", "leader move", "sortie")  # the rules actions a drag on the board fills in
STAYS = "#9b1c1c"  # the ring around a figure a unit's move leaves behind
LABEL_CHARS = 24  # a form's labels are shown whole up to this many characters; the fields keep the rest


class WaitingForPoint(ValueError):
    """The form has no point yet: it waits for a click on the board."""


def labelled(name: str | None, value: Any) -> str:
    """How a drop-down or the board names a piece or unit: its name, then its id in small."""
    return f"{name} · {value}" if name else str(value)


def odds_html(lines: list[str], dist: Distribution | None, say: Callable[[str], str] = str) -> str:
    """The odds as a chain: how the number needed is worked out (each modifier with its source,
    house values flagged), then each outcome's chance with a bar; ``say`` words each line."""
    rows = []
    for line in lines:
        text = html.escape(say(line))
        if "(" in text and text.endswith(")"):
            head, _, source = text.rpartition("(")
            house = "HOUSE" in source.upper()
            badge = "background:#fde68a;color:#7c2d12" if house else "background:#e5e7eb;color:#374151"
            text = f"{head}<span style='{badge};border-radius:3px;padding:0 3px;font-size:85%'>{source[:-1]}</span>"
        rows.append(f"<li>{text}</li>")
    out = f"<ul style='margin:2px 0 4px 16px;padding:0'>{''.join(rows)}</ul>" if rows else ""
    if dist is not None:
        numeric = all(isinstance(o, (int, float)) and not isinstance(o, bool) for o in dist.probs)
        low = min(dist.probs) if numeric else None
        bars = []
        for outcome, label, p in dist.outcomes():
            pct = float(p) * 100
            more = (f"at least {label}: {float(dist.at_least(outcome)) * 100:.1f}%"
                    if numeric and outcome != low else "")
            bars.append(f"<tr><td style='padding-right:6px'>{html.escape(say(label))}</td>"
                        f"<td style='width:120px'><div style='background:#2563eb;height:10px;width:{pct:.1f}%'></div></td>"
                        f"<td style='text-align:right'><b>{pct:.1f}%</b></td>"
                        f"<td style='padding-left:8px;color:#555'><small>{more}</small></td></tr>")
        out += f"<table class='wgkit-odds' style='font-size:90%'>{''.join(bars)}</table>"
    return out or "<i>no dice</i>"


class ActionPanel:
    """Choose an action, set its parameters (or click the board), read the odds, resolve.

    With ``dice`` set to table dice, Resolve asks for the faces rolled by hand, roll by roll,
    and applies the rules to them exactly as to the kit's dice."""

    def __init__(self, game: Game, errors: ErrorArea, changed: Changed = lambda: None,
                 preview: Callable[[list], None] = lambda shapes: None):
        self.game, self.errors, self.changed, self.preview = game, errors, changed, preview
        self.side = UMPIRE
        self.specs: list[ActionSpec] = []
        self.names = game.scenario.names()
        self.say = game.scenario.wording()  # the rules' texts with the scenario's names and squares
        self.choice = W.Dropdown(description="Action", layout=W.Layout(width="98%"))
        self.params_box = W.VBox()
        self.odds = W.HTML()
        self.dice = W.ToggleButtons(options=[("kit dice", "kit"), ("table dice", "table")], value="kit",
                                    tooltips=["the kit rolls seeded dice", "you roll at the table and type the faces"],
                                    style={"button_width": "auto"})
        self.fresh = W.Checkbox(value=False, description="fresh dice (skip the faces of the undone roll)", indent=False)
        self.button = W.Button(description="Resolve", button_style="primary", icon="check",
                               layout=W.Layout(min_width="110px"))
        self.why_not = W.HTML()
        self.faces_prompt = W.HTML()
        self.faces = W.Text(placeholder="faces, e.g. 4 6 1", layout=W.Layout(width="140px"))
        self.faces_ok = W.Button(description="Enter faces", button_style="info")
        self.faces_cancel = W.Button(description="Cancel")
        self.entry = W.VBox([self.faces_prompt, W.HBox([self.faces, self.faces_ok, self.faces_cancel])],
                            layout=W.Layout(display="none"))
        self.result = W.HTML()
        self.result_event: int | None = None  # the log length right after the shown result
        self.seen = dice_drawn(game.state)  # the furthest the seeded dice have been drawn
        self.entered: list[int] = []
        self.inputs: dict[str, W.Widget] = {}
        self._kept_for: str | None = None  # the action whose form values the umpire last set
        self._kept: dict[str, Any] = {}
        self._step: tuple[int, int, int] | None = None  # the turn position the form was built for
        self._offered_before: set[str] = set()  # the actions offered before the latest event
        self._log_seen = len(game.log)
        self._event_seen = (len(game.log), id(game.log[-1]) if game.log else None)  # the game as the form last saw it
        self._picked: list[str] = []  # pieces (and their units) clicked lately, newest first
        self._group: list[str] = []  # pieces (and units) shift-clicked into the group being chosen
        self.group: list[tuple[str, tuple[float, float]]] = []  # a unit's figures dragged as one, and where to
        self.group_title = ""  # the group's name in the log, where it is not a unit's move
        self.chosen: list[str] = []  # pieces chosen on the board to move together
        many = any(len(piece_ids(game.state, unit=u)) > 1 for u in unit_ids(game.state))
        self.drag_mode = W.ToggleButtons(options=[("a figure", "piece"), ("its whole unit", "unit")],
                                         value="unit" if many else "piece",
                                         description="drag moves", style={"button_width": "auto", "description_width": "initial"},
                                         tooltips=["a drag moves the figure dragged",
                                                   "a drag moves every figure of its unit by the same offset"])
        self.drag_mode.layout.display = "" if many else "none"
        self.drag_mode.observe(errors.guard(lambda _: self.forget_group()), "value")
        self.choice.observe(errors.guard(lambda _: self._build_params()), "value")
        self.button.on_click(errors.guard(lambda _: self.resolve()))
        self.dice_errors = errors.beside()  # wrong faces are said under the faces, where the eye is
        self.entry.children = (*self.entry.children, self.dice_errors.widget)
        self.faces_ok.on_click(self.dice_errors.guard(lambda _: self.enter_faces(self.faces.value)))
        self.faces.continuous_update = False
        self.faces_cancel.on_click(self.dice_errors.guard(lambda _: self.cancel_faces()))
        self.widget = W.VBox([self.drag_mode, self.choice, self.params_box, W.HTML("<b>Odds before the roll</b>"),
                              self.odds, self.fresh, W.HBox([self.dice, self.button], layout=W.Layout(align_items="center")),
                              self.why_not, self.entry, self.result])
        self.refresh()

    @property
    def spec(self) -> ActionSpec | None:
        return next((s for s in self.specs if s.name == self.choice.value), None)

    def _offered(self) -> list[ActionSpec]:
        """The actions this panel offers: every action legal now."""
        return actions_for(self.game)

    def refresh(self) -> None:
        """Derive the form again from the game as it now is. After any event (whoever made it, or
        an undo) the gestures that filled the form are spent: a point clicked or dragged to, a
        group dragged or chosen. What was chosen from lists stays, to be judged anew."""
        now = (len(self.game.log), id(self.game.log[-1]) if self.game.log else None)
        if now != self._event_seen:
            self._event_seen = now
            points = {p.name for s in self.specs for p in s.params if p.kind == "point"}
            self._kept = {k: v for k, v in self._kept.items() if k not in points}
            self.chosen, self._group = [], []
        self.specs = self._offered()
        names = [(self.say(s.label), s.name) for s in self.specs]
        keep = self.choice.value
        self.choice.options = names
        values = [n for _, n in names]
        ruled = [n for n in values if n not in GENERIC_NAMES]
        new_step = self.game.position != self._step
        self._step = self.game.position
        candidates: list[str] = []  # when the form chooses for the umpire: in order of preference
        if keep not in values or (new_step and keep in GENERIC_NAMES and ruled):
            candidates = ruled or values  # a new step: its rules actions, in the ruleset's order
        fresh = [n for n in ruled if n not in self._offered_before]
        if len(self.game.log) > self._log_seen and fresh:
            candidates = fresh  # what the last event made possible: the card's activation, the arrival roll, a morale test
        self._offered_before, self._log_seen = set(values), len(self.game.log)
        self._choose([keep] if not candidates else candidates)
        if self.result_event is not None and len(self.game.log) < self.result_event:
            self.result.value, self.result_event = "", None  # its event was undone: the result goes too
        self.seen = max(self.seen, dice_drawn(self.game.state))
        self.fresh.layout.display = "" if self.seen > dice_drawn(self.game.state) else "none"

    def _choose(self, names: list[str]) -> None:
        """Put the first of ``names`` in the form that can be resolved as it stands, or waits only
        for a point on the board; else the first (its reason then shows beside Resolve)."""
        offered = [n for _, n in self.choice.options]
        names = [n for n in names if n in offered]
        for name in names:
            self.choice.value = name
            self._build_params()
            if not self.button.disabled or self.wants_point() or len(names) == 1:
                return
        self.choice.value = names[0] if names else None  # nothing offered: an empty form
        self._build_params()

    # -- parameters --------------------------------------------------------------------------
    def _visible(self) -> set[str]:
        return visible_ids(self.game.state, self.side)

    def _label(self, value: Any) -> str:
        return labelled(self.names.get(value) if isinstance(value, str) else None, value)

    def _who(self, piece: str) -> str:
        """A piece as a person names it: its own name, else its unit's, else its id."""
        unit = unit_of(self.game.state, piece)
        return self.names.get(piece) or self.names.get(unit) or piece

    def _options(self, p: Param) -> list[tuple[str, Any]]:
        ids = set(piece_ids(self.game.state)) | set(unit_ids(self.game.state))
        visible = self._visible()
        out = []
        for c, value in zip(p.choices, p.values()):
            label = c[0] if c != value else self._label(value)  # a labelled group, or an id to name
            members = value if isinstance(value, tuple) else (value,)
            if any(m in ids and m not in visible for m in members):
                continue  # this view does not know the piece exists
            out.append((label, value))
        return out

    def _make(self, p: Param) -> W.Widget:
        label = p.label or p.name
        wide = W.Layout(width="98%")
        if p.kind == "piece":
            alive = sorted(pid for pid in piece_ids(self.game.state, alive=True) if pid in self._visible())
            options = [(self._label(pid), pid) for pid in alive]
            return W.Dropdown(options=options, description=label, layout=wide,
                              value=p.default if p.default in alive else (alive[0] if alive else None))
        if p.kind == "choice":
            options = self._options(p)
            values = [v for _, v in options]
            first = p.initial()
            return W.Dropdown(options=options, description=label, layout=wide,
                              value=first if first in values else (values[0] if values else None))
        if p.kind == "point":
            return W.Text(description=label, placeholder="x, y (or click the board)", value=p.default or "",
                          layout=wide)
        return W.BoundedIntText(description=label, value=p.initial(), min=p.low, max=p.high)

    def _build_params(self) -> None:
        self.group, self.group_title = [], ""  # a new form: no unit is being dragged
        self.staying, self.unoffered = [], []
        spec = self.spec
        kept = self._kept if spec is not None and spec.name == self._kept_for else {}
        self.inputs = {p.name: self._make(p) for p in spec.params} if spec else {}
        for name, value in kept.items():  # the same action after a game change keeps its form
            w = self.inputs.get(name)
            try:
                if w is not None:
                    w.value = value
            except TraitError:  # a value no longer offered: the fresh default stands
                continue
        for p in spec.params if spec else ():
            anchor = p.enemy_of or p.friend_of
            if anchor in self.inputs:
                self._tied(p)
                self.inputs[anchor].observe(self.errors.guard(lambda _, p=p: self._tied(p)), "value")
        labels = [p.label or p.name for p in spec.params] if spec else []
        width = f"{min(max(map(len, labels), default=0), LABEL_CHARS) + 1}ch"  # the form's words whole
        for w in self.inputs.values():
            w.style.description_width = width
            w.observe(self.errors.guard(lambda _: self._edited()), "value")
        self.params_box.children = list(self.inputs.values())
        self.cancel_faces()
        self.show_odds()

    def _side(self, value: Any) -> str | None:
        first = value[0] if isinstance(value, tuple) and value else value
        if not isinstance(first, str) or first in side_ids(self.game.state):
            return None
        return side_of(self.game.state, first)

    def _tied(self, p: Param) -> None:
        """Offer ``p`` only the choices its tie allows: on another side than its actor's
        (``enemy_of``), or on the actor's side or none (``friend_of``)."""
        w, side = self.inputs[p.name], self._side(self.inputs[p.enemy_of or p.friend_of].value)
        options = [(label, v) for label, v in self._options(p)
                   if (self._side(v) != side if p.enemy_of else self._side(v) in (None, side))]
        if options != list(w.options):
            keep = w.value
            w.options = options
            w.value = keep if keep in [v for _, v in options] else (options[0][1] if options else None)

    def _edited(self) -> None:
        self._kept_for, self._kept = self.choice.value, {n: w.value for n, w in self.inputs.items()}
        self.show_odds()

    def values(self) -> dict[str, Any]:
        out = {}
        for name, w in self.inputs.items():
            v = w.value
            spec_param = next(p for p in self.spec.params if p.name == name)
            if v is None and spec_param.kind in ("piece", "choice"):
                raise ValueError(f"{spec_param.label or name}: none to choose from now (none in sight or left)")
            if spec_param.kind == "point":
                if not str(v).strip():
                    raise WaitingForPoint(f"click the board for “{spec_param.label or name}” (or type x, y in inches)")
                try:
                    x, y = (float(t) for t in str(v).split(","))
                except ValueError:
                    raise ValueError(f"{name}: give a point as 'x, y' in inches, or click the board") from None
                v = (x, y)
            out[name] = v
        return out

    # -- the board fills the form ----------------------------------------------------------------
    def wants_point(self) -> bool:
        return any(isinstance(w, W.Text) for w in self.inputs.values())

    def set_point(self, point: tuple[float, float]) -> None:
        """Fill the first point parameter from a click on the table."""
        for w in self.inputs.values():
            if isinstance(w, W.Text):
                w.value = f"{point[0]:.1f}, {point[1]:.1f}"
                return

    def set_piece(self, piece: str | None, add: bool = False) -> bool:
        """Fill the first parameter that can name the clicked piece (or its unit): a friendly
        piece becomes the actor, an enemy the target (or, where the form asks for a point, the point
        it stands on). With ``add`` (a shift-click), the piece joins
        the group being chosen: a group parameter takes the smallest group holding every piece so
        added. Returns whether a parameter was filled."""
        if piece is None:
            return False
        unit = unit_of(self.game.state, piece)
        recent, self._picked = self._picked, ([piece, unit] + self._picked)[:6]
        self._group = (self._group if add else []) + [piece, unit]
        if not add and self._targets(piece, unit):  # where both sides act: an enemy of the actor is its target
            return True
        if self._fill(piece, unit, add, recent):
            return True
        first = next(iter(self.inputs.values()), None)
        friend = first is not None and self._side(getattr(first, "value", None)) == side_of(self.game.state, piece)
        # an enemy where the form aims at a point is aimed at; a friend, or a move's destination, chooses anew
        aims = self.wants_point() and self.choice.value not in MOVE_ACTIONS and not friend
        if not aims and not add and self._switch_for(piece, unit, recent):
            return True
        if self.wants_point():  # no list takes it (an enemy, say) and the form asks for a point: aim there
            self.set_point(piece_points(self.game.scenario, self.game.state)[piece])
            return True
        return False

    def _targets(self, piece: str, unit: str) -> bool:
        """Fill the form's target with the clicked piece (or its unit) when the form ties a target
        to its actor (``enemy_of``), the actor is chosen, and the piece is the actor's enemy: in a
        step where both sides act, the list of actors offers the enemy too, and a click meant for
        the target must not make it the one that acts."""
        spec = self.spec
        for p in spec.params if spec is not None else ():
            actor = getattr(self.inputs.get(p.enemy_of), "value", None) if p.enemy_of else None
            if actor is None or self._side(actor) in (None, side_of(self.game.state, piece)):
                continue
            w = self.inputs[p.name]
            values = [v for _, v in w.options]
            for candidate in (piece, unit):
                if candidate in values:
                    w.value = candidate
                    return True
        return False

    def _fill(self, piece: str, unit: str, add: bool, recent: list[str], skip: int = 0) -> bool:
        """The form's first list (after the first ``skip``) that offers the piece, its unit or a
        group holding it takes it."""
        for w in list(self.inputs.values())[skip:]:
            if isinstance(w, W.Dropdown):
                values = [v for _, v in w.options]
                for candidate in (piece, unit):
                    if candidate in values:
                        w.value = candidate
                        return True
                groups = [v for v in values if isinstance(v, tuple) and {piece, unit} & set(v)]
                if groups and add:  # the group holding the most of those shift-clicked, the smallest such
                    w.value = max(groups, key=lambda g: (len(set(self._group) & set(g)), -len(g)))
                    return True
                if groups:  # a pair or group: the one holding this piece and those clicked just before
                    w.value = max(groups, key=lambda g: sum(1 / (i + 1) for i, r in enumerate(recent) if r in g))
                    return True
        return False

    def _switch_for(self, piece: str, unit: str, recent: list[str]) -> bool:
        """A click the form cannot take chooses the action that can: an enemy of the form's actor
        becomes the target of an action that actor may take at it (a fire, an assault); else the
        clicked piece becomes the actor of the first rules action offered to it."""
        spec = self.spec
        first = spec.params[0].name if spec is not None and spec.params else None
        actor = getattr(self.inputs.get(first), "value", None) if first else None
        if actor is not None and self._side(actor) not in (None, side_of(self.game.state, piece)):
            if self.aim(actor, piece, mine=False):  # an enemy: what the form's actor may do to it
                return True
        for s in self._ruled():  # a piece the form has no place for: the first action it can take
            if s.name != self.choice.value and self._could(s.params[0], {piece, unit}):
                self.choice.value = s.name
                return self._fill(piece, unit, False, recent)
        return False

    def _ruled(self) -> list[ActionSpec]:
        """The rules actions offered that name someone, the form's own first."""
        ruled = [s for s in self.specs if s.name not in GENERIC_NAMES and s.params]
        return sorted(ruled, key=lambda s: s.name != self.choice.value)

    def aim(self, actor: Any, target: str, mine: bool = True) -> bool:
        """``actor`` (a piece, its unit or a group) acts on the enemy ``target``: a drag from one to
        the other, or a click on an enemy. The form's action if it can, else the first that can.
        With ``mine``, ``actor`` is a piece whose own list entry (or its unit's) is looked for."""
        state = self.game.state
        held = {actor, unit_of(state, actor)} if mine else (set(actor) if isinstance(actor, tuple) else {actor})
        aimed = {target, unit_of(state, target)}
        for s in self._ruled():
            acts = s.actor in held if s.actor else self._could(s.params[0], held)  # named by the card, or first
            if acts and any(self._could(p, aimed) for p in s.params[0 if s.actor else 1:] if p.kind in ("piece", "choice")):
                if s.name != self.choice.value:
                    self.choice.value = s.name
                if s.actor:
                    return self._fill(target, unit_of(state, target), False, self._picked)
                if mine:
                    self._fill(actor, unit_of(state, actor), False, self._picked)
                else:
                    self.inputs[s.params[0].name].value = actor
                return self._fill(target, unit_of(state, target), False, self._picked, skip=1)
        return False

    def _could(self, p: Param, ids: set[str], exact: Any = None) -> bool:
        """Whether the form's list for ``p`` would offer one of ``ids`` (with ``exact``: that value)."""
        if p.kind == "piece":
            return bool(ids & self._visible())
        if p.kind != "choice":
            return False
        values = [v for _, v in self._options(p)]
        if exact is not None:
            return exact in values
        return any(set(v if isinstance(v, tuple) else (v,)) & ids for v in values)

    def take_click(self, kind: str, value: Any, clear: Callable[[], None]) -> bool:
        """A click on the board (see :meth:`BoardView.on`) fills the form: a point where the form
        asks for one (elsewhere ``clear``, the board's own reset), a piece as actor or target,
        shift-clicked pieces as a group. False for anything else (a drag is the caller's)."""
        if kind == "point":
            if self.wants_point():
                self.set_point(value)
            else:
                clear()
            return True
        if kind in ("select", "add"):
            self.set_piece(value, add=kind == "add")
            return True
        if kind == "group":  # pieces chosen on the board to move together (a box, a held unit)
            self.chosen = list(value)
            return True
        if kind == "aim":  # a drag from a piece onto an enemy: that piece acts on it
            actor, target = value
            if not self.aim(actor, target):
                raise ValueError(f"no action lets {self._who(actor)} act on {self._who(target)} now")
            return True
        if kind == "refused":  # a drag beyond the allowance: the form keeps no destination to resolve
            self.forget_point(str(value))
            return True
        return False

    def forget_point(self, why: str) -> None:
        """Empty the form's point (a refused drag's, or an earlier one), so that Resolve cannot make
        a move nobody asked for; ``why`` stands beside Resolve."""
        for w in self.inputs.values():
            if isinstance(w, W.Text):
                w.value = ""
        self.preview([])
        self._possible(False, why)

    def drag(self, piece: str, point: tuple[float, float]) -> bool:
        """A piece dropped on the table: choose the step's move action for it and fill the form
        (the umpire then reads the odds and confirms with Resolve). False if no action fits."""
        for name in MOVE_ACTIONS:
            spec = next((s for s in self.specs if s.name == name), None)
            if spec is None or not any(p.kind == "point" for p in spec.params):
                continue
            movers = [p for p in spec.params if p.kind in ("piece", "choice")]
            if not self._moves(spec, movers[0] if movers else None, piece):
                continue
            self.choice.value = name
            self.set_piece(piece)
            self.set_point(point)
            if piece in self.chosen and len(self.chosen) > 1:
                self._drag_group(piece, point, movers[0] if movers else None, self.chosen)
            elif self.drag_mode.value == "unit":
                self._drag_group(piece, point, movers[0] if movers else None)
            return True
        return False

    def _drag_group(self, piece: str, point: tuple[float, float], mover,  # type: ignore[no-untyped-def]
                    chosen: list[str] | None = None) -> None:
        """Every live figure of ``piece``'s unit (or of the pieces ``chosen`` on the board) that the
        move offers goes by the same offset."""
        state = self.game.state
        unit = unit_of(state, piece)
        offered = set(mover.values()) if mover is not None else set()
        where = piece_points(self.game.scenario, state)
        dx, dy = point[0] - where[piece][0], point[1] - where[piece][1]
        members = [pid for pid in piece_ids(state, alive=True) if (pid in chosen if chosen else unit_of(state, pid) == unit)
                   and pid in where and pid in self._visible()]
        members.sort(key=lambda pid: pid != piece)  # the figure dragged leads (and names the order)
        self.unoffered = [pid for pid in members if mover is not None and self._mover(mover, pid) is None]
        members = [pid for pid in members if pid not in self.unoffered]
        if len(members) > 1 or self.unoffered:
            self.group = [(pid, (round(where[pid][0] + dx, 2), round(where[pid][1] + dy, 2))) for pid in members]
            self.show_odds()

    def take_moves(self, moves: list[tuple[str, tuple[float, float]]], title: str) -> list[str]:
        """Moves made at the real table (a photo read): the step's move action for each piece, all
        judged and shown together (one odds list, one Resolve, undone as one group called
        ``title``). Returns the pieces no move action offers now."""
        for name in MOVE_ACTIONS:
            spec = next((s for s in self.specs if s.name == name), None)
            if spec is None or not any(p.kind == "point" for p in spec.params):
                continue
            mover = next((p for p in spec.params if p.kind in ("piece", "choice")), None)
            offered = [(pid, to) for pid, to in moves if self._moves(spec, mover, pid)]
            if not offered:
                continue
            self.choice.value = name
            self.set_piece(offered[0][0])
            self.set_point(offered[0][1])
            self.group, self.group_title = offered, title
            self.show_odds()
            return [pid for pid, _ in moves if (pid, _) not in offered]
        return [pid for pid, _ in moves]

    def _moves(self, spec: ActionSpec, mover: Param | None, piece: str) -> bool:
        """Whether ``spec`` would move ``piece``: its mover parameter offers it (or its unit), or,
        with none, the unit the action belongs to (a card's activated unit) is the piece's."""
        if mover is not None:
            return self._mover(mover, piece) is not None
        return bool(spec.actor) and spec.actor in (piece, unit_of(self.game.state, piece))

    def _mover(self, mover: Param, piece: str) -> str | None:
        """What the action's mover is set to for ``piece``: the piece, or its unit where the
        action moves units; None where the action does not offer it."""
        if mover.kind == "piece":
            return piece
        values = set(mover.values())
        return piece if piece in values else unit_of(self.game.state, piece) if unit_of(self.game.state, piece) in values else None

    def forget_group(self) -> None:
        """Drop a group of moves the form holds (a drag, a photo read): the form acts on its own values again."""
        if self.group or self.unoffered:
            self.group, self.group_title, self.staying, self.unoffered = [], "", [], []
            self.show_odds()

    def _group_params(self) -> list[tuple[str, dict[str, Any]]]:
        """Each member of the dragged group with the form's values for it (its figure, its point)."""
        spec, base = self.spec, self.values()
        assert spec is not None
        mover = next(p for p in spec.params if p.kind in ("piece", "choice"))
        point = next(p for p in spec.params if p.kind == "point")
        return [(pid, {**base, mover.name: self._mover(mover, pid) or pid, point.name: dest}) for pid, dest in self.group]

    # -- odds ------------------------------------------------------------------------------------
    def judged(self) -> Game:
        """The game the odds are worked out on: the game itself here (a side's page: its own view)."""
        return self.game

    def show_odds(self) -> None:
        spec = self.spec
        self.preview([])
        self._possible(True)
        if spec is None:
            self.odds.value = ""
            self._possible(False, "no action is possible now")
            return
        try:
            params = self.values()
        except WaitingForPoint as exc:  # not a fault: the form waits for a click on the board
            self.odds.value = f"<i>{html.escape(str(exc))} to see the odds</i>"
            self._possible(False, str(exc), waiting=True)
            return
        except ValueError as exc:
            self.odds.value = "<i>set the parameters to see the odds</i>"
            self._possible(False, str(exc))
            return
        if self.group:
            self._show_group_odds(spec)
            return
        try:
            judged = self.judged()
            lines = spec.explain(judged, params)
            dist = spec.odds(judged, params)
            self.preview(spec.preview(judged, params))
            spec.resolve(judged.branch(dice=0), params)  # rehearsed on a what-if: the rules' own verdict
        except IllegalActionError as exc:  # say why beside Resolve, before anyone rolls
            self.odds.value = f"<span style='color:#9b1c1c'>not possible: {html.escape(self.say(str(exc)))}</span>"
            self._possible(False, str(exc))
            return
        self.odds.value = odds_html(lines, dist, self.say)

    def rolls_dice(self) -> bool:
        """Whether the form as it stands rolls dice (its odds are worth reading first); a form the
        rules refuse counts as one, so that its reason is read, not resolved, and so does a unit's
        move that would leave figures behind (the umpire moves the others, or cancels)."""
        spec = self.spec
        if spec is None or self.button.disabled or (self.group and self.staying):
            return True
        try:
            judged = self.judged()
            if self.group:
                return any(spec.odds(judged, params) is not None for _, params in self._group_params())
            return spec.odds(judged, self.values()) is not None
        except ValueError:
            return True

    def _show_group_odds(self, spec: ActionSpec) -> None:
        """One line a figure of the dragged unit: where it goes and its odds, or why it stays."""
        trial, rows, able, shapes = self.judged().branch(dice=0), [], 0, []  # a what-if, with dice of its own
        self.staying = [(pid, "no move is offered to it in this step") for pid in self.unoffered]
        for pid, params in self._group_params():
            try:
                dist = spec.odds(trial, params)
                shapes += spec.preview(trial, params)
                spec.resolve(trial, params)  # the rules judge the move itself, after the figures before it
            except IllegalActionError as exc:
                self.staying.append((pid, self.say(str(exc))))
                continue
            able += 1
            chance = ", ".join(f"{label} {float(p) * 100:.0f}%" for _, label, p in dist.outcomes()) if dist else "no dice"
            x, y = params[next(p.name for p in spec.params if p.kind == "point")]
            rows.append(f"<li>{html.escape(self._label(pid))} to ({x:.1f}, {y:.1f}): {html.escape(chance)}</li>")
        rows += [f"<li style='color:#9b1c1c'>{html.escape(self._label(pid))} stays: {html.escape(why)}</li>"
                 for pid, why in self.staying]
        where = piece_points(self.game.scenario, self.game.state)
        shapes += [Shape("circle", np.array([where[pid]]), None, STAYS, 0.07, 0.95, radius=0.6, tag="stays", dash=True)
                   for pid, _ in self.staying if pid in where]  # ringed on the board: these are left behind
        total = len(self.group) + len(self.unoffered)
        self.odds.value = (f"<b>{able} of {total} {'pieces' if self.group_title else 'figures'} move together</b>"
                           f"<ul style='margin:2px 0 4px 16px;padding:0'>{''.join(rows)}</ul>")
        self.preview(shapes)
        self._possible(able > 0, "no figure of the unit can make this move")

    def _possible(self, ok: bool, why: str = "", shown: bool = False, waiting: bool = False) -> None:
        """Enable Resolve, or disable it with the reason beside it (unless the odds already say it);
        ``waiting``: nothing is wrong, the form only waits for the umpire's input."""
        self.button.disabled = not ok
        self.button.tooltip = "" if ok else why
        said = "see above" if shown else self.say(why)
        self.why_not.value = "" if ok else (f"<small style='color:#555'>{html.escape(said)}</small>" if waiting else
                                            f"<small style='color:#9b1c1c'>not possible: {html.escape(said)}</small>")

    # -- resolving -------------------------------------------------------------------------------
    def _act(self) -> Callable[[Game], Event]:
        spec, params = self.spec, self.values()
        if spec is None:
            raise ValueError("no action is possible now")
        if not self.group:
            return lambda game: spec.resolve(game, params)
        members = self._group_params()

        def together(game: Game) -> Event:
            """Each figure's move in turn, one group in the log (undone as one); a figure the
            moves before it now block stays, and says why."""
            events = []
            title = self.group_title or f"{unit_of(self.game.state, members[0][0])} moves"
            with game.grouped(f"{title} ({len(game.log)})"):
                for _, p in members:
                    try:
                        events.append(spec.resolve(game, p))
                    except IllegalActionError:
                        continue
            if not events:
                raise IllegalActionError("no figure of the unit could make this move")
            return events[-1]

        return together

    def play_forced(self) -> Event | None:
        """Make the action the rules demand now with nothing to choose (a card sequence's draw),
        when it is the only rules action offered and the kit rolls the dice."""
        ruled = [s for s in self.specs if s.name not in GENERIC_NAMES]
        if self.dice.value != "kit" or len(ruled) != 1 or not ruled[0].forced or ruled[0].params:
            return None
        self.choice.value = ruled[0].name
        return self.resolve()

    def resolve(self) -> Event | None:
        """Resolve the chosen action with the kit's dice, or start asking for table dice."""
        act = self._act()
        if self.fresh.value and self.seen > dice_drawn(self.game.state):
            self.game.fresh_dice(self.seen)
        self.fresh.value = False
        if self.dice.value == "table":
            self.entered = []
            return self._next_faces(act)
        return self._done(act(self.game))

    def enter_faces(self, text: str) -> Event | None:
        """The faces of the roll the panel asked for, typed as rolled at the table."""
        need = self._need
        if need is None:
            raise ValueError("no roll is waiting for faces")
        # a throw of several dice may answer this roll and the next ones of the same die at once
        # ("hit 1 of 3" ... "hit 3 of 3"): the faces beyond this roll's go to the rolls after it
        faces = parse_faces(text, need.die, max(need.n, len(text.replace(",", " ").split())))
        before = list(self.entered)
        self.entered += list(faces)
        try:
            event = self._next_faces(self._act())
        except TooManyFaces as exc:  # more faces than the rolls that follow take: nothing is kept
            self.entered = before
            raise ValueError(f"{exc}: type only the faces of this throw") from None
        self.faces.value = ""
        return event

    def cancel_faces(self) -> None:
        self._need: NeedFaces | None = None
        self.entered = []
        self.entry.layout.display = "none"
        self.button.disabled = False

    def _next_faces(self, act: Callable[[Game], Event]) -> Event | None:
        need = self.game.faces_needed(act, self.entered)
        if need is None:
            with self.game.table_dice(self.entered):
                event = act(self.game)
            self.cancel_faces()
            return self._done(event)
        self._need = need
        so_far = f"; entered so far: {' '.join(map(str, self.entered))}" if self.entered else ""
        die = need.die
        self.faces_prompt.value = (f"<b>Roll {need.n} {html.escape(die.name)}</b> for {html.escape(self.say(need.purpose))} "
                                   f"<small>(faces {die.low}-{die.low + die.sides - 1}{html.escape(so_far)}; "
                                   f"dice of the rolls that follow, thrown together, may be typed after these, "
                                   f"in order)</small>")
        self.entry.layout.display = ""
        self.button.disabled = True
        return None

    def _done(self, event: Event) -> Event:
        rows = [f"<b>{html.escape(self.say(event.text))}</b>"]
        for r in event.rolls:
            table = " <small>(table dice)</small>" if r.note == TABLE else ""
            rows.append(f"{html.escape(self.say(r.purpose))}: {r.die} {list(r.faces)}{table}")
        for m in event.detail.get("modifiers", []):
            rows.append(f"{html.escape(m['name'])}: {m['value']:+} <small>({html.escape(m['source'])})</small>")
        self.result.value = "<div class='wgkit-result'>" + "<br>".join(rows) + "</div>"
        self.result_event = len(self.game.log)
        self.changed()
        return event
