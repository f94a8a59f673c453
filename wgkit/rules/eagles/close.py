"""Eagles, Crowns and Oak Leaves: Infantry Melee (5.1), Infantry vs Vehicle Assaults (5.2) and
Suicide Squads (5.3)."""

from __future__ import annotations

from wgkit.dice import D00, D10
from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.eagles import damage as D
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import tables as T

REACH_YD = 100.0  # house: melee and assaults between stands within 1" (100 yd)


def melee_rating(game: Game, uid: str) -> tuple[int, list[Modifier]]:
    """5.1: FP (1 for artillery and admin), -2 if suppressed."""
    base = T.MELEE_ADMIN_FP.value if L.kind(game, uid) in ("artillery", "admin") else L.fp(game, uid)
    mods = [Modifier.of("suppressed", T.MELEE_SUPPRESSED)] if L.status(game, uid).get("suppressed") else []
    return base, mods


def melee_roll(chance, a: int, d: int) -> int:
    """Each side a d10 plus its rating: attacker minus defender."""
    return (chance.face(D10, "attacker") + a) - (chance.face(D10, "defender") + d)


def _destroy(game: Game, uid: str) -> list:
    return [(("units", uid, "status", "destroyed"), True)] + [(("pieces", p, "alive"), False) for p, v in game.state["pieces"].items() if v["unit"] == uid]


def suicide_ok(game: Game, uid: str) -> bool:
    """5.31: only R, RF and SMG units of Russian Guards 1941-42, Waffen SS 1945, Japanese 1931-45."""
    if L.attr(game, uid, "unit_type") not in T.SUICIDE_TYPES.value:
        return False
    nat, form, year = L.nationality(game, uid), L.attr(game, uid, "formation", "any"), int(L.attr(game, uid, "year", 1944))
    return any(nat == n and (f == "any" or f == form) and lo <= year <= hi for n, f, lo, hi in T.SUICIDE_ALLOWED.value)


def resolve_melee(game: Game, uid: str, enemy: str):
    """The loser is destroyed, the winner suppressed; a tie destroys both. A suicide squad is
    destroyed whatever happens (Japanese squads only against vehicles and bunkers)."""
    if L.yards(game, uid, enemy) > REACH_YD or L.side(game, uid) == L.side(game, enemy):
        raise IllegalActionError(f"{enemy} is not an enemy within 100 yd of {uid}")
    if L.is_vehicle(game, enemy) or L.kind(game, enemy) == "bunker":
        raise IllegalActionError(f"{enemy} is a vehicle or bunker: use an assault")
    (a, am), (d, dm) = melee_rating(game, uid), melee_rating(game, enemy)
    a += int(sum(m.value for m in am))
    d += int(sum(m.value for m in dm))
    roller = game.roller()
    diff = melee_roll(Play(roller), a, d)
    changes: list = []
    if diff > 0:
        changes += _destroy(game, enemy) + [(("units", uid, "status", "suppressed"), True)]
        words = f"{uid} wins; {enemy} destroyed, {uid} suppressed"
    elif diff < 0:
        changes += _destroy(game, uid) + [(("units", enemy, "status", "suppressed"), True)]
        words = f"{enemy} wins; {uid} destroyed, {enemy} suppressed"
    else:
        changes += _destroy(game, uid) + _destroy(game, enemy)
        words = "a tie: both destroyed"
    if L.status(game, uid).get("suicide") and diff > 0 and L.nationality(game, uid) != "japan":
        changes += _destroy(game, uid)
        words += f"; {uid}, a suicide squad, is spent"
    return game.record("melee", [(("rng", "counter"), roller.counter)] + changes, words, rolls=tuple(roller.log), by=(uid, enemy),
                       detail={"rule": "5.1 Melee", "outcome": diff, "modifiers": [m.to_dict() for m in am + dm],
                               "odds": exact(melee_roll, a, d).describe("attacker minus defender")})


def assault_mods(game: Game, uid: str, vehicle: str) -> list[Modifier]:
    """5.2: modifiers to the d00 (house: added to the roll, so minus helps)."""
    mods = []
    moved = L.status(game, vehicle).get("moved_code")
    if not L.status(game, vehicle).get("moved"):
        mods.append(Modifier.of("vehicle did not move", T.ASSAULT_MODS["vehicle did not move"]))
    elif moved in ("D", "E"):
        name = f"vehicle moved at {moved} speed"
        mods.append(Modifier.of(name, T.ASSAULT_MODS[name]))
    if L.kind(game, uid) == "engineer":
        mods.append(Modifier.of("engineers", T.ASSAULT_MODS["engineers"]))
    if L.status(game, uid).get("suicide"):
        mods.append(Modifier.of("suicide squad", T.ASSAULT_MODS["suicide squad"]))
    return mods


def assault_roll(chance, modifier: int) -> bool:
    """30%: a d00 plus the modifiers at or under 30 succeeds."""
    return chance.face(D00, "assault") + modifier <= T.ASSAULT_BASE.value


def resolve_assault(game: Game, uid: str, vehicle: str, support: tuple[str, ...] = ()):
    """5.2, in its three steps: (1) the tank or bunker fires at the assaulting infantry; (2) the
    defender's supporting infantry and weapons fire at it; (3) if the infantry survives, the assault
    succeeds 30% of the time with its modifiers; the loser is destroyed and winning infantry
    suppressed. Steps 1 and 2 are fire events of their own."""
    from wgkit.rules.eagles import fire as F

    if not (L.is_vehicle(game, vehicle) or L.kind(game, vehicle) == "bunker") or L.side(game, uid) == L.side(game, vehicle):
        raise IllegalActionError(f"{vehicle} is not an enemy vehicle or bunker")
    if L.yards(game, uid, vehicle) > REACH_YD:
        raise IllegalActionError(f"{vehicle} is beyond 100 yd of {uid}")
    if L.status(game, uid).get("no_assault_until", 0) >= game.state["turn"]:
        raise IllegalActionError(f"{uid} won an assault last turn and cannot assault again yet")
    for shooter in (vehicle, *support):
        if L.side(game, shooter) != L.side(game, vehicle):
            raise IllegalActionError(f"{shooter} is not on the defending side")
        try:
            p = F.plan(game, shooter, uid, extra=True)
        except IllegalActionError:
            continue  # out of sight or unable: no defensive fire from it
        roller = game.roller()
        changes, words = D.apply(game, uid, *D.kill_roll(Play(roller), p.dice, p.faces, p.star, p.reroll, p.zero_only))
        game.record("fire", [(("rng", "counter"), roller.counter)] + changes, by=(shooter,),
                    text=f"{shooter} fires {p.dice} kill dice at the assault: {words}", rolls=tuple(roller.log),
                    detail={"rule": "5.2 step " + ("1" if shooter == vehicle else "2"), "outcome": words,
                            "modifiers": [m.to_dict() for m in p.mods], "odds": p.odds().describe()})
        if not L.alive(game, uid):
            return game.log[-1]
    mods = assault_mods(game, uid, vehicle)
    m = int(sum(x.value for x in mods))
    roller = game.roller()
    won = assault_roll(Play(roller), m)
    if won:
        changes = _destroy(game, vehicle) + [(("units", uid, "status", "suppressed"), True),
                                             (("units", uid, "status", "no_assault_until"), game.state["turn"] + 1)]
        words = f"{uid} destroys {vehicle}"
        if L.status(game, uid).get("suicide"):
            changes += _destroy(game, uid)
            words += f"; {uid}, a suicide squad, is spent"
    else:
        changes = _destroy(game, uid)
        words = f"the assault fails: {uid} destroyed"
    return game.record("assault", [(("rng", "counter"), roller.counter)] + changes, words, rolls=tuple(roller.log), by=(uid,),
                       detail={"rule": "5.2 Assaults", "outcome": won, "modifiers": [x.to_dict() for x in mods],
                               "odds": exact(assault_roll, m).describe()})


def resolve_suicide(game: Game, uid: str):
    """5.3: reclassify a squad as suicide; it must assault the nearest enemy this turn."""
    if not suicide_ok(game, uid):
        raise IllegalActionError(f"{uid} may not become a suicide squad (only R, RF and SMG units of Russian Guards "
                                 "1941-42, Waffen SS 1945 or Japanese 1931-45)")
    nearest = min(L.enemies(game, uid), key=lambda e: L.yards(game, uid, e))
    return game.record("suicide", [(("units", uid, "status", "suicide"), True), (("units", uid, "status", "must_attack"), nearest)],
                       f"{uid} becomes a suicide squad and must attack {nearest}", detail={"rule": "5.3"})
