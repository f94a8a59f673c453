"""A seeded three-turn Rookie Rules game on the tractor works, played by the simple policies.

Regenerate after a deliberate rules change with
``python -m tests.rookie.playthrough --write`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from wgkit.engine import Game
from wgkit.rules.rookie import flow as FL
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import policy
from wgkit.scenario import load

ROOT = Path(__file__).resolve().parents[2]
SAVED = Path(__file__).with_name("playthrough.json")


def transcript() -> list[str]:
    game = Game(load(ROOT / "scenarios/rookie/tractor_works.yaml"), flow=FL.SEQUENCE)
    lines: list[str] = []
    while game.state["turn"] <= 3:
        lines.append(f"-- turn {game.state['turn']}, {game.current_step().name}")
        policy.play_step(game, lines.append)
        game.advance()
    lines.append("units: " + ", ".join(f"{u} {L.men(game, u)} men {L.marker(game, u) or 'ok'}"
                                       for u in L.units(game)))
    lines.append(f"dice drawn: {game.state['rng']['counter']}")
    return lines


if __name__ == "__main__":
    from tests.playthroughs import main

    main(transcript, SAVED)
