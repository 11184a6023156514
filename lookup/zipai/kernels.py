"""Numba kernels of the zipai batch queries (compiled on first use, cached on disk).

Each kernel loops over the rows and answers each with the per-hand step of the scalar query
(:func:`lookup.zipai.hand.hu_counts`, :func:`~lookup.zipai.hand.ting_counts`, and with 王
:func:`lookup.zipai.wang.hu_wang`, :func:`~lookup.zipai.wang.ting_wang`, compiled in; see
:mod:`lookup.jit` for the cache). Status protocol: ``(OK, rows written)``, or the status of
the first bad row and its index (nothing after it is answered). They release the GIL. Rows
are taken with :func:`lookup.addresses.row_at`, which does no reference counting per row.
"""

import numpy as np

from .. import jit
from ..addresses import row_at
from ..jit import KERNEL_MODULES, kernel_decorator
from . import hand, wang
from .encoding import N_CARDS

SOURCES_SHA256 = "fc21d9f5edd3e3ee7e6f163aea9fc4bfe136268c62402b96db5ec07fac3e7b64"
"""Fingerprint of the modules compiled into these kernels (see lookup.jit)."""
kernel = kernel_decorator(KERNEL_MODULES["zipai/kernels.py"], SOURCES_SHA256)


@kernel
def hu_batch(counts: np.ndarray, trans: np.ndarray, final: int, values: np.ndarray, min_huxi: int,
             pair_with_quad: bool, out: np.ndarray) -> tuple[int, int]:
    """``out[i]``: best total huxi of row i (no exposed melds, no 王), or NO_WIN."""
    part = np.zeros(N_CARDS, np.int64)
    used = np.zeros(N_CARDS, np.int64)
    for i in range(counts.shape[0]):
        status, huxi = hand.hu_counts(trans, final, values, row_at(counts, i), part, 0, 0, used, min_huxi,
                                      pair_with_quad)
        if status != jit.OK:
            return status, i
        out[i] = huxi
    return jit.OK, counts.shape[0]


@kernel
def hu_batch_wang(counts: np.ndarray, wangs: np.ndarray, trans: np.ndarray, final: int, values: np.ndarray,
                  min_huxi: int, pair_with_quad: bool, out: np.ndarray) -> tuple[int, int]:
    """``out[i]``: best total huxi of row i holding ``wangs[i]`` 王 (no exposed melds), or NO_WIN."""
    part = np.zeros(N_CARDS, np.int64)
    used = np.zeros(N_CARDS, np.int64)
    work = np.zeros(wang.WORK_SIZE, np.int64)
    for i in range(counts.shape[0]):
        if wangs[i] == 0:
            status, huxi = hand.hu_counts(trans, final, values, row_at(counts, i), part, 0, 0, used, min_huxi,
                                          pair_with_quad)
        else:
            status, key = wang.hu_wang(trans, final, values, row_at(counts, i), part, 0, 0, used, min_huxi,
                                       pair_with_quad, wangs[i], work)
            huxi = wang.total_of(key, min_huxi)
        if status != jit.OK:
            return status, i
        out[i] = huxi
    return jit.OK, counts.shape[0]


@kernel
def ting_batch(counts: np.ndarray, trans: np.ndarray, final: int, values: np.ndarray, back: np.ndarray,
               back_final: int, min_huxi: int, pair_with_quad: bool, limit: int, out: np.ndarray) -> tuple[int, int]:
    """``out[i, t]``: best total huxi of row i after drawing card t (no exposed melds), or NO_WIN."""
    part = np.zeros(N_CARDS, np.int64)
    path = np.zeros(hand.PATH_SIZE, np.int64)
    used = np.zeros(N_CARDS, np.int64)
    for i in range(counts.shape[0]):
        status, _ = hand.ting_counts(trans, final, values, back, back_final, row_at(counts, i), part, path, 0, 0,
                                     used, 0, 0, min_huxi, pair_with_quad, limit, row_at(out, i))
        if status != jit.OK:
            return status, i
    return jit.OK, counts.shape[0]


@kernel
def ting_batch_wang(counts: np.ndarray, wangs: np.ndarray, trans: np.ndarray, final: int, values: np.ndarray,
                    min_huxi: int, pair_with_quad: bool, limit: int, out: np.ndarray) -> tuple[int, int]:
    """``out[i, t]``: best total huxi of row i (holding ``wangs[i]`` 王) after drawing card t, and
    ``out[i, WANG]`` after drawing a 王 (no exposed melds), or NO_WIN."""
    part = np.zeros(N_CARDS, np.int64)
    used = np.zeros(N_CARDS, np.int64)
    work = np.zeros(wang.WORK_SIZE, np.int64)
    for i in range(counts.shape[0]):
        status, _ = wang.ting_wang(trans, final, values, row_at(counts, i), part, 0, 0, used, 0, 0, min_huxi,
                                   pair_with_quad, limit, wangs[i], work, row_at(out, i))
        if status != jit.OK:
            return status, i
    return jit.OK, counts.shape[0]
