"""Jokers: hu and ting with wildcards against the slow recursive checker and substitution."""

import numpy as np
import pytest

from lookup import mahjong
from lookup.errors import InvalidHandError
from lookup.mahjong.rules import PRESETS
from lookup.mahjong.tiles import hand_counts
from tests.support import mahjong_hands as handgen
from tests.support.oracles import mahjong as slow


def hands_with_jokers(rng, jokers, remainder, n, honors=True):
    """n seeded hands of 3k+remainder tiles counting the jokers: random and near-winning."""
    kinds = range(34) if honors else range(27)
    out = []
    for i in range(n):
        size = int(rng.choice([s for s in range(1, 15) if s % 3 == remainder and s > jokers])) - jokers
        if i % 2:
            h = handgen.winning_hand(rng, 4, honors)
            while sum(h) > size:
                h = handgen.minus_one(rng, h)
            if sum(h) == size:
                out.append(h)
                continue
        out.append(handgen.random_hand(rng, size, kinds))
    return out


@pytest.mark.parametrize("rules", ["standard", "riichi", "chinese", "sichuan"])
@pytest.mark.parametrize("jokers", [1, 2, 3, 4, 8])
def test_hu_and_ting_with_jokers_match_the_slow_checker(rng, rules, jokers):
    honors = PRESETS[rules].honors
    hu_hands = hands_with_jokers(rng, jokers, 2, 150 if jokers < 4 else 60, honors)
    got = [mahjong.is_hu(h, rules, jokers=jokers) for h in hu_hands]
    assert got == [slow.is_hu_with_jokers(h, PRESETS[rules], jokers) for h in hu_hands]
    assert any(got) and (jokers >= 8 or not all(got))
    for h in hands_with_jokers(rng, jokers, 1, 60 if jokers < 4 else 20, honors):
        assert mahjong.ting(h, rules, jokers=jokers) == slow.ting_with_jokers(h, PRESETS[rules], jokers)


@pytest.mark.parametrize("jokers", [1, 2])
def test_one_or_two_jokers_equal_substituting_every_tile(rng, jokers):
    rules = PRESETS["chinese"]
    hands = hands_with_jokers(rng, jokers, 2, 40 if jokers == 1 else 12)
    for h in hands:
        assert mahjong.is_hu(h, rules, jokers=jokers) == slow.is_hu_by_substitution(h, rules, jokers)


def test_crafted_joker_hands():
    assert mahjong.is_hu("1111m", jokers=1)  # a joker as the fifth 1m: 111m + 1m1J pair
    assert mahjong.is_hu("123m456p789s1z", jokers=1)  # the joker pairs the East
    assert mahjong.is_hu("123m456p78s11z", jokers=1)  # the joker completes 78s
    assert mahjong.is_hu("", jokers=2)  # a pair of jokers
    assert mahjong.is_hu("19m", jokers=3)  # 1m + two jokers, 9m + a joker as the pair
    assert not mahjong.is_hu("159m", jokers=2)  # lone tiles cost 1 (the pair) + 2 + 2
    assert mahjong.is_hu("147m", jokers=8)  # 1 + 2 + 2 jokers, three more make a meld
    assert not mahjong.is_hu("1m4m7m1p4p7p", jokers=8)  # 1 + 5 * 2 jokers needed
    assert mahjong.ting("1m", jokers=3) == list(range(34))  # 1m + any tile + 3 jokers wins
    six_pairs = mahjong.ting("1122m3344p5566s", "riichi", jokers=1)  # any new kind pairs the joker
    assert set(range(34)) - {0, 1, 11, 12, 22, 23} <= set(six_pairs)
    assert six_pairs == slow.ting_with_jokers(list(hand_counts("1122m3344p5566s")), PRESETS["riichi"], 1)
    assert mahjong.is_hu("1122m3344p55667s", "riichi", jokers=1)  # seven pairs, one from a joker
    assert not mahjong.is_hu("1111m3344p5566s7z", "riichi", jokers=1)  # a quad is no two pairs here
    assert mahjong.is_hu("1111m3344p5566s7z", "chinese", jokers=1)
    assert not mahjong.is_hu("19m19p19s1234567z", "riichi", jokers=1)  # no thirteen orphans with jokers


@pytest.mark.parametrize("rules", ["standard", "chinese"])
def test_batch_jokers_equal_scalar(rng, rules):
    for remainder, batch, scalar in ((2, mahjong.is_hu_batch, mahjong.is_hu),
                                     (1, mahjong.ting_batch, mahjong.ting_mask)):
        hands, jokers = [], []
        for j in range(0, 6):
            for h in hands_with_jokers(rng, j, remainder, 60):
                hands.append(h)
                jokers.append(j)
        counts = np.array(hands, np.uint8)
        out = batch(counts, rules, jokers=np.array(jokers))
        assert out.tolist() == [scalar(h, rules, jokers=j) for h, j in zip(hands, jokers)]
        same = [h for h, j in zip(hands, jokers) if j == 2]
        assert batch(np.array(same, np.uint8), rules, jokers=2).tolist() == \
            [scalar(h, rules, jokers=2) for h in same]


@pytest.mark.parametrize("jokers,match", [
    (9, "jokers must be 0..8"), (-1, "jokers must be 0..8"), (1.5, "integer"), (True, "integer"),
])
def test_bad_joker_counts(jokers, match):
    with pytest.raises(InvalidHandError, match=match):
        mahjong.is_hu("11m", jokers=jokers)
    with pytest.raises(InvalidHandError, match=match):
        mahjong.is_hu_batch(np.zeros((1, 34), np.uint8), jokers=jokers)


def test_joker_sizes_and_arrays():
    with pytest.raises(InvalidHandError, match=r"jokers included\), got 2 tiles and 1 joker"):
        mahjong.is_hu("11m", jokers=1)
    with pytest.raises(InvalidHandError, match=r"shape \(2,\)"):
        mahjong.is_hu_batch(np.zeros((2, 34), np.uint8), jokers=np.array([1, 2, 3]))
    with pytest.raises(InvalidHandError, match="row 1: jokers must be 0..8, got 9"):
        mahjong.ting_batch(np.zeros((2, 34), np.uint8), jokers=np.array([1, 9]))
    with pytest.raises(InvalidHandError, match="row 0: needs 1, 4, 7, 10, 13 tiles, got 0 tiles and 2 jokers"):
        mahjong.ting_batch(np.zeros((1, 34), np.uint8), jokers=np.array([2]))
    assert mahjong.ting_batch(np.zeros((1, 34), np.uint8), jokers=1).tolist() == [(1 << 34) - 1]
