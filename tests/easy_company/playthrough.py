"""A seeded three-turn Easy Company game on the tutorial, as a transcript.

Regenerate after a deliberate rules change with
``python -m tests.easy_company.playthrough --write`` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from wgkit.engine import Game, IllegalActionError
from wgkit.rules.easy_company import artillery as A
from wgkit.rules.easy_company import fire as F
from wgkit.rules.easy_company import lookup as L
from wgkit.rules.easy_company import morale as MO
from wgkit.rules.easy_company import movement as MV
from wgkit.rules.easy_company.flow import SEQUENCE
from wgkit.scenario import load

ROOT = Path(__file__).resolve().parents[2]
SAVED = Path(__file__).with_name("playthrough.json")

ORDERS = {
    "Artillery": [("call", ("winters", (19, 27))), ("arrive", ("us",)), ("effect", ("winters",))],
    "Attacker moves and fires": [("fire", ("malarkey", "outpost", 0)), ("move", ("toye", (13, 13), 1)),
                                 ("move", ("guarnere", (20, 13), 0)), ("fire", ("lipton", "outpost", 0))],
    "Defender opportunity fire": [("fire", ("de1", "squad", 0))],
    "Defender moves and fires": [("fire", ("de2", "squad", 0)), ("fire", ("unteroffizier", "squad", 1))],
    "Attacker opportunity fire": [("fire", ("toye", "outpost", 0))],
}


def act(game: Game, name: str, args: tuple) -> str:
    fn = {"call": A.resolve_call, "arrive": A.resolve_arrival, "effect": A.resolve_effect,
          "fire": F.resolve_fire, "move": MV.resolve_move}[name]
    try:
        return fn(game, *args).text
    except IllegalActionError as exc:
        return f"refused: {exc}"


def transcript() -> list[str]:
    game = Game(load(ROOT / "scenarios/easy_company/tutorial_farmyard.yaml"), flow=SEQUENCE)
    lines = []
    while True:
        step = game.current_step().name
        lines.append(f"-- turn {game.position[0]}, {step}")
        if "moves and fires" in step:
            for uid, u in game.state["units"].items():
                if u["side"] in game.acting_sides() and u["status"].get("morale") == "withdraw" and L.figures(game, uid, fit=True):
                    lines.append(MO.resolve_withdraw(game, uid).text)
        for name, args in ORDERS.get(step, []):
            lines.append(act(game, name, args))
        if step == "Morale":
            for uid in MO.must_test(game):
                lines.append(MO.resolve_morale(game, uid).text)
            if game.position[0] == 3:
                break
        game.advance()
    lines.append("standing: " + ", ".join(sorted(p for p, s in game.state["pieces"].items()
                                                  if s["alive"] and not s["status"].get("wounded"))))
    lines.append(f"dice drawn: {game.state['rng']['counter']}")
    return lines


if __name__ == "__main__":
    from tests.playthroughs import main

    main(transcript, SAVED)
