"""Odds from the same procedure that plays, checked against icepool and by hand."""

from fractions import Fraction

import icepool
import pytest

from wgkit.dice import D00, D6, Roller, TableRoller
from wgkit.odds import Distribution, Play, exact, monte_carlo


def fire(chance, dice: int, need: int) -> int:
    """A d6 fire pool: hits on ``need``+; above 6 a hit needs a 6 then a 4-6."""
    if need <= 6:
        return chance.pool(dice, D6, [range(need, 7)], "fire")
    return chance.pool(dice, D6, [{6}, {4, 5, 6}], "fire")


def morale(chance, modifier: int) -> str:
    total = chance.face(D6, "morale") + chance.face(D6, "morale") + modifier
    return "rout" if total <= 2 else "cowering" if total <= 6 else "ok"


def d00_test(chance, pct: int) -> bool:
    face = chance.face(D00, "test")
    return face == 1 or (face != 100 and face <= pct)


def as_dict(die: icepool.Die) -> dict:
    return {int(k): Fraction(v) for k, v in zip(die.outcomes(), die.probabilities())}


@pytest.mark.parametrize("dice, need", [(1, 5), (8, 5), (8, 6), (6, 3), (4, 7), (8, 7)])
def test_pool_matches_icepool(dice, need):
    hit = Fraction(7 - need, 6) if need <= 6 else Fraction(1, 6) * Fraction(1, 2)
    per_die = icepool.Die({1: hit.numerator, 0: hit.denominator - hit.numerator})
    assert exact(fire, dice, need).probs == as_dict(dice @ per_die)


def test_two_stage_rule_by_hand():
    d = exact(fire, 1, 7)
    assert d.p(1) == Fraction(1, 12)  # a 6 (1/6) then a 4-6 (1/2)


def test_morale_sum_matches_icepool():
    two = as_dict(2 @ icepool.d6)
    want = {"rout": sum(p for t, p in two.items() if t + 1 <= 2),
            "cowering": sum(p for t, p in two.items() if 3 <= t + 1 <= 6),
            "ok": sum(p for t, p in two.items() if t + 1 >= 7)}
    assert exact(morale, 1).probs == {k: v for k, v in want.items() if v}
    assert want["rout"] == 0 and exact(morale, 0).p("rout") == Fraction(1, 36)


def test_d00_with_always_and_never():
    d = exact(d00_test, 130)
    assert d.p(True) == Fraction(99, 100)  # 00 always fails even at 130%
    assert exact(d00_test, 0).p(True) == Fraction(1, 100)  # 01 always succeeds


def test_plain_words_with_cumulative_forms():
    lines = exact(fire, 8, 5).describe("hits")
    assert lines[0] == "0 hits: 3.9%" and lines[1] == "1 hit: 15.6%"
    assert "at least 2 hits: 80.5%" in lines


def test_monte_carlo_agrees_within_four_standard_errors():
    est = monte_carlo(fire, 40_000, 3, 8, 5)
    d = exact(fire, 8, 5)
    for k in range(9):
        assert abs(est.p(k) - float(d.p(k))) <= 4 * max(est.stderr(k), 1e-4)
    assert monte_carlo(fire, 1000, 3, 8, 5) == monte_carlo(fire, 1000, 3, 8, 5)  # seeded
    assert "± " in est.describe()[0] and "seed 3" in est.describe()[0]


def test_play_rolls_and_records_both_stages():
    r = Roller(11)
    hits = fire(Play(r), 8, 7)
    first, *rest = r.log
    sixes = first.faces.count(6)
    assert first.purpose == "fire (stage 1)" and len(first.faces) == 8
    if sixes:
        assert rest[0].purpose == "fire (stage 2)" and len(rest[0].faces) == sixes
        assert hits == sum(1 for f in rest[0].faces if f >= 4)
    else:
        assert hits == 0 and not rest


def test_outcomes_read_as_words_in_the_panel():
    from wgkit.rules.company_fire import odds as cf_odds
    from wgkit.rules.eagles.damage import outcome_words

    # Company Fire, Mines: one d6 at 5+ finds a path, so 2 faces in 6
    assert [(label, p) for _, label, p in cf_odds.find_path().outcomes()] == [
        ("no path", Fraction(2, 3)), ("path found", Fraction(1, 3))]
    # with engineers (+2) a 3 will do: 4 faces in 6
    assert dict((label, p) for _, label, p in cf_odds.find_path(2).outcomes())["path found"] == Fraction(2, 3)
    assert [outcome_words(o) for o in ((False, 0), (True, 0), (True, 1), (True, 2))] == [
        "no effect", "suppressed", "suppressed, 1 impairment", "suppressed, 2 impairments"]
    counted = Distribution({0: Fraction(1, 2), 1: Fraction(1, 4), 2: Fraction(1, 4)}).named("hits")
    assert [label for _, label, _ in counted.outcomes()] == ["0 hits", "1 hit", "2 hits"]
    assert counted.describe()[-1] == "at least 2 hits: 25.0%"
    tested = Distribution({True: Fraction(1, 3), False: Fraction(2, 3)})
    assert [label for _, label, _ in tested.outcomes()] == ["fails", "succeeds"]


def test_a_count_of_one_reads_in_the_singular():
    half = {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert [Distribution(half).named(u).outcomes()[1][1] for u in ("successes", "figures hit", "casualties")] == [
        "1 success", "1 figure hit", "1 casualty"]


def test_a_band_reads_one_die_against_several_thresholds():
    from wgkit.dice import D6
    from wgkit.odds import exact, monte_carlo

    def read(chance):
        return chance.band(D6, ({6}, {4, 5}), "one die, two thresholds")

    d = exact(read)
    assert dict(d.probs) == {0: Fraction(1, 6), 1: Fraction(2, 6), 2: Fraction(3, 6)}
    mc = monte_carlo(read, 6000, seed=3)
    assert abs(float(mc.p(2)) - 0.5) < 0.03


def test_a_reading_of_two_dice_branches_once_per_result():
    from wgkit.dice import D6
    from wgkit.geometry.scatter import roll_off_shift
    from wgkit.odds import exact

    def roll_off(chance):
        return chance.reading(((D6, "active"), (D6, "passive")), roll_off_shift)

    d = exact(roll_off)
    # the passive die beats the active one by k (1-5) in 6 - k of the 36 pairs; otherwise no shift
    assert dict(d.probs) == {0: Fraction(21, 36), **{k: Fraction(6 - k, 36) for k in range(1, 6)}}


def test_a_mixed_pool_branches_once_per_total():
    from wgkit.dice import D6
    from wgkit.odds import exact

    def mixed(chance):  # one die hitting on 4-6 and one on a 6
        return chance.pools([(1, D6, ({4, 5, 6},), "4+"), (1, D6, ({6},), "6")])

    d = exact(mixed)
    assert dict(d.probs) == {0: Fraction(1, 2) * Fraction(5, 6), 1: Fraction(1, 2) * Fraction(5, 6) + Fraction(1, 2) * Fraction(1, 6),
                             2: Fraction(1, 2) * Fraction(1, 6)}


# -- every kind of chance event, with real dice, exactly, and sampled ------------------------------

def _every_kind(chance):
    """One of each chance event the rules use."""
    hit = chance.check(D6, {5, 6}, "check")
    band = chance.band(D6, [{1, 2}, {3, 4}], "band")  # 5-6: past the last band
    lead = chance.reading([(D6, "a"), (D6, "b")], lambda a, b: a > b)
    hits = chance.pools([(1, D6, [{6}], "p1"), (2, D6, [{6}, {4, 5, 6}], "p2")])
    return hit, band, lead, hits


def test_real_dice_read_each_kind_of_chance_event_face_by_face():
    roller = TableRoller(0, 0, entered=[5, 3, 6, 2, 6, 6, 6, 4, 1])
    assert _every_kind(Play(roller)) == (True, 1, True, 2)  # 6 on p1; p2: 6, 6 pass, then 4 and 1: one more
    assert [r.purpose for r in roller.log] == ["check", "band", "a", "b", "p1", "p2 (stage 1)", "p2 (stage 2)"]
    roller = TableRoller(0, 0, entered=[6, 1, 2, 6, 3])
    assert Play(roller).band(D6, [{1, 2}, {3, 4}], "x") == 2  # past the last band
    assert Play(roller).face(D6, "y") == 1
    assert Play(roller).pool(2, D6, [{6}, {6}], "z") == 0  # 2 and 6: the 6 rolls again and shows 3
    assert [r.faces for r in roller.log][-2:] == [(2, 6), (3,)] and roller.entered == []


def test_exact_odds_of_each_kind_of_chance_event_by_hand():
    check = exact(lambda c: c.check(D6, {5, 6}, "x"))
    assert check.probs == {True: Fraction(1, 3), False: Fraction(2, 3)}
    band = exact(lambda c: c.band(D6, [{1, 2}, {3, 4}], "x"))
    assert band.probs == {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}
    lead = exact(lambda c: c.reading([(D6, "a"), (D6, "b")], lambda a, b: a > b))
    assert lead.p(True) == Fraction(15, 36)  # 36 pairs: 6 ties, the rest split evenly
    # one die needing 6, and one needing 5-6: 0 hits 5/6 * 2/3, 2 hits 1/6 * 1/3
    mixed = exact(lambda c: c.pools([(1, D6, [{6}], "a"), (1, D6, [{5, 6}], "b")]))
    assert mixed.probs == {0: Fraction(10, 18), 1: Fraction(7, 18), 2: Fraction(1, 18)}
    assert mixed.mean() == pytest.approx(0 * 10 / 18 + 1 * 7 / 18 + 2 / 18)
    assert mixed.at_most(1) == Fraction(17, 18) and mixed.at_least(1) == Fraction(8, 18)
    two = exact(lambda c: c.face(D6, "a") + c.face(D6, "b"))
    assert two.mean() == 7 and two.at_most(3) == Fraction(3, 36)


def test_sampled_odds_come_near_the_exact_ones():
    est = monte_carlo(lambda c: c.pools([(1, D6, [{6}], "a"), (1, D6, [{5, 6}], "b")]), 3000, seed=4)
    assert abs(est.p(0) - 10 / 18) < 0.05 and abs(est.p(2) - 1 / 18) < 0.03
    lead = monte_carlo(lambda c: c.reading([(D6, "a"), (D6, "b")], lambda a, b: a > b), 3000, seed=4)
    assert abs(lead.p(True) - 15 / 36) < 0.05
    hit = monte_carlo(lambda c: c.check(D6, {5, 6}, "x"), 3000, seed=4)
    assert abs(hit.p(True) - 1 / 3) < 0.05


def test_a_ranked_distribution_keeps_its_chances_unit_and_words_and_reads_mildest_first():
    d = Distribution({"miss": Fraction(1, 2), "pinned": Fraction(1, 3), "killed": Fraction(1, 6)})
    assert d.describe() == ["killed: 16.7%", "miss: 50.0%", "pinned: 33.3%"]  # words: alphabetical
    r = d.ranked(["miss", "pinned", "killed"].index)
    assert r.probs == d.probs and r.describe() == ["miss: 50.0%", "pinned: 33.3%", "killed: 16.7%"]
    assert r.named("").describe() == r.describe()  # naming keeps the order
    counted = Distribution({1: Fraction(1, 2), 2: Fraction(1, 2)}, "hits", names=lambda o: f"{o} down").ranked(lambda o: -o)
    assert (counted.unit, [label for _, label, _ in counted.outcomes()]) == ("hits", ["2 down", "1 down"])


def test_chances_of_what_cannot_happen_are_exact_zeros():
    d = Distribution({1: Fraction(1, 2), 2: Fraction(1, 2)})
    assert d.p(3) == 0 and isinstance(d.p(3), Fraction)
    assert d.where(lambda o: o > 5) == 0 and isinstance(d.where(lambda o: o > 5), Fraction)


@pytest.mark.parametrize("rare, shown", [(Fraction(1, 2000), True), (Fraction(1, 2001), False)])
def test_an_outcome_is_listed_unless_it_rounds_to_nothing(rare, shown):
    """0.05% prints as 0.1%: listed; anything less prints as 0.0%: left out, unless nothing else is."""
    d = Distribution({"rare": rare, "usual": 1 - rare})
    assert [o for o, _, _ in d.outcomes()] == (["rare", "usual"] if shown else ["usual"])
    tiny = Distribution({"a": Fraction(1, 5000), "b": Fraction(1, 5000)})  # not a distribution, but all tiny
    assert [o for o, _, _ in tiny.outcomes()] == ["a", "b"]


def test_at_least_lines_only_for_counts_and_only_when_asked():
    d = Distribution({0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}, "hits")
    assert d.describe() == ["0 hits: 25.0%", "1 hit: 50.0%", "2 hits: 25.0%", "at least 1 hit: 75.0%",
                            "at least 2 hits: 25.0%"]
    assert d.describe(cumulative=False) == ["0 hits: 25.0%", "1 hit: 50.0%", "2 hits: 25.0%"]
    assert Distribution({True: Fraction(1, 3), False: Fraction(2, 3)}).describe() == ["fails: 66.7%", "succeeds: 33.3%"]


def test_exact_enumeration_stops_past_its_limit_and_passes_keywords():
    def d6_plus(chance, bonus=0):
        return chance.face(D6, "die") + bonus

    assert exact(d6_plus, bonus=2, max_leaves=6).probs == {f + 2: Fraction(1, 6) for f in range(1, 7)}
    with pytest.raises(ValueError, match="^more than 5 outcomes to enumerate: use monte_carlo$"):
        exact(d6_plus, max_leaves=5)


def test_an_estimate_counts_reports_its_error_and_orders_numbers_before_words():
    est = monte_carlo(lambda chance, word="x": word, 10, 3, word="y")
    assert (est.counts, est.n, est.seed) == ({"y": 10}, 10, 3)
    from wgkit.odds import Estimate

    e = Estimate({"hit": 30, "miss": 70, 2: 0}, 100, 7)
    assert (e.p("hit"), e.p("none")) == (0.3, 0.0)
    assert e.stderr("hit") == pytest.approx((0.3 * 0.7 / 100) ** 0.5)  # 0.0458: the binomial's
    assert e.describe() == ["2: 0.0% ± 0.0% (n=100, seed 7)", "hit: 30.0% ± 4.6% (n=100, seed 7)",
                            "miss: 70.0% ± 4.6% (n=100, seed 7)"]
