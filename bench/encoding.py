"""Dense base-5 keys against a minimal perfect hash, for the mahjong per-suit tables.

The minimal perfect hash is the vector's rank among all suit vectors with total <= 14
(counts 0..4), computed digit by digit from a small offset table (it stays in L1 cache) and
indexing a compact array of 405,350 (suit) / 43,130 (honor) entries instead of 5**9 / 5**7.
Both kernels answer standard hu for the same hands; only the key differs.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from lookup.mahjong.encoding import COUNT_BASE, MAX_COPIES, MAX_HAND_TILES, n_keys


def rank_offsets(n_ranks: int, max_total: int = MAX_HAND_TILES) -> tuple[np.ndarray, int]:
    """(offsets, number of vectors): the rank of v is the sum over i of offsets[i, room_i, v_i].

    fits[i, room] counts the vectors over ranks i..n-1 with total <= room; offsets[i, room, c]
    counts those that precede digit i = c (digits 0..c-1 at rank i), room_i = 14 - v_0 - ... - v_(i-1).
    """
    fits = np.zeros((n_ranks + 1, max_total + 1), np.int64)
    fits[n_ranks, :] = 1
    for i in range(n_ranks - 1, -1, -1):
        for room in range(max_total + 1):
            fits[i, room] = sum(fits[i + 1, room - c] for c in range(min(MAX_COPIES, room) + 1))
    offsets = np.zeros((n_ranks, max_total + 1, MAX_COPIES + 1), np.int64)
    for i in range(n_ranks):
        for room in range(max_total + 1):
            acc = 0
            for c in range(MAX_COPIES + 1):
                offsets[i, room, c] = acc
                if c <= room:
                    acc += fits[i + 1, room - c]
    return offsets, int(fits[0, max_total])


def compact(entries: np.ndarray, n_ranks: int) -> tuple[np.ndarray, np.ndarray]:
    """(offsets, compact entries): the dense entries of vectors with total <= 14 at their rank."""
    offsets, size = rank_offsets(n_ranks)
    keys = np.arange(n_keys(n_ranks))
    digits = np.stack([(keys // COUNT_BASE ** i) % COUNT_BASE for i in range(n_ranks)], axis=1)
    keep = digits.sum(axis=1) <= MAX_HAND_TILES
    digits, keys = digits[keep], keys[keep]
    room = MAX_HAND_TILES - np.cumsum(digits, axis=1) + digits  # tiles left before digit i
    ranks = sum(offsets[i, room[:, i], digits[:, i]] for i in range(n_ranks))
    assert np.array_equal(np.sort(ranks), np.arange(size))  # a bijection: minimal perfect hash
    out = np.zeros(size, entries.dtype)
    out[ranks] = entries[keys]
    return offsets, out


@njit(nogil=True)
def hu_dense(counts, suit, honor, out):
    for i in range(counts.shape[0]):
        c = counts[i]
        e = 0
        pairs = 0
        ok = True
        for s in range(4):
            base = 9 * s
            n = 9 if s < 3 else 7
            key = 0
            for j in range(n - 1, -1, -1):
                key = key * COUNT_BASE + c[base + j]
            e = suit[key] if s < 3 else honor[key]
            ok = ok and (e & 3) != 0
            pairs += (e >> 1) & 1
        out[i] = ok and pairs == 1


@njit(nogil=True)
def hu_ranked(counts, suit_offsets, suit, honor_offsets, honor, out):
    for i in range(counts.shape[0]):
        c = counts[i]
        pairs = 0
        ok = True
        for s in range(4):
            base = 9 * s
            n = 9 if s < 3 else 7
            room = 14
            r = 0
            for j in range(n):
                x = c[base + j]
                r += suit_offsets[j, room, x] if s < 3 else honor_offsets[j, room, x]
                room -= x
            e = suit[r] if s < 3 else honor[r]
            ok = ok and (e & 3) != 0
            pairs += (e >> 1) & 1
        out[i] = ok and pairs == 1
