"""Ranks of 5-card and 3-card hands from the rank tables (SPEC §4), scalar and batch.

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
from ..arrays import uint8_rows
from ..errors import InvalidHandError, InvalidTileError
from . import encoding
from .cards import Hand, arrangement_rows, card_name, hand_cards
from .rules import Rules, get_rules


class RankTables(NamedTuple):
    """What the rank queries read from ``data/shisanshui.h5``: arrays for the kernels, Python
    lists for the scalar queries (they index fastest), per straight order (``[a5_lowest]``)."""

    weights: np.ndarray
    nonflush: tuple[np.ndarray, np.ndarray]
    flush: tuple[np.ndarray, np.ndarray]
    rank3: np.ndarray
    lists5: tuple[tuple[list[int], list[int], list[int]], ...]  # [a5_lowest] = (weights, nonflush, flush)
    rank3_list: list[int]
    category: list[int]
    n_values: int


def _build(t: tables.TableSet) -> RankTables:
    for name in encoding.DATASETS:
        t[name]
    nonflush = (t["a5_second/nonflush"], t["a5_lowest/nonflush"])
    flush = (t["a5_second/flush"], t["a5_lowest/flush"])
    category = (t["scale/code"] >> encoding.CODE_CATEGORY_SHIFT).tolist()
    category[0] = -1
    weights = t["rank_weight"].tolist()
    lists5 = tuple((weights, nf.tolist(), fl.tolist()) for nf, fl in zip(nonflush, flush))
    return RankTables(t["rank_weight"], nonflush, flush, t["rank3"], lists5, t["rank3"].tolist(), category,
                      int(t["scale/code"].shape[0]))


RANKS: tables.TableView[RankTables] = tables.TableView("shisanshui", _build)
_rank5_of = encoding.rank5  # bound here: the scalar rank5 calls it without a module look-up


def rank5(cards: Hand, rules: str | Rules = "standard") -> int:
    """Rank of a 5-card hand (a middle or back) on the shared scale; higher is stronger."""
    a5 = False if rules.__class__ is str and rules == "standard" else get_rules(rules).a5_lowest
    t = RANKS.value or RANKS.get()
    if cards.__class__ is list and len(cards) == 5:  # the fast path: 5 distinct ints 0..51
        a, b, c, d, e = cards
        if a.__class__ is b.__class__ is c.__class__ is d.__class__ is e.__class__ is int and \
                0 <= a < 52 and 0 <= b < 52 and 0 <= c < 52 and 0 <= d < 52 and 0 <= e < 52 \
                and ((1 << a) | (1 << b) | (1 << c) | (1 << d) | (1 << e)).bit_count() == 5:
            weights, nonflush, flush = t.lists5[a5]
            return _rank5_of(weights, nonflush, flush, a, b, c, d, e)
    return _rank5(hand_cards(cards, 5), a5)


def _rank5(cs: list[int], a5_lowest: bool) -> int:
    weights, nonflush, flush = (RANKS.value or RANKS.get()).lists5[a5_lowest]
    return _rank5_of(weights, nonflush, flush, *cs)


def _rank3(cs: list[int]) -> int:
    return encoding.rank3((RANKS.value or RANKS.get()).rank3_list, *cs)


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
    """The ``explain`` of :func:`lookup.jit.check` for a kernel that read ``rows``."""

    def explain(status: int, row: int) -> Exception:
        values = rows[row].tolist()
        if status == jit.ERR_CARD:
            return InvalidTileError(f"row {row}: card index must be 0..51, got {max(values)}")
        if status == jit.ERR_DUPLICATE:
            dup = next(c for c in values if values.count(c) > 1)
            return InvalidHandError(f"row {row}: duplicate card {card_name(dup)}")
        return AssertionError(f"unknown kernel status {status}")

    return explain


def rank5_batch(cards: Any, rules: str | Rules = "standard") -> npt.NDArray[np.uint16]:
    """Ranks of an (N, 5) array of card indices; uint16 (N,). Every row is validated first."""
    from .kernels import rank5_batch as kernel

    a5 = get_rules(rules).a5_lowest
    rows = batch_rows(cards, 5)
    t = RANKS.get()
    out = np.empty(rows.shape[0], np.uint16)
    status, index = kernel(rows, t.weights, t.nonflush[a5], t.flush[a5], out)
    jit.check(status, index, row_error(rows))
    return out


def rank3_batch(cards: Any, rules: str | Rules = "standard") -> npt.NDArray[np.uint16]:
    """Ranks of an (N, 3) array of card indices; uint16 (N,)."""
    from .kernels import rank3_batch as kernel

    get_rules(rules)
    rows = batch_rows(cards, 3)
    out = np.empty(rows.shape[0], np.uint16)
    status, index = kernel(rows, RANKS.get().rank3, out)
    jit.check(status, index, row_error(rows))
    return out
