"""What every resolution reports: the modifiers applied (name, value, source), the outcome, the
odds computed by the same procedure, and the dice (recorded by the roller)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wgkit.odds import Distribution
from wgkit.rules.sourced import Sourced


@dataclass(frozen=True)
class Modifier:
    name: str
    value: float
    source: str  # "seed Fire Table", "house: ..." and so on

    @classmethod
    def of(cls, name: str, value: Sourced) -> "Modifier":
        return cls(name, value.value, value.label() if not value.is_house else f"HOUSE: {value.note}")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "source": self.source}

    def __str__(self) -> str:
        return f"{self.name} {self.value:+g} ({self.source})"


@dataclass(frozen=True)
class Outcome:
    """A resolved rule: ``result`` in plain data, with its explanation."""

    rule: str  # the section implemented
    result: Any
    modifiers: tuple[Modifier, ...] = ()
    odds: Distribution | None = None
    notes: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "outcome": self.result,
                               "modifiers": [m.to_dict() for m in self.modifiers]}
        if self.odds is not None:
            out["odds"] = self.odds.describe()
        if self.notes:
            out["notes"] = list(self.notes)
        out.update(self.extra)
        return out
