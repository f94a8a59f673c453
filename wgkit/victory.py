"""Victory conditions judged from a game's state: the standing at any moment, the result at the end.

A scenario's ``victory`` mapping lists conditions; each gives its ``side`` ``points`` (1 unless
written) when it is met. The side with the most points wins; level points go to ``otherwise``
when the scenario names it, else the game is a draw. Kinds:

``kinds: [...]`` limits an area or exit condition to units of those kinds.

- ``hold: AREA``: the side has a unit in good order in the area and the enemy has none;
- ``contest: AREA``: the side has a unit in good order in the area (whoever else is there);
- ``deny: AREA``: no enemy unit in good order is in the area;
- ``exit: EDGE`` with ``units: N``: N of the side's units in good order stand at that table edge;
- ``destroy: IDS`` / ``keep: IDS``: every named piece or unit is out of action / still has a
  living piece;
- ``casualties: SIDE`` with ``share`` or ``pieces``: that many of the enemy's pieces are out of
  action;
- ``break: SIDE``: none of the enemy's units is in good order.

A unit counts in an area or at an edge by any of its pieces still fighting there, and is "in good
order" while it has a piece still fighting. Whether a piece is still fighting is the ruleset's own
judgement (the contract's ``fighting``): alive by default; in Close Action its unit neither
cowering nor routed; in Company Fire its unit neither suppressed nor pinned; in Easy Company
unwounded. An AREA is a terrain id, a list of them, or one shape
(``polygon``, ``rectangle``, ``circle``, or grid ``cells``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from wgkit.scenario.areas import area_geometry, table_grid
from wgkit.scenario.model import Condition, Scenario
from wgkit.words import possessive, wins

if TYPE_CHECKING:
    from wgkit.engine.game import Game

EXIT_BAND = 1.0  # house value: inches from the edge at which a free-form piece counts as exiting


@dataclass(frozen=True)
class Judged:
    """One condition as it stands: met or not, and why in a line."""

    condition: Condition
    met: bool
    why: str
    label: str  # the condition's name, or its description


@dataclass(frozen=True)
class Standing:
    """Every condition judged, the points by side, and the leader (None when level and no
    ``otherwise``). ``final`` is True once the game is over: the leader is then the winner."""

    judged: tuple[Judged, ...]
    points: dict[str, float]
    leader: str | None
    final: bool
    names: dict[str, str]  # side id: name

    @property
    def summary(self) -> str:
        pts = ", ".join(f"{self.names[s]} {p:g}" for s, p in self.points.items())
        who = wins(self.names[self.leader]) if self.leader else "a draw"
        return f"Result: {who} ({pts})" if self.final else f"If the game ended now: {who} ({pts})"


def _name(sc: Scenario, ident: str) -> str:
    """A side's, terrain feature's, unit's or piece's name as the scenario gives it, else its id."""
    for group in (sc.sides, sc.terrain, [u for _, u in sc.units()], [p for _, _, p in sc.pieces()]):
        for x in group:
            if x.id == ident:
                return x.name or ident
    return ident


def describe(c: Condition, sc: Scenario) -> str:
    """A condition in words (with the scenario's names), for the briefing and the standing."""
    if isinstance(c.target, tuple):
        target = ", ".join(_name(sc, i) for i in c.target)
    elif isinstance(c.target, str):
        target = c.target if c.kind == "exit" else _name(sc, c.target)
    else:
        target = "the marked area"
    n = c.units or 1
    band = "its row of cells" if sc.table.grid else f'within {EXIT_BAND:g}", a house value'
    if c.kind == "casualties":
        amount = f"{c.pieces}" if c.pieces is not None else f"{c.share:.0%}"
        words = f"put {amount} of {possessive(target)} pieces out of action"
    else:
        words = {"hold": f"hold {target}", "contest": f"have a unit in {target}",
                 "deny": f"keep the enemy out of {target}",
                 "exit": f"get {n} unit{'s' if n != 1 else ''} to the {target} edge ({band})",
                 "destroy": f"destroy {target}", "keep": f"keep {target} in action",
                 "break": f"leave no unit of {target} in good order"}[c.kind]
    if c.kinds:
        words += f" (counting {', '.join(k.replace('_', ' ') for k in c.kinds)} only)"
    return f"{words} ({c.points:g} pt{'s' if c.points != 1 else ''})"


def piece_point(scenario: Scenario, piece: dict) -> tuple[float, float]:
    """Where a piece stands on the table (a gridded piece at its cell's centre)."""
    if piece.get("position") is not None:
        return tuple(piece["position"])  # type: ignore[return-value]
    grid = table_grid(scenario)
    assert grid is not None and piece.get("cell") is not None
    return grid.center(tuple(piece["cell"]))


def _units_in(game: "Game", side: str, shape: BaseGeometry, *, enemy: bool, kinds: tuple[str, ...] = ()) -> list[str]:
    """Units of ``side`` (or of its enemies; of ``kinds`` if given) with a piece still fighting inside ``shape``."""
    fighting = _fighting(game)
    found: list[str] = []
    for pid, p in game.state["pieces"].items():
        if (p["side"] == side) == enemy or p["unit"] in found or not fighting(game, pid):
            continue
        if kinds and game.scenario.unit(p["unit"]).kind not in kinds:
            continue
        if shape.covers(ShapelyPoint(piece_point(game.scenario, p))):
            found.append(p["unit"])
    return found


def _fighting(game: "Game"):
    from wgkit.rules.registry import get_ruleset

    return get_ruleset(game.scenario.ruleset).fighting


def _edge_band(scenario: Scenario, edge: str) -> BaseGeometry:
    t = scenario.table
    grid = table_grid(scenario)
    band = grid.size if grid is not None else EXIT_BAND
    x0, y0, x1, y1 = {"north": (0, t.depth - band, t.width, t.depth), "south": (0, 0, t.width, band),
                      "east": (t.width - band, 0, t.width, t.depth), "west": (0, 0, band, t.depth)}[edge]
    return box(x0, y0, x1, y1)


def _out(game: "Game", ident: str) -> bool:
    """A piece out of action, or a unit with no living piece."""
    pieces = game.state["pieces"]
    if ident in pieces:
        return not pieces[ident]["alive"]
    return not any(p["alive"] for p in pieces.values() if p["unit"] == ident)


def judge(game: "Game", c: Condition) -> Judged:
    """Whether one condition is met in the game as it stands, with the reason."""
    sc, kind = game.scenario, c.kind
    if kind in ("hold", "contest", "deny"):
        shape = area_geometry(sc, c.target)
        mine = _units_in(game, c.side, shape, enemy=False, kinds=c.kinds)
        theirs = _units_in(game, c.side, shape, enemy=True, kinds=c.kinds)
        met = {"hold": bool(mine) and not theirs, "contest": bool(mine), "deny": not theirs}[kind]
        why = f"{c.side}: {', '.join(mine) or 'none'}; enemy: {', '.join(theirs) or 'none'}"
    elif kind == "exit":
        at_edge = _units_in(game, c.side, _edge_band(sc, c.target), enemy=False, kinds=c.kinds)
        met = len(at_edge) >= (c.units or 1)
        why = f"{len(at_edge)} of {c.units or 1} at the {c.target} edge" + (f" ({', '.join(at_edge)})" if at_edge else "")
    elif kind in ("destroy", "keep"):
        ids = (c.target,) if isinstance(c.target, str) else c.target
        gone = [i for i in ids if _out(game, i)]
        met = len(gone) == len(ids) if kind == "destroy" else not gone
        why = f"out of action: {', '.join(gone) or 'none'}; in action: {', '.join(i for i in ids if i not in gone) or 'none'}"
    elif kind == "casualties":
        theirs = [p for p in game.state["pieces"].values() if p["side"] == c.target]
        lost = sum(not p["alive"] for p in theirs)
        need = c.pieces if c.pieces is not None else c.share * len(theirs)
        met = lost >= need
        why = f"{lost} of {len(theirs)} pieces out of action (needs {need:g})"
    else:  # break
        fighting = _fighting(game)
        standing = sorted({p["unit"] for pid, p in game.state["pieces"].items()
                           if p["side"] == c.target and fighting(game, pid)})
        met = not standing
        why = f"in good order: {', '.join(standing) or 'none'}"
    return Judged(c, met, sc.wording()(why), f"{_name(sc, c.side)}: {c.name or describe(c, sc)}")


def over(game: "Game") -> bool:
    """True when the game has ended: the ruleset said so, or the last step of the last turn."""
    if game.state["vars"].get("game_over"):
        return True
    limit = game.scenario.turns
    if limit is None or game.flow.cards:
        return False
    return game.flow.after(*game.position)[0] > limit and game.position[0] >= limit


def standing(game: "Game") -> Standing | None:
    """The scenario's conditions judged now; None when the scenario has none as data."""
    sc = game.scenario
    if not sc.conditions:
        return None
    judged = tuple(judge(game, c) for c in sc.conditions)
    points = {s.id: 0.0 for s in sc.sides}
    for j in judged:
        if j.met:
            points[j.condition.side] += j.condition.points
    best = max(points.values())
    top = [s for s, p in points.items() if p == best]
    leader = top[0] if len(top) == 1 else sc.otherwise
    return Standing(judged, points, leader, over(game), {s.id: s.name for s in sc.sides})


def losses(game: Game) -> tuple[Counter, Counter]:
    """Pieces lost and pieces at the start, by side."""
    lost: Counter = Counter()
    total: Counter = Counter()
    for p in game.state["pieces"].values():
        total[p["side"]] += 1
        lost[p["side"]] += not p["alive"]
    return lost, total


def winner(game: Game) -> str | None:
    """The side ahead by the scenario's victory conditions, or without them the side that lost
    the smaller share of its pieces; None for a draw."""
    judged = standing(game)
    if judged is not None:
        return judged.leader
    lost, total = losses(game)
    shares = {s: lost[s] / total[s] for s in total}
    best = min(shares.values())
    winners = [s for s, v in shares.items() if v == best]
    return winners[0] if len(winners) == 1 else None
