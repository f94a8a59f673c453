"""*Read the table*: a photo of the real table (a file, or a tablet's camera) proposes every move
the players made there, each judged by the rules with its odds, made as one undoable action.
*Watch the table* does the same from a live camera, for each view that settles once hands are off
the table (:mod:`wgkit.widgets.livecam`)."""

from __future__ import annotations

import html
import math
from typing import Callable

import ipywidgets as W
import numpy as np

from wgkit.camera import CameraError, Reading, TableFit, read
from wgkit.engine.game import Game
from wgkit.engine.views import facing_of, is_alive, piece_ids
from wgkit.geometry.zones import bearing, offset
from wgkit.render.scene import piece_points
from wgkit.render.shapes import Shape
from wgkit.widgets.actions import ActionPanel
from wgkit.widgets.errors import ErrorArea
from wgkit.widgets.livecam import LiveCamera
from wgkit.widgets.photo import PhotoPicker

TITLE = "the table read from a photo"
GHOST = "#1f4e79"
SAME = 0.25  # inches: a live view that puts every proposed piece within this of where it was proposed proposes nothing new
TURNED = 10.0  # degrees: a piece the photo shows turned further than this from its facing in the game is proposed turned
AHEAD = 12.0  # inches: a turn is proposed as facing the point this far along the facing read


def moves_read(game: Game, reading: Reading, state: dict | None = None) -> list[tuple[str, tuple[float, float], float]]:
    """The pieces the photo shows somewhere else than the game has them, beyond the photo's
    uncertainty: (piece, where the photo has it, how far it went), in the scenario's order."""
    state = game.state if state is None else state
    where = piece_points(game.scenario, state)
    out = []
    for pid in piece_ids(state):
        seen = reading.seen.get(pid)
        if seen is None or pid not in where or not is_alive(state, pid):
            continue
        gone = math.dist(where[pid], seen.position)
        if gone > seen.uncertainty:
            out.append((pid, seen.position, gone))
    return out


def turns_read(game: Game, reading: Reading, state: dict | None = None) -> list[tuple[str, float, float]]:
    """The pieces the photo shows facing otherwise than the game has them, by more than
    :data:`TURNED`: (piece, the facing read, degrees turned), in the scenario's order."""
    state = game.state if state is None else state
    out = []
    for pid in piece_ids(state):
        seen = reading.seen.get(pid)
        if seen is None or not is_alive(state, pid):
            continue
        turned = abs((seen.facing - facing_of(state, pid) + 180) % 360 - 180)
        if turned > TURNED:
            out.append((pid, seen.facing, turned))
    return out


def named(game: Game, pid: str) -> str:
    """A piece as the page names it: its name, else its unit's and its place in it."""
    return game.scenario.spoken_names().get(pid, pid)


def _own(reading: Reading, pieces: set[str]) -> Reading:
    """The reading of ``pieces`` only: the others' markers are not mentioned at all."""
    return Reading({p: s for p, s in reading.seen.items() if p in pieces}, [p for p in reading.unseen if p in pieces],
                   [(what, why) for what, why in reading.untrusted if what in pieces], reading.table_error,
                   reading.table_markers)


class TableReader:
    """A photo upload, the moves it shows (each ticked to be made), and the arrows on the board.
    A photo refused (in the page, or by :func:`wgkit.camera.read`) clears the previous one's moves."""

    def __init__(self, game: Callable[[], Game], panel: ActionPanel, overlay: Callable[[list[Shape] | None], None],
                 errors: ErrorArea, say: Callable[[str], str] = lambda text: text, side: str | None = None):
        """``side``: a side's page, which reads only its own pieces from the photo (the enemy's
        markers are on the table too, and the side must learn nothing from them)."""
        self.game, self.panel, self.overlay, self.errors, self.say, self.side = game, panel, overlay, errors, say, side
        self.upload = PhotoPicker(errors.guard(self.read), errors.guard(self.clear), description="Read the table",
                                  tooltip="a photo of the table from above (or up to 35 degrees off), with its markers "
                                          "(wgkit markers); on a tablet this offers the camera")
        self.live = LiveCamera(errors.guard(self.read_view))
        self.kept: TableFit | None = None  # the live camera's last table fit, for a view whose markers a hand hides
        self.live.observe(lambda _: setattr(self, "kept", None), names="watching")
        self.status = W.HTML()
        self.picks = W.VBox()
        self.propose = W.Button(description="Judge the ticked moves", disabled=True, layout=W.Layout(width="auto"),
                                tooltip="the action panel shows each move's odds or why the rules refuse it; Resolve makes them all")
        self.moves: list[tuple[str, tuple[float, float], float]] = []
        self.turns: list[tuple[str, tuple[float, float], float]] = []  # (piece, the point it faces, degrees turned)
        self.propose.on_click(errors.guard(lambda _: self.judge()))
        self.propose.layout.display = "none"  # shown with the moves a photo shows
        # what a read shows, below the button (a page may put the button itself elsewhere)
        self.found = W.VBox([self.status, self.picks, self.propose])
        self.widget = W.VBox([W.HTML("<b>The real table</b>"), self.upload, self.live, self.found])

    def read(self, photo: bytes) -> list[tuple[str, tuple[float, float], float]]:
        """Read ``photo``, list the moves it shows (all ticked), draw them, and judge them."""
        game = self.game()
        try:
            reading = read(photo, game.scenario, expected=self._places(game))
        except CameraError as exc:
            self.clear()  # the previous photo's moves are not this one's
            self.status.value = f"<span style='color:#9b1c1c'>{html.escape(str(exc))}</span>"
            raise
        return self._propose(game, self._mine(game, reading))

    def read_view(self, frame: bytes) -> str:
        """A settled view of the live camera, read as a photo is; what it showed, in words. A view
        the kit cannot place (a hand left over the markers) changes nothing; a view that shows the
        moves already proposed leaves them (and the umpire's ticks) as they are."""
        game = self.game()
        try:
            whole = read(frame, game.scenario, kept=self.kept, expected=self._places(game))
        except CameraError as exc:
            return f"it cannot be read ({exc})"
        self.kept = whole.fit
        reading = self._mine(game, whole)
        moves, turns = moves_read(game, reading), self._turns(game, reading)
        said = f"{len(moves)} moved" + (f", {len(turns)} turned" if turns else "")
        if self._same(moves, self.moves) and self._same(turns, self.turns):
            return f"{said}, as proposed" if moves or turns else "nothing moved"
        if moves or turns:
            self._propose(game, reading)
        else:
            self.clear()
        return said

    @staticmethod
    def _same(new: list[tuple[str, tuple[float, float], float]], old: list[tuple[str, tuple[float, float], float]]) -> bool:
        """Whether a view proposes what is proposed already: the same pieces, each within
        :data:`SAME` of its point (where it goes, or the point it faces)."""
        return [p for p, _, _ in new] == [p for p, _, _ in old] and all(
            math.dist(a, b) <= SAME for (_, a, _), (_, b, _) in zip(new, old))

    def _turns(self, game: Game, reading: Reading) -> list[tuple[str, tuple[float, float], float]]:
        """The turns ``reading`` shows, each as the point the piece faces, where the step offers a
        turn (elsewhere a piece's facing is the rules' own business: nothing is proposed)."""
        if not self.panel.turns_offered():
            return []
        where = {pid: s.position for pid, s in reading.seen.items()}
        return [(pid, offset(where[pid], facing, AHEAD), turned) for pid, facing, turned in turns_read(game, reading)]

    def _places(self, game: Game) -> dict[str, tuple[float, float]]:
        """Where the game puts the pieces this page reads (on a side's page, its own): a marker
        too blurred to tell apart is read as the piece the game puts near it (wgkit.camera.read)."""
        where = piece_points(game.scenario, game.state)
        if self.side is None:
            return where
        own = set(piece_ids(game.state, side=self.side))
        return {p: xy for p, xy in where.items() if p in own}

    def _mine(self, game: Game, reading: Reading) -> Reading:
        """On a side's page, the reading of the side's own pieces only."""
        return reading if self.side is None else _own(reading, set(piece_ids(game.state, side=self.side)))

    def _propose(self, game: Game, reading: Reading) -> list[tuple[str, tuple[float, float], float]]:
        """List the moves ``reading`` shows (all ticked), draw them, and judge them."""
        self.moves, self.turns = moves_read(game, reading), self._turns(game, reading)
        names = {pid: named(game, pid) for pid in piece_ids(game.state)}
        lines = [f"{len(reading.seen)} pieces seen, {len(self.moves)} moved" + (f", {len(self.turns)} turned" if self.turns else "")]
        if reading.unseen:
            lines.append("not seen (left where they are): " + ", ".join(names.get(p, p) for p in reading.unseen))
        lines += [f"not trusted: {names.get(what, what)}: {why}" for what, why in reading.untrusted]
        self.status.value = "<br>".join(f"<small>{html.escape(self.say(line))}</small>" for line in lines)
        # where each goes is drawn on the board as an arrow
        self.picks.children = [W.Checkbox(value=True, indent=False, description=f"{names.get(pid, pid)} {gone:.1f}\"")
                               for pid, to, gone in self.moves] + \
                              [W.Checkbox(value=True, indent=False, description=f"{names.get(pid, pid)} turned {turned:.0f}°")
                               for pid, _, turned in self.turns]
        for box in self.picks.children:
            box.observe(lambda _: self.judge(), names="value")
        found = bool(self.moves or self.turns)
        self.overlay(self._arrows(game) if found else None)
        self.propose.disabled = not found
        self.propose.layout.display = "" if found else "none"
        if found:
            self.judge()
        return self.moves

    def ticked(self) -> list[tuple[str, tuple[float, float]]]:
        """The moves ticked: (piece, where it goes)."""
        return [(pid, to) for (pid, to, _), box in zip(self.moves, self.picks.children) if box.value]

    def ticked_turns(self) -> list[tuple[str, tuple[float, float]]]:
        """The turns ticked: (piece, the point it faces)."""
        boxes = self.picks.children[len(self.moves):]
        return [(pid, to) for (pid, to, _), box in zip(self.turns, boxes) if box.value]

    def judge(self) -> None:
        """Fill the action panel with the ticked moves and turns: each judged by the rules, one Resolve."""
        chosen, turns = self.ticked(), self.ticked_turns()
        if not chosen and not turns:
            raise ValueError("no move is ticked")
        left = self.panel.take_moves(chosen, TITLE, turns)
        if left:
            raise ValueError("no move action offers " + ", ".join(named(self.game(), p) for p in left) + " now")

    def clear(self) -> None:
        """Forget the photo read: its moves, its arrows, and its group in the action form."""
        self.moves, self.turns, self.picks.children, self.status.value = [], [], (), ""
        self.propose.disabled, self.propose.layout.display = True, "none"
        self.overlay(None)
        if self.panel.group_title == TITLE:
            self.panel.forget_group()

    def _arrows(self, game: Game) -> list[Shape]:
        """An arrow from each piece to where the photo has it, and a ring there (the ghost)."""
        where = piece_points(game.scenario, game.state)
        out = []
        for pid, (x, y), _ in self.moves:
            x0, y0 = where[pid]
            angle = math.atan2(y - y0, x - x0)
            head = [(x - 0.5 * math.cos(angle + s), y - 0.5 * math.sin(angle + s)) for s in (0.45, -0.45)]
            out += [Shape("line", np.array([[x0, y0], [x, y]]), None, GHOST, 0.06, 0.9, tag="table-read"),
                    Shape("line", np.array([head[0], [x, y], head[1]]), None, GHOST, 0.06, 0.9, tag="table-read"),
                    Shape("circle", np.array([[x, y]]), None, GHOST, 0.05, 0.8, radius=0.45, tag="table-read", dash=True)]
        moved = {pid: to for pid, to, _ in self.moves}
        for pid, ahead, _ in self.turns:  # a line the way the piece now faces, from where it stands after its move
            x0, y0 = moved.get(pid, where[pid])
            end = offset((x0, y0), bearing((x0, y0), ahead), 1.2)
            out.append(Shape("line", np.array([[x0, y0], end]), None, GHOST, 0.08, 0.9, tag="table-read"))
        return out
