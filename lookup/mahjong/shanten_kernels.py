"""Numba kernels for shanten and discard advice (compiled on first use, cached on disk).

Loops only: over the rows (:func:`shanten_batch`) or over the discards of one hand
(:func:`discard_advice`); every per-hand step is a jitable of :mod:`.shanten_hand`,
:mod:`.hand` (the row scan) and :mod:`.encoding` (the suit keys), compiled in. Status
protocol of :mod:`lookup.jit`: ``(status, first bad row)`` or ``(OK, rows written)``.
"""

import numpy as np

from ..jit import KERNEL_MODULES, OK, kernel_decorator
from . import shanten_hand as sh
from .encoding import COUNT_BASE, N_HONOR_KINDS, N_SUIT_RANKS, N_TILE_KINDS, suit_keys
from .hand import EITHER, HU, scan_row

SOURCES_SHA256 = "9b3bfb87d173265f288f6f93c6b802b0247d17b6a3ef571e1f6afecd928ad875"
"""Fingerprint of the modules compiled into these kernels (see :mod:`lookup.jit`)."""
kernel = kernel_decorator(KERNEL_MODULES["mahjong/shanten_kernels.py"], SOURCES_SHA256)


@kernel
def shanten_batch(counts, suit, honor, seven_pairs, quad_as_two_pairs, thirteen_orphans, honors, out):
    """out[i] = shanten (rn - 1) of row i (3k+1 or 3k+2 tiles, k <= 4)."""
    for i in range(counts.shape[0]):
        c = counts[i]
        status, total, _, _, _ = scan_row(c, EITHER, honors, 0)
        if status != OK:
            return status, i
        k0, k1, k2, k3 = suit_keys(c)
        e0, e1, e2, e3 = suit[k0], suit[k1], suit[k2], honor[k3]
        rn, rn7, rn13 = sh.forms_rn(sh.standard_costs(e0, e1, e2, e3, honors), e0, e1, e2, e3, total,
                                    seven_pairs, quad_as_two_pairs, thirteen_orphans)
        out[i] = min(rn, min(rn7, rn13)) - 1
    return OK, counts.shape[0]


@kernel
def discard_advice(hand, suit, honor, rule_bits, out):
    """Discard advice of one validated 3k+2 ``hand`` (34 counts); returns ``(OK, rows)``.

    rule_bits: seven_pairs | quad_as_two_pairs << 1 | thirteen_orphans << 2 | honors << 3
    (one argument instead of four keeps the call cheap). out[4 * i: 4 * i + 4] gets row i:
    discard, shanten after it, unseen copies of the tiles that lower that shanten (the whole
    hand counted as seen), the mask of those tiles. Rows come sorted best first (lower
    shanten, more copies, lower tile).
    """
    seven_pairs = rule_bits & 1 != 0
    quad_as_two_pairs = rule_bits & 2 != 0
    thirteen_orphans = rule_bits & 4 != 0
    honors = rule_bits & 8 != 0
    c = hand.copy()
    total = scan_row(c, HU, True, 0)[1] - 1  # tiles after the discard
    k = total // 3
    k0, k1, k2, k3 = suit_keys(c)
    keys = np.array([k0, k1, k2, k3])
    # drops[s, r]: the classes of suit s whose cost falls by one when rank r is added; a
    # discard changes one suit, so the other suits' rows are those of the whole hand,
    # computed when first needed (known[s])
    whole = np.empty((4, N_SUIT_RANKS), np.int64)
    known = np.zeros(4, np.bool_)
    drops = np.empty((4, N_SUIT_RANKS), np.int64)
    n = 0
    for d in range(N_TILE_KINDS):
        if hand[d] == 0:
            continue
        ds = d // N_SUIT_RANKS
        step = COUNT_BASE ** (d - N_SUIT_RANKS * ds)
        c[d] -= 1
        keys[ds] -= step
        e0, e1, e2, e3 = suit[keys[0]], suit[keys[1]], suit[keys[2]], honor[keys[3]]
        costs = sh.standard_costs(e0, e1, e2, e3, honors)
        rn_std, rn7, rn13 = sh.forms_rn(costs, e0, e1, e2, e3, total, seven_pairs, quad_as_two_pairs, thirteen_orphans)
        rn = min(rn_std, min(rn7, rn13))
        mask = 0
        if rn_std == rn:
            usable = sh.usable_classes(costs, k, rn)
            for s in range(4):
                if not usable[s]:
                    continue
                table = suit if s < 3 else honor
                if s == ds:
                    sh.drop_masks(c, s, keys[s], table, drops)
                else:
                    if not known[s]:
                        sh.drop_masks(hand, s, keys[s], table, whole)
                        known[s] = True
                    drops[s] = whole[s]
                for r in range(N_SUIT_RANKS if s < 3 else N_HONOR_KINDS):
                    if drops[s, r] & usable[s]:
                        mask |= 1 << (N_SUIT_RANKS * s + r)
        if rn7 == rn:
            mask |= sh.seven_pairs_lowering(c, quad_as_two_pairs, honors)
        if rn13 == rn:
            mask |= sh.orphans_lowering(c)
        out[4 * n] = d
        out[4 * n + 1] = rn - 1
        out[4 * n + 2] = sh.unseen_copies(hand, mask)
        out[4 * n + 3] = mask
        n += 1
        c[d] += 1
        keys[ds] += step
    sh.sort_advice(out, n)
    return OK, n
