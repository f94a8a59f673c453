"""Simple, documented policies that play Rookie Rules by themselves (playthroughs, simulation).
Each card activates the side's first unit that has not acted. A unit with a marker and a leader
near removes it; otherwise it fires twice at the enemy it can see on the best column, or moves
twice towards the nearest enemy. Leaders steady the worst-marked units in the command phase;
every test that is due is taken; guns are plotted on the enemy nearest the table's centre."""

from __future__ import annotations

import math
from collections.abc import Collection

from wgkit.engine.game import Game, IllegalActionError
from wgkit.rules.policies import Say, Step, attempt, leaves_ground, play_until, seen
from wgkit.rules.rookie import command as CMD
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import flow as FL
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import morale as MO
from wgkit.rules.rookie import movement as MV
from wgkit.rules.rookie import support as SU
from wgkit.rules.rookie import tables as T


def _column_rank(col: str) -> int:
    return -1 if col == T.OFF_CHART else T.COLUMNS.index(col)


def _foes(game: Game, uid: str) -> list[str]:
    """The enemies of ``uid`` that its side has seen (a hidden unit is no target)."""
    return seen(game, L.side(game, uid), L.enemies(game, uid))


def _tests(game: Game, say: Say) -> None:
    """Mandatory morale tests, taken the moment they fall due (a unit that runs may set off more)."""
    while FL.tests_due(game):
        if not attempt(say, MO.resolve, game, FL.tests_due(game)[0]):
            return


def _act(game: Game, uid: str, say: Say) -> None:
    if L.marker(game, uid) and L.in_command(game, uid) and attempt(say, CMD.resolve_remove, game, uid):
        _tests(game, say)
    best, rank = None, -2
    for e in _foes(game, uid):
        try:
            shot = F.plan(game, uid, e)
        except IllegalActionError:
            continue
        if _column_rank(shot.column) > rank:
            best, rank = e, _column_rank(shot.column)
    while (L.status(game, uid).get("functions") or 0) > 0 and L.alive(game, uid):
        if best is not None and L.alive(game, best) and rank >= 0:
            if not attempt(say, F.resolve, game, uid, best):
                break
            _tests(game, say)
            continue
        foes = _foes(game, uid)
        if not foes:
            break
        here = L.pos(game, uid)
        near = min(foes, key=lambda e: math.dist(here, L.pos(game, e)))
        inches = MV.speed(game, uid, L.pos(game, near))[0]
        gap = math.dist(here, L.pos(game, near))
        step = min(inches, max(0.0, gap - 3.0))
        if step <= 0.1:
            break
        tx, ty = L.pos(game, near)
        to = (round(here[0] + (tx - here[0]) * step / gap, 1), round(here[1] + (ty - here[1]) * step / gap, 1))
        if leaves_ground(game, L.side(game, uid), here, to) or not attempt(say, MV.resolve_move, game, uid, to):
            break
        _tests(game, say)


def play_activated(game: Game, say: Say) -> bool:
    """The unit activated on the card in hand plays the functions it has left as the policy plays
    its own units (a function cannot be saved for a later card): True if it did anything. For a
    player who activated a unit and finds no better use for the rest."""
    uid, before = L.rk(game)["unit"], len(game.log)
    if uid in game.state["units"] and L.alive(game, uid) and L.status(game, uid).get("functions"):
        _act(game, uid, say)
    return len(game.log) > before


def _cards(game: Game, say: Say, leave: Collection[str]) -> bool:
    """The card sequence: a card already turned and not yet used first, then card after card
    until the deck is done, or a card turns up for a side in ``leave`` (another player's): then
    True, the sequence is handed back."""
    while True:
        _tests(game, say)
        side, r = game.state["active"], L.rk(game)
        if side in leave and r["card"] and r["unit"] is None:
            return True
        waiting = [u for u in L.units(game, side) if not L.status(game, u).get("acted")
                   and L.status(game, u).get("inactive") != r["sequence"]]
        if r["card"] and r["unit"] is None and waiting:
            say(FL.activate(game, waiting[0]).text)
            _act(game, waiting[0], say)
        elif not game.state["decks"]["activation"]["draw"]:
            return False
        else:
            say(FL.draw_card(game).text)


def play_step(game: Game, say: Say, leave: Collection[str] = ()) -> bool:
    """The current step's actions. In a card sequence the cards of the sides in ``leave`` (played
    by someone else) are left to them: True says the sequence was handed back to one of them
    before its end."""
    step = game.current_step().name
    r = L.rk(game)
    if step == "Plot":
        for side, guns in sorted(game.scenario.rules.get("artillery", {}).items()):
            t = game.scenario.table
            foes = seen(game, side, (u for u in L.units(game) if L.side(game, u) != side))
            if foes:
                target = min(foes, key=lambda u: math.dist(L.pos(game, u), (t.width / 2, t.depth / 2)))
                attempt(say, SU.resolve_plot, game, side, L.pos(game, target), tuple(guns.get("templates", "B"))[-1])
        for side in sorted(game.state["sides"]):
            if SU.air(game, side)["on_table"]:
                foes = seen(game, side, (u for u in L.units(game) if L.side(game, u) != side))
                if foes:
                    y = L.pos(game, foes[0])[1]
                    attempt(say, SU.resolve_path, game, side, (0.0, y), (game.scenario.table.width, y))
    elif step.startswith("Command"):
        for lead in (u for u in L.units(game) if L.is_leader(game, u)):
            shaken = sorted((u for u in L.units(game, L.side(game, lead)) if L.marker(game, u)),
                            key=lambda u: -T.MARKERS.index(L.marker(game, u)))
            for u in shaken[:T.COMMAND_REMOVALS.value]:
                attempt(say, CMD.resolve_command, game, lead, u)
    elif "card sequence" in step:
        return _cards(game, say, leave)
    elif step == "Air and artillery":
        for side, m in sorted(r["missions"].items()):
            if m and "point" in m:
                attempt(say, SU.resolve_artillery, game, side)
                _tests(game, say)
        for side in sorted(game.state["sides"]):
            a = SU.air(game, side)
            if a["on_table"] and a["path"]:
                foes = seen(game, side, (u for u in L.units(game) if L.side(game, u) != side))
                if foes:
                    attempt(say, SU.resolve_strike, game, side, L.pos(game, foes[0]))
        _tests(game, say)
    elif step == "Morale":
        for u in list(r.get("must_test", [])):
            if L.alive(game, u):
                attempt(say, MO.resolve, game, u)
            elif u in L.rk(game)["must_test"]:
                game.record("morale", [(("vars", "rk", "must_test"), [x for x in L.rk(game)["must_test"] if x != u])],
                            f"{u} is gone: no test")
        for side in sorted(game.scenario.rules.get("aircraft", {})):
            attempt(say, SU.resolve_arrival, game, side)
    return False


def play(game: Game, turns: int, say: Say = lambda text: None, step: Step = play_step) -> None:
    """Play until ``turns`` turns are done or the game ends, each step by ``step``."""
    play_until(game, turns, step, lambda g: g.state["turn"], say)
