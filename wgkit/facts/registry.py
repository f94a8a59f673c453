"""Every ruleset's facts, found by id or alias (as python-chess finds a variant): what the scenario
validator, the geometry and the renderer need, without any rule procedure. The procedures are
found through :func:`wgkit.rules.registry.get_ruleset`. Adding a ruleset means one module in this
package and one line in :func:`_load`."""

from __future__ import annotations

import difflib

from wgkit.facts.ruleset import RulesetInfo, TerrainEffect


class UnknownRulesetError(ValueError):
    """Raised for a ruleset name that is neither an id nor an alias."""


def _load() -> dict[str, RulesetInfo]:
    from wgkit.facts.close_action import RULESET as ca
    from wgkit.facts.company_fire import RULESET as cf
    from wgkit.facts.eagles import RULESET as ea
    from wgkit.facts.easy_company import RULESET as ec
    from wgkit.facts.rookie import RULESET as rk

    return {r.id: r for r in (ec, ea, ca, rk, cf)}


def normalise_name(name: str) -> str:
    """A ruleset's name as it is looked up: lower case, spaces and hyphens as underscores."""
    return "_".join(name.strip().lower().replace("-", " ").split())


RULESETS: dict[str, RulesetInfo] = _load()
ALIASES: dict[str, str] = {  # keyed as names are looked up, so "Rookie Rules" finds "rookie rules"
    normalise_name(alias): r.id for r in RULESETS.values() for alias in (r.id, r.name, *r.aliases)
}


def find_ruleset(name: str) -> RulesetInfo:
    """Return the ruleset whose id, name or alias is ``name`` (case and spacing ignored)."""
    key = normalise_name(name)
    if key in ALIASES:
        return RULESETS[ALIASES[key]]
    close = difflib.get_close_matches(key, list(ALIASES), n=1)
    hint = f"; did you mean {ALIASES[close[0]]!r}?" if close else ""
    raise UnknownRulesetError(f"unknown ruleset {name!r} (known: {', '.join(RULESETS)}){hint}")


def terrain_effect(ruleset: RulesetInfo, type_: str, variant: str | None = None) -> TerrainEffect:
    """The effect of ``type_`` (refined by ``variant``, e.g. ``fields/low``) in ``ruleset``."""
    if variant and f"{type_}/{variant}" in ruleset.terrain:
        return ruleset.terrain[f"{type_}/{variant}"]
    return ruleset.terrain[type_]
