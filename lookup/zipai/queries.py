"""Zipai (字牌, 跑胡子 family) hu and ting, scalar and batch (rules: docs/zipai.md).

A *hand* is card text (:mod:`lookup.zipai.cards`) or 20 counts; *exposed* melds (碰 偎 跑
提 and eaten groups, :mod:`lookup.zipai.melds`) are given apart from it, and ``wang`` 王
(wildcards, 0..4) too. Triples and quads in the hand are taken out first as 坎 and 提 with
their huxi; the rest, the *checked part*, must split into groups (sequences, 二七十, mixed
triples, and 一五十 under ``yiwushi`` rules) plus one pair when it holds 3k+2 cards. Its best
huxi is one walk of the table's automaton. The per-hand steps are in :mod:`lookup.zipai.hand`
(hu), :mod:`lookup.zipai.waits` (ting) and, with 王, :mod:`lookup.zipai.wang`, the same for the
scalar and the batch forms.

    hu(hand, exposed=(), rules="paohuzi", wang=0) -> int | None       best total huxi when the hand wins
    hu_batch(counts, rules="paohuzi", wang=0) -> int16 (N,)           best total huxi or -1, per row
    ting(hand, exposed=(), rules="paohuzi", wang=None) -> {card: huxi}  the draws that win, best huxi each
    ting_batch(counts, rules="paohuzi", wang=None) -> int16 (N, 20)    per row and card, or -1
                                                       (N, 21) with a drawn 王 last when wang is given
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np
import numpy.typing as npt

from .. import jit
from ..arrays import answer_array, uint8_rows
from ..errors import InvalidHandError
from . import hand as steps
from . import waits
from . import wang as wild
from .cards import Hand, card_name, hand_counts
from .encoding import N_CARDS, NO_WIN, VIEW, GroupTables
from .melds import NO_MELDS, Exposed, MeldLike, fold_melds
from .rules import PRESETS, RuleSet
from .units import group_limit
from .wang_search import WORK_SIZE

_SIZES = {"hu": "3k or 3k+2, at most 21", "ting": "3k+1 or 3k+2, at most 20"}
"""The part sizes each query takes (:func:`lookup.zipai.hand.part_size_ok`), as the errors say them."""


def _hand_error(query: str, counts: Sequence[int], used: Sequence[int], status: int, value: int,
                where: str = "") -> Exception:
    """The error of a refused hand: ``value`` is the card of ERR_COPIES or the part size of ERR_SIZE
    (王 included)."""
    if status == jit.ERR_COPIES:
        held = counts[value] + used[value]
        whose = "holds" if where else "hand and exposed melds hold"
        return InvalidHandError(f"{where}{whose} {held} copies of {card_name(value)}; a card has 4 copies")
    if status == jit.ERR_SIZE:
        if where:
            return InvalidHandError(f"{where}{query} needs {_SIZES[query]} cards outside 坎/提 (王 counted), "
                                    f"got {value}")
        return InvalidHandError(f"{query} needs a hand whose cards outside 坎/提 (王 counted) number "
                                f"{_SIZES[query]}; got {value}")
    return AssertionError(f"unknown status {status} from the zipai {query} step")


def resolve(rules: str | RuleSet) -> RuleSet:
    """The rule set of a query: a preset by a plain dict look-up (the hot path), else resolved."""
    return (PRESETS.get(rules) if type(rules) is str else None) or PRESETS.resolve(rules)


def step_rules(rules: RuleSet) -> steps.Rules:
    """The rule set as the per-hand steps take it: ``(min_huxi, pair_with_quad, limit)``."""
    return rules.min_huxi, rules.pair_with_quad, group_limit(rules.yiwushi)


def check_wang(wang: object) -> int:
    """The number of 王 as an int 0..MAX_WANG, else InvalidHandError."""
    if isinstance(wang, bool) or not isinstance(wang, (int, np.integer)) or not 0 <= wang <= wild.MAX_WANG:
        raise InvalidHandError(f"wang (王) must be an integer 0..{wild.MAX_WANG}, got {wang!r}")
    return int(wang)


class Query:
    """A scalar query's inputs, checked: counts, folded melds, rules, 王, and the group set's tables."""

    def __init__(self, hand: Hand, exposed: MeldLike | Iterable[MeldLike], rules: str | RuleSet, wang: object):
        self.rules = resolve(rules)
        self.counts = hand_counts(hand)
        self.wang = check_wang(wang)
        self.melds: Exposed = fold_melds(exposed, self.rules.yiwushi)
        view = VIEW.value or VIEW.get()
        self.tables: GroupTables = view.of(self.rules.yiwushi)

    def check(self, query: str, status: int, value: int) -> None:
        """Raise the typed error of a step's status."""
        jit.check(status, value, lambda s, v: _hand_error(query, self.counts, self.melds.used, s, v))

    def hu_key(self, work: list[int]) -> int:
        """:func:`lookup.zipai.wang.hu_wang`'s best key (the best reading in ``work``)."""
        m = self.melds
        status, key = wild.hu_wang(self.tables.hu_view, self.tables.ting_view[0], step_rules(self.rules),
                                   self.counts, m.used, m.totals, self.wang, [0] * N_CARDS, work)
        self.check("hu", status, key)
        return key


def hu(hand: Hand, exposed: MeldLike | Iterable[MeldLike] = (), rules: str | RuleSet = "paohuzi",
       wang: int = 0) -> int | None:
    """Best total huxi when the hand wins under ``rules``, else None.

    ``hand``: card text or 20 counts, after the winning card joined it; its triples and quads
    are taken out as 坎 (3 small / 6 big huxi) and 提 (9 / 12) first. ``exposed``: the melds on
    the table (:func:`lookup.zipai.melds.parse_meld` forms). ``wang``: the 王 the hand holds
    besides (0..4); each reads as any card, and the best reading counts. The rest of the hand
    (with the 王) must hold 3k or 3k+2 cards, at most 21 (InvalidHandError otherwise); it wins
    when it splits into groups (plus one pair when 3k+2 cards; see :class:`RuleSet` for when a
    pair is allowed) and the total huxi reaches ``rules.min_huxi``.
    """
    if type(wang) is int and wang == 0:  # the hot path: no 王
        rules = resolve(rules)
        counts = hand_counts(hand)
        melds = fold_melds(exposed, rules.yiwushi)
        g = (VIEW.value or VIEW.get()).of(rules.yiwushi)
        status, huxi = steps.hu_counts(g.hu_view, (rules.min_huxi, rules.pair_with_quad, 0), counts, melds.used,
                                       (melds.huxi, melds.quads, 0, 0), [0] * N_CARDS)
        if status != jit.OK:  # (the explanation is built only for a refused hand)
            jit.check(status, huxi, lambda status, value: _hand_error("hu", counts, melds.used, status, value))
        return None if huxi == NO_WIN else huxi
    query = Query(hand, exposed, rules, wang)
    total = wild.total_of(query.hu_key([0] * WORK_SIZE), query.rules.min_huxi)
    return None if total == NO_WIN else total


def ting(hand: Hand, exposed: MeldLike | Iterable[MeldLike] = (), rules: str | RuleSet = "paohuzi",
         wang: int | None = None) -> dict[int, int]:
    """The cards whose draw makes the hand win, each with its best total huxi (by card index).

    The cards outside 坎/提 (with the 王) must number 3k+1 or 3k+2, at most 20. A card of which
    the hand and the melds hold all 4 copies is never drawn. A drawn card that completes a 坎
    scores a 提, one that matches an exposed 碰 a 跑 and one that matches an exposed 偎 a 提;
    one that makes three of a kind in the hand scores as a 偎 (taken out) or stays a free card
    inside the groups, whichever is better. ``wang``: None for a room without 王; else the 王
    the hand holds (0..4), read as in :func:`hu`, and the answer also holds the draw of a 王
    under key :data:`lookup.zipai.WANG` (20) when it wins.
    """
    query = Query(hand, exposed, rules, 0 if wang is None else wang)
    g, m, rules_ = query.tables, query.melds, step_rules(query.rules)
    if wang is None:
        out = [0] * N_CARDS
        status, n = waits.ting_counts(g.hu_view, g.ting_view, rules_, query.counts, m.used, m.totals,
                                      [0] * N_CARDS, [0] * waits.PATH_SIZE, out)
    else:
        out = [0] * (N_CARDS + 1)
        status, n = wild.ting_wang(g.hu_view, g.ting_view[0], rules_, query.counts, m.used, m.totals, query.wang,
                                   [0] * N_CARDS, [0] * WORK_SIZE, out)
    query.check("ting", status, n)
    return {t: h for t, h in enumerate(out) if h != NO_WIN}


# --- batch ----------------------------------------------------------------------------------

def batch_counts(counts: npt.ArrayLike) -> np.ndarray:
    """Validate the shape and dtype of a batch of hands; a C-contiguous uint8 (N, 20) array."""
    return uint8_rows(counts, N_CARDS, "counts", 255,
                      lambda row, _: InvalidHandError(f"row {row}: card counts must be 0..4"))


def batch_wang(wang: npt.ArrayLike, n_rows: int) -> np.ndarray:
    """The 王 of each row (one int for all, or N ints) as a uint8 array of N, validated."""
    if np.ndim(wang) == 0:
        return np.full(n_rows, check_wang(wang.item() if isinstance(wang, np.ndarray) else wang), np.uint8)
    rows = np.asarray(wang)
    if rows.shape != (n_rows,) or not np.issubdtype(rows.dtype, np.integer):
        raise InvalidHandError(f"wang (王) must be an int or an integer array of shape ({n_rows},), "
                               f"got shape {rows.shape} dtype {rows.dtype}")
    bad = np.flatnonzero((rows < 0) | (rows > wild.MAX_WANG))
    if bad.size:
        raise InvalidHandError(f"row {bad[0]}: wang (王) must be 0..{wild.MAX_WANG}, got {rows[bad[0]]}")
    return rows.astype(np.uint8)


def _row_error(query: str, counts: np.ndarray, wang: np.ndarray | None) -> Callable[[int, int], Exception]:
    """``explain`` for a batch kernel's status: the first bad row, its detail from the same step."""
    def explain(status: int, row: int) -> Exception:
        hand = counts[row].tolist()
        _, value, _, _ = steps.take_out_sets(hand, NO_MELDS.used, [0] * N_CARDS)
        if status == jit.ERR_SIZE and wang is not None:
            value += int(wang[row])
        return _hand_error(query, hand, NO_MELDS.used, status, value, f"row {row}: ")
    return explain


def hu_batch(counts: npt.ArrayLike, rules: str | RuleSet = "paohuzi", wang: npt.ArrayLike = 0, *,
             out: np.ndarray | None = None) -> np.ndarray:
    """``hu`` of each row of an (N, 20) count array (no exposed melds): int16 best huxi or -1.

    ``wang``: the 王 of every row (one int) or of each row (N ints), 0..4. Every row is
    validated before any result is returned; an error names the first bad row. ``out``: an
    int16 (N,) array to write the answers into (and return) instead of a new one.
    """
    from . import kernels

    rules = PRESETS.resolve(rules)
    counts = batch_counts(counts)
    g = (VIEW.value or VIEW.get()).of(rules.yiwushi)
    out = answer_array(out, (counts.shape[0],), np.int16)
    if np.ndim(wang) == 0 and check_wang(wang.item() if isinstance(wang, np.ndarray) else wang) == 0:
        rows = None
        status, row = kernels.hu_batch(counts, g.hu, step_rules(rules), out)
    else:
        rows = batch_wang(wang, counts.shape[0])
        status, row = kernels.hu_batch_wang(counts, rows, g.hu, g.ting[0], step_rules(rules), out)
    jit.check(status, row, _row_error("hu", counts, rows))
    return out


def ting_batch(counts: npt.ArrayLike, rules: str | RuleSet = "paohuzi",
               wang: npt.ArrayLike | None = None, *, out: np.ndarray | None = None) -> np.ndarray:
    """``ting`` of each row of an (N, 20) count array (no exposed melds): int16 (N, 20), -1 = no win.

    With ``wang`` (one int, or N ints, 0..4: the 王 each hand holds) the answer is (N, 21), its
    last column the draw of a 王. ``out``: an int16 array of the answer's shape to write it into
    (and return) instead of a new one.
    """
    from . import kernels

    rules = PRESETS.resolve(rules)
    counts = batch_counts(counts)
    g = (VIEW.value or VIEW.get()).of(rules.yiwushi)
    if wang is None:
        rows = None
        out = answer_array(out, (counts.shape[0], N_CARDS), np.int16)
        status, row = kernels.ting_batch(counts, g.hu, g.ting, step_rules(rules), out)
    else:
        rows = batch_wang(wang, counts.shape[0])
        out = answer_array(out, (counts.shape[0], N_CARDS + 1), np.int16)
        status, row = kernels.ting_batch_wang(counts, rows, g.hu, g.ting[0], step_rules(rules), out)
    jit.check(status, row, _row_error("ting", counts, rows))
    return out
