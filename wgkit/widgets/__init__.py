"""Notebook widgets: the board, the turn, actions with their odds, the dice log, the editor."""

from wgkit.widgets.actions import ActionPanel
from wgkit.widgets.app import UmpireApp
from wgkit.widgets.board import BoardView
from wgkit.widgets.dicelog import DiceLog
from wgkit.widgets.editor import ScenarioEditor
from wgkit.widgets.errors import ErrorArea
from wgkit.widgets.turn import TurnPanel

__all__ = ["ActionPanel", "BoardView", "DiceLog", "ErrorArea", "ScenarioEditor", "TurnPanel", "UmpireApp"]
