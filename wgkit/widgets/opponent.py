"""The opponent's controls in the umpire app: hand a side to the kit's opponent, and let it play
that side's part of a step (by a button, or by itself whenever such a step comes)."""

from __future__ import annotations

import html
import json
import os
from pathlib import Path
from typing import Callable

import ipywidgets as W

from wgkit.engine.game import Game
from wgkit.engine.views import game_over
from wgkit.opponent import STYLES, Opponent
from wgkit.rules.policies import leaving
from wgkit.rules.registry import get_ruleset
from wgkit.widgets.errors import ErrorArea
from wgkit.widgets.menu import Menu


class OpponentBox:
    """Which side the opponent plays, how, and a button to let it play now. Each choice it makes
    is an event of its own in the log (kind ``opponent``), right after the action, saying why and
    with which odds; the umpire undoes its moves like any other."""

    def __init__(self, game: Game, errors: ErrorArea, changed: Callable[[], None] = lambda: None,
                 keep: Path | None = None, busy: Callable[[bool], None] = lambda thinking: None):
        """``keep``: a file beside the game's journal holding the seat the opponent plays, so that a
        reload (or another page) finds it; ``busy``: told when the opponent starts and stops
        thinking (the page disables its other controls meanwhile)."""
        self.game, self.changed, self.keep, self.busy = game, changed, keep, busy
        half = W.Layout(width="50%")  # the two lists share the panel's width rather than overflow it
        self.side = Menu(options=[("nobody", "")] + [(s.name, s.id) for s in game.scenario.sides],
                         description="Opponent", tooltip="the side the kit's opponent plays", layout=half)
        self.style = Menu(options=list(STYLES), value="balanced", description="style", layout=half,
                          style={"description_width": "initial"})
        self.auto = W.Checkbox(value=False, indent=False, description="plays its steps by itself")
        self.go = W.Button(description="Opponent plays this step", icon="play",
                           layout=W.Layout(width="auto", flex="0 0 auto"),  # its words whole beside the tick box
                           tooltip="the opponent takes its side's actions in the current step")
        self.go.on_click(errors.guard(lambda _: self.play()))
        self._recall()
        for control in (self.side, self.auto):  # the button follows the side; ticked, it may play at once
            control.observe(errors.guard(lambda _: self.changed()), "value")
        for control in (self.side, self.style, self.auto):
            control.observe(errors.guard(lambda _: self._remember()), "value")
        self.note = W.HTML()
        self.widget = W.VBox([W.HBox([self.side, self.style]), W.HBox([self.go, self.auto]), self.note])
        self._played_at: int | None = None  # log length after the opponent last played
        self.refresh()

    def play(self) -> int:
        """The opponent plays its side's part of the current step; returns the actions it took.
        Where only its side acts in the step, the ruleset's simple policy then takes what the step
        still asks for (tests that fall due); in a step shared with a person, it leaves the rest."""
        side = self.side.value
        if not side:
            raise ValueError("choose the side the kit's opponent plays")
        acting = self.game.acting_sides()
        if side not in acting:
            raise ValueError(f"{side} does not act in {self.game.current_step().name}")
        opponent = Opponent(side, style=self.style.value, seed=len(self.game.log))
        policy = get_ruleset(self.game.scenario.ruleset).policy
        # the policy plays no one's cards: the opponent its own, the people theirs
        everyone = [s.id for s in self.game.scenario.sides]
        finish = leaving(policy.play_step, everyone) if acting == [side] and policy is not None \
            else (lambda g, say: None)
        lines: list[str] = []

        def say(line: str) -> None:
            if line.startswith("opponent ("):
                self.game.record("opponent", [], line)
            lines.append(line)

        label, self.go.description, self.go.disabled = self.go.description, "The opponent is thinking…", True
        self.busy(True)
        try:
            taken = opponent.play_step(self.game, say, finish=finish)
        finally:
            self.go.description = label
            self.busy(False)
        self._played_at = len(self.game.log)
        self.note.value = (f"<small>the opponent took {taken} action{'s' if taken != 1 else ''}"
                           + (f"; then the step's obligations: {html.escape('; '.join(lines[taken:]))}"
                              if len(lines) > taken else "") + "</small>")
        self.changed()
        return taken

    def _recall(self) -> None:
        """The seat kept beside the journal, if any (a file it cannot read, or naming a side this
        game lacks, is left unused)."""
        try:
            kept = json.loads(self.keep.read_text()) if self.keep is not None else None
        except (OSError, ValueError):
            return
        if not isinstance(kept, dict):
            return
        if kept.get("side") in [v for _, v in self.side.options]:
            self.side.value = kept["side"]
        if kept.get("style") in STYLES:
            self.style.value = kept["style"]
        if isinstance(kept.get("auto"), bool):
            self.auto.value = kept["auto"]

    def _remember(self) -> None:
        """Write the seat beside the journal, whole or not at all."""
        if self.keep is None:
            return
        text = json.dumps({"side": self.side.value, "style": self.style.value, "auto": self.auto.value})
        part = self.keep.with_name(self.keep.name + ".part")
        part.write_text(text)
        os.replace(part, self.keep)

    def due(self) -> bool:
        """Should the opponent play by itself now: it plays by itself, its side is the only one
        acting, and it has not played since the game last changed."""
        side = self.side.value
        return bool(side and self.auto.value and self.game.acting_sides() == [side]
                    and self._played_at != len(self.game.log) and not game_over(self.game.state))

    def refresh(self) -> None:
        side = self.side.value
        self.go.disabled = not side or side not in self.game.acting_sides()


def seat_path(journal: str | os.PathLike[str]) -> Path:
    """Where the seat the opponent plays in the game journaled at ``journal`` is kept."""
    p = Path(journal)
    return p.with_name(p.name.removesuffix(".wgsave") + ".opponent.json")
