"""Rookie Rules: Leadership — removing penalty markers in the command phase or with a unit's own
functions, combining understrength squads, turrets and heavy weapons (Leadership; Command Radius;
How Do You Get Rid of the Penalty Markers?; Movement and Firing)."""

from __future__ import annotations

from wgkit.engine.game import Game, IllegalActionError
from wgkit.rules.rookie import chart as X
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import tables as T
from wgkit.rules.rookie.flow import spend


def command_check(game: Game, leader: str, uid: str) -> None:
    if not L.is_leader(game, leader) or not L.alive(game, leader):
        raise IllegalActionError(f"{leader} is not a leader on the table")
    if L.side(game, leader) != L.side(game, uid):
        raise IllegalActionError(f"{uid} is not under {leader}'s command")
    if uid == leader:
        raise IllegalActionError(f"{leader} cannot steady himself: another leader, his own functions or a morale test can")
    if L.marker(game, uid) is None:
        raise IllegalActionError(f"{uid} has no penalty marker")
    reach = L.radius(game, leader)
    if (L.distance(game, leader, uid) > reach or not L.sees(game, leader, uid)):
        raise IllegalActionError(f"{uid} is outside {leader}'s command radius ({reach:g}\" and line of sight)")


def resolve_command(game: Game, leader: str, uid: str):
    """Command phase: a leader removes up to two markers (from one unit twice or two units once),
    and is then inactive for the card sequence that follows. Another leader may help a leader."""
    used = [e for e in L.rk(game)["commanded"] if e == leader]
    if len(used) >= T.COMMAND_REMOVALS.value:
        raise IllegalActionError(f"{leader} has removed {T.COMMAND_REMOVALS.value} markers this command phase")
    command_check(game, leader, uid)
    after = X.improve(L.marker(game, uid))
    seq = 1 if game.current_step().name == "Command" else 2
    return game.record("command", [(("units", uid, "status", "marker"), after),
                                   (("vars", "rk", "commanded"), L.rk(game)["commanded"] + [leader]),
                                   (("units", leader, "status", "inactive"), seq)],
                       f"{leader} steadies {uid}: {L.marker(game, uid)} -> {after or 'no marker'}",
                       detail={"rule": "Command sequence"})


def resolve_remove(game: Game, uid: str):
    """A unit in command radius may spend a function to remove one marker step."""
    if L.marker(game, uid) is None:
        raise IllegalActionError(f"{uid} has no penalty marker")
    if not L.in_command(game, uid):
        raise IllegalActionError(f"{uid} is outside its leaders' command radius")
    changes = spend(game, uid)
    after = X.improve(L.marker(game, uid))
    return game.record("remove marker", changes + [(("units", uid, "status", "marker"), after)],
                       f"{uid} removes a marker: {L.marker(game, uid)} -> {after or 'no marker'}",
                       detail={"rule": "Command Radius 3"})


def resolve_combine(game: Game, leader: str, keep: str, merge: str):
    """Command Radius 4: a leader combines two understrength squads in its radius into one."""
    for u in (keep, merge):
        if L.kind(game, u) != "squad" or L.side(game, u) != L.side(game, leader):
            raise IllegalActionError(f"{u} is not a squad of {leader}'s side")
        if L.distance(game, leader, u) > L.radius(game, leader):
            raise IllegalActionError(f"{u} is outside {leader}'s command radius")
    total = L.men(game, keep) + L.men(game, merge)
    if total > L.full_men(game, keep):
        raise IllegalActionError(f"together they are {total} men; a squad holds {L.full_men(game, keep)}")
    from wgkit.rules.rookie.fire import gone

    changes = [(("units", keep, "status", "casualties"), L.full_men(game, keep) - total)] + gone(game, merge)
    return game.record("combine", changes, f"{leader} combines {merge} into {keep}: {total} men",
                       detail={"rule": "Command Radius 4"})


def resolve_traverse(game: Game, uid: str, facing: float):
    """Movement and Firing: a tank may spend a function to traverse its turret."""
    if L.kind(game, uid) != "vehicle":
        raise IllegalActionError(f"{uid} has no turret")
    changes = spend(game, uid)
    return game.record("traverse", changes + [(("units", uid, "status", "turret"), float(facing) % 360)],
                       f"{uid} traverses its turret to {float(facing) % 360:g} degrees", detail={"rule": "Movement and Firing"})


def resolve_setup(game: Game, uid: str):
    """Four functions (two card sequences) set up or take down a heavy mortar or gun."""
    if L.kind(game, uid) not in L.HEAVY:
        raise IllegalActionError(f"{uid} is not a heavy mortar or gun")
    left = L.status(game, uid).get("functions") or 0
    changes = spend(game, uid, left or 1)
    done = int(L.status(game, uid).get("setup_progress", 0)) + (left or 1)
    deployed = bool(L.status(game, uid).get("deployed"))
    if done >= T.HEAVY_SETUP.value:
        changes += [(("units", uid, "status", "deployed"), not deployed), (("units", uid, "status", "setup_progress"), 0)]
        text = f"{uid} is {'taken down' if deployed else 'set up'}"
    else:
        changes.append((("units", uid, "status", "setup_progress"), done))
        text = f"{uid}: {done} of {T.HEAVY_SETUP.value} functions to {'take down' if deployed else 'set up'}"
    return game.record("set up", changes, text, detail={"rule": "Movement and Firing (four functions)"})
