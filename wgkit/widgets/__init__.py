"""Notebook widgets: the board, the turn, actions with their odds, the dice log, the editor."""

from wgkit.widgets.app import UmpireApp
from wgkit.widgets.board import BoardView
from wgkit.widgets.editor import ScenarioEditor
from wgkit.widgets.panels import ActionPanel, DiceLog, ErrorArea, TurnPanel

__all__ = ["ActionPanel", "BoardView", "DiceLog", "ErrorArea", "ScenarioEditor", "TurnPanel", "UmpireApp"]
