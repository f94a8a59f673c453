"""UmpireApp: the board, the turn, the actions, the dice log and saving, in one widget."""

from __future__ import annotations

import html
import os
from pathlib import Path

import ipywidgets as W

from wgkit.engine.game import Game
from wgkit.engine.save import Autosave, load as load_game, save
from wgkit.rules.registry import get_ruleset
from wgkit.scenario import load as load_scenario
from wgkit.scenario.model import Scenario
from wgkit.widgets.board import BoardView
from wgkit.widgets.errors import ErrorArea
from wgkit.widgets.panels import ActionPanel, DiceLog, TurnPanel


class UmpireApp:
    """Run a game: every change goes through the game's log, every panel follows it."""

    def __init__(self, game: Game, autosave: str | os.PathLike[str] | None = None):
        self.game = game
        self.errors = ErrorArea()
        self.board = BoardView(game, self.errors)
        self.turn = TurnPanel(game, self.errors, self.refresh)
        self.actions = ActionPanel(game, self.errors, self.refresh, lambda shapes: self.board.overlay("action", shapes))
        self.log = DiceLog(game, self.errors, self.refresh)
        self.viewer = W.Dropdown(options=[("umpire (everything)", "umpire")] +
                                 [(f"side: {s.name}", s.id) for s in game.scenario.sides], description="View as")
        self.viewer.observe(self.errors.guard(lambda change: self.view_as(change["new"])), "value")
        self.save_path = W.Text(description="Save as", value=str(autosave or "game.wgsave"))
        self.save_button = W.Button(description="Save", icon="save")
        self.save_button.on_click(self.errors.guard(lambda _: self.save()))
        self.autosave = Autosave(game, autosave) if autosave else None
        self.board.on(self.errors.guard(self._board_event))
        title = W.HTML(f"<h3 style='margin:4px 0'>{html.escape(game.scenario.title)}</h3>")
        side = W.VBox([self.viewer, self.turn.widget, self.actions.widget, W.HBox([self.save_path, self.save_button])],
                      layout=W.Layout(width="420px"))
        self.widget = W.VBox([title, self.errors.widget, W.HBox([self.board.widget, side]), self.log.widget])

    @classmethod
    def open(cls, path: str | os.PathLike[str], autosave: str | os.PathLike[str] | None = None) -> "UmpireApp":
        """Start a game from a scenario file, or resume a saved or autosaved game."""
        p = Path(path)
        if p.suffix == ".wgsave":
            scenario_game = load_game(p, recover=True).game
            game = Game.replay(scenario_game.scenario, scenario_game.seed, scenario_game.log,
                               get_ruleset(scenario_game.scenario.ruleset).sequence)
        else:
            scenario: Scenario = load_scenario(p)
            game = get_ruleset(scenario.ruleset).new_game(scenario)
        return cls(game, autosave)

    def view_as(self, side: str) -> None:
        """Draw the board from one side's view (hidden, unspotted enemies vanish) or the umpire's."""
        self.board.side = side
        self.board.selected = None
        self.board.los = []
        self.board.refresh()

    def _board_event(self, kind: str, value: object) -> None:
        if kind == "point":
            self.actions.set_point(value)  # type: ignore[arg-type]
        elif kind == "select":
            self.actions.set_piece(value)  # type: ignore[arg-type]
        elif kind == "event":
            self.refresh(board=False)

    def refresh(self, board: bool = True) -> None:
        if board:
            self.board.refresh()
            if self.board.selected:
                self.board.select(self.board.selected)
        self.turn.refresh()
        self.actions.refresh()
        self.log.refresh()

    def save(self) -> Path:
        path = Path(self.save_path.value)
        save(self.game, path)
        self.errors.widget.value = f"<span style='color:#1a7f37'>saved {html.escape(str(path))}</span>"
        return path

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
