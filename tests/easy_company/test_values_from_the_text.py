"""Easy Company values no other test pins down, each worked out from the text (§1.3: a d00
succeeds under the chance, 01 always, 00 never)."""

from fractions import Fraction

import pytest

from tests.conftest import ROOT
from tests.test_easy_company_play import game, to
from wgkit.engine import Game
from wgkit.engine.game import IllegalActionError
from wgkit.rules import situation_of
from wgkit.rules.easy_company import actions as A
from wgkit.rules.easy_company import lookup as L
from wgkit.rules.easy_company.flow import SEQUENCE
from wgkit.scenario import loads


def menu(g) -> dict:
    return {a.name: a for a in A.ACTIONS(g)}


def ranging_on_target():
    """Winters has called the guns onto (19, 27) and the ranging round landed on target."""
    g = game()
    to(g, "Artillery")
    menu(g)["call artillery"].resolve(g, {"leader": "winters", "point": [19, 27]})
    with g.table_dice([10, 20]):  # arrives (under 50) and on target (under 50)
        menu(g)["artillery"].resolve(g, {"side": "us"})
    g.advance()
    to(g, "Artillery")
    return g


@pytest.mark.parametrize("to_point, allowed", [
    ((25, 27), True),  # exactly 6" east: "up to 6 inches"
    ((19, 33), True),  # exactly 6" north
    ((25.1, 27), False),  # 6.1"
    ((23.3, 31.3), False),  # 6.08" on the diagonal
])
def test_the_fire_walks_up_to_6_inches_and_no_further(to_point, allowed):
    """§3.2: a leader may spend 5 MPs to walk the fire "up to 6 inches"."""
    g = ranging_on_target()
    walk = menu(g)["walk fire"]
    before = L.mp_left(g, "winters")
    if not allowed:
        with pytest.raises(IllegalActionError, match='fire walks at most 6"'):
            walk.resolve(g, {"leader": "winters", "point": list(to_point)})
        assert L.mp_left(g, "winters") == before
        return
    with g.table_dice([20]):  # experienced battery: on target under 50
        e = walk.resolve(g, {"leader": "winters", "point": list(to_point)})
    assert e.text == "winters walks the fire: on target"
    assert L.mp_left(g, "winters") == before - 5


@pytest.mark.parametrize("mode, cost", [("cautious", 2), ("under_fire", 3)])
def test_a_leader_pays_2_mps_to_fire_when_cautious_and_3_under_fire(mode, cost):
    """§5.3 Leaders: "Cautious 2MPs, Under Fire 3MPs" to fire."""
    g = game()
    to(g, "Attacker moves and fires")
    situation_of(g).mode("hq", mode)
    before = L.mp_left(g, "winters")
    with g.table_dice([50, 50]):
        menu(g)["fire"].resolve(g, {"figure": "winters", "target": "outpost", "mps": 0})
    assert L.mp_left(g, "winters") == before - cost


def pistol_at(y: float, weapon: str = "pistol") -> Game:
    """Winters armed with a pistol (effective 20 m, maximum 50 m, §5.4) at (17, y), de1 at (17, 26)."""
    text = (ROOT / "scenarios/easy_company/tutorial_farmyard.yaml").read_text().replace(
        "position: [18, 3], weapons: [rifle, radio]", f"position: [17, {y}], weapons: [{weapon}, radio]")
    g = Game(loads(text), 44, flow=SEQUENCE)
    to(g, "Attacker moves and fires")
    return g


def test_beyond_effective_range_a_shot_hits_only_on_01():
    """§5.4: between effective and maximum range "hits may only be scored on an '01'". A leader
    fires for MPs (every face but 00 opens fire), so at 35 m a hit is the one face 01: 1/100."""
    g = pistol_at(22.5)  # 3.5" = 35 m at 1" = 10 m
    fire = menu(g)["fire"]
    p = {"figure": "winters", "target": "outpost", "mps": 0}
    assert fire.explain(g, p)[0] == "pistol at 35 m (long range: hits only on 01)"
    assert fire.odds(g, p).p("hit") == Fraction(1, 100)
    with g.table_dice([2]):  # 02 opens fire and is under the 40% effective chance, but not 01
        e = fire.resolve(g, p)
    assert e.detail["outcome"] == {"fired": True, "wounded": []}
    g = pistol_at(22.5)  # the same shot in a fresh game (one action a figure a turn)
    with g.table_dice([1, 1]):  # 01, then the d10 picking the figure hit
        e = fire.resolve(g, p)
    assert len(e.detail["outcome"]["wounded"]) == 1


def test_within_effective_range_the_same_shot_hits_on_the_effective_chance():
    """§5.5: elite 80%, halved against the concealed Germans: effective on 01-39."""
    g = pistol_at(24.5)  # 1.5" = 15 m: within the pistol's 20 m
    fire = menu(g)["fire"]
    p = {"figure": "winters", "target": "outpost", "mps": 0}
    assert fire.explain(g, p)[0] == "pistol at 15 m (effective range)"
    assert fire.odds(g, p).p("hit") == Fraction(39, 100)
    with g.table_dice([2, 1]):  # 02 hits at this range
        e = fire.resolve(g, p)
    assert len(e.detail["outcome"]["wounded"]) == 1


def test_beyond_effective_range_an_automatic_weapon_hits_only_on_01_for_every_figure():
    """§5.4 and §5.5: an SMG (effective 80 m, maximum 200 m) at 100 m rolls for each figure it
    sees, and each roll hits only on 01: faces of 02 fire but hit nobody."""
    g = pistol_at(16.0, "smg")  # 10" = 100 m from de1
    p = {"figure": "winters", "target": "outpost", "mps": 0}
    assert menu(g)["fire"].explain(g, p)[0] == "smg at 100 m (long range: hits only on 01)"
    with g.table_dice([2, 2, 2]):
        e = menu(g)["fire"].resolve(g, p)
    assert e.detail["outcome"] == {"fired": True, "wounded": []}


def test_an_automatic_weapons_odds_count_figures_hit():
    g = game()
    to(g, "Attacker moves and fires")
    d = menu(g)["fire"].odds(g, {"figure": "malarkey", "target": "outpost", "mps": 0})
    assert [label for _, label, _ in d.outcomes()] == ["0 figures hit", "1 figure hit", "2 figures hit"]


def test_the_artillery_aim_point_is_a_red_cross_with_its_state_above_it():
    """§3.2: the aim point (19, 27) is marked by two strokes 0.6" either side of it, crossing, in
    the mission red, and its side's name and state half an inch above the cross. A side that has
    called nothing, listed first, draws nothing and hides nothing of the other's."""
    from wgkit.rules.easy_company.markers import MARKERS

    g = ranging_on_target()
    sides = g.state["sides"]
    drawn = MARKERS(g.scenario, {**g.state, "sides": {"de": sides["de"], "us": sides["us"]}})
    assert [(s.kind, s.points.tolist()) for s in drawn] == [
        ("line", [[18.4, 26.4], [19.6, 27.6]]), ("line", [[18.4, 27.6], [19.6, 26.4]]), ("text", [[19, 28.1]])]
    assert [(s.stroke, s.width, s.alpha) for s in drawn[:2]] == [("#d62828", 0.1, 0.9)] * 2
    assert (drawn[2].fill, drawn[2].size, drawn[2].text) == ("#1d1d1d", 0.5, "2nd Platoon, Easy Company artillery (ranging)")
    assert {s.tag for s in drawn} == {"marker:artillery us"}
    assert all(s.fill is None for s in drawn[:2])


def test_the_artillery_aim_point_is_drawn_for_the_umpire_and_its_side_only():
    """§3.2: once called, the aim point stands on the board as a red cross with its state; the
    other side's page does not show where the enemy's guns are aimed."""
    from wgkit.fog import Fog
    from wgkit.render.scene import build_scene

    g = ranging_on_target()
    scene = build_scene(g.scenario, g.state)
    cross = [s for s in scene.layers["grid"] if s.tag == "marker:artillery us"]
    assert [s.text for s in cross if s.kind == "text"] == ["2nd Platoon, Easy Company artillery (ranging)"]
    assert any(s.kind == "line" and tuple(s.points.mean(axis=0)) == (19, 27) for s in cross)
    for side, shown in (("us", True), ("de", False)):
        fog = Fog(side)
        fog.follow(g)
        seen = build_scene(g.scenario, fog.view(g.state)).layers["grid"]
        assert any(s.tag == "marker:artillery us" for s in seen) is shown
