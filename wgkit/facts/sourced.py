"""Values that carry where they came from: the rule text, its worked example, or the kit."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Generic, Iterator, Literal, TypeVar

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
        """Short provenance tag for UI and logs: ``rules §2.4`` (the text), ``worked example §2.4``
        or ``HOUSE`` (the kit's own value)."""
        if self.source == "house":
            return "HOUSE"
        return f"{'rules' if self.source == 'seed' else self.source} {self.ref}".strip()


def seed(value: T, ref: str) -> Sourced[T]:
    return Sourced(value, "seed", ref)


def house(value: T, note: str, ref: str = "") -> Sourced[T]:
    return Sourced(value, "house", ref, note)


def sourced_values(obj: object, name: str) -> Iterator[tuple[str, Sourced]]:
    """Every :class:`Sourced` in ``obj`` (a table module's value: a Sourced, or dicts, tuples and
    lists of them), each with its name as the code spells it (``TO_HIT['long']['hard']``)."""
    if isinstance(obj, Sourced):
        yield name, obj
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from sourced_values(value, f"{name}[{key!r}]")
    elif isinstance(obj, (tuple, list)):
        for i, value in enumerate(obj):
            yield from sourced_values(value, f"{name}[{i}]")


def table_values(module: ModuleType) -> list[tuple[str, Sourced]]:
    """Every sourced value a ruleset's ``tables`` module holds, in the order it defines them."""
    return [item for attr, value in vars(module).items() if not attr.startswith("_")
            for item in sourced_values(value, attr)]
