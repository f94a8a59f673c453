"""The game engine: state changed only by logged events, undo/redo, turn flow, decks, saves."""

from wgkit.engine.events import Event
from wgkit.engine.flow import Phase, Step, TurnSequence
from wgkit.engine.game import Game, IllegalActionError

__all__ = ["Event", "Game", "IllegalActionError", "Phase", "Step", "TurnSequence"]
