"""Tables handed to a single-hand kernel by address: one small array instead of one argument
per table.

A compiled call unboxes each array argument it gets (measured about 35 ns apiece here, more
than a plain-rules row step), so a per-call kernel that reads four tables pays for four. The
kernels of the scalar queries take instead :func:`table_addresses` of their tables, one
``uint64`` array of (data address, length) pairs, and rebuild each table inside with
:func:`table_at`. The array holds the tables: they stay mapped while it lives, whatever else
drops them (a :func:`lookup.tables.clear_cache` while a call runs included).

Imported by kernel modules only (it imports Numba).
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence

import numpy as np
from numba import carray, types
from numba.extending import intrinsic

from .jit import jitable


def table_addresses(tables: Sequence[np.ndarray], dtype: type[np.generic]) -> np.ndarray:
    """uint64 ``(2 * len(tables),)``: each table's data address then its length in items, in
    order, for :func:`table_at`, which reads them as ``dtype``. Each table must be 1-D,
    C-contiguous and of that dtype (checked here: the kernel cannot). The result's base (a
    ctypes array) keeps a reference to every table."""
    for table in tables:
        if table.ndim != 1 or not table.flags.c_contiguous or table.dtype != dtype:
            raise ValueError(f"a table passed by address must be 1-D, C-contiguous {np.dtype(dtype)}, "
                             f"got shape {table.shape} {table.dtype}")
    pairs = (ctypes.c_uint64 * (2 * len(tables)))(*[n for t in tables for n in (t.ctypes.data, t.shape[0])])
    pairs.tables = tuple(tables)  # type: ignore[attr-defined]  # ctypes arrays take attributes: this pins them
    addresses = np.ctypeslib.as_array(pairs)
    addresses.flags.writeable = False
    return addresses


@intrinsic
def _pointer(typingctx, address, dtype):
    """A typed data pointer (``dtype``: a NumPy scalar type such as ``np.uint32``) from an
    integer address."""
    pointer_type = types.CPointer(dtype.instance_type)

    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], context.get_value_type(pointer_type))

    return pointer_type(address, dtype), codegen


@jitable(inline=True)
def table_at(addresses: np.ndarray, index: int, dtype: type[np.generic]) -> np.ndarray:
    """Table ``index`` of :func:`table_addresses` as a 1-D array of ``dtype`` (the dtype it was
    built with); inside kernels only."""
    pointer = _pointer(addresses[2 * index], dtype)  # type: ignore[call-arg, var-annotated]  # typed by Numba
    return carray(pointer, addresses[2 * index + 1])
