"""Company Fire: what each resolution writes to the log, whole: kind, text, rule, outcome and
every change, with the dice fixed."""

import pytest

from tests.company_fire.helpers import game, put
from tests.conftest import dotted
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.company_fire import fire as F
from wgkit.rules.company_fire import movement as V


def head(e):
    return e.kind, e.text, e.detail.get("rule"), e.detail.get("outcome")


def test_a_tank_buttons_up_and_takes_a_pin():
    """Vehicle Unit Status: closed-top vehicles button up on a move card, and take a pin."""
    g = game(card="move")
    e = V.resolve_button_up(g, "sherman")
    assert head(e) == ("button up", "sherman buttons up (pinned)", "Vehicle Unit Status", None)
    assert dotted(e) == (("units.sherman.status.buttoned", True), ("units.sherman.status.order", "pinned"))
    with pytest.raises(IllegalActionError, match="sq1 is not a closed-top vehicle"):
        V.resolve_button_up(g, "sq1")
    g = game(card="fire")
    with pytest.raises(IllegalActionError, match="vehicles button up on move or face cards"):
        V.resolve_button_up(g, "sherman")


def test_a_carried_team_dismounts_in_its_vehicles_square():
    g = game()
    situation_of(g).carried("zook", "sherman")
    e = V.resolve_dismount(g, "zook")
    assert head(e) == ("dismount", "zook dismounts at (6, 0)", "Stacking (dismounting)", None)
    assert dotted(e) == (("units.zook.status.carried_by", None), ("units.zook.status.moved", True),
                         ("pieces.zook_base.cell", [6, 0]))
    with pytest.raises(IllegalActionError, match="zook is not carried by a vehicle"):
        V.resolve_dismount(g, "zook")


def test_a_squad_occupies_the_bocage_of_its_square():
    g = game()
    put(g, "sq2", (4, 2))
    e = V.resolve_occupy(g, "sq2")
    assert head(e) == ("occupy bocage", "sq2 occupies the bocage at (4, 2)", "Occupying Bocage", None)
    assert dotted(e) == (("units.sq2.status.bocage", True),)
    with pytest.raises(IllegalActionError, match="sherman cannot occupy bocage"):
        V.resolve_occupy(g, "sherman")
    g = game(card="fire")
    put(g, "sq2", (4, 2))
    with pytest.raises(IllegalActionError, match="^bocage is occupied on move or face cards only$"):
        V.resolve_occupy(g, "sq2")


def test_a_sniper_kills_a_leader_with_two_hits_and_leaves():
    """Snipers: 3d6 at a chosen unit, 5 or 6 hits; a single figure is destroyed by two hits; the
    sniper is removed after firing."""
    g = game(card="fire", side="de")
    put(g, "plt_ldr", (1, 5))
    with g.table_dice([5, 6, 1]):
        e = F.resolve_sniper(g, "sniper", "plt_ldr")
    assert head(e) == ("fire", "sniper snipes at plt_ldr: plt_ldr: 2 hits -> destroyed (sniper); sniper is removed after firing",
                       "Snipers", ["plt_ldr: 2 hits -> destroyed (sniper)", "sniper is removed after firing"])
    assert [(r.purpose, r.die, r.faces) for r in e.rolls] == [("attack", "d6", (5, 6, 1))]
    assert dotted(e)[1:] == (("units.sniper.status.order", "removed"), ("units.sniper.status.fired", True),
                             ("pieces.sniper_fig.alive", False), ("units.plt_ldr.status.order", "destroyed"),
                             ("pieces.walker.alive", False))


def test_a_leader_given_up_to_save_a_destroyed_unit():
    """Single Mounted Figures: a platoon leader in the square may be lost instead of the unit the
    last action destroyed (the unit is left suppressed: house)."""
    from wgkit.rules.company_fire.effects import Effects

    g = game()
    put(g, "plt_ldr", (2, 0))
    fx = Effects(g)
    fx.hit("sq1", 3)
    g.record("attack", fx.finish())
    e = F.resolve_sacrifice(g, "plt_ldr", "sq1")
    assert head(e) == ("sacrifice", "plt_ldr is lost saving sq1 (suppressed)", "Platoon Leaders and Company Commanders",
                       "suppressed")
    assert dotted(e) == (("units.sq1.status.order", "suppressed"), ("units.plt_ldr.status.order", "destroyed"),
                         ("pieces.sq1_base.alive", True), ("pieces.walker.alive", False))


def test_a_scout_reveals_what_it_sees_and_leaves():
    """Scouts: reveal every hidden enemy in the scout's line of sight, then leave the table."""
    from tests.company_fire.helpers import unit

    g = game(edit=lambda d: unit(d, "fo").update(kind="scout", rules={}))
    put(g, "fo", (1, 3))
    e = F.resolve_scout(g, "fo")
    assert head(e) == ("scout", "fo reveals brandt_base and leaves the table", "Scouts", ["brandt_base"])
    assert dotted(e) == (("pieces.brandt_base.hidden", False), ("units.fo.status.order", "removed"),
                         ("pieces.fo_fig.alive", False))
    with pytest.raises(IllegalActionError, match="sq1 is not a scout"):
        F.resolve_scout(g, "sq1")


def _at(g, uid, target, faces, mode="fire"):
    with g.table_dice(faces):
        return F.resolve_at(g, uid, target, mode)


def test_a_tank_turns_its_turret_to_fire_at_a_tank_destroyer():
    """Attacking vehicles: the main gun's 4d6, one fewer for turning the turret, one fewer for a
    tank destroyer (its side, not its front, faces the Sherman); two hits suppress a vehicle, which
    must move a square away: (7, 3), since (6, 2) lies across the full hedgerow, which no vehicle
    crosses. The turret stays where it turned."""
    g = game(card="fire")
    put(g, "sherman", (4, 3))
    put(g, "stug", (6, 3))  # facing south (180); the Sherman, facing north, lies due west of it
    put(g, "mg42", (6, 4))
    e = _at(g, "sherman", "stug", [5, 6])
    assert e.text == "sherman fires 2d6 at stug: stug: 2 hits -> suppressed, backs off to (7, 3) (main_gun at 2 squares: 4d6)"
    assert [m["name"] for m in e.detail["modifiers"]] == ["turret rotated to fire", "target is a heavy tank or tank destroyer"]
    assert dotted(e)[1:] == (("pieces.stug_model.cell", [7, 3]), ("units.sherman.status.turret", 90.0),
                             ("units.sherman.status.at_fired", True), ("units.sherman.status.fired", True),
                             ("units.sherman.status.main_gun", True), ("units.stug.status.order", "suppressed"))


def test_a_tank_destroyer_turns_its_hull_to_fire():
    """No turret: a tracked vehicle turns in place (up to 180 degrees) to fire; the Sherman's side
    faces it, so no reduction: 4d6."""
    g = game(card="fire", side="de")
    put(g, "stug", (6, 3))
    put(g, "mg42", (6, 4))
    put(g, "sherman", (4, 3))
    e = _at(g, "stug", "sherman", [5, 1, 2, 3])
    assert e.text == "stug fires 4d6 at sherman: sherman: 1 hit -> pinned (main_gun at 2 squares: 4d6)"
    assert e.detail["notes"] == ["main_gun at 2 squares: 4d6", "turns to face 270 degrees"]
    assert dotted(e)[1:] == (("pieces.stug_model.facing", 270.0), ("units.stug.status.at_fired", True),
                             ("units.stug.status.fired", True), ("units.sherman.status.order", "pinned"))


def test_a_pinned_bazooka_team_fires_once_a_card_and_only_at_vehicles():
    """A bazooka at 2 squares or less rolls 4d6; one fewer for a tank destroyer, one fewer for a
    pinned firer; a suppressed team may not fire; a bazooka is for vehicles."""
    g = game(card="fire")
    put(g, "zook", (5, 3), order="pinned")
    put(g, "stug", (6, 3))
    put(g, "mg42", (6, 4))
    e = _at(g, "zook", "stug", [5, 6])
    assert e.text == "zook fires 2d6 at stug: stug: 2 hits -> suppressed, backs off to (7, 3) (bazooka at 1 square: 4d6)"
    assert [m["name"] for m in e.detail["modifiers"]] == ["target is a heavy tank or tank destroyer", "firer pinned or suppressed"]
    assert dotted(e)[1:] == (("pieces.stug_model.cell", [7, 3]), ("units.zook.status.at_fired", True),
                             ("units.zook.status.fired", True), ("units.stug.status.order", "suppressed"))
    with pytest.raises(IllegalActionError, match="zook has already fired its anti-tank weapon on this card"):
        _at(g, "zook", "stug", [5])
    g = game(card="fire")
    put(g, "zook", (5, 3), order="suppressed")
    put(g, "stug", (6, 3))
    with pytest.raises(IllegalActionError, match="zook is suppressed and may not fire"):
        _at(g, "zook", "stug", [5])
    g = game(card="fire")
    put(g, "zook", (5, 3))
    put(g, "gruppe", (6, 3))
    with pytest.raises(IllegalActionError, match="gruppe is not a vehicle"):
        _at(g, "zook", "gruppe", [5])


def test_anti_tank_opportunity_fire_does_not_turn_the_turret():
    """Vehicle Opportunity Fire: neither vehicle nor turret may rotate; facing the mover, the
    Sherman fires 4d6 less one for the tank destroyer, and its op fire is spent."""
    g = game(card="move")
    put(g, "sherman", (4, 3))
    put(g, "stug", (6, 3))
    put(g, "mg42", (6, 4))
    situation_of(g).moving(["stug"], (6, 4), (6, 3))
    with pytest.raises(IllegalActionError, match="sherman may not rotate for opportunity fire"):
        _at(g, "sherman", "stug", [5, 6, 1], "opfire")
    situation_of(g).face("sherman", 90)
    situation_of(g).turret("sherman", 90)
    e = _at(g, "sherman", "stug", [5, 6, 1], "opfire")
    assert e.text == "sherman fires 3d6 at stug: stug: 2 hits -> suppressed, backs off to (7, 3) (main_gun at 2 squares: 4d6)"
    assert dotted(e)[1:] == (("pieces.stug_model.cell", [7, 3]), ("units.sherman.status.opfired", True),
                             ("units.sherman.status.main_gun", True), ("units.sherman.status.opfire_done", True),
                             ("vars.cf.opfire", None), ("units.stug.status.order", "suppressed"))
