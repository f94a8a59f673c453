"""Easy Company as the kit sees it: one object fulfilling :class:`wgkit.rules.contract.Ruleset`."""

from wgkit.rules.contract import Ruleset
from wgkit.rules.easy_company import actions, flow, markers, odds, policy
from wgkit.rules.easy_company.lookup import LOS, fighting
from wgkit.rules.easy_company.situation import EasyCompanySituation
from wgkit.facts.easy_company import RULESET as INFO

RULESET = Ruleset(info=INFO, sequence=flow.SEQUENCE, actions=actions.ACTIONS, situation=EasyCompanySituation,
                  odds=odds, los_policy=LOS, move=actions.move, move_limit=actions.move_limit,
                  policy=policy, fighting=fighting, markers=markers.MARKERS)
