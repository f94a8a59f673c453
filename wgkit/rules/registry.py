"""The rulesets' procedures, found by id or alias: :func:`get_ruleset` gives the whole
:class:`~wgkit.rules.contract.Ruleset` (turn, actions, odds, policy ...), imported on first use.
Their facts (scale, dice, vocabulary) are :mod:`wgkit.facts.registry`'s. Adding a ruleset means
one line in :func:`_contracts`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from wgkit.engine.flow import SIMPLE, TurnSequence
from wgkit.rules.actions import GENERIC, ActionSpec
from wgkit.facts.registry import RULESETS, UnknownRulesetError, find_ruleset
from wgkit.facts.sourced import Sourced, table_values

if TYPE_CHECKING:
    from wgkit.engine.game import Game
    from wgkit.scenario.model import Scenario
    from wgkit.rules.contract import Ruleset
    from wgkit.rules.situation import Situation


def _contracts() -> dict[str, "Ruleset"]:
    from wgkit.rules.close_action.ruleset import RULESET as ca
    from wgkit.rules.company_fire.ruleset import RULESET as cf
    from wgkit.rules.eagles.ruleset import RULESET as ea
    from wgkit.rules.easy_company.ruleset import RULESET as ec
    from wgkit.rules.rookie.ruleset import RULESET as rk

    found = {r.id: r for r in (ec, ea, ca, rk, cf)}
    if set(found) != set(RULESETS):
        raise RuntimeError(f"rulesets with facts but no contract object: {sorted(set(RULESETS) - set(found))}")
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


def sequence_of(scenario: "Scenario") -> TurnSequence:
    """The turn sequence of the scenario's ruleset; the plain one for a ruleset not installed."""
    try:
        return get_ruleset(scenario.ruleset).sequence
    except UnknownRulesetError:
        return SIMPLE


def actions_for(game: "Game") -> list[ActionSpec]:
    """The ruleset's actions legal now, then the umpire's generic tools."""
    return list(get_ruleset(game.scenario.ruleset).actions(game)) + list(GENERIC)


def values_of(name: str) -> list[tuple[str, Sourced]]:
    """Every value a ruleset marks with its source: its facts' (``wgkit.facts.<id>``, named
    ``facts.X``), then its tables' (``wgkit.rules.<id>.tables``), each in the order defined."""
    rid = find_ruleset(name).id
    facts = [(f"facts.{n}", v) for n, v in table_values(importlib.import_module(f"wgkit.facts.{rid}"))]
    return facts + table_values(importlib.import_module(f"wgkit.rules.{rid}.tables"))
