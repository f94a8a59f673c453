"""TurnPanel: the turn sequence with the current step marked; Next, and Back, which says what it
will undo. Before Next is pressed the panel says what leaving the step gives up (the actions
offered where nothing was done yet), or what Next makes instead where a step goes card by card,
so one press ends a step; only a step where the rules still require something warns at the first
press. Next goes on past the steps where no action the rules offer is possible for anyone now
(each pass is a flow event in the log), unless the umpire turns that off."""

from __future__ import annotations

import html
from typing import Callable

import ipywidgets as W

from wgkit.engine import deck as cards
from wgkit.engine.game import Game, IllegalActionError
from wgkit.engine.views import active_side, decks, game_over
from wgkit.rules.registry import actions_for, get_ruleset
from wgkit.form import GENERIC_NAMES, possible
from wgkit.widgets.errors import ErrorArea

Changed = Callable[[], None]
PASSED = "done by itself"  # the group of steps nobody could act in passing, and cards the rules make you draw


class TurnPanel:
    """The turn sequence with the current step highlighted; Next and Back; the deck if any."""

    def __init__(self, game: Game, errors: ErrorArea, changed: Changed = lambda: None):
        self.game, self.errors, self.changed = game, errors, changed
        self.say = game.scenario.wording()
        self.gloss = game.scenario.glossary()  # the ruleset's terms explained where first used
        self.sides = {s.id: s.name for s in game.scenario.sides}  # sides as the page names them
        self.html = W.HTML()
        self.next = W.Button(description="Next ▶", tooltip="go to the next step")
        self.back = W.Button(description="◀ Back", tooltip="undo back to the start of the previous step")
        self.warning = W.HTML()
        self._warned_at: int | None = None  # log length when Next last warned
        self._offers: tuple[int, object, list[str]] | None = None  # offered() for a log length and last event
        self.entered: list[Callable[[], None]] = []  # called after Next enters a step (the forced draw)
        self.make: Callable[[str], object] | None = None  # makes an action by name (the page's form)
        self.next.on_click(errors.guard(lambda _: self.go_next()))
        self.back.on_click(errors.guard(lambda _: self.go_back()))
        self.back_note = W.HTML()
        self.skip_empty = W.Checkbox(value=True, indent=False, description="pass steps with nothing to do; draw forced cards",
                                     tooltip="a step where the rules offer no action to anyone is passed by itself, and a "
                                             "card the rules make you draw (with the kit's dice) is drawn",
                                     layout=W.Layout(width="auto"))
        self.passed = W.HTML()
        for note in (self.warning, self.passed):  # an empty note takes no line: Resolve stays in view
            note.observe(lambda change: setattr(change["owner"].layout, "display", "" if change["new"] else "none"), "value")
            note.layout.display = "none"
        # the page puts ``skip_empty`` with its other settings, below the form (Resolve stays in view)
        self.widget = W.VBox([self.html, W.HBox([self.back, self.next]), self.back_note, self.warning, self.passed])
        self.refresh()

    def _step_start(self) -> int | None:
        """Index in the log of the flow event that entered the current step (None: the first step)."""
        flows = [i for i, e in enumerate(self.game.log) if e.kind == "flow"]
        return flows[-1] if flows else None

    def offered(self) -> list[str]:
        """The labels of the rules actions someone can take now (the umpire's own tools aside):
        offered, and possible for some choice of who acts and at whom. Worked out once per state
        of the log (its length and its last event), since every refresh asks."""
        g = self.game
        last = g.log[-1] if g.log else None
        if self._offers is None or self._offers[0] != len(g.log) or self._offers[1] is not last:
            self._offers = (len(g.log), last, [s.label for s in actions_for(g) if s.name not in GENERIC_NAMES
                                               and possible(g, s)])
        return list(self._offers[2])

    def untaken(self) -> list[str]:
        """The rules actions offered in this step, if none was taken in it (a reason to stop at Next)."""
        start = self._step_start()
        since = self.game.log[(start + 1 if start is not None else 0):]
        acted = [e for e in since if e.kind not in ("flow", "step")]
        return [] if acted else self.offered()

    def pass_empty(self, most: int = 100) -> list[str]:
        """Pass, one after the other, the steps where the rules offer nothing to anyone (while
        ``skip_empty`` is ticked); returns the names of the steps passed."""
        passed: list[str] = []
        owed = get_ruleset(self.game.scenario.ruleset).pending
        while self.skip_empty.value and not self.offered() and not owed(self.game) and len(passed) < most:
            name = self.game.current_step().name
            try:
                with self.game.grouped(PASSED):  # undone with what made them pass (:meth:`last_done`)
                    self.game.advance()
            except IllegalActionError:  # the game is over, or its last turn ended
                break
            passed.append(name)
        if passed:
            self.passed.value = (f"<small style='color:#555'>passed by itself, nothing to do: "
                                 f"{html.escape(', '.join(passed))}</small>")
        return passed

    def makes(self) -> str | None:
        """The action Next makes instead of leaving the step, where the rules' clock in it is owed
        (Rookie's next card once the card out is played or passed): its name, else None."""
        rules = get_ruleset(self.game.scenario.ruleset)
        name = rules.next_action(self.game) if self.make is not None else None
        return name if name and rules.pending(self.game) and not game_over(self.game.state) else None

    def go_next(self) -> None:
        """Go on. A step where nothing was done ends at one press: the panel said beforehand what
        it offers (:meth:`refresh`). Where the step's clock is owed (Rookie's next card), Next
        makes it (:meth:`makes`). Where the rules still require something else (a test owed) the
        first press only warns, naming what."""
        made = self.makes()
        if made is not None and self.make is not None:
            self.make(made)
            return
        owed = get_ruleset(self.game.scenario.ruleset).pending(self.game)
        if owed and self._warned_at != len(self.game.log):
            self._warned_at = len(self.game.log)
            step = html.escape(self.game.current_step().name)
            self.warning.value = (f"<div style='color:#92400e;background:#fef3c7;padding:2px 4px'>The rules still "
                                  f"require in <b>{step}</b>: {html.escape(self.say('; '.join(owed)))}. "
                                  f"Press Next again to go on.</div>")
            return
        self.game.advance()
        self.passed.value = ""
        self.pass_empty()
        self.changed()
        for hook in self.entered:
            hook()

    def last_done(self) -> int:
        """Where the latest thing done begins in the log: the latest event's group, with the
        steps that then passed by themselves (Undo last takes both back)."""
        g = self.game
        start = g.group_start()
        if start < len(g.log) and (g.log[-1].action or {}).get("group") == PASSED and start > 0:
            start = g.group_start(start)
        return start

    def after_act(self) -> None:
        """After an action: when it left nothing anyone can do in the step (and the rules owe
        nothing), the step passes by itself, as after Next; when all it left is a card the rules
        make you draw (a unit's activation spent), the card is drawn, as on entering a step."""
        with self.game.grouped(PASSED):  # done by itself: undone with the action (:meth:`last_done`)
            self.pass_empty()
            for hook in self.entered:
                hook()

    def go_back(self) -> None:
        start = self._step_start()
        if start is None:
            raise ValueError("already at the first step")
        self.game.undo_to(start)  # its step hook follows it
        self.changed()

    def _back_text(self) -> str:
        start = self._step_start()
        if start is None:
            return "at the first step: nothing to go back to"
        undone = self.game.log[start:]
        acts = [self.say(e.text) for e in undone if e.kind not in ("flow", "step")]
        what = f"; and undo {len(acts)} action{'s' if len(acts) != 1 else ''}: " + "; ".join(acts) if acts else ""
        return f"Back returns to the previous step{what}"

    def refresh(self) -> None:
        g = self.game
        turn, phase, step = g.position
        if g.flow.headline is not None:
            rows = [self.say(g.flow.headline(g))]
        else:
            rows = [f"<b>Turn {turn}</b>" + (f" of {g.scenario.turns}" if g.scenario.turns else "")
                    + f" &mdash; active: {html.escape(self.sides.get(active_side(g.state), active_side(g.state)))}"]
        if game_over(g.state):
            rows.append(f"<div style='color:#b00'><b>Game over:</b> {html.escape(self.say(game_over(g.state)))}</div>")
        steps = []
        for pi, ph in enumerate(g.flow.phases):
            for si, st in enumerate(ph.steps):
                here = (pi, si) == (phase, step)
                style = "background:#ffd60a;font-weight:bold" if here else "color:#555;font-size:85%"
                who = ", ".join(self.sides.get(s, s) for s in g.acting_sides()) if here else st.who
                rules = f" title='rules: {html.escape(st.ref, quote=True)}'" if st.ref else ""  # the section, on hover
                row = (f"<div style='{style}'{rules}>{html.escape(ph.name)}: {html.escape(st.name)} "
                       f"<small>({html.escape(who)})</small></div>")
                steps.append(row)
                if here:
                    rows.append(row)
        _, np_, ns = g.flow.after(turn, phase, step)
        makes = self.makes()
        untaken = [] if game_over(g.state) or makes else self.untaken()
        offered = self.say(", ".join(untaken))  # on one line: the list on hover
        gives_up = (f" <span title='offered here: {html.escape(offered, quote=True)}'>&middot; nothing done here yet "
                    f"({len(untaken)} offered)</span>" if untaken else "")
        self.next.tooltip = f"go to the next step; nothing was done here ({offered} offered)" if untaken else "go to the next step"
        if makes:
            label = next((s.label for s in actions_for(g) if s.name == makes), makes)
            self.next.tooltip = f"{label}: the step goes on with it"
            rows.append(f"<div class='wgkit-next' style='color:#555;font-size:85%'>Next: {html.escape(self.say(label))}</div>")
        else:
            rows.append(f"<div class='wgkit-next' style='color:#555;font-size:85%'>next: "
                        f"{html.escape(g.flow.phases[np_].name)}: {html.escape(g.flow.step(np_, ns).name)}{gives_up}</div>")
        rows.append(f"<details><summary style='font-size:85%;color:#555'>the whole turn ({len(steps)} steps)"
                    f"</summary>{''.join(steps)}</details>")
        for name, (left, turned) in decks(g.state).items():
            last = turned or "none"
            colour = cards.colour(turned) if turned else ""
            rows.append(f"<div>Deck <b>{html.escape(name)}</b>: {left} to draw; last card "
                        f"<b style='color:{'#b00' if colour == 'red' else '#000'}'>{last}</b></div>")
        self.html.value = self.gloss("<div style='line-height:1.4'>" + "".join(rows) + "</div>")
        self.back.tooltip = self._back_text()
        head, _, undone = self.back.tooltip.partition("; and undo ")
        # what Back would undo folds under one line, so that a long step does not push Resolve out of view
        self.back_note.value = (f"<details><summary><small style='color:#555'>{html.escape(head)}, undoing "
                                f"{html.escape(undone.split(':')[0])}</small></summary><small style='color:#555'>"
                                f"{html.escape(undone.partition(': ')[2])}</small></details>" if undone else
                                f"<small style='color:#555'>{html.escape(head)}</small>")
        if self._warned_at != len(g.log):  # the game moved on (or back): a warning given before is gone
            self.warning.value, self._warned_at = "", None


