"""Rookie Rules: SUGGESTED FIRING VALUES and strength: "each WWII fighting figure gets three fire
factors with five men per squad. Thus each squad is 15ff. Each casualty reduces the fire factor
by 3. My Americans get four fire factors ... My Italians and Russians are generally organized
into squads of four"; and the best cover a unit stands in."""

import math

import pytest

from tests.rookie.helpers import act, game, put
from wgkit.rules import situation_of
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie.chart import column_of


def squad(nationality: str, rules: dict | None = None, kind: str = "squad", weapons=("rifle",)):
    """The worked example with de_open turned into a unit of ``nationality``."""
    def edit(doc):
        doc["sides"][1]["nationality"] = nationality
        unit = doc["sides"][1]["units"][1]
        unit["kind"] = kind
        unit["rules"] = rules or {}
        unit["stands"][0]["weapons"] = list(weapons)

    return game(edit=edit)


@pytest.mark.parametrize("nationality, men, ff", [
    ("germany", 5, 15),  # five men at three factors: 15 ff
    ("us", 5, 20),  # four factors a man for the Americans
    ("ussr", 4, 12),  # squads of four
    ("italy", 4, 12),
])
def test_a_squad_without_a_written_factor_takes_the_suggested_one(nationality, men, ff):
    g = squad(nationality)
    assert (L.full_men(g, "de_open"), L.ff(g, "de_open")) == (men, ff)
    situation_of(g).unit_status("de_open", casualties=2)
    assert L.men(g, "de_open") == men - 2
    assert L.ff(g, "de_open") == ff - 2 * (ff // men)  # "Each casualty reduces the fire factor by 3" (4: Americans)


def test_a_written_factor_sets_the_men_and_loses_a_mans_factor_a_casualty():
    g = squad("germany", {"ff": 12})  # 12 ff at three a man: four men
    assert (L.full_men(g, "de_open"), L.ff(g, "de_open")) == (4, 12)
    situation_of(g).unit_status("de_open", casualties=5)
    assert L.ff(g, "de_open") == 0  # never below nothing


def test_written_men_win_over_the_factor():
    g = squad("germany", {"ff": 15, "men": 7})
    assert L.full_men(g, "de_open") == 7


@pytest.mark.parametrize("kind, weapons, rules, men, ff", [
    ("leader", ("rifle",), {}, 1, 3),  # a leader is one man with a man's factor
    ("sniper", ("rifle",), {}, 1, 3),
    ("hmg", ("hmg",), {}, 3, 12),  # house: crew-served weapons have three crew; an HMG 12 ff
    ("mortar", ("mortar",), {}, 3, 15),
    ("gun", ("at_gun",), {}, 3, 33),
    ("hmg", ("hmg",), {"ff": 9}, 3, 9),  # a written factor is kept while the crew lasts
])
def test_weapons_and_single_figures(kind, weapons, rules, men, ff):
    g = squad("germany", rules, kind=kind, weapons=weapons)
    assert (L.full_men(g, "de_open"), L.ff(g, "de_open")) == (men, ff)
    situation_of(g).unit_status("de_open", casualties=1)
    assert L.ff(g, "de_open") == ff  # a weapon keeps its factor


def test_armour_is_a_vehicle_a_bunker_or_a_written_class():
    g = game("tractor_works")
    assert [L.is_armoured(g, u) for u in ("panzer", "de_sq1", "ru_atg")] == [True, False, False]
    assert L.is_armoured(squad("germany", {"armour_class": "A"}), "de_open")


def test_the_best_cover_a_unit_stands_in():
    g = game("tractor_works")
    assert L.cover_of(g, "ru_sq1") == "buildings"  # in the assembly hall
    put(g, "ru_sq1", 26, 14)
    assert L.cover_of(g, "ru_sq1") == "light"  # the rubble field
    put(g, "ru_sq1", 10, 10)
    assert L.cover_of(g, "ru_sq1") == "none"
    put(g, "ru_sq1", 12, 24)
    put(g, "ru_sq2", 14, 26)  # (another unit beside it changes nothing)
    assert L.cover_of(g, "ru_sq1") == "buildings"


def test_a_leader_within_two_inches_is_attached():
    """House: 'physically touching' a unit read as stand centres within 2"."""
    g = game()
    put(g, "de_lt", 17, 12)  # exactly 2" from de_open at (17, 10)
    assert L.attached_leaders(g, "de_open") == ["de_lt"] and not L.unattached(g, "de_lt")
    put(g, "de_lt", 17, 12.01)
    assert L.attached_leaders(g, "de_open") == [] and L.unattached(g, "de_lt")


def test_a_pinned_or_suppressed_squad_no_longer_holds_the_works():
    """Tractor works: "The Germans win if no Soviet squad holds a building". A squad counts while
    it still fights: a disrupted one does; a pinned one (it cannot leave cover) or a suppressed one
    (it neither moves nor fires) does not hold the building for victory (house reading)."""
    from wgkit.victory import standing

    g = game("tractor_works")
    put(g, "ru_sq2", 10, 10)  # out of the office: only ru_sq1 in the assembly hall
    assert standing(g).judged[0].met and L.fighting(g, "ru_sq1_s")
    for marker, holds in (("disrupted", True), ("pinned", False), ("suppressed", False)):
        situation_of(g).marker("ru_sq1", marker)
        assert standing(g).judged[0].met is holds and L.fighting(g, "ru_sq1_s") is holds, marker


@pytest.mark.parametrize("distance, column, shift", [
    (47, "1-5", ("long range", -1)),  # beyond 24": one column left (the worked example at 26")
    (49, "off chart", ("extreme range", -2)),  # beyond 48": two columns left (house)
])
def test_beyond_48_inches_a_squad_fires_two_columns_left(distance, column, shift):
    """The squad's 12 factor, halved out of command (6: the 6-10 column), shifted left by range.
    The firer stands at (47, 23), the target 46" across and far enough down to be ``distance`` off,
    clear of the birch wood."""
    g = game()
    put(g, "ru_sq", 47, 23)
    put(g, "de_open", 1, 23 - math.sqrt(distance ** 2 - 46 ** 2))
    act(g, "ru_sq")
    shot = F.plan(g, "ru_sq", "de_open")
    assert (shot.ff, shot.column, [(m.name, m.value) for m in shot.mods]) == (6.0, column, [shift])


@pytest.mark.parametrize("ff, column", [(0.5, -1), (1, 0), (5, 0), (5.9, 0), (6, 1), (60, 11), (61, 12), (200, 12)])
def test_a_firing_factor_finds_its_column_of_five(ff, column):
    """Firing chart: columns 1-5, 6-10, ... 61+; a factor under 1 is off the chart's left edge."""
    assert column_of(ff) == column
