"""Eagles, Crowns and Oak Leaves: Spotting (4.1) — who has been seen, in the basic game (for
everyone) and the advanced one (by each firer); the automatic situations; the 4.11 chart."""

from __future__ import annotations

from wgkit.dice import D00
from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import tables as T


def advanced(game: Game) -> bool:
    return game.scenario.rules.get("spotting") == "advanced"


def spotted_by(game: Game, firer: str, target: str) -> bool:
    """4.1: in the basic game a spotted unit stays spotted for everyone; in the advanced game each
    firer must spot it itself (the automatic situations still count)."""
    st = L.status(game, target)
    if not advanced(game):
        return st.get("spotted", True)
    return auto_spotted(game, target) is not None or firer in st.get("spotted_by", [])


def auto_spotted(game: Game, target: str) -> str | None:
    """4.1: moving or firing within 500 yd, or on a road within 1000 yd (doubled in the desert)."""
    k = 2.0 if game.scenario.rules.get("desert") else 1.0
    near = min((L.yards(game, target, e) for e in L.enemies(game, target)), default=1e9)
    st = L.status(game, target)
    if st.get("moved") and near <= T.AUTO_SPOT_YD["moved"].value * k:
        return "moved within 500 yd"
    if st.get("fired") and near <= T.AUTO_SPOT_YD["fired"].value * k:
        return "fired within 500 yd"
    if any(a.type == "road" for a in game.terrain.at(*L.pos(game, target))) and near <= T.AUTO_SPOT_YD["road"].value * k:
        return "on a road within 1000 yd"
    return None


def spot_chance(game: Game, spotter: str, target: str) -> tuple[int, list[Modifier]]:
    """4.11: 60% with its modifiers."""
    mods = []
    here = {a.type for a in game.terrain.at(*L.pos(game, target))}
    for name, test in (("on the road", "road" in here), ("in the woods", "woods" in here),
                       ("in a house", "buildings" in here), ("desert", bool(game.scenario.rules.get("desert")))):
        if test:
            mods.append(Modifier.of(name, T.SPOT_MODS[name]))
    if L.status(game, target).get("defilade"):
        mods.append(Modifier.of("defilade", T.SPOT_MODS["defilade"]))
    st = L.status(game, target)
    if st.get("moved"):
        mods.append(Modifier.of("target moved", T.SPOT_MODS["target moved"]))
    elif st.get("fired"):
        mods.append(Modifier.of("stationary but firing", T.SPOT_MODS["stationary but firing"]))
    elif L.kind(game, target) in ("infantry", "at_gun", "engineer", "mg"):
        mods.append(Modifier.of("stationary infantry or AT", T.SPOT_MODS["stationary infantry or AT"]))
    yd = L.yards(game, spotter, target)
    if yd >= 3000:
        mods.append(Modifier.of("range 3000+ yd", T.SPOT_MODS["range 3000+ yd"]))
    elif yd >= 1500:
        mods.append(Modifier.of("range 1500-3000 yd", T.SPOT_MODS["range 1500-3000 yd"]))
    return max(0, min(100, T.SPOT_BASE.value + int(sum(m.value for m in mods)))), mods


def spot_roll(chance, pct: int) -> bool:
    return chance.face(D00, f"spot ({pct}%)") <= pct


def resolve_spot(game: Game, spotter: str, target: str):
    if spotted_by(game, spotter, target):
        raise IllegalActionError(f"{target} is already spotted" + (f" by {spotter}" if advanced(game) else ""))
    why = auto_spotted(game, target)
    if why:
        return game.record("spot", [(("units", target, "status", "spotted"), True)], f"{target} is spotted: {why}",
                           detail={"rule": "4.1"})
    if not L.sees(game, spotter, target):
        raise IllegalActionError(f"{spotter} cannot see where {target} is")
    pct, mods = spot_chance(game, spotter, target)
    roller = game.roller()
    found = spot_roll(Play(roller), pct)
    key = ("units", target, "status", "spotted_by") if advanced(game) else ("units", target, "status", "spotted")
    value = sorted(set(L.status(game, target).get("spotted_by", [])) | ({spotter} if found else set())) if advanced(game) else found
    return game.record("spot", [(("rng", "counter"), roller.counter), (key, value)], by=(spotter,),
                       text=f"{spotter} looks for {target} ({pct}%): {'spotted' if found else 'not seen'}", rolls=tuple(roller.log),
                       detail={"rule": "4.11", "outcome": found, "modifiers": [m.to_dict() for m in mods],
                               "odds": exact(spot_roll, pct).describe()})
