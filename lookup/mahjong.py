"""Mahjong queries answered from the per-suit tables (SPEC §2).

A *hand* is text in any notation of :mod:`lookup.tiles`, a sequence of 34 counts, or a
sequence of tile indices. Batch forms take a ``(N, 34)`` integer array of counts.

Hu and ting of a standard hand cost one table look-up per suit: the four suit vectors'
entries are combined (:mod:`lookup._mahjong_core`); seven pairs and thirteen orphans are
checked by their rules. Ting never lists a kind the hand already holds 4 of.
"""

from __future__ import annotations

import operator

import numpy as np

from . import _mahjong_core as core
from . import tables
from .encoding import CLASS_PAIR, MAX_HAND_TILES, N_TILE_KINDS
from .errors import InvalidHandError
from .rules import PRESETS, RuleSet, get_rules
from .tiles import hand_counts, tile_name

__all__ = ["is_hu", "ting", "is_hu_batch", "ting_batch", "RuleSet"]

DATASETS = ("suit/hu_ting", "honor/hu_ting")

_entries = None  # (suit, honor) hu/ting entries: numpy arrays for batch, memoryviews for scalars


def _hu_ting_tables():
    global _entries
    if _entries is None:
        t = tables.load("mahjong", DATASETS)
        suit, honor = t["suit/hu_ting"], t["honor/hu_ting"]
        _entries = (suit, honor, memoryview(suit), memoryview(honor))
    return _entries


_BASE5_DIGITS = bytes.maketrans(b"\0\1\2\3\4", b"01234")
"""Maps each count byte 0..4 to its base-5 digit character."""


def _entries_of(hand) -> tuple:
    """(counts, the four suit entries) of a hand whose counts are valid (size not checked).

    The base-5 keys are parsed by ``int(..., 5)`` from the counts' digit characters, which
    costs less than arithmetic in Python. A list of 34 counts takes a short path; a count
    over 4 then fails the parse and :func:`hand_counts` raises the precise error.
    """
    if hand.__class__ is list and len(hand) == N_TILE_KINDS:
        try:
            counts = bytes(hand)
            d = counts.translate(_BASE5_DIGITS)
            _, _, suit, honor = _entries or _hu_ting_tables()
            return (counts, suit[int(d[8::-1], 5)], suit[int(d[17:8:-1], 5)],
                    suit[int(d[26:17:-1], 5)], honor[int(d[33:26:-1], 5)])
        except (TypeError, ValueError):
            pass  # hand_counts below names the problem
    counts = hand_counts(hand)
    d = counts.translate(_BASE5_DIGITS)
    _, _, suit, honor = _entries or _hu_ting_tables()
    return (counts, suit[int(d[8::-1], 5)], suit[int(d[17:8:-1], 5)],
            suit[int(d[26:17:-1], 5)], honor[int(d[33:26:-1], 5)])


def _check_size(counts: bytes, n: int, rules: RuleSet, remainder: int, query: str) -> None:
    if n % 3 != remainder or n > MAX_HAND_TILES - 2 + remainder:
        sizes = ", ".join(str(3 * k + remainder) for k in range(5))
        raise InvalidHandError(f"{query} needs a hand of {sizes} tiles, got {n}")
    if not rules.honors and counts[27:].strip(b"\0"):
        tile = next(t for t in range(27, N_TILE_KINDS) if counts[t])
        raise InvalidHandError(f"rule set {rules.name!r} has no honor tiles, hand holds {tile_name(tile)}")


_orphan_counts = operator.itemgetter(*core.ORPHANS)


def _rules(rules) -> RuleSet:
    preset = PRESETS.get(rules) if rules.__class__ is str else None
    return preset or get_rules(rules)


def is_hu(hand, rules="standard") -> bool:
    """Whether a 3k+2 hand (k = 0..4) is a winning hand under ``rules``."""
    rules = _rules(rules)
    counts, e0, e1, e2, e3 = _entries_of(hand)
    n, classes = core.size_and_class(e0, e1, e2, e3)
    if n % 3 != 2 or n > MAX_HAND_TILES or not rules.honors:
        _check_size(counts, n, rules, 2, "hu")
    if classes == CLASS_PAIR:
        return True
    if n != MAX_HAND_TILES:
        return False
    # 14 tiles: the special forms read off the count histogram (bytes.count runs at C speed)
    if rules.seven_pairs and not counts.count(1) and not counts.count(3):
        if rules.quad_as_two_pairs or counts.count(2) == 7:  # all even: 7 pairs of some kind
            return True
    return bool(rules.thirteen_orphans and counts.count(1) == 12 and 0 not in _orphan_counts(counts))


def ting_mask(hand, rules="standard") -> int:
    """Waits of a 3k+1 hand as a bit mask over the 34 tile indices (bit t: tile t wins)."""
    rules = _rules(rules)
    counts, e0, e1, e2, e3 = _entries_of(hand)
    n = core.size_and_class(e0, e1, e2, e3)[0]
    if n % 3 != 1 or n > MAX_HAND_TILES - 1 or not rules.honors:
        _check_size(counts, n, rules, 1, "ting")
    mask = core.standard_waits(e0, e1, e2, e3)
    if n == MAX_HAND_TILES - 1:
        if rules.seven_pairs and counts.count(1) + counts.count(3) == 1:
            mask |= core.seven_pairs_waits(counts, rules.quad_as_two_pairs)
        if rules.thirteen_orphans and counts.count(1) >= 11:
            mask |= core.thirteen_orphans_waits(counts)
    return mask


def ting(hand, rules="standard") -> list[int]:
    """Waits of a 3k+1 hand (k = 0..4): sorted tile indices t such that hand + t wins."""
    mask = ting_mask(hand, rules)
    return [t for t in range(N_TILE_KINDS) if mask >> t & 1]


def batch_counts(counts) -> np.ndarray:
    """Validate the shape and dtype of a batch of hands; returns a C-contiguous uint8 (N, 34) array."""
    array = np.asarray(counts)
    if array.ndim != 2 or array.shape[1] != N_TILE_KINDS:
        raise InvalidHandError(f"counts must have shape (N, 34), got {array.shape}")
    if array.dtype != np.uint8:
        if not np.issubdtype(array.dtype, np.integer):
            raise InvalidHandError(f"counts must be an integer array (uint8), got dtype {array.dtype}")
        if array.size and (array.min() < 0 or array.max() > 255):
            bad = int(np.argmax((array < 0).any(axis=1) | (array > 255).any(axis=1)))
            raise InvalidHandError(f"row {bad}: tile counts must be 0..4")
    return np.ascontiguousarray(array, dtype=np.uint8)


def _raise_batch_error(code: int, row: int, counts: np.ndarray, rules: RuleSet, remainder: int) -> None:
    from ._mahjong_batch import ERR_COPIES, ERR_HONORS, ERR_SIZE

    if code == ERR_COPIES:
        tile = int(np.argmax(counts[row]))
        raise InvalidHandError(f"row {row}: holds {counts[row, tile]} copies of {tile_name(tile)}; "
                               "a tile has 4 copies")
    if code == ERR_SIZE:
        sizes = ", ".join(str(3 * k + remainder) for k in range(5))
        raise InvalidHandError(f"row {row}: needs {sizes} tiles, got {int(counts[row].sum())}")
    if code == ERR_HONORS:
        raise InvalidHandError(f"row {row}: rule set {rules.name!r} has no honor tiles")
    raise AssertionError(f"unknown batch error code {code}")


def _rule_flags(rules: RuleSet) -> tuple:
    return (rules.seven_pairs, rules.quad_as_two_pairs, rules.thirteen_orphans, rules.honors)


def is_hu_batch(counts, rules="standard") -> np.ndarray:
    """``is_hu`` of each row of an ``(N, 34)`` count array; bool array of shape (N,).

    Every row is validated before any result is returned.
    """
    from ._mahjong_batch import hu_batch

    rules = get_rules(rules)
    counts = batch_counts(counts)
    suit, honor, _, _ = _hu_ting_tables()
    out = np.empty(counts.shape[0], np.bool_)
    code, row = hu_batch(counts, suit, honor, *_rule_flags(rules), out)
    if code:
        _raise_batch_error(code, row, counts, rules, 2)
    return out


def ting_batch(counts, rules="standard") -> np.ndarray:
    """``ting`` of each row of an ``(N, 34)`` count array as uint64 masks (bit t: tile t waits)."""
    from ._mahjong_batch import ting_batch as kernel

    rules = get_rules(rules)
    counts = batch_counts(counts)
    suit, honor, _, _ = _hu_ting_tables()
    out = np.empty(counts.shape[0], np.uint64)
    code, row = kernel(counts, suit, honor, *_rule_flags(rules), out)
    if code:
        _raise_batch_error(code, row, counts, rules, 1)
    return out


def mask_to_tiles(mask: int) -> list[int]:
    """Tile indices of the set bits of a 34-bit wait mask."""
    mask = int(mask)
    return [t for t in range(N_TILE_KINDS) if mask >> t & 1]
