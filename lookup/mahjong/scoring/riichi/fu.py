"""The fu of one reading won on one of its groups (:func:`group_fu`), as the reference
calculator counts them, and the payments of a han and fu count (:func:`payments`).

The fu reasons (:class:`FuReason`) are those of the reference calculator, in its order; a
reading's fu are kept as one count per reason (the base as its fu).
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from ....jit import jitable
from ...encoding import HONOR_OFFSET, N_SUIT_RANKS
from ..readings import Meld, ReadingRow, rank_of
from .hand import N_WINDS, Col, Kazoe, Rule
from .yaku import YAKUMAN_HAN


class FuReason(IntEnum):
    """Where fu come from (the names are the reference calculator's reasons)."""

    PENCHAN = 0
    KANCHAN = 1
    VALUED_PAIR = 2
    DOUBLE_VALUED_PAIR = 3
    PAIR_WAIT = 4
    CLOSED_PON = 5
    OPEN_PON = 6
    CLOSED_TERMINAL_PON = 7
    OPEN_TERMINAL_PON = 8
    CLOSED_KAN = 9
    OPEN_KAN = 10
    CLOSED_TERMINAL_KAN = 11
    OPEN_TERMINAL_KAN = 12
    TSUMO = 13
    HAND_WITHOUT_FU = 14
    BASE = 15


N_REASONS = len(FuReason)
TERMINAL_STEP = FuReason.CLOSED_TERMINAL_PON - FuReason.CLOSED_PON
KAN_STEP = FuReason.CLOSED_KAN - FuReason.CLOSED_PON
"""The pon and kan reasons run closed, open; simple, terminal; pon, kan."""
FU_OF = {FuReason.PENCHAN: 2, FuReason.KANCHAN: 2, FuReason.VALUED_PAIR: 2, FuReason.DOUBLE_VALUED_PAIR: 4,
         FuReason.PAIR_WAIT: 2, FuReason.CLOSED_PON: 4, FuReason.OPEN_PON: 2, FuReason.CLOSED_TERMINAL_PON: 8,
         FuReason.OPEN_TERMINAL_PON: 4, FuReason.CLOSED_KAN: 16, FuReason.OPEN_KAN: 8, FuReason.CLOSED_TERMINAL_KAN: 32,
         FuReason.OPEN_TERMINAL_KAN: 16, FuReason.TSUMO: 2, FuReason.HAND_WITHOUT_FU: 2, FuReason.BASE: 0}
FU_OF_REASON = np.array([FU_OF[reason] for reason in FuReason], np.int64)
"""The fu of each reason (the base's vary: 20, 25 or 30)."""
REASON_NAMES = tuple(reason.name.lower() for reason in FuReason)
SEVEN_PAIRS_FU = 25
OPEN_OR_TSUMO_BASE, CLOSED_RON_BASE = 20, 30
FU_ROUNDING = 10
DRAGON_OFFSET = HONOR_OFFSET + N_WINDS


@jitable
def terminal_or_honor(t: int) -> bool:
    return t >= HONOR_OFFSET or rank_of(t) == 0 or rank_of(t) == N_SUIT_RANKS - 1


@jitable
def pair_value(pair: int, seat_wind: int, round_wind: int) -> int:
    """How many of the valued tiles (the dragons, the seat wind, the round wind) the pair is."""
    return int(pair >= DRAGON_OFFSET) + int(pair == HONOR_OFFSET + seat_wind) + int(pair == HONOR_OFFSET + round_wind)


@jitable(inline="llvm")
def group_fu(work, n_melds, pair, group, win_tile, opened, situation, rules, reasons):
    """(fu rounded up to 10, fu before rounding, reasons counted) of the standard reading in the
    work rows won on ``group`` (the index of a concealed meld holding the win tile, or -1 for
    the pair) in the situation row ``situation``; ``reasons`` (one int per :class:`FuReason`)
    receives the count of each reason, the base as its fu. Pinfu is a closed reading whose only
    reason is the base."""
    tsumo = situation[Col.TSUMO] != 0
    kind, tile, declared, concealed = (work[ReadingRow.KIND], work[ReadingRow.TILE], work[ReadingRow.DECLARED],
                                       work[ReadingRow.CONCEALED])
    reasons[:] = 0
    total = 0
    if group >= 0 and kind[group] == Meld.CHOW:
        c = tile[group]
        if (rank_of(c) == 0 and win_tile == c + 2) or (rank_of(c) == N_SUIT_RANKS - 3 and win_tile == c):
            reasons[FuReason.PENCHAN] += 1
        if win_tile == c + 1:
            reasons[FuReason.KANCHAN] += 1
    valued = pair_value(pair, situation[Col.SEAT_WIND], situation[Col.ROUND_WIND])
    if valued == 1:
        reasons[FuReason.VALUED_PAIR] += 1
    elif valued >= 2:
        reasons[FuReason.DOUBLE_VALUED_PAIR] += 1
    if group < 0:
        reasons[FuReason.PAIR_WAIT] += 1
    for i in range(n_melds):
        if kind[i] == Meld.CHOW:
            continue
        is_open = (declared[i] != 0 and concealed[i] == 0) or (not tsumo and group == i)
        step = KAN_STEP * int(kind[i] == Meld.KONG) + TERMINAL_STEP * int(terminal_or_honor(tile[i]))
        reasons[FuReason.CLOSED_PON + step + int(is_open)] += 1
    n = 0
    for r in range(FuReason.BASE):
        total += reasons[r] * FU_OF_REASON[r]
        n += reasons[r]
    if tsumo and (total > 0 or rules[Rule.FU_FOR_PINFU_TSUMO]):
        reasons[FuReason.TSUMO] += 1
        total += FU_OF_REASON[FuReason.TSUMO]
        n += 1
    if opened and total == 0 and rules[Rule.FU_FOR_OPEN_PINFU]:
        reasons[FuReason.HAND_WITHOUT_FU] += 1
        total += FU_OF_REASON[FuReason.HAND_WITHOUT_FU]
        n += 1
    base = OPEN_OR_TSUMO_BASE if opened or tsumo else CLOSED_RON_BASE
    reasons[FuReason.BASE] = base
    total += base
    return (total + FU_ROUNDING - 1) // FU_ROUNDING * FU_ROUNDING, total, n + 1


class Level(IntEnum):
    """The limit a payment reaches (:data:`LEVEL_NAMES` as the reference calculator names them)."""

    NONE = 0
    MANGAN = 1
    """Then haneman, baiman, sanbaiman: one level per limit of :data:`LIMIT_HAN`."""
    YAKUMAN = 5
    """Then one level per yakuman multiple, to :data:`MAX_YAKUMAN`."""
    KIRIAGE_MANGAN = 11


MAX_YAKUMAN = 6
"""Yakuman multiples past which the han stop counting."""
MAX_HAN = MAX_YAKUMAN * YAKUMAN_HAN
LEVEL_NAMES = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman",
               *(f"{k}x yakuman" for k in range(2, MAX_YAKUMAN + 1)), "kiriage mangan")
MANGAN_BASE = 2000
"""Base points of a mangan; the limits above pay 1.5, 2, 3 and 4 times it per yakuman."""
LIMIT_HAN = (5, 6, 8, 11, 13)
LIMIT_BASE = (2000, 3000, 4000, 6000, 8000)
HONBA_RON, HONBA_TSUMO, STICK = 300, 100, 1000


@jitable
def round_up(points: int) -> int:
    return (points + 99) // 100 * 100


@jitable(inline="llvm")
def payments(han, fu, yakuman, tsumo, dealer, honba, kyoutaku, rules) -> tuple[int, int, int, int]:
    """(main, additional, total, :class:`Level`) of a win of ``han`` and ``fu``: ``main`` the
    ron payment, or on tsumo the dealer's payment (each player's for a dealer); ``additional``
    each non-dealer's payment on tsumo (0 on ron); ``total`` what the winner receives, honba
    and riichi sticks included. ``yakuman``: the han are yakuman (no kazoe)."""
    level: int = Level.NONE
    if han >= YAKUMAN_HAN and not yakuman:
        if rules[Rule.KAZOE] == Kazoe.YAKUMAN:
            han = YAKUMAN_HAN
        elif rules[Rule.KAZOE] == Kazoe.SANBAIMAN:
            han = YAKUMAN_HAN - 1
    if han >= LIMIT_HAN[0]:
        if han >= YAKUMAN_HAN:
            multiple = min(han // YAKUMAN_HAN, MAX_YAKUMAN)
            base = LIMIT_BASE[-1] * multiple
            level = Level.YAKUMAN + multiple - 1
        else:
            k = 0
            while k + 1 < len(LIMIT_HAN) and han >= LIMIT_HAN[k + 1]:
                k += 1
            base = LIMIT_BASE[k]
            level = Level.MANGAN + k
        one, two, four, six = base, 2 * base, 4 * base, 6 * base
    else:
        points = fu * 2 ** (2 + han)
        one, two, four, six = round_up(points), round_up(2 * points), round_up(4 * points), round_up(6 * points)
        kiriage = False
        if rules[Rule.KIRIAGE]:
            if (han == 4 and fu == 30) or (han == 3 and fu == 60):
                level = Level.KIRIAGE_MANGAN
                kiriage = True
        elif one > MANGAN_BASE:
            level = Level.MANGAN
        if one > MANGAN_BASE or kiriage:
            one, two, four, six = MANGAN_BASE, 2 * MANGAN_BASE, 4 * MANGAN_BASE, 6 * MANGAN_BASE
    if tsumo:
        main = two
        additional = main if dealer else one
        total = main + HONBA_TSUMO * honba + 2 * (additional + HONBA_TSUMO * honba)
    else:
        main = six if dealer else four
        additional = 0
        total = main + HONBA_RON * honba
    return main, additional, total + STICK * kyoutaku, level


def check_levels() -> None:
    """Raises ValueError unless the levels follow the limits: one per limit below yakuman, one per
    yakuman multiple, then kiriage mangan, each named."""
    if (Level.YAKUMAN != Level.MANGAN + len(LIMIT_HAN) - 1 or Level.KIRIAGE_MANGAN != Level.YAKUMAN + MAX_YAKUMAN
            or len(LEVEL_NAMES) != Level.KIRIAGE_MANGAN + 1 or len(LIMIT_BASE) != len(LIMIT_HAN)):
        raise ValueError("the payment levels do not follow the limits")


check_levels()
