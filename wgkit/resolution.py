"""A modifier applied by a resolution, with the source of its value (rule section or house)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
