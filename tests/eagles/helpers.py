"""Eagles test helpers."""

from __future__ import annotations

from tests.conftest import ROOT, load_edited, unit  # noqa: F401 (unit: for the tests that import it from here)
from wgkit.engine import Game
from wgkit.rules import situation_of
from wgkit.rules.eagles.flow import SEQUENCE


def game(name: str = "hill_112", seed: int | None = None, step: str | None = None, edit=None) -> Game:
    scenario = load_edited(ROOT / f"scenarios/eagles/{name}.yaml", edit)
    g = Game(scenario, seed, flow=SEQUENCE)
    while step and g.current_step().name != step:
        g.advance()
    return g


def put(g: Game, uid: str, x: float, y: float, **status) -> None:
    situation_of(g).place(uid, (x, y))
    if status:
        situation_of(g).unit_status(uid, **status)
