"""Numba kernels of the zipai batch queries (compiled on first use, cached on disk).

Each kernel loops over the rows and answers each with the per-hand step of the scalar query
(:func:`lookup.zipai.hand.hu_counts`, :func:`lookup.zipai.waits.ting_counts`, and with 王
:func:`lookup.zipai.wang.hu_wang`, :func:`~lookup.zipai.wang.ting_wang`, compiled in; see
:mod:`lookup.jit` for the cache). They take the tables and rules as the steps do
(:data:`~lookup.zipai.encoding.HuTables`, :data:`~lookup.zipai.encoding.TingTables`,
:data:`lookup.zipai.hand.Rules`; no exposed melds). Status protocol: ``(OK, rows written)``, or
the status of the first bad row and its index (nothing after it is answered). They release
the GIL. Rows are taken with :func:`lookup.addresses.row_at`, and the tables and scratch arrays
handed to the per-hand step (a call of its own) with :func:`lookup.addresses.unowned`, so that
no row does atomic reference counting. The scratch views are taken in the loop
(:func:`scratch_views`), which keeps their array alive through it.
"""

import numpy as np

from .. import jit
from ..addresses import row_at, unowned
from ..jit import kernel_decorator
from . import hand, waits, wang, wang_search
from .encoding import N_CARDS, HuTables, Table, TingTables, ting_best_two
from .hand import NO_MELDS, Rules

FIXED_SCRATCH = N_CARDS
"""Scratch every kernel takes: the exposed melds' copies (20); the ting kernel's path
(waits.PATH_SIZE) or the 王 kernels' work (wang_search.WORK_SIZE) follows. The part's counts are an
array of their own (:func:`part_scratch`)."""


@jit.jitable(inline="ir")
def part_scratch() -> np.ndarray:
    """The part's 20 counts, uint8: an index built from them is known not to be negative, so
    the compiled walks skip the wraparound of a negative index (a count a step briefly puts
    below 0 reads as 255, which the steps' range checks refuse as they would -1)."""
    return np.zeros(N_CARDS, np.uint8)


@jit.jitable(inline="ir")
def scratch_views(part: np.ndarray, scratch: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(part, used, the rest) of a kernel's scratch, as :func:`lookup.addresses.unowned` views;
    taken in the loop, so that ``part`` and ``scratch`` live through it."""
    view = unowned(scratch)
    return unowned(part), view[:FIXED_SCRATCH], view[FIXED_SCRATCH:]


@jit.jitable(inline="ir")
def unowned_tables(tables: HuTables) -> HuTables:
    """``tables`` with its arrays as :func:`lookup.addresses.unowned` views."""
    trans, final, values = tables
    return unowned(trans), final, unowned(values)


kernel = kernel_decorator(__name__)


@kernel
def hu_batch(counts: np.ndarray, tables: HuTables, rules: Rules, out: np.ndarray) -> tuple[int, int]:
    """``out[i]``: best total huxi of row i (no exposed melds, no 王), or NO_WIN."""
    scratch = np.zeros(FIXED_SCRATCH, np.int64)
    part_counts = part_scratch()
    tables = unowned_tables(tables)
    for i in range(counts.shape[0]):
        part, used, _ = scratch_views(part_counts, scratch)
        status, huxi = hand.hu_counts(tables, rules, row_at(counts, i), used, NO_MELDS, part)
        if status != jit.OK:
            return status, i
        out[i] = huxi
    return jit.OK, counts.shape[0]


@kernel
def hu_batch_wang(counts: np.ndarray, wangs: np.ndarray, tables: HuTables, back: Table, rules: Rules,
                  out: np.ndarray) -> tuple[int, int]:
    """``out[i]``: best total huxi of row i holding ``wangs[i]`` 王 (no exposed melds), or NO_WIN;
    ``back`` the group set's reverse automaton."""
    scratch = np.zeros(FIXED_SCRATCH + wang_search.WORK_SIZE, np.int64)
    part_counts = part_scratch()
    tables = unowned_tables(tables)
    back = unowned(back)
    min_huxi = rules[0]
    for i in range(counts.shape[0]):
        part, used, work = scratch_views(part_counts, scratch)
        if wangs[i] == 0:
            status, huxi = hand.hu_counts(tables, rules, row_at(counts, i), used, NO_MELDS, part)
        else:
            status, key = wang.hu_wang(tables, back, rules, row_at(counts, i), used, NO_MELDS, wangs[i], part, work)
            huxi = wang.total_of(key, min_huxi)
        if status != jit.OK:
            return status, i
        out[i] = huxi
    return jit.OK, counts.shape[0]


@kernel
def ting_batch(counts: np.ndarray, tables: HuTables, ting_tables: TingTables, rules: Rules,
               out: np.ndarray) -> tuple[int, int]:
    """``out[i, t]``: best total huxi of row i after drawing card t (no exposed melds), or NO_WIN.

    Rows go two at a time: both parts are walked through the ting automaton in one loop
    (:func:`lookup.zipai.encoding.ting_best_two`), so that the two chains of reads, most of a
    row's time, overlap; a last odd row alone."""
    scratch = np.zeros(FIXED_SCRATCH + waits.PATH_SIZE, np.int64)
    part_counts = part_scratch()
    other_counts = part_scratch()
    tables = unowned_tables(tables)
    back, back_final, ting, ting_final = ting_tables
    back, ting = unowned(back), unowned(ting)
    ting_tables = (back, back_final, ting, ting_final)
    n = counts.shape[0]
    for i in range(0, n - 1, 2):
        part, used, path = scratch_views(part_counts, scratch)
        other = unowned(other_counts)
        c, d = row_at(counts, i), row_at(counts, i + 1)
        c_out, d_out = row_at(out, i), row_at(out, i + 1)
        status, size, huxi, quads = waits.ting_start(c, used, part, c_out)
        if status != jit.OK:
            return status, i
        status, other_size, other_huxi, other_quads = waits.ting_start(d, used, other, d_out)
        if status != jit.OK:
            return status, i + 1
        best, other_best = ting_best_two(ting, ting_final, part, other)
        waits.ting_rest(tables, ting_tables, rules, c, used, NO_MELDS, (best, size, huxi, quads), part, path, c_out)
        other_row = (other_best, other_size, other_huxi, other_quads)
        waits.ting_rest(tables, ting_tables, rules, d, used, NO_MELDS, other_row, other, path, d_out)
    if n % 2:
        part, used, path = scratch_views(part_counts, scratch)
        status, _ = waits.ting_counts(tables, ting_tables, rules, row_at(counts, n - 1), used, NO_MELDS, part, path,
                                      row_at(out, n - 1))
        if status != jit.OK:
            return status, n - 1
    return jit.OK, n


@kernel
def ting_batch_wang(counts: np.ndarray, wangs: np.ndarray, tables: HuTables, back: Table, rules: Rules,
                    out: np.ndarray) -> tuple[int, int]:
    """``out[i, t]``: best total huxi of row i (holding ``wangs[i]`` 王) after drawing card t, and
    ``out[i, WANG]`` after drawing a 王 (no exposed melds), or NO_WIN; ``back`` as in
    :func:`hu_batch_wang`."""
    scratch = np.zeros(FIXED_SCRATCH + wang_search.WORK_SIZE, np.int64)
    part_counts = part_scratch()
    tables = unowned_tables(tables)
    back = unowned(back)
    for i in range(counts.shape[0]):
        part, used, work = scratch_views(part_counts, scratch)
        status, _ = wang.ting_wang(tables, back, rules, row_at(counts, i), used, NO_MELDS, wangs[i], part, work,
                                   row_at(out, i))
        if status != jit.OK:
            return status, i
    return jit.OK, counts.shape[0]
