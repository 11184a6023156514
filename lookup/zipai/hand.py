"""Zipai hu of one hand, and the per-hand steps every query starts with: each written once,
run as Python by the scalar queries and compiled by the kernels (:func:`~lookup.jit.jitable`).

A hand is 20 counts. Its triples and quads are taken out first as 坎 and 提
(:func:`take_out_sets`); the rest, the *checked part* (counts <= 2), must hold 3k or 3k+2
cards, at most 21 (:func:`part_size_ok`). It wins when the pair rule holds
(:func:`pair_rule_ok`), one walk of the automaton (:func:`~lookup.zipai.encoding.walk`)
finds it, and its best huxi with the melds' reaches the threshold (:func:`score`).
:func:`hu_counts` is that for one hand; ting is in :mod:`lookup.zipai.waits`, both with 王 in
:mod:`lookup.zipai.wang`.

Status protocol (:mod:`lookup.jit`): the steps that can refuse a hand return
``(status, value)``: ``OK`` with the answer, or ``ERR_COPIES`` with the card held more than
4 times (hand and exposed melds), or ``ERR_SIZE`` with the size of the checked part.
``NO_WIN`` (-1) is an answer (the hand does not win), not an error.

The steps the per-row loops call are *leaves* where they can be: they read arrays but pass
none on, and read their tables from bytes constants, so Numba compiles them without
reference counting and inlines them into the loop.

Arguments shared by the steps: ``tables``, :data:`~lookup.zipai.encoding.HuTables` of the rule
set's group set (:meth:`lookup.zipai.encoding.Tables.of`); ``rules``, :data:`Rules`; ``c`` the
hand's counts; ``used`` the exposed melds' copies per card and ``melds`` their :data:`Melds`
(:class:`lookup.zipai.melds.Exposed`); ``part`` scratch for 20 counts (the checked part).
"""

from __future__ import annotations

from typing import TypeAlias

from ..jit import ERR_COPIES, ERR_SIZE, OK, jitable
from .encoding import (
    GROUP_SIZE,
    HUXI_MASK,
    MAX_COPIES,
    MAX_PART,
    MAX_PART_COPIES,
    N_CARDS,
    N_NUMBERS,
    NO_WIN,
    PAIR_SIZE,
    Counts,
    HuTables,
    Scratch,
    Table,
    walk,
)
from .units import KAN_HUXI, TI_HUXI

Rules: TypeAlias = tuple[int, bool, int]
"""(min_huxi, pair_with_quad, limit): a rule set as the steps take it (:class:`lookup.zipai.RuleSet`;
``limit`` the first unit past its group set's groups, :func:`~lookup.zipai.units.group_limit`)."""
Melds: TypeAlias = tuple[int, int, int, int]
"""(huxi, quads, peng, wei): the exposed melds' huxi, their number of 跑/提, and bit masks of
the cards with an exposed 碰 / 偎."""
NO_MELDS: Melds = (0, 0, 0, 0)

KAN_COPIES = 3
"""Copies of a card that make a 坎 in the hand; MAX_COPIES (4) make a 提."""


@jitable
def take_out_sets(c: Counts, used: Counts, part: Scratch) -> tuple[int, int, int, int]:
    """Take 坎 and 提 out of the hand ``c``: ``(status, size, huxi, quads)``.

    Writes the checked part into ``part``; ``size`` is its number of cards, ``huxi`` the huxi
    of the 坎 and 提 taken out, ``quads`` the number of 提. A card that hand and melds (``used``)
    hold more than 4 times gives ``ERR_COPIES`` with that card in place of ``size``.
    """
    size = 0
    huxi = 0
    quads = 0
    for t in range(N_CARDS):
        x = c[t]
        if x + used[t] > MAX_COPIES:
            return ERR_COPIES, t, 0, 0
        if x <= MAX_PART_COPIES:
            part[t] = x
            size += x
        else:
            part[t] = 0
            if x == KAN_COPIES:
                huxi += KAN_HUXI[t // N_NUMBERS]
            else:
                huxi += TI_HUXI[t // N_NUMBERS]
                quads += 1
    return OK, size, huxi, quads


@jitable
def part_size_ok(size: int) -> bool:
    """True for the sizes a checked part can win with: 3k (groups) or 3k+2 (and a pair), at most 21."""
    rest = size % GROUP_SIZE
    return (rest == 0 or rest == PAIR_SIZE) and size <= MAX_PART


@jitable
def pair_rule_ok(size: int, quads: int, pair_with_quad: bool) -> bool:
    """The pair rule: a part of ``size`` cards holds a pair exactly when it has 3k+2 cards; under
    ``pair_with_quad`` that is allowed only, and required, with a 提 or 跑 (``quads``)."""
    return not pair_with_quad or (size % GROUP_SIZE == PAIR_SIZE) == (quads > 0)


@jitable
def score(values: Table, rank: int, melds: int, min_huxi: int) -> int:
    """Best total huxi of a part of walk rank ``rank`` with melds worth ``melds``, or NO_WIN
    (the part does not win, or the total stays under ``min_huxi``)."""
    if rank < 0:
        return NO_WIN
    total = melds + (values[rank] & HUXI_MASK)
    if total < min_huxi:
        return NO_WIN
    return total


@jitable
def hu_counts(tables: HuTables, rules: Rules, c: Counts, used: Counts, melds: Melds,
              part: Scratch) -> tuple[int, int]:
    """``(status, best total huxi or NO_WIN)`` of the hand ``c`` (the winning card in it).

    ``ERR_SIZE`` when the checked part cannot win by its size (:func:`part_size_ok`).
    """
    trans, final, values = tables
    min_huxi, pair_with_quad, _ = rules
    meld_huxi, quads, _, _ = melds
    status, size, huxi, kan_quads = take_out_sets(c, used, part)
    if status != OK:
        return status, size
    if not part_size_ok(size):
        return ERR_SIZE, size
    if not pair_rule_ok(size, quads + kan_quads, pair_with_quad):
        return OK, NO_WIN
    return OK, score(values, walk(trans, final, part), meld_huxi + huxi, min_huxi)
