"""Numba kernels of the shisanshui queries (compiled on first use, cached on disk).

Cards are uint8 indices (rank * 4 + suit). Every kernel validates each row (cards 0..51, no
card twice) and stops at the first bad row, returning ``(error code, row)``; ``(0, -1)``
when every row was answered. They release the GIL.

A 13-card hand is split into back 5, middle 5 and front 3 by bit masks over its 13 cards
(highest rank first, then ♠ ♥ ♣ ♦; bit p = the p-th card): the kernels first rank every 5-card subset (1,287) and every 3-card
subset (286) of the hand from the tables, keyed by mask, then walk the 1,287 backs and, for
each, the 56 ways to take the front 3 of the other 8 cards (72,072 splits in all). The
"strongest" search only walks the backs of the highest rank: a back of maximal rank always
leaves a legal middle and front (the best 5 of the other 8 beats the 3 left over).
"""

from itertools import combinations

import numpy as np

from ..jit import KERNEL_MODULES, kernel_decorator

SOURCES_SHA256 = "33462fc2e3ce8c6c8ce999cd3fdce334b41d17df4c962c0d33e3cf7c1e3e602b"
"""Fingerprint of the modules compiled into these kernels (see lookup._jit): none besides this one."""
kernel = kernel_decorator(KERNEL_MODULES["shisanshui/kernels.py"], SOURCES_SHA256)

ERR_CARD, ERR_DUPLICATE = 1, 2
FULL13 = (1 << 13) - 1
N_SPLITS = 72072

SUBSET_INDEX = np.full(FULL13 + 1, -1, np.int64)
"""Index of a 5-card or 3-card subset mask among the subsets of its size, in the order of
``itertools.combinations(range(13), k)`` (bit p = position p)."""
for _k in (3, 5):
    for _i, _c in enumerate(combinations(range(13), _k)):
        SUBSET_INDEX[sum(1 << p for p in _c)] = _i
del _k, _i, _c


@kernel
def rank5_batch(cards, weights, nonflush, flush, out):
    """Rank of each (N, 5) row: flush[rank mask] when one suit, else nonflush[weight sum]."""
    for i in range(cards.shape[0]):
        a = cards[i, 0]
        b = cards[i, 1]
        c = cards[i, 2]
        d = cards[i, 3]
        e = cards[i, 4]
        if max(max(a, b), max(max(c, d), e)) > 51:
            return ERR_CARD, i
        seen = np.uint64(1) << np.uint64(a)
        dup = seen & (np.uint64(1) << np.uint64(b))
        seen |= np.uint64(1) << np.uint64(b)
        dup |= seen & (np.uint64(1) << np.uint64(c))
        seen |= np.uint64(1) << np.uint64(c)
        dup |= seen & (np.uint64(1) << np.uint64(d))
        seen |= np.uint64(1) << np.uint64(d)
        dup |= seen & (np.uint64(1) << np.uint64(e))
        if dup:
            return ERR_DUPLICATE, i
        if ((a ^ b) | (a ^ c) | (a ^ d) | (a ^ e)) & 3 == 0:
            out[i] = flush[(1 << (a >> 2)) | (1 << (b >> 2)) | (1 << (c >> 2)) | (1 << (d >> 2)) | (1 << (e >> 2))]
        else:
            out[i] = nonflush[weights[a >> 2] + weights[b >> 2] + weights[c >> 2] + weights[d >> 2] + weights[e >> 2]]
    return 0, -1


@kernel
def rank3_batch(cards, rank3, out):
    """Rank of each (N, 3) row: rank3[169 * r0 + 13 * r1 + r2]."""
    for i in range(cards.shape[0]):
        a = cards[i, 0]
        b = cards[i, 1]
        c = cards[i, 2]
        if max(max(a, b), c) > 51:
            return ERR_CARD, i
        if a == b or a == c or b == c:
            return ERR_DUPLICATE, i
        out[i] = rank3[(np.int64(a >> 2) * 13 + (b >> 2)) * 13 + (c >> 2)]
    return 0, -1


@kernel
def _sorted_hand(row, h):
    """Sort the 13 cards of ``row`` into ``h`` (highest rank first); error code (bad card, duplicate)."""
    seen = np.uint64(0)
    for k in range(13):
        x = row[k]
        if x > 51:
            return ERR_CARD
        bit = np.uint64(1) << np.uint64(x)
        if seen & bit:
            return ERR_DUPLICATE
        seen |= bit
    n = 0
    for r in range(12, -1, -1):  # rank descending, then suits ♠ ♥ ♣ ♦ (lookup.cards.sort_cards)
        for s in range(4):
            x = r * 4 + s
            if seen & (np.uint64(1) << np.uint64(x)):
                h[n] = x
                n += 1
    return 0


@kernel
def _subset_ranks(h, weights, nonflush, flush, rank3, rk, masks5, ranks5):
    """Rank every 5-card and 3-card subset of the sorted hand ``h``.

    rk[mask] = rank of the subset with that 13-bit mask (5 or 3 bits set); masks5/ranks5
    list the 1,287 five-card subsets. Returns the highest 5-card rank.
    """
    top = 0
    n = 0
    for a in range(9):
        ra = h[a] >> 2
        sa = h[a] & 3
        for b in range(a + 1, 10):
            rb = h[b] >> 2
            wab = weights[ra] + weights[rb]
            same_ab = (h[b] & 3) == sa
            for c in range(b + 1, 11):
                rc = h[c] >> 2
                wabc = wab + weights[rc]
                same_abc = same_ab and (h[c] & 3) == sa
                mabc = (1 << a) | (1 << b) | (1 << c)
                rk[mabc] = rank3[(ra * 13 + rb) * 13 + rc]
                for d in range(c + 1, 12):
                    rd = h[d] >> 2
                    wabcd = wabc + weights[rd]
                    same_abcd = same_abc and (h[d] & 3) == sa
                    for e in range(d + 1, 13):
                        re = h[e] >> 2
                        mask = mabc | (1 << d) | (1 << e)
                        if same_abcd and (h[e] & 3) == sa:
                            r = flush[(1 << ra) | (1 << rb) | (1 << rc) | (1 << rd) | (1 << re)]
                        else:
                            r = nonflush[wabcd + weights[re]]
                        rk[mask] = r
                        masks5[n] = mask
                        ranks5[n] = r
                        n += 1
                        if r > top:
                            top = r
    # 3-card subsets that include one of the last two cards
    for a in range(11):
        for b in range(a + 1, 12):
            for c in range(max(b + 1, 11), 13):
                rk[(1 << a) | (1 << b) | (1 << c)] = rank3[((h[a] >> 2) * 13 + (h[b] >> 2)) * 13 + (h[c] >> 2)]
    return top


@kernel
def _write_row(h, mask, out, start):
    """Write the cards of ``mask`` (highest first) to out[start:]."""
    k = start
    for p in range(13):
        if mask >> p & 1:
            out[k] = h[p]
            k += 1


@kernel
def _positions8(comp, pos):
    n = 0
    for p in range(13):
        if comp >> p & 1:
            pos[n] = p
            n += 1


@kernel
def best_strongest(hands, weights, nonflush, flush, rank3, out):
    """Per (N, 13) row the legal split with the largest (back, middle, front) ranks.

    out[i] = front 3, middle 5, back 5 cards, each row highest card first.
    """
    h = np.empty(13, np.int64)
    rk = np.zeros(FULL13 + 1, np.int64)
    masks5 = np.empty(1287, np.int64)
    ranks5 = np.empty(1287, np.int64)
    pos = np.empty(8, np.int64)
    for i in range(hands.shape[0]):
        err = _sorted_hand(hands[i], h)
        if err:
            return err, i
        top = _subset_ranks(h, weights, nonflush, flush, rank3, rk, masks5, ranks5)
        best_key = -1
        best_b = 0
        best_m = 0
        best_f = 0
        for j in range(1287):
            if ranks5[j] != top:
                continue
            comp = FULL13 ^ masks5[j]
            _positions8(comp, pos)
            for x in range(6):
                for y in range(x + 1, 7):
                    for z in range(y + 1, 8):
                        f = (1 << pos[x]) | (1 << pos[y]) | (1 << pos[z])
                        m = comp ^ f
                        rm = rk[m]
                        rf = rk[f]
                        if rf <= rm:
                            key = rm * 8192 + rf
                            if key > best_key:
                                best_key = key
                                best_b = masks5[j]
                                best_m = m
                                best_f = f
        _write_row(h, best_f, out[i], 0)
        _write_row(h, best_m, out[i], 3)
        _write_row(h, best_b, out[i], 8)
    return 0, -1


@kernel
def best_expected(hands, weights, nonflush, flush, rank3, ev_front, ev_middle, ev_back, out, value):
    """Per (N, 13) row the legal split with the largest ev_back[b] + ev_middle[m] + ev_front[f].

    Equal values go to the larger (back, middle, front) ranks. value[i] = the best value.
    """
    h = np.empty(13, np.int64)
    rk = np.zeros(FULL13 + 1, np.int64)
    masks5 = np.empty(1287, np.int64)
    ranks5 = np.empty(1287, np.int64)
    pos = np.empty(8, np.int64)
    # the best middle + front value any split could add, to skip hopeless backs
    top_mf = -np.inf
    for r in range(ev_middle.shape[0]):
        top_mf = max(top_mf, ev_middle[r])
    top_f = -np.inf
    for r in range(ev_front.shape[0]):
        top_f = max(top_f, ev_front[r])
    top_mf += top_f
    for i in range(hands.shape[0]):
        err = _sorted_hand(hands[i], h)
        if err:
            return err, i
        _subset_ranks(h, weights, nonflush, flush, rank3, rk, masks5, ranks5)
        best_v = -np.inf
        best_key = -1
        best_b = 0
        best_m = 0
        best_f = 0
        for j in range(1287):
            rb = ranks5[j]
            vb = ev_back[rb]
            if vb + top_mf < best_v:
                continue
            comp = FULL13 ^ masks5[j]
            _positions8(comp, pos)
            for x in range(6):
                for y in range(x + 1, 7):
                    for z in range(y + 1, 8):
                        f = (1 << pos[x]) | (1 << pos[y]) | (1 << pos[z])
                        m = comp ^ f
                        rm = rk[m]
                        rf = rk[f]
                        if rf <= rm and rm <= rb:
                            v = vb + ev_middle[rm] + ev_front[rf]
                            if v >= best_v:
                                key = (rb * 8192 + rm) * 8192 + rf
                                if v > best_v or key > best_key:
                                    best_v = v
                                    best_key = key
                                    best_b = masks5[j]
                                    best_m = m
                                    best_f = f
        _write_row(h, best_f, out[i], 0)
        _write_row(h, best_m, out[i], 3)
        _write_row(h, best_b, out[i], 8)
        value[i] = best_v
    return 0, -1


@kernel
def all_arrangements(hand, weights, nonflush, flush, rank3, front, middle, back):
    """Every legal split of one 13-card hand, strongest first: (count, error code).

    For k < count, front[k] is the index of the front among the hand's 3-card subsets and
    middle[k], back[k] those of the middle and back among its 5-card subsets, in the order of
    ``itertools.combinations(cards sorted highest first, size)``. Splits are ordered by back,
    then middle, then front rank, descending; equal ranks keep the walk order.
    """
    h = np.empty(13, np.int64)
    err = _sorted_hand(hand, h)
    if err:
        return 0, err
    rk = np.zeros(FULL13 + 1, np.int64)
    masks5 = np.empty(1287, np.int64)
    ranks5 = np.empty(1287, np.int64)
    pos = np.empty(8, np.int64)
    _subset_ranks(h, weights, nonflush, flush, rank3, rk, masks5, ranks5)
    fs = np.empty(N_SPLITS, np.int16)
    ms = np.empty(N_SPLITS, np.int16)
    bs = np.empty(N_SPLITS, np.int16)
    rank_f = np.empty(N_SPLITS, np.int64)
    rank_m = np.empty(N_SPLITS, np.int64)
    rank_b = np.empty(N_SPLITS, np.int64)
    n = 0
    for j in range(1287):
        rb = ranks5[j]
        comp = FULL13 ^ masks5[j]
        _positions8(comp, pos)
        for x in range(6):
            for y in range(x + 1, 7):
                for z in range(y + 1, 8):
                    f = (1 << pos[x]) | (1 << pos[y]) | (1 << pos[z])
                    m = comp ^ f
                    rm = rk[m]
                    rf = rk[f]
                    if rf <= rm and rm <= rb:
                        fs[n] = SUBSET_INDEX[f]
                        ms[n] = SUBSET_INDEX[m]
                        bs[n] = j
                        rank_f[n] = rf
                        rank_m[n] = rm
                        rank_b[n] = rb
                        n += 1
    # stable LSD radix sort, descending, by front, then middle, then back rank (ranks < 8192)
    order = np.arange(n)
    scratch = np.empty(n, np.int64)
    counts = np.empty(8193, np.int64)
    for digits in (rank_f, rank_m, rank_b):
        counts[:] = 0
        for k in range(n):
            counts[8192 - digits[k]] += 1
        total = 0
        for d in range(8193):
            c = counts[d]
            counts[d] = total
            total += c
        for k in range(n):
            w = order[k]
            d = 8192 - digits[w]
            scratch[counts[d]] = w
            counts[d] += 1
        order, scratch = scratch, order
    for k in range(n):
        w = order[k]
        front[k] = fs[w]
        middle[k] = ms[w]
        back[k] = bs[w]
    return n, 0
