"""Every reading of a winning hand, for any scoring system, as jitable steps.

A *reading* is one way to read the tiles of a win as a winning form: the declared melds plus
a split of the concealed tiles into melds and a pair (:class:`Form` ``STANDARD``), or a
special form (seven pairs, thirteen orphans, the knitted forms). A reading's melds sit in
rows of a scratch array (:class:`ReadingRow`), parallel by meld: ``KIND`` (:class:`Meld`),
``TILE`` (a chow's lowest tile), ``DECLARED`` (declared before the win) and ``CONCEALED``
(no tile of it claimed). The steps here check the input hand (:func:`count_tiles`,
:func:`tile_facts`), list the standard readings from the tables' split lists
(:func:`split_ranges`, then :func:`read_split` for each row of each range), and read what a scorer
asks of a reading: the waits of the hand before the win (:func:`waits_before`), the wait's
shape (:func:`wait_shape`), whether the win tile completed a concealed chow
(:func:`win_in_concealed_chow`). A scoring system adds rows of its own after
:data:`N_READING_ROWS`. The steps a scorer calls once per hand or per reading, with arrays,
are inlined into their caller by LLVM (``jitable(inline="llvm")``): no call passes the arrays again.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

import numpy as np

from ...jit import ERR_COPIES, ERR_SIZE, OK, jitable
from ..encoding import (
    CLASS_MELDS,
    CLASS_PAIR,
    HONOR_OFFSET,
    MAX_COPIES,
    MAX_MELDS,
    N_HONOR_KINDS,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    NO_MELD,
    SUIT_OFFSETS,
    suit_keys,
)
from ..forms.standard import size_and_class, standard_waits
from ..row import bit_count


class Meld(IntEnum):
    """A reading's meld kinds."""

    CHOW = 1
    PONG = 2
    KONG = 3


class MeldInput(IntEnum):
    """The meld kinds of the input: rows of (kind, tile), declared melds first."""

    NONE = 0
    CHOW = 1
    PONG = 2
    KONG = 3
    CONCEALED_KONG = 4


class Form(IntEnum):
    """The winning forms a reading takes."""

    STANDARD = 0
    SEVEN_PAIRS = 1
    THIRTEEN_ORPHANS = 2
    HONORS_KNITTED = 3
    """全不靠/七星不靠: single honors and numbered tiles of one knitted set."""
    KNITTED_STRAIGHT = 4
    """组合龙 with one meld and the pair."""


class Wait(IntEnum):
    """The shape of a wait a reading shows on the win tile (:func:`wait_shape`)."""

    NONE = -1
    EDGE = 0
    CLOSED = 1
    PAIR = 2


class ReadingRow(IntEnum):
    """The rows of the scratch array the reading steps use: the reading's melds, then 34
    counts each: scratch (``REST``), every tile of the hand (``COUNTS``), the concealed tiles
    and the win tile (``SPLIT``)."""

    KIND = 0
    TILE = 1
    DECLARED = 2
    CONCEALED = 3
    REST = 4
    COUNTS = 5
    SPLIT = 6


N_READING_ROWS = len(ReadingRow)
ERR_MELD = 16
"""Status of a declared meld that is not one, or a win tile outside 0..33."""
SPLIT_WIDTH = 1 + MAX_MELDS
"""Items per row of a split list (the pair, then the melds), read flat."""


class TileFacts(NamedTuple):
    """What the counts of a hand say, whatever its reading (:func:`tile_facts`)."""

    status: int
    held: int
    """The mask of the tiles held, melds and win tile included."""
    fours: int
    """Tiles held four times."""
    n_odd: int
    """Odd counts in the hand before the win."""
    odd_mask: int
    pairs: bool
    """The concealed tiles with the win tile all in pairs."""
    singles: bool
    four_in_hand: bool
    """Some tile four times in the hand before the win."""


@jitable
def rank_of(t: int) -> int:
    return t % N_SUIT_RANKS


@jitable
def suit_of(t: int) -> int:
    """0..2 a numbered suit, 3 the honors."""
    return t // N_SUIT_RANKS


@jitable
def declared_count(melds: np.ndarray) -> int:
    """How many melds a block of (kind, tile) rows declares (its rows of a kind other than
    none, which come first); -1 when a meld follows an empty row."""
    n = 0
    for i in range(melds.shape[0]):
        if melds[i, 0] != MeldInput.NONE:
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
        if kind < MeldInput.CHOW or kind > MeldInput.CONCEALED_KONG or not 0 <= t < N_TILE_KINDS:
            return ERR_MELD, 0, 0, 0
        exposed += int(kind != MeldInput.CONCEALED_KONG)
        if kind == MeldInput.CHOW:
            if t >= HONOR_OFFSET or rank_of(t) > 6:
                return ERR_MELD, 0, 0, 0
            counts[t] += 1
            counts[t + 1] += 1
            counts[t + 2] += 1
            in_melds += int(t <= win_tile <= t + 2)
        else:
            size = 3 if kind == MeldInput.PONG else 4
            kongs += int(size == MAX_COPIES)
            counts[t] += size
            in_melds += size * int(t == win_tile)
    return OK, exposed, kongs, in_melds


@jitable
def tile_facts(hand, counts, split) -> TileFacts:
    """The :class:`TileFacts` of the counts of :func:`count_tiles` (status ERR_COPIES on a
    fifth copy)."""
    held = fours = n_odd = odd_mask = 0
    over = odd_split = many = four_in_hand = 0
    for t in range(N_TILE_KINDS):  # integer flags, no branch (random hands mispredict them)
        c = counts[t]
        s = split[t]
        h = np.int64(hand[t])
        over |= int(c > MAX_COPIES)
        held |= int(c > 0) << t
        fours += int(c == MAX_COPIES)
        odd_split |= s & 1
        many |= int(s > 1)
        n_odd += h & 1
        odd_mask |= (h & 1) << t
        four_in_hand |= int(h == MAX_COPIES)
    if over:
        return TileFacts(ERR_COPIES, 0, 0, 0, 0, False, False, False)
    return TileFacts(OK, held, fours, n_odd, odd_mask, odd_split == 0, many == 0, four_in_hand != 0)


@jitable
def fifth_copy_waits(hand, scratch, hu_tables) -> int:
    """The tiles held four times whose fifth copy would complete the hand into melds and a pair:
    with a pong of it, the rest is melds and a pair; with the pair of it, the rest is melds.
    ``scratch``: 34 counts to work in."""
    suit_hu, honor_hu = hu_tables
    mask = 0
    for t in range(N_TILE_KINDS):
        if hand[t] == MAX_COPIES:
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


@jitable(inline="llvm")
def waits_before(hand, n_declared, facts, hu_tables, work) -> int:
    """The mask of the tiles the hand before the win waited on: those of melds and a pair
    (a tile held four times counted too), and with no declared melds the one odd tile of a
    seven pairs wait. ``facts``: the hand's :class:`TileFacts`."""
    suit_hu, honor_hu = hu_tables
    k0, k1, k2, k3 = suit_keys(hand)
    waits = standard_waits((np.int64(suit_hu[k0]), np.int64(suit_hu[k1]), np.int64(suit_hu[k2]),
                            np.int64(honor_hu[k3])))
    if facts.four_in_hand:
        waits |= fifth_copy_waits(hand, work[ReadingRow.REST], hu_tables)
    if n_declared == 0 and facts.n_odd == 1:
        waits |= facts.odd_mask
    return waits


@jitable(inline="llvm")
def sort_melds(work: np.ndarray, n: int) -> None:
    """Sorts the reading's melds in the work rows by tile, a chow before a pong of its tile
    (insertion sort)."""
    kind, tile = work[ReadingRow.KIND], work[ReadingRow.TILE]
    declared, concealed = work[ReadingRow.DECLARED], work[ReadingRow.CONCEALED]
    for i in range(1, n):
        k, t, d, c = kind[i], tile[i], declared[i], concealed[i]
        j = i - 1
        while j >= 0 and (tile[j] > t or (tile[j] == t and kind[j] > k)):
            kind[j + 1], tile[j + 1], declared[j + 1], concealed[j + 1] = kind[j], tile[j], declared[j], concealed[j]
            j -= 1
        kind[j + 1], tile[j + 1], declared[j + 1], concealed[j + 1] = k, t, d, c


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


@jitable(inline="llvm")
def split_ranges(counts, splits_tables):
    """The rows of each suit's split list (characters, dots, bamboo, honors) for ``counts``,
    as four (lo, hi) ranges (``splits_tables``: split index, split start and split list of the
    numbered suits, then of the honors)."""
    suit_index, suit_start, _, honor_index, honor_start, _ = splits_tables
    k0, k1, k2, k3 = suit_keys(counts)
    return (split_range(suit_index, suit_start, k0), split_range(suit_index, suit_start, k1),
            split_range(suit_index, suit_start, k2), split_range(honor_index, honor_start, k3))


@jitable
def take_split(work, splits: np.ndarray, row: int, offset: int, n_ranks: int, n: int) -> tuple[int, int]:
    """Appends the melds of split ``row`` of a suit at ``offset`` (``splits``: its split list,
    flat) to the reading; returns (melds now, the pair's tile or -1)."""
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
        work[ReadingRow.KIND, n] = Meld.PONG if code < n_ranks else Meld.CHOW
        work[ReadingRow.TILE, n] = offset + (code if code < n_ranks else code - n_ranks)
        work[ReadingRow.DECLARED, n] = 0
        work[ReadingRow.CONCEALED, n] = 1
        n += 1
    return n, pair


@jitable(inline="llvm")
def read_split(work, splits_tables, a, b, c, d, melds, n_declared) -> tuple[int, int]:
    """Writes a reading into the work rows: the ``n_declared`` declared melds (input rows
    ``melds``), then the melds of split rows ``a``, ``b``, ``c`` and ``d`` of the suits'
    split lists (one from each range of :func:`split_ranges`); returns (melds, the pair's
    tile or -1 when no split holds one)."""
    _, _, suit_splits, _, _, honor_splits = splits_tables
    n = 0
    for i in range(n_declared):
        kind_in = melds[i, 0]
        work[ReadingRow.KIND, n] = (Meld.CHOW if kind_in == MeldInput.CHOW
                                    else Meld.PONG if kind_in == MeldInput.PONG else Meld.KONG)
        work[ReadingRow.TILE, n] = melds[i, 1]
        work[ReadingRow.DECLARED, n] = 1
        work[ReadingRow.CONCEALED, n] = int(kind_in == MeldInput.CONCEALED_KONG)
        n += 1
    n, p0 = take_split(work, suit_splits, a, SUIT_OFFSETS[0], N_SUIT_RANKS, n)
    n, p1 = take_split(work, suit_splits, b, SUIT_OFFSETS[1], N_SUIT_RANKS, n)
    n, p2 = take_split(work, suit_splits, c, SUIT_OFFSETS[2], N_SUIT_RANKS, n)
    n, p3 = take_split(work, honor_splits, d, SUIT_OFFSETS[3], N_HONOR_KINDS, n)
    return n, max(max(p0, p1), max(p2, p3))


@jitable
def wait_shape(work, n_melds, pair, win_tile) -> int:
    """The shape the win tile takes in the reading's concealed melds and pair, as a
    :class:`Wait`: the edge of a 123 or 789 chow, the middle of a chow, the pair (in that
    order), else ``NONE``."""
    kind, tile, declared = work[ReadingRow.KIND], work[ReadingRow.TILE], work[ReadingRow.DECLARED]
    closed = False
    for i in range(n_melds):
        if kind[i] == Meld.CHOW and not declared[i]:
            c = tile[i]
            if (rank_of(c) == 0 and win_tile == c + 2) or (rank_of(c) == 6 and win_tile == c):
                return Wait.EDGE
            if win_tile == c + 1:
                closed = True
    if closed:
        return Wait.CLOSED
    return Wait.PAIR if pair == win_tile else Wait.NONE


@jitable
def win_in_concealed_chow(work, n_melds, win_tile) -> bool:
    """Whether the win tile can be read in a concealed chow of the reading."""
    kind, tile, declared = work[ReadingRow.KIND], work[ReadingRow.TILE], work[ReadingRow.DECLARED]
    for i in range(n_melds):
        if kind[i] == Meld.CHOW and not declared[i] and tile[i] <= win_tile <= tile[i] + 2:
            return True
    return False


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
def meld_pair_single_wait(work, pair, win_held, win_tile) -> bool:
    """Whether the first meld of the reading and its pair waited on the win tile alone: those
    tiles less the win tile complete with it only (a declared meld: the hand held the win tile)."""
    kind, tile, declared, rest = (work[ReadingRow.KIND], work[ReadingRow.TILE], work[ReadingRow.DECLARED],
                                  work[ReadingRow.REST])
    if declared[0]:
        return win_held
    rest[:] = 0
    rest[pair] += 2
    for d in range(3):
        rest[tile[0] + (d if kind[0] == Meld.CHOW else 0)] += 1
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
def single_wait(waits: int) -> bool:
    """Whether a wait mask names one tile."""
    return bit_count(waits) == 1
