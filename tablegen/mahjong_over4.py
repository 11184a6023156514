"""Over-4 savings of the mahjong per-suit shanten costs: jokers read as fifth (or later) copies.

Part of the mahjong generator (:mod:`tablegen.mahjong` calls :func:`over4_table`; layouts in
:mod:`lookup.mahjong.encoding`). With jokers, a target of m melds (+ a pair) may use a kind
more than 4 times: the copies over 4 (*over-4 positions*) are jokers, never drawn tiles. For
a suit vector v, class (m, p) and e over-4 positions allowed, the fewest tiles v lacks is

    g_e(v) = min over targets w (counts unbounded, over(w) = sum_r max(0, w_r - 4) <= e)
             of sum_r max(0, w_r - v_r)

and, since v_r <= 4, sum_r max(0, w_r - v_r) = over(w) + lacking(clip4(w), v). So g_e is a
distance transform in the ordinary base-5 key space seeded with the clipped targets, each at
the height of its over-4 count: g_e(v) = min(least over(w) of a clipped target inside v,
1 + min_r g_e(v + r)), in decreasing key order; g_0 is the ordinary cost. The saving
g_0 - g_e is at most MAX_SAVING (checked), so two thresholds per class describe it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from lookup.jit import register_jitables
from lookup.mahjong.encoding import (
    COST_MASK,
    MAX_COPIES,
    MAX_HAND_TILES,
    MAX_JOKERS,
    MAX_MELDS,
    MAX_SAVING,
    N_CLASSES,
    OVER4_BITS,
    shanten_shift,
    suit_key,
)

register_jitables()


@njit(cache=False)
def next_combination(combo, k, n_codes):
    """Advance ``combo[:k]`` to the next non-decreasing combination of codes 0..n_codes-1, in
    place; False when it was the last (also used by :func:`tablegen.mahjong_vectors.split_records`)."""
    i = k - 1
    while i >= 0 and combo[i] == n_codes - 1:
        i -= 1
    if i < 0:
        return False
    combo[i] += 1
    for j in range(i + 1, k):
        combo[j] = combo[i]
    return True


@njit(cache=False)
def over4_seeds(n_ranks, chows, pair_mask, melds, pair):
    """Per key, bit o set when some target of ``melds`` melds (+ a pair on a rank of
    ``pair_mask`` when ``pair``) with o = over(w) <= MAX_JOKERS clips to that key (uint16)."""
    n_codes = n_ranks + (n_ranks - 2 if chows else 0)
    seeds = np.zeros(5 ** n_ranks, np.uint16)
    combo = np.zeros(MAX_MELDS, np.int64)
    counts = np.zeros(n_ranks, np.int64)
    clipped = np.zeros(n_ranks, np.int64)
    while True:
        counts[:] = 0
        for i in range(melds):
            c = combo[i]
            if c < n_ranks:
                counts[c] += 3
            else:
                for r in range(c - n_ranks, c - n_ranks + 3):
                    counts[r] += 1
        for rank in range(-1, n_ranks):
            if (rank < 0) == bool(pair) or (rank >= 0 and not (pair_mask >> rank) & 1):
                continue
            if rank >= 0:
                counts[rank] += 2
            over = 0
            for r in range(n_ranks):
                over += max(0, counts[r] - MAX_COPIES)
                clipped[r] = min(counts[r], MAX_COPIES)
            if over <= MAX_JOKERS:
                seeds[suit_key(clipped)] |= 1 << over
            if rank >= 0:
                counts[rank] -= 2
        if not next_combination(combo, melds, n_codes):
            break
    return seeds


@njit(cache=False)
def budget_costs(seeds, digits, weight):
    """g[key, e] for e = 0..MAX_JOKERS over-4 positions allowed (int8; COST_MASK: no target)."""
    size, n_ranks = digits.shape
    inside = seeds.copy()  # bit o: a clipped target of over o fits inside the vector
    for key in range(size):
        for r in range(n_ranks):
            if digits[key, r] > 0:
                inside[key] |= inside[key - weight[r]]
    g = np.empty((size, MAX_JOKERS + 1), np.int8)
    for key in range(size - 1, -1, -1):
        low = COST_MASK  # the least over of a target inside
        for o in range(MAX_JOKERS + 1):
            if (inside[key] >> o) & 1:
                low = o
                break
        for e in range(MAX_JOKERS + 1):
            best = low if low <= e else COST_MASK
            for r in range(n_ranks):
                if digits[key, r] < MAX_COPIES:
                    best = min(best, g[key + weight[r], e] + 1)
            g[key, e] = min(best, COST_MASK)
    return g


def over4_table(n_ranks: int, chows: bool, pair_mask: int, shanten: np.ndarray, digits: np.ndarray,
                weight: np.ndarray, totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(over4_keys uint32, over4 uint64): the keys (total <= 14) whose costs fall with over-4
    positions, and per class the thresholds t1, t2 (layout in lookup.mahjong.encoding).

    Checks that g_0 is the ``shanten`` entries' cost and that no saving exceeds MAX_SAVING.
    """
    values = np.zeros(len(totals), np.uint64)
    small = totals <= MAX_HAND_TILES
    for melds in range(MAX_MELDS + 1):
        for pair in (0, 1):
            seeds = over4_seeds(n_ranks, chows, pair_mask, melds, pair)
            if not (seeds & ~np.uint16(1)).any():
                continue  # no target of this class goes over 4 copies
            g = budget_costs(seeds, digits, weight).astype(np.int64)
            cost = (shanten >> np.uint64(shanten_shift(melds, pair))) & np.uint64(COST_MASK)
            assert np.array_equal(g[:, 0], cost.astype(np.int64)), (n_ranks, melds, pair)
            saving = (g[:, :1] - g)[small]
            assert saving.min() >= 0 and saving.max() <= MAX_SAVING, (n_ranks, melds, pair, saving.max())
            cls = 2 * melds + pair
            for level in range(1, MAX_SAVING + 1):
                reached = saving >= level
                first = np.where(reached.any(axis=1), reached.argmax(axis=1), 0).astype(np.uint64)
                assert first.max() < 1 << OVER4_BITS
                values[small] |= first << np.uint64(OVER4_BITS * (MAX_SAVING * cls + level - 1))
    assert N_CLASSES * MAX_SAVING * OVER4_BITS <= 61
    keys = np.flatnonzero(values)
    return keys.astype(np.uint32), values[keys]
