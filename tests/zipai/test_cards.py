"""Zipai card and meld notation: parsing, formatting, errors."""

import numpy as np
import pytest

from lookup.errors import InvalidHandError, InvalidMeldError, InvalidTileError
from lookup.zipai.cards import (
    BIG_NAMES,
    SMALL_NAMES,
    card_name,
    counts_of,
    format_cards,
    format_counts,
    hand_counts,
    parse_cards,
)
from lookup.zipai.melds import Meld, parse_meld, parse_melds


def test_every_card_round_trips_in_both_notations():
    for t in range(20):
        for notation in ("chinese", "ascii"):
            assert parse_cards(card_name(t, notation)) == [t]
    assert [card_name(t) for t in range(20)] == list(SMALL_NAMES + BIG_NAMES)
    assert [card_name(t, "ascii") for t in (0, 9, 10, 19)] == ["x1", "x10", "d1", "d10"]


def test_text_forms():
    assert parse_cards("二七十 贰柒拾") == [1, 6, 9, 11, 16, 19]
    assert parse_cards("x2x7x10, d2 d7 d10") == [1, 6, 9, 11, 16, 19]
    assert parse_cards("X1 D10 x10x1") == [0, 19, 9, 0]
    assert parse_cards("貳參叄陸") == [11, 12, 12, 15]  # traditional and variant big numerals
    assert parse_cards("一，二、三") == [0, 1, 2]
    assert parse_cards("") == []


def test_formatting():
    counts = counts_of("贰 二 二 十 x7")
    assert format_counts(counts) == "二二七十贰"
    assert format_counts(counts, "ascii") == "x2 x2 x7 x10 d2"
    assert format_cards([19, 0]) == "一拾"
    with pytest.raises(ValueError, match="notation"):
        card_name(0, "tenhou")


@pytest.mark.parametrize("text,token", [("一二三 x11", "'x11'"), ("x0", "'x0'"), ("x", "'x'"),
                                        ("二七十q", "'q'"), ("1m", "'1m'"), ("一 b3", "'b3'"), ("万", "'万'")])
def test_bad_tokens_are_named(text, token):
    with pytest.raises(InvalidTileError, match=token):
        parse_cards(text)


def test_hand_counts():
    assert hand_counts("一一壹") == [2] + [0] * 9 + [1] + [0] * 9
    assert hand_counts([0] * 19 + [4]) == [0] * 19 + [4]
    assert hand_counts(np.arange(20) % 3) == [t % 3 for t in range(20)]
    with pytest.raises(InvalidHandError, match="5 copies of 一"):
        hand_counts("一一一一一")
    with pytest.raises(InvalidHandError, match="5 copies of 拾"):
        hand_counts([0] * 19 + [5])
    with pytest.raises(InvalidHandError, match="20 counts"):
        hand_counts([1, 2, 3])
    with pytest.raises(InvalidHandError, match="integers"):
        hand_counts([0.5] * 20)
    with pytest.raises(InvalidHandError, match="20 counts"):
        hand_counts(3)
    with pytest.raises(InvalidTileError, match="0..19"):
        counts_of([20])
    assert counts_of([0, 0, 19]) == [2] + [0] * 18 + [1]


@pytest.mark.parametrize("item,meld", [
    ("碰六", Meld("peng", (5, 5, 5))),
    ("peng x6", Meld("peng", (5, 5, 5))),
    ("PENG:x6x6x6", Meld("peng", (5, 5, 5))),
    ("偎拾", Meld("wei", (19, 19, 19))),
    ("跑三", Meld("pao", (2,) * 4)),
    ("ti:d1", Meld("ti", (10,) * 4)),
    ("吃三一二", Meld("chi", (0, 1, 2))),
    ("chi x2 x7 x10", Meld("chi", (1, 6, 9))),
    ("吃壹壹一", Meld("chi", (0, 10, 10))),
    (("碰", 5), Meld("peng", (5, 5, 5))),
    (("chi", [11, 16, 19]), Meld("chi", (11, 16, 19))),
    (Meld("ti", (3, 3, 3, 3)), Meld("ti", (3, 3, 3, 3))),
])
def test_meld_forms(item, meld):
    assert parse_meld(item) == meld
    assert parse_meld(meld.text()) == parse_meld(meld.text("ascii")) == meld


@pytest.mark.parametrize("item,match", [
    ("碰一二", "碰 is 3 of one card"), ("跑一一一", "跑 is 4 of one card"), ("吃一二四", "一二四"),
    ("吃九十壹", "九十壹"), ("杠一", "杠一"), (("peng",), "bad meld"), (("gang", 1), "gang"),
    (5, "bad meld"),
])
def test_bad_melds(item, match):
    with pytest.raises(InvalidMeldError, match=match):
        parse_meld(item)


def test_parse_melds_takes_one_text_or_a_sequence():
    assert parse_melds("碰六") == [Meld("peng", (5, 5, 5))]
    assert parse_melds(["碰六", ("跑", "拾")]) == [Meld("peng", (5, 5, 5)), Meld("pao", (19,) * 4)]
    with pytest.raises(InvalidMeldError):
        parse_melds(7)
