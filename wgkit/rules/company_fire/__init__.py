"""company fire ruleset."""
