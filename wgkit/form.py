"""The action form with no widget in it: who acts, the action, its parameters, a group of moves
and the table dice awaited.

Gestures change it (a click on a piece or a point, a drag, a box of pieces, a choice from a
list, an edit, Resolve, typed faces). After every gesture the form settles: each list offers
what the game and the viewer allow now, each value is one of them, and :attr:`ActionForm.verdict`
says what Resolve would do, whether it may, and why not, in the rules' words. After every event
in the game, whoever made it, :meth:`ActionForm.refresh` derives the form again from the game and
drops the gestures that are spent (a point, a dragged group). The umpire's page and a side's page
(with its fog) hold the same form; the widgets only draw it and pass gestures on."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from wgkit.dice import Die, NeedFaces, TooManyFaces, parse_faces
from wgkit.engine.events import Event
from wgkit.engine.game import Game, IllegalActionError
from wgkit.engine.views import UMPIRE, dice_drawn, piece_ids, side_ids, side_of, unit_ids, unit_of, visible_ids
from wgkit.fog import Fog
from wgkit.odds import Distribution
from wgkit.render.scene import piece_points
from wgkit.render.shapes import Shape
from wgkit.rules.actions import GENERIC, ActionSpec, Param
from wgkit.rules.registry import actions_for
from wgkit.words import heading

GENERIC_NAMES = {spec.name for spec in GENERIC}
MOVE_ACTIONS = ("move", "leader move", "sortie")  # the rules actions a drag on the board fills in
STAYS = "#9b1c1c"  # the ring around a figure a unit's move leaves behind
LISTS = ("piece", "choice")  # the kinds of parameter chosen from a list
Point = tuple[float, float]


def side_in(state: dict[str, Any], value: Any) -> str | None:
    """The side of a piece, unit or group (its first member); None for anything else (a side, "none")."""
    first = value[0] if isinstance(value, tuple) and value else value
    if not isinstance(first, str) or first in side_ids(state):
        return None
    return side_of(state, first)


def tie_allows(p: Param, side: str | None, anchor: str | None) -> bool:
    """Whether a value on ``side`` suits ``p``'s tie to the side of its anchor: another side
    (``enemy_of``), or the same side or none (``friend_of``)."""
    return side != anchor if p.enemy_of else side in (None, anchor)


def possible(game: Game, spec: ActionSpec, most: int = 60) -> bool:
    """Whether some choice from ``spec``'s lists lets the rules make it now, tried on what-if
    copies. An action that asks for a point on the table counts as possible (where is the
    umpire's to choose), and so does one with more than ``most`` choices to try."""
    if any(p.kind == "point" for p in spec.params):
        return True
    state = game.state
    alive = set(piece_ids(state, alive=True))
    lists = [p for p in spec.params if p.kind in LISTS]
    offers = [sorted(alive) if p.kind == "piece" else p.values() for p in lists]
    fixed = {p.name: p.initial() for p in spec.params if p.kind not in LISTS}
    for tried, combo in enumerate(itertools.product(*offers)):
        if tried >= most:
            return True
        params = {**fixed, **{p.name: v for p, v in zip(lists, combo)}}
        if any(not tie_allows(p, side_in(state, params[p.name]), side_in(state, params[p.enemy_of or p.friend_of]))
               for p in lists if p.enemy_of or p.friend_of):
            continue
        try:
            spec.resolve(game.branch(dice=0), params)
        except IllegalActionError:
            continue
        return True
    return False


def showing(die: Die, n: int, highest: bool) -> list[int]:
    """``n`` dice of ``die`` all showing its highest face, or all its lowest."""
    return [die.low + die.sides - 1 if highest else die.low] * n


def thrown_together(game: Game, act: Callable[[Game], Event], entered: list[int], need: NeedFaces,
                    most: int = 12) -> list[NeedFaces]:
    """The roll awaited and those after it that a person throws with it: rolls of the same die
    that the procedure asks for whatever the faces before them show (asked alike when every die
    before shows its lowest face and when every one shows its highest), as a section's weapons'
    fire dice or every hit's casualty die. The faces are still read in order, one roll after the
    other; this only says how many to throw at once."""
    throw, low, high = [need], list(entered), list(entered)
    while len(throw) < most:
        last = throw[-1]
        low += showing(last.die, last.n, highest=False)
        high += showing(last.die, last.n, highest=True)
        try:
            a, b = game.faces_needed(act, low), game.faces_needed(act, high)
        except (TooManyFaces, IllegalActionError, ValueError):
            break
        if a is None or b is None or (a.die, a.n, a.purpose) != (b.die, b.n, b.purpose) or a.die != need.die:
            break
        throw.append(a)
    return throw


def thrown_beside(game: Game, act: Callable[[Game], Event], entered: list[int], throw: list[NeedFaces],
                  most: int = 60) -> list[NeedFaces]:
    """The rolls that may follow a throw, of its die, which a person can throw beside it in
    another colour and type after it: those that follow when every die of the throw shows its
    highest face (the most hits, so the most dice for who is hit). Only as many are read as the
    faces of the throw then ask for (:meth:`ActionForm.enter_faces`)."""
    die = throw[0].die
    high = list(entered) + showing(die, sum(t.n for t in throw), highest=True)
    try:
        after = game.faces_needed(act, high)
    except (TooManyFaces, IllegalActionError, ValueError):
        return []
    if after is None or after.die != die:
        return []
    chain = thrown_together(game, act, high, after)
    while chain and sum(t.n for t in chain) > most:
        chain.pop()
    return chain


def kind_of(purpose: str) -> str:
    """A roll's purpose without its counts: "hit 1 of 2: who picks ..." and "hit 3 of 5: who
    picks ..." are rolls of one kind, for dice thrown beside a throw."""
    return re.sub(r"\d+", "#", purpose)


class WaitingForPoint(ValueError):
    """The form has no point yet: it waits for a click on the board."""


def labelled(name: str | None, value: Any) -> str:
    """How a list or the board names a piece or unit: by its name (ids only where the scenario
    names neither it nor its unit)."""
    return name or str(value)


@dataclass(frozen=True)
class GroupMove:
    """One figure of a group moved as one: where it goes and its chances."""

    piece: str
    to: Point
    chance: str


@dataclass
class Verdict:
    """What Resolve would do with the form as it stands.

    ``state`` is one of: ``none`` (no action offered), ``waiting`` (the form waits for a point on
    the board; nothing is wrong), ``unset`` (a parameter has no value), ``refused`` (the rules
    refuse it, ``why`` says why), ``group`` (a group of moves, see ``moves`` and ``staying``) or
    ``ready``. ``ok``: Resolve may act."""

    state: str = "none"
    ok: bool = False
    why: str = ""
    lines: list[str] = field(default_factory=list)
    dist: Distribution | None = None
    moves: list[GroupMove] = field(default_factory=list)
    staying: list[tuple[str, str]] = field(default_factory=list)
    total: int = 0
    shapes: list[Shape] = field(default_factory=list)


class ActionForm:
    """The action form of one page: the umpire's (``fog`` None: every action, the ``side``'s
    view of the lists) or a side's (``fog``: its own troops' rules actions, the odds as far as it
    can know)."""

    def __init__(self, game: Game, fog: Fog | None = None):
        self.game, self.fog = game, fog
        self.side = fog.side if fog is not None else UMPIRE
        self.names = game.scenario.spoken_names()
        self.say = game.scenario.wording()
        self.specs: list[ActionSpec] = []
        self.action: str | None = None
        self.values: dict[str, Any] = {}
        self.options: dict[str, list[tuple[str, Any]]] = {}  # each list parameter's offer now
        self.verdict = Verdict()
        self.group: list[tuple[str, Point]] = []  # figures moved as one, and where to
        self.group_title = ""  # the group's name in the log, where it is not a unit's move
        self.staying: list[tuple[str, str]] = []  # figures the group's move leaves behind, and why
        self.unoffered: list[str] = []  # figures of the dragged unit that no move offers
        self.turns: list[tuple[str, Point]] = []  # after the group's moves, pieces turned to face a point (a photo read)
        self.chosen: list[str] = []  # pieces chosen on the board to move together
        many = any(len(piece_ids(game.state, unit=u)) > 1 for u in unit_ids(game.state))
        self.drag_unit = many  # a drag moves the dragged figure's whole unit
        self.need: NeedFaces | None = None  # the table dice awaited
        self.throw: list[NeedFaces] = []  # the rolls thrown together with it (``need`` first)
        self.beside: list[NeedFaces] = []  # the rolls that may follow, thrown beside it in another colour
        self.unread: tuple[int, ...] = ()  # dice thrown beside that this action's faces did not call for
        self.entered: list[int] = []  # faces typed so far for the action being resolved
        self.seen = dice_drawn(game.state)  # the furthest the seeded dice have been drawn
        self._kept_for: str | None = None  # the action whose values a gesture last set
        self._kept: dict[str, Any] = {}
        self._step: tuple[int, int, int] | None = None  # the turn position the form was made for
        self._offered_before: set[str] = set()  # the actions offered before the latest event
        self._log_seen = len(game.log)
        self._event_seen = self._stamp()
        self._picked: list[str] = []  # pieces (and their units) clicked lately, newest first
        self._shifted: list[str] = []  # pieces (and units) shift-clicked into the group being chosen
        self.refresh()

    # -- what the form offers --------------------------------------------------------------------
    @property
    def spec(self) -> ActionSpec | None:
        return next((s for s in self.specs if s.name == self.action), None)

    @property
    def menu(self) -> list[tuple[str, str]]:
        """The actions offered now: (label, name)."""
        return [(s.label, s.name) for s in self.specs]

    def visible(self) -> set[str]:
        """The pieces and units this page knows of."""
        if self.fog is not None:
            return self.fog.known(self.game.state)
        return visible_ids(self.game.state, self.side)

    def judged(self) -> Game:
        """The game the odds are worked out on: the game itself, or a side's own view of it."""
        return self.fog.seen_game(self.game) if self.fog is not None else self.game

    def _offered(self) -> list[ActionSpec]:
        specs = actions_for(self.game)
        if self.fog is None:
            return specs
        # a side proposes its own rules actions: not the umpire's tools, not an enemy card's
        return [s for s in specs if s.name not in GENERIC_NAMES and (not s.actor or self.side_of(s.actor) == self.side)]

    def label(self, value: Any) -> str:
        return labelled(self.names.get(value) if isinstance(value, str) else None, value)

    def who(self, piece: str) -> str:
        """A piece as a person names it: its own name, else its unit's, else its id."""
        return self.names.get(piece) or self.names.get(unit_of(self.game.state, piece)) or piece

    def side_of(self, value: Any) -> str | None:
        """The side of a piece, unit or group on this page's game (see :func:`side_in`)."""
        return side_in(self.game.state, value)

    def _listed(self, p: Param) -> list[tuple[str, Any]]:
        """``p``'s offer before any tie: the live pieces in view, or its choices naming no piece
        or unit out of view."""
        visible = self.visible()
        if p.kind == "piece":
            return [(self.label(pid), pid) for pid in sorted(piece_ids(self.game.state, alive=True)) if pid in visible]
        ids = set(piece_ids(self.game.state)) | set(unit_ids(self.game.state))
        out = []
        for c, value in zip(p.choices, p.values()):
            members = value if isinstance(value, tuple) else (value,)
            if any(m in ids and m not in visible for m in members):
                continue  # this view does not know the piece exists
            out.append((self.say(c[0]) if c != value else self.label(value), value))  # a group, or an id to name
        return out

    def _actor(self) -> Param | None:
        """The parameter naming who acts: the one a target is chosen against, else the first that
        names pieces or units."""
        spec = self.spec
        if spec is None:
            return None
        against = {q.enemy_of for q in spec.params if q.enemy_of}
        for q in spec.params:
            if q.name in against:
                return q
        for q in spec.params:
            if q.kind == "piece" or any(self.side_of(v) is not None for v in q.values() if isinstance(v, (str, tuple))):
                return q
        return None

    def _settle(self) -> None:
        """Each list offers what the game, the viewer and its tie allow now, and holds one of
        its offers: the value set if still offered, else the parameter's default, else the first."""
        spec = self.spec
        params = list(spec.params) if spec is not None else []
        actor = self._actor() if self.fog is not None else None
        self.options = {}
        for p in sorted(params, key=lambda q: bool(q.enemy_of or q.friend_of)):  # anchors first
            if p.kind not in LISTS:
                if p.name not in self.values:
                    self.values[p.name] = p.default or "" if p.kind == "point" else p.initial()
                continue
            offer = self._listed(p)
            if p is actor:  # a side orders its own troops
                offer = [(label, v) for label, v in offer if self.side_of(v) == self.side]
            anchor = p.enemy_of or p.friend_of
            if anchor and anchor in self.values:
                side = self.side_of(self.values[anchor])
                offer = [(label, v) for label, v in offer if tie_allows(p, self.side_of(v), side)]
            self.options[p.name] = offer
            values = [v for _, v in offer]
            if p.name in self.values and self.values[p.name] in values:
                continue
            start = p.default if p.kind == "piece" else p.initial()
            fresh = p.name not in self.values or not anchor  # a tie that rules a value out moves to its first
            self.values[p.name] = start if fresh and start in values else (values[0] if values else None)
        self.values = {p.name: self.values[p.name] for p in params}

    def _no_group(self) -> None:
        """Forget every part of a group of moves at once (its moves, turns, title and who stays),
        so that no part of an old one is made by the next Resolve."""
        self.group, self.turns, self.group_title, self.staying, self.unoffered = [], [], "", [], []

    def _set(self, name: str, value: Any) -> None:
        """A gesture sets a parameter; the values the umpire sets are kept for the same action."""
        self.values[name] = value
        self._settle()
        self._kept_for, self._kept = self.action, dict(self.values)

    def _form(self, name: str | None) -> None:
        """A new form for action ``name``: its defaults, with the values last set for it."""
        self.action = name
        self._no_group()
        self.values = {}
        self._settle()
        if self.spec is not None and self.spec.name == self._kept_for:
            for key, value in self._kept.items():
                if key in self.values and (key not in self.options or value in [v for _, v in self.options[key]]):
                    self.values[key] = value
                    self._settle()
        self.cancel_faces()

    # -- derived again after each event ----------------------------------------------------------
    def _stamp(self) -> tuple[int, int | None]:
        log = self.game.log
        return len(log), id(log[-1]) if log else None

    def refresh(self) -> None:
        """Derive the form again from the game as it now is. After any event (whoever made it, or
        an undo) the gestures that filled the form are spent: a point clicked or dragged to, a
        group dragged or chosen. What was chosen from lists stays, to be judged anew."""
        if self._stamp() != self._event_seen:
            self._event_seen = self._stamp()
            points = {p.name for s in self.specs for p in s.params if p.kind == "point"}
            self._kept = {k: v for k, v in self._kept.items() if k not in points}
            self.chosen, self._shifted = [], []
        self.specs = self._offered()
        values = [s.name for s in self.specs]
        keep = self.action
        ruled = [n for n in values if n not in GENERIC_NAMES]
        new_step = self.game.position != self._step
        self._step = self.game.position
        candidates: list[str] = []  # when the form chooses for the umpire: in order of preference
        if keep not in values or (new_step and keep in GENERIC_NAMES and ruled):
            candidates = ruled or values  # a new step: its rules actions, in the ruleset's order
        fresh = [n for n in ruled if n not in self._offered_before]
        if len(self.game.log) > self._log_seen and fresh:
            candidates = fresh  # what the last event made possible: the card's activation, the arrival roll, a morale test
        self._offered_before, self._log_seen = set(values), len(self.game.log)
        self.seen = max(self.seen, dice_drawn(self.game.state))
        self._choose([keep] if not candidates else candidates)

    def _choose(self, names: list[Any]) -> None:
        """Make the form for the first of ``names`` that can be resolved as it stands, or waits
        only for a point on the board; else the first (its reason then stands beside Resolve)."""
        offered = [s.name for s in self.specs]
        names = [n for n in names if n in offered]
        for name in names:
            self._form(name)
            self.judge()
            if self.verdict.ok or self.wants_point() or len(names) == 1:
                return
        self._form(names[0] if names else None)  # nothing offered: an empty form
        self.judge()

    @property
    def fresh_possible(self) -> bool:
        """Dice were drawn beyond where the game now stands (an undone roll): fresh dice may skip them."""
        return self.seen > dice_drawn(self.game.state)

    # -- gestures that fill the form -------------------------------------------------------------
    def choose(self, name: str | None) -> None:
        """The umpire chooses an action from the list."""
        if name not in [s.name for s in self.specs]:
            raise ValueError(f"{name!r} is not offered now")
        self._form(name)
        self.judge()

    def edit(self, name: str, value: Any) -> None:
        """The umpire sets a parameter by hand (a list, a number, typed x, y)."""
        if name not in self.values:
            raise ValueError(f"the form has no {name!r} now")
        if name in self.options and value not in [v for _, v in self.options[name]]:
            raise ValueError(f"{value!r} is not offered for {name!r} now")
        self._set(name, value)
        self.judge()

    def wants_point(self) -> bool:
        spec = self.spec
        return spec is not None and any(p.kind == "point" for p in spec.params)

    def _set_point(self, point: Point) -> None:
        spec = self.spec
        name = next((p.name for p in spec.params if p.kind == "point"), None) if spec is not None else None
        if name is not None:
            self._set(name, f"{point[0]:.1f}, {point[1]:.1f}")

    def click_point(self, point: Point) -> bool:
        """A click on open table: the form's point, where it asks for one. Whether it took it."""
        if not self.wants_point():
            return False
        self._set_point(point)
        self.judge()
        return True

    def click_piece(self, piece: str | None, add: bool = False) -> bool:
        """A click on a piece fills the first parameter that can name it (or its unit): a friend
        becomes the actor, an enemy the target (or, where the form asks for a point, the point it
        stands on). With ``add`` (a shift-click) the piece joins the group being chosen: a group
        parameter takes the smallest group holding every piece so added. Whether it was taken."""
        taken = self._click(piece, add)
        self.judge()
        return taken

    def _click(self, piece: str | None, add: bool) -> bool:
        if piece is None:
            return False
        unit = unit_of(self.game.state, piece)
        recent, self._picked = self._picked, ([piece, unit] + self._picked)[:6]
        self._shifted = (self._shifted if add else []) + [piece, unit]
        if not add and self._targets(piece, unit):  # where both sides act: an enemy of the actor is its target
            return True
        if self._fill(piece, unit, add, recent):
            return True
        spec = self.spec
        first = self.values.get(spec.params[0].name) if spec is not None and spec.params else None
        friend = self.side_of(first) == side_of(self.game.state, piece)
        # an enemy where the form aims at a point is aimed at; a friend, or a move's destination, chooses anew
        aims = self.wants_point() and self.action not in MOVE_ACTIONS and not friend
        if not aims and not add and self._switch_for(piece, unit, recent):
            return True
        if self.wants_point():  # no list takes it (an enemy, say) and the form asks for a point: aim there
            self._set_point(piece_points(self.game.scenario, self.game.state)[piece])
            return True
        return False

    def _lists(self, skip: int = 0) -> list[Param]:
        spec = self.spec
        return [p for p in (spec.params if spec is not None else ())[skip:] if p.kind in LISTS]

    def _targets(self, piece: str, unit: str) -> bool:
        """Fill the form's target with the clicked piece (or its unit) when the form ties a target
        to its actor (``enemy_of``), the actor is chosen, and the piece is the actor's enemy: in a
        step where both sides act, the list of actors offers the enemy too, and a click meant for
        the target must not make it the one that acts."""
        for p in self._lists():
            actor = self.values.get(p.enemy_of) if p.enemy_of else None
            if actor is None or self.side_of(actor) in (None, side_of(self.game.state, piece)):
                continue
            offered = [v for _, v in self.options[p.name]]
            for candidate in (piece, unit):
                if candidate in offered:
                    self._set(p.name, candidate)
                    return True
        return False

    def _fill(self, piece: str, unit: str, add: bool, recent: list[str], skip: int = 0) -> bool:
        """The form's first list (after the first ``skip`` parameters) that offers the piece, its
        unit or a group holding it takes it."""
        for p in self._lists(skip):
            offered = [v for _, v in self.options[p.name]]
            for candidate in (piece, unit):
                if candidate in offered:
                    self._set(p.name, candidate)
                    return True
            groups = [v for v in offered if isinstance(v, tuple) and {piece, unit} & set(v)]
            if groups and add:  # the group holding the most of those shift-clicked, the smallest such
                self._set(p.name, max(groups, key=lambda g: (len(set(self._shifted) & set(g)), -len(g))))
                return True
            if groups:  # a pair or group: the one holding this piece and those clicked just before
                self._set(p.name, max(groups, key=lambda g: sum(1 / (i + 1) for i, r in enumerate(recent) if r in g)))
                return True
        return False

    def _switch_for(self, piece: str, unit: str, recent: list[str]) -> bool:
        """A click the form cannot take chooses the action that can: an enemy of the form's actor
        becomes the target of an action that actor may take at it (a fire, an assault); else the
        clicked piece becomes the actor of the first rules action offered to it."""
        spec = self.spec
        actor = self.values.get(spec.params[0].name) if spec is not None and spec.params else None
        if actor is not None and self.side_of(actor) not in (None, side_of(self.game.state, piece)):
            if self._aim(actor, piece, mine=False):  # an enemy: what the form's actor may do to it
                return True
        for s in self._ruled():  # a piece the form has no place for: the first action it can take
            if s.name != self.action and self._could(s.params[0], {piece, unit}):
                self._form(s.name)
                return self._fill(piece, unit, False, recent)
        return False

    def _ruled(self) -> list[ActionSpec]:
        """The rules actions offered that name someone, the form's own first."""
        ruled = [s for s in self.specs if s.name not in GENERIC_NAMES and s.params]
        return sorted(ruled, key=lambda s: s.name != self.action)

    def aim(self, actor: str, target: str) -> bool:
        """A drag from the piece ``actor`` onto the enemy ``target``: the form's action if it lets
        one act on the other, else the first that does. Whether one did."""
        aimed = self._aim(actor, target)
        self.judge()
        return aimed

    def _aim(self, actor: Any, target: str, mine: bool = True) -> bool:
        """With ``mine``, ``actor`` is a piece whose own list entry (or its unit's) is looked for;
        else the value the form's actor holds (a piece, unit or group)."""
        state = self.game.state
        held = {actor, unit_of(state, actor)} if mine else (set(actor) if isinstance(actor, tuple) else {actor})
        aimed = {target, unit_of(state, target)}
        for s in self._ruled():
            acts = s.actor in held if s.actor else self._could(s.params[0], held)  # named by the card, or first
            if acts and any(self._could(p, aimed) for p in s.params[0 if s.actor else 1:] if p.kind in LISTS):
                if s.name != self.action:
                    self._form(s.name)
                if s.actor:
                    return self._fill(target, unit_of(state, target), False, self._picked)
                if mine:
                    self._fill(actor, unit_of(state, actor), False, self._picked)
                else:
                    self._set(s.params[0].name, actor)
                return self._fill(target, unit_of(state, target), False, self._picked, skip=1)
        return False

    def _could(self, p: Param, ids: set[str]) -> bool:
        """Whether the form's list for ``p`` would offer one of ``ids``."""
        if p.kind == "piece":
            return bool(ids & self.visible())
        if p.kind != "choice":
            return False
        return any(set(v if isinstance(v, tuple) else (v,)) & ids for _, v in self._listed(p))

    def choose_group(self, pieces: list[str]) -> None:
        """Pieces chosen on the board to move together (a box, a held unit)."""
        self.chosen = list(pieces)

    def refuse_point(self, why: str) -> None:
        """A drag the board refused (beyond the allowance): the form keeps no destination, so that
        Resolve cannot make a move nobody asked for; ``why`` stands beside Resolve."""
        spec = self.spec
        for p in spec.params if spec is not None else ():
            if p.kind == "point":
                self._set(p.name, "")
        self._no_group()
        self.judge()
        self.verdict = Verdict("refused", False, why)

    def set_drag_unit(self, unit: bool) -> None:
        self.drag_unit = unit
        self.forget_group()

    def drag(self, piece: str, point: Point) -> bool:
        """A piece dropped on the table: the step's move action for it, with the destination (and,
        dragging a unit or pieces chosen together, every figure by the same offset). False if no
        move action offers the piece."""
        for name in MOVE_ACTIONS:
            spec = next((s for s in self.specs if s.name == name), None)
            if spec is None or not any(p.kind == "point" for p in spec.params):
                continue
            mover = next((p for p in spec.params if p.kind in LISTS), None)
            if not self._moves(spec, mover, piece):
                continue
            if name != self.action:
                self._form(name)
            self._no_group()  # each drag its own move
            self._click(piece, False)
            self._set_point(point)
            if piece in self.chosen and len(self.chosen) > 1:
                self._drag_group(piece, point, mover, self.chosen)
            elif self.drag_unit:
                self._drag_group(piece, point, mover)
            self.judge()
            return True
        return False

    def _drag_group(self, piece: str, point: Point, mover: Param | None, chosen: list[str] | None = None) -> None:
        """Every live figure of ``piece``'s unit (or of the pieces ``chosen``) that the move offers
        goes by the same offset; those it does not offer are named as staying."""
        state = self.game.state
        unit = unit_of(state, piece)
        where = piece_points(self.game.scenario, state)
        dx, dy = point[0] - where[piece][0], point[1] - where[piece][1]
        visible = self.visible()
        members = [pid for pid in piece_ids(state, alive=True) if (pid in chosen if chosen else unit_of(state, pid) == unit)
                   and pid in where and pid in visible]
        members.sort(key=lambda pid: pid != piece)  # the figure dragged leads (and names the order)
        self.unoffered = [pid for pid in members if mover is not None and self._mover(mover, pid) is None]
        members = [pid for pid in members if pid not in self.unoffered]
        if len(members) > 1 or self.unoffered:
            self.group = [(pid, (round(where[pid][0] + dx, 2), round(where[pid][1] + dy, 2))) for pid in members]

    def take_moves(self, moves: list[tuple[str, Point]], title: str, turns: list[tuple[str, Point]] = ()) -> list[str]:
        """Moves made at the real table (a photo read): the step's move action for each piece,
        then its turn action for each of ``turns`` (a piece turned to face a point), all judged
        and shown together (one Resolve, undone as one group called ``title``). Returns the
        pieces neither offers now."""
        moved = self._taking(MOVE_ACTIONS, moves)
        turn = self.turn_spec()
        turning = self._taking([turn.name] if turn is not None else [], turns)
        first = moved or turning
        if first is None:
            return [pid for pid, _ in [*moves, *turns]]
        spec, offered = first
        self._form(spec.name)
        self._click(offered[0][0], False)
        self._set_point(offered[0][1])
        self.group, self.group_title = offered, title
        if moved and turning:
            self.turns = turning[1]
        self.judge()
        taken = set(offered) | set(self.turns)
        return [pid for pid, to in [*moves, *turns] if (pid, to) not in taken]

    def _taking(self, names: list[str] | tuple[str, ...], items: list[tuple[str, Point]]
                 ) -> tuple[ActionSpec, list[tuple[str, Point]]] | None:
        """The first action of ``names`` offered now that takes a point and acts for some of
        ``items`` (piece, point), with those it acts for."""
        for name in names:
            spec = next((s for s in self.specs if s.name == name), None)
            if spec is None or not any(p.kind == "point" for p in spec.params):
                continue
            mover = next((p for p in spec.params if p.kind in LISTS), None)
            offered = [(pid, to) for pid, to in items if self._moves(spec, mover, pid)]
            if offered:
                return spec, offered
        return None

    def hold_group(self, moves: list[tuple[str, Point]], title: str, turns: list[tuple[str, Point]] = ()) -> None:
        """The form's move made by each of ``moves`` (a proposal's whole unit), then the step's
        turn by each of ``turns`` (piece, the point it faces), resolved as one."""
        self.group, self.group_title, self.turns = list(moves), title, list(turns)
        self.judge()

    def _moves(self, spec: ActionSpec, mover: Param | None, piece: str) -> bool:
        """Whether ``spec`` would move ``piece``: its mover parameter offers it (or its unit), or,
        with none, the unit the action belongs to (a card's activated unit) is the piece's."""
        if mover is not None:
            return self._mover(mover, piece) is not None
        return bool(spec.actor) and spec.actor in (piece, unit_of(self.game.state, piece))

    def _mover(self, mover: Param, piece: str) -> str | None:
        """What the action's mover is set to for ``piece``: the piece, or its unit where the
        action moves units; None where the action does not offer it."""
        if mover.kind == "piece":
            return piece
        values = set(mover.values())
        unit = unit_of(self.game.state, piece)
        return piece if piece in values else unit if unit in values else None

    def forget_group(self) -> None:
        """Drop a group of moves the form holds (a drag, a photo read): the form acts on its own values again."""
        if self.group or self.unoffered:
            self._no_group()
            self.judge()

    # -- the verdict -----------------------------------------------------------------------------
    def params(self) -> dict[str, Any]:
        """The parameters as the rules take them (points as x, y in inches)."""
        spec = self.spec
        if spec is None:
            raise ValueError("no action is possible now")
        out = {}
        for p in spec.params:
            v = self.values.get(p.name)
            if v is None and p.kind in LISTS:
                raise ValueError(f"{p.label or p.name}: none to choose from now (none in sight or left)")
            if p.kind == "point":
                if not str(v).strip():
                    raise WaitingForPoint(f"click the board for “{p.label or p.name}” (or type x, y in inches)")
                try:
                    x, y = (float(t) for t in str(v).split(","))
                except ValueError:
                    raise ValueError(f"{p.name}: give a point as 'x, y' in inches, or click the board") from None
                v = (x, y)
            out[p.name] = v
        return out

    def _group_params(self) -> list[tuple[str, dict[str, Any]]]:
        """Each member of the group with the form's values for it (its figure, its point)."""
        spec, base = self.spec, self.params()
        assert spec is not None
        mover = next(p for p in spec.params if p.kind in LISTS)
        point = next(p for p in spec.params if p.kind == "point")
        return [(pid, {**base, mover.name: self._mover(mover, pid) or pid, point.name: dest}) for pid, dest in self.group]

    def turn_spec(self) -> ActionSpec | None:
        """The step's action that only turns a piece (Close Action's *Turn a figure*), if any."""
        return next((s for s in self.specs if s.turns_only), None)

    def _turn_params(self) -> tuple[ActionSpec | None, list[tuple[str, dict[str, Any]]], list[str]]:
        """The step's turn action, each of the group's :attr:`turns` it offers with its values,
        and the pieces of :attr:`turns` it does not offer (a proposal naming another side's)."""
        spec = self.turn_spec()
        if spec is None or not self.turns:
            return None, [], [pid for pid, _ in self.turns]
        mover = next(p for p in spec.params if p.kind in LISTS)
        point = next(p for p in spec.params if p.kind == "point")
        base = {p.name: p.initial() for p in spec.params}
        offered = [(pid, to, self._mover(mover, pid)) for pid, to in self.turns]
        return (spec, [(pid, {**base, mover.name: who, point.name: to}) for pid, to, who in offered if who is not None],
                [pid for pid, _, who in offered if who is None])

    def judge(self) -> Verdict:
        """Work out what Resolve would do now: the odds and, on a copy of the game, the rules' own
        verdict on the action as the form stands."""
        self.verdict = self._judged()
        self.staying = self.verdict.staying
        return self.verdict

    def _judged(self) -> Verdict:
        spec = self.spec
        if spec is None:
            return Verdict("none", False, "no action is possible now")
        try:
            params = self.params()
        except WaitingForPoint as exc:  # not a fault: the form waits for a click on the board
            return Verdict("waiting", False, str(exc))
        except ValueError as exc:
            return Verdict("unset", False, str(exc))
        if self.group:
            return self._judge_group(spec)
        judged = self.game if self.fog is None else self.judged()
        try:
            lines = spec.explain(judged, params)
            dist = spec.odds(judged, params)
            shapes = spec.preview(judged, params)
            spec.resolve(judged.branch(dice=0), params)  # rehearsed on a what-if: the rules' own verdict
        except IllegalActionError as exc:
            return Verdict("refused", False, str(exc))
        return Verdict("ready", True, "", lines, dist, shapes=shapes)

    def _judge_group(self, spec: ActionSpec) -> Verdict:
        """Each figure of the group in turn on one what-if: where it goes and its odds, or why it stays."""
        trial, shapes = self.judged().branch(dice=0), []
        moves, staying = [], [(pid, "no move is offered to it in this step") for pid in self.unoffered]
        turn, turning, unturned = self._turn_params()
        staying += [(pid, "no turn is offered to it in this step") for pid in unturned]
        for how, (pid, params) in [(spec, m) for m in self._group_params()] + [(turn, t) for t in turning]:
            try:
                dist = how.odds(trial, params)
                shapes += how.preview(trial, params)
                how.resolve(trial, params)  # the rules judge the move itself, after the figures before it
            except IllegalActionError as exc:
                staying.append((pid, str(exc)))
                continue
            chance = ", ".join(f"{label} {float(p) * 100:.0f}%" for _, label, p in dist.outcomes()) if dist else "no dice"
            if how.turns_only:
                chance = f"turns to face {heading(trial.piece(pid)['facing'])}"
            point = next(p.name for p in how.params if p.kind == "point")
            moves.append(GroupMove(pid, params[point], chance))
        where = piece_points(self.game.scenario, self.game.state)
        shapes += [Shape("circle", np.array([where[pid]]), None, STAYS, 0.07, 0.95, radius=0.6, tag="stays", dash=True)
                   for pid, _ in staying if pid in where]  # ringed on the board: these are left behind
        ok = bool(moves)
        return Verdict("group", ok, "" if ok else "no figure of the unit can make this move", moves=moves,
                       staying=staying, total=len(self.group) + len(self.unoffered) + len(self.turns), shapes=shapes)

    def rolls_dice(self) -> bool:
        """Whether the form as it stands rolls dice (its odds are worth reading first); a form the
        rules refuse counts as one, so that its reason is read, not resolved, and so does a unit's
        move that would leave figures behind (the umpire moves the others, or cancels)."""
        spec = self.spec
        if spec is None or not self.verdict.ok or (self.group and self.staying):
            return True
        try:
            judged = self.judged()
            if self.group:
                return any(spec.odds(judged, params) is not None for _, params in self._group_params())
            return spec.odds(judged, self.params()) is not None
        except ValueError:
            return True

    # -- resolving -------------------------------------------------------------------------------
    def forced(self, table: bool) -> bool:
        """Choose the action the rules demand now with nothing to choose (a card sequence's draw),
        when it is the only rules action offered, the rules allow it now (a card is left to draw)
        and the kit rolls the dice. Whether one was. Judged on the game as it is now (the form
        derived again first), never on the actions offered before the last event."""
        self.refresh()
        ruled = [s for s in self.specs if s.name not in GENERIC_NAMES]
        if table or len(ruled) != 1 or not ruled[0].forced or ruled[0].params or not possible(self.game, ruled[0]):
            return False
        self.choose(ruled[0].name)
        return True

    def act(self) -> Callable[[Game], Event]:
        """What Resolve does to a game: the form's action, or the group's moves as one."""
        spec, params = self.spec, self.params()
        if spec is None:
            raise ValueError("no action is possible now")
        if not self.group:
            return lambda game: spec.resolve(game, params)
        members = self._group_params()
        turn, turning, _ = self._turn_params()
        title = self.group_title or f"{unit_of(self.game.state, members[0][0])} moves"

        def together(game: Game) -> Event:
            """Each figure's move in turn, one group in the log (undone as one); a figure the
            moves before it now block stays."""
            events = []
            with game.grouped(f"{title} ({len(game.log)})"):
                for how, p in [(spec, p) for _, p in members] + [(turn, p) for _, p in turning]:
                    try:
                        events.append(how.resolve(game, p))
                    except IllegalActionError:
                        continue
            if not events:
                raise IllegalActionError("no figure of the unit could make this move")
            return events[-1]

        return together

    def resolve(self, table: bool = False, fresh: bool = False) -> Event | None:
        """Resolve the form with the kit's dice (the event), or start asking for table dice
        (None: :attr:`need` says which)."""
        if self.need is not None:
            raise ValueError("the faces of a roll are awaited: type them, or cancel")
        act = self.act()
        self.unread = ()  # what an earlier action left unread is said with that action only
        if fresh and self.fresh_possible:
            self.game.fresh_dice(self.seen)
        if table:
            self.entered = []
            return self._next_faces(act)
        return self._resolved(act(self.game))

    def enter_faces(self, text: str) -> Event | None:
        """The faces of the roll awaited, typed as rolled at the table: this throw's, then, if the
        person threw them, the dice beside it (:attr:`beside`), read in order only as far as the
        throw's faces call for rolls of their kind; the rest are left unread (:attr:`unread`)."""
        need = self.need
        if need is None:
            raise ValueError("no roll is waiting for faces")
        typed = len(text.replace(",", " ").split())
        sure = sum(t.n for t in self.throw)
        most = sure + sum(b.n for b in self.beside)
        if self.beside and typed > most:
            raise ValueError(f"enter the {sure} faces of this throw, and at most {most - sure} beside it; "
                             f"you entered {typed}")
        # a throw of several dice may answer this roll and the next ones of the same die at once
        # ("hit 1 of 3" ... "hit 3 of 3"): the faces beyond this roll's go to the rolls after it
        faces = parse_faces(text, need.die, max(need.n, typed))
        before, act = list(self.entered), self.act()
        extra = list(faces[sure:]) if self.beside and typed > sure else []
        self.entered += list(faces[:len(faces) - len(extra)])
        kinds = {kind_of(b.purpose) for b in self.beside}
        try:
            while extra:
                after = self.game.faces_needed(act, self.entered)
                if after is None or after.die != need.die or kind_of(after.purpose) not in kinds or after.n > len(extra):
                    break
                self.entered += extra[:after.n]
                del extra[:after.n]
            event = self._next_faces(act)
        except TooManyFaces as exc:  # more faces than the rolls that follow take: nothing is kept
            self.entered = before
            raise ValueError(f"{exc}: type only the faces of this throw") from None
        self.unread += tuple(extra)  # said with the result, however many prompts the action took
        return event

    def cancel_faces(self) -> None:
        self.need, self.throw, self.beside, self.entered = None, [], [], []

    def _next_faces(self, act: Callable[[Game], Event]) -> Event | None:
        need = self.game.faces_needed(act, self.entered)
        if need is None:
            with self.game.table_dice(self.entered):
                event = act(self.game)
            self.cancel_faces()
            return self._resolved(event)
        self.need, self.throw = need, thrown_together(self.game, act, self.entered, need)
        self.beside = thrown_beside(self.game, act, self.entered, self.throw)
        return None

    def _resolved(self, event: Event) -> Event:
        self.seen = max(self.seen, dice_drawn(self.game.state))
        return event
