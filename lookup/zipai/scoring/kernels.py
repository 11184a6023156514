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
(:mod:`lookup.jit`'s protocol); the caller names the error with the Python step.
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
from .rules import ScoringRules

ERR_ROW = 6
"""Status of a row :func:`lookup.zipai.scoring.score.checked` refuses (it says why)."""
DEFER = 1
"""``defer[i]``: row i is scored by the Python step."""

PRESET_IDS = {"changde": 0, "hengyang_shihuka": 1, "yongzhou": 2, "anhua": 3, "shaoyang_bopi": 4}
CHANGDE, HENGYANG, YONGZHOU, ANHUA, BOPI = range(5)

(P_PRESET, P_MIN_HUXI, P_DIFEN, P_CAP, P_HANGHANGXI, P_JIA_HANGHANGXI, P_SIQIHONG, P_SHUANGXING, P_ANFAN,
 P_HONGZHUAN, P_YIXI_YITUN, P_ZIMO_TUN, P_ZIMO_FAN, P_HUPAI_JIA, P_PAPO_CAP, P_TIANDIHU, P_HONGHEIDIAN,
 P_YIWUSHI, N_PARAMS) = range(19)
"""Slots of the kernel's ``params`` (int64): the preset's id and its room options (-1: no cap)."""

(C_WIN, C_WANG, C_XING, C_XING_COUNT, C_HUANGFAN, C_SELF_DRAWN, C_DISCARD, C_TIANHU, C_DIHU, C_HAIDI, C_SHUAHOU,
 C_SANTI_WUKAN, N_COLUMNS) = range(13)
"""Columns of the kernel's ``columns`` (int64, (N, N_COLUMNS)): score_batch's per-row arguments."""

PENG, WEI, PAO, TI, CHI, CHI_YIWUSHI = 1, 2, 3, 4, 5, 6
"""Meld kind codes of the kernel's ``melds`` (score_batch's, and 6 for an eaten 一五十)."""
MELDS = 7
KIND, CARD, HUXI = 0, MELDS, 2 * MELDS
"""A row of the kernel's ``melds`` (int8, 21): melds[KIND + j] the kind code of meld j (0: none),
melds[CARD + j] a set's card (-1 for 吃), melds[HUXI + j] its huxi."""
UNITS = 7
HONOURED = bytes(1 if t in (0, 1, 2, 6, 9, 10, 11, 12, 16, 19) else 0 for t in range(N_CARDS))
"""HONOURED[t]: card t is in a group that scores without 一五十 (一二三 二七十 and their big forms)."""
HENGYANG_LOW = bytes((3, 1, 2, 2, 2))
"""衡阳十胡卡's 囤 of 10..14 huxi (:data:`lookup.zipai.scoring.tun.HENGYANG_LOW`)."""
CHANGDE_FLAGS = 6
"""常德's 听胡, 天胡, 地胡 and 海底胡 are 6 番 each."""
IDX = SPLIT_WORK
"""work[IDX + j]: the card the j-th free 王 reads as (a sorted reading), after split_huxis's scratch."""
WORK_SIZE = IDX + 4
BASE, FUSED, HELD, PART, WHOLE, SCRATCH_ROWS = range(6)
"""Rows of the scratch :func:`layout_best` takes: the layout's hand and fixed units' cards, the
hand with a reading of its 王, its checked part, the whole hand."""
MAX_ANSWER = (2 ** 31 - 1, 2 ** 15 - 1, 2 ** 15 - 1, 2 ** 31 - 1)
"""The most each answer field holds (int32 score, int16 huxi and 囤, int32 番)."""
CONFLICTS = ((C_SELF_DRAWN, C_DISCARD), (C_TIANHU, C_DISCARD), (C_TIANHU, C_DIHU), (C_TIANHU, C_HAIDI),
             (C_TIANHU, C_SHUAHOU), (C_DIHU, C_HAIDI), (C_HAIDI, C_DISCARD), (C_SANTI_WUKAN, C_DISCARD),
             (C_SANTI_WUKAN, C_DIHU), (C_SANTI_WUKAN, C_HAIDI), (C_SANTI_WUKAN, C_SHUAHOU))
"""The flags that cannot hold together (:data:`lookup.zipai.scoring.situation._CONFLICTS`)."""


def params_of(rules: ScoringRules) -> np.ndarray:
    """``rules`` as the kernel's int64 ``params`` (:data:`P_PRESET` ...)."""
    out = np.zeros(N_PARAMS, np.int64)
    values = {P_PRESET: PRESET_IDS[rules.preset], P_MIN_HUXI: rules.min_huxi, P_DIFEN: rules.difen or 1,
              P_CAP: -1 if rules.cap is None else rules.cap, P_HANGHANGXI: bool(rules.hanghangxi),
              P_JIA_HANGHANGXI: bool(rules.jia_hanghangxi), P_SIQIHONG: bool(rules.siqihong),
              P_SHUANGXING: bool(rules.shuangxing), P_ANFAN: bool(rules.anfan_xianhu),
              P_HONGZHUAN: bool(rules.hongzhuan), P_YIXI_YITUN: bool(rules.yixi_yitun),
              P_ZIMO_TUN: bool(rules.zimo_tun), P_ZIMO_FAN: bool(rules.zimo_fan), P_HUPAI_JIA: rules.hupai_jia or 0,
              P_PAPO_CAP: -1 if rules.papo_cap is None else rules.papo_cap, P_TIANDIHU: bool(rules.tiandihu),
              P_HONGHEIDIAN: bool(rules.hongheidian), P_YIWUSHI: bool(rules.yiwushi)}
    for slot, value in values.items():
        out[slot] = int(value)
    return out


@jitable(inline="llvm")
def flags_refused(params: np.ndarray, col: np.ndarray) -> bool:
    """True when the scalar checks refuse a row's arguments whatever its cards: flags that
    conflict, a 王 or 醒 the preset lacks, 三提五坎 outside 安化."""
    preset = params[P_PRESET]
    for a, b in CONFLICTS:
        if col[a] and col[b]:
            return True
    win = col[C_WIN]
    if win == WANG and col[C_DISCARD]:
        return True
    if (col[C_XING] != -1 or col[C_XING_COUNT] != -1) and preset != YONGZHOU and preset != HENGYANG:
        return True
    if col[C_XING] != -1 and col[C_XING_COUNT] != -1:
        return True
    if col[C_SANTI_WUKAN] and preset != ANHUA:
        return True
    return preset != YONGZHOU and (col[C_WANG] > 0 or win == WANG or col[C_XING] == WANG)


@jitable(inline="llvm")
def hand_refused(params: np.ndarray, c: np.ndarray, used: np.ndarray, melds: np.ndarray, col: np.ndarray) -> bool:
    """True when the scalar checks refuse a row's cards (:func:`lookup.zipai.scoring.score.checked`):
    counts over 4, an eaten 一五十 the rules lack, a wrong size, a winning card the hand lacks."""
    win = col[C_WIN]
    wang = col[C_WANG]
    size = wang
    exposed = 0
    for j in range(MELDS):
        if melds[KIND + j] == CHI_YIWUSHI and not params[P_YIWUSHI]:
            return True
        exposed += melds[KIND + j] != 0
    over = 0
    for t in range(N_CARDS):  # (counts are >= 0: a sum over 4 is the only way to hold too many)
        x = c[t] + used[t]
        over |= x > MAX_COPIES
        size += x
    if over:
        return True
    if col[C_SANTI_WUKAN]:
        return exposed > 0
    if not UNITS * 3 <= size <= UNITS * 4 - 2:
        return True
    if win == WANG and not wang:
        return True
    return 0 <= win < N_CARDS and c[win] == 0


@jitable(inline="llvm")
def xing_of(params: np.ndarray, col: np.ndarray, whole: np.ndarray) -> int:
    """The 醒数 of a whole hand (:func:`lookup.zipai.scoring.mingtang.xing_count`)."""
    if col[C_XING_COUNT] != -1:
        return col[C_XING_COUNT]
    xing = col[C_XING]
    if xing == -1:
        return 0
    n = 0
    if xing == WANG:
        for t in range(N_CARDS):
            n = max(n, whole[t])
    else:
        n = whole[xing]
    return 2 * n if params[P_SHUANGXING] else n


@jitable(inline="llvm")
def changde_fan(params: np.ndarray, col: np.ndarray, colours: tuple[int, int, int],
                shape: tuple[int, int, int, int]) -> int:
    """常德's 番 of a group: ``colours`` (red, big, small); ``shape`` (part size, 坎/提 in the
    hand, 团圆 numbers, whether the melds allow 对子胡 / 听胡 as bits 1 / 2)."""
    red, big, small = colours
    size, sets, tuanyuan, melds = shape
    fan = 0
    if red >= 10:
        fan += 3 + red - 10
    elif red == 1:
        fan += 6
    elif red == 0:
        fan += 8
    if big >= 18:
        fan += 8 + big - 18
    if small >= 16:
        fan += 10 + small - 16
    if melds & 1 and size <= 2:  # 对子胡: no group in the part, no eaten one
        fan += 8
    fan += 8 * tuanyuan
    if melds & 2:  # 听胡
        fan += CHANGDE_FLAGS
    fan += CHANGDE_FLAGS * (col[C_TIANHU] + col[C_DIHU] + col[C_HAIDI])
    if col[C_SHUAHOU] and size <= 2 and sets == 0:  # 耍猴: the concealed hand is the pair
        fan += 8
    if params[P_SIQIHONG] and (red == 4 or red == 7):
        fan += 3
    return max(1, fan)


@jitable(inline="llvm")
def hengyang_tun(params: np.ndarray, huxi: int, xing: int) -> int:
    """衡阳十胡卡's 囤 of ``huxi`` (:func:`lookup.zipai.scoring.tun.tun`)."""
    t = HENGYANG_LOW[huxi - 10] if huxi < 15 else 3 + (huxi - 15) // 3
    if params[P_DIFEN] == 2:
        t += 1
    elif params[P_DIFEN] == 3:
        t *= 2
    return t + xing


@jitable(inline="llvm")
def value_of(params: np.ndarray, col: np.ndarray, huxi: int, colours: tuple[int, int, int], xing: int,
             fan: int) -> tuple[int, int, int]:
    """(score, 囤, 番) of a candidate of ``huxi`` (score -1: refused, 囤 and 番 -1: none).
    ``fan``: 常德's 番 of the group, or 永州's 王 special multiplier (1: none)."""
    preset = params[P_PRESET]
    red, _, small = colours
    self_drawn = col[C_SELF_DRAWN]
    tianhu = col[C_TIANHU]
    if preset == CHANGDE:
        t = params[P_DIFEN] + (huxi - 15) // 3 + self_drawn
        total = fan * t * (1 + col[C_HUANGFAN])
        return (total if params[P_CAP] < 0 else min(total, params[P_CAP])), t, fan
    if preset == HENGYANG:
        f = 1
        if 10 <= red <= 12:
            f = 2
        elif red >= 13:
            f = 5
        elif red == 1:
            f = 3
        elif red == 0:
            f = 5
        if self_drawn:
            f *= 2
        t = hengyang_tun(params, huxi, xing)
        return f * t, t, f
    if preset == YONGZHOU:
        f = 2 if self_drawn else 1
        if red >= 10:
            if params[P_HONGZHUAN] and red >= 16:
                f *= 4
            elif params[P_HONGZHUAN] and red >= 13:
                f *= 3
            else:
                f *= 2
        elif red == 1:
            f *= 3
        elif red == 0:
            f *= 4
        f *= fan
        t = (huxi - params[P_MIN_HUXI]) // 3 + 2
        wang = col[C_WANG]
        if params[P_ANFAN] and wang and f < 2 ** wang:
            return -1, t, f
        total = (t + xing) * f
        return (total if params[P_CAP] < 0 else min(total, params[P_CAP])), t, f
    if preset == ANHUA:
        if small >= 18:
            f = 6
        elif red == 0:
            f = 5
        elif red >= 13:
            f = 4
        elif red == 1:
            f = 3
        elif red >= 10:
            f = 2
        else:
            f = 1
        if tianhu:
            f *= 2
        elif self_drawn and params[P_ZIMO_FAN]:
            f *= 2
        k = 1 if params[P_YIXI_YITUN] else 3
        t = 1 + (huxi - 15) // k + (1 if params[P_ZIMO_TUN] and self_drawn and not tianhu else 0)
        total = f * t * params[P_DIFEN] + params[P_HUPAI_JIA]
        if col[C_HUANGFAN]:
            climb = 2 ** min(col[C_HUANGFAN], 16)
            total *= climb if params[P_PAPO_CAP] < 0 else min(climb, params[P_PAPO_CAP])
        return total, t, f
    value = huxi  # 邵阳剥皮
    if params[P_TIANDIHU] and (tianhu or col[C_DIHU]):
        value += 10
    if params[P_HONGHEIDIAN]:
        if red == 1 or 10 <= red <= 12:
            value *= 2
        elif red >= 13 or red == 0:
            value = max(2 * value, 60)
    if self_drawn and not tianhu:
        value += 10
    return value, -1, -1


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
