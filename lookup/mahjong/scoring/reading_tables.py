"""The tables every scorer's kernels read to list the readings of a hand, passed by address
(:mod:`lookup.addresses`): ``wide`` the uint32 tables (split index and split start of the
numbered suits, then of the honors; the hu/ting entries of both), ``narrow`` the uint8 split
lists (flat) of both. :func:`reading_table_addresses` builds the two from a table set;
:func:`scoring_tables` turns them back into arrays inside a kernel; :func:`meld_block` reads
one hand's packed melds. Imported by kernel modules, and by the queries when they compile
(it imports Numba).
"""

from __future__ import annotations

import numpy as np

from ... import tables
from ...addresses import table_addresses, table_at
from ...jit import jitable
from ..encoding import MAX_MELDS

_WIDE = (("suit", "split_index"), ("suit", "split_start"), ("honor", "split_index"), ("honor", "split_start"),
         ("suit", "hu_ting"), ("honor", "hu_ting"))
"""The datasets of ``wide``, in order (kind, name)."""


def reading_table_addresses(t: tables.TableSet) -> tuple[np.ndarray, np.ndarray]:
    """``(wide, narrow)``: :func:`lookup.addresses.table_addresses` of the mahjong table set
    ``t``'s split and hu/ting tables, as :func:`scoring_tables` reads them."""
    wide = table_addresses([t[f"{kind}/{name}"] for kind, name in _WIDE], np.uint32)
    narrow = table_addresses([t["suit/splits"].reshape(-1), t["honor/splits"].reshape(-1)], np.uint8)
    return wide, narrow


@jitable
def scoring_tables(wide, narrow):
    """(split tables, hu/ting tables) from their addresses (:func:`reading_table_addresses`):
    the split index, split start and split list of the numbered suits then of the honors, and
    the hu/ting entries of both."""
    splits = (table_at(wide, 0, np.uint32), table_at(wide, 1, np.uint32), table_at(narrow, 0, np.uint8),
              table_at(wide, 2, np.uint32), table_at(wide, 3, np.uint32), table_at(narrow, 1, np.uint8))
    return splits, (table_at(wide, 4, np.uint32), table_at(wide, 5, np.uint32))


@jitable
def meld_block(meld_bytes):
    """The (4, 2) int8 meld rows of one hand from its 8 bytes (kind, tile per meld)."""
    melds = np.empty((MAX_MELDS, 2), np.int8)
    for i in range(MAX_MELDS):
        melds[i, 0] = meld_bytes[2 * i]
        melds[i, 1] = meld_bytes[2 * i + 1]
    return melds
