"""§5.4 Grenades and Mortars, and §5.3's fire types, resolved with the faces fixed: each outcome
by its words and its whole event. The tutorial farmyard: the corporal dug in at (27, 24), de1 and
de2 in the barn (x 14-22, y 25.5-30.5) at (17, 26) and (21, 26); Guarnere is a veteran."""

from __future__ import annotations

import pytest

from tests.conftest import dotted
from tests.test_easy_company_play import game, mortar_game, to
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.easy_company import fire as F


def attackers(**placed):
    g = game()
    to(g, "Attacker moves and fires")
    for who, where in placed.items():
        situation_of(g).place(who, where)
    return g


@pytest.mark.parametrize("faces, words", [
    ([100], "not thrown"),  # 00 never fires (§1.3)
    ([50], "misses"),  # thrown (veteran, 110%), but 50 is not under the 6% against a dug-in man
    ([3, 3], "nobody wounded"),  # on target; 3 is odd
])
def test_a_grenade_that_wounds_nobody_says_why(faces, words):
    g = attackers(guarnere=(27, 21))
    with g.table_dice(faces):
        e = F.resolve_grenade(g, "guarnere", "unteroffizier")
    assert e.text == f"guarnere throws a grenade at unteroffizier: {words}" and e.detail["outcome"] == []
    assert dotted(e)[1:] == (("pieces.guarnere.status.acted", True),)
    assert not g.piece("unteroffizier")["status"].get("wounded")


@pytest.mark.parametrize("face", range(1, 11))
def test_in_a_building_each_man_inside_is_wounded_on_an_even_d10(face):
    """§5.4: a grenade in a confined space rolls for everyone in it; even wounds (2, 4, 6, 8, 10)."""
    g = attackers(guarnere=(18, 24.5))  # 1.7" from de1, outside the barn
    with g.table_dice([1, face, 1]):  # 01 is on target; de1 rolls the face, de2 a 1 (odd)
        e = F.resolve_grenade(g, "guarnere", "de1")
    hurt = ["de1"] if face % 2 == 0 else []
    assert e.detail["outcome"] == hurt
    assert [r.purpose for r in e.rolls][1:] == ["grenade: de1 (even wounds)", "grenade: de2 (even wounds)"]
    assert bool(g.piece("de1")["status"].get("wounded")) is bool(hurt) and not g.piece("de2")["status"].get("wounded")
    assert g.piece("guarnere")["status"]["acted"] is True


def test_a_grenade_reaches_exactly_three_inches():
    g = attackers(guarnere=(27, 21))  # exactly 3" south of the corporal
    with g.table_dice([50]):
        F.resolve_grenade(g, "guarnere", "unteroffizier")
    g = attackers(guarnere=(27, 20.99))
    with pytest.raises(IllegalActionError, match=r"^unteroffizier is beyond a grenade's throw \(3\"\)$"):
        F.resolve_grenade(g, "guarnere", "unteroffizier")


@pytest.mark.parametrize("faces, words, hurt", [
    ([70], "off target", []),  # veteran in the open: on target under 60
    ([10, 60, 70], "no one hurt", []),  # on target; each man wounded under 50
    ([10, 60, 20], "de2 wounded", ["de2"]),
])
def test_a_mortar_that_fires_puts_the_units_in_its_zone_under_fire_whatever_it_hits(faces, words, hurt):
    """§5.4: de1 (17, 26) and de2 (21, 26) stand 2" from (19, 26); a mortar that fires puts their
    unit under light artillery fire (the kit's reading, §4.4), even off target."""
    g = mortar_game()
    with g.table_dice(faces):
        e = F.resolve_mortar(g, "malarkey", (19, 26))
    assert e.text == f"malarkey's mortar: {words}" and e.detail["outcome"] == hurt
    assert ("pieces.malarkey.status.acted", True) in dotted(e)
    assert g.state["units"]["outpost"]["status"]["fire_types"] == ["light artillery"]
    assert [p for p in ("de1", "de2") if g.piece(p)["status"].get("wounded")] == hurt
    assert e.action == {"name": "mortar", "params": {"figure": "malarkey", "point": [19, 26]}}


def test_a_mortar_that_does_not_fire_changes_nothing_but_its_crews_turn():
    g = mortar_game()
    with g.table_dice([100]):  # 00 never fires
        e = F.resolve_mortar(g, "malarkey", (19, 26))
    assert e.text == "malarkey's mortar: does not fire"
    assert dotted(e)[1:] == (("pieces.malarkey.status.acted", True),)


@pytest.mark.parametrize("firer, kind", [("malarkey", "automatic weapons"), ("toye", "small arms")])
def test_the_target_is_under_fire_of_the_firing_weapons_kind(firer, kind):
    """§5.3: a unit under fire keeps the kind of weapon that fired on it (an LMG: automatic weapons;
    a rifle: small arms), which its own chances then pay for."""
    g = attackers()
    with g.table_dice([1] * 4):
        F.resolve_fire(g, firer, "outpost")
    assert g.state["units"]["outpost"]["status"]["fire_types"] == [kind]


def test_a_shot_that_is_not_fired_says_so():
    g = attackers()
    with g.table_dice([100]):  # 00: never
        e = F.resolve_fire(g, "toye", "outpost")
    assert e.text == "toye (rifle, 177 m) does not fire" and e.detail["outcome"] == {"fired": False, "wounded": []}
