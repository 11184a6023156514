"""The per-row step every mahjong query shares (jitable): hand sizes, the row scan, the row status.

A row is 34 tile counts, 0..255 each (a uint8 row, ``bytes``, a list): tiles 0-8 characters,
9-17 dots, 18-26 bamboo, 27-33 honors. The scan reads the counts eight at a time as the bytes
of an int64 (SWAR, :func:`count_word`), checks them (:func:`row_status`: the status codes of
:mod:`lookup.jit`, ERR_OUT_OF_GAME for a tile the rules leave out) and counts what the special
forms need (:data:`Tally`). Also here: the rule bits a kernel tests per row
(:func:`rule_flags`), the held-rank masks (:func:`held_masks`), a popcount, and the
single-hand kernels' return codes (``ONE_*``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..jit import ERR_COPIES, ERR_HONORS, ERR_SIZE, OK, jitable
from .encoding import HONOR_OFFSET, MAX_COPIES, MAX_HAND_TILES, N_SUIT_RANKS, N_TILE_KINDS, Counts, suit_keys
from .rules import HONORS, MAX_SUITS_3, ORPHANS, PAIR_258, QUADS, SEVEN_PAIRS, THREE_PLAYER, VARIANTS

Keys = tuple[int, int, int, int]
"""The suit keys of a hand (m, p, s, z; :func:`.encoding.suit_keys`)."""
Tally = tuple[int, int, int, int]
"""(real tiles, kinds of odd count, kinds held 3 or 4 times, kinds held once) of a row, from
:func:`scan_row`: the counts that rule the special forms in or out cheaply."""

ERR_OUT_OF_GAME = ERR_HONORS
"""Status of a tile the rules leave out of the game: an honor without honors, or 2m-8m under
three-player rules (the shared status code of honors, read by :func:`.inputs.batch_error`)."""

EITHER, TING, HU = 0, 1, 2
"""Hand sizes a query takes, as the ``remainder`` of :func:`size_ok`: 3k+1 (ting), 3k+2 (hu,
decompositions, discard advice), or either (shanten)."""

ONE_SINGLES = 16
"""Added by a single-hand kernel to the shanten of a hand with no count above 1 (above any
shanten of 14 tiles), so that the caller checks a list passed as counts for bools."""

ONE_SINGLES_BIT = 1 << N_TILE_KINDS
"""Set by the single-hand ting kernel in the wait mask of a hand with no count above 1 (above
every tile's bit), for the same check."""

ONE_REFUSED = -2
"""A single-hand kernel returns this minus the row status (:mod:`lookup.jit`) for a hand its
row scan refuses: below every shanten and every wait mask."""



@jitable(inline="ir")
def size_ok(n: int, remainder: int) -> bool:
    """Whether a hand of ``n`` tiles (jokers included) is 3k + ``remainder`` tiles, k = 0..4
    (3k+1 or 3k+2 for EITHER); a concealed hand has at most MAX_HAND_TILES."""
    if remainder == EITHER:
        return n % 3 != 0 and n <= MAX_HAND_TILES
    return n % 3 == remainder and n <= MAX_HAND_TILES - 2 + remainder

BYTE_BITS = 8

COUNT_WORD_BYTES = 8
"""The row scan reads the counts eight at a time, one per byte of an int (SWAR)."""

_ONE_PER_BYTE = sum(1 << (BYTE_BITS * b) for b in range(COUNT_WORD_BYTES))
"""Bit 0 of every byte of a count word."""

_SIX_BITS = BYTE_BITS - 2

_LOW_SIX = ((1 << _SIX_BITS) - 1) * _ONE_PER_BYTE

_OVER_BIAS = ((1 << _SIX_BITS) - MAX_COPIES - 1) * _ONE_PER_BYTE
"""Added to each count's low six bits, sets bit 6 exactly when they are over MAX_COPIES; no
byte carries into the next, and bit 7 stays clear, so the sum fits an int64."""

_BIT_SIX = (1 << _SIX_BITS) * _ONE_PER_BYTE

_HALF_BITS = COUNT_WORD_BYTES * BYTE_BITS // 2

_LOW_HALF = (1 << _HALF_BITS) - 1

_HALF_ONES = _ONE_PER_BYTE & _LOW_HALF

_HALF_TOP_SHIFT = _HALF_BITS - BYTE_BITS

_FULL_WORDS, _TAIL_BYTES = divmod(N_TILE_KINDS, COUNT_WORD_BYTES)
assert BYTE_BITS * COUNT_WORD_BYTES == 64 and MAX_COPIES == 4  # count_word: 8 bytes in an int64; the bit tests: 0..4
assert 0 < _TAIL_BYTES and (_FULL_WORDS + 1) * (2 * MAX_COPIES - 1) < 64  # one tail word; byte sums under 64



@jitable(inline="ir")
def count_word(c: Counts, start: int) -> int:
    """Counts ``c[start:start + COUNT_WORD_BYTES]`` (0..255 each) as the bytes of one int,
    ``c[start]`` lowest (compiled, the eight byte reads fuse into one load)."""
    return (int(c[start]) | int(c[start + 1]) << 8 | int(c[start + 2]) << 16 | int(c[start + 3]) << 24
            | int(c[start + 4]) << 32 | int(c[start + 5]) << 40 | int(c[start + 6]) << 48
            | int(c[start + 7]) << 56)



@jitable(inline="ir")
def byte_sum(word: int) -> int:
    """The sum of the eight bytes of a non-negative int whose bytes are each under 64 (the sum
    then fits a byte): the halves added, then one product that gathers four bytes into the
    top byte of 32 bits. Nothing overflows an int64 (compiled ints must not: Numba's signed
    arithmetic may assume they do not)."""
    half = (word & _LOW_HALF) + (word >> _HALF_BITS)
    return ((half * _HALF_ONES) >> _HALF_TOP_SHIFT) & 0xFF

ROW_WORDS = _FULL_WORDS + 1
"""Count words of a row (:func:`row_word`): the full ones and the tail."""

_PAIRED_BITS = 0b110 * _ONE_PER_BYTE
"""Bits 1 and 2 of every byte: one is set exactly when the count (0..4) is 2 or more."""



@jitable(inline="ir")
def row_word(c: Counts, k: int) -> int:
    """Word ``k`` (0..ROW_WORDS - 1) of a row's counts (:func:`count_word`): counts 8k..8k + 7;
    the last word ends at the last count, shifted down to the counts no full word read."""
    start = min(k * COUNT_WORD_BYTES, N_TILE_KINDS - COUNT_WORD_BYTES)
    return count_word(c, start) >> (BYTE_BITS * (k * COUNT_WORD_BYTES - start))



@jitable(inline="ir")
def kinds_held(c: Counts) -> int:
    """The kinds held at least once in a row of 34 counts of 0..4: per count word, bit 0 of
    each byte set when any of its three low bits is."""
    held = 0
    for k in range(ROW_WORDS):
        w = row_word(c, k)
        held += (w | (w >> 1) | (w >> 2)) & _ONE_PER_BYTE
    return byte_sum(held)



@jitable(inline="ir")
def word_over(w: int) -> int:
    """Non-zero exactly when some byte of a count word is over MAX_COPIES (5..63, or 64 and
    up); no byte carries into the next."""
    return (((w & _LOW_SIX) + _OVER_BIAS) | w | (w >> 1)) & _BIT_SIX



@jitable(inline="ir")
def scan_row_lean(c: Counts) -> tuple[bool, int, int, bool]:
    """(some count is over MAX_COPIES, tiles, kinds of odd count, some kind is held twice or
    more) of a row of 34 counts: what the hu kernel without jokers and the shanten kernels need
    of the counts before their reads (the hu one takes the tile count from its entries, and the
    compiler drops what a kernel does not use). Less work per word than :func:`scan_row`; the
    rows whose forms need more counts take those from it. The counts are exact when no count is
    over."""
    ones = words = paired = over = 0
    for k in range(ROW_WORDS):
        w = row_word(c, k)
        words += w & _LOW_SIX  # bytes of 0..4 when none is over: their sum per byte stays under 64
        ones += w & _ONE_PER_BYTE
        paired |= w & _PAIRED_BITS
        over |= word_over(w)
    # the tiles as an int64 run as Python too: the shanten steps mix it with uint64 entries
    return over != 0, np.int64(byte_sum(words)), byte_sum(ones), paired != 0



@jitable(inline="ir")
def scan_row(c: Counts, remainder: int, honors: bool, jokers: int,
             three_player: bool = False) -> tuple[int, int, int, int, int]:
    """(status, tiles, kinds of odd count, kinds held 3 or 4 times, kinds held once) of one row
    of 34 counts of 0..255 each (a uint8 row, ``bytes``, ``bytearray``).

    The status is ERR_COPIES for a count over 4, else ERR_SIZE when the tiles and
    ``jokers`` fail :func:`size_ok`, else ERR_OUT_OF_GAME for a tile the rules leave out (an
    honor when not ``honors``, 2m-8m under ``three_player``), else OK. The counts of odd, big
    and single kinds rule out the special forms before their exact checks run.

    The counts are read eight at a time as the bytes of an int: each byte's bits 0, 1 and 2
    and whether it holds 3 are added up per byte over the five words, then across the bytes
    (:func:`byte_sum`); 0..4 is all a count can be once the over test passed. The sums are
    exact when no count is over
    MAX_COPIES (otherwise only the status is meant). Nothing overflows an int64, so compiled
    and Python runs agree on every row.
    """
    ones = twos = fours = threes = over = 0  # per byte: counts with bit 0, bit 1, bit 2; counts of 3
    for k in range(ROW_WORDS):
        w = row_word(c, k)
        b0, b1, b2 = w & _ONE_PER_BYTE, (w >> 1) & _ONE_PER_BYTE, (w >> 2) & _ONE_PER_BYTE
        ones += b0
        twos += b1
        fours += b2
        threes += b0 & b1
        over |= word_over(w)
    odd, n_threes, n_fours = byte_sum(ones), byte_sum(threes), byte_sum(fours)
    total = byte_sum(ones + 2 * twos + 4 * fours)
    status = row_status(c, total, over != 0, remainder, honors, jokers, three_player)
    return status, total, odd, n_threes + n_fours, odd - n_threes



@jitable(inline="ir")
def row_status(c: Counts, total: int, over: bool, remainder: int, honors: bool, jokers: int,
               three_player: bool) -> int:
    """The status of :func:`scan_row` of a row of ``total`` tiles (``over``: some count is over 4)."""
    status = OK
    if over:
        status = ERR_COPIES
    elif not size_ok(total + jokers, remainder):
        status = ERR_SIZE
    else:
        if not honors:
            for t in range(HONOR_OFFSET, N_TILE_KINDS):
                if c[t]:
                    status = ERR_OUT_OF_GAME
        if three_player:
            for t in range(1, N_SUIT_RANKS - 1):
                if c[t]:
                    status = ERR_OUT_OF_GAME
    return status



class RuleFlags(NamedTuple):
    """The bits of :attr:`.rules.RuleSet.bits` a kernel tests per row, decoded once per batch;
    ``plain``: no rule variant (the standard and special forms, all three suits)."""

    seven_pairs: bool
    quad_as_two_pairs: bool
    thirteen_orphans: bool
    honors: bool
    three_player: bool
    plain: bool
    pair_258: bool


@jitable(inline="ir")
def rule_flags(rules: int) -> RuleFlags:
    """The :class:`RuleFlags` of the rule bits ``rules``."""
    return RuleFlags(rules & SEVEN_PAIRS != 0, rules & QUADS != 0, rules & ORPHANS != 0, rules & HONORS != 0,
                     rules & THREE_PLAYER != 0, rules & VARIANTS == MAX_SUITS_3, rules & PAIR_258 != 0)



@jitable(inline="ir")
def held_masks(c: Counts) -> tuple[int, int, int, int]:
    """Per suit m, p, s, z, the mask of the ranks held (bit r: rank r held at least once)."""
    m0 = m1 = m2 = mz = 0
    for r in range(N_SUIT_RANKS):  # no branch on the counts (random rows mispredict them)
        m0 |= int(c[r] > 0) << r
        m1 |= int(c[N_SUIT_RANKS + r] > 0) << r
        m2 |= int(c[2 * N_SUIT_RANKS + r] > 0) << r
    for r in range(N_TILE_KINDS - HONOR_OFFSET):
        mz |= int(c[HONOR_OFFSET + r] > 0) << r
    return m0, m1, m2, mz


@jitable
def count_planes(c: Counts) -> tuple[int, int, int]:
    """34 counts (0..7) as three tile masks: bit t of the i-th is bit i of tile t's count."""
    ones, twos, fours = 0, 0, 0
    for t in range(N_TILE_KINDS):  # no branch on the counts
        x = int(c[t])
        ones |= (x & 1) << t
        twos |= ((x >> 1) & 1) << t
        fours |= ((x >> 2) & 1) << t
    return ones, twos, fours


@jitable
def less_one(planes: tuple[int, int, int], t: int, count: int) -> tuple[int, int, int]:
    """The :func:`count_planes` ``planes`` with one copy less of tile t, held ``count`` times."""
    x = int(count) - 1
    keep = ~(1 << t)
    return ((planes[0] & keep) | ((x & 1) << t), (planes[1] & keep) | (((x >> 1) & 1) << t),
            (planes[2] & keep) | (((x >> 2) & 1) << t))


@jitable(inline="ir")
def bit_count(x: int) -> int:
    """Set bits of an int of 0..2**56 - 1 (a tile mask): the SWAR popcount, no branch. The
    bytes' counts are summed by shifts: the usual multiply overflows, which compiled code may
    take as impossible (comparing the count then reads the bytes' counts themselves)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x = x + (x >> 8)
    x = x + (x >> 16)
    return (x + (x >> 32)) & 0x7F



@jitable
def open_tiles(c: Counts) -> int:
    """Mask of the tiles held fewer than 4 times."""
    mask = 0
    for t in range(N_TILE_KINDS):
        if c[t] < MAX_COPIES:
            mask |= 1 << t
    return mask



@jitable(inline="ir")
def checked_keys(c: Counts, honors: bool, jokers: int, three_player: bool) -> tuple[int, int, Keys]:
    """(row status, real tiles, suit keys) of 34 counts beside ``jokers``: the first step of
    every shanten row (the keys are computed whatever the status)."""
    over, total, _, _ = scan_row_lean(c)
    return row_status(c, total, over, EITHER, honors, jokers, three_player), total, suit_keys(c)
