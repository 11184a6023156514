"""The Numba kernel of :func:`lookup.zipai.score_batch`: each row's best score, compiled.

A candidate's score depends on few features (docs/zipai-scoring.md): the whole hand's card
counts (red, big, small cards, 醒数), its 王 special, the huxi, and in 常德 the units' shape
(对子胡, 团圆, 耍猴). All but the huxi are fixed by a *group*: one layout of the hand (as
written, the winning card completing an exposed 碰/偎, a 王 special), one reading of its free
王 and one placement of four winning cards (a 提, or a 坎 and the card in the groups). In a
group the 囤 and the score grow with the huxi, so the table's best huxi of the group's checked
part (one walk) decides, but in 衡阳十胡卡, where 10 huxi pay more than 11 to 14: when the best
is 11 to 14, :func:`lookup.zipai.splits.split_huxis` says whether a split makes exactly 10.
Groups are visited in the order :func:`lookup.zipai.scoring.candidates.candidates` lists
them and kept on a strictly better (score, huxi), so the answer is :func:`score`'s.

Rows the kernel leaves to the Python step (:func:`lookup.zipai.scoring.score.score_hand`),
marked :data:`DEFER`: 安化's 三提五坎 claims, and 常德 rows under ``hanghangxi`` or
``jia_hanghangxi`` whose checked part could split into scoring groups only (行行息 depends on
the split). A row the scalar checks refuse stops the kernel with :data:`ERR_ROW` and its index
(:mod:`lookup.jit`'s protocol); the caller names the error with the Python step. The steps
that read no table (checks, values) are in :mod:`.values`.
"""

from __future__ import annotations

import numpy as np

from ... import jit
from ...addresses import row_at, unowned
from ...jit import jitable, kernel_decorator
from ..encoding import HUXI_MASK, MAX_COPIES, N_CARDS, N_NUMBERS, HuTables, walk
from ..hand import KAN_COPIES, part_size_ok, take_out_sets
from ..kernels import unowned_tables
from ..splits import SPLIT_WORK, split_huxis
from ..units import KAN_HUXI, PAO_HUXI, TI_HUXI
from ..wang import RED_CARD, WANG
from .values import (
    C_DISCARD,
    C_SANTI_WUKAN,
    C_SELF_DRAWN,
    C_WANG,
    C_WIN,
    CARD,
    CHANGDE,
    CHI,
    DEFER,
    ERR_ROW,
    HENGYANG,
    HONOURED,
    HUXI,
    KIND,
    MELDS,
    P_HANGHANGXI,
    P_JIA_HANGHANGXI,
    P_MIN_HUXI,
    P_PRESET,
    PAO,
    PENG,
    TI,
    UNITS,
    WEI,
    YONGZHOU,
    changde_fan,
    flags_refused,
    hand_refused,
    value_of,
    xing_of,
)

IDX = SPLIT_WORK
"""work[IDX + j]: the card the j-th free 王 reads as (a sorted reading), after split_huxis's scratch."""
WORK_SIZE = IDX + 4
BASE, FUSED, HELD, PART, WHOLE, SCRATCH_ROWS = range(6)
"""Rows of the scratch :func:`layout_best` takes: the layout's hand and fixed units' cards, the
hand with a reading of its 王, its checked part, the whole hand."""
MAX_ANSWER = (2 ** 31 - 1, 2 ** 15 - 1, 2 ** 15 - 1, 2 ** 31 - 1)
"""The most each answer field holds (int32 score, int16 huxi and 囤, int32 番)."""

@jitable(inline="llvm")
def layout_best(tables: HuTables, params: np.ndarray, col: np.ndarray, layout: tuple[int, int, int, int, int],
                fixed: tuple[int, int, int, int, int], scratch: np.ndarray, work: np.ndarray,
                best: tuple[int, int, int, int]) -> tuple[int, tuple[int, int, int, int]]:
    """Every group of one layout scored against ``best`` (score, huxi, 囤, 番): ``(DEFER or 0,
    the new best)``.

    ``layout``: (free 王, placement card or -1, the 王 special's multiplier (1: none), whether
    the melds allow 对子胡 / 听胡 as bits 1 / 2, 团圆 mask of the fixed quads' cards);
    ``fixed``: the fixed units' (huxi, quads, units, pairs, cards); ``scratch``: uint8
    (:data:`SCRATCH_ROWS`, 20), the rows :data:`BASE` (the layout's hand) and :data:`FUSED` (its
    fixed units' cards) filled, the others written here; ``work``: int64 of :data:`WORK_SIZE`.
    """
    trans, final, values = tables
    base, fused, held, part, whole = (row_at(scratch, BASE), row_at(scratch, FUSED), row_at(scratch, HELD),
                                      row_at(scratch, PART), row_at(scratch, WHOLE))
    free, place, special, melds, quad_mask = layout
    fixed_huxi, fixed_quads, fixed_units, fixed_pairs, fused_cards = fixed
    preset = params[P_PRESET]
    for j in range(free):
        work[IDX + j] = 0
    if free:
        for t in range(N_CARDS):
            held[t] = base[t]
    else:
        held = base  # no reading: the hand as the layout holds it
    while True:
        for j in range(free):
            held[work[IDX + j]] += 1
        over = red = small = cards = 0
        for t in range(N_NUMBERS):  # the whole hand's counts and colours
            x = held[t] + fused[t]
            y = held[t + N_NUMBERS] + fused[t + N_NUMBERS]
            whole[t] = x
            whole[t + N_NUMBERS] = y
            over |= (x > MAX_COPIES) | (y > MAX_COPIES)
            red += x * RED_CARD[t] + y * RED_CARD[t + N_NUMBERS]
            small += x
            cards += held[t] + held[t + N_NUMBERS]
        big = cards + fused_cards - small
        if not over:
            colours = (red, big, small)
            xing = xing_of(params, col, whole) if preset == YONGZHOU or preset == HENGYANG else 0
            for kept in range(2):
                if kept and (place < 0 or held[place] != MAX_COPIES):
                    break
                _, size, set_huxi, hand_quads = take_out_sets(held, fused, part)
                sets = (cards - size - MAX_COPIES * hand_quads) // KAN_COPIES + hand_quads
                if kept:
                    part[place] = 1
                    size += 1
                    set_huxi -= TI_HUXI[place // N_NUMBERS] - KAN_HUXI[place // N_NUMBERS]
                    hand_quads -= 1
                if not part_size_ok(size):
                    continue
                pair = 1 if size % 3 == 2 else 0
                if size // 3 + pair + sets + fixed_units != UNITS:
                    continue
                if pair + fixed_pairs != (1 if hand_quads + fixed_quads > 0 else 0):
                    continue
                rank = walk(trans, final, part)
                if rank < 0:
                    continue
                huxi = fixed_huxi + set_huxi + (values[rank] & HUXI_MASK)
                if huxi < params[P_MIN_HUXI]:
                    continue
                fan = special
                if preset == CHANGDE:
                    if params[P_HANGHANGXI] or params[P_JIA_HANGHANGXI]:
                        outside = 0
                        for t in range(N_CARDS):
                            if not HONOURED[t]:
                                outside += part[t]
                        if (melds & 4) == 0 and (params[P_HANGHANGXI] and pair == 0 and outside == 0
                                                 or params[P_JIA_HANGHANGXI] and pair == 1 and outside <= 2):
                            return DEFER, best
                    tuanyuan = 0
                    for n in range(N_NUMBERS):  # a quad of the number in both cases: fixed, or a 提 in the hand
                        small_quad = quad_mask >> n & 1 or held[n] == MAX_COPIES and not (kept and place == n)
                        big_quad = (quad_mask >> (n + N_NUMBERS) & 1
                                    or held[n + N_NUMBERS] == MAX_COPIES and not (kept and place == n + N_NUMBERS))
                        tuanyuan += small_quad and big_quad
                    fan = changde_fan(params, col, colours, (size, sets, tuanyuan, melds))
                elif preset == HENGYANG and 11 <= huxi <= 14:
                    target = 10 - fixed_huxi - set_huxi
                    if target >= 0 and split_huxis(tables, part, work) >> target & 1:
                        huxi = 10
                total, t, f = value_of(params, col, huxi, colours, xing, fan)
                if total >= 0 and (total > best[0] or total == best[0] and huxi > best[1]):
                    best = (total, huxi, t, f)
        for j in range(free):
            held[work[IDX + j]] -= 1
        j = free - 1
        while j >= 0 and work[IDX + j] == N_CARDS - 1:
            j -= 1
        if j < 0:
            break
        nxt = work[IDX + j] + 1
        for k in range(j, free):
            work[IDX + k] = nxt
    return 0, best


SPECIAL_FAN = (1, 4, 8, 16)
"""永州's 王 special of k 王 read as the drawn card: 王钓 4, 王闯 8, 王炸 16 (doubled for a drawn 王)."""


@jitable
def score_row(tables: HuTables, params: np.ndarray, c: np.ndarray, used: np.ndarray,
              melds: np.ndarray, col: np.ndarray, scratch: np.ndarray,
              work: np.ndarray) -> tuple[int, tuple[int, int, int, int]]:
    """``(status, (score, huxi, 囤, 番))`` of one checked row: status 0 (score -1: no win) or
    :data:`DEFER`. ``melds``: the row's melds (:data:`KIND` ...); ``scratch`` and
    ``work`` as :func:`layout_best` takes them."""
    base, fused = row_at(scratch, BASE), row_at(scratch, FUSED)
    best = (-1, -1, -1, -1)
    preset = params[P_PRESET]
    win = col[C_WIN]
    wang = col[C_WANG]
    self_drawn = col[C_SELF_DRAWN]
    if wang and not self_drawn or preset == CHANGDE and col[C_DISCARD]:
        return 0, best
    huxi = quads = units = ncards = 0
    quad_mask = 0
    flags = 3  # 对子胡 allowed (no eaten group), 听胡 (no meld but 提)
    for j in range(MELDS):
        kind = melds[KIND + j]
        if kind == 0:
            continue
        units += 1
        huxi += melds[HUXI + j]
        ncards += 3
        if kind == PAO or kind == TI:
            ncards += 1
            quads += 1
            quad_mask |= 1 << int(melds[CARD + j])
        if kind >= CHI:
            flags &= ~1
            if melds[HUXI + j] == 0:
                flags |= 4  # an eaten group without huxi: no 行行息
        if kind != TI:
            flags &= ~2
    place = win if 0 <= win < N_CARDS else -1
    for t in range(N_CARDS):
        base[t] = c[t]
        fused[t] = used[t]
    status, best = layout_best(tables, params, col, (wang, place, 1, flags, quad_mask), (huxi, quads, units, 0, ncards),
                               scratch, work, best)
    if status != 0 or place < 0 and (win != WANG or preset != YONGZHOU):
        return status, best
    if place >= 0:
        case = place // N_NUMBERS
        for j in range(MELDS):  # the winning card completes an exposed 碰 or 偎
            kind = melds[KIND + j]
            if melds[CARD + j] == win and (kind == PENG or kind == WEI):
                upgraded = TI_HUXI[case] if kind == WEI and self_drawn else PAO_HUXI[case]
                base[win] -= 1
                fused[win] += 1
                fixed = (huxi - melds[HUXI + j] + upgraded, quads + 1, units, 0, ncards + 1)
                status, best = layout_best(tables, params, col, (wang, -1, 1, flags, quad_mask | 1 << win), fixed,
                                           scratch, work, best)
                base[win] += 1
                fused[win] -= 1
                if status != 0:
                    return status, best
    if preset != YONGZHOU or place < 0 and win != WANG:
        return 0, best
    for k in range(1, 4):  # 王 specials: k 王 read as the drawn card (or a drawn 王 and k more as one card)
        n = k + 1
        for t in range(N_CARDS):
            if place >= 0:
                if wang < k or t != place or c[t] + used[t] + k > MAX_COPIES:
                    continue
                free = wang - k
                base[t] -= 1
                fan = SPECIAL_FAN[k]
            else:
                if wang < k + 1 or c[t] + used[t] + n > MAX_COPIES:
                    continue
                free = wang - n
                fan = 2 * SPECIAL_FAN[k]
            case = t // N_NUMBERS
            special_huxi = 0 if n == 2 else KAN_HUXI[case] if n == 3 else TI_HUXI[case]
            fused[t] += n
            status, best = layout_best(tables, params, col, (free, -1, fan, flags, quad_mask),
                                       (huxi + special_huxi, quads + (n == 4), units + 1, 1 if n == 2 else 0,
                                        ncards + n),
                                       scratch, work, best)
            fused[t] -= n
            if place >= 0:
                base[t] += 1
    return 0, best


kernel = kernel_decorator(__name__)


@kernel
def score_batch(counts: np.ndarray, used: np.ndarray, melds: np.ndarray,
                columns: np.ndarray, params: np.ndarray, tables: HuTables,
                out: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], defer: np.ndarray) -> tuple[int, int]:
    """Score each row into ``out`` (score, huxi, 囤, 番: the fields of score_batch's answer,
    left as they are, -1, where a row does not win or the preset has none), or set
    ``defer[i] = DEFER``.

    ``counts``, ``used``: uint8 (N, 20), the hand with the winning card and the exposed melds'
    cards; ``melds``: int8 (N, 21), each row as :data:`KIND` says;
    ``columns``: int64 (N, :data:`N_COLUMNS`), or (1, N_COLUMNS) for the same on every row;
    ``params``: :func:`params_of`; ``defer`` uint8 (N,) zeros. Status: ``(OK, N)``, or
    ``(ERR_ROW, i)`` for the first row the checks refuse (rows after it untouched).
    """
    tables = unowned_tables(tables)
    params = unowned(params)
    scores, huxis, tuns, fans = out
    work = np.zeros(WORK_SIZE, np.int64)
    rows = np.zeros((SCRATCH_ROWS, N_CARDS), np.uint8)
    same = columns.shape[0] == 1
    if same and counts.shape[0] and flags_refused(params, row_at(columns, 0)):
        return ERR_ROW, 0
    for i in range(counts.shape[0]):
        col = row_at(columns, 0 if same else i)
        c = row_at(counts, i)
        u = row_at(used, i)
        m = row_at(melds, i)
        if not same and flags_refused(params, col) or hand_refused(params, c, u, m, col):
            return ERR_ROW, i
        if col[C_SANTI_WUKAN]:
            defer[i] = DEFER
            continue
        status, best = score_row(tables, params, c, u, m, col,
                                 unowned(rows), unowned(work))
        if status != 0 or best[0] > MAX_ANSWER[0] or best[1] > MAX_ANSWER[1] or best[2] > MAX_ANSWER[2] \
                or best[3] > MAX_ANSWER[3]:
            defer[i] = DEFER
        elif best[0] >= 0:
            scores[i], huxis[i], tuns[i], fans[i] = best
    return jit.OK, counts.shape[0]
