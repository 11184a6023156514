"""The one-hand kernels' steps around :func:`.scorer.score_hand`: reading a hand and its melds
from tenhou text (:func:`read_text`), and writing the best reading as the keys of the
query's result in the out row (:func:`write_out`, :class:`.scratch.Out`).

Text: the hand, groups of digits each followed by its suit (``m p s`` 1..9 with ``0`` a red
five, ``z`` 1..7), then 3 bytes per meld: its kind (:class:`..readings.MeldInput`), its
(lowest) tile, and 1 + the suit of its red five (0 none); the situation as bytes
(:func:`read_situation`). Other input is left to the query's Python reading (status
:data:`NOT_READ`).

Keys: the yaku, the counted yaku mask ``| variant << N_YAKU`` (variant ``2 * open + double
yakuman``); the dora, ``dora | aka << DORA_BITS | ura << 2 * DORA_BITS``; the fu, each
:class:`.fu.FuReason`'s count ``<< REASON_BITS * reason``, the base as its fu (0: no fu).
"""

from __future__ import annotations

import numpy as np

from ....jit import OK, jitable
from ...encoding import HONOR_OFFSET, MAX_MELDS, N_SUIT_RANKS, N_TILE_KINDS, ORPHANS
from ..readings import Form, Meld, MeldInput
from .fu import FuReason
from .hand import FIVE_RANK, N_COLS, Col, Rule
from .scratch import Detail, Out, Row
from .yaku import N_YAKU

NOT_READ = 100
"""The status of text the kernel does not read."""
INDICATORS_END = 255
"""The byte after the dora indicators in the situation's bytes."""
MELD_SIZE = 3
"""Bytes per meld after the hand's text."""
DORA_BITS = 6
"""Bits of one kind's dora count in the dora key (5 indicators of 4 copies: 20 at most)."""
REASON_BITS = 3
"""Bits of one fu reason's count in the fu key (at most 4; the base, at most 40, on 7 bits)."""
ORPHAN_TILES = np.array(ORPHANS, np.int64)
_DIGIT_0, _DIGIT_9 = ord("0"), ord("9")
_DORA_COL, _URA_COL, _END_COL = int(Col.DORA), int(Col.URA), int(N_COLS)
_SUIT_BYTES = (ord("m"), ord("p"), ord("s"), ord("z"))


@jitable
def read_tiles(text, start: int, stop: int, counts, reds) -> int:
    """Adds the tiles of ``text[start:stop]`` to ``counts`` (34) and its red fives to ``reds``
    (3, per numbered suit); the number of tiles, or -1 when the text is not groups of digits
    each followed by its suit."""
    n = 0
    first = start
    for i in range(start, stop):
        c = text[i]
        if _DIGIT_0 <= c <= _DIGIT_9:
            continue
        suit = 0
        while suit < 4 and _SUIT_BYTES[suit] != c:
            suit += 1
        if suit == 4 or i == first:
            return -1
        for j in range(first, i):
            rank = text[j] - _DIGIT_0
            if suit == 3:
                if rank < 1 or rank > 7:
                    return -1
                counts[HONOR_OFFSET + rank - 1] += 1
            elif rank == 0:
                counts[suit * N_SUIT_RANKS + FIVE_RANK] += 1
                reds[suit] += 1
            else:
                counts[suit * N_SUIT_RANKS + rank - 1] += 1
        n += i - first
        first = i + 1
    return n if first == stop else -1


@jitable
def read_situation(data, situation) -> bool:
    """Writes the situation row (:class:`.hand.Col`) of its bytes: the columns up to the dora
    (the red fives: 1 when the win tile is a red five), the dora indicators, ``255``, the ura
    dora indicators; False when they are not (a tile past 33, more than 5 indicators)."""
    n = len(data)
    if n <= Col.DORA:
        return False
    for i in range(Col.DORA):
        situation[i] = data[i]
    situation[Col.DORA:N_COLS] = -1
    col, stop = _DORA_COL, _URA_COL
    for i in range(Col.DORA, n):
        v = data[i]
        if v == INDICATORS_END:
            if stop == N_COLS:
                return False
            col, stop = _URA_COL, _END_COL
        elif v >= N_TILE_KINDS or col == stop:
            return False
        else:
            situation[col] = v
            col += 1
    return stop == N_COLS


@jitable
def read_text(text, win_tile: int, situation, melds, work) -> tuple[int, int]:
    """(status, melds declared) of a hand's text followed by its melds' bytes: the counts into
    row ``HAND`` of ``work`` (its next 3 items: the red fives per suit), the (kind, tile) rows
    into ``melds`` (4, 2), the red fives added to ``situation[Col.AKA]`` (which holds 1 when
    the win tile is a red five). Status OK or :data:`NOT_READ` (other text, a fifth meld, two
    red fives of a suit)."""
    hand = work[Row.HAND]
    hand[:N_TILE_KINDS + 3] = 0
    reds = hand[N_TILE_KINDS:N_TILE_KINDS + 3]  # past the counts
    end = len(text)
    i = 0
    while i < end and text[i] >= _DIGIT_0:
        i += 1
    if read_tiles(text, 0, i, hand, reds) < 0 or (end - i) % MELD_SIZE or end - i > MAX_MELDS * MELD_SIZE:
        return NOT_READ, 0
    n = 0
    for j in range(i, end, MELD_SIZE):
        melds[n, 0] = text[j]
        melds[n, 1] = text[j + 1]
        if text[j + 2]:
            reds[text[j + 2] - 1] += 1
        n += 1
    if situation[Col.AKA]:
        reds[win_tile // N_SUIT_RANKS] += 1
    if reds[0] > 1 or reds[1] > 1 or reds[2] > 1:
        return NOT_READ, 0
    situation[Col.AKA] = reds[0] + reds[1] + reds[2]
    return OK, n


@jitable
def _reading_tiles(detail, hand, win_tile: int, out, at: int) -> int:
    """Writes the tiles of the kept reading (:class:`.scratch.Out`) from ``out[at]``; returns how many."""
    form = detail[Detail.FORM]
    if form == Form.STANDARD:
        out[at] = detail[Detail.PAIR]
        n = detail[Detail.N_MELDS]
        for i in range(n):  # insertion sort of the ranks
            code = detail[Detail.MELDS + i]
            rank = 2 * (code % N_TILE_KINDS) + int(code // N_TILE_KINDS == Meld.PONG)
            j = at + 1 + i
            while j > at + 1 and out[j - 1] > rank:
                out[j] = out[j - 1]
                j -= 1
            out[j] = rank
        return n + 1
    if form == Form.SEVEN_PAIRS:
        n = 0
        for t in range(N_TILE_KINDS):
            for _ in range((hand[t] + int(t == win_tile)) // 2):
                out[at + n] = t
                n += 1
        return n
    for t in ORPHAN_TILES:
        if hand[t] + int(t == win_tile) == 2:
            out[at] = t
    return 1


@jitable
def write_out(work, hand, win_tile: int, melds, n_declared: int, rules) -> None:
    """Writes the out row of the detail row's reading of ``hand`` (34 concealed counts) won on
    ``win_tile`` with the declared ``melds``: keys 0 (no yaku, dora, fu) when it has no yaku."""
    detail, out = work[Row.DETAIL], work[Row.OUT]
    for i in range(Detail.LEVEL + 1):
        out[i] = detail[i]
    out[Out.FORM] = detail[Detail.FORM]
    yaku = dora = fu = 0
    if detail[Detail.HAN] > 0:
        opened = 0
        for i in range(n_declared):
            opened |= int(melds[i, 0] != MeldInput.CONCEALED_KONG)
        yaku = detail[Detail.YAKU] | (2 * opened + int(rules[Rule.DOUBLE_YAKUMAN] != 0)) << N_YAKU
        dora = detail[Detail.DORA] | detail[Detail.AKA] << DORA_BITS | detail[Detail.URA] << 2 * DORA_BITS
        if detail[Detail.FORM] != Form.THIRTEEN_ORPHANS:
            for r in range(FuReason.BASE + 1):
                fu |= detail[Detail.REASONS + r] << REASON_BITS * r
    out[Out.YAKU_KEY] = yaku
    out[Out.DORA_KEY] = dora
    out[Out.FU_KEY] = fu
    out[Out.N_TILES] = _reading_tiles(detail, hand, win_tile, out, Out.TILES)
