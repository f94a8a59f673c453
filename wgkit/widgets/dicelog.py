"""DiceLog: every event and roll, newest first; filter by text; undo to any row. A side's view
shows the rows about pieces it does not see as hidden."""

from __future__ import annotations

import html
from typing import Callable

import ipywidgets as W

from wgkit.dice import TABLE
from wgkit.engine.events import Event
from wgkit.engine.game import Game
from wgkit.engine.views import UMPIRE, piece_ids, unit_ids, visible_ids
from wgkit.widgets.errors import ErrorArea

Changed = Callable[[], None]


class DiceLog:
    """Every event and roll; filter by text; undo to any row."""

    def __init__(self, game: Game, errors: ErrorArea, changed: Changed = lambda: None):
        self.game, self.errors, self.changed = game, errors, changed
        self.side = UMPIRE
        self.say = game.scenario.wording()
        self.gloss = game.scenario.glossary()
        self.filter = W.Text(description="Filter", placeholder="e.g. fire, r1, d6")
        self.table = W.HTML()
        self.row = W.BoundedIntText(description="Undo to row", min=0, max=0, value=0)
        self.undo = W.Button(description="Undo to here", button_style="warning")
        self.filter.observe(errors.guard(lambda _: self.refresh()), "value")
        self.undo.on_click(errors.guard(lambda _: self.undo_to(self.row.value)))
        self.widget = W.VBox([W.HBox([self.filter, self.row, self.undo]), self.table])
        self.refresh()

    def _hidden(self) -> set[str]:
        """Pieces and units this view must not hear about."""
        everything = set(piece_ids(self.game.state)) | set(unit_ids(self.game.state))
        return everything - visible_ids(self.game.state, self.side)

    @staticmethod
    def _touches(event: Event, ids: set[str]) -> bool:
        paths = {p[1] for p, _ in event.changes if len(p) > 1 and p[0] in ("pieces", "units")}
        params = (event.action or {}).get("params", {})
        named = {v for v in params.values() if isinstance(v, str)}
        return bool((paths | named) & ids) or any(i in event.text for i in ids)

    def rows(self) -> list[tuple[int, str, str, str]]:
        needle = self.filter.value.strip().lower()
        hidden = self._hidden()
        out = []
        for i, e in enumerate(self.game.log, 1):
            if hidden and self._touches(e, hidden):
                row = (i, e.kind, "(not seen by this side)", "")
            else:
                dice = "; ".join(f"{self.say(r.purpose)}: {r.die} {list(r.faces)}" + (" (table)" if r.note == TABLE else "")
                                 for r in e.rolls)
                row = (i, e.kind, self.say(e.text), dice)
            if not needle or needle in " ".join(map(str, row)).lower():
                out.append(row)
        return out

    def latest(self, n: int = 3) -> str:
        """The newest ``n`` rows, one paragraph each across the panel's width (kept in view beside
        the board; a table's narrow columns wrapped each row onto several lines)."""
        body = "".join(f"<div><b>{i}</b> {html.escape(t)}" + (f" <code>{html.escape(d)}</code>" if d else "") + "</div>"
                       for i, _, t, d in self.rows()[::-1][:n])
        return self.gloss(f"<div class='wgkit-latest' style='font-size:85%;line-height:1.3'>{body}</div>") if body else ""

    def undo_to(self, n: int) -> None:
        """Keep rows 1..n, undo the rest."""
        self.game.undo_to(n)
        self.changed()

    def refresh(self) -> None:
        rows = self.rows()
        self.row.max = len(self.game.log)
        body = "".join(f"<tr><td>{i}</td><td>{html.escape(k)}</td><td>{html.escape(t)}</td>"
                       f"<td><code>{html.escape(d)}</code></td></tr>" for i, k, t, d in rows[::-1])
        self.table.value = self.gloss(f"<div class='wgkit-dicelog' data-rows='{len(rows)}' style='max-height:220px;overflow:auto'>"
                            f"<table><tr><th>#</th><th>what</th><th>result</th><th>dice</th></tr>{body}</table></div>")
