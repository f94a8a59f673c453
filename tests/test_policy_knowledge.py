"""The simulation policies act only on what their side sees: a hidden enemy is never targeted."""

import importlib
import math

import pytest

from tests.conftest import ROOT, load_edited
from wgkit.scenario import load
from wgkit.rules import situation_of
from wgkit.rules.policies import seen
from wgkit.rules.registry import get_ruleset

# where each policy chooses a target: (module, function, whether the target is a unit or a square)
AIMS = {
    "close_action": [("wgkit.rules.close_action.fire", "resolve_fire", "unit")],
    "eagles": [("wgkit.rules.eagles.fire", "resolve", "unit"), ("wgkit.rules.eagles.close", "resolve_melee", "unit")],
    "rookie": [("wgkit.rules.rookie.fire", "resolve", "unit")],
    "easy_company": [("wgkit.rules.easy_company.fire", "resolve_fire", "unit")],
    "company_fire": [("wgkit.rules.company_fire.fire", "resolve", "square"),
                     ("wgkit.rules.company_fire.fire", "resolve_at", "unit"),
                     ("wgkit.rules.company_fire.assault", "resolve", "square")],
}
SCENARIOS = ["close_action/hedgerow_farm", "company_fire/hedgerows_of_normandy",
             "eagles/tutorial_crossroads_barrage", "rookie/tractor_works", "easy_company/brecourt_manor"]


def _enemies_in(game, side: str, square) -> list[str]:
    from wgkit.rules.company_fire import lookup as L

    return [u for u, v in game.state["units"].items()
            if v["side"] != side and L.alive(game, u) and tuple(L.cell(game, u)) == tuple(square)]


def shots(monkeypatch, name: str, hide_defenders: bool) -> list[tuple[str, list[str], bool]]:
    """Play four turns with the policies; for each shot: the firing side, the units aimed at, and
    whether that side had seen any of them when it chose to fire."""
    def edit(doc):
        for side in doc["sides"]:
            if side["role"] == "defender" and hide_defenders:
                for unit in side["units"]:
                    unit["hidden"] = True
    scenario = load_edited(ROOT / f"scenarios/{name}.yaml", edit)
    taken = []
    for module, function, aim in AIMS[scenario.ruleset]:
        mod = importlib.import_module(module)

        def spy(game, firer, target, *args, _real=getattr(mod, function), _aim=aim, **kwargs):
            actor = firer[0] if isinstance(firer, list) else firer
            side = (game.state["units"].get(actor) or game.state["pieces"][actor])["side"]  # a unit or a figure
            aimed = [target] if _aim == "unit" else _enemies_in(game, side, target)
            taken.append((side, aimed, bool(seen(game, side, aimed))))
            return _real(game, firer, target, *args, **kwargs)
        monkeypatch.setattr(mod, function, spy)
    ruleset = get_ruleset(scenario.ruleset)
    game = ruleset.new_game(scenario, 1)
    ruleset.policy.play(game, 4)
    return taken


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_hidden_enemy_is_never_targeted(monkeypatch, name):
    in_the_open = shots(monkeypatch, name, hide_defenders=False)
    assert any(side_sees for _, _, side_sees in in_the_open)  # the policies do fire at what they see
    hidden = shots(monkeypatch, name, hide_defenders=True)
    assert [shot for shot in hidden if not shot[2]] == []


def test_seen_counts_own_units_units_in_the_open_and_spotted_ones():
    scenario = load_edited(ROOT / "scenarios/company_fire/hedgerows_of_normandy.yaml")
    game = get_ruleset(scenario.ruleset).new_game(scenario, 1)
    everyone = list(game.state["units"])
    assert "gruppe2" not in seen(game, "us", everyone)  # Gruppe Brandt starts hidden
    assert {"gruppe", "sherman"} <= set(seen(game, "us", everyone))
    assert "gruppe2" in seen(game, "de", everyone)  # its own side knows where it is
    situation_of(game).spotted("gruppe2", ["us"])
    assert "gruppe2" in seen(game, "us", everyone)


HOLD = ROOT / "tests/data/hold_area.yaml"


def _held(game) -> bool:
    """Every German figure still fighting stands in the orchard (within 5" of (24, 36))."""
    return all(math.dist(p["position"], (24, 36)) <= 5 for p in game.state["pieces"].values()
               if p["side"] == "de" and p["alive"])


def _games(n: int):
    from wgkit.victory import winner

    s = load(HOLD)
    rules = get_ruleset(s.ruleset)
    out = []
    for seed in range(n):
        game = rules.new_game(s, seed)
        rules.policy.play(game, 2)
        out.append((_held(game), winner(game)))
    return out


def test_a_side_that_must_hold_an_area_does_not_walk_out_of_it(monkeypatch):
    """The Germans win by holding the orchard when turn 2 ends. The simple policy advanced them on
    the Americans they saw, out of the orchard, and so lost; it keeps them there now, and they win
    unless they are shot out of it."""
    from wgkit.rules.close_action import policy as ca

    now = _games(40)
    assert sum(held for held, _ in now) == 40
    monkeypatch.setattr(ca, "leaves_ground", lambda *a: False)  # the policy as it was: advance regardless
    before = _games(40)
    assert sum(held for held, _ in before) < 20
    assert sum(w == "de" for _, w in now) > sum(w == "de" for _, w in before) + 10


def test_leaving_ground_is_judged_against_the_sides_own_areas():
    from wgkit.rules.policies import held_areas, leaves_ground

    game = get_ruleset("close_action").new_game(load(HOLD), 0)
    assert len(held_areas(game, "de")) == 1 and held_areas(game, "us") == []
    assert leaves_ground(game, "de", (24, 33), (24, 30))  # 3" out of the 5" circle
    assert not leaves_ground(game, "de", (24, 33), (24, 40))  # across it
    assert not leaves_ground(game, "de", (24, 20), (24, 10))  # never in it
    assert not leaves_ground(game, "us", (24, 33), (24, 20))  # not the Americans' to hold


def test_the_opponent_on_both_sides_holds_the_orchard_too():
    from wgkit.simulate import simulate

    report = simulate(load(HOLD), 6, seed=0, players="opponent")
    assert report.wins("de") == 6 and report.deciders("de") == {"German section: hold the orchard": 6}
    assert report.turns_decided("de") == {0: 6}  # held from the start to the end
