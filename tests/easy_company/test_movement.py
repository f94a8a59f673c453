"""Easy Company §4 movement with the faces fixed: who rolls, what a failed roll leaves, the run of
successes, the distance limit to the inch, going prone under fire in the open."""

from fractions import Fraction

import pytest

from tests.test_easy_company_play import game, to
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.easy_company import movement as MV


@pytest.fixture
def g():
    g = game()  # Lipton's half-squad is veteran and cautious (§4.2: the enemy is known)
    to(g, "Attacker moves and fires")
    return g


def test_a_leader_does_not_roll_and_pays_one_mp_in_cautious_mode(g):
    # §4.4: leaders pay MPs instead of rolling (cautious 1); a sergeant, veteran: 8 + 2 = 10 MPs (§2.4)
    assert MV.move_odds(g, "lipton") == (None, [])
    e = MV.resolve_move(g, "lipton", (14, 12))
    assert e.rolls == () and e.text == "lipton moves (cautious)" and g.piece("lipton")["status"]["mp"] == 9


def test_five_inches_is_the_cautious_limit_to_the_inch(g):
    # §4.3: cautious 50 m, 1" = 10 m
    with pytest.raises(IllegalActionError, match=r'toye may move 5" \(50 m\) cautious; that is 5\.1"'):
        MV.resolve_move(g, "toye", (12, 14.1))
    with g.table_dice([1]):
        MV.resolve_move(g, "toye", (12, 14))
    assert g.piece("toye")["position"] == [12, 14]


def test_a_failed_roll_leaves_the_man_where_he_was_and_breaks_the_run(g):
    with g.table_dice([1]):  # toye moves: the squad's run of successes is 1
        MV.resolve_move(g, "toye", (12, 12))
    # §4.4: veteran 90%, +10% for the previous success: 100%, so only 00 fails
    odds, mods = MV.move_odds(g, "malarkey")
    assert odds.p(True) == Fraction(99, 100) and [m.name for m in mods] == ["veteran", "previous success"]
    with g.table_dice([100]):
        e = MV.resolve_move(g, "malarkey", (16, 12))
    assert e.text == "malarkey will not move (cautious, 100% to move)" and g.piece("malarkey")["position"] == [16, 9]
    assert g.piece("malarkey")["status"]["acted"]  # his action is spent
    assert MV.move_odds(g, "guarnere")[0].p(True) == Fraction(89, 100)  # the run is broken: 90% again


def test_under_fire_a_man_who_ends_in_the_open_goes_prone_but_not_in_cover(g):
    situation_of(g).under_fire("squad", "small arms")
    odds, _ = MV.move_odds(g, "toye")  # §4.4: 90% - 30% under small arms fire
    assert odds.p(True) == Fraction(59, 100)
    with g.table_dice([1, 1]):
        MV.resolve_move(g, "guarnere", (20, 12))  # 4" (40 m) into the open
        MV.resolve_move(g, "toye", (9, 8.5))  # into the orchard (concealed)
    assert g.piece("guarnere")["status"]["prone"] is True and g.piece("toye")["status"]["prone"] is False
