"""Close Action: grenades, mortars, and the turn sequence."""

import pytest

from tests.close_action.helpers import fig, game, to_step
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.close_action import blast as B
from wgkit.rules.close_action.flow import SEQUENCE


def test_turn_sequence_matches_the_rules():
    names = [(p.name, s.name, s.who) for p in SEQUENCE.phases for s in p.steps]
    assert names == [("Active side", "Rally", "active"), ("Active side", "Fire", "active"),
                     ("Active side", "Move", "active"), ("Passive side", "Morale", "passive"),
                     ("Passive side", "Defensive fire", "passive"), ("Both sides", "Hand to hand", "both")]
    assert SEQUENCE.alternate


def test_sides_swap_active_and_passive_each_turn():
    g = game(fig("x", 2, 2), fig("t", 40, 40))
    assert g.state["active"] == "us"  # the attacker starts as the active side
    for _ in range(6):
        g.advance()
    assert g.position == (2, 0, 0) and g.state["active"] == "de" and g.acting_sides() == ["de"]


def test_grenade_range_and_throw():
    g = game(fig("x", 20, 10, "rifle, grenade"), fig("t", 20, 14, facing=180))
    to_step(g, "Fire")
    with pytest.raises(IllegalActionError, match="thrown up to 6\""):
        B.resolve_blast(g, "grenade", "x", (20, 17))
    with g.table_dice([5, 6, 1, 1]):  # thrown; the active die wins the roll-off; t (crouching) needs 5
        assert B.resolve_blast(g, "grenade", "x", (20, 14)).detail["outcome"] == {
            "point": [20.0, 14.0], "in_zone": ["t"], "killed": []}
    g.undo()
    with pytest.raises(IllegalActionError, match="^x has no mortar$"):
        B.resolve_blast(g, "mortar", "x", (20, 40))


def test_blast_hits_every_head_in_the_zone_friend_or_foe():
    g = game(fig("x", 20, 30, "mortar") + "\n" + fig("friend", 20.5, 45), fig("t", 20, 45.5) + "\n" + fig("u", 30, 45))
    to_step(g, "Fire")
    e = B.resolve_blast(g, "mortar", "x", (20, 45.2))
    (x, y) = e.detail["outcome"]["point"]
    in_zone = set(e.detail["outcome"]["in_zone"])
    expect = {f for f, (fx, fy) in {"friend": (20.5, 45), "t": (20, 45.5), "u": (30, 45)}.items()
              if ((fx - x) ** 2 + (fy - y) ** 2) ** 0.5 <= 3}
    assert in_zone == expect
    assert g.state["units"]["a"]["status"]["aim"] == [x, y]


def test_mortar_minimum_range_and_aim_change():
    g = game(fig("x", 20, 30, "mortar"), fig("t", 20, 45.5))
    to_step(g, "Fire")
    with pytest.raises(IllegalActionError, match="12\" or more"):
        B.resolve_blast(g, "mortar", "x", (20, 40))
    with pytest.raises(IllegalActionError, match="that point is 11.9\""):  # Fire Table: "12\"+"
        B.resolve_blast(g, "mortar", "x", (20, 41.9))
    assert B.resolve_blast(g, "mortar", "x", (20, 42)).kind == "mortar"  # exactly 12" is in range
    g.undo()
    situation_of(g).aiming("a", (20, 45))
    with pytest.raises(IllegalActionError, match="changing the mortar's aiming point costs a turn of fire"):
        B.resolve_blast(g, "mortar", "x", (25, 45))


def test_mortar_fires_through_a_stationary_spotter():
    g = game(fig("spot", 36, 34) + "\n" + fig("m", 30, 20, "mortar", rules="spotter: spot"), fig("t", 30, 40))
    # the house hides (30, 40) from the mortar; the spotter sees it
    to_step(g, "Fire")
    e = B.resolve_blast(g, "mortar", "m", (30, 40))
    assert e.kind == "mortar"
    g.undo()
    situation_of(g).moved("spot", 2.0)
    with pytest.raises(IllegalActionError, match="neither m nor a stationary spotter can see that point"):
        B.resolve_blast(g, "mortar", "m", (30, 40))


def test_grenade_odds_by_hand():
    from fractions import Fraction

    g = game(fig("x", 20, 10, "rifle, grenade"), fig("t", 20, 14, facing=180, stance="crouching"))
    to_step(g, "Fire")
    d = B.blast_odds(g, "grenade", "x", (20, 14))
    # throw 5-6 (1/3); the point stays within 1.5" unless the passive die beats the active by 2+
    # (stays: 26 of 36); a crouching man in the open is hit on 5-6 (1/3)
    assert d.p(1) == Fraction(1, 3) * Fraction(26, 36) * Fraction(1, 3)


def test_melee_odds_one_against_one():
    from fractions import Fraction

    from wgkit.rules.close_action import melee as M

    g = game(fig("a1", 10, 10), fig("b1", 10.5, 10))
    d = M.melee_odds(g, M.groups(g)[0])
    assert (d.p("active"), d.p("passive"), d.p("tie")) == (Fraction(15, 36), Fraction(15, 36), Fraction(6, 36))


def test_cease_fire_lets_the_mortar_re_aim_next_turn():
    g = game(fig("x", 20, 20, "mortar"), fig("t", 20, 45.5))
    to_step(g, "Fire")
    situation_of(g).aiming("a", (20, 45))
    B.resolve_cease(g, "x")
    with pytest.raises(IllegalActionError, match="already fired this phase"):
        B.resolve_blast(g, "mortar", "x", (25, 45))
    with pytest.raises(IllegalActionError, match="^x has already fired or ceased fire this turn$"):
        B.resolve_cease(g, "x")  # the turn without fire is spent once
    for _ in range(6):
        g.advance()  # the next turn, the other side active: then back to this side
    while g.state["active"] != "us" or g.current_step().name != "Fire":
        g.advance()
    assert B.resolve_blast(g, "mortar", "x", (25, 45)).kind == "mortar"
