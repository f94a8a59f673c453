"""Company Fire: Rally (segment 5) and the leaders' move that precedes it (segment 4)."""

from __future__ import annotations

from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import status as S
from wgkit.rules.company_fire.movement import resolve_move


def rally_plan(game: Game, uid: str):
    """Rally: once per phase, by the phasing side; returns the modifiers and the odds."""
    st = L.order(game, uid)
    if L.status(game, uid).get("rallied"):
        raise IllegalActionError(f"{uid} has already tried to rally this phase")
    if st not in ("pinned", "suppressed") or L.role(game, uid) == "smf":
        raise IllegalActionError(f"{uid} is {st} and needs no rally")
    if L.side(game, uid) != L.cf(game)["initiative_side"]:
        raise IllegalActionError(f"{uid} rallies on its own side's cards")
    unseen = not any(L.sees(game, e, L.cell(game, uid)) for e in L.enemies_of(game, uid)
                     if L.order(game, e) == "good order" and L.role(game, e) != "smf")
    mods = S.rally_modifiers(L.quality(game, uid), unseen, L.leader_with(game, uid))
    return st, mods, S.rally_odds(st, mods)


def resolve_rally(game: Game, uid: str):
    """A success improves the unit one step; a failure ends its card."""
    st, mods, odds = rally_plan(game, uid)
    roller = game.roller()
    after = S.rally_roll(Play(roller), st, int(sum(m.value for m in mods)))
    changes = [(("rng", "counter"), roller.counter), (("units", uid, "status", "order"), after),
               (("units", uid, "status", "rallied"), True)]
    if after == st:
        changes.append((("units", uid, "status", "spent"), True))
    return game.record("rally", changes, f"{uid} rallies: {st} -> {after}", rolls=tuple(roller.log),
                       detail={"rule": "Rally", "outcome": after, "modifiers": [m.to_dict() for m in mods],
                               "odds": odds.describe()})


def resolve_leader_move(game: Game, uid: str, path: list[L.Cell]):
    """Platoon Leaders and Company Commanders: a PL or CC may move to rally units, then stops for
    the rest of the phase."""
    if L.kind(game, uid) not in L.LEADERS:
        raise IllegalActionError(f"{uid} is not a platoon leader or company commander")
    return resolve_move(game, uid, path)
