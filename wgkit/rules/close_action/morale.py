"""Close Action: Morale (when to test, the table, modifiers, states, rally)."""

from __future__ import annotations


from wgkit.dice import D6
from wgkit.engine.game import Game, IllegalActionError
from wgkit.odds import Distribution, Play, exact
from wgkit.resolution import Modifier
from wgkit.rules.close_action import lookup as S
from wgkit.rules.close_action import tables as T


SEVERITY = ("ok", "cowering", "rout")  # Morale States, mildest first


def band(dice: int) -> T.MoraleRow:
    """The Morale Table row for ``dice`` fire dice (8-15, 16-23, 24-31, 32+)."""
    rows = [r.value for r in T.MORALE_TABLE]
    if dice < rows[0].low:
        raise IllegalActionError(f"a unit tests morale when shot at by {rows[0].low} or more dice, not {dice}")
    return [r for r in rows if dice >= r.low][-1]


def result(total: int, row: T.MoraleRow) -> str:
    return "rout" if total <= row.rout else "ok" if total >= row.ok else "cowering"


def morale_modifiers(game: Game, unit: str, isolated: bool = False) -> list[Modifier]:
    st = S.unit_of(game, unit)["status"]
    grade = S.quality(game, unit)
    figs = S.alive_figures(game, unit)
    mods = []
    if grade == "veteran":
        mods.append(Modifier.of("veteran", T.MORALE_MODIFIERS["veteran"]))
    if grade == "green":
        mods.append(Modifier.of("green", T.MORALE_MODIFIERS["green"]))
    if figs and 2 * sum(S.cover(game, f, S.nearest_enemy(game, f)) == "hard" for f in figs) >= len(figs):
        mods.append(Modifier.of("half or more in hard cover", T.MORALE_MODIFIERS["half or more in hard cover"]))
    if S.officer_near(game, unit):
        mods.append(Modifier.of("officer within 3\"", T.MORALE_MODIFIERS["officer within 3\""]))
    for _ in range(st.get("hits", 0)):
        mods.append(Modifier.of("hit this turn", T.MORALE_MODIFIERS["each hit this turn"]))
    if st.get("heavy_fire") or st.get("mortar_fire"):
        mods.append(Modifier.of("under mortar or HMG fire", T.MORALE_MODIFIERS["under mortar or HMG fire"]))
    if isolated:
        mods.append(Modifier.of("isolated figure", T.MORALE_MODIFIERS["isolated figure"]))
    return mods


def test_roll(chance, row: T.MoraleRow, modifier: int) -> str:
    """Morale: Procedure. 2d6 plus modifiers against the row for the dice received."""
    return result(chance.face(D6, "morale") + chance.face(D6, "morale") + modifier, row)


def test_odds(row: T.MoraleRow, modifier: int) -> Distribution:
    """The chances of :func:`test_roll`, from the mildest state to the worst (Morale States)."""
    return exact(test_roll, row, modifier).ranked(SEVERITY.index)


def morale_odds(game: Game, unit: str) -> Distribution:
    st = S.unit_of(game, unit)["status"]
    mods = morale_modifiers(game, unit)
    return test_odds(band(st.get("fire_dice", 0)), int(sum(m.value for m in mods)))


def must_test(game: Game, side: str) -> list[str]:
    """Units of ``side`` shot at by 8 or more dice this turn and not yet tested."""
    return [uid for uid, u in game.state["units"].items()
            if u["side"] == side and u["status"].get("fire_dice", 0) >= T.MORALE_TRIGGER_DICE.value
            and not u["status"].get("tested") and S.alive_figures(game, uid)]


def isolated(game: Game, unit: str) -> list[str]:
    """Figures more than the isolation distance from every other figure of their unit."""
    figs = S.alive_figures(game, unit)
    if len(figs) < 2:
        return []
    return [f for f in figs if all(S.distance(game, f, o) > T.ISOLATED.value for o in figs if o != f)]


def resolve_morale(game: Game, unit: str):
    """Morale: Procedure. The unit tests once; each isolated figure tests alone with -2."""
    st = S.unit_of(game, unit)["status"]
    dice = st.get("fire_dice", 0)
    row = band(dice)
    alone = isolated(game, unit)
    mods = morale_modifiers(game, unit)
    total_mod = int(sum(m.value for m in mods))
    odds = exact(test_roll, row, total_mod)
    roller = game.roller()
    chance = Play(roller)
    outcome = test_roll(chance, row, total_mod)
    faces = sum(f for r in roller.log for f in r.faces)
    changes = [(("units", unit, "status", "morale"), outcome), (("units", unit, "status", "tested"), True)]
    text = f"{unit} tests morale after {dice} dice of fire: {faces} {total_mod:+d} = {faces + total_mod} -> {outcome}"
    lone = int(sum(m.value for m in morale_modifiers(game, unit, isolated=True)))
    for f in alone:
        state = test_roll(chance, row, lone)
        changes.append((("pieces", f, "status", "morale"), state))
        text += f"; isolated {f} -> {state}"
    changes.insert(0, (("rng", "counter"), roller.counter))
    return game.record("morale", changes, text, rolls=tuple(roller.log),
                       detail={"rule": "Morale", "outcome": outcome, "modifiers": [m.to_dict() for m in mods],
                               "odds": odds.describe(), "table": {"rout": row.rout, "ok": row.ok},
                               "isolated": alone},
                       action={"name": "morale", "params": {"unit": unit}})

def rallied(ok: bool) -> str:
    return "rallied" if ok else "not rallied"


def rally_roll(chance, need: int) -> bool:
    """Morale: Rally. One d6 at ``need`` or more."""
    return chance.check(D6, range(need, 7), "rally")


def rally_need(game: Game, unit: str) -> int:
    return T.RALLY[S.quality(game, unit)].value


def resolve_rally(game: Game, unit: str):
    """Morale: Rally. An officer within 3" of the unit rolls 1d6 against its grade."""
    morale = S.unit_of(game, unit)["status"].get("morale", "ok")
    if morale == "ok":
        raise IllegalActionError(f"{unit} is in good order and needs no rally")
    officer = S.officer_near(game, unit)
    if officer is None:
        raise IllegalActionError(f"no officer within {T.OFFICER_NEAR.value:g}\" of {unit}: it cannot rally")
    need = rally_need(game, unit)
    roller = game.roller()
    ok = rally_roll(Play(roller), need)
    changes = [(("rng", "counter"), roller.counter)]
    if ok:
        changes.append((("units", unit, "status", "morale"), "ok"))
    odds = exact(rally_roll, need).named(names=rallied)
    return game.record("rally", changes, f"{officer} rallies {unit} ({need}-6): {'rallied' if ok else 'fails'}",
                       rolls=tuple(roller.log),
                       detail={"rule": "Morale: Rally", "outcome": ok, "odds": odds.describe(),
                               "modifiers": [{"name": f"{S.quality(game, unit)} rallies on", "value": need,
                                              "source": T.RALLY[S.quality(game, unit)].label()}]},
                       action={"name": "rally", "params": {"unit": unit}})
