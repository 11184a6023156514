"""Mahjong per-suit tables (Numba kernels) written to ``data/mahjong.h5``.

For the numbered suit (9 ranks, pongs and chows) and the honors (7 kinds, pongs only) and
every suit vector with counts <= 4 and total <= 14, the generator decides whether the vector
splits into melds only and whether into melds plus one pair, then derives each vector's waits:
the ranks whose addition makes it split. The tables are dense arrays indexed by the base-5
key of the suit vector (:mod:`lookup.encoding`); keys of vectors over 14 tiles hold 0.

Encoding choice: dense base-5 arrays against a minimal perfect hash (the vector's rank
among the valid vectors, computed digit by digit); ``bench/encoding.py`` measures both and
the dense array's single gather wins, so the file records ``encoding = "dense_base5"``.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
from numba import njit

from lookup.encoding import (
    COUNT_BASE, ENTRY_MELDS, ENTRY_PAIR, MAX_COPIES, MAX_HAND_TILES, N_HONOR_KINDS,
    N_SUIT_RANKS, TOTAL_SHIFT, CLASS_SHIFT, CLASS_MELDS, CLASS_PAIR, CLASS_NEITHER, WAIT_MELDS_SHIFT, WAIT_PAIR_SHIFT, n_keys,
)

from .h5io import sources_sha256, write_table_file

GAME = "mahjong"
ENCODING = "dense_base5"
SOURCES = [Path(__file__), Path(__file__).with_name("h5io.py"),
           Path(__file__).resolve().parent.parent / "lookup" / "encoding.py"]


@njit(cache=False)
def split_flags(n_ranks, chows):
    """Split flags of every suit vector, indexed by base-5 key (uint8, shape (5**n_ranks,)).

    Bit ENTRY_MELDS: the vector splits into melds only; bit ENTRY_PAIR: into melds plus
    one pair. Pongs always, chows (three consecutive ranks) when ``chows``. Vectors over
    MAX_HAND_TILES tiles get 0. Dynamic programming in increasing key order: the lowest
    nonzero rank of a melds-only vector is the start of a pong or of a chow, and a pair
    vector is a melds-only vector plus a pair; both predecessors have smaller keys.
    """
    size = COUNT_BASE ** n_ranks
    weight = np.empty(n_ranks, np.int64)
    w = 1
    for i in range(n_ranks):
        weight[i] = w
        w *= COUNT_BASE
    flags = np.zeros(size, np.uint8)
    counts = np.zeros(n_ranks, np.int64)
    for key in range(size):
        if key > 0:  # odometer increment of the base-5 digits
            i = 0
            while counts[i] == MAX_COPIES:
                counts[i] = 0
                i += 1
            counts[i] += 1
        total = 0
        for i in range(n_ranks):
            total += counts[i]
        if total > MAX_HAND_TILES:
            continue
        if total % 3 == 0:
            if total == 0:
                flags[key] = ENTRY_MELDS
                continue
            low = 0
            while counts[low] == 0:
                low += 1
            ok = counts[low] >= 3 and (flags[key - 3 * weight[low]] & ENTRY_MELDS) != 0
            if not ok and chows and low + 2 < n_ranks and counts[low + 1] > 0 and counts[low + 2] > 0:
                rest = key - weight[low] - weight[low + 1] - weight[low + 2]
                ok = (flags[rest] & ENTRY_MELDS) != 0
            if ok:
                flags[key] = ENTRY_MELDS
        elif total % 3 == 2:
            for i in range(n_ranks):
                if counts[i] >= 2 and (flags[key - 2 * weight[i]] & ENTRY_MELDS) != 0:
                    flags[key] = ENTRY_PAIR
                    break
    return flags


@njit(cache=False)
def hu_ting_entries(flags, n_ranks):
    """Packed hu/ting entries (uint32, same shape as ``flags``); layout in lookup.encoding.

    Entry = split flags | waits-to-melds << WAIT_MELDS_SHIFT | waits-to-pair << WAIT_PAIR_SHIFT
    | tile total << TOTAL_SHIFT | split class << CLASS_SHIFT, where a wait is a rank r with
    count < 4 such that vector + r has the flag. Vectors over MAX_HAND_TILES tiles get their
    total and the class CLASS_NEITHER only.
    """
    size = flags.shape[0]
    entries = np.zeros(size, np.uint32)
    counts = np.zeros(n_ranks, np.int64)
    for key in range(size):
        if key > 0:
            i = 0
            while counts[i] == MAX_COPIES:
                counts[i] = 0
                i += 1
            counts[i] += 1
        total = 0
        for i in range(n_ranks):
            total += counts[i]
        entries[key] = np.uint32((total << TOTAL_SHIFT) | (CLASS_NEITHER << CLASS_SHIFT))
        if total > MAX_HAND_TILES:
            continue
        f = flags[key]
        cls = CLASS_MELDS if f & ENTRY_MELDS else (CLASS_PAIR if f & ENTRY_PAIR else CLASS_NEITHER)
        entry = np.uint32(f) | np.uint32(total << TOTAL_SHIFT) | np.uint32(cls << CLASS_SHIFT)
        if total < MAX_HAND_TILES:
            w = 1
            for r in range(n_ranks):
                if counts[r] < MAX_COPIES:
                    f = flags[key + w]
                    if f & ENTRY_MELDS:
                        entry |= np.uint32(1 << (WAIT_MELDS_SHIFT + r))
                    if f & ENTRY_PAIR:
                        entry |= np.uint32(1 << (WAIT_PAIR_SHIFT + r))
                w *= COUNT_BASE
        entries[key] = entry
    return entries


SUIT_KINDS = {
    # name: (ranks, chows allowed, description)
    "suit": (N_SUIT_RANKS, True, "numbered suit (9 ranks; pongs and chows)"),
    "honor": (N_HONOR_KINDS, False, "honors (7 kinds; pongs only)"),
}


def build_datasets(progress=print) -> dict:
    """Compute every mahjong dataset: name -> (array, description)."""
    datasets = {}
    for name, (n_ranks, chows, what) in SUIT_KINDS.items():
        t0 = time.perf_counter()
        flags = split_flags(n_ranks, chows)
        entries = hu_ting_entries(flags, n_ranks)
        assert entries.shape == (n_keys(n_ranks),)
        datasets[f"{name}/hu_ting"] = (
            entries,
            f"hu/ting entry per {what} vector, indexed by base-5 key (digit i = count of rank i); "
            f"bit0 melds only, bit1 melds+pair, bits {WAIT_MELDS_SHIFT}.. waits to melds only, "
            f"bits {WAIT_PAIR_SHIFT}.. waits to melds+pair (all 0 over {MAX_HAND_TILES} tiles), "
            f"bits {TOTAL_SHIFT}.. the vector's tile total, bits {CLASS_SHIFT}.. split class "
            f"({CLASS_MELDS} melds only, {CLASS_PAIR} melds+pair, {CLASS_NEITHER} neither)",
        )
        n_melds = int(np.count_nonzero(entries & ENTRY_MELDS))
        n_pair = int(np.count_nonzero(entries & ENTRY_PAIR))
        progress(f"  {name}: {entries.size:,} keys, {n_melds:,} melds-only and {n_pair:,} "
                 f"melds+pair vectors ({time.perf_counter() - t0:.2f} s)")
    return datasets


def build(path: Path, progress=print) -> None:
    """Generate every mahjong table and write ``path``."""
    datasets = build_datasets(progress)
    params = {"max_copies": MAX_COPIES, "max_suit_tiles": MAX_HAND_TILES,
              "suit_ranks": N_SUIT_RANKS, "honor_kinds": N_HONOR_KINDS,
              "key": "base-5 counts, digit i = count of rank i"}
    write_table_file(path, GAME, datasets, params, ENCODING, sources_sha256(SOURCES))
