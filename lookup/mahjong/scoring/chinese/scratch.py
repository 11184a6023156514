"""The scratch array (int64) the Chinese Official scoring steps work in, one array handed down
whole: the rows of the reading steps (:class:`..readings.ReadingRow`), then the scorer's
(:class:`Row`); a scored reading is kept in a detail row (:class:`Detail`).
"""
from __future__ import annotations

from enum import IntEnum

from ...encoding import MAX_MELDS
from ..readings import N_READING_ROWS
from .fans import N_FANS

MAX_TILE_HOGS = 3
MELD_SETS = 2 ** MAX_MELDS - 1
MAX_FANS_PER_MELD_SET = 4
"""A pung alone can be 箭刻, 圈风刻, 门风刻 and 幺九刻; any other set of melds finds fewer fans."""
MAX_FOUND = N_FANS + MAX_TILE_HOGS + MELD_SETS * MAX_FANS_PER_MELD_SET
"""Room for the fans found in one reading: each fan of the whole hand once (四归一 up to three
times), and the fans of each set of melds."""


class Detail(IntEnum):
    """A scored reading as ints, the items of a detail row: total, form, pair (-1 none),
    knitted set (-1 none), melds of the concealed tiles, then each as kind * 34 + tile (by
    tile, a chow first), the number of fans counted, then their indices."""

    TOTAL = 0
    FORM = 1
    PAIR = 2
    KNIT = 3
    N_MELDS = 4
    MELDS = 5
    N_FANS = 5 + MAX_MELDS
    FANS = 6 + MAX_MELDS


DETAIL_SIZE = Detail.FANS + MAX_FOUND


class Row(IntEnum):
    """The scorer's rows, after the reading steps' rows: the fans of melds found (``FAN``) and
    the melds each is found on (``WHERE``), the exclusion state (``ALIVE``, ``CHOSEN``), the
    order key's scratch (``CODES``), the tie-break state (``STATE``), and two detail rows
    from ``DETAIL``: the readings kept (the best one in row ``DETAIL`` in the end)."""

    FAN = N_READING_ROWS
    WHERE = N_READING_ROWS + 1
    ALIVE = N_READING_ROWS + 2
    CHOSEN = N_READING_ROWS + 3
    CODES = N_READING_ROWS + 4
    STATE = N_READING_ROWS + 5
    DETAIL = N_READING_ROWS + 6


WORK_SHAPE = (Row.DETAIL + 2, DETAIL_SIZE)
"""The shape of the scratch array."""
