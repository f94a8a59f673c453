"""Company Fire: Mines (beta) — finding a path and clearing (passing through is part of a move)."""

from __future__ import annotations

from wgkit.dice import D6
from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import tables as T
from wgkit.rules.company_fire.effects import Effects
from wgkit.rules.company_fire.movement import may_act


def field_at(game: Game, c: L.Cell) -> tuple[str, dict]:
    key = f"{c[0]},{c[1]}"
    field = L.cf(game).get("mines", {}).get(key)
    if field is None:
        raise IllegalActionError(f"{c} is not marked as mined")
    return key, field


def engineers(game: Game, units: list[str]) -> list[Modifier]:
    return [Modifier.of("engineers", T.MINES["engineers"])] if any(L.kind(game, u) == "engineer_squad" for u in units) else []


def find_path(chance, bonus: int) -> bool:
    """1d6 (+2 engineers): 5+ finds a path."""
    return chance.face(D6, "find a path") + bonus >= T.MINES["find a path"].value


def path_check(game: Game, uid: str, c: L.Cell) -> None:
    """Mines (beta), finding a path: only a unit in or next to the mined square may look."""
    if not (L.cell(game, uid) == c or L.adjacent(L.cell(game, uid), c)):
        raise IllegalActionError(f"{uid} must be in or next to {c}")


def resolve_find_path(game: Game, uid: str, c: L.Cell):
    """One unit or single figure in or next to the mined square looks for a path through it."""
    key, field = field_at(game, c)
    path_check(game, uid, c)
    may_act(game, uid, "moved")
    mods = engineers(game, [uid])
    roller = game.roller()
    ok = find_path(Play(roller), int(sum(m.value for m in mods)))
    changes = [(("rng", "counter"), roller.counter), (("units", uid, "status", "moved"), True)]
    if ok:
        changes.append((("vars", "cf", "mines", key, "paths"), sorted(set(field.get("paths", [])) | {L.side(game, uid)})))
    return game.record("find path", changes, f"{uid} {'finds' if ok else 'does not find'} a path through {c}",
                       rolls=tuple(roller.log), detail={"rule": "Mines", "outcome": ok,
                                                        "modifiers": [m.to_dict() for m in mods],
                                                        "odds": path_odds(int(sum(m.value for m in mods))).describe()})


def path_odds(bonus: int):
    """Mines, finding a path: the chances in words."""
    return exact(find_path, bonus).named(names=path_words)


def clearing_odds(bonus: int):
    """Mines, clearing: the difference's chances in words."""
    return exact(clearing, bonus).named(names=clearing_words)


def path_words(found: bool) -> str:
    """Mines, finding a path: the outcome in words."""
    return "path found" if found else "no path"


def clearing_words(diff: int) -> str:
    """Mines, clearing: ahead or level clears (level costs the first unit 3 hits); behind, each
    unit takes the difference in hits and the mines stay."""
    if diff > 0:
        return f"cleared (by {diff})"
    if diff == 0:
        return "cleared, 3 hits on the first unit (tie)"
    return f"mines remain, {-diff} hit{'s' if diff < -1 else ''} on each unit"


def clearing(chance, bonus: int) -> int:
    """1d6 for the clearing side (+2 engineers) against 1d6 for the mines: the difference."""
    return chance.face(D6, "clearing side") + bonus - chance.face(D6, "mines")


def clearers(game: Game, c: L.Cell) -> list[str]:
    """Mines (beta), clearing: the initiative side's units stopped in the mined square (refused if
    there are none); only their engineers add to the roll."""
    side = L.cf(game)["initiative_side"]
    units = [u for u in L.units_at(game, c) if L.side(game, u) == side and L.role(game, u) != "smf"]
    if not units:
        raise IllegalActionError(f"no unit of {side} has stopped in {c}")
    return units


def resolve_clear(game: Game, c: L.Cell):
    """Units stopped in a mined square try to clear it: the loser takes the difference in hits on
    each unit; the mines go on one hit; a tie destroys one unit and the mines. A dummy is simply
    removed."""
    key, field = field_at(game, c)
    units = clearers(game, c)
    fx = Effects(game)
    for u in units:
        may_act(game, u, "fired")
        fx.set(("units", u, "status", "fired"), True)
    fx.set(("vars", "cf", "mines", key), None)
    mods = engineers(game, units)
    roller = game.roller()
    if not field["real"]:
        fx.lines.append("a dummy: the marker is removed")
    else:
        diff = clearing(Play(roller), int(sum(m.value for m in mods)))
        if diff < 0:
            for u in units:
                fx.hit(u, -diff, "mines")
            fx.set(("vars", "cf", "mines", key), field)
        elif diff == 0:
            fx.hit(units[0], 3, "tie with the mines")
        fx.lines.append("mines cleared" if diff >= 0 else "the mines remain")
    return game.record("clear mines", [(("rng", "counter"), roller.counter)] + fx.finish(),
                       f"clearing {c}: " + "; ".join(fx.lines), rolls=tuple(roller.log),
                       detail={"rule": "Mines", "outcome": fx.lines, "modifiers": [m.to_dict() for m in mods],
                               "odds": clearing_odds(int(sum(m.value for m in mods))).describe()})
