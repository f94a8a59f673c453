"""Company Fire: applying an attack's results to the units (Hit Result; Single Mounted Figures;
Vehicle Hit Results; Occupying Bocage), collected as the changes of one event."""

from __future__ import annotations

from typing import Any

from wgkit.engine.game import Game
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import status as S


class Effects:
    """The results of one action, gathered before they are committed as a single event."""

    def __init__(self, game: Game):
        self.game = game
        self.orders: dict[str, str] = {}
        self.cells: dict[str, L.Cell] = {}
        self.changes: list[tuple[tuple, Any]] = []
        self.lines: list[str] = []

    def order(self, uid: str) -> str:
        return self.orders.get(uid, L.order(self.game, uid))

    def cell(self, uid: str) -> L.Cell:
        return self.cells.get(uid, L.cell(self.game, uid))

    def set(self, path: tuple, value: Any) -> None:
        self.changes.append((path, value))

    def set_order(self, uid: str, new: str) -> None:
        self.orders[uid] = new
        if new in ("suppressed", "destroyed") and L.status(self.game, uid).get("bocage"):
            self.set(("units", uid, "status", "bocage"), False)  # a suppressed unit abandons the bocage

    def move(self, uid: str, to: L.Cell) -> None:
        self.cells[uid] = to
        for pid in L.pieces_of(self.game, uid):
            self.set(("pieces", pid, "cell"), list(to))

    def hit(self, uid: str, hits: int, by: str = "") -> str:
        """Hit Result for ``hits`` from one attack; single figures ignore pins and die on a
        suppression; a vehicle suppressed must move one square away from the enemy."""
        before = self.order(uid)
        after = S.after_hits(before, hits)
        if L.role(self.game, uid) == "smf":
            after = before if after == "pinned" else after if after == before else "destroyed"
        self.set_order(uid, after)
        line = f"{uid}: {hits} hit{'s' if hits != 1 else ''} -> {after}"
        if after == "suppressed" and before != "suppressed" and L.role(self.game, uid) == "vehicle":
            dest = self.retreat_square(uid)
            if dest is not None:
                self.move(uid, dest)
                line += f", backs off to {dest}"
        self.lines.append(line + (f" ({by})" if by else ""))
        return after

    def retreat_square(self, uid: str, away_from: L.Cell | None = None) -> L.Cell | None:
        """One square away from the enemy (or from ``away_from``), enterable, within stacking."""
        g = L.gridmap(self.game).grid
        here = self.cell(uid)
        foes = [away_from] if away_from else [L.cell(self.game, e) for e in L.enemies_of(self.game, uid)
                                              if self.order(e) != "destroyed"]
        if not foes:
            return None
        near = min(g.distance(here, f) for f in foes)
        options = [n for n in g.neighbours(here)
                   if min(g.distance(n, f) for f in foes) > near and L.may_step_back(self.game, uid, here, n)]
        return min(options) if options else None

    def finish(self) -> list[tuple[tuple, Any]]:
        """The event's changes: statuses, destroyed pieces, and single figures lost with the
        units they were with (Single Mounted Figures)."""
        g = self.game
        for uid, new in list(self.orders.items()):
            if new != "destroyed" or L.role(g, uid) == "smf":
                continue
            here = L.cell(g, uid)
            mates = [u for u in L.friends_at(g, uid, here) if u != uid]
            if mates and all(self.order(u) == "destroyed" for u in mates if L.role(g, u) != "smf"):
                for u in mates:
                    if L.role(g, u) == "smf" and self.order(u) != "destroyed":
                        self.orders[u] = "destroyed"
                        self.lines.append(f"{u}: lost with the units in its square")
        out = list(self.changes)
        for uid, new in self.orders.items():
            out.append((("units", uid, "status", "order"), new))
            if new == "destroyed":
                out += [(("pieces", pid, "alive"), False) for pid in L.pieces_of(g, uid)]
        return out
