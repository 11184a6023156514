"""Per-hand combination logic shared by the scalar queries and the batch kernels.

Written in the subset of Python that Numba compiles, and no function here calls another
(Numba compiles each one on its own): :mod:`lookup.mahjong` calls these
functions directly for one hand, :mod:`lookup._mahjong_batch` compiles them for arrays.
``counts`` is any indexable of 34 tile counts; entries are the packed per-suit uint32
values of :mod:`lookup.encoding`.
"""

from .encoding import (
    CLASS_PAIR, ENTRY_MELDS, RANK_MASK, TOTAL_SHIFT, WAIT_MELDS_SHIFT, WAIT_PAIR_SHIFT,
)

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
ORPHAN_MASK = 0
for _t in ORPHANS:
    ORPHAN_MASK |= 1 << _t
del _t


def suit_keys(c):
    """Base-5 keys of the four suit vectors (m, p, s, z) of 34 counts."""
    m = (((((((c[8] * 5 + c[7]) * 5 + c[6]) * 5 + c[5]) * 5 + c[4]) * 5 + c[3]) * 5 + c[2]) * 5 + c[1]) * 5 + c[0]
    p = (((((((c[17] * 5 + c[16]) * 5 + c[15]) * 5 + c[14]) * 5 + c[13]) * 5 + c[12]) * 5 + c[11]) * 5 + c[10]) * 5 + c[9]
    s = (((((((c[26] * 5 + c[25]) * 5 + c[24]) * 5 + c[23]) * 5 + c[22]) * 5 + c[21]) * 5 + c[20]) * 5 + c[19]) * 5 + c[18]
    z = (((((c[33] * 5 + c[32]) * 5 + c[31]) * 5 + c[30]) * 5 + c[29]) * 5 + c[28]) * 5 + c[27]
    return m, p, s, z


def size_and_class(e0, e1, e2, e3):
    """(tiles in the hand, sum of the suits' split classes) from its four entries.

    The hand is a standard winning hand exactly when the class sum is CLASS_PAIR (1).
    """
    s = (e0 >> TOTAL_SHIFT) + (e1 >> TOTAL_SHIFT) + (e2 >> TOTAL_SHIFT) + (e3 >> TOTAL_SHIFT)
    return s & 0xFF, s >> 8


def standard_hu(e0, e1, e2, e3):
    """True when every suit splits (melds only, or melds + pair) and exactly one has the pair."""
    s = (e0 >> TOTAL_SHIFT) + (e1 >> TOTAL_SHIFT) + (e2 >> TOTAL_SHIFT) + (e3 >> TOTAL_SHIFT)
    return s >> 8 == CLASS_PAIR


def standard_waits(e0, e1, e2, e3):
    """Bit mask over the 34 tiles of the waits of a standard 3k+1 hand (one entry per suit).

    A suit's waits are its waits-to-pair when every other suit splits into melds only, and
    its waits-to-melds when exactly one other suit has the pair and the rest split into melds.
    """
    melds = (e0 & ENTRY_MELDS) + (e1 & ENTRY_MELDS) + (e2 & ENTRY_MELDS) + (e3 & ENTRY_MELDS)
    pairs = ((e0 >> 1) & 1) + ((e1 >> 1) & 1) + ((e2 >> 1) & 1) + ((e3 >> 1) & 1)
    mask = 0
    shift = 0
    for e in (e0, e1, e2, e3):
        other_melds = melds - (e & ENTRY_MELDS)
        if other_melds == 3:
            mask |= ((e >> WAIT_PAIR_SHIFT) & RANK_MASK) << shift
        elif other_melds == 2 and pairs - ((e >> 1) & 1) == 1:
            mask |= ((e >> WAIT_MELDS_SHIFT) & RANK_MASK) << shift
        shift += 9
    return mask


def seven_pairs_hu(c, quad_as_two_pairs):
    """14 tiles as 7 pairs (of distinct kinds unless four of a kind counts as two pairs)."""
    pairs = 0
    for t in range(34):
        n = c[t]
        if n == 2:
            pairs += 1
        elif n == 4 and quad_as_two_pairs:
            pairs += 2
        elif n != 0:
            return False
    return pairs == 7


def seven_pairs_waits(c, quad_as_two_pairs):
    """Wait mask of a 13-tile hand one tile short of seven pairs (0 if it is not)."""
    single = -1
    pairs = 0
    for t in range(34):
        n = c[t]
        if n == 2:
            pairs += 1
        elif n == 4 and quad_as_two_pairs:
            pairs += 2
        elif n == 1 or (n == 3 and quad_as_two_pairs):
            if single >= 0:
                return 0
            single = t
            pairs += n // 2
        elif n != 0:
            return 0
    if single < 0 or pairs != 6:
        return 0
    return 1 << single


def thirteen_orphans_hu(c):
    """One of each terminal and honor plus one duplicate of them (``c`` holds 14 tiles)."""
    total = 0
    for t in ORPHANS:
        if c[t] == 0:
            return False
        total += c[t]
    return total == 14


def thirteen_orphans_waits(c):
    """Wait mask of a hand one tile short of thirteen orphans (0 if not; ``c`` holds 13 tiles)."""
    total = 0
    missing = -1
    n_missing = 0
    for t in ORPHANS:
        n = c[t]
        if n == 0:
            missing = t
            n_missing += 1
        elif n > 2:
            return 0
        total += n
    if total != 13:
        return 0
    if n_missing == 0:
        return ORPHAN_MASK
    if n_missing == 1:
        return 1 << missing
    return 0
