"""Rookie Rules: what each resolution writes to the log, whole: its kind and text, the rule it
cites, its outcome and modifiers, the dice with their purposes, and every change it makes.
Faces are fixed; the numbers come from the text (quoted) or from the house readings named."""

import pytest

from tests.conftest import dotted
from tests.rookie.helpers import act, game, put
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.rookie import command as CMD
from wgkit.rules.rookie import fire as F
from wgkit.rules.rookie import flow as FL
from wgkit.rules.rookie import lookup as L
from wgkit.rules.rookie import movement as MV
from wgkit.rules.rookie import support as SU

HOUSE_COVER = "HOUSE: rolled as unobserved targets: two columns left"


def rolls(e):
    return [(r.purpose, r.die, r.faces) for r in e.rolls]


def head(e):
    return e.kind, e.text, e.detail.get("rule"), e.detail.get("outcome"), e.detail.get("modifiers")


# Artillery and Aircraft: 1-4 on target (40%); each of the six drift faces 5-0 (house diagram: 4"
# on bearings 0, 60 ... 300) one in ten
DRIFT_ODDS = ["(0.0, 0.0): 40.0%", "(0.0, 4.0): 10.0%", "(120.0, 4.0): 10.0%", "(180.0, 4.0): 10.0%",
              "(240.0, 4.0): 10.0%", "(300.0, 4.0): 10.0%", "(60.0, 4.0): 10.0%"]


def to_strikes(g):
    while g.current_step().name != "Air and artillery":
        g.advance()


def test_plotting_fire_writes_the_mission_and_rolls_nothing():
    g = game("tractor_works", step="Plot")
    e = SU.resolve_plot(g, "de", (12, 24), "B", 0)
    assert head(e) == ("plot", "de plots template B at 12\" along, 24\" across", "Artillery", None, None)
    assert rolls(e) == [] and dotted(e) == (
        ("vars.rk.missions.de", {"point": [12, 24], "template": "B", "facing": 0.0, "fired": 0}),)
    with pytest.raises(IllegalActionError, match=r"\(49, 2\) is off the table"):
        SU.resolve_plot(g, "de", (49, 2), "B", 0)


def test_artillery_on_target_attacks_everyone_under_the_template_with_their_cover():
    """Artillery: "1-4 on target"; heavy guns use template B (house: a 10" circle on the 41-45
    column); the workshop's buildings shift two columns left, to 31-35."""
    g = game("tractor_works", step="Plot")
    SU.resolve_plot(g, "de", (12, 24), "B", 0)  # ru_sq1 at (12, 24) and Petrov at (16, 25): both under
    to_strikes(g)
    with g.table_dice([2, 6, 1]):  # on target; 6 on 31-35 (house: one killed, pinned); 1 on 31-35 (disrupted)
        e = SU.resolve_artillery(g, "de")
    cover = {"value": -2, "source": "HOUSE: as woods"}  # woods: two columns left in the text's example
    assert head(e) == ("artillery",
                       "de's artillery (2: on target): artillery on 31-35 at ru_plt: 1 killed, pinned (house cell); "
                       "ru_plt is wiped out; artillery on 31-35 at ru_sq1: disrupted (house cell)",
                       "Resolution of Air and Artillery Fire",
                       ["artillery on 31-35 at ru_plt: 1 killed, pinned (house cell)", "ru_plt is wiped out",
                        "artillery on 31-35 at ru_sq1: disrupted (house cell)"],
                       [{"name": "ru_plt: target in buildings", **cover}, {"name": "ru_sq1: target in buildings", **cover}])
    assert rolls(e) == [("drift", "d10 (0-9)", (2,)), ("fire (31-35)", "d10 (0-9)", (6,)),
                        ("fire (31-35)", "d10 (0-9)", (1,))]
    assert dotted(e)[1:] == (
        ("vars.rk.missions.de", {"fired": 1, "last": [12, 24], "template": "B", "facing": 0.0}),
        ("units.ru_plt.status.marker", "pinned"), ("units.ru_plt.status.casualties", 1),
        ("units.ru_plt.status.gone", True), ("pieces.petrov.alive", False), ("vars.rk.must_test", ["ru_plt"]),
        ("units.ru_sq1.status.marker", "disrupted"), ("vars.rk.must_test", ["ru_plt", "ru_sq1"]))


def test_artillery_that_drifts_moves_the_template():
    """Artillery: "5-0 drift"; house diagram: an 8 drifts 4" on bearing 180 (towards the near edge)."""
    g = game("tractor_works", step="Plot")
    SU.resolve_plot(g, "de", (12, 20), "A", 90)
    to_strikes(g)
    with g.table_dice([8]):
        e = SU.resolve_artillery(g, "de")
    assert head(e) == ("artillery", "de's artillery (8: drifts 4\" on bearing 180): nobody under the template",
                       "Resolution of Air and Artillery Fire", ["nobody under the template"], [])
    assert dotted(e)[1:] == (("vars.rk.missions.de", {"fired": 1, "last": [12.0, 16.0], "template": "A", "facing": 90.0}),)
    assert e.detail["odds"] == DRIFT_ODDS
    with pytest.raises(IllegalActionError, match="de has plotted no fire this turn"):
        SU.resolve_artillery(g, "de")


def test_an_air_strike_on_troops_in_cover():
    """Aircraft: template D; "Aircraft attacks on targets in any kind of cover are rolled as
    unobserved targets" (house: two columns left), so 26-30 becomes 16-20 in the workshop."""
    g = game("tractor_works", step="Plot")
    situation_of(g).aircraft("de")
    SU.resolve_path(g, "de", (0, 24), (48, 24))
    to_strikes(g)
    with pytest.raises(IllegalActionError, match=r"more than 12\" from the flight path"):
        SU.resolve_strike(g, "de", (12, 2))
    with g.table_dice([3, 4]):  # on target; 4 on 16-20: disrupted (house cell)
        e = SU.resolve_strike(g, "de", (12, 24))
    assert head(e) == ("air strike", "de's aircraft strikes (on target): air attack on 16-20 at ru_sq1: disrupted (house cell)",
                       "Aircraft", ["air attack on 16-20 at ru_sq1: disrupted (house cell)"],
                       [{"name": "ru_sq1: air attack on a target in cover", "value": -2, "source": HOUSE_COVER}])
    assert rolls(e) == [("drift", "d10 (0-9)", (3,)), ("fire (16-20)", "d10 (0-9)", (4,))]
    assert dotted(e)[1:] == (("vars.rk.aircraft.de", {"on_table": 0, "path": None, "damaged": False}),
                             ("units.ru_sq1.status.marker", "disrupted"), ("vars.rk.must_test", ["ru_sq1"]))


def test_a_damaged_aircraft_strikes_two_columns_further_left_and_may_drift_onto_a_target():
    """Aircraft: drift 5-0 (house diagram: face 5, 4" to the north); a damaged aircraft attacks two
    columns left (house: the AA results are lost), on top of the two for cover: template D's 26-30,
    four columns left, is 6-10, where a 4 misses (the worked example's cell)."""
    g = game("tractor_works", step="Plot")
    situation_of(g).aircraft("de")
    SU.resolve_path(g, "de", (0, 24), (48, 24))
    act(g, "ru_sq1")
    with g.table_dice([5, 5]):  # 05%: a hit; 5 on the results: damaged
        assert SU.resolve_aa(g, "ru_sq1", "de").text == "ru_sq1 fires at de's aircraft: damaged"
    to_strikes(g)
    with g.table_dice([5, 4]):  # aimed 4" short of ru_sq1 (12, 24); drifts 4" north onto it
        e = SU.resolve_strike(g, "de", (12, 20))
    assert head(e) == ("air strike", "de's aircraft strikes (drifts 4): air attack on 6-10 at ru_sq1: miss (worked example cell)",
                       "Aircraft", ["air attack on 6-10 at ru_sq1: miss (worked example cell)"],
                       [{"name": "ru_sq1: aircraft damaged", "value": -2,
                         "source": "HOUSE: the AA result table is lost: a damaged aircraft attacks two columns left"},
                        {"name": "ru_sq1: air attack on a target in cover", "value": -2, "source": HOUSE_COVER}])
    assert rolls(e) == [("drift", "d10 (0-9)", (5,)), ("fire (6-10)", "d10 (0-9)", (4,))]
    assert e.detail["odds"] == DRIFT_ODDS


def test_aircraft_arrive_and_a_pair_goes_off_dogfighting():
    """TURN OVER AIRCRAFT: 35%, "+10% added every turn until an aircraft does arrive"; "If two
    aircraft from side A are on the table and one aircraft from side B shows up both sides must
    remove one aircraft"."""
    g = game("tractor_works", step="Morale")
    with g.table_dice([35]):
        e = SU.resolve_arrival(g, "de")
    assert head(e) == ("air arrival", "de: aircraft arrives (35%)", "Turn Over Aircraft", True, [])
    assert e.detail["odds"] == ["fails: 65.0%", "succeeds: 35.0%"]
    assert rolls(e) == [("aircraft arrival (35%)", "d00", (35,))]
    assert dotted(e)[1:] == (("vars.rk.air_chance.de", 35),
                             ("vars.rk.aircraft.de", {"on_table": 1, "path": None, "damaged": False}))
    with pytest.raises(IllegalActionError, match="de has already diced for aircraft this turn"):
        SU.resolve_arrival(g, "de")
    g = game("tractor_works", step="Morale")
    situation_of(g).aircraft("su", 2)
    with g.table_dice([1]):
        e = SU.resolve_arrival(g, "de")
    assert e.text == "de: aircraft arrives (35%); 1 pair goes off dogfighting"
    assert dotted(e)[1:] == (("vars.rk.air_chance.de", 35),
                             ("vars.rk.aircraft.su", {"on_table": 1, "path": None, "damaged": False}),
                             ("vars.rk.aircraft.de", {"on_table": 0, "path": None, "damaged": False}))
    with pytest.raises(IllegalActionError, match="su has no aircraft in this scenario"):
        SU.resolve_arrival(g, "su")


@pytest.mark.parametrize("faces, result, aircraft", [
    ([6], "miss", None),  # 06 is over 05%
    ([5, 1], "driven off", {"on_table": 1, "path": None, "damaged": False}),  # house: 1-4 driven off
    ([5, 4], "driven off", {"on_table": 1, "path": None, "damaged": False}),
    ([5, 5], "damaged", {"on_table": 1, "path": [[0, 10], [48, 10]], "damaged": True}),  # house: 5-7 damaged
    ([5, 7], "damaged", {"on_table": 1, "path": [[0, 10], [48, 10]], "damaged": True}),
    ([5, 8], "shot down", {"on_table": 0, "path": None, "damaged": False}),  # house: 8, 9, 0 shot down
    ([5, 0], "shot down", {"on_table": 0, "path": None, "damaged": False}),
])
def test_anti_aircraft_fire_from_a_squad_at_five_percent(faces, result, aircraft):
    """ANTI-AIRCRAFT FIRE: "Each squad ... by rolling a 05% or LESS"; the result table is lost."""
    g = game("tractor_works")
    situation_of(g).aircraft("de")
    SU.resolve_path(g, "de", (0, 10), (48, 10))
    act(g, "ru_sq1")
    with g.table_dice(faces):
        e = SU.resolve_aa(g, "ru_sq1", "de")
    assert head(e) == ("AA fire", f"ru_sq1 fires at de's aircraft: {result}", "Anti-Aircraft Fire", result, [])
    # 5% to hit, then the house results: 1-4 driven off (2% in all), 5-7 damaged, 8-0 shot down (1.5% each)
    assert e.detail["odds"] == ["damaged: 1.5%", "driven off: 2.0%", "miss: 95.0%", "shot down: 1.5%"]
    assert [r[0] for r in rolls(e)] == ["AA fire (5%)", "AA result"][:len(faces)]
    assert dotted(e)[1:] == (("units.ru_sq1.status.functions", 1),) + (
        (("vars.rk.aircraft.de", aircraft),) if aircraft else ())


@pytest.mark.parametrize("kind, barrels, chance", [("hmg", 1, 20), ("hmg", 2, 40), ("hmg", 4, 80), ("hmg", 6, 100),
                                                   ("squad", 1, 5)])  # six barrels: 120%, a certainty
def test_the_anti_aircraft_chance_by_weapon(kind, barrels, chance):
    """ "Each heavy machine gun, dedicated to air defense ... 20% ... Multi-barreled guns have a
    20% X the number of barrels"; a squad 5%; an HMG not dedicated to air defence fires as a squad."""
    def edit(doc):
        unit = doc["sides"][1]["units"][3]  # de_hmg
        unit["kind"] = kind
        unit["rules"] = {"anti_aircraft": True, "barrels": barrels}

    g = game("tractor_works", edit=edit)
    assert SU.aa_chance(g, "de_hmg") == chance


def test_an_hmg_not_dedicated_to_air_defence_fires_as_a_squad():
    assert SU.aa_chance(game("tractor_works"), "de_hmg") == 5


def test_an_observation_that_fails_costs_the_function():
    """OBSERVATION: "To spot roll the listed number or LESS" (house: 80% in light cover within 12")."""
    g = game("tractor_works")
    put(g, "ru_sq1", 26, 14)
    situation_of(g).hidden("ru_sq1_s")
    act(g, "de_sq1")
    with g.table_dice([81]):
        e = SU.resolve_observe(g, "de_sq1", "ru_sq1")
    assert head(e) == ("observe", "de_sq1 looks for ru_sq1 (80%): nothing seen", "Observation", False, [])
    assert rolls(e) == [("observe (80%)", "d00", (81,))]
    assert dotted(e)[1:] == (("units.de_sq1.status.functions", 1),)


def test_observation_distance_bands_and_the_jungle_example():
    """OBSERVATION example: woods, camouflaged, 78" away: base 10%, -50% camouflage, +30%
    specialists, +20% class A training: "The base chance to spot then remains a 10%"."""
    def edit(doc):
        doc["sides"][0]["units"][1]["rules"] = {"ff": 12, "specialist": True, "training": "A"}
        doc["sides"][1]["units"][2]["rules"] = {"ff": 15, "camouflaged": True}

    g = game(edit=edit)
    base, chance, mods = SU.observe_chance(g, "ru_sq", "de_wood", distance=78)
    assert (base, chance) == (10, 10)
    assert [(m.name, m.value) for m in mods] == [("camouflaged target", -50), ("specialist observers", 30),
                                                 ("class A training", 20)]
    # house bands: within 12", 24", 48" and beyond; exactly 12" is still the first band
    assert [SU.observe_chance(g, "ru_sq", "de_wood", distance=d)[0] for d in (12, 12.1, 24, 24.1, 48, 48.1)] == \
        [60, 40, 40, 20, 20, 10]
    assert SU.observe_chance(g, "ru_sq", "de_open", distance=30)[:2] == (100, 100)  # in the open: seen


def test_the_command_phase_removes_two_markers_then_stops():
    """Command sequence: a leader removes up to two penalty markers and then stays inactive."""
    g = game("tractor_works", step="Command")
    situation_of(g).marker("de_sq1", "suppressed")
    e = CMD.resolve_command(g, "de_plt", "de_sq1")
    assert head(e) == ("command", "de_plt steadies de_sq1: suppressed -> pinned", "Command sequence", None, None)
    assert dotted(e) == (("units.de_sq1.status.marker", "pinned"), ("vars.rk.commanded", ["de_plt"]),
                         ("units.de_plt.status.inactive", 1))
    e = CMD.resolve_command(g, "de_plt", "de_sq1")
    assert dotted(e) == (("units.de_sq1.status.marker", "disrupted"), ("vars.rk.commanded", ["de_plt", "de_plt"]),
                         ("units.de_plt.status.inactive", 1))
    with pytest.raises(IllegalActionError, match="de_plt has removed 2 markers this command phase"):
        CMD.resolve_command(g, "de_plt", "de_sq1")


def test_four_functions_take_a_gun_down():
    """MOVEMENT AND FIRING: "With FOUR functions ... a unit could set up or take down a heavy
    mortar or artillery piece": two spent before, two now."""
    g = game("tractor_works")
    act(g, "ru_atg")
    situation_of(g).unit_status("ru_atg", setup_progress=2)
    e = CMD.resolve_setup(g, "ru_atg")
    assert head(e) == ("set up", "ru_atg is taken down", "Movement and Firing (four functions)", None, None)
    assert dotted(e) == (("units.ru_atg.status.functions", 0), ("units.ru_atg.status.deployed", False),
                         ("units.ru_atg.status.setup_progress", 0))


@pytest.mark.parametrize("face, immobile", [(1, True), (2, False)])
def test_a_tank_in_rubble_is_immobile_for_good_only_on_a_1(face, immobile):
    """BREAKDOWN: "In RUBBLE any tank that rolls a 1 is immobile for the rest of the game"."""
    g = game("tractor_works")
    put(g, "panzer", 26, 11)
    act(g, "panzer")
    with g.table_dice([face]):
        e = MV.resolve_move(g, "panzer", (26, 14))  # 3" into the rubble field
    lost = ["panzer breaks down and is immobilised for the rest of the game"] if immobile else []
    assert head(e) == ("move", "panzer moves 3.0\" to (26.0, 14.0)" + "".join(f"; {x}" for x in lost), "Movement",
                       lost, [])
    assert rolls(e) == [("breakdown", "d10 (0-9)", (face,))]
    assert dotted(e)[1:] == (("units.panzer.status.functions", 1), ("units.panzer.status.breakdown_rolled", [1, 0, 2])) \
        + ((("units.panzer.status.immobile", "for good"),) if immobile else ()) + (("pieces.panzer_s.position", [26, 14]),)


def test_a_tank_that_fails_to_break_free_of_mud():
    g = game("tractor_works")
    situation_of(g).stuck("panzer")
    act(g, "panzer")
    with g.table_dice([5]):  # house: regular tanks free on 1-4
        e = MV.resolve_unstick(g, "panzer")
    assert head(e) == ("unstick", "panzer stays stuck in the mud", "Breakdown and Immobilization", False, [])
    assert rolls(e) == [("free from the mud", "d10 (0-9)", (5,))]
    assert dotted(e)[1:] == (("units.panzer.status.functions", 1),)


def test_cards_drawn_activated_and_passed():
    """THE SEQUENCE OF THE GAME 3: "using a unit for each side when its color comes up";
    "Additional cards may be acted upon or passed"; "Each unit may expend two functions"."""
    g = game()
    situation_of(g).deck_order("activation", ["2H", "3S"])
    e = FL.draw_card(g)
    assert (e.kind, e.text) == ("card", "2H: su may activate a unit")
    assert dotted(e) == (("vars.rk.card", "2H"), ("vars.rk.unit", None), ("active", "su"))
    e = FL.activate(g, "ru_sq")
    assert (e.kind, e.text) == ("activate", "ru_sq acts (2 functions)")
    assert dotted(e) == (("units.ru_sq.status.acted", True), ("units.ru_sq.status.functions", 2),
                         ("units.ru_sq.status.targets", []), ("vars.rk.unit", "ru_sq"))
    g = game()
    situation_of(g).deck_order("activation", ["2H", "3S"])
    FL.draw_card(g)
    e = FL.pass_card(g)
    assert (e.kind, e.text, dotted(e)) == ("pass", "2H passed", (("vars.rk.unit", "passed"),))


def test_melee_the_high_die_wins_and_the_loser_dies():
    """MELEE: "Each side rolls a 6d and the high die wins. The loser dies"."""
    g = game()
    put(g, "de_open", 11.8, 10)
    act(g, "ru_sq")
    with g.table_dice([5, 3]):
        e = F.resolve_melee(g, "ru_sq", "de_open")
    assert head(e) == ("melee", "ru_sq and de_open fight: de_open loses a man", "Melee", 1, [])
    # a d6 each, the higher wins: 15 of 36 either way, 6 ties
    assert e.detail["odds"] == ["-1: 41.7%", "0: 16.7%", "1: 41.7%", "at least 0: 58.3%", "at least 1: 41.7%"]
    assert rolls(e) == [("attacker", "d6", (5,)), ("defender", "d6", (3,))]
    assert dotted(e)[1:] == (("units.ru_sq.status.functions", 1), ("units.de_open.status.casualties", 1),
                             ("vars.rk.must_test", ["de_open"]))
    assert L.men(g, "de_open") == L.full_men(g, "de_open") - 1


GONE = (("units.panzer.status.gone", True), ("pieces.panzer_s.alive", False))
TESTS = (("vars.rk.must_test", ["panzer"]),)


@pytest.mark.parametrize("faces, lines, changes", [
    ([0], ["special damage 0: no damage"], ()),
    ([1], ["special damage 1: immobilised and abandoned"], (("units.panzer.status.immobile", True),) + GONE),
    ([2], ["special damage 2: pinned for its next chance to act"], (("units.panzer.status.skip", "pinned"),) + TESTS),
    ([3], ["special damage 3: crew stunned: suppressed for its next turn to act"],
     (("units.panzer.status.skip", "stunned"),) + TESTS),
    ([4], ["special damage 4: retires one function, cannot act next chance"],
     (("units.panzer.status.skip", "retired 1 function(s)"),) + TESTS),
    ([5], ["special damage 5: retires two functions, cannot act next chance"],
     (("units.panzer.status.skip", "retired 2 function(s)"),) + TESTS),
    ([6], ["special damage 6: retires three functions, cannot act next chance"],
     (("units.panzer.status.skip", "retired 3 function(s)"),) + TESTS),
    ([7], ["special damage 7: main armament destroyed"], (("units.panzer.status.no_main_gun", True),)),
    ([8], ["special damage 8: one function for the rest of the game"], (("units.panzer.status.one_function", True),)),
    ([9, 1], ["special damage 9: fire in the tank: roll again", "fire roll 1: tank explodes"], GONE),
    ([9, 3], ["special damage 9: fire in the tank: roll again", "fire roll 3: tank explodes"], GONE),
    ([9, 4], ["special damage 9: fire in the tank: roll again", "fire roll 4: crew bails out: abandoned"], GONE),
    ([9, 6], ["special damage 9: fire in the tank: roll again", "fire roll 6: crew bails out: abandoned"], GONE),
    ([9, 7], ["special damage 9: fire in the tank: roll again", "fire roll 7: fire put out: no further effect"], TESTS),
    ([9, 0], ["special damage 9: fire in the tank: roll again", "fire roll 0: fire put out: no further effect"], TESTS),
])
def test_the_special_damage_table_face_by_face(faces, lines, changes):
    """SPECIAL DAMAGE TABLE (a d10): 0 no damage; 1 immobilised and abandoned; 2 pinned and 3
    stunned for the next chance to act; 4-6 a one-, two- or three-function retirement; 7 main
    armament destroyed; 8 one function for the rest of the game; 9 fire: roll again, 1-3 explodes
    (4-6 bails out, 7-0 put out: house, the rest of the fire table is lost). A vehicle still on
    the table after 1-6 or 9 tests morale (house)."""
    from tests.rookie.helpers import Fixed

    g = game("tractor_works")
    out: list = []
    assert F.special_damage(g, "panzer", Fixed(*faces), out) == lines
    assert tuple((".".join(map(str, p)), v) for p, v in out) == changes


@pytest.mark.parametrize("face", [7, 8])
def test_a_bunker_is_destroyed_on_a_7_or_an_8(face):
    """SPECIAL DAMAGE TABLE: 7 "Bunker is destroyed", 8 "Bunker is destroyed"."""
    from tests.rookie.helpers import Fixed

    def edit(doc):
        doc["sides"][1]["units"][4]["kind"] = "bunker"

    g = game("tractor_works", edit=edit)
    out: list = []
    F.special_damage(g, "panzer", Fixed(face), out)
    assert dict((".".join(map(str, p)), v) for p, v in out)["units.panzer.status.gone"] is True


def test_a_bunker_fire_destroys_it_whatever_the_second_roll():
    """SPECIAL DAMAGE TABLE: 9 "Fire in the tank ... Bunker is destroyed"."""
    from tests.rookie.helpers import Fixed

    def edit(doc):
        doc["sides"][1]["units"][4]["kind"] = "bunker"

    g = game("tractor_works", edit=edit)
    out: list = []
    F.special_damage(g, "panzer", Fixed(9, 8), out)
    assert dict((".".join(map(str, p)), v) for p, v in out)["units.panzer.status.gone"] is True


def test_the_texts_russian_fire_in_the_log():
    """EXAMPLES: the Russians' first function at the Germans 7" away, shifted two columns for the
    second target (11-15): "A die roll of 6 would kill one German figure and disrupt the
    survivors"; their second, at 26" into the wood, is off the chart: "only a roll of 9 counts ...
    The Russians roll a 3 and miss"."""
    from wgkit.rules.rookie import morale as MO

    g = game()
    act(g, "ru_sq")
    with g.table_dice([6]):
        e = F.resolve(g, "ru_sq", "de_open", True)
    example = "worked example Examples"
    assert head(e) == ("fire", "ru_sq fires on 11-15 at de_open: 1 killed, disrupted (worked example cell)",
                       "Firing the Unit", "1 killed, disrupted",
                       [{"name": "second target this activation", "value": -2, "unit": "columns",
                         "source": f"{example} (shifting fire to a second target)"}])
    assert (e.detail["column"], e.detail["cell"]) == ("11-15", "worked example")
    assert e.detail["notes"] == ["12 ff at 7.0\"", "close range: factor doubled (HOUSE band, worked example at 7\")"]
    assert rolls(e) == [("fire (11-15)", "d10 (0-9)", (6,))]
    assert dotted(e)[1:] == (("units.ru_sq.status.functions", 1), ("units.ru_sq.status.targets", ["de_open"]),
                             ("units.ru_sq.status.split", True), ("units.de_open.status.marker", "disrupted"),
                             ("units.de_open.status.casualties", 1), ("vars.rk.must_test", ["de_open"]))
    with g.table_dice([1]):  # the casualty's morale test comes first ("immediately")
        MO.resolve(g, "de_open")
    with g.table_dice([3]):
        e = F.resolve(g, "ru_sq", "de_wood", False)  # the split declared on the first shot holds
    assert head(e)[:4] == ("fire", "ru_sq fires on off chart at de_wood: miss (worked example cell)", "Firing the Unit",
                           "miss")
    assert [(m["name"], m["value"]) for m in e.detail["modifiers"]] == [
        ("long range", -1), ("target in woods", -2), ("second target this activation", -2)]
    assert e.detail["odds"] == ["miss: 90.0%", "disrupted: 10.0%"]  # "only a roll of 9 counts"
    assert dotted(e)[1:] == (("units.ru_sq.status.functions", 0), ("units.ru_sq.status.targets", ["de_open", "de_wood"]),
                             ("units.ru_sq.status.split", True))
    with pytest.raises(IllegalActionError, match="ru_sq may fire at two targets at most"):
        F.resolve(g, "ru_sq", "de_lt", True)


def test_command_is_refused_with_its_reason():
    """Leadership: a leader removes markers of units of his side within his command radius
    (12", 8" disrupted, 4" pinned) and sight; not his own."""
    g = game("tractor_works", step="Command")
    situation_of(g).marker("de_sq1", "pinned")
    for leader, uid, why in [("de_sq2", "de_sq1", "de_sq2 is not a leader on the table"),
                             ("ru_plt", "de_sq1", "de_sq1 is not under ru_plt's command"),
                             ("de_plt", "de_plt", "de_plt cannot steady himself"),
                             ("de_plt", "de_sq2", "de_sq2 has no penalty marker")]:
        with pytest.raises(IllegalActionError, match=why):
            CMD.resolve_command(g, leader, uid)
    put(g, "de_sq1", 26, 18)  # exactly 12" from Hartmann at (26, 6): within
    assert CMD.resolve_command(g, "de_plt", "de_sq1").kind == "command"
    put(g, "de_sq1", 26, 18.1)
    with pytest.raises(IllegalActionError, match=r"de_sq1 is outside de_plt's command radius \(12\" and line of sight\)"):
        CMD.resolve_command(g, "de_plt", "de_sq1")


def test_two_understrength_squads_combine():
    """Command Radius 4: a leader combines understrength squads in his radius into one."""
    g = game("tractor_works", step="Command")
    situation_of(g).unit_status("de_sq1", casualties=3)  # 2 of 5 left
    situation_of(g).unit_status("de_sq2", casualties=2)  # 3 of 5 left
    put(g, "de_sq2", 30, 8)
    with pytest.raises(IllegalActionError, match="panzer is not a squad of de_plt's side"):
        CMD.resolve_combine(g, "de_plt", "de_sq1", "panzer")
    with pytest.raises(IllegalActionError, match="ru_sq1 is not a squad of de_plt's side"):
        CMD.resolve_combine(g, "de_plt", "de_sq1", "ru_sq1")
    e = CMD.resolve_combine(g, "de_plt", "de_sq1", "de_sq2")
    assert (e.kind, e.text, e.detail["rule"]) == ("combine", "de_plt combines de_sq2 into de_sq1: 5 men", "Command Radius 4")
    assert dotted(e) == (("units.de_sq1.status.casualties", 0), ("units.de_sq2.status.gone", True),
                         ("pieces.de_sq2_s.alive", False))
    g = game("tractor_works", step="Command")
    situation_of(g).unit_status("de_sq1", casualties=1)
    situation_of(g).unit_status("de_sq2", casualties=1)
    with pytest.raises(IllegalActionError, match="together they are 8 men; a squad holds 5"):
        CMD.resolve_combine(g, "de_plt", "de_sq1", "de_sq2")
    put(g, "de_sq2", 26, 18.1)
    with pytest.raises(IllegalActionError, match="de_sq2 is outside de_plt's command radius"):
        CMD.resolve_combine(g, "de_plt", "de_sq1", "de_sq2")


def test_special_damage_and_the_fire_roll_are_each_a_d10_named_in_the_log():
    from wgkit.odds import Play

    g = game("tractor_works")
    with g.table_dice([9, 2]):
        roller = g.roller()
        F.special_damage(g, "panzer", Play(roller), [])
    assert [(r.purpose, r.die, r.faces) for r in roller.log] == [("special damage", "d10 (0-9)", (9,)),
                                                                 ("fire in the tank", "d10 (0-9)", (2,))]


def test_a_turret_traverse_a_marker_removed_and_a_gun_taken_down_and_set_up_in_the_log():
    """Movement and Firing: a function traverses a turret; Command Radius 3: a unit in radius
    spends a function to lift one marker step; four functions (two activations of two) take a
    heavy gun down, and four more set it up again."""
    g = game("tractor_works")
    act(g, "panzer")
    e = CMD.resolve_traverse(g, "panzer", 370)
    assert (e.kind, e.text, e.detail["rule"]) == ("traverse", "panzer traverses its turret to 10 degrees", "Movement and Firing")
    assert dotted(e) == (("units.panzer.status.functions", 1), ("units.panzer.status.turret", 10.0))
    situation_of(g).marker("ru_sq1", "pinned")
    act(g, "ru_sq1")
    e = CMD.resolve_remove(g, "ru_sq1")
    assert (e.kind, e.text, e.detail["rule"]) == ("remove marker", "ru_sq1 removes a marker: pinned -> disrupted",
                                                  "Command Radius 3")
    texts = []
    for _ in range(4):
        act(g, "ru_atg")  # two functions a time
        texts.append(CMD.resolve_setup(g, "ru_atg").text)
    assert texts == ["ru_atg: 2 of 4 functions to take down", "ru_atg is taken down",
                     "ru_atg: 2 of 4 functions to set up", "ru_atg is set up"]
    assert L.status(g, "ru_atg")["deployed"] is True and L.status(g, "ru_atg")["setup_progress"] == 0


@pytest.mark.parametrize("special, face, free, odds", [
    (False, 4, True, ["fails: 60.0%", "succeeds: 40.0%"]),  # house: other tanks free on 1-4
    (True, 4, False, ["fails: 70.0%", "succeeds: 30.0%"]),  # house: special tanks on 1-3
    (True, 3, True, ["fails: 70.0%", "succeeds: 30.0%"]),
])
def test_a_special_tank_breaks_free_of_the_mud_on_1_to_3_and_others_on_1_to_4(special, face, free, odds):
    def edit(doc):
        doc["sides"][1]["units"][4]["rules"]["special_tank"] = special

    g = game("tractor_works", edit=edit)
    situation_of(g).stuck("panzer")
    act(g, "panzer")
    with g.table_dice([face]):
        e = MV.resolve_unstick(g, "panzer")
    words = "breaks free of" if free else "stays stuck in"
    assert head(e) == ("unstick", f"panzer {words} the mud", "Breakdown and Immobilization", free, [])
    assert e.detail["odds"] == odds and (L.status(g, "panzer").get("immobile") is None) is free


def test_an_arrival_joining_an_aircraft_already_there_fights_off_in_two_pairs():
    """TURN OVER AIRCRAFT: aircraft of both sides on the table fight each other off in pairs: a
    German arriving beside one already there makes two; the Russians' three lose two."""
    g = game("tractor_works", step="Morale")
    situation_of(g).aircraft("su", 3)
    situation_of(g).aircraft("de", 1)
    with g.table_dice([1]):
        e = SU.resolve_arrival(g, "de")
    assert e.text == "de: aircraft arrives (35%); 2 pairs go off dogfighting"
    assert (SU.air(g, "de")["on_table"], SU.air(g, "su")["on_table"]) == (0, 1)


@pytest.mark.parametrize("men, full, marker, left", [
    (0, 4, None, 0.0),  # no men: no strength, whatever the marker
    (1, 1, None, 1.0),  # a one-man unit at full strength
    (2, 4, "disrupted", 0.5),  # a disrupted unit still fights: half its men
    (4, 4, "pinned", 0.5),  # one removal from fighting
    (3, 4, "suppressed", 0.25),  # two removals: 3/4 / 3
])
def test_what_is_left_of_a_units_fighting_power(men, full, marker, left):
    """For the kit's opponent (not a rule): men over men at full strength, divided by one plus the
    marker removals that would let it fight again (pinned one, suppressed two)."""
    assert L.strength_left(men, full, marker) == left
