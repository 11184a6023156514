"""Chinese Official (国标) fans: the fan table, the rules of exclusion and how they apply,
the tile sets the fans name, and the layouts the scoring steps share.

Tiles are indices 0..33 (:mod:`.encoding`). A *reading* of a hand is one way to read its
tiles as a winning form: four melds and a pair (the declared melds plus a split of the
concealed tiles), seven pairs, thirteen orphans, 全不靠/七星不靠 (``FORM_HONORS_KNITTED``), or
组合龙 with one meld and the pair. A reading's melds are parallel arrays: ``kind`` (``CHOW``,
``PONG``, ``KONG``), ``tile`` (a chow's lowest tile), ``declared`` (declared before the win)
and ``concealed`` (no tile of it claimed), sorted by tile.

The fans found in a reading (:mod:`.fan_rules`): those of melds each with *where*, a bit mask
of the melds it is found on, those of the whole hand as a fan mask (:func:`with_fan`: two
words of fan bits); :func:`.fan_exclusions.counted_points` applies the rules of exclusion
(:data:`EXCLUDED`: 不重复 and 不拆移; 套算一次 and 不得相同 for the fans of several melds) and
sums the points. :mod:`.fan_readings` finds every reading (the hand checked by
:mod:`.fan_hands`) and keeps the best.

Where the rules leave room this follows the calculator the field uses (pymahjonggb, the judge
of the Botzone and IJCAI contests): one concealed and one exposed kong score 明暗杠 (5 points);
边张, 嵌张 and 单钓将 need a hand that waited on one tile only; a pung the discarded win tile
completes is exposed unless that tile can be read in a concealed chow; the special forms
score no wait, nor 门前清/不求人; there is no minimum (a server checks 8 fans without flowers).
"""
from __future__ import annotations

import numpy as np

from ..jit import jitable
from .encoding import (
    HONOR_OFFSET,
    KNITTED_SETS,
    MAX_MELDS,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    SUIT_OFFSETS,
)
from .row import bit_count

FANS: tuple[tuple[str, int], ...] = (
    ("大四喜", 88), ("大三元", 88), ("绿一色", 88), ("九莲宝灯", 88), ("四杠", 88), ("连七对", 88), ("十三幺", 88),
    ("清幺九", 64), ("小四喜", 64), ("小三元", 64), ("字一色", 64), ("四暗刻", 64), ("一色双龙会", 64),
    ("一色四同顺", 48), ("一色四节高", 48),
    ("一色四步高", 32), ("三杠", 32), ("混幺九", 32),
    ("七对", 24), ("七星不靠", 24), ("全双刻", 24), ("清一色", 24), ("一色三同顺", 24), ("一色三节高", 24),
    ("全大", 24), ("全中", 24), ("全小", 24),
    ("清龙", 16), ("三色双龙会", 16), ("一色三步高", 16), ("全带五", 16), ("三同刻", 16), ("三暗刻", 16),
    ("全不靠", 12), ("组合龙", 12), ("大于五", 12), ("小于五", 12), ("三风刻", 12),
    ("花龙", 8), ("推不倒", 8), ("三色三同顺", 8), ("三色三节高", 8), ("无番和", 8), ("妙手回春", 8), ("海底捞月", 8),
    ("杠上开花", 8), ("抢杠和", 8),
    ("碰碰和", 6), ("混一色", 6), ("三色三步高", 6), ("五门齐", 6), ("全求人", 6), ("双暗杠", 6), ("双箭刻", 6),
    ("全带幺", 4), ("不求人", 4), ("双明杠", 4), ("和绝张", 4),
    ("箭刻", 2), ("圈风刻", 2), ("门风刻", 2), ("门前清", 2), ("平和", 2), ("四归一", 2), ("双同刻", 2), ("双暗刻", 2),
    ("暗杠", 2), ("断幺", 2),
    ("一般高", 1), ("喜相逢", 1), ("连六", 1), ("老少副", 1), ("幺九刻", 1), ("明杠", 1), ("缺一门", 1), ("无字", 1),
    ("边张", 1), ("嵌张", 1), ("单钓将", 1), ("自摸", 1), ("花牌", 1),
    ("明暗杠", 5),
)
"""(name, points) of every fan, in the order of the rules; 明暗杠 last (the calculator's 5 points
for one concealed and one exposed kong, in place of 暗杠 + 明杠)."""

(BIG_FOUR_WINDS, BIG_THREE_DRAGONS, ALL_GREEN, NINE_GATES, FOUR_KONGS, SEVEN_SHIFTED_PAIRS, THIRTEEN_ORPHANS,
 ALL_TERMINALS, LITTLE_FOUR_WINDS, LITTLE_THREE_DRAGONS, ALL_HONORS, FOUR_CONCEALED_PUNGS, PURE_TERMINAL_CHOWS,
 QUADRUPLE_CHOW, FOUR_PURE_SHIFTED_PUNGS,
 FOUR_PURE_SHIFTED_CHOWS, THREE_KONGS, ALL_TERMINALS_AND_HONORS,
 SEVEN_PAIRS, GREATER_HONORS_KNITTED, ALL_EVEN_PUNGS, FULL_FLUSH, PURE_TRIPLE_CHOW, PURE_SHIFTED_PUNGS,
 UPPER_TILES, MIDDLE_TILES, LOWER_TILES,
 PURE_STRAIGHT, THREE_SUITED_TERMINAL_CHOWS, PURE_SHIFTED_CHOWS, ALL_FIVES, TRIPLE_PUNG, THREE_CONCEALED_PUNGS,
 LESSER_HONORS_KNITTED, KNITTED_STRAIGHT, UPPER_FOUR, LOWER_FOUR, BIG_THREE_WINDS,
 MIXED_STRAIGHT, REVERSIBLE_TILES, MIXED_TRIPLE_CHOW, MIXED_SHIFTED_PUNGS, CHICKEN_HAND, LAST_TILE_DRAW,
 LAST_TILE_CLAIM, OUT_WITH_REPLACEMENT_TILE, ROBBING_THE_KONG,
 ALL_PUNGS, HALF_FLUSH, MIXED_SHIFTED_CHOWS, ALL_TYPES, MELDED_HAND, TWO_CONCEALED_KONGS, TWO_DRAGON_PUNGS,
 OUTSIDE_HAND, FULLY_CONCEALED_HAND, TWO_MELDED_KONGS, LAST_TILE,
 DRAGON_PUNG, PREVALENT_WIND, SEAT_WIND, CONCEALED_HAND, ALL_CHOWS, TILE_HOG, DOUBLE_PUNG, TWO_CONCEALED_PUNGS,
 CONCEALED_KONG, ALL_SIMPLES,
 PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS, PUNG_OF_TERMINALS_OR_HONORS, MELDED_KONG,
 ONE_VOIDED_SUIT, NO_HONORS, EDGE_WAIT, CLOSED_WAIT, SINGLE_WAIT, SELF_DRAWN, FLOWER_TILES,
 CONCEALED_AND_MELDED_KONG) = range(len(FANS))

N_FANS = len(FANS)
FAN_NAMES = tuple(name for name, _ in FANS)
FAN_POINTS = np.array([points for _, points in FANS], np.int64)
MIN_FANS = 8
"""The fans a win needs under the rules, flowers not counted."""
MAX_FLOWERS = 8
N_WINDS = 4

# --- the rules of exclusion ----------------------------------------------------------------

ALL = -1
"""Scope of an excluded fan: every instance of it."""
WITHIN = -2
"""Scope: the instances found on melds of the excluding fan only (不拆移)."""

_IMPLIED: dict[int, tuple[tuple[int, int], ...]] = {
    BIG_FOUR_WINDS: ((BIG_THREE_WINDS, ALL), (ALL_PUNGS, ALL), (PREVALENT_WIND, ALL), (SEAT_WIND, ALL),
                     (PUNG_OF_TERMINALS_OR_HONORS, ALL)),
    BIG_THREE_DRAGONS: ((TWO_DRAGON_PUNGS, ALL), (DRAGON_PUNG, ALL)),
    ALL_GREEN: ((HALF_FLUSH, ALL), (ONE_VOIDED_SUIT, ALL)),
    NINE_GATES: ((FULL_FLUSH, ALL), (CONCEALED_HAND, ALL), (FULLY_CONCEALED_HAND, ALL), (ONE_VOIDED_SUIT, ALL),
                 (NO_HONORS, ALL), (PUNG_OF_TERMINALS_OR_HONORS, 1)),
    FOUR_KONGS: ((ALL_PUNGS, ALL), (SINGLE_WAIT, ALL)),
    SEVEN_SHIFTED_PAIRS: ((SEVEN_PAIRS, ALL), (FULL_FLUSH, ALL), (CONCEALED_HAND, ALL), (ONE_VOIDED_SUIT, ALL),
                          (NO_HONORS, ALL), (SINGLE_WAIT, ALL)),
    THIRTEEN_ORPHANS: ((ALL_TYPES, ALL), (CONCEALED_HAND, ALL), (FULLY_CONCEALED_HAND, ALL), (SINGLE_WAIT, ALL)),
    ALL_TERMINALS: ((ALL_TERMINALS_AND_HONORS, ALL), (ALL_PUNGS, ALL), (OUTSIDE_HAND, ALL),
                    (PUNG_OF_TERMINALS_OR_HONORS, ALL), (NO_HONORS, ALL), (DOUBLE_PUNG, ALL)),
    LITTLE_FOUR_WINDS: ((BIG_THREE_WINDS, ALL), (PUNG_OF_TERMINALS_OR_HONORS, ALL)),
    LITTLE_THREE_DRAGONS: ((TWO_DRAGON_PUNGS, ALL), (DRAGON_PUNG, ALL)),
    ALL_HONORS: ((ALL_TERMINALS_AND_HONORS, ALL), (ALL_PUNGS, ALL), (OUTSIDE_HAND, ALL),
                 (PUNG_OF_TERMINALS_OR_HONORS, ALL), (ONE_VOIDED_SUIT, ALL)),
    FOUR_CONCEALED_PUNGS: ((ALL_PUNGS, ALL), (CONCEALED_HAND, ALL), (FULLY_CONCEALED_HAND, ALL)),
    PURE_TERMINAL_CHOWS: ((SEVEN_PAIRS, ALL), (FULL_FLUSH, ALL), (ALL_CHOWS, ALL), (PURE_DOUBLE_CHOW, ALL),
                          (TWO_TERMINAL_CHOWS, ALL), (ONE_VOIDED_SUIT, ALL), (NO_HONORS, ALL)),
    QUADRUPLE_CHOW: ((PURE_TRIPLE_CHOW, ALL), (PURE_DOUBLE_CHOW, ALL), (TILE_HOG, ALL)),
    FOUR_PURE_SHIFTED_PUNGS: ((PURE_SHIFTED_PUNGS, ALL), (ALL_PUNGS, ALL)),
    FOUR_PURE_SHIFTED_CHOWS: ((PURE_SHIFTED_CHOWS, ALL), (SHORT_STRAIGHT, ALL), (TWO_TERMINAL_CHOWS, ALL)),
    ALL_TERMINALS_AND_HONORS: ((ALL_PUNGS, ALL), (OUTSIDE_HAND, ALL), (PUNG_OF_TERMINALS_OR_HONORS, ALL)),
    SEVEN_PAIRS: ((CONCEALED_HAND, ALL), (FULLY_CONCEALED_HAND, ALL), (SINGLE_WAIT, ALL)),
    GREATER_HONORS_KNITTED: ((LESSER_HONORS_KNITTED, ALL), (ALL_TYPES, ALL), (CONCEALED_HAND, ALL),
                             (FULLY_CONCEALED_HAND, ALL), (SINGLE_WAIT, ALL)),
    ALL_EVEN_PUNGS: ((ALL_PUNGS, ALL), (ALL_SIMPLES, ALL), (NO_HONORS, ALL)),
    FULL_FLUSH: ((ONE_VOIDED_SUIT, ALL), (NO_HONORS, ALL)),
    PURE_TRIPLE_CHOW: ((PURE_SHIFTED_PUNGS, ALL), (PURE_DOUBLE_CHOW, WITHIN)),
    PURE_SHIFTED_PUNGS: ((PURE_TRIPLE_CHOW, ALL),),
    UPPER_TILES: ((UPPER_FOUR, ALL), (NO_HONORS, ALL)),
    MIDDLE_TILES: ((ALL_SIMPLES, ALL), (NO_HONORS, ALL)),
    LOWER_TILES: ((LOWER_FOUR, ALL), (NO_HONORS, ALL)),
    PURE_STRAIGHT: ((SHORT_STRAIGHT, WITHIN), (TWO_TERMINAL_CHOWS, WITHIN)),
    THREE_SUITED_TERMINAL_CHOWS: ((ALL_CHOWS, ALL), (NO_HONORS, ALL), (MIXED_DOUBLE_CHOW, ALL),
                                  (TWO_TERMINAL_CHOWS, ALL)),
    ALL_FIVES: ((ALL_SIMPLES, ALL), (NO_HONORS, ALL)),
    TRIPLE_PUNG: ((DOUBLE_PUNG, WITHIN),),
    LESSER_HONORS_KNITTED: ((ALL_TYPES, ALL), (CONCEALED_HAND, ALL), (FULLY_CONCEALED_HAND, ALL), (SINGLE_WAIT, ALL)),
    UPPER_FOUR: ((NO_HONORS, ALL),),
    LOWER_FOUR: ((NO_HONORS, ALL),),
    BIG_THREE_WINDS: ((PUNG_OF_TERMINALS_OR_HONORS, WITHIN),),
    MIXED_TRIPLE_CHOW: ((MIXED_DOUBLE_CHOW, WITHIN),),
    REVERSIBLE_TILES: ((ONE_VOIDED_SUIT, ALL),),
    LAST_TILE_DRAW: ((SELF_DRAWN, ALL),),
    OUT_WITH_REPLACEMENT_TILE: ((SELF_DRAWN, ALL),),
    ROBBING_THE_KONG: ((LAST_TILE, ALL),),
    TWO_CONCEALED_KONGS: ((CONCEALED_KONG, ALL), (TWO_CONCEALED_PUNGS, ALL)),
    HALF_FLUSH: ((ONE_VOIDED_SUIT, ALL),),
    MELDED_HAND: ((SINGLE_WAIT, ALL),),
    TWO_DRAGON_PUNGS: ((DRAGON_PUNG, WITHIN),),
    FULLY_CONCEALED_HAND: ((CONCEALED_HAND, ALL), (SELF_DRAWN, ALL)),
    TWO_MELDED_KONGS: ((MELDED_KONG, ALL),),
    PREVALENT_WIND: ((PUNG_OF_TERMINALS_OR_HONORS, WITHIN),),
    SEAT_WIND: ((PUNG_OF_TERMINALS_OR_HONORS, WITHIN),),
    ALL_CHOWS: ((NO_HONORS, ALL),),
    ALL_SIMPLES: ((NO_HONORS, ALL),),
}
"""Fan -> the fans it implies, each with its scope: ALL, WITHIN, or a number of instances."""


def _exclusion_matrix() -> np.ndarray:
    scope = np.zeros((N_FANS, N_FANS), np.int8)
    for fan, implied in _IMPLIED.items():
        if sum(how > 0 for _, how in implied) > 1:
            raise ValueError(f"{FAN_NAMES[fan]}: counted_points takes one scope by number per fan")
        for other, how in implied:
            scope[fan, other] = how
    return scope


EXCLUDED = _exclusion_matrix()
"""EXCLUDED[f, g]: the scope in which fan f, while counted, drops fan g (0: it does not)."""
WORD_FANS = (N_FANS + 1) // 2
"""Fans per word of a fan mask (two int64 words, each under 63 bits)."""
EXCLUDED_LOW = np.array([sum(1 << int(g) for g in np.flatnonzero(row == ALL) if g < WORD_FANS) for row in EXCLUDED],
                        np.int64)
EXCLUDED_HIGH = np.array([sum(1 << int(g - WORD_FANS) for g in np.flatnonzero(row == ALL) if g >= WORD_FANS)
                          for row in EXCLUDED], np.int64)
"""The fans each fan drops whole (scope ALL), as bits: of fans below WORD_FANS, of the rest."""
EXCLUDES_INSTANCES = ((EXCLUDED == WITHIN) | (EXCLUDED > 0)).any(axis=1)
"""The fans that drop instances of a fan (scope WITHIN or a number)."""

PAIR_FANS = (PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS, DOUBLE_PUNG, TWO_DRAGON_PUNGS)
"""The fans of two melds, in the order 套算一次 prefers them when it must choose."""
PAIR_RANK = np.full(N_FANS, -1, np.int64)
PAIR_RANK[list(PAIR_FANS)] = np.arange(len(PAIR_FANS))
PAIR_KEY_BASE = 8
"""Base of the packed preference key of a choice of pair fans (a count per name, 0..6)."""
PAIR_WEIGHT = PAIR_KEY_BASE ** np.arange(len(PAIR_FANS) - 1, -1, -1, dtype=np.int64)
"""PAIR_WEIGHT[rank]: the digit of pair fan ``rank`` in the preference key."""

# --- tiles ---------------------------------------------------------------------------------

WIND_OFFSET = HONOR_OFFSET
DRAGON_OFFSET = HONOR_OFFSET + N_WINDS
WHITE, GREEN_DRAGON, RED = range(DRAGON_OFFSET, N_TILE_KINDS)


def _mask(tiles) -> int:
    return sum(1 << t for t in set(tiles))


def _numbered(ranks) -> int:
    """The tile mask of the given ranks (0-based) in every numbered suit."""
    return _mask(offset + r for offset in SUIT_OFFSETS[:3] for r in ranks)


NUMBERED_MASK = _numbered(range(N_SUIT_RANKS))
SUIT_MASKS = tuple(_mask(range(o, o + N_SUIT_RANKS)) for o in SUIT_OFFSETS[:3])
WIND_MASK = _mask(range(WIND_OFFSET, DRAGON_OFFSET))
DRAGON_MASK = _mask(range(DRAGON_OFFSET, N_TILE_KINDS))
HONOR_MASK = WIND_MASK | DRAGON_MASK
TERMINAL_MASK = _numbered((0, N_SUIT_RANKS - 1))
GREEN_MASK = _mask(SUIT_OFFSETS[2] + r for r in (1, 2, 3, 5, 7)) | (1 << GREEN_DRAGON)
REVERSIBLE_MASK = (_mask(SUIT_OFFSETS[1] + r for r in (0, 1, 2, 3, 4, 7, 8))
                   | _mask(SUIT_OFFSETS[2] + r for r in (1, 3, 4, 5, 7, 8)) | (1 << WHITE))
UPPER_TILES_MASK, MIDDLE_TILES_MASK, LOWER_TILES_MASK = _numbered((6, 7, 8)), _numbered((3, 4, 5)), _numbered((0, 1, 2))
UPPER_FOUR_MASK, LOWER_FOUR_MASK = _numbered((5, 6, 7, 8)), _numbered((0, 1, 2, 3))
RANK_SET_FANS = ((UPPER_TILES_MASK, UPPER_TILES), (MIDDLE_TILES_MASK, MIDDLE_TILES), (LOWER_TILES_MASK, LOWER_TILES),
                 (UPPER_FOUR_MASK, UPPER_FOUR), (LOWER_FOUR_MASK, LOWER_FOUR))
"""(tiles, fan) of the fans of a hand of numbered tiles of some ranks only."""
FIVES_MASK = _numbered((4,))
TERMINAL_CHOW_MASK = _numbered((0, 6))
"""The lowest tiles of the chows 123 and 789 of every suit."""
KNITTED_MASKS = np.array([_mask(k) for k in KNITTED_SETS], np.int64)
KNITTED_TILES = np.array(KNITTED_SETS, np.int64)

SEARCH_POSITION = np.array([*range(9), *range(18, 27), *range(9, 18), *range(27, 31), 33, 32, 31], np.int64)
"""SEARCH_POSITION[t]: where tile t comes in the order the calculator reads melds in (characters,
bamboo, dots, winds, red, green, white)."""
SEARCH_BASE = 2 * N_TILE_KINDS
"""Base of a standard reading's order key: one digit (2 * position + is chow) per concealed meld."""

# --- readings ------------------------------------------------------------------------------

FORM_STANDARD, FORM_SEVEN_PAIRS, FORM_THIRTEEN_ORPHANS, FORM_HONORS_KNITTED, FORM_KNITTED_STRAIGHT = range(5)
CHOW, PONG, KONG = 1, 2, 3
"""A reading's meld kinds."""
MELD_NONE, MELD_CHOW, MELD_PONG, MELD_KONG, MELD_CONCEALED_KONG = range(5)
"""The meld kinds of the input (``fan_batch``'s melds array)."""
ERR_MELD = 16   # a declared meld that is not one
ERR_FLAGS = 17  # flags that cannot hold together

MAX_TILE_HOGS = 3
MELD_SETS = 2 ** MAX_MELDS - 1
MAX_FANS_PER_MELD_SET = 4
"""A pung alone can be 箭刻, 圈风刻, 门风刻 and 幺九刻; any other set of melds finds fewer fans."""
MAX_FOUND = N_FANS + MAX_TILE_HOGS + MELD_SETS * MAX_FANS_PER_MELD_SET
"""Room for the fans found in one reading: each fan of the whole hand once (四归一 up to three
times), and the fans of each set of melds."""
SPLIT_WIDTH = 1 + MAX_MELDS
"""Items per row of a split list (the pair, then the melds), read flat."""
(D_TOTAL, D_FORM, D_PAIR, D_KNIT, D_N_MELDS, D_MELDS) = range(6)
D_N_FANS = D_MELDS + MAX_MELDS
D_FANS = D_N_FANS + 1
DETAIL_SIZE = D_FANS + MAX_FOUND
"""A scored reading as ints: total, form, pair (-1 none), knitted set (-1 none), melds of the
concealed tiles, then each as kind * N_TILE_KINDS + tile (by tile, a chow first), the number
of fans counted, then their indices."""
(W_KIND, W_TILE, W_DECLARED, W_CONCEALED, W_FAN, W_WHERE, W_ALIVE, W_CHOSEN, W_REST, W_COUNTS, W_SPLIT, W_CODES,
 W_STATE, W_DETAIL) = range(14)
WORK_SHAPE = (W_DETAIL + 2, DETAIL_SIZE)
"""The scratch rows (int64) the scoring steps work in, one array handed down whole: a
reading's melds (``W_KIND``, ``W_TILE``, ``W_DECLARED``, ``W_CONCEALED``), the fans found
(``W_FAN``, ``W_WHERE``), the exclusion state (``W_ALIVE``, ``W_CHOSEN``), scratch counts,
the hand's counts, the selection state, and two detail rows: the readings kept (the best one
in row ``W_DETAIL`` in the end)."""



# --- fan masks ---------------------------------------------------------------------------

@jitable
def has_fan(low: int, high: int, fan: int) -> bool:
    """Whether fan mask (``low``, ``high``: bits of fans below WORD_FANS, then of the rest) holds ``fan``."""
    return (low >> fan) & 1 == 1 if fan < WORD_FANS else (high >> (fan - WORD_FANS)) & 1 == 1


@jitable
def with_fan(mask: tuple[int, int], fan: int) -> tuple[int, int]:
    """A fan mask (bits of fans below WORD_FANS, bits of the rest) with ``fan`` added."""
    low, high = mask
    if fan < WORD_FANS:
        return low | (1 << fan), high
    return low, high | (1 << (fan - WORD_FANS))


@jitable
def next_fan(low: int, high: int) -> tuple[int, int, int]:
    """(the lowest fan of a non-empty fan mask, the mask without it)."""
    if low:
        bit = low & -low
        return bit_count(bit - 1), low ^ bit, high
    bit = high & -high
    return WORD_FANS + bit_count(bit - 1), low, high ^ bit
