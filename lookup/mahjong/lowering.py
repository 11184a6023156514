"""The tiles that lower the shanten of a 3k+1 hand, and the discard advice built on them
(jitable; compiled into the discard-advice kernel of :mod:`.kernels`).

A tile *lowers* the shanten when some optimal target holds more of it than the hand: the
union, over the forms that reach the least lacking, of each form's own lowering tiles (in
the game, held fewer than 4 times). :func:`evaluate` serves any rules, :func:`plain_lowering`
the plain rules without jokers (it keeps the other suits' drop masks across the discards of
one hand). ``keys`` are the suit keys, ``st`` the shanten kernels' tables
(:data:`.forms.standard.ShantenTables`), ``rules`` the rule bits.
"""

from __future__ import annotations

import numpy as np

from ..jit import jitable
from .encoding import (
    ALL_TILES,
    HONOR_TILES,
    KNITTED_GROUPS,
    MASK_258,
    MAX_COPIES,
    MAX_HAND_TILES,
    N_HONOR_KINDS,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    SUIT_OFFSETS,
    Array,
    Counts,
    terminal_key,
)
from .forms.costs import standard_costs, stats_of, with_savings
from .forms.knitted import held_tiles, knitted_held, knitted_honors_lacking, knitted_mask
from .forms.knitted_rest import knitted_straight_lowering
from .forms.limits import KEPT_SETS, in_play, kept_tiles, one_suit_lowering, pongs_lowering, tiles_258
from .forms.seven_pairs import pairs_lacking, seven_pairs_lowering
from .forms.standard import (
    ShantenTables,
    drop_masks,
    plain_kinds,
    standard_kinds,
    standard_lowering,
    suit_inputs,
    usable_classes,
)
from .forms.thirteen_orphans import orphans_lowering
from .lacking import forms_lacking, full_lacking, lacking_of
from .row import Keys, bit_count, held_masks, open_tiles
from .rules import HONORS, MAX_SUITS_SHIFT, PAIR_258, QUADS, THREE_PLAYER


@jitable
def plain_lowering(c: Counts, hand: Counts, keys: Array, ds: int, total: int, tables: tuple[Array, Array],
                   rules: int, scratch: tuple[Array, Array, Array]) -> tuple[int, int]:
    """(lacking, mask of the tiles that lower it) of the 3k+1 hand ``c`` of ``total`` tiles (suit
    keys ``keys``): ``hand`` less one tile of suit ``ds``, under plain rules without jokers
    (``tables``: the suit and honor shanten entries).

    A tile lowers the standard lacking when it drops by one the cost of a class (m, p) of its
    suit that takes part in an optimal sharing (:func:`.forms.standard.usable_classes`,
    :func:`.forms.standard.drop_masks`). A discard changes only suit ``ds``: the other suits'
    drop masks are those of ``hand``, kept in ``whole[s]`` once ``known[s]``; ``drops`` is
    scratch space (``scratch`` = (whole, known, drops); whole and drops (4, 9) int64).
    """
    suit, honor = tables
    whole, known, drops = scratch
    honors = rules & HONORS != 0
    entries = (suit[keys[0]], suit[keys[1]], suit[keys[2]], honor[keys[3]])
    costs = standard_costs(entries, honors)
    standard, pairs, orphans = forms_lacking(costs, entries, total, rules)
    lacking = min(standard, min(pairs, orphans))
    mask = 0
    if standard == lacking:
        usable = usable_classes(costs, total // 3, lacking)
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
    if pairs == lacking:
        mask |= seven_pairs_lowering(c, rules & QUADS != 0, ALL_TILES if honors else ALL_TILES & ~HONOR_TILES)
    if orphans == lacking:
        mask |= orphans_lowering(c)
    return lacking, mask


@jitable
def evaluate(c: Counts, keys: Keys, total: int, jokers: int, st: ShantenTables, rules: int) -> tuple[int, int]:
    """(least lacking, mask of the tiles that lower it) of a 3k+1 hand (``c``: its counts): the
    union over the forms that reach the least of each form's lowering tiles (tiles of the
    game held fewer than 4 times)."""
    standard, pongs, one, pairs, orphans, all_258, knitted, straight = full_lacking(
        c, keys, total, jokers, st, rules, True)
    best = lacking_of((standard, pongs, one, pairs, orphans, all_258, knitted, straight))
    k = (total + jokers) // 3
    k0, k1, k2, k3 = keys
    max_suits = (rules >> MAX_SUITS_SHIFT) & 3
    honors, three_player = rules & HONORS != 0, rules & THREE_PLAYER != 0
    play = in_play(rules)
    plain = plain_kinds(st)
    suit, honor_plain, suit_over = plain[0], plain[1], plain[2]
    mask = 0
    if standard == best:
        kinds = standard_kinds(st, rules & PAIR_258 != 0)
        x0, s0 = suit_inputs(0, k0, kinds, three_player, honors, jokers)
        x1, s1 = suit_inputs(1, k1, kinds, three_player, honors, jokers)
        x2, s2 = suit_inputs(2, k2, kinds, three_player, honors, jokers)
        x3, s3 = suit_inputs(3, k3, kinds, three_player, honors, jokers)
        mask |= standard_lowering(c, keys, (x0, x1, x2, x3), (s0, s1, s2, s3), (k, best, max_suits), kinds, jokers,
                                  (three_player, honors, play))
    e0 = honor_plain[terminal_key(k0)] if three_player else suit[k0]
    st0, st1, st2, st3 = stats_of(e0), stats_of(suit[k1]), stats_of(suit[k2]), stats_of(honor_plain[k3])
    if pongs == best:
        mask |= pongs_lowering(c, st0 + st1 + st2 + st3, k, jokers, best, play)
    if one == best:
        for s in range(3):
            key = k0 if s == 0 else k1 if s == 1 else k2
            y, sy = suit_inputs(s, key, plain, False, True, jokers)
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
        held = held_masks(c)
        if knitted == best:
            for i in range(len(KNITTED_GROUPS)):
                if knitted_honors_lacking(knitted_held(held, i), bit_count(held[3])) == best:
                    mask |= (knitted_mask(i) | HONOR_TILES) & ~held_tiles(held) & play
        if straight == best:
            mask |= knitted_straight_lowering(c, keys, held, k, jokers, plain, honors, best, play)
    return best, mask


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
