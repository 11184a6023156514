"""The suit vectors of the mahjong generator: every key's digits and tile total, and every split
of every vector into melds and a pair, as CSR lists (keys in :mod:`lookup.mahjong.encoding`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from lookup.jit import register_jitables
from lookup.mahjong.encoding import COUNT_BASE, MAX_COPIES, MAX_MELDS, NO_MELD, key_weights, suit_key

from .mahjong_over4 import next_combination

register_jitables()  # the kernels below call the encoding's jitable key functions


@njit(cache=False)
def digits_and_totals(n_ranks):
    """(digits (5**n, n) int8, totals (5**n,) int64) of every key, first rank fastest."""
    size = COUNT_BASE ** n_ranks
    digits = np.zeros((size, n_ranks), np.int8)
    totals = np.zeros(size, np.int64)
    counts = np.zeros(n_ranks, np.int8)
    for key in range(size):
        if key > 0:
            i = 0
            while counts[i] == MAX_COPIES:
                counts[i] = 0
                i += 1
            counts[i] += 1
        t = 0
        for i in range(n_ranks):
            digits[key, i] = counts[i]
            t += counts[i]
        totals[key] = t
    return digits, totals


@njit(cache=False)
def split_records(n_ranks, chows):
    """Every split of every vector (total <= 14): rows (key, pair rank, meld codes x 4).

    Forward enumeration: every multiset of up to MAX_MELDS melds (non-decreasing meld codes)
    whose counts stay <= 4, without a pair and with a pair on each rank that has room.
    Meld code c < n_ranks is a pong of rank c, c >= n_ranks a chow starting at rank c - n_ranks.
    NO_MELD fills absent melds and marks "no pair". Each (vector, split) appears once.
    """
    n_melds = n_ranks + (n_ranks - 2 if chows else 0)
    shapes = np.zeros((n_melds, n_ranks), np.int64)
    for c in range(n_ranks):
        shapes[c, c] = 3
    for c in range(n_ranks, n_melds):
        for r in range(c - n_ranks, c - n_ranks + 3):
            shapes[c, r] = 1
    weight = key_weights(n_ranks)
    # at most (multisets of <= 4 melds) x (no pair + n_ranks pairs) rows
    bound = 0
    for k in range(MAX_MELDS + 1):
        top = 1
        for i in range(k):
            top = top * (n_melds + i) // (i + 1)
        bound += top
    bound *= n_ranks + 1
    rows = np.full((bound, 6), NO_MELD, np.int64)
    n_rows = 0
    combo = np.zeros(MAX_MELDS, np.int64)
    counts = np.zeros(n_ranks, np.int64)
    for k in range(MAX_MELDS + 1):
        for i in range(k):
            combo[i] = 0
        while True:
            counts[:] = 0
            for i in range(k):
                counts += shapes[combo[i]]
            ok = True
            for r in range(n_ranks):
                if counts[r] > MAX_COPIES:
                    ok = False
            if ok:
                key = suit_key(counts)
                for pair in range(-1, n_ranks):
                    if pair >= 0 and counts[pair] + 2 > MAX_COPIES:
                        continue
                    rows[n_rows, 0] = key + (2 * weight[pair] if pair >= 0 else 0)
                    rows[n_rows, 1] = pair if pair >= 0 else NO_MELD
                    for i in range(k):
                        rows[n_rows, 2 + i] = combo[i]
                    n_rows += 1
            if not next_combination(combo, k, n_melds):
                break
    return rows[:n_rows]


def split_tables(n_ranks, chows):
    """(split_keys uint32, split_start uint32, splits uint8 (S, 5)): CSR lists sorted by key."""
    rows = split_records(n_ranks, chows)
    order = np.lexsort(rows.T[::-1])  # by key, then pair, then melds
    rows = rows[order]
    keys, first = np.unique(rows[:, 0], return_index=True)
    start = np.append(first, len(rows)).astype(np.uint32)
    return keys.astype(np.uint32), start, rows[:, 1:].astype(np.uint8)
