"""Tables handed to a single-hand kernel by address: one small array instead of one argument
per table.

A compiled call unboxes each array argument it gets (each costs more than a plain-rules row
step), so a per-call kernel that reads four tables pays for four. The
kernels of the scalar queries take instead :func:`table_addresses` of their tables, one
``uint64`` array of (data address, length) pairs, and rebuild each table inside with
:func:`table_at`. The array holds the tables: they stay mapped while it lives, whatever else
drops them (a :func:`lookup.tables.clear_cache` while a call runs included).

The batch kernels read their rows by address too (:func:`row_at`): a row taken as
``rows[i]`` is a view that holds a reference to its array, and taking and dropping that
reference is an atomic read-modify-write per row, a full memory fence on x86 that stalls the
row's table reads (it can cost more than the row's table work).

The same holds for the tables and scratch arrays a batch kernel hands to a per-row step that
Numba compiles as a call of its own (zipai's ``hu_counts`` / ``ting_counts``): each such
call takes and drops a reference to every array it gets, atomically. :func:`unowned` gives
the kernel views that hold none, so those calls count nothing.

Imported by kernel modules only (it imports Numba).
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import carray, types
from numba.extending import intrinsic, overload
from numba.np.numpy_support import as_dtype

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


@jitable(inline="ir")
def table_at(addresses: np.ndarray, index: int, dtype: type[np.generic]) -> np.ndarray:
    """Table ``index`` of :func:`table_addresses` as a 1-D array of ``dtype`` (the dtype it was
    built with); inside kernels only."""
    pointer = _pointer(addresses[2 * index], dtype)  # type: ignore[call-arg, var-annotated]  # typed by Numba
    return carray(pointer, addresses[2 * index + 1])


def row_at(rows: np.ndarray, i: int) -> np.ndarray:
    """Row ``i`` of a C-contiguous 2-D array (``rows[i]``; ``i`` in range, unchecked).

    Compiled, a view that holds no reference to ``rows``, so that a kernel's loop over the
    rows does no reference counting: valid while ``rows`` is, which a kernel's argument is for
    the whole call. Run as Python (a kernel's ``py_func``), the plain ``rows[i]``.
    """
    return rows[i]


@overload(row_at, inline="always")
def _row_at(rows, i):  # Numba's typing hook: the compiled row_at for these types
    if not (isinstance(rows, types.Array) and rows.ndim == 2 and rows.layout == "C"):
        return None  # any other array: no compiled row_at (a typing error in the kernel)
    scalar = as_dtype(rows.dtype).type

    def compiled(rows, i):
        pointer = _pointer(rows.ctypes.data + i * rows.strides[0], scalar)  # type: ignore[call-arg, var-annotated]  # typed by Numba
        return carray(pointer, rows.shape[1])

    return compiled


def unowned(array: Any) -> Any:
    """A C-contiguous array of any shape as the same data, for a kernel's loop (``array``
    itself when run as Python); a tuple of them, each so.

    Compiled, a view that holds no reference to ``array``: passing it to a step compiled as a
    call of its own costs no atomic reference count. Valid while ``array`` is: a kernel's
    argument is for the whole call; an array the kernel allocates must stay in use past the
    loop (take the view inside the loop), or Numba frees it after its last use.
    """
    return array


@overload(unowned, inline="always")
def _unowned(array):  # Numba's typing hook, as for row_at
    if isinstance(array, (types.UniTuple, types.Tuple)) and \
            all(isinstance(a, types.Array) and a.layout == "C" for a in array.types):
        # a tuple's length is its type's: the function for it is written out per length
        items = "".join(f"unowned(array[{i}]), " for i in range(len(array.types)))
        scope: dict[str, Any] = {"unowned": unowned}
        exec(f"def compiled(array):\n    return ({items})\n", scope)
        return scope["compiled"]
    if not (isinstance(array, types.Array) and array.layout == "C"):
        return None
    scalar = as_dtype(array.dtype).type

    def compiled(array):
        pointer = _pointer(array.ctypes.data, scalar)  # type: ignore[call-arg, var-annotated]  # typed by Numba
        return carray(pointer, array.shape)

    return compiled
