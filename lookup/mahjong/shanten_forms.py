"""Shanten under any rule set, and the tiles that lower it: every winning form of one hand
(jitable per-hand steps, compiled into :mod:`.shanten_kernels`).

Each form gives the tiles the hand lacks of its nearest target (*lacking*; with j jokers the
shanten is the least lacking - j - 1, and every target counts the jokers among its tiles):

- standard (and, under the 258 pair, standard with a 258 pair): :mod:`.shanten_budget`;
- 碰碰胡 (:func:`pongs_lacking`) and 清一色 (:func:`one_suit_lacking`), which waive the 258 pair;
- seven pairs, thirteen orphans, 将将胡 (:func:`all_258_lacking`), 全不靠 (13 minus the honors
  and tiles of the best knitted set held, all different), for 13- and 14-tile hands;
- 组合龙: per knitted set, its tiles missing plus the standard lacking of the rest with three
  melds done (:func:`knitted_straight`).

Under ``max_suits`` (缺一门) the standard form, seven pairs and 将将胡 take the least over the
sets of numbered suits kept (:func:`kept_sets`): the tiles of the suits dropped are replaced.
:func:`evaluate` gives a hand's least lacking and, for a 3k+1 hand, the mask of the tiles
(in the game, held fewer than 4 times) whose draw lowers it: the union over the forms that
reach the least of each form's own lowering tiles.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..jit import jitable
from .encoding import (
    HONOR_TILES,
    KIND_HONOR,
    KIND_HONOR_258,
    KIND_SUIT,
    KIND_SUIT_258,
    KNITTED_GROUPS,
    MASK_258,
    MAX_COPIES,
    MAX_HAND_TILES,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    RANKS_258,
    SUIT_OFFSETS,
    Counts,
    terminal_key,
)
from .rules import (
    ALL_258,
    HONORS,
    KNITTED_HONORS,
    KNITTED_STRAIGHT,
    MAX_SUITS_SHIFT,
    ONE_SUIT_WAIVES_258,
    ORPHANS,
    PAIR_258,
    PONGS_WAIVE_258,
    QUADS,
    SEVEN_PAIRS,
    THREE_PLAYER,
)
from .shanten_budget import budget_lacking, savings_word, standard_lowering, suit_inputs, with_savings
from .shanten_hand import (
    FAR,
    HALVES,
    KINDS,
    ODD,
    PAIRED,
    field,
    orphans_lacking,
    orphans_lowering,
    pairs_lacking,
    seven_pairs_lowering,
    stats_of,
    suit_costs,
)
from .variants import (
    bit_count,
    held_masks,
    in_play,
    knitted_held,
    knitted_mask,
    knitted_rest_keys,
    open_tiles,
    suit_tiles,
)

Tables = Any
"""A tuple of per-suit arrays, one per suit kind (:data:`.encoding.SUIT_KINDS` order)."""


@jitable
def kept_sets(max_suits: int) -> int:
    """Mask over the 3-bit sets of numbered suits (bit v: suits of v kept) a target may use."""
    sets = 0
    for v in range(1, 8):
        if bit_count(v) == max_suits:
            sets |= 1 << v
    return sets


@jitable
def kept_tiles(v: int) -> int:
    """Mask of the tiles of the numbered suits in set ``v`` and of the honors."""
    return HONOR_TILES | (suit_tiles(0) if v & 1 else 0) | (suit_tiles(1) if v & 2 else 0) | \
        (suit_tiles(2) if v & 4 else 0)


@jitable
def pongs_lacking(n1: int, n2: int, n3: int, n4: int, k: int, jokers: int) -> int:
    """Tiles lacking of k pongs and a pair (碰碰胡) for a hand of this count histogram (kinds
    held once, twice, three and four times) with ``jokers``.

    Every kind held 3 or 4 times is a pong (cost 0); the other pongs and the pair take, best
    first, kinds held twice (a pong lacks 1, a pair 0), once (2, 1) or not (3, 2). Jokers may
    also stand for copies over 4: a kind held 4 times then takes the pair too (lacking 1, one
    such copy) or a second pong (lacking 2, two copies), x of them.
    """
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
    if pongs_lacking(n1 + 1, n2, n3, n4, k, jokers) < best:
        lower |= 1
    if n1 and pongs_lacking(n1 - 1, n2 + 1, n3, n4, k, jokers) < best:
        lower |= 2
    if n2 and pongs_lacking(n1, n2 - 1, n3 + 1, n4, k, jokers) < best:
        lower |= 4
    if n3 and pongs_lacking(n1, n2, n3 - 1, n4 + 1, k, jokers) < best:
        lower |= 8
    mask = 0
    for t in range(N_TILE_KINDS):
        if (play >> t) & 1 and c[t] < MAX_COPIES and (lower >> c[t]) & 1:
            mask |= 1 << t
    return mask


@jitable
def one_suit_lacking(keys: tuple[int, int, int, int], suit: Any, over: tuple[Any, Any], k: int, jokers: int,
                     only: int) -> int:
    """Tiles lacking of a winning hand all in numbered suit ``only`` (清一色, any pair): its
    class (k melds, pair) alone, the tiles of the other suits replaced."""
    e = suit[keys[only]]
    return with_savings(suit_costs(e), savings_word(e, keys[only], over[0], over[1]), jokers)[2 * k + 1]


@jitable
def one_suit_lowering(c: Counts, keys: tuple[int, int, int, int], suit: Any, over: tuple[Any, Any], k: int,
                      jokers: int, only: int, best: int, play: int) -> int:
    """Tiles of suit ``only`` whose draw lowers its one-suit lacking ``best``."""
    mask = 0
    for r in range(N_SUIT_RANKS):
        t = SUIT_OFFSETS[only] + r
        if (play >> t) & 1 and c[t] < MAX_COPIES:
            q = keys[only] + 5 ** r
            e = suit[q]
            if with_savings(suit_costs(e), savings_word(e, q, over[0], over[1]), jokers)[2 * k + 1] < best:
                mask |= 1 << t
    return mask


@jitable
def all_258_held(c: Counts, v: int) -> int:
    """Tiles of rank 2, 5 or 8 held in the numbered suits of set ``v``."""
    held = 0
    for s in range(3):
        if (v >> s) & 1:
            for r in RANKS_258:
                held += np.int64(c[SUIT_OFFSETS[s] + r])
    return held


@jitable
def knitted_straight(c: Counts, k0: int, k1: int, k2: int, k3: int, m0: int, m1: int, m2: int, k: int,
                     jokers: int, suit: Any, honor: Any, suit_over: tuple[Any, Any], honor_over: tuple[Any, Any],
                     limit: int, best: int, play: int) -> tuple[int, int]:
    """(lacking of 组合龙, the tiles that lower it). Per knitted set: its tiles missing plus the
    standard lacking of the rest (one of each held tile of the set taken out) with k - 3 melds.

    With ``best`` < 0, the least lacking below ``limit`` + 1 (FAR when none): sets missing more
    than the limit are skipped, and the limit falls with each lacking found. Otherwise the
    mask of the tiles that lower the lacking of the sets that reach ``best`` (= ``limit``).
    """
    lacking = FAR
    mask = 0
    for i in range(len(KNITTED_GROUPS)):
        missing = 9 - knitted_held(m0, m1, m2, i)
        if missing > limit:
            continue
        r0, r1, r2 = knitted_rest_keys(k0, k1, k2, m0, m1, m2, i)
        x0, s0 = suit_inputs(0, r0, suit, honor, suit_over, honor_over, False, True)
        x1, s1 = suit_inputs(1, r1, suit, honor, suit_over, honor_over, False, True)
        x2, s2 = suit_inputs(2, r2, suit, honor, suit_over, honor_over, False, True)
        x3, s3 = suit_inputs(3, k3, suit, honor, suit_over, honor_over, False, True)
        rest = budget_lacking(x0, x1, x2, x3, s0, s1, s2, s3, k - 3, 3, jokers)
        if best >= 0 and missing + rest == best:
            held = m0 | m1 << SUIT_OFFSETS[1] | m2 << SUIT_OFFSETS[2]
            mask |= knitted_mask(i) & ~held & play
            mask |= standard_lowering(c, (r0, r1, r2, k3), (x0, x1, x2, x3), (s0, s1, s2, s3), k - 3, rest, 3,
                                      jokers, suit, honor, suit_over, honor_over, False, True, play)
        lacking = min(lacking, missing + rest)
        if best < 0:
            limit = min(limit, lacking - 1)
    return lacking, mask


@jitable
def evaluate(c: Counts, k0: int, k1: int, k2: int, k3: int, total: int, jokers: int, tables: Tables,
             over_keys: Tables, over_values: Tables, rules: int, want_mask: bool) -> tuple[int, int]:
    """(least lacking over every form the rules allow, the mask of the tiles that lower it when
    ``want_mask``: then ``c`` is a 3k+1 hand) of a hand of ``total`` real tiles and ``jokers``;
    ``tables``, ``over_keys``, ``over_values``: shanten entries and over-4 lists per suit kind."""
    n = total + jokers
    k = n // 3
    max_suits = (rules >> MAX_SUITS_SHIFT) & 3
    honors, three_player = rules & HONORS != 0, rules & THREE_PLAYER != 0
    play = in_play(rules)
    keys = (k0, k1, k2, k3)
    kn = KIND_SUIT_258 if rules & PAIR_258 else KIND_SUIT
    kh = KIND_HONOR_258 if rules & PAIR_258 else KIND_HONOR
    numbered, honor = tables[kn], tables[kh]
    n_over, h_over = (over_keys[kn], over_values[kn]), (over_keys[kh], over_values[kh])
    x0, s0 = suit_inputs(0, k0, numbered, honor, n_over, h_over, three_player, honors)
    x1, s1 = suit_inputs(1, k1, numbered, honor, n_over, h_over, three_player, honors)
    x2, s2 = suit_inputs(2, k2, numbered, honor, n_over, h_over, three_player, honors)
    x3, s3 = suit_inputs(3, k3, numbered, honor, n_over, h_over, three_player, honors)
    standard = budget_lacking(x0, x1, x2, x3, s0, s1, s2, s3, k, max_suits, jokers)
    suit, suit_over = tables[KIND_SUIT], (over_keys[KIND_SUIT], over_values[KIND_SUIT])
    m_entry = tables[KIND_HONOR][terminal_key(k0)] if three_player else suit[k0]
    st = (stats_of(m_entry), stats_of(suit[k1]), stats_of(suit[k2]), stats_of(tables[KIND_HONOR][k3]))
    stats = st[0] + st[1] + st[2] + st[3]
    pongs = one = FAR
    if rules & PAIR_258 and rules & PONGS_WAIVE_258:
        n1, n2, n3, n4 = histogram_of(stats)
        pongs = pongs_lacking(n1, n2, n3, n4, k, jokers)
    if rules & PAIR_258 and rules & ONE_SUIT_WAIVES_258:
        for s in range(3):
            one = min(one, one_suit_lacking(keys, suit, suit_over, k, jokers, s))
    pairs = orphans = all_258 = knitted = FAR
    sets = kept_sets(max_suits)
    if n >= MAX_HAND_TILES - 1:
        for v in range(8):
            if (sets >> v) & 1:
                kept = st[3] + (st[0] if v & 1 else 0) + (st[1] if v & 2 else 0) + (st[2] if v & 4 else 0)
                if rules & SEVEN_PAIRS:
                    pairs = min(pairs, pairs_lacking(kept, rules & QUADS != 0))
                if rules & ALL_258:
                    all_258 = min(all_258, MAX_HAND_TILES - all_258_held(c, v))
        if rules & ORPHANS:
            orphans = orphans_lacking(stats)
    m0 = m1 = m2 = mz = 0
    if rules & (KNITTED_HONORS | KNITTED_STRAIGHT):
        m0, m1, m2, mz = held_masks(c)
    if rules & KNITTED_HONORS and n >= MAX_HAND_TILES - 1:
        for i in range(len(KNITTED_GROUPS)):
            knitted = min(knitted, MAX_HAND_TILES - knitted_held(m0, m1, m2, i) - bit_count(mz))
    best = min(min(min(standard, pongs), min(one, pairs)), min(min(orphans, all_258), knitted))
    straight = FAR
    honor_plain = tables[KIND_HONOR]
    h_plain = (over_keys[KIND_HONOR], over_values[KIND_HONOR])
    if rules & KNITTED_STRAIGHT and k >= 3:
        straight, _ = knitted_straight(c, k0, k1, k2, k3, m0, m1, m2, k, jokers, suit, honor_plain, suit_over,
                                       h_plain, best - 1, -1, play)
        best = min(best, straight)
    if not want_mask:
        return best, 0
    mask = 0
    if standard == best:
        mask |= standard_lowering(c, keys, (x0, x1, x2, x3), (s0, s1, s2, s3), k, best, max_suits, jokers, numbered,
                                  honor, n_over, h_over, three_player, honors, play)
    if pongs == best:
        mask |= pongs_lowering(c, stats, k, jokers, best, play)
    if one == best:
        for s in range(3):
            if one_suit_lacking(keys, suit, suit_over, k, jokers, s) == best:
                mask |= one_suit_lowering(c, keys, suit, suit_over, k, jokers, s, best, play)
    if pairs == best or all_258 == best:
        for v in range(8):
            if (sets >> v) & 1:
                allowed = kept_tiles(v) & play
                kept = st[3] + (st[0] if v & 1 else 0) + (st[1] if v & 2 else 0) + (st[2] if v & 4 else 0)
                if pairs == best and pairs_lacking(kept, rules & QUADS != 0) == best:
                    mask |= seven_pairs_lowering(c, rules & QUADS != 0, allowed)
                if all_258 == best and MAX_HAND_TILES - all_258_held(c, v) == best:
                    mask |= MASK_258 & allowed & open_tiles(c)
    if orphans == best:
        mask |= orphans_lowering(c)
    if knitted == best:
        held = m0 | m1 << SUIT_OFFSETS[1] | m2 << SUIT_OFFSETS[2] | mz << SUIT_OFFSETS[3]
        for i in range(len(KNITTED_GROUPS)):
            if MAX_HAND_TILES - knitted_held(m0, m1, m2, i) - bit_count(mz) == best:
                mask |= (knitted_mask(i) | HONOR_TILES) & ~held & play
    if straight == best:
        mask |= knitted_straight(c, k0, k1, k2, k3, m0, m1, m2, k, jokers, suit, honor_plain, suit_over, h_plain,
                                 best, best, play)[1]
    return best, mask
