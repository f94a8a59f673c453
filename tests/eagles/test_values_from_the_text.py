"""Eagles values no other test pins down, each worked out from the text (1" = 100 yd)."""

from fractions import Fraction

import pytest

from tests.eagles.helpers import game, put, unit
from wgkit.engine import IllegalActionError
from wgkit.odds import exact
from wgkit.rules import situation_of
from wgkit.rules.eagles import air as AIR
from wgkit.rules.eagles import barrage as B
from wgkit.rules.eagles import close as C
from wgkit.rules.eagles import damage as D
from wgkit.rules.eagles import fire as F
from wgkit.rules.eagles import lookup as L
from wgkit.rules.eagles import movement as MV
from wgkit.rules.eagles import spotting as SP


@pytest.mark.parametrize("rockets, asked, fired", [(True, "converged", "spread"), (True, None, "spread"),
                                                   (False, "converged", "converged")])
def test_rocket_batteries_always_fire_spread(rockets, asked, fired):
    """3.6: "Rocket batteries will always use the Spread pattern"; a six-gun battery of guns fires
    as ordered."""
    g = game(edit=lambda d: unit(d, "field_regt")["rules"].update(rockets=rockets))
    assert B.pattern(g, "field_regt", asked) == fired


def test_engineers_assault_a_tank_at_minus_20():
    """5.2: 30% to succeed; "Engineer = -20" (minus helps, as "did not move -10" gives 40%):
    an engineer unit against a tank that did not move succeeds on 30 + 10 + 20 = 60%."""
    g = game(edit=lambda d: unit(d, "dcli_a").update(kind="engineer"))
    put(g, "dcli_a", 44, 43)
    mods = C.assault_mods(g, "dcli_a", "tigers")
    assert [(m.name, m.value) for m in mods] == [("vehicle did not move", -10), ("engineers", -20)]
    assert exact(C.assault_roll, sum(m.value for m in mods)).p(True) == Fraction(60, 100)


def with_aa(d):
    d["sides"][1]["units"].append({"id": "flak", "kind": "aa", "rules": {"fp": 1, "armour": "infantry", "aa": "37mm"},
                                   "stands": [{"id": "flak1", "position": [36, 12]}]})


@pytest.mark.parametrize("y, allowed", [(12.0, True), (11.99, False)])
def test_a_37mm_aa_gun_reaches_2000_yards(y, allowed):
    """6.4: the 37mm column's maximum range is 2000 yds; three kill dice hitting on 0."""
    g = game(seed=2, edit=with_aa)
    AIR.resolve_sortie(g, "typhoons", (36, 32))
    situation_of(g).turn(2)
    put(g, "flak", 36, y)  # 20" (2000 yd) below the impact point, or 2001 yd
    if allowed:
        e = AIR.resolve_aa(g, "flak", "typhoons")
        assert e.text.startswith("flak (37mm, 3 dice) fires at typhoons")
    else:
        with pytest.raises(IllegalActionError, match=r"2001 yd from the sortie: .* \(2000 yd\)"):
            AIR.resolve_aa(g, "flak", "typhoons")


@pytest.mark.parametrize("desert, gap, spotted", [
    (False, 5.0, "moved within 500 yd"), (False, 5.005, None),  # half a yard beyond
    (True, 10.0, "moved within 500 yd"), (True, 10.005, None),  # 4.1: "doubled in desert situations"
])
def test_automatic_spotting_distances_double_in_the_desert(desert, gap, spotted):
    g = game(edit=lambda d: d.setdefault("rules", {}).update(desert=desert))
    put(g, "pzgren", 36, 32, moved=True)
    put(g, "dcli_a", 36, 32 - gap)
    assert SP.auto_spotted(g, "pzgren") == spotted


@pytest.mark.parametrize("where, status, gap, spotted", [
    ((36, 32), {"fired": True}, 5.0, "fired within 500 yd"), ((36, 32), {"fired": True}, 5.005, None),
    ((60, 14.7), {}, 10.0, "on a road within 1000 yd"), ((60, 14.7), {}, 10.005, None),  # half a yard beyond
    ((36, 32), {}, 1.0, None),  # neither moved, fired nor on a road: only the 4.11 chart spots it
])
def test_firing_within_500_yards_or_standing_on_a_road_within_1000_gives_a_unit_away(where, status, gap, spotted):
    # 4.1 automatic spotting: 2. fires within 500 yd of the enemy; 3. on a road within 1000 yd
    g = game()
    put(g, "pzgren", *where, **status)
    put(g, "dcli_a", where[0], where[1] - gap)
    assert SP.auto_spotted(g, "pzgren") == spotted


def test_a_unit_dug_in_is_impaired_only_on_a_0():
    """3.7/4.3: the first hit suppresses; the others are re-rolled against DD and impair only on
    a '0' (elsewhere in cover, on any even face). Two dice hitting on 0: both hit (1/100), then
    the one re-roll impairs on 0 (1/10) dug in, on an even face (1/2) in the woods."""
    g = game()
    assert D.damage_kind(g, "pzgren") == (True, False)  # in the woods (CC): re-rolled, even impairs
    woods = exact(D.kill_roll, 2, frozenset({0}), False, *D.damage_kind(g, "pzgren"))
    assert woods.p((True, 1)) == Fraction(1, 100) * Fraction(1, 2)
    situation_of(g).unit_status("pzgren", dug_in=True)
    assert D.damage_kind(g, "pzgren") == (True, True)
    dug_in = exact(D.kill_roll, 2, frozenset({0}), False, *D.damage_kind(g, "pzgren"))
    assert dug_in.p((True, 1)) == Fraction(1, 100) * Fraction(1, 10)
    assert dug_in.p((True, 0)) == Fraction(1, 100) * Fraction(9, 10) + 2 * Fraction(1, 10) * Fraction(9, 10)


@pytest.mark.parametrize("dy, allowed", [(4.04, True), (4.06, False)])
def test_a_move_that_reads_as_the_allowance_is_allowed(dy, allowed):
    """Code A infantry may move 4"; a drag of 4.04" reads 4.0" and is that move (before, it was
    refused as "may move 4"; that is 4.0""), 4.06" reads 4.1" and is not."""
    g = game(step="Infantry movement")
    x, y = 30, 8  # dcli_a's stand
    if allowed:
        MV.resolve_move(g, "dcli_a", (x, y + dy))
        assert tuple(L.pos(g, "dcli_a")) == (x, y + dy)
    else:
        with pytest.raises(IllegalActionError, match=r"dcli_a may move 4\" .*that is 4.1\""):
            MV.resolve_move(g, "dcli_a", (x, y + dy))



# 4.2 "FIREPOWER + TPD RATING = Adjustment to the # of Kill Dice Rolled", typed again from the text:
# W = FP 1-3, X = FP 4-5, Y = FP 6-7, Z = FP 8+
FP_TPD_TEXT = {"AA": {"W": 0, "X": 0, "Y": +1, "Z": +2}, "BB": {"W": -1, "X": 0, "Y": 0, "Z": +1},
               "CC": {"W": -1, "X": -1, "Y": -1, "Z": 0}, "DD": {"W": -2, "X": -2, "Y": -3, "Z": -3}}
TEXT_CLASS = {1: "W", 2: "W", 3: "W", 4: "X", 5: "X", 6: "Y", 7: "Y", 8: "Z", 9: "Z", 10: "Z"}
# where the panzergrenadiers stand for each TPD (1.4): moving in the open, stationary in the open,
# in the crest wood, dug in; the firer 4" (400 yd) short of them, so no range modifier changes its FP
TPD_PLACES = {"AA": ((10, 20), {"moved": True}), "BB": ((10, 20), {}), "CC": ((36, 32), {}),
              "DD": ((10, 20), {"dug_in": True})}


@pytest.mark.parametrize("tpd", list(FP_TPD_TEXT))
@pytest.mark.parametrize("fp", list(TEXT_CLASS))
def test_every_cell_of_the_firepower_and_tpd_table_is_the_kill_dice_a_fire_rolls(fp, tpd):
    """Every FP from 1 to 10 (each class twice or more) against every TPD: the kill dice the fire
    plans are the FP plus the text's adjustment (never below none)."""
    def firer_fp(doc):
        for s in doc["sides"]:
            for u in s["units"]:
                if u["id"] == "dcli_a":
                    u["rules"]["fp"] = fp

    g = game(step="Infantry vs infantry", edit=firer_fp)
    (x, y), status = TPD_PLACES[tpd]
    put(g, "pzgren", x, y, **status)
    put(g, "dcli_a", x, y - 4)
    p = F.plan(g, "dcli_a", "pzgren", order="Infantry vs infantry")
    assert (L.tpd(g, "pzgren"), p.fp, p.fp_class, p.mods) == (tpd, fp, TEXT_CLASS[fp], [])
    assert p.dice == max(0, fp + FP_TPD_TEXT[tpd][TEXT_CLASS[fp]])


# 6.4's table, typed again from the text: the firer's column -> (maximum range in yards, kill dice)
AA_TEXT = {"inf": (500, 1), "hmg": (1500, 2), "20mm": (1500, 2), "37mm": (2000, 3), "40mm": (2000, 3), "88mm+": (3000, 3)}


@pytest.mark.parametrize("column", list(AA_TEXT))
def test_every_column_of_the_anti_aircraft_table_is_the_reach_and_dice_an_aa_unit_fires_with(column):
    """An AA unit armed from each column fires at a sortie exactly at the column's maximum range
    with its kill dice, and is refused a yard beyond (1" = 100 yd)."""
    reach, dice = AA_TEXT[column]

    def armed(doc):
        with_aa(doc)
        doc["sides"][1]["units"][-1]["rules"]["aa"] = column

    for yards, allowed in [(reach, True), (reach + 1, False)]:
        g = game(seed=2, edit=armed)
        AIR.resolve_sortie(g, "typhoons", (36, 32))
        situation_of(g).turn(2)
        put(g, "flak", 36, 32 - yards / 100)
        if allowed:
            assert AIR.resolve_aa(g, "flak", "typhoons").text.startswith(f"flak ({column}, {dice} dice) fires at typhoons")
        else:
            with pytest.raises(IllegalActionError, match=rf"{yards} yd from the sortie: .* \({reach} yd\)"):
                AIR.resolve_aa(g, "flak", "typhoons")


# 3.9's table, typed again from the text: (gun, how it is drawn) -> (breakdown turns, set-up turns)
SETUP_TEXT = [("self-propelled 150 mm", {"kind": "artillery", "calibre_mm": 150, "self_propelled": True}, (1, 1)),
              ("towed 101 mm", {"kind": "artillery", "calibre_mm": 101}, (2, 3)),
              ("towed 150 mm", {"kind": "artillery", "calibre_mm": 150}, (2, 3)),
              ("towed 99 mm", {"kind": "artillery", "calibre_mm": 99}, (2, 2)),
              ("towed 75 mm", {"kind": "artillery", "calibre_mm": 75}, (2, 2)),
              ("AT 37 mm", {"kind": "at_gun", "calibre_mm": 37}, (1, 1)),
              ("AT 51 mm", {"kind": "at_gun", "calibre_mm": 51}, (1, 1)),
              ("AT 75 mm", {"kind": "at_gun", "calibre_mm": 75}, (2, 2))]


@pytest.mark.parametrize("gun, drawn, turns", SETUP_TEXT, ids=[g for g, _, _ in SETUP_TEXT])
def test_every_row_of_the_set_up_table_is_the_turns_a_gun_takes(gun, drawn, turns):
    """3.9: an on-board gun of each row, deployed, breaks down over the row's turns; packed, it
    sets up over the other column's (ready after turn 1 + turns - 1)."""
    def on_board(doc):
        u = next(u for s in doc["sides"] for u in s["units"] if u["id"] == "field_regt")
        u["kind"] = drawn["kind"]
        u["rules"].update(off_board=False, **{k: v for k, v in drawn.items() if k != "kind"})

    g = game(edit=on_board)
    assert B.resolve_deploy(g, "field_regt").text == f"field_regt begins to break down: ready after turn {turns[0]}"
    situation_of(g).unit_status("field_regt", deploying=None, deployed=False)
    assert B.resolve_deploy(g, "field_regt").text == f"field_regt begins to set up: ready after turn {turns[1]}"


# 3.3: "Roll a second d10 to determine direction of error": 1,2,3 long; 4,5 right; 6,7 left; 8,9,0 short
DIRECTION_TEXT = {1: "long", 2: "long", 3: "long", 4: "right", 5: "right", 6: "left", 7: "left", 8: "short", 9: "short",
                  0: "short"}


@pytest.mark.parametrize("face", list(DIRECTION_TEXT))
def test_every_face_of_the_direction_roll_is_the_texts_direction(face):
    from wgkit.odds import Play
    g = game()
    with g.table_dice([5, face]):  # the error roll's face 5, then the direction's
        assert B.error_roll(Play(g.roller()))[1] == DIRECTION_TEXT[face]


# 1.5's chance to hit by the target's protection, typed again from the text
MINE_TEXT = {"infantry": 30, "thin": 30, "moderate": 20, "dense": 10, "hard": 5}


@pytest.mark.parametrize("armour", list(MINE_TEXT))
def test_every_column_of_the_minefield_table_is_the_chance_a_unit_entering_one_rolls_against(armour):
    """A unit of each protection entering a hasty minefield rolls a d00 against the text's chance:
    hit on exactly that number, not one above."""
    pct = MINE_TEXT[armour]

    def mined(doc):
        doc["terrain"].append({"id": "mines", "type": "minefield", "variant": "hasty",
                               "rectangle": {"center": [30, 12], "size": [3, 3]}})
        unit(doc, "dcli_a")["rules"]["armour"] = armour

    for face, hit in [(pct, True), (pct + 1, False)]:
        g = game(step="Cross-country movement", edit=mined)
        with g.table_dice([face]):
            e = MV.resolve_move(g, "dcli_a", (30, 11.5))
        assert (f"mines ({pct}%): " in e.text) and (("no damage" in e.text) is not hit)


# 1.3: indirect fire's chances assume thin protection; moderate and hard are rated as thin. The
# text gives no number for others: the kit's house values (docs/rules/eagles.md) are one die more
# against unprotected infantry and one less against dense protection.
INDIRECT_ARMOUR_TEXT = {"thin": 0, "moderate": 0, "hard": 0}
INDIRECT_ARMOUR_HOUSE = {"infantry": +1, "dense": -1}


@pytest.mark.parametrize("armour", [*INDIRECT_ARMOUR_TEXT, *INDIRECT_ARMOUR_HOUSE])
@pytest.mark.parametrize("cls, dice", [("W", 4), ("X", 6), ("Y", 8)])  # 3.6 Chance to Hit chart: kill dice by class
def test_a_barrages_kill_dice_against_each_protection(armour, cls, dice):
    g = game(edit=lambda d: unit(d, "pzgren")["rules"].update(armour=armour))
    adjust = {**INDIRECT_ARMOUR_TEXT, **INDIRECT_ARMOUR_HOUSE}[armour]
    assert B.target_plan(g, "field_regt", "pzgren", cls)[0] == dice + adjust


# 3.6's charts, typed again from the text: the class by calibre band (up to 79 mm, 80-109, 110-159,
# 160+) for four guns, spread and converged
CALIBRE_TEXT = {"spread": "WWXX", "converged": "WXXY"}


@pytest.mark.parametrize("mm, band", [(75, 0), (79, 0), (80, 1), (105, 1), (109, 1), (110, 2), (155, 2), (159, 2),
                                      (160, 3), (210, 3)])
def test_every_calibre_band_of_the_barrage_charts_at_its_edges(mm, band):
    g = game(edit=lambda d: unit(d, "field_regt")["rules"].update(guns=4, calibre_mm=mm))
    assert [B.fp_class(g, "field_regt", pattern) for pattern in CALIBRE_TEXT] == [CALIBRE_TEXT[p][band] for p in CALIBRE_TEXT]


# 2.5, typed again from the text: a hex costs 1 MP; two "to enter a hex containing woods, rough,
# sand, snow or a river/stream"; all of a unit's MPs for "Mud or swamp". (The ruleset draws no sand:
# the desert is a scenario's rule, not a terrain type.)
HEX_TEXT = {"woods": 2, "rough": 2, "snow": 2, "river": 2, "stream": 2, "mud": "all", "swamp": "all", "fields": 1}


@pytest.mark.parametrize("kind", list(HEX_TEXT))
def test_every_terrain_the_hex_movement_rule_names_costs_what_it_says(kind):
    from wgkit.geometry.grids import grid_from_spec

    def hexes(doc):
        doc["table"]["grid"] = {"type": "hex", "size": 2, "orientation": "flat"}
        doc["terrain"].append({"id": "patch", "type": kind, "rectangle": {"center": [60, 5], "size": [1, 1]}})

    g = game(edit=hexes)
    cell = grid_from_spec(g.scenario.table.grid.to_dict(), 72, 48).cell_of(60, 5)
    assert MV.hex_cost(g, cell) == HEX_TEXT[kind]
    assert MV.hex_cost(g, cell, turned=True) == (HEX_TEXT[kind] if HEX_TEXT[kind] == "all" else HEX_TEXT[kind] + 1)


# 3.3 Advanced, typed again from the text: the range bands (0-2000, 2001-5000, 5001-10000, 10001+ yd)
# and the row of the battery's nation (the British: "USA, UK, France" -1, 0, +1, +2)
@pytest.mark.parametrize("yards, modifier", [(2000, -1), (2000.5, 0), (5000, 0), (5000.5, +1), (10000, +1), (10000.5, +2)])
def test_the_error_rolls_range_bands_at_their_edges(yards, modifier):
    g = game(edit=lambda d: d.setdefault("rules", {}).update(advanced=True))
    x, y = B.battery_point(g, "field_regt")  # the British field regiment, 1000 yd behind its edge
    assert L.nationality(g, "field_regt") == "uk"
    assert B.error_modifier(g, "field_regt", (x, y + yards / 100)) == modifier


@pytest.mark.parametrize("y, row, mods", [(29.005, "maximum", ["under 300 yd"]), (25.995, "long", ["over 600 yd"])])
def test_the_to_hit_rows_change_half_a_yard_past_300_and_600_yards(y, row, mods):
    """The house reading of 4.2's rows (docs/rules/eagles.md): under 300 yd, 300-600 yd inclusive,
    beyond 600 yd; 299.5 and 600.5 yd fall either side, as 1.2's FP modifiers do."""
    g = game(step="Infantry vs infantry")
    put(g, "dcli_a", 36, y)  # the panzergrenadiers stand at (36, 32)
    p = F.plan(g, "dcli_a", "pzgren", order="Infantry vs infantry")
    assert (p.row, [m.name for m in p.mods]) == (row, mods)


# 3.3's Error Chart, typed again from the text: a d10's face -> yards off (observed) and hexes off
ERROR_TEXT = {0: (0, 0), 1: (0, 0), 2: (0, 0), 3: (50, 1), 4: (50, 1), 5: (100, 2), 6: (100, 2), 7: (150, 3),
              8: (150, 3), 9: (200, 3)}


@pytest.mark.parametrize("face", list(ERROR_TEXT))
def test_every_face_of_the_error_chart_is_the_distance_the_impact_moves(face):
    from wgkit.odds import Play

    for hex_map, column in [(False, 0), (True, 1)]:
        g = game()
        with g.table_dice([face, 1]):
            assert B.error_roll(Play(g.roller()), hex_map=hex_map) == (ERROR_TEXT[face][column], "long")


# 3.3 Advanced, every row typed again from the text: the nation's modifiers for 0-2000, 2001-5000,
# 5001-10000 and 10001+ yd ("Italy, Minor Axis"; "USSR, Japan, China"; "USA, UK, France")
ERROR_ROWS_TEXT = {"germany": (-1, 0, +1, +2), "italy": (0, +1, +2, +3), "minor_axis": (0, +1, +2, +3),
                   "ussr": (0, +1, +2, +3), "japan": (0, +1, +2, +3), "china": (0, +1, +2, +3),
                   "us": (-1, 0, +1, +2), "uk": (-1, 0, +1, +2), "france": (-1, 0, +1, +2),
                   "canada": (-1, 0, +1, +2)}  # house (docs/rules/eagles.md): 3.3 leaves out the Commonwealth; as the UK


@pytest.mark.parametrize("nation", list(ERROR_ROWS_TEXT))
def test_every_nations_row_of_the_advanced_error_modifiers(nation):
    def fielded(doc):
        doc.setdefault("rules", {}).update(advanced=True)
        doc["sides"][0]["nationality"] = nation  # the side of the field regiment

    g = game(edit=fielded)
    x, y = B.battery_point(g, "field_regt")
    got = tuple(B.error_modifier(g, "field_regt", (x, y + yards / 100)) for yards in (1000, 3000, 7000, 12000))
    assert got == ERROR_ROWS_TEXT[nation]


# 3.6 "FIREPOWER RATING = CHANCE TO HIT CHART", typed again from the text: (faces, ** re-roll) by
# TPD and class, and the kill dice by class
INDIRECT_TEXT = {"AA": {"W": ({1}, True), "X": ({1, 2}, False), "Y": ({1, 2, 3}, False)},
                 "BB": {"W": ({1}, True), "X": ({1, 2}, False), "Y": ({1, 2}, False)},
                 "CC": {"W": ({1}, True), "X": ({1}, True), "Y": ({1}, True)},
                 "DD": {"W": ({1}, True), "X": ({1}, True), "Y": ({1}, True)}}
INDIRECT_KILL_TEXT = {"W": 4, "X": 6, "Y": 8}


@pytest.mark.parametrize("tpd", list(INDIRECT_TEXT))
@pytest.mark.parametrize("cls", list(INDIRECT_KILL_TEXT))
def test_every_cell_of_the_barrage_chance_to_hit_chart(tpd, cls):
    """A thin-skinned target (no change to the dice, 1.3) at each TPD: the barrage's kill dice,
    the faces that hit and whether a hit needs the odd-even re-roll."""
    g = game(edit=lambda d: unit(d, "pzgren")["rules"].update(armour="thin"))
    (x, y), status = TPD_PLACES[tpd]
    put(g, "pzgren", x, y, **status)
    assert L.tpd(g, "pzgren") == tpd
    dice, faces, star, _, _ = B.target_plan(g, "field_regt", "pzgren", cls)
    assert (dice, set(faces), star) == (INDIRECT_KILL_TEXT[cls], *INDIRECT_TEXT[tpd][cls])


# 4.2 "To Hit Number based on Defensive rating (DA)", typed again from the text (its "0,9,8.7" read
# as 0, 9, 8, 7): (faces, ** re-roll) by range row and the target's rating
TO_HIT_TEXT = {"maximum": {"hard": ({0}, True), "dense": ({0}, False), "moderate": ({0, 9}, False),
                           "thin": ({0, 9, 8}, False), "infantry": ({0, 9, 8, 7}, False)},
               "effective": {"hard": ({0}, True), "dense": ({0}, False), "moderate": ({0}, False),
                             "thin": ({0, 9}, False), "infantry": ({0, 9, 8}, False)},
               "long": {"hard": ({0}, True), "dense": ({0}, True), "moderate": ({0}, True), "thin": ({0}, False),
                        "infantry": ({0, 9}, False)}}
ROW_AT = {"maximum": 30.0, "effective": 28.0, "long": 24.0}  # the firer's y: 200, 400 and 800 yd short of (36, 32)


@pytest.mark.parametrize("row", list(TO_HIT_TEXT))
@pytest.mark.parametrize("armour", list(TO_HIT_TEXT["long"]))
def test_every_cell_of_the_direct_fire_to_hit_table(row, armour):
    g = game(step="Infantry vs infantry", edit=lambda d: unit(d, "pzgren")["rules"].update(armour=armour))
    put(g, "dcli_a", 36, ROW_AT[row])
    p = F.plan(g, "dcli_a", "pzgren", order="Infantry vs infantry")
    assert (p.row, set(p.faces), p.reroll) == (row, *TO_HIT_TEXT[row][armour])  # 4.3: ** re-rolls the hits after the first


@pytest.mark.parametrize("y, moved, mods", [
    (29.0, False, []),
    (25.995, False, [("over 600 yd", -1, "1.2")]),  # "a FP deducted beyond 600 yards"
    (29.5, True, [("under 300 yd", +1, "1.2"), ("firer moved", -1, "4.2")]),  # 4.2: "Firer Moved -1"
])
def test_each_firepower_modifier_names_its_value_and_the_section_it_comes_from(y, moved, mods):
    g = game(step="Infantry vs infantry")
    put(g, "dcli_a", 36, y, moved=moved)  # the panzergrenadiers stand at (36, 32)
    p = F.plan(g, "dcli_a", "pzgren", order="Infantry vs infantry")
    assert [(m.name, m.value, m.source.split()[:2]) for m in p.mods] == [(n, v, ["rules", s]) for n, v, s in mods]


# The house terrain mapping (the text gives 1.4's TPD classes and 2's code reductions but lists no
# terrain), typed again from facts/eagles.py's published rows: the TPD a unit standing in it earns,
# whether it blocks sight, and the codes a move across it loses. Walls, hedges and bocage are lines:
# a unit stands beside them, never in them, so their cover is not a TPD (None here).
TERRAIN_HOUSE = {
    "woods": ("CC", True, 1), "buildings": ("CC", True, 1), "hill": ("BB", True, 0), "road": ("BB", False, 0),
    "stream": ("BB", False, 1), "river": ("BB", False, 1), "rough": ("CC", False, 1), "swamp": ("CC", False, 2),
    "mud": ("BB", False, 2), "snow": ("BB", False, 1), "fields": ("BB", False, 0), "orchard": ("CC", False, 1),
    "low_wall": (None, False, 1), "hedge": (None, True, 1), "bocage": (None, True, 2), "barbed_wire": ("BB", False, 2),
    "minefield": ("BB", False, 0), "foxholes": ("DD", False, 0), "trenches": ("DD", False, 0),
    "bunker": ("DD", True, 2), "smoke": ("BB", True, 0),
}


@pytest.mark.parametrize("kind", list(TERRAIN_HOUSE))
def test_every_row_of_the_house_terrain_mapping_is_the_cover_sight_and_movement_the_rules_use(kind):
    cover, blocks, codes_lost = TERRAIN_HOUSE[kind]

    def patch(doc):
        unit(doc, "churchills")["rules"].update(move_code="D")  # 2.1: D 10", C 8", B 6"
        drawn = {"line": [[60, 3], [60, 7]]} if cover is None else {"rectangle": {"center": [60, 5], "size": [2, 2]}}
        doc["terrain"].append({"id": "patch", "type": kind, **drawn, **({"height": 1} if kind == "hill" else {})})

    g = game(edit=patch)
    put(g, "churchills", 60, 5)
    assert L.terrain_tpd(g, "churchills") == (cover or "BB")  # on a line: the open ground's BB
    put(g, "churchills", 56, 5)
    put(g, "dcli_a", 64, 5)
    assert L.sees(g, "churchills", "dcli_a") is not blocks
    assert MV.allowance(g, "churchills", (62, 5))[0] == {0: 10, 1: 8, 2: 6}[codes_lost]


# 5.31, typed again from the text: suicide squads only among "R, RF and SMG" units of the Russian
# Guards in 1941-42, the Waffen SS in 1945 and the Japanese from 1931 to 1945
SUICIDE_TEXT = [
    ("ussr", "guards", 1940, False), ("ussr", "guards", 1941, True), ("ussr", "guards", 1942, True),
    ("ussr", "guards", 1943, False), ("ussr", "rifles", 1941, False),
    ("germany", "waffen_ss", 1944, False), ("germany", "waffen_ss", 1945, True), ("germany", "waffen_ss", 1946, False),
    ("germany", "heer", 1945, False),
    ("japan", "guards", 1930, False), ("japan", "guards", 1931, True), ("japan", "rifles", 1945, True),
    ("japan", "rifles", 1946, False),
]


@pytest.mark.parametrize("nation, formation, year, allowed", SUICIDE_TEXT)
@pytest.mark.parametrize("unit_type", ["R", "RF", "SMG", "MG"])
def test_every_formation_and_year_5_31_allows_suicide_squads_in(nation, formation, year, allowed, unit_type):
    def squad(d):
        next(s for s in d["sides"] if any(u["id"] == "pzgren" for u in s["units"]))["nationality"] = nation
        unit(d, "pzgren")["rules"].update(unit_type=unit_type, formation=formation, year=year)

    assert C.suicide_ok(game(edit=squad), "pzgren") is (allowed and unit_type != "MG")


@pytest.mark.parametrize("gap_in, close", [(5.0, True), (5.005, False)])
def test_close_combat_is_within_500_yards_of_an_enemy(gap_in, close):
    """House (docs/rules/eagles.md): 'close combat situations' are within 500 yd of an enemy; 1" is 100 yd."""
    g = game()
    put(g, "dcli_a", 40, 30)
    put(g, "pzgren", 40, 30 + gap_in)
    assert MV.in_close_combat(g, "dcli_a") is close


@pytest.mark.parametrize("face, on_cd", [(4, 1), (5, 0)])
def test_a_day_drop_lands_on_the_4_inch_cd_within_2_inches_of_its_centre(face, on_cd):
    """1.8: a 4" CD landing zone; the house day scatter is the d6's face x 0.5"."""
    g = game()
    with g.table_dice([face, 1]):
        e = AIR.resolve_drop(g, ["dcli_a"], (30, 20))
    assert e.text.endswith(f"({on_cd} of 1 on the CD)")
