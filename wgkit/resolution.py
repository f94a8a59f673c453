"""A modifier applied by a resolution, with the source of its value (rule section or house)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wgkit.facts.sourced import Sourced


@dataclass(frozen=True)
class Modifier:
    name: str
    value: float
    source: str  # "rules Fire Table", "house: ..." and so on

    @classmethod
    def of(cls, name: str, value: Sourced) -> "Modifier":
        return cls(name, value.value, value.label() if not value.is_house else f"HOUSE: {value.note}")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "source": self.source}

    def __str__(self) -> str:
        return f"{self.name} {self.value:+g} ({self.source})"


def explained_problems(event: Any) -> list[str]:
    """How an event with dice falls short of being explained: every roll names the rule section it
    follows (``detail["rule"]``), its ``outcome``, and its ``modifiers`` as name, value and source."""
    if all(r.die == "shuffle" for r in event.rolls):  # no dice, or only a deck shuffled
        return []
    detail, out = event.detail, []
    if not isinstance(detail.get("rule"), str) or not detail["rule"].strip():
        out.append("names no rule section (detail['rule'])")
    if "outcome" not in detail:
        out.append("gives no outcome (detail['outcome'])")
    mods = detail.get("modifiers")
    if not isinstance(mods, list):
        out.append("lists no modifiers (detail['modifiers'], [] when none apply)")
    else:
        for m in mods:
            if not (isinstance(m, dict) and {"name", "value", "source"} <= set(m) and isinstance(m["name"], str)
                    and isinstance(m["value"], (int, float)) and isinstance(m["source"], str) and m["source"]):
                out.append(f"has a modifier without a name, a value and a source: {m!r}")
    return [f"{event.kind} event {p}" for p in out]
