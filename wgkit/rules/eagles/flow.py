"""Eagles, Crowns and Oak Leaves: the Sequence of Play as data (movement, in-direct barrage fire,
direct fire in four orders, melee)."""

from __future__ import annotations

from wgkit.engine.flow import Phase, Step, TurnSequence
from wgkit.engine.game import Game
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles.fire import ORDERS
from wgkit.rules.eagles.movement import STRATEGIC

PER_TURN = ("moved", "moved_code", "fired", "fired_aa", "role", "quarters", "held")


def setup(game: Game) -> list:
    """Missions, impacts and cleared minefields; hidden units start unspotted."""
    changes: list = [(("vars", "eg"), {"missions": {}, "impacts": {}, "cleared": []})]
    for uid in game.state["units"]:
        if L.kind(game, uid) in ("artillery", "at_gun"):
            changes.append((("units", uid, "status", "deployed"), bool(L.attr(game, uid, "deployed", True))))
        hidden = any(p["hidden"] for p in game.state["pieces"].values() if p["unit"] == uid)
        if hidden:
            changes.append((("units", uid, "status", "spotted"), False))
    return changes


def turn_start(game: Game) -> list:
    """A new turn: every unit may move and fire again; guns whose set-up or break-down time has
    run finish it (3.9)."""
    changes = [(("units", u, "status", k), None) for u, v in game.state["units"].items() for k in PER_TURN if v["status"].get(k)]
    changes.append((("vars", "eg", "last_quarter"), None))
    for u, v in game.state["units"].items():
        d = v["status"].get("deploying")
        if d and game.state["turn"] > d["ready"]:
            changes += [(("units", u, "status", "deploying"), None), (("units", u, "status", "deployed"), d["to"] == "deployed")]
    return changes


def end_of_movement(game: Game) -> list:
    """1.6: suppression markers come off at the end of the movement phase."""
    return [(("units", u, "status", "suppressed"), None) for u, v in game.state["units"].items() if v["status"].get("suppressed")]


def _fire_step(name: str) -> Step:
    return Step(name, "both", ("fire", "spot"), f"direct fire: {name.lower()}", "4.0 Direct Fire Phase")


SEQUENCE = TurnSequence((
    Phase("Movement phase", (
        Step(STRATEGIC, "both", ("move", "deploy"), "units moving only on roads; guns set up or break down",
             "Sequence of Play; 2.2; 3.9", on_enter=turn_start),
        Step("Cross-country movement", "both", ("move", "hold", "clear mines"), "vehicles and mounted units move",
             "2.3-2.4; close combat: slower first, quarter segments"),
        Step("Aircraft movement and AA fire", "both", ("sortie", "AA fire", "drop"), "sorties fly in; AA fires at them",
             "6.1, 6.4, 1.8"),
        Step("Infantry movement", "both", ("move", "hold", "clear mines", "suicide"), "foot units move; the slower first", "2.1"),
    )),
    Phase("In-direct barrage fire phase", (
        Step("Assign artillery", "both", ("assign",), "each battery fires barrage or direct support", "3.0 (A)",
             on_enter=end_of_movement),
        Step("Impact and damage", "both", ("barrage", "AA fire", "air attack", "counter-battery"),
             "drift the rounds, AA at sorties, then damage in the zone", "3.3-3.7 (B, C)"),
        Step("Adjust and call", "both", ("call fire",), "write orders for next turn and new missions", "3.1-3.2 (D)"),
    )),
    Phase("Direct fire phase", tuple(_fire_step(name) for name in ORDERS)),
    Phase("Melee phase", (
        Step("Infantry melee", "both", ("melee",), "infantry against infantry", "5.1"),
        Step("Assaults on tanks and bunkers", "both", ("assault",), "infantry against vehicles and bunkers", "5.2-5.3"),
    )),
), setup=setup)
