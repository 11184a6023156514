"""The 名堂 of each scoring preset: which apply to a candidate and the 番 they give.

Every count is over the whole final hand (exposed melds, 坎/提, groups and pair, the winning
card, each 王 as read): red cards are 二 七 十 贰 柒 拾. A detector returns the names that
applied, in the order the preset lists them (:data:`NAMES`), and the 番 (added in 常德,
multiplied in 衡阳十胡卡 and 永州, the single highest in 安化). 邵阳剥皮's hand value, which has
no 番, is :func:`bopi_value`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..encoding import N_NUMBERS
from ..wang import RED_CARD, WANG
from .candidates import GROUP_KINDS, QUADS, Candidate
from .rules import ScoringRules
from .situation import NO_CARD, Situation

NAMES = {
    "changde": ("红胡", "点胡", "乌胡", "大字胡", "小字胡", "对子胡", "团圆", "听胡", "天胡", "地胡", "海底胡", "耍猴",
                "黄番", "行行息", "假行行息", "四七红", "自摸"),
    "hengyang_shihuka": ("十红", "十三红", "一点红", "黑胡", "自摸"),
    "yongzhou": ("自摸", "红胡", "点胡", "黑胡", "红转点", "红转黑",
                 "王钓", "王钓王", "王闯", "王闯王", "王炸", "王炸王"),
    "anhua": ("十八小", "黑胡", "十三红", "一点红", "十红", "天胡", "自摸", "爬坡", "三提五坎"),
    "shaoyang_bopi": ("天胡", "地胡", "一点朱", "红胡", "红乌", "黑胡", "自摸"),
}
"""The 名堂 names of each preset, in the order a result lists them."""

SPECIAL_FAN = {"王钓": 4, "王钓王": 8, "王闯": 8, "王闯王": 16, "王炸": 16, "王炸王": 32}
"""永州's 王 specials and their multipliers."""


class Colours(NamedTuple):
    """The counts 名堂 are judged on: red, big and small cards of the whole hand."""

    red: int
    big: int
    small: int


def colours(counts: Sequence[int]) -> Colours:
    """Red, big and small cards of 20 whole-hand counts."""
    red = sum(x for t, x in enumerate(counts) if RED_CARD[t])
    big = sum(counts[N_NUMBERS:])
    return Colours(red, big, sum(counts[:N_NUMBERS]))


def ordered(preset: str, names: Sequence[str]) -> tuple[str, ...]:
    """``names`` in the preset's listing order."""
    order = NAMES[preset]
    return tuple(sorted(names, key=order.index))


def xing_count(c: Candidate, s: Situation, rules: ScoringRules) -> int:
    """醒数: copies of the 醒 card in the whole hand (a turned 王: the largest count of one card),
    doubled with ``shuangxing``; a given ``xing_count`` as is; 0 without either."""
    if s.xing_count != NO_CARD:
        return s.xing_count
    if s.xing == NO_CARD:
        return 0
    n = max(c.counts) if s.xing == WANG else c.counts[s.xing]
    return 2 * n if rules.shuangxing else n


def changde(c: Candidate, s: Situation, rules: ScoringRules, exposed_kinds: Sequence[str]) -> tuple[int, list[str]]:
    """常德 全名堂: the 番 (the sum of the 名堂, 1 when none) and the names (自摸 and 黄番 apart)."""
    red, big, small = colours(c.counts)
    fan: dict[str, int] = {}
    if red >= 10:
        fan["红胡"] = 3 + red - 10
    elif red == 1:
        fan["点胡"] = 6
    elif red == 0:
        fan["乌胡"] = 8
    if big >= 18:
        fan["大字胡"] = 8 + big - 18
    if small >= 16:
        fan["小字胡"] = 10 + small - 16
    if not any(u.kind in GROUP_KINDS for u in c.units):
        fan["对子胡"] = 8
    quads = {u.cards[0] for u in c.units if u.kind in QUADS}
    pairs = sum(n in quads and n + N_NUMBERS in quads for n in range(N_NUMBERS))
    if pairs:
        fan["团圆"] = 8 * pairs
    if all(kind == "ti" for kind in exposed_kinds):
        fan["听胡"] = 6
    for name, flag in (("天胡", s.tianhu), ("地胡", s.dihu), ("海底胡", s.haidi)):
        if flag:
            fan[name] = 6
    if s.shuahou and _shuahou(c):
        fan["耍猴"] = 8
    has_pair = any(u.kind == "pair" for u in c.units)
    scored = sum(u.huxi > 0 for u in c.units)
    if rules.hanghangxi and not has_pair and scored == 7:
        fan["行行息"] = 8
    if rules.jia_hanghangxi and has_pair and scored == 6:
        fan["假行行息"] = 4
    if rules.siqihong and red in (4, 7):
        fan["四七红"] = 3
    return max(1, sum(fan.values())), list(fan)


def _shuahou(c: Candidate) -> bool:
    """耍猴: the concealed hand is exactly the pair (all else exposed)."""
    return all(u.exposed or u.kind == "pair" for u in c.units)


def hengyang(c: Candidate, s: Situation) -> tuple[int, list[str]]:
    """衡阳十胡卡: 十红 2, 十三红 5, 一点红 3, 黑胡 5 (one at most), ×2 on 自摸."""
    red = colours(c.counts).red
    names, fan = [], 1
    for name, holds, value in (("十红", 10 <= red <= 12, 2), ("十三红", red >= 13, 5), ("一点红", red == 1, 3),
                               ("黑胡", red == 0, 5)):
        if holds:
            names.append(name)
            fan = value
    if s.self_drawn:
        names.append("自摸")
        fan *= 2
    return fan, names


def yongzhou(c: Candidate, s: Situation, rules: ScoringRules) -> tuple[int, list[str]]:
    """永州扯胡子: the product of 自摸 ×2, the red/black 名堂 and the 王 special."""
    red = colours(c.counts).red
    names, fan = [], 1
    if s.self_drawn:
        names.append("自摸")
        fan *= 2
    if red >= 10:
        name, value = ("红胡", 2)
        if rules.hongzhuan and red >= 16:
            name, value = ("红转黑", 4)
        elif rules.hongzhuan and red >= 13:
            name, value = ("红转点", 3)
        names.append(name)
        fan *= value
    elif red == 1:
        names.append("点胡")
        fan *= 3
    elif red == 0:
        names.append("黑胡")
        fan *= 4
    if c.special:
        names.append(c.special)
        fan *= SPECIAL_FAN[c.special]
    return fan, names


ANHUA_FAN = (("十八小", 6), ("黑胡", 5), ("十三红", 4), ("一点红", 3), ("十红", 2))
"""安化's 名堂 in priority order with their 番: the first that holds is the 番."""


def anhua(c: Candidate, colour_only: bool = False) -> tuple[int, list[str]]:
    """安化: the single highest 名堂's 番 (1 when none); ``colour_only`` leaves out 十八小."""
    red, _, small = colours(c.counts)
    holds = {"十八小": small >= 18 and not colour_only, "黑胡": red == 0, "十三红": red >= 13, "一点红": red == 1,
             "十红": 10 <= red <= 12}
    for name, value in ANHUA_FAN:
        if holds[name]:
            return value, [name]
    return 1, []


def bopi_value(c: Candidate, s: Situation, rules: ScoringRules) -> tuple[int, list[str]]:
    """邵阳剥皮's hand value (huxi, +10 天胡/地胡, ×2 一点朱/红胡, max(2s, 60) 红乌/黑胡, +10 自摸)."""
    red = colours(c.counts).red
    value, names = c.huxi, []
    if rules.tiandihu and (s.tianhu or s.dihu):
        value += 10
        names.append("天胡" if s.tianhu else "地胡")
    if rules.hongheidian:
        if red == 1 or 10 <= red <= 12:
            value *= 2
            names.append("一点朱" if red == 1 else "红胡")
        elif red >= 13 or red == 0:
            value = max(2 * value, 60)
            names.append("红乌" if red else "黑胡")
    if s.self_drawn and not s.tianhu:
        value += 10
        names.append("自摸")
    return value, names

