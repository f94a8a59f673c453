"""A seeded three-turn Eagles game on the tutorial, played by the simple policies.

Regenerate after a deliberate rules change with
``python -m tests.eagles.playthrough --write`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from wgkit.engine import Game
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import policy
from wgkit.rules.eagles.flow import SEQUENCE
from wgkit.scenario import load

ROOT = Path(__file__).resolve().parents[2]
SAVED = Path(__file__).with_name("playthrough.json")


def transcript() -> list[str]:
    game = Game(load(ROOT / "scenarios/eagles/tutorial_crossroads_barrage.yaml"), flow=SEQUENCE)
    lines: list[str] = []
    while game.state["turn"] <= 3:
        lines.append(f"-- turn {game.state['turn']}, {game.current_step().name}")
        policy.play_step(game, lines.append)
        game.advance()
    lines.append("units: " + ", ".join(f"{u} FP {L.fp(game, u)}" + (" suppressed" if L.status(game, u).get("suppressed") else "")
                                       for u in L.units(game)))
    lines.append(f"dice drawn: {game.state['rng']['counter']}")
    return lines


if __name__ == "__main__":
    from tests.playthroughs import main

    main(transcript, SAVED)
