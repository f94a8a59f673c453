"""Dice: pinned seeds, unbiased faces, d00 rules, and an audit that re-derives every roll."""

import collections

import pytest

from wgkit.dice import (D00, D6, D10, D10_ZERO, TABLE, NeedFaces, Roller, TableRoller, count, d00_succeeds,
                        parse_faces, raw, replay_faces)


def test_fixed_seed_gives_pinned_faces():
    r = Roller(1944)
    assert r.roll(D6, 10, "test") == (3, 6, 5, 5, 2, 3, 4, 6, 4, 4)
    assert r.d10() in range(1, 11) and r.d10(zero_based=True) in range(0, 10)
    assert Roller(1944).roll(D6, 10) == (3, 6, 5, 5, 2, 3, 4, 6, 4, 4)  # reproducible
    assert Roller(1945).roll(D6, 10) != (3, 6, 5, 5, 2, 3, 4, 6, 4, 4)


def test_stream_words_are_pinned():
    assert raw(0, 0) == raw(0, 0) and raw(0, 0) != raw(0, 1) and raw(0, 0) != raw(1, 0)
    assert raw(1944, 0) == 0x45E0DFF9B3A712DC  # SplitMix64 of the seed's stream: must never change


def test_every_roll_is_recorded_with_its_stream_position():
    r = Roller(7)
    r.roll(D6, 3, "fire")
    r.d00("move test")
    assert [(x.purpose, x.die, len(x.faces), x.counter) for x in r.log] == [
        ("fire", "d6", 3, 0), ("move test", "d00", 1, 3)]


def test_audit_re_derives_every_recorded_roll():
    r = Roller(99)
    r.roll(D6, 8, "a")
    r.roll(D10_ZERO, 2, "b")
    r.roll(D00, 1, "c")
    r.shuffle(list(range(10)), "deck")
    for roll in r.log:
        assert replay_faces(99, roll) == roll.faces
    forged = r.log[0].__class__("a", "d6", (6,) * 8, 0)
    assert replay_faces(99, forged) != forged.faces


@pytest.mark.parametrize("die", [D6, D10, D10_ZERO, D00], ids=lambda d: d.name)
def test_faces_in_range_and_fair(die):
    n = 60 * die.sides if die.sides < 100 else 30_000
    faces = Roller(2024).roll(die, n)
    counts = collections.Counter(faces)
    assert set(counts) == set(die.faces)
    expected = n / die.sides
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in die.faces)
    # 99.9th percentile of chi-square with (sides - 1) degrees of freedom
    limit = {5: 20.52, 9: 27.88, 99: 148.23}[die.sides - 1]
    assert chi2 < limit


def test_d00_rules_01_always_succeeds_00_always_fails():
    assert d00_succeeds(1, 0) and not d00_succeeds(100, 130)
    assert d00_succeeds(50, 50) and not d00_succeeds(51, 50)


def test_shuffle_is_a_reproducible_permutation():
    items = list(range(52))
    a = Roller(5).shuffle(items)
    assert sorted(a) == items and a != items and a == Roller(5).shuffle(items)


# -- dice rolled at the table ------------------------------------------------------------------------

def test_faces_typed_at_the_table_are_read_and_checked_against_the_die():
    assert parse_faces("4 6 1", D6, 3) == (4, 6, 1)
    assert parse_faces(" 4,6 ,1 ", D6, 3) == (4, 6, 1)
    assert parse_faces("00 07 100", D00, 3) == (100, 7, 100)  # a d00's 00 is 100
    assert parse_faces("0 9", D10_ZERO, 2) == (0, 9)
    with pytest.raises(ValueError) as e:
        parse_faces("4 6", D6, 3)
    assert str(e.value) == "enter 3 faces of a d6; you entered 2"
    with pytest.raises(ValueError) as e:
        parse_faces("4 6", D6, 1)
    assert str(e.value) == "enter 1 face of a d6; you entered 2"
    for bad in ("7", "0", "-1", "x", "00"):  # off the die, or not a number (00 only on a d00)
        with pytest.raises(ValueError) as e:
            parse_faces(bad, D6, 1)
        assert str(e.value) == f"a d6 shows 1 to 6; {bad!r} is not one of its faces"
    with pytest.raises(ValueError, match="a d10 \\(0-9\\) shows 0 to 9; '10'"):
        parse_faces("10", D10_ZERO, 1)


def test_a_table_roller_takes_the_entered_faces_in_order_and_leaves_the_stream_alone():
    r = TableRoller(5, 12, entered=[3, 5, 2])
    assert r.roll(D6, 2, "fire") == (3, 5)
    assert r.entered == [2] and r.counter == 12  # the seeded stream is not drawn
    assert [(x.purpose, x.die, x.faces, x.counter, x.note) for x in r.log] == [("fire", "d6", (3, 5), 12, TABLE)]
    with pytest.raises(NeedFaces) as need:
        r.roll(D6, 2, "morale")
    assert (need.value.die, need.value.n, need.value.purpose) == (D6, 2, "morale")
    assert str(need.value) == "roll 2 d6 for morale and enter the faces"
    assert str(NeedFaces(D10, 1, "")) == "roll 1 d10 for this roll and enter the faces"
    assert r.roll(D6, 1) == (2,) and r.entered == []
    with pytest.raises(ValueError) as e:
        TableRoller(5, 0, entered=[7]).roll(D6)
    assert str(e.value) == "a d6 cannot show 7"


def test_count_counts_the_faces_among_the_hits():
    assert count([1, 6, 6, 3, 5], [5, 6]) == 3
    assert count([1, 6, 6, 3, 5], [6, 6]) == 2  # a face listed twice among the hits still counts once
    assert count([], [6]) == 0


def test_single_die_helpers_read_the_stream_as_a_roll_of_one_and_log_it():
    r = Roller(1944)
    assert (r.d6(), r.d6("x")) == (3, 6)  # the first two faces of the pinned d6 stream above
    assert r.d10() == Roller(1944, 2).roll(D10)[0] and r.d10("y", zero_based=True) == Roller(1944, 3).roll(D10_ZERO)[0]
    assert r.d00() == Roller(1944, 4).roll(D00)[0]
    assert [(x.purpose, x.die, x.counter) for x in r.log] == [
        ("", "d6", 0), ("x", "d6", 1), ("", "d10", 2), ("y", "d10 (0-9)", 3), ("", "d00", 4)]


def test_a_strict_d00_test_fails_on_the_chance_itself():
    """Easy Company: "less than" the chance; 01 still succeeds and 00 still fails."""
    assert d00_succeeds(49, 50, strict=True) and not d00_succeeds(50, 50, strict=True)
    assert d00_succeeds(1, 1, strict=True) and not d00_succeeds(100, 150, strict=True)


def test_a_roll_of_no_dice_is_empty_and_of_fewer_is_refused():
    r = Roller(1944)
    assert r.roll(D6, 0, "nothing") == () and len(r.roll(D6)) == 1  # one die unless told
    with pytest.raises(ValueError, match="^cannot roll a negative number of dice$"):
        r.roll(D6, -1)


def test_a_rolls_note_survives_a_save_and_a_roll_without_one_writes_none():
    from wgkit.dice import Roll

    typed = Roll("fire", "d6", (3, 5), 12, "table dice")
    assert typed.to_dict()["note"] == "table dice" and Roll.from_dict(typed.to_dict()) == typed
    plain = Roll("fire", "d6", (3, 5), 12)
    assert "note" not in plain.to_dict() and Roll.from_dict(plain.to_dict()) == plain


def test_a_shuffle_is_logged_as_one_roll_of_positions():
    r = Roller(5)
    out = r.shuffle(["a", "b", "c", "d"])
    assert sorted(out) == ["a", "b", "c", "d"]
    (log,) = r.log
    assert (log.purpose, log.die, len(log.faces), log.counter) == ("shuffle", "shuffle", 3, 0)  # a pick for 4, 3, 2 left
    assert [0 <= f <= i for f, i in zip(log.faces, (3, 2, 1))] == [True, True, True]
