"""Close Action: Hand-to-Hand Fighting (groups, modifiers, losses, surrender, breaking off)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from wgkit.dice import D6
from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.close_action import lookup as S
from wgkit.rules.close_action import tables as T


@dataclass(frozen=True)
class Group:
    """One fight: a single figure against one or more (never many against many)."""

    single: str
    many: tuple[str, ...]


def contacts(game: Game) -> list[tuple[str, str]]:
    """Pairs of opposing figures in base-to-base contact."""
    live = [(pid, p) for pid, p in game.state["pieces"].items() if p["alive"] and p["position"]]
    return [(a, b) for i, (a, pa) in enumerate(live) for b, pb in live[i + 1:]
            if pa["side"] != pb["side"] and math.dist(pa["position"], pb["position"]) <= T.CONTACT.value]


def groups(game: Game) -> list[Group]:
    """Hand-to-Hand: Procedure. Divide the figures in contact so every fight is one against
    one or more: in each cluster the side with fewer figures supplies the singles, and each of
    the other side's figures joins the single nearest to it."""
    pairs = contacts(game)
    clusters: list[set[str]] = []
    for a, b in pairs:
        hit = [c for c in clusters if a in c or b in c]
        merged = set().union(*hit, {a, b})
        clusters = [c for c in clusters if c not in hit] + [merged]
    out = []
    for c in clusters:
        sides: dict[str, list[str]] = {}
        for f in sorted(c):
            sides.setdefault(game.piece(f)["side"], []).append(f)
        few, lots = sorted(sides.values(), key=len)
        fights: dict[str, list[str]] = {s: [] for s in few}
        options = {f: [s for s in few if (f, s) in pairs or (s, f) in pairs] or few for f in lots}
        for f in sorted(lots, key=lambda f: (len(options[f]), f)):  # most constrained first
            fights[min(options[f], key=lambda s: (len(fights[s]), S.distance(game, f, s)))].append(f)
        out += [Group(s, tuple(m)) for s, m in fights.items() if m]
    return out


def side_modifiers(game: Game, figures: list[str], defending: bool) -> list[Modifier]:
    mods = [Modifier.of("extra man", T.MELEE_MODIFIERS["each extra man"]) for _ in figures[1:]]
    if any(S.is_officer(game, f) for f in figures):
        mods.append(Modifier.of("officer in the group", T.MELEE_MODIFIERS["officer"]))
    if defending:
        cover = {S.cover(game, f) for f in figures}
        if "hard" in cover:
            mods.append(Modifier.of("hard cover", T.MELEE_MODIFIERS["hard cover"]))
        elif "soft" in cover:
            mods.append(Modifier.of("soft cover", T.MELEE_MODIFIERS["soft cover"]))
    return mods


def fight(chance, a_mod: int, b_mod: int) -> str:
    """One group: each side rolls 1d6 and adds its modifiers; the lower loses a figure."""
    a = chance.face(D6, "hand to hand (active)") + a_mod
    b = chance.face(D6, "hand to hand (passive)") + b_mod
    return "active" if a > b else "passive" if b > a else "tie"


def sides_of(game: Game, group: Group) -> tuple[list[str], list[str]]:
    """(active side's figures, passive side's figures) of a group."""
    ones = [group.single] if game.piece(group.single)["side"] == game.state["active"] else list(group.many)
    return ones, (list(group.many) if ones == [group.single] else [group.single])


def melee_odds(game: Game, group: Group):
    """Chances that the active side, the passive side or neither wins the round."""
    ones, others = sides_of(game, group)
    if S.unit_of(game, game.piece(others[0])["unit"])["status"].get("morale") == "cowering":
        return exact(lambda c: "surrender: too late" if c.check(D6, T.SURRENDER_MURDER.value, "surrender")
                     else "surrender: prisoners taken")
    am = int(sum(m.value for m in side_modifiers(game, ones, False)))
    pm = int(sum(m.value for m in side_modifiers(game, others, True)))
    return exact(fight, am, pm)


def resolve_melee(game: Game, group: Group):
    ones, others = sides_of(game, group)
    passive_unit = game.piece(others[0])["unit"]
    roller = game.roller()
    changes: list = []
    if S.unit_of(game, passive_unit)["status"].get("morale") == "cowering":
        return _surrender(game, passive_unit, ones, roller)
    a_mods, p_mods = side_modifiers(game, ones, False), side_modifiers(game, others, True)
    am, pm = int(sum(m.value for m in a_mods)), int(sum(m.value for m in p_mods))
    odds = exact(fight, am, pm)
    winner = fight(Play(roller), am, pm)
    loser = {"active": others, "passive": ones}.get(winner, [])
    dead = sorted(loser, key=lambda f: (S.is_officer(game, f), f))[0] if loser else None
    changes = [(("rng", "counter"), roller.counter)]
    if dead:
        changes.append((("pieces", dead, "alive"), False))
    else:
        changes += [(("pieces", f, "status", "may_break_off"), True) for f in ones + others]
    text = (f"hand to hand {'+'.join(ones)} v {'+'.join(others)}: "
            + (f"{dead} falls" if dead else "tie: either side may break off next move"))
    return game.record("melee", changes, text, rolls=tuple(roller.log), by=tuple(ones + others),
                       detail={"rule": "Hand-to-Hand Fighting", "outcome": winner,
                               "modifiers": [dict(m.to_dict(), name=f"active: {m.name}") for m in a_mods]
                               + [dict(m.to_dict(), name=f"passive: {m.name}") for m in p_mods],
                               "odds": odds.describe()},
                       action={"name": "melee", "params": {"single": group.single, "many": list(group.many)}})


def _surrender(game: Game, unit: str, captors: list[str], roller):
    """Hand-to-Hand: Surrender. A cowering unit charged gives up; on 5-6 the chargers murder them,
    otherwise one attacker per 10 prisoners leaves to escort them."""
    prisoners = S.alive_figures(game, unit)
    murdered = Play(roller).check(D6, T.SURRENDER_MURDER.value, "surrender")
    escorts = 0 if murdered else len(prisoners) // T.PRISONERS_PER_ESCORT.value
    attacking_unit = game.piece(captors[0])["unit"]
    leaving = S.alive_figures(game, attacking_unit)[:escorts]
    changes = [(("rng", "counter"), roller.counter)] + [(("pieces", f, "alive"), False) for f in prisoners + leaving]
    text = (f"{unit} surrenders ({len(prisoners)} men): " +
            ("\"Too late!\"" if murdered else f"{escorts} escort{'s' if escorts != 1 else ''} leave with them"))
    return game.record("surrender", changes, text, rolls=tuple(roller.log),
                       detail={"rule": "Hand-to-Hand: Surrender", "outcome": {"murdered": murdered,
                                                                             "escorts": leaving}, "modifiers": []},
                       action={"name": "melee", "params": {"unit": unit}})


def require_groups(game: Game) -> list[Group]:
    found = groups(game)
    if not found:
        raise IllegalActionError("no figures are in base-to-base contact")
    return found
