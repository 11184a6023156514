"""Per-hand steps of the split searches, written once (jitable helpers the kernels compile in).

A 13-card hand is split into back 5, middle 5 and front 3 by bit masks over its 13 cards
(:func:`sorted_hand` puts them highest rank first, then ♠ ♥ ♣ ♦; bit p = the p-th card).
:func:`subset_ranks` ranks every 5-card subset (1,287) and every 3-card subset (286) once,
keyed by mask; the search (:func:`lookup.shisanshui.kernels.search`) then walks the backs
and, for each, the 56 ways to take the front 3 of the other 8 cards (72,072 splits in all);
:func:`write_row` writes a row's cards and :func:`strongest_first` orders listed splits.

Every helper is plain Python (slow, but it runs: the tests compare it with the compiled
kernels) and compiled into :mod:`lookup.shisanshui.kernels`.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from ..jit import ERR_CARD, ERR_DUPLICATE, OK, jitable
from . import encoding

N_HAND = 13
FULL13 = (1 << N_HAND) - 1
N_FIVES = 1287     # 5-card subsets of 13 cards
N_FRONTS = 56      # 3-card subsets of the 8 cards a back leaves
N_SPLITS = N_FIVES * N_FRONTS
RANK_LIMIT = 8192  # every rank is below it: (back, middle, front) ranks pack into one int

SUBSET_INDEX = np.full(FULL13 + 1, -1, np.int64)
"""Index of a 5-card or 3-card subset mask among the subsets of its size, in the order of
``itertools.combinations(range(13), k)`` (bit p = position p)."""
for _k in (3, 5):
    for _i, _c in enumerate(combinations(range(N_HAND), _k)):
        SUBSET_INDEX[sum(1 << p for p in _c)] = _i
del _k, _i, _c


@jitable
def cards_status(cards: Any, i: int, width: int) -> int:
    """Status of row i of a 2-D array of ``width`` card indices a row: OK, ERR_CARD (an index
    over 51) or ERR_DUPLICATE (a card twice). Kernels pass ``width`` as a constant (the loop
    is then unrolled)."""
    for k in range(width):
        if cards[i, k] >= encoding.N_CARDS:
            return ERR_CARD
    seen = 0
    for k in range(width):
        bit = 1 << int(cards[i, k])
        if seen & bit:
            return ERR_DUPLICATE
        seen |= bit
    return OK


@jitable
def workspace() -> tuple:
    """The arrays one hand's search writes to: (h, rk, masks5, ranks5)."""
    return (np.empty(N_HAND, np.int64), np.zeros(FULL13 + 1, np.int64), np.empty(N_FIVES, np.int64),
            np.empty(N_FIVES, np.int64))


@jitable
def sorted_hand(hands: Any, i: int, h: Any) -> int:
    """Validate the 13 cards of row i of ``hands`` and sort them into ``h`` (highest rank
    first); a status."""
    status = cards_status(hands, i, N_HAND)
    if status != OK:
        return status
    seen = np.uint64(0)
    for k in range(N_HAND):
        seen |= np.uint64(1) << np.uint64(hands[i, k])
    n = 0
    for r in range(encoding.N_RANKS - 1, -1, -1):  # rank descending, then ♠ ♥ ♣ ♦ (cards.sort_cards)
        for s in range(4):
            x = r * 4 + s
            if seen & (np.uint64(1) << np.uint64(x)):
                h[n] = x
                n += 1
    return OK


@jitable
def subset_ranks(h: Any, fields: Any, nonflush: Any, flush: Any, rank3: Any, rk: Any, masks5: Any,
                 ranks5: Any) -> tuple[int, int]:
    """Rank every 5-card and 3-card subset of the sorted hand ``h``.

    rk[mask] = rank of the subset with that 13-bit mask (5 or 3 bits set); masks5/ranks5
    list the 1,287 five-card subsets in combinations order. Returns the highest 5-card and the
    highest 3-card rank.
    The 5-card ranks are :func:`encoding.rank5 <lookup.shisanshui.encoding.rank5>` with its
    field sum summed along the walk (shared by every subset that starts with the same cards).
    """
    top = 0
    top3 = 0
    n = 0
    for a in range(N_HAND - 4):
        fa = fields[h[a]]
        for b in range(a + 1, N_HAND - 3):
            fab = fa + fields[h[b]]
            for c in range(b + 1, N_HAND - 2):
                fabc = fab + fields[h[c]]
                mabc = (1 << a) | (1 << b) | (1 << c)
                r3 = encoding.rank3(rank3, h[a], h[b], h[c])
                rk[mabc] = r3
                top3 = max(top3, r3)
                for d in range(c + 1, N_HAND - 1):
                    fabcd = fabc + fields[h[d]]
                    for e in range(d + 1, N_HAND):
                        r = encoding.rank_of_fields(nonflush, flush, fabcd + fields[h[e]])
                        mask = mabc | (1 << d) | (1 << e)
                        rk[mask] = r
                        masks5[n] = mask
                        ranks5[n] = r
                        n += 1
                        if r > top:
                            top = r
    # 3-card subsets that include one of the last two cards
    for a in range(N_HAND - 2):
        for b in range(a + 1, N_HAND - 1):
            for c in range(max(b + 1, N_HAND - 2), N_HAND):
                r3 = encoding.rank3(rank3, h[a], h[b], h[c])
                rk[(1 << a) | (1 << b) | (1 << c)] = r3
                top3 = max(top3, r3)
    return top, top3


RADIX_BITS = 7  # two passes sort ranks below 1 << 14 > RANK_LIMIT


@jitable
def backs_by_rank(ranks5: Any, order: Any, scratch: Any, counts: Any) -> None:
    """Write to ``order`` the indices of the 1,287 five-card subsets, highest rank first (a stable
    LSD radix sort in two passes of RADIX_BITS bits; ``scratch`` (N_FIVES,) and ``counts``
    ((1 << RADIX_BITS) + 1,) are work space)."""
    digits = 1 << RADIX_BITS
    src, dst = scratch, order
    for j in range(N_FIVES):
        src[j] = j
    for shift in range(0, 2 * RADIX_BITS, RADIX_BITS):
        counts[:] = 0
        for j in range(N_FIVES):
            counts[digits - (ranks5[src[j]] >> shift & (digits - 1))] += 1  # descending digit d at digits - 1 - d
        for d in range(digits):
            counts[d + 1] += counts[d]
        for j in range(N_FIVES):
            w = src[j]
            d = digits - 1 - (ranks5[w] >> shift & (digits - 1))
            dst[counts[d]] = w
            counts[d] += 1
        src, dst = dst, src
    # after an even number of passes the sorted indices are back in ``scratch``: copy to order
    for j in range(N_FIVES):
        order[j] = src[j]


@jitable
def best_front(h: Any, pos: Any, rk: Any) -> int:
    """Rank of the best 3 of the 8 cards at positions pos[0..7] (ascending, so ranks
    descending) of the sorted hand ``h``: the highest trips, else the highest pair and the
    highest other card, else the three highest cards."""
    for i in range(6):
        if h[pos[i]] >> 2 == h[pos[i + 2]] >> 2:
            return rk[(1 << pos[i]) | (1 << pos[i + 1]) | (1 << pos[i + 2])]
    for i in range(7):
        if h[pos[i]] >> 2 == h[pos[i + 1]] >> 2:
            kicker = pos[2] if i == 0 else pos[0]
            return rk[(1 << pos[i]) | (1 << pos[i + 1]) | (1 << kicker)]
    return rk[(1 << pos[0]) | (1 << pos[1]) | (1 << pos[2])]


@jitable
def split_value(values: Any, joint: Any, poly: Any, rf: int, rm: int, rb: int) -> float:
    """Value of a split with row ranks (rf, rm, rb) under an objective's tables (see
    :class:`~lookup.shisanshui.objectives.ObjectiveTables`): ``values[0, rf] + values[1, rm] +
    values[2, rb]``, plus :func:`joint_part` when ``joint`` is not None.

    Nondecreasing in each rank (the tables are monotone): a split's value is at most the
    value of any ranks at least its own, which is how the search bounds a back.
    """
    v = values[0, rf] + values[1, rm] + values[2, rb]
    if joint is not None:
        v += joint_part(joint, poly, rf, rm, rb)
    return v


@jitable
def joint_part(joint: Any, poly: Any, rf: int, rm: int, rb: int) -> float:
    """The terms of winning or losing all three rows, nondecreasing in each rank:
    ``sw * pw * (poly[0] + pw * (poly[1] + pw * poly[2])) - poly[3] * L`` where, per row k and
    its rank r, ``joint[k, r]`` holds the chance to win the row, the chance to lose it, the
    opponent's expected points when it wins it and the row's own points (one cache line a row);
    pw is the product of the win chances, sw the sum of the own points and L the sum over rows
    of the opponent's points times the other two rows' loss chances."""
    f = joint[0, rf]
    m = joint[1, rm]
    b = joint[2, rb]
    pw = f[0] * m[0] * b[0]
    sw = f[3] + m[3] + b[3]
    lost = f[2] * m[1] * b[1] + m[2] * f[1] * b[1] + b[2] * f[1] * m[1]
    return sw * pw * (poly[0] + pw * (poly[1] + pw * poly[2])) - poly[3] * lost


@jitable
def write_row(h: Any, mask: int, out: Any, start: int) -> None:
    """Write the cards of ``mask`` (highest first) to out[start:]."""
    k = start
    for p in range(N_HAND):
        if mask >> p & 1:
            out[k] = h[p]
            k += 1


@jitable
def strongest_first(ranks: Any, n: int) -> Any:
    """The order of the first n splits by back, then middle, then front rank, descending;
    equal ranks keep their order (a stable LSD radix sort, ranks < RANK_LIMIT)."""
    order = np.arange(n)
    scratch = np.empty(n, np.int64)
    counts = np.empty(RANK_LIMIT + 1, np.int64)
    for row in range(3):  # front, middle, back: the last pass decides first
        counts[:] = 0
        for k in range(n):
            counts[RANK_LIMIT - ranks[k, row]] += 1
        total = 0
        for d in range(RANK_LIMIT + 1):
            c = counts[d]
            counts[d] = total
            total += c
        for k in range(n):
            w = order[k]
            d = RANK_LIMIT - ranks[w, row]
            scratch[counts[d]] = w
            counts[d] += 1
        order, scratch = scratch, order
    return order
