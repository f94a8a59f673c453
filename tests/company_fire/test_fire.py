"""Company Fire firing: individual, group, opportunity and reaction fire, recon by fire, snipers,
light mortars, hit reduction, single figures, sacrificing a leader, the optional methods."""

from fractions import Fraction

import pytest

from tests.company_fire.helpers import faces, game, put, remove, set_card, unit
from wgkit.engine import IllegalActionError
from wgkit.odds import exact
from wgkit.rules import situation_of
from wgkit.rules.company_fire import fire as F
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire import status as S


def test_fire_needs_range_and_line_of_sight():
    g = game(card="fire")
    with pytest.raises(IllegalActionError, match="no line of sight from \\(3, 1\\) to \\(5, 4\\)"):
        F.plan(g, ["mg"], (5, 4))  # the MG behind the central hedgerow
    with pytest.raises(IllegalActionError, match="7 squares away; the range is 6"):
        F.plan(g, ["sq1"], (5, 4))


def test_dice_per_target_unit_less_one_for_cover_and_for_a_move_card():
    g = game(card="fire")
    put(g, "sq2", (5, 3))
    p = F.plan(g, ["sq2"], (5, 4))
    assert (p.dice, p.targets, [m.name for m in p.mods]) == (2, ["gruppe"], ["target in cover"])
    assert p.notes == ["cover: buildings"]
    set_card(g, "move")
    assert F.plan(g, ["sq2"], (5, 4)).dice == 1  # and one less again on a move card
    e = F.resolve(g, ["sq2"], (5, 4))
    hits = sum(f >= 5 for f in faces(e))
    assert L.order(g, "gruppe") == S.after_hits("good order", hits)
    assert e.detail["odds"] == exact(S.hits_roll, 1).describe("hits")


def test_each_unit_in_the_square_gets_its_own_roll_and_single_figures_are_not_targets():
    g = game(card="fire")
    put(g, "mg42", (5, 4))
    put(g, "plt_ldr", (5, 2))  # a US single figure, not a target for the Germans
    put(g, "sq2", (5, 3))
    e = F.resolve(g, ["sq2"], (5, 4))
    assert [r.die for r in e.rolls] == ["d6", "d6"] and [len(r.faces) for r in e.rolls] == [2, 2]
    g2 = game(card="fire", side="de")
    put(g2, "plt_ldr", (6, 2))
    with pytest.raises(IllegalActionError, match="no enemy unit in \\(6, 2\\) that this fire can hit"):
        F.plan(g2, ["mg42"], (6, 2))


def test_group_fire_reproduces_the_texts_example():
    # Group Fire: two rifle squads fire on three squads in cover (the farmhouse square): each gives
    # 3d6 less one for cover, so 4d6, rolled once for each of the three squads
    def third_squad(doc):
        unit(doc, "sniper").update(kind="rifle_squad", name="Gruppe Ott")
    g = game(card="fire", edit=third_squad)
    remove(g, "mg42")
    put(g, "sq1", (4, 3))
    put(g, "sq2", (4, 3))
    for squad in ("gruppe", "gruppe2", "sniper"):
        put(g, squad, (5, 4))
    situation_of(g).hidden("brandt_base", False)
    p = F.plan(g, ["sq1", "sq2"], (5, 4))
    assert p.dice == 4 and p.targets == ["gruppe", "gruppe2", "sniper"] and p.rule == "Group Fire"
    e = F.resolve(g, ["sq1", "sq2"], (5, 4))
    assert [len(r.faces) for r in e.rolls] == [4, 4, 4]
    set_card(g, "fire")
    put(g, "plt_ldr", (4, 3))
    assert F.plan(g, ["sq1", "sq2"], (5, 4)).dice == 5  # +1 die with the platoon leader


def test_group_fire_limits():
    g = game(card="move")
    put(g, "sq1", (4, 3))
    put(g, "sq2", (4, 3))
    with pytest.raises(IllegalActionError, match="fire or face cards only"):
        F.plan(g, ["sq1", "sq2"], (5, 4))
    set_card(g, "fire")
    put(g, "sq1", (4, 3), order="pinned")
    with pytest.raises(IllegalActionError, match="only with a leader"):
        F.plan(g, ["sq1", "sq2"], (5, 4))
    put(g, "sherman", (4, 3), order="good order")
    with pytest.raises(IllegalActionError, match="vehicles may not take part"):
        F.plan(g, ["sq2", "sherman"], (5, 4))
    put(g, "mg", (4, 2))
    with pytest.raises(IllegalActionError, match="same square"):
        F.plan(g, ["sq2", "mg"], (5, 4))


def test_group_range_is_the_shortest_weapon():
    # an SMG squad reaches one square: a rifle squad grouped with it fires no further
    g = game(card="fire", side="de")
    put(g, "gruppe2", (5, 4))
    situation_of(g).hidden("brandt_base", False)
    put(g, "sq2", (4, 5))
    assert F.plan(g, ["gruppe"], (4, 5)).dice == 3  # the rifle squad alone reaches it, in the open
    with pytest.raises(IllegalActionError, match="2 squares away; the range is 1"):
        F.plan(g, ["gruppe", "gruppe2"], (4, 5))


def test_recon_by_fire_at_hidden_units_loses_a_die_and_reveals_on_a_hit():
    g = game(card="fire")
    put(g, "sq1", (1, 3))
    p = F.plan(g, ["sq1"], (1, 4))
    assert [m.name for m in p.mods] == ["target in cover", "recon by fire"] and p.dice == 1
    with g.table_dice([4]):  # a miss: still hidden
        F.resolve(g, ["sq1"], (1, 4))
    assert g.state["pieces"]["brandt_base"]["hidden"] is True
    g = game(card="fire")
    put(g, "sq1", (1, 3))
    with g.table_dice([5]):  # a hit reveals it
        F.resolve(g, ["sq1"], (1, 4))
    assert g.state["pieces"]["brandt_base"]["hidden"] is False
    g = game(card="fire")
    put(g, "sq1", (1, 3))
    put(g, "sq2", (1, 3))  # as a group: 3 + 3 dice, one less each for cover, one less for recon
    p = F.plan(g, ["sq1", "sq2"], (1, 4))
    assert [m.name for m in p.mods] == ["target in cover", "target in cover", "recon by fire"] and p.dice == 3


@pytest.mark.parametrize("dice, order, cell", [([5, 4, 3], "pinned", (3, 2)), ([5, 6, 4], "suppressed", (3, 1))])
def test_opportunity_fire_hits_only_the_mover_pinned_stays_suppressed_goes_back(dice, order, cell):
    # Opportunity Fire: 3d6 at the moving unit alone; pinned, it stays where it was fired on;
    # suppressed, it ends back in the square it came from
    g = game("tutorial_orchard_gate")
    put(g, "able", (3, 2))
    situation_of(g).moving(["able"], (3, 1), (3, 2))
    p = F.plan(g, ["lmg"], (3, 2), "opfire")
    assert p.targets == ["able"] and p.rule == "Opportunity Fire" and p.dice == 3
    with g.table_dice(dice):
        F.resolve(g, ["lmg"], (3, 2), "opfire")
    assert (L.order(g, "able"), L.cell(g, "able"), L.cf(g)["opfire"]) == (order, cell, None)


@pytest.mark.parametrize("dice, jams", [([1, 1, 5], True), ([1, 5, 6], False), ([1, 1, 1], True)])
def test_a_rifle_squad_op_fires_once_an_mg_until_two_ones(dice, jams):
    # Opportunity Fire: a squad once a phase; an MG until its roll shows two or more 1s
    g = game("tutorial_orchard_gate")
    put(g, "able", (3, 2))
    situation_of(g).moving(["able"], (3, 1), (3, 2))
    put(g, "gren", (5, 3))
    F.resolve(g, ["gren"], (3, 2), "opfire")
    assert L.status(g, "gren")["opfire_done"] and not L.may_opfire(g, "gren")
    g = game("tutorial_orchard_gate")
    put(g, "able", (3, 2))
    situation_of(g).moving(["able"], (3, 1), (3, 2))
    with g.table_dice(dice):
        e = F.resolve(g, ["lmg"], (3, 2), "opfire")
    assert L.may_opfire(g, "lmg") is not jams and ("lmg jams: two or more 1s" in e.text) is jams


def test_reaction_fire_by_the_non_phasing_side():
    g = game("tutorial_orchard_gate", step="Reaction fire")
    put(g, "able", (3, 2))
    p = F.plan(g, ["lmg"], (3, 2), "reaction")
    assert p.rule == "Non-Phasing Reaction Fire"
    F.resolve(g, ["lmg"], (3, 2), "reaction")
    with pytest.raises(IllegalActionError, match="already fired this phase"):
        F.plan(g, ["lmg"], (3, 2), "reaction")
    put(g, "gren", (3, 4), order="pinned")
    with pytest.raises(IllegalActionError, match="reaction fire needs good order"):
        F.plan(g, ["gren"], (3, 2), "reaction")


def test_sniper_picks_a_unit_ignores_cover_on_a_single_figure_and_leaves():
    g = game(card="fire", side="de")
    put(g, "plt_ldr", (1, 5))  # in the orchard, but cover does not count against a single figure
    p = F.sniper_plan(g, "sniper", "plt_ldr")
    assert p.dice == 3 and p.mods == [] and p.rule == "Snipers"
    put(g, "sq1", (0, 4))  # a squad in the orchard: one die less
    assert F.sniper_plan(g, "sniper", "sq1").dice == 2
    with g.table_dice([5, 1, 1]):  # one hit (5 or 6): a single figure ignores a pin
        e = F.resolve_sniper(g, "sniper", "plt_ldr")
    assert faces(e) == [5, 1, 1] and L.order(g, "plt_ldr") == "good order"
    assert L.order(g, "sniper") == "removed" and not L.alive(g, "sniper")
    g = game(card="fire", side="de")
    put(g, "plt_ldr", (1, 5))
    with g.table_dice([5, 6, 1]):  # two hits destroy it
        F.resolve_sniper(g, "sniper", "plt_ldr")
    assert L.order(g, "plt_ldr") == "destroyed"


def test_light_mortar_fires_indirectly_through_a_leader_within_one_square():
    g = game(card="fire", edit=lambda d: unit(d, "mg").update(kind="light_mortar"))
    put(g, "mg", (4, 2))
    put(g, "gruppe", (4, 5))
    with pytest.raises(IllegalActionError, match="no line of sight"):
        F.plan(g, ["mg"], (4, 5))  # across the hedge and up the field
    put(g, "plt_ldr", (4, 4))  # next to the target, but two squares from the mortar: too far to spot for it
    with pytest.raises(IllegalActionError, match="no line of sight"):
        F.plan(g, ["mg"], (4, 5))
    put(g, "plt_ldr", (4, 3))  # the leader beside the mortar sees up the field
    p = F.plan(g, ["mg"], (4, 5))
    assert p.notes[0] == "indirect fire spotted by plt_ldr" and p.dice == 3


def test_hit_reduction_by_retreat_out_of_other_enemies_sight():
    g = game(card="fire")
    put(g, "sq2", (4, 3))
    n = F.plan(g, ["sq2"], (5, 4)).dice
    with g.table_dice([6] + [1] * (n - 1)):  # one 6: one hit on the gruppe
        e = F.resolve(g, ["sq2"], (5, 4))
    hits = L.cf(g)["last_fire"]["hits"]["gruppe"][1]
    assert hits == 1
    with pytest.raises(IllegalActionError, match="not one square away from the firer"):
        F.resolve_reduce(g, "gruppe", (4, 4))
    put(g, "zook", (6, 4))
    with pytest.raises(IllegalActionError, match="cannot retreat into"):
        F.resolve_reduce(g, "gruppe", (6, 4))  # held by the enemy
    put(g, "zook", (7, 4))
    with pytest.raises(IllegalActionError, match="line of sight of another enemy unit"):
        F.resolve_reduce(g, "gruppe", (6, 4))  # the bazooka team next door would see it
    put(g, "zook", (5, 0))
    r = F.resolve_reduce(g, "gruppe", (5, 5))
    assert L.cell(g, "gruppe") == (5, 5) and L.order(g, "gruppe") == S.after_hits("good order", hits - 1)
    assert "become" in r.text and e.kind == "fire"


def test_single_figures_die_with_their_units_and_a_leader_may_be_sacrificed():
    from wgkit.rules.company_fire.effects import Effects

    g = game()
    put(g, "plt_ldr", (2, 0))
    fx = Effects(g)
    fx.hit("sq1", 3)
    g.record("attack", fx.finish())
    assert L.order(g, "plt_ldr") == "destroyed"  # lost with the only unit in its square
    e = F.resolve_sacrifice(g, "plt_ldr", "sq1")
    assert L.order(g, "sq1") == "suppressed" and L.order(g, "plt_ldr") == "destroyed" and "saving sq1" in e.text
    with pytest.raises(IllegalActionError, match="was not destroyed by the last action"):
        F.resolve_sacrifice(g, "plt_ldr", "sq2")


def test_scout_reveals_hidden_units_in_sight_then_leaves():
    g = game(edit=lambda d: unit(d, "fo").update(kind="scout", rules={}))
    put(g, "fo", (1, 3))  # in the orchard next to the hidden squad
    e = F.resolve_scout(g, "fo")
    assert e.detail["outcome"] == ["brandt_base"] and not g.state["pieces"]["brandt_base"]["hidden"]
    assert L.order(g, "fo") == "removed"


def test_optional_methods_faster_and_longer_play():
    def one(method):
        return lambda chance: tuple(sorted(S.attack_rolls(chance, 2, ["a", "b"], method,
                                                          {"a": "pinned", "b": "good order"}).items()))

    standard = exact(one("standard"))
    assert standard.p((("a", 0), ("b", 0))) == Fraction(4, 9) ** 2  # two separate 2d6 rolls
    faster = exact(one("faster"))
    assert faster.p((("a", 0), ("b", 0))) == Fraction(4, 9) and faster.p((("a", 1), ("b", 0))) == 0
    longer = exact(one("longer"))
    assert longer.p((("a", 0), ("b", 1))) == Fraction(4, 9)  # one hit goes to the least worn (b)
    assert longer.p((("a", 1), ("b", 1))) == Fraction(1, 9)
    # faster: one roll's hits land on every unit; exactly one 5-6 on 2d6 is 2 * 1/3 * 2/3 = 4/9
    assert faster.p((("a", 1), ("b", 1))) == Fraction(4, 9) and faster.p((("a", 2), ("b", 2))) == Fraction(1, 9)
    # no method named: the standard one, a roll for each unit
    assert exact(lambda chance: tuple(sorted(S.attack_rolls(chance, 2, ["a", "b"]).items()))) == standard
    # longer with no orders given: both in good order, the odd hit to the first named
    plain = exact(lambda chance: tuple(sorted(S.attack_rolls(chance, 2, ["a", "b"], "longer").items())))
    assert plain.p((("a", 1), ("b", 0))) == Fraction(4, 9) and plain.p((("a", 0), ("b", 1))) == 0


def test_fire_uses_the_scenarios_resolution_method():
    g = game(card="fire", edit=lambda d: d["rules"].update(resolution="faster"))
    put(g, "mg42", (5, 4))
    put(g, "sq2", (5, 3))
    e = F.resolve(g, ["sq2"], (5, 4))
    assert len(e.rolls) == 1 and L.order(g, "gruppe") == L.order(g, "mg42")


def test_every_small_arms_refusal_says_why():
    """Firing, Group Fire, Opportunity Fire, Non-Phasing Reaction Fire: who may not fire, and the
    umpire is told the rule that stops it."""
    import pytest

    from tests.company_fire.helpers import game, put
    from wgkit.engine import IllegalActionError
    from wgkit.rules import situation_of
    from wgkit.rules.company_fire import fire as F

    def refused(g, firers, target, why, mode="fire"):
        with pytest.raises(IllegalActionError, match=f"^{why}$"):
            F.plan(g, firers, target, mode)

    g = game(card="fire")
    refused(g, [], (5, 4), "choose the firing unit")
    put(g, "sq1", (4, 3))
    refused(g, ["sq1", "sq2"], (5, 4), "group fire needs units that begin the phase in the same square")
    put(g, "plt_ldr", (4, 3))
    refused(g, ["plt_ldr"], (5, 4), "plt_ldr is a single figure: only snipers among them fire")
    put(g, "sq2", (4, 3), order="suppressed")
    refused(g, ["sq2"], (5, 4), "sq2 is suppressed and may not fire")
    put(g, "sq2", (4, 3), order="good order", moved=True)
    refused(g, ["sq2"], (5, 4), r"sq2 has already acted on this card")
    g = game(card="move")
    put(g, "sq1", (4, 3))
    put(g, "sq2", (4, 3))
    refused(g, ["sq1", "sq2"], (5, 4), "group fire is made on fire or face cards only")
    g = game(card="fire")
    put(g, "sq1", (4, 3))
    put(g, "sherman", (4, 3))
    refused(g, ["sq1", "sherman"], (5, 4), "vehicles may not take part in group fire")
    g = game(card="fire")
    put(g, "sq1", (4, 3), order="pinned")
    put(g, "sq2", (4, 3))
    refused(g, ["sq1", "sq2"], (5, 4), "pinned units join group fire only with a leader in the square")
    put(g, "plt_ldr", (4, 3))
    p = F.plan(g, ["sq1", "sq2"], (5, 4))  # with the leader: 3 + 3 dice, -1 each for cover, +1 the leader
    assert (p.rule, p.dice, [m.name for m in p.mods]) == ("Group Fire", 5, ["target in cover", "target in cover",
                                                                            "leader with the group"])
    g = game(card="fire")
    put(g, "sq1", (0, 0))
    put(g, "gruppe", (7, 0))
    refused(g, ["sq1"], (7, 0), r"\(7, 0\) is 7 squares away; the range is 6")  # a rifle squad reaches 6
    g = game(card="fire")
    put(g, "sherman", (4, 3))
    situation_of(g).face("sherman", 180)
    refused(g, ["sherman"], (5, 4), "sherman's hull MG fires only through the edge its bow faces")
    g = game(card="fire")
    put(g, "sq1", (6, 4))
    refused(g, ["sq1"], (7, 5), r"no enemy unit in \(7, 5\) that this fire can hit")  # small arms against armour
    refused(g, ["sq1"], (6, 5), r"no enemy unit in \(6, 5\)")
    g = game(step="Reaction fire", card="fire")
    put(g, "sq2", (4, 3))
    put(g, "gruppe", (5, 4), order="pinned")
    refused(g, ["gruppe"], (4, 3), "gruppe is pinned: reaction fire needs good order", "reaction")
    put(g, "gruppe", (5, 4), order="good order", reacted=True)
    refused(g, ["gruppe"], (4, 3), "gruppe has already fired this phase", "reaction")
    put(g, "gruppe", (5, 4), reacted=False, opfired=True)  # a rifle squad that took op fire is done...
    refused(g, ["gruppe"], (4, 3), "gruppe has already fired this phase", "reaction")
    put(g, "mg42", (5, 4), opfired=True)  # ... an MG goes on until two 1s end its op fire
    assert F.plan(g, ["mg42"], (4, 3), "reaction").rule == "Non-Phasing Reaction Fire"
    put(g, "mg42", (5, 4), opfire_done=True)
    refused(g, ["mg42"], (4, 3), "mg42 has already fired this phase", "reaction")
    g = game(card="move")
    put(g, "sq2", (5, 3))
    situation_of(g).moving(["sq2"], (4, 3), (5, 3))
    assert F.plan(g, ["gruppe"], (5, 3), "opfire").rule == "Opportunity Fire"
    put(g, "gruppe", (5, 4), order="pinned")
    refused(g, ["gruppe"], (5, 3), "gruppe may not opportunity fire now", "opfire")


def test_hit_reduction_whole_a_destroyed_squad_retreats_suppressed():
    """Hit Reduction: a unit hit in the last attack may retreat a square to take one hit fewer:
    three hits (destroyed) become two (suppressed), and it stays on the table."""
    from tests.company_fire.helpers import game, put
    from tests.conftest import dotted
    from wgkit.rules.company_fire import fire as F

    g = game(card="fire", side="de")
    put(g, "sq2", (4, 3))
    with g.table_dice([5, 6, 6]):
        assert F.resolve(g, ["gruppe"], (4, 3)).text == "gruppe fires 3d6 at (4, 3): sq2: 3 hits -> destroyed"
    assert F.reduce_check(g, "sq2", (4, 2)) == ("good order", 3)  # its order before, the hits taken
    e = F.resolve_reduce(g, "sq2", (4, 2))
    assert (e.kind, e.text, e.detail) == ("reduce hits", "sq2 retreats to (4, 2): 3 hits become 2, suppressed",
                                          {"rule": "Hit Reduction", "outcome": "suppressed"})
    assert dotted(e) == (("units.sq2.status.order", "suppressed"), ("vars.cf.last_fire.hits.sq2", None),
                         ("pieces.sq2_base.cell", [4, 2]), ("pieces.sq2_base.alive", True))


def test_hit_reduction_two_hits_become_one_a_suppressed_squad_is_left_pinned():
    # Hit Reduction: two hits (suppressed) less one is one hit, which pins
    g = game(card="fire", side="de")
    put(g, "sq2", (4, 3))
    with g.table_dice([5, 6, 1]):
        assert F.resolve(g, ["gruppe"], (4, 3)).text == "gruppe fires 3d6 at (4, 3): sq2: 2 hits -> suppressed"
    assert F.resolve_reduce(g, "sq2", (4, 2)).text == "sq2 retreats to (4, 2): 2 hits become 1, pinned"


def test_sniper_refusals_and_a_shot_at_a_leader_in_the_open():
    """Snipers: only a sniper, on a fire or face card, at a live enemy it sees; 3d6, and a single
    figure takes no cover."""
    import pytest

    from tests.company_fire.helpers import game, put
    from wgkit.engine import IllegalActionError
    from wgkit.rules.company_fire import fire as F

    g = game(card="fire", side="de")
    for uid, target, why in (("gruppe", "sq2", "gruppe is not a sniper"), ("sniper", "gruppe", "gruppe is not a live enemy unit"),
                             ("sniper", "sq2", r"no line of sight from \(0, 5\) to \(4, 0\)")):
        with pytest.raises(IllegalActionError, match=f"^{why}$"):
            F.sniper_plan(g, uid, target)
    put(g, "plt_ldr", (1, 5))
    p = F.sniper_plan(g, "sniper", "plt_ldr")
    assert (p.dice, p.mods, p.notes, p.origin, p.targets, p.rule) == (3, [], [], (0, 5), ["plt_ldr"], "Snipers")
    g = game(card="move", side="de")
    with pytest.raises(IllegalActionError, match="^snipers fire on fire or face cards$"):
        F.sniper_plan(g, "sniper", "sq2")


@pytest.mark.parametrize("kind, weapons, fires_as", [
    ("tank", ["main_gun"], "mmg"),  # Attacking vehicles: tank MGs (hull mounted) fire as infantry MGs
    ("armoured_car", ["main_gun"], "mmg"),
    ("halftrack", [], "mmg"),
    ("truck", ["vehicle_mg"], "mmg"),  # any vehicle carrying an MG
    ("tank_destroyer", ["main_gun"], None),  # no MG: no small-arms fire
])
def test_vehicles_fire_their_machine_guns_as_mmgs(kind, weapons, fires_as):
    from tests.company_fire.helpers import game, unit
    from wgkit.engine import IllegalActionError
    from wgkit.rules.company_fire import fire as F

    def edit(doc):
        sherman = unit(doc, "sherman")
        sherman["kind"] = kind
        sherman["stands"][0]["weapons"] = weapons

    g = game(card="fire", edit=edit)
    if fires_as is None:
        with pytest.raises(IllegalActionError, match=rf"^sherman \({kind}\) has no small-arms fire$"):
            F.fire_kind(g, "sherman")
    else:
        assert F.fire_kind(g, "sherman") == fires_as


def test_a_unit_that_has_fired_fires_no_more_on_the_card_even_a_face_card():
    # Initiative and Phase Sequence: each unit acts once a card; on a face card it may move and
    # fire, but not fire twice
    g = game(card="any")
    put(g, "sq2", (4, 3))
    n = F.plan(g, ["sq2"], (5, 4)).dice
    with g.table_dice([1] * n):
        F.resolve(g, ["sq2"], (5, 4))
    assert L.status(g, "sq2")["fired"] is True
    with pytest.raises(IllegalActionError, match="^sq2 has already acted on this card$"):
        F.plan(g, ["sq2"], (5, 4))
