"""The registry of rulesets: the one place that knows where each ruleset lives.

Like python-chess's variant registry, a ruleset is found by id or alias. Two levels:
:func:`find_ruleset` gives a ruleset's vocabulary, scale and dice (:class:`RulesetInfo`, pure
data, so the scenario validator pulls in no procedure code); :func:`get_ruleset` gives the
whole :class:`~wgkit.rules.contract.Ruleset` (turn, actions, odds, policy ...), imported on
first use. Adding a ruleset means one line in each of :func:`_load` and :func:`_contracts`.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping

from wgkit.geometry.scale import GroundScale
from wgkit.vocabulary import TERRAIN_TYPES

if TYPE_CHECKING:
    from wgkit.engine.game import Game
    from wgkit.rules.contract import Ruleset
    from wgkit.rules.situation import Situation


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
    # rules a whole scenario must obey at the start (Company Fire's stacking): (path, why) for each
    # breach, read from the raw document and tolerant of parts the schema rejects
    scenario_checks: Callable[[Any], Iterable[tuple[tuple[str | int, ...], str]]] | None = None

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


def raw_sides(doc: Any) -> Iterator[tuple[int, dict, list[tuple[int, dict]]]]:
    """(index, side, [(index, unit)]) for the well-formed sides and units of a raw scenario
    document: what ``scenario_checks`` walk, skipping parts the schema reports."""
    sides = doc.get("sides") if isinstance(doc, dict) else None
    for i, side in enumerate(sides if isinstance(sides, list) else []):
        if isinstance(side, dict):
            units = side.get("units") if isinstance(side.get("units"), list) else []
            yield i, side, [(j, u) for j, u in enumerate(units) if isinstance(u, dict)]


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


def _contracts() -> dict[str, "Ruleset"]:
    from wgkit.rules.close_action.ruleset import RULESET as ca
    from wgkit.rules.company_fire.ruleset import RULESET as cf
    from wgkit.rules.eagles.ruleset import RULESET as ea
    from wgkit.rules.easy_company.ruleset import RULESET as ec
    from wgkit.rules.rookie.ruleset import RULESET as rk

    found = {r.id: r for r in (ec, ea, ca, rk, cf)}
    if set(found) != set(RULESETS):
        raise RuntimeError(f"rulesets with vocabulary but no contract object: {sorted(set(RULESETS) - set(found))}")
    return found


_CONTRACTS: dict[str, "Ruleset"] = {}


def get_ruleset(name: str) -> "Ruleset":
    """The whole ruleset (its :class:`~wgkit.rules.contract.Ruleset` object) by id or alias."""
    if not _CONTRACTS:
        _CONTRACTS.update(_contracts())
    return _CONTRACTS[find_ruleset(name).id]


def situation_of(game: "Game") -> "Situation":
    """The game's ruleset's named situation helpers, e.g. ``situation_of(game).shot_at("gruppe", dice=16)``."""
    return get_ruleset(game.scenario.ruleset).situation(game)
