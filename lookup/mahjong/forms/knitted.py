"""The knitted forms (jitable): 全不靠 (knitted honors, 七星不靠 among them) and 组合龙 (knitted
straight): hu, waits, and the bounds their shanten starts from.

A *knitted set* (:data:`.encoding.KNITTED_GROUPS`) takes ranks g, g + 3, g + 6 of each
numbered suit, a different group g per suit: 9 tiles. 全不靠 is 14 different tiles, each an
honor or a tile of one knitted set; 组合龙 is the 9 tiles of a knitted set plus a standard
rest of 2 or 5 tiles (its shanten: :mod:`.knitted_rest`). ``held`` is the 4-tuple of held
rank masks (:func:`.row.held_masks`), ``keys`` the suit keys, ``tables`` the (suit, honor)
entry arrays.
"""

from __future__ import annotations

import numpy as np

from ...jit import jitable
from ..encoding import (
    COUNT_BASE,
    ENTRY_SPLITS,
    ENTRY_SPLITS_OR_WAITS,
    HONOR_OFFSET,
    HONOR_TILES,
    KNITTED_GROUPS,
    LANE_MASK,
    MAX_HAND_TILES,
    SUIT_OFFSETS,
    TOTAL_MASK,
    TOTAL_SHIFT,
    Array,
    Counts,
)
from ..row import Keys, bit_count, open_tiles
from .costs import PAIRED, Entries, field, word_group_held
from .standard import melds_need, pair_need, suit_waits, suit_win

Held = tuple[int, int, int, int]
"""The held rank masks of the suits m, p, s, z (bit r: rank r held)."""
GROUP_RANKS = 1 | 1 << 3 | 1 << 6
"""Ranks 0, 3, 6 of a suit as a 9-bit mask: group g of a knitted set is this << g."""
KNITTED_TILES = 3 * 3
"""Tiles of a knitted set (one group of three ranks per numbered suit)."""


@jitable
def group_weight(mask: int, g: int) -> int:
    """The key weight (sum of 5**r) of the ranks of group g (g, g + 3, g + 6) set in ``mask``:
    each rank's bit times its weight over 5**g, no branch per rank (random rows mispredict)."""
    held = ((mask >> g) & 1) + ((mask >> (g + 3)) & 1) * COUNT_BASE ** 3 + ((mask >> (g + 6)) & 1) * COUNT_BASE ** 6
    return held * COUNT_BASE ** g


@jitable
def knitted_held(held: Held, i: int) -> int:
    """Tiles of knitted set ``i`` (KNITTED_GROUPS order) held at least once."""
    g = KNITTED_GROUPS[i]
    return (bit_count(held[0] & (GROUP_RANKS << g[0])) + bit_count(held[1] & (GROUP_RANKS << g[1]))
            + bit_count(held[2] & (GROUP_RANKS << g[2])))


@jitable
def knitted_rest_keys(keys: Keys, held: Held, i: int) -> Keys:
    """Suit keys once one of each held tile of knitted set ``i`` is taken out (the honors' kept)."""
    g = KNITTED_GROUPS[i]
    return (keys[0] - group_weight(held[0], g[0]), keys[1] - group_weight(held[1], g[1]),
            keys[2] - group_weight(held[2], g[2]), keys[3])


@jitable
def knitted_mask(i: int) -> int:
    """The 9 tiles of knitted set ``i`` as a 34-bit mask."""
    g = KNITTED_GROUPS[i]
    return (GROUP_RANKS << g[0]) | (GROUP_RANKS << (SUIT_OFFSETS[1] + g[1])) | (GROUP_RANKS << (SUIT_OFFSETS[2] + g[2]))


@jitable
def knitted_fits(held: Held, i: int) -> bool:
    """Whether every numbered tile held belongs to knitted set ``i``."""
    g = KNITTED_GROUPS[i]
    return (held[0] & ~(GROUP_RANKS << g[0])) == 0 and (held[1] & ~(GROUP_RANKS << g[1])) == 0 and \
        (held[2] & ~(GROUP_RANKS << g[2])) == 0


@jitable
def held_tiles(held: Held) -> int:
    """The held rank masks as one 34-bit tile mask."""
    return held[0] | held[1] << SUIT_OFFSETS[1] | held[2] << SUIT_OFFSETS[2] | held[3] << HONOR_OFFSET


@jitable
def knitted_honors_hu(held: Held, total: int, singles: int, jokers: int) -> bool:
    """全不靠: 14 tiles (``jokers`` of them wildcards) all different, each an honor or a tile of
    one knitted set (七星不靠 is one of these)."""
    if total + jokers != MAX_HAND_TILES or singles != total:
        return False
    for i in range(len(KNITTED_GROUPS)):
        if knitted_fits(held, i):
            return True
    return False


@jitable
def knitted_honors_waits(held: Held, total: int, singles: int, jokers: int) -> int:
    """Wait mask of a 13-tile hand one tile short of 全不靠: the honors and tiles of a knitted set
    that fits the hand, not held."""
    if total + jokers != MAX_HAND_TILES - 1 or singles != total:
        return 0
    mask = 0
    for i in range(len(KNITTED_GROUPS)):
        if knitted_fits(held, i):
            mask |= knitted_mask(i) | HONOR_TILES
    return mask & ~held_tiles(held)


@jitable(inline="llvm")
def rest_entries(keys: Keys, tables: tuple[Array, Array]) -> Entries:
    """The entries of the four suits at ``keys`` from ``tables`` (suit, honor)."""
    suit, honor = tables
    return np.int64(suit[keys[0]]), np.int64(suit[keys[1]]), np.int64(suit[keys[2]]), np.int64(honor[keys[3]])


@jitable
def knitted_straight_hu(keys: Keys, held: Held, total: int, jokers: int, with_jokers: bool,
                        tables: tuple[Array, Array]) -> bool:
    """组合龙: 11 or 14 tiles holding the 9 of a knitted set (jokers may stand for those missing)
    whose rest wins as a standard hand with the jokers left (``tables``: hu/ting or joker entries)."""
    if total + jokers != MAX_HAND_TILES and total + jokers != MAX_HAND_TILES - 3:
        return False
    for i in range(len(KNITTED_GROUPS)):
        missing = KNITTED_TILES - knitted_held(held, i)
        if missing > jokers:
            continue
        if suit_win(rest_entries(knitted_rest_keys(keys, held, i), tables), jokers - missing, with_jokers):
            return True
    return False


@jitable
def knitted_straight_waits(c: Counts, keys: Keys, held: Held, total: int, jokers: int, with_jokers: bool,
                           tables: tuple[Array, Array]) -> int:
    """Wait mask of a 10- or 13-tile hand one tile short of 组合龙: per knitted set, its missing
    tiles when the rest already wins, and the rest's waits when no tile of the set lacks a
    joker."""
    if total + jokers != MAX_HAND_TILES - 1 and total + jokers != MAX_HAND_TILES - 4:
        return 0
    mask = 0
    for i in range(len(KNITTED_GROUPS)):
        missing = KNITTED_TILES - knitted_held(held, i)
        if missing > jokers + 1:
            continue
        entries = rest_entries(knitted_rest_keys(keys, held, i), tables)
        if missing >= 1 and suit_win(entries, jokers - missing + 1, with_jokers):
            mask |= knitted_mask(i) & ~held_tiles((held[0], held[1], held[2], 0))
        if missing <= jokers:
            mask |= suit_waits(c, entries, jokers - missing, with_jokers)
    return mask & open_tiles(c)


@jitable(inline="llvm")
def group_held(c: Counts, offset: int) -> tuple[int, int, int]:
    """Per rank group g of the numbered suit at ``offset`` (ranks g, g + 3, g + 6), how many of
    its ranks are held."""
    return (int(c[offset] > 0) + int(c[offset + 3] > 0) + int(c[offset + 6] > 0),
            int(c[offset + 1] > 0) + int(c[offset + 4] > 0) + int(c[offset + 7] > 0),
            int(c[offset + 2] > 0) + int(c[offset + 5] > 0) + int(c[offset + 8] > 0))



@jitable(inline="llvm")
def knitted_most(c: Counts) -> int:
    """The most tiles of one knitted set held (each tile counted once): the best over
    KNITTED_GROUPS of its three suits' :func:`group_held`, read straight off the counts (the
    cheap bound a row passes before 组合龙 reads the tables)."""
    return groups_knitted_most(group_held(c, SUIT_OFFSETS[0]), group_held(c, SUIT_OFFSETS[1]),
                               group_held(c, SUIT_OFFSETS[2]))



@jitable(inline="llvm")
def groups_knitted_most(a: tuple[int, int, int], b: tuple[int, int, int], d: tuple[int, int, int]) -> int:
    """The most tiles of one knitted set held, from the ranks held per rank group (as
    :func:`group_held` gives them) of the three numbered suits: the best over KNITTED_GROUPS."""
    best = 0
    for i in range(len(KNITTED_GROUPS)):
        g = KNITTED_GROUPS[i]
        best = max(best, a[g[0]] + b[g[1]] + d[g[2]])
    return best



@jitable(inline="llvm")
def honors_fit_rest(e3: int, jokers: int, with_jokers: bool, draws: int) -> bool:
    """Whether the honors can be those of a standard rest that wins with ``draws`` (0 or 1)
    tiles more: a necessary test for 组合龙, whose knitted set holds no honor, so that its rest
    holds every honor of the hand. ``e3``: the honors' hu/ting entry, or joker entry when
    ``with_jokers`` (then the honors' fewest jokers to melds, or to melds and the pair, must be
    at most ``jokers + draws``: a drawn tile does no more than a joker). Random rows seldom
    pass it (their honors rarely split), so it goes before :func:`knitted_most`."""
    if with_jokers:
        return min(melds_need(e3), pair_need(e3)) <= jokers + draws
    return e3 & (ENTRY_SPLITS if draws == 0 else ENTRY_SPLITS_OR_WAITS) != 0



@jitable(inline="llvm")
def numbered_fit_knitted(e3: int, total: int, with_jokers: bool) -> bool:
    """Whether at most KNITTED_TILES of a hand's ``total`` real tiles are numbered, as in
    全不靠 (one of each tile of a knitted set at most, the rest honors): a necessary test
    that spares most all-single rows the knitted sets. ``e3``: the honors' hu/ting entry,
    whose tile count gives the numbered ones; a joker entry holds none, so with jokers the
    test passes every hand."""
    return with_jokers or numbered_tiles(e3, total) <= KNITTED_TILES



@jitable(inline="llvm")
def numbered_tiles(e3: int, total: int) -> int:
    """The numbered tiles of a hand of ``total`` real tiles whose honors' hu/ting entry is ``e3``."""
    return total - ((e3 >> TOTAL_SHIFT) & TOTAL_MASK)



@jitable(inline="llvm")
def words_knitted_most(words: Entries) -> int:
    """The most tiles of one knitted set held (each tile counted once), from the plain words of
    the suits (the first three): :func:`knitted_most` without reading the counts."""
    g0, g1, g2 = words[0], words[1], words[2]
    return groups_knitted_most((word_group_held(g0, 0), word_group_held(g0, 1), word_group_held(g0, 2)),
                               (word_group_held(g1, 0), word_group_held(g1, 1), word_group_held(g1, 2)),
                               (word_group_held(g2, 0), word_group_held(g2, 1), word_group_held(g2, 2)))



@jitable(inline="llvm")
def knitted_honors_lacking(knitted_held: int, honors_held: int) -> int:
    """Tiles 全不靠 lacks when it takes ``knitted_held`` tiles of a knitted set and
    ``honors_held`` honor kinds (one tile each)."""
    return MAX_HAND_TILES - knitted_held - honors_held



@jitable(inline="llvm")
def straight_bound(most: int, stats: int, words: int, k: int, counted: bool) -> int:
    """A bound no 组合龙 of a hand of k melds' worth lacks fewer than: the fewest tiles of a
    knitted set missing (``most``: the most held), plus one when no kind is held twice (the
    rest's pair lacks a tile; ``stats``: the summed form counts), and when ``counted``, plus
    one when the rest needs a meld and the hand holds none whole (``words``: the four plain
    words or-ed; no lane of 3-tile increments counts one: the words are concave, so the first
    increment, the tiles of one meld held, is the largest)."""
    missing = KNITTED_TILES - most + (field(stats, PAIRED) == 0)
    if counted and k > 3:
        missing += (words & LANE_MASK) == 0
    return missing
