"""Jokers: hu and ting with wildcards against the slow recursive checker and substitution."""

import itertools

import numpy as np
import pytest

from lookup import mahjong
from lookup.errors import InvalidHandError
from lookup.mahjong.rules import PRESETS
from lookup.mahjong.tiles import hand_counts
from tests.support import mahjong_hands as handgen
from tests.support.oracles import mahjong as slow
from tests.support.oracles import mahjong_rules as rules_slow


def hands_with_jokers(rng, jokers, remainder, n, rules=PRESETS["standard"]):
    """n seeded hands of 3k+remainder tiles counting the jokers, of the tiles in the game of
    ``rules``: random and near-winning."""
    kinds = rules_slow.in_play(rules)
    out = []
    for i in range(n):
        size = int(rng.choice([s for s in range(1, 15) if s % 3 == remainder and s > jokers])) - jokers
        if i % 2:
            h = handgen.winning_hand(rng, 4, rules.honors)
            while sum(h) > size:
                h = handgen.minus_one(rng, h)
            if sum(h) == size and all(h[t] == 0 for t in range(34) if t not in kinds):
                out.append(h)
                continue
        out.append(handgen.random_hand(rng, size, kinds))
    return out


@pytest.mark.exhaustive
@pytest.mark.parametrize("rules", list(PRESETS))
@pytest.mark.parametrize("jokers", [1, 2, 3, 4, 8])
def test_hu_and_ting_with_jokers_match_the_slow_checker(rng, rules, jokers):
    hu_hands = hands_with_jokers(rng, jokers, 2, 150 if jokers < 4 else 60, PRESETS[rules])
    got = [mahjong.is_hu(h, rules, jokers=jokers) for h in hu_hands]
    assert got == [rules_slow.is_hu_with_jokers(h, PRESETS[rules], jokers) for h in hu_hands]
    assert any(got) and (jokers >= 8 or not all(got))
    for h in hands_with_jokers(rng, jokers, 1, 60 if jokers < 4 else 20, PRESETS[rules]):
        assert mahjong.ting(h, rules, jokers=jokers) == rules_slow.ting(h, PRESETS[rules], jokers,
                                                                         rules_slow.is_hu_with_jokers)


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
    assert six_pairs == rules_slow.ting(list(hand_counts("1122m3344p5566s")), PRESETS["riichi"], 1,
                                        rules_slow.is_hu_with_jokers)
    assert mahjong.is_hu("1122m3344p55667s", "riichi", jokers=1)  # seven pairs, one from a joker
    assert not mahjong.is_hu("1111m3344p5566s7z", "riichi", jokers=1)  # a quad is no two pairs here
    assert mahjong.is_hu("1111m3344p5566s7z", "chinese", jokers=1)
    assert mahjong.is_hu("19m19p19s1234567z", "riichi", jokers=1)  # thirteen orphans: the joker is the duplicate
    assert mahjong.is_hu("19m19p19s123456z", "riichi", jokers=2)  # ... and the missing 7z
    assert not mahjong.is_hu("19m19p19s111234z", "riichi", jokers=2)  # an orphan held three times


@pytest.mark.parametrize("rules", list(PRESETS))
def test_batch_jokers_equal_scalar(rng, rules):
    for remainder, batch, scalar in ((2, mahjong.is_hu_batch, mahjong.is_hu),
                                     (1, mahjong.ting_batch, mahjong.ting_mask),
                                     (0, mahjong.shanten_batch, mahjong.shanten)):
        hands, jokers = [], []
        for j in range(0, 6):
            for h in hands_with_jokers(rng, j, remainder or int(rng.integers(1, 3)), 60, PRESETS[rules]):
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


# --- jokers in shanten and discard advice ------------------------------------------------------

def one_suit_hands(max_tiles):
    """Every hand of 1..max_tiles tiles of the characters (counts up to 4): exhaustive."""
    out = []
    for n in range(1, max_tiles + 1):
        for combo in itertools.combinations_with_replacement(range(9), n):
            counts = [0] * 34
            for t in combo:
                counts[t] += 1
            if max(counts) <= 4:
                out.append(counts)
    return out


@pytest.mark.parametrize("rules", ["standard", "chinese", "changsha", "sichuan"])
def test_joker_shanten_invariants_on_every_small_one_suit_hand(rules):
    """-1 exactly when is_hu, 0 exactly when ting is non-empty, never higher once a tile turns
    into a joker: every hand of 1..5 characters with 1..3 jokers (14 tiles at most)."""
    hands = one_suit_hands(5)
    for jokers in (1, 2, 3):
        for remainder, query, done in ((2, mahjong.is_hu_batch, -1), (1, mahjong.ting_batch, 0)):
            rows = np.array([h for h in hands if (sum(h) + jokers) % 3 == remainder], np.uint8)
            value = mahjong.shanten_batch(rows, rules, jokers)
            answer = query(rows, rules, jokers)
            assert np.array_equal(value == done, answer != 0)
        rows = np.array([h for h in hands if (sum(h) + jokers) % 3], np.uint8)
        value = mahjong.shanten_batch(rows, rules, jokers)
        for t in range(9):
            held = rows[:, t] > 0
            swapped = rows[held].copy()
            swapped[:, t] -= 1
            assert (mahjong.shanten_batch(swapped, rules, jokers + 1) <= value[held]).all()


@pytest.mark.parametrize("rules", list(PRESETS))
def test_joker_shanten_invariants_on_seeded_hands(rng, rules):
    for jokers in (1, 2, 4, 8):
        hands = hands_with_jokers(rng, jokers, 2, 120, PRESETS[rules]) + \
            hands_with_jokers(rng, jokers, 1, 120, PRESETS[rules])
        for h in hands:
            value = mahjong.shanten(h, rules, jokers)
            if (sum(h) + jokers) % 3 == 2:
                assert (value == -1) == mahjong.is_hu(h, rules, jokers=jokers), h
            else:
                assert (value == 0) == bool(mahjong.ting(h, rules, jokers=jokers)), h
            if jokers < 8:
                for t in range(34):
                    if h[t]:
                        fewer = list(h)
                        fewer[t] -= 1
                        assert mahjong.shanten(fewer, rules, jokers + 1) <= value


@pytest.mark.exhaustive
@pytest.mark.parametrize("rules", list(PRESETS))
def test_joker_shanten_equals_the_brute_force_over_readings(rng, rules):
    """Shanten with jokers against every reading of them (1 or 2 jokers; small hands for 2) and
    against the oracle's lacking with wild places (3 and 4 jokers)."""
    preset = PRESETS[rules]
    for jokers, sizes, n in ((1, (2, 4, 5, 8, 10, 13, 14), 3), (2, (2, 4, 5, 8), 2)):
        for size in sizes:
            hands = [h for h in handgen.form_hands(rng, n, size - jokers, preset)] if size > jokers else []
            for h in hands:
                assert mahjong.shanten(h, rules, jokers) == rules_slow.shanten_by_readings(h, preset, jokers), h
    for jokers in (3, 4):
        hands = hands_with_jokers(rng, jokers, 2, 15, preset) + hands_with_jokers(rng, jokers, 1, 15, preset)
        rows = np.array(hands, np.uint8)
        assert mahjong.shanten_batch(rows, rules, jokers).tolist() == \
            [rules_slow.shanten(h, preset, jokers) for h in hands]


@pytest.mark.parametrize("rules", ["riichi", "chinese", "changsha", "sanma"])
def test_discard_advice_with_jokers(rng, rules):
    """Jokers are never discarded; each row's shanten is shanten() of the rest with the jokers,
    its waits the tiles whose draw lowers it."""
    play = rules_slow.in_play(PRESETS[rules])
    for jokers in (1, 2, 3):
        for h in hands_with_jokers(rng, jokers, 2, 10, PRESETS[rules]):
            if not sum(h):
                continue
            advice = mahjong.discard_advice(h, rules, jokers)
            assert sorted(a.discard for a in advice) == [t for t in range(34) if h[t]]
            for a in advice:
                after = list(h)
                after[a.discard] -= 1
                assert a.shanten == mahjong.shanten(after, rules, jokers)
                room = [t for t in play if after[t] < 4]
                drawn = np.array([[x + (i == t) for i, x in enumerate(after)] for t in room], np.uint8)
                lower = mahjong.shanten_batch(drawn, rules, jokers) < a.shanten
                assert list(a.waits) == [t for t, yes in zip(room, lower) if yes]
