"""Close Action: Turn Sequence as data (the rules' four steps; the playsheet groups the same
content into three)."""

from wgkit.engine.flow import Phase, Step, TurnSequence
from wgkit.geometry.los import sight_between
from wgkit.rules.close_action.fire import LOS
from wgkit.rules.close_action.movement import turn_start


def move_start(game) -> list:
    """Firing: Eligible Targets. Note, for each passive unit, the enemy units it can see as the
    active side starts to move: defensive fire may only be aimed at those."""
    active = game.state["active"]
    live = [p for p in game.state["pieces"].values() if p["alive"]]
    if not live:
        return []
    watchers = [p for p in live if p["side"] != active]
    movers = [p for p in live if p["side"] == active]
    m = sight_between(game.terrain, [p["position"] for p in watchers], [p["position"] for p in movers], LOS)
    seen: dict[str, set[str]] = {}
    for i, pi in enumerate(watchers):
        for j, pj in enumerate(movers):
            if m[i, j]:
                seen.setdefault(pi["unit"], set()).add(pj["unit"])
    return [(("units", uid, "status", "visible_at_start"), sorted(seen.get(uid, ())))
            for uid, u in game.state["units"].items() if u["side"] != active]

SEQUENCE = TurnSequence((
    Phase("Active side", (
        Step("Rally", "active", ("rally",), "officers within 3\" rally cowering or routed units",
             "Turn Sequence 1; Morale: Rally", on_enter=turn_start),
        Step("Fire", "active", ("fire", "grenade", "mortar"), "the active side does all its firing", "Turn Sequence 1; Firing"),
        Step("Move", "active", ("move",), "the active side moves", "Turn Sequence 2; Movement", on_enter=move_start),
    )),
    Phase("Passive side", (
        Step("Morale", "passive", ("morale",), "units shot at by 8 or more dice test", "Turn Sequence 3; Morale"),
        Step("Defensive fire", "passive", ("fire", "grenade", "mortar"), "the passive side fires", "Turn Sequence 3; Firing"),
    )),
    Phase("Both sides", (
        Step("Hand to hand", "both", ("melee",), "figures in contact fight a round", "Turn Sequence 4; Hand-to-Hand Fighting"),
    )),
), alternate=True, setup=turn_start)
