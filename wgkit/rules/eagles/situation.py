"""Eagles, Crowns and Oak Leaves situations by name: movement made this turn, spotting, suppression."""

from __future__ import annotations

from wgkit.engine.events import Event
from wgkit.rules.situation import Situation


class EaglesSituation(Situation):
    def moved(self, unit: str, code: str | None = None) -> Event:
        """2.1: the unit has moved this turn (at movement ``code`` E, F, ... when given)."""
        values = {"moved": True} | ({"moved_code": code} if code else {})
        return self.unit_status(unit, f"{unit} has moved" + (f" ({code})" if code else ""), **values)

    def spotted(self, piece: str, by=None) -> Event:  # type: ignore[override]
        """4.1: a unit is spotted (basic game: by everyone), or by the given sides."""
        if by is not None:
            return super().spotted(piece, by)
        uid = self.game.state["pieces"][self._pieces_of(piece)[0]]["unit"]
        return self.unit_status(uid, f"{uid} spotted", spotted=True)

    def suppressed(self, unit: str, value: bool = True) -> Event:
        """4.3: the unit is suppressed (or no longer)."""
        return self.unit_status(unit, f"{unit} {'suppressed' if value else 'not suppressed'}", suppressed=bool(value))
