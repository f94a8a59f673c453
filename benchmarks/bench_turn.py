"""A turn at the table, by clicks: how many interactions and how long (issue 45, item 9).

    python benchmarks/bench_turn.py            # the hedgerow farm's US turn, each tutorial's first turn,
                                               # then the opponent's steps in the page
    python benchmarks/bench_turn.py --dry      # the same counts without a browser

Each game is served by ``wgkit play`` and played in Debian's Chromium at 1400x900, the way an umpire
plays it: clicks on the board choose who acts and at whom, a drag moves (a whole unit at once, with
"drag moves: its whole unit"), Resolve confirms, Next goes on. A shadow game in this process, driven
through the same panel, plans each action (who can act, at whom) and checks that the page's journal
holds what it holds. For each game it prints the clicks, drags, selections and key presses, the
units that acted, the interactions per acting unit (the target: at most three) and the wall time.
The baseline is the same turn without the kit's help: one drag and one Resolve per figure, and the
action chosen from the list every time (what the issue measured before).
"""

from __future__ import annotations

import math
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import ARGS, CHROMIUM, free_port, wait_for_addresses  # noqa: E402
from wgkit.session import load_game  # noqa: E402
from wgkit.render.scene import piece_points  # noqa: E402
from wgkit.widgets import UmpireApp  # noqa: E402
from wgkit.widgets.actions import GENERIC_NAMES  # noqa: E402
from wgkit.widgets.turn import PASSED  # noqa: E402
from wgkit.form import possible  # noqa: E402

TUTORIALS = ["close_action/tutorial_crossroads", "company_fire/tutorial_orchard_gate",
             "eagles/tutorial_crossroads_barrage", "easy_company/tutorial_farmyard", "rookie/tutorial_worked_example"]
VIEW = {"width": 1400, "height": 900}


class Table:
    """The page and its shadow, and a count of every interaction made on the page."""

    def __init__(self, page, shadow: UmpireApp, journal: Path):
        self.page, self.shadow, self.journal = page, shadow, journal
        self.count: Counter[str] = Counter()
        self.acted: set[str] = set()
        self.acts: set[tuple] = set()  # (unit, step): a unit acting in a step (Rookie: on a card)
        self.phantoms: list[str] = []  # events nobody asked for: made but not what the form said, or not on the page
        self._pending: tuple | None = None  # a Resolve made on the shadow, not yet on the page: the step it was made in

    def note(self, unit: str) -> None:
        self.acted.add(unit)
        self.acts.add((unit, tuple(self.shadow.game.position), len(self.shadow.game.state["decks"].get("activation", {}).get("discard", []))))

    # -- what a person does ----------------------------------------------------------------------
    def click_button(self, name: str, kind: str = "clicks") -> None:
        self.flush()
        self._press(name, kind)

    def _press(self, name: str, kind: str) -> None:
        self.count[kind] += 1
        if self.page is not None:
            self.page.get_by_role("button", name=name).first.click()  # Resolve: the first, before Resolve ▶ Next

    def flush(self) -> None:
        """The Resolve made on the shadow, clicked on the page, now that the next gesture is not Next."""
        if self._pending is not None:
            self._pending = None
            self._press("Resolve", "clicks")
            self.settle(len(self.shadow.game.log))

    def choose(self, label: str) -> None:
        self.flush()
        self.count["selections"] += 1
        if self.page is not None:
            self.page.locator("select").nth(1).select_option(label=label)

    def _xy(self, point) -> tuple[float, float]:
        t = self.shadow.game.scenario.table
        board = self.page.locator("canvas").first
        seen = board.bounding_box()
        if seen["y"] < 0 or seen["y"] + seen["height"] > VIEW["height"]:
            # partly out of view: a press would focus it and scroll it, moving it under the pointer
            board.evaluate("c => c.scrollIntoView({block: 'start'})")
        box = board.bounding_box()
        k = box["width"] / t.width
        return box["x"] + point[0] * k, box["y"] + (t.depth - point[1]) * k

    def click_piece(self, piece: str) -> None:
        self.flush()
        self.count["clicks"] += 1
        at = piece_points(self.shadow.game.scenario, self.shadow.game.state)[piece]
        if self.page is not None:
            self.page.mouse.click(*self._xy(at))
        self.shadow.board.on_down(*self.shadow.board.canvas.to_px([at])[0])
        self.shadow.board.on_up(*self.shadow.board.canvas.to_px([at])[0])

    def drag(self, piece: str, to: tuple[float, float]) -> None:
        self.flush()
        self.count["drags"] += 1
        at = piece_points(self.shadow.game.scenario, self.shadow.game.state)[piece]
        if self.page is not None:
            x, y = (round(v) for v in self._xy(to))  # the page sees the mouse at whole pixels: so does the shadow
            box, t = self.page.locator("canvas").first.bounding_box(), self.shadow.game.scenario.table
            to = ((x - box["x"]) * t.width / box["width"], t.depth - (y - box["y"]) * t.width / box["width"])
            self.page.mouse.move(*self._xy(at))
            self.page.mouse.down()
            self.page.mouse.move(x, y, steps=6)
            self.page.mouse.up()
        b = self.shadow.board
        b.on_down(*b.canvas.to_px([at])[0])
        b.on_move(*b.canvas.to_px([to])[0])
        b.on_up(*b.canvas.to_px([to])[0])

    # -- keeping the shadow and the page together -------------------------------------------------
    def length(self) -> int:
        return len(load_game(self.journal, recover=True).game.log)

    def settle(self, want: int) -> None:
        if self._pending is not None:  # the page has yet to Resolve: it does now, and settles
            self.flush()
            return
        if self.page is None:
            return
        deadline = time.monotonic() + 60
        while self.length() != want:
            if time.monotonic() > deadline:
                raise SystemExit(f"the page's journal holds {self.length()} events, the shadow {want}")
            time.sleep(0.2)
        self.page.get_by_text(f"· {want} events").wait_for(timeout=60_000)
        page = [e.text for e in load_game(self.journal, recover=True).game.log]
        self.phantoms += [f"page: {t}" for t, u in zip(page, (e.text for e in self.shadow.game.log)) if t != u]

    def start(self) -> None:
        """Start: the page and the shadow pass the first steps where nobody can act."""
        self.click_button("Start the game ▶")
        self.shadow.begin()
        self.settle(len(self.shadow.game.log))

    def resolve(self) -> None:
        """Resolve, on the page and the shadow; the events made must be those the form said (its
        rehearsal on a copy of the game with the same dice)."""
        game = self.shadow.game
        n, trial = len(game.log), game.branch()
        self.shadow.actions.model.act()(trial)
        said = [e.text for e in trial.log[n:]]
        self.flush()
        at = game.position
        self.shadow.actions.resolve()
        made = [e.text for e in game.log[n:] if (e.action or {}).get("group") != PASSED]  # passes: the page's
        self.phantoms += [f"made: {t}" for t in made if t not in said]
        self._pending = at  # clicked on the page with what follows: Resolve ▶ Next if Next, else Resolve

    def next(self) -> None:
        before = len(self.shadow.game.log)
        if "--why" in sys.argv:
            print(f"  Next in {self.shadow.game.current_step().name}: offered {self.shadow.turn.offered()}")
        if self._pending is not None and self._pending != self.shadow.game.position:
            self.flush()  # the step passed by itself after the action: Resolve ▶ Next would not go on
            before = len(self.shadow.game.log)
        if self._pending is not None:  # the step's last action and Next in one press
            self._pending = None
            self._press("Resolve ▶ Next", "clicks")
        else:
            self._press("Next ▶", "next")
        self.shadow.turn.go_next()
        if len(self.shadow.game.log) == before:  # the step warned that nothing was done: again
            self.click_button("Next ▶", "next")
            self.shadow.turn.go_next()
        self.settle(len(self.shadow.game.log))


def plan(shadow: UmpireApp, done: set[str]):
    """The first gesture of this step that makes a rules action ready to resolve, for a unit that
    has not acted in it: a drag from an actor onto an enemy (the actor acts on it), else a click on
    the actor. Tried in the form's own action first. Returns (gesture, actor, enemy, unit) or None."""
    g, a = shadow.game, shadow.actions
    drawn = piece_points(g.scenario, g.state)
    pieces = g.state["pieces"]
    keep = a.choice.value
    held = {name: w.value for name, w in a.inputs.items() if hasattr(w, "value")}  # the page's form, as it stands
    try:
        for spec in sorted((s for s in a.specs if s.name not in GENERIC_NAMES and s.params), key=lambda s: s.name != keep):
            if any(p.kind == "point" for p in spec.params):
                continue  # moves are dragged, not clicked
            a.choice.value = spec.name
            first = spec.params[0]
            names = [spec.actor] if spec.actor else [v for _, v in getattr(a.inputs.get(first.name), "options", ())]
            for value in names:
                actor = next((p for p in drawn if p == value or pieces[p]["unit"] == value), None)
                if actor is None or pieces[actor]["unit"] in done:
                    continue
                enemies = [p for p in drawn if pieces[p]["side"] != pieces[actor]["side"]]
                for gesture, enemy in [("aim", e) for e in enemies] + [("click", None)]:
                    restore(a, spec.name, {})
                    if gesture == "aim" and not a.aim(actor, enemy):
                        continue
                    if gesture == "click":
                        a.set_piece(actor)
                    if not a.button.disabled and resolvable(a):
                        return gesture, actor, enemy, pieces[actor]["unit"], a.choice.value, a.choice.label
    finally:  # planning tried gestures on the shadow only: put its form back as the page's is
        restore(a, keep, held)
    return None


def gesture_chooses(panel, gesture: str, actor: str, enemy, name: str) -> bool:
    """Whether the gesture, made on the form as it stands, gives action ``name`` (tried on the
    shadow and put back)."""
    keep = panel.choice.value
    held = {n: w.value for n, w in panel.inputs.items() if hasattr(w, "value")}
    try:
        if gesture == "aim":
            panel.aim(actor, enemy)
        else:
            panel.set_piece(actor)
        return panel.choice.value == name
    finally:
        restore(panel, keep, held)


def restore(panel, choice: str, held: dict) -> None:
    panel.choice.value = choice
    for name, value in held.items():
        if name in panel.inputs:
            panel.inputs[name].value = value


def resolvable(panel) -> bool:
    """Whether the form, as it stands, resolves (tried on a what-if copy with dice of its own)."""
    try:
        panel.model.act()(panel.game.branch(dice=0))
    except ValueError:  # IllegalActionError among them: the rules refuse what the odds allowed
        return False
    return True


def act_by_clicks(table: Table, most: int = 8) -> None:
    """Every unit that can act by clicks in this step does, once; an action the form offers
    ready, with nothing to choose (Rookie's card draw), is resolved as it stands. A unit acts on an
    enemy by a drag from it onto the enemy, or by a click on the enemy when the form already
    holds it; else by a click on it."""
    done: set[str] = set()
    a = table.shadow.actions
    for _ in range(most):
        spec = a.spec
        found = plan(table.shadow, done)
        if found is None:
            if spec is not None and spec.name not in GENERIC_NAMES and not spec.params and not a.button.disabled \
                    and spec.name not in done and resolvable(a):
                done.add(spec.name)
                table.resolve()
                continue
            return
        gesture, actor, enemy, unit, name, label = found
        if not gesture_chooses(a, gesture, actor, enemy, name):  # the gesture alone would not reach it:
            table.choose(label)  # the person picks the action first
            a.choice.value = name
        spec = a.spec
        holds = spec.actor or (getattr(a.inputs.get(spec.params[0].name), "value", None) if spec.params else None)
        mine = holds in (actor, unit)  # a person reads the form: the actor it already holds is not clicked again
        if gesture == "aim" and mine:
            table.click_piece(enemy)
        elif gesture == "aim":
            table.drag(actor, piece_points(table.shadow.game.scenario, table.shadow.game.state)[enemy])
        elif not mine:
            table.click_piece(actor)
        table.note(unit)
        table.resolve()
        done.add(unit)


def whole_units(table: Table) -> None:
    """A drag moves the whole unit: the toggle clicked once, where the page shows it."""
    a = table.shadow.actions
    if a.drag_mode.value != "unit" and a.drag_row.layout.display != "none":
        table.click_button("its whole unit")
        a.drag_mode.value = "unit"


def move_units(table: Table, side: str, forward: float) -> None:
    """Each of ``side``'s units moved by one drag of its first figure (the whole unit goes)."""
    s = table.shadow
    whole_units(table)
    units = sorted({p["unit"] for p in s.game.state["pieces"].values() if p["side"] == side and p["alive"]})
    for unit in units:
        drawn = piece_points(s.game.scenario, s.game.state)
        lead = next((pid for pid, p in s.game.state["pieces"].items() if p["unit"] == unit and pid in drawn), None)
        if lead is None:
            continue
        x, y = drawn[lead]
        before = len(s.game.log)
        table.drag(lead, (x, y + forward))
        if len(s.game.log) == before:
            continue  # the rules refuse this unit's move: the drag is counted, nothing moved
        table.settle(len(s.game.log))
        table.note(unit)


def plan_move(shadow: UmpireApp, unit: str) -> tuple[str, tuple[float, float]] | None:
    """Where a person would drag ``unit`` in this step: its first figure towards the nearest enemy,
    three quarters, half or a quarter of its allowance (or 3", 2", 1" where the rules give none),
    to the nearest half inch, the first the step's move action takes and the rules allow. None if
    none does."""
    g, a = shadow.game, shadow.actions
    drawn = piece_points(g.scenario, g.state)
    pieces = g.state["pieces"]
    lead = next((pid for pid, p in pieces.items() if p["unit"] == unit and p["alive"] and pid in drawn), None)
    if lead is None:
        return None
    here = drawn[lead]
    enemies = [xy for pid, xy in drawn.items() if pieces[pid]["side"] != pieces[lead]["side"] and pieces[pid]["alive"]]
    if not enemies:
        return None
    there = min(enemies, key=lambda xy: math.dist(here, xy))
    gap = math.dist(here, there)
    limit = shadow.board.move_limit(lead)
    keep = a.choice.value
    held = {name: w.value for name, w in a.inputs.items() if hasattr(w, "value")}
    try:
        for share, inches in ((0.75, 3.0), (0.5, 2.0), (0.25, 1.0)):
            step = min(limit * share if limit else inches, gap - 1.5)
            if step <= 0.2:
                return None
            # to the nearest half inch: a whole pixel's error on the page never changes a tenth in the log
            to = (round(2 * (here[0] + (there[0] - here[0]) * step / gap)) / 2,
                  round(2 * (here[1] + (there[1] - here[1]) * step / gap)) / 2)
            if a.model.drag(lead, to) and resolvable(a):
                return lead, to
    finally:
        restore(a, keep, held)
        a.model.forget_group()
    return None


def move_each(table: Table) -> None:
    """Each unit of the sides acting in this step that the step's move action offers moves once,
    by one drag of its first figure (the whole unit goes), and Resolve where the move rolls dice."""
    s = table.shadow
    if not any(any(p.kind == "point" for p in spec.params) for spec in s.actions.specs):
        return
    whole_units(table)
    sides = s.game.acting_sides()
    at = s.game.position
    for unit in sorted({p["unit"] for p in s.game.state["pieces"].values() if p["side"] in sides and p["alive"]}):
        if s.game.position != at:
            return  # the step passed by itself: nobody could do more in it
        found = plan_move(s, unit)
        if found is None:
            continue
        before = len(s.game.log)
        table.drag(*found)
        if len(s.game.log) == before:  # the move waits for its dice: Resolve (on the page with what follows)
            table.resolve()
        else:
            table.settle(len(s.game.log))
        table.note(unit)


def draw_next(table: Table) -> bool:
    """Rookie Rules: the next card drawn while the deck holds one, rather than Next past the cards
    left: by Next where the panel says Next turns it or passes the card out (the next is then
    turned by itself), else the action chosen, then Resolve. Whether one was."""
    a = table.shadow.actions
    draw = next((spec for spec in a.specs if spec.name == "draw card"), None)
    if draw is None or not possible(table.shadow.game, draw):
        return False
    if table.shadow.turn.makes() in (draw.name, "pass"):
        table.next()
        return True
    if a.choice.value != draw.name:
        table.choose(a.say(draw.label))
        a.choice.value = draw.name
    table.resolve()
    return True


def serve(scenario: Path, port: int) -> subprocess.Popen:
    log = scenario.with_suffix(".log")
    proc = subprocess.Popen([sys.executable, "-m", "wgkit.cli", "play", str(scenario), "--seed", "5", f"--port={port}"],
                            cwd=scenario.parent, stdout=open(log, "w"), stderr=subprocess.STDOUT, start_new_session=True)
    proc.url = wait_for_addresses(log, proc)[0]  # type: ignore[attr-defined]
    return proc


def play(browser, name: str, script) -> dict:
    work = Path(tempfile.mkdtemp(prefix="bench_turn_"))
    source = ROOT / "scenarios" / f"{name}.yaml"
    scenario = work / source.name
    shutil.copy(source, scenario)
    proc = serve(scenario, free_port())
    try:
        context = browser.new_context(viewport=VIEW)
        page = context.new_page()
        start = time.perf_counter()
        page.goto(proc.url)  # type: ignore[attr-defined]
        page.wait_for_selector("canvas", timeout=120_000)
        ready = time.perf_counter() - start
        table = Table(page, UmpireApp.open(scenario, seed=5), work / f"{source.stem}.journal.wgsave")
        table.start()
        began = time.perf_counter()
        script(table)
        table.flush()
        wall = time.perf_counter() - began
        context.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
    return result(name, table, ready, wall)


def result(name: str, table: Table, ready: float, wall: float) -> dict:
    n = sum(table.count.values())
    units, acts = max(1, len(table.acted)), max(1, len(table.acts))
    acting = n - table.count["next"] - 1  # without Next and Start
    return {"game": name, "ready_s": ready, "wall_s": wall, "units": len(table.acted), "acts": len(table.acts),
            **table.count, "interactions": n, "per_unit": (n - 1) / units, "acting_per_unit": acting / units,
            "per_act": acting / acts, "phantoms": len(table.phantoms), "phantom_texts": table.phantoms[:3]}


def dry(name: str, script) -> dict:
    """The same turn on the shadow alone (no page): the interactions it takes, in a second."""
    table = Table(None, UmpireApp.open(ROOT / "scenarios" / f"{name}.yaml", seed=5), Path())
    table.start()
    script(table)
    table.flush()
    return result(name, table, 0.0, 0.0)


def farm_us_turn(table: Table) -> None:
    """The hedgerow farm: the US fires every unit that can, then moves every unit 2" forward."""
    s = table.shadow
    while s.game.current_step().name != "Fire":
        table.next()
    act_by_clicks(table)
    while s.game.current_step().name != "Move":
        table.next()
    at = s.game.position
    move_units(table, "us", 2.0)
    if s.game.position == at:  # else the step passed by itself once nobody could do more in it
        table.next()


def tutorial_turn(table: Table) -> None:
    """Turn 1, step by step: in each step every unit that can act by clicks does, every unit the
    step lets move moves once, the next card is drawn while one is left, then Next."""
    s = table.shadow
    steps = 0
    while s.game.position[0] == 1 and steps < 80:
        at = s.game.position
        act_by_clicks(table)
        if s.game.position == at:
            move_each(table)
        if s.game.position == at and draw_next(table):
            continue  # a card drawn: the unit it lets act acts next
        if s.game.position == at:  # else the step passed by itself once nobody could do more in it
            table.next()
        steps += 1


def opponent_steps(browser, steps: int = 3) -> list[tuple[str, float, float, float]]:
    """The hedgerow farm with the Germans given to the kit's opponent: for each of their first
    ``steps`` steps, the wall time from the click on "Opponent plays this step" to the page showing
    its events, the same step played in this process, and the opponent's thinking in it."""
    import wgkit.opponent as O

    work = Path(tempfile.mkdtemp(prefix="bench_opponent_"))
    scenario = work / "hedgerow_farm.yaml"
    shutil.copy(ROOT / "scenarios/close_action/hedgerow_farm.yaml", scenario)
    proc = serve(scenario, free_port())
    thought: list[float] = []
    play_step = O.Opponent.play_step

    def timed(self, *args, **kwargs):  # the shadow's opponent, its thinking summed
        out = play_step(self, *args, **kwargs)
        thought.append(sum(self.think))
        return out

    O.Opponent.play_step = timed  # type: ignore[method-assign]
    rows = []
    try:
        context = browser.new_context(viewport=VIEW)
        page = context.new_page()
        page.goto(proc.url)  # type: ignore[attr-defined]
        page.wait_for_selector("canvas", timeout=120_000)
        table = Table(page, UmpireApp.open(scenario, seed=5), work / "hedgerow_farm.journal.wgsave")
        table.start()
        s = table.shadow
        page.locator(".widget-inline-hbox:has(> label:text-is('Opponent')) select").first.select_option(label=s.game.scenario.side("de").name)
        s.opponent.side.value = "de"
        while len(rows) < steps and s.game.position[0] <= 3:
            if s.game.acting_sides() == ["de"]:
                started = time.perf_counter()
                s.opponent.play()
                here = time.perf_counter() - started
                began = time.perf_counter()
                table.click_button("Opponent plays this step")
                table.settle(len(s.game.log))
                rows.append((s.game.current_step().name, time.perf_counter() - began, here, thought[-1]))
            table.next()
        context.close()
    finally:
        O.Opponent.play_step = play_step  # type: ignore[method-assign]
        proc.terminate()
        proc.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
    return rows


def main() -> None:
    from playwright.sync_api import sync_playwright

    rows = []
    if "--dry" in sys.argv:  # the counts only, without a browser (the figures to quote come from a browser run)
        rows = [dry("close_action/hedgerow_farm", farm_us_turn)] + [dry(name, tutorial_turn) for name in TUTORIALS]
        report(rows, [])
        return
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        rows.append(play(browser, "close_action/hedgerow_farm", farm_us_turn))
        for name in TUTORIALS:
            rows.append(play(browser, name, tutorial_turn))
        opponent = opponent_steps(browser)
        browser.close()
    report(rows, opponent)


def report(rows: list[dict], opponent: list) -> None:
    print(f"{'game':40s} {'ready':>6s} {'wall':>6s} {'units':>5s} {'acts':>4s} {'clicks':>6s} {'Next':>4s} "
          f"{'drags':>5s} {'selects':>7s} {'per unit':>8s} {'acting':>6s} {'per act':>7s} {'phantom':>7s}")
    for r in rows:
        mark = "" if r["per_unit"] <= 3 else "  <- over 3 a unit (Next presses included, as the target counts them)"
        print(f"{r['game']:40s} {r['ready_s']:5.1f}s {r['wall_s']:5.1f}s {r['units']:5d} {r['acts']:4d} "
              f"{r.get('clicks', 0):6d} {r.get('next', 0):4d} {r.get('drags', 0):5d} {r.get('selections', 0):7d} "
              f"{r['per_unit']:8.1f} {r['acting_per_unit']:6.1f} {r['per_act']:7.1f} {r['phantoms']:7d}{mark}")
    for r in rows:
        for text in r["phantom_texts"]:
            print(f"  phantom in {r['game']}: {text}")
    print("phantom: events made that the form did not say, or that the page's journal holds otherwise (must be 0)")
    print("per unit: every interaction of the turn but Start over the units that acted (the target's count); acting: "
          "the same without Next; per act: without Next and Start, over each unit's acting in each step (or on each card)")
    farm = rows[0]
    figures = 6 + 1  # the farm's US: a six-man squad and the lieutenant, each dragged and resolved alone before
    print(f"baseline, the farm's moves a figure at a time: {2 * figures} interactions for 2 units "
          f"({figures:.1f} a unit); now {farm['per_unit']:.1f} a unit over the whole turn")
    print(f"\n{'opponent step (the farm, Germans)':40s} {'page':>6s} {'here':>6s} {'think':>6s} {'page - think':>12s}")
    for step, page_s, here_s, think_s in opponent:
        mark = "" if page_s <= think_s + 1 else "  <- over think + 1 s"
        print(f"{step:40s} {page_s:5.1f}s {here_s:5.1f}s {think_s:5.1f}s {page_s - think_s:11.1f}s{mark}")
    print("page: from the click to the page showing the events; here: the same step in this process "
          "(no browser); think: the opponent's own decisions")


if __name__ == "__main__":
    main()
