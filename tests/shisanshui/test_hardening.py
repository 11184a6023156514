"""Shisanshui input hardening: rule objects are validated, bad input is refused, every
error is typed, and sizes are bounded before any work."""

import dataclasses

import numpy as np
import pytest

from lookup import shisanshui as sss
from lookup.errors import InvalidArgumentError, InvalidHandError, InvalidRulesError, InvalidTileError
from lookup.shisanshui import Rules
from tests.support.untouchable import Untouchable

A = "2S 3S 4S | 5S 6S 7S 8S 9S | TS JS QS KS AS"
B = "2H 3H 4H | 5H 6H 7H 8H 9H | TH JH QH KH AH"
DRAGON = "2S 3H 4C | 5D 6S 7H 8C 9D | TS JH QC KD AS"  # 一条龙


# --- rule objects ----------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["yes", None, 2, 0, 1.0])
def test_a5_lowest_is_a_bool(value):
    """Rules(a5_lowest="yes") (or None, or 2) gave a KeyError in rank5, best, settle, rank5_batch."""
    with pytest.raises(InvalidRulesError, match="rules field a5_lowest"):
        Rules(a5_lowest=value)


@pytest.mark.parametrize("field", [f.name for f in dataclasses.fields(Rules) if f.type == "int"])
@pytest.mark.parametrize("value", [2**70, -1, 1.5, True, "3", None])
def test_int_fields_are_integers_in_range(field, value):
    """row_win=2**70 overflowed in settle."""
    with pytest.raises(InvalidRulesError, match=f"rules field {field}"):
        Rules(**{field: value})


@pytest.mark.parametrize("points, match", [
    ({"一条龙": 2.9}, "一条龙 must be an integer"),       # silently became 2
    ({"一条龙": -5}, "一条龙 must be an integer"),        # was accepted
    ({"一条龙": True}, "一条龙 must be an integer"),
    ((("一条龙", 2), ("一条龙", 3)), "一条龙 is given twice"),
    ([(["一条龙"], 2)], "unknown special hand"),          # an unhashable name was a TypeError
    ({5: 2}, "unknown special hand"),
    (5, "maps special hand names to points"),
])
def test_special_points_are_checked(points, match):
    with pytest.raises(InvalidRulesError, match=match):
        Rules(special_points=points)


def test_valid_rules_still_answer():
    rules = Rules(row_win=1000, special_points={"一条龙": 1000})
    other = "2H 3C 4D | 5S 6H 7C 8D 9S | TH JC QD KS AH"
    assert sss.settle([DRAGON, other], ["一条龙", None], rules) == [1000, -1000]


# --- bad input refused -----------------------------------------------------------------------

@pytest.mark.parametrize("cards", ["AS KH QD", "AS KH QD JC TS"])
def test_rank_resolves_the_rules_for_every_size(cards):
    """rank("AS KH QD", rules="bogus") was accepted (3-card ranks do not read the rules)."""
    with pytest.raises(InvalidRulesError, match="unknown shisanshui rules 'bogus'"):
        sss.rank(cards, rules="bogus")


def test_unknown_card_notation_is_a_typed_error():
    with pytest.raises(InvalidArgumentError, match="unknown card notation"):
        sss.card_name(0, "emoji")
    for notation in (np.array([]), np.zeros((0, 3)), None):  # found by tests/test_fuzz.py
        with pytest.raises(InvalidArgumentError, match="unknown card notation"):
            sss.format_cards([], notation)


# --- typed errors ----------------------------------------------------------------------------

@pytest.mark.parametrize("arrangements", [None, 5, "2S 3S 4S", iter([A, B])])
def test_settle_takes_a_sequence_of_arrangements(arrangements):
    """settle(None) raised TypeError."""
    with pytest.raises(InvalidHandError, match="arrangements is a sequence"):
        sss.settle(arrangements)


@pytest.mark.parametrize("specials", [[["x"], None], [5, None], 5, "bogus", object()])
def test_settle_declarations_are_checked(specials):
    """[["x"], None] raised TypeError (an unhashable name)."""
    with pytest.raises(InvalidHandError, match="special"):
        sss.settle([A, B], specials)


@pytest.mark.parametrize("query, width", [(sss.rank5_batch, 5), (sss.rank3_batch, 3), (sss.best_batch, 13)])
def test_a_ragged_batch_is_a_typed_error(query, width):
    with pytest.raises(InvalidHandError):
        query([list(range(width)), list(range(width - 1))])


# --- sizes -----------------------------------------------------------------------------------


def test_a_deal_of_a_million_players_is_refused_unread():
    """settle with 10**6 players ran 17 s before its refusal."""
    with pytest.raises(InvalidHandError, match="2 to 4 players, got 1,000,000"):
        sss.settle(Untouchable(10**6))


def test_huge_hands_are_refused_before_parsing():
    with pytest.raises(InvalidHandError, match="card text .* too long") as caught:
        sss.parse_cards("AS" * 10**6)
    assert len(str(caught.value)) < 300
    with pytest.raises(InvalidHandError, match="arrangement text .* too long"):
        sss.parse_arrangement("AS|" * 10**6)
    with pytest.raises(InvalidHandError, match="too many hand cards: at most 52,"):
        sss.best(Untouchable())
    with pytest.raises(InvalidHandError, match="too many hand cards: at most 52,"):
        sss.hand_cards(np.zeros(10**6, np.int64))
    with pytest.raises(InvalidHandError, match="must be a sequence"):
        sss.rank({0: 1, 4: 1, 8: 1})  # a dict's keys were read as the cards
    with pytest.raises(InvalidTileError) as bad:
        sss.parse_cards("AS " + "Z" * 500)
    assert len(str(bad.value)) < 150 and "…" in str(bad.value)
