"""Units as the kit's own scenarios field them, offered to a designer as templates: a German rifle
squad with its leader, LMG and riflemen, a Sherman with its class, an Eagles battalion with its FP,
armour and movement code, placed in one click and edited after.

The templates of a ruleset are read from its bundled scenarios (one per distinct unit: nation,
kind, quality, attributes and each figure's or stand's role and weapons), so every ruleset has
them and they never disagree with what the kit plays."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from wgkit.bundled import scenario_files
from wgkit.facts.common import PEOPLES
from wgkit.facts.registry import find_ruleset
from wgkit.scenario.io import load


@dataclass(frozen=True)
class Piece:
    """One figure or stand of a template: its role in the unit and what it carries."""

    role: str | None
    weapons: tuple[str, ...]


@dataclass(frozen=True)
class Template:
    ruleset: str
    nationality: str | None
    kind: str
    quality: str | None
    rules: tuple[tuple[str, Any], ...]  # the unit's attributes (tank class, FP, armour ...)
    pieces: tuple[Piece, ...]
    like: str  # the bundled unit it is read from: "Gruppe Krebs (The farm outside Carentan)"

    @property
    def label(self) -> str:
        """The menu's words: nation, kind, quality and what each piece carries ("Germans · squad,
        veteran: leader (smg+grenade), lmg, 4 × rifle · like Gruppe Krebs (...)")."""
        bare = "figure" if find_ruleset(self.ruleset).pieces == "figures" else "stand"
        counts: dict[str, int] = {}
        for p in self.pieces:
            carried = "+".join(p.weapons)
            what = f"{p.role} ({carried})" if p.role and carried else p.role or carried or bare
            counts[what] = counts.get(what, 0) + 1
        parts = ", ".join(w if n == 1 else f"{n} × {w}" for w, n in counts.items())
        nation = PEOPLES.get(self.nationality or "", "any nation")
        quality = f", {self.quality}" if self.quality else ""
        return f"{nation} · {self.kind.replace('_', ' ')}{quality}: {parts} · like {self.like}"


def _signature(t: Template) -> tuple:
    return (t.nationality, t.kind, t.quality, t.rules, tuple((p.role, p.weapons) for p in t.pieces))


@lru_cache(maxsize=None)
def templates(ruleset: str) -> tuple[Template, ...]:
    """Every distinct unit of the ruleset's bundled scenarios, as a template, by nation then kind."""
    seen: dict[tuple, Template] = {}
    for path in scenario_files():
        scenario = load(path)
        if scenario.ruleset != ruleset:
            continue
        for side, unit in scenario.units():
            pieces = [Piece(p.role, tuple(p.weapons)) for p in unit.pieces]
            t = Template(ruleset, side.nationality, unit.kind, unit.quality, tuple(sorted(unit.rules.items())),
                         tuple(pieces), f"{unit.name or unit.id} ({scenario.title})")
            seen.setdefault(_signature(t), t)
    return tuple(sorted(seen.values(), key=lambda t: (t.nationality or "", t.kind, t.label)))



def national_weapon(ruleset: str, weapon: str, nationality: str) -> str:
    """The weapon ``nationality`` carries in place of ``weapon``: the one with the same values in
    the text's tables where the ruleset names one (:attr:`RulesetInfo.counterparts`), else itself."""
    return find_ruleset(ruleset).counterparts.get(weapon, {}).get(nationality, weapon)


def templates_for(ruleset: str, nationality: str | None) -> tuple[Template, ...]:
    """The templates offered for a side of ``nationality``: the ruleset's own; where its
    scenarios field none of that nation (British units in Company Fire), each of them as that
    nation fields it, saying whose unit it copies ("British · rifle squad, regular: rifle · like
    1st Squad (...), as the Americans field it"), each weapon replaced by the one that nation
    carries with the same values where the ruleset names one (a German panzerfaust becomes a
    British PIAT in Company Fire). Always in the same order, so a choice made on
    a menu not yet redrawn picks the same unit."""
    offered = templates(ruleset)
    if nationality not in PEOPLES or any(t.nationality == nationality for t in offered):
        return offered

    def carried(t: Template) -> tuple[Piece, ...]:
        return tuple(replace(p, weapons=tuple(national_weapon(ruleset, w, nationality) for w in p.weapons))
                     for p in t.pieces)

    return tuple(replace(t, nationality=nationality, pieces=carried(t), like=f"{t.like}, as the {PEOPLES[t.nationality]} "
                         f"field it") if t.nationality in PEOPLES else replace(t, nationality=nationality) for t in offered)
