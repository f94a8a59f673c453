"""close action ruleset."""
