"""Company Fire units by role (squad, weapon team, vehicle, single-man figure) and the Stacking
limits they obey, judged the same way in play and when a scenario is loaded."""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from wgkit.rules.company_fire import tables as T
from wgkit.rules.registry import raw_sides

LEADERS = {"platoon_leader", "company_commander"}
SMF = LEADERS | {"sniper", "forward_observer", "scout"}
TEAMS = {"light_mortar", "mmg", "hmg", "at_gun", "bazooka_team"}
VEHICLES = {"tank", "tank_destroyer", "halftrack", "armoured_car", "truck"}
MGS = {"mmg", "hmg"}
HEAVY = ("vehicle", "team")  # Stacking: "vehicles, sections, teams or guns"


def role_of(kind: str) -> str:
    """smf, team, vehicle or squad."""
    return "smf" if kind in SMF else "team" if kind in TEAMS else "vehicle" if kind in VEHICLES else "squad"


def over_limit(roles: Sequence[str]) -> str | None:
    """Stacking: why friendly units of these roles may not share a square, or None. At most three
    units, single-man figures included; at most two of them vehicles, weapon teams or guns."""
    if len(roles) > T.STACK_UNITS.value:
        return f"{len(roles)} friendly units (at most {T.STACK_UNITS.value}, single-man figures included)"
    heavy = sum(r in HEAVY for r in roles)
    if heavy > T.STACK_HEAVY.value:
        return f"{heavy} vehicles, weapon teams or guns (at most {T.STACK_HEAVY.value})"
    return None


def scenario_problems(doc: Any) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """(path, why) for each square a scenario over-stacks at the start; tolerant of malformed
    parts, which the schema reports."""
    for i, _, units in raw_sides(doc):
        squares: dict[tuple, list[tuple[int, str]]] = {}
        for j, unit in units:
            stands = unit.get("stands")
            first = stands[0] if isinstance(stands, list) and stands and isinstance(stands[0], dict) else {}
            cell = first.get("cell")
            if isinstance(cell, list) and len(cell) == 2 and all(type(c) is int for c in cell) \
                    and isinstance(unit.get("kind"), str):
                squares.setdefault(tuple(cell), []).append((j, unit["kind"]))
        for cell, members in squares.items():
            why = over_limit([role_of(kind) for _, kind in members])
            if why:
                yield ("sides", i, "units", members[-1][0]), \
                    f"square {list(cell)} holds {why} (Stacking)"
