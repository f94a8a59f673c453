"""Actions as data for the ActionPanel: parameters, odds before the roll, and resolution.

Each ruleset offers its actions through its contract's ``actions`` (a function of the game, see
:mod:`wgkit.rules.contract`); every ruleset also gets the umpire's generic tools defined here
(a dice pool with its odds, and a free move).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from wgkit.dice import DICE
from wgkit.odds import Distribution, exact

if TYPE_CHECKING:
    from wgkit.engine.events import Event
    from wgkit.engine.game import Game


@dataclass(frozen=True)
class Param:
    """One parameter: ``kind`` is piece, point, int or choice.

    A choice's ``choices`` are plain values, or ``(label, value)`` pairs where the value is not
    text a person reads (several pieces as a tuple of ids, see :func:`groups`). Where both sides
    act in one step, ``enemy_of`` ties a target to its actor: a form offers only the targets on
    the other side from the one chosen there; ``friend_of`` ties a helper (direct support) to its
    actor's side."""

    name: str
    kind: str
    label: str = ""
    choices: tuple[Any, ...] = ()
    default: Any = None
    low: int = 0
    high: int = 100
    enemy_of: str = ""  # a choice offering only the enemies of the side chosen in the parameter so named
    friend_of: str = ""  # a choice offering only units of that side (and choices on no side, such as "none")

    def values(self) -> list[Any]:
        """The values a choice can take (without labels)."""
        return [c[1] if _labelled(c) else c for c in self.choices]

    def initial(self) -> Any:
        """The value a form starts with: the default when one is given (0 stays 0), else the
        first choice, else the lower bound."""
        if self.default is not None:
            return self.default
        if self.kind == "choice":
            return self.values()[0] if self.choices else None
        return self.low if self.kind == "int" else None


def _labelled(choice: Any) -> bool:
    return isinstance(choice, tuple) and len(choice) == 2 and isinstance(choice[0], str) and isinstance(choice[1], tuple)


def groups(members: Iterable[Sequence[str]], joiner: str = " + ") -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Choices whose values are tuples of piece or unit ids, labelled for a person."""
    return tuple((joiner.join(m), tuple(m)) for m in members)


@dataclass(frozen=True)
class ActionSpec:
    name: str
    label: str
    params: tuple[Param, ...]
    odds: Callable[["Game", dict], Distribution | None]
    resolve: Callable[["Game", dict], "Event"]
    ref: str = ""
    explain: Callable[["Game", dict], list[str]] = field(default=lambda g, p: [])
    preview: Callable[["Game", dict], list] = field(default=lambda g, p: [])  # overlay shapes before resolving
    actor: str = ""  # the unit that acts when no parameter names it (a card's activated unit)
    forced: bool = False  # the rules demand it now, with nothing to choose (the card opening a sequence)
    shortcut: bool = False  # two actions offered also one by one, made as one (a card's unit and its first function)
    turns_only: bool = False  # changes a piece's facing and nothing else (the opponent's valuation does not see facing)


def _pool(chance, n: int, die: str, need: int) -> int:
    d = DICE[die]
    return chance.pool(n, d, [range(need, d.low + d.sides)], "umpire dice")


def _roll_odds(game: "Game", p: dict) -> Distribution:
    return exact(_pool, int(p["dice"]), p["die"], int(p["need"])).named("successes")


def _roll(game: "Game", p: dict) -> "Event":
    n, die, need = int(p["dice"]), p["die"], int(p["need"])
    return game.resolve("roll", _pool, n, die, need, rule="the umpire's own dice pool (no rule section)",
                        text=lambda k: f"umpire rolls {n}{die}, {need}+: {k} succeed",
                        action={"name": "roll", "params": dict(p)})


def _move(game: "Game", p: dict) -> "Event":
    return game.move(p["piece"], tuple(p["point"]))


def _spot(game: "Game", p: dict) -> "Event":
    from wgkit.rules.situation import Situation

    piece = game.state["pieces"][p["piece"]]
    by = [s for s in game.state["sides"] if s != piece["side"]] if p["seen"] == "the enemy" else []
    return Situation(game).spotted(p["piece"], by=by)


GENERIC = (
    ActionSpec("umpire roll", "Roll dice (umpire)", (
        Param("dice", "int", "dice", default=2, low=1, high=40),
        Param("die", "choice", "die", choices=("d6", "d10", "d00"), default="d6"),
        Param("need", "int", "succeed on", default=5, low=1, high=100),
    ), _roll_odds, _roll, "umpire", lambda g, p: [f"{p['dice']} {p['die']}, each succeeds on {p['need']} or more"]),
    ActionSpec("umpire move", "Move a piece freely (umpire)", (Param("piece", "piece", "piece"), Param("point", "point", "to")),
               lambda g, p: None, _move, "umpire"),
    ActionSpec("umpire spot", "Mark a piece spotted by the enemy, or unspotted (umpire)",
               (Param("piece", "piece", "piece"), Param("seen", "choice", "seen by", choices=("the enemy", "nobody"))),
               lambda g, p: None, _spot, "umpire",
               lambda g, p: ["a hidden piece (an ambush, a sniper) is seen by the sides that have spotted it; "
                             "in a double-blind game that decides what each side's page shows"]),
)
