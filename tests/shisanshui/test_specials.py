"""Special hands (特殊牌型): each on crafted hands and hands that just miss, the most valuable
one chosen, configurable points, and the slow definitions on seeded hands."""

import pytest

from lookup import shisanshui as sss
from tests.support import shisanshui_hands as cardgen
from tests.support.oracles import shisanshui as slow

# (special, a hand that is it, a hand that just misses it)
CASES = [
    ("至尊清龙", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH"),
    ("一条龙", "2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD AS", "2S 3H 4C 5D 6S 7H 8C 9D TS JH QC KD KS"),
    ("十二皇族", "JS JH JC QS QH QC KS KH KC AS AH AC AD", "JS JH JC QS QH QC KS KH KC AS AH AC TD"),
    ("三同花顺", "AS 2S 3S 4H 5H 6H 7H 8H 9C TC JC QC KC", "AS 2S 3D 4H 5H 6H 7H 8H 9C TC JC QC KC"),
    ("三分天下", "2S 2H 2C 2D 5S 5H 5C 5D 9S 9H 9C 9D KS", "2S 2H 2C 2D 5S 5H 5C 5D 9S 9H 9C KS KH"),
    ("全大", "8S 9H TC JD QS KH AC 8D 9S TH JC QD KS", "7S 9H TC JD QS KH AC 8D 9S TH JC QD KS"),
    ("全小", "2S 3H 4C 5D 6S 7H 8C 2D 3S 4H 5C 6D 7S", "2S 3H 4C 5D 6S 7H 8C 2D 3S 4H 5C 6D 9S"),
    ("凑一色", "2H 4H 6H 8H TH QH AH 3D 5D 7D 9D JD JH", "2H 4H 6H 8H TH QH AH 3D 5D 7D 9D JD JS"),
    ("双怪冲三", "2S 2H 2C 5S 5H 5C 8S 8H TS TH QS QH AS", "2S 2H 2C 5S 5H 5C 8S 8H TS TH QS KH AS"),
    ("四套三条", "2S 2H 2C 5S 5H 5C 8S 8H 8C TS TH TC AS", "2S 2H 2C 5S 5H 5C 8S 8H 8C TS TH AC AS"),
    ("五对三条", "2S 2H 4S 4H 6S 6H 9S 9H JS JH AS AH AC", "2S 2H 4S 4H 6S 6H 9S 9H JS QH AS AH AC"),
    ("六对半", "2S 2H 4S 4H 6S 6H 9S 9H JS JH AS AH KC", "2S 2H 4S 4H 6S 6H 9S 9H JS JH AS QH KC"),
    ("三顺子", "2S 3H 4C 5D 6S 7H 8C 9D 5S 6H 7C 8D 9S", "2S 3H 5C 5D 6S 7H 8C 9D 5S 6H 7C 8D 9S"),
    ("三同花", "2S 5S 9S 3H 6H 8H JH KH 4D 7D TD QD AD", "2S 5S 9C 3H 6H 8H JH KH 4D 7D TD QD AD"),
]


@pytest.mark.parametrize("name,hand,miss", CASES, ids=[c[0] for c in CASES])
def test_each_special_and_a_hand_that_just_misses(name, hand, miss):
    cards, missed = sss.parse_cards(hand), sss.parse_cards(miss)
    assert name in sss.specials(cards) and name in slow.specials(cards)
    assert name not in sss.specials(missed) and name not in slow.specials(missed)
    assert set(sss.specials(cards)) == slow.specials(cards)
    assert set(sss.specials(missed)) == slow.specials(missed)


@pytest.mark.parametrize("hand,name", [
    ("2S 3H 4C 5D 6S 7H 8C 2D 3S 4H 5C 6D 7S", "全小"),          # also 六对半 (4)
    ("2S 3H 4C 5D 6S 3S 4H 5C 6D 7S 6H 7C 8D", "全小"),          # also 三顺子 (4)
    ("JS JH JC JD QS QH QC QD KS KH KC KD AS", "十二皇族"),       # also 三分天下, 全大, 四套三条
    ("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "至尊清龙"),       # also 一条龙, 三同花顺, 凑一色, ...
    ("2S 2H 4S 4H 6S 6H 9S 9H JS JH AS AH AC", "五对三条"),       # also 六对半
    ("AS 2H 3C 4D 5S 6H 7C 8D 4S 5H 6C 7D 8S", "三顺子"),         # A-2-3 in front
    ("QS KH AC 4D 5S 6H 7C 8D 4S 5H 6C 7D 8S", "三顺子"),         # Q-K-A in front
    ("KS AH 2C 4D 5S 6H 7C 8D 4S 5H 6C 7D 8S", None),            # K-A-2 is no sequence
])
def test_the_most_valuable_special_counts(hand, name):
    assert sss.special(hand) == name
    assert (name is None) == (not slow.specials(sss.parse_cards(hand)))


def test_points_are_configurable():
    hand = "2S 3H 4C 5D 6S 3S 4H 5C 6D 7S 6H 7C 8D"
    assert sss.specials(hand) == ["全小", "三顺子"]
    rules = sss.Rules("no-small", special_points={**dict(sss.DEFAULT_SPECIAL_POINTS), "全小": 0, "三顺子": 12})
    assert sss.special(hand, rules) == "三顺子" and sss.specials(hand, rules) == ["三顺子"]
    rules = sss.Rules("six-pairs-first", special_points={**dict(sss.DEFAULT_SPECIAL_POINTS), "六对半": 11})
    assert sss.specials("2S 3H 4C 5D 6S 7H 8C 2D 3S 4H 5C 6D 7S", rules) == ["六对半", "全小"]
    assert sss.special(hand, sss.Rules("none", special_points={})) is None


def test_specials_against_the_slow_definitions(rng):
    hands = cardgen.mixed_hands(rng, 160) + [cardgen.paired_hand(rng) for _ in range(80)]
    seen = set()
    for hand in hands:
        want = slow.specials(hand)
        assert set(sss.specials(hand)) == want, sss.format_cards(hand)
        seen |= want
    assert len(seen) >= 5  # the generators reach several specials, not only misses


def test_special_input_errors():
    with pytest.raises(ValueError, match="13 cards"):
        sss.special("2S 3H")
    with pytest.raises(ValueError, match="duplicate"):
        sss.special("2S 2S 4C 5D 6S 7H 8C 9D TS JH QC KD AS")
