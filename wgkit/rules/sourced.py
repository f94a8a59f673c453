"""Values that carry where they came from: the rule text, its worked example, or the kit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

T = TypeVar("T")
Source = Literal["seed", "worked example", "house"]
SOURCES: tuple[str, ...] = ("seed", "worked example", "house")


@dataclass(frozen=True)
class Sourced(Generic[T]):
    """A rule value with its provenance.

    ``ref`` names the section of the text (or the docs page for a house value);
    ``note`` says why a house value was chosen.
    """

    value: T
    source: Source = "seed"
    ref: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise ValueError(f"source must be one of {SOURCES}, not {self.source!r}")

    @property
    def is_house(self) -> bool:
        return self.source == "house"

    def label(self) -> str:
        """Short provenance tag for UI and logs, e.g. ``seed §2.4`` or ``HOUSE``."""
        if self.source == "house":
            return "HOUSE"
        return f"{self.source} {self.ref}".strip()


def seed(value: T, ref: str) -> Sourced[T]:
    return Sourced(value, "seed", ref)


def house(value: T, note: str, ref: str = "") -> Sourced[T]:
    return Sourced(value, "house", ref, note)
