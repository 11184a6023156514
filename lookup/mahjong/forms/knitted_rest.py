"""The shanten of 组合龙 (knitted straight, jitable): a knitted set plus the standard form of
the rest, and the tiles that lower it.

Per knitted set the lacking is the set's tiles missing plus the standard lacking of the rest,
one of each held tile of the set taken out, with k - 3 melds (:func:`knitted_straight`). Cheap
tests on the hand's count masks (:func:`count_masks`, read off the suit keys by two small
tables) skip the sets whose rest cannot reach the limit (:func:`rest_may_be_done`,
:func:`rest_may_lack`). :func:`knitted_straight_lowering` gives the tiles that lower it.

A row of the knitted rules' kernel (no jokers) takes a shorter way (:func:`coded_straight`):
the knitted tiles held come from its plain words, and each suit's part of the rest from its
*rest code* (:mod:`.encoding`), so that one small table gives the rest's lacking per set.
"""

from __future__ import annotations

import numpy as np

from ...jit import jitable
from ..encoding import (
    COUNT_BASE,
    HONOR_OFFSET,
    KNITTED_GROUPS,
    MAX_COPIES,
    N_REST_SUITS,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    NOT_CONCAVE,
    RANK_MASK,
    REST_CODE_BITS,
    REST_CODE_MASK,
    SUIT_OFFSETS,
    Array,
    Counts,
)
from ..row import Keys, bit_count
from ..rules import HONORS
from .costs import FAR, NO_SUIT, PLAIN_WORDS, Entries, greedy_lacking, suit_costs, word_group_held
from .knitted import KNITTED_TILES, Held, held_tiles, knitted_held, knitted_mask, knitted_rest_keys
from .standard import (
    FourCosts,
    Game,
    Kinds,
    ShantenTables,
    Target,
    budget_lacking,
    plain_kinds,
    standard_lowering,
    suit_inputs,
)


@jitable(inline="llvm")
def rest_inputs(rest: Keys, kinds: Kinds, honors: bool, jokers: int) -> tuple[FourCosts, Entries]:
    """(costs of the four suits, their over-4 words) of the rest of 组合龙 (suit keys ``rest``)."""
    r0, r1, r2, k3 = rest
    if jokers == 0:  # no over-4 word to look up: the entries read here, no call per suit
        suit, honor = kinds[0], kinds[1]
        return ((suit_costs(suit[r0]), suit_costs(suit[r1]), suit_costs(suit[r2]),
                 suit_costs(honor[k3]) if honors else NO_SUIT), (0, 0, 0, 0))
    x0, s0 = suit_inputs(0, r0, kinds, False, honors, jokers)
    x1, s1 = suit_inputs(1, r1, kinds, False, honors, jokers)
    x2, s2 = suit_inputs(2, r2, kinds, False, honors, jokers)
    x3, s3 = suit_inputs(3, k3, kinds, False, honors, jokers)
    return (x0, x1, x2, x3), (s0, s1, s2, s3)


CHOW_STARTS = sum(((1 << (N_SUIT_RANKS - 2)) - 1) << offset for offset in SUIT_OFFSETS[:3])
"""The numbered tiles a chow may start from (ranks 1-7 of each suit), as a mask."""

PAIR_STARTS = sum(((1 << (N_SUIT_RANKS - 1)) - 1) << offset for offset in SUIT_OFFSETS[:3])
"""The numbered tiles two neighbours of a suit may start from (ranks 1-8 of each suit), as a mask."""

LOW_RANKS = (N_SUIT_RANKS + 1) // 2
"""A suit key's digits of ranks 0..LOW_RANKS - 1 index DIGIT_MASKS_LOW, the others DIGIT_MASKS_HIGH."""


def digit_masks(n_ranks: int, first: int) -> np.ndarray:
    """int64 (5**n_ranks,): per key of ``n_ranks`` base-5 digits (the counts of ranks first,
    first + 1, ...), the ranks held more than j times as a mask in bits j * N_SUIT_RANKS and
    up (j < MAX_COPIES); the two tables of a suit key's halves are or-ed. Built with numpy
    at import, a rank and a threshold at a time."""
    keys = np.arange(COUNT_BASE ** n_ranks, dtype=np.int64)
    out = np.zeros_like(keys)
    for r in range(n_ranks):
        digit = keys // COUNT_BASE ** r % COUNT_BASE
        for j in range(MAX_COPIES):
            out |= (digit > j).astype(np.int64) << (j * N_SUIT_RANKS + first + r)
    return out

DIGIT_MASKS_LOW = digit_masks(LOW_RANKS, 0)
DIGIT_MASKS_HIGH = digit_masks(N_SUIT_RANKS - LOW_RANKS, LOW_RANKS)


@jitable(inline="llvm")
def suit_count_masks(key: int) -> int:
    """The :func:`digit_masks` fields of a numbered suit's key, read from its two halves."""
    return DIGIT_MASKS_LOW[key % COUNT_BASE ** LOW_RANKS] | DIGIT_MASKS_HIGH[key // COUNT_BASE ** LOW_RANKS]


@jitable(inline="llvm")
def held_at_least(v0: int, v1: int, v2: int, j: int) -> int:
    """Mask of the numbered tiles held more than ``j`` times, from the three suits' fields."""
    shift = j * N_SUIT_RANKS
    return (((v0 >> shift) & RANK_MASK) | ((v1 >> shift) & RANK_MASK) << SUIT_OFFSETS[1]
            | ((v2 >> shift) & RANK_MASK) << SUIT_OFFSETS[2])


@jitable(inline="llvm")
def count_masks(c: Counts, keys: Keys) -> tuple[int, int, int, int, int, bool]:
    """(masks of the numbered tiles held at least once, twice, three and four times; the honors
    held twice or more; whether one is held three times) of counts ``c`` with suit keys
    ``keys``: the masks from two small tables per key (:func:`suit_count_masks`), not a pass
    over the counts."""
    v0, v1, v2 = suit_count_masks(keys[0]), suit_count_masks(keys[1]), suit_count_masks(keys[2])
    once, twice = held_at_least(v0, v1, v2, 0), held_at_least(v0, v1, v2, 1)
    thrice, four = held_at_least(v0, v1, v2, 2), held_at_least(v0, v1, v2, 3)
    honor_pairs = most = 0
    for t in range(HONOR_OFFSET, N_TILE_KINDS):
        held = np.int64(c[t])
        honor_pairs += held >= 2
        most = max(most, held)
    return once, twice, thrice, four, honor_pairs, most >= 3

Masks = tuple[int, int, int, int, int, bool]
"""What :func:`count_masks` gives."""


@jitable(inline="llvm")
def rest_shape(masks: Masks, i: int) -> tuple[int, int, int, int, bool, bool]:
    """(masks of the numbered tiles held at least once, twice, three times; of the chows' first
    tiles; whether a pair is held; whether a meld is) of the rest of 组合龙: one of each held
    tile of knitted set ``i`` taken out of the hand of ``masks``. Bitwise, not short-circuit:
    no branch on the counts (random rows mispredict them)."""
    once, twice, thrice, four, honor_pairs, honor_pong = masks
    knit = knitted_mask(i)
    rest1, rest2, rest3 = (once & ~knit) | (twice & knit), (twice & ~knit) | (thrice & knit), \
        (thrice & ~knit) | (four & knit)
    chows = rest1 & (rest1 >> 1) & (rest1 >> 2) & CHOW_STARTS
    return rest1, rest2, rest3, chows, (rest2 != 0) | (honor_pairs != 0), (rest3 != 0) | honor_pong | (chows != 0)


@jitable(inline="llvm")
def rest_may_be_done(masks: Masks, i: int, melds: int) -> bool:
    """Whether the rest of 组合龙 (:func:`rest_shape`) may hold ``melds`` (0 or 1) melds and a
    pair: a kind held twice, and a pong or a chow beside it. When not, the rest lacks a tile
    or more. Cheap, for all six sets at once; a visit tests finer (:func:`rest_may_lack`)."""
    _, _, _, _, pair, meld = rest_shape(masks, i)
    return pair & (meld | (melds == 0))


@jitable(inline="llvm")
def rest_may_lack(masks: Masks, i: int, melds: int, slack: int) -> bool:
    """Whether the rest of 组合龙 (:func:`rest_shape`) with ``melds`` (0 or 1) melds and a pair
    may lack at most ``slack`` tiles (without jokers); False only when it lacks more. Exact for
    slack 1: a rest lacks at most 1 of a meld and a pair when it holds a meld, two pairs, or a
    pair and two tiles of a chow apart from it (of a pair alone, any rest). For slack 0 a rest
    is done when it holds a pong and another pair, or a chow and a pair outside it or held
    three times (True also for two pairs held twice inside the only chow). True from slack 2."""
    rest1, rest2, rest3, chows, pair, meld = rest_shape(masks, i)
    if melds == 0:
        return pair | (slack > 0)
    honor_pairs = masks[4]
    two_pairs = ((rest2 & (rest2 - 1)) != 0) | ((rest2 != 0) & (honor_pairs != 0)) | (honor_pairs > 1)
    just_two = rest2 & ~rest3  # a pair held exactly twice: no chow through it
    done = (two_pairs & meld) | (pair & ((chows & ~(just_two | just_two >> 1 | just_two >> 2)) != 0))
    # with one pair (rest2: its bit, or 0 for an honor), two tiles of a chow that leave it whole
    parts = (rest1 & (rest1 >> 1) & PAIR_STARTS & ~(rest2 | rest2 >> 1)) | \
        (rest1 & (rest1 >> 2) & CHOW_STARTS & ~(rest2 | rest2 >> 2))
    one_off = meld | two_pairs | (pair & (parts != 0))
    return (slack > 1) | ((slack == 1) & one_off) | ((slack == 0) & done)


@jitable(inline="llvm")
def knitted_straight(c: Counts, keys: Keys, k: int, jokers: int, st: ShantenTables, honors: bool, limit: int) -> int:
    """The least lacking of 组合龙 that is at most ``limit`` (FAR when none): per knitted set,
    its tiles missing plus the standard lacking of the rest (one of each held tile of the set
    taken out) with k - 3 melds. Sets missing more than the limit are skipped, and without
    jokers those missing the limit whose rest cannot be done (:func:`rest_may_be_done`): the
    sets left are marked in a bit set, for all six without a branch, and only those are
    visited. A visit without jokers first tests the rest on the count masks
    (:func:`rest_may_lack`), then counts it from the plain words unless one is NOT_CONCAVE.
    ``st``: the shanten kernels' tables. Inlined: random rows under ``chinese`` reach it
    often, and a call passes every array again field by field."""
    lacking = FAR
    kinds = plain_kinds(st)
    words, honor_words = st[0][PLAIN_WORDS[0]], st[0][PLAIN_WORDS[1]]
    masks = count_masks(c, keys)
    once = masks[0]  # the held masks of the three suits, as :func:`.row.held_masks`
    held = (once & RANK_MASK, (once >> SUIT_OFFSETS[1]) & RANK_MASK, (once >> SUIT_OFFSETS[2]) & RANK_MASK, 0)
    candidates = 0  # bit i: set i may reach the limit (computed for all six without a branch)
    for i in range(len(KNITTED_GROUPS)):
        missing = KNITTED_TILES - knitted_held(held, i)
        done = (jokers != 0) | rest_may_be_done(masks, i, k - 3)  # (jokers may complete any rest)
        keep = (missing < limit) | ((missing == limit) & done)
        candidates |= np.int64(keep) << i
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        i = bit_count(low - 1)
        missing = KNITTED_TILES - knitted_held(held, i)
        if missing > limit:  # the limit fell to an earlier set's lacking
            continue
        if jokers == 0 and not rest_may_lack(masks, i, k - 3, limit - missing):
            continue  # (a set missing one less than the limit: most rests lack 2 or more)
        rest = knitted_rest_keys(keys, held, i)
        g0 = g1 = g2 = g3 = NOT_CONCAVE  # the plain words of the rest, read without jokers
        if jokers == 0:
            g0, g1, g2 = np.int64(words[rest[0]]), np.int64(words[rest[1]]), np.int64(words[rest[2]])
            g3 = np.int64(honor_words[rest[3] if honors else 0])
        if ((g0 | g1 | g2 | g3) & NOT_CONCAVE) == 0:  # counted: no merge of the four suits' costs
            total = missing + greedy_lacking((g0, g1, g2, g3), k - 3)
        else:
            x, sav = rest_inputs(rest, kinds, honors, jokers)
            total = missing + budget_lacking(x, sav, k - 3, 3, jokers)
        if total <= limit:
            lacking = min(lacking, total)
            limit = total
    return lacking


@jitable
def knitted_straight_lowering(c: Counts, keys: Keys, held: Held, k: int, jokers: int, kinds: Kinds, honors: bool,
                              best: int, play: int) -> int:
    """Tiles that lower the 组合龙 lacking ``best``: for each knitted set that reaches it, its
    missing tiles and the tiles that lower the rest's standard lacking."""
    mask = 0
    numbered = held_tiles((held[0], held[1], held[2], 0))
    for i in range(len(KNITTED_GROUPS)):
        missing = KNITTED_TILES - knitted_held(held, i)
        if missing > best:
            continue
        rest = knitted_rest_keys(keys, held, i)
        x, sav = rest_inputs(rest, kinds, honors, jokers)
        lacking = budget_lacking(x, sav, k - 3, 3, jokers)
        if missing + lacking == best:
            mask |= knitted_mask(i) & ~numbered & play
            mask |= standard_lowering(c, rest, x, sav, Target(k - 3, lacking, 3), kinds, jokers,
                                      Game(False, honors, play))
    return mask


@jitable(inline="llvm")
def straight_lacking(c: Counts, keys: Keys, total: int, jokers: int, st: ShantenTables, rules: int,
                     limit: int) -> int:
    """:func:`knitted_straight` of a hand of ``total`` real tiles and ``jokers``."""
    return knitted_straight(c, keys, (total + jokers) // 3, jokers, st, rules & HONORS != 0, limit)


@jitable(inline="llvm")
def rest_code(codes: int, group: int) -> int:
    """The rest code of rank group ``group`` in a numbered suit's word of rest codes."""
    return (codes >> (REST_CODE_BITS * group)) & REST_CODE_MASK


@jitable(inline="llvm")
def coded_straight(words: Entries, codes: Entries, melds: int, rest_lacking: Array) -> int:
    """The least lacking of 组合龙 of a hand without jokers whose rest takes ``melds`` (0 or 1)
    melds and the pair: per knitted set, its tiles missing (from the plain words of the
    numbered suits) plus the rest's lacking, ``rest_lacking[melds]`` at the rest codes of the
    three suits with the set's held ranks taken out (from their words of rest codes, the first
    three of ``codes``) and of the honors (``codes[3]``, the last suit of the index).
    :func:`knitted_straight` without jokers and without a limit."""
    g0, g1, g2 = words[0], words[1], words[2]
    r0, r1, r2 = codes[0], codes[1], codes[2]
    honors = codes[3] << ((N_REST_SUITS - 1) * REST_CODE_BITS)
    least = FAR
    for i in range(len(KNITTED_GROUPS)):
        a, b, d = KNITTED_GROUPS[i]
        held = word_group_held(g0, a) + word_group_held(g1, b) + word_group_held(g2, d)
        index = honors | rest_code(r0, a) | rest_code(r1, b) << REST_CODE_BITS | \
            rest_code(r2, d) << (2 * REST_CODE_BITS)
        least = min(least, KNITTED_TILES - held + np.int64(rest_lacking[melds, index]))
    return least
