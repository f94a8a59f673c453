"""Rookie Rules: Firing the Unit — the column and its shifts, results as kills and the worst
marker, leaders hit with their units, armour and bunkers (Penetration; Special Damage Table),
snipers, over runs and mines."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Mapping

from wgkit.dice import D10_ZERO
from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.rookie import chart as X
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import tables as T
from wgkit.rules.rookie.flow import spend


@dataclass
class Shot:
    """A planned attack: the factor used, the column after every shift, and why."""

    firer: str | None
    target: str
    ff: float
    column: str
    mods: list[Modifier] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def odds(self, overrides=None):
        return X.chart_odds(self.column, overrides)


def _shift(name: str, table=T.SHIFTS) -> Modifier:
    return Modifier.of(name, table[name])


def armour_check(game: Game, firer: str, target: str, ff: float, dist: float) -> str:
    """Penetration of Armor and Bunkers: a single weapon's factor against the class, or small arms
    totalling 21-25 under 8\" against class A."""
    cls = L.attr(game, target, "armour_class", "A")
    need = T.PENETRATION[cls].value
    weapon = L.kind(game, firer) in L.WEAPONS | {"vehicle"}
    if weapon and ff >= need:
        return f"a {ff:g} ff weapon penetrates class {cls}"
    if not weapon and cls == "A" and ff >= need and dist < T.SMALL_ARMS_VS_A.value:
        return f"small arms of {ff:g} ff under 8\" penetrate class A"
    raise IllegalActionError(f"{firer} cannot penetrate class {cls} armour ({ff:g} ff; it needs a single weapon of {need}+)")


def plan(game: Game, firer: str, target: str, split: bool = False) -> Shot:
    """Firing the Unit with its modifiers: close range doubles a squad's factor; long range,
    cover, a second target, a shaken firer and an unattached leader shift columns; a unit out of
    command fires at half its factor; snipers use the first column and ignore everything."""
    if not L.alive(game, target) or L.side(game, target) == L.side(game, firer):
        raise IllegalActionError(f"{target} is not an enemy unit on the table")
    split = split_declared(game, firer, target, split)  # so the odds refuse what Resolve would
    if L.marker(game, firer) == "suppressed":
        raise IllegalActionError(f"{firer} is suppressed and cannot fire")
    if L.kind(game, firer) in L.HEAVY and not L.status(game, firer).get("deployed"):
        raise IllegalActionError(f"{firer} is not set up")
    if game.state["pieces"][L.piece(game, target)].get("hidden"):
        raise IllegalActionError(f"{target} has not been spotted")
    if not L.sees(game, firer, target):
        raise IllegalActionError(f"{firer} cannot see {target}: blocked by {L.why_not(game, firer, target)}")
    if L.status(game, target).get("sniper_hidden"):
        raise IllegalActionError(f"{target} is a sniper nobody has spotted yet")
    dist = L.distance(game, firer, target)
    if L.kind(game, firer) == "gun" and dist < T.ON_TABLE_MIN_RANGE.value:
        raise IllegalActionError(f"on-table artillery has a minimum range of 8.1\"; {target} is {dist:.1f}\"")
    if L.kind(game, firer) == "sniper":
        return Shot(firer, target, L.ff(game, firer), T.SNIPER_COLUMN.value, [], ["a sniper: first column, no modifiers"])
    ff = float(L.ff(game, firer))
    mods: list[Modifier] = []
    notes = [f"{ff:g} ff at {dist:.1f}\""]
    if not L.in_command(game, firer):
        ff /= 2
        notes.append("out of command radius: factor halved")
    squad = L.kind(game, firer) == "squad"
    if squad and dist <= T.CLOSE_RANGE.value:
        ff *= 2
        notes.append("close range: factor doubled (HOUSE band, worked example at 7\")")
    elif squad and dist > T.EXTREME_RANGE.value:
        mods.append(_shift("extreme range"))
    elif squad and dist > T.LONG_RANGE.value:
        mods.append(_shift("long range"))
    cover = L.cover_of(game, target)
    if cover in T.COVER_SHIFTS:
        mods.append(Modifier.of(f"target in {cover}", T.COVER_SHIFTS[cover]))
    if split:
        mods.append(_shift("second target this activation"))
    m = L.marker(game, firer)
    if m == "disrupted":
        mods.append(_shift("firer disrupted"))
    elif m == "pinned":
        mods.append(_shift("firer pinned"))
    if L.unattached(game, target):
        mods.append(_shift("unattached leader as target"))
    if L.is_armoured(game, target):
        notes.append(armour_check(game, firer, target, ff, dist))
    return Shot(firer, target, ff, X.shifted(ff, int(sum(m.value for m in mods))), mods, notes)


def threat(game: Game, firer: str, target: str) -> float:
    """For the kit's opponent, not a rule: the fighting strength (:func:`lookup.strength`) the
    ``target`` stand is expected to lose to one function of the ``firer`` stand's fire, by the
    Firing the Unit chart on the column :func:`plan` gives (casualties, and the worst marker kept);
    0 where it cannot fire at it now (sight, set-up, a suppressed firer)."""
    pieces = game.state["pieces"]
    uid, by = pieces[target]["unit"], pieces[firer]["unit"]
    if not L.sees(game, by, uid):
        return 0.0  # asked first: plan() would also say what blocks the view, which is not wanted here
    try:
        shot = plan(game, by, uid)
    except IllegalActionError:
        return 0.0
    args = (shot.column, L.men(game, uid), L.full_men(game, uid), L.marker(game, uid))
    overrides = game.scenario.rules.get("chart")  # a scenario's own cells (a mapping): worked out afresh
    return _loss.__wrapped__(*args, overrides) if overrides else _loss(*args)


@lru_cache(maxsize=4096)
def _loss(column: str, men: int, full: int, marker: str | None, overrides: Mapping | None = None) -> float:
    """The expected fall in strength of a unit of ``men`` (of ``full``) under ``marker``, hit on ``column``."""
    now = L.strength_left(men, full, marker)
    return sum(float(q) * (now - L.strength_left(men - r.kills, full, X.worst(marker, r.marker)))
               for r, q in exact(lambda c: X.chart_roll(c, column, overrides)).probs.items())


def split_declared(game: Game, firer: str, target: str, split: bool) -> bool:
    """Firing the Unit, split fire: a unit's second function may fire at another target only if
    the split was declared with its first shot, and at two targets at most. Returns the split as
    declared (the first shot's declaration stands)."""
    targets = list(L.status(game, firer).get("targets") or [])
    if L.status(game, firer).get("split") is not None:
        split = bool(L.status(game, firer)["split"])
    if targets and target not in targets and not split:
        raise IllegalActionError(f"{firer} fired at {targets[0]}: a second target needs split fire declared on the first shot")
    if len(set(targets + [target])) > 2:
        raise IllegalActionError(f"{firer} may fire at two targets at most")
    return split


def resolve(game: Game, firer: str, target: str, split: bool = False):
    """One function of fire: check the split declaration, roll the column, apply the result."""
    split = split_declared(game, firer, target, split)
    changes = spend(game, firer)
    shot = plan(game, firer, target, split)
    roller = game.roller()
    chance = Play(roller)
    read = X.chart_cell(chance, shot.column, game.scenario.rules.get("chart"))
    result = read.value
    targets = list(L.status(game, firer).get("targets") or [])
    changes += [(("units", firer, "status", "targets"), targets + [target]), (("units", firer, "status", "split"), split)]
    lines = apply(game, target, result, chance, changes)
    weapons = set(game.scenario.unit(firer).pieces[0].weapons)
    if L.alive(game, target) and (L.kind(game, firer) in ("mortar", "heavy_mortar") or "flamethrower" in weapons):
        _must_test(game, target, changes)  # Morale 2: mortar or flamethrower attacks
    if L.kind(game, firer) == "sniper":
        lines += _sniper_after(game, firer, chance, changes)
    return game.record("fire", [(("rng", "counter"), roller.counter)] + changes,  # a mortar fires unseen from afar
                       by=() if L.kind(game, firer) in ("mortar", "heavy_mortar") else (firer,),
                       text=f"{firer} fires on {shot.column} at {target}: {result} ({X.origin(read)} cell)"
                       + (f"; {'; '.join(lines)}" if lines else ""),
                       rolls=tuple(roller.log),
                       detail={"rule": "Firing the Unit", "outcome": str(result), "column": shot.column, "cell": X.origin(read),
                               "modifiers": [{**m.to_dict(), "unit": "columns"} for m in shot.mods], "notes": shot.notes,
                               "odds": shot.odds(game.scenario.rules.get("chart")).describe()})


def apply(game: Game, target: str, result: T.Result, chance, changes: list) -> list[str]:
    """Fire Table Results: casualties, and the worst marker kept. Armour takes special damage for
    a kill; a casualty means a morale test. Leadership 1-2: an attached leader may fall when the
    unit suffers a casualty, and otherwise "WILL suffer any other penalty" of the unit: its marker,
    whether or not anyone was killed."""
    lines: list[str] = []
    st = L.status(game, target)
    fallen: set[str] = set()
    new = X.worst(st.get("marker"), result.marker)
    if new != st.get("marker"):
        changes.append((("units", target, "status", "marker"), new))
    if result.kills and L.is_armoured(game, target):
        lines += special_damage(game, target, chance, changes)
    elif result.kills:
        lost = min(result.kills, L.men(game, target))
        changes.append((("units", target, "status", "casualties"), int(st.get("casualties", 0)) + lost))
        if lost >= L.men(game, target):
            changes += gone(game, target)
            lines.append(f"{target} is wiped out")
        else:
            _must_test(game, target, changes)
        for lead in L.attached_leaders(game, target):
            rolls = [chance.face(D10_ZERO, f"is {lead} hit?") for _ in range(lost)]
            if any(1 <= r <= T.LEADER_HIT.value for r in rolls):
                changes += gone(game, lead)
                lines.append(f"{lead} falls with {target}")
                fallen.add(lead)
    for lead in L.attached_leaders(game, target):
        shared = X.worst(L.marker(game, lead), result.marker)
        if lead not in fallen and shared != L.marker(game, lead):
            changes.append((("units", lead, "status", "marker"), shared))
            lines.append(f"{lead}, attached, is {shared} with {target}")
    return lines


def _must_test(game: Game, uid: str, changes: list) -> None:
    pending = list(L.rk(game).get("must_test", []))
    for c in changes:
        if c[0] == ("vars", "rk", "must_test"):
            pending = list(c[1])
    if uid not in pending:
        changes.append((("vars", "rk", "must_test"), pending + [uid]))


def gone(game: Game, uid: str) -> list:
    return [(("units", uid, "status", "gone"), True)] + [(("pieces", p, "alive"), False)
                                                        for p, v in game.state["pieces"].items() if v["unit"] == uid]


def special_damage(game: Game, uid: str, chance, changes: list) -> list[str]:
    """Special Damage Table: a d10 (0-9); a fire (9) rolls again: 1-3 explodes."""
    face = chance.face(D10_ZERO, "special damage")
    what = T.SPECIAL_DAMAGE[face].value
    lines = [f"special damage {face}: {what}"]
    if face == 1:
        changes.append((("units", uid, "status", "immobile"), True))
        changes += gone(game, uid)
    elif face in (2, 3):
        changes.append((("units", uid, "status", "skip"), "pinned" if face == 2 else "stunned"))
    elif face in T.RETIRE_FUNCTIONS:
        changes.append((("units", uid, "status", "skip"), f"retired {T.RETIRE_FUNCTIONS[face]} function(s)"))
    elif face == 7:
        changes.append((("units", uid, "status", "no_main_gun"), True))
        if L.kind(game, uid) == "bunker":
            changes += gone(game, uid)
    elif face == 8:
        changes.append((("units", uid, "status", "one_function"), True))
        if L.kind(game, uid) == "bunker":
            changes += gone(game, uid)
    elif face == 9:
        again = chance.face(D10_ZERO, "fire in the tank")
        key = "1-3" if 1 <= again <= 3 else "4-6" if 4 <= again <= 6 else "7-9,0"
        lines.append(f"fire roll {again}: {T.FIRE_FOLLOW_UP[key].value}")
        if key != "7-9,0" or L.kind(game, uid) == "bunker":
            changes += gone(game, uid)
    destroyed = (("units", uid, "status", "gone"), True) in changes
    if face in (1, 2, 3, 4, 5, 6, 9) and not destroyed:
        _must_test(game, uid, changes)  # a disabled vehicle still on the table tests morale
    return lines


def _sniper_after(game: Game, uid: str, chance, changes: list) -> list[str]:
    """Snipers: undetectable the first turn they fire, then 25% to be spotted, 25% more each turn."""
    turns = sorted(set(L.status(game, uid).get("fired_turns", [])) | {game.state["turn"]})
    changes.append((("units", uid, "status", "fired_turns"), turns))
    n = len(turns)
    if n == 1:
        changes.append((("units", uid, "status", "sniper_hidden"), True))
        return [f"{uid} cannot be detected this turn"]
    chance_pct = T.SNIPER_SPOT["second"].value + T.SNIPER_SPOT["step"].value * (n - 2)
    from wgkit.dice import D00

    spotted = chance.face(D00, f"spot {uid} ({chance_pct}%)") <= chance_pct
    changes.append((("units", uid, "status", "sniper_hidden"), not spotted))
    return [f"{uid} {'is spotted' if spotted else 'stays hidden'} ({chance_pct}%)"]


def attack(game: Game, target: str, column: str, why: str, chance, changes: list, mods: list[Modifier] = ()) -> list[str]:
    """An attack on a fixed column (over run, mines, templates), cover shifting it as usual."""
    col = column
    if mods:
        i = T.COLUMNS.index(column) + int(sum(m.value for m in mods))
        col = T.OFF_CHART if i < 0 else T.COLUMNS[min(i, len(T.COLUMNS) - 1)]
    read = X.chart_cell(chance, col, game.scenario.rules.get("chart"))
    return [f"{why} on {col} at {target}: {read.value} ({X.origin(read)} cell)"] + apply(game, target, read.value, chance, changes)


def cover_mods(game: Game, uid: str) -> list[Modifier]:
    cover = L.cover_of(game, uid)
    return [Modifier.of(f"target in {cover}", T.COVER_SHIFTS[cover])] if cover in T.COVER_SHIFTS else []


def melee_roll(chance) -> int:
    """Melee: a d6 each; the higher wins (+1 the attacker, -1 the defender, 0 a tie)."""
    from wgkit.dice import D6

    a, d = chance.face(D6, "attacker"), chance.face(D6, "defender")
    return (a > d) - (a < d)


def in_melee_reach(game: Game, uid: str, other: str) -> bool:
    """Melee: "within one inch of the opposing stand", edge to edge (stands an inch across, house)."""
    return L.distance(game, uid, other) <= T.MELEE_REACH.value + T.STAND.value


def resolve_melee(game: Game, uid: str, enemy: str):
    """Melee: stands within an inch; each side rolls a d6, the high die wins, the loser loses a man."""
    if not in_melee_reach(game, uid, enemy) or L.side(game, uid) == L.side(game, enemy):
        raise IllegalActionError(f"{enemy} is not an enemy stand within an inch of {uid}")
    changes = spend(game, uid)
    roller = game.roller()
    chance = Play(roller)
    won = melee_roll(chance)
    lines = []
    if won:
        loser = enemy if won > 0 else uid
        lines = apply(game, loser, T.Result(1, None), chance, changes)
        text = f"{uid} and {enemy} fight: {loser} loses a man"
    else:
        text = f"{uid} and {enemy} fight: a tie, nobody falls"
    return game.record("melee", [(("rng", "counter"), roller.counter)] + changes, "; ".join([text] + lines), by=(uid, enemy),
                       rolls=tuple(roller.log), detail={"rule": "Melee", "outcome": won, "modifiers": [],
                                                        "odds": exact(melee_roll).describe()})
