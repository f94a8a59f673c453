"""Rookie Rules test helpers: a game on a bundled scenario, units placed, a unit activated."""

from __future__ import annotations

from tests.conftest import ROOT, load_edited, unit  # noqa: F401 (unit: for the tests that import it from here)
from wgkit.engine import Game
from wgkit.rules import situation_of
from wgkit.rules.rookie import flow as FL


class Fixed:
    """A chance that answers with given faces, in order (to replay the text's own dice)."""

    def __init__(self, *faces: int):
        self.faces = list(faces)

    def face(self, die, purpose=""):
        return self.faces.pop(0)


def game(name: str = "tutorial_worked_example", seed: int | None = None, step: str = "First card sequence",
         edit=None) -> Game:
    """A game at ``step``; ``edit`` changes the scenario document first."""
    scenario = load_edited(ROOT / f"scenarios/rookie/{name}.yaml", edit)
    g = Game(scenario, seed, flow=FL.SEQUENCE)
    while g.current_step().name != step:
        g.advance()
    return g


def act(g: Game, uid: str, functions: int = 2) -> None:
    """Make ``uid`` the acting unit with ``functions`` left (as if its card came up)."""
    situation_of(g).activated(uid, functions)


def put(g: Game, uid: str, x: float, y: float, **status) -> None:
    situation_of(g).place(uid, (x, y))
    if status:
        situation_of(g).unit_status(uid, **status)
