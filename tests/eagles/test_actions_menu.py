"""Eagles, Crowns and Oak Leaves' action menu on Hill 112, step by step: what each step offers,
with which choices, and the explanations before the roll (from the rule sections named)."""

from fractions import Fraction

from tests.conftest import dotted
from tests.eagles.helpers import game, put, unit
from wgkit.rules.eagles import actions as A

ALL = ("churchills", "dcli_a", "dcli_b", "field_regt", "pzgren", "tigers")


def menu(g) -> dict:
    return {a.name: a for a in A.ACTIONS(g)}


def form(spec) -> list[tuple]:
    return [(p.name, p.kind, p.label, p.choices, p.default, p.enemy_of) for p in spec.params]


def test_each_step_of_the_first_turn_offers_its_actions():
    offered = {}
    g = game()
    for _ in range(13):
        offered[g.current_step().name] = [a.name for a in A.ACTIONS(g)]
        g.advance()
    assert offered == {
        "Strategic road movement": ["move"], "Cross-country movement": ["move"],
        "Aircraft movement and AA fire": ["sortie", "drop"], "Infantry movement": ["move"],
        "Assign artillery": ["assign"], "Impact and damage": [], "Adjust and call": ["call fire"],
        "Anti-tank vs vehicles": [], "Vehicles vs vehicles": ["fire"], "Vehicles vs infantry and AT": ["fire"],
        "Infantry vs infantry": ["fire"], "Infantry melee": [], "Assaults on tanks and bunkers": []}


def test_the_forms_and_their_sections():
    g = game()
    m = menu(g)
    assert (m["move"].label, m["move"].ref, form(m["move"])) == (
        "Move", "2.0", [("unit", "choice", "unit", ALL, None, ""), ("to", "point", "to", (), None, "")])
    assert m["move"].explain(g, {"unit": "dcli_a", "to": (30, 10)}) == ["code A", "4\""]
    g = game(step="Vehicles vs vehicles")
    fire = menu(g)["fire"]
    assert (fire.label, fire.ref) == ("Direct fire (Vehicles vs vehicles)", "4.2")
    assert form(fire) == [("unit", "choice", "firer", ("churchills", "tigers"), None, ""),
                          ("target", "choice", "target", ("churchills", "tigers"), None, "unit"),
                          ("support", "choice", "direct support from", ("none",), None, "")]
    g = game(step="Vehicles vs infantry and AT")
    assert form(menu(g)["fire"])[1][3] == ("dcli_a", "dcli_b", "field_regt", "pzgren")
    g = game(step="Assign artillery")
    assert form(menu(g)["assign"]) == [("unit", "choice", "battery", ("field_regt",), None, ""),
                                       ("role", "choice", "to", ("barrage", "support"), None, "")]


def test_fire_explains_modifiers_fp_class_row_and_dice_and_its_odds_follow():
    g = game(step="Infantry vs infantry")
    put(g, "dcli_a", 36, 28)
    fire = menu(g)["fire"]
    p = {"unit": "dcli_a", "target": "pzgren", "support": "none"}
    assert fire.explain(g, p) == ["4 FP at 400 yd", "4 FP (X) against TPD CC: -1 dice",
                                  "effective row against infantry: hits on 9, 8, 0 (hits after the first impair "
                                  "without a re-roll)", "3 kill dice"]
    assert fire.odds(g, p).p((False, 0)) == Fraction(7, 10) ** 3  # no effect: three dice each missing on 1-7


def test_a_minefield_can_be_cleared_by_infantry_in_the_movement_steps():
    g = game(step="Infantry movement", edit=lambda d: d["terrain"].append(
        {"id": "mines", "type": "minefield", "variant": "hasty", "rectangle": {"center": [30, 12], "size": [3, 3]}}))
    put(g, "dcli_a", 30, 10.3)
    clear = menu(g)["clear mines"]
    assert (clear.label, clear.ref) == ("Clear a minefield (a turn's work)", "1.5")
    assert form(clear)[1] == ("field", "choice", "minefield", ("mines",), None, "")
    e = clear.resolve(g, {"unit": "dcli_a", "field": "mines"})
    assert (e.text, dotted(e)) == ("dcli_a clears mines", (("vars.eg.cleared", ["mines"]),
                                                         ("units.dcli_a.status.moved", True),
                                                         ("units.dcli_a.status.fired", True)))
    assert "clear mines" not in menu(g)  # nothing left to clear


def test_a_suicide_squad_where_5_31_allows_one():
    def guards(d):
        u = unit(d, "pzgren")
        u["rules"].update(unit_type="SMG", formation="waffen_ss", year=1945)

    g = game(step="Infantry movement", edit=guards)
    m = menu(g)
    assert form(m["suicide"]) == [("unit", "choice", "squad", ("pzgren",), None, "")]
    assert m["suicide"].ref == "5.3"
    e = m["suicide"].resolve(g, {"unit": "pzgren"})
    assert dotted(e)[0] == ("units.pzgren.status.suicide", True)
    assert "suicide" not in menu(g)


def test_drops_offer_day_night_and_glider_with_the_scatter_odds():
    g = game(step="Aircraft movement and AA fire")
    drop = menu(g)["drop"]
    assert form(drop) == [("unit", "choice", "unit", ("dcli_a", "dcli_b", "pzgren"), None, ""),
                          ("point", "point", "drop centre", (), None, ""),
                          ("how", "choice", "how", ("day drop", "night drop", "glider"), "day drop", "")]
    assert drop.odds(g, {"unit": "dcli_a", "point": (20, 20), "how": "day drop"}).p(0.5) == Fraction(1, 6)
    assert drop.odds(g, {"unit": "dcli_a", "point": (20, 20), "how": "glider"}) is None
    assert drop.explain(g, {"how": "night drop"}) == ["scatter: 0.8\" x d10 at night", "direction: d12 (clock face)"]
    e = drop.resolve(g, {"unit": "dcli_a", "point": (20, 20), "how": "glider"})
    assert e.text == "glider landing: dcli_a lands 0\" off (1 of 1 on the CD)"
    assert dotted(e)[1] == ("pieces.dcli_a1.position", [20.0, 20.0])


def test_counter_battery_at_an_enemy_off_board_battery_only_suppresses_it():
    def werfers(d):
        d["sides"][1]["units"].append({"id": "werfer", "kind": "artillery", "rules": {
            "fp": 3, "armour": "infantry", "guns": 6, "calibre_mm": 150, "off_board": True},
            "stands": [{"id": "werfer1", "position": [60, 46]}]})

    g = game(step="Impact and damage", edit=werfers)
    cb = menu(g)["counter-battery"]
    assert (cb.label, cb.ref) == ("Counter-battery fire", "3.5")
    assert form(cb) == [("unit", "choice", "battery", ("field_regt", "werfer"), None, ""),
                        ("target", "choice", "at", ("field_regt", "werfer"), None, "unit")]
    e = cb.resolve(g, {"unit": "field_regt", "target": "werfer"})
    assert (e.text, dotted(e)) == ("field_regt fires counter-battery at werfer: suppressed",
                                   (("units.werfer.status.suppressed", True), ("units.field_regt.status.fired", True)))
    assert form(menu(g)["counter-battery"])[0][3] == ("werfer",)  # field_regt has fired
