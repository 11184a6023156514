"""Zipai input hardening: rule objects are validated, bad input is refused, every
error is typed, and sizes are bounded before any work."""

import numpy as np
import pytest

from lookup import zipai
from lookup.errors import InvalidArgumentError, InvalidHandError, InvalidMeldError, InvalidRulesError, InvalidTileError
from lookup.zipai import RuleSet
from lookup.zipai.cards import MAX_CARDS
from lookup.zipai.melds import MAX_MELDS
from tests.support.untouchable import Untouchable

HAND = "二七十二七十贰柒拾"  # 9 cards, hu
PENG = "碰六"


# --- rule objects ----------------------------------------------------------------------------

@pytest.mark.parametrize("value", [True, 1.5, -1, 1001, "10", None, 2**70])
def test_min_huxi_is_an_integer_in_range(value):
    with pytest.raises(InvalidRulesError, match="rules field min_huxi"):
        RuleSet("x", min_huxi=value)


@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_pair_with_quad_is_a_bool(value):
    with pytest.raises(InvalidRulesError, match="rules field pair_with_quad"):
        RuleSet("x", pair_with_quad=value)


# --- bad input refused -----------------------------------------------------------------------

@pytest.mark.parametrize("text", ["tİx5", "TİX5", "pİng x5", "chİ x1x2x3"])
def test_a_meld_kind_is_matched_as_written(text):
    """"tİx5" parsed as 提五: "İ".lower() is two characters, and the cards were cut after it."""
    with pytest.raises(InvalidMeldError, match="starts with its kind"):
        zipai.parse_meld(text)


@pytest.mark.parametrize("text", ["ti x5", "TI:x5", "提五", "Peng x6"])
def test_meld_kinds_in_either_case_still_parse(text):
    assert zipai.parse_meld(text).kind in ("ti", "peng")


@pytest.mark.parametrize("cards", [[20], [-1], [9.7], [True], ["x1"], [None]])
def test_format_cards_refuses_what_is_not_a_card(cards):
    """[9.7] was formatted as 十 (int() rounded it down)."""
    with pytest.raises(InvalidTileError):
        zipai.format_cards(cards)


@pytest.mark.parametrize("counts", [[5] + [0] * 19, [-1] + [0] * 19, [0] * 19, "一二", [True] + [0] * 19])
def test_format_counts_refuses_what_is_not_20_counts(counts):
    with pytest.raises(InvalidHandError):
        zipai.format_counts(counts)


def test_unknown_notation_is_a_typed_error():
    with pytest.raises(InvalidArgumentError, match="unknown notation 'pinyin'"):
        zipai.card_name(0, "pinyin")
    for notation in (np.array([]), np.zeros((0, 3)), None):  # found by tests/test_fuzz.py
        with pytest.raises(InvalidArgumentError, match="unknown notation"):
            zipai.format_cards([0], notation)


# --- typed errors ----------------------------------------------------------------------------

def test_exposed_melds_as_a_numpy_array():
    """np.array(["碰六"]) raised numpy's ValueError (``exposed == ()``); it is a sequence of melds."""
    assert zipai.hu(HAND, np.array([PENG])) == zipai.hu(HAND, [PENG])
    assert zipai.ting(HAND[:-1], np.array([PENG])) == zipai.ting(HAND[:-1], [PENG])
    assert zipai.hu(HAND, np.array([], dtype=str)) == zipai.hu(HAND)


@pytest.mark.parametrize("query", [zipai.hu_batch, zipai.ting_batch])
@pytest.mark.parametrize("counts", [[[1, 2], [1]], [[0] * 20, [0] * 19], [[0] * 20, None]])
def test_a_ragged_batch_is_a_typed_error(query, counts):
    with pytest.raises(InvalidHandError):
        query(counts)


@pytest.mark.parametrize("exposed", [5, 5.0, object(), [5.0], [None]])
def test_bad_exposed_melds_are_typed_errors(exposed):
    with pytest.raises(InvalidMeldError):
        zipai.hu(HAND, exposed)


# --- sizes -----------------------------------------------------------------------------------

def test_a_huge_meld_text_is_refused_before_parsing():
    """A 10 MB meld string took 565 MB and seconds before its refusal."""
    with pytest.raises(InvalidHandError, match="meld text .* too long") as caught:
        zipai.parse_meld(PENG + "六" * 10**7)
    assert len(str(caught.value)) < 300


def test_a_huge_card_text_is_refused_before_parsing():
    with pytest.raises(InvalidHandError, match="card text .* too long") as caught:
        zipai.hu("一" * 10**7)
    assert len(str(caught.value)) < 300
    with pytest.raises(InvalidTileError) as bad:
        zipai.parse_cards("一" + "q" * 1000)
    assert len(str(bad.value)) < 150 and "…" in str(bad.value)



def test_huge_sequences_are_refused_unread():
    with pytest.raises(InvalidMeldError, match=f"at most {MAX_MELDS} exposed melds"):
        zipai.hu(HAND, Untouchable())
    with pytest.raises(InvalidHandError, match=f"too many card indices: at most {MAX_CARDS},"):
        zipai.counts_of(Untouchable())
