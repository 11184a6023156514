"""Per-hand hu and ting steps of the rule variants (issue 11), written once (jitable).

Like :mod:`.hand`, every function here is plain Python the scalar queries call and the
kernels of :mod:`.kernels` compile in. ``c`` is an indexable of 34 counts, ``k0..k3`` the suit
keys, ``total`` the real tiles, ``jokers`` the wildcards; entries are the per-suit hu/ting
entries, or joker entries when ``with_jokers``; ``rules`` the bits of
:attr:`.rules.RuleSet.bits`.

- held tiles: :func:`held_masks` (a rank mask per suit), :func:`in_play` (the tiles the rules
  keep), :func:`suits_held`, :func:`single_suit`, :func:`suit_tiles`;
- knitted sets: :func:`knitted_held` (tiles of a knitted set held), :func:`knitted_most` (the
  most of one set held, from the counts: the cheap bound), :func:`knitted_rest_keys` (the keys
  of the rest once one of each is taken out), :func:`knitted_mask`; the tests from the honors'
  entry that spare most rows those: :func:`honors_fit_rest` (组合龙), :func:`numbered_fit_knitted`
  (全不靠);
- 全不靠 and 组合龙: :func:`knitted_honors_hu`, :func:`knitted_honors_waits`,
  :func:`knitted_straight_hu`, :func:`knitted_straight_waits`;
- the changsha forms: :func:`pongs_need` (碰碰胡, from the count histogram),
  :func:`pongs_waits`;
- the standard form from four entries, plain or with jokers: :func:`suit_win`, :func:`suit_waits`;
- whole hands: :func:`variant_hu`, :func:`variant_waits` (from the entries a kernel read;
  组合龙, which reads more entries, is left to :func:`straight_hu`, :func:`straight_waits`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..jit import jitable
from .encoding import (
    ALL_TILES,
    COUNT_BASE,
    ENTRY_SPLITS,
    ENTRY_SPLITS_OR_WAITS,
    HONOR_OFFSET,
    HONOR_TILES,
    KNITTED_GROUPS,
    MASK_258,
    MAX_COPIES,
    MAX_HAND_TILES,
    MIDDLE_CHARACTERS,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    SUIT_OFFSETS,
    TOTAL_MASK,
    TOTAL_SHIFT,
    Counts,
)
from .hand import (
    joker_hu,
    joker_waits,
    melds_need,
    pair_need,
    special_forms,
    special_hu,
    special_waits,
    standard_hu,
    standard_waits,
    terminals_only,
)
from .rules import (
    ALL_258,
    HONORS,
    KNITTED_HONORS,
    KNITTED_STRAIGHT,
    MAX_SUITS_3,
    MAX_SUITS_SHIFT,
    ONE_SUIT_WAIVES_258,
    ORPHANS,
    PAIR_258,
    PONGS_WAIVE_258,
    QUADS,
    SEVEN_PAIRS,
    THREE_PLAYER,
    VARIANTS,
)

Tables = Any
"""A tuple of per-suit entry arrays, one per suit kind (plain Python runs take lists too)."""

SUIT_MASK = (1 << N_SUIT_RANKS) - 1
GROUP_RANKS = 1 | 1 << 3 | 1 << 6
"""Ranks 0, 3, 6 of a suit as a 9-bit mask: group g of a knitted set is this << g."""
KNITTED_TILES = 3 * 3
"""Tiles of a knitted set (one group of three ranks per numbered suit)."""


@jitable(inline=True)
def rule_flags(rules: int) -> tuple[bool, bool, bool, bool, bool, bool, bool]:
    """The bits of :attr:`.rules.RuleSet.bits` a kernel tests per row, decoded once per batch:
    (seven_pairs, quad_as_two_pairs, thirteen_orphans, honors, three_player, plain, pair_258);
    ``plain``: no rule variant of issue 11 (standard forms, all three suits)."""
    return (rules & SEVEN_PAIRS != 0, rules & QUADS != 0, rules & ORPHANS != 0, rules & HONORS != 0,
            rules & THREE_PLAYER != 0, rules & VARIANTS == MAX_SUITS_3, rules & PAIR_258 != 0)


@jitable(inline=True)
def held_masks(c: Counts) -> tuple[int, int, int, int]:
    """Per suit m, p, s, z, the mask of the ranks held (bit r: rank r held at least once)."""
    m0 = m1 = m2 = mz = 0
    for r in range(N_SUIT_RANKS):  # no branch on the counts (random rows mispredict them)
        m0 |= int(c[r] > 0) << r
        m1 |= int(c[N_SUIT_RANKS + r] > 0) << r
        m2 |= int(c[2 * N_SUIT_RANKS + r] > 0) << r
    for r in range(N_TILE_KINDS - HONOR_OFFSET):
        mz |= int(c[HONOR_OFFSET + r] > 0) << r
    return m0, m1, m2, mz


@jitable
def in_play(rules: int) -> int:
    """Mask of the tiles in the game: no honors without HONORS, no 2m-8m under THREE_PLAYER."""
    mask = ALL_TILES
    if not rules & HONORS:
        mask &= ~HONOR_TILES
    if rules & THREE_PLAYER:
        mask &= ~MIDDLE_CHARACTERS
    return mask


@jitable
def suits_held(k0: int, k1: int, k2: int) -> int:
    """How many numbered suits hold a tile (from their keys)."""
    return (k0 != 0) + (k1 != 0) + (k2 != 0)


@jitable
def suit_tiles(s: int) -> int:
    """Mask of the tiles of numbered suit ``s``."""
    return SUIT_MASK << SUIT_OFFSETS[s]


@jitable
def single_suit(k0: int, k1: int, k2: int, k3: int) -> int:
    """The one numbered suit every tile belongs to (0..2), 3 for a hand of no tile, -1 when
    the tiles are of several suits or honors (清一色 asks for one numbered suit)."""
    if k3 != 0 or suits_held(k0, k1, k2) > 1:
        return -1
    if k0 != 0:
        return 0
    if k1 != 0:
        return 1
    return 2 if k2 != 0 else 3


@jitable(inline=True)
def bit_count(x: int) -> int:
    """Set bits of an int of 0..2**56 - 1 (a tile mask): the SWAR popcount, no branch."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((x * 0x0101010101010101) >> 56) & 0xFF


@jitable
def group_weight(mask: int, g: int) -> int:
    """The key weight (sum of 5**r) of the ranks of group g (g, g + 3, g + 6) set in ``mask``:
    each rank's bit times its weight over 5**g, no branch per rank (random rows mispredict)."""
    held = ((mask >> g) & 1) + ((mask >> (g + 3)) & 1) * COUNT_BASE ** 3 + ((mask >> (g + 6)) & 1) * COUNT_BASE ** 6
    return held * COUNT_BASE ** g


@jitable
def knitted_held(m0: int, m1: int, m2: int, i: int) -> int:
    """Tiles of knitted set ``i`` (KNITTED_GROUPS order) held at least once."""
    g = KNITTED_GROUPS[i]
    return (bit_count(m0 & (GROUP_RANKS << g[0])) + bit_count(m1 & (GROUP_RANKS << g[1]))
            + bit_count(m2 & (GROUP_RANKS << g[2])))


@jitable
def knitted_rest_keys(k0: int, k1: int, k2: int, m0: int, m1: int, m2: int, i: int) -> tuple[int, int, int]:
    """Keys of the numbered suits once one of each held tile of knitted set ``i`` is taken out."""
    g = KNITTED_GROUPS[i]
    return k0 - group_weight(m0, g[0]), k1 - group_weight(m1, g[1]), k2 - group_weight(m2, g[2])


@jitable
def knitted_mask(i: int) -> int:
    """The 9 tiles of knitted set ``i`` as a 34-bit mask."""
    g = KNITTED_GROUPS[i]
    return (GROUP_RANKS << g[0]) | (GROUP_RANKS << (SUIT_OFFSETS[1] + g[1])) | (GROUP_RANKS << (SUIT_OFFSETS[2] + g[2]))


@jitable
def knitted_fits(m0: int, m1: int, m2: int, i: int) -> bool:
    """Whether every numbered tile held belongs to knitted set ``i``."""
    g = KNITTED_GROUPS[i]
    return (m0 & ~(GROUP_RANKS << g[0])) == 0 and (m1 & ~(GROUP_RANKS << g[1])) == 0 and \
        (m2 & ~(GROUP_RANKS << g[2])) == 0


@jitable
def knitted_honors_hu(m0: int, m1: int, m2: int, total: int, singles: int, jokers: int) -> bool:
    """全不靠: 14 tiles (``jokers`` of them wildcards) all different, each an honor or a tile of
    one knitted set (七星不靠 is one of these)."""
    if total + jokers != MAX_HAND_TILES or singles != total:
        return False
    for i in range(len(KNITTED_GROUPS)):
        if knitted_fits(m0, m1, m2, i):
            return True
    return False


@jitable
def knitted_honors_waits(m0: int, m1: int, m2: int, mz: int, total: int, singles: int, jokers: int) -> int:
    """Wait mask of a 13-tile hand one tile short of 全不靠: the honors and tiles of a knitted set
    that fits the hand, not held."""
    if total + jokers != MAX_HAND_TILES - 1 or singles != total:
        return 0
    mask = 0
    for i in range(len(KNITTED_GROUPS)):
        if knitted_fits(m0, m1, m2, i):
            mask |= knitted_mask(i) | HONOR_TILES
    held = m0 | m1 << SUIT_OFFSETS[1] | m2 << SUIT_OFFSETS[2] | mz << HONOR_OFFSET
    return mask & ~held


@jitable
def suit_win(e0: int, e1: int, e2: int, e3: int, jokers: int, with_jokers: bool) -> bool:
    """The standard form from four entries: hu/ting entries, or joker entries when ``with_jokers``."""
    return joker_hu(e0, e1, e2, e3, jokers) if with_jokers else standard_hu(e0, e1, e2, e3)


@jitable(inline=True)
def suit_waits(c: Counts, e0: int, e1: int, e2: int, e3: int, jokers: int, with_jokers: bool) -> int:
    """Waits of the standard form from four entries (as :func:`suit_win`). Inlined: a call of
    its own per row cost chinese ``ting_batch`` about a tenth of its instructions."""
    if with_jokers:
        return joker_waits(c, e0, e1, e2, e3, jokers)
    return standard_waits(e0, e1, e2, e3)


@jitable
def knitted_straight_hu(k0: int, k1: int, k2: int, k3: int, m0: int, m1: int, m2: int, total: int, jokers: int,
                        with_jokers: bool, suit: Any, honor: Any) -> bool:
    """组合龙: 11 or 14 tiles holding the 9 of a knitted set (jokers may stand for those missing)
    whose rest wins as a standard hand with the jokers left (``suit``/``honor``: entries)."""
    if total + jokers != MAX_HAND_TILES and total + jokers != MAX_HAND_TILES - 3:
        return False
    for i in range(len(KNITTED_GROUPS)):
        missing = KNITTED_TILES - knitted_held(m0, m1, m2, i)
        if missing > jokers:
            continue
        r0, r1, r2 = knitted_rest_keys(k0, k1, k2, m0, m1, m2, i)
        if suit_win(np.int64(suit[r0]), np.int64(suit[r1]), np.int64(suit[r2]), np.int64(honor[k3]),
                    jokers - missing, with_jokers):
            return True
    return False


@jitable
def open_tiles(c: Counts) -> int:
    """Mask of the tiles held fewer than 4 times."""
    mask = 0
    for t in range(N_TILE_KINDS):
        if c[t] < MAX_COPIES:
            mask |= 1 << t
    return mask


@jitable
def knitted_straight_waits(c: Counts, k0: int, k1: int, k2: int, k3: int, m0: int, m1: int, m2: int, total: int,
                           jokers: int, with_jokers: bool, suit: Any, honor: Any) -> int:
    """Wait mask of a 10- or 13-tile hand one tile short of 组合龙: per knitted set, its missing
    tiles when the rest already wins, and the rest's waits when no tile of the set lacks a
    joker."""
    if total + jokers != MAX_HAND_TILES - 1 and total + jokers != MAX_HAND_TILES - 4:
        return 0
    mask = 0
    for i in range(len(KNITTED_GROUPS)):
        missing = KNITTED_TILES - knitted_held(m0, m1, m2, i)
        if missing > jokers + 1:
            continue
        r0, r1, r2 = knitted_rest_keys(k0, k1, k2, m0, m1, m2, i)
        e0, e1, e2, e3 = np.int64(suit[r0]), np.int64(suit[r1]), np.int64(suit[r2]), np.int64(honor[k3])
        if missing >= 1 and suit_win(e0, e1, e2, e3, jokers - missing + 1, with_jokers):
            held = m0 | m1 << SUIT_OFFSETS[1] | m2 << SUIT_OFFSETS[2]
            mask |= knitted_mask(i) & ~held
        if missing <= jokers:
            mask |= suit_waits(c, e0, e1, e2, e3, jokers - missing, with_jokers)
    return mask & open_tiles(c)


@jitable
def histogram(total: int, odd: int, big: int, singles: int) -> tuple[int, int, int, int]:
    """(kinds held once, twice, three times, four times) from the counts of :func:`.hand.scan_row`."""
    n3 = odd - singles
    n4 = big - n3
    return singles, (total - singles - 3 * n3 - 4 * n4) // 2, n3, n4


@jitable
def pongs_need_of(n1: int, n2: int, n3: int, n4: int) -> int:
    """Fewest jokers that make a hand of this count histogram all pongs plus a pair (碰碰胡).

    Per kind, as a pong: 1 held needs 2, 2 need 1, 3 none, 4 need 2 (a second pong); the
    pair costs one less on a kind held once, twice or four times, two more otherwise.
    """
    return 2 * n1 + n2 + 2 * n4 + (-1 if n1 + n2 + n4 > 0 else 2)


@jitable
def pongs_need(total: int, odd: int, big: int, singles: int) -> int:
    """:func:`pongs_need_of` of a hand from the counts of :func:`.hand.scan_row`."""
    n1, n2, n3, n4 = histogram(total, odd, big, singles)
    return pongs_need_of(n1, n2, n3, n4)


@jitable
def pongs_waits(c: Counts, total: int, odd: int, big: int, singles: int, jokers: int) -> int:
    """Wait mask of the all-pongs form: a tile held x times (x < 4) moves its kind from x to
    x + 1 copies, which wins when the new histogram needs at most ``jokers``."""
    n1, n2, n3, n4 = histogram(total, odd, big, singles)
    wins = 0
    if pongs_need_of(n1 + 1, n2, n3, n4) <= jokers:  # a kind not held
        wins |= 1
    if n1 and pongs_need_of(n1 - 1, n2 + 1, n3, n4) <= jokers:
        wins |= 2
    if n2 and pongs_need_of(n1, n2 - 1, n3 + 1, n4) <= jokers:
        wins |= 4
    if n3 and pongs_need_of(n1, n2, n3 - 1, n4 + 1) <= jokers:
        wins |= 8
    if wins == 0:
        return 0
    mask = 0
    for t in range(N_TILE_KINDS):
        if c[t] < MAX_COPIES and (wins >> c[t]) & 1:
            mask |= 1 << t
    return mask


@jitable(inline=True)
def group_held(c: Counts, offset: int) -> tuple[int, int, int]:
    """Per rank group g of the numbered suit at ``offset`` (ranks g, g + 3, g + 6), how many of
    its ranks are held."""
    return (int(c[offset] > 0) + int(c[offset + 3] > 0) + int(c[offset + 6] > 0),
            int(c[offset + 1] > 0) + int(c[offset + 4] > 0) + int(c[offset + 7] > 0),
            int(c[offset + 2] > 0) + int(c[offset + 5] > 0) + int(c[offset + 8] > 0))


@jitable(inline=True)
def knitted_most(c: Counts) -> int:
    """The most tiles of one knitted set held (each tile counted once): the best over
    KNITTED_GROUPS of its three suits' :func:`group_held`, read straight off the counts (the
    cheap bound a row passes before 组合龙 reads the tables)."""
    return groups_knitted_most(group_held(c, SUIT_OFFSETS[0]), group_held(c, SUIT_OFFSETS[1]),
                               group_held(c, SUIT_OFFSETS[2]))


@jitable(inline=True)
def groups_knitted_most(a: tuple[int, int, int], b: tuple[int, int, int], d: tuple[int, int, int]) -> int:
    """The most tiles of one knitted set held, from the ranks held per rank group (as
    :func:`group_held` gives them) of the three numbered suits: the best over KNITTED_GROUPS."""
    best = 0
    for i in range(len(KNITTED_GROUPS)):
        g = KNITTED_GROUPS[i]
        best = max(best, a[g[0]] + b[g[1]] + d[g[2]])
    return best


@jitable(inline=True)
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


@jitable(inline=True)
def numbered_fit_knitted(e3: int, total: int, with_jokers: bool) -> bool:
    """Whether at most KNITTED_TILES of a hand's ``total`` real tiles are numbered, as in
    全不靠 (one of each tile of a knitted set at most, the rest honors): a necessary test
    that spares most all-single rows the knitted sets. ``e3``: the honors' hu/ting entry,
    whose tile count gives the numbered ones; a joker entry holds none, so with jokers the
    test passes every hand."""
    return with_jokers or numbered_tiles(e3, total) <= KNITTED_TILES


@jitable(inline=True)
def numbered_tiles(e3: int, total: int) -> int:
    """The numbered tiles of a hand of ``total`` real tiles whose honors' hu/ting entry is ``e3``."""
    return total - ((e3 >> TOTAL_SHIFT) & TOTAL_MASK)


@jitable(inline=True)
def only_258(k0: int, k1: int, k2: int, k3: int) -> bool:
    """Whether every tile is of rank 2, 5 or 8 (from the suit keys: digits 1, 4, 7 only)."""
    if k3:
        return False
    for key in (k0, k1, k2):
        if key - (key // 5 % 5) * 5 - (key // 625 % 5) * 625 - (key // 78125 % 5) * 78125:
            return False
    return True


@jitable(inline=True)
def pair_258_win(k0: int, k1: int, k2: int, k3: int, total: int, odd: int, big: int, singles: int, jokers: int,
                 with_jokers: bool, x0: int, x1: int, x2: int, x3: int, rules: int) -> bool:
    """Under the 258 pair, whether a hand whose standard form wins (of the plain kinds: any pair)
    still wins: with a 258 pair (x0..x3: the entries of the 258-pair kinds), or waived as all
    pongs (碰碰胡) or all of one suit (清一色)."""
    return suit_win(x0, x1, x2, x3, jokers, with_jokers) \
        or rules & PONGS_WAIVE_258 != 0 and pongs_need(total, odd, big, singles) <= jokers \
        or rules & ONE_SUIT_WAIVES_258 != 0 and single_suit(k0, k1, k2, k3) >= 0


@jitable(inline=True)
def pair_258_waits(c: Counts, k0: int, k1: int, k2: int, k3: int, total: int, odd: int, big: int, singles: int,
                   jokers: int, with_jokers: bool, plain: int, x0: int, x1: int, x2: int, x3: int, rules: int) -> int:
    """Under the 258 pair, the waits among ``plain`` (the standard form's, any pair) that win:
    with a 258 pair (x0..x3 as :func:`pair_258_win`), as all pongs, or all of one suit."""
    mask = suit_waits(c, x0, x1, x2, x3, jokers, with_jokers)
    if rules & PONGS_WAIVE_258:
        mask |= pongs_waits(c, total, odd, big, singles, jokers)
    one = single_suit(k0, k1, k2, k3) if rules & ONE_SUIT_WAIVES_258 else -1
    if one >= 0:
        mask |= plain & (suit_tiles(one) if one < 3 else suit_tiles(0) | suit_tiles(1) | suit_tiles(2))
    return mask


@jitable(inline=True)
def other_forms_may_win(c: Counts, k0: int, k1: int, k2: int, k3: int, e3: int, total: int, odd: int,
                        paired: bool, rules: int, missing: int) -> bool:
    """Whether a hand of ``total`` real tiles, no joker, ``missing`` tiles short of a 3k+2 hand
    (0: it may win; 1: it may wait, a 3k+1 hand), may win (after its draw) under ``rules`` by a
    form other than the standard one: the necessary tests of :func:`variant_hu`'s forms (of
    :func:`variant_waits`'s for ``missing`` 1, and of the plain rules' special forms) that need
    only the keys, the honors' hu/ting entry ``e3``, the kinds of odd count and whether some
    kind is held twice or more (:func:`.hand.scan_row_lean`), and for a hand that may be
    全不靠 or 组合龙 :func:`knitted_most` (全不靠 exactly: every count is 0 or 1, so a knitted
    set fits when its tiles held are all the numbered ones). A hand that fails it wins (waits)
    by the standard form only; one that passes is decided by :func:`variant_hu`
    (:func:`variant_waits`)."""
    full = total == MAX_HAND_TILES - missing
    return (full and (rules & SEVEN_PAIRS != 0 and odd <= missing
                      or rules & ORPHANS != 0 and terminals_only(k0, k1, k2)
                      or rules & ALL_258 != 0 and only_258(k0, k1, k2, k3)
                      or rules & KNITTED_HONORS != 0 and not paired and numbered_fit_knitted(e3, total, False)
                      and knitted_most(c) == numbered_tiles(e3, total))
            or rules & KNITTED_STRAIGHT != 0 and (full or total == MAX_HAND_TILES - 3 - missing)
            and honors_fit_rest(e3, 0, False, missing) and knitted_most(c) >= KNITTED_TILES - missing)


@jitable(inline=True)
def variant_hu(c: Counts, k0: int, k1: int, k2: int, k3: int, e3: int, total: int, odd: int, big: int,
               singles: int, jokers: int, with_jokers: bool, standard: bool, rules: int) -> tuple[bool, bool]:
    """(whether a 3k+2 hand, ``jokers`` included, wins under ``rules`` by a form other than
    组合龙; whether 组合龙 is left to check: :func:`straight_hu`, which reads the tables).

    ``e3``: the honors' entry the kernel read (as :func:`suit_win`'s); ``standard``: whether
    the standard form wins (:func:`suit_win`, then :func:`pair_258_win` under the 258 pair).
    Only ints here: the kernels read the tables
    (arrays passed per row cost reference counting). Every form but the standard one is
    tried only where cheap counts allow it."""
    if suits_held(k0, k1, k2) > (rules >> MAX_SUITS_SHIFT) & 3:
        return False, False
    if standard:
        return True, False
    forms = special_forms(total, MAX_HAND_TILES, odd, big, singles, k0, k1, k2, jokers, rules & SEVEN_PAIRS != 0,
                          rules & QUADS != 0, rules & ORPHANS != 0)
    if forms and special_hu(c, forms, rules & QUADS != 0, jokers):
        return True, False
    n = total + jokers
    if rules & ALL_258 and n == MAX_HAND_TILES and only_258(k0, k1, k2, k3):
        return True, False
    honors_ok = rules & KNITTED_HONORS != 0 and n == MAX_HAND_TILES and singles == total and \
        numbered_fit_knitted(e3, total, with_jokers)
    n1, n2, n3, n4 = histogram(total, odd, big, singles)
    straight_ok = rules & KNITTED_STRAIGHT != 0 and (n == MAX_HAND_TILES or n == MAX_HAND_TILES - 3) and \
        honors_fit_rest(e3, jokers, with_jokers, 0) and n1 + n2 + n3 + n4 + jokers >= KNITTED_TILES and \
        KNITTED_TILES - knitted_most(c) <= jokers
    if honors_ok:
        m0, m1, m2, _ = held_masks(c)
        if knitted_honors_hu(m0, m1, m2, total, singles, jokers):
            return True, False
    return False, straight_ok


@jitable
def straight_hu(c: Counts, k0: int, k1: int, k2: int, k3: int, total: int, jokers: int, with_jokers: bool,
                suit: Any, honor: Any) -> bool:
    """:func:`knitted_straight_hu` of a hand (counts ``c``; ``suit``/``honor``: entries)."""
    m0, m1, m2, _ = held_masks(c)
    return knitted_straight_hu(k0, k1, k2, k3, m0, m1, m2, total, jokers, with_jokers, suit, honor)


@jitable(inline=True)
def variant_waits(c: Counts, k0: int, k1: int, k2: int, k3: int, e3: int, total: int, odd: int, big: int,
                  singles: int, jokers: int, with_jokers: bool, standard: int, rules: int) -> tuple[int, bool]:
    """(wait mask of a 3k+1 hand, ``jokers`` included, under ``rules`` by the forms other than
    组合龙: tiles in the game, held fewer than 4 times, that make it win; whether 组合龙 is
    left to add: :func:`straight_waits`, which reads the tables). ``e3``: the honors' entry
    (as :func:`variant_hu`'s); ``standard``: the waits of the standard form
    (:func:`suit_waits`, then :func:`pair_258_waits` under the 258 pair)."""
    max_suits = (rules >> MAX_SUITS_SHIFT) & 3
    held_suits = suits_held(k0, k1, k2)
    if held_suits > max_suits:
        return 0, False
    mask = standard
    forms = special_forms(total, MAX_HAND_TILES - 1, odd, big, singles, k0, k1, k2, jokers,
                          rules & SEVEN_PAIRS != 0, rules & QUADS != 0, rules & ORPHANS != 0)
    if forms:
        mask |= special_waits(c, forms, rules & QUADS != 0, jokers)
    n = total + jokers
    if rules & ALL_258 and n == MAX_HAND_TILES - 1 and only_258(k0, k1, k2, k3):
        mask |= MASK_258 & open_tiles(c)
    honors_ok = rules & KNITTED_HONORS != 0 and n == MAX_HAND_TILES - 1 and singles == total and \
        numbered_fit_knitted(e3, total, with_jokers)
    n1, n2, n3, n4 = histogram(total, odd, big, singles)
    left = rules & KNITTED_STRAIGHT != 0 and (n == MAX_HAND_TILES - 1 or n == MAX_HAND_TILES - 4) and \
        honors_fit_rest(e3, jokers, with_jokers, 1) and n1 + n2 + n3 + n4 + jokers + 1 >= KNITTED_TILES and \
        KNITTED_TILES - knitted_most(c) <= jokers + 1
    if honors_ok:
        m0, m1, m2, mz = held_masks(c)
        mask |= knitted_honors_waits(m0, m1, m2, mz, total, singles, jokers)
    return waits_in_game(mask, k0, k1, k2, rules), left


@jitable(inline=True)
def waits_in_game(mask: int, k0: int, k1: int, k2: int, rules: int) -> int:
    """A 3k+1 hand's wait mask (numbered suits' keys k0, k1, k2) kept to the tiles ``rules``
    let it win on: tiles in the game, and no suit past the suits it may hold (none when it
    holds too many already)."""
    max_suits = (rules >> MAX_SUITS_SHIFT) & 3
    held_suits = suits_held(k0, k1, k2)
    if held_suits > max_suits:
        return np.int64(0)
    mask &= in_play(rules)
    if held_suits == max_suits:
        mask &= HONOR_TILES | (suit_tiles(0) if k0 else 0) | (suit_tiles(1) if k1 else 0) | \
            (suit_tiles(2) if k2 else 0)
    return np.int64(mask)


@jitable
def straight_waits(c: Counts, k0: int, k1: int, k2: int, k3: int, total: int, jokers: int, with_jokers: bool,
                   suit: Any, honor: Any, rules: int) -> int:
    """:func:`knitted_straight_waits` of a hand (counts ``c``; ``suit``/``honor``: entries), in
    the game of ``rules``."""
    m0, m1, m2, _ = held_masks(c)
    return knitted_straight_waits(c, k0, k1, k2, k3, m0, m1, m2, total, jokers, with_jokers, suit, honor) & \
        in_play(rules)
