"""Rulesets: one package each, with tables as data and procedures as pure functions."""

from wgkit.rules.registry import RULESETS, RulesetInfo, find_ruleset

__all__ = ["RULESETS", "RulesetInfo", "find_ruleset"]
