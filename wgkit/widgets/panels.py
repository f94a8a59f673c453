"""TurnPanel, ActionPanel and DiceLog."""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as W

from wgkit.engine import deck as cards
from wgkit.engine.game import Game, IllegalActionError
from wgkit.rules.actions import GENERIC, ActionSpec, Param, actions_for
from wgkit.widgets.errors import ErrorArea

__all__ = ["ActionPanel", "DiceLog", "ErrorArea", "TurnPanel"]

Changed = Callable[[], None]
GENERIC_NAMES = {spec.name for spec in GENERIC}


class TurnPanel:
    """The turn sequence with the current step highlighted; Next and Back; the deck if any."""

    def __init__(self, game: Game, errors: ErrorArea, changed: Changed = lambda: None):
        self.game, self.errors, self.changed = game, errors, changed
        self.html = W.HTML()
        self.next = W.Button(description="Next ▶", tooltip="go to the next step")
        self.back = W.Button(description="◀ Back", tooltip="undo back to the start of the previous step")
        self.next.on_click(errors.guard(lambda _: self.go_next()))
        self.back.on_click(errors.guard(lambda _: self.go_back()))
        self.widget = W.VBox([self.html, W.HBox([self.back, self.next])])
        self.refresh()

    def go_next(self) -> None:
        self.game.advance()
        self.changed()

    def go_back(self) -> None:
        flows = [i for i, e in enumerate(self.game.log) if e.kind == "flow"]  # its step hook follows it
        if not flows:
            raise ValueError("already at the first step")
        self.game.undo_to(flows[-1])
        self.changed()

    def refresh(self) -> None:
        g = self.game
        turn, phase, step = g.position
        if g.flow.headline is not None:
            rows = [g.flow.headline(g)]
        else:
            rows = [f"<b>Turn {turn}</b>" + (f" of {g.scenario.turns}" if g.scenario.turns else "")
                    + f" &mdash; active: {html.escape(g.state['active'])}"]
        if g.state["vars"].get("game_over"):
            rows.append(f"<div style='color:#b00'><b>Game over:</b> {html.escape(g.state['vars']['game_over'])}</div>")
        for pi, ph in enumerate(g.flow.phases):
            for si, st in enumerate(ph.steps):
                here = (pi, si) == (phase, step)
                style = "background:#ffd60a;font-weight:bold" if here else "color:#555"
                who = ", ".join(g.acting_sides()) if here else st.who
                rows.append(f"<div style='{style}'>{html.escape(ph.name)}: {html.escape(st.name)} "
                            f"<small>({html.escape(who)}{'; ' + st.ref if st.ref else ''})</small></div>")
        for name, d in g.state["decks"].items():
            last = d["discard"][-1] if d["discard"] else "none"
            colour = cards.colour(last) if d["discard"] else ""
            rows.append(f"<div>Deck <b>{html.escape(name)}</b>: {len(d['draw'])} to draw; last card "
                        f"<b style='color:{'#b00' if colour == 'red' else '#000'}'>{last}</b></div>")
        self.html.value = "".join(rows)


class ActionPanel:
    """The actions legal now, their parameters, the odds before resolving, the result after."""

    def __init__(self, game: Game, errors: ErrorArea, changed: Changed = lambda: None,
                 preview: Callable[[list], None] = lambda shapes: None):
        self.game, self.errors, self.changed, self.preview = game, errors, changed, preview
        self.specs: list[ActionSpec] = []
        self.choice = W.Dropdown(description="Action")
        self.params_box = W.VBox()
        self.odds = W.HTML()
        self.result = W.HTML()
        self.button = W.Button(description="Resolve", button_style="primary")
        self.inputs: dict[str, W.Widget] = {}
        self.choice.observe(errors.guard(lambda _: self._build_params()), "value")
        self.button.on_click(errors.guard(lambda _: self.resolve()))
        self.widget = W.VBox([self.choice, self.params_box, W.HTML("<b>Odds before the roll</b>"), self.odds,
                              self.button, self.result])
        self.refresh()

    @property
    def spec(self) -> ActionSpec | None:
        return next((s for s in self.specs if s.name == self.choice.value), None)

    def refresh(self) -> None:
        self.specs = actions_for(self.game)
        names = [(s.label, s.name) for s in self.specs]
        keep = self.choice.value
        self.choice.options = names
        values = [n for _, n in names]
        ruled = [n for n in values if n not in GENERIC_NAMES]
        if keep not in values or (keep in GENERIC_NAMES and ruled):
            keep = values[0] if values else None  # a new step: offer its first rules action
        self.choice.value = keep
        self._build_params()

    def _pieces(self) -> list[str]:
        return sorted(pid for pid, p in self.game.state["pieces"].items() if p["alive"])

    def _make(self, p: Param) -> W.Widget:
        label = p.label or p.name
        if p.kind == "piece":
            options = self._pieces()
            return W.Dropdown(options=options, description=label, value=p.default if p.default in options else
                              (options[0] if options else None))
        if p.kind == "choice":
            return W.Dropdown(options=list(p.choices), description=label, value=p.initial())
        if p.kind == "point":
            return W.Text(description=label, placeholder="x, y (or click the board)", value=p.default or "")
        return W.BoundedIntText(description=label, value=p.initial(), min=p.low, max=p.high)

    def _build_params(self) -> None:
        spec = self.spec
        self.inputs = {p.name: self._make(p) for p in spec.params} if spec else {}
        for w in self.inputs.values():
            w.observe(self.errors.guard(lambda _: self.show_odds()), "value")
        self.params_box.children = list(self.inputs.values())
        self.show_odds()

    def values(self) -> dict[str, Any]:
        out = {}
        for name, w in self.inputs.items():
            v = w.value
            spec_param = next(p for p in self.spec.params if p.name == name)
            if spec_param.kind == "point":
                try:
                    x, y = (float(t) for t in str(v).split(","))
                except ValueError:
                    raise ValueError(f"{name}: give a point as 'x, y' in inches, or click the board") from None
                v = (x, y)
            out[name] = v
        return out

    def set_point(self, point: tuple[float, float]) -> None:
        """Fill the first point parameter from a click on the board."""
        for name, w in self.inputs.items():
            if isinstance(w, W.Text):
                w.value = f"{point[0]:.1f}, {point[1]:.1f}"
                return

    def set_piece(self, piece: str | None) -> None:
        """Fill the first piece parameter from a selection on the board."""
        for p in self.spec.params if self.spec else ():
            if p.kind == "piece" and piece in self.inputs[p.name].options:
                self.inputs[p.name].value = piece
                return

    def show_odds(self) -> None:
        spec = self.spec
        self.preview([])
        if spec is None:
            self.odds.value = ""
            return
        try:
            params = self.values()
        except ValueError:
            self.odds.value = "<i>set the parameters to see the odds</i>"
            return
        try:
            lines = [html.escape(x) for x in spec.explain(self.game, params)]
            dist = spec.odds(self.game, params)
            self.preview(spec.preview(self.game, params))
        except IllegalActionError as exc:  # say why, before anyone rolls
            self.odds.value = f"<span style='color:#9b1c1c'>not possible: {html.escape(str(exc))}</span>"
            return
        if dist is not None:
            lines += [html.escape(x) for x in dist.describe()]
        self.odds.value = "<br>".join(lines) or "<i>no dice</i>"

    def resolve(self) -> None:
        spec = self.spec
        if spec is None:
            raise ValueError("no action is possible now")
        event = spec.resolve(self.game, self.values())
        rows = [f"<b>{html.escape(event.text)}</b>"]
        for r in event.rolls:
            rows.append(f"{html.escape(r.purpose)}: {r.die} {list(r.faces)}")
        for m in event.detail.get("modifiers", []):
            rows.append(f"{html.escape(m['name'])}: {m['value']:+} <small>({html.escape(m['source'])})</small>")
        self.result.value = "<br>".join(rows)
        self.changed()


class DiceLog:
    """Every event and roll; filter by text; undo to any row."""

    def __init__(self, game: Game, errors: ErrorArea, changed: Changed = lambda: None):
        self.game, self.errors, self.changed = game, errors, changed
        self.filter = W.Text(description="Filter", placeholder="e.g. fire, r1, d6")
        self.table = W.HTML()
        self.row = W.BoundedIntText(description="Undo to row", min=0, max=0, value=0)
        self.undo = W.Button(description="Undo to here", button_style="warning")
        self.filter.observe(errors.guard(lambda _: self.refresh()), "value")
        self.undo.on_click(errors.guard(lambda _: self.undo_to(self.row.value)))
        self.widget = W.VBox([W.HBox([self.filter, self.row, self.undo]), self.table])
        self.refresh()

    def rows(self) -> list[tuple[int, str, str, str]]:
        needle = self.filter.value.strip().lower()
        out = []
        for i, e in enumerate(self.game.log, 1):
            dice = "; ".join(f"{r.purpose}: {r.die} {list(r.faces)}" for r in e.rolls)
            row = (i, e.kind, e.text, dice)
            if not needle or needle in " ".join(map(str, row)).lower():
                out.append(row)
        return out

    def undo_to(self, n: int) -> None:
        """Keep rows 1..n, undo the rest."""
        self.game.undo_to(n)
        self.changed()

    def refresh(self) -> None:
        rows = self.rows()
        self.row.max = len(self.game.log)
        body = "".join(f"<tr><td>{i}</td><td>{html.escape(k)}</td><td>{html.escape(t)}</td>"
                       f"<td><code>{html.escape(d)}</code></td></tr>" for i, k, t, d in rows[::-1])
        self.table.value = (f"<div class='wgkit-dicelog' data-rows='{len(rows)}' style='max-height:220px;overflow:auto'>"
                            f"<table><tr><th>#</th><th>what</th><th>result</th><th>dice</th></tr>{body}</table></div>")
