"""eagles ruleset."""
