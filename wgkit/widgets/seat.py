"""A side's page in a double-blind game, and the umpire's desk of proposals and notes.

A side's page (:class:`SidePage`) draws only its fog of war (:mod:`wgkit.fog`): its own pieces,
the enemies its troops see now, and where it last saw the others. Its player proposes orders
with the odds it can know; the umpire approves, changes or refuses each at the desk
(:class:`DeskBox`, a tab of the umpire's app) and sends each seat notes. Every widget of a side's
page is built from the side's view, so nothing it sends the browser names an unseen piece.
"""

from __future__ import annotations

import asyncio
import html
from typing import Any, Callable

import ipywidgets as W
import numpy as np

from wgkit.desk import APPROVED, CHANGED, IN_FORM, REFUSED, WAITING, Desk, Proposal
from wgkit.engine.events import plain
from wgkit.engine.game import Game
from wgkit.engine.journal import Journal
from wgkit.engine.views import piece_ids, unit_ids
from wgkit.fog import Fog
from wgkit.render import style as S
from wgkit.render.shapes import Shape
from wgkit.rules.registry import get_ruleset
from wgkit.widgets.actions import ActionPanel
from wgkit.widgets.board import BoardView
from wgkit.widgets.errors import ErrorArea
from wgkit.widgets.still import StillBox
from wgkit.widgets.tableread import TableReader

BOARD_BOX = (1000.0, 760.0)  # a side's board at most, in pixels (a tablet's screen)
TOUCH_CSS = """<style>
.wgkit-seat {--jp-widgets-inline-height: 40px; --jp-widgets-font-size: 15px}
.wgkit-seat .widget-button, .wgkit-seat .jupyter-button {min-height: 44px; min-width: 44px; font-size: 16px}
.wgkit-seat canvas {touch-action: none}
</style>"""


def shown(value: Any, label: Callable[[Any], str]) -> str:
    """A parameter value as the proposal's text names it."""
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(isinstance(v, float) for v in value):
        return f"({value[0]:.1f}, {value[1]:.1f})"
    if isinstance(value, (tuple, list)):
        return " + ".join(shown(v, label) for v in value)
    return label(value)


IDLE = "Nothing for your side to order in this step: the umpire moves the game on."
GROUP = "whole unit"  # a proposal's figures and their destinations, when a unit moves as one
GROUP_TITLE = "group title"  # the name of such a group in the log, where it is not a unit's move
GROUP_TURNS = "turns"  # with such a group, the pieces turned after the moves and the points they face


class ProposalPanel(ActionPanel):
    """The action form of a side's page: its own troops' actions, with the odds as far as the side
    can know them; Propose sends the order to the umpire's desk instead of rolling."""

    def __init__(self, game: Game, errors: ErrorArea, fog: Fog, desk: Desk,
                 changed: Callable[[], None] | None = None, preview: Callable[[list], None] = lambda shapes: None):
        self.fog, self.desk = fog, desk
        self.note = W.Text(placeholder="a word to the umpire (optional)", layout=W.Layout(width="98%"))
        self.propose_button = W.Button(description="Propose", button_style="primary", icon="paper-plane",
                                       tooltip="send this order to the umpire, who approves, changes or refuses it")
        self.sent = W.HTML()
        super().__init__(game, errors, changed, preview, fog=fog)  # the form of the side's own orders, from its fog
        self.propose_button.on_click(errors.guard(lambda _: self.propose()))
        self.form = W.VBox([self.drag_row, self.choice, self.params_box, W.HTML("<b>Odds, as far as you know</b>"), self.odds,
                            self.note, W.HBox([self.propose_button, self.why_not])])
        self.idle = W.HTML(f"<small class='wgkit-idle'>{IDLE}</small>")
        self.widget = W.VBox([self.idle, self.form, self.sent])
        self._show_form()

    def draw(self) -> None:
        super().draw()
        if hasattr(self, "form"):  # not while the panel is being built
            self._show_form()

    def _show_form(self) -> None:
        """An empty form says nothing: with no order to give, one line says so instead."""
        idle = not self.specs
        self.form.layout.display = "none" if idle else ""
        self.idle.layout.display = "" if idle else "none"

    def _possible(self, ok: bool, why: str = "", waiting: bool = False) -> None:
        super()._possible(ok, why, waiting)
        self.propose_button.disabled = not ok
        self.propose_button.tooltip = "" if ok else self.say(why)

    def propose(self) -> int:
        """Send the order in the form to the umpire's desk; returns its number there."""
        spec = self.spec
        if spec is None:
            raise ValueError("no action is possible now")
        params = self.values()
        spec.odds(self.judged(), params)  # the rules' refusal, if any, before it reaches the umpire
        words = "; ".join(f"{p.label or p.name} {shown(params[p.name], self.model.label)}" for p in spec.params)
        label = f"{spec.label}: {words}" if words else spec.label
        if self.group:  # a unit's figures dragged as one, or the moves read from a photo: each destination goes with it
            turns = self.model.turns
            params = {**params, GROUP: [[pid, list(to)] for pid, to in self.group], GROUP_TITLE: self.group_title,
                      GROUP_TURNS: [[pid, list(to)] for pid, to in turns]}
            many = len(self.group) + len(turns)
            label += (f" ({self.group_title}: {many} piece{'s' if many != 1 else ''})" if self.group_title else
                      f" (the whole unit: {len(self.group)} figures by the same offset)")
        sent = self.desk.propose(self.fog.side, spec.name, label, plain(params), self.note.value.strip(),
                                 at=len(self.game.log))
        self.note.value = ""
        self.sent.value = f"<small>proposal {sent.number} sent to the umpire</small>"
        self.changed()
        return sent.id


def ghost_shapes(fog: Fog) -> list[Shape]:
    """Where enemies out of sight were last seen: a grey ring and the turn."""
    out = []
    for g in fog.ghosts():
        at = np.array([g.position])
        out.append(Shape("circle", at, None, "#6b7280", 0.06, 0.9, radius=S.FIGURE_RADIUS * 1.4, tag="last-seen"))
        out.append(Shape("text", at + [0.0, S.FIGURE_RADIUS * 1.4 + 0.35], "#374151", text=f"last seen T{g.turn}",
                         size=0.45, tag="last-seen"))
    return out


def _status(p: Proposal) -> str:
    colour = {WAITING: "#92400e", APPROVED: "#166534", CHANGED: "#1e40af", IN_FORM: "#1e40af",
              REFUSED: "#9b1c1c"}.get(p.status, "#333")
    reason = f": {html.escape(p.reason)}" if p.reason else ""
    return f"<span style='color:{colour}'>{html.escape(p.status)}{reason}</span>"


class SidePage:
    """One side's page: its fog of war on the board, its orders proposed to the umpire with the
    odds, what it learned of each event, and the umpire's notes to it."""

    def __init__(self, game: Game, side: str, desk: Desk, journal: Journal | None = None):
        self.game, self.desk, self.journal = game, desk, journal
        self.fog = Fog(side)
        self.fog.follow(game)
        self.side_name = next(s.name for s in game.scenario.sides if s.id == side)
        self._stamp = desk.stamp()
        self.errors = ErrorArea()
        self.errors.before.append(self.sync)
        t = game.scenario.table
        self.board_errors = self.errors.beside()  # what a gesture on the board could not do, said under it
        self.board = BoardView(game, self.board_errors, min(BOARD_BOX[0] / t.width, BOARD_BOX[1] / t.depth), side=side)
        self.board.viewer = self.fog.view
        self.board.judged = lambda: self.fog.seen_game(self.game)
        self.panel = ProposalPanel(game, self.errors, self.fog, desk, self.refresh,
                                   lambda shapes: self.board.overlay("action", self._safe(shapes)))
        self.board.on(self.board_errors.guard(self._board_event))
        self.reader = TableReader(lambda: self.game, self.panel, lambda shapes: self.board.overlay("table-read", shapes),
                                  self.errors.beside(), self.panel.say, side=side)
        self.step = W.HTML()
        self.mine = W.HTML()
        self.reports = W.HTML()
        self.notes = W.HTML()
        title = W.HTML(f"<h3 style='margin:2px 0'>{html.escape(game.scenario.title)} &middot; "
                       f"{html.escape(self.side_name)}</h3>")
        side = W.VBox([self.errors.widget, self.step, W.HTML("<b>From the umpire</b>"), self.notes,
                       W.HTML("<b>Your orders</b>"), self.panel.widget, self.mine, self.reader.widget,
                       self.reader.errors.widget],
                      layout=W.Layout(flex="1 1 320px", max_width="460px", min_width="300px"))
        # side by side on a wide screen; on a tablet held upright the orders go under the board
        play = W.HBox([W.VBox([self.board.widget, self.board_errors.widget], layout=W.Layout(flex="3 1 560px", min_width="0")), side],
                      layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.widget = StillBox([W.HTML(TOUCH_CSS), title, play, W.HTML("<b>What you know happened</b>"),
                                self.reports], self.board.picture)
        self.widget.add_class("wgkit-seat")
        self.refresh()

    @classmethod
    def attach(cls, journal: str, side: str) -> "SidePage":
        """The page of ``side`` in the game served from ``journal`` (its desk beside it)."""
        from wgkit.desk import desk_path
        from wgkit.session import attach

        j = attach(journal)
        return cls(j.game, side, Desk(desk_path(journal)), j)

    def _safe(self, shapes: list) -> list:
        """A preview's shapes, without any drawn for a piece the side does not know."""
        known = self.fog.known(self.game.state)
        everyone = set(piece_ids(self.game.state)) | set(unit_ids(self.game.state))
        return [s for s in shapes if not (s.tag in everyone and s.tag not in known)]

    def _board_event(self, kind: str, value: object) -> None:
        if self.panel.take_click(kind, value, self.board.clear):
            return
        if kind == "drag":
            piece, point = value  # type: ignore[misc]
            if not self.panel.drag(piece, point):
                raise ValueError(f"no move can be proposed for {self.panel.model.who(piece)} now")
            self.board.refresh()  # the piece goes back: it moves when the umpire says so

    # -- keeping up ----------------------------------------------------------------------------------
    def sync(self) -> bool:
        """Catch up with the umpire: new events (the fog follows them) and the desk. True if
        anything changed (and the page was redrawn)."""
        moved = self.journal.sync() if self.journal is not None else False
        stamp = self.desk.stamp()
        if self.fog.follow(self.game) or moved or stamp != self._stamp:
            self._stamp = stamp
            self.refresh()
            return True
        return False

    async def _poll(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            self.errors.guard(self.sync, looking=True)()

    def follow(self, every: float = 1.0) -> asyncio.Task:
        """Keep the page up to date by itself, checking every ``every`` seconds (in a served page)."""
        return asyncio.ensure_future(self._poll(every))

    def refresh(self) -> None:
        self.fog.follow(self.game)
        self.board.extra = [s for s in self.board.extra if s.tag not in ("ruler", "move-limit")]  # of a past drag
        self.board.overlay("last seen", ghost_shapes(self.fog))
        self.board.refresh()
        if self.board.selected:  # its sight lines from where it stands now
            self.board.select(self.board.selected)
        self.panel.refresh()
        if self.reader.moves and not self.panel.group:  # proposed (or the form moved on)
            self.reader.clear()
        g, sides = self.game, {s.id: s.name for s in self.game.scenario.sides}
        acting = ", ".join(sides.get(s, s) for s in g.acting_sides())
        yours = " &middot; <b>your step</b>" if self.fog.side in g.acting_sides() else ""
        self.step.value = (f"<div class='wgkit-seat-step'>Turn {get_ruleset(g.scenario.ruleset).turn(g)} &middot; "
                           f"{html.escape(g.current_step().name)} &middot; acting: {html.escape(acting)}{yours}</div>")
        rows, say = [], self.panel.say
        for p in self.desk.proposals(self.fog.side)[::-1]:
            done = ""
            if p.event is not None and 0 < p.event <= len(self.fog.reports):
                done = f" &rarr; {html.escape(say(self.fog.reports[p.event - 1].text))}"
            rows.append(f"<li>{p.number}. {html.escape(say(p.label))} &middot; {_status(p)}{done}</li>")
        self.mine.value = f"<ul class='wgkit-proposals' style='padding-left:16px'>{''.join(rows)}</ul>" if rows else ""
        notes = self.desk.messages(self.fog.side)[::-1]
        self.notes.value = ("<ul class='wgkit-notes' style='padding-left:16px'>"
                            + "".join(f"<li>{html.escape(t)}</li>" for _, t in notes) + "</ul>") if notes else \
            "<small>nothing yet</small>"
        body = "".join(f"<tr><td>{r.index}</td><td>{html.escape(say(r.text))}</td><td><code>{html.escape(say(r.dice))}</code></td></tr>"
                       for r in self.fog.reports[::-1] if r.kind != "unseen")
        self.reports.value = (self.panel.gloss(f"<div class='wgkit-reports' style='max-height:220px;overflow:auto'>"
                                               f"<table>{body}</table></div>") if body else "")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class DeskBox:
    """The umpire's desk: each side's proposals, to approve (resolved as proposed with the app's
    dice), change (put into the action form) or refuse with a reason; a note to each seat."""

    def __init__(self, game: Game, desk: Desk, errors: ErrorArea, panel: ActionPanel,
                 changed: Callable[[], None] = lambda: None):
        self.game, self.desk, self.errors, self.panel, self.changed = game, desk, errors, panel, changed
        self.queue = W.VBox()
        self.history = W.HTML()
        self.reason = W.Text(placeholder="reason to refuse (optional)", layout=W.Layout(width="98%"))
        self._changing: tuple[Proposal, str] | None = None  # taken to the form, and the verdict it will get
        self._stamp = (-1, -1)
        lines = []
        self.lines: dict[str, W.Text] = {}
        for s in game.scenario.sides:
            text = W.Text(placeholder=f"a note to {s.name}, e.g. you hear tracks to the east",
                          layout=W.Layout(width="70%"))
            send = W.Button(description=f"Send to {s.name}", icon="envelope", layout=W.Layout(width="auto"))
            send.on_click(errors.guard(lambda _, sid=s.id: self.say(sid)))
            self.lines[s.id] = text
            lines.append(W.HBox([text, send]))
        self.widget = W.VBox([W.HTML("<b>Proposals waiting</b>"), self.queue, self.reason,
                              W.HTML("<b>Notes to the seats</b>"), *lines, W.HTML("<b>Decided</b>"), self.history])
        self.refresh()

    def say(self, seat: str) -> None:
        self.desk.say(seat, self.lines[seat].value, at=len(self.game.log))
        self.lines[seat].value = ""
        self.refresh()

    def _load(self, p: Proposal) -> None:
        """Put proposal ``p`` into the umpire's action form, as proposed."""
        if p.action not in [s.name for s in self.panel.specs]:
            raise ValueError(f"{p.action!r} is not offered in this step; refuse it, or go to its step first")
        form = self.panel.model
        form.choose(p.action)
        spec = form.spec
        assert spec is not None
        for param in spec.params:
            if param.name not in p.params:
                continue
            value = p.params[param.name]
            form.edit(param.name, f"{value[0]:.2f}, {value[1]:.2f}" if param.kind == "point" else _tupled(value))
        if GROUP in p.params:  # a unit's move: every figure to its own destination, resolved as one
            form.hold_group([(pid, (float(to[0]), float(to[1]))) for pid, to in p.params[GROUP]],
                            str(p.params.get(GROUP_TITLE) or ""),
                            [(pid, (float(to[0]), float(to[1]))) for pid, to in p.params.get(GROUP_TURNS) or ()])
        self.panel.draw()

    def approve(self, p: Proposal) -> None:
        """Resolve ``p`` as proposed (with the dice chosen in the action form)."""
        self._load(p)
        before = len(self.game.log)
        event = self.panel.resolve()
        if event is None:  # table dice: the faces are asked for; decided once resolved
            self._changing = (p, APPROVED)
            self.desk.decide(p.id, IN_FORM, "rolling at the table")
        else:
            self.desk.decide(p.id, APPROVED, event=before + 1)
        self.refresh()

    def change(self, p: Proposal) -> None:
        """Put ``p`` into the form for the umpire to change and resolve."""
        self._load(p)
        self._changing = (p, CHANGED)
        self.desk.decide(p.id, IN_FORM)
        self.refresh()

    def refuse(self, p: Proposal) -> None:
        self.desk.decide(p.id, REFUSED, self.reason.value.strip())
        self.reason.value = ""
        self.refresh()

    def game_changed(self, event_count: int) -> None:
        """The umpire resolved something: a proposal taken to the form is now carried out."""
        if self._changing is None:
            return
        p, verdict = self._changing
        if event_count > p.at and self.game.log and (self.game.log[-1].action or {}).get("name") == p.action:
            self._changing = None
            self.desk.decide(p.id, verdict, "as the umpire set it" if verdict == CHANGED else "",
                             event=self._event_of(p))
            self.refresh()

    def _event_of(self, p: Proposal) -> int:
        for i in range(len(self.game.log), p.at, -1):
            if (self.game.log[i - 1].action or {}).get("name") == p.action:
                return i
        return len(self.game.log)

    def poll(self) -> bool:
        if self.desk.stamp() != self._stamp:
            self.refresh()
            return True
        return False

    def refresh(self) -> None:
        self._stamp = self.desk.stamp()
        names = {s.id: s.name for s in self.game.scenario.sides}
        rows = []
        for p in self.desk.proposals():
            if p.status != WAITING:
                continue
            head = W.HTML(f"<b>{html.escape(names.get(p.seat, p.seat))}</b> #{p.number}: {html.escape(self.panel.say(p.label))}"
                          + (f" <i>&laquo;{html.escape(p.note)}&raquo;</i>" if p.note else ""))
            buttons = []
            for text, fn, style in (("Approve", self.approve, "success"), ("Change", self.change, "info"),
                                    ("Refuse", self.refuse, "danger")):
                b = W.Button(description=text, button_style=style, layout=W.Layout(width="90px"))
                b.on_click(self.errors.guard(lambda _, fn=fn, p=p: fn(p)))
                buttons.append(b)
            rows.append(W.VBox([head, W.HBox(buttons)], layout=W.Layout(border="1px solid #ddd", padding="2px")))
        self.queue.children = rows or [W.HTML("<small>none</small>")]
        done = [p for p in self.desk.proposals() if p.status != WAITING][::-1]
        self.history.value = "<ul style='padding-left:16px'>" + "".join(
            f"<li>{html.escape(names.get(p.seat, p.seat))} #{p.number}: {html.escape(self.panel.say(p.label))} &middot; {_status(p)}</li>"
            for p in done) + "</ul>" if done else ""


def _tupled(value: Any) -> Any:
    """A JSON list back to the tuple the form's choices hold."""
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value
