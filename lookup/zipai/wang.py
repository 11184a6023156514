"""Zipai per-hand steps with 王 (wildcards), each written once: the scalar queries run them as
Python, the batch kernels compile them (they are :func:`~lookup.jit.jitable`).

A hand holds ``wang`` 王 (0..4) besides its 20 counts. Each 王 reads as any of the 20 cards
(a fifth copy included: the copy limit counts real cards only; a hand holds at most 4 of a
card once read); the hand wins when some reading wins, with the best huxi over the readings,
found by the search of :mod:`lookup.zipai.wang_search` (its answer a key: total huxi and the
王 read as red cards).

:func:`hu_wang` is hu of a hand with 王, :func:`ting_wang` ting (each real card, and a drawn
王 in ``out[WANG]``). Arguments as in :mod:`lookup.zipai.hand`, plus ``back``, the group set's
reverse automaton (:data:`~lookup.zipai.encoding.TingTables`), ``wang`` and ``work``, scratch
of :data:`~lookup.zipai.wang_search.WORK_SIZE` ints (a list in Python, int64 compiled).
"""

from __future__ import annotations

from ..jit import ERR_SIZE, OK, jitable
from .encoding import (
    GROUP_SIZE,
    MAX_COPIES,
    MAX_PART_COPIES,
    N_CARDS,
    NO_WIN,
    Counts,
    HuTables,
    Scratch,
    Table,
)
from .hand import KAN_COPIES, Melds, Rules, part_size_ok, take_out_sets
from .units import MAX_CARD_UNITS, NO_CARD, NO_UNIT, UNIT_CARD_BYTES, unit_in_set
from .waits import NO_CASE, draw_case
from .wang_search import (
    LIMIT,
    READ,
    RED_CARD,
    RED_SCALE,
    best_reading,
)

MAX_WANG = 4
"""A hand holds at most 4 王."""
WANG = N_CARDS
"""Index of a drawn 王 in a ting answer (after the 20 cards)."""


@jitable
def hand_masks(c: Counts, work: Scratch) -> tuple[int, int]:
    """Set work[LIMIT] and work[READ] for the hand ``c``; ``(kan, fixed)``: bit t for a 坎 / a 提 of t."""
    kan = 0
    fixed = 0
    for t in range(N_CARDS):
        x = c[t]
        work[READ + t] = 0
        work[LIMIT + t] = MAX_PART_COPIES if x < KAN_COPIES else 0
        if x == KAN_COPIES:
            kan |= 1 << t
        elif x > KAN_COPIES:
            fixed |= 1 << t
    return kan, fixed


@jitable
def total_of(key: int, min_huxi: int) -> int:
    """The total huxi of a key, or NO_WIN for no key or a total under ``min_huxi``."""
    if key < 0 or key // RED_SCALE < min_huxi:
        return NO_WIN
    return key // RED_SCALE


@jitable
def hu_wang(tables: HuTables, back: Table, rules: Rules, c: Counts, used: Counts, melds: Melds, wang: int,
            part: Scratch, work: Scratch) -> tuple[int, int]:
    """``(status, best key)`` of the hand ``c`` with ``wang`` 王 (the winning card in it); key -1
    when no reading wins (the caller applies ``min_huxi`` with :func:`total_of`).

    The cards outside 坎/提 and the 王 must number 3k or 3k+2, at most 21 (ERR_SIZE with that
    number otherwise); ERR_COPIES as in :func:`lookup.zipai.hand.take_out_sets`.
    """
    status, size, huxi, kan_quads = take_out_sets(c, used, part)
    if status != OK:
        return status, size
    if not part_size_ok(size + wang):
        return ERR_SIZE, size + wang
    _, pair_with_quad, _ = rules
    meld_huxi, quads, _, _ = melds
    sets = hand_masks(c, work)
    return OK, best_reading(tables, back, pair_with_quad, part, sets, (wang, size + wang, meld_huxi + huxi, 0,
                                                                 quads + kan_quads), work)


@jitable
def take_free_unit(c: Counts, part: Scratch, u: int, t: int, limit: int, work: Scratch) -> tuple[int, int, int]:
    """Take unit ``u`` (holding the free third copy of ``t``) off ``part``, 王 standing in for its
    missing cards: ``(王 used or -1 when u cannot be taken, red 王 among them, mask of u's cards)``.

    ``limit``: the first unit outside the group set. A card of u held as 坎/提 refuses it. The
    other cards of u get work[LIMIT] lowered so that no card but t is held 3 times in the part.
    """
    if not unit_in_set(u, limit):
        return -1, 0, 0
    i = GROUP_SIZE * u
    mask = 0
    for s in range(GROUP_SIZE):
        y = UNIT_CARD_BYTES[i + s]
        if y != NO_CARD:
            mask |= 1 << y
            if y != t and c[y] >= KAN_COPIES:
                return -1, 0, 0
    used = 0
    reds = 0
    for s in range(GROUP_SIZE):
        y = UNIT_CARD_BYTES[i + s]
        if y == NO_CARD:
            continue
        if part[y] > 0:
            part[y] -= 1
        else:
            used += 1
            reds += RED_CARD[y]
            work[READ + y] += 1
        work[LIMIT + y] -= 1
    work[LIMIT + t] = part[t]  # the free copy's card takes no 王 in the rest
    return used, reds, mask


@jitable
def give_free_unit(c: Counts, part: Scratch, u: int, t: int, work: Scratch) -> None:
    """Undo :func:`take_free_unit` (given that it took ``u``): part, READ and LIMIT as before."""
    i = GROUP_SIZE * u
    for s in range(GROUP_SIZE):
        y = UNIT_CARD_BYTES[i + s]
        if y == NO_CARD:
            continue
        if work[READ + y] > 0:
            work[READ + y] -= 1
        else:
            part[y] += 1
        work[LIMIT + y] = MAX_PART_COPIES if c[y] < KAN_COPIES else 0


@jitable
def ting_wang(tables: HuTables, back: Table, rules: Rules, c: Counts, used: Counts, melds: Melds, wang: int,
              part: Scratch, work: Scratch, out: Scratch) -> tuple[int, int]:
    """Fill ``out`` (21) with the best total huxi after drawing each card and, in out[WANG], a 王
    (NO_WIN where it does not win); ``(status, number of winning draws)``.

    The cards outside 坎/提 and the 王 must number 3k+1 or 3k+2, at most 20 (ERR_SIZE). A real
    card is drawn only while hand and melds hold fewer than 4; it is placed in each of its
    :func:`~lookup.zipai.waits.draw_case` cases, and the 王 are then read as in :func:`hu_wang`.
    A drawn card that makes three of a kind stays free inside a group only when the other two
    are real (a 王 read into three of a kind makes a 坎). A drawn 王 is hu with one 王 more.
    """
    min_huxi, pair_with_quad, limit = rules
    meld_huxi, meld_quads, peng, wei = melds
    status, size, huxi, kan_quads = take_out_sets(c, used, part)
    if status != OK:
        return status, size
    if not part_size_ok(size + wang + 1):
        return ERR_SIZE, size + wang
    kan, fixed = hand_masks(c, work)
    melds_huxi = meld_huxi + huxi
    quads = meld_quads + kan_quads
    waits = 0
    for t in range(N_CARDS):
        x = c[t]
        best = -1
        if x + used[t] < MAX_COPIES:
            kept = part[t]
            for k in range(1 + MAX_CARD_UNITS if x == MAX_PART_COPIES else 1):
                u, held, grown, gained, upgraded = draw_case(x, t, k, peng, wei)
                if u == NO_CASE:
                    break
                if u == NO_UNIT:
                    part[t] = held
                    bit = 1 << t
                    if x == KAN_COPIES:  # the 坎 becomes a 提
                        key = best_reading(tables, back, pair_with_quad, part, (kan & ~bit, fixed | bit),
                                           (wang, size + grown + wang, melds_huxi + gained, 0, quads + upgraded), work)
                    elif x == MAX_PART_COPIES:  # the pair and the card: a 偎, which one 王 makes a 提
                        work[LIMIT + t] = 0
                        key = best_reading(tables, back, pair_with_quad, part, (kan | bit, fixed),
                                           (wang, size + grown + wang, melds_huxi + gained, 0, quads + upgraded), work)
                        work[LIMIT + t] = MAX_PART_COPIES
                    else:  # joins the part, or makes an exposed 碰/偎 a 跑/提
                        key = best_reading(tables, back, pair_with_quad, part, (kan, fixed),
                                           (wang, size + grown + wang, melds_huxi + gained, 0, quads + upgraded), work)
                else:  # a free third copy inside unit u
                    part[t] = held
                    spent, reds, mask = take_free_unit(c, part, u, t, limit, work)
                    key = -1
                    if spent >= 0:
                        if spent <= wang:
                            key = best_reading(tables, back, pair_with_quad, part, (kan, fixed | mask),
                                               (wang - spent, size + grown + wang, melds_huxi + gained, reds, quads),
                                               work)
                        give_free_unit(c, part, u, t, work)
                    work[LIMIT + t] = MAX_PART_COPIES
                if key > best:
                    best = key
                part[t] = kept
        out[t] = total_of(best, min_huxi)
        if out[t] >= 0:
            waits += 1
    out[WANG] = NO_WIN
    if wang < MAX_WANG:
        key = best_reading(tables, back, pair_with_quad, part, (kan, fixed),
                           (wang + 1, size + wang + 1, melds_huxi, 0, quads), work)
        out[WANG] = total_of(key, min_huxi)
        if out[WANG] >= 0:
            waits += 1
    return OK, waits
