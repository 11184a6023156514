"""Key designs for the zipai table of 8,166,996 winning vectors, measured on the same parts.

Each design answers the best huxi (or -1) of checked parts (20 counts, each 0..2) from the
same vectors and the same uint16 values:

* automaton (kept): the minimal automaton over the ten per-number symbols is a minimal
  perfect hash; ten dependent steps in a 2 MB table, then one read of ``values``;
* sorted keys: the base-9 keys as sorted uint32 and binary search (~23 probes);
* bucketed: offsets indexed by the base-3 key of the ten big cards (59,049 buckets), in each
  bucket the sorted uint16 base-3 keys of the small cards, binary search inside it;
* open addressing: uint32 keys (+1, 0 = empty) in a power-of-two table at load <= 0.7,
  linear probing from a multiplicative hash.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from lookup.jit import register_jitables
from lookup.zipai.encoding import HUXI_MASK, key_of, walk

register_jitables()  # the kept design is measured through the runtime's own walk and key


@njit(nogil=True, cache=False)
def _key9(p):
    return key_of(p)


@njit(nogil=True, cache=False)
def huxi_automaton(parts, trans, final, values, out):
    for i in range(parts.shape[0]):
        r = walk(trans, final, parts[i])
        out[i] = (values[r] & HUXI_MASK) if r >= 0 else -1


@njit(nogil=True, cache=False)
def huxi_sorted(parts, keys, values, out):
    for i in range(parts.shape[0]):
        k = _key9(parts[i])
        lo, hi = 0, keys.shape[0]
        while lo < hi:
            mid = (lo + hi) >> 1
            if keys[mid] < k:
                lo = mid + 1
            else:
                hi = mid
        out[i] = (values[lo] & HUXI_MASK) if lo < keys.shape[0] and keys[lo] == k else -1


@njit(nogil=True, cache=False)
def huxi_bucketed(parts, offsets, small_keys, values, out):
    for i in range(parts.shape[0]):
        p = parts[i]
        big = 0
        small = 0
        for t in range(9, -1, -1):
            big = big * 3 + p[t + 10]
            small = small * 3 + p[t]
        lo, hi = np.int64(offsets[big]), np.int64(offsets[big + 1])
        end = hi
        while lo < hi:
            mid = (lo + hi) >> 1
            if small_keys[mid] < small:
                lo = mid + 1
            else:
                hi = mid
        out[i] = (values[lo] & HUXI_MASK) if lo < end and small_keys[lo] == small else -1


@njit(nogil=True, cache=False)
def _shift(size):
    bits = 0
    while (1 << bits) < size:
        bits += 1
    return np.uint64(64 - bits)


@njit(nogil=True, cache=False)
def _slot(key, shift):
    """Fibonacci hashing: the top bits of key * 2^64 / golden ratio."""
    return (key * np.uint64(0x9E3779B97F4A7C15)) >> shift


@njit(nogil=True, cache=False)
def huxi_open(parts, slots, slot_values, out):
    mask = slots.shape[0] - 1
    shift = _shift(slots.shape[0])
    for i in range(parts.shape[0]):
        k = np.uint64(_key9(parts[i]) + 1)
        h = _slot(k, shift)
        out[i] = -1
        while True:
            s = slots[h]
            if s == 0:
                break
            if s == k:
                out[i] = slot_values[h] & HUXI_MASK
                break
            h = (h + np.uint64(1)) & np.uint64(mask)


@njit(cache=False)
def _fill_open(keys, values, slots, slot_values):
    mask = slots.shape[0] - 1
    shift = _shift(slots.shape[0])
    longest = 0
    for i in range(keys.shape[0]):
        k = np.uint64(keys[i] + 1)
        h = _slot(k, shift)
        probes = 1
        while slots[h] != 0:
            h = (h + np.uint64(1)) & np.uint64(mask)
            probes += 1
        slots[h] = k
        slot_values[h] = values[i]
        longest = max(longest, probes)
    return longest


def build(keys: np.ndarray, values: np.ndarray) -> dict:
    """The alternative structures from the sorted base-9 keys and their values (rank order)."""
    sorted_keys = keys.astype(np.uint32)
    small = np.zeros(len(keys), np.int64)  # base-3 keys of the small and of the big cards
    big = np.zeros(len(keys), np.int64)
    for n in range(10):
        digit = (keys // 9 ** (9 - n)) % 9
        small += digit // 3 * 3 ** n
        big += digit % 3 * 3 ** n
    order = np.lexsort((small, big))
    counts = np.bincount(big, minlength=3 ** 10)
    offsets = np.zeros(3 ** 10 + 1, np.int64)
    np.cumsum(counts, out=offsets[1:])
    size = 1
    while size < len(keys) / 0.7:
        size *= 2
    slots = np.zeros(size, np.uint32)
    slot_values = np.zeros(size, np.uint16)
    longest = _fill_open(keys, values, slots, slot_values)
    return {
        "sorted": (sorted_keys, values),
        "bucketed": (offsets.astype(np.uint32), small[order].astype(np.uint16), values[order]),
        "open": (slots, slot_values),
        "open_longest_probe": longest,
        "largest_bucket": int(counts.max()),
    }


def parts_of(keys: np.ndarray) -> np.ndarray:
    """(N, 20) uint8 counts of base-9 keys."""
    parts = np.zeros((len(keys), 20), np.uint8)
    for n in range(10):
        digit = (keys // 9 ** (9 - n)) % 9
        parts[:, n] = digit // 3
        parts[:, n + 10] = digit % 3
    return parts


def nbytes(arrays) -> int:
    return sum(a.nbytes for a in arrays)
