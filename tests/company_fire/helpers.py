"""Company Fire test helpers: a game on a bundled scenario, with units placed and the card set."""

from __future__ import annotations

from typing import Callable

from tests.conftest import ROOT, load_edited, unit  # noqa: F401 (unit: for the tests that import it from here)
from wgkit.engine import Game
from wgkit.rules import situation_of
from wgkit.rules.company_fire.flow import SEQUENCE


def game(name: str = "hedgerows_of_normandy", seed: int | None = None, step: str = "Move and fire",
         card: str = "move", side: str = "us", edit: Callable[[dict], None] | None = None) -> Game:
    """A game at ``step`` of a card of ``kind`` for ``side``; ``edit`` changes the scenario
    document first (e.g. to swap a unit's kind)."""
    scenario = load_edited(ROOT / f"scenarios/company_fire/{name}.yaml", edit)
    g = Game(scenario, seed, flow=SEQUENCE)
    while g.current_step().name != step:
        g.advance()
    set_card(g, card, side)
    return g


def set_card(g: Game, kind: str, side: str = "us") -> None:
    """Turn up a new card of ``kind`` (move, fire, any) for ``side``: every unit may act again."""
    situation_of(g).card(kind, side)


def put(g: Game, uid: str, cell: tuple[int, int], **status) -> None:
    """Place a unit (and set status keys, e.g. order="pinned")."""
    situation_of(g).place_in(uid, cell, **status)


def remove(g: Game, *uids: str) -> None:
    """Take units off the table (out of the way of a test)."""
    situation_of(g).removed(*uids)


def faces(event) -> list[int]:
    return [f for r in event.rolls for f in r.faces]
