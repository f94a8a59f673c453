"""Rookie Rules values no other test pins down, each worked out from the text."""

import pytest

from tests.rookie.helpers import act, game, put, unit
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import movement as MV
from wgkit.rules.rookie import support as SU


def class_of(armour: str):
    def edit(doc):
        unit(doc, "panzer").setdefault("rules", {})["armour_class"] = armour
    return edit


@pytest.mark.parametrize("ff, penetrates", [(36, True), (40, True), (35, False)])
def test_a_single_weapon_of_36_ff_penetrates_class_d(ff, penetrates):
    """Penetration of Armor: "any SINGLE weapon of 36-40 ff or better can penetrate D armor"."""
    g = game("tractor_works", edit=class_of("D"))
    if penetrates:
        assert F.armour_check(g, "ru_atg", "panzer", ff, 20.0) == f"a {ff} ff weapon penetrates class D"
    else:
        with pytest.raises(IllegalActionError, match="cannot penetrate class D armour"):
            F.armour_check(g, "ru_atg", "panzer", ff, 20.0)


@pytest.mark.parametrize("ff, inches, penetrates", [(21, 7.99, True), (24, 7.99, True), (24, 8.0, False),
                                                    (20, 4.0, False)])
def test_small_arms_totalling_21_or_more_penetrate_class_a_only_under_8_inches(ff, inches, penetrates):
    """"SMALL ARMS THAT TOTALS THAT AMOUNT [21-25] UNDER 8"" (strictly under: 8" is not under 8")."""
    g = game("tractor_works", edit=class_of("A"))
    if penetrates:
        assert F.armour_check(g, "ru_sq1", "panzer", ff, inches) == f"small arms of {ff} ff under 8\" penetrate class A"
    else:
        with pytest.raises(IllegalActionError, match="cannot penetrate class A armour"):
            F.armour_check(g, "ru_sq1", "panzer", ff, inches)


def test_a_tank_coming_within_8_inches_makes_infantry_test_morale():
    """Morale 4: "an enemy tank comes to within 8" of a non-armored unit" (8" is within 8")."""
    g = game("tractor_works", seed=3)
    put(g, "panzer", 26, 2)
    put(g, "ru_sq1", 34, 3)  # 8" east of where the tank stops
    put(g, "ru_sq2", 17.9, 3)  # 8.1" west
    act(g, "panzer")
    MV.resolve_move(g, "panzer", (26, 3))
    must = L.rk(g)["must_test"]
    assert "ru_sq1" in must and "ru_sq2" not in must


@pytest.mark.parametrize("y, eligible", [(14.0, True), (13.99, False)])
def test_an_aircraft_strikes_targets_within_12_inches_of_its_flight_path(y, eligible):
    """Aircraft: "Targets must be within 12" of the flight path string"; the path runs at y = 26."""
    g = game("tractor_works", step="Plot")
    situation_of(g).aircraft("de", on_table=1)
    SU.resolve_path(g, "de", (0, 26), (48, 26))
    if eligible:
        assert SU.resolve_strike(g, "de", (14, y)).kind == "air strike"
    else:
        with pytest.raises(IllegalActionError, match="more than 12\" from the flight path"):
            SU.resolve_strike(g, "de", (14, y))


@pytest.mark.parametrize("x, allowed", [(16.04, True), (16.06, False)])
def test_a_move_that_reads_as_the_allowance_is_allowed(x, allowed):
    """A 6" move measured to a tenth: 6.04" reads 6.0" and is allowed; 6.06" reads 6.1" and is not
    (geometry.measure.MEASURE_TOLERANCE, the same in every free-form ruleset)."""
    g = game()
    act(g, "ru_sq")
    if allowed:
        assert MV.resolve_move(g, "ru_sq", (x, 10)).text == f"ru_sq moves 6.0\" to ({x:.1f}, 10.0)"
    else:
        with pytest.raises(IllegalActionError, match=r"ru_sq may move 6\" .*that is 6.1\""):
            MV.resolve_move(g, "ru_sq", (x, 10))


def test_chart_outcomes_are_listed_from_the_mildest_to_the_worst():
    """Fire Table Results: a miss, then the markers red (disrupted), white (pinned), blue
    (suppressed), then men killed, whatever their alphabetical order."""
    from wgkit.rules.rookie.chart import chart_odds, severity

    assert [label for _, label, _ in chart_odds("21-25").outcomes()] == [
        "miss", "disrupted", "pinned", "suppressed", "1 killed, disrupted"]
    assert sorted(["2 killed, pinned", "1 killed, suppressed", "miss"], key=severity) == [
        "miss", "1 killed, suppressed", "2 killed, pinned"]


@pytest.mark.parametrize("weapon, ff", [("hmg", 12), ("mortar", 15), ("heavy_mortar", 25), ("at_gun", 33),
                                        ("tank_gun", 33), ("flamethrower", 20), ("aa_gun", 15), (None, 33)])
def test_a_crew_weapon_without_a_factor_of_its_own_fires_at_the_factor_the_rules_page_publishes(weapon, ff):
    """Suggested Firing Values give no crew-served weapon's factor: the kit's, as docs/rules/rookie.md
    lists them (a gun with no weapon named fires as an anti-tank gun). The weapon is carried by a
    bunker, whose kind has no factor of its own, so the weapon's factor is the one read."""
    def edit(doc):
        u = unit(doc, "ru_atg")
        u["rules"].pop("ff")
        u["stands"][0]["weapons"] = [weapon] if weapon else []
        u["kind"] = "bunker" if weapon else "gun"
    assert L.ff(game("tractor_works", edit=edit), "ru_atg") == ff


@pytest.mark.parametrize("terrain, shift", [("fields", -1), ("orchard", -1), ("rough", -1), ("woods", -2),
                                            ("buildings", -2), ("foxholes", -2), ("trenches", -2), ("bunker", -3),
                                            ("road", 0)])
def test_a_target_in_cover_shifts_fire_as_the_rules_page_publishes(terrain, shift):
    """Cover (the cover chart is lost): light one column left, woods two (the worked example),
    buildings and entrenchments two, a bunker three; open ground none."""
    def edit(doc):
        doc["terrain"].append({"id": "test_cover", "type": terrain, "rectangle": {"center": [30, 30], "size": [4, 4]}})
    mods = F.cover_mods(game("tractor_works", edit=edit), "ru_atg")
    assert sum(m.value for m in mods) == shift


# The AA result table is lost; the kit's (published in docs/rules/rookie.md's house values): a hit's
# d10 1-4 drives the aircraft off, 5-7 damages it, 8-0 shoots it down
AA_RESULT_HOUSE = {1: "driven off", 2: "driven off", 3: "driven off", 4: "driven off", 5: "damaged", 6: "damaged",
                   7: "damaged", 8: "shot down", 9: "shot down", 0: "shot down"}


@pytest.mark.parametrize("face", list(AA_RESULT_HOUSE))
def test_every_face_of_the_anti_aircraft_result_is_the_published_result(face):
    from wgkit.odds import Play

    g = game("tractor_works")
    with g.table_dice([50, face]):  # 50 is within an AA gun's 50%: a hit, then the result's d10
        assert SU.aa_roll(Play(g.roller()), 50) == AA_RESULT_HOUSE[face]
    with g.table_dice([51]):  # one over: a miss, and no result rolled
        assert SU.aa_roll(Play(g.roller()), 50) == "miss"


# The templates are lost; the kit's (docs/rules/rookie.md): A a 16" x 6" sheaf and B a 10" circle on
# 41-45 (heavy), C an 8" circle on 31-35 (medium), D a 6" circle on 26-30 (air)
TEMPLATES_HOUSE = {"A": ((16, 6), "41-45"), "B": (10, "41-45"), "C": (8, "31-35"), "D": (6, "26-30")}


@pytest.mark.parametrize("name", list(TEMPLATES_HOUSE))
def test_every_templates_footprint_is_the_published_size(name):
    size, _ = TEMPLATES_HOUSE[name]
    shape = SU.template_shape(name, (20.0, 20.0))
    if isinstance(size, tuple):  # the sheaf, along its bearing (0: north-south)
        length, width = size
        assert shape.bounds == pytest.approx((20 - width / 2, 20 - length / 2, 20 + width / 2, 20 + length / 2))
    else:
        assert shape.bounds == pytest.approx((20 - size / 2, 20 - size / 2, 20 + size / 2, 20 + size / 2))


@pytest.mark.parametrize("name", ["A", "B", "C"])
def test_each_artillery_template_attacks_on_its_published_column(name):
    """A squad in the open under the template, on target: its attack is rolled on the template's
    column, unshifted."""
    g = game("tractor_works", step="Plot", edit=lambda d: d["rules"]["artillery"]["de"].update(templates=["A", "B", "C"]))
    put(g, "ru_sq1", 4, 16)  # open ground, nobody else within reach of any template
    assert L.cover_of(g, "ru_sq1") == "none"
    SU.resolve_plot(g, "de", (4, 16), name, 0)
    while g.current_step().name != "Air and artillery":
        g.advance()
    with g.table_dice([2, 1]):  # 2: on target; then the fire roll
        e = SU.resolve_artillery(g, "de")
    assert [r.purpose for r in e.rolls] == ["drift", f"fire ({TEMPLATES_HOUSE[name][1]})"]


# The house terrain mapping (the cover and movement charts are lost; Line of Sight: hills and any
# class of cover block sight), typed again from facts/rookie.py's published rows: the cover class of
# a unit standing in it (None for the lines, walls and hedges, that nobody stands in), whether it
# blocks sight, and its speed class (road: none; wire: stops infantry).
TERRAIN_HOUSE = {
    "woods": ("woods", True, "C"), "buildings": ("buildings", True, "C"), "hill": ("none", True, "B"),
    "road": ("none", False, "road"), "stream": ("none", False, "C"), "river": ("none", False, "C"),
    "rough": ("light", True, "B"), "swamp": ("none", False, "C"), "mud": ("none", False, "C"),
    "snow": ("none", False, "B"), "fields": ("light", True, "B"), "fields/low": ("none", False, "A"),
    "orchard": ("light", True, "B"), "low_wall": (None, True, "B"), "hedge": (None, True, "B"),
    "bocage": (None, True, "C"), "barbed_wire": ("none", False, "wire"), "minefield": ("none", False, "A"),
    "foxholes": ("entrenched", True, "B"), "trenches": ("entrenched", True, "B"), "bunker": ("bunker", True, "C"),
    "smoke": ("none", True, "A"),
}


@pytest.mark.parametrize("kind", list(TERRAIN_HOUSE))
def test_every_row_of_the_house_terrain_mapping_is_the_cover_sight_and_speed_the_rules_use(kind):
    cover, blocks, speed = TERRAIN_HOUSE[kind]
    kind_, _, variant = kind.partition("/")

    def patch(doc):
        drawn = {"line": [[24, 2], [24, 6]]} if cover is None else {"rectangle": {"center": [24, 4], "size": [2, 2]}}
        doc["terrain"].append({"id": "patch", "type": kind_, **drawn, **({"height": 1} if kind == "hill" else {}),
                               **({"variant": variant} if variant else {})})

    g = game(edit=patch)
    if cover is not None:
        put(g, "ru_sq", 24, 4)
        assert L.cover_of(g, "ru_sq") == cover
    put(g, "ru_sq", 20, 4)
    put(g, "de_open", 28, 4)
    assert L.sees(g, "ru_sq", "de_open") is not blocks
    inches, why = MV.speed(g, "ru_sq", (26, 4))
    if speed == "wire":
        assert inches == 0 and why[-1] == "barbed wire stops infantry for the phase"
    else:
        assert why[0].startswith(f"terrain class {'A (open)' if speed == 'road' else speed}")
