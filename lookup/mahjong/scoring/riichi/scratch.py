"""The scratch array (int64) the riichi scoring steps work in, one array handed down whole: the
rows of the reading steps (:class:`..readings.ReadingRow`), then the scorer's (:class:`Row`);
the best reading is kept in the detail row (:class:`Detail`), and the one-hand kernels write it
for the query in the out row (:class:`Out`).
"""
from __future__ import annotations

from enum import IntEnum

from ...encoding import MAX_MELDS, N_TILE_KINDS
from ..readings import N_READING_ROWS
from .fu import N_REASONS


class Detail(IntEnum):
    """The best reading as ints, the items of the detail row: han (-1 no win, 0 no yaku), fu,
    payments, yakuman multiple, :class:`.fu.Level`, the yaku mask, the dora counts, the form
    (:class:`..readings.Form`), the pair (-1 none), the order key (payment without sticks, fu
    before rounding, the rank in the reference calculator's order), the melds of the concealed
    tiles (kind * 34 + tile), then the count of each fu reason (:class:`.fu.FuReason`; the base
    as its fu)."""

    HAN = 0
    FU = 1
    MAIN = 2
    ADDITIONAL = 3
    TOTAL = 4
    YAKUMAN = 5
    LEVEL = 6
    YAKU = 7
    DORA = 8
    AKA = 9
    URA = 10
    FORM = 11
    PAIR = 12
    KEY = 13
    FU_SUM = 14
    ORDER = 15
    N_MELDS = 16
    MELDS = 17
    REASONS = 17 + MAX_MELDS


DETAIL_SIZE = Detail.REASONS + N_REASONS


class Out(IntEnum):
    """The items of the out row: han, fu, payments, yakuman multiple and level as in the
    detail row, the form, the keys of the yaku, dora and fu (:mod:`.text`), how many tiles
    follow, then the reading's tiles (standard: the pair, then each meld's rank ``2 * tile +
    (pong)`` in order; seven pairs: the pairs' tiles; thirteen orphans: the pair)."""

    HAN = 0
    FU = 1
    MAIN = 2
    ADDITIONAL = 3
    TOTAL = 4
    YAKUMAN = 5
    LEVEL = 6
    FORM = 7
    YAKU_KEY = 8
    DORA_KEY = 9
    FU_KEY = 10
    N_TILES = 11
    TILES = 12


OUT_SIZE = Out.TILES + 7
"""Out row items at most: a reading holds 7 tiles at most."""


class Row(IntEnum):
    """The scorer's rows after the reading steps' rows: the fu reasons of the group scored
    (``FU``), the best reading (``DETAIL``); the one-hand kernels' rows: the hand's concealed
    counts read from text (``HAND``), the situation row read from bytes (``SITUATION``), the out
    row (``OUT``)."""

    FU = N_READING_ROWS
    DETAIL = N_READING_ROWS + 1
    HAND = N_READING_ROWS + 2
    SITUATION = N_READING_ROWS + 3
    OUT = N_READING_ROWS + 4


WORK_SHAPE = (Row.OUT + 1, max(N_TILE_KINDS, DETAIL_SIZE, OUT_SIZE))
"""The shape of the scratch array."""
