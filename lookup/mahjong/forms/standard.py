"""The standard form, k melds plus a pair (jitable): hu, waits, shanten, the tiles that lower it.

Hu and waits combine the four suits' hu/ting entries (``entries``, m, p, s, z), or with jokers
their joker entries (:mod:`.encoding`): a suit splits into melds only or melds plus the pair,
and its waits are read off its entry. The shanten is the least total lacking over the ways to
share k melds and the pair among the suits (:mod:`.costs`): merged exactly
(:func:`merged_lacking`), limited to ``max_suits`` numbered suits (:func:`kept_lacking`), and
with jokers standing for copies over 4 (:func:`budget_lacking`). A tile lowers the lacking
when adding it to its suit lowers that suit's share (:func:`standard_lowering`; under plain
rules :func:`sharing_fields` and :func:`drop_fields`).

Tables travel as a :data:`Kinds` record; ``keys`` are the four suit keys.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ...jit import jitable
from ..encoding import (
    ALL_COSTS,
    CLASS_PAIR,
    COUNT_BASE,
    ENTRY_MELDS,
    ENTRY_PAIR,
    JOKER_PAIR_SHIFT,
    JOKER_WAIT_MELDS_SHIFT,
    JOKER_WAIT_PAIR_SHIFT,
    KIND_HONOR,
    KIND_HONOR_258,
    KIND_SUIT,
    KIND_SUIT_258,
    MAX_COPIES,
    MAX_JOKERS,
    N_HONOR_KINDS,
    N_SUIT_RANKS,
    NEED_MASK,
    OVER4_FLAG,
    RANK_MASK,
    SUIT_OFFSETS,
    TOTAL_BITS,
    TOTAL_MASK,
    TOTAL_SHIFT,
    WAIT_MELDS_SHIFT,
    WAIT_PAIR_SHIFT,
    Array,
    Counts,
    Tables,
    shanten_shift,
    terminal_key,
)
from .costs import (
    FAR,
    NO_SUIT,
    NOWHERE,
    Costs,
    Entries,
    least,
    levels,
    merge,
    savings_word,
    share,
    standard_costs,
    suit_costs,
    with_savings,
)

Over4 = tuple[Array, Array]
"""The over-4 list of a suit kind: (sorted keys, over-4 words)."""
Kinds = tuple[Array, Array, Over4, Over4]
"""The tables of the standard form: shanten entries of the numbered suits and of the honors,
then their over-4 lists."""
ShantenTables = tuple[Tables, Tables, Tables]
"""(shanten entries then plain words, over-4 keys, over-4 words) per suit kind, as the
shanten kernels take them."""
FourCosts = tuple[Costs, Costs, Costs, Costs]
"""The costs of the four suits (m, p, s, z)."""


@jitable(inline="ir")
def size_and_class(entries: Entries) -> tuple[int, int]:
    """(tiles in the hand, sum of the suits' split classes) from its four hu/ting entries.
    The hand is a standard winning hand exactly when the class sum is CLASS_PAIR (1)."""
    e0, e1, e2, e3 = entries
    s = (e0 >> TOTAL_SHIFT) + (e1 >> TOTAL_SHIFT) + (e2 >> TOTAL_SHIFT) + (e3 >> TOTAL_SHIFT)
    return s & TOTAL_MASK, s >> TOTAL_BITS


@jitable(inline="ir")
def standard_hu(entries: Entries) -> bool:
    """True when every suit splits (melds only, or melds + pair) and exactly one has the pair."""
    return size_and_class(entries)[1] == CLASS_PAIR


@jitable(inline="ir")
def standard_waits(entries: Entries) -> int:
    """Bit mask over the 34 tiles of the waits of a standard 3k+1 hand (one entry per suit).

    A suit's waits are its waits-to-pair when every other suit splits into melds only, and
    its waits-to-melds when exactly one other suit has the pair and the rest split into melds.
    """
    e0, e1, e2, e3 = entries
    melds = (e0 & ENTRY_MELDS) + (e1 & ENTRY_MELDS) + (e2 & ENTRY_MELDS) + (e3 & ENTRY_MELDS)
    pairs = (e0 & ENTRY_PAIR) + (e1 & ENTRY_PAIR) + (e2 & ENTRY_PAIR) + (e3 & ENTRY_PAIR)
    mask = 0
    shift = 0
    for e in (e0, e1, e2, e3):
        other_melds = melds - (e & ENTRY_MELDS)
        if other_melds == 3:
            mask |= ((e >> WAIT_PAIR_SHIFT) & RANK_MASK) << shift
        elif other_melds == 2 and pairs - (e & ENTRY_PAIR) == ENTRY_PAIR:
            mask |= ((e >> WAIT_MELDS_SHIFT) & RANK_MASK) << shift
        shift += N_SUIT_RANKS
    return mask


@jitable(inline="ir")
def melds_need(j: int) -> int:
    """Fewest jokers that complete a suit into melds only (from its joker entry)."""
    return j & NEED_MASK


@jitable(inline="ir")
def pair_need(j: int) -> int:
    """Fewest jokers that complete a suit into melds plus the pair (from its joker entry)."""
    return (j >> JOKER_PAIR_SHIFT) & NEED_MASK


@jitable(inline="ir")
def joker_hu(entries: Entries, jokers: int) -> bool:
    """Standard win with ``jokers`` wildcards, from the four suits' joker entries.

    Every suit takes melds only but one, which takes the pair: the fewest jokers that needs
    is the sum of the melds-only needs plus the cheapest pair surcharge; jokers left over
    come in threes (the sizes add up) and form melds of their own.
    """
    j0, j1, j2, j3 = entries
    surcharge = min(min(pair_need(j0) - melds_need(j0), pair_need(j1) - melds_need(j1)),
                    min(pair_need(j2) - melds_need(j2), pair_need(j3) - melds_need(j3)))
    return melds_need(j0) + melds_need(j1) + melds_need(j2) + melds_need(j3) + surcharge <= jokers


@jitable
def open_ranks(c: Counts, offset: int, n_ranks: int) -> int:
    """Mask of the ranks of one suit (tiles ``offset..offset + n_ranks - 1``) held fewer than 4 times."""
    mask = 0
    for r in range(n_ranks):
        if c[offset + r] < MAX_COPIES:
            mask |= 1 << r
    return mask


@jitable
def joker_waits(c: Counts, entries: Entries, jokers: int) -> int:
    """Wait mask (34 bits) of a standard 3k+1 hand ``c`` with ``jokers`` wildcards.

    A tile t of suit s (held fewer than 4 times) wins when suit s, given t, meets its need
    within the jokers the other suits leave: with the pair (others melds only) or without
    it (the pair in the cheapest other suit). Adding t changes a need by -1 (t in the
    entry's wait mask) or by +2.
    """
    j0, j1, j2, j3 = entries
    total_melds = melds_need(j0) + melds_need(j1) + melds_need(j2) + melds_need(j3)
    mask = 0
    for s in range(4):
        e = entries[s]
        others = total_melds - melds_need(e)
        cheapest = 99
        for o in range(4):
            if o != s:
                cheapest = min(cheapest, pair_need(entries[o]) - melds_need(entries[o]))
        with_pair = jokers - others  # budget when suit s takes the pair
        without = jokers - others - cheapest  # budget when another suit takes it
        opens = open_ranks(c, SUIT_OFFSETS[s], N_SUIT_RANKS if s < 3 else N_HONOR_KINDS)
        w = 0
        if pair_need(e) - 1 <= with_pair:
            w |= (e >> JOKER_WAIT_PAIR_SHIFT) & RANK_MASK
        if melds_need(e) - 1 <= without:
            w |= (e >> JOKER_WAIT_MELDS_SHIFT) & RANK_MASK
        if pair_need(e) + 2 <= with_pair or melds_need(e) + 2 <= without:
            w |= opens
        mask |= (w & opens) << SUIT_OFFSETS[s]
    return mask


@jitable
def suit_win(entries: Entries, jokers: int, with_jokers: bool) -> bool:
    """The standard form from four entries: hu/ting entries, or joker entries when ``with_jokers``."""
    return joker_hu(entries, jokers) if with_jokers else standard_hu(entries)


@jitable(inline="ir")
def suit_waits(c: Counts, entries: Entries, jokers: int, with_jokers: bool) -> int:
    """Waits of the standard form from four entries (as :func:`suit_win`). Inlined: it runs on
    every row of the variants' ting kernels."""
    if with_jokers:
        return joker_waits(c, entries, jokers)
    return standard_waits(entries)


# --- shanten --------------------------------------------------------------------------------

@jitable
def merged_lacking(entries: Entries, k: int, honors: bool) -> int:
    """Standard lacking of k melds and the pair, merged exactly from four shanten entries: the way
    of the rows whose plain words are NOT_CONCAVE (few, so a call of its own)."""
    costs = standard_costs(entries, honors)
    return share(costs[0], costs[1], k)


@jitable
def few_melds(x: FourCosts, k: int) -> int:
    """``share(merge(x0, x1), merge(x2, x3), k)`` for k <= 1, without the merges: the pair in
    one suit, the meld (k = 1) in the same suit or another (class (0, 0) costs nothing)."""
    x0, x1, x2, x3 = x
    if k == 0:
        return min(min(x0[1], x1[1]), min(x2[1], x3[1]))
    best = min(min(x0[3], x1[3]), min(x2[3], x3[3]))
    for a in range(4):
        xa = x0 if a == 0 else x1 if a == 1 else x2 if a == 2 else x3
        for b in range(4):
            if a != b:
                xb = x0 if b == 0 else x1 if b == 1 else x2 if b == 2 else x3
                best = min(best, xa[2] + xb[1])
    return best


@jitable
def kept_lacking(x: FourCosts, k: int, max_suits: int) -> int:
    """Least lacking of k melds and the pair over suits 0..3 (costs ``x``; 3 = honors), at most
    ``max_suits`` of the numbered suits holding tiles of the target."""
    x0, x1, x2, x3 = x
    if x3[2] >= FAR:  # no honors in the game (NO_SUIT): fewer merges
        if max_suits == 3:
            return share(merge(x0, x1), x2, k)
        if max_suits == 2:
            return min(least(x0, x1, k, 1), min(least(x0, x2, k, 1), least(x1, x2, k, 1)))
        return min(x0[2 * k + 1], min(x1[2 * k + 1], x2[2 * k + 1]))
    if max_suits == 3:
        if k <= 1:
            return few_melds(x, k)
        return share(merge(x0, x1), merge(x2, x3), k)
    if max_suits == 2:
        return min(share(merge(x0, x1), x3, k), min(share(merge(x0, x2), x3, k), share(merge(x1, x2), x3, k)))
    return min(share(x0, x3, k), min(share(x1, x3, k), share(x2, x3, k)))


@jitable
def budget_lacking(x: FourCosts, sav: Entries, k: int, max_suits: int, jokers: int) -> int:
    """:func:`kept_lacking` when ``jokers`` may also stand for copies over 4: the least over the
    ways to give each suit (over-4 words ``sav``) some of the jokers as over-4 places."""
    best = kept_lacking(x, k, max_suits)
    s0, s1, s2, s3 = sav
    if jokers == 0 or (s0 | s1 | s2 | s3) == 0:
        return best
    x0, x1, x2, x3 = x
    top = min(jokers, MAX_JOKERS)
    l0, l1, l2, l3 = levels(s0), levels(s1), levels(s2), levels(s3)
    for e0 in range(top + 1):
        if not (l0 >> e0) & 1:
            continue
        for e1 in range(top + 1 - e0):
            if not (l1 >> e1) & 1:
                continue
            for e2 in range(top + 1 - e0 - e1):
                if not (l2 >> e2) & 1:
                    continue
                for e3 in range(top + 1 - e0 - e1 - e2):
                    if (l3 >> e3) & 1 and e0 + e1 + e2 + e3 > 0:
                        best = min(best, kept_lacking((with_savings(x0, s0, e0), with_savings(x1, s1, e1),
                                                       with_savings(x2, s2, e2), with_savings(x3, s3, e3)), k,
                                                      max_suits))
    return best


@jitable(inline="llvm")
def plain_kinds(st: ShantenTables) -> Kinds:
    """The :data:`Kinds` of the plain suit kinds (any pair) from the shanten kernels' tables."""
    tables, over_keys, over_values = st
    return (tables[KIND_SUIT], tables[KIND_HONOR], (over_keys[KIND_SUIT], over_values[KIND_SUIT]),
            (over_keys[KIND_HONOR], over_values[KIND_HONOR]))


@jitable(inline="llvm")
def standard_kinds(st: ShantenTables, pair_258: bool) -> Kinds:
    """The :data:`Kinds` of the standard form: the 258-pair kinds under the 258 pair, else the
    plain ones (constant indices in each branch: a tuple indexed by a variable costs a copy)."""
    if pair_258:
        tables, over_keys, over_values = st
        return (tables[KIND_SUIT_258], tables[KIND_HONOR_258], (over_keys[KIND_SUIT_258], over_values[KIND_SUIT_258]),
                (over_keys[KIND_HONOR_258], over_values[KIND_HONOR_258]))
    return plain_kinds(st)


@jitable
def suit_entry(s: int, key: int, kinds: Kinds, three_player: bool, jokers: int) -> tuple[int, int]:
    """(shanten entry, over-4 word: 0 without jokers) of suit ``s`` (key ``key``): a numbered
    suit from the numbered entries of ``kinds``, the honors from the honor entries, and so the
    characters of three-player rules, at :func:`.encoding.terminal_key`."""
    numbered, honor, numbered_over, honor_over = kinds
    if s == 3 or (s == 0 and three_player):
        q = terminal_key(key) if s == 0 else key
        e = np.int64(honor[q])
        sav = savings_word(e, q, honor_over[0], honor_over[1]) if jokers else 0
    else:
        e = np.int64(numbered[key])
        sav = savings_word(e, key, numbered_over[0], numbered_over[1]) if jokers else 0
    return e, sav


@jitable
def suit_inputs(s: int, key: int, kinds: Kinds, three_player: bool, honors: bool, jokers: int) -> tuple[Costs, int]:
    """(costs, over-4 word) of suit ``s`` (as :func:`suit_entry`; NO_SUIT for the honors when
    the game has none)."""
    if s == 3 and not honors:
        return NO_SUIT, 0
    e, sav = suit_entry(s, key, kinds, three_player, jokers)
    return suit_costs(e), sav


@jitable
def others_costs(s: int, x: FourCosts, max_suits: int) -> tuple[Costs, Costs, Costs]:
    """For each set of kept suits holding suit ``s`` (at most 3), the merged costs of its other
    suits; NOWHERE pads. The lacking with suit ``s`` at costs y is the least ``share(y, o, k)``
    over them (the sets without ``s`` do not change when only ``s`` does)."""
    x0, x1, x2, x3 = x
    if max_suits == 3:
        if s == 0:
            return merge(x1, merge(x2, x3)), NOWHERE, NOWHERE
        if s == 1:
            return merge(x0, merge(x2, x3)), NOWHERE, NOWHERE
        if s == 2:
            return merge(merge(x0, x1), x3), NOWHERE, NOWHERE
        return merge(merge(x0, x1), x2), NOWHERE, NOWHERE
    if max_suits == 2:
        if s == 0:
            return merge(x1, x3), merge(x2, x3), NOWHERE
        if s == 1:
            return merge(x0, x3), merge(x2, x3), NOWHERE
        if s == 2:
            return merge(x0, x3), merge(x1, x3), NOWHERE
        return merge(x0, x1), merge(x0, x2), merge(x1, x2)
    if s < 3:
        return x3, NOWHERE, NOWHERE
    return x0, x1, x2


@jitable
def neighbour(s: int, r: int, key: int, three_player: bool) -> tuple[bool, int]:
    """(whether rank r of suit s is a tile of the game's table for it, the key once one tile of
    rank r is added): the three-player characters keep ranks 0 and 8, at terminal keys."""
    if s == 0 and three_player:
        if r == 0:
            return True, terminal_key(key) + 1
        if r == N_SUIT_RANKS - 1:
            return True, terminal_key(key) + COUNT_BASE
        return False, 0
    return True, key + COUNT_BASE ** r


class Target(NamedTuple):
    """What :func:`standard_lowering` lowers: the standard form of ``melds`` melds and the pair,
    at the lacking ``best`` (a tile lowers it below that), keeping at most ``max_suits``
    numbered suits."""

    melds: int
    best: int
    max_suits: int


class Game(NamedTuple):
    """The tiles a game plays: ``three_player`` (characters 2..8 out), ``honors`` (the honor
    tiles in), and ``play``, the mask of the tiles in the game."""

    three_player: bool
    honors: bool
    play: int


@jitable
def standard_lowering(c: Counts, keys: Entries, x: FourCosts, sav: Entries, target: Target, kinds: Kinds, jokers: int,
                      game: Game) -> int:
    """Mask of the tiles t (in the game, held fewer than 4 times in ``c``) whose draw lowers
    the standard lacking of a hand with suit keys ``keys`` (costs ``x``, over-4 words ``sav``;
    ``c`` the whole hand, which may hold more than the keys: the rest of 组合龙) below
    ``target``."""
    k, best, max_suits = target.melds, target.best, target.max_suits
    three_player, honors, play = game.three_player, game.honors, game.play
    numbered, honor, numbered_over, honor_over = kinds
    x0, x1, x2, x3 = x
    budgeted = jokers > 0 and (sav[0] | sav[1] | sav[2] | sav[3]) != 0
    mask = 0
    for s in range(4 if honors else 3):
        o1, o2, o3 = others_costs(s, x, max_suits)
        for r in range(N_SUIT_RANKS if s < 3 else N_HONOR_KINDS):
            t = SUIT_OFFSETS[s] + r
            if not (play >> t) & 1 or c[t] >= MAX_COPIES:
                continue
            ok, q = neighbour(s, r, keys[s], three_player)
            if not ok:
                continue
            e = honor[q] if s == 3 or (s == 0 and three_player) else numbered[q]
            y = suit_costs(e)
            if jokers > 0 and (budgeted or np.uint64(e) & np.uint64(OVER4_FLAG)):
                over = honor_over if s == 3 or (s == 0 and three_player) else numbered_over
                sy = savings_word(e, q, over[0], over[1])
                lacking = budget_lacking((y if s == 0 else x0, y if s == 1 else x1, y if s == 2 else x2,
                                          y if s == 3 else x3),
                                         (sy if s == 0 else sav[0], sy if s == 1 else sav[1],
                                          sy if s == 2 else sav[2], sy if s == 3 else sav[3]), k, max_suits, jokers)
            else:
                lacking = share(y, o1, k)
                if max_suits != 3:  # with every suit kept there is one set of other suits (o2, o3 pad)
                    lacking = min(lacking, min(share(y, o2, k), share(y, o3, k)))
            if lacking < best:
                mask |= 1 << t
    return mask


@jitable
def sharing_fields(x: Costs, others: Costs, k: int, lacking: int) -> tuple[int, int]:
    """The cost fields (in a shanten entry's layout: SHANTEN_BITS bits a class 2m + p, lowest bit
    set) of the classes of a suit (costs ``x``) that take part in a sharing of k melds and the
    pair of cost ``lacking`` with the other suits (their merged costs ``others``), then those
    of the other suits' classes that do."""
    mask, others_mask = 0, 0
    for m in range(k + 1):
        for p in range(2):
            if x[2 * m + p] + others[2 * (k - m) + 1 - p] == lacking:
                mask |= 1 << shanten_shift(m, p)
                others_mask |= 1 << shanten_shift(k - m, 1 - p)
    return mask, others_mask


@jitable
def drop_fields(c: Counts, s: int, key: int, table: Array, drops: Array) -> None:
    """drops[s, r] = the cost fields (as :func:`sharing_fields`) of the classes whose cost falls
    by one when rank r is added to suit s of counts ``c`` (key ``key``); 0 for ranks held 4
    times. A tile added lowers a cost by at most one and never raises one, so the difference
    of the two entries' cost fields is 0 or 1 in each field, with no borrow between them."""
    costs = np.int64(table[key]) & ALL_COSTS
    w = 1
    for r in range(N_SUIT_RANKS if s < 3 else N_HONOR_KINDS):
        held = c[SUIT_OFFSETS[s] + r] < MAX_COPIES
        drops[s, r] = costs - (np.int64(table[key + w]) & ALL_COSTS) if held else 0
        w *= COUNT_BASE
