"""Simple, documented policies that play Company Fire by themselves (for playthroughs and
``wgkit simulate``). Each side: rally whatever it can; fire with every unit that has a target,
choosing the square where its dice expect the most hits; assault when the odds favour it;
otherwise advance towards the nearest enemy, preferring squares with cover. The enemy answers
every move it can see with opportunity fire and fires back in the reaction segment."""

from __future__ import annotations

from wgkit.engine.game import Game, IllegalActionError
from wgkit.rules.policies import Say, Step, attempt, leaves_ground, play_until, seen
from wgkit.rules.company_fire import artillery as A
from wgkit.rules.company_fire import assault as C
from wgkit.rules.company_fire import fire as F
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import movement as V
from wgkit.rules.company_fire import rally as R


def _foes(game: Game, uid_or_side: str) -> list[str]:
    """The enemies of a unit or side that its side has seen (a hidden unit is no target)."""
    me = uid_or_side if uid_or_side in game.state["sides"] else L.side(game, uid_or_side)
    return seen(game, me, L.enemies_of(game, me))


def _best_target(game: Game, firers: list[str], mode: str) -> L.Cell | None:
    """The enemy square where the plan expects the most hits (dice x units / 3)."""
    best, score = None, 0.0
    for c in {L.cell(game, e) for e in _foes(game, firers[0])}:
        try:
            p = F.plan(game, firers, c, mode)
        except IllegalActionError:
            continue
        s = p.dice * len(p.targets)
        if s > score:
            best, score = c, s
    return best


def _answer_move(game: Game, say: Say) -> None:
    """The non-phasing side op fires at a mover with its first eligible unit (MGs first)."""
    pending = L.cf(game).get("opfire")
    if not pending:
        return
    mover = pending["units"][0]
    answer = sorted(L.enemies_of(game, mover), key=lambda u: (L.kind(game, u) not in L.MGS, u))
    if not answer or not seen(game, L.side(game, answer[0]), [mover]):
        return  # a hidden mover draws no fire from a side that has not seen it
    for u in answer:
        if attempt(say, F.resolve, game, [u], tuple(pending["to"]), "opfire"):
            return
        if any(attempt(say, F.resolve_at, game, u, v, "opfire") for v in pending["units"] if L.role(game, v) == "vehicle"):
            return


def _advance(game: Game, uid: str, say: Say) -> None:
    """Move towards the nearest enemy, preferring cover, within the allowance."""
    g = L.gridmap(game).grid
    foes = [L.cell(game, e) for e in _foes(game, uid) if L.role(game, e) != "smf"]
    if not foes:
        return
    here = L.cell(game, uid)
    near = min(g.distance(here, f) for f in foes)
    options = []
    for c in g.cells():
        d = min(g.distance(c, f) for f in foes)
        if d >= near or g.distance(here, c) > V.allowance(game, uid, [])[0]:
            continue
        path = V.path_to(game, uid, c)
        if path and path[-1] == c and len(path) == g.distance(here, c) \
                and not leaves_ground(game, L.side(game, uid), g.center(here), g.center(c)):
            options.append((d, not L.cover(game, c), c, path))
    for _, _, _, path in sorted(options)[:3]:
        if attempt(say, V.resolve_move, game, uid, path):
            _answer_move(game, say)
            return


def play_step(game: Game, say: Say, choices: bool = True) -> None:
    """Take the current segment's actions for the side whose card it is; without ``choices``,
    only what is owed or costs nothing (a mission arriving, rallies): no call, fire, assault or
    move."""
    step = game.current_step().name
    side = L.cf(game)["initiative_side"]
    mine = sorted(u for u in game.state["units"] if L.side(game, u) == side and L.alive(game, u))
    if step == "Artillery":
        if L.cf(game).get("mission", {}).get(side):
            attempt(say, A.resolve_arrival, game, side)
        for fo in (u for u in mine if choices and L.kind(game, u) == "forward_observer"):
            target = max({L.cell(game, e) for e in _foes(game, side)},
                         key=lambda c: (len(L.units_at(game, c)), c), default=None)
            if target is not None:
                attempt(say, A.resolve_call, game, fo, target)
    elif step == "Rally":
        for u in mine:
            if L.order(game, u) in ("pinned", "suppressed") and L.role(game, u) != "smf":
                attempt(say, R.resolve_rally, game, u)
    elif not choices:
        return
    elif step == "Close assault" and V.card_kind(game) != "fire":
        for u in mine:
            if L.role(game, u) != "squad" or not L.alive(game, u) or L.status(game, u).get("assaulted"):
                continue
            for e in _foes(game, side):
                try:
                    _, att, dfn = C.plan(game, [u], L.cell(game, e))
                except IllegalActionError:
                    continue
                odds = C.assault_odds(int(sum(m.value for m in att)), int(sum(m.value for m in dfn)))
                if odds.where(lambda d: d > 0) > 0.5:
                    attempt(say, C.resolve, game, [u], L.cell(game, e))
                    break
    elif step == "Move and fire":
        for u in mine:
            if not L.alive(game, u) or L.role(game, u) == "smf":
                continue
            for v in (e for e in _foes(game, side) if L.role(game, e) == "vehicle"):
                if attempt(say, F.resolve_at, game, u, v):
                    break
            target = _best_target(game, [u], "fire") if V.card_kind(game) != "move" or L.role(game, u) == "team" else None
            if target is not None:
                attempt(say, F.resolve, game, [u], target)
            elif V.card_kind(game) != "fire":
                _advance(game, u, say)
    elif step == "Reaction fire":
        for u in sorted(L.enemies_of(game, side)):
            if L.role(game, u) == "smf":
                continue
            target = _best_target(game, [u], "reaction")
            if target is not None:
                attempt(say, F.resolve, game, [u], target, "reaction")


def play(game: Game, turns: int, say: Say = lambda text: None, step: Step = play_step) -> None:
    """Play until ``turns`` turns are done or the game ends, each step by ``step``."""
    play_until(game, turns, step, L.turn, say)

