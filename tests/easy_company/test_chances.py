"""Easy Company: every chance with its modifiers, as the panel explains it before the roll: each
modifier's words, value and source, from the text's tables (000_f349617a9491ca07)."""

from wgkit.rules.easy_company import chances as C

PER_SUCCESS = ("previous success", 10, "rules §4.4 / §5.3 (per previous consecutive success)")
PER_MP = ("MP spent", 10, "rules §4.4 / §5.3 (per MP expended)")


def explained(p):
    return [(m["name"], m["value"], m["source"]) for m in (x.to_dict() for x in p.modifiers)]


def test_the_chance_to_fire_lists_each_modifier():
    # §5.3: green 70%; under small arms and automatic fire only the worst counts (§4.4 note: -50%);
    # -10% an untended casualty; +10% for each of two previous successes; +10% an MP: 40%
    p = C.fire_chance("green", ("small arms", "automatic weapons"), untended=1, streak=2, mps=1)
    assert p.value == 70 - 50 - 10 + 10 + 10 + 10 == 40 and str(p).startswith("40%")
    assert explained(p) == [("green", 70, "rules §5.3"), ("under fire: automatic weapons", -50, "rules §4.4 / §5.3"),
                            ("untended casualty", -10, "rules §5.3 (per untended casualty)"), PER_SUCCESS, PER_SUCCESS,
                            PER_MP]


def test_the_chance_to_move_lists_each_modifier():
    # §4.4: veteran 90%; light artillery -50%; -20% an untended casualty; +10% a success; +10% each of 2 MPs
    p = C.move_chance("veteran", ("light artillery",), untended=1, streak=1, mps=2)
    assert p.value == 90 - 50 - 20 + 10 + 20 == 50
    assert explained(p) == [("veteran", 90, "rules §4.4"), ("under fire: light artillery", -50, "rules §4.4 / §5.3"),
                            ("untended casualty", -20, "rules §4.4 (per untended casualty)"), PER_SUCCESS, PER_MP, PER_MP]


def test_morale_arrival_wounds_and_effect_explained():
    assert explained(C.morale_chance("veteran", 2)) == [  # §8.1: 70%, -10% each failing turn
        ("veteran", 70, "rules §8.1")] + [("failing turn", -10, "rules §8.1 (-10% per consecutive failing turn)")] * 2
    assert explained(C.arrival_chance("green", 2)) == [  # §3.2: 30%, +10% each turn it failed
        ("green", 30, "rules §3.2 arrival")] + [("failed turn", 10, "rules §3.2 (+10% each turn it fails to arrive)")] * 2
    assert C.arrival_chance("green", 2).value == 50
    assert explained(C.wound_chance("prone")) == [("basic", 50, "rules §3.2 wound table"),
                                                  ("prone x0.5", -25, "rules §3.2 (prone x50%)")]
    assert explained(C.effective_chance("green", "concealed")) == [  # §5.5: green 30%, concealed x50%
        ("green", 30, "rules §5.5"), ("target concealed x0.5", -15, "rules §5.5 (x50%)")]
    mps = C.motivation_points("sergeant", "green")  # §2.4: sergeant 8, green -2
    assert (mps.value, str(mps)) == (6, "6 MPs (sergeant +8 (rules §2.4), green -2 (rules §2.4))")


def test_range_bands_end_at_the_tables_metres():
    # §5.4: pistol effective 20 m, maximum 50 m; SMG 80 m and 200 m: the maximum is still in range
    assert [C.range_band("pistol", m) for m in (20, 20.5, 50, 50.5)] == ["effective", "long", "long", "out"]
    assert [C.range_band("smg", m) for m in (80, 81, 200, 201)] == ["effective", "long", "long", "out"]
