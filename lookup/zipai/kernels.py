"""Numba kernels of the zipai batch queries (compiled on first use, cached on disk).

Each kernel answers the rows in order with the per-hand logic of the scalar queries
(:mod:`lookup._zipai_core`, compiled here; see :mod:`lookup._jit` for the cache) and stops
at the first bad row, returning ``(error code, row)``; ``(0, -1)`` when every row was
answered. They release the GIL.
"""

import numpy as np
from numba import njit

from ..jit import KERNEL_MODULES, kernel_decorator
from . import hand as core

SOURCES_SHA256 = "5302403352fe64227695f3ddd48360255b1f93ca47e997ca60bcbe4ca822ba73"
"""Fingerprint of the modules compiled into these kernels (see lookup._jit)."""
kernel = kernel_decorator(KERNEL_MODULES["zipai/kernels.py"], SOURCES_SHA256)

_hu_counts = njit(core.hu_counts)
_ting_counts = njit(core.ting_counts)


@kernel
def hu_batch(counts, trans, final, values, min_huxi, pair_with_quad, out):
    part = np.zeros(core.N_CARDS, np.int64)
    used = np.zeros(core.N_CARDS, np.int64)
    for i in range(counts.shape[0]):
        r = _hu_counts(trans, final, values, counts[i], part, 0, 0, used,
                       min_huxi, pair_with_quad)
        if r < core.NO_WIN:
            return r, i
        out[i] = r
    return 0, -1


@kernel
def ting_batch(counts, trans, final, values, min_huxi, pair_with_quad, out):
    part = np.zeros(core.N_CARDS, np.int64)
    used = np.zeros(core.N_CARDS, np.int64)
    best = np.zeros(core.N_CARDS, np.int64)
    for i in range(counts.shape[0]):
        code = _ting_counts(trans, final, values, counts[i], part, 0, 0, used,
                            0, 0, min_huxi, pair_with_quad, best)
        if code:
            return code, i
        for t in range(core.N_CARDS):
            out[i, t] = best[t]
    return 0, -1
