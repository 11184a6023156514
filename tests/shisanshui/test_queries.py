"""Shisanshui queries: scalar and batch ranks, fouls, every arrangement and the best one
against brute force, the expected objective, input forms and errors."""

import subprocess
import sys

import numpy as np
import pytest

from lookup import shisanshui as sss
from lookup.errors import InvalidCardError, InvalidHandError, InvalidRulesError
from tests.support import shisanshui_hands as cardgen
from tests.support.oracles import shisanshui as slow


def key(front, middle, back):
    return tuple(sorted(front)), tuple(sorted(middle)), tuple(sorted(back))


def test_scalar_and_batch_ranks_agree(rng):
    hands5 = cardgen.random_hands(rng, 3000, 5)
    hands3 = cardgen.random_hands(rng, 3000, 3)
    for rules in ("standard", "a5_lowest"):
        assert sss.rank5_batch(hands5, rules).tolist() == [sss.rank5(h, rules) for h in hands5.tolist()]
    assert sss.rank3_batch(hands3).tolist() == [sss.rank3(h) for h in hands3.tolist()]
    assert sss.rank5_batch(hands5.astype(np.int64)).tolist() == sss.rank5_batch(hands5).tolist()
    assert sss.rank5_batch(np.empty((0, 5), np.uint8)).shape == (0,)


def test_input_forms():
    want = sss.rank5([48, 45, 35, 29, 34])
    for form in ("AS KH TD 9H 10C", "as kh td 9h 10c", "♠A ♥K ♦10 ♥9 ♣10", "A♠,K♥,T♦,9♥,T♣", "ASKHTD9HTC",
                 ["AS", "KH", "TD", "9H", "TC"], np.array([48, 45, 35, 29, 34]), (48, 45, 35, 29, 34)):
        assert sss.rank5(form) == want
    assert sss.rank("AS KH TD") == sss.rank3("AS KH TD") and sss.rank("AS KH TD 9H 10C") == want


@pytest.mark.parametrize("call,error,match", [
    (lambda: sss.rank5("AS KH TD 9H 1C"), InvalidCardError, "'1C'"),
    (lambda: sss.rank5("AS KH TD 9H XC"), InvalidCardError, "'XC'"),
    (lambda: sss.rank5("AS KH TD 9H AS"), InvalidHandError, "duplicate card AS"),
    (lambda: sss.rank5("AS KH TD 9H"), InvalidHandError, "needs 5 cards, got 4"),
    (lambda: sss.rank3("AS KH TD 9H"), InvalidHandError, "needs 3 cards, got 4"),
    (lambda: sss.rank5([48, 45, 35, 30, 52]), InvalidCardError, "0..51"),
    (lambda: sss.rank5([48, 45, 35, 30, True]), InvalidCardError, "0..51"),
    (lambda: sss.rank5([48, 45, 35, 30, -1]), InvalidCardError, "got -1"),
    (lambda: sss.rank5([-60, 45, 35, 30, 20]), InvalidCardError, "got -60"),  # no wrap-around of indices
    (lambda: sss.rank5([48, 45, 35, 30, 2 ** 70]), InvalidCardError, "0..51"),
    (lambda: sss.rank5([48, 45, 35, 30, 30]), InvalidHandError, "duplicate card 9C"),
    (lambda: sss.rank5([48, 45, 35, 30, 30.0]), InvalidCardError, "0..51"),
    (lambda: sss.rank5("AS KH TD 9H 8H", rules="poker"), InvalidRulesError, "poker"),
    (lambda: sss.best("AS KH TD 9H 8H 7H 6H 5H 4H 3H 2H AH QS", objective="fast"), InvalidRulesError, "fast"),
    (lambda: sss.best("AS KH TD 9H 8H 7H 6H 5H 4H 3H 2H AH"), InvalidHandError, "needs 13 cards, got 12"),
    (lambda: sss.is_foul("AS KH TD", "9H 8H 7H 6H 5H", "4H 3H 2H AH AS"), InvalidHandError, "duplicate card AS"),
    (lambda: sss.is_foul("AS KH TD", "9H 8H 7H 6H 5H", "4H 3H 2H AH KH"), InvalidHandError, "duplicate card KH"),
])
def test_bad_input_is_typed(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_batch_errors_name_the_first_bad_row():
    hands = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [0, 0, 1, 2, 3], [60, 1, 2, 3, 4]], np.uint8)
    with pytest.raises(InvalidHandError, match="row 2: duplicate card 2S"):
        sss.rank5_batch(hands)
    with pytest.raises(InvalidCardError, match="row 2: .* got 60"):
        sss.rank5_batch(np.delete(hands, 2, axis=0))
    with pytest.raises(InvalidCardError, match="row 2: .* got 60"):
        sss.rank5_batch(np.delete(hands, 2, axis=0).astype(np.int64))
    with pytest.raises(InvalidCardError, match="row 1: .* got -1"):
        sss.rank3_batch(np.array([[0, 1, 2], [-1, 4, 5]]))
    with pytest.raises(InvalidHandError, match="row 1: duplicate card"):
        sss.rank3_batch(np.array([[0, 1, 2], [4, 4, 5]]))
    with pytest.raises(InvalidCardError, match="row 0"):
        sss.rank5_batch(np.array([[0, 1, 2, 3, 52]], np.uint8))
    with pytest.raises(InvalidHandError, match="shape"):
        sss.rank5_batch(np.zeros((3, 4), np.uint8))
    with pytest.raises(InvalidHandError, match="dtype"):
        sss.rank5_batch(np.zeros((3, 5), np.float64))
    good = cardgen.random_hands(np.random.default_rng(1), 5)
    bad = good.copy()
    bad[3, 7] = bad[3, 2]
    with pytest.raises(InvalidHandError, match="row 3: duplicate"):
        sss.best_batch(bad)
    with pytest.raises(InvalidHandError, match="row 3: duplicate"):
        sss.best_batch(bad, "expected")


def test_is_foul():
    assert not sss.is_foul("2S 3H 4D", "5S 5H 7D 8C 9C", "AS AH KD KC 2C")
    assert sss.is_foul("AS AH 4D", "5S 5H 7D 8C 9C", "KS KH QD QC 2C")   # front pair over middle pair
    assert sss.is_foul("2S 3H 4D", "KS KH QD QC 9C", "AS AH 7D 8C 2C")   # middle two pair over back pair
    assert not sss.is_foul("2S 3H 4D", "KS KH QD QC 9C", "KD KC QS QH 9D")  # middle = back: legal
    assert not sss.is_foul("AS AH 4D", "AC AD 3S 2H 5C", "KS KH KD 9C 8C")  # same pair: the middle's extra card
    # A-2-3-4-5 in the middle over 9-K in the back: fouled only when A-5 is second highest
    assert sss.is_foul("2S 3H 7D", "AC 2D 3S 4H 5C", "9S TH JD QC KC")
    assert not sss.is_foul("2S 3H 7D", "AC 2D 3S 4H 5C", "9S TH JD QC KC", rules="a5_lowest")
    assert sss.is_foul(*sss.parse_arrangement("AS AH 4D|5S 5H 7D 8C 9C|KS KH QD QC 2C"))


def _check_arrangements(hand, rules):
    a5 = rules == "a5_lowest"
    got = sss.arrangements(hand, rules)
    want = slow.legal_splits(hand, a5)
    assert len(got) == len(want) == len({key(*a) for a in got})  # each once
    assert {key(*a) for a in got} == set(want)
    for f, m, b in got[:50]:
        assert [list(f), list(m), list(b)] == [sss.sort_cards(f), sss.sort_cards(m), sss.sort_cards(b)]
    ranks = [(sss.rank5(b, rules), sss.rank5(m, rules), sss.rank3(f)) for f, m, b in got]
    assert ranks == sorted(ranks, reverse=True)  # strongest first
    array = sss.arrangements_array(hand, rules)
    assert array.shape == (len(got), 13)
    assert [tuple(r) for r in array[:, :3].tolist()] == [a[0] for a in got]
    assert [tuple(r) for r in array[:, 8:].tolist()] == [a[2] for a in got]
    return got


@pytest.mark.exhaustive
def test_arrangements_against_brute_force(rng):
    hands = cardgen.mixed_hands(rng, 8)
    hands.append(sss.parse_cards("AS AH AD AC KS KH KD KC QS QH QD QC 2S"))  # many equal-rank rows
    for hand in hands:
        got = _check_arrangements(hand, "standard")
        assert sss.row_ranks(*got[0]) == sss.row_ranks(*sss.best(hand))


def test_arrangements_with_a5_lowest(rng):
    for _ in range(2):
        _check_arrangements(cardgen.straight_hand(rng), "a5_lowest")


def _strength_of(arrangement, a5_lowest=False):
    f, m, b = arrangement
    return slow.strength(b, a5_lowest), slow.strength(m, a5_lowest), slow.strength(f, a5_lowest)


@pytest.mark.exhaustive
def test_best_strongest_against_brute_force(rng):
    hands = cardgen.mixed_hands(rng, 24)
    for i, hand in enumerate(hands):
        rules = "a5_lowest" if i % 6 == 5 else "standard"
        a5 = rules == "a5_lowest"
        got = sss.best(hand, rules=rules)
        assert sorted(got.cards()) == sorted(hand)
        assert len(got.front) == 3 and len(got.middle) == 5 and len(got.back) == 5
        assert not sss.is_foul(*got, rules=rules)
        assert _strength_of(got, a5) == slow.strongest_key(hand, a5)


def test_best_batch_matches_scalar_and_arrangements(rng):
    hands = np.array(cardgen.mixed_hands(rng, 300), np.uint8)
    for objective in sss.OBJECTIVES:
        out = sss.best_batch(hands, objective)
        assert out.shape == (300, 13) and out.dtype == np.uint8
        assert np.array_equal(np.sort(out, axis=1), np.sort(hands, axis=1))
        for i in range(0, 300, 25):
            assert list(sss.best(hands[i].tolist(), objective)) == [out[i, :3].tolist(), out[i, 3:8].tolist(),
                                                                     out[i, 8:].tolist()]
    strongest = sss.best_batch(hands)
    for i in range(0, 300, 10):
        first = sss.arrangements(hands[i])[0]
        assert sss.row_ranks(*first) == sss.row_ranks(strongest[i, :3], strongest[i, 3:8], strongest[i, 8:])


def test_best_expected_against_brute_force(rng):
    for hand in cardgen.mixed_hands(rng, 4):
        values = {}
        for f, m, b in slow.legal_splits(hand):
            values[(f, m, b)] = sss.expected_points(f, m, b)
        top = max(values.values())
        got = sss.best(hand, "expected")
        assert not sss.is_foul(*got)
        assert sss.expected_points(*got) == pytest.approx(top, abs=1e-12)
        # equal values go to the strongest
        ties = [a for a, v in values.items() if v == pytest.approx(top, abs=1e-12)]
        assert _strength_of(got) == max(_strength_of(a) for a in ties)


def test_expected_tables_against_the_definition():
    """E(r) = P(win) w(r) - sum over stronger ranks s of P(s) w(s), ties half, by a direct sum."""
    from lookup import tables
    from lookup.shisanshui import objectives

    t = tables.load("shisanshui")
    rules = sss.get_rules("standard")
    ev = objectives.objective_tables("expected", rules).values
    for row, (counts, points_of) in enumerate([
            (t["scale/count3"], lambda c: 3 if c == "trips" else 1),
            (t["scale/count5"], lambda c: {"full house": 3, "quads": 8, "straight flush": 10}.get(c, 1)),
            (t["scale/count5"], lambda c: {"quads": 4, "straight flush": 5}.get(c, 1))]):
        total = counts.sum()
        counts = counts.astype(np.float64)
        w = np.array([points_of(sss.category(r)) if counts[r] else 0 for r in range(1, len(counts))])
        w = np.concatenate(([0], w))
        for r in np.flatnonzero(counts)[::97].tolist() + [int(np.flatnonzero(counts)[-1])]:
            win = counts[:r].sum() + counts[r] / 2
            lose = (counts[r + 1:] * w[r + 1:]).sum() + counts[r] * w[r] / 2
            assert ev[row][r] == pytest.approx((win * w[r] - lose) / total, abs=1e-12)


def test_expected_prefers_row_points():
    # trips in front are worth 3: the expected objective keeps them there when legal
    hand = "AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H"
    strongest, expected = sss.best(hand), sss.best(hand, "expected")
    assert sss.expected_points(*expected) >= sss.expected_points(*strongest)
    assert sss.category(sss.rank3(expected.front)) == "trips"


def test_arrangement_values():
    got = sss.best("AS KH QD JC TS 9H 8D 7C 6S 5H 4D 3C 2S")
    assert isinstance(got, sss.Arrangement) and isinstance(got.front, list)
    f, m, b = got
    assert sss.format_cards(b) == "AS KH QD JC TS" and sss.format_cards(m) == "9H 8D 7C 6S 5H"
    assert sss.row_points(*got) == (1, 1, 1)
    assert sss.row_points("AS AH AD", "KS KH KD 2C 2D", "QS QH QD QC 3C") == (3, 3, 4)
    assert sss.row_points("AS AH AD", "KS KH KD 2C 2D", "QS QH QD QC 3C", rules="middle_fh2") == (3, 2, 4)


def test_import_compiles_nothing_and_loads_no_table():
    code = ("import sys; import lookup.shisanshui as s; from lookup.shisanshui import objectives, ranks; "
            "assert 'numba' not in sys.modules; assert ranks.RANKS.value is None and objectives.POINTS.value is None; "
            "print(s.rank5('AS KS QS JS TS')); assert 'numba' not in sys.modules")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(sss.n_ranks())


def test_rules():
    rules = sss.Rules("mine", middle_full_house=2, special_points={"六对半": 0})
    assert sss.row_points("2S 3H 4D", "KS KH KD 2C 2D", "AS AH AD AC 3C", rules=rules) == (1, 2, 4)
    assert rules.points_of_special("六对半") == 0 and rules.points_of_special("三同花") == 0
    with pytest.raises(InvalidRulesError, match="unknown special"):
        sss.Rules(special_points={"七对": 3})
    with pytest.raises(InvalidRulesError, match="front_trips"):
        sss.Rules(front_trips=-1)
    assert set(sss.PRESETS) >= {"standard", "a5_lowest", "middle_fh2"}
