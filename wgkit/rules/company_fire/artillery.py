"""Company Fire: Artillery — forward observers call HE or smoke on a square; the mission comes
on the side's next fire card unless a 1 cancels it; smoke lasts until the firer regains the
initiative."""

from __future__ import annotations

from wgkit.dice import D6
from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play, exact
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import status as S
from wgkit.rules.company_fire import tables as T
from wgkit.rules.company_fire.effects import Effects
from wgkit.rules.company_fire.movement import card_kind, may_act


def fire_card(game: Game) -> bool:
    """Segments 1-3 run on fire cards (and face cards: house)."""
    return card_kind(game) == "fire" or (card_kind(game) == "any" and T.ARTILLERY_ON_FACE.value)


def missions_left(game: Game, observer: str) -> int:
    total = game.scenario.unit(observer).rules.get("missions", T.MISSIONS_DEFAULT.value)
    return total - L.cf(game).get("missions_used", {}).get(observer, 0)


def resolve_call(game: Game, observer: str, target: L.Cell, kind: str = "HE"):
    """Artillery: on a fire card a forward observer marks a square in its line of sight."""
    if L.kind(game, observer) != "forward_observer" or not L.alive(game, observer):
        raise IllegalActionError(f"{observer} is not a forward observer on the table")
    if not fire_card(game):
        raise IllegalActionError("artillery is called on fire cards")
    side = L.side(game, observer)
    if L.cf(game).get("mission", {}).get(side):
        raise IllegalActionError(f"{side} already has a fire mission on the way")
    if missions_left(game, observer) <= 0:
        raise IllegalActionError(f"{observer} has no fire missions left")
    if kind not in ("HE", "smoke"):
        raise IllegalActionError("a fire mission is HE or smoke")
    if not L.cell_sight(game, L.cell(game, observer), target).clear:
        raise IllegalActionError(f"{observer} cannot see {target}")
    may_act(game, observer, "fired")
    mission = {"cell": list(target), "kind": kind, "observer": observer, "card": L.cf(game)["card_no"]}
    return game.record("call artillery", [(("vars", "cf", "mission", side), mission),
                                          (("units", observer, "status", "fired"), True)],
                       f"{observer} calls {kind} on {target}", detail={"rule": "Artillery"})


def arrival(chance) -> bool:
    """1d6: a 1 cancels the mission."""
    return chance.face(D6, "arrival") > T.ARTILLERY_CANCEL.value


def arrival_words(came: bool) -> str:
    """Artillery: the arrival roll's outcome in words."""
    return "arrives" if came else "cancelled (a 1)"


def arrival_odds():
    """The arrival roll's chances, in words."""
    return exact(arrival).named(names=arrival_words)


def he_dice(game: Game, c: L.Cell) -> int:
    return T.ARTILLERY_DICE["cover" if L.cover(game, c) else "open"].value


def resolve_arrival(game: Game, side: str):
    """Check the mission on the side's next fire card; HE rolls 4d6 (3d6 in cover) at every unit
    in the square, single figures included; smoke marks the square."""
    m = L.cf(game).get("mission", {}).get(side)
    if not m:
        raise IllegalActionError(f"{side} has no fire mission waiting")
    if not fire_card(game) or L.cf(game)["initiative_side"] != side:
        raise IllegalActionError("a fire mission arrives on its side's next fire card")
    if m["card"] == L.cf(game)["card_no"]:
        raise IllegalActionError("the mission arrives on the next fire card, not this one")
    roller = game.roller()
    chance = Play(roller)
    fx = Effects(game)
    observer = m["observer"]
    used = L.cf(game).get("missions_used", {}).get(observer, 0) + 1
    fx.set(("vars", "cf", "missions_used", observer), used)
    fx.set(("vars", "cf", "mission", side), None)
    target = tuple(m["cell"])
    came = arrival(chance)
    if not came:
        fx.lines.append(arrival_words(came))
    elif m["kind"] == "smoke":
        fx.set(("vars", "cf", "smoke", f"{target[0]},{target[1]}"), {"cell": list(target), "side": side})
        fx.lines.append(f"smoke on {target}")
    else:
        dice = he_dice(game, target)
        for u in L.units_at(game, target):
            fx.hit(u, S.hits_roll(chance, dice), f"HE {dice}d6")
    if used >= game.scenario.unit(observer).rules.get("missions", T.MISSIONS_DEFAULT.value):
        fx.set_order(observer, "removed")
        fx.changes += [(("pieces", p, "alive"), False) for p in L.pieces_of(game, observer)]
        fx.lines.append(f"{observer} has used all its missions and leaves")
    return game.record("artillery", [(("rng", "counter"), roller.counter)] + fx.finish(),
                       f"{m['kind']} mission on {target}: " + "; ".join(fx.lines), rolls=tuple(roller.log),
                       detail={"rule": "Artillery", "outcome": fx.lines, "modifiers": [],
                               "odds": arrival_odds().describe()})
