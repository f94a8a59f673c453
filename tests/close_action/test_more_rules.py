"""Close Action: isolated figures, charges, breaking off, forced retreats, damage to weapons, blind fire."""

import pytest

from tests.close_action.helpers import fig, game, to_step
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.close_action import blast as B
from wgkit.rules.close_action import fire as F
from wgkit.rules.close_action import morale as Mo
from wgkit.rules.close_action import movement as Mv
from wgkit.scenario import dumps, loads


def test_isolated_figures_test_alone_with_minus_two():
    g = game(fig("x", 2, 2), fig("t", 30, 40) + "\n" + fig("u", 31, 40) + "\n" + fig("lone", 45, 10))
    situation_of(g).shot_at("b", dice=8)
    assert Mo.isolated(g, "b") == ["lone"]
    e = Mo.resolve_morale(g, "b")
    assert e.detail["isolated"] == ["lone"] and len(e.rolls) == 4  # 2d6 for the unit, 2d6 for the loner
    lone_total = e.rolls[2].faces[0] + e.rolls[3].faces[0] - 2
    assert g.piece("lone")["status"]["morale"] == Mo.result(lone_total, Mo.band(8))


def test_a_charging_man_is_upright_and_claims_no_cover_against_defensive_fire():
    g = game(fig("x", 36, 24), fig("t", 36, 38, facing=180))
    to_step(g, "Move")
    Mv.resolve_move(g, "x", (32.8, 28), charge=True)  # into the edge of the house: hard cover, were he not charging
    assert g.piece("x")["status"]["stance"] == "upright"
    to_step(g, "Defensive fire")
    p = F.plan_fire(g, "b", "a")
    assert [m.name for m in p.modifiers] == ["upright in the open"]


def test_breaking_off_after_a_tie():
    g = game(fig("x", 10, 10), fig("t", 10.5, 10))
    to_step(g, "Move")
    with pytest.raises(IllegalActionError, match="only break off after a tied round"):
        Mv.resolve_move(g, "x", (10, 7), break_off=True)
    situation_of(g).may_break_off("x")
    Mv.resolve_move(g, "x", (10, 7), break_off=True)
    with pytest.raises(IllegalActionError, match="may not move closer to the enemy"):
        Mv.plan_move(g, "x", (10, 8))
    with pytest.raises(IllegalActionError, match="broke off"):
        F.plan_fire(g, "a", "b")


def test_cowering_unit_retreats_to_better_cover_within_a_move():
    g = game(fig("x", 10, 20), fig("t", 10, 44, facing=180))  # the wood is 27-33 in y: 7" away, within a move
    situation_of(g).morale("a", "cowering")
    e = Mv.resolve_retreat(g, "a")
    x, y = g.piece("x")["position"]
    assert 7 <= x <= 13 and 27 <= y <= 33 and "retreats" in e.text


def test_routed_unit_runs_abandons_its_mg_and_then_cowers():
    g = game(fig("mg", 45, 5, "lmg"), fig("t", 45, 15, facing=180))
    situation_of(g).morale("a", "rout")
    Mv.resolve_retreat(g, "a")
    assert g.piece("mg")["position"] == [45, 0]  # no hard cover within 12": straight away, off the near edge
    assert g.piece("mg")["status"]["weapons_lost"] == ["lmg"] and g.state["units"]["a"]["status"]["morale"] == "cowering"


def test_weapon_need_as_a_crawling_target():
    g = game(fig("x", 30, 20, "rifle, grenade"), fig("mg", 30, 28, "lmg") + "\n" + fig("t", 40, 40))
    assert F.weapon_need(g, "a", "mg", 5) == 8  # close 5, crawling -1, hard cover (the house) -2


def test_hmg_may_aim_one_die_at_a_weapon():
    g = game(fig("h", 40, 10, "hmg"), fig("t", 40, 20, facing=180) + "\n" + fig("mg", 41, 20, "lmg", facing=180))
    to_step(g, "Fire")
    plan = F.plan_fire(g, "a", "b")
    less, need = F.aim_at_weapon(g, plan, "mg")
    assert plan.dice == 8 and less.dice == 7 and need == 6  # close 5, crawling -1
    with g.table_dice([1] * 7 + [5]):  # seven misses at the men; the weapon's die needs a 6
        e = F.resolve_fire(g, "a", "b", weapon_target="mg")
    assert e.text == "a fires 8 dice at b: 0 hits" and e.rolls[-1].purpose == "HMG die at mg's weapon (6+)"
    assert g.state["units"]["b"]["status"]["fire_dice"] == 8  # all eight dice count for morale
    g.undo()
    with g.table_dice([1] * 7 + [6]):
        e = F.resolve_fire(g, "a", "b", weapon_target="mg")
    assert e.text == "a fires 8 dice at b: 0 hits; mg's weapon wrecked"
    assert g.piece("mg")["status"]["weapons_lost"] == ["lmg"]
    rifles = game(fig("r", 40, 10), fig("t", 40, 20, facing=180) + "\n" + fig("mg", 41, 20, "lmg", facing=180))
    with pytest.raises(IllegalActionError, match="only HMG fire"):
        F.aim_at_weapon(rifles, F.plan_fire(rifles, "a", "b"), "mg")


def test_routing_man_reaches_hard_cover_when_it_is_within_a_move():
    g = game(fig("mg", 40, 20, "lmg"), fig("t", 40, 30, facing=180))
    situation_of(g).morale("a", "rout")
    Mv.resolve_retreat(g, "a")
    x, y = g.piece("mg")["position"]
    assert 27 <= x <= 33 and 27 <= y <= 33  # the house


def test_blind_fire_needs_a_referee():
    g = game(fig("x", 30, 22), fig("t", 30, 38, facing=180))  # the house is between them
    with pytest.raises(IllegalActionError, match="blind fire needs a referee"):
        F.plan_fire(g, "a", "b", blind=True)
    refereed = loads(dumps(g.scenario).replace("ruleset: close_action", "ruleset: close_action\nrules: {referee: true}"))
    from wgkit.engine import Game
    from wgkit.rules.close_action.flow import SEQUENCE

    g2 = Game(refereed, flow=SEQUENCE)
    p = F.plan_fire(g2, "a", "b", blind=True)
    assert p.pools and "blind fire allowed by the referee" in p.notes[-1]


@pytest.mark.parametrize("distance, need", [(48, 6), (48.1, 7)])
def test_the_hmg_die_at_a_weapon_is_close_up_to_48_inches(distance, need):
    """Firing: Damage to Weapons: the HMG die rolls as at a crawling figure, close (5-6) up to the
    HMG's 48" close range and far (6) beyond it, -1 for crawling: 6+ at 48", 7+ at 48.1"."""
    x, y = 2 + 0.6 * distance, 2 + 0.8 * distance  # straight along a 3-4-5 line over open ground
    g = game(fig("h", 2, 2, "hmg", facing=37), fig("mg", x, y, "lmg", facing=180) + "\n" + fig("t", x + 1, y, facing=180))
    to_step(g, "Fire")
    less, got = F.aim_at_weapon(g, F.plan_fire(g, "a", "b"), "mg")
    assert got == need and less.dice == 7 and less.notes[-1] == "one HMG die aimed at mg's weapon"


def _houses(*centres):
    return "terrain:\n" + "\n".join(f"  - {{id: t{i}, type: {kind}, rectangle: {{center: [{x}, {y}], size: [6, 6]}}}}"
                                    for i, (kind, x, y) in enumerate(centres))


@pytest.mark.parametrize("x, reaches", [(15.3, True), (15.2, False)])
def test_a_routed_man_reaches_hard_cover_up_to_a_full_move_away(x, reaches):
    """Morale States, rout: he runs to hard cover within his 12" move, else straight away from the
    enemy. The house's edge is x 27; he stops 0.3" inside it, at x 27.3: 12" from x 15.3, 12.1"
    from 15.2. A wood listed first is soft cover and is passed over."""
    g = game(fig("a1", x, 30), fig("b1", x, 45), terrain=_houses(("woods", 10, 10), ("buildings", 30, 30)))
    situation_of(g).morale("a", "rout")
    Mv.resolve_retreat(g, "a")
    assert g.piece("a1")["position"] == ([27.3, 30.0] if reaches else [x, 18.0])  # or 12" south, away from b1


def test_of_two_refuges_equally_near_the_first_listed_is_taken():
    """Two houses each 7.3" from a cowering man (their inner edges at x 12.7 and 27.3): the tie goes
    to the one the scenario lists first, so a replay always agrees."""
    g = game(fig("a1", 20, 30), fig("b1", 20, 45), terrain=_houses(("buildings", 10, 30), ("buildings", 30, 30)))
    situation_of(g).morale("a", "cowering")
    assert Mv.refuge(g, "a1", 2, 12.0) == (12.7, 30.0)


@pytest.mark.parametrize("x, alone", [(16.0, []), (16.1, ["a1", "a2"])])
def test_a_figure_is_isolated_only_more_than_6_inches_from_the_rest(x, alone):
    """Isolated figures (house: more than 6" from every other figure of the unit): two men exactly
    6" apart are together; 6.1" apart, each is alone."""
    g = game(fig("a1", 10, 10) + "\n" + fig("a2", x, 10), fig("b1", 40, 45))
    assert Mo.isolated(g, "a") == alone


@pytest.mark.parametrize("inside, counts", [(1, False), (2, True)])
def test_half_or_more_in_hard_cover_counts_for_morale(inside, counts):
    """Morale Table: +2 "half or more in hard cover": one man of three in the house is not half;
    two of three are."""
    figs = [fig("a1", 30, 30), fig("a2", 29, 31 if inside == 2 else 10), fig("a3", 5, 10)]
    g = game("\n".join(figs), fig("b1", 40, 45))
    names = [m.name for m in Mo.morale_modifiers(g, "a")]
    assert ("half or more in hard cover" in names) is counts


@pytest.mark.parametrize("y, near", [(33.0, True), (33.1, False)])
def test_an_officer_within_3_inches_counts_at_exactly_3(y, near):
    """Morale: Rally and the Morale Table: an officer "within 3"" of the unit: 3" is within."""
    from wgkit.rules.close_action import lookup as S

    g = game(fig("x", 10, 10), fig("b1", 30, 30) + "\n" + fig("o", 30, y, role="officer"))
    assert S.officer_near(g, "b") == ("o" if near else None)


@pytest.mark.parametrize("x, touching", [(11.0, True), (11.1, False)])
def test_base_contact_is_figure_centres_up_to_an_inch_apart(x, touching):
    """Hand-to-Hand (house: base contact is centres within 1", two 20-25 mm bases)."""
    from wgkit.rules.close_action import melee as H

    g = game(fig("a1", 10, 20), fig("b1", x, 20))
    assert bool(H.groups(g)) is touching


def test_morale_modifiers_of_a_fresh_unit_an_isolated_man_and_mortar_fire():
    """Morale Table: a steady unit never fired at has no modifier; an isolated figure tests with
    -2; a unit under mortar fire alone takes the -2 for "mortar or HMG fire"."""
    g = game(fig("a1", 10, 10) + "\n" + fig("a2", 40, 10), fig("b1", 40, 45))
    assert Mo.morale_modifiers(g, "a") == []
    assert [(m.name, m.value) for m in Mo.morale_modifiers(g, "a", isolated=True)] == [("isolated figure", -2)]
    situation_of(g).unit_status("a", mortar_fire=True)
    assert [(m.name, m.value) for m in Mo.morale_modifiers(g, "a")] == [("under mortar or HMG fire", -2)]


def test_a_wrecked_grenade_cannot_be_thrown():
    """Damage to Weapons: a wrecked weapon is lost to its carrier."""
    g = game(fig("x", 20, 10, "rifle, grenade"), fig("t", 20, 14))
    to_step(g, "Fire")
    situation_of(g).piece_status("x", "x's grenades lost", weapons_lost=["grenade"])
    with pytest.raises(IllegalActionError, match="^x has no grenade$"):
        B.check_blast(g, "grenade", "x", (20, 14))


def test_blind_fire_from_the_menu_is_rolled_and_replayed_as_blind():
    """Firing: Eligible Targets (referee's option): fire into a suspected position behind the house
    is resolved as blind fire and recorded so, so a replay fires blind again."""
    from tests.close_action.test_actions import menu

    g = game(fig("x", 30, 22), fig("t", 30, 38, facing=180), rules="{referee: true}")
    to_step(g, "Fire")
    fire = menu(g)["fire"]
    with g.table_dice([1, 1]):
        e = fire.resolve(g, {"unit": "a", "target": "b", "aim": "all", "weapon": "none", "blind": "yes"})
    assert (e.kind, e.action["params"]["blind"]) == ("fire", True)
    assert e.detail["notes"][-1] == "blind fire allowed by the referee (Firing: Eligible Targets)"
    g.undo()
    with pytest.raises(IllegalActionError, match="^no figure of a can fire at b: x cannot see a target figure within its arc$"):
        fire.resolve(g, {"unit": "a", "target": "b", "aim": "all", "weapon": "none", "blind": "no"})


def test_breaking_off_from_the_move_form():
    """Hand-to-Hand: Breaking Off: after a tie the form's "break off" moves the man away; an
    ordinary move is no break-off, and a break-off without a tie is refused."""
    from tests.close_action.test_actions import menu

    g = game(fig("x", 10, 10), fig("t", 10.5, 10))
    to_step(g, "Move")
    move = menu(g)["move"]
    with pytest.raises(IllegalActionError, match="^x may only break off after a tied round of hand to hand$"):
        move.resolve(g, {"figure": "x", "point": (10, 7), "how": "break off"})
    situation_of(g).may_break_off("x")
    move.resolve(g, {"figure": "x", "point": (10, 7), "how": "break off"})
    assert g.piece("x")["status"]["broke_off"] is True
