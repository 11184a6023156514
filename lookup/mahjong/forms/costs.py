"""The shanten arithmetic the forms share (jitable): per-suit costs, their min-plus merges,
the form counts, the plain words, and the over-4 savings of jokers.

*Lacking* is the unit of shanten throughout: the fewest tiles a hand lacks of a winning
target, the jokers counted among its tiles; the shanten is lacking - jokers - 1. A suit's
*costs* are its lacking per class (m melds, pair p: class 2m + p), read from its shanten
entry (:mod:`.encoding`) as a :data:`Costs` tuple; two suits' costs merge by min-plus
(:func:`merge`), and :func:`share` spreads k melds and the pair over two merged halves.
A suit's *plain word* (:func:`.encoding.plain_words`) counts the same lacking without a merge
when its used tiles are concave in the melds (:func:`greedy_lacking`). An *over-4 word*
lowers a suit's costs when jokers may stand for copies over 4 (:func:`with_savings`).
"""

from __future__ import annotations

import numpy as np

from ...jit import jitable
from ..encoding import (
    COST_MASK,
    FORM_STATS_SHIFT,
    GROUP_BITS,
    GROUP_MASK,
    GROUPS_SHIFT,
    INCREMENTS_BITS,
    INCREMENTS_MASK,
    LANE_BITS,
    LANE_MASK,
    MAX_SAVING,
    N_CLASSES,
    OVER4_BITS,
    OVER4_FLAG,
    PAIR_HELD_SHIFT,
    SUIT_KINDS,
    Array,
    form_field,
    shanten_shift,
)

FAR = 99
"""Larger than any cost or sum of costs: a form or class out of reach."""

KINDS, PAIRED, HALVES, ODD = form_field("kinds"), form_field("paired"), form_field("halves"), form_field("odd")

ORPHANS_HELD, ORPHAN_PAIRS = form_field("orphans"), form_field("orphan_pairs")

Costs = tuple[int, int, int, int, int, int, int, int, int, int]
"""Lacking per class (m melds, pair p), class 2m + p (N_CLASSES of them, MAX_MELDS = 4): tuples
pass by value, so the merges compile to register code with no array. The tuples below spell
the classes out, hence the assertion."""
assert N_CLASSES == 10

N_SUIT_KINDS = len(SUIT_KINDS)

Entries = tuple[int, int, int, int]
"""One value per suit (m, p, s, z): the four entries of a hand, or its four plain words."""
SuitCosts = tuple[Costs, Costs, Costs, Costs, Costs, Costs]
"""Costs of suits 0+1 merged, 2+3 merged, then suits 0, 1, 2, 3 (:func:`standard_costs`)."""

NO_SUIT: Costs = (0, FAR, FAR, FAR, FAR, FAR, FAR, FAR, FAR, FAR)
"""The costs of a suit not in the game (the honors without honor tiles): no meld, no pair."""


@jitable
def cost(entry: int, melds: int, pair: int) -> int:
    """Tiles a suit lacks of ``melds`` melds (plus the pair when ``pair``), from its shanten entry."""
    return np.int64((np.uint64(entry) >> np.uint64(shanten_shift(melds, pair))) & np.uint64(COST_MASK))


@jitable
def suit_costs(entry: int) -> Costs:
    """The costs of every class of one suit, from its shanten entry."""
    return (cost(entry, 0, 0), cost(entry, 0, 1), cost(entry, 1, 0), cost(entry, 1, 1), cost(entry, 2, 0),
            cost(entry, 2, 1), cost(entry, 3, 0), cost(entry, 3, 1), cost(entry, 4, 0), cost(entry, 4, 1))


@jitable
def least(x: Costs, y: Costs, m: int, p: int) -> int:
    """Least ``x[ma, pa] + y[m - ma, p - pa]``: class (m, p) of two merged suits (min-plus)."""
    best = FAR
    for ma in range(m + 1):
        mb = m - ma
        if p == 0:
            best = min(best, x[2 * ma] + y[2 * mb])
        else:
            best = min(best, min(x[2 * ma + 1] + y[2 * mb], x[2 * ma] + y[2 * mb + 1]))
    return best


@jitable
def merge(x: Costs, y: Costs) -> Costs:
    """The costs of two suits taken together: every class by :func:`least`."""
    return (least(x, y, 0, 0), least(x, y, 0, 1), least(x, y, 1, 0), least(x, y, 1, 1), least(x, y, 2, 0),
            least(x, y, 2, 1), least(x, y, 3, 0), least(x, y, 3, 1), least(x, y, 4, 0), least(x, y, 4, 1))


@jitable
def share(x: Costs, y: Costs, k: int) -> int:
    """Least cost of k melds and the pair shared between costs ``x`` and ``y``."""
    best = FAR
    for m in range(k + 1):
        best = min(best, min(x[2 * m] + y[2 * (k - m) + 1], x[2 * m + 1] + y[2 * (k - m)]))
    return best


@jitable
def merge_parts(rows: Array, x: int, y: int, merged: int, fields: int) -> tuple[int, int]:
    """The classes of rows ``x`` and ``y`` of ``rows`` (costs, N_CLASSES a row) that take part in
    reaching, in row ``merged`` (their :func:`merge`), one of the classes of ``fields``: each
    (x, y) pair of classes that adds up to such a class and costs what the merge does. Classes
    as cost fields (bit ``shanten_shift(m, p)`` for class 2m + p), in and out."""
    x_fields, y_fields = 0, 0
    for merged_class in range(N_CLASSES):
        if (fields >> shanten_shift(merged_class // 2, merged_class % 2)) & 1:
            for x_class in range(merged_class + 1):
                y_class = merged_class - x_class
                fits = x_class % 2 <= merged_class % 2
                if fits and rows[x, x_class] + rows[y, y_class] == rows[merged, merged_class]:
                    x_fields |= 1 << shanten_shift(x_class // 2, x_class % 2)
                    y_fields |= 1 << shanten_shift(y_class // 2, y_class % 2)
    return x_fields, y_fields


@jitable
def standard_costs(entries: Entries, honors: bool) -> SuitCosts:
    """Costs of suits 0+1 and 2+3 merged, then of each suit, from the four shanten entries.

    The standard lacking of k melds and the pair is ``share(costs[0], costs[1], k)``; a game
    without honor tiles gives the honors NO_SUIT."""
    e0, e1, e2, e3 = entries
    x0 = suit_costs(e0)
    x1 = suit_costs(e1)
    x2 = suit_costs(e2)
    x3 = suit_costs(e3) if honors else NO_SUIT
    return merge(x0, x1), merge(x2, x3), x0, x1, x2, x3


@jitable
def field(stats: int, at: tuple[int, int]) -> int:
    """One FORM_FIELDS field (``at`` = (shift, mask) from form_field) of summed form counts."""
    return (stats >> at[0]) & at[1]


@jitable
def stats_of(entry: int) -> int:
    """The form counts of a shanten entry (FORM_FIELDS from bit 0): summing them over suits sums
    every field at once (the entry's flag bits land above the fields)."""
    return np.int64(np.uint64(entry) >> np.uint64(FORM_STATS_SHIFT))

PLAIN_WORDS = (N_SUIT_KINDS, N_SUIT_KINDS + 1)
"""Where the kernels' tuple of tables holds the plain words of the suit and of the honors
(after the shanten entries of the SUIT_KINDS)."""


@jitable(inline="ir")
def largest_increments(lanes: int, k: int) -> int:
    """Sum of the k largest increments counted by ``lanes`` (3s, 2s, 1s; the rest 0)."""
    threes = min(k, lanes & LANE_MASK)
    twos = min(k - threes, (lanes >> LANE_BITS) & LANE_MASK)
    ones = min(k - threes - twos, (lanes >> (2 * LANE_BITS)) & LANE_MASK)
    return 3 * threes + 2 * twos + ones


@jitable(inline="ir")
def used_with_pair(g: int, melds: int, k: int) -> int:
    """Tiles k melds and the pair use when the suit of plain word ``g`` holds the pair
    (``melds``: the four suits' increments lanes added up)."""
    lanes = melds - (g & INCREMENTS_MASK) + ((g >> INCREMENTS_BITS) & INCREMENTS_MASK)
    return ((g >> PAIR_HELD_SHIFT) & 3) + largest_increments(lanes, k)


@jitable(inline="ir")
def greedy_lacking(words: Entries, k: int) -> int:
    """Standard lacking of k melds and the pair from four plain words (none NOT_CONCAVE): the most
    tiles used over the suit holding the pair, subtracted from the 3k + 2 of the target.
    Inlined, and without a loop, so that Numba inlines it cleanly."""
    g0, g1, g2, g3 = words
    melds = (g0 & INCREMENTS_MASK) + (g1 & INCREMENTS_MASK) + (g2 & INCREMENTS_MASK) + (g3 & INCREMENTS_MASK)
    used = max(max(used_with_pair(g0, melds, k), used_with_pair(g1, melds, k)),
               max(used_with_pair(g2, melds, k), used_with_pair(g3, melds, k)))
    return 3 * k + 2 - used


@jitable(inline="llvm")
def word_group_held(g: int, group: int) -> int:
    """Ranks of rank group ``group`` (ranks group, group + 3, group + 6) held in the suit of
    plain word ``g`` (0 for the honors)."""
    return (g >> (GROUPS_SHIFT + GROUP_BITS * group)) & GROUP_MASK

NOWHERE: Costs = (FAR, FAR, FAR, FAR, FAR, FAR, FAR, FAR, FAR, FAR)
"""Costs of no suit at all (pads the others of :func:`.standard.others_costs`)."""

THRESHOLD_MASK = (1 << OVER4_BITS) - 1


@jitable(inline="llvm")
def savings_word(entry: int, key: int, keys: Array, values: Array) -> int:
    """The over-4 entry of a suit vector (0 when its shanten entry has no OVER4_FLAG)."""
    if np.uint64(entry) & np.uint64(OVER4_FLAG):
        return np.int64(values[np.searchsorted(keys, key)])
    return 0


@jitable
def saved(sav: int, cls: int, e: int) -> int:
    """How much the cost of class ``cls`` falls with ``e`` over-4 places (over-4 entry ``sav``)."""
    shift = OVER4_BITS * MAX_SAVING * cls
    t1 = (sav >> shift) & THRESHOLD_MASK
    t2 = (sav >> (shift + OVER4_BITS)) & THRESHOLD_MASK
    return np.int64(t1 != 0 and t1 <= e) + np.int64(t2 != 0 and t2 <= e)


@jitable
def with_savings(x: Costs, sav: int, e: int) -> Costs:
    """The costs ``x`` of a suit with ``e`` over-4 places allowed in it."""
    if sav == 0 or e == 0:
        return x
    return (x[0] - saved(sav, 0, e), x[1] - saved(sav, 1, e), x[2] - saved(sav, 2, e), x[3] - saved(sav, 3, e),
            x[4] - saved(sav, 4, e), x[5] - saved(sav, 5, e), x[6] - saved(sav, 6, e), x[7] - saved(sav, 7, e),
            x[8] - saved(sav, 8, e), x[9] - saved(sav, 9, e))


@jitable
def levels(sav: int) -> int:
    """Mask of the over-4 budgets worth trying in a suit: bit 0 (none) and each threshold."""
    mask = 1
    for i in range(N_CLASSES * MAX_SAVING):
        mask |= 1 << ((sav >> (OVER4_BITS * i)) & THRESHOLD_MASK)
    return mask
