"""The rulesets: the registry, the contract each ruleset fulfils, and one package per ruleset."""

from wgkit.facts.registry import RULESETS, find_ruleset

from wgkit.facts.ruleset import RulesetInfo

from wgkit.rules.registry import get_ruleset, situation_of

__all__ = ["RULESETS", "RulesetInfo", "find_ruleset", "get_ruleset", "situation_of"]
