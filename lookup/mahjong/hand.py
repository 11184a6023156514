"""Per-hand combination logic shared by the scalar queries and the batch kernels.

Written in the subset of Python that Numba compiles, and no function here calls another
(Numba compiles each one on its own): :mod:`lookup.mahjong` calls these
functions directly for one hand, :mod:`lookup._mahjong_batch` compiles them for arrays.
``counts`` is any indexable of 34 tile counts; entries are the packed per-suit uint32
values of :mod:`lookup.encoding`.
"""

from .encoding import (
    CLASS_PAIR,
    ENTRY_MELDS,
    JOKER_PAIR_SHIFT,
    JOKER_WAIT_MELDS_SHIFT,
    JOKER_WAIT_PAIR_SHIFT,
    NEED_MASK,
    RANK_MASK,
    TOTAL_SHIFT,
    WAIT_MELDS_SHIFT,
    WAIT_PAIR_SHIFT,
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


def joker_hu(j0, j1, j2, j3, jokers):
    """Standard win with ``jokers`` wildcards, from the four suits' joker entries.

    Every suit takes melds only but one, which takes the pair: the fewest jokers that needs
    is the sum of the melds-only needs plus the cheapest pair surcharge; jokers left over
    come in threes (the sizes add up) and form melds of their own.
    """
    m0, m1, m2, m3 = j0 & NEED_MASK, j1 & NEED_MASK, j2 & NEED_MASK, j3 & NEED_MASK
    p0 = (j0 >> JOKER_PAIR_SHIFT) & NEED_MASK
    p1 = (j1 >> JOKER_PAIR_SHIFT) & NEED_MASK
    p2 = (j2 >> JOKER_PAIR_SHIFT) & NEED_MASK
    p3 = (j3 >> JOKER_PAIR_SHIFT) & NEED_MASK
    surcharge = min(min(p0 - m0, p1 - m1), min(p2 - m2, p3 - m3))
    return m0 + m1 + m2 + m3 + surcharge <= jokers


def joker_waits(j0, j1, j2, j3, open0, open1, open2, open3, jokers):
    """Wait mask (34 bits) of a standard 3k+1 hand with ``jokers`` wildcards.

    ``open_s`` is the mask of suit s's ranks held fewer than 4 times. A tile t of suit s
    wins when suit s, given t, meets its need within the jokers the other suits leave: with
    the pair (others melds only) or without it (the pair in the cheapest other suit). Adding
    t changes a need by -1 (t in the entry's wait mask) or by +2.
    """
    melds_need = (j0 & NEED_MASK, j1 & NEED_MASK, j2 & NEED_MASK, j3 & NEED_MASK)
    surcharges = (((j0 >> JOKER_PAIR_SHIFT) & NEED_MASK) - (j0 & NEED_MASK),
                  ((j1 >> JOKER_PAIR_SHIFT) & NEED_MASK) - (j1 & NEED_MASK),
                  ((j2 >> JOKER_PAIR_SHIFT) & NEED_MASK) - (j2 & NEED_MASK),
                  ((j3 >> JOKER_PAIR_SHIFT) & NEED_MASK) - (j3 & NEED_MASK))
    entries = (j0, j1, j2, j3)
    opens = (open0, open1, open2, open3)
    total_melds = melds_need[0] + melds_need[1] + melds_need[2] + melds_need[3]
    mask = 0
    for s in range(4):
        e = entries[s]
        others = total_melds - melds_need[s]
        cheapest = 99
        for o in range(4):
            if o != s and surcharges[o] < cheapest:
                cheapest = surcharges[o]
        need_m = e & NEED_MASK
        need_p = (e >> JOKER_PAIR_SHIFT) & NEED_MASK
        with_pair = jokers - others  # budget when suit s takes the pair
        without = jokers - others - cheapest  # budget when another suit takes it
        w = 0
        if need_p - 1 <= with_pair:
            w |= (e >> JOKER_WAIT_PAIR_SHIFT) & RANK_MASK
        if need_m - 1 <= without:
            w |= (e >> JOKER_WAIT_MELDS_SHIFT) & RANK_MASK
        if need_p + 2 <= with_pair or need_m + 2 <= without:
            w |= opens[s]
        mask |= (w & opens[s]) << (9 * s)
    return mask


def seven_pairs_hu(c, quad_as_two_pairs, jokers):
    """14 tiles (``jokers`` of them wildcards, the rest in ``c``) as 7 pairs.

    Pairs are of distinct kinds unless four of a kind counts as two pairs. A joker pairs
    a lone tile; two jokers pair each other (as a kind not otherwise used).
    """
    odd = 0
    for t in range(34):
        n = c[t]
        if n > 2 and not quad_as_two_pairs:
            return False
        odd += n & 1
    return odd <= jokers


def seven_pairs_waits(c, quad_as_two_pairs, jokers):
    """Wait mask of a 13-tile hand (``jokers`` of them wildcards) one tile short of seven pairs.

    Adding a tile of odd count removes a lone tile, adding one of even count makes one; the
    hand wins when its lone tiles fit the jokers. Kinds held 4 times never wait.
    """
    odd = 0
    odd_mask = 0
    even_mask = 0
    for t in range(34):
        n = c[t]
        if n > 2 and not quad_as_two_pairs:
            return 0
        if n & 1:
            odd += 1
            odd_mask |= 1 << t
        elif n < 4 and (quad_as_two_pairs or n == 0):
            even_mask |= 1 << t
    mask = 0
    if odd - 1 <= jokers:
        mask |= odd_mask
    if odd + 1 <= jokers:
        mask |= even_mask
    return mask


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
