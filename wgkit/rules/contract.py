"""The ruleset contract: everything the kit asks of a ruleset, in one object.

A ruleset is one :class:`Ruleset` value built in ``wgkit/rules/<id>/ruleset.py`` and listed
once in :mod:`wgkit.rules.registry`. Like an OpenSpiel ``Game`` or a boardgame.io game object,
it names its turn sequence, its actions, its movement and sight, its table markers, its odds
and its simulation policy; the app, the board, the simulator and the notebooks ask this object
and nothing else. Required members are constructor arguments without defaults, so a ruleset
that forgets one fails at import with a message naming the member; optional members default to
the generic behaviour documented beside each.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Protocol

from wgkit.engine.flow import TurnSequence
from wgkit.geometry.los import LosPolicy
from wgkit.facts.ruleset import RulesetInfo

if TYPE_CHECKING:
    from wgkit.engine.events import Event
    from wgkit.engine.game import Game
    from wgkit.rules.actions import ActionSpec
    from wgkit.rules.situation import Situation
    from wgkit.scenario.model import Scenario

Point = tuple[float, float]
Say = Callable[[str], None]


class Policy(Protocol):
    """A side-neutral way of playing a ruleset by itself (``wgkit simulate``).

    Optional: ``play_activated(game, say) -> bool``, where a player activates a unit and then
    spends its actions one by one (Rookie's cards): the activated unit spends what it has left as
    the policy would; the opponent calls it when it finds nothing better for that unit.
    ``play_step(..., choices=False)``: only what the rules oblige in the current step (tests,
    withdrawals, melee), none of the policy's choices (see :func:`wgkit.rules.policies.duties`);
    with it, the opponent may hold back the pieces it left
    unused instead of letting ``play_step`` play them. ``play_step(..., leave=sides)``: where one
    step holds several sides' turns (Rookie's card sequences, Eagles' quarter segments of close
    combat), the decisions of those sides are left to whoever plays them; True hands the step
    back (see :func:`wgkit.rules.policies.leaving`)."""

    def play_step(self, game: "Game", say: Say) -> None: ...

    def play(self, game: "Game", turns: int, say: Say = ..., step: Callable[["Game", Say], None] = ...) -> None:
        """Play to ``turns``; ``step`` plays each step (default: ``play_step``; the opponent
        passes its own, which hands the rest of each step back to ``play_step``)."""


def free_move(game: "Game", piece: str, to: Point) -> "Event":
    """Default movement: the umpire places the piece where it was dropped."""
    return game.move(piece, to)


def no_limit(game: "Game", piece: str) -> float | None:
    """Default movement limit: none drawn on the board."""
    return None


def engine_turn(game: "Game") -> int:
    """Default turn number: the turn sequence's own (one turn a pass through its phases)."""
    return game.state["turn"]


def is_alive(game: "Game", piece: str) -> bool:
    """The default judgement of a piece still fighting: it is alive."""
    return game.state["pieces"][piece]["alive"]


def no_markers(scenario: "Scenario", state: dict) -> list:
    """Default table markers: none."""
    return []


class ContractError(TypeError):
    """A ruleset object that does not fulfil the contract."""


@dataclass(frozen=True)
class Ruleset:
    """One ruleset as the kit sees it.

    Required: ``info`` (identity, scale, dice and vocabulary, also used by the validator),
    ``sequence`` (the turn), ``actions`` (game -> the actions legal now, for the panel),
    ``situation`` (the class that puts a game into a named situation), and ``odds`` (a module
    whose functions give the main rolls' distributions from plain inputs).

    Optional: ``los_policy`` (default: see into and out of cover at its edge), ``move`` and
    ``move_limit`` (default: the umpire moves freely, no limit drawn), ``sight`` (a rule of its
    own replacing free-form sight between two pieces, gridded rulesets), ``markers`` (shapes
    drawn under the units: smoke, missions, minefields), ``policy`` (plays the game by itself;
    without one the ruleset cannot be simulated), ``fighting`` (whether a piece counts for
    victory conditions: default, it is alive), ``strength`` (how much of a piece's fighting power
    is left, 0 to 1: men lost, impairments, markers still to shake off; the opponent weighs pieces
    by it; default: 1 while it is fighting, else 0), ``threat`` (the strength one piece is
    expected to take from another with one shot now, 0 where it cannot fire at it; the opponent
    weighs the fire each side can bring; default: none, fire potential not weighed), ``turn``
    (the game's turn as the ruleset counts it, which a scenario's ``turns`` limits; default: the
    turn sequence's count; Company Fire counts a turn per attacker's initiative, not per card),
    ``pending`` (what the rules still require in the current step, in words: a drawn card not
    played, cards left to draw, a test owed; Next says so before it leaves the step; default:
    nothing), ``next_action`` (the action Next makes instead of warning, where what is owed is
    the step's own clock: Rookie's card out passed, or the next card turned once it is played,
    passed or ignored; default: none).
    """

    info: RulesetInfo
    sequence: TurnSequence
    actions: Callable[["Game"], list["ActionSpec"]]
    situation: type["Situation"]
    odds: ModuleType
    los_policy: LosPolicy = LosPolicy()
    move: Callable[["Game", str, Point], "Event"] = free_move
    move_limit: Callable[["Game", str], float | None] = no_limit
    sight: Callable[["Game", str, str], tuple[bool, str]] | None = None
    markers: Callable[["Scenario", dict], list] = no_markers
    policy: Policy | None = None
    fighting: Callable[["Game", str], bool] = is_alive
    strength: Callable[["Game", str], float] | None = None
    threat: Callable[["Game", str, str], float] | None = None
    turn: Callable[["Game"], int] = engine_turn
    pending: Callable[["Game"], list[str]] = lambda game: []
    next_action: Callable[["Game"], str | None] = lambda game: None

    def strength_of(self, game: "Game", piece: str) -> float:
        """The piece's ``strength``, or by default whole while it is fighting and none after."""
        return self.strength(game, piece) if self.strength is not None else float(self.fighting(game, piece))

    def __post_init__(self) -> None:
        who = getattr(self.info, "id", "?")
        checks: dict[str, Callable[[Any], bool]] = {
            "info": lambda v: isinstance(v, RulesetInfo),
            "sequence": lambda v: isinstance(v, TurnSequence),
            "situation": lambda v: isinstance(v, type),
            "odds": lambda v: isinstance(v, ModuleType),
            "los_policy": lambda v: isinstance(v, LosPolicy),
            "sight": lambda v: v is None or callable(v),
            "strength": lambda v: v is None or callable(v),
            "threat": lambda v: v is None or callable(v),
            "policy": lambda v: v is None or (callable(getattr(v, "play", None))
                                              and callable(getattr(v, "play_step", None))),
        }
        for f in fields(self):
            value = getattr(self, f.name)
            ok = checks.get(f.name, callable)(value)
            if not ok:
                raise ContractError(f"ruleset {who!r}: member {f.name!r} is not what the contract asks "
                                    f"(got {type(value).__name__}); see wgkit.rules.contract.Ruleset")

    @property
    def id(self) -> str:
        return self.info.id

    def new_game(self, scenario: "Scenario", seed: int | None = None) -> "Game":
        """A game of ``scenario`` at the start of this ruleset's turn sequence."""
        from wgkit.engine.game import Game

        if scenario.ruleset != self.id:
            raise ValueError(f"{scenario.title!r} is a {scenario.ruleset} scenario, not {self.id}")
        return Game(scenario, seed, flow=self.sequence)
