"""Seven pairs (七对子, jitable): hu, waits, shanten, the tiles that lower it.

Seven pairs of distinct kinds, or, with ``quad_as_two_pairs``, four of a kind as two pairs;
13- and 14-tile hands only. A joker pairs a lone tile, two jokers pair each other. The
lacking comes from the form counts the four suits' shanten entries sum up (:mod:`.costs`).
"""

from __future__ import annotations

from ...jit import jitable
from ..encoding import MAX_COPIES, N_TILE_KINDS, Counts
from ..row import bit_count, count_planes
from .costs import HALVES, KINDS, ODD, PAIRED, field


@jitable
def seven_pairs_hu(c: Counts, quad_as_two_pairs: bool, jokers: int) -> bool:
    """14 tiles (``jokers`` of them wildcards, the rest in ``c``) as 7 pairs.

    Pairs are of distinct kinds unless four of a kind counts as two pairs. A joker pairs
    a lone tile; two jokers pair each other (as a kind not otherwise used).
    """
    odd = 0
    for t in range(N_TILE_KINDS):
        n = c[t]
        if n > 2 and not quad_as_two_pairs:
            return False
        odd += n & 1
    return odd <= jokers


@jitable
def seven_pairs_waits(c: Counts, quad_as_two_pairs: bool, jokers: int) -> int:
    """Wait mask of a 13-tile hand (``jokers`` of them wildcards) one tile short of seven pairs.

    Adding a tile of odd count removes a lone tile, adding one of even count makes one; the
    hand wins when its lone tiles fit the jokers. Kinds held 4 times never wait.
    """
    odd = 0
    odd_mask = 0
    even_mask = 0
    for t in range(N_TILE_KINDS):
        n = c[t]
        if n > 2 and not quad_as_two_pairs:
            return 0
        if n & 1:
            odd += 1
            odd_mask |= 1 << t
        elif n < MAX_COPIES and (quad_as_two_pairs or n == 0):
            even_mask |= 1 << t
    mask = 0
    if odd - 1 <= jokers:
        mask |= odd_mask
    if odd + 1 <= jokers:
        mask |= even_mask
    return mask


@jitable
def pairs_lacking(stats: int, quad_as_two_pairs: bool) -> int:
    """Tiles lacking of seven pairs, from summed form counts: keep the pairs held (four of a kind
    as two when ``quad_as_two_pairs``, else pairs of distinct kinds), one draw per lone tile,
    two per pair made from nothing."""
    if quad_as_two_pairs:  # pairs may repeat a kind: every lone tile is a draw from a pair
        halves = field(stats, HALVES)
        return 7 - halves + max(0, 7 - halves - field(stats, ODD))
    return 7 - field(stats, PAIRED) + max(0, 7 - field(stats, KINDS))


@jitable
def seven_pairs_lowering(c: Counts, quad_as_two_pairs: bool, allowed: int) -> int:
    """Tiles that lower the seven-pairs lacking of a 13-tile hand whose target takes only the
    tiles of ``allowed`` (the tiles in the game, of the suits kept); the counts are of those tiles."""
    return planes_lowering(count_planes(c), quad_as_two_pairs, allowed)


@jitable
def planes_lowering(planes: tuple[int, int, int], quad_as_two_pairs: bool, allowed: int) -> int:
    """:func:`seven_pairs_lowering` of the counts whose :func:`.row.count_planes` are ``planes``."""
    ones, twos, fours = planes[0] & allowed, planes[1] & allowed, planes[2] & allowed
    held = ones | twos | fours
    if quad_as_two_pairs:  # a lone tile pairs up; a new lone tile helps while pairs lack tiles
        halves = bit_count(twos) + 2 * bit_count(fours)
        return ones | (allowed & ~fours if 7 - halves - bit_count(ones) > 0 else 0)
    # pair a single, or add a kind while short of 7
    return (ones & ~twos & ~fours) | (allowed & ~held if bit_count(held) < 7 else 0)
