"""Company Fire: Close Assault — eligibility, every modifier, results, ties, retreat, occupying,
and opportunity fire against the assault."""

from fractions import Fraction

import pytest

from tests.company_fire.helpers import game, put, remove, set_card
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.company_fire import assault as C
from wgkit.rules.company_fire import lookup as L


def mods(ms):
    return sorted((m.name, m.value) for m in ms)


def setup():
    g = game()
    remove(g, "mg42")
    put(g, "sq1", (4, 4))
    put(g, "sq2", (4, 4))
    put(g, "plt_ldr", (4, 4))
    return g


def test_modifiers_and_odds_for_two_squads_with_their_leader_against_one():
    g = setup()
    defenders, att, dfn = C.plan(g, ["sq1", "sq2"], (5, 4))
    assert defenders == ["gruppe"]
    assert mods(att) == [("extra good-order unit", 1), ("platoon leader in the square", 1)] and dfn == []
    odds = C.assault_odds(2, 0)
    assert odds.where(lambda d: d > 0) == Fraction(26, 36)  # 1d6+2 beats 1d6
    assert odds.p(0) == Fraction(4, 36) and odds.where(lambda d: d < 0) == Fraction(6, 36)
    # in words, from the defender's best to the attacker's: d6 + 2 - d6 runs from -3 to 7
    said = [label for _, label, _ in odds.outcomes()]
    assert said[0] == "defender wins by 3" and "tie: one hit for one" in said and said[-1] == "attacker wins by 7"


def test_every_defender_modifier():
    g = setup()
    put(g, "mg42", (5, 4), order="pinned")
    _, _, dfn = C.plan(g, ["sq1"], (5, 4))
    assert mods(dfn) == [("MG in defence", 1), ("pinned defender", -1)]
    put(g, "gruppe", (5, 4), order="suppressed")
    put(g, "mg42", (5, 4), order="good order")
    _, _, dfn = C.plan(g, ["sq1"], (5, 4))
    assert mods(dfn) == [("MG in defence", 1), ("suppressed defender", -2)]
    put(g, "gruppe", (5, 5))
    _, _, dfn = C.plan(g, ["sq1"], (5, 4))
    assert mods(dfn) == [("MG in defence", 1), ("only weapon teams", -1)]


def test_smg_squads_tanks_and_anti_tank_weapons():
    g = setup()
    put(g, "gruppe2", (5, 4))
    put(g, "sherman", (4, 4))
    situation_of(g).face("sherman_model", 90.0)
    remove(g, "sq2")
    _, att, dfn = C.plan(g, ["sq1", "sherman"], (5, 4))
    assert mods(att) == [("extra good-order unit", 1), ("friendly tank", 3), ("platoon leader in the square", 1),
                         ("vehicle MG (attacker)", 1)]
    assert mods(dfn) == [("SMG squad present", 2), ("anti-tank weapons against a vehicle", 2),
                         ("extra good-order unit", 1)]


def test_who_may_assault_and_when():
    g = setup()
    set_card(g, "fire")
    with pytest.raises(IllegalActionError, match="move or face cards"):
        C.plan(g, ["sq1"], (5, 4))
    set_card(g, "move")
    put(g, "mg", (4, 4))
    with pytest.raises(IllegalActionError, match="weapon crew"):
        C.plan(g, ["mg"], (5, 4))
    with pytest.raises(IllegalActionError, match="single figure"):
        C.plan(g, ["plt_ldr"], (5, 4))
    put(g, "sq1", (4, 4), order="pinned")
    with pytest.raises(IllegalActionError, match="pinned and may not close assault"):
        C.plan(g, ["sq1"], (5, 4))
    put(g, "sq2", (3, 4))
    with pytest.raises(IllegalActionError, match="not next to"):
        C.plan(g, ["sq2"], (5, 4))


# Close Assault: two good-order squads with their platoon leader (+1 the extra unit, +1 the leader)
# against Gruppe in good order: difference = attacker's die + 2 - defender's die, as hits on the loser.
# Hit Result: one hit pins, two suppress (and a unit suppressed by close assault retreats a space),
# three destroy; a tie destroys one for one; "if the defender is completely destroyed" the attackers
# may occupy its square.
@pytest.mark.parametrize("a, d, difference, gruppe, attackers_in", [
    (6, 1, 7, "destroyed", (5, 4)),  # destroyed: the attackers move in
    (1, 1, 2, "suppressed", (4, 4)),  # suppressed: Gruppe retreats, its square stays empty
    (1, 2, 1, "pinned", (4, 4)),  # pinned: it holds
    (1, 3, 0, "destroyed", (4, 4)),  # a tie: one for one
    (1, 6, -3, "good order", (4, 4)),  # the attackers lose: three hits on each
])
def test_the_difference_is_hits_on_every_losing_unit_and_the_winner_occupies_only_a_destroyed_defenders_square(
        a, d, difference, gruppe, attackers_in):
    g = setup()
    with g.table_dice([a, d]):
        e = C.resolve(g, ["sq1", "sq2"], (5, 4))
    assert (e.rolls[0].faces, e.rolls[1].faces, e.detail["difference"]) == ((a,), (d,), difference)
    assert L.order(g, "gruppe") == gruppe
    survivors = [u for u in ("sq1", "sq2") if L.order(g, u) != "destroyed"]
    assert all(L.cell(g, u) == attackers_in for u in survivors)
    if gruppe == "suppressed":
        assert L.gridmap(g).grid.distance(L.cell(g, "gruppe"), (5, 4)) == 1 and L.cell(g, "gruppe") != (5, 4)
        assert "the attackers occupy" not in e.text
    if difference == 0:
        assert len(survivors) == 1  # one for one
    if difference < 0:
        assert [L.order(g, u) for u in ("sq1", "sq2")] == ["destroyed", "destroyed"]


def _mods(g, units, attacker, enemy, reinforced=False):
    from wgkit.rules.company_fire import assault as C

    return [(m.name, m.value) for m in C.side_modifiers(g, units, attacker, enemy, reinforced)]


def test_every_close_assault_modifier_line_by_line():
    """Close Assault, each line of the list: leader +1; +1 per good-order unit beyond the first
    (single figures are not units here); +2 a non-suppressed SMG squad; attacker +1 per
    non-suppressed vehicle MG facing the enemy (45 degrees either side of the bow, house) and -1
    against reinforced cover; defender +1 per non-suppressed MG, -1 pinned, -2 suppressed, -1 only
    weapon teams; +2 anti-tank weapons against a vehicle; +3 a friendly tank, +2 another AFV."""
    from tests.company_fire.helpers import game, put
    from wgkit.rules import situation_of

    g = game(step="Close assault", card="move")
    put(g, "sq1", (4, 4))
    put(g, "sq2", (4, 4))
    put(g, "plt_ldr", (4, 4))
    assert _mods(g, ["sq1", "sq2"], True, ["gruppe"], True) == [
        ("platoon leader in the square", 1), ("extra good-order unit", 1), ("reinforced cover", -1)]
    assert _mods(g, ["sq1", "plt_ldr"], True, ["gruppe"]) == [("platoon leader in the square", 1)]
    g = game(step="Close assault", card="move")
    put(g, "gruppe2", (4, 4))
    put(g, "sq1", (3, 4))
    assert _mods(g, ["gruppe2"], True, ["sq1"]) == [("SMG squad present", 2)]
    put(g, "gruppe2", (4, 4), order="suppressed")
    assert _mods(g, ["gruppe2"], True, ["sq1"]) == []
    g = game(step="Close assault", card="move")
    put(g, "sq1", (4, 4))
    put(g, "sherman", (4, 4))
    for facing, counted in ((90, True), (45, True), (0, False)):  # the gruppe lies due east (90)
        situation_of(g).face("sherman", facing)
        assert _mods(g, ["sq1"], True, ["gruppe"]) == ([("vehicle MG (attacker)", 1)] if counted else []), facing
    situation_of(g).face("sherman", 90)
    put(g, "sherman", (4, 4), order="suppressed")
    assert _mods(g, ["sq1"], True, ["gruppe"]) == []
    g = game(step="Close assault", card="move")
    put(g, "mg42", (5, 4))
    put(g, "sq1", (4, 4))
    assert _mods(g, ["gruppe", "mg42"], False, ["sq1"]) == [("extra good-order unit", 1), ("MG in defence", 1)]
    put(g, "gruppe", (5, 4), order="pinned")
    assert _mods(g, ["gruppe", "mg42"], False, ["sq1"]) == [("MG in defence", 1), ("pinned defender", -1)]
    put(g, "gruppe", (5, 4), order="good order")
    put(g, "mg42", (5, 4), order="suppressed")
    assert _mods(g, ["gruppe", "mg42"], False, ["sq1"]) == [("suppressed defender", -2)]
    put(g, "mg42", (5, 4), order="good order")
    assert _mods(g, ["mg42"], False, ["sq1"]) == [("MG in defence", 1), ("only weapon teams", -1)]
    g = game(step="Close assault", card="move")
    put(g, "zook", (6, 5))
    put(g, "sq1", (6, 5))
    assert _mods(g, ["zook", "sq1"], True, ["stug"]) == [("extra good-order unit", 1),
                                                         ("anti-tank weapons against a vehicle", 2)]
    assert _mods(g, ["sq1"], True, ["stug"]) == []
    assert _mods(g, ["stug"], False, ["sq1"]) == [("friendly AFV", 2)]
    put(g, "sherman", (6, 5))
    assert _mods(g, ["sq1", "sherman"], True, ["stug"]) == [("extra good-order unit", 1), ("friendly tank", 3)]


def _assault(dice, *, attackers=("sq1",), setup=lambda g: None, **kw):
    from tests.company_fire.helpers import game, put
    from wgkit.rules.company_fire import assault as C

    g = game(step="Close assault", card="move")
    put(g, "sq1", (4, 4))
    setup(g)
    with g.table_dice(dice):
        e = C.resolve(g, list(attackers), (5, 4), **kw)
    return g, e


def test_a_tie_destroys_one_unit_of_each_side():
    """Close Assault: equal totals (3 against 3, no modifiers) destroy units one for one."""
    from tests.conftest import dotted

    _, e = _assault([3, 3])
    assert e.text == ("sq1 assault (5, 4) from (4, 4): tie by 0; sq1: 3 hits -> destroyed (tie: one for one); "
                      "gruppe: 3 hits -> destroyed (tie: one for one)")
    assert (e.detail["outcome"], e.detail["difference"]) == ("tie", 0)
    assert dotted(e)[1:] == (("units.sq1.status.assaulted", True), ("units.sq1.status.moved", True),
                             ("units.sq1.status.order", "destroyed"), ("pieces.sq1_base.alive", False),
                             ("units.gruppe.status.order", "destroyed"), ("pieces.weber_base.alive", False))


def test_the_defender_winning_by_one_pins_the_attacker_who_stays_put():
    from tests.conftest import dotted

    _, e = _assault([2, 3])
    assert e.text == "sq1 assault (5, 4) from (4, 4): defender wins by 1; sq1: 1 hit -> pinned (close assault)"
    assert (e.detail["outcome"], e.detail["difference"]) == ("defender wins", -1)
    assert dotted(e)[1:] == (("units.sq1.status.assaulted", True), ("units.sq1.status.moved", True),
                             ("units.sq1.status.order", "pinned"))


def test_a_win_by_two_suppresses_the_defender_who_retreats_and_the_square_is_not_taken():
    """Two hits suppress; a suppressed loser retreats a square. The attackers may occupy the square
    only "if the defender is completely destroyed": a retreat is not that, so they stay where they
    are, and the single figure left in the square is not lost with it."""
    from tests.company_fire.helpers import put
    from wgkit.rules.company_fire import lookup as L

    g, e = _assault([5, 3], setup=lambda g: put(g, "sniper", (5, 4)))
    assert e.detail["outcome"] == "attacker wins" and e.detail["difference"] == 2
    assert L.order(g, "gruppe") == "suppressed" and L.cell(g, "gruppe") != (5, 4)
    assert L.gridmap(g).grid.distance(L.cell(g, "gruppe"), (4, 4)) >= 1
    assert L.cell(g, "sq1") != (5, 4) and L.order(g, "sniper") == "good order"
    assert "occupy" not in e.text


def test_the_defenders_op_fire_stops_the_units_it_hits():
    """The defender may op fire at the assaulting square first (3d6 at each unit); a unit it pins
    drops out of the assault; if it stops them all, there is no assault."""
    from tests.company_fire.helpers import put

    g, e = _assault([5, 1, 1, 2, 3, 4, 4, 2], attackers=("sq1", "sq2"), setup=lambda g: put(g, "sq2", (4, 4)),
                    opfire_by="gruppe")
    assert [x.kind for x in g.log[-3:]] == ["op fire declared", "fire", "close assault"]
    assert g.log[-2].text == "op fire: gruppe fires 3d6 at (4, 4): sq1: 1 hit -> pinned; sq2: 0 hits -> good order"
    assert e.text.startswith("sq2 assault (5, 4) from (4, 4): attacker wins by 2")  # 4 against 2, sq1 out
    g, e = _assault([5, 1, 1, 6, 1, 1], attackers=("sq1", "sq2"), setup=lambda g: put(g, "sq2", (4, 4)),
                    opfire_by="gruppe")
    assert e.kind == "fire" and g.log[-1] is e and "close assault" not in [x.kind for x in g.log]
    import pytest

    from wgkit.engine import IllegalActionError

    with pytest.raises(IllegalActionError, match="mg42 is not defending"):
        _assault([], opfire_by="mg42")


@pytest.mark.parametrize("orders, faces, lost", [
    # a suppressed defender costs the defence 2: 2 against 4 - 2 is a tie; the suppressed one goes first
    ({"gruppe": "good order", "gruppe2": "suppressed"}, [2, 4], "gruppe2"),
    # the SMG squad +2, a pinned defender -1: 5 against 4 + 1; then a pinned one
    ({"gruppe": "pinned", "gruppe2": "good order"}, [5, 4], "gruppe"),
    # pinned -1 and suppressed -2: 1 against 4 - 3; the suppressed one goes before the pinned one
    ({"gruppe": "pinned", "gruppe2": "suppressed"}, [1, 4], "gruppe2"),
])
def test_a_tie_destroys_the_weakest_defender_for_each_attacker(orders, faces, lost):
    # Close Assault: a tie destroys units one for one, here one squad each; a single figure in the
    # square (the sniper) is never one of them
    from tests.company_fire.helpers import game, put
    from wgkit.rules.company_fire import assault as C
    from wgkit.rules.company_fire import lookup as L

    g = game(step="Close assault", card="move")
    put(g, "sq1", (5, 3))
    for u, order in orders.items():
        put(g, u, (5, 4), order=order)
    put(g, "sniper", (5, 4))
    with g.table_dice(faces):
        C.resolve(g, ["sq1"], (5, 4))
    assert {u: L.order(g, u) for u in ("sq1", *orders, "sniper")} == {
        "sq1": "destroyed", **{u: "destroyed" if u == lost else o for u, o in orders.items()}, "sniper": "good order"}


@pytest.mark.parametrize("blockers, text", [
    ({}, "gruppe retreats to (4, 4)"),  # away from sq1 at (5, 3): (4, 4), (5, 5) or (6, 4); the first
    ({"sq2": (4, 4)}, "gruppe retreats to (5, 5)"),  # not into an enemy's square
    ({"sq2": (4, 4), "zook": (5, 5), "mg": (6, 4)}, "gruppe cannot retreat and is destroyed"),
])
def test_a_suppressed_loser_retreats_a_square_away_from_the_winner_or_is_destroyed(blockers, text):
    # Close Assault: 5 against 3, the attacker wins by 2: two hits suppress the Gruppe, which must
    # fall back one square further from the winner, into a square it may enter
    from tests.company_fire.helpers import game, put
    from wgkit.rules.company_fire import assault as C

    g = game(step="Close assault", card="move")
    put(g, "sq1", (5, 3))
    for u, cell in blockers.items():
        put(g, u, cell)
    with g.table_dice([5, 3]):
        e = C.resolve(g, ["sq1"], (5, 4))
    taken = "; the attackers occupy (5, 4)" if text.endswith("destroyed") else ""  # only a destroyed defender's square
    assert e.text == ("sq1 assault (5, 4) from (5, 3): attacker wins by 2; gruppe: 2 hits -> suppressed (close assault); "
                      f"{text}{taken}")


def test_an_assault_won_by_a_single_point_is_told_with_both_sides_modifiers():
    # Close Assault: 1d6 each; the second good-order squad +1 to the attackers, a pinned defender
    # -1: 3 + 1 against 4 - 1 wins by one, and one hit leaves the pinned Gruppe pinned, where it stands
    g, e = _assault([3, 4], attackers=("sq1", "sq2"), setup=lambda g: (put(g, "sq2", (4, 4)), put(g, "gruppe", (5, 4), order="pinned")))
    assert (e.detail["rule"], e.detail["outcome"], e.detail["difference"]) == ("Close Assault", "attacker wins", 1)
    assert [(m["name"], m["value"], m["side"]) for m in e.detail["modifiers"]] == [
        ("extra good-order unit", 1, "attacker"), ("pinned defender", -1, "defender")]
    assert [(r.purpose, r.faces) for r in e.rolls] == [("attacker", (3,)), ("defender", (4,))]
    # d6 - d6 + 2: one ahead on 5 of the 36 pairs (the attacker's die one lower than the defender's)
    assert "attacker wins by 1: 13.9%" in e.detail["odds"]
    assert e.text == "sq1+sq2 assault (5, 4) from (4, 4): attacker wins by 1; gruppe: 1 hit -> pinned (close assault)"


@pytest.mark.parametrize("kind", ["hmg", "light_mortar", "at_gun"])
def test_no_weapon_crew_starts_a_close_assault(kind):
    from tests.company_fire.helpers import game, put, unit
    from tests.conftest import refused
    from wgkit.rules.company_fire import assault as C

    g = game(step="Close assault", card="move", edit=lambda d: unit(d, "mg").update(kind=kind))
    put(g, "mg", (4, 4))
    refused(g, "mg is a weapon crew: crews do not start a close assault", C.plan, ["mg"], (5, 4))


@pytest.mark.parametrize("status", [{"assaulted": True}, {"spent": True}])
def test_a_unit_that_has_fought_or_failed_its_rally_does_not_assault_again(status):
    from tests.company_fire.helpers import game, put
    from tests.conftest import refused
    from wgkit.rules.company_fire import assault as C

    g = game(step="Close assault", card="any")
    put(g, "sq1", (4, 4), **status)
    refused(g, "sq1 has already fought or fired this phase", C.plan, ["sq1"], (5, 4))
    g = game(step="Close assault", card="any")
    put(g, "sq1", (4, 4))
    assert C.plan(g, ["sq1"], (5, 4))[0] == ["gruppe"]  # and on a face card it may


@pytest.mark.parametrize("weapons, mods", [
    (["rifle", "piat"], [("anti-tank weapons against a vehicle", 2)]),
    (["rifle", "panzerschreck"], [("anti-tank weapons against a vehicle", 2)]),
    (["rifle", "at_grenades"], [("anti-tank grenades against a vehicle", 1)]),
])
def test_infantry_meets_a_tank_with_its_anti_tank_weapons_or_grenades(weapons, mods):
    # Close Assault (vehicles): +2 with bazooka, panzerschreck, PIAT or panzerfaust, else +1 with AT grenades
    from tests.company_fire.helpers import game, put, unit

    g = game(edit=lambda d: unit(d, "gruppe")["stands"][0].update(weapons=weapons))
    put(g, "sherman", (5, 3))
    assert [(m.name, m.value) for m in C.side_modifiers(g, ["gruppe"], False, ["sherman"])] == mods


def test_anti_tank_grenades_add_to_the_sides_other_modifiers():
    # Close Assault: a pinned Gruppe (-1) with AT grenades (+1) against a tank: both count
    from tests.company_fire.helpers import game, put, unit

    g = game(edit=lambda d: unit(d, "gruppe")["stands"][0].update(weapons=["rifle", "at_grenades"]))
    put(g, "sherman", (5, 3))
    put(g, "gruppe", (5, 4), order="pinned")
    assert mods(C.side_modifiers(g, ["gruppe"], False, ["sherman"])) == [
        ("anti-tank grenades against a vehicle", 1), ("pinned defender", -1)]


def test_a_defending_mg_team_and_a_stug_facing_the_attack_count_every_mg():
    # Close Assault: +1 for each non-suppressed MG in defence, a vehicle's MG facing the attackers
    # among them; each good-order unit beyond the first +1; a friendly AFV +2
    from tests.company_fire.helpers import game, put

    g = game()
    put(g, "mg42", (5, 4))
    put(g, "stug", (5, 4))
    situation_of(g).face("stug", 180)  # towards sq1 in (5, 3)
    put(g, "sq1", (5, 3))
    assert [(m.name, m.value) for m in C.side_modifiers(g, ["mg42", "stug"], False, ["sq1"])] == [
        ("extra good-order unit", 1), ("MG in defence x2", 2), ("friendly AFV", 2)]


def test_an_assault_on_a_bunker_costs_the_attacker_one():
    # Close Assault: attacker only, -1 when the target square gives reinforced cover (a pillbox);
    # the same Gruppe in the open costs nothing
    def pillbox(d):
        d["terrain"].append({"id": "pillbox", "name": "Pillbox", "type": "bunker",
                             "rectangle": {"center": [21, 27], "size": [6, 6]}})  # square (3, 4)

    for edit, att in ((pillbox, [("reinforced cover", -1)]), (None, [])):
        g = game(step="Close assault", card="move", edit=edit)
        put(g, "sq1", (3, 3))
        put(g, "gruppe", (3, 4))
        _, a, d = C.plan(g, ["sq1"], (3, 4))
        assert (mods(a), mods(d)) == (att, [])
