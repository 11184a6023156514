"""Chinese Official (国标) fans: the fan table, the exclusion rules, and the jitable steps that
score one winning hand (its every reading, each reading's fans, the best reading).

Tiles are indices 0..33 (:mod:`.encoding`). A *reading* of a hand is one way to read its
tiles as a winning form: four melds and a pair (the declared melds plus a split of the
concealed tiles, the splits of each suit read from the split lists of the tables), seven
pairs, thirteen orphans, 全不靠/七星不靠 (``FORM_HONORS_KNITTED``), or 组合龙 with one meld and
the pair. A reading's melds are four parallel arrays: ``kind`` (``CHOW``, ``PONG``, ``KONG``),
``tile`` (a chow's lowest tile), ``declared`` (declared before the win) and ``concealed`` (no
tile of it claimed), sorted by tile.

Scoring a reading lists the fans found in it, each with *where*: a bit mask of the melds it
is found on (0 for the whole hand); :func:`counted_points` then applies the rules of
exclusion (:data:`EXCLUDED`: 不重复 and 不拆移; 套算一次 and 不得相同 for the fans of several
melds) and sums the points. :func:`score_hand` keeps the reading of the highest total, and
among readings of equal total the one the reference calculator keeps (:func:`best_of`).

Where the rules leave room this follows the calculator the field uses (pymahjonggb, the judge
of the Botzone and IJCAI contests): one concealed and one exposed kong score 明暗杠 (5 points);
边张, 嵌张 and 单钓将 need a hand that waited on one tile only; a pung the discarded win tile
completes is exposed unless that tile can be read in a concealed chow; the special forms
score no wait, nor 门前清/不求人; there is no minimum (a server checks 8 fans without flowers).
"""

from __future__ import annotations

import numpy as np

from ..jit import ERR_COPIES, ERR_SIZE, OK, jitable
from .encoding import (
    CLASS_MELDS,
    CLASS_PAIR,
    KNITTED_SETS,
    MAX_COPIES,
    MAX_MELDS,
    N_HONOR_KINDS,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    NO_MELD,
    SUIT_OFFSETS,
    suit_keys,
)
from .forms.standard import size_and_class, standard_waits

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

# --- tiles ---------------------------------------------------------------------------------

HONOR_OFFSET = SUIT_OFFSETS[3]
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
ORPHAN_MASK = TERMINAL_MASK | HONOR_MASK
GREEN_MASK = _mask(SUIT_OFFSETS[2] + r for r in (1, 2, 3, 5, 7)) | (1 << GREEN_DRAGON)
REVERSIBLE_MASK = (_mask(SUIT_OFFSETS[1] + r for r in (0, 1, 2, 3, 4, 7, 8))
                   | _mask(SUIT_OFFSETS[2] + r for r in (1, 3, 4, 5, 7, 8)) | (1 << WHITE))
UPPER_TILES_MASK, MIDDLE_TILES_MASK, LOWER_TILES_MASK = _numbered((6, 7, 8)), _numbered((3, 4, 5)), _numbered((0, 1, 2))
UPPER_FOUR_MASK, LOWER_FOUR_MASK = _numbered((5, 6, 7, 8)), _numbered((0, 1, 2, 3))
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
DETAIL_FANS = N_FANS + MAX_FLOWERS
(D_TOTAL, D_FORM, D_PAIR, D_KNIT, D_N_MELDS) = range(5)
D_MELDS = 5
D_N_FANS = D_MELDS + 2 * MAX_MELDS
D_FANS = D_N_FANS + 1
DETAIL_SIZE = D_FANS + MAX_FOUND
"""A scored reading as ints: total, form, pair (-1 none), knitted set (-1 none), melds of the
concealed tiles, then (kind, tile) each (by tile, a chow first), the number of fans counted,
then their indices."""


@jitable
def rank_of(t: int) -> int:
    return t % N_SUIT_RANKS


@jitable
def suit_of(t: int) -> int:
    """0..2 a numbered suit, 3 the honors."""
    return t // N_SUIT_RANKS


@jitable
def one_suit(a: int, b: int) -> bool:
    return a < HONOR_OFFSET and b < HONOR_OFFSET and suit_of(a) == suit_of(b)


@jitable
def three_suits(a: int, b: int, c: int) -> bool:
    return (c < HONOR_OFFSET and suit_of(a) != suit_of(b) and suit_of(b) != suit_of(c)
            and suit_of(a) != suit_of(c))


@jitable
def sorted3(a: int, b: int, c: int) -> tuple[int, int, int]:
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    return a, b, c


@jitable
def add_fan(found_fan: np.ndarray, found_where: np.ndarray, n: int, fan: int, where: int) -> int:
    found_fan[n] = fan
    found_where[n] = where
    return n + 1


@jitable
def group_has(t: int, pong: bool, test: int) -> bool:
    """Whether a meld or pair (a chow from ``t``, else tiles ``t``) holds a tile of mask ``test``."""
    if pong:
        return (test >> t) & 1 == 1
    return ((test >> t) | (test >> (t + 1)) | (test >> (t + 2))) & 1 == 1


@jitable
def chow_fans(kind, tile, n_melds, found_fan, found_where, n):
    """The fans of two, three and four chows (``tile`` sorted, so each set's tiles come sorted)."""
    for i in range(n_melds):
        if kind[i] != CHOW:
            continue
        a = tile[i]
        for j in range(i + 1, n_melds):
            if kind[j] != CHOW:
                continue
            b = tile[j]
            where2 = (1 << i) | (1 << j)
            if a == b:
                n = add_fan(found_fan, found_where, n, PURE_DOUBLE_CHOW, where2)
            elif suit_of(a) != suit_of(b) and rank_of(a) == rank_of(b):
                n = add_fan(found_fan, found_where, n, MIXED_DOUBLE_CHOW, where2)
            elif one_suit(a, b) and b - a == 3:
                n = add_fan(found_fan, found_where, n, SHORT_STRAIGHT, where2)
            elif one_suit(a, b) and rank_of(a) == 0 and rank_of(b) == 6:
                n = add_fan(found_fan, found_where, n, TWO_TERMINAL_CHOWS, where2)
            for k in range(j + 1, n_melds):
                if kind[k] != CHOW:
                    continue
                c = tile[k]
                where3 = where2 | (1 << k)
                if a == b and b == c:
                    n = add_fan(found_fan, found_where, n, PURE_TRIPLE_CHOW, where3)
                elif one_suit(a, c) and one_suit(a, b):
                    if b - a == c - b and (b - a == 1 or b - a == 2):
                        n = add_fan(found_fan, found_where, n, PURE_SHIFTED_CHOWS, where3)
                    elif rank_of(a) == 0 and b - a == 3 and c - b == 3:
                        n = add_fan(found_fan, found_where, n, PURE_STRAIGHT, where3)
                elif three_suits(a, b, c):
                    r0, r1, r2 = sorted3(rank_of(a), rank_of(b), rank_of(c))
                    if r0 == 0 and r1 == 3 and r2 == 6:
                        n = add_fan(found_fan, found_where, n, MIXED_STRAIGHT, where3)
                    elif r0 == r2:
                        n = add_fan(found_fan, found_where, n, MIXED_TRIPLE_CHOW, where3)
                    elif r1 == r0 + 1 and r2 == r1 + 1:
                        n = add_fan(found_fan, found_where, n, MIXED_SHIFTED_CHOWS, where3)
                for m in range(k + 1, n_melds):
                    if kind[m] != CHOW:
                        continue
                    d = tile[m]
                    if a == d:
                        n = add_fan(found_fan, found_where, n, QUADRUPLE_CHOW, where3 | (1 << m))
                    elif one_suit(a, d) and one_suit(a, b) and one_suit(a, c) and b - a == c - b and d - c == b - a \
                            and (b - a == 1 or b - a == 2):
                        n = add_fan(found_fan, found_where, n, FOUR_PURE_SHIFTED_CHOWS, where3 | (1 << m))
    return n


@jitable
def pung_fans(kind, tile, n_melds, pair, seat_wind, round_wind, found_fan, found_where, n):
    """The fans of one to four pungs (kongs count as pungs)."""
    for i in range(n_melds):
        if kind[i] == CHOW:
            continue
        a = tile[i]
        where1 = 1 << i
        if (DRAGON_MASK >> a) & 1:
            n = add_fan(found_fan, found_where, n, DRAGON_PUNG, where1)
        if a == WIND_OFFSET + round_wind:
            n = add_fan(found_fan, found_where, n, PREVALENT_WIND, where1)
        if a == WIND_OFFSET + seat_wind:
            n = add_fan(found_fan, found_where, n, SEAT_WIND, where1)
        if ((TERMINAL_MASK | WIND_MASK) >> a) & 1:
            n = add_fan(found_fan, found_where, n, PUNG_OF_TERMINALS_OR_HONORS, where1)
        for j in range(i + 1, n_melds):
            if kind[j] == CHOW:
                continue
            b = tile[j]
            where2 = where1 | (1 << j)
            if b < HONOR_OFFSET and rank_of(a) == rank_of(b):
                n = add_fan(found_fan, found_where, n, DOUBLE_PUNG, where2)
            elif a >= DRAGON_OFFSET:
                n = add_fan(found_fan, found_where, n, TWO_DRAGON_PUNGS, where2)
                if (DRAGON_MASK >> pair) & 1:
                    n = add_fan(found_fan, found_where, n, LITTLE_THREE_DRAGONS, where2)
            for k in range(j + 1, n_melds):
                if kind[k] == CHOW:
                    continue
                c = tile[k]
                where3 = where2 | (1 << k)
                if one_suit(a, c) and one_suit(a, b) and b == a + 1 and c == b + 1:
                    n = add_fan(found_fan, found_where, n, PURE_SHIFTED_PUNGS, where3)
                elif three_suits(a, b, c):
                    r0, r1, r2 = sorted3(rank_of(a), rank_of(b), rank_of(c))
                    if r0 == r2:
                        n = add_fan(found_fan, found_where, n, TRIPLE_PUNG, where3)
                    elif r1 == r0 + 1 and r2 == r1 + 1:
                        n = add_fan(found_fan, found_where, n, MIXED_SHIFTED_PUNGS, where3)
                elif a >= DRAGON_OFFSET:
                    n = add_fan(found_fan, found_where, n, BIG_THREE_DRAGONS, where3)
                elif a >= WIND_OFFSET and c < DRAGON_OFFSET:
                    n = add_fan(found_fan, found_where, n, BIG_THREE_WINDS, where3)
                    if (WIND_MASK >> pair) & 1:
                        n = add_fan(found_fan, found_where, n, LITTLE_FOUR_WINDS, where3)
                for m in range(k + 1, n_melds):
                    if kind[m] == CHOW:
                        continue
                    d = tile[m]
                    if a >= WIND_OFFSET and d < DRAGON_OFFSET:
                        n = add_fan(found_fan, found_where, n, BIG_FOUR_WINDS, where3 | (1 << m))
                    elif one_suit(a, d) and one_suit(a, b) and one_suit(a, c) and b == a + 1 and c == b + 1 \
                            and d == c + 1:
                        n = add_fan(found_fan, found_where, n, FOUR_PURE_SHIFTED_PUNGS, where3 | (1 << m))
    return n


@jitable
def concealed_pungs(kind, tile, declared, concealed, n_melds, win_tile, self_drawn) -> int:
    """The pungs and kongs with no tile claimed; one the discarded win tile completes counts
    as exposed, unless that tile can be read in a concealed chow of the hand."""
    count = 0
    completed = False
    in_chow = False
    for i in range(n_melds):
        if kind[i] == CHOW:
            if not declared[i] and tile[i] <= win_tile <= tile[i] + 2:
                in_chow = True
        elif concealed[i]:
            count += 1
            if kind[i] == PONG and not declared[i] and tile[i] == win_tile:
                completed = True
    if completed and not self_drawn and not in_chow:
        count -= 1
    return count


@jitable
def meld_and_pair(rest: np.ndarray) -> bool:
    """Whether 5 tile counts are one meld and a pair."""
    for p in range(N_TILE_KINDS):
        if rest[p] >= 2:
            rest[p] -= 2
            found = False
            for t in range(N_TILE_KINDS):
                if rest[t] == 3:
                    found = True
                elif rest[t] and t < HONOR_OFFSET and rank_of(t) <= 6 and rest[t + 1] and rest[t + 2]:
                    found = True
                if rest[t]:
                    break
            rest[p] += 2
            if found:
                return True
    return False


@jitable
def knitted_single_wait(kind, tile, declared, n_melds, pair, hand, win_tile, rest) -> bool:
    """Whether the meld and pair of a 组合龙 reading waited on the win tile alone: those tiles
    less the win tile complete with it only (with a declared meld: the hand held the win tile)."""
    if declared[0]:
        return hand[win_tile] > 0
    rest[:] = 0
    rest[pair] += 2
    for d in range(3):
        rest[tile[0] + (d if kind[0] == CHOW else 0)] += 1
    if rest[win_tile] == 0:
        return False
    rest[win_tile] -= 1
    waits = 0
    for x in range(N_TILE_KINDS):
        rest[x] += 1
        if meld_and_pair(rest):
            waits += 1
        rest[x] -= 1
    return waits == 1


@jitable
def wait_fan(kind, tile, declared, n_melds, pair, win_tile) -> int:
    """边张, 嵌张 or 单钓将 (in that order) of a hand that waited on one tile, else -1."""
    closed = False
    for i in range(n_melds):
        if kind[i] == CHOW and not declared[i]:
            c = tile[i]
            if (rank_of(c) == 0 and win_tile == c + 2) or (rank_of(c) == 6 and win_tile == c):
                return EDGE_WAIT
            if win_tile == c + 1:
                closed = True
    if closed:
        return CLOSED_WAIT
    return SINGLE_WAIT if pair == win_tile else -1


@jitable
def whole_hand_fans(form, held, fours, kongs, concealed_kongs, self_drawn, fourth_tile, kong, last_tile,
                    found_fan, found_where, n):
    """The fans of the tiles held and the situation, whatever the melds (as the form allows)."""
    numbered = held & NUMBERED_MASK
    suits = int((held & SUIT_MASKS[0]) != 0) + int((held & SUIT_MASKS[1]) != 0) + int((held & SUIT_MASKS[2]) != 0)
    honors = (held & HONOR_MASK) != 0
    terminal_form = form == FORM_STANDARD or form == FORM_SEVEN_PAIRS
    if held & ~GREEN_MASK == 0:
        n = add_fan(found_fan, found_where, n, ALL_GREEN, 0)
    if held & ~HONOR_MASK == 0:
        n = add_fan(found_fan, found_where, n, ALL_HONORS, 0)
    if terminal_form and held & ~TERMINAL_MASK == 0:
        n = add_fan(found_fan, found_where, n, ALL_TERMINALS, 0)
    if terminal_form and held & ~ORPHAN_MASK == 0 and honors and numbered:
        n = add_fan(found_fan, found_where, n, ALL_TERMINALS_AND_HONORS, 0)
    if not honors and suits == 1:
        n = add_fan(found_fan, found_where, n, FULL_FLUSH, 0)
    if honors and suits == 1:
        n = add_fan(found_fan, found_where, n, HALF_FLUSH, 0)
    for mask, fan in ((UPPER_TILES_MASK, UPPER_TILES), (MIDDLE_TILES_MASK, MIDDLE_TILES),
                      (LOWER_TILES_MASK, LOWER_TILES), (UPPER_FOUR_MASK, UPPER_FOUR), (LOWER_FOUR_MASK, LOWER_FOUR)):
        if held & ~mask == 0:
            n = add_fan(found_fan, found_where, n, fan, 0)
    if held & ~REVERSIBLE_MASK == 0:
        n = add_fan(found_fan, found_where, n, REVERSIBLE_TILES, 0)
    if suits == 3 and held & WIND_MASK and held & DRAGON_MASK:
        n = add_fan(found_fan, found_where, n, ALL_TYPES, 0)
    if held & ORPHAN_MASK == 0:
        n = add_fan(found_fan, found_where, n, ALL_SIMPLES, 0)
    if suits == 2:
        n = add_fan(found_fan, found_where, n, ONE_VOIDED_SUIT, 0)
    if not honors:
        n = add_fan(found_fan, found_where, n, NO_HONORS, 0)
    for _ in range(fours - kongs):
        n = add_fan(found_fan, found_where, n, TILE_HOG, 0)
    if kongs == 4:
        n = add_fan(found_fan, found_where, n, FOUR_KONGS, 0)
    elif kongs == 3:
        n = add_fan(found_fan, found_where, n, THREE_KONGS, 0)
    elif kongs == 2:
        n = add_fan(found_fan, found_where, n, (TWO_MELDED_KONGS, CONCEALED_AND_MELDED_KONG,
                                                TWO_CONCEALED_KONGS)[concealed_kongs], 0)
    elif kongs == 1:
        n = add_fan(found_fan, found_where, n, CONCEALED_KONG if concealed_kongs else MELDED_KONG, 0)
    if last_tile:
        n = add_fan(found_fan, found_where, n, LAST_TILE_DRAW if self_drawn else LAST_TILE_CLAIM, 0)
    if kong:
        n = add_fan(found_fan, found_where, n, OUT_WITH_REPLACEMENT_TILE if self_drawn else ROBBING_THE_KONG, 0)
    if fourth_tile:
        n = add_fan(found_fan, found_where, n, LAST_TILE, 0)
    if self_drawn:
        n = add_fan(found_fan, found_where, n, SELF_DRAWN, 0)
    return n


@jitable
def reading_fans(form, kind, tile, declared, concealed, n_melds, pair, held, fours, counts, hand, win_tile,
                 exposed, single_wait, nine_gates, situation, found_fan, found_where, rest):
    """Every fan found in one reading (before exclusions), as (fan, where) in ``found_fan`` and
    ``found_where``; returns how many. ``situation``: (self drawn, fourth tile, kong, last
    tile, seat wind, round wind); ``single_wait``: the hand before the win waited on one tile."""
    self_drawn, fourth_tile, kong, last_tile, seat_wind, round_wind = situation
    kongs = 0
    concealed_kongs = 0
    chows = 0
    for i in range(n_melds):
        if kind[i] == KONG:
            kongs += 1
            concealed_kongs += int(concealed[i])
        elif kind[i] == CHOW:
            chows += 1
    n = whole_hand_fans(form, held, fours, kongs, concealed_kongs, self_drawn, fourth_tile, kong, last_tile,
                        found_fan, found_where, 0)
    with_melds = form == FORM_STANDARD or form == FORM_KNITTED_STRAIGHT
    if form == FORM_SEVEN_PAIRS:
        n = add_fan(found_fan, found_where, n, SEVEN_PAIRS, 0)
        low = 0
        while not (held >> low) & 1:
            low += 1
        if one_suit(low, low + 6) and (held >> low) & 0x7F == 0x7F:
            n = add_fan(found_fan, found_where, n, SEVEN_SHIFTED_PAIRS, 0)
    elif form == FORM_THIRTEEN_ORPHANS:
        n = add_fan(found_fan, found_where, n, THIRTEEN_ORPHANS, 0)
    elif form == FORM_HONORS_KNITTED:
        all_honors = held & HONOR_MASK == HONOR_MASK
        n = add_fan(found_fan, found_where, n, GREATER_HONORS_KNITTED if all_honors else LESSER_HONORS_KNITTED, 0)
        if (held & NUMBERED_MASK) and bin_count(held & NUMBERED_MASK) == 9:
            n = add_fan(found_fan, found_where, n, KNITTED_STRAIGHT, 0)
    elif form == FORM_KNITTED_STRAIGHT:
        n = add_fan(found_fan, found_where, n, KNITTED_STRAIGHT, 0)
    if with_melds:
        if exposed == 0:
            n = add_fan(found_fan, found_where, n, FULLY_CONCEALED_HAND if self_drawn else CONCEALED_HAND, 0)
        if chows == n_melds and pair < HONOR_OFFSET:
            n = add_fan(found_fan, found_where, n, ALL_CHOWS, 0)
        n = chow_fans(kind, tile, n_melds, found_fan, found_where, n)
        n = pung_fans(kind, tile, n_melds, pair, seat_wind, round_wind, found_fan, found_where, n)
        hidden = concealed_pungs(kind, tile, declared, concealed, n_melds, win_tile, self_drawn)
        if hidden >= 2:
            n = add_fan(found_fan, found_where, n, (TWO_CONCEALED_PUNGS, THREE_CONCEALED_PUNGS,
                                                    FOUR_CONCEALED_PUNGS)[hidden - 2], 0)
        wait = -1
        if form == FORM_STANDARD and single_wait:
            wait = wait_fan(kind, tile, declared, n_melds, pair, win_tile)
        elif form == FORM_KNITTED_STRAIGHT and knitted_single_wait(kind, tile, declared, n_melds, pair, hand,
                                                                    win_tile, rest):
            wait = SINGLE_WAIT if declared[0] else wait_fan(kind, tile, declared, n_melds, pair, win_tile)
        if wait >= 0:
            n = add_fan(found_fan, found_where, n, wait, 0)
    if form == FORM_STANDARD:
        n = add_fan(found_fan, found_where, n, CHICKEN_HAND, 0)
        if nine_gates:
            n = add_fan(found_fan, found_where, n, NINE_GATES, 0)
        if exposed == 4 and not self_drawn:
            n = add_fan(found_fan, found_where, n, MELDED_HAND, 0)
        if chows == 0:
            n = add_fan(found_fan, found_where, n, ALL_PUNGS, 0)
        even = fives = outside = True
        for i in range(n_melds + 1):
            t = tile[i] if i < n_melds else pair
            pong = i == n_melds or kind[i] != CHOW
            even = even and pong and t < HONOR_OFFSET and rank_of(t) % 2 == 1
            fives = fives and group_has(t, pong, FIVES_MASK)
            outside = outside and group_has(t, pong, ORPHAN_MASK)
        if even:
            n = add_fan(found_fan, found_where, n, ALL_EVEN_PUNGS, 0)
        if fives:
            n = add_fan(found_fan, found_where, n, ALL_FIVES, 0)
        if outside:
            n = add_fan(found_fan, found_where, n, OUTSIDE_HAND, 0)
        if chows == 4 and pair < HONOR_OFFSET and rank_of(pair) == 4:
            if tile[0] == pair - 4 and tile[1] == pair - 4 and tile[2] == pair + 2 and tile[3] == pair + 2:
                n = add_fan(found_fan, found_where, n, PURE_TERMINAL_CHOWS, 0)
            else:
                lows = 0
                for i in range(MAX_MELDS):
                    lows |= 1 << tile[i]
                others = TERMINAL_CHOW_MASK & ~SUIT_MASKS[suit_of(pair)]
                if lows == others:
                    n = add_fan(found_fan, found_where, n, THREE_SUITED_TERMINAL_CHOWS, 0)
    return n


@jitable
def bin_count(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


# --- the rules of exclusion, applied -------------------------------------------------------

@jitable
def sort_found(found_fan: np.ndarray, found_where: np.ndarray, n: int) -> None:
    """Sorts the first ``n`` fans found into table order (stable)."""
    for i in range(1, n):
        fan = found_fan[i]
        where = found_where[i]
        j = i - 1
        while j >= 0 and found_fan[j] > fan:
            found_fan[j + 1] = found_fan[j]
            found_where[j + 1] = found_where[j]
            j -= 1
        found_fan[j + 1] = fan
        found_where[j + 1] = where


@jitable
def group_root(groups: np.ndarray, meld: int) -> int:
    while groups[meld] != meld:
        meld = groups[meld]
    return meld


@jitable
def join_groups(groups: np.ndarray, where: int) -> bool:
    """Joins the groups of the melds of ``where`` into one; False, changing nothing, when two of
    them are in one group already (套算一次: melds combine once)."""
    roots = 0
    for meld in range(MAX_MELDS):
        if (where >> meld) & 1:
            r = group_root(groups, meld)
            if (roots >> r) & 1:
                return False
            roots |= 1 << r
    first = -1
    for r in range(MAX_MELDS):
        if (roots >> r) & 1:
            if first < 0:
                first = r
            else:
                groups[r] = first
    return True


@jitable
def counted_points(found_fan, found_where, n, alive, groups, trial, chosen) -> int:
    """Applies the rules of exclusion to the ``n`` fans found (sorted here into table order;
    ``alive[i]`` says whether fan i counts) and returns the points counted, flowers aside.

    1. 不重复/不拆移: in table order, each fan still counted drops what :data:`EXCLUDED` says.
    2. 套算一次: a fan of three or four melds counts once per group of melds it joins; of the
       fans of two melds, the choice that joins the most melds not yet joined, no meld twice
       in fans of one name (不得相同), then the most names, then :data:`PAIR_FANS` order.
    3. 无番和 only when nothing else counts.
    """
    sort_found(found_fan, found_where, n)
    killed_low = killed_high = 0  # the fans dropped whole, as EXCLUDED_LOW and EXCLUDED_HIGH
    for i in range(n):
        alive[i] = True
    previous = -1
    for i in range(n):
        fan = found_fan[i]
        if (killed_low >> fan) & 1 if fan < WORD_FANS else (killed_high >> (fan - WORD_FANS)) & 1:
            continue
        if fan != previous:
            killed_low |= EXCLUDED_LOW[fan]
            killed_high |= EXCLUDED_HIGH[fan]
            previous = fan
        if EXCLUDES_INSTANCES[fan]:
            taken = 0
            for j in range(n):
                scope = EXCLUDED[fan, found_fan[j]]
                if scope == WITHIN:
                    where = found_where[j]
                    if where != 0 and where & ~found_where[i] == 0:
                        alive[j] = False
                elif scope > 0 and alive[j]:
                    if taken < scope:
                        alive[j] = False
                    taken += 1
    for i in range(n):
        fan = found_fan[i]
        if (killed_low >> fan) & 1 if fan < WORD_FANS else (killed_high >> (fan - WORD_FANS)) & 1:
            alive[i] = False
    for m in range(MAX_MELDS):
        groups[m] = m
    n_pairs = 0
    for i in range(n):
        if not alive[i]:
            continue
        if bin_count(found_where[i]) >= 3:
            if not join_groups(groups, found_where[i]):
                alive[i] = False
        elif PAIR_RANK[found_fan[i]] >= 0:
            chosen[n_pairs] = i
            n_pairs += 1
    all_fit = n_pairs > 0
    if n_pairs:  # the common case: every fan of two melds can count (then counting all is best)
        trial[:MAX_MELDS] = groups[:MAX_MELDS]
        per_name = 0
        for b in range(n_pairs):
            i = chosen[b]
            shift = MAX_MELDS * PAIR_RANK[found_fan[i]]
            if (per_name >> shift) & found_where[i] or not join_groups(trial, found_where[i]):
                all_fit = False
                break
            per_name |= found_where[i] << shift
    if n_pairs and not all_fit:
        best_key = -1
        best_choice = 0
        for choice in range(1 << n_pairs):
            trial[:MAX_MELDS] = groups[:MAX_MELDS]
            ok = True
            per_name = 0  # 4 bits of melds per pair fan
            counts = 0  # 3 bits of count per pair fan, PAIR_FANS order from the top
            size = 0
            for b in range(n_pairs):
                if (choice >> b) & 1:
                    i = chosen[b]
                    name = PAIR_RANK[found_fan[i]]
                    where = found_where[i]
                    if (per_name >> (MAX_MELDS * name)) & where or not join_groups(trial, where):
                        ok = False
                        break
                    per_name |= where << (MAX_MELDS * name)
                    counts += PAIR_KEY_BASE ** (len(PAIR_FANS) - 1 - name)
                    size += 1
            if ok:
                names = 0
                rest = counts
                while rest:
                    names += int(rest % PAIR_KEY_BASE != 0)
                    rest //= PAIR_KEY_BASE
                key = (size * PAIR_KEY_BASE + names) * PAIR_KEY_BASE ** len(PAIR_FANS) + counts
                if key > best_key:
                    best_key = key
                    best_choice = choice
        for b in range(n_pairs):
            alive[chosen[b]] = (best_choice >> b) & 1 == 1
    points = 0
    chicken = -1
    others = False
    for i in range(n):
        if alive[i]:
            if found_fan[i] == CHICKEN_HAND:
                chicken = i
            else:
                others = True
                points += FAN_POINTS[found_fan[i]]
    if chicken >= 0:
        if others:
            alive[chicken] = False
        else:
            points += FAN_POINTS[CHICKEN_HAND]
    return points


# --- every reading of a hand, and the best ---------------------------------------------------

(W_KIND, W_TILE, W_DECLARED, W_CONCEALED, W_FAN, W_WHERE, W_ALIVE, W_GROUPS, W_TRIAL, W_CHOSEN, W_REST, W_COUNTS,
 W_SPLIT, W_CODES, W_STATE, W_DETAIL) = range(16)
WORK_SHAPE = (W_DETAIL + 2, DETAIL_SIZE)
"""The scratch rows :func:`score_hand` works in (int64): the reading's melds, the fans found,
the exclusion state, tile counts, the selection state (:data:`S_BEST` ...), and two detail
rows: the readings kept (the best one in row ``W_DETAIL`` in the end)."""
(S_BEST, S_FIRST_KEY, S_FIRST_REPLACING, S_REPLACING_KEY, S_SEEN_SEVEN_PAIRS, S_NEXT_SPECIAL) = range(6)
NO_KEY = -(1 << 62)
SPECIAL_KEY = -(1 << 40)
"""Order keys of the special readings start here (they come before every standard reading)."""


@jitable
def sort_melds(kind: np.ndarray, tile: np.ndarray, declared: np.ndarray, concealed: np.ndarray, n: int) -> None:
    """Sorts a reading's melds by tile, a chow before a pong of its tile (parallel arrays,
    insertion sort)."""
    for i in range(1, n):
        k, t, d, c = kind[i], tile[i], declared[i], concealed[i]
        j = i - 1
        while j >= 0 and (tile[j] > t or (tile[j] == t and kind[j] > k)):
            kind[j + 1], tile[j + 1], declared[j + 1], concealed[j + 1] = kind[j], tile[j], declared[j], concealed[j]
            j -= 1
        kind[j + 1], tile[j + 1], declared[j + 1], concealed[j + 1] = k, t, d, c


@jitable
def search_key(kind: np.ndarray, tile: np.ndarray, declared: np.ndarray, n: int, packed: np.ndarray) -> int:
    """The order the calculator finds a standard reading in: its concealed melds' codes
    (2 * SEARCH_POSITION + is chow), sorted, as digits of one number (``packed``: scratch)."""
    codes = 0
    n_codes = 0
    for i in range(n):
        if not declared[i]:
            packed[n_codes] = 2 * SEARCH_POSITION[tile[i]] + int(kind[i] == CHOW)
            n_codes += 1
    packed[:n_codes].sort()
    for i in range(n_codes):
        codes = codes * SEARCH_BASE + packed[i]
    return codes


@jitable
def offer_reading(work, keep, key, total, replacing, form, pair, knit, n_melds, n_found) -> None:
    """Keeps a scored reading if it is the best so far. Of readings of equal total the
    calculator keeps the first (by order key) unless a later one is ``replacing``; the
    state keeps the first and the last replacing one, whatever order they come in."""
    state = work[W_STATE]
    slot = -1
    if total > state[S_BEST]:
        state[S_BEST] = total
        state[S_FIRST_KEY] = key
        state[S_FIRST_REPLACING] = int(replacing)
        state[S_REPLACING_KEY] = NO_KEY
        slot = 0
    elif total == state[S_BEST]:
        if key < state[S_FIRST_KEY]:
            if state[S_FIRST_REPLACING] and state[S_FIRST_KEY] > state[S_REPLACING_KEY]:
                state[S_REPLACING_KEY] = state[S_FIRST_KEY]
                if keep:
                    work[W_DETAIL + 1, :] = work[W_DETAIL, :]
            state[S_FIRST_KEY] = key
            state[S_FIRST_REPLACING] = int(replacing)
            slot = 0
        elif replacing and key > state[S_REPLACING_KEY]:
            state[S_REPLACING_KEY] = key
            slot = 1
    if keep and slot >= 0:
        out = work[W_DETAIL + slot]
        out[D_TOTAL] = total
        out[D_FORM] = form
        out[D_PAIR] = pair
        out[D_KNIT] = knit
        m = 0
        for i in range(n_melds):
            if not work[W_DECLARED, i]:
                out[D_MELDS + 2 * m] = work[W_KIND, i]
                out[D_MELDS + 2 * m + 1] = work[W_TILE, i]
                m += 1
        out[D_N_MELDS] = m
        count = 0
        for i in range(n_found):
            if work[W_ALIVE, i]:
                out[D_FANS + count] = work[W_FAN, i]
                count += 1
        out[D_N_FANS] = count


@jitable
def score_reading(work, keep, key, form, n_melds, pair, knit, held, fours, hand, win_tile, exposed,
                  single_wait, nine_gates, situation) -> None:
    """Scores the reading in the work rows and offers it (:func:`offer_reading`)."""
    sort_melds(work[W_KIND], work[W_TILE], work[W_DECLARED], work[W_CONCEALED], n_melds)
    if keep and form == FORM_STANDARD:
        key = search_key(work[W_KIND], work[W_TILE], work[W_DECLARED], n_melds, work[W_CODES])
    n = reading_fans(form, work[W_KIND], work[W_TILE], work[W_DECLARED], work[W_CONCEALED], n_melds, pair, held,
                     fours, work[W_COUNTS], hand, win_tile, exposed, single_wait, nine_gates, situation,
                     work[W_FAN], work[W_WHERE], work[W_REST])
    total = counted_points(work[W_FAN], work[W_WHERE], n, work[W_ALIVE], work[W_GROUPS], work[W_TRIAL],
                           work[W_CHOSEN])
    state = work[W_STATE]
    if not keep:
        state[S_BEST] = max(state[S_BEST], total)
        return
    replacing = state[S_SEEN_SEVEN_PAIRS] != 0
    seven_pairs = False
    for i in range(n):
        if work[W_ALIVE, i]:
            fan = work[W_FAN, i]
            replacing = replacing or fan == PURE_TRIPLE_CHOW or fan == TRIPLE_PUNG
            seven_pairs = seven_pairs or fan == SEVEN_PAIRS
    offer_reading(work, keep, key, total, replacing, form, pair, knit, n_melds, n)
    if seven_pairs:
        state[S_SEEN_SEVEN_PAIRS] = 1


@jitable
def split_range(index: np.ndarray, start: np.ndarray, key: int) -> tuple[int, int]:
    """Rows lo..hi-1 of a split list for suit key ``key`` (``index``: the split index by key);
    (-1, 0) for an empty suit (one reading with no melds), (0, 0) when the suit does not split."""
    if key == 0:
        return -1, 0
    i = np.int64(index[key])
    if i == 0:
        return 0, 0
    return np.int64(start[i - 1]), np.int64(start[i])


@jitable
def take_split(work, splits: np.ndarray, row: int, offset: int, n_ranks: int, n: int) -> tuple[int, int]:
    """Appends the melds of split ``row`` of a suit at ``offset`` (``splits``: its split list,
    flat) to the reading; returns
    (melds now, the pair's tile or -1)."""
    if row < 0:
        return n, -1
    pair = -1
    first = row * SPLIT_WIDTH
    if splits[first] != NO_MELD:
        pair = offset + np.int64(splits[first])
    for c in range(1, MAX_MELDS + 1):
        code = np.int64(splits[first + c])
        if code == NO_MELD:
            break
        work[W_KIND, n] = PONG if code < n_ranks else CHOW
        work[W_TILE, n] = offset + (code if code < n_ranks else code - n_ranks)
        work[W_DECLARED, n] = 0
        work[W_CONCEALED, n] = 1
        n += 1
    return n, pair


@jitable
def split_readings(work, keep, counts, form, knit, melds, n_declared, splits_tables, held, fours, hand,
                   win_tile, exposed, single_wait, nine_gates, situation) -> None:
    """Scores every reading of ``counts`` (the concealed tiles, or what a 组合龙 leaves of them)
    as melds and a pair, after the declared melds, from the split lists of each suit."""
    suit_index, suit_start, suit_splits, honor_index, honor_start, honor_splits = splits_tables
    k0, k1, k2, k3 = suit_keys(counts)
    lo0, hi0 = split_range(suit_index, suit_start, k0)
    lo1, hi1 = split_range(suit_index, suit_start, k1)
    lo2, hi2 = split_range(suit_index, suit_start, k2)
    lo3, hi3 = split_range(honor_index, honor_start, k3)
    if lo0 == hi0 or lo1 == hi1 or lo2 == hi2 or lo3 == hi3:
        return
    for a in range(lo0, hi0):
        for b in range(lo1, hi1):
            for c in range(lo2, hi2):
                for d in range(lo3, hi3):
                    n = 0
                    for i in range(n_declared):
                        kind_in = melds[i, 0]
                        work[W_KIND, n] = CHOW if kind_in == MELD_CHOW else PONG if kind_in == MELD_PONG else KONG
                        work[W_TILE, n] = melds[i, 1]
                        work[W_DECLARED, n] = 1
                        work[W_CONCEALED, n] = int(kind_in == MELD_CONCEALED_KONG)
                        n += 1
                    n, p0 = take_split(work, suit_splits, a, SUIT_OFFSETS[0], N_SUIT_RANKS, n)
                    n, p1 = take_split(work, suit_splits, b, SUIT_OFFSETS[1], N_SUIT_RANKS, n)
                    n, p2 = take_split(work, suit_splits, c, SUIT_OFFSETS[2], N_SUIT_RANKS, n)
                    n, p3 = take_split(work, honor_splits, d, SUIT_OFFSETS[3], N_HONOR_KINDS, n)
                    pair = max(max(p0, p1), max(p2, p3))
                    expected = MAX_MELDS if form == FORM_STANDARD else 1
                    if pair < 0 or n != expected:
                        continue
                    key = next_special(work) if form != FORM_STANDARD else 0
                    score_reading(work, keep, key, form, n, pair, knit, held, fours, hand, win_tile, exposed,
                                  single_wait, nine_gates, situation)


@jitable
def next_special(work: np.ndarray) -> int:
    """The order key of the next special reading (found order, before every standard one)."""
    state = work[W_STATE]
    state[S_NEXT_SPECIAL] += 1
    return SPECIAL_KEY + state[S_NEXT_SPECIAL]


@jitable
def fifth_copy_waits(hand, scratch, hu_tables) -> int:
    """The tiles held four times whose fifth copy would complete the hand into melds and a pair
    (the calculator counts them among the waits): with a pong of it, the rest is melds and a
    pair; with the pair of it, the rest is melds. ``scratch``: 34 counts to work in."""
    suit_hu, honor_hu = hu_tables
    mask = 0
    for t in range(N_TILE_KINDS):
        if hand[t] == 4:
            for u in range(N_TILE_KINDS):
                scratch[u] = hand[u]
            for left, wanted in ((2, CLASS_PAIR), (3, CLASS_MELDS)):
                scratch[t] = left
                k0, k1, k2, k3 = suit_keys(scratch)
                entries = (np.int64(suit_hu[k0]), np.int64(suit_hu[k1]), np.int64(suit_hu[k2]),
                           np.int64(honor_hu[k3]))
                if size_and_class(entries)[1] == wanted:
                    mask |= 1 << t
    return mask


@jitable
def declared_count(melds: np.ndarray) -> int:
    """How many melds a block of (kind, tile) rows declares (its rows of a kind other than
    none, which come first); -1 when a meld follows an empty row."""
    n = 0
    for i in range(melds.shape[0]):
        if melds[i, 0] != MELD_NONE:
            if n != i:
                return -1
            n += 1
    return n


@jitable
def count_tiles(hand, win_tile, melds, n_declared, counts, split) -> tuple[int, int, int, int]:
    """Fills ``counts`` (every tile: hand, win tile, declared melds) and ``split`` (the
    concealed tiles and the win tile); returns (status, exposed melds, kongs, copies of the
    win tile in the melds). Refuses a win tile outside 0..33 or a meld that is not one
    (ERR_MELD), a hand of other than 13 less 3 per meld tiles (ERR_SIZE)."""
    if not 0 <= win_tile < N_TILE_KINDS:
        return ERR_MELD, 0, 0, 0
    total = 0
    for t in range(N_TILE_KINDS):
        c = hand[t]
        counts[t] = c
        split[t] = c
        total += c
    if n_declared > MAX_MELDS or total != 3 * (MAX_MELDS - n_declared) + 1:
        return ERR_SIZE, 0, 0, 0
    counts[win_tile] += 1
    split[win_tile] += 1
    exposed = kongs = in_melds = 0
    for i in range(n_declared):
        kind, t = melds[i, 0], np.int64(melds[i, 1])
        if kind < MELD_CHOW or kind > MELD_CONCEALED_KONG or not 0 <= t < N_TILE_KINDS:
            return ERR_MELD, 0, 0, 0
        exposed += int(kind != MELD_CONCEALED_KONG)
        if kind == MELD_CHOW:
            if t >= HONOR_OFFSET or rank_of(t) > 6:
                return ERR_MELD, 0, 0, 0
            counts[t] += 1
            counts[t + 1] += 1
            counts[t + 2] += 1
            in_melds += int(t <= win_tile <= t + 2)
        else:
            size = 3 if kind == MELD_PONG else 4
            kongs += int(size == 4)
            counts[t] += size
            in_melds += size * int(t == win_tile)
    return OK, exposed, kongs, in_melds


@jitable
def hand_facts(hand, counts, split) -> tuple[int, int, int, int, int, bool, bool, bool]:
    """From the counts of :func:`count_tiles`: (status: ERR_COPIES on a fifth copy, the mask
    of the tiles held, tiles held four times, odd counts in the hand before the win, the last
    such tile, the concealed tiles all in pairs, all single, some tile four times in hand)."""
    held = fours = n_odd = odd = 0
    over = odd_split = many = four_in_hand = False
    for t in range(N_TILE_KINDS):  # no branch on the counts (random hands mispredict them)
        c = counts[t]
        over = over or c > MAX_COPIES
        held |= int(c > 0) << t
        fours += int(c == MAX_COPIES)
        odd_split = odd_split or split[t] % 2 == 1
        many = many or split[t] > 1
        h = hand[t]
        n_odd += h % 2
        odd = t if h % 2 else odd
        four_in_hand = four_in_hand or h == MAX_COPIES
    if over:
        return ERR_COPIES, 0, 0, 0, 0, False, False, False
    pairs, singles = not odd_split, not many
    return OK, held, fours, n_odd, odd, pairs, singles, four_in_hand


@jitable
def flags_status(hand, win_tile, kongs, in_melds, situation) -> int:
    """OK, or ERR_FLAGS for flags that cannot hold together: 杠上开花 without a kong, 抢杠和 or
    和绝张 on a tile the hand holds, 抢杠和 on a tile of the melds, winds outside 0..3, flowers
    outside 0..8."""
    self_drawn, fourth_tile, kong, last_tile, seat_wind, round_wind, flowers = situation
    if kong and self_drawn and kongs == 0:
        return ERR_FLAGS
    if kong and not self_drawn and (hand[win_tile] or in_melds):
        return ERR_FLAGS
    if fourth_tile and hand[win_tile]:
        return ERR_FLAGS
    if not (0 <= seat_wind < N_WINDS and 0 <= round_wind < N_WINDS and 0 <= flowers <= MAX_FLOWERS):
        return ERR_FLAGS
    return OK


@jitable
def score_hand(hand, win_tile, melds, n_declared, situation, splits_tables, hu_tables, work,
               keep) -> tuple[int, int]:
    """(status, points without flowers) of the hand (34 concealed counts before the win) with
    ``win_tile`` and the first ``n_declared`` rows of ``melds`` ((input kind, tile) rows);
    points -1 when it does not win. ``situation``: (self drawn, fourth tile, kong, last tile,
    seat wind, round wind, flowers). With ``keep``, work row ``W_DETAIL`` receives the best reading
    (the order of readings of equal total is the calculator's); without, only the total counts."""
    counts = work[W_COUNTS]
    split = work[W_SPLIT]
    status, exposed, kongs, in_melds = count_tiles(hand, win_tile, melds, n_declared, counts, split)
    if status != OK:
        return status, -1
    status, held, fours, n_odd, odd, pairs, singles, four_in_hand = hand_facts(hand, counts, split)
    if status != OK:
        return status, -1
    status = flags_status(hand, win_tile, kongs, in_melds, situation)
    if status != OK:
        return status, -1
    self_drawn, fourth_tile, kong, last_tile, seat_wind, round_wind, _ = situation
    facts = (self_drawn, fourth_tile or in_melds == 3, kong, last_tile, seat_wind, round_wind)
    state = work[W_STATE]
    state[S_BEST] = -1
    state[S_FIRST_KEY] = NO_KEY
    state[S_FIRST_REPLACING] = 0
    state[S_REPLACING_KEY] = NO_KEY
    state[S_SEEN_SEVEN_PAIRS] = 0
    state[S_NEXT_SPECIAL] = 0

    # the waits of the hand before the win: 边张, 嵌张, 单钓将 need it to wait on one tile
    suit_hu, honor_hu = hu_tables
    k0, k1, k2, k3 = suit_keys(hand)
    waits = standard_waits((np.int64(suit_hu[k0]), np.int64(suit_hu[k1]), np.int64(suit_hu[k2]),
                            np.int64(honor_hu[k3])))
    if four_in_hand:
        waits |= fifth_copy_waits(hand, work[W_REST], hu_tables)
    nine_gates = False
    if n_declared == 0:
        if n_odd == 1:
            waits |= 1 << odd
        for s in range(3):
            o = SUIT_OFFSETS[s]
            gates = hand[o] == 3 and hand[o + N_SUIT_RANKS - 1] == 3
            for r in range(1, N_SUIT_RANKS - 1):
                gates = gates and hand[o + r] == 1
            nine_gates = nine_gates or gates
    single_wait = bin_count(waits) == 1

    # the special forms first (the calculator finds them first), seven pairs before the rest
    if n_declared == 0:
        if pairs:
            score_reading(work, keep, next_special(work), FORM_SEVEN_PAIRS, 0, -1, -1, held, fours, hand,
                          win_tile, exposed, single_wait, nine_gates, facts)
        if held == ORPHAN_MASK:
            score_reading(work, keep, next_special(work), FORM_THIRTEEN_ORPHANS, 0, -1, -1, held, fours,
                          hand, win_tile, exposed, single_wait, nine_gates, facts)
        if singles:
            for i in range(len(KNITTED_SETS)):
                if held & NUMBERED_MASK & ~KNITTED_MASKS[i] == 0:
                    score_reading(work, keep, next_special(work), FORM_HONORS_KNITTED, 0, -1, i, held,
                                  fours, hand, win_tile, exposed, single_wait, nine_gates, facts)
                    break
    if n_declared <= 1:
        for i in range(len(KNITTED_SETS)):
            if held & KNITTED_MASKS[i] == KNITTED_MASKS[i]:
                rest_ok = True
                for j in range(KNITTED_TILES.shape[1]):
                    rest_ok = rest_ok and split[KNITTED_TILES[i, j]] > 0
                if rest_ok:
                    for j in range(KNITTED_TILES.shape[1]):
                        split[KNITTED_TILES[i, j]] -= 1
                    split_readings(work, keep, split, FORM_KNITTED_STRAIGHT, i, melds, n_declared,
                                   splits_tables, held, fours, hand, win_tile, exposed, single_wait, nine_gates,
                                   facts)
                    for j in range(KNITTED_TILES.shape[1]):
                        split[KNITTED_TILES[i, j]] += 1
    split_readings(work, keep, split, FORM_STANDARD, -1, melds, n_declared, splits_tables, held, fours,
                   hand, win_tile, exposed, single_wait, nine_gates, facts)
    if keep and state[S_REPLACING_KEY] != NO_KEY:
        work[W_DETAIL, :] = work[W_DETAIL + 1, :]
    return OK, state[S_BEST]
