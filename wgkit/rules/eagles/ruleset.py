"""Eagles, Crowns and Oak Leaves as the kit sees it: one object fulfilling
:class:`wgkit.rules.contract.Ruleset`."""

from wgkit.rules.contract import Ruleset
from wgkit.rules.eagles import actions, flow, odds, policy
from wgkit.rules.eagles.lookup import LOS, strength
from wgkit.rules.eagles.situation import EaglesSituation
from wgkit.facts.eagles import RULESET as INFO

RULESET = Ruleset(info=INFO, sequence=flow.SEQUENCE, actions=actions.ACTIONS, situation=EaglesSituation,
                  odds=odds, los_policy=LOS, move=actions.move, move_limit=actions.move_limit, policy=policy,
                  strength=strength)
