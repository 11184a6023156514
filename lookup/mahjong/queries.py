"""Hu and ting, one hand or a batch, answered from the per-suit tables.

Hu and ting of a standard hand cost one table look-up per suit: the four suit vectors'
entries are combined (:mod:`.forms.standard`); every other form and limit of the rules is
checked by :mod:`.wins` and the form modules (:mod:`.forms`). Ting never lists a
kind the hand already holds 4 of, nor a tile out of the game. ``jokers`` wildcards (0..8,
each any tile, a fifth copy included) apply to every form. A hand is any
:data:`~.tiles.Hand`; batch forms take an ``(N, 34)`` integer array of counts and run the
kernels of :mod:`.kernels`.

The tables' entries live in :data:`HU_TING` and :data:`JOKERS` (views of the one table
cache, :mod:`lookup.tables`): numpy arrays for the kernels, memoryviews for the scalar
queries (indexing one gives a Python int, which they combine fastest).
"""

from __future__ import annotations

import operator
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from .. import jit, tables
from ..arrays import answer_array
from .encoding import (
    CLASS_PAIR,
    ENTRY_DTYPE,
    KIND_HONOR,
    KIND_HONOR_258,
    KIND_SUIT,
    KIND_SUIT_258,
    MAX_HAND_TILES,
    ORPHANS,
    SUIT_KINDS,
)
from .forms.limits import pair_258_waits, pair_258_win
from .forms.standard import joker_hu, size_and_class, suit_waits, suit_win
from .inputs import (
    HU_SIZES,
    SingleHandKernel,
    SingleHandQuery,
    batch_counts,
    batch_error,
    batch_jokers,
    check_hand,
    check_jokers,
    counts_and_keys,
    resolve_rules,
    single_hand_kernel,
    single_hand_query,
    sizes_text,
    special_counts,
)
from .row import HU, ONE_SINGLES_BIT, TING
from .rules import RuleSet
from .tiles import Hand, mask_tiles, wait_mask
from .wins import special_forms, special_hu, straight_hu, straight_waits, variant_hu, variant_waits

GAME = "mahjong"

Entries = tuple[tuple[np.ndarray, ...], memoryview, memoryview, tuple[memoryview, ...]]
"""(the arrays of every suit kind, the memoryviews of the suit and honor entries, the
memoryviews of every suit kind) of one per-suit dataset; kinds in SUIT_KINDS order."""


def _entries(dataset: str) -> Callable[[tables.TableSet], Entries]:
    def build(t: tables.TableSet) -> Entries:
        arrays = tuple(t[f"{kind}/{dataset}"] for kind in SUIT_KINDS)
        views = tuple(array.data for array in arrays)
        return arrays, views[0], views[1], views

    return build


HU_TING: tables.TableView[Entries] = tables.TableView(GAME, _entries("hu_ting"))
"""The hu/ting entries (layout in :mod:`.encoding`)."""
JOKERS: tables.TableView[Entries] = tables.TableView(GAME, _entries("jokers"))
"""The joker entries (layout in :mod:`.encoding`)."""

_orphan_counts = operator.itemgetter(*ORPHANS)


def is_hu(hand: Hand, rules: str | RuleSet = "standard", jokers: int = 0) -> bool:
    """Whether a 3k+2 hand (k = 0..4, jokers included) is a winning hand under ``rules``."""
    if jokers.__class__ is not int:
        jokers = check_jokers(jokers)  # None, 0.0, "" or an array are refused, not read as 0
    rules = resolve_rules(rules)
    counts, k0, k1, k2, k3 = counts_and_keys(hand)
    _, suit, honor, views = HU_TING.value or HU_TING.get()
    n, classes = size_and_class((suit[k0], suit[k1], suit[k2], honor[k3]))
    if jokers:
        jokers = check_jokers(jokers)
        check_hand(counts, n, rules, HU, "hu", jokers)
        _, suit_j, honor_j, views_j = JOKERS.value or JOKERS.get()
        if not rules.plain:
            return _variant_hu(counts, (k0, k1, k2, k3), n, jokers, views_j, rules)
        if joker_hu((suit_j[k0], suit_j[k1], suit_j[k2], honor_j[k3]), jokers):
            return True
        forms = special_forms((n, *special_counts(counts)), MAX_HAND_TILES, (k0, k1, k2, k3), jokers, rules.bits)
        return bool(forms) and special_hu(counts, forms, rules.quad_as_two_pairs, jokers)
    if n not in HU_SIZES or not rules.honors or not rules.plain:
        check_hand(counts, n, rules, HU, "hu")
        if not rules.plain:
            return _variant_hu(counts, (k0, k1, k2, k3), n, 0, views, rules)
    if classes == CLASS_PAIR:
        return True
    if n != MAX_HAND_TILES:
        return False
    # the special forms of 14 tiles (special_forms, special_hu) read off the count histogram:
    # bytes.count runs at C speed, a Python loop over the tiles would not
    if rules.seven_pairs and not counts.count(1) and not counts.count(3):
        if rules.quad_as_two_pairs or counts.count(2) == 7:  # all even: 7 pairs of some kind
            return True
    return bool(rules.thirteen_orphans and counts.count(1) == 12 and 0 not in _orphan_counts(counts))


def _ting_one(t: tables.TableSet) -> SingleHandKernel:
    from .kernels import ting_one  # compiled on first use: is_hu alone never imports Numba

    arrays = HU_TING.get()[0]
    return single_hand_kernel(ting_one, (arrays[KIND_SUIT], arrays[KIND_HONOR]), ENTRY_DTYPE)


TING_ONE: tables.TableView[SingleHandKernel] = tables.TableView(GAME, _ting_one)
"""The single-hand ting kernel for plain rules without jokers, with its tables."""


def _general_ting(hand: Hand, rules: RuleSet, jokers: int) -> int:
    """:func:`ting_mask` with jokers or under rules with variants (the kernels' steps, run as
    Python on the entries' memoryviews)."""
    counts, k0, k1, k2, k3 = counts_and_keys(hand)
    n = sum(counts)
    check_hand(counts, n, rules, TING, "ting", jokers)
    views = (JOKERS.value or JOKERS.get())[3] if jokers else (HU_TING.value or HU_TING.get())[3]
    return _variant_waits(counts, (k0, k1, k2, k3), n, jokers, views, rules)


ting_mask: SingleHandQuery[int] = single_hand_query(
    __name__, "ting_mask", "Waits of a 3k+1 hand (jokers included) as a bit mask over the 34 tile indices.",
    "standard", TING_ONE, 0, ONE_SINGLES_BIT, TING, _general_ting)


def _variant_hu(counts: bytes, keys: tuple[int, int, int, int], n: int, jokers: int, views: tuple[memoryview, ...],
                rules: RuleSet) -> bool:
    """Hu under rules with variants (the kernels' steps, run as Python on the entries' memoryviews)."""
    k0, k1, k2, k3 = keys
    suit, honor = views[KIND_SUIT], views[KIND_HONOR]
    tally = (n, *special_counts(counts))
    wild = bool(jokers)
    standard = suit_win((suit[k0], suit[k1], suit[k2], honor[k3]), jokers, wild)
    if standard and rules.pair_258:
        suit_258, honor_258 = views[KIND_SUIT_258], views[KIND_HONOR_258]
        standard = pair_258_win(keys, tally, jokers, wild, (suit_258[k0], suit_258[k1], suit_258[k2], honor_258[k3]),
                                rules.bits)
    win, left = variant_hu(counts, keys, honor[k3], tally, jokers, wild, standard, rules.bits)
    if left:
        win = straight_hu(counts, keys, n, jokers, wild, (suit, honor))
    return bool(win)


def _variant_waits(counts: bytes, keys: tuple[int, int, int, int], n: int, jokers: int,
                   views: tuple[memoryview, ...], rules: RuleSet) -> int:
    """Wait mask under rules with variants, or with jokers (the kernels' steps, run as Python)."""
    k0, k1, k2, k3 = keys
    suit, honor = views[KIND_SUIT], views[KIND_HONOR]
    tally = (n, *special_counts(counts))
    wild = bool(jokers)
    standard = suit_waits(counts, (suit[k0], suit[k1], suit[k2], honor[k3]), jokers, wild)
    if standard and rules.pair_258:
        suit_258, honor_258 = views[KIND_SUIT_258], views[KIND_HONOR_258]
        standard = pair_258_waits(counts, keys, tally, jokers, wild, standard,
                                  (suit_258[k0], suit_258[k1], suit_258[k2], honor_258[k3]), rules.bits)
    mask, left = variant_waits(counts, keys, honor[k3], tally, jokers, wild, standard, rules.bits)
    if left:
        mask |= straight_waits(counts, keys, n, jokers, wild, (suit, honor), rules.bits)
    return int(mask)


ting: SingleHandQuery[list[int]] = single_hand_query(
    __name__, "ting", "Waits of a 3k+1 hand (k = 0..4): sorted tile indices t such that hand + t wins.",
    "standard", TING_ONE, 0, ONE_SINGLES_BIT, TING, _general_ting, tiles=True)


def mask_to_tiles(mask: int | np.integer) -> list[int]:
    """Tile indices of the set bits of a 34-bit wait mask (an integer 0 .. 2**34 - 1)."""
    return list(mask_tiles(wait_mask(mask)))


# --- batch forms -----------------------------------------------------------------------------

def _run_batch(kernel: Callable, counts: npt.ArrayLike, rules: str | RuleSet, jokers: npt.ArrayLike, out_dtype: type,
               remainder: int, out: np.ndarray | None, without_jokers: Callable | None = None) -> np.ndarray:
    """Validate a batch, run ``kernel`` over it (plain or joker entries) into ``out`` (or a new
    array) and turn its status into an error; ``without_jokers``, if given, is the kernel for
    rows without jokers (the hu/ting entries, no jokers argument)."""
    rules = resolve_rules(rules)
    rows = batch_counts(counts)
    wild = batch_jokers(jokers, rows.shape[0])
    out = answer_array(out, (rows.shape[0],), out_dtype)
    arrays = (JOKERS if wild.size else HU_TING).get()[0]
    if without_jokers is not None and not wild.size:
        status, index = without_jokers(rows, arrays, rules.bits, out)
    else:
        status, index = kernel(rows, wild, arrays, rules.bits, out)
    jit.check(status, index, batch_error(rows, rules, f"needs {sizes_text(remainder)} tiles", wild))
    return out


def is_hu_batch(counts: npt.ArrayLike, rules: str | RuleSet = "standard", jokers: npt.ArrayLike = 0, *,
                out: np.ndarray | None = None) -> np.ndarray:
    """``is_hu`` of each row of an ``(N, 34)`` count array; bool array of shape (N,).

    ``jokers`` is one int for every row or an array of N. Every row is validated before any
    result is returned. ``out``: a bool (N,) array to write the answers into (and return)
    instead of a new one (see :func:`lookup.arrays.answer_array`).
    """
    from .kernels import hu_batch, hu_batch_without_jokers

    return _run_batch(hu_batch, counts, rules, jokers, np.bool_, HU, out, hu_batch_without_jokers)


def ting_batch(counts: npt.ArrayLike, rules: str | RuleSet = "standard", jokers: npt.ArrayLike = 0, *,
               out: np.ndarray | None = None) -> np.ndarray:
    """``ting`` of each row of an ``(N, 34)`` count array as uint64 masks (bit t: tile t waits).

    ``out``: a uint64 (N,) array to write the masks into (and return) instead of a new one.
    """
    from . import kernels

    return _run_batch(kernels.ting_batch, counts, rules, jokers, np.uint64, TING, out,
                      kernels.ting_batch_without_jokers)
