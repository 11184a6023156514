"""Encodings shared by the generator and the runtime.

Mahjong tiles are indexed 0..33 (SPEC §1): 0-8 characters 1-9 (m), 9-17 dots 1-9 (p),
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

N_TILE_KINDS = 34
N_SUIT_RANKS = 9
N_HONOR_KINDS = 7
MAX_COPIES = 4
COUNT_BASE = MAX_COPIES + 1
MAX_HAND_TILES = 14
"""A concealed hand holds at most 3*4 + 2 tiles (kongs are declared outside it)."""

SUIT_NAMES = ("m", "p", "s", "z")
SUIT_OFFSETS = (0, 9, 18, 27)
SUIT_SIZES = (N_SUIT_RANKS, N_SUIT_RANKS, N_SUIT_RANKS, N_HONOR_KINDS)

ENTRY_MELDS = 1 << 0
ENTRY_PAIR = 1 << 1
WAIT_MELDS_SHIFT = 2
WAIT_PAIR_SHIFT = 11
TOTAL_SHIFT = 20
CLASS_SHIFT = TOTAL_SHIFT + 8
CLASS_MELDS, CLASS_PAIR, CLASS_NEITHER = 0, 1, 5
RANK_MASK = (1 << N_SUIT_RANKS) - 1


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
FORM_STATS_SHIFT = 40
FORM_FIELDS = (("kinds", 4), ("paired", 3), ("halves", 3), ("odd", 4), ("orphans", 4), ("orphan_pairs", 3))


def form_field(name: str) -> tuple:
    """(shift within the summed stats, mask) of one FORM_FIELDS field."""
    shift = 0
    for field, width in FORM_FIELDS:
        if field == name:
            return shift, (1 << width) - 1
        shift += width
    raise KeyError(name)


def shanten_shift(melds: int, pair: int) -> int:
    """Bit offset of class (melds, pair) in a shanten entry."""
    return SHANTEN_BITS * (2 * melds + pair)


def n_keys(n_ranks: int) -> int:
    """Number of dense keys of a suit with ``n_ranks`` ranks (counts 0..4 each)."""
    return COUNT_BASE ** n_ranks


def suit_key(counts) -> int:
    """Base-5 key of a suit vector: digit i (weight 5**i) is the count of rank i."""
    key = 0
    for c in reversed(counts):
        key = key * COUNT_BASE + c
    return key


def key_to_counts(key: int, n_ranks: int) -> tuple:
    """Inverse of :func:`suit_key`: the suit vector (tuple of ``n_ranks`` counts)."""
    out = []
    for _ in range(n_ranks):
        key, c = divmod(key, COUNT_BASE)
        out.append(c)
    return tuple(out)


def key_weights(n_ranks: int) -> tuple:
    """Weights 5**i of the base-5 key, as a tuple of ints."""
    return tuple(COUNT_BASE ** i for i in range(n_ranks))
