"""Tables passed to single-hand kernels by address (:mod:`lookup.addresses`): read back
exactly, kept alive by the address array alone, and refused when they could be misread."""

import gc
import weakref

import numpy as np
import pytest
from numba import njit

from lookup import jit
from lookup.addresses import row_at, table_addresses, table_at, unowned

jit.register_jitables()


@njit
def _read_back(addresses, index, out):
    table = table_at(addresses, index, np.uint32)
    for i in range(table.shape[0]):
        out[i] = table[i]
    return table.shape[0]


def test_each_table_reads_back_whole(rng):
    tables = [rng.integers(0, 2**32, n, dtype=np.uint32) for n in (1, 7, 1000)]
    addresses = table_addresses(tables, np.uint32)
    assert addresses.dtype == np.uint64 and addresses.shape == (2 * len(tables),)
    for index, table in enumerate(tables):
        out = np.zeros(table.shape[0], np.uint32)
        assert _read_back(addresses, index, out) == table.shape[0]
        assert np.array_equal(out, table)


def test_the_address_array_alone_keeps_the_tables_alive():
    table = np.arange(50, dtype=np.uint32) * 3
    expected = table.copy()
    alive = weakref.ref(table)
    addresses = table_addresses([table], np.uint32)
    del table
    gc.collect()
    assert alive() is not None
    out = np.zeros(50, np.uint32)
    _read_back(addresses, 0, out)
    assert np.array_equal(out, expected)
    del addresses
    gc.collect()
    assert alive() is None


@pytest.mark.parametrize("table", [np.zeros(4, np.uint64), np.zeros((2, 2), np.uint32), np.zeros(8, np.uint32)[::2]],
                         ids=["other dtype", "2-D", "strided"])
def test_a_table_the_kernel_would_misread_is_refused(table):
    with pytest.raises(ValueError, match="1-D, C-contiguous uint32"):
        table_addresses([np.zeros(3, np.uint32), table], np.uint32)


def test_the_address_array_is_read_only():
    addresses = table_addresses([np.zeros(3, np.uint32)], np.uint32)
    with pytest.raises(ValueError):
        addresses[0] = 0


@njit
def _rows_back(rows, out):
    for i in range(rows.shape[0]):
        row = row_at(rows, i)
        for j in range(row.shape[0]):
            out[i, j] = row[j]


@pytest.mark.parametrize("dtype", [np.uint8, np.int64, np.uint32])
def test_row_at_reads_each_row_of_a_c_contiguous_array(rng, dtype):
    rows = rng.integers(0, 100, (257, 34)).astype(dtype)
    out = np.zeros_like(rows)
    _rows_back(rows, out)
    assert np.array_equal(out, rows)
    assert np.array_equal(row_at(rows, 5), rows[5])  # as Python: the plain row


def test_row_at_is_refused_for_a_strided_array():
    rows = np.zeros((4, 68), np.uint8)[:, ::2]
    with pytest.raises(Exception, match="row_at"):
        _rows_back(rows, np.zeros((4, 34), np.uint8))


@njit
def _through_unowned(array, add):
    view = unowned(array)
    for i in range(view.shape[0]):
        view[i] += add
    return view.sum(), view.shape == array.shape


@pytest.mark.parametrize("shape", [(7,), (3, 5), (2, 3, 4)])
def test_unowned_is_the_same_data(rng, shape):
    array = rng.integers(0, 100, shape).astype(np.int64)
    before = array.copy()
    total, same_shape = _through_unowned(array, 2)
    assert same_shape and total == before.sum() + 2 * array.size
    assert np.array_equal(array, before + 2)  # written through the view: the caller's array
    assert unowned(array) is array  # as Python: the array itself


def test_unowned_is_refused_for_a_strided_array():
    with pytest.raises(Exception, match="unowned"):
        _through_unowned(np.zeros(8, np.int64)[::2], 1)


@njit
def _sums_through_unowned(arrays):
    views = unowned(arrays)
    return views[0].sum(), views[1].sum()


def test_unowned_takes_a_tuple_of_arrays(rng):
    arrays = (rng.integers(0, 9, 5).astype(np.uint32), rng.integers(0, 9, (2, 3)).astype(np.uint32))
    assert _sums_through_unowned(arrays) == (arrays[0].sum(), arrays[1].sum())
    floats = rng.random(4)  # a tuple of arrays of different types
    assert _sums_through_unowned((arrays[0], floats)) == (arrays[0].sum(), floats.sum())
