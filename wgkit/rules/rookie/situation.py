"""Rookie Rules situations by name: the card turned up and the unit it activated, markers,
morale tests due, breakdowns, aircraft on the table."""

from __future__ import annotations

from wgkit.engine.events import Event
from wgkit.rules.rookie import lookup as L
from wgkit.rules.situation import Situation


class RookieSituation(Situation):
    def activated(self, unit: str, functions: int = 2, card: str = "2H") -> Event:
        """Activation: ``card`` came up for ``unit``, which now acts with ``functions`` left."""
        return self._set(f"{card}: {unit} acts ({functions} functions)", [
            (("vars", "rk", "card"), card), (("vars", "rk", "unit"), unit), (("active",), L.side(self.game, unit)),
            (("units", unit, "status", "acted"), True), (("units", unit, "status", "functions"), int(functions)),
            (("units", unit, "status", "targets"), [])])

    def card_up(self, card: str, side: str) -> Event:
        """Activation: ``card`` is face up for ``side`` and no unit has been activated by it yet."""
        return self._set(f"{card} up for {side}", [(("vars", "rk", "card"), card), (("vars", "rk", "unit"), None),
                                                   (("active",), side)])

    def marker(self, unit: str, marker: str | None) -> Event:
        """Markers: the unit's morale marker (disrupted, pinned, suppressed), or none."""
        return self.unit_status(unit, f"{unit}: {marker or 'no'} marker", marker=marker)

    def must_test(self, *units: str) -> Event:
        """Morale: these units owe a morale test."""
        return self._set(f"morale due: {', '.join(units)}", [(("vars", "rk", "must_test"), list(units))])

    def stuck(self, unit: str, how: str = "mud") -> Event:
        """Breakdown: the vehicle is stuck (``mud``) or immobile ``for good`` (rubble)."""
        if how not in ("mud", "for good"):
            raise ValueError(f"a vehicle is stuck in 'mud' or 'for good', not {how!r}")
        return self.unit_status(unit, f"{unit} stuck ({how})", immobile=how)

    def aircraft(self, side: str, on_table: int = 1) -> Event:
        """Aircraft: ``side`` has ``on_table`` aircraft over the table, no flight path plotted yet."""
        return self._set(f"{side}: {on_table} aircraft over the table",
                         [(("vars", "rk", "aircraft", side), {"on_table": int(on_table), "path": None, "damaged": False})])

    def air_chance(self, side: str, percent: int) -> Event:
        """Aircraft: ``side``'s chance that its aircraft arrive this turn."""
        return self._set(f"{side}: aircraft arrive on {percent}%", [(("vars", "rk", "air_chance", side), int(percent))])

    def missions_fired(self, side: str, fired: int) -> Event:
        """Artillery: ``side``'s guns have fired ``fired`` missions and have none plotted."""
        return self._set(f"{side}: {fired} artillery missions fired", [(("vars", "rk", "missions", side), {"fired": int(fired)})])
