"""Easy Company: Turn Sequence (§1.4) as data, and what happens at the start of a turn."""

from __future__ import annotations

from wgkit.engine.flow import Phase, Step, TurnSequence
from wgkit.engine.game import Game
from wgkit.rules.easy_company import chances as C
from wgkit.rules.easy_company.lookup import is_leader, quality


def turn_start(game: Game) -> list:
    """At the start of each turn: leaders' MPs anew (§2.4), actions and fire cleared, aid given
    last turn takes effect (§7.1)."""
    changes = []
    for pid, p in game.state["pieces"].items():
        keep = {k: v for k, v in p["status"].items() if k in ("wounded", "tended", "prone")}
        if keep.get("wounded") and p["status"].get("aided"):
            keep["tended"] = True
        if is_leader(game, pid):
            keep["mp"] = int(C.motivation_points(game.scenario.piece(pid).rank or "sergeant", quality(game, pid)).value)
        changes.append((("pieces", pid, "status"), keep))
    for uid, u in game.state["units"].items():
        changes.append((("units", uid, "status"), {k: v for k, v in u["status"].items()
                                                   if k in ("morale", "tested_at", "failing_turns", "failed_turn", "mode")}))
    return changes

SEQUENCE = TurnSequence((
    Phase("Artillery phase", (Step("Artillery", "both", ("call artillery", "artillery", "walk fire", "fire for effect"),
                                   "resolve off-table artillery", "§1.4; §3.2", on_enter=turn_start),)),
    Phase("Attacker phase", (
        Step("Attacker moves and fires", "attacker", ("move", "fire", "grenade", "mortar", "aid", "opportunity fire"),
             "attackers move and/or fire, in any order", "§1.4"),
        Step("Defender opportunity fire", "defender", ("fire",), "defenders observing an area fire", "§1.4"),
    )),
    Phase("Defender phase", (
        Step("Defender moves and fires", "defender", ("move", "fire", "grenade", "mortar", "aid", "opportunity fire"),
             "defenders move and/or fire, in any order", "§1.4"),
        Step("Attacker opportunity fire", "attacker", ("fire",), "attackers observing an area fire", "§1.4"),
    )),
    Phase("Melee phase", (Step("Melee", "both", ("melee",), "hand to hand combat", "§1.4; §6"),)),
    Phase("Morale phase", (Step("Morale", "both", ("morale",), "units at 50% and 75% casualties test", "§1.4; §8"),)),
), setup=turn_start)
