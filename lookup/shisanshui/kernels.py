"""Numba kernels of the shisanshui queries (compiled on first use, cached on disk).

Loops over rows: each hand's work is the jitable helpers of
:mod:`lookup.shisanshui.encoding` (the rank keys) and :mod:`lookup.shisanshui.splits` (card
checks, subset ranks, row order). Cards are uint8 indices (rank * 4 + suit). Every kernel
validates each row (cards 0..51, no card twice) and follows the status protocol of
:mod:`lookup.jit`: it returns ``(status, index)``, with ``OK`` the number of rows (or splits)
written, otherwise the index of the first bad row. They release the GIL.

The walk over the splits of a hand is written once, in :func:`search`, which both the best
split of each row and the list of every split (:func:`all_arrangements`) run. It stays in the
kernel's own body: as a jitable helper (a call Numba does not inline) the "expected" search
took 15% longer (measured).
"""

import numpy as np

from ..jit import KERNEL_MODULES, OK, kernel_decorator
from . import encoding, splits
from .splits import FULL13, N_FIVES, N_HAND, RANK_LIMIT, SUBSET_INDEX

SOURCES_SHA256 = "be5b522bdc67e107175fbbedfb590e037a61936b39d017bc079abef4ea1c16eb"
"""Fingerprint of the modules compiled into these kernels (see lookup.jit)."""
kernel = kernel_decorator(KERNEL_MODULES["shisanshui/kernels.py"], SOURCES_SHA256)


@kernel
def rank5_batch(cards, weights, nonflush, flush, out):
    """Rank of each (N, 5) row."""
    for i in range(cards.shape[0]):
        status = splits.cards_status(cards, i, 5)
        if status != OK:
            return status, i
        out[i] = encoding.rank5(weights, nonflush, flush, cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3],
                                cards[i, 4])
    return OK, cards.shape[0]


@kernel
def rank3_batch(cards, rank3, out):
    """Rank of each (N, 3) row."""
    for i in range(cards.shape[0]):
        status = splits.cards_status(cards, i, 3)
        if status != OK:
            return status, i
        out[i] = encoding.rank3(rank3, cards[i, 0], cards[i, 1], cards[i, 2])
    return OK, cards.shape[0]


@kernel
def search(hands, weights, nonflush, flush, rank3, ev, top_mf, strongest, out, found, ranks):
    """Per (N, 13) row the best legal split; with ``found`` (not None), also every legal split.

    A split is legal when front <= middle <= back. Its value is ``ev[2, back rank] + ev[1,
    middle rank] + ev[0, front rank]`` (``ev``: (3, ranks); None: every value 0); the best
    has the largest value, equal values going to the larger (back, middle, front) ranks, and
    is written to out[i] (front 3, middle 5, back 5 cards, each row highest card first).
    ``top_mf`` (the largest middle value + the largest front value) skips backs that cannot
    beat the best so far; ``strongest`` walks only the backs of the highest rank, since a
    back of maximal rank always leaves a legal middle and front (the best 5 of the other 8
    beats the 3 left over).

    Listing (``found`` and ``ranks`` arrays; ``hands`` holds one hand): found[k] = (front,
    middle, back) subset indices (:data:`~lookup.shisanshui.splits.SUBSET_INDEX`) and
    ranks[k] their ranks for every legal split in walk order; (OK, count) then gives their
    number. Numba compiles the search without listing (``found`` None) and without values
    (``ev`` None) as their own specializations, free of the listing's stores and the value
    look-ups (5% faster, measured).
    """
    h, rk, masks5, ranks5 = splits.workspace()
    pos = np.empty(8, np.int64)  # the positions of the 8 cards a back leaves
    if ev is not None:
        ev_front, ev_middle, ev_back = ev[0], ev[1], ev[2]
    n = 0
    for i in range(hands.shape[0]):
        status = splits.sorted_hand(hands, i, h)
        if status != OK:
            return status, i
        top = splits.subset_ranks(h, weights, nonflush, flush, rank3, rk, masks5, ranks5)
        min_back = top if strongest else 0
        best_v = -np.inf
        best_key = -1
        best_b = 0
        best_m = 0
        best_f = 0
        for j in range(N_FIVES):
            rb = ranks5[j]
            if rb < min_back:
                continue
            vb = 0.0
            if ev is not None:
                vb = ev_back[rb]
                if vb + top_mf < best_v:
                    continue
            comp = FULL13 ^ masks5[j]
            k = 0
            for p in range(N_HAND):
                if comp >> p & 1:
                    pos[k] = p
                    k += 1
            for x in range(6):
                for y in range(x + 1, 7):
                    for z in range(y + 1, 8):
                        f = (1 << pos[x]) | (1 << pos[y]) | (1 << pos[z])
                        m = comp ^ f
                        rm = rk[m]
                        rf = rk[f]
                        if rf > rm or rm > rb:
                            continue
                        if found is not None:
                            found[n, 0] = SUBSET_INDEX[f]
                            found[n, 1] = SUBSET_INDEX[m]
                            found[n, 2] = j
                            ranks[n, 0] = rf
                            ranks[n, 1] = rm
                            ranks[n, 2] = rb
                            n += 1
                        v = vb
                        if ev is not None:
                            v = vb + ev_middle[rm] + ev_front[rf]
                        if v >= best_v:
                            key = (rb * RANK_LIMIT + rm) * RANK_LIMIT + rf
                            if v > best_v or key > best_key:
                                best_v = v
                                best_key = key
                                best_b = masks5[j]
                                best_m = m
                                best_f = f
        splits.write_row(h, best_f, out[i], 0)
        splits.write_row(h, best_m, out[i], 3)
        splits.write_row(h, best_b, out[i], 8)
    if found is None:
        return OK, hands.shape[0]
    return OK, n


@kernel
def all_arrangements(hands, weights, nonflush, flush, rank3, subsets):
    """Every legal split of the one 13-card hand of ``hands`` (1, 13), strongest first:
    (status, count).

    For k < count, subsets[:, k] = (front, middle, back): the index of the front among the
    hand's 3-card subsets and those of the middle and back among its 5-card subsets, in the
    order of ``itertools.combinations(cards sorted highest first, size)``. Splits are ordered
    by back, then middle, then front rank, descending; equal ranks keep the walk order.
    """
    found = np.empty((splits.N_SPLITS, 3), np.int64)
    ranks = np.empty((splits.N_SPLITS, 3), np.int64)
    out = np.empty((1, N_HAND), np.uint8)
    status, n = search(hands, weights, nonflush, flush, rank3, None, 0.0, False, out, found, ranks)
    if status != OK:
        return status, n
    order = splits.strongest_first(ranks, n)
    for k in range(n):
        for row in range(3):
            subsets[row, k] = found[order[k], row]
    return OK, n
