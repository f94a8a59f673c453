"""Close Action as the kit sees it: one object fulfilling :class:`wgkit.rules.contract.Ruleset`."""

from wgkit.rules.close_action import actions, flow, odds, policy
from wgkit.rules.close_action.lookup import fighting
from wgkit.rules.close_action.fire import LOS
from wgkit.rules.close_action.situation import CloseActionSituation
from wgkit.facts.close_action import RULESET as INFO
from wgkit.rules.contract import Ruleset

RULESET = Ruleset(info=INFO, sequence=flow.SEQUENCE, actions=actions.ACTIONS, situation=CloseActionSituation,
                  odds=odds, los_policy=LOS, move=actions.move, move_limit=actions.move_limit, policy=policy,
                  fighting=fighting)
