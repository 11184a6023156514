"""Validation of the numpy arrays the batch queries take (shared by every game)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set

import numpy as np
import numpy.typing as npt

from .errors import InvalidArgumentError, InvalidHandError, quoted


def as_list(values: object, noun: str, max_size: int | None = None) -> list:
    """The items of a sequence (or iterator, or 1-D array) as a list, for a formatter or a hand.

    Text, a mapping or a set (no order), a 0-d array and a non-iterable raise
    :class:`InvalidHandError` naming ``noun``; so does a sized value longer than ``max_size``,
    before any item is read.
    """
    if isinstance(values, (str, Mapping, Set)) or not isinstance(values, Iterable) \
            or isinstance(values, np.ndarray) and values.ndim != 1:
        raise InvalidHandError(f"{noun} must be a sequence (or 1-D array), not {type(values).__name__}: "
                               f"{quoted(values)}")
    if max_size is not None and hasattr(values, "__len__") and len(values) > max_size:  # type: ignore[arg-type]
        raise InvalidHandError(f"too many {noun}: at most {max_size}, got {len(values):,}")  # type: ignore[arg-type]
    return list(values)


def as_array(values: object, noun: str) -> np.ndarray:
    """``np.asarray(values)``; a ragged nesting or anything numpy cannot make an array of
    raises :class:`InvalidHandError` naming ``noun`` instead of numpy's ValueError/TypeError."""
    try:
        return np.asarray(values)
    except (ValueError, TypeError, OverflowError) as exc:
        first_line = str(exc).split("\n")[0]
        raise InvalidHandError(f"{noun} is not an array (ragged rows?): {first_line[:120]}") from None


def uint8_rows(values, width: int, noun: str, high: int, out_of_range) -> np.ndarray:
    """A batch as a C-contiguous uint8 (N, width) array.

    ``values`` must be a 2-D integer array-like of ``width`` columns (uint8 is used as is,
    other integer dtypes are converted) whose entries lie in 0..high; otherwise an
    :class:`InvalidHandError` names the shape or dtype, and ``out_of_range(row, value)``
    builds the error for the first row holding a value outside 0..high.
    """
    array = as_array(values, noun)
    if array.ndim != 2 or array.shape[1] != width:
        raise InvalidHandError(f"{noun} must have shape (N, {width}), got {array.shape}")
    if array.dtype != np.uint8:
        if not np.issubdtype(array.dtype, np.integer):
            raise InvalidHandError(f"{noun} must be an integer array (uint8), got dtype {array.dtype}")
        if array.size:
            bad = (array < 0) | (array > high)
            if bad.any():
                row = int(np.argmax(bad.any(axis=1)))
                raise out_of_range(row, int(array[row][bad[row]][0]))
    return np.ascontiguousarray(array, dtype=np.uint8)


OUT_PARAM = "out"
"""The keyword of every batch query that takes the array to write its answers into
(:func:`answer_array`); :mod:`lookup.parallel` passes each thread its rows of one, while
service routes and bulk jobs take none (their answers are arrays of their own)."""


def answer_array(out: np.ndarray | None, shape: tuple[int, ...], dtype: npt.DTypeLike) -> np.ndarray:
    """The array a batch query writes its answers into: a new ``np.empty(shape, dtype)``, or
    ``out`` (the caller's, e.g. a slice of one large array that several threads fill).

    ``out`` must be a writable, aligned, C-contiguous ndarray of exactly ``shape`` and ``dtype``
    (the compiled kernels take no other layout, and a cast would lose the point of writing in
    place); otherwise :class:`InvalidArgumentError` says what differs. When a query refuses a
    row, ``out`` may already hold some answers.
    """
    if out is None:
        return np.empty(shape, dtype)
    if not isinstance(out, np.ndarray):
        raise InvalidArgumentError(f"out must be a numpy array, not {type(out).__name__}")
    if out.shape != shape or out.dtype != np.dtype(dtype):
        raise InvalidArgumentError(f"out must have shape {shape} and dtype {np.dtype(dtype)}, "
                                   f"got shape {out.shape} dtype {out.dtype}")
    flags = out.flags
    if not (flags.writeable and flags.aligned and flags.c_contiguous):
        raise InvalidArgumentError("out must be a writable, aligned, C-contiguous array "
                                   f"(writeable={flags.writeable}, aligned={flags.aligned}, "
                                   f"c_contiguous={flags.c_contiguous})")
    return out
