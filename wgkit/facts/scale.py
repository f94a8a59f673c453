"""Ground scale: the one place where table inches become metres, yards or grid cells."""

from __future__ import annotations

from dataclasses import dataclass

METRES_PER_YARD = 0.9144
_TO_METRES = {"m": 1.0, "yd": METRES_PER_YARD}


@dataclass(frozen=True)
class GroundScale:
    """How far one table inch is on the ground.

    >>> s = GroundScale(10, "m")
    >>> s.to_ground(7)
    70.0
    >>> s.to_inches(40)
    4.0
    >>> round(GroundScale(100, "yd").convert(3, "m"), 1)
    274.3
    """

    per_inch: float
    unit: str  # "m" or "yd"

    def __post_init__(self) -> None:
        if self.unit not in _TO_METRES:
            raise ValueError(f"ground unit must be one of {sorted(_TO_METRES)}, not {self.unit!r}")
        if not self.per_inch > 0:
            raise ValueError("ground scale must be positive")

    def to_ground(self, inches: float) -> float:
        """Table inches to ground distance in this scale's unit."""
        return inches * self.per_inch

    def to_inches(self, ground: float, unit: str | None = None) -> float:
        """Ground distance (in ``unit``, default this scale's unit) to table inches."""
        if unit is not None and unit != self.unit:
            ground = ground * _TO_METRES[unit] / _TO_METRES[self.unit]
        return ground / self.per_inch

    def convert(self, inches: float, unit: str) -> float:
        """Table inches to ground distance in any supported unit."""
        return self.to_ground(inches) * _TO_METRES[self.unit] / _TO_METRES[unit]

    def describe(self) -> str:
        per = int(self.per_inch) if float(self.per_inch).is_integer() else self.per_inch
        return f'1" = {per} {self.unit}'


def cells(inches: float, cell_size: float) -> float:
    """Table inches to grid cells of ``cell_size`` inches."""
    return inches / cell_size
