"""Numba kernels of the mahjong batch queries (compiled on first use, cached on disk).

Each kernel walks the rows once, validates each row (copies <= 4, tile count, honors
allowed) and stops at the first bad row, returning ``(error code, row)``; ``(0, -1)`` when
every row was answered. They release the GIL. The per-hand logic is the one of the scalar
queries (:mod:`lookup._mahjong_core`), compiled (and cached on disk, see :mod:`lookup._jit`); the row scan that validates also counts
odd, big (>= 3) and single counts, which rule out seven pairs and thirteen orphans cheaply
before their exact checks run.
"""

import numpy as np
from numba import njit

from ..jit import KERNEL_MODULES, kernel_decorator
from . import hand as core

SOURCES_SHA256 = "55625b2a5d7e9f7f5dc7a7435d1677fef7bdf83fde82901bdf5c2ae790291e20"
"""Fingerprint of the modules compiled into these kernels (see lookup._jit)."""
kernel = kernel_decorator(KERNEL_MODULES["mahjong/kernels.py"], SOURCES_SHA256)

ERR_COPIES, ERR_SIZE, ERR_HONORS = 1, 2, 3

_suit_keys = njit(core.suit_keys)
_standard_hu = njit(core.standard_hu)
_standard_waits = njit(core.standard_waits)
_seven_pairs_hu = njit(core.seven_pairs_hu)
_seven_pairs_waits = njit(core.seven_pairs_waits)
_thirteen_orphans_hu = njit(core.thirteen_orphans_hu)
_thirteen_orphans_waits = njit(core.thirteen_orphans_waits)
_joker_hu = njit(core.joker_hu)
_joker_waits = njit(core.joker_waits)


@kernel
def _scan_row(c, remainder, honors, jokers):
    """(error code, total tiles, kinds with an odd count, kinds with >= 3, kinds with 1).

    The size check counts the jokers with the tiles.
    """
    total = np.uint32(0)  # uint32 accumulators let the loop vectorize
    worst = np.uint8(0)
    odd = np.uint32(0)
    big = np.uint32(0)
    singles = np.uint32(0)
    for t in range(34):
        x = c[t]
        total += np.uint32(x)
        worst = max(worst, x)
        odd += np.uint32(x & np.uint8(1))
        big += np.uint32(x >= np.uint8(3))
        singles += np.uint32(x == np.uint8(1))
    err = 0
    if worst > 4:
        err = ERR_COPIES
    elif (total + jokers) % 3 != remainder or total + jokers > 12 + remainder:
        err = ERR_SIZE
    elif not honors:
        for t in range(27, 34):
            if c[t]:
                err = ERR_HONORS
    return err, np.int64(total), np.int64(odd), np.int64(big), np.int64(singles)


@kernel
def _terminals_only(k0, k1, k2):
    """True when the numbered suits hold no rank 2..8 (their keys' digits 1..7 are 0)."""
    top = 5 ** 8  # weight of rank 9
    return k0 % top < 5 and k1 % top < 5 and k2 % top < 5


@kernel
def hu_batch(counts, suit, honor, seven_pairs, quad_as_two_pairs, thirteen_orphans, honors, out):
    for i in range(counts.shape[0]):
        c = counts[i]
        err, total, odd, big, singles = _scan_row(c, 2, honors, 0)
        if err:
            return err, i
        k0, k1, k2, k3 = _suit_keys(c)
        win = _standard_hu(suit[k0], suit[k1], suit[k2], honor[k3])
        if not win and total == 14:
            if seven_pairs and odd == 0 and (quad_as_two_pairs or big == 0):
                win = _seven_pairs_hu(c, quad_as_two_pairs, 0)
            if not win and thirteen_orphans and singles == 12 and _terminals_only(k0, k1, k2):
                win = _thirteen_orphans_hu(c)
        out[i] = win
    return 0, -1


@kernel
def ting_batch(counts, suit, honor, seven_pairs, quad_as_two_pairs, thirteen_orphans, honors, out):
    for i in range(counts.shape[0]):
        c = counts[i]
        err, total, odd, big, singles = _scan_row(c, 1, honors, 0)
        if err:
            return err, i
        k0, k1, k2, k3 = _suit_keys(c)
        mask = _standard_waits(np.int64(suit[k0]), np.int64(suit[k1]),
                               np.int64(suit[k2]), np.int64(honor[k3]))
        if total == 13:
            if seven_pairs and odd == 1 and (quad_as_two_pairs or big == 0):
                mask |= _seven_pairs_waits(c, quad_as_two_pairs, 0)
            if thirteen_orphans and singles >= 11 and _terminals_only(k0, k1, k2):
                mask |= _thirteen_orphans_waits(c)
        out[i] = mask
    return 0, -1


@kernel
def _open_ranks(c, offset, n_ranks):
    """Mask of the ranks of one suit held fewer than 4 times."""
    mask = 0
    for r in range(n_ranks):
        if c[offset + r] < 4:
            mask |= 1 << r
    return mask


@kernel
def hu_batch_jokers(counts, jokers, suit, honor, seven_pairs, quad_as_two_pairs,
                    thirteen_orphans, honors, out):
    """hu_batch with jokers[i] wildcards beside row i (``suit``/``honor``: joker entries).

    Thirteen orphans counts only for rows without jokers (jokers apply to standard hands
    and seven pairs).
    """
    for i in range(counts.shape[0]):
        c = counts[i]
        j = np.int64(jokers[i])
        err, total, odd, big, singles = _scan_row(c, 2, honors, j)
        if err:
            return err, i
        k0, k1, k2, k3 = _suit_keys(c)
        win = _joker_hu(np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2]),
                        np.int64(honor[k3]), j)
        if not win and seven_pairs and total + j == 14 and odd <= j:
            win = _seven_pairs_hu(c, quad_as_two_pairs, j)
        if not win and thirteen_orphans and j == 0 and total == 14 and singles == 12:
            win = _thirteen_orphans_hu(c)
        out[i] = win
    return 0, -1


@kernel
def ting_batch_jokers(counts, jokers, suit, honor, seven_pairs, quad_as_two_pairs,
                      thirteen_orphans, honors, out):
    """ting_batch with jokers[i] wildcards beside row i (``suit``/``honor``: joker entries)."""
    for i in range(counts.shape[0]):
        c = counts[i]
        j = np.int64(jokers[i])
        err, total, odd, big, singles = _scan_row(c, 1, honors, j)
        if err:
            return err, i
        k0, k1, k2, k3 = _suit_keys(c)
        mask = _joker_waits(np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2]),
                            np.int64(honor[k3]), _open_ranks(c, 0, 9), _open_ranks(c, 9, 9),
                            _open_ranks(c, 18, 9), _open_ranks(c, 27, 7), j)
        if seven_pairs and total + j == 13:
            mask |= _seven_pairs_waits(c, quad_as_two_pairs, j)
        if thirteen_orphans and j == 0 and total == 13 and singles >= 11:
            mask |= _thirteen_orphans_waits(c)
        out[i] = mask
    return 0, -1
