"""Rookie Rules at the exact values where a rule's outcome turns: "the listed number or LESS", a
chance that cannot leave 0-100%, and the inch of a melee."""

import pytest

from tests.rookie.helpers import act, game, put, unit
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.rookie import actions as A
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import movement as MV
from wgkit.rules.rookie import support as SU


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
        unit(doc, "de_sq1").setdefault("rules", {}).update(specialist=True, training="A")

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
        unit(doc, "de_wood").setdefault("rules", {})["camouflaged"] = True

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


def _bog(doc, special=False):
    """A mud patch 4" square centred at (40, 6), by the German leader's radius."""
    doc["terrain"].append({"id": "bog", "name": "Bog", "type": "mud", "rectangle": {"center": [40, 6], "size": [4, 4]}})
    if special:
        unit(doc, "panzer").setdefault("rules", {})["special_tank"] = True


@pytest.mark.parametrize("special, face, stuck", [
    (False, 2, True), (False, 3, False),  # "A roll of 1 or 2 on a 10d and the vehicle is immobilized"
    (True, 1, True), (True, 2, False),  # "In MUD special tanks must roll a 1"
])
def test_a_tank_driving_into_mud_is_stuck_in_it(special, face, stuck):
    """Breakdown and Immobilization: in mud, 1-2 for a tank, 1 for a special tank; stuck in the mud
    (it may try to break free), not immobile for good."""
    g = game("tractor_works", edit=lambda d: _bog(d, special))
    put(g, "de_plt", 40, 9)  # in command
    put(g, "panzer", 36, 6)
    act(g, "panzer")
    with g.table_dice([face]):
        e = MV.resolve_move(g, "panzer", (40, 6))
    assert [(r.purpose, r.faces) for r in e.rolls] == [("breakdown", (face,))]
    assert e.text == 'panzer moves 4.0" to (40.0, 6.0)' + ("; panzer breaks down and is immobilised in the mud" if stuck else "")
    assert L.status(g, "panzer").get("immobile") == ("mud" if stuck else None)


def test_a_tank_broken_down_in_rubble_is_immobile_for_the_rest_of_the_game():
    """Breakdown: "In RUBBLE any tank ..." on a 1, and for good."""
    g = game("tractor_works")
    put(g, "panzer", 26, 10)
    act(g, "panzer")
    with g.table_dice([1]):
        e = MV.resolve_move(g, "panzer", (26, 16))  # up the road into the rubble field
    assert e.text == 'panzer moves 6.0" to (26.0, 16.0); panzer breaks down and is immobilised for the rest of the game'
    assert e.detail["outcome"] == ["panzer breaks down and is immobilised for the rest of the game"]
    assert L.status(g, "panzer")["immobile"] == "for good"


@pytest.mark.parametrize("x, over_run", [(27.0, True), (27.05, False)])
def test_a_vehicle_over_runs_a_stand_within_an_inch_of_its_path(x, over_run):
    """Over Run: the panzer drives from (26, 2) to (26, 10); a squad 1" beside the path is in its
    space (house: stands an inch across) and is attacked on the 41-45 column, in the open unshifted."""
    g = game("tractor_works")
    put(g, "ru_sq2", x, 9)
    act(g, "panzer")
    with g.table_dice([5]):
        e = MV.resolve_move(g, "panzer", (26, 10))
    assert [(r.purpose, r.faces) for r in e.rolls] == ([("fire (41-45)", (5,))] if over_run else [])
    assert ("over run on 41-45 at ru_sq2" in e.text) is over_run


def test_mines_attack_a_unit_entering_the_field_not_one_moving_inside_it():
    """Mines and Booby Traps: a unit entering a minefield is attacked on the 16-20 column; a move
    that starts inside the field enters nothing."""
    g = game("tractor_works")
    put(g, "ru_sq2", 34, 21)
    put(g, "ru_plt", 34, 24)
    act(g, "ru_sq2")
    with g.table_dice([5]):  # the text's own 16-20 cell: "a 5 ... one Russian killed and a disruption"
        e = MV.resolve_move(g, "ru_sq2", (36.5, 18.5))
    assert e.text == 'ru_sq2 moves 3.5" to (36.5, 18.5); mines on 16-20 at ru_sq2: 1 killed, disrupted (worked example cell)'
    assert e.detail["notes"] == ["terrain class A (mines)", '6" this function']
    situation_of(g).must_test()  # its morale test taken
    with g.table_dice([]):
        e = MV.resolve_move(g, "ru_sq2", (37.5, 17.5))
    assert e.rolls == () and e.text == 'ru_sq2 moves 1.4" to (37.5, 17.5)'


@pytest.mark.parametrize("first, second, best", [
    ("hill", "rough", "light"), ("woods", "rough", "woods"), ("woods", "buildings", "buildings"),
    ("trenches", "buildings", "entrenched"), ("trenches", "bunker", "bunker"),
])
def test_a_stand_in_two_kinds_of_terrain_has_the_better_cover(first, second, best):
    """Line of Sight and the cover shifts: where two terrain areas overlap, a unit takes the better
    cover (house order, worst to best: none, light, woods, buildings, entrenched, bunker)."""
    def overlap(doc):
        doc["terrain"] += [{"id": f"t{i}", "name": t, "type": t, "rectangle": {"center": [17, 10], "size": [2, 2]},
                            **({"height": 1} if t == "hill" else {})} for i, t in enumerate((first, second))]

    assert L.cover_of(game(edit=overlap), "de_open") == best


@pytest.mark.parametrize("distance, ff, mods", [
    (8.0, 24, []), (8.1, 12, []),  # close range doubles a squad's 12 ff up to 8" (house band)
    (24.0, 12, []), (24.1, 12, [("long range", -1)]),  # beyond 24": one column left
    (48.0, 12, [("long range", -1)]), (48.1, 12, [("extreme range", -2)]),  # beyond 48": two
])
def test_range_bands_include_their_upper_edge(distance, ff, mods):
    """Firing the Unit, house range bands (the text fixes 7" as close and 26" as one column left):
    close up to 8", long beyond 24", extreme beyond 48", each edge in the nearer band."""
    g = game("tractor_works")
    put(g, "ru_sq1", 0, 2)
    put(g, "ru_plt", 0, 3)  # in command: no halving
    put(g, "de_sq1", min(distance, 48.0), 2 + max(distance ** 2 - 48.0 ** 2, 0) ** 0.5)  # along the open south edge
    shot = F.plan(g, "ru_sq1", "de_sq1")
    assert shot.ff == ff and [(m.name, m.value) for m in shot.mods] == mods


@pytest.mark.parametrize("distance, allowed", [(8.1, True), (8.0, False)])
def test_on_table_artillery_fires_from_8_1_inches(distance, allowed):
    """Resolution of Air and Artillery Fire: on-table artillery has a "minimum range of 8.1"": 8.1"
    is allowed, 8" is not."""
    g = game("tractor_works")
    put(g, "de_sq2", 30.0, 30.0 - distance)  # straight south of ru_atg at (30, 30)
    if allowed:
        assert F.plan(g, "ru_atg", "de_sq2").target == "de_sq2"
    else:
        with pytest.raises(IllegalActionError, match="minimum range of 8.1"):
            F.plan(g, "ru_atg", "de_sq2")


@pytest.mark.parametrize("marker, inches", [("disrupted", 8), ("pinned", 2)])
def test_a_road_doubles_class_b_but_not_class_c(marker, inches):
    """Movement: a road doubles class A or B movement (house chart: infantry 6/4/2"). Disrupted
    infantry moves at B on the road, 4" doubled to 8"; pinned, at C, 2" and no doubling."""
    g = game("tractor_works")
    put(g, "ru_sq1", 26, 5, marker=marker)
    put(g, "ru_plt", 24, 6)  # in command
    assert MV.speed(g, "ru_sq1", (26, 10))[0] == inches


def test_barbed_wire_stops_a_gun_crew_as_it_stops_infantry():
    """Movement: barbed wire stops infantry; a gun taken down moves as its crew."""
    g = game("tractor_works")
    situation_of(g).unit_status("ru_atg", deployed=False)
    put(g, "ru_atg", 10, 17)
    put(g, "ru_plt", 10, 15)
    assert MV.speed(g, "ru_atg", (10, 19)) == (0.0, ["terrain class A (open)", "barbed wire stops infantry for the phase"])


def test_a_template_lies_along_its_bearing():
    """Artillery: heavy guns orient template A, the 16" x 6" sheaf (house), when they plot it. On
    bearing 45 it runs north-east: 7" that way from its centre is under it, 7" north-west is not."""
    from shapely.geometry import Point

    sheaf = SU.template_shape("A", (20, 12), 45)
    d = 7 / 2 ** 0.5
    assert sheaf.contains(Point(20 + d, 12 + d)) and not sheaf.contains(Point(20 - d, 12 + d))


def test_a_scenario_chart_cell_may_be_keyed_by_a_number():
    """Scenario overrides: YAML writes `{6: 2KP}` with a number for the face; it is read as the
    face 6 like `{"6": 2KP}`."""
    from wgkit.rules.rookie import chart as X

    cell = X.cell("11-15", 6, {"11-15": {6: "2KP"}})
    assert (cell.value.kills, cell.value.marker, cell.source, cell.note) == (2, "pinned", "house", "set by the scenario")


@pytest.mark.parametrize("code, kills, marker", [("-", 0, None), ("D", 0, "disrupted"), ("P", 0, "pinned"),
                                                 ("S", 0, "suppressed"), ("K", 1, "disrupted"), ("2KP", 2, "pinned")])
def test_a_scenarios_chart_codes(code, kills, marker):
    """Scenario overrides: - a miss, D/P/S a marker (red, white, blue), K one killed and the rest
    disrupted, 2KP two killed and pinned."""
    from wgkit.rules.rookie import chart as X

    result = X.cell("11-15", 3, {"11-15": {"3": code}}).value
    assert (result.kills, result.marker) == (kills, marker)
