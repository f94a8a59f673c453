"""Easy Company: what each resolution writes to the dice log, whole: its kind, its text, the rule
it cites, its rolls, what it changes and the action it records (the log's filter hides an
event from a side by the pieces its action names). Faces fixed; the numbers from the text."""

from tests.conftest import dotted
from tests.test_easy_company_play import game, mortar_game, to
from wgkit.rules import situation_of
from wgkit.rules.easy_company import artillery as A
from wgkit.rules.easy_company import fire as F
from wgkit.rules.easy_company import melee as ME
from wgkit.rules.easy_company import morale as MO
from wgkit.rules.easy_company import movement as MV


def rolls(e):
    return [(r.purpose, r.die, r.faces) for r in e.rolls]


def test_melee_in_the_log():
    g = game()
    situation_of(g).place("guarnere", (17, 25.2))
    with g.table_dice([5, 2]):  # §6.1: veteran 5 + 2 = 7 against green 2: at least double, a kill
        e = ME.resolve_melee(g, "guarnere", "de1")
    assert (e.kind, e.text, e.detail["rule"], e.detail["outcome"]) == (
        "melee", "melee guarnere v de1: de1 killed", "§6.1 Melee", "a kills")
    assert rolls(e) == [("melee (a)", "d10", (5,)), ("melee (b)", "d10", (2,))]
    assert e.action == {"name": "melee", "params": {"a": "guarnere", "b": "de1"}}
    assert not g.piece("de1")["alive"]


def test_a_wounding_melee_in_the_log():
    g = game()
    situation_of(g).place("guarnere", (17, 25.2))
    with g.table_dice([3, 6]):  # 3 + 2 = 5 against 6: de1 wins, 6 is not double 5
        e = ME.resolve_melee(g, "guarnere", "de1")
    assert e.text == "melee guarnere v de1: guarnere wounded" and e.detail["outcome"] == "b wounds"
    assert g.piece("guarnere")["status"]["wounded"] and g.piece("guarnere")["status"]["prone"]


def test_aid_in_the_log():
    g = game()
    situation_of(g).piece_status("toye", wounded=True)
    to(g, "Attacker moves and fires")
    situation_of(g).place("lipton", (12, 9.8))
    e = ME.resolve_aid(g, "lipton", "toye")
    assert (e.kind, e.text, e.detail["rule"], e.detail["outcome"]) == ("aid", "lipton tends toye", "§7.1 Casualties", "aided")
    assert e.action == {"name": "aid", "params": {"figure": "lipton", "wounded": "toye"}}
    assert dotted(e) == (("pieces.lipton.status.acted", True), ("pieces.toye.status.aided", True))


def test_morale_in_the_log():
    g = game()
    situation_of(g).out_of_action("de1", "de2")
    with g.table_dice([29]):  # §8.1 green 30%
        e = MO.resolve_morale(g, "outpost")
    assert (e.kind, e.text, e.detail["rule"], e.detail["outcome"]) == (
        "morale", "outpost tests morale (30%): holds", "§8.1 Morale", True)
    assert rolls(e) == [("outpost morale", "d00", (29,))]
    assert e.action == {"name": "morale", "params": {"unit": "outpost", "mps": 0}}
    # two of the three out (67%): the 50% mark is passed, the 75% one not yet
    status = g.state["units"]["outpost"]["status"]
    assert (status["morale"], status["tested_at"], status["failing_turns"]) == ("ok", 0.5, 0)

def test_withdrawal_in_the_log():
    g = game()
    situation_of(g).morale("outpost", "withdraw")
    situation_of(g).out_of_action("de1", "de2")
    to(g, "Defender moves and fires")
    e = MO.resolve_withdraw(g, "outpost")
    assert e.kind == "withdraw" and e.text.startswith("outpost withdraws: unteroffizier to (")
    assert e.detail["rule"] == "§8.1 Morale" and e.action == {"name": "withdraw", "params": {"unit": "outpost"}}
    assert e.rolls == ()  # withdrawing is not rolled for


def test_a_move_in_the_log():
    g = game()
    to(g, "Attacker moves and fires")
    with g.table_dice([50]):  # §4.4: veteran 90% in cautious mode; 50 moves
        e = MV.resolve_move(g, "toye", (12, 13))
    assert (e.kind, e.text, e.detail["rule"], e.detail["outcome"]) == (
        "move", "toye moves (cautious, 90% to move)", "§4 Movement", True)
    assert rolls(e) == [("toye moves", "d00", (50,))]
    assert e.action == {"name": "move", "params": {"figure": "toye", "to": [12, 13], "mps": 0, "reach_mps": 0}}
    assert g.piece("toye")["position"] == [12, 13] and g.piece("toye")["status"]["acted"]


def test_fire_in_the_log():
    g = game()
    to(g, "Attacker moves and fires")
    with g.table_dice([20, 1]):  # a leader fires at 100% for 2 MPs (cautious); 20 < 60 in the open: a hit
        e = F.resolve_fire(g, "lipton", "outpost")
    assert (e.kind, e.text, e.detail["rule"], e.detail["outcome"]) == (
        "fire", "lipton (rifle, 182 m) fires at outpost: de1 wounded", "§5 Firing", {"fired": True, "wounded": ["de1"]})
    assert rolls(e) == [("fire", "d00", (20,)), ("which figure is hit", "d10", (1,))]
    assert e.action == {"name": "fire", "params": {"figure": "lipton", "target": "outpost", "mps": 0}}
    # sergeant 8 + veteran 2 = 10 MPs, less the 2 of a leader's shot in cautious mode
    assert g.piece("lipton")["status"]["mp"] == 8
    assert g.state["units"]["outpost"]["status"]["fire_types"] == ["small arms"]
    assert g.state["units"]["squad"]["status"]["fire_streak"] == 1


def test_a_grenade_in_the_log():
    g = game()
    to(g, "Attacker moves and fires")
    situation_of(g).place("toye", (27, 21.5))
    with g.table_dice([3, 4]):  # 03 is under the 6% against dug-in men; 4 is even: wounded
        e = F.resolve_grenade(g, "toye", "unteroffizier")
    assert (e.kind, e.text, e.detail["rule"], e.detail["outcome"]) == (
        "grenade", "toye throws a grenade at unteroffizier: unteroffizier wounded", "§5.4 Grenades", ["unteroffizier"])
    assert rolls(e) == [("fire", "d00", (3,)), ("grenade: unteroffizier (even wounds)", "d10", (4,))]
    assert e.action == {"name": "grenade", "params": {"figure": "toye", "target": "unteroffizier"}}


def test_a_mortar_in_the_log():
    g = mortar_game()
    with g.table_dice([10, 20, 60]):  # on target (10 < 60); wound rolls at 50%: 20 wounds de1, 60 spares de2
        e = F.resolve_mortar(g, "malarkey", (19, 26))
    assert (e.kind, e.text, e.detail["rule"], e.detail["outcome"]) == (
        "mortar", "malarkey's mortar: de1 wounded", "§5.4 Mortars", ["de1"])
    assert rolls(e) == [("fire", "d00", (10,)), ("wound de1", "d00", (20,)), ("wound de2", "d00", (60,))]
    assert e.action == {"name": "mortar", "params": {"figure": "malarkey", "point": [19, 26]}}


def test_artillery_in_the_log():
    g = game()
    e = A.resolve_call(g, "winters", (19, 27))  # §3.2: 5 of the lieutenant's 8 + 4 (elite) MPs
    assert (e.kind, e.text, e.detail["rule"]) == ("artillery", "winters calls artillery onto (19, 27)", "§3.2")
    assert e.action == {"name": "call artillery", "params": {"leader": "winters", "point": [19, 27]}}
    assert dotted(e) == (("pieces.winters.status.mp", 7),  # 12 less the call's 5
                         ("sides.us.vars.artillery", {"state": "called", "failed": 0, "point": [19, 27], "caller": "winters"}))
    with g.table_dice([99]):  # experienced crew: 50% to arrive
        e = A.resolve_arrival(g, "us")
    assert e.text == "artillery does not arrive" and e.action == {"name": "artillery", "params": {"side": "us"}}
    assert dotted(e) == (("rng.counter", 0), ("sides.us.vars.artillery",
                                               {"state": "called", "failed": 1, "point": [19, 27], "caller": "winters",
                                                "rolled": 1}))
    situation_of(g).turn(2)  # rolled once a turn
    with g.table_dice([1, 1]):
        e = A.resolve_arrival(g, "us")
    assert e.text == "ranging round on target" and rolls(e) == [("artillery arrives", "d00", (1,)),
                                                                ("artillery on target", "d00", (1,))]
    situation_of(g).motivation("winters", 12)
    with g.table_dice([95]):  # 50% on target: 95 is off, and the mission ends
        e = A.resolve_walk(g, "winters", (21, 27))
    assert e.text == "winters walks the fire: off target, the mission ends" and e.detail["outcome"] is False
    assert e.action == {"name": "walk fire", "params": {"leader": "winters", "point": [21, 27]}}
    assert dotted(e) == (("pieces.winters.status.mp", 7), ("rng.counter", 0), ("sides.us.vars.artillery", None))


def test_fire_for_effect_in_the_log():
    g = game()
    A.resolve_call(g, "winters", (19, 27))
    with g.table_dice([1, 1]):
        A.resolve_arrival(g, "us")
    situation_of(g).motivation("winters", 12)
    # 105 mm: 140 m, 14" around (19, 27) holds the three Germans; 50% each (the foxhole: 5%)
    with g.table_dice([4, 30, 70]):
        e = A.resolve_effect(g, "winters")
    assert (e.kind, e.text, e.detail["rule"], e.detail["outcome"]) == (
        "artillery", "fire for effect (14\" radius): unteroffizier, de1 wounded", "§3.2", ["unteroffizier", "de1"])
    assert rolls(e) == [("wound unteroffizier", "d00", (4,)), ("wound de1", "d00", (30,)), ("wound de2", "d00", (70,))]
    assert e.action == {"name": "fire for effect", "params": {"leader": "winters"}}
    assert g.piece("winters")["status"]["mp"] == 7
