"""UmpireApp: the board, the turn, the actions, the dice log, the briefing and saving, in one widget.

Served by ``wgkit play``, every page attaches to the game's journal (:meth:`UmpireApp.attach`):
a reload or a second tab shows the same game at the same event, and before any action a page
catches up with what other pages did."""

from __future__ import annotations

import asyncio
import html
import os
from pathlib import Path

import ipywidgets as W

from wgkit.desk import Desk, desk_path
from wgkit.engine.game import Game
from wgkit.engine.journal import Journal, StaleJournal
from wgkit.session import load_game
from wgkit.engine.views import UMPIRE, game_over, seed_of
from wgkit.render import style as S
from wgkit.render.scene import side_styles
from wgkit.rules.registry import get_ruleset
from wgkit.scenario import load as load_scenario
from wgkit.victory import standing
from wgkit.widgets.actions import ActionPanel
from wgkit.widgets.board import BoardView
from wgkit.widgets.briefing import briefing_html, standing_html
from wgkit.widgets.dicelog import DiceLog
from wgkit.widgets.errors import ErrorArea
from wgkit.widgets.menu import Menu
from wgkit.widgets.opponent import OpponentBox, seat_path
from wgkit.widgets.saving import SaveBox
from wgkit.widgets.seat import DeskBox
from wgkit.widgets.still import StillBox
from wgkit.widgets.tableread import TableReader
from wgkit.widgets.turn import TurnPanel

BOARD_BOX = (1400.0, 1000.0)  # the board's most pixels; the page shrinks it to the window (BOARD_CSS)


def legend_html(game: Game) -> str:
    """Side colours and the terrain types on this table, as swatches."""
    sc = game.scenario
    styles = side_styles(sc)
    chip = "display:inline-block;width:12px;height:12px;border:1px solid #333;margin:0 3px 0 10px;vertical-align:middle"
    items = [f"<span style='{chip};background:{styles[s.id][0]};border-radius:6px;box-shadow:0 0 0 2px "
             f"{styles[s.id][1][0]}'></span>{html.escape(s.name)}"
             + (" <small>(recoloured to stand out)</small>"
                if s.colour and s.colour != styles[s.id][0] else "") for s in sc.sides]
    for kind in sorted({f.type for f in sc.terrain}):
        fill = S.TERRAIN.get(kind, ("#999999", "#555555", 1.0))[0]
        items.append(f"<span style='{chip};background:{fill}'></span>{html.escape(kind.replace('_', ' '))}")
    return f"<div class='wgkit-legend' style='font-size:90%'>{''.join(items)}</div>"


def stays_words(panel: ActionPanel) -> str:
    """What a unit's drag leaves behind, in a line: who stays and why, and what Resolve does."""
    stays = "; ".join(f"{panel.model.label(pid)} ({panel.say(why)})" for pid, why in panel.staying)
    return (f"{len(panel.staying)} stay{'s' if len(panel.staying) == 1 else ''}, ringed on the board: {stays}. "
            "Resolve moves the others; drag again to move them otherwise")


class UmpireApp:
    """Run a game: every change goes through the game's log (and its journal), every panel follows it."""

    def __init__(self, game: Game, journal: Journal | None = None, save_dir: str | os.PathLike[str] | None = None,
                 desk: Desk | None = None):
        self.game, self.journal = game, journal
        self._starting = False  # Start is passing the first steps
        self.errors = ErrorArea()
        self.errors.before.append(self.sync)
        self.errors.after_error.append(self._after_error)
        t = game.scenario.table
        self.board_errors = self.errors.beside()  # what a gesture on the board could not do, said under it
        self.board = BoardView(game, self.board_errors, min(BOARD_BOX[0] / t.width, BOARD_BOX[1] / t.depth))
        self.turn = TurnPanel(game, self.errors, self.refresh)
        self.actions = ActionPanel(game, self.errors, self.refresh, lambda shapes: self.board.overlay("action", shapes))
        self.turn.entered.append(lambda: self.turn.skip_empty.value and self.actions.play_forced())
        self.turn.make = self.actions.make
        self.actions.offer_next(self.turn.go_next)
        self.actions.acted.append(self.turn.after_act)
        self.log = DiceLog(game, self.errors, self.refresh)
        self.opponent = OpponentBox(game, self.errors, self.refresh, seat_path(journal.path) if journal else None,
                                    self._thinking)
        self.reader = TableReader(lambda: self.game, self.actions, lambda shapes: self.board.overlay("table-read", shapes),
                                  self.errors.beside(), self.actions.say)
        folder = Path(save_dir) if save_dir is not None else (journal.path.parent if journal else Path.cwd())
        self.saver = SaveBox(game, folder, self.errors, journal.path if journal else None)
        self.viewer = Menu(options=[("umpire (everything)", UMPIRE)] +
                           [(f"side: {s.name}", s.id) for s in game.scenario.sides], description="View as")
        self.viewer.observe(self.errors.guard(lambda change: self.view_as(change["new"])), "value")
        self.confirm_moves = W.Checkbox(value=False, indent=False,
                                        description="confirm every drag (Resolve)",
                                        tooltip="off: a drag that rolls no dice moves at once, one that rolls shows its "
                                                "odds and waits for Resolve. On: every drag waits for Resolve")
        self.undo_last = W.Button(description="Undo last", icon="undo",
                                  tooltip="take back the latest thing done (a unit's move: all its figures; an action and the "
                                          "steps that then passed by themselves)")
        self.undo_last.on_click(self.errors.guard(lambda _: self.log.undo_to(self.turn.last_done())))
        self.latest = W.HTML()
        self.status = W.HTML()
        self.result = W.HTML()  # the game's result, at the top of the page once it is over
        self.standing = W.HTML(standing_html(game))
        self.board.on(self.board_errors.guard(self._board_event))
        title = W.HTML(f"<h3 style='margin:2px 0'>{html.escape(game.scenario.title)}</h3>")
        self.start = W.Button(description="Start the game ▶", button_style="success",
                              tooltip="close the briefing (it stays on the Briefing tab)")
        self.intro = W.VBox([W.HTML(f"<div class='wgkit-intro' style='max-height:420px;overflow:auto;border:1px solid "
                                    f"#cbd5e1;padding:4px'>{briefing_html(game.scenario)}</div>"), self.start],
                            layout=W.Layout(display="" if not game.log else "none"))  # a new game opens on it
        self.start.on_click(self.errors.guard(lambda _: self.begin()))
        # the turn, the form and the settings: shown once the game has begun (before it, only Start)
        # the photo of the real table beside Undo last, in view; what it read below them
        self.playing = W.VBox([self.turn.widget, self.actions.widget, W.HTML("<b>Latest</b>"), self.latest,
                               W.HBox([self.undo_last, self.reader.upload], layout=W.Layout(align_items="center")),
                               self.reader.live, self.reader.found, self.reader.errors.widget, self.standing, self.confirm_moves,
                               self.turn.skip_empty, self.opponent.widget],
                              layout=W.Layout(display="none" if not game.log else ""))
        # the board as wide as the window's height lets it be drawn; the panel takes the rest (440-720 px)
        side = W.VBox([self.intro, self.errors.widget, self.playing],
                      layout=W.Layout(flex="1 1 440px", min_width="440px", max_width="720px", margin="0 0 0 12px"))
        board = W.VBox([self.board.widget, self.board_errors.widget, W.HTML(legend_html(game))],
                       layout=W.Layout(flex="0 1 auto", min_width="0"))
        play = W.HBox([board, side], layout=W.Layout(align_items="flex-start"))
        self.briefing = W.HTML(briefing_html(game.scenario))
        tabs = {"Play": play, "Briefing": self.briefing, "Log and save": W.VBox([self.log.widget, self.saver.widget])}
        self.desk = DeskBox(game, desk, self.errors, self.actions, self.refresh) if desk is not None else None
        if self.desk is not None:  # a double-blind game: the sides' proposals and the umpire's notes
            tabs["Seats"] = self.desk.widget
        self.tabs = W.Tab(children=list(tabs.values()), titles=tuple(tabs))
        self.widget = StillBox([W.HBox([title, self.viewer, self.status],
                                       layout=W.Layout(align_items="center", justify_content="space-between")),
                                self.result, self.tabs], self.board.picture)
        self._show_status()
        self._show_result()
        self.latest.value = self.log.latest()

    # -- starting ----------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | os.PathLike[str], journal: str | os.PathLike[str] | None = None,
             seed: int | None = None) -> "UmpireApp":
        """Start a game from a scenario or a saved game (in a notebook); with ``journal``, record it
        to that new file (an existing file is never overwritten)."""
        p = Path(path)
        if p.suffix == ".wgsave":
            game = load_game(p, recover=True).game
        else:
            scenario = load_scenario(p)
            game = get_ruleset(scenario.ruleset).new_game(scenario, seed)
        return cls(game, Journal.create(game, journal) if journal is not None else None)

    @classmethod
    def attach(cls, journal: str | os.PathLike[str], save_dir: str | os.PathLike[str] | None = None,
               seats: bool = False, repaired: str = "") -> "UmpireApp":
        """A page of a served game: the game is the journal's, at its latest event. With ``seats``
        (a double-blind game), the sides' pages propose their orders at the desk beside the journal.
        A journal repaired when the game resumed (``repaired``, as ``wgkit play`` found it, or
        found now) is said on the page."""
        from wgkit.session import attach

        j = attach(journal)
        app = cls(j.game, j, save_dir, Desk(desk_path(journal)) if seats else None)
        if j.repaired or repaired:
            app.errors.show(ValueError(f"When this game resumed, {j.repaired or repaired}"))
        # looking: the page's own catching up is no action, so no check that another page moved the game first
        app.board.canvas.widget.on_client_ready(app.errors.guard(app.shown, looking=True))
        return app

    def shown(self) -> None:
        """A browser shows the page: catch up with the journal first (a page rendered ahead of
        time by a preheated kernel may have waited while other pages played)."""
        if self.journal is not None and self.journal.sync():
            self.refresh()

    def follow(self, every: float = 1.0) -> asyncio.Task:
        """Show the sides' new proposals as they come (in a served page), checking every ``every`` s."""
        async def poll() -> None:
            while True:
                await asyncio.sleep(every)
                if self.desk is not None:
                    self.errors.guard(self.desk.poll, looking=True)()

        return asyncio.ensure_future(poll())

    # -- staying in step with other pages ----------------------------------------------------------
    def sync(self) -> None:
        """Catch up with the journal; if another page moved the game on, redraw and stop the action."""
        if self.journal is not None and self.journal.sync():
            self.refresh()
            raise ValueError(f"another page moved the game on (now {len(self.game.log)} events): the board is "
                             f"updated; check it and act again")

    def _after_error(self, exc: BaseException) -> None:
        if isinstance(exc, StaleJournal) and self.journal is not None:
            self.journal.sync()  # drop the unrecorded event, take the journal's
            self.refresh()

    # -- views ---------------------------------------------------------------------------------------
    def view_as(self, side: str) -> None:
        """Show one side's view (hidden, unspotted enemies vanish from the board, the drop-downs and
        the log) or the umpire's."""
        self.board.side = side
        self.actions.side = side
        self.log.side = side
        self.board.selected = None
        self.board.los = []
        self.refresh()

    def _board_event(self, kind: str, value: object) -> None:
        if self.actions.take_click(kind, value, self.board.clear):
            return
        if kind == "drag":
            piece, point = value  # type: ignore[misc]
            if not self.actions.drag(piece, point):
                self.board.rules.move(self.game.branch(), piece, point)  # raises the rules' own reason
                raise ValueError(f"no move action offers {self.actions.model.who(piece)} now; the umpire's free move can place it")
            if not self.confirm_moves.value and not self.actions.rolls_dice():
                self.actions.resolve()  # nothing to roll, nothing to weigh: the drag is the move
            elif self.actions.staying:  # said under the board, where the eye is, as well as in the form
                raise ValueError(stays_words(self.actions))

    def begin(self) -> None:
        """Start: the briefing folds onto its tab, the turn and the form show, and the first steps
        where nobody can do anything pass by themselves (a forced card is drawn), as after Next."""
        self._starting = True  # the turn and the form show once the first steps are passed, not before
        try:
            self.turn.pass_empty()
            self.refresh()
            for hook in self.turn.entered:
                hook()
        finally:
            self._starting = False
        self.intro.layout.display, self.playing.layout.display = "none", ""

    def refresh(self, board: bool = True) -> None:
        if self.game.log and not self._starting:  # the game has begun: the briefing stays on its tab
            self.intro.layout.display, self.playing.layout.display = "none", ""
        if board:
            self.board.refresh()
            if self.board.selected:
                self.board.select(self.board.selected)
        self.turn.refresh()
        self.actions.refresh()
        if self.reader.moves and not self.actions.group:  # the moves read were made (or the form moved on)
            self.reader.clear()
        self.log.refresh()
        self.saver.game_changed()
        self.latest.value = self.log.latest()
        self.standing.value = standing_html(self.game, details=self.board.side == UMPIRE)
        self._show_status()
        self._show_result()
        self.opponent.refresh()
        if self.desk is not None:
            self.desk.game_changed(len(self.game.log))
        if self.opponent.due():  # its side's step has come and it plays by itself
            self.opponent.play()

    def _thinking(self, busy: bool) -> None:
        """While the opponent thinks, nothing else on the page acts."""
        for control in (self.turn.next, self.turn.back, self.undo_last):
            control.disabled = busy
        if busy:
            self.actions.button.disabled = True
        else:
            self.actions.show_odds()  # Resolve as the form now stands

    def _show_result(self) -> None:
        now = standing(self.game)
        over = game_over(self.game.state)
        text = now.summary if now is not None and now.final else (f"Game over: {self.actions.say(over)}" if over else "")
        self.result.value = (f"<div class='wgkit-result-banner' style='background:#e8f5e9;color:#14532d;"
                             f"font-weight:bold;padding:4px 8px;border:1px solid #86efac'>{html.escape(text)}</div>"
                             if text else "")

    def _show_status(self) -> None:
        where = f"journal {html.escape(self.journal.path.name)}" if self.journal else "not journaled"
        seed = f" &middot; seed {seed_of(self.game.state)}" if self.board.side == UMPIRE else ""
        self.status.value = f"<small>{where}{seed} &middot; {len(self.game.log)} events</small>"

    def save(self) -> Path | None:
        return self.saver.save()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
