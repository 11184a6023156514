"""hu and ting, scalar and batch, against the slow recursive oracle and the mahjong package."""

import numpy as np
import pytest
from mahjong.agari import Agari

from lookup import mahjong
from lookup.errors import InvalidHandError, InvalidRulesError, InvalidTileError
from lookup.mahjong.rules import PRESETS, RuleSet
from tests.support import mahjong_hands as handgen
from tests.support.oracles import mahjong as slow
from tests.support.oracles import mahjong_rules as rules_slow

HU_SIZES = (2, 5, 8, 11, 14)
TING_SIZES = (1, 4, 7, 10, 13)


def hands_for(rng, rules, n_tiles, n):
    return handgen.form_hands(rng, n, n_tiles, PRESETS[rules])


@pytest.mark.parametrize("rules", list(PRESETS))
@pytest.mark.parametrize("n_tiles", HU_SIZES)
def test_is_hu_matches_the_slow_checker(rng, rules, n_tiles):
    hands = hands_for(rng, rules, n_tiles, 600)
    got = [mahjong.is_hu(h, rules) for h in hands]
    want = [rules_slow.is_hu(h, PRESETS[rules]) for h in hands]
    assert got == want
    assert any(want) and not all(want)  # the sample exercises both answers


@pytest.mark.parametrize("rules", list(PRESETS))
@pytest.mark.parametrize("n_tiles", TING_SIZES)
def test_ting_matches_the_slow_checker(rng, rules, n_tiles):
    hands = hands_for(rng, rules, n_tiles, 400)
    for h in hands:
        assert mahjong.ting(h, rules) == rules_slow.ting(h, PRESETS[rules]), handgen_text(h)
    assert any(mahjong.ting(h, rules) for h in hands)


def handgen_text(counts):
    from lookup.mahjong.tiles import format_counts
    return format_counts(counts)


@pytest.mark.parametrize("n_tiles", HU_SIZES)
def test_riichi_agrees_with_the_mahjong_package(rng, n_tiles):
    hands = hands_for(rng, "riichi", n_tiles, 1500)
    if n_tiles == 14:
        hands += [handgen.seven_pairs_hand(rng, with_quad=q) for q in (False, True) for _ in range(100)]
        hands += [handgen.thirteen_orphans_hand(rng) for _ in range(50)]
        hands += [handgen.swap_one(rng, handgen.thirteen_orphans_hand(rng)) for _ in range(50)]
        hands += [handgen.swap_one(rng, handgen.seven_pairs_hand(rng)) for _ in range(50)]
    for h in hands:
        assert mahjong.is_hu(h, "riichi") == Agari.is_agari(h), handgen_text(h)


def test_crafted_hands():
    assert mahjong.is_hu("11m")
    assert not mahjong.is_hu("12m")
    assert mahjong.is_hu("11122233344455m")
    assert mahjong.ting("1112345678999m") == list(range(9))  # nine gates
    assert mahjong.ting("1111m") == []  # only a fifth 1m would win
    assert mahjong.ting("1111m234p567s789s") == []
    assert mahjong.ting("1111m234p567s789s", "riichi") == []
    assert mahjong.ting("1111234m") == [3]  # 4m; a fifth 1m would win too but is no wait
    assert mahjong.ting("1s1s2s2s2s3s3s3s7s8s9s 6z6z") == [18, 21, 32]  # UVa sample 1
    assert mahjong.ting("1S 2S 3S 4S 5S 6S 7S 8S 9S 1T 3T 5T 7T") == []  # UVa sample 2
    seven = "1122m3344p5566s7z"
    assert mahjong.ting(seven, "standard") == [] and mahjong.ting(seven, "riichi") == [33]
    quads = "1111m3333p557799s"
    assert mahjong.is_hu(quads, "chinese") and not mahjong.is_hu(quads, "riichi")
    assert mahjong.ting("1111m3333p55779s", "chinese") == [26]
    assert mahjong.ting("1111m3333p55779s", "riichi") == []
    assert mahjong.ting("111m3333p557799s", "chinese") == [0]  # the odd three becomes a quad
    assert mahjong.is_hu("119m19p19s1234567z", "riichi")
    assert mahjong.ting("19m19p19s1234567z", "riichi") == list(slow.ORPHANS)
    assert mahjong.ting("19m19p19s1234567z", "chinese") == list(slow.ORPHANS)
    assert mahjong.ting("19m19p19s1234567z", "standard") == []


def test_hand_forms_are_interchangeable():
    counts = handgen_counts = [0] * 34
    for t in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 33, 33):
        handgen_counts[t] += 1
    forms = [counts, tuple(counts), np.array(counts), np.array(counts, np.uint8),
             [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 33, 33], "123m123p123s11177z",
             "1W 2W 3W 1T 2T 3T 1S 2S 3S DONG DONG DONG ZHONG ZHONG",
             "一万二万三万一筒二筒三筒一条二条三条东东东中中",
             "\U0001F007\U0001F008\U0001F009\U0001F019\U0001F01A\U0001F01B\U0001F010\U0001F011\U0001F012"
             "\U0001F000\U0001F000\U0001F000\U0001F004\U0001F004"]
    for form in forms:
        assert mahjong.is_hu(form), form


@pytest.mark.parametrize("rules", list(PRESETS))
def test_batch_equals_scalar(rng, rules):
    for sizes, batch, scalar, dtype in ((HU_SIZES, mahjong.is_hu_batch, mahjong.is_hu, np.bool_),
                                        (TING_SIZES, mahjong.ting_batch, mahjong.ting_mask, np.uint64)):
        hands = [h for n in sizes for h in hands_for(rng, rules, n, 300)]
        out = batch(np.array(hands, np.uint8), rules)
        assert out.dtype == dtype and out.shape == (len(hands),)
        assert out.tolist() == [scalar(h, rules) for h in hands]
        wide = batch(np.array(hands, np.int64), rules)  # other integer dtypes are accepted
        assert np.array_equal(wide, out)


def test_batch_of_zero_rows():
    empty = np.zeros((0, 34), np.uint8)
    assert mahjong.is_hu_batch(empty).shape == (0,)
    assert mahjong.ting_batch(empty).shape == (0,)


@pytest.mark.parametrize("bad,match", [
    (np.zeros((3, 33), np.uint8), r"shape \(N, 34\)"),
    (np.zeros(34, np.uint8), r"shape \(N, 34\)"),
    (np.zeros((2, 34), np.float64), "integer"),
    ([[0] * 34], "row 0: needs 2, 5, 8, 11, 14 tiles, got 0"),
])
def test_batch_rejects_bad_arrays(bad, match):
    with pytest.raises(InvalidHandError, match=match):
        mahjong.is_hu_batch(bad)


def test_batch_validates_every_row_before_answering():
    good = [0] * 34
    good[0] = 2
    fifth = [0] * 34
    fifth[5] = 5
    fifth[0] = 0
    fifth[6] = 2
    hands = np.array([good, good, fifth], np.uint8)
    with pytest.raises(InvalidHandError, match="row 2: holds 5 copies of 6m"):
        mahjong.is_hu_batch(hands)
    short = np.array([good, [0] * 34], np.uint8)
    with pytest.raises(InvalidHandError, match="row 1: needs 1, 4, 7, 10, 13"):
        mahjong.ting_batch(np.array([[1] + [0] * 33, [0] * 34], np.uint8))
    with pytest.raises(InvalidHandError, match="row 1"):
        mahjong.is_hu_batch(short)
    with pytest.raises(InvalidHandError, match="row 0: tile counts must be 0..4"):
        mahjong.is_hu_batch(np.array([[-1] + [0] * 33], np.int16))
    honors = np.zeros((1, 34), np.uint8)
    honors[0, 30] = 2
    with pytest.raises(InvalidHandError, match="no honor tiles"):
        mahjong.is_hu_batch(honors, "sichuan")


@pytest.mark.parametrize("call,hand,error,match", [
    (mahjong.is_hu, "123m", InvalidHandError, "hu needs a hand of 2, 5, 8, 11, 14 tiles, got 3"),
    (mahjong.ting, "11m", InvalidHandError, "ting needs a hand of 1, 4, 7, 10, 13 tiles, got 2"),
    (mahjong.is_hu, "11111m", InvalidHandError, "5 copies of 1m"),
    (mahjong.is_hu, "11122233344455566m", InvalidHandError, "got 17"),
    (mahjong.is_hu, "11m 9x", InvalidTileError, "'9x'"),
    (mahjong.is_hu, "11m8z", InvalidTileError, "'8z'"),
    (mahjong.is_hu, [0, 0, 34], InvalidTileError, "34"),
    (mahjong.is_hu, [0] * 33 + [7], InvalidHandError, "7 copies of 7z"),
    (mahjong.is_hu, [0.5] * 34, InvalidHandError, "integers"),
    (mahjong.is_hu, 42, InvalidHandError, "not int"),
])
def test_bad_input_raises_a_typed_error(call, hand, error, match):
    with pytest.raises(error, match=match):
        call(hand)


def test_rules():
    with pytest.raises(InvalidRulesError, match="unknown mahjong rules 'mcr'"):
        mahjong.is_hu("11m", "mcr")
    with pytest.raises(InvalidHandError, match="no honor tiles"):
        mahjong.is_hu("11z", "sichuan")
    custom = RuleSet("pairs-only", seven_pairs=True, quad_as_two_pairs=True)
    assert mahjong.is_hu("11112233m445566p", custom)
    assert not mahjong.is_hu("19m19p19s11234567z", custom)
    with pytest.raises(InvalidRulesError):
        RuleSet(quad_as_two_pairs=True)
