"""Company Fire as the kit sees it: one object fulfilling :class:`wgkit.rules.contract.Ruleset`."""

from wgkit.rules.company_fire import actions, flow, markers, odds, policy
from wgkit.rules.company_fire.lookup import fighting, turn
from wgkit.rules.company_fire.situation import CompanyFireSituation
from wgkit.facts.company_fire import RULESET as INFO
from wgkit.rules.contract import Ruleset

RULESET = Ruleset(info=INFO, sequence=flow.SEQUENCE, actions=actions.ACTIONS, situation=CompanyFireSituation,
                  odds=odds, move=actions.move, move_limit=actions.move_limit, sight=actions.sight,
                  markers=markers.MARKERS, policy=policy, fighting=fighting, turn=turn)
