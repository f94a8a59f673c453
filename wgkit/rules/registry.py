"""The registry of rulesets: each declares its vocabulary, scale and dice as data.

Like python-chess's variant registry, a ruleset is found by id or alias. Only vocabulary
modules (pure data) are imported here, so the scenario validator can use the registry without
pulling in any procedure code.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Mapping

from wgkit.geometry.scale import GroundScale
from wgkit.vocabulary import TERRAIN_TYPES


@dataclass(frozen=True)
class TerrainEffect:
    """What one common terrain type means in one ruleset.

    ``cover`` uses the ruleset's own cover words (``none``/``soft``/``hard`` for Close Action,
    TPD ``CC``/``DD`` for Eagles, ...). ``movement`` names the ruleset's movement column.
    """

    cover: str
    blocks_los: bool
    movement: str
    source: str = "seed"
    ref: str = ""
    note: str = ""


@dataclass(frozen=True)
class RulesetInfo:
    """Everything a scenario needs to know about a ruleset to be validated."""

    id: str
    name: str
    aliases: tuple[str, ...]
    text: str  # file name of the rule text under shared/seeds
    scale: GroundScale
    dice: tuple[str, ...]
    pieces: str  # "figures" or "stands"
    grid: str  # "none", "optional" or "required"
    qualities: tuple[str, ...]
    unit_kinds: frozenset[str]
    weapons: frozenset[str]
    terrain: Mapping[str, TerrainEffect]
    piece_roles: frozenset[str] = frozenset({"leader"})
    nationalities: tuple[str, ...] = ()
    unit_attrs: Mapping[str, object] = field(default_factory=dict)  # JSON Schema properties
    scenario_attrs: Mapping[str, object] = field(default_factory=dict)  # the scenario's ``rules:`` settings
    scale_note: str = ""  # set when the scale is not the text's own figure (a house value)

    def __post_init__(self) -> None:
        missing = set(TERRAIN_TYPES) - set(self.terrain)
        if missing:
            raise ValueError(f"{self.id}: terrain mapping lacks {sorted(missing)}")


def terrain_table(
    rows: Mapping[str, tuple[str, bool, str]], source: str, ref: str, note: str = "",
    overrides: Mapping[str, TerrainEffect] | None = None,
) -> dict[str, TerrainEffect]:
    """Build a terrain mapping from compact ``type: (cover, blocks_los, movement)`` rows."""
    table = {k: TerrainEffect(c, b, m, source, ref, note) for k, (c, b, m) in rows.items()}
    table.update(overrides or {})
    return table


class UnknownRulesetError(ValueError):
    """Raised for a ruleset name that is neither an id nor an alias."""


def _load() -> dict[str, RulesetInfo]:
    from wgkit.rules.close_action.vocabulary import RULESET as ca
    from wgkit.rules.company_fire.vocabulary import RULESET as cf
    from wgkit.rules.eagles.vocabulary import RULESET as ea
    from wgkit.rules.easy_company.vocabulary import RULESET as ec
    from wgkit.rules.rookie.vocabulary import RULESET as rk

    return {r.id: r for r in (ec, ea, ca, rk, cf)}


RULESETS: dict[str, RulesetInfo] = _load()
ALIASES: dict[str, str] = {
    alias: r.id for r in RULESETS.values() for alias in (r.id, *r.aliases)
}


def normalise_name(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def find_ruleset(name: str) -> RulesetInfo:
    """Return the ruleset whose id or alias is ``name`` (case and spacing ignored)."""
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
