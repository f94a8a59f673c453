"""Easy Company: Turn Sequence (§1.4) as data."""

from wgkit.engine.flow import Phase, Step, TurnSequence
from wgkit.geometry.los import LosPolicy
from wgkit.rules.easy_company.play import turn_start

SEQUENCE = TurnSequence((
    Phase("Artillery phase", (Step("Artillery", "both", ("call artillery", "artillery", "walk fire", "fire for effect"),
                                   "resolve off-table artillery", "§1.4; §3.2", on_enter=turn_start),)),
    Phase("Attacker phase", (
        Step("Attacker moves and fires", "attacker", ("move", "fire", "grenade", "mortar", "aid"),
             "attackers move and/or fire, in any order", "§1.4"),
        Step("Defender opportunity fire", "defender", ("fire",), "defenders observing an area fire", "§1.4"),
    )),
    Phase("Defender phase", (
        Step("Defender moves and fires", "defender", ("move", "fire", "grenade", "mortar", "aid"),
             "defenders move and/or fire, in any order", "§1.4"),
        Step("Attacker opportunity fire", "attacker", ("fire",), "attackers observing an area fire", "§1.4"),
    )),
    Phase("Melee phase", (Step("Melee", "both", ("melee",), "hand to hand combat", "§1.4; §6"),)),
    Phase("Morale phase", (Step("Morale", "both", ("morale",), "units at 50% and 75% casualties test", "§1.4; §8"),)),
), setup=turn_start)

LOS_POLICY = LosPolicy(see_into=1.0)
