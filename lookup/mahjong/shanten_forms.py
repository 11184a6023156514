"""Shanten under any rule set, and the tiles that lower it: every winning form of one hand
(jitable per-hand steps, compiled into :mod:`.shanten_kernels`).

Each form gives the tiles the hand lacks of its nearest target (*lacking*; with j jokers the
shanten is the least lacking - j - 1, and every target counts the jokers among its tiles):

- standard (and, under the 258 pair, standard with a 258 pair): :mod:`.shanten_budget`;
- 碰碰胡 (:func:`pongs_lacking`) and 清一色 (:func:`one_suit_lacking`), which waive the 258 pair;
- seven pairs, thirteen orphans, 将将胡 (:func:`all_258_lacking`), 全不靠 (13 minus the honors
  and tiles of the best knitted set held, all different), for 13- and 14-tile hands;
- 组合龙: per knitted set, its tiles missing plus the standard lacking of the rest with three
  melds done (:mod:`.shanten_knitted`).

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
    LANE_MASK,
    MASK_258,
    MAX_COPIES,
    MAX_HAND_TILES,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    OVER4_FLAG,
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
from .shanten_budget import (
    NO_SUIT,
    budget_lacking,
    savings_word,
    standard_lowering,
    suit_entry,
    suit_inputs,
    with_savings,
)
from .shanten_hand import (
    FAR,
    HALVES,
    KINDS,
    ODD,
    PAIRED,
    PLAIN_WORDS,
    field,
    greedy_rn,
    orphans_lacking,
    orphans_lowering,
    pairs_lacking,
    seven_pairs_lowering,
    stats_of,
    suit_costs,
    words_knitted_most,
)
from .shanten_knitted import coded_straight, knitted_straight, knitted_straight_lowering
from .variants import (
    KNITTED_TILES,
    bit_count,
    held_masks,
    in_play,
    knitted_held,
    knitted_mask,
    knitted_most,
    open_tiles,
    suit_tiles,
)

Tables = Any
"""A tuple of per-suit arrays, one per suit kind (:data:`.encoding.SUIT_KINDS` order)."""


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
def one_suit_lowering(c: Counts, key: int, suit: Any, over: tuple[Any, Any], k: int, jokers: int, only: int,
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


KEPT_SETS = (0, 1 << 1 | 1 << 2 | 1 << 4, 1 << 3 | 1 << 5 | 1 << 6, 1 << 7)
"""By max_suits, the sets of numbered suits a target may keep (bit v: the suits of the 3-bit
set v; a smaller set is inside a larger one, whose other suits may take nothing)."""


@jitable
def kept_greedy_rn(g0: int, g1: int, g2: int, g3: int, k: int, max_suits: int) -> int:
    """:func:`.shanten_budget.kept_lacking` from four plain words: a numbered suit dropped is
    the word 0 (no tile used; its melds and pair cost what they cost from nothing in a suit
    kept, where they cost no more). A call, not inlined, with one :func:`greedy_rn` for every
    kept set: each inlined call costs seconds of compile time (:func:`lookup.jit.jitable`)."""
    best = FAR
    sets = KEPT_SETS[max_suits]
    for v in range(8):
        if (sets >> v) & 1:
            best = min(best, greedy_rn(g0 if v & 1 else 0, g1 if v & 2 else 0, g2 if v & 4 else 0, g3, k))
    return best


Forms = tuple[int, int, int, int, int, int, int, int]
"""Lacking per form: standard, 碰碰胡, 清一色, seven pairs, thirteen orphans, 将将胡, 全不靠,
组合龙 (FAR where the rules or the hand's size leave a form out)."""


@jitable(inline=True)
def knitted_honors_lacking(knitted_held: int, honors_held: int) -> int:
    """Tiles 全不靠 lacks when it takes ``knitted_held`` tiles of a knitted set and
    ``honors_held`` honor kinds (one tile each)."""
    return MAX_HAND_TILES - knitted_held - honors_held


@jitable(inline=True)
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


@jitable(inline=True)
def entries_lacking(c: Counts, e0: int, e1: int, e2: int, e3: int, f0: int, f1: int, f2: int, s0: int, s1: int,
                    s2: int, s3: int, t0: int, t1: int, t2: int, total: int, jokers: int, rules: int,
                    counted: bool) -> Forms:
    """The lacking of each form but 组合龙 from the suits' entries. In 组合龙's place, a bound no
    组合龙 lacks fewer than: the fewest tiles of a knitted set missing, plus one when no kind is
    held twice (the rest's pair lacks a tile), and when ``counted``, plus one when the rest
    needs a meld and the hand holds none whole (no word's lane of 3-tile increments counts
    one; the words are concave, so the first increment, the tiles of one meld held, is the
    largest). The knitted forms are FAR when they cannot reach the other forms' least.
    e0..e3: the shanten entries of the standard form's kinds (the three-player characters
    from the honors, at their terminal key), f0..f2 the numbered suits' entries of the plain
    kind (清一色), s0..s3 and t0..t2 their over-4 words (0 without jokers); ``c`` the counts
    (将将胡, the knitted forms).
    ``counted``: e0..e3 are the plain words of the suits (:func:`.shanten_hand.plain_words`,
    none NOT_CONCAVE; no 258 pair, no over-4 word), the standard form counted
    (:func:`kept_greedy_rn`) instead of merged."""
    n = total + jokers
    k = n // 3
    max_suits = (rules >> MAX_SUITS_SHIFT) & 3
    if counted:
        # all suits kept: greedy_rn inlined; 缺一门: a call (one inlined greedy_rn, not one per kept set)
        standard = greedy_rn(e0, e1, e2, e3, k) if max_suits == 3 else kept_greedy_rn(e0, e1, e2, e3, k, max_suits)
    else:
        x3 = suit_costs(e3) if rules & HONORS else NO_SUIT
        standard = budget_lacking(suit_costs(e0), suit_costs(e1), suit_costs(e2), x3, s0, s1, s2, s3, k, max_suits,
                                  jokers)
    st0, st1, st2, st3 = stats_of(e0), stats_of(e1), stats_of(e2), stats_of(e3)
    stats = st0 + st1 + st2 + st3
    pongs = one = pairs = orphans = all_258 = knitted = missing = FAR
    if rules & PAIR_258 and rules & PONGS_WAIVE_258:
        n1, n2, n3, n4 = histogram_of(stats)
        pongs = pongs_lacking(n1, n2, n3, n4, k, jokers)
    if rules & PAIR_258 and rules & ONE_SUIT_WAIVES_258:
        one = min(min(with_savings(suit_costs(f0), t0, jokers)[2 * k + 1],
                      with_savings(suit_costs(f1), t1, jokers)[2 * k + 1]),
                  with_savings(suit_costs(f2), t2, jokers)[2 * k + 1])
    if n >= MAX_HAND_TILES - 1:
        if rules & (SEVEN_PAIRS | ALL_258):
            held = (c[1] + c[4] + c[7], c[10] + c[13] + c[16], c[19] + c[22] + c[25])
            sets = KEPT_SETS[max_suits]
            for v in range(8):
                if (sets >> v) & 1:
                    kept = st3 + (st0 if v & 1 else 0) + (st1 if v & 2 else 0) + (st2 if v & 4 else 0)
                    if rules & SEVEN_PAIRS:
                        pairs = min(pairs, pairs_lacking(kept, rules & QUADS != 0))
                    if rules & ALL_258:
                        all_258 = min(all_258, MAX_HAND_TILES - np.int64((held[0] if v & 1 else 0)
                                                                         + (held[1] if v & 2 else 0)
                                                                         + (held[2] if v & 4 else 0)))
        if rules & ORPHANS:
            orphans = orphans_lacking(stats)
    others = min(min(min(standard, pongs), min(one, pairs)), min(orphans, all_258))
    kinds_held = field(stats, KINDS)
    # cheap bounds first: 全不靠 lacks at least 14 minus the kinds held, 组合龙 at least 9 minus
    # the numbered kinds held; neither is looked at when both bounds exceed the other forms
    if rules & (KNITTED_HONORS | KNITTED_STRAIGHT) and k >= 3 and \
            (MAX_HAND_TILES - kinds_held <= others or KNITTED_TILES - kinds_held + field(st3, KINDS) <= others):
        # the most tiles of one knitted set held: from the words when counted (no count read)
        most = words_knitted_most(e0, e1, e2) if counted else knitted_most(c)
        if rules & KNITTED_STRAIGHT:
            missing = straight_bound(most, stats, e0 | e1 | e2 | e3, k, counted)
        if rules & KNITTED_HONORS and n >= MAX_HAND_TILES - 1:
            knitted = knitted_honors_lacking(most, field(st3, KINDS))
    return standard, pongs, one, pairs, orphans, all_258, knitted, missing


@jitable
def full_lacking(c: Counts, k0: int, k1: int, k2: int, k3: int, total: int, jokers: int, tables: Tables,
                 over_keys: Tables, over_values: Tables, rules: int, ties: bool) -> Forms:
    """The lacking of each form (:data:`Forms`) of a hand of ``total`` real tiles, ``jokers``
    and suit keys k0..k3, over-4 savings included; 组合龙 is FAR unless below the others'
    least (at most it when ``ties``). ``tables``, ``over_keys``, ``over_values``: shanten
    entries and over-4 lists per suit kind."""
    honors, three_player = rules & HONORS != 0, rules & THREE_PLAYER != 0
    suit, honor_plain = tables[KIND_SUIT], tables[KIND_HONOR]
    suit_over = (over_keys[KIND_SUIT], over_values[KIND_SUIT])
    honor_over = (over_keys[KIND_HONOR], over_values[KIND_HONOR])
    if rules & PAIR_258:  # constant indices: a tuple indexed by a variable costs a copy
        numbered, honor = tables[KIND_SUIT_258], tables[KIND_HONOR_258]
        n_over = (over_keys[KIND_SUIT_258], over_values[KIND_SUIT_258])
        h_over = (over_keys[KIND_HONOR_258], over_values[KIND_HONOR_258])
    else:
        numbered, honor, n_over, h_over = suit, honor_plain, suit_over, honor_over
    e0, s0 = suit_entry(0, k0, numbered, honor, n_over, h_over, three_player, jokers)
    e1, s1 = suit_entry(1, k1, numbered, honor, n_over, h_over, three_player, jokers)
    e2, s2 = suit_entry(2, k2, numbered, honor, n_over, h_over, three_player, jokers)
    e3, s3 = suit_entry(3, k3, numbered, honor, n_over, h_over, three_player, jokers)
    f0, t0 = suit_entry(0, k0, suit, honor_plain, suit_over, honor_over, False, jokers)
    f1, t1 = suit_entry(1, k1, suit, honor_plain, suit_over, honor_over, False, jokers)
    f2, t2 = suit_entry(2, k2, suit, honor_plain, suit_over, honor_over, False, jokers)
    standard, pongs, one, pairs, orphans, all_258, knitted, missing = entries_lacking(
        c, e0, e1, e2, e3, f0, f1, f2, s0, s1, s2, s3 if honors else 0, t0, t1, t2, total,
        jokers, rules, False)
    best = min(min(min(standard, pongs), min(one, pairs)), min(min(orphans, all_258), knitted))
    limit = best if ties else best - 1
    straight = FAR
    if missing <= limit:
        straight = knitted_straight(c, k0, k1, k2, k3, (total + jokers) // 3, jokers, suit, honor_plain,
                                    tables[PLAIN_WORDS[0]], tables[PLAIN_WORDS[1]], over_keys, over_values, honors,
                                    limit)
    return standard, pongs, one, pairs, orphans, all_258, knitted, straight


FULL, STRAIGHT = 1, 2
"""What :func:`row_lacking` leaves to the tables: the over-4 savings (:func:`full_lacking`),
or 组合龙 (:func:`.shanten_knitted.straight_lacking`)."""


@jitable(inline=True)
def row_lacking(c: Counts, total: int, jokers: int, e0: int, e1: int, e2: int, e3: int, f0: int, f1: int, f2: int,
                rules: int, counted: bool) -> tuple[int, int]:
    """(least lacking of a batch row from the entries its kernel read (as :func:`entries_lacking`
    takes them), what is left: 0, FULL or STRAIGHT). Only ints here: a kernel reads its
    tables again only for what is left (arrays passed per row cost reference counting)."""
    if jokers and (np.uint64(e0 | e1 | e2 | e3 | f0 | f1 | f2) & np.uint64(OVER4_FLAG)):
        return FAR, FULL
    forms = entries_lacking(c, e0, e1, e2, e3, f0, f1, f2, 0, 0, 0, 0, 0, 0, 0, total, jokers, rules, counted)
    best = min(min(min(forms[0], forms[1]), min(forms[2], forms[3])), min(min(forms[4], forms[5]), forms[6]))
    return best, STRAIGHT if forms[7] < best else 0  # forms[7]: no 组合龙 lacks fewer


@jitable
def lacking_of(forms: Forms) -> int:
    """The least lacking over the forms."""
    return min(min(min(forms[0], forms[1]), min(forms[2], forms[3])), min(min(forms[4], forms[5]),
                                                                          min(forms[6], forms[7])))


@jitable
def full_least(c: Counts, k0: int, k1: int, k2: int, k3: int, total: int, jokers: int, tables: Tables,
               over_keys: Tables, over_values: Tables, rules: int) -> int:
    """The least lacking of :func:`full_lacking` (ties not kept), for a batch kernel: called
    from this helper, as from :func:`evaluate`, ``full_lacking`` compiles once for both (Numba
    compiles a helper once per kind of caller, a kernel or another helper)."""
    return lacking_of(full_lacking(c, k0, k1, k2, k3, total, jokers, tables, over_keys, over_values, rules, False))


@jitable
def evaluate(c: Counts, k0: int, k1: int, k2: int, k3: int, total: int, jokers: int, tables: Tables,
             over_keys: Tables, over_values: Tables, rules: int) -> tuple[int, int]:
    """(least lacking, mask of the tiles that lower it) of a 3k+1 hand (``c``: its counts): the
    union over the forms that reach the least of each form's lowering tiles (tiles of the
    game held fewer than 4 times)."""
    standard, pongs, one, pairs, orphans, all_258, knitted, straight = full_lacking(
        c, k0, k1, k2, k3, total, jokers, tables, over_keys, over_values, rules, True)
    best = lacking_of((standard, pongs, one, pairs, orphans, all_258, knitted, straight))
    k = (total + jokers) // 3
    max_suits = (rules >> MAX_SUITS_SHIFT) & 3
    honors, three_player = rules & HONORS != 0, rules & THREE_PLAYER != 0
    play = in_play(rules)
    suit, honor_plain = tables[KIND_SUIT], tables[KIND_HONOR]
    suit_over = (over_keys[KIND_SUIT], over_values[KIND_SUIT])
    honor_over = (over_keys[KIND_HONOR], over_values[KIND_HONOR])
    mask = 0
    if standard == best:
        if rules & PAIR_258:
            numbered, honor = tables[KIND_SUIT_258], tables[KIND_HONOR_258]
            n_over = (over_keys[KIND_SUIT_258], over_values[KIND_SUIT_258])
            h_over = (over_keys[KIND_HONOR_258], over_values[KIND_HONOR_258])
        else:
            numbered, honor, n_over, h_over = suit, honor_plain, suit_over, honor_over
        x0, s0 = suit_inputs(0, k0, numbered, honor, n_over, h_over, three_player, honors, jokers)
        x1, s1 = suit_inputs(1, k1, numbered, honor, n_over, h_over, three_player, honors, jokers)
        x2, s2 = suit_inputs(2, k2, numbered, honor, n_over, h_over, three_player, honors, jokers)
        x3, s3 = suit_inputs(3, k3, numbered, honor, n_over, h_over, three_player, honors, jokers)
        mask |= standard_lowering(c, (k0, k1, k2, k3), (x0, x1, x2, x3), (s0, s1, s2, s3), k, best, max_suits,
                                  jokers, numbered, honor, n_over, h_over, three_player, honors, play)
    e0 = honor_plain[terminal_key(k0)] if three_player else suit[k0]
    st0, st1, st2, st3 = stats_of(e0), stats_of(suit[k1]), stats_of(suit[k2]), stats_of(honor_plain[k3])
    if pongs == best:
        mask |= pongs_lowering(c, st0 + st1 + st2 + st3, k, jokers, best, play)
    if one == best:
        for s in range(3):
            key = k0 if s == 0 else k1 if s == 1 else k2
            y, sy = suit_inputs(s, key, suit, honor_plain, suit_over, honor_over, False, True, jokers)
            if with_savings(y, sy, jokers)[2 * k + 1] == best:
                mask |= one_suit_lowering(c, key, suit, suit_over, k, jokers, s, best, play)
    if pairs == best or all_258 == best:
        sets = KEPT_SETS[max_suits]
        for v in range(8):
            if (sets >> v) & 1:
                allowed = kept_tiles(v) & play
                kept = st3 + (st0 if v & 1 else 0) + (st1 if v & 2 else 0) + (st2 if v & 4 else 0)
                if pairs == best and pairs_lacking(kept, rules & QUADS != 0) == best:
                    mask |= seven_pairs_lowering(c, rules & QUADS != 0, allowed)
                if all_258 == best and MAX_HAND_TILES - tiles_258(c, allowed) == best:
                    mask |= MASK_258 & allowed & open_tiles(c)
    if orphans == best:
        mask |= orphans_lowering(c)
    if knitted == best or straight == best:
        m0, m1, m2, mz = held_masks(c)
        if knitted == best:
            held = m0 | m1 << SUIT_OFFSETS[1] | m2 << SUIT_OFFSETS[2] | mz << SUIT_OFFSETS[3]
            for i in range(len(KNITTED_GROUPS)):
                if knitted_honors_lacking(knitted_held(m0, m1, m2, i), bit_count(mz)) == best:
                    mask |= (knitted_mask(i) | HONOR_TILES) & ~held & play
        if straight == best:
            mask |= knitted_straight_lowering(c, k0, k1, k2, k3, m0, m1, m2, k, jokers, suit, honor_plain, suit_over,
                                              honor_over, honors, best, play)
    return best, mask


@jitable
def tiles_258(c: Counts, allowed: int) -> int:
    """Tiles of rank 2, 5 or 8 held among the tiles of ``allowed``."""
    held = 0
    for t in range(N_TILE_KINDS):
        if (MASK_258 >> t) & (allowed >> t) & 1:
            held += np.int64(c[t])
    return held


@jitable(inline=True)
def knitted_rules_lacking(standard: int, g0: int, g1: int, g2: int, g3: int, k0: int, k1: int, k2: int, k3: int,
                          total: int, concave: bool, codes: Any, honor_codes: Any, rest_lacking: Any,
                          rules: int) -> int:
    """The least lacking of a hand of ``total`` real tiles, no jokers, under plain rules with
    全不靠 and/or 组合龙 (:attr:`.rules.RuleSet.knitted`), from the lacking of its standard form
    (``standard``) and its four plain words g0..g3 (suit keys k0..k3; ``concave``: none is
    NOT_CONCAVE): seven pairs and thirteen orphans from the words' form counts, 全不靠 from the
    knitted tiles they hold, and 组合龙 by its rest codes (:func:`.shanten_knitted.coded_straight`;
    ``codes``, ``honor_codes``: the suit and honor rest codes, ``rest_lacking``:
    knitted/rest_lacking), read only when its bound (:func:`straight_bound`) is below the other
    forms' least. Each form's value is that of :func:`entries_lacking` (the row step of
    every other rule set)."""
    k = total // 3
    least = standard
    stats = stats_of(g0) + stats_of(g1) + stats_of(g2) + stats_of(g3)
    if total >= MAX_HAND_TILES - 1:
        if rules & SEVEN_PAIRS:
            least = min(least, pairs_lacking(stats, rules & QUADS != 0))
        if rules & ORPHANS:
            least = min(least, orphans_lacking(stats))
    if k >= 3:
        most = words_knitted_most(g0, g1, g2)  # no branch on a bound first: random rows mispredict it
        if rules & KNITTED_HONORS and total >= MAX_HAND_TILES - 1:
            least = min(least, knitted_honors_lacking(most, field(stats_of(g3), KINDS)))
        if rules & KNITTED_STRAIGHT and straight_bound(most, stats, g0 | g1 | g2 | g3, k, concave) < least:
            least = min(least, coded_straight(g0, g1, g2, np.int64(codes[k0]), np.int64(codes[k1]),
                                              np.int64(codes[k2]), np.int64(honor_codes[k3]), k - 3, rest_lacking))
    return least
