"""Turn sequences as data: phases of steps, each naming who acts and which actions are legal."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

WHO = ("attacker", "defender", "active", "passive", "both", "simultaneous", "card")


@dataclass(frozen=True)
class Step:
    """One step of a phase: ``who`` acts, choosing among ``actions``."""

    name: str
    who: str
    actions: tuple[str, ...] = ()
    text: str = ""
    ref: str = ""  # section of the rule text
    on_enter: Callable[[Any], list] | None = field(default=None, compare=False)  # game -> changes

    def __post_init__(self) -> None:
        if self.who not in WHO:
            raise ValueError(f"step {self.name!r}: who must be one of {WHO}, not {self.who!r}")


@dataclass(frozen=True)
class Phase:
    name: str
    steps: tuple[Step, ...]
    text: str = ""


@dataclass(frozen=True)
class TurnSequence:
    """A ruleset's turn. ``alternate``: the active side changes every turn (Close Action).

    ``cards``: each pass through the phases is one card of an activation deck, not a game turn;
    the ruleset counts turns itself and ends the game by setting ``state["vars"]["game_over"]``
    (Company Fire, Rookie Rules). ``headline(game)`` is the line a turn panel shows on top, and
    ``entering(game, phase, step)`` the log's line for a step entered.
    """

    phases: tuple[Phase, ...]
    alternate: bool = False
    first: str = "attacker"
    setup: Callable[[Any], list] | None = field(default=None, compare=False)  # game -> changes at the start
    cards: bool = False
    headline: Callable[[Any], str] | None = field(default=None, compare=False)
    # game, phase, step -> the log's line for entering that step, where the ruleset counts its own
    # turns (a card pass is not a turn): default "turn N: phase - step"
    entering: Callable[[Any, int, int], str] | None = field(default=None, compare=False)

    def step(self, phase: int, step: int) -> Step:
        return self.phases[phase].steps[step]

    def after(self, turn: int, phase: int, step: int) -> tuple[int, int, int]:
        """The position that follows (turn, phase, step)."""
        if step + 1 < len(self.phases[phase].steps):
            return turn, phase, step + 1
        if phase + 1 < len(self.phases):
            return turn, phase + 1, 0
        return turn + 1, 0, 0

    def before(self, turn: int, phase: int, step: int) -> tuple[int, int, int]:
        """The position that precedes (turn, phase, step); (1, 0, 0) has none."""
        if step > 0:
            return turn, phase, step - 1
        if phase > 0:
            return turn, phase - 1, len(self.phases[phase - 1].steps) - 1
        if turn > 1:
            last = len(self.phases) - 1
            return turn - 1, last, len(self.phases[last].steps) - 1
        raise ValueError("the game is at its first step")


SIMPLE = TurnSequence((Phase("Play", (Step("Act", "both", ("move", "note")),)),))
