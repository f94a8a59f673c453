"""The ruleset contract: every ruleset is one object the kit asks, situations replace state
paths, and each ruleset's main rolls can be asked from plain values with the panel's numbers."""

import dataclasses
import json
from pathlib import Path
import re
from fractions import Fraction

import pytest

from tests.conftest import ROOT
from wgkit.engine.flow import TurnSequence
from wgkit.rules import RULESETS, get_ruleset, situation_of
from wgkit.rules.registry import actions_for
from wgkit.rules.close_action import odds as ca_odds
from wgkit.rules.company_fire import odds as cf_odds
from wgkit.rules.contract import ContractError, Ruleset
from wgkit.rules.eagles import odds as ea_odds
from wgkit.rules.easy_company import odds as ec_odds
from wgkit.rules.rookie import odds as rk_odds
from wgkit.rules.situation import Situation
from wgkit.scenario import load

IDS = sorted(RULESETS)
MAIN_ROLLS = {  # the rolls issue 15 names, per ruleset
    "close_action": {"fire", "morale", "rally", "melee"},
    "company_fire": {"fire", "group_fire", "movement_test", "rally", "assault", "artillery_arrival"},
    "eagles": {"kill_dice", "barrage_error", "melee", "assault", "spot", "aa_fire"},
    "easy_company": {"test", "fire", "automatic_fire", "morale", "melee"},
    "rookie": {"fire", "morale", "melee", "observe", "aa_fire", "artillery_drift"},
}
FIRST = {"close_action": "tutorial_crossroads", "company_fire": "tutorial_orchard_gate", "eagles": "tutorial_crossroads_barrage",
         "easy_company": "tutorial_farmyard", "rookie": "tutorial_worked_example"}


def new_game(ruleset: str, scenario: str | None = None, seed: int = 1):
    return get_ruleset(ruleset).new_game(load(ROOT / f"scenarios/{ruleset}/{scenario or FIRST[ruleset]}.yaml"), seed)


@pytest.mark.parametrize("rid", IDS)
def test_every_ruleset_fulfils_the_contract(rid):
    rules = get_ruleset(rid)
    assert isinstance(rules, Ruleset) and rules.id == rid and rules.info is RULESETS[rid]
    assert isinstance(rules.sequence, TurnSequence) and rules.sequence.phases
    assert issubclass(rules.situation, Situation) and rules.situation is not Situation
    missing = {name for name in MAIN_ROLLS[rid] if not callable(getattr(rules.odds, name, None))}
    assert not missing, f"{rid}.odds lacks {missing}"
    game = new_game(rid)
    assert game.flow is rules.sequence
    assert isinstance(rules.actions(game), list)
    assert isinstance(situation_of(game), rules.situation)


def test_a_ruleset_missing_a_required_member_fails_when_built_naming_it():
    rules = get_ruleset("close_action")
    required = {f.name for f in dataclasses.fields(Ruleset) if f.default is dataclasses.MISSING}
    assert required == {"info", "sequence", "actions", "situation", "odds"}
    kwargs = {f.name: getattr(rules, f.name) for f in dataclasses.fields(Ruleset)}
    with pytest.raises(TypeError, match="odds"):
        Ruleset(**{k: v for k, v in kwargs.items() if k != "odds"})
    with pytest.raises(ContractError, match="'situation'"):
        Ruleset(**{**kwargs, "situation": "not a class"})
    with pytest.raises(ContractError, match="'policy'"):
        Ruleset(**{**kwargs, "policy": object()})
    with pytest.raises(ContractError, match="'threat'"):
        Ruleset(**{**kwargs, "threat": 0.5})  # a function of (game, firer, target), not a number


def test_optional_members_default_to_the_generic_behaviour():
    rules = get_ruleset("easy_company")
    assert rules.sight is None and rules.threat is None  # free-form sight; fire not weighed by the opponent
    game = new_game("easy_company")
    assert rules.markers(game.scenario, game.state) == []
    cf = get_ruleset("company_fire")
    assert cf.sight is not None and cf.move_limit is not None


def test_nothing_outside_the_registry_finds_ruleset_code_by_name():
    offenders = []
    for path in (ROOT / "wgkit").rglob("*.py"):
        if path.name == "registry.py":
            continue
        text = path.read_text()
        if re.search(r"import_module|hasattr\(module|getattr\(module", text):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_every_ruleset_package_has_the_same_layout():
    common = {"tables.py", "lookup.py", "flow.py", "actions.py", "odds.py", "situation.py", "ruleset.py"}
    for rid in IDS:
        files = {p.name for p in (ROOT / "wgkit/rules" / rid).glob("*.py")}
        assert common <= files, f"{rid} lacks {common - files}"
        assert (ROOT / "wgkit/facts" / f"{rid}.py").is_file(), f"{rid}'s facts are not in wgkit/facts"
    assert not (ROOT / "wgkit/rules/easy_company/play.py").exists()


PAGES = ("cli.py", "opponent.py", "session.py", "simulate.py", "sweep.py", "desk.py")  # beside wgkit/widgets
RAW_PATH = re.compile(r"""\(\(\\?["'](units|pieces|vars|decks|turn|rng|sides|active|phase|step)\\?["']""")


def test_no_notebook_page_or_test_but_the_engines_writes_a_raw_state_path():
    allowed = {"test_engine.py", "test_save.py", "test_contract.py"}
    texts = {p: p.read_text() for p in (ROOT / "tests").rglob("*.py") if p.name not in allowed}
    for page in [*(ROOT / "wgkit/widgets").glob("*.py")] + [ROOT / "wgkit" / f for f in PAGES]:
        texts[page] = page.read_text()
    for nb in (ROOT / "notebooks").glob("*.ipynb"):  # the code the notebook runs, not its printed output
        texts[nb] = "\n".join("".join(c["source"]) for c in json.loads(nb.read_text())["cells"] if c["cell_type"] == "code")
    assert len(texts) > 40
    found = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p, text in texts.items() for m in RAW_PATH.finditer(text)]
    assert found == []


RAW_READ = re.compile(r"""\bstate(\(\))?\[|\bstate\.get\(""")  # game.state["pieces"], self.state()["units"], state.get("turn")


def _code(path: Path) -> str:
    if path.suffix == ".ipynb":  # the code the notebook runs, not its printed output
        return "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code")
    return path.read_text()


def test_no_page_cli_opponent_or_notebook_reads_the_state_layout():
    """Pages, the CLI, the opponent and the notebooks read the game by name
    (:mod:`wgkit.engine.views`, the ruleset's lookups), never by the state's layout."""
    paths = [*(ROOT / "wgkit/widgets").glob("*.py"), *(ROOT / "wgkit/app").glob("*.ipynb"),
             *(ROOT / "notebooks").glob("*.ipynb")] + [ROOT / "wgkit" / f for f in PAGES]
    assert len(paths) > 25
    found = [f"{p.relative_to(ROOT)}: {line.strip()}" for p in paths for line in _code(p).splitlines() if RAW_READ.search(line)]
    assert found == []


def test_the_read_pattern_would_see_a_raw_read():
    assert RAW_READ.search('unit = self.game.state["pieces"][piece]["unit"]')
    assert RAW_READ.search('if onto is not None and self.state()["pieces"][onto]')
    assert RAW_READ.search('int(game.state.get("turn") or 1)')
    assert not RAW_READ.search("unit_of(self.game.state, piece)")


def test_the_pattern_above_would_see_a_raw_path():
    assert RAW_PATH.search('g.record("m", [(("units", "a", "status", "morale"), "rout")])')
    assert RAW_PATH.search('game.record(\\"x\\", [((\\"pieces\\", \\"a\\", \\"position\\"), [1, 2])])')


# -- situations -------------------------------------------------------------------------------
def test_a_situation_is_one_logged_event_that_undo_takes_back():
    game = new_game("close_action")
    before = len(game.log)
    e = situation_of(game).shot_at("gruppe", dice=16, hits=3)
    assert e.kind == "situation" and len(game.log) == before + 1 and "16 dice" in e.text
    status = game.state["units"]["gruppe"]["status"]
    assert (status["fire_dice"], status["hits"], status["heavy_fire"]) == (16, 3, False)
    game.undo()
    assert "fire_dice" not in game.state["units"]["gruppe"]["status"]


def test_situations_refuse_what_the_rules_do_not_know():
    game = new_game("close_action")
    with pytest.raises(ValueError, match="cowering"):
        situation_of(game).morale("gruppe", "panicking")
    with pytest.raises(ValueError, match="no piece or unit"):
        situation_of(game).place("nobody", (1, 1))
    with pytest.raises(ValueError, match="no deck"):
        situation_of(game).deck_order("initiative", ["2C"])


def test_place_moves_every_figure_of_a_unit_and_at_step_reaches_a_named_step():
    game = new_game("close_action")
    situation_of(game).place("gruppe", (5, 6), facing=370)
    figs = [p for p in game.state["pieces"].values() if p["unit"] == "gruppe"]
    assert figs and all(p["position"] == [5.0, 6.0] and p["facing"] == 10.0 for p in figs)
    assert game.at_step("Move").current_step().name == "Move"
    with pytest.raises(ValueError, match="no step called 'Charge'"):
        game.at_step("Charge")


# -- odds from plain values, checked against the text's arithmetic ----------------------------
def test_close_action_odds_from_plain_values():
    # Firing: each die hits on its number; 2 dice at 4+ both miss with (1/2)^2
    assert ca_odds.fire(dice=2, need=4).p(0) == Fraction(1, 4)
    # 7+: a 6, then 4-6 on a second die: 1/6 * 1/2
    assert ca_odds.fire(dice=1, need=7).p(1) == Fraction(1, 12)
    mixed = ca_odds.fire(pools={4: 1, 5: 1})
    assert mixed.p(2) == Fraction(1, 2) * Fraction(1, 3)
    # Rally: one d6 at the need or more
    assert ca_odds.rally(5).p(True) == Fraction(2, 6)
    # Hand to hand: equal dice with equal modifiers tie 6 times in 36
    assert ca_odds.melee(0, 0).p("tie") == Fraction(1, 6)


def test_company_fire_odds_from_plain_values():
    assert cf_odds.fire(3).p(0) == Fraction(8, 27)  # each 5 or 6 hits: (4/6)^3 miss
    assert cf_odds.movement_test(4, 0).p(True) == Fraction(1, 2)  # 4+ on a d6
    assert cf_odds.movement_test(5, -1).p(True) == Fraction(1, 6)  # needs the 6
    assert cf_odds.artillery_arrival().p(True) == Fraction(5, 6)  # a 1 cancels
    rolls, one = cf_odds.group_fire(["rifle_squad", "rifle_squad"], targets=2)
    assert rolls == 2 and sum(one.probs.values()) == 1


def test_eagles_odds_from_plain_values():
    assert ea_odds.assault(0).p(True) == Fraction(30, 100)  # 5.2: d00 at or under 30
    assert ea_odds.assault(10).p(True) == Fraction(20, 100)
    assert ea_odds.melee(0, 0).p(0) == Fraction(1, 10)  # d10 against d10: ties 10 in 100
    assert ea_odds.aa_fire(2).p(True) == 1 - Fraction(9, 10) ** 2  # kill dice hitting on 0
    assert ea_odds.spot(45).p(True) == Fraction(45, 100)


def test_easy_company_odds_from_plain_values():
    assert ec_odds.test(50).p(True) == Fraction(49, 100)  # §1.3: less than 50 on d00
    assert ec_odds.test(110).p(True) == Fraction(99, 100)  # 00 always fails
    assert ec_odds.test(0).p(True) == Fraction(1, 100)  # 01 always succeeds
    # §6.1: equal grades: a draw when the two d10 are equal
    assert ec_odds.melee("green", "green").p("draw") == Fraction(1, 10)


def test_rookie_odds_from_plain_values():
    m = rk_odds.morale(5)  # a d10 at or under 5 passes; 3 under (1-2) sheds a marker
    assert m.p("steady") == Fraction(2, 10) and m.p("holds") == Fraction(3, 10)
    assert rk_odds.melee().p(0) == Fraction(1, 6)  # a d6 each: a tie
    assert rk_odds.observe(30).p(True) == Fraction(30, 100)


# -- the panel shows the same numbers -----------------------------------------------------------
def spec(game, name):
    return next(a for a in actions_for(game) if a.name == name)


def test_close_action_panel_odds_equal_the_plain_odds():
    from wgkit.rules.close_action import fire, morale

    game = new_game("close_action").at_step("Fire")
    p = {"unit": "section", "target": "gruppe", "aim": "all", "weapon": "none"}
    plan = fire.plan_fire(game, "section", "gruppe")
    plain = ca_odds.fire(pools={pool.need: pool.dice for pool in plan.pools})
    assert spec(game, "fire").odds(game, p).probs == plain.probs
    situation_of(game).shot_at("gruppe", dice=16, hits=3)
    game.at_step("Morale")
    modifier = int(sum(m.value for m in morale.morale_modifiers(game, "gruppe")))
    assert spec(game, "morale").odds(game, {"unit": "gruppe"}).probs == ca_odds.morale(16, modifier).probs


def test_eagles_and_easy_company_melee_take_the_pair_as_a_tuple():
    game = new_game("easy_company")
    situation_of(game).place("guarnere", (17, 25.2))  # touching de1
    game.at_step("Melee")
    melee = spec(game, "melee")
    pair = next(v for v in melee.params[0].values() if v == ("guarnere", "de1"))
    assert isinstance(pair, tuple)
    from wgkit.rules.easy_company.lookup import quality

    assert melee.odds(game, {"pair": pair}).probs == ec_odds.melee(quality(game, "guarnere"), quality(game, "de1")).probs


def test_company_fire_group_fire_names_its_units_as_a_tuple():
    from tests.company_fire.helpers import game as cf_game
    from tests.company_fire.helpers import put

    game = cf_game(step="Group fire", card="fire")
    put(game, "sq1", (4, 3))
    put(game, "sq2", (4, 3))
    group = spec(game, "group fire")
    value = next(v for v in group.params[0].values() if set(v) == {"sq1", "sq2"})
    label = next(c[0] for c in group.params[0].choices if c[1] == value)
    assert isinstance(value, tuple) and "+" in label
    from wgkit.rules.company_fire import fire

    from wgkit.rules.company_fire.lookup import gridmap

    target = gridmap(game).grid.center((5, 4))  # the gruppe's square
    plan = fire.plan(game, list(value), (5, 4))
    assert group.odds(game, {"units": value, "target": target}).probs == cf_odds.fire(plan.dice).probs


def test_eagles_panel_assault_odds_equal_the_plain_odds():
    from tests.eagles.helpers import game as ea_game
    from tests.eagles.helpers import put

    game = ea_game(step="Assaults on tanks and bunkers")
    put(game, "dcli_a", 44, 43)  # next to the Tigers, which have not moved: -10
    assault = spec(game, "assault")
    assert assault.odds(game, {"pair": ("dcli_a", "tigers")}).probs == ea_odds.assault(-10).probs
    assert ea_odds.assault(-10).p(True) == Fraction(40, 100)


def test_rookie_panel_melee_odds_equal_the_plain_odds():
    from tests.rookie.helpers import act
    from tests.rookie.helpers import game as rk_game
    from tests.rookie.helpers import put

    game = rk_game()
    put(game, "ru_sq", 16, 10)
    act(game, "ru_sq")
    melee = spec(game, "melee")
    assert melee.odds(game, {"enemy": melee.params[0].values()[0]}).probs == rk_odds.melee().probs
    assert rk_odds.melee().p(1) == Fraction(15, 36)  # the attacker's die higher: 15 of 36


def test_form_defaults_are_exact_zero_stays_zero():
    from wgkit.rules.actions import Param

    assert Param("add", "int", default=0, low=-800, high=800).initial() == 0
    assert Param("n", "int", low=1, high=9).initial() == 1
    assert Param("pair", "choice", choices=(("a v b", ("a", "b")),)).initial() == ("a", "b")
    game = new_game("eagles", "hill_112")
    order = next(a for a in actions_for(game.at_step("Adjust and call")) if a.name == "call fire")
    initial = {p.name: p.initial() for p in order.params}
    assert (initial["add"], initial["right"]) == (0, 0)  # the barrage lands where the preview aims


@pytest.mark.parametrize("rid", IDS)
def test_every_value_says_where_it_comes_from_and_the_docs_page_says_the_same(rid):
    """Source marks agree: each value in tables.py and the ruleset's facts is seed (with its section), worked example, or
    house (with its reason); the generated docs page and the panel's label read the same object."""
    import sys

    from wgkit.rules.registry import values_of

    sys.path.insert(0, str(ROOT / "docs/hooks"))
    try:
        import values_page
    finally:
        sys.path.pop(0)
    values = values_of(rid)
    assert values
    page = values_page.page()
    for name, v in values:
        assert (v.note if v.is_house else v.ref), f"{rid} {name}: a {v.source} value must say its {'reason' if v.is_house else 'section'}"
        assert v.label() == ("HOUSE" if v.is_house else f"{'rules' if v.source == 'seed' else v.source} {v.ref}".strip())
        assert not v.label().startswith("seed")  # "seed" reads as the dice seed on a screen
        row = next(line for line in page.splitlines() if line.startswith(f"| `{name}` |"))
        assert ("**HOUSE**" in row) == v.is_house, row
