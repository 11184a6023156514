"""The standard form's shanten under any rules: suits limited (缺一门), jokers over 4 copies,
and the tiles that lower it (jitable per-hand steps, compiled into :mod:`.shanten_kernels`).

*Lacking* is the fewest tiles a hand lacks of a winning target; with j jokers the shanten is
lacking - j - 1 (the jokers fill j of the places, draws the rest). Per suit the costs of each
class (m melds, pair p) come from the shanten entries (:func:`.shanten_hand.suit_costs`).

- :func:`kept_lacking`: the least total over the ways to share k melds and the pair among
  the suits, the numbered suits limited to ``max_suits`` (the others' tiles all replaced).
- Jokers may stand for copies over 4 (a target may hold a kind five times or more, the extra
  copies jokers): a suit's costs then fall by the savings of its over-4 entry
  (:func:`savings_word`, :func:`with_savings`) when e such places are allowed in it;
  :func:`budget_lacking` takes the least over the ways to share the jokers' e among suits.
- :func:`standard_lowering`: the tiles whose draw lowers the lacking of a 3k+1 hand (one
  suit's costs change: the suit's neighbouring entry key + 5**r).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..jit import jitable
from .encoding import (
    COUNT_BASE,
    MAX_COPIES,
    MAX_JOKERS,
    MAX_SAVING,
    N_CLASSES,
    N_HONOR_KINDS,
    N_SUIT_RANKS,
    OVER4_BITS,
    OVER4_FLAG,
    SUIT_OFFSETS,
    Counts,
    terminal_key,
)
from .shanten_hand import FAR, NO_SUIT, Costs, least, merge, share, suit_costs

Array = Any
"""A numpy array or memoryview of table entries."""

NOWHERE: Costs = (FAR, FAR, FAR, FAR, FAR, FAR, FAR, FAR, FAR, FAR)
"""Costs of no suit at all (pads the others of :func:`others_costs`)."""
THRESHOLD_MASK = (1 << OVER4_BITS) - 1


@jitable(inline=True)
def savings_word(entry: int, key: int, keys: Array, values: Array) -> int:
    """The over-4 entry of a suit vector (0 when its shanten entry has no OVER4_FLAG)."""
    if np.uint64(entry) & np.uint64(OVER4_FLAG):
        return np.int64(values[np.searchsorted(keys, key)])
    return 0


@jitable
def saved(sav: int, cls: int, e: int) -> int:
    """How much the cost of class ``cls`` falls with ``e`` over-4 places (over-4 entry ``sav``)."""
    shift = OVER4_BITS * MAX_SAVING * cls
    t1 = (sav >> shift) & THRESHOLD_MASK
    t2 = (sav >> (shift + OVER4_BITS)) & THRESHOLD_MASK
    return np.int64(t1 != 0 and t1 <= e) + np.int64(t2 != 0 and t2 <= e)


@jitable
def with_savings(x: Costs, sav: int, e: int) -> Costs:
    """The costs ``x`` of a suit with ``e`` over-4 places allowed in it."""
    if sav == 0 or e == 0:
        return x
    return (x[0] - saved(sav, 0, e), x[1] - saved(sav, 1, e), x[2] - saved(sav, 2, e), x[3] - saved(sav, 3, e),
            x[4] - saved(sav, 4, e), x[5] - saved(sav, 5, e), x[6] - saved(sav, 6, e), x[7] - saved(sav, 7, e),
            x[8] - saved(sav, 8, e), x[9] - saved(sav, 9, e))


@jitable
def levels(sav: int) -> int:
    """Mask of the over-4 budgets worth trying in a suit: bit 0 (none) and each threshold."""
    mask = 1
    for i in range(N_CLASSES * MAX_SAVING):
        mask |= 1 << ((sav >> (OVER4_BITS * i)) & THRESHOLD_MASK)
    return mask


@jitable
def few_melds(x0: Costs, x1: Costs, x2: Costs, x3: Costs, k: int) -> int:
    """``share(merge(x0, x1), merge(x2, x3), k)`` for k <= 1, without the merges: the pair in
    one suit, the meld (k = 1) in the same suit or another (class (0, 0) costs nothing)."""
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
def kept_lacking(x0: Costs, x1: Costs, x2: Costs, x3: Costs, k: int, max_suits: int) -> int:
    """Least lacking of k melds and the pair over suits 0..3 (costs x0..x3; 3 = honors), at most
    ``max_suits`` of the numbered suits holding tiles of the target."""
    if x3[2] >= FAR:  # no honors in the game (NO_SUIT): fewer merges
        if max_suits == 3:
            return share(merge(x0, x1), x2, k)
        if max_suits == 2:
            return min(least(x0, x1, k, 1), min(least(x0, x2, k, 1), least(x1, x2, k, 1)))
        return min(x0[2 * k + 1], min(x1[2 * k + 1], x2[2 * k + 1]))
    if max_suits == 3:
        if k <= 1:
            return few_melds(x0, x1, x2, x3, k)
        return share(merge(x0, x1), merge(x2, x3), k)
    if max_suits == 2:
        return min(share(merge(x0, x1), x3, k), min(share(merge(x0, x2), x3, k), share(merge(x1, x2), x3, k)))
    return min(share(x0, x3, k), min(share(x1, x3, k), share(x2, x3, k)))


@jitable
def budget_lacking(x0: Costs, x1: Costs, x2: Costs, x3: Costs, s0: int, s1: int, s2: int, s3: int, k: int,
                   max_suits: int, jokers: int) -> int:
    """:func:`kept_lacking` when ``jokers`` may also stand for copies over 4: the least over the
    ways to give each suit (over-4 entries s0..s3) some of the jokers as over-4 places."""
    best = kept_lacking(x0, x1, x2, x3, k, max_suits)
    if jokers == 0 or (s0 | s1 | s2 | s3) == 0:
        return best
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
                        best = min(best, kept_lacking(with_savings(x0, s0, e0), with_savings(x1, s1, e1),
                                                      with_savings(x2, s2, e2), with_savings(x3, s3, e3), k,
                                                      max_suits))
    return best


@jitable
def suit_entry(s: int, key: int, numbered: Array, honor: Array, numbered_over: tuple[Array, Array],
               honor_over: tuple[Array, Array], three_player: bool, jokers: int) -> tuple[int, int]:
    """(shanten entry, over-4 word: 0 without jokers) of suit ``s`` (key ``key``): a numbered
    suit from ``numbered``, the honors from ``honor``, the characters of three-player rules
    from ``honor`` at :func:`.encoding.terminal_key`."""
    if s == 3 or (s == 0 and three_player):
        q = terminal_key(key) if s == 0 else key
        e = np.int64(honor[q])
        sav = savings_word(e, q, honor_over[0], honor_over[1]) if jokers else 0
    else:
        e = np.int64(numbered[key])
        sav = savings_word(e, key, numbered_over[0], numbered_over[1]) if jokers else 0
    return e, sav


@jitable
def suit_inputs(s: int, key: int, numbered: Array, honor: Array, numbered_over: tuple[Array, Array],
                honor_over: tuple[Array, Array], three_player: bool, honors: bool, jokers: int) -> tuple[Costs, int]:
    """(costs, over-4 word) of suit ``s`` (as :func:`suit_entry`; NO_SUIT for the honors when
    the game has none)."""
    if s == 3 and not honors:
        return NO_SUIT, 0
    e, sav = suit_entry(s, key, numbered, honor, numbered_over, honor_over, three_player, jokers)
    return suit_costs(e), sav


@jitable
def others_costs(s: int, x0: Costs, x1: Costs, x2: Costs, x3: Costs, max_suits: int) -> tuple[Costs, Costs, Costs]:
    """For each set of kept suits holding suit ``s`` (at most 3), the merged costs of its other
    suits; NOWHERE pads. The lacking with suit ``s`` at costs x is the least ``share(x, o, k)``
    over them (the sets without ``s`` do not change when only ``s`` does)."""
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


@jitable
def standard_lowering(c: Counts, keys: tuple[int, int, int, int], x: tuple[Costs, Costs, Costs, Costs],
                      sav: tuple[int, int, int, int], k: int, best: int, max_suits: int, jokers: int,
                      numbered: Array, honor: Array, numbered_over: tuple[Array, Array],
                      honor_over: tuple[Array, Array], three_player: bool, honors: bool, play: int) -> int:
    """Mask of the tiles t (in ``play``, held fewer than 4 times in ``c``) whose draw lowers the
    standard lacking ``best`` of a hand with suit keys ``keys`` (costs ``x``, over-4 entries
    ``sav``; ``c`` the whole hand, which may hold more than the keys: the rest of 组合龙)."""
    x0, x1, x2, x3 = x
    budgeted = jokers > 0 and (sav[0] | sav[1] | sav[2] | sav[3]) != 0
    mask = 0
    for s in range(4 if honors else 3):
        o1, o2, o3 = others_costs(s, x0, x1, x2, x3, max_suits)
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
                lacking = budget_lacking(y if s == 0 else x0, y if s == 1 else x1, y if s == 2 else x2,
                                         y if s == 3 else x3, sy if s == 0 else sav[0], sy if s == 1 else sav[1],
                                         sy if s == 2 else sav[2], sy if s == 3 else sav[3], k, max_suits, jokers)
            else:
                lacking = share(y, o1, k)
                if max_suits != 3:  # with every suit kept there is one set of other suits (o2, o3 pad)
                    lacking = min(lacking, min(share(y, o2, k), share(y, o3, k)))
            if lacking < best:
                mask |= 1 << t
    return mask
