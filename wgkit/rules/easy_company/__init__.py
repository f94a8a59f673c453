"""easy company ruleset."""
