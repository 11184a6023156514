"""Numba kernels for shanten and discard advice (compiled on first use, cached on disk).

Replacement number rn = shanten + 1: the fewest tiles to draw (and as many to discard,
one fewer for a 3k+1 hand) to reach a winning hand of k = n // 3 melds plus a pair, with no
kind over 4 copies. The standard form splits by suit: each suit s takes m_s melds (and maybe
the pair) and lacks cost_s(m_s, p_s) tiles of them, read from its shanten entry; rn is the
least total over the ways to share k melds and one pair among the four suits (two min-plus
merges of suit pairs, then one more). Seven pairs and thirteen orphans (13 or 14 tiles)
follow their formulas.

A tile *lowers* the shanten of a 3k+1 hand when some optimal target holds more of it than
the hand: for the standard form, a rank r of suit s whose addition lowers cost_s(m, p) by
one for a class (m, p) that is part of an optimal sharing; those costs come from the
suit's neighbouring entries (key + 5**r), not from new shanten computations.
"""

import numpy as np
from numba import njit

from ..jit import KERNEL_MODULES, kernel_decorator
from .encoding import FORM_STATS_SHIFT, MAX_COPIES, MAX_MELDS, form_field

SOURCES_SHA256 = "ca82d9267000dd276d74932669025149005ae6c06a86206368c85253e9a40d63"
"""Fingerprint of the modules compiled into these kernels (see lookup._jit)."""
kernel = kernel_decorator(KERNEL_MODULES["mahjong/shanten_kernels.py"], SOURCES_SHA256)

ERR_COPIES, ERR_SIZE, ERR_HONORS = 1, 2, 3
ORPHAN_MASK = 0
for _t in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
    ORPHAN_MASK |= 1 << _t
del _t
FAR = 99  # larger than any cost
KINDS, PAIRED, HALVES, ODD = form_field("kinds"), form_field("paired"), form_field("halves"), form_field("odd")
ORPHANS, ORPHAN_PAIRS = form_field("orphans"), form_field("orphan_pairs")


@njit(inline="always")
def _cost(entry, melds, pair):
    return np.int64((entry >> np.uint64(4 * (2 * melds + pair))) & np.uint64(15))


@njit(inline="always")
def _load_costs(entry, k, costs, s):
    for m in range(k + 1):
        costs[s, m, 0] = _cost(entry, m, 0)
        costs[s, m, 1] = _cost(entry, m, 1)


@njit
def _scan(c, honors):
    """(error code, total tiles, the four suit keys) of one row, in one pass."""
    k0 = 0
    k1 = 0
    k2 = 0
    k3 = 0
    total = 0
    worst = 0
    for r in range(8, -1, -1):
        x0 = np.int64(c[r])
        x1 = np.int64(c[9 + r])
        x2 = np.int64(c[18 + r])
        k0 = k0 * 5 + x0
        k1 = k1 * 5 + x1
        k2 = k2 * 5 + x2
        total += x0 + x1 + x2
        worst = max(worst, max(x0, max(x1, x2)))
    honor_tiles = 0
    for r in range(6, -1, -1):
        x = np.int64(c[27 + r])
        k3 = k3 * 5 + x
        honor_tiles += x
        worst = max(worst, x)
    total += honor_tiles
    err = 0
    if worst > MAX_COPIES:
        err = ERR_COPIES
    elif total == 0 or total % 3 == 0 or total > 14:
        err = ERR_SIZE
    elif honor_tiles and not honors:
        err = ERR_HONORS
    return err, total, k0, k1, k2, k3


@njit(inline="always")
def _field(stats, name_shift, mask):
    return np.int64((stats >> np.uint64(name_shift)) & np.uint64(mask))


@njit
def _special_rn(e0, e1, e2, e3, seven_pairs, quad_as_two_pairs, thirteen_orphans):
    """(seven pairs rn, thirteen orphans rn) of a 13/14-tile hand from its four shanten entries;
    FAR where the rules omit a form."""
    sh = np.uint64(FORM_STATS_SHIFT)
    stats = (e0 >> sh) + (e1 >> sh) + (e2 >> sh) + (e3 >> sh)
    rn7 = FAR
    if seven_pairs:
        if quad_as_two_pairs:  # pairs may repeat a kind: every lone tile is a draw from a pair
            halves = _field(stats, HALVES[0], HALVES[1])
            rn7 = 7 - halves + max(0, 7 - halves - _field(stats, ODD[0], ODD[1]))
        else:
            rn7 = 7 - _field(stats, PAIRED[0], PAIRED[1]) + max(0, 7 - _field(stats, KINDS[0], KINDS[1]))
    rn13 = FAR
    if thirteen_orphans:
        rn13 = 14 - _field(stats, ORPHANS[0], ORPHANS[1]) - (_field(stats, ORPHAN_PAIRS[0], ORPHAN_PAIRS[1]) > 0)
    return rn7, rn13


@njit(inline="always")
def _merge(c, a, b, k, o):
    """c[o, m, p] = least c[a, ma, pa] + c[b, m - ma, p - pa] (min-plus over melds and the pair)."""
    for m in range(k + 1):
        none = FAR
        one = FAR
        for ma in range(m + 1):
            mb = m - ma
            none = min(none, c[a, ma, 0] + c[b, mb, 0])
            one = min(one, min(c[a, ma, 1] + c[b, mb, 0], c[a, ma, 0] + c[b, mb, 1]))
        c[o, m, 0] = none
        c[o, m, 1] = one


@njit(inline="always")
def _finish(c, a, b, k):
    best = FAR
    for m in range(k + 1):
        best = min(best, min(c[a, m, 0] + c[b, k - m, 1], c[a, m, 1] + c[b, k - m, 0]))
    return best


# rows of the cost scratch: 0..3 the suits, 4 suits 0+1, 5 suits 2+3, 6..9 all suits but s
PAIR01, PAIR23, OTHERS = 4, 5, 6


@njit
def _standard_rn(e0, e1, e2, e3, k, c, honors):
    """Replacement number of the standard form (k melds + pair) from the four shanten entries.

    Without honor tiles in the game the honor suit can take no meld and no pair.
    """
    # merges run over every meld count up to MAX_MELDS: constant bounds let them unroll,
    # which costs less than stopping at k
    _load_costs(e0, MAX_MELDS, c, 0)
    _load_costs(e1, MAX_MELDS, c, 1)
    _load_costs(e2, MAX_MELDS, c, 2)
    if honors:
        _load_costs(e3, MAX_MELDS, c, 3)
    else:
        for m in range(MAX_MELDS + 1):
            c[3, m, 0] = FAR
            c[3, m, 1] = FAR
        c[3, 0, 0] = 0
    _merge(c, 0, 1, MAX_MELDS, PAIR01)
    _merge(c, 2, 3, MAX_MELDS, PAIR23)
    return _finish(c, PAIR01, PAIR23, k)


@kernel
def shanten_batch(counts, suit, honor, seven_pairs, quad_as_two_pairs, thirteen_orphans, honors, out):
    """out[i] = shanten (rn - 1) of row i; stops at the first bad row: (error code, row)."""
    scratch = np.empty((10, 5, 2), np.int64)
    for i in range(counts.shape[0]):
        err, total, k0, k1, k2, k3 = _scan(counts[i], honors)
        if err:
            return err, i
        e0, e1, e2, e3 = suit[k0], suit[k1], suit[k2], honor[k3]
        rn = _standard_rn(e0, e1, e2, e3, total // 3, scratch, honors)
        if total >= 13 and (seven_pairs or thirteen_orphans):
            rn7, rn13 = _special_rn(e0, e1, e2, e3, seven_pairs, quad_as_two_pairs, thirteen_orphans)
            rn = min(rn, min(rn7, rn13))
        out[i] = rn - 1
    return 0, -1


@kernel
def discard_advice(hand, suit, honor, rule_bits, out):
    """Discard advice of one validated 3k+2 ``hand`` (34 counts).

    rule_bits: seven_pairs | quad_as_two_pairs << 1 | thirteen_orphans << 2 | honors << 3
    (one argument instead of four keeps the call cheap). out[4 * i: 4 * i + 4] gets row i:
    discard, shanten after it, unseen copies of the tiles that lower that shanten (the whole
    hand counted as seen), the mask of those tiles. Rows come sorted best first (lower
    shanten, more copies, lower tile); returns the number of rows.
    """
    seven_pairs = rule_bits & 1 != 0
    quad_as_two_pairs = rule_bits & 2 != 0
    thirteen_orphans = rule_bits & 4 != 0
    honors = rule_bits & 8 != 0
    c = hand.copy()
    _, total, k0, k1, k2, k3 = _scan(c, True)
    total -= 1  # after the discard
    k = total // 3
    keys = np.array([k0, k1, k2, k3])
    scratch = np.empty((10, 5, 2), np.int64)
    # drops[s, r]: the classes of suit s whose cost falls by one when rank r is added; a
    # discard changes one suit, so the other suits' rows are those of the whole hand,
    # computed when first needed (known[s])
    whole = np.empty((4, 9), np.int64)
    known = np.zeros(4, np.bool_)
    drops = np.empty((4, 9), np.int64)
    n = 0
    for d in range(34):
        if hand[d] == 0:
            continue
        ds = d // 9
        step = 5 ** (d - 9 * ds)
        c[d] -= 1
        keys[ds] -= step
        e0, e1, e2, e3 = suit[keys[0]], suit[keys[1]], suit[keys[2]], honor[keys[3]]
        rn_std = _standard_rn(e0, e1, e2, e3, k, scratch, honors)
        rn7 = FAR
        rn13 = FAR
        if total == 13 and (seven_pairs or thirteen_orphans):
            rn7, rn13 = _special_rn(e0, e1, e2, e3, seven_pairs, quad_as_two_pairs, thirteen_orphans)
        rn = min(rn_std, min(rn7, rn13))
        mask = 0
        if rn_std == rn:
            usable = _usable_classes(k, rn, scratch)
            for s in range(4):
                if usable[s] and s != ds and not known[s]:
                    _drop_masks(hand, s, keys[s], suit if s < 3 else honor, whole)
                    known[s] = True
                if usable[s]:
                    if s == ds:
                        _drop_masks(c, s, keys[s], suit if s < 3 else honor, drops)
                    else:
                        drops[s] = whole[s]
                    for r in range(9 if s < 3 else 7):
                        if drops[s, r] & usable[s]:
                            mask |= 1 << (9 * s + r)
        if rn7 == rn:
            mask |= _seven_pairs_lowering(c, quad_as_two_pairs, honors)
        if rn13 == rn:
            mask |= _orphans_lowering(c)
        copies = 0
        for t in range(34):
            if (mask >> t) & 1:
                copies += MAX_COPIES - np.int64(hand[t])
        out[4 * n] = d
        out[4 * n + 1] = rn - 1
        out[4 * n + 2] = copies
        out[4 * n + 3] = mask
        n += 1
        c[d] += 1
        keys[ds] += step
    _sort_advice(out, n)
    return n


@njit
def _drop_masks(c, s, key, table, drops):
    """drops[s, r] = bit mask over classes 2m + p whose cost falls by one when rank r is added
    to suit s (key ``key``); 0 for ranks held 4 times. From the neighbouring entries key + 5**r."""
    e = table[key]
    w = 1
    for r in range(9 if s < 3 else 7):
        mask = 0
        if c[9 * s + r] < MAX_COPIES:
            e_plus = table[key + w]
            for cls in range(2 * (MAX_MELDS + 1)):
                shift = np.uint64(4 * cls)
                if (e_plus >> shift) & np.uint64(15) == ((e >> shift) & np.uint64(15)) - np.uint64(1):
                    mask |= 1 << cls
        drops[s, r] = mask
        w *= 5


@njit
def _usable_classes(k, rn, scratch):
    """Per suit s, the mask of classes 2m + p that take part in an optimal sharing (their cost
    plus the best of the other three suits for the rest equals rn); row OTHERS + s of the
    scratch gets that best."""
    _merge(scratch, 1, PAIR23, MAX_MELDS, OTHERS + 0)
    _merge(scratch, 0, PAIR23, MAX_MELDS, OTHERS + 1)
    _merge(scratch, PAIR01, 3, MAX_MELDS, OTHERS + 2)
    _merge(scratch, PAIR01, 2, MAX_MELDS, OTHERS + 3)
    usable = np.zeros(4, np.int64)
    for s in range(4):
        for m in range(k + 1):
            for p in range(2):
                if scratch[s, m, p] + scratch[OTHERS + s, k - m, 1 - p] == rn:
                    usable[s] |= 1 << (2 * m + p)
    return usable


@njit
def _seven_pairs_lowering(c, quad_as_two_pairs, honors):
    """Tiles that lower the seven-pairs rn of a 13-tile hand (no honors when the game has none)."""
    kinds = 0
    halves = 0
    odd = 0
    for t in range(34):
        x = np.int64(c[t])
        kinds += x > 0
        halves += x // 2
        odd += x & 1
    mask = 0
    for t in range(34 if honors else 27):
        x = c[t]
        if quad_as_two_pairs:  # a lone tile pairs up; a new lone tile helps while pairs lack tiles
            if x & 1 or (x < MAX_COPIES and 7 - halves - odd > 0):
                mask |= 1 << t
        elif x == 1 or (x == 0 and kinds < 7):  # pair a single, or add a kind while short of 7
            mask |= 1 << t
    return mask


@njit
def _orphans_lowering(c):
    """Tiles that lower the thirteen-orphans rn: missing orphans, and any orphan while no pair."""
    pair = False
    for t in range(34):
        if (ORPHAN_MASK >> t) & 1 and c[t] >= 2:
            pair = True
    mask = 0
    for t in range(34):
        if (ORPHAN_MASK >> t) & 1 and (c[t] == 0 or not pair):
            mask |= 1 << t
    return mask


@njit
def _sort_advice(out, n):
    """Insertion sort of the first n 4-wide rows of ``out``: lower shanten, more copies, lower discard."""
    for i in range(1, n):
        j = i
        while j > 0:
            a = 4 * (j - 1)
            b = 4 * j
            if (out[b + 1], -out[b + 2], out[b]) < (out[a + 1], -out[a + 2], out[a]):
                for col in range(4):
                    out[a + col], out[b + col] = out[b + col], out[a + col]
                j -= 1
            else:
                break
