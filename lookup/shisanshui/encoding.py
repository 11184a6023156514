"""The shisanshui key encoding: the one contract of ``tablegen/shisanshui.py`` and the runtime.

Everything both sides must agree on is defined here once: the rank categories and the code
layout of the rank scale, the rank weights of the 5-card key, the key functions, the two
A-2-3-4-5 options and the dataset names of ``data/shisanshui.h5``. The generator fills the
tables by these keys; the runtime (scalar queries and kernels alike) looks ranks up by them.

Cards are indices ``rank * 4 + suit`` (rank 0..12 = 2..A, suit 0..3 = ♠ ♥ ♣ ♦).

5-card key: a perfect hash of the hand's rank multiset. Rank r has the weight
``RANK_WEIGHTS[r]``; a hand's rank is ``flush[flush_key(ranks)]`` (the 13-bit set of its
ranks) when its five cards share a suit, else ``nonflush[nonflush_key(ranks)]`` (the sum of
its rank weights). Both keys come out of one sum over the 5 cards of a per-card *field
value* (:func:`card_fields`, :func:`rank_of_fields`): no sort, no suit comparisons. 3-card
key: ``rank3[rank3_key(ranks)]``, base 13, the ranks in any order.

Code of a hand (the order of the scale): ``category << CODE_CATEGORY_SHIFT`` | five 4-bit
digits, the rank groups by (size, rank) descending as rank + 1, 0 = no card; a straight's
single digit is its place 1..10 (see ``tablegen/shisanshui.py``).

The key functions are :func:`~lookup.jit.jitable`: plain Python for the scalar queries,
compiled into the kernels of both the runtime and the generator.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..jit import jitable

N_RANKS = 13
N_CARDS = 52

CATEGORIES = ("high card", "pair", "two pair", "trips", "straight", "flush", "full house",
              "quads", "straight flush")
CATEGORIES_CHINESE = ("乌龙", "对子", "两对", "三条", "顺子", "同花", "葫芦", "铁支", "同花顺")
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

CODE_CATEGORY_SHIFT = 20
"""A code is ``category << CODE_CATEGORY_SHIFT | digits``."""
CODE_DIGIT_BITS = 4
CODE_DIGITS = 5
CODE_PLACE_SHIFT = CODE_CATEGORY_SHIFT - CODE_DIGIT_BITS
"""A straight's one digit, its place 1..10, is the first (highest) digit."""

RANK_WEIGHTS = np.array([0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415], np.int64)
"""Greedy: each weight is the smallest above the previous one that keeps the weight sums of
all 5-card rank multisets (each rank at most 4 times) over the ranks so far distinct. The file
stores them (``rank_weight``) and the runtime reads them from there."""

N_NONFLUSH_KEYS = int(4 * RANK_WEIGHTS[-1] + RANK_WEIGHTS[-2] + 1)
N_FLUSH_KEYS = 1 << N_RANKS
N_RANK3_KEYS = N_RANKS ** 3

OPTIONS = ("a5_second", "a5_lowest")
"""The two straight orders: A-2-3-4-5 the second-highest (default) or the lowest straight;
``OPTIONS[a5_lowest]`` names the group of the 5-card tables."""

FIELD_PLAYERS = (2, 3, 4)
"""Player counts the stored field is simulated for (``field/*`` index players - 2)."""

DATASETS = ("rank_weight", "a5_second/nonflush", "a5_second/flush", "a5_lowest/nonflush",
            "a5_lowest/flush", "rank3", "scale/code", "scale/count5", "scale/count3",
            "scale/pct5", "scale/pct3", "field/rows", "field/calibration")
"""Every dataset of ``data/shisanshui.h5``."""


@jitable
def nonflush_key(weights: Any, r0: int, r1: int, r2: int, r3: int, r4: int) -> int:
    """5-card key of a hand whose suits differ: the sum of its rank weights."""
    return weights[r0] + weights[r1] + weights[r2] + weights[r3] + weights[r4]


@jitable
def flush_key(r0: int, r1: int, r2: int, r3: int, r4: int) -> int:
    """5-card key of a hand of one suit: the 13-bit set of its (distinct) ranks."""
    return (1 << r0) | (1 << r1) | (1 << r2) | (1 << r3) | (1 << r4)


@jitable
def rank3_key(r0: int, r1: int, r2: int) -> int:
    """3-card key: the ranks as base-13 digits (any order)."""
    return (r0 * N_RANKS + r1) * N_RANKS + r2


CARD_FIELDS = (("suit counts", 0, 16), ("rank bits", 16, 15), ("rank weights", 31, 33))
"""The 5-card key as one sum: (name, shift, bits) of the fields of a card's *field value*
(:func:`card_fields`). Summed over 5 cards they hold the count of each suit (4 bits a suit),
the sum of the cards' rank bits ``1 << rank`` (the 13-bit :func:`flush_key` when the cards are
of one suit, their ranks then distinct; 15 bits, so no carry reaches the next field) and the
sum of their rank weights (:func:`nonflush_key`)."""
RANK_BITS_SHIFT = CARD_FIELDS[1][1]
WEIGHTS_SHIFT = CARD_FIELDS[2][1]
WEIGHTS_MASK = (1 << CARD_FIELDS[2][2]) - 1
FIELDS_BITS = WEIGHTS_SHIFT + CARD_FIELDS[2][2]
"""Bits a field sum takes; a scalar caller may keep its own bits above (they are masked off)."""
SUIT_COUNT_OFFSET = 0x3333
"""Added to the suit counts, a count of 5 (a flush) is the only one that sets a nibble's top
bit (3 + 5 = 8; at most 3 + 4 = 7 otherwise): ``(sum + SUIT_COUNT_OFFSET) & FLUSH_BITS``."""
FLUSH_BITS = 0x8888
FLUSH_KEY_MASK = N_FLUSH_KEYS - 1
"""The 13 low bits of the rank-bits sum: the flush key when one suit (always an index of the
flush table, whatever the hand)."""


def card_fields(weights: Any) -> np.ndarray:
    """Field value of each card 0..51 (int64 (52,)): ``weight[rank] << 31 | (1 << rank) << 16 |
    1 << 4 * suit``, so that the sum over 5 cards answers :func:`rank_of_fields`."""
    cards = np.arange(N_CARDS, dtype=np.int64)
    ranks, suits = cards >> 2, cards & 3
    weights = np.asarray(weights, np.int64)
    return (weights[ranks] << WEIGHTS_SHIFT) | ((1 << ranks) << RANK_BITS_SHIFT) | (1 << (4 * suits))


@jitable
def rank_of_fields(nonflush: Any, flush: Any, fields: int) -> int:
    """Rank of 5 cards from the sum of their :func:`card_fields`: ``flush[flush_key]`` when one
    suit, else ``nonflush[nonflush_key]``. Bits above :data:`FIELDS_BITS` are ignored.

    Both tables are read and the answer picked after: both indices are valid for any 5 cards,
    and with a table read under a branch Numba keeps reference counting of the tables in the
    kernels' inner loops, several times slower.
    """
    in_flush = flush[(fields >> RANK_BITS_SHIFT) & FLUSH_KEY_MASK]
    in_nonflush = nonflush[(fields >> WEIGHTS_SHIFT) & WEIGHTS_MASK]
    return in_flush if (fields + SUIT_COUNT_OFFSET) & FLUSH_BITS else in_nonflush


@jitable
def rank5(fields: Any, nonflush: Any, flush: Any, a: int, b: int, c: int, d: int, e: int) -> int:
    """Rank of the 5 cards a..e (``fields``: :func:`card_fields`)."""
    return rank_of_fields(nonflush, flush, fields[a] + fields[b] + fields[c] + fields[d] + fields[e])


@jitable
def rank3(table: Any, a: int, b: int, c: int) -> int:
    """Rank of the 3 cards a, b, c: ``rank3[rank3_key]``."""
    return table[rank3_key(a >> 2, b >> 2, c >> 2)]
