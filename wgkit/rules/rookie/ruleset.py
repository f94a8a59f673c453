"""Rookie Rules as the kit sees it: one object fulfilling :class:`wgkit.rules.contract.Ruleset`."""

from wgkit.rules.contract import Ruleset
from wgkit.rules.rookie import actions, flow, odds, policy
from wgkit.rules.rookie.fire import threat
from wgkit.rules.rookie.lookup import LOS, fighting, strength
from wgkit.rules.rookie.situation import RookieSituation
from wgkit.facts.rookie import RULESET as INFO

RULESET = Ruleset(info=INFO, sequence=flow.SEQUENCE, actions=actions.ACTIONS, situation=RookieSituation,
                  odds=odds, los_policy=LOS, move=actions.move, move_limit=actions.move_limit, policy=policy, fighting=fighting,
                  strength=strength, threat=threat, pending=flow.pending,
                  next_action=flow.next_action)
