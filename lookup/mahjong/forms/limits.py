"""The rule variants that limit or waive (jitable): the tiles in the game (three-player, no
honors), ``max_suits`` (缺一门), the 258 pair and the forms that waive it (碰碰胡 all pongs,
清一色 one suit), and 将将胡 (every tile a 2, 5 or 8).

Hu and waits test these on the suit keys (``keys``) and the row scan's :data:`.row.Tally`;
the shanten side gives each form's lacking and the tiles that lower it (:mod:`.costs` units).
Under ``max_suits`` a target keeps a set of numbered suits (:data:`KEPT_SETS`), the tiles of
the others replaced.
"""

from __future__ import annotations

import numpy as np

from ...jit import jitable
from ..encoding import (
    ALL_TILES,
    COST_MASK,
    HONOR_TILES,
    LANE_BITS,
    LANE_MASK,
    MASK_258,
    MAX_COPIES,
    MAX_MELDS,
    MIDDLE_CHARACTERS,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    RANK_MASK,
    SUIT_OFFSETS,
    Array,
    Counts,
    shanten_shift,
)
from ..row import Keys, Tally
from ..rules import HONORS, MAX_SUITS_SHIFT, ONE_SUIT_WAIVES_258, PONGS_WAIVE_258, THREE_PLAYER
from .costs import (
    FAR,
    HALVES,
    KINDS,
    ODD,
    PAIRED,
    Entries,
    field,
    greedy_lacking,
    savings_word,
    suit_costs,
    with_savings,
)
from .standard import suit_waits, suit_win

KEPT_SETS = (0, 1 << 1 | 1 << 2 | 1 << 4, 1 << 3 | 1 << 5 | 1 << 6, 1 << 7)
"""By max_suits, the sets of numbered suits a target may keep (bit v: the suits of the 3-bit
set v; a smaller set is inside a larger one, whose other suits may take nothing)."""


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
def suits_held(keys: Keys) -> int:
    """How many numbered suits hold a tile (from their keys)."""
    return (keys[0] != 0) + (keys[1] != 0) + (keys[2] != 0)


@jitable
def suit_tiles(s: int) -> int:
    """Mask of the tiles of numbered suit ``s``."""
    return RANK_MASK << SUIT_OFFSETS[s]


@jitable
def kept_tiles(v: int) -> int:
    """Mask of the tiles of the numbered suits in set ``v`` and of the honors."""
    return HONOR_TILES | (suit_tiles(0) if v & 1 else 0) | (suit_tiles(1) if v & 2 else 0) | \
        (suit_tiles(2) if v & 4 else 0)


@jitable
def single_suit(keys: Keys) -> int:
    """The one numbered suit every tile belongs to (0..2), 3 for a hand of no tile, -1 when
    the tiles are of several suits or honors (清一色 asks for one numbered suit)."""
    k0, k1, k2, k3 = keys
    if k3 != 0 or suits_held(keys) > 1:
        return -1
    if k0 != 0:
        return 0
    if k1 != 0:
        return 1
    return 2 if k2 != 0 else 3


@jitable(inline="ir")
def waits_in_game(mask: int, keys: Keys, rules: int) -> int:
    """A 3k+1 hand's wait mask kept to the tiles ``rules`` let it win on: tiles in the game, and
    no suit past the suits it may hold (none when it holds too many already)."""
    max_suits = (rules >> MAX_SUITS_SHIFT) & 3
    held_suits = suits_held(keys)
    if held_suits > max_suits:
        return np.int64(0)
    mask &= in_play(rules)
    if held_suits == max_suits:
        mask &= HONOR_TILES | (suit_tiles(0) if keys[0] else 0) | (suit_tiles(1) if keys[1] else 0) | \
            (suit_tiles(2) if keys[2] else 0)
    return np.int64(mask)


# --- 碰碰胡 (all pongs) ------------------------------------------------------------------------

@jitable
def histogram(tally: Tally) -> tuple[int, int, int, int]:
    """(kinds held once, twice, three times, four times) from the row scan's tally."""
    total, odd, big, singles = tally
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
def pongs_need(tally: Tally) -> int:
    """:func:`pongs_need_of` of a hand from the row scan's tally."""
    n1, n2, n3, n4 = histogram(tally)
    return pongs_need_of(n1, n2, n3, n4)


@jitable
def pongs_waits(c: Counts, tally: Tally, jokers: int) -> int:
    """Wait mask of the all-pongs form: a tile held x times (x < 4) moves its kind from x to
    x + 1 copies, which wins when the new histogram needs at most ``jokers``."""
    n1, n2, n3, n4 = histogram(tally)
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


@jitable
def pongs_lacking(histo: tuple[int, int, int, int], k: int, jokers: int) -> int:
    """Tiles lacking of k pongs and a pair (碰碰胡) for a hand of count histogram ``histo``
    (kinds held once, twice, three and four times) with ``jokers``.

    Every kind held 3 or 4 times is a pong (cost 0); the other pongs and the pair take, best
    first, kinds held twice (a pong lacks 1, a pair 0), once (2, 1) or not (3, 2). Jokers may
    also stand for copies over 4: a kind held 4 times then takes the pair too (lacking 1, one
    such copy) or a second pong (lacking 2, two copies), x of them.
    """
    n1, n2, n3, n4 = histo
    rest = k + 1 - n3 - n4  # pongs and the pair still to place
    if rest <= 0:
        return 0
    best = FAR
    for x in range(min(n4, jokers // 2) + 1):  # second pongs on kinds held 4 times
        for extra_pair in range(2):
            if extra_pair and (x + 1 > n4 or 2 * x + 1 > jokers):
                continue
            twos, ones = n2, n1
            if extra_pair:
                lacking = 1
            elif twos:
                lacking, twos = 0, twos - 1
            elif ones:
                lacking, ones = 1, ones - 1
            else:
                lacking = 2
            pongs = rest - 1
            take = min(twos, pongs)
            lacking += take
            pongs -= take
            take = min(ones + x, pongs)
            lacking += 2 * take + 3 * (pongs - take)
            best = min(best, lacking)
    return best


@jitable(inline="llvm")
def held_pongs_lacking(histo: tuple[int, int, int, int], k: int) -> int:
    """:func:`pongs_lacking` without jokers: the pair from a kind held twice (0), once (1) or
    not (2), then the other pongs from kinds held twice (1 each), once (2) or not (3)."""
    n1, n2, n3, n4 = histo
    rest = k + 1 - n3 - n4
    if rest <= 0:
        return 0
    lacking = 0 if n2 else 1 if n1 else 2
    twos = max(n2 - 1, 0)
    ones = n1 - (n2 == 0 and n1 > 0)
    twos_taken = min(twos, rest - 1)
    ones_taken = min(ones, rest - 1 - twos_taken)
    return lacking + twos_taken + 2 * ones_taken + 3 * (rest - 1 - twos_taken - ones_taken)


@jitable
def histogram_of(stats: int) -> tuple[int, int, int, int]:
    """(kinds held once, twice, three times, four times) from summed form counts."""
    kinds, paired, halves, odd = field(stats, KINDS), field(stats, PAIRED), field(stats, HALVES), field(stats, ODD)
    n1 = kinds - paired
    n3 = odd - n1
    n4 = halves - paired
    return n1, paired - n3 - n4, n3, n4


@jitable
def pongs_lowering(c: Counts, stats: int, k: int, jokers: int, best: int, play: int) -> int:
    """Tiles that lower the all-pongs lacking: a tile held x times moves its kind from x to x + 1."""
    n1, n2, n3, n4 = histogram_of(stats)
    lower = 0
    if pongs_lacking((n1 + 1, n2, n3, n4), k, jokers) < best:
        lower |= 1
    if n1 and pongs_lacking((n1 - 1, n2 + 1, n3, n4), k, jokers) < best:
        lower |= 2
    if n2 and pongs_lacking((n1, n2 - 1, n3 + 1, n4), k, jokers) < best:
        lower |= 4
    if n3 and pongs_lacking((n1, n2, n3 - 1, n4 + 1), k, jokers) < best:
        lower |= 8
    mask = 0
    for t in range(N_TILE_KINDS):
        if (play >> t) & 1 and c[t] < MAX_COPIES and (lower >> c[t]) & 1:
            mask |= 1 << t
    return mask


# --- the 258 pair, 清一色, 将将胡 ----------------------------------------------------------------

@jitable(inline="ir")
def only_258(keys: Keys) -> bool:
    """Whether every tile is of rank 2, 5 or 8 (from the suit keys: digits 1, 4, 7 only)."""
    if keys[3]:
        return False
    for key in (keys[0], keys[1], keys[2]):
        if key - (key // 5 % 5) * 5 - (key // 625 % 5) * 625 - (key // 78125 % 5) * 78125:
            return False
    return True


@jitable(inline="ir")
def pair_258_win(keys: Keys, tally: Tally, jokers: int, with_jokers: bool, entries_258: Entries, rules: int) -> bool:
    """Under the 258 pair, whether a hand whose standard form wins (of the plain kinds: any pair)
    still wins: with a 258 pair (``entries_258``: the entries of the 258-pair kinds), or waived
    as all pongs (碰碰胡) or all of one suit (清一色)."""
    return suit_win(entries_258, jokers, with_jokers) \
        or rules & PONGS_WAIVE_258 != 0 and pongs_need(tally) <= jokers \
        or rules & ONE_SUIT_WAIVES_258 != 0 and single_suit(keys) >= 0


@jitable(inline="ir")
def pair_258_waits(c: Counts, keys: Keys, tally: Tally, jokers: int, with_jokers: bool, plain: int,
                   entries_258: Entries, rules: int) -> int:
    """Under the 258 pair, the waits among ``plain`` (the standard form's, any pair) that win:
    with a 258 pair (``entries_258`` as :func:`pair_258_win`), as all pongs, or all of one suit."""
    mask = suit_waits(c, entries_258, jokers, with_jokers)
    if rules & PONGS_WAIVE_258:
        mask |= pongs_waits(c, tally, jokers)
    one = single_suit(keys) if rules & ONE_SUIT_WAIVES_258 else -1
    if one >= 0:
        mask |= plain & (suit_tiles(one) if one < 3 else suit_tiles(0) | suit_tiles(1) | suit_tiles(2))
    return mask


@jitable(inline="llvm")
def pair_suit_258_lacking(entry_258: int, others: int, k: int) -> int:
    """Standard lacking of k melds and the 258 pair when one numbered suit holds the pair (its
    suit_258 shanten entry ``entry_258``) and the other suits only melds, their plain words
    concave (``others``: the sum of their melds increments lanes, as :func:`.costs.greedy_lacking`
    reads them): the least over the melds m of that suit of its cost of (m, pair) plus the
    3n tiles of the n = k - m other melds less the most of them the other suits hold, the
    sum of their n largest increments: min(n, a) + min(n, b) + min(n, c), with a, b, c the
    increments of at least 3, 2 and 1. Every m is tried (m > k gives FAR): no branch."""
    a = others & LANE_MASK
    b = a + ((others >> LANE_BITS) & LANE_MASK)
    c = b + ((others >> (2 * LANE_BITS)) & LANE_MASK)
    pair_costs = np.int64(np.uint64(entry_258) >> np.uint64(shanten_shift(0, 1)))
    best = FAR
    for m in range(MAX_MELDS + 1):
        n = k - m
        lacking = ((pair_costs >> shanten_shift(m, 0)) & COST_MASK) + 3 * n - min(n, a) - min(n, b) - min(n, c)
        best = min(best, lacking if n >= 0 else FAR)
    return best


@jitable
def one_suit_lowering(c: Counts, key: int, suit: Array, over: tuple[Array, Array], k: int, jokers: int, only: int,
                      best: int, play: int) -> int:
    """Tiles of suit ``only`` (key ``key``) whose draw lowers its one-suit lacking ``best``:
    its class (k melds, pair) alone, the tiles of the other suits replaced (清一色)."""
    mask = 0
    for r in range(N_SUIT_RANKS):
        t = SUIT_OFFSETS[only] + r
        if (play >> t) & 1 and c[t] < MAX_COPIES:
            q = key + 5 ** r
            e = suit[q]
            if with_savings(suit_costs(e), savings_word(e, q, over[0], over[1]), jokers)[2 * k + 1] < best:
                mask |= 1 << t
    return mask


@jitable
def tiles_258(c: Counts, allowed: int) -> int:
    """Tiles of rank 2, 5 or 8 held among the tiles of ``allowed``."""
    held = 0
    for t in range(N_TILE_KINDS):
        if (MASK_258 >> t) & (allowed >> t) & 1:
            held += np.int64(c[t])
    return held


@jitable
def kept_greedy_lacking(words: Entries, k: int, max_suits: int) -> int:
    """:func:`.standard.kept_lacking` from four plain words: a numbered suit dropped is the word
    0 (no tile used; its melds and pair cost what they cost from nothing in a suit kept, where
    they cost no more). A call, not inlined, with one :func:`.costs.greedy_lacking` for every
    kept set: each inlined call costs seconds of compile time."""
    g0, g1, g2, g3 = words
    best = FAR
    sets = KEPT_SETS[max_suits]
    for v in range(8):
        if (sets >> v) & 1:
            best = min(best, greedy_lacking((g0 if v & 1 else 0, g1 if v & 2 else 0, g2 if v & 4 else 0, g3), k))
    return best

