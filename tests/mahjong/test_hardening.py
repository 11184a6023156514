"""Mahjong input hardening: rule objects are checked, bad input is refused, every error is
typed, and hand sizes are checked against what each query takes."""

import numpy as np
import pytest

from lookup import mahjong
from lookup.errors import (
    QUOTE_LIMIT,
    InvalidArgumentError,
    InvalidHandError,
    InvalidRulesError,
    InvalidTileError,
    PaibiaoError,
)
from lookup.mahjong import RuleSet
from lookup.mahjong.tiles import MAX_TILES, parse_uva_token
from tests.support.untouchable import Untouchable

ORPHANS_HAND = "119m19p19s1234567z"  # thirteen orphans, complete
NINE_GATES = "1112345678999m"  # 13 tiles, waiting on every m


# --- rule objects -----------------------------------------------------------------------------

@pytest.mark.parametrize("field", ["seven_pairs", "quad_as_two_pairs", "thirteen_orphans", "honors"])
@pytest.mark.parametrize("value", [2, 0, 1, "no", "", None, 1.0, np.bool_(True)])
def test_rule_flags_take_only_true_or_false(field, value):
    with pytest.raises(InvalidRulesError, match=f"rules field {field} must be True or False"):
        RuleSet("x", **{field: value})


def test_a_valid_rule_set_gives_one_answer_everywhere():
    """thirteen_orphans=2 gave shanten 7 in discard_advice but 0 in shanten; True gives 0 in both."""
    rules = RuleSet("x", thirteen_orphans=True)
    assert mahjong.shanten(ORPHANS_HAND, rules) == -1
    for advice in mahjong.discard_advice(ORPHANS_HAND, rules):
        after = list(mahjong.hand_counts(ORPHANS_HAND))
        after[advice.discard] -= 1
        assert advice.shanten == mahjong.shanten(after, rules)
    assert mahjong.discard_advice(ORPHANS_HAND, rules)[0].shanten == 0


@pytest.mark.parametrize("name", [None, 5, b"x", ["x"]])
def test_rule_set_name_is_a_str(name):
    with pytest.raises(InvalidRulesError, match="rules field name"):
        RuleSet(name)


# --- bad input refused ----------------------------------------------------------------------

@pytest.mark.parametrize("text", ["0z", "0z0z", "10z", "50z"])
def test_zero_is_a_red_five_only_in_the_suits(text):
    with pytest.raises(InvalidTileError, match="0 is a red five only in m, p, s"):
        mahjong.parse_tiles(text)
    with pytest.raises(InvalidTileError):
        mahjong.is_hu(text)


def test_red_fives_still_parse():
    assert mahjong.parse_tiles("0m0p0s") == mahjong.parse_tiles("5m5p5s")


@pytest.mark.parametrize("hand", [{0: 2}, {0, 1, 2, 3}, frozenset({5}), {"1m": 1}])
def test_an_unordered_collection_is_not_a_hand(hand):
    for query in (mahjong.ting, mahjong.is_hu, mahjong.shanten, mahjong.hand_counts):
        with pytest.raises(InvalidHandError, match="tile indices must be a sequence"):
            query(hand)


@pytest.mark.parametrize("jokers", [None, 0.0, 1.0, "", "1", [], [1], (), np.array([1, 2]), np.array(1), True])
def test_scalar_jokers_are_an_integer(jokers):
    """None, 0.0, "" and [] were read as 0 jokers; an array raised numpy's ValueError."""
    with pytest.raises(InvalidHandError, match="jokers must be an integer"):
        mahjong.is_hu("11m", jokers=jokers)
    with pytest.raises(InvalidHandError, match="jokers must be an integer"):
        mahjong.ting("1m", jokers=jokers)
    with pytest.raises(InvalidHandError, match="jokers must be an integer"):
        mahjong.ting_mask("1m", jokers=jokers)


def test_numpy_integer_jokers_are_the_int():
    assert mahjong.is_hu("11m", jokers=np.int64(0)) is mahjong.is_hu("11m") is True
    assert mahjong.is_hu("1m", jokers=np.uint8(1)) is mahjong.is_hu("1m", jokers=1) is True
    assert mahjong.ting_mask("1m", jokers=np.int64(0)) == mahjong.ting_mask("1m")
    assert mahjong.ting_mask("1m2p", jokers=np.int32(2)) == mahjong.ting_mask("1m2p", jokers=2)


def test_bools_are_not_counts_in_scalar_or_batch_calls():
    """Scalar calls took bool lists and arrays as 0/1 counts; batch calls refused them."""
    counts = [False] * 34
    counts[0] = counts[1] = True
    for hand in (counts, tuple(counts), np.array(counts)):
        with pytest.raises(InvalidHandError):
            mahjong.is_hu(hand)
        with pytest.raises(InvalidHandError):
            mahjong.hand_counts(hand)
    with pytest.raises(InvalidHandError):
        mahjong.is_hu_batch(np.array([counts]))
    mixed = [2] + [0] * 32 + [True]  # refused by hand_counts; the queries' list path scans 0/1 lists only
    with pytest.raises(InvalidHandError, match="got a bool"):
        mahjong.hand_counts(mixed)


@pytest.mark.parametrize("mask", [-1, 1 << 34, 2**40, True, 1.0, "3", None, np.int64(-1)])
def test_mask_to_tiles_takes_a_34_bit_mask(mask):
    """-1 gave all 34 tiles (and two more), 2**40 an IndexError."""
    with pytest.raises(InvalidArgumentError, match="tile mask"):
        mahjong.mask_to_tiles(mask)


def test_mask_to_tiles_bounds_and_numpy_masks():
    assert mahjong.mask_to_tiles((1 << 34) - 1) == list(range(34))
    assert mahjong.mask_to_tiles(0) == []
    batch = mahjong.ting_batch(np.array([list(mahjong.hand_counts(NINE_GATES))], np.uint8))
    assert mahjong.mask_to_tiles(batch[0]) == mahjong.ting(NINE_GATES)


@pytest.mark.parametrize("tiles", [[35], [34], [9.7], [-1], [True], ["1m"], [None]])
@pytest.mark.parametrize("notation", mahjong.NOTATIONS)
def test_format_tiles_refuses_what_is_not_a_tile(tiles, notation):
    """[35] gave 9z, [9.7] 1p, [-1] was dropped."""
    with pytest.raises(InvalidTileError):
        mahjong.format_tiles(tiles, notation)


@pytest.mark.parametrize("counts", [[5] + [0] * 33, [-1] + [0] * 33, [0] * 33, [0] * 35, "1m", [0.5] + [0] * 33])
def test_format_counts_refuses_what_is_not_34_counts(counts):
    """[5] + [0] * 33 gave 11111m."""
    with pytest.raises(InvalidHandError):
        mahjong.format_counts(counts)


def test_format_counts_of_valid_counts():
    counts = mahjong.hand_counts(NINE_GATES)
    assert mahjong.format_counts(list(counts)) == NINE_GATES
    assert mahjong.format_counts(np.frombuffer(counts, np.uint8)) == NINE_GATES


def test_unknown_notation_is_a_typed_error():
    for call in (lambda: mahjong.tile_name(0, "mcr"), lambda: mahjong.format_tiles([0], "mcr"),
                 lambda: mahjong.format_tiles([], "mcr")):
        with pytest.raises(InvalidArgumentError, match="unknown notation 'mcr'"):
            call()
    for notation in (np.array([]), np.zeros((0, 3)), None, ["tenhou"]):  # found by tests/test_fuzz.py
        with pytest.raises(InvalidArgumentError, match="unknown notation"):
            mahjong.format_tiles([0], notation)


# --- typed errors -------------------------------------------------------------------------------

RAGGED = [[1, 2], [1]]


@pytest.mark.parametrize("query", [mahjong.is_hu_batch, mahjong.ting_batch, mahjong.shanten_batch])
@pytest.mark.parametrize("counts", [RAGGED, [[0] * 34, [0] * 33], [[0] * 34, None], [["x"] * 34]])
def test_a_ragged_batch_is_a_typed_error(query, counts):
    with pytest.raises(InvalidHandError):
        query(counts)


def test_ragged_batch_jokers_are_a_typed_error():
    rows = np.zeros((2, 34), np.uint8)
    with pytest.raises(InvalidHandError, match="jokers"):
        mahjong.is_hu_batch(rows, jokers=[[1], [1, 2]])


@pytest.mark.parametrize("token", [None, 5, b"1W", ["1W"]])
def test_parse_uva_token_of_a_non_str(token):
    with pytest.raises(InvalidTileError, match="must be a str"):
        parse_uva_token(token)


# --- sizes -----------------------------------------------------------------------------------

def test_a_huge_token_is_cut_in_the_message():
    """The whole 10 MB token was in the message."""
    with pytest.raises(InvalidHandError) as caught:
        mahjong.is_hu("x" * 10**7)
    assert len(str(caught.value)) < 300 and "…" in str(caught.value)
    with pytest.raises(InvalidTileError) as bad:
        mahjong.is_hu("1m" + "q" * 1000)
    assert len(str(bad.value)) < 120 and "…" in str(bad.value)


def test_a_text_longer_than_any_hand_is_refused_before_parsing():
    longest = " ".join(["ZHONG"] * 4)
    assert mahjong.parse_tiles(longest) == [33] * 4
    with pytest.raises(InvalidHandError, match="too long"):
        mahjong.parse_tiles("1m" * 10**6)  # valid tokens: only the size refuses it



def test_a_sequence_longer_than_any_hand_is_refused_unread():
    with pytest.raises(InvalidHandError, match=f"too many tile indices: at most {MAX_TILES},"):
        mahjong.is_hu(Untouchable())
    with pytest.raises(InvalidHandError, match=f"too many tile indices: at most {MAX_TILES},"):
        mahjong.hand_counts(np.zeros(10**6, np.int64))


def test_errors_are_paibiao_errors_and_value_errors():
    for call in (lambda: mahjong.mask_to_tiles(-1), lambda: mahjong.is_hu("0z"),
                 lambda: mahjong.is_hu_batch(RAGGED), lambda: RuleSet("x", honors=2)):
        with pytest.raises(PaibiaoError) as caught:
            call()
        assert isinstance(caught.value, ValueError) and len(str(caught.value)) < 200 + QUOTE_LIMIT
