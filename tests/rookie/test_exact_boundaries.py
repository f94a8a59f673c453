"""Rookie Rules at the exact values where a rule's outcome turns: "the listed number or LESS", a
chance that cannot leave 0-100%, and the inch of a melee."""

import pytest

from tests.rookie.helpers import act, game, put
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.rookie import actions as A
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import support as SU


def _unit(doc, uid):
    return next(u for s in doc["sides"] for u in s["units"] if u["id"] == uid)


@pytest.mark.parametrize("fired_before, turn, chance", [([1], 2, 25), ([1, 2], 3, 50), ([1, 3], 4, 50)])
def test_a_sniper_is_spotted_on_its_chance_or_less(fired_before, turn, chance):
    """Snipers: hidden the first turn they fire, then "25%" to be spotted, "+25%" a turn after that:
    the second turn of fire is 25%, the third 50%. Turns of fire count, not turns of the game."""
    for face, spotted in ((chance, True), (chance + 1, False)):
        g = game("tractor_works", seed=11)
        put(g, "de_sq2", 40, 26)
        situation_of(g).unit_status("ru_sniper", fired_turns=fired_before)
        situation_of(g).turn(turn)
        act(g, "ru_sniper")
        with g.table_dice([9, face]):  # 9 on the 1-5 column, then the spotting roll
            e = F.resolve(g, "ru_sniper", "de_sq2")
        assert e.rolls[-1].purpose == f"spot ru_sniper ({chance}%)" and e.rolls[-1].faces == (face,)
        assert e.text.endswith(f"ru_sniper {'is spotted' if spotted else 'stays hidden'} ({chance}%)")
        assert L.status(g, "ru_sniper")["sniper_hidden"] is (not spotted)
        assert L.status(g, "ru_sniper")["fired_turns"] == fired_before + [turn]


def test_an_observation_certain_by_its_modifiers_rolls_no_dice():
    """Observation: light cover within 12" is 80% (house), +30% specialists, +20% class A: 130%,
    held at 100%. A certain spot is not rolled for."""
    def edit(doc):
        _unit(doc, "de_sq1").setdefault("rules", {}).update(specialist=True, training="A")

    g = game("tractor_works", edit=edit)
    put(g, "ru_sq1", 26, 14)  # in the rubble, 7.2" from de_sq1
    situation_of(g).hidden("ru_sq1_s")
    base, pct, mods = SU.observe_chance(g, "de_sq1", "ru_sq1")
    assert (base, pct, [m.value for m in mods]) == (80, 100, [30, 20])
    act(g, "de_sq1")
    e = SU.resolve_observe(g, "de_sq1", "ru_sq1")
    assert e.rolls == () and e.detail["outcome"] is True
    assert e.text == "de_sq1 looks for ru_sq1 (100%): spotted"


def test_an_observation_below_nothing_is_held_at_0_and_never_spots():
    """Observation: woods from 24" to 48" are 20% (house), -50% camouflaged: -30%, held at 0%.
    Even the lowest face, 01, is above 0: nothing is seen."""
    def edit(doc):
        _unit(doc, "de_wood").setdefault("rules", {})["camouflaged"] = True

    g = game(edit=edit)
    assert SU.observe_chance(g, "ru_sq", "de_wood")[:2] == (20, 0)  # 26" from ru_sq
    situation_of(g).hidden("de_wood_s")
    act(g, "ru_sq")
    with g.table_dice([1]):
        e = SU.resolve_observe(g, "ru_sq", "de_wood")
    assert e.text == "ru_sq looks for de_wood (0%): nothing seen"
    assert e.detail["outcome"] is False and e.rolls[0].faces == (1,)


@pytest.mark.parametrize("x, within", [(12.0, True), (12.05, False)])
def test_melee_reach_is_an_inch_edge_to_edge(x, within):
    """MELEE: "within one inch of the opposing stand". Stands are an inch deep (house), so an inch
    edge to edge is 2" centre to centre: ru_sq at (10, 10), the enemy at 12" is in reach, at 12.05"
    it is not."""
    g = game()
    put(g, "de_open", x, 10)
    act(g, "ru_sq")
    assert ("melee" in {a.name for a in A.ACTIONS(g)}) is within
    if within:
        with g.table_dice([4, 4]):
            e = F.resolve_melee(g, "ru_sq", "de_open")
        assert e.detail["outcome"] == 0
    else:
        with pytest.raises(IllegalActionError, match="not an enemy stand within an inch of ru_sq"):
            F.resolve_melee(g, "ru_sq", "de_open")
