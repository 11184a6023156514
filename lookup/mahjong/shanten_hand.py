"""Per-hand shanten and discard-advice steps (jitable), compiled into :mod:`.shanten_kernels`.

Replacement number rn = shanten + 1: the fewest tiles to draw (and as many to discard,
one fewer for a 3k+1 hand) to reach a winning hand of k = n // 3 melds plus a pair, with no
kind over 4 copies. The standard form splits by suit: each suit s takes m_s melds (and maybe
the pair) and lacks cost_s(m_s, p_s) tiles of them, read from its shanten entry; rn is the
least total over the ways to share k melds and one pair among the four suits: two min-plus
merges of suit pairs (:func:`standard_costs`, :func:`merge`), then one more (:func:`share`).
A suit's costs travel as a tuple of its classes (:data:`Costs`). Seven pairs and thirteen
orphans (13 or 14 tiles) follow their formulas over the entries' summed form counts
(:func:`stats_of`, :func:`pairs_lacking`, :func:`orphans_lacking`, :func:`special_rn`);
:func:`forms_rn` gives all three from merged costs.

Batch rows take a faster way: when every suit's used tiles are concave in the melds, the
merges reduce to counting the largest increments (:func:`plain_words`, derived from the
entries when the tables load; :func:`greedy_rn`); :func:`plain_rn` is the plain rules' path
(merging exactly for the few keys that are not concave). Every other rule set goes through
:mod:`.shanten_forms`, which counts the standard form the same way where it can.

A tile *lowers* the shanten of a 3k+1 hand when some optimal target holds more of it than
the hand: for the standard form see :func:`.shanten_budget.standard_lowering`; for seven
pairs and thirteen orphans :func:`seven_pairs_lowering` and :func:`orphans_lowering`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..jit import OK, jitable
from .encoding import (
    ALL_TILES,
    COST_MASK,
    FORM_STATS_SHIFT,
    GROUP_BITS,
    GROUP_MASK,
    GROUPS_SHIFT,
    HONOR_TILES,
    INCREMENTS_BITS,
    INCREMENTS_MASK,
    LANE_BITS,
    LANE_MASK,
    MAX_COPIES,
    MAX_HAND_TILES,
    MAX_MELDS,
    N_CLASSES,
    N_HONOR_KINDS,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    NOT_CONCAVE,
    ORPHAN_MASK,
    PAIR_HELD_SHIFT,
    SUIT_KINDS,
    SUIT_OFFSETS,
    Counts,
    form_field,
    shanten_shift,
    suit_keys,
)
from .hand import EITHER, row_status, scan_row_lean
from .variants import groups_knitted_most

Array = Any
"""A numpy array (a kernel's table or output; plain Python runs take them too)."""

FAR = 99  # larger than any cost or sum of costs
KINDS, PAIRED, HALVES, ODD = form_field("kinds"), form_field("paired"), form_field("halves"), form_field("odd")
ORPHANS_HELD, ORPHAN_PAIRS = form_field("orphans"), form_field("orphan_pairs")

Costs = tuple[int, int, int, int, int, int, int, int, int, int]
"""Costs per class (m melds, pair p), class 2m + p (N_CLASSES of them, MAX_MELDS = 4): tuples
pass by value, so the merges compile to register code with no array and no call overhead.
The tuples below spell the classes out, hence the assertion."""
assert N_CLASSES == 10
N_SUIT_KINDS = len(SUIT_KINDS)
SuitCosts = tuple[Costs, Costs, Costs, Costs, Costs, Costs]
"""Costs of suits 0+1 merged, 2+3 merged, then suits 0, 1, 2, 3 (:func:`standard_costs`)."""
NO_SUIT: Costs = (0, FAR, FAR, FAR, FAR, FAR, FAR, FAR, FAR, FAR)
"""The costs of a suit not in the game (the honors without honor tiles): no meld, no pair."""


@jitable
def cost(entry: int, melds: int, pair: int) -> int:
    """Tiles a suit lacks of ``melds`` melds (plus the pair when ``pair``), from its shanten entry."""
    return np.int64((np.uint64(entry) >> np.uint64(shanten_shift(melds, pair))) & np.uint64(COST_MASK))


@jitable
def suit_costs(entry: int) -> Costs:
    """The costs of every class of one suit, from its shanten entry."""
    return (cost(entry, 0, 0), cost(entry, 0, 1), cost(entry, 1, 0), cost(entry, 1, 1), cost(entry, 2, 0),
            cost(entry, 2, 1), cost(entry, 3, 0), cost(entry, 3, 1), cost(entry, 4, 0), cost(entry, 4, 1))


@jitable
def least(x: Costs, y: Costs, m: int, p: int) -> int:
    """Least ``x[ma, pa] + y[m - ma, p - pa]``: class (m, p) of two merged suits (min-plus)."""
    best = FAR
    for ma in range(m + 1):
        mb = m - ma
        if p == 0:
            best = min(best, x[2 * ma] + y[2 * mb])
        else:
            best = min(best, min(x[2 * ma + 1] + y[2 * mb], x[2 * ma] + y[2 * mb + 1]))
    return best


@jitable
def merge(x: Costs, y: Costs) -> Costs:
    """The costs of two suits taken together: every class by :func:`least`."""
    return (least(x, y, 0, 0), least(x, y, 0, 1), least(x, y, 1, 0), least(x, y, 1, 1), least(x, y, 2, 0),
            least(x, y, 2, 1), least(x, y, 3, 0), least(x, y, 3, 1), least(x, y, 4, 0), least(x, y, 4, 1))


@jitable
def share(x: Costs, y: Costs, k: int) -> int:
    """Least cost of k melds and the pair shared between costs ``x`` and ``y``."""
    best = FAR
    for m in range(k + 1):
        best = min(best, min(x[2 * m] + y[2 * (k - m) + 1], x[2 * m + 1] + y[2 * (k - m)]))
    return best


@jitable
def standard_costs(e0: int, e1: int, e2: int, e3: int, honors: bool) -> SuitCosts:
    """Costs of suits 0+1 and 2+3 merged, then of each suit, from the four shanten entries.

    The standard rn of k melds and the pair is ``share(costs[0], costs[1], k)``; a game
    without honor tiles gives the honors NO_SUIT."""
    x0 = suit_costs(e0)
    x1 = suit_costs(e1)
    x2 = suit_costs(e2)
    x3 = suit_costs(e3) if honors else NO_SUIT
    return merge(x0, x1), merge(x2, x3), x0, x1, x2, x3


@jitable
def field(stats: int, at: tuple[int, int]) -> int:
    """One FORM_FIELDS field (``at`` = (shift, mask) from form_field) of summed form counts."""
    return (stats >> at[0]) & at[1]


@jitable
def stats_of(entry: int) -> int:
    """The form counts of a shanten entry (FORM_FIELDS from bit 0): summing them over suits sums
    every field at once (the entry's flag bits land above the fields)."""
    return np.int64(np.uint64(entry) >> np.uint64(FORM_STATS_SHIFT))


@jitable
def pairs_lacking(stats: int, quad_as_two_pairs: bool) -> int:
    """Tiles lacking of seven pairs, from summed form counts: keep the pairs held (four of a kind
    as two when ``quad_as_two_pairs``, else pairs of distinct kinds), one draw per lone tile,
    two per pair made from nothing."""
    if quad_as_two_pairs:  # pairs may repeat a kind: every lone tile is a draw from a pair
        halves = field(stats, HALVES)
        return 7 - halves + max(0, 7 - halves - field(stats, ODD))
    return 7 - field(stats, PAIRED) + max(0, 7 - field(stats, KINDS))


@jitable
def orphans_lacking(stats: int) -> int:
    """Tiles lacking of thirteen orphans, from summed form counts."""
    return 14 - field(stats, ORPHANS_HELD) - (field(stats, ORPHAN_PAIRS) > 0)


@jitable
def special_rn(e0: int, e1: int, e2: int, e3: int, seven_pairs: bool, quad_as_two_pairs: bool,
               thirteen_orphans: bool) -> tuple[int, int]:
    """(seven pairs rn, thirteen orphans rn) of a 13/14-tile hand from its four shanten entries;
    FAR where the rules omit a form."""
    stats = stats_of(e0) + stats_of(e1) + stats_of(e2) + stats_of(e3)
    rn7 = pairs_lacking(stats, quad_as_two_pairs) if seven_pairs else FAR
    rn13 = orphans_lacking(stats) if thirteen_orphans else FAR
    return rn7, rn13


@jitable
def forms_rn(costs: SuitCosts, e0: int, e1: int, e2: int, e3: int, total: int, seven_pairs: bool,
             quad_as_two_pairs: bool, thirteen_orphans: bool) -> tuple[int, int, int]:
    """(standard rn, seven pairs rn, thirteen orphans rn) of a hand of ``total`` tiles from its
    :func:`standard_costs` and four shanten entries. The special forms count for 13 and 14
    tiles (FAR otherwise, and where the rules omit them). The shanten is the least rn, minus one.
    """
    rn7 = FAR
    rn13 = FAR
    if total >= MAX_HAND_TILES - 1 and (seven_pairs or thirteen_orphans):
        rn7, rn13 = special_rn(e0, e1, e2, e3, seven_pairs, quad_as_two_pairs, thirteen_orphans)
    return share(costs[0], costs[1], total // 3), rn7, rn13


@jitable
def merged_rn(e0: int, e1: int, e2: int, e3: int, k: int, honors: bool) -> int:
    """Standard rn of k melds and the pair, merged exactly from four shanten entries: the way
    of the rows whose plain words are NOT_CONCAVE (few, so a call of its own)."""
    costs = standard_costs(e0, e1, e2, e3, honors)
    return share(costs[0], costs[1], k)


# --- the plain rules' words (layout and derivation in :mod:`.encoding`) ----------------------
PLAIN_WORDS = (N_SUIT_KINDS, N_SUIT_KINDS + 1)
"""Where the kernels' tuple of tables holds the plain words of the suit and of the honors
(after the shanten entries of the SUIT_KINDS)."""


@jitable(inline=True)
def largest_increments(lanes: int, k: int) -> int:
    """Sum of the k largest increments counted by ``lanes`` (3s, 2s, 1s; the rest 0)."""
    threes = min(k, lanes & LANE_MASK)
    twos = min(k - threes, (lanes >> LANE_BITS) & LANE_MASK)
    ones = min(k - threes - twos, (lanes >> (2 * LANE_BITS)) & LANE_MASK)
    return 3 * threes + 2 * twos + ones


@jitable(inline=True)
def used_with_pair(g: int, melds: int, k: int) -> int:
    """Tiles k melds and the pair use when the suit of plain word ``g`` holds the pair
    (``melds``: the four suits' increments lanes added up)."""
    lanes = melds - (g & INCREMENTS_MASK) + ((g >> INCREMENTS_BITS) & INCREMENTS_MASK)
    return ((g >> PAIR_HELD_SHIFT) & 3) + largest_increments(lanes, k)


@jitable(inline=True)
def greedy_rn(g0: int, g1: int, g2: int, g3: int, k: int) -> int:
    """Standard rn of k melds and the pair from four plain words (none NOT_CONCAVE): the most
    tiles used over the suit holding the pair, subtracted from the 3k + 2 of the target.
    (Inlined, and without a loop so that Numba inlines it cleanly: a call of its own per row
    was measurably slower.)"""
    melds = (g0 & INCREMENTS_MASK) + (g1 & INCREMENTS_MASK) + (g2 & INCREMENTS_MASK) + (g3 & INCREMENTS_MASK)
    used = max(max(used_with_pair(g0, melds, k), used_with_pair(g1, melds, k)),
               max(used_with_pair(g2, melds, k), used_with_pair(g3, melds, k)))
    return 3 * k + 2 - used


@jitable(inline=True)
def word_group_held(g: int, group: int) -> int:
    """Ranks of rank group ``group`` (ranks group, group + 3, group + 6) held in the suit of
    plain word ``g`` (0 for the honors)."""
    return (g >> (GROUPS_SHIFT + GROUP_BITS * group)) & GROUP_MASK


@jitable(inline=True)
def words_knitted_most(g0: int, g1: int, g2: int) -> int:
    """The most tiles of one knitted set held (each tile counted once), from the plain words of
    the three numbered suits: :func:`.variants.knitted_most` without reading the counts."""
    return groups_knitted_most((word_group_held(g0, 0), word_group_held(g0, 1), word_group_held(g0, 2)),
                               (word_group_held(g1, 0), word_group_held(g1, 1), word_group_held(g1, 2)),
                               (word_group_held(g2, 0), word_group_held(g2, 1), word_group_held(g2, 2)))


@jitable(inline=True)
def plain_rn(k0: int, k1: int, k2: int, k3: int, total: int, words: Array, honor_words: Array, suit: Array,
             honor: Array, honors: bool, seven_pairs: bool, quad_as_two_pairs: bool, thirteen_orphans: bool) -> int:
    """Least rn of a hand of ``total`` tiles (suit keys k0..k3) under the plain rules: the
    standard form from the plain words (``words``, ``honor_words``: :func:`plain_words` of
    ``suit``, ``honor``), merged exactly from the shanten entries when a suit is NOT_CONCAVE;
    seven pairs and thirteen orphans as :func:`forms_rn`. Without honors the honor key is 0,
    whose melds and pair from nothing cost no less than in a numbered suit."""
    g0, g1, g2, g3 = words[k0], words[k1], words[k2], honor_words[k3]
    if (g0 | g1 | g2 | g3) & NOT_CONCAVE:
        e0, e1, e2, e3 = suit[k0], suit[k1], suit[k2], honor[k3]
        rn, rn7, rn13 = forms_rn(standard_costs(e0, e1, e2, e3, honors), e0, e1, e2, e3, total, seven_pairs,
                                 quad_as_two_pairs, thirteen_orphans)
        return min(rn, min(rn7, rn13))
    rn = greedy_rn(g0, g1, g2, g3, total // 3)
    if total >= MAX_HAND_TILES - 1 and (seven_pairs or thirteen_orphans):
        rn7, rn13 = special_rn(g0, g1, g2, g3, seven_pairs, quad_as_two_pairs, thirteen_orphans)
        rn = min(rn, min(rn7, rn13))
    return rn


@jitable(inline=True)
def checked_keys(c: Counts, honors: bool, jokers: int, three_player: bool) -> tuple[int, int, int, int, int, int]:
    """(row status, real tiles, suit keys k0..k3) of 34 counts beside ``jokers``: the first
    step of every shanten row (the keys are computed whatever the status)."""
    over, total, _, _ = scan_row_lean(c)
    k0, k1, k2, k3 = suit_keys(c)
    return row_status(c, total, over, EITHER, honors, jokers, three_player), total, k0, k1, k2, k3


@jitable(inline=True)
def plain_shanten_row(c: Counts, words: Array, honor_words: Array, suit: Array, honor: Array, honors: bool,
                      three_player: bool, seven_pairs: bool, quad_as_two_pairs: bool,
                      thirteen_orphans: bool) -> tuple[int, int]:
    """(status of the row scan, shanten) of 34 counts under plain rules without jokers: the
    row step of the plain kernels, one hand or a batch (the shanten is 0 when the status is
    not OK). Tables as :func:`plain_rn`."""
    status, total, k0, k1, k2, k3 = checked_keys(c, honors, 0, three_player)
    if status != OK:
        return status, 0
    return OK, plain_rn(k0, k1, k2, k3, total, words, honor_words, suit, honor, honors, seven_pairs,
                        quad_as_two_pairs, thirteen_orphans) - 1


# --- tiles that lower the shanten of a 3k+1 hand --------------------------------------------

@jitable
def seven_pairs_lowering(c: Counts, quad_as_two_pairs: bool, allowed: int) -> int:
    """Tiles that lower the seven-pairs lacking of a 13-tile hand whose target takes only the
    tiles of ``allowed`` (the tiles in the game, of the suits kept); the counts are of those tiles."""
    kinds = 0
    halves = 0
    odd = 0
    for t in range(N_TILE_KINDS):
        if (allowed >> t) & 1:
            x = np.int64(c[t])
            kinds += x > 0
            halves += x // 2
            odd += x & 1
    mask = 0
    for t in range(N_TILE_KINDS):
        if not (allowed >> t) & 1:
            continue
        x = c[t]
        if quad_as_two_pairs:  # a lone tile pairs up; a new lone tile helps while pairs lack tiles
            if x & 1 or (x < MAX_COPIES and 7 - halves - odd > 0):
                mask |= 1 << t
        elif x == 1 or (x == 0 and kinds < 7):  # pair a single, or add a kind while short of 7
            mask |= 1 << t
    return mask


@jitable
def orphans_lowering(c: Counts) -> int:
    """Tiles that lower the thirteen-orphans rn: missing orphans, and any orphan while no pair."""
    pair = False
    for t in range(N_TILE_KINDS):
        if (ORPHAN_MASK >> t) & 1 and c[t] >= 2:
            pair = True
    mask = 0
    for t in range(N_TILE_KINDS):
        if (ORPHAN_MASK >> t) & 1 and (c[t] == 0 or not pair):
            mask |= 1 << t
    return mask


@jitable
def sharing_classes(x: Costs, others: Costs, k: int, rn: int) -> int:
    """Mask of the classes 2m + p of a suit (costs ``x``) that take part in a sharing of k melds
    and the pair of cost ``rn`` with the other suits (their merged costs ``others``)."""
    mask = 0
    for m in range(k + 1):
        for p in range(2):
            if x[2 * m + p] + others[2 * (k - m) + 1 - p] == rn:
                mask |= 1 << (2 * m + p)
    return mask


@jitable
def usable_classes(costs: SuitCosts, k: int, rn: int) -> tuple[int, int, int, int]:
    """Per suit, the :func:`sharing_classes` of the optimal sharings (cost ``rn``) of k melds
    and the pair; ``costs`` from :func:`standard_costs`."""
    x01, x23, x0, x1, x2, x3 = costs
    return (sharing_classes(x0, merge(x1, x23), k, rn), sharing_classes(x1, merge(x0, x23), k, rn),
            sharing_classes(x2, merge(x01, x3), k, rn), sharing_classes(x3, merge(x01, x2), k, rn))


@jitable
def drop_masks(c: Counts, s: int, key: int, table: Array, drops: Array) -> None:
    """drops[s, r] = mask of the classes 2m + p whose cost falls by one when rank r is added to
    suit s of counts ``c`` (key ``key``); 0 for ranks held 4 times. From the neighbouring
    entries key + 5**r of ``table``."""
    e = table[key]
    w = 1
    for r in range(N_SUIT_RANKS if s < 3 else N_HONOR_KINDS):
        mask = 0
        if c[SUIT_OFFSETS[s] + r] < MAX_COPIES:
            e_plus = table[key + w]
            for m in range(MAX_MELDS + 1):
                for p in range(2):
                    if cost(e_plus, m, p) == cost(e, m, p) - 1:
                        mask |= 1 << (2 * m + p)
        drops[s, r] = mask
        w *= 5


@jitable
def plain_lowering(c: Counts, hand: Counts, keys: Array, ds: int, total: int, suit: Array, honor: Array,
                   seven_pairs: bool, quad_as_two_pairs: bool, thirteen_orphans: bool, honors: bool, whole: Array,
                   known: Array, drops: Array) -> tuple[int, int]:
    """(rn, mask of the tiles that lower it) of the 3k+1 hand ``c`` of ``total`` tiles (suit
    keys ``keys``): ``hand`` less one tile of suit ``ds``, under plain rules without jokers.

    A tile lowers the standard rn when it drops by one the cost of a class (m, p) of its suit
    that takes part in an optimal sharing (:func:`usable_classes`, :func:`drop_masks`). A
    discard changes only suit ``ds``: the other suits' drop masks are those of ``hand``, kept
    in ``whole[s]`` once ``known[s]``; ``drops`` is scratch space (both (4, 9) int64).
    """
    e0, e1, e2, e3 = suit[keys[0]], suit[keys[1]], suit[keys[2]], honor[keys[3]]
    costs = standard_costs(e0, e1, e2, e3, honors)
    rn_std, rn7, rn13 = forms_rn(costs, e0, e1, e2, e3, total, seven_pairs, quad_as_two_pairs, thirteen_orphans)
    rn = min(rn_std, min(rn7, rn13))
    mask = 0
    if rn_std == rn:
        usable = usable_classes(costs, total // 3, rn)
        for s in range(4 if honors else 3):
            if not usable[s]:
                continue
            table = suit if s < 3 else honor
            if s == ds:
                drop_masks(c, s, keys[s], table, drops)
            else:
                if not known[s]:
                    drop_masks(hand, s, keys[s], table, whole)
                    known[s] = True
                drops[s] = whole[s]
            for r in range(N_SUIT_RANKS if s < 3 else N_HONOR_KINDS):
                if drops[s, r] & usable[s]:
                    mask |= 1 << (SUIT_OFFSETS[s] + r)
    if rn7 == rn:
        mask |= seven_pairs_lowering(c, quad_as_two_pairs, ALL_TILES if honors else ALL_TILES & ~HONOR_TILES)
    if rn13 == rn:
        mask |= orphans_lowering(c)
    return rn, mask


@jitable
def unseen_copies(hand: Counts, mask: int) -> int:
    """Copies of the tiles of ``mask`` not in ``hand``."""
    copies = 0
    for t in range(N_TILE_KINDS):
        if (mask >> t) & 1:
            copies += MAX_COPIES - np.int64(hand[t])
    return copies


@jitable
def sort_advice(out: Array, n: int) -> None:
    """Insertion sort of the first n 4-wide rows of ``out``: lower shanten, more copies, lower discard."""
    for i in range(1, n):
        j = i
        while j > 0:
            a = 4 * (j - 1)
            b = 4 * j
            if (out[b + 1], -out[b + 2], out[b]) < (out[a + 1], -out[a + 2], out[a]):
                for col in range(4):
                    out[a + col], out[b + col] = out[b + col], out[a + col]
                j -= 1
            else:
                break
