"""Ranks of 5-card and 3-card hands from the rank tables, scalar and batch.

Ranks of 5-card and 3-card hands share one scale, 1..:func:`n_ranks` (higher is stronger,
equal is a tie), so a front compares directly with a middle. The tables load on the first
query (:data:`RANKS`, a :class:`~lookup.tables.TableView`); the batch forms compile their
kernels on first use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .. import jit, tables
from ..arrays import answer_array, uint8_rows
from ..errors import InvalidHandError, InvalidTileError
from . import encoding
from .cards import Hand, arrangement_rows, card_name, hand_cards
from .rules import Rules, get_rules


class RankTables(NamedTuple):
    """What the rank queries read from ``data/shisanshui.h5``, per straight order where it
    differs (``[a5_lowest]``): arrays for the kernels, and for the scalar queries memoryviews
    of the same mapped bytes (a memoryview indexes about as fast as a list and copies nothing,
    so every process shares them) and the cards' field values as a tuple of Python ints."""

    fields: np.ndarray                   # int64 (52,): encoding.card_fields(rank_weight)
    nonflush: tuple[np.ndarray, np.ndarray]
    flush: tuple[np.ndarray, np.ndarray]
    rank3: np.ndarray
    scalar5: tuple[tuple[tuple[int, ...], memoryview, memoryview], ...]  # (checked fields, nonflush, flush)
    rank3_view: memoryview
    category: bytes                       # category of each rank value (0 for "no hand")
    n_values: int

    def of(self, a5_lowest: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(fields, nonflush, flush, rank3)`` of one straight order: the ``tables`` of the
        kernels that rank rows of both sizes (:mod:`lookup.shisanshui.kernels`)."""
        return self.fields, self.nonflush[a5_lowest], self.flush[a5_lowest], self.rank3


CARD_BITS_SHIFT = encoding.FIELDS_BITS
"""The scalar rank5 adds ``1 << (CARD_BITS_SHIFT + card)`` to each card's field value: the
sum over five cards then has 5 bits set there exactly when the cards are distinct."""


def _build(t: tables.TableSet) -> RankTables:
    for name in encoding.DATASETS:
        t[name]
    fields = encoding.card_fields(t["rank_weight"])
    fields.flags.writeable = False
    checked = tuple(int(f) | 1 << (CARD_BITS_SHIFT + card) for card, f in enumerate(fields.tolist()))
    nonflush = (t["a5_second/nonflush"], t["a5_lowest/nonflush"])
    flush = (t["a5_second/flush"], t["a5_lowest/flush"])
    scalar5 = tuple((checked, nf.data, fl.data) for nf, fl in zip(nonflush, flush))
    category = bytes((t["scale/code"] >> encoding.CODE_CATEGORY_SHIFT).astype(np.uint8))
    return RankTables(fields, nonflush, flush, t["rank3"], scalar5, t["rank3"].data, category,
                      int(t["scale/code"].shape[0]))


RANKS: tables.TableView[RankTables] = tables.TableView("shisanshui", _build)
SUIT_COUNT_OFFSET, FLUSH_BITS, FLUSH_KEY_MASK = encoding.SUIT_COUNT_OFFSET, encoding.FLUSH_BITS, encoding.FLUSH_KEY_MASK
RANK_BITS_SHIFT, WEIGHTS_SHIFT, WEIGHTS_MASK = encoding.RANK_BITS_SHIFT, encoding.WEIGHTS_SHIFT, encoding.WEIGHTS_MASK


def rank5(cards: Hand, rules: str | Rules = "standard") -> int:
    """Rank of a 5-card hand (a middle or back) on the shared scale; higher is stronger."""
    a5 = False if rules.__class__ is str and rules == "standard" else get_rules(rules).a5_lowest
    fields, nonflush, flush = (RANKS.value or RANKS.get()).scalar5[a5]
    if cards.__class__ is list and len(cards) == 5:  # the fast path: 5 distinct ints 0..51
        a, b, c, d, e = cards
        if a.__class__ is b.__class__ is c.__class__ is d.__class__ is e.__class__ is int and (a | b | c | d | e) >= 0:
            try:
                s = fields[a] + fields[b] + fields[c] + fields[d] + fields[e]
            except IndexError:  # a card over 51: the checked path below names it
                s = 0
            if (s >> CARD_BITS_SHIFT).bit_count() == 5:  # five distinct cards
                # encoding.rank_of_fields written out: calling it costs a third of the time
                if (s + SUIT_COUNT_OFFSET) & FLUSH_BITS:
                    return flush[(s >> RANK_BITS_SHIFT) & FLUSH_KEY_MASK]
                return nonflush[(s >> WEIGHTS_SHIFT) & WEIGHTS_MASK]
    return _rank5(hand_cards(cards, 5), a5)


def _rank5(cs: list[int], a5_lowest: bool) -> int:
    fields, nonflush, flush = (RANKS.value or RANKS.get()).scalar5[a5_lowest]
    return encoding.rank5(fields, nonflush, flush, *cs)


def _rank3(cs: list[int]) -> int:
    return encoding.rank3((RANKS.value or RANKS.get()).rank3_view, *cs)


def rank3(cards: Hand, rules: str | Rules = "standard") -> int:
    """Rank of a 3-card hand (a front) on the scale of :func:`rank5`."""
    get_rules(rules)  # 3-card ranks do not depend on the rules; checked for consistency
    return _rank3(hand_cards(cards, 3))


def rank(cards: Hand, rules: str | Rules = "standard") -> int:
    """Rank of a 3-card or 5-card hand."""
    a5 = get_rules(rules).a5_lowest  # resolved for a 3-card row too: an unknown name is refused
    cs = hand_cards(cards, (3, 5), "row")
    return _rank3(cs) if len(cs) == 3 else _rank5(cs, a5)


def row_ranks(front: Hand, middle: Hand, back: Hand, rules: str | Rules = "standard") -> tuple[int, int, int]:
    """(front, middle, back) ranks of an arrangement."""
    f, m, b = arrangement_rows(front, middle, back)
    a5 = get_rules(rules).a5_lowest
    return _rank3(f), _rank5(m, a5), _rank5(b, a5)


def n_ranks() -> int:
    """Number of rank values on the scale (7,917); ranks are 1..n_ranks()."""
    return RANKS.get().n_values - 1


def _category(rank_value: object) -> int:
    t = RANKS.get()
    if isinstance(rank_value, (int, np.integer)) and not isinstance(rank_value, bool) \
            and 1 <= rank_value < t.n_values:
        return t.category[int(rank_value)]
    raise InvalidHandError(f"a rank is 1..{t.n_values - 1}, got {rank_value!r}")


def category(rank_value: int) -> str:
    """Category of a rank: high card, pair, two pair, trips, straight, flush, full house, quads,
    straight flush (a 3-card rank is high card, pair or trips)."""
    return encoding.CATEGORIES[_category(rank_value)]


def category_chinese(rank_value: int) -> str:
    """Chinese name of a rank's category: 乌龙 对子 两对 三条 顺子 同花 葫芦 铁支 同花顺."""
    return encoding.CATEGORIES_CHINESE[_category(rank_value)]


# --- batch forms -------------------------------------------------------------------------------

def batch_rows(cards: Any, width: int) -> npt.NDArray[np.uint8]:
    """A batch of card rows as a C-contiguous uint8 (N, width) array (shape, dtype, range checked)."""
    return uint8_rows(cards, width, "cards", 51, lambda row, value: InvalidTileError(
        f"row {row}: card index must be 0..51, got {value}"))


def row_error(rows: np.ndarray) -> Callable[[int, int], Exception]:
    """The ``explain`` of :func:`lookup.jit.check` for a kernel that read ``rows`` (a row, or a
    deal of several hands, is one item of the kernel's status): ``row I: ...`` as every batch
    query says it (and :func:`lookup.errors.at_row` re-addresses in bulk jobs)."""

    def explain(status: int, row: int) -> Exception:
        values = rows[row].ravel().tolist()
        if status == jit.ERR_CARD:
            return InvalidTileError(f"row {row}: card index must be 0..51, got {max(values)}")
        if status == jit.ERR_DUPLICATE:
            dup = next(c for c in values if values.count(c) > 1)
            return InvalidHandError(f"row {row}: duplicate card {card_name(dup)}")
        return AssertionError(f"unknown kernel status {status}")

    return explain


def rank5_batch(cards: Any, rules: str | Rules = "standard", *,
                out: npt.NDArray[np.uint16] | None = None) -> npt.NDArray[np.uint16]:
    """Ranks of an (N, 5) array of card indices; uint16 (N,). Every row is validated first.
    ``out``: a uint16 (N,) array to write the ranks into (and return) instead of a new one."""
    from .kernels import rank5_batch as kernel

    a5 = get_rules(rules).a5_lowest
    rows = batch_rows(cards, 5)
    t = RANKS.get()
    out = answer_array(out, (rows.shape[0],), np.uint16)
    status, index = kernel(rows, t.fields, t.nonflush[a5], t.flush[a5], out)
    jit.check(status, index, row_error(rows))
    return out


def rank3_batch(cards: Any, rules: str | Rules = "standard", *,
                out: npt.NDArray[np.uint16] | None = None) -> npt.NDArray[np.uint16]:
    """Ranks of an (N, 3) array of card indices; uint16 (N,). ``out``: as in :func:`rank5_batch`."""
    from .kernels import rank3_batch as kernel

    get_rules(rules)
    rows = batch_rows(cards, 3)
    out = answer_array(out, (rows.shape[0],), np.uint16)
    status, index = kernel(rows, RANKS.get().rank3, out)
    jit.check(status, index, row_error(rows))
    return out
