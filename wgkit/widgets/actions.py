"""ActionPanel: the widgets that draw an :class:`~wgkit.form.ActionForm` (the actions legal now,
their parameters, the odds before the roll, the dice, the kit's or the table's, and the result)
and pass the umpire's gestures to it."""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as W

from wgkit.dice import TABLE
from wgkit.engine.events import Event
from wgkit.engine.game import Game
from wgkit.engine.views import game_over
from wgkit.fog import Fog
from wgkit.form import GENERIC_NAMES, LISTS, ActionForm, labelled
from wgkit.odds import Distribution
from wgkit.rules.actions import ActionSpec, Param
from wgkit.widgets.errors import ErrorArea
from wgkit.widgets.menu import Menu

__all__ = ["GENERIC_NAMES", "ActionPanel", "labelled", "odds_html"]

Changed = Callable[[], None]
LABEL_CHARS = 24  # a form's labels are shown whole up to this many characters; the fields keep the rest


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
    out = f"<ul style='margin:2px 0 4px 16px;padding:0;line-height:1.35'>{''.join(rows)}</ul>" if rows else ""
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
        out += f"<table class='wgkit-odds' style='font-size:90%;line-height:1.35'>{''.join(bars)}</table>"
    return out or "<i>no dice</i>"


class ActionPanel:
    """Choose an action, set its parameters (or click the board), read the odds, resolve.

    The form itself is :attr:`model` (no widget in it); the panel draws it after every gesture
    and every change of the game. With ``dice`` set to table dice, Resolve asks for the faces
    rolled by hand and applies the rules to them exactly as to the kit's dice."""

    def __init__(self, game: Game, errors: ErrorArea, changed: Changed | None = None,
                 preview: Callable[[list], None] = lambda shapes: None, fog: Fog | None = None):
        self.game, self.errors, self.preview = game, errors, preview
        self.changed = changed or self.refresh  # after an event: the page (and this form) drawn again
        self.model = ActionForm(game, fog)
        self.say = game.scenario.wording()  # the rules' texts with the scenario's names and squares
        self.gloss = game.scenario.glossary()  # the ruleset's terms explained where first used
        self.choice = Menu(description="Action", layout=W.Layout(width="98%"))
        self.params_box = W.VBox()
        self.odds = W.HTML()
        self.dice = W.ToggleButtons(options=[("kit dice", "kit"), ("table dice", "table")], value="kit",
                                    tooltips=["the kit rolls seeded dice", "you roll at the table and type the faces"],
                                    style={"button_width": "auto"})
        self.fresh = W.Checkbox(value=False, description="fresh dice (skip the faces of the undone roll)", indent=False)
        self.button = W.Button(description="Resolve", button_style="primary", icon="check",
                               layout=W.Layout(min_width="110px"))
        self.then_next = W.Button(description="Resolve ▶ Next", layout=W.Layout(min_width="130px", display="none"),
                                  tooltip="resolve, then go on to the next step: one press for the step's last action")
        self.button.observe(lambda change: setattr(self.then_next, "disabled", change["new"]), "disabled")
        self.go_on: Callable[[], None] | None = None  # the page's Next, once the page offers it (:meth:`offer_next`)
        self._going_on: tuple[int, int, int] | None = None  # Resolve ▶ Next pressed: the step it was pressed in, until its event
        self.why_not = W.HTML()
        self.faces_prompt = W.HTML()
        self.faces = W.Text(placeholder="faces, e.g. 4 6 1", layout=W.Layout(width="140px"))
        self.faces_ok = W.Button(description="Enter faces", button_style="info")
        self.faces_cancel = W.Button(description="Cancel")
        self.entry = W.VBox([self.faces_prompt, W.HBox([self.faces, self.faces_ok, self.faces_cancel])],
                            layout=W.Layout(display="none"))
        self.result = W.HTML()
        self.result_event: int | None = None  # the log length right after the shown result
        self.acted: list[Callable[[], None]] = []  # called after each action made, before the page follows
        self.inputs: dict[str, W.Widget] = {}
        self._built: tuple[Any, ...] | None = None  # the action and parameters the inputs were made for
        self._drawing = False  # widgets set while drawing the form are not gestures
        many = self.model.drag_unit
        self.drag_mode = W.ToggleButtons(options=[("a figure", "piece"), ("its whole unit", "unit")],
                                         value="unit" if many else "piece",
                                         style={"button_width": "auto"},
                                         tooltips=["a drag moves the figure dragged",
                                                   "a drag moves every figure of its unit by the same offset"])
        self.drag_row = W.HBox([W.HTML("drag moves&nbsp;"), self.drag_mode], layout=W.Layout(align_items="center"))
        self.drag_row.layout.display = "" if many else "none"
        self.drag_mode.observe(self._gesture(lambda c: self.model.set_drag_unit(c["new"] == "unit")), "value")
        self.choice.observe(self._gesture(lambda c: self.model.choose(c["new"])), "value")
        self.button.on_click(errors.guard(lambda _: self.resolve()))
        self.then_next.on_click(errors.guard(lambda _: self.resolve(then_next=True)))
        self.dice_errors = errors.beside()  # wrong faces are said under the faces, where the eye is
        self.entry.children = (*self.entry.children, self.dice_errors.widget)
        self.faces_ok.on_click(self.dice_errors.guard(lambda _: self.enter_faces(self.faces.value)))
        self.faces.continuous_update = False
        self.faces_cancel.on_click(self.dice_errors.guard(lambda _: self.cancel_faces()))
        self.widget = W.VBox([self.drag_row, self.choice, self.params_box, W.HTML("<b>Odds before the roll</b>"),
                              self.odds, self.fresh, W.HBox([self.dice, self.button, self.then_next],
                                                                  layout=W.Layout(align_items="center")),
                              self.why_not, self.entry, self.result])
        self.draw()

    # -- the form, as the model holds it ---------------------------------------------------------
    @property
    def spec(self) -> ActionSpec | None:
        return self.model.spec

    @property
    def specs(self) -> list[ActionSpec]:
        return self.model.specs

    @property
    def side(self) -> str:
        return self.model.side

    @side.setter
    def side(self, side: str) -> None:
        self.model.side = side

    @property
    def group(self) -> list[tuple[str, tuple[float, float]]]:
        return self.model.group

    @property
    def group_title(self) -> str:
        return self.model.group_title

    @property
    def staying(self) -> list[tuple[str, str]]:
        return self.model.staying

    def judged(self) -> Game:
        return self.model.judged()

    def values(self) -> dict[str, Any]:
        return self.model.params()

    def wants_point(self) -> bool:
        return self.model.wants_point()

    def rolls_dice(self) -> bool:
        return self.model.rolls_dice()

    def _gesture(self, act: Callable[[Any], None]) -> Callable[[Any], None]:
        """A widget's change handed to the model as a gesture (unless the panel itself is drawing),
        then the form drawn again; a refusal is said in the error area."""
        def handler(change: Any) -> None:
            if self._drawing:
                return
            try:
                self.errors.guard(act)(change)
            finally:
                self.draw()
        return handler

    # -- gestures ----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """The game changed (or may have): the form derived again from it, and drawn."""
        self.model.refresh()
        if self.result_event is not None and len(self.game.log) < self.result_event:
            self.result.value, self.result_event = "", None  # its event was undone: the result goes too
        self.draw()

    def show_odds(self) -> None:
        """Judge the form again as it stands and draw it."""
        self.model.judge()
        self.draw()

    def set_point(self, point: tuple[float, float]) -> None:
        self.model.click_point(point)
        self.draw()

    def set_piece(self, piece: str | None, add: bool = False) -> bool:
        taken = self.model.click_piece(piece, add)
        self.draw()
        return taken

    def aim(self, actor: str, target: str) -> bool:
        """A drag from ``actor`` onto the enemy ``target``: an action of one on the other, if any."""
        aimed = self.model.aim(actor, target)
        self.draw()
        return aimed

    def take_click(self, kind: str, value: Any, clear: Callable[[], None]) -> bool:
        """A click on the board (see :meth:`BoardView.on`) fills the form: a point where the form
        asks for one (elsewhere ``clear``, the board's own reset), a piece as actor or target,
        shift-clicked pieces as a group. False for anything else (a drag is the caller's)."""
        m = self.model
        try:
            if kind == "point":
                if not m.click_point(value):
                    clear()
            elif kind in ("select", "add"):
                m.click_piece(value, add=kind == "add")
            elif kind == "group":  # pieces chosen on the board to move together (a box, a held unit)
                m.choose_group(value)
            elif kind == "aim":  # a drag from a piece onto an enemy: that piece acts on it
                actor, target = value
                if not m.aim(actor, target):
                    raise ValueError(f"no action lets {m.who(actor)} act on {m.who(target)} now")
            elif kind == "refused":  # a drag beyond the allowance: the form keeps no destination to resolve
                m.refuse_point(str(value))
            else:
                return False
        finally:
            self.draw()
        return True

    def drag(self, piece: str, point: tuple[float, float]) -> bool:
        """A piece dropped on the table: the step's move action for it, filled in (the umpire
        then reads the odds and confirms with Resolve). False if no action fits."""
        moved = self.model.drag(piece, point)
        self.draw()
        return moved

    def take_moves(self, moves: list[tuple[str, tuple[float, float]]], title: str,
                   turns: list[tuple[str, tuple[float, float]]] = ()) -> list[str]:
        left = self.model.take_moves(moves, title, turns)
        self.draw()
        return left

    def turns_offered(self) -> bool:
        """Whether the step offers an action that turns a piece (Close Action's Move)."""
        return self.model.turn_spec() is not None

    def forget_group(self) -> None:
        self.model.forget_group()
        self.draw()

    def play_forced(self) -> Event | None:
        """Make the action the rules demand now with nothing to choose (a card sequence's draw),
        when it is the only rules action offered and the kit rolls the dice."""
        if not self.model.forced(self.dice.value == "table"):
            return None
        return self.resolve()

    def make(self, name: str) -> Event | None:
        """The action ``name`` chosen and resolved as Resolve would (with table dice: asking for
        the faces), for Next where the step's clock is owed (Rookie's next card)."""
        self.model.choose(name)
        self.draw()
        return self.resolve()

    def offer_next(self, go_on: Callable[[], None]) -> None:
        """Show Resolve ▶ Next beside Resolve: it resolves, then calls ``go_on`` (the page's Next)."""
        self.go_on = go_on
        self.then_next.layout.display = ""

    def resolve(self, then_next: bool = False) -> Event | None:
        """Resolve the form with the kit's dice, or start asking for table dice. ``then_next``: once
        the action is made (with table dice, once its faces are typed), go on to the next step,
        unless the step has already passed by itself."""
        self._going_on = self.game.position if then_next and self.go_on is not None else None
        fresh, self.fresh.value = self.fresh.value, False
        name = self.model.action
        try:
            event = self.model.resolve(table=self.dice.value == "table", fresh=fresh)
        except Exception:
            self._going_on = None  # refused: nothing was made, so nothing goes on
            raise
        return self._done(event, name) if event is not None else self._waiting()

    def enter_faces(self, text: str) -> Event | None:
        """The faces of the roll the panel asked for, typed as rolled at the table."""
        name = self.model.action
        event = self.model.enter_faces(text)
        self.faces.value = ""
        return self._done(event, name) if event is not None else self._waiting()

    def cancel_faces(self) -> None:
        self._going_on = None
        self.model.cancel_faces()
        self.draw()

    def _waiting(self) -> None:
        self.draw()
        return None

    def _done(self, event: Event, name: str | None) -> Event:
        rows = [f"<b>{html.escape(self.say(event.text))}</b>"]
        for r in event.rolls:
            table = " <small>(table dice)</small>" if r.note == TABLE else ""
            rows.append(f"{html.escape(self.say(r.purpose))}: {r.die} {list(r.faces)}{table}")
        for m in event.detail.get("modifiers", []):
            rows.append(f"{html.escape(m['name'])}: {m['value']:+} <small>({html.escape(m['source'])})</small>")
        if self.model.unread:
            rows.append(f"<small>not read: {len(self.model.unread)} of the dice beside ({' '.join(map(str, self.model.unread))}), "
                        f"not called for</small>")
        self.result.value = self.gloss("<div class='wgkit-result'>" + "<br>".join(rows) + "</div>")
        self.result_event = len(self.game.log)
        if name not in GENERIC_NAMES:  # a rules action: a step it left with nothing to do passes by itself
            for hook in self.acted:
                hook()
        going_on, self._going_on = self._going_on, None
        self.changed()
        if going_on is not None and self.go_on is not None and self.game.position == going_on \
                and not game_over(self.game.state):  # a step that passed by itself is not passed again
            self.go_on()
        return event

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self) -> None:
        """Put the model's form in the widgets: the actions, the parameters and their lists, the
        odds or the reason Resolve may not act, the faces awaited."""
        m, self._drawing = self.model, True
        try:
            self.choice.options = [(self.say(label), name) for label, name in m.menu]
            self.choice.value = m.action
            spec = m.spec
            key = (m.action, *(p.name for p in spec.params)) if spec is not None else None
            if key != self._built:
                self._build(spec)
                self._built = key
            for p in spec.params if spec is not None else ():
                w = self.inputs[p.name]
                if p.kind in LISTS and list(w.options) != m.options[p.name]:
                    w.options = m.options[p.name]
                w.value = m.values[p.name]
            self.drag_mode.value = "unit" if m.drag_unit else "piece"
            self._draw_verdict()
            need = m.need
            self.entry.layout.display = "" if need is not None else "none"
            if need is not None:
                so_far = f"; entered so far: {' '.join(map(str, m.entered))}" if m.entered else ""
                die, throw = need.die, m.throw
                faces = f"faces {die.low}-{die.low + die.sides - 1}{so_far}"
                if len(throw) == 1:
                    prompt = (f"<b>Roll {need.n} {html.escape(die.name)}</b> for {html.escape(self.say(need.purpose))} "
                              f"<small>({html.escape(faces)})</small>")
                else:  # one throw: each roll's dice named, typed in this order
                    rows = "".join(f"<li>{r.n} for {html.escape(self.say(r.purpose))}</li>" for r in throw)
                    prompt = (f"<b>Throw {sum(r.n for r in throw)} {html.escape(die.name)} together</b> "
                              f"<small>({html.escape(faces)}), typed in this order:</small>"
                              f"<ol style='margin:0 0 2px 0;padding-left:22px'>{rows}</ol>")
                if m.beside:  # the rolls that may follow, thrown at once in another colour
                    more = " and the like" if len(m.beside) > 1 else ""
                    prompt += (f"<div class='wgkit-beside'><small>To save a throw: up to {sum(r.n for r in m.beside)} "
                               f"{html.escape(die.name)} of another colour beside them, typed after them, for what may "
                               f"follow ({html.escape(self.say(m.beside[0].purpose))}{more}); only as many are read "
                               f"as this throw calls for</small></div>")
                self.faces_prompt.value = prompt
                self.button.disabled = True
            self.fresh.layout.display = "" if m.fresh_possible else "none"
        finally:
            self._drawing = False

    def _make(self, p: Param) -> W.Widget:
        label, wide = p.label or p.name, W.Layout(width="98%")
        if p.kind in LISTS:
            return Menu(options=self.model.options[p.name], description=label, layout=wide, value=None)
        if p.kind == "point":
            return W.Text(description=label, placeholder="x, y (or click the board)", layout=wide)
        return W.BoundedIntText(description=label, value=p.initial(), min=p.low, max=p.high)

    def _build(self, spec: ActionSpec | None) -> None:
        """The inputs of a new form: one a parameter, each edit a gesture."""
        params = list(spec.params) if spec is not None else []
        old, self.inputs = self.inputs, {p.name: self._make(p) for p in params}
        width = f"{min(max((len(p.label or p.name) for p in params), default=0), LABEL_CHARS) + 1}ch"  # the labels whole
        for name, w in self.inputs.items():
            w.style.description_width = width
            w.observe(self._gesture(lambda c, name=name: self.model.edit(name, c["new"])), "value")
        self.params_box.children = list(self.inputs.values())
        for w in old.values():
            w.close()  # a pick still on its way to another action's form is dropped, not applied to this one

    def _draw_verdict(self) -> None:
        v, say = self.model.verdict, self.say
        self.preview(v.shapes)
        if v.state == "waiting":
            self.odds.value = f"<i>{html.escape(v.why)} to see the odds</i>"
        elif v.state == "unset":
            self.odds.value = "<i>set the parameters to see the odds</i>"
        elif v.state == "refused":
            self.odds.value = self.gloss(f"<span style='color:#9b1c1c'>not possible: {html.escape(say(v.why))}</span>")
        elif v.state == "group":
            label = self.model.label
            rows = [f"<li>{html.escape(label(g.piece))}: {html.escape(g.chance)}</li>" for g in v.moves]  # where: on the board
            rows += [f"<li style='color:#9b1c1c'>{html.escape(label(pid))} stays: {html.escape(say(why))}</li>"
                     for pid, why in v.staying]
            spec = self.model.spec
            verb = "move or turn" if self.model.turns else "turn" if spec is not None and spec.turns_only else "move"
            self.odds.value = (f"<b>{len(v.moves)} of {v.total} {'pieces' if self.model.group_title else 'figures'} "
                               f"{verb} together</b><ul style='margin:2px 0 4px 16px;padding:0'>{''.join(rows)}</ul>")
        elif v.state == "ready":
            self.odds.value = self.gloss(odds_html(v.lines, v.dist, say))
        else:
            self.odds.value = ""
        self._possible(v.ok, v.why, waiting=v.state == "waiting")

    def _possible(self, ok: bool, why: str = "", waiting: bool = False) -> None:
        """Enable Resolve, or disable it with the reason beside it; ``waiting``: nothing is wrong,
        the form only waits for the umpire's input."""
        self.button.disabled = not ok
        said = self.say(why)
        self.button.tooltip = "" if ok else said
        self.why_not.value = "" if ok else (f"<small style='color:#555'>{html.escape(said)}</small>" if waiting else
                                            f"<small style='color:#9b1c1c'>not possible: {html.escape(said)}</small>")
