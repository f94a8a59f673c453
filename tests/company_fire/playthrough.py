"""A seeded three-turn Company Fire game on the tutorial, played by the simple policies, as a
transcript.

Regenerate after a deliberate rules change with
``python -m tests.company_fire.playthrough --write`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from wgkit.engine import Game
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import policy
from wgkit.rules.company_fire.flow import SEQUENCE
from wgkit.scenario import load

ROOT = Path(__file__).resolve().parents[2]
SAVED = Path(__file__).with_name("playthrough.json")


def transcript() -> list[str]:
    game = Game(load(ROOT / "scenarios/company_fire/tutorial_orchard_gate.yaml"), flow=SEQUENCE)
    lines: list[str] = []
    card = None
    while L.cf(game)["turn"] <= 3 and not game.state["vars"].get("game_over"):
        if L.cf(game)["card_no"] != card:
            card = L.cf(game)["card_no"]
            cf = L.cf(game)
            lines.append(f"-- turn {cf['turn']}, card {cf['card'] or 'start'} ({cf['kind']}), {cf['initiative_side']}")
        policy.play_step(game, lines.append)
        game.advance()
    lines.append("status: " + ", ".join(f"{u} {L.order(game, u)} at {L.cell(game, u)}" for u in sorted(game.state["units"])))
    lines.append(f"dice drawn: {game.state['rng']['counter']}")
    return lines


if __name__ == "__main__":
    from tests.playthroughs import main

    main(transcript, SAVED)
