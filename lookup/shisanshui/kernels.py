"""Numba kernels of the shisanshui queries (compiled on first use, cached on disk).

Loops over rows: each hand's work is the jitable helpers of
:mod:`lookup.shisanshui.encoding` (the rank keys) and :mod:`lookup.shisanshui.splits` (card
checks, subset ranks, row order). Cards are uint8 indices (rank * 4 + suit). Every kernel
validates each row (cards 0..51, no card twice) and follows the status protocol of
:mod:`lookup.jit`: it returns ``(status, index)``, with ``OK`` the number of rows (or splits)
written, otherwise the index of the first bad row. They release the GIL.

The walk over the splits of a hand is written once, in :func:`search`, which both the best
split of each row and the list of every split (:func:`all_arrangements`) run. It stays in the
kernel's own body rather than in a jitable helper, which Numba would call, not inline.

``tables``, in the kernels that rank rows of both sizes: ``(fields, nonflush, flush, rank3)``
of one straight order (:meth:`lookup.shisanshui.ranks.RankTables.of`).
"""

import numpy as np

from ..jit import ERR_CARD, ERR_DUPLICATE, OK, kernel_decorator
from . import deal, encoding, special_hands, splits
from .splits import FULL13, N_FIVES, N_HAND, RANK_LIMIT, SUBSET_INDEX

kernel = kernel_decorator(__name__)
BOUND_SLACK = 1e-9
"""A split is skipped when its bound is below the best value by more than this: the bound and
the value are summed in different orders, so they may differ in the last bits."""


@kernel
def rank5_batch(cards, fields, nonflush, flush, out):
    """Rank of each (N, 5) row."""
    for i in range(cards.shape[0]):
        status = splits.cards_status(cards, i, 5)
        if status != OK:
            return status, i
        out[i] = encoding.rank5(fields, nonflush, flush, cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3],
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
def search(hands, tables, values, joint, poly, strongest, out, found, ranks):
    """Per (N, 13) row the best legal split (front <= middle <= back) into out[i] (front 3,
    middle 5, back 5 cards, each row highest card first); with ``found``, also every legal split.

    The best has the largest :func:`~lookup.shisanshui.splits.split_value` (``values`` None:
    every value 0), equal values going to the larger (back, middle, front) ranks. ``strongest``
    walks only the backs of the highest rank (such a back always leaves a legal middle and
    front). With values, the backs are walked from the highest rank down, and the walk stops at
    the first back whose bound, the value of (top 3-card rank, rb, rb), is below the best so
    far; a back is bounded again with the best front it leaves, and with joint terms a split
    whose row values and back's joint bound fall short is skipped.

    Listing (``hands`` holds one hand): found[k] = (front, middle, back) subset indices
    (:data:`~lookup.shisanshui.splits.SUBSET_INDEX`) and ranks[k] their ranks, in walk order;
    (OK, count). ``found``, ``values`` and ``joint`` None compile as specializations without them.
    """
    fields, nonflush, flush, rank3 = tables
    h, rk, masks5, ranks5 = splits.workspace()
    pos = np.empty(8, np.int64)  # the positions of the 8 cards a back leaves
    order = np.empty(N_FIVES, np.int64)  # with values: the backs by rank, highest first
    scratch = np.empty(N_FIVES, np.int64)
    counts = np.empty((1 << splits.RADIX_BITS) + 1, np.int64)
    n = 0
    for i in range(hands.shape[0]):
        status = splits.sorted_hand(hands, i, h)
        if status != OK:
            return status, i
        top, top3 = splits.subset_ranks(h, fields, nonflush, flush, rank3, rk, masks5, ranks5)
        min_back = top if strongest else 0
        if values is not None:
            splits.backs_by_rank(ranks5, order, scratch, counts)
        best_v = -np.inf
        last_rb = -1
        mb = 0.0
        mid_joint = 0.0
        back_joint = 0.0
        best_key = -1
        best_b = 0
        best_m = 0
        best_f = 0
        for step in range(N_FIVES):
            j = step
            if values is not None:
                j = order[step]
            rb = ranks5[j]
            if rb < min_back:
                continue
            if values is not None:
                if rb != last_rb:  # backs of one rank come together: their bound once
                    last_rb = rb
                    mb = values[1, rb] + values[2, rb]
                    if joint is not None:
                        mid_joint = splits.joint_part(joint, poly, top3, rb, rb)
                if values[0, top3] + mb + mid_joint < best_v - BOUND_SLACK:
                    break  # no split of this back or a later (weaker) one beats (top3, rb, rb)
                back_joint = mid_joint
            comp = FULL13 ^ masks5[j]
            k = 0
            for p in range(N_HAND):
                if comp >> p & 1:
                    pos[k] = p
                    k += 1
            if values is not None:
                front = splits.best_front(h, pos, rk)  # the bound again, with the best front this back leaves
                if front != top3:
                    if joint is not None:
                        back_joint = splits.joint_part(joint, poly, front, rb, rb)
                    if values[0, front] + mb + back_joint < best_v - BOUND_SLACK:
                        continue
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
                        v = 0.0
                        if values is not None:
                            v = values[0, rf] + values[1, rm] + values[2, rb]
                            if joint is not None:
                                if v + back_joint < best_v - BOUND_SLACK:
                                    continue  # its joint terms are at most the back's bound's
                                v += splits.joint_part(joint, poly, rf, rm, rb)
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
def all_arrangements(hands, tables, subsets):
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
    status, n = search(hands, tables, None, None, None, False, out, found, ranks)
    if status != OK:
        return status, n
    order = splits.strongest_first(ranks, n)
    for k in range(n):
        for row in range(3):
            subsets[row, k] = found[order[k], row]
    return OK, n


@kernel
def special_bits_batch(hands, out):
    """Per (N, 13) row, :func:`~lookup.shisanshui.special_hands.special_bits` (bit i: the hand
    is ``SPECIAL_NAMES[i]``)."""
    for i in range(hands.shape[0]):
        status = splits.cards_status(hands, i, N_HAND)
        if status != OK:
            return status, i
        out[i] = special_hands.special_bits(hands[i])
    return OK, hands.shape[0]


@kernel
def settle_batch(deals, declared, tables, row_points, multipliers, out):
    """Scores of each deal of ``deals`` (N, P, 13): per player front 3, middle 5, back 5 cards.

    ``declared`` (N, P) int64: the points of each player's declared special hand, 0 for none
    (None: nobody declares); ``row_points`` (3, ranks): the points of a row won, per row and
    rank; ``multipliers``: (shoot, home run, fewest players of a home run) as in ``Rules``.
    out[d, i] is player i's score (:func:`~lookup.shisanshui.deal.settle_deal`). A deal is bad
    when a card is over 51 (ERR_CARD) or held twice in it (ERR_DUPLICATE).
    """
    fields, nonflush, flush, rank3 = tables
    n = deals.shape[1]
    ranks = np.empty(3 * n, np.int64)
    won = np.empty(3 * n, np.int64)
    points = np.zeros(n, np.int64)
    pairs = np.empty(n * n, np.int64)
    shot = np.empty(n * n, np.int64)
    fouled = np.empty(n, np.int64)
    home = np.empty(n, np.int64)
    row = np.empty(N_HAND, np.int64)
    for d in range(deals.shape[0]):
        seen = 0
        for i in range(n):
            for k in range(N_HAND):
                c = deals[d, i, k]
                if c >= encoding.N_CARDS:
                    return ERR_CARD, d
                bit = 1 << c
                if seen & bit:
                    return ERR_DUPLICATE, d
                seen |= bit
        for i in range(n):
            for k in range(N_HAND):  # as int64 (a uint8 overflows in the 3-card key when run as Python)
                row[k] = deals[d, i, k]
            ranks[3 * i] = encoding.rank3(rank3, row[0], row[1], row[2])
            ranks[3 * i + 1] = encoding.rank5(fields, nonflush, flush, row[3], row[4], row[5], row[6], row[7])
            ranks[3 * i + 2] = encoding.rank5(fields, nonflush, flush, row[8], row[9], row[10], row[11], row[12])
            for k in range(3):
                won[3 * i + k] = row_points[k, ranks[3 * i + k]]
            if declared is not None:
                points[i] = declared[d, i]
        deal.settle_deal(n, ranks, won, points, multipliers, (pairs, shot, fouled, home))
        for i in range(n):
            total = 0
            for j in range(n):
                total += pairs[n * i + j]
            out[d, i] = total
    return OK, deals.shape[0]
