"""An opponent for every ruleset, through the ruleset contract: it reads the actions a ruleset
offers (the same menus the umpire's panel shows), tries each on what-if branches of the game with
dice of its own, and takes the one whose results it values most.

- **Candidates.** Every offered action whose actor (the first piece, unit or side it names) is
  the opponent's, with each choice the menu lists, numbers at their defaults, and for a point: an
  advance towards the side's objective or the nearest enemy it has seen (the whole move and half
  of it), the nearest cover within a move, the nearest point within a move out of sight of
  every enemy the side knows of (when the actor is in sight of one), and the nearest that sees
  the nearest enemy (when the actor does not). At most ``breadth`` candidates, sampled with the
  opponent's own seed when there are more.
- **Look-ahead.** One ply over the dice: each candidate is resolved on ``rollouts`` branches,
  each rolling its own dice (never the game's coming dice), and the results are averaged; one
  whose dice can fall only a few ways (at most ``EXACT``: one d10, one d6; or as many as its
  rollouts, where it has more) is resolved once on every way instead, its faces set as if typed
  at the table, and the results weighed by their chances: exact odds, no sampling noise; where
  there are fewer candidates than ``breadth``, they share the rollouts a full breadth would take
  (up to eight times as many each), so a lone gamble such as a voluntary test is judged on many
  rolls. A step that rolls nothing, moves nothing and changes no value (drawing a card,
  activating a unit) is worth the best action it opens, up to ``depth`` actions on (Rookie's
  activate, then fire), among a quarter of ``breadth`` candidates, each on one rollout. It does
  not look past drawing a card: the next card may be the enemy's, whose turn the look-ahead does
  not play, so a draw would seem free while it gives up the card in hand. Ties go to an action
  that names what it acts for over a bare step of the procedure.
- **Value** of a position for the opponent's side (:meth:`Opponent.value`): the scenario's
  victory points against the best other side's, the fighting strength left in its pieces (the
  ruleset's ``strength``: men left, impairments, markers to shake off; by default whole while
  ``fighting``) against the enemy's, pieces alive, and for each fighting piece the way still to
  go, in moves left in the game, into the areas its victory conditions name (none once inside;
  where an enemy the side knows of stands in the area, to him; lacking conditions of its own,
  the enemy's areas; lacking areas, the nearest enemy the side knows of, but only while another
  side leads by the victory conditions, or the scenario has none: a side that wins or draws as
  things stand fights from where it is, one that must break or destroy the enemy closes on
  him), and how far out of the enemy's sight it stands: the share of the enemies the side
  knows of that cannot see it, where cover halves the loss from those that can; and, where the
  ruleset gives a ``threat``, the fire the side can bring (each of its pieces' best shot now at
  an enemy it has seen, in strength expected lost) less the fire it faces. The style weighs the
  advance and cover: ``cautious`` values cover, ``aggressive`` the advance.
- **Play-outs.** The ``finalists`` best actions by that look-ahead, and the best of each other
  kind of action (a shot where the best few are all moves), are each played out ``playouts``
  times: the action taken on a branch with the opponent's own dice (the same dice for every
  finalist, so that they differ by the action, not by luck), a unit it activated spending the
  rest as the simple policy would, then the game played to its last turn by the simple policy
  for every side, and judged as ``wgkit simulate`` judges it (the scenario's victory
  conditions, else the share of pieces lost). The one that wins most is taken (ties to the
  look-ahead's order): the look-ahead knows the next few dice,
  the play-outs how games of this scenario end.
- **Decision.** Greedy: the chosen action while the look-ahead finds one worth more than doing
  nothing, again until it finds none; every decision is said in one line with its odds before
  the roll. What is left of the step (tests that fall due, rallies, the rest of the side's
  pieces) the ruleset's simple policy plays, so no rule that obliges a roll is skipped; where the
  policy can play the step's obligations alone (its ``play_step(..., choices=False)``) and only
  this side acts, the two ways, the rest played or held back, are each played out and the one
  that wins more is taken (ties: played), and holding back is said in one line.
- **Skills** (:data:`SKILLS`): ``full`` is all of the above; ``fast`` keeps the look-ahead alone,
  over eight candidates taken kind by kind (a shot, a move, an assault ... in turn, where random
  sampling would often leave out the one shot that matters), each resolved once, with no play-out,
  for balancing at a fraction of the cost.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from wgkit.dice import NeedFaces
from wgkit.engine.game import Game, IllegalActionError
from wgkit.engine.views import piece_ids, position_key, side_ids, side_of, unit_ids, unit_of
from wgkit.geometry.los import sight_between
from wgkit.rules.actions import ActionSpec
from wgkit.rules.registry import actions_for
from wgkit.rules.contract import Ruleset
from wgkit.rules import policies
from wgkit.rules.policies import Say, seen
from wgkit.rules.registry import get_ruleset
from wgkit.victory import winner
from wgkit.scenario.areas import area_geometry
from wgkit.victory import piece_point, standing

STYLES = {  # weights of (victory points, fighting pieces, live pieces, advance, cover, fire)
    "cautious": (6.0, 1.0, 0.5, 0.5, 0.3, 1.0),
    "balanced": (6.0, 1.0, 0.5, 1.0, 0.15, 1.0),
    "aggressive": (6.0, 1.0, 0.5, 2.0, 0.05, 1.0),
}
SKILLS = {  # how much the opponent weighs before it acts; "full" is the dataclass's defaults
    "full": {},
    # the look-ahead alone over eight candidates, every kind of action among them, each resolved
    # once: positions judged by value(), no game played on to the end (docs/performance.md)
    "fast": {"breadth": 8, "rollouts": 1, "depth": 1, "playouts": 0, "spread": True},
}
DEFAULT_MOVE = 6.0  # inches, where a ruleset draws no move limit
NO_COVER = ("none", "open", "")
EPSILON = 1e-6
EXACT = 12  # an action whose dice can fall at most this many ways is weighed on every way


def _quiet(text: str) -> None:
    """Say nothing: what happens on a what-if branch is not the game's."""


@dataclass(frozen=True)
class Candidate:
    spec: ActionSpec
    params: dict[str, Any]
    actor: str

    def label(self, names: dict[str, str] | None = None) -> str:
        """The action in a few words: each choice by its label in the form ("MPs spent 2"), each
        piece or unit by its name in ``names`` (else its id); a count left at 0 goes unsaid."""
        by = {p.name: p for p in self.spec.params}
        shown = ", ".join(f"{by[k].label if k in by and by[k].label else k} {_short(v, names or {})}"
                          for k, v in self.params.items() if not (k in by and by[k].kind == "int" and v == 0))
        return f"{self.spec.label.lower()} ({shown})" if shown else self.spec.label.lower()


@dataclass(frozen=True)
class Choice:
    candidate: Candidate
    gain: float  # expected value after the action, less the value of doing nothing
    odds: str  # the action's odds before the roll, in a few words


def _acts(c: Candidate) -> bool:
    """Whether a candidate names what it acts for (a unit to activate, a target), unlike a bare
    step of the procedure (draw a card, pass)."""
    return bool(c.params)


def _short(v: Any, names: dict[str, str]) -> str:
    if isinstance(v, (list, tuple)) and v and all(isinstance(x, (int, float)) for x in v):
        return "(" + ", ".join(f"{x:g}" for x in v) + ")"
    if isinstance(v, (list, tuple)):
        return " + ".join(_short(x, names) for x in v)
    return names.get(v, str(v)) if isinstance(v, str) else str(v)


@dataclass
class Opponent:
    """The kit's opponent for ``side`` (see the module docstring)."""

    side: str
    rollouts: int = 4
    style: str = "balanced"
    seed: int = 0
    breadth: int = 40
    depth: int = 2  # actions looked past an action that only opens others (activate, draw)
    playouts: int = 6  # games played to the end by the simple policy after each finalist
    finalists: int = 4  # the best actions by the look-ahead, each played out
    turns: int | None = None  # the game's last turn, where play-outs end (None: the scenario's)
    spread: bool = False  # where there are more candidates than breadth: every kind of action in turn, not at random
    think: list[float] = field(default_factory=list)  # seconds per decision, for the benchmark

    def __post_init__(self) -> None:
        if self.style not in STYLES:
            raise ValueError(f"style is one of {', '.join(STYLES)}, not {self.style!r}")
        if self.rollouts < 1:
            raise ValueError("the opponent needs at least one rollout per candidate")
        if self.playouts < 0 or self.finalists < 1:
            raise ValueError("play-outs are 0 or more, finalists 1 or more")
        self._rng = random.Random(self.seed)
        self._covers: tuple[Any, list[BaseGeometry]] = (None, [])
        self._judged: dict[str, float] = {}  # value() of the positions met in this decision

    # -- what a position is worth --------------------------------------------------------------
    def goals(self, game: Game, pieces: bool = True) -> list[tuple[float, float]]:
        """Where the side's own victory conditions send it (areas to hold or take and, with
        ``pieces``, the pieces of units to destroy); where it has none (it wins unless the enemy
        meets theirs), the areas the enemy must hold or take, to fight for them; empty when there
        are none of those either."""
        sc = game.scenario
        out: list[tuple[float, float]] = []
        for area in self.areas(game):
            p = area.representative_point()
            out.append((p.x, p.y))
        own = any(c.side == self.side for c in sc.conditions)
        for c in sc.conditions if pieces and own else ():
            if c.side == self.side and c.kind == "destroy":
                ids = set(c.target if isinstance(c.target, (list, tuple)) else [c.target])
                out += [piece_point(sc, game.piece(pid)) for pid in piece_ids(game.state, alive=True)
                        if pid in ids or unit_of(game.state, pid) in ids]
        return out

    def areas(self, game: Game) -> list[BaseGeometry]:
        """The shapes of the areas the side's victory conditions name (to hold, contest or deny;
        lacking conditions of its own, the enemy's)."""
        sc = game.scenario
        own = any(c.side == self.side for c in sc.conditions)
        return [area_geometry(sc, c.target) for c in sc.conditions
                if (c.side == self.side) == own and c.kind in ("hold", "contest", "deny")]

    def _judged_once(self, game: Game, ruleset: Ruleset) -> float:
        """:meth:`value`, judged once for each position met in a decision (two ways the dice fall
        to one result, a miss by either of two candidates): the value reads the state alone
        (:func:`wgkit.engine.views.position_key`)."""
        key = position_key(game.state)
        if key not in self._judged:
            self._judged[key] = self.value(game, ruleset)
        return self._judged[key]

    def value(self, game: Game, ruleset: Ruleset | None = None) -> float:
        """How good the position is for the side (higher is better)."""
        r = ruleset or get_ruleset(game.scenario.ruleset)
        w_vp, w_fight, w_alive, w_adv, w_cover, w_fire = STYLES[self.style]
        v = 0.0
        judged = standing(game)
        behind = judged is None or judged.leader not in (None, self.side)  # another side ahead
        if judged is not None:
            mine = judged.points.get(self.side, 0.0)
            theirs = max((p for s, p in judged.points.items() if s != self.side), default=0.0)
            v += w_vp * (mine - theirs)
        areas = self.areas(game)
        last = int(self.turns or game.scenario.turns or 6)
        span = DEFAULT_MOVE * max(1, last - int(r.turn(game) or 1) + 1)  # moves left in the game
        known = self._foes(game)
        foes = self._enemies(game, known)
        mine: list[tuple[float, float]] = []
        for pid in piece_ids(game.state, alive=True):
            sign = 1.0 if side_of(game.state, pid) == self.side else -1.0
            v += sign * (w_alive + w_fight * r.strength_of(game, pid))
            if sign > 0 and r.fighting(game, pid):
                mine.append(piece_point(game.scenario, game.piece(pid)))
        if r.threat is not None:
            v += w_fire * self._fire(game, r.threat, known)
        if not mine:
            return v
        sighted = sight_between(game.terrain, mine, foes, r.los_policy).mean(axis=1) if foes else [0.0] * len(mine)
        # the areas that decide the game: into one (none to go once inside), or where the enemy
        # stands in it, at him; without areas, the nearest enemy
        held = [[f for f in foes if a.covers(Point(f))] for a in areas]
        for here, s in zip(mine, sighted):
            if areas:
                v -= w_adv * min(min(math.dist(here, f) for f in inside) if inside else a.distance(Point(here))
                                 for a, inside in zip(areas, held)) / span
            elif foes and behind:  # no area: close in only while another side leads
                v -= w_adv * min(math.dist(here, t) for t in foes) / span
            covered = any(a.cover not in NO_COVER for a in game.terrain.at(*here))
            v += w_cover * (1.0 - s * (0.5 if covered else 1.0))  # the share unseen; cover halves the rest
        return v

    def _foes(self, game: Game) -> list[str]:
        """The live enemy pieces the side has seen."""
        known = set(seen(game, self.side, unit_ids(game.state)))
        return [pid for pid in piece_ids(game.state, alive=True)
                if side_of(game.state, pid) != self.side and unit_of(game.state, pid) in known]

    def _enemies(self, game: Game, known: list[str] | None = None) -> list[tuple[float, float]]:
        """Where the live enemy pieces the side has seen (``known``, if given) stand (on a grid:
        their cells' centres)."""
        return [piece_point(game.scenario, game.piece(pid)) for pid in (self._foes(game) if known is None else known)]

    def _fire(self, game: Game, threat: Callable[[Game, str, str], float], foes: list[str]) -> float:
        """The fire the side can bring against the fire it faces: each of its pieces' best shot
        now at one of ``foes`` (the enemies it has seen), less each of those's best shot at one of
        its pieces, in strength expected lost (the ruleset's ``threat``: none from a piece that
        cannot fire)."""
        own = piece_ids(game.state, side=self.side, alive=True)
        bring = sum(max((threat(game, a, b) for b in foes), default=0.0) for a in own)
        face = sum(max((threat(game, b, a) for a in own), default=0.0) for b in foes)
        return bring - face

    # -- what it could do ------------------------------------------------------------------------
    def _owner(self, game: Game, value: Any) -> str | None:
        """The side of a piece, unit or side id (the first of a tuple that has one)."""
        if isinstance(value, (list, tuple)):
            for v in value:
                side = self._owner(game, v)
                if side is not None:
                    return side
            return None
        if not isinstance(value, str):
            return None
        return side_of(game.state, value)

    def _where(self, game: Game, actor: str) -> tuple[float, float] | None:
        pts = [piece_point(game.scenario, game.piece(pid)) for pid in piece_ids(game.state, alive=True)
               if pid == actor or unit_of(game.state, pid) == actor]
        if not pts:
            return None
        return (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))

    def points(self, game: Game, actor: str, ruleset: Ruleset) -> list[tuple[float, float]]:
        """Candidate points for a move of ``actor``: advances towards its goal and the nearest
        enemy seen, and the nearest cover, within its move."""
        here = self._where(game, actor)
        if here is None:
            return []
        limit = None
        if actor in piece_ids(game.state):
            limit = ruleset.move_limit(game, actor)
        else:
            first = next(iter(piece_ids(game.state, unit=actor, alive=True)), None)
            limit = ruleset.move_limit(game, first) if first else None
        reach = limit if limit and limit > 0 else DEFAULT_MOVE
        sc = game.scenario
        aims = list(self.goals(game))
        foes = self._enemies(game)
        enemy = min(foes, key=lambda q: math.dist(q, here)) if foes else None
        if enemy is not None:
            aims.append(tuple(enemy))
        out = []
        for aim in aims:
            d = math.dist(here, aim)
            if d < 0.5:
                continue
            for share in (1.0, 0.5):
                step = min(reach * share, d - 0.5)
                out.append((here[0] + (aim[0] - here[0]) * step / d, here[1] + (aim[1] - here[1]) * step / d))
        spot = None
        for inner in self._cover(game):
            if inner.covers(Point(here)):
                continue
            q = nearest_points(inner, Point(here))[0]
            d = math.dist(here, (q.x, q.y))
            if d <= reach and (spot is None or d < spot[0]):
                spot = (d, (q.x, q.y))
        if spot is not None:
            out.append(spot[1])
        if foes:
            out += self._sight_spots(game, here, reach, foes, enemy, ruleset)
        return [(round(min(max(x, 0.0), sc.table.width), 2), round(min(max(y, 0.0), sc.table.depth), 2)) for x, y in out]

    def _cover(self, game: Game) -> list[BaseGeometry]:
        """The insides of the table's areas that give cover (0.3" in from their edges), made once
        per table."""
        terrain = game.terrain
        if self._covers[0] is not terrain:
            inner = [a.geometry.buffer(-0.3) for a in terrain.areas if a.cover not in NO_COVER and not a.linear]
            self._covers = (terrain, [g for g in inner if not g.is_empty])
        return self._covers[1]

    def _sight_spots(self, game: Game, here: tuple[float, float], reach: float, foes: list[tuple[float, float]],
                     enemy: tuple[float, float], ruleset: Ruleset) -> list[tuple[float, float]]:
        """Within reach (on a ring of whole and half moves): the nearest point out of sight of
        every enemy the side knows of, and where ``here`` cannot see the nearest enemy, the
        nearest point that can."""
        t = game.scenario.table
        ring = [(min(max(here[0] + r * math.cos(a), 0.0), t.width), min(max(here[1] + r * math.sin(a), 0.0), t.depth))
                for r in (reach, reach / 2) for a in (k * math.pi / 6 for k in range(12))]
        sight = sight_between(game.terrain, [here, *ring], foes, ruleset.los_policy)
        near = foes.index(enemy)
        out = []
        hidden = [q for q, s in zip(ring, sight[1:].any(axis=1)) if not s]
        if sight[0].any() and hidden:
            out.append(min(hidden, key=lambda q: math.dist(q, here)))
        seeing = [q for q, s in zip(ring, sight[1:, near]) if s]
        if not sight[0, near] and seeing:
            out.append(min(seeing, key=lambda q: math.dist(q, here)))
        return out

    def _implied_actor(self, game: Game) -> str | None:
        """Where only this side acts and a form names none of its pieces (Rookie's functions act
        for the unit just activated): the own unit or piece the latest event of the step named or
        changed."""
        if game.acting_sides() != [self.side]:
            return None
        for event in reversed(game.log):
            if event.kind == "flow":
                return None
            named = list((event.action or {}).get("params", {}).values())
            named += [path[1] for path, _ in event.changes if len(path) > 1 and path[0] in ("units", "pieces")]
            for v in named:
                if isinstance(v, str) and self._owner(game, v) == self.side and v not in side_ids(game.state):
                    return v
        return None

    def candidates(self, game: Game, breadth: int | None = None) -> list[Candidate]:
        """The actions the side could take now, at most ``breadth`` (by default the opponent's)
        of them (see the module docstring)."""
        if self.side not in game.acting_sides():
            return []
        ruleset = get_ruleset(game.scenario.ruleset)
        implied = self._implied_actor(game)
        out: list[Candidate] = []
        for spec in actions_for(game):
            if spec.ref == "umpire" or spec.shortcut or spec.turns_only:  # a shortcut's two actions are weighed
                continue  # one by one; a turn alone changes nothing value() sees
            fixed = [p for p in spec.params if p.kind in ("choice", "piece")]
            if not spec.params:  # a step of the procedure (draw a card, pass): the side's own to take
                out.append(Candidate(spec, {}, self.side))
                continue
            if not fixed:  # a form of points alone acts for the unit just activated
                spots = [p for p in spec.params if p.kind == "point"]
                if spots and implied is not None:
                    ints = {p.name: p.initial() for p in spec.params if p.kind == "int"}
                    out += [Candidate(spec, {**ints, **{s.name: list(pt) for s in spots}}, implied)
                            for pt in self.points(game, implied, ruleset)]
                continue
            pools = []
            for p in fixed:
                values = p.values() if p.kind == "choice" else piece_ids(game.state, side=self.side, alive=True)
                pools.append(values)
            for combo in itertools.product(*pools):
                params = dict(zip((p.name for p in fixed), combo))
                owners = [self._owner(game, v) for v in combo]
                actor = next((v for v, o in zip(combo, owners) if o is not None), None)
                if actor is None or self._owner(game, actor) != self.side:
                    if self.side in owners or implied is None:
                        continue
                    actor = implied  # the form acts for the unit the side has just activated
                if isinstance(actor, (list, tuple)):
                    actor = next(a for a in actor if self._owner(game, a) == self.side)
                for p in spec.params:
                    if p.kind == "int":
                        params[p.name] = p.initial()
                spots = [p for p in spec.params if p.kind == "point"]
                if spots:
                    for pt in self.points(game, actor, ruleset):
                        out.append(Candidate(spec, {**params, **{s.name: list(pt) for s in spots}}, actor))
                else:
                    out.append(Candidate(spec, params, actor))
        out = list({(c.spec.name, repr(c.params)): c for c in out}.values())  # a spot offered twice, once
        breadth = self.breadth if breadth is None else breadth
        if len(out) > breadth and self.spread:  # every kind of action in turn, each kind in random order
            kinds: dict[str, list[Candidate]] = {}
            for c in self._rng.sample(out, len(out)):
                kinds.setdefault(c.spec.name, []).append(c)
            out = [c for c in itertools.chain(*itertools.zip_longest(*kinds.values())) if c is not None][:breadth]
        elif len(out) > breadth:
            out = self._rng.sample(out, breadth)
        return out

    # -- choosing ---------------------------------------------------------------------------------
    def _odds(self, game: Game, c: Candidate) -> str:
        try:
            d = c.spec.odds(game, c.params)
        except (IllegalActionError, KeyError, ValueError):
            return ""
        if d is None:
            return ""
        lines = d.describe()
        return "; ".join(lines[:3])

    def _expected(self, game: Game, c: Candidate, ruleset: Ruleset, base: float, depth: int,
                  rollouts: int | None = None) -> float | None:
        """The mean value after ``c`` over ``rollouts`` branches (by default the opponent's; each
        with its own dice and its own order of the cards not yet drawn); an action that neither
        rolls nor draws is tried once.
        One that moves nothing and changes nothing the value sees (drawing a card, activating a
        unit) is worth the best action it opens, looked for ``depth`` actions further, each of
        those on one rollout."""
        if depth == self.depth:
            exact = self._exact(game, c, ruleset, max(EXACT, rollouts or self.rollouts))
            if exact is not None:
                return exact
        total = 0.0
        for k in range((rollouts or self.rollouts) if depth == self.depth else 1):  # one rollout a ply further
            trial = game.branch(dice=self._rng.randrange(2 ** 31))
            start = len(trial.log)
            try:
                event = c.spec.resolve(trial, dict(c.params))
            except (IllegalActionError, ValueError):
                return None
            v = self._judged_once(trial, ruleset)
            drew = any(e.kind == "deck" for e in trial.log[start:])
            if depth > 0 and not event.rolls and not drew and abs(v - base) < EPSILON and self._opens(c, trial):
                follow = self._best(trial, ruleset, v, depth - 1)
                v = follow[0] if follow is not None else v
            if not event.rolls and not drew:
                return v  # nothing left to chance: every branch would end the same
            total += v
        return total / (k + 1)

    def _exact(self, game: Game, c: Candidate, ruleset: Ruleset, most: int) -> float | None:
        """The value after ``c`` weighed over every way its dice can fall (each face of each die
        it rolls, as if typed at the table), where there are at most ``most`` ways; None where
        there are more, where it rolls nothing, or where the rules refuse it."""
        values: list[tuple[float, float]] = []  # (chance, value) of each way
        ways: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
        while ways:
            faces, chance = ways.pop()
            trial = game.branch(dice=self._rng.randrange(2 ** 31))  # its own order of the cards not yet drawn
            try:
                with trial.table_dice(faces):
                    c.spec.resolve(trial, dict(c.params))
            except NeedFaces as need:
                count = need.die.sides ** need.n
                if len(values) + len(ways) + count > most:
                    return None  # counted before listing: a pool of many dice falls too many ways to list
                ways += [(faces + r, chance / count) for r in itertools.product(need.die.faces, repeat=need.n)]
                continue
            except (IllegalActionError, ValueError):
                return None
            if not faces:
                return None  # no dice: the caller tries it once (and looks past a step that opens others)
            values.append((chance, self._judged_once(trial, ruleset)))
        return sum(p * v for p, v in values)

    def _opens(self, c: Candidate, after: Game) -> bool:
        """Whether ``c`` is a step that only opens others: no point to move to, and this side
        still to act."""
        return all(p.kind != "point" for p in c.spec.params) and self.side in after.acting_sides()

    def _ranked(self, game: Game, ruleset: Ruleset, base: float, depth: int,
                must: bool = False) -> list[tuple[float, Candidate]]:
        """The candidates that beat ``base`` (or, with ``must``, all), best first by expected value."""
        ranked: list[tuple[float, Candidate]] = []
        ahead = depth < self.depth  # looking past a step: a quarter of the candidates
        candidates = self.candidates(game, max(1, self.breadth // 4) if ahead else None)
        # the rollouts a full breadth of candidates would take, shared among fewer (at most 8 times
        # the opponent's): a lone gamble (a voluntary test) is judged on many rolls, not four
        rollouts = min(8 * self.rollouts, max(self.rollouts, self.breadth * self.rollouts // max(1, len(candidates))))
        for c in candidates:
            v = self._expected(game, c, ruleset, base, depth, rollouts)
            if v is not None and (must or v - base > EPSILON):
                ranked.append((v, c))
        # ties go to an action for one of the side's own pieces over a step of the procedure
        ranked.sort(key=lambda vc: (-round(vc[0] / EPSILON), not _acts(vc[1])))
        return ranked

    def _best(self, game: Game, ruleset: Ruleset, base: float, depth: int,
              must: bool = False) -> tuple[float, Candidate] | None:
        """The best candidate's expected value, if it beats ``base`` (or, with ``must``, at all)."""
        ranked = self._ranked(game, ruleset, base, depth, must)
        return ranked[0] if ranked else None

    def _play_out(self, game: Game, option: Candidate, ruleset: Ruleset, dice: int) -> float | None:
        """Take ``option`` on a branch rolling the opponent's own ``dice`` (a seed), play the game
        to its end with the simple policy for every side: 1 for a win, 0.5 a draw, 0 a loss (as
        ``wgkit simulate`` judges it); None if the rules refuse the action."""
        trial = game.branch(dice=dice)
        try:
            option.spec.resolve(trial, dict(option.params))
        except (IllegalActionError, ValueError):
            return None
        rest = getattr(ruleset.policy, "play_activated", None)
        if rest is not None:
            rest(trial, _quiet)  # a unit the option activated spends the rest as the policy would
        ruleset.policy.play(trial, int(self.turns or game.scenario.turns or 6))  # type: ignore[union-attr]
        return self._judge(trial)

    def _judge(self, trial: Game) -> float:
        won = winner(trial)
        return 1.0 if won == self.side else 0.5 if won is None else 0.0

    def _finalist(self, game: Game, ruleset: Ruleset, ranked: list[tuple[float, Candidate]],
                  must: bool) -> tuple[float, Candidate]:
        """Among the best few by the look-ahead, the one whose play-outs win most; ties go to the
        look-ahead's order. Where the opponent must act, the look-ahead's best."""
        finalists = ranked[:self.finalists]
        kinds = {c.spec.name for _, c in finalists}
        for v, c in ranked[self.finalists:]:  # and the best of each other kind of action (a shot, not only moves)
            if c.spec.name not in kinds:
                finalists.append((v, c))
                kinds.add(c.spec.name)
        if must or ruleset.policy is None or self.playouts < 1 or len(finalists) < 2:
            return ranked[0]
        dice = [self._rng.randrange(2 ** 31) for _ in range(self.playouts)]  # the same dice for every finalist
        wins = [sum(self._play_out(game, c, ruleset, d) or 0.0 for d in dice) for _, c in finalists]
        return finalists[max(range(len(finalists)), key=lambda i: (wins[i], -i))]

    def _ends(self, trial: Game, ruleset: Ruleset) -> float:
        """Advance ``trial`` past its current step, play it to the end with the simple policy for
        every side and judge it: 1 for a win, 0.5 a draw, 0 a loss (as ``wgkit simulate`` does)."""
        try:
            trial.advance()
        except IllegalActionError:
            pass  # the game is over, or the step cannot end: judge it as it stands
        else:
            ruleset.policy.play(trial, int(self.turns or trial.scenario.turns or 6))  # type: ignore[union-attr]
        return self._judge(trial)

    def holds_back(self, game: Game, finish: Callable[..., Any], duties: Callable[..., Any]) -> tuple[float, float] | None:
        """Whether to leave the rest of the step undone (only what the rules oblige, by
        ``duties``) rather than let ``finish`` play every piece the opponent left unused: each way
        is played out ``playouts`` times, on the same dice in pairs. Returns the wins (holding
        back, playing on) where holding back wins more, else None (also where the two ways do
        the same, or the opponent plays no play-outs)."""
        ruleset = get_ruleset(game.scenario.ruleset)
        if self.playouts < 1 or ruleset.policy is None:
            return None
        start = time.perf_counter()
        back = on = 0.0
        for k in range(self.playouts):
            dice = self._rng.randrange(2 ** 31)
            held, played = game.branch(dice=dice), game.branch(dice=dice)
            duties(held, _quiet)
            finish(played, _quiet)
            if len(held.log) == len(played.log):
                break  # nothing was left to hold back
            back += self._ends(held, ruleset)
            on += self._ends(played, ruleset)
        self.think.append(time.perf_counter() - start)
        return (back, on) if back > on else None

    def choose(self, game: Game, must: bool = False) -> Choice | None:
        """The best action now and what it is expected to gain, or None when nothing beats waiting
        (with ``must``, when waiting is no option: None only when there is no action at all)."""
        start = time.perf_counter()
        self._judged.clear()  # kept for one decision: the memory a decision needs, no more
        ruleset = get_ruleset(game.scenario.ruleset)
        base = self._judged_once(game, ruleset)
        ranked = self._ranked(game, ruleset, base, self.depth, must)
        best = self._finalist(game, ruleset, ranked, must) if ranked else None
        self.think.append(time.perf_counter() - start)
        if best is None:
            return None
        return Choice(best[1], best[0] - base, self._odds(game, best[1]))

    def play_step(self, game: Game, say: Say, finish: Callable[..., bool | None] | None = None,
                  limit: int = 60) -> int:
        """Take the side's best actions in the current step until none is worth taking, then let
        ``finish`` (the ruleset's simple policy by default) play what the step still asks for.
        Where ``finish`` hands the step back (returns True: a card of this side's colour turned up
        in a card sequence, see :func:`wgkit.rules.policies.leaving`), the opponent plays on, and
        must take an action, since a card cannot wait. A unit it activated and finds no better use
        for spends what it has left as the simple policy would (its ``play_activated``), rather
        than waste it. Returns the number of actions it chose."""
        taken = 0
        simple = get_ruleset(game.scenario.ruleset).policy
        policy = finish or simple.play_step  # type: ignore[union-attr]
        rest = getattr(simple, "play_activated", None)
        must = False
        while True:
            while taken < limit and self.side in game.acting_sides():
                choice = self.choose(game, must)
                if choice is None:
                    if rest is not None and rest(game, say):  # the unit it activated spends the rest
                        continue
                    break
                c = choice.candidate
                event = c.spec.resolve(game, dict(c.params))
                taken, must = taken + 1, False
                odds = f"; before the roll: {choice.odds}" if choice.odds else ""
                say(f"opponent ({self.side}) chose to {c.label(game.scenario.spoken_names())}{odds} -> {event.text}")
            duties = policies.duties(simple.play_step) if game.acting_sides() == [self.side] else None  # type: ignore[union-attr]
            held = None if must or duties is None else self.holds_back(game, policy, duties)
            if held is not None:
                say(f"opponent ({self.side}) holds its other pieces back this step (play-outs won "
                    f"{held[0]:g} of {self.playouts} holding back, {held[1]:g} playing on)")
                duties(game, say)
                return taken
            if must or not policy(game, say) or taken >= limit:  # must still set: it found nothing to do
                return taken
            must = True
