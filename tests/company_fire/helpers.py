"""Company Fire test helpers: a game on a bundled scenario, with units placed and the card set."""

from __future__ import annotations

from typing import Callable

from tests.conftest import ROOT, load_edited
from wgkit.engine import Game
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire.flow import PER_CARD, SEQUENCE


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
    g.record("test card", [(("vars", "cf", "kind"), kind), (("vars", "cf", "initiative_side"), side), (("active",), side),
                           (("vars", "cf", "card_no"), L.cf(g)["card_no"] + 1)]
             + [(("units", u, "status", k), False) for u, v in g.state["units"].items() for k in PER_CARD if v["status"].get(k)])


def unit(doc: dict, uid: str) -> dict:
    """The unit ``uid`` in a scenario document."""
    return next(u for s in doc["sides"] for u in s["units"] if u["id"] == uid)


def put(g: Game, uid: str, cell: tuple[int, int], **status) -> None:
    """Place a unit (and set status keys, e.g. order="pinned")."""
    changes = [(("pieces", pid, "cell"), list(cell)) for pid in L.pieces_of(g, uid)]
    changes += [(("units", uid, "status", k), v) for k, v in status.items()]
    g.record("test setup", changes)


def remove(g: Game, *uids: str) -> None:
    """Take units off the table (out of the way of a test)."""
    g.record("test setup", [(("units", u, "status", "order"), "removed") for u in uids]
             + [(("pieces", p, "alive"), False) for u in uids for p in L.pieces_of(g, u)])


def faces(event) -> list[int]:
    return [f for r in event.rolls for f in r.faces]
