"""Zipai (字牌, 跑胡子 family) hu and ting, scalar and batch (ZIPAI.md, SPEC §3).

A *hand* is card text (:mod:`lookup.zipai.cards`) or 20 counts; *exposed* melds (碰 偎 跑
提 and eaten groups, :mod:`lookup.zipai.melds`) are given apart from it. Triples and quads
in the hand are taken out first as 坎 and 提 with their huxi; the rest, the *checked part*,
must split into groups (sequences, 二七十, mixed triples) plus one pair when it holds 3k+2
cards. Its best huxi is one walk of the table's automaton. The per-hand steps are in
:mod:`lookup.zipai.hand`, the same for the scalar and the batch forms.

    hu(hand, exposed=(), rules="paohuzi") -> int | None      best total huxi when the hand wins
    hu_batch(counts, rules="paohuzi") -> int16 (N,)           best total huxi or -1, per row
    ting(hand, exposed=(), rules="paohuzi") -> {card: huxi}   the draws that win, best huxi each
    ting_batch(counts, rules="paohuzi") -> int16 (N, 20)      per row and card, or -1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

from .. import jit
from ..arrays import uint8_rows
from ..errors import InvalidHandError
from . import hand as steps
from .cards import Hand, card_name, hand_counts
from .encoding import N_CARDS, NO_WIN, VIEW
from .melds import NO_MELDS, MeldLike, fold_melds
from .rules import PRESETS, RuleSet

_SIZES = {"hu": "3k or 3k+2, at most 21", "ting": "3k+1 or 3k+2, at most 20"}
"""The part sizes each query takes (:func:`lookup.zipai.hand.part_size_ok`), as the errors say them."""


def _hand_error(query: str, counts: Sequence[int], used: Sequence[int], status: int, value: int,
                where: str = "") -> Exception:
    """The error of a refused hand: ``value`` is the card of ERR_COPIES or the part size of ERR_SIZE."""
    if status == jit.ERR_COPIES:
        held = counts[value] + used[value]
        whose = "holds" if where else "hand and exposed melds hold"
        return InvalidHandError(f"{where}{whose} {held} copies of {card_name(value)}; a card has 4 copies")
    if status == jit.ERR_SIZE:
        if where:
            return InvalidHandError(f"{where}{query} needs {_SIZES[query]} cards outside 坎/提, got {value}")
        return InvalidHandError(f"{query} needs a hand whose cards outside 坎/提 number {_SIZES[query]}; "
                                f"got {value}")
    return AssertionError(f"unknown status {status} from the zipai {query} step")


def _resolve(rules: str | RuleSet) -> RuleSet:
    """The rule set of a query: a preset by a plain dict look-up (the hot path), else resolved."""
    return (PRESETS.get(rules) if type(rules) is str else None) or PRESETS.resolve(rules)


def hu(hand: Hand, exposed: MeldLike | Iterable[MeldLike] = (), rules: str | RuleSet = "paohuzi") -> int | None:
    """Best total huxi when the hand wins under ``rules``, else None.

    ``hand``: card text or 20 counts, after the winning card joined it; its triples and quads
    are taken out as 坎 (3 small / 6 big huxi) and 提 (9 / 12) first. ``exposed``: the melds on
    the table (:func:`lookup.zipai.melds.parse_meld` forms). The rest of the hand must hold 3k
    or 3k+2 cards, at most 21 (InvalidHandError otherwise); it wins when it splits into groups
    (plus one pair when 3k+2 cards; see :class:`RuleSet` for when a pair is allowed) and the
    total huxi reaches ``rules.min_huxi``.
    """
    rules = _resolve(rules)
    counts = hand_counts(hand)
    melds = fold_melds(exposed)
    view = VIEW.value or VIEW.get()
    status, huxi = steps.hu_counts(view.trans_view, view.final, view.values_view, counts, [0] * N_CARDS,
                                   melds.huxi, melds.quads, melds.used, rules.min_huxi, rules.pair_with_quad)
    if status != jit.OK:  # (the explanation is built only for a refused hand)
        jit.check(status, huxi, lambda status, value: _hand_error("hu", counts, melds.used, status, value))
    return None if huxi == NO_WIN else huxi


def ting(hand: Hand, exposed: MeldLike | Iterable[MeldLike] = (), rules: str | RuleSet = "paohuzi") -> dict[int, int]:
    """The cards whose draw makes the hand win, each with its best total huxi (by card index).

    The cards outside 坎/提 must number 3k+1 or 3k+2, at most 20. A card of which the hand
    and the melds hold all 4 copies is never drawn. A drawn card that completes a 坎 scores a
    提, one that matches an exposed 碰 a 跑 and one that matches an exposed 偎 a 提; one that
    makes three of a kind in the hand scores as a 偎 (taken out) or stays a free card inside
    the groups, whichever is better.
    """
    rules = _resolve(rules)
    counts = hand_counts(hand)
    melds = fold_melds(exposed)
    view = VIEW.value or VIEW.get()
    out = [0] * N_CARDS
    status, waits = steps.ting_counts(view.trans_view, view.final, view.values_view, counts, [0] * N_CARDS,
                                      melds.huxi, melds.quads, melds.used, melds.peng, melds.wei,
                                      rules.min_huxi, rules.pair_with_quad, out)
    if status != jit.OK:
        jit.check(status, waits, lambda status, value: _hand_error("ting", counts, melds.used, status, value))
    return {t: h for t, h in enumerate(out) if h != NO_WIN}


# --- batch ----------------------------------------------------------------------------------

def batch_counts(counts: np.ndarray | Iterable[Iterable[int]]) -> np.ndarray:
    """Validate the shape and dtype of a batch of hands; a C-contiguous uint8 (N, 20) array."""
    return uint8_rows(counts, N_CARDS, "counts", 255,
                      lambda row, _: InvalidHandError(f"row {row}: card counts must be 0..4"))


def _row_error(query: str, counts: np.ndarray) -> Callable[[int, int], Exception]:
    """``explain`` for a batch kernel's status: the first bad row, its detail from the same step."""
    def explain(status: int, row: int) -> Exception:
        hand = counts[row].tolist()
        _, value, _, _ = steps.take_out_sets(hand, NO_MELDS.used, [0] * N_CARDS)
        return _hand_error(query, hand, NO_MELDS.used, status, value, f"row {row}: ")
    return explain


def hu_batch(counts: np.ndarray | Iterable[Iterable[int]], rules: str | RuleSet = "paohuzi") -> np.ndarray:
    """``hu`` of each row of an (N, 20) count array (no exposed melds): int16 best huxi or -1.

    Every row is validated before any result is returned; an error names the first bad row.
    """
    from .kernels import hu_batch as kernel

    rules = PRESETS.resolve(rules)
    counts = batch_counts(counts)
    view = VIEW.value or VIEW.get()
    out = np.empty(counts.shape[0], np.int16)
    status, row = kernel(counts, view.trans, view.final, view.values, rules.min_huxi, rules.pair_with_quad, out)
    jit.check(status, row, _row_error("hu", counts))
    return out


def ting_batch(counts: np.ndarray | Iterable[Iterable[int]], rules: str | RuleSet = "paohuzi") -> np.ndarray:
    """``ting`` of each row of an (N, 20) count array (no exposed melds): int16 (N, 20), -1 = no win."""
    from .kernels import ting_batch as kernel

    rules = PRESETS.resolve(rules)
    counts = batch_counts(counts)
    view = VIEW.value or VIEW.get()
    out = np.empty((counts.shape[0], N_CARDS), np.int16)
    status, row = kernel(counts, view.trans, view.final, view.values, rules.min_huxi, rules.pair_with_quad, out)
    jit.check(status, row, _row_error("ting", counts))
    return out
