"""Thirteen orphans (国士无双, jitable): hu, waits, shanten, the tiles that lower it.

One of each terminal and honor (the 13 orphans, :data:`.encoding.ORPHANS`) plus a duplicate
of one of them; 13- and 14-tile hands only. The lacking comes from the form counts the four
suits' shanten entries sum up (:mod:`.costs`).
"""

from __future__ import annotations

import numpy as np

from ...jit import jitable
from ..encoding import COUNT_BASE, MAX_HAND_TILES, N_SUIT_RANKS, N_TILE_KINDS, ORPHAN_MASK, ORPHANS, Counts
from .costs import ORPHAN_PAIRS, ORPHANS_HELD, field


@jitable(inline="llvm")
def terminals_only(keys: tuple[int, int, int, int]) -> bool:
    """True when the numbered suits (the first three of the suit keys) hold no rank 2..8 (key
    digits 1..7 are 0)."""
    k0, k1, k2 = keys[0], keys[1], keys[2]
    top = COUNT_BASE ** (N_SUIT_RANKS - 1)  # weight of rank 9
    return k0 % top < COUNT_BASE and k1 % top < COUNT_BASE and k2 % top < COUNT_BASE


@jitable
def orphans_counts(c: Counts) -> tuple[int, int, int]:
    """(tiles that are orphans, orphan kinds held twice, the largest count of an orphan)."""
    total = 0
    pairs = 0
    worst = 0
    for t in ORPHANS:
        n = np.int64(c[t])
        total += n
        pairs += n >= 2
        worst = max(worst, n)
    return total, pairs, worst


@jitable
def thirteen_orphans_hu(c: Counts, jokers: int) -> bool:
    """One of each terminal and honor plus one duplicate of them, ``jokers`` of the 14 tiles
    wildcards (the rest in ``c``, a 14-tile hand counting the jokers): every real tile is an
    orphan, none held three times, at most one held twice."""
    total, pairs, worst = orphans_counts(c)
    return total + jokers == MAX_HAND_TILES and worst <= 2 and pairs <= 1


@jitable
def thirteen_orphans_waits(c: Counts, jokers: int) -> int:
    """Wait mask of a 13-tile hand (``jokers`` of them wildcards) one tile short of thirteen
    orphans (0 if not): the orphans not held once a duplicate is held, else every orphan."""
    total, pairs, worst = orphans_counts(c)
    if total + jokers != MAX_HAND_TILES - 1 or worst > 2 or pairs > 1:
        return 0
    if pairs == 0:
        return ORPHAN_MASK
    mask = 0
    for t in ORPHANS:
        if c[t] == 0:
            mask |= 1 << t
    return mask


@jitable
def orphans_lacking(stats: int) -> int:
    """Tiles lacking of thirteen orphans, from summed form counts."""
    return 14 - field(stats, ORPHANS_HELD) - (field(stats, ORPHAN_PAIRS) > 0)


@jitable
def orphans_lowering(c: Counts) -> int:
    """Tiles that lower the thirteen-orphans lacking: missing orphans, and any orphan while no pair."""
    pair = False
    for t in range(N_TILE_KINDS):
        if (ORPHAN_MASK >> t) & 1 and c[t] >= 2:
            pair = True
    mask = 0
    for t in range(N_TILE_KINDS):
        if (ORPHAN_MASK >> t) & 1 and (c[t] == 0 or not pair):
            mask |= 1 << t
    return mask
