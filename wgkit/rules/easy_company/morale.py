"""Easy Company §8 Morale: when units test, the test and its retries, withdrawing."""

from __future__ import annotations

import math

from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play, exact
from wgkit.rules.easy_company import chances as C
from wgkit.rules.easy_company import rolls as R
from wgkit.rules.easy_company import tables as T
from wgkit.rules.easy_company.lookup import SCALE, figures, is_leader, mode, quality, spend


def resolve_withdraw(game: Game, uid: str):
    """§8.1: a unit that failed its morale withdraws as fast as it can, using the best cover."""
    from shapely.geometry import Point as P_
    from shapely.ops import nearest_points

    from wgkit.geometry.zones import bearing, offset

    if game.state["units"][uid]["status"].get("morale") != "withdraw":
        raise IllegalActionError(f"{uid} has not failed a morale test")
    changes, moved = [], []
    reach = SCALE.to_inches(C.move_distance_m(mode(game, uid)))
    for f in figures(game, uid, fit=True):
        here = game.piece(f)["position"]
        foes = [q["position"] for q in game.state["pieces"].values() if q["side"] != game.piece(f)["side"] and q["alive"]]
        nearest = min(foes, key=lambda q: math.dist(q, here)) if foes else None
        away = bearing(nearest, here) if nearest else T.WITHDRAW_BEARING.value
        spots = []
        for area in game.terrain.areas:
            if area.cover in ("concealed", "dug_in") and not area.linear:
                inner = area.geometry.buffer(-T.WITHDRAW_COVER_DEPTH.value)
                if not inner.is_empty and not inner.covers(P_(here)):
                    spot = nearest_points(inner, P_(here))[0]
                    further = nearest is None or math.dist((spot.x, spot.y), nearest) >= math.dist(here, nearest)
                    if P_(here).distance(spot) <= reach and further:  # never back towards the enemy
                        spots.append((P_(here).distance(spot), (spot.x, spot.y)))
        to = min(spots)[1] if spots else offset(here, away, reach)
        to = (round(min(max(to[0], 0.0), game.scenario.table.width), 2),
              round(min(max(to[1], 0.0), game.scenario.table.depth), 2))
        changes += [(("pieces", f, "position"), list(to)), (("pieces", f, "status", "acted"), True)]
        moved.append(f"{f} to ({to[0]:g}, {to[1]:g})")
    return game.record("withdraw", changes, f"{uid} withdraws: " + ("; ".join(moved) or "nobody can move"),
                       detail={"rule": "§8.1 Morale", "outcome": moved, "modifiers": []},
                       action={"name": "withdraw", "params": {"unit": uid}})


def casualty_share(game: Game, uid: str) -> float:
    total = len([p for _, u, p in game.scenario.pieces() if u.id == uid])
    out = sum(1 for pid, p in game.state["pieces"].items() if p["unit"] == uid
              and (not p["alive"] or p["status"].get("wounded")))
    return out / total if total else 0.0


def must_test(game: Game) -> list[str]:
    """§8.1: units that have reached 50% (or 75%) casualties and not yet tested at that mark."""
    out = []
    for uid, u in game.state["units"].items():
        share = casualty_share(game, uid)
        done = u["status"].get("tested_at", 0)
        marks = [m.value for m in T.MORALE_AT if share >= m.value and m.value > done]
        if marks and figures(game, uid):  # a unit with nobody left in the fight has nothing to test
            out.append(uid)
    return out


def failing_turns(status: dict, turn: int) -> int:
    """§8.1: the consecutive turns before ``turn`` on which at least one morale roll failed (a
    failure earlier this turn, retried for MPs, does not count against the retry)."""
    last, run = status.get("failed_turn"), status.get("failing_turns", 0)
    if last == turn:
        return run - 1
    return run if last == turn - 1 else 0


def _after_failure(status: dict, turn: int) -> list:
    """The run of failing turns once a roll fails on ``turn`` (one more only for a new turn)."""
    last, run = status.get("failed_turn"), status.get("failing_turns", 0)
    run = run if last == turn else run + 1 if last == turn - 1 else 1
    return [("failing_turns", run), ("failed_turn", turn)]


def _tester(game: Game, uid: str) -> str:
    """Who pays for a retry, which §8.1 leaves open (a house reading): the unit's leader, or, with
    its leaders down, its first figure still in the fight, drawing on the MPs of a leader within
    40 m as any figure does (§2.4). Quality is the unit's, whoever tests."""
    fighting = figures(game, uid)
    if not fighting:
        raise IllegalActionError(f"{uid} has nobody left to test morale")
    return next((f for f in fighting if is_leader(game, f)), fighting[0])


def resolve_morale(game: Game, uid: str, mps: int = 0):
    """§8.1: d00 under the chance by quality, -10% per consecutive failing turn; a failed roll may
    be retried for 1, 2, 4 ... MPs (pass ``mps`` equal to the next retry's cost)."""
    st = game.state["units"][uid]["status"]
    tester = _tester(game, uid)
    turn = game.state["turn"]
    pct = C.morale_chance(quality(game, tester), failing_turns(st, turn))
    changes: list = []
    if mps:
        attempt = st.get("retries", 0) + 1
        if mps != C.retry_cost(attempt):
            raise IllegalActionError(f"retry {attempt} costs {C.retry_cost(attempt)} MPs")
        changes += spend(game, tester, mps) + [(("units", uid, "status", "retries"), attempt)]
    roller = game.roller()
    ok = R.test(Play(roller), pct.value, f"{uid} morale")
    share = casualty_share(game, uid)
    mark = max(m.value for m in T.MORALE_AT if share >= m.value) if share >= T.MORALE_AT[0].value else 0
    run = [("failing_turns", 0), ("failed_turn", None)] if ok else _after_failure(st, turn)
    changes += [(("rng", "counter"), roller.counter), (("units", uid, "status", "morale"), "ok" if ok else "withdraw"),
                (("units", uid, "status", "tested_at"), mark if ok else st.get("tested_at", 0))]
    changes += [(("units", uid, "status", key), value) for key, value in run]
    return game.record("morale", changes, f"{uid} tests morale ({pct.value:g}%): {'holds' if ok else 'must withdraw'}",
                       rolls=tuple(roller.log),
                       detail={"rule": "§8.1 Morale", "outcome": ok, "modifiers": [m.to_dict() for m in pct.modifiers],
                               "odds": exact(R.test, pct.value, "morale").describe()},
                       action={"name": "morale", "params": {"unit": uid, "mps": mps}})


def morale_odds(game: Game, uid: str):
    """§8.1: the odds of the unit's next morale test, by the same chance as the test itself."""
    st = game.state["units"][uid]["status"]
    return exact(R.test, C.morale_chance(quality(game, _tester(game, uid)), failing_turns(st, game.state["turn"])).value,
                 "morale")
