"""The tiles that lower the shanten of a 3k+1 hand, and the discard advice built on them
(jitable; compiled into the discard kernels of :mod:`.kernels`: :func:`each_discard` is the
per-hand step of both the single-hand advice and the batch).

A tile *lowers* the shanten when some optimal target holds more of it than the hand: the
union, over the forms that reach the least lacking, of each form's own lowering tiles (in
the game, held fewer than 4 times). :func:`evaluate` serves any rules, :func:`plain_discards`
every discard of a hand under the plain rules without jokers (it merges the suits' costs and
keeps the other suits' drops once per hand, and reads the classes of the other suits that
take part back down the merges). ``keys`` are the suit keys, ``st`` the shanten
kernels' tables (:data:`.forms.standard.ShantenTables`), ``rules`` the rule bits.
"""

from __future__ import annotations

import numpy as np

from ..jit import OK, jitable
from .encoding import (
    ALL_TILES,
    COUNT_BASE,
    HONOR_TILES,
    KIND_HONOR,
    KIND_SUIT,
    KNITTED_GROUPS,
    MASK_258,
    MAX_COPIES,
    MAX_HAND_TILES,
    N_CLASSES,
    N_HONOR_KINDS,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    SUIT_OFFSETS,
    Array,
    Counts,
    suit_keys,
    terminal_key,
)
from .forms.costs import FAR, NO_SUIT, Costs, merge, merge_parts, share, stats_of, suit_costs, with_savings
from .forms.knitted import held_tiles, knitted_held, knitted_honors_lacking, knitted_mask
from .forms.knitted_rest import knitted_straight_lowering
from .forms.limits import KEPT_SETS, in_play, kept_tiles, one_suit_lowering, pongs_lowering, tiles_258
from .forms.seven_pairs import pairs_lacking, planes_lowering, seven_pairs_lowering
from .forms.standard import (
    Game,
    ShantenTables,
    Target,
    drop_fields,
    plain_kinds,
    sharing_fields,
    standard_kinds,
    standard_lowering,
    suit_inputs,
)
from .forms.thirteen_orphans import orphans_lowering
from .lacking import full_lacking, lacking_of, special_lacking
from .row import HU, Keys, bit_count, count_planes, held_masks, less_one, open_tiles, rule_flags, scan_row
from .rules import HONORS, MAX_SUITS_SHIFT, ORPHANS, PAIR_258, QUADS, SEVEN_PAIRS, THREE_PLAYER

OTHER_SUITS = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))
"""The other three suits (a, b, c) of each suit s: its rest is merge(a, merge(b, c))."""

PAIRS_ROW = len(SUIT_OFFSETS)
"""The work rows of the costs: each suit's, then the merged pairs (1 2), (1 3), (2 3) from
PAIRS_ROW (pair (b, c) at ``pair_row(b, c)``), then each suit's rest from RESTS_ROW."""
RESTS_ROW = PAIRS_ROW + 3
N_COST_ROWS = RESTS_ROW + len(SUIT_OFFSETS)


@jitable
def pair_row(b: int, c: int) -> int:
    """The work row of the merged costs of suits b < c, both numbered 1..3."""
    return PAIRS_ROW + b + c - 3


@jitable
def put_costs(rows: Array, costs: tuple[Costs, ...]) -> None:
    """Row i of ``rows`` = costs[i]."""
    for i in range(len(costs)):
        for j in range(N_CLASSES):
            rows[i, j] = costs[i][j]


@jitable
def plain_discards(hand: Counts, visible: Counts, total: int, tables: tuple[Array, Array], rules: int,
                   out: Array, work: tuple[Array, Array, Array]) -> int:
    """The rows of :func:`each_discard` (written to ``out``; returns how many) under plain rules
    without jokers (``tables``: the suit and honor shanten entries), for a 3k+2 ``hand`` of
    ``total`` tiles.

    A discard changes one suit ``ds``. The standard lacking after it shares k melds and the pair
    between that suit's new costs and the rest, the other three merged once per hand. A tile
    lowers it when its suit takes part in an optimal sharing with a class whose cost the tile
    lowers (:func:`.forms.standard.drop_fields`); the classes of the other suits that take part
    come back down the merges (:func:`.forms.costs.merge_parts`) from those of the rest
    (:func:`.forms.standard.sharing_fields`). ``work`` = (whole, drops, rows): the drops of the
    whole hand's suits, kept once computed, and of the discard's suit, (4, 9) int64 each; the
    costs, (N_COST_ROWS, N_CLASSES) int64.
    """
    suit, honor = tables
    whole, drops, rows = work
    honors = rules & HONORS != 0
    n_suits = 4 if honors else 3
    k0, k1, k2, k3 = suit_keys(hand)
    keys = np.array([k0, k1, k2, k3])
    entries = (np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2]), np.int64(honor[k3]))
    x = (suit_costs(entries[0]), suit_costs(entries[1]), suit_costs(entries[2]),
         suit_costs(entries[3]) if honors else NO_SUIT)
    pair12, pair13, pair23 = merge(x[1], x[2]), merge(x[1], x[3]), merge(x[2], x[3])
    rest = (merge(x[1], pair23), merge(x[0], pair23), merge(x[0], pair13), merge(x[0], pair12))
    put_costs(rows, (x[0], x[1], x[2], x[3], pair12, pair13, pair23, rest[0], rest[1], rest[2], rest[3]))
    total -= 1  # real tiles after the discard
    k = total // 3
    c = np.empty(N_TILE_KINDS, np.uint8)
    for t in range(N_TILE_KINDS):
        c[t] = hand[t]
    known = 0  # bit s: whole[s] holds suit s's drops
    planes = unseen_planes(hand, visible)
    hand_planes = count_planes(hand)
    last_suit, last_rest, others = -1, 0, 0  # the previous discard's, for its others
    n = 0
    for d in range(N_TILE_KINDS):
        if hand[d] == 0:
            continue
        ds = d // N_SUIT_RANKS
        step = COUNT_BASE ** (d - N_SUIT_RANKS * ds)
        c[d] -= 1
        keys[ds] -= step
        table = suit if ds < 3 else honor
        ed = np.int64(table[keys[ds]])
        xd = suit_costs(ed) if ds < 3 or honors else NO_SUIT
        standard = share(xd, rest[ds], k)
        lacking = standard
        seven, orphans = FAR, FAR
        if total >= MAX_HAND_TILES - 1 and rules & (SEVEN_PAIRS | ORPHANS):
            seven, orphans = special_lacking((ed if ds == 0 else entries[0], ed if ds == 1 else entries[1],
                                              ed if ds == 2 else entries[2], ed if ds == 3 else entries[3]), rules)
            lacking = min(standard, min(seven, orphans))
        mask = 0
        if standard == lacking:
            usable, rest_usable = sharing_fields(xd, rest[ds], k, lacking)
            if ds != last_suit or rest_usable != last_rest:
                others = 0  # the tiles of the other suits that lower it: the same for the same rest classes
                a, b, e = OTHER_SUITS[ds]
                a_usable, pair_usable = merge_parts(rows, a, pair_row(b, e), RESTS_ROW + ds, rest_usable)
                b_usable, e_usable = merge_parts(rows, b, e, pair_row(b, e), pair_usable)
                for s, suit_usable in ((a, a_usable), (b, b_usable), (e, e_usable)):
                    if s >= n_suits or suit_usable == 0:
                        continue
                    if not (known >> s) & 1:
                        drop_fields(hand, s, keys[s], suit if s < 3 else honor, whole)
                        known |= 1 << s
                    for r in range(N_SUIT_RANKS if s < 3 else N_HONOR_KINDS):
                        if whole[s, r] & suit_usable:
                            others |= 1 << (SUIT_OFFSETS[s] + r)
                last_suit, last_rest = ds, rest_usable
            mask = others
            if usable != 0:
                drop_fields(c, ds, keys[ds], table, drops)
                for r in range(N_SUIT_RANKS if ds < 3 else N_HONOR_KINDS):
                    if drops[ds, r] & usable:
                        mask |= 1 << (SUIT_OFFSETS[ds] + r)
        if seven == lacking:
            mask |= planes_lowering(less_one(hand_planes, d, hand[d]), rules & QUADS != 0,
                                    ALL_TILES if honors else ALL_TILES & ~HONOR_TILES)
        if orphans == lacking:
            mask |= orphans_lowering(c)
        out[4 * n] = d
        out[4 * n + 1] = lacking - 1
        out[4 * n + 2] = unseen_copies(planes, mask)
        out[4 * n + 3] = mask
        n += 1
        c[d] += 1
        keys[ds] += step
    return n


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
        mask |= standard_lowering(c, keys, (x0, x1, x2, x3), (s0, s1, s2, s3), Target(k, best, max_suits), kinds,
                                  jokers, Game(three_player, honors, play))
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
def unseen_planes(hand: Counts, visible: Counts) -> tuple[int, int, int]:
    """The unseen copies of each tile (4 less those in ``hand`` and ``visible``, 34 counts each)
    as three tile masks: bit t of the i-th is bit i of tile t's unseen copies."""
    ones, twos, fours = 0, 0, 0
    for t in range(N_TILE_KINDS):
        unseen = MAX_COPIES - np.int64(hand[t]) - np.int64(visible[t])
        ones |= (unseen & 1) << t
        twos |= ((unseen >> 1) & 1) << t
        fours |= (unseen >> 2) << t
    return ones, twos, fours


@jitable
def unseen_copies(planes: tuple[int, int, int], mask: int) -> int:
    """Unseen copies of the tiles of ``mask`` (``planes``: :func:`unseen_planes`)."""
    ones, twos, fours = planes
    return bit_count(mask & ones) + 2 * bit_count(mask & twos) + 4 * bit_count(mask & fours)


@jitable
def discard_work() -> tuple[Array, Array, Array]:
    """The scratch space of :func:`each_discard`, allocated once per kernel call."""
    n_suits = len(SUIT_OFFSETS)
    return (np.empty((n_suits, N_SUIT_RANKS), np.int64), np.empty((n_suits, N_SUIT_RANKS), np.int64),
            np.empty((N_COST_ROWS, N_CLASSES), np.int64))


@jitable
def each_discard(hand: Counts, jokers: int, visible: Counts, st: ShantenTables, rules: int, out: Array,
                 work: tuple[Array, Array, Array]) -> tuple[int, int]:
    """Every distinct discard of one 3k+2 ``hand`` (34 counts; ``jokers`` wildcards beside it,
    never discarded), in tile order; returns ``(OK, rows)``, or the status of the hand's row
    scan and 0. ``visible``: 34 counts of tiles seen outside the hand; ``st``: the shanten
    kernels' tables, taken with :func:`lookup.addresses.unowned`.

    out[4 * i: 4 * i + 4] gets row i: the discard, the shanten after it, the unseen copies of
    the tiles that lower that shanten (4 less the hand's and the visible copies of each), the
    mask of those tiles (bit t: tile t).
    """
    flags = rule_flags(rules)
    honors, three_player, plain = flags.honors, flags.three_player, flags.plain
    status, total, _, _, _ = scan_row(hand, HU, honors, jokers, three_player)
    if status != OK:
        return status, 0
    if plain and jokers == 0:
        return OK, plain_discards(hand, visible, total, (st[0][KIND_SUIT], st[0][KIND_HONOR]), rules, out, work)
    total -= 1  # real tiles after the discard
    c = np.empty(N_TILE_KINDS, np.uint8)
    for t in range(N_TILE_KINDS):
        c[t] = hand[t]
    k0, k1, k2, k3 = suit_keys(c)
    keys = np.array([k0, k1, k2, k3])
    planes = unseen_planes(hand, visible)
    n = 0
    for d in range(N_TILE_KINDS):
        if hand[d] == 0:
            continue
        ds = d // N_SUIT_RANKS
        step = COUNT_BASE ** (d - N_SUIT_RANKS * ds)
        c[d] -= 1
        keys[ds] -= step
        lacking, mask = evaluate(c, (keys[0], keys[1], keys[2], keys[3]), total, jokers, st, rules)
        out[4 * n] = d
        out[4 * n + 1] = lacking - jokers - 1
        out[4 * n + 2] = unseen_copies(planes, mask)
        out[4 * n + 3] = mask
        n += 1
        c[d] += 1
        keys[ds] += step
    return OK, n


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
