"""Company Fire's action forms end to end: what the umpire sees before the roll (odds, the
modifiers explained, the square drawn on the board) and what the roll does, for each form, with
the dice fixed and the odds worked by hand from the text."""

from fractions import Fraction as F

import pytest

from tests.company_fire.helpers import game, put, set_card
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.company_fire import actions as A
from wgkit.rules.company_fire import lookup as L

RED, GREEN = "#d62828", "#2a9d8f"
COVER = "target in cover -1 (rules Individual Unit Fire note (cover: one die less))"


def menu(g) -> dict:
    return {a.name: a for a in A.ACTIONS(g)}


def at(g, cell) -> tuple[float, float]:
    return L.gridmap(g).grid.center(cell)


def odds(spec, g, p) -> dict:
    return dict(spec.odds(g, p).probs)


def binomial(n: int) -> dict:
    """Hits from n dice, each a 5 or 6 (one in three)."""
    from math import comb

    return {k: comb(n, k) * F(1, 3) ** k * F(2, 3) ** (n - k) for k in range(n + 1)}


def drawn(spec, g, p) -> list[tuple]:
    """The preview: the square's outline (its first corner, its colour) and its label."""
    return [(s.kind, s.text, s.stroke, [round(v, 2) for v in s.points[0]]) for s in spec.preview(g, p)]


def resolved(spec, g, p, faces):
    with g.table_dice(faces):
        e = spec.resolve(g, p)
    return e.kind, e.text


def test_calling_artillery_then_the_mission_arriving_on_a_fire_card():
    """Artillery: the observer calls HE on a square he sees; on the next fire card it arrives
    unless its d6 shows a 1 (5/6), 3d6 at each unit in a square that gives cover, 4d6 in the open."""
    g = game(step="Artillery", card="fire")
    put(g, "fo", (4, 3))
    call = menu(g)["call artillery"]
    p = {"observer": "fo", "target": at(g, (5, 4)), "kind": "HE"}
    assert call.odds(g, p) is None  # calling rolls nothing
    assert call.explain(g, p) == ["2 missions left; it arrives on the next fire card"]  # the scenario gives him 2
    assert drawn(call, g, p) == [("polygon", "", RED, [30, 24]), ("text", "target", None, [33, 29.1])]
    assert resolved(call, g, p, []) == ("call artillery", "fo calls HE on (5, 4)")
    set_card(g, "fire", "us")
    arrives = menu(g)["artillery arrives"]
    assert (arrives.label, arrives.ref, arrives.params) == ("Fire mission arrives?", "Artillery", ())
    assert odds(arrives, g, {}) == {True: F(5, 6), False: F(1, 6)}
    assert arrives.explain(g, {}) == ["HE on (5, 4); a 1 cancels it", "HE: 3d6 at every unit in the square"]
    assert drawn(arrives, g, {}) == [("polygon", "", RED, [30, 24]), ("text", "mission", None, [33, 29.1])]
    assert resolved(arrives, g, {}, [4, 3, 5, 6]) == ("artillery", "HE mission on (5, 4): gruppe: 2 hits -> suppressed (HE 3d6)")


def test_rallying_a_suppressed_squad_with_its_leader():
    """Rally: 5+ for a suppressed unit, +1 out of good-order enemy sight, +1 a platoon leader in
    the square: 3-6 on the die, 4 in 6."""
    g = game(step="Rally", card="fire")
    put(g, "sq2", (4, 0), order="suppressed")
    put(g, "plt_ldr", (4, 0))
    rally = menu(g)["rally"]
    p = {"unit": "sq2"}
    assert odds(rally, g, p) == {"pinned": F(2, 3), "suppressed": F(1, 3)}
    assert rally.explain(g, p) == ["suppressed: needs 5+", "no good-order enemy has LOS +1 (rules Rally)",
                                   "platoon leader in the space +1 (rules Rally)"]
    assert resolved(rally, g, p, [3]) == ("rally", "sq2 rallies: suppressed -> pinned")


def test_group_fire_pools_the_squads_dice_less_one_each_for_cover():
    """Group Fire: two rifle squads' 3 dice each, one fewer each against the buildings: 4d6."""
    g = game(step="Group fire", card="fire")
    put(g, "sq1", (4, 3))
    put(g, "sq2", (4, 3))
    group = menu(g)["group fire"]
    p = {"units": ("sq1", "sq2"), "target": at(g, (5, 4))}
    assert odds(group, g, p) == binomial(4)
    assert group.explain(g, p) == [COVER, COVER, "cover: buildings", "4d6 at each of gruppe; 5 or 6 hits"]
    assert drawn(group, g, p) == [("polygon", "", RED, [30, 24]), ("text", "group fire", None, [33, 29.1])]
    assert resolved(group, g, p, [5, 1, 2, 6]) == ("fire", "sq1+sq2 fire 4d6 at (5, 4): gruppe: 2 hits -> suppressed")


def test_a_close_assault_by_two_squads():
    """Close Assault: 1d6 each; the attackers +1 for the second good-order squad, the lone gruppe
    nothing. Attacker minus defender is d1 - d2 + 1: 1 on a tie of the dice (6/36), 6 only on 6-1."""
    g = game(step="Close assault", card="move")
    put(g, "sq1", (4, 4))
    put(g, "sq2", (4, 4))
    assault = menu(g)["close assault"]
    p = {"units": ("sq1", "sq2"), "target": at(g, (5, 4)), "opfire": "none"}
    diff = odds(assault, g, p)
    assert diff[1] == F(6, 36) and diff[6] == F(1, 36) and diff[-4] == F(1, 36) and diff[0] == F(5, 36)
    assert sum(v for k, v in diff.items() if k > 0) == F(21, 36)
    assert assault.explain(g, p) == [
        "defending: gruppe", "attacker extra good-order unit +1 (rules Close Assault (each good-order unit beyond the first))",
        "the loser's units each take the difference in hits; a tie destroys units one for one"]
    assert drawn(assault, g, p) == [("polygon", "", RED, [30, 24]), ("text", "assault", None, [33, 29.1])]
    assert resolved(assault, g, p, [6, 2]) == (
        "close assault", "sq1+sq2 assault (5, 4) from (4, 4): attacker wins by 5; gruppe: 5 hits -> destroyed "
                         "(close assault); the attackers occupy (5, 4)")


def test_moving_one_square_on_a_fire_card_takes_a_movement_test():
    """Moving on a Fire Card: one square after a Movement Test, 5+ into the open."""
    g = game(step="Move and fire", card="fire")
    move = menu(g)["move"]
    p = {"unit": "sq2", "to": at(g, (4, 1))}
    assert odds(move, g, p) == {True: F(1, 3), False: F(2, 3)}
    assert move.explain(g, p) == ["route: (4, 0) -> (4, 1)", "allowance 1 (one square on a fire card after a Movement Test)",
                                  "Movement Test: 5+"]
    assert drawn(move, g, p) == [("polygon", "", GREEN, [24, 6]), ("text", "to", None, [27, 11.1])]
    assert resolved(move, g, p, [5]) == ("move", "sq2 moves to (4, 1)")


@pytest.mark.parametrize("card", ["fire", "move"])
def test_a_unit_dropped_inside_its_own_square_is_refused_in_words_by_odds_explanation_and_resolve(card):
    """A drag a short way inside the unit's own square enters no square: every part of the form
    says so (on a fire card the Movement Test's odds once ended in an IndexError)."""
    g = game(step="Move and fire", card=card)
    move = menu(g)["move"]
    x, y = at(g, (4, 0))
    p = {"unit": "sq2", "to": (x + 1.0, y - 1.0)}  # sq2 stands in (4, 0)
    said = "sq2 is in that square already: choose another square to move to"
    for part in (move.odds, move.explain, move.resolve):
        with pytest.raises(IllegalActionError, match=f"^{said}$"):
            part(g, p)


def test_firing_on_a_move_card_at_a_squad_in_buildings():
    """Individual Unit Fire: a rifle squad's 3 dice, one fewer for cover, one fewer on a move card."""
    g = game(step="Move and fire", card="move")
    put(g, "sq2", (4, 3))
    fire = menu(g)["fire"]
    p = {"unit": "sq2", "target": at(g, (5, 4))}
    assert odds(fire, g, p) == binomial(1)
    assert fire.explain(g, p) == [COVER, "firing on a move card -1 (rules Moving on a Fire Card / Individual Unit Fire)",
                                  "cover: buildings", "1d6 at each of gruppe; 5 or 6 hits"]
    assert drawn(fire, g, p) == [("polygon", "", RED, [30, 24]), ("text", "target", None, [33, 29.1])]
    assert resolved(fire, g, p, [6]) == ("fire", "sq2 fires 1d6 at (5, 4): gruppe: 1 hit -> pinned")


def test_a_bazooka_at_the_front_of_a_tank_destroyer_on_a_move_card():
    """Attacking vehicles: a bazooka within 2 squares rolls 4d6, one fewer each for the move card,
    the front armour and a tank destroyer: 1d6."""
    g = game(step="Move and fire", card="move")
    put(g, "zook", (7, 3))
    at_fire = menu(g)["anti-tank fire"]
    p = {"unit": "zook", "vehicle": "stug"}
    assert odds(at_fire, g, p) == binomial(1)
    why = "(rules Attacking vehicles (reduce by 1 die, cumulative))"
    assert at_fire.explain(g, p) == [f"firing on a move card -1 {why}", f"armoured target hit from the front -1 {why}",
                                     f"target is a heavy tank or tank destroyer -1 {why}", "bazooka at 2 squares: 4d6",
                                     "1d6 at each of stug; 5 or 6 hits"]
    assert resolved(at_fire, g, p, [5]) == ("fire", "zook fires 1d6 at stug: stug: 1 hit -> pinned (bazooka at 2 squares: 4d6)")


def test_a_sniper_at_a_squad_in_the_orchard():
    """Snipers: 3d6 at a chosen unit, one fewer for cover."""
    g = game(step="Move and fire", card="fire", side="de")
    put(g, "sq2", (1, 5))
    snipe = menu(g)["snipe"]
    p = {"sniper": "sniper", "unit": "sq2"}
    assert odds(snipe, g, p) == binomial(2)
    assert snipe.explain(g, p) == [COVER, "cover: orchard", "2d6 at each of sq2; 5 or 6 hits"]
    assert resolved(snipe, g, p, [5, 1]) == ("fire", "sniper snipes at sq2: sq2: 1 hit -> pinned (sniper); "
                                                     "sniper is removed after firing")


def test_opportunity_fire_at_a_squad_moving_into_the_open():
    """Opportunity Fire: one unit fires at the mover in the square it enters, 3d6 in the open."""
    g = game(step="Move and fire", card="move")
    put(g, "sq2", (5, 3))
    situation_of(g).moving(["sq2"], (4, 3), (5, 3))
    op = menu(g)["opportunity fire"]
    assert op.label == "Opportunity fire at sq2"
    p = {"unit": "gruppe"}
    assert odds(op, g, p) == binomial(3)
    assert op.explain(g, p) == ["3d6 at each of sq2; 5 or 6 hits"]
    assert drawn(op, g, p) == [("polygon", "", RED, [30, 18]), ("text", "op fire", None, [33, 23.1])]
    assert resolved(op, g, p, [5, 2, 3]) == ("fire", "op fire: gruppe fires 3d6 at (5, 3): sq2: 1 hit -> pinned")


def test_a_suppressed_squad_falls_back_with_its_leader():
    """Fall Back: a Movement Test, 5+ into the open, +1 with the platoon leader: 4-6."""
    g = game(step="Move and fire", card="move")
    put(g, "sq2", (4, 1), order="suppressed")
    put(g, "plt_ldr", (4, 1))
    back = menu(g)["fall back"]
    assert [(q.name, q.kind, q.label) for q in back.params] == [("unit", "choice", "unit"), ("to", "point", "to square")]
    p = {"unit": "sq2", "to": at(g, (4, 0))}
    assert odds(back, g, p) == {True: F(1, 2), False: F(1, 2)}
    assert resolved(back, g, p, [4]) == ("fall back", "sq2 falls back to (4, 0)")


def test_reaction_fire_by_the_side_without_the_card():
    g = game(step="Reaction fire", card="fire")
    put(g, "sq2", (4, 3))
    react = menu(g)["reaction fire"]
    p = {"unit": "gruppe", "target": at(g, (4, 3))}
    assert odds(react, g, p) == binomial(3)
    assert drawn(react, g, p) == [("polygon", "", RED, [24, 18]), ("text", "target", None, [27, 23.1])]
    assert resolved(react, g, p, [5, 6, 1]) == ("fire", "reaction fire: gruppe fires 3d6 at (4, 3): sq2: 2 hits -> suppressed")


def test_reaction_fire_on_a_move_card_keeps_its_three_dice():
    # Non-Phasing Reaction Fire, as the kit reads it: the die lost "firing on a move card" is the phasing side's alone
    g = game(step="Reaction fire", card="move")
    put(g, "sq2", (4, 3))
    react = menu(g)["reaction fire"]
    p = {"unit": "gruppe", "target": at(g, (4, 3))}
    assert odds(react, g, p) == binomial(3) and react.explain(g, p) == ["3d6 at each of sq2; 5 or 6 hits"]


def test_finding_a_path_and_clearing_a_minefield():
    """Mines: 5+ finds a path (1/3 without engineers); clearing is the side's d6 against the
    mines' d6, a tie 6 in 36."""
    g = game(step="Move and fire", card="move")
    put(g, "sq2", (4, 2))
    m = menu(g)
    p = {"unit": "sq2", "field": "4,2"}
    assert odds(m["find path"], g, p) == {True: F(1, 3), False: F(2, 3)}
    clear = odds(m["clear mines"], g, {"field": "4,2"})
    assert clear[0] == F(6, 36) and clear[5] == F(1, 36) and clear[-5] == F(1, 36)
    assert resolved(m["find path"], g, p, [5]) == ("find path", "sq2 finds a path through (4, 2)")
    g = game(step="Move and fire", card="move")
    put(g, "sq2", (4, 2))
    assert resolved(menu(g)["clear mines"], g, {"field": "4,2"}, []) == (
        "clear mines", "clearing (4, 2): a dummy: the marker is removed")  # (4, 2) holds a dummy field


def test_engineers_add_two_to_finding_a_path_and_to_clearing():
    """Mines (beta): "+2 for engineers" on the d6 to find a path (5+: a 3 now does, 4 faces in 6)
    and on the clearing side's d6 against the mines' d6: the difference X + 2 - Y is 0 when
    Y = X + 2 (X = 1..4: 4 in 36), 7 only on 6 against 1, -3 only on 1 against 6, never -4."""
    from tests.company_fire.helpers import unit

    g = game(step="Move and fire", card="move", edit=lambda doc: unit(doc, "sq2").update(kind="engineer_squad"))
    put(g, "sq2", (4, 2))
    m = menu(g)
    assert odds(m["find path"], g, {"unit": "sq2", "field": "4,2"}) == {True: F(2, 3), False: F(1, 3)}
    clear = odds(m["clear mines"], g, {"field": "4,2"})
    assert clear[0] == F(4, 36) and clear[7] == F(1, 36) and clear[-3] == F(1, 36) and -4 not in clear
    assert sum(v for k, v in clear.items() if k > 0) == F(26, 36)  # 36 - 4 level - 6 behind (Y - X = 3, 4, 5)
    assert resolved(m["find path"], g, {"unit": "sq2", "field": "4,2"}, [3]) == (
        "find path", "sq2 finds a path through (4, 2)")


@pytest.mark.parametrize("name", ["occupy bocage", "button up", "fall back", "find path"])
def test_forms_without_a_picture_draw_nothing(name):
    g = game(step="Move and fire", card="move")
    put(g, "sq2", (4, 2), order="suppressed" if name == "fall back" else "good order")
    put(g, "plt_ldr", (4, 2))
    spec = menu(g)[name]
    assert spec.preview(g, {}) == [] and spec.explain(g, {}) == []


def test_dismounting_and_scouting_are_offered_to_the_units_that_can():
    """Stacking: a carried unit dismounts in its vehicle's square; Scouts: a scout reveals what it
    sees and leaves. Each form lists only the units able to, and resolves as the rule does."""
    from tests.company_fire.helpers import unit

    g = game()
    assert "dismount" not in menu(g)  # nobody is carried
    situation_of(g).carried("zook", "sherman")
    dismount = menu(g)["dismount"]
    assert (dismount.label, dismount.ref, [(p.name, p.choices) for p in dismount.params]) == (
        "Dismount", "Stacking", [("unit", ("zook",))])
    assert resolved(dismount, g, {"unit": "zook"}, []) == ("dismount", "zook dismounts at (6, 0)")
    g = game(edit=lambda d: unit(d, "fo").update(kind="scout", rules={}))
    put(g, "fo", (1, 3))  # in the orchard beside the hidden SMG squad
    scout = menu(g)["scout"]
    assert (scout.label, scout.ref, [(p.name, p.choices) for p in scout.params]) == (
        "Scout: reveal hidden units in sight", "Scouts", [("unit", ("fo",))])
    assert resolved(scout, g, {"unit": "fo"}, []) == ("scout", "fo reveals brandt_base and leaves the table")


def test_after_an_attack_the_forms_to_retreat_a_hit_off_and_to_sacrifice_a_leader():
    """Hit Reduction: a unit hit by the last attack may retreat a square to take one hit fewer;
    a leader in the square of a unit just destroyed may be given up to save it."""
    from wgkit.rules.company_fire import fire as FI
    from wgkit.rules.company_fire.effects import Effects

    g = game(card="fire", side="de")
    assert "reduce hits" not in menu(g)
    put(g, "sq2", (4, 3))
    with g.table_dice([5, 6, 6]):  # three hits: destroyed
        FI.resolve(g, ["gruppe"], (4, 3))
    reduce = menu(g)["reduce hits"]
    assert (reduce.label, reduce.ref, [(p.name, p.kind, p.label, p.choices) for p in reduce.params]) == (
        "Retreat to take one hit fewer", "Hit Reduction", [("unit", "choice", "unit", ("sq2",)), ("to", "point", "to square", ())])
    assert reduce.odds(g, {"unit": "sq2", "to": at(g, (4, 2))}) is None  # no dice
    assert resolved(reduce, g, {"unit": "sq2", "to": at(g, (4, 2))}, []) == (
        "reduce hits", "sq2 retreats to (4, 2): 3 hits become 2, suppressed")
    g = game()
    put(g, "plt_ldr", (2, 0))
    fx = Effects(g)
    fx.hit("sq1", 3)
    g.record("attack", fx.finish())
    sacrifice = menu(g)["sacrifice leader"]
    assert (sacrifice.label, sacrifice.ref, [(p.name, p.kind, p.label, p.choices) for p in sacrifice.params]) == (
        "Sacrifice a leader to save a unit", "Platoon Leaders and Company Commanders",
        [("leader", "choice", "leader", ("plt_ldr",)), ("unit", "choice", "unit", ("sq1",))])
    assert sacrifice.odds(g, {"leader": "plt_ldr", "unit": "sq1"}) is None
    assert resolved(sacrifice, g, {"leader": "plt_ldr", "unit": "sq1"}, []) == (
        "sacrifice", "plt_ldr is lost saving sq1 (suppressed)")  # the unit is left suppressed
    g = game()
    put(g, "plt_ldr", (3, 0))  # a square away from sq1: not there to be given up
    fx = Effects(g)
    fx.hit("sq1", 3)
    g.record("attack", fx.finish())
    assert "sacrifice leader" not in menu(g)


def test_a_squads_two_square_move_in_an_enemys_sight_takes_a_movement_test_and_one_square_does_not():
    """Movement Test: a squad moving its full two squares where an enemy sees it (the Gruppe at
    (0, 2) sees column 4 north of the hedge) needs 5+, -1 for a destination the enemy can op fire
    at: a 6 only. One square needs no test."""
    g = game(step="Move and fire", card="move")
    put(g, "gruppe", (0, 2))
    move = menu(g)["move"]
    two = {"unit": "sq2", "to": at(g, (4, 2))}
    assert odds(move, g, two) == {True: F(1, 6), False: F(5, 6)}
    assert move.explain(g, two)[2:] == ["Movement Test: 5+", "destination in LOS of an enemy who can op fire -1 (rules Movement Test)"]
    assert move.odds(g, {"unit": "sq2", "to": at(g, (4, 1))}) is None
    outline, label = move.preview(g, two)
    assert (outline.width, outline.alpha, label.fill, label.text, label.size) == (0.18, 0.9, GREEN, "to", 0.6)
