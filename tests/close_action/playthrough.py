"""A seeded three-turn Close Action game on the tutorial scenario, as a transcript.

The test compares it with the saved copy; after a deliberate rules change, regenerate with
``python -m tests.close_action.playthrough --write`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from wgkit.engine import Game, IllegalActionError
from wgkit.rules.close_action import blast, fire, melee, morale, movement
from wgkit.rules.close_action.flow import SEQUENCE
from wgkit.rules.close_action.lookup import alive_figures
from wgkit.scenario import load

ROOT = Path(__file__).resolve().parents[2]
SAVED = Path(__file__).with_name("playthrough.json")

ORDERS = {  # side -> step -> list of (action, args)
    "uk": {
        "Fire": [("fire", ("section", "gruppe")), ("grenade", ("pte_a", (16, 11)))],
        "Move": [("move", ("pte_a", (16, 14))), ("move", ("pte_b", (18, 13))), ("move", ("smith", (15, 9))),
                 ("move", ("cpl_jones", (14, 12))), ("move", ("bren", (12, 9)))],
    },
    "de": {
        "Fire": [("fire", ("gruppe", "section"))],
        "Move": [("move", ("de_c", (22, 22.5))), ("move", ("de_d", (25, 21)))],
    },
}


def act(game: Game, action: str, args: tuple) -> str:
    try:
        if action == "fire":
            return fire.resolve_fire(game, *args).text
        if action == "grenade":
            return blast.resolve_blast(game, "grenade", *args).text
        if action == "move":
            return movement.resolve_move(game, *args).text
    except IllegalActionError as exc:
        return f"refused: {exc}"
    raise ValueError(action)


def transcript() -> list[str]:
    game = Game(load(ROOT / "scenarios/close_action/tutorial_crossroads.yaml"), flow=SEQUENCE)
    lines = []
    while game.position[0] <= 3:
        step = game.current_step().name
        side = game.acting_sides()[0]
        lines.append(f"-- turn {game.position[0]}, {step} ({', '.join(game.acting_sides())})")
        if step == "Move":
            for uid, u in game.state["units"].items():
                if u["side"] == side and u["status"].get("morale") in ("cowering", "rout") and alive_figures(game, uid):
                    lines.append(movement.resolve_retreat(game, uid).text)
        if step in ("Fire", "Move"):
            for action, args in ORDERS[side].get(step, []):
                lines.append(act(game, action, args))
        elif step == "Defensive fire":
            for action, args in ORDERS[side].get("Fire", []):
                lines.append(act(game, action, args))
        elif step == "Rally":
            for uid, u in game.state["units"].items():
                if u["side"] == side and u["status"].get("morale", "ok") != "ok":
                    try:
                        lines.append(morale.resolve_rally(game, uid).text)
                    except IllegalActionError as exc:
                        lines.append(f"refused: {exc}")
        elif step == "Morale":
            for uid in morale.must_test(game, side):
                lines.append(morale.resolve_morale(game, uid).text)
        elif step == "Hand to hand":
            for group in melee.groups(game):
                lines.append(melee.resolve_melee(game, group).text)
        if game.position == (3, 2, 0):
            break
        game.advance()
    alive = sorted(p for p, s in game.state["pieces"].items() if s["alive"])
    lines.append(f"standing: {', '.join(alive)}")
    lines.append(f"dice drawn: {game.state['rng']['counter']}")
    return lines


if __name__ == "__main__":
    from tests.playthroughs import main

    main(transcript, SAVED)
