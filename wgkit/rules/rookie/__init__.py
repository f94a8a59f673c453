"""rookie ruleset."""
