"""Each ruleset's own terms are explained where a page first uses them (issue 65, item 2): the
glossary marks the first use of a term in a piece of a page with a tooltip, never inside a tag,
and the umpire's page carries it in the odds, the result, the log and the turn panel."""

from tests.conftest import ROOT
from wgkit.facts.registry import find_ruleset
from wgkit.widgets import UmpireApp
from wgkit.words import Glossary

RULESETS = ("close_action", "company_fire", "eagles", "easy_company", "rookie")


def test_the_first_use_of_a_term_gets_its_meaning_and_later_uses_and_tags_stay_as_they_were():
    g = Glossary({"FP": "firepower (1.2)", "TPD": "target position defensive rating (1.4)"})
    out = g("<div title='FP here is an attribute'>4 FP at 781 yd</div><div>3 FP (W) against TPD BB; TPDX FPs</div>")
    assert out.count("<abbr") == 2  # FP once, TPD once; TPDX and FPs are other words
    assert ("<div title='FP here is an attribute'>4 <abbr class='wgkit-term' title='firepower (1.2)' "
            "style='text-decoration:underline dotted;cursor:help'>FP</abbr> at 781 yd</div>") in out
    assert "<div>3 FP (W) against <abbr class='wgkit-term' title='target position defensive rating (1.4)'" in out
    assert Glossary({})("<b>FP</b>") == "<b>FP</b>"


# each ruleset's terms as its text spells them out, typed from the text (section or heading named)
FROM_THE_TEXT = {
    "eagles": {"FP": "firepower",  # 1.2 FIREPOWER RATINGS
               "TPD": "target position defensive rating",  # 1.4 TARGET POSITION DEFENSIVE RATING (TPD)
               "DA": "defensive armour protection class",  # 1.3 Defensive Armor Protection Classes (DA)
               "CD": "the 4-inch disk",  # 3.6: "measured by using a CD (4")"
               "MPs": "movement points"},  # 2.5 Hex Grid Movement Points
    "easy_company": {"MPs": "motivation points"},  # 2.4 Motivation Points (MPs)
    "close_action": {"LMG": "light machine gun", "HMG": "heavy machine gun",  # the Fire Table's rows
                     "BZ": "blast zone"},  # Grenades: "a blast zone (BZ)"
    "company_fire": {"SMF": "single mounted figure",  # Single Mounted Figures (SMFs)
                     "SMFs": "single mounted figures"},
    "rookie": {},
}


def test_every_term_a_ruleset_explains_is_its_texts_own_and_says_what_the_text_makes_of_it():
    """The glossary holds exactly the terms above, each meaning beginning with what the text spells
    the term out as and ending with the section."""
    for rs in RULESETS:
        info = find_ruleset(rs)
        assert set(info.glossary) == set(FROM_THE_TEXT[rs]), rs
        for term, meaning in info.glossary.items():
            assert meaning.startswith(FROM_THE_TEXT[rs][term]), f"{rs}: {term} means {meaning!r}"
            assert meaning.endswith(")") and "(" in meaning, f"{rs}: {term} says no section"


def test_the_eagles_odds_explain_fp_and_tpd_where_they_first_appear():
    app = UmpireApp.open(ROOT / "scenarios/eagles/tutorial_crossroads_barrage.yaml", seed=3)
    app.begin()
    for _ in range(20):
        if any(s.name == "fire" for s in app.actions.model.specs):
            break
        app.turn.go_next()
    a = app.actions
    a.choice.value = "fire"
    lists = [(name, w) for name, w in a.inputs.items() if getattr(w, "options", None)]
    values = lambda w: [o[1] if isinstance(o, tuple) else o for o in w.options]  # noqa: E731
    for firer in values(lists[0][1]):  # the first firer and target the rules let fire
        lists[0][1].value = firer
        for target in values(lists[1][1]):
            lists[1][1].value = target
            if a.model.verdict.state == "ready":
                break
        if a.model.verdict.state == "ready":
            break
    assert "FP" in a.odds.value, a.odds.value
    assert a.odds.value.count("title='firepower: a unit") == 1
    assert "title='target position defensive rating" in a.odds.value


def test_easy_companys_artillery_odds_explain_mps():
    from tests.test_umpire_app import _app_at  # the app opened at a step

    a = _app_at(ROOT / "scenarios/easy_company/tutorial_farmyard.yaml", "Artillery").actions
    a.choice.value = "call artillery"
    a.inputs["leader"].value = "winters"
    a.inputs["point"].value = "19, 27"
    assert ("Lt. Winters has 12 motivation points (<abbr class='wgkit-term' title='motivation points: a "
            "leader&#x27;s allowance each turn for getting figures to act and for calling artillery (§2.4)' "
            "style='text-decoration:underline dotted;cursor:help'>MPs</abbr>); the call costs 5") in a.odds.value
