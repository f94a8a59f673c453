"""Company Fire's tables typed again from the text (004_e954d5c422be67ed), each cell checked
through the rules' own procedures on an open table, never by reading the code's constants:
Individual Unit Fire (range and dice), Snipers, Attacking vehicles (range and dice by distance),
Vehicle Movement (off and on road, and half the off-road rate on a fire card) and the leaders'
lines of Close Assault."""

from __future__ import annotations

import pytest

from tests.company_fire.helpers import set_card
from wgkit.engine import Game, IllegalActionError
from wgkit.rules.company_fire import assault as A
from wgkit.rules.company_fire import fire as F
from wgkit.rules.company_fire import movement as M
from wgkit.rules.company_fire.flow import SEQUENCE
from wgkit.scenario import loads

# Individual Unit Fire: unit type -> (effective range in spaces, dice)
INDIVIDUAL_UNIT_FIRE = {"smg_squad": (1, 2), "rifle_squad": (6, 3), "light_mortar": (6, 3), "mmg": (10, 3),
                        "hmg": (10, 4)}
# Snipers: 3d6 at a chosen unit; the fire table gives the sniper an effective range of 10
SNIPER = (10, 3)
# Attacking vehicles: weapon -> (range, dice, dice at 2 spaces or less: "Bazookas and panzerschreck
# roll an additional die at distances of 2 spaces or less")
ATTACKING_VEHICLES = {"bazooka": (4, 3, 4), "panzerschreck": (4, 3, 4), "piat": (2, 3, 3), "panzerfaust": (2, 3, 3),
                      "main_gun": (20, 4, 4), "at_gun": (20, 4, 4)}
# Vehicle Movement: (kind, class) -> (off road, on road) in spaces
VEHICLE_MOVEMENT = {("tank", "light"): (4, 5), ("tank_destroyer", "light"): (4, 5),
                    ("tank", "medium"): (3, 4), ("tank_destroyer", "medium"): (3, 4),
                    ("tank", "heavy"): (2, 3), ("tank_destroyer", "heavy"): (2, 3),
                    ("halftrack", None): (3, 5), ("armoured_car", None): (3, 6), ("truck", None): (3, 6)}

SIZE = 2  # inches a square: an open table 12 squares wide and 22 deep, a road down column 0


def open_table(firer: str, at: tuple[int, int], target: str, there: tuple[int, int], firer_rules: str = "",
               firer_weapons: str = "[]", facing: float = 0, more_us: str = "") -> Game:
    """A game on an open table: ``firer`` (a unit kind) of the US at ``at``, ``target`` of the
    Germans at ``there``, facing away from the firer, at the fire step of a US fire card;
    ``more_us``: further US units, as YAML lines."""
    text = f"""
title: open table
ruleset: company_fire
table: {{width: {12 * SIZE}, depth: {22 * SIZE}, grid: {{type: square, size: {SIZE}}}}}
terrain:
  - {{id: road, type: road, line: [[{SIZE / 2}, 0], [{SIZE / 2}, {22 * SIZE}]], width: 0.5}}
sides:
  - id: us
    name: US
    role: attacker
    units:
      - {{id: f, kind: {firer}, {firer_rules} stands: [{{id: f1, cell: {list(at)}, facing: {facing}, weapons: {firer_weapons}}}]}}
{more_us}  - id: de
    name: Germans
    role: defender
    units:
      - {{id: t, kind: {target}, stands: [{{id: t1, cell: {list(there)}, facing: 0}}]}}
"""
    g = Game(loads(text, "open.yaml"), 1, flow=SEQUENCE)
    while g.current_step().name != "Move and fire":
        g.advance()
    set_card(g, "fire", "us")
    return g


@pytest.mark.parametrize("kind", sorted(INDIVIDUAL_UNIT_FIRE))
def test_individual_unit_fire_range_and_dice(kind):
    reach, dice = INDIVIDUAL_UNIT_FIRE[kind]
    g = open_table(kind, (5, 0), "rifle_squad", (5, reach))
    plan = F.plan(g, ["f"], (5, reach))
    assert (plan.dice, plan.mods) == (dice, [])  # in the open, on a fire card: the table's dice
    g = open_table(kind, (5, 0), "rifle_squad", (5, reach + 1))
    with pytest.raises(IllegalActionError, match=f"is {reach + 1} squares away; the range is {reach}$"):
        F.plan(g, ["f"], (5, reach + 1))


def test_engineers_fire_as_a_rifle_squad_a_house_reading():
    """The fire table has no engineers: house, as a rifle squad (6 spaces, 3d6)."""
    g = open_table("engineer_squad", (5, 0), "rifle_squad", (5, 6))
    assert F.plan(g, ["f"], (5, 6)).dice == 3
    g = open_table("engineer_squad", (5, 0), "rifle_squad", (5, 7))
    with pytest.raises(IllegalActionError, match="the range is 6$"):
        F.plan(g, ["f"], (5, 7))


def test_a_sniper_rolls_3d6_at_a_unit_within_its_range():
    reach, dice = SNIPER
    g = open_table("sniper", (5, 0), "rifle_squad", (5, reach))
    assert F.sniper_plan(g, "f", "t").dice == dice
    g = open_table("sniper", (5, 0), "rifle_squad", (5, reach + 1))
    with pytest.raises(IllegalActionError, match=f"the range is {reach}$"):
        F.sniper_plan(g, "f", "t")


@pytest.mark.parametrize("weapon", sorted(ATTACKING_VEHICLES))
def test_attacking_vehicles_range_and_dice_by_distance(weapon):
    """Each distance from 1 to the range and one beyond, against a truck facing away (no
    reduction applies): the close dice at 2 spaces or less, the table's dice beyond."""
    reach, dice, close = ATTACKING_VEHICLES[weapon]
    firer, rules = {"main_gun": ("tank", "rules: {tank_class: medium},"),
                    "at_gun": ("at_gun", "rules: {tank_class: medium},")}.get(weapon, ("bazooka_team", ""))
    for d in range(1, reach + 2):
        g = open_table(firer, (5, 0), "truck", (5, d), rules, f"[{weapon}]")
        if d > reach:
            with pytest.raises(IllegalActionError, match=f"is {d} squares away; the range is {reach}$"):
                F.at_plan(g, "f", "t")
            continue
        plan, turn = F.at_plan(g, "f", "t")
        assert (plan.dice, plan.mods, turn) == (close if d <= 2 else dice, [], {}), (weapon, d)


@pytest.mark.parametrize("kind, tank_class", sorted(VEHICLE_MOVEMENT, key=str))
def test_vehicle_movement_rates_off_and_on_road(kind, tank_class):
    off, on = VEHICLE_MOVEMENT[(kind, tank_class)]
    rules = f"rules: {{tank_class: {tank_class}}}," if tank_class else ""
    g = open_table(kind, (0, 0), "rifle_squad", (11, 21), rules)
    set_card(g, "move", "us")
    assert M.allowance(g, "f", [(0, 1), (0, 2)])[:2] == (on, False)  # the whole move on the road
    assert M.allowance(g, "f", [(1, 0), (2, 0)])[:2] == (off, False)  # off it
    set_card(g, "fire", "us")  # "up to 1/2 off road rate whether on or off road", after a Movement Test
    assert M.allowance(g, "f", [(0, 1)])[:2] == (off // 2, True)


# Close Assault: "+1 for their platoon leader present in grid space or +2 if their company
# commander in grid space" (the better of the two when both are there)
ASSAULT_LEADERS = {("platoon_leader",): 1, ("company_commander",): 2, ("platoon_leader", "company_commander"): 2}


@pytest.mark.parametrize("leaders", sorted(ASSAULT_LEADERS))
def test_a_leader_in_the_assaulting_square_adds_to_the_attackers_die(leaders):
    more = "".join(f"      - {{id: l{i}, kind: {k}, stands: [{{id: l{i}s, cell: [5, 4]}}]}}\n" for i, k in enumerate(leaders))
    g = open_table("rifle_squad", (5, 4), "rifle_squad", (5, 5), more_us=more)
    set_card(g, "move", "us")
    _, attack, defence = A.plan(g, ["f"], (5, 5))
    assert (sum(m.value for m in attack), sum(m.value for m in defence)) == (ASSAULT_LEADERS[leaders], 0)


# Mines (beta): a unit passing through mines rolls 1d6 and passes on 5+; a side that has found a
# path through "roll 1d6+2, 5+" when following it
@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("path_found", [False, True])
def test_passing_through_mines_needs_5_on_a_d6_or_3_on_a_found_path(face, path_found):
    from tests.company_fire.helpers import game, put
    from wgkit.rules import situation_of
    from wgkit.rules.company_fire import lookup as L

    passes = face + (2 if path_found else 0) >= 5
    g = game()
    put(g, "sq1", (0, 2))
    if path_found:
        situation_of(g).mines((1, 2), paths=("us",))
    with g.table_dice([face, 1, 1, 1]):  # a failure: the mines' 3d6 all miss
        M.resolve_move(g, "sq1", [(1, 2), (2, 2)])
    assert L.cell(g, "sq1") == ((2, 2) if passes else (1, 2))


# Terrain, Area Terrain table: type -> (blocks line of sight, cover for a target in the square,
# impassable to infantry, impassable to vehicles with no road in the square). "fields" with no
# variant are the medium-height fields.
AREA_TERRAIN = {"swamp": (True, True, True, True), "fields/low": (False, False, False, False),
                "fields/medium": (False, True, False, False), "fields": (False, True, False, False),
                "fields/full-grown": (True, True, False, False), "orchard": (True, True, False, False),
                "woods": (True, True, False, True), "hill": (True, True, False, False),
                "buildings": (True, True, False, True)}
# Types the text's tables do not list, read by analogy (house; docs/rules/company_fire.md lists them)
HOUSE_AREA_TERRAIN = {"road": (False, False, False, False), "stream": (False, False, False, False),
                      "river": (False, False, True, True), "rough": (False, True, False, False),
                      "mud": (False, False, False, False), "snow": (False, False, False, False),
                      "barbed_wire": (False, False, False, True), "minefield": (False, False, False, False),
                      "foxholes": (False, True, False, False), "trenches": (False, True, False, False),
                      "bunker": (True, True, False, True), "smoke": (True, True, False, False)}


@pytest.mark.parametrize("kind", sorted({**AREA_TERRAIN, **HOUSE_AREA_TERRAIN}))
def test_area_terrain_row_by_row(kind):
    """One square of the type at C3 on an open table: its sight (from C1 to C5), its cover, and
    whether a squad and a truck may enter it."""
    from wgkit.rules.company_fire.gridmap import GridMap

    blocks, cover, no_infantry, no_vehicles = {**AREA_TERRAIN, **HOUSE_AREA_TERRAIN}[kind]
    ttype, _, variant = kind.partition("/")
    text = f"""
title: one square
ruleset: company_fire
table: {{width: 30, depth: 30, grid: {{type: square, size: 6}}}}
terrain:
  - {{id: x, type: {ttype}, {f"variant: {variant}," if variant else ""} {"height: 1," if ttype == "hill" else ""} rectangle: {{center: [15, 15], size: [6, 6]}}}}
sides:
  - {{id: us, name: US, role: attacker, units: [{{id: a, kind: rifle_squad, stands: [{{id: a1, cell: [0, 0]}}]}}]}}
  - {{id: de, name: Germans, role: defender, units: [{{id: b, kind: rifle_squad, stands: [{{id: b1, cell: [4, 4]}}]}}]}}
"""
    m = GridMap.of(loads(text, "square.yaml"))
    assert m.terrain((2, 2)) == kind if kind != "fields" else m.terrain((2, 2)) == "fields"
    assert (not m.sight((2, 0), (2, 4)).clear, m.cover((2, 2))) == (blocks, cover)
    assert (not m.passable((2, 2), vehicle=False), not m.passable((2, 2), vehicle=True)) == (no_infantry, no_vehicles)


# Edge Terrain table: type -> (blocks line of sight, cover for attacks crossing the edge); bocage
# blocks sight through its edge (Special Terrain Rules: Bocage, LOS); a hedge is read as bocage
# for sight and cover (house)
EDGE_TERRAIN = {"low_wall": (False, True), "bocage": (True, True)}
HOUSE_EDGE_TERRAIN = {"hedge": (True, True)}


@pytest.mark.parametrize("kind", sorted({**EDGE_TERRAIN, **HOUSE_EDGE_TERRAIN}))
def test_edge_terrain_row_by_row(kind):
    """A full edge of the type between C2 and C3: sight from C1 to C5 across it, and its cover."""
    from wgkit.rules.company_fire.gridmap import GridMap

    blocks, cover = {**EDGE_TERRAIN, **HOUSE_EDGE_TERRAIN}[kind]
    text = f"""
title: one edge
ruleset: company_fire
table: {{width: 30, depth: 30, grid: {{type: square, size: 6}}}}
terrain:
  - {{id: x, type: {kind}, edges: [[2, 1, N]]}}
sides:
  - {{id: us, name: US, role: attacker, units: [{{id: a, kind: rifle_squad, stands: [{{id: a1, cell: [0, 0]}}]}}]}}
  - {{id: de, name: Germans, role: defender, units: [{{id: b, kind: rifle_squad, stands: [{{id: b1, cell: [4, 4]}}]}}]}}
"""
    m = GridMap.of(loads(text, "edge.yaml"))
    assert (not m.sight((2, 0), (2, 4)).clear, m.edge_cover(kind)) == (blocks, cover)


# Scale, Figures: "Single-mounted figures (SMFs) are used to represent platoon leaders, company
# commanders, snipers, forward observers, and their assistants"; of them only snipers fire
# (Snipers), and a scout is read as such an assistant (house)
SINGLE_FIGURES = ("platoon_leader", "company_commander", "forward_observer", "scout")


@pytest.mark.parametrize("kind", SINGLE_FIGURES)
def test_single_mounted_figures_other_than_snipers_do_not_fire(kind):
    g = open_table(kind, (5, 0), "rifle_squad", (5, 1))
    with pytest.raises(IllegalActionError, match="is a single figure: only snipers among them fire$"):
        F.plan(g, ["f"], (5, 1))


# The options a scenario may set, as the text gives them: the Game Clock ends at 21, or 30 "for a
# longer game"; the Optional Methods for Resolving Attacks (faster, longer); a standard deck "with
# or without the Jokers" (two); a tank is light, medium or heavy (Vehicle Movement); an observer's
# fire missions are counted down to none (Artillery); the deck's red and black suits (Initiative)
SCENARIO_OPTIONS = [("clock", "standard", True), ("clock", "long", True), ("clock", "short", False),
                    ("resolution", "standard", True), ("resolution", "faster", True), ("resolution", "longer", True),
                    ("resolution", "fastest", False), ("jokers", 0, True), ("jokers", 2, True), ("jokers", 3, False),
                    ("jokers", -1, False), ("jokers", "two", False), ("colours", {"us": "red", "de": "black"}, True),
                    ("colours", {"us": "blue"}, False), ("colours", "red", False)]
UNIT_OPTIONS = [("sherman", "tank_class", "light", True), ("sherman", "tank_class", "heavy", True),
                ("sherman", "tank_class", "super_heavy", False), ("sherman", "turret_facing", 90, True),
                ("fo", "missions", 0, True), ("fo", "missions", -1, False), ("fo", "missions", "two", False),
                ("mg", "smoke", True, True), ("mg", "smoke", "yes", False),
                ("zook", "carried_by", "sherman", True), ("zook", "carried_by", 5, False),
                ("zook", "carried_by", ["sherman"], False),
                ("zook", "carried_by", "sq1", False), ("gruppe", "carried_by", "sherman", False)]


@pytest.mark.parametrize("key, value, allowed", SCENARIO_OPTIONS)
def test_a_scenario_sets_the_options_the_text_offers_and_no_others(key, value, allowed):
    check_option(lambda doc: doc.setdefault("rules", {}).update({key: value}), allowed)


@pytest.mark.parametrize("uid, key, value, allowed", UNIT_OPTIONS)
def test_a_unit_sets_the_attributes_the_text_offers_and_no_others(uid, key, value, allowed):
    from tests.conftest import unit

    check_option(lambda doc: unit(doc, uid).setdefault("rules", {}).update({key: value}), allowed)


def check_option(edit, allowed: bool) -> None:
    from tests.conftest import ROOT, load_edited
    from wgkit.scenario.errors import ScenarioError

    path = ROOT / "scenarios/company_fire/hedgerows_of_normandy.yaml"
    if allowed:
        load_edited(path, edit)
    else:
        with pytest.raises(ScenarioError):
            load_edited(path, edit)


def test_a_square_is_45_metres_on_6_inches():
    """Ground: "roughly 40-50m per grid-space", played on 6-inch squares: 45 m, 7.5 m an inch."""
    from wgkit.facts.registry import find_ruleset

    assert find_ruleset("company_fire").scale.to_ground(6) == pytest.approx(45)
