"""What a ruleset declares as data: its scale, dice, unit kinds, weapons, nationalities and what
each common terrain type means in it (:class:`RulesetInfo`). Each ruleset's own facts are a module
beside this one; :mod:`wgkit.facts.registry` finds them by name."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Mapping

from wgkit.facts.common import TERRAIN_TYPES
from wgkit.facts.scale import GroundScale


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
    aliases: tuple[str, ...]  # other names; spaces and case are normalised first, so "Company Fire" needs none
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
    # the text's own terms a page uses, each with what it stands for and the section defining it
    glossary: Mapping[str, str] = field(default_factory=dict)
    # weapon -> {nation: the weapon that nation carries in its place, with the same values in the
    # text's tables}: a unit copied to a nation the kit's scenarios do not field carries its own
    counterparts: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
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
