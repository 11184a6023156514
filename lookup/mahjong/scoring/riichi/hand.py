"""What a riichi scoring query knows of a hand beyond its tiles: the situation of the win (the
columns of a situation row, :class:`Col`), the rule options (the items of a rules row,
:class:`Rule`), the refusals of input that cannot be (:class:`Refusal`, :func:`situation_status`)
and the dora a hand's tiles hold (:func:`dora_count`).
"""

from __future__ import annotations

from enum import IntEnum

from ....jit import OK, jitable
from ...encoding import HONOR_OFFSET, MAX_COPIES, MAX_MELDS, N_SUIT_RANKS, N_TILE_KINDS, SUIT_OFFSETS
from ..readings import MeldInput

N_WINDS = 4
N_DRAGONS = N_TILE_KINDS - HONOR_OFFSET - N_WINDS
MAX_INDICATORS = MAX_MELDS + 1
"""Dora indicators a round shows at most: one, and one more per kong."""
FIVE_RANK = 4
FIVES = tuple(offset + FIVE_RANK for offset in SUIT_OFFSETS[:3])
"""The fives, of which each numbered suit has one red copy."""


class Col(IntEnum):
    """The columns of a situation row: the flags (0/1), the winds (0..3, east first), the honba
    and riichi sticks, the red fives among the hand's tiles, then the dora and ura dora
    indicators (tile indices, -1 for none)."""

    TSUMO = 0
    RIICHI = 1
    DOUBLE_RIICHI = 2
    IPPATSU = 3
    RINSHAN = 4
    CHANKAN = 5
    HAITEI = 6
    HOUTEI = 7
    TENHOU = 8
    CHIIHOU = 9
    SEAT_WIND = 10
    ROUND_WIND = 11
    HONBA = 12
    KYOUTAKU = 13
    AKA = 14
    DORA = 15
    URA = 15 + MAX_INDICATORS


N_COLS = Col.URA + MAX_INDICATORS
N_FLAGS = Col.SEAT_WIND
"""The flags come first in a situation row."""


class Rule(IntEnum):
    """The items of a rules row (ints)."""

    KUITAN = 0
    AKA = 1
    DOUBLE_YAKUMAN = 2
    KAZOE = 3
    KIRIAGE = 4
    FU_FOR_OPEN_PINFU = 5
    FU_FOR_PINFU_TSUMO = 6


N_RULES = len(Rule)


class Kazoe(IntEnum):
    """How 13 han or more without a yakuman count."""

    YAKUMAN = 0
    SANBAIMAN = 1
    UNLIMITED = 2


class Refusal(IntEnum):
    """The statuses of input that cannot be (after the reading steps' own)."""

    RED_WITHOUT_AKA = 32
    RED_FIVES = 33
    INDICATOR = 34
    INDICATOR_COPIES = 35
    IPPATSU_WITHOUT_RIICHI = 36
    RIICHI_OPEN = 37
    RINSHAN_RON = 38
    RINSHAN_WITHOUT_KONG = 39
    CHANKAN_TSUMO = 40
    CHANKAN_HELD = 41
    HAITEI_RON = 42
    HOUTEI_TSUMO = 43
    HAITEI_RINSHAN = 44
    HOUTEI_CHANKAN = 45
    TENHOU_NOT_DEALER = 46
    TENHOU_RON = 47
    TENHOU_MELD = 48
    CHIIHOU_DEALER = 49
    CHIIHOU_RON = 50
    CHIIHOU_MELD = 51
    WIND = 52
    STICKS = 53
    FLAG = 54


@jitable
def dora_of(indicator: int) -> int:
    """The dora an indicator tile points to: the next rank of its suit (9 to 1), the next wind
    (north to east), the next dragon (red to white)."""
    if indicator < HONOR_OFFSET:
        return indicator - indicator % N_SUIT_RANKS + (indicator % N_SUIT_RANKS + 1) % N_SUIT_RANKS
    if indicator < HONOR_OFFSET + N_WINDS:
        return HONOR_OFFSET + (indicator - HONOR_OFFSET + 1) % N_WINDS
    first = HONOR_OFFSET + N_WINDS
    return first + (indicator - first + 1) % N_DRAGONS


@jitable(inline="llvm")
def dora_count(counts, situation, first: int) -> int:
    """The dora the tiles ``counts`` (34) hold for the indicators in columns ``first`` ..
    ``first + MAX_INDICATORS - 1`` of a situation row (-1 none)."""
    n = 0
    for i in range(first, first + MAX_INDICATORS):
        d = situation[i]
        if d >= 0:
            n += counts[dora_of(d)]
    return n


@jitable(inline="llvm")
def situation_status(hand, win_tile, melds, n_declared, counts, kongs, in_melds, situation, rules) -> int:
    """OK, or the :class:`Refusal` of a situation that cannot be: flags that do not hold
    together, winds outside 0..3, negative sticks, bad dora indicators or a fifth copy counting
    them, red fives under rules without them or more than the fives held."""
    for i in range(N_FLAGS):
        if situation[i] != 0 and situation[i] != 1:
            return Refusal.FLAG
    tsumo = situation[Col.TSUMO] != 0
    riichi = situation[Col.RIICHI] != 0 or situation[Col.DOUBLE_RIICHI] != 0
    opened = False
    for i in range(n_declared):
        opened = opened or melds[i, 0] != MeldInput.CONCEALED_KONG
    seat = situation[Col.SEAT_WIND]
    if not (0 <= seat < N_WINDS and 0 <= situation[Col.ROUND_WIND] < N_WINDS):
        return Refusal.WIND
    if situation[Col.HONBA] < 0 or situation[Col.KYOUTAKU] < 0:
        return Refusal.STICKS
    if situation[Col.IPPATSU] and not riichi:
        return Refusal.IPPATSU_WITHOUT_RIICHI
    if riichi and opened:
        return Refusal.RIICHI_OPEN
    if situation[Col.RINSHAN] and not tsumo:
        return Refusal.RINSHAN_RON
    if situation[Col.RINSHAN] and kongs == 0:
        return Refusal.RINSHAN_WITHOUT_KONG
    if situation[Col.CHANKAN] and tsumo:
        return Refusal.CHANKAN_TSUMO
    if situation[Col.CHANKAN] and (hand[win_tile] or in_melds):
        return Refusal.CHANKAN_HELD
    if situation[Col.HAITEI] and not tsumo:
        return Refusal.HAITEI_RON
    if situation[Col.HOUTEI] and tsumo:
        return Refusal.HOUTEI_TSUMO
    if situation[Col.HAITEI] and situation[Col.RINSHAN]:
        return Refusal.HAITEI_RINSHAN
    if situation[Col.HOUTEI] and situation[Col.CHANKAN]:
        return Refusal.HOUTEI_CHANKAN
    if situation[Col.TENHOU]:
        if seat != 0:
            return Refusal.TENHOU_NOT_DEALER
        if not tsumo:
            return Refusal.TENHOU_RON
        if n_declared:
            return Refusal.TENHOU_MELD
    if situation[Col.CHIIHOU]:
        if seat == 0:
            return Refusal.CHIIHOU_DEALER
        if not tsumo:
            return Refusal.CHIIHOU_RON
        if n_declared:
            return Refusal.CHIIHOU_MELD
    red = situation[Col.AKA]
    if red and not rules[Rule.AKA]:
        return Refusal.RED_WITHOUT_AKA
    fives = 0
    for t in FIVES:
        fives += int(counts[t] > 0)
    if red < 0 or red > fives:
        return Refusal.RED_FIVES
    for i in range(Col.DORA, N_COLS):
        d = situation[i]
        if d < -1 or d >= N_TILE_KINDS:
            return Refusal.INDICATOR
    for i in range(Col.DORA, N_COLS):
        d = situation[i]
        if d >= 0:
            shown = 0
            for j in range(Col.DORA, N_COLS):
                shown += int(situation[j] == d)
            if counts[d] + shown > MAX_COPIES:
                return Refusal.INDICATOR_COPIES
    return OK
