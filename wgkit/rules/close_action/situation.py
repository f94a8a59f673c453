"""Close Action situations by name: fire received, morale states, mortar aim, moves made."""

from __future__ import annotations

from wgkit.engine.events import Event
from wgkit.rules.situation import Point, Situation

MORALE_STATES = ("ok", "cowering", "rout")


class CloseActionSituation(Situation):
    def shot_at(self, unit: str, dice: int, hits: int = 0, heavy: bool = False) -> Event:
        """Firing and Morale: the unit has been shot at by ``dice`` dice this turn, taking
        ``hits`` hits; ``heavy`` for mortar or HMG fire (morale -2)."""
        return self.unit_status(unit, f"{unit} shot at by {dice} dice, {hits} hit(s)" + (" (HMG or mortar)" if heavy else ""),
                                fire_dice=int(dice), hits=int(hits), heavy_fire=bool(heavy))

    def morale(self, unit: str, state: str) -> Event:
        """Morale: Morale States. ``ok``, ``cowering`` or ``rout``."""
        if state not in MORALE_STATES:
            raise ValueError(f"a Close Action morale state is one of {', '.join(MORALE_STATES)}, not {state!r}")
        return self.unit_status(unit, f"{unit} is {state}", morale=state)

    def aiming(self, unit: str, point: Point) -> Event:
        """Firing: Mortars. The mortar of ``unit`` is ranged on ``point`` from an earlier turn."""
        return self.unit_status(unit, f"{unit}'s mortar ranged on ({point[0]:g}, {point[1]:g})",
                                aim=[float(point[0]), float(point[1])])

    def moved(self, figure: str, inches: float) -> Event:
        """Movement: the figure has already moved ``inches`` this turn."""
        return self.piece_status(figure, f"{figure} has moved {inches:g}\"", moved=float(inches))

    def may_break_off(self, figure: str) -> Event:
        """Hand-to-Hand Fighting: after a tied round the figure may break off."""
        return self.piece_status(figure, f"{figure} may break off", may_break_off=True)
