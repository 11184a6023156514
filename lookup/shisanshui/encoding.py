"""The shisanshui key encoding: the one contract of ``tablegen/shisanshui.py`` and the runtime.

Everything both sides must agree on is defined here once: the rank categories and the code
layout of the rank scale, the rank weights of the 5-card key, the key functions, the two
A-2-3-4-5 options and the dataset names of ``data/shisanshui.h5``. The generator fills the
tables by these keys; the runtime (scalar queries and kernels alike) looks ranks up by them.

Cards are indices ``rank * 4 + suit`` (rank 0..12 = 2..A, suit 0..3 = ♠ ♥ ♣ ♦).

5-card key: a perfect hash of the hand's rank multiset. Rank r has the weight
``RANK_WEIGHTS[r]``; a hand's rank is ``flush[flush_key(ranks)]`` (the 13-bit set of its
ranks) when its five cards share a suit, else ``nonflush[nonflush_key(ranks)]`` (the sum of
its rank weights). 3-card key: ``rank3[rank3_key(ranks)]``, base 13, the ranks in any order.

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

DATASETS = ("rank_weight", "a5_second/nonflush", "a5_second/flush", "a5_lowest/nonflush",
            "a5_lowest/flush", "rank3", "scale/code", "scale/count5", "scale/count3",
            "scale/pct5", "scale/pct3")
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


@jitable
def rank5(weights: Any, nonflush: Any, flush: Any, a: int, b: int, c: int, d: int, e: int) -> int:
    """Rank of the 5 cards a..e: ``flush[flush_key]`` when one suit, else ``nonflush[nonflush_key]``.

    The weight sum is :func:`nonflush_key` written out: Numba does not inline a call that
    passes an array from a helper to a helper, and calling it made ``rank5_batch`` 3x slower
    (measured); ``tests/shisanshui/test_encoding.py`` checks that both agree on every hand.
    """
    if ((a ^ b) | (a ^ c) | (a ^ d) | (a ^ e)) & 3 == 0:
        return flush[flush_key(a >> 2, b >> 2, c >> 2, d >> 2, e >> 2)]
    return nonflush[weights[a >> 2] + weights[b >> 2] + weights[c >> 2] + weights[d >> 2] + weights[e >> 2]]


@jitable
def rank3(table: Any, a: int, b: int, c: int) -> int:
    """Rank of the 3 cards a, b, c: ``rank3[rank3_key]``."""
    return table[rank3_key(a >> 2, b >> 2, c >> 2)]
