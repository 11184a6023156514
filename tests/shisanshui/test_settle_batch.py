"""settle_batch and special_codes: deal for deal equal to settle and special on seeded random
deals (fouls, shooting, home runs, declared and automatic specials, several rules), the slow
literal scorer, the kernels run as Python, and typed errors."""

import dataclasses

import numpy as np
import pytest

from lookup import jit
from lookup import shisanshui as sss
from lookup.errors import InvalidHandError, InvalidTileError
from lookup.shisanshui import kernels
from lookup.shisanshui.objectives import POINTS
from lookup.shisanshui.ranks import RANKS
from tests.shisanshui.test_specials import CASES
from tests.support.oracles import shisanshui as slow

SPECIAL_HANDS = [sss.parse_cards(hand) for _, hand, _ in CASES]
RULES = ["standard", "middle_fh2", "a5_lowest",
         sss.Rules("odd", shoot_multiplier=3, home_run_multiplier=4, back_quads=7,
                   special_points={"六对半": 9, "三同花": 12, "一条龙": 2}),
         sss.Rules("no-home-run-for-3", home_run_min_players=4)]


def random_deals(rng, n: int, players: int) -> np.ndarray:
    """(n, players, 13) arrangements: best (strongest or expected), a random split (often fouled);
    about one deal in three gives a player one of the crafted special hands."""
    deals = np.empty((n, players, 13), np.uint8)
    for d in range(n):
        deck = rng.permutation(52).tolist()
        hands = []
        if rng.random() < 0.35:
            special = SPECIAL_HANDS[rng.integers(len(SPECIAL_HANDS))]
            deck = [c for c in deck if c not in special]
            hands.append(list(special))
        while len(hands) < players:
            hands.append(deck[:13])
            deck = deck[13:]
        rng.shuffle(hands)
        for p, hand in enumerate(hands):
            way = rng.integers(3)
            if way == 2:
                deals[d, p] = rng.permutation(hand)
            else:
                deals[d, p] = sss.best(hand, "strongest" if way == 0 else "expected").cards()
    return deals


def as_players(deal: np.ndarray) -> list:
    return [(a[:3].tolist(), a[3:8].tolist(), a[8:].tolist()) for a in deal]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_settle_batch_equals_settle_deal_for_deal(rng, players):
    deals = random_deals(rng, 120, players)
    fouls = shots = homes = 0
    for rules in RULES:
        got = sss.settle_batch(deals, rules=rules)
        auto = sss.settle_batch(deals, "auto", rules)
        for d, deal in enumerate(deals):
            s = sss.settlement(as_players(deal), rules=rules)
            assert got[d].tolist() == s.scores
            assert auto[d].tolist() == sss.settle(as_players(deal), "auto", rules)
            fouls += sum(s.fouled)
            shots += sum(map(sum, s.shot))
            homes += len(s.home_run)
    assert fouls and shots and (homes or players == 2)  # the deals reach every case
    assert not np.array_equal(sss.settle_batch(deals), sss.settle_batch(deals, "auto"))  # specials were held


def test_declared_specials_equal_settle(rng):
    deals = random_deals(rng, 150, 4)
    codes = np.full(deals.shape[:2], -1, np.int64)
    for d, deal in enumerate(deals):
        for p, cards in enumerate(deal.tolist()):
            held = sss.specials(cards)
            if held and rng.random() < 0.8:
                codes[d, p] = sss.SPECIAL_NAMES.index(held[-1])  # not always the best one
    assert (codes >= 0).sum() >= 20
    got = sss.settle_batch(deals, codes)
    for d, deal in enumerate(deals):
        names = [sss.SPECIAL_NAMES[c] if c >= 0 else None for c in codes[d]]
        assert got[d].tolist() == sss.settle(as_players(deal), names)


def test_against_the_slow_literal_scorer(rng):
    deals = random_deals(rng, 150, 4)
    got = sss.settle_batch(deals)
    for d, deal in enumerate(deals):
        assert got[d].tolist() == slow.settle(as_players(deal))
    assert (got.sum(axis=1) == 0).all()


def test_special_codes_equal_special(rng):
    hands = np.array(SPECIAL_HANDS + [c for _, _, miss in CASES for c in [sss.parse_cards(miss)]]
                     + [rng.permutation(52)[:13].tolist() for _ in range(300)], np.uint8)
    for rules in RULES:
        codes = sss.special_codes(hands, rules)
        assert codes.dtype == np.int8
        want = [sss.special(h, rules) for h in hands.tolist()]
        assert [sss.SPECIAL_NAMES[c] if c >= 0 else None for c in codes.tolist()] == want


def test_kernels_run_as_python_agree(rng):
    deals = random_deals(rng, 6, 3)
    t = RANKS.get()
    rules = sss.get_rules("standard")
    args = (t.of(False), POINTS.get().points_array(rules), (2, 2, 3))
    compiled = np.empty((6, 3), np.int64)
    python = np.empty((6, 3), np.int64)
    declared = np.zeros((6, 3), np.int64)
    declared[0, 1] = 4
    assert kernels.settle_batch(deals, declared, *args, compiled) == (jit.OK, 6)
    assert kernels.settle_batch.py_func(deals, declared, *args, python) == (jit.OK, 6)
    assert np.array_equal(compiled, python)
    hands = np.ascontiguousarray(deals.reshape(-1, 13))
    bits = np.empty(len(hands), np.int64)
    bits_py = np.empty(len(hands), np.int64)
    assert kernels.special_bits_batch(hands, bits) == kernels.special_bits_batch.py_func(hands, bits_py)
    assert np.array_equal(bits, bits_py)


def test_typed_errors():
    deal = np.array([sss.parse_cards(h.replace("|", " ")) for h in (
        "AS AH AD|KS KH KD 2C 2D|QS QH QD QC 3C", "JS JH 4C|5C 6C 7C 9D TD|2S 3S 4S 6S 8S")], np.uint8)
    deals = np.stack([deal, deal[::-1]])
    assert sss.settle_batch(deals).tolist() == [[20, -20], [-20, 20]]
    bad = deals.copy()
    bad[1, 1, 4] = bad[1, 0, 7]
    with pytest.raises(InvalidHandError, match="row 1: duplicate card"):
        sss.settle_batch(bad)
    bad[1, 1, 4] = 60
    with pytest.raises(InvalidTileError):
        sss.settle_batch(bad)
    for shape in [(2, 13), (2, 1, 13), (2, 5, 13), (2, 2, 12)]:
        with pytest.raises(InvalidHandError):
            sss.settle_batch(np.zeros(shape, np.uint8))
    with pytest.raises(InvalidHandError, match="row 0: player 1: special hand 六对半 is not held"):
        sss.settle_batch(deals[:1], [[sss.SPECIAL_NAMES.index("六对半"), -1]])
    three = np.concatenate([deals, deals[:1]])
    three[2, 0, 4] = three[2, 0, 5]  # a duplicate in the one hand that declares: named by its deal
    with pytest.raises(InvalidHandError, match="row 2: duplicate card"):
        sss.settle_batch(three, [[-1, -1], [-1, -1], [sss.SPECIAL_NAMES.index("六对半"), -1]])
    with pytest.raises(InvalidHandError, match="shape"):
        sss.settle_batch(deals, [[-1, -1]])
    with pytest.raises(InvalidHandError, match="index"):
        sss.settle_batch(deals, [[-1, 14], [-1, -1]])
    six_pairs = sss.parse_cards("2S 2H 4S 4H 6S 6H 9S 9H JS JH AS AH KC")
    rest = [c for c in range(52) if c not in six_pairs][:13]
    pair = np.array([[sss.best(six_pairs).cards(), sss.best(rest).cards()]], np.uint8)
    code = sss.SPECIAL_NAMES.index("六对半")
    assert sss.settle_batch(pair, [[code, -1]]).tolist() == [[4, -4]]
    no_points = dataclasses.replace(sss.get_rules("standard"), special_points={})
    with pytest.raises(InvalidHandError, match="not scored"):
        sss.settle_batch(pair, [[code, -1]], no_points)
