"""Shanten and discard advice from the per-suit shanten entries.

Both run compiled kernels (:mod:`.kernels`; per-hand steps in :mod:`.lacking`,
:mod:`.lowering` and :mod:`.forms`) on one hand or a batch: the shanten is the least lacking
over every form the rules allow, minus the jokers, minus one (:mod:`.forms.costs`), and a
discard's waits are the tiles that lower the shanten after it. ``jokers`` (0..8) are wild as in
``is_hu`` (any tile, a fifth copy included), stay in the hand and are never discarded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from .. import jit, tables
from ..arrays import answer_array, as_array, uint8_rows
from ..errors import InvalidHandError
from .encoding import KIND_HONOR, KIND_SUIT, MAX_COPIES, MAX_HAND_TILES, N_TILE_KINDS, SHANTEN_DTYPE, SUIT_KINDS
from .inputs import (
    NO_JOKERS,
    SingleHandKernel,
    SingleHandQuery,
    batch_counts,
    batch_error,
    batch_jokers,
    check_hand,
    check_jokers,
    hand_row,
    refuse_hand,
    resolve_rules,
    single_hand_kernel,
    single_hand_query,
    sizes_text,
)
from .row import EITHER, HU, ONE_SINGLES
from .rules import RuleSet
from .tiles import Hand, hand_counts, mask_tiles, tile_name

GAME = "mahjong"


class Shanten(NamedTuple):
    """The shanten entries, over-4 keys and over-4 entries of each suit kind (SUIT_KINDS
    order; layouts in :mod:`.encoding`; ``entries`` holds the shanten entries followed by the
    plain words of the suit and the honors, :data:`.forms.costs.PLAIN_WORDS`), with the batch
    kernels that read them: ``batch`` (any rules), ``plain_batch`` (plain rules without jokers;
    the entries and the rule bits), ``knitted_batch`` (the knitted rules without jokers,
    :attr:`.rules.RuleSet.knitted`; it also takes ``rest``: the suit and honor rest codes and
    the rest lacking table of 组合龙). The single-hand kernels have views of their own
    (:data:`SHANTEN_ONE`, :data:`ADVICE`), each compiled when first used."""

    entries: tuple[np.ndarray, ...]
    over_keys: tuple[np.ndarray, ...]
    over: tuple[np.ndarray, ...]
    rest: tuple[np.ndarray, np.ndarray, np.ndarray]
    batch: Callable
    plain_batch: Callable
    knitted_batch: Callable


def _build(t: tables.TableSet) -> Shanten:
    from . import kernels  # compiled on first use: only these queries import Numba

    entries, over_keys, over = (tuple(t[f"{kind}/{name}"] for kind in SUIT_KINDS)
                                for name in ("shanten", "over4_keys", "over4"))
    arrays = (*entries, t["suit/plain_words"], t["honor/plain_words"])
    rest = (t["suit/rest_codes"], t["honor/rest_codes"], t["knitted/rest_lacking"])
    return Shanten(arrays, over_keys, over, rest, kernels.shanten_batch, kernels.plain_shanten_batch,
                   kernels.knitted_shanten_batch)


SHANTEN: tables.TableView[Shanten] = tables.TableView(GAME, _build)
"""The shanten entries with their over-4 lists, and the batch kernels that read them."""


def _shanten_one(t: tables.TableSet) -> SingleHandKernel:
    from .kernels import shanten_one

    entries = SHANTEN.get().entries
    return single_hand_kernel(shanten_one, (entries[KIND_SUIT], entries[KIND_HONOR], *entries[len(SUIT_KINDS):]),
                              SHANTEN_DTYPE)


SHANTEN_ONE: tables.TableView[SingleHandKernel] = tables.TableView(GAME, _shanten_one)
"""The single-hand shanten kernel for plain rules without jokers, with the suit and honor
shanten entries and their plain words."""


def _advice(t: tables.TableSet) -> Callable:
    from .kernels import discard_advice

    view = SHANTEN.get()
    return jit.direct(discard_advice, bytearray(N_TILE_KINDS), 0, bytes(N_TILE_KINDS), view.entries, view.over_keys,
                      view.over, 0, np.empty(4 * MAX_HAND_TILES, np.int64))


ADVICE: tables.TableView[Callable] = tables.TableView(GAME, _advice)
"""The entry point (:func:`lookup.jit.direct`) of the discard advice kernel, for a ``bytearray``
hand, an int of jokers, ``bytes`` of visible counts, :data:`SHANTEN`'s tables and an int64 out
array."""


def shanten_batch(counts: npt.ArrayLike, rules: str | RuleSet = "riichi", jokers: npt.ArrayLike = 0, *,
                  out: np.ndarray | None = None) -> np.ndarray:
    """Shanten of each row of an ``(N, 34)`` count array (3k+1 or 3k+2 tiles, jokers included,
    k <= 4); int8 (N,). ``jokers`` is one int for every row or an array of N. ``out``: an
    int8 (N,) array to write the answers into (and return) instead of a new one.

    -1 is a complete hand, 0 tenpai. Under ``riichi`` it equals xiangting's
    ``calculate_replacement_number(...) - 1``: no target uses a fifth copy of a kind (but
    jokers may stand for one).
    """
    rules = resolve_rules(rules)
    rows = batch_counts(counts)
    wild = batch_jokers(jokers, rows.shape[0])
    view = SHANTEN.value or SHANTEN.get()
    out = answer_array(out, (rows.shape[0],), np.int8)
    if rules.plain and not wild.size:
        status, index = view.plain_batch(rows, view.entries, rules.bits, out)
    else:
        status, index = _rules_batch(view, rows, wild, rules, out)
    jit.check(status, index, batch_error(rows, rules, "shanten needs 1..14 tiles, not a multiple of 3", wild))
    return out


def _rules_batch(view: Shanten, rows: np.ndarray, wild: np.ndarray, rules: RuleSet, out: np.ndarray) -> tuple[int, int]:
    """(status, index) of the kernel for rules with variants or rows with jokers: the knitted
    rules' own kernel for rows without jokers, else the kernel of any rules."""
    if rules.knitted and not wild.size:
        return view.knitted_batch(rows, view.entries, view.rest, rules.bits, out)
    return view.batch(rows, wild, view.entries, view.over_keys, view.over, rules.bits, out)


def _general_shanten(hand: Hand, rules: RuleSet, jokers: int) -> int:
    """:func:`shanten` with jokers or under rules with variants: the batch kernel on one row."""
    counts = hand_counts(hand)
    check_hand(counts, sum(counts), rules, EITHER, "shanten", jokers)
    # a writable (1, 34) row, so the batch kernel's one compiled signature serves it
    row = np.frombuffer(bytearray(counts), np.uint8).reshape(1, N_TILE_KINDS)
    out = np.empty(1, np.int8)
    wild = np.full(1, jokers, np.uint8) if jokers else NO_JOKERS
    view = SHANTEN.value or SHANTEN.get()
    status, _ = _rules_batch(view, row, wild, rules, out)
    jit.check(status, 0, _validated)
    return int(out[0])


shanten: SingleHandQuery[int] = single_hand_query(
    __name__, "shanten",
    """Shanten of a 3k+1 or 3k+2 hand (jokers included): -1 complete, 0 tenpai, ... (see
    :func:`shanten_batch`).""",
    "riichi", SHANTEN_ONE, -1, ONE_SINGLES, EITHER, _general_shanten)


class Advice(NamedTuple):
    """One discard of a 3k+2 hand: the shanten after it, and the tiles that would lower that
    shanten with their unseen copies (4 less the copies held, the discard included, and the
    copies visible outside the hand).

    ``waits`` (sorted tile indices) is read from ``wait_mask`` (bit t: tile t) on access.
    """

    discard: int
    shanten: int
    count: int  # type: ignore[assignment]  # the field is named as documented; tuple.count is shadowed
    wait_mask: int

    @property
    def waits(self) -> tuple[int, ...]:
        return mask_tiles(self.wait_mask)

    def __repr__(self) -> str:
        return (f"Advice(discard={self.discard}, shanten={self.shanten}, waits={self.waits}, "
                f"count={self.count})")


_new_advice = tuple.__new__  # builds an Advice without its Python-level __new__

NOTHING_VISIBLE = bytes(N_TILE_KINDS)
"""The visible counts of a table with nothing on it."""


def too_many_copies(tile: int, held: int, seen: int) -> InvalidHandError:
    """The error of a tile held and visible more than 4 times in all."""
    return InvalidHandError(f"{tile_name(tile)}: {held} held and {seen} visible, more than the {MAX_COPIES} "
                            "copies of a tile")


def visible_counts(visible: Hand, held: bytes) -> bytes:
    """The 34 counts of ``visible`` (tiles seen outside a hand, in any hand notation), refused
    when a tile would have more than 4 copies with the ``held`` counts."""
    counts = hand_counts(visible)
    for t in range(N_TILE_KINDS):
        if counts[t] and held[t] + counts[t] > MAX_COPIES:
            raise too_many_copies(t, held[t], counts[t])
    return counts


def discard_advice(hand: Hand, rules: str | RuleSet = "riichi", jokers: int = 0,
                   visible: Hand | None = None) -> list[Advice]:
    """Every distinct discard of a 3k+2 hand (jokers included; a joker is never the discard),
    best first: lower shanten, then more unseen copies of the waits, then lower tile index.

    ``visible``: the tiles seen outside the hand (discards, other players' melds, indicators),
    as 34 counts or tiles in any notation; a tile's unseen copies are 4 less those held and
    those visible. The waits themselves do not depend on it (a wait may have 0 copies left).
    """
    if jokers.__class__ is not int or jokers:
        jokers = check_jokers(jokers)
    rules = resolve_rules(rules)
    view = SHANTEN.value or SHANTEN.get()
    advice = ADVICE.value or ADVICE.get()
    row = hand_row(hand)
    seen = NOTHING_VISIBLE if visible is None else visible_counts(visible, hand_counts(hand))
    out = np.empty(4 * MAX_HAND_TILES, np.int64)
    status, n = advice(row, jokers, seen, view.entries, view.over_keys, view.over, rules.bits, out)
    if status:
        refuse_hand(hand, rules, HU, "discard advice", jokers)
    return [_new_advice(Advice, row) for row in out[:4 * n].reshape(n, 4).tolist()]


class DiscardFeatures(NamedTuple):
    """The discards of a batch of N 3k+2 hands, one column per tile (the columns of a row
    are :func:`discard_advice`'s rows for that hand, by discard).

    - ``shanten``: int8 (N, 34), the shanten after discarding tile t; -1 where t is not held.
    - ``waits``: uint64 (N, 34), the mask (bit u: tile u) of the tiles that lower it; 0 where
      t is not held.
    - ``ukeire``: int16 (N, 34), the unseen copies of those tiles; 0 where t is not held.
    """

    shanten: np.ndarray
    waits: np.ndarray
    ukeire: np.ndarray


def batch_visible(visible: npt.ArrayLike | None, rows: np.ndarray) -> np.ndarray:
    """``visible`` of :func:`discard_batch` as a uint8 (N, 34) array, or (1, 34) for one row of
    counts shared by every hand; refused when a tile would have more than 4 copies in a row."""
    if visible is None:
        return np.zeros((1, N_TILE_KINDS), np.uint8)
    array = as_array(visible, "visible")
    if array.ndim == 1:
        array = array.reshape(1, -1)
    seen = uint8_rows(array, N_TILE_KINDS, "visible", MAX_COPIES,
                      lambda row, value: InvalidHandError(f"visible row {row}: counts must be 0..{MAX_COPIES}, "
                                                          f"got {value}"))
    if seen.shape[0] not in (1, rows.shape[0]):
        raise InvalidHandError(f"visible must have shape (34,) or ({rows.shape[0]}, 34), got {array.shape}")
    over = rows.astype(np.int16) + seen > MAX_COPIES
    if over.any():
        row, tile = (int(i) for i in np.argwhere(over)[0])
        error = too_many_copies(tile, int(rows[row, tile]), int(seen[row if seen.shape[0] > 1 else 0, tile]))
        raise InvalidHandError(f"row {row}: {error}")
    return seen


def discard_batch(hands: npt.ArrayLike, rules: str | RuleSet = "riichi", visible: npt.ArrayLike | None = None,
                  jokers: npt.ArrayLike = 0) -> DiscardFeatures:
    """:class:`DiscardFeatures` of each row of an (N, 34) count array of 3k+2 hands (jokers
    included): for every held tile, the shanten after discarding it, the tiles that lower that
    shanten and their unseen copies, equal to :func:`discard_advice` row by row.

    ``visible``: tiles seen outside the hands, as (34,) counts for every row or (N, 34) counts
    per row (None: nothing seen). ``jokers``: one int for every row or an array of N.
    """
    from .kernels import discard_batch as kernel

    rules = resolve_rules(rules)
    rows = batch_counts(hands)
    wild = batch_jokers(jokers, rows.shape[0])
    seen = batch_visible(visible, rows)
    view = SHANTEN.value or SHANTEN.get()
    n = rows.shape[0]
    features = DiscardFeatures(np.empty((n, N_TILE_KINDS), np.int8), np.empty((n, N_TILE_KINDS), np.uint64),
                               np.empty((n, N_TILE_KINDS), np.int16))
    status, index = kernel(rows, wild, seen, view.entries, view.over_keys, view.over, rules.bits, *features)
    jit.check(status, index, batch_error(rows, rules, f"discards need a hand of {sizes_text(HU)} tiles", wild))
    return features


def _validated(status: int, index: int) -> Exception:
    """The ``explain`` of a kernel run on one hand the query has validated (it cannot fail)."""
    return AssertionError(f"kernel status {status} on a validated hand")
