"""Mahjong key encoding: the one contract the generator and the runtime share.

Everything the table files' layout depends on is defined here once: tile indices, suit
layout, the base-5 suit keys (:func:`suit_key`, :func:`suit_keys`, jitable,
so the generator's kernels, the batch kernels and tests compute keys with the same code),
the packed entry layouts and the orphan set. ``tablegen.mahjong`` imports only this module
of the runtime.

Mahjong tiles are indexed 0..33: 0-8 characters 1-9 (m), 9-17 dots 1-9 (p),
18-26 bamboo 1-9 (s), 27-33 honors East South West North White Green Red (z).

A *suit vector* is the tuple of counts (each 0..4) of one suit's ranks: 9 ranks for a
numbered suit, 7 kinds for the honors. Its *key* is the base-5 number whose digit i is the
count of rank i, so a numbered suit has 5**9 keys and the honors 5**7; the per-suit tables
are dense arrays indexed by key.

A per-suit *entry* (uint32) of the hu/ting table packs, for the suit vector v:

    bit 0        v splits into melds only (total % 3 == 0)
    bit 1        v splits into melds plus one pair (total % 3 == 2)
    bits 2..10   ranks r (count < 4) such that v + r splits into melds only
    bits 11..19  ranks r (count < 4) such that v + r splits into melds plus one pair
    bits 20..25  the number of tiles in v (0..36; every key has it)
    bits 28..30  split class: 0 melds only, 1 melds plus one pair, 5 neither

Bits 0..19 are 0 and the class is 5 for vectors over MAX_HAND_TILES tiles. The fields are
placed so that, for a hand's four entries, s = sum(e >> TOTAL_SHIFT) holds the hand's tile
count in its low 8 bits and the sum of the classes above them: the hand is a standard
winning hand exactly when that class sum is 1 (three suits of melds, one with the pair).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..jit import jitable

Counts = Sequence[int] | np.ndarray
"""Counts indexed by tile (or rank): bytes, a list or tuple of ints, a 1-D integer array."""
Array = Any
"""A numpy array: a table of entries, a kernel's row or output (plain Python runs take lists too)."""
Tables = Any
"""A tuple of per-suit arrays, one per suit kind (:data:`SUIT_KINDS` order)."""

N_TILE_KINDS = 34
N_SUIT_RANKS = 9
N_HONOR_KINDS = 7
MAX_COPIES = 4
COUNT_BASE = MAX_COPIES + 1
MAX_HAND_TILES = 14
"""A concealed hand holds at most 3*4 + 2 tiles (kongs are declared outside it)."""

SUIT_OFFSETS = (0, 9, 18, 27)
SUIT_SIZES = (N_SUIT_RANKS, N_SUIT_RANKS, N_SUIT_RANKS, N_HONOR_KINDS)
HONOR_OFFSET = SUIT_OFFSETS[3]

TERMINAL_RANKS = (0, N_SUIT_RANKS - 1)
"""Ranks of a numbered suit that are orphans (terminals); every honor kind is one too."""
RANKS_258 = (1, 4, 7)
"""Ranks (0-based) 2, 5 and 8 of a numbered suit: the 258 pair (二五八将) and 将将胡."""
MASK_258 = sum(1 << (offset + r) for offset in SUIT_OFFSETS[:3] for r in RANKS_258)
"""The tiles of rank 2, 5 or 8 as a 34-bit mask."""
MIDDLE_CHARACTERS = sum(1 << r for r in range(1, N_SUIT_RANKS - 1))
"""The tiles 2m..8m as a 34-bit mask: not in the game under three-player rules (三麻)."""
ALL_TILES = (1 << N_TILE_KINDS) - 1
HONOR_TILES = ALL_TILES ^ ((1 << HONOR_OFFSET) - 1)
ORPHANS = tuple(offset + r for offset in SUIT_OFFSETS[:3] for r in TERMINAL_RANKS) + tuple(
    range(HONOR_OFFSET, N_TILE_KINDS))
"""The thirteen orphans (terminals and honors) as tile indices: 1m 9m 1p 9p 1s 9s 1z..7z."""
ORPHAN_MASK = sum(1 << t for t in ORPHANS)
"""The same set as a 34-bit mask."""

ENTRY_MELDS = 1 << 0
ENTRY_PAIR = 1 << 1
WAIT_MELDS_SHIFT = 2
WAIT_PAIR_SHIFT = 11
TOTAL_SHIFT = 20
TOTAL_BITS = 8
TOTAL_MASK = (1 << TOTAL_BITS) - 1
"""The tile-count field of an entry shifted down by TOTAL_SHIFT (and of four entries summed)."""
CLASS_SHIFT = TOTAL_SHIFT + TOTAL_BITS
CLASS_MELDS, CLASS_PAIR, CLASS_NEITHER = 0, 1, 5
ENTRY_SPLITS = ENTRY_MELDS | ENTRY_PAIR
"""Bits of an entry set when its suit splits (melds only, or melds and the pair)."""
ENTRY_SPLITS_OR_WAITS = (1 << TOTAL_SHIFT) - 1
"""Bits of an entry set when its suit splits or one tile more makes it split (bits 0..19)."""
RANK_MASK = (1 << N_SUIT_RANKS) - 1


ENTRY_DTYPE = np.uint32
"""The dtype of the hu/ting entries (dataset ``<kind>/entries``) and of the joker entries."""

SHANTEN_DTYPE = np.uint64
"""The dtype of the shanten entries (dataset ``<kind>/shanten``) and of the plain words."""


# --- joker entry (uint32 per key, dataset <kind>/jokers) ------------------------------------
# A joker stands for any tile, a fifth copy included. For a suit vector v with total <= 14:
#   bits 0..3    J_M(v): fewest jokers that complete v into melds only
#   bits 4..7    J_P(v): fewest jokers that complete v into melds plus one pair
#   bits 8..16   ranks r (count < 4) with J_M(v + r) = J_M(v) - 1 (otherwise it is J_M(v) + 2)
#   bits 17..25  ranks r (count < 4) with J_P(v + r) = J_P(v) - 1 (otherwise J_P(v) + 2)
# Vectors over 14 tiles hold NEED_NONE in both needs.
JOKER_MELDS_SHIFT = 0
JOKER_PAIR_SHIFT = 4
JOKER_WAIT_MELDS_SHIFT = 8
JOKER_WAIT_PAIR_SHIFT = 17
NEED_MASK = 0xF
NEED_NONE = NEED_MASK
MAX_JOKERS = 8

# --- shanten entry (uint64 per key, dataset <kind>/shanten) -----------------------------------
# For every suit vector v (any total) and each target class (m melds, pair p in {0, 1}),
# m = 0..MAX_MELDS: the fewest tiles v lacks of some vector of exactly m melds (+ the pair)
# with counts <= 4, i.e. min over such w of sum_r max(0, w_r - v_r). 4 bits each, class
# (m, p) at bit 4 * (2m + p). Above them, from bit FORM_STATS_SHIFT, counts the seven-pairs
# and thirteen-orphans formulas need, one field each (FORM_FIELDS: name, width): kinds
# held, kinds held twice or more, pairs (sum of count // 2), kinds of odd count, orphan
# kinds held (terminals and honors), orphan kinds held twice or more. The widths hold the
# sum over a hand's four suits when it has at most 14 tiles, so summing (entry >>
# FORM_STATS_SHIFT) over the suits sums every field at once; values over a width (keys over
# 14 tiles) are clipped to it.
MAX_MELDS = 4
SHANTEN_BITS = 4
COST_MASK = (1 << SHANTEN_BITS) - 1
N_CLASSES = 2 * (MAX_MELDS + 1)
"""Shanten classes (m melds, pair p) per entry, class index 2m + p."""
ALL_COSTS = (1 << (SHANTEN_BITS * N_CLASSES)) - 1
"""The bits of a shanten entry that hold the costs of every class."""
FORM_STATS_SHIFT = 40
FORM_FIELDS = (("kinds", 4), ("paired", 3), ("halves", 3), ("odd", 4), ("orphans", 4), ("orphan_pairs", 3))

# Bit OVER4_FLAG of a shanten entry (above the form counts): the key is listed in the
# <kind>/over4_keys dataset, whose <kind>/over4 entry says how jokers read as fifth (or later)
# copies lower its costs. A target may use a kind more than 4 times when jokers stand for the
# copies over 4 ("over-4 positions"): for class (m, p) and e = 1..MAX_JOKERS such positions
# allowed, the cost falls by at most MAX_SAVING. Per class c = 2m + p, OVER4_BITS bits from
# bit 2 * OVER4_BITS * c hold t1, the fewest over-4 positions that lower the cost by one, and
# the next OVER4_BITS bits t2, the fewest that lower it by two (0: none do).
OVER4_FLAG = 1 << 61
OVER4_BITS = 3
MAX_SAVING = 2

# --- suit kinds: the per-suit tables of each kind (groups of the table file) --------------------
# name: (ranks, chows allowed, ranks the pair may take, orphan ranks). "suit" and "honor" are
# the numbered suit and the honors; "suit_258" and "honor_258" the same under the 258 pair
# (the pair only on rank 2, 5 or 8; never on honors).
SUIT_KINDS = {
    "suit": (N_SUIT_RANKS, True, tuple(range(N_SUIT_RANKS)), TERMINAL_RANKS),
    "honor": (N_HONOR_KINDS, False, tuple(range(N_HONOR_KINDS)), tuple(range(N_HONOR_KINDS))),
    "suit_258": (N_SUIT_RANKS, True, RANKS_258, TERMINAL_RANKS),
    "honor_258": (N_HONOR_KINDS, False, (), tuple(range(N_HONOR_KINDS))),
}
KIND_SUIT, KIND_HONOR, KIND_SUIT_258, KIND_HONOR_258 = range(len(SUIT_KINDS))
"""Indices of the kinds in SUIT_KINDS order (the kernels take a tuple of arrays in that order)."""


@jitable(inline="ir")
def terminal_key(key: int) -> int:
    """The honor key of the characters of three-player rules (三麻): a characters key holding
    only 1m and 9m (ranks 0 and 8) read as two honor kinds (pongs only, like honors).

    Their shanten costs come from the honor entry of that key: a target using the other
    five honor kinds there costs what the same melds cost on kinds no tile of the hand
    holds in another suit (always free), so the least cost over all the suits is the same.
    """
    top = COUNT_BASE ** (N_SUIT_RANKS - 1)
    return key % COUNT_BASE + COUNT_BASE * (key // top)


# --- knitted sets (组合龙的九张) -----------------------------------------------------------
# For each of the 6 ways to give the rank groups 1-4-7, 2-5-8, 3-6-9 (group g: ranks g, g + 3,
# g + 6) to the suits m, p, s, KNITTED_GROUPS[i][s] is the group of suit s.
KNITTED_GROUPS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
KNITTED_SETS = tuple(tuple(SUIT_OFFSETS[s] + g + 3 * i for s, g in enumerate(groups) for i in range(3))
                     for groups in KNITTED_GROUPS)
"""The 9 tiles of each knitted set, in the order of KNITTED_GROUPS."""

# --- split lists (datasets <kind>/split_keys, split_start, splits) ---------------------------
# Every split of every suit vector that splits (total <= 14), as CSR lists sorted by key: the
# splits of split_keys[i] are rows split_start[i]..split_start[i+1]-1 of splits, one row per
# distinct split: the pair's rank, then MAX_MELDS meld codes, sorted. Meld code c < n_ranks is
# a pong of rank c, c >= n_ranks a chow from rank c - n_ranks; NO_MELD fills absent melds and
# marks "no pair".
NO_MELD = 255


def form_field(name: str) -> tuple[int, int]:
    """(shift within the summed stats, mask) of one FORM_FIELDS field."""
    shift = 0
    for field, width in FORM_FIELDS:
        if field == name:
            return shift, (1 << width) - 1
        shift += width
    raise KeyError(name)


@jitable
def shanten_shift(melds: int, pair: int) -> int:
    """Bit offset of class (melds, pair) in a shanten entry."""
    return SHANTEN_BITS * (2 * melds + pair)


def n_keys(n_ranks: int) -> int:
    """Number of dense keys of a suit with ``n_ranks`` ranks (counts 0..4 each)."""
    return COUNT_BASE ** n_ranks


@jitable
def suit_key(counts: Counts) -> int:
    """Base-5 key of a suit vector: digit i (weight 5**i) is the count of rank i."""
    key = 0
    for r in range(len(counts) - 1, -1, -1):
        key = key * COUNT_BASE + int(counts[r])
    return key


@jitable(inline="ir")
def suit_keys(c: Counts) -> tuple[int, int, int, int]:
    """The :func:`suit_key` of each suit (m, p, s, z) of 34 counts, in one pass over the ranks."""
    k0 = k1 = k2 = k3 = 0
    for r in range(N_SUIT_RANKS - 1, -1, -1):
        k0 = k0 * COUNT_BASE + int(c[SUIT_OFFSETS[0] + r])
        k1 = k1 * COUNT_BASE + int(c[SUIT_OFFSETS[1] + r])
        k2 = k2 * COUNT_BASE + int(c[SUIT_OFFSETS[2] + r])
        if r < N_HONOR_KINDS:
            k3 = k3 * COUNT_BASE + int(c[HONOR_OFFSET + r])
    return k0, k1, k2, k3


def key_to_counts(key: int, n_ranks: int) -> tuple[int, ...]:
    """Inverse of :func:`suit_key`: the suit vector (tuple of ``n_ranks`` counts)."""
    out = []
    for _ in range(n_ranks):
        key, c = divmod(key, COUNT_BASE)
        out.append(c)
    return tuple(out)


@jitable
def key_weights(n_ranks: int) -> np.ndarray:
    """Weights 5**i of the base-5 key of a suit of ``n_ranks`` ranks (int64 array)."""
    weights = np.empty(n_ranks, np.int64)
    w = 1
    for i in range(n_ranks):
        weights[i] = w
        w *= COUNT_BASE
    return weights


# --- the plain rules' words: the standard lacking by counting, not merging -------------------
# A suit's *used* tiles of class (m, p) are u(m, p) = 3m + 2p - cost(m, p). When u(., 0) and
# u(., 1) are concave in m (increments non-increasing), the max-plus merge of suits is the
# sum of the largest increments (Minkowski sum of concave sequences): with the pair in suit
# s, the most tiles used by k melds and the pair are u_s(0, 1) plus the k largest of suit s's
# pair increments and the other suits' meld increments. Increments lie in 0..3, so a suit
# keeps only how many of its MAX_MELDS increments are 3, 2 and 1 (a lane each, wide enough
# for the sum over the four suits). A plain word (uint64 per key, :func:`plain_words`):
#   bits 0..14   lanes of the increments of u(., 0): count of 3s, of 2s, of 1s
#   bits 15..29  the same of u(., 1)
#   bits 30..31  u(0, 1) (tiles of the pair alone held: 0..2)
#   bit  NOT_CONCAVE   the key's sequences are not concave (or out of range): merge exactly
#   bits GROUPS_SHIFT.. per rank group g (ranks g, g + 3, g + 6) of a numbered suit, how many
#                of its ranks are held (GROUP_BITS each; 0 in the honors' words): what the
#                knitted forms' bounds need (the most tiles of one knitted set held), read
#                from the words a row has already loaded instead of from its counts
#   bits FORM_STATS_SHIFT.. the shanten entry's bits from there (form counts, flags)
LANE_BITS = 5
LANE_MASK = (1 << LANE_BITS) - 1
INCREMENTS_BITS = 3 * LANE_BITS
INCREMENTS_MASK = (1 << INCREMENTS_BITS) - 1
PAIR_HELD_SHIFT = 2 * INCREMENTS_BITS
NOT_CONCAVE = 1 << (PAIR_HELD_SHIFT + 2)
N_RANK_GROUPS = 3
GROUP_BITS = 2
GROUP_MASK = (1 << GROUP_BITS) - 1
GROUPS_SHIFT = NOT_CONCAVE.bit_length()
assert (MAX_MELDS * 4) >> LANE_BITS == 0 and N_SUIT_RANKS // N_RANK_GROUPS <= GROUP_MASK
assert GROUPS_SHIFT + N_RANK_GROUPS * GROUP_BITS <= FORM_STATS_SHIFT


def class_costs(entries: np.ndarray, classes: tuple[tuple[int, int], ...]) -> np.ndarray:
    """int64 (len(entries), len(classes)): the cost of each class (melds, pair) per shanten entry."""
    e = np.asarray(entries, np.uint64)
    return np.stack([((e >> np.uint64(shanten_shift(m, p))) & np.uint64(COST_MASK)).astype(np.int64)
                     for m, p in classes], axis=1)


def group_ranks_held(g: int) -> list[tuple[int, np.ndarray]]:
    """Per rank r of rank group ``g`` (g, g + 3, g + 6): (its key weight 5**r, bool (5**9,)
    whether each numbered key holds it)."""
    keys = np.arange(COUNT_BASE ** N_SUIT_RANKS, dtype=np.int64)
    return [(COUNT_BASE ** r, keys // COUNT_BASE ** r % COUNT_BASE > 0) for r in range(g, N_SUIT_RANKS, N_RANK_GROUPS)]


def plain_words(entries: np.ndarray) -> np.ndarray:
    """The plain word of every key (uint64 array) from the shanten entries of a suit kind (the
    rank groups' held counts from the keys themselves, when there are as many as a numbered
    suit has): the generator stores them beside the entries (``suit/plain_words``,
    ``honor/plain_words``)."""
    e = np.asarray(entries, np.uint64)
    word = np.zeros(len(e), np.uint64)
    if len(e) == COUNT_BASE ** N_SUIT_RANKS:
        for g in range(N_RANK_GROUPS):
            held = sum(ranks.astype(np.uint64) for _, ranks in group_ranks_held(g))
            word |= held << np.uint64(GROUPS_SHIFT + GROUP_BITS * g)
    classes = tuple((m, p) for m in range(MAX_MELDS + 1) for p in range(2))
    costs = list(class_costs(e, classes).T)  # class 2m + p
    word |= (e >> np.uint64(FORM_STATS_SHIFT)) << np.uint64(FORM_STATS_SHIFT)
    bad = np.zeros(len(e), bool)
    for p in range(2):
        used = [3 * m + 2 * p - costs[2 * m + p] for m in range(MAX_MELDS + 1)]
        steps = [used[m + 1] - used[m] for m in range(MAX_MELDS)]
        for a, b in zip(steps, steps[1:]):
            bad |= b > a
        for step in steps:
            bad |= (step < 0) | (step > 3)
        for lane, value in enumerate((3, 2, 1)):
            count = sum((step == value).astype(np.uint8) for step in steps)
            word |= count.astype(np.uint64) << np.uint64(INCREMENTS_BITS * p + LANE_BITS * lane)
    pair_held = 2 - costs[1]
    bad |= (pair_held < 0) | (pair_held > 2)
    word |= np.clip(pair_held, 0, 2).astype(np.uint64) << np.uint64(PAIR_HELD_SHIFT)
    word |= bad.astype(np.uint64) * np.uint64(NOT_CONCAVE)
    return word


# --- the rests of 组合龙: codes of their first costs (datasets */rest_codes, knitted/rest_lacking) --
# Without jokers, a hand of k = 4 (or 3) melds' worth takes 组合龙 as a knitted set plus a rest
# of k - 3 = 1 (or 0) melds and a pair, and that rest needs of each suit only the costs of the
# classes REST_CLASSES: (1 meld), (the pair), (1 meld and the pair). Few distinct triples of
# those costs occur (:func:`rest_triples`); a suit's triple is stored as its index in that list,
# a *rest code* of REST_CODE_BITS bits: per numbered key, the code of the key once one of each
# held rank of rank group g is taken out, at bit REST_CODE_BITS * g; per honor key, the key's
# own code. knitted/rest_lacking[m][code of suit 0 | code of suit 1 << REST_CODE_BITS | ...]
# is the least the rest lacks of m melds (0 or 1) and a pair over the four suits of those codes.
REST_CLASSES = ((1, 0), (0, 1), (1, 1))
REST_CODE_BITS = 4
REST_CODE_MASK = (1 << REST_CODE_BITS) - 1
N_REST_SUITS = 4


def group_rest_keys(g: int) -> np.ndarray:
    """int64 (5**9,): every numbered key with one of each held rank of rank group ``g`` taken out."""
    keys = np.arange(COUNT_BASE ** N_SUIT_RANKS, dtype=np.int64)
    return keys - sum(ranks * weight for weight, ranks in group_ranks_held(g))


def rest_triples(suit_entries: np.ndarray, honor_entries: np.ndarray) -> np.ndarray:
    """int64 (n, 3), sorted: every distinct triple of REST_CLASSES costs of a numbered key, of
    a numbered key's rest (:func:`group_rest_keys`) or of an honor key; n fits REST_CODE_BITS."""
    costs = [class_costs(entries, REST_CLASSES) for entries in (suit_entries, honor_entries)]
    triples = np.unique(np.concatenate(costs), axis=0)
    if len(triples) > 1 << REST_CODE_BITS:
        raise ValueError(f"{len(triples)} rest cost triples do not fit {REST_CODE_BITS}-bit codes")
    return triples


def triple_ids(costs: np.ndarray) -> np.ndarray:
    """int64 per row of REST_CLASSES costs: the costs as one number whose order is the rows'
    lexicographic order (np.unique's), each cost a SHANTEN_BITS-bit digit."""
    shifts = SHANTEN_BITS * np.arange(len(REST_CLASSES) - 1, -1, -1)
    return (np.asarray(costs, np.int64) << shifts).sum(axis=1)


def rest_codes(entries: np.ndarray, triples: np.ndarray) -> np.ndarray:
    """uint16 per key of a suit kind's shanten ``entries``: its rest codes (numbered keys: one per
    rank group, of the key with that group's held ranks taken out; honor keys: the key's own)."""
    def codes_of(costs: np.ndarray) -> np.ndarray:  # each triple's row in the sorted triples
        codes = np.searchsorted(triple_ids(triples), triple_ids(costs))
        assert np.array_equal(triples[codes], costs)
        return codes.astype(np.uint16)

    costs = class_costs(entries, REST_CLASSES)
    if len(entries) != COUNT_BASE ** N_SUIT_RANKS:
        return codes_of(costs)
    out = np.zeros(len(entries), np.uint16)
    for g in range(N_RANK_GROUPS):
        out |= codes_of(costs[group_rest_keys(g)]) << np.uint16(REST_CODE_BITS * g)
    return out


def rest_lacking_table(triples: np.ndarray) -> np.ndarray:
    """int8 (2, 2**(N_REST_SUITS * REST_CODE_BITS)): per m (0 or 1) and four suits' rest codes
    (suit s at bit REST_CODE_BITS * s), the least lacking of m melds and a pair shared among them:
    the pair alone (m = 0), or the meld and the pair in one suit or in two (m = 1). Codes past
    the triples cost what the suit lacks from nothing."""
    n_codes = 1 << REST_CODE_BITS
    nothing = [3 * m + 2 * p for m, p in REST_CLASSES]  # what a suit holding no tile lacks
    padded = np.array([list(triples[i]) if i < len(triples) else nothing for i in range(n_codes)], np.int64)
    index = np.arange(n_codes ** N_REST_SUITS)
    suits = [padded[index >> (REST_CODE_BITS * s) & REST_CODE_MASK] for s in range(N_REST_SUITS)]
    meld, pair, both = REST_CLASSES.index((1, 0)), REST_CLASSES.index((0, 1)), REST_CLASSES.index((1, 1))
    pair_only = np.min([x[:, pair] for x in suits], axis=0)
    one_meld = np.min([x[:, both] for x in suits] + [suits[s][:, meld] + suits[t][:, pair]
                                                    for s in range(N_REST_SUITS) for t in range(N_REST_SUITS)
                                                    if s != t], axis=0)
    return np.stack([pair_only, one_meld]).astype(np.int8)
