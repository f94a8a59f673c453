"""Scenarios: the YAML format, its validation with file:line errors, and the model."""

from wgkit.scenario.errors import Problem, ScenarioError
from wgkit.scenario.io import dump, dumps, load, loads
from wgkit.scenario.model import Feature, Grid, Piece, Scenario, Side, Table, Unit

__all__ = ["Feature", "Grid", "Piece", "Problem", "Scenario", "ScenarioError", "Side", "Table",
           "Unit", "dump", "dumps", "load", "loads"]
