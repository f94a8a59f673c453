"""Easy Company's forms carry what the umpire sets in them to the rule: motivation points spent
(§2.4: each adds 10% to a chance, §4.4/§5.3), the extra reach bought with MPs (§4.3-4.4: +10 m
each), opportunity fire's own side (§4.2) and a failed unit's withdrawal (§8.1). Every number is
worked from the text on the tutorial farmyard (1" = 10 m)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.easy_company.test_actions import menu, params
from tests.test_easy_company_play import game, to
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.easy_company import actions as A
from wgkit.rules.easy_company import lookup as L


def attackers():
    g = game()
    to(g, "Attacker moves and fires")
    return g


def test_the_move_forms_mps_and_reach_are_bounded_as_the_text_says():
    move = menu(attackers())["move"]
    assert [(p.name, p.default, p.low, p.high) for p in move.params[2:]] == [("mps", 0, 0, 20), ("reach_mps", 0, 0, 2)]
    assert move.params[3].label == "MPs for +10 m"  # §4.4: up to 70 m, 20 m beyond a cautious 50 m


def test_a_move_bought_ten_metres_further_and_ten_percent_likelier():
    """Malarkey (veteran, cautious: 50 m, 90%) with 1 MP on the chance and 1 on the reach: 60 m,
    6" from (16, 9) to (16, 15), on 100%, so a 95 moves him; Lipton pays both MPs (10 to 8)."""
    g = attackers()
    move = menu(g)["move"]
    with g.table_dice([95]):
        e = move.resolve(g, {"figure": "malarkey", "point": [16, 15], "mps": 1, "reach_mps": 1})
    assert g.piece("malarkey")["position"] == [16, 15] and L.mp_left(g, "lipton") == 8
    assert e.action["params"] == {"figure": "malarkey", "to": [16, 15], "mps": 1, "reach_mps": 1}
    g = attackers()
    with pytest.raises(IllegalActionError, match=r"^malarkey may move 5\" \(50 m\) cautious; that is 6\.0\""):
        menu(g)["move"].resolve(g, {"figure": "malarkey", "point": [16, 15], "mps": 1, "reach_mps": 0})
    with g.table_dice([95]):  # without the MP on the chance: 90%, and 95 is not under it
        menu(g)["move"].resolve(g, {"figure": "malarkey", "point": [16, 15], "mps": 0, "reach_mps": 1})
    assert g.piece("malarkey")["position"] == [16, 9]


def test_the_fire_form_spends_the_mps_set_in_it():
    g = attackers()
    with g.table_dice([95, 1]):  # Toye, a veteran, fires on 130% with 2 MPs: any face
        e = menu(g)["fire"].resolve(g, {"figure": "toye", "target": "outpost", "mps": 2})
    assert e.action["params"]["mps"] == 2 and L.mp_left(g, "lipton") == 10 - 2


def test_opportunity_fire_spends_the_observers_mps_and_is_explained_for_them():
    """§4.2: de1 (green rifle, 70%) fires into the Americans' move with 2 of the corporal's MPs:
    90%, so an 80 fires; the corporal, placed within 40 m of him, goes from 4 MPs to 2."""
    g = attackers()
    situation_of(g).place("unteroffizier", (19, 24))  # 2.8" (28 m) from de1 at (17, 26)
    fire = menu(g)["opportunity fire"]
    p = {"figure": "de1", "target": "squad", "mps": 2}
    lines = fire.explain(g, p)
    assert lines[1].startswith("fires if the d00 is under 90%") and lines[-1] == "unteroffizier: 4 MPs"
    assert not any(line.startswith(("winters", "lipton")) for line in lines)  # the other side's leaders
    with g.table_dice([80, 50]):
        e = fire.resolve(g, p)
    assert e.detail["outcome"]["fired"] is True and L.mp_left(g, "unteroffizier") == 2


def test_the_withdraw_form_moves_the_failed_unit_and_asks_no_odds():
    g = game()
    situation_of(g).morale("outpost", "withdraw")
    situation_of(g).out_of_action("de1", "de2")
    to(g, "Defender moves and fires")
    withdraw = menu(g)["withdraw"]
    assert params(withdraw) == [("unit", "choice", "unit", ("outpost",), None)]
    assert withdraw.odds(g, {"unit": "outpost"}) is None
    e = withdraw.resolve(g, {"unit": "outpost"})
    # a full 5" straight away from Guarnere at (20, 8), the nearest American (worked in test_withdrawal)
    assert e.text == "outpost withdraws: unteroffizier to (29, 28.58)"
    assert e.action == {"name": "withdraw", "params": {"unit": "outpost"}}


def test_a_unit_whose_last_men_are_wounded_has_no_one_to_withdraw():
    g = game()
    situation_of(g).morale("outpost", "withdraw")
    situation_of(g).out_of_action("de1", "de2")
    situation_of(g).wounded("unteroffizier")
    to(g, "Defender moves and fires")
    assert "withdraw" not in menu(g)


def test_the_arrival_roll_counts_the_missions_failures():
    """§3.2: an experienced battery arrives on 50%; "if it fails to arrive then re-roll each turn
    increasing the base chance by 10%": after one failure 60% (01-59)."""
    g = game()
    to(g, "Artillery")
    menu(g)["call artillery"].resolve(g, {"leader": "winters", "point": [19, 27]})
    with g.table_dice([70]):
        menu(g)["artillery"].resolve(g, {"side": "us"})
    g.advance()
    to(g, "Artillery")
    assert menu(g)["artillery"].odds(g, {"side": "us"}).p(True) == Fraction(59, 100)


@pytest.mark.parametrize("mode, inches", [("normal", 7), ("cautious", 5), ("under_fire", 4)])
def test_the_move_limit_drawn_on_a_drag_is_the_units_mode(mode, inches):
    """§4.3: 70, 50 or 40 m by mode, at 1" = 10 m."""
    g = attackers()
    situation_of(g).mode("squad", mode)
    assert A.move_limit(g, "toye") == inches


def test_a_drag_moves_a_figure_only_in_its_sides_move():
    g = game()
    to(g, "Artillery")
    with pytest.raises(IllegalActionError, match="^figures move in their side's phase; now is Artillery$"):
        A.move(g, "toye", (12, 12))
    to(g, "Attacker moves and fires")
    with g.table_dice([50]):  # veteran, cautious: 90%
        e = A.move(g, "toye", (12, 12))
    assert g.piece("toye")["position"] == [12, 12] and e.action["params"]["to"] == [12, 12]


def test_aid_and_melee_resolve_through_their_forms():
    """§7.1: Malarkey, an inch from the wounded Toye, tends him; §6.1: Guarnere (veteran, +2 over
    the green corporal) in contact: his 5 + 2 against a 3 is more than double: a kill."""
    g = attackers()
    situation_of(g).wounded("toye")
    situation_of(g).place("malarkey", (13, 9))
    aid = menu(g)["aid"]
    assert [(p.name, p.label) for p in aid.params] == [("figure", "helper"), ("wounded", "wounded")]
    assert aid.odds(g, {"figure": "malarkey", "wounded": "toye"}) is None
    e = aid.resolve(g, {"figure": "malarkey", "wounded": "toye"})
    assert (e.text, e.action) == ("malarkey tends toye", {"name": "aid", "params": {"figure": "malarkey", "wounded": "toye"}})
    to(g, "Melee")
    situation_of(g).place("guarnere", (27, 23.5))
    melee = menu(g)["melee"]
    assert (melee.label, melee.ref, melee.params[0].label) == ("Melee", "§6.1", "fight")
    with g.table_dice([5, 3]):
        e = melee.resolve(g, {"pair": ("guarnere", "unteroffizier")})
    assert e.detail["outcome"] == "a kills" and not g.piece("unteroffizier")["alive"]


def test_fire_for_effect_is_offered_to_the_leaders_by_its_label():
    from tests.easy_company.test_values_from_the_text import ranging_on_target

    g = ranging_on_target()
    ffe = menu(g)["fire for effect"]
    assert (ffe.label, ffe.ref) == ("Fire for effect (5 MPs)", "§3.2")
    assert [(p.name, p.kind, p.label) for p in ffe.params] == [("leader", "choice", "leader")]
