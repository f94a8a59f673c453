"""Company Fire situations by name: the card turned up, unit orders, vehicles, smoke, op fire,
the turn and the clock."""

from __future__ import annotations

from wgkit.engine.events import Event
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire.flow import PER_CARD
from wgkit.rules.company_fire.status import ORDER
from wgkit.rules.situation import Situation

Cell = tuple[int, int]


class CompanyFireSituation(Situation):
    def card(self, kind: str, side: str) -> Event:
        """Initiative deck: a new card of ``kind`` (move, fire or any) for ``side``, who now holds
        the initiative; every unit may act again, as on a new card."""
        cleared = [(("units", u, "status", k), False) for u, v in self.game.state["units"].items()
                   for k in PER_CARD if v["status"].get(k)]
        return self._set(f"{side} turns up a {kind} card", [
            (("vars", "cf", "kind"), kind), (("vars", "cf", "initiative_side"), side), (("active",), side),
            (("vars", "cf", "card_no"), L.cf(self.game).get("card_no", 0) + 1), *cleared])

    def initiative(self, side: str) -> Event:
        """The side holding the initiative (before the next card is drawn)."""
        return self._set(f"{side} holds the initiative", [(("vars", "cf", "initiative_side"), side)])

    def order(self, unit: str, state: str) -> Event:
        """Unit status: good order, pinned, suppressed, broken... or ``removed`` from play."""
        if state not in (*ORDER, "removed"):
            raise ValueError(f"a Company Fire unit order is one of {', '.join(ORDER)} or removed, not {state!r}")
        return self.unit_status(unit, f"{unit} is {state}", order=state)

    def removed(self, *units: str) -> Event:
        """Take units out of play (out of the way of the situation)."""
        return self._set(f"removed: {', '.join(units)}",
                         [(("units", u, "status", "order"), "removed") for u in units]
                         + [(("pieces", p, "alive"), False) for u in units for p in L.pieces_of(self.game, u)])

    def turret(self, unit: str, degrees: float) -> Event:
        """Vehicles: the turret's bearing, in degrees."""
        return self.unit_status(unit, f"{unit}'s turret at {degrees:g}°", turret=float(degrees) % 360)

    def buttoned(self, unit: str, closed: bool = True) -> Event:
        """Vehicles: buttoned up (or open)."""
        return self.unit_status(unit, f"{unit} {'buttoned up' if closed else 'unbuttoned'}", buttoned=bool(closed))

    def carried(self, unit: str, by: str) -> Event:
        """Dismounting: ``unit`` rides on vehicle ``by``."""
        return self.unit_status(unit, f"{unit} rides on {by}", carried_by=by)

    def smoke(self, cell: Cell, side: str) -> Event:
        """Smoke in ``cell``, laid by ``side`` (it lasts until that side regains the initiative)."""
        key = f"{cell[0]},{cell[1]}"
        return self._set(f"smoke in {tuple(cell)}", [(("vars", "cf", "smoke", key), {"cell": list(cell), "side": side})])

    def mines(self, cell: Cell, real: bool = True, paths: tuple[str, ...] = ()) -> Event:
        """Mines (beta): a mined square, real or a dummy, and the sides that have found a path through it."""
        key = f"{cell[0]},{cell[1]}"
        known = f", paths known to {', '.join(sorted(paths))}" if paths else ""
        return self._set(f"{'mines' if real else 'dummy mines'} in {tuple(cell)}{known}",
                         [(("vars", "cf", "mines", key), {"cell": list(cell), "real": bool(real), "paths": sorted(paths)})])

    def moving(self, units: list[str], start: Cell, to: Cell) -> Event:
        """Opportunity Fire: ``units`` are moving from ``start`` into ``to``; the enemy may op fire."""
        return self._set(f"{', '.join(units)} moving {tuple(start)} -> {tuple(to)}",
                         [(("vars", "cf", "opfire"), {"units": list(units), "from": list(start), "to": list(to)})])

    def game_turn(self, n: int) -> Event:
        """The game turn as Company Fire counts it (a turn ends when the attacker regains the initiative)."""
        return self._set(f"turn {n}", [(("vars", "cf", "turn"), int(n))])

    def clock(self, n: int) -> Event:
        """Optional game clock: its reading."""
        return self._set(f"clock at {n}", [(("vars", "cf", "clock"), int(n))])
