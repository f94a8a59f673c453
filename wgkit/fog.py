"""What one side knows in a double-blind game: the enemy pieces its troops see now, where it last
saw the others, and what it learns of each event.

A side sees an enemy piece when one of its live pieces has sight of it by the ruleset's own rule
(a gridded ruleset's ``sight``; elsewhere line of sight past the terrain with the ruleset's
:class:`~wgkit.geometry.los.LosPolicy`), or when the umpire has marked the piece spotted by it.
A piece set up hidden (an ambush, a sniper) is seen only once spotted. The umpire sees all.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from wgkit.engine.events import Event, copy_tree
from wgkit.engine.game import Game
from wgkit.engine.views import UMPIRE
from wgkit.geometry.los import sight_between
from wgkit.render.scene import piece_points
from wgkit.rules.registry import get_ruleset
from wgkit.words import bearing

def seen_now(game: Game, side: str) -> set[str]:
    """The enemy pieces (alive or not) that ``side`` sees in ``game`` as it stands."""
    state = game.state
    pieces = state["pieces"]
    foes = [pid for pid, p in pieces.items() if p["side"] != side]
    spotted = {pid for pid in foes if side in pieces[pid]["spotted_by"]}
    pts = piece_points(game.scenario, state)
    dead = piece_points(game.scenario, {**state, "pieces": {pid: {**p, "alive": True} for pid, p in pieces.items()
                                                           if not p["alive"]}})
    where = {**dead, **pts}
    eyes = [pid for pid, p in pieces.items() if p["side"] == side and p["alive"] and pid in pts]
    open_foes = [pid for pid in foes if pid in where and not pieces[pid]["hidden"] and pid not in spotted]
    if not eyes or not open_foes:
        return spotted
    rules = get_ruleset(game.scenario.ruleset)
    if rules.sight is not None:
        alive = [pid for pid in open_foes if pieces[pid]["alive"]]
        seen = {f for f in alive if any(rules.sight(game, e, f)[0] for e in eyes)}
        lying = [pid for pid in open_foes if not pieces[pid]["alive"]]  # the dead: seen as their square is
        if lying:
            clear = sight_between(game.terrain, [where[e] for e in eyes], [where[f] for f in lying], rules.los_policy)
            seen |= {f for j, f in enumerate(lying) if clear[:, j].any()}
        return spotted | seen
    clear = sight_between(game.terrain, [where[e] for e in eyes], [where[f] for f in open_foes], rules.los_policy)
    return spotted | {f for j, f in enumerate(open_foes) if clear[:, j].any()}


@dataclass(frozen=True)
class Sighting:
    """Where a piece was last seen, at which event (1-based; 0: the start), and its turn."""

    position: tuple[float, float]
    event: int
    turn: int


@dataclass(frozen=True)
class Report:
    """What a side learns of one event: its number, kind and a line of text."""

    index: int
    kind: str
    text: str
    dice: str = ""


@dataclass
class Fog:
    """One side's knowledge of a game, kept up to date event by event with :meth:`follow`.

    It replays the game's log on a shadow copy, so it knows what the side saw *between* events
    too: an enemy that crossed a gap and went on is remembered where it was last seen."""

    side: str
    seen: set[str] = field(default_factory=set)
    last: dict[str, Sighting] = field(default_factory=dict)
    ever: set[str] = field(default_factory=set)  # every enemy piece the side has seen this game
    reports: list[Report] = field(default_factory=list)
    _shadow: Game | None = None
    _heard: list[Event] = field(default_factory=list)

    def follow(self, game: Game) -> bool:
        """Catch up with ``game``'s log; True if anything changed. An undone event is forgotten
        with all it showed (the fog is rebuilt from the start)."""
        if self.side != UMPIRE and self.side not in game.state["sides"]:
            raise ValueError(f"no side {self.side!r}: choose one of {', '.join(game.state['sides'])}")
        log = game.log
        n = len(self._heard)
        if self._shadow is None or n > len(log) or any(a is not b for a, b in zip(self._heard, log)):
            self._shadow = Game(game.scenario, game.seed, game.flow)
            self._heard, self.last, self.ever, self.reports = [], {}, set(), []
            self.seen = self._look(0)
            n = 0
        elif n == len(log):
            return False
        for event in log[n:]:
            before = set(self.seen)
            self._shadow.commit(event)
            self._heard.append(event)
            self.seen = self._look(len(self._heard))
            self.reports.append(self._report(len(self._heard), event, before | self.seen))
        return True

    def _look(self, index: int) -> set[str]:
        shadow = self._shadow
        assert shadow is not None
        seen = set(shadow.state["pieces"]) if self.side == UMPIRE else seen_now(shadow, self.side)
        where = piece_points(shadow.scenario, shadow.state)
        turn = get_ruleset(shadow.scenario.ruleset).turn(shadow)
        self.ever |= seen
        for pid in seen:
            if pid in where:
                self.last[pid] = Sighting(where[pid], index, turn)
            else:
                self.last.pop(pid, None)  # seen fallen: no longer a piece to look for
        return seen

    # -- what the side may know ------------------------------------------------------------------
    def known(self, state: dict[str, Any]) -> set[str]:
        """Ids of the pieces and units the side may name now: its own, and enemies seen now."""
        pieces = {pid for pid, p in state["pieces"].items() if p["side"] == self.side or pid in self.seen}
        units = {p["unit"] for pid, p in state["pieces"].items() if pid in pieces}
        return pieces | units | {uid for uid, u in state["units"].items() if u["side"] == self.side}

    def view(self, state: dict[str, Any]) -> dict[str, Any]:
        """A copy of ``state`` holding only what the side may know (the umpire: everything). The
        dice stream's seed goes too, which would let a player predict rolls, and the other sides'
        own variables (where their artillery is aimed)."""
        out = copy_tree(state)
        if self.side == UMPIRE:
            return out
        known = self.known(state)
        out["pieces"] = {pid: p for pid, p in out["pieces"].items() if pid in known}
        out["units"] = {uid: u for uid, u in out["units"].items() if uid in known}
        out["rng"] = {"counter": out["rng"]["counter"]}
        for sid, side in out["sides"].items():  # another side's own plans (an artillery aim, a plot)
            if sid != self.side:
                side["vars"] = {}
        return out

    def seen_game(self, game: Game) -> Game:
        """A what-if copy of ``game`` as the side knows it: only the pieces and units it may name
        (:meth:`known`), and a dice stream and card order of its own. Odds, previews and sight
        worked out on it reveal nothing the side has not seen: a hidden sniper in a danger zone,
        or an unseen unit in the way, changes nothing it is shown. The umpire's is the game itself."""
        if self.side == UMPIRE:
            return game
        known = self.known(game.state)
        other = game.branch(dice=0)
        other.state["pieces"] = {pid: p for pid, p in other.state["pieces"].items() if pid in known}
        other.state["units"] = {uid: u for uid, u in other.state["units"].items() if uid in known}
        other.__dict__.pop("_unit_pieces", None)  # the units' members, indexed from the whole state (rules.units.pieces)
        return other

    def ghosts(self) -> list[Sighting]:
        """Where enemies out of sight now were last seen (no ids: the side knows only a place)."""
        if self.side == UMPIRE:
            return []
        return sorted((s for pid, s in self.last.items() if pid not in self.seen),
                      key=lambda s: (s.event, s.position))

    def _report(self, index: int, event: Event, seen: set[str]) -> Report:
        """The event as the side learns it: whole (its line and dice) if nothing it carries (line,
        dice purposes and notes, detail, action, who acted) names a piece the side did not see
        (during or after it); if it struck the side's own troops from out of sight, only that, and
        from where only when an unseen enemy acted in it (fired, assaulted, spotted: the event's
        ``by``); otherwise nothing but that the game moved on. Bookkeeping that nobody did (a
        step's resets) is judged by its words alone: the enemy statuses it changes tell nothing."""
        shadow = self._shadow
        assert shadow is not None
        state = shadow.state
        if self.side == UMPIRE:
            return Report(index, event.kind, event.text, _dice(event))
        own = {pid for pid, p in state["pieces"].items() if p["side"] == self.side}
        own |= {uid for uid, u in state["units"].items() if u["side"] == self.side}
        pieces_seen = own | seen
        allowed = pieces_seen | {state["pieces"][p]["unit"] for p in pieces_seen if p in state["pieces"]}
        named = _named(event) if _actor(event) is not None else _moved(event)
        hidden = {i for i in named if i not in allowed and (i in state["pieces"] or i in state["units"])}
        words = {w for i in set(state["pieces"]) | set(state["units"]) if i not in allowed
                 for w in _names_of(shadow, i)}
        told = _readable(event)
        if not hidden and not any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", t) for w in words for t in told):
            return Report(index, event.kind, event.text, _dice(event))
        actor = _actor(event)
        if actor is not None and actor in own:  # the side's own action, whose effect it did not see
            return Report(index, event.kind, f"{_called(shadow, actor)}: {event.kind}; "
                                             f"what it did is out of your sight")
        struck = sorted((i for i in _changed(event) if i in own), key=lambda i: (i not in state["units"], i))
        if not struck:
            return Report(index, "unseen", "something happened out of your sight")
        who = _called(shadow, struck[0])
        firers = [i for i in event.by if (i in state["pieces"] or i in state["units"]) and i not in own]
        known = next((i for i in firers if i in allowed), None)
        if known is not None:
            return Report(index, event.kind, f"{who}: {event.kind} by {_called(shadow, known)}")
        target = _place(shadow, struck[0])
        source = next((_place(shadow, i) for i in firers if _place(shadow, i) is not None), None)
        whence = f" from the {bearing(target, source)}" if target and source else ""
        return Report(index, event.kind, f"{who}: {event.kind} by an unseen enemy{whence}")


def _readable(event: Event) -> list[str]:
    """Every text an event carries that a page could show: its line, each roll's purpose and
    note, and every string in its detail (modifiers' names and sources, outcomes) and action."""
    out = [event.text, *(r.purpose for r in event.rolls), *(r.note for r in event.rolls)]
    stack: list[Any] = [event.detail, event.action]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            stack += [*item.keys(), *item.values()]
        elif isinstance(item, (list, tuple)):
            stack += list(item)
    return out


def _dice(event: Event) -> str:
    return "; ".join(f"{r.purpose}: {r.die} {list(r.faces)}" for r in event.rolls)


def _changed(event: Event) -> set[str]:
    """The pieces and units an event changed."""
    return {p[1] for p, _ in event.changes if len(p) > 1 and p[0] in ("pieces", "units")}


def _params(event: Event) -> list[str]:
    """The texts among an event's action parameters, in order (ids among them)."""
    out = []
    for v in (event.action or {}).get("params", {}).values():
        out += [x for x in (v if isinstance(v, (list, tuple)) else [v]) if isinstance(x, str)]
    return out


def _actor(event: Event) -> str | None:
    """Who acted: the first of the event's ``by``, else the first piece or unit its action names
    (the firer, the mover); None for bookkeeping that nobody did (a step's start)."""
    return next(iter([*event.by, *_params(event)]), None)


def _moved(event: Event) -> set[str]:
    """The pieces an event puts somewhere else (a change of position or facing tells where)."""
    return {p[1] for p, _ in event.changes if len(p) > 2 and p[0] == "pieces" and p[2] in ("position", "facing")}


def _named(event: Event) -> set[str]:
    """The ids an event names: in its changes, its action's parameters and who acted in it."""
    return _changed(event) | set(_params(event)) | set(event.by)


def _names_of(game: Game, ident: str) -> list[str]:
    """The words that would give ``ident`` away in a text: its id, and its name if it has one."""
    out = [ident]
    for _, unit, piece in game.scenario.pieces():
        if piece.id == ident and piece.name:
            out.insert(0, piece.name)
        if unit.id == ident and unit.name:
            out.insert(0, unit.name)
            break
    return out


def _called(game: Game, ident: str) -> str:
    """What a report calls a piece or unit: its name, else (a figure without one) its unit's name,
    else its id."""
    for _, unit, piece in game.scenario.pieces():
        if unit.id == ident or piece.id == ident and not piece.name:
            return unit.name or ident
        if piece.id == ident:
            return piece.name
    return ident


def _place(game: Game, ident: str) -> tuple[float, float] | None:
    """Where a piece, or a unit's first piece, stands (or lay last)."""
    state = game.state
    pids = [ident] if ident in state["pieces"] else [pid for pid, p in state["pieces"].items() if p["unit"] == ident]
    everyone = piece_points(game.scenario, {**state, "pieces": {pid: {**state["pieces"][pid], "alive": True}
                                                                 for pid in pids}})
    return next((everyone[p] for p in pids if p in everyone), None)
