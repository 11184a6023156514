"""The shisanshui rank tables: every 5-card and 3-card hand against the slow classifier,
one scale for fronts and middles, known counts, percentiles, metadata and determinism."""

from collections import Counter
from itertools import chain, combinations
from math import comb

import numpy as np
import pytest

from lookup import shisanshui as sss
from lookup import tables
from tablegen import h5io
from tablegen import shisanshui as gen
from tests.support.oracles import shisanshui as slow

KNOWN_5 = {  # category: (hands, distinct ranks)
    "straight flush": (40, 10), "quads": (624, 156), "full house": (3744, 156),
    "flush": (5108, 1277), "straight": (10200, 10), "trips": (54912, 858),
    "two pair": (123552, 858), "pair": (1098240, 2860), "high card": (1302540, 1277),
}
KNOWN_3 = {"trips": (52, 13), "pair": (3744, 156), "high card": (18304, 286)}


@pytest.fixture(scope="module")
def all5():
    """Every 5-card hand, (2,598,960, 5) uint8 in colex order of the card indices."""
    flat = np.fromiter(chain.from_iterable(combinations(range(52), 5)), np.uint8, count=comb(52, 5) * 5)
    return flat.reshape(-1, 5)


@pytest.fixture(scope="module")
def all3():
    return np.array(list(combinations(range(52), 3)), np.uint8)


@pytest.fixture(scope="module")
def oracle_keys(all5):
    """Per 5-card hand an id of its (rank multiset, flush) class, and the classes' hands."""
    ranks = all5 >> 2
    flush = ((all5 & 3) == (all5[:, :1] & 3)).all(axis=1)
    key = np.zeros(len(all5), np.int64)
    for k in range(5):  # sorted ranks as base-13 digits, then the flush bit
        key = key * 13 + ranks[:, k]
    key = key * 2 + flush
    classes, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    return first, inverse.ravel()


@pytest.mark.parametrize("a5_lowest", [False, True])
def test_every_5_card_rank_against_the_slow_classifier(all5, oracle_keys, a5_lowest):
    """The table rank of all 2,598,960 hands orders them exactly as the literal classifier.

    The classifier runs once per class of hands with the same ranks and flushness (its answer
    only depends on those, which the class id encodes); every hand's rank must equal its
    class's, and the class ranks must be strictly increasing in classifier order.
    """
    rules = "a5_lowest" if a5_lowest else "standard"
    got = sss.rank5_batch(all5, rules)
    first, inverse = oracle_keys
    class_rank = got[first]
    assert np.array_equal(got, class_rank[inverse])  # equal class => equal rank
    strengths = [slow.strength(all5[i].tolist(), a5_lowest) for i in first.tolist()]
    by_strength = {}
    for st, r in zip(strengths, class_rank.tolist()):
        assert by_strength.setdefault(st, r) == r  # equal strength => equal rank
    ordered = [by_strength[st] for st in sorted(by_strength)]
    assert len(ordered) == 7462 and ordered == sorted(ordered) and len(set(ordered)) == 7462
    # the scalar form (its own fast path) agrees on every class
    for i in first.tolist():
        assert sss.rank5(all5[i].tolist(), rules) == got[i]


def test_every_3_card_rank_against_the_slow_classifier(all3):
    got = sss.rank3_batch(all3)
    by_strength = {}
    for cards, r in zip(all3.tolist(), got.tolist()):
        assert by_strength.setdefault(slow.strength(cards), r) == r
        assert sss.rank3(cards) == r
    ordered = [by_strength[st] for st in sorted(by_strength)]
    assert len(ordered) == 455 and ordered == sorted(ordered) and len(set(ordered)) == 455


def test_fronts_and_middles_share_one_scale(all3, oracle_keys, all5):
    """Every 3-card class against every 5-card class: table order = classifier order."""
    first, _ = oracle_keys
    points = {}
    for cards in all5[first].tolist():
        points[slow.strength(cards)] = sss.rank5(cards)
    for cards in all3.tolist():
        points[slow.strength(cards)] = sss.rank3(cards)
    ordered = [points[st] for st in sorted(points)]
    assert ordered == list(range(1, 7918))  # one dense scale, 3-card values interleaved


@pytest.mark.parametrize("front,middle,front_wins", [
    ("AS AH AD", "KS KH KD 2C 3C", True),    # trips against trips: the set's rank first
    ("KS KH KD", "AS AH AD 2C 3C", False),
    ("AS AH AD", "2S 2H 2D 3C 3D", False),   # a full house beats every front
    ("AS AH AD", "KS KH 2D 3C 4C", True),    # front trips over a middle pair
    ("AS AH KD", "AC AD KS 2C 3C", False),   # same pair and kicker: the middle's extra cards win
    ("AS AH KD", "AC AD QS JC TC", True),    # the front's kicker decides first
    ("AS KH QD", "AC KD QS 3C 2C", False),   # high cards: the padding "no card" loses to a 3
    ("AS KH QD", "AC KD JS TC 9C", True),
    ("QS KS AS", "2H 3H 4H 5H 7H", False),   # three of a suit in sequence is a high card
])
def test_front_against_middle(front, middle, front_wins):
    assert (sss.rank3(front) > sss.rank5(middle)) == front_wins
    assert (slow.strength(sss.parse_cards(front)) > slow.strength(sss.parse_cards(middle))) == front_wins


def test_known_counts(all5, all3):
    for rules in ("standard", "a5_lowest"):
        got = sss.rank5_batch(all5, rules)
        per_category = Counter(sss.category(int(r)) for r in np.unique(got))
        hands = Counter()
        for r, n in zip(*np.unique(got, return_counts=True)):
            hands[sss.category(int(r))] += int(n)
        assert {c: (hands[c], per_category[c]) for c in KNOWN_5} == KNOWN_5
    got3 = sss.rank3_batch(all3)
    hands3 = Counter(sss.category(int(r)) for r in got3)
    assert {c: (hands3[c], len({r for r in got3.tolist() if sss.category(r) == c})) for c in KNOWN_3} == KNOWN_3
    assert sss.n_ranks() == 7462 + 455


def test_straight_order_and_the_a5_option():
    names = ["TS JS QS KS AH", "AS 2S 3S 4S 5H", "9S TS JS QS KH", "2S 3S 4S 5S 6H"]
    second = [sss.rank5(h) for h in names]
    assert second == sorted(second, reverse=True)  # 10-A, A-5, 9-K, ..., 2-6
    lowest = [sss.rank5(h, "a5_lowest") for h in names]
    assert lowest[1] < lowest[3] < lowest[2] < lowest[0]
    sf = ["TS JS QS KS AS", "AH 2H 3H 4H 5H", "9D TD JD QD KD"]
    assert [sss.rank5(h) for h in sf] == sorted((sss.rank5(h) for h in sf), reverse=True)
    assert sss.rank5("AH 2H 3H 4H 5H", "a5_lowest") < sss.rank5("2D 3D 4D 5D 6D", "a5_lowest")
    assert {sss.category(sss.rank5(h)) for h in names} == {"straight"}


def test_suits_never_break_ties():
    assert sss.rank5("AS KS QS JS 9S") == sss.rank5("AH KH QH JH 9H")
    assert sss.rank5("AS AH 7C 5D 2S") == sss.rank5("AC AD 7S 5H 2D")
    assert sss.rank3("KS KH 2C") == sss.rank3("KC KD 2S")


def test_counts_and_percentiles(all5, all3):
    t = tables.load("shisanshui")
    for name, ranks, total in (("5", sss.rank5_batch(all5), comb(52, 5)), ("3", sss.rank3_batch(all3), comb(52, 3))):
        counts = np.bincount(ranks, minlength=7918)
        assert np.array_equal(t[f"scale/count{name}"], counts)
        pct = t[f"scale/pct{name}"]
        for r in np.flatnonzero(counts)[::53].tolist() + [int(ranks.max()), int(ranks.min())]:
            beaten = np.count_nonzero(ranks < r) + np.count_nonzero(ranks == r) / 2
            assert pct[r] == pytest.approx(beaten / total, abs=1e-12)
        assert np.all(np.diff(pct) >= 0)


def test_rank_weights_are_the_greedy_perfect_hash():
    w = gen.RANK_WEIGHTS
    assert gen.check_weights(w)
    for i in range(2, len(w)):  # each weight is needed: one less collides (the greedy choice)
        assert gen.check_weights(w[:i + 1])
        assert not gen.check_weights(np.concatenate((w[:i], [w[i] - 1])))
    assert np.array_equal(tables.load("shisanshui")["rank_weight"], gen.RANK_WEIGHTS)


def test_category_names():
    assert sss.category(sss.rank5("AS AH AD AC 2S")) == "quads"
    assert sss.category_chinese(sss.rank5("AS AH AD AC 2S")) == "铁支"
    assert sss.category(sss.rank3("2S 3S 4S")) == "high card"
    assert sss.category(1) == "high card" and sss.category(7917) == "straight flush"
    for bad in (0, 7918, -1, "1", True):
        with pytest.raises(ValueError):
            sss.category(bad)


@pytest.mark.rebuild
def test_file_metadata_and_determinism():
    t = tables.load("shisanshui")
    assert t.attrs["schema_version"] == tables.SCHEMA_VERSIONS["shisanshui"]
    assert t.attrs["encoding"] == gen.ENCODING and "rank_weight" in t.attrs["key5"]
    assert t.attrs["source_sha256"] == h5io.sources_sha256(gen.SOURCES)
    again = gen.build_datasets(progress=lambda msg: None)
    assert set(again) == set(t.names())
    for name, (array, description) in again.items():
        assert tables.array_sha256(array) == tables.array_sha256(t[name]), name
        assert description
