"""score_batch's kernel steps that need no table: its arguments' slots, the scalar checks of
a row, and the value (score, 囤, 番) of a candidate under each preset from its huxi and the
whole hand's counts (the arithmetic of :mod:`.mingtang`, :mod:`.tun` and
:func:`lookup.zipai.scoring.score.score_hand`, for compiled code; :mod:`.kernels` runs them).
"""

from __future__ import annotations

import numpy as np

from ...jit import jitable
from ..encoding import MAX_COPIES, N_CARDS
from ..units import UNIT_CARDS, UNIT_HUXI, YIWUSHI_UNIT
from ..wang import WANG
from . import tun
from .rules import PRESET_OPTIONS, ScoringRules
from .situation import FLAGS

ERR_ROW = 6
"""Status of a row :func:`lookup.zipai.scoring.score.checked` refuses (it says why)."""
DEFER = 1
"""``defer[i]``: row i is scored by the Python step."""

PRESET_IDS = {name: i for i, name in enumerate(PRESET_OPTIONS)}
"""Each preset's id in the kernel's ``params``."""
CHANGDE, HENGYANG, YONGZHOU, ANHUA = (PRESET_IDS[name] for name in ("changde", "hengyang_shihuka", "yongzhou",
                                                                    "anhua"))

(P_PRESET, P_MIN_HUXI, P_DIFEN, P_CAP, P_HANGHANGXI, P_JIA_HANGHANGXI, P_SIQIHONG, P_SHUANGXING, P_ANFAN,
 P_HONGZHUAN, P_YIXI_YITUN, P_ZIMO_TUN, P_ZIMO_FAN, P_HUPAI_JIA, P_PAPO_CAP, P_TIANDIHU, P_HONGHEIDIAN,
 P_YIWUSHI, N_PARAMS) = range(19)
"""Slots of the kernel's ``params`` (int64): the preset's id and its room options (-1: no cap)."""

COLUMNS = ("win_card", "wang", "xing", "xing_count", "huangfan", *FLAGS)
"""score_batch's per-row arguments, in the order of the kernel's ``columns`` (int64, (N, len(COLUMNS)))."""
(C_WIN, C_WANG, C_XING, C_XING_COUNT, C_HUANGFAN, C_SELF_DRAWN, C_DISCARD, C_TIANHU, C_DIHU, C_HAIDI, C_SHUAHOU,
 C_SANTI_WUKAN) = range(len(COLUMNS))
"""Their columns."""

PENG, WEI, PAO, TI, CHI, CHI_YIWUSHI = 1, 2, 3, 4, 5, 6
"""Meld kind codes of the kernel's ``melds`` (score_batch's, and 6 for an eaten 一五十)."""
MELDS = 7
KIND, CARD, HUXI = 0, MELDS, 2 * MELDS
"""A row of the kernel's ``melds`` (int8, 21): melds[KIND + j] the kind code of meld j (0: none),
melds[CARD + j] a set's card (-1 for 吃), melds[HUXI + j] its huxi."""
UNITS = 7
HONOURED = bytes(any(t in UNIT_CARDS[u] and UNIT_HUXI[u] > 0 for u in range(YIWUSHI_UNIT)) for t in range(N_CARDS))
"""HONOURED[t]: card t is in a group that scores without 一五十 (一二三 二七十 and their big forms)."""
HENGYANG_LOW = bytes(tun.HENGYANG_LOW[huxi] for huxi in sorted(tun.HENGYANG_LOW))
"""衡阳十胡卡's 囤 of 10..14 huxi (:data:`lookup.zipai.scoring.tun.HENGYANG_LOW`)."""
CHANGDE_FLAGS = 6
"""常德's 听胡, 天胡, 地胡 and 海底胡 are 6 番 each."""
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
