"""A game in play: the scenario, the seed, and an append-only log of events.

State changes only through :meth:`Game.commit`. Each applied event keeps its inverse, so undo
and redo are constant time; :meth:`Game.replay` rebuilds a game from scenario, seed and log
and reproduces the state exactly.
"""

from __future__ import annotations

import contextlib
import copy
import random
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from wgkit.dice import NeedFaces, Roller, TableRoller, TooManyFaces
from wgkit.engine import deck as cards
from wgkit.engine.events import MISSING, Event, Path, copy_tree, get, put
from wgkit.engine.flow import SIMPLE, TurnSequence
from wgkit.engine.state import initial_state, path_problem, value_problem
from wgkit.odds import Play
from wgkit.scenario.model import Scenario

if TYPE_CHECKING:
    from wgkit.geometry.terrain import TerrainIndex


class IllegalActionError(ValueError):
    """An action the rules do not allow now, with a message a player understands."""


class ReplayError(ValueError):
    """Event ``index`` of a log cannot be applied (a damaged or edited save)."""

    def __init__(self, index: int, why: str):
        super().__init__(f"event {index}: {why}")
        self.index, self.why = index, why


Listener = Callable[[str, Any], None]


class Game:
    """One game: ``state`` is derived; ``log`` is the truth."""

    def __init__(self, scenario: Scenario, seed: int | None = None, flow: TurnSequence = SIMPLE):
        self.scenario = scenario
        self.seed = int(seed if seed is not None else (scenario.seed or 0))
        self.flow = flow
        self._table: list[int] | None = None  # faces typed at the table, while table_dice is on
        self.state = initial_state(scenario, self.seed)
        for path, value in flow.setup(self) if flow.setup else ():
            put(self.state, path, value)  # derived from the scenario alone: replay reproduces it
        self.log: list[Event] = []
        self._inverses: list[list[tuple[Path, Any]]] = []
        self._redo: list[Event] = []
        self.listeners: list[Listener] = []
        self.group: str | None = None  # while set (see grouped), every event recorded carries it in its action

    # -- events ---------------------------------------------------------------------------
    def _apply(self, event: Event) -> None:
        for path, value in event.changes:
            if (why := path_problem(self.state, path) or value_problem(path, value)) is not None:
                raise ValueError(why)
        inverse = [(path, put(self.state, path, value)) for path, value in event.changes]
        self.log.append(event)
        self._inverses.append(inverse[::-1])

    def _unapply(self) -> Event:
        for path, old in self._inverses.pop():
            put(self.state, path, old)
        return self.log.pop()

    def commit(self, event: Event) -> Event:
        """Apply ``event``, append it to the log, and forget any undone events. If a listener
        (the journal) fails to record it, the game is left exactly as it was and the error raised."""
        self._apply(event)
        redo, self._redo = self._redo, []
        try:
            self._notify("commit", event)
        except BaseException:
            self._unapply()
            self._redo = redo
            raise
        return event

    def record(self, kind: str, changes: Iterable[tuple[Path, Any]], text: str = "", **extra: Any) -> Event:
        if self.group is not None:
            extra["action"] = {**(extra.get("action") or {}), "group": self.group}
        return self.commit(Event(kind, tuple((tuple(p), v) for p, v in changes), text, **extra))

    @contextlib.contextmanager
    def grouped(self, name: str) -> Iterator[None]:
        """Every event recorded meanwhile is one of a group (the moves of one unit's figures):
        its action carries ``group: name``, and :meth:`group_start` finds where the group began.
        Within a group, a group opened inside it (a unit's activation within its move) stays part
        of the outer one: what was done as one is undone as one."""
        before = self.group
        self.group = name if before is None else before
        try:
            yield
        finally:
            self.group = before

    def group_start(self, end: int | None = None) -> int:
        """Where the group of the event before ``end`` (the latest event by default) begins in
        the log (that event alone if ungrouped): undoing back to it takes back the whole group,
        as one action."""
        n = len(self.log) if end is None else end
        name = (self.log[n - 1].action or {}).get("group") if n > 0 else None
        if name is None:
            return max(0, n - 1)
        while n > 0 and (self.log[n - 1].action or {}).get("group") == name:
            n -= 1
        return n

    def undo(self) -> Event:
        """Take back the last event (constant time)."""
        if not self.log:
            raise IllegalActionError("nothing to undo")
        event = self._unapply()
        try:
            self._notify("undo", event)
        except BaseException:
            self._apply(event)
            raise
        self._redo.append(event)
        return event

    def redo(self) -> Event:
        if not self._redo:
            raise IllegalActionError("nothing to redo")
        event = self._redo[-1]
        self._apply(event)
        try:
            self._notify("redo", event)
        except BaseException:
            self._unapply()
            raise
        self._redo.pop()
        return event

    def undo_to(self, n: int) -> None:
        """Undo until the log holds its first ``n`` events."""
        if not 0 <= n <= len(self.log):
            raise IllegalActionError(f"the log has {len(self.log)} events; cannot return to {n}")
        while len(self.log) > n:
            self.undo()

    def branch(self, dice: int | None = None) -> "Game":
        """An independent what-if copy (no listeners: it does not autosave). With ``dice``, the
        copy rolls its own stream from that seed instead of the game's coming dice (an opponent
        weighing its options must not see the real rolls ahead), and the cards not yet drawn are
        shuffled with it, so the copy does not know the real order either."""
        other = copy.copy(self)
        other.state = copy_tree(self.state)
        if dice is not None:
            other.state["rng"] = {**other.state["rng"], "seed": dice, "counter": 0}
            unseen = random.Random(dice)
            for name in sorted(other.state["decks"]):
                unseen.shuffle(other.state["decks"][name]["draw"])
        other.log = list(self.log)
        other._inverses = list(self._inverses)  # an inverse's values are never changed once taken
        other._redo = list(self._redo)
        other.listeners = []
        other._table = None
        return other

    def adopt(self, other: "Game") -> None:
        """Take over ``other``'s seed, log and state (another page moved the shared game on);
        listeners stay and are not told, since nothing new happened here."""
        self.seed, self.state, self.log = other.seed, other.state, other.log
        self._inverses, self._redo = other._inverses, []

    @classmethod
    def replay(cls, scenario: Scenario, seed: int, events: Iterable[Event],
               flow: TurnSequence = SIMPLE) -> "Game":
        """The game after ``events``; :class:`ReplayError` names the first that cannot apply."""
        game = cls(scenario, seed, flow)
        for i, e in enumerate(events):
            try:
                game._apply(e)
            except ValueError as exc:
                raise ReplayError(i, str(exc)) from None
        return game

    def _notify(self, what: str, event: Event) -> None:
        """Tell the listeners (the journal) what happened; one that raises undoes it (see commit)."""
        for listener in self.listeners:
            listener(what, event)

    # -- dice -------------------------------------------------------------------------------
    def roller(self) -> Roller:
        """A roller positioned at the game's RNG state (commit its counter with the result);
        inside :meth:`table_dice`, one that takes the faces typed at the table."""
        rng = self.state["rng"]
        if self._table is not None:
            return TableRoller(rng["seed"], rng["counter"], entered=self._table)
        return Roller(rng["seed"], rng["counter"])

    @contextlib.contextmanager
    def table_dice(self, faces: Iterable[int]) -> Iterator[list[int]]:
        """Within the block every roll takes its faces, in order, from ``faces`` (rolled by hand and
        typed in) and is logged as table dice; yields the faces not yet used."""
        left = list(faces)
        self._table = left
        try:
            yield left
        finally:
            self._table = None

    def faces_needed(self, act: Callable[["Game"], Any], entered: Sequence[int]) -> NeedFaces | None:
        """Try ``act`` on a copy with the faces entered so far: the next roll still to be entered,
        or None when they are exactly enough (too many is a ValueError)."""
        trial = self.branch()
        with trial.table_dice(entered) as left:
            try:
                act(trial)
            except NeedFaces as need:
                return need
        if left:
            raise TooManyFaces(f"the rules used {len(entered) - len(left)} of the {len(entered)} faces entered")
        return None

    def fresh_dice(self, past: int) -> Event:
        """Skip the seeded stream to draw ``past``: after an undo, the umpire asks for dice not yet seen."""
        if past <= self.state["rng"]["counter"]:
            raise IllegalActionError("the next dice have not been seen yet; there is nothing to re-roll")
        return self.record("dice", [(("rng", "counter"), past)],
                           "the umpire chose fresh dice: the faces of the undone roll are skipped")

    def reseed(self, seed: int, why: str) -> Event:
        """Start a new seeded stream of dice from here (a saved game continued with fresh dice)."""
        return self.record("dice", [(("rng", "seed"), seed), (("rng", "counter"), 0)], why)

    def resolve(self, kind: str, procedure: Callable[..., Any], *args: Any, rule: str,
                changes: Callable[[Any], Iterable[tuple[Path, Any]]] = lambda outcome: (),
                text: Callable[[Any], str] = str, action: dict | None = None, **kwargs: Any) -> Event:
        """Run ``procedure(chance, *args, **kwargs)`` with real dice and commit the result:
        its rolls, the RNG's new position and ``changes(outcome)``; ``rule`` names the section."""
        roller = self.roller()
        outcome = procedure(Play(roller), *args, **kwargs)
        detail = outcome.to_dict() if hasattr(outcome, "to_dict") else \
            {"rule": rule, "outcome": outcome, "modifiers": []}
        return self.record(kind, [(("rng", "counter"), roller.counter), *changes(outcome)],
                           text(outcome), rolls=tuple(roller.log), detail=detail, action=action)

    # -- turn flow ----------------------------------------------------------------------------
    @property
    def position(self) -> tuple[int, int, int]:
        s = self.state
        return s["turn"], s["phase"], s["step"]

    def current_step(self):
        turn, phase, step = self.position
        return self.flow.step(phase, step)

    def legal_actions(self) -> tuple[str, ...]:
        return self.current_step().actions

    def acting_sides(self) -> list[str]:
        """Sides that act in the current step."""
        who = self.current_step().who
        roles = {sid: s["role"] for sid, s in self.state["sides"].items()}
        active = self.state["active"]
        if who in ("attacker", "defender"):
            return [sid for sid, r in roles.items() if r == who]
        if who == "active":
            return [active]
        if who == "passive":
            return [sid for sid in roles if sid != active]
        return list(roles)

    def advance(self) -> Event:
        """Move to the next step of the turn sequence."""
        turn, phase, step = self.position
        nt, np_, ns = self.flow.after(turn, phase, step)
        changes: list[tuple[Path, Any]] = [(("turn",), nt), (("phase",), np_), (("step",), ns)]
        if nt != turn and self.flow.alternate:
            others = [sid for sid in self.state["sides"] if sid != self.state["active"]]
            changes.append((("active",), others[0]))
        over = self.state["vars"].get("game_over")
        if over:
            raise IllegalActionError(f"the game is over: {over}")
        limit = self.scenario.turns
        if limit is not None and nt > limit and not self.flow.cards:
            raise IllegalActionError(f"the scenario ends after turn {limit}")
        p = self.flow.phases[np_]
        said = self.flow.entering(self, np_, ns) if self.flow.entering else f"turn {nt}: {p.name} - {p.steps[ns].name}"
        event = self.record("flow", changes, said)
        hook = p.steps[ns].on_enter
        if hook is not None:
            extra = list(hook(self))
            if extra:
                self.record("step", extra, f"start of {p.steps[ns].name}")
        return event

    def at_step(self, name: str) -> "Game":
        """Advance to the next step called ``name`` (the current one counts); return the game.

        Raises :class:`IllegalActionError` when no step of the turn sequence has that name."""
        names = [s.name for p in self.flow.phases for s in p.steps]
        if name not in names:
            raise IllegalActionError(f"no step called {name!r}; the steps are: {', '.join(names)}")
        for _ in range(len(names) + 1):
            if self.current_step().name == name:
                return self
            self.advance()
        raise IllegalActionError(f"step {name!r} was not reached within one turn")

    def require(self, action: str) -> None:
        if action not in self.legal_actions():
            step = self.current_step()
            raise IllegalActionError(f"'{action}' is not allowed in {step.name}; "
                                     f"allowed now: {', '.join(self.legal_actions()) or 'nothing'}")

    # -- decks --------------------------------------------------------------------------------
    def new_deck(self, name: str, deck_cards: list[str]) -> Event:
        return self.record("deck", [(("decks", name), {"draw": list(deck_cards), "discard": []})],
                           f"deck {name}: {len(deck_cards)} cards")

    def shuffle(self, name: str) -> Event:
        """Gather the deck's draw and discard piles and shuffle them with the game's dice."""
        d = self._deck(name)
        roller = self.roller()
        order = roller.shuffle(d["draw"] + d["discard"], f"shuffle {name}")
        return self.record("deck", [(("rng", "counter"), roller.counter),
                                    (("decks", name), {"draw": order, "discard": []})],
                           f"shuffled {name}", rolls=tuple(roller.log))

    def draw(self, name: str) -> str:
        """Turn over the top card of ``name``; it goes to the discard pile."""
        d = self._deck(name)
        if not d["draw"]:
            raise IllegalActionError(f"deck {name} is empty: shuffle it first")
        card = d["draw"][0]
        self.record("deck", [(("decks", name), {"draw": d["draw"][1:], "discard": d["discard"] + [card]})],
                    f"{name}: drew {card} ({cards.colour(card)})", detail={"card": card})
        return card

    def _deck(self, name: str) -> dict:
        d = get(self.state, ("decks", name))
        if d is MISSING:
            raise IllegalActionError(f"there is no deck called {name!r}")
        return d

    def _repr_png_(self) -> bytes:
        """Show the table as it stands when a game is the last value of a cell (umpire's view)."""
        from wgkit.render.scene import build_scene
        from wgkit.render.static import png_bytes

        return png_bytes(build_scene(self.scenario, self.state))

    def _repr_svg_(self) -> str:
        """The table as it stands, as SVG with its labels as text (umpire's view)."""
        from wgkit.render.scene import build_scene
        from wgkit.render.static import svg_text

        return svg_text(build_scene(self.scenario, self.state))

    # -- lookups --------------------------------------------------------------------------------
    @property
    def terrain(self) -> "TerrainIndex":
        """The scenario's terrain index, built once per scenario: terrain never changes during
        play and a scenario never changes (an edit makes a new one), so every game of it, and
        everything the index remembers (sight verdicts), is shared."""
        kept = self.scenario.__dict__
        if "_terrain_index" not in kept:
            from wgkit.geometry.terrain import TerrainIndex

            kept["_terrain_index"] = TerrainIndex.from_scenario(self.scenario)
        return kept["_terrain_index"]

    def piece(self, piece_id: str) -> dict:
        p = self.state["pieces"].get(piece_id)
        if p is None:
            raise IllegalActionError(f"there is no piece {piece_id!r}")
        return p

    def move(self, piece_id: str, to: tuple[float, float], facing: float | None = None) -> Event:
        """Move a piece (rules check legality before calling this)."""
        p = self.piece(piece_id)
        if not p["alive"]:
            raise IllegalActionError(f"{piece_id} is out of action and cannot move")
        changes: list[tuple[Path, Any]] = [(("pieces", piece_id, "position"), list(to))]
        if facing is not None:
            changes.append((("pieces", piece_id, "facing"), facing))
        return self.record("move", changes, f"{piece_id} moves to ({to[0]:g}, {to[1]:g})",
                           action={"name": "move", "params": {"piece": piece_id, "to": list(to)}})
