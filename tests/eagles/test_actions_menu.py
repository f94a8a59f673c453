"""Eagles, Crowns and Oak Leaves' action menu on Hill 112, step by step: what each step offers,
with which choices, and the explanations before the roll (from the rule sections named)."""

from fractions import Fraction

import pytest

from tests.conftest import dotted
from tests.eagles.helpers import game, put, unit
from wgkit.engine import IllegalActionError
from wgkit.rules import situation_of
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
        "Aircraft movement and AA fire": ["sortie"], "Infantry movement": ["move"],
        "Assign artillery": ["assign"], "Impact and damage": [], "Adjust and call": ["call fire"],
        "Anti-tank vs vehicles": [], "Vehicles vs vehicles": ["fire"], "Vehicles vs infantry and AT": ["fire"],
        "Infantry vs infantry": ["fire"], "Infantry melee": [], "Assaults on tanks and bunkers": []}


def test_the_forms_and_their_sections():
    g = game()
    m = menu(g)
    assert (m["move"].label, m["move"].ref, form(m["move"])) == (
        "Move", "2.0", [("unit", "choice", "unit", ALL, None, ""), ("to", "point", "to", (), None, "")])
    with pytest.raises(IllegalActionError, match=r"along a road all the way \(2\.2\)"):  # the first step: roads only
        m["move"].explain(g, {"unit": "dcli_a", "to": (30, 10)})
    g = game(step="Infantry movement")
    assert menu(g)["move"].explain(g, {"unit": "dcli_a", "to": (30, 10)}) == ["code A", "4\""]
    g = game(step="Vehicles vs vehicles")
    fire = menu(g)["fire"]
    assert (fire.label, fire.ref) == ("Direct fire (Vehicles vs vehicles)", "4.2")
    assert form(fire) == [("unit", "choice", "firer", ("churchills", "tigers"), None, ""),
                          ("target", "choice", "target", ("churchills", "tigers"), None, "unit"),
                          ("support", "choice", "direct support from", ("none",), None, "")]
    g = game(step="Vehicles vs infantry and AT")
    assert form(menu(g)["fire"])[1][3] == ("dcli_a", "dcli_b", "pzgren")  # not the 25-pdrs off the table (3.5)
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
    g = game(step="Aircraft movement and AA fire", edit=lambda d: unit(d, "dcli_a")["rules"].update(airborne=True))
    drop = menu(g)["drop"]  # only for the units the scenario marks airborne
    assert form(drop) == [("unit", "choice", "unit", ("dcli_a",), None, ""),
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
    assert cb.explain(g, {"unit": "field_regt", "target": "werfer"}) == [
        "counter-battery fire only suppresses an off-board battery; naval guns are immune"]
    assert cb.odds(g, {"unit": "field_regt", "target": "werfer"}) is None
    assert form(cb) == [("unit", "choice", "battery", ("field_regt", "werfer"), None, ""),
                        ("target", "choice", "at", ("field_regt", "werfer"), None, "unit")]
    e = cb.resolve(g, {"unit": "field_regt", "target": "werfer"})
    assert (e.text, dotted(e)) == ("field_regt fires counter-battery at werfer: suppressed",
                                   (("units.werfer.status.suppressed", True), ("units.field_regt.status.fired", True)))
    assert form(menu(g)["counter-battery"])[0][3] == ("werfer",)  # field_regt has fired


def _spec(g, name):
    return menu(g)[name]


def test_hold_and_deploy_forms():
    g = game(step="Cross-country movement")
    put(g, "churchills", 36, 27)
    put(g, "tigers", 40, 31)
    hold = _spec(g, "hold")
    assert (hold.label, hold.ref, form(hold)) == ("Hold (no more quarter segments)", "Sequence of Play",
                                                  [("unit", "choice", "unit", ("churchills", "pzgren"), None, "")])  # the Tigers are 566 yd off
    assert hold.explain(g, {"unit": "pzgren"}) == ["next quarter segment: de"]
    assert hold.odds(g, {"unit": "pzgren"}) is None
    assert hold.resolve(g, {"unit": "pzgren"}).text == "pzgren holds its ground"
    assert "pzgren" not in form(_spec(g, "hold"))[0][3]  # its four segments are used
    g = game(edit=lambda d: unit(d, "field_regt")["rules"].update(off_board=False))
    deploy = _spec(g, "deploy")
    assert (deploy.label, deploy.ref, form(deploy)) == ("Set up or break down a gun", "3.9",
                                                        [("unit", "choice", "gun", ("field_regt",), None, "")])
    assert deploy.explain(g, {"unit": "field_regt"}) == ["towed_up_to_99: break down, set up (2, 2) turns"]
    assert deploy.odds(g, {"unit": "field_regt"}) is None
    assert deploy.resolve(g, {"unit": "field_regt"}).text == "field_regt begins to break down: ready after turn 2"
    assert "deploy" not in menu(g)  # it is changing deployment now


def test_spot_form_lists_hidden_units_and_its_odds_come_from_the_chart():
    g = game(step="Infantry vs infantry", edit=lambda d: d["sides"][1]["units"][0]["stands"][0].update(hidden=True))
    put(g, "dcli_a", 36, 20)
    spot = _spec(g, "spot")
    assert (spot.label, spot.ref) == ("Spot a hidden unit", "4.1")
    assert form(spot) == [("unit", "choice", "spotter", ALL, None, ""), ("target", "choice", "look for", ("pzgren",), None, "unit")]
    assert spot.odds(g, {"unit": "dcli_a", "target": "pzgren"}).p(True) == Fraction(20, 100)  # 60 - 20 woods - 20 still
    with g.table_dice([20]):
        assert spot.resolve(g, {"unit": "dcli_a", "target": "pzgren"}).text == "dcli_a looks for pzgren (20%): spotted"
    assert "spot" not in menu(g)


def test_call_fire_barrage_and_their_previews():
    g = game(step="Adjust and call")
    call = _spec(g, "call fire")
    assert (call.label, call.ref) == ("Order fire", "3.1")
    assert form(call) == [("unit", "choice", "battery", ("field_regt",), None, ""),
                          ("order", "choice", "order", ("fire", "repeat", "shift", "cease"), None, ""),
                          ("point", "point", "aim at", (), None, ""),
                          ("add", "int", "add (+) / drop (-) yd", (), 0, ""),
                          ("right", "int", "right (+) / left (-) yd", (), 0, ""),
                          ("pattern", "choice", "pattern", ("spread", "converged"), None, "")]
    p = {"unit": "field_regt", "order": "fire", "point": (36, 32), "add": 0, "right": 0, "pattern": "spread"}
    assert call.explain(g, p) == ["time lapse 2 turn(s) for a new mission (uk)"]
    assert [s.text for s in call.preview(g, p) if s.kind == "text"] == ["aim"]
    assert call.resolve(g, p).text == "field_regt: fire at (36, 32), spread, lands turn 3"
    situation_of(g).turn(3)
    while g.current_step().name != "Impact and damage":
        g.advance()
    barrage = _spec(g, "barrage")
    assert (barrage.label, barrage.ref, form(barrage)) == ("Barrage lands", "3.3-3.7",
                                                           [("unit", "choice", "battery", ("field_regt",), None, "")])
    q = {"unit": "field_regt"}
    assert barrage.explain(g, q) == ["spread pattern, FP W", "error: d10 for yards off, d10 for direction"]
    assert barrage.odds(g, q).p((0, "long")) == Fraction(3, 10) * Fraction(3, 10)  # 0 yd on 0-2, long on 1-3
    assert [s.text for s in barrage.preview(g, q) if s.kind == "text"] == ["aim (4\" CD)"]
    with g.table_dice([0, 1, 2, 3, 4, 5, 6]):
        assert barrage.resolve(g, q).text.startswith("field_regt (spread, W) lands on target: pzgren")


def test_sortie_aa_and_air_attack_forms():
    def add_plane(d):
        d["sides"][1]["units"].append({"id": "stukas", "kind": "aircraft", "rules": {"sortie": "rockets", "fp": 1},
                                       "stands": [{"id": "stuka1", "position": [70, 46]}]})
    g = game(step="Aircraft movement and AA fire", edit=add_plane)
    sortie = _spec(g, "sortie")
    assert (sortie.label, sortie.ref, form(sortie)) == ("Send a sortie", "6.1", [
        ("unit", "choice", "sortie", ("typhoons", "stukas"), None, ""), ("point", "point", "target", (), None, "")])
    p = {"unit": "stukas", "point": (31, 7.5)}
    assert sortie.odds(g, p) is None and [s.text for s in sortie.preview(g, p) if s.kind == "text"] == ["impact zone"]
    sortie.resolve(g, p)
    situation_of(g).turn(2)
    aa = _spec(g, "AA fire")
    assert (aa.label, aa.ref) == ("AA fire at a sortie", "6.4")
    assert form(aa) == [("unit", "choice", "firer", ALL, None, ""), ("plane", "choice", "sortie", ("stukas",), None, "")]
    assert aa.odds(g, {"unit": "churchills", "plane": "stukas"}).p(True) == 1 - Fraction(9, 10) ** 2  # HMG: 2 dice
    with g.table_dice([3]):
        assert aa.resolve(g, {"unit": "dcli_a", "plane": "stukas"}).text.endswith("fires at stukas: miss")
    while g.current_step().name != "Impact and damage":
        g.advance()
    attack = _spec(g, "air attack")
    assert (attack.label, attack.ref, form(attack)) == ("Sortie attacks", "6.2-6.3",
                                                        [("unit", "choice", "sortie", ("stukas",), None, "")])
    assert attack.odds(g, {"unit": "stukas"}) is None
    with g.table_dice([5] * 9):
        assert attack.resolve(g, {"unit": "stukas"}).text == "stukas attacks (Y, converged): dcli_a: no effect"


def test_melee_and_assault_forms_pair_enemies_within_100_yards():
    g = game(step="Infantry melee")
    put(g, "dcli_a", 36, 31.5)
    melee = _spec(g, "melee")
    assert (melee.label, melee.ref, form(melee)) == ("Melee", "5.1", [
        ("pair", "choice", "fight", (("dcli_a v pzgren", ("dcli_a", "pzgren")),), None, "")])
    assert melee.odds(g, {"pair": ("dcli_a", "pzgren")}).p(0) == Fraction(10, 100)  # equal ratings: a tie on equal dice
    with g.table_dice([9, 1]):
        assert melee.resolve(g, {"pair": ("dcli_a", "pzgren")}).text == "dcli_a wins; pzgren destroyed, dcli_a suppressed"
    g = game(step="Assaults on tanks and bunkers")
    put(g, "tigers", 40, 31)
    put(g, "dcli_a", 40, 30.5, spotted=False)
    assault = _spec(g, "assault")
    pair = {"pair": ("dcli_a", "tigers")}
    assert (assault.label, assault.ref, form(assault)) == ("Assault a tank or bunker", "5.2", [
        ("pair", "choice", "assault", (("dcli_a v tigers", ("dcli_a", "tigers")),), None, "")])
    assert assault.explain(g, pair) == ["30%: d00 plus modifiers at or under 30", "vehicle did not move -10 (rules 5.2)"]
    assert assault.odds(g, pair).p(True) == Fraction(40, 100)
    with g.table_dice([40]):
        assert assault.resolve(g, pair).text == "dcli_a destroys tigers"


def test_direct_support_is_offered_only_from_the_firers_own_side():
    """4.2 direct support comes from a unit of the firer's own side: the form offers a US
    Sherman no German 88, and the 88 no US unit (before, the form offered both and the rules
    then refused the shot)."""
    from wgkit.widgets.actions import ActionPanel
    from wgkit.widgets.errors import ErrorArea

    g = game("tutorial_crossroads_barrage", step="Vehicles vs infantry and AT")
    situation_of(g).unit_status("easy", role="support")  # a US unit ready to support
    fire = menu(g)["fire"]
    assert {"flak88", "easy"} <= set(fire.params[2].choices)  # the rules' list holds both sides
    assert fire.params[2].friend_of == "unit"
    panel = ActionPanel(g, ErrorArea())
    panel.choice.value = "fire"
    panel.inputs["unit"].value = "shermans"
    offered = [v for _, v in panel.inputs["support"].options]
    assert "flak88" not in offered and {"none", "easy"} <= set(offered)
