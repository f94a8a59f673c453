"""Company Fire: snipers' range and cover, scouts, leaders given up, retreats to shed a hit and
anti-tank fire that turns the firer, each with the dice fixed and the numbers worked from the text.

Hedgerows of Normandy: an 8 x 6 grid of 6" squares, distances counted square by square across
edges; bocage runs between rows 2 and 3 (a gap at column 3) and between columns 3 and 4 above."""

from tests.company_fire.helpers import faces, game, put, unit
from tests.conftest import refused
from wgkit.rules import situation_of
from wgkit.rules.company_fire import fire as F
from wgkit.rules.company_fire import lookup as L
from wgkit.rules.company_fire.effects import Effects

OPEN = dict(card="fire", side="de", edit=lambda d: d.update(terrain=[]))  # no terrain


def test_a_sniper_reaches_ten_squares_and_no_further():
    # Snipers: "within 10 squares"; from (0, 5), (7, 2) is 7 + 3 = 10 squares and (7, 1) is 11
    g = game(**OPEN)
    put(g, "gruppe2", (0, 4))  # units in the squares between block the line: out of its way
    put(g, "mg42", (7, 4))
    put(g, "sq1", (7, 2))
    p = F.sniper_plan(g, "sniper", "sq1")
    assert (p.firers, p.origin, p.target, p.dice) == (["sniper"], (0, 5), (7, 2), 3)
    put(g, "sq1", (7, 1))
    refused(g, "sq1 is 11 squares away; the range is 10", F.sniper_plan, "sniper", "sq1")


def test_a_snipers_target_behind_bocage_has_cover_only_from_across_it():
    # Snipers: cover costs a die (3d6 -> 2d6) except against a single figure; the bocage between
    # (5, 3) and (5, 2) covers a squad in (5, 2) from the north, not from the east
    g = game(card="fire", side="de")
    put(g, "sq1", (5, 2))
    put(g, "sniper", (5, 3))
    p = F.sniper_plan(g, "sniper", "sq1")
    assert (p.dice, p.notes, [m.name for m in p.mods]) == (2, ["cover: bocage (bocage_mid)"], ["target in cover"])
    put(g, "sniper", (6, 2))
    assert (F.sniper_plan(g, "sniper", "sq1").dice, F.sniper_plan(g, "sniper", "sq1").notes) == (3, [])
    put(g, "sniper", (5, 3))
    with g.table_dice([6, 2]):
        e = F.resolve_sniper(g, "sniper", "sq1")
    assert faces(e) == [6, 2]
    # two dice hitting on 5 or 6 (1 in 3): none 4/9, one 4/9, two 1/9
    assert e.detail["odds"] == ["0 hits: 44.4%", "1 hit: 44.4%", "2 hits: 11.1%", "at least 1 hit: 55.6%",
                                "at least 2 hits: 11.1%"]


def test_a_sniper_fires_once_a_card():
    g = game(card="fire", side="de")
    put(g, "plt_ldr", (1, 5))
    situation_of(g).unit_status("sniper", fired=True)
    refused(g, "sniper has already acted on this card", F.sniper_plan, "sniper", "plt_ldr")


def test_a_scout_that_has_moved_does_not_scout_and_one_seeing_no_hidden_enemy_reveals_nothing():
    # Scouts: scouting is the scout's move, so even on a face card it comes instead of moving;
    # enemies already in plain sight are not "revealed"
    g = game(card="any", edit=lambda d: unit(d, "fo").update(kind="scout", rules={}))
    put(g, "fo", (5, 5), moved=True)
    refused(g, "fo has already acted on this card", F.resolve_scout, "fo")
    situation_of(g).unit_status("fo", moved=False)
    assert L.sees(g, "fo", L.cell(g, "gruppe")) and L.sees(g, "fo", L.cell(g, "stug"))
    e = F.resolve_scout(g, "fo")
    assert e.text == "fo reveals nothing and leaves the table" and e.detail["outcome"] == []


def _destroyed(g, uid):
    """An attack that destroyed ``uid`` as the last action (three hits)."""
    fx = Effects(g)
    fx.hit(uid, 3)
    g.record("attack", fx.finish())


def test_only_a_live_leader_of_the_side_in_the_same_square_is_given_up():
    # Platoon Leaders and Company Commanders: a PL or CC in the destroyed unit's square
    g = game()
    put(g, "sq1", (2, 0))
    _destroyed(g, "sq1")
    refused(g, "sq2 is not a platoon leader or company commander of sq1's side", F.resolve_sacrifice, "sq2", "sq1")
    refused(g, "plt_ldr is not in sq1's square", F.resolve_sacrifice, "plt_ldr", "sq1")
    g = game(edit=lambda d: unit(d, "gruppe").update(kind="platoon_leader"))  # a German leader
    put(g, "gruppe", (2, 0))
    _destroyed(g, "sq1")
    refused(g, "gruppe is not a platoon leader or company commander of sq1's side", F.resolve_sacrifice, "gruppe", "sq1")
    g = game()
    put(g, "plt_ldr", (2, 0))
    _destroyed(g, "plt_ldr")  # lost earlier, in an action of its own
    put(g, "sq2", (2, 0))
    _destroyed(g, "sq2")
    refused(g, "plt_ldr is already gone", F.resolve_sacrifice, "plt_ldr", "sq2")


def _one_hit_on_gruppe(g):
    put(g, "sq2", (4, 3))
    n = F.plan(g, ["sq2"], (5, 4)).dice
    with g.table_dice([6] + [1] * (n - 1)):  # one 6: one hit
        F.resolve(g, ["sq2"], (5, 4))
    put(g, "zook", (5, 0))


def test_a_single_figure_seeing_the_retreat_does_not_stop_it():
    # Hit Reduction: into no other enemy unit's sight; a single-man figure's sight does not count (house reading)
    g = game(card="fire")
    _one_hit_on_gruppe(g)
    put(g, "plt_ldr", (4, 5))
    assert L.sees(g, "plt_ldr", (5, 5))
    e = F.resolve_reduce(g, "gruppe", (5, 5))
    assert e.text == "gruppe retreats to (5, 5): 1 hit becomes 0, good order"


def test_a_vehicle_sheds_a_hit_only_into_a_square_it_may_enter():
    # Area Terrain: buildings are closed to vehicles off the road; a halftrack hit in (5, 4) may
    # not back into the building at (6, 4)
    g = game(card="fire", edit=lambda d: unit(d, "gruppe").update(kind="halftrack"))
    _one_hit_on_gruppe(g)
    assert L.cf(g)["last_fire"]["hits"]["gruppe"][1] == 1
    refused(g, "gruppe cannot retreat into \\(6, 4\\)", F.resolve_reduce, "gruppe", (6, 4))


def test_a_gun_without_a_turret_turns_to_fire_and_the_hit_still_lands():
    # Attacking vehicles: a firer without a turret turns its hull to the quarter facing the target;
    # the StuG (facing south, 180) fires at the Sherman due east of it, 90 degrees off its bow
    g = game(card="fire", side="de")
    put(g, "zook", (4, 0))
    put(g, "stug", (5, 0))
    p, turn = F.at_plan(g, "stug", "sherman")
    assert turn == {"facing": 90.0} and p.notes == ["main_gun at 1 square: 4d6", "turns to face 90 degrees"]
    with g.table_dice([6, 5, 1, 2]):
        e = F.resolve_at(g, "stug", "sherman")  # the form's default: aimed fire, not op fire
    assert faces(e) == [6, 5, 1, 2] and g.piece("stug_model")["facing"] == 90.0
    assert e.text == "stug fires 4d6 at sherman: " + "; ".join(e.detail["outcome"])
    assert any(path[:2] == ("units", "sherman") for path, _ in e.changes)  # the hits, as well as the turn
    assert L.status(g, "stug")["at_fired"] is True and L.status(g, "stug")["fired"] is True
    # four dice hitting on 5 or 6: none 16/81, one 32/81, two 24/81, three 8/81, four 1/81
    assert e.detail["odds"][:5] == ["0 hits: 19.8%", "1 hit: 39.5%", "2 hits: 29.6%", "3 hits: 9.9%", "4 hits: 1.2%"]
