"""Company Fire's facts (text: 004_e954d5c422be67ed): its scale and terrain, its units by role
(squad, weapon team, vehicle, single-man figure) and the Stacking limits they obey, judged the same
way in play and when a scenario is loaded."""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from wgkit.facts.ruleset import RulesetInfo, raw_sides, terrain_table
from wgkit.facts.scale import GroundScale
from wgkit.facts.sourced import Sourced, house, seed

STACK_UNITS: Sourced[int] = seed(3, "Stacking (three friendly units including SMFs)")
STACK_HEAVY: Sourced[int] = house(2, "the text's limit of two 'vehicles, sections, teams or guns'; squads are read "
                                     "as not counting towards it, since the Group Fire example stacks three squads",
                                  "Stacking")
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
    if len(roles) > STACK_UNITS.value:
        return f"{len(roles)} friendly units (at most {STACK_UNITS.value}, single-man figures included)"
    heavy = sum(r in HEAVY for r in roles)
    if heavy > STACK_HEAVY.value:
        return f"{heavy} vehicles, weapon teams or guns (at most {STACK_HEAVY.value})"
    return None


def scenario_problems(doc: Any) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """(path, why) for each square a scenario over-stacks at the start, and each unit carried by
    anything but a vehicle of its own side; tolerant of malformed parts, which the schema reports."""
    for i, _, units in raw_sides(doc):
        vehicles = {u["id"] for _, u in units if isinstance(u.get("id"), str) and isinstance(u.get("kind"), str)
                    and u["kind"] in VEHICLES}
        for j, unit in units:
            rules = unit.get("rules")
            carrier = rules.get("carried_by") if isinstance(rules, dict) else None
            if isinstance(carrier, str) and carrier not in vehicles:  # another type: the schema says so
                yield ("sides", i, "units", j, "rules", "carried_by"), \
                    f"{carrier!r} is not a vehicle of this side (a unit rides in its own side's vehicle)"
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


# Area Terrain table: blocks LOS / cover / impassable to infantry / to vehicles.
# movement: "open", "no_vehicles", "impassable".
_TERRAIN = terrain_table(
    {
        "fields": ("cover", False, "open"),  # medium-height fields
        "fields/low": ("none", False, "open"),
        "fields/medium": ("cover", False, "open"),
        "fields/full-grown": ("cover", True, "open"),
        "swamp": ("cover", True, "impassable"),
        "orchard": ("cover", True, "open"),
        "woods": ("cover", True, "no_vehicles"),
        "hill": ("cover", True, "open"),
        "buildings": ("cover", True, "no_vehicles"),
        "low_wall": ("cover", False, "open"),  # Edge Terrain table
        "bocage": ("cover", True, "bocage"),  # Special Terrain Rules: Bocage
    },
    source="seed",
    ref="Terrain: Area Terrain, Edge Terrain",
    overrides=terrain_table(
        {
            "road": ("none", False, "road"),
            "stream": ("none", False, "open"),
            "river": ("none", False, "impassable"),
            "rough": ("cover", False, "open"),
            "mud": ("none", False, "open"),
            "snow": ("none", False, "open"),
            "hedge": ("cover", True, "open"),
            "barbed_wire": ("none", False, "no_vehicles"),
            "minefield": ("none", False, "mines"),
            "foxholes": ("cover", False, "open"),
            "trenches": ("cover", False, "open"),
            "bunker": ("cover", True, "no_vehicles"),
            "smoke": ("cover", True, "open"),
        },
        source="house",
        ref="Terrain",
        note="type not in the text's terrain tables; chosen by analogy",
    ),
)

# the text's own terms a page uses: what each stands for, and the section defining it
GLOSSARY = {
    "SMF": "single mounted figure: a leader, observer, sniper or assistant on a base of its own "
           "(Scale: Figures; Single Mounted Figures)",
    "SMFs": "single mounted figures: leaders, observers, snipers and assistants on bases of their own "
            "(Scale: Figures; Single Mounted Figures)",
}

RULESET = RulesetInfo(
    id="company_fire",
    name="Company Fire",
    aliases=("cf", "companyfire"),
    scenario_checks=scenario_problems,
    text="004_e954d5c422be67ed.txt",
    scale=GroundScale(7.5, "m"),
    scale_note="derived: the text gives 40-50 m per square and uses 6\" squares (45 m / 6\")",
    dice=("d6",),
    pieces="stands",
    grid="required",
    qualities=("green", "regular", "veteran"),
    unit_kinds=frozenset({
        "rifle_squad", "smg_squad", "engineer_squad", "light_mortar", "mmg", "hmg", "sniper",
        "platoon_leader", "company_commander", "forward_observer", "scout", "tank",
        "tank_destroyer", "halftrack", "armoured_car", "at_gun", "bazooka_team", "truck",
    }),
    weapons=frozenset({"smg", "rifle", "light_mortar", "mmg", "hmg", "sniper_rifle", "bazooka",
                       "panzerschreck", "piat", "panzerfaust", "main_gun", "at_gun",
                       "vehicle_mg", "at_grenades"}),
    terrain=_TERRAIN,
    nationalities=("us", "uk", "germany", "ussr", "canada", "france"),
    # Attacking vehicles: the panzerschreck "as the bazooka", the PIAT as the panzerfaust (2 squares,
    # 3d6); which nation carried which is the kit's reading (house)
    counterparts={
        "bazooka": {"germany": "panzerschreck"},
        "panzerschreck": {"us": "bazooka", "france": "bazooka"},
        "panzerfaust": {"uk": "piat", "canada": "piat"},
        "piat": {"germany": "panzerfaust"},
    },
    unit_attrs={
        "tank_class": {"enum": ["light", "medium", "heavy"]},
        "buttoned": {"type": "boolean"},
        "turret_facing": {"type": "number"},
        "carried_by": {"type": "string", "description": "the vehicle unit carrying this unit at the start"},
        "missions": {"type": "integer", "minimum": 0, "description": "a forward observer's fire missions"},
        "smoke": {"type": "boolean", "description": "a light mortar that may fire smoke"},
    },
    scenario_attrs={
        "clock": {"enum": ["standard", "long"], "description": "the optional game clock: ends at 21 or 30"},
        "resolution": {"enum": ["standard", "faster", "longer"], "description": "Optional Methods for Resolving Attacks"},
        "jokers": {"type": "integer", "minimum": 0, "maximum": 2},
        "colours": {"type": "object", "additionalProperties": {"enum": ["red", "black"]}, "description": "side id -> red or black"},
    },
    glossary=GLOSSARY,
)
