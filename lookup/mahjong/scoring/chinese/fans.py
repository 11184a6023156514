"""The Chinese Official (国标) fans, each declared once: :class:`Fan` names it, and its row of
:data:`FANS` gives its Chinese name, its points, the detector step that finds it and the fans
it implies (those it drops while counted, :mod:`.exclusions`).

A detector step (``detector``) is a function of :mod:`.detectors` (or the query, for the
flowers); each finds its fans by meld type or over the whole hand, for speed. The kernels use
the members of :class:`Fan` as ints (Numba takes an IntEnum member as a constant).

Where the rules leave room this follows the calculator the field uses (pymahjonggb, the judge
of the Botzone and IJCAI contests): one concealed and one exposed kong score 明暗杠 (5 points);
边张, 嵌张 and 单钓将 need a hand that waited on one tile only; a pung the discarded win tile
completes is exposed unless that tile can be read in a concealed chow; the special forms
score no wait, nor 门前清/不求人; there is no minimum (a server checks 8 fans without flowers).
"""
from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

import numpy as np


class Fan(IntEnum):
    """Every fan, by its row in :data:`FANS` (the order of the rules; 明暗杠 last)."""

    BIG_FOUR_WINDS = 0
    BIG_THREE_DRAGONS = 1
    ALL_GREEN = 2
    NINE_GATES = 3
    FOUR_KONGS = 4
    SEVEN_SHIFTED_PAIRS = 5
    THIRTEEN_ORPHANS = 6
    ALL_TERMINALS = 7
    LITTLE_FOUR_WINDS = 8
    LITTLE_THREE_DRAGONS = 9
    ALL_HONORS = 10
    FOUR_CONCEALED_PUNGS = 11
    PURE_TERMINAL_CHOWS = 12
    QUADRUPLE_CHOW = 13
    FOUR_PURE_SHIFTED_PUNGS = 14
    FOUR_PURE_SHIFTED_CHOWS = 15
    THREE_KONGS = 16
    ALL_TERMINALS_AND_HONORS = 17
    SEVEN_PAIRS = 18
    GREATER_HONORS_KNITTED = 19
    ALL_EVEN_PUNGS = 20
    FULL_FLUSH = 21
    PURE_TRIPLE_CHOW = 22
    PURE_SHIFTED_PUNGS = 23
    UPPER_TILES = 24
    MIDDLE_TILES = 25
    LOWER_TILES = 26
    PURE_STRAIGHT = 27
    THREE_SUITED_TERMINAL_CHOWS = 28
    PURE_SHIFTED_CHOWS = 29
    ALL_FIVES = 30
    TRIPLE_PUNG = 31
    THREE_CONCEALED_PUNGS = 32
    LESSER_HONORS_KNITTED = 33
    KNITTED_STRAIGHT = 34
    UPPER_FOUR = 35
    LOWER_FOUR = 36
    BIG_THREE_WINDS = 37
    MIXED_STRAIGHT = 38
    REVERSIBLE_TILES = 39
    MIXED_TRIPLE_CHOW = 40
    MIXED_SHIFTED_PUNGS = 41
    CHICKEN_HAND = 42
    LAST_TILE_DRAW = 43
    LAST_TILE_CLAIM = 44
    OUT_WITH_REPLACEMENT_TILE = 45
    ROBBING_THE_KONG = 46
    ALL_PUNGS = 47
    HALF_FLUSH = 48
    MIXED_SHIFTED_CHOWS = 49
    ALL_TYPES = 50
    MELDED_HAND = 51
    TWO_CONCEALED_KONGS = 52
    TWO_DRAGON_PUNGS = 53
    OUTSIDE_HAND = 54
    FULLY_CONCEALED_HAND = 55
    TWO_MELDED_KONGS = 56
    LAST_TILE = 57
    DRAGON_PUNG = 58
    PREVALENT_WIND = 59
    SEAT_WIND = 60
    CONCEALED_HAND = 61
    ALL_CHOWS = 62
    TILE_HOG = 63
    DOUBLE_PUNG = 64
    TWO_CONCEALED_PUNGS = 65
    CONCEALED_KONG = 66
    ALL_SIMPLES = 67
    PURE_DOUBLE_CHOW = 68
    MIXED_DOUBLE_CHOW = 69
    SHORT_STRAIGHT = 70
    TWO_TERMINAL_CHOWS = 71
    PUNG_OF_TERMINALS_OR_HONORS = 72
    MELDED_KONG = 73
    ONE_VOIDED_SUIT = 74
    NO_HONORS = 75
    EDGE_WAIT = 76
    CLOSED_WAIT = 77
    SINGLE_WAIT = 78
    SELF_DRAWN = 79
    FLOWER_TILES = 80
    CONCEALED_AND_MELDED_KONG = 81

ALL = -1
"""Scope of an implied fan: every instance of it."""
WITHIN = -2
"""Scope: the instances found on melds of the implying fan only (不拆移). A positive scope is
a number of instances."""

CHOWS = "detectors.chow_fans"
PUNGS = "detectors.pung_fans"
TILES = "detectors.tile_fans"
KONGS = "detectors.kong_fans"
SITUATION = "detectors.situation_fans"
FORMS = "detectors.form_fans"
MELDS = "detectors.meld_hand_fans"
WAIT = "detectors.wait_fans"
FLOWERS = "query.fan"
"""The detector steps, as ``module.function`` of this package."""


class FanRule(NamedTuple):
    """A fan's declaration: the fan, its Chinese name, its points, its detector step, and the
    fans it implies, each with its scope (:data:`ALL`, :data:`WITHIN` or a number)."""

    fan: Fan
    name: str
    points: int
    detector: str
    implies: tuple[tuple[Fan, int], ...] = ()


FANS: tuple[FanRule, ...] = (
    FanRule(Fan.BIG_FOUR_WINDS, "大四喜", 88, PUNGS, ((Fan.BIG_THREE_WINDS, ALL), (Fan.ALL_PUNGS, ALL),
        (Fan.PREVALENT_WIND, ALL), (Fan.SEAT_WIND, ALL), (Fan.PUNG_OF_TERMINALS_OR_HONORS, ALL))),
    FanRule(Fan.BIG_THREE_DRAGONS, "大三元", 88, PUNGS, ((Fan.TWO_DRAGON_PUNGS, ALL), (Fan.DRAGON_PUNG, ALL))),
    FanRule(Fan.ALL_GREEN, "绿一色", 88, TILES, ((Fan.HALF_FLUSH, ALL), (Fan.ONE_VOIDED_SUIT, ALL))),
    FanRule(Fan.NINE_GATES, "九莲宝灯", 88, MELDS, ((Fan.FULL_FLUSH, ALL), (Fan.CONCEALED_HAND, ALL),
        (Fan.FULLY_CONCEALED_HAND, ALL), (Fan.ONE_VOIDED_SUIT, ALL), (Fan.NO_HONORS, ALL),
        (Fan.PUNG_OF_TERMINALS_OR_HONORS, 1))),
    FanRule(Fan.FOUR_KONGS, "四杠", 88, KONGS, ((Fan.ALL_PUNGS, ALL), (Fan.SINGLE_WAIT, ALL))),
    FanRule(Fan.SEVEN_SHIFTED_PAIRS, "连七对", 88, FORMS, ((Fan.SEVEN_PAIRS, ALL), (Fan.FULL_FLUSH, ALL),
        (Fan.CONCEALED_HAND, ALL), (Fan.ONE_VOIDED_SUIT, ALL), (Fan.NO_HONORS, ALL), (Fan.SINGLE_WAIT, ALL))),
    FanRule(Fan.THIRTEEN_ORPHANS, "十三幺", 88, FORMS, ((Fan.ALL_TYPES, ALL), (Fan.CONCEALED_HAND, ALL),
        (Fan.FULLY_CONCEALED_HAND, ALL), (Fan.SINGLE_WAIT, ALL))),
    FanRule(Fan.ALL_TERMINALS, "清幺九", 64, TILES, ((Fan.ALL_TERMINALS_AND_HONORS, ALL), (Fan.ALL_PUNGS, ALL),
        (Fan.OUTSIDE_HAND, ALL), (Fan.PUNG_OF_TERMINALS_OR_HONORS, ALL), (Fan.NO_HONORS, ALL), (Fan.DOUBLE_PUNG, ALL))),
    FanRule(Fan.LITTLE_FOUR_WINDS, "小四喜", 64, PUNGS, ((Fan.BIG_THREE_WINDS, ALL),
        (Fan.PUNG_OF_TERMINALS_OR_HONORS, ALL))),
    FanRule(Fan.LITTLE_THREE_DRAGONS, "小三元", 64, PUNGS, ((Fan.TWO_DRAGON_PUNGS, ALL), (Fan.DRAGON_PUNG, ALL))),
    FanRule(Fan.ALL_HONORS, "字一色", 64, TILES, ((Fan.ALL_TERMINALS_AND_HONORS, ALL), (Fan.ALL_PUNGS, ALL),
        (Fan.OUTSIDE_HAND, ALL), (Fan.PUNG_OF_TERMINALS_OR_HONORS, ALL), (Fan.ONE_VOIDED_SUIT, ALL))),
    FanRule(Fan.FOUR_CONCEALED_PUNGS, "四暗刻", 64, MELDS, ((Fan.ALL_PUNGS, ALL), (Fan.CONCEALED_HAND, ALL),
        (Fan.FULLY_CONCEALED_HAND, ALL))),
    FanRule(Fan.PURE_TERMINAL_CHOWS, "一色双龙会", 64, MELDS, ((Fan.SEVEN_PAIRS, ALL), (Fan.FULL_FLUSH, ALL),
        (Fan.ALL_CHOWS, ALL), (Fan.PURE_DOUBLE_CHOW, ALL), (Fan.TWO_TERMINAL_CHOWS, ALL), (Fan.ONE_VOIDED_SUIT, ALL),
        (Fan.NO_HONORS, ALL))),
    FanRule(Fan.QUADRUPLE_CHOW, "一色四同顺", 48, CHOWS, ((Fan.PURE_TRIPLE_CHOW, ALL), (Fan.PURE_DOUBLE_CHOW, ALL),
        (Fan.TILE_HOG, ALL))),
    FanRule(Fan.FOUR_PURE_SHIFTED_PUNGS, "一色四节高", 48, PUNGS, ((Fan.PURE_SHIFTED_PUNGS, ALL),
        (Fan.ALL_PUNGS, ALL))),
    FanRule(Fan.FOUR_PURE_SHIFTED_CHOWS, "一色四步高", 32, CHOWS, ((Fan.PURE_SHIFTED_CHOWS, ALL),
        (Fan.SHORT_STRAIGHT, ALL), (Fan.TWO_TERMINAL_CHOWS, ALL))),
    FanRule(Fan.THREE_KONGS, "三杠", 32, KONGS),
    FanRule(Fan.ALL_TERMINALS_AND_HONORS, "混幺九", 32, TILES, ((Fan.ALL_PUNGS, ALL), (Fan.OUTSIDE_HAND, ALL),
        (Fan.PUNG_OF_TERMINALS_OR_HONORS, ALL))),
    FanRule(Fan.SEVEN_PAIRS, "七对", 24, FORMS, ((Fan.CONCEALED_HAND, ALL), (Fan.FULLY_CONCEALED_HAND, ALL),
        (Fan.SINGLE_WAIT, ALL))),
    FanRule(Fan.GREATER_HONORS_KNITTED, "七星不靠", 24, FORMS, ((Fan.LESSER_HONORS_KNITTED, ALL), (Fan.ALL_TYPES, ALL),
        (Fan.CONCEALED_HAND, ALL), (Fan.FULLY_CONCEALED_HAND, ALL), (Fan.SINGLE_WAIT, ALL))),
    FanRule(Fan.ALL_EVEN_PUNGS, "全双刻", 24, MELDS, ((Fan.ALL_PUNGS, ALL), (Fan.ALL_SIMPLES, ALL),
        (Fan.NO_HONORS, ALL))),
    FanRule(Fan.FULL_FLUSH, "清一色", 24, TILES, ((Fan.ONE_VOIDED_SUIT, ALL), (Fan.NO_HONORS, ALL))),
    FanRule(Fan.PURE_TRIPLE_CHOW, "一色三同顺", 24, CHOWS, ((Fan.PURE_SHIFTED_PUNGS, ALL),
        (Fan.PURE_DOUBLE_CHOW, WITHIN))),
    FanRule(Fan.PURE_SHIFTED_PUNGS, "一色三节高", 24, PUNGS, ((Fan.PURE_TRIPLE_CHOW, ALL),)),
    FanRule(Fan.UPPER_TILES, "全大", 24, TILES, ((Fan.UPPER_FOUR, ALL), (Fan.NO_HONORS, ALL))),
    FanRule(Fan.MIDDLE_TILES, "全中", 24, TILES, ((Fan.ALL_SIMPLES, ALL), (Fan.NO_HONORS, ALL))),
    FanRule(Fan.LOWER_TILES, "全小", 24, TILES, ((Fan.LOWER_FOUR, ALL), (Fan.NO_HONORS, ALL))),
    FanRule(Fan.PURE_STRAIGHT, "清龙", 16, CHOWS, ((Fan.SHORT_STRAIGHT, WITHIN), (Fan.TWO_TERMINAL_CHOWS, WITHIN))),
    FanRule(Fan.THREE_SUITED_TERMINAL_CHOWS, "三色双龙会", 16, MELDS, ((Fan.ALL_CHOWS, ALL), (Fan.NO_HONORS, ALL),
        (Fan.MIXED_DOUBLE_CHOW, ALL), (Fan.TWO_TERMINAL_CHOWS, ALL))),
    FanRule(Fan.PURE_SHIFTED_CHOWS, "一色三步高", 16, CHOWS),
    FanRule(Fan.ALL_FIVES, "全带五", 16, MELDS, ((Fan.ALL_SIMPLES, ALL), (Fan.NO_HONORS, ALL))),
    FanRule(Fan.TRIPLE_PUNG, "三同刻", 16, PUNGS, ((Fan.DOUBLE_PUNG, WITHIN),)),
    FanRule(Fan.THREE_CONCEALED_PUNGS, "三暗刻", 16, MELDS),
    FanRule(Fan.LESSER_HONORS_KNITTED, "全不靠", 12, FORMS, ((Fan.ALL_TYPES, ALL), (Fan.CONCEALED_HAND, ALL),
        (Fan.FULLY_CONCEALED_HAND, ALL), (Fan.SINGLE_WAIT, ALL))),
    FanRule(Fan.KNITTED_STRAIGHT, "组合龙", 12, FORMS),
    FanRule(Fan.UPPER_FOUR, "大于五", 12, TILES, ((Fan.NO_HONORS, ALL),)),
    FanRule(Fan.LOWER_FOUR, "小于五", 12, TILES, ((Fan.NO_HONORS, ALL),)),
    FanRule(Fan.BIG_THREE_WINDS, "三风刻", 12, PUNGS, ((Fan.PUNG_OF_TERMINALS_OR_HONORS, WITHIN),)),
    FanRule(Fan.MIXED_STRAIGHT, "花龙", 8, CHOWS),
    FanRule(Fan.REVERSIBLE_TILES, "推不倒", 8, TILES, ((Fan.ONE_VOIDED_SUIT, ALL),)),
    FanRule(Fan.MIXED_TRIPLE_CHOW, "三色三同顺", 8, CHOWS, ((Fan.MIXED_DOUBLE_CHOW, WITHIN),)),
    FanRule(Fan.MIXED_SHIFTED_PUNGS, "三色三节高", 8, PUNGS),
    FanRule(Fan.CHICKEN_HAND, "无番和", 8, MELDS),
    FanRule(Fan.LAST_TILE_DRAW, "妙手回春", 8, SITUATION, ((Fan.SELF_DRAWN, ALL),)),
    FanRule(Fan.LAST_TILE_CLAIM, "海底捞月", 8, SITUATION),
    FanRule(Fan.OUT_WITH_REPLACEMENT_TILE, "杠上开花", 8, SITUATION, ((Fan.SELF_DRAWN, ALL),)),
    FanRule(Fan.ROBBING_THE_KONG, "抢杠和", 8, SITUATION, ((Fan.LAST_TILE, ALL),)),
    FanRule(Fan.ALL_PUNGS, "碰碰和", 6, MELDS),
    FanRule(Fan.HALF_FLUSH, "混一色", 6, TILES, ((Fan.ONE_VOIDED_SUIT, ALL),)),
    FanRule(Fan.MIXED_SHIFTED_CHOWS, "三色三步高", 6, CHOWS),
    FanRule(Fan.ALL_TYPES, "五门齐", 6, TILES),
    FanRule(Fan.MELDED_HAND, "全求人", 6, MELDS, ((Fan.SINGLE_WAIT, ALL),)),
    FanRule(Fan.TWO_CONCEALED_KONGS, "双暗杠", 6, KONGS, ((Fan.CONCEALED_KONG, ALL), (Fan.TWO_CONCEALED_PUNGS, ALL))),
    FanRule(Fan.TWO_DRAGON_PUNGS, "双箭刻", 6, PUNGS, ((Fan.DRAGON_PUNG, WITHIN),)),
    FanRule(Fan.OUTSIDE_HAND, "全带幺", 4, MELDS),
    FanRule(Fan.FULLY_CONCEALED_HAND, "不求人", 4, MELDS, ((Fan.CONCEALED_HAND, ALL), (Fan.SELF_DRAWN, ALL))),
    FanRule(Fan.TWO_MELDED_KONGS, "双明杠", 4, KONGS, ((Fan.MELDED_KONG, ALL),)),
    FanRule(Fan.LAST_TILE, "和绝张", 4, SITUATION),
    FanRule(Fan.DRAGON_PUNG, "箭刻", 2, PUNGS),
    FanRule(Fan.PREVALENT_WIND, "圈风刻", 2, PUNGS, ((Fan.PUNG_OF_TERMINALS_OR_HONORS, WITHIN),)),
    FanRule(Fan.SEAT_WIND, "门风刻", 2, PUNGS, ((Fan.PUNG_OF_TERMINALS_OR_HONORS, WITHIN),)),
    FanRule(Fan.CONCEALED_HAND, "门前清", 2, MELDS),
    FanRule(Fan.ALL_CHOWS, "平和", 2, MELDS, ((Fan.NO_HONORS, ALL),)),
    FanRule(Fan.TILE_HOG, "四归一", 2, TILES),
    FanRule(Fan.DOUBLE_PUNG, "双同刻", 2, PUNGS),
    FanRule(Fan.TWO_CONCEALED_PUNGS, "双暗刻", 2, MELDS),
    FanRule(Fan.CONCEALED_KONG, "暗杠", 2, KONGS),
    FanRule(Fan.ALL_SIMPLES, "断幺", 2, TILES, ((Fan.NO_HONORS, ALL),)),
    FanRule(Fan.PURE_DOUBLE_CHOW, "一般高", 1, CHOWS),
    FanRule(Fan.MIXED_DOUBLE_CHOW, "喜相逢", 1, CHOWS),
    FanRule(Fan.SHORT_STRAIGHT, "连六", 1, CHOWS),
    FanRule(Fan.TWO_TERMINAL_CHOWS, "老少副", 1, CHOWS),
    FanRule(Fan.PUNG_OF_TERMINALS_OR_HONORS, "幺九刻", 1, PUNGS),
    FanRule(Fan.MELDED_KONG, "明杠", 1, KONGS),
    FanRule(Fan.ONE_VOIDED_SUIT, "缺一门", 1, TILES),
    FanRule(Fan.NO_HONORS, "无字", 1, TILES),
    FanRule(Fan.EDGE_WAIT, "边张", 1, WAIT),
    FanRule(Fan.CLOSED_WAIT, "嵌张", 1, WAIT),
    FanRule(Fan.SINGLE_WAIT, "单钓将", 1, WAIT),
    FanRule(Fan.SELF_DRAWN, "自摸", 1, SITUATION),
    FanRule(Fan.FLOWER_TILES, "花牌", 1, FLOWERS),
    FanRule(Fan.CONCEALED_AND_MELDED_KONG, "明暗杠", 5, KONGS),
)
"""Every fan, in the order of the rules; 明暗杠 last (the calculator's 5 points for one
concealed and one exposed kong, in place of 暗杠 + 明杠)."""

N_FANS = len(FANS)
FAN_NAMES = tuple(rule.name for rule in FANS)
FAN_POINTS = np.array([rule.points for rule in FANS], np.int64)
MIN_FANS = 8
"""The fans a win needs under the rules, flowers not counted."""
MAX_FLOWERS = 8
N_WINDS = 4


def check_table(table: tuple[FanRule, ...]) -> None:
    """Raises ValueError unless each row of ``table`` sits at the index of its fan, one row per fan."""
    misplaced = [rule.name for i, rule in enumerate(table) if rule.fan != i]
    if misplaced or len(table) != len(Fan):
        raise ValueError(f"fan rows out of Fan order: {', '.join(misplaced) or 'a fan without a row'}")


check_table(FANS)
