"""Situations: put a game into a position by name, without knowing where the state keeps it.

A teacher asking "what if the gruppe had been shot at by 16 dice" or a test needing "the
squad is pinned" writes ``game_situation.shot_at("gruppe", dice=16, hits=3)`` rather than a
path into the state. Every helper commits one umpire event (kind ``situation``), so a
situation is in the log, can be undone and replays like any other change. Each ruleset
subclasses :class:`Situation` with the states its rules know (its ``ruleset.situation``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from wgkit.engine.game import IllegalActionError

if TYPE_CHECKING:
    from wgkit.engine.events import Event, Path
    from wgkit.engine.game import Game

Point = tuple[float, float]


class Situation:
    """Named, logged changes that hold for every ruleset; subclasses add their own states."""

    def __init__(self, game: "Game"):
        self.game = game

    # -- the mechanism ---------------------------------------------------------------------
    def _set(self, text: str, changes: Iterable[tuple["Path", Any]]) -> "Event":
        return self.game.record("situation", list(changes), text)

    def _unit(self, uid: str) -> dict:
        unit = self.game.state["units"].get(uid)
        if unit is None:
            raise IllegalActionError(f"there is no unit {uid!r}")
        return unit

    def _pieces_of(self, name: str) -> list[str]:
        """The pieces named: a piece id, or every piece of a unit id."""
        pieces = self.game.state["pieces"]
        if name in pieces:
            return [name]
        found = [pid for pid, p in pieces.items() if p["unit"] == name]
        if not found:
            raise IllegalActionError(f"there is no piece or unit {name!r}")
        return found

    def unit_status(self, uid: str, text: str = "", **values: Any) -> "Event":
        """Set named status values of a unit (the ruleset's own words, e.g. ``morale="rout"``)."""
        self._unit(uid)
        return self._set(text or f"{uid}: " + ", ".join(f"{k} {v}" for k, v in values.items()),
                         [(("units", uid, "status", k), v) for k, v in values.items()])

    def piece_status(self, name: str, text: str = "", **values: Any) -> "Event":
        """Set named status values of a piece (or of every piece of a unit)."""
        return self._set(text or f"{name}: " + ", ".join(f"{k} {v}" for k, v in values.items()),
                         [(("pieces", pid, "status", k), v) for pid in self._pieces_of(name) for k, v in values.items()])

    # -- what every ruleset shares -----------------------------------------------------------
    def place(self, piece: str, at: Point, facing: float | None = None) -> "Event":
        """Put a piece at a table point (inches), optionally facing a bearing in degrees."""
        changes: list = [(("pieces", pid, "position"), [float(at[0]), float(at[1])]) for pid in self._pieces_of(piece)]
        if facing is not None:
            changes += [(("pieces", pid, "facing"), float(facing) % 360) for pid in self._pieces_of(piece)]
        return self._set(f"{piece} placed at ({at[0]:g}, {at[1]:g})", changes)

    def place_in(self, piece: str, cell: tuple[int, int], **status: Any) -> "Event":
        """Put a piece (or every piece of a unit) in a grid cell; ``status`` sets the unit's
        named status values at the same time (e.g. ``order="pinned"``)."""
        ids = self._pieces_of(piece)
        changes: list = [(("pieces", pid, "cell"), [int(cell[0]), int(cell[1])]) for pid in ids]
        uid = self.game.state["pieces"][ids[0]]["unit"]
        changes += [(("units", uid, "status", k), v) for k, v in status.items()]
        return self._set(f"{piece} placed in {tuple(cell)}", changes)

    def face(self, piece: str, degrees: float) -> "Event":
        """Turn a piece (or a unit's pieces) to face a bearing in degrees."""
        return self._set(f"{piece} faces {degrees:g}°",
                         [(("pieces", pid, "facing"), float(degrees) % 360) for pid in self._pieces_of(piece)])

    def out_of_action(self, *pieces: str) -> "Event":
        """Take pieces (or whole units) out of action."""
        ids = [pid for name in pieces for pid in self._pieces_of(name)]
        return self._set(f"out of action: {', '.join(pieces)}", [(("pieces", pid, "alive"), False) for pid in ids])

    def hidden(self, piece: str, hidden: bool = True) -> "Event":
        """Hide a piece (or a unit) from the enemy, or reveal it."""
        return self._set(f"{piece} {'hidden' if hidden else 'revealed'}",
                         [(("pieces", pid, "hidden"), hidden) for pid in self._pieces_of(piece)])

    def spotted(self, piece: str, by: Iterable[str]) -> "Event":
        """Mark a piece (or a unit) as spotted by the given sides."""
        sides = sorted(by)
        return self._set(f"{piece} spotted by {', '.join(sides)}",
                         [(("pieces", pid, "spotted_by"), sides) for pid in self._pieces_of(piece)])

    def deck_order(self, deck: str, cards: list[str]) -> "Event":
        """Stack a deck so that ``cards`` come next, in that order (a known draw)."""
        if deck not in self.game.state["decks"]:
            raise IllegalActionError(f"there is no deck called {deck!r}")
        return self._set(f"{deck} stacked: {', '.join(cards)} next", [(("decks", deck, "draw"), list(cards))])

    def turn(self, n: int) -> "Event":
        """Set the game turn (the step stays)."""
        return self._set(f"turn {n}", [(("turn",), int(n))])

    def game_over(self, why: str) -> "Event":
        """End the game as a ruleset that counts its own turns does (Company Fire's clock)."""
        return self._set(f"game over: {why}", [(("vars", "game_over"), why)])

    def dice_position(self, counter: int) -> "Event":
        """Move the game's dice to another point of its seeded stream (another what-if)."""
        return self._set(f"dice at roll {counter}", [(("rng", "counter"), int(counter))])
