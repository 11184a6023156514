"""The winning parts of a zipai group set, built level by level, and their values.

The checked part of a hand (坎 and 提 taken out, every count 0..2) wins when it splits into
groups of the group set plus one pair when it holds 3k+2 cards. The parts of k groups are
those of k - 1 groups plus one group, and the parts with a pair those without plus one pair;
each keeps the best huxi over the ways it is reached, which is the best over its splits. A
part's value (:mod:`lookup.zipai.encoding`) packs that huxi and its first moves.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from lookup.jit import register_jitables
from lookup.zipai.encoding import (
    GROUP_SIZE,
    HUXI_BITS,
    HUXI_MASK,
    MAX_PART,
    MOVES_SHIFT,
    N_CARDS,
    N_MOVES,
    PAIR_SIZE,
    decode_key,
    key_of,
    lowest_card,
    walk,
)
from lookup.zipai.units import (
    MOVE_UNITS,
    N_UNITS,
    PAIR_UNIT,
    UNIT_HUXI,
    add_unit,
    group_limit,
)

register_jitables()  # the kernels below call the jitable helpers of lookup.zipai.encoding and units


def unit_arrays() -> tuple[np.ndarray, np.ndarray]:
    """(key delta per unit: the key of the unit's cards alone, huxi per unit)."""
    delta = np.zeros(N_UNITS, np.int64)
    for u in range(N_UNITS):
        counts = [0] * N_CARDS
        add_unit(counts, u, 1)
        delta[u] = key_of(counts)
    return delta, np.frombuffer(UNIT_HUXI, np.uint8).astype(np.int64)


@njit(cache=False)
def expand(keys, huxi, delta, unit_huxi, first, last):
    """Every valid (key + unit, huxi + unit huxi) for units first..last-1, as key << HUXI_BITS | huxi."""
    out = np.empty(keys.shape[0] * (last - first), np.uint64)
    counts = np.zeros(N_CARDS, np.int64)
    m = 0
    for i in range(keys.shape[0]):
        decode_key(keys[i], counts)
        for u in range(first, last):
            if add_unit(counts, u, 1):
                out[m] = np.uint64(((keys[i] + delta[u]) << HUXI_BITS) | (huxi[i] + unit_huxi[u]))
                m += 1
            add_unit(counts, u, -1)
    return out[:m]


@njit(cache=False)
def unique_best(packed):
    """Sorted unique keys and, for each, the largest huxi among its packed candidates."""
    packed = np.sort(packed)
    n = packed.shape[0]
    keys = np.empty(n, np.int64)
    huxi = np.empty(n, np.int64)
    m = 0
    for i in range(n):
        key = np.int64(packed[i] >> np.uint64(HUXI_BITS))
        if i + 1 < n and np.int64(packed[i + 1] >> np.uint64(HUXI_BITS)) == key:
            continue  # the last of a run holds the largest huxi
        keys[m] = key
        huxi[m] = np.int64(packed[i] & np.uint64(HUXI_MASK))
        m += 1
    return keys[:m], huxi[:m]


def winning_vectors(yiwushi: bool = False, progress=print):
    """(sorted keys, best huxi) of every winning vector of a group set, and the number per part size."""
    delta, unit_huxi = unit_arrays()
    level_keys = [np.zeros(1, np.int64)]
    level_huxi = [np.zeros(1, np.int64)]
    for _ in range(MAX_PART // GROUP_SIZE):  # one group more each time, up to 7
        keys, huxi = unique_best(expand(level_keys[-1], level_huxi[-1], delta, unit_huxi, 0,
                                        group_limit(yiwushi)))
        level_keys.append(keys)
        level_huxi.append(huxi)
    all_keys, all_huxi = list(level_keys), list(level_huxi)
    for k in range((MAX_PART - PAIR_SIZE) // GROUP_SIZE + 1):  # k groups and a pair
        keys, huxi = unique_best(expand(level_keys[k], level_huxi[k], delta, unit_huxi,
                                        PAIR_UNIT, N_UNITS))
        all_keys.append(keys)
        all_huxi.append(huxi)
    sizes = {}
    for k, keys in enumerate(all_keys):
        size = GROUP_SIZE * k if k < len(level_keys) else GROUP_SIZE * (k - len(level_keys)) + PAIR_SIZE
        sizes[size] = len(keys)
    keys = np.concatenate(all_keys)
    order = np.argsort(keys, kind="stable")  # the levels are disjoint (sizes differ)
    return keys[order], np.concatenate(all_huxi)[order], dict(sorted(sizes.items()))


@njit(cache=False)
def split_values(keys, huxi, trans, final, unit_huxi, move_units):
    """uint16 value per vector (rank order): best huxi | first moves << MOVES_SHIFT.

    Also checks the automaton (every key walks to its own rank) and the huxi (the best over
    the first moves equals the level-by-level best). Returns (values, number of bad vectors).
    """
    n = keys.shape[0]
    values = np.zeros(n, np.uint16)
    counts = np.zeros(N_CARDS, np.int64)
    bad = 0
    for i in range(n):
        decode_key(keys[i], counts)
        if walk(trans, final, counts) != i:
            bad += 1
            continue
        low = lowest_card(counts)
        moves = 0
        best = 0 if low < 0 else -1
        if low >= 0:
            for m in range(N_MOVES):
                u = move_units[low, m]
                if u < 0:
                    continue
                if add_unit(counts, u, -1):
                    r = walk(trans, final, counts)
                    if r >= 0:
                        moves |= 1 << m
                        h = unit_huxi[u] + (values[r] & HUXI_MASK)
                        if h > best:
                            best = h
                add_unit(counts, u, 1)
        if best != huxi[i]:
            bad += 1
        values[i] = np.uint16(huxi[i] | (moves << MOVES_SHIFT))
    return values, bad


def move_unit_array(yiwushi: bool) -> np.ndarray:
    """MOVE_UNITS as an (N_CARDS, N_MOVES) array, -1 for the moves outside the group set."""
    moves = np.array(MOVE_UNITS, np.int64)
    moves[(moves >= group_limit(yiwushi)) & (moves < PAIR_UNIT)] = -1
    return moves

