"""Per-hand hu and ting logic, written once for the scalar queries and the batch kernels.

Every function here is :func:`~lookup.jit.jitable`: plain Python that :mod:`.queries` calls
for one hand, and that the kernels of :mod:`.kernels` call from compiled code (helpers call
each other). ``c`` is any indexable of 34 tile counts (``bytes``, a list, a uint8 row);
entries are the packed per-suit values of :mod:`.encoding`.

- the hand sizes a query takes (:func:`size_ok`), and the row scan that validates a batch
  row and counts what rules out the special forms cheaply (:func:`scan_row`);
- the standard form from the four suits' hu/ting entries: :func:`size_and_class`,
  :func:`standard_hu`, :func:`standard_waits`; with jokers from the joker entries:
  :func:`joker_hu`, :func:`joker_waits`, :func:`open_ranks`;
- seven pairs and thirteen orphans: :func:`seven_pairs_hu`, :func:`seven_pairs_waits`,
  :func:`thirteen_orphans_hu`, :func:`thirteen_orphans_waits`, :func:`terminals_only`;
- both special forms at once: :func:`special_forms` (the cheap tests the row scan's counts
  allow), then :func:`special_hu`, :func:`special_waits` (the exact checks).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..jit import ERR_COPIES, ERR_HONORS, ERR_SIZE, OK, jitable
from .encoding import (
    CLASS_PAIR,
    COUNT_BASE,
    ENTRY_MELDS,
    ENTRY_PAIR,
    HONOR_OFFSET,
    HONOR_TILES,
    JOKER_PAIR_SHIFT,
    JOKER_WAIT_MELDS_SHIFT,
    JOKER_WAIT_PAIR_SHIFT,
    MAX_COPIES,
    MAX_HAND_TILES,
    N_HONOR_KINDS,
    N_SUIT_RANKS,
    N_TILE_KINDS,
    NEED_MASK,
    ORPHAN_MASK,
    ORPHANS,
    RANK_MASK,
    SUIT_OFFSETS,
    TOTAL_BITS,
    TOTAL_MASK,
    TOTAL_SHIFT,
    WAIT_MELDS_SHIFT,
    WAIT_PAIR_SHIFT,
    Counts,
    suit_keys,
)

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

@jitable(inline=True)
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


@jitable(inline=True)
def count_word(c: Counts, start: int) -> int:
    """Counts ``c[start:start + COUNT_WORD_BYTES]`` (0..255 each) as the bytes of one int,
    ``c[start]`` lowest (compiled, the eight byte reads fuse into one load)."""
    return (int(c[start]) | int(c[start + 1]) << 8 | int(c[start + 2]) << 16 | int(c[start + 3]) << 24
            | int(c[start + 4]) << 32 | int(c[start + 5]) << 40 | int(c[start + 6]) << 48
            | int(c[start + 7]) << 56)


@jitable(inline=True)
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


@jitable(inline=True)
def row_word(c: Counts, k: int) -> int:
    """Word ``k`` (0..ROW_WORDS - 1) of a row's counts (:func:`count_word`): counts 8k..8k + 7;
    the last word ends at the last count, shifted down to the counts no full word read."""
    start = min(k * COUNT_WORD_BYTES, N_TILE_KINDS - COUNT_WORD_BYTES)
    return count_word(c, start) >> (BYTE_BITS * (k * COUNT_WORD_BYTES - start))


@jitable(inline=True)
def word_over(w: int) -> int:
    """Non-zero exactly when some byte of a count word is over MAX_COPIES (5..63, or 64 and
    up); no byte carries into the next."""
    return (((w & _LOW_SIX) + _OVER_BIAS) | w | (w >> 1)) & _BIT_SIX


@jitable(inline=True)
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


@jitable(inline=True)
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
    (:func:`byte_sum`); 0..4 is all a count can be once the over test passed. (A loop over the
    34 counts, left to the vectorizer, was vectorized on an AVX-512 machine for vectors wider
    than the row and so ran one count at a time.) The sums are exact when no count is over
    MAX_COPIES (otherwise only the status is meant). Nothing here overflows an int64 (Numba's
    signed arithmetic may assume it does not), so compiled and Python runs agree on every row.
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


@jitable(inline=True)
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


@jitable(inline=True)
def lean_row(c: Counts, suit: Any, honor: Any, remainder: int, honors: bool,
             three_player: bool) -> tuple[int, int, int, int, int, int, int, int, int, int, int, int, bool]:
    """The row step the kernels without jokers share: ``(status, k0, k1, k2, k3, e0, e1, e2,
    e3, tiles, class sum, kinds of odd count, some kind held twice or more)`` of a row of 34
    counts, ``e0..e3`` its hu/ting entries (``suit``, ``honor``). The lean scan
    (:func:`scan_row_lean`) refuses a count over 4 before any read; the tile count comes from
    the entries (:func:`size_and_class`), then :func:`row_status`. Past a status other than
    OK, the other values mean nothing."""
    over, _, odd, paired = scan_row_lean(c)
    if over:
        return ERR_COPIES, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, False
    k0, k1, k2, k3 = suit_keys(c)
    e0, e1, e2, e3 = np.int64(suit[k0]), np.int64(suit[k1]), np.int64(suit[k2]), np.int64(honor[k3])
    total, classes = size_and_class(e0, e1, e2, e3)
    status = row_status(c, total, False, remainder, honors, 0, three_player)
    return status, k0, k1, k2, k3, e0, e1, e2, e3, total, classes, odd, paired


@jitable(inline=True)
def size_and_class(e0: int, e1: int, e2: int, e3: int) -> tuple[int, int]:
    """(tiles in the hand, sum of the suits' split classes) from its four hu/ting entries.

    The hand is a standard winning hand exactly when the class sum is CLASS_PAIR (1).
    """
    s = (e0 >> TOTAL_SHIFT) + (e1 >> TOTAL_SHIFT) + (e2 >> TOTAL_SHIFT) + (e3 >> TOTAL_SHIFT)
    return s & TOTAL_MASK, s >> TOTAL_BITS


@jitable(inline=True)
def standard_hu(e0: int, e1: int, e2: int, e3: int) -> bool:
    """True when every suit splits (melds only, or melds + pair) and exactly one has the pair."""
    return size_and_class(e0, e1, e2, e3)[1] == CLASS_PAIR


@jitable(inline=True)
def standard_waits(e0: int, e1: int, e2: int, e3: int) -> int:
    """Bit mask over the 34 tiles of the waits of a standard 3k+1 hand (one entry per suit).

    A suit's waits are its waits-to-pair when every other suit splits into melds only, and
    its waits-to-melds when exactly one other suit has the pair and the rest split into melds.
    """
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


@jitable(inline=True)
def melds_need(j: int) -> int:
    """Fewest jokers that complete a suit into melds only (from its joker entry)."""
    return j & NEED_MASK


@jitable(inline=True)
def pair_need(j: int) -> int:
    """Fewest jokers that complete a suit into melds plus the pair (from its joker entry)."""
    return (j >> JOKER_PAIR_SHIFT) & NEED_MASK


@jitable(inline=True)
def joker_hu(j0: int, j1: int, j2: int, j3: int, jokers: int) -> bool:
    """Standard win with ``jokers`` wildcards, from the four suits' joker entries.

    Every suit takes melds only but one, which takes the pair: the fewest jokers that needs
    is the sum of the melds-only needs plus the cheapest pair surcharge; jokers left over
    come in threes (the sizes add up) and form melds of their own.
    """
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
def joker_waits(c: Counts, j0: int, j1: int, j2: int, j3: int, jokers: int) -> int:
    """Wait mask (34 bits) of a standard 3k+1 hand ``c`` with ``jokers`` wildcards.

    A tile t of suit s (held fewer than 4 times) wins when suit s, given t, meets its need
    within the jokers the other suits leave: with the pair (others melds only) or without
    it (the pair in the cheapest other suit). Adding t changes a need by -1 (t in the
    entry's wait mask) or by +2.
    """
    entries = (j0, j1, j2, j3)
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


@jitable(inline=True)
def terminals_only(k0: int, k1: int, k2: int) -> bool:
    """True when the numbered suits (keys k0, k1, k2) hold no rank 2..8 (key digits 1..7 are 0)."""
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


SEVEN_PAIRS, THIRTEEN_ORPHANS = 1, 2
"""Bits of :func:`special_forms`."""


@jitable(inline=True)
def special_forms(total: int, tiles: int, odd: int, big: int, singles: int, k0: int, k1: int, k2: int,
                  jokers: int, seven_pairs: bool, quad_as_two_pairs: bool, thirteen_orphans: bool) -> int:
    """The special forms (SEVEN_PAIRS | THIRTEEN_ORPHANS) a hand of ``total`` tiles and
    ``jokers`` wildcards may take, from cheap counts; ``tiles`` is the size that needs: 14
    to win, 13 to wait.

    ``odd``, ``big``, ``singles`` (see :func:`scan_row`) and the numbered suits' keys rule the
    forms out before :func:`special_hu` or :func:`special_waits` check them exactly.
    """
    forms = 0
    if (seven_pairs and total + jokers == tiles and odd <= jokers + MAX_HAND_TILES - tiles
            and (quad_as_two_pairs or big == 0)):
        forms |= SEVEN_PAIRS
    if thirteen_orphans and total + jokers == tiles and singles >= total - 2 and terminals_only(k0, k1, k2):
        forms |= THIRTEEN_ORPHANS
    return forms


@jitable
def special_hu(c: Counts, forms: int, quad_as_two_pairs: bool, jokers: int) -> bool:
    """Whether the 14 tiles (``jokers`` of them wildcards) win as one of the :func:`special_forms`."""
    return ((forms & SEVEN_PAIRS != 0 and seven_pairs_hu(c, quad_as_two_pairs, jokers))
            or (forms & THIRTEEN_ORPHANS != 0 and thirteen_orphans_hu(c, jokers)))


@jitable
def special_waits(c: Counts, forms: int, quad_as_two_pairs: bool, jokers: int) -> int:
    """Wait mask of the :func:`special_forms` of 13 tiles (``jokers`` of them wildcards)."""
    mask = 0
    if forms & SEVEN_PAIRS:
        mask |= seven_pairs_waits(c, quad_as_two_pairs, jokers)
    if forms & THIRTEEN_ORPHANS:
        mask |= thirteen_orphans_waits(c, jokers)
    return mask


@jitable(inline=True)
def plain_waits(c: Counts, e0: int, e1: int, e2: int, e3: int, k0: int, k1: int, k2: int, total: int, odd: int,
                big: int, singles: int, jokers: int, with_jokers: bool, seven_pairs: bool, quad_as_two_pairs: bool,
                thirteen_orphans: bool, honors: bool) -> int:
    """Wait mask of a validated 3k+1 hand under plain rules: the standard form from its four
    entries (hu/ting entries, or joker entries when ``with_jokers``), then the special forms
    its :func:`scan_row` counts leave; no honor waits without ``honors``."""
    mask = joker_waits(c, e0, e1, e2, e3, jokers) if with_jokers else standard_waits(e0, e1, e2, e3)
    forms = special_forms(total, MAX_HAND_TILES - 1, odd, big, singles, k0, k1, k2, jokers, seven_pairs,
                          quad_as_two_pairs, thirteen_orphans)
    if forms:
        mask |= special_waits(c, forms, quad_as_two_pairs, jokers)
    return mask if honors else mask & ~HONOR_TILES
