"""Easy Company §3.2 Off-table artillery: calling, arrival, ranging, walking, fire for effect."""

from __future__ import annotations

import math

import numpy as np

from wgkit.engine.game import Game, IllegalActionError
from wgkit.geometry.zones import inside, radius_zone
from wgkit.odds import Play, exact
from wgkit.rules.easy_company import chances as C
from wgkit.rules.easy_company import rolls as R
from wgkit.rules.easy_company import tables as T
from wgkit.rules.easy_company.lookup import SCALE, is_leader, spend, under_fire, wound_changes, wound_rolls


def battery(game: Game, side: str):
    """The side's off-table artillery: a unit of kind ``artillery`` (its quality is the crew's,
    ``rules: {calibre_mm: ...}`` its calibre)."""
    for s in game.scenario.sides:
        if s.id == side:
            for u in s.units:
                if u.kind == "artillery":
                    return u
    raise IllegalActionError(f"side {side} has no off-table artillery in this scenario")


def resolve_call(game: Game, leader: str, point: tuple[float, float]):
    """§3.2: a leader with a radio spends 5 MPs to call the artillery onto a point."""
    if not is_leader(game, leader) or "radio" not in game.scenario.piece(leader).weapons:
        raise IllegalActionError(f"{leader} is not a leader with a radio")
    side = game.piece(leader)["side"]
    battery(game, side)
    if game.state["sides"][side]["vars"].get("artillery"):
        raise IllegalActionError("the artillery is already called: it is rolled for each turn until it arrives")
    changes = spend(game, leader, T.CALL_MP.value)
    changes.append((("sides", side, "vars", "artillery"), {"state": "called", "failed": 0, "point": list(point),
                                                           "caller": leader}))
    return game.record("artillery", changes, f"{leader} calls artillery onto ({point[0]:g}, {point[1]:g})",
                       detail={"rule": "§3.2", "outcome": "called", "modifiers": []},
                       action={"name": "call artillery", "params": {"leader": leader, "point": list(point)}})


def _fire_mission(game: Game, side: str) -> dict:
    a = game.state["sides"][side]["vars"].get("artillery")
    if not a:
        raise IllegalActionError(f"side {side} has no artillery called")
    return a


def may_roll_arrival(game: Game, side: str) -> bool:
    """§3.2: the called fire's arrival is rolled once a turn (each failed turn adds 10%)."""
    a = game.state["sides"][side]["vars"].get("artillery") or {}
    return a.get("state") == "called" and a.get("rolled") != game.state["turn"]


def resolve_arrival(game: Game, side: str):
    """§3.2: does the called fire arrive (+10% a turn it fails), and is it on target? The first
    round is always a ranging round."""
    a = _fire_mission(game, side)
    if a["state"] != "called":
        raise IllegalActionError(f"side {side}'s artillery is already {a['state']}")
    if not may_roll_arrival(game, side):
        raise IllegalActionError(f"side {side}'s artillery was rolled for this turn: it is rolled once a turn until it arrives")
    crew = battery(game, side).quality or "experienced"
    arrive = C.arrival_chance(crew, a["failed"])
    roller = game.roller()
    chance = Play(roller)
    came = R.test(chance, arrive.value, "artillery arrives")
    on = came and R.test(chance, T.ON_TARGET[crew].value, "artillery on target")
    new = dict(a, failed=a["failed"] + (0 if came else 1), state="ranging" if on else "called" if not came else "off",
               rolled=game.state["turn"])
    text = ("artillery does not arrive" if not came else
            "ranging round on target" if on else "artillery off target: no barrage")
    if new["state"] == "off":
        new = None
    return game.record("artillery", [(("rng", "counter"), roller.counter), (("sides", side, "vars", "artillery"), new)],
                       text, rolls=tuple(roller.log),
                       detail={"rule": "§3.2", "outcome": text, "modifiers": [m.to_dict() for m in arrive.modifiers]},
                       action={"name": "artillery", "params": {"side": side}})


def resolve_walk(game: Game, leader: str, point: tuple[float, float]):
    """§3.2: 5 MPs walk the fire up to 6"; it must be on target again."""
    side = game.piece(leader)["side"]
    a = _fire_mission(game, side)
    if a["state"] != "ranging":
        raise IllegalActionError("only a ranging round on target can be walked")
    if math.dist(a["point"], point) > T.WALK_MAX_IN.value:
        raise IllegalActionError(f"fire walks at most {T.WALK_MAX_IN.value:g}\"")
    changes = spend(game, leader, T.WALK_MP.value)
    roller = game.roller()
    on = R.test(Play(roller), T.ON_TARGET[battery(game, side).quality or "experienced"].value, "artillery on target")
    new = dict(a, point=list(point)) if on else None
    return game.record("artillery", changes + [(("rng", "counter"), roller.counter), (("sides", side, "vars", "artillery"), new)],
                       f"{leader} walks the fire: " + ("on target" if on else "off target, the mission ends"),
                       rolls=tuple(roller.log), detail={"rule": "§3.2", "outcome": on, "modifiers": []},
                       action={"name": "walk fire", "params": {"leader": leader, "point": list(point)}})


def calibre(game: Game, side: str) -> float:
    """The side's guns' calibre in mm: the battery's ``rules: {calibre_mm: ...}``, or the house default."""
    return battery(game, side).rules.get("calibre_mm", T.DEFAULT_CALIBRE_MM.value)


def barrage_radius(game: Game, side: str) -> float:
    """§3.2: the radius of effect of the side's guns, in inches."""
    return SCALE.to_inches(C.radius_m(calibre(game, side)))


def effect_victims(game: Game, side: str) -> list[str]:
    a = _fire_mission(game, side)
    radius = barrage_radius(game, side)
    live = [(pid, q) for pid, q in game.state["pieces"].items() if q["alive"]]
    hits = inside(radius_zone(a["point"], radius), np.array([q["position"] for _, q in live], dtype=float))
    return [pid for (pid, _), h in zip(live, hits) if h]


def effect_odds(game: Game, side: str):
    """Exact chance of each number of men wounded by a fire-for-effect, from the same rolls."""
    victims = effect_victims(game, side)
    return exact(lambda c: len(wound_rolls(c, game, victims)))


def walk_odds(game: Game, side: str):
    return exact(R.test, T.ON_TARGET[battery(game, side).quality or "experienced"].value, "on target")


def resolve_effect(game: Game, leader: str):
    """§3.2: 5 MPs to fire for effect: every figure within the calibre's radius may be wounded."""
    side = game.piece(leader)["side"]
    a = _fire_mission(game, side)
    if a["state"] != "ranging":
        raise IllegalActionError("fire for effect follows a ranging round on target")
    changes = spend(game, leader, T.FFE_MP.value)
    radius = barrage_radius(game, side)
    roller = game.roller()
    victims = effect_victims(game, side)
    hurt = wound_rolls(Play(roller), game, victims)
    changes += [(("rng", "counter"), roller.counter)]
    changes += under_fire(game, victims, C.artillery_kind(calibre(game, side)))
    changes += wound_changes(game, hurt)
    return game.record("artillery", changes, f"fire for effect ({radius:g}\" radius): "
                       + (", ".join(hurt) + " wounded" if hurt else "no one hurt"),
                       rolls=tuple(roller.log), detail={"rule": "§3.2", "outcome": hurt, "modifiers": []},
                       action={"name": "fire for effect", "params": {"leader": leader}})
