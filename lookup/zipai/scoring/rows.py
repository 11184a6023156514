"""score_batch's arguments checked in numpy and packed as its kernel takes them
(:mod:`.kernels`): the exposed melds, the per-row columns and the counts. A bad meld or
column raises the error :func:`lookup.zipai.score_batch` names (its first bad row); the rows'
own checks are the kernel's.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ...errors import InvalidArgumentError, InvalidHandError
from ..encoding import MAX_COPIES, N_CARDS, N_NUMBERS
from ..melds import Meld, parse_meld
from ..units import N_GROUPS, N_PLAIN_GROUPS, UNIT_CARDS, UNIT_HUXI
from ..wang import MAX_WANG, WANG
from .situation import FLAGS, NO_CARD
from .values import CHI, CHI_YIWUSHI, COLUMNS

MAX_EXPOSED = 7
"""Exposed meld rows per hand in :func:`score_batch`."""
MELD_KINDS = {1: "peng", 2: "wei", 3: "pao", 4: "ti", 5: "chi"}
"""The meld kind codes of :func:`score_batch`'s ``exposed`` rows (0: no meld)."""


def column(name: str, value: npt.ArrayLike, n: int, lo: int, hi: int) -> np.ndarray:
    """A scalar or an (n,) integer array of ``name``, each within lo..hi, as int64 (n,)."""
    a = np.asarray(value)
    if a.dtype == np.bool_:
        a = a.astype(np.int64)
    if not np.issubdtype(a.dtype, np.integer) or a.ndim > 1 or a.ndim == 1 and a.shape != (n,):
        raise InvalidArgumentError(f"{name} must be an integer or an integer array of shape ({n},), "
                                   f"got shape {a.shape} dtype {a.dtype}")
    a = np.broadcast_to(a.astype(np.int64), (n,))
    bad = np.flatnonzero((a < lo) | (a > hi))
    if bad.size:
        raise InvalidArgumentError(f"row {bad[0]}: {name} must be {lo}..{hi}, got {a[bad[0]]}")
    return a


def meld_rows(exposed: npt.ArrayLike | None, n: int) -> list[list[Meld]]:
    """The exposed melds of each row from (n, 7, 4) int8 rows of (kind, card, card, card)."""
    if exposed is None:
        return [[] for _ in range(n)]
    a = np.asarray(exposed)
    if a.shape != (n, MAX_EXPOSED, 4) or not np.issubdtype(a.dtype, np.integer):
        raise InvalidArgumentError(f"exposed must be an integer array of shape ({n}, {MAX_EXPOSED}, 4), "
                                   f"got shape {a.shape} dtype {a.dtype}")
    rows = []
    for i, row in enumerate(a.tolist()):
        melds = []
        for kind, *cards in row:
            if kind == 0:
                continue
            if kind not in MELD_KINDS:
                raise InvalidArgumentError(f"row {i}: meld kind codes are 0..5, got {kind}")
            try:
                melds.append(parse_meld((MELD_KINDS[kind], cards if kind == 5 else cards[0])))
            except InvalidHandError as e:
                raise type(e)(f"row {i}: {e}") from None
        rows.append(melds)
    return rows


_SET_SIZE = np.array([0, 3, 3, 4, 4, 0, 0], np.int64)
"""Cards of each meld kind code's set (0 for none and 吃)."""
_SET_HUXI = np.array([[0, 0], [1, 3], [3, 6], [6, 9], [9, 12], [0, 0]], np.int64)
"""Huxi of each meld kind code's set, (small, big)."""


def _chi_units() -> np.ndarray:
    """_CHI_UNIT[400 a + 20 b + c]: the group of the sorted cards a <= b <= c, or -1."""
    table = np.full(N_CARDS ** 3, -1, np.int64)
    for u in range(N_GROUPS):
        a, b, c = UNIT_CARDS[u]
        table[(a * N_CARDS + b) * N_CARDS + c] = u
    return table


_CHI_UNIT = _chi_units()
_UNIT_HUXI = np.frombuffer(UNIT_HUXI, np.uint8).astype(np.int64)


def meld_arrays(exposed: npt.ArrayLike | None, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The exposed melds as the kernel takes them: int8 (n, 21), per meld its kind code
    (:data:`.kernels.CHI_YIWUSHI` for an eaten 一五十), then per meld a set's card (-1 for 吃),
    then per meld its huxi; and uint8 (n, 20) copies per card. A bad meld raises
    :func:`meld_rows`'s error (the first bad row)."""
    if exposed is None:
        return np.zeros((n, 3 * MAX_EXPOSED), np.int8), np.zeros((n, N_CARDS), np.uint8)
    a = np.asarray(exposed)
    if a.shape != (n, MAX_EXPOSED, 4) or not np.issubdtype(a.dtype, np.integer):
        meld_rows(a, n)
    a = a.astype(np.int64)
    kind = a[:, :, 0]
    card = a[:, :, 1:]
    in_deck = (card >= 0) & (card < N_CARDS)
    sets = (kind >= 1) & (kind < CHI)
    chi = kind == CHI
    ordered = np.sort(np.where(in_deck, card, 0), axis=2)
    unit = _CHI_UNIT[(ordered[:, :, 0] * N_CARDS + ordered[:, :, 1]) * N_CARDS + ordered[:, :, 2]]
    bad = (kind < 0) | (kind > CHI) | sets & ~in_deck[:, :, 0] | chi & (~in_deck.all(axis=2) | (unit < 0))
    if bad.any():
        meld_rows(a, n)  # raises the error of the first bad meld
        raise AssertionError("a meld the batch checks refuse was parsed")
    first = np.where(sets, card[:, :, 0], 0)
    huxi = np.where(sets, _SET_HUXI[np.where(sets, kind, 0), first // N_NUMBERS],
                    np.where(chi, _UNIT_HUXI[np.maximum(unit, 0)], 0))
    used = np.zeros((n, N_CARDS), np.int64)
    row = np.broadcast_to(np.arange(n)[:, None], kind.shape)
    np.add.at(used, (row[sets], first[sets]), _SET_SIZE[kind[sets]])
    for j in range(3):
        np.add.at(used, (row[chi], card[:, :, j][chi]), 1)
    codes = np.where(chi & (unit >= N_PLAIN_GROUPS), CHI_YIWUSHI, kind)
    melds = np.empty((n, 3 * MAX_EXPOSED), np.int8)
    melds[:, :MAX_EXPOSED] = codes
    melds[:, MAX_EXPOSED:2 * MAX_EXPOSED] = np.where(sets, first, -1)
    melds[:, 2 * MAX_EXPOSED:] = huxi
    return melds, used.astype(np.uint8)


_BOUNDS = ((NO_CARD, WANG), (0, MAX_WANG), (NO_CARD, WANG), (NO_CARD, 10 ** 6), (0, 10 ** 6)) + ((0, 1),) * len(FLAGS)
"""The values each of :data:`COLUMNS` takes."""
_SCALARS = (bool, int, np.bool_, np.integer)


def batch_columns(values: tuple[npt.ArrayLike, ...], n: int) -> np.ndarray:
    """The per-row arguments (in :data:`COLUMNS` order) checked as :func:`_column` checks them,
    into an int64 (n, len(COLUMNS)) array, or (1, len(COLUMNS)) when each is one value."""
    scalars = []
    arrays = {}
    for k, (name, value, (lo, hi)) in enumerate(zip(COLUMNS, values, _BOUNDS)):
        if isinstance(value, _SCALARS):  # one value for every row
            v = int(value)
            if n and not lo <= v <= hi:
                raise InvalidArgumentError(f"row 0: {name} must be {lo}..{hi}, got {v}")
            scalars.append(v)
        else:
            arrays[k] = column(name, value, n, lo, hi)
            scalars.append(0)
    out = np.array([scalars], np.int64)
    if arrays and n != 1:
        out = np.repeat(out, n, axis=0)
    for k, a in arrays.items():
        out[:, k] = a
    return out


def hand_rows(rows: np.ndarray) -> np.ndarray:
    """(N, 20) counts as C-contiguous uint8; a count outside 0..255 as 255 (the kernel refuses it)."""
    if rows.dtype == np.uint8:
        return np.ascontiguousarray(rows)
    bad = (rows < 0) | (rows > MAX_COPIES)
    out = np.ascontiguousarray(rows.astype(np.uint8))
    out[bad] = 255
    return out
