"""Every decomposition of a winning hand, against a recursive splitter over the whole hand."""

import pytest

from lookup import mahjong
from lookup.errors import InvalidHandError
from lookup.mahjong.rules import PRESETS
from lookup.mahjong.tiles import hand_counts
from tests.support import mahjong_hands as handgen
from tests.support.oracles import mahjong as slow


def as_sets(decompositions):
    return {(d.pair, d.melds) for d in decompositions if d.form == "standard"}


def test_three_pongs_or_three_chows():
    got = mahjong.decompositions("111222333m789p55s")
    assert [d.form for d in got] == ["standard", "standard"]
    assert {d.melds for d in got} == {
        (("pong", 0), ("pong", 1), ("pong", 2), ("chow", 15)),
        (("chow", 0), ("chow", 0), ("chow", 0), ("chow", 15)),
    }
    assert all(d.pair == 22 for d in got)


def test_a_hand_with_several_splits():
    got = mahjong.decompositions("11122233344455m")
    assert len(got) == len(slow.standard_splits(list(hand_counts("11122233344455m")))) > 1
    assert len({(d.pair, d.melds) for d in got}) == len(got)  # each multiset of melds once


@pytest.mark.parametrize("n_melds", [0, 1, 2, 3, 4])
def test_seeded_winning_hands_match_the_recursive_splitter(rng, n_melds):
    for _ in range(150):
        hand = handgen.winning_hand(rng, n_melds)
        got = mahjong.decompositions(hand)
        assert as_sets(got) == slow.standard_splits(hand)
        assert len(got) == len(as_sets(got))
        for d in got:
            tiles = [d.pair, d.pair] + [t for kind, low in d.melds
                                        for t in ((low,) * 3 if kind == "pong" else (low, low + 1, low + 2))]
            assert sorted(tiles) == [t for t in range(34) for _ in range(hand[t])]


def test_non_winning_hands_have_none(rng):
    for _ in range(100):
        hand = handgen.swap_one(rng, handgen.winning_hand(rng))
        assert (mahjong.decompositions(hand) != []) == mahjong.is_hu(hand)
    assert mahjong.decompositions("11m22p33s44z") == []  # four pairs: no standard split


def test_special_forms():
    seven = mahjong.decompositions("1122m3344p5566s77z", "riichi")
    assert [d.form for d in seven] == ["seven_pairs"]
    assert seven[0].pair is None and seven[0].pairs == (0, 1, 11, 12, 22, 23, 33)
    both = mahjong.decompositions("112233m445566p77s", "riichi")  # four chows, and seven pairs
    assert [d.form for d in both] == ["standard", "seven_pairs"]
    assert mahjong.decompositions("112233m445566p77s", "standard")[-1].form == "standard"
    quads = mahjong.decompositions("1111m3333p557799s", "chinese")
    assert [d.form for d in quads] == ["seven_pairs"] and quads[0].pairs == (0, 0, 11, 11, 22, 24, 26)
    orphans = mahjong.decompositions("119m19p19s1234567z", "riichi")
    assert [(d.form, d.pair, d.melds) for d in orphans] == [("thirteen_orphans", 0, ())]
    assert mahjong.decompositions("119m19p19s1234567z", "standard") == []


def test_decomposition_errors():
    with pytest.raises(InvalidHandError, match="2, 5, 8, 11, 14"):
        mahjong.decompositions("123m")
    with pytest.raises(InvalidHandError, match="no honor tiles"):
        mahjong.decompositions("11z", PRESETS["sichuan"])
