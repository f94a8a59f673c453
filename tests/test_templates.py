"""Unit templates in the editor: units as the bundled scenarios field them, placed in one click."""

import pytest

from wgkit.facts.common import NATION_COLOURS
from wgkit.facts.registry import RULESETS
from wgkit.scenario.draft import Draft, blank
from wgkit.scenario.templates import templates
from wgkit.widgets import ScenarioEditor


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_template_of_every_ruleset_places_a_valid_unit_in_one_click(ruleset):
    e = ScenarioEditor(blank(ruleset, 48, 48))
    e.tool.value = "unit"
    made = templates(ruleset)
    assert made, f"{ruleset} has no templates"
    for i, t in enumerate(made):
        e.template.value = t
        e.side.value = "red" if t.nationality == "germany" else "blue"
        e.click(4 + (i % 6) * 7, 4 + (i // 6) * 7)
        unit = e.data["sides"][0 if e.side.value == "blue" else 1]["units"][-1]
        assert (unit["kind"], unit.get("quality"), unit.get("rules", {})) == (t.kind, t.quality, dict(t.rules))
        assert [(p.get("role"), tuple(p.get("weapons", ()))) for p in e.draft.pieces_of(unit)] == \
            [(p.role, p.weapons) for p in t.pieces]
    assert e.problems() == []
    assert len(e.draft.history) == len(made)  # one edit a unit: one undo takes it back


def test_a_template_is_the_bundled_unit_it_is_read_from():
    """Gruppe Krebs in the hedgerow farm: a leader with an SMG, an LMG gunner, his crewman with a
    pistol, a rifleman with grenades and two riflemen; steady."""
    (krebs,) = [t for t in templates("close_action") if t.like.startswith("Gruppe Krebs")]
    assert krebs.label == ("Germans · squad, steady: leader (smg), lmg, crew (pistol), rifle+grenade, 2 × rifle"
                           " · like Gruppe Krebs (The farm outside Carentan)")


def test_the_first_unit_of_a_nation_names_an_unnamed_side_and_a_named_side_keeps_its_name():
    d = Draft(blank("close_action", 48, 48))
    german = next(t for t in templates("close_action") if t.nationality == "germany" and t.kind == "squad")
    british = next(t for t in templates("close_action") if t.nationality == "uk" and t.kind == "squad")
    d.add_template("red", german, (24, 40))
    assert {k: d.side("red").get(k) for k in ("name", "nationality", "colour")} == \
        {"name": "Germans", "nationality": "germany", "colour": NATION_COLOURS["germany"]}
    d.set_side("blue", name="2nd Ox and Bucks")
    d.add_template("blue", british, (24, 8))
    assert (d.side("blue")["name"], d.side("blue").get("nationality")) == ("2nd Ox and Bucks", None)
    d.undo()
    d.undo()
    d.undo()
    assert (d.side("red")["name"], d.side("red").get("nationality"), len(d.side("red")["units"])) == ("Defender", None, 1)


def test_on_a_grid_a_templates_stands_share_the_square_clicked():
    d = Draft(blank("company_fire", 48, 48))
    sherman = next(t for t in templates("company_fire") if t.kind == "tank")
    uid = d.add_template("blue", sherman, (15, 9))
    (stand,) = d.pieces_of(d.unit(uid))
    assert stand["cell"] == [2, 1] and d.unit(uid)["rules"] == {"tank_class": "medium"}


def test_a_template_chosen_stays_chosen_while_the_ruleset_stays_and_goes_with_it():
    e = ScenarioEditor(blank("close_action", 48, 48))
    krebs = next(t for t in templates("close_action") if t.like.startswith("Gruppe Krebs"))
    e.template.value = krebs
    e.tool.value = "unit"
    e.side.value = "red"
    e.click(24, 40)
    assert e.template.value is krebs  # a second squad is one more click
    e.ruleset.value = "company_fire"
    e.apply_fields.click()
    assert e.template.value is None and all(t.ruleset == "company_fire" for _, t in e.template.options[1:])


def test_a_side_of_a_nation_the_ruleset_has_no_template_for_is_offered_every_unit_as_that_nation():
    """Company Fire's scenarios field Americans and Germans only: a British side is offered every
    unit as the British would field it, each saying whose it copies; placed, it is the British
    side's. A side of a nation that has templates sees the kit's own, in the same order."""
    from wgkit.scenario.templates import templates_for

    kit = templates("company_fire")
    british = templates_for("company_fire", "uk")
    assert len(british) == len(kit) and {t.nationality for t in british} == {"uk"}
    # one order for every nation: a choice made on a menu not yet redrawn picks the same unit
    assert [(t.kind, [p.role for p in t.pieces]) for t in british] == [(t.kind, [p.role for p in t.pieces]) for t in kit]
    sherman = next(t for t in british if t.kind == "tank" and "Bull" in t.like)
    assert sherman.label.startswith("British · tank, regular: main_gun+vehicle_mg · like Sherman \"Bull\"")
    assert sherman.label.endswith(", as the Americans field it")
    assert templates_for("company_fire", "us") == kit == templates_for("company_fire", None)  # a nation it fields
    e = ScenarioEditor(blank("company_fire", 48, 48))
    e.side.value = "blue"
    e.nationality.value = "uk"
    e.side_name.value = "1st Royal Norfolks"
    e.apply_side.click()
    labels = [label for label, t in e.template.options[1:]]
    assert labels and all(label.startswith("British · ") for label in labels)
    e.template.value = next(t for _, t in e.template.options[1:] if t.kind == "rifle_squad")
    e.tool.value = "unit"
    e.click(15, 9)
    side = e.draft.side("blue")
    assert (side["name"], side["nationality"], side["units"][-1]["kind"]) == ("1st Royal Norfolks", "uk", "rifle_squad")
    british_squad = e.template.value
    e.side.value = "red"  # the other side, of no nation yet: every template as the kit has it, the same unit kept
    assert {t.nationality for _, t in e.template.options[1:]} == {"us", "germany"}
    assert e.template.value == kit[british.index(british_squad)]

