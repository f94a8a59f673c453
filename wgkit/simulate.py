"""Scenario balancing: play a scenario N times with seeded dice, each side by the kit's opponent
or the ruleset's simple policy, and report win rates with 95% intervals, which condition decided
each game and in which turn, casualties, and how many more games a verdict of ±5 points needs.

A game's winner is decided by the scenario's own victory conditions when it has them as data
(:mod:`wgkit.victory`: the side with more points when the turns run out). A scenario without
them is judged by a balance measure instead, and the report says so: the side that lost the
smaller share of its pieces (figures, stands or vehicles) wins; equal shares are a draw.

Games run one after another in this process, or through Dask (:mod:`distributed`): on a local
cluster of this machine's cores, or on a running cluster given by its scheduler's address. Each
game has its own seed, so the report is the same whatever runs it and on how many workers.

A game that raises is kept as a failure (its seed and the error in one line) and the others
still count; a worker process that dies fails only the games it held.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from wgkit.engine.game import Game
from wgkit.facts.registry import RULESETS
from wgkit.keep import KeptGames, setup_of
from wgkit.opponent import SKILLS, STYLES, Opponent
from wgkit.rules.contract import Policy
from wgkit.rules.policies import Say, Step, leaving
from wgkit.rules.registry import get_ruleset
from wgkit.scenario.model import Scenario
from wgkit.victory import losses, standing, winner
from wgkit.words import wins

Z95 = 1.959963984540054
SIMPLE = "simple"
OPPONENT = "opponent"
FULL = "full"  # the opponent's default skill
PRECISION = 0.05  # a verdict: every side's win rate known to within ±5 points (95% interval)


def policy_for(ruleset: str) -> Policy:
    """The ruleset's simulation policy (its contract's ``policy``)."""
    policy = get_ruleset(ruleset).policy
    if policy is None:
        have = sorted(r for r in RULESETS if get_ruleset(r).policy is not None)
        raise ValueError(f"no simulation policy for {ruleset}; there are policies for {', '.join(have)}")
    return policy


def seat_players(scenario: Scenario, players: str | Mapping[str, str] | None) -> dict[str, str]:
    """Who plays each side: ``simple`` (the ruleset's simple policy) or ``opponent`` (the kit's;
    ``opponent:STYLE``, ``opponent:SKILL`` or ``opponent:STYLE:SKILL`` for a style of
    :data:`wgkit.opponent.STYLES` and a skill of :data:`wgkit.opponent.SKILLS`). ``players`` is one
    of those for every side, or ``SIDE=PLAYER,...`` (as text or a mapping; a side left out plays
    simple); None: simple everywhere. Seats come back as ``opponent:STYLE`` (full skill) or
    ``opponent:STYLE:SKILL``."""
    sides = [x.id for x in scenario.sides]
    if players is None:
        players = SIMPLE
    if isinstance(players, str):
        text = players.strip()
        players = dict(part.split("=", 1) for part in text.split(",")) if "=" in text else {x: text for x in sides}
    seated = {x: SIMPLE for x in sides}
    for side, who in players.items():
        side, who = side.strip(), who.strip()
        if side not in seated:
            raise ValueError(f"--players names a side the scenario lacks: {side!r} (its sides: {', '.join(sides)})")
        kind, *qualities = who.split(":")
        styles = [q for q in qualities if q in STYLES]
        skills = [q for q in qualities if q in SKILLS]
        if kind not in (SIMPLE, OPPONENT) or (kind == SIMPLE and qualities) or len(styles) > 1 or len(skills) > 1 \
                or len(styles) + len(skills) != len(qualities):
            raise ValueError(f"a player is {SIMPLE} or {OPPONENT}, {OPPONENT}:STYLE, {OPPONENT}:SKILL or "
                             f"{OPPONENT}:STYLE:SKILL (STYLE one of {', '.join(STYLES)}; SKILL one of "
                             f"{', '.join(SKILLS)}), not {who!r}")
        skill = skills[0] if skills and skills[0] != FULL else ""
        seated[side] = ":".join([OPPONENT, styles[0] if styles else "balanced"] + ([skill] if skill else [])) \
            if kind == OPPONENT else SIMPLE
    return seated


def at_skill(seats: Mapping[str, str], skill: str) -> dict[str, str]:
    """The same seats played at ``skill``: each opponent keeps its style and plays at that skill;
    at ``simple`` every side plays the simple policy."""
    if skill == SIMPLE:
        return {side: SIMPLE for side in seats}
    return {side: SIMPLE if who == SIMPLE else ":".join([OPPONENT, who.split(":")[1]] + ([skill] if skill != FULL else []))
            for side, who in seats.items()}


def opponent_for(side: str, who: str, seed: int, turns: int) -> Opponent:
    """The opponent seated as ``who`` (``opponent:STYLE`` or ``opponent:STYLE:SKILL``)."""
    _, style, *skill = who.split(":")
    return Opponent(side, seed=seed, turns=turns, style=style, **SKILLS[skill[0] if skill else FULL])


def seat_words(who: str) -> str:
    """A seat's opponent in words: its style, and its skill where not full ("balanced, fast")."""
    return ", ".join(who.split(":")[1:])


def seated(bots: Mapping[str, Opponent], simple: Step) -> Step:
    """A step played by the seated opponents and the simple policy: each opponent of a side that
    acts takes its side's choices, and the simple policy plays the rest, leaving the opponents'
    cards to them. Where a card sequence hands the step to another opponent's side, that one
    plays on (Rookie, with the opponent on both sides)."""
    finish = leaving(simple, bots)
    handed: list[bool] = [False]

    def tracked(game: Game, say: Say) -> bool | None:
        handed[0] = bool(finish(game, say))
        return handed[0]

    def nothing(game: Game, say: Say) -> bool:
        return False

    def step(game: Game, say: Say) -> None:
        acting = [x for x in game.acting_sides() if x in bots] or [next(iter(bots))]
        for side in acting[:-1]:  # its own choices; the last one's finish plays the rest
            bots[side].play_step(game, say, finish=nothing)
        last = acting[-1]
        for _ in range(1000):  # a card sequence is bounded by its deck
            handed[0] = False
            bots[last].play_step(game, say, finish=tracked)
            now = [x for x in game.acting_sides() if x in bots and x != last]
            if not handed[0] or not now:
                return
            last = now[0]
    return step


def play_one(scenario: Scenario, seed: int, turns: int, players: Mapping[str, str] | None = None) -> dict[str, Any]:
    """One seeded game, each side by its player (:func:`seat_players`; None: the simple policy):
    pieces lost and at the start, by side, the winner, the conditions that decided it, the turn
    from which the winner led to the end, and the turn the game ended in."""
    rules = get_ruleset(scenario.ruleset)
    game = rules.new_game(scenario, seed)
    policy = policy_for(scenario.ruleset)
    bots = {side: opponent_for(side, who, seed, turns) for side, who in (players or {}).items() if who != SIMPLE}
    play = seated(bots, policy.play_step) if bots else policy.play_step
    leaders: list[tuple[int, str | None]] = []  # (turn, the leader as it ended); turn 0: at the start

    def step(g: Game, say: Say) -> bool | None:
        ended = rules.turn(g) - 1
        if not leaders or leaders[-1][0] != ended:
            leaders.append((ended, winner(g)))
        return play(g, say)

    policy.play(game, turns, step=step)
    lost, total = losses(game)
    won = winner(game)
    ended = min(rules.turn(game), turns)  # played out, the turn counter stands one past the last
    decided = ended  # the winner led from the end of this turn (0: from the start)
    for turn, leader in reversed(leaders):
        if leader != won:
            break
        decided = turn
    return {"seed": seed, "lost": dict(lost), "pieces": dict(total), "winner": won, "by": deciding(game, won),
            "decided": decided, "ended": ended}


def deciding(game: Game, won: str | None) -> str:
    """What decided a game, in the scenario's words: the winner's conditions met, level points and
    who wins them, or the balance measure where the scenario has no conditions as data."""
    judged = standing(game)
    if judged is None:
        return "the smaller share of pieces lost"
    met = [j.label for j in judged.judged if j.met and j.condition.side == won]
    if won is not None and len({p for p in judged.points.values()}) > 1 and met:
        return game.scenario.wording()("; ".join(met))
    if won is not None:
        return f"level on points: {wins(game.scenario.side(won).name)} a tie"
    return "level on points: a draw"


def play_safely(scenario: Scenario, seed: int, turns: int, players: Mapping[str, str] | None = None) -> dict[str, Any]:
    """:func:`play_one`, or ``{"seed", "error"}`` naming the exception and where it was raised."""
    try:
        return play_one(scenario, seed, turns, players)
    except Exception as exc:  # one game's bug must not cost the other games
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{os.path.basename(frame.filename)}:{frame.lineno}"
        return {"seed": seed, "error": " ".join(f"{type(exc).__name__}: {exc} (at {where})".split())}


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Report:
    scenario: str
    ruleset: str
    seed: int
    turns: int
    games: list[dict[str, Any]] = field(default_factory=list)
    judged_by: str = "victory conditions"  # or the balance measure, when the scenario has none as data
    failed: list[dict[str, Any]] = field(default_factory=list)  # {"seed", "error"} per failed game
    players: dict[str, str] = field(default_factory=dict)  # side: simple, opponent:STYLE or opponent:STYLE:SKILL
    names: dict[str, str] = field(default_factory=dict)  # side id: the scenario's name for it

    def said(self, side: str | None) -> str:
        """A side as the scenario names it (a draw as "draw")."""
        return "draw" if side is None else self.names.get(side, side)

    @property
    def n(self) -> int:
        """Games that finished (the failed ones are listed apart)."""
        return len(self.games)

    @property
    def sides(self) -> list[str]:
        return sorted(self.games[0]["pieces"]) if self.games else []

    def pieces(self, side: str) -> int:
        return max((g["pieces"].get(side, 0) for g in self.games), default=0)

    def wins(self, side: str | None) -> int:
        return sum(g["winner"] == side for g in self.games)

    def rate(self, side: str | None) -> tuple[float, tuple[float, float]]:
        k = self.wins(side)
        return (k / self.n if self.n else 0.0), wilson(k, self.n)

    def losses(self, side: str) -> list[int]:
        return [g["lost"].get(side, 0) for g in self.games]

    def loss_mean(self, side: str) -> tuple[float, tuple[float, float]]:
        """Mean pieces lost with a normal 95% interval, clipped to what can happen: no fewer than
        none, no more than the side had."""
        xs = self.losses(side)
        mean = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
        half = Z95 * sd / math.sqrt(len(xs))
        return mean, (max(0.0, mean - half), min(float(self.pieces(side)), mean + half))

    def half_width(self, side: str | None) -> float:
        lo, hi = self.rate(side)[1]
        return (hi - lo) / 2

    def decided(self) -> bool:
        """Is every side's win rate (and the draws') known to within :data:`PRECISION`?"""
        return self.n > 0 and all(self.half_width(x) <= PRECISION for x in self.sides + [None])

    def games_needed(self) -> int:
        """More games a verdict of ±5 points needs, were the rates seen so far to hold (0 once
        decided): the fewest games whose 95% interval is that narrow at each side's rate."""
        need = 0
        for side in self.sides + [None]:
            p = self.rate(side)[0]
            lo, hi = max(self.n, 1), 100_000
            while lo < hi:  # the interval narrows as the games grow, at a fixed rate
                mid = (lo + hi) // 2
                low, high = wilson(p * mid, mid)
                lo, hi = (lo, mid) if (high - low) / 2 <= PRECISION else (mid + 1, hi)
            need = max(need, lo - self.n)
        return need

    def deciders(self, side: str | None) -> Counter:
        """How the games ``side`` won (None: drawn) were decided: what decided them, counted."""
        return Counter(g.get("by", "") for g in self.games if g["winner"] == side)

    def turns_decided(self, side: str | None) -> Counter:
        """In which turn ``side``'s wins were settled: the winner led from the end of that turn on."""
        return Counter(g.get("decided") for g in self.games if g["winner"] == side)

    def who_plays(self) -> str:
        bots = {x: who for x, who in self.players.items() if who != SIMPLE}
        if not bots:
            return "the simple policy on every side (quick; `--players opponent` for competent play)"
        if len(bots) == len(self.players) and len(set(bots.values())) == 1:
            return f"the kit's opponent on every side ({seat_words(next(iter(bots.values())))}): competent play"
        return "; ".join(f"{self.said(x)}: " + ("the simple policy" if who == SIMPLE else f"the opponent ({seat_words(who)})")
                         for x, who in self.players.items())

    def alike(self) -> bool:
        """Whether two or more games ended exactly alike (winner, losses, deciding conditions and
        turns): with no dice that changed anything, many seeds are one game."""
        outcomes = {json.dumps({k: v for k, v in g.items() if k != "seed"}, sort_keys=True, default=str) for g in self.games}
        return self.n > 1 and len(outcomes) == 1

    def table(self) -> str:
        total = self.n + len(self.failed)
        lines = [f"{self.scenario} ({self.ruleset}): {total} game{'s' if total != 1 else ''}, seeds {self.seed}..{self.seed + total - 1}, "
                 f"{self.turns} turns", f"winner by: {self.judged_by}", f"players: {self.who_plays()}"]
        if self.failed:
            lines.append(f"FAILED: {len(self.failed)} of {total} games, seeds "
                         f"{', '.join(str(g['seed']) for g in self.failed)}; the figures below count "
                         f"the {self.n} that finished")
            lines += [f"  seed {g['seed']}: {g['error']}" for g in self.failed]
        if not self.games:
            return "\n".join(lines)
        w = max([12, *(len(self.said(s)) + 1 for s in self.sides)])  # the names' column
        lines.append(f"{'outcome':{w}s} {'games':>6s} {'rate':>7s}   95% interval")
        for side in self.sides + [None]:
            rate, (lo, hi) = self.rate(side)
            lines.append(f"{self.said(side):{w}s} {self.wins(side):6d} {rate:7.1%}   {lo:.1%} - {hi:.1%}")
        need = self.games_needed()
        lines.append("verdict: every rate known to within ±5 points" if self.decided() else
                     f"verdict: not yet within ±5 points; about {need} more game{'s' if need != 1 else ''} needed")
        if self.alike():
            lines.append(f"every game ended alike: no dice changed the outcome (the {self.n} games are one game, "
                         "and the interval says nothing of chance)")
        lines.append("decided by (the winner's conditions met), and the turn from whose end the winner led")
        for side in self.sides + [None]:
            for by, k in self.deciders(side).most_common():
                lines.append(f"  {self.said(side):{w - 1}s}{k:5d}  {by}")
            turns = self.turns_decided(side)
            if turns:
                lines.append(f"  {'':{w - 1}s}{'':5s}  turns: " + ", ".join(
                    f"{'start' if t == 0 else t}: {turns[t]}" for t in sorted(turns, key=lambda t: (t is None, t or 0))))
        lines.append(f"{'pieces lost':{w}s} {'mean':>6s} {'':>7s}   95% interval   distribution")
        for side in self.sides:
            mean, (lo, hi) = self.loss_mean(side)
            dist = Counter(self.losses(side))
            lines.append(f"{self.said(side):{w}s} {mean:6.2f} {'':>7s}   {lo:.2f} - {hi:.2f}    "
                         + ", ".join(f"{k}: {dist[k]}" for k in sorted(dist)))
        return "\n".join(lines)

    def plot(self):
        """Win rates with their intervals, and the distribution of pieces lost, side by side."""
        import matplotlib.pyplot as plt

        fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.2))
        palette = dict(zip(self.sides, ("#4b5d2f", "#6e7b8b", "#8b5a2b", "#1f4e79")))
        names = self.sides + ["draw"]
        rates = [self.rate(s if s != "draw" else None) for s in names]
        a.bar([self.said(s if s != "draw" else None) for s in names], [r for r, _ in rates], yerr=[[max(0.0, r - lo) for r, (lo, _) in rates],
                                                  [max(0.0, hi - r) for r, (_, hi) in rates]],
              color=[palette.get(s, "#bbbbbb") for s in names], capsize=4)
        a.set_ylim(0, 1)
        a.set_ylabel("share of games")
        a.set_title("who wins (95% intervals)")
        top = max((max(self.losses(s)) for s in self.sides), default=0)
        xs = list(range(top + 1))
        width = 0.8 / max(1, len(self.sides))
        for i, side in enumerate(self.sides):
            counts = Counter(self.losses(side))
            shift = (i - (len(self.sides) - 1) / 2) * width
            b.bar([x + shift for x in xs], [counts[x] for x in xs], width=width, label=self.said(side), color=palette[side])
        b.set_xticks(xs)
        b.set_xlabel("pieces lost")
        b.set_ylabel("games")
        b.set_title("casualties")
        b.legend()
        fig.tight_layout()
        return fig

    def _repr_html_(self) -> str:
        return f"<pre>{self.table()}</pre>"


_CACHE: dict[str, Scenario] = {}
DIED = "the worker process died while playing it"


def by_skill(reports: Mapping[str, Report], cost: Mapping[str, float] | None = None, measure: str = "CPU per game") -> str:
    """The verdicts of one scenario at several skills side by side (``wgkit simulate --skills``):
    each outcome's rate and 95% interval a column per skill, the games and ``cost`` (seconds a
    game, by ``measure``) under them, and where two skills' intervals do not meet, that the
    balance shifts with skill."""
    first = next(iter(reports.values()))
    outcomes = first.sides + [None]
    w = max(len(first.said(x)) for x in outcomes) + 2
    cells = {k: [f"{100 * r.rate(x)[0]:.1f}% ({100 * r.rate(x)[1][0]:.1f}-{100 * r.rate(x)[1][1]:.1f})"
                 for x in outcomes] for k, r in reports.items()}
    cw = max(len(c) for col in cells.values() for c in col) + 2
    lines = [f"{first.scenario} ({first.ruleset}): the verdict by skill, {first.turns} turns, seeds from {first.seed}",
             f"{'outcome':{w}s}" + "".join(f"{k:>{cw}s}" for k in reports)]
    lines += [f"{first.said(x):{w}s}" + "".join(f"{cells[k][i]:>{cw}s}" for k in reports) for i, x in enumerate(outcomes)]
    lines.append(f"{'games':{w}s}" + "".join(f"{r.n:>{cw}d}" for r in reports.values()))
    if cost:
        lines.append(f"{measure:{w}s}" + "".join(f"{cost[k]:>{cw - 1}.2f}s" for k in reports))
    shifts = [first.said(x) for x in outcomes
              if any(a.rate(x)[1][1] < b.rate(x)[1][0] for a in reports.values() for b in reports.values())]
    lines.append(f"the balance shifts with skill for: {', '.join(shifts)}" if shifts else
                 "the skills agree: every outcome's intervals meet")
    return "\n".join(lines)


def _worker(text: str, seeds: list[int], turns: int, players: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """Games played on a Dask worker; the scenario is read once per worker process."""
    if text not in _CACHE:
        from wgkit.scenario import loads

        _CACHE[text] = loads(text, "simulated.yaml")
    return [play_safely(_CACHE[text], seed, turns, players) for seed in seeds]


@contextlib.contextmanager
def dask_client(scheduler: Any = None, workers: int | None = None):
    """A ``distributed.Client``: ``scheduler`` itself if it is one, connected to it if it is an
    address, else a local cluster of ``workers`` single-threaded processes (every core by
    default), closed on exit. A game that kills its worker is not retried on a local cluster."""
    from distributed import Client, LocalCluster

    if scheduler is not None and not isinstance(scheduler, str):
        yield scheduler
        return
    if scheduler:
        with Client(scheduler, timeout="5s") as client:
            yield client
        return
    import dask

    # the workers' own logs stay quiet below CRITICAL: at shutdown a worker whose heartbeat meets the
    # closed scheduler logs a traceback at ERROR, after the report; the kit reports a game that fails
    # or kills its worker itself
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                         dashboard_address=":0", silence_logs=logging.CRITICAL) as cluster, Client(cluster) as client:
        yield client


def _on_dask(client: Any, text: str, chunks: list[list[int]], seed: int, turns: int, players: Mapping[str, str],
             finished: Callable[[int, dict[str, Any]], None]) -> None:
    """Play the chunks on the cluster. The games of a chunk whose worker died are played again one
    at a time, so that a game that kills its worker takes no other game with it."""
    from distributed import KilledWorker, as_completed

    futures = {client.submit(_worker, text, [seed + i for i in chunk], turns, players, pure=False): chunk
               for chunk in chunks}
    again: list[int] = []
    for future in as_completed(futures):
        try:
            results = future.result()
        except KilledWorker:  # a worker died (killed, out of memory) with this chunk on it
            again += futures[future]
            continue
        for i, result in zip(futures[future], results):
            finished(i, result)
    for i in sorted(again):
        try:
            result = client.submit(_worker, text, [seed + i], turns, players, pure=False).result()[0]
        except KilledWorker:
            result = {"seed": seed + i, "error": DIED}
        finished(i, result)


def simulate(scenario: Scenario, n: int, seed: int = 0, turns: int | None = None, jobs: int | None = 1,
             progress: Callable[[int, int], None] | None = None, name: str = "",
             scheduler: Any = None, players: str | Mapping[str, str] | None = None,
             keep: str | os.PathLike[str] | None = None) -> Report:
    """Play ``n`` games with seeds ``seed``, ``seed + 1``, ...: in this process (``jobs=1``), on a
    local Dask cluster of ``jobs`` workers (None: every core), or on the Dask cluster of
    ``scheduler`` (an address such as ``tcp://10.0.0.5:8786``, or a ``distributed.Client``).
    ``players``: who plays each side (:func:`seat_players`; default the simple policy, quick;
    ``"opponent"`` for competent play on every side). ``keep``: a file that keeps each game as it
    finishes and gives back the games it already holds (:mod:`wgkit.keep`). The report is the same
    for the same seed whatever runs the games, and however often the run was interrupted."""
    if n < 1:
        raise ValueError("simulate at least one game")
    policy_for(scenario.ruleset)
    seated_players = seat_players(scenario, players)
    turns = int(turns or scenario.turns or 6)
    from wgkit.scenario.io import dumps

    given = dumps(scenario)  # what a kept run is checked against: the scenario as given, and the turns apart
    if turns != scenario.turns:  # the games last as long as asked, and the conditions are judged at their end
        scenario = scenario.with_(turns=turns)
    report = Report(name or scenario.title, scenario.ruleset, seed, turns,
                    judged_by="the scenario's victory conditions" if scenario.conditions else
                    "the smaller share of pieces lost (the scenario has no victory conditions as data)",
                    players=seated_players, names={s.id: s.name for s in scenario.sides})
    text = dumps(scenario)
    kept = KeptGames(keep, setup_of(given, seated_players, turns, scenario.ruleset)) if keep is not None else None
    held = kept.games if kept is not None else {}
    results: dict[int, dict] = {i: held[seed + i] for i in range(n) if seed + i in held}
    todo = [i for i in range(n) if i not in results]

    def finished(i: int, result: dict[str, Any]) -> None:
        results[i] = result
        if kept is not None:
            kept.add(result)
        if progress:
            progress(len(results), n)

    workers = jobs or os.cpu_count() or 1
    if not todo:
        if progress:
            progress(n, n)
    elif workers == 1 and scheduler is None:
        for i in todo:
            finished(i, play_safely(scenario, seed + i, turns, seated_players))
    else:
        with dask_client(scheduler, workers) as client:
            size = max(1, len(todo) // (4 * max(1, len(client.scheduler_info().get("workers", {})) or workers)))
            chunks = [todo[k:k + size] for k in range(0, len(todo), size)]
            _on_dask(client, text, chunks, seed, turns, seated_players, finished)
    ordered = [results[i] for i in range(n)]
    report.games = [g for g in ordered if "error" not in g]
    report.failed = [g for g in ordered if "error" in g]
    return report


def until_decided(scenario: Scenario, batch: int, most: int, seed: int = 0, jobs: int | None = 1,
                  scheduler: Any = None, progress: Callable[[int, int], None] | None = None,
                  **options: Any) -> Report:
    """Play batches of ``batch`` games (seeds following on from ``seed``) until every side's win
    rate is known to within ±5 points (:meth:`Report.decided`) or ``most`` games are played: the
    same seeds and the same stopping point on any machine. ``options`` as for :func:`simulate`."""
    if batch < 1 or most < batch:
        raise ValueError("the batch is at least one game, and the most games at least one batch")

    def run(client: Any) -> Report:
        report: Report | None = None
        while report is None or (not report.decided() and report.n + len(report.failed) < most):
            done = 0 if report is None else report.n + len(report.failed)
            size = min(batch, most - done)
            step = (lambda k, _n, done=done: progress(done + k, most)) if progress else None
            more = simulate(scenario, size, seed=seed + done, jobs=1 if client is None else None, scheduler=client,
                            progress=step, **options)
            if report is None:
                report = more
            else:
                report.games += more.games
                report.failed += more.failed
        return report

    if (jobs or 0) == 1 and scheduler is None:
        return run(None)
    with dask_client(scheduler, jobs) as client:
        return run(client)


def progress_bar(what: str = "games", file: Any = None) -> Callable[[int, int], None]:
    """A progress bar for ``progress=`` (``tqdm.auto``: a text bar in a terminal, a widget in a
    notebook); the total comes with the first report."""
    from tqdm.auto import tqdm

    bar = None

    def show(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = tqdm(total=total, desc=what, file=file, unit="game", leave=True)
        bar.update(done - bar.n)
        if done >= total:
            bar.close()
    return show


