"""The rulesets: the registry, the contract each ruleset fulfils, and one package per ruleset."""

from wgkit.rules.registry import RULESETS, RulesetInfo, find_ruleset, get_ruleset, situation_of

__all__ = ["RULESETS", "RulesetInfo", "find_ruleset", "get_ruleset", "situation_of"]
